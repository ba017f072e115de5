// /tournaments/{id}: a tournament's public page: its settings, the standings with the event's
// tie-breaks in order, the knockout bracket or the arena's scores, every round's pairings and
// results (with links to the online games) and the players; live from the event's stream.
// The director sees the controls of director.ts on the same page.
import { afterLogIn, currentAccount } from "./account.js";
import { errorText } from "./api.js";
import { h, toast } from "./dom.js";
import { language, t } from "./i18n.js";
import { pageOffersGame } from "./notices.js";
import { directorPanel, resultCell, type DirectorPanel } from "./director.js";
import { profileHref } from "./players.js";
import type { Screen } from "./screen.js";
import {
  clockText,
  formatName,
  printHref,
  resultText,
  settingsText,
  tiebreakName,
  tNodes,
  isView,
  TournamentStream,
  tournamentApi,
  type Board,
  type Entrant,
  type RoundView,
  type TournamentView,
} from "./tournament-api.js";

/** Who is looking: a guest (null) or an account's name. */
type Viewer = string | null;

const sameName = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/** A player's name by number, as text. */
const plainName = (view: TournamentView, n: number) => view.players[n - 1]?.name ?? t("tournament-player-unknown", { number: n });

/** A player's name by number: linked to the profile when an account plays. */
function playerName(view: TournamentView, n: number | null): HTMLElement | string {
  if (n === null) return t("tournament-player-none");
  const p = view.players.find((e) => e.n === n);
  if (!p) return t("tournament-player-unknown", { number: n });
  const name = p.username
    ? h("a", { href: `/${profileHref(p.username)}`, class: "player-link", translate: "no" }, p.name)
    : h("span", { translate: "no" }, p.name);
  return h("span", { class: p.withdrawn ? "withdrawn" : null, "data-player": n }, name);
}

/** The event's tie-breaks in order (the settings', else those the standings carry). */
function tiebreakKeys(view: TournamentView): string[] {
  const chosen = view.settings?.tiebreaks ?? [];
  if (chosen.length) return chosen;
  return Object.keys(view.standings[0]?.tiebreaks ?? {});
}

/** A column's heading: its text, and whether it heads a column of numbers. */
type Heading = [text: string, num?: boolean];

/** A table in a box that scrolls sideways on a narrow screen. */
function table(id: string, head: Heading[], rows: HTMLElement[], cls = "t-table"): HTMLElement {
  const th = ([text, num]: Heading) => h("th", { class: num ? "num" : null }, text);
  return h("div", { class: "table-wrap" }, h("table", { id, class: cls }, h("thead", {}, h("tr", {}, ...head.map(th))), h("tbody", {}, ...rows)));
}

function standingsSection(view: TournamentView): HTMLElement {
  const title = h("h2", {}, t("tournament-standings-title"));
  // The server sends an error in their place when it cannot compute them.
  if (!Array.isArray(view.standings)) {
    const error = (view.standings as { error?: string } | null)?.error;
    const why = error ? t("tournament-standings-error", { error: errorText(new Error(error)) }) : t("tournament-standings-error-unknown");
    return h("section", { class: "panel", id: "standings" }, title, h("p", {}, why));
  }
  const keys = tiebreakKeys(view);
  const head: Heading[] = [
    [t("tournament-col-place"), true],
    [t("tournament-col-player")],
    [t("tournament-col-score"), true],
    ...keys.map((k): Heading => [tiebreakName(k), true]),
    [t("tournament-col-games"), true],
  ];
  const rows = view.standings.map((s) =>
    h(
      "tr",
      { "data-n": s.n },
      h("td", { class: "num place" }, String(s.place)),
      h("td", { class: "name" }, playerName(view, s.n)),
      h("td", { class: "num score" }, s.score),
      ...keys.map((k) => h("td", { class: "num tiebreak", "data-tiebreak": k }, s.tiebreaks[k] ?? "")),
      h("td", { class: "num games" }, String(s.games)),
    ),
  );
  return h(
    "section",
    { class: "panel", id: "standings" },
    title,
    view.standings.length ? table("standings-table", head, rows, "t-table standings") : h("p", {}, t("tournament-standings-empty")),
  );
}

