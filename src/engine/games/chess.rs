//! Any variant whose rules are the core's alone (standard, fairy): core legal moves,
//! make/unmake, checkmate = loss, stalemate = draw (both course variants say so), the
//! fifty-move rule, repetition inside the search line and dead positions as draws, and the
//! generic evaluation from the piece table.

use crate::core::game::insufficient_material;
use crate::core::{Move, MoveFlag, Position, Undo};
use crate::engine::eval::{self, PieceValues};
use crate::engine::{Engine, Limits, SearchGame, SearchResult, Terminal};

/// A core position being searched.
#[derive(Clone, Debug)]
pub struct ChessSearch {
    pos: Position,
    values: PieceValues,
    undo: Vec<(Move, Undo)>,
    /// Keys of the positions on the line from the root (and of the game before it).
    keys: Vec<u64>,
    /// When not empty, the only root moves searched (UCI `go searchmoves`).
    root_moves: Vec<Move>,
    /// Fairy chess's clock rule: from this halfmove clock on, only captures and moves of
    /// clock-resetting pieces (pawns, soldiers) are legal, and no castling.
    clock_limit: Option<u32>,
}

impl ChessSearch {
    pub fn new(pos: Position) -> ChessSearch {
        let values = PieceValues::for_rules(pos.rules());
        ChessSearch::with_values(pos, values)
    }

    /// With values computed before (they depend only on the rules).
    pub fn with_values(pos: Position, values: PieceValues) -> ChessSearch {
        let keys = vec![pos.key()];
        ChessSearch {
            pos,
            values,
            undo: Vec::with_capacity(128),
            keys,
            root_moves: Vec::new(),
            clock_limit: None,
        }
    }

    /// From halfmove clock `limit` on, only captures and moves of clock-resetting pieces are
    /// legal (fairy chess, §5.2 rule 6 and §5.4 rule 3).
    pub fn set_clock_limit(&mut self, limit: Option<u32>) {
        self.clock_limit = limit;
    }

    /// Keys of earlier game positions, so the search sees repetitions of the game.
    pub fn set_history(&mut self, keys: &[u64]) {
        self.keys = keys.to_vec();
        self.keys.push(self.pos.key());
    }

    /// Restricts the root to `moves` (empty: every legal move).
    pub fn restrict_root(&mut self, moves: &[Move]) {
        self.root_moves = moves.to_vec();
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }
}

impl SearchGame for ChessSearch {
    type Move = Move;

    fn legal_moves(&mut self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pos.legal_moves(out);
        if self
            .clock_limit
            .is_some_and(|limit| self.pos.halfmove_clock() >= limit)
        {
            let pos = &self.pos;
            let allowed = |m: &Move| {
                !m.is_castle()
                    && (pos.piece_at(m.to).is_some()
                        || m.flag == MoveFlag::EnPassant
                        || pos
                            .piece_at(m.from)
                            .is_some_and(|p| pos.rules().kind(p.kind).resets_clock))
            };
            let mut i = start;
            while i < out.len() {
                if allowed(&out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
        if self.undo.is_empty() && !self.root_moves.is_empty() {
            let keep = &self.root_moves;
            let mut i = start;
            while i < out.len() {
                if keep.contains(&out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }

    fn make(&mut self, m: Move) {
        let u = self.pos.make(m);
        self.undo.push((m, u));
        self.keys.push(self.pos.key());
    }

    fn unmake(&mut self) {
        if let Some((m, u)) = self.undo.pop() {
            self.pos.unmake(m, u);
            self.keys.pop();
        }
    }

    fn key(&self) -> u64 {
        self.pos.key()
    }

    fn terminal(&self) -> Option<Terminal> {
        if self.pos.royal_count(self.pos.side_to_move()) == 0
            && self.pos.royal_count(self.pos.side_to_move().other()) > 0
        {
            return Some(Terminal::Loss);
        }
        if self.pos.halfmove_clock() >= 100 {
            return Some(Terminal::Draw);
        }
        let key = self.pos.key();
        let window = (self.pos.halfmove_clock() as usize + 1).min(self.keys.len());
        let earlier = &self.keys[self.keys.len() - window..self.keys.len().saturating_sub(1)];
        if earlier.iter().rev().skip(1).step_by(2).any(|&k| k == key) {
            return Some(Terminal::Draw);
        }
        if insufficient_material(&self.pos) {
            return Some(Terminal::Draw);
        }
        None
    }

    fn no_moves(&self) -> Terminal {
        if self.pos.in_check(self.pos.side_to_move()) {
            Terminal::Loss
        } else {
            Terminal::Draw
        }
    }

    fn evaluate(&mut self) -> i32 {
        eval::evaluate(&self.pos, &self.values)
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.flag == MoveFlag::EnPassant || m.promotion.is_some() || self.pos.piece_at(m.to).is_some()
    }

    fn history_slots(&self) -> usize {
        let cells = self.pos.rules().shape.cells();
        cells * cells
    }

    fn history_slot(&self, m: Move) -> usize {
        m.from as usize * self.pos.rules().shape.cells() + m.to as usize
    }
}

/// The engine's move in `pos` within `movetime_ms` (`None` when the side to move has no legal
/// move). `history` holds the keys of earlier positions of the game (for repetitions).
pub fn best_move_for(pos: &Position, history: &[u64], movetime_ms: u64) -> SearchResult<Move> {
    let mut game = ChessSearch::new(pos.clone());
    game.set_history(history);
    let mut engine = Engine::new(18);
    engine.search(&mut game, &Limits::movetime(movetime_ms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::coordinate::to_uci;
    use crate::variants::standard;

    fn best(fen: &str, depth: u32) -> String {
        let pos = standard::from_fen(fen).unwrap();
        let mut game = ChessSearch::new(pos.clone());
        let mut engine = Engine::new(16);
        let limits = Limits {
            max_depth: depth,
            ..Limits::movetime(60_000)
        };
        let r = engine.search(&mut game, &limits);
        to_uci(&pos, r.best.unwrap())
    }

    #[test]
    fn finds_mate_in_one() {
        // Back-rank mate: Ra8#.
        assert_eq!(best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3), "a1a8");
    }

    #[test]
    fn takes_a_hanging_queen() {
        assert_eq!(best("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 3), "d2d5");
    }

    #[test]
    fn checkmated_side_has_no_move_and_loses() {
        let pos = standard::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        let game = ChessSearch::new(pos);
        assert_eq!(game.no_moves(), Terminal::Loss);
    }
}
