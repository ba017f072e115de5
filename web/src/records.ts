// The #review screen: import a record (file or pasted text), replay it with its comments and
// variations, export it, review it; or `#review&game=ID` for a stored game. It is an analysis
// board: a move played on any position of the line shown becomes a variation (the server says
// which moves the position allows), a variation can be made the main line or deleted, a
// comment written on any move, and the tree exported with them all.
import { api, type HistoryEntry, type RecordRead, type RecordWarning } from "./api.js";
import { download, h, toast } from "./dom.js";
import { endingText } from "./ending.js";
import { exploreMoves } from "./explore.js";
import { EnginePanel } from "./lines.js";
import { MarkInput, drawSwitch, showMarks } from "./marks.js";
import { NotesPanel } from "./notes.js";
import { RecordPanel } from "./record.js";
import { ReviewPanel } from "./review.js";
import type { Screen } from "./screen.js";
import { openSettings } from "./settings.js";
import type { Color, Variant } from "./sfen.js";
import { RecordTree } from "./tree.js";
import { variantOptions } from "./variants.js";
import { Viewer } from "./viewer.js";

interface Loaded {
  variant: Variant;
  start_sfen: string;
  moves: string[];
  history: HistoryEntry[];
  title: string;
  /** The result in the page's words. */
  result: string | null;
  /** The players' names, when the record gives them. */
  names?: Record<Color, string | null>;
  gameId: string | null;
  /** An imported record: its text and format (exports convert it, keeping what the format
   *  can), its tree and header. */
  imported?: { text: string; read: RecordRead };
}

/** A warning as the page lists it: `Line 3: ...`. */
function warningText(w: RecordWarning): string {
  return (w.line > 0 ? `Line ${w.line}: ` : "") + w.message;
}

const FORMAT_NAMES: Record<string, string> = { moves: "Move list" };