function bracketSection(view: TournamentView): HTMLElement | null {
  if (!view.knockout) return null;
  const rounds = view.knockout.bracket;
  const title = (i: number) => {
    const left = rounds.length - i;
    return left === 1
      ? t("tournament-bracket-final")
      : left === 2
        ? t("tournament-bracket-semi-finals")
        : left === 3
          ? t("tournament-bracket-quarter-finals")
          : t("tournament-bracket-round", { number: i + 1 });
  };
  const side = (n: number | null, winner: number | null) =>
    h("div", { class: `side${winner !== null && n === winner ? " winner" : ""}`, "data-n": n ?? "" }, playerName(view, n));
  return h(
    "section",
    { class: "panel", id: "bracket" },
    h("h2", {}, t("tournament-bracket-title")),
    h(
      "div",
      { class: "bracket" },
      ...rounds.map((matches, i) =>
        h(
          "div",
          { class: "bracket-round", "data-round": i + 1 },
          h("h3", {}, title(i)),
          h("div", { class: "matches" }, ...matches.map((m) => h("div", { class: "match" }, side(m.a, m.winner), side(m.b, m.winner)))),
        ),
      ),
    ),
  );
}

function arenaSection(view: TournamentView, me: Entrant | undefined, accept: (answer: unknown) => void): HTMLElement | null {
  if (!view.arena) return null;
  const scores = [...view.arena.scores].sort((a, b) => b.score - a.score);
  const left = Math.max(0, Math.round((view.arena.ends_at - Date.now()) / 60000));
  const playing = view.arena.games.filter((g) => g.result === null && g.game !== null);
  // The player's own game, before berserk: a button to halve the clock (the server refuses
  // it after the player's first move).
  const mine = me ? playing.find((g) => g.sente === me.n || g.gote === me.n) : undefined;
  const berserked = mine && me ? (mine.sente === me.n ? mine.sente_berserk : mine.gote_berserk) : true;
  let berserk: HTMLElement | null = null;
  if (mine?.game && view.arena.berserk && !berserked) {
    const game = mine.game;
    const button = h("button", { type: "button", id: "berserk", class: "primary" }, t("tournament-berserk"));
    button.addEventListener("click", () => {
      button.disabled = true;
      tournamentApi
        .berserk(view.id, game)
        .then(accept)
        .catch((e: unknown) => toast(t("tournament-berserk-failed", { error: errorText(e) })))
        .finally(() => (button.disabled = false));
    });
    berserk = h("p", {}, button, " ", h("a", { href: `/#game=${encodeURIComponent(game)}`, class: "game-link" }, t("tournament-arena-your-game")));
  }
  return h(
    "section",
    { class: "panel", id: "arena" },
    h("h2", {}, t("tournament-arena-title")),
    h("p", { class: "hint" }, view.status === "finished" ? t("tournament-arena-finished") : t("tournament-arena-ends", { minutes: left })),
    berserk,
    table(
      "arena-table",
      [[t("tournament-col-place"), true], [t("tournament-col-player")], [t("tournament-col-score"), true], [t("tournament-col-games"), true]],
      scores.map((s, i) =>
        h(
          "tr",
          { "data-n": s.n },
          h("td", { class: "num" }, String(i + 1)),
          h("td", {}, playerName(view, s.n), s.streak ? " " : "", s.streak ? h("span", { class: "streak" }, t("tournament-arena-streak")) : ""),
          h("td", { class: "num" }, String(s.score)),
          h("td", { class: "num" }, String(s.games)),
        ),
      ),
    ),
    playing.length
      ? h(
          "p",
          { class: "hint" },
          ...tNodes("tournament-arena-playing", {
            games: h(
              "span",
              {},
              ...playing.flatMap((g) => [
                h("a", { href: `/#game=${encodeURIComponent(g.game ?? "")}`, class: "game-link" }, t("tournament-arena-game", { sente: plainName(view, g.sente), gote: plainName(view, g.gote) })),
                " ",
              ]),
            ),
          }),
        )
      : null,
  );
}

