use proptest::prelude::*;

use super::*;

fn one(text: &str) -> Imported {
    let mut all = import(text).expect("the ini reads");
    assert_eq!(all.len(), 1);
    all.remove(0)
}

#[test]
fn a_child_of_chess_is_written_and_loads() {
    let v = one(
        "[minichess:chess]\nmaxFile = 6\nmaxRank = 6\ncastling = false\n\
                 doubleStep = false\npromotionRegionWhite = *6\npromotionRegionBlack = *1\n\
                 startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n\
                 pieceToCharTable = PNBRQ.K\n",
    );
    let text = v.result.expect("written");
    let loaded = crate::variants::custom::load_variant_file(&text).expect("loads");
    assert_eq!(loaded.name, "minichess");
    assert_eq!(loaded.rules.shape.files(), 6);
    assert!(!text.contains("double_step_rank"), "{text}");
    assert!(text.contains("to = [\"Q\", \"R\", \"B\", \"N\"]") || text.contains("[promotion]"));
}

#[test]
fn keys_without_equivalent_are_listed_and_nothing_is_written() {
    let v = one("[x:chess]\nwallOrMove = true\nfooBar = 1\nimmobilityIllegal = false\n");
    assert_eq!(
        v.result.unwrap_err(),
        Skip::Unsupported(vec!["wallOrMove (value 'true')".into(), "fooBar".into()])
    );
}

#[test]
fn shogi_style_promotions_become_plus_kinds_and_repetition_its_keys() {
    let v = one(
        "[p:chess]\npromotionPieceTypes = -\npromotedPieceType = p:q n:r\n\
         mandatoryPiecePromotion = true\nimmobilityIllegal = true\nnFoldRule = 4\n\
         nFoldValue = loss\nperpetualCheckIllegal = true\n",
    );
    let text = v.result.expect("written");
    for line in [
        "letter = \"+P\"\nname = \"promoted pawn\"\nbetza = \"Q\"",
        "letter = \"+N\"\nname = \"promoted knight\"\nbetza = \"R\"",
        "promotes_to = \"+N\"\npromotion_zone = [8, 8]\nmust_promote = true",
        "promotes_to = \"+P\"\npromotion_zone = [8, 8]\nmust_promote = true",
        "immobile_illegal = true",
        "repetition_count = 4\nrepetition_result = \"loss\"\nperpetual_check_loses = true",
    ] {
        assert!(text.contains(line), "{line:?} missing from\n{text}");
    }
    assert!(!text.contains("[promotion]"), "{text}");
    crate::variants::custom::load_variant_file(&text).expect("loads");
}

#[test]
fn a_custom_pawns_initial_double_step_is_our_double_step() {
    let v = one("[a:chess]\ncustomPiece1 = p:mWfceFifmnD\npawnTypes = p\n");
    let text = v.result.expect("written");
    assert!(
        text.contains("betza = \"mWfcF\"\npawn = true\ndouble_step_rank = [2]\nen_passant = true"),
        "{text}"
    );
    // Without a capture of its own it is not taken en passant (dragon-chess's `KifmnD`).
    let v = one("[b:chess]\ncustomPiece3 = p:KifmnD\npawnTypes = p\n");
    let text = v.result.expect("written");
    assert!(
        text.contains("betza = \"K\"\npawn = true\ndouble_step_rank = [2]\n"),
        "{text}"
    );
    assert!(!text.contains("en_passant"), "{text}");
}

#[test]
fn a_flag_rank_for_every_piece_is_a_goal_rank_for_any() {
    let v = one("[sq:chess]\nflagRegionWhite = *8\nflagRegionBlack = *1\nflagPieceSafe = true\n");
    let text = v.result.expect("written");
    assert!(
        text.contains("reach_rank = { piece = \"*\", rank = 8, safe = true }"),
        "{text}"
    );
    let loaded = crate::variants::custom::load_variant_file(&text).expect("loads");
    assert_eq!(loaded.end.reach_rank, Some((None, 7)));
}

