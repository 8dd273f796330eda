//! The spec's errors, each with its position and the course helper classes' exact text and
//! exit code (`BoardValidationErrors`: 1–10, `MoveValidationErrors`: 11–16).

/// A board file violation. Lines are physical 1-based line numbers (comment lines counted);
/// squares are in chess notation (`d6`). The message is the spec's line after its `ERROR: `
/// (the `fairy` command prints the prefix).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("Invalid piece allocation on line {0}")]
    PieceAllocation(usize),
    #[error("Illegal piece at position {0}")]
    IllegalPiece(String),
    #[error("Pawn allocation exceeded at position {0}")]
    PawnAllocationExceeded(String),
    #[error("Officer allocation exceeded at position {0}")]
    OfficerAllocationExceeded(String),
    #[error("Illegal board dimension")]
    BoardDimension,
    #[error("Illegal Pawn at position {0}")]
    PawnPosition(String),
    #[error("Illegal Elephant at position {0}")]
    ElephantPosition(String),
    #[error("Illegal next player marker on line {0}")]
    NextPlayer(usize),
    #[error("Illegal castling opportunity at index {index} on line {line}")]
    Castling { index: usize, line: usize },
    #[error("Illegal halfmove clock on line {0}")]
    HalfmoveClock(usize),
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
    Move,
    Capture,
    Castling,
    Promotion,
}

/// A move file violation, with the move file's physical 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FairyMoveError {
    #[error("ERROR: Illegal move on line {0}")]
    Move(usize),
    #[error("ERROR: Illegal capture on line {0}")]
    Capture(usize),
    #[error("ERROR: Illegal castling move on line {0}")]
    Castling(usize),
    #[error("ERROR: Illegal promotion on line {0}")]
    Promotion(usize),
    #[error("ERROR: Illegal check suffix on line {0}")]
    CheckSuffix(usize),
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
