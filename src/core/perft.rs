//! Perft: counting leaf nodes of the legal move tree, the yardstick of move generation.

use crate::core::moves::Move;
use crate::core::position::Position;

/// Reusable move buffers, one per ply, so that counting allocates nothing after warm-up.
pub struct Perft {
    buffers: Vec<Vec<Move>>,
    /// Count the legal moves at the last ply instead of making each one.
    pub bulk: bool,
}

impl Perft {
    /// A counter with no buffers yet; `bulk`: count the last ply's moves without making them.
    pub fn new(bulk: bool) -> Perft {
        Perft {
            buffers: Vec::new(),
            bulk,
        }
    }

    /// Leaf nodes of the legal move tree `depth` plies deep (1 at depth 0).
    pub fn count(&mut self, pos: &mut Position, depth: u32) -> u64 {
        while self.buffers.len() <= depth as usize {
            self.buffers.push(Vec::with_capacity(256));
        }
        if pos.rules.move_hooks() {
            self.walk::<true>(pos, depth)
        } else {
            self.walk::<false>(pos, depth)
        }
    }

    /// `HOOKS`: see `Position::make_with`.
    fn walk<const HOOKS: bool>(&mut self, pos: &mut Position, depth: u32) -> u64 {
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
        pos.legal_moves(&mut moves);
        let mut nodes = 0;
        for &m in &moves {
            let undo = pos.make_with::<HOOKS>(m);
            // The leaf needs no call of its own: it is one node.
            nodes += if depth == 1 {
                1
            } else {
                self.walk::<HOOKS>(pos, depth - 1)
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
