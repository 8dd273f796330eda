//! Pawns that promote somewhere other than on the last rank, as variant-file keys:
//! `[promotion] zone` (ranks: grand's last three, omicron's last two), `squares` and
//! `black_squares` (troitzky's last square of each file, legan's corner edges), `optional`
//! (grand's choice before the last rank), with the target kinds' `promotion_limit`; and
//! double steps from every rank that leave an en passant square each (torpedo's
//! `double_step_en_passant = "every-rank"`), promoting where they land in the zone.

mod shipped_moves;

use chessrules::variants::custom::load_variant_file;
use shipped_moves::{moves_from, play, pos, uci_texts};

#[test]
fn grand_promotes_by_choice_before_the_last_rank_and_only_to_what_is_missing() {
    // White has every kind at its limit but the queen (one queen allowed, none on the board).
    let fen = "r8k/1P1P6/P9/10/10/10/10/10/BN1ACRRNB1/4K5 w - - 0 1";
    // a8 to a9: the step stays a choice; to the queen only (the rest are at their limits).
    assert_eq!(moves_from("grand", fen, "a8"), ["a8a9", "a8a9q"]);
    // b9 to b10 or taking a10: compulsory there, and the queen is the one kind left.
    assert_eq!(moves_from("grand", fen, "b9"), ["b9a10q", "b9b10q"]);
    // With the queen back on the board, nothing is left to become: b9 cannot go to the tenth.
    let fen = "r8k/1P1P6/P9/10/10/10/10/10/BNQACRRNB1/4K5 w - - 0 1";
    assert!(moves_from("grand", fen, "b9").is_empty());
    assert_eq!(moves_from("grand", fen, "a8"), ["a8a9"]);
}

#[test]
fn omicron_must_promote_on_its_ninth_rank() {
    let fen = "w**********w/*c3k4c*/*2P7*/*10*/*10*/*10*/*10*/*8p1*/*C3K4C*/W**********W w - - 0 1";
    assert_eq!(
        moves_from("omicron", fen, "d8"),
        ["d8d9b", "d8d9c", "d8d9n", "d8d9q", "d8d9r", "d8d9w"]
    );
}

#[test]
fn troitzky_and_legan_promote_on_their_squares() {
    // Troitzky's a-file ends at a6 (a7 is closed): a5 to a6 promotes; b6 to b7 does not.
    let fen = "****qk****/**rnbbnr**/*pppppppp*/*8*/1P8/P9/*8*/*8*/**RNBBNR**/****QK**** w - - 0 1";
    assert_eq!(
        moves_from("troitzky", fen, "a5"),
        ["a5a6b", "a5a6n", "a5a6q", "a5a6r"]
    );
    assert_eq!(moves_from("troitzky", fen, "b6"), ["b6b7"]);
    // Black's squares are White's mirrored: a5 for the a-file.
    let fen = "****qk****/**rnbbnr**/*8*/*8*/p9/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** b - - 0 1";
    assert_eq!(
        moves_from("troitzky", fen, "a6"),
        ["a6a5b", "a6a5n", "a6a5q", "a6a5r"]
    );
    // Legan: White's pawn goes forward-left, promoting on a5; Black's squares are their own.
    let fen = "k7/8/8/8/1P6/8/6p1/7K w - - 0 1";
    assert_eq!(
        moves_from("legan", fen, "b4"),
        ["b4a5b", "b4a5n", "b4a5q", "b4a5r"]
    );
    let fen = "k7/8/8/8/8/8/6p1/4K3 b - - 0 1";
    assert_eq!(
        moves_from("legan", fen, "g2"),
        ["g2h1b", "g2h1n", "g2h1q", "g2h1r"]
    );
}

#[test]
fn torpedo_pawns_step_two_from_anywhere_and_leave_en_passant_each_time() {
    let fen = "4k3/8/1P6/8/3p4/8/4P3/4K3 w - - 0 1";
    // b6 steps two onto the last rank: only as a promotion.
    assert!(moves_from("torpedo", fen, "b6").contains(&"b6b8q".to_string()));
    assert!(!moves_from("torpedo", fen, "b6").contains(&"b6b8".to_string()));
    // e2 to e4 passes e3, which d4 takes en passant.
    let mut p = pos("torpedo", fen);
    play(&mut p, "e2e4");
    assert!(uci_texts(&mut p).contains(&"d4e3".to_string()));
    // From the third rank too.
    let mut p = pos("torpedo", "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1");
    play(&mut p, "e3e5");
    assert!(uci_texts(&mut p).contains(&"d5e4".to_string()));
}

fn file(promotion: &str, pawn: &str) -> Result<(), String> {
    let text = format!(
        "name = \"t\"\n[board]\nfiles = 8\nranks = 8\nstart = \"4k3/8/8/8/8/8/P7/4K3 w - - 0 1\"\n\
         [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n\
         [[piece]]\nletter = \"Q\"\nname = \"queen\"\nbetza = \"Q\"\n\
         [[piece]]\nletter = \"P\"\nname = \"pawn\"\nbetza = \"mfWcfF\"\npawn = true\n{pawn}\n\
         [promotion]\nto = [\"Q\"]\n{promotion}\n"
    );
    load_variant_file(&text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn the_keys_refuse_what_they_cannot_mean() {
    assert!(file("zone = [6, 8]\noptional = true", "").is_ok());
    let err = file("optional = true", "").expect_err("optional without a zone");
    assert!(err.contains("zone"), "{err}");
    let err = file("zone = [6, 8]\nsquares = [\"a8\"]", "").expect_err("both");
    assert!(err.contains("not both"), "{err}");
    let err = file("black_squares = [\"a1\"]", "").expect_err("black without white");
    assert!(err.contains("needs squares"), "{err}");
    let err = file("zone = [6, 9]", "").expect_err("off the board");
    assert!(err.contains("zone"), "{err}");
    let err = file("", "double_step_en_passant = \"every-rank\"").expect_err("no double step");
    assert!(err.contains("double_step_rank"), "{err}");
    let err = file(
        "",
        "double_step_rank = 2\ndouble_step_en_passant = \"some\"",
    )
    .expect_err("word");
    assert!(err.contains("every-rank"), "{err}");
    // A double step onto the last rank needs a zone to promote in.
    let err = file("", "double_step_rank = [6]").expect_err("onto the last rank");
    assert!(err.contains("last rank"), "{err}");
    assert!(file("zone = [8, 8]", "double_step_rank = [6]").is_ok());
}

#[test]
fn promotions_in_zones_make_and_unmake_exactly() {
    shipped_moves::make_and_unmake_restore(
        "grand",
        "r8k/1P1P6/P9/10/10/10/10/10/BN1ACRRNB1/4K5 w - - 0 1",
    );
    shipped_moves::make_and_unmake_restore("torpedo", "4k3/8/1P6/8/3p4/8/4P3/4K3 w - - 0 1");
    shipped_moves::make_and_unmake_restore("legan", "k7/8/8/8/1P6/8/6p1/7K w - - 0 1");
}
