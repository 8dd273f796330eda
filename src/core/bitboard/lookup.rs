//! Rides looked up instead of walked: per square, a table of the squares a list of rides
//! reaches for every occupancy of the squares that could cut them short, indexed by gathering
//! those squares' bits into a number (PEXT, parallel bit extract).
//!
//! Walking a ride costs a scan and a table read per vector: a rook's four vectors are four of
//! each. A lookup is one gather and one read for all of them. The tables are built from the
//! same `Reach` rays the walk reads (each entry is the walk's answer for one occupancy), so the
//! two agree by construction; `tests` below checks it over random occupancies anyway.
//!
//! Built only for boards of up to 64 squares (PEXT works on one 64-bit word) and only where
//! the processor gathers bits quickly: x86-64 with BMI2, but not AMD's processors before Zen 3,
//! which microcode the instruction (hundreds of cycles for a rook's mask). Elsewhere the rides
//! are walked, as before; both give the same squares.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};

use crate::core::bitboard::attacks::ride;
use crate::core::bitboard::bits::Bits;
use crate::core::bitboard::tables::Reach;

/// Most squares one table lets cut its rides short from one square: 2^12 entries a square,
/// what a rook needs in a corner of 8×8. Lists needing more are split by line family (a
/// queen's rides become a rook's and a bishop's tables) and then vector by vector.
const MOST_BLOCKERS: u32 = 12;

/// Most entries of one table (8 MiB): a ride list beyond it is walked.
const MOST_ENTRIES: usize = 1 << 20;

/// Most entries one set of rules may build (32 MiB), so that a variant file with many
/// differently ranged riders costs bounded time and memory: past it, rides are walked.
pub(crate) const RULES_BUDGET: usize = 1 << 22;

/// Tables in use, by the rays they cover: a queen's rook-like rides share the rook's table,
/// and rules built again (a Chess960 start, a variant file) reuse what exists. Held weakly:
/// a table lives as long as some rules use it.
type Cache = Mutex<HashMap<Vec<u64>, Weak<RideTable>>>;

/// Live tables past which the cache drops the keys of dead ones when it grows.
const CACHE_PRUNE_AT: usize = 64;

/// The lookup for one list of rides: one table per group of its vectors.
#[derive(Clone)]
pub(crate) struct RideLookup {
    tables: Vec<Arc<RideTable>>,
    /// Per square, one probe per table (`tables.len()` in a row): a lookup reads its probes
    /// from one place instead of following each table's pointers (those dependent loads were
    /// most of a lookup's time in a Kiwipete perft).
    probes: Box<[Probe]>,
}

/// One table's entry for one square, with the address of its first reached set.
#[derive(Copy, Clone)]
struct Probe {
    blockers: u64,
    first: *const u64,
}

// SAFETY: a probe's pointer reads the `reached` words of a table that its lookup's `tables`
// keeps alive and that nothing changes once built: read-only, it may be sent and shared.
unsafe impl Send for Probe {}
// SAFETY: as above.
unsafe impl Sync for Probe {}

/// One group of rides: per square, the squares that may cut them short and where its entries
/// start; per occupancy of those squares, every square the rides reach.
pub(crate) struct RideTable {
    squares: Vec<Entry>,
    reached: Vec<u64>,
}

#[derive(Copy, Clone)]
struct Entry {
    blockers: u64,
    offset: usize,
}

impl RideLookup {
    /// The lookup for `reaches` (rides on an empty board, each from every square), or nothing
    /// where rides are better walked: a board of more than 64 squares, a processor without a
    /// fast PEXT, more entries than a table may hold or than is left of `budget` (entries
    /// this set of rules may still build; what is built is taken off it).
    pub(crate) fn build<B: Bits>(
        reaches: &[&Reach<B>],
        budget: &Cell<usize>,
    ) -> Option<RideLookup> {
        if B::CAPACITY != 64 || reaches.is_empty() || !fast_pext() {
            return None;
        }
        Self::build_anyway(reaches, budget)
    }

