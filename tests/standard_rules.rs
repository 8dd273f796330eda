//! Every rule of `standard-chess-rules.txt`, one named test each, with positions that just
//! meet the rule and positions that just miss it.

use chessrules::notation::san;
use chessrules::variants::standard::game::{Claim, GameError, StandardGame, Termination};
use chessrules::variants::standard::START_FEN;

fn game(fen: &str) -> StandardGame {
    StandardGame::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play(g: &mut StandardGame, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// The legal moves of a position in SAN, sorted.
fn legal(fen: &str) -> Vec<String> {
    let mut moves = game(fen).report().legal_moves;
    moves.sort();
    moves
}

fn is_legal(fen: &str, text: &str) -> bool {
    let mut pos = chessrules::variants::standard::from_fen(fen).unwrap();
    san::parse(&mut pos, text).is_ok()
}

fn termination(g: &StandardGame) -> Option<Termination> {
    g.outcome().map(|o| o.termination)
}

// ---- Starting a game ----

#[test]
fn start_position_white_moves_first_with_twenty_moves() {
    let g = StandardGame::new();
    assert_eq!(g.fen(), START_FEN);
    assert_eq!(legal(START_FEN).len(), 20);
    assert!(!is_legal(START_FEN, "e5"));
}

#[test]
fn start_layout_light_square_right_queen_on_her_colour() {
    let pos = chessrules::variants::standard::start();
    let shape = &pos.rules().shape;
    let at = |name: &str| {
        let sq = shape.parse_square(name).unwrap();
        (
            shape.parity(sq),
            pos.piece_at(sq).map(|p| (p.color, p.kind)),
        )
    };
    use chessrules::core::Color::{Black, White};
    use chessrules::variants::standard::{KING, QUEEN, ROOK};
    // Parity 1 is a light square: h1 (White's right corner) is light, a1 dark.
    assert_eq!(at("h1"), (1, Some((White, ROOK))));
    assert_eq!(at("a1").0, 0);
    // The white queen on a light square, the black queen on a dark one, kings beside them.
    assert_eq!(at("d1"), (1, Some((White, QUEEN))));
    assert_eq!(at("d8"), (0, Some((Black, QUEEN))));
    assert_eq!(at("e1").1, Some((White, KING)));
    assert_eq!(at("e8").1, Some((Black, KING)));
}

#[test]
fn sides_alternate() {
    let mut g = StandardGame::new();
    play(&mut g, "e4");
    assert!(g.play_text("d4").is_err(), "White may not move twice");
    play(&mut g, "e5 d4");
}

// ---- How the pieces move ----

#[test]
fn king_moves_one_square_in_any_direction() {
    let moves = legal("7k/8/8/8/3K4/8/8/8 w - - 0 1");
    assert_eq!(
        moves,
        ["Kc3", "Kc4", "Kc5", "Kd3", "Kd5", "Ke3", "Ke4", "Ke5"]
    );
}

#[test]
fn king_never_moves_into_check() {
    // The rook on e8 covers the e-file: Ke3, Ke4, Ke5 are gone; Kd3 next to nothing is fine.
    let fen = "4r2k/8/8/8/3K4/8/8/8 w - - 0 1";
    assert!(!is_legal(fen, "Ke4"));
    assert!(!is_legal(fen, "Ke5"));
    assert!(is_legal(fen, "Kd3"));
    // Nor next to the other king.
    assert!(!is_legal("8/8/8/3k4/8/3K4/8/8 w - - 0 1", "Kd4"));
}

#[test]
fn queen_moves_in_straight_lines_and_not_through_pieces() {
    let fen = "7k/8/8/8/8/8/1P6/Q6K w - - 0 1";
    assert!(is_legal(fen, "Qa8+"));
    assert!(is_legal(fen, "Qg1"));
    assert!(!is_legal(fen, "Qc3"), "the b2 pawn blocks the diagonal");
    assert!(!is_legal(fen, "Qb3"), "not a straight line");
}

#[test]
fn rook_moves_along_ranks_and_files_only() {
    let fen = "7k/8/8/8/8/8/8/R6K w - - 0 1";
    assert!(is_legal(fen, "Ra8+"));
    assert!(is_legal(fen, "Rg1"));
    assert!(!is_legal(fen, "Rb2"));
    assert_eq!(legal(fen).iter().filter(|m| m.starts_with('R')).count(), 13);
}

#[test]
fn bishop_moves_diagonally_and_keeps_its_colour() {
    let fen = "8/7k/8/8/3B4/8/8/7K w - - 0 1";
    let moves = legal(fen);
    let bishop: Vec<&String> = moves.iter().filter(|m| m.starts_with('B')).collect();
    assert_eq!(bishop.len(), 13);
    assert!(!is_legal(fen, "Bd5"));
}

#[test]
fn knight_jumps_in_an_l_over_other_pieces() {
    let moves = legal(START_FEN);
    assert!(moves.contains(&"Nf3".to_string()) && moves.contains(&"Nc3".to_string()));
    assert!(!is_legal(START_FEN, "Ne2"), "its own pawn stands there");
    assert!(!is_legal(START_FEN, "Ng3"), "not an L");
}

#[test]
fn pieces_capture_by_replacing_an_enemy_piece_never_their_own() {
    let fen = "7k/8/8/8/8/8/8/R2n2PK w - - 0 1";
    assert!(is_legal(fen, "Rxd1"));
    assert!(!is_legal(fen, "Re1"), "cannot pass the knight");
    assert!(!is_legal("7k/8/8/8/8/8/8/R5NK w - - 0 1", "Rg1"));
}

#[test]
fn pawn_moves_one_forward_or_two_from_its_start() {
    let fen = "7k/8/8/8/8/8/4P3/K7 w - - 0 1";
    assert!(is_legal(fen, "e3") && is_legal(fen, "e4"));
    assert!(!is_legal(fen, "e5"));
    // Two steps only on the first move.
    assert!(!is_legal("7k/8/8/8/8/4P3/8/K7 w - - 0 1", "e5"));
}

#[test]
fn pawn_is_blocked_by_any_piece_in_front() {
    let fen = "7k/8/8/8/8/4n3/4P3/K7 w - - 0 1";
    assert!(!is_legal(fen, "e3") && !is_legal(fen, "e4"));
    // Blocked on the second square: only one step.
    let fen = "7k/8/8/8/4n3/8/4P3/K7 w - - 0 1";
    assert!(is_legal(fen, "e3") && !is_legal(fen, "e4"));
}

#[test]
fn pawn_captures_one_square_diagonally_forward_only() {
    let fen = "7k/8/8/8/8/3p1n2/4P3/K7 w - - 0 1";
    assert!(is_legal(fen, "exd3") && is_legal(fen, "exf3"));
    // Never backwards, never straight ahead.
    assert!(!is_legal("7k/8/8/4P3/3n4/8/8/K7 w - - 0 1", "exd4"));
    assert!(!is_legal("7k/8/8/4n3/4P3/8/8/K7 w - - 0 1", "exe5"));
}

#[test]
fn pawn_promotes_to_queen_rook_bishop_or_knight() {
    let fen = "7k/4P3/8/8/8/8/8/K7 w - - 0 1";
    for p in ["e8=Q+", "e8=R+", "e8=B", "e8=N"] {
        assert!(is_legal(fen, p), "{p}");
    }
    assert!(
        !is_legal(fen, "e8=K") && !is_legal(fen, "e8"),
        "it must become a piece"
    );
    // Only pawns promote: a rook reaching the last rank stays a rook.
    let mut g = game("7k/8/8/8/8/8/8/KR6 w - - 0 1");
    play(&mut g, "Rb7");
    assert!(g.fen().starts_with("7k/1R6"));
}

#[test]
fn promotion_does_not_depend_on_captured_pieces() {
    // All of White's pieces are on the board, yet a pawn may become a second queen.
    let fen = "rnb1kbnr/pP1ppppp/8/8/8/8/P1PPPPPP/RNBQKBNR w KQkq - 0 5";
    assert!(is_legal(fen, "bxa8=Q"));
}

// ---- Castling ----

const CASTLE: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

#[test]
fn castling_moves_the_king_two_squares_and_the_rook_beside_it() {
    let mut g = game(CASTLE);
    play(&mut g, "O-O O-O-O");
    assert_eq!(g.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
}

#[test]
fn castling_needs_the_kings_first_move() {
    let mut g = game(CASTLE);
    play(&mut g, "Kf1 Kf8 Ke1 Ke8");
    assert!(g.play_text("O-O").is_err());
    assert!(g.play_text("O-O-O").is_err());
}

#[test]
fn castling_needs_the_rooks_first_move() {
    let mut g = game(CASTLE);
    play(&mut g, "Rh2 Rh7 Rh1 Rh8");
    assert!(g.play_text("O-O").is_err(), "the h1 rook has moved");
    play(&mut g, "O-O-O");
    assert!(g.play_text("O-O").is_err(), "the h8 rook has moved");
}

#[test]
fn castling_needs_empty_squares_between_king_and_rook() {
    // A knight on b1: the king never crosses b1, yet queen-side castling is not allowed.
    let fen = "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1";
    assert!(!is_legal(fen, "O-O-O"));
    assert!(is_legal(fen, "O-O"));
}

#[test]
fn castling_not_out_of_check() {
    assert!(!is_legal("r3k2r/8/8/8/8/8/4q3/R3K2R w KQkq - 0 1", "O-O"));
}

#[test]
fn castling_not_through_an_attacked_square() {
    // The bishop on c4 attacks f1.
    let fen = "r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1";
    assert!(!is_legal(fen, "O-O"));
    assert!(is_legal(fen, "O-O-O"));
}

#[test]
fn castling_not_into_check() {
    // The rook on g8 attacks g1.
    let fen = "r3k1r1/8/8/8/8/8/8/R3K2R w KQq - 0 1";
    assert!(!is_legal(fen, "O-O"));
    // Just miss: an attacked b1 does not matter, the king does not cross it.
    let fen = "rr2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert!(is_legal(fen, "O-O-O"));
}

#[test]
fn castling_needs_king_and_rook_on_the_same_rank_so_never_with_a_promoted_piece() {
    // The a1 rook is gone; a pawn promotes to a rook and walks to a1: still no castling.
    let mut g = game("4k3/P7/8/8/8/8/8/4K2R w K - 0 1");
    play(&mut g, "a8=R+ Kd7 Ra1 Kd6");
    assert!(g.play_text("O-O-O").is_err());
    // And a FEN cannot claim a right without its rook at home.
    assert!(StandardGame::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").is_err());
}

// ---- En passant ----

#[test]
fn en_passant_capture_right_after_the_double_step() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5 exd6");
    assert_eq!(g.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
}

#[test]
fn en_passant_only_on_the_immediately_following_move() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d5 Kd2 Kd7");
    assert!(g.play_text("exd6").is_err());
}

#[test]
fn en_passant_never_after_two_single_steps() {
    let mut g = game("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    play(&mut g, "d6 Kd2 d5");
    assert!(g.play_text("exd6").is_err());
}

// ---- Check and checkmate ----

#[test]
fn check_must_be_answered_by_moving_blocking_or_capturing() {
    // White is checked by the rook on e8: the king moves, the bishop blocks, the rook takes.
    let fen = "4r2k/8/8/8/8/8/2B5/R3K3 w - - 0 1";
    let moves = legal(fen);
    assert!(
        moves.iter().all(|m| m.starts_with('K') || m == "Be4"),
        "{moves:?}"
    );
    let fen = "4r2k/8/8/8/8/8/8/4R1K1 b - - 0 1";
    assert!(is_legal(fen, "Rxe1+"));
    assert!(legal("4r2k/8/8/8/8/8/3B4/R3K3 w - - 0 1").contains(&"Be3".to_string()));
}

#[test]
fn checkmate_ends_the_game_for_the_checking_side() {
    let mut g = StandardGame::new();
    play(&mut g, "f3 e5 g4 Qh4#");
    let o = g.outcome().expect("over");
    assert_eq!(o.termination, Termination::Checkmate);
    assert_eq!(o.result(), "0-1");
    assert!(matches!(g.play_text("a3"), Err(GameError::Over(_))));
}

#[test]
fn check_with_an_escape_is_not_checkmate() {
    let mut g = StandardGame::new();
    play(&mut g, "f3 e5 g3 Qh4");
    // g3 blocks the diagonal: not even check. With a real check and an escape:
    let mut g = game("7k/8/8/8/8/8/8/R5K1 w - - 0 1");
    play(&mut g, "Ra8+");
    assert_eq!(g.outcome(), None);
    assert!(g.report().in_check);
}

// ---- Draws ----

#[test]
fn stalemate_is_a_draw() {
    let g = game("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(termination(&g), Some(Termination::Stalemate));
    assert_eq!(g.outcome().map(|o| o.result()), Some("1/2-1/2"));
    // Just miss: one pawn move left.
    assert_eq!(termination(&game("7k/p4Q2/6K1/8/8/8/8/8 b - - 0 1")), None);
    // Just miss: no move but in check is checkmate.
    assert_eq!(
        termination(&game("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")),
        Some(Termination::Checkmate)
    );
}

#[test]
fn draw_by_agreement() {
    let mut g = StandardGame::new();
    play(&mut g, "e4");
    g.agree_draw().unwrap();
    assert_eq!(termination(&g), Some(Termination::Agreement));
}

#[test]
fn impossible_checkmate_combinations_are_draws() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",      // K v K
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",    // K+B v K
        "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1",    // K+N v K
        "2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1",   // K+B v K+B, both on light squares
        "2b1k3/8/8/8/8/8/8/1B1BK3 w - - 0 1", // an extra bishop, all light
        "4k3/8/8/8/8/8/8/B1B1K1B1 w - - 0 1", // any number of bishops, all dark
    ] {
        assert_eq!(
            termination(&game(fen)),
            Some(Termination::InsufficientMaterial),
            "{fen}"
        );
    }
}

#[test]
fn sufficient_material_is_not_a_draw() {
    for fen in [
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", // bishops on opposite colours
        "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",  // two knights
        "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1",  // bishop and knight
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",   // a pawn
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",    // a rook
        "4k3/8/8/8/8/8/8/B2BK2B w - - 0 1",  // bishops on both colours
    ] {
        assert_eq!(termination(&game(fen)), None, "{fen}");
    }
}

#[test]
fn capture_down_to_insufficient_material_ends_the_game() {
    let mut g = game("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
    play(&mut g, "Kxe2");
    assert_eq!(termination(&g), Some(Termination::InsufficientMaterial));
}

const SHUFFLE: &str = "Nf3 Nf6 Ng1 Ng8";

#[test]
fn threefold_repetition_can_be_claimed_on_the_third_occurrence() {
    let mut g = StandardGame::new();
    play(&mut g, SHUFFLE);
    assert_eq!(g.claim(), Err(GameError::NoClaim), "second occurrence only");
    play(&mut g, SHUFFLE);
    assert_eq!(g.claim(), Ok(Claim::ThreefoldRepetition));
    assert_eq!(termination(&g), Some(Termination::ThreefoldRepetition));
}

#[test]
fn threefold_repetition_is_not_automatic() {
    let mut g = StandardGame::new();
    play(&mut g, SHUFFLE);
    play(&mut g, SHUFFLE);
    play(&mut g, SHUFFLE);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable(), [Claim::ThreefoldRepetition]);
}

#[test]
fn threefold_repetition_claim_with_the_intended_move() {
    let mut g = StandardGame::new();
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.claim(), Err(GameError::NoClaim));
    let (san, claim) = g.claim_with("Ng8").unwrap();
    assert_eq!(
        (san.as_str(), claim),
        ("Ng8", Some(Claim::ThreefoldRepetition))
    );
    assert_eq!(termination(&g), Some(Termination::ThreefoldRepetition));
}

#[test]
fn threefold_claim_is_forfeited_after_the_move() {
    let mut g = StandardGame::new();
    play(&mut g, SHUFFLE);
    play(&mut g, SHUFFLE);
    play(&mut g, "e4");
    assert_eq!(g.claim(), Err(GameError::NoClaim));
}

#[test]
fn repetition_needs_the_same_side_to_move() {
    // The rook goes round a1-a2-a3 (three moves), the king e8-d8 (two).
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut g, "Ra2 Kd8 Ra3 Ke8 Ra1 Kd8 Ra2 Ke8 Ra3 Kd8 Ra1 Ke8");
    // Rook a1 and king e8 for the third time, twice with White to move, once with Black.
    assert!(g.claimable().is_empty());
}

#[test]
fn repetition_needs_the_same_castling_rights() {
    let mut g = game("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    play(&mut g, "Kf1 Kd8 Ke1 Ke8 Kf1 Kd8 Ke1 Ke8");
    // Pieces as at the start for the third time, but the start had the castling right.
    assert!(g.claimable().is_empty());
    play(&mut g, "Kf1 Kd8 Ke1 Ke8");
    assert_eq!(g.claimable(), [Claim::ThreefoldRepetition]);
}

#[test]
fn repetition_counts_an_en_passant_right_only_if_the_capture_is_legal() {
    // After ...d5 White could take en passant: that position differs from later ones.
    let mut g = game("4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
    play(&mut g, "d5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert!(g.claimable().is_empty(), "only two occurrences count");
    // Same moves with the white pawn far away: the right cannot be used and does not count.
    let mut g = game("4k1n1/3p4/8/P7/8/8/8/4K1N1 b - - 0 1");
    play(&mut g, "d5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(g.claimable(), [Claim::ThreefoldRepetition]);
}

#[test]
fn en_passant_right_that_would_expose_the_king_does_not_count() {
    // The e5 pawn is pinned along the 5th rank (rook a5, king h5): exd6 is illegal, so the
    // position after ...d5 equals the later ones.
    let mut g = game("4k1n1/3p4/8/r3P2K/8/8/8/6N1 b - - 0 1");
    play(&mut g, "d5 Nf3 Nh6 Ng1 Ng8 Nf3 Nh6 Ng1 Ng8");
    assert_eq!(g.claimable(), [Claim::ThreefoldRepetition]);
}

const FIFTY_99: &str = "4k3/8/8/8/8/8/P7/R3K3 w - - 99 80";

#[test]
fn fifty_move_rule_can_be_claimed_after_fifty_moves_each() {
    let mut g = game("4k3/8/8/8/8/8/P7/R3K3 w - - 100 80");
    assert_eq!(g.claim(), Ok(Claim::FiftyMoves));
    assert_eq!(termination(&g), Some(Termination::FiftyMoves));
    // Just miss: 49 moves and a half.
    assert_eq!(game(FIFTY_99).claim(), Err(GameError::NoClaim));
}

#[test]
fn fifty_move_rule_claim_with_the_fiftieth_move_written() {
    let mut g = game(FIFTY_99);
    let (san, claim) = g.claim_with("Rb1").unwrap();
    assert_eq!((san.as_str(), claim), ("Rb1", Some(Claim::FiftyMoves)));
    assert_eq!(termination(&g), Some(Termination::FiftyMoves));
}

#[test]
fn fifty_move_claim_fails_with_a_pawn_move_or_capture_and_the_move_stands() {
    let mut g = game(FIFTY_99);
    let (san, claim) = g.claim_with("a3").unwrap();
    assert_eq!((san.as_str(), claim), ("a3", None));
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().halfmove_clock(), 0);
    let mut g = game("4k3/8/8/8/8/8/7r/R3K3 w - - 99 80");
    assert_eq!(g.claim_with("Kf1").unwrap().1, Some(Claim::FiftyMoves));
    let mut g = game("4k3/8/8/8/8/8/7r/R3K3 w - - 99 80");
    assert_eq!(g.claim_with("Ra8+").unwrap().1, Some(Claim::FiftyMoves));
    let mut g = game("r3k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    assert_eq!(
        g.claim_with("Rxa8+").unwrap().1,
        None,
        "a capture resets the count"
    );
}

#[test]
fn fifty_move_rule_is_not_automatic() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 150 80");
    play(&mut g, "Ra2 Kd7");
    assert_eq!(g.outcome(), None);
}

#[test]
fn perpetual_check_is_not_a_draw_by_itself() {
    let mut g = game("6k1/6p1/8/8/8/8/8/K3Q3 w - - 0 1");
    play(
        &mut g,
        "Qe8+ Kh7 Qh5+ Kg8 Qe8+ Kh7 Qh5+ Kg8 Qe8+ Kh7 Qh5+ Kg8 Qe8+ Kh7",
    );
    assert_eq!(g.outcome(), None);
    // It is handled by a claim (here the repetition) or by agreement.
    assert_eq!(g.claimable(), [Claim::ThreefoldRepetition]);
}

#[test]
fn resignation_gives_the_other_side_the_win() {
    let mut g = StandardGame::new();
    play(&mut g, "e4");
    g.resign().unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.termination, o.result()),
        (Termination::Resignation, "1-0")
    );
}

#[test]
fn undo_takes_back_a_move_and_reopens_the_game() {
    let mut g = StandardGame::new();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(g.undo().as_deref(), Some("Qh4#"));
    assert_eq!(g.outcome(), None);
    play(&mut g, "Nc6");
}

#[test]
fn fifty_move_claim_with_a_mating_move_is_judged_on_the_count_alone() {
    // Ra8 would mate, but the claimant writes it and claims instead: the claim is correct.
    let mut g = game("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    assert_eq!(g.claim_with("Ra8#").unwrap().1, Some(Claim::FiftyMoves));
    assert_eq!(termination(&g), Some(Termination::FiftyMoves));
}

#[test]
fn uci_moves_replay_the_game_from_its_start_position() {
    // Castling both ways, a promotion, an en passant capture: UCI text for each, from the
    // game's own start position rather than the standard one.
    let mut g = game("r3k2r/6P1/8/8/5p2/8/4P3/R3K2R w KQkq - 0 1");
    play(&mut g, "O-O O-O-O g8=N Kb8 e4 fxe3");
    assert_eq!(
        g.uci_moves(),
        ["e1g1", "e8c8", "g7g8n", "c8b8", "e2e4", "f4e3"].map(String::from)
    );
    let mut replay = game(g.start_fen());
    for m in g.uci_moves() {
        replay.play_text(&m).unwrap();
    }
    assert_eq!(replay.fen(), g.fen());
}

#[test]
fn who_cannot_mate_follows_the_material() {
    use chessrules::core::history::cannot_mate;
    use chessrules::core::Color::{Black, White};
    // (FEN, White cannot mate, Black cannot mate)
    let cases = [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true),
        ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", true, true),
        // A knight mates with the help of a piece that blocks the enemy king.
        ("4k3/4p3/8/8/8/8/8/3NK3 w - - 0 1", false, false),
        ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true),
        // Two bishops on one colour, two on both colours.
        ("4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", true, true),
        ("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false, true),
        // Bishops facing bishops: same colour dead, opposite colours can block.
        ("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true),
        ("2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false),
        // A bishop against a knight (a blocker on either colour), a rook, a pawn.
        ("4k1n1/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false),
        ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, true),
        ("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false, true),
    ];
    for (fen, white, black) in cases {
        let g = game(fen);
        assert_eq!(cannot_mate(g.position(), White), white, "White in {fen}");
        assert_eq!(cannot_mate(g.position(), Black), black, "Black in {fen}");
    }
}
