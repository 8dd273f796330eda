//! Betza parts that overlap (issue 35): a move two parts of one piece reach is one move, and
//! a variant file costs bounded memory whatever the length of its movement strings.

use std::collections::BTreeSet;

use chessrules::core::{Backend, Color, Move, Piece, Position};
use chessrules::notation::betza;
use chessrules::variants::custom::load_variant_file;
use proptest::prelude::*;

/// A 9×9 board with a white king on a1, a black king on i9, a black target piece (a wazir)
/// on each of `targets`, and a white piece moving as `movement` on e5.
fn position(movement: &str, targets: &[&str], backend: Backend) -> Position {
    let text = format!(
        "name = \"t\"\n[board]\nfiles = 9\nranks = 9\nstart = \"8k/9/9/9/9/9/9/9/K8 w - - 0 1\"\n\
         [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n\
         [[piece]]\nletter = \"X\"\nname = \"x\"\nbetza = \"{movement}\"\n\
         [[piece]]\nletter = \"T\"\nname = \"target\"\nbetza = \"W\"\n"
    );
    let v = load_variant_file(&text).unwrap_or_else(|e| panic!("{movement}: {e}"));
    let mut pos = v.start_position().unwrap().on_backend(backend);
    let shape = v.rules.shape.clone();
    pos.put(
        shape.parse_square("e5").unwrap(),
        Piece::new(Color::White, 1),
    );
    for t in targets {
        pos.put(shape.parse_square(t).unwrap(), Piece::new(Color::Black, 2));
    }
    pos
}

/// The moves of the piece on e5, as listed (not deduplicated here).
fn listed(pos: &Position) -> Vec<Move> {
    let from = pos.rules().shape.parse_square("e5").unwrap();
    let mut moves = Vec::new();
    pos.piece_moves(from, &mut moves);
    moves
}

fn names(pos: &Position, moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(|m| pos.rules().shape.name(m.to)).collect()
}

#[test]
fn a_rook_that_also_steps_like_a_wazir_is_a_rook() {
    for backend in [Backend::Mailbox, Backend::Bitboard] {
        let rook = position("R", &[], backend);
        for movement in ["RW", "WR", "RWWWWW", "QR", "RR", "R4R", "WR2R"] {
            let pos = position(movement, &[], backend);
            let moves = listed(&pos);
            let want = if movement.contains('Q') {
                names(
                    &position("Q", &[], backend),
                    &listed(&position("Q", &[], backend)),
                )
            } else {
                names(&rook, &listed(&rook))
            };
            assert_eq!(
                moves.len(),
                want.len(),
                "{movement} on {backend:?}: {moves:?}"
            );
            assert_eq!(names(&pos, &moves), want, "{movement} on {backend:?}");
        }
    }
}

/// A rook with a dabbaba leap reaches d6 from d4 two ways when d5 is empty: one move.
#[test]
fn a_ride_and_a_leap_along_one_line_give_one_move() {
    for backend in [Backend::Mailbox, Backend::Bitboard] {
        for (movement, targets) in [
            ("RD", &[][..]),
            ("RD", &["e6"][..]),
            ("BA", &["g7"][..]),
            ("QH", &[][..]),
            ("WD2", &[][..]),
            ("mRcD", &["e7"][..]),
            ("DDWW", &[][..]),
        ] {
            let mut pos = position(movement, targets, backend);
            let moves = listed(&pos);
            let distinct = names(&pos, &moves);
            assert_eq!(
                moves.len(),
                distinct.len(),
                "{movement} {targets:?} on {backend:?}"
            );
            // Legal moves, counted and listed, agree with the distinct moves (the kings
            // add theirs).
            let legal = pos.legal_move_list();
            let set: BTreeSet<String> = legal.iter().map(|m| format!("{m:?}")).collect();
            assert_eq!(set.len(), legal.len(), "{movement}: legal list repeats");
            assert_eq!(pos.legal_move_count(), legal.len(), "{movement}: count");
        }
    }
}

/// The issue's perft: a rook moving as `RW` from the start of a small game counts as a rook.
#[test]
fn perft_counts_each_move_once() {
    let game = |rook: &str| {
        format!(
            "name = \"t\"\n[board]\nfiles = 8\nranks = 8\nstart = \"4k3/8/8/8/3R4/8/8/4K3 w - - 0 1\"\n\
             [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n\
             [[piece]]\nletter = \"R\"\nname = \"rook\"\nbetza = \"{rook}\"\n"
        )
    };
    let count = |rook: &str, depth| {
        let v = load_variant_file(&game(rook)).unwrap();
        let mut pos = v.start_position().unwrap();
        chessrules::core::perft::Perft::new(true).count(&mut pos, depth)
    };
    for depth in 1..=3 {
        assert_eq!(count("RW", depth), count("R", depth), "depth {depth}");
        assert_eq!(count("QR", depth), count("Q", depth), "depth {depth}");
        assert_eq!(
            count("RRRRRRRRRRRRRRRR", depth),
            count("R", depth),
            "depth {depth}"
        );
    }
    // 14 rook moves and 5 king moves.
    assert_eq!(count("RW", 1), 19);
}

