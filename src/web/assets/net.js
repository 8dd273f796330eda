// Network games: the page that opened a seat (or spectator) link plays over a WebSocket.
// The server sends this seat's filtered state on every change; the page sends the same
// commands as the REST API as JSON frames. Lost connections are retried, and every
// (re)connection starts with the full state.

// The network game named by this page's address (`?net=ID&token=TOKEN`), if any.
export function netLink() {
  const q = new URLSearchParams(location.search);
  const id = q.get("net");
  const token = q.get("token");
  return id && token ? { id, token } : null;
}

export class NetGame {
  // onState(frame), onError(message), onStatus(text) are the page's callbacks.
  constructor(link, { onState, onError, onStatus }) {
    this.link = link;
    this.onState = onState;
    this.onError = onError;
    this.onStatus = onStatus;
    this.seat = null;
    this.nextId = 1;
    this.waiting = new Map(); // command id -> resolve, for targets
    this.retry = 500;
    this.connect();
  }

  get logUrl() {
    return `/api/net/games/${this.link.id}/log?token=${encodeURIComponent(this.link.token)}`;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/api/net/games/${this.link.id}/ws?token=${encodeURIComponent(this.link.token)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => { this.retry = 500; this.onStatus("connected"); };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onclose = (ev) => {
      this.onStatus("connection lost: reconnecting…");
      for (const resolve of this.waiting.values()) resolve([]);
      this.waiting.clear();
      // A refused link (403 at the handshake) closes at once: keep retrying slowly.
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 10000);
      void ev;
    };
  }

  receive(text) {
    let f;
    try { f = JSON.parse(text); } catch { return; }
    if (f.type === "state") {
      this.seat = f.seat;
      this.onState(f);
    } else if (f.type === "targets") {
      const resolve = this.waiting.get(f.id);
      this.waiting.delete(f.id);
      if (resolve) resolve(f.targets);
    } else if (f.type === "error") {
      const resolve = this.waiting.get(f.id);
      this.waiting.delete(f.id);
      if (resolve) resolve([]);
      this.onError(f.error);
    }
  }

  send(command) {
    const id = this.nextId++;
    if (this.ws.readyState !== WebSocket.OPEN) {
      this.onError("not connected: wait for the connection to come back");
      return id;
    }
    this.ws.send(JSON.stringify({ ...command, id }));
    return id;
  }

  targets(from) {
    return new Promise((resolve) => {
      const id = this.send({ type: "targets", from });
      this.waiting.set(id, resolve);
    });
  }
}

// Creates a network game and shows its three links in `box`.
// `clock` is the time-control choice "initial_ms:increment_ms", or "" for none.
export async function createNetGame(variant, board, box, clock) {
  const [initial, increment] = (clock || "").split(":").map(Number);
  const body = { variant, board };
  if (initial) body.clock = { initial_ms: initial, increment_ms: increment || 0 };
  const res = await fetch("/api/net/games", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  box.innerHTML = "";
  const intro = document.createElement("p");
  intro.textContent = "Send each player their link (the other computer must reach this server's address):";
  box.appendChild(intro);
  for (const seat of ["white", "black", "spectator"]) {
    const row = document.createElement("div");
    row.className = "row";
    const a = document.createElement("a");
    a.id = `net-${seat}`;
    a.href = new URL(data[seat], location.href).href;
    a.textContent = a.href;
    a.target = "_blank";
    const label = document.createElement("b");
    label.textContent = `${seat[0].toUpperCase()}${seat.slice(1)}: `;
    row.append(label, a);
    box.appendChild(row);
  }
  box.hidden = false;
  return data;
}

// The clocks: the server's times at the last state, counted down locally for the running
// side (the server alone decides when a flag falls).
let clockState = null;
let clockTimer = null;

function format(ms) {
  ms = Math.max(0, ms);
  const total = Math.floor(ms / 1000);
  const base = `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
  return ms < 20000 ? `${base}.${Math.floor((ms % 1000) / 100)}` : base;
}

function drawClocks() {
  if (!clockState) return;
  const { clock, at } = clockState;
  const elapsed = performance.now() - at;
  for (const color of ["white", "black"]) {
    const el = document.getElementById(`clock-${color}`);
    const left = clock[`${color}_ms`] - (clock.running === color ? elapsed : 0);
    el.textContent = `${color[0].toUpperCase()}${color.slice(1)} ${format(left)}`;
    el.className = clock.running === color ? "running" : "";
    el.dataset.ms = String(Math.max(0, Math.round(left)));
  }
}

export function showClocks(clock) {
  const box = document.getElementById("clocks");
  box.hidden = !clock;
  clockState = clock ? { clock, at: performance.now() } : null;
  if (clock && !clockTimer) clockTimer = setInterval(drawClocks, 200);
  drawClocks();
}
