//! Perft of the example variant files against pyffish's figures (tests/perft/*.perft, made by
//! scripts/pyffish-perft.py), and the built-in piece tables against their embedded files.

use chessrules::core::perft::Perft;
use chessrules::core::Backend;
use chessrules::core::{MovementComponent, PieceKind, Position};
use chessrules::game::Game;
use chessrules::game::Score;
use chessrules::notation::fen;
use chessrules::variants::custom::outcome;
use chessrules::variants::custom::{builtin, load_variant_file, variant};
use chessrules::variants::{fairy, pawnrace, standard};

fn check_oracle(name: &str, data: &str) {
    let v = builtin::load(name).unwrap().unwrap();
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let (fen_text, depth, nodes): (&str, u32, u64) =
            (f[0], f[1].parse().unwrap(), f[2].parse().unwrap());
        let mut pos = v.position_from_fen(fen_text).unwrap();
        assert_eq!(
            Perft::new(true).count(&mut pos, depth),
            nodes,
            "{name} {fen_text} depth {depth}"
        );
        // The mailbox, the bitboards' oracle, counts the same.
        assert_eq!(pos.rules().backend(), Backend::Bitboard);
        let mut mailbox = pos.on_backend(Backend::Mailbox);
        assert_eq!(
            Perft::new(true).count(&mut mailbox, depth),
            nodes,
            "{name} {fen_text} depth {depth} on the mailbox"
        );
        checked += 1;
    }
    assert!(checked >= 9, "{name}: only {checked} figures");
}

#[test]
fn capablanca_matches_pyffish() {
    check_oracle("capablanca", include_str!("perft/capablanca.perft"));
}

#[test]
fn losalamos_matches_pyffish() {
    check_oracle("losalamos", include_str!("perft/losalamos.perft"));
}

/// The course's fairy pieces (Drunken Soldier, Flying Dragon, Amazon, Princess) as compiled
/// from fairy.toml's Betza strings, against a pyffish custom variant with the same pieces.
#[test]
fn fairy_file_matches_pyffish() {
    check_oracle("fairy", include_str!("perft/fairy-pyffish.perft"));
}

/// Rows compared with each vector list sorted (the Betza compiler may list the same steps in
/// another order).
fn normalised(kinds: &[PieceKind]) -> Vec<PieceKind> {
    kinds
        .iter()
        .map(|k| {
            let mut k = k.clone();
            for c in &mut k.components {
                c.vectors.sort();
            }
            k.components
                .sort_by_key(|c: &MovementComponent| format!("{c:?}"));
            k.name.clear();
            k
        })
        .collect()
}

fn perfts(pos: &mut Position, depth: u32) -> Vec<u64> {
    (1..=depth)
        .map(|d| Perft::new(true).count(pos, d))
        .collect()
}

#[test]
fn standard_file_equals_the_builtin_table() {
    let v = builtin::load("standard").unwrap().unwrap();
    let b = standard::rules();
    assert_eq!(normalised(&v.rules.pieces), normalised(&b.pieces));
    assert_eq!(v.rules.castling, b.castling);
    assert_eq!(v.rules.promotion_kinds, b.promotion_kinds);
    for f in [
        standard::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        let mut ours = v.position_from_fen(f).unwrap();
        let mut theirs = fen::parse(b.clone(), f).unwrap();
        assert_eq!(perfts(&mut ours, 3), perfts(&mut theirs, 3), "{f}");
    }
}

#[test]
fn fairy_file_equals_the_builtin_table() {
    let v = builtin::load("fairy").unwrap().unwrap();
    let table = fairy::rules::piece_table();
    assert_eq!(normalised(&v.rules.pieces), normalised(&table));
    let b = fairy::rules::rules(&[1; 11]);
    let mut sorted = b.castling.clone();
    sorted.sort_by_key(|r| (r.color.index(), !r.king_side));
    assert_eq!(v.rules.castling, sorted);
    for f in [
        v.start_fen.as_str(),
        "r4k3r/dp1e2w1pd/10/3F6/4a5/10/2W7/1E8/DP5PPD/R4K3R w KQkq - 0 1",
    ] {
        let mut ours = v.position_from_fen(f).unwrap();
        let mut theirs = fen::parse(b.clone(), f).unwrap();
        assert_eq!(perfts(&mut ours, 3), perfts(&mut theirs, 3), "{f}");
    }
}

/// The pawn race file starts where the course's game starts with gaps h and a (its rules are
/// the file's: `pawnrace::rules` compiles it).
#[test]
fn pawnrace_file_starts_as_the_course_does() {
    let v = builtin::load("pawnrace").unwrap().unwrap();
    let gap = |c: &str| pawnrace::Gap::parse(c).unwrap();
    assert_eq!(
        fen::write(&v.start_position().unwrap()),
        fen::write(&pawnrace::start(gap("h"), gap("a")))
    );
}

