// /tournaments/{id}/print?round=N: one round's pairings to print and pin up: black on white,
// no navigation, one table (board, sente, gote, and a blank result column to fill in).
import { h } from "./dom.js";
import type { Screen } from "./screen.js";
import { tournamentApi, type TournamentView } from "./tournament-api.js";

function pairingsTable(view: TournamentView, number: number): HTMLElement {
  const round = view.rounds.find((r) => r.number === number);
  if (!round) return h("p", { id: "print-missing" }, `Round ${number} is not paired (${view.rounds.length} paired).`);
  const who = (n: number) => {
    const p = view.players.find((e) => e.n === n);
    return p ? `${p.name} (${p.rating})` : `#${n}`;
  };
  const rows = round.boards.map((b) =>
    h("tr", {}, h("td", { class: "num" }, String(b.board)), h("td", {}, who(b.sente)), h("td", {}, who(b.gote)), h("td", { class: "blank" }, "")),
  );
  if (round.bye !== null) rows.push(h("tr", { class: "bye" }, h("td", {}, ""), h("td", {}, who(round.bye)), h("td", {}, "bye"), h("td", { class: "blank" }, "")));
  return h(
    "table",
    { id: "print-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "Board"), h("th", {}, "☗ Sente"), h("th", {}, "☖ Gote"), h("th", {}, "Result"))),
    h("tbody", {}, ...rows),
  );
}

/** The printable pairings of `round` (the last paired round when null). */
export function printScreen(id: string, round: number | null): Screen {
  document.body.classList.add("print-page");
  const el = h("div", { class: "print" }, h("p", {}, "Loading…"));
  tournamentApi
    .view(id)
    .then((view) => {
      const number = round ?? view.rounds.length;
      document.title = `${view.name} · round ${number}`;
      el.replaceChildren(h("h1", {}, view.name), h("h2", {}, `Round ${number}`), pairingsTable(view, number));
    })
    .catch((e: Error) => el.replaceChildren(h("p", {}, `Cannot read the tournament: ${e.message}`)));
  return { el, destroy: () => document.body.classList.remove("print-page") };
}
