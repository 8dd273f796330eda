//! Computer seats of `standard play`: `ai` (our engine) or `uci:PATH` (an external engine).

use std::path::Path;

use anyhow::{Context, Result};
use chessrules::engine::uci_client::UciClient;
use chessrules::notation::coordinate::to_uci;
use chessrules::variants::standard::computer::best_move_for;
use chessrules::variants::standard::game::StandardGame;

pub enum Seat {
    Person,
    Ours,
    External(Box<UciClient>),
}

impl Seat {
    /// The seat a player name stands for (any other name is a person).
    pub fn from_name(name: &str) -> Result<Seat> {
        if name == "ai" {
            return Ok(Seat::Ours);
        }
        match name.strip_prefix("uci:") {
            Some(path) => {
                let client = UciClient::spawn(Path::new(path), &[])
                    .with_context(|| format!("starting {path}"))?;
                Ok(Seat::External(Box::new(client)))
            }
            None => Ok(Seat::Person),
        }
    }

    /// The computer's move as coordinate text, `None` for a person (or no legal move). Both
    /// kinds of engine see the whole game, so they know which positions would repeat.
    pub fn choose(&mut self, game: &StandardGame, movetime: u64) -> Result<Option<String>> {
        match self {
            Seat::Person => Ok(None),
            Seat::Ours => {
                let pos = game.position();
                Ok(best_move_for(pos, &game.earlier_keys(), movetime)
                    .best
                    .map(|m| to_uci(pos, m)))
            }
            Seat::External(client) => {
                if game.is_chess960() {
                    // Castling is then written king-takes-rook, which our parser reads.
                    client.set_option("UCI_Chess960", "true")?;
                }
                Ok(client.best_move_after(game.start_fen(), &game.uci_moves(), movetime)?)
            }
        }
    }
}
