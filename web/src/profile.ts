// A player's page (lishogi's /@/name): ratings per pool with rank and history plot, the game
// under way, and the player's games, paged.
//   #@/NAME   #player=NAME
import { currentAccount } from "./account.js";
import { ApiError, errorText, request, type GameSummary, type PlayerView } from "./api.js";
import { h, s } from "./dom.js";
import { endingText } from "./ending.js";
import { t, type Args } from "./i18n.js";
import { colorMark } from "./pieces.js";
import { diffText, playerLink, rankArgs } from "./players.js";
import { plotSvg, plotX, plotY, xLabel, yLabel } from "./plot.js";
import type { Screen } from "./screen.js";
import type { Color } from "./sfen.js";
import { shortName } from "./variants.js";

/** One pool's rating as the API shows it (lishogi's perf, with koma's rank). */
interface Perf { games: number; rating: number; rd: number; prog: number; prov?: boolean; rank: string; rank_ja: string }

/** A user as `GET /api/user/{name}` shows it. */
interface Profile {
  id: string;
  username: string;
  closed?: boolean;
  title?: string;
  createdAt?: number;
  perfs?: Record<string, Perf>;
  count?: { all: number; rated: number; playing: number };
}

/** One pool's history: `[year, month (0-11), day, rating]` points. */
interface Series { name: string; points: [number, number, number, number][] }

/** A game of the player's list: the list's line with each seat's account. */
interface PlayerGame extends GameSummary { rated: boolean; sente: PlayerView | null; gote: PlayerView | null }

const PER_PAGE = 20;
/** The speeds of the rating pools (lishogi's keys): standard shogi's pools are named by them. */
const SPEEDS = ["ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"];

const enc = encodeURIComponent;
const profileApi = {
  user: (name: string) => request<Profile>("GET", `/api/user/${enc(name)}`),
  history: (name: string) => request<Series[]>("GET", `/api/user/${enc(name)}/rating-history`),
  current: (name: string) => request<{ id: string }>("GET", `/api/user/${enc(name)}/current-game`),
  games: (name: string, page: number) => request<PlayerGame[]>("GET", `/api/games?player=${enc(name)}&page=${page}&per=${PER_PAGE}`),
};

/**
 * A pool's key as the messages take it (`profile-pool`): standard shogi's pools are keyed by
 * their speed (`blitz`), another variant's as `VARIANT-SPEED` (`tori-rapid`).
 */
function poolArgs(key: string): Args {
  if (SPEEDS.includes(key)) return { variant: "shogi", speed: key, pool: key };
  const m = /^(.+)-([A-Za-z]+)$/.exec(key);
  return m ? { variant: m[1]!, speed: m[2]!, pool: key } : { variant: "other", speed: "other", pool: key };
}

function poolName(key: string): string {
  return t("profile-pool", poolArgs(key));
}

/** `1662?` while provisional. */
function ratingText(p: Perf): string {
  return `${p.rating}${p.prov ? "?" : ""}`;
}

