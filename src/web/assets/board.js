// SVG board rendering: squares, coordinates, walls on square edges, obstacles, pieces.
// Pure drawing: it knows nothing about rules; clicks are reported with square and edge.
// Xiangqi's and shogi's own look (a view's `style`) is drawn by asian.js on the same geometry.
import { xiangqiPiece, shogiPiece, xiangqiLines, shogiStars, gameCoordinates } from "./asian.js";

const NS = "http://www.w3.org/2000/svg";
export const CELL = 60;
const MARGIN = 22;

// FIDE pieces as the standard figurines; the fairy pieces get their own symbols.
const FIGURINE = { K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", N: "\u265E", P: "\u265F" };

export const LEGEND = [
  ["D", "drunken soldier", "moves one forward or sideways, captures one diagonally forward"],
  ["F", "flying dragon", "a bishop of range 2"],
  ["E", "elephant", "a rook that stays in its own half"],
  ["W", "princess", "bishop + knight"],
  ["A", "amazon", "queen + knight"],
];

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

export function parseSquare(name) {
  const m = /^([a-z])(\d+)$/.exec(name);
  return m ? { file: m[1].charCodeAt(0) - 97, rank: parseInt(m[2], 10) - 1 } : null;
}

// Top-left corner of a square in SVG coordinates.
function corner(view, flipped, file, rank) {
  const col = flipped ? view.files - 1 - file : file;
  const row = flipped ? rank : view.ranks - 1 - rank;
  return { x: MARGIN + col * CELL, y: MARGIN + row * CELL };
}

// A piece symbol as an SVG group centred on (0, 0). look: { style: a view's style, latin:
// letters instead of characters, turned: a shogi tile facing the side at the top }.
export function pieceSymbol(piece, parent, look = {}) {
  const g = el("g", { class: `piece ${piece.color}`, "data-letter": piece.letter, "data-kind": piece.kind }, parent);
  const title = el("title", {}, g);
  title.textContent = `${piece.color} ${piece.kind}`;
  if (piece.plus) g.dataset.plus = "true";
  if (look.style === "xiangqi") {
    xiangqiPiece(piece, g, look.latin);
    return g;
  }
  if (look.style === "shogi") {
    shogiPiece(piece, g, look.latin, look.turned);
    return g;
  }
  const glyph = (ch, size, dx = 0, dy = 0) => {
    const t = el("text", { x: dx, y: dy, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central", class: "glyph" }, g);
    t.textContent = ch;
    return t;
  };
  const fig = FIGURINE[piece.letter];
  if (fig) {
    glyph(fig, 46, 0, 2);
  } else if (piece.letter === "A") {
    glyph(FIGURINE.Q, 44, -3, 2);
    glyph(FIGURINE.N, 24, 13, 12).setAttribute("class", "glyph small");
  } else if (piece.letter === "W") {
    glyph(FIGURINE.B, 44, -3, 2);
    glyph(FIGURINE.N, 24, 13, 12).setAttribute("class", "glyph small");
  } else if (piece.letter === "D") {
    const t = glyph(FIGURINE.P, 44, 0, 2);
    t.setAttribute("transform", "rotate(-18)");
    el("circle", { cx: 13, cy: -15, r: 6, class: "badge" }, g);
  } else if (piece.letter === "F") {
    el("path", { d: "M0,-22 L20,0 L0,22 L-20,0 Z M-20,0 L-28,-12 M20,0 L28,-12", class: "shape" }, g);
    glyph("F", 20, 0, 1).setAttribute("class", "glyph letter");
  } else if (piece.letter === "E") {
    el("rect", { x: -19, y: -19, width: 38, height: 38, rx: 12, class: "shape" }, g);
    el("path", { d: "M-6,19 L-6,26 M6,19 L6,26", class: "shape" }, g);
    glyph("E", 20, 0, 1).setAttribute("class", "glyph letter");
  } else {
    el("circle", { r: 20, class: "shape" }, g);
    glyph(piece.letter, 20, 0, 1).setAttribute("class", "glyph letter");
  }
  if (piece.plus) {
    // A promoted kind written `+X` (shogi's `+P`): the plain kind's symbol with a plus.
    glyph("+", 26, 15, -15).setAttribute("class", "glyph small");
  }
  return g;
}

// The square's look in each style: chess checkers its squares; xiangqi's square is the round
// spot around its intersection (transparent but for marks); shogi's is a plain wooden square.
function squareAttrs(style, file, rank) {
  if (style === "xiangqi") return { cls: ["square", "point"], rx: CELL / 2 };
  if (style === "shogi") return { cls: ["square", "plain"] };
  return { cls: ["square", (file + rank) % 2 === 0 ? "dark" : "light"] };
}

// Draws the whole board into `svg`. marks: { selected, targets: [{to, capture}], error,
// last: [sq, sq], check: the square of the king in check }. look: { latin: letters instead of
// characters, gameCoords: xiangqi's and shogi's own coordinates instead of a1 }.
export function drawBoard(svg, view, flipped, marks = {}, look = {}) {
  svg.innerHTML = "";
  const style = view.style || "chess";
  const w = MARGIN * 2 + view.files * CELL;
  const h = MARGIN * 2 + view.ranks * CELL;
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.dataset.files = view.files;
  svg.dataset.ranks = view.ranks;
  svg.dataset.flipped = flipped ? "1" : "0";
  svg.dataset.style = style;
  const cell = (file, rank) => corner(view, flipped, file, rank);
  if (style !== "chess") el("rect", { x: 0, y: 0, width: w, height: h, class: "wood" }, svg);
  if (style === "xiangqi") xiangqiLines(svg, view, cell, CELL);
  const squares = el("g", {}, svg);
  const byName = new Map(view.cells.map((c) => [c.square, c]));
  for (let rank = 0; rank < view.ranks; rank++) {
    for (let file = 0; file < view.files; file++) {
      const name = squareName(file, rank);
      const { x, y } = cell(file, rank);
      const { cls, rx } = squareAttrs(style, file, rank);
      if (marks.last && marks.last.includes(name)) cls.push("last");
      if (marks.selected === name) cls.push("selected");
      if (marks.error === name) cls.push("error");
      const r = el("rect", { x, y, width: CELL, height: CELL, class: cls.join(" "), "data-square": name }, squares);
      if (rx) r.setAttribute("rx", rx);
      const c = byName.get(name);
      if (c && c.obstacle) drawObstacle(squares, c.obstacle, x, y);
    }
  }
  if (style === "shogi") shogiStars(squares, view, cell, CELL);
  // The king in check: a red glow on its square, under the piece (as chess sites mark it).
  if (marks.check) {
    const s = parseSquare(marks.check);
    const { x, y } = corner(view, flipped, s.file, s.rank);
    const grad = el("radialGradient", { id: "check-glow" }, el("defs", {}, svg));
    el("stop", { offset: "0%", "stop-color": "#ff0000", "stop-opacity": "1" }, grad);
    el("stop", { offset: "25%", "stop-color": "#e70000", "stop-opacity": "1" }, grad);
    el("stop", { offset: "90%", "stop-color": "#a90000", "stop-opacity": "0" }, grad);
    el("rect", { x, y, width: CELL, height: CELL, fill: "url(#check-glow)", class: "check", "data-check": marks.check }, squares);
  }
  if (style !== "chess" && look.gameCoords) {
    for (const c of gameCoordinates(view, cell, CELL, { width: w, height: h, margin: MARGIN }, flipped, look.latin)) {
      const t = el("text", { x: c.x, y: c.y, class: "coord game", "text-anchor": "middle", "dominant-baseline": "central", "data-axis": c.axis }, svg);
      if (c.side) t.dataset.side = c.side;
      t.textContent = c.text;
    }
  } else {
    internalCoordinates(svg, view, flipped, w, h);
  }
  // Walls on the square edges.
  for (const wall of view.walls || []) {
    const line = edgeLine(view, flipped, wall);
    el("line", { ...line, class: "wall", "data-wall": `${wall.side}:${wall.square}` }, svg);
  }
  // The edges of the regions pieces are confined to (the palace, the river): thin lines. A
  // xiangqi board draws its palaces and river itself.
  if (style !== "xiangqi") {
    for (const edge of view.zone_edges || []) {
      el("line", { ...edgeLine(view, flipped, edge), class: "zone-edge" }, svg);
    }
  }
  drawTargets(svg, view, flipped, marks.targets || []);
  drawPieces(svg, view, flipped, style, look.latin);
}

// Legal-move marks (tutorial mode): a dot, or a ring around a piece it would take.
function drawTargets(svg, view, flipped, targets) {
  for (const t of targets) {
    const s = parseSquare(t.to);
    const { x, y } = corner(view, flipped, s.file, s.rank);
    if (t.capture) {
      el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 4, class: "target capture", "data-target": t.to }, svg);
    } else {
      el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 9, class: "target", "data-target": t.to }, svg);
    }
  }
}

