// Xiangqi and shogi as their players know them (issue 68): shogi's optional promotion chosen,
// xiangqi's pieces on intersections, shogi's tiles turned towards their owner and hands on
// stands, each game's coordinates, the FEN in the setup box, and a link's position and moves.
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
const piece = (page, square) => page.locator(`g.piece[data-square='${square}']`);
const glyph = (page, square) => piece(page, square).getAttribute("data-glyph", { timeout: 2000 });
const logLength = (page, n) =>
  page.waitForFunction((k) => document.querySelectorAll("#log .ply").length === k, n, { timeout: 15000 });

// Opens a link the way a person would paste it: `fen` and `moves` percent-encoded.
async function openLink(variant, fen, moves) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("dialog", (d) => d.accept());
  let url = `${server.url}?variant=${variant}`;
  if (fen) url += `&fen=${encodeURIComponent(fen)}`;
  if (moves) url += `&moves=${encodeURIComponent(moves)}`;
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']");
  return page;
}

// The centre of a square's rect and the translation of the piece standing there.
async function centres(page, square) {
  return page.evaluate((sq) => {
    const r = document.querySelector(`rect[data-square='${sq}']`);
    const g = document.querySelector(`g.piece[data-square='${sq}']`);
    const m = g && /translate\(([-\d.]+),([-\d.]+)\)/.exec(g.getAttribute("transform"));
    return {
      square: { x: +r.getAttribute("x") + +r.getAttribute("width") / 2, y: +r.getAttribute("y") + +r.getAttribute("height") / 2 },
      piece: m ? { x: +m[1], y: +m[2] } : null,
    };
  }, square);
}

// The game's coordinates drawn on the board: { text, x, y, axis, side }.
const coordinates = (page) => page.locator("text.coord").evaluateAll((ts) => ts.map((t) => ({
  text: t.textContent, x: +t.getAttribute("x"), y: +t.getAttribute("y"), axis: t.dataset.axis, side: t.dataset.side,
})));

// Shogi with the bishops' diagonal open: Sente's bishop on b2 may take on h8, promoting or not.
const OPEN_BISHOPS = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 3";

test("shogi: an optional promotion asks promote or not, and each choice plays its move", async () => {
  const page = await openPage(browser, server.url, "shogi");
  await move(page, "c3", "c4");
  await move(page, "g7", "g6");
  await clickSquare(page, "b2");
  await page.waitForSelector("circle[data-target='h8']");
  await clickSquare(page, "h8");
  await page.waitForSelector("#promotion:not([hidden])");
  assert.equal(await page.locator("#promotion-prompt").innerText(), "Promote?");
  const yes = page.locator("#promotion button[data-promote='yes']");
  const no = page.locator("#promotion button[data-promote='no']");
  assert.equal(await yes.getAttribute("data-text"), "b2h8+");
  assert.equal(await no.getAttribute("data-text"), "b2h8");
  // Each button shows the piece as it would stand: the horse (a promoted bishop) or the bishop.
  assert.equal(await yes.locator("g.piece").getAttribute("data-glyph"), "馬");
  assert.equal(await no.locator("g.piece").getAttribute("data-glyph"), "角");
  await page.screenshot({ path: join(SHOTS, "shogi-promotion.png") });
  await yes.click();
  await logLength(page, 3);
  assert.deepEqual(await logTexts(page), ["c3c4", "g7g6", "b2h8+"]);
  assert.equal(await piece(page, "h8").getAttribute("data-plus"), "true");
  assert.equal(await glyph(page, "h8"), "馬");
  // A promoted piece's kanji is red.
  const colour = await piece(page, "h8").locator("text").evaluate((t) => getComputedStyle(t).fill);
  assert.equal(colour, "rgb(198, 40, 40)");
  // Back one move and decline this time.
  await page.locator("#back").click();
  await page.waitForFunction(() => document.querySelector("#log .ply.later"));
  await clickSquare(page, "b2");
  await page.waitForSelector("circle[data-target='h8']");
  await clickSquare(page, "h8");
  await page.waitForSelector("#promotion:not([hidden])");
  await no.click();
  await page.waitForFunction(() => [...document.querySelectorAll("#log .ply")].map((p) => p.textContent).join(" ") === "c3c4 g7g6 b2h8");
  assert.equal(await piece(page, "h8").getAttribute("data-plus"), null);
  assert.equal(await glyph(page, "h8"), "角");
  await page.close();
});

