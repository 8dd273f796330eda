//! Every validation error of a variant file, with the line and column it points at.

use chessrules::variants::custom::load_variant_file;

/// A valid file: lines 1–10 (the board on lines 2–5, the king on lines 6–10).
const BASE: &str = "name = \"t\"
[board]
files = 8
ranks = 8
start = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"
[[piece]]
letter = \"K\"
name = \"king\"
betza = \"K\"
royal = true
";

/// A pawn on lines 11–15 (after BASE).
const PAWN: &str = "[[piece]]
letter = \"P\"
name = \"pawn\"
betza = \"mfWcfF\"
pawn = true
";

fn expect(text: &str, line: usize, column: usize, message: &str) {
    let e = match load_variant_file(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    };
    assert_eq!((e.line, e.column), (line, column), "{e}\nfor:\n{text}");
    assert!(e.message.contains(message), "{e} lacks '{message}'");
}

#[test]
fn the_base_file_is_valid() {
    assert!(load_variant_file(BASE).is_ok());
    assert!(load_variant_file(&format!("{BASE}{PAWN}")).is_ok());
    assert!(load_variant_file(&format!("\u{feff}{}", BASE.replace('\n', "\r\n"))).is_ok());
}

#[test]
fn toml_syntax_and_types() {
    expect(&format!("{BASE}x = "), 11, 5, "");
    expect("name = 3\n", 1, 8, "invalid type");
    expect(
        &BASE.replace("files = 8", "files = \"8\""),
        3,
        9,
        "invalid type",
    );
    expect("", 1, 1, "missing field `name`");
}

#[test]
fn unknown_keys_anywhere() {
    expect(
        &format!("colour = 1\n{BASE}"),
        1,
        1,
        "unknown field `colour`",
    );
    expect(
        &BASE.replace("ranks = 8", "ranks = 8\ngaps = 2"),
        5,
        1,
        "unknown field `gaps`",
    );
    expect(
        &format!("{BASE}speed = 2\n"),
        11,
        1,
        "unknown field `speed`",
    );
    expect(
        &format!("{BASE}[end]\nmate = true\n"),
        12,
        1,
        "unknown field `mate`",
    );
    expect(
        &format!("{BASE}[obstacles]\nholes = []\n"),
        12,
        1,
        "unknown field `holes`",
    );
    expect(
        &format!("{BASE}[promotion]\nto = []\nfrom = 1\n"),
        13,
        1,
        "unknown field `from`",
    );
}

#[test]
fn board_size_and_start() {
    expect(
        &BASE.replace("files = 8", "files = 27"),
        3,
        9,
        "files must be from 1 to 26",
    );
    expect(
        &BASE.replace("ranks = 8", "ranks = 0"),
        4,
        9,
        "ranks must be from 1 to 99",
    );
    expect(&BASE.replace("4k3/8", "4k4/8"), 5, 12, "rank too long");
    expect(&BASE.replace("w - -", "x - -"), 5, 30, "side to move");
    expect(
        &BASE.replace("4k3/8", "8/8"),
        5,
        10,
        "must have exactly one king",
    );
}

#[test]
fn pieces() {
    expect(
        &BASE.replace("letter = \"K\"", "letter = \"KK\""),
        7,
        10,
        "one letter",
    );
    expect(
        &BASE.replace("letter = \"K\"", "letter = \"1\""),
        7,
        10,
        "one letter",
    );
    expect(
        &format!("{BASE}{}", PAWN.replace("\"P\"", "\"k\"")),
        12,
        10,
        "used twice",
    );
    expect(
        &BASE.replace("betza = \"K\"", "betza = \"fmQx\""),
        9,
        13,
        "'x' is not an atom",
    );
    expect(
        &BASE.replace("betza = \"K\"", "betza = \"W100\""),
        9,
        11,
        "range 100",
    );
    expect(&format!("{BASE}{PAWN}region = [0, 5]\n"), 16, 10, "region");
    expect(&format!("{BASE}{PAWN}region = [5, 2]\n"), 16, 10, "region");
    expect(
        &format!("{BASE}{PAWN}double_step_rank = 9\n"),
        16,
        20,
        "double_step_rank must be",
    );
    // A double step onto the last rank would skip its promotion (torpedo's pawns from rank 6).
    expect(
        &format!("{BASE}{PAWN}double_step_rank = [2, 6]\n"),
        16,
        20,
        "lands on the last rank",
    );
    expect(
        &format!("{BASE}{PAWN}mating_power = \"huge\"\n"),
        16,
        16,
        "mating_power is",
    );
    expect(
        &format!("{BASE}en_passant = true\n"),
        9,
        9,
        "en_passant needs",
    );
    expect("name = \"t\"\npiece = []\n[board]\nfiles = 8\nranks = 8\nstart = \"8/8/8/8/8/8/8/8 w - - 0 1\"\n", 2, 9, "at least one");
}

