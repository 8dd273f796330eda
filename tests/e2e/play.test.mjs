// End-to-end scenarios in a real headless browser (Debian chromium via playwright-core).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
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

// Plays a placement or wall and waits for the log to grow.
async function act(page, fn) {
  const n = await page.locator("#log .ply").count();
  await fn();
  await page.waitForFunction((k) => document.querySelectorAll("#log .ply").length > k, n, { timeout: 15000 });
}

async function passCover(page) {
  await page.locator("#cover-ok").click();
  await page.waitForSelector("#cover", { state: "hidden" });
}

test("obstacle: secret placements, a wall, a trapdoor fall and a mine explosion", async () => {
  const page = await openPage(browser, server.url, "obstacle");
  await passCover(page);
  // White: trapdoor on e4 (only White sees it).
  await act(page, () => clickSquare(page, "e4"));
  assert.equal(await page.locator("g[data-obstacle]").count(), 0, "Black must not see White's trapdoor");
  await passCover(page);
  // Black: mine on d5.
  await page.locator('input[name="place"][value="M"]').check();
  await act(page, () => clickSquare(page, "d5"));
  await passCover(page);
  await act(page, () => page.locator("#place-skip").click());
  await passCover(page);
  await act(page, () => page.locator("#place-skip").click());
  assert.deepEqual(await logTexts(page), Array(4).fill("(secret placement)"));
  assert.equal(await page.locator("g[data-obstacle]").count(), 0);
  // The e-pawn falls through the trapdoor.
  await move(page, "e2", "e4");
  assert.equal(await pieceOn(page, "e4"), null);
  assert.match(await page.locator("#notices").innerText(), /The white pawn on e4 fell into a trapdoor/);
  assert.equal(await page.locator("g[data-obstacle='open_trapdoor']").count(), 1);
  // Black places a wall on the south edge of e6.
  await page.locator("#wall-mode").check();
  await act(page, () => clickSquare(page, "e6", "south"));
  await page.locator("#wall-mode").uncheck();
  assert.equal(await page.locator("line[data-wall='south:e6']").count(), 1);
  await move(page, "d1", "h5");
  await move(page, "a7", "a6");
  await page.screenshot({ path: join(SHOTS, "obstacle-before-mine.png") });
  await move(page, "h5", "d5");
  assert.equal(await pieceOn(page, "d5"), null, "the queen is blown up");
  assert.match(await page.locator("#notices").innerText(), /A mine exploded on d5 and took the white queen on d5/);
  assert.equal(await pieceOn(page, "e6"), null);
  const log = await logTexts(page);
  assert.deepEqual(log.slice(4), ["e2-e4", "_e6", "d1-h5", "a7-a6", "h5-d5"]);
  // Resigning ends the game and reveals the placements.
  await page.locator("#resign").click();
  await page.waitForFunction(() => document.getElementById("turn").dataset.over === "1");
  assert.deepEqual((await logTexts(page)).slice(0, 2), ["De4", "Md5"]);
  await page.screenshot({ path: join(SHOTS, "obstacle-game-over.png") });
  await page.close();
});

const FAIRY = `k:1\nr:2\nq:1\nn:1\nb:1\nf:1\ne:1\na:1\nw:1\np:5\nd:5\n-----
r . . . . k . . . r \n. . . . . . . P . . \n. . . . . . . . . . \n. . . . . . . . . . 
. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . \n. . . . . . . . . . 
. . . . . . . . . . \nR . . . . K . . . R \n-----\nw:++++:0:1\n`;

test("fairy: castle and promote through the chooser", async () => {
  const page = await openPage(browser, server.url, "fairy");
  await page.locator("#board-text").fill(FAIRY);
  await page.locator("#start-text").click();
  await page.waitForSelector("g.piece[data-square='h9']");
  await move(page, "f1", "i1");
  assert.equal(await pieceOn(page, "i1"), "K");
  assert.equal(await pieceOn(page, "h1"), "R");
  await move(page, "a10", "b10");
  await clickSquare(page, "h9");
  await page.waitForSelector("circle[data-target='h10']");
  await clickSquare(page, "h10");
  await page.waitForSelector("#promotion:not([hidden])");
  await page.screenshot({ path: join(SHOTS, "fairy-promotion.png") });
  await page.locator("#promotion button[data-promotion='A']").click();
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 3);
  assert.equal(await pieceOn(page, "h10"), "A");
  const log = await logTexts(page);
  assert.equal(log[0], "0-0");
  assert.match(log[2], /^h9-h10=A/);
  await page.close();
});

