// The home screen: a new game (against the engine or a person) and the recent games.
import { presetMenu } from "./time-presets.js";
import { currentAccount } from "./account.js";
import { api, errorText, type CreateRequest, type GameSummary, type NowPlaying } from "./api.js";
import { h, toast } from "./dom.js";
import { endingText } from "./ending.js";
import { hasMessage, t } from "./i18n.js";
import { featuredPanel } from "./lobby.js";
import { playerLink } from "./players.js";
import type { Screen } from "./screen.js";
import { rememberSeat, seatMemo } from "./store.js";
import { fromLishogiKey, handicapOptions, shortName, variantOptions } from "./variants.js";

/** The rule sets of shogi and Tori (the default first): the server's name, the message's key. */
const SHOGI_RULES: [string, string][] = [["", "home-rules-default-shogi"], ["amateur", "home-rules-amateur"], ["professional", "home-rules-professional"], ["csa", "home-rules-csa"], ["try", "home-rules-try"]];
const TORI_RULES: [string, string][] = [["", "home-rules-default-tori"], ["tori", "home-rules-tori"], ["tori-fsf", "home-rules-tori-fsf"]];

function options(select: HTMLSelectElement, list: [string, string][]): void {
  select.replaceChildren(...list.map(([value, label]) => h("option", { value }, label)));
}

/** `options` of a list of `[value, message key]`. */
function keyedOptions(select: HTMLSelectElement, list: [string, string][]): void {
  options(select, list.map(([value, key]) => [value, t(key)]));
}

