// The computer as one side on the page: chosen in the header, it answers the person's move.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, openPage, move, clickSquare } from "./helpers.mjs";

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

async function newGameAgainst(page, color) {
  await page.locator("#computer").selectOption(color);
  await page.locator("#computer-ms").fill("50");
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/games") && r.request().method() === "POST"),
    page.locator("#new-game").click(),
  ]);
  // Let the page draw the new game.
  await page.waitForTimeout(200);
}

test("standard: the computer plays Black and answers e4", async () => {
  const page = await openPage(browser, server.url, "standard");
  await newGameAgainst(page, "black");
  await move(page, "e2", "e4");
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 2, null, { timeout: 15000 });
  const log = await logTexts(page);
  assert.equal(log[0], "e4");
  assert.match(await page.locator("#turn").innerText(), /White to move/);
  // The log reads in move pairs, and the computer's move is marked on the board.
  assert.equal(await page.locator("#log li").count(), 1);
  assert.match(await page.locator("#log li").first().innerText(), /^1\.\s+e4\s+\S+/);
  assert.equal(await page.locator("rect.last").count(), 2, "the reply's from and to squares");
  assert.equal(await page.locator(`rect.last[data-square="e4"]`).count(), 0, "not the person's move any more");
});

test("obstacle: the computer's secret placement is hidden and no hand-over cover shows", async () => {
  const page = await openPage(browser, server.url, "obstacle");
  await newGameAgainst(page, "black");
  assert.equal(await page.locator("#cover").isHidden(), true);
  await clickSquare(page, "d6");
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 2, null, { timeout: 15000 });
  // The person reads their own placement; the computer's stays secret until the end.
  assert.deepEqual(await logTexts(page), ["Dd6", "(secret placement)"]);
  // Placements are not moves: one unnumbered row, and the first move will be numbered 1.
  assert.match(await page.locator("#log li").first().innerText(), /^Placements:\s+Dd6\s+\(secret placement\)$/);
  assert.equal(await page.locator("#log li").count(), 1);
  // The person sees their own trapdoor only.
  assert.equal(await page.locator("g[data-obstacle]").count(), 1);
});
