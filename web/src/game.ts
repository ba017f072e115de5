// The game screen: play a seat (with its token) or watch; live over the WebSocket.
import { api, ApiError, GameSocket, type GameState, type ServerMessage } from "./api.js";
import { Clocks } from "./clock.js";
import { confirmDialog, h, toast } from "./dom.js";
import { endingText, statusText } from "./ending.js";
import { furigomaBox, inviteBox } from "./invite.js";
import { RecordPanel } from "./record.js";
import { ReviewPanel } from "./review.js";
import type { Screen } from "./screen.js";
import { openSettings } from "./settings.js";
import { parseSfen, type Color } from "./sfen.js";
import { rememberSeat, seatMemo } from "./store.js";
import { Viewer } from "./viewer.js";

const DECLARING_RULES = ["amateur", "csa"];

/** A state's place in time: a later one has more moves, or the same and more decided. */
function age(s: GameState): number {
  return s.moves.length * 8 + (s.started ? 1 : 0) + (s.outcome ? 2 : 0) + (s.rematch ? 4 : 0);
}

export function gameScreen(id: string, token: string | null): Screen {
  let state: GameState | null = null;
  let seat: Color | null = token ? seatMemo(id)?.seat ?? null : null;
  let oriented = false;
  let rematchSeen: string | null | undefined;
  let review: ReviewPanel | null = null;

  const viewer = new Viewer((usi) => void play(usi));
  const record = new RecordPanel(viewer, { link: (f) => api.recordUrl(id, f), live: true });
  const clocks = new Clocks({ sente: viewer.bars.sente.clock, gote: viewer.bars.gote.clock });
  const status = h("p", { id: "status", role: "status", "aria-live": "polite" }, "Loading…");
  const connection = h("span", { class: "connection", title: "Live updates" });
  const notices = h("div", { class: "notices" });
  const button = (id: string, label: string, onclick: () => void, cls = "") => h("button", { type: "button", id, class: cls, onclick }, label);
  const resign = button("resign", "負けました Resign", () => void doResign(), "danger");
  const declare = button("declare", "入玉宣言 Declare", () => void doDeclare());
  const rematch = button("rematch", "Rematch", () => void doRematch());
  const reviewButton = button("review-button", "Review this game 検討", () => startReview());
  const actions = h(
    "div",
    { class: "actions" },
    resign,
    declare,
    button("flip", "⇅ Flip", () => viewer.flip()),
    button("settings-button", "⚙ Settings", () => openSettings()),
    rematch,
    reviewButton,
  );
  const side = h("aside", { class: "side-panel" }, h("div", { class: "status-line" }, status, connection), notices, actions, record.el);
  const el = h("div", { class: "game-screen" }, viewer.el, side);

  const socket = new GameSocket(
    id,
    token,
    (m: ServerMessage) => {
      if (m.type === "state") {
        if (token && m.seat) seat = m.seat;
        apply(m.game);
      } else toast(m.error);
    },
    (up) => {
      connection.textContent = up ? "● live" : "○ reconnecting…";
      connection.classList.toggle("down", !up);
      if (up) void api.game(id).then(apply, () => undefined);
    },
  );
  api.game(id).then(apply, (e: ApiError) => {
    if (e.status === 404) socket.close();
    status.textContent = e.status === 404 ? `There is no game ${id}.` : `Cannot load the game: ${e.message}`;
  });

  function mine(s: GameState): boolean {
    return seat !== null && s.started && !s.outcome && s.side_to_move === seat;
  }

  function apply(s: GameState): void {
    if (state && age(s) < age(state)) return;
    state = s;
    if (seat && token) rememberSeat(id, { token, seat });
    if (!oriented && (seat || !token)) {
      oriented = true;
      if (seat === "gote" && viewer.bottom === "sente") viewer.flip();
    }
    viewer.setLine(
      { variant: s.variant, startSfen: s.start_sfen, history: s.history },
      { sfen: s.sfen, inCheck: s.in_check, legal: mine(s) ? s.legal_moves : [], mover: mine(s) ? seat : null },
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
      let who = "";
      if (s.engine?.seat === color) who = s.engine.depth ? `Engine (depth ${s.engine.depth})` : `Engine (${(s.engine.movetime_ms ?? 1000) / 1000} s)`;
      else if (seat === color) who = "You";
      else if (!s.started && color !== s.creator) who = "waiting…";
      viewer.setPlayer(color, who || null);
      viewer.bars[color].el.classList.toggle("to-move", !s.outcome && s.started && s.side_to_move === color);
    }
  }

  function buttons(s: GameState): void {
    const player = seat !== null;
    const over = s.outcome !== null;
    resign.hidden = !player || over;
    declare.hidden = !player || over || !DECLARING_RULES.includes(s.rules);
    declare.disabled = !mine(s);
    rematch.hidden = !player || !over;
    const draw = over && s.outcome!.winner === null;
    rematch.textContent = draw ? "Rematch with colours reversed" : "Rematch (colours reversed)";
    rematch.classList.toggle("primary", draw);
    rematch.classList.toggle("big", draw);
    reviewButton.hidden = !over || review !== null || s.moves.length === 0;
  }

  function notes(s: GameState): void {
    const memo = seatMemo(id);
    const items: HTMLElement[] = [];
    if (!s.started && memo?.invite_link && seat === s.creator) items.push(inviteBox(memo.invite_link));
    if (memo?.furigoma && seat && s.moves.length < 2 && !s.outcome) items.push(furigomaBox(memo.furigoma, seat, parseSfen(s.start_sfen, s.variant).side));
    if (s.rematch && !seat) items.push(h("p", { class: "notice" }, h("a", { href: `#game=${encodeURIComponent(s.rematch)}` }, "Watch the rematch →")));
    if (s.rematch && seat && token) items.push(h("p", { class: "notice" }, h("a", { href: `#game=${encodeURIComponent(s.rematch)}&token=${encodeURIComponent(token)}` }, "Go to the rematch →")));
    notices.replaceChildren(...items);
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
    if (!token) return;
    try {
      apply(await api.move(id, token, usi));
    } catch (e) {
      toast(`Move ${usi}: ${(e as Error).message}`);
      api.game(id).then(apply, () => undefined);
    }
  }

  async function doResign(): Promise<void> {
    if (!token || !(await confirmDialog("Resign this game? 負けました", "Yes, resign"))) return;
    try {
      apply(await api.resign(id, token));
    } catch (e) {
      toast((e as Error).message);
    }
  }

  async function doDeclare(): Promise<void> {
    const q = "Declare a win by entering king (入玉宣言)? A declaration that does not meet the conditions loses.";
    if (!token || !(await confirmDialog(q, "Declare"))) return;
    try {
      apply(await api.declare(id, token));
    } catch (e) {
      toast((e as Error).message);
    }
  }

  async function doRematch(): Promise<void> {
    if (!token) return;
    try {
      const answer = await api.rematch(id, token);
      rememberSeat(answer.id, { token: answer.token, seat: answer.seat });
      rematchSeen = answer.id;
      location.hash = `#game=${encodeURIComponent(answer.id)}&token=${encodeURIComponent(answer.token)}`;
    } catch (e) {
      toast(`Rematch: ${(e as Error).message}`);
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
      viewer.destroy();
    },
  };
}
