//! The one generic seat view (`GameSeatView`) as fairy chess, FollowChess and pawn race are
//! played through it: the rules type decides the moves, the texts the log keeps and the end of
//! the game; the variant adds only its side-panel lines and the words of its ends.

use chessrules::core::Square;
use chessrules::game::seat_view::SeatView;
use chessrules::game::{GameEnd, Score};
use chessrules::variants::registry;
use chessrules::VariantId;

fn table(id: VariantId, board: &str) -> Box<dyn SeatView> {
    registry::seat_view(id, board).unwrap_or_else(|d| panic!("{id}: {d}"))
}

fn at(name: &str) -> Square {
    Square::parse(name).expect("a square name")
}

/// Capturing a king ends a FollowChess game at the table, as the rules type says; the side
/// panel lists what each side took, in the order it fell.
#[test]
fn a_captured_king_ends_followchess_and_the_panel_lists_the_captures() {
    // Lower case is White: a rook on c3 and a king on a1 against a king on a3 and a queen on c2.
    let mut t = table(VariantId::Follow, "K.r\n..Q\nk..\n");
    assert_eq!(
        t.play("c 3 c 2").expect("the rook takes the queen").text,
        "c 3 c 2"
    );
    assert_eq!(t.play("a 3 a 2").expect("the king steps").text, "a 3 a 2");
    assert!(!t.status().over);
    assert_eq!(
        t.play("c 2 a 2").expect("the rook takes the king").text,
        "c 2 a 2"
    );
    let status = t.status();
    assert!(status.over && !status.check && !status.checkmate && !status.stalemate);
    let end = status.result.expect("an end");
    assert_eq!(end.score(), Score::Win(chessrules::core::Color::White));
    assert_eq!(end.to_string(), "king captured: white wins");
    assert!(
        t.targets(at("a2"), None).is_empty(),
        "no moves once it is over"
    );
    assert_eq!(
        t.play("a 2 a 3").expect_err("over").message,
        "the game is over"
    );
    assert_eq!(t.info(), ["captured by White: QK", "captured by Black: "]);
}

/// A FollowChess refusal says what the course's library says of the same line.
#[test]
fn followchess_refusals_are_the_librarys_reasons() {
    let mut t = table(VariantId::Follow, "K.r\n..Q\nk..\n");
    let refused = |t: &mut Box<dyn SeatView>, text: &str| t.play(text).expect_err(text).message;
    assert_eq!(refused(&mut t, "b 2 b 3"), "no piece on b 2");
    assert_eq!(
        refused(&mut t, "a 3 a 2"),
        "it is white's turn, the piece on a 3 is black"
    );
    assert_eq!(
        refused(&mut t, "c 3 b 1"),
        "the piece on c 3 cannot move to b 1"
    );
    assert_eq!(refused(&mut t, "c 3 z 9"), "square z 9 is off the board");
    assert_eq!(
        refused(&mut t, "c1c2"),
        "expected a move like `c 3 c 4`, found \"c1c2\""
    );
}

/// Fairy chess at the table: its move-file notation, a refusal that names the text and the
/// spec's reason, and the board file's allocation and status line in the side panel.
#[test]
fn fairy_chess_plays_its_move_file_notation_at_the_table() {
    let mut t = table(VariantId::Fairy, registry::info(VariantId::Fairy).initial);
    assert_eq!(
        t.play("b2-b5").expect_err("too far").message,
        "b2-b5: Illegal move"
    );
    let texts: Vec<String> = t
        .targets(at("b2"), None)
        .into_iter()
        .map(|m| m.text)
        .collect();
    assert!(texts.contains(&"b2-b4".to_string()), "{texts:?}");
    assert_eq!(t.play(" b2-b4 ").expect("legal").text, "b2-b4");
    let info = t.info();
    assert_eq!(
        info[0],
        "allocation: k:1 r:2 q:1 n:1 b:1 f:1 e:1 a:1 w:1 p:5 d:5"
    );
    assert!(info[1].starts_with("status line: b:"), "{info:?}");
    assert!(
        t.board_file().ends_with("b:++++:0:1\n"),
        "{}",
        t.board_file()
    );
}

/// A pawn race drawn because the side to move cannot move is a stalemate, in the course's
/// words; a race won is not.
#[test]
fn pawn_race_ends_in_the_courses_words() {
    let blocked =
        "........\n........\n........\nB.......\nW.......\n........\n........\n........\nw\n";
    let t = table(VariantId::PawnRace, blocked);
    let status = t.status();
    assert!(status.over && status.stalemate && !status.check);
    assert_eq!(
        status.result,
        Some(GameEnd::VariantRule {
            score: Score::Draw,
            sentence: "Draw by stalemate: White cannot move".to_string()
        })
    );
    let won = "........\n.......W\n........\n........\n........\n........\nB.......\n........\nw\n";
    let mut t = table(VariantId::PawnRace, won);
    assert_eq!(
        t.play("h8").expect("the pawn reaches its last rank").text,
        "h8"
    );
    let status = t.status();
    assert!(status.over && !status.stalemate);
    assert_eq!(
        status.result.expect("won").to_string(),
        "White wins by reaching the last rank"
    );
    assert_eq!(t.info(), ["the first pawn to reach its last rank wins"]);
}
