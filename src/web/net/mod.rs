//! Networked two-player games (issue 9): seat links with unguessable tokens, a WebSocket per
//! connection that receives every change, the server as the only authority on whose turn it
//! is, and every accepted move committed to SQLite before it is acknowledged. Games are loaded
//! lazily from the store by replaying their moves, so a restarted server resumes them all and
//! the same links keep working.

mod clock;
mod game;
mod protocol;
mod rate;
mod routes;
mod seats;
mod socket;
mod store;
mod token;

pub(crate) use rate::PerAddress;
pub(crate) use routes::ClientAddr;
pub(crate) use token::new_token;

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::game::seat_view;
use crate::play::session::{Refusal, Session, View};
use crate::variants::registry;

pub use clock::{ClockView, TimeControl};
pub use game::NetGame;
pub use protocol::{MAX_COMMAND_BYTES, MAX_WIRE_BYTES};
pub use routes::routes;
pub use seats::{Seat, Seats};
use store::Store;

/// Games kept in memory beyond which unused ones are forgotten (they reload from the store).
const MAX_LOADED_GAMES: usize = 2000;

/// Largest board file a network game may start from.
const MAX_BOARD_BYTES: usize = 64 * 1024;

/// A loaded network game, shared by its sockets and the server's routes.
pub type GameHandle = Arc<Mutex<NetGame>>;

/// A game's place among the loaded ones, filled once its replay is done. A replay holds only
/// its own game's place, never the table of all games, so a long game's replay delays nobody
/// playing another game.
type Slot = Arc<Mutex<Option<GameHandle>>>;

/// The server's network games: the store, and the games loaded from it.
pub struct Net {
    store: Mutex<Store>,
    games: Mutex<HashMap<u64, Slot>>,
    /// Games rebuilt from the store so far (each a replay of all its events).
    replays: std::sync::atomic::AtomicUsize,
    /// New games per remote address (every network game is a row kept for good, every
    /// hot-seat game a session in memory): one budget for both kinds, shared with the page's
    /// own games (`creations()`).
    creations: Arc<rate::PerAddress>,
}

/// New games a remote address may create at once, and per second after that (one a minute).
pub(crate) const CREATE_BURST: f64 = 30.0;
pub(crate) const CREATE_PER_SECOND: f64 = 1.0 / 60.0;

fn poisoned<T>(_: T) -> Refusal {
    Refusal {
        status: 500,
        message: "server state poisoned".into(),
        square: None,
    }
}

fn unavailable(message: String) -> Refusal {
    Refusal {
        status: 503,
        message,
        square: None,
    }
}

impl Net {
    /// Network games stored in the SQLite file at `path` (created readable by its owner).
    pub fn open(path: &Path) -> Result<Arc<Net>, String> {
        Ok(Net::with(Store::open(path)?))
    }

    /// Network games stored in memory (tests).
    pub fn memory() -> Result<Arc<Net>, String> {
        Ok(Net::with(Store::memory()?))
    }

    fn with(store: Store) -> Arc<Net> {
        Arc::new(Net {
            store: Mutex::new(store),
            games: Mutex::new(HashMap::new()),
            replays: std::sync::atomic::AtomicUsize::new(0),
            creations: Arc::new(rate::PerAddress::new(CREATE_BURST, CREATE_PER_SECOND)),
        })
    }

    /// The per-address budget of new games, which the page's own (hot-seat) games share.
    pub(crate) fn creations(&self) -> Arc<rate::PerAddress> {
        self.creations.clone()
    }

    /// May a client at `addr` create another game now? (Loopback and unknown: always.) The
    /// page's own games count here too: each is kept in memory until evicted.
    pub fn may_create(&self, addr: Option<std::net::IpAddr>) -> bool {
        self.creations.allow(addr, std::time::Instant::now())
    }

    /// Creates a game of `variant` (from `board`, or the variant's initial position) with
    /// three fresh tokens, stored before its links are handed out.
    pub fn create(
        &self,
        variant: &str,
        board: Option<String>,
        clock: Option<TimeControl>,
    ) -> Result<(u64, Seats), Refusal> {
        let clock = clock
            .map(TimeControl::check)
            .transpose()
            .map_err(Refusal::bad)?;
        let (variant, board) =
            super::server::opening(variant, board).map_err(|e| Refusal::bad(e.to_string()))?;
        let info = registry::info(variant);
        if board.len() > MAX_BOARD_BYTES {
            return Err(Refusal::bad("the board file is too large"));
        }
        // Validate with the variant's own rules before anything is stored.
        Session::new(String::new(), info.id, &board)?;
        let seats = Seats::generate().map_err(unavailable)?;
        let store = self.store.lock().map_err(poisoned)?;
        let id = store
            .create(info.id.name(), &board, &seats, clock)
            .map_err(unavailable)?;
        Ok((id, seats))
    }

