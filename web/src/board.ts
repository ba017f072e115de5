// The board in SVG: squares (each `data-square` with its USI name), pieces, marks, coordinates.
import { s } from "./dom.js";
import { t } from "./i18n.js";
import { pieceName } from "./pieces.js";
import type { Color, Position } from "./sfen.js";
import { squareName } from "./sfen.js";
import { pieceOf, variantName } from "./variants.js";
import type { Coords, PieceStyle } from "./settings.js";
import { pieceGraphic, SQ_H, SQ_W } from "./wedge.js";

/** A piece's name for its square's hover text: its name, then its kanji (`lion 獅`). */
function pieceTitle(variant: string, kind: string): string {
  const p = pieceOf(variant, kind);
  if (!p) return pieceName(variant, kind);
  return t("game-piece-title", { piece: pieceName(variant, kind), kanji: p.kanji });
}

export interface BoardView {
  pos: Position;
  /** The side whose pieces stand upright at the bottom. */
  bottom: Color;
  style: PieceStyle;
  coords: Coords;
  selected: string | null;
  /** The premove waiting for the opponent's move (a drop: `from` null). */
  premove?: { from: string | null; to: string } | null;
  dests: Set<string>;
  last: { from: string | null; to: string } | null;
  /** The square of a king in check. */
  check: string | null;
  /** The square whose piece is being dragged (drawn faded). */
  dragging: string | null;
  /** The keyboard cursor's square, while the board has the focus. */
  cursor?: string | null;
  /** Moves drawn as arrows (a drop: a ring on its square), e.g. the review's best move. */
  arrows?: readonly Arrow[];
}

/** A move drawn on the board: `from` null for a drop. */
export interface Arrow {
  from: string | null;
  to: string;
  /** What it shows (its class `arrow-KIND`): the engine's best move, or a mark drawn by
   *  someone (an arrow, or a circle where `from` is `to`). */
  kind: "best" | "mark";
}

const TOP = 28;
const RIGHT = 28;
const LEFT = 8;
const BOTTOM = 8;
const FULL_DIGITS = ["１", "２", "３", "４", "５", "６", "７", "８", "９", "10", "11", "12"];
const KANJI_DIGITS = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"];

export class BoardSvg {
  readonly el: SVGSVGElement;
  private files = 0;
  private ranks = 0;

  constructor(label: string) {
    this.el = s("svg", { class: "board", role: "group", "aria-label": label });
  }

  /** The column and row (from the top left) of a square as drawn. */
  cell(file: number, rank: number, bottom: Color): [number, number] {
    const [nf, nr] = [this.files, this.ranks];
    return bottom === "sente" ? [nf - file, rank - 1] : [file - 1, nr - rank];
  }

  draw(v: BoardView): void {
    const { files, ranks } = v.pos;
    this.files = files;
    this.ranks = ranks;
    const width = LEFT + files * SQ_W + RIGHT;
    const height = TOP + ranks * SQ_H + BOTTOM;
    const el = this.el;
    el.setAttribute("viewBox", `0 0 ${width} ${height}`);
    // The board's width over its height (3x4 is not square), for the stylesheet's size limit;
    // set through the DOM, which the Content-Security-Policy allows, not a style attribute.
    el.style.setProperty("--board-aspect", (width / height).toFixed(3));
    el.replaceChildren(s("title", {}, t("game-board-title", { variant: variantName(v.pos.variant), bottom: v.bottom })));
    el.append(s("rect", { x: 0, y: 0, width, height, class: "board-frame" }));
    el.append(s("rect", { x: LEFT, y: TOP, width: files * SQ_W, height: ranks * SQ_H, class: "board-wood" }));
    const squares = s("g", { class: "squares" });
    const pieces = s("g", { class: "pieces", "pointer-events": "none", translate: "no" });
    const marks = s("g", { class: "marks", "pointer-events": "none" });
    for (let file = 1; file <= files; file++) {
      for (let rank = 1; rank <= ranks; rank++) {
        const sq = squareName(file, rank);
        const [col, row] = this.cell(file, rank, v.bottom);
        const x = LEFT + col * SQ_W;
        const y = TOP + row * SQ_H;
        const classes = ["square"];
        if (v.last && (v.last.to === sq || v.last.from === sq)) classes.push("last");
        if (v.selected === sq) classes.push("selected");
        if (v.premove && (v.premove.to === sq || v.premove.from === sq)) classes.push("premove");
        if (v.check === sq) classes.push("check");
        if (v.cursor === sq) classes.push("cursor");
        const piece = v.pos.board.get(sq);
        // The piece's name on hover (the pieces themselves take no pointer events).
        const title = piece ? s("title", {}, pieceTitle(v.pos.variant, piece.kind)) : null;
        squares.append(s("rect", { x, y, width: SQ_W, height: SQ_H, class: classes.join(" "), "data-square": sq }, title));
        const [cx, cy] = [x + SQ_W / 2, y + SQ_H / 2];
        if (piece) {
          const wrap = s("g", { transform: `translate(${cx},${cy})`, class: v.dragging === sq ? "dragged" : null, "data-at": sq, "data-piece": `${piece.color} ${piece.kind}` });
          wrap.append(pieceGraphic(v.pos.variant, piece, v.style, piece.color === v.bottom));
          pieces.append(wrap);
        }
        if (v.dests.has(sq)) {
          marks.append(piece ? s("circle", { cx, cy, r: SQ_W * 0.46, class: "dest capture" }) : s("circle", { cx, cy, r: SQ_W * 0.13, class: "dest" }));
        }
      }
    }
    el.append(squares);
    if (files === 9 && ranks === 9) {
      const dots = s("g", { class: "hoshi", "pointer-events": "none" });
      for (const c of [3, 6]) for (const r of [3, 6]) dots.append(s("circle", { cx: LEFT + c * SQ_W, cy: TOP + r * SQ_H, r: 3 }));
      el.append(dots);
    }
    el.append(pieces, marks, this.arrows(v), this.coordinates(v));
  }