/// The course's end sentences (pawn race's hook) and a variant file's generic ends name the
/// same winner in every position of some pseudo-random games.
#[test]
fn pawnrace_course_ends_agree_with_the_file_s_ends() {
    let v = builtin::load("pawnrace").unwrap().unwrap();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut endings = std::collections::BTreeSet::new();
    let starts = [
        v.start_fen.as_str(),
        "8/3p4/8/8/8/8/3P4/8 w - - 0 1",
        "8/2p5/8/8/8/8/3P4/8 w - - 0 1",
        "8/2pp4/8/8/8/8/2PP4/8 w - - 0 1",
    ];
    for i in 0..200 {
        let mut game = variant::game(&v, v.position_from_fen(starts[i % starts.len()]).unwrap());
        loop {
            let ours = outcome(&mut game);
            let pos = fen::parse(pawnrace::rules(), &fen::write(game.position())).unwrap();
            let theirs =
                pawnrace::course_end(&mut pawnrace::game(pos.clone())).map(|end| {
                    match end.score() {
                        Score::Win(winner) => Some(winner),
                        _ => None,
                    }
                });
            let ours_winner = ours.as_ref().map(|end| {
                // The rule that ended it: the sentence's words before the result.
                endings.insert(
                    end.to_string()
                        .replace(": white wins", "")
                        .replace(": black wins", ""),
                );
                match end.score() {
                    Score::Win(winner) => Some(winner),
                    _ => None,
                }
            });
            assert_eq!(ours_winner, theirs, "{}", fen::write(&pos));
            if ours.is_some() {
                break;
            }
            let moves = game.position().clone().legal_move_list();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            game.make(moves[(seed % moves.len() as u64) as usize]);
        }
    }
    // The games reach more than one kind of ending.
    assert!(endings.len() >= 3, "{endings:?}");
}

#[test]
fn walled_file_blocks_steps_across_its_walls() {
    let v = builtin::load("walled").unwrap().unwrap();
    // Neither pawn can step across the d4-d5 and e4-e5 walls; without walls both can.
    let mut pos = v
        .position_from_fen("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1")
        .unwrap();
    let moves: Vec<String> = pos
        .legal_move_list()
        .iter()
        .map(|&m| chessrules::notation::coordinate::to_uci(&pos, m))
        .collect();
    assert!(!moves.contains(&"e4e5".to_string()));
    assert!(!moves.contains(&"d4d5".to_string()));
    let mut open = load_variant_file(builtin::STANDARD)
        .unwrap()
        .position_from_fen("4k3/8/8/8/3PP3/8/8/4K3 w - - 0 1")
        .unwrap();
    assert_eq!(open.legal_move_list().len(), moves.len() + 2);
}

/// Perft follows the file's end of game: a position its rules have decided (here a pawn on
/// the far rank of Breakthrough) has no moves, as Fairy-Stockfish, python-chess and shakmaty
/// count; the generator's own count expands it.
#[test]
fn perft_stops_where_the_file_s_rules_end_the_game() {
    use chessrules::engine::perft::Perft as VariantPerft;
    use chessrules::variants::custom::{load_variant_file, variant};
    let v = load_variant_file(BREAKTHROUGH).expect("a valid file");
    // Black to move in the published position: its pawn on b2 can step onto rank 1.
    let fen = BREAKTHROUGH_WON.replace(" w ", " b ");
    let start = v.position_from_fen(&fen).expect("a position");
    let mut game = variant::game(&v, start.clone());
    // Depth 2 by hand: every Black move, then White's moves unless Black's pawn stands on
    // rank 1 (the game is won).
    let mut pos = start.clone();
    let mut by_hand = 0;
    for m in pos.legal_move_list() {
        let undo = pos.make(m);
        if pos.rules().shape.rank_of(m.to) != 0 {
            by_hand += pos.legal_move_list().len() as u64;
        }
        pos.unmake(m, undo);
    }
    assert_eq!(VariantPerft::new(true).count(&mut game, 2), by_hand);
    assert_eq!(VariantPerft::new(false).count(&mut game, 2), by_hand);
    let mut expand = VariantPerft::new(true);
    expand.end_rules = false;
    let mut core = start.clone();
    let generator = chessrules::core::perft::perft(&mut core, 2);
    assert_eq!(expand.count(&mut game, 2), generator);
    assert!(by_hand < generator);
}

