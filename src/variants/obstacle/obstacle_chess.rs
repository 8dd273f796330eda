//! Obstacle chess as one [`Game`]: piece moves and walls, with what trapdoors and mines do,
//! made and taken back. The game file's record, the table and the search all play this type;
//! the legality and the effects are the obstacle module's own functions ([`super::game`]).
//!
//! Walls are legal moves; the search tries them only when no piece move exists (stalemate is
//! then avoided by placing a wall, as the rules allow) — placing walls as a plan is not
//! searched. Secret placements are not moves of this type: they happen before the first move
//! ([`super::ObstacleGame`] makes them).

use crate::core::{Color, Move, MoveFlag, Square, Undo};
use crate::engine::eval::{self, PieceValues};
use crate::game::{Game, MoveRefused, Searchable, Terminal, VariantId};
use crate::notation::coordinate;
use crate::variants::obstacle::effects::{self, Fallout};
use crate::variants::obstacle::game::{
    legal_piece_moves_into, place_wall, play_piece_move_recorded, wall_check,
};
use crate::variants::obstacle::walls::WallSide;
use crate::variants::obstacle::{write_board, ObstacleBoard};

/// One action of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ObstacleMove {
    /// A piece move (castling and promotion included).
    Piece(Move),
    /// A wall placed on this side of this square.
    Wall(Square, WallSide),
}

/// The game-file text of an action (`e2-e4`, `e7-e8=Q`, `0-0`, `|e4`, `_e4`).
pub fn action_text(board: &ObstacleBoard, m: ObstacleMove) -> String {
    match m {
        ObstacleMove::Wall(s, WallSide::West) => format!("|{s}"),
        ObstacleMove::Wall(s, WallSide::South) => format!("_{s}"),
        ObstacleMove::Piece(m) => {
            let pos = board.position();
            if let Some(zeros) = coordinate::castle_zeros(pos, m) {
                return zeros.to_string();
            }
            let mut text = format!("{}-{}", board.square(m.from), board.square(m.to));
            if let Some(k) = m.promotion {
                text.push('=');
                text.push(pos.rules().kind(k).letter);
            }
            text
        }
    }
}

/// Obstacle chess, the rules type: a board played on by moves and walls that are made and
/// taken back (the effects of trapdoors and mines are recorded for that: the core's undo
/// alone cannot restore them). The game file's record ([`crate::variants::obstacle::ObstacleGame`])
/// plays its moves on one; the engine searches one built on its view of the board.
#[derive(Clone, Debug)]
pub struct ObstacleChess {
    /// The board now: moves are made on it and taken back (no copy per node).
    board: ObstacleBoard,
    /// What each move made so far changed, innermost last.
    taken: Vec<Taken>,
    /// The effect records of the moves made, by depth; kept between moves for their room.
    fallouts: Vec<Fallout>,
    /// The effect record of the legality tests (a move tried and taken back).
    probe: Fallout,
    /// Room for the legal piece moves of a node.
    pieces: Vec<Move>,
    values: PieceValues,
    /// Root actions not to play.
    root_exclude: Vec<ObstacleMove>,
}

/// How to take one move back.
#[derive(Clone, Debug)]
enum Taken {
    /// A piece move: the core's undo (its effects are in `fallouts` at the same depth).
    Piece(Move, Undo),
    /// A wall: the board before it (walls are searched only when no piece can move: rare).
    Wall(Box<ObstacleBoard>),
}

impl ObstacleChess {
    /// Plays `board` as given: every obstacle on it is known to whoever plays (the whole
    /// board for a game file; [`crate::variants::obstacle::search::engine_view`] or a seat's
    /// view for the engine).
    pub fn new(board: ObstacleBoard) -> ObstacleChess {
        let values = PieceValues::for_rules(board.position().rules());
        ObstacleChess {
            board,
            taken: Vec::with_capacity(64),
            fallouts: Vec::new(),
            probe: Fallout::default(),
            pieces: Vec::with_capacity(64),
            values,
            root_exclude: Vec::new(),
        }
    }

    /// The board, to place a secret trapdoor or mine before the first move (a change that is
    /// never taken back: no move made so far is affected).
    pub(super) fn board_before_moves(&mut self) -> Option<&mut ObstacleBoard> {
        self.taken.is_empty().then_some(&mut self.board)
    }

    /// Leaves these actions out at the root (they were refused by the real game).
    pub fn exclude_at_root(&mut self, moves: &[ObstacleMove]) {
        self.root_exclude = moves.to_vec();
    }

