// The studies' HTTP API and socket (`/api/studies`, see the server's http/studies.rs): the
// messages a study's socket sends, and the calls that make, share and fill a study.
import { LiveSocket, request, type RecordExported, type TreeNode } from "./api.js";
import type { Variant } from "./sfen.js";

export type Visibility = "public" | "unlisted" | "private";
export type Access = "read" | "watch" | "edit" | "owner";

/** A study as a list shows it. */
export interface StudySummary { id: string; name: string; owner: string; visibility: Visibility; at_ms: number }

/** The lesson under way: its leader and the node every board shows. */
export interface Lesson { leader: string; chapter: number; node: number }

/** A study's state (without its chapters' trees), pushed on every change. */
export interface StudyState {
  type: "study";
  id: string;
  version: number;
  name: string;
  visibility: Visibility;
  owner: string;
  members: { account: string; role: "edit" | "watch" }[];
  chapters: { number: number; name: string; variant: Variant }[];
  lesson: Lesson | null;
}

/** One chapter, with its tree. */
export interface StudyChapter {
  type: "chapter";
  number: number;
  name: string;
  variant: Variant;
  start_sfen: string;
  header: [string, string][];
  tree: TreeNode[];
}

/** What a study's socket sends. */
export type StudyMessage =
  | StudyState
  | StudyChapter
  | { type: "you"; account: string | null; name: string; access: Access }
  | { type: "people"; people: { name: string; account: string | null }[] }
  | { type: "deleted"; id: string }
  | { type: "error"; status: number; code?: string; error: string };

/** A chapter's source: a record's text, or a position (the variant's start by default). */
export interface ChapterSource { name?: string; text?: string; variant?: Variant; sfen?: string }

const at = (id: string) => `/api/studies/${encodeURIComponent(id)}`;

export const studies = {
  list: async () => (await request<{ studies: StudySummary[] }>("GET", "/api/studies")).studies,
  create: (name: string, visibility: Visibility, chapter: ChapterSource) =>
    request<StudyState>("POST", "/api/studies", { name, visibility, chapter }),
  settings: (id: string, name: string, visibility: Visibility) => request<StudyState>("PATCH", at(id), { name, visibility }),
  addChapter: (id: string, source: ChapterSource) => request<StudyState & { added: number }>("POST", `${at(id)}/chapters`, source),
  renameChapter: (id: string, number: number, name: string) => request<StudyState>("PATCH", `${at(id)}/chapters/${number}`, { name }),
  dropChapter: (id: string, number: number) => request<string>("DELETE", `${at(id)}/chapters/${number}`),
  setMember: (id: string, account: string, role: "edit" | "watch") => request<StudyState>("PUT", `${at(id)}/members/${encodeURIComponent(account)}`, { role }),
  removeMember: (id: string, account: string) => request<string>("DELETE", `${at(id)}/members/${encodeURIComponent(account)}`),
  exportChapter: (id: string, number: number, format: string) =>
    request<RecordExported & { name: string }>("GET", `${at(id)}/chapters/${number}/export?format=${format}`),
  /** The whole study as a ZIP of KIF files, one a chapter. */
  zipUrl: (id: string) => `${at(id)}/export?format=kif`,
  remove: (id: string) => request<string>("DELETE", at(id)),
};

/** A study's socket (the session's account, if logged in, edits as the study lets it). */
export function studySocket(id: string, onMessage: (m: StudyMessage) => void, onConnected: (up: boolean) => void): LiveSocket<StudyMessage> {
  return new LiveSocket<StudyMessage>(`${at(id)}/ws`, onMessage, onConnected);
}
