// /tournaments: the list of tournaments, newest first, and the form that creates one (for a
// logged-in player, who becomes its director). Defaults: a 7-round McMahon at 45m + 30s
// byoyomi, furigoma, tie-breaks SOS, SOSOS, SODOS.
import { afterLogIn, currentAccount } from "./account.js";
import { errorText } from "./api.js";
import { h, toast } from "./dom.js";
import { field } from "./home.js";
import { language, t } from "./i18n.js";
import type { Screen } from "./screen.js";
import {
  formatName,
  tiebreakName,
  TIEBREAKS,
  tNodes,
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
  if (!body.name) return t("tournament-form-no-name");
  if (body.name.length > 80) return t("tournament-form-name-too-long", { max: 80 });
  if (new Set(body.tiebreaks).size !== body.tiebreaks.length) return t("tournament-form-tiebreak-twice");
  // Each number, and the message that says it is not a whole number, 0 or more.
  const numbers: [string, number][] = [
    ["tournament-form-whole-rounds", body.rounds],
    ["tournament-form-whole-main-time", body.clock.initial_s],
    ["tournament-form-whole-increment", body.clock.increment_s],
    ["tournament-form-whole-byoyomi", body.clock.byoyomi_s],
    ["tournament-form-whole-periods", body.clock.periods],
    ["tournament-form-whole-no-show", body.no_show_s],
    ["tournament-form-whole-arena-minutes", body.arena_minutes],
  ];
  for (const [wrong, n] of numbers) if (!Number.isInteger(n) || n < 0) return t(wrong);
  if (body.clock.initial_s === 0 && body.clock.increment_s === 0 && body.clock.byoyomi_s === 0) return t("tournament-form-no-clock");
  if (body.clock.increment_s > 0 && body.clock.byoyomi_s > 0) return t("tournament-form-increment-and-byoyomi");
  return null;
}

/** The create form; `onCreated` gets the new tournament's id. */
function createForm(onCreated: (id: string) => void): HTMLElement {
  const name = h("input", { id: "t-name", name: "name", maxlength: 80, required: true, placeholder: t("tournament-form-name-placeholder"), autocomplete: "off" });
  const format = select("t-format", FORMATS.map((f) => [f, formatName(f)]), "mcmahon");
  const rounds = number("t-rounds", 7, 1, 30);
  const online = checkbox("t-online", true);
  const initial = number("t-initial", 45, 0);
  const increment = number("t-increment", 0, 0);
  const byoyomi = number("t-byoyomi", 30, 0);
  const periods = number("t-periods", 1, 1);
  const rated = checkbox("t-rated", true);
  const colours = select("t-colours", [["furigoma", t("tournament-form-colours-furigoma")], ["balanced", t("tournament-form-colours-balanced")]], "furigoma");
  const bye = select("t-bye", [["2", t("tournament-form-bye-one")], ["1", t("tournament-form-bye-half")]], "2");
  const tiebreaks = Array.from({ length: TIEBREAK_SLOTS }, (_, i) =>
    select(`t-tiebreak-${i + 1}`, [["", t("tournament-form-tiebreak-none")], ...TIEBREAKS.map((k): [string, string] => [k, tiebreakName(k)])], DEFAULT_TIEBREAKS[i] ?? ""),
  );
  const bar = number("t-bar", 2100, 0);
  const groupWidth = number("t-group-width", 100, 1);
  const groups = number("t-groups", 8, 1);
  const handicap = checkbox("t-handicap", false);
  const losersSwiss = checkbox("t-losers-swiss", false);
  const knockoutDraw = select("t-knockout-draw", [["armageddon", t("tournament-form-draw-armageddon")], ["rematch", t("tournament-form-draw-rematch")]], "armageddon");
  const noShow = number("t-no-show", 600, 1);
  const startsAt = h("input", { id: "t-starts", name: "starts_at", type: "datetime-local" });
  const arenaMinutes = number("t-arena-minutes", 60, 1);
  const berserk = checkbox("t-berserk", false);
  const create = h("button", { type: "submit", id: "t-create", class: "primary big" }, t("tournament-form-create"));

  const roundsField = field(t("tournament-form-rounds"), rounds);
  const mcmahonFields = h(
    "div",
    {},
    field(t("tournament-form-bar"), bar, t("tournament-form-bar-hint")),
    field(t("tournament-form-group-width"), groupWidth, t("tournament-form-group-width-hint")),
    field(t("tournament-form-groups"), groups, t("tournament-form-groups-hint")),
  );
  const knockoutField = h(
    "div",
    {},
    field(t("tournament-form-knockout-draw"), knockoutDraw, t("tournament-form-knockout-draw-hint")),
    field(t("tournament-form-losers-swiss"), losersSwiss, t("tournament-form-losers-swiss-hint")),
  );
  const arenaFields = h(
    "div",
    {},
    field(t("tournament-form-arena-minutes"), arenaMinutes),
    field(t("tournament-form-berserk"), berserk, t("tournament-form-berserk-hint")),
  );
  const onlineField = field(t("tournament-form-online"), online, t("tournament-form-online-hint"));
  const noShowField = field(t("tournament-form-no-show"), noShow, t("tournament-form-no-show-hint"));
  const ratedField = field(t("tournament-form-rated"), rated, t("tournament-form-rated-hint"));
  const swissFields = h("div", {}, field(t("tournament-form-colours"), colours), field(t("tournament-form-bye"), bye, t("tournament-form-bye-hint")));
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
    h("h2", {}, t("tournament-form-title")),
    field(t("tournament-form-name"), name),
    field(t("tournament-form-format"), format),
    roundsField,
    onlineField,
    field(t("tournament-form-main-time"), initial),
    field(t("tournament-form-byoyomi"), byoyomi),
    field(t("tournament-form-periods"), periods),
    field(t("tournament-form-increment"), increment, t("tournament-form-increment-hint")),
    ratedField,
    swissFields,
    h("div", { class: "field" }, h("span", {}, t("tournament-form-tiebreaks")), h("div", { class: "row" }, ...tiebreaks)),
    mcmahonFields,
    knockoutField,
    arenaFields,
    field(t("tournament-form-handicap"), handicap, t("tournament-form-handicap-hint")),
    noShowField,
    field(t("tournament-form-starts"), startsAt, t("tournament-form-starts-hint")),
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
      tiebreaks: tiebreaks.map((s) => s.value).filter((k): k is Tiebreak => k !== ""),
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
      .catch((err: unknown) => {
        create.disabled = false;
        toast(t("tournament-form-create-failed", { error: errorText(err) }));
      });
  });
  return form;
}

