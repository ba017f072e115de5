// Chu shogi (中将棋) against the engine on its own screen (#chu): the page keeps the line of
// moves; the server says what the position allows (POST /api/chu/state) and answers with the
// engine's move (POST /api/chu/engine). Moves are entered as on every board (input.ts),
// a lion's double move by clicking its middle square, then where it goes on.
import { errorText, request } from "./api.js";
import { BoardSvg } from "./board.js";
import { clockText } from "./clock.js";
import { confirmDialog, download, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { MoveInput } from "./input.js";
import { pieceLegend } from "./legend.js";
import type { Screen } from "./screen.js";
import { type Color, parseSfen, parseUsi, type Position } from "./sfen.js";
import { settings } from "./settings.js";
import { variantInfo } from "./variants.js";

const VARIANT = "chushogi";

/** What the server says of a line. */
interface ChuState {
  start_sfen: string;
  moves: string[];
  western: string[];
  japanese: string[];
  sfen: string;
  side: Color;
  legal: string[];
  in_check: boolean;
  outcome: { winner: Color | null; reason: string } | null;
  engine_move: string | null;
  kif: string;
}

/** The ending in words: who won (or a draw), and by which rule (`reason`, picked in the message). */
function endingWords(o: NonNullable<ChuState["outcome"]>): string {
  const reason = o.reason;
  if (o.winner === "sente") return t("chu-over-sente-wins", { reason });
  if (o.winner === "gote") return t("chu-over-gote-wins", { reason });
  return t("chu-over-draw", { reason });
}

export function chuScreen(params: URLSearchParams): Screen {
  const you: Color = params.get("side") === "gote" ? "gote" : "sente";
  const start = params.get("sfen") ?? undefined;
  const movetime = Number(params.get("movetime") ?? "500");
  const board = new BoardSvg(t("chu-board-label"));
  const status = h("p", { id: "chu-status", class: "status", role: "status", "aria-live": "polite" }, t("common-loading"));
  const moveList = h("ol", { id: "chu-moves", class: "moves", translate: "no" });
  // The time each side has used (a casual game against the engine: no limit to lose on).
  const used: Record<Color, number> = { sente: 0, gote: 0 };
  let turnSince = Date.now();
  const times = h("p", { id: "chu-times", class: "chu-times", translate: "no" });
  const resign = h("button", { type: "button", id: "chu-resign", onclick: () => void resignGame() }, t("chu-resign"));
  const takeBack = h("button", { type: "button", id: "chu-takeback", onclick: () => void takeBackMove() }, t("chu-take-back"));
  const wrap = h("div", { class: "board-wrap" }, board.el);
  const el = h(
    "div",
    { class: "panel chu", id: "chu" },
    h("h2", {}, t("chu-title")),
    wrap,
    times,
    status,
    h("p", { class: "buttons" }, resign, " ", takeBack),
    h("p", { class: "hint" }, t("chu-hint")),
    moveList,
    h(
      "p",
      {},
      h("button", { type: "button", id: "chu-kif", class: "button", onclick: () => state && download("chushogi.kif", state.kif) }, t("chu-download-kif")),
      " ",
      h("a", { href: "#", class: "button" }, t("common-home")),
    ),
    pieceLegend(VARIANT),
  );
  let state: ChuState | null = null;
  let pos: Position = parseSfen(start ?? variantInfo(VARIANT).start_sfen, VARIANT);
  let busy = false;
  let gone = false;
  /** Whether the player may move now. */
  const yourTurn = () => !!state && !busy && !state.outcome && state.side === you;
  const input = new MoveInput(
    wrap,
    board,
    () => ({ pos, legal: yourTurn() ? state!.legal : [], mover: yourTurn() ? you : null, style: settings().pieceStyle }),
    (usi) => void play(usi),
    () => draw(),
  );

  function draw(): void {
    if (!state) return;
    pos = parseSfen(state.sfen, VARIANT);
    const last = state.moves.length ? parseUsi(state.moves[state.moves.length - 1]!) : null;
    board.draw({
      pos,
      bottom: you,
      style: settings().pieceStyle,
      coords: settings().coords,
      selected: input.chosenSquare(),
      dests: input.dests(),
      last: last ? { from: last.from, to: last.to } : null,
      check: null,
      dragging: input.dragging?.square ?? null,
    });
    board.el.dataset["sfen"] = state.sfen;
    board.el.dataset["plies"] = String(state.moves.length);
    // Each move in the notation chosen in the settings, its USI in data-usi.
    const texts = settings().notation === "japanese" ? state.japanese : state.western;
    moveList.replaceChildren(...state.moves.map((m, i) => h("li", { "data-usi": m, title: m }, texts[i] ?? m)));
    resign.disabled = !!state.outcome || busy;
    takeBack.disabled = busy || ownMoves() === 0;
    drawTimes();
    if (state.outcome) status.textContent = endingWords(state.outcome);
    else if (busy) status.textContent = t("chu-engine-thinking");
    else if (state.side !== you) status.textContent = t("chu-waiting");
    else status.textContent = t(state.in_check ? "chu-your-move-check" : "chu-your-move", { side: you });
  }

  /** The time used by each side, the side to move's running. */
  function drawTimes(): void {
    if (!state) return;
    const now = Date.now();
    const shown = (c: Color) => used[c] + (!state?.outcome && state?.side === c ? now - turnSince : 0);
    times.textContent = `☗ ${clockText(shown("sente"))} · ☖ ${clockText(shown("gote"))}`;
  }

  /** Counts the time of the side that was to move, and starts the next side's. */
  function turnOver(side: Color): void {
    const now = Date.now();
    used[side] += now - turnSince;
    turnSince = now;
  }

  /** How many of the line's moves are the player's. */
  function ownMoves(): number {
    if (!state) return 0;
    const first: Color = parseSfen(state.start_sfen, VARIANT).side;
    return state.moves.filter((_, i) => (i % 2 === 0) === (first === you)).length;
  }

  async function ask(path: string, line: string[], resigned?: Color): Promise<void> {
    const body: { moves: string[]; sfen?: string; movetime_ms?: number; resigned?: Color } = { moves: line };
    if (start) body.sfen = start;
    if (path.endsWith("engine")) body.movetime_ms = movetime;
    if (resigned) body.resigned = resigned;
    const before = state?.side;
    state = await request<ChuState>("POST", path, body);
    if (before && before !== state.side) turnOver(before);
  }

  /** The player resigns: the game ends, its KIF says so. */
  async function resignGame(): Promise<void> {
    if (!state || state.outcome || busy) return;
    if (!(await confirmDialog(t("chu-resign-question"), t("chu-resign")))) return;
    try {
      await ask("/api/chu/state", state.moves, you);
    } catch (e) {
      toast(errorText(e));
    }
    draw();
  }

  /** Takes back the player's last move (and the engine's reply to it): 待った, in a
   *  friendly game. A resignation is taken back the same way. */
  async function takeBackMove(): Promise<void> {
    if (!state || busy || ownMoves() === 0) return;
    const first: Color = parseSfen(state.start_sfen, VARIANT).side;
    let line = state.moves.slice();
    // Back to the player's turn, one of his moves fewer.
    do line = line.slice(0, -1);
    while (line.length > 0 && (line.length % 2 === 0) !== (first === you));
    input.reset();
    try {
      await ask("/api/chu/state", line);
    } catch (e) {
      toast(errorText(e));
    }
    turnSince = Date.now();
    draw();
  }

  async function engineTurn(): Promise<void> {
    if (!state || state.outcome || state.side === you || gone) return;
    busy = true;
    draw();
    try {
      await ask("/api/chu/engine", state.moves);
    } catch (e) {
      toast(t("chu-engine-failed", { error: errorText(e) }));
    } finally {
      busy = false;
      if (!gone) draw();
    }
  }

  async function play(usi: string): Promise<void> {
    if (!state) return;
    input.reset();
    busy = true;
    try {
      await ask("/api/chu/state", [...state.moves, usi]);
    } catch (e) {
      toast(errorText(e));
    } finally {
      busy = false;
    }
    draw();
    await engineTurn();
  }

  void (async () => {
    try {
      await ask("/api/chu/state", []);
    } catch (e) {
      status.textContent = t("chu-cannot-start", { error: errorText(e) });
      return;
    }
    draw();
    await engineTurn();
  })();

  const ticking = window.setInterval(drawTimes, 1000);

  return {
    el,
    destroy: () => {
      gone = true;
      window.clearInterval(ticking);
      input.destroy();
    },
  };
}