/// FEN as Fairy-Stockfish and pyffish write it: castling and en passant may be left out
/// before the clocks, and a two-square en passant field names its first empty square.
#[test]
fn fen_as_fairy_stockfish_writes_it() {
    let rules = standard::rules();
    let full = fen::parse(rules.clone(), "4k3/8/8/8/8/8/8/4K3 w - - 3 7").unwrap();
    for short in ["4k3/8/8/8/8/8/8/4K3 w 3 7", "4k3/8/8/8/8/8/8/4K3 w - 3 7"] {
        let pos = fen::parse(rules.clone(), short).unwrap();
        assert_eq!(fen::write(&pos), fen::write(&full), "{short}");
    }
    let castles = fen::parse(rules.clone(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq 0 1").unwrap();
    assert_eq!(fen::write(&castles), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let two = fen::parse(rules.clone(), "4k3/8/8/8/6Pp/8/8/4K3 b - g3g4 0 1").unwrap();
    assert_eq!(fen::write(&two), "4k3/8/8/8/6Pp/8/8/4K3 b - g3 0 1");
    // The square passed and the one landed on (a pawn of Fairy-Stockfish's own making, as
    // pawnsideways's): the empty one is the target.
    let landed = fen::parse(rules.clone(), "4k3/8/8/6pP/8/8/8/4K3 w - g5g6 0 1").unwrap();
    assert_eq!(fen::write(&landed), "4k3/8/8/6pP/8/8/8/4K3 w - g6 0 1");
    // Still errors: a truncated FEN, a field that is neither.
    assert!(fen::parse(rules.clone(), "4k3/8/8/8/8/8/8/4K3 w").is_err());
    assert!(fen::parse(rules.clone(), "4k3/8/8/8/8/8/8/4K3 w - g3x 0 1").is_err());
    assert!(fen::parse(rules, "4k3/8/8/8/8/8/8/4K3 w 3 7 9").is_err());
}

/// Legan chess: pawns move diagonally forward-left and capture forward or left (`mflFcflW`),
/// which only comes out right when Black's left is read from Black's side (the board turned
/// 180°). Perft 4 from the start is 8138 in Fairy-Stockfish's `tests/perft.sh` (its built-in
/// `legan`); its promotion regions cannot matter within four plies, so this file leaves
/// promotion out.
#[test]
fn legan_pawns_read_left_from_the_mover_s_side() {
    use chessrules::variants::custom::load_variant_file;
    let text = format!(
        "name = \"legan\"\ndescription = \"Legan chess (promotion left out)\"\n[board]\n\
         files = 8\nranks = 8\n\
         start = \"knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1\"\n{}",
        fide_pieces(true, "betza = \"mflFcflW\"")
    );
    let v = load_variant_file(&text).expect("a valid file");
    let mut pos = v.start_position().expect("start");
    assert_eq!(chessrules::core::perft::perft(&mut pos, 4), 8138);
}

/// Extinction chess (Fairy-Stockfish's `extinction`): the king is an ordinary piece that may
/// castle, and a side that loses every piece of one kind loses. Fairy-Stockfish's
/// `tests/perft.sh` counts 195286 at depth 4 from this Chess960 position (king on g1: its
/// king's-side castling leaves the king where it is).
#[test]
fn a_non_royal_king_castles_and_extinction_ends_the_count() {
    use chessrules::variants::custom::load_variant_file;
    let head = format!(
        "name = \"extinction\"\ndescription = \"lose a whole kind, lose the game\"\n[board]\n\
         files = 8\nranks = 8\n\
         start = \"rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w KQkq - 0 1\"\n{}",
        fide_pieces(
            false,
            "betza = \"mfWcfF\"\ndouble_step_rank = 2\nen_passant = true"
        )
    );
    let text = head
        + r#"
[promotion]
to = ["Q", "R", "B", "N", "K"]
[[castling]]
side = "king"
king = "K"
king_from = "g1"
king_to = "g1"
rook_from = "h1"
rook_to = "f1"
rook = "R"
[[castling]]
side = "queen"
king = "K"
king_from = "g1"
king_to = "c1"
rook_from = "a1"
rook_to = "d1"
rook = "R"
[end]
checkmate = false
extinction = ["K", "Q", "R", "B", "N", "P"]
"#;
    let v = load_variant_file(&text).expect("a valid file");
    let start = v.start_position().expect("start");
    let mut game = chessrules::variants::custom::variant::game(&v, start);
    let mut perft = chessrules::engine::perft::Perft::new(true);
    assert_eq!(perft.count(&mut game, 4), 195286);
    // Castling rights whose king is not on its square (here on e2; the FEN reader leaves
    // rights to the rules): no castling and no panic, in a build with overflow checks too.
    let moved = "rnbqb1kr/pppppppp/8/8/8/1NBQBN2/PPPPKPPP/R6R w KQkq - 0 1";
    let pos = v.position_from_fen(moved).expect("the FEN reads");
    let mut game = chessrules::variants::custom::variant::game(&v, pos);
    assert!(perft.count(&mut game, 2) > 0);
    // Without a `king` letter and with no royal piece, castling is an error, not silent.
    let unnamed = text.replace("king = \"K\"\n", "");
    let e = load_variant_file(&unnamed).expect_err("castling needs its king");
    assert!(e.to_string().contains("king = "), "{e}");
}

/// Chess960-style castling in a variant file (`from_position = true`): king and rooks start
/// where each position puts them. The FIDE rules written this way count python-chess's
/// Chess960 perft, here on three of its positions, read through the file's own FEN reader.
#[test]
fn castling_from_the_position_counts_chess960_perft() {
    use chessrules::variants::custom::load_variant_file;
    let standard = std::fs::read_to_string("variants/standard.toml").expect("standard.toml");
    let at = standard.find("[[castling]]").expect("castling tables");
    let end = standard[at..]
        .find("\n[end]")
        .map_or(standard.len(), |i| at + i);
    let file = format!(
        "{}[[castling]]\nside = \"king\"\nfrom_position = true\nking_to = \"g1\"\nrook_to = \"f1\"\n\
         rook = \"R\"\n\n[[castling]]\nside = \"queen\"\nfrom_position = true\nking_to = \"c1\"\n\
         rook_to = \"d1\"\nrook = \"R\"\n{}",
        &standard[..at],
        &standard[end..]
    );
    let v = load_variant_file(&file).expect("a valid file");
    let cases = [
        // python-chess's chess960.perft, positions 1, 2 and 3 (depths 1 to 3).
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
            [21, 528, 12189],
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w KQkq - 1 9",
            [21, 807, 18002],
        ),
        (
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w KQ - 1 9",
            [20, 479, 10471],
        ),
    ];
    for (fen, counts) in cases {
        for (depth, &nodes) in counts.iter().enumerate() {
            let mut pos = v.position_from_fen(fen).expect("a position of the file");
            assert_eq!(
                chessrules::core::perft::perft(&mut pos, depth as u32 + 1),
                nodes,
                "{fen} depth {}",
                depth + 1
            );
        }
    }
    // Fixed squares and from_position do not mix.
    let mixed = file.replacen(
        "from_position = true\n",
        "king_from = \"e1\"\nrook_from = \"h1\"\n",
        1,
    );
    assert!(load_variant_file(&mixed).is_err());
}

/// Breakthrough (Fairy-Stockfish's built-in): pawns step forward or diagonally forward and
/// capture diagonally; the first to reach the far rank wins. Its `tests/perft.sh` counts
/// 256036 from the start and 121264 from a position where Black can win at once: a won
/// position has no moves, which is what perft following the end rules means.
#[test]
fn breakthrough_counts_as_fairy_stockfish_publishes() {
    use chessrules::variants::custom::{load_variant_file, variant};
    let v = load_variant_file(BREAKTHROUGH).expect("a valid file");
    for (fen, nodes) in [
        (v.start_fen.clone(), 256036),
        (BREAKTHROUGH_WON.to_string(), 121264),
    ] {
        let pos = v.position_from_fen(&fen).expect("a position");
        let mut game = variant::game(&v, pos);
        let mut perft = chessrules::engine::perft::Perft::new(true);
        assert_eq!(perft.count(&mut game, 4), nodes, "{fen}");
    }
}

/// Breakthrough as Fairy-Stockfish defines it (`src/variant.cpp`, `fmWfF` pawns, the far rank
/// wins, stalemate loses).
const BREAKTHROUGH: &str = r#"
name = "breakthrough"
description = "first pawn on the far rank wins"
[board]
files = 8
ranks = 8
start = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1"
[[piece]]
letter = "P"
name = "breakthrough pawn"
betza = "fmWfF"
[end]
checkmate = false
stalemate = "loss"
reach_rank = { piece = "P", rank = 8 }
"#;

/// A Breakthrough position from Fairy-Stockfish's `tests/perft.sh` where a pawn can reach
/// the far rank at once.
const BREAKTHROUGH_WON: &str = "1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w - - 1 26";

/// The piece rows of FIDE chess's officers (king royal or not) and a pawn of `pawn` (its
/// betza line and flags), as a variant file writes them.
fn fide_pieces(royal_king: bool, pawn: &str) -> String {
    format!(
        "[[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"K\"\nroyal = {royal_king}\n\
         [[piece]]\nletter = \"Q\"\nname = \"queen\"\nbetza = \"Q\"\n\
         [[piece]]\nletter = \"R\"\nname = \"rook\"\nbetza = \"R\"\n\
         [[piece]]\nletter = \"B\"\nname = \"bishop\"\nbetza = \"B\"\n\
         [[piece]]\nletter = \"N\"\nname = \"knight\"\nbetza = \"N\"\n\
         [[piece]]\nletter = \"P\"\nname = \"pawn\"\n{pawn}\npawn = true\n"
    )
}
