// The game's sounds and the byoyomi count, in Chromium (playwright-core drives it).
//
//   KOMA_URL=http://127.0.0.1:8099 node sound.mjs     (KOMA_ARTIFACTS: where screenshots go)
//
// Headless Chromium plays no sound and has no voices, so each browser starts with recorders in
// front of the Web Audio sources' `start` (every sound of the page begins with an oscillator of
// its own frequency: that tells them apart) and of `speechSynthesis.speak`, and with a fake list
// of voices (Japanese and German). Its clock is Playwright's: a player's byoyomi of 30 s passes
// in a moment on his page (the server's clock runs on, in real time).
//
// Two players, sente in Japanese (`?lang=ja`), gote in German (`?lang=de`), a game of byoyomi
// only (0+30s): 7g7f 3c3d (a move's click on both pages), 8h2b+ 3a2b (captures: the heavier
// click), B*4b (check: its tone). Gote thinks: his page counts his byoyomi aloud in German
// (`10 Sekunden`, `20 Sekunden`, then 1 to 9) with one warning of low time, sente's says
// nothing; 4a4b; sente's page counts in Japanese (`10秒`, `20秒`, 1 to 9). Then gote's browser
// has no voice left: his count is tones, a higher one last. Sente turns the sounds off in the
// settings, gote his volume to 0: neither page plays anything then, nor counts; sente turns
// the sounds on again and hears the game's end when gote resigns.
import path from "node:path";
import { ARTIFACTS, BASE, clickMove, log, newPlayer, runTests, WAIT, waitPly } from "./harness.mjs";

/** Each sound by the frequency of its first oscillator, as sound.ts makes them. */
const CUES = { 900: "move", 300: "capture", 880: "check", 440: "low", 784: "end", 1000: "tick", 1500: "last" };
const PERIOD_MS = 30_000;

/** A player whose browser records what its page plays and says, with the voices `voices`,
 *  on Playwright's clock. */
async function listener(browser, name, lang) {
  const page = await newPlayer(browser, name, { width: 1024, height: 768 });
  await page.context().addInitScript(() => {
    const started = (window.__started = []);
    const spoken = (window.__spoken = []);
    window.__voices = [
      { lang: "ja-JP", name: "Fake Japanese", localService: true, default: false, voiceURI: "fake-ja" },
      { lang: "de-DE", name: "Fake German", localService: true, default: false, voiceURI: "fake-de" },
    ];
    const start = AudioScheduledSourceNode.prototype.start;
    AudioScheduledSourceNode.prototype.start = function (...args) {
      started.push(this instanceof OscillatorNode ? Math.round(this.frequency.value) : "buffer");
      return start.apply(this, args);
    };
    speechSynthesis.getVoices = () => window.__voices;
    speechSynthesis.speak = (u) => spoken.push({ text: u.text, lang: u.lang, volume: Math.round(u.volume * 100) / 100 });
    speechSynthesis.cancel = () => undefined;
  });
  await page.clock.install();
  await page.goto(`${BASE}/?lang=${lang}`);
  return page;
}

/** What `page` played and said since the last look: its sounds by name, and its words. */
async function heard(page) {
  const got = await page.evaluate(() => {
    const out = { started: [...window.__started], spoken: [...window.__spoken] };
    window.__started.length = 0;
    window.__spoken.length = 0;
    return out;
  });
  return { cues: got.started.map((f) => CUES[f]).filter(Boolean), spoken: got.spoken };
}

function same(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Error(`${what}: ${JSON.stringify(got)}, not ${JSON.stringify(want)}`);
}


/** Plays move `ply` on `mover`'s page (`how` clicks it) and checks what both pages played. */
async function move(pages, ply, how, want) {
  await how();
  for (const page of pages) await waitPly(page, ply);
  for (const page of pages) same(`${page.koma}: the sounds of move ${ply}`, (await heard(page)).cues, want[page.koma] ?? want.all);
}

/** Lets the running byoyomi period on `page` pass but its last half second (page time only). */
async function thinkAlmostAll(page) {
  await page.clock.runFor(PERIOD_MS - 500);
  return heard(page);
}

/** The count the page of language `lang` should say: the tens, then 1 to 9. */
function countIn(lang, seconds) {
  return [...seconds.map((s) => `${s}${lang === "ja" ? "秒" : " Sekunden"}`), ..."123456789"].map((text) => ({ text, lang, volume: 0.7 }));
}

