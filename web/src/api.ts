// The koma serve API: JSON over fetch, and the game's WebSocket (reconnecting).
import type { Color, Variant } from "./sfen.js";
import { hasMessage, t } from "./i18n.js";

export interface TimeView { main_ms: number; periods: number; period_ms: number }
export interface ClockView { sente: TimeView; gote: TimeView; running: Color | null; at_ms: number }
export interface OutcomeView { winner: Color | null; reason: string; result: string }
export interface HistoryEntry { usi: string; japanese: string; western: string; german: string; sfen: string; check?: boolean }
export interface EngineView { seat: Color; movetime_ms: number | null; depth: number | null }
/** An account playing a seat: its rating in the game's pool (after the game once rated), rank, and the change. */
export interface PlayerView {
  id: string;
  name: string;
  rating: number;
  provisional: boolean;
  rank: string;
  rank_ja: string;
  rating_before: number;
  diff: number | null;
}
/** The handicap two players' ratings call for; `giver` is the stronger player's seat. */
export interface HandicapView { handicap: string; japanese: string; giver: Color | null }

export interface GameState {
  id: string;
  variant: Variant;
  rules: string;
  time_control: string | null;
  start_sfen: string;
  sfen: string;
  moves: string[];
  /** In a WebSocket push only: how many moves of the socket's previous state stay; `moves` and `history` follow them. */
  moves_from?: number;
  side_to_move: Color;
  in_check: boolean;
  legal_moves: string[];
  started: boolean;
  creator: Color;
  clock: ClockView | null;
  outcome: OutcomeView | null;
  history: HistoryEntry[];
  engine: EngineView | null;
  rematch: string | null;
  /** Whether the server would take a player's offer of a rematch now (never in a
   *  tournament's game): the page shows the button only then. */
  rematch_allowed: boolean;
  /** Who offers a draw, who asks for a takeback, and who offers a rematch. */
  offers: { draw: Color | null; takeback: Color | null; rematch: Color | null };
  /** When this state was taken (Unix ms): the later of two states is the newer. */
  as_of_ms: number;
  /** Whether the game is rated. */
  rated: boolean;
  /** The accounts playing the seats (null: a guest or the engine). */
  players: Record<Color, PlayerView | null>;
  /** In a game between two accounts, the handicap their ratings call for. */
  suggested_handicap: HandicapView | null;
}

/** One line of a game's chat. */
export interface ChatLine {
  room: "player" | "spectator";
  username: string;
  /** The line (a greeting's Japanese words). */
  text: string;
  at: number;
  /** The greeting the line is, if it is one: each reader's page says it in his language. */
  greeting?: Greeting;
}

/** The customs' greetings: よろしくお願いします before the game, ありがとうございました after. */
export type Greeting = "start" | "end";

export interface CreateRequest {
  variant?: Variant;
  handicap?: string;
  rules?: string;
  time_control?: string;
  side?: "sente" | "gote" | "random";
  opponent?: "person" | "engine";
  engine?: { movetime_ms: number } | { depth: number };
  rated?: boolean;
}

export interface CreateAnswer {
  id: string;
  seat: Color;
  token: string;
  invite: string | null;
  invite_link: string | null;
  furigoma: string | null;
  game: GameState;
}

export interface SeatAnswer { id: string; seat: Color; token: string; game: GameState }

export interface GameSummary {
  id: string;
  variant: Variant;
  rules: string;
  time_control: string | null;
  created_ms: number;
  started: boolean;
  plies: number;
  /** The stored result, winner first (`gote resignation`); word it from `outcome`. */
  result: string | null;
  outcome?: OutcomeView | null;
  /** Whether the game is rated. */
  rated?: boolean;
  /** The accounts playing the seats (null: a guest, the engine or a free seat). */
  sente?: PlayerView | null;
  gote?: PlayerView | null;
}

/** Something said about a record: a leniency its reading needed or something an answer
 *  could not keep; `code` for programs (`move_number`, `variations_dropped`...), `line` 0 for
 *  the whole text. */
export interface RecordWarning { code: string; line: number; message: string }

/** One node of a record's tree: the start (the first node), a move or an ending. */
export interface TreeNode {
  parent: number | null;
  /** The nodes that follow: the line's next first, then the variations replacing it. */
  children: number[];
  ply: number;
  move?: HistoryEntry;
  /** An ending's Japanese word (投了...). */
  end?: string;
  comments?: string[];
  bookmark?: string;
  spent_ms?: number;
  /** Marks drawn on the position after it (a kansōsen room's): an arrow, or a circle where
   *  `from` is `to`. */
  shapes?: Shape[];
}