/** The game under way of player `me` (his number), if one is: in a round or the arena. */
function gameOf(view: TournamentView, me: number | null): string | null {
  if (me === null) return null;
  const boards = [...view.rounds.flatMap((r) => r.boards), ...(view.arena?.games ?? [])];
  return boards.find((b) => b.result === null && b.game !== null && (b.sente === me || b.gote === me))?.game ?? null;
}

function boardRow(view: TournamentView, round: RoundView, b: Board, director: DirectorPanel | null, me: number | null): HTMLElement {
  // The player's own game opens his seat (the game page finds it by his account).
  const own = me !== null && (b.sente === me || b.gote === me) && b.result === null;
  const game = b.game
    ? h("a", { href: `/#game=${encodeURIComponent(b.game)}`, class: own ? "game-link button primary play" : "game-link" }, own ? t("tournament-play-your-game") : b.result ? t("tournament-replay") : t("tournament-watch"))
    : "";
  const result = director ? resultCell(director, round.number, b) : h("span", {}, resultText(b.result));
  return h(
    "tr",
    { "data-board": b.board },
    h("td", { class: "num" }, String(b.board)),
    h("td", { class: "sente" }, playerName(view, b.sente)),
    h("td", { class: "gote" }, playerName(view, b.gote)),
    h("td", { class: "result", "data-result": b.result ?? "" }, result),
    h("td", { class: "links" }, game, b.handicap ? " " : "", b.handicap ? h("span", { class: "hint", translate: "no" }, b.handicap) : ""),
  );
}

function roundsSection(view: TournamentView, open: Set<number>, director: DirectorPanel | null, me: number | null): HTMLElement {
  const last = view.rounds.length;
  const rounds = [...view.rounds].reverse().map((r) => {
    const details = h(
      "details",
      { class: "round", "data-round": r.number, open: open.has(r.number) || (r.number === last && !open.has(-r.number)) },
      h(
        "summary",
        {},
        t("tournament-round-title", { number: r.number }),
        " ",
        h("span", { class: "hint" }, t("tournament-round-progress", { done: r.boards.filter((b) => b.result !== null).length, total: r.boards.length })),
      ),
      table(
        `round-${r.number}`,
        [[t("tournament-col-board"), true], [t("tournament-col-sente")], [t("tournament-col-gote")], [t("tournament-col-result")], [""]],
        r.boards.map((b) => boardRow(view, r, b, director, me)),
        "t-table pairings",
      ),
      r.bye !== null ? h("p", { class: "bye" }, ...tNodes("tournament-round-bye", { player: h("span", {}, playerName(view, r.bye)) })) : null,
      h("p", {}, h("a", { href: printHref(view.id, r.number), class: "print-link", target: "_blank" }, t("tournament-print-link"))),
    );
    // Remember what the reader opened or closed across the live updates (not the toggle
    // event that the initial state fires).
    let shown = details.open;
    details.addEventListener("toggle", () => {
      if (details.open === shown) return;
      shown = details.open;
      open.delete(r.number);
      open.delete(-r.number);
      open.add(details.open ? r.number : -r.number);
    });
    return details;
  });
  return h("section", { class: "panel", id: "rounds" }, h("h2", {}, t("tournament-rounds-title")), ...(rounds.length ? rounds : [h("p", {}, t("tournament-rounds-empty"))]));
}

function playersSection(view: TournamentView): HTMLElement {
  const mcmahon = view.format === "mcmahon";
  const head: Heading[] = [
    [t("tournament-col-number"), true],
    [t("tournament-col-player")],
    [t("tournament-col-rating"), true],
    ...(mcmahon ? [[t("tournament-col-start"), true] as Heading] : []),
    [""],
  ];
  const rows = view.players.map((p: Entrant) =>
    h(
      "tr",
      { "data-n": p.n },
      h("td", { class: "num" }, String(p.n)),
      h("td", {}, playerName(view, p.n)),
      h("td", { class: "num" }, String(p.rating)),
      ...(mcmahon ? [h("td", { class: "num" }, (p.start_score / 2).toString())] : []),
      h("td", {}, p.withdrawn ? t("tournament-player-withdrawn") : ""),
    ),
  );
  const invited = view.invited ?? [];
  return h(
    "section",
    { class: "panel", id: "players" },
    h("h2", {}, t("tournament-players-title", { count: view.players.length })),
    rows.length ? table("players-table", head, rows) : h("p", {}, t("tournament-players-empty")),
    invited.length
      ? h("p", { id: "invited", class: "hint" }, ...tNodes("tournament-players-invited", { names: h("span", { translate: "no" }, invited.map((p) => p.name).join(", ")) }))
      : null,
  );
}

