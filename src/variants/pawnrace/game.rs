//! A pawn race game: the position plus the moves played, so moves can be taken back. The one
//! type pawn race is played as: the `pawnrace` command, the table and the search (its
//! [`Game`](crate::game::Game) implementation is in `variant.rs`) all hold a `PawnRace`.

use crate::core::{Color, Move, Position, Undo};
use crate::variants::pawnrace::{notation, outcome, start, Gap, RaceOutcome};

/// A pawn race being played: the position and the moves played, each with its undo.
#[derive(Clone, Debug)]
pub struct PawnRace {
    pub(super) position: Position,
    pub(super) played: Vec<(Move, Undo)>,
    /// Evaluations by Zobrist key, for the search (empty until it first evaluates): the key
    /// covers the side to move and the en passant file, everything the evaluation reads.
    pub(super) eval_cache: Vec<(u64, i32)>,
}

impl PawnRace {
    /// A new game from the start position with these gaps.
    pub fn new(white_gap: Gap, black_gap: Gap) -> PawnRace {
        PawnRace::from_position(start(white_gap, black_gap))
    }

    /// A game continuing from any pawn race position.
    pub fn from_position(position: Position) -> PawnRace {
        PawnRace {
            position,
            played: Vec::with_capacity(128),
            eval_cache: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.position.side_to_move()
    }

    /// The result, if the game is over.
    pub fn outcome(&mut self) -> Option<RaceOutcome> {
        outcome(&mut self.position)
    }

    /// The legal moves (none once the game is over).
    pub fn legal_move_list(&mut self) -> Vec<Move> {
        if super::decided(&self.position).is_some() {
            return Vec::new();
        }
        self.position.legal_move_list()
    }

    /// Plays `m`, which must be one of `legal_move_list()`.
    pub fn play(&mut self, m: Move) {
        let undo = self.position.make(m);
        self.played.push((m, undo));
    }

    /// Reads a move in any accepted notation and plays it; returns its SAN.
    pub fn play_text(&mut self, text: &str) -> Result<String, notation::RaceMoveError> {
        if let Some(o) = self.outcome() {
            return Err(notation::RaceMoveError::GameOver(o));
        }
        let m = notation::parse(&mut self.position, text)?;
        let san = notation::san(&self.position, m);
        self.play(m);
        Ok(san)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let (m, undo) = self.played.pop()?;
        self.position.unmake(m, undo);
        Some(m)
    }

    /// Number of moves played (plies).
    pub fn plies(&self) -> usize {
        self.played.len()
    }

    /// The last move played (and not taken back); `None` at the start.
    pub fn last_move(&self) -> Option<Move> {
        self.played.last().map(|(m, _)| *m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> PawnRace {
        PawnRace::new(Gap::parse("h").expect("gap"), Gap::parse("a").expect("gap"))
    }

    #[test]
    fn play_and_undo_restore_the_position() {
        let mut g = game();
        let before = g.position().clone();
        for san in ["b4", "d6", "b5", "c5", "bxc6"] {
            g.play_text(san).expect(san);
        }
        assert_eq!(g.plies(), 5);
        assert_eq!(g.side_to_move(), Color::Black);
        while g.undo().is_some() {}
        assert_eq!(g.position(), &before);
        assert_eq!(g.side_to_move(), Color::White);
    }
}