/** A mark on the board: an arrow between two squares, a circle where `from` is `to`. */
export interface Shape {
  from: string;
  to: string;
}

/** A kansōsen room's state, as its socket pushes it. */
export interface RoomState {
  type: "room";
  game: string;
  version: number;
  variant: Variant;
  start_sfen: string;
  tree: TreeNode[];
  /** The node the shared board shows. */
  at: number;
  engine: boolean;
  /** The spectator's account the players handed the board to. */
  holder: string | null;
  /** The players' names, sente's first. */
  players: [string | null, string | null];
}

/** Someone in a room (one per open page). */
export interface RoomMember {
  name: string;
  account: string | null;
  seat: Color | null;
}

/** The engine's message in a room: what it is doing, and its lines when done. */
export interface RoomLines {
  type: "lines";
  status: "off" | "searching" | "busy" | "done" | "failed";
  node?: number;
  analysis?: Analysis;
  error?: string;
}

/** What a room's socket sends. */
export type RoomMessage =
  | RoomState
  | RoomLines
  | { type: "you"; seat: Color | null; account: string | null; name: string }
  | { type: "members"; people: RoomMember[] }
  | { type: "chat"; lines: ChatLine[] }
  | { type: "error"; status: number; code?: string; error: string };

export interface RecordRead {
  /** The format the text was read in. */
  format: string;
  variant: Variant;
  start_sfen: string;
  moves: string[];
  history: HistoryEntry[];
  header: { sente: string | null; gote: string | null; event: string | null; entries: [string, string][] };
  result: string | null;
  outcome?: OutcomeView | null;
  /** The main line and every variation, with comments. */
  tree: TreeNode[];
  /** What the reader accepted beyond the format, and what the answer leaves out. */
  warnings: RecordWarning[];
}

/** A tree written as a record, with what the format could not keep. */
export interface RecordExported { format: string; text: string; warnings: RecordWarning[] }
/** A line checked by the server: its moves and what may follow. */
export interface LineState { history: HistoryEntry[]; sfen: string; side: Color; in_check: boolean; legal: string[] }

/** A record written in another format, with what that format could not keep. */
export interface RecordConverted { format: string; text: string; warnings: RecordWarning[]; read_warnings: RecordWarning[] }

export type Score = { cp: number } | { mate: number };

export interface ReviewEntry {
  ply: number;
  score: Score;
  winrate: number;
  best: string | null;
  best_text: string | null;
  pv: string[];
  pv_text: string[];
  played?: string;
  played_text?: string;
  loss?: number;
  mark?: "dubious" | "mistake" | "blunder" | null;
  better?: string | null;
  better_text?: string | null;
  better_pv_text?: string[] | null;
}

export interface Review { id: string; done: boolean; total: number; error: string | null; entries: ReviewEntry[] }

/** One of the engine's lines on a position: `score` from the side to move's point of view, `sente` from sente's. */
export interface EngineLine { multipv: number; score: Score; sente: Score; winrate: number; pv: string[]; pv_text: string[] }
/** The engine's lines on a position (`POST /api/analysis`). */
export interface Analysis { variant: Variant; sfen: string; depth: number; cached: boolean; lines: EngineLine[] }

/** A refused request: the server's message, the HTTP status and its error code (`not_found`, `illegal_move`...). */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message);
  }
}

/**
 * What to tell the reader of a refusal: the catalog's message for its code (`error-CODE`, given
 * the server's own English text as `$detail`), `error-unreachable` when no answer came (status
 * 0), else the catalog's general message with the server's text.
 */
export function errorText(e: unknown, code?: string): string {
  const detail = e instanceof Error ? e.message : String(e);
  const known = code ?? (e instanceof ApiError ? e.code : undefined);
  if (known && hasMessage(`error-${known}`)) return t(`error-${known}`, { detail });
  if (e instanceof ApiError && e.status === 0) return t("error-unreachable", { detail });
  return t("error-other", { detail });
}

