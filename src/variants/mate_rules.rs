//! Checkmates that do not simply win (shatar's, as Fairy-Stockfish's `shatarMateRule` judges
//! them): a mate given by pieces of some kinds alone loses for the side that gives it, and a
//! mate counts only where the mating side's last unbroken series of checks had one from a
//! kind that may give a decisive check (a shak); otherwise the game is drawn (niol).

use crate::core::{Color, Move, Position, Undo};
use crate::game::Terminal;

/// `[end] mate_by_only_loses` and `mate_needs_check_by`, a bit per kind each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateRules {
    /// A mate whose checking pieces are all of these kinds loses for the mating side.
    pub only_by_loses: u64,
    /// A mate counts only if one of the mating side's last checks in a row came from one of
    /// these kinds (0: every mate counts).
    pub needs_check_by: u64,
}

impl MateRules {
    /// The result for the mated side to move of `position`, reached by `played` (oldest
    /// first).
    pub fn judge(&self, position: &Position, played: &[(Move, Undo)]) -> Terminal {
        let us = position.side_to_move();
        let now = checker_kinds(position, us);
        if self.only_by_loses != 0 && now != 0 && now & !self.only_by_loses == 0 {
            return Terminal::Win;
        }
        if self.needs_check_by == 0 {
            return Terminal::Loss;
        }
        let mut pos = position.clone();
        let mut kinds = now;
        let mut back = played.iter().rev();
        loop {
            if kinds & self.needs_check_by != 0 {
                return Terminal::Loss;
            }
            // The mated side's turn before: two plies back, while it stood in check.
            let (Some(&(m1, u1)), Some(&(m2, u2))) = (back.next(), back.next()) else {
                return Terminal::Draw;
            };
            pos.unmake(m1, u1);
            pos.unmake(m2, u2);
            kinds = checker_kinds(&pos, us);
            if kinds == 0 {
                return Terminal::Draw;
            }
        }
    }
}

/// The kinds (a bit each) of the pieces checking `side`'s royal piece.
fn checker_kinds(pos: &Position, side: Color) -> u64 {
    let Some(king) = pos.royal_square(side) else {
        return 0;
    };
    pos.attackers(king, side.other())
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .fold(0, |m, p| m | 1 << p.kind)
}
