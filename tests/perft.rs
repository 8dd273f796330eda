//! Perft tables in `tests/perft/*.perft`: `id NAME`, `fen FEN`, then `perft DEPTH NODES` lines.
//!
//! The default run checks every line up to `NODE_LIMIT` nodes (fast in a debug build); the
//! ignored test checks every line (`cargo test --release --test perft -- --ignored`).

use chessrules::core::perft::Perft;
use chessrules::core::Backend;
use chessrules::engine::perft::Perft as VariantPerft;
use chessrules::game::Game;
use chessrules::variants::standard;

const NODE_LIMIT: u64 = 1_000_000;

mod perft_tables;

use perft_tables::read_table;

fn check(limit: u64) {
    check_table("tests/perft/standard.perft", standard::from_fen, limit, 20);
}

fn check_table(
    path: &str,
    read: fn(&str) -> Result<chessrules::core::Position, chessrules::notation::fen::FenError>,
    limit: u64,
    at_least: usize,
) {
    let cases = read_table(path);
    let mut checked = 0;
    for case in cases.iter().filter(|c| c.nodes <= limit) {
        let mut pos = read(&case.fen).expect("table FEN is valid");
        for bulk in [true, false] {
            if !bulk && case.nodes > limit / 4 {
                continue;
            }
            let got = Perft::new(bulk).count(&mut pos, case.depth);
            assert_eq!(
                got, case.nodes,
                "{} depth {} (bulk: {bulk})",
                case.id, case.depth
            );
        }
        assert_eq!(pos.key(), pos.compute_key(), "{}: key after perft", case.id);
        // The mailbox, the bitboards' oracle, counts the same (on the smaller lines).
        if case.nodes <= limit / 4 {
            assert_eq!(pos.rules().backend(), Backend::Bitboard);
            let mut mailbox = pos.on_backend(Backend::Mailbox);
            assert_eq!(
                Perft::new(true).count(&mut mailbox, case.depth),
                case.nodes,
                "{} depth {} on the mailbox",
                case.id,
                case.depth
            );
        }
        // The same tree through the Variant trait (what `chessrules perft` walks), on the
        // smaller lines: a debug build walks it more slowly.
        if case.nodes <= limit / 10 {
            let mut game = standard::variant::game(pos.clone());
            let got = VariantPerft::new(true).count(&mut game, case.depth);
            assert_eq!(
                got, case.nodes,
                "{} depth {} (Variant)",
                case.id, case.depth
            );
            // And every node through the game itself, not handed to the core's walk.
            let mut through_game = VariantPerft::new(true);
            through_game.core_walk = false;
            assert_eq!(
                through_game.count(&mut game, case.depth),
                case.nodes,
                "{} depth {} (Variant, every node)",
                case.id,
                case.depth
            );
        }
        checked += 1;
    }
    assert!(checked >= at_least, "only {checked} lines checked");
}

/// python-chess's Chess960 table (960 positions, Shredder-FEN castling): every line of up to
/// 100,000 nodes here (depths 1–3 of every position); up to 2 million nodes in release.
#[test]
fn chess960_table_shallow() {
    check_table(
        "tests/perft/chess960.perft",
        chessrules::variants::chess960::from_fen,
        100_000,
        2880,
    );
}

/// Every position of the table through depth 4 (3,840 records, the largest 2.5 million
/// nodes). Depths 5 and 6 (1.7·10^10 and 5·10^11 nodes in all) are for
/// `scripts/perft-960-table`, not for CI.
#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn chess960_table_deeper() {
    check_table(
        "tests/perft/chess960.perft",
        chessrules::variants::chess960::from_fen,
        3_000_000,
        3840,
    );
}

/// shakmaty's tricky positions in Chess960 mode, every record, through the library and through
/// the command line (`perft --variant chess960 --fen …`), as the issue asks.
#[test]
fn tricky_table_in_chess960_mode() {
    check_table(
        "tests/perft/tricky.perft",
        chessrules::variants::chess960::from_fen,
        u64::MAX,
        40,
    );
    for case in read_table("tests/perft/tricky.perft") {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chessrules"))
            .args(["perft", "--variant", "chess960", "--fen", &case.fen])
            .arg(case.depth.to_string())
            .output()
            .expect("runs");
        assert!(out.status.success(), "{}: {out:?}", case.id);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim(),
            case.nodes.to_string(),
            "{} depth {} (CLI)",
            case.id,
            case.depth
        );
    }
}

#[test]
fn standard_table_shallow() {
    check(NODE_LIMIT);
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn standard_table_full() {
    check(u64::MAX);
}

/// Obstacle chess's actions through the Variant trait: on a board without obstacles and
/// without walls in hand the tree is chess's; each wall in hand adds every free edge.
#[test]
fn obstacle_perft_is_chess_plus_walls() {
    use chessrules::variants::obstacle::{parse_board, ObstacleChess};
    let rows = "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\n";
    let plain = parse_board(format!("{rows}w 0 0 + + + + - 0\n").as_bytes()).expect("board");
    let mut game = ObstacleChess::new(plain);
    assert_eq!(VariantPerft::new(true).count(&mut game, 3), 8902);
    assert_eq!(VariantPerft::new(false).count(&mut game, 3), 8902);
    let walls = parse_board(format!("{rows}w 3 3 + + + + - 0\n").as_bytes()).expect("board");
    let mut game = ObstacleChess::new(walls);
    // 20 piece moves and a wall on any of the 112 inner edges (8 × 7 west, 7 × 8 south).
    assert_eq!(VariantPerft::new(true).count(&mut game, 1), 20 + 112);
    let bulk = VariantPerft::new(true).count(&mut game, 2);
    assert_eq!(bulk, VariantPerft::new(false).count(&mut game, 2));
    assert_eq!(
        game.key(),
        ObstacleChess::new(
            parse_board(format!("{rows}w 3 3 + + + + - 0\n").as_bytes()).expect("board")
        )
        .key()
    );
}

#[test]
fn divide_sums_to_perft() {
    let mut pos = standard::start();
    let parts = Perft::new(true).divide(&mut pos, 3);
    assert_eq!(parts.len(), 20);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 8902);
}
