//! The transposition table: one entry per slot, indexed by the low bits of the Zobrist key
//! and verified by the whole key; deeper results replace shallower ones of older searches.

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is the true value (every move searched within the window).
    Exact,
    /// The true value is at least the score (a beta cutoff).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub struct Entry<M> {
    /// The whole Zobrist key, to tell positions sharing a slot apart.
    pub key: u64,
    /// The best move found, if any: searched first when the position comes again.
    pub best: Option<M>,
    /// Node-relative score (see `score::to_node`).
    pub score: i32,
    /// Remaining depth the score was searched to, in plies.
    pub depth: i16,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    generation: u8,
}

/// A fixed-size transposition table, one entry per slot, kept from search to search.
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<M> {
        let n = 1usize << bits.min(26);
        Table {
            slots: vec![None; n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Empties every slot (a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    /// The entry for `key`, if its slot holds that position.
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[key as usize & self.mask]
            .as_ref()
            .filter(|e| e.key == key)
    }

    /// Stores a result for `key` unless its slot holds another position of this search searched
    /// deeper. `score` is node-relative; a result without a move keeps the position's old one.
    pub fn store(&mut self, key: u64, best: Option<M>, score: i32, depth: i16, bound: Bound) {
        let generation = self.generation;
        let slot = &mut self.slots[key as usize & self.mask];
        let replace = match slot {
            None => true,
            Some(e) => e.key == key || e.generation != generation || depth >= e.depth,
        };
        if replace {
            // Keep the old best move when the new result has none for the same position.
            let best = match (best, &*slot) {
                (None, Some(e)) if e.key == key => e.best,
                _ => best,
            };
            *slot = Some(Entry {
                key,
                best,
                score,
                depth,
                bound,
                generation,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_then_probe() {
        let mut t: Table<u8> = Table::new(4);
        t.store(0x35, Some(3), 12, 4, Bound::Exact);
        let e = t.probe(0x35).expect("stored");
        assert_eq!(
            (e.best, e.score, e.depth, e.bound),
            (Some(3), 12, 4, Bound::Exact)
        );
        assert!(t.probe(0x45).is_none(), "same slot, other key");
        t.store(0x35, None, 5, 6, Bound::Lower);
        assert_eq!(t.probe(0x35).map(|e| e.best), Some(Some(3)));
    }
}
