//! Fairy chess 10×10 for the finder: the moves the fairy rules allow (the clock rule
//! included), written in the move-file notation with the suffix the spec requires, so the
//! finder's answer is a valid move file.

use crate::core::{Move, Position};
use crate::engine::games::fairy::move_text;
use crate::variants::fairy::play;

use super::{arrivals_needed, plies_for, refute_position, same_placement, FinderState};

/// A fairy position being walked by the finder.
#[derive(Clone, Debug)]
pub struct FairyState(pub Position);

impl FinderState for FairyState {
    type M = Move;
    fn moves(&self, _: &Self) -> Vec<Move> {
        play::legal_moves(&mut self.0.clone())
    }
    fn play(&self, m: Move) -> Self {
        let mut p = self.0.clone();
        p.make(m);
        FairyState(p)
    }
    fn text(&self, m: Move) -> String {
        move_text(&self.0, m)
    }
    /// The clock decides which moves are legal from 50 on, so it is part of the key (capped:
    /// clocks from 50 up allow the same moves).
    fn key(&self) -> u64 {
        let clock = u64::from(self.0.halfmove_clock().min(play::HALFMOVE_LIMIT));
        self.0.key() ^ clock.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
    fn matches(&self, target: &Self) -> bool {
        same_placement(&self.0, &target.0)
    }
    fn lower_bound(&self, target: &Self) -> u32 {
        let (w, b) = arrivals_needed(&self.0, &target.0);
        let mut plies = plies_for(self.0.side_to_move(), w, b);
        if (plies % 2 == 1) != (self.0.side_to_move() != target.0.side_to_move()) {
            plies += 1;
        }
        plies
    }
    fn refute(&self, target: &Self) -> Option<String> {
        refute_position(&self.0, &target.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::finder::{find, Found};
    use crate::engine::games::fairy::START_BOARD;
    use crate::variants::fairy;

    fn board(text: &str) -> FairyState {
        FairyState(fairy::parse_board(text).unwrap().position)
    }

    #[test]
    fn a_soldier_step_and_a_princess_leap_in_fairy_notation() {
        let start = board(START_BOARD);
        // White: soldier c2-c3; Black: princess h10-g8 (the princess leaps like a knight).
        let to = START_BOARD
            .replace(
                "r n b e q k a w f r \nd p d p d p d p d p \n. . . . . . . . . . \n",
                "r n b e q k a . f r \nd p d p d p d p d p \n. . . . . . w . . . \n",
            )
            .replace(
                ". . . . . . . . . . \nD P D P D P D P D P \n",
                ". . D . . . . . . . \nD P . P D P D P D P \n",
            )
            .replace("w:++++:0:1", "w:++++:1:2");
        match find(&start, &board(&to), 4) {
            Found::Sequence(s) => assert_eq!(s, ["c2-c3", "h10-g8"]),
            other => panic!("{other:?}"),
        }
        let mut pos = start.0.clone();
        play::play_file(&mut pos, "c2-c3\nh10-g8\n").unwrap();
        assert!(FairyState(pos).matches(&board(&to)));
    }
}
