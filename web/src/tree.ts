// A record's tree of moves as the server reads it (the main line and every variation, with
// comments), and the line shown: the path from the start through one node, continued by
// first children to its end.
import type { HistoryEntry, TreeNode } from "./api.js";

export class RecordTree {
  /** The nodes of the line shown after the start: its moves, then its ending if it has one. */
  private path: number[] = [];

  constructor(readonly nodes: TreeNode[]) {
    this.follow(0);
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

  /** Whether node `id` has comments or a bookmark. */
  annotated(id: number): boolean {
    const node = this.nodes[id];
    return Boolean(node?.comments?.length || node?.bookmark);
  }
}
