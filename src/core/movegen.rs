//! Pseudo-legal and legal move generation from the compiled piece table.
//!
//! Legality uses pins: a move of a piece that is neither royal nor pinned, made when not in
//! check and not en passant, cannot expose the royal piece, so only the remaining moves are
//! tested by making them.

use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, MoveFlag};
use crate::core::piece::{code_color, code_kind, MoveMode, EMPTY, OFFBOARD};
use crate::core::position::{Position, NO_SQ};
use crate::core::rules::unit_direction;

impl Position {
    /// Appends every pseudo-legal move of the side to move (castling is fully checked).
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        let us = self.side.index();
        for i in 0..self.plist[us].len() {
            let from = self.plist[us][i];
            self.piece_moves(from, out);
        }
        self.castling_moves(out);
    }

    /// Appends the pseudo-legal non-castling moves of the piece on `from`.
    pub fn piece_moves(&self, from: Sq, out: &mut Vec<Move>) {
        let code = self.board[from as usize];
        if code == EMPTY || code == OFFBOARD {
            return;
        }
        let us = code_color(code);
        let kind = code_kind(code);
        let rules = &*self.rules;
        let shape = &rules.shape;
        let promotes = rules.pieces[kind as usize].promotes && !rules.promotion_kinds.is_empty();
        let promo_rank = rules.promotion_rank(Color::from_index(us));
        let from_rank = shape.rank_of(from);
        for comp in &rules.compiled[us][kind as usize] {
            if comp.from_rank.is_some_and(|r| r != from_rank) {
                continue;
            }
            for step in &comp.steps {
                let mut s = from;
                for dist in 1..=comp.range {
                    let prev = s;
                    s = (s as isize + step.delta) as Sq;
                    let cell = self.board[s as usize];
                    if cell == OFFBOARD || self.step_blocked(prev, step.wall_dir) {
                        break;
                    }
                    if let Some((lo, hi)) = comp.region {
                        let r = shape.rank_of(s);
                        if r < lo || r > hi {
                            break;
                        }
                    }
                    if cell == EMPTY {
                        if comp.mode != MoveMode::CaptureOnly {
                            if comp.double_step {
                                if dist == comp.range {
                                    out.push(Move {
                                        from,
                                        to: s,
                                        promotion: None,
                                        flag: MoveFlag::DoubleStep,
                                    });
                                }
                            } else {
                                push_move(
                                    out,
                                    from,
                                    s,
                                    promotes && shape.rank_of(s) == promo_rank,
                                    &rules.promotion_kinds,
                                    MoveFlag::Normal,
                                );
                            }
                        } else if comp.en_passant && s == self.ep && self.ep != NO_SQ {
                            let victim = self.ep_victim(from, s);
                            let v = self.board[victim as usize];
                            if v != EMPTY && v != OFFBOARD && code_color(v) != us {
                                out.push(Move {
                                    from,
                                    to: s,
                                    promotion: None,
                                    flag: MoveFlag::EnPassant,
                                });
                            }
                        }
                        continue;
                    }
                    if code_color(cell) != us
                        && comp.mode != MoveMode::MoveOnly
                        && !comp.double_step
                    {
                        push_move(
                            out,
                            from,
                            s,
                            promotes && shape.rank_of(s) == promo_rank,
                            &rules.promotion_kinds,
                            MoveFlag::Normal,
                        );
                    }
                    break;
                }
            }
        }
    }

    /// Appends the castling moves allowed now: right held, king and rook in place, the squares
    /// between them and their destinations empty, the king not in check and not passing through
    /// or landing on an attacked square, and no wall across the king's or the rook's path.
    pub fn castling_moves(&self, out: &mut Vec<Move>) {
        let us = self.side;
        for (i, rule) in self.rules.castling.iter().enumerate() {
            if rule.color != us || self.castling >> i & 1 == 0 {
                continue;
            }
            let [kf, kt, rf, rt] = self.rules.castle_cells[i];
            let king = self.board[kf as usize];
            let rook = self.board[rf as usize];
            if king == EMPTY
                || code_color(king) != us.index()
                || !self.rules.is_royal(code_kind(king))
                || rook == EMPTY
                || code_color(rook) != us.index()
                || code_kind(rook) != rule.rook_kind
            {
                continue;
            }
            let lo = kf.min(kt).min(rf).min(rt);
            let hi = kf.max(kt).max(rf).max(rt);
            if (lo..=hi).any(|s| s != kf && s != rf && self.board[s as usize] != EMPTY) {
                continue;
            }
            if !self.path_open(kf, kt) || !self.path_open(rf, rt) {
                continue;
            }
            if self.rules.king_safety {
                let them = us.other();
                let step: isize = if kt > kf { 1 } else { -1 };
                let mut s = kf;
                let mut safe = !self.is_attacked(kf, them);
                while safe && s != kt {
                    s = (s as isize + step) as Sq;
                    safe = !self.is_attacked(s, them);
                }
                if !safe {
                    continue;
                }
            }
            out.push(Move {
                from: kf,
                to: kt,
                promotion: None,
                flag: MoveFlag::Castle(i as u8),
            });
        }
    }

    /// No wall crosses the straight horizontal path from `a` to `b`.
    fn path_open(&self, a: Sq, b: Sq) -> bool {
        if !self.has_walls || a == b {
            return true;
        }
        let (step, dir) = if b > a {
            (1isize, unit_direction(1, 0))
        } else {
            (-1, unit_direction(-1, 0))
        };
        let mut s = a;
        while s != b {
            if self.step_blocked(s, dir) {
                return false;
            }
            s = (s as isize + step) as Sq;
        }
        true
    }

    /// Appends every legal move of the side to move.
    pub fn legal_moves(&mut self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_legal_moves(out);
        if !self.rules.king_safety {
            return;
        }
        let us = self.side;
        let check = self.in_check(us);
        let pins = self.pins(us);
        let royal = self.royal_count[us.index()];
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let code = self.board[m.from as usize];
            let careful = check
                || royal != 1
                || m.flag == MoveFlag::EnPassant
                || self.rules.is_royal(code_kind(code)) && !m.is_castle()
                || pins.contains(m.from);
            let ok = !careful || {
                let undo = self.make(m);
                let safe = !self.in_check(us);
                self.unmake(m, undo);
                safe
            };
            if ok {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// The legal moves as a fresh vector (convenience; the hot path passes its own buffer).
    pub fn legal_move_list(&mut self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves(&mut v);
        v
    }

    /// Is `m` one of the legal moves here?
    pub fn is_legal(&mut self, m: Move) -> bool {
        self.legal_move_list().contains(&m)
    }
}

#[inline]
fn push_move(out: &mut Vec<Move>, from: Sq, to: Sq, promote: bool, kinds: &[u8], flag: MoveFlag) {
    if promote {
        for &k in kinds {
            out.push(Move {
                from,
                to,
                promotion: Some(k),
                flag,
            });
        }
    } else {
        out.push(Move {
            from,
            to,
            promotion: None,
            flag,
        });
    }
}
