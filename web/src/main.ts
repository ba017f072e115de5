// The page's entry: routes by location.hash.
//   (none)                  home: new game, recent games
//   #game=ID&token=T        play a seat (a reload reconnects)
//   #game=ID&invite=S       join: take the seat, then #game=ID&token=T
//   #game=ID                watch
//   #review[&game=ID]       import a record (or load a game) to replay and review it
//   #room=ID                the kansōsen room of a finished game (room.ts)
//   #studies #study=ID      the studies, and one study (studies.ts, study.ts)
//   #signup #login #account accounts (account.ts)
//   #lobby                  seeks, quick pairing, live games (lobby.ts)
//   #chu[&side=gote][&sfen=S] Chu shogi against the engine (chu.ts)
//   #@/NAME #player=NAME    a player's profile (profile.ts)
// and by path: /tournaments (tournaments.ts), /tournaments/ID (tournament.ts),
// /tournaments/ID/print?round=N (print.ts)
import { accountRoute, afterLogIn, refreshAccountNav } from "./account.js";
import { api, ApiError, errorText } from "./api.js";
import { chuScreen } from "./chu.js";
import { h } from "./dom.js";
import { hasMessage, loadCatalog, t } from "./i18n.js";
import { applyLooks } from "./settings.js";
import { gameScreen } from "./game.js";
import { homeScreen } from "./home.js";
import { printScreen } from "./print.js";
import { tournamentScreen } from "./tournament.js";
import { tournamentsScreen } from "./tournaments.js";
import { lobbyScreen } from "./lobby.js";
import { startGameNotices } from "./notices.js";
import { profileRoute, profileScreen } from "./profile.js";
import { recordsScreen } from "./records.js";
import { roomScreen } from "./room.js";
import { studiesScreen } from "./studies.js";
import { studyScreen } from "./study.js";
import type { Screen } from "./screen.js";
import { rememberSeat, seatMemo } from "./store.js";
import { loadVariants } from "./variants.js";

let current: Screen | null = null;

function mount(screen: Screen): void {
  current?.destroy();
  current = screen;
  document.getElementById("app")!.replaceChildren(screen.el);
  window.scrollTo(0, 0);
}

function message(text: string, ...links: HTMLElement[]): Screen {
  return { el: h("div", { class: "panel message" }, h("p", {}, text), ...links), destroy: () => undefined };
}

/** Shows the game from the seat with `token`, in place of the address that led here. */
function goToSeat(id: string, token: string): void {
  history.replaceState(null, "", `#game=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`);
  route();
}

async function join(id: string, invite: string): Promise<void> {
  const memo = seatMemo(id);
  if (memo) {
    // This browser holds a seat of the game already: its creator opening his own link, or a
    // reload of the invitation. Show that seat; joining would take (and burn) the other one.
    goToSeat(id, memo.token);
    return;
  }
  mount(message(t("common-joining")));
  try {
    const answer = await api.join(id, invite);
    rememberSeat(id, { token: answer.token, seat: answer.seat });
    goToSeat(id, answer.token);
  } catch (e) {
    if (e instanceof ApiError && e.code === "login_required") {
      // A rated game's seat needs an account: log in, then come back to the invitation.
      afterLogIn(`#game=${encodeURIComponent(id)}&invite=${encodeURIComponent(invite)}`);
      mount(message(t("common-cannot-join", { error: errorText(e) }), h("a", { href: "#login", id: "login-to-join", class: "button primary" }, t("common-log-in")), h("a", { href: "#signup", class: "button" }, t("common-sign-up"))));
      return;
    }
    mount(message(t("common-cannot-join", { error: errorText(e) }), h("a", { href: `#game=${encodeURIComponent(id)}`, class: "button" }, t("common-watch-game")), h("a", { href: "#", class: "button" }, t("common-home"))));
  }
}

/** The screen of a page addressed by its path (the tournaments), or null for `/`. */
function pathScreen(): Screen | null {
  const path = location.pathname.replace(/\/+$/, "");
  if (path === "/tournaments") return tournamentsScreen();
  const page = /^\/tournaments\/([^/]+)(\/print)?$/.exec(path);
  if (!page) return null;
  const id = decodeURIComponent(page[1]!);
  if (!page[2]) return tournamentScreen(id);
  const round = Number(new URLSearchParams(location.search).get("round"));
  return printScreen(id, Number.isInteger(round) && round > 0 ? round : null);
}

function route(): void {
  if (location.pathname !== "/") {
    // The hash addresses belong to `/`: a `#...` link followed here goes there.
    if (location.hash.length > 1) {
      location.assign(`/${location.hash}`);
      return;
    }
    const screen = pathScreen();
    if (screen) {
      mount(screen);
      return;
    }
  }
  const hash = location.hash.replace(/^#/, "");
  const params = new URLSearchParams(hash);
  const game = params.get("game");
  const account = accountRoute(hash);
  const player = profileRoute(hash);
  if (account) {
    mount(account);
  } else if (params.has("chu")) {
    mount(chuScreen(params));
  } else if (params.has("lobby")) {
    mount(lobbyScreen());
  } else if (player) {
    mount(profileScreen(player));
  } else if (params.get("room")) {
    mount(roomScreen(params.get("room")!));
  } else if (params.get("study")) {
    mount(studyScreen(params.get("study")!));
  } else if (params.has("studies")) {
    mount(studiesScreen());
  } else if (params.has("review")) {
    mount(recordsScreen(game));
  } else if (game && params.get("invite")) {
    void join(game, params.get("invite")!);
  } else if (game) {
    mount(gameScreen(game, params.get("token")));
  } else {
    mount(homeScreen());
  }
}

// The catalog, then the pieces and variants from the server's rules, before anything is drawn.
// Without a catalog the page has no words: it says so in English, the reference language.
loadCatalog()
  .then(() => {
    applyLooks();
    return loadVariants();
  })
  .then(
  () => {
    window.addEventListener("hashchange", route);
    route();
    // The notice of a game that starts, on every page: it follows the account the top bar learns.
    startGameNotices();
    void refreshAccountNav();
  },
  (e: Error) =>
    mount(
      message(
        hasMessage("common-cannot-load-variants")
          ? t("common-cannot-load-variants", { error: errorText(e) })
          : `Cannot load the variants from the server: ${e.message}`,
      ),
    ),
);