test("shogi: a promotion the rules force asks nothing, and Cancel plays nothing", async () => {
  // Sente's pawn on e8 must promote on e9; the silver on c6 may promote on c7.
  const page = await openLink("shogi", "k8/4P4/9/2S6/9/9/9/9/4K4[] w - - 0 1");
  await clickSquare(page, "c6");
  await page.waitForSelector("circle[data-target='c7']");
  await clickSquare(page, "c7");
  await page.waitForSelector("#promotion:not([hidden])");
  await page.locator("#promotion button", { hasText: "Cancel" }).click();
  await page.waitForSelector("#promotion", { state: "hidden" });
  assert.equal(await page.locator("#log .ply").count(), 0);
  await move(page, "e8", "e9");
  assert.equal(await page.locator("#promotion").isHidden(), true);
  assert.deepEqual(await logTexts(page), ["e8e9+"]);
  assert.equal(await glyph(page, "e9"), "と");
  await page.close();
});

test("xiangqi: pieces on the intersections with their characters, the river and the palaces drawn", async () => {
  const page = await openPage(browser, server.url, "xiangqi");
  const board = page.locator("#board");
  assert.equal(await board.getAttribute("data-style"), "xiangqi");
  assert.equal(await page.locator("rect.square.dark, rect.square.light").count(), 0, "no checkered squares");
  const expected = {
    a1: "俥", b1: "傌", c1: "相", d1: "仕", e1: "帥", b3: "炮", a4: "兵",
    a10: "車", b10: "馬", c10: "象", d10: "士", e10: "將", b8: "砲", a7: "卒",
  };
  for (const [square, ch] of Object.entries(expected)) assert.equal(await glyph(page, square), ch, square);
  assert.equal(await piece(page, "e1").getAttribute("class"), "piece white xq");
  // Every piece stands on the intersection at its square's centre, where the lines cross.
  for (const square of ["a1", "e1", "i10", "b8"]) {
    const c = await centres(page, square);
    assert.deepEqual(c.piece, c.square, square);
  }
  const lines = await page.locator(".xq-lines line").evaluateAll((ls) => ls.map((l) => ["x1", "y1", "x2", "y2"].map((a) => +l.getAttribute(a))));
  const at = async (sq) => (await centres(page, sq)).square;
  const has = (a, b) => lines.some(([x1, y1, x2, y2]) => (x1 === a.x && y1 === a.y && x2 === b.x && y2 === b.y) || (x1 === b.x && y1 === b.y && x2 === a.x && y2 === a.y));
  assert.ok(has(await at("a1"), await at("i1")), "rank 1's line");
  assert.ok(has(await at("d1"), await at("f3")), "Red's palace diagonal");
  assert.ok(has(await at("f8"), await at("d10")), "Black's palace diagonal");
  assert.ok(has(await at("b1"), await at("b5")) && has(await at("b6"), await at("b10")), "an inner file stops at the river");
  assert.ok(!has(await at("b1"), await at("b10")), "no inner file crosses the river");
  assert.ok(has(await at("a1"), await at("a10")), "the edge files cross it");
  assert.equal(await page.locator(".xq-lines text.river").count(), 2);
  // Targets on intersections; clicking and dragging still map to squares.
  await clickSquare(page, "h3");
  await page.waitForSelector("circle[data-target='e3']");
  const mark = await page.locator("circle[data-target='e3']").evaluate((c) => ({ x: +c.getAttribute("cx"), y: +c.getAttribute("cy") }));
  assert.deepEqual(mark, await at("e3"));
  await clickSquare(page, "e3");
  await logLength(page, 1);
  assert.equal(await glyph(page, "e3"), "炮");
  assert.match(await page.locator("#turn").innerText(), /^Black to move/);
  const from = await page.locator("rect[data-square='h10']").boundingBox();
  const to = await page.locator("rect[data-square='g8']").boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await logLength(page, 2);
  assert.deepEqual(await logTexts(page), ["h3e3", "h10g8"]);
  assert.equal(await glyph(page, "g8"), "馬");
  assert.match(await page.locator("#turn").innerText(), /^Red to move/);
  await move(page, "b1", "c3");
  await clickSquare(page, "b8");
  await page.waitForSelector("circle[data-target='b4']");
  await page.waitForTimeout(300); // the moves' animation
  await page.screenshot({ path: join(SHOTS, "xiangqi.png") });
  await page.close();
});

