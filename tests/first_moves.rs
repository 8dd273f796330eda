//! First moves as data (`first_move` on a piece): Cambodian chess's king and met, whose
//! right to their first move is kept in the FEN's castling field as Fairy-Stockfish writes
//! it (`DEde`), lost when the piece moves or is taken, when it is in check (the king's leap),
//! and, for the king, when a rook moves onto its file or rank.

mod shipped_moves;

use chessrules::notation::fen;
use chessrules::variants::custom::load_variant_file;
use shipped_moves::{moves_from, play, pos};

const START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";

#[test]
fn the_king_leaps_to_the_rank_in_front_and_the_met_steps_two() {
    assert_eq!(
        moves_from("cambodian", START, "d1"),
        ["d1b2", "d1c2", "d1d2", "d1e2", "d1f2"]
    );
    // The met's two squares ahead, once its pawn has gone.
    let fen = "rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR w DEde - 0 1";
    assert!(moves_from("cambodian", fen, "e1").contains(&"e1e3".to_string()));
}

#[test]
fn a_first_move_is_gone_once_the_piece_has_moved_and_the_fen_says_so() {
    let mut p = pos("cambodian", START);
    play(&mut p, "d1c2");
    play(&mut p, "a6a5");
    play(&mut p, "c2d1");
    play(&mut p, "a5a4");
    assert_eq!(
        fen::write(&p),
        "rnsmksnr/8/1ppppppp/8/p7/PPPPPPPP/8/RNSKMSNR w Ede - 0 3"
    );
    let fen = fen::write(&p);
    assert_eq!(
        moves_from("cambodian", &fen, "d1"),
        ["d1c2", "d1d2", "d1e2"]
    );
}

#[test]
fn the_king_may_not_leap_out_of_check_and_a_rook_on_its_line_takes_the_leap() {
    // Black's rook checks the king on d1 along the d-file: no leap, only steps.
    let fen = "4k3/8/8/3r4/8/8/8/3KM3 w DE - 0 1";
    let leaps = moves_from("cambodian", fen, "d1");
    assert!(!leaps.contains(&"d1b2".to_string()) && !leaps.contains(&"d1f2".to_string()));
    // A black rook moving onto the king's rank, blocked by the met or not, takes the leap.
    let fen = "4k3/r7/8/8/8/8/8/3KM3 b DE - 0 1";
    let mut p = pos("cambodian", fen);
    play(&mut p, "a7a1");
    assert_eq!(fen::write(&p), "4k3/8/8/8/8/8/8/r2KM3 w E - 1 2");
}

#[test]
fn first_moves_must_be_leaps_to_empty_squares() {
    let text = std::fs::read_to_string("variants/cambodian.toml").expect("cambodian.toml");
    let e = load_variant_file(&text.replace("first_move = \"mfD\"", "first_move = \"fR\""))
        .expect_err("a ride");
    assert!(e.to_string().contains("leaps to empty squares"), "{e}");
    let e =
        load_variant_file(&text.replace("first_move = \"mfD\"\n", "first_move_in_check = true\n"))
            .expect_err("no first move");
    assert!(e.to_string().contains("needs first_move"), "{e}");
}

#[test]
fn make_and_unmake_restore_first_moves_and_their_rights() {
    shipped_moves::make_and_unmake_restore("cambodian", START);
    shipped_moves::make_and_unmake_restore(
        "karouk",
        "rn1mksnr/3s4/pppppppp/8/4N3/PPPPPPPP/8/R1SKMSNR b DEde - 3 2",
    );
}
