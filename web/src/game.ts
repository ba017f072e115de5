// The game screen: play a seat (with its token) or watch; live over the WebSocket.
import { currentAccount } from "./account.js";
import { api, ApiError, errorText, GameSocket, type GameState, type ServerMessage } from "./api.js";
import { ChatPanel } from "./chat.js";
import { Clocks } from "./clock.js";
import { confirmDialog, h, toast } from "./dom.js";
import { endingText, statusText } from "./ending.js";
import { t } from "./i18n.js";
import { legendOnce } from "./legend.js";
import { furigomaBox, inviteBox } from "./invite.js";
import { opponentMoved } from "./notify.js";
import { handicapNote, playerText } from "./players.js";
import { colorMark } from "./pieces.js";
import { RecordPanel } from "./record.js";
import { ReviewPanel } from "./review.js";
import type { Screen } from "./screen.js";
import { openSettings, settings } from "./settings.js";
import { SettingUp, setsUp } from "./setting-up.js";
import { parseSfen, type Color } from "./sfen.js";
import { moveSound, play as playSound, Timekeeper } from "./sound.js";
import { rememberSeat, seatMemo } from "./store.js";
import { variantInfo } from "./variants.js";
import { Viewer } from "./viewer.js";

const DECLARING_RULES = ["amateur", "csa"];

/** What a player offers the other: a draw or a takeback during the game, a rematch after it. */
type Offer = "draw" | "takeback" | "rematch";

/** Whether `s` is older than `than`: taken earlier or, at the same time, with fewer moves or less decided. */
function older(s: GameState, than: GameState): boolean {
  if (s.as_of_ms !== than.as_of_ms) return s.as_of_ms < than.as_of_ms;
  const age = (g: GameState) => g.moves.length * 8 + (g.started ? 1 : 0) + (g.outcome ? 2 : 0) + (g.rematch ? 4 : 0);
  return age(s) < age(than);
}