function infoSection(view: TournamentView, viewer: Viewer, live: HTMLElement, accept: (answer: unknown) => void): HTMLElement {
  const isArena = view.format === "arena";
  const underWay = isArena ? t("tournament-status-under-way") : t("tournament-status-round", { round: view.rounds.length, planned: view.rounds_planned });
  const status = { entries: t("tournament-status-entries"), running: underWay, finished: t("tournament-status-finished") }[view.status] ?? view.status;
  const settings = [
    formatName(view.format),
    view.format === "swiss" || view.format === "mcmahon" ? t("tournament-info-rounds", { count: view.rounds_planned }) : null,
    clockText(view.clock),
    view.online ? t("tournament-info-online") : t("tournament-info-over-the-board"),
    view.settings?.rated ? t("tournament-info-rated") : t("tournament-info-unrated"),
    isArena ? null : view.settings?.colours === "balanced" ? t("tournament-info-balanced") : t("tournament-info-furigoma"),
    view.settings?.handicap_by_rating ? t("tournament-info-handicap") : null,
  ].filter((part) => part !== null);
  const me = viewer === null ? undefined : view.players.find((p) => sameName(p.username, viewer));
  // `failed`: the message of a refusal, with the server's reason as `$error`.
  const act = (what: () => Promise<unknown>, button: HTMLButtonElement, failed: string) => {
    button.disabled = true;
    what()
      .then(accept)
      .catch((e: unknown) => toast(t(failed, { error: errorText(e) })))
      .finally(() => (button.disabled = false));
  };
  // Swiss and McMahon take late entries until the last round; an arena until its end.
  const swiss = view.format === "swiss" || view.format === "mcmahon";
  const running = view.status === "running";
  const lateEntry = view.status === "entries" || (running && swiss && view.rounds.length < view.rounds_planned) || (running && view.format === "arena");
  // A director's entry of one's account is an invitation: one is entered only by accepting.
  const invited = viewer !== null && (view.invited ?? []).some((p) => sameName(p.username, viewer));
  const join = h("button", { type: "button", id: "join", class: "primary" }, invited ? t("tournament-accept-invitation") : t("tournament-join"));
  // The country FESA's results file names a player new to its list by (optional).
  const country = h("input", { id: "join-nationality", maxlength: "2", size: "3", placeholder: t("tournament-join-country-placeholder"), autocomplete: "country", "aria-label": t("tournament-join-country-label") });
  const joinWithCountry = h("span", { class: "row" }, join, h("label", { class: "hint" }, ...tNodes("tournament-join-country", { input: country })));
  join.addEventListener("click", () => act(() => tournamentApi.join(view.id, country.value), join, "tournament-join-failed"));
  const decline = h("button", { type: "button", id: "decline" }, t("tournament-decline"));
  decline.addEventListener("click", () => act(() => tournamentApi.withdraw(view.id), decline, "tournament-decline-failed"));
  const leave = h("button", { type: "button", id: "withdraw-self" }, t("tournament-withdraw"));
  leave.addEventListener("click", () => act(() => tournamentApi.withdraw(view.id), leave, "tournament-withdraw-failed"));
  const buttons = [
    viewer !== null && view.online && !me && lateEntry ? (invited ? join : joinWithCountry) : null,
    invited && !me ? decline : null,
    me && !me.withdrawn && view.status !== "finished" ? leave : null,
    viewer === null && view.online && lateEntry ? h("a", { href: "/#login", id: "login-to-join", class: "button", onclick: () => afterLogIn(location.pathname) }, t("tournament-log-in-to-join")) : null,
  ];
  const exports = (["crosstable.html", "crosstable.csv", "fesa.txt", "elo.csv"] as const).map((f) => h("a", { href: f === "crosstable.html" ? `${tournamentApi.exportUrl(view.id, f)}?lang=${language()}` : tournamentApi.exportUrl(view.id, f), class: "export", translate: "no" }, f));
  return h(
    "section",
    { class: "panel", id: "t-info" },
    h("div", { class: "panel-head" }, h("h2", { id: "t-title", translate: "no" }, view.name), live),
    h("p", {}, settingsText(settings)),
    h(
      "p",
      {},
      ...tNodes("tournament-info-director", {
        status: h("strong", { id: "t-status", "data-status": view.status }, status),
        director: h("a", { href: `/${profileHref(view.director)}`, translate: "no" }, view.director),
      }),
    ),
    yourGame(view, me?.n ?? null),
    h(
      "div",
      { class: "row" },
      ...buttons,
      isArena ? null : h("span", { class: "hint" }, ...tNodes("tournament-export", { files: h("span", {}, ...exports.flatMap((a) => [a, " "])) })),
    ),
  );
}

