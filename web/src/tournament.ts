// /tournaments/{id}: a tournament's public page: its settings, the standings with the event's
// tie-breaks in order, the knockout bracket or the arena's scores, every round's pairings and
// results (with links to the online games) and the players; live from the event's stream.
// The director sees the controls of director.ts on the same page.
import { afterLogIn, currentAccount } from "./account.js";
import { h, toast } from "./dom.js";
import { pageOffersGame } from "./notices.js";
import { directorPanel, resultCell, type DirectorPanel } from "./director.js";
import { profileHref } from "./players.js";
import type { Screen } from "./screen.js";
import {
  clockText,
  formatName,
  printHref,
  resultText,
  TIEBREAK_NAMES,
  isView,
  TournamentStream,
  tournamentApi,
  type Board,
  type Entrant,
  type RoundView,
  type Tiebreak,
  type TournamentView,
} from "./tournament-api.js";

/** Who is looking: a guest (null) or an account's name. */
type Viewer = string | null;

const sameName = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/** A player's name by number, as text. */
const plainName = (view: TournamentView, n: number) => view.players[n - 1]?.name ?? `#${n}`;

/** A player's name by number: linked to the profile when an account plays. */
function playerName(view: TournamentView, n: number | null): HTMLElement | string {
  if (n === null) return "—";
  const p = view.players.find((e) => e.n === n);
  if (!p) return `#${n}`;
  const name = p.username ? h("a", { href: `/${profileHref(p.username)}`, class: "player-link" }, p.name) : h("span", {}, p.name);
  return h("span", { class: p.withdrawn ? "withdrawn" : null, "data-player": n }, name);
}

/** The event's tie-breaks in order (the settings', else those the standings carry). */
function tiebreakKeys(view: TournamentView): string[] {
  const chosen = view.settings?.tiebreaks ?? [];
  if (chosen.length) return chosen;
  return Object.keys(view.standings[0]?.tiebreaks ?? {});
}

/** A table in a box that scrolls sideways on a narrow screen; a heading ending in `#` heads a column of numbers. */
function table(id: string, head: string[], rows: HTMLElement[], cls = "t-table"): HTMLElement {
  const th = (t: string) => (t.endsWith("#") ? h("th", { class: "num" }, t.slice(0, -1)) : h("th", {}, t));
  return h("div", { class: "table-wrap" }, h("table", { id, class: cls }, h("thead", {}, h("tr", {}, ...head.map(th))), h("tbody", {}, ...rows)));
}

function standingsSection(view: TournamentView): HTMLElement {
  const title = h("h2", {}, "Standings 順位");
  // The server sends an error in their place when it cannot compute them.
  if (!Array.isArray(view.standings)) return h("section", { class: "panel", id: "standings" }, title, h("p", {}, `No standings: ${(view.standings as { error?: string })?.error ?? "unknown error"}`));
  const keys = tiebreakKeys(view);
  const head = ["##", "Player", "Score#", ...keys.map((k) => `${TIEBREAK_NAMES[k as Tiebreak] ?? k}#`), "Games#"];
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
    view.standings.length ? table("standings-table", head, rows, "t-table standings") : h("p", {}, "No standings before round 1."),
  );
}

