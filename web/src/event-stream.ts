// The signed-in account's games under way, from its event stream (`GET /api/stream/event`:
// lishogi's `gameStart` and `gameFinish`, the games under way first), shared by this
// browser's tabs: the tab holding the Web Lock `koma.events` reads the one stream and passes
// the list to the others over a BroadcastChannel, since the server lets an account hold only
// a few event streams. Without Web Locks (plain http other than localhost: a club's server on
// its network) the tabs choose the reader over the channel itself (`elect`). A dropped stream
// is opened again after 1 s, doubling to 30 s.
import { t } from "./i18n.js";
import { lines } from "./ndjson.js";

/** A game under way of the account, as its `gameStart` event tells it. */
export interface StartedGame {
  id: string;
  /** The opponent's name (for koma's engine or a guest, the words of the page's language for them). */
  opponent: string;
}

type Message =
  | { type: "games"; games: StartedGame[] }
  | { type: "ask" }
  | { type: "account" }
  /** Without Web Locks: the tab `tab` reads the stream (said every `BEAT_MS`)... */
  | { type: "lead"; tab: string }
  /** ...or stopped reading it (it closes, or its account logged out). */
  | { type: "resign" };

const NAME = "koma.events";
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** Without Web Locks: how often the reading tab says so... */
const BEAT_MS = 1000;
/** ...and how long the others wait without hearing it before one of them reads. */
const SILENT_MS = 3500;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (window.clearTimeout(timer), resolve()), { once: true });
  });
}

/** The game of a `gameStart` line, or null. */
function startedGame(game: unknown): StartedGame | null {
  const g = game as { gameId?: unknown; opponent?: { username?: unknown; ai?: unknown } } | null;
  if (typeof g?.gameId !== "string") return null;
  const name = g.opponent?.ai
    ? t("tournament-opponent-engine")
    : typeof g.opponent?.username === "string"
      ? g.opponent.username
      : t("tournament-opponent-guest");
  return { id: g.gameId, opponent: name };
}

/** Follows the account's games under way; `onGames` gets the whole list at each change. */
export class AccountGames {
  private games = new Map<string, StartedGame>();
  private readonly channel: BroadcastChannel | null = "BroadcastChannel" in window ? new BroadcastChannel(NAME) : null;
  private account: string | null | undefined = undefined;
  /** While this tab takes part: aborted on logout. */
  private membership: AbortController | null = null;
  /** The current connection (or the wait before it) of the tab reading the stream. */
  private round: AbortController | null = null;
  private leading = false;
  /** This tab's name among the tabs choosing a reader without Web Locks. */
  private readonly tab = Math.random().toString(36).slice(2);
  /** When another tab last said it reads the stream (without Web Locks). */
  private heardLead = 0;
  /** Stops this tab reading when another, with a smaller name, reads too. */
  private yieldTo: (tab: string) => void = () => undefined;

  constructor(private readonly onGames: (games: StartedGame[]) => void) {
    this.channel?.addEventListener("message", (e: MessageEvent<Message>) => this.heard(e.data));
  }

  /** Follows the games of `account` (its id; null for a guest: none). */
  follow(account: string | null): void {
    if (account === this.account) return;
    // A login or logout in this tab changes every tab's session: the reader starts again.
    if (this.account !== undefined) this.channel?.postMessage({ type: "account" } satisfies Message);
    this.account = account;
    this.membership?.abort();
    this.membership = null;
    this.set(new Map(), false);
    if (account === null) return;
    const membership = new AbortController();
    this.membership = membership;
    const lead = () => this.lead(membership.signal);
    if (navigator.locks) {
      navigator.locks.request(NAME, { signal: membership.signal }, lead).catch(() => undefined);
      this.channel?.postMessage({ type: "ask" } satisfies Message);
    } else if (this.channel) {
      this.elect(this.channel, membership.signal);
    } else {
      void lead();
    }
  }

