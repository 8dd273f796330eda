//! What a variant's own ends add to the piece table's evaluation, so the search plays the
//! game the rules describe and not chess: read from the ends ([`Ends`]) alone, never from a
//! variant's name.
//!
//! - Losing every piece wins (antichess, giveaway): material counts the other way.
//! - Goal squares (King of the Hill, Racing Kings) and goal ranks: a goal piece near its goal
//!   is worth more the nearer it is.
//! - A check limit (three-check): checks given are worth more the fewer are left to give.

use crate::core::{Color, KindId, Position, Sq};
use crate::engine::eval::{self, PieceValues};
use crate::game::Terminal;
use crate::variants::core_game::Ends;

/// Bonus of a goal piece by its distance (king steps) to its nearest goal square; 0 beyond.
const NEAR_GOAL: [i32; 10] = [0, 300, 180, 110, 70, 45, 30, 20, 12, 6];

/// Bonus by the checks still to give before the limit: one left, two left, three left.
const CHECKS_LEFT: [i32; 3] = [420, 170, 60];

/// How many times king safety counts where pieces in hand can be dropped beside a king, on a
/// board whose king shelters on its back rank (crazyhouse). Not in shogi's family (promotion
/// zones), whose kings build their castles a rank or two up: the back-rank measure of king
/// safety tripled there lost shogi games (1/6 against 4/6).
const DROP_KING_SAFETY: i32 = 3;

/// The evaluation of `pos` for the side to move, as its ends make the game.
pub fn evaluate(pos: &Position, values: &PieceValues, ends: &Ends) -> i32 {
    let us = pos.side_to_move();
    let them = us.other();
    let losing_wins = ends.no_pieces == Some(Terminal::Win)
        || ends
            .extinction
            .as_ref()
            .is_some_and(|e| e.losing_pieces_wins());
    let mut score = if losing_wins {
        // Fewer and lesser pieces are better where losing them all wins.
        material(pos, values, them) - material(pos, values, us)
    } else {
        // A goal on the far rank for the royal piece makes its back rank no shelter: the
        // royal piece is meant to run (a goal in the centre keeps it sheltered till then).
        let king_safety = if royal_race(pos, ends) {
            0
        } else if pos.rules().options.drops && !pos.rules().options.zone_promotion {
            DROP_KING_SAFETY
        } else {
            1
        };
        eval::evaluate_with(pos, values, king_safety)
    };
    for goal in &ends.goals {
        for (side, sign) in [(us, 1), (them, -1)] {
            if goal.applies_to(side) {
                score += sign * near_goal(pos, side, goal.kind, &goal.squares);
            }
        }
    }
    if let Some((kind, rank)) = ends.reach_rank {
        score += near_rank(pos, us, kind, rank) - near_rank(pos, them, kind, rank);
    }
    if let Some(limit) = ends.check_limit {
        score += checks_bonus(pos, us, limit) - checks_bonus(pos, them, limit);
    }
    score
}

/// Is the royal piece's goal the far rank, every square of it (a race of royal pieces)?
fn royal_race(pos: &Position, ends: &Ends) -> bool {
    let rules = pos.rules();
    let shape = &rules.shape;
    let far = shape.ranks().saturating_sub(1);
    ends.goals.iter().any(|g| {
        rules.kind(g.kind).royal
            && g.squares.len() == usize::from(shape.files())
            && g.squares.iter().all(|&sq| shape.rank_of(sq) == far)
    })
}

/// The value of `color`'s pieces on the board and in hand.
fn material(pos: &Position, values: &PieceValues, color: Color) -> i32 {
    let mut total = 0;
    pos.pieces(color).for_each(|sq| {
        if let Some(p) = pos.piece_at(sq) {
            total += values.value(p.kind).max(100);
        }
    });
    total
}

/// King steps from `from` to `to`.
fn steps(pos: &Position, from: Sq, to: Sq) -> usize {
    let shape = &pos.rules().shape;
    let df = (shape.file_of(from) as i32 - shape.file_of(to) as i32).unsigned_abs();
    let dr = (shape.rank_of(from) as i32 - shape.rank_of(to) as i32).unsigned_abs();
    df.max(dr) as usize
}

/// The bonus of `color`'s goal piece nearest to a goal square.
fn near_goal(pos: &Position, color: Color, kind: KindId, squares: &[Sq]) -> i32 {
    let mut best = 0;
    pos.pieces(color).for_each(|sq| {
        if pos.piece_at(sq).is_some_and(|p| p.kind == kind) {
            let nearest = squares.iter().map(|&g| steps(pos, sq, g)).min();
            if let Some(d) = nearest {
                best = best.max(NEAR_GOAL.get(d).copied().unwrap_or(0));
            }
        }
    });
    best
}