    /// The actions searched: piece moves, or walls when no piece can move.
    fn actions(&mut self, out: &mut Vec<ObstacleMove>) {
        self.pieces.clear();
        legal_piece_moves_into(&mut self.board, &mut self.probe, &mut self.pieces);
        out.extend(self.pieces.iter().map(|&m| ObstacleMove::Piece(m)));
        if self.pieces.is_empty() {
            self.walls(out);
        }
    }

    /// Every wall the side to move may place.
    fn walls(&self, out: &mut Vec<ObstacleMove>) {
        let board = &self.board;
        for rank in 0..8 {
            for file in 0..8 {
                for side in [WallSide::West, WallSide::South] {
                    let s = Square::new(file, rank);
                    if wall_check(board, s, side).is_ok() {
                        out.push(ObstacleMove::Wall(s, side));
                    }
                }
            }
        }
    }

    /// The board: the one it was given, with the moves made since played.
    pub fn board(&self) -> &ObstacleBoard {
        &self.board
    }
}

impl Game for ObstacleChess {
    type Move = ObstacleMove;

    fn id(&self) -> VariantId {
        VariantId::Obstacle
    }

    fn side_to_move(&self) -> Color {
        self.board.position().side_to_move()
    }

    fn move_text(&mut self, m: ObstacleMove) -> String {
        action_text(&self.board, m)
    }

    /// A piece move or a wall in the game-file notation (secret placements are not actions
    /// of the searched game).
    fn parse_move(&mut self, text: &str) -> Result<ObstacleMove, MoveRefused> {
        let text = text.trim();
        let wall = match text.as_bytes().first() {
            Some(b'|') => Some(WallSide::West),
            Some(b'_') => Some(WallSide::South),
            _ => None,
        };
        if let Some(side) = wall {
            let s = Square::parse(&text[1..])
                .ok_or_else(|| MoveRefused::new(format!("{text}: no such square")))?;
            return match wall_check(&self.board, s, side) {
                Ok(()) => Ok(ObstacleMove::Wall(s, side)),
                Err(fault) => Err(MoveRefused::new(fault.explain())),
            };
        }
        self.pieces.clear();
        legal_piece_moves_into(&mut self.board, &mut self.probe, &mut self.pieces);
        let board = &self.board;
        self.pieces
            .iter()
            .map(|&m| ObstacleMove::Piece(m))
            .find(|&m| action_text(board, m) == text)
            .ok_or_else(|| MoveRefused::new(format!("{text} is not a legal move here")))
    }

    fn board_file(&self) -> String {
        write_board(&self.board)
    }

    fn coordinate_text(&mut self, m: ObstacleMove) -> String {
        match m {
            ObstacleMove::Piece(m) => coordinate::to_uci(self.board.position(), m),
            wall => action_text(&self.board, wall),
        }
    }

    /// Piece moves and every wall the side to move may place.
    fn legal_moves(&mut self, out: &mut Vec<ObstacleMove>) {
        self.pieces.clear();
        legal_piece_moves_into(&mut self.board, &mut self.probe, &mut self.pieces);
        out.extend(self.pieces.iter().map(|&m| ObstacleMove::Piece(m)));
        self.walls(out);
    }

    fn make(&mut self, m: ObstacleMove) {
        let depth = self.taken.len();
        if self.fallouts.len() <= depth {
            self.fallouts.push(Fallout::default());
        }
        let taken = match m {
            ObstacleMove::Piece(m) => {
                let fallout = &mut self.fallouts[depth];
                Taken::Piece(m, play_piece_move_recorded(&mut self.board, m, fallout))
            }
            ObstacleMove::Wall(s, side) => {
                let before = Box::new(self.board.clone());
                place_wall(&mut self.board, s, side);
                Taken::Wall(before)
            }
        };
        self.taken.push(taken);
    }

    fn unmake(&mut self) {
        match self.taken.pop() {
            Some(Taken::Piece(m, undo)) => {
                let depth = self.taken.len();
                effects::undo(&mut self.board, &mut self.fallouts[depth]);
                self.board.position_mut().unmake(m, undo);
            }
            Some(Taken::Wall(before)) => self.board = *before,
            None => {}
        }
    }

    fn key(&self) -> u64 {
        let b = self.board();
        b.position().key() ^ b.extras_digest()
    }

