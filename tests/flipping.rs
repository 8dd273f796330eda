//! Pieces that change sides and drops that must enclose or touch (`core::enclosing`), through
//! the shipped files of Fairy-Stockfish's reversi family and ataxx: the flips `make` does and
//! `unmake` takes back, the drops `drop_only` and `drop_start` allow, ataxx's hands that never
//! run out, and the counted ends (`stalemate = "count"`, `full_board`, two passes counted by
//! `material_count = "pieces"`).

mod shipped_moves;

use chessrules::core::Color;
use chessrules::game::{Game, GameEnd, Score};
use chessrules::notation::{coordinate, fen};
use chessrules::variants::custom::{builtin, load_variant_file, outcome, variant};
use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

/// The board field of the position's FEN (hands included where they are written).
fn board(p: &chessrules::core::Position) -> String {
    fen::write(p)
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The end of the game after `moves` played through the game (which keeps the passes).
fn end_after(name: &str, fen_text: &str, moves: &[&str]) -> Option<GameEnd> {
    let v = &builtin::by_name(name).expect("shipped").variant;
    let mut game = variant::game(v, pos(name, fen_text));
    for text in moves {
        let m = coordinate::parse(&mut game.position().clone(), text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.make(m);
    }
    outcome(&mut game)
}

// White drops on d1: the d-file's two pieces and e2 are enclosed and turn; c1 and the c2-b3
// line, which ends on an empty square, do not.
const REVERSI: &str = "8/8/8/3pp3/3PP3/1p1p1P2/2ppp3/2p5[PPpp] w - - 0 1";

#[test]
fn a_drop_turns_every_line_it_encloses_and_no_other() {
    let mut p = pos("flipello", REVERSI);
    let moves = uci_texts(&mut p);
    assert!(moves.contains(&"P@d1".to_string()), "{moves:?}");
    assert!(
        !moves.contains(&"P@a1".to_string()),
        "encloses nothing: {moves:?}"
    );
    assert!(
        !moves.contains(&"P@a4".to_string()),
        "ends on an empty square: {moves:?}"
    );
    play(&mut p, "P@d1");
    assert_eq!(board(&p), "8/8/8/3pp3/3PP3/1p1P1P2/2pPP3/2pP4[Ppp]");
    make_and_unmake_restore("flipello", REVERSI);
}

#[test]
fn the_first_drops_go_to_the_centre_while_it_has_room() {
    let mut p = pos("flipersi", "8/8/8/8/8/8/8/8[PPpp] w - - 0 1");
    let mut moves = uci_texts(&mut p);
    moves.sort();
    assert_eq!(moves, ["P@d4", "P@d5", "P@e4", "P@e5"]);
    // With one centre square left, it is the only drop, enclosing or not.
    let mut q = pos("flipersi", "8/8/8/3pP3/3P4/8/8/8[Pp] b - - 0 1");
    assert_eq!(uci_texts(&mut q), ["P@e4"]);
}

#[test]
fn an_ataxx_stone_clones_next_to_its_own_or_jumps_and_turns_its_neighbours() {
    let start = "7/7/7/7/1pp4/7/P6 w - - 0 1";
    let mut p = pos("ataxx", start);
    let moves = uci_texts(&mut p);
    // The jumps land only on empty squares (b3 and c3 hold Black's stones).
    for (m, legal) in [
        ("P@b2", true),
        ("P@a2", true),
        ("P@b1", true),
        ("a1a3", true),
        ("a1c1", true),
        ("a1c2", true),
        ("a1c3", false),
        ("a1b3", false),
    ] {
        assert_eq!(moves.contains(&m.to_string()), legal, "{m}: {moves:?}");
    }
    assert!(
        !moves.contains(&"P@d4".to_string()),
        "not next to White's: {moves:?}"
    );
    play(&mut p, "P@b2");
    assert_eq!(
        board(&p),
        "7/7/7/7/1PP4/1P5/P6",
        "the hand is never written"
    );
    let mut q = pos("ataxx", start);
    play(&mut q, "a1a3");
    assert_eq!(board(&q), "7/7/7/7/PPp4/7/7");
    make_and_unmake_restore("ataxx", start);
    // The hands hold every kind for ever: a FEN that lists pieces in them is refused.
    let v = &builtin::by_name("ataxx").expect("shipped").variant;
    let e = v
        .position_from_fen("P5p/7/7/7/7/7/p5P[P] w - - 0 1")
        .expect_err("a hand");
    assert!(e.to_string().contains("free drops"), "{e}");
}

#[test]
fn a_side_without_a_move_is_judged_by_its_pieces_and_a_full_board_is_counted() {
    // Flipersi has no pass: White, without a piece, has none of the centre to enclose.
    let end = end_after("flipersi", "8/8/8/3pp3/3pp3/8/8/8[PPpp] w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::Black)));
    // Stuck with more pieces than Black wins.
    let end = end_after("flipersi", "8/8/8/3PP3/3PP3/8/8/p7[P] w - - 0 1", &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
    // A full board: 40 White stones against 24.
    let full =
        "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp[] b - - 0 1";
    let end = end_after("flipello", full, &[]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
}

#[test]
fn two_passes_end_flipello_and_the_stones_are_counted() {
    // Neither side can enclose: White passes (named by its first stone, d4), Black passes
    // (a1), and White's four stones beat Black's one.
    let stuck = "8/8/8/3PP3/3PP3/8/8/p7[Pp] w - - 0 1";
    let mut p = pos("flipello", stuck);
    assert_eq!(uci_texts(&mut p), ["d4d4"]);
    assert_eq!(end_after("flipello", stuck, &["d4d4"]), None);
    let end = end_after("flipello", stuck, &["d4d4", "a1a1"]);
    assert_eq!(end.map(|e| e.score()), Some(Score::Win(Color::White)));
}

#[test]
fn the_keys_refuse_what_they_cannot_mean() {
    let base = std::fs::read_to_string("variants/flipello.toml").expect("flipello.toml");
    for (from, to, says) in [
        ("flip = \"enclosed\"", "flip = \"sideways\"", "flip is"),
        (
            "drop_only = \"enclosing\"",
            "drop_only = \"near\"",
            "drop_only is",
        ),
        (
            "drops = true\ncaptures_to_hand = false\n",
            "",
            "drop_only needs drops",
        ),
        (
            "drop_start = [\"d4:e5\"]",
            "drop_start = [\"d4:e9\"]",
            "not a square",
        ),
        (
            "drop_only = \"enclosing\"\n",
            "",
            "drop_start needs drop_only",
        ),
        ("stalemate = \"count\"", "stalemate = \"most\"", "\"count\""),
        (
            "material_count = \"pieces\"",
            "material_count = \"weights\"",
            "\"pieces\"",
        ),
    ] {
        assert!(base.contains(from), "{from}");
        let text = base.replace(from, to);
        let e = load_variant_file(&text).expect_err(to);
        assert!(e.to_string().contains(says), "{to}: {e}");
    }
    let ataxx = std::fs::read_to_string("variants/ataxx.toml").expect("ataxx.toml");
    let text = ataxx
        .replace("drops = true\ncaptures_to_hand = false\n", "")
        .replace("drop_only = \"next-to-own\"\n", "");
    let e = load_variant_file(&text).expect_err("free drops without drops");
    assert!(e.to_string().contains("free_drops needs drops"), "{e}");
}

#[test]
fn the_mailbox_and_the_bitboards_count_the_same_trees() {
    // The bitboards find the drops set-wise and count the last ply; the mailbox tests each
    // square. Their trees agree from the starts and from positions in play.
    use chessrules::core::perft::Perft;
    use chessrules::core::Backend;
    for (name, fen_text, depth) in [
        ("flipello", "", 5),
        ("flipello", REVERSI, 3),
        ("flipersi", "", 6),
        ("flipello10", "", 4),
        ("ataxx", "", 3),
        ("ataxx", "7/7/7/7/ppppppp/ppppppp/PPPPPPP w - - 0 1", 4),
        ("ataxx", "7/7/7/7/1pp4/7/P6 w - - 0 1", 4),
    ] {
        let v = &builtin::by_name(name).expect("shipped").variant;
        let start = if fen_text.is_empty() {
            v.position_from_fen(&v.start_fen).expect("start")
        } else {
            pos(name, fen_text)
        };
        assert_eq!(
            start.on_backend(Backend::Mailbox).rules().backend(),
            Backend::Mailbox
        );
        for bulk in [true, false] {
            let count = |backend| Perft::new(bulk).count(&mut start.on_backend(backend), depth);
            let bits = count(Backend::Bitboard);
            assert!(bits > 0, "{name}");
            assert_eq!(bits, count(Backend::Mailbox), "{name} {fen_text} {depth}");
        }
    }
}
