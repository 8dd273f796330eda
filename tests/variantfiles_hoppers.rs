//! Issue 39's mechanisms in variant files: hoppers (`p`), grasshoppers (`g`), lame leaps
//! (`n`), zones, `[[piece.extra]]` groups and the flying general: the moves they give, the
//! checks they give (attack detection sees them) and the errors a file gets for them.

use chessrules::core::Position;
use chessrules::notation::coordinate::to_uci;
use chessrules::variants::custom::{load_variant_file, CustomVariant};

/// A 9×10 file with a royal `K` (wazir, in a palace zone) and the piece rows given.
fn variant(pieces: &str, rules: &str) -> CustomVariant {
    let text = format!(
        "name = \"t\"\n[board]\nfiles = 9\nranks = 10\nstart = \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"\n\
         [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"W\"\nroyal = true\nzone = [\"d1:f3\"]\n\
         {pieces}\n{rules}"
    );
    load_variant_file(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn piece(letter: &str, betza: &str) -> String {
    format!("[[piece]]\nletter = \"{letter}\"\nname = \"x\"\nbetza = \"{betza}\"\n")
}

/// The legal moves of the piece on `from`, as coordinates, sorted.
fn moves_from(v: &CustomVariant, fen: &str, from: &str) -> Vec<String> {
    let mut pos: Position = v.position_from_fen(fen).expect("a valid FEN");
    let mut out: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| to_uci(&pos, m))
        .filter(|t| {
            t.starts_with(from) && !t[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    out.sort();
    out
}

fn in_check(v: &CustomVariant, fen: &str) -> bool {
    v.position_from_fen(fen).expect("a valid FEN").is_check()
}

#[test]
fn a_cannon_moves_as_a_rook_and_captures_over_one_screen() {
    let v = variant(&format!("{}{}", piece("C", "mRcpR"), piece("P", "fW")), "");
    // White cannon on e5, a black screen on e7, the black king on e10: check.
    assert!(in_check(&v, "4k4/9/9/4p4/9/4C4/9/9/9/3K5 b - - 0 1"));
    assert!(!in_check(&v, "4k4/9/9/9/9/4C4/9/9/9/3K5 b - - 0 1"));
    // Moves: the empty squares up to the screen; the capture: the first piece past it (e9).
    let w = "4k4/4p4/9/4p4/9/4C4/9/9/9/3K5 w - - 0 1";
    assert_eq!(
        moves_from(&v, w, "e5"),
        [
            "e5a5", "e5b5", "e5c5", "e5d5", "e5e1", "e5e2", "e5e3", "e5e4", "e5e6", "e5e9", "e5f5",
            "e5g5", "e5h5", "e5i5"
        ]
    );
}

#[test]
fn a_grasshopper_lands_just_past_the_first_piece() {
    let v = variant(&format!("{}{}", piece("G", "gQ"), piece("P", "fW")), "");
    let fen = "3k5/9/9/9/9/9/2P6/9/G8/3K5 w - - 0 1";
    // Along the rank nothing to jump; up the file nothing; the diagonal: c4 screen, d5.
    assert_eq!(moves_from(&v, fen, "a2"), ["a2d5"]);
    // A grasshopper checks over a screen next to the king.
    assert!(in_check(&v, "3k5/3p5/9/9/9/3G5/9/9/9/4K4 b - - 0 1"));
}

#[test]
fn lame_leaps_are_blocked_on_the_squares_they_pass() {
    let v = variant(&format!("{}{}", piece("N", "nN"), piece("B", "nA")), "");
    // Horse on e5 with a piece on e6: its two forward leaps are blocked.
    let fen = "3k5/9/9/9/4B4/4N4/9/9/9/3K5 w - - 0 1";
    assert_eq!(
        moves_from(&v, fen, "e5"),
        ["e5c4", "e5c6", "e5d3", "e5f3", "e5g4", "e5g6"]
    );
    // An elephant with its eye blocked on one side.
    assert_eq!(
        moves_from(&v, "3k5/9/9/9/9/4B4/3N5/9/9/4K4 w - - 0 1", "e5"),
        ["e5c7", "e5g3", "e5g7"]
    );
    // A horse's check is blocked by a piece on its leg, and seen without one.
    assert!(in_check(&v, "3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1"));
    assert!(!in_check(&v, "3k5/9/9/9/9/9/9/3n5/3B5/4K4 w - - 0 1"));
}

#[test]
fn a_zone_keeps_a_piece_in_it_and_extra_groups_have_their_region() {
    let v = variant(
        &format!(
            "{}zone = [\"d1:f3\"]\n{}[[piece.extra]]\nbetza = \"sW\"\nregion = [6, 10]\n",
            piece("A", "F"),
            piece("P", "fW")
        ),
        "",
    );
    assert_eq!(
        moves_from(&v, "3k5/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1", "e2"),
        ["e2d3", "e2f1", "e2f3"]
    );
    // Black's zone is White's mirrored: d8:f10.
    assert_eq!(
        moves_from(&v, "5k3/4a4/9/9/9/9/9/9/9/3K5 b - - 0 1", "e9"),
        ["e9d10", "e9d8", "e9f8"]
    );
    assert_eq!(
        moves_from(&v, "3k5/9/9/9/9/4P4/9/9/9/3K5 w - - 0 1", "e5"),
        ["e5e6"]
    );
    assert_eq!(
        moves_from(&v, "3k5/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1", "e6"),
        ["e6d6", "e6e7", "e6f6"]
    );
    // The king keeps to its palace too.
    assert_eq!(
        moves_from(&v, "3k5/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d1"),
        ["d1d2", "d1e1"]
    );
}

#[test]
fn the_flying_general_forbids_facing_kings() {
    let v = variant(&piece("R", "mR"), "[rules]\nflying_general = true\n");
    // The white king may not step onto the black king's open file.
    assert_eq!(
        moves_from(&v, "5k3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e1"),
        ["e1d1", "e1e2"]
    );
    // A piece between the kings (a rook that only moves, so no check) may not leave the file.
    assert_eq!(
        moves_from(&v, "4k4/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1", "e6"),
        ["e6e2", "e6e3", "e6e4", "e6e5", "e6e7", "e6e8", "e6e9"]
    );
    // Without the rule it may.
    let free = variant(&piece("R", "mR"), "");
    assert_eq!(
        moves_from(&free, "4k4/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1", "e6").len(),
        15
    );
}

fn expect_error(text: &str, line: usize, column: usize, message: &str) {
    let e = match load_variant_file(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    };
    assert_eq!((e.line, e.column), (line, column), "{e}\nfor:\n{text}");
    assert!(e.message.contains(message), "{e} lacks '{message}'");
}

/// A valid file: lines 1–10.
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

#[test]
fn errors_name_line_and_column() {
    let with = |extra: &str| format!("{BASE}{extra}");
    expect_error(
        &BASE.replace("\"K\"\nroyal", "\"pW\"\nroyal"),
        9,
        10,
        "'p' and 'g' need",
    );
    expect_error(
        &BASE.replace("\"K\"\nroyal", "\"RgN\"\nroyal"),
        9,
        11,
        "'p' and 'g' need",
    );
    expect_error(
        &BASE.replace("\"K\"\nroyal", "\"nNN\"\nroyal"),
        9,
        10,
        "cannot ride",
    );
    expect_error(
        &BASE.replace("\"K\"\nroyal", "\"pnR\"\nroyal"),
        9,
        11,
        "one of hopper",
    );
    expect_error(
        &with("zone = [\"j1\"]\n"),
        11,
        9,
        "not a square of the board",
    );
    expect_error(&with("zone = [\"a1:z9\"]\n"), 11, 9, "rectangle");
    expect_error(&with("zone = []\n"), 11, 8, "at least one square");
    expect_error(
        &with("[[piece.extra]]\nbetza = \"sX\"\n"),
        12,
        11,
        "'X' is not an atom",
    );
    expect_error(
        &with("[[piece.extra]]\nbetza = \"sW\"\nregion = [3]\n"),
        13,
        10,
        "region is",
    );
    expect_error(
        &with("[[piece.extra]]\nbetza = \"sW\"\nmode = 1\n"),
        13,
        1,
        "unknown field",
    );
    expect_error(
        &with("[[piece]]\nletter = \"P\"\nname = \"p\"\nbetza = \"mfWcfF\"\npawn = true\nen_passant = true\nzone = [\"a1:h8\"]\n"),
        17,
        8,
        "does not combine",
    );
    expect_error(
        &BASE.replace(
            "\"K\"\nroyal = true\n",
            "\"K\"\n[rules]\nflying_general = true\n[end]\ncheckmate = false\n",
        ),
        6,
        1,
        "flying_general needs a royal piece",
    );
    expect_error(
        &with("[rules]\nflying_general = true\n[obstacles]\nwalls = [\"e4-e5\"]\n"),
        14,
        10,
        "walls do not combine",
    );
    expect_error(
        &with("[[piece]]\nletter = \"C\"\nname = \"c\"\nbetza = \"mRcpR\"\n[obstacles]\nwalls_per_player = 2\n"),
        16,
        20,
        "walls do not combine",
    );
}
