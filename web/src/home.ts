// The home screen: a new game (against the engine or a person) and the recent games.
import { presetMenu } from "./time-presets.js";
import { currentAccount } from "./account.js";
import { api, type CreateRequest, type GameSummary, type NowPlaying } from "./api.js";
import { h, toast } from "./dom.js";
import { endingText } from "./ending.js";
import { featuredPanel } from "./lobby.js";
import { playerLink } from "./players.js";
import type { Screen } from "./screen.js";
import { rememberSeat, seatMemo } from "./store.js";
import { handicapOptions, shortName, variantOptions } from "./variants.js";

const SHOGI_RULES: [string, string][] = [["", "Default (amateur)"], ["amateur", "Amateur: 27-point declaration"], ["professional", "Professional: 24-point impasse"], ["csa", "CSA: declaration, draw at 256 moves"], ["try", "Try rule"]];
const TORI_RULES: [string, string][] = [["", "Default (tori)"], ["tori", "Rulebook: no third repetition"], ["tori-fsf", "Fairy-Stockfish: fourth repetition loses"]];

function options(select: HTMLSelectElement, list: [string, string][]): void {
  select.replaceChildren(...list.map(([value, label]) => h("option", { value }, label)));
}

/** A labelled form control with an optional hint below it. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  return h("label", { class: "field" }, h("span", {}, label), control, hint ? h("small", { class: "hint" }, hint) : null);
}

export function homeScreen(): Screen {
  const opponent = h("select", { id: "opponent", name: "opponent" }, h("option", { value: "engine" }, "The engine (koma)"), h("option", { value: "person" }, "A person (send an invitation)"));
  const level = h(
    "select",
    { id: "level", name: "level" },
    h("option", { value: "movetime:500" }, "0.5 s per move"),
    h("option", { value: "movetime:1000", selected: true }, "1 s per move"),
    h("option", { value: "movetime:3000" }, "3 s per move"),
    h("option", { value: "movetime:10000" }, "10 s per move"),
    h("option", { value: "movetime:100" }, "0.1 s per move (easy)"),
    h("option", { value: "depth:1" }, "Depth 1 (very easy)"),
    h("option", { value: "depth:4" }, "Depth 4"),
    h("option", { value: "depth:8" }, "Depth 8"),
  );
  const variant = h("select", { id: "variant", name: "variant" });
  options(variant, variantOptions());
  const handicap = h("select", { id: "handicap", name: "handicap" });
  const rules = h("select", { id: "rules", name: "rules" });
  const timeControl = h("input", { id: "time-control", name: "time_control", value: "none", autocomplete: "off", spellcheck: "false" });
  const presets = presetMenu("time-preset", timeControl);
  const side = h("select", { id: "side", name: "side" });
  const EVEN_SIDES: [string, string][] = [["random", "Furigoma 振り駒 (random)"], ["sente", "Sente ☗ (moves first)"], ["gote", "Gote ☖"]];
  // A handicap game has no furigoma: the giver (上手) plays gote and moves first.
  const HANDICAP_SIDES: [string, string][] = [["gote", "Give the handicap: 上手 ☖ gote (moves first)"], ["sente", "Receive the handicap: 下手 ☗ sente"]];
  // Against the engine the person receives the handicap unless he says otherwise (the
  // engine gives it, as a teacher would); against a person the creator gives it.
  const syncSide = () => {
    const kind = handicap.value === "even" ? "even" : "handicap";
    const key = `${kind}:${opponent.value}`;
    if (side.dataset["kind"] === key) return;
    const sameKind = side.dataset["kind"]?.startsWith(`${kind}:`) ?? false;
    side.dataset["kind"] = key;
    const list = kind === "even" ? EVEN_SIDES : opponent.value === "engine" ? [HANDICAP_SIDES[1]!, HANDICAP_SIDES[0]!] : HANDICAP_SIDES;
    const was = side.value;
    options(side, list);
    if (sameKind && list.some(([v]) => v === was)) side.value = was;
  };
  // Rated games are between two accounts: the box is shown only to a logged-in player.
  const rated = h("input", { type: "checkbox", id: "rated", name: "rated" });
  const ratedField = h("label", { class: "field", hidden: true }, h("span", {}, "Rated 公式戦"), rated, h("small", { class: "hint" }, "Against a person who is logged in, from the even start, with a clock."));
  void currentAccount()
    .then((account) => {
      ratedField.hidden = account === null;
    })
    .catch(() => undefined);
  const create = h("button", { type: "submit", id: "create", class: "primary big" }, "Start the game");
  const levelField = field("Engine level", level);
  const syncVariant = () => {
    options(handicap, handicapOptions(variant.value));
    // Rule sets are the game's (koma-game), not the pieces': shogi and Tori have several.
    options(rules, variant.value === "tori" ? TORI_RULES : variant.value === "shogi" ? SHOGI_RULES : [["", `Default (${shortName(variant.value)})`]]);
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
    h("h2", {}, "New game 対局"),
    field("Opponent", opponent),
    levelField,
    field("Variant", variant),
    field("Handicap 駒落ち", handicap, "The handicap giver (上手) plays gote and moves first; no furigoma."),
    field("Rules", rules),
    field("Time control", h("span", { class: "row" }, presets, timeControl), "Or write one: none · byoyomi 10m+30s · 10m+30sx3 · fischer:5m+10s · sudden:15m"),
    field("Your side", side),
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
    if (handicap.value !== "even") body.handicap = handicap.value;
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
      .catch((err: Error) => {
        create.disabled = false;
        toast(`Cannot create the game: ${err.message}`);
      });
  });

  const games = h("div", { class: "games" }, h("p", {}, "Loading…"));
  api
    .list()
    .then((list) => games.replaceChildren(gamesTable(list)))
    .catch((err: Error) => games.replaceChildren(h("p", {}, `Cannot list the games: ${err.message}`)));

  const featured = featuredPanel();
  // The player's own games under way, whatever device took their seats: his way back.
  const mine = h("section", { class: "panel my-games", id: "my-games", hidden: true }, h("h2", {}, "Your games 対局中"));
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
      h("h2", {}, "Recent games"),
      games,
      h("p", {}, h("a", { href: "#review", class: "button" }, "Import a record to replay or review 棋譜を読む")),
      h("p", {}, h("a", { href: "#studies", class: "button", id: "studies-link" }, "Studies 研究: chapters, lessons")),
      h("p", {}, h("a", { href: "#chu", class: "button", id: "chu-link" }, "Chu shogi 中将棋 against the engine (12×12)")),
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
        h("a", { href: `#game=${encodeURIComponent(g.gameId)}`, class: g.isMyTurn ? "button primary play" : "button play" }, g.isMyTurn ? "Your move" : "Play"),
        " ",
        `${g.color === "sente" ? "☗" : "☖"} against ${g.opponent.ai ? "the engine" : g.opponent.username}`,
        h("span", { class: "hint" }, ` · ${g.variant.name}${g.rated ? " · rated" : ""}`),
      ),
    ),
  );
}

function gamesTable(list: GameSummary[]): HTMLElement {
  if (list.length === 0) return h("p", {}, "No games yet.");
  const rows = list.slice(0, 40).map((g) => {
    const memo = seatMemo(g.id);
    const id = encodeURIComponent(g.id);
    const state = g.outcome ? endingText(g.outcome, true) : g.result ?? (g.started ? "in progress" : "waiting for a player");
    const links = [
      memo && !g.result ? h("a", { href: `#game=${id}&token=${encodeURIComponent(memo.token)}` }, "Play") : null,
      h("a", { href: `#game=${id}` }, g.result ? "Replay" : "Watch"),
      g.plies > 0 ? h("a", { href: `#review&game=${id}` }, "Review") : null,
    ];
    const when = new Date(g.created_ms).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    // The accounts' names link to their profiles; a guest's seat shows nothing.
    const names = g.sente || g.gote ? [g.sente ? playerLink(g.sente.name) : "—", " – ", g.gote ? playerLink(g.gote.name) : "—"] : [];
    return h(
      "tr",
      {},
      h("td", {}, when),
      h("td", { class: "players" }, ...names),
      h("td", {}, `${shortName(g.variant)}${g.time_control ? ` · ${g.time_control}` : ""}`),
      h("td", { class: "num" }, String(g.plies)),
      h("td", { class: "state" }, state),
      h("td", { class: "links" }, ...links.flatMap((l) => (l ? [l, " "] : []))),
    );
  });
  return h(
    "table",
    { class: "games-table" },
    h("thead", {}, h("tr", {}, ...["Created", "Players", "Game", "Moves", "State", ""].map((t) => h("th", {}, t)))),
    h("tbody", {}, ...rows),
  );
}
