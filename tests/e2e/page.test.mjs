// The page as a chess site behaves (issue 36): the end of a game, check, a long FEN, the
// computer's seat, changing the variant mid-game, and the board seen from Black's side.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { startServer, launch, openPage, move, SHOTS } from "./helpers.mjs";

let server, browser, close;

before(async () => {
  server = await startServer();
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
  server.stop();
});

const over = (page, yes = true) =>
  page.waitForFunction((v) => document.getElementById("turn").dataset.over === v, yes ? "1" : "0");

async function foolsMate(page) {
  await move(page, "f2", "f3");
  await move(page, "e7", "e5");
  await move(page, "g2", "g4");
  await move(page, "d8", "h4");
  await over(page);
}

async function newGame(page) {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/games") && r.request().method() === "POST"),
    page.locator("#new-game").click(),
  ]);
  // Let the page draw the new game (the computer may have moved first).
  await page.waitForTimeout(200);
}

test("game over: Resign and Offer draw go away, and come back in a live position", async () => {
  const page = await openPage(browser, server.url, "standard");
  assert.equal(await page.locator("#resign").isVisible(), true);
  await foolsMate(page);
  assert.equal(await page.locator("#resign").isVisible(), false, "no resigning a finished game");
  assert.equal(await page.locator("#offer-draw").isVisible(), false, "no draw offer in a finished game");
  // One step back: a live position, where the page lets the game go on (and branch).
  await page.locator("#back").click();
  await over(page, false);
  assert.equal(await page.locator("#resign").isVisible(), true);
  assert.equal(await page.locator("#offer-draw").isVisible(), true);
  await page.locator("#end").click();
  await over(page);
  assert.equal(await page.locator("#resign").isVisible(), false);
  await newGame(page);
  await over(page, false);
  assert.equal(await page.locator("#resign").isVisible(), true);
  assert.equal(await page.locator("#offer-draw").isVisible(), true);
  // A resignation ends the game as well.
  await page.locator("#resign").click();
  await over(page);
  assert.equal(await page.locator("#offer-draw").isVisible(), false);
  await page.close();
});

test("game over: the result is said once, as a chess site says it, and ends the log", async () => {
  const page = await openPage(browser, server.url, "standard");
  await foolsMate(page);
  assert.equal(await page.locator("#turn").innerText(), "Checkmate — Black wins");
  const notices = await page.locator("#notices").innerText();
  assert.doesNotMatch(notices, /checkmate|wins/i, "the result is not repeated in the notices");
  assert.equal(await page.locator("#log li.result").innerText(), "0-1");
  assert.equal(await page.locator("#log li").last().innerText(), "0-1", "the log ends with the score");
  await page.screenshot({ path: join(SHOTS, "standard-checkmate.png") });
  // Stepped back, the score stays greyed under the later moves; at the end it is back.
  await page.locator("#back").click();
  await over(page, false);
  assert.equal(await page.locator("#log li.result.later").count(), 1);
  await page.locator("#end").click();
  await over(page);
  // Resigned and agreed games end with their score too.
  await newGame(page);
  assert.equal(await page.locator("#log li.result").count(), 0, "a new game has no result");
  await page.locator("#resign").click();
  await over(page);
  assert.equal(await page.locator("#turn").innerText(), "White resigns — Black wins");
  assert.equal(await page.locator("#log li.result").innerText(), "0-1");
  await newGame(page);
  await move(page, "e2", "e4");
  await page.locator("#offer-draw").click();
  await page.waitForSelector("#accept-draw:not([hidden])");
  await page.locator("#accept-draw").click();
  await over(page);
  assert.equal(await page.locator("#turn").innerText(), "Draw by agreement");
  assert.equal(await page.locator("#log li").last().innerText(), "½-½");
  await page.close();
});

test("check: the checked king's square is marked, and only while in check", async () => {
  const page = await openPage(browser, server.url, "standard");
  assert.equal(await page.locator("[data-check]").count(), 0);
  await move(page, "e2", "e4");
  await move(page, "f7", "f5");
  await move(page, "d1", "h5");
  assert.match(await page.locator("#notices").innerText(), /Check/);
  assert.equal(await page.locator("[data-check]").getAttribute("data-check"), "e8");
  await move(page, "g7", "g6");
  assert.equal(await page.locator("[data-check]").count(), 0, "no mark once the check is parried");
  // The mated king is marked too, on a flipped board at its own square.
  await newGame(page);
  await page.locator("#flip").click();
  await foolsMate(page);
  const mark = await page.locator("[data-check]").boundingBox();
  const e1 = await page.locator("rect[data-square='e1']").boundingBox();
  assert.equal(await page.locator("[data-check]").getAttribute("data-check"), "e1");
  assert.deepEqual([mark.x, mark.y], [e1.x, e1.y], "the mark lies on the king's square");
  await page.close();
});

