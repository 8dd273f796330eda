//! The ends Fairy-Stockfish adjudicates rather than plays out: two passes in a row, a
//! bikjang answered by a pass, and the move rule, each a draw or, where the file counts
//! material (`[end] material_count = "points"`, janggi's counting), a win for the side with
//! more points.

use crate::core::{Color, Move, Position, Undo};
use crate::game::Terminal;

/// Janggi's counting: each kind's points, and what Black counts on top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialCount {
    /// Points per kind (by `KindId`; kinds not listed count nothing).
    pub points: Vec<i32>,
    /// Black's extra points, in half points (janggi: 3, i.e. 1.5), so that a count with a
    /// half point never ties.
    pub black_bonus_halves: i32,
}

impl MaterialCount {
    /// The result for the side to move of `position` by the count.
    pub fn result(&self, position: &Position) -> Terminal {
        let total = |color: Color| -> i32 {
            position
                .pieces(color)
                .filter_map(|sq| position.piece_at(sq))
                .map(|p| self.points.get(p.kind as usize).copied().unwrap_or(0))
                .sum()
        };
        let white = 2 * total(Color::White);
        let black = 2 * total(Color::Black) + self.black_bonus_halves;
        let for_white = match white.cmp(&black) {
            std::cmp::Ordering::Greater => Terminal::Win,
            std::cmp::Ordering::Less => Terminal::Loss,
            std::cmp::Ordering::Equal => Terminal::Draw,
        };
        if position.side_to_move() == Color::White {
            for_white
        } else {
            for_white.flipped()
        }
    }

    /// Counting's result where there is a count, else a draw.
    pub fn or_draw(count: Option<&MaterialCount>, position: &Position) -> Terminal {
        count.map_or(Terminal::Draw, |c| c.result(position))
    }
}

/// Why a game ended by passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassEnd {
    /// Both sides passed, one after the other.
    DoublePass,
    /// The royal pieces faced each other and the side to move answered with a pass.
    Bikjang,
}

/// The end the last moves made by passing (`played`, oldest first), if any: where passing
/// is allowed, two passes in a row end the game, and under the bikjang rule a pass that
/// leaves the royal pieces facing each other does.
pub fn pass_end(position: &Position, played: &[(Move, Undo)]) -> Option<PassEnd> {
    let mut last = played.iter().rev().map(|(m, _)| m.is_pass());
    if last.next() != Some(true) {
        return None;
    }
    if position.rules().options.bikjang && position.royals_face() {
        return Some(PassEnd::Bikjang);
    }
    (last.next() == Some(true)).then_some(PassEnd::DoublePass)
}

impl PassEnd {
    /// The words a game's end gives for it.
    pub fn reason(self) -> &'static str {
        match self {
            PassEnd::DoublePass => "both sides passed",
            PassEnd::Bikjang => "bikjang",
        }
    }
}