#[test]
fn promotion() {
    expect(
        &format!("{BASE}{PAWN}[promotion]\nto = [\"Q\"]\n"),
        17,
        7,
        "no piece has the letter 'Q'",
    );
    // A promotion to a royal kind is a rule now (coregal's queens, `tests/royal_queens.rs`).
    assert!(load_variant_file(&format!("{BASE}{PAWN}[promotion]\nto = [\"K\"]\n")).is_ok());
    expect(
        &format!("{BASE}{PAWN}[promotion]\nto = [\"P\"]\nrank = 7\n"),
        18,
        8,
        "last rank",
    );
    expect(
        &format!("{BASE}{PAWN}[promotion]\nto = []\n"),
        17,
        6,
        "at least one piece",
    );
}

fn castling(side: &str, kf: &str, kt: &str, rf: &str, rt: &str, rook: &str) -> String {
    format!(
        "{BASE}[[castling]]\nside = \"{side}\"\nking_from = \"{kf}\"\nking_to = \"{kt}\"\nrook_from = \"{rf}\"\nrook_to = \"{rt}\"\nrook = \"{rook}\"\n"
    )
}

/// A shogi-style pawn on lines 11–16 (after BASE) that promotes to the `+P` of lines 17–20.
const ZONE_PAWN: &str = "[[piece]]
letter = \"P\"
name = \"pawn\"
betza = \"fW\"
promotes_to = \"+P\"
promotion_zone = [6, 8]
[[piece]]
letter = \"+P\"
name = \"tokin\"
betza = \"WfF\"
";

#[test]
fn zone_promotion() {
    assert!(load_variant_file(&format!("{BASE}{ZONE_PAWN}")).is_ok());
    expect(
        &format!("{BASE}{ZONE_PAWN}").replace("promotion_zone = [6, 8]\n", ""),
        15,
        15,
        "promotes_to needs a promotion_zone",
    );
    expect(
        &format!("{BASE}{ZONE_PAWN}").replace("promotes_to = \"+P\"\n", ""),
        15,
        18,
        "promotion_zone needs promotes_to",
    );
    expect(
        &format!("{BASE}{ZONE_PAWN}").replace("[6, 8]", "[6, 9]"),
        16,
        18,
        "promotion_zone is [lowest, highest] rank",
    );
    expect(
        &format!("{BASE}{ZONE_PAWN}").replace("promotes_to = \"+P\"", "promotes_to = \"+Q\""),
        15,
        15,
        "no piece has the letter '+Q'",
    );
    expect(
        &format!("{BASE}{ZONE_PAWN}").replace("promotes_to = \"+P\"", "promotes_to = \"K\""),
        15,
        15,
        "royal",
    );
    expect(
        &format!("{BASE}{ZONE_PAWN}").replace("promotes_to = \"+P\"", "promotes_to = \"P\""),
        15,
        15,
        "its own kind",
    );
    // A promoted kind needs its unpromoted one.
    expect(
        &format!("{BASE}{ZONE_PAWN}").replace("letter = \"+P\"", "letter = \"+X\""),
        18,
        10,
        "no piece has the letter 'X'",
    );
    expect(
        &format!("{BASE}{ZONE_PAWN}").replace("letter = \"+P\"", "letter = \"+\""),
        18,
        10,
        "a piece letter is one letter",
    );
    expect(
        &format!(
            "{BASE}{ZONE_PAWN}{}",
            ZONE_PAWN
                .split("[[piece]]")
                .nth(2)
                .map(|t| format!("[[piece]]{t}"))
                .unwrap_or_default()
        ),
        22,
        10,
        "letter '+P' is used twice",
    );
}