function drawPieces(svg, view, flipped, style, latin) {
  // Shogi turns the tiles of the side at the top towards it.
  const bottom = flipped ? "black" : "white";
  const pieces = el("g", {}, svg);
  for (const c of view.cells) {
    if (!c.piece) continue;
    const s = parseSquare(c.square);
    const { x, y } = corner(view, flipped, s.file, s.rank);
    const g = pieceSymbol(c.piece, pieces, { style, latin, turned: c.piece.color !== bottom });
    g.setAttribute("transform", `translate(${x + CELL / 2},${y + CELL / 2})`);
    g.dataset.square = c.square;
  }
}

// Chess's coordinates, a–… and 1–… on all four edges (every style's internal names).
function internalCoordinates(svg, view, flipped, w, h) {
  for (let file = 0; file < view.files; file++) {
    const { x } = corner(view, flipped, file, 0);
    for (const y of [MARGIN / 2, h - MARGIN / 2]) {
      el("text", { x: x + CELL / 2, y, class: "coord", "text-anchor": "middle", "dominant-baseline": "central" }, svg).textContent = String.fromCharCode(97 + file);
    }
  }
  for (let rank = 0; rank < view.ranks; rank++) {
    const { y } = corner(view, flipped, 0, rank);
    for (const x of [MARGIN / 2, w - MARGIN / 2]) {
      el("text", { x, y: y + CELL / 2, class: "coord", "text-anchor": "middle", "dominant-baseline": "central" }, svg).textContent = rank + 1;
    }
  }
}

