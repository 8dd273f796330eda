//! Counting the legal moves of piece sets in the orthodox shapes, in one pass written for
//! those shapes.
//!
//! `legal_walk` counts any piece set without walls: per kind it reads the kind's tables,
//! asks which of its components are plain, merged or double steps, and builds the enemy's
//! danger map set by set. Where every kind is in one of the shapes the orthodox pieces have
//! (a rider along all four orthogonal lines, all four diagonals or all eight, unlimited; a
//! leaper whose steps go both ways; a pawn that steps forward, may step twice from its
//! origins and captures one step diagonally forward), the same count needs none of those
//! questions: the pieces of a colour fall into five sets (pawns, leapers, diagonal riders,
//! orthogonal riders, the royal piece), the riders are looked up by line family, and checks
//! and pins are found from the royal piece's square by four lookups. That was about half of
//! a perft's instructions at its last ply (Kiwipete: 1,545 instructions a count).
//!
//! The shapes are the pieces' movement, found in the compiled tables, not a variant's name:
//! any rules whose kinds have them take this count (FIDE chess, Chess960, king of the hill,
//! a variant file's army of such pieces), and the rest keep `legal_walk`. It answers as
//! `legal_walk` does; `tests` compares the two along random games of every shipped variant.
//!
//! `shapes` finds the shapes in the compiled tables and builds the count; `walk` counts and
//! lists a position's moves with it.

mod shapes;
#[cfg(test)]
mod tests;
mod walk;

use crate::core::bitboard::lookup::RideLookup;
use crate::core::moves::MoveFlag;

/// The codes of up to two kinds, padded with `EMPTY` (whose word no piece sets): a set's
/// pieces in two loads.
type Pair = [u8; 2];

/// A table per square (64 at most).
type PerSquare = Box<[u64; 64]>;

/// A pawn's moves as shifts of all pawns at once.
struct PawnShape {
    /// Its code.
    code: u8,
    /// The single step: the shift, and the squares it may start from.
    push: (i32, u64),
    /// The double step, if it has one: the squares it starts from, its steps, and the flag
    /// its moves carry.
    double: Option<(u64, u8, MoveFlag)>,
    /// The captures: per vector, the shift and the squares it may start from.
    captures: [(i32, u64); 2],
    /// Per square: the squares from which a pawn of this colour attacks it.
    attackers_of: PerSquare,
    /// It captures en passant.
    en_passant: bool,
    /// Where it promotes (none if it does not).
    promotion: u64,
}

/// One colour's pieces, by shape.
struct Side {
    pawn: Option<PawnShape>,
    /// Leapers: per square the squares they reach (the same as those they are reached
    /// from, their steps going both ways), and the codes that leap so.
    leapers: Vec<(PerSquare, Pair)>,
    /// Riders along the diagonals, and along the ranks and files (a queen is in both).
    diagonal: Pair,
    orthogonal: Pair,
    /// The royal piece: its code and its steps.
    royal: u8,
    royal_steps: PerSquare,
}

/// Both colours' pieces by shape, with the two line families' lookups.
pub(crate) struct OrthodoxCount {
    sides: [Side; 2],
    diagonal: RideLookup,
    orthogonal: RideLookup,
    /// Promotion kinds beyond the first: a promoting move counts once plus this.
    extra_promotions: usize,
    /// The processor has `popcnt`, `bmi1` and `bmi2` (see `walk_with_bit_instructions`).
    bit_instructions: bool,
}

impl std::fmt::Debug for OrthodoxCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OrthodoxCount")
    }
}
