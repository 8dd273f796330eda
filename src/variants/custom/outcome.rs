//! The end of a game of a file-defined variant, judged after each move.

use crate::core::{Color, Game};

use super::{CustomVariant, StalemateResult};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: &'static str },
    Draw { reason: &'static str },
}

/// The outcome of the game's current position, or `None` while it goes on. Checked in this
/// order: extinction, reaching the goal rank (the side that just moved first), no legal move
/// (checkmate or stalemate), fifty moves, threefold repetition.
pub fn outcome(variant: &CustomVariant, game: &mut Game) -> Option<Outcome> {
    let pos = game.position();
    let to_move = pos.side_to_move();
    let mover = to_move.other();
    let rules = &variant.rules;
    for side in [to_move, mover] {
        if variant
            .end
            .extinction
            .iter()
            .any(|&k| pos.count(side, k) == 0)
        {
            return Some(Outcome::Win {
                winner: side.other(),
                reason: "extinction",
            });
        }
    }
    if let Some((kind, rank)) = variant.end.reach_rank {
        for side in [mover, to_move] {
            let goal = rules.shape.relative_rank(side, rank);
            let reached = pos.pieces(side).any(|sq| {
                rules.shape.rank_of(sq) == goal && pos.piece_at(sq).is_some_and(|p| p.kind == kind)
            });
            if reached {
                return Some(Outcome::Win {
                    winner: side,
                    reason: "goal rank reached",
                });
            }
        }
    }
    let status = game.status();
    if status.legal_moves == 0 {
        if status.checkmate && variant.end.checkmate {
            return Some(Outcome::Win {
                winner: mover,
                reason: "checkmate",
            });
        }
        return Some(match variant.end.stalemate {
            StalemateResult::Draw => Outcome::Draw {
                reason: "stalemate",
            },
            StalemateResult::Loss => Outcome::Win {
                winner: mover,
                reason: "stalemate",
            },
            StalemateResult::Win => Outcome::Win {
                winner: to_move,
                reason: "stalemate",
            },
        });
    }
    if variant.end.fifty_move && status.fifty_moves {
        return Some(Outcome::Draw {
            reason: "fifty moves",
        });
    }
    if variant.end.threefold && status.threefold {
        return Some(Outcome::Draw {
            reason: "threefold repetition",
        });
    }
    None
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{} wins ({reason})", winner.name()),
            Outcome::Draw { reason } => write!(f, "draw ({reason})"),
        }
    }
}