/** A labelled form control with an optional hint below it. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  return h("label", { class: "field" }, h("span", {}, label), control, hint ? h("small", { class: "hint" }, hint) : null);
}

export function homeScreen(): Screen {
  const opponent = h("select", { id: "opponent", name: "opponent" }, h("option", { value: "engine" }, t("home-opponent-engine")), h("option", { value: "person" }, t("home-opponent-person")));
  const level = h(
    "select",
    { id: "level", name: "level" },
    h("option", { value: "movetime:500" }, t("home-level-movetime", { seconds: 0.5 })),
    h("option", { value: "movetime:1000", selected: true }, t("home-level-movetime", { seconds: 1 })),
    h("option", { value: "movetime:3000" }, t("home-level-movetime", { seconds: 3 })),
    h("option", { value: "movetime:10000" }, t("home-level-movetime", { seconds: 10 })),
    h("option", { value: "movetime:100" }, t("home-level-movetime-easy", { seconds: 0.1 })),
    h("option", { value: "depth:1" }, t("home-level-depth-very-easy", { depth: 1 })),
    h("option", { value: "depth:4" }, t("home-level-depth", { depth: 4 })),
    h("option", { value: "depth:8" }, t("home-level-depth", { depth: 8 })),
  );
  const variant = h("select", { id: "variant", name: "variant" });
  options(variant, variantOptions());
  const handicap = h("select", { id: "handicap", name: "handicap" });
  const rules = h("select", { id: "rules", name: "rules" });
  const timeControl = h("input", { id: "time-control", name: "time_control", value: "none", autocomplete: "off", spellcheck: "false" });
  const presets = presetMenu("time-preset", timeControl);
  const side = h("select", { id: "side", name: "side" });
  const EVEN_SIDES: [string, string][] = [["random", "home-side-random"], ["sente", "home-side-sente"], ["gote", "home-side-gote"]];
  // A handicap game has no furigoma: the giver (上手) plays gote and moves first.
  const HANDICAP_SIDES: [string, string][] = [["gote", "home-side-give"], ["sente", "home-side-receive"]];
  // Against the engine the person receives the handicap unless he says otherwise (the
  // engine gives it, as a teacher would); against a person the creator gives it.
  const syncSide = () => {
    // A game without handicap starts (Chu) has no choice: even.
    const kind = (handicap.value || "even") === "even" ? "even" : "handicap";
    const key = `${kind}:${opponent.value}`;
    if (side.dataset["kind"] === key) return;
    const sameKind = side.dataset["kind"]?.startsWith(`${kind}:`) ?? false;
    side.dataset["kind"] = key;
    const list = kind === "even" ? EVEN_SIDES : opponent.value === "engine" ? [HANDICAP_SIDES[1]!, HANDICAP_SIDES[0]!] : HANDICAP_SIDES;
    const was = side.value;
    keyedOptions(side, list);
    if (sameKind && list.some(([v]) => v === was)) side.value = was;
  };
  // Rated games are between two accounts: the box is shown only to a logged-in player.
  const rated = h("input", { type: "checkbox", id: "rated", name: "rated" });
  const ratedField = h("label", { class: "field", hidden: true }, h("span", {}, t("home-rated")), rated, h("small", { class: "hint" }, t("home-rated-hint")));
  void currentAccount()
    .then((account) => {
      ratedField.hidden = account === null;
    })
    .catch(() => undefined);
  const create = h("button", { type: "submit", id: "create", class: "primary big" }, t("home-start"));
  const levelField = field(t("home-level"), level);
  const handicapField = field(t("home-handicap"), handicap, t("home-handicap-hint"));
  const syncVariant = () => {
    options(handicap, handicapOptions(variant.value));
    handicapField.hidden = handicap.options.length === 0;
    // Rule sets are the game's (koma-game), not the pieces': shogi and Tori have several.
    const v = variant.value;
    if (v === "tori" || v === "shogi") keyedOptions(rules, v === "tori" ? TORI_RULES : SHOGI_RULES);
    // The other variants have one rule set each: `home-rules-default-VARIANT`.
    else options(rules, [["", hasMessage(`home-rules-default-${v}`) ? t(`home-rules-default-${v}`) : t("home-rules-default-other", { name: shortName(v) })]]);
  };
  const syncOpponent = () => {
    levelField.hidden = opponent.value !== "engine";
    syncSide();
  };
  variant.addEventListener("change", () => {
    syncVariant();
    syncSide();
  });
  handicap.addEventListener("change", syncSide);
  handicap.addEventListener("input", syncSide);
  opponent.addEventListener("change", syncOpponent);
  syncVariant();
  syncOpponent();

  const form = h(
    "form",
    { id: "new-game", class: "panel new-game" },
    h("h2", {}, t("home-new-game-title")),
    field(t("home-opponent"), opponent),
    levelField,
    field(t("home-variant"), variant),
    handicapField,
    field(t("home-rules"), rules),
    field(t("home-time-control"), h("span", { class: "row" }, presets, timeControl), t("home-time-control-hint")),
    field(t("home-side"), side),
    ratedField,
    h("div", { class: "buttons" }, create),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const body: CreateRequest = {
      variant: variant.value,
      side: side.value as "sente" | "gote" | "random",
    };
    // A person is the server's default opponent.
    if (opponent.value === "engine") body.opponent = "engine";
    if (handicap.value && handicap.value !== "even") body.handicap = handicap.value;
    if (rules.value) body.rules = rules.value;
    const tc = timeControl.value.trim();
    if (tc && tc !== "none") body.time_control = tc;
    if (rated.checked && !ratedField.hidden) body.rated = true;
    if (body.opponent === "engine") {
      const [kind, value] = level.value.split(":");
      body.engine = kind === "depth" ? { depth: Number(value) } : { movetime_ms: Number(value) };
    }
    create.disabled = true;
    api
      .create(body)
      .then((answer) => {
        rememberSeat(answer.id, { token: answer.token, seat: answer.seat, invite_link: answer.invite_link, furigoma: answer.furigoma });
        location.hash = `#game=${encodeURIComponent(answer.id)}&token=${encodeURIComponent(answer.token)}`;
      })
      .catch((err: unknown) => {
        create.disabled = false;
        toast(t("home-create-failed", { error: errorText(err) }));
      });
  });

  const games = h("div", { class: "games" }, h("p", {}, t("home-loading")));
  api
    .list()
    .then((list) => games.replaceChildren(gamesTable(list)))
    .catch((err: unknown) => games.replaceChildren(h("p", {}, t("home-list-failed", { error: errorText(err) }))));

  const featured = featuredPanel();
  // The player's own games under way, whatever device took their seats: his way back.
  const mine = h("section", { class: "panel my-games", id: "my-games", hidden: true }, h("h2", {}, t("home-your-games")));
  void currentAccount()
    .catch(() => null)
    .then((account) => (account ? api.playing() : []))
    .then((list) => {
      if (list.length === 0) return;
      mine.append(myGamesList(list));
      mine.hidden = false;
    })
    .catch(() => undefined);
  const el = h(
    "div",
    { class: "home" },
    mine,
    form,
    featured.el,
    h(
      "section",
      { class: "panel recent" },
      h("h2", {}, t("home-recent-games")),
      games,
      h("p", {}, h("a", { href: "#review", class: "button" }, t("home-import-record"))),
      h("p", {}, h("a", { href: "#studies", class: "button", id: "studies-link" }, t("home-studies"))),
      h("p", {}, h("a", { href: "#chu", class: "button", id: "chu-link" }, t("home-chu"))),
    ),
  );
  return { el, destroy: () => featured.destroy() };
}

/** The player's games under way: the opponent, whose move it is, and the way in. */
function myGamesList(list: NowPlaying[]): HTMLElement {
  return h(
    "ul",
    { class: "my-games-list" },
    ...list.map((g) =>
      h(
        "li",
        { "data-game": g.gameId },
        h("a", { href: `#game=${encodeURIComponent(g.gameId)}`, class: g.isMyTurn ? "button primary play" : "button play" }, g.isMyTurn ? t("home-your-move") : t("home-play")),
        " ",
        g.opponent.ai ? t("home-my-game-engine", { color: g.color }) : t("home-my-game-player", { color: g.color, name: g.opponent.username }),
        h("span", { class: "hint" }, " · ", shortName(fromLishogiKey(g.variant.key)), ...(g.rated ? [" · ", t("home-game-rated")] : [])),
      ),
    ),
  );
}

