//! The parts of a FEN that only variants with drops have: the hands, in brackets after the
//! board (`…/RNBQKBNR[Pn] w …`, as python-chess and Fairy-Stockfish write it) or as one more
//! `/`-separated row (`…/RNBQKBNR/Pn w …`, as lichess does), and `~` after a piece that was
//! promoted (`Q~`: it returns to a hand as the kind that promotes).

use crate::core::{Color, KindId, Position, Rules, Sq};

use super::fen::{FenError, FenField};

/// The board field split into its placement and its hand, with the hand's 1-based column;
/// the hand is `None` where the field has none (or the rules have no drops).
pub(super) fn split_hand<'a>(
    rules: &Rules,
    col0: usize,
    board: &'a str,
) -> (&'a str, Option<(usize, &'a str)>) {
    if !rules.options.hands() {
        return (board, None);
    }
    if let Some(open) = board.find('[').filter(|_| board.ends_with(']')) {
        let hand = &board[open + 1..board.len() - 1];
        return (&board[..open], Some((col0 + open + 1, hand)));
    }
    if board.split('/').count() == rules.shape.ranks() as usize + 1 {
        if let Some(cut) = board.rfind('/') {
            return (&board[..cut], Some((col0 + cut + 1, &board[cut + 1..])));
        }
    }
    (board, None)
}

/// The kind a piece marked `~` was promoted from: the first kind that promotes.
pub(super) fn promoted_origin(rules: &Rules, column: usize) -> Result<KindId, FenError> {
    if !rules.options.drops {
        return Err(board_err(
            column,
            "'~' marks a promoted piece only where pieces are dropped",
        ));
    }
    rules
        .pieces
        .iter()
        .position(|p| p.promotes)
        .map(|k| k as KindId)
        .ok_or_else(|| {
            board_err(
                column,
                "'~' marks a promoted piece, but no piece promotes here",
            )
        })
}

/// Marks the piece just placed on `sq` as promoted.
pub(super) fn mark_promoted(
    pos: &mut Position,
    sq: Option<Sq>,
    column: usize,
) -> Result<(), FenError> {
    let origin = promoted_origin(pos.rules(), column)?;
    match sq {
        Some(sq) if pos.set_promoted_from(sq, Some(origin)) => Ok(()),
        _ => Err(board_err(column, "'~' must follow a piece")),
    }
}

/// Fills both hands from the text between the brackets (`QRBNPqrbnp`: upper case White).
pub(super) fn read_hand(pos: &mut Position, column: usize, text: &str) -> Result<(), FenError> {
    let rules = pos.rules().clone();
    if rules.options.free_drops && !text.is_empty() && text != "-" {
        return Err(board_err(
            column,
            "the hands are never empty here (free drops): a FEN lists no pieces in them",
        ));
    }
    for (i, ch) in text.chars().enumerate() {
        let c = column + i;
        if ch == '-' && text.len() == 1 {
            break;
        }
        let kind = rules
            .kind_by_letter(ch)
            .filter(|_| ch.is_ascii_alphabetic())
            .ok_or_else(|| board_err(c, format!("unknown piece '{ch}' in hand")))?;
        // A placement setup's king waits in hand until it is dropped.
        if rules.king_safety && rules.kind(kind).royal && !rules.options.must_drop {
            return Err(board_err(
                c,
                format!("a hand cannot hold a royal piece ('{ch}')"),
            ));
        }
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let held = pos.hand_count(color, kind);
        if !pos.set_hand_count(color, kind, held.saturating_add(1)) {
            return Err(board_err(c, format!("too many '{ch}' in hand")));
        }
    }
    Ok(())
}

/// Appends `~` if the piece on `sq` was promoted.
pub(super) fn write_promoted(out: &mut String, pos: &Position, sq: Sq) {
    if pos.promoted_from(sq).is_some() && !pos.rules().options.captured_keep_promotion {
        out.push('~');
    }
}

/// Appends the hands in brackets, White's then Black's, each in the order of the piece table
/// (for a table listed king, queen, rook, bishop, knight, pawn, as python-chess and
/// Fairy-Stockfish write them).
pub(super) fn write_hand(out: &mut String, pos: &Position) {
    let rules = pos.rules();
    // Free drops' hands hold every kind for ever: Fairy-Stockfish writes none.
    if !rules.options.hands() || rules.options.free_drops {
        return;
    }
    out.push('[');
    for color in Color::BOTH {
        for (kind, p) in rules.pieces.iter().enumerate() {
            let n = pos.hand_count(color, kind as KindId);
            let letter = match color {
                Color::White => p.letter,
                Color::Black => p.letter.to_ascii_lowercase(),
            };
            for _ in 0..n {
                out.push(letter);
            }
        }
    }
    out.push(']');
}

fn board_err(column: usize, message: impl Into<String>) -> FenError {
    FenError {
        field: FenField::Board,
        column,
        message: message.into(),
    }
}
