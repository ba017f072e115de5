// The #review screen: import a record (file or pasted text), replay it, export it, review it;
// or `#review&game=ID` for a stored game.
import { api, type HistoryEntry } from "./api.js";
import { download, h, toast } from "./dom.js";
import { endingText } from "./ending.js";
import { RecordPanel } from "./record.js";
import { ReviewPanel } from "./review.js";
import type { Screen } from "./screen.js";
import { openSettings } from "./settings.js";
import type { Color, Variant } from "./sfen.js";
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
}

export function recordsScreen(gameId: string | null): Screen {
  const holder = h("div", { class: "loaded" });
  let parts: { record: RecordPanel; review: ReviewPanel; viewer: Viewer } | null = null;

  const text = h("textarea", { id: "record-text", rows: 8, placeholder: "Paste a KIF, KI2, CSA, JKF, USI or SFEN record here", spellcheck: "false" });
  const file = h("input", { type: "file", id: "record-file", accept: ".kif,.kifu,.ki2,.ki2u,.csa,.jkf,.json,.usi,.sfen,.txt" });
  const format = h("select", { id: "record-format", "aria-label": "Format" }, ...["auto", "kif", "ki2", "csa", "jkf", "usi", "sfen"].map((f) => h("option", { value: f }, f === "auto" ? "Format: detect" : f.toUpperCase())));
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
  read.addEventListener("click", () => {
    if (!text.value.trim()) return toast("Paste a record or choose a file first.");
    read.disabled = true;
    api
      .readRecord(text.value, format.value === "auto" ? null : format.value, variant.value === "auto" ? null : (variant.value as Variant))
      .then((r) => {
        const names = [r.header.sente, r.header.gote].filter(Boolean).join(" – ");
        show({
          ...r,
          title: [names, r.header.event].filter(Boolean).join(" · ") || "Imported record",
          result: r.outcome ? endingText(r.outcome) : r.result,
          names: { sente: r.header.sente, gote: r.header.gote },
          gameId: null,
        });
        importBox.open = false;
        if (r.warnings.length > 0) {
          toast(r.warnings.map((w) => (w.line > 0 ? `Line ${w.line}: ` : "") + w.message).join("\n"), "info");
        }
      })
      .catch((e: Error) => toast(`Cannot read the record: ${e.message}`))
      .finally(() => (read.disabled = false));
  });
  const importBox = h(
    "details",
    { class: "panel import", open: true },
    h("summary", {}, "Import a record 棋譜を読み込む"),
    h("div", { class: "row" }, h("label", { class: "button small" }, "Open a file…", file), format, variant),
    text,
    h("div", { class: "buttons" }, read),
  );

  function show(line: Loaded): void {
    destroyParts();
    const viewer = new Viewer(() => undefined);
    const id = line.gameId;
    const record = new RecordPanel(viewer, {
      live: false,
      ...(id
        ? { link: (f: string) => api.recordUrl(id, f) }
        : {
            write: async (f: string) => {
              try {
                download(`koma.${f}`, await api.writeRecord(line.variant, line.start_sfen, line.moves, f));
              } catch (e) {
                toast(`Export: ${(e as Error).message}`);
              }
            },
          }),
    });
    const review = new ReviewPanel(viewer, () => line);
    viewer.setLine({ variant: line.variant, startSfen: line.start_sfen, history: line.history });
    viewer.goTo(0);
    for (const color of ["sente", "gote"] as const) viewer.setPlayer(color, line.names?.[color] ?? null);
    record.setResult(line.result);
    parts = { record, review, viewer };
    holder.replaceChildren(
      h(
        "div",
        { class: "game-screen" },
        viewer.el,
        h(
          "aside",
          { class: "side-panel" },
          h("p", { id: "status" }, line.title),
          h("div", { class: "actions" }, h("button", { type: "button", id: "flip", onclick: () => viewer.flip() }, "⇅ Flip"), h("button", { type: "button", id: "settings-button", onclick: () => openSettings() }, "⚙ Settings")),
          record.el,
          review.el,
        ),
      ),
    );
  }

  function destroyParts(): void {
    if (!parts) return;
    parts.record.destroy();
    parts.review.destroy();
    parts.viewer.destroy();
    parts = null;
  }

  if (gameId) {
    importBox.open = false;
    api.game(gameId).then(
      (g) => {
        const result = g.outcome ? endingText(g.outcome) : null;
        show({ ...g, title: `Game ${g.id}${result ? ` · ${result}` : ""}`, result, gameId: g.id });
      },
      (e: Error) => toast(`Cannot load game ${gameId}: ${e.message}`),
    );
  }

  return { el: h("div", { class: "records" }, importBox, holder), destroy: destroyParts };
}

function readFile(f: File): Promise<string> {
  // KIF files are often Shift_JIS: decode as UTF-8 first, and as Shift_JIS when that fails.
  return f.arrayBuffer().then((buf) => {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(buf);
    } catch {
      return new TextDecoder("shift_jis").decode(buf);
    }
  });
}