function gamesTable(list: GameSummary[]): HTMLElement {
  if (list.length === 0) return h("p", {}, t("home-no-games"));
  const rows = list.slice(0, 40).map((g) => {
    const memo = seatMemo(g.id);
    const id = encodeURIComponent(g.id);
    // The server's stored result, shown as it is only when the game has no outcome to word.
    const state = g.outcome ? endingText(g.outcome, true) : g.result ? h("span", { translate: "no" }, g.result) : g.started ? t("home-state-in-progress") : t("home-state-waiting");
    const links = [
      memo && !g.result ? h("a", { href: `#game=${id}&token=${encodeURIComponent(memo.token)}` }, t("home-play")) : null,
      h("a", { href: `#game=${id}` }, g.result ? t("home-replay") : t("home-watch")),
      g.plies > 0 ? h("a", { href: `#review&game=${id}` }, t("home-review")) : null,
    ];
    const when = t("home-created", { created: new Date(g.created_ms) });
    // The accounts' names link to their profiles; a guest's seat shows nothing.
    const names = g.sente || g.gote ? [g.sente ? playerLink(g.sente.name) : "—", " – ", g.gote ? playerLink(g.gote.name) : "—"] : [];
    return h(
      "tr",
      {},
      // A date alone (one DATETIME of the catalog): data in the page's language.
      h("td", { translate: "no" }, when),
      h("td", { class: "players" }, ...names),
      h("td", {}, shortName(g.variant), ...(g.time_control ? [" · ", h("span", { translate: "no" }, g.time_control)] : [])),
      h("td", { class: "num" }, String(g.plies), h("span", { class: "unit" }, " ", t("common-moves-unit", { count: g.plies }))),
      h("td", { class: "state" }, state),
      h("td", { class: "links" }, ...links.flatMap((l) => (l ? [l, " "] : []))),
    );
  });
  return h(
    "table",
    { class: "games-table" },
    h("thead", {}, h("tr", {}, ...[t("home-col-created"), t("home-col-players"), t("home-col-game"), t("home-col-moves"), t("home-col-state"), ""].map((label) => h("th", {}, label)))),
    h("tbody", {}, ...rows),
  );
}
