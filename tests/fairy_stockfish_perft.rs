//! Variants built on hoppers, grasshoppers, lame leapers, zones and the flying general,
//! counted against Fairy-Stockfish's perft tables in `../shared/external/fairy-stockfish`
//! (the lines of its `tests/perft.sh`): xiangqi, shogi and minishogi (the shipped
//! `variants/*.toml`, through the same path as `chessrules perft --variant NAME --fen FEN`;
//! shogi's start to depth 4, minishogi's to depth 5, as the tables have them), and grasshopper and
//! nightrider chess (Fairy-Stockfish's built-in definitions written as the variant files in
//! `tests/variants/`).
//! Every line is counted (about 1.5 s in all on the test profile).

mod perft_tables;
mod requires;

use chessrules::variants::registry::{self, AnyGame};

/// Each table and where its variant's file is: a shipped variant's name, or a test file.
const TABLES: &[(&str, Source)] = &[
    ("xiangqi.perft", Source::Shipped("xiangqi")),
    ("shogi.perft", Source::Shipped("shogi")),
    ("minishogi.perft", Source::Shipped("minishogi")),
    (
        "grasshopper.perft",
        Source::File("tests/variants/grasshopper.toml"),
    ),
    (
        "nightrider.perft",
        Source::File("tests/variants/nightrider.toml"),
    ),
];

enum Source {
    Shipped(&'static str),
    File(&'static str),
}

#[test]
fn variants_count_as_fairy_stockfish_does() {
    let root = std::path::Path::new("../shared/external/fairy-stockfish");
    if !root.is_dir() {
        requires::missing("../shared/external/fairy-stockfish (Fairy-Stockfish's perft tables)");
        return;
    }
    for (table, source) in TABLES {
        let text = std::fs::read_to_string(root.join(table)).expect("a reference table");
        let variant_text = match source {
            Source::Shipped(name) => registry::find(name)
                .ok()
                .and_then(|r| r.file)
                .expect("a shipped variant")
                .text
                .to_string(),
            Source::File(path) => std::fs::read_to_string(path).expect("a test variant file"),
        };
        for case in perft_tables::parse_table(table, &text) {
            // `epd startpos`: the variant's own start.
            let fen = (case.fen != "startpos").then_some(case.fen.as_str());
            let game: AnyGame = registry::open_variant_file(&variant_text, fen)
                .unwrap_or_else(|e| panic!("{table} {}: {}", case.id, e.full()));
            let got = game.perft(case.depth, true);
            assert_eq!(got, case.nodes, "{table} {} depth {}", case.id, case.depth);
        }
        eprintln!("{table}: every line agrees");
    }
}