test("standard: an illegal move is refused with the reason", async () => {
  const page = await openPage(browser, server.url, "standard");
  await clickSquare(page, "e2");
  await page.waitForSelector("circle[data-target='e4']");
  assert.equal(await page.locator("circle[data-target]").count(), 2, "tutorial marks e3 and e4");
  await clickSquare(page, "e5");
  await page.waitForFunction(() => document.getElementById("message").className === "error");
  assert.equal(await page.locator("#message").innerText(), "the pawn on e2 cannot move to e5");
  assert.equal(await page.locator("#log .ply").count(), 0);
  await page.close();
});

test("standard: step back and branch after confirming", async () => {
  const page = await openPage(browser, server.url, "standard");
  await move(page, "e2", "e4");
  await move(page, "e7", "e5");
  await move(page, "g1", "f3");
  await page.locator("#back").click();
  await page.waitForFunction(() => document.querySelector("#log .ply.current")?.dataset.ply === "2");
  await page.locator("#back").click();
  await page.waitForFunction(() => document.querySelector("#log .ply.current")?.dataset.ply === "1");
  assert.equal(await pieceOn(page, "e5"), null);
  await page.locator("#home").click();
  await page.waitForFunction(() => !document.querySelector("#log .ply.current"));
  await page.locator("#forward").click();
  await page.waitForFunction(() => document.querySelector("#log .ply.current")?.dataset.ply === "1");
  // A different move here deletes the later moves (the confirmation dialog is accepted).
  await clickSquare(page, "c7");
  await page.waitForSelector("circle[data-target='c5']");
  await clickSquare(page, "c5");
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 2);
  assert.deepEqual(await logTexts(page), ["e4", "c5"]);
  await page.screenshot({ path: join(SHOTS, "standard-branch.png") });
  await page.close();
});

test("save the board file and load it back with the file chooser", async () => {
  const page = await openPage(browser, server.url, "standard");
  await move(page, "d2", "d4");
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#save-board").click()]);
  const path = join(SHOTS, "saved.board");
  await download.saveAs(path);
  const text = readFileSync(path, "utf8");
  assert.match(text, /^rnbqkbnr\/pppppppp\/8\/8\/3P4\/8\/PPP1PPPP\/RNBQKBNR b KQkq/);
  const [logDownload] = await Promise.all([page.waitForEvent("download"), page.locator("#save-log").click()]);
  const logPath = join(SHOTS, "saved.pgn");
  await logDownload.saveAs(logPath);
  assert.match(readFileSync(logPath, "utf8"), /\n1\. d4 \*\n/);
  await page.locator("#new-game").click();
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 0);
  await page.locator("#file").setInputFiles(path);
  await page.waitForFunction(() => document.getElementById("turn").textContent.startsWith("Black"));
  assert.equal(await pieceOn(page, "d4"), "P");
  await page.close();
});

test("graphical setup: a palette edit is validated with the variant's rules", async () => {
  const page = await openPage(browser, server.url, "obstacle");
  await passCover(page);
  await page.locator("#edit-mode").check();
  // A white pawn on the back rank: refused, with the square marked.
  await page.locator("#palette button[data-palette='P']").click();
  await clickSquare(page, "d8");
  assert.match(await page.locator("#board-text").inputValue(), /^rnbPkbnr\n/);
  await page.locator("#start-text").click();
  await page.waitForFunction(() => document.getElementById("setup-error").textContent !== "");
  assert.match(await page.locator("#setup-error").innerText(), /illegal board at d8: a pawn on the first or last rank/);
  assert.equal(await page.locator("rect.error[data-square='d8']").count(), 1);
  await page.screenshot({ path: join(SHOTS, "obstacle-setup-error.png") });
  // The queen back on d8 and a mine on e5: a valid board.
  await page.locator("#palette button[data-palette='q']").click();
  await clickSquare(page, "d8");
  await page.locator("#palette button[data-palette='M']").click();
  await clickSquare(page, "e5");
  // A wall on the west edge of d4, drawn on the edge.
  await page.locator("#palette button[data-palette='wall']").click();
  await clickSquare(page, "d4", "west");
  assert.equal(await page.locator("line[data-wall='west:d4']").count(), 1);
  assert.match(await page.locator("#board-text").inputValue(), /\n\.\.\.\|\.\.\.\.\.\n/);
  await page.screenshot({ path: join(SHOTS, "obstacle-setup-editor.png") });
  // One wall on the board and 3 + 3 still to place is more than six walls: refused.
  await page.locator("#start-text").click();
  await page.waitForFunction(() => /status line/.test(document.getElementById("setup-error").textContent));
  await page.locator("#edit-mode").uncheck();
  const text = await page.locator("#board-text").inputValue();
  await page.locator("#board-text").fill(text.replace("w 3 3", "w 2 3"));
  await page.locator("#start-text").click();
  await page.waitForFunction(() => document.getElementById("setup-error").textContent === "");
  assert.equal(await page.locator("line[data-wall='west:d4']").count(), 1, "the started game has the wall");
  await page.close();
});

