// A study in Chromium: a teacher makes a public study from a KIF with a variation and a
// comment, adds a chapter from the usual start, makes one student a member who watches and
// another (on a phone) one who edits; a guest opens it too. The teacher leads a lesson: he
// steps back, plays new variations on the board, goes to the other chapter and plays there,
// and after each step the three followers' boards show what his shows. The followers who
// may not edit cannot move the board; one graphs the line her board shows. The study comes out as a ZIP of KIF files, one a
// chapter, and its first chapter as KIF with its variations (kept in
// target/e2e-artifacts/study for cshogi).
//   KOMA_URL=http://127.0.0.1:8099 node study.mjs
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ARTIFACTS, BASE, WAIT, drawnBoard, log, newPlayer, runTests, signUp, waitText } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };

/** A lesson's record: a comment, a main line and a variation at move 3. Its main line ends
 *  (中断): cshogi reads no variation, and stops only at an ending (its KIF.py says so). */
const KIF = `手合割：平手
先手：Sensei
後手：Student
手数----指手---------消費時間--
*The usual opening
   1 ７六歩(77)
   2 ３四歩(33)
*Gote opens the bishop too
   3 ２六歩(27)
   4 ８四歩(83)
   5 中断

変化：3手
   3 ６六歩(67)
`;

async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** What a board shows: its pieces, and the chapter named in the status line. */
async function shown(page) {
  const board = await drawnBoard(page);
  const status = (await page.locator("#status").textContent()) ?? "";
  return JSON.stringify({ pieces: board.pieces, chapter: status.split(" · ").pop() });
}

/** Waits until every follower's board shows what the leader's shows. */
async function inStep(leader, followers, what) {
  const want = await shown(leader);
  for (const page of followers) {
    const deadline = Date.now() + WAIT;
    let seen = await shown(page);
    while (seen !== want && Date.now() < deadline) {
      await page.waitForTimeout(100);
      seen = await shown(page);
    }
    if (seen !== want) throw new Error(`${page.koma} is not in step after ${what}:\n${seen}\nnot\n${want}`);
  }
  log(`every board in step: ${what}`);
}

/** Plays `from`-`to` by clicks on the position shown, once the board takes moves there. */
async function play(page, from, to) {
  await page.locator(".viewer[data-movable]").waitFor().catch(() => {
    throw new Error(`${page.koma}: the board takes no move`);
  });
  await page.click(`[data-square="${from}"]`);
  await page.click(`[data-square="${to}"]`);
}