#[test]
fn repeated_parts_are_merged_when_read() {
    let one = betza::parse("W").unwrap();
    assert_eq!(
        betza::parse("WWWW".replace("WW", "W1W1").as_str()).unwrap(),
        one
    );
    assert_eq!(betza::parse("RW").unwrap(), betza::parse("R").unwrap());
    assert_eq!(betza::parse(&"N".repeat(64)).unwrap().len(), 1);
    // A part that goes further replaces a shorter one in the same mode; a move-only part
    // does not cover a part that also captures.
    assert_eq!(betza::parse("W2W4").unwrap(), betza::parse("W4").unwrap());
    assert_eq!(betza::parse("mRW").unwrap().len(), 2);
}

#[test]
fn long_movements_and_many_parts_are_refused_with_their_place() {
    let e = betza::parse(&"WF".repeat(40_000)).unwrap_err();
    assert!(e.message.contains("at most 256 bytes"), "{e}");
    let e = betza::parse(&"WF".repeat(40)).unwrap_err();
    assert!(e.message.contains("at most 64 parts"), "{e}");
    assert_eq!(e.offset, 64, "{e}");
    // A whole file: the cap on all parts together, pointing at the piece that passes it.
    let directions = ["f", "b", "l", "r"];
    let diagonal = ["fl", "fr", "bl", "br"];
    let mut movement = String::new();
    for mode in ["m", "c"] {
        for atom in ["W", "D", "H"] {
            for d in directions {
                movement.push_str(&format!("{mode}{d}{atom}"));
            }
        }
        for atom in ["F", "A", "G"] {
            for d in diagonal {
                movement.push_str(&format!("{mode}{d}{atom}"));
            }
        }
    }
    assert_eq!(betza::parse(&movement).unwrap().len(), 48);
    let mut text = String::from(
        "name = \"t\"\n[board]\nfiles = 8\nranks = 8\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\
         [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n",
    );
    for letter in ['A', 'B', 'C', 'D', 'E', 'F'] {
        text.push_str(&format!(
            "[[piece]]\nletter = \"{letter}\"\nname = \"p{letter}\"\nbetza = \"{movement}\"\n"
        ));
    }
    let e = load_variant_file(&text).unwrap_err();
    assert!(
        e.message.contains("more than 256 movement parts in all"),
        "{e}"
    );
    // The sixth piece (2 + 48 × 5 = 242 parts before it) passes the cap: its betza line.
    assert_eq!(e.line, 34, "{e}");
}

/// A movement part: modifiers and an atom, with perhaps a range.
fn part() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["", "m", "c"]),
        prop::sample::select(vec!["", "f", "b", "l", "r", "v", "s", "fh", "fl", "br"]),
        prop::sample::select(vec![
            "W", "F", "D", "N", "A", "K", "R", "B", "Q", "WW", "NN",
        ]),
        prop::sample::select(vec!["", "2", "3"]),
    )
        .prop_map(|(m, d, a, r)| {
            let r = if a.len() == 2 { "" } else { r };
            format!("{m}{d}{a}{r}")
        })
}

proptest! {
    /// A piece of several parts moves to exactly the union of its parts' squares, each once,
    /// on both backends, whatever stands in the way.
    #[test]
    fn a_piece_moves_to_the_union_of_its_parts_once(
        parts in prop::collection::vec(part(), 1..6),
        targets in prop::collection::btree_set(
            prop::sample::select(vec!["e6", "f6", "d4", "e3", "g7", "c5", "e7", "b2", "h8", "f5"]),
            0..5,
        ),
    ) {
        let targets: Vec<&str> = targets.into_iter().collect();
        // `N` then `N` reads as `NN`, the nightrider: such neighbours are not two parts.
        let doubled = parts.windows(2).any(|w| {
            let (a, b) = (w[0].chars().last(), w[1].chars().next());
            a.is_some_and(|c| c.is_ascii_uppercase()) && a == b
        });
        prop_assume!(!doubled);
        let whole = parts.concat();
        prop_assume!(betza::parse(&whole).is_ok());
        for backend in [Backend::Mailbox, Backend::Bitboard] {
            let pos = position(&whole, &targets, backend);
            let moves = listed(&pos);
            let mut union = BTreeSet::new();
            for p in &parts {
                if betza::parse(p).is_ok() {
                    let one = position(p, &targets, backend);
                    union.extend(names(&one, &listed(&one)));
                }
            }
            prop_assert_eq!(moves.len(), names(&pos, &moves).len(), "{} listed a move twice", whole);
            prop_assert_eq!(names(&pos, &moves), union, "{}", whole);
        }
    }
}

/// A capture-only group stays when a group that also captures covers it: the file's
/// `en_passant` key is given to capture-only groups after reading (found in review).
#[test]
fn a_covered_capture_only_group_keeps_en_passant() {
    let parts = betza::parse("fFcfF").unwrap();
    assert!(parts
        .iter()
        .any(|c| c.mode == chessrules::core::MoveMode::CaptureOnly));
    let text = "name = \"t\"\n[board]\nfiles = 8\nranks = 8\n\
                start = \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"\n\
                [[piece]]\nletter = \"K\"\nname = \"king\"\nbetza = \"K\"\nroyal = true\n\
                [[piece]]\nletter = \"P\"\nname = \"pawn\"\nbetza = \"mfWfFcfF\"\npawn = true\n\
                double_step_rank = 2\nen_passant = true\n";
    assert!(load_variant_file(text).is_ok());
}
