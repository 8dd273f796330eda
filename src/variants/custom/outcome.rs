//! The end of a game of a file-defined variant, judged after each move.

use crate::core::{Color, PositionHistory};

use super::{CustomVariant, StalemateResult};

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantFileOutcome {
    Win { winner: Color, reason: &'static str },
    Draw { reason: &'static str },
}

/// The outcome of the game's current position, or `None` while it goes on. Checked in this
/// order: extinction, reaching the goal rank (the side that just moved first), no legal move
/// (checkmate or stalemate), fifty moves, threefold repetition.
pub fn outcome(variant: &CustomVariant, game: &mut PositionHistory) -> Option<VariantFileOutcome> {
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
            return Some(VariantFileOutcome::Win {
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
                return Some(VariantFileOutcome::Win {
                    winner: side,
                    reason: "goal rank reached",
                });
            }
        }
    }
    let status = game.status();
    if status.legal_moves == 0 {
        if status.checkmate && variant.end.checkmate {
            return Some(VariantFileOutcome::Win {
                winner: mover,
                reason: "checkmate",
            });
        }
        return Some(match variant.end.stalemate {
            StalemateResult::Draw => VariantFileOutcome::Draw {
                reason: "stalemate",
            },
            StalemateResult::Loss => VariantFileOutcome::Win {
                winner: mover,
                reason: "stalemate",
            },
            StalemateResult::Win => VariantFileOutcome::Win {
                winner: to_move,
                reason: "stalemate",
            },
        });
    }
    if variant.end.fifty_move && status.fifty_moves {
        return Some(VariantFileOutcome::Draw {
            reason: "fifty moves",
        });
    }
    if variant.end.threefold && status.threefold {
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
