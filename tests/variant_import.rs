//! `chessrules variant import` (issue 39 item 4) on Fairy-Stockfish's own `variants.ini`
//! (`../shared/external/fairy-stockfish/variants.ini`, its `src/variants.ini`): every section
//! is reported once, every written file loads, and a variant with a Fairy-Stockfish perft table
//! (`NAME.perft`, the lines of its `tests/perft.sh`) counts as that table says. Fairy-Stockfish's
//! built-in variants written as ini sections from its template (below) are imported the same way
//! and counted against their tables, so the translation of pieces, castling, promotion, drops,
//! checks and goals is checked against Fairy-Stockfish itself.

mod perft_tables;
mod requires;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use chessrules::variants::custom::load_variant_file;
use chessrules::variants::registry::{self, AnyGame};

const ROOT: &str = "../shared/external/fairy-stockfish";

/// Table lines up to this many leaves are counted (a few seconds in a debug build).
const MAX_NODES: u64 = 5_000_000;

/// Fairy-Stockfish's built-in variants as `variants.ini` sections from its template, written
/// from the ini header's key descriptions: each name has a perft table in `ROOT`.
const BUILTINS_AS_INI: &str = "
[chess]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
# A section with its own pieces promotes to none until it names them (`reset_pieces`).
promotionPieceTypes = nbrq

[losalamos:chess]
maxRank = 6
maxFile = f
bishop = -
startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
promotionPieceTypes = nrq
castling = false
doubleStep = false

[giveaway:chess]
commoner = k
castlingKingPiece = k
promotionPieceTypes = nbrqk
mustCapture = true
stalemateValue = win
extinctionValue = win
extinctionPieceTypes = *

[antichess:giveaway]
castling = false
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1

[kingofthehill:chess]
flagPiece = k
flagRegion = d4 e4 d5 e5

[3check:chess]
checkCounting = true
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1

[racingkings:chess]
pawn = -
startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1
castling = false
checking = false
flagPiece = k
flagRegion = *8
flagMove = true

