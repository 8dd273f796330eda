//! Spec-exact errors of obstacle chess, each with its position and the rule that failed.

use std::fmt;

use crate::core::Square;

/// Which board-file rule failed (not printed: the spec's message names only the position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardFault {
    /// A character that is neither a piece, an obstacle, a wall nor `.`.
    BadCharacter,
    /// `_|`, `||` or `__` before a square.
    BadWallOrder,
    /// More than eight squares in a rank line.
    TooManySquares,
    /// Fewer than eight squares in a rank line (or the line is missing).
    TooFewSquares,
    SecondKing,
    MissingKing,
    PawnOnBackRank,
    /// Rule 6: more than 8 pawns, or more officers than promotions allow.
    TooManyPieces,
    TooManyMines,
    TooManyTrapdoors,
    MineOffRanks,
    TrapdoorOffRanks,
    /// More than six walls on the board alone.
    TooManyWallsOnBoard,
    /// The status line is malformed (missing, extra tokens, bad token).
    StatusFormat,
    /// Walls on the board plus walls remaining exceed six.
    TooManyWalls,
    /// A non-comment line after the status line.
    ExtraLine,
}

/// An illegal board, reported at the first square (from a8, in file order) where the fault
/// can be determined, or at the status line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardError {
    At { square: Square, fault: BoardFault },
    StatusLine { fault: BoardFault },
}

impl BoardError {
    pub fn fault(&self) -> BoardFault {
        match self {
            BoardError::At { fault, .. } | BoardError::StatusLine { fault } => *fault,
        }
    }
}

impl fmt::Display for BoardError {
    /// The spec's message without the `ERROR: ` prefix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::At { square, .. } => write!(f, "illegal board at {square}"),
            BoardError::StatusLine { .. } => write!(f, "illegal board at status line"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a game-file line is an illegal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFault {
    /// Not a move in the spec's notation.
    Malformed,
    /// The game is over (checkmate or stalemate).
    GameOver,
    /// No legal move of the side to move matches.
    NotLegal,
    /// Promotion letter missing, not allowed, or given on a move that does not promote.
    BadPromotion,
    /// A trapdoor, mine or `...` outside the placement phase.
    PlacementNotAllowed,
    /// A placement on a rank the spec forbids, or a second one of the same kind.
    BadPlacement,
    /// A normal move while the second player's placement line is still missing.
    PlacementUnpaired,
    /// A wall with none left, on the board edge, or where a wall already stands.
    BadWall,
}

/// An illegal move, reported with its text exactly as the game file wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    pub text: String,
    pub fault: MoveFault,
}

impl fmt::Display for MoveError {
    /// The spec's message without the `ERROR: ` prefix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.text)
    }
}

impl std::error::Error for MoveError {}