test("xiangqi: the Latin letters option draws letters instead, and is remembered", async () => {
  const page = await openPage(browser, server.url, "xiangqi");
  assert.equal(await page.locator("#style-options").isVisible(), true);
  assert.equal(await page.locator("#latin-pieces").isChecked(), false);
  await page.locator("#latin-pieces").check();
  assert.equal(await glyph(page, "e1"), "K");
  assert.equal(await glyph(page, "b10"), "N");
  await page.reload();
  await page.waitForSelector("body[data-ready='1']");
  assert.equal(await page.locator("#latin-pieces").isChecked(), true);
  assert.equal(await glyph(page, "e1"), "K");
  await page.locator("#latin-pieces").uncheck();
  assert.equal(await glyph(page, "e1"), "帥");
  // Chess has no such options.
  await page.locator("#variant").selectOption("standard");
  await page.waitForFunction(() => document.getElementById("board").dataset.style === "chess");
  assert.equal(await page.locator("#style-options").isHidden(), true);
  await page.close();
});

test("shogi: kanji tiles, the opponent's turned towards it, and a flipped board turns the other side's", async () => {
  const page = await openPage(browser, server.url, "shogi");
  assert.equal(await page.locator("#board").getAttribute("data-style"), "shogi");
  assert.equal(await page.locator("rect.square.dark, rect.square.light").count(), 0, "no checkered squares");
  assert.equal(await page.locator("rect.square.plain").count(), 81);
  const expected = { e1: "玉", e9: "王", b2: "角", h2: "飛", a1: "香", b1: "桂", c1: "銀", d1: "金", a3: "歩", h8: "角", b8: "飛" };
  for (const [square, ch] of Object.entries(expected)) assert.equal(await glyph(page, square), ch, square);
  const turned = (sq) => piece(page, sq).getAttribute("data-turned");
  const tileTransform = (sq) => piece(page, sq).locator("g").first().getAttribute("transform");
  assert.equal(await turned("e1"), null);
  assert.equal(await turned("e9"), "1");
  assert.match(await tileTransform("e9"), /rotate\(180\)/);
  assert.doesNotMatch(await tileTransform("e1"), /rotate/);
  assert.match(await page.locator("#turn").innerText(), /^Sente to move/);
  await move(page, "g3", "g4");
  assert.match(await page.locator("#turn").innerText(), /^Gote to move/);
  await page.locator("#flip").click();
  await page.waitForFunction(() => document.getElementById("board").dataset.flipped === "1");
  assert.equal(await turned("e1"), "1");
  assert.equal(await turned("e9"), null);
  await page.close();
});

