// A record's tree of moves as the server reads it (the main line and every variation, with
// comments), and the line shown: the path from the start through one node, continued by
// first children to its end. The analysis board changes it: a move played off the line shown
// becomes a variation, a variation is made the main line or deleted, a comment written.
import type { HistoryEntry, TreeNode } from "./api.js";

export class RecordTree {
  /** The nodes of the line shown after the start: its moves, then its ending if it has one. */
  private path: number[] = [];

  /** Whether the tree was changed since it was read. */
  edited = false;

  constructor(readonly nodes: TreeNode[]) {
    this.follow(0);
  }

  /** A tree of one line: the start, then `history`'s moves. */
  static ofLine(history: HistoryEntry[]): RecordTree {
    const nodes: TreeNode[] = [{ parent: null, children: [], ply: 0 }];
    history.forEach((move, i) => {
      nodes[i]!.children.push(i + 1);
      nodes.push({ parent: i, children: [], ply: i + 1, move });
    });
    return new RecordTree(nodes);
  }

  /** The node after `parent` for `move`: the continuation that plays it, or a new one (a
   *  new line's first move is the main one; later ones are variations). */
  add(parent: number, move: HistoryEntry): number {
    const from = this.nodes[parent];
    if (!from) return parent;
    const known = from.children.find((c) => this.nodes[c]?.move?.usi === move.usi);
    if (known !== undefined) return known;
    const id = this.nodes.length;
    this.nodes.push({ parent, children: [], ply: from.ply + 1, move });
    from.children.push(id);
    this.edited = true;
    return id;
  }

  /** Takes `nodes` in place of the tree's (a room's new state) and shows the line through
   *  node `id`. */
  replace(nodes: TreeNode[], id: number): void {
    this.nodes.splice(0, this.nodes.length, ...nodes);
    this.follow(id);
  }

  /** Makes `id` its parent's first continuation: its line becomes the main one from there. */
  promote(id: number): void {
    const parent = this.nodes[this.nodes[id]?.parent ?? -1];
    if (!parent || parent.children[0] === id) return;
    parent.children = [id, ...parent.children.filter((c) => c !== id)];
    this.edited = true;
  }

  /** Moves `id` one place earlier (`up`) or later among the moves that may stand where it
   *  does (the first place is the main line's). */
  shift(id: number, up: boolean): void {
    const parent = this.nodes[this.nodes[id]?.parent ?? -1];
    if (!parent) return;
    const i = parent.children.indexOf(id);
    const j = up ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= parent.children.length) return;
    [parent.children[i], parent.children[j]] = [parent.children[j]!, parent.children[i]!];
    this.edited = true;
  }

  /** Deletes `id` and what follows it; the node before it. */
  remove(id: number): number {
    const parentId = this.nodes[id]?.parent;
    const parent = parentId === null || parentId === undefined ? undefined : this.nodes[parentId];
    if (!parent || parentId === null || parentId === undefined) return id;
    parent.children = parent.children.filter((c) => c !== id);
    this.edited = true;
    return parentId;
  }

  /** Draws the mark `from`-`to` on node `id` (a circle where they are one square), or takes
   *  it away if it is there. */
  toggleShape(id: number, from: string, to: string): void {
    const node = this.nodes[id];
    if (!node) return;
    const shapes = node.shapes ?? [];
    const kept = shapes.filter((s) => s.from !== from || s.to !== to);
    node.shapes = kept.length < shapes.length ? kept : [...shapes, { from, to }];
  }

  /** Sets the comment on `id` (none when `text` is blank). */
  setComment(id: number, text: string): void {
    const node = this.nodes[id];
    if (!node) return;
    const comments = text.trim() ? text.split("\n").map((l) => l.trimEnd()) : [];
    if (JSON.stringify(comments) === JSON.stringify(node.comments ?? [])) return;
    node.comments = comments;
    this.edited = true;
  }

  /** The nodes reached from the start, in the order a record lists them (each after its
   *  parent, siblings in their order), renumbered: what `/api/records/export` takes. */
  serialize(): TreeNode[] {
    const out: TreeNode[] = [];
    const stack: [number, number | null][] = [[0, null]];
    for (let top = stack.pop(); top; top = stack.pop()) {
      const [id, parent] = top;
      const node = this.nodes[id];
      if (!node) continue;
      const index = out.length;
      out.push({ ...node, parent, children: [] });
      if (parent !== null) out[parent]!.children.push(index);
      for (const child of [...node.children].reverse()) stack.push([child, index]);
    }
    return out;
  }

  /** Shows the line through node `id`: the nodes up to it, then its first children on. */
  follow(id: number): void {
    const path: number[] = [];
    for (let n = id; n !== 0; ) {
      const parent = this.nodes[n]?.parent;
      if (parent === undefined || parent === null) break;
      path.push(n);
      n = parent;
    }
    path.reverse();
    for (let next = this.nodes[id]?.children[0]; next !== undefined; next = this.nodes[next]?.children[0]) path.push(next);
    this.path = path;
  }

  /** The move nodes of the line shown, in order (ply 1 first). */
  private moves(): number[] {
    return this.path.filter((id) => this.nodes[id]?.move);
  }

  /** The line shown, as the viewer steps through it. */
  history(): HistoryEntry[] {
    return this.moves().map((id) => this.nodes[id]!.move!);
  }

  /** The ending of the line shown, in its Japanese word, if it has one. */
  ending(): string | null {
    const last = this.path[this.path.length - 1];
    return (last !== undefined && this.nodes[last]?.end) || null;
  }

  /** The node shown at `ply` (0: the start). */
  at(ply: number): number {
    return ply === 0 ? 0 : (this.moves()[ply - 1] ?? 0);
  }

  /** Whether every node of the line shown is its parent's first continuation. */
  isMain(): boolean {
    return this.path.every((id) => {
      const parent = this.nodes[id]?.parent;
      return parent !== null && parent !== undefined && this.nodes[parent]?.children[0] === id;
    });
  }

  /** Whether node `id` is on the line shown. */
  shown(id: number): boolean {
    return this.path.includes(id);
  }

  /** The moves (and endings) that may stand where `id` does, itself included, when there
   *  are several: the variations of that move. */
  choices(id: number): number[] {
    const parent = this.nodes[id]?.parent;
    const all = parent === null || parent === undefined ? [] : (this.nodes[parent]?.children ?? []);
    return all.length > 1 ? all : [];
  }

  /** The continuations of `id` when there are several (a variation starts after it). */
  branches(id: number): number[] {
    const all = this.nodes[id]?.children ?? [];
    return all.length > 1 ? all : [];
  }

  /** What the record's list marks at `ply` of the line shown: a comment, variations. */
  marks(ply: number): { comment: boolean; variations: boolean } {
    const node = this.at(ply);
    return { comment: this.annotated(node), variations: this.choices(node).length > 0 && ply > 0 };
  }

  /** Whether node `id` has comments or a bookmark. */
  annotated(id: number): boolean {
    const node = this.nodes[id];
    return Boolean(node?.comments?.length || node?.bookmark);
  }
}
