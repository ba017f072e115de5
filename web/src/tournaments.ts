// /tournaments: the list of tournaments, newest first, and the form that creates one (for a
// logged-in player, who becomes its director). Defaults: a 7-round McMahon at 45m + 30s
// byoyomi, furigoma, tie-breaks SOS, SOSOS, SODOS.
import { afterLogIn, currentAccount } from "./account.js";
import { h, toast } from "./dom.js";
import { field } from "./home.js";
import type { Screen } from "./screen.js";
import {
  formatName,
  TIEBREAK_NAMES,
  tournamentApi,
  tournamentHref,
  type Format,
  type Tiebreak,
  type TournamentSettings,
  type TournamentSummary,
} from "./tournament-api.js";

const FORMATS: Format[] = ["mcmahon", "swiss", "knockout", "round_robin", "double_round_robin", "arena"];
const DEFAULT_TIEBREAKS: Tiebreak[] = ["sos", "sosos", "sodos"];
const TIEBREAK_SLOTS = 5;
/** Tournaments per page of the list. */
const PER_PAGE = 20;

function select(id: string, choices: [string, string][], chosen?: string): HTMLSelectElement {
  return h("select", { id, name: id }, ...choices.map(([value, label]) => h("option", { value, selected: value === chosen }, label)));
}

function number(id: string, value: number, min: number, max?: number): HTMLInputElement {
  return h("input", { id, name: id, type: "number", value, min, max, step: 1, required: true, inputmode: "numeric", class: "short" });
}

function checkbox(id: string, checked: boolean): HTMLInputElement {
  return h("input", { id, name: id, type: "checkbox", checked });
}

/** Why the form cannot be sent, or null. */
function problem(body: TournamentSettings): string | null {
  if (!body.name) return "Give the tournament a name.";
  if (body.name.length > 80) return "The name is longer than 80 characters.";
  if (new Set(body.tiebreaks).size !== body.tiebreaks.length) return "A tie-break is chosen twice.";
  const numbers: [string, number][] = [
    ["rounds", body.rounds],
    ["main time", body.clock.initial_s],
    ["increment", body.clock.increment_s],
    ["byoyomi", body.clock.byoyomi_s],
    ["periods", body.clock.periods],
    ["no-show time", body.no_show_s],
    ["arena minutes", body.arena_minutes],
  ];
  for (const [what, n] of numbers) if (!Number.isInteger(n) || n < 0) return `The ${what} must be a whole number, 0 or more.`;
  if (body.clock.initial_s === 0 && body.clock.increment_s === 0 && body.clock.byoyomi_s === 0) return "The clock needs a main time, an increment or a byoyomi.";
  if (body.clock.increment_s > 0 && body.clock.byoyomi_s > 0) return "A clock has an increment or a byoyomi, not both: set one of them to 0.";
  return null;
}

