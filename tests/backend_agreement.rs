//! The bitboard backend against the mailbox, its oracle: random variants (board sizes on
//! both sides of 64 squares, random leapers, riders with and without range limits, one-way
//! steps, move-only and capture-only parts, rank conditions, regions, double steps with en
//! passant, promotions, castling, with and without king safety), random positions on them,
//! random walls, en passant squares empty or not. Both backends must list the same moves (also
//! one piece's to one square, a kind's to one square), count as many, see the same attacks and checks, and agree on a
//! small perft, bulk and made.

use std::sync::Arc;

use chessrules::core::perft::Perft;
use chessrules::core::{
    Backend, CastlingRule, Color, Move, MoveFlag, MovementComponent, Piece, PieceKind, Position,
    Rules, RulesConfig, Square,
};
use chessrules::engine::Rng;
use proptest::prelude::*;

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len())]
}

/// A random movement component.
fn component(rng: &mut Rng, ranks: usize) -> MovementComponent {
    let (dx, dy) = loop {
        let v = (rng.below(4) as i8 - 1, rng.below(5) as i8 - 2);
        if v != (0, 0) {
            break v;
        }
    };
    let mut c = match rng.below(6) {
        0 => MovementComponent::leap(dx, dy),
        1 => MovementComponent::ride(dx, dy),
        2 => MovementComponent::ride(dx, dy).max_range(1 + rng.below(3) as u8),
        3 => MovementComponent::steps(&[(dx, dy)]),
        4 => MovementComponent::steps(&[(dx, dy), (-dx, dy)]).max_range(rng.below(3) as u8),
        _ => MovementComponent::steps(&[(0, 1)]).double_step(),
    };
    if !c.double_step {
        match rng.below(4) {
            0 => c = c.move_only(),
            1 => {
                c = c.capture_only();
                if rng.below(2) == 0 {
                    c = c.en_passant();
                }
            }
            _ => {}
        }
    } else {
        c = c.max_range(2);
    }
    if rng.below(5) == 0 {
        c = c.from_rank(rng.below(ranks.min(4)) as u8);
    }
    if rng.below(5) == 0 {
        let lo = rng.below(ranks) as u8;
        c = c.region(lo, lo + rng.below(ranks) as u8);
    }
    c
}

