// The page: asks the server for everything (legal moves, move texts, results); it never
// decides legality itself. State: the current game view, the selection, the viewer.
import { drawBoard, hit, animateMove, burst, flashSquares, pieceSymbol, LEGEND, parseSquare, squareName } from "./board.js";
import { SHOGI_PROMOTED, SHOGI_HAND_ORDER } from "./asian.js";
import { readGrid, writeGrid, toggleWall, PALETTES } from "./setup.js";
import { netLink, NetGame, createNetGame, showClocks } from "./net.js";
import { setupComputer, computerRequest, gameStarted, changedSinceGame, humanColor } from "./computer.js";

const $ = (id) => document.getElementById(id);
const svg = $("board");
let variants = [];
let shipped = []; // the shipped variant files, opened by name (`/api/shipped`)
let view = null;
let flipped = false;
let autoFlipped = false; // the page turned the board for the person playing Black
let gameVariant = null; // the variant of the game on screen (the selector may be changed)
let ending = null; // { id, length, token } of the game on screen once it has ended
let selected = null;
let targets = [];
let errorSquare = null;
let coverShownFor = null;
let editing = null; // { variant, grid } while the graphical editor is on
let paletteChoice = null;
let drag = null;
let handDrag = null; // { letter, x, y } while a piece is dragged from the hand
let net = null; // the network game this page holds a seat (or spectator) link of

