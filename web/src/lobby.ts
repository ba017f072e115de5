// The lobby (#lobby): open seeks (accept with one click, cancel one's own), a form to post a
// seek, quick pairing by time control, and the games under way with Watch links. The lobby's
// WebSocket pushes the seek list and, to a logged-in player, the game his seek or quick
// pairing started ({"type":"paired"}): the page then goes to the game with its seat token.
// Also the home page's featured game: the top-rated live game on a small board.
import { currentAccount, afterLogIn } from "./account.js";
import { errorText, request, GameSocket, type PlayerView } from "./api.js";
import { BoardSvg } from "./board.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { ratedName } from "./players.js";
import type { Screen } from "./screen.js";
import { parseSfen, type Variant } from "./sfen.js";
import { handicapOptions, shortName, variantOptions } from "./variants.js";
import { settings } from "./settings.js";
import { presetMenu, presetName } from "./time-presets.js";
import { rememberSeat } from "./store.js";

interface PlayersView { sente: PlayerView | null; gote: PlayerView | null }
interface LobbyPlayer { id: string; name: string; rating: number; provisional: boolean; rank: string }
interface Seek {
  id: string; player: LobbyPlayer; variant: Variant; time_control: string | null; pool: string; rated: boolean;
  rating_min: number | null; rating_max: number | null; side: string; handicap: string | null; created_ms: number;
}
interface Paired { type: "paired"; game: string; seat: "sente" | "gote"; token: string; furigoma: string | null }
interface LiveGame { id: string; variant: Variant; time_control: string | null; rated: boolean; plies: number; sfen: string; engine: boolean; players: PlayersView }

const lobbyApi = {
  post: (body: object) => request<Seek>("POST", "/api/lobby/seeks", body),
  cancel: (id: string) => request<string>("DELETE", `/api/lobby/seeks/${encodeURIComponent(id)}`),
  accept: (id: string) => request<Paired>("POST", `/api/lobby/seeks/${encodeURIComponent(id)}/accept`),
  quick: (time_control: string, rated: boolean) => request<Paired | { ticket: string }>("POST", "/api/lobby/quick", { time_control, rated }),
  cancelQuick: () => request<string>("DELETE", "/api/lobby/quick"),
  live: () => request<LiveGame[]>("GET", "/api/games/live?per=30"),
  featured: () => request<{ game: LiveGame | null }>("GET", "/api/games/featured"),
};

/** The quick pairing's controls: three of the presets, each with the key of its waiting notice. */
const QUICK: [string, string][] = [
  ["fischer:3m+2s", "lobby-quick-waiting-fischer-3-2"],
  ["5m+10s", "lobby-quick-waiting-byoyomi-5-10"],
  ["10m+30s", "lobby-quick-waiting-byoyomi-10-30"],
];

const playerText = (p: LobbyPlayer) => ratedName(p.name, p.rating, p.provisional, p.rank);

/** `☗ Alice 1500? – ☖ Bob 1480`: each seat's account and rating, or who a seat without one is. */
function playersText(p: PlayersView, engine: boolean): (string | Node)[] {
  const one = (v: PlayersView["sente"]) =>
    v ? h("span", { translate: "no" }, `${v.name} ${v.rating}${v.provisional ? "?" : ""}`) : engine ? t("lobby-engine-or-guest") : t("lobby-guest");
  return ["☗ ", one(p.sente), " – ☖ ", one(p.gote)];
}

/** Goes to the game of a `paired` notice or answer, from its seat. */
function goToGame(p: Paired): void {
  rememberSeat(p.game, { token: p.token, seat: p.seat, furigoma: p.furigoma ?? null });
  location.hash = `#game=${encodeURIComponent(p.game)}&token=${encodeURIComponent(p.token)}`;
}