[crazyhouse:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1
pieceDrops = true
capturesToHand = true

[atomic:chess]
blastOnCapture = true
extinctionValue = loss
extinctionPieceTypes = k
";

/// A fresh folder for one test's output.
fn out_dir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chessrules-import-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs the command; returns its report lines (exit 0 asserted).
fn import(ini: &Path, out: &Path) -> Vec<String> {
    let run = Command::cargo_bin("chessrules")
        .expect("the binary is built")
        .args(["variant", "import"])
        .arg(ini)
        .arg("--out")
        .arg(out)
        .output()
        .expect("runs");
    assert!(run.status.success(), "{run:?}");
    String::from_utf8(run.stdout)
        .expect("UTF-8 report")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The names the report says were written, after checking that every section has one line and
/// the summary adds up.
fn written(report: &[String], sections: usize) -> Vec<String> {
    let (summary, lines) = report.split_last().expect("a summary line");
    assert_eq!(lines.len(), sections, "one line per section");
    let names: Vec<String> = lines
        .iter()
        .filter(|l| l.contains(": wrote "))
        .map(|l| l.split(": ").next().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        summary,
        &format!(
            "{} imported, {} skipped",
            names.len(),
            sections - names.len()
        )
    );
    names
}

/// Counts every line of `NAME.perft` (up to `MAX_NODES`, Chess960 lines aside) through the
/// written file; returns how many lines were counted.
fn agree_with_table(name: &str, variant_text: &str) -> usize {
    let table = Path::new(ROOT).join(format!("{name}.perft"));
    let Ok(text) = std::fs::read_to_string(&table) else {
        return 0;
    };
    let mut counted = 0;
    for case in perft_tables::parse_table(name, &text) {
        if case.nodes > MAX_NODES || case.id.ends_with("-960") {
            continue;
        }
        let fen = (case.fen != "startpos").then_some(case.fen.as_str());
        let game: AnyGame = registry::open_variant_file(variant_text, fen)
            .unwrap_or_else(|e| panic!("{name} {}: {}", case.id, e.full()));
        let got = game.perft(case.depth, true);
        assert_eq!(got, case.nodes, "{name} {} depth {}", case.id, case.depth);
        counted += 1;
    }
    counted
}

fn section_count(text: &str) -> usize {
    text.lines()
        .filter(|l| l.trim_start().starts_with('['))
        .count()
}

#[test]
fn fairy_stockfish_variants_ini_imports_and_every_file_loads() {
    let ini = Path::new(ROOT).join("variants.ini");
    if !ini.is_file() {
        requires::missing("../shared/external/fairy-stockfish/variants.ini");
        return;
    }
    let text = std::fs::read_to_string(&ini).expect("readable");
    let out = out_dir("ini");
    let report = import(&ini, &out);
    let names = written(&report, section_count(&text));
    assert!(
        names.len() >= 120,
        "only {} imported: {report:#?}",
        names.len()
    );
    let files = std::fs::read_dir(&out).expect("the folder").count();
    assert_eq!(
        files,
        names.len(),
        "exactly the written files, no temporaries"
    );
    let mut counted = 0;
    for name in &names {
        let file = std::fs::read_to_string(out.join(format!("{name}.toml"))).expect("written");
        let v = load_variant_file(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&v.name, name);
        counted += agree_with_table(name, &file);
    }
    for line in report
        .iter()
        .filter(|l| !l.contains(": wrote "))
        .rev()
        .skip(1)
    {
        let (name, why) = line.split_once(": ").expect("NAME: why");
        assert!(
            !out.join(format!("{name}.toml")).exists(),
            "{name} skipped yet written"
        );
        assert!(!why.is_empty());
    }
    eprintln!("{} imported, {counted} perft lines agree", names.len());
    let _ = std::fs::remove_dir_all(&out);
}

/// Sections of `variants.ini` whose rules no perft table reaches (each side's own goal
/// squares, a count of pieces to bring, a full goal region, drops on top or from any side,
/// walls left behind, a drop kind never dropped), counted as Fairy-Stockfish's own `go perft`
/// counts them (`tests/perft/fairy-stockfish-ini.perft`, `scripts/fairy-stockfish-builtin-perft`).
#[test]
fn ini_sections_without_a_table_count_as_fairy_stockfish_does() {
    let ini = Path::new(ROOT).join("variants.ini");
    if !ini.is_file() {
        requires::missing("../shared/external/fairy-stockfish/variants.ini");
        return;
    }
    let out = out_dir("ini-counts");
    import(&ini, &out);
    let cases = perft_tables::read_table("tests/perft/fairy-stockfish-ini.perft");
    assert!(cases.len() >= 16);
    for case in cases {
        let text = std::fs::read_to_string(out.join(format!("{}.toml", case.id)))
            .unwrap_or_else(|e| panic!("{} was not written: {e}", case.id));
        let fen = (case.fen != "startpos").then_some(case.fen.as_str());
        assert_eq!(
            perft_of(&text, fen, case.depth),
            case.nodes,
            "{} {} depth {}",
            case.id,
            case.fen,
            case.depth
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn built_in_variants_written_as_ini_count_as_fairy_stockfish_does() {
    if !Path::new(ROOT).is_dir() {
        requires::missing("../shared/external/fairy-stockfish (Fairy-Stockfish's perft tables)");
        return;
    }
    let out = out_dir("builtins");
    std::fs::create_dir_all(&out).expect("a folder");
    let ini = out.join("builtins.ini");
    std::fs::write(&ini, BUILTINS_AS_INI).expect("written");
    let files = out.join("variants");
    let report = import(&ini, &files);
    let names = written(&report, section_count(BUILTINS_AS_INI));
    assert_eq!(names.len(), section_count(BUILTINS_AS_INI), "{report:#?}");
    let mut counted = 0;
    for name in &names {
        let text = std::fs::read_to_string(files.join(format!("{name}.toml"))).expect("written");
        let lines = agree_with_table(name, &text);
        assert!(lines > 0, "{name}: no table line counted");
        counted += lines;
    }
    eprintln!("{counted} perft lines agree");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_malformed_line_is_an_error_with_its_place() {
    let out = out_dir("bad");
    std::fs::create_dir_all(&out).expect("a folder");
    let ini = out.join("bad.ini");
    std::fs::write(&ini, "[ok:chess]\n\n  what is this\n").expect("written");
    Command::cargo_bin("chessrules")
        .expect("the binary is built")
        .args(["variant", "import"])
        .arg(&ini)
        .arg("--out")
        .arg(out.join("variants"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "bad.ini:3:3: error: expected `key = value`",
        ));
    assert!(!out.join("variants").exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&out);
}

/// Issue 67: a section of 150,000 keys took 30 s (each key compared with every later one),
/// and a file of 61,647 sections made 473 MB of memory and 243 MB of files. Keys are read
/// in one pass; a file of more than 10,000 sections is refused whole, writing nothing.
#[test]
fn hostile_files_are_read_in_linear_time_and_capped_in_sections() {
    // 150,000 distinct keys of four letters fit the 1 MiB an ini file may have.
    let mut keys = String::from("[wide:chess]\n");
    for i in 0..150_000u32 {
        let key: String = (0..4)
            .map(|d| char::from(b'a' + (i / 26u32.pow(d) % 26) as u8))
            .collect();
        keys.push_str(&key);
        keys.push_str("=\n");
    }
    keys.push_str("[child:wide]\n");
    let dir = out_dir("wide");
    std::fs::create_dir_all(&dir).expect("a folder");
    let ini = dir.join("wide.ini");
    std::fs::write(&ini, &keys).expect("written");
    let out = Command::cargo_bin("chessrules")
        .expect("the binary is built")
        .args(["variant", "import"])
        .arg(&ini)
        .arg("--out")
        .arg(dir.join("variants"))
        // A hang guard, not a measure: the quadratic reading took 30 s for these keys.
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("wide: unsupported keys: "), "{stdout}");
    assert!(stdout.contains("\nchild: parent wide was not imported\n"));
    assert!(stdout.ends_with("0 imported, 2 skipped\n"));

    let many: String = (0..10_001).map(|i| format!("[v{i}:chess]\n")).collect();
    std::fs::write(&ini, many).expect("written");
    Command::cargo_bin("chessrules")
        .expect("the binary is built")
        .args(["variant", "import"])
        .arg(&ini)
        .arg("--out")
        .arg(dir.join("many"))
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "wide.ini:10001:1: error: more than 10000 sections: import reads at most 10000 variants a file",
        ));
    assert!(!dir.join("many").exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Imports an ini text; returns the report and the folder the files went to.
fn import_text(tag: &str, ini: &str) -> (Vec<String>, PathBuf) {
    let dir = out_dir(tag);
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("in.ini");
    std::fs::write(&path, ini).expect("written");
    let out = dir.join("variants");
    (import(&path, &out), dir)
}

/// Perft of a written file from a position (`None`: its start).
fn perft_of(text: &str, fen: Option<&str>, depth: u32) -> u64 {
    let game: AnyGame =
        registry::open_variant_file(text, fen).unwrap_or_else(|e| panic!("{}", e.full()));
    game.perft(depth, true)
}

/// `dropNoDoubled` (one of the type a file) is `no_doubled_drop`, with
/// `dropNoDoubledCount` as `no_doubled_drop_count`; a count of 0 is the kind never dropped.
/// The counts are Fairy-Stockfish's (`go perft`, its own build at `c19b5f6c`, and pyffish
/// 0.0.90's) for the same sections.
#[test]
fn drop_no_doubled_is_no_doubled_drop() {
    let (report, dir) = import_text(
        "nodoubled",
        "[nodoubled:crazyhouse]\ndropNoDoubled = p\n\n\
         [nodoubledknight:crazyhouse]\ndropNoDoubled = n\ndropNoDoubledCount = 1\n\n\
         [nodoubledtwo:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 2\n\n\
         [nodoubledzero:crazyhouse]\ndropNoDoubled = p\ndropNoDoubledCount = 0\n",
    );
    assert_eq!(
        written(&report, 4),
        [
            "nodoubled",
            "nodoubledknight",
            "nodoubledtwo",
            "nodoubledzero"
        ]
    );
    let read = |name: &str| {
        std::fs::read_to_string(dir.join("variants").join(format!("{name}.toml"))).expect("file")
    };
    let (pawn, knight) = (read("nodoubled"), read("nodoubledknight"));
    let (two, zero) = (read("nodoubledtwo"), read("nodoubledzero"));
    assert!(zero.contains("no_doubled_drop_count = 0"), "{zero}");
    assert!(pawn.contains("no_doubled_drop = [\"P\"]"), "{pawn}");
    assert!(knight.contains("no_doubled_drop = [\"N\"]"), "{knight}");
    assert!(two.contains("no_doubled_drop_count = 2"), "{two}");
    let fens = [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPP2PPP/RNBQKB1R[Pn] w KQkq - 0 4",
        "rnbqkb1r/ppp1pppp/5n2/8/3P4/8/PP1PPPPP/RNBQKBNR[Pp] w KQkq - 0 4",
        "r2qkbnr/ppp1pppp/8/8/8/5N2/PPPP1PPP/RNBQKB1R[NNbp] b KQkq - 0 5",
    ];
    let expected = [
        (&pawn, [(44, 2735), (26, 903), (68, 4145)]),
        (&knight, [(70, 3810), (53, 3221), (96, 5127)]),
        (&two, [(70, 4354), (49, 3028), (96, 5869)]),
        (&zero, [(39, 2425), (21, 645), (63, 3841)]),
    ];
    for (text, counts) in expected {
        for (fen, (one, two)) in fens.iter().zip(counts) {
            assert_eq!(perft_of(text, Some(fen), 1), one, "{fen}");
            assert_eq!(perft_of(text, Some(fen), 2), two, "{fen}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `mobilityRegion…` is a piece's `zone`: Fairy-Stockfish's `buffalo` (White's regions only;
/// Black never has those pieces), counted as pyffish 0.0.90 counts it.
#[test]
fn mobility_regions_are_zones() {
    let (report, dir) = import_text(
        "mobility",
        "[buffalo]\nmaxRank = 7\nmaxFile = k\ncustomPiece1 = b:mfW\ncustomPiece2 = c:K\n\
         customPiece3 = d:mQ\nstartFen = bbbbbbbbbbb/11/11/11/11/3DDCDD3/11 w - - 0 1\n\
         flagPiece = b\nflagRegionBlack = *1\nmobilityRegionWhiteCustomPiece2 = *2 *3 *4 *5 *6\n\
         mobilityRegionWhiteCustomPiece3 = *2 *3 *4 *5 *6\nstalemateValue = loss\n",
    );
    assert_eq!(written(&report, 1), ["buffalo"]);
    let text = std::fs::read_to_string(dir.join("variants/buffalo.toml")).expect("file");
    assert!(
        text.contains("zone = [\"a2:k2\", \"a3:k3\", \"a4:k4\", \"a5:k5\", \"a6:k6\"]"),
        "{text}"
    );
    let counts: Vec<u64> = (1..=3).map(|d| perft_of(&text, None, d)).collect();
    assert_eq!(counts, [55, 595, 35998]);
    let _ = std::fs::remove_dir_all(&dir);
}
