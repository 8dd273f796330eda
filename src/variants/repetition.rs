//! A position that recurs ends the game: at which occurrence, with what result, and the
//! perpetual check that loses instead, as Fairy-Stockfish's `nFoldRule`, `nFoldValue` and
//! `perpetualCheckIllegal` say (`[end] threefold`, `repetition_count`, `repetition_result`,
//! `perpetual_check_loses`).

use crate::core::history::repetition_key;
use crate::core::{Color, Move, Position, Undo};
use crate::game::Terminal;

/// When a repeated position ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The occurrence of a position that ends the game (FIDE's automatic draw: the third).
    pub count: u8,
    /// The result for the side to move when it does (a draw, or Fairy-Stockfish's
    /// `nFoldValue = loss`: the side that repeats wins).
    pub result: Terminal,
    /// `result` is White's instead (Fairy-Stockfish's `nFoldValueAbsolute`: minishogi's
    /// repetition loses for White whoever is to move).
    pub for_white: bool,
    /// A side that gave check in every position between the occurrences loses instead; when
    /// both did, the game is drawn.
    pub perpetual_check_loses: bool,
}

impl Repetition {
    /// FIDE's: the third occurrence draws.
    pub const THREEFOLD: Repetition = Repetition {
        count: 3,
        result: Terminal::Draw,
        for_white: false,
        perpetual_check_loses: false,
    };
}

/// One earlier position of the game, newest first: its repetition key and whether its side
/// to move stood in check.
struct Earlier {
    key: u64,
    in_check: bool,
}

/// The result for the side to move of `position` when its repetition rule ends the game now,
/// after `played` (the game's moves, oldest first), or `None`. `window` limits how far back
/// a position may recur (the plies since the last irreversible move; `None`, the whole game).
///
/// As Fairy-Stockfish judges it: the game ends at the `count`-th occurrence; under the
/// perpetual-check rule, the side that just moved is the perpetual checker when the side to
/// move stood in check in every position from the first of those occurrences to this one,
/// and the side to move is when the other stood in check in each position one ply before
/// those (the checks of each side's own moves over the cycle).
pub fn judge(
    rule: Repetition,
    position: &Position,
    played: &[(Move, Undo)],
    window: Option<usize>,
) -> Option<Terminal> {
    let current = repetition_key(&mut position.clone());
    let mut pos = position.clone();
    let limit = window.unwrap_or(played.len()).min(played.len());
    // Only the positions since the last irreversible move are taken back: a move before it
    // may have done what unmaking does not undo (a mine that went off). Fairy-Stockfish also
    // reads the checks of the one position before the oldest occurrence; here a cycle that
    // starts right after such a move counts the side to move's checks without it.
    let earlier: Vec<Earlier> = played
        .iter()
        .rev()
        .take(limit)
        .map(|&(m, undo)| {
            pos.unmake(m, undo);
            Earlier {
                key: repetition_key(&mut pos),
                in_check: pos.is_check(),
            }
        })
        .collect();
    // earlier[i] is the position i + 1 plies back; a recurrence is an even number back.
    let mut seen = 1u8;
    let mut them_checking = position.is_check();
    let mut us_checking = true;
    for back in (2..=limit).step_by(2) {
        them_checking &= earlier[back - 1].in_check;
        us_checking &= earlier[back - 2].in_check && earlier.get(back).is_some_and(|e| e.in_check);
        // Two plies back is never the same position but where nothing moved (a pass each):
        // Fairy-Stockfish looks from four back, and so does this.
        if back < 4 || earlier[back - 1].key != current {
            continue;
        }
        seen += 1;
        if seen < rule.count {
            continue;
        }
        if rule.perpetual_check_loses && (them_checking || us_checking) {
            return Some(match (them_checking, us_checking) {
                (true, false) => Terminal::Win,
                (false, true) => Terminal::Loss,
                _ => Terminal::Draw,
            });
        }
        let flipped = rule.for_white && position.side_to_move() == Color::Black;
        return Some(if flipped {
            rule.result.flipped()
        } else {
            rule.result
        });
    }
    None
}
