// The notes of a record beside its moves: the comments (and bookmark, time) of the move shown,
// the variations that branch there, to follow with a click or ↑/↓, and the way back to the
// main line; the header's entries folded away. On the analysis board the comment of the move
// shown is written here, and a move with what follows it made the main line or deleted.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { moveText } from "./record.js";
import { onSettings, settings } from "./settings.js";
import type { RecordTree } from "./tree.js";
import type { Viewer } from "./viewer.js";

/** Header keys the page already shows elsewhere (the player bars and the title). */
const SHOWN_KEYS = new Set(["先手", "後手", "下手", "上手", "棋戦"]);

function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Changes made to the tree somewhere else (a room's server), each for the node shown. */
export interface TreeEdits {
  comment(id: number, text: string): void;
  /** Makes the variation `id` is on the main one. */
  promote(id: number): void;
  /** Moves `id` one place earlier or later among its alternatives. */
  reorder(id: number, up: boolean): void;
  remove(id: number): void;
}

export class NotesPanel {
  readonly el: HTMLElement;
  private readonly here: HTMLElement;
  private readonly comments: HTMLElement;
  private readonly variations: HTMLElement;
  private readonly mainButton: HTMLButtonElement;
  private readonly editor: HTMLTextAreaElement;
  private readonly promoteButton: HTMLButtonElement;
  private readonly removeButton: HTMLButtonElement;
  private readonly orderButtons: HTMLElement;
  private readonly unsubscribe: () => void;
  /** The comment editor and the tree's buttons, shown to whoever may change the tree. */
  private readonly editing: [HTMLElement, HTMLElement];

  /** `follow(id)` shows the line through node `id` at that node; `edited()` hears of every
   *  change the reader makes to the tree here; with `remote`, the changes go there instead
   *  (the tree comes back changed). */
  constructor(
    private readonly viewer: Viewer,
    private readonly tree: RecordTree,
    follow: (id: number) => void,
    header: [string, string][],
    edited: () => void = () => undefined,
    remote: TreeEdits | null = null,
  ) {
    this.here = h("p", { class: "notes-here" });
    this.comments = h("div", { id: "comment", class: "comment", "aria-live": "polite" });
    this.variations = h("div", { id: "variations", class: "variations" });
    this.variations.addEventListener("click", (e) => {
      const button = (e.target as Element).closest<HTMLElement>("[data-node]");
      if (button) follow(Number(button.dataset["node"]));
    });
    this.mainButton = h("button", { type: "button", id: "main-line", class: "small", hidden: true, onclick: () => follow(tree.nodes[0]?.children[0] ?? 0) }, t("review-notes-main-line"));
    this.editor = h("textarea", { id: "comment-edit", class: "comment-edit", rows: 2, placeholder: t("review-notes-placeholder"), "aria-label": t("review-notes-editor-label") });
    this.editor.addEventListener("change", () => {
      if (remote) return remote.comment(tree.at(viewer.ply), this.editor.value);
      tree.setComment(tree.at(viewer.ply), this.editor.value);
      this.draw();
      edited();
    });
    this.promoteButton = h("button", { type: "button", id: "promote-line", class: "small", onclick: () => {
      const node = tree.at(viewer.ply);
      if (remote) return remote.promote(node);
      tree.promote(this.branchOf(node));
      follow(node);
      edited();
    } }, t("review-notes-promote"));
    this.removeButton = h("button", { type: "button", id: "delete-move", class: "small", onclick: () => {
      if (remote) return remote.remove(tree.at(viewer.ply));
      const parent = tree.remove(tree.at(viewer.ply));
      follow(parent);
      edited();
    } }, t("review-notes-delete"));
    const shift = (up: boolean) => {
      const node = tree.at(viewer.ply);
      if (remote) return remote.reorder(node, up);
      tree.shift(node, up);
      follow(node);
      edited();
    };
    this.orderButtons = h(
      "span",
      { class: "order" },
      h("button", { type: "button", id: "variation-up", class: "small", title: t("review-notes-up"), onclick: () => shift(true) }, "▲"),
      h("button", { type: "button", id: "variation-down", class: "small", title: t("review-notes-down"), onclick: () => shift(false) }, "▼"),
    );
    this.editing = [
      h("details", { class: "comment-editor" }, h("summary", {}, t("review-notes-write")), this.editor),
      h("div", { class: "row tree-edit" }, this.promoteButton, this.orderButtons, this.removeButton),
    ];
    const extra = header.filter(([key]) => !SHOWN_KEYS.has(key));
    const headerBox = extra.length
      ? h(
          "details",
          { class: "record-header" },
          h("summary", {}, t("review-notes-header", { count: extra.length })),
          h("dl", { translate: "no" }, ...extra.flatMap(([key, value]) => [h("dt", {}, key), h("dd", {}, value)])),
        )
      : null;
    this.el = h(
      "section",
      { class: "panel notes-panel", "aria-label": t("review-notes-label") },
      h("div", { class: "panel-head" }, h("h2", {}, t("review-notes-heading")), this.mainButton),
      headerBox,
      this.here,
      this.comments,
      this.editing[0],
      this.variations,
      this.editing[1],
    );
    viewer.onPly(() => this.draw());
    // ↑ and ↓ switch between the variations of the move shown (not while typing).
    const keys = (e: KeyboardEvent) => {
      if (e.defaultPrevented || (e.target as Element).closest("input, textarea, select") || document.querySelector(".overlay")) return;
      const step = { ArrowUp: -1, ArrowDown: 1 }[e.key];
      if (step === undefined) return;
      const node = tree.at(viewer.ply);
      const choices = tree.choices(node);
      if (!choices.length) return;
      e.preventDefault();
      const i = choices.indexOf(node);
      follow(choices[(i + step + choices.length) % choices.length]!);
    };
    document.addEventListener("keydown", keys);
    const stopSettings = onSettings(() => this.draw());
    this.unsubscribe = () => {
      stopSettings();
      document.removeEventListener("keydown", keys);
    };
    this.draw();
  }

  /** A node's words: its move in the reader's notation, or its ending. */
  private label(id: number): string {
    const node = this.tree.nodes[id];
    if (!node) return "";
    return node.move ? moveText(node.move, settings().notation) : (node.end ?? "");
  }

  /** A row of buttons, one per node of `ids`, the one shown pressed, the main one marked. */
  private choiceRow(title: string, ids: number[]): HTMLElement {
    return h(
      "div",
      { class: "choice-row" },
      h("span", { class: "choice-title" }, title),
      ...ids.map((id, i) =>
        h(
          "button",
          { type: "button", class: "small variation", "data-node": id, "aria-pressed": String(this.tree.shown(id)) },
          h("span", { translate: "no" }, this.label(id)),
          i === 0 ? h("span", { class: "main-mark" }, " ", t("review-notes-main-mark")) : null,
        ),
      ),
    );
  }

  /** The first node of the variation `id` is on: itself or the nearest before it that is not
   *  its parent's first continuation (the start when it is on the main line). */
  private branchOf(id: number): number {
    for (let n = id; ; ) {
      const parent = this.tree.nodes[n]?.parent;
      if (parent === null || parent === undefined) return n;
      if (this.tree.nodes[parent]?.children[0] !== n) return n;
      n = parent;
    }
  }

  draw(): void {
    const ply = this.viewer.ply;
    const id = this.tree.at(ply);
    const node = this.tree.nodes[id];
    // The move shown, as the record writes it: its number, its move, its time (data).
    const move = `${ply}. ${this.label(id)}${node?.spent_ms !== undefined ? `  (${clock(node.spent_ms)})` : ""}`;
    this.here.replaceChildren(ply === 0 ? t("review-notes-start") : h("span", { translate: "no" }, move));
    const parts: HTMLElement[] = [];
    if (node?.bookmark) parts.push(h("p", { class: "bookmark", translate: "no" }, `🔖 ${node.bookmark}`));
    for (const comment of node?.comments ?? []) parts.push(h("p", { translate: "no" }, comment));
    if (!parts.length) parts.push(h("p", { class: "hint" }, ply === 0 ? t("review-notes-no-comment-start") : t("review-notes-no-comment")));
    this.comments.replaceChildren(...parts);
    const rows: HTMLElement[] = [];
    const choices = this.tree.choices(id);
    if (choices.length && ply > 0) rows.push(this.choiceRow(t("review-notes-variations", { ply: String(ply) }), choices));
    const branches = this.tree.branches(id);
    if (branches.length) rows.push(this.choiceRow(t("review-notes-variations", { ply: String(ply + 1) }), branches));
    if (rows.length) rows.push(h("p", { class: "hint" }, t("review-notes-hint")));
    this.variations.replaceChildren(...rows);
    this.mainButton.hidden = this.tree.isMain();
    if (document.activeElement !== this.editor) this.editor.value = (node?.comments ?? []).join("\n");
    this.promoteButton.hidden = this.branchOf(id) === 0;
    this.removeButton.hidden = ply === 0;
    // The variations of the move shown, reordered one place at a time.
    this.orderButtons.hidden = ply === 0 || choices.length < 2;
  }

  /** Shows or hides what changes the tree (a room's watcher only reads it). */
  setEditable(on: boolean): void {
    for (const el of this.editing) el.hidden = !on;
  }

  destroy(): void {
    this.unsubscribe();
  }
}