/** The plot of one pool's history: a point per day, the ratings on a scale of their own. */
function historyPlot(series: Series): SVGSVGElement {
  const plot = plotSvg(`rating-plot-${series.name}`, t("profile-plot-label", poolArgs(series.name)));
  const days = series.points.map(([y, m, d]) => Date.UTC(y, m, d) / 86_400_000);
  const ratings = series.points.map((p) => p[3]);
  const low = Math.floor((Math.min(...ratings) - 50) / 50) * 50;
  const high = Math.ceil((Math.max(...ratings) + 50) / 50) * 50;
  const first = days[0]!;
  const span = Math.max(1, days[days.length - 1]! - first);
  const x = (day: number) => plotX(series.points.length === 1 ? 0.5 : (day - first) / span);
  const y = (rating: number) => plotY((rating - low) / (high - low));
  plot.append(s("title", {}, t("profile-plot-title", poolArgs(series.name))));
  const pts = series.points.map((_, i) => `${x(days[i]!).toFixed(1)},${y(ratings[i]!).toFixed(1)}`);
  if (pts.length > 1) plot.append(s("polyline", { points: pts.join(" "), class: "plot-line" }));
  series.points.forEach(([yr, m, d, rating], i) => {
    const when = `${yr}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    plot.append(s("circle", { cx: x(days[i]!), cy: y(rating), r: 3.5, class: "plot-dot rating-point" }, s("title", {}, t("profile-plot-point", { date: when, rating: String(rating) }))));
  });
  yLabel(plot, y(high), String(high));
  yLabel(plot, y(low), String(low));
  const day = (n: number) => t("profile-plot-day", { day: new Date(n * 86_400_000) });
  xLabel(plot, x(first), day(first));
  if (days.length > 1) xLabel(plot, x(first + span), day(first + span));
  return plot;
}

function ratingsPanel(user: Profile, history: Series[]): HTMLElement {
  const played = Object.entries(user.perfs ?? {}).filter(([, p]) => p.games > 0);
  if (played.length === 0) return h("p", { id: "no-ratings" }, t("profile-no-ratings"));
  return h(
    "div",
    { class: "perfs" },
    ...played.map(([key, p]) => {
      const series = history.find((sr) => sr.name === key);
      return h(
        "section",
        { class: "perf", "data-pool": key },
        h("h3", {}, poolName(key)),
        h(
          "p",
          {},
          h("strong", { class: "rating", translate: "no" }, ratingText(p)),
          " · ",
          h("span", { class: "rank" }, t("profile-rank", { ...rankArgs(p.rank), japanese: p.rank_ja })),
          " · ",
          h("span", { class: "perf-games" }, t("profile-rated-games", { count: p.games })),
        ),
        series && series.points.length > 0 ? historyPlot(series) : null,
      );
    }),
  );
}

/** The player's seat in `g`, by account id. */
function seatOf(g: PlayerGame, id: string): Color | null {
  if (g.sente?.id === id) return "sente";
  if (g.gote?.id === id) return "gote";
  return null;
}

function gameRow(g: PlayerGame, id: string): HTMLElement {
  const seat = seatOf(g, id);
  const other: Color = seat === "gote" ? "sente" : "gote";
  const opponent = g[other];
  const gid = enc(g.id);
  // The player's result: `draw`, `win` or `loss` (a class of the cell, and its message).
  let verdict = "";
  if (g.outcome && g.outcome.reason !== "aborted") verdict = g.outcome.winner === null ? "draw" : g.outcome.winner === seat ? "win" : "loss";
  const state = g.outcome ? endingText(g.outcome, true) : g.started ? t("profile-state-in-progress") : t("profile-state-waiting");
  const mine = seat ? g[seat] : null;
  const when = t("profile-game-date", { date: new Date(g.created_ms) });
  return h(
    "tr",
    { "data-game": g.id },
    // A date alone (one DATETIME of the catalog): data in the page's language.
    h("td", { translate: "no" }, when),
    h("td", {}, seat ? colorMark(seat) : ""),
    h("td", { class: "opponent" }, opponent ? playerLink(opponent.name) : g.started ? t("profile-guest-or-engine") : "—", opponent ? h("span", { translate: "no" }, ` ${opponent.rating_before}`) : ""),
    h(
      "td",
      {},
      shortName(g.variant),
      ...(g.time_control ? [" · ", h("span", { translate: "no" }, g.time_control)] : []),
      ...(g.rated ? [" · ", t("profile-game-rated")] : []),
    ),
    h("td", { class: `verdict ${verdict}` }, verdict ? t(`profile-verdict-${verdict}`) : ""),
    h("td", { class: "state" }, state),
    h("td", { class: "diff", translate: "no" }, mine && mine.diff !== null ? diffText(mine.diff) : ""),
    h("td", { class: "links" }, h("a", { href: `#game=${gid}` }, g.outcome ? t("profile-replay") : t("profile-watch"))),
  );
}

function gamesPanel(user: Profile): HTMLElement {
  const body = h("div", { class: "games" }, h("p", {}, t("profile-loading")));
  const prev = h("button", { type: "button", id: "games-prev" }, t("profile-previous"));
  const next = h("button", { type: "button", id: "games-next" }, t("profile-next"));
  const where = h("span", { class: "page-number" });
  let page = 1;
  const load = () => {
    prev.disabled = next.disabled = true;
    profileApi
      .games(user.id, page)
      .then((list) => {
        where.textContent = t("profile-page", { page });
        prev.disabled = page === 1;
        next.disabled = list.length < PER_PAGE;
        if (list.length === 0) {
          body.replaceChildren(h("p", {}, page === 1 ? t("profile-no-games") : t("profile-no-more-games")));
          return;
        }
        body.replaceChildren(
          h(
            "table",
            { class: "games-table", id: "profile-games" },
            h("thead", {}, h("tr", {}, ...[t("profile-col-date"), t("profile-col-side"), t("profile-col-opponent"), t("profile-col-game"), t("profile-col-result"), "", "±", ""].map((label) => h("th", {}, label)))),
            h("tbody", {}, ...list.map((g) => gameRow(g, user.id))),
          ),
        );
      })
      .catch((e: unknown) => body.replaceChildren(h("p", {}, t("profile-list-failed", { error: errorText(e) }))));
  };
  prev.addEventListener("click", () => {
    page = Math.max(1, page - 1);
    load();
  });
  next.addEventListener("click", () => {
    page += 1;
    load();
  });
  load();
  return h("section", { class: "panel" }, h("h2", {}, t("profile-games")), body, h("div", { class: "buttons pager" }, prev, where, next));
}

/** The player's game under way: his own profile opens it in his seat, another's to watch. */
function currentPanel(name: string): HTMLElement {
  const el = h("p", { id: "current-game" });
  Promise.all([profileApi.current(name), currentAccount().catch(() => null)])
    .then(([g, me]) => {
      const label = me?.id === name ? t("profile-play-your-game") : t("profile-watch-the-game");
      el.replaceChildren(t("profile-playing-now"), " ", h("a", { href: `#game=${enc(g.id)}`, class: "button" }, label));
    })
    .catch((e: unknown) => {
      if (!(e instanceof ApiError && e.status === 404)) el.textContent = t("profile-current-failed", { error: errorText(e) });
    });
  return el;
}

async function fill(el: HTMLElement, name: string): Promise<void> {
  let user: Profile;
  try {
    user = await profileApi.user(name);
  } catch (e) {
    el.replaceChildren(h("div", { class: "panel message" }, h("p", {}, t("profile-no-such-player", { error: errorText(e) })), h("a", { href: "#", class: "button" }, t("profile-home"))));
    return;
  }
  if (user.closed) {
    el.replaceChildren(h("div", { class: "panel message" }, h("h2", {}, t("profile-deleted-player")), h("p", {}, t("profile-deleted"))));
    return;
  }
  const history = await profileApi.history(user.id).catch(() => [] as Series[]);
  const count = user.count;
  el.replaceChildren(
    h(
      "section",
      { class: "panel profile-head" },
      h("h2", { id: "profile-name", translate: "no" }, user.title ? h("span", { class: "title" }, `${user.title} `) : null, user.username),
      h(
        "p",
        {},
        user.createdAt ? t("profile-member-since", { date: new Date(user.createdAt) }) : "",
        ...(count ? [" · ", t("profile-games-count", { count: count.all, rated: count.rated })] : []),
      ),
      // Asked only when a game is under way: no 404 in the console for the usual case.
      count && count.playing > 0 ? currentPanel(user.id) : null,
      h("h3", {}, t("profile-ratings")),
      ratingsPanel(user, history),
    ),
    gamesPanel(user),
  );
}

/** The page of the player called `name`. */
export function profileScreen(name: string): Screen {
  const el = h("div", { class: "profile", id: "profile" }, h("p", {}, t("profile-loading")));
  void fill(el, name);
  return { el, destroy: () => undefined };
}

/** The player a hash names: `@/NAME` (lishogi's /@/name) or `player=NAME`. */
export function profileRoute(hash: string): string | null {
  if (hash.startsWith("@/")) return decodeURIComponent(hash.slice(2)) || null;
  return new URLSearchParams(hash).get("player");
}
