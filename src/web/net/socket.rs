//! One WebSocket connection to a game: sends the viewer's state at once (so a reconnecting
//! page gets everything back), then again on every change; reads commands, limited in size
//! and rate, and answers each with an ack, the targets asked for, or an error frame.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket};

use super::protocol::{self, MAX_COMMAND_BYTES};
use super::rate::TokenBucket;
use super::{GameHandle, Net, Seat};

/// Commands a connection may send in a burst, and per second after it.
const BURST: f64 = 30.0;
const PER_SECOND: f64 = 15.0;
/// Refused frames in a row after which the connection is closed.
const MAX_STRIKES: u32 = 100;
/// A ping this often finds connections whose other end vanished (a sleeping laptop, a NAT
/// that forgot the connection): the failed send closes them.
const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

pub async fn connection(net: Arc<Net>, game: GameHandle, seat: Seat, mut socket: WebSocket) {
    let mut changes = match game.lock() {
        Ok(g) => g.changed.subscribe(),
        Err(_) => return,
    };
    if send(&mut socket, state(&net, &game, seat)).await.is_err() {
        return;
    }
    let mut limit = TokenBucket::new(BURST, PER_SECOND, Instant::now());
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await; // the first tick is immediate
    let mut strikes = 0u32;
    loop {
        tokio::select! {
            message = socket.recv() => {
                let frames = match message {
                    None | Some(Ok(Message::Close(_))) => break,
                    Some(Err(e)) => {
                        // Oversized or broken frames: say why, then close.
                        let _ = send(&mut socket, protocol::error_frame(None, &format!("bad frame: {e}"))).await;
                        break;
                    }
                    Some(Ok(Message::Text(text))) => {
                        if !limit.allow(Instant::now()) {
                            strikes += 1;
                            vec![protocol::error_frame(
                                protocol::request_id(text.as_str()),
                                "too many messages: slow down",
                            )]
                        } else {
                            let frames = command(&net, &game, seat, text.as_str()).await;
                            strikes = if frames.failed { strikes + 1 } else { 0 };
                            frames.frames
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        strikes += 1;
                        vec![protocol::error_frame(None, "send commands as JSON text frames")]
                    }
                    Some(Ok(_)) => Vec::new(),
                };
                for f in frames {
                    if send(&mut socket, f).await.is_err() {
                        return;
                    }
                }
                if strikes >= MAX_STRIKES {
                    let _ = send(&mut socket, protocol::error_frame(None, "too many refused messages: closing")).await;
                    break;
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
            changed = changes.changed() => {
                if changed.is_err() || send(&mut socket, state(&net, &game, seat)).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}

struct Frames {
    frames: Vec<String>,
    failed: bool,
}

async fn command(net: &Arc<Net>, game: &GameHandle, seat: Seat, text: &str) -> Frames {
    if text.len() > MAX_COMMAND_BYTES {
        return Frames {
            frames: vec![protocol::error_frame(
                protocol::request_id(text),
                "the message is too large",
            )],
            failed: true,
        };
    }
    // The store's commit blocks: keep it off the async workers.
    let (net, game, text) = (net.clone(), game.clone(), text.to_string());
    match tokio::task::spawn_blocking(move || net.answer(&game, seat, &text)).await {
        Ok((frame, failed)) => Frames {
            frames: vec![frame],
            failed,
        },
        Err(_) => Frames {
            frames: vec![protocol::error_frame(
                None,
                "the server failed on this command",
            )],
            failed: true,
        },
    }
}

pub fn state(net: &Net, game: &GameHandle, seat: Seat) -> String {
    net.state_frame(game, seat)
}

async fn send(socket: &mut WebSocket, frame: String) -> Result<(), axum::Error> {
    socket.send(Message::Text(frame.into())).await
}