/** One JSON request to the API; a refusal throws an `ApiError` with the server's message. */
export async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const init: RequestInit = { method, headers: { Accept: "application/json" } };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { "Content-Type": "application/json", Accept: "application/json" };
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    // The reader is told so in the catalog's words (`error-unreachable`, api.ts `errorText`).
    throw new ApiError(String(e), 0);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text || response.statusText;
    let code: string | undefined;
    try {
      const body = JSON.parse(text) as { error?: string; code?: string };
      message = body.error ?? message;
      code = body.code;
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(message, response.status, code);
  }
  const type = response.headers.get("Content-Type") ?? "";
  return (type.includes("json") ? JSON.parse(text) : text) as T;
}

/** Fills the fields a server without this session's additions leaves out. */
export function normalize(state: GameState): GameState {
  const history =
    state.history ??
    state.moves.map((usi) => ({ usi, japanese: usi, western: usi, german: usi, sfen: "" }));
  const given: Partial<GameState["offers"]> = state.offers ?? {};
  const offers = { draw: given.draw ?? null, takeback: given.takeback ?? null, rematch: given.rematch ?? null };
  return { ...state, history, engine: state.engine ?? null, rematch: state.rematch ?? null, rematch_allowed: state.rematch_allowed ?? false, offers, as_of_ms: state.as_of_ms ?? 0 };
}

const games = (id: string) => `/api/games/${encodeURIComponent(id)}`;

/** A game under way of the logged-in account, as `GET /api/account/playing` lists it (lishogi's `nowPlaying`). */
export interface NowPlaying {
  gameId: string;
  color: Color;
  isMyTurn: boolean;
  lastMove: string;
  opponent: { username: string; rating?: number; ai?: number };
  variant: { key: string; name: string };
  rated: boolean;
  secondsLeft?: number;
}

export const api = {
  /** The logged-in account's games under way (its seats, on any device). */
  playing: async () => (await request<{ nowPlaying: NowPlaying[] }>("GET", "/api/account/playing")).nowPlaying,
  create: async (body: CreateRequest) => {
    const a = await request<CreateAnswer>("POST", "/api/games", body);
    return { ...a, game: normalize(a.game) };
  },
  join: async (id: string, invite: string) => {
    const a = await request<SeatAnswer>("POST", `${games(id)}/join`, { invite });
    return { ...a, game: normalize(a.game) };
  },
  game: async (id: string) => normalize(await request<GameState>("GET", games(id))),
  move: async (id: string, token: string | null, usi: string) =>
    normalize(await request<GameState>("POST", `${games(id)}/move`, { token, usi })),
  moveText: async (id: string, token: string | null, text: string) =>
    normalize(await request<GameState>("POST", `${games(id)}/move`, { token, text })),
  offer: async (id: string, token: string | null, what: "draw" | "takeback", yes: boolean) =>
    normalize(await request<GameState>("POST", `${games(id)}/${what}`, { token, yes })),
  chat: (id: string, token: string | null, text: string) => request<ChatLine>("POST", `${games(id)}/chat`, { token, text }),
  greet: (id: string, token: string | null, greeting: Greeting) => request<ChatLine>("POST", `${games(id)}/chat`, { token, greeting }),
  resign: async (id: string, token: string | null) =>
    normalize(await request<GameState>("POST", `${games(id)}/resign`, { token })),
  declare: async (id: string, token: string | null) =>
    normalize(await request<GameState>("POST", `${games(id)}/declare`, { token })),
  /** `yes`: offers a rematch, or accepts the opponent's: the seat in the new game once created
   *  (at once against the engine), else the old game's state with the offer standing. `no`:
   *  declines or withdraws the offer (the state). */
  rematch: async (id: string, token: string, yes = true): Promise<SeatAnswer | GameState> => {
    const a = await request<SeatAnswer | GameState>("POST", `${games(id)}/rematch`, { token, yes });
    return "token" in a ? { ...a, game: normalize(a.game) } : normalize(a);
  },
  list: () => request<GameSummary[]>("GET", "/api/games"),
  recordUrl: (id: string, format: string) => `${games(id)}/record?format=${format}`,
  readRecord: (text: string, format: string | null, variant: Variant | null) =>
    request<RecordRead>("POST", "/api/records/read", { text, format, variant }),
  writeRecord: (variant: Variant, start_sfen: string, moves: string[], format: string) =>
    request<string>("POST", "/api/records/write", { variant, start_sfen, moves, format }),
  /** A tree the page holds (its start, header and nodes) written as a record. */
  exportRecord: (variant: Variant, start_sfen: string, header: [string, string][], tree: TreeNode[], format: string) =>
    request<RecordExported>("POST", "/api/records/export", { variant, start_sfen, header, tree, format }),
  /** A line's moves in every notation, and the moves the position after it allows. */
  line: (variant: Variant, start_sfen: string, moves: string[]) => request<LineState>("POST", "/api/line", { variant, start_sfen, moves }),
  convertRecord: (text: string, format: string, variant: Variant, to: string) =>
    request<RecordConverted>("POST", "/api/records/convert", { text, format, variant, to }),
  startReview: (variant: Variant, start_sfen: string, moves: string[], movetime_ms: number) =>
    request<{ id: string }>("POST", "/api/reviews", { variant, start_sfen, moves, movetime_ms }),
  review: (id: string) => request<Review>("GET", `/api/reviews/${encodeURIComponent(id)}`),
  /** The engine's lines on `sfen`; aborting `signal` stops the search. */
  analyse: (variant: Variant, sfen: string, multipv: number, depth: number, signal?: AbortSignal) =>
    request<Analysis>("POST", "/api/analysis", { variant, sfen, multipv, depth }, signal),
};