test("a long FEN wraps inside the panel", async () => {
  const page = await openPage(browser, server.url, "standard");
  const fen = "r1b1k1n1/1p1p1p1p/p1p1p1p1/1P1P1P1P/P1P1P1P1/1n1b1r1q/1N1B1R1Q/R1B1K1N1 w - - 0 1";
  await page.locator("#board-text").fill(fen);
  await page.locator("#start-text").click();
  await page.waitForFunction((f) => document.getElementById("info").textContent.includes(f), fen);
  const li = page.locator("#info li", { hasText: "FEN" });
  const panel = await page.locator("#info").evaluate((e) => e.closest("section").getBoundingClientRect().toJSON());
  const line = await li.evaluate((e) => {
    const r = document.createRange();
    r.selectNodeContents(e);
    const b = r.getBoundingClientRect();
    return { right: b.right, scroll: e.scrollWidth, client: e.clientWidth };
  });
  assert.ok(line.right <= panel.right, `the FEN ends at ${line.right}, the panel at ${panel.right}`);
  assert.ok(line.scroll <= line.client, "nothing runs past the line");
  await page.close();
});

test("computer: a choice made mid-game says it applies from the next game", async () => {
  const page = await openPage(browser, server.url, "standard");
  await move(page, "e2", "e4");
  assert.equal(await page.locator("#computer-note").isVisible(), false);
  await page.locator("#computer").selectOption("black");
  await page.locator("#computer-note").waitFor({ state: "visible" });
  assert.match(await page.locator("#computer-note").innerText(), /next game/);
  // Choosing what the game has again takes the note away.
  await page.locator("#computer").selectOption("");
  await page.locator("#computer-note").waitFor({ state: "hidden" });
  await page.locator("#computer").selectOption("black");
  await page.locator("#computer-ms").fill("50");
  await newGame(page);
  assert.equal(await page.locator("#computer-note").isVisible(), false, "the new game has the choice");
  await move(page, "e2", "e4");
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 2, null, { timeout: 15000 });
  await page.close();
});

test("variant: changing it mid-game asks first; no keeps the game", async () => {
  const page = await openPage(browser, server.url, "standard");
  // Before any move there is nothing to lose: no question.
  let asked = 0;
  page.removeAllListeners("dialog");
  page.on("dialog", (d) => { asked += 1; d.accept(); });
  await page.locator("#variant").selectOption("pawnrace");
  await page.waitForFunction(() => document.querySelectorAll("g.piece[data-letter='K']").length === 0);
  assert.equal(asked, 0);
  await page.locator("#variant").selectOption("standard");
  await page.waitForSelector("g.piece[data-letter='K']");
  await move(page, "e2", "e4");
  // Dismissed: the game and the selector stay.
  page.removeAllListeners("dialog");
  let message = null;
  page.once("dialog", (d) => { message = d.message(); d.dismiss(); });
  await page.locator("#variant").selectOption("fairy");
  await page.waitForTimeout(300);
  assert.match(message, /Abandon the game in progress/);
  assert.equal(await page.locator("#variant").inputValue(), "standard");
  assert.deepEqual(await page.locator("#log .ply").allInnerTexts(), ["e4"]);
  assert.equal(await page.locator("#board").getAttribute("data-files"), "8");
  // Accepted: the new variant's game.
  page.once("dialog", (d) => d.accept());
  await page.locator("#variant").selectOption("fairy");
  await page.waitForFunction(() => document.getElementById("board").dataset.files === "10");
  assert.equal(await page.locator("#log .ply").count(), 0);
  await page.close();
});

test("computer plays White: the board shows Black's side, coordinates too", async () => {
  const page = await openPage(browser, server.url, "standard");
  assert.equal(await page.locator("#board").getAttribute("data-flipped"), "0");
  await page.locator("#computer").selectOption("white");
  await page.locator("#computer-ms").fill("50");
  await newGame(page);
  // The computer moves first.
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 1, null, { timeout: 15000 });
  assert.equal(await page.locator("#board").getAttribute("data-flipped"), "1");
  const h1 = await page.locator("rect[data-square='h1']").boundingBox();
  const a8 = await page.locator("rect[data-square='a8']").boundingBox();
  assert.ok(h1.x < a8.x && h1.y < a8.y, "h1 is drawn top left, a8 bottom right");
  // Coordinates: h on the left, rank 1 at the top.
  const coords = await page.locator("text.coord").evaluateAll((ts) =>
    ts.map((t) => ({ text: t.textContent, x: Number(t.getAttribute("x")), y: Number(t.getAttribute("y")) })));
  const files = coords.filter((c) => /[a-h]/.test(c.text)).sort((p, q) => p.x - q.x);
  const ranks = coords.filter((c) => /\d/.test(c.text)).sort((p, q) => p.y - q.y);
  assert.equal(files[0].text, "h");
  assert.equal(ranks[0].text, "1");
  // The person plays Black on the turned board, and the computer answers.
  await move(page, "g8", "f6");
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 3, null, { timeout: 15000 });
  await page.waitForTimeout(400); // the moves' animation
  await page.screenshot({ path: join(SHOTS, "standard-black-vs-computer.png") });
  // Back to two people: White below again.
  await page.locator("#computer").selectOption("");
  await newGame(page);
  assert.equal(await page.locator("#board").getAttribute("data-flipped"), "0");
  await page.close();
});
