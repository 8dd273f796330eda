//! Variant files against the computer: the chess search over the file's rules, with the
//! file's end of game (extinction, goal rank, stalemate as a win or loss, and whether the
//! fifty-move rule and repetition apply). It searches the game's own rules type, so the
//! file's trapdoors and mines act inside the search as in the game; the computer never places
//! obstacles itself: it moves pieces only.

use crate::core::Move;
use crate::engine::{Engine, Limits, SearchResult};
use crate::variants::custom::CustomVariant;

use crate::variants::core_game::{CoreGame, Ends};

/// The search's view of how a game of `variant` ends.
pub fn ends_of(variant: &CustomVariant) -> Ends {
    variant.end.clone()
}

/// The engine's move in `game`, a variant file's game (see [`super::variant::game`]), within
/// `movetime_ms` (`None` when there is no legal move).
pub fn best_custom_move(game: &CoreGame, movetime_ms: u64) -> SearchResult<Move> {
    let mut game = game.rooted_here();
    Engine::new(18).search(&mut game, &Limits::movetime(movetime_ms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::coordinate::to_uci;
    use crate::variants::custom::load_variant_file;
    use crate::variants::custom::variant::game;
    use crate::variants::dead_position::DeadPosition;

    /// Rooks only; a rook on its eighth rank wins. White can win a rook (what chess values) or
    /// reach the goal (what this file's rules value).
    const ROOK_RACE: &str = r#"
name = "rook race"
description = "first rook on the far rank wins"
[board]
files = 8
ranks = 8
start = "8/6r1/7r/8/8/7R/8/R7 w - - 0 1"
[[piece]]
letter = "R"
name = "rook"
betza = "R"
[end]
checkmate = false
reach_rank = { piece = "R", rank = 8 }
"#;

    #[test]
    fn the_file_s_goal_outweighs_material() {
        let variant = load_variant_file(ROOK_RACE).expect("a valid file");
        let pos = variant.start_position().expect("start");
        let best = best_custom_move(&game(&variant, pos.clone()), 200)
            .best
            .expect("a move");
        assert_eq!(to_uci(&pos, best), "a1a8");
        // With chess's ends the same search takes the rook instead: the ends decide.
        let mut chess = CoreGame::new(pos.clone(), &crate::variants::custom::variant::DIALECT);
        chess.set_ends(Ends {
            royal_capture: false,
            ..Ends::fide()
        });
        let r = Engine::new(16).search(&mut chess, &Limits::movetime(200));
        assert_eq!(to_uci(&pos, r.best.expect("a move")), "h3h6");
    }

    #[test]
    fn stalemate_and_extinction_follow_the_file() {
        let text = ROOK_RACE.replace(
            "reach_rank = { piece = \"R\", rank = 8 }",
            "extinction = [\"R\"]\nstalemate = \"win\"\nfifty_move = false\nthreefold = false",
        );
        let variant = load_variant_file(&text).expect("a valid file");
        let ends = ends_of(&variant);
        assert_eq!(ends.stalemate, crate::game::Terminal::Win);
        assert!(!ends.fifty_move && ends.repetition.is_none());
        assert_eq!(ends.dead_position, DeadPosition::Never);
        let pos = variant
            .position_from_fen("8/8/7r/8/8/7R/8/R7 w - - 0 1")
            .expect("a position");
        // Taking the last black rook is an extinction win (chess would call it stalemate).
        let best = best_custom_move(&game(&variant, pos.clone()), 200)
            .best
            .expect("a move");
        assert_eq!(to_uci(&pos, best), "h3h6");
    }

    /// A back-rank mate whose mating square holds one of the file's mines: the rook would blow
    /// up on arrival. The search plays the game's rules type, mines included, so it does not
    /// play the "mate"; without the mine it does.
    #[test]
    fn the_search_sees_the_file_s_mines() {
        use crate::variants::custom::builtin::STANDARD;
        let mined = load_variant_file(&format!("{STANDARD}\n[obstacles]\nmines = [\"a8\"]\n"))
            .expect("a valid file");
        let plain = load_variant_file(STANDARD).expect("a valid file");
        let fen_text = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
        let best = |v: &CustomVariant| {
            let pos = v.position_from_fen(fen_text).expect("a position");
            let m = best_custom_move(&game(v, pos.clone()), 300)
                .best
                .expect("a move");
            to_uci(&pos, m)
        };
        assert_eq!(best(&plain), "a1a8");
        assert_ne!(best(&mined), "a1a8");
    }
}