/** The create form; `onCreated` gets the new tournament's id. */
function createForm(onCreated: (id: string) => void): HTMLElement {
  const name = h("input", { id: "t-name", name: "name", maxlength: 80, required: true, placeholder: "Club championship 2026", autocomplete: "off" });
  const format = select("t-format", FORMATS.map((f) => [f, formatName(f)]), "mcmahon");
  const rounds = number("t-rounds", 7, 1, 30);
  const online = checkbox("t-online", true);
  const initial = number("t-initial", 45, 0);
  const increment = number("t-increment", 0, 0);
  const byoyomi = number("t-byoyomi", 30, 0);
  const periods = number("t-periods", 1, 1);
  const rated = checkbox("t-rated", true);
  const colours = select("t-colours", [["furigoma", "Furigoma 振り駒 (random each game)"], ["balanced", "Balanced (alternate)"]], "furigoma");
  const bye = select("t-bye", [["2", "1 point"], ["1", "½ point"]], "2");
  const tiebreaks = Array.from({ length: TIEBREAK_SLOTS }, (_, i) =>
    select(`t-tiebreak-${i + 1}`, [["", "—"], ...Object.entries(TIEBREAK_NAMES)], DEFAULT_TIEBREAKS[i] ?? ""),
  );
  const bar = number("t-bar", 2100, 0);
  const groupWidth = number("t-group-width", 100, 1);
  const groups = number("t-groups", 8, 1);
  const handicap = checkbox("t-handicap", false);
  const losersSwiss = checkbox("t-losers-swiss", false);
  const knockoutDraw = select("t-knockout-draw", [["armageddon", "Armageddon"], ["rematch", "Rematch"]], "armageddon");
  const noShow = number("t-no-show", 600, 1);
  const startsAt = h("input", { id: "t-starts", name: "starts_at", type: "datetime-local" });
  const arenaMinutes = number("t-arena-minutes", 60, 1);
  const berserk = checkbox("t-berserk", false);
  const create = h("button", { type: "submit", id: "t-create", class: "primary big" }, "Create the tournament");

  const roundsField = field("Rounds", rounds);
  const mcmahonFields = h(
    "div",
    {},
    field("McMahon bar", bar, "Players rated at or above the bar start in the top group."),
    field("Group width", groupWidth, "Rating points per McMahon group below the bar."),
    field("Groups", groups, "Groups, the top one included; each group below starts one point lower."),
  );
  const knockoutField = h(
    "div",
    {},
    field("Drawn game", knockoutDraw, "Knockout: an armageddon game or a rematch decides."),
    field("Losers' Swiss", losersSwiss, "As the ESC: those knocked out play on in a Swiss, keeping their points."),
  );
  const arenaFields = h("div", {}, field("Arena minutes", arenaMinutes), field("Berserk", berserk, "Halve your clock for an extra point."));
  const onlineField = field("Online", online, "Games on koma; unchecked: over the board, the director enters results.");
  const noShowField = field("No-show forfeit (s)", noShow, "A game nobody has moved in after this is forfeited.");
  const ratedField = field("Rated", rated, "Online games only.");
  const swissFields = h("div", {}, field("Colours", colours), field("Bye", bye, "What a bye scores."));
  const sync = () => {
    const f = format.value as Format;
    roundsField.hidden = f !== "swiss" && f !== "mcmahon";
    mcmahonFields.hidden = f !== "mcmahon";
    knockoutField.hidden = f !== "knockout";
    arenaFields.hidden = f !== "arena";
    swissFields.hidden = f === "knockout" || f === "arena";
    if (f === "arena") online.checked = true;
    online.disabled = f === "arena";
    noShowField.hidden = !online.checked;
    ratedField.hidden = !online.checked;
  };
  format.addEventListener("change", sync);
  online.addEventListener("change", sync);
  sync();

  const form = h(
    "form",
    { id: "tournament-form", class: "panel tournament-form" },
    h("h2", {}, "New tournament 大会"),
    field("Name", name),
    field("Format", format),
    roundsField,
    onlineField,
    field("Main time (min)", initial),
    field("Byoyomi (s)", byoyomi),
    field("Periods", periods),
    field("Increment (s)", increment, "Fischer, instead of byoyomi: set the byoyomi to 0."),
    ratedField,
    swissFields,
    h("div", { class: "field" }, h("span", {}, "Tie-breaks, in order"), h("div", { class: "row" }, ...tiebreaks)),
    mcmahonFields,
    knockoutField,
    arenaFields,
    field("Handicap by rating", handicap, "Each game's handicap from the players' rating difference."),
    noShowField,
    field("Starts at", startsAt, "Online: round 1's games start then (empty: when the director starts)."),
    h("div", { class: "buttons" }, create),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const f = format.value as Format;
    const body: TournamentSettings = {
      name: name.value.trim(),
      format: f,
      rounds: rounds.valueAsNumber,
      online: online.checked,
      clock: { initial_s: initial.valueAsNumber * 60, increment_s: increment.valueAsNumber, byoyomi_s: byoyomi.valueAsNumber, periods: periods.valueAsNumber },
      rated: online.checked && rated.checked,
      colours: colours.value as "furigoma" | "balanced",
      bye_points: bye.value === "1" ? 1 : 2,
      tiebreaks: tiebreaks.map((t) => t.value).filter((t): t is Tiebreak => t !== ""),
      handicap_by_rating: handicap.checked,
      knockout_draw: knockoutDraw.value as "armageddon" | "rematch",
      losers_swiss: f === "knockout" && losersSwiss.checked,
      no_show_s: noShow.valueAsNumber,
      starts_at: startsAt.value ? new Date(startsAt.value).getTime() : null,
      arena_minutes: arenaMinutes.valueAsNumber,
      berserk: berserk.checked,
    };
    if (f === "mcmahon") body.mcmahon = { bar: bar.valueAsNumber, group_width: groupWidth.valueAsNumber, groups: groups.valueAsNumber };
    const wrong = problem(body);
    if (wrong) {
      toast(wrong);
      return;
    }
    create.disabled = true;
    tournamentApi
      .create(body)
      .then((view) => onCreated(view.id))
      .catch((err: Error) => {
        create.disabled = false;
        toast(`Cannot create the tournament: ${err.message}`);
      });
  });
  return form;
}

