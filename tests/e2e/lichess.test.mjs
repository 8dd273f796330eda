// The lichess variants on the page (issue 38): shipped variant files opened by name, the hand
// beside the board with drops by click and by drag, three-check's checks given, atomic's
// explosions marked.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { startServer, launch, openPage, clickSquare, move, pieceOn, SHOTS } from "./helpers.mjs";

let server, browser, close;

before(async () => {
  server = await startServer();
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
  server.stop();
});

const logTexts = (page) => page.locator("#log .ply").allInnerTexts();
const hand = (page, where) => page.locator(`#hand-${where}`);

// Waits until the log holds more than `n` plies.
const logGrows = (page, n) =>
  page.waitForFunction((k) => document.querySelectorAll("#log .ply").length > k, n, { timeout: 15000 });

test("crazyhouse by name: a captured pawn goes to the hand and is dropped by click, another by drag", async () => {
  const page = await openPage(browser, server.url, "crazyhouse");
  assert.equal(await page.locator("#variant").inputValue(), "crazyhouse");
  // Both hands are drawn from the start, empty.
  await page.waitForSelector("#hand-bottom:not([hidden])");
  assert.equal(await hand(page, "bottom").getAttribute("data-color"), "white");
  assert.equal(await hand(page, "top").getAttribute("data-color"), "black");
  assert.equal(await page.locator(".hand-piece").count(), 0);
  await move(page, "e2", "e4");
  await move(page, "d7", "d5");
  await move(page, "e4", "d5");
  // White's capture is in White's hand; it is Black's turn, so it cannot be clicked.
  const whitePawn = hand(page, "bottom").locator(".hand-piece[data-letter='P']");
  assert.equal(await whitePawn.getAttribute("data-count"), "1");
  assert.ok(await whitePawn.isDisabled());
  await move(page, "d8", "d5");
  await move(page, "b1", "c3");
  await move(page, "d5", "a5");
  // Click: the pawn in hand, its drops are marked, then a square.
  await whitePawn.click();
  await page.waitForSelector("circle[data-target='d4']");
  assert.equal(await page.locator("circle[data-target='d8']").count(), 0, "no pawn drop on the last rank");
  assert.equal(await page.locator("circle[data-target='e1']").count(), 0, "no pawn drop on the first rank");
  await page.screenshot({ path: join(SHOTS, "crazyhouse-drop.png") });
  let n = await page.locator("#log .ply").count();
  await clickSquare(page, "d4");
  await logGrows(page, n);
  assert.equal(await pieceOn(page, "d4"), "P");
  assert.equal(await hand(page, "bottom").locator(".hand-piece").count(), 0, "White's hand is empty again");
  assert.deepEqual(await page.locator("g.piece[data-square='d4']").getAttribute("class"), "piece white");
  // Drag: Black's pawn from the hand above the board onto e6.
  const blackPawn = hand(page, "top").locator(".hand-piece[data-letter='P']");
  assert.equal(await blackPawn.getAttribute("data-count"), "1");
  const from = await blackPawn.boundingBox();
  const to = await page.locator("rect[data-square='e6']").boundingBox();
  n = await page.locator("#log .ply").count();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await logGrows(page, n);
  assert.equal(await pieceOn(page, "e6"), "P");
  assert.equal(await page.locator("g.piece[data-square='e6']").getAttribute("class"), "piece black");
  assert.deepEqual(await logTexts(page), ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "P@d4", "P@e6"]);
  assert.match(await page.locator("#info").innerText(), /In hand: White -, Black -/);
  // A drop the rules refuse is said by the server: a pawn on the last rank.
  await move(page, "f1", "b5");
  await move(page, "c7", "c6");
  await move(page, "b5", "c6");
  await move(page, "b7", "c6");
  const pawn = hand(page, "bottom").locator(".hand-piece[data-letter='P']");
  await pawn.click();
  await clickSquare(page, "d8");
  await page.waitForSelector("#message.error");
  assert.equal(await page.locator("#log .ply").count(), 12);
  await page.close();
});