#[test]
fn shogi_style_promotions_we_cannot_say_are_reported() {
    let v = one("[p:chess]\npromotedPieceType = n:k\n");
    let Err(Skip::Unsupported(keys)) = v.result else {
        panic!("written: {:?}", v.result)
    };
    assert!(
        keys.iter().any(|k| k.contains("to the royal king")),
        "{keys:?}"
    );
    // Optional promotion with immobile pieces allowed: ours would force the promotion.
    let v = one("[p:chess]\npromotionPieceTypes = -\npromotedPieceType = p:q\nmandatoryPawnPromotion = false\n");
    let Err(Skip::Unsupported(keys)) = v.result else {
        panic!("written: {:?}", v.result)
    };
    assert!(
        keys.iter().any(|k| k.starts_with("immobilityIllegal")),
        "{keys:?}"
    );
}

#[test]
fn parents_we_lack_and_skipped_parents_are_reported() {
    let all = import("[a:bughouse]\n[b:a]\n[c:chess]\n[d:c]\ncastling = false\n").unwrap();
    assert_eq!(
        all[0].result,
        Err(Skip::UnknownParent("bughouse".into())).map(|_: ()| String::new())
    );
    assert_eq!(
        all[1].result.clone().unwrap_err(),
        Skip::ParentSkipped("a".into())
    );
    assert!(all[2].result.is_ok());
    assert!(all[3].result.is_ok(), "{:?}", all[3].result);
}

#[test]
fn a_promotion_region_off_the_last_rank_is_reported() {
    let v = one(
        "[p:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
    );
    let Err(Skip::Unsupported(keys)) = v.result else {
        panic!("written: {:?}", v.result)
    };
    assert!(
        keys.iter().any(|k| k.starts_with("promotionRegion")),
        "{keys:?}"
    );
}

#[test]
fn a_promotion_region_of_other_ranks_or_of_squares_is_written_and_loads() {
    let v = one(
        "[p:chess]\npromotionRegionWhite = *7 *8\npromotionRegionBlack = *1 *2\n\
         mandatoryPawnPromotion = false\nimmobilityIllegal = true\npromotionLimit = q:1\n",
    );
    let text = v.result.expect("written");
    assert!(
        text.contains("zone = [7, 8]") && text.contains("optional = true"),
        "{text}"
    );
    assert!(text.contains("promotion_limit = 1"), "{text}");
    crate::variants::custom::load_variant_file(&text).expect("loads");
    let v = one("[q:chess]\npromotionRegionWhite = g8 h8 h7\npromotionRegionBlack = a1 b1 a2\n");
    let text = v.result.expect("written");
    assert!(
        text.contains("squares = [\"g8\", \"h7\", \"h8\"]"),
        "{text}"
    );
    assert!(
        text.contains("black_squares = [\"a1\", \"a2\", \"b1\"]"),
        "{text}"
    );
    assert!(!text.contains("optional"), "{text}");
    crate::variants::custom::load_variant_file(&text).expect("loads");
    // Optional promotion where a pawn could stay unable to move: not ours.
    let v = one("[r:chess]\npromotionRegionWhite = *7 *8\npromotionRegionBlack = *1 *2\nmandatoryPawnPromotion = false\n");
    let Err(Skip::Unsupported(keys)) = v.result else {
        panic!("written: {:?}", v.result)
    };
    assert!(
        keys.iter().any(|k| k.starts_with("mandatoryPawnPromotion")),
        "{keys:?}"
    );
}

#[test]
fn giveaway_castles_and_antichess_does_not() {
    let all = import("[g:giveaway]\n[a:antichess]\n").unwrap();
    let g = all[0].result.as_ref().unwrap();
    let a = all[1].result.as_ref().unwrap();
    assert!(
        g.contains("[[castling]]") && g.contains("king = \"K\""),
        "{g}"
    );
    assert!(!a.contains("[[castling]]"));
}

#[test]
fn flags_become_goals_or_a_goal_rank() {
    let v = one("[r:chess]\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *1\n");
    assert!(v
        .result
        .unwrap()
        .contains("reach_rank = { piece = \"K\", rank = 8 }"));
    let v = one("[h:chess]\nflagPiece = k\nflagRegion = d4 e4 d5 e5\n");
    assert!(v
        .result
        .unwrap()
        .contains("squares = [\"d4\", \"e4\", \"d5\", \"e5\"]"));
}

