// What this browser remembers about its games: seat tokens, and the invitation and furigoma
// of the games it created (so the game screen can show them again after a reload).
import type { Color } from "./sfen.js";

export interface SeatMemo {
  token: string;
  seat: Color;
  invite_link?: string | null;
  furigoma?: string | null;
}

const KEY = "koma.seats";

function all(): Record<string, SeatMemo> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? "{}") as Record<string, SeatMemo>;
  } catch {
    return {};
  }
}

export function seatMemo(id: string): SeatMemo | null {
  return all()[id] ?? null;
}

export function rememberSeat(id: string, memo: SeatMemo): void {
  const seats = all();
  seats[id] = { ...seats[id], ...memo };
  // Keep the last 200 games.
  const ids = Object.keys(seats);
  for (const old of ids.slice(0, Math.max(0, ids.length - 200))) delete seats[old];
  try {
    localStorage.setItem(KEY, JSON.stringify(seats));
  } catch {
    // storage forbidden: the token stays in the address
  }
}
