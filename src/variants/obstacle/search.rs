//! Obstacle chess as a [`Game`], over the obstacle module's own legality and effects
//! (trapdoors and mines fire inside the search, so known ones are avoided by look-ahead).
//!
//! What the engine may know: the board it is given is first reduced to the engine's view by
//! [`engine_view`]: hidden trapdoors are removed (the board file does not say who placed a
//! hidden trapdoor, so none is treated as the engine's own secret); mines, open trapdoors and
//! walls are public. Walls are generated only when no piece move exists (stalemate is then
//! avoided by placing a wall, as the rules allow) — placing walls as a plan is not searched.

use crate::core::{Color, Move, MoveFlag, Square, Undo};
use crate::engine::eval::{self, PieceValues};
use crate::engine::{Engine, Limits, SearchResult};
use crate::game::{Game, MoveRefused, Terminal, VariantId};
use crate::notation::coordinate;
use crate::variants::obstacle::effects::{self, Fallout};
use crate::variants::obstacle::game::{
    legal_piece_moves_into, place_wall, play_piece_move_recorded, wall_check,
};
use crate::variants::obstacle::walls::WallSide;
use crate::variants::obstacle::{write_board, ObstacleBoard};

pub use crate::variants::obstacle::knowledge::view_without;

/// One action of the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ObstacleMove {
    /// A piece move (castling and promotion included).
    Piece(Move),
    /// A wall placed on this side of this square.
    Wall(Square, WallSide),
}

/// The board as the side to move may know it: hidden trapdoors removed.
pub fn engine_view(board: &ObstacleBoard) -> ObstacleBoard {
    let mut view = board.clone();
    for rank in 0..8 {
        for file in 0..8 {
            let s = Square::new(file, rank);
            let mut o = view.obstacle(s);
            if o.hidden_trapdoor {
                o.hidden_trapdoor = false;
                view.set_obstacle(s, o);
            }
        }
    }
    view
}

/// The game-file text of an action (`e2-e4`, `e7-e8=Q`, `0-0`, `|e4`, `_e4`).
pub fn action_text(board: &ObstacleBoard, m: ObstacleMove) -> String {
    match m {
        ObstacleMove::Wall(s, WallSide::West) => format!("|{s}"),
        ObstacleMove::Wall(s, WallSide::South) => format!("_{s}"),
        ObstacleMove::Piece(m) => {
            let pos = board.position();
            if let MoveFlag::Castle(i) = m.flag {
                let king_side = pos
                    .rules()
                    .castling
                    .get(i as usize)
                    .is_some_and(|c| c.king_side);
                return if king_side { "0-0" } else { "0-0-0" }.to_string();
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

/// An obstacle board being searched (a stack of boards: the effects are not reversible
/// through the core's undo).
#[derive(Clone, Debug)]
pub struct ObstacleSearch {
    /// The position searched: moves are made on it and taken back (no copy per node).
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

impl ObstacleSearch {
    /// Searches `board` as the side to move sees it ([`engine_view`]).
    pub fn new(board: &ObstacleBoard) -> ObstacleSearch {
        ObstacleSearch::knowing(engine_view(board))
    }

    /// Searches `view` exactly as given: the caller has already removed what the side to
    /// move may not know ([`engine_view`], [`view_without`]).
    pub fn knowing(view: ObstacleBoard) -> ObstacleSearch {
        let values = PieceValues::for_rules(view.position().rules());
        ObstacleSearch {
            board: view,
            taken: Vec::with_capacity(64),
            fallouts: Vec::new(),
            probe: Fallout::default(),
            pieces: Vec::with_capacity(64),
            values,
            root_exclude: Vec::new(),
        }
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

    /// The board being searched: the view it was given, with the line's moves played.
    pub fn board(&self) -> &ObstacleBoard {
        &self.board
    }
}

impl Game for ObstacleSearch {
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

/// The engine's action on `board` within `movetime_ms`, with its game-file text.
pub fn best_obstacle_move(
    board: &ObstacleBoard,
    movetime_ms: u64,
) -> Option<(ObstacleMove, String)> {
    let mut game = ObstacleSearch::new(board);
    let mut engine = Engine::new(16);
    let r: SearchResult<ObstacleMove> = engine.search(&mut game, &Limits::movetime(movetime_ms));
    let best = r.best?;
    Some((best, action_text(board, best)))
}

/// The engine's action on `view` (the board as the side to move knows it, used as given),
/// leaving out `exclude`; with its game-file text and the search's value for the mover.
pub fn best_obstacle_move_knowing(
    view: &ObstacleBoard,
    movetime_ms: u64,
    exclude: &[ObstacleMove],
) -> Option<(ObstacleMove, String, i32)> {
    let mut game = ObstacleSearch::knowing(view.clone());
    game.exclude_at_root(exclude);
    let mut engine = Engine::new(16);
    let r: SearchResult<ObstacleMove> = engine.search(&mut game, &Limits::movetime(movetime_ms));
    let best = r.best?;
    Some((best, action_text(view, best), r.value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::obstacle::{parse_board, ObstacleGame};

    const MATE: &str = "......k.\n.....ppp\n........\n........\n........\n........\n.....PPP\nR.....K.\nw 0 0 - - - - - 0\n";

    /// Two plies of every action made and taken back leave the searched board as it was
    /// (pieces, walls, obstacles, clocks, key), mines and walls included.
    #[test]
    fn make_and_unmake_restore_the_board() {
        use crate::variants::obstacle::write_board;
        let text =
            "r...k..r\npppppppp\n........\n...M....\n..|.M....\n........\nPPPPPPPP\nR...K..R\n\
w 2 3 + + + + - 0\n";
        let mut search = ObstacleSearch::new(&parse_board(text.as_bytes()).unwrap());
        let snapshot = |s: &ObstacleSearch| (write_board(s.board()), s.key());
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
        let mut search = ObstacleSearch::new(&parse_board(walled.as_bytes()).unwrap());
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

    #[test]
    fn finds_the_back_rank_mate_and_the_game_accepts_it() {
        let board = parse_board(MATE.as_bytes()).unwrap();
        let (_, text) = best_obstacle_move(&board, 300).unwrap();
        assert_eq!(text, "a1-a8");
        let mut game = ObstacleGame::new(board);
        game.play(&text).unwrap();
        assert!(game.is_over());
    }

    #[test]
    fn hidden_trapdoors_are_not_in_the_engine_view() {
        let text = MATE.replacen("........\n", "...D....\n", 1);
        let board = parse_board(text.as_bytes()).unwrap();
        let view = engine_view(&board);
        assert!(board.obstacle(Square::new(3, 5)).hidden_trapdoor);
        assert!(!view.obstacle(Square::new(3, 5)).hidden_trapdoor);
    }

    #[test]
    fn the_opponents_secrets_are_not_in_the_view_and_excluded_moves_are_not_played() {
        let text = "......k.\n.....ppp\n........\n...X....\n........\n........\n.....PPP\nR.....K.\nw 0 0 - - - - - 0\n";
        let board = parse_board(text.as_bytes()).unwrap();
        let d5 = Square::new(3, 4);
        assert!(board.obstacle(d5).mine);
        let view = view_without(&board, &[d5], &[d5]);
        assert!(view.obstacle(d5).is_none());
        let (m, text, _) = best_obstacle_move_knowing(&view, 100, &[]).unwrap();
        assert_eq!(text, "a1-a8");
        let (_, other, _) = best_obstacle_move_knowing(&view, 100, &[m]).unwrap();
        assert_ne!(other, "a1-a8");
    }
}
