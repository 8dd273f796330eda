// Moves in two parts on the page (issue 70): S-chess's gating chooser after a move off a
// gate, duck chess's second click that places the duck, drawn as a piece of no side,
// snailtrail's wall placed with the move where it has one square, placement's setup,
// dropped from the hand, and sittuyin's promotion in place (a second
// click on the pawn) or by a met's step.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { startServer, launch, openPage, clickSquare, pieceOn, SHOTS } from "./helpers.mjs";

let server, browser, close;

before(async () => {
  server = await startServer();
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
  server.stop();
});

const plies = (page, n) =>
  page.waitForFunction((k) => document.querySelectorAll("#log .ply").length === k, n, { timeout: 15000 });

test("seirawan: a move off a gate asks which piece enters, and the hawk enters where the knight stood", async () => {
  const page = await openPage(browser, server.url, "seirawan");
  await clickSquare(page, "g1");
  await page.waitForSelector("circle[data-target='f3']");
  await clickSquare(page, "f3");
  await page.waitForSelector("#promotion:not([hidden])");
  assert.equal(await page.locator("#promotion-prompt").innerText(), "Gate a piece in?");
  const gates = await page.locator("#promotion button[data-text]").evaluateAll((bs) => bs.map((b) => b.dataset.gate));
  assert.deepEqual(gates.sort(), ["", "E", "H"]);
  await page.locator("#promotion button[data-gate='H']").click();
  await plies(page, 1);
  assert.equal(await pieceOn(page, "f3"), "N");
  assert.equal(await pieceOn(page, "g1"), "H");
  await page.close();
});

test("duck: the second click places the duck, which is drawn and blocks", async () => {
  const page = await openPage(browser, server.url, "duck");
  await clickSquare(page, "e2");
  await page.waitForSelector("circle[data-target='e4']");
  await clickSquare(page, "e4");
  // The duck's squares are marked: every square empty after the move, e2 among them.
  await page.waitForSelector("circle[data-target='e2']");
  assert.equal(await page.locator("circle[data-target='e4']").count(), 0);
  assert.equal(await page.locator("circle[data-target]").count(), 32);
  await clickSquare(page, "d5");
  await plies(page, 1);
  assert.equal(await pieceOn(page, "e4"), "P");
  await page.waitForSelector("g.obstacle.duck");
  await page.screenshot({ path: join(SHOTS, "duck.png") });
  // Black's d-pawn cannot go to d5, where the duck stands.
  await clickSquare(page, "d7");
  await page.waitForSelector("circle[data-target='d6']");
  assert.equal(await page.locator("circle[data-target='d5']").count(), 0);
  await page.close();
});

test("snailtrail: one click moves the snail and walls the square it left", async () => {
  const page = await openPage(browser, server.url, "snailtrail");
  await clickSquare(page, "a1");
  await page.waitForSelector("circle[data-target='b2']");
  await clickSquare(page, "b2");
  // The wall has one square to go to: it is placed with the move, no second click.
  await plies(page, 1);
  assert.equal(await pieceOn(page, "b2"), "P");
  await page.waitForSelector("g.obstacle.wall[data-obstacle='wall']");
  await page.close();
});

test("placement: the pieces start in hand, no pawn moves while they wait, and the king drops on the first rank only", async () => {
  const page = await openPage(browser, server.url, "placement");
  await page.waitForSelector("#hand-bottom:not([hidden])");
  const king = page.locator("#hand-bottom .hand-piece[data-letter='K']");
  assert.equal(await king.getAttribute("data-count"), "1");
  // No pawn moves while pieces wait in hand: e2 offers nothing.
  await clickSquare(page, "e2");
  assert.equal(await page.locator("circle[data-target='e4']").count(), 0);
  await king.click();
  await page.waitForSelector("circle[data-target='e1']");
  assert.equal(await page.locator("circle[data-target]").count(), 8, "the eight first-rank squares");
  await clickSquare(page, "e1");
  await plies(page, 1);
  assert.equal(await pieceOn(page, "e1"), "K");
  await page.close();
});

// Opens a position by link (`fen`, percent-encoded).
async function openFen(variant, fen) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("dialog", (d) => d.accept());
  await page.goto(`${server.url}?variant=${variant}&fen=${encodeURIComponent(fen)}`);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

test("sittuyin: a second click on the pawn promotes it where it stands; a diagonal step promotes it too", async () => {
  const fen = "1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1";
  let page = await openFen("sittuyin", fen);
  await clickSquare(page, "g7");
  // Its own square is a target (the promotion in place), and so are the met's steps.
  await page.waitForSelector("circle[data-target='g7']");
  for (const sq of ["g8", "f6", "h6", "f8"]) {
    assert.equal(await page.locator(`circle[data-target='${sq}']`).count(), 1, sq);
  }
  await clickSquare(page, "g7");
  await plies(page, 1);
  assert.equal(await pieceOn(page, "g7"), "F");
  assert.deepEqual(await page.locator("#log .ply").allInnerTexts(), ["g7g7f"]);
  await page.close();

  page = await openFen("sittuyin", fen);
  await clickSquare(page, "g7");
  await page.waitForSelector("circle[data-target='f6']");
  await clickSquare(page, "f6");
  await plies(page, 1);
  assert.equal(await pieceOn(page, "f6"), "F");
  assert.equal(await pieceOn(page, "g7"), null);
  await page.close();
});
