//! Hands and drops (`[rules] drops`), through the shipped crazyhouse file: what a capture
//! pockets, what a drop may do, how the FEN writes and refuses hands, and that make and
//! unmake leave the position (key included) as it was.

use chessrules::core::{Color, Position};
use chessrules::notation::{coordinate, fen, san};
use chessrules::variants::custom::builtin;

fn zh(text: &str) -> Position {
    let v = &builtin::by_name("crazyhouse").expect("shipped").variant;
    v.position_from_fen(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(pos: &mut Position, uci: &str) {
    let m = coordinate::parse(pos, uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    pos.make(m);
}

#[test]
fn a_captured_promoted_piece_returns_to_the_hand_as_a_pawn() {
    let mut pos = zh("4k3/1Q~6/8/8/8/8/7r/4K3[] b - - 0 1");
    assert_eq!(fen::write(&pos), "4k3/1Q~6/8/8/8/8/7r/4K3[] b - - 0 1");
    play(&mut pos, "h2h7");
    play(&mut pos, "e1d1");
    play(&mut pos, "h7b7");
    assert_eq!(fen::write(&pos), "4k3/1r6/8/8/8/8/8/3K4[p] w - - 0 3");
}

#[test]
fn a_promotion_is_marked_and_a_plain_capture_pockets_the_piece() {
    let mut pos = zh("4k3/1P6/8/8/8/8/7r/4K3[] w - - 0 1");
    play(&mut pos, "b7b8q");
    assert_eq!(fen::write(&pos), "1Q~2k3/8/8/8/8/8/7r/4K3[] b - - 0 1");
    let mut pos = zh("r3k3/8/8/8/8/8/8/R3K3[] b - - 0 1");
    play(&mut pos, "a8a1");
    assert_eq!(fen::write(&pos), "4k3/8/8/8/8/8/8/r3K3[r] w - - 0 2");
}

#[test]
fn drops_block_checks_and_pawns_stay_off_the_end_ranks() {
    // The rook checks along the first rank: only the drops between it and the king answer it.
    let mut pos = zh("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    let drops: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| m.dropped().is_some())
        .map(|m| coordinate::to_uci(&pos, m))
        .collect();
    assert_eq!(drops, ["N@b1", "N@c1", "N@d1"]);
    // Out of check, a pawn may go to every empty square of ranks 2 to 7.
    let mut pos = zh("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let pawn_drops = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| m.dropped().is_some())
        .count();
    assert_eq!(pawn_drops, 48);
    assert!(coordinate::parse(&mut pos, "P@e8").is_err());
    // A knight giving a contact check cannot be blocked.
    let mut pos = zh("4k3/8/8/8/8/8/2n5/4K3[Q] w - - 0 1");
    assert!(pos
        .legal_move_list()
        .into_iter()
        .all(|m| m.dropped().is_none()));
}

#[test]
fn drops_read_and_write_in_san_and_uci() {
    let mut pos = zh("4k3/8/8/8/8/8/8/4K3[Pn] w - - 0 1");
    let m = san::parse(&mut pos, "@e4").expect("a pawn's drop");
    assert_eq!(san::to_san(&mut pos, m), "P@e4");
    assert_eq!(san::parse(&mut pos, "P@e4"), Ok(m));
    assert_eq!(coordinate::to_uci(&pos, m), "P@e4");
    assert!(
        san::parse(&mut pos, "N@e4").is_err(),
        "Black's knight is not White's"
    );
    pos.make(m);
    let n = san::parse(&mut pos, "N@d6").expect("Black's knight");
    assert_eq!(san::to_san(&mut pos, n), "N@d6");
    let check = san::parse(&mut pos, "N@f3").expect("a checking drop");
    assert_eq!(san::to_san(&mut pos, check), "N@f3+");
}

#[test]
fn make_and_unmake_restore_hands_origins_and_the_key() {
    let start = zh("r3k2r/1P6/8/3q4/8/8/8/R3K2R[QNpp] w KQkq - 0 1");
    let mut pos = start.clone();
    let moves = pos.legal_move_list();
    assert!(moves.len() > 100);
    for m in moves {
        let undo = pos.make(m);
        assert_eq!(pos.key(), pos.compute_key(), "{m:?}");
        for reply in pos.legal_move_list() {
            let u2 = pos.make(reply);
            assert_eq!(pos.key(), pos.compute_key(), "{m:?} {reply:?}");
            pos.unmake(reply, u2);
        }
        pos.unmake(m, undo);
        assert!(pos == start, "{m:?}");
    }
}

#[test]
fn impossible_hands_are_clear_errors() {
    let v = &builtin::by_name("crazyhouse").expect("shipped").variant;
    for (text, message) in [
        (
            "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1",
            "a hand cannot hold a royal piece ('K')",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1",
            "unknown piece 'X' in hand",
        ),
        (
            "4k3/8/8/8/8/8/8/~4K3[] w - - 0 1",
            "'~' must follow a piece",
        ),
    ] {
        let e = v.position_from_fen(text).expect_err(text);
        assert!(e.to_string().contains(message), "{text}: {e}");
    }
    // A hand past what any game can hold is refused; 64 pawns are not (see below).
    let many = format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", "P".repeat(60_001));
    let e = v
        .position_from_fen(&many)
        .expect_err("60,001 pawns in hand");
    assert!(e.to_string().contains("too many 'P' in hand"), "{e}");
    // Lichess's form: the hands as a ninth row.
    let pos = v
        .position_from_fen("4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1")
        .expect("lichess's hand row");
    assert_eq!(pos.hand_count(Color::White, 1), 1);
    assert_eq!(fen::write(&pos), "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
}

/// `clone_from` (a replay copies each game's start into the last game's position) carries
/// hands and promotion marks both ways: into a standard position and out of one.
#[test]
fn clone_from_carries_hands_and_promotion_marks() {
    let moves = |pos: &mut Position| {
        let mut list: Vec<String> = pos
            .legal_move_list()
            .iter()
            .map(|&m| coordinate::to_uci(pos, m))
            .collect();
        list.sort();
        list
    };
    let mut zh_pos = zh("4k3/8/1Q~6/8/8/8/7r/4K3[QRbnpp] w - - 0 1");
    let mut standard = chessrules::variants::standard::start();
    let mut into_standard = standard.clone();
    into_standard.clone_from(&zh_pos);
    assert_eq!(fen::write(&into_standard), fen::write(&zh_pos));
    assert_eq!(moves(&mut into_standard), moves(&mut zh_pos));
    play(&mut into_standard, "b6b7");
    play(&mut zh_pos, "b6b7");
    assert_eq!(fen::write(&into_standard), fen::write(&zh_pos));
    let mut into_zh = zh_pos.clone();
    into_zh.clone_from(&standard);
    assert_eq!(fen::write(&into_zh), fen::write(&standard));
    assert_eq!(moves(&mut into_zh), moves(&mut standard));
}

/// Issue 67: a hand of 64 or more of one kind read the next kind's Zobrist slot, and the FEN
/// the game wrote for it did not read back. Any count has a key of its own, the key made move
/// by move is the one computed from scratch, and the FEN reads back to the same position.
#[test]
fn a_hand_of_64_and_more_of_a_kind_keeps_its_key_and_reads_back() {
    let queens = "Q".repeat(63);
    let mut pos = zh(&format!("4k3/8/8/8/8/8/3q4/4K3[{queens}] w - - 0 1"));
    let before = pos.clone();
    let m = coordinate::parse(&mut pos, "e1d2").expect("the king takes the queen");
    let undo = pos.make(m);
    assert_eq!(pos.hand_count(Color::White, 1), 64);
    assert_eq!(pos.key(), pos.compute_key());
    let written = fen::write(&pos);
    assert_eq!(written, format!("4k3/8/8/8/8/8/3K4/8[{queens}Q] b - - 0 1"));
    let read = zh(&written);
    assert!(read == pos, "{written}");
    assert_eq!(read.key(), pos.key());
    // 64 queens are not 63 queens and a rook.
    let other = zh(&format!("4k3/8/8/8/8/8/3K4/8[{queens}R] b - - 0 1"));
    assert_ne!(other.key(), pos.key());
    // Dropping one and taking the capture back both come back to the same keys.
    let drop = coordinate::parse(&mut pos, "e8e7").expect("the king steps");
    let u = pos.make(drop);
    let q = coordinate::parse(&mut pos, "Q@a1").expect("a queen dropped");
    let u2 = pos.make(q);
    assert_eq!(pos.hand_count(Color::White, 1), 63);
    assert_eq!(pos.key(), pos.compute_key());
    pos.unmake(q, u2);
    pos.unmake(drop, u);
    pos.unmake(m, undo);
    assert!(pos == before);
    assert_eq!(pos.key(), before.key());
    let many = zh(&format!(
        "4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1",
        "P".repeat(300)
    ));
    assert_eq!(many.hand_count(Color::White, 5), 300);
    assert_eq!(many.key(), many.compute_key());
}

/// Loop chess (`captured_keep_promotion`): a captured promoted piece joins the hand as what it
/// became, and promotions are not marked `~`; chessgi drops pawns on the first rank too.
#[test]
fn loop_chess_keeps_a_captured_promotion_and_chessgi_drops_pawns_on_the_first_rank() {
    let v = &builtin::by_name("loop").expect("shipped").variant;
    let mut p = v
        .position_from_fen("4k2r/6P1/8/8/8/8/8/4K3[] w - - 0 1")
        .expect("a loop position");
    play(&mut p, "g7g8q");
    assert_eq!(fen::write(&p), "4k1Qr/8/8/8/8/8/8/4K3[] b - - 0 1");
    play(&mut p, "h8g8");
    assert_eq!(
        p.hand_count(Color::Black, p.rules().kind_by_letter('Q').expect("Q")),
        1
    );
    // Crazyhouse pockets a pawn for the same capture.
    let mut z = zh("4k2r/6P1/8/8/8/8/8/4K3[] w - - 0 1");
    play(&mut z, "g7g8q");
    play(&mut z, "h8g8");
    assert_eq!(fen::write(&z), "4k1r1/8/8/8/8/8/8/4K3[p] w - - 0 2");
    let drops = |name: &str| {
        let v = &builtin::by_name(name).expect("shipped").variant;
        let mut p = v
            .position_from_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
            .expect("a position");
        p.legal_move_list()
            .into_iter()
            .map(|m| coordinate::to_uci(&p, m))
            .filter(|m| m.starts_with("P@") && m.ends_with('1'))
            .count()
    };
    assert_eq!(drops("loop"), 0);
    assert_eq!(drops("chessgi"), 7, "a1 to h1 but the king's square");
}

/// `no_checking_drops` (Fairy-Stockfish's `dropChecks = false`): no drop gives check; moves
/// still may.
#[test]
fn no_drop_gives_check_where_the_rules_say_so() {
    let text = std::fs::read_to_string("variants/crazyhouse.toml").expect("crazyhouse.toml");
    let text = text.replace("drops = true", "drops = true\nno_checking_drops = true");
    let v = chessrules::variants::custom::load_variant_file(&text).expect("loads");
    let fen = "4k3/8/8/8/8/8/8/R3K3[Q] w - - 0 1";
    let moves = |v: &chessrules::variants::custom::CustomVariant| {
        let mut p = v.position_from_fen(fen).expect("a position");
        p.legal_move_list()
            .into_iter()
            .map(|m| coordinate::to_uci(&p, m))
            .collect::<Vec<_>>()
    };
    let ours = moves(&v);
    assert!(!ours.contains(&"Q@e2".to_string()) && !ours.contains(&"Q@a4".to_string()));
    assert!(ours.contains(&"Q@b3".to_string()) && ours.contains(&"a1a8".to_string()));
    let zh = &builtin::by_name("crazyhouse").expect("shipped").variant;
    assert!(moves(zh).contains(&"Q@e2".to_string()));
}
