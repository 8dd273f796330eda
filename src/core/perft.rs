//! Perft: counting leaf nodes of the legal move tree, the yardstick of move generation.

use crate::core::moves::Move;
use crate::core::position::Position;

/// Squares whose reaching ends the game: a move that brings a piece with one of `codes` (cell
/// codes) onto a cell marked in `cells` leaves a position with no moves (a goal square).
#[derive(Clone, Debug, Default)]
pub struct Arrivals {
    /// The cell codes of the pieces whose arrival counts.
    pub codes: Vec<u8>,
    /// Per mailbox cell: does arriving there end the game?
    pub cells: Vec<bool>,
}

impl Arrivals {
    /// Did the move just made to `to` end the game?
    #[inline]
    fn ended_by(&self, pos: &Position, to: crate::core::geometry::Sq) -> bool {
        self.cells.get(to as usize).copied().unwrap_or(false)
            && self.codes.contains(&pos.cell(to as usize))
    }
}

/// Reusable move buffers, one per ply, so that counting allocates nothing after warm-up.
pub struct Perft {
    buffers: Vec<Vec<Move>>,
    /// Count the legal moves at the last ply instead of making each one.
    pub bulk: bool,
    /// Where arriving ends the game (none by default).
    pub arrivals: Option<Arrivals>,
}

impl Perft {
    /// A counter with no buffers yet; `bulk`: count the last ply's moves without making them.
    pub fn new(bulk: bool) -> Perft {
        Perft {
            buffers: Vec::new(),
            bulk,
            arrivals: None,
        }
    }

    /// Leaf nodes of the legal move tree `depth` plies deep (1 at depth 0).
    pub fn count(&mut self, pos: &mut Position, depth: u32) -> u64 {
        while self.buffers.len() <= depth as usize {
            self.buffers.push(Vec::with_capacity(256));
        }
        match (pos.rules.move_hooks(), self.arrivals.is_some()) {
            (true, true) => self.walk::<true, true>(pos, depth),
            (true, false) => self.walk::<true, false>(pos, depth),
            (false, true) => self.walk::<false, true>(pos, depth),
            (false, false) => self.walk::<false, false>(pos, depth),
        }
    }

    /// `HOOKS`: see `Position::make_with`. `ARRIVALS`: `arrivals` is set (an instance
    /// without the test keeps the plain walk as it was).
    fn walk<const HOOKS: bool, const ARRIVALS: bool>(
        &mut self,
        pos: &mut Position,
        depth: u32,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = std::mem::take(&mut self.buffers[depth as usize]);
        if depth == 1 && self.bulk {
            let n = pos.legal_move_count_with(&mut moves);
            self.buffers[depth as usize] = moves;
            return n as u64;
        }
        moves.clear();
        pos.legal_moves_any_order(&mut moves);
        let mut nodes = 0;
        for &m in &moves {
            // No key is read below: only the hooks' make keeps it (they may read it).
            let undo = if HOOKS {
                pos.make_with::<true, true>(m)
            } else {
                pos.make_with::<false, false>(m)
            };
            // The leaf needs no call of its own: it is one node.
            nodes += if depth == 1 {
                1
            } else if ARRIVALS
                && self
                    .arrivals
                    .as_ref()
                    .is_some_and(|a| a.ended_by(pos, m.to))
            {
                // The game is over there: no moves below.
                0
            } else {
                self.walk::<HOOKS, ARRIVALS>(pos, depth - 1)
            };
            pos.unmake_with::<HOOKS>(m, undo);
        }
        self.buffers[depth as usize] = moves;
        nodes
    }

    /// Node counts per root move, in generation order.
    pub fn divide(&mut self, pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
        let moves = pos.legal_move_list();
        moves
            .into_iter()
            .map(|m| {
                let undo = pos.make(m);
                let n = if depth <= 1 {
                    1
                } else {
                    self.count(pos, depth - 1)
                };
                pos.unmake(m, undo);
                (m, n)
            })
            .collect()
    }
}

/// Leaf count at `depth` with bulk counting.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    Perft::new(true).count(pos, depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::custom::builtin;
    use crate::variants::standard;

    /// The walk makes moves without keeping the Zobrist key (`make_with`'s `KEY`): every
    /// unmake must put it back, so the position after a count is the one before, key and
    /// all, and its key is still the one computed from scratch.
    #[test]
    fn a_count_leaves_the_position_and_its_key_as_they_were() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut positions = vec![standard::start(), standard::from_fen(kiwipete).unwrap()];
        for name in ["3check", "crazyhouse", "atomic"] {
            let shipped = builtin::by_name(name).expect("shipped");
            positions.push(shipped.variant.start_position().expect("its start"));
        }
        for mut pos in positions {
            let before = pos.clone();
            for bulk in [true, false] {
                Perft::new(bulk).count(&mut pos, 3);
                assert!(pos == before, "{}", pos.diagram());
                assert_eq!(pos.key(), pos.compute_key());
            }
        }
    }
}