function listTable(list: TournamentSummary[]): HTMLElement {
  if (list.length === 0) return h("p", {}, "No tournaments yet.");
  const when = (ms: number | null) =>
    ms === null ? "" : new Date(ms).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const status = { entries: "entries open", running: "running", finished: "finished" };
  return h(
    "table",
    { class: "t-table", id: "tournament-list" },
    h("thead", {}, h("tr", {}, ...["Name", "Format", "Players", "Status", "Starts"].map((t) => h("th", {}, t)))),
    h(
      "tbody",
      {},
      ...list.map((t) =>
        h(
          "tr",
          { "data-id": t.id },
          h("td", {}, h("a", { href: tournamentHref(t.id) }, t.name)),
          h("td", {}, formatName(t.format)),
          h("td", { class: "num" }, String(t.players)),
          h("td", {}, status[t.status] ?? t.status),
          h("td", {}, when(t.starts_at)),
        ),
      ),
    ),
  );
}

/** The /tournaments screen. */
export function tournamentsScreen(): Screen {
  const list = h("div", { class: "games" }, h("p", {}, "Loading…"));
  let page = 1;
  const more = h("button", { type: "button", id: "tournaments-more", class: "small", hidden: true }, "Older");
  const load = () => {
    tournamentApi
      .list(page, PER_PAGE)
      .then((items) => {
        if (items.length === 0 && page > 1) {
          // Past the oldest page: stay on the last one.
          page -= 1;
          more.hidden = true;
          return;
        }
        list.replaceChildren(listTable(items));
        more.hidden = items.length < PER_PAGE;
      })
      .catch((err: Error) => list.replaceChildren(h("p", {}, `Cannot list the tournaments: ${err.message}`)));
  };
  more.addEventListener("click", () => {
    page += 1;
    load();
  });
  load();
  const side = h("div", {}, h("p", { class: "panel" }, "…"));
  void currentAccount()
    .then((account) => {
      side.replaceChildren(
        account
          ? createForm((id) => location.assign(tournamentHref(id)))
          : h(
              "p",
              { class: "panel", id: "tournament-login" },
              "To direct a tournament, ",
              h("a", { href: "/#login", onclick: () => afterLogIn("/tournaments") }, "log in"),
              " or ",
              h("a", { href: "/#signup", onclick: () => afterLogIn("/tournaments") }, "sign up"),
              ".",
            ),
      );
    })
    .catch(() => side.replaceChildren(h("p", { class: "panel" }, "Cannot reach the server.")));
  const el = h(
    "div",
    { class: "home tournaments" },
    side,
    h("section", { class: "panel" }, h("h2", {}, "Tournaments 大会"), list, h("div", { class: "buttons" }, more)),
  );
  return { el, destroy: () => undefined };
}
