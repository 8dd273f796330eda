//! Properties of the core on random games: make/unmake restores everything, incremental and
//! from-scratch keys agree, legal moves never leave the king attacked, the fast legality path
//! agrees with make-and-test, counting agrees with listing, and FEN round-trips.

use chessrules::core::{Backend, Color, Move, Position};
use chessrules::notation::fen;
use chessrules::variants::standard;
use proptest::prelude::*;

const SEEDS: [&str; 4] = [
    standard::START_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
];

/// Legal moves by the slow, obvious definition: pseudo-legal moves after which the mover is
/// not in check.
fn legal_by_make_and_test(pos: &mut Position) -> Vec<Move> {
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    let us = pos.side_to_move();
    pseudo
        .into_iter()
        .filter(|&m| {
            let undo = pos.make(m);
            let ok = !pos.in_check(us);
            pos.unmake(m, undo);
            ok
        })
        .collect()
}

fn sorted(mut v: Vec<Move>) -> Vec<(u16, u16, Option<u8>)> {
    let mut out: Vec<_> = v.drain(..).map(|m| (m.from, m.to, m.promotion)).collect();
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_invariants(seed in 0usize..SEEDS.len(), choices in prop::collection::vec(any::<u16>(), 1..60)) {
        let mut pos = standard::from_fen(SEEDS[seed]).unwrap();
        for choice in choices {
            let moves = pos.legal_move_list();
            prop_assert_eq!(moves.len(), pos.legal_move_count());
            prop_assert_eq!(sorted(moves.clone()), sorted(legal_by_make_and_test(&mut pos)));
            if moves.is_empty() {
                break;
            }
            let before = pos.clone();
            let before_fen = fen::write(&pos);
            let us = pos.side_to_move();
            for &m in &moves {
                let undo = pos.make(m);
                prop_assert!(!pos.in_check(us), "{} leaves the king attacked", fen::write(&before));
                prop_assert_eq!(pos.key(), pos.compute_key());
                pos.unmake(m, undo);
                prop_assert!(pos == before, "make/unmake of {:?} changed {}", m, before_fen);
            }
            let m = moves[choice as usize % moves.len()];
            pos.make(m);
            let text = fen::write(&pos);
            let reread = standard::from_fen(&text).unwrap();
            prop_assert_eq!(fen::write(&reread), text.clone());
            prop_assert_eq!(reread.key(), pos.key(), "key differs after FEN round trip of {}", text);
        }
    }

    /// A position lists its pieces, and generates its pseudo-legal moves, the same way however
    /// it was reached: after random play (captures included), in the same order as the same
    /// position read afresh from its FEN. The mailbox backend has the same pieces.
    #[test]
    fn piece_order_does_not_depend_on_history(seed in 0usize..SEEDS.len(), choices in prop::collection::vec(any::<u16>(), 1..60)) {
        let mut pos = standard::from_fen(SEEDS[seed]).unwrap();
        for choice in choices {
            let moves = pos.legal_move_list();
            if moves.is_empty() {
                break;
            }
            pos.make(moves[choice as usize % moves.len()]);
            let fresh = standard::from_fen(&fen::write(&pos)).unwrap();
            let mailbox = pos.on_backend(Backend::Mailbox);
            for color in Color::BOTH {
                let listed: Vec<_> = pos.pieces(color).collect();
                prop_assert_eq!(&listed, &fresh.pieces(color).collect::<Vec<_>>());
                prop_assert_eq!(listed.len(), pos.piece_count(color));
                let mut on_mailbox: Vec<_> = mailbox.pieces(color).collect();
                on_mailbox.sort();
                prop_assert_eq!(&listed, &on_mailbox, "bitboard squares come in square order");
            }
            let (mut played, mut read) = (Vec::new(), Vec::new());
            pos.pseudo_legal_moves(&mut played);
            fresh.pseudo_legal_moves(&mut read);
            prop_assert_eq!(played, read);
        }
    }

    #[test]
    fn fen_parser_never_panics(text in "\\PC{0,80}") {
        let _ = standard::from_fen(&text);
    }

    #[test]
    fn fen_parser_never_panics_on_fen_like_text(text in "[rnbqkpRNBQKP1-9/ wb\\-KQkqa-h0-9]{0,90}") {
        let _ = standard::from_fen(&text);
    }
}

#[test]
fn fen_errors_name_field_and_column() {
    let e =
        standard::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid fen: side to move field, column 45: 'x' is not w or b"
    );
    let e =
        standard::from_fen("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
    assert_eq!(e.column, 14);
    let e = standard::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert!(e.to_string().contains("exactly one king"), "{e}");
    let e = standard::from_fen("4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1");
    assert!(
        e.is_ok(),
        "castling rights without a rook are kept and simply never usable"
    );
}