export type ServerMessage =
  | { type: "state"; seat: Color | null; game: GameState }
  | { type: "chat"; lines: ChatLine[] }
  | { type: "error"; status: number; code?: string; error: string };

/**
 * A pushed state made whole: a push with `moves_from` carries only the moves after the first
 * `moves_from` of the socket's previous state. `null` if the previous state is too short.
 */
export function whole(pushed: GameState, previous: GameState | null): GameState | null {
  const from = pushed.moves_from;
  if (from === undefined) return pushed;
  if (!previous || previous.moves.length < from) return null;
  const { moves_from: _, ...rest } = pushed;
  return {
    ...rest,
    moves: previous.moves.slice(0, from).concat(pushed.moves),
    history: previous.history.slice(0, from).concat(pushed.history),
  };
}

/** A WebSocket of the server that reconnects after a drop (0.5 s, doubling to 8 s) until
 *  closed; `prepare` may change a message before it is handed on, or refuse it (null), which
 *  starts the socket again. */
export class LiveSocket<M> {
  private socket: WebSocket | null = null;
  private closed = false;
  private delay = 500;
  private timer: number | undefined;

  constructor(
    private readonly path: string,
    private readonly onMessage: (m: M) => void,
    private readonly onConnected: (up: boolean) => void,
    private readonly prepare: { opened(): void; message(m: M): M | null } = { opened: () => undefined, message: (m) => m },
  ) {
    this.open();
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}${this.path}`);
    this.socket = ws;
    this.prepare.opened();
    ws.onopen = () => {
      this.delay = 500;
      this.onConnected(true);
    };
    ws.onmessage = (event) => {
      let m: M | null;
      try {
        m = this.prepare.message(JSON.parse(String(event.data)) as M);
      } catch {
        return; // ignore what is not JSON
      }
      if (m === null) return ws.close();
      this.onMessage(m);
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (this.closed) return;
      this.onConnected(false);
      this.timer = window.setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  send(message: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Connects again now (the server decides anew what this connection is). */
  reopen(): void {
    this.socket?.close();
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    this.socket?.close();
    this.socket = null;
  }
}

/** A kansōsen room's WebSocket (with the seat's token, for a player on this browser). */
export function roomSocket(id: string, token: string | null, onMessage: (m: RoomMessage) => void, onConnected: (up: boolean) => void): LiveSocket<RoomMessage> {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return new LiveSocket<RoomMessage>(`${games(id)}/room/ws${query}`, onMessage, onConnected);
}

/** The game's WebSocket: each pushed state made whole from the one before. */
export class GameSocket extends LiveSocket<ServerMessage> {
  constructor(id: string, token: string | null, onMessage: (m: ServerMessage) => void, onConnected: (up: boolean) => void) {
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    // The last state this socket got, made whole: the base of the next push.
    let last: GameState | null = null;
    super(`${games(id)}/ws${query}`, onMessage, onConnected, {
      // A new socket starts with a whole state.
      opened: () => (last = null),
      message: (m) => {
        if (m.type !== "state") return m;
        const game = whole(m.game, last);
        // The server sends a push only after the state it follows; should one ever come
        // without it, the socket starts again with a whole state.
        if (!game) return null;
        m.game = normalize(game);
        last = m.game;
        return m;
      },
    });
  }
}
