//! The lichess variants shipped as variant files, counted against the references' perft
//! tables in `../shared/external` (see its README for each file's source):
//! python-chess `examples/perft/*.perft`, shakmaty `tests/*.perft`, and the lines of
//! Fairy-Stockfish's `tests/perft.sh` for the variant. Every line is counted (about 5 s in all
//! on an optimised build) through the same path as `chessrules perft --variant NAME --fen FEN`.

mod perft_tables;
mod requires;

use chessrules::engine::perft::Perft;
use chessrules::variants::any_game::AnyMove;
use chessrules::variants::registry::{self, AnyGame};

/// Each shipped variant and the reference tables that count it.
const TABLES: &[(&str, &[&str])] = &[
    (
        "kingofthehill",
        &[
            "lichess-variants/kingofthehill-shakmaty.perft",
            "fairy-stockfish/kingofthehill.perft",
        ],
    ),
    (
        "racingkings",
        &[
            "lichess-variants/racingkings-python-chess.perft",
            "lichess-variants/racingkings-shakmaty.perft",
            "fairy-stockfish/racingkings.perft",
        ],
    ),
    (
        "horde",
        &[
            "lichess-variants/horde-python-chess.perft",
            "lichess-variants/horde-shakmaty.perft",
            "fairy-stockfish/horde.perft",
        ],
    ),
    (
        "antichess",
        &[
            "lichess-variants/antichess-shakmaty.perft",
            "fairy-stockfish/antichess.perft",
        ],
    ),
    // Giveaway is antichess with castling (python-chess's and Fairy-Stockfish's).
    (
        "giveaway",
        &[
            "lichess-variants/giveaway-python-chess.perft",
            "fairy-stockfish/giveaway.perft",
        ],
    ),
    (
        "3check",
        &[
            "lichess-variants/3check-python-chess.perft",
            "lichess-variants/3check-shakmaty.perft",
            "fairy-stockfish/3check.perft",
        ],
    ),
    (
        "crazyhouse",
        &[
            "lichess-variants/crazyhouse-python-chess.perft",
            "lichess-variants/crazyhouse-shakmaty.perft",
            "fairy-stockfish/crazyhouse.perft",
        ],
    ),
    (
        "atomic",
        &[
            "lichess-variants/atomic-python-chess.perft",
            "lichess-variants/atomic-shakmaty.perft",
            "fairy-stockfish/atomic.perft",
        ],
    ),
];

fn check() {
    let root = std::path::Path::new("../shared/external");
    if !root.is_dir() {
        requires::missing("../shared/external (the references' perft tables)");
        return;
    }
    for (name, tables) in TABLES {
        for table in *tables {
            let path = root.join(table);
            let text = std::fs::read_to_string(&path).expect("a reference table");
            let cases = perft_tables::parse_table(table, &text);
            assert!(!cases.is_empty(), "{table} has no lines");
            let mut checked = 0;
            for case in &cases {
                // A table's Chess960 lines (`atomic960-castle-1`) are counted by the variant's
                // Chess960 file.
                let variant = if case.id.contains("960") {
                    format!("{name}960")
                } else {
                    name.to_string()
                };
                let shipped = registry::find(&variant)
                    .ok()
                    .and_then(|r| r.file)
                    .expect("a shipped variant");
                // `epd startpos` (Fairy-Stockfish's lines): the variant's own start.
                let fen = (case.fen != "startpos").then_some(case.fen.as_str());
                let game: AnyGame = registry::open_variant_file(shipped.text, fen)
                    .unwrap_or_else(|e| panic!("{table} {}: {}", case.id, e.full()));
                if case.nodes <= 300_000 {
                    // Every node through the game itself too, not handed to the core's walk
                    // (which honours goal squares on its own).
                    let mut through_game = Perft::<AnyMove>::new(true);
                    through_game.core_walk = false;
                    assert_eq!(
                        through_game.count(&mut game.clone(), case.depth),
                        case.nodes,
                        "{name}: {table} {} depth {} (every node through the game)",
                        case.id,
                        case.depth
                    );
                }
                let got = game.perft(case.depth, true);
                assert_eq!(
                    got, case.nodes,
                    "{name}: {table} {} depth {}",
                    case.id, case.depth
                );
                checked += 1;
            }
            eprintln!("{name}: {table}: {checked} of {} lines", cases.len());
        }
    }
}

#[test]
fn lichess_variants_count_as_the_references_do() {
    check();
}
