//! The pawn race evaluation, from the side to move's view.
//!
//! Pawns are read into two bitboards (bit `rank * 8 + file`); Black's side is evaluated on the
//! vertically mirrored boards (`swap_bytes`), so every term is written once, for a side moving
//! up the board. Terms:
//! - material and advancement;
//! - passed pawns (no enemy pawn ahead on its own or a neighbouring file: nothing can ever
//!   block or capture it), candidates (enough neighbours to outnumber the enemy pawns that
//!   guard its path: a majority that will produce a passed pawn), protection, isolation and
//!   doubled pawns, and free pushes (spare tempi decide zugzwang endings);
//! - the race, counted in plies with the tempo (the rule of the square for pawns): a passed
//!   pawn that lands before any enemy pawn could possibly land wins. When the loser also has a
//!   passed pawn it can never be stalemated (that pawn can always move), so the win is proven
//!   and reported as a mate-like score; otherwise it is only a large bonus, since a loser with
//!   every pawn blocked may be stalemated first.
//!
//! Reaching the last rank ends the game at once here, so a promotion can never be captured
//! afterwards: "is the first promotion stopped" is exactly "is the pawn passed, and if not can
//! it be captured or blocked on its way", which the passed-pawn test and the search answer.

use crate::core::{Color, Position};
use crate::engine::score::{loss_in, win_in};

const FILE_A: u64 = 0x0101_0101_0101_0101;

const PAWN: i32 = 100;
/// By rank counted from the side's own back rank (pawns stand on 1..=6).
const ADVANCE: [i32; 8] = [0, 0, 6, 14, 28, 50, 90, 0];
const PASSED: [i32; 8] = [0, 30, 40, 60, 90, 140, 200, 0];
const CANDIDATE: [i32; 8] = [0, 8, 12, 20, 32, 50, 0, 0];
const PROTECTED: i32 = 10;
const ISOLATED: i32 = 12;
const DOUBLED: i32 = 20;
const FREE_PUSH: i32 = 3;
const TEMPO: i32 = 8;
/// Our passed pawn lands first but the opponent might be stalemated before.
const RACE_WON: i32 = 700;
/// Both sides have passed pawns and ours is faster (other pawns may still be faster).
const RACE_AHEAD: i32 = 250;

#[inline]
fn file(f: u32) -> u64 {
    FILE_A << f
}

#[inline]
fn neighbour_files(f: u32) -> u64 {
    let mut m = 0;
    if f > 0 {
        m |= file(f - 1);
    }
    if f < 7 {
        m |= file(f + 1);
    }
    m
}

#[inline]
fn ranks_above(r: u32) -> u64 {
    if r >= 7 {
        0
    } else {
        !0u64 << (8 * (r + 1))
    }
}

#[inline]
fn ranks_up_to(r: u32) -> u64 {
    if r >= 7 {
        !0
    } else {
        (1u64 << (8 * (r + 1))) - 1
    }
}

/// What one side's pawns amount to, seen from that side moving up the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Side {
    score: i32,
    /// Moves the fastest passed pawn needs to land.
    passed_moves: Option<u32>,
    /// Moves the fastest pawn would need if nothing were in its way (a lower bound).
    lower_bound: u32,
    /// A pawn can land with the next move.
    wins_next: bool,
}

/// Terms for `own` pawns moving up against `enemy` pawns; `not_passed` lists pawns that an en
/// passant capture can take right now.
fn side(own: u64, enemy: u64, not_passed: u64) -> Side {
    let occupied = own | enemy;
    let mut s = Side {
        lower_bound: u32::MAX,
        ..Side::default()
    };
    let mut rest = own;
    while rest != 0 {
        let sq = rest.trailing_zeros();
        rest &= rest - 1;
        let (f, r) = (sq % 8, sq / 8);
        let r_ix = r as usize;
        s.score += PAWN + ADVANCE[r_ix];
        let ahead = ranks_above(r);
        let bit = 1u64 << sq;
        let double = r == 1 && occupied & (bit << 8 | bit << 16) == 0;
        let moves = 7 - r - u32::from(r == 1);
        s.lower_bound = s.lower_bound.min(moves);
        if r == 6 {
            let captures = (if f > 0 { bit << 7 } else { 0 }) | (if f < 7 { bit << 9 } else { 0 });
            if occupied & bit << 8 == 0 || enemy & captures != 0 {
                s.wins_next = true;
            }
        }
        let passed = enemy & (file(f) | neighbour_files(f)) & ahead == 0 && not_passed & bit == 0;
        if passed {
            s.score += PASSED[r_ix];
            let need = 7 - r - u32::from(double);
            s.passed_moves = Some(s.passed_moves.map_or(need, |p| p.min(need)));
        } else if enemy & file(f) & ahead == 0 {
            let supporters = (own & neighbour_files(f) & ranks_up_to(r)).count_ones();
            let sentries = (enemy & neighbour_files(f) & ahead).count_ones();
            if supporters >= sentries {
                s.score += CANDIDATE[r_ix];
            }
        }
        let behind = if r > 0 { bit >> 8 } else { 0 };
        let guards = (if f > 0 { behind >> 1 } else { 0 }) | (if f < 7 { behind << 1 } else { 0 });
        if own & guards != 0 {
            s.score += PROTECTED;
        }
        if own & neighbour_files(f) == 0 {
            s.score -= ISOLATED;
        }
        if own & file(f) & ahead != 0 {
            s.score -= DOUBLED;
        }
    }
    s.score += FREE_PUSH * (own << 8 & !occupied).count_ones() as i32;
    s
}

