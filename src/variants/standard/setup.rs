//! A FEN checked against what FIDE chess can reach beyond what the generic FEN reader
//! checks (one king each, side not to move not in check): no pawn on the first or last
//! rank, every castling right backed by its king and rook at home, an en passant square
//! only right behind a pawn that can just have made its double step.

use crate::core::{Color, Position, Square};
use crate::notation::fen::FenError;
use crate::variants::standard::{from_fen, KING, PAWN};

/// Why a FEN is not a standard chess position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The generic FEN reader rejected the text.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A pawn on the first or last rank, at this square.
    #[error("invalid position: a pawn on {0} (pawns never stand on the first or last rank)")]
    PawnOnBackRank(String),
    /// A castling right whose king or rook is not on its start square.
    #[error("invalid position: castling right '{right}' needs the {color} king on {king} and a rook on {rook}")]
    CastlingRight {
        /// The right as FEN writes it: `K`, `Q`, `k` or `q`.
        right: char,
        /// `white` or `black`.
        color: &'static str,
        /// The king's start square (`e1`).
        king: String,
        /// The rook's start square (`h1`).
        rook: String,
    },
    /// An en passant square no pawn can just have passed: it must be empty, on the third
    /// (sixth) rank, with the mover's pawn right ahead of it and that pawn's start square empty.
    #[error("invalid position: no pawn can just have passed the en passant square {0}")]
    EnPassant(String),
}

impl From<SetupError> for crate::game::Diagnostic {
    /// The message, and the square a setup rule names (for a castling right: the king's).
    fn from(e: SetupError) -> Self {
        let square = match &e {
            SetupError::Fen(_) => None,
            SetupError::PawnOnBackRank(s) | SetupError::EnPassant(s) => Some(s.clone()),
            SetupError::CastlingRight { king, .. } => Some(king.clone()),
        };
        crate::game::Diagnostic {
            message: e.to_string(),
            detail: None,
            line: None,
            square,
            exit_code: 1,
        }
    }
}

/// Reads and checks a standard FEN.
pub fn position_from_fen(text: &str) -> Result<Position, SetupError> {
    checked(from_fen(text.trim())?)
}

/// `position_from_fen` on this thread's own rules (`standard::thread_rules`), for replays
/// that run on many threads at once.
pub(crate) fn thread_position_from_fen(text: &str) -> Result<Position, SetupError> {
    checked(crate::notation::fen::parse(
        super::thread_rules(),
        text.trim(),
    )?)
}

/// Reads and checks a Chess960 FEN (X-FEN or Shredder-FEN castling), by the same rules: its
/// castling rules come from where the position puts king and rooks.
pub fn chess960_position_from_fen(text: &str) -> Result<Position, SetupError> {
    checked(crate::variants::chess960::from_fen(text.trim())?)
}

/// The checks of a FIDE position beyond the FEN reader's.
fn checked(pos: Position) -> Result<Position, SetupError> {
    let rules = pos.rules().clone();
    let shape = &rules.shape;
    for color in Color::BOTH {
        for sq in pos.pieces(color) {
            let rank = shape.rank_of(sq);
            let is_pawn = pos.piece_at(sq).is_some_and(|p| p.kind == PAWN);
            if is_pawn && (rank == 0 || rank == shape.ranks() - 1) {
                return Err(SetupError::PawnOnBackRank(shape.name(sq)));
            }
        }
    }
    for (i, rule) in rules.castling.iter().enumerate() {
        if pos.castling_rights() >> i & 1 == 0 {
            continue;
        }
        let king = pos.piece_at(shape.sq(rule.king_from));
        let rook = pos.piece_at(shape.sq(rule.rook_from));
        let ok = king.is_some_and(|p| p.color == rule.color && p.kind == KING)
            && rook.is_some_and(|p| p.color == rule.color && p.kind == rule.rook_kind);
        if !ok {
            let letter = if rule.king_side { 'K' } else { 'Q' };
            return Err(SetupError::CastlingRight {
                right: if rule.color == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                },
                color: rule.color.name(),
                king: rule.king_from.to_string(),
                rook: rule.rook_from.to_string(),
            });
        }
    }
    if let Some(ep) = pos.en_passant() {
        let s = shape.square(ep);
        // The side that just moved is the one not to move; its pawn passed `ep`.
        let mover = pos.side_to_move().other();
        let (ep_rank, dir) = match mover {
            Color::White => (2u8, 1i32),
            Color::Black => (5u8, -1i32),
        };
        let at = |rank: i32| {
            shape
                .try_sq(s.file as i32, rank)
                .and_then(|sq| pos.piece_at(sq))
        };
        let pawn_ahead =
            at(s.rank as i32 + dir).is_some_and(|p| p.color == mover && p.kind == PAWN);
        let ok = s.rank == ep_rank
            && pawn_ahead
            && at(s.rank as i32).is_none()
            && at(s.rank as i32 - dir).is_none();
        if !ok {
            return Err(SetupError::EnPassant(
                Square::new(s.file, s.rank).to_string(),
            ));
        }
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_real_positions() {
        for fen in [
            crate::variants::standard::START_FEN,
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ] {
            assert!(position_from_fen(fen).is_ok(), "{fen}");
        }
    }

    #[test]
    fn rejects_impossible_positions() {
        for (fen, what) in [
            ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on a1"),
            ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right 'K'"),
            ("4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "castling right 'q'"),
            ("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", "en passant"),
            ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "en passant"),
        ] {
            let e = position_from_fen(fen).unwrap_err().to_string();
            assert!(e.contains(what), "{fen}: {e}");
        }
    }
}
