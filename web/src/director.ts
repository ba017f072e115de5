// The director's controls on a tournament's page: enter players over the board, start, pair
// the next round, enter or correct results (forfeits and handicaps included) in the pairings
// table, withdraw a player, and the printable pairings of the current round.
import { errorText } from "./api.js";
import { confirmDialog, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { handicapOptions } from "./variants.js";
import {
  printHref,
  tournamentApi,
  type Board,
  type BoardResult,
  type NewPlayer,
  type TournamentView,
} from "./tournament-api.js";

/** The results the director chooses from, and their labels' messages. */
const RESULTS: [BoardResult | "", string][] = [
  ["", "tournament-director-result-none"],
  ["sente", "tournament-director-result-sente"],
  ["gote", "tournament-director-result-gote"],
  ["draw", "tournament-director-result-draw"],
  ["sente_forfeit_win", "tournament-director-result-sente-forfeit-win"],
  ["gote_forfeit_win", "tournament-director-result-gote-forfeit-win"],
  ["unplayed", "tournament-director-result-unplayed"],
];

/** An edit of one board the director has not saved yet. */
interface Pending { result: BoardResult | ""; handicap: string }

/** The director's panel, kept across the live updates (what he types stays). */
export interface DirectorPanel {
  el: HTMLElement;
  /** Shows the state of `view` (which buttons apply now). */
  update(view: TournamentView): void;
  /** Unsaved result edits by `round:board`. */
  pending: Map<string, Pending>;
  /** Sends the result of one board. */
  save(round: number, board: number, edit: Pending): Promise<void>;
}

/** Whether every board of the last round has a result. */
export function roundComplete(view: TournamentView): boolean {
  const last = view.rounds[view.rounds.length - 1];
  return last !== undefined && last.boards.every((b) => b.result !== null);
}

/**
 * The director's panel for `view`'s tournament; `accept` takes what a call answered (the new
 * view, or anything else: then the page reads the view again).
 */
export function directorPanel(first: TournamentView, accept: (answer: unknown) => void): DirectorPanel {
  const id = first.id;
  let view = first;
  // `failed`: the message of a refusal, with the server's reason as `$error`.
  const call = (button: HTMLButtonElement | null, failed: string, what: () => Promise<unknown>): Promise<void> => {
    if (button) button.disabled = true;
    return what()
      .then(accept)
      .catch((e: unknown) => {
        toast(t(failed, { error: errorText(e) }));
        throw e;
      })
      .finally(() => {
        if (button) button.disabled = false;
        panel.update(view);
      });
  };

  // Players over the board.
  const name = h("input", { id: "add-player-name", name: "name", maxlength: 80, required: true, placeholder: t("tournament-director-name"), autocomplete: "off" });
  const rating = h("input", { id: "add-player-rating", name: "rating", type: "number", min: 0, max: 4000, step: 1, required: true, value: 1500, class: "short" });
  const fesa = h("input", { id: "add-player-fesa", name: "fesa_id", placeholder: t("tournament-director-fesa-id"), autocomplete: "off", class: "short" });
  const nationality = h("input", { id: "add-player-nationality", name: "nationality", placeholder: t("tournament-director-country"), title: t("tournament-director-country-title"), maxlength: 2, pattern: "[A-Za-z]{2}", autocomplete: "off", class: "short" });
  const account = h("input", { id: "add-player-account", name: "account", placeholder: t("tournament-director-account"), autocomplete: "off", class: "short" });
  const add = h("button", { type: "submit", id: "add-player-submit" }, t("tournament-director-add"));
  const addForm = h("form", { id: "add-player", class: "row" }, name, rating, fesa, nationality, account, add);
  addForm.addEventListener("submit", (e) => {
    e.preventDefault();
    const player: NewPlayer = { name: name.value.trim(), rating: rating.valueAsNumber };
    if (!player.name) return toast(t("tournament-director-no-name"));
    if (!Number.isInteger(player.rating)) return toast(t("tournament-director-rating-not-whole"));
    if (fesa.value.trim()) player.fesa_id = fesa.value.trim();
    if (nationality.value.trim()) player.nationality = nationality.value.trim().toUpperCase();
    if (account.value.trim()) player.account = account.value.trim();
    // The form is emptied at once, so the next player can be typed while this one is added
    // (emptied after the answer, it wiped what was typed meanwhile); a refusal puts back what
    // was sent into the fields still empty.
    const fields = [name, fesa, nationality, account];
    const sent = fields.map((f) => f.value);
    for (const f of fields) f.value = "";
    name.focus();
    call(add, "tournament-director-add-failed", () => tournamentApi.addPlayer(id, player)).catch(() => {
      fields.forEach((f, i) => {
        if (f.value === "") f.value = sent[i]!;
      });
    });
  });

  const start = h("button", { type: "button", id: "start", class: "primary" }, t("tournament-director-start"));
  start.addEventListener("click", () => {
    void confirmDialog(t("tournament-director-start-confirm", { count: view.players.length }), t("tournament-director-start-yes")).then((yes) => {
      if (yes) call(start, "tournament-director-start-failed", () => tournamentApi.start(id)).catch(() => undefined);
    });
  });
  const pair = h("button", { type: "button", id: "pair-next", class: "primary" }, t("tournament-director-pair"));
  pair.addEventListener("click", () => call(pair, "tournament-director-pair-failed", () => tournamentApi.pairNext(id)).catch(() => undefined));
  const waiting = h("span", { class: "hint", id: "pair-waiting" }, "");
  const print = h("a", { id: "print-link", class: "button", target: "_blank" }, t("tournament-director-print"));

  const withdrawWho = h("select", { id: "withdraw-player", name: "player" });
  const withdraw = h("button", { type: "button", id: "withdraw-submit", class: "danger" }, t("tournament-director-withdraw"));
  withdraw.addEventListener("click", () => {
    const n = Number(withdrawWho.value);
    const who = view.players.find((p) => p.n === n);
    if (!who) return;
    void confirmDialog(t("tournament-director-withdraw-confirm", { name: who.name }), t("tournament-director-withdraw-yes")).then((yes) => {
      if (yes) call(withdraw, "tournament-director-withdraw-failed", () => tournamentApi.withdraw(id, n)).catch(() => undefined);
    });
  });

  const entries = h("div", { class: "director-entries" }, h("h3", {}, t("tournament-director-entries")), addForm);
  const withdrawRow = h("div", { class: "row" }, h("span", {}, t("tournament-director-withdraw-label")), withdrawWho, withdraw);
  const el = h(
    "section",
    { class: "panel director", id: "director" },
    h("h2", {}, t("tournament-director-title")),
    entries,
    h("div", { class: "row" }, start, pair, waiting, print),
    withdrawRow,
    h("p", { class: "hint" }, t("tournament-director-results-hint")),
  );

  const panel: DirectorPanel = {
    el,
    pending: new Map(),
    update(next: TournamentView) {
      view = next;
      const last = next.rounds.length;
      const more = next.status === "running" && last < next.rounds_planned;
      // Players enter until round 1, and in a Swiss or McMahon until the last round.
      const late = (next.format === "swiss" || next.format === "mcmahon") && more;
      entries.hidden = !(next.status === "entries" || late);
      start.hidden = next.status !== "entries";
      pair.hidden = !more;
      const complete = roundComplete(next);
      pair.disabled = !complete;
      waiting.textContent = more && !complete ? t("tournament-director-waiting", { round: last }) : "";
      print.hidden = last === 0;
      if (last > 0) print.setAttribute("href", printHref(id, last));
      const active = next.players.filter((p) => !p.withdrawn);
      const chosen = withdrawWho.value;
      withdrawWho.replaceChildren(...active.map((p) => h("option", { value: p.n, selected: String(p.n) === chosen }, t("tournament-director-withdraw-option", { number: p.n, name: p.name }))));
      withdrawRow.hidden = next.status === "finished" || active.length === 0;
    },
    save(round, board, edit) {
      if (edit.result === "") {
        toast(t("tournament-director-no-result"));
        return Promise.resolve();
      }
      const entry = { round, board, result: edit.result, handicap: edit.handicap || null };
      return call(null, "tournament-director-save-failed", () => tournamentApi.result(id, entry)).then(() => {
        panel.pending.delete(`${round}:${board}`);
      });
    },
  };
  panel.update(first);
  return panel;
}

/** The result cell of one board for the director: result, handicap and Save. */
export function resultCell(panel: DirectorPanel, round: number, b: Board): HTMLElement {
  const key = `${round}:${b.board}`;
  const edit: Pending = panel.pending.get(key) ?? { result: b.result ?? "", handicap: b.handicap ?? "" };
  const result = h("select", { class: "result-select", "aria-label": t("tournament-director-result-label", { board: b.board }) }, ...RESULTS.map(([v, label]) => h("option", { value: v, selected: v === edit.result }, t(label))));
  const handicaps: [string, string][] = handicapOptions("shogi").map(([v, label]) => [v === "even" ? "" : v, label]);
  const handicap = h("select", { class: "handicap-select", "aria-label": t("tournament-director-handicap-label", { board: b.board }) }, ...handicaps.map(([v, label]) => h("option", { value: v, selected: v === edit.handicap }, label)));
  const save = h("button", { type: "button", class: "small save-result" }, t("tournament-director-save"));
  const changed = () => edit.result !== (b.result ?? "") || edit.handicap !== (b.handicap ?? "");
  const mark = () => {
    save.disabled = !changed();
    if (changed()) panel.pending.set(key, edit);
    else panel.pending.delete(key);
  };
  result.addEventListener("change", () => {
    edit.result = result.value as BoardResult | "";
    mark();
  });
  handicap.addEventListener("change", () => {
    edit.handicap = handicap.value;
    mark();
  });
  save.addEventListener("click", () => {
    save.disabled = true;
    panel.save(round, b.board, edit).catch(() => (save.disabled = false));
  });
  mark();
  return h("div", { class: "result-edit" }, result, handicap, save);
}
