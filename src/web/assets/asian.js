// Xiangqi and shogi drawn as their players know them (a view's `style`): xiangqi's pieces on
// the intersections of lines with the river and the palaces, shogi's plain wooden grid with
// five-sided tiles. Pure drawing, like board.js: it is handed a `cell(file, rank)` function
// giving a square's top-left corner as the board is turned, so the board keeps one geometry
// (an intersection is the centre of its square) and clicks, marks and animations work the same.

const NS = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function text(parent, content, attrs) {
  const t = el("text", { "text-anchor": "middle", "dominant-baseline": "central", ...attrs }, parent);
  t.textContent = content;
  return t;
}

// Pieces by the piece table's kind name, [Red, Black]: Red is White's side (it moves first).
const XIANGQI = {
  general: ["帥", "將"],
  advisor: ["仕", "士"],
  elephant: ["相", "象"],
  horse: ["傌", "馬"],
  chariot: ["俥", "車"],
  cannon: ["炮", "砲"],
  soldier: ["兵", "卒"],
};

// Shogi by kind name. The king is written two ways: we give Sente (White, who moves first in
// our FENs) 玉 and Gote 王, as most shogi software does (in a game between players of
// different rank the stronger takes 王).
const SHOGI = {
  king: ["玉", "王"],
  rook: "飛", bishop: "角", gold: "金", silver: "銀", knight: "桂", lance: "香", pawn: "歩",
  dragon: "龍", horse: "馬", "promoted silver": "全", "promoted knight": "圭", "promoted lance": "杏", tokin: "と",
};

// The promoted kind of each shogi kind (the promote / don't-promote chooser draws both).
export const SHOGI_PROMOTED = {
  rook: "dragon", bishop: "horse", silver: "promoted silver", knight: "promoted knight", lance: "promoted lance", pawn: "tokin",
};

// A shogi stand lists its pieces from the most to the least valuable, as players arrange them.
export const SHOGI_HAND_ORDER = ["rook", "bishop", "gold", "silver", "knight", "lance", "pawn"];

// Real sets grade their tiles: the king largest, the pawn smallest.
const TILE_SCALE = { king: 1, rook: 0.97, bishop: 0.97, gold: 0.93, silver: 0.93, knight: 0.9, lance: 0.87, pawn: 0.84 };

function glyphOf(table, piece) {
  const g = table[piece.kind];
  if (!g) return null;
  return Array.isArray(g) ? g[piece.color === "white" ? 0 : 1] : g;
}

// A xiangqi piece: a disc with its character (or its letter, with `latin`), centred on (0, 0).
export function xiangqiPiece(piece, g, latin) {
  const glyph = glyphOf(XIANGQI, piece);
  const shown = latin || !glyph ? piece.letter : glyph;
  g.classList.add("xq");
  el("circle", { r: 26, class: "disc" }, g);
  el("circle", { r: 21.5, class: "ring" }, g);
  text(g, shown, { y: 1, "font-size": latin || !glyph ? 24 : 28, class: latin || !glyph ? "glyph letter" : "glyph hanzi" });
  g.dataset.glyph = shown;
}

// A shogi tile: a pentagon pointing away from its owner, with its kanji (or letter). The
// caller turns the tiles of the side at the top towards it (`turned`).
export function shogiPiece(piece, g, latin, turned) {
  const glyph = glyphOf(SHOGI, piece);
  const shown = latin || !glyph ? (piece.plus ? "+" : "") + piece.letter : glyph;
  const scale = TILE_SCALE[piece.kind] || (piece.plus ? 0.9 : 0.93);
  g.classList.add("shogi");
  const inner = el("g", { transform: `${turned ? "rotate(180) " : ""}scale(${scale})` }, g);
  el("path", { d: "M0,-27 L18,-19 L23,26 L-23,26 L-18,-19 Z", class: "tile" }, inner);
  const size = latin || !glyph ? (shown.length > 1 ? 19 : 24) : 28;
  text(inner, shown, { y: 3, "font-size": size, class: latin || !glyph ? "glyph letter" : "glyph kanji" });
  g.dataset.glyph = shown;
  if (turned) g.dataset.turned = "1";
}

