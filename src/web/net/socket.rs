//! One WebSocket connection to a game: sends the viewer's state at once (so a reconnecting
//! page gets everything back), then again on every change; reads commands, limited in size
//! and rate, and answers each with an ack, the targets asked for, or an error frame.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::ws::{Message, WebSocket};

use super::protocol::{self, MAX_COMMAND_BYTES};
use super::rate::TokenBucket;
use super::{GameHandle, Net, Seat};
use crate::play::session::Refusal;

/// Commands a connection may send in a burst, and per second after it.
const BURST: f64 = 30.0;
const PER_SECOND: f64 = 15.0;
/// Refused frames in a row after which the connection is closed.
const MAX_STRIKES: u32 = 100;
/// A ping this often finds connections whose other end vanished (a sleeping laptop, a NAT
/// that forgot the connection): the failed send closes them.
const PING_EVERY: std::time::Duration = std::time::Duration::from_secs(30);

/// WebSockets one seat may hold open at once (a player with a few tabs), and one game.
pub const SOCKETS_PER_SEAT: usize = 8;
pub const SOCKETS_PER_GAME: usize = 24;

/// One open WebSocket of a game's seat, counted from before the upgrade until the connection
/// ends, so one link cannot open sockets without bound.
pub struct SocketSlot {
    game: GameHandle,
    index: usize,
}

fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::Player(c) => c.index(),
        Seat::Spectator => 2,
    }
}

impl SocketSlot {
    pub fn take(game: &GameHandle, seat: Seat) -> Result<SocketSlot, Refusal> {
        let mut g = game
            .lock()
            .map_err(|_| Refusal::bad("server state poisoned"))?;
        let index = seat_index(seat);
        if g.sockets[index] >= SOCKETS_PER_SEAT
            || g.sockets.iter().sum::<usize>() >= SOCKETS_PER_GAME
        {
            return Err(Refusal {
                status: 429,
                message: "too many open connections to this game: close another tab first"
                    .to_string(),
                square: None,
            });
        }
        g.sockets[index] += 1;
        Ok(SocketSlot {
            game: game.clone(),
            index,
        })
    }
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        if let Ok(mut g) = self.game.lock() {
            g.sockets[self.index] = g.sockets[self.index].saturating_sub(1);
        }
        give_memory_back();
    }
}

/// Returns freed heap to the system after connections close (glibc keeps it otherwise: a
/// thousand closed sockets left 129 MB resident), at most once a second.
fn give_memory_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        use std::sync::atomic::{AtomicU64, Ordering};
        static LAST: AtomicU64 = AtomicU64::new(0);
        let now = super::clock::now_ms();
        let last = LAST.load(Ordering::Relaxed);
        if now.saturating_sub(last) >= 1000
            && LAST
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            // SAFETY: malloc_trim only returns free memory at the top of glibc's heaps.
            unsafe {
                libc::malloc_trim(0);
            }
        }
    }
}

pub async fn connection(
    net: Arc<Net>,
    game: GameHandle,
    seat: Seat,
    mut socket: WebSocket,
    _slot: SocketSlot,
) {
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
