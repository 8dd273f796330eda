//! The orthodox shapes found in a set of rules' compiled tables, and the count built from them.

use std::cell::Cell;

use super::{OrthodoxCount, Pair, PawnShape, PerSquare, Side};
use crate::core::bitboard::bits::Ones;
use crate::core::bitboard::lookup::{RideLookup, RULES_BUDGET};
use crate::core::bitboard::tables::{BitTables, KindBits, Reach};
use crate::core::piece::{MoveMode, Piece, EMPTY};
use crate::core::rules::Rules;

/// What one kind is, by shape.
enum Shape {
    Pawn(PawnShape),
    Leaper(PerSquare),
    Rider { diagonal: bool, orthogonal: bool },
}

/// Does every step of `table` go both ways (so the squares a leaper is reached from are
/// the squares it reaches)?
fn symmetric(table: &[u64; 64]) -> bool {
    (0..64).all(|from| Ones(table[from]).all(|to| table[to as usize] >> from & 1 == 1))
}

const DIAGONALS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const ORTHOGONALS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// The shape of one kind of one colour, or `None` where it has none of them. Rides must be
/// unlimited on this board (`longest`: its longer side), and the promoting kind is the pawn.
fn shape_of(
    kb: &KindBits<u64>,
    code: u8,
    promotion: u64,
    squares: usize,
    longest: u8,
) -> Option<Shape> {
    if kb.comps.iter().any(|c| c.region.is_some()) {
        return None;
    }
    if kb.all_plain && !kb.promotes {
        if kb
            .comps
            .iter()
            .any(|c| c.from_rank.is_some() || c.mode != MoveMode::Both)
        {
            return None;
        }
        let reaches: Vec<&Reach<u64>> = kb.comps.iter().flat_map(|c| &c.reaches).collect();
        if kb.comps.iter().all(|c| c.leap) {
            // A leaper reaches the squares of its empty-board reach, whatever the position.
            let mut table = Box::new([0u64; 64]);
            table[..squares].copy_from_slice(&kb.anywhere[..squares]);
            return symmetric(&table).then_some(Shape::Leaper(table));
        }
        // Riders: unit vectors, as far as the board goes, whole line families.
        if kb.comps.iter().any(|c| c.leap || c.range < longest - 1) {
            return None;
        }
        let steps: Vec<(i8, i8)> = reaches.iter().map(|r| r.step).collect();
        let family = |f: &[(i8, i8); 4]| f.iter().filter(|s| steps.contains(s)).count();
        let (d, o) = (family(&DIAGONALS), family(&ORTHOGONALS));
        let whole = |n: usize| n == 0 || n == 4;
        if steps.len() != d + o || !whole(d) || !whole(o) {
            return None;
        }
        return Some(Shape::Rider {
            diagonal: d == 4,
            orthogonal: o == 4,
        });
    }
    pawn_shape(kb, code, promotion, squares).map(Shape::Pawn)
}

/// The pawn's shape: exactly one forward step that only moves, at most one double step
/// along it, and one capture-only component of the two diagonal steps forward.
fn pawn_shape(kb: &KindBits<u64>, code: u8, promotion: u64, squares: usize) -> Option<PawnShape> {
    let (mut push, mut double, mut captures) = (None, None, None);
    for c in &kb.comps {
        match (c.mode, c.leap, c.double_step, c.reaches.as_slice()) {
            (MoveMode::MoveOnly, true, false, [r])
                if r.step.0 == 0 && c.from_rank.is_none() && push.is_none() =>
            {
                push = Some(r);
            }
            (MoveMode::MoveOnly, false, true, [r]) if r.step.0 == 0 => {
                // Double steps from several places (wolf chess's second rank and four squares
                // of its third) are one double step from all of them, if alike otherwise.
                double = match double {
                    None => Some((r, c.origins, c.range, c.double_flag)),
                    Some((d, origins, range, flag))
                        if d.step == r.step && range == c.range && flag == c.double_flag =>
                    {
                        Some((d, origins | c.origins, range, flag))
                    }
                    Some(_) => return None,
                };
            }
            (MoveMode::CaptureOnly, true, false, [a, b])
                if a.step.0 == -b.step.0
                    && a.step.1 == b.step.1
                    && a.step.0.abs() == 1
                    && c.from_rank.is_none()
                    && captures.is_none() =>
            {
                captures = Some((a, b, c.en_passant));
            }
            _ => return None,
        }
    }
    let (push, (a, b, en_passant)) = (push?, captures?);
    if a.step.1 != push.step.1 || push.step.1.abs() != 1 {
        return None;
    }
    if double.is_some_and(|(r, ..)| r.step != push.step) {
        return None;
    }
    let mut attackers_of = Box::new([0u64; 64]);
    for from in 0..squares {
        for to in Ones(a.squares[from] | b.squares[from]) {
            attackers_of[to as usize] |= 1 << from;
        }
    }
    Some(PawnShape {
        code,
        push: (push.shift, push.sources),
        double: double.map(|(_, origins, range, flag)| (origins, range, flag)),
        captures: [(a.shift, a.sources), (b.shift, b.sources)],
        attackers_of,
        en_passant,
        promotion: if kb.promotes { promotion } else { 0 },
    })
}

