// Words for the state of a game: whose turn, and how it ended.
import type { GameState, OutcomeView } from "./api.js";
import { t, type Args } from "./i18n.js";
import { colorMark } from "./pieces.js";
import type { Color } from "./sfen.js";
import { other } from "./sfen.js";

/**
 * An ending as a message's kind (`game-ending-KIND`) and its arguments: the winner's side and
 * mark, the loser's side and the server's reason code (`resignation`, `checkmate`...), which
 * the catalog's `game-reason` words. `short` leaves out the sentence about the loser.
 */
function ending(o: OutcomeView, short: boolean): { kind: string; args: Args } {
  // An aborted game (nobody took the invitation or moved first in time) has no winner.
  if (o.reason === "aborted") return { kind: o.result.includes("invitation") ? "aborted-invitation" : "aborted-no-move", args: {} };
  if (!o.winner) return { kind: "draw", args: { reason: o.reason } };
  const loser: Color = other(o.winner);
  const kind = short ? "win" : o.reason === "resignation" ? "resigned" : o.reason === "time-forfeit" ? "time-out" : "win";
  return { kind, args: { mark: colorMark(o.winner), winner: o.winner, loser, reason: o.reason } };
}

/**
 * "☗ Sente wins by resignation (投了). Gote resigned.": how the page words every result (the
 * game screen, the list of games, the record, the replay), from the winner and the reason;
 * `short` leaves out the sentence about the loser. The server's `result` string is winner
 * first (`gote resignation` is gote's win) and is not for people.
 */
export function endingText(o: OutcomeView, short = false): string {
  const { kind, args } = ending(o, short);
  return t(`game-ending-${kind}`, args);
}

/** The status line: the ending, or who is to move. */
export function statusText(state: GameState, seat: Color | null): string {
  if (state.outcome) {
    const { kind, args } = ending(state.outcome, false);
    return t("game-status-over", { ...args, kind });
  }
  if (!state.started) return seat ? t("game-status-waiting-opponent") : t("game-status-waiting-players");
  const side = state.side_to_move;
  const who = seat === side ? "your-move" : state.engine?.seat === side ? "engine" : "to-move";
  return t(`game-status-${who}${state.in_check ? "-check" : ""}`, { mark: colorMark(side), side });
}
