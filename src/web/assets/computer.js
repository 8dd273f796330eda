// The computer opponent: which side it plays in the next new game, with which engine and how
// long it thinks. The server makes its move right after the person's (and first, when it has
// the move); the page only asks for the seat and looks at the board as the person.
const $ = (id) => document.getElementById(id);

// The seat of the game on screen (set when a game is created): the server has no way to
// change a running game's computer, so changing the controls affects only the next new game
// (the page says so next to them, see `changedSinceGame`).
let active = null;

// Offers the server's external engine (serve --engine PATH), if it has one.
export async function setupComputer() {
  try {
    const res = await fetch("/api/computer");
    const info = await res.json();
    if (info.external) {
      const o = document.createElement("option");
      o.value = "uci";
      o.textContent = `${info.external.split("/").pop()} (UCI)`;
      $("computer-engine").appendChild(o);
    }
  } catch {
    // No computer information: our engine only.
  }
}

// The `computer` field of a new-game request as the controls say (undefined: two people).
export function computerRequest() {
  const color = $("computer").value;
  return color ? { color, engine: $("computer-engine").value, movetime: Number($("computer-ms").value) || 500 } : undefined;
}

// The server created a game with `request`: it is the seat of the game on screen from now on.
export function gameStarted(request) {
  active = request || null;
}

// Do the controls ask for something else than the game on screen has?
export function changedSinceGame() {
  const wanted = computerRequest() || null;
  if (!wanted || !active) return wanted !== active;
  return wanted.color !== active.color || wanted.engine !== active.engine || wanted.movetime !== active.movetime;
}

// The person's colour when the computer plays the other one (null: two people).
export function humanColor() {
  if (!active) return null;
  return active.color === "white" ? "black" : "white";
}