async function lesson(browser) {
  const teacher = await newPlayer(browser, "study teacher", { width: 1280, height: 900 });
  const ann = await newPlayer(browser, "study ann", { width: 1024, height: 768 });
  const bob = await newPlayer(browser, "study bob", PHONE, { hasTouch: true, isMobile: true });
  const guest = await newPlayer(browser, "study guest", { width: 1024, height: 768 });
  await signUp(teacher, "Sensei_T");
  await signUp(ann, "Lesson_Ann");
  await signUp(bob, "Lesson_Bob");

  // The study, from the page: a KIF pasted, then a chapter from the start.
  await teacher.goto(`${BASE}/#`);
  await teacher.click("#studies-link");
  await teacher.fill("#study-name", "Opening lesson");
  await teacher.selectOption("#study-visibility", "public");
  await teacher.fill("#study-record", KIF);
  await teacher.click("#create-study");
  await teacher.waitForURL(/#study=/);
  const id = new URLSearchParams(new URL(teacher.url()).hash.slice(1)).get("study");
  await waitText(teacher, "#status", "Sensei – Student");
  await waitText(teacher, "#variations", "");
  await teacher.fill("#chapter-name", "Second chapter");
  await teacher.click("#add-chapter");
  await waitText(teacher, "#chapters", "Second chapter");
  for (const [name, role] of [["Lesson_Ann", "watch"], ["Lesson_Bob", "edit"]]) {
    await teacher.fill("#member-name", name);
    await teacher.selectOption("#member-role", role);
    await teacher.click("#add-member");
    await waitText(teacher, "#members", name.toLowerCase());
  }
  log("a study of 2 chapters made from the page, with two members");

  const followers = [ann, bob, guest];
  for (const page of followers) {
    await page.goto(`${BASE}/#study=${id}`);
    await waitText(page, "#status", "研究");
  }
  await waitText(teacher, "#study-people", "4 reading");
  // The first chapter shows: go to its start everywhere, then the teacher leads.
  await teacher.click('#chapters [data-chapter="0"]');
  await teacher.click("#lesson");
  await waitText(teacher, "#lesson-line", "You lead");
  for (const page of followers) await waitText(page, "#lesson-line", "sensei_t leads");
  await inStep(teacher, followers, "the lesson starts");

  // Steps back to move 3 (2g2f) and plays a variation for gote there: 4c4d.
  await teacher.click('#record [data-ply="3"]');
  await teacher.locator('.viewer[data-movable="3"]').waitFor();
  await inStep(teacher, followers, "a step back to move 3");
  await play(teacher, "4c", "4d");
  await waitText(teacher, "#record", "４四歩");
  await inStep(teacher, followers, "gote's new variation 4c4d");
  // Another variation for sente at move 3: the rook to 6h.
  await teacher.click('#record [data-ply="2"]');
  await teacher.locator('.viewer[data-movable="2"]').waitFor();
  await play(teacher, "2h", "6h");
  await waitText(teacher, "#record", "６八飛");
  await inStep(teacher, followers, "sente's new variation 2h6h");
  await shot(bob, "study-1-phone-follows");
  // The second chapter, and a move there.
  await teacher.click('#chapters [data-chapter="1"]');
  await inStep(teacher, followers, "the second chapter");
  await play(teacher, "7g", "7f");
  await waitText(teacher, "#record", "７六歩");
  await inStep(teacher, followers, "a move in the second chapter");
  // A follower who may not edit cannot move the board.
  for (const page of [ann, guest]) {
    if ((await page.locator(".viewer[data-movable]").count()) !== 0) throw new Error(`${page.koma}: the board takes moves`);
    if (await page.locator("#lesson").isVisible()) throw new Error(`${page.koma}: may lead a lesson`);
  }
  // A follower graphs the line her board shows (her own analysis; her board stays the
  // lesson's): sente's chances along it.
  await ann.selectOption("#review-time", "100");
  await ann.click("#analyse");
  await waitText(ann, ".review-panel", "Analysed 2 positions");
  await ann.locator("#winrate-plot polyline").waitFor();
  await shot(ann, "study-2-follower");
  log("a lesson of one leader and three followers kept every board in step");

  // The study as a ZIP of KIF files, one a chapter.
  const zip = await teacher.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    return { magic: String.fromCharCode(bytes[0], bytes[1]), text: new TextDecoder("latin1").decode(bytes) };
  }, await teacher.locator("#study-zip").getAttribute("href"));
  if (zip.magic !== "PK" || !zip.text.includes("01-Sensei") || !zip.text.includes("02-Second_chapter.kif")) throw new Error(`not the study's ZIP: ${zip.text.slice(0, 200)}`);
  // The first chapter as KIF with its variations and comment; koma reads it to the same tree.
  await teacher.click('#chapters [data-chapter="0"]');
  const [download] = await Promise.all([teacher.waitForEvent("download"), teacher.click('.exports [data-format="kif"]')]);
  const kif = await readFile(await download.path(), "utf8");
  for (const part of ["変化：3手", "６六歩(67)", "６八飛(28)", "変化：4手", "４四歩(43)", "*Gote opens the bishop too"]) {
    if (!kif.includes(part)) throw new Error(`the chapter's KIF lacks '${part}':\n${kif}`);
  }
  const same = await teacher.evaluate(async ([studyId, text]) => {
    const study = await fetch(`/api/studies/${studyId}`).then((r) => r.json());
    const read = await fetch("/api/records/read", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text }) }).then((r) => r.json());
    const shape = (tree) => {
      const walk = (i) => [tree[i].move?.usi ?? tree[i].end ?? "", tree[i].children.map(walk)];
      return JSON.stringify(walk(0));
    };
    const main = [];
    const tree = study.chapters[0].tree;
    for (let n = tree[0].children[0]; n !== undefined; n = tree[n].children[0]) if (tree[n].move) main.push(tree[n].move.usi);
    return { study: shape(tree), read: shape(read.tree), main };
  }, [id, kif]);
  if (same.study !== same.read) throw new Error(`the KIF reads to another tree:\n${same.read}\nnot\n${same.study}`);
  const folder = path.join(ARTIFACTS, "study");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "lesson.kif"), kif);
  writeFileSync(path.join(folder, "lesson.json"), `${JSON.stringify({ moves: same.main })}\n`);
  log("the study as a ZIP of KIF files; its first chapter's KIF reads back to the same tree");
  for (const page of [teacher, ...followers]) await page.context().close();
}

await runTests([["a study's lesson", lesson]]);
