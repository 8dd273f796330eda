//! The end of a game of a file-defined variant, judged after each move, as the one end type
//! every game has ([`GameEnd`]).

use crate::core::Color;
use crate::variants::counting::MaterialCount;

use crate::game::{Game, GameEnd, Score, Terminal};
use crate::variants::core_game::CoreGame;

/// A win for `winner` by a rule of the file, in its words: `extinction: white wins`.
fn won(winner: Color, reason: &str) -> GameEnd {
    GameEnd::VariantRule {
        score: Score::Win(winner),
        sentence: format!("{reason}: {} wins", winner.name()),
    }
}

/// A draw by a rule of the file, in its words: `draw by stalemate`.
fn drawn(reason: &str) -> GameEnd {
    GameEnd::VariantRule {
        score: Score::Draw,
        sentence: format!("draw by {reason}"),
    }
}

/// The end of the game's current position by its ends (a variant file's game, see
/// [`super::variant::game`]), or `None` while it goes on. Checked in this
/// order: extinction and reaching the goal rank (as the search judges them,
/// [`Ends`](crate::variants::core_game::Ends)), no legal move
/// (checkmate or stalemate), a dead position by the file's rule (`insufficient material`),
/// fifty moves, threefold repetition (FIDE's count of the game's positions,
/// [`CoreGame::repetitions`]).
pub fn outcome(game: &mut CoreGame) -> Option<GameEnd> {
    let to_move = game.position().side_to_move();
    let mover = to_move.other();
    let end = game.ends().clone();
    let by_result = |result: Terminal, reason: &str| match result {
        Terminal::Win => won(to_move, reason),
        Terminal::Loss => won(mover, reason),
        Terminal::Draw => drawn(reason),
    };
    if let Some((result, reason)) = end.decided_why(game.position()) {
        return Some(by_result(result, &reason.to_string()));
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        if game.position().is_check() && end.checkmate {
            if let Some(rules) = &end.mate_rules {
                return Some(match rules.judge(game.position(), game.played()) {
                    Terminal::Loss => GameEnd::Checkmate { winner: mover },
                    other => by_result(other, "checkmate by the mate rule"),
                });
            }
            return Some(match end.checkmated {
                Terminal::Loss => GameEnd::Checkmate { winner: mover },
                other => by_result(other, "checkmated"),
            });
        }
        return Some(by_result(
            end.stalemate_result(game.position()),
            "stalemate",
        ));
    }
    if end.dead_position.is_dead(game.position()) {
        return Some(drawn("insufficient material"));
    }
    let counted =
        |game: &CoreGame| MaterialCount::or_draw(end.material_count.as_ref(), game.position());
    if end.move_rule_reached(game.position()) {
        let reason = match end.move_rule {
            50 => "fifty moves".to_string(),
            n => format!("{n} moves"),
        };
        return Some(by_result(counted(game), &reason));
    }
    if let Some(why) = game.pass_end() {
        return Some(by_result(counted(game), why.reason()));
    }
    if let Some(result) = game.repetition_end() {
        let reason = match end.repetition.map(|r| r.count) {
            Some(3) => "threefold repetition".to_string(),
            Some(n) => format!("{n}-fold repetition"),
            None => "repetition".to_string(),
        };
        return Some(by_result(result, &reason));
    }
    None
}
