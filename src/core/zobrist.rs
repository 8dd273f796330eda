//! Zobrist hashing: one random key per (cell, piece code), side to move, castling right and
//! en passant file. Keys come from a fixed-seed generator so hashes are reproducible.

/// Key tables for one board layout and piece table.
#[derive(Clone, Debug)]
pub struct Zobrist {
    codes: usize,
    pieces: Vec<u64>,
    /// XORed in when Black is to move.
    pub side: u64,
    /// One key per castling right, by bit.
    pub castling: [u64; 8],
    /// One key per file of the en passant square.
    pub ep_file: [u64; 26],
    /// Per colour, one key per number of checks given (1..=15; none for 0, so positions of
    /// variants that count no checks keep their keys).
    pub checks: [[u64; 16]; 2],
    /// Where the rules have hands: per piece code, one key per count in hand (none for 0),
    /// `HAND_KEYS` per code. Empty otherwise, and made after every other key so that adding
    /// hands changes no other key.
    hand: Vec<u64>,
}

/// Counts in hand with a key from the table; a larger count's key is mixed from the code and
/// the count (`Zobrist::hand`), so that no count reads another kind's keys.
pub const HAND_KEYS: usize = 64;

/// The seed of the keys of counts in hand past the table.
const LARGE_HAND_SEED: u64 = 0x4A4D_0002_0BAD_5EED;

/// SplitMix64: small, fast and good enough for hashing keys.
pub fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    /// The keys for a mailbox of `cells` cells and a table of `kinds` piece kinds, always the
    /// same for the same sizes (fixed seed).
    pub fn new(cells: usize, kinds: usize) -> Zobrist {
        let mut state = 0x00C0_FFEE_D15E_A5E5;
        let codes = 2 * kinds + 1;
        let pieces = (0..cells * codes).map(|_| splitmix(&mut state)).collect();
        Zobrist {
            codes,
            pieces,
            side: splitmix(&mut state),
            castling: std::array::from_fn(|_| splitmix(&mut state)),
            ep_file: std::array::from_fn(|_| splitmix(&mut state)),
            checks: std::array::from_fn(|_| {
                std::array::from_fn(|n| if n == 0 { 0 } else { splitmix(&mut state) })
            }),
            hand: Vec::new(),
        }
    }

    /// Adds the keys of counts in hand (`RuleOptions::drops`), from a seed of their own.
    pub fn add_hand_keys(&mut self) {
        let mut state = 0x0BAD_5EED_4A4D_0001;
        self.hand = (0..self.codes * HAND_KEYS)
            .map(|i| {
                if i % HAND_KEYS == 0 {
                    0
                } else {
                    splitmix(&mut state)
                }
            })
            .collect();
    }

    /// Key of holding `n` pieces of `code` in hand (0 for none, or where there are no hands).
    /// Counts from [`HAND_KEYS`] on (a crazyhouse hand of 64 queens) have keys of their own,
    /// mixed from the code and the count rather than read from the table.
    #[inline]
    pub fn hand(&self, code: u8, n: u16) -> u64 {
        if self.hand.is_empty() {
            return 0;
        }
        if (n as usize) < HAND_KEYS {
            return self
                .hand
                .get(code as usize * HAND_KEYS + n as usize)
                .copied()
                .unwrap_or(0);
        }
        let mut state = LARGE_HAND_SEED ^ (u64::from(code) << 32) ^ u64::from(n);
        splitmix(&mut state)
    }

    /// Key of a gate of `color` on `cell` (`RuleOptions::gating`): the keys of the empty code,
    /// which no piece uses, White's as they are and Black's turned.
    #[inline]
    pub fn gate(&self, cell: usize, color: usize) -> u64 {
        self.pieces[cell * self.codes].rotate_left(color as u32 * 17)
    }

    /// Key of a blocker on `cell` (`RuleOptions::walling`): the empty code's keys turned
    /// further than the gates'.
    #[inline]
    pub fn blocker(&self, cell: usize) -> u64 {
        self.pieces[cell * self.codes].rotate_left(41)
    }

    /// Key of piece `code` (1-based cell code) on `cell`.
    #[inline]
    pub fn piece(&self, cell: usize, code: u8) -> u64 {
        self.pieces[cell * self.codes + code as usize]
    }

    /// `piece` without a bounds check.
    ///
    /// # Safety
    /// `cell` is a cell of the shape the keys were made for and `code` a piece code of its
    /// table.
    #[inline(always)]
    pub(crate) unsafe fn piece_unchecked(&self, cell: usize, code: u8) -> u64 {
        debug_assert!(cell * self.codes + (code as usize) < self.pieces.len());
        // SAFETY: the caller's promise; `pieces` has `cells * codes` keys.
        unsafe { *self.pieces.get_unchecked(cell * self.codes + code as usize) }
    }

    /// Combined key of a set of castling rights. Keys combine by XOR, so the change between
    /// two sets is the key of the rights in one but not the other: a move passes only those
    /// (one or two), and the loop visits only the rights present.
    #[inline]
    pub fn castling_rights(&self, mut rights: u8) -> u64 {
        let mut k = 0;
        while rights != 0 {
            k ^= self.castling[rights.trailing_zeros() as usize];
            rights &= rights - 1;
        }
        k
    }
}
