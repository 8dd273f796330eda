//! The end of a game of a file-defined variant, judged after each move.

use crate::core::Color;

use crate::game::{Game, Terminal};
use crate::variants::core_game::CoreGame;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantFileOutcome {
    /// `winner` won; `reason` is `extinction`, `goal rank reached`, `checkmate` or
    /// `stalemate`.
    Win {
        /// The side that won.
        winner: Color,
        /// Why, in words.
        reason: &'static str,
    },
    /// A draw; `reason` is `stalemate`, `insufficient material` (the file's dead-position
    /// rule), `fifty moves` or `threefold repetition`.
    Draw {
        /// Why, in words.
        reason: &'static str,
    },
}

/// The outcome of the game's current position by its ends (a variant file's game, see
/// [`super::variant::game`]), or `None` while it goes on. Checked in this
/// order: extinction and reaching the goal rank (as the search judges them,
/// [`Ends`](crate::variants::core_game::Ends)), no legal move
/// (checkmate or stalemate), a dead position by the file's rule, fifty moves, threefold
/// repetition (FIDE's count of the game's positions, [`CoreGame::repetitions`]).
pub fn outcome(game: &mut CoreGame) -> Option<VariantFileOutcome> {
    let to_move = game.position().side_to_move();
    let mover = to_move.other();
    let end = game.ends().clone();
    if let Some((result, reason)) = end.decided_why(game.position()) {
        return Some(match result {
            Terminal::Win => VariantFileOutcome::Win {
                winner: to_move,
                reason,
            },
            Terminal::Loss => VariantFileOutcome::Win {
                winner: mover,
                reason,
            },
            Terminal::Draw => VariantFileOutcome::Draw { reason },
        });
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        if game.position().is_check() && end.checkmate {
            return Some(VariantFileOutcome::Win {
                winner: mover,
                reason: "checkmate",
            });
        }
        return Some(match end.stalemate {
            Terminal::Draw => VariantFileOutcome::Draw {
                reason: "stalemate",
            },
            Terminal::Loss => VariantFileOutcome::Win {
                winner: mover,
                reason: "stalemate",
            },
            Terminal::Win => VariantFileOutcome::Win {
                winner: to_move,
                reason: "stalemate",
            },
        });
    }
    if end.dead_position.is_dead(game.position()) {
        return Some(VariantFileOutcome::Draw {
            reason: "insufficient material",
        });
    }
    if end.fifty_move && game.position().halfmove_clock() >= 100 {
        return Some(VariantFileOutcome::Draw {
            reason: "fifty moves",
        });
    }
    if end.repetition && game.repetitions() >= 3 {
        return Some(VariantFileOutcome::Draw {
            reason: "threefold repetition",
        });
    }
    None
}

impl std::fmt::Display for VariantFileOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VariantFileOutcome::Win { winner, reason } => {
                write!(f, "{} wins ({reason})", winner.name())
            }
            VariantFileOutcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}
