//! The registry opens a board file of any variant behind the `Game` trait; a refused file
//! comes back as a typed diagnostic: the variant's own message, the line or square it names
//! and its command's exit code, so no front end takes the text apart.

use chessrules::game::{Game, Searchable, VariantId};
use chessrules::variants::registry::{open, replay, AnyGame, Visit};

#[test]
fn refused_boards_are_typed_diagnostics() {
    // Fairy chess: the spec's line (the allocation is judged at the divider), exit code 1.
    let d = open(VariantId::Fairy, "k:9\n-----\n").expect_err("refused");
    assert_eq!(d.message, "Invalid piece allocation on line 2");
    assert_eq!(
        (d.line, d.square.as_deref(), d.exit_code),
        (Some(2), None, 1)
    );
    // Obstacle chess: the square, then the rule in words.
    let bad = "rnbqkbnr\npppppppp\n........\n....k...\n........\n........\nPPPPPPPP\nRNBQKBNR\n\
               w 3 3 + + + + - 0\n";
    let d = open(VariantId::Obstacle, bad).expect_err("refused");
    assert_eq!(d.square.as_deref(), Some("e5"));
    assert_eq!(d.message, "illegal board at e5");
    assert!(d.detail.as_deref().is_some_and(|r| !r.is_empty()), "{d:?}");
    assert!(d.full().starts_with("illegal board at e5: "), "{d:?}");
    // Standard chess: a setup rule names its square.
    let d = open(
        VariantId::Standard,
        "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR b KQq - 0 1",
    )
    .expect_err("refused");
    assert_eq!(d.square.as_deref(), Some("h8"), "{}", d.message);
    // FollowChess: the line.
    let d = open(VariantId::Follow, "RNBQKBNR\nPPPPxPPP\n").expect_err("refused");
    assert_eq!(d.line, Some(2), "{}", d.message);
}

/// Every variant the registry opens plays its own notation through the trait: the first
/// legal move's text reads back as the same move.
#[test]
fn every_variant_reads_back_the_moves_it_writes() {
    struct RoundTrip;
    impl Visit for RoundTrip {
        type Output = (usize, usize);
        fn visit<V: Searchable>(self, mut game: V) -> (usize, usize) {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            let mut same = 0;
            for &m in &moves {
                let text = game.move_text(m);
                if game.parse_move(&text) == Ok(m) {
                    same += 1;
                }
            }
            (same, moves.len())
        }
    }
    for id in VariantId::ALL {
        if id == VariantId::Custom {
            continue;
        }
        let board = chessrules::variants::registry::info(id).initial;
        let game: AnyGame = open(id, board).unwrap_or_else(|d| panic!("{id}: {d}"));
        let (same, all) = game.visit(RoundTrip);
        assert!(all > 0, "{id}: no legal move at the start");
        assert_eq!(same, all, "{id}: a move text did not read back");
    }
    // And a replayed line lands where the texts say.
    let AnyGame::Core(mut game) = open(
        VariantId::Standard,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    )
    .expect("the start") else {
        panic!("standard chess is a core game");
    };
    replay(&mut game, &["e4".to_string(), "e5".to_string()]).expect("legal");
    assert_eq!(
        game.board_file(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
    );
}

/// A move text is one move: FollowChess's reader takes move files of many lines, but a seat
/// sending two lines at once would move for the other side too.
#[test]
fn a_table_plays_one_move_per_text() {
    let board = chessrules::variants::registry::info(VariantId::Follow).initial;
    let mut table =
        chessrules::variants::registry::seat_view(VariantId::Follow, board).expect("a board");
    let refused = table
        .play("c 2 c 3\nc 7 c 6")
        .expect_err("two moves in one text");
    assert_eq!(refused.message, "one move at a time");
    assert_eq!(table.play("c 2 c 3").expect("a legal move").text, "c 2 c 3");
}
