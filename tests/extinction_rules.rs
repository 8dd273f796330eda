//! Extinction as data, through the shipped files that use its parts: counts (threekings),
//! all pieces counted together with the bare king's reply (shatranj), extinction and
//! checkmate that win (codrus, losers), the move rule's length (shatranj's seventy), and
//! atomar's explosion-proof kings that may not take each other.

mod shipped_moves;

use chessrules::core::Color;
use chessrules::game::{Game, GameEnd, Score};
use chessrules::variants::custom::{builtin, outcome, variant};
use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

/// The game's end by the file's rules, from FEN, after the moves given.
fn end_after(name: &str, fen: &str, moves: &[&str]) -> Option<GameEnd> {
    let mut p = pos(name, fen);
    for m in moves {
        play(&mut p, m);
    }
    let v = &builtin::by_name(name).expect("shipped").variant;
    outcome(&mut variant::game(v, p))
}

#[test]
fn three_kings_lose_with_the_first_king_lost() {
    // White takes one of Black's three kings: Black, with two left, has lost.
    let fen = "k2k3k/8/8/8/8/8/8/KK1K3R w - - 0 1";
    assert_eq!(end_after("threekings", fen, &[]), None, "three kings each");
    let end = end_after("threekings", fen, &["h1h8"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
}

#[test]
fn a_bare_king_loses_unless_it_bares_the_other_back_at_once() {
    // Black is bare, to move, and cannot take White's last piece: not over yet (the reply).
    let fen = "7k/8/8/8/8/8/8/R3K3 b - - 0 1";
    assert_eq!(end_after("shatranj", fen, &[]), None);
    // Once Black has moved without baring White, Black has lost.
    let end = end_after("shatranj", fen, &["h8g7"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    // Black bares White back by taking the rook: king against king, drawn.
    let end = end_after("shatranj", "8/8/8/8/8/8/6k1/4K2R b - - 0 1", &["g2h1"]);
    assert_eq!(end, None, "king against king plays on");
    // Two pieces against the bare king to move: lost at once, whatever Black might take.
    let end = end_after("shatranj", "7k/8/8/8/8/8/8/R3K2R b - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
}

#[test]
fn shatranj_draws_after_seventy_moves_not_fifty() {
    let fifty = "r3k3/p7/8/8/8/8/3PP3/2RQK3 w - - 100 80";
    assert_eq!(end_after("shatranj", fifty, &[]), None);
    let seventy = "r3k3/p7/8/8/8/8/3PP3/2RQK3 w - - 140 90";
    let end = end_after("shatranj", seventy, &[]).expect("drawn");
    assert_eq!(end.score(), Score::Draw);
    assert!(end.to_string().contains("70 moves"), "{end}");
}

#[test]
fn losing_the_king_wins_codrus_and_being_mated_wins_losers() {
    // White must take the black king (the only capture): Black has won.
    let end = end_after("codrus", "8/8/8/8/8/8/1k6/K7 w - - 0 1", &["a1b2"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
    // Fool's mate in losers: the mated side wins.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let end = end_after("losers", start, &["f2f3", "e7e5", "g2g4", "d8h4"]).expect("over");
    assert_eq!(end.score(), Score::Win(Color::White));
    // A bare king wins losers too.
    let end = end_after("losers", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[]);
    assert!(matches!(end.map(|e| e.score()), Some(Score::Win(_))));
}

#[test]
fn atomar_kings_survive_explosions_and_never_take_each_other() {
    // The white king takes on d2: the explosion removes the pieces around it, not the king.
    let mut p = pos("atomar", "4k3/8/8/8/8/8/2nb4/4K3 w - - 0 1");
    play(&mut p, "e1d2");
    assert_eq!(
        chessrules::notation::fen::write(&p),
        "4k3/8/8/8/8/8/3K4/8 b - - 0 1"
    );
    // Kings side by side: neither may take the other.
    let mut p = pos("atomar", "8/8/8/8/8/8/3k4/4K3 w - - 0 1");
    assert!(!uci_texts(&mut p).contains(&"e1d2".to_string()));
    make_and_unmake_restore("atomar", "4k3/8/8/8/8/8/2nb4/4K3 w - - 0 1");
    // In no-check atomic the king may, and blows itself up with the other: the mover loses.
    let end = end_after("nocheckatomic", "8/8/8/8/8/8/3k4/4K3 w - - 0 1", &["e1d2"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
}

#[test]
fn the_new_keys_refuse_what_they_cannot_mean() {
    use chessrules::variants::custom::load_variant_file;
    let base = std::fs::read_to_string("variants/shatranj.toml").expect("shatranj.toml");
    for (from, to, says) in [
        (
            "extinction = [\"all\"]",
            "extinction = [\"all\", \"K\"]",
            "stands alone",
        ),
        ("extinction_count = 1", "extinction_count = 99", "0 to 64"),
        (
            "stalemate = \"loss\"",
            "stalemate = \"loss\"\ncheckmate_result = \"draw\"",
            "checkmate_result is",
        ),
        (
            "move_rule = 70",
            "move_rule = 70\nfifty_move = false",
            "fifty_move",
        ),
    ] {
        let text = base.replace(from, to);
        let e = load_variant_file(&text).expect_err(to);
        assert!(e.to_string().contains(says), "{to}: {e}");
    }
    let no_extinction = base.replace("extinction = [\"all\"]\n", "");
    let e = load_variant_file(&no_extinction).expect_err("modifiers alone");
    assert!(e.to_string().contains("needs extinction"), "{e}");
}

#[test]
fn castling_rights_read_as_shredder_fen_name_the_rooks_files() {
    // Fairy-Stockfish's extinction table starts from this Chess960 position, its rights
    // written `AHah`: the rooks on a and h, the kings on g.
    let text = "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1";
    let shredder = pos("extinction", text);
    let xfen = pos("extinction", &text.replace("AHah", "KQkq"));
    assert_eq!(shredder, xfen);
    // No castling rook stands on the b-file.
    let v = &builtin::by_name("extinction").expect("shipped").variant;
    let e = v
        .position_from_fen(&text.replace("AHah", "Bh"))
        .expect_err("no rook on b1");
    assert!(e.to_string().contains("no castling 'B'"), "{e}");
}

#[test]
fn a_lion_on_the_last_rank_wins_only_out_of_reach() {
    // Dobutsu: White's lion on b4 beside Black's giraffe on a4, which attacks it: the game
    // goes on. Out of the giraffe's reach (c4), White has won.
    let fen = "gL1/2l/3/E1G[] b - - 0 5";
    assert_eq!(
        end_after("dobutsu", fen, &[]),
        None,
        "a4's giraffe attacks b4"
    );
    let safe = end_after("dobutsu", "g1L/l2/3/E1G[] b - - 0 5", &[]);
    assert_eq!(safe.map(|e| e.score()), Some(Score::Win(Color::White)));
}

#[test]
fn a_king_exploded_on_the_last_move_leaves_a_readable_finished_position() {
    // White to move without its king (an explosion took it): read, as python-chess's atomic
    // board reads it, and over, won by Black.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1";
    let end = end_after("atomic", fen, &[]).expect("over");
    assert_eq!(end.score(), Score::Win(Color::Black));
    // The side that just moved cannot be the one without a king.
    let v = &builtin::by_name("atomic").expect("shipped").variant;
    let err = v
        .position_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR b - - 0 1")
        .expect_err("White moved without a king");
    assert!(err.to_string().contains("king"), "{err}");
}

#[test]
fn shatar_mates_count_by_who_gave_the_checks_and_a_bare_king_draws() {
    // Smothered by a knight alone: the mate loses for the side that gave it.
    let end = end_after("shatar", "6rk/5Npp/8/8/8/8/8/4K3 b - - 0 1", &[]).expect("mate");
    assert_eq!(end.score(), Score::Win(Color::Black));
    // A rook's mate is a shak: it wins.
    let end = end_after("shatar", "R6k/6pp/8/8/8/8/8/4K3 b - - 0 1", &[]).expect("mate");
    assert_eq!(end.score(), Score::Win(Color::White));
    // A bishop's mate with no shak among the checks before it: drawn (niol).
    let end = end_after("shatar", "6bk/7p/8/8/8/8/8/B3K3 b - - 0 1", &[]).expect("mate");
    assert_eq!(end.score(), Score::Draw);
    // A bishop's mate right after a rook's check (the series of checks read from the game's
    // moves): the rook's was a shak, so the mate counts.
    let v = &builtin::by_name("shatar").expect("shipped").variant;
    let start = "R6k/5b1p/8/8/8/4B3/8/4K3 b - - 0 1";
    let mut game = variant::game(v, v.position_from_fen(start).expect("a FEN"));
    for text in ["f7g8", "e3d4"] {
        let m = game.parse_move(text).expect("legal");
        game.make(m);
    }
    let end = outcome(&mut game).expect("mate");
    assert_eq!(end.score(), Score::Win(Color::White));
    // A bare king draws at once (robado).
    let end = end_after("shatar", "4k3/8/8/8/8/8/8/4K2R b - - 0 1", &[]).expect("bare");
    assert_eq!(end.score(), Score::Draw);
}

#[test]
fn a_knight_wins_jeson_mor_only_by_holding_the_centre_for_a_move() {
    // White's knight lands on e5: Black is to move and might still take it, so play goes
    // on; once Black has moved elsewhere, White, to move with the knight still there, wins.
    let fen = "n7n/9/9/9/9/9/5N3/9/N8 w - - 0 1";
    assert_eq!(end_after("jesonmor", fen, &["f3e5"]), None, "not held yet");
    let end = end_after("jesonmor", fen, &["f3e5", "a9b7"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    // Black's knight on d7 takes the arrival: now Black must hold e5 through White's move.
    let fen = "n7n/9/3n5/9/9/9/5N3/9/N8 w - - 0 1";
    assert_eq!(end_after("jesonmor", fen, &["f3e5", "d7e5"]), None);
    let end = end_after("jesonmor", fen, &["f3e5", "d7e5", "a1b3"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
}

#[test]
fn spartan_kings_are_in_check_only_together_and_a_hoplite_may_become_the_second() {
    // Black's kings on a8 and h8: a rook on the a-file attacks a8 alone, which is no check;
    // a second rook on the h-file makes it one.
    let mut p = pos("spartan", "k6k/1h4h1/8/8/8/8/8/R3K3 b - - 0 1");
    assert!(!p.is_check(), "one king attacked of two is no check");
    let mut p2 = pos("spartan", "k6k/1h4h1/8/8/8/8/8/R3K2R b - - 0 1");
    assert!(p2.is_check(), "both attacked is check");
    let _ = uci_texts(&mut p2);
    // The lone king after g1's hoplite: it may promote to a second king on f1 although
    // that opens the g-file to g1, and to nothing else there.
    let fen = "8/8/8/8/6Q1/8/3K2h1/1c4k1 b - - 1 2";
    let moves = shipped_moves::moves_from("spartan", fen, "g2");
    assert_eq!(moves, vec!["g2f1k", "g2h1k"]);
    // With two kings already, a third is refused (the kings' promotion_limit of 2).
    let fen = "8/8/8/8/6Q1/8/6h1/1k1K2k1 b - - 1 2";
    let moves = shipped_moves::moves_from("spartan", fen, "g2");
    assert!(moves.iter().all(|m| !m.ends_with('k')), "{moves:?}");
    // Both kings attacked with no way out: checkmate.
    let end = end_after("spartan", "k1Q4k/1R6/8/8/8/8/8/4K3 b - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    let _ = uci_texts(&mut p);
}

#[test]
fn sho_shogi_kings_are_royal_only_when_alone() {
    // White's king on e1 under the rook's attack beside a crown prince (a promoted drunk
    // elephant): not in check, and either may be left attacked.
    let fen = "4k4/9/9/9/9/9/9/3+E5/r3K4 w - - 0 1";
    let mut p = pos("shoshogi", fen);
    assert!(!p.is_check());
    let moves = uci_texts(&mut p);
    assert!(moves.contains(&"e1d1".to_string()), "{moves:?}");
    // The elephant promotes to the crown prince, which is written +E.
    let mut p = pos("shoshogi", "4k4/9/4E4/9/9/9/9/9/4K4 w - - 0 1");
    play(&mut p, "e7d8+");
    assert_eq!(
        chessrules::notation::fen::write(&p),
        "4k4/3+E5/9/9/9/9/9/9/4K4 b - - 1 1"
    );
    // The lone king is royal again once the prince is gone: taking the rook's line is check.
    let p = pos("shoshogi", "4k4/9/9/9/9/9/9/9/r3K4 w - - 0 1");
    assert!(p.is_check());
}