    /// `build` whatever the processor (the tests check the tables on any machine).
    fn build_anyway<B: Bits>(reaches: &[&Reach<B>], budget: &Cell<usize>) -> Option<RideLookup> {
        let mut sorted = reaches.to_vec();
        sorted.sort_by_key(|r| (family(r.step), line(r.step), r.step));
        let squares = sorted[0].squares.len();
        let mut tables = Vec::new();
        let mut group: Vec<&Reach<B>> = Vec::new();
        for r in sorted {
            let fits = group
                .first()
                .is_some_and(|g| family(g.step) == family(r.step))
                && {
                    let mut with = group.clone();
                    with.push(r);
                    most_blockers(&with, squares) <= MOST_BLOCKERS
                };
            if !fits && !group.is_empty() {
                tables.push(RideTable::cached(&group, budget)?);
                group.clear();
            }
            group.push(r);
        }
        tables.push(RideTable::cached(&group, budget)?);
        let probes = (0..squares)
            .flat_map(|from| {
                tables.iter().map(move |t| {
                    let e = t.squares[from];
                    Probe {
                        blockers: e.blockers,
                        first: t.reached[e.offset..].as_ptr(),
                    }
                })
            })
            .collect();
        Some(RideLookup { tables, probes })
    }

    /// Every square the rides reach from bit `from` with `occupied` as the board (own pieces'
    /// squares included).
    #[inline(always)]
    pub(crate) fn reach<B: Bits>(&self, from: usize, occupied: B) -> B {
        let occupied = occupied.to_wide() as u64;
        let per = self.tables.len();
        debug_assert!((from + 1) * per <= self.probes.len());
        // SAFETY: `from` is a square's bit and there are `per` probes for every square; each
        // probe's gathered index has at most as many bits as its blockers, and 2^n entries
        // follow its `first` in a table `tables` keeps alive.
        unsafe {
            if per == 1 {
                // Most lists are one table (a rook's, a bishop's): no loop to set up.
                let p = self.probes.get_unchecked(from);
                return B::from_wide(*p.first.add(pext(occupied, p.blockers) as usize) as u128);
            }
            let probes = self.probes.get_unchecked(from * per..(from + 1) * per);
            let mut t = 0;
            for p in probes {
                t |= *p.first.add(pext(occupied, p.blockers) as usize);
            }
            B::from_wide(t as u128)
        }
    }
}

impl RideTable {
    /// The table for `group` (all of one board), found in the cache or built within `budget`.
    fn cached<B: Bits>(group: &[&Reach<B>], budget: &Cell<usize>) -> Option<Arc<RideTable>> {
        static CACHE: OnceLock<Cache> = OnceLock::new();
        // The board's size and the number of rays lead the key: rays alone can coincide across
        // boards (a one-file board's sideways rays are all empty, whatever its length).
        let squares = group[0].squares.len();
        let key: Vec<u64> = [squares as u64, group.len() as u64]
            .into_iter()
            .chain(
                group
                    .iter()
                    .flat_map(|r| r.squares.iter().map(|s| s.to_wide() as u64)),
            )
            .collect();
        let cache = CACHE.get_or_init(Cache::default);
        if let Some(t) = cache.lock().ok()?.get(&key).and_then(Weak::upgrade) {
            // Lookups index the table unchecked by square: it must have every one.
            return (t.squares.len() == squares).then_some(t);
        }
        // Built outside the lock: two threads may both build a table. The first copy in the
        // cache serves both (the second is dropped), so that rules built at the same time
        // still share one table (a test asks that a queen's rides share the rook's).
        let table = Arc::new(RideTable::new(group, budget)?);
        let mut map = cache.lock().ok()?;
        if let Some(t) = map.get(&key).and_then(Weak::upgrade) {
            return (t.squares.len() == squares).then_some(t);
        }
        if map.len() >= CACHE_PRUNE_AT {
            map.retain(|_, t| t.strong_count() > 0);
        }
        map.insert(key, Arc::downgrade(&table));
        Some(table)
    }