test("3check: the checks given are shown and the third check wins", async () => {
  const page = await openPage(browser, server.url, "3check");
  assert.match(await page.locator("#info").innerText(), /Checks given \(of 3\): White 0, Black 0/);
  assert.equal(await page.locator(".hand:not([hidden])").count(), 0, "no hands without drops");
  await move(page, "e2", "e4");
  await move(page, "e7", "e5");
  await move(page, "f1", "c4");
  await move(page, "a7", "a6");
  await move(page, "c4", "f7");
  assert.match(await page.locator("#notices").innerText(), /Check/);
  assert.match(await page.locator("#info").innerText(), /Checks given \(of 3\): White 1, Black 0/);
  assert.ok(await page.locator("rect[data-check='e8']").count(), "the king in check is marked");
  await move(page, "e8", "f7");
  await move(page, "d1", "h5");
  await move(page, "g7", "g6");
  assert.match(await page.locator("#info").innerText(), /Checks given \(of 3\): White 2, Black 0/);
  await page.screenshot({ path: join(SHOTS, "threecheck-checks.png") });
  await move(page, "h5", "g6");
  await page.waitForFunction(() => document.getElementById("turn").dataset.over === "1");
  assert.match(await page.locator("#turn").innerText(), /White wins/);
  assert.match(await page.locator("#info").innerText(), /Checks given \(of 3\): White 3, Black 0/);
  await page.close();
});

test("atomic: a capture's exploded squares are marked", async () => {
  const page = await openPage(browser, server.url, "atomic");
  await move(page, "e2", "e4");
  await move(page, "d7", "d5");
  // Pawn takes pawn: both vanish, nothing else stands next to d5.
  await move(page, "e4", "d5");
  assert.equal(await page.locator("#board").getAttribute("data-exploded"), "d5");
  assert.equal(await pieceOn(page, "d5"), null);
  await move(page, "h7", "h6");
  await move(page, "g1", "f3");
  await move(page, "a7", "a6");
  await move(page, "f3", "e5");
  await move(page, "a6", "a5");
  // The knight takes f7: it, the pawn and every piece but the pawns around f7 explode, the
  // black king among them.
  const n = await page.locator("#log .ply").count();
  await clickSquare(page, "e5");
  await page.waitForSelector("circle[data-target='f7']");
  await clickSquare(page, "f7");
  await page.waitForSelector("rect[data-exploded]", { timeout: 1000 });
  await page.screenshot({ path: join(SHOTS, "atomic-explosion.png") });
  await logGrows(page, n - 1);
  assert.equal(await page.locator("#board").getAttribute("data-exploded"), "f7 e8 f8 g8");
  for (const sq of ["f7", "e8", "f8", "g8"]) assert.equal(await pieceOn(page, sq), null, `${sq} exploded`);
  assert.equal(await pieceOn(page, "e7"), "P", "pawns do not explode");
  assert.equal(await pieceOn(page, "g7"), "P", "pawns do not explode");
  await page.waitForFunction(() => document.getElementById("turn").dataset.over === "1");
  assert.match(await page.locator("#turn").innerText(), /White wins/);
  await page.close();
});

test("a shipped variant chosen from the menu by name, against our computer", async () => {
  const page = await openPage(browser, server.url, "standard");
  const names = await page.locator("#variant optgroup option").evaluateAll((os) => os.map((o) => o.value));
  for (const n of ["kingofthehill", "racingkings", "horde", "antichess", "3check", "atomic", "atomic960", "crazyhouse"]) {
    assert.ok(names.includes(n), `${n} in the menu`);
  }
  await page.locator("#computer").selectOption("black");
  await page.locator("#computer-ms").fill("50");
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/games") && r.request().method() === "POST"),
    page.locator("#variant").selectOption("kingofthehill"),
  ]);
  await page.waitForFunction(() => /King of the Hill/.test(document.getElementById("message").textContent));
  // The setup box holds the position as a FEN line, not the variant file's text.
  assert.equal(await page.locator("#board-text").inputValue(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  assert.match(await page.locator("#info").innerText(), /kingofthehill: King of the Hill/);
  await move(page, "e2", "e4");
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 2, null, { timeout: 15000 });
  assert.equal((await logTexts(page))[0], "e2e4");
  assert.match(await page.locator("#turn").innerText(), /White to move/);
  await page.close();
});