/// The pawns of `pos` as (white, black) bitboards.
fn bitboards(pos: &Position) -> [u64; 2] {
    let shape = &pos.rules().shape;
    let mut bb = [0u64; 2];
    for color in Color::BOTH {
        pos.pieces(color).for_each(|sq| {
            bb[color.index()] |= 1u64 << (shape.rank_of(sq) * 8 + shape.file_of(sq));
        });
    }
    bb
}

/// Evaluation of `pos` for the side to move (proven races as `win_in` / `loss_in`).
pub fn evaluate(pos: &Position) -> i32 {
    let [white, black] = bitboards(pos);
    let stm = pos.side_to_move();
    // Boards as seen by the side to move (moving up) and by its opponent.
    let (us, them) = match stm {
        Color::White => (white, black),
        Color::Black => (black.swap_bytes(), white.swap_bytes()),
    };
    // The pawn that just double-stepped is not passed if we can take it en passant now.
    let mut their_victim = 0u64;
    if let Some(ep) = pos.en_passant() {
        let shape = &pos.rules().shape;
        let (f, r) = (shape.file_of(ep) as u32, shape.rank_of(ep) as u32);
        let r = if stm == Color::White { r } else { 7 - r };
        // In our frame the ep square is on rank 5 (0-based) and the victim stands below it.
        let ep_bit = 1u64 << (r * 8 + f);
        let attackers =
            (if f > 0 { ep_bit >> 9 } else { 0 }) | (if f < 7 { ep_bit >> 7 } else { 0 });
        if us & attackers != 0 {
            // In the opponent's own frame the victim is at the mirror of (f, r - 1).
            their_victim = 1u64 << ((7 - (r - 1)) * 8 + f);
        }
    }
    let mine = side(us, them, 0);
    let theirs = side(them.swap_bytes(), us.swap_bytes(), their_victim);
    if mine.wins_next {
        return win_in(1);
    }
    let mut value = mine.score - theirs.score + TEMPO;
    // Plies until each side's fastest passed pawn lands; we move first.
    let our_passed = mine.passed_moves.map(|m| 2 * m - 1);
    let their_passed = theirs.passed_moves.map(|m| 2 * m);
    let our_bound = (2 * mine.lower_bound).saturating_sub(1);
    let their_bound = 2 * theirs.lower_bound;
    match (our_passed, their_passed) {
        (Some(t), _) if t < their_bound => {
            if theirs.passed_moves.is_some() {
                return win_in(t);
            }
            value += RACE_WON;
        }
        (_, Some(t)) if t < our_bound => {
            if mine.passed_moves.is_some() {
                return loss_in(t);
            }
            value -= RACE_WON;
        }
        (Some(a), Some(b)) => value += if a < b { RACE_AHEAD } else { -RACE_AHEAD },
        _ => {}
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::score::Score;
    use crate::variants::pawnrace::board::from_diagram;
    use crate::variants::pawnrace::{start, Gap};

    fn eval(diagram: &str, side: Color, ep: Option<&str>) -> Score {
        let pos = from_diagram(diagram, side, ep).expect("diagram");
        Score::from_value(evaluate(&pos))
    }

    #[test]
    fn symmetric_start_is_only_the_tempo() {
        let pos = start(Gap::parse("d").expect("g"), Gap::parse("d").expect("g"));
        assert_eq!(evaluate(&pos), TEMPO);
    }

    #[test]
    fn mirrored_positions_evaluate_alike() {
        let a = "........\n..B.....\n........\n.W...B..\n........\nW.......\n......W.\n........";
        let mirrored: String = a
            .lines()
            .rev()
            .map(|l| {
                l.chars()
                    .map(|c| match c {
                        'W' => 'B',
                        'B' => 'W',
                        c => c,
                    })
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        assert_eq!(
            eval(a, Color::White, None),
            eval(&mirrored, Color::Black, None)
        );
        assert_eq!(
            eval(a, Color::Black, None),
            eval(&mirrored, Color::White, None)
        );
    }

    #[test]
    fn a_pawn_about_to_land_wins_next_move() {
        let d = "........\n.W......\n........\n........\n........\n........\n......B.\n........";
        assert_eq!(eval(d, Color::White, None), Score::WinIn(1));
        assert_eq!(eval(d, Color::Black, None), Score::WinIn(1));
    }

    #[test]
    fn the_race_counts_the_tempo() {
        // White a4 needs 4 moves, Black h5 needs 4 moves; both passed.
        let d = "........\n........\n........\n.......B\nW.......\n........\n........\n........";
        // White to move lands on ply 7, Black on ply 8 at best: proven.
        assert_eq!(eval(d, Color::White, None), Score::WinIn(7));
        // Black to move lands first the same way.
        assert_eq!(eval(d, Color::Black, None), Score::WinIn(7));
    }

    #[test]
    fn a_race_won_against_blocked_pawns_is_not_claimed_proven() {
        // Black's only pawns are blocked: he could be stalemated, so no proof.
        let d = "........\n........\n........\n....B...\nW...W...\n........\n........\n........";
        match eval(d, Color::White, None) {
            Score::Centipawns(v) => assert!(v > RACE_WON / 2),
            other => panic!("claimed {other}"),
        }
    }

    #[test]
    fn a_pawn_open_to_en_passant_is_not_passed() {
        // Black just played c7-c5 next to White's b5: bxc6 is possible, so c5 is no runner.
        let d = "........\n........\n........\n.WB.....\n........\n........\n........\n........";
        let with_ep = eval(d, Color::White, Some("c6"));
        let without = eval(d, Color::White, None);
        assert_ne!(with_ep, without);
    }
}