function listTable(list: TournamentSummary[]): HTMLElement {
  if (list.length === 0) return h("p", {}, t("tournament-list-empty"));
  const when = (ms: number | null) =>
    ms === null ? "" : new Date(ms).toLocaleString(language(), { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const status = { entries: t("tournament-list-status-entries"), running: t("tournament-list-status-running"), finished: t("tournament-list-status-finished") };
  const head = [t("tournament-list-name"), t("tournament-list-format"), t("tournament-list-players"), t("tournament-list-status"), t("tournament-list-starts")];
  return h(
    "table",
    { class: "t-table", id: "tournament-list" },
    h("thead", {}, h("tr", {}, ...head.map((text) => h("th", {}, text)))),
    h(
      "tbody",
      {},
      ...list.map((item) =>
        h(
          "tr",
          { "data-id": item.id },
          h("td", {}, h("a", { href: tournamentHref(item.id), translate: "no" }, item.name)),
          h("td", {}, formatName(item.format)),
          h("td", { class: "num" }, String(item.players)),
          h("td", {}, status[item.status] ?? item.status),
          h("td", { translate: "no" }, when(item.starts_at)),
        ),
      ),
    ),
  );
}

/** The /tournaments screen. */
export function tournamentsScreen(): Screen {
  const list = h("div", { class: "games" }, h("p", {}, t("tournament-loading")));
  let page = 1;
  const more = h("button", { type: "button", id: "tournaments-more", class: "small", hidden: true }, t("tournament-list-older"));
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
      .catch((err: unknown) => list.replaceChildren(h("p", {}, t("tournament-list-failed", { error: errorText(err) }))));
  };
  more.addEventListener("click", () => {
    page += 1;
    load();
  });
  load();
  const side = h("div", {}, h("p", { class: "panel" }, t("tournament-list-pending")));
  void currentAccount()
    .then((account) => {
      side.replaceChildren(
        account
          ? createForm((id) => location.assign(tournamentHref(id)))
          : h(
              "p",
              { class: "panel", id: "tournament-login" },
              ...tNodes("tournament-login-prompt", {
                login: h("a", { href: "/#login", onclick: () => afterLogIn("/tournaments") }, t("tournament-login-link")),
                signup: h("a", { href: "/#signup", onclick: () => afterLogIn("/tournaments") }, t("tournament-signup-link")),
              }),
            ),
      );
    })
    .catch(() => side.replaceChildren(h("p", { class: "panel" }, t("tournament-unreachable"))));
  const el = h(
    "div",
    { class: "home tournaments" },
    side,
    h("section", { class: "panel" }, h("h2", {}, t("tournament-list-title")), list, h("div", { class: "buttons" }, more)),
  );
  return { el, destroy: () => undefined };
}
