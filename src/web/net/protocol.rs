//! The frames of the game socket.
//!
//! - `POST /api/net/games` `{"variant", "board"?, "clock"?: {"initial_ms", "increment_ms"}}` →
//!   201 `{"id", "white", "black", "spectator"}` (links `/?net=ID&token=T`).
//! - `GET /api/net/games/{id}?token=T` → `{"seat", "view", "clock"}`; `.../log?token=T` → the
//!   game log; `.../ws?token=T` → the WebSocket (403 for any wrong token or game).
//!
//! A client sends the REST API's commands as JSON text frames (`{"type":"play","from":"e2",
//! "to":"e4"}`, `play` with `text` or `wall`, `targets`, `action`, `state`, `step`), optionally
//! with an `id` echoed in the reply; the server answers with `ack` (`seq`), `targets` or
//! `error` frames and pushes a `state` frame (`{"seat", "view", "clock"}`, the view being the
//! viewer's filtered view as `GET /api/games/{id}` returns it) to every connection of the game
//! on every change, and once when a connection opens.
//!
//! In obstacle chess the view of the seat to move may carry `"verdict": "checkmated"` (or
//! `"stalemated"`): it has no legal move, which only its own hidden obstacles tell (the other
//! seat and spectators see `status.check`, its turn). Whatever it sends next (a move, an action,
//! `{"type":"action","action":"acknowledge"}`) ends the game so; so does its clock running out.

use serde::Deserialize;
use serde_json::{json, Value};

use super::clock::ClockView;
use super::seats::Seat;
use crate::play::session::View;

/// Largest command text accepted (longer ones get an error frame).
pub const MAX_COMMAND_BYTES: usize = 4 * 1024;
/// Largest WebSocket message or frame read at all (beyond it the connection is closed after
/// an error frame).
pub const MAX_WIRE_BYTES: usize = 64 * 1024;

#[derive(Deserialize)]
pub struct Envelope {
    #[serde(default)]
    pub id: Option<u64>,
    #[serde(flatten)]
    pub command: Command,
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// A move: its text, or from/to (+ promotion letter), or a wall on an edge.
    Play {
        text: Option<String>,
        from: Option<String>,
        to: Option<String>,
        promotion: Option<char>,
        wall: Option<WallEdge>,
    },
    /// The legal moves of the piece on a square.
    Targets { from: String },
    /// resign, offer_draw, accept_draw, decline_draw, claim_draw, acknowledge.
    Action { action: String },
    /// The current state again.
    State,
    /// Stepping is refused in network games (the shared position is the game).
    Step {
        #[serde(default)]
        to: Option<usize>,
    },
}

#[derive(Deserialize)]
pub struct WallEdge {
    pub square: String,
    pub side: String,
}

/// The `id` of a request that is refused before it is read as a command (too large, too fast,
/// not a command), so the client's pending request still gets its answer.
pub fn request_id(text: &str) -> Option<u64> {
    #[derive(Deserialize)]
    struct IdOnly {
        id: Option<u64>,
    }
    serde_json::from_str::<IdOnly>(text).ok()?.id
}

pub fn state_frame(seat: Seat, view: &View, clock: Option<&ClockView>) -> String {
    json!({ "type": "state", "seat": seat.name(), "view": view, "clock": clock }).to_string()
}

pub fn error_frame(id: Option<u64>, message: &str) -> String {
    json!({ "type": "error", "id": id, "error": message }).to_string()
}

pub fn ack_frame(id: Option<u64>, seq: usize) -> String {
    json!({ "type": "ack", "id": id, "seq": seq }).to_string()
}

pub fn targets_frame(id: Option<u64>, from: &str, targets: Value) -> String {
    json!({ "type": "targets", "id": id, "from": from, "targets": targets }).to_string()
}
