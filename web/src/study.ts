// The #study=ID screen: a study's chapters on the analysis board. Each reader goes through
// them at will; whoever may edit plays variations, comments, draws marks, adds, renames and
// deletes chapters, and every change reaches every page at once. In a lesson, one editor
// leads: his steps move every other reader's board.
import { errorText } from "./api.js";
import { h, toast } from "./dom.js";
import { exploreMoves } from "./explore.js";
import { t } from "./i18n.js";
import { MarkInput, drawSwitch, showMarks } from "./marks.js";
import { NotesPanel } from "./notes.js";
import { EnginePanel } from "./lines.js";
import { endingName, RecordPanel, saveExport } from "./record.js";
import { ReviewPanel } from "./review.js";
import type { Screen } from "./screen.js";
import { studies, studySocket, type Access, type StudyChapter, type StudyMessage, type StudyState, type Visibility } from "./study-api.js";
import { RecordTree } from "./tree.js";
import { gameChoice } from "./variants.js";
import { Viewer } from "./viewer.js";

export function studyScreen(id: string): Screen {
  const viewer = new Viewer((usi) => {
    const node = tree.at(viewer.ply);
    played = { parent: node, usi };
    edit({ type: "move", node, usi });
  });
  const tree = new RecordTree([{ parent: null, children: [], ply: 0 }]);
  let study: StudyState | null = null;
  const chapters = new Map<number, StudyChapter>();
  /** The chapter shown (-1 before the first). */
  let current = -1;
  let me: { account: string | null; access: Access } = { account: null, access: "read" };
  /** The move this page played, shown once its chapter comes back with it. */
  let played: { parent: number; usi: string } | null = null;
  /** Set while a push is shown: the board's steps are not sent back. */
  let applying = false;

  const socket = studySocket(id, (m) => receive(m), (up) => (connection.textContent = up ? "" : t("study-reconnecting")));
  function send(message: object): void {
    if (!socket.send(message)) toast(t("study-not-connected"));
  }
  /** A change of the chapter shown. */
  const edit = (message: object) => send({ ...message, chapter: current });
  const editor = () => me.access === "owner" || me.access === "edit";
  const leading = () => Boolean(me.account) && study?.lesson?.leader === me.account;
  const following = () => Boolean(study?.lesson) && !leading();

  const record = new RecordPanel(viewer, {
    live: false,
    write: async (format) => {
      try {
        const out = await studies.exportChapter(id, current, format);
        saveExport(`${out.name}.${format}`, format, out);
      } catch (e) {
        toast(t("study-export-failed", { error: errorText(e) }));
      }
    },
    marks: (ply) => tree.marks(ply),
  });
  const notes = new NotesPanel(viewer, tree, (node) => step(node), [], () => undefined, {
    comment: (node, text) => edit({ type: "comment", node, text }),
    promote: (node) => edit({ type: "promote", node }),
    reorder: (node, up) => edit({ type: "reorder", node, up }),
    remove: (node) => edit({ type: "delete", node }),
  });
  // The engine's lines on the position shown, and the win-rate graph of the line shown: each
  // reader's own (off until he asks).
  const engine = new EnginePanel(viewer);
  const review = new ReviewPanel(viewer, () => {
    const chapter = chapters.get(current);
    return { variant: chapter?.variant ?? "shogi", start_sfen: chapter?.start_sfen ?? "", moves: tree.history().map((e) => e.usi) };
  });
  const explore = exploreMoves(viewer, editor);
  const draw = drawSwitch();
  const marks = new MarkInput(viewer.board, (from, to) => edit({ type: "shape", node: tree.at(viewer.ply), from, to }), draw.on, editor);

  /** Shows node `node` of chapter `number` (the line through it). */
  function show(number: number, node: number): void {
    const chapter = chapters.get(number);
    if (!chapter) return;
    applying = true;
    current = number;
    tree.replace(chapter.tree, chapter.tree[node] ? node : 0);
    viewer.setLine({ variant: chapter.variant, startSfen: chapter.start_sfen, history: tree.history() });
    viewer.goTo(tree.nodes[node]?.ply ?? 0);
    record.setResult(endingName(tree.ending()));
    review.lineShown();
    notes.draw();
    showMarks(viewer, tree);
    applying = false;
    controls();
  }
  /** The reader steps to `node`: his own board, or everyone's when he leads. */
  function step(node: number): void {
    if (following()) return;
    show(current, node);
    if (leading()) send({ type: "go", chapter: current, node });
  }
  viewer.onPly((ply) => {
    showMarks(viewer, tree);
    const lesson = study?.lesson;
    const node = tree.at(ply);
    if (!applying && leading() && lesson && (lesson.chapter !== current || lesson.node !== node)) send({ type: "go", chapter: current, node });
  });

  function receive(m: StudyMessage): void {
    switch (m.type) {
      case "you":
        me = { account: m.account, access: m.access };
        return controls();
      case "chapter": {
        chapters.set(m.number, m);
        if (current === -1 && study) return show(study.lesson?.chapter ?? m.number, study.lesson?.node ?? 0);
        if (m.number !== current) return drawChapters();
        // The move this page played is shown once it is in the tree; else the node shown stays.
        const parent = played ? m.tree[played.parent] : undefined;
        const made = parent?.children.find((c) => m.tree[c]?.move?.usi === played?.usi);
        played = null;
        return show(current, made ?? (m.tree[tree.at(viewer.ply)] ? tree.at(viewer.ply) : 0));
      }
      case "study": {
        study = m;
        me.access = access(m);
        const first = m.chapters[0]?.number ?? 0;
        if (m.lesson && following()) show(m.lesson.chapter, m.lesson.node);
        else if (current === -1 || !m.chapters.some((c) => c.number === current)) show(first, 0);
        return controls();
      }
      case "people":
        people.textContent = t("study-people", { count: m.people.length, names: m.people.map((p) => p.name).join(", ") });
        return;
      case "deleted":
        status.textContent = t("study-deleted");
        return;
      case "error":
        return toast(errorText(new Error(m.error), m.code));
    }
  }
  /** What the reader may do, as the study's members say now. */
  function access(s: StudyState): Access {
    if (me.account === null) return "read";
    if (s.owner === me.account) return "owner";
    return s.members.find((x) => x.account === me.account)?.role ?? "read";
  }

  const status = h("p", { id: "status" }, t("study-opening"));
  const connection = h("span", { class: "connection", "aria-live": "polite" });
  const people = h("p", { id: "study-people", class: "hint", "aria-live": "polite" });
  const lessonLine = h("p", { id: "lesson-line", class: "hint", "aria-live": "polite" });
  const lessonButton = h("button", { type: "button", id: "lesson", onclick: () => {
    send(study?.lesson && leading() ? { type: "lesson", on: false } : { type: "lesson", on: true, chapter: current, node: tree.at(viewer.ply) });
  } }, t("study-lead"));
  const chapterList = h("ol", { id: "chapters", class: "chapters" });
  chapterList.addEventListener("click", (e) => {
    const button = (e.target as Element).closest<HTMLElement>("[data-chapter]");
    if (!button || following()) return;
    const number = Number(button.dataset["chapter"]);
    show(number, 0);
    if (leading()) send({ type: "go", chapter: number, node: 0 });
  });
  function drawChapters(): void {
    chapterList.replaceChildren(...(study?.chapters ?? []).map((c) => h("li", {}, h("button", { type: "button", class: c.number === current ? "small current" : "small", "data-chapter": String(c.number), "aria-current": c.number === current ? "true" : "false", translate: "no" }, c.name))));
  }

  // An editor's chapters: added from a record or a game's start, renamed, deleted.
  const chapterName = h("input", { id: "chapter-name", maxlength: 100, placeholder: t("study-chapter-name-placeholder"), "aria-label": t("study-chapter-name-label") });
  const chapterGame = gameChoice("chapter-variant");
  const chapterText = h("textarea", { id: "chapter-record", rows: 3, placeholder: t("study-chapter-record-placeholder"), "aria-label": t("study-chapter-record-label") });
  const addChapter = h("button", { type: "button", id: "add-chapter", class: "small", onclick: async () => {
    try {
      const text = chapterText.value.trim();
      const variant = chapterGame.chosen();
      const made = await studies.addChapter(id, { ...(chapterName.value.trim() ? { name: chapterName.value.trim() } : {}), ...(text ? { text } : {}), ...(variant ? { variant } : {}) });
      chapterText.value = "";
      chapterName.value = "";
      if (!following()) window.setTimeout(() => show(made.added, 0), 0);
    } catch (e) {
      toast(t("study-chapter-failed", { error: errorText(e) }));
    }
  } }, t("study-add-chapter"));
  const renameChapter = h("button", { type: "button", id: "rename-chapter", class: "small", onclick: async () => {
    const name = window.prompt(t("study-rename-prompt"), chapters.get(current)?.name ?? "");
    if (name) await studies.renameChapter(id, current, name).catch((e: unknown) => toast(errorText(e)));
  } }, t("study-rename"));
  const dropChapter = h("button", { type: "button", id: "drop-chapter", class: "small", onclick: async () => {
    if (window.confirm(t("study-delete-confirm", { name: chapters.get(current)?.name ?? "" }))) await studies.dropChapter(id, current).catch((e: unknown) => toast(errorText(e)));
  } }, t("study-delete"));
  const editing = h("div", { class: "panel study-edit", hidden: true }, h("h3", {}, t("study-chapters")), h("div", { class: "row" }, renameChapter, dropChapter), chapterName, chapterGame.select, chapterText, addChapter);

  // The owner's settings: name, who sees it, its members.
  const nameInput = h("input", { id: "study-rename", maxlength: 100, "aria-label": t("study-name-label") });
  // study-visibility-public, study-visibility-unlisted, study-visibility-private.
  const seen = h("select", { id: "study-seen", "aria-label": t("study-seen-label") }, ...(["public", "unlisted", "private"] as Visibility[]).map((v) => h("option", { value: v }, t(`study-visibility-${v}`))));
  const saveSettings = h("button", { type: "button", id: "save-study", class: "small", onclick: () => {
    studies.settings(id, nameInput.value, seen.value as Visibility).catch((e: unknown) => toast(errorText(e)));
  } }, t("study-save"));
  const memberName = h("input", { id: "member-name", placeholder: t("study-member-placeholder"), "aria-label": t("study-member-label") });
  const memberRole = h("select", { id: "member-role", "aria-label": t("study-role-label") }, h("option", { value: "watch" }, t("study-role-watch")), h("option", { value: "edit" }, t("study-role-edit")));
  const addMember = h("button", { type: "button", id: "add-member", class: "small", onclick: () => {
    studies.setMember(id, memberName.value.trim(), memberRole.value as "edit" | "watch").then(() => (memberName.value = ""), (e: unknown) => toast(errorText(e)));
  } }, t("study-add-member"));
  const memberList = h("ul", { id: "members", class: "members" });
  const owning = h("div", { class: "panel study-owner", hidden: true }, h("h3", {}, t("study-owner-heading")), h("div", { class: "row" }, nameInput, seen, saveSettings), h("div", { class: "row" }, memberName, memberRole, addMember), memberList);

  function controls(): void {
    const s = study;
    if (!s) return;
    status.textContent = t("study-status", { study: s.name, chapter: chapters.get(current)?.name ?? "" });
    const lesson = s.lesson;
    lessonLine.textContent = !lesson ? "" : leading() ? t("study-lesson-leading") : t("study-lesson-following", { leader: lesson.leader });
    lessonButton.hidden = !editor();
    lessonButton.textContent = lesson && leading() ? t("study-end-lesson") : t("study-lead");
    notes.setEditable(editor());
    draw.button.hidden = !editor();
    editing.hidden = !editor();
    owning.hidden = me.access !== "owner";
    if (document.activeElement !== nameInput) nameInput.value = s.name;
    seen.value = s.visibility;
    memberList.replaceChildren(...s.members.map((m) => h("li", {}, t("study-member", { account: m.account, role: m.role }), " ", h("button", { type: "button", class: "small", "data-member": m.account, onclick: () => studies.removeMember(id, m.account).catch((e: unknown) => toast(errorText(e))) }, t("study-remove")))));
    drawChapters();
    explore();
  }

  const el = h(
    "div",
    { class: "game-screen study-screen" },
    viewer.el,
    h(
      "aside",
      { class: "side-panel" },
      h("div", { class: "status-line" }, status, connection),
      people,
      lessonLine,
      h("div", { class: "actions" }, h("button", { type: "button", id: "flip", onclick: () => viewer.flip() }, t("study-flip")), draw.button, lessonButton, h("a", { class: "button", id: "study-zip", href: studies.zipUrl(id), download: `koma-study-${id}.zip` }, t("study-zip")), h("a", { class: "button", href: "#studies" }, t("study-studies"))),
      chapterList,
      record.el,
      notes.el,
      engine.el,
      review.el,
      editing,
      owning,
    ),
  );
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