  /** Without Web Locks: the tab that reads says so every second; a tab that has heard no such
   *  word for `SILENT_MS` starts reading, and of two tabs reading at once the one with the
   *  larger name stops. A reading tab that closes says so, and another takes over at once. */
  private elect(channel: BroadcastChannel, membership: AbortSignal): void {
    let reading: AbortController | null = null;
    const stop = () => {
      reading?.abort();
      reading = null;
    };
    const resign = () => {
      if (reading) channel.postMessage({ type: "resign" } satisfies Message);
      stop();
    };
    this.yieldTo = (other) => {
      if (!reading || other >= this.tab) return;
      stop();
      channel.postMessage({ type: "ask" } satisfies Message);
    };
    this.heardLead = Date.now();
    channel.postMessage({ type: "ask" } satisfies Message);
    const beat = window.setInterval(() => {
      if (reading) {
        channel.postMessage({ type: "lead", tab: this.tab } satisfies Message);
      } else if (Date.now() - this.heardLead > SILENT_MS) {
        reading = new AbortController();
        channel.postMessage({ type: "lead", tab: this.tab } satisfies Message);
        void this.lead(reading.signal);
      }
    }, BEAT_MS);
    window.addEventListener("pagehide", resign);
    membership.addEventListener(
      "abort",
      () => {
        window.clearInterval(beat);
        window.removeEventListener("pagehide", resign);
        resign();
      },
      { once: true },
    );
  }

  private heard(m: Message): void {
    if (this.account === null || this.account === undefined) return;
    if (m.type === "games" && !this.leading) {
      this.games = new Map(m.games.map((g) => [g.id, g]));
      this.onGames(m.games);
    } else if (m.type === "ask" && this.leading) {
      this.publish();
    } else if (m.type === "account" && this.leading) {
      this.round?.abort();
    } else if (m.type === "lead") {
      this.heardLead = Date.now();
      this.yieldTo(m.tab);
    } else if (m.type === "resign") {
      this.heardLead = 0;
    }
  }

  /** Reads the stream while this tab leads (holds the lock), reconnecting after drops. */
  private async lead(membership: AbortSignal): Promise<void> {
    this.leading = true;
    let delay = FIRST_DELAY_MS;
    while (!membership.aborted) {
      const round = new AbortController();
      this.round = round;
      const stop = () => round.abort();
      membership.addEventListener("abort", stop);
      if (await this.read(round.signal)) delay = FIRST_DELAY_MS;
      await pause(delay, round.signal);
      membership.removeEventListener("abort", stop);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    }
    this.leading = false;
  }

  /** One connection: whether it was made. The games under way come first, then an empty
   *  line (the first keep-alive); those not among them have ended meanwhile. */
  private async read(signal: AbortSignal): Promise<boolean> {
    let response: Response;
    try {
      response = await fetch("/api/stream/event", { headers: { Accept: "application/x-ndjson" }, signal });
    } catch {
      return false;
    }
    if (!response.ok || !response.body) {
      // No session any more (logged out elsewhere): no games.
      if (response.status === 401) this.set(new Map(), true);
      return false;
    }
    const under = new Map<string, StartedGame>();
    let first = true;
    try {
      for await (const line of lines(response.body)) {
        if (!line) {
          if (first) this.set(new Map(under), true);
          first = false;
          continue;
        }
        let event: { type?: unknown; game?: unknown };
        try {
          event = JSON.parse(line) as typeof event;
        } catch {
          continue;
        }
        const game = startedGame(event.game);
        if (!game) continue;
        const games = new Map(this.games);
        if (event.type === "gameStart") {
          games.set(game.id, game);
          if (first) under.set(game.id, game);
        } else if (event.type === "gameFinish") {
          games.delete(game.id);
          under.delete(game.id);
        } else continue;
        this.set(games, true);
      }
    } catch {
      // dropped or aborted
    }
    return true;
  }

  private set(games: Map<string, StartedGame>, share: boolean): void {
    this.games = games;
    if (share) this.publish();
    else this.onGames([...games.values()]);
  }

  /** Gives the list to this tab and the others. */
  private publish(): void {
    const games = [...this.games.values()];
    this.onGames(games);
    this.channel?.postMessage({ type: "games", games } satisfies Message);
  }
}