async function api(method, url, body) {
  const res = await fetch(url, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try { data = await res.json(); } catch { data = { error: `HTTP ${res.status}` }; }
  if (!res.ok) throw Object.assign(new Error(data.error || `HTTP ${res.status}`), { data, status: res.status });
  return data;
}

// Hidden trapdoors and mines are shown only to the player placing them (against the
// computer: always to the person, never the computer's).
function viewer() {
  if (humanColor()) return humanColor();
  return view && view.placement ? view.placement : "nobody";
}

function say(text, kind = "") {
  const m = $("message");
  m.textContent = text;
  m.className = kind;
}

// The result as a chess site shows it: "checkmate: black wins" reads "Checkmate — Black
// wins", with its score token from the server's score (1-0, 0-1, ½-½; none for an end without
// a result), never read from the sentence.
const SCORE_TOKENS = { "1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½" };
function resultLine(result, score) {
  if (!result) return { text: "", token: "" };
  const named = result.replace(/\b(white|black)\b/g, (c) => sideName(c));
  const i = named.indexOf(": ");
  let text = cap(named);
  if (i >= 0) {
    const verdict = named.slice(i + 2);
    text = `${cap(named.slice(0, i))} — ${/^draw\b/.test(verdict) ? cap(verdict) : verdict}`;
  }
  return { text, token: SCORE_TOKENS[score] || "" };
}

// The sides as each game's players name them: shogi's Sente (who moves first: White in our
// FENs) and Gote, xiangqi's Red (White's side) and Black; White and Black elsewhere.
const SIDE_NAMES = { shogi: { white: "Sente", black: "Gote" }, xiangqi: { white: "Red", black: "Black" } };
function sideName(color) {
  const names = view && SIDE_NAMES[view.style];
  return names && names[color] ? names[color] : cap(color);
}

// How pieces are drawn outside the board (hands, the promotion chooser, the dragged piece):
// in the game's style, a shogi tile turned towards the side at the top when it is that side's.
function pieceLook(color) {
  const bottom = flipped ? "black" : "white";
  return { style: view && view.style, latin: $("latin-pieces").checked, turned: color !== bottom };
}

// The page's drawing options for xiangqi and shogi, remembered on this browser (storage may be
// refused: the options then last as long as the page).
const OPTION_KEYS = { "latin-pieces": "chessrules.latin-pieces", "game-coords": "chessrules.game-coordinates" };
function loadOptions() {
  for (const [id, key] of Object.entries(OPTION_KEYS)) {
    let stored = null;
    try { stored = localStorage.getItem(key); } catch { /* no storage */ }
    if (stored !== null) $(id).checked = stored === "1";
    $(id).addEventListener("change", () => {
      try { localStorage.setItem(key, $(id).checked ? "1" : "0"); } catch { /* no storage */ }
      render();
    });
  }
}

// The square of the side to move's king when it is in check (the royal piece: the king of
// every shipped variant).
function checkedKing() {
  if (!view.status.check && !view.status.checkmate) return null;
  const king = view.cells.find((c) => c.piece && c.piece.color === view.to_move && (c.piece.letter === "K" || c.piece.kind === "king"));
  return king ? king.square : null;
}

function render(last) {
  if (!view) return;
  if (editing) {
    $("hand-top").hidden = $("hand-bottom").hidden = true;
    $("board-area").dataset.style = "chess";
    drawBoard(svg, editing.preview, flipped, { error: errorSquare });
    $("turn").textContent = "Editing the board: pick from the palette, click squares (edges for walls)";
    return;
  }
  drawBoard(svg, view, flipped, {
    selected,
    targets: $("tutorial").checked ? targets : [],
    error: errorSquare,
    // The move that led here, whoever made it (the computer and the other seat included).
    last: view.last_move || last,
    check: checkedKing(),
  }, { latin: $("latin-pieces").checked, gameCoords: $("game-coords").checked });
  $("board-area").dataset.style = view.style || "chess";
  $("style-options").hidden = !view.style;
  svg.dataset.exploded = (view.exploded || []).join(" ");
  renderHands();
  const s = view.status;
  let turn = `${sideName(view.to_move)} to move`;
  if (view.placement) turn = `${cap(view.placement)}: place a trapdoor or a mine in secret`;
  // The end is said once, on this line; the log ends with its score token.
  const end = resultLine(view.result, view.score);
  if (view.over) turn = end.text || "Game over";
  if (view.cursor === view.length) ending = view.over ? { id: view.id, length: view.length, token: end.token } : null;
  $("turn").textContent = turn;
  $("turn").dataset.over = view.over ? "1" : "0";
  const notices = [];
  // Only this seat is told it has no move (its own trapdoor or mine decides it): the others
  // see check. Any move, any action or Acknowledge ends the game so.
  if (view.verdict === "checkmated") notices.push("Checkmate: you have no legal move (your own hidden obstacles decide it). Acknowledge to end the game.");
  if (view.verdict === "stalemated") notices.push("Stalemate: you have no legal move (your own hidden obstacles decide it). Acknowledge to end the game.");
  // The end itself is said once, on the turn line.
  if (s.check && !view.over) notices.push("Check");
  if (s.fifty_moves) notices.push("Fifty moves without capture or pawn move: a draw may be claimed");
  if (s.threefold) notices.push("Threefold repetition: a draw may be claimed");
  if (view.draw_offer) notices.push(`${cap(view.draw_offer)} offers a draw`);
  // What trapdoors and mines did, in words, beside the animation.
  for (const [, , sentence] of view.events || []) if (sentence) notices.push(cap(sentence));
  $("notices").innerHTML = "";
  for (const n of notices) {
    const p = document.createElement("p");
    p.textContent = n;
    p.className = "notice";
    $("notices").appendChild(p);
  }
  $("claim-draw").hidden = !(s.fifty_moves || s.threefold) || view.over;
  // Nothing to resign or offer once the game is over (stepping back into play brings them back).
  $("resign").hidden = $("offer-draw").hidden = view.over;
  $("accept-draw").hidden = $("decline-draw").hidden = !view.draw_offer || view.over;
  $("acknowledge").hidden = !view.verdict || view.over;
  const board = variantInfo(view.variant).board;
  $("wall-row").hidden = board !== "obstacle-board";
  $("legend").hidden = board !== "fairy-board";
  $("placement-row").hidden = !view.placement;
  $("placement-who").textContent = view.placement ? `${cap(view.placement)} places:` : "";
  renderLog();
  $("info").innerHTML = "";
  for (const line of view.info) {
    const li = document.createElement("li");
    li.textContent = line;
    $("info").appendChild(li);
  }
  $("save-board").href = `/api/games/${view.id}/board`;
  $("save-log").href = `/api/games/${view.id}/log`;
  if (net) {
    $("save-log").href = net.logUrl;
    $("save-board").hidden = true;
    $("turn").textContent += net.seat === "spectator" ? " — you are watching" : ` — you are ${sideName(net.seat)}`;
    if (net.seat === "spectator") {
      for (const id of ["resign", "offer-draw", "accept-draw", "decline-draw", "claim-draw", "placement-row", "wall-row"]) $(id).hidden = true;
    }
    return; // each player has their own screen: no hand-over cover
  }
  // Secret placement: the next player's screen is covered until they take over.
  // Against the computer there is nobody to hand over to.
  if (humanColor()) $("cover").hidden = true;
  else if (view.placement && coverShownFor !== `${view.id}:${view.cursor}`) {
    coverShownFor = `${view.id}:${view.cursor}`;
    $("cover-text").textContent = `Hand over to ${cap(view.placement)}: only ${cap(view.placement)} may look now.`;
    $("cover").hidden = false;
  }
}

// The hands beside the board (variants with drops): the side shown below the board has its
// hand below, the other above; in shogi each hand is a stand at its owner's right (the page's
// style sheet places them). The side to move's hand is clickable and draggable when this
// screen may move for it.
function renderHands() {
  const hands = view.hands;
  $("hand-top").hidden = $("hand-bottom").hidden = !hands;
  if (!hands) return;
  const bottom = flipped ? "black" : "white";
  const top = bottom === "white" ? "black" : "white";
  drawHand($("hand-bottom"), bottom, hands[bottom] || []);
  drawHand($("hand-top"), top, hands[top] || []);
}

function mayDrop(color) {
  if (!view || view.over || view.placement || color !== view.to_move) return false;
  if (net) return net.seat === color;
  const person = humanColor();
  return !person || person === color;
}

// A shogi stand lists the most valuable pieces first; other hands keep the server's order.
function handOrder(held) {
  if (!view || view.style !== "shogi") return held;
  const rank = (h) => { const i = SHOGI_HAND_ORDER.indexOf(h.piece.kind); return i < 0 ? SHOGI_HAND_ORDER.length : i; };
  return [...held].sort((a, b) => rank(a) - rank(b));
}

function drawHand(box, color, held) {
  box.innerHTML = "";
  box.dataset.color = color;
  const active = mayDrop(color);
  box.classList.toggle("active", active);
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = `${sideName(color)} in hand:`;
  box.appendChild(who);
  if (!held.length) {
    const none = document.createElement("span");
    none.className = "empty";
    none.textContent = "—";
    box.appendChild(none);
  }
  for (const h of handOrder(held)) {
    const letter = h.piece.letter;
    const b = document.createElement("button");
    b.className = "hand-piece" + (active && selected === `@${letter}` ? " chosen" : "");
    b.dataset.letter = letter;
    b.dataset.count = h.count;
    // A hand that never runs out (ataxx's clones) shows ∞.
    const count = h.unlimited ? "∞" : h.count;
    b.title = `${h.piece.color} ${h.piece.kind} ×${count}`;
    b.disabled = !active;
    const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    s.setAttribute("viewBox", "-30 -30 60 60");
    s.setAttribute("width", "40");
    pieceSymbol(h.piece, s, pieceLook(color));
    b.appendChild(s);
    const n = document.createElement("span");
    n.className = "count";
    n.textContent = count;
    b.appendChild(n);
    // A press selects the piece (its drops are marked) and may start a drag; a keyboard
    // "click" selects too.
    b.addEventListener("pointerdown", (ev) => {
      if (!mayDrop(color)) return;
      ev.preventDefault();
      handDrag = { letter, x: ev.clientX, y: ev.clientY, moved: false };
      selectHand(letter);
      ghost(h.piece, ev);
    });
    b.addEventListener("click", (ev) => { if (ev.detail === 0 && mayDrop(color)) selectHand(letter); });
    box.appendChild(b);
  }
}

// The drops of one kind from the hand (`N@f3` texts), asked for as a piece's targets are
// (from `N@`): a view carries the hands, not every kind's drops on every empty square.
async function selectHand(letter) {
  selected = `@${letter}`;
  errorSquare = null;
  targets = [];
  render();
  const from = `${letter}@`;
  const found = net ? await net.targets(from)
    : await api("GET", `/api/games/${view.id}/targets?from=${encodeURIComponent(from)}`);
  if (selected === `@${letter}`) targets = found;
  render();
}

// The piece dragged from the hand follows the pointer.
function ghost(piece, ev) {
  let g = $("drag-ghost");
  if (!piece) { if (g) g.remove(); return; }
  if (!g) {
    g = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    g.id = "drag-ghost";
    g.setAttribute("viewBox", "-30 -30 60 60");
    document.body.appendChild(g);
  }
  g.innerHTML = "";
  pieceSymbol(piece, g, pieceLook(piece.color));
  g.hidden = true;
  void ev;
}

window.addEventListener("pointermove", (ev) => {
  if (!handDrag) return;
  const g = $("drag-ghost");
  if (Math.hypot(ev.clientX - handDrag.x, ev.clientY - handDrag.y) > 10) handDrag.moved = true;
  if (g && handDrag.moved) {
    g.hidden = false;
    g.style.left = `${ev.clientX}px`;
    g.style.top = `${ev.clientY}px`;
  }
});
// A drag from the hand ends on the board (the board's own pointerup plays it, as a click on
// the square would) or anywhere else (touch keeps the pointer on the hand: the square under
// the finger is played here).
window.addEventListener("pointerup", (ev) => {
  const d = handDrag;
  handDrag = null;
  ghost(null);
  if (!d || !d.moved || svg.contains(ev.target) || !view) return;
  const h = hit(svg, view, flipped, ev);
  if (h) dropOn(d.letter, h.square);
});

// Drops the selected kind on `square`: its text from the drops, or as typed (the server
// says why it is refused).
function dropOn(letter, square) {
  const t = targets.find((x) => x.to === square && x.text.split("@")[0].toUpperCase() === letter);
  return play({ text: t ? t.text : `${letter}@${square}` }, ["@", square]);
}

// The game log in reading order: one row per move pair (`1. e4 Nc6`), each ply a clickable
// span; the ply the board shows is highlighted, later ones (after stepping back) greyed.
function renderLog() {
  const log = $("log");
  log.innerHTML = "";
  let row = null;
  let number = 0;
  for (const e of view.log) {
    // Placements before the game are not moves: one unnumbered row holds them.
    if (e.placement) {
      if (!row || !row.dataset.placements) {
        row = document.createElement("li");
        row.dataset.placements = "1";
        const n = document.createElement("span");
        n.className = "num";
        n.textContent = "Placements:";
        row.appendChild(n);
        log.appendChild(row);
      }
    } else if (!row || row.dataset.placements || e.color === "white" || row.dataset.full) {
      row = document.createElement("li");
      number += 1;
      const n = document.createElement("span");
      n.className = "num";
      n.textContent = `${number}.`;
      row.appendChild(n);
      if (e.color === "black") {
        const gap = document.createElement("span");
        gap.className = "gap";
        gap.textContent = "…";
        row.appendChild(gap);
      }
      log.appendChild(row);
    }
    const ply = document.createElement("span");
    ply.textContent = e.text;
    ply.dataset.ply = e.ply;
    ply.className = "ply" + (e.ply === view.cursor ? " current" : e.ply > view.cursor ? " later" : "");
    ply.title = `${e.color}: click to go to this position`;
    ply.addEventListener("click", () => step(e.ply));
    row.appendChild(ply);
    if (e.color === "black" && !e.placement) row.dataset.full = "1";
  }
  // A finished game's log ends with its result (greyed while an earlier position is shown).
  let end = ending && ending.id === view.id && ending.length === view.length ? ending.token : "";
  if (view.over) end = resultLine(view.result, view.score).token;
  if (end) {
    const li = document.createElement("li");
    li.className = "result" + (view.over ? "" : " later");
    li.dataset.result = end;
    li.textContent = end;
    log.appendChild(li);
  }
  log.querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

function show(newView, moved) {
  const before = view;
  view = newView;
  selected = null;
  targets = [];
  errorSquare = null;
  render(moved);
  if (moved && before) {
    animateMove(svg, view, flipped, moved[0], moved[1]);
    const captured = before.cells.find((c) => c.square === moved[1] && c.piece);
    if (captured) burst(svg, view, flipped, moved[1], "capture");
  }
  if (view.exploded && view.exploded.length) flashSquares(svg, view, flipped, view.exploded);
  for (const [kind, square] of view.events || []) burst(svg, view, flipped, square, kind);
}

async function newGame(variant, board) {
  try {
    const computer = computerRequest();
    const person = computer ? (computer.color === "white" ? "black" : "white") : null;
    const v = await api("POST", "/api/games", { variant, board, computer, viewer: person || "nobody" });
    gameStarted(computer);
    gameVariant = variant;
    ending = null;
    $("computer-note").hidden = true;
    // The person's own side below, as in a network game: against the computer playing White,
    // the board turns. A game between two people keeps the orientation the Flip button chose.
    if (person) {
      flipped = autoFlipped = person === "black";
    } else if (autoFlipped) {
      flipped = autoFlipped = false;
    }
    stopEditing();
    show(v);
    say(`New ${variantInfo(variant).name} game`);
    $("setup-error").textContent = "";
    $("board-text").value = setupText(variant, board, v);
    return true;
  } catch (e) {
    $("setup-error").textContent = e.message;
    errorSquare = e.data && e.data.square;
    render();
    return false;
  }
}

// One line without a TOML key: a FEN, not a variant file (as the server tells them apart).
const isFenLine = (text) => !!text && !text.trim().includes("\n") && !text.includes("=") && !!text.trim();

// The setup box's text for a new game: a shipped variant file's position as its FEN (what its
// players copy and paste; the server opens a shipped variant at a FEN line), unless the game
// was started from a whole variant file's text, which stays as it was given.
function setupText(variant, board, v) {
  if (v.fen && shippedNamed(variant) && (board === undefined || isFenLine(board))) return v.fen;
  return board || variantInfo(variant).initial;
}

// A built-in variant's facts, or a shipped variant file's (played as a variant file).
function variantInfo(id) {
  const v = variants.find((x) => x.id === id);
  if (v) return v;
  const s = shippedNamed(id);
  if (!s) return variants[0];
  const file = variants.find((x) => x.id === "custom") || variants[0];
  return { ...file, id: s.name, name: shippedTitle(s), initial: s.initial, capabilities: s.capabilities, format: `one FEN line of ${s.name}, or a whole variant file` };
}

// A shipped file's name in the menu: its description's title ("Three-check"), or its file name
// where the title is longer than the built-in variants' names (the menu keeps its width).
function shippedTitle(s) {
  const title = s.description.split(":")[0];
  const longest = Math.max(...variants.map((v) => v.name.length));
  return title.length <= longest ? title : s.name;
}

function shippedNamed(name) {
  const n = (name || "").toLowerCase();
  return shipped.find((s) => s.name === n || s.aliases.includes(n));
}

async function refresh() {
  if (net) return net.send({ type: "state" });
  view = await api("GET", `/api/games/${view.id}?viewer=${viewer()}`);
  render();
}

async function play(body, moved) {
  if (net) return net.send({ type: "play", ...body });
  const promise = api("POST", `/api/games/${view.id}/play`, { ...body, viewer: humanColor() || "nobody" });
  try {
    let v = await promise;
    if (v.placement) v = await api("GET", `/api/games/${v.id}?viewer=${v.placement}`);
    show(v, moved);
    say("");
  } catch (e) {
    if (e.status === 409 && /later move/.test(e.message)) {
      if (confirm(`${e.message}?`)) return play({ ...body, branch: true }, moved);
      return;
    }
    say(e.message, "error");
    errorSquare = (e.data && e.data.square) || null;
    selected = null;
    targets = [];
    render();
  }
}

async function select(square) {
  selected = square;
  errorSquare = null;
  targets = net ? await net.targets(square) : await api("GET", `/api/games/${view.id}/targets?from=${square}`);
  render();
}

// A move whose piece has moved and whose blocker is still to place ({ from, to, options }).
let placingWall = null;

// What the blocker of this variant is called on the page: the duck, an arrow, or a wall
// that stays where it is put (isolation's, before the first one stands).
function variantBlocker() {
  const on = (kind) => view.cells.some((c) => c.obstacle === kind);
  if (on("arrow") || view.variant === "amazons") return "arrow";
  if (on("duck") || view.variant === "duck") return "duck";
  return "wall";
}

async function moveTo(from, to) {
  if (from.startsWith("@")) return dropOn(from.slice(1), to);
  const options = targets.filter((t) => t.to === to);
  // A blocker after the move (the duck, an arrow): the second click says where it goes; the
  // squares it may go to are marked as the move's targets were.
  // A blocker with only one square to go to (snailtrail's wall, on the square left) is
  // placed with the move.
  if (options.length === 1 && options[0].wall) return play({ text: options[0].text }, [from, to]);
  if (options.some((t) => t.wall)) {
    placingWall = { from, to, options };
    targets = options.map((t) => ({ to: t.wall, text: t.text, capture: false }));
    say(`${to}: now click the square for the ${variantBlocker()}`);
    render();
    return;
  }
  // Gating (S-chess): the move alone or with a piece from the hand entering on the square
  // left (a castling may name the king's square or the rook's): the player picks one.
  if (options.some((t) => t.gate)) {
    const chosen = await chooseGate(from, options);
    if (!chosen) return;
    return play({ text: chosen.text }, [from, to]);
  }
  const promos = options.filter((t) => t.promotion);
  // An optional promotion (shogi's, any promotion zone's): the server offers the destination
  // both with and without promotion, and the player says which (the chosen target's text).
  if (promos.length && promos.length < options.length) {
    const chosen = await chooseOptionalPromotion(from, options);
    if (!chosen) return;
    return play({ text: chosen.text }, [from, to]);
  }
  if (promos.length > 1) {
    const letter = await choosePromotion(promos);
    if (!letter) return;
    return play({ from, to, promotion: letter }, [from, to]);
  }
  return play({ from, to }, [from, to]);
}

// Gating's chooser: the move alone (the moving piece), then one button per piece from the
// hand and the square it would enter on.
function chooseGate(from, options) {
  const cell = view.cells.find((c) => c.square === from);
  const mover = cell && cell.piece ? cell.piece : { color: view.to_move, letter: "?", kind: "?" };
  const sorted = [...options].sort((a, b) => (a.gate ? 1 : 0) - (b.gate ? 1 : 0));
  return choose("Gate a piece in?", sorted.map((t) => ({
    piece: t.gate ? { color: view.to_move, letter: t.gate, kind: t.gate } : mover,
    label: t.gate ? `${t.gate} on ${t.gate_square}` : "No gating",
    title: t.text,
    data: { gate: t.gate || "", text: t.text },
    value: t,
  })));
}

// Chess's chooser: one button per piece the pawn may become.
function choosePromotion(options) {
  return choose("Promote to:", options.map((t) => ({
    piece: { color: view.to_move, letter: t.promotion, kind: t.promotion },
    title: t.text,
    data: { promotion: t.promotion },
    value: t.promotion,
  })));
}

// Promote or not: the piece as it would stand either way, promoting first.
function chooseOptionalPromotion(from, options) {
  const cell = view.cells.find((c) => c.square === from);
  const piece = cell && cell.piece ? cell.piece : { color: view.to_move, letter: "?", kind: "?" };
  const promoted = (t) => ({ color: piece.color, letter: t.promotion, plus: true, kind: SHOGI_PROMOTED[piece.kind] || `promoted ${piece.kind}` });
  const sorted = [...options].sort((a, b) => (b.promotion ? 1 : 0) - (a.promotion ? 1 : 0));
  return choose("Promote?", sorted.map((t) => ({
    piece: t.promotion ? promoted(t) : piece,
    label: t.promotion ? "Promote" : "Don't promote",
    title: t.text,
    data: { promote: t.promotion ? "yes" : "no", promotion: t.promotion || "", text: t.text },
    value: t,
  })));
}

// Shows the chooser's buttons ({ piece, label, title, data, value }) and a Cancel; resolves with
// the chosen value, or null.
function choose(prompt, items) {
  return new Promise((resolve) => {
    const done = (value) => { $("promotion").hidden = true; resolve(value); };
    $("promotion-prompt").textContent = prompt;
    const box = $("promotion-choices");
    box.innerHTML = "";
    for (const item of items) {
      const b = document.createElement("button");
      Object.assign(b.dataset, item.data);
      b.title = item.title;
      const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      s.setAttribute("viewBox", "-30 -30 60 60");
      s.setAttribute("width", "40");
      pieceSymbol(item.piece, s, pieceLook(item.piece.color));
      b.appendChild(s);
      if (item.label) b.append(item.label);
      b.addEventListener("click", () => done(item.value));
      box.appendChild(b);
    }
    const cancel = document.createElement("button");
    cancel.textContent = "Cancel";
    cancel.addEventListener("click", () => done(null));
    box.appendChild(cancel);
    $("promotion").hidden = false;
  });
}

async function onBoardClick(ev) {
  if (!view) return;
  const h = hit(svg, editing ? editing.preview : view, flipped, ev);
  if (!h) return;
  if (editing) return editSquare(h);
  if (view.placement) {
    const what = document.querySelector('input[name="place"]:checked').value;
    return play({ text: `${what}${h.square}` });
  }
  if ($("wall-mode").checked && variantInfo(view.variant).board === "obstacle-board") {
    if (!h.edge) return say("a wall must lie between two squares", "error");
    return play({ wall: h.edge });
  }
  if (placingWall) {
    const { from, to, options } = placingWall;
    placingWall = null;
    const chosen = options.find((t) => t.wall === h.square);
    if (chosen) return play({ text: chosen.text }, [from, to]);
    selected = null;
    targets = [];
    say("");
    render();
    return;
  }
  if (selected && targets.some((t) => t.to === h.square)) return moveTo(selected, h.square);
  const cell = view.cells.find((c) => c.square === h.square);
  if (cell && cell.piece) return select(h.square);
  // A piece from the hand onto a square it may not go: the server says why.
  if (selected && selected.startsWith("@")) return dropOn(selected.slice(1), h.square);
  if (selected) return play({ from: selected, to: h.square });
  selected = null;
  targets = [];
  render();
}

// Drag: press on a piece, release on the destination.
svg.addEventListener("pointerdown", async (ev) => {
  if (!view || editing || view.placement || $("wall-mode").checked) return;
  const h = hit(svg, view, flipped, ev);
  if (!h) return;
  const cell = view.cells.find((c) => c.square === h.square);
  if (cell && cell.piece && selected !== h.square) drag = { from: h.square, x: ev.clientX, y: ev.clientY };
});
svg.addEventListener("pointerup", async (ev) => {
  const d = drag;
  drag = null;
  if (d && Math.hypot(ev.clientX - d.x, ev.clientY - d.y) > 10) {
    const h = hit(svg, view, flipped, ev);
    if (h && h.square !== d.from) {
      await select(d.from);
      return moveTo(d.from, h.square);
    }
  }
  return onBoardClick(ev);
});

async function step(to) {
  if (!view) return;
  if (net) return say("a network game cannot be stepped back", "error");
  to = Math.max(0, Math.min(view.length, to));
  try {
    const v = await api("POST", `/api/games/${view.id}/step`, { to, viewer: humanColor() || "nobody" });
    show(v);
  } catch (e) {
    say(e.message, "error");
  }
}

async function action(name) {
  if (net) return net.send({ type: "action", action: name });
  try {
    show(await api("POST", `/api/games/${view.id}/action`, { action: name, viewer: humanColor() || "nobody" }));
  } catch (e) {
    say(e.message, "error");
  }
}

// Graphical setup: edits the board file in the editor square by square, then validates it
// with the server (the variant's own rules) when it is started.
function startEditing() {
  // The editor knows board formats, not variants.
  const format = variantInfo($("variant").value).board;
  const grid = readGrid(format, $("board-text").value);
  if (!grid) {
    $("setup-error").textContent = "the editor's text has no board to edit";
    $("edit-mode").checked = false;
    return;
  }
  editing = { format, grid, preview: gridView(format, grid) };
  buildPalette(format);
  render();
}

function stopEditing() {
  editing = null;
  $("edit-mode").checked = false;
  $("palette").innerHTML = "";
}

function gridView(format, grid) {
  const cells = [];
  const ranks = grid.rows.length, files = grid.rows[0].length;
  for (let r = 0; r < ranks; r++) {
    for (let f = 0; f < files; f++) {
      const ch = grid.rows[ranks - 1 - r][f];
      const cell = { square: squareName(f, r), piece: null, obstacle: null };
      const p = PALETTES[format].find((x) => x.ch === ch);
      if (p && p.piece) cell.piece = { color: p.color, letter: p.letter, kind: p.name };
      if (p && p.obstacle) cell.obstacle = p.obstacle;
      cells.push(cell);
    }
  }
  return { files, ranks, cells, walls: grid.walls || [] };
}

function buildPalette(format) {
  const box = $("palette");
  box.innerHTML = "";
  for (const p of PALETTES[format]) {
    const b = document.createElement("button");
    b.dataset.palette = p.ch;
    b.title = p.name;
    if (p.piece) {
      const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      s.setAttribute("viewBox", "-30 -30 60 60");
      s.setAttribute("width", "32");
      pieceSymbol({ color: p.color, letter: p.letter, kind: p.name }, s);
      b.appendChild(s);
    } else {
      b.textContent = p.name;
    }
    b.addEventListener("click", () => {
      paletteChoice = p.ch;
      for (const o of box.children) o.classList.toggle("chosen", o === b);
    });
    box.appendChild(b);
  }
  paletteChoice = PALETTES[format][0].ch;
  box.children[0].classList.add("chosen");
}

function editSquare(h) {
  if (paletteChoice === "wall") {
    if (!h.edge) return;
    toggleWall(editing.grid, h.edge.square, h.edge.side);
  } else {
    const s = parseSquare(h.square);
    const rows = editing.grid.rows;
    const row = rows.length - 1 - s.rank;
    rows[row][s.file] = rows[row][s.file] === paletteChoice ? "." : paletteChoice;
  }
  $("board-text").value = writeGrid(editing.format, editing.grid);
  $("setup-error").textContent = "";
  errorSquare = null;
  editing.preview = gridView(editing.format, editing.grid);
  render();
}

function buildLegend() {
  const t = $("legend");
  t.innerHTML = "<caption>Fairy pieces</caption>";
  for (const [letter, name, moves] of LEGEND) {
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    s.setAttribute("viewBox", "-30 -30 60 60");
    s.setAttribute("width", "34");
    pieceSymbol({ color: "white", letter, kind: name }, s);
    td.appendChild(s);
    tr.appendChild(td);
    const d = document.createElement("td");
    d.innerHTML = `<b>${letter}</b> ${name}: ${moves}`;
    tr.appendChild(d);
    t.appendChild(tr);
  }
}

async function main() {
  variants = await api("GET", "/api/variants");
  shipped = await api("GET", "/api/shipped").catch(() => []);
  await setupComputer();
  for (const v of variants) {
    const o = document.createElement("option");
    o.value = v.id;
    o.textContent = v.name;
    $("variant").appendChild(o);
  }
  // The shipped variant files (the lichess variants), each by its name: a variant-file game.
  if (shipped.length) {
    const group = document.createElement("optgroup");
    group.label = "Shipped variant files";
    for (const s of shipped) {
      const o = document.createElement("option");
      o.value = s.name;
      o.textContent = shippedTitle(s);
      o.title = s.description;
      group.appendChild(o);
    }
    $("variant").appendChild(group);
  }
  const wanted = new URLSearchParams(location.search).get("variant");
  if (wanted && variants.some((v) => v.id === wanted)) $("variant").value = wanted;
  else if (wanted && shippedNamed(wanted)) $("variant").value = shippedNamed(wanted).name;
  $("variant").addEventListener("change", () => {
    const wanted = $("variant").value;
    // A game in progress is not dropped without asking.
    if (view && !net && view.length > 0 && !view.over &&
        !confirm(`Abandon the game in progress and start a new ${variantInfo(wanted).name} game?`)) {
      $("variant").value = gameVariant;
      return;
    }
    $("format").textContent = `Board file: ${variantInfo(wanted).format}`;
    newGame(wanted);
  });
  // The computer's seat applies to the next new game (the server cannot change a running one).
  const noteComputer = () => { $("computer-note").hidden = !view || !!net || !changedSinceGame(); };
  for (const id of ["computer", "computer-engine", "computer-ms"]) {
    $(id).addEventListener("change", noteComputer);
    $(id).addEventListener("input", noteComputer);
  }
  $("new-game").addEventListener("click", () => newGame($("variant").value));
  $("flip").addEventListener("click", () => { flipped = !flipped; autoFlipped = false; render(); });
  $("tutorial").addEventListener("change", () => render());
  $("home").addEventListener("click", () => step(0));
  $("back").addEventListener("click", () => step(view.cursor - 1));
  $("forward").addEventListener("click", () => step(view.cursor + 1));
  $("end").addEventListener("click", () => step(view.length));
  $("resign").addEventListener("click", () => action("resign"));
  $("offer-draw").addEventListener("click", () => action("offer_draw"));
  $("accept-draw").addEventListener("click", () => action("accept_draw"));
  $("decline-draw").addEventListener("click", () => action("decline_draw"));
  $("claim-draw").addEventListener("click", () => action("claim_draw"));
  $("acknowledge").addEventListener("click", () => action("acknowledge"));
  $("place-skip").addEventListener("click", () => play({ text: "..." }));
  $("cover-ok").addEventListener("click", async () => { $("cover").hidden = true; await refresh(); });
  $("start-text").addEventListener("click", () => newGame($("variant").value, $("board-text").value));
  $("copy-board").addEventListener("click", async () => {
    // A shipped variant's position goes in as its FEN, as a new game's does.
    if (view.fen && shippedNamed(gameVariant)) return void ($("board-text").value = view.fen);
    const res = await fetch(`/api/games/${view.id}/board`);
    $("board-text").value = await res.text();
  });
  $("edit-mode").addEventListener("change", () => ($("edit-mode").checked ? startEditing() : (stopEditing(), render())));
  $("file").addEventListener("change", async () => {
    const f = $("file").files[0];
    if (!f) return;
    const text = await f.text();
    $("board-text").value = text;
    await newGame($("variant").value, text);
  });
  $("format").textContent = `Board file: ${variantInfo($("variant").value).format}`;
  $("net-game").addEventListener("click", async () => {
    try {
      await createNetGame($("variant").value, undefined, $("net-links"), $("net-clock").value);
      say("Network game created: open a seat link to play it");
    } catch (e) {
      say(e.message, "error");
    }
  });
  buildLegend();
  loadOptions();
  const link = netLink();
  if (link) return startNet(link);
  await openFromAddress();
  document.body.dataset.ready = "1";
}

// A query parameter read without form decoding: in a link's FEN and moves a `+` is a shogi
// promotion (`b2h8+`, `+B`) or a three-check count (`3+3`), never a space (spaces are %20).
function rawParam(name) {
  for (const part of location.search.slice(1).split("&")) {
    const i = part.indexOf("=");
    if (i < 0 || part.slice(0, i) !== name) continue;
    try { return decodeURIComponent(part.slice(i + 1)); } catch { return part.slice(i + 1); }
  }
  return null;
}

// The page's address may open a position (`fen=`) and play moves from it (`moves=`, separated
// by commas or spaces, in any text the server accepts): the game on screen is then a game of
// those moves, its log clickable as any other.
async function openFromAddress() {
  const variant = $("variant").value;
  const fen = rawParam("fen");
  if (fen && !(await newGame(variant, fen))) {
    const why = $("setup-error").textContent;
    await newGame(variant);
    $("board-text").value = fen;
    return say(`The link's position was refused: ${why}. This is the initial position.`, "error");
  }
  if (!fen) await newGame(variant);
  const moves = (rawParam("moves") || "").split(/[\s,]+/).filter(Boolean);
  if (moves.length) await playMoves(moves);
}

// Plays the link's moves in turn, stopping at the first the server refuses (with its reason).
async function playMoves(moves) {
  let v = view;
  for (const [i, text] of moves.entries()) {
    try {
      v = await api("POST", `/api/games/${v.id}/play`, { text, viewer: humanColor() || "nobody" });
    } catch (e) {
      show(v);
      return say(`The link's move ${i + 1}, ${text}, was refused: ${e.message}. The moves before it were played.`, "error");
    }
  }
  show(v);
  say(`Played the link's ${moves.length} move${moves.length === 1 ? "" : "s"}`);
}

main().catch((e) => say(`cannot reach the server: ${e.message}`, "error"));

// A seat link: the board follows the server's pushes; moves go over the socket.
function startNet(link) {
  $("setup").hidden = true;
  for (const id of ["new-game", "net-game", "net-clock", "home", "back", "forward", "end", "computer-engine"]) $(id).hidden = true;
  // Two people play a network game: the page's own computer and variant choice do not apply.
  for (const id of ["variant", "computer", "computer-ms"]) $(id).closest("label").hidden = true;
  net = new NetGame(link, {
    onState: (frame) => {
      const before = view;
      if (!before) flipped = frame.seat === "black"; // each player sees their own side below
      const last = frame.view.log[frame.view.log.length - 1];
      show(frame.view);
      showClocks(frame.clock);
      if (before && frame.view.length > before.length && last) say(`${cap(last.color)} played ${last.text}`);
      document.body.dataset.seat = frame.seat;
      document.body.dataset.ready = "1";
    },
    onError: (message) => {
      say(message, "error");
      selected = null;
      targets = [];
      render();
    },
    onStatus: (text) => { $("net-status").textContent = text; },
  });
}
