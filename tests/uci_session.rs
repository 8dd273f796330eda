//! A UCI session piped through the binary.

mod piped;

use piped::bestmoves;

/// A UCI session: its standard output.
fn session(input: &str) -> String {
    piped::ok(&["uci"], input).0
}

#[test]
fn handshake_and_a_legal_reply_to_e4() {
    let out = session("uci\nisready\nposition startpos moves e2e4\ngo movetime 100\nquit\n");
    assert!(out.lines().any(|l| l == "uciok"), "{out}");
    assert!(out.lines().any(|l| l == "readyok"), "{out}");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    let mut pos = chessrules::variants::standard::start();
    let e4 = chessrules::notation::coordinate::parse(&mut pos, "e2e4").unwrap();
    pos.make(e4);
    assert!(chessrules::notation::coordinate::parse(&mut pos, best[0]).is_ok());
    let legal: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| chessrules::notation::coordinate::to_uci(&pos, m))
        .collect();
    assert!(legal.iter().any(|m| m == best[0]), "{}", best[0]);
}

#[test]
fn mate_in_one_from_a_fen() {
    let out = session("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    assert_eq!(bestmoves(&out), ["a1a8"], "{out}");
}

#[test]
fn searchmoves_restricts_the_root() {
    let out = session("position startpos\ngo depth 2 searchmoves a2a3 h2h3\n");
    let best = bestmoves(&out);
    assert!(best == ["a2a3"] || best == ["h2h3"], "{out}");
}

#[test]
fn checkmated_side_answers_the_null_move() {
    let out = session("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1\ngo movetime 50\n");
    assert_eq!(bestmoves(&out), ["0000"], "{out}");
}

#[test]
fn bad_position_is_reported_not_fatal() {
    let out = session("position fen nonsense\nisready\n");
    assert!(out.contains("info string"), "{out}");
    assert!(out.lines().any(|l| l == "readyok"), "{out}");
}