    fn new<B: Bits>(group: &[&Reach<B>], budget: &Cell<usize>) -> Option<RideTable> {
        let count = group[0].squares.len();
        let mut squares = Vec::with_capacity(count);
        let mut offset = 0;
        for from in 0..count {
            let blockers = blockers_of(group, from);
            squares.push(Entry { blockers, offset });
            offset += 1usize << blockers.count_ones();
            if offset > MOST_ENTRIES.min(budget.get()) {
                return None;
            }
        }
        budget.set(budget.get() - offset);
        let mut reached = vec![0u64; offset];
        prefault(&mut reached);
        for (from, entry) in squares.iter().enumerate() {
            // Each vector's ride depends on its own ray alone: tabulate it per subset of the
            // ray's blockers, then each entry is a gather and a read per vector (building from
            // whole walks took 8 M instructions for standard chess, most of a short run).
            let parts: Vec<(u64, Vec<u64>)> = group
                .iter()
                .map(|r| {
                    let mask = blockers_of(&[r], from);
                    let mut rides = vec![0u64; 1 << mask.count_ones()];
                    for_each_subset(mask, |occupied| {
                        rides[pext(occupied, mask) as usize] =
                            ride(r, from, B::from_wide(occupied as u128)).to_wide() as u64;
                    });
                    (mask, rides)
                })
                .collect();
            let n = 1usize << entry.blockers.count_ones();
            let out = &mut reached[entry.offset..entry.offset + n];
            // Rays that share squares (one vector at two ranges) are gathered per part and
            // entry: chosen part by part, their subsets would be walked once per part (the
            // sum of their sizes, not the size of their union, which bounds the table).
            let mut seen = 0u64;
            let disjoint = parts.iter().all(|(mask, _)| {
                let apart = seen & mask == 0;
                seen |= mask;
                apart
            });
            if disjoint {
                // A ray nothing can cut short (its vector leaves the board at once, or no
                // square of it is a blocker) has one ride: it goes into every entry. The ray
                // with the most subsets is walked innermost, so that most entries come from
                // one tight loop: with the empty rays innermost, as they sorted, every entry
                // of a rook's table cost a call (38 instructions an entry, two thirds of a
                // one-game process's start).
                let always = parts
                    .iter()
                    .filter(|(mask, _)| *mask == 0)
                    .fold(0u64, |m, (_, rides)| m | rides[0]);
                let mut varying: Vec<(u64, &[u64])> = parts
                    .iter()
                    .filter(|(mask, _)| *mask != 0)
                    .map(|(mask, rides)| (*mask, rides.as_slice()))
                    .collect();
                varying.sort_by_key(|(mask, _)| mask.count_ones());
                fill(&varying, entry.blockers, (0, always), out);
            } else {
                for_each_subset(entry.blockers, |occupied| {
                    out[pext(occupied, entry.blockers) as usize] =
                        parts.iter().fold(0u64, |m, (mask, rides)| {
                            m | rides[pext(occupied, *mask) as usize]
                        });
                });
            }
        }
        Some(RideTable { squares, reached })
    }
}

/// Writes into `out` (indexed by the gather of an occupancy with `blockers`) the union of
/// each part's ride for every occupancy of the parts' masks, the squares in `above`
/// (occupancy, union) already chosen by the callers. A part's subsets, walked in increasing
/// order (the carry-rippler walk), gather to 0, 1, 2, …: its rides are read in order, with
/// no gather per part, and each entry costs one gather for its slot (a gather per part and
/// entry was most of building the standard tables, a third of a short run's start).
fn fill(parts: &[(u64, &[u64])], blockers: u64, above: (u64, u64), out: &mut [u64]) {
    let (occupied, union) = above;
    let Some(((mask, rides), rest)) = parts.split_first() else {
        out[pext(occupied, blockers) as usize] = union;
        return;
    };
    let mut subset = 0u64;
    for &ride in *rides {
        if rest.is_empty() {
            out[pext(occupied | subset, blockers) as usize] = union | ride;
        } else {
            fill(rest, blockers, (occupied | subset, union | ride), out);
        }
        subset = subset.wrapping_sub(*mask) & *mask;
    }
}