export function gameScreen(id: string, token: string | null): Screen {
  let state: GameState | null = null;
  let seat: Color | null = token ? seatMemo(id)?.seat ?? null : null;
  let oriented = false;
  let rematchSeen: string | null | undefined;
  let review: ReviewPanel | null = null;
  // An offer of this player's that the opponent declined, shown until the next move (a
  // rematch's: until the next offer); and the offers this player withdrew himself (not declined).
  let declined: { what: Offer; ply: number } | null = null;
  const withdrawn = new Set<Offer>();
  const declinedText = (what: Offer) => t(`game-offer-declined-${what}`);

  const viewer = new Viewer((usi) => void play(usi));
  // The pieces set up one by one at the start of a game, if the reader chose an order.
  let settingUp: SettingUp | null = null;
  const record = new RecordPanel(viewer, { link: (f) => api.recordUrl(id, f), live: true });
  // The player's own clock, watched as a timekeeper does: low time, the byoyomi count.
  const timekeeper = new Timekeeper();
  const clocks = new Clocks({ sente: viewer.bars.sente.clock, gote: viewer.bars.gote.clock }, (color, time, running, period) => {
    if (color === seat) timekeeper.watch(time, running, period);
  });
  const status = h("p", { id: "status", role: "status", "aria-live": "polite" }, t("game-loading"));
  const connection = h("span", { class: "connection", title: t("game-connection-title") });
  const notices = h("div", { class: "notices" });
  const button = (id: string, label: string, onclick: () => void, cls = "") => h("button", { type: "button", id, class: cls, onclick }, label);
  const resign = button("resign", t("game-resign"), () => void doResign(), "danger");
  const declare = button("declare", t("game-declare"), () => void doDeclare());
  const rematch = button("rematch", t("game-rematch"), () => void doRematch(true));
  const reviewButton = button("review-button", t("game-review"), () => startReview());
  // The finished game on the analysis board: variations, comments, the engine's lines.
  const analysisLink = h("a", { id: "analysis-link", class: "button", href: `#review&game=${encodeURIComponent(id)}`, hidden: true }, t("game-analysis-board"));
  // The kansōsen: the players (and whoever watched) go over the game on one shared board.
  const roomLink = h("a", { id: "room-link", class: "button primary", href: `#room=${encodeURIComponent(id)}`, hidden: true }, t("game-review-together"));
  const drawButton = button("offer-draw", t("game-offer-draw"), () => void answer("draw", true));
  const takebackButton = button("ask-takeback", t("game-ask-takeback"), () => void answer("takeback", true));
  const moveText = h("input", {
    type: "text",
    id: "move-text",
    placeholder: t("game-move-placeholder"),
    "aria-label": t("game-move-label"),
    autocomplete: "off",
  });
  const moveBox = h("form", { class: "move-box", id: "move-box" }, moveText, h("button", { type: "submit" }, t("game-move-play")));
  moveBox.addEventListener("submit", (e) => {
    e.preventDefault();
    void typed(moveText.value.trim());
  });
  /** Sends a chat line or a greeting; a refusal is told, and passed on to the chat panel. */
  const said = async (send: Promise<unknown>) => {
    try {
      await send;
    } catch (e) {
      toast(t("game-chat-failed", { error: errorText(e) }));
      throw e;
    }
  };
  const chat = new ChatPanel(
    token ? "player" : "spectator",
    (text) => said(api.chat(id, token, text)),
    (greeting) => said(api.greet(id, token, greeting)),
  );
  const actions = h(
    "div",
    { class: "actions" },
    resign,
    declare,
    drawButton,
    takebackButton,
    button("flip", t("game-flip"), () => viewer.flip()),
    button("settings-button", t("game-settings"), () => openSettings()),
    rematch,
    reviewButton,
    roomLink,
    analysisLink,
  );
  const side = h("aside", { class: "side-panel" }, h("div", { class: "status-line" }, status, connection), notices, moveBox, actions, record.el, chat.el);
  const el = h("div", { class: "game-screen" }, viewer.el, side);
  const legend = legendOnce(side, chat.el);

  const socket = new GameSocket(
    id,
    token,
    (m: ServerMessage) => {
      if (m.type === "state") {
        // The socket names the seat of its token or, without one, of the logged-in account
        // (a player's seat follows his account to every device).
        let reseated = false;
        if (m.seat && seat !== m.seat) {
          reseated = true;
          seat = m.seat;
          chat.setRoom("player");
          if (seat === "gote" && viewer.bottom === "sente") viewer.flip();
        }
        told = m.seat ?? null;
        apply(m.game);
        // The seat changes what the page offers; the state shown may be newer than this
        // message's (the first fetch can answer after the socket's state was made), which
        // apply then leaves: shown again with the seat.
        if (reseated && state) show(state);
        askSeatIfMine();
      } else if (m.type === "chat") chat.add(m.lines);
      else toast(errorText(new Error(m.error), m.code));
    },
    (up) => {
      connection.textContent = up ? t("game-connection-live") : t("game-connection-down");
      connection.classList.toggle("down", !up);
      if (up) void api.game(id).then(apply, () => undefined);
    },
  );
  api.game(id).then(apply, (e: ApiError) => {
    if (e.status === 404) socket.close();
    status.textContent = e.status === 404 ? t("game-not-found", { id }) : t("game-load-failed", { error: errorText(e) });
  });

  function mine(s: GameState): boolean {
    return seat !== null && s.started && !s.outcome && s.side_to_move === seat;
  }

  // The logged-in reader's account: a player who opened his game the moment it was made may
  // have been told no seat (the game did not name him yet); once it does, the socket is
  // opened again, and the server gives him his seat.
  let me: string | null = null;
  let askedAgain = false;
  // The seat the socket last named (null: it took the reader for a spectator; undefined:
  // it has said nothing yet).
  let told: Color | null | undefined;
  void currentAccount().then(
    (a) => {
      me = a?.id ?? null;
      // The socket may have answered before the account was known: ask now.
      askSeatIfMine();
    },
    () => undefined,
  );

  /** Opens the socket again, once, when it took for a spectator the logged-in reader whom
   *  the game names as a player. */
  function askSeatIfMine(): void {
    const named = state !== null && me !== null && (state.players.sente?.id === me || state.players.gote?.id === me);
    if (named && told === null && seat === null && !token && !askedAgain) {
      askedAgain = true;
      socket.reopen();
    }
  }

  function apply(s: GameState): void {
    if (state && older(s, state)) return;
    const previous = state;
    state = s;
    legend(s.variant);
    // The sounds of what came since the last state: a move of either side, the game's end.
    if (previous && s.moves.length > previous.moves.length) moveSound(s);
    if (previous && !previous.outcome && s.outcome) playSound("end", 0.2);
    // A new move that makes it this player's turn is the opponent's.
    if (previous && s.moves.length > previous.moves.length && mine(s)) opponentMoved();
    // One's offer gone with no move and no ending (a rematch's: no rematch): the opponent
    // declined it.
    for (const what of ["draw", "takeback", "rematch"] as const) {
      const undone = what === "rematch" ? !s.rematch : !s.outcome;
      if (previous && seat && previous.offers[what] === seat && !s.offers[what] && undone && s.moves.length === previous.moves.length) {
        if (withdrawn.delete(what)) continue;
        declined = { what, ply: s.moves.length };
        toast(declinedText(what));
      }
    }
    // A new offer of the same kind replaces the declined one's notice.
    if (declined && seat && s.offers[declined.what] === seat) declined = null;
    const order = settings().setupOrder;
    if (!previous && order !== "off" && setsUp(s.variant, s.start_sfen, s.moves.length, s.outcome !== null)) settingUp = new SettingUp(viewer, order);
    if (s.moves.length) settingUp?.finish();
    show(s);
  }

  /** Shows the state `s` as this reader sees it: his seat's board, clocks, buttons and notes. */
  function show(s: GameState): void {
    if (seat && token) rememberSeat(id, { token, seat });
    if (!oriented && (seat || !token)) {
      oriented = true;
      if (seat === "gote" && viewer.bottom === "sente") viewer.flip();
    }
    viewer.setLine(
      { variant: s.variant, startSfen: s.start_sfen, history: s.history },
      {
        sfen: s.sfen,
        inCheck: s.in_check,
        legal: mine(s) ? s.legal_moves : [],
        mover: mine(s) ? seat : null,
        // While the opponent (a person or the engine) thinks, a premove.
        premover: seat && s.started && !s.outcome && !mine(s) ? seat : null,
      },
    );
    clocks.update(s.clock, s.time_control);
    status.textContent = statusText(s, seat);
    record.setResult(s.outcome ? endingText(s.outcome) : null);
    names(s);
    buttons(s);
    notes(s);
    followRematch(s);
  }

  function names(s: GameState): void {
    for (const color of ["sente", "gote"] as const) {
      // Who plays the side: words of the page (the engine, "You", "waiting…") or an account's
      // name and rating (data).
      let who = "";
      let words = true;
      const account = s.players?.[color];
      if (s.engine?.seat === color)
        who = s.engine.depth ? t("game-engine-depth", { depth: s.engine.depth }) : t("game-engine-time", { seconds: (s.engine.movetime_ms ?? 1000) / 1000 });
      else if (account) [who, words] = [playerText(account), false];
      else if (seat === color) who = t("game-player-you");
      else if (!s.started && color !== s.creator) who = t("game-player-waiting");
      viewer.setPlayer(color, who || null, account && s.engine?.seat !== color ? account.name : null, words);
      viewer.bars[color].el.classList.toggle("to-move", !s.outcome && s.started && s.side_to_move === color);
    }
  }

  function buttons(s: GameState): void {
    const player = seat !== null;
    const over = s.outcome !== null;
    chat.setOver(over);
    // The chat signs a seat's lines with its player's name, or the seat's for a guest.
    chat.setMe(seat ? (s.players[seat]?.name ?? seat) : null);
    resign.hidden = !player || over;
    declare.hidden = !player || over || !DECLARING_RULES.includes(s.rules);
    declare.disabled = !mine(s);
    // A rematch is offered with the seat's token (the new game's seats take it over), and
    // only where the server says it would take the offer; the opponent's offer is answered
    // in its notice.
    const rematchBy = s.offers.rematch;
    rematch.hidden = !player || !over || !token || !s.rematch_allowed || (rematchBy !== null && rematchBy !== seat);
    rematch.disabled = rematchBy !== null && rematchBy === seat;
    drawButton.hidden = !player || over || !s.started || s.engine !== null;
    drawButton.disabled = s.offers.draw === seat;
    takebackButton.hidden = !player || over || !s.started || s.rated;
    takebackButton.disabled = s.offers.takeback === seat;
    moveBox.hidden = !player || over || !s.started;
    // A game whose moves may pass a middle square (Chu) is typed in USI alone.
    moveText.placeholder = t(variantInfo(s.variant).double_moves ? "game-move-placeholder-usi" : "game-move-placeholder");
    const draw = over && s.outcome!.winner === null;
    rematch.textContent = rematch.disabled ? t("game-rematch-offered") : draw ? t("game-rematch-after-draw") : t("game-rematch-reversed");
    rematch.classList.toggle("primary", draw);
    rematch.classList.toggle("big", draw);
    // The engine's review of every game; the analysis board and the review room where they
    // take the game.
    const info = variantInfo(s.variant);
    reviewButton.hidden = !over || review !== null || s.moves.length === 0;
    analysisLink.hidden = !(over && info.analysed);
    roomLink.hidden = !(over && info.rooms);
  }

  function notes(s: GameState): void {
    const memo = seatMemo(id);
    const items: HTMLElement[] = [];
    if (!s.started && memo?.invite_link && seat === s.creator) items.push(inviteBox(memo.invite_link));
    if (memo?.furigoma && seat && s.moves.length < 2 && !s.outcome) items.push(furigomaBox(memo.furigoma, seat, parseSfen(s.start_sfen, s.variant).side));
    if (s.rated && !s.outcome) items.push(h("p", { class: "notice", id: "rated-note" }, t("game-rated-note")));
    if (s.suggested_handicap && !s.outcome && s.moves.length < 2) items.push(handicapNote(s.suggested_handicap, seat !== null));
    items.push(...offerNotes(s));
    const stands = declined?.what === "rematch" ? !s.rematch && !s.offers.rematch : !s.outcome;
    if (declined && declined.ply === s.moves.length && stands) {
      items.push(h("p", { class: "notice offer", "data-offer": `${declined.what}-declined` }, declinedText(declined.what)));
    }
    if (s.rematch && !(seat && token)) items.push(h("p", { class: "notice" }, h("a", { href: `#game=${encodeURIComponent(s.rematch)}` }, t("game-rematch-watch"))));
    if (s.rematch && seat && token) items.push(h("p", { class: "notice" }, h("a", { href: `#game=${encodeURIComponent(s.rematch)}&token=${encodeURIComponent(token)}` }, t("game-rematch-go"))));
    notices.replaceChildren(...items);
  }

  /** The offers standing: the opponent's with Accept and Decline, one's own with Cancel (a
   *  rematch's once the game is over, answered with the seat's token). */
  function offerNotes(s: GameState): HTMLElement[] {
    if (!seat) return [];
    const out: HTMLElement[] = [];
    const standing: readonly Offer[] = !s.outcome ? ["draw", "takeback"] : token && !s.rematch ? ["rematch"] : [];
    for (const what of standing) {
      const by = s.offers[what];
      if (!by) continue;
      if (by === seat) {
        out.push(
          h("p", { class: "notice offer", "data-offer": `${what}-own` }, t(`game-offer-own-${what}`), button(`cancel-${what}`, t("game-offer-cancel"), () => void answer(what, false))),
        );
      } else {
        out.push(
          h(
            "p",
            { class: "notice offer", "data-offer": what },
            t(`game-offer-asks-${what}`, { mark: colorMark(by), by }),
            button(`accept-${what}`, t(`game-offer-accept-${what}`), () => void answer(what, true), "primary"),
            button(`decline-${what}`, t("game-offer-decline"), () => void answer(what, false)),
          ),
        );
      }
    }
    return out;
  }

  async function answer(what: Offer, yes: boolean): Promise<void> {
    if (!seat) return;
    if (what === "rematch") return doRematch(yes);
    if (!yes && state?.offers[what] === seat) withdrawn.add(what);
    try {
      apply(await api.offer(id, token, what, yes));
    } catch (e) {
      toast(errorText(e));
    }
  }

  /** A move typed in any notation koma reads. */
  async function typed(text: string): Promise<void> {
    if (!seat || !text) return;
    try {
      apply(await api.moveText(id, token, text));
      moveText.value = "";
    } catch (e) {
      toast(t("game-move-failed", { move: text, error: errorText(e) }));
    }
  }

  /** A rematch created while this page is open takes its players there (same token). */
  function followRematch(s: GameState): void {
    if (rematchSeen === undefined) rematchSeen = s.rematch;
    if (s.rematch && s.rematch !== rematchSeen && seat && token) {
      rememberSeat(s.rematch, { token, seat: seat === "sente" ? "gote" : "sente" });
      location.hash = `#game=${encodeURIComponent(s.rematch)}&token=${encodeURIComponent(token)}`;
    }
    rematchSeen = s.rematch;
  }

  async function play(usi: string): Promise<void> {
    if (!seat) return;
    try {
      apply(await api.move(id, token, usi));
    } catch (e) {
      toast(t("game-move-failed", { move: usi, error: errorText(e) }));
      api.game(id).then(apply, () => undefined);
    }
  }

  async function doResign(): Promise<void> {
    if (!seat || !(await confirmDialog(t("game-resign-question"), t("game-resign-yes")))) return;
    try {
      apply(await api.resign(id, token));
    } catch (e) {
      toast(errorText(e));
    }
  }

  async function doDeclare(): Promise<void> {
    if (!seat || !(await confirmDialog(t("game-declare-question"), t("game-declare-yes")))) return;
    try {
      apply(await api.declare(id, token));
    } catch (e) {
      toast(errorText(e));
    }
  }

  /** Offers a rematch or accepts the opponent's (`yes`), or declines or withdraws it. The new
   *  game, once created (at once against the engine), takes this page there. */
  async function doRematch(yes: boolean): Promise<void> {
    if (!token) return;
    if (!yes && state?.offers.rematch === seat) withdrawn.add("rematch");
    try {
      const answer = await api.rematch(id, token, yes);
      if (!("token" in answer)) return apply(answer);
      rememberSeat(answer.id, { token: answer.token, seat: answer.seat });
      rematchSeen = answer.id;
      location.hash = `#game=${encodeURIComponent(answer.id)}&token=${encodeURIComponent(answer.token)}`;
    } catch (e) {
      toast(t("game-rematch-failed", { error: errorText(e) }));
    }
  }

  function startReview(): void {
    if (!state || review) return;
    const s = state;
    review = new ReviewPanel(viewer, () => ({ variant: s.variant, start_sfen: s.start_sfen, moves: s.moves }));
    side.append(review.el);
    reviewButton.hidden = true;
    void review.start();
    review.el.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  return {
    el,
    destroy: () => {
      socket.close();
      clocks.stop();
      record.destroy();
      review?.destroy();
      settingUp?.finish();
      viewer.destroy();
    },
  };
}