  /** The centre of a square as drawn. */
  private centre(square: string, bottom: Color): [number, number] {
    const [col, row] = this.cell(Number(square.slice(0, -1)), square.charCodeAt(square.length - 1) - 96, bottom);
    return [LEFT + (col + 0.5) * SQ_W, TOP + (row + 0.5) * SQ_H];
  }

  /** The view's arrows: a shaft and a head for a move, a ring for a drop. */
  private arrows(v: BoardView): SVGGElement {
    const g = s("g", { class: "arrows", "pointer-events": "none" });
    for (const a of v.arrows ?? []) {
      const [x2, y2] = this.centre(a.to, v.bottom);
      const data = { class: `arrow arrow-${a.kind}`, "data-arrow": `${a.kind} ${a.from ?? "*"}${a.to}` };
      if (!a.from || a.from === a.to) {
        g.append(s("circle", { ...data, cx: x2, cy: y2, r: SQ_W * 0.4 }));
        continue;
      }
      const [x1, y1] = this.centre(a.from, v.bottom);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      const head = SQ_W * 0.42;
      const [bx, by] = [x2 - ux * head, y2 - uy * head];
      const wing = head * 0.6;
      const points = `${x2},${y2} ${bx - uy * wing},${by + ux * wing} ${bx + uy * wing},${by - ux * wing}`;
      g.append(s("g", data, s("line", { x1, y1, x2: bx, y2: by }), s("polygon", { points })));
    }
    return g;
  }

  private coordinates(v: BoardView): SVGGElement {
    const { files, ranks } = v.pos;
    const g = s("g", { class: "coords", "pointer-events": "none", translate: "no" });
    for (let i = 0; i < files; i++) {
      // Column i shows file files - i (sente at the bottom) or i + 1.
      const file = v.bottom === "sente" ? files - i : i + 1;
      const fileText = v.coords === "japanese" ? FULL_DIGITS[file - 1]! : String(file);
      g.append(s("text", { x: LEFT + (i + 0.5) * SQ_W, y: TOP / 2 + 1, "text-anchor": "middle", "dominant-baseline": "central" }, fileText));
    }
    for (let i = 0; i < ranks; i++) {
      // Row i shows rank i + 1 (sente at the bottom) or ranks - i.
      const rank = v.bottom === "sente" ? i + 1 : ranks - i;
      const rankText = v.coords === "japanese" ? KANJI_DIGITS[rank - 1]! : "abcdefghijkl"[rank - 1]!;
      // Two-character ranks (Chu's 十一, 十二) are squeezed into the margin.
      const squeeze = [...rankText].length > 1 ? { textLength: RIGHT - 4, lengthAdjust: "spacingAndGlyphs" } : {};
      g.append(s("text", { x: LEFT + files * SQ_W + RIGHT / 2, y: TOP + (i + 0.5) * SQ_H, "text-anchor": "middle", "dominant-baseline": "central", ...squeeze }, rankText));
    }
    return g;
  }

  /** The size in screen pixels of one square's width, for the dragged piece. */
  squarePixels(): number {
    const box = this.el.getBoundingClientRect();
    const width = LEFT + this.files * SQ_W + RIGHT;
    return (box.width / width) * SQ_W;
  }
}