function drawObstacle(parent, kind, x, y) {
  const cx = x + CELL / 2, cy = y + CELL / 2;
  const g = el("g", { class: `obstacle ${kind}`, "data-obstacle": kind }, parent);
  if (kind === "open_trapdoor") {
    el("rect", { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, rx: 4, class: "hole" }, g);
  }
  if (kind === "trapdoor" || kind === "trapdoor_mine") {
    el("rect", { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, rx: 4, class: "hidden-trapdoor" }, g);
  }
  if (kind === "duck") {
    // The duck, a piece of no side: a yellow body with an orange beak.
    el("ellipse", { cx, cy: cy + 4, rx: 15, ry: 11, class: "duck-body" }, g);
    el("circle", { cx: cx + 6, cy: cy - 8, r: 8, class: "duck-body" }, g);
    el("path", { d: `M ${cx + 13} ${cy - 9} l 8 2 l -8 3 z`, class: "duck-beak" }, g);
  }
  if (kind === "arrow" || kind === "wall") {
    el("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 3, class: "arrow-block" }, g);
  }
  if (kind === "mine" || kind === "trapdoor_mine") {
    el("circle", { cx, cy, r: 9, class: "mine" }, g);
    for (let i = 0; i < 8; i++) {
      const a = (i * Math.PI) / 4;
      el("line", { x1: cx + 9 * Math.cos(a), y1: cy + 9 * Math.sin(a), x2: cx + 14 * Math.cos(a), y2: cy + 14 * Math.sin(a), class: "mine-spike" }, g);
    }
  }
}

// The line along the west or south edge of a square ({ square, side }), as the board shows it.
function edgeLine(view, flipped, edge) {
  const s = parseSquare(edge.square);
  const { x, y } = corner(view, flipped, s.file, s.rank);
  if (edge.side === "west") {
    const wx = flipped ? x + CELL : x;
    return { x1: wx, y1: y, x2: wx, y2: y + CELL };
  }
  const sy = flipped ? y : y + CELL;
  return { x1: x, y1: sy, x2: x + CELL, y2: sy };
}

// The square and nearest edge under a click (edges as the wall they would be).
export function hit(svg, view, flipped, event) {
  const pt = svg.createSVGPoint();
  pt.x = event.clientX;
  pt.y = event.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const col = Math.floor((p.x - MARGIN) / CELL);
  const row = Math.floor((p.y - MARGIN) / CELL);
  if (col < 0 || row < 0 || col >= view.files || row >= view.ranks) return null;
  const file = flipped ? view.files - 1 - col : col;
  const rank = flipped ? row : view.ranks - 1 - row;
  const fx = (p.x - MARGIN) / CELL - col; // 0 left .. 1 right (visual)
  const fy = (p.y - MARGIN) / CELL - row; // 0 top .. 1 bottom (visual)
  // Visual edges to board edges.
  const dists = [
    [fx, flipped ? "east" : "west"],
    [1 - fx, flipped ? "west" : "east"],
    [fy, flipped ? "south" : "north"],
    [1 - fy, flipped ? "north" : "south"],
  ].sort((a, b) => a[0] - b[0]);
  let edge = null;
  const [, side] = dists[0];
  if (side === "west") edge = { square: squareName(file, rank), side: "west" };
  if (side === "south") edge = { square: squareName(file, rank), side: "south" };
  if (side === "east" && file + 1 < view.files) edge = { square: squareName(file + 1, rank), side: "west" };
  if (side === "north" && rank + 1 < view.ranks) edge = { square: squareName(file, rank + 1), side: "south" };
  return { square: squareName(file, rank), edge };
}

// Slides the piece now on `to` from where `from` is drawn (a short FLIP animation).
export function animateMove(svg, view, flipped, from, to) {
  const g = svg.querySelector(`g.piece[data-square="${to}"]`);
  const a = parseSquare(from), b = parseSquare(to);
  if (!g || !a || !b) return;
  const ca = corner(view, flipped, a.file, a.rank), cb = corner(view, flipped, b.file, b.rank);
  g.animate(
    [
      { transform: `translate(${ca.x + CELL / 2}px,${ca.y + CELL / 2}px)` },
      { transform: `translate(${cb.x + CELL / 2}px,${cb.y + CELL / 2}px)` },
    ],
    { duration: 250, easing: "ease-out" },
  );
}

// A burst on a square: capture, trapdoor opening or mine explosion.
export function burst(svg, view, flipped, square, kind) {
  const s = parseSquare(square);
  if (!s) return;
  const { x, y } = corner(view, flipped, s.file, s.rank);
  const c = el("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 6, class: `burst ${kind}`, "data-burst": kind }, svg);
  c.animate([{ r: 6, opacity: 1 }, { r: CELL, opacity: 0 }], { duration: kind === "mine" ? 900 : 500 });
  setTimeout(() => c.remove(), kind === "mine" ? 950 : 550);
}

// Marks squares for a moment (the squares an explosion emptied): a flash that fades out.
export function flashSquares(svg, view, flipped, squares) {
  for (const square of squares) {
    const s = parseSquare(square);
    if (!s) continue;
    const { x, y } = corner(view, flipped, s.file, s.rank);
    const r = el("rect", { x, y, width: CELL, height: CELL, class: "exploded", "data-exploded": square }, svg);
    r.animate([{ opacity: 0.9 }, { opacity: 0 }], { duration: 1500, easing: "ease-in" });
    setTimeout(() => r.remove(), 1550);
    burst(svg, view, flipped, square, "explosion");
  }
}