#[test]
fn drop_rules() {
    let drops = format!("{BASE}{ZONE_PAWN}[rules]\ndrops = true\n");
    assert!(load_variant_file(&format!(
        "{drops}no_doubled_drop = [\"P\"]\nno_drop_mate = [\"P\"]\n"
    ))
    .is_ok());
    expect(
        &format!("{BASE}{ZONE_PAWN}[rules]\nno_doubled_drop = [\"P\"]\n"),
        22,
        20,
        "need [rules] drops = true",
    );
    expect(
        &format!("{BASE}{ZONE_PAWN}[rules]\nno_drop_mate = [\"P\"]\n"),
        22,
        17,
        "need [rules] drops = true",
    );
    expect(
        &format!("{drops}no_drop_mate = [\"Q\"]\n"),
        23,
        17,
        "no piece has the letter 'Q'",
    );
    // A start position with a '+' before nothing.
    expect(
        &drops.replace("4K3 w", "4K2+[P] w"),
        5,
        29,
        "'+' must come before a piece letter",
    );
}

#[test]
fn castling_geometry() {
    expect(
        &castling("long", "e1", "g1", "h1", "f1", "K"),
        12,
        8,
        "side is",
    );
    expect(
        &castling("king", "e1", "i1", "h1", "f1", "K"),
        14,
        11,
        "not a square",
    );
    expect(
        &castling("king", "e1", "g2", "h1", "f1", "K"),
        13,
        13,
        "one rank",
    );
    expect(
        &castling("king", "e1", "g1", "e1", "f1", "K"),
        15,
        13,
        "clash",
    );
    expect(
        &castling("king", "e1", "g1", "h1", "f1", "R"),
        17,
        8,
        "no piece has the letter 'R'",
    );
    let twice = format!(
        "{}[[castling]]\nside = \"king\"\nking_from = \"e1\"\nking_to = \"c1\"\nrook_from = \"a1\"\nrook_to = \"d1\"\nrook = \"K\"\n",
        castling("king", "e1", "g1", "h1", "f1", "K")
    );
    expect(&twice, 19, 8, "defined twice");
}

#[test]
fn game_end() {
    expect(
        &format!("{BASE}[end]\nextinction = [\"Z\"]\n"),
        12,
        15,
        "no piece has the letter 'Z'",
    );
    expect(
        &format!("{BASE}[end]\nstalemate = \"tie\"\n"),
        12,
        13,
        "stalemate is",
    );
    expect(
        &format!("{BASE}[end]\nreach_rank = {{ piece = \"K\", rank = 9 }}\n"),
        12,
        36,
        "rank must be from 1 to 8",
    );
    expect(
        &format!("{BASE}[end]\nreach_rank = {{ piece = \"K\", rank = 1 }}\n"),
        5,
        9,
        "already stands on its goal rank",
    );
    expect(
        &BASE.replace("royal = true", "royal = false"),
        6,
        1,
        "checkmate needs a royal piece",
    );
    expect(
        &format!("{BASE}[end]\ndead_position = \"insufficient\"\n"),
        12,
        17,
        "dead_position is one of \"fide\", \"bare-royals\", \"atomic\"",
    );
    assert!(load_variant_file(&format!("{BASE}[end]\ndead_position = \"fide\"\n")).is_ok());
    expect(
        &format!("{BASE}[end]\nthreefold = false\nrepetition_count = 4\n"),
        13,
        20,
        "needs threefold = true",
    );
    expect(
        &format!("{BASE}[end]\nrepetition_count = 1\n"),
        12,
        20,
        "repetition_count must be from 2 to 10",
    );
    expect(
        &format!("{BASE}[end]\nrepetition_result = \"lose\"\n"),
        12,
        21,
        "repetition_result is",
    );
}

#[test]
fn rules_options() {
    expect(
        &format!("{BASE}{PAWN}drop_ranks = [2, 7]\n"),
        16,
        14,
        "drop_ranks needs [rules] drops = true",
    );
    expect(
        &format!("{BASE}{PAWN}drop_ranks = [0, 7]\n[rules]\ndrops = true\n"),
        16,
        14,
        "drop_ranks is [lowest, highest] rank",
    );
    expect(
        &format!("{BASE}[rules]\ndrops = true\nblast = true\n"),
        12,
        9,
        "drops and blast cannot be combined",
    );
    expect(
        &format!("{BASE}[rules]\nblast_immune = [\"K\"]\n"),
        12,
        17,
        "blast_immune needs blast = true",
    );
    expect(
        &format!("{BASE}[rules]\nblast_proof = [\"K\"]\n"),
        12,
        16,
        "blast_proof needs blast = true",
    );
    expect(
        &format!("{BASE}[rules]\nmutually_immune = [\"K\"]\n"),
        12,
        20,
        "a royal piece cannot be mutually_immune",
    );
    expect(
        &format!("{BASE}[rules]\ncaptured_keep_promotion = true\n"),
        12,
        27,
        "need [rules] drops = true",
    );
    expect(
        &format!("{BASE}[rules]\ndrops = 1\n"),
        12,
        9,
        "invalid type",
    );
    // A start position whose hand holds a king.
    expect(
        &format!("{BASE}[rules]\ndrops = true\n").replace("4K3 w", "4K3[K] w"),
        5,
        30,
        "a hand cannot hold a royal piece",
    );
}