/// Adds `code` to a pair, or fails where it holds two already.
fn add(pair: &mut Pair, code: u8) -> Option<()> {
    let slot = pair.iter_mut().find(|c| **c == EMPTY)?;
    *slot = code;
    Some(())
}

impl OrthodoxCount {
    /// The count for `rules` (whose narrow tables are `tables`), or `None` where a kind is in
    /// none of the shapes, or the rules ask what the count does not answer: special motions,
    /// regions, lines that meet, kinds that repeat, no king safety, more than one royal kind,
    /// castlings the masks do not judge, or more than two kinds of one shape and colour.
    pub(crate) fn build(rules: &Rules, tables: &BitTables<u64>) -> Option<OrthodoxCount> {
        let squares = tables.rank.len();
        if squares > 64
            || rules.special
            || rules.parallel_lines
            || rules.attack_regions
            || !rules.king_safety
            || rules.repeating != [0, 0]
            || rules.royal_kinds.count_ones() != 1
            || (!rules.castling.is_empty() && tables.castles.is_none())
        {
            return None;
        }
        let longest = rules.shape.files().max(rules.shape.ranks());
        let mut rays: Vec<&Reach<u64>> = Vec::new();
        let mut side = |c: usize| -> Option<Side> {
            let mut s = Side {
                pawn: None,
                leapers: Vec::new(),
                diagonal: [EMPTY; 2],
                orthogonal: [EMPTY; 2],
                royal: EMPTY,
                royal_steps: Box::new([0; 64]),
            };
            for (kind, kb) in tables.kinds[c].iter().enumerate() {
                let code =
                    Piece::new(crate::core::geometry::Color::from_index(c), kind as u8).code();
                let shape = shape_of(kb, code, tables.promotion[c], squares, longest)?;
                if rules.is_royal(kind as u8) {
                    let Shape::Leaper(steps) = shape else {
                        return None;
                    };
                    s.royal = code;
                    s.royal_steps = steps;
                    continue;
                }
                match shape {
                    Shape::Pawn(p) if s.pawn.is_none() => s.pawn = Some(p),
                    Shape::Pawn(_) => return None,
                    Shape::Leaper(table) => match s.leapers.iter_mut().find(|(t, _)| *t == table) {
                        Some((_, pair)) => add(pair, code)?,
                        None => s.leapers.push((table, [code, EMPTY])),
                    },
                    Shape::Rider {
                        diagonal,
                        orthogonal,
                    } => {
                        if diagonal {
                            add(&mut s.diagonal, code)?;
                        }
                        if orthogonal {
                            add(&mut s.orthogonal, code)?;
                        }
                        rays.extend(kb.comps.iter().flat_map(|c| &c.reaches));
                    }
                }
            }
            (s.royal != EMPTY).then_some(s)
        };
        let sides = [side(0)?, side(1)?];
        let budget = Cell::new(RULES_BUDGET);
        let family = |f: &[(i8, i8); 4]| -> Option<RideLookup> {
            let mut chosen: Vec<&Reach<u64>> = Vec::new();
            for step in f {
                chosen.push(*rays.iter().find(|r| r.step == *step)?);
            }
            RideLookup::build(&chosen, &budget)
        };
        Some(OrthodoxCount {
            sides,
            diagonal: family(&DIAGONALS)?,
            orthogonal: family(&ORTHOGONALS)?,
            extra_promotions: rules.promotion_kinds.len().saturating_sub(1),
            bit_instructions: bit_instructions(),
        })
    }
}

/// Has the processor the instructions `walk_with_bit_instructions` is compiled with?
fn bit_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}
