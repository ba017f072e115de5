// Every piece of every variant, drawn by the page's own code, as the rules' piece table says.
//
//   KOMA_URL=http://127.0.0.1:8099 node pieces.mjs     (KOMA_ARTIFACTS, KOMA_E2E_ONLY as play.mjs)
//
// The page's modules (`/assets/wedge.js`, `/assets/invite.js`) draw a sheet: every piece of
// every variant of GET /api/variants (Chu shogi too: its board uses the same code), both
// colours, both piece styles, and the furigoma box's pawns and tokins. Each drawing is read
// back from the DOM: a square tile (`rect.tile`) or a wedge (`polygon.wedge`) as the piece's
// `look` says, the characters written on it (a wedge its glyph, gote's king 王, a quail its
// mark and its main character, an animal its whole name), red ink exactly on the back faces;
// and a list written here by hand names what a player expects of the pieces that were once
// drawn wrong (と as an animal tile) and of their neighbours. Screenshots of the sheet:
// `pieces-sheet.png` (both styles) and `pieces-furigoma.png`.
import path from "node:path";
import { ARTIFACTS, BASE, log, newPlayer, runTests } from "./harness.mjs";
import { expect, fail } from "./http.mjs";

const RED = "#c8102e";

/** What a player expects, written by hand: [variant, letters, look, characters (sente's)]. */
const EXPECTED = [
  ["shogi", "P", "wedge", "歩"],
  ["shogi", "+P", "wedge", "と"],
  ["shogi", "+L", "wedge", "杏"],
  ["shogi", "+N", "wedge", "圭"],
  ["shogi", "+S", "wedge", "全"],
  ["shogi", "+R", "wedge", "龍"],
  ["shogi", "+B", "wedge", "馬"],
  ["shogi", "K", "wedge", "玉"],
  ["minishogi", "+P", "wedge", "と"],
  ["minishogi", "+S", "wedge", "全"],
  ["kyotoshogi", "T", "wedge", "と"],
  ["kyotoshogi", "L", "wedge", "香"],
  ["kyotoshogi", "N", "wedge", "桂"],
  ["tori", "K", "wedge", "鵬"],
  ["tori", "L", "marked_wedge", "左鶉"],
  ["tori", "R", "marked_wedge", "右鶉"],
  ["tori", "+F", "wedge", "鵰"],
  ["dobutsu", "K", "animal_tile", "ライオン"],
  ["dobutsu", "R", "animal_tile", "きりん"],
  ["dobutsu", "B", "animal_tile", "ぞう"],
  ["dobutsu", "P", "animal_tile", "ひよこ"],
  ["dobutsu", "+P", "animal_tile", "にわとり"],
  ["chushogi", "+P", "wedge", "と"],
  ["chushogi", "N", "wedge", "獅"],
  ["chushogi", "+G", "wedge", "飛"],
];

/** The characters a piece should bear, from its row of the table: [mark, main] or [main]. */
function written(p, color) {
  if (p.look === "animal_tile") return [p.kanji];
  if (p.look === "marked_wedge") return [...p.kanji];
  if (p.role === "king" && color === "gote" && p.kanji_aliases.length) return [p.kanji_aliases[0]];
  return [p.glyph];
}

/** Draws the sheet in the page with the page's own modules; answers each drawing as read
 *  back: variant, letters, colour, style, look (from its shapes), texts and their inks. */
