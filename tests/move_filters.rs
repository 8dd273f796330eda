//! Moves the rules' options filter, answered without making them where possible, against
//! making every pseudo-legal move and looking: atomic's explosions (who survives, kings side
//! by side, pins) and racing kings' "no move gives check", over random games from the start and
//! from crowded middlegames, with a seeded generator so a failure names its seed.

use chessrules::core::{Color, Move, Position};
use chessrules::engine::Rng;
use chessrules::variants::custom::builtin;

fn open(variant: &str, fen: Option<&str>) -> Position {
    let v = &builtin::by_name(variant)
        .expect("a shipped variant")
        .variant;
    match fen {
        Some(text) => v
            .position_from_fen(text)
            .unwrap_or_else(|e| panic!("{text}: {e}")),
        None => v.start_position().expect("the start position reads"),
    }
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut out: Vec<String> = moves.into_iter().map(|m| format!("{m:?}")).collect();
    out.sort();
    out
}

/// The pseudo-legal moves after which `ok(position, mover)` holds: legality by definition.
fn legal_by_making(pos: &mut Position, ok: fn(&Position, Color) -> bool) -> Vec<Move> {
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let us = pos.side_to_move();
    pseudo
        .into_iter()
        .filter(|&m| {
            let undo = pos.make(m);
            let keep = ok(pos, us);
            pos.unmake(m, undo);
            keep
        })
        .collect()
}

/// Atomic: the mover keeps a royal piece and is not in check after the move (or the enemy's
/// royal piece is gone).
fn atomic_by_making(pos: &mut Position) -> Vec<Move> {
    legal_by_making(pos, |pos, us| pos.royal_count(us) > 0 && !pos.in_check(us))
}

/// Racing kings: the move keeps the mover safe and does not put the other side in check.
fn racing_by_making(pos: &mut Position) -> Vec<Move> {
    legal_by_making(pos, |pos, us| {
        !pos.in_check(us) && !pos.in_check(us.other())
    })
}

fn random_games(variant: &str, starts: &[Option<&str>], by_making: fn(&mut Position) -> Vec<Move>) {
    let mut positions = 0;
    for seed in 0..40u64 {
        let start = starts[seed as usize % starts.len()];
        let mut rng = Rng::new(seed);
        let mut pos = open(variant, start);
        for ply in 0..80 {
            let listed = pos.legal_move_list();
            assert_eq!(
                sorted(listed.clone()),
                sorted(by_making(&mut pos)),
                "{variant}, seed {seed}, ply {ply}\n{}",
                pos.diagram()
            );
            positions += 1;
            if listed.is_empty() || pos.royal_count(pos.side_to_move()) == 0 {
                break;
            }
            // Captures first where there are some, so that explosions and open lines come soon.
            let captures: Vec<Move> = listed
                .iter()
                .copied()
                .filter(|&m| pos.is_capture(m))
                .collect();
            let pool = if !captures.is_empty() && rng.below(2) == 0 {
                captures
            } else {
                listed
            };
            pos.make(pool[rng.below(pool.len())]);
        }
    }
    assert!(positions > 1000, "{variant}: only {positions} positions");
}

#[test]
fn atomic_moves_agree_with_making_them() {
    random_games(
        "atomic",
        &[
            None,
            Some("rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1"),
            // Kings side by side, a pinned knight, queens on open lines.
            Some("8/3q4/8/3kK3/3N4/8/8/3R2Q1 w - - 0 1"),
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        ],
        atomic_by_making,
    );
}

#[test]
fn racing_kings_moves_agree_with_making_them() {
    random_games(
        "racingkings",
        &[None, Some("8/8/2k5/8/8/1K6/rbnN1BR1/q1bnNBRQ w - - 0 1")],
        racing_by_making,
    );
}
