//! A variant file at the table: the one seat view over the file's rules type, with what only
//! terrain variants need — obstacles drawn on and between squares, placements instead of a
//! move, what a move set off — and the file's own page lines, board file and ends.

use chessrules::core::Square;
use chessrules::game::seat_view::SeatView;
use chessrules::variants::custom::load_variant_file;
use chessrules::variants::registry;
use chessrules::VariantId;

fn table(board: &str) -> Box<dyn SeatView> {
    registry::seat_view(VariantId::Custom, board).unwrap_or_else(|d| panic!("{d}"))
}

fn obstacle_on(t: &dyn SeatView, square: &str) -> Option<&'static str> {
    t.cells(&|_: Square| false)
        .into_iter()
        .find(|c| c.square == square)
        .and_then(|c| c.obstacle)
}

fn piece_on(t: &dyn SeatView, square: &str) -> Option<char> {
    t.cells(&|_: Square| false)
        .into_iter()
        .find(|c| c.square == square)
        .and_then(|c| c.piece)
        .map(|p| p.letter)
}

/// FIDE chess with a trapdoor on d4, a mine on e5, and one wall, trapdoor and mine for each
/// player to place.
fn mined_chess() -> String {
    let standard = std::fs::read_to_string("variants/standard.toml").expect("shipped");
    format!(
        "{standard}\n[obstacles]\ntrapdoors = [\"d4\"]\nmines = [\"e5\"]\n\
         walls_per_player = 1\ntrapdoors_per_player = 1\nmines_per_player = 1\n"
    )
}

#[test]
fn placements_falls_and_blasts_at_the_table() {
    let text = mined_chess();
    let v = load_variant_file(&text).expect("a valid file");
    let mut t = table(&text);
    assert_eq!(
        t.info(),
        [
            format!("{}: {}", v.name, v.description),
            "FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string(),
            // Issue 67: a network game of this file shows what a player places to everybody.
            "Trapdoors and mines placed in this game are seen by both players and spectators (only obstacle chess hides them).".to_string()
        ]
    );
    assert_eq!(obstacle_on(t.as_ref(), "d4"), Some("open_trapdoor"));
    assert_eq!(obstacle_on(t.as_ref(), "e5"), Some("mine"));
    assert!(t.walls().is_empty());

    // Placing is a player's turn; each may place what the file gives, once.
    assert_eq!(t.play("wall e2-e3").expect("a wall").text, "wall e2-e3");
    assert!(t
        .walls()
        .iter()
        .any(|w| w.square == "e3" && w.side == "south"));
    assert_eq!(
        t.play("wall d7-d6").expect("Black's wall").text,
        "wall d7-d6"
    );
    let refused = |t: &mut Box<dyn SeatView>, text: &str| t.play(text).expect_err(text).message;
    assert_eq!(
        refused(&mut t, "wall a2-a3"),
        "white has no wall left to place"
    );
    assert_eq!(
        t.play("trapdoor h4").expect("a trapdoor").text,
        "trapdoor h4"
    );
    assert_eq!(
        refused(&mut t, "mine h4"),
        "h4 holds a trapdoor or mine already"
    );
    assert_eq!(refused(&mut t, "mine h7"), "h7 is not empty");
    assert_eq!(t.play("mine a5").expect("a mine").text, "mine a5");
    assert_eq!(obstacle_on(t.as_ref(), "h4"), Some("open_trapdoor"));
    assert_eq!(obstacle_on(t.as_ref(), "a5"), Some("mine"));
    // The wall blocks the e-pawn; the placements passed the turn with the clocks.
    let e2: Vec<String> = t
        .targets(sq("e2"), None)
        .into_iter()
        .map(|m| m.text)
        .collect();
    assert!(e2.is_empty(), "{e2:?}");
    assert!(t.info()[1].ends_with(" w KQkq - 4 3"), "{:?}", t.info());

    // A pawn falls through the trapdoor; a pawn steps on the mine.
    assert_eq!(t.play("d2d4").expect("legal").text, "d2d4");
    assert_eq!(piece_on(t.as_ref(), "d4"), None);
    assert_eq!(
        t.events(),
        [(
            "trapdoor",
            "d4".to_string(),
            "the white pawn on d4 fell into a trapdoor".to_string()
        )]
    );
    assert_eq!(t.play("e7e5").expect("legal").text, "e7e5");
    assert_eq!(piece_on(t.as_ref(), "e5"), None);
    assert_eq!(obstacle_on(t.as_ref(), "e5"), None, "the mine is used up");
    let events = t.events();
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!((events[0].0, events[0].1.as_str()), ("mine", "e5"));
    assert!(
        events[0].2.starts_with("a mine exploded on e5"),
        "{events:?}"
    );
    assert_eq!(t.play("g1f3").expect("legal").text, "g1f3");
    assert!(t.events().is_empty(), "nothing set off");

    // The board file is the variant file after the position: loading it goes on from there.
    let saved = t.board_file();
    let (first, rest) = saved.split_once('\n').expect("two parts");
    assert!(first.starts_with("# position: "), "{first}");
    assert_eq!(rest, text);
    let again = table(&saved);
    assert_eq!(again.cells(&|_: Square| false).len(), 64);
    for s in ["d2", "d4", "e7", "e5", "f3", "g1"] {
        assert_eq!(piece_on(again.as_ref(), s), piece_on(t.as_ref(), s), "{s}");
    }
    assert_eq!(again.side_to_move(), t.side_to_move());
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square name")
}

/// Where the file has no checkmate (antichess), a king attacked is no check the page shows;
/// a side that cannot move is stalemated, and in antichess that wins.
#[test]
fn a_file_without_checkmate_shows_no_check() {
    let antichess = std::fs::read_to_string("variants/antichess.toml").expect("shipped");
    let mut t = table(&antichess);
    for m in ["e2e3", "d7d6", "f1b5"] {
        t.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let status = t.status();
    assert!(
        !status.check && !status.checkmate && !status.over,
        "{status:?}"
    );
    // The start of a won stalemate: Black's last pawn is blocked.
    let board = format!("# position: 8/8/8/8/8/p7/P7/8 b - - 0 1\n{antichess}");
    let t = table(&board);
    let status = t.status();
    assert!(
        status.over && status.stalemate && !status.check,
        "{status:?}"
    );
    assert_eq!(
        status.result.map(|r| r.to_string()).as_deref(),
        Some("stalemate: black wins")
    );
}