#[test]
fn insufficient_material_follows_the_rules_text() {
    use chessrules::core::history::{cannot_mate, insufficient_material};
    let cases = [
        ("8/8/8/4k3/8/8/8/4K3 w - - 0 1", true),
        ("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true),
        ("8/8/8/4k3/8/8/8/1N2K3 w - - 0 1", true),
        ("8/8/2b5/4k3/8/8/8/2B1K3 w - - 0 1", false),
        ("8/8/1b6/4k3/8/8/8/2B1K3 w - - 0 1", true),
        ("8/8/8/4k3/8/8/8/1NN1K3 w - - 0 1", false),
        ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", false),
        ("B7/1B6/2B5/4k3/8/8/8/4K3 w - - 0 1", true),
    ];
    for (text, expected) in cases {
        let pos = standard::from_fen(text).unwrap();
        assert_eq!(insufficient_material(&pos), expected, "{text}");
        // The bitboards answer "any major piece?" without counting: the mailbox must agree.
        let mailbox = pos.on_backend(Backend::Mailbox);
        assert_eq!(
            insufficient_material(&mailbox),
            expected,
            "{text} on the mailbox"
        );
        for color in Color::BOTH {
            assert_eq!(
                cannot_mate(&pos, color),
                cannot_mate(&mailbox, color),
                "{text}: can {color:?} mate?"
            );
        }
    }
}

#[test]
fn threefold_counts_positions_with_same_rights() {
    use chessrules::core::PositionHistory;
    use chessrules::notation::coordinate;
    let mut game = PositionHistory::new(standard::start());
    for text in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        let m = coordinate::parse(&mut game.position().clone(), text).unwrap();
        game.play(m);
    }
    assert_eq!(game.repetitions(), 3);
    assert!(game.status().threefold);
    game.undo();
    assert!(!game.status().threefold);
}

/// A table of more than 31 kinds has piece codes past 63: attack tests then take the general
/// path (128-bit masks). FIDE chess with 34 unused extra kinds must count exactly as FIDE does.
#[test]
fn wide_piece_tables_count_like_small_ones() {
    use chessrules::core::{MovementComponent, Rules, RulesConfig};
    use chessrules::variants::pieces::{self, PawnRules};
    use std::sync::Arc;
    let mut kinds = pieces::fide_set(PawnRules {
        double_step_from: Some(1),
        en_passant: true,
    });
    let base = kinds.len();
    for i in 0..34u8 {
        let mut extra = kinds[standard::KNIGHT as usize].clone();
        extra.letter = char::from(b'0' + i % 10);
        extra.name = "unused".into();
        extra.components = vec![MovementComponent::ride(1, 2)];
        kinds.push(extra);
    }
    assert!(kinds.len() > 31 && base == 6);
    let wide = Arc::new(
        Rules::new(RulesConfig {
            files: 8,
            ranks: 8,
            pieces: kinds,
            castling: standard::fide_castling(standard::ROOK, 8),
            promotion_kinds: vec![
                standard::QUEEN,
                standard::ROOK,
                standard::BISHOP,
                standard::KNIGHT,
            ],
            king_safety: true,
            options: chessrules::core::rules::RuleOptions::default(),
            drop_start: Vec::new(),
            walling_region: Vec::new(),
        })
        .expect("valid rules"),
    );
    for (fen_text, depth, nodes) in [
        (SEEDS[1], 3, 97_862u64),
        (SEEDS[2], 4, 43_238),
        (SEEDS[3], 3, 9_467),
    ] {
        let mut pos = fen::parse(wide.clone(), fen_text).expect("valid FEN");
        assert_eq!(
            chessrules::core::perft::perft(&mut pos, depth),
            nodes,
            "{fen_text}"
        );
    }
}

/// An engine sees the game's repetitions through `PositionHistory::earlier_keys`: after Nf3 Nf6 Ng1 Ng8
/// the current position's key is the first earlier key, and there is one key per move.
#[test]
fn earlier_keys_list_the_game_positions_oldest_first() {
    use chessrules::core::PositionHistory;
    use chessrules::notation::coordinate;
    let mut game = PositionHistory::new(standard::start());
    let start_key = game.position().key();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let mut pos = game.position().clone();
        let m = coordinate::parse(&mut pos, text).expect("legal move");
        game.play(m);
    }
    let keys = game.earlier_keys();
    assert_eq!(keys.len(), 4);
    assert_eq!(keys[0], start_key);
    assert_eq!(game.position().key(), start_key);
    assert_ne!(keys[1], start_key);
}
