//! One network game in memory: its session (the rules), its seats, how many events the store
//! holds, and a change counter every connection watches to push its own filtered view.

use tokio::sync::watch;

use crate::core::{Color, Square};
use crate::game::GameEnd;
use crate::play::session::{Refusal, Session};

use super::clock::{now_ms, Clock};
use super::protocol::{Command, WallEdge};
use super::seats::{Seat, Seats};
use super::store::{EventRecord, GameRecord};

/// A network game in memory: its seats' links, the session, its clocks and who listens.
pub struct NetGame {
    /// The number its links carry.
    pub id: u64,
    /// The three seats' tokens.
    pub seats: Seats,
    /// The game.
    pub session: Session,
    /// Events recorded so far (the next event's sequence number).
    pub seq: usize,
    /// Told every change, so each open socket sends its viewer the new state.
    pub changed: watch::Sender<u64>,
    /// The clocks, when the game has a time control.
    pub clock: Option<Clock>,
    /// Open WebSockets per seat: White, Black, spectators (see `socket::SocketSlot`).
    pub sockets: [usize; 3],
}

/// What an accepted command asks the server to record.
pub enum Accepted {
    /// Record this event, then tell everybody.
    Record(EventRecord),
    /// The legal moves of a square (nothing changes).
    Targets(Vec<crate::game::seat_view::Target>),
    /// Nothing changes: send the state again.
    State,
}

fn refuse(status: u16, message: impl Into<String>) -> Refusal {
    Refusal {
        status,
        message: message.into(),
        square: None,
    }
}

fn square(text: &str) -> Result<Square, Refusal> {
    Square::parse(text).ok_or_else(|| Refusal::bad(format!("'{text}' is not a square")))
}

/// Longest move text accepted (the REST API's limit).
const MAX_MOVE_TEXT: usize = 64;

impl NetGame {
    /// Rebuilds a game by replaying its stored events.
    pub fn replay(id: u64, record: GameRecord, events: &[EventRecord]) -> Result<NetGame, String> {
        let variant = record.variant.parse().map_err(|e| format!("{e}"))?;
        let mut session =
            Session::new(id.to_string(), variant, &record.board).map_err(|r| r.message)?;
        // Each player has their own screen: a verdict only the mover can know waits for it.
        session.private_verdicts = true;
        let finished = record.finished;
        let mut game = NetGame {
            id,
            seats: record.seats,
            session,
            seq: 0,
            changed: watch::channel(0).0,
            clock: record.clock.map(Clock::new),
            sockets: [0; 3],
        };
        for (i, e) in events.iter().enumerate() {
            let seat = Seat::parse(&e.seat);
            let applied = match (e.kind.as_str(), seat) {
                ("move", _) => game.play(&e.text, e.at_ms).map(|_| ()),
                ("action", Some(Seat::Player(c))) => game.act(c, &e.text, e.at_ms),
                ("flag", Some(Seat::Player(c))) => {
                    game.flag(c, e.at_ms);
                    Ok(())
                }
                _ => Err(Refusal::bad("unknown event")),
            };
            if let Err(r) = applied {
                // Stored by an earlier version whose rules allowed it: a repeated draw offer
                // changes nothing; any other event the rules now refuse (a move after what is
                // now an automatic draw, an obstacle move judged on the whole board) ends the
                // game there rather than making it unloadable.
                if !(e.kind == "action" && e.text == "offer_draw") {
                    game.session.end_with(GameEnd::Unreplayable {
                        ply: i + 1,
                        text: e.text.clone(),
                        why: r.message,
                    });
                    game.seq = events.len();
                    return Ok(game);
                }
            }
            game.seq += 1;
        }
        if finished {
            // Stored as finished by a version that announced such a verdict at once.
            let mover = game.session.mover();
            if game.session.pending_verdict().is_some() {
                let _ = game.session.action_as(mover, "acknowledge");
            }
        }
        Ok(game)
    }

    /// Plays a move text (the clocks follow); returns the text the log keeps.
    fn play(&mut self, text: &str, at: u64) -> Result<String, Refusal> {
        let mover = self.session.mover();
        self.session.play(text, false)?;
        let next = self.session.mover();
        let over = self.session.is_over();
        if let Some(c) = &mut self.clock {
            c.moved(mover, next, at);
            if over {
                c.stop(at);
            }
        }
        Ok(self.session.last_move().unwrap_or_else(|| text.to_string()))
    }

