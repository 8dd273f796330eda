// Two browser pages play a network game against each other over the server's WebSocket.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binary, launch, openPage, clickSquare, move, SHOTS } from "./helpers.mjs";

let server, browser, close, dir;

// The server with its own game store in a temporary folder.
function startNetServer() {
  dir = mkdtempSync(join(tmpdir(), "chessrules-net-e2e-"));
  return new Promise((resolve, reject) => {
    const child = spawn(binary(), ["serve", "--port", "0", "--db", join(dir, "games.sqlite")], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    child.stdout.on("data", (d) => {
      out += d;
      const m = /open (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve({ url: m[1], stop: () => child.kill() });
    });
  });
}

before(async () => {
  server = await startNetServer();
  ({ browser, close } = await launch());
});
after(async () => {
  await close();
  server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function openSeat(href) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(href);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

const logLength = (page, n) =>
  page.waitForFunction((k) => document.querySelectorAll("#log .ply").length >= k, n, { timeout: 15000 });

test("network game: two pages play each other through seat links", async () => {
  const host = await openPage(browser, server.url, "standard");
  await host.locator("#net-clock").selectOption("300000:0");
  await host.locator("#net-game").click();
  await host.waitForSelector("#net-links a#net-black");
  const whiteLink = await host.locator("#net-white").getAttribute("href");
  const blackLink = await host.locator("#net-black").getAttribute("href");
  const spectatorLink = await host.locator("#net-spectator").getAttribute("href");
  assert.match(whiteLink, /\?net=\d+&token=[0-9a-f]{32}$/);
  const white = await openSeat(whiteLink);
  const black = await openSeat(blackLink);
  const watcher = await openSeat(spectatorLink);
  assert.equal(await white.evaluate(() => document.body.dataset.seat), "white");
  assert.equal(await black.evaluate(() => document.body.dataset.seat), "black");
  assert.equal(await watcher.locator("#resign").isHidden(), true, "spectators have no play buttons");
  assert.match(await watcher.locator("#turn").innerText(), /watching/);
  // The page's own computer and variant choice do not apply to a game between two seats.
  for (const id of ["#computer", "#computer-ms", "#computer-engine", "#variant"]) {
    assert.equal(await white.locator(id).isVisible(), false, `${id} is hidden in a network game`);
  }
  // Five minutes each; nobody's clock runs before the first move.
  assert.equal(await white.locator("#clock-white").innerText(), "White 5:00");
  assert.equal(await black.locator("#clock-black").innerText(), "Black 5:00");
  // Black may not move first: the server refuses and the page says why.
  await clickSquare(black, "e7");
  await clickSquare(black, "e5");
  await black.waitForFunction(() => /turn/.test(document.querySelector("#message").textContent));
  const plies = [[white, "f2", "f3"], [black, "e7", "e5"], [white, "g2", "g4"], [black, "d8", "h4"]];
  for (const [i, [page, from, to]] of plies.entries()) {
    await move(page, from, to);
    // The other page and the spectator see the move as it happens.
    for (const p of [white, black, watcher]) await logLength(p, i + 1);
  }
  for (const p of [white, black, watcher]) {
    await p.waitForFunction(() => document.querySelector("#turn").dataset.over === "1");
    assert.match(await p.locator("#turn").innerText(), /checkmate/i);
  }
  // The clocks stopped at the end; Black's ran after White's first move.
  assert.equal(await black.locator("#clock-white.running, #clock-black.running").count(), 0);
  assert.notEqual(await black.locator("#clock-black").innerText(), "Black 5:00");
  await black.screenshot({ path: join(SHOTS, "network-game-black.png") });
  // A reload gets the whole game back.
  await white.reload();
  await white.waitForSelector("body[data-ready='1']");
  await logLength(white, 4);
  assert.equal(await white.locator("#turn").getAttribute("data-over"), "1");
});

test("network obstacle game: each page shows only its own hidden trapdoors and mines", async () => {
  const host = await openPage(browser, server.url, "obstacle");
  await host.locator("#net-clock").selectOption("");
  await host.locator("#net-game").click();
  await host.waitForSelector("#net-links a#net-black");
  const white = await openSeat(await host.locator("#net-white").getAttribute("href"));
  const black = await openSeat(await host.locator("#net-black").getAttribute("href"));
  const watcher = await openSeat(await host.locator("#net-spectator").getAttribute("href"));
  const hidden = (page) => page.locator("g[data-obstacle='trapdoor'], g[data-obstacle='mine'], g[data-obstacle='trapdoor_mine']").count();
  // No hand-over cover on a network page: each player has their own screen.
  assert.equal(await white.locator("#cover").isHidden(), true);
  await clickSquare(white, "e4"); // White's trapdoor
  for (const p of [white, black, watcher]) await logLength(p, 1);
  await black.locator('input[name="place"][value="M"]').check();
  await clickSquare(black, "d5"); // Black's mine
  for (const p of [white, black, watcher]) await logLength(p, 2);
  assert.equal(await hidden(white), 1, "White sees only the trapdoor");
  assert.equal(await white.locator("g[data-obstacle='trapdoor']").count(), 1);
  assert.equal(await hidden(black), 1, "Black sees only the mine");
  assert.equal(await black.locator("g[data-obstacle='mine']").count(), 1);
  assert.equal(await hidden(watcher), 0, "the spectator sees neither");
  await white.locator("#place-skip").click();
  for (const p of [white, black, watcher]) await logLength(p, 3);
  await black.locator("#place-skip").click();
  for (const p of [white, black, watcher]) await logLength(p, 4);
  assert.deepEqual(await watcher.locator("#log .ply").allInnerTexts(), Array(4).fill("(secret placement)"));
  // White's pawn falls through White's own trapdoor: now everybody sees it open.
  await move(white, "e2", "e4");
  for (const p of [black, watcher]) {
    await logLength(p, 5);
    assert.equal(await p.locator("g[data-obstacle='open_trapdoor']").count(), 1);
  }
  assert.equal(await hidden(white), 0, "Black's mine is still hidden from White");
  await white.screenshot({ path: join(SHOTS, "network-obstacle-white.png") });
});

test("network obstacle game: a mate only the mated side may know waits for its Acknowledge", async () => {
  const host = await openPage(browser, server.url, "obstacle");
  await host.locator("#net-clock").selectOption("");
  await host.locator("#net-game").click();
  await host.waitForSelector("#net-links a#net-black");
  const white = await openSeat(await host.locator("#net-white").getAttribute("href"));
  const black = await openSeat(await host.locator("#net-black").getAttribute("href"));
  const watcher = await openSeat(await host.locator("#net-spectator").getAttribute("href"));
  // White skips its placements (its opponent cannot know that): 1. f3 e5 2. g4 Qh4.
  for (const [i, page] of [white, black, white, black].entries()) {
    await page.locator("#place-skip").click();
    for (const p of [white, black, watcher]) await logLength(p, i + 1);
  }
  const plies = [[white, "f2", "f3"], [black, "e7", "e5"], [white, "g2", "g4"], [black, "d8", "h4"]];
  for (const [i, [page, from, to]] of plies.entries()) {
    await move(page, from, to);
    for (const p of [white, black, watcher]) await logLength(p, i + 5);
  }
  // Black and the spectator see check, White to move; only White is told it is mated.
  await white.waitForSelector("#acknowledge:not([hidden])");
  for (const p of [black, watcher]) {
    assert.equal(await p.locator("#turn").getAttribute("data-over"), "0");
    assert.match(await p.locator("#notices").innerText(), /Check/);
    assert.equal(await p.locator("#acknowledge").isHidden(), true);
  }
  assert.match(await white.locator("#notices").innerText(), /you have no legal move/);
  await white.locator("#acknowledge").click();
  for (const p of [white, black, watcher]) {
    await p.waitForFunction(() => document.querySelector("#turn").dataset.over === "1");
    assert.match(await p.locator("#turn").innerText(), /Checkmate — Black wins/);
  }
});