async function drawSheet(page, variants) {
  return page.evaluate(async (variants) => {
    const { pieceIcon } = await import("/assets/wedge.js");
    const { furigomaBox } = await import("/assets/invite.js");
    const app = document.querySelector("#app");
    document.querySelector(".top-bar")?.remove();
    const sheet = document.createElement("div");
    sheet.id = "sheet";
    sheet.style.cssText = "background:#fff;padding:8px;font:12px sans-serif";
    for (const style of ["kanji", "beginner"]) {
      for (const v of variants) {
        const row = document.createElement("div");
        row.style.cssText = "display:flex;flex-wrap:wrap;align-items:center;gap:2px;margin:2px 0";
        const label = document.createElement("b");
        label.textContent = `${v.key} (${style})`;
        label.style.width = "130px";
        row.append(label);
        for (const p of v.pieces) {
          for (const color of ["sente", "gote"]) {
            const cell = document.createElement("span");
            cell.className = "cell";
            Object.assign(cell.dataset, { variant: v.key, letters: p.sfen, color, style });
            const svg = pieceIcon(v.key, { color, kind: p.sfen }, style, color === "sente");
            svg.setAttribute("width", "45");
            svg.setAttribute("height", "48");
            cell.append(svg);
            row.append(cell);
          }
        }
        sheet.append(row);
      }
    }
    const toss = furigomaBox("歩 と 歩 と 歩: 3 歩 to 2 と", "sente", "sente");
    toss.id = "toss";
    for (const svg of toss.querySelectorAll("svg")) {
      svg.setAttribute("width", "45");
      svg.setAttribute("height", "48");
    }
    app.replaceChildren(sheet, toss);
    const read = (g) => ({
      look: g.querySelector(":scope > rect.tile") ? "animal_tile" : g.querySelector(":scope > polygon.wedge") ? "wedge" : "nothing",
      texts: [...g.querySelectorAll(":scope > text")].map((t) => t.textContent),
      inks: [...g.querySelectorAll(":scope > text")].map((t) => t.getAttribute("fill")),
    });
    return {
      cells: [...sheet.querySelectorAll(".cell")].map((c) => ({ ...c.dataset, ...read(c.querySelector("g.piece")) })),
      toss: [...toss.querySelectorAll(".toss-piece")].map((c) => ({ title: c.getAttribute("title"), ...read(c.querySelector("g.piece")) })),
    };
  }, variants);
}

async function everyPieceAsItsTableSays(browser) {
  const variants = (await expect([200], "GET", "/api/variants")).variants;
  const page = await newPlayer(browser, "pieces", { width: 1800, height: 900 });
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => document.querySelectorAll("#variant option").length > 0);
  const { cells, toss } = await drawSheet(page, variants);
  const wrong = [];
  let count = 0;
  for (const v of variants) {
    for (const p of v.pieces) {
      for (const color of ["sente", "gote"]) {
        for (const style of ["kanji", "beginner"]) {
          const c = cells.find((x) => x.variant === v.key && x.letters === p.sfen && x.color === color && x.style === style);
          const what = `${v.key} ${color} ${p.sfen} (${p.names.en}, ${style})`;
          if (!c) {
            wrong.push(`${what}: not drawn`);
            continue;
          }
          count += 1;
          const shape = p.look === "marked_wedge" ? "wedge" : p.look;
          if (c.look !== shape) wrong.push(`${what}: drawn as ${c.look}, its look is ${p.look}`);
          const want = written(p, color);
          if ([...c.texts].sort().join() !== [...want].sort().join()) wrong.push(`${what}: writes ${c.texts.join("+")}, not ${want.join("+")}`);
          const red = c.inks.map((ink) => ink === RED);
          if (red.some((r) => r !== !p.front)) wrong.push(`${what}: inks ${c.inks.join(",")}, ${p.front ? "a front face is black" : "a back face is red"}`);
        }
      }
    }
  }
  for (const [key, letters, look, chars] of EXPECTED) {
    const p = variants.find((v) => v.key === key)?.pieces.find((x) => x.sfen === letters);
    if (!p) {
      wrong.push(`${key} ${letters}: not in GET /api/variants`);
      continue;
    }
    if (p.look !== look) wrong.push(`${key} ${letters}: the table says ${p.look}, a player expects ${look}`);
    const c = cells.find((x) => x.variant === key && x.letters === letters && x.color === "sente" && x.style === "kanji");
    // A marked wedge writes its mark and main character in the order of its style.
    const sortedChars = (text) => [...text].sort().join("");
    if (c && sortedChars(c.texts.join("")) !== sortedChars(chars)) wrong.push(`${key} ${letters}: writes ${c.texts.join("")}, a player expects ${chars}`);
  }
  const tosses = toss.map((t) => `${t.look} ${t.texts.join("")}`);
  const wantToss = ["歩", "と", "歩", "と", "歩"].map((c) => `wedge ${c}`);
  if (tosses.join() !== wantToss.join()) wrong.push(`the furigoma box draws ${tosses.join(", ")}, not ${wantToss.join(", ")}`);
  await page.locator("#sheet").screenshot({ path: path.join(ARTIFACTS, "pieces-sheet.png") });
  await page.locator("#toss").screenshot({ path: path.join(ARTIFACTS, "pieces-furigoma.png") });
  if (wrong.length) fail(`${wrong.length} pieces drawn wrong:\n  ${wrong.join("\n  ")}`);
  log(`${count} drawings of ${variants.length} variants' pieces and the furigoma box's 5 as the table says`);
  await page.context().close();
}

runTests([["every piece as its variant's table says", everyPieceAsItsTableSays]], "pieces-");