/// The bonus of `color`'s goal piece nearest to its goal rank (`rank`, 0-based, its own
/// counting).
fn near_rank(pos: &Position, color: Color, kind: Option<KindId>, rank: u8) -> i32 {
    let shape = &pos.rules().shape;
    let goal = shape.relative_rank(color, rank) as i32;
    let mut best = 0;
    pos.pieces(color).for_each(|sq| {
        if pos
            .piece_at(sq)
            .is_some_and(|p| kind.is_none_or(|k| p.kind == k))
        {
            let d = (shape.rank_of(sq) as i32 - goal).unsigned_abs() as usize;
            best = best.max(NEAR_GOAL.get(d).copied().unwrap_or(0));
        }
    });
    best
}

/// The bonus of the checks `color` has given, by how many are left to give.
fn checks_bonus(pos: &Position, color: Color, limit: u8) -> i32 {
    let given = pos.checks_given(color);
    if given == 0 || given >= limit {
        return 0;
    }
    let left = usize::from(limit - given);
    CHECKS_LEFT.get(left - 1).copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::registry::{self, AnyGame};

    fn core(name: &str, fen: &str) -> crate::variants::core_game::CoreGame {
        let record = registry::find(name).expect("shipped");
        match registry::open_fen(record.id, fen) {
            Ok(AnyGame::Core(game)) => game,
            _ => panic!("{name}: {fen}"),
        }
    }

    fn eval_of(name: &str, fen: &str) -> i32 {
        let game = core(name, fen);
        evaluate(
            game.position(),
            &PieceValues::for_rules(game.position().rules()),
            game.ends(),
        )
    }

    #[test]
    fn losing_material_is_good_where_losing_every_piece_wins() {
        // White has a queen more: good in chess, bad in antichess.
        let fen = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
        assert!(eval_of("standard", fen) > 500);
        assert!(eval_of("antichess", fen) < -500);
    }

    #[test]
    fn a_king_near_the_hill_is_worth_more() {
        let far = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let near = "4k3/8/8/8/8/4K3/8/8 w - - 0 1";
        assert!(eval_of("kingofthehill", near) > eval_of("kingofthehill", far) + 100);
        // In chess the king's walk is no gain.
        assert!(eval_of("standard", near) <= eval_of("standard", far) + 20);
    }

    #[test]
    fn checks_given_count_in_three_check() {
        let none = "4k3/8/8/8/8/8/8/4K2Q w - - 3+3 0 1";
        let two = "4k3/8/8/8/8/8/8/4K2Q w - - 1+3 0 1";
        assert!(eval_of("3check", two) > eval_of("3check", none) + 300);
    }

    #[test]
    fn a_racing_king_further_up_is_worth_more_to_its_side() {
        let behind = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
        let ahead = "8/8/8/8/7K/8/krbnNBR1/qrbnNBRQ w - - 0 1";
        assert!(eval_of("racingkings", ahead) > eval_of("racingkings", behind) + 30);
        // The same from the side to move's view: Black's rival is ahead.
        let theirs = "8/8/8/8/7K/8/krbnNBR1/qrbnNBRQ b - - 0 1";
        assert!(eval_of("racingkings", theirs) < eval_of("racingkings", behind) - 30);
    }

    /// Under a check limit the search looks a ply deeper in check: two plies of search see a
    /// win on the third (check, reply, the last check), which without the extension they
    /// could not.
    #[test]
    fn check_sequences_are_searched_through_under_a_check_limit() {
        use crate::engine::{Engine, Limits, Score};
        let mut game = core("3check", "4k3/8/8/8/8/8/8/R3K2Q w - - 2+3 0 1");
        let limits = Limits {
            max_depth: 2,
            ..Limits::movetime(60_000)
        };
        let result = Engine::new(16).search(&mut game, &limits);
        assert_eq!(result.score(), Score::WinIn(3), "{:?}", result.pv);
    }

    /// Where pieces in hand can be dropped beside a king, its exposure counts three times.
    #[test]
    fn an_exposed_king_costs_more_where_pieces_are_dropped() {
        let home = "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w - - 0 1";
        let out = "r3k2r/pppq1ppp/8/8/8/4K3/PPPQ1PPP/R6R w - - 0 1";
        let drop_home = "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R[] w - - 0 1";
        let drop_out = "r3k2r/pppq1ppp/8/8/8/4K3/PPPQ1PPP/R6R[] w - - 0 1";
        let chess = eval_of("standard", home) - eval_of("standard", out);
        let house = eval_of("crazyhouse", drop_home) - eval_of("crazyhouse", drop_out);
        assert!(chess > 0, "{chess}");
        assert!(house >= 3 * chess - 30, "{house} against {chess}");
    }
}
