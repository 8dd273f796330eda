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
    /// Rule 1: a second king of one colour, at its square.
    SecondKing,
    /// Rule 1: a colour without a king, reported at h1 (§2.2.2).
    MissingKing,
    /// Rule 5: a pawn on rank 1 or 8.
    PawnOnBackRank,
    /// Rule 6: more than 8 pawns, or more officers than promotions allow.
    TooManyPieces,
    /// Rule 2(a): a third mine (an `X` counts).
    TooManyMines,
    /// Rule 2(a): a third trapdoor, hidden or open (an `X` counts).
    TooManyTrapdoors,
    /// Rule 3: a mine outside ranks 4 and 5.
    MineOffRanks,
    /// Rule 4: a trapdoor outside ranks 3 to 6.
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
    /// `illegal board at <square>`.
    At {
        /// The first square where the fault shows.
        square: Square,
        /// The rule that failed.
        fault: BoardFault,
    },
    /// `illegal board at status line`: the fault shows only once the status line is read.
    StatusLine {
        /// The rule that failed.
        fault: BoardFault,
    },
}

impl BoardError {
    /// The rule that failed.
    pub fn fault(&self) -> BoardFault {
        match self {
            BoardError::At { fault, .. } | BoardError::StatusLine { fault } => *fault,
        }
    }
}

impl BoardFault {
    /// The rule in words, for people (the page says it after the spec's message, which names
    /// only the position).
    pub fn explain(self) -> &'static str {
        match self {
            BoardFault::BadCharacter => "a character that is no piece, obstacle, wall or '.'",
            BoardFault::BadWallOrder => "walls before a square are written |, _ or |_",
            BoardFault::TooManySquares => "more than eight squares in a rank",
            BoardFault::TooFewSquares => "fewer than eight squares in a rank",
            BoardFault::SecondKing => "a second king of one colour",
            BoardFault::MissingKing => "a king is missing",
            BoardFault::PawnOnBackRank => "a pawn on the first or last rank",
            BoardFault::TooManyPieces => "more pieces than the promotions could give",
            BoardFault::TooManyMines => "more than two mines",
            BoardFault::TooManyTrapdoors => "more than two trapdoors",
            BoardFault::MineOffRanks => "a mine outside ranks 4 and 5",
            BoardFault::TrapdoorOffRanks => "a trapdoor outside ranks 3 to 6",
            BoardFault::TooManyWallsOnBoard => "more than six walls on the board",
            BoardFault::StatusFormat => "the status line is malformed",
            BoardFault::TooManyWalls => "walls on the board and walls left are more than six",
            BoardFault::ExtraLine => "a line after the status line",
        }
    }
}

impl MoveFault {
    /// Why the move was refused, in words for people.
    pub fn explain(self) -> &'static str {
        match self {
            MoveFault::Malformed => "not a move in the game-file notation",
            MoveFault::GameOver => "the game is over",
            MoveFault::NotLegal => "no legal move matches",
            MoveFault::BadPromotion => "a promotion piece is missing, not allowed or not due",
            MoveFault::PlacementNotAllowed => "trapdoors and mines are placed only before the first move, on the initial board",
            MoveFault::BadPlacement => "a trapdoor goes on an empty square of ranks 3 to 6, a mine on ranks 4 to 5, one of each",
            MoveFault::PlacementUnpaired => "the other player's placement is still due",
            MoveFault::BadWall => "no wall left, a board edge, or a wall already there",
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

impl From<BoardError> for crate::game::Diagnostic {
    /// The spec's message, the rule in words as its detail, the square it names, exit code 1
    /// (the `obstacle` command's).
    fn from(e: BoardError) -> Self {
        crate::game::Diagnostic {
            message: e.to_string(),
            detail: Some(e.fault().explain().to_string()),
            line: None,
            square: match e {
                BoardError::At { square, .. } => Some(square.to_string()),
                BoardError::StatusLine { .. } => None,
            },
            exit_code: 1,
        }
    }
}

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
pub struct ObstacleMoveError {
    /// The move text as given, which the spec's message repeats.
    pub text: String,
    /// Why it was refused.
    pub fault: MoveFault,
}

impl fmt::Display for ObstacleMoveError {
    /// The spec's message without the `ERROR: ` prefix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.text)
    }
}

impl std::error::Error for ObstacleMoveError {}
