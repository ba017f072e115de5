// On every page of the app, a signed-in player's games under way (event-stream.ts) as notices
// "Your game against X has started — Play", Play opening the game in his seat (the game page
// finds the seat by his account). None for the game the page shows, nor for one the page
// offers itself (a tournament's "Your game has started"), nor for a game he has opened or
// dismissed in this browser (remembered in localStorage, for every tab).
import { onAccount } from "./account.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { AccountGames, type StartedGame } from "./event-stream.js";

const SEEN = "koma.seen-games";
/** How many opened or dismissed games are remembered. */
const SEEN_KEPT = 100;

function seenGames(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(SEEN) ?? "[]");
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function markSeen(id: string): void {
  const list = seenGames().filter((seen) => seen !== id);
  list.push(id);
  try {
    localStorage.setItem(SEEN, JSON.stringify(list.slice(-SEEN_KEPT)));
  } catch {
    // No storage here: the notice comes back on the next page.
  }
}

/** The game the page shows (`/#game=ID`), if any. */
function shownGame(): string | null {
  if (location.pathname !== "/") return null;
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  return params.has("review") ? null : params.get("game");
}

/** The game the page offers with a notice of its own, if any. */
let offered: string | null = null;
/** Draws the notices again (set once they start). */
let redraw = (): void => {};

/** The page offers game `id` with a notice of its own (null: none): no second notice for it. */
export function pageOffersGame(id: string | null): void {
  if (offered === id) return;
  offered = id;
  redraw();
}

/** Starts the notices: a box under the top bar, filled while an account is logged in. */
export function startGameNotices(): void {
  const box = h("div", { id: "game-notices", class: "game-notices", role: "status", "aria-live": "polite" });
  document.querySelector("header.top-bar")?.after(box);
  const shown = new Map<string, HTMLElement>();
  let games: StartedGame[] = [];
  const notice = (g: StartedGame) => {
    const dismiss = () => {
      markSeen(g.id);
      render();
    };
    return h(
      "p",
      { class: "notice game-notice", "data-game": g.id },
      h("span", {}, t("game-notice-started", { opponent: g.opponent })),
      " ",
      h("a", { href: `/#game=${encodeURIComponent(g.id)}`, class: "button primary small play", onclick: () => markSeen(g.id) }, t("game-notice-play")),
      h("button", { type: "button", class: "small dismiss", title: t("game-notice-dismiss"), "aria-label": t("game-notice-dismiss"), onclick: dismiss }, "×"),
    );
  };
  const render = () => {
    const hidden = new Set(seenGames());
    const here = shownGame();
    const wanted = games.filter((g) => g.id !== here && g.id !== offered && !hidden.has(g.id));
    // Every game the stream told of, shown or not (for the browser test to know it arrived).
    box.dataset.known = games.map((g) => g.id).join(" ");
    // Notices already shown stay as they are (a click on one is not lost to a redraw).
    for (const id of [...shown.keys()]) if (!wanted.some((g) => g.id === id)) shown.delete(id);
    box.replaceChildren(...wanted.map((g) => shown.get(g.id) ?? shown.set(g.id, notice(g)).get(g.id)!));
  };
  redraw = render;
  const stream = new AccountGames((list) => {
    games = list;
    render();
  });
  const visit = () => {
    const here = shownGame();
    if (here) markSeen(here);
    render();
  };
  onAccount((account) => stream.follow(account?.id ?? null));
  window.addEventListener("hashchange", visit);
  window.addEventListener("storage", (e) => {
    if (e.key === SEEN) render();
  });
  visit();
}
