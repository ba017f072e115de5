// The tournaments' HTTP API (the lead's spec, tournament-api.md): the views the server
// sends, the create body, the calls, and the event's live stream (newline-delimited JSON).
import { lines } from "./ndjson.js";
import { request } from "./api.js";
import { isPseudo, language, t, type Args } from "./i18n.js";

export type Format = "swiss" | "mcmahon" | "knockout" | "round_robin" | "double_round_robin" | "arena";
export type Tiebreak = "sos" | "sosos" | "sodos" | "median_sos" | "direct";
export type BoardResult = "sente" | "gote" | "draw" | "sente_forfeit_win" | "gote_forfeit_win" | "unplayed";

/** A tournament's clock: main time, Fischer increment, byoyomi and its periods (seconds). */
export interface TournamentClock { initial_s: number; increment_s: number; byoyomi_s: number; periods: number }

/** The body of `POST /api/tournaments` (also the view's `settings`). */
export interface TournamentSettings {
  name: string;
  format: Format;
  rounds: number;
  online: boolean;
  clock: TournamentClock;
  rated: boolean;
  colours: "furigoma" | "balanced";
  bye_points: 1 | 2;
  tiebreaks: Tiebreak[];
  mcmahon?: { bar: number; group_width: number; groups: number };
  handicap_by_rating: boolean;
  knockout_draw: "armageddon" | "rematch";
  losers_swiss?: boolean;
  no_show_s: number;
  starts_at: number | null;
  arena_minutes: number;
  berserk: boolean;
}

/** One line of `GET /api/tournaments`. */
export interface TournamentSummary { id: string; name: string; format: Format; status: Status; players: number; starts_at: number | null }

export type Status = "entries" | "running" | "finished";

export interface Entrant { n: number; name: string; username: string | null; rating: number; start_score: number; withdrawn: boolean }
/** An account the director entered, waiting for the player to accept. */
export interface Invited { name: string; username: string | null; rating: number }
export interface Board { board: number; sente: number; gote: number; result: BoardResult | null; game: string | null; handicap: string | null }
export interface RoundView { number: number; started_at: number | null; boards: Board[]; bye: number | null }
export interface Standing { place: number; n: number; name: string; points: number; score: string; tiebreaks: Record<string, string>; games: number }
export interface Match { a: number | null; b: number | null; winner: number | null }

/** The full public view of `GET /api/tournaments/{id}` and of each line of its stream. */
export interface TournamentView {
  id: string;
  name: string;
  format: Format;
  status: Status;
  director: string;
  online: boolean;
  clock: TournamentClock;
  rounds_planned: number;
  settings: TournamentSettings;
  players: Entrant[];
  /** Accounts the director invited that have not accepted yet: never paired. */
  invited: Invited[];
  rounds: RoundView[];
  standings: Standing[];
  knockout: { bracket: Match[][] } | null;
  arena: ArenaView | null;
}

/** An arena game: players by number, its result once over, and who went berserk. */
export interface ArenaGame { sente: number; gote: number; game: string | null; result: string | null; sente_berserk: boolean; gote_berserk: boolean }

/** An arena's state: its end, the scores (rank order) and its games. */
export interface ArenaView { ends_at: number; berserk: boolean; scores: { n: number; score: number; streak: boolean; games: number }[]; games: ArenaGame[] }

/** A result the director enters: round and board are 1-based. */
export interface ResultEntry { round: number; board: number; result: BoardResult; handicap: string | null }

const base = (id: string) => `/api/tournaments/${encodeURIComponent(id)}`;

/** A player the director enters: the rating typed is his FESA starting rating when he has no FESA id; nationality is a two-letter country code for FESA's results file. */
export interface NewPlayer { name: string; rating: number; fesa_id?: string; nationality?: string; account?: string }

