//! The squares of one side's pieces: read from the side's bitboard on the bitboard backend,
//! from the piece list on the mailbox.

use std::iter::FusedIterator;

use crate::core::geometry::Sq;

/// The squares of one side's pieces. On the bitboard backend they come in square order (rank
/// by rank from the first, file by file within a rank), so a position lists its pieces, and
/// generates its moves, the same way however it was reached; the mailbox lists them in the
/// order of its piece list.
#[derive(Clone, Debug)]
pub struct PieceSquares<'a> {
    inner: Inner<'a>,
}

#[derive(Clone, Debug)]
enum Inner<'a> {
    List(std::slice::Iter<'a, Sq>),
    /// The bits not yet visited, low word first, and the cell of each bit.
    Bits {
        rest: [u64; 2],
        cells: &'a [Sq],
    },
}

impl<'a> PieceSquares<'a> {
    pub(crate) fn listed(list: &'a [Sq]) -> PieceSquares<'a> {
        PieceSquares {
            inner: Inner::List(list.iter()),
        }
    }

    /// The squares of the set bits of `bits`; `cells[i]` is the square of bit `i`.
    pub(crate) fn from_bits(bits: u128, cells: &'a [Sq]) -> PieceSquares<'a> {
        PieceSquares {
            inner: Inner::Bits {
                rest: [bits as u64, (bits >> 64) as u64],
                cells,
            },
        }
    }
}

impl PieceSquares<'_> {
    /// No squares left (without counting them, unlike `len() == 0`).
    #[inline]
    pub fn is_empty(&self) -> bool {
        match &self.inner {
            Inner::List(it) => it.as_slice().is_empty(),
            Inner::Bits { rest, .. } => *rest == [0, 0],
        }
    }
}

impl Iterator for PieceSquares<'_> {
    type Item = Sq;

    #[inline]
    fn next(&mut self) -> Option<Sq> {
        match &mut self.inner {
            Inner::List(it) => it.next().copied(),
            Inner::Bits { rest, cells } => {
                let (word, base) = match rest {
                    [0, 0] => return None,
                    [0, high] => (high, 64),
                    [low, _] => (low, 0),
                };
                let bit = word.trailing_zeros() as usize + base;
                *word &= *word - 1;
                // Occupancy words only hold bits of on-board squares, each with its cell.
                debug_assert!(bit < cells.len());
                cells.get(bit).copied()
            }
        }
    }

    /// One dispatch, then a tight loop over the list or over each 64-bit word (the evaluation
    /// visits every piece at every node: `for_each` and `count` come here).
    #[inline]
    fn fold<A, F: FnMut(A, Sq) -> A>(self, init: A, mut f: F) -> A {
        match self.inner {
            Inner::List(it) => it.copied().fold(init, f),
            Inner::Bits { rest, cells } => {
                let mut acc = init;
                for (mut word, base) in [(rest[0], 0), (rest[1], 64)] {
                    while word != 0 {
                        let bit = word.trailing_zeros() as usize + base;
                        word &= word - 1;
                        if let Some(&sq) = cells.get(bit) {
                            acc = f(acc, sq);
                        }
                    }
                }
                acc
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match &self.inner {
            Inner::List(it) => it.len(),
            Inner::Bits { rest, .. } => (rest[0].count_ones() + rest[1].count_ones()) as usize,
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for PieceSquares<'_> {}
impl FusedIterator for PieceSquares<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_come_in_bit_order_with_their_cells() {
        let cells: Vec<Sq> = (100..228).collect();
        let bits = 1u128 | 1 << 5 | 1 << 64 | 1 << 127;
        let squares = PieceSquares::from_bits(bits, &cells);
        assert_eq!(squares.len(), 4);
        assert!(!squares.is_empty() && PieceSquares::from_bits(0, &cells).is_empty());
        let mut folded = Vec::new();
        squares.clone().for_each(|sq| folded.push(sq));
        assert_eq!(squares.collect::<Vec<_>>(), vec![100, 105, 164, 227]);
        assert_eq!(folded, vec![100, 105, 164, 227]);
    }

    #[test]
    fn a_list_comes_in_list_order() {
        let list: Vec<Sq> = vec![30, 10, 20];
        let squares = PieceSquares::listed(&list);
        assert_eq!(squares.len(), 3);
        assert!(!squares.is_empty() && PieceSquares::listed(&[]).is_empty());
        assert_eq!(
            squares.clone().fold(Vec::new(), |mut v, sq| {
                v.push(sq);
                v
            }),
            list
        );
        assert_eq!(squares.collect::<Vec<_>>(), list);
    }
}