test("shogi: the hands stand beside the board, kanji with counts, and drop by click", async () => {
  const page = await openLink("shogi", OPEN_BISHOPS, "b2h8+,h9g7");
  assert.deepEqual(await logTexts(page), ["b2h8+", "h9g7"]);
  const board = await page.locator("#board").boundingBox();
  const sente = page.locator("#hand-bottom");
  const gote = page.locator("#hand-top");
  assert.equal(await sente.getAttribute("data-color"), "white");
  const s = await sente.boundingBox(), g = await gote.boundingBox();
  assert.ok(s.x >= board.x + board.width - 1, "Sente's stand to the right of the board");
  assert.ok(g.x + g.width <= board.x + 1, "Gote's stand to the left of the board");
  assert.ok(s.y + s.height > g.y + g.height, "Sente's stand lower than Gote's");
  assert.match(await sente.locator(".who").innerText(), /Sente/);
  const bishop = sente.locator(".hand-piece[data-letter='B']");
  assert.equal(await bishop.getAttribute("data-count"), "1");
  assert.equal(await bishop.locator("g.piece").getAttribute("data-glyph"), "角");
  assert.equal(await bishop.locator("g.piece").getAttribute("data-turned"), null);
  await bishop.click();
  await page.waitForSelector("circle[data-target='e5']");
  await clickSquare(page, "e5");
  await logLength(page, 3);
  assert.deepEqual(await logTexts(page), ["b2h8+", "h9g7", "B@e5"]);
  assert.equal(await glyph(page, "e5"), "角");
  // Gote takes the horse: its bishop goes to Gote's stand, turned towards Gote.
  await move(page, "g9", "h8");
  const taken = gote.locator(".hand-piece[data-letter='B']");
  assert.equal(await taken.locator("g.piece").getAttribute("data-glyph"), "角");
  assert.equal(await taken.locator("g.piece").getAttribute("data-turned"), "1");
  await page.close();
  // The README's picture: a tokin, pieces on both stands, the tokin's moves marked.
  const shot = await openLink("shogi", "lnsgkg1nl/1r5s1/ppp+Ppp1pp/6p2/9/2P6/PP2PPPPP/7R1/LNSGKGSNL[BPPb] w - - 0 12");
  assert.equal(await shot.locator("#hand-bottom .hand-piece[data-letter='P']").getAttribute("data-count"), "2");
  await clickSquare(shot, "d7");
  await shot.waitForSelector("circle[data-target='d8']");
  await shot.screenshot({ path: join(SHOTS, "shogi.png") });
  await shot.close();
});

