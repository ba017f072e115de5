// The analysis board's moves: once the reader stays on a position a moment, the server is
// asked which moves it allows (either side's, the one to move); with them a piece can be
// moved there, and the move played makes a variation.
import { api } from "./api.js";
import type { Viewer } from "./viewer.js";

/** Keeps `viewer.explore` on the position shown while `allowed()`; answers a function that
 *  asks again (when what is allowed changed). */
export function exploreMoves(viewer: Viewer, allowed: () => boolean = () => true): () => void {
  let asking = 0;
  let settle: number | undefined;
  const explore = () => {
    viewer.explore = null;
    window.clearTimeout(settle);
    const ply = viewer.ply;
    const ask = ++asking;
    if (!allowed()) {
      viewer.draw();
      return;
    }
    settle = window.setTimeout(() => {
      // The position itself: its moves do not depend on how it was reached.
      api.line(viewer.line.variant, viewer.sfenAt(ply), []).then(
        (state) => {
          if (ask !== asking || viewer.ply !== ply) return;
          viewer.explore = { ply, legal: state.legal, mover: state.side };
          viewer.draw();
        },
        () => undefined,
      );
    }, 150);
  };
  viewer.onPly(explore);
  return explore;
}
