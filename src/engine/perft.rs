//! Perft over any [`Game`](crate::game::Game): the leaf count of the legal move tree, for every variant
//! (obstacle chess's walls and effects included), with bulk counting at the last ply. A
//! position the variant's rules have decided has no moves, as Fairy-Stockfish, python-chess
//! and shakmaty count (unless `end_rules` is off: the move generator's count alone).
//! `core::perft` stays the core's own yardstick on bare positions.

use crate::game::Searchable;

/// Reusable move buffers, one per ply, so that counting allocates nothing after warm-up.
pub struct Perft<M> {
    buffers: Vec<Vec<M>>,
    /// Count the legal moves at the last ply instead of making each one.
    pub bulk: bool,
    /// A decided position ([`Game::is_decided`](crate::game::Game::is_decided)) has no moves.
    pub end_rules: bool,
    /// Hand a subtree to the core's own walk where the game says no rule of its own acts
    /// there ([`Searchable::core_walk`]); off: every node goes through the game (for tests and
    /// benchmarks of that path).
    pub core_walk: bool,
}

impl<M: Copy> Perft<M> {
    /// A counter with no buffers yet, end rules on; `bulk`: count the last ply's moves without
    /// making them.
    pub fn new(bulk: bool) -> Perft<M> {
        Perft {
            buffers: Vec::new(),
            bulk,
            end_rules: true,
            core_walk: true,
        }
    }

    /// Leaves at `depth` plies below `game`'s position.
    pub fn count<V: Searchable<Move = M>>(&mut self, game: &mut V, depth: u32) -> u64 {
        if let Some(pos) = game.core_walk(depth).filter(|_| self.core_walk) {
            // No rule of the game acts below here: the core's own walk counts the same tree.
            let mut core = crate::core::perft::Perft::new(self.bulk);
            core.arrivals = game.core_arrivals();
            return core.count(&mut pos.clone(), depth);
        }
        while self.buffers.len() <= depth as usize {
            self.buffers.push(Vec::with_capacity(256));
        }
        self.walk(game, depth)
    }

    fn walk<V: Searchable<Move = M>>(&mut self, game: &mut V, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.end_rules && game.is_decided() {
            return 0;
        }
        let mut moves = std::mem::take(&mut self.buffers[depth as usize]);
        if depth == 1 && self.bulk {
            let n = game.count_legal_moves(&mut moves);
            self.buffers[depth as usize] = moves;
            return n as u64;
        }
        moves.clear();
        game.legal_moves(&mut moves);
        let mut nodes = 0;
        for &m in &moves {
            game.make(m);
            // The leaf needs no call of its own: it is one node.
            nodes += if depth == 1 {
                1
            } else {
                self.walk(game, depth - 1)
            };
            game.unmake();
        }
        self.buffers[depth as usize] = moves;
        nodes
    }

    /// Leaf counts per root move, in generation order, with each move's coordinate text.
    pub fn divide<V: Searchable<Move = M>>(
        &mut self,
        game: &mut V,
        depth: u32,
    ) -> Vec<(String, u64)> {
        let mut moves = Vec::new();
        if !(self.end_rules && game.is_decided()) {
            game.legal_moves(&mut moves);
        }
        moves
            .into_iter()
            .map(|m| {
                let text = game.coordinate_text(m);
                game.make(m);
                let n = if depth <= 1 {
                    1
                } else {
                    self.count(game, depth - 1)
                };
                game.unmake();
                (text, n)
            })
            .collect()
    }
}
