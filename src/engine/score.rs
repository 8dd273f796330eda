//! Search scores: centipawns, with proven wins and losses as "mate-like" scores near ±`WIN`.

use std::fmt;

/// Score of a win on the spot; a win `n` plies ahead scores `WIN - n`.
pub const WIN: i32 = 30_000;
/// Scores beyond this are proven results.
pub const PROVEN: i32 = WIN - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = WIN + 1;

/// The largest move-order value `mvv_lva` gives (and `Game::capture_order` may).
pub const CAPTURE_ORDER_MAX: i32 = (1 << 24) - 1;

/// Order among captures: the most valuable victim first, and among equal victims the least
/// valuable attacker (centipawns; victims above 16383 and attackers above 1023 count as those).
pub fn mvv_lva(victim: i32, attacker: i32) -> i32 {
    (victim.clamp(0, 0x3FFF) << 10) + (1023 - attacker.clamp(0, 1023))
}

/// A proven win `plies` ahead.
pub fn win_in(plies: u32) -> i32 {
    WIN - plies.min(999) as i32
}

/// A proven loss `plies` ahead.
pub fn loss_in(plies: u32) -> i32 {
    -win_in(plies)
}

/// Converts a score relative to a node `ply` plies below the root into one relative to the
/// root (proven results are counted from the root).
pub fn from_node(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score - ply as i32
    } else if score < -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// The inverse of `from_node` (for storing in the transposition table).
pub fn to_node(score: i32, ply: u32) -> i32 {
    if score > PROVEN {
        score + ply as i32
    } else if score < -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

/// A score as reported to people: centipawns, or a proven result in plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation in centipawns, from the side to move's view.
    Centipawns(i32),
    /// The side to move wins in this many plies.
    WinIn(u32),
    /// The side to move loses in this many plies.
    LossIn(u32),
}

impl Score {
    /// The report of a search value (centipawns, or a proven result near ±`WIN`), from the side
    /// to move's view.
    pub fn from_value(v: i32) -> Score {
        if v > PROVEN {
            Score::WinIn((WIN - v) as u32)
        } else if v < -PROVEN {
            Score::LossIn((WIN + v) as u32)
        } else {
            Score::Centipawns(v)
        }
    }
    /// Whether this is a proven win or loss rather than an evaluation.
    pub fn is_proven(self) -> bool {
        !matches!(self, Score::Centipawns(_))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Score::Centipawns(cp) => write!(f, "{cp} cp"),
            Score::WinIn(n) => write!(f, "win in {n} plies"),
            Score::LossIn(n) => write!(f, "loss in {n} plies"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mvv_lva_stays_in_range_and_ranks_victim_before_attacker() {
        assert!(mvv_lva(900, 100) > mvv_lva(900, 300));
        assert!(mvv_lva(500, 900) > mvv_lva(300, 100));
        for (v, a) in [(i32::MAX, -5), (-7, i32::MAX), (0, 0), (16_383, 0)] {
            assert!((0..=CAPTURE_ORDER_MAX).contains(&mvv_lva(v, a)));
        }
    }

    #[test]
    fn proven_scores_round_trip_through_node_and_root() {
        for ply in [0, 1, 7] {
            for v in [win_in(3), loss_in(4), 0, 250, -PROVEN] {
                assert_eq!(from_node(to_node(v, ply), ply), v);
            }
        }
        assert_eq!(Score::from_value(from_node(win_in(1), 2)), Score::WinIn(3));
        assert_eq!(Score::from_value(loss_in(2)), Score::LossIn(2));
        assert_eq!(Score::from_value(-40), Score::Centipawns(-40));
    }
}
