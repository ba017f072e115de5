// Words for the state of a game: whose turn, and how it ended.
import type { GameState, OutcomeView } from "./api.js";
import { colorMark, colorName } from "./pieces.js";
import type { Color } from "./sfen.js";
import { other } from "./sfen.js";

const REASONS: Record<string, string> = {
  checkmate: "checkmate (詰み)",
  "no-moves": "no legal move",
  resignation: "resignation (投了)",
  "illegal-move": "an illegal move (反則)",
  "time-forfeit": "time (時間切れ)",
  sennichite: "sennichite (千日手)",
  "perpetual-check": "perpetual check (連続王手の千日手)",
  repetition: "repetition",
  declaration: "entering-king declaration (入玉宣言)",
  "failed-declaration": "a failed declaration",
  impasse: "impasse (持将棋)",
  try: "try (トライ)",
  "royal-captured": "taking the lion (ライオンを取る)",
  "max-moves": "the move limit",
  abandoned: "abandonment",
  agreement: "agreement",
};

/**
 * "☗ Sente wins by resignation (投了). Gote resigned.": how the page words every result (the
 * game screen, the list of games, the record, the replay), from the winner and the reason;
 * `short` leaves out the sentence about the loser. The server's `result` string is winner
 * first (`gote resignation` is gote's win) and is not for people.
 */
export function endingText(o: OutcomeView, short = false): string {
  // An aborted game (nobody took the invitation or moved first in time) has no winner.
  if (o.reason === "aborted") return o.result.includes("invitation") ? "Aborted: the invitation was not taken in time." : "Aborted: no first move in time.";
  const why = REASONS[o.reason] ?? o.reason;
  if (!o.winner) return `Draw by ${why}.`;
  const loser: Color = other(o.winner);
  const detail =
    short ? "" : o.reason === "resignation" ? ` ${colorName(loser)} resigned.` : o.reason === "time-forfeit" ? ` ${colorName(loser)} ran out of time.` : "";
  return `${colorMark(o.winner)} ${colorName(o.winner)} wins by ${why}.${detail}`;
}

/** The status line: the ending, or who is to move. */
export function statusText(state: GameState, seat: Color | null): string {
  if (state.outcome) return `Game over: ${endingText(state.outcome)}`;
  if (!state.started) return seat ? "Waiting for the other player to join…" : "Waiting for the players…";
  const side = state.side_to_move;
  let text = `${colorMark(side)} ${colorName(side)} to move`;
  if (seat === side) text += ": your move";
  else if (state.engine?.seat === side) text += ": the engine is thinking…";
  if (state.in_check) text += " · 王手 check!";
  return text;
}
