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
    /// A square block of this many by this many of the counted pieces connects too (teeko's
    /// 2×2; 0: none).
    pub square: u8,
    /// The `n` pieces need only stand on one line, gaps and other pieces between them
    /// (Fairy-Stockfish's `collinearN`: the three musketeers in one row or column).
    pub collinear: bool,
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
        if self.collinear {
            return self.on_one_line(pos, side);
        }
        let block = i32::from(self.square);
        pos.pieces(side).any(|sq| {
            let (f, r) = (shape.file_of(sq) as i32, shape.rank_of(sq) as i32);
            counts(f, r)
                && (self
                    .directions()
                    .any(|(df, dr)| (1..i32::from(self.n)).all(|i| counts(f + i * df, r + i * dr)))
                    || (block > 0
                        && (0..block).all(|df| (0..block).all(|dr| counts(f + df, r + dr)))))
        })
    }

    /// Has `side` `n` of its counted pieces on one line along the directions, anywhere on it?
    fn on_one_line(&self, pos: &Position, side: Color) -> bool {
        let shape = &pos.rules().shape;
        let counts = |file: i32, rank: i32| {
            shape
                .try_sq(file, rank)
                .and_then(|sq| pos.piece_at(sq))
                .is_some_and(|p| p.color == side && self.counts(p.kind))
        };
        let reach = i32::from(shape.files().max(shape.ranks()));
        pos.pieces(side).any(|sq| {
            let (f, r) = (shape.file_of(sq) as i32, shape.rank_of(sq) as i32);
            counts(f, r)
                && self.directions().any(|(df, dr)| {
                    let on_line = (-reach..=reach)
                        .filter(|&i| counts(f + i * df, r + i * dr))
                        .count();
                    on_line >= usize::from(self.n)
                })
        })
    }

    fn counts(&self, kind: KindId) -> bool {
        kind < 64 && self.kinds >> kind & 1 == 1
    }
}

/// Two regions a side must join by a chain of its pieces (Fairy-Stockfish's
/// `connectRegion1…`/`connectRegion2…`: gale's opposite edges).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectRegions {
    /// Per side: the two regions, as (file, rank) squares from 0.
    pub regions: [[Vec<(u8, u8)>; 2]; 2],
    /// The chain's steps: orthogonal, and diagonal where `diagonal` is on.
    pub diagonal: bool,
    /// What the side that joins them gets.
    pub result: crate::game::Terminal,
}

impl ConnectRegions {
    /// Has `side` a chain of its pieces from its first region to its second? The chain
    /// grows from the first region's pieces one step at a time east, north (and north-east,
    /// south-east with diagonals), as Fairy-Stockfish floods it: its directions are the
    /// four it also looks for rows along, so a chain that must turn west or south is not
    /// found there, nor here.
    pub fn joined(&self, pos: &Position, side: Color) -> bool {
        let shape = &pos.rules().shape;
        let (files, ranks) = (shape.files() as i32, shape.ranks() as i32);
        let index = |f: i32, r: i32| (r * files + f) as usize;
        let [first, second] = &self.regions[side.index()];
        let own = |f: i32, r: i32| {
            shape
                .try_sq(f, r)
                .and_then(|sq| pos.piece_at(sq))
                .is_some_and(|p| p.color == side)
        };
        let in_region = |list: &Vec<(u8, u8)>, f: i32, r: i32| {
            list.iter()
                .any(|&(rf, rr)| i32::from(rf) == f && i32::from(rr) == r)
        };
        let mut current = vec![false; (files * ranks) as usize];
        let mut any_first = false;
        for &(f, r) in first {
            let (f, r) = (i32::from(f), i32::from(r));
            if own(f, r) {
                current[index(f, r)] = true;
                any_first = true;
            }
        }
        if !any_first || !second.iter().any(|&(f, r)| own(f.into(), r.into())) {
            return false;
        }
        let mut steps = vec![(1, 0), (0, 1)];
        if self.diagonal {
            steps.extend([(1, 1), (1, -1)]);
        }
        loop {
            let mut new = vec![false; current.len()];
            for &(df, dr) in &steps {
                for r in 0..ranks {
                    for f in 0..files {
                        let (tf, tr) = (f + df, r + dr);
                        if (current[index(f, r)] || new[index(f, r)])
                            && (0..files).contains(&tf)
                            && (0..ranks).contains(&tr)
                            && own(tf, tr)
                        {
                            new[index(tf, tr)] = true;
                        }
                    }
                }
            }
            let reached =
                (0..ranks).any(|r| (0..files).any(|f| new[index(f, r)] && in_region(second, f, r)));
            if reached {
                return true;
            }
            if !new.iter().zip(&current).any(|(&n, &c)| n && !c) {
                return false;
            }
            for (c, n) in current.iter_mut().zip(new) {
                *c |= n;
            }
        }
    }
}