/** The notice of the player's game under way, with the way to it. */
function yourGame(view: TournamentView, me: number | null): HTMLElement | null {
  const game = gameOf(view, me);
  if (game === null) return null;
  return h(
    "p",
    { class: "notice", id: "your-game" },
    t("tournament-your-game-started"),
    " ",
    h("a", { href: `/#game=${encodeURIComponent(game)}`, class: "button primary play" }, t("tournament-your-game-play")),
  );
}

/** The /tournaments/{id} screen. */
export function tournamentScreen(id: string): Screen {
  const el = h("div", { class: "tournament" }, h("p", { class: "panel" }, t("tournament-loading")));
  const live = h("span", { class: "connection", id: "t-live" }, t("tournament-connecting"));
  const open = new Set<number>();
  let viewer: Viewer = null;
  let director: DirectorPanel | null = null;
  let latest: TournamentView | null = null;
  let streaming = false;
  // What a call answered: the new view, or else the page reads it again. While the stream is
  // up it brings the change itself, and an answer read after later pushes would be older
  // than them: then the answer is not shown.
  const accept = (answer: unknown) => {
    if (streaming) return;
    if (isView(answer)) render(answer);
    else tournamentApi.view(id).then(render).catch((e: unknown) => toast(t("tournament-read-failed", { error: errorText(e) })));
  };
  const render = (view: TournamentView) => {
    latest = view;
    document.title = t("tournament-page-title", { name: view.name });
    if (director === null && sameName(view.director, viewer)) director = directorPanel(view, accept);
    director?.update(view);
    // The viewer's entry, if he plays in it.
    const mine = viewer === null ? undefined : view.players.find((p) => sameName(p.username, viewer));
    const sections = [
      infoSection(view, viewer, live, accept),
      director?.el ?? null,
      // An arena's panel ranks its players itself.
      view.format === "arena" ? null : standingsSection(view),
      bracketSection(view),
      arenaSection(view, mine, accept),
      view.format === "arena" ? null : roundsSection(view, open, director, mine?.n ?? null),
      playersSection(view),
    ].filter((s): s is HTMLElement => s !== null);
    // The director's panel is moved, not rebuilt: what he is typing stays.
    el.replaceChildren(...sections);
    // The page's own notice of the viewer's game stands for the site's.
    pageOffersGame(gameOf(view, mine?.n ?? null));
  };
  let stream: TournamentStream | null = null;
  let destroyed = false;
  void currentAccount()
    .catch(() => null)
    .then((account) => {
      if (destroyed) return;
      viewer = account?.username ?? null;
      stream = new TournamentStream(id, render, (up) => {
        streaming = up;
        live.textContent = up ? t("tournament-live") : t("tournament-reconnecting");
        live.classList.toggle("down", !up);
        // Without the stream, show what the API says now.
        if (!up && latest === null) {
          tournamentApi
            .view(id)
            .then(render)
            .catch((e: unknown) => el.replaceChildren(h("p", { class: "panel message" }, t("tournament-show-failed", { error: errorText(e) }))));
        }
      });
    });
  return {
    el,
    destroy: () => {
      document.title = t("page-title");
      destroyed = true;
      pageOffersGame(null);
      stream?.close();
    },
  };
}
