//! Counting the legal moves of piece sets in the orthodox shapes, in one pass written for
//! those shapes.
//!
//! `legal_walk` counts any piece set without walls: per kind it reads the kind's tables,
//! asks which of its components are plain, merged or double steps, and builds the enemy's
//! danger map set by set. Where every kind is in one of the shapes the orthodox pieces have
//! (a rider along all four orthogonal lines, all four diagonals or all eight, unlimited; a
//! leaper whose steps go both ways; a pawn that steps forward, may step twice from its
//! origins and captures one step diagonally forward), the same count needs none of those
//! questions: the pieces of a colour fall into five sets (pawns, leapers, diagonal riders,
//! orthogonal riders, the royal piece), the riders are looked up by line family, and checks
//! and pins are found from the royal piece's square by four lookups. That was about half of
//! a perft's instructions at its last ply (Kiwipete: 1,545 instructions a count).
//!
//! The shapes are the pieces' movement, found in the compiled tables, not a variant's name:
//! any rules whose kinds have them take this count (FIDE chess, Chess960, king of the hill,
//! a variant file's army of such pieces), and the rest keep `legal_walk`. It answers as
//! `legal_walk` does; `tests` compares the two along random games of every shipped variant.

use std::cell::Cell;

use crate::core::bitboard::bits::{Bits, Ones};
use crate::core::bitboard::legal::{Count, LegalSink, List, DANGER_STEPS};
use crate::core::bitboard::lookup::{RideLookup, RULES_BUDGET};
use crate::core::bitboard::tables::{BitTables, KindBits, Reach};
use crate::core::moves::{Move, MoveFlag};
use crate::core::piece::{MoveMode, Piece, EMPTY};
use crate::core::position::{Position, NO_SQ};
use crate::core::rules::Rules;

/// The codes of up to two kinds, padded with `EMPTY` (whose word no piece sets): a set's
/// pieces in two loads.
type Pair = [u8; 2];

/// A table per square (64 at most).
type PerSquare = Box<[u64; 64]>;

/// A pawn's moves as shifts of all pawns at once.
struct PawnShape {
    /// Its code.
    code: u8,
    /// The single step: the shift, and the squares it may start from.
    push: (i32, u64),
    /// The double step, if it has one: the squares it starts from, its steps, and the flag
    /// its moves carry.
    double: Option<(u64, u8, MoveFlag)>,
    /// The captures: per vector, the shift and the squares it may start from.
    captures: [(i32, u64); 2],
    /// Per square: the squares from which a pawn of this colour attacks it.
    attackers_of: PerSquare,
    /// It captures en passant.
    en_passant: bool,
    /// Where it promotes (none if it does not).
    promotion: u64,
}

/// One colour's pieces, by shape.
struct Side {
    pawn: Option<PawnShape>,
    /// Leapers: per square the squares they reach (the same as those they are reached
    /// from, their steps going both ways), and the codes that leap so.
    leapers: Vec<(PerSquare, Pair)>,
    /// Riders along the diagonals, and along the ranks and files (a queen is in both).
    diagonal: Pair,
    orthogonal: Pair,
    /// The royal piece: its code and its steps.
    royal: u8,
    royal_steps: PerSquare,
}

/// Both colours' pieces by shape, with the two line families' lookups.
pub(crate) struct OrthodoxCount {
    sides: [Side; 2],
    diagonal: RideLookup,
    orthogonal: RideLookup,
    /// Promotion kinds beyond the first: a promoting move counts once plus this.
    extra_promotions: usize,
    /// The processor has `popcnt`, `bmi1` and `bmi2` (see `walk_with_bit_instructions`).
    bit_instructions: bool,
}

