//! The squares `RuleOptions::drop_only` allows, as one bitboard per node (on boards of at
//! most 128 squares): reversi's enclosing squares by flooding each of the eight directions
//! through the other side's pieces (the way Othello programs list their moves), ataxx's and
//! snort's by shifting the sides' pieces one square. The mailbox's square-by-square test in
//! `core::enclosing` stays for larger boards and for holes.

use crate::core::enclosing::DropOnly;
use crate::core::moves::Move;
use crate::core::piece::PieceKind;
use crate::core::position::{joined, Position};
use crate::core::rules::{Passing, RuleOptions};

/// `Rules::counts_enclosing`: no option but `drop_only` and a pass when stalemated filters
/// the moves, and no kind's drops are limited otherwise (drop ranks, promoted drops).
pub(crate) fn counts_set_wise(options: &RuleOptions, pieces: &[PieceKind]) -> bool {
    let mut rest = *options;
    rest.drop_only = None;
    rest.passing = rest.passing.map(|p| match p {
        Passing::WhenStalemated => Passing::Never,
        other => other,
    });
    options.drop_only.is_some()
        && !rest.filters_moves()
        && !rest.passes()
        && !options.drop_promoted
        && pieces.iter().all(|p| p.drop_ranks.is_none())
}

/// The board's layout on the bitboard backend's bits (rank-major, rank 1 first): what shifting
/// a set of squares one step needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct BitLanes {
    /// Bits per rank (the files).
    files: u32,
    /// Every square but the first file's, and but the last file's.
    not_first: u128,
    not_last: u128,
    /// Every square of the board.
    board: u128,
}

impl BitLanes {
    /// The lanes of a `files` × `ranks` board; all zero beyond 128 squares.
    pub(crate) fn new(files: u32, ranks: u32) -> BitLanes {
        let squares = files * ranks;
        if squares > 128 || files == 0 {
            return BitLanes::default();
        }
        let mut first = 0u128;
        for rank in 0..ranks {
            first |= 1u128 << (rank * files);
        }
        let board = if squares == 128 {
            u128::MAX
        } else {
            (1u128 << squares) - 1
        };
        BitLanes {
            files,
            not_first: board & !first,
            not_last: board & !(first << (files - 1)),
            board,
        }
    }

    /// `bits` moved one step in direction `dir` (0–7: the eight king steps), squares that
    /// leave the board dropped.
    #[inline(always)]
    fn shift(&self, bits: u128, dir: usize) -> u128 {
        let w = self.files;
        match dir {
            0 => (bits << w) & self.board,
            1 => bits >> w,
            2 => (bits << 1) & self.not_first,
            3 => (bits >> 1) & self.not_last,
            4 => (bits << (w + 1)) & self.not_first,
            5 => (bits << (w - 1)) & self.not_last,
            6 => (bits >> (w - 1)) & self.not_first,
            _ => (bits >> (w + 1)) & self.not_last,
        }
    }
}

impl crate::core::rules::Rules {
    /// Does the board fit the bitboards' lanes (at most 128 squares)?
    pub(crate) fn lanes_fit(&self) -> bool {
        self.lanes.board != 0
    }
}

impl Position {
    /// The empty squares (as square bits) the side to move may drop on under `rule`, or
    /// `None` where the position has no bitboards or the board has holes (whose reading the
    /// mailbox's test keeps).
    pub(crate) fn drop_only_bits(&self, rule: DropOnly) -> Option<u128> {
        let lanes = &self.rules.lanes;
        if self.bb.is_empty() || lanes.board == 0 || self.rules.options.holes {
            return None;
        }
        let us = self.side.index();
        let (own, theirs) = (joined(self.occ[us]), joined(self.occ[1 - us]));
        let empty = lanes.board & !(own | theirs);
        let start = self
            .rules
            .drop_start
            .iter()
            .fold(0u128, |m, &cell| m | self.rules.cell_bit[cell as usize]);
        if start & empty != 0 {
            return Some(start & empty);
        }
        Some(match rule {
            DropOnly::Enclosing => {
                let mut legal = 0;
                for dir in 0..8 {
                    let mut run = lanes.shift(own, dir) & theirs;
                    loop {
                        let longer = run | (lanes.shift(run, dir) & theirs);
                        if longer == run {
                            break;
                        }
                        run = longer;
                    }
                    legal |= lanes.shift(run, dir) & empty;
                }
                legal
            }
            DropOnly::NextToOwn => (0..8).fold(0, |m, dir| m | lanes.shift(own, dir)) & empty,
            DropOnly::AwayFromOther => {
                let near = (0..4).fold(0, |m, dir| m | lanes.shift(theirs, dir));
                empty & !near
            }
            DropOnly::OnTop => {
                let first_rank = (1u128 << lanes.files) - 1;
                (lanes.shift(own | theirs, 0) | first_rank) & empty
            }
            DropOnly::FromAnySide => self
                .any_side_squares()
                .into_iter()
                .fold(0u128, |m, sq| m | self.rules.cell_bit[sq as usize]),
        })
    }

    /// The legal moves' number where `Rules::counts_enclosing` holds and the drops are found
    /// set-wise: the board's moves counted, the allowed squares times the kinds in hand, and
    /// the pass where there is nothing else; `None` elsewhere (the moves are then listed).
    pub(crate) fn enclosing_move_count(&mut self, scratch: &mut Vec<Move>) -> Option<usize> {
        if !self.rules.counts_enclosing || !self.drops_listed_set_wise() {
            return None;
        }
        let rule = self.rules.options.drop_only?;
        let squares = self.drop_only_bits(rule)?.count_ones() as usize;
        let n =
            self.board_move_count(scratch) + squares * self.kinds_in_hand().count_ones() as usize;
        if n == 0 && self.rules.options.passing[self.side.index()] == Passing::WhenStalemated {
            return Some(usize::from(self.pass_move().is_some()));
        }
        Some(n)
    }
}