export function recordsScreen(gameId: string | null): Screen {
  const holder = h("div", { class: "loaded" });
  let parts: { record: RecordPanel; review: ReviewPanel; engine: EnginePanel; viewer: Viewer; notes: NotesPanel; marks: MarkInput } | null = null;

  const text = h("textarea", { id: "record-text", rows: 8, placeholder: "Paste a KIF, KI2, CSA, JKF, USI or SFEN record here, or a move list (1. P-7f P-3d 2. P-2f …)", spellcheck: "false" });
  const file = h("input", { type: "file", id: "record-file", accept: ".kif,.kifu,.ki2,.ki2u,.csa,.jkf,.json,.usi,.sfen,.txt" });
  const format = h("select", { id: "record-format", "aria-label": "Format" }, ...["auto", "kif", "ki2", "csa", "jkf", "usi", "sfen", "moves"].map((f) => h("option", { value: f }, f === "auto" ? "Format: detect" : (FORMAT_NAMES[f] ?? f.toUpperCase()))));
  const variant = h("select", { id: "record-variant", "aria-label": "Variant" }, h("option", { value: "auto" }, "Variant: detect"), ...variantOptions().map(([v, l]) => h("option", { value: v }, l)));
  const read = h("button", { type: "button", id: "read-record", class: "primary" }, "Read the record");
  file.addEventListener("change", () => {
    const f = file.files?.[0];
    if (!f) return;
    readFile(f).then((t) => {
      text.value = t;
      read.click();
    }, () => toast("Cannot read the file."));
  });
  // Why the last text could not be read, where the text is: the message names the line.
  const readError = h("p", { id: "read-error", class: "notice error", role: "alert", hidden: true });
  read.addEventListener("click", () => {
    if (!text.value.trim()) return toast("Paste a record or choose a file first.");
    read.disabled = true;
    readError.hidden = true;
    const source = text.value;
    api
      .readRecord(source, format.value === "auto" ? null : format.value, variant.value === "auto" ? null : (variant.value as Variant))
      .then((r) => {
        const names = [r.header.sente, r.header.gote].filter(Boolean).join(" – ");
        show({
          ...r,
          title: [names, r.header.event].filter(Boolean).join(" · ") || "Imported record",
          result: r.outcome ? endingText(r.outcome) : r.result,
          names: { sente: r.header.sente, gote: r.header.gote },
          gameId: null,
          imported: { text: source, read: r },
        });
        importBox.open = false;
        if (r.warnings.length > 0) {
          toast(r.warnings.map(warningText).join("\n"), "info");
          noteWarnings("Reading", r.warnings);
        }
      })
      .catch((e: Error) => {
        readError.textContent = `Cannot read the record: ${e.message}`;
        readError.hidden = false;
        toast(`Cannot read the record: ${e.message}`);
      })
      .finally(() => (read.disabled = false));
  });
  const importBox = h(
    "details",
    { class: "panel import", open: true },
    h("summary", {}, "Import a record 棋譜を読み込む"),
    h("div", { class: "row" }, h("label", { class: "button small" }, "Open a file…", file), format, variant),
    text,
    readError,
    h("div", { class: "buttons" }, read),
  );

  // What the reading needed and what exports could not keep, listed until the next import.
  const warnings = h("ul", { id: "record-warnings", class: "record-warnings", "aria-live": "polite" });
  const warningsBox = h("details", { class: "panel warnings-panel", open: true, hidden: true }, h("summary", {}, "⚠ Notes on this record"), warnings);
  function noteWarnings(what: string, list: RecordWarning[]): void {
    warningsBox.hidden = false;
    for (const w of list) warnings.append(h("li", { "data-code": w.code }, h("strong", {}, `${what}: `), warningText(w)));
  }

  function show(line: Loaded): void {
    destroyParts();
    warnings.replaceChildren();
    warningsBox.hidden = true;
    const viewer = new Viewer((usi) => void play(usi));
    const id = line.gameId;
    const imported = line.imported;
    const tree = imported ? new RecordTree(imported.read.tree) : RecordTree.ofLine(line.history);
    // The header an export of the tree keeps: the record's, or a game's players.
    const players: [string, string][] = [];
    if (line.names?.sente) players.push(["先手", line.names.sente]);
    if (line.names?.gote) players.push(["後手", line.names.gote]);
    const header = imported?.read.header.entries ?? players;
    const write = async (f: string) => {
      try {
        if (tree.edited) {
          // The tree as the board has it: its variations and comments, and the header read.
          const out = await api.exportRecord(line.variant, line.start_sfen, header, tree.serialize(), f);
          download(`koma.${f}`, out.text);
          if (out.warnings.length) {
            const what = `${f.toUpperCase()} export`;
            noteWarnings(what, out.warnings);
            toast(`${what}: ${out.warnings.map(warningText).join("; ")}`, "info");
          }
        } else if (imported) {
          // The imported text itself, converted: its comments and variations go along
          // where the format has room, and what it has none for is said.
          const r = imported.read;
          const out = await api.convertRecord(imported.text, r.format, r.variant, f);
          download(`koma.${f}`, out.text);
          if (out.warnings.length) {
            const what = `${f.toUpperCase()} export`;
            noteWarnings(what, out.warnings);
            toast(`${what}: ${out.warnings.map(warningText).join("; ")}`, "info");
          }
        } else {
          download(`koma.${f}`, await api.writeRecord(line.variant, line.start_sfen, line.moves, f));
        }
      } catch (e) {
        toast(`Export: ${(e as Error).message}`);
      }
    };
    const marks = (ply: number) => tree.marks(ply);
    // A stored game's record comes from the server until the board changes its tree.
    const link = id ? (f: string) => (tree.edited ? null : api.recordUrl(id, f)) : undefined;
    const record = new RecordPanel(viewer, { live: false, write, ...(link ? { link } : {}), marks });
    // The line reviewed is the one shown: the main line, or a variation followed.
    const shownLine = () => ({ variant: line.variant, start_sfen: line.start_sfen, moves: tree.history().map((e) => e.usi) });
    const review = new ReviewPanel(viewer, shownLine);
    const engine = new EnginePanel(viewer);
    viewer.setLine({ variant: line.variant, startSfen: line.start_sfen, history: line.history });
    viewer.goTo(0);
    for (const color of ["sente", "gote"] as const) viewer.setPlayer(color, line.names?.[color] ?? null);
    record.setResult(line.result);
    // Follows the line through node `node`, showing that node.
    const follow = (node: number) => {
      tree.follow(node);
      viewer.setLine({ variant: line.variant, startSfen: line.start_sfen, history: tree.history() });
      record.setResult(tree.isMain() ? line.result : tree.ending());
      review.reset();
      viewer.goTo(tree.nodes[node]?.ply ?? 0);
      notes.draw();
    };
    // A change to the tree: the record's marks and exports follow it.
    const edited = () => record.setResult(tree.isMain() ? line.result : tree.ending());
    const notes = new NotesPanel(viewer, tree, follow, header, edited);
    // The moves of the position shown: a piece moved there makes a variation.
    exploreMoves(viewer);
    // Arrows and circles drawn on the position shown, kept with its node while the record
    // is open (no record format keeps them).
    const draw = drawSwitch();
    const drawn = new MarkInput(viewer.board, (from, to) => {
      tree.toggleShape(tree.at(viewer.ply), from, to);
      showMarks(viewer, tree);
    }, draw.on, () => true);
    viewer.onPly(() => showMarks(viewer, tree));
    // A move played on the board: the line so far and the move, checked by the server; its
    // node (a new variation, or the continuation that already plays it) is shown.
    async function play(usi: string): Promise<void> {
      const ply = viewer.ply;
      const moves = [...tree.history().slice(0, ply).map((e) => e.usi), usi];
      try {
        const state = await api.line(line.variant, line.start_sfen, moves);
        const entry = state.history[state.history.length - 1];
        if (!entry) return;
        const node = tree.add(tree.at(ply), entry);
        follow(node);
      } catch (e) {
        toast(`Cannot play ${usi}: ${(e as Error).message}`);
      }
    }
    parts = { record, review, engine, viewer, notes, marks: drawn };
    holder.replaceChildren(
      h(
        "div",
        { class: "game-screen" },
        viewer.el,
        h(
          "aside",
          { class: "side-panel" },
          h("p", { id: "status" }, line.title),
          h("div", { class: "actions" }, h("button", { type: "button", id: "flip", onclick: () => viewer.flip() }, "⇅ Flip"), draw.button, h("button", { type: "button", id: "settings-button", onclick: () => openSettings() }, "⚙ Settings")),
          warningsBox,
          record.el,
          notes.el,
          engine.el,
          review.el,
        ),
      ),
    );
  }

  function destroyParts(): void {
    if (!parts) return;
    parts.record.destroy();
    parts.review.destroy();
    parts.engine.destroy();
    parts.notes.destroy();
    parts.marks.destroy();
    parts.viewer.destroy();
    parts = null;
  }

  if (gameId) {
    importBox.open = false;
    api.game(gameId).then(
      (g) => {
        const result = g.outcome ? endingText(g.outcome) : null;
        const names = { sente: g.players?.sente?.name ?? null, gote: g.players?.gote?.name ?? null };
        show({ ...g, title: `Game ${g.id}${result ? ` · ${result}` : ""}`, result, names, gameId: g.id });
      },
      (e: Error) => toast(`Cannot load game ${gameId}: ${e.message}`),
    );
  }

  return { el: h("div", { class: "records" }, importBox, holder), destroy: destroyParts };
}

/** A record file's text: UTF-8, or Shift_JIS (as KIF files often are) when it is not. */
export function readFile(f: File): Promise<string> {
  return f.arrayBuffer().then((buf) => {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(buf);
    } catch {
      return new TextDecoder("shift_jis").decode(buf);
    }
  });
}