export const tournamentApi = {
  list: (page = 1, per = 20) => request<TournamentSummary[]>("GET", `/api/tournaments?page=${page}&per=${per}`),
  create: (body: TournamentSettings) => request<TournamentView>("POST", "/api/tournaments", body),
  view: (id: string) => request<TournamentView>("GET", base(id)),
  /** Joins (or accepts the invitation); `nationality` (a two-letter code) for FESA's file. */
  join: (id: string, nationality = "") => request<TournamentView>("POST", `${base(id)}/join`, nationality.trim() ? { nationality: nationality.trim() } : {}),
  /** The player withdraws; the director names a player by `n`. */
  withdraw: (id: string, player?: number) => request<TournamentView>("POST", `${base(id)}/withdraw`, player === undefined ? {} : { player }),
  addPlayer: (id: string, player: NewPlayer) =>
    request<TournamentView>("POST", `${base(id)}/players`, player),
  start: (id: string) => request<TournamentView>("POST", `${base(id)}/start`, {}),
  pairNext: (id: string) => request<TournamentView>("POST", `${base(id)}/rounds`, {}),
  result: (id: string, entry: ResultEntry) => request<TournamentView>("POST", `${base(id)}/results`, entry),
  /** The player halves their clock in their arena game `game` before their first move. */
  berserk: (id: string, game: string) => request<TournamentView>("POST", `${base(id)}/berserk`, { game }),
  exportUrl: (id: string, file: "crosstable.csv" | "crosstable.html" | "fesa.txt" | "elo.csv") => `${base(id)}/${file}`,
  streamUrl: (id: string) => `${base(id)}/stream`,
};

/** Whether the answer of a director's call is a view (the spec leaves the answers' shape open). */
export function isView(answer: unknown): answer is TournamentView {
  return typeof answer === "object" && answer !== null && "rounds" in answer && "standings" in answer;
}

/**
 * Follows `GET /api/tournaments/{id}/stream`: `onView` gets every view as it arrives (the
 * first at once); after a drop it reconnects (1 s, doubling to 8 s) until `close`.
 */
export class TournamentStream {
  private controller: AbortController | null = null;
  private closed = false;
  private delay = 1000;
  private timer: number | undefined;

  constructor(
    private readonly id: string,
    private readonly onView: (view: TournamentView) => void,
    private readonly onConnected: (up: boolean) => void,
  ) {
    void this.open();
  }

