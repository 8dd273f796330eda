//! N in a row: a side that has that many of its pieces in an unbroken line along one of the
//! rule's directions has won, judged for the side that just moved, as Fairy-Stockfish's
//! `connectN` judges it (tic-tac-toe, picaria, all-queens chess).

use crate::core::{Color, KindId, Position};

/// The connection rule of a variant (`[end] connect`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Connect {
    /// How many in a row.
    pub n: u8,
    /// The kinds that count, a bit per kind (every kind: all bits).
    pub kinds: u64,
    /// Along ranks.
    pub horizontal: bool,
    /// Along files.
    pub vertical: bool,
    /// Along both diagonals.
    pub diagonal: bool,
    /// What the side that makes the row gets: a win, or a loss where making one is to be
    /// avoided (connect four's misère).
    pub result: crate::game::Terminal,
}

impl Connect {
    /// The steps (files, ranks) a line may run along; each line is found from its first square.
    fn directions(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        [
            (self.horizontal, (1, 0)),
            (self.vertical, (0, 1)),
            (self.diagonal, (1, 1)),
            (self.diagonal, (1, -1)),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, d)| d)
    }

    /// Has `side` `n` pieces of the counted kinds in a row?
    pub fn connected(&self, pos: &Position, side: Color) -> bool {
        let shape = &pos.rules().shape;
        let counts = |file: i32, rank: i32| {
            shape
                .try_sq(file, rank)
                .and_then(|sq| pos.piece_at(sq))
                .is_some_and(|p| p.color == side && self.counts(p.kind))
        };
        pos.pieces(side).any(|sq| {
            let (f, r) = (shape.file_of(sq) as i32, shape.rank_of(sq) as i32);
            counts(f, r)
                && self
                    .directions()
                    .any(|(df, dr)| (1..i32::from(self.n)).all(|i| counts(f + i * df, r + i * dr)))
        })
    }

    fn counts(&self, kind: KindId) -> bool {
        kind < 64 && self.kinds >> kind & 1 == 1
    }
}