// Drags the piece on `from` to `to` with the mouse.
async function dragPiece(page, from, to) {
  const a = await page.locator(`rect[data-square='${from}']`).boundingBox();
  const b = await page.locator(`rect[data-square='${to}']`).boundingBox();
  const n = await page.locator("#log .ply").count();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction((k) => document.querySelectorAll("#log .ply").length > k, n, { timeout: 15000 });
}

test("pawn race on a flipped board: drag pawns, first to the last rank wins", async () => {
  const page = await openPage(browser, server.url, "pawnrace");
  await page.locator("#flip").click();
  await page.waitForFunction(() => document.getElementById("board").dataset.flipped === "1");
  // Flipped: h1 is drawn top-left.
  const h1 = await page.locator("rect[data-square='h1']").boundingBox();
  const a8 = await page.locator("rect[data-square='a8']").boundingBox();
  assert.ok(h1.x < a8.x && h1.y < a8.y, "h1 is drawn above and left of a8");
  await page.locator("#board-text").fill("........\n.......B\nW.......\n........\n........\n........\n........\n........\nw\n");
  await page.locator("#start-text").click();
  await page.waitForSelector("g.piece[data-square='a6']");
  await dragPiece(page, "a6", "a7");
  await dragPiece(page, "h7", "h5");
  await dragPiece(page, "a7", "a8");
  await page.waitForFunction(() => document.getElementById("turn").dataset.over === "1");
  assert.match(await page.locator("#turn").innerText(), /White wins by reaching the last rank/);
  assert.deepEqual(await logTexts(page), ["a7", "h5", "a8"]);
  await page.screenshot({ path: join(SHOTS, "pawnrace-won.png") });
  await page.close();
});

test("standard: check, checkmate notice; draw offered and accepted", async () => {
  const page = await openPage(browser, server.url, "standard");
  await move(page, "f2", "f3");
  await move(page, "e7", "e5");
  await move(page, "g2", "g4");
  await move(page, "d8", "h4");
  await page.waitForFunction(() => document.getElementById("turn").dataset.over === "1");
  assert.match(await page.locator("#turn").innerText(), /Checkmate — Black wins/);
  assert.deepEqual(await logTexts(page), ["f3", "e5", "g4", "Qh4#"]);
  await page.locator("#new-game").click();
  await page.waitForFunction(() => document.querySelectorAll("#log .ply").length === 0 && document.getElementById("turn").dataset.over === "0");
  await page.locator("#offer-draw").click();
  await page.waitForSelector("#accept-draw:not([hidden])");
  assert.match(await page.locator("#notices").innerText(), /White offers a draw/);
  await page.locator("#accept-draw").click();
  await page.waitForFunction(() => document.getElementById("turn").dataset.over === "1");
  assert.match(await page.locator("#turn").innerText(), /Draw by agreement/);
  await page.close();
});

test("standard: threefold repetition shows the claim button, and the claim ends the game", async () => {
  const page = await openPage(browser, server.url, "standard");
  for (let i = 0; i < 2; i++) {
    await move(page, "g1", "f3");
    await move(page, "g8", "f6");
    await move(page, "f3", "g1");
    await move(page, "f6", "g8");
  }
  await page.waitForSelector("#claim-draw:not([hidden])");
  assert.match(await page.locator("#notices").innerText(), /Threefold repetition/);
  await page.locator("#claim-draw").click();
  await page.waitForFunction(() => document.getElementById("turn").dataset.over === "1");
  assert.match(await page.locator("#turn").innerText(), /Draw claimed by White — threefold repetition/);
  await page.close();
});

test("variant file: the walled example loads from the editor, shows its walls and plays", async () => {
  const page = await openPage(browser, server.url, "custom");
  // The default is the Los Alamos file (6×6).
  await page.waitForSelector("rect[data-square='f6']");
  assert.equal(await page.locator("rect[data-square='g7']").count(), 0);
  await move(page, "b1", "c3");
  assert.equal(await pieceOn(page, "c3"), "N");
  // Load the walled example through the board-file editor.
  const walled = readFileSync(join(import.meta.dirname, "../../variants/walled.toml"), "utf8");
  await page.locator("#board-text").fill(walled);
  await page.locator("#start-text").click();
  await page.waitForSelector("rect[data-square='h8']");
  assert.ok((await page.locator("[data-wall]").count()) > 0 || (await page.locator(".wall").count()) > 0, "walls drawn");
  await page.screenshot({ path: join(SHOTS, "variant-file-walled.png") });
  await move(page, "e2", "e4");
  assert.equal(await pieceOn(page, "e4"), "P");
  await page.close();
});
