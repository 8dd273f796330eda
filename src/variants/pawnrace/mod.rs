//! Pawn race (`pawn-race.txt`): 8×8, seven pawns a side with one gap file each, White first.
//!
//! The pawn is the FIDE pawn row of the piece table without promotion kinds: reaching the last
//! rank is not a promotion here but the end of the game, which `outcome` (the variant's win
//! hook) reports, together with the win by capturing every enemy pawn and the stalemate draw.

pub mod board;
pub mod eval;
pub mod game;
pub mod notation;
pub mod player;
pub mod seat_view;
pub mod tournament;
pub mod variant;

use std::sync::{Arc, OnceLock};

use crate::core::{Color, Piece, Position, Rules, RulesConfig, Square};
use crate::variants::pieces::{self, PawnRules};

pub use game::PawnRace;

/// Kind index of the pawn, the only row of the piece table.
pub const PAWN: u8 = 0;

fn build() -> Rules {
    let config = RulesConfig {
        files: 8,
        ranks: 8,
        pieces: vec![pieces::pawn(PawnRules {
            double_step_from: Some(1),
            en_passant: true,
        })],
        castling: Vec::new(),
        promotion_kinds: Vec::new(),
        king_safety: false,
        options: crate::core::rules::RuleOptions::default(),
    };
    // The table above is fixed; failing to compile it is a programming error caught by tests.
    Rules::new(config).expect("the pawn race rules are well-formed")
}

/// The shared pawn race rules.
pub fn rules() -> Arc<Rules> {
    static RULES: OnceLock<Arc<Rules>> = OnceLock::new();
    RULES.get_or_init(|| Arc::new(build())).clone()
}

/// A gap file `a`..`h` (either case), as given on the command line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Gap(u8);

impl Gap {
    /// The gap named by one letter `a`..`h` or `A`..`H`.
    pub fn parse(text: &str) -> Option<Gap> {
        match text.as_bytes() {
            [c] if c.to_ascii_lowercase().is_ascii_lowercase() => {
                let f = c.to_ascii_lowercase() - b'a';
                (f < 8).then_some(Gap(f))
            }
            _ => None,
        }
    }
    /// The gap on file index `file` (0 = a); `None` beyond h.
    pub fn from_file(file: u8) -> Option<Gap> {
        (file < 8).then_some(Gap(file))
    }
    /// The gap on file `file mod 8`.
    pub fn wrapping(file: u8) -> Gap {
        Gap(file % 8)
    }
    /// The gap's file index, 0-based (0 = a).
    pub fn file(self) -> u8 {
        self.0
    }
    /// The gap's letter, upper case as the spec writes it (`PawnRace P C H A`).
    pub fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

/// The start position: White's pawns on rank 2 but for `white_gap`, Black's on rank 7 but for
/// `black_gap`, White to move.
pub fn start(white_gap: Gap, black_gap: Gap) -> Position {
    let rules = rules();
    let mut pos = Position::empty(rules.clone());
    for file in 0..8 {
        if file != white_gap.0 {
            pos.put(
                rules.shape.sq(Square::new(file, 1)),
                Piece::new(Color::White, PAWN),
            );
        }
        if file != black_gap.0 {
            pos.put(
                rules.shape.sq(Square::new(file, 6)),
                Piece::new(Color::Black, PAWN),
            );
        }
    }
    pos
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RaceOutcome {
    /// A pawn of the winner reached its last rank.
    Promotion(Color),
    /// The winner captured every enemy pawn.
    AllCaptured(Color),
    /// The side to move has no legal move.
    Stalemate,
}

impl RaceOutcome {
    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            RaceOutcome::Promotion(c) | RaceOutcome::AllCaptured(c) => Some(c),
            RaceOutcome::Stalemate => None,
        }
    }
}

/// The win conditions, read off the position alone (no history needed): a pawn on its last
/// rank, or a side without pawns. Stalemate needs the move list; see `outcome`.
pub fn decided(pos: &Position) -> Option<RaceOutcome> {
    let shape = &pos.rules().shape;
    for color in Color::BOTH {
        let last = shape.relative_rank(color, 7);
        if pos.pieces(color).any(|s| shape.rank_of(s) == last) {
            return Some(RaceOutcome::Promotion(color));
        }
    }
    for color in Color::BOTH {
        if pos.piece_count(color) == 0 {
            return Some(RaceOutcome::AllCaptured(color.other()));
        }
    }
    None
}

/// The game's result in `pos`, if it is over: a win, or a draw when the side to move has no
/// legal move (the spec's stale-mate).
pub fn outcome(pos: &mut Position) -> Option<RaceOutcome> {
    if let Some(o) = decided(pos) {
        return Some(o);
    }
    let mut moves = Vec::with_capacity(16);
    pos.legal_moves(&mut moves);
    moves.is_empty().then_some(RaceOutcome::Stalemate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_parse_in_either_case() {
        assert_eq!(Gap::parse("a"), Some(Gap(0)));
        assert_eq!(Gap::parse("H"), Some(Gap(7)));
        for bad in ["", "i", "I", "ab", "1", "é"] {
            assert_eq!(Gap::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn start_has_fourteen_moves() {
        let mut pos = start(Gap(7), Gap(0));
        assert_eq!(pos.legal_move_list().len(), 14);
        assert_eq!(pos.piece_count(Color::White), 7);
        assert_eq!(pos.piece_count(Color::Black), 7);
        assert_eq!(outcome(&mut pos), None);
    }
}
