//! The spec's errors, each with its position and the course helper classes' exact text and
//! exit code (`BoardValidationErrors`: 1–10, `MoveValidationErrors`: 11–16).

/// A board file violation. Lines are physical 1-based line numbers (comment lines counted);
/// squares are in chess notation (`d6`). The message is the spec's line after its `ERROR: `
/// (the `fairy` command prints the prefix).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// §3.2 (`illegalPieceAllocation`): a malformed or repeated allocation line, or one that
    /// takes a sum past ten (its line); Pawn and Officer sums that are not ten each, or not one
    /// King and at least two Rooks (the first divider's line).
    #[error("Invalid piece allocation on line {0}")]
    PieceAllocation(usize),
    /// §3.3.1 (`illegalPiece`): a character that is no piece letter, or a kind not allocated.
    #[error("Illegal piece at position {0}")]
    IllegalPiece(String),
    /// §3.3.2 (`pawnAllocationExceeded`): one Pawn or Drunken Soldier more than its allocation.
    #[error("Pawn allocation exceeded at position {0}")]
    PawnAllocationExceeded(String),
    /// §3.3.3 (`officerAllocationExceeded`): one Officer more than formula (1) allows, or a
    /// second King.
    #[error("Officer allocation exceeded at position {0}")]
    OfficerAllocationExceeded(String),
    /// §3.3.4 (`illegalBoardDimension`): not ten rows of ten space-separated characters.
    #[error("Illegal board dimension")]
    BoardDimension,
    /// §3.3.5 (`illegalPawnPosition`): a Pawn or Drunken Soldier on its own back rank.
    #[error("Illegal Pawn at position {0}")]
    PawnPosition(String),
    /// §3.3.6 (`illegalElephantPosition`): an Elephant in the opponent's half.
    #[error("Illegal Elephant at position {0}")]
    ElephantPosition(String),
    /// §3.4.1 (`illegalNextPlayerMarker`): the status line does not start with `w` or `b`.
    #[error("Illegal next player marker on line {0}")]
    NextPlayer(usize),
    /// §3.4.2 (`illegalCastlingOpportunity`): a flag that is not `+` or `-`, or a `+` without
    /// its King and Rook at home.
    #[error("Illegal castling opportunity at index {index} on line {line}")]
    Castling {
        /// 0-based flag index: 0 black queenside, 1 black kingside, 2 white queenside, 3 white
        /// kingside; 4 for flags beyond the fourth.
        index: usize,
        /// The status line's line number.
        line: usize,
    },
    /// §3.4.3 (`illegalHalfmoveClock`): not an integer from 0 to 50.
    #[error("Illegal halfmove clock on line {0}")]
    HalfmoveClock(usize),
    /// §3.4.4 (`illegalMoveCounter`): not a non-negative integer (within Java's `int`).
    #[error("Illegal move counter on line {0}")]
    MoveCounter(usize),
}

impl BoardError {
    /// The exit code the course's helper class uses for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            BoardError::PieceAllocation(_) => 1,
            BoardError::IllegalPiece(_) => 2,
            BoardError::PawnAllocationExceeded(_) => 3,
            BoardError::OfficerAllocationExceeded(_) => 4,
            BoardError::BoardDimension => 5,
            BoardError::PawnPosition(_) => 6,
            // The helper class really does reuse 7 for the next player marker.
            BoardError::ElephantPosition(_) | BoardError::NextPlayer(_) => 7,
            BoardError::Castling { .. } => 8,
            BoardError::HalfmoveClock(_) => 9,
            BoardError::MoveCounter(_) => 10,
        }
    }
}

impl From<BoardError> for crate::game::Diagnostic {
    fn from(e: BoardError) -> Self {
        let (line, square) = match &e {
            BoardError::PieceAllocation(l)
            | BoardError::NextPlayer(l)
            | BoardError::HalfmoveClock(l)
            | BoardError::MoveCounter(l)
            | BoardError::Castling { line: l, .. } => (Some(*l), None),
            BoardError::IllegalPiece(s)
            | BoardError::PawnAllocationExceeded(s)
            | BoardError::OfficerAllocationExceeded(s)
            | BoardError::PawnPosition(s)
            | BoardError::ElephantPosition(s) => (None, Some(s.clone())),
            BoardError::BoardDimension => (None, None),
        };
        crate::game::Diagnostic {
            message: e.to_string(),
            detail: None,
            line,
            square,
            exit_code: e.exit_code(),
        }
    }
}

/// What kind of move a move-file line is, which decides the error it reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveClass {
    /// A move to an empty square (`a2-a3`).
    Move,
    /// A capture (`c4xd5`).
    Capture,
    /// Castling (`0-0`, `0-0-0`).
    Castling,
    /// A move naming a promotion (`h9-h10=Q`); also the class of a Pawn or Soldier move to the
    /// far rank that names none.
    Promotion,
}

/// A move file violation, with the move file's physical 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairyMoveError {
    /// A [`MoveClass::Move`] that breaks a rule, or a line not in the notation at all.
    #[error("ERROR: Illegal move on line {0}")]
    Move(usize),
    /// A [`MoveClass::Capture`] that breaks a rule.
    #[error("ERROR: Illegal capture on line {0}")]
    Capture(usize),
    /// A [`MoveClass::Castling`] that breaks a rule.
    #[error("ERROR: Illegal castling move on line {0}")]
    Castling(usize),
    /// A [`MoveClass::Promotion`] that breaks a rule.
    #[error("ERROR: Illegal promotion on line {0}")]
    Promotion(usize),
    /// A `+` on a move that gives no check.
    #[error("ERROR: Illegal check suffix on line {0}")]
    CheckSuffix(usize),
    /// A `++` on a move that does not checkmate.
    #[error("ERROR: Illegal checkmate suffix on line {0}")]
    CheckmateSuffix(usize),
}

impl FairyMoveError {
    /// The error a move of this class reports when it breaks one of its class's rules.
    pub fn illegal(class: MoveClass, line: usize) -> FairyMoveError {
        match class {
            MoveClass::Move => FairyMoveError::Move(line),
            MoveClass::Capture => FairyMoveError::Capture(line),
            MoveClass::Castling => FairyMoveError::Castling(line),
            MoveClass::Promotion => FairyMoveError::Promotion(line),
        }
    }

    /// The spec's words without the line (`Illegal capture`): a game at the board has no
    /// move file whose line could be named.
    pub fn reason(&self) -> &'static str {
        match self {
            FairyMoveError::Move(_) => "Illegal move",
            FairyMoveError::Capture(_) => "Illegal capture",
            FairyMoveError::Castling(_) => "Illegal castling move",
            FairyMoveError::Promotion(_) => "Illegal promotion",
            FairyMoveError::CheckSuffix(_) => "Illegal check suffix",
            FairyMoveError::CheckmateSuffix(_) => "Illegal checkmate suffix",
        }
    }

    /// The exit code the course's helper class uses for this error (11–16).
    pub fn exit_code(&self) -> u8 {
        match self {
            FairyMoveError::Move(_) => 11,
            FairyMoveError::Capture(_) => 12,
            FairyMoveError::Castling(_) => 13,
            FairyMoveError::Promotion(_) => 14,
            FairyMoveError::CheckSuffix(_) => 15,
            FairyMoveError::CheckmateSuffix(_) => 16,
        }
    }
}