export function lobbyScreen(): Screen {
  let me: string | null = null;
  let seeks: Seek[] = [];
  const guestNote = h("p", { class: "notice", id: "lobby-login", hidden: true }, t("lobby-login-note"), " ", h("a", { href: "#login" }, t("lobby-log-in")), " · ", h("a", { href: "#signup" }, t("lobby-sign-up")));
  const list = h("div", { id: "seek-list", class: "games" }, h("p", {}, t("lobby-loading")));
  const waiting = h("p", { class: "notice", id: "quick-waiting", hidden: true });
  const render = () => {
    if (seeks.length === 0) {
      list.replaceChildren(h("p", {}, t("lobby-no-seeks")));
      return;
    }
    const rows = seeks.map((s) => {
      const own = s.player.id === me;
      const action = own
        ? h("button", { type: "button", class: "small cancel-seek", "data-seek": s.id }, t("lobby-cancel"))
        : h("button", { type: "button", class: "small primary accept-seek", "data-seek": s.id }, t("lobby-accept"));
      action.addEventListener("click", () => {
        if (!me) {
          afterLogIn("#lobby");
          toast(t("lobby-login-to-accept"));
          return;
        }
        action.disabled = true;
        (own ? lobbyApi.cancel(s.id).then(() => undefined) : lobbyApi.accept(s.id).then(goToGame)).catch((e: unknown) => {
          action.disabled = false;
          toast(errorText(e));
        });
      });
      const ranged = s.rating_min !== null || s.rating_max !== null;
      return h(
        "tr",
        { "data-seek": s.id },
        h("td", { class: "seek-player" }, playerText(s.player)),
        h("td", {}, shortName(s.variant), " · ", s.time_control ? h("span", { translate: "no" }, s.time_control) : t("lobby-no-clock")),
        h("td", {}, s.rated ? t("lobby-rated") : t("lobby-casual")),
        ranged ? h("td", { translate: "no" }, `${s.rating_min ?? ""}–${s.rating_max ?? ""}`) : h("td", {}, t("lobby-range-any")),
        h("td", {}, s.handicap ? t("lobby-seek-side-handicap", { handicap: s.handicap, side: s.side }) : t("lobby-seek-side", { side: s.side })),
        h("td", { class: "links" }, action),
      );
    });
    const headers = [t("lobby-col-player"), t("lobby-col-game"), "", t("lobby-col-range"), t("lobby-col-side"), ""];
    list.replaceChildren(
      h("table", { class: "games-table" }, h("thead", {}, h("tr", {}, ...headers.map((label) => h("th", {}, label)))), h("tbody", {}, ...rows)),
    );
  };

  // The form to post a seek.
  const field = (label: string, ...controls: HTMLElement[]) => h("label", { class: "field" }, h("span", {}, label), h("span", { class: "row" }, ...controls));
  const variant = h("select", { id: "seek-variant" }, ...variantOptions().map(([v, l]) => h("option", { value: v }, l)));
  const timeControl = h("input", { id: "seek-time-control", value: "10m+30s", autocomplete: "off", spellcheck: "false" });
  const rated = h("input", { type: "checkbox", id: "seek-rated" });
  const ratedField = h("label", { class: "field", hidden: true }, h("span", {}, t("lobby-rated-label")), rated);
  const min = h("input", { id: "seek-min", type: "number", placeholder: t("lobby-rating-min"), step: "50" });
  const max = h("input", { id: "seek-max", type: "number", placeholder: t("lobby-rating-max"), step: "50" });
  const side = h(
    "select",
    { id: "seek-side" },
    h("option", { value: "random" }, t("lobby-side-random")),
    h("option", { value: "sente" }, t("lobby-side-sente")),
    h("option", { value: "gote" }, t("lobby-side-gote")),
  );
  const handicap = h("select", { id: "seek-handicap" });
  const handicapField = field(t("lobby-handicap"), handicap);
  // A game without handicap starts (Chu) has no choice: the field goes.
  const syncVariant = () => {
    handicap.replaceChildren(...handicapOptions(variant.value).map(([v, l]) => h("option", { value: v }, l)));
    handicapField.hidden = handicap.options.length === 0;
  };
  variant.addEventListener("change", syncVariant);
  syncVariant();
  const submit = h("button", { type: "submit", id: "seek-submit", class: "primary" }, t("lobby-post"));
  const form = h(
    "form",
    { id: "seek-form", class: "panel" },
    h("h2", {}, t("lobby-post-title")),
    field(t("lobby-variant"), variant),
    field(t("lobby-time-control"), presetMenu("seek-time-preset", timeControl), timeControl),
    ratedField,
    field(t("lobby-opponent-rating"), min, max),
    field(t("lobby-your-side"), side),
    handicapField,
    h("div", { class: "buttons" }, submit),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!me) {
      afterLogIn("#lobby");
      toast(t("lobby-login-to-post"));
      return;
    }
    const body: Record<string, unknown> = { variant: variant.value, side: side.value };
    const tc = timeControl.value.trim();
    if (tc && tc !== "none") body["time_control"] = tc;
    if (rated.checked) body["rated"] = true;
    if (min.value) body["rating_min"] = Number(min.value);
    if (max.value) body["rating_max"] = Number(max.value);
    if (handicap.value && handicap.value !== "even") body["handicap"] = handicap.value;
    submit.disabled = true;
    lobbyApi
      .post(body)
      .then(() => toast(t("lobby-posted"), "info"))
      .catch((err: unknown) => toast(t("lobby-post-failed", { error: errorText(err) })))
      .finally(() => (submit.disabled = false));
  });

  // Quick pairing.
  const quickRated = h("input", { type: "checkbox", id: "quick-rated", checked: true });
  const cancelQuick = h("button", { type: "button", class: "small", id: "quick-cancel" }, t("lobby-cancel"));
  cancelQuick.addEventListener("click", () => {
    void lobbyApi.cancelQuick().catch(() => undefined);
    waiting.hidden = true;
  });
  const quickButtons = QUICK.map(([tc, waitingKey]) => {
    const b = h("button", { type: "button", class: "big quick", "data-time-control": tc }, presetName(tc) ?? tc);
    b.addEventListener("click", () => {
      if (!me) {
        afterLogIn("#lobby");
        toast(t("lobby-login-to-pair"));
        return;
      }
      lobbyApi
        .quick(tc, quickRated.checked)
        .then((answer) => {
          if ("token" in answer) goToGame(answer);
          else waiting.replaceChildren(t(waitingKey), " ", cancelQuick), (waiting.hidden = false);
        })
        .catch((err: unknown) => toast(t("lobby-pair-failed", { error: errorText(err) })));
    });
    return b;
  });
  const quick = h("section", { class: "panel", id: "quick" }, h("h2", {}, t("lobby-quick-title")), h("div", { class: "row" }, ...quickButtons), h("label", { class: "row" }, quickRated, t("lobby-quick-rated")), waiting);

  // Live games.
  const live = h("div", { id: "live-games", class: "games" }, h("p", {}, t("lobby-loading")));
  const refreshLive = () =>
    lobbyApi
      .live()
      .then((games) =>
        live.replaceChildren(
          games.length === 0
            ? h("p", {}, t("lobby-no-live"))
            : h(
                "table",
                { class: "games-table" },
                h(
                  "tbody",
                  {},
                  ...games.map((g) =>
                    h(
                      "tr",
                      { "data-game": g.id },
                      h("td", {}, ...playersText(g.players, g.engine)),
                      h("td", {}, g.time_control ? h("span", { translate: "no" }, g.time_control) : t("lobby-no-clock"), ...(g.rated ? [" · ", t("lobby-rated")] : [])),
                      h("td", { class: "num" }, String(g.plies), h("span", { class: "unit" }, " ", t("common-moves-unit", { count: g.plies }))),
                      h("td", { class: "links" }, h("a", { href: `#game=${encodeURIComponent(g.id)}`, class: "watch" }, t("lobby-watch"))),
                    ),
                  ),
                ),
              ),
        ),
      )
      .catch((e: unknown) => live.replaceChildren(h("p", {}, t("lobby-live-failed", { error: errorText(e) }))));
  void refreshLive();
  const liveTimer = window.setInterval(() => void refreshLive(), 5000);

  // The lobby's socket, reopened after a drop.
  let socket: WebSocket | null = null;
  let closed = false;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/api/lobby/ws`);
    socket = ws;
    ws.onmessage = (event) => {
      const m = JSON.parse(String(event.data)) as { type: string; seeks?: Seek[] };
      if (m.type === "seeks") {
        seeks = m.seeks ?? [];
        render();
      } else if (m.type === "paired") {
        goToGame(m as unknown as Paired);
      }
    };
    ws.onclose = () => {
      if (!closed && socket === ws) window.setTimeout(open, 1000);
    };
  };
  // The account first: the socket then speaks for the player (the cookie goes with it).
  void currentAccount()
    .catch(() => null)
    .then((account) => {
      me = account?.id ?? null;
      guestNote.hidden = me !== null;
      ratedField.hidden = me === null;
      render();
      if (!closed) open();
    });

  const el = h(
    "div",
    { class: "lobby" },
    h("div", { class: "lobby-main" }, guestNote, quick, h("section", { class: "panel" }, h("h2", {}, t("lobby-open-seeks")), list), h("section", { class: "panel" }, h("h2", {}, t("lobby-live-games")), live)),
    form,
  );
  return {
    el,
    destroy: () => {
      closed = true;
      window.clearInterval(liveTimer);
      socket?.close();
    },
  };
}

/** The home page's featured game: the top-rated live game on a small board that follows it. */
export function featuredPanel(): Screen {
  const board = new BoardSvg(t("lobby-featured-board"));
  const caption = h("p", { id: "featured-players" });
  const el = h("section", { class: "panel featured", id: "featured", hidden: true }, h("h2", {}, t("lobby-featured")), board.el, caption);
  let socket: GameSocket | null = null;
  let gone = false;
  void lobbyApi
    .featured()
    .then(({ game }) => {
      if (!game || gone) return;
      el.hidden = false;
      caption.replaceChildren(...playersText(game.players, game.engine), " ", h("a", { href: `#game=${encodeURIComponent(game.id)}` }, t("lobby-watch")));
      const draw = (sfen: string) =>
        board.draw({ pos: parseSfen(sfen, game.variant), bottom: "sente", style: settings().pieceStyle, coords: settings().coords, selected: null, dests: new Set(), last: null, check: null, dragging: null });
      draw(game.sfen);
      socket = new GameSocket(game.id, null, (m) => {
        if (m.type === "state") draw(m.game.sfen);
      }, () => undefined);
    })
    .catch(() => undefined);
  return {
    el,
    destroy: () => {
      gone = true;
      socket?.close();
    },
  };
}
