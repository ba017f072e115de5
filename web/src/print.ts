// /tournaments/{id}/print?round=N: one round's pairings to print and pin up: black on white,
// no navigation, one table (board, sente, gote, and a blank result column to fill in).
import { errorText } from "./api.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import type { Screen } from "./screen.js";
import { tournamentApi, type TournamentView } from "./tournament-api.js";

function pairingsTable(view: TournamentView, number: number): HTMLElement {
  const round = view.rounds.find((r) => r.number === number);
  if (!round) return h("p", { id: "print-missing" }, t("tournament-print-missing", { number, paired: view.rounds.length }));
  // A player's cell: his name and rating (data), or his number when the view lacks him.
  const who = (n: number) => {
    const p = view.players.find((e) => e.n === n);
    return p ? h("td", { translate: "no" }, `${p.name} (${p.rating})`) : h("td", {}, t("tournament-player-unknown", { number: n }));
  };
  const rows = round.boards.map((b) => h("tr", {}, h("td", { class: "num" }, String(b.board)), who(b.sente), who(b.gote), h("td", { class: "blank" }, "")));
  if (round.bye !== null) rows.push(h("tr", { class: "bye" }, h("td", {}, ""), who(round.bye), h("td", {}, t("tournament-print-bye")), h("td", { class: "blank" }, "")));
  return h(
    "table",
    { id: "print-table" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, t("tournament-col-board")), h("th", {}, t("tournament-col-sente")), h("th", {}, t("tournament-col-gote")), h("th", {}, t("tournament-col-result"))),
    ),
    h("tbody", {}, ...rows),
  );
}

/** The printable pairings of `round` (the last paired round when null). */
export function printScreen(id: string, round: number | null): Screen {
  document.body.classList.add("print-page");
  const el = h("div", { class: "print" }, h("p", {}, t("tournament-loading")));
  tournamentApi
    .view(id)
    .then((view) => {
      const number = round ?? view.rounds.length;
      document.title = t("tournament-print-page-title", { name: view.name, number });
      el.replaceChildren(h("h1", { translate: "no" }, view.name), h("h2", {}, t("tournament-round-title", { number })), pairingsTable(view, number));
    })
    .catch((e: unknown) => el.replaceChildren(h("p", {}, t("tournament-read-failed", { error: errorText(e) }))));
  return { el, destroy: () => document.body.classList.remove("print-page") };
}