test("coordinates as each game writes them, or a1 as the option says, remembered", async () => {
  const page = await openPage(browser, server.url, "shogi");
  assert.equal(await page.locator("#game-coords").isChecked(), true, "on by default");
  let coords = await coordinates(page);
  const files = coords.filter((c) => c.axis === "file").sort((p, q) => p.x - q.x);
  const ranks = coords.filter((c) => c.axis === "rank").sort((p, q) => p.y - q.y);
  assert.deepEqual(files.map((c) => c.text), ["9", "8", "7", "6", "5", "4", "3", "2", "1"], "files from Sente's right, across the top");
  assert.ok(files.every((c) => c.y < ranks[0].y), "the files along the top");
  assert.deepEqual(ranks.map((c) => c.text), ["一", "二", "三", "四", "五", "六", "七", "八", "九"], "ranks down the right");
  assert.ok(ranks.every((c) => c.x > files[8].x), "the ranks on the right");
  await page.locator("#latin-pieces").check();
  coords = await coordinates(page);
  assert.deepEqual(coords.filter((c) => c.axis === "rank").sort((p, q) => p.y - q.y).map((c) => c.text).join(""), "abcdefghi");
  await page.locator("#latin-pieces").uncheck();
  // The option off: the internal names, as in chess.
  await page.locator("#game-coords").uncheck();
  coords = await coordinates(page);
  assert.ok(coords.some((c) => c.text === "a") && coords.some((c) => c.text === "9"));
  assert.ok(!coords.some((c) => c.text === "一"));
  await page.reload();
  await page.waitForSelector("body[data-ready='1']");
  assert.equal(await page.locator("#game-coords").isChecked(), false, "remembered");
  await page.locator("#game-coords").check();
  // Xiangqi: Red numbers its files 一 to 九 from its right along the bottom, Black 1 to 9 from
  // its own right along the top.
  await page.locator("#variant").selectOption("xiangqi");
  await page.waitForFunction(() => document.getElementById("board").dataset.style === "xiangqi");
  coords = await coordinates(page);
  const red = coords.filter((c) => c.side === "red").sort((p, q) => p.x - q.x);
  const black = coords.filter((c) => c.side === "black").sort((p, q) => p.x - q.x);
  assert.equal(red.map((c) => c.text).join(""), "九八七六五四三二一");
  assert.equal(black.map((c) => c.text).join(""), "123456789");
  assert.ok(red[0].y > black[0].y, "Red's below, Black's above");
  const a1 = (await centres(page, "a1")).square;
  assert.equal(red[0].x, a1.x, "Red's 九 is the a-file");
  // Turned round, each side's numbers stay on its own edge.
  await page.locator("#flip").click();
  await page.waitForFunction(() => document.getElementById("board").dataset.flipped === "1");
  coords = await coordinates(page);
  const redFlipped = coords.filter((c) => c.side === "red").sort((p, q) => p.x - q.x);
  const blackFlipped = coords.filter((c) => c.side === "black").sort((p, q) => p.x - q.x);
  assert.ok(redFlipped[0].y < blackFlipped[0].y, "Red's above when Black is below");
  assert.equal(blackFlipped.map((c) => c.text).join(""), "987654321", "Black's 1 on Black's right");
  await page.close();
});

test("setup box: a shipped variant's position as its FEN, and a FEN typed there starts the game", async () => {
  const page = await openPage(browser, server.url, "shogi");
  assert.equal(await page.locator("#board-text").inputValue(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1");
  await page.locator("#board-text").fill(OPEN_BISHOPS);
  await page.locator("#start-text").click();
  await page.waitForFunction(() => !document.querySelector("g.piece[data-square='c3']"));
  assert.equal(await glyph(page, "c4"), "歩");
  assert.equal(await page.locator("#board-text").inputValue(), OPEN_BISHOPS);
  await move(page, "b2", "c3");
  // "Current board into the editor" gives the FEN too.
  await page.locator("#copy-board").click();
  await page.waitForFunction(() => document.getElementById("board-text").value.startsWith("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PPBPPPPPP/7R1/"));
  // Xiangqi too.
  await page.locator("#variant").selectOption("xiangqi");
  await page.waitForFunction(() => document.getElementById("board-text").value === "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  await page.close();
});

test("a link opens a position and plays its moves, stopping at the first refused one", async () => {
  let page = await openLink("shogi", OPEN_BISHOPS, "b2h8+ h9g7,R@e5");
  assert.deepEqual(await logTexts(page), ["b2h8+", "h9g7"]);
  assert.match(await page.locator("#message").innerText(), /move 3, R@e5, was refused/);
  assert.equal(await page.locator("#message").getAttribute("class"), "error");
  assert.equal(await glyph(page, "h8"), "馬");
  await page.close();
  page = await openLink("xiangqi", null, "h3e3,h10g8,h1g3");
  assert.deepEqual(await logTexts(page), ["h3e3", "h10g8", "h1g3"]);
  assert.equal(await pieceOn(page, "g3"), "N");
  assert.match(await page.locator("#message").innerText(), /Played the link's 3 moves/);
  await page.close();
  // A position the server refuses: said, and the initial position instead.
  page = await openLink("shogi", "not a fen", "c3c4");
  assert.match(await page.locator("#message").innerText(), /The link's position was refused: invalid fen/);
  assert.equal(await page.locator("#log .ply").count(), 0);
  await page.close();
});