async function soundsAndTheCount(browser) {
  const sente = await listener(browser, "sente", "ja");
  const gote = await listener(browser, "gote", "de");
  const pages = [sente, gote];
  await sente.selectOption("#opponent", "person");
  await sente.selectOption("#side", "sente");
  await sente.fill("#time-control", "0+30s");
  await sente.click("#create");
  const link = (await sente.locator("#invite-link").textContent({ timeout: WAIT }))?.trim();
  if (!link?.includes("invite=")) throw new Error(`sente: #invite-link shows '${link}', not an invitation`);
  await gote.goto(link);
  await gote.waitForURL(/token=/);
  // Both seats taken: the game has started (the move box shows).
  for (const page of pages) await page.waitForSelector("#move-box", { state: "visible" });
  for (const page of pages) same(`${page.koma}: sounds before the first move`, await heard(page), { cues: [], spoken: [] });

  // The rule of the count, for a short period too: its last five seconds.
  const rule = await sente.evaluate(async () => {
    const { byoyomiCall } = await import("/assets/sound.js");
    const calls = (period) => [...Array(period + 1).keys()].map((e) => byoyomiCall(period, e)).map((c) => (c ? (c.seconds ? `${c.seconds}s` : `${c.count}${c.last ? "!" : ""}`) : "")).filter(Boolean).join(" ");
    return { 10: calls(10), 60: calls(60) };
  });
  same("the count of a 10 s and a 60 s period", rule, { 10: "5 6 7 8 9!", 60: "30s 40s 50s 1 2 3 4 5 6 7 8 9!" });

  await move(pages, 1, () => clickMove(sente, "7g", "7f"), { all: ["move"] });
  await move(pages, 2, () => clickMove(gote, "3c", "3d"), { all: ["move"] });
  await move(
    pages,
    3,
    async () => {
      await clickMove(sente, "8h", "2b");
      await sente.click('[data-promote="yes"]');
    },
    { all: ["capture"] },
  );
  await move(pages, 4, () => clickMove(gote, "3a", "2b"), { all: ["capture"] });
  await move(
    pages,
    5,
    async () => {
      await sente.click('[data-hand="sente-B"]');
      await sente.click('[data-square="4b"]');
    },
    { all: ["move", "check"] },
  );
  log("a move's click, a capture's and a check's tone on both pages");

  // Gote in byoyomi, counted in German on his page; sente's page says nothing.
  const goteCount = await thinkAlmostAll(gote);
  same("gote: his byoyomi", goteCount, { cues: ["low"], spoken: countIn("de", [10, 20]) });
  await gote.screenshot({ path: path.join(ARTIFACTS, "sound-1-gote-counted.png") });
  same("sente: the opponent's byoyomi", await heard(sente), { cues: [], spoken: [] });
  await move(pages, 6, () => clickMove(gote, "4a", "4b"), { all: ["capture"] });
  same("sente: her byoyomi", await thinkAlmostAll(sente), { cues: ["low"], spoken: countIn("ja", [10, 20]) });
  await sente.screenshot({ path: path.join(ARTIFACTS, "sound-2-sente-counted.png") });
  log("each player's byoyomi counted in his page's language");

  // No voice for German: the count is tones, one a second, the last one higher.
  await gote.evaluate(() => (window.__voices = window.__voices.filter((v) => !v.lang.startsWith("de"))));
  await move(pages, 7, () => clickMove(sente, "2g", "2f"), { all: ["move"] });
  same("gote: his byoyomi without a voice", await thinkAlmostAll(gote), { cues: [...Array(10).fill("tick"), "last"], spoken: [] });
  log("without a voice, the count is tones");

  // Sounds off on sente's page: nothing, her count neither.
  await sente.click("#settings-button");
  await sente.uncheck("#set-sound");
  if (!(await sente.locator("#set-volume").isDisabled())) throw new Error("sente: the volume can be set with the sounds off");
  await sente.screenshot({ path: path.join(ARTIFACTS, "sound-3-settings-off.png") });
  await sente.keyboard.press("Escape");
  await move(pages, 8, () => clickMove(gote, "8c", "8d"), { sente: [], gote: ["move"] });
  same("sente: her byoyomi with the sounds off", await thinkAlmostAll(sente), { cues: [], spoken: [] });

  // Volume 0 on gote's page (the slider to its start, by the keyboard): nothing either.
  await gote.click("#settings-button");
  await gote.focus("#set-volume");
  await gote.keyboard.press("Home");
  await gote.keyboard.press("Escape");
  if ((await gote.evaluate(() => JSON.parse(localStorage.getItem("koma.settings")).volume)) !== 0) throw new Error("gote: the volume 0 was not kept");
  await move(pages, 9, () => clickMove(sente, "1g", "1f"), { all: [] });
  same("gote: his byoyomi at volume 0", await thinkAlmostAll(gote), { cues: [], spoken: [] });
  log("nothing with the sounds off or the volume at 0");

  // Sente's sounds on again: the game's end.
  await sente.click("#settings-button");
  await sente.check("#set-sound");
  await sente.keyboard.press("Escape");
  await gote.click("#resign");
  await gote.click('[data-confirm="yes"]');
  for (const page of pages) await page.locator("#room-link").waitFor();
  same("sente: the sounds of the end", (await heard(sente)).cues, ["end"]);
  same("gote: the sounds of the end at volume 0", (await heard(gote)).cues, []);
  log("the end heard where the sounds are on");
  for (const page of pages) await page.context().close();
}

await runTests([["sounds and the byoyomi count", soundsAndTheCount]], "sound-");
