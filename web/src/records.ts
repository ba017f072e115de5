// The #review screen: import a record (file or pasted text), replay it with its comments and
// variations, export it, review it; or `#review&game=ID` for a stored game. It is an analysis
// board: a move played on any position of the line shown becomes a variation (the server says
// which moves the position allows), a variation can be made the main line or deleted, a
// comment written on any move, and the tree exported with them all.
import { api, errorText, type HistoryEntry, type RecordRead, type RecordWarning } from "./api.js";
import { download, h, toast } from "./dom.js";
import { endingText } from "./ending.js";
import { exploreMoves } from "./explore.js";
import { t } from "./i18n.js";
import { EnginePanel } from "./lines.js";
import { MarkInput, drawSwitch, showMarks } from "./marks.js";
import { NotesPanel } from "./notes.js";
import { endingName, RecordPanel } from "./record.js";
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
  /** The title: a message, or the record's names and event (data, shown as they are). */
  title: string | Node;
  /** The result in the page's words. */
  result: string | null;
  /** The players' names, when the record gives them. */
  names?: Record<Color, string | null>;
  gameId: string | null;
  /** An imported record: its text and format (exports convert it, keeping what the format
   *  can), its tree and header. */
  imported?: { text: string; read: RecordRead };
}

/** A warning as the page lists it: `Line 3: ...` (the message is the server's text). */
function warningText(w: RecordWarning): string {
  return w.line > 0 ? t("review-warning-line", { line: String(w.line), message: w.message }) : t("review-warning", { message: w.message });
}

/** An import format's `<option>`: its name (data: KIF, CSA...), or a message. */
function formatOption(f: string): HTMLOptionElement {
  if (f === "auto") return h("option", { value: f }, t("review-format-detect"));
  if (f === "moves") return h("option", { value: f }, t("review-format-moves"));
  return h("option", { value: f, translate: "no" }, f.toUpperCase());
}

export function recordsScreen(gameId: string | null): Screen {
  const holder = h("div", { class: "loaded" });
  let parts: { record: RecordPanel; review: ReviewPanel; engine: EnginePanel; viewer: Viewer; notes: NotesPanel; marks: MarkInput } | null = null;

  const text = h("textarea", { id: "record-text", rows: 8, placeholder: t("review-record-placeholder"), spellcheck: "false" });
  const file = h("input", { type: "file", id: "record-file", accept: ".kif,.kifu,.ki2,.ki2u,.csa,.jkf,.json,.usi,.sfen,.txt" });
  const format = h("select", { id: "record-format", "aria-label": t("review-format-label") }, ...["auto", "kif", "ki2", "csa", "jkf", "usi", "sfen", "moves"].map(formatOption));
  const variant = h("select", { id: "record-variant", "aria-label": t("review-variant-label") }, h("option", { value: "auto" }, t("review-variant-detect")), ...variantOptions(true).map(([v, l]) => h("option", { value: v }, l)));
  const read = h("button", { type: "button", id: "read-record", class: "primary" }, t("review-read"));
  file.addEventListener("change", () => {
    const f = file.files?.[0];
    if (!f) return;
    readFile(f).then((content) => {
      text.value = content;
      read.click();
    }, () => toast(t("review-file-unreadable")));
  });
  // Why the last text could not be read, where the text is: the message names the line.
  const readError = h("p", { id: "read-error", class: "notice error", role: "alert", hidden: true });
  read.addEventListener("click", () => {
    if (!text.value.trim()) return toast(t("review-paste-first"));
    read.disabled = true;
    readError.hidden = true;
    const source = text.value;
    api
      .readRecord(source, format.value === "auto" ? null : format.value, variant.value === "auto" ? null : (variant.value as Variant))
      .then((r) => {
        const names = [r.header.sente, r.header.gote].filter(Boolean).join(" – ");
        const named = [names, r.header.event].filter(Boolean).join(" · ");
        show({
          ...r,
          title: named ? h("span", { translate: "no" }, named) : t("review-imported-title"),
          result: r.outcome ? endingText(r.outcome) : endingName(r.result),
          names: { sente: r.header.sente, gote: r.header.gote },
          gameId: null,
          imported: { text: source, read: r },
        });
        importBox.open = false;
        if (r.warnings.length > 0) {
          toast(r.warnings.map(warningText).join("\n"), "info");
          noteWarnings(t("review-warnings-reading"), r.warnings);
        }
      })
      .catch((e: unknown) => {
        const message = t("review-read-failed", { error: errorText(e) });
        readError.textContent = message;
        readError.hidden = false;
        toast(message);
      })
      .finally(() => (read.disabled = false));
  });
  const importBox = h(
    "details",
    { class: "panel import", open: true },
    h("summary", {}, t("review-import-title")),
    h("div", { class: "row" }, h("label", { class: "button small" }, t("review-open-file"), file), format, variant),
    text,
    readError,
    h("div", { class: "buttons" }, read),
  );

  // What the reading needed and what exports could not keep, listed until the next import.
  const warnings = h("ul", { id: "record-warnings", class: "record-warnings", "aria-live": "polite" });
  const warningsBox = h("details", { class: "panel warnings-panel", open: true, hidden: true }, h("summary", {}, t("review-warnings-title")), warnings);
  /** Lists `list` under `what` (`Reading:`, `CSA export:`, a message of its own). */
  function noteWarnings(what: string, list: RecordWarning[]): void {
    warningsBox.hidden = false;
    for (const w of list) warnings.append(h("li", { "data-code": w.code }, h("strong", {}, what), " ", warningText(w)));
  }
  /** Says what an export in format `f` could not keep: in the list and in a toast. */
  function noteExport(f: string, list: RecordWarning[]): void {
    const format = f.toUpperCase();
    noteWarnings(t("review-warnings-export", { format }), list);
    toast(t("review-export-warnings", { format, warnings: list.map(warningText).join("; ") }), "info");
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
          if (out.warnings.length) noteExport(f, out.warnings);
        } else if (imported) {
          // The imported text itself, converted: its comments and variations go along
          // where the format has room, and what it has none for is said.
          const r = imported.read;
          const out = await api.convertRecord(imported.text, r.format, r.variant, f);
          download(`koma.${f}`, out.text);
          if (out.warnings.length) noteExport(f, out.warnings);
        } else {
          download(`koma.${f}`, await api.writeRecord(line.variant, line.start_sfen, line.moves, f));
        }
      } catch (e) {
        toast(t("review-export-failed", { error: errorText(e) }));
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
      record.setResult(tree.isMain() ? line.result : endingName(tree.ending()));
      review.reset();
      viewer.goTo(tree.nodes[node]?.ply ?? 0);
      notes.draw();
    };
    // A change to the tree: the record's marks and exports follow it.
    const edited = () => record.setResult(tree.isMain() ? line.result : endingName(tree.ending()));
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
        toast(t("review-play-failed", { move: usi, error: errorText(e) }));
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
          h("div", { class: "actions" }, h("button", { type: "button", id: "flip", onclick: () => viewer.flip() }, t("review-flip")), draw.button, h("button", { type: "button", id: "settings-button", onclick: () => openSettings() }, t("review-settings"))),
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
        const title = result ? t("review-title-game-result", { id: g.id, result }) : t("review-title-game", { id: g.id });
        show({ ...g, title, result, names, gameId: g.id });
      },
      (e: unknown) => toast(t("review-game-failed", { id: gameId, error: errorText(e) })),
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
