// The accounts in a game: the player bars' text (name, rating with "?" while provisional,
// rank, the change after a rated game) and the handicap their ratings call for.
import type { HandicapView, PlayerView } from "./api.js";
import { h } from "./dom.js";
import { t, type Args } from "./i18n.js";

/** The name a deleted account's games show (the server's `DELETED_PLAYER`); the page shows
 *  the catalog's `profile-deleted-player` for it. */
export const DELETED_PLAYER = "deleted player";

/** The address of a player's profile (lishogi's /@/name). */
export function profileHref(name: string): string {
  return `#@/${encodeURIComponent(name)}`;
}

/** A player's name linked to the profile; a deleted account's name is not linked. */
export function playerLink(name: string, attrs: Record<string, string> = {}): HTMLElement {
  if (name === DELETED_PLAYER) return h("span", { class: "deleted-player" }, t("profile-deleted-player"));
  return h("a", { ...attrs, href: profileHref(name), class: "player-link", translate: "no" }, name);
}

/** A rating change as lishogi shows it: `+162`, `−163` (a minus sign), `±0`. */
export function diffText(diff: number): string {
  if (diff > 0) return `+${diff}`;
  if (diff < 0) return `\u2212${-diff}`;
  return "±0";
}

/**
 * A rank as the messages take it (`profile-rank-name`): the server writes `3 kyu`, `2 dan`;
 * `$unit` is `kyu` or `dan` and `$number` the number, or `$unit` is `other` and `$rank` the
 * server's text as it is.
 */
export function rankArgs(rank: string): Args {
  const m = /^(\d+) (kyu|dan)$/.exec(rank.trim());
  return m ? { unit: m[2]!, number: Number(m[1]), rank } : { unit: "other", number: 0, rank };
}

/** `Alice 1500? · 1 kyu` (`?` while provisional), and with the change after a rated game
 *  `Alice 1662? +162 · 2 dan`. */
export function ratedName(name: string, rating: number, provisional: boolean, rank: string, diff: number | null = null): string {
  const args: Args = { name, rating: `${rating}${provisional ? "?" : ""}`, ...rankArgs(rank) };
  return diff === null ? t("profile-player", args) : t("profile-player-diff", { ...args, diff: diffText(diff) });
}

/** `Alice 1500? · 1 kyu`, and after a rated game `Alice 1662? +162 · 2 dan`. */
export function playerText(p: PlayerView): string {
  return ratedName(p.name, p.rating, p.provisional, p.rank, p.diff);
}

/** The note saying which handicap the two players' ratings call for (an even game included), to a player or (`player` false) a spectator. */
export function handicapNote(s: HandicapView, player: boolean): HTMLElement {
  // $giver: the stronger player's seat; $handicap: the server's name of the handicap.
  const args: Args = { giver: s.giver ?? "", japanese: s.japanese, handicap: s.handicap };
  const text =
    s.giver === null
      ? player
        ? t("profile-handicap-even-player")
        : t("profile-handicap-even-spectator")
      : player
        ? t("profile-handicap-player", args)
        : t("profile-handicap-spectator", args);
  return h("p", { class: "notice", id: "suggested-handicap" }, text);
}
