//! A small seeded random generator (SplitMix64) for the baseline players and random gaps.

use crate::core::zobrist::splitmix;

/// A SplitMix64 generator: the same seed gives the same numbers on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator whose sequence `seed` fixes.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        splitmix(&mut self.0)
    }
    /// A number in `0..n` (`n > 0`; 0 gives 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (((self.next_u64() >> 11) as u128 * n as u128) >> 53) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_is_reproducible() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for n in 1..50 {
            let x = a.below(n);
            assert!(x < n);
            assert_eq!(x, b.below(n));
        }
        assert_eq!(a.below(0), 0);
    }
}
