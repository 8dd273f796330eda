//! The orthodox shapes' pass against the general walk.

use std::collections::HashSet;

use crate::core::bitboard::{random_games, BitBackend};
use crate::core::moves::{Move, MoveFlag};
use crate::core::position::Position;
use crate::core::Backend;
use crate::variants::custom::builtin;
use crate::variants::{chess960, standard};

/// Positions with pins, en passant captures that uncover checks, promotions and
/// castlings through attacked squares (the chess programming wiki's perft positions and
/// a few of our own), Chess960 starts, and every shipped variant's start.
fn starts() -> Vec<Position> {
    let mut positions = vec![standard::start()];
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
        "8/8/3k4/8/3pP3/8/8/3RK3 b - e3 0 1",
        "4k3/8/8/2KpP2r/8/8/8/8 w - d6 0 1",
        "1k6/8/8/8/8/8/5p2/4K2R w K - 0 1",
    ] {
        positions.push(standard::from_fen(fen).expect("a FEN"));
    }
    for fen in [
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
    ] {
        positions.push(chess960::from_fen(fen).expect("a FEN"));
    }
    for file in builtin::shipped() {
        if let Some(Ok(pos)) = file.open().map(|s| s.variant.start_position()) {
            positions.push(pos);
        }
    }
    positions
}

/// Along random games from each start, wherever the orthodox count applies: it gives
/// the number of legal board moves the mailbox lists, and its list holds each of them
/// once.
#[test]
fn the_orthodox_count_and_list_are_the_mailboxs() {
    let mut counted = 0usize;
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for start in starts() {
        let rules = start.rules().clone();
        let (Some(orthodox), Some(BitBackend::Narrow(t))) =
            (rules.orthodox.as_deref(), rules.bits.as_deref())
        else {
            continue;
        };
        random_games::play(&start, 6, 120, &mut rng, |pos| {
            let us = pos.side.index();
            // Where the count is asked (`Position::board_move_count`).
            if pos.royal_count[us] == 1 && !pos.has_walls && !rules.options.filters_moves() {
                let oracle = pos.on_backend(Backend::Mailbox).legal_move_list();
                let board_moves: HashSet<Move> = oracle
                    .into_iter()
                    .filter(|m| !matches!(m.flag, MoveFlag::Drop(_)))
                    .collect();
                assert_eq!(
                    orthodox.count(t, pos),
                    board_moves.len(),
                    "{}",
                    pos.diagram()
                );
                let mut listed = Vec::new();
                orthodox.list(t, pos, &mut listed);
                assert_eq!(listed.len(), board_moves.len(), "{}", pos.diagram());
                let listed: HashSet<Move> = listed.into_iter().collect();
                assert_eq!(listed, board_moves, "{}", pos.diagram());
                counted += 1;
            }
        });
    }
    if crate::core::bitboard::lookup::fast_pext() {
        assert!(counted > 5_000, "only {counted} positions counted");
    } else {
        // Rides are walked here, not looked up: no rules have the orthodox count.
        assert_eq!(counted, 0);
    }
}

/// The rules that take the orthodox count, and some that must not.
#[test]
fn which_rules_take_the_orthodox_count() {
    if !crate::core::bitboard::lookup::fast_pext() {
        return;
    }
    assert!(standard::start().rules().orthodox.is_some());
    let chess960 = chess960::from_fen("2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1");
    assert!(chess960.expect("a FEN").rules().orthodox.is_some());
    for (name, takes) in [
        ("kingofthehill", true),
        ("3check", true),
        ("antichess", false),
        ("xiangqi", false),
        ("shogi", false),
    ] {
        let file = builtin::by_name(name).expect("shipped");
        let pos = file.variant.start_position().expect("its start");
        assert_eq!(pos.rules().orthodox.is_some(), takes, "{name}");
    }
}
