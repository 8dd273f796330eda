// The graphical board editor's view of a board file: the grid of square characters inside the
// variant's text, edited in place so everything else in the file (allocations, status line,
// walls, comments) is kept. The server validates the result with the variant's own rules.

const FIDE = [["K", "king"], ["Q", "queen"], ["R", "rook"], ["B", "bishop"], ["N", "knight"], ["P", "pawn"]];
const FAIRY = [...FIDE, ["D", "drunken soldier"], ["F", "flying dragon"], ["E", "elephant"], ["W", "princess"], ["A", "amazon"]];

function pieces(list, whiteUpper) {
  const out = [];
  for (const color of ["white", "black"]) {
    for (const [letter, name] of list) {
      const upper = (color === "white") === whiteUpper;
      out.push({ ch: upper ? letter : letter.toLowerCase(), piece: true, color, letter, name: `${color} ${name}` });
    }
  }
  return out;
}

const EMPTY = { ch: ".", name: "empty" };

// What each palette button puts on a square, per board format (the record's `board`).
export const PALETTES = {
  fen: [...pieces(FIDE, true), EMPTY],
  "fairy-board": [...pieces(FAIRY, true), EMPTY],
  "obstacle-board": [
    ...pieces(FIDE, true),
    { ch: "D", name: "trapdoor", obstacle: "trapdoor" },
    { ch: "M", name: "mine", obstacle: "mine" },
    { ch: "X", name: "trapdoor + mine", obstacle: "trapdoor_mine" },
    { ch: "O", name: "open trapdoor", obstacle: "open_trapdoor" },
    { ch: "wall", name: "wall (click an edge)", wall: true },
    EMPTY,
  ],
  "follow-board": [...pieces(FIDE, false), EMPTY],
  "pawn-race-board": [
    { ch: "W", piece: true, color: "white", letter: "P", name: "white pawn" },
    { ch: "B", piece: true, color: "black", letter: "P", name: "black pawn" },
    EMPTY,
  ],
};

const isComment = (l) => /^\s*[%#]/.test(l);

// { rows: [[ch]] top rank first, walls, and what is needed to write the text back }, or null.
export function readGrid(format, text) {
  const lines = text.replace(/\r/g, "").split("\n");
  if (format === "fen") {
    const fields = lines[0].trim().split(/\s+/);
    const rows = fields[0].split("/").map((r) => [...r.replace(/\d/g, (d) => ".".repeat(+d))]);
    return rows.length ? { rows, fields, lines } : null;
  }
  if (format === "fairy-board") {
    const d1 = lines.findIndex((l) => l.trim() === "-----");
    if (d1 < 0) return null;
    const idx = [];
    for (let i = d1 + 1; i < lines.length && lines[i].trim() !== "-----"; i++) if (!isComment(lines[i])) idx.push(i);
    const rows = idx.map((i) => lines[i].trim().split(/\s+/));
    return rows.length ? { rows, idx, lines } : null;
  }
  if (format === "obstacle-board") {
    const idx = [];
    for (let i = 0; i < lines.length && idx.length < 8; i++) if (!isComment(lines[i]) && lines[i].trim()) idx.push(i);
    const prefixes = [], rows = [], walls = [];
    idx.forEach((i, r) => {
      const pre = [], row = [];
      let p = "";
      for (const ch of lines[i].trim()) {
        if (ch === "|" || ch === "_") p += ch;
        else { pre.push(p); row.push(ch); p = ""; }
      }
      pre.forEach((p, f) => {
        const sq = String.fromCharCode(97 + f) + (8 - r);
        if (p.includes("|")) walls.push({ square: sq, side: "west" });
        if (p.includes("_")) walls.push({ square: sq, side: "south" });
      });
      prefixes.push(pre);
      rows.push(row);
    });
    return rows.length === 8 ? { rows, prefixes, idx, lines, walls } : null;
  }
  if (format === "follow-board" || format === "pawn-race-board") {
    const idx = [];
    lines.forEach((l, i) => { if (l.trim() && (format === "follow-board" || idx.length < 8)) idx.push(i); });
    const rows = idx.map((i) => [...lines[i].trim()]);
    return rows.length ? { rows, idx, lines } : null;
  }
  return null;
}

// Obstacle chess: puts or takes away the wall on a square's west or south edge (`|` before `_`).
export function toggleWall(g, square, side) {
  const file = square.charCodeAt(0) - 97, row = 8 - parseInt(square.slice(1), 10);
  const sign = side === "west" ? "|" : "_";
  let p = g.prefixes[row][file] || "";
  p = p.includes(sign) ? p.replace(sign, "") : p + sign;
  g.prefixes[row][file] = (p.includes("|") ? "|" : "") + (p.includes("_") ? "_" : "");
  g.walls = g.walls.filter((w) => !(w.square === square && w.side === side));
  if (p.includes(sign)) g.walls.push({ square, side });
}

export function writeGrid(format, g) {
  const lines = [...g.lines];
  if (format === "fen") {
    const board = g.rows.map((r) => r.join("").replace(/\.+/g, (m) => String(m.length))).join("/");
    lines[0] = [board, ...g.fields.slice(1)].join(" ");
  } else if (format === "fairy-board") {
    g.idx.forEach((i, r) => { lines[i] = g.rows[r].map((c) => `${c} `).join(""); });
  } else if (format === "obstacle-board") {
    g.idx.forEach((i, r) => { lines[i] = g.rows[r].map((c, f) => (g.prefixes[r][f] || "") + c).join(""); });
  } else {
    g.idx.forEach((i, r) => { lines[i] = g.rows[r].join(""); });
  }
  return lines.join("\n");
}