    fn terminal(&self) -> Option<Terminal> {
        let pos = self.board().position();
        let us = pos.side_to_move();
        match (pos.royal_count(us), pos.royal_count(us.other())) {
            (0, 0) => Some(Terminal::Draw),
            (0, _) => Some(Terminal::Loss),
            (_, 0) => Some(Terminal::Win),
            _ if pos.halfmove_clock() >= 100 => Some(Terminal::Draw),
            _ => None,
        }
    }

    /// A king fallen through a trapdoor or blown up ends the game (spec: checkmate, or
    /// stalemate when both went at once).
    fn is_decided(&self) -> bool {
        let pos = self.board().position();
        pos.royal_count(Color::White) == 0 || pos.royal_count(Color::Black) == 0
    }

    fn no_moves(&self) -> Terminal {
        let pos = self.board().position();
        if pos.in_check(pos.side_to_move()) {
            Terminal::Loss
        } else {
            Terminal::Draw
        }
    }
}

impl Searchable for ObstacleChess {
    /// Walls are searched only when no piece can move (placing walls as a plan is not
    /// searched); actions the real game refused are left out at the root.
    fn search_moves(&mut self, out: &mut Vec<ObstacleMove>) {
        let start = out.len();
        self.actions(out);
        if self.taken.is_empty() && !self.root_exclude.is_empty() {
            let exclude = &self.root_exclude;
            let mut i = start;
            while i < out.len() {
                if exclude.contains(&out[i]) {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }
    fn evaluate(&mut self) -> i32 {
        eval::evaluate(self.board().position(), &self.values)
    }
    fn is_noisy(&self, m: ObstacleMove) -> bool {
        match m {
            ObstacleMove::Piece(m) => {
                m.flag == MoveFlag::EnPassant
                    || m.promotion.is_some()
                    || self.board().position().piece_at(m.to).is_some()
            }
            ObstacleMove::Wall(..) => false,
        }
    }
    fn capture_order(&self, m: ObstacleMove) -> i32 {
        match m {
            ObstacleMove::Piece(m) => self.values.capture_order(self.board().position(), m),
            ObstacleMove::Wall(..) => 0,
        }
    }
    fn history_slots(&self) -> usize {
        let cells = self.board().position().rules().shape.cells();
        cells * cells + 128
    }
    fn history_slot(&self, m: ObstacleMove) -> usize {
        let cells = self.board().position().rules().shape.cells();
        match m {
            ObstacleMove::Piece(m) => m.from as usize * cells + m.to as usize,
            ObstacleMove::Wall(s, side) => {
                cells * cells + (s.rank as usize * 8 + s.file as usize) * 2 + side as usize
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::obstacle::parse_board;

    /// Two plies of every action made and taken back leave the searched board as it was
    /// (pieces, walls, obstacles, clocks, key), mines and walls included.
    #[test]
    fn make_and_unmake_restore_the_board() {
        let text =
            "r...k..r\npppppppp\n........\n...M....\n..|.M....\n........\nPPPPPPPP\nR...K..R\n\
w 2 3 + + + + - 0\n";
        let mut search = ObstacleChess::new(parse_board(text.as_bytes()).unwrap());
        let snapshot = |s: &ObstacleChess| (write_board(s.board()), s.key());
        let root = snapshot(&search);
        let mut first = Vec::new();
        search.legal_moves(&mut first);
        for m in first {
            search.make(m);
            let inner = snapshot(&search);
            let mut second = Vec::new();
            search.legal_moves(&mut second);
            for r in second {
                search.make(r);
                search.unmake();
                assert_eq!(snapshot(&search), inner, "{m:?} then {r:?}");
            }
            search.unmake();
            assert_eq!(snapshot(&search), root, "{m:?}");
        }
        // Walls: a king alone with walls left has only walls to play when it cannot move.
        let walled =
            "k.......\n........\n.Q......\n........\n........\n........\n........\n.......K\n\
b 0 1 - - - - - 0\n";
        let mut search = ObstacleChess::new(parse_board(walled.as_bytes()).unwrap());
        let root = snapshot(&search);
        let mut walls = Vec::new();
        search.legal_moves(&mut walls);
        assert!(
            walls.iter().all(|m| matches!(m, ObstacleMove::Wall(..))),
            "{walls:?}"
        );
        for m in walls {
            search.make(m);
            search.unmake();
            assert_eq!(snapshot(&search), root, "{m:?}");
        }
    }
}