#[test]
fn obstacles() {
    expect(
        &format!("{BASE}[obstacles]\nwalls = [\"e4-e6\"]\n"),
        12,
        10,
        "not side by side",
    );
    expect(
        &format!("{BASE}[obstacles]\nwalls = [\"e4e5\"]\n"),
        12,
        10,
        "joined by '-'",
    );
    expect(
        &format!("{BASE}[obstacles]\nwalls = [\"e4-e9\"]\n"),
        12,
        10,
        "not a square",
    );
    expect(
        &format!("{BASE}[obstacles]\ntrapdoors = [\"z1\"]\n"),
        12,
        14,
        "not a square",
    );
    expect(
        &format!("{BASE}[obstacles]\nmines = [\"a0\"]\n"),
        12,
        10,
        "not a square",
    );
    expect(
        &format!("{BASE}[obstacles]\nwalls_per_player = 100\n"),
        12,
        20,
        "walls_per_player must be",
    );
    expect(
        &format!("{BASE}[obstacles]\nmines_per_player = -1\n"),
        12,
        20,
        "mines_per_player must be",
    );
    expect(
        &format!("{BASE}[obstacles]\ntrapdoors_per_player = 100\n"),
        12,
        24,
        "trapdoors_per_player must be",
    );
}

proptest::proptest! {
    #[test]
    fn any_text_is_rejected_or_accepted_without_panicking(s in "\\PC{0,200}") {
        let _ = load_variant_file(&s);
    }

    #[test]
    fn mutated_base_files_never_panic(cut in 0usize..300, insert in "[\\[\\]=\"a-z0-9 \n]{0,6}") {
        let mut t = BASE.to_string();
        let at = cut.min(t.len());
        t.insert_str(at, &insert);
        let _ = load_variant_file(&t);
    }
}

/// Every complete TOML example in the reference (a block with `[board]`) loads: a user can
/// start from the documentation alone.
#[test]
fn the_reference_examples_load() {
    let doc = std::fs::read_to_string("docs/variant-files.md").unwrap();
    let mut found = 0;
    for block in doc.split("```toml\n").skip(1) {
        let text = block.split("```").next().unwrap();
        if text.contains("[board]") {
            load_variant_file(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            found += 1;
        }
    }
    assert!(found >= 1);
}

#[test]
fn initial_squares_and_a_pawns_own_promotions() {
    // Initial squares need initial moves, from one rank, and not on that rank.
    expect(
        &format!("{BASE}{PAWN}initial_squares = [\"b3\"]\n"),
        16,
        19,
        "initial_squares needs initial moves from one rank",
    );
    expect(
        &format!("{BASE}{PAWN}double_step_rank = 2\ninitial_squares = [\"b2\"]\n"),
        17,
        19,
        "rank 2 is already an initial rank",
    );
    expect(
        &format!("{BASE}{PAWN}double_step_rank = [1, 2]\ninitial_squares = [\"b3\"]\n"),
        17,
        19,
        "from one rank",
    );
    let ok = format!("{BASE}{PAWN}double_step_rank = 2\ninitial_squares = [\"b3\", \"c3:d3\"]\n");
    assert!(load_variant_file(&ok).is_ok());
    // A pawn's own list needs a pawn and a [promotion] section.
    expect(
        &format!("{BASE}{PAWN}promotions = [\"K\"]\n"),
        16,
        14,
        "needs pawn = true and a [promotion] section",
    );
    expect(
        &format!("{BASE}{PAWN}promotions = []\n[promotion]\nto = [\"K\"]\n"),
        16,
        14,
        "at least one piece",
    );
    expect(
        &format!("{BASE}{PAWN}promotions = [\"X\"]\n[promotion]\nto = [\"K\"]\n"),
        16,
        15,
        "X",
    );
}
