//! Variants built on hoppers, grasshoppers, lame leapers, zones and the flying general,
//! counted against Fairy-Stockfish's perft tables in `../shared/external/fairy-stockfish`
//! (the lines of its `tests/perft.sh`): xiangqi, shogi and minishogi (the shipped
//! `variants/*.toml`, through the same path as `chessrules perft --variant NAME --fen FEN`;
//! shogi's start to depth 4, minishogi's to depth 5, as the tables have them), and
//! Fairy-Stockfish's chess-like built-ins we ship as files (grasshopper, nightrider, amazon,
//! almost, chancellor, modern, embassy, centaur, knightmate, hoppelpoppel, newzealand,
//! kinglet, janus, tencubed, perfect, shako, capablanca, losalamos), the gating variants
//! (seirawan, shouse), the walling ones (duck, amazons), the placement setup (placement), makruk and its family (makruk,
//! asean, ai-wok), sittuyin (placement and promotion in place), pocketknight, pawnsideways, coregal (royal queens), the extinction rules (threekings,
//! codrus, shatranj, courier, losers, nocheckatomic, atomar, extinction), makpong, gustav3
//! (holes), loop and chessgi (promotions kept in hand), and its `chess` table against
//! our `standard.toml`.
//! Every line is counted (about 1.5 s in all on the test profile).

mod perft_tables;
mod requires;

use chessrules::variants::registry::{self, AnyGame};

/// Each table and where its variant's file is: a shipped variant's name, or a test file.
const TABLES: &[(&str, Source)] = &[
    ("xiangqi.perft", Source::Shipped("xiangqi")),
    ("shogi.perft", Source::Shipped("shogi")),
    ("minishogi.perft", Source::Shipped("minishogi")),
    ("grasshopper.perft", Source::Shipped("grasshopper")),
    ("nightrider.perft", Source::Shipped("nightrider")),
    ("amazon.perft", Source::Shipped("amazon")),
    ("almost.perft", Source::Shipped("almost")),
    ("chancellor.perft", Source::Shipped("chancellor")),
    ("modern.perft", Source::Shipped("modern")),
    ("embassy.perft", Source::Shipped("embassy")),
    ("centaur.perft", Source::Shipped("centaur")),
    ("capablanca.perft", Source::Shipped("capablanca")),
    ("losalamos.perft", Source::Shipped("losalamos")),
    ("knightmate.perft", Source::Shipped("knightmate")),
    ("hoppelpoppel.perft", Source::Shipped("hoppelpoppel")),
    ("newzealand.perft", Source::Shipped("newzealand")),
    ("kinglet.perft", Source::Shipped("kinglet")),
    ("janus.perft", Source::Shipped("janus")),
    ("tencubed.perft", Source::Shipped("tencubed")),
    ("perfect.perft", Source::Shipped("perfect")),
    ("shako.perft", Source::Shipped("shako")),
    ("seirawan.perft", Source::Shipped("seirawan")),
    ("shouse.perft", Source::Shipped("shouse")),
    ("duck.perft", Source::Shipped("duck")),
    ("amazons.perft", Source::Shipped("amazons")),
    ("placement.perft", Source::Shipped("placement")),
    ("makruk.perft", Source::Shipped("makruk")),
    ("asean.perft", Source::Shipped("asean")),
    ("ai-wok.perft", Source::Shipped("ai-wok")),
    ("sittuyin.perft", Source::Shipped("sittuyin")),
    ("pocketknight.perft", Source::Shipped("pocketknight")),
    ("pawnsideways.perft", Source::Shipped("pawnsideways")),
    ("coregal.perft", Source::Shipped("coregal")),
    ("threekings.perft", Source::Shipped("threekings")),
    ("codrus.perft", Source::Shipped("codrus")),
    ("shatranj.perft", Source::Shipped("shatranj")),
    ("courier.perft", Source::Shipped("courier")),
    ("losers.perft", Source::Shipped("losers")),
    ("nocheckatomic.perft", Source::Shipped("nocheckatomic")),
    ("atomar.perft", Source::Shipped("atomar")),
    ("extinction.perft", Source::Shipped("extinction")),
    ("makpong.perft", Source::Shipped("makpong")),
    ("gustav3.perft", Source::Shipped("gustav3")),
    ("loop.perft", Source::Shipped("loop")),
    ("chessgi.perft", Source::Shipped("chessgi")),
    ("euroshogi.perft", Source::Shipped("euroshogi")),
    ("yarishogi.perft", Source::Shipped("yarishogi")),
    ("torishogi.perft", Source::Shipped("torishogi")),
    ("pawnback.perft", Source::Shipped("pawnback")),
    ("chigorin.perft", Source::Shipped("chigorin")),
    ("sortofalmost.perft", Source::Shipped("sortofalmost")),
    ("dobutsu.perft", Source::Shipped("dobutsu")),
    ("janggi.perft", Source::Shipped("janggi")),
    ("manchu.perft", Source::Shipped("manchu")),
    ("grand.perft", Source::Shipped("grand")),
    ("opulent.perft", Source::Shipped("opulent")),
    ("omicron.perft", Source::Shipped("omicron")),
    ("troitzky.perft", Source::Shipped("troitzky")),
    ("legan.perft", Source::Shipped("legan")),
    ("torpedo.perft", Source::Shipped("torpedo")),
    ("breakthrough.perft", Source::Shipped("breakthrough")),
    ("clobber.perft", Source::Shipped("clobber")),
    ("shatar.perft", Source::Shipped("shatar")),
    ("jesonmor.perft", Source::Shipped("jesonmor")),
    ("koedem.perft", Source::Shipped("koedem")),
    ("spartan.perft", Source::Shipped("spartan")),
    ("cambodian.perft", Source::Shipped("cambodian")),
    ("karouk.perft", Source::Shipped("karouk")),
    ("shoshogi.perft", Source::Shipped("shoshogi")),
    ("wolf.perft", Source::Shipped("wolf")),
    ("berolina.perft", Source::Shipped("berolina")),
    ("kyotoshogi.perft", Source::Shipped("kyotoshogi")),
    ("micro.perft", Source::Shipped("micro")),
    ("ataxx.perft", Source::Shipped("ataxx")),
    ("flipersi.perft", Source::Shipped("flipersi")),
    ("flipello.perft", Source::Shipped("flipello")),
    ("flipello10.perft", Source::Shipped("flipello10")),
    ("chess.perft", Source::Shipped("standard")),
];

enum Source {
    Shipped(&'static str),
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
            // Every embedded file, the examples (capablanca, losalamos) among them.
            Source::Shipped(name) => chessrules::variants::custom::builtin::ALL
                .iter()
                .find(|(file, _)| file == name)
                .map(|(_, text)| text.to_string())
                .expect("an embedded variant file"),
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