/// Has the kernel back a large table's pages in one call before the table is written: a
/// rook's table is 205 pages, and taking a fault on each as the build first wrote it was
/// a fifth of a short run's start. Smaller tables, other systems, and a kernel without
/// the call (before Linux 5.14: the call fails and changes nothing) fault as before.
fn prefault(words: &mut [u64]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let bytes = std::mem::size_of_val(words);
        if bytes < 16 * PAGE {
            return;
        }
        let start = words.as_mut_ptr() as usize;
        let first = start.next_multiple_of(PAGE);
        let end = (start + bytes) / PAGE * PAGE;
        if end > first {
            // SAFETY: the range lies inside `words`, memory this process owns and holds
            // mutably; MADV_POPULATE_WRITE only faults its pages in, as writing them would,
            // leaving their contents (zeros) as they are.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    end - first,
                    libc::MADV_POPULATE_WRITE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = words;
}

/// Calls `f` with every subset of `mask` (the empty one first), by the carry-rippler walk.
fn for_each_subset(mask: u64, mut f: impl FnMut(u64)) {
    let mut subset = 0u64;
    loop {
        f(subset);
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
}

/// The line a vector runs along: it and its opposite give the same, so that they are grouped
/// next to each other.
fn line(step: (i8, i8)) -> (i8, i8) {
    let back = (-step.0, -step.1);
    step.max(back)
}

/// The rides' line family: vectors alike but for sign and order (a rook's four, a bishop's
/// four, a nightrider's eight) share a table before the families mix.
fn family(step: (i8, i8)) -> (u8, u8) {
    let (a, b) = (step.0.unsigned_abs(), step.1.unsigned_abs());
    (a.min(b), a.max(b))
}

/// The squares that may cut the group's rides short from bit `from`: every square of each
/// ray but its last (a piece there is reached either way).
fn blockers_of<B: Bits>(group: &[&Reach<B>], from: usize) -> u64 {
    group.iter().fold(0u64, |m, r| {
        let ray = r.squares[from].to_wide() as u64;
        if ray == 0 {
            return m;
        }
        let last = if r.rises {
            63 - ray.leading_zeros()
        } else {
            ray.trailing_zeros()
        };
        m | (ray & !(1u64 << last))
    })
}

fn most_blockers<B: Bits>(group: &[&Reach<B>], squares: usize) -> u32 {
    (0..squares)
        .map(|from| blockers_of(group, from).count_ones())
        .max()
        .unwrap_or(0)
}

/// Does this processor gather bits in a few cycles?
pub(crate) fn fast_pext() -> bool {
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(detect_fast_pext)
}

#[cfg(target_arch = "x86_64")]
fn detect_fast_pext() -> bool {
    if !std::arch::is_x86_feature_detected!("bmi2") {
        return false;
    }
    let v = std::arch::x86_64::__cpuid(0);
    let (vendor, signature) = ([v.ebx, v.edx, v.ecx], std::arch::x86_64::__cpuid(1).eax);
    let vendor: Vec<u8> = vendor.iter().flat_map(|w| w.to_le_bytes()).collect();
    let family = match (signature >> 8) & 0xf {
        0xf => 0xf + ((signature >> 20) & 0xff),
        base => base,
    };
    // Zen 1 and 2 (family 0x17) and Hygon's Zen 1 (0x18) microcode PEXT; Zen 3 is 0x19.
    let amd_before_zen3 = (vendor == b"AuthenticAMD" || vendor == b"HygonGenuine") && family < 0x19;
    !amd_before_zen3
}

#[cfg(not(target_arch = "x86_64"))]
fn detect_fast_pext() -> bool {
    false
}

/// The bits of `word` under `mask`, packed into the low bits in order.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pext(word: u64, mask: u64) -> u64 {
    if cfg!(test) && !fast_pext() {
        return soft_pext(word, mask);
    }
    let out: u64;
    // SAFETY: tables exist only where `fast_pext` found BMI2 (the tests' own builds fall back
    // to `soft_pext` above); the instruction touches registers only.
    unsafe {
        std::arch::asm!(
            "pext {out}, {word}, {mask}",
            out = lateout(reg) out,
            word = in(reg) word,
            mask = in(reg) mask,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    out
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn pext(word: u64, mask: u64) -> u64 {
    soft_pext(word, mask)
}

/// PEXT one bit at a time: for building tables where the instruction is missing (tests) or
/// not compiled for.
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
fn soft_pext(word: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut bit = 1;
    while mask != 0 {
        if word & mask & mask.wrapping_neg() != 0 {
            out |= bit;
        }
        mask &= mask - 1;
        bit <<= 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::bitboard::tables::reach_on;
    use crate::core::geometry::BoardShape;
    use crate::core::zobrist::splitmix;

    /// The lookup gives what walking every ride gives, from every square, over random boards.
    fn agrees(files: usize, ranks: usize, vectors: &[(i32, i32)], range: u8) -> usize {
        let rides: Vec<(i32, i32, u8)> = vectors.iter().map(|&(x, y)| (x, y, range)).collect();
        agrees_ranged(files, ranks, &rides)
    }

    /// `agrees` with a range per vector.
    fn agrees_ranged(files: usize, ranks: usize, rides: &[(i32, i32, u8)]) -> usize {
        let shape = BoardShape::new(files, ranks, 2).expect("a valid shape");
        let reaches: Vec<Reach<u64>> = rides
            .iter()
            .map(|&(dx, dy, range)| reach_on(&shape, dx, dy, range))
            .collect();
        let refs: Vec<&Reach<u64>> = reaches.iter().collect();
        let budget = Cell::new(RULES_BUDGET);
        let lookup = RideLookup::build_anyway(&refs, &budget).expect("tables within bounds");
        let squares = files * ranks;
        let board = if squares == 64 {
            u64::MAX
        } else {
            (1u64 << squares) - 1
        };
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for from in 0..squares {
            // ANDing draws thins the board out (density 0: about half full).
            for density in [3u32, 1, 0] {
                for _ in 0..64 {
                    let mut occupied = splitmix(&mut seed);
                    for _ in 0..density {
                        occupied &= splitmix(&mut seed);
                    }
                    occupied &= board;
                    let walked = refs.iter().fold(0u64, |m, r| m | ride(r, from, occupied));
                    assert_eq!(lookup.reach(from, occupied), walked, "from {from}");
                }
            }
        }
        lookup.tables.len()
    }

    const ROOK: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

    #[test]
    fn rook_bishop_and_queen_on_8x8() {
        assert_eq!(agrees(8, 8, &ROOK, 255), 1);
        assert_eq!(agrees(8, 8, &BISHOP, 255), 1);
        let queen: Vec<_> = ROOK.iter().chain(&BISHOP).copied().collect();
        // A rook's table and a bishop's: the families do not mix.
        assert_eq!(agrees(8, 8, &queen, 255), 2);
    }

    #[test]
    fn other_shapes_riders_and_ranges() {
        let night = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        agrees(8, 8, &night, 255);
        agrees(7, 9, &ROOK, 3);
        agrees(5, 5, &[(0, 1), (1, 1)], 255);
        // A rank of 16 files needs 14 blockers alone: split vector by vector.
        assert!(agrees(16, 4, &ROOK, 255) >= 2);
        agrees(1, 1, &ROOK, 255);
    }

    #[test]
    fn one_vector_at_two_ranges_agrees() {
        // Rays that share squares are tabulated entry by entry, not part by part.
        assert_eq!(
            agrees_ranged(8, 8, &[(1, 0, 255), (1, 0, 2), (0, 1, 255)]),
            1
        );
        agrees_ranged(6, 7, &[(1, 1, 3), (1, 1, 255), (-1, -1, 2)]);
    }

    fn lookup_of(vectors: &[(i32, i32)], budget: &Cell<usize>) -> Option<RideLookup> {
        let shape = BoardShape::new(8, 8, 2).expect("a valid shape");
        let reaches: Vec<Reach<u64>> = vectors
            .iter()
            .map(|&(dx, dy)| reach_on(&shape, dx, dy, 255))
            .collect();
        RideLookup::build_anyway(&reaches.iter().collect::<Vec<_>>(), budget)
    }

    #[test]
    fn a_queen_shares_the_rook_table_and_costs_nothing_more() {
        let budget = Cell::new(RULES_BUDGET);
        let rook = lookup_of(&ROOK, &budget).expect("within budget");
        let spent = RULES_BUDGET - budget.get();
        let queen: Vec<_> = BISHOP.iter().chain(&ROOK).copied().collect();
        let queen = lookup_of(&queen, &budget).expect("within budget");
        assert!(queen.tables.iter().any(|t| Arc::ptr_eq(t, &rook.tables[0])));
        // Only the bishop's table was new.
        assert!(RULES_BUDGET - budget.get() - spent < 6000);
    }

    #[test]
    fn past_the_budget_rides_are_walked() {
        // Three rook vectors: a group no other test builds, so no cached table answers.
        let budget = Cell::new(100);
        assert!(lookup_of(&[(0, 1), (0, -1), (1, 0)], &budget).is_none());
        assert_eq!(budget.get(), 100);
    }

    #[test]
    fn boards_whose_rays_coincide_get_their_own_tables() {
        // On one file, sideways rays are empty: a pair of them on 1×32 squares and one on 1×64
        // squares have the same rays, 64 empty words, but not the same number of squares.
        let budget = Cell::new(RULES_BUDGET);
        let mut alive = Vec::new(); // The cache holds tables only while something uses them.
        for (ranks, vectors) in [(32, &[(1, 0), (-1, 0)][..]), (64, &[(1, 0)][..])] {
            let shape = BoardShape::new(1, ranks, 2).expect("a valid shape");
            let reaches: Vec<Reach<u64>> = vectors
                .iter()
                .map(|&(dx, dy)| reach_on(&shape, dx, dy, 255))
                .collect();
            let lookup = RideLookup::build_anyway(&reaches.iter().collect::<Vec<_>>(), &budget)
                .expect("within budget");
            assert!(lookup.tables.iter().all(|t| t.squares.len() == ranks));
            assert_eq!(lookup.reach(ranks - 1, u64::MAX), 0u64);
            alive.push(lookup);
        }
    }

    #[test]
    fn soft_pext_packs_in_order() {
        assert_eq!(soft_pext(0b1011_0100, 0b1111_0000), 0b1011);
        assert_eq!(soft_pext(0b1010, 0b1010), 0b11);
        assert_eq!(soft_pext(u64::MAX, 0), 0);
    }
}
