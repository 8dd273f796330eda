//! The engine at obstacle chess: it searches [`ObstacleChess`] on the board as the side to
//! move may know it (trapdoors and mines fire inside the search, so known ones are avoided by
//! look-ahead).
//!
//! What the engine may know: the board it is given is first reduced to the engine's view by
//! [`engine_view`]: hidden trapdoors are removed (the board file does not say who placed a
//! hidden trapdoor, so none is treated as the engine's own secret); mines, open trapdoors and
//! walls are public.

use crate::core::Square;
use crate::engine::{Engine, Limits, SearchResult};
use crate::variants::obstacle::obstacle_chess::{action_text, ObstacleChess, ObstacleMove};
use crate::variants::obstacle::ObstacleBoard;

pub use crate::variants::obstacle::knowledge::view_without;

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

/// The engine's action on `board` within `movetime_ms`, with its game-file text.
pub fn best_obstacle_move(
    board: &ObstacleBoard,
    movetime_ms: u64,
) -> Option<(ObstacleMove, String)> {
    let mut game = ObstacleChess::new(engine_view(board));
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
    let mut game = ObstacleChess::new(view.clone());
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