#[test]
fn mobility_regions_that_mirror_become_a_zone() {
    let v = one("[m:chess]\nmobilityRegionWhiteKing = *1 *2 c3 d3\n\
         mobilityRegionBlackKing = *8 *7 c6 d6\n");
    let text = v.result.expect("written");
    assert!(
        text.contains("zone = [\"a1:h1\", \"a2:h2\", \"c3:d3\"]"),
        "{text}"
    );
    crate::variants::custom::load_variant_file(&text).expect("loads");
}

#[test]
fn mobility_regions_that_do_not_mirror_are_reported() {
    for ini in [
        // Black's is another region.
        "[m:chess]\nmobilityRegionWhiteKing = *1 *2\nmobilityRegionBlackKing = *8\n",
        // Black's is the whole board, White's is not.
        "[m:chess]\nmobilityRegionWhiteRook = *1\n",
    ] {
        let Err(Skip::Unsupported(keys)) = one(ini).result else {
            panic!("written: {ini}")
        };
        assert!(
            keys.iter().any(|k| k.contains("not each other's mirror")),
            "{keys:?}"
        );
    }
}

#[test]
fn a_mobility_region_of_a_side_without_the_piece_says_nothing() {
    // Buffalo's shape: only White has the C, only Black the B, whose goal is Black's alone.
    let v = one(
        "[b]\nmaxRank = 4\nmaxFile = d\ncustomPiece1 = b:mfW\ncustomPiece2 = c:K\n\
         startFen = bbbb/4/4/1C2 w - - 0 1\nflagPiece = b\nflagRegionBlack = *1\n\
         mobilityRegionWhiteCustomPiece2 = *1 *2\n",
    );
    let text = v.result.expect("written");
    assert!(text.contains("zone = [\"a1:d1\", \"a2:d2\"]"), "{text}");
    assert!(
        text.contains("piece = \"B\"\nsquares = [\"a1\", \"b1\", \"c1\", \"d1\"]"),
        "{text}"
    );
    crate::variants::custom::load_variant_file(&text).expect("loads");
}