// The lines of a xiangqi board through the squares' centres: ranks across, files broken by the
// river (but for the two edges), the palaces' diagonals, the river's words and the marks of
// the cannons' and soldiers' points.
export function xiangqiLines(parent, view, cell, size) {
  const g = el("g", { class: "xq-lines" }, parent);
  const at = (file, rank) => { const c = cell(file, rank); return { x: c.x + size / 2, y: c.y + size / 2 }; };
  const line = (a, b, cls = "grid") => el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: cls }, g);
  const lastFile = view.files - 1, lastRank = view.ranks - 1;
  const river = view.ranks % 2 === 0 ? view.ranks / 2 - 1 : null; // the rank below the river
  for (let r = 0; r <= lastRank; r++) line(at(0, r), at(lastFile, r));
  for (let f = 0; f <= lastFile; f++) {
    if (river === null || f === 0 || f === lastFile) line(at(f, 0), at(f, lastRank));
    else { line(at(f, 0), at(f, river)); line(at(f, river + 1), at(f, lastRank)); }
  }
  const a = at(0, 0), b = at(lastFile, lastRank);
  el("rect", { x: Math.min(a.x, b.x) - 5, y: Math.min(a.y, b.y) - 5, width: Math.abs(b.x - a.x) + 10, height: Math.abs(b.y - a.y) + 10, class: "frame" }, g);
  if (view.files !== 9 || view.ranks !== 10) return;
  // The palaces: files d–f, ranks 1–3 and 8–10.
  for (const [r0, r1] of [[0, 2], [7, 9]]) {
    line(at(3, r0), at(5, r1));
    line(at(5, r0), at(3, r1));
  }
  const left = at(2, river), right = at(6, river + 1);
  const mid = (left.y + right.y) / 2;
  text(g, "楚 河", { x: at(2, 0).x, y: mid, class: "river", "font-size": 26 });
  text(g, "漢 界", { x: at(6, 0).x, y: mid, class: "river", "font-size": 26 });
  for (const [f, r] of [[1, 2], [7, 2], [0, 3], [2, 3], [4, 3], [6, 3], [8, 3]]) {
    pointMarks(g, at, f, r, lastFile);
    pointMarks(g, at, f, lastRank - r, lastFile);
  }
}

// The little corners around a cannon's or soldier's starting point (none off the board's edge).
function pointMarks(g, at, file, rank, lastFile) {
  const p = at(file, rank);
  const gap = 4, len = 9;
  for (const sx of [-1, 1]) {
    if ((file === 0 && sx < 0) || (file === lastFile && sx > 0)) continue;
    for (const sy of [-1, 1]) {
      const x = p.x + sx * gap, y = p.y + sy * gap;
      el("path", { d: `M${x + sx * len},${y} L${x},${y} L${x},${y + sy * len}`, class: "point-mark" }, g);
    }
  }
}

// Shogi's four star points (hoshi), where the lines after the third and sixth files and ranks
// cross: only on a 9×9 board.
export function shogiStars(parent, view, cell, size) {
  if (view.files !== 9 || view.ranks !== 9) return;
  for (const f of [3, 6]) {
    for (const r of [3, 6]) {
      const c = cell(f, r);
      // The star is at the corner the squares f-1..f and r-1..r share, whichever way the board is turned.
      const d = cell(f - 1, r - 1);
      el("circle", { cx: (c.x + d.x + size) / 2, cy: (c.y + d.y + size) / 2, r: 3.5, class: "star" }, parent);
    }
  }
}

const KANJI_DIGITS = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
const numeral = (n, latin) => (latin || n > 10 ? String(n) : KANJI_DIGITS[n - 1]);

// Coordinates as each game writes them. Each label is { text, x, y, axis, side }.
// Shogi: files numbered 1 to 9 from Sente's right (our file i is 1) across the top, ranks 一
// to 九 (a to i with `latin`) from Sente's far side down the right. Xiangqi: each side numbers
// the files 1 to 9 from its own right, on its own edge; Red's in Chinese numerals, Black's in
// Arabic, as xiangqi notation writes them.
export function gameCoordinates(view, cell, size, box, flipped, latin) {
  const out = [];
  const centre = (f, r) => { const c = cell(f, r); return { x: c.x + size / 2, y: c.y + size / 2 }; };
  if (view.style === "shogi") {
    for (let f = 0; f < view.files; f++) {
      out.push({ text: String(view.files - f), x: centre(f, 0).x, y: box.margin / 2, axis: "file" });
    }
    for (let r = 0; r < view.ranks; r++) {
      const n = view.ranks - r;
      const label = latin ? String.fromCharCode(96 + n) : numeral(n, false);
      out.push({ text: label, x: box.width - box.margin / 2, y: centre(0, r).y, axis: "rank" });
    }
    return out;
  }
  const bottomY = box.height - box.margin / 2, topY = box.margin / 2;
  for (let f = 0; f < view.files; f++) {
    const x = centre(f, 0).x;
    out.push({ text: numeral(view.files - f, latin), x, y: flipped ? topY : bottomY, axis: "file", side: "red" });
    out.push({ text: String(f + 1), x, y: flipped ? bottomY : topY, axis: "file", side: "black" });
  }
  return out;
}
