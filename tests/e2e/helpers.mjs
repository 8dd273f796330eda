// Shared by the browser tests: start `chessrules serve` on a free loopback port, launch
// Debian's chromium through playwright-core, and stop both afterwards.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SHOTS = join(ROOT, "target", "e2e-screenshots");
mkdirSync(SHOTS, { recursive: true });

export function binary() {
  return process.env.CHESSRULES_BIN || join(ROOT, "target", "debug", "chessrules");
}

// Starts the server on port 0 and resolves with { url, stop } once it prints its address.
export function startServer() {
  return new Promise((resolve, reject) => {
    // Network games go to a data folder of the test run's own, never the user's home.
    const env = { ...process.env, XDG_DATA_HOME: mkdtempSync(join(tmpdir(), "chessrules-e2e-")) };
    const child = spawn(binary(), ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"], env });
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

export async function launch() {
  // playwright-core gives every launch a fresh temporary profile (its own --user-data-dir).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  return { browser, close: () => browser.close() };
}

// Opens the page for a variant and waits until the first game is drawn.
export async function openPage(browser, url, variant) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("dialog", (d) => d.accept());
  await page.goto(`${url}?variant=${variant}`);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

// Clicks the centre (or an edge) of a square.
export async function clickSquare(page, square, where = "centre") {
  const rect = page.locator(`rect[data-square='${square}']`);
  // A redraw (a server answer, a pushed state) replaces the squares: look again briefly.
  let box = await rect.boundingBox();
  for (let i = 0; !box && i < 20; i++) {
    await page.waitForTimeout(50);
    box = await rect.boundingBox();
  }
  if (!box) throw new Error(`no square ${square}`);
  const pos = {
    centre: [box.width / 2, box.height / 2],
    west: [3, box.height / 2],
    south: [box.width / 2, box.height - 3],
  }[where];
  await page.mouse.click(box.x + pos[0], box.y + pos[1]);
}

// Plays from→to by clicking and waits for the log to grow.
export async function move(page, from, to) {
  const before = await page.locator("#log .ply").count();
  await clickSquare(page, from);
  await page.waitForSelector("circle[data-target]", { timeout: 15000 }).catch(() => {});
  await clickSquare(page, to);
  await page.waitForFunction((n) => document.querySelectorAll("#log .ply").length > n, before, { timeout: 15000 });
}

export async function pieceOn(page, square) {
  return page.locator(`g.piece[data-square='${square}']`).getAttribute("data-letter", { timeout: 500 }).catch(() => null);
}
