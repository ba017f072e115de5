// The accounts in a game: the player bars' text (name, rating with "?" while provisional,
// rank, the change after a rated game) and the handicap their ratings call for.
import type { HandicapView, PlayerView } from "./api.js";
import { h } from "./dom.js";
import { colorName } from "./pieces.js";

/** The name a deleted account's games show (the server's `DELETED_PLAYER`). */
export const DELETED_PLAYER = "deleted player";

/** The address of a player's profile (lishogi's /@/name). */
export function profileHref(name: string): string {
  return `#@/${encodeURIComponent(name)}`;
}

/** A player's name linked to the profile; a deleted account's name is not linked. */
export function playerLink(name: string, attrs: Record<string, string> = {}): HTMLElement {
  if (name === DELETED_PLAYER) return h("span", { class: "deleted-player" }, name);
  return h("a", { ...attrs, href: profileHref(name), class: "player-link" }, name);
}

/** A rating change as lishogi shows it: `+162`, `−163` (a minus sign), `±0`. */
export function diffText(diff: number): string {
  if (diff > 0) return `+${diff}`;
  if (diff < 0) return `\u2212${-diff}`;
  return "±0";
}

/** `Alice 1500? · 1 kyu`, and after a rated game `Alice 1662? +162 · 2 dan`. */
export function playerText(p: PlayerView): string {
  const rating = `${p.rating}${p.provisional ? "?" : ""}`;
  const diff = p.diff === null ? "" : ` ${diffText(p.diff)}`;
  return `${p.name} ${rating}${diff} · ${p.rank}`;
}

/** The note saying which handicap the two players' ratings call for (an even game included), to a player or (`player` false) a spectator. */
export function handicapNote(s: HandicapView, player: boolean): HTMLElement {
  const whose = player ? "Your ratings call" : "The players' ratings call";
  const text =
    s.giver === null
      ? `${whose} for an even game (平手).`
      : `${whose} for a handicap: ${colorName(s.giver)} gives ${s.japanese} (${s.handicap}).`;
  return h("p", { class: "notice", id: "suggested-handicap" }, text);
}