impl std::fmt::Debug for OrthodoxCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("OrthodoxCount")
    }
}

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
            (MoveMode::MoveOnly, false, true, [r]) if r.step.0 == 0 && double.is_none() => {
                double = Some((r, c.origins, c.range, c.double_flag));
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

/// The pieces of a pair's codes.
#[inline(always)]
fn pieces(pos: &Position, pair: Pair) -> u64 {
    pos.code_bits::<u64>(pair[0]) | pos.code_bits::<u64>(pair[1])
}

impl OrthodoxCount {
    /// The squares strictly between bits `a` and `b`, which lie on one line of `family`.
    #[inline(always)]
    fn between(family: &RideLookup, a: u32, b: u32) -> u64 {
        family.reach::<u64>(a as usize, 1 << b) & family.reach::<u64>(b as usize, 1 << a)
    }

    /// Every square `by`'s pieces attack with `occupied` as the board.
    #[inline(always)]
    fn danger(&self, pos: &Position, by: usize, occupied: u64) -> u64 {
        let side = &self.sides[by];
        let mut danger = 0;
        if let Some(p) = &side.pawn {
            let pawns = pos.code_bits::<u64>(p.code);
            for (shift, sources) in p.captures {
                danger |= (pawns & sources).shifted(shift);
            }
        }
        for (table, pair) in &side.leapers {
            for from in Ones(pieces(pos, *pair)) {
                danger |= table[from as usize & 63];
            }
        }
        for from in Ones(pos.code_bits::<u64>(side.royal)) {
            danger |= side.royal_steps[from as usize & 63];
        }
        for from in Ones(pieces(pos, side.diagonal)) {
            danger |= self.diagonal.reach::<u64>(from as usize, occupied);
        }
        for from in Ones(pieces(pos, side.orthogonal)) {
            danger |= self.orthogonal.reach::<u64>(from as usize, occupied);
        }
        danger
    }

    /// Is bit `target` attacked by `by`'s pieces, with `occupied` as the board?
    #[inline(always)]
    fn attacked(&self, pos: &Position, target: u32, by: usize, occupied: u64) -> bool {
        let side = &self.sides[by];
        let t = target as usize & 63;
        let mut hit = side.royal_steps[t] & pos.code_bits::<u64>(side.royal);
        if let Some(p) = &side.pawn {
            hit |= p.attackers_of[t] & pos.code_bits::<u64>(p.code);
        }
        for (table, pair) in &side.leapers {
            hit |= table[t] & pieces(pos, *pair);
        }
        hit != 0
            || self.diagonal.reach::<u64>(t, occupied) & pieces(pos, side.diagonal) != 0
            || self.orthogonal.reach::<u64>(t, occupied) & pieces(pos, side.orthogonal) != 0
    }

    /// The legal moves on the board (drops are counted apart) of the side to move, which
    /// has one royal piece, on a board without walls: `legal_walk`'s count.
    #[inline]
    pub(crate) fn count(&self, tables: &BitTables<u64>, pos: &mut Position) -> usize {
        let mut scratch = Vec::new();
        let mut count = Count {
            n: 0,
            extra_promotions: self.extra_promotions,
            scratch: &mut scratch,
        };
        self.walk(tables, pos, &mut count);
        count.n
    }

    /// Appends the legal moves on the board of the side to move (as for `count`), in the
    /// order this pass finds them, not `legal_walk`'s (which the computer players' choices
    /// between equal moves follow): for perft, which only makes them.
    pub(crate) fn list(&self, tables: &BitTables<u64>, pos: &mut Position, out: &mut Vec<Move>) {
        self.walk(tables, pos, &mut List { out });
    }

    #[inline(always)]
    fn walk<S: LegalSink<u64>>(&self, tables: &BitTables<u64>, pos: &mut Position, sink: &mut S) {
        #[cfg(target_arch = "x86_64")]
        if self.bit_instructions {
            // SAFETY: `build` found the instructions on this processor.
            return unsafe { self.walk_with_bit_instructions(tables, pos, sink) };
        }
        self.walk_body(tables, pos, sink)
    }

    /// `walk` compiled with the population count and BMI instructions, which baseline
    /// x86-64 lacks (a count without them is a dozen instructions, and a count makes about
    /// twenty a position). The lookups need BMI2 anyway, so every processor that builds
    /// them has these.
    ///
    /// # Safety
    /// The processor has `popcnt`, `bmi1` and `bmi2`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    unsafe fn walk_with_bit_instructions<S: LegalSink<u64>>(
        &self,
        tables: &BitTables<u64>,
        pos: &mut Position,
        sink: &mut S,
    ) {
        self.walk_body(tables, pos, sink)
    }

    #[inline(always)]
    fn walk_body<S: LegalSink<u64>>(
        &self,
        tables: &BitTables<u64>,
        pos: &mut Position,
        sink: &mut S,
    ) {
        let us = pos.side.index();
        let them = us ^ 1;
        let (me, foe) = (&self.sides[us], &self.sides[them]);
        let own = pos.side_bits::<u64>(us);
        let enemy = pos.side_bits::<u64>(them);
        let occupied = own | enemy;
        let king = u32::from(pos.rules.bit_of[pos.royal[us] as usize]) & 63;
        let king_bit = 1u64 << king;
        let their_diagonal = pieces(pos, foe.diagonal);
        let their_orthogonal = pieces(pos, foe.orthogonal);

        // Checks: what attacks the royal piece's square.
        let diagonal_seen = self.diagonal.reach::<u64>(king as usize, occupied);
        let orthogonal_seen = self.orthogonal.reach::<u64>(king as usize, occupied);
        let mut checkers = foe.royal_steps[king as usize] & pos.code_bits::<u64>(foe.royal)
            | diagonal_seen & their_diagonal
            | orthogonal_seen & their_orthogonal;
        if let Some(p) = &foe.pawn {
            checkers |= p.attackers_of[king as usize] & pos.code_bits::<u64>(p.code);
        }
        for (table, pair) in &foe.leapers {
            checkers |= table[king as usize] & pieces(pos, *pair);
        }
        let checks = checkers.count_ones();
        if checks < 2 {
            let answers = if checks == 0 {
                !0
            } else {
                // A rider's check is answered on its line too; a leaper's (even one whose
                // step lies along a line) only by taking it.
                let at = checkers.trailing_zeros();
                let line = if diagonal_seen & checkers & their_diagonal != 0 {
                    Self::between(&self.diagonal, king, at)
                } else if orthogonal_seen & checkers & their_orthogonal != 0 {
                    Self::between(&self.orthogonal, king, at)
                } else {
                    0
                };
                checkers | line
            };
            let targets = !own & answers;
            // Pins: an enemy rider that sees the royal piece through exactly one of ours.
            let mut pinned = 0;
            for (family, riders) in [
                (&self.diagonal, their_diagonal),
                (&self.orthogonal, their_orthogonal),
            ] {
                for pinner in Ones(family.reach::<u64>(king as usize, enemy) & riders) {
                    let line = Self::between(family, king, pinner);
                    let shield = line & own;
                    if shield.count_ones() != 1 {
                        continue;
                    }
                    pinned |= shield;
                    // In check, a pinned piece has no move: its line meets the check's only at
                    // the royal piece (lines that meet elsewhere, `parallel_lines`, are refused).
                    if checks == 0 {
                        self.pinned_moves(pos, shield, line | 1 << pinner, sink);
                    }
                }
            }
            let free = own & !pinned & !king_bit;
            if let Some(p) = &me.pawn {
                let pawns = pos.code_bits::<u64>(p.code) & free;
                self.pawn_moves(pos, p, pawns, answers, sink);
                if p.en_passant && pos.ep != NO_SQ {
                    Self::en_passant(tables, pos, p, occupied, sink);
                }
            }
            for (table, pair) in &me.leapers {
                for from in Ones(pieces(pos, *pair) & free) {
                    let to = table[from as usize & 63] & targets;
                    sink.piece_targets(pos, from as usize, to, 0);
                }
            }
            for from in Ones(pieces(pos, me.diagonal) & free) {
                let to = self.diagonal.reach::<u64>(from as usize, occupied) & targets;
                sink.piece_targets(pos, from as usize, to, 0);
            }
            for from in Ones(pieces(pos, me.orthogonal) & free) {
                let to = self.orthogonal.reach::<u64>(from as usize, occupied) & targets;
                sink.piece_targets(pos, from as usize, to, 0);
            }
        }
        // The royal piece's steps, judged with it lifted (it shields no square behind it).
        let steps = me.royal_steps[king as usize] & !own;
        let lifted = occupied & !king_bit;
        let castling = checks == 0 && tables.castling_open(pos) == Some(true);
        let safe = if castling || steps.count_ones() >= DANGER_STEPS {
            let danger = self.danger(pos, them, lifted);
            if castling {
                tables.castle_by_masks(pos, danger, sink);
            }
            steps & !danger
        } else {
            Ones(steps)
                .filter(|&to| !self.attacked(pos, to, them, lifted))
                .fold(0, |m, to| m | 1 << to)
        };
        sink.piece_targets(pos, king as usize, safe, 0);
    }

    /// The moves of the pawns `pawns` that land on `answers` (all of them, or a pinned
    /// pawn's line).
    #[inline(always)]
    fn pawn_moves<S: LegalSink<u64>>(
        &self,
        pos: &Position,
        p: &PawnShape,
        pawns: u64,
        answers: u64,
        sink: &mut S,
    ) {
        let us = pos.side.index();
        let enemy = pos.side_bits::<u64>(us ^ 1);
        let empty = !(pos.side_bits::<u64>(us) | enemy);
        let (shift, sources) = p.push;
        let one = (pawns & sources).shifted(shift) & empty;
        sink.shifted(pos, one & answers, shift, MoveFlag::Normal, p.promotion);
        if let Some((origins, range, flag)) = p.double {
            // A double step lands without promoting, wherever it lands (as `legal_walk`).
            let mut front = pawns & origins;
            for _ in 0..range {
                front = (front & sources).shifted(shift) & empty;
            }
            sink.shifted(pos, front & answers, shift * range as i32, flag, 0);
        }
        for (shift, sources) in p.captures {
            let taken = (pawns & sources).shifted(shift) & enemy & answers;
            sink.shifted(pos, taken, shift, MoveFlag::Normal, p.promotion);
        }
    }

    /// The moves of the pinned piece on `shield` along `line` (its pin: the squares up to
    /// the pinner and the pinner's), out of check.
    #[cold]
    fn pinned_moves<S: LegalSink<u64>>(
        &self,
        pos: &Position,
        shield: u64,
        line: u64,
        sink: &mut S,
    ) {
        let us = pos.side.index();
        let me = &self.sides[us];
        let from = shield.trailing_zeros() as usize;
        let own = pos.side_bits::<u64>(us);
        let occupied = own | pos.side_bits::<u64>(us ^ 1);
        let mut to = 0;
        if pieces(pos, me.diagonal) & shield != 0 {
            to |= self.diagonal.reach::<u64>(from, occupied);
        }
        if pieces(pos, me.orthogonal) & shield != 0 {
            to |= self.orthogonal.reach::<u64>(from, occupied);
        }
        for (table, pair) in &me.leapers {
            if pieces(pos, *pair) & shield != 0 {
                to |= table[from & 63];
            }
        }
        sink.piece_targets(pos, from, to & line & !own, 0);
        if let Some(p) = &me.pawn {
            if pos.code_bits::<u64>(p.code) & shield != 0 {
                self.pawn_moves(pos, p, shield, line, sink);
            }
        }
    }

    /// The legal en passant captures of the side to move's pawns (pinned or not), each
    /// tested by making it.
    #[cold]
    fn en_passant<S: LegalSink<u64>>(
        tables: &BitTables<u64>,
        pos: &mut Position,
        p: &PawnShape,
        occupied: u64,
        sink: &mut S,
    ) {
        let ep = pos.rules.cell_bit[pos.ep as usize] as u64;
        // Nothing is taken on an occupied square, nor on a cell off the board.
        if ep == 0 || ep & occupied != 0 {
            return;
        }
        let us = pos.side.index();
        let pawns = pos.code_bits::<u64>(p.code);
        for from in Ones(p.attackers_of[ep.trailing_zeros() as usize & 63] & pawns) {
            tables.en_passant(pos, from as usize, us, sink);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use crate::core::bitboard::{random_games, BitBackend};
    use crate::core::moves::{Move, MoveFlag};
    use crate::core::position::Position;
    use crate::core::Backend;
    use crate::variants::custom::builtin;
    use crate::variants::{chess960, standard};

    /// Positions with pins, en passant captures that uncover checks, promotions and
    /// castlings through attacked squares (the chess programming wiki's perft positions and
    /// a few of our own), Chess960 starts, and every shipped variant's start.
    fn starts() -> Vec<Position> {
        let mut positions = vec![standard::start()];
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
            "8/8/3k4/8/3pP3/8/8/3RK3 b - e3 0 1",
            "4k3/8/8/2KpP2r/8/8/8/8 w - d6 0 1",
            "1k6/8/8/8/8/8/5p2/4K2R w K - 0 1",
        ] {
            positions.push(standard::from_fen(fen).expect("a FEN"));
        }
        for fen in [
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1",
        ] {
            positions.push(chess960::from_fen(fen).expect("a FEN"));
        }
        for file in builtin::shipped() {
            if let Some(Ok(pos)) = file.open().map(|s| s.variant.start_position()) {
                positions.push(pos);
            }
        }
        positions
    }

    /// Along random games from each start, wherever the orthodox count applies: it gives
    /// the number of legal board moves the mailbox lists, and its list holds each of them
    /// once.
    #[test]
    fn the_orthodox_count_and_list_are_the_mailboxs() {
        let mut counted = 0usize;
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        for start in starts() {
            let rules = start.rules().clone();
            let (Some(orthodox), Some(BitBackend::Narrow(t))) =
                (rules.orthodox.as_deref(), rules.bits.as_deref())
            else {
                continue;
            };
            random_games::play(&start, 6, 120, &mut rng, |pos| {
                let us = pos.side.index();
                // Where the count is asked (`Position::board_move_count`).
                if pos.royal_count[us] == 1 && !pos.has_walls && !rules.options.filters_moves() {
                    let oracle = pos.on_backend(Backend::Mailbox).legal_move_list();
                    let board_moves: HashSet<Move> = oracle
                        .into_iter()
                        .filter(|m| !matches!(m.flag, MoveFlag::Drop(_)))
                        .collect();
                    assert_eq!(
                        orthodox.count(t, pos),
                        board_moves.len(),
                        "{}",
                        pos.diagram()
                    );
                    let mut listed = Vec::new();
                    orthodox.list(t, pos, &mut listed);
                    assert_eq!(listed.len(), board_moves.len(), "{}", pos.diagram());
                    let listed: HashSet<Move> = listed.into_iter().collect();
                    assert_eq!(listed, board_moves, "{}", pos.diagram());
                    counted += 1;
                }
            });
        }
        if crate::core::bitboard::lookup::fast_pext() {
            assert!(counted > 5_000, "only {counted} positions counted");
        } else {
            // Rides are walked here, not looked up: no rules have the orthodox count.
            assert_eq!(counted, 0);
        }
    }

    /// The rules that take the orthodox count, and some that must not.
    #[test]
    fn which_rules_take_the_orthodox_count() {
        if !crate::core::bitboard::lookup::fast_pext() {
            return;
        }
        assert!(standard::start().rules().orthodox.is_some());
        let chess960 = chess960::from_fen("2r1kr2/8/8/8/8/8/8/1R2K1R1 w GBfc - 0 1");
        assert!(chess960.expect("a FEN").rules().orthodox.is_some());
        for (name, takes) in [
            ("kingofthehill", true),
            ("3check", true),
            ("antichess", false),
            ("xiangqi", false),
            ("shogi", false),
        ] {
            let file = builtin::by_name(name).expect("shipped");
            let pos = file.variant.start_position().expect("its start");
            assert_eq!(pos.rules().orthodox.is_some(), takes, "{name}");
        }
    }
}
