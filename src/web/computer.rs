//! The computer as one side of a game on the page: our engine in every variant whose
//! registry record says the computer plays it, or the server's external UCI engine
//! (`serve --engine PATH`) where the record says how one plays it. What it plays is
//! `registry::computer_move`'s, as at the terminal.
//!
//! The server takes a [`Task`] from the session under its lock (the game's board file and
//! moves up to the cursor), searches without the lock ([`Task::run`]), and plays the answer
//! with [`apply`] only if the game has not changed meanwhile. In obstacle chess the computer
//! searches the board as it knows it: its own secret placements, not the person's.

use std::path::Path;

use serde::Deserialize;

use crate::core::Color;
use crate::engine::uci_client::UciClient;
use crate::game::VariantId;
use crate::play::session::{Refusal, Session};
pub use crate::play::Computer;
use crate::variants::registry::{self, ComputerPlay};
use crate::variants::seat::{self, Think};

/// What the page asks for when it creates a game: `{ "color": "white" | "black",
/// "engine": "ours" | "uci", "movetime": ms }`.
#[derive(Clone, Debug, Deserialize)]
pub struct ComputerRequest {
    /// The side the computer plays: `white` or `black`.
    pub color: String,
    /// `uci:PATH` for an external engine; our engine when absent.
    pub engine: Option<String>,
    /// Thinking time per move, in milliseconds (the server's default when absent).
    pub movetime: Option<u64>,
}

/// Longest thinking time the page may ask for.
const MAX_MOVETIME: u64 = 10_000;

impl Computer {
    /// The seat `req` asks for in `variant`; `external_engine` is whether the server was
    /// started with `--engine PATH`.
    pub fn from_request(
        req: &ComputerRequest,
        variant: VariantId,
        external_engine: bool,
    ) -> Result<Computer, Refusal> {
        let color = match req.color.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            other => return Err(Refusal::bad(format!("computer colour '{other}'?"))),
        };
        let external = match req.engine.as_deref() {
            None | Some("ours") => false,
            Some("uci") => true,
            Some(other) => return Err(Refusal::bad(format!("engine '{other}'?"))),
        };
        let record = registry::record(variant);
        if matches!(record.computer, ComputerPlay::No) {
            return Err(Refusal::bad(format!(
                "the computer does not play {variant} (it plays every other variant)"
            )));
        }
        if external && !external_engine {
            return Err(Refusal::bad(
                "no external engine: start the server with --engine PATH",
            ));
        }
        if external && record.uci_engine.is_none() {
            return Err(Refusal::bad(format!(
                "an external UCI engine does not play {variant}"
            )));
        }
        Ok(Computer {
            color,
            external,
            movetime: req.movetime.unwrap_or(500).clamp(1, MAX_MOVETIME),
        })
    }
}

/// A search to run for the computer, with what it needs from the session.
pub struct Task {
    computer: Computer,
    /// The computer has no legal move, which only it knows (`Session::pending_verdict`): it
    /// ends the game after the time it would have spent on a move, so the person cannot tell
    /// from the time the answer took whether a secret of the computer's gave it a move.
    acknowledge: bool,
    variant: VariantId,
    initial: String,
    moves: Vec<String>,
}

/// The task when the computer is to move in the session (at the end of its line, game not
/// over); `None` otherwise.
pub fn task(s: &Session) -> Option<Task> {
    let computer = s.computer.clone()?;
    if s.is_over() || s.mover() != computer.color || s.cursor() != s.length() {
        return None;
    }
    let (moves, _) = s.line();
    Some(Task {
        computer,
        acknowledge: s.pending_verdict().is_some(),
        variant: s.variant,
        initial: s.initial().to_string(),
        moves: moves.to_vec(),
    })
}

/// Is a move from the page refused because it is the computer's turn? At the end of the line
/// always; at an earlier position (a branch) when trapdoors and mines were placed: the move
/// would be judged on what the computer knows, its secrets, and a refusal would tell them.
pub fn refuse_person(s: &Session) -> Result<(), Refusal> {
    match &s.computer {
        Some(c)
            if s.mover() == c.color
                && !s.is_over()
                && (s.cursor() == s.length() || s.had_placements()) =>
        {
            Err(Refusal::conflict(format!(
                "the computer plays {}",
                c.color.name()
            )))
        }
        _ => Ok(()),
    }
}

/// Plays the computer's answer, unless the game changed while it searched.
pub fn apply(s: &mut Session, task: &Task, text: &str) -> Result<(), Refusal> {
    let (moves, _) = s.line();
    if s.length() != task.moves.len() || moves != task.moves.as_slice() {
        return Ok(());
    }
    if task.acknowledge {
        return s.action_as(task.computer.color, "acknowledge");
    }
    s.play(text, false)
}

impl Task {
    /// The computer's move text in the variant's notation (the search runs here).
    pub fn run(&self, engine: Option<&Path>) -> Result<String, String> {
        if self.acknowledge {
            std::thread::sleep(std::time::Duration::from_millis(self.computer.movetime));
            return Ok("acknowledge".to_string());
        }
        let mut client = match self.computer.external {
            true => {
                let mut client = spawn(engine)?;
                seat::prepare_uci(&mut client, self.variant)?;
                Some(client)
            }
            false => None,
        };
        let think = Think {
            movetime: self.computer.movetime,
            uci: client.as_mut(),
            seed: None,
        };
        registry::computer_move(
            self.variant,
            &self.initial,
            &self.moves,
            self.computer.color,
            think,
        )
    }
}

fn spawn(engine: Option<&Path>) -> Result<UciClient, String> {
    let path = engine.ok_or_else(|| "no external engine configured".to_string())?;
    UciClient::spawn(path, &[]).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// The computer (White, which made a placement line) is mated by 1. f3 e5 2. g4 Qh4, which
    /// only it can know: it ends the game after the time a move would have taken, not at once.
    #[test]
    fn a_computer_without_a_move_acknowledges_after_its_think_time() {
        let initial = registry::info(VariantId::Obstacle).initial;
        let mut s = Session::new("t".into(), VariantId::Obstacle, initial).unwrap();
        for m in ["...", "...", "f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
            s.play(m, false).unwrap();
        }
        s.private_verdicts = true;
        s.computer = Some(Computer {
            color: Color::White,
            external: false,
            movetime: 200,
        });
        assert!(!s.is_over());
        let task = task(&s).expect("the computer is to move");
        let started = Instant::now();
        let answer = task.run(None).unwrap();
        assert!(started.elapsed() >= Duration::from_millis(200));
        apply(&mut s, &task, &answer).unwrap();
        assert!(s.is_over());
        let view = s.view(crate::play::session::Viewer::Nobody);
        assert_eq!(view.result.as_deref(), Some("checkmate: black wins"));
        assert!(view.status.checkmate);
    }
}
