//! Variant files against the computer: the chess search over the file's rules, with the
//! file's end of game (extinction, goal rank, stalemate as a win or loss, and whether the
//! fifty-move rule and repetition apply). The search does not see fixed trapdoors and mines
//! (the game applies them after each move) and never places obstacles itself: the computer
//! moves pieces only.

use crate::core::{Move, Position};
use crate::engine::{Engine, Limits, SearchResult};
use crate::variants::custom::CustomVariant;

use crate::variants::core_game::Ends;

/// The search's view of how a game of `variant` ends.
pub fn ends_of(variant: &CustomVariant) -> Ends {
    variant.end.clone()
}

/// The engine's move in `pos`, a position of `variant`, within `movetime_ms` (`None` when
/// there is no legal move). `history`: keys of the game's earlier positions.
pub fn best_custom_move(
    variant: &CustomVariant,
    pos: &Position,
    history: &[u64],
    movetime_ms: u64,
) -> SearchResult<Move> {
    let mut game = super::variant::game(variant, pos.clone());
    game.set_history(history);
    Engine::new(18).search(&mut game, &Limits::movetime(movetime_ms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::coordinate::to_uci;
    use crate::variants::core_game::CoreGame;
    use crate::variants::custom::load_variant_file;
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
        let best = best_custom_move(&variant, &pos, &[], 200)
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
        assert!(!ends.fifty_move && !ends.repetition);
        assert_eq!(ends.dead_position, DeadPosition::Never);
        let pos = variant
            .position_from_fen("8/8/7r/8/8/7R/8/R7 w - - 0 1")
            .expect("a position");
        // Taking the last black rook is an extinction win (chess would call it stalemate).
        let best = best_custom_move(&variant, &pos, &[], 200)
            .best
            .expect("a move");
        assert_eq!(to_uci(&pos, best), "h3h6");
    }
}