  private async open(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    try {
      const response = await fetch(tournamentApi.streamUrl(this.id), { headers: { Accept: "application/x-ndjson" }, signal: controller.signal });
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      this.onConnected(true);
      this.delay = 1000;
      for await (const line of lines(response.body)) {
        // Empty lines keep the connection open.
        if (!line) continue;
        let view: unknown;
        try {
          view = JSON.parse(line);
        } catch {
          continue;
        }
        if (!isView(view)) continue;
        try {
          this.onView(view);
        } catch (e) {
          // A fault of the page, not of the connection: say so, and keep reading.
          console.error("tournament page:", e);
        }
      }
    } catch {
      // dropped or refused: try again below
    }
    if (this.closed || this.controller !== controller) return;
    this.onConnected(false);
    this.timer = window.setTimeout(() => void this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    this.controller?.abort();
    this.controller = null;
  }
}

const FORMAT_NAMES: Record<Format, string> = {
  swiss: "tournament-format-swiss",
  mcmahon: "tournament-format-mcmahon",
  knockout: "tournament-format-knockout",
  round_robin: "tournament-format-round-robin",
  double_round_robin: "tournament-format-double-round-robin",
  arena: "tournament-format-arena",
};

/** The format's name as the page shows it (an unknown one as the server names it). */
export function formatName(format: Format): string {
  const key = FORMAT_NAMES[format];
  return key ? t(key) : format;
}

/** Parts of a list joined by the message `join` (`{ $first } + { $second }`), in order. */
function joined(parts: string[], join: string): string {
  return parts.reduce((first, second) => t(join, { first, second }));
}

/** `45m + 30s byoyomi`, `10m + 5s increment`, `30s × 3 byoyomi`. */
export function clockText(c: TournamentClock): string {
  const parts: string[] = [];
  if (c.initial_s > 0) parts.push(c.initial_s % 60 === 0 ? t("tournament-clock-minutes", { minutes: c.initial_s / 60 }) : t("tournament-clock-seconds", { seconds: c.initial_s }));
  if (c.increment_s > 0) parts.push(t("tournament-clock-increment", { seconds: c.increment_s }));
  if (c.byoyomi_s > 0) parts.push(c.periods > 1 ? t("tournament-clock-byoyomi-periods", { seconds: c.byoyomi_s, periods: c.periods }) : t("tournament-clock-byoyomi", { seconds: c.byoyomi_s }));
  return parts.length ? joined(parts, "tournament-clock-join") : t("tournament-clock-none");
}

/** A line of facts about the event (format, rounds, clock...) joined by ` · `. */
export function settingsText(parts: string[]): string {
  return parts.length ? joined(parts, "tournament-info-join") : "";
}

/** The tie-breaks, in the order the create form offers them. */
export const TIEBREAKS: Tiebreak[] = ["sos", "sosos", "sodos", "median_sos", "direct"];

const TIEBREAK_NAMES: Record<Tiebreak, string> = {
  sos: "tournament-tiebreak-sos",
  sosos: "tournament-tiebreak-sosos",
  sodos: "tournament-tiebreak-sodos",
  median_sos: "tournament-tiebreak-median-sos",
  direct: "tournament-tiebreak-direct",
};

/** A tie-break's name (one the page does not know: the server's key). */
export function tiebreakName(key: string): string {
  const id = TIEBREAK_NAMES[key as Tiebreak];
  return id ? t(id) : t("tournament-tiebreak-other", { key });
}

const RESULT_TEXTS: Record<BoardResult, string> = {
  sente: "tournament-result-sente",
  gote: "tournament-result-gote",
  draw: "tournament-result-draw",
  sente_forfeit_win: "tournament-result-sente-forfeit-win",
  gote_forfeit_win: "tournament-result-gote-forfeit-win",
  unplayed: "tournament-result-unplayed",
};

/** A board's result as text: `1-0`, `0-1`, `½-½`, `1-0 ff` (forfeit), `unplayed`, or empty. */
export function resultText(result: BoardResult | null): string {
  if (result === null) return "";
  const key = RESULT_TEXTS[result];
  return key ? t(key) : "";
}

/**
 * The message `id` with the nodes of `slots` (a link, a button, a player's name) in the place
 * of its variables of the same names; `args` are its other variables (data).
 */
export function tNodes(id: string, slots: Record<string, Node>, args: Args = {}): (Node | string)[] {
  const names = Object.keys(slots);
  const marks: Args = {};
  names.forEach((name, i) => (marks[name] = String.fromCharCode(0xe000 + i)));
  // The isolates that frame a variable (pseudo-language) frame nothing once it is a node.
  const text = t(id, { ...args, ...marks }).replace(/\u2068?([\ue000-\uf8ff])\u2069?/g, "$1");
  const out: (Node | string)[] = [];
  let rest = "";
  for (const ch of text) {
    const i = ch.charCodeAt(0) - 0xe000;
    const node = i >= 0 && i < names.length ? slots[names[i]!] : undefined;
    if (node === undefined) {
      rest += ch;
      continue;
    }
    if (rest) out.push(rest);
    rest = "";
    out.push(node);
  }
  if (rest) out.push(rest);
  return out;
}

/** The address of a tournament's page, and of a round's printable pairings: in the page's
 *  language (it opens in a new tab, which a `?lang=` of this tab does not reach). */
export const tournamentHref = (id: string) => `/tournaments/${encodeURIComponent(id)}`;
export const printHref = (id: string, round: number) => `${tournamentHref(id)}/print?round=${round}&lang=${isPseudo() ? "qps" : language()}`;
