//! The word a bitboard is made of: `u64` for boards of up to 64 squares, `u128` up to 128.
//!
//! Bit `rank * files + file` stands for a square, so a step `(dx, dy)` moves a bit by
//! `dy * files + dx` and the squares along a ray come in strictly rising or falling bit order:
//! the first piece on a ray is the lowest or the highest set bit of `ray & occupied`.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

pub(crate) trait Bits:
    Copy
    + Eq
    + Default
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Send
    + Sync
    + 'static
{
    const ZERO: Self;
    /// How many squares the word holds.
    const CAPACITY: usize;
    /// The word of a 128-bit bitboard.
    fn from_wide(wide: u128) -> Self;
    /// The word of a position's stored bitboard (two 64-bit words, low first): a `u64` reads
    /// the low word alone.
    fn from_halves(halves: [u64; 2]) -> Self;
    fn to_wide(self) -> u128;
    fn bit(index: u32) -> Self;
    fn is_zero(self) -> bool;
    fn count(self) -> u32;
    /// Index of the lowest set bit (the word is not zero).
    fn lowest(self) -> u32;
    /// Index of the highest set bit (the word is not zero).
    fn highest(self) -> u32;
    /// The word without its lowest set bit.
    fn without_lowest(self) -> Self;
    /// Every bit moved up by `by` places (down when negative); bits moved out are lost.
    fn shifted(self, by: i32) -> Self;

    /// The first set bit met going up (`rising`) or down the bit order.
    #[inline(always)]
    fn first(self, rising: bool) -> u32 {
        // Both scans are a few cycles; choosing after them spares an unpredictable branch.
        let (low, high) = (self.lowest(), self.highest());
        if rising {
            low
        } else {
            high
        }
    }

    #[inline(always)]
    fn has(self, index: u32) -> bool {
        !(self & Self::bit(index)).is_zero()
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const CAPACITY: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn from_wide(wide: u128) -> Self {
                wide as $t
            }
            #[inline(always)]
            fn from_halves(halves: [u64; 2]) -> Self {
                if <$t>::BITS == 64 {
                    halves[0] as $t
                } else {
                    Self::from_wide(halves[0] as u128 | (halves[1] as u128) << 64)
                }
            }
            #[inline(always)]
            fn to_wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn bit(index: u32) -> Self {
                1 << index
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn highest(self) -> u32 {
                <$t>::BITS - 1 - self.leading_zeros()
            }
            #[inline(always)]
            fn shifted(self, by: i32) -> Self {
                if by >= 0 {
                    self << by
                } else {
                    self >> -by
                }
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

impl_bits!(u64);
impl_bits!(u128);

/// The set bits of a word, lowest first.
pub(crate) struct Ones<B>(pub B);

impl<B: Bits> Iterator for Ones<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_zero() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bits>() {
        let w = B::bit(3) | B::bit(B::CAPACITY as u32 - 1);
        assert_eq!(w.count(), 2);
        assert_eq!(w.lowest(), 3);
        assert_eq!(w.highest(), B::CAPACITY as u32 - 1);
        assert_eq!(w.first(true), 3);
        assert_eq!(Ones(w).collect::<Vec<_>>(), vec![3, B::CAPACITY as u32 - 1]);
        assert_eq!(B::from_wide(w.to_wide()), w);
        assert!(w.without_lowest().without_lowest().is_zero());
        assert_eq!(B::bit(3).shifted(2), B::bit(5));
        assert_eq!(B::bit(3).shifted(-3), B::bit(0));
    }

    #[test]
    fn both_words_behave_alike() {
        check::<u64>();
        check::<u128>();
    }
}
