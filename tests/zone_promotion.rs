//! Promotion zones, promoted kinds written `+P` that return to the hand unpromoted, and the
//! drop rules that look at the board (`no_doubled_drop`, `no_drop_mate`), through the shipped
//! shogi and minishogi files.

use chessrules::core::Position;
use chessrules::notation::{coordinate, fen, san};
use chessrules::variants::custom::builtin;

fn at(variant: &str, text: &str) -> Position {
    let v = &builtin::by_name(variant).expect("shipped").variant;
    v.position_from_fen(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn shogi(text: &str) -> Position {
    at("shogi", text)
}

fn play(pos: &mut Position, uci: &str) {
    let m = coordinate::parse(pos, uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    pos.make(m);
}

/// The legal moves from `from` (or the drops, for `from` = "@"), as UCI text, sorted.
fn moves(pos: &mut Position, from: &str) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| coordinate::to_uci(pos, m))
        .filter(|t| {
            if from == "@" {
                t.contains('@')
            } else {
                t.starts_with(from) && !t.contains('@')
            }
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_start_positions_read_as_fairy_stockfish_writes_them() {
    let pos = shogi("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1");
    assert_eq!(
        fen::write(&pos),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
    );
    let pos = at("minishogi", "rbsgk/4p/5/P4/KGSBR[-] w 0 1");
    assert_eq!(fen::write(&pos), "rbsgk/4p/5/P4/KGSBR[] w - - 0 1");
}

#[test]
fn promoted_pieces_are_written_with_a_plus_and_hands_in_fairy_stockfish_order() {
    for text in [
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2",
        "lnsgkgsn1/1r5+Bl/pppppp1p1/6p1p/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL[] w - - 1 4",
        "4k4/9/9/9/9/9/9/9/4K4[GNLPSRBgnlpsrb] w - - 0 1",
    ] {
        assert_eq!(fen::write(&shogi(text)), text);
    }
    let mut pos = shogi("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1");
    for m in ["c3c4", "g7g6"] {
        play(&mut pos, m);
    }
    let m = coordinate::parse(&mut pos, "b2h8+").expect("the bishop takes and promotes");
    assert_eq!(coordinate::to_uci(&pos, m), "b2h8+");
    // Shogi's notation, as Fairy-Stockfish writes it: the bishop takes on 22 and promotes;
    // the same capture without promoting is marked `=`.
    assert_eq!(san::to_san(&mut pos, m), "Bx22+");
    let plain = coordinate::parse(&mut pos, "b2h8").expect("or takes and stays a bishop");
    assert_eq!(san::to_san(&mut pos, plain), "Bx22=");
    assert_eq!(san::parse(&mut pos, "Bx22+"), Ok(m));
    assert_eq!(san::parse(&mut pos, "Bx22="), Ok(plain));
    assert_eq!(
        san::parse(&mut pos, "Bxh8"),
        Ok(plain),
        "algebraic still reads"
    );
    pos.make(m);
    assert!(fen::write(&pos)
        .starts_with("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b"));
}

#[test]
fn promotion_is_optional_in_the_zone_and_compulsory_where_the_piece_could_not_move() {
    // Pawn: into the zone, either; onto the last rank, only promoted.
    let mut pos = shogi("4k4/P8/9/P8/9/9/9/9/4K4[] w - - 0 1");
    assert_eq!(moves(&mut pos, "a8"), ["a8a9+"]);
    assert_eq!(moves(&mut pos, "a6"), ["a6a7", "a6a7+"]);
    // Knight: onto the last two ranks only promoted.
    let mut pos2 = shogi("4k4/9/9/9/9/1N7/9/9/4K4[] w - - 0 1");
    assert_eq!(moves(&mut pos2, "b4"), ["b4a6", "b4c6"]);
    let mut pos3 = shogi("4k4/9/9/1N7/9/9/9/9/4K4[] w - - 0 1");
    assert_eq!(moves(&mut pos3, "b6"), ["b6a8+", "b6c8+"]);
    let mut pos4 = shogi("4k4/9/9/9/1N7/9/9/9/4K4[] w - - 0 1");
    assert_eq!(moves(&mut pos4, "b5"), ["b5a7", "b5a7+", "b5c7", "b5c7+"]);
    // A move out of the zone may promote too; a gold never promotes.
    let mut pos = shogi("4k4/1S7/9/9/9/9/9/9/4K4[] w - - 0 1");
    assert!(moves(&mut pos, "b8").contains(&"b8a7+".to_string()));
    assert!(moves(&mut pos, "b8").contains(&"b8a7".to_string()));
    let mut pos = shogi("4k4/1G7/9/9/9/9/9/9/4K4[] w - - 0 1");
    assert!(moves(&mut pos, "b8").iter().all(|m| !m.ends_with('+')));
    // Black's zone is its own last three ranks.
    let mut pos = shogi("4k4/9/9/9/9/9/9/p8/4K4[] b - - 0 1");
    assert_eq!(moves(&mut pos, "a2"), ["a2a1+"]);
    // Minishogi: the last rank only.
    let mut pos = at("minishogi", "4k/5/1S3/5/K4[] w - - 0 1");
    assert_eq!(
        moves(&mut pos, "b3"),
        ["b3a2", "b3a4", "b3b4", "b3c2", "b3c4"]
    );
    let mut pos = at("minishogi", "4k/1S3/5/5/K4[] w - - 0 1");
    assert_eq!(
        moves(&mut pos, "b4"),
        ["b4a3", "b4a5", "b4a5+", "b4b5", "b4b5+", "b4c3", "b4c5", "b4c5+"]
    );
}

#[test]
fn a_captured_promoted_piece_returns_to_the_hand_unpromoted() {
    let mut pos = shogi("4k4/9/9/9/9/9/9/4+p4/4K4[] w - - 0 1");
    play(&mut pos, "e1e2");
    assert_eq!(fen::write(&pos), "4k4/9/9/9/9/9/9/4K4/9[P] b - - 0 1");
    let mut pos = shogi("4k4/9/9/9/9/9/9/4+r4/4K4[] w - - 0 1");
    let before = fen::write(&pos);
    let key = pos.key();
    let m = coordinate::parse(&mut pos, "e1e2").expect("legal");
    let undo = pos.make(m);
    assert!(fen::write(&pos).contains("[R]"));
    pos.unmake(m, undo);
    assert_eq!((fen::write(&pos), pos.key()), (before, key));
}

#[test]
fn drops_keep_one_unpromoted_pawn_a_file_and_never_where_the_piece_could_not_move() {
    // A pawn on e5 and a tokin on c5: no pawn drop on the e-file, the c-file is open.
    let mut pos = shogi("4k4/9/9/9/2+P1P4/9/9/9/K8[P] w - - 0 1");
    let drops = moves(&mut pos, "@");
    assert!(drops.iter().all(|d| !d.starts_with("P@e")));
    assert!(drops.contains(&"P@c4".to_string()));
    // Not on the last rank (pawn, lance), nor the last two (knight).
    let mut pos = shogi("4k4/9/9/9/9/9/9/9/K8[PLN] w - - 0 1");
    let drops = moves(&mut pos, "@");
    assert!(drops.iter().all(|d| !d.ends_with('9')));
    assert!(drops
        .iter()
        .all(|d| !(d.starts_with("N@") && d.ends_with('8'))));
    assert!(drops.contains(&"P@a8".to_string()));
    assert!(drops.contains(&"L@b8".to_string()));
    assert!(drops.contains(&"N@b7".to_string()));
}

#[test]
fn a_pawn_drop_may_check_but_not_mate() {
    // The king on a9: the gold guards a8 and b8, the knight b9. P@a8 would mate.
    let mut pos = shogi("k8/9/1GN6/9/9/9/9/9/4K4[P] w - - 0 1");
    let drops = moves(&mut pos, "@");
    assert!(!drops.contains(&"P@a8".to_string()));
    assert!(drops.contains(&"P@a7".to_string()));
    // With b9 free the same drop only checks, and is legal.
    let mut pos = shogi("k8/9/1G7/9/9/9/9/9/4K4[P] w - - 0 1");
    assert!(moves(&mut pos, "@").contains(&"P@a8".to_string()));
    // Another kind may mate by a drop: the gold on a8, guarded by the gold on b7.
    let mut pos = shogi("k8/9/1GN6/9/9/9/9/9/4K4[G] w - - 0 1");
    assert!(moves(&mut pos, "@").contains(&"G@a8".to_string()));
}