    fn act(&mut self, me: Color, action: &str, at: u64) -> Result<(), Refusal> {
        self.session.action_as(me, action)?;
        if self.session.is_over() {
            if let Some(c) = &mut self.clock {
                c.stop(at);
            }
        }
        Ok(())
    }

    /// `loser`'s time ran out at `at`: the game ends, lost, or drawn when the opponent could
    /// not win anyway (FIDE 6.9).
    fn flag(&mut self, loser: Color, at: u64) {
        let opponent_could_win = self.session.could_win(loser.other());
        self.session.end_with(GameEnd::OutOfTime {
            loser,
            opponent_could_win,
        });
        if let Some(c) = &mut self.clock {
            c.stop(at);
        }
    }

    /// If the running clock has run out (and the game is not over), ends the game and returns
    /// the event to record.
    pub fn flag_if_due(&mut self, now: u64) -> Option<EventRecord> {
        let loser = self.clock.as_ref()?.flagged(now)?;
        if self.session.is_over() {
            return None;
        }
        self.flag(loser, now);
        Some(EventRecord {
            seat: Seat::Player(loser).name().to_string(),
            kind: "flag".to_string(),
            text: "time".to_string(),
            at_ms: now,
        })
    }

    /// Checks a command against the sender's seat and applies it to the session. A move or
    /// action that changes the game is returned to be recorded (the caller stores it, and
    /// rebuilds the session from the store if that fails).
    pub fn apply(&mut self, seat: Seat, command: &Command) -> Result<Accepted, Refusal> {
        match command {
            Command::State => Ok(Accepted::State),
            Command::Step { .. } => Err(Refusal::bad(
                "a network game cannot be stepped back: the shared position is the game",
            )),
            Command::Targets { from } => Ok(Accepted::Targets(
                self.session
                    .targets_for(crate::web::server::parse_origin(from)?, seat.viewer()),
            )),
            Command::Play {
                text,
                from,
                to,
                promotion,
                wall,
            } => {
                let me = self.player(seat)?;
                let turn = self.session.mover();
                if self.session.is_over() {
                    return Err(refuse(409, "the game is over"));
                }
                if me != turn {
                    return Err(refuse(
                        403,
                        format!(
                            "it is {}'s turn; you hold {}'s seat",
                            turn.name(),
                            me.name()
                        ),
                    ));
                }
                if self.session.pending_verdict().is_some() {
                    // The mover has no legal move (only it may know that): any move it asks
                    // for ends the game so, as `acknowledge` does.
                    return self.apply(
                        seat,
                        &Command::Action {
                            action: "acknowledge".to_string(),
                        },
                    );
                }
                let text = self.move_text(text, from, to, *promotion, wall)?;
                if text.len() > MAX_MOVE_TEXT {
                    return Err(Refusal::bad("the move text is too long"));
                }
                let at = now_ms();
                let logged = self.play(&text, at)?;
                Ok(Accepted::Record(EventRecord {
                    seat: seat.name().to_string(),
                    kind: "move".to_string(),
                    text: logged,
                    at_ms: at,
                }))
            }
            Command::Action { action } => {
                let me = self.player(seat)?;
                match action.as_str() {
                    "accept_draw" | "decline_draw" if self.session.draw_offer() == Some(me) => {
                        return Err(refuse(409, "you cannot answer your own draw offer"));
                    }
                    "claim_draw" if self.session.mover() != me => {
                        return Err(refuse(403, "a draw can be claimed only on your turn"));
                    }
                    _ => {}
                }
                let at = now_ms();
                self.act(me, action, at)?;
                Ok(Accepted::Record(EventRecord {
                    seat: seat.name().to_string(),
                    kind: "action".to_string(),
                    text: action.clone(),
                    at_ms: at,
                }))
            }
        }
    }

    fn player(&self, seat: Seat) -> Result<Color, Refusal> {
        match seat {
            Seat::Player(c) => Ok(c),
            Seat::Spectator => Err(refuse(403, "spectators cannot play")),
        }
    }

    fn move_text(
        &self,
        text: &Option<String>,
        from: &Option<String>,
        to: &Option<String>,
        promotion: Option<char>,
        wall: &Option<WallEdge>,
    ) -> Result<String, Refusal> {
        match (text, from, to, wall) {
            (Some(t), _, _, _) => Ok(t.clone()),
            (None, Some(f), Some(t), _) => self.session.text_for(square(f)?, square(t)?, promotion),
            (None, _, _, Some(w)) => self.session.wall_text(square(&w.square)?, &w.side),
            _ => Err(Refusal::bad("give a move text, from and to, or a wall")),
        }
    }
}