    /// The game `id`, loaded from the store on first use.
    pub fn game(self: &Arc<Self>, id: u64) -> Result<GameHandle, Refusal> {
        self.load(id, None).map(|(game, _)| game)
    }

    /// The game `id` and, with `token`, the seat it opens. The token is checked before
    /// anything is replayed (on the stored record when the game is not loaded), so a link that
    /// opens nothing costs one read of the record, not a replay of the game.
    fn load(
        self: &Arc<Self>,
        id: u64,
        token: Option<&str>,
    ) -> Result<(GameHandle, Option<Seat>), Refusal> {
        let missing = || Refusal {
            status: 404,
            message: format!("no network game {id}"),
            square: None,
        };
        let seat_in = |seats: &Seats| token.map(|t| seats.seat_of(t).ok_or_else(missing));
        let known = self.games.lock().map_err(poisoned)?.get(&id).cloned();
        if let Some(slot) = known {
            let loaded = slot.lock().map_err(poisoned)?.clone();
            if let Some(game) = loaded {
                let seat = seat_in(&game.lock().map_err(poisoned)?.seats).transpose()?;
                return Ok((game, seat));
            }
        }
        if i64::try_from(id).is_err() {
            // The store's ids are SQLite integers: beyond them no game can exist.
            return Err(missing());
        }
        let record = self
            .store
            .lock()
            .map_err(poisoned)?
            .game(id)
            .map_err(unavailable)?
            .ok_or_else(missing)?;
        let seat = seat_in(&record.seats).transpose()?;
        // This game's place: taken under the table's lock, filled under its own.
        let slot = {
            let mut loaded = self.games.lock().map_err(poisoned)?;
            if !loaded.contains_key(&id) && loaded.len() >= MAX_LOADED_GAMES {
                // Forget games nobody holds (no connection, no request, no load under way):
                // they reload on demand.
                loaded.retain(|_, slot| {
                    Arc::strong_count(slot) > 1
                        || slot.try_lock().map_or(true, |g| {
                            g.as_ref().is_some_and(|g| Arc::strong_count(g) > 1)
                        })
                });
            }
            loaded.entry(id).or_default().clone()
        };
        let mut place = slot.lock().map_err(poisoned)?;
        if let Some(game) = place.as_ref() {
            return Ok((game.clone(), seat)); // loaded meanwhile by another request
        }
        let events = self
            .store
            .lock()
            .map_err(poisoned)?
            .events(id)
            .map_err(unavailable)?;
        self.replays
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let game = NetGame::replay(id, record, &events).map_err(unavailable)?;
        let handle = Arc::new(Mutex::new(game));
        *place = Some(handle.clone());
        drop(place);
        // A clock that ran out while the server was down, or runs now.
        let mut g = handle.lock().map_err(poisoned)?;
        if let Some(event) = g.flag_if_due(clock::now_ms()) {
            self.record(&handle, &mut g, event)?;
        } else {
            self.watch_clock(&handle, &g);
        }
        drop(g);
        Ok((handle, seat))
    }

    /// The game and the seat a token opens in it. A missing game and a wrong token get the
    /// same refusal, so links cannot be used to probe which games exist; a wrong token is
    /// refused before the game is loaded.
    pub fn authorize(
        self: &Arc<Self>,
        id: u64,
        token: &str,
    ) -> Result<(GameHandle, Seat), Refusal> {
        let refused = || Refusal {
            status: 403,
            message: format!("this link does not open game {id}"),
            square: None,
        };
        match self.load(id, Some(token)) {
            Ok((game, Some(seat))) => Ok((game, seat)),
            Ok((_, None)) => Err(refused()),
            Err(r) if r.status == 404 => Err(refused()),
            Err(r) => Err(r),
        }
    }

    /// Applies one command from `seat`: checks it, records it (committed before this
    /// returns), tells every connection. Returns what to answer the sender.
    fn apply(
        self: &Arc<Self>,
        game: &GameHandle,
        seat: Seat,
        command: &protocol::Command,
    ) -> Result<Reply, Refusal> {
        let mut g = game.lock().map_err(poisoned)?;
        // A move after the mover's time ran out is refused: the flag falls first.
        if let Some(event) = g.flag_if_due(clock::now_ms()) {
            self.record(game, &mut g, event)?;
        }
        match g.apply(seat, command)? {
            game::Accepted::State => Ok(Reply::State),
            game::Accepted::Targets(t) => Ok(Reply::Targets(t)),
            game::Accepted::Record(event) => self.record(game, &mut g, event).map(Reply::Ack),
        }
    }