function bracketSection(view: TournamentView): HTMLElement | null {
  if (!view.knockout) return null;
  const rounds = view.knockout.bracket;
  const title = (i: number) => {
    const left = rounds.length - i;
    return left === 1 ? "Final" : left === 2 ? "Semi-finals" : left === 3 ? "Quarter-finals" : `Round ${i + 1}`;
  };
  const side = (n: number | null, winner: number | null) =>
    h("div", { class: `side${winner !== null && n === winner ? " winner" : ""}`, "data-n": n ?? "" }, playerName(view, n));
  return h(
    "section",
    { class: "panel", id: "bracket" },
    h("h2", {}, "Bracket トーナメント表"),
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
    const button = h("button", { type: "button", id: "berserk", class: "primary" }, "Berserk (half your time)");
    button.addEventListener("click", () => {
      button.disabled = true;
      tournamentApi
        .berserk(view.id, game)
        .then(accept)
        .catch((e: Error) => toast(`Cannot go berserk: ${e.message}`))
        .finally(() => (button.disabled = false));
    });
    berserk = h("p", {}, button, " ", h("a", { href: `/#game=${encodeURIComponent(game)}`, class: "game-link" }, "Your game"));
  }
  return h(
    "section",
    { class: "panel", id: "arena" },
    h("h2", {}, "Arena アリーナ"),
    h("p", { class: "hint" }, view.status === "finished" ? "Finished." : `Ends in about ${left} min.`),
    berserk,
    table(
      "arena-table",
      ["##", "Player", "Score#", "Games#"],
      scores.map((s, i) =>
        h("tr", { "data-n": s.n }, h("td", { class: "num" }, String(i + 1)), h("td", {}, playerName(view, s.n), s.streak ? " 🔥" : ""), h("td", { class: "num" }, String(s.score)), h("td", { class: "num" }, String(s.games))),
      ),
    ),
    playing.length
      ? h(
          "p",
          { class: "hint" },
          "Playing now: ",
          ...playing.flatMap((g) => [h("a", { href: `/#game=${encodeURIComponent(g.game ?? "")}`, class: "game-link" }, `${plainName(view, g.sente)} – ${plainName(view, g.gote)}`), " "]),
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
    ? h("a", { href: `/#game=${encodeURIComponent(b.game)}`, class: own ? "game-link button primary play" : "game-link" }, own ? "Play your game" : b.result ? "Replay" : "Watch")
    : "";
  const result = director ? resultCell(director, round.number, b) : h("span", {}, resultText(b.result));
  return h(
    "tr",
    { "data-board": b.board },
    h("td", { class: "num" }, String(b.board)),
    h("td", { class: "sente" }, playerName(view, b.sente)),
    h("td", { class: "gote" }, playerName(view, b.gote)),
    h("td", { class: "result", "data-result": b.result ?? "" }, result),
    h("td", { class: "links" }, game, b.handicap ? h("span", { class: "hint" }, ` ${b.handicap}`) : ""),
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
        `Round ${r.number}`,
        h("span", { class: "hint" }, ` · ${r.boards.filter((b) => b.result !== null).length}/${r.boards.length} results`),
      ),
      table(`round-${r.number}`, ["Board#", "☗ Sente", "☖ Gote", "Result", ""], r.boards.map((b) => boardRow(view, r, b, director, me)), "t-table pairings"),
      r.bye !== null ? h("p", { class: "bye" }, "Bye: ", playerName(view, r.bye)) : null,
      h("p", {}, h("a", { href: printHref(view.id, r.number), class: "print-link", target: "_blank" }, "Printable pairings")),
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
  return h("section", { class: "panel", id: "rounds" }, h("h2", {}, "Rounds 対戦表"), ...(rounds.length ? rounds : [h("p", {}, "Not paired yet.")]));
}

function playersSection(view: TournamentView): HTMLElement {
  const mcmahon = view.format === "mcmahon";
  const head = ["##", "Player", "Rating#", ...(mcmahon ? ["Start#"] : []), ""];
  const rows = view.players.map((p: Entrant) =>
    h(
      "tr",
      { "data-n": p.n },
      h("td", { class: "num" }, String(p.n)),
      h("td", {}, playerName(view, p.n)),
      h("td", { class: "num" }, String(p.rating)),
      ...(mcmahon ? [h("td", { class: "num" }, (p.start_score / 2).toString())] : []),
      h("td", {}, p.withdrawn ? "withdrawn" : ""),
    ),
  );
  const invited = view.invited ?? [];
  return h(
    "section",
    { class: "panel", id: "players" },
    h("h2", {}, `Players 参加者 (${view.players.length})`),
    rows.length ? table("players-table", head, rows) : h("p", {}, "No players yet."),
    invited.length ? h("p", { id: "invited", class: "hint" }, "Invited, not yet accepted: ", invited.map((p) => p.name).join(", ")) : null,
  );
}

function infoSection(view: TournamentView, viewer: Viewer, live: HTMLElement, accept: (answer: unknown) => void): HTMLElement {
  const isArena = view.format === "arena";
  const underWay = isArena ? "Under way" : `Round ${view.rounds.length} of ${view.rounds_planned}`;
  const status = { entries: "Entries open", running: underWay, finished: "Finished" }[view.status] ?? view.status;
  const settings = [
    formatName(view.format),
    view.format === "swiss" || view.format === "mcmahon" ? `${view.rounds_planned} rounds` : null,
    clockText(view.clock),
    view.online ? "online" : "over the board",
    view.settings?.rated ? "rated" : "unrated",
    isArena ? null : view.settings?.colours === "balanced" ? "balanced colours" : "furigoma",
    view.settings?.handicap_by_rating ? "handicap by rating" : null,
  ].filter((t) => t !== null);
  const me = viewer === null ? undefined : view.players.find((p) => sameName(p.username, viewer));
  const act = (what: () => Promise<unknown>, button: HTMLButtonElement, verb: string) => {
    button.disabled = true;
    what()
      .then(accept)
      .catch((e: Error) => toast(`Cannot ${verb}: ${e.message}`))
      .finally(() => (button.disabled = false));
  };
  // Swiss and McMahon take late entries until the last round; an arena until its end.
  const swiss = view.format === "swiss" || view.format === "mcmahon";
  const running = view.status === "running";
  const lateEntry = view.status === "entries" || (running && swiss && view.rounds.length < view.rounds_planned) || (running && view.format === "arena");
  // A director's entry of one's account is an invitation: one is entered only by accepting.
  const invited = viewer !== null && (view.invited ?? []).some((p) => sameName(p.username, viewer));
  const join = h("button", { type: "button", id: "join", class: "primary" }, invited ? "Accept the invitation" : "Join");
  // The country FESA's results file names a player new to its list by (optional).
  const country = h("input", { id: "join-nationality", maxlength: "2", size: "3", placeholder: "DE", autocomplete: "country", "aria-label": "Your country (two letters, for FESA's rating list)" });
  const joinWithCountry = h("span", { class: "row" }, join, h("label", { class: "hint" }, "Country ", country));
  join.addEventListener("click", () => act(() => tournamentApi.join(view.id, country.value), join, "join"));
  const decline = h("button", { type: "button", id: "decline" }, "Decline");
  decline.addEventListener("click", () => act(() => tournamentApi.withdraw(view.id), decline, "decline"));
  const leave = h("button", { type: "button", id: "withdraw-self" }, "Withdraw");
  leave.addEventListener("click", () => act(() => tournamentApi.withdraw(view.id), leave, "withdraw"));
  const buttons = [
    viewer !== null && view.online && !me && lateEntry ? (invited ? join : joinWithCountry) : null,
    invited && !me ? decline : null,
    me && !me.withdrawn && view.status !== "finished" ? leave : null,
    viewer === null && view.online && lateEntry ? h("a", { href: "/#login", id: "login-to-join", class: "button", onclick: () => afterLogIn(location.pathname) }, "Log in to join") : null,
  ];
  const exports = (["crosstable.html", "crosstable.csv", "fesa.txt", "elo.csv"] as const).map((f) => h("a", { href: tournamentApi.exportUrl(view.id, f), class: "export" }, f));
  return h(
    "section",
    { class: "panel", id: "t-info" },
    h("div", { class: "panel-head" }, h("h2", { id: "t-title" }, view.name), live),
    h("p", {}, settings.join(" · ")),
    h("p", {}, h("strong", { id: "t-status", "data-status": view.status }, status), ` · director `, h("a", { href: `/${profileHref(view.director)}` }, view.director)),
    yourGame(view, me?.n ?? null),
    h("div", { class: "row" }, ...buttons, isArena ? null : h("span", { class: "hint" }, "Export: ", ...exports.flatMap((a) => [a, " "]))),
  );
}

/** The notice of the player's game under way, with the way to it. */
function yourGame(view: TournamentView, me: number | null): HTMLElement | null {
  const game = gameOf(view, me);
  if (game === null) return null;
  return h(
    "p",
    { class: "notice", id: "your-game" },
    "Your game has started. ",
    h("a", { href: `/#game=${encodeURIComponent(game)}`, class: "button primary play" }, "Play your game →"),
  );
}

/** The /tournaments/{id} screen. */
export function tournamentScreen(id: string): Screen {
  const el = h("div", { class: "tournament" }, h("p", { class: "panel" }, "Loading…"));
  const live = h("span", { class: "connection", id: "t-live" }, "connecting…");
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
    else tournamentApi.view(id).then(render).catch((e: Error) => toast(`Cannot read the tournament: ${e.message}`));
  };
  const render = (view: TournamentView) => {
    latest = view;
    document.title = `${view.name} · koma`;
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
        live.textContent = up ? "live" : "reconnecting…";
        live.classList.toggle("down", !up);
        // Without the stream, show what the API says now.
        if (!up && latest === null) {
          tournamentApi
            .view(id)
            .then(render)
            .catch((e: Error) => el.replaceChildren(h("p", { class: "panel message" }, `Cannot show the tournament: ${e.message}`)));
        }
      });
    });
  return {
    el,
    destroy: () => {
      document.title = "koma · shogi";
      destroyed = true;
      pageOffersGame(null);
      stream?.close();
    },
  };
}
