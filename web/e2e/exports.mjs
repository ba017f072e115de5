// A finished game's records as a person takes them: the game page's export links (KIF, CSA)
// downloaded into `<KOMA_ARTIFACTS>/exports/<game id>.kif` and `.csa`, with `<game id>.json`
// beside them holding what the server's state says (`GET /api/games/{id}`): the moves (USI),
// the players, the winner ("sente", "gote" or null) and the ending's reason, for a test that
// reads the records with another program (bindings/python). Each record is checked here for
// what a reader needs: KIF's 先手/後手/棋戦 lines, CSA's N+/N- lines, its moves and end code.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ARTIFACTS } from "./harness.mjs";
import { expect, fail } from "./http.mjs";

export const EXPORTS = path.join(ARTIFACTS, "exports");

/** Empties the folder of the records: it then holds this run's games only. */
export function clearExports() {
  rmSync(EXPORTS, { recursive: true, force: true });
  mkdirSync(EXPORTS, { recursive: true });
}

/** Downloads `page`'s record of `game` in `format` with its export link (`press` presses it). */
async function download(page, game, format, press) {
  const file = path.join(EXPORTS, `${game}.${format}`);
  const [done] = await Promise.all([page.waitForEvent("download"), press(`.exports a[data-format="${format}"]`)]);
  await done.saveAs(file);
  return readFileSync(file, "utf8");
}

/** The header line `key：value` of a KIF text (the full-width colon, or a plain one). */
const kifLine = (kif, key) => kif.split(/\r?\n/).find((l) => l.startsWith(`${key}：`) || l.startsWith(`${key}:`))?.slice(key.length + 1).trim();

/**
 * Saves the KIF, CSA and state of the finished `game` shown on `page` (of the tournament
 * `event`), and checks them against the state.
 */
export async function exportGame(page, game, event, press) {
  const state = await expect([200], "GET", `/api/games/${encodeURIComponent(game)}`);
  if (!state.outcome) fail(`game ${game}: not over, nothing to export`);
  const sidecar = {
    moves: state.moves,
    sente: state.players?.sente?.name ?? null,
    gote: state.players?.gote?.name ?? null,
    winner: state.outcome.winner ?? null,
    ending: state.outcome.reason,
  };
  const kif = await download(page, game, "kif", press);
  for (const [key, want] of [["先手", sidecar.sente], ["後手", sidecar.gote], ["棋戦", event]]) {
    const got = kifLine(kif, key);
    if (!got?.includes(want)) fail(`game ${game}: the KIF's ${key} line is '${got}', it should name ${want}`);
  }
  const csa = (await download(page, game, "csa", press)).split(/\r?\n/);
  if (!csa.includes(`N+${sidecar.sente}`) || !csa.includes(`N-${sidecar.gote}`)) fail(`game ${game}: the CSA has no N+${sidecar.sente} and N-${sidecar.gote} lines`);
  const moves = csa.filter((l) => /^[+-]\d{4}[A-Z]{2}/.test(l)).length;
  if (moves !== sidecar.moves.length) fail(`game ${game}: the CSA has ${moves} moves, the game ${sidecar.moves.length}`);
  const end = csa.find((l) => /^%[A-Z_+-]+/.test(l));
  if (!end) fail(`game ${game}: the CSA has no end code (%TORYO, ...)`);
  // Last: a sidecar says that both records are there.
  writeFileSync(path.join(EXPORTS, `${game}.json`), `${JSON.stringify(sidecar, null, 2)}\n`);
  return { kif, csa, end };
}