    /// Stores an event the game has already applied (committed before this returns), then
    /// tells every connection. If the store refuses, the game is rebuilt from the record.
    fn record(
        self: &Arc<Self>,
        handle: &GameHandle,
        g: &mut NetGame,
        event: store::EventRecord,
    ) -> Result<usize, Refusal> {
        let seq = g.seq;
        let recorded = self
            .store
            .lock()
            .map_err(poisoned)
            .and_then(|s| s.append(g.id, seq, &event).map_err(unavailable));
        if let Err(e) = recorded {
            self.reload(g)?;
            return Err(e);
        }
        g.seq += 1;
        if g.session.is_over() {
            self.keep_result(g);
        }
        g.changed.send_modify(|v| *v += 1);
        self.watch_clock(handle, g);
        Ok(seq)
    }

    /// Ends the game when the running clock runs out, even if nobody sends anything: a
    /// timer per started clock period (a stale one finds nothing due and does nothing).
    fn watch_clock(self: &Arc<Self>, handle: &GameHandle, g: &NetGame) {
        let Some(deadline) = g.clock.as_ref().and_then(|c| c.deadline()) else {
            return;
        };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return; // no runtime (in-process tests): flags fall on the next command
        };
        let (net, handle) = (self.clone(), handle.clone());
        let wait = deadline.saturating_sub(clock::now_ms());
        runtime.spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(wait)).await;
            let _ = tokio::task::spawn_blocking(move || {
                let Ok(mut g) = handle.lock() else { return };
                if let Some(event) = g.flag_if_due(clock::now_ms()) {
                    let _ = net.record(&handle, &mut g, event);
                }
            })
            .await;
        });
    }

    fn reload(&self, g: &mut NetGame) -> Result<(), Refusal> {
        let store = self.store.lock().map_err(poisoned)?;
        let record = store.game(g.id).map_err(unavailable)?;
        let record = record.ok_or_else(|| unavailable(format!("game {} vanished", g.id)))?;
        let events = store.events(g.id).map_err(unavailable)?;
        let mut fresh = NetGame::replay(g.id, record, &events).map_err(unavailable)?;
        // The connections watch this game's change counter: the rebuilt game keeps it, so a
        // refused write closes none of them.
        std::mem::swap(&mut fresh.changed, &mut g.changed);
        fresh.sockets = g.sockets;
        *g = fresh;
        Ok(())
    }

    /// A finished game keeps its result and log in the store (they can also be rebuilt from
    /// the events, so a failure here loses nothing).
    fn keep_result(&self, g: &NetGame) {
        let view = g.session.view(crate::play::session::Viewer::Nobody);
        let result = view.result.unwrap_or_else(|| "game over".to_string());
        let log = g.session.log_text();
        if let Ok(store) = self.store.lock() {
            if let Err(e) = store.finish(g.id, &result, &log) {
                let _ = writeln!(std::io::stderr(), "chessrules serve: {e}");
            }
        }
    }

    /// Answers one command text from `seat`: the frame for the sender, and whether it was
    /// refused. Blocks on the store's commit (call it off the async workers).
    pub fn answer(self: &Arc<Self>, game: &GameHandle, seat: Seat, text: &str) -> (String, bool) {
        if text.len() > MAX_COMMAND_BYTES {
            return (
                protocol::error_frame(protocol::request_id(text), "the message is too large"),
                true,
            );
        }
        let envelope: protocol::Envelope = match serde_json::from_str(text) {
            Ok(e) => e,
            Err(e) => {
                return (
                    protocol::error_frame(
                        protocol::request_id(text),
                        &format!("not a command: {e}"),
                    ),
                    true,
                )
            }
        };
        let id = envelope.id;
        match self.apply(game, seat, &envelope.command) {
            Ok(Reply::Ack(seq)) => (protocol::ack_frame(id, seq), false),
            Ok(Reply::State) => (socket::state(self, game, seat), false),
            Ok(Reply::Targets(t)) => {
                let from = match &envelope.command {
                    protocol::Command::Targets { from } => from.as_str(),
                    _ => "",
                };
                let targets = serde_json::to_value(t).unwrap_or_default();
                (protocol::targets_frame(id, from, targets), false)
            }
            Err(refusal) => (protocol::error_frame(id, &refusal.message), true),
        }
    }

    /// The state frame for `seat`: its view and the clocks, read under one lock.
    pub fn state_frame(&self, game: &GameHandle, seat: Seat) -> String {
        match game.lock() {
            Ok(g) => {
                let clock = g.clock.as_ref().map(|c| c.view(clock::now_ms()));
                protocol::state_frame(seat, &g.session.view(seat.viewer()), clock.as_ref())
            }
            Err(_) => protocol::error_frame(None, "server state poisoned"),
        }
    }

    /// The game's clocks, when it has a time control.
    pub fn clock(&self, game: &GameHandle) -> Result<Option<ClockView>, Refusal> {
        let g = game.lock().map_err(poisoned)?;
        Ok(g.clock.as_ref().map(|c| c.view(clock::now_ms())))
    }

    /// The view `seat` may see.
    pub fn view(&self, game: &GameHandle, seat: Seat) -> Result<View, Refusal> {
        Ok(game.lock().map_err(poisoned)?.session.view(seat.viewer()))
    }

    /// The game log; placements stay secret until the game is over.
    pub fn log(&self, game: &GameHandle) -> Result<String, Refusal> {
        let g = game.lock().map_err(poisoned)?;
        if g.session.is_over() {
            let store = self.store.lock().map_err(poisoned)?;
            if let Ok(Some((_, log))) = store.finished(g.id) {
                return Ok(log);
            }
        }
        Ok(g.session.log_text())
    }
}