#[test]
fn a_mobility_region_with_drops_is_reported() {
    let Err(Skip::Unsupported(keys)) =
        one("[m:crazyhouse]\nmobilityRegionWhiteKnight = *1 *2 *3 *4\n\
             mobilityRegionBlackKnight = *5 *6 *7 *8\n")
        .result
    else {
        panic!("written")
    };
    assert!(keys.iter().any(|k| k.contains("with drops")), "{keys:?}");
    let Err(Skip::Unsupported(keys)) = one("[m:chess]\nmobilityRegionWhiteMammoth = *1\n").result
    else {
        panic!("written")
    };
    assert_eq!(keys, vec!["mobilityRegionWhiteMammoth".to_string()]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_text_is_a_result_never_a_panic(text in "\\PC{0,200}") {
        let _ = import(&text);
    }

    #[test]
    fn ini_like_text_is_a_result_never_a_panic(
        lines in prop::collection::vec(prop_oneof![
            Just("[v:chess]".to_string()),
            Just("[w]".to_string()),
            Just("[x:v]".to_string()),
            "[a-z:]{0,6}\\]?",
            "(maxRank|maxFile|startFen|customPiece1|king|pawn|flagRegion|promotionRegionWhite|\
              doubleStepRegionWhite|extinctionPieceTypes|castling|pieceDrops|capturesToHand|\
              checkCounting|dropRegionWhite|flagPiece|promotionPieceTypes|mobilityRegionWhiteKing|\
              dropNoDoubled|dropNoDoubledCount|mobilityRegionBlackRook) ?= ?[a-z0-9*:/ +\\[\\]-]{0,12}",
            "# .{0,10}",
        ], 0..12)
    ) {
        let _ = import(&lines.join("\n"));
    }
}

#[test]
fn a_shipped_parent_with_zone_promotions_keeps_them() {
    // Shogi's `+X` kinds come back as its promotions, with the zone, the drop rules and the
    // repetition rules it has.
    let v = one("[a:shogi]\n");
    let text = v.result.expect("written");
    for line in [
        "name = \"shogiPawn\"\nbetza = \"fW\"\npromotes_to = \"+P\"\npromotion_zone = [7, 9]\n",
        "letter = \"+R\"\nname = \"promoted rook\"\nbetza = \"RF\"",
        "no_drop_mate = [\"P\"]",
        "immobile_illegal = true",
        "repetition_count = 4",
    ] {
        assert!(text.contains(line), "{line:?} missing from\n{text}");
    }
    let loaded = crate::variants::custom::load_variant_file(&text).expect("loads");
    let mut pos = loaded.start_position().expect("start");
    assert_eq!(pos.legal_move_list().len(), 30);
    // Makruk's pawn becomes a met, a kind of its own, from the sixth rank: its promotion
    // region and type, written back as `[promotion]` with the zone.
    let all = import("[b:makruk]\n").unwrap();
    let text = all[0].result.clone().expect("written");
    assert!(text.contains("to = [\"M\"]\nzone = [6, 8]"), "{text}");
    crate::variants::custom::load_variant_file(&text).expect("loads");
}

#[test]
fn castling_on_another_rank_and_sections_with_their_own_pieces() {
    // `castlingRank = 2`: king and rooks castle on each side's second rank.
    let v =
        one("[second:chess]\nstartFen = 8/r3k2r/8/8/8/8/R3K2R/8 w KQkq - 0 1\ncastlingRank = 2\n");
    let text = v.result.expect("written");
    assert!(text.contains("king_from = \"e2\"") && text.contains("rook_from = \"h2\""));
    let loaded = crate::variants::custom::load_variant_file(&text).expect("loads");
    let mut pos = loaded.start_position().expect("start");
    let castles = pos
        .legal_move_list()
        .iter()
        .filter(|m| m.is_castle())
        .count();
    assert_eq!(castles, 2, "{text}");
    // A section that defines its pieces promotes to none (Fairy-Stockfish's reset_pieces):
    // its pawns never enter the last rank, and still attack it: `immobile_illegal`.
    let v =
        one("[own]\npawn = p\nking = k\nstartFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\n");
    let text = v.result.expect("written");
    assert!(text.contains("immobile_illegal = true"), "{text}");
    let loaded = crate::variants::custom::load_variant_file(&text).expect("loads");
    let pos = loaded
        .position_from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
        .expect("a position");
    let moves: Vec<String> = pos
        .clone()
        .legal_move_list()
        .into_iter()
        .map(|m| crate::notation::coordinate::to_uci(&pos, m))
        .collect();
    assert!(!moves.iter().any(|m| m.starts_with("a7")), "{moves:?}");
    let attacked = loaded
        .position_from_fen("1k6/P7/8/8/8/8/8/4K3 b - - 0 1")
        .expect("a position");
    assert!(
        attacked.in_check(crate::core::Color::Black),
        "the pawn still attacks b8"
    );
}

#[test]
fn a_must_drop_type_names_the_one_kind_dropped_first() {
    let v = one("[kd:crazyhouse]\nmustDrop = true\nmustDropType = q\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w KQkq - 0 1\n");
    let text = v.result.expect("written");
    assert!(text.contains("must_drop_kind = \"Q\""), "{text}");
    crate::variants::custom::load_variant_file(&text).expect("loads");
    // And back: koedem's non-royal king is Fairy-Stockfish's commoner.
    let koedem = crate::variants::custom::builtin::ALL
        .iter()
        .find(|(n, _)| *n == "koedem")
        .expect("shipped");
    let m = model::Model::from_shipped(koedem.1).expect("a model");
    assert_eq!(m.must_drop_type.as_deref(), Some("commoner"));
}

#[test]
fn one_pseudo_royal_kind_a_side_may_have_several_of_is_royal_with_several_royals() {
    let section = "[twokings:chess]\nking = -\ncommoner = k\ncastlingKingPiece = k\n\
         extinctionValue = loss\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\n\
         startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1\n";
    let text = one(section).result.expect("written");
    assert!(text.contains("several_royals = \"last-only\""), "{text}");
    crate::variants::custom::load_variant_file(&text).expect("loads");
    let text = one(&format!("{section}dupleCheck = true\n"))
        .result
        .expect("written");
    assert!(text.contains("several_royals = \"all\""), "{text}");
    // dupleCheck alone means nothing to our format: named.
    let v = one("[d:chess]\ndupleCheck = true\n");
    assert!(
        matches!(v.result, Err(Skip::Unsupported(_))),
        "{:?}",
        v.result
    );
}

#[test]
fn demotion_promoted_drops_and_promotion_on_capture_are_written() {
    let v = one(
        "[turn:chess]\npawn = -\nstartFen = rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w - - 0 1\npromotionPieceTypes = -\npromotedPieceType = n:r\n\
         promotionRegionWhite = *1 *2 *3 *4 *5 *6 *7 *8\n\
         promotionRegionBlack = *1 *2 *3 *4 *5 *6 *7 *8\n\
         mandatoryPiecePromotion = true\npieceDemotion = true\npieceDrops = true\n\
         dropPromoted = true\npiecePromotionOnCapture = true\n",
    );
    let text = v.result.expect("written");
    crate::variants::custom::load_variant_file(&text).expect("loads");
    // The promoted knight turns back into a knight, in the same zone, as compulsorily.
    let plus = text.split("letter = \"+N\"").nth(1).expect("a +N kind");
    let plus = plus.split("[[piece]]").next().unwrap_or(plus);
    assert!(plus.contains("promotes_to = \"N\""), "{text}");
    assert!(plus.contains("must_promote = true"), "{text}");
    assert!(text.contains("drop_promoted = true"), "{text}");
    assert!(text.contains("promotion_on_capture = true"), "{text}");
    // With pawns promoting as well, Fairy-Stockfish would let a promoted pawn demote.
    let v = one("[p:chess]\npromotedPieceType = n:r\npieceDemotion = true\n");
    let Err(Skip::Unsupported(keys)) = v.result else {
        panic!("written: {:?}", v.result)
    };
    assert!(
        keys.iter().any(|k| k.starts_with("pieceDemotion")),
        "{keys:?}"
    );
}

#[test]
fn several_double_step_ranks_each_leave_en_passant() {
    let v = one("[semi:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7 *6\n");
    let text = v.result.expect("written");
    crate::variants::custom::load_variant_file(&text).expect("loads");
    assert!(text.contains("double_step_rank = [2, 3]"), "{text}");
    assert!(
        text.contains("double_step_en_passant = \"every-rank\""),
        "{text}"
    );
}

#[test]
fn flips_enclosing_drops_and_counted_ends_are_read_and_written() {
    // Over ataxx: quadwrangle's flip, drops anywhere, the parent's ends kept.
    let v = one("[q:ataxx]\nflipEnclosedPieces = quadwrangle\nenclosingDrop = none\n");
    let text = v.result.expect("written");
    crate::variants::custom::load_variant_file(&text).expect("loads");
    for line in [
        "flip = \"adjacent-if-joined\"",
        "free_drops = true",
        "stalemate = \"count\"",
        "material_count = \"pieces\"",
        "full_board = true",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    assert!(!text.contains("drop_only"), "{text}");
    // Over the template: reversi's drops with a start region of single squares.
    let v = one(
        "[r]\nmaxRank = 6\nmaxFile = 6\ncustomPiece1 = p:\npieceDrops = true\n\
         startFen = 6/6/6/6/6/6[PPpp] w - - 0 1\n\
         enclosingDrop = reversi\nenclosingDropStart = c3 d3 c4 d4\n\
         flipEnclosedPieces = reversi\nstalematePieceCount = true\nstalemateValue = loss\n\
         materialCounting = unweighted\nadjudicateFullBoard = true\n",
    );
    let text = v.result.expect("written");
    crate::variants::custom::load_variant_file(&text).expect("loads");
    for line in [
        "flip = \"enclosed\"",
        "drop_only = \"enclosing\"",
        "drop_start = [\"c3\", \"c4\", \"d3\", \"d4\"]",
        "stalemate = \"count\"",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    // Janggi's weighted counting is not ours.
    let v = one("[j:ataxx]\nmaterialCounting = janggi\n");
    assert_eq!(
        v.result.unwrap_err(),
        Skip::Unsupported(vec!["materialCounting (value 'janggi')".into()])
    );
    // Counted with a stalemate that wins: fewer pieces win (suicide chess).
    let v = one("[w:ataxx]\nstalemateValue = win\n");
    let text = v.result.expect("written");
    assert!(text.contains("stalemate = \"fewer-wins\""), "{text}");
}
