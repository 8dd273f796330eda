// The computer opponent: which side it plays in the next new game, with which engine and how
// long it thinks. The server makes its move right after the person's (and first, when it has
// the move); the page only asks for the seat and looks at the board as the person.
const $ = (id) => document.getElementById(id);

// The seat of the game on screen (set when a game is created), so changing the controls
// affects only the next new game.
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

// The `computer` field of a new-game request (undefined: two people).
export function computerRequest() {
  const color = $("computer").value;
  active = color ? { color, engine: $("computer-engine").value, movetime: Number($("computer-ms").value) || 500 } : null;
  return active || undefined;
}

// The person's colour when the computer plays the other one (null: two people).
export function humanColor() {
  if (!active) return null;
  return active.color === "white" ? "black" : "white";
}
