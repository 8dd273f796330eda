//! The rules Fairy-Stockfish's shogi-style variants need, as variant-file keys: promotion that
//! is compulsory for every move starting or ending in the zone (`must_promote`), a promotion
//! limit on zone promotions, `immobile_illegal`, repetition that ends the game at another
//! count or with another result, perpetual check that loses, the flying general along ranks,
//! and drops that make a screen for a hopper.

use chessrules::core::{Color, Position};
use chessrules::game::{Game, GameEnd, Score};
use chessrules::notation::coordinate;
use chessrules::variants::custom::{load_variant_file, outcome, variant, CustomVariant};

/// An 8×8 file with a royal `K` and the piece rows, rules and ends given.
fn file(start: &str, pieces: &str, rules: &str, end: &str) -> CustomVariant {
    let text = format!(
        "name = \"t\"\n[board]\nfiles = 8\nranks = 8\nstart = \"{start}\"\n\
         [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n\
         {pieces}\n[rules]\n{rules}\n[end]\n{end}\n"
    );
    load_variant_file(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn piece(letter: &str, betza: &str, more: &str) -> String {
    format!("[[piece]]\nletter = \"{letter}\"\nname = \"p{letter}\"\nbetza = \"{betza}\"\n{more}\n")
}

/// The legal moves starting with `prefix` (a square, or `L@` for drops), sorted.
fn moves(pos: &mut Position, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| coordinate::to_uci(pos, m))
        .filter(|t| t.starts_with(prefix))
        .collect();
    out.sort();
    out
}

/// A silver-like `S` that promotes to `+S` (a gold) in the last three ranks.
fn silver(more: &str) -> String {
    piece(
        "S",
        "FfW",
        &format!("promotes_to = \"+S\"\npromotion_zone = [6, 8]\n{more}"),
    ) + &piece("+S", "WfF", "")
}

#[test]
fn must_promote_covers_moves_that_start_in_the_zone() {
    let v = file(
        "k7/8/8/3S4/8/8/8/7K w - - 0 1",
        &silver("must_promote = true"),
        "",
        "",
    );
    // From d5 (outside) to the zone: only promotions; to rank 5: plain moves.
    let mut pos = v
        .position_from_fen("k7/8/8/3S4/8/8/8/7K w - - 0 1")
        .unwrap();
    let from_outside = moves(&mut pos, "d5");
    assert!(
        from_outside.contains(&"d5d6+".to_string()),
        "{from_outside:?}"
    );
    assert!(
        !from_outside.contains(&"d5d6".to_string()),
        "{from_outside:?}"
    );
    assert!(
        from_outside.contains(&"d5c4".to_string()),
        "{from_outside:?}"
    );
    // From d6 (in the zone) back out to c5: promotes too, as Fairy-Stockfish's mandatory
    // piece promotion says.
    let mut pos = v
        .position_from_fen("k7/8/3S4/8/8/8/8/7K w - - 0 1")
        .unwrap();
    let from_inside = moves(&mut pos, "d6");
    assert!(
        from_inside.contains(&"d6c5+".to_string()),
        "{from_inside:?}"
    );
    assert!(
        !from_inside.contains(&"d6c5".to_string()),
        "{from_inside:?}"
    );
    // Optional without the key.
    let v = file("k7/8/8/3S4/8/8/8/7K w - - 0 1", &silver(""), "", "");
    let mut pos = v
        .position_from_fen("k7/8/3S4/8/8/8/8/7K w - - 0 1")
        .unwrap();
    let optional = moves(&mut pos, "d6c5");
    assert_eq!(optional, ["d6c5", "d6c5+"]);
}

#[test]
fn a_zone_promotion_stops_at_its_limit() {
    let pieces = piece("S", "FfW", "promotes_to = \"+S\"\npromotion_zone = [6, 8]")
        + &piece("+S", "WfF", "promotion_limit = 1");
    let v = file("k7/8/8/3S4/8/8/8/7K w - - 0 1", &pieces, "", "");
    let mut pos = v
        .position_from_fen("k7/8/8/3S4/8/8/8/7K w - - 0 1")
        .unwrap();
    assert!(moves(&mut pos, "d5d6").contains(&"d5d6+".to_string()));
    // With one promoted silver on the board, the second may still enter, unpromoted.
    let mut pos = v
        .position_from_fen("k7/8/6+S1/3S4/8/8/8/7K w - - 0 1")
        .unwrap();
    assert_eq!(moves(&mut pos, "d5d6"), ["d5d6"]);
}

#[test]
fn immobile_illegal_refuses_drops_and_moves_that_strand_a_piece() {
    // A lance-like `L` (forward rider) with no promotion, dropped or moved.
    let pieces = piece("L", "fR", "");
    let start = "k7/3L4/8/8/8/8/8/7K[L] w - - 0 1";
    let stranded = file(start, &pieces, "drops = true\nimmobile_illegal = true", "");
    let mut pos = stranded.position_from_fen(start).unwrap();
    let drops = moves(&mut pos, "L@");
    assert!(!drops.iter().any(|d| d.ends_with('8')), "{drops:?}");
    assert!(drops.contains(&"L@e7".to_string()), "{drops:?}");
    assert!(moves(&mut pos, "d7").is_empty(), "d7d8 would strand it");
    let free = file(start, &pieces, "drops = true", "");
    let mut pos = free.position_from_fen(start).unwrap();
    assert!(moves(&mut pos, "L@").contains(&"L@e8".to_string()));
    assert_eq!(moves(&mut pos, "d7"), ["d7d8"]);
}

/// The game's end after the moves, from the file's start.
fn end_after(v: &CustomVariant, moves: &[&str]) -> Option<GameEnd> {
    let mut game = variant::game(v, v.start_position().unwrap());
    for text in moves {
        let m = game
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.make(m);
    }
    outcome(&mut game)
}

/// Knights shuffling back to the start: the start occurs again after every fourth ply.
const SHUFFLE: [&str; 4] = ["b1c3", "b8c6", "c3b1", "c6b8"];

fn knights(end: &str) -> CustomVariant {
    let start = "kn6/8/8/8/8/8/8/KN6 w - - 0 1";
    file(start, &piece("N", "N", ""), "", end)
}

#[test]
fn repetition_ends_at_its_count_with_its_result() {
    let shuffles = |n: usize| SHUFFLE.repeat(n);
    // FIDE's count: the third occurrence draws.
    let v = knights("");
    assert_eq!(end_after(&v, &shuffles(1)), None);
    let drawn = end_after(&v, &shuffles(2)).expect("the third occurrence");
    assert_eq!(drawn.score(), Score::Draw);
    // The fourth, and a loss for the side to move then (White: Black completed it).
    let v = knights("repetition_count = 4\nrepetition_result = \"loss\"");
    assert_eq!(end_after(&v, &shuffles(2)), None);
    let lost = end_after(&v, &shuffles(3)).expect("the fourth occurrence");
    assert_eq!(lost.score(), Score::Win(Color::Black));
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    // White's rook checks from h8 and h7 in turn while Black's king steps between b7 and b8:
    // the position after 1. Rh8+ Kb7 occurs for the third time after ten plies, every White
    // move of the cycle a check.
    let start = "k7/8/8/8/8/8/8/K6R w - - 0 1";
    let rook = piece("R", "R", "");
    let rule = |on: bool| {
        let end = if on {
            "perpetual_check_loses = true"
        } else {
            ""
        };
        file(start, &rook, "", end)
    };
    let line = [
        "h1h8", "a8b7", "h8h7", "b7b8", "h7h8", "b8b7", "h8h7", "b7b8", "h7h8", "b8b7",
    ];
    assert_eq!(end_after(&rule(true), &line[..9]), None, "twice only");
    let plain = end_after(&rule(false), &line).expect("threefold");
    assert_eq!(plain.score(), Score::Draw);
    let perpetual = end_after(&rule(true), &line).expect("perpetual check");
    assert_eq!(perpetual.score(), Score::Win(Color::Black));
}

#[test]
fn the_flying_general_sees_along_ranks_too() {
    let start = "8/8/8/8/8/8/8/K2G3k w - - 0 1";
    let v = file(start, &piece("G", "fW", ""), "flying_general = true", "");
    // Facing kings are check: a start with them is refused, as Black would stand in check.
    let facing = v.position_from_fen("8/8/8/8/8/8/8/K6k w - - 0 1");
    assert!(facing.is_err());
    // The piece between them may not leave the rank (it may without the rule).
    let mut pos = v.position_from_fen(start).unwrap();
    assert!(moves(&mut pos, "d1").is_empty());
    let free = file(start, &piece("G", "fW", ""), "", "");
    let mut pos = free.position_from_fen(start).unwrap();
    assert_eq!(moves(&mut pos, "d1"), ["d1d2"]);
    // A king may not step onto the open rank the other stands on.
    let mut pos = v.position_from_fen("8/8/8/8/8/8/7k/K7 b - - 0 1").unwrap();
    assert_eq!(moves(&mut pos, "h2"), ["h2g2", "h2g3", "h2h3"]);
}

#[test]
fn a_drop_may_not_make_the_screen_for_a_hopper_aimed_at_its_own_king() {
    // Black's cannon on e8 looks down the e-file at White's king on e1; a White piece
    // dropped between them would be its screen.
    let pieces = piece("C", "mRcpR", "") + &piece("G", "K", "");
    let start = "k3c3/8/8/8/8/8/8/4K3[G] w - - 0 1";
    let v = file(start, &pieces, "drops = true", "checkmate = true");
    let mut pos = v.position_from_fen(start).unwrap();
    let drops = moves(&mut pos, "G@");
    for sq in ["e2", "e3", "e4", "e5", "e6", "e7"] {
        assert!(!drops.contains(&format!("G@{sq}")), "G@{sq} in {drops:?}");
    }
    assert!(drops.contains(&"G@d4".to_string()));
}

#[test]
fn three_in_a_row_of_pieces_that_never_move() {
    // Tic-tac-toe: marks with no movement (`betza = ""`) dropped from hand; three in a row
    // wins for the side that made it; a full board without a row is drawn (no move left).
    let text =
        "name = \"ttt\"\n[board]\nfiles = 3\nranks = 3\nstart = \"3/3/3[PPPPPpppp] w - - 0 1\"\n\
                [[piece]]\nletter = \"P\"\nname = \"mark\"\nbetza = \"\"\n[rules]\ndrops = true\n\
                [end]\ncheckmate = false\nconnect = 3\n";
    let v = load_variant_file(text).unwrap_or_else(|e| panic!("{e}"));
    let won = end_after(&v, &["P@a1", "P@a2", "P@b1", "P@b2", "P@c1"]).expect("a row");
    assert_eq!(won.score(), Score::Win(Color::White));
    let diagonal = end_after(&v, &["P@a1", "P@a2", "P@b2", "P@b1", "P@c3"]).expect("a row");
    assert_eq!(diagonal.score(), Score::Win(Color::White));
    assert_eq!(end_after(&v, &["P@a1", "P@a2", "P@b2"]), None);
    // Rows only: the diagonal no longer counts.
    let rows = load_variant_file(&text.replace(
        "connect = 3\n",
        "connect = 3\nconnect_directions = [\"horizontal\", \"vertical\"]\n",
    ))
    .unwrap();
    assert_eq!(
        end_after(&rows, &["P@a1", "P@a2", "P@b2", "P@b1", "P@c3"]),
        None
    );
    let drawn = end_after(
        &v,
        &[
            "P@a1", "P@b1", "P@c1", "P@b2", "P@a2", "P@c2", "P@b3", "P@a3", "P@c3",
        ],
    )
    .expect("a full board");
    assert_eq!(drawn.score(), Score::Draw);
}
