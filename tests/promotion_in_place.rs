//! Promotion by a move of its own (`promotion_in_place`, `promotion_squares`,
//! `promotion_limit`), through the shipped `sittuyin` file: where a pawn may promote, the
//! met it may not have twice, the checks and attacks the promotion may not make, the texts
//! (`g7g7f`, `g7=F`, `g7f6=F`) and make/unmake restoring every position.

mod shipped_moves;

use chessrules::notation::{fen, san};
use chessrules::variants::custom::load_variant_file;
use shipped_moves::{make_and_unmake_restore, play, pos, uci_texts};

/// The promotions among the legal moves (a fifth letter), sorted.
fn promotions(text: &str) -> Vec<String> {
    let mut p = pos("sittuyin", text);
    let mut found: Vec<String> = uci_texts(&mut p)
        .into_iter()
        .filter(|m| m.len() == 5)
        .collect();
    found.sort();
    found
}

#[test]
fn a_last_pawn_promotes_where_it_stands_or_by_a_mets_step() {
    // White's only pawn on g7: anywhere is a promotion square for a side's last pawn.
    assert_eq!(
        promotions("1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1"),
        ["g7f6f", "g7f8f", "g7g7f", "g7h6f"]
    );
}

#[test]
fn with_two_pawns_only_one_on_a_long_diagonal_promotes() {
    // c3 is no promotion square for White; d5 is.
    assert_eq!(
        promotions("k7/8/8/3P4/8/2P5/8/7K[] w - - 0 1"),
        ["d5c4f", "d5c6f", "d5d5f", "d5e4f", "d5e6f"]
    );
    // Black's squares are White's mirrored: d4 is Black's, a7 is not.
    assert_eq!(
        promotions("k7/p7/8/8/3p4/8/8/7K[] b - - 0 1"),
        ["d4c3f", "d4c5f", "d4d4f", "d4e3f", "d4e5f"]
    );
}

#[test]
fn no_second_met() {
    // White still has its met: no pawn promotes.
    assert!(promotions("k7/8/8/3P4/8/2P5/F7/7K[] w - - 0 1").is_empty());
}

#[test]
fn a_promotion_neither_checks_nor_attacks() {
    // A met on d5 would check the king on c4: no promotion in place; c4 is taken.
    assert_eq!(
        promotions("8/8/8/3P4/2k5/8/8/7K[] w - - 0 1"),
        ["d5c6f", "d5e4f", "d5e6f"]
    );
    // A met on d5 would attack the knight on e4; e4 is taken.
    assert_eq!(
        promotions("k7/8/8/3P4/4n3/8/8/7K[] w - - 0 1"),
        ["d5c4f", "d5c6f", "d5e6f"]
    );
}

#[test]
fn promotion_texts_are_fairy_stockfishs_and_read_back() {
    let start = "1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1";
    for (uci, want) in [("g7g7f", "g7=F"), ("g7f6f", "g7f6=F")] {
        let mut p = pos("sittuyin", start);
        let m = chessrules::notation::coordinate::parse(&mut p, uci).expect("legal");
        assert_eq!(san::to_san(&mut p, m), want);
        assert_eq!(san::parse(&mut p, want), Ok(m), "{want}");
    }
    let mut p = pos("sittuyin", start);
    play(&mut p, "g7g7f");
    assert_eq!(fen::write(&p), "1k5K/3r2F1/8/8/8/8/8/8[] b - - 0 1");
}

#[test]
fn make_and_unmake_restore_promotions() {
    make_and_unmake_restore("sittuyin", "1k5K/3r2P1/8/8/8/8/8/8[] w - - 0 1");
    make_and_unmake_restore("sittuyin", "8/8/8/3P4/2k1n3/8/8/7K[] w - - 0 1");
    make_and_unmake_restore(
        "sittuyin",
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    );
}

#[test]
fn the_setup_drops_rooks_on_the_first_rank_only() {
    let mut p = pos(
        "sittuyin",
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    );
    let moves = uci_texts(&mut p);
    assert!(moves.iter().all(|m| m.contains('@')), "{moves:?}");
    assert!(moves
        .iter()
        .filter(|m| m.starts_with("R@"))
        .all(|m| m.ends_with('1')));
    assert!(moves.contains(&"N@e3".to_string()) && !moves.contains(&"R@e3".to_string()));
}

const BASE: &str = r#"
name = "x"
[board]
files = 8
ranks = 8
start = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
[[piece]]
letter = "K"
name = "king"
betza = "K"
royal = true
[[piece]]
letter = "F"
name = "met"
betza = "F"
"#;

fn refused(pawn_keys: &str, rules: &str, wanted: &str) {
    let text = format!(
        "{BASE}{rules}\n[[piece]]\nletter = \"P\"\nname = \"pawn\"\nbetza = \"mfW\"\npawn = true\n{pawn_keys}"
    );
    let Err(err) = load_variant_file(&text) else {
        panic!("accepted: {pawn_keys}");
    };
    assert!(err.to_string().contains(wanted), "{err}");
}

#[test]
fn the_keys_need_each_other() {
    refused(
        "promotion_in_place = true",
        "",
        "promotion_in_place needs promotes_to",
    );
    refused(
        "promotes_to = \"F\"\npromotion_squares = [\"e8\"]",
        "",
        "promotion_squares needs promotion_in_place",
    );
    refused(
        "promotes_to = \"F\"\npromotion_in_place = true\npromotion_zone = [8, 8]",
        "",
        "takes promotion_squares, not a promotion_zone",
    );
    refused(
        "promotes_to = \"F\"\npromotion_in_place = true",
        "[rules]\ndrops = true",
        "needs captures_to_hand = false",
    );
    refused(
        "promotes_to = \"F\"\npromotion_in_place = true\npromotion_limit = 0",
        "",
        "promotion_limit is a count",
    );
}
