// The #room=ID screen: the kansōsen (感想戦) of a finished game. Everyone in the room sees one
// shared board: the players (and a spectator they hand it to) move it, play variations,
// comment and draw arrows and circles; each change comes back from the server to every page
// in the room. A player turns the engine on for all; the talk goes on from the game's chat.
import { api, errorText, roomSocket, type RoomLines, type RoomMember, type RoomMessage, type RoomState } from "./api.js";
import { ChatPanel } from "./chat.js";
import { h, toast } from "./dom.js";
import { exploreMoves } from "./explore.js";
import { t } from "./i18n.js";
import { legendOnce } from "./legend.js";
import { EnginePanel } from "./lines.js";
import { MarkInput, drawSwitch, showMarks } from "./marks.js";
import { NotesPanel } from "./notes.js";
import { endingName, RecordPanel, saveExport } from "./record.js";
import { ReviewPanel } from "./review.js";
import type { Screen } from "./screen.js";
import { openSettings } from "./settings.js";
import type { Color } from "./sfen.js";
import { seatMemo } from "./store.js";
import { RecordTree } from "./tree.js";
import { Viewer } from "./viewer.js";

export function roomScreen(id: string): Screen {
  const viewer = new Viewer((usi) => send({ type: "move", node: tree.at(viewer.ply), usi }));
  const tree = new RecordTree([{ parent: null, children: [], ply: 0 }]);
  let state: RoomState | null = null;
  let lines: RoomLines | null = null;
  let me: { seat: Color | null; account: string | null } = { seat: null, account: null };
  let people: RoomMember[] = [];
  /** Set while a push is shown: the board's own moves are not sent back. */
  let applying = false;

  const socket = roomSocket(id, seatMemo(id)?.token ?? null, (m) => receive(m), (up) => {
    connection.textContent = up ? "" : t("room-reconnecting");
  });
  function send(message: object): void {
    if (!socket.send(message)) toast(t("room-not-connected"));
  }
  const player = () => me.seat !== null;
  const holds = () => player() || (me.account !== null && state?.holder === me.account);

  const header = (): [string, string][] => {
    const names: [string, string][] = [];
    if (state?.players[0]) names.push(["先手", state.players[0]]);
    if (state?.players[1]) names.push(["後手", state.players[1]]);
    return names;
  };
  const record = new RecordPanel(viewer, {
    live: false,
    write: async (format) => {
      if (!state) return;
      try {
        const out = await api.exportRecord(state.variant, state.start_sfen, header(), tree.serialize(), format);
        saveExport(`koma-${id}.${format}`, format, out);
      } catch (e) {
        toast(t("review-export-failed", { error: errorText(e) }));
      }
    },
    marks: (ply) => tree.marks(ply),
  });
  const notes = new NotesPanel(viewer, tree, (node) => send({ type: "go", node }), [], () => undefined, {
    comment: (node, text) => send({ type: "comment", node, text }),
    promote: (node) => send({ type: "promote", node }),
    reorder: (node, up) => send({ type: "reorder", node, up }),
    remove: (node) => send({ type: "delete", node }),
  });
  const engine = new EnginePanel(viewer, { turn: (on) => send({ type: "engine", on }) });
  // The win-rate graph of the line the board shows, for whoever asks for it.
  const review = new ReviewPanel(viewer, () => ({ variant: state?.variant ?? "shogi", start_sfen: state?.start_sfen ?? "", moves: tree.history().map((e) => e.usi) }));
  const chat = new ChatPanel("review", async (text) => send({ type: "chat", text }));
  const explore = exploreMoves(viewer, holds);

  // Marks: dragged with the right button, or with the left one while "Draw" is on.
  const draw = drawSwitch();
  const drawButton = draw.button;
  const marks = new MarkInput(viewer.board, (from, to) => send({ type: "shape", node: tree.at(viewer.ply), from, to }), draw.on, holds);

  // The board handed to a spectator with an account, and taken back.
  const handTo = h("select", { id: "hand-to", "aria-label": t("room-hand-to") });
  const handButton = h("button", { type: "button", id: "hand-board", class: "small", onclick: () => {
    send({ type: "hand", to: state?.holder ? null : handTo.value || null });
  } }, t("room-hand"));
  const handRow = h("div", { class: "row hand-row", hidden: true }, h("label", { for: "hand-to" }, t("room-hand-label")), handTo, handButton);

  const status = h("p", { id: "status" }, t("room-opening"));
  const connection = h("span", { class: "connection", "aria-live": "polite" });
  const who = h("p", { id: "room-people", class: "hint", "aria-live": "polite" });

  // The marks of the node shown; a mover's step to another node moves everyone's board.
  viewer.onPly((ply) => {
    const node = tree.at(ply);
    showMarks(viewer, tree);
    if (!applying && state && holds() && node !== shownNode()) send({ type: "go", node });
  });
  /** The node the room's board shows (an ending shows the move before it). */
  const shownNode = () => (state ? tree.at(tree.nodes[state.at]?.ply ?? 0) : 0);

  function receive(m: RoomMessage): void {
    switch (m.type) {
      case "you":
        me = { seat: m.seat, account: m.account };
        return controls();
      case "room":
        state = m;
        return show(m);
      case "lines":
        lines = m;
        return controls();
      case "members":
        people = m.people;
        return controls();
      case "chat":
        return chat.add(m.lines);
      case "error":
        return toast(errorText(new Error(m.error), m.code));
    }
  }

  function show(r: RoomState): void {
    legend(r.variant);
    applying = true;
    tree.replace(r.tree, r.at);
    for (const color of ["sente", "gote"] as const) viewer.setPlayer(color, r.players[color === "sente" ? 0 : 1]);
    viewer.setLine({ variant: r.variant, startSfen: r.start_sfen, history: tree.history() });
    viewer.goTo(tree.nodes[r.at]?.ply ?? 0);
    record.setResult(endingName(tree.ending()));
    review.lineShown();
    notes.draw();
    applying = false;
    controls();
  }

  function controls(): void {
    const names = state?.players.filter(Boolean).join(" – ") ?? "";
    status.textContent = t("room-status", { players: names });
    const holder = people.find((p) => p.account && p.account === state?.holder);
    const watchers = people.filter((p) => p.seat === null).length;
    // room-people, room-people-mover, room-people-holder, room-people-holder-mover.
    const counts = { count: people.length, watchers };
    const mover = holds() ? "-mover" : "";
    who.textContent = holder ? t(`room-people-holder${mover}`, { ...counts, holder: holder.name }) : t(`room-people${mover}`, counts);
    engine.showRemote(state?.engine ?? false, lines, player());
    notes.setEditable(holds());
    drawButton.hidden = !holds();
    const guests = people.filter((p) => p.seat === null && p.account);
    const accounts = [...new Map(guests.map((p) => [p.account!, p.name])).entries()];
    handTo.replaceChildren(...accounts.map(([account, name]) => h("option", { value: account, selected: account === state?.holder, translate: "no" }, name)));
    handTo.disabled = Boolean(state?.holder) || accounts.length === 0;
    handButton.textContent = state?.holder ? t("room-take-back") : t("room-hand");
    // Shown to a player once there is someone to hand the board to (or to take it from).
    handRow.hidden = !player() || (accounts.length === 0 && !state?.holder);
    explore();
  }

  const side = h(
    "aside",
    { class: "side-panel" },
    h("div", { class: "status-line" }, status, connection),
    who,
    h("div", { class: "actions" }, h("button", { type: "button", id: "flip", onclick: () => viewer.flip() }, t("review-flip")), drawButton, h("button", { type: "button", id: "settings-button", onclick: () => openSettings() }, t("review-settings")), h("a", { class: "button", id: "back-to-game", href: `#game=${encodeURIComponent(id)}` }, t("room-back-to-game"))),
    handRow,
    record.el,
    notes.el,
    engine.el,
    review.el,
    chat.el,
  );
  const el = h("div", { class: "game-screen room-screen" }, viewer.el, side);
  const legend = legendOnce(side, chat.el);
  return {
    el,
    destroy: () => {
      socket.close();
      marks.destroy();
      record.destroy();
      engine.destroy();
      review.destroy();
      notes.destroy();
      viewer.destroy();
    },
  };
}