/// The answer to the sender of an accepted command.
pub enum Reply {
    /// A move or action recorded: the game's new length.
    Ack(usize),
    /// The moves asked for.
    Targets(Vec<seat_view::Target>),
    /// The sender's view (asked for with `state`).
    State,
}

/// Where games are kept unless `--db` says otherwise: `$XDG_DATA_HOME/chessrules`, else
/// `~/.local/share/chessrules` (`%APPDATA%\chessrules` on Windows).
pub fn default_db_path() -> Option<PathBuf> {
    let env = |k| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = env("XDG_DATA_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".local").join("share")))
        .or_else(|| env("APPDATA"))?;
    Some(base.join("chessrules").join("games.sqlite"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games stored by an earlier version load under today's rules: a repeated draw offer is
    /// passed over, and the first event the rules now refuse ends the game there.
    #[test]
    fn stored_events_todays_rules_refuse_do_not_make_a_game_unloadable() {
        let net = Net::memory().unwrap();
        let (id, _) = net.create("standard", None, None).unwrap();
        let event = |seat: &str, kind: &str, text: &str| store::EventRecord {
            seat: seat.into(),
            kind: kind.into(),
            text: text.into(),
            at_ms: 0,
        };
        {
            let store = net.store.lock().unwrap();
            let events = [
                event("white", "action", "offer_draw"),
                event("white", "action", "offer_draw"),
                event("white", "move", "e4"),
                event("black", "move", "e4"),
            ];
            for (seq, e) in events.iter().enumerate() {
                store.append(id, seq, e).unwrap();
            }
        }
        let game = net.game(id).unwrap();
        let g = game.lock().unwrap();
        assert_eq!(g.seq, 4);
        assert_eq!(g.session.length(), 1);
        assert!(g.session.is_over());
        let result = g.session.view(crate::play::session::Viewer::Nobody).result;
        assert!(
            result.as_deref().unwrap_or("").contains("move 4 (e4)"),
            "{result:?}"
        );
    }

    /// A link that opens nothing is refused on the stored record: the game is not replayed (a
    /// long game's replay took 0.5-0.8 s, under the lock every request went through).
    #[test]
    fn a_link_that_opens_nothing_replays_nothing() {
        use std::sync::atomic::Ordering;
        let net = Net::memory().unwrap();
        let (id, seats) = net.create("standard", None, None).unwrap();
        for token in ["", "0123456789abcdef0123456789abcdef", &seats.white[1..]] {
            assert_eq!(net.authorize(id, token).err().map(|r| r.status), Some(403));
        }
        assert!(net.games.lock().unwrap().is_empty(), "the game was loaded");
        assert_eq!(net.replays.load(Ordering::Relaxed), 0);
        net.authorize(id, &seats.white).unwrap();
        net.authorize(id, &seats.spectator).unwrap();
        assert_eq!(net.replays.load(Ordering::Relaxed), 1);
        // Once loaded, a wrong token is still refused (on the loaded game).
        assert_eq!(net.authorize(id, "x").err().map(|r| r.status), Some(403));
        assert_eq!(
            net.authorize(id + 1, &seats.white).err().map(|r| r.status),
            Some(403)
        );
    }

    /// A write the store refuses is a refused move; the game's connections stay open.
    #[test]
    fn a_failed_write_refuses_the_move_and_keeps_the_connections() {
        let net = Net::memory().unwrap();
        let (id, _) = net.create("standard", None, None).unwrap();
        let game = net.game(id).unwrap();
        let watcher = game.lock().unwrap().changed.subscribe();
        net.store.lock().unwrap().refuse_writes();
        let play = protocol::Command::Play {
            text: Some("e4".into()),
            from: None,
            to: None,
            promotion: None,
            wall: None,
        };
        let refused = net.apply(&game, Seat::Player(crate::core::Color::White), &play);
        assert!(refused.is_err());
        // Still the same channel, and the move is not in the game.
        assert!(
            watcher.has_changed().is_ok(),
            "the connections were dropped"
        );
        let g = game.lock().unwrap();
        assert_eq!(g.session.length(), 0);
        assert!(!g.changed.is_closed());
    }
}
