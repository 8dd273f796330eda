//! `chessrules uci` playing fairy chess 10×10 (`UCI_Variant fairy10x10`, or `--variant fairy`).

mod piped;

use chessrules::notation::coordinate;
use chessrules::variants::fairy::computer as fairy;
use chessrules::variants::fairy::play;
use piped::bestmoves;

/// A UCI session (`chessrules uci ARGS`): its standard output.
fn session(args: &[&str], input: &str) -> String {
    piped::ok(&[&["uci"][..], args].concat(), input).0
}

#[test]
fn the_option_lists_both_variants_and_the_flag_sets_the_default() {
    let out = session(&[], "uci\n");
    let option = out
        .lines()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .unwrap_or_default();
    assert!(
        option.starts_with(
            "option name UCI_Variant type combo default chess var chess var fairy10x10"
        ),
        "{out}"
    );
    // The shipped variant files, by the names lichess-bot and cutechess send.
    for name in [
        "kingofthehill",
        "racingkings",
        "horde",
        "antichess",
        "giveaway",
        "3check",
        "atomic",
    ] {
        assert!(option.split(" var ").any(|v| v == name), "{name}: {option}");
    }
    let out = session(&["--variant", "fairy"], "uci\n");
    assert!(
        out.lines().any(|l| l.contains("default fairy10x10")),
        "{out}"
    );
}

#[test]
fn a_fairy_reply_is_legal_under_the_fairy_rules() {
    let out = session(
        &[],
        "uci\nsetoption name UCI_Variant value fairy10x10\nisready\nposition startpos moves b2b4\ngo movetime 100\nquit\n",
    );
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    let mut pos = fairy::start();
    let b4 = coordinate::parse(&mut pos, "b2b4").unwrap();
    pos.make(b4);
    let m = coordinate::parse(&mut pos, best[0]).unwrap();
    assert!(play::legal_moves(&mut pos).contains(&m), "{}", best[0]);
}

#[test]
fn fairy_mate_in_one_from_a_ten_by_ten_fen() {
    let out = session(
        &["--variant", "fairy"],
        "position fen k9/pp8/10/10/10/10/10/10/10/5K3R w - - 0 1\ngo depth 3\n",
    );
    assert_eq!(bestmoves(&out), ["j1j10"], "{out}");
}

#[test]
fn at_clock_fifty_only_what_the_fairy_rules_allow() {
    // Halfmove clock 50: officers may only capture (fairy spec §5.2 rule 6), so of the rook's
    // and king's moves only the capture a1xa9 is allowed.
    let out = session(
        &["--variant", "fairy"],
        "position fen k9/pp8/10/10/10/10/10/10/10/R4K4 w - - 50 40\ngo depth 3\n",
    );
    assert_eq!(bestmoves(&out), ["a1a9"], "{out}");
}

#[test]
fn switching_back_to_chess_resets_the_position() {
    let out = session(
        &["--variant", "fairy"],
        "setoption name UCI_Variant value chess\nposition startpos moves e2e4\ngo depth 2\n",
    );
    let best = bestmoves(&out);
    let mut pos = chessrules::variants::standard::start();
    let e4 = coordinate::parse(&mut pos, "e2e4").unwrap();
    pos.make(e4);
    assert!(coordinate::parse(&mut pos, best[0]).is_ok(), "{out}");
}