/// A random variant: a king (kind 0) and up to five other kinds.
fn rules(rng: &mut Rng) -> Rules {
    let (files, ranks) = pick(
        rng,
        &[
            (8, 8),
            (5, 6),
            (4, 4),
            (8, 7),
            (10, 10),
            (12, 10),
            (11, 11),
            (9, 8),
        ],
    );
    let mut king = vec![MovementComponent::leap(1, 0), MovementComponent::leap(1, 1)];
    if rng.below(3) == 0 {
        // A royal piece with more than plain steps (a ride, a move-only or capture-only part).
        king.push(component(rng, ranks));
    }
    let mut pieces = vec![PieceKind::new('K', "king", king).royal()];
    for (i, letter) in ['A', 'B', 'C', 'D', 'E'].iter().enumerate() {
        if i > 0 && rng.below(3) == 0 {
            continue;
        }
        let comps = (0..1 + rng.below(3))
            .map(|_| component(rng, ranks))
            .collect();
        let mut kind = PieceKind::new(*letter, "piece", comps);
        if rng.below(3) == 0 {
            kind = kind.pawn_like();
        }
        pieces.push(kind);
    }
    let kinds = pieces.len() as u8;
    let promotion_kinds = (1..kinds).filter(|_| rng.below(2) == 0).collect();
    let castling = if rng.below(2) == 0 && files >= 6 {
        let rook = 1 + rng.below(kinds as usize - 1) as u8;
        Color::BOTH
            .iter()
            .map(|&color| {
                let r = if color == Color::White {
                    0
                } else {
                    ranks as u8 - 1
                };
                CastlingRule {
                    color,
                    king_from: Square::new(3, r),
                    king_to: Square::new(files as u8 - 2, r),
                    rook_from: Square::new(files as u8 - 1, r),
                    rook_to: Square::new(files as u8 - 3, r),
                    rook_kind: rook,
                    king_kind: None,
                    king_side: true,
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    Rules::new(RulesConfig {
        files,
        ranks,
        pieces,
        castling,
        promotion_kinds,
        king_safety: rng.below(4) != 0,
        options: chessrules::core::rules::RuleOptions::default(),
        drop_start: Vec::new(),
        walling_region: Vec::new(),
    })
    .expect("random rules are valid")
}

/// A random position: kings (usually one each), other pieces, walls, an en passant square.
fn position(rng: &mut Rng, rules: Rules) -> Position {
    let rules = Arc::new(rules);
    let shape = rules.shape.clone();
    let kinds = rules.pieces.len() as u8;
    let squares: Vec<_> = shape.squares().collect();
    let mut pos = Position::empty(rules.clone());
    for color in Color::BOTH {
        for _ in 0..pick(rng, &[1, 1, 1, 1, 0, 2]) {
            pos.put(pick(rng, &squares), Piece::new(color, 0));
        }
    }
    for &sq in &squares {
        if pos.piece_at(sq).is_none() && rng.below(4) == 0 {
            let color = Color::from_index(rng.below(2));
            pos.put(
                sq,
                Piece::new(color, 1 + rng.below(kinds as usize - 1) as u8),
            );
        }
    }
    if rng.below(3) == 0 {
        for &sq in &squares {
            if rng.below(6) == 0 {
                pos.set_wall_mask(sq, rng.next_u64() as u8);
            }
        }
    }
    pos.set_side_to_move(Color::from_index(rng.below(2)));
    if rng.below(2) == 0 {
        pos.set_castling_rights(rng.next_u64() as u8 & 3);
    }
    if rng.below(2) == 0 {
        // Usually an empty square, as play leaves it; sometimes any square, as a set-up board
        // may name (the obstacle board format accepts an occupied one).
        let any = rng.below(4) == 0;
        let candidates: Vec<_> = squares
            .iter()
            .copied()
            .filter(|&s| any || pos.piece_at(s).is_none())
            .collect();
        if !candidates.is_empty() {
            pos.set_en_passant(Some(pick(rng, &candidates)));
        }
    }
    pos
}

/// Legal moves by the obvious definition: pseudo-legal moves after which no royal piece of
/// the mover's is attacked (where the rules ask for it).
fn legal_by_make_and_test(pos: &mut Position) -> Vec<Move> {
    let mut pseudo = Vec::new();
    pos.pseudo_legal_moves(&mut pseudo);
    if !pos.rules().king_safety {
        return pseudo;
    }
    let us = pos.side_to_move();
    pseudo
        .into_iter()
        .filter(|&m| {
            let undo = pos.make(m);
            let safe = !pos.in_check(us);
            pos.unmake(m, undo);
            safe
        })
        .collect()
}

fn sorted(mut moves: Vec<Move>) -> Vec<String> {
    let mut out: Vec<String> = moves.drain(..).map(|m| format!("{m:?}")).collect();
    out.sort();
    out
}

fn compare(seed: u64) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seed);
    let rules = rules(&mut rng);
    let mut bits = position(&mut rng, rules).on_backend(Backend::Bitboard);
    let mut mail = bits.on_backend(Backend::Mailbox);
    prop_assert_eq!(bits.rules().backend(), Backend::Bitboard);
    prop_assert_eq!(mail.rules().backend(), Backend::Mailbox);
    let diagram = mail.diagram();
    for _ in 0..4 {
        let (mut pb, mut pm) = (Vec::new(), Vec::new());
        bits.pseudo_legal_moves(&mut pb);
        mail.pseudo_legal_moves(&mut pm);
        prop_assert_eq!(
            sorted(pb),
            sorted(pm),
            "pseudo-legal, seed {}\n{}",
            seed,
            diagram
        );
        // A move two lines of one piece reach is still one move (issue 35).
        let (mut pb, mut pm) = (Vec::new(), Vec::new());
        bits.pseudo_legal_moves(&mut pb);
        mail.pseudo_legal_moves(&mut pm);
        for list in [sorted(pb), sorted(pm)] {
            let twice = list.windows(2).find(|w| w[0] == w[1]);
            prop_assert!(
                twice.is_none(),
                "{:?} listed twice, seed {}\n{}",
                twice,
                seed,
                diagram
            );
        }
        let lb = bits.legal_move_list();
        let lm = mail.legal_move_list();
        prop_assert_eq!(
            sorted(lb.clone()),
            sorted(lm),
            "legal, seed {}\n{}",
            seed,
            diagram
        );
        prop_assert_eq!(bits.legal_move_count(), lb.len(), "count, seed {}", seed);
        prop_assert_eq!(
            (bits.has_legal_move(), mail.has_legal_move()),
            (!lb.is_empty(), !lb.is_empty()),
            "any legal move, seed {}\n{}",
            seed,
            diagram
        );
        prop_assert_eq!(
            mail.legal_move_count(),
            lb.len(),
            "mailbox count, seed {}",
            seed
        );
        for sq in bits.rules().shape.squares().collect::<Vec<_>>() {
            for by in Color::BOTH {
                prop_assert_eq!(
                    bits.is_attacked(sq, by),
                    mail.is_attacked(sq, by),
                    "attack on {} by {:?}, seed {}\n{}",
                    bits.rules().shape.name(sq),
                    by,
                    seed,
                    diagram
                );
            }
        }
        for color in Color::BOTH {
            prop_assert_eq!(bits.in_check(color), mail.in_check(color));
        }
        // One piece's moves to one square (what SAN resolution asks, with its own path).
        let squares: Vec<_> = bits.rules().shape.squares().collect();
        for &from in squares.iter().filter(|&&s| mail.piece_at(s).is_some()) {
            for &to in &squares {
                let (mut tb, mut tm) = (Vec::new(), Vec::new());
                bits.piece_moves_to(from, to, &mut tb);
                mail.piece_moves_to(from, to, &mut tm);
                prop_assert_eq!(
                    sorted(tb),
                    sorted(tm),
                    "moves {} to {}, seed {}\n{}",
                    bits.rules().shape.name(from),
                    bits.rules().shape.name(to),
                    seed,
                    diagram
                );
            }
        }
        // A kind's moves to one square (SAN's question: on bitboards, one lookup for a kind
        // that moves alike both ways), all of them and from one file only.
        let kinds = bits.rules().pieces.len() as u8;
        for color in Color::BOTH {
            for kind in 0..kinds {
                for &to in &squares {
                    for file in [None, Some(rng.below(bits.rules().shape.files() as usize))] {
                        let shape = bits.rules().shape.clone();
                        let from_ok = |from| file.is_none_or(|f| shape.file_of(from) as usize == f);
                        let (mut tb, mut tm) = (Vec::new(), Vec::new());
                        bits.moves_of_kind_to(color, kind, to, from_ok, &mut tb);
                        mail.moves_of_kind_to(color, kind, to, from_ok, &mut tm);
                        prop_assert_eq!(
                            sorted(tb),
                            sorted(tm.clone()),
                            "{:?} kind {} to {}, seed {}\n{}",
                            color,
                            kind,
                            bits.rules().shape.name(to),
                            seed,
                            diagram
                        );
                        if color != bits.side_to_move() {
                            continue;
                        }
                        // A move text's candidates: the same, but an en passant capture that
                        // exposes the royal piece may already be left out.
                        let mut tc = Vec::new();
                        let file = file.map(|f| f as u8);
                        bits.candidates_of_kind_to(kind, to, (file, None), &mut tc);
                        // From one rank, and from one square (the other filters a text gives).
                        let from = pick(&mut rng, &squares);
                        let (from_file, from_rank) = (shape.file_of(from), shape.rank_of(from));
                        for (f, r) in [(None, Some(from_rank)), (Some(from_file), Some(from_rank))]
                        {
                            let (mut tr, mut want) = (Vec::new(), Vec::new());
                            bits.candidates_of_kind_to(kind, to, (f, r), &mut tr);
                            let on = |m: &Move| {
                                f.is_none_or(|f| shape.file_of(m.from) == f)
                                    && r.is_none_or(|r| shape.rank_of(m.from) == r)
                            };
                            let mut all = Vec::new();
                            mail.moves_of_kind_to(color, kind, to, |_| true, &mut all);
                            for m in all.into_iter().filter(on) {
                                if m.flag != MoveFlag::EnPassant || mail.keeps_royal_safe(m) {
                                    want.push(m);
                                }
                            }
                            tr.retain(|m| {
                                m.flag != MoveFlag::EnPassant || mail.keeps_royal_safe(*m)
                            });
                            prop_assert_eq!(
                                sorted(tr),
                                sorted(want),
                                "candidates from {:?}/{:?}, kind {} to {}, seed {}\n{}",
                                f,
                                r,
                                kind,
                                shape.name(to),
                                seed,
                                diagram
                            );
                        }
                        let ep_safe = |m: &Move, pos: &mut Position| {
                            m.flag != MoveFlag::EnPassant || pos.keeps_royal_safe(*m)
                        };
                        let (mut kept_c, mut kept_m) = (Vec::new(), Vec::new());
                        for m in &tc {
                            if ep_safe(m, &mut mail) {
                                kept_c.push(*m);
                            }
                        }
                        for m in &tm {
                            if ep_safe(m, &mut mail) {
                                kept_m.push(*m);
                            }
                        }
                        prop_assert_eq!(
                            sorted(kept_c),
                            sorted(kept_m),
                            "candidates {:?} kind {} to {}, seed {}\n{}",
                            color,
                            kind,
                            bits.rules().shape.name(to),
                            seed,
                            diagram
                        );
                    }
                }
            }
        }
        for &m in &lb {
            // `gives_check` answers plain moves without making them: against making them.
            let them = mail.side_to_move().other();
            let checks = (bits.gives_check(m), mail.gives_check(m));
            let (ub, um) = (bits.make(m), mail.make(m));
            let after = mail.diagram();
            prop_assert_eq!(
                checks,
                (mail.in_check(them), mail.in_check(them)),
                "gives check {:?}, seed {}\n{}",
                m,
                seed,
                diagram
            );
            let lists = (
                sorted(bits.legal_move_list()),
                sorted(mail.legal_move_list()),
            );
            prop_assert_eq!(
                &lists.0,
                &lists.1,
                "legal after {:?}, seed {}\n{}",
                m,
                seed,
                after
            );
            prop_assert_eq!(
                &lists.1,
                &sorted(legal_by_make_and_test(&mut mail)),
                "mailbox list against make-and-test after {:?}, seed {}\n{}",
                m,
                seed,
                after
            );
            let counts = (bits.legal_move_count(), mail.legal_move_count());
            prop_assert_eq!(
                (bits.has_legal_move(), mail.has_legal_move()),
                (!lists.0.is_empty(), !lists.0.is_empty()),
                "any legal move after {:?}, seed {}\n{}",
                m,
                seed,
                after
            );
            prop_assert_eq!(
                (counts.0, counts.1),
                (lists.0.len(), lists.0.len()),
                "counts after {:?}, seed {}\n{}{}\n{:?}",
                m,
                seed,
                after,
                lists.0.join("\n"),
                mail.rules().pieces
            );
            bits.unmake(m, ub);
            mail.unmake(m, um);
        }
        for bulk in [true, false] {
            prop_assert_eq!(
                Perft::new(bulk).count(&mut bits, 2),
                Perft::new(bulk).count(&mut mail, 2),
                "perft 2 (bulk {}), seed {}\n{}",
                bulk,
                seed,
                diagram
            );
        }
        if lb.is_empty() {
            break;
        }
        let m = lb[rng.below(lb.len())];
        bits.make(m);
        mail.make(m);
        prop_assert_eq!(bits.key(), mail.key());
    }
    Ok(())
}

/// What a position is, as its users see it: its diagram, side, rights, clocks, key, walls, its
/// legal moves and a two-ply perft, and the rules it is on.
fn seen(pos: &mut Position) -> (String, String, Vec<String>, u64, *const Rules) {
    let walls: Vec<u8> = pos
        .rules()
        .shape
        .clone()
        .squares()
        .map(|sq| pos.wall_mask(sq))
        .collect();
    let state = format!(
        "{:?} {} {:?} {} {} {:x} {walls:?}",
        pos.side_to_move(),
        pos.castling_rights(),
        pos.en_passant(),
        pos.halfmove_clock(),
        pos.fullmove_number(),
        pos.key()
    );
    let moves = sorted(pos.legal_move_list());
    let perft = Perft::new(true).count(pos, 2);
    (pos.diagram(), state, moves, perft, Arc::as_ptr(pos.rules()))
}

/// `clone_from` (which copies into the buffers a position has, for a replay's next game) makes
/// the same position as `clone`, whatever the two positions' rules, backends and walls were.
fn clone_from_is_clone(seeds: (u64, u64)) -> Result<(), TestCaseError> {
    let mut rng = Rng::new(seeds.0);
    let backend = pick(&mut rng, &[Backend::Bitboard, Backend::Mailbox]);
    let made = rules(&mut rng);
    let into = position(&mut rng, made).on_backend(backend);
    let mut rng = Rng::new(seeds.1);
    let backend = pick(&mut rng, &[Backend::Bitboard, Backend::Mailbox]);
    let made = rules(&mut rng);
    let mut from = position(&mut rng, made).on_backend(backend);
    let mut copied = into.clone();
    copied.clone_from(&from);
    prop_assert_eq!(seen(&mut copied), seen(&mut from), "seeds {:?}", seeds);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn backends_agree_on_random_variants(seed in any::<u64>()) {
        compare(seed)?;
    }

    #[test]
    fn clone_from_copies_any_position_into_any_other(seeds in any::<(u64, u64)>()) {
        clone_from_is_clone(seeds)?;
    }
}

/// The standard tables run on the bitboard backend by default; the mailbox stays available.
#[test]
fn boards_that_fit_choose_bitboards() {
    let standard = chessrules::variants::standard::start();
    assert_eq!(standard.rules().backend(), Backend::Bitboard);
    let big = Rules::new(RulesConfig {
        files: 12,
        ranks: 11,
        pieces: vec![PieceKind::new('K', "king", vec![MovementComponent::leap(1, 1)]).royal()],
        castling: Vec::new(),
        promotion_kinds: Vec::new(),
        king_safety: true,
        options: chessrules::core::rules::RuleOptions::default(),
        drop_start: Vec::new(),
        walling_region: Vec::new(),
    })
    .unwrap();
    assert_eq!(big.backend(), Backend::Mailbox, "132 squares do not fit");
    assert_eq!(
        big.on_backend(Backend::Bitboard).backend(),
        Backend::Mailbox
    );
}

/// A case the random variants found (fresh-clone CI, 2026-11-28): a piece pinned along an
/// unlimited knightrider's line, where the same side's knightrider of range 2 runs along it
/// too. The bitboard walk took the shorter ray as the pin line and left out the capture of
/// the pinner.
#[test]
fn a_pinned_piece_may_capture_a_pinner_beyond_a_shorter_rides_reach() {
    compare(3401586893458877443).expect("the backends agree");
}

/// Fairy chess has rides of different reach along one line: the Flying Dragon's (range 2)
/// beside the Bishop's on the diagonals, the Elephant's (its own half) beside the Rook's on
/// the files. A piece pinned to its King by a piece beyond the shorter one's reach moves
/// along the whole pin line, the pinner's capture included, for either side.
#[test]
fn a_fairy_piece_pinned_beyond_a_shorter_rides_reach_moves_along_its_whole_line() {
    use chessrules::variants::fairy::rules::{self as fairy, BISHOP, DRAGON, ELEPHANT, KING, ROOK};
    let rules = fairy::rules(&[1; 11]);
    let shape = rules.shape.clone();
    let sq = |f: u8, r: u8| shape.sq(Square::new(f, r));
    // (the line's step, the kind pinned and pinning)
    for (step, kind) in [((1u8, 1u8), BISHOP), ((0, 1), ROOK)] {
        for (pinned, pinner) in [(1u8, 3u8), (1, 5), (2, 4), (2, 7), (3, 8)] {
            for us in Color::BOTH {
                // Seen from `us`'s side: White's king on a1, Black's on j10, the line
                // towards the other corner.
                let at = |k: u8| match us {
                    Color::White => sq(step.0 * k, step.1 * k),
                    Color::Black => sq(9 - step.0 * k, 9 - step.1 * k),
                };
                let mut pos = Position::empty(rules.clone());
                pos.put(at(0), Piece::new(us, KING));
                pos.put(at(pinned), Piece::new(us, kind));
                pos.put(at(pinner), Piece::new(us.other(), kind));
                // The other side's King, Dragon and Elephant (in its own half) off both
                // lines and attacking neither King.
                pos.put(sq(4, 5), Piece::new(us.other(), KING));
                pos.put(sq(5, 0), Piece::new(us.other(), DRAGON));
                let elephant_rank = if us == Color::White { 7 } else { 2 };
                pos.put(sq(6, elephant_rank), Piece::new(us.other(), ELEPHANT));
                pos.set_side_to_move(us);
                let mut bits = pos.on_backend(Backend::Bitboard);
                let mut mail = pos.on_backend(Backend::Mailbox);
                assert_eq!(bits.rules().backend(), Backend::Bitboard);
                let listed = bits.legal_move_list();
                assert_eq!(
                    sorted(listed.clone()),
                    sorted(mail.legal_move_list()),
                    "{}",
                    pos.diagram()
                );
                let capture = Move::new(at(pinned), at(pinner));
                assert!(
                    listed.contains(&capture),
                    "the pinner's capture, {}",
                    pos.diagram()
                );
            }
        }
    }
}
