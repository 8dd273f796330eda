//! Pseudo-legal and legal move generation from the compiled piece table.
//!
//! Legality uses pins: a move of a piece that is neither royal nor pinned, made when not in
//! check and not en passant, cannot expose the royal piece, so only the remaining moves are
//! tested by making them.

use std::sync::Arc;

use crate::core::attacks::{Check, Pins};
use crate::core::geometry::{Color, Sq};
use crate::core::moves::{Move, MoveFlag, Part};
use crate::core::piece::{code_color, code_kind, KindId, MoveMode, EMPTY, OFFBOARD};
use crate::core::position::{joined, Position, NO_SQ};
use crate::core::repeats::Distinct;
use crate::core::rules::{unit_direction, Compiled, ComponentPath, Passing, SeveralRoyals};

impl Position {
    /// Appends every pseudo-legal move of the side to move (castling is fully checked).
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        self.pieces(self.side)
            .for_each(|from| self.piece_moves(from, out));
        self.castling_moves(out);
    }

    /// Appends the pseudo-legal non-castling moves of the piece on `from`, each once.
    pub fn piece_moves<S: MoveSink>(&self, from: Sq, out: &mut S) {
        let code = self.cell(from as usize);
        if code == EMPTY || code == OFFBOARD {
            return;
        }
        if self.rules.repeats(code_color(code), code_kind(code)) {
            let mut distinct = Distinct::default();
            self.piece_moves_by_line(from, &mut distinct);
            distinct.pass_to(out);
        } else {
            self.piece_moves_by_line(from, out);
        }
    }

    /// `piece_moves` line by line: a square two lines reach comes twice (see `core::repeats`).
    fn piece_moves_by_line<S: MoveSink>(&self, from: Sq, out: &mut S) {
        let code = self.cell(from as usize);
        let us = code_color(code);
        let kind = code_kind(code);
        let rules = &*self.rules;
        if let Some(bits) = &rules.bits {
            if bits.lists_moves() {
                self.bits_piece_moves(bits, from, out);
                return;
            }
        }
        if !self.has_walls {
            let plan = rules.plans[us].index[kind as usize];
            if plan.simple {
                self.plan_moves(from, us, plan, out);
                return;
            }
        }
        let from_rank = rules.shape.rank_of(from);
        let at = || Origin {
            from,
            us,
            from_rank,
            promotes: rules.pieces[kind as usize].promotes_on_last_rank()
                && !rules.promotion_kinds.is_empty(),
            promo_rank: rules.promotion_rank(Color::from_index(us)),
        };
        for comp in &rules.compiled[us][kind as usize] {
            if self.has_walls {
                self.component_moves(&at(), comp, out);
                continue;
            }
            match comp.path {
                ComponentPath::Plain => self.plain_moves(from, us, comp, out),
                ComponentPath::SingleStep => {
                    self.single_steps(from, us, comp, comp.promote_from == from_rank, out)
                }
                ComponentPath::DoubleStep => {
                    if comp.starts_on(from_rank, rules.shape.file_of(from)) {
                        let delta = comp.steps[0].delta;
                        let mid = from as isize + delta;
                        let to = mid + delta;
                        if self.cell(mid as usize) == EMPTY && self.cell(to as usize) == EMPTY {
                            out.push(Move {
                                from,
                                to: to as Sq,
                                promotion: None,
                                flag: comp.double_flag,
                                part: Part::None,
                            });
                        }
                    }
                }
                ComponentPath::General => self.component_moves(&at(), comp, out),
                ComponentPath::Special => {
                    let o = at();
                    self.special_moves(from, us, from_rank, (o.promotes, o.promo_rank), comp, out)
                }
            }
        }
    }

    /// Appends the pseudo-legal non-castling moves of the piece on `from` that land on `to`
    /// (what reading a move text needs: the named piece's moves to the named square).
    pub fn piece_moves_to<S: MoveSink>(&self, from: Sq, to: Sq, out: &mut S) {
        if let Some(bits) = &self.rules.bits {
            if bits.lists_moves() {
                self.bits_piece_moves_to(bits, from, to, out);
                return;
            }
        }
        let mut only = OnlyTo { to, out };
        self.piece_moves(from, &mut only);
    }

    /// The moves (castling aside, king safety not asked) of `color`'s pieces of `kind` that
    /// land on `to`, from squares `from_ok` accepts: what a SAN move's text can mean.
    pub fn moves_of_kind_to<S: MoveSink>(
        &self,
        color: Color,
        kind: crate::core::KindId,
        to: Sq,
        from_ok: impl Fn(Sq) -> bool,
        out: &mut S,
    ) {
        if let Some(bits) = &self.rules.bits {
            if self.bits_symmetric_moves_to(bits, color, kind, to, &from_ok, out) {
                return;
            }
        }
        self.moves_of_kind_by_squares(color, kind, to, from_ok, out);
    }

    /// `moves_of_kind_to` square by square: each square that might reach `to`, its piece's
    /// moves there.
    fn moves_of_kind_by_squares<S: MoveSink>(
        &self,
        color: Color,
        kind: crate::core::KindId,
        to: Sq,
        from_ok: impl Fn(Sq) -> bool,
        out: &mut S,
    ) {
        self.for_each_square_reaching(color, kind, to, |from| {
            if from_ok(from) {
                self.piece_moves_to(from, to, out);
            }
        });
    }

    /// What a move text naming `kind`, `to` and maybe a file and a rank to start from can
    /// mean: `moves_of_kind_to` for the side to move, from squares on `from_file` and
    /// `from_rank` where given, except that an en passant capture that would leave the royal
    /// piece attacked may be left out already (a reader tests every candidate anyway), which
    /// lets a kind whose moves differ by direction (a pawn) move all its pieces at once, as
    /// the legal walk does.
    pub fn candidates_of_kind_to<S: MoveSink>(
        &mut self,
        kind: crate::core::KindId,
        to: Sq,
        (from_file, from_rank): (Option<u8>, Option<u8>),
        out: &mut S,
    ) {
        let us = self.side;
        // SAFETY: as in `legal_move_count_with`: listing moves never replaces the rules.
        let rules: &crate::core::rules::Rules = unsafe { &*Arc::as_ptr(&self.rules) };
        let from_ok = |from| {
            from_file.is_none_or(|f| rules.shape.file_of(from) == f)
                && from_rank.is_none_or(|r| rules.shape.rank_of(from) == r)
        };
        if let Some(bits) = &rules.bits {
            if self.bits_symmetric_moves_to(bits, us, kind, to, from_ok, out)
                || self.bits_kind_moves_to(bits, kind, to, from_ok, out)
            {
                return;
            }
        }
        self.moves_of_kind_by_squares(us, kind, to, from_ok, out);
    }

    /// The moves of one component in general: walls, regions, rank conditions, flags.
    fn component_moves<S: MoveSink>(&self, at: &Origin, comp: &Compiled, out: &mut S) {
        let rules = &*self.rules;
        let shape = &rules.shape;
        let Origin {
            from,
            us,
            from_rank,
            promotes,
            promo_rank,
        } = *at;
        if !comp.starts_on(from_rank, shape.file_of(from)) {
            return;
        }
        for step in &comp.steps {
            let mut s = from;
            for dist in 1..=comp.range {
                let prev = s;
                s = (s as isize + step.delta) as Sq;
                let cell = self.cell(s as usize);
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
                                    flag: comp.double_flag,
                                    part: Part::None,
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
                        let victim = self.ep_victim();
                        let v = self.cell(victim as usize);
                        if v != EMPTY && v != OFFBOARD && code_color(v) != us {
                            out.push(Move {
                                from,
                                to: s,
                                promotion: None,
                                flag: MoveFlag::EnPassant,
                                part: Part::None,
                            });
                        }
                    }
                    continue;
                }
                if code_color(cell) != us && comp.mode != MoveMode::MoveOnly && !comp.double_step {
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

    /// Moves of a component without conditions, on a board without walls: the common case.
    #[inline]
    fn plain_moves<S: MoveSink>(&self, from: Sq, us: usize, comp: &Compiled, out: &mut S) {
        let them_bit = 1 ^ us as u8;
        // Off-board cells (127) have colour bit 0 after the -1: exclude them explicitly.
        let takes = |cell: u8| cell != OFFBOARD && (cell - 1) & 1 == them_bit;
        if comp.range == 1 {
            for step in &comp.steps {
                let to = (from as isize + step.delta) as Sq;
                let cell = self.cell(to as usize);
                if cell == EMPTY || takes(cell) {
                    out.push_plain(from, to);
                }
            }
            return;
        }
        for step in &comp.steps {
            let mut s = from as isize;
            for _ in 0..comp.range {
                s += step.delta;
                let cell = self.cell(s as usize);
                if cell == EMPTY {
                    out.push_plain(from, s as Sq);
                    continue;
                }
                if takes(cell) {
                    out.push_plain(from, s as Sq);
                }
                break;
            }
        }
    }

    /// Single steps with a mode (and perhaps en passant), no region, no rank condition: pawn
    /// steps and captures. All steps of such a component change the rank by the same amount.
    #[inline]
    fn single_steps<S: MoveSink>(
        &self,
        from: Sq,
        us: usize,
        comp: &Compiled,
        promo: bool,
        out: &mut S,
    ) {
        let them_bit = 1 ^ us as u8;
        let kinds = &self.rules.promotion_kinds;
        for step in &comp.steps {
            let to = (from as isize + step.delta) as Sq;
            let cell = self.cell(to as usize);
            if cell == EMPTY {
                if comp.mode != MoveMode::CaptureOnly {
                    push_move(out, from, to, promo, kinds, MoveFlag::Normal);
                } else if comp.en_passant && to == self.ep && self.ep != NO_SQ {
                    let victim = self.cell(self.ep_victim() as usize);
                    if victim != EMPTY && victim != OFFBOARD && (victim - 1) & 1 == them_bit {
                        out.push(Move {
                            from,
                            to,
                            promotion: None,
                            flag: MoveFlag::EnPassant,
                            part: Part::None,
                        });
                    }
                }
            } else if cell != OFFBOARD
                && (cell - 1) & 1 == them_bit
                && comp.mode != MoveMode::MoveOnly
            {
                push_move(out, from, to, promo, kinds, MoveFlag::Normal);
            }
        }
    }

    /// Appends the castling moves allowed now: right held, king and rook in place, the squares
    /// between them and their destinations empty, the king not in check and not passing through
    /// or landing on an attacked square, and no wall across the king's or the rook's path.
    pub fn castling_moves<S: MoveSink>(&self, out: &mut S) {
        self.castling_moves_from(out, None, &mut AttackMemo::default());
    }

    /// `castling_moves` for a caller that knows the side to move is not in check.
    pub(crate) fn castling_moves_known<S: MoveSink>(&self, out: &mut S, memo: &mut AttackMemo) {
        self.castling_moves_from(out, Some(false), memo);
    }

    /// `castling_moves` for a caller that already knows whether the side to move is in check.
    ///
    /// When the side is known not to be in check, `memo` answers "is this square attacked?"
    /// for squares already asked about at this node (king moves ask about the same squares).
    fn castling_moves_from<S: MoveSink>(
        &self,
        out: &mut S,
        known_check: Option<bool>,
        memo: &mut AttackMemo,
    ) {
        let us = self.side;
        if known_check == Some(true) && self.rules.king_safety {
            return;
        }
        let bits = !self.bb.is_empty();
        let occupied = joined(self.occ[0]) | joined(self.occ[1]);
        let mut rights = self.castling & self.rules.castle_rights_of[us.index()];
        while rights != 0 {
            let i = rights.trailing_zeros() as usize;
            rights &= rights - 1;
            let rule = &self.rules.castling[i];
            // With bitboards the squares in between are one test, and the likeliest to fail.
            let [between, path] = self.rules.castle_masks[i];
            if bits && occupied & between != 0 {
                continue;
            }
            let [kf, kt, rf, rt] = self.rules.castle_cells[i];
            let king = self.cell(kf as usize);
            let rook = self.cell(rf as usize);
            let king_royal = king != EMPTY && self.rules.is_royal(code_kind(king));
            // An empty cell has no kind (`code_kind` of it would underflow): tested first.
            let king_kind_ok = king != EMPTY
                && match rule.king_kind {
                    Some(k) => code_kind(king) == k,
                    None => king_royal,
                };
            if king == EMPTY
                || code_color(king) != us.index()
                || !king_kind_ok
                || rook == EMPTY
                || code_color(rook) != us.index()
                || code_kind(rook) != rule.rook_kind
            {
                continue;
            }
            if !bits {
                let lo = kf.min(kt).min(rf).min(rt);
                let hi = kf.max(kt).max(rf).max(rt);
                if (lo..=hi).any(|s| s != kf && s != rf && self.cell(s as usize) != EMPTY) {
                    continue;
                }
            }
            if !self.path_open(kf, kt) || !self.path_open(rf, rt) {
                continue;
            }
            if self.rules.king_safety && king_royal {
                let not_in_check = known_check == Some(false);
                let safe = match memo.known {
                    // A danger map answers for the whole path at once.
                    Some(danger) if not_in_check => danger & path == 0,
                    _ => self.castle_path_safe(kf, kt, not_in_check, memo),
                };
                if !safe {
                    continue;
                }
            }
            let m = Move {
                from: kf,
                to: kt,
                promotion: None,
                flag: MoveFlag::Castle(i as u8),
                part: Part::None,
            };
            // A castling rook that stood between its king and an enemy piece on the rank
            // shielded the king; with king and rook moved, the king's square may be attacked
            // along the rank. Only then is the move played on a copy to see (a rook in a
            // corner never gets here).
            if self.rules.king_safety && self.enemy_beyond(kf, rf) {
                let mut after = self.clone();
                after.make(m);
                if after.in_check(us) {
                    continue;
                }
            }
            out.push(m);
        }
    }

    /// Are the king's square (unless known not in check) and every square of its castling
    /// path from `kf` to `kt` safe from the enemy?
    fn castle_path_safe(&self, kf: Sq, kt: Sq, not_in_check: bool, memo: &mut AttackMemo) -> bool {
        let them = self.side.other();
        let step: isize = if kt > kf { 1 } else { -1 };
        if self.rules.options.blast {
            // Under explosions a square next to the enemy king is safe (`core::blast`), and a
            // king beside the enemy king may stand on an attacked line: the path is judged
            // with the king lifted, so that it does not shield the squares behind it. The
            // destination is judged after the move, with the rook in its new place, by the
            // legality test every move under explosions takes.
            if self.blast_threatened(kf, them) {
                return false;
            }
            let mut lifted = self.clone();
            lifted.remove_piece::<false>(kf, self.cell(kf as usize));
            let mut s = kf;
            loop {
                s = (s as isize + step) as Sq;
                if s == kt || (s != kf && kf == kt) {
                    return true;
                }
                if lifted.blast_threatened(s, them) {
                    return false;
                }
            }
        }
        let mut s = kf;
        let mut safe = not_in_check || !self.is_attacked(kf, them);
        while safe && s != kt {
            s = (s as isize + step) as Sq;
            safe = !if not_in_check {
                memo.attacked(self, s, them)
            } else {
                self.is_attacked(s, them)
            };
        }
        safe
    }

    /// Is the first piece on the rank beyond `rook` (away from `king`) an enemy's?
    fn enemy_beyond(&self, king: Sq, rook: Sq) -> bool {
        let step: isize = if rook > king { 1 } else { -1 };
        let mut s = rook as isize + step;
        loop {
            let code = self.cell(s as usize);
            if code == OFFBOARD {
                return false;
            }
            if code != EMPTY {
                return code_color(code) != self.side.index();
            }
            s += step;
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
        let several = self.rules.options.several_royals != SeveralRoyals::Each;
        if several && self.royal_count[self.side.index()] > 1 {
            return self.several_royals_moves(out, start);
        }
        if self.bound_to_drop() {
            // A placement setup: while a drop is legal, no board move is, so the board's
            // moves are listed only where none is.
            self.safe_drops(out);
            self.narrow_by_options(out, start, true);
            if out[start..].iter().any(|m| m.dropped().is_some()) {
                return;
            }
            out.truncate(start);
        }
        self.safe_moves(out);
        if self.rules.options.drops {
            self.safe_drops(out);
        }
        if self.rules.filters_moves() {
            self.narrow_by_options(out, start, true);
        } else if self.rules.passes {
            self.narrow_by_passing(out, start);
        }
        if several && self.rules.options.royal_promotion {
            self.add_royal_promotions(out, start);
        }
    }

    /// With a lone royal piece (or none) under `SeveralRoyals::All` or `LastOnly`, a move is
    /// legal exactly when it is under `Each`, unless it promotes to a royal kind: then the
    /// side has two, and the move may be legal although the same move without the promotion
    /// is not (`legal_moves` adds promotions to legal moves only). Adds those.
    #[cold]
    fn add_royal_promotions(&mut self, out: &mut Vec<Move>, start: usize) {
        let us = self.side;
        let rules = self.rules.clone();
        let pawns_may = rules.promotion_kinds.iter().any(|&k| rules.is_royal(k));
        let mut candidates = Vec::new();
        let froms: Vec<Sq> = self
            .pieces(us)
            .filter(|&s| {
                let kind = rules.kind(code_kind(self.cell(s as usize)));
                (kind.promotes && pawns_may) || kind.promotes_to.is_some_and(|k| rules.is_royal(k))
            })
            .collect();
        for from in froms {
            self.piece_moves(from, &mut candidates);
        }
        if candidates.is_empty() {
            return;
        }
        self.narrow_by_options(&mut candidates, 0, true);
        for m in candidates {
            let royal = m.promotion.is_some_and(|k| rules.is_royal(k));
            if !royal || out[start..].contains(&m) {
                continue;
            }
            let undo = self.make(m);
            let safe = !self.in_check(us);
            self.unmake(m, undo);
            if safe {
                out.push(m);
            }
        }
    }

    /// `legal_moves` where several royal pieces are in check otherwise than each alone
    /// (`SeveralRoyals`): whether a side is in check depends on how many royal pieces it has
    /// after the move, and a promotion to a royal kind may make a move legal that is not
    /// without it (a hoplite that opens a line to one king while it becomes the second). So
    /// every move, promotions added, is made and tested, as Fairy-Stockfish's `legal` tests
    /// its pseudo-royal pieces.
    #[cold]
    fn several_royals_moves(&mut self, out: &mut Vec<Move>, start: usize) {
        let us = self.side;
        self.pseudo_legal_moves(out);
        if self.rules.options.drops {
            self.safe_drops(out);
        }
        self.narrow_by_options(out, start, true);
        let last_only = self.rules.options.several_royals == SeveralRoyals::LastOnly;
        let safe_royals = self.royals_out_of_lines_reach(us);
        let rules = self.rules.clone();
        let shape = &rules.shape;
        let aligned = |a: Sq, b: Sq| {
            let (df, dr) = (
                i32::from(shape.file_of(a)) - i32::from(shape.file_of(b)),
                i32::from(shape.rank_of(a)) - i32::from(shape.rank_of(b)),
            );
            df == 0 || dr == 0 || df.abs() == dr.abs()
        };
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let royal_moves =
                m.dropped().is_none() && self.rules.is_royal(code_kind(self.cell(m.from as usize)));
            // With two royal pieces or more none is royal under `LastOnly`, and our own move
            // takes none of ours; under `All` a royal piece not attacked now stays so after a
            // plain move of another piece that leaves no line through it.
            let quick = last_only
                || (!royal_moves
                    && m.flag == MoveFlag::Normal
                    && safe_royals.iter().any(|&r| !aligned(r, m.from)));
            let safe = quick || {
                let undo = self.make(m);
                let safe = !self.in_check(us);
                self.unmake(m, undo);
                safe
            };
            if safe {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// The royal pieces of `us` no enemy piece attacks now, where the only lines a move can
    /// open are files, ranks and diagonals (no hoppers, lame leaps, walls, blasts, or riders
    /// along other lines); none elsewhere.
    fn royals_out_of_lines_reach(&self, us: Color) -> Vec<Sq> {
        let straight = !self.rules.special
            && !self.has_walls
            && !self.rules.options.blast
            && self.rules.pieces.iter().all(|k| {
                k.components.iter().all(|c| {
                    c.range == 1
                        || c.vectors
                            .iter()
                            .all(|&(x, y)| x == 0 || y == 0 || x.abs() == y.abs())
                })
            });
        if !straight {
            return Vec::new();
        }
        let them = us.other();
        self.pieces(us)
            .filter(|&s| {
                self.rules.is_royal(code_kind(self.cell(s as usize))) && !self.is_attacked(s, them)
            })
            .collect()
    }

    /// Appends every legal move of the side to move in no promised order: those of
    /// `legal_moves`, listed by the fastest pass these rules have (for perft, which only
    /// makes them; the computer players' choices follow `legal_moves`' order).
    pub fn legal_moves_any_order(&mut self, out: &mut Vec<Move>) {
        if !self.rules.filters_moves()
            && !self.rules.passes
            && self.rules.king_safety
            && self.royal_count[self.side.index()] == 1
            && !self.has_walls
        {
            // SAFETY: listing never replaces `self.rules`, and the `Arc` keeps it alive for as
            // long as `self`.
            let rules: &crate::core::rules::Rules = unsafe { &*Arc::as_ptr(&self.rules) };
            if let (Some(orthodox), Some(crate::core::bitboard::BitBackend::Narrow(t))) =
                (rules.orthodox.as_deref(), rules.bits.as_deref())
            {
                orthodox.list(t, self, out);
                if rules.options.drops {
                    self.safe_drops(out);
                }
                return;
            }
        }
        self.legal_moves(out);
    }

    /// The moves that keep the mover's royal piece safe (all of them without king safety).
    pub(crate) fn safe_moves(&mut self, out: &mut Vec<Move>) {
        if self.rules.options.blast {
            return self.blast_safe_moves(out);
        }
        // No royal piece to keep safe: every pseudo-legal move, set-wise on bitboards. Only
        // for rules whose options filter the moves (antichess): elsewhere the computer
        // players' choices between equal moves follow the mailbox's order, which this keeps.
        if self.rules.filters_moves() && self.free_of_royal_safety() {
            if let Some(bits) = &self.rules.bits {
                if bits.lists_moves() {
                    // SAFETY: as in `legal_move_count_with`.
                    let bits: &crate::core::bitboard::BitBackend = unsafe { &*Arc::as_ptr(bits) };
                    return self.bits_free_moves(bits, out);
                }
            }
        }
        if self.rules.king_safety && self.royal_count[self.side.index()] == 1 && !self.has_walls {
            if let Some(bits) = &self.rules.bits {
                if bits.lists_moves() {
                    // SAFETY: as in `legal_move_count_with`.
                    let bits: &crate::core::bitboard::BitBackend = unsafe { &*Arc::as_ptr(bits) };
                    if self.bits_legal_moves(bits, out) {
                        return;
                    }
                }
            }
        }
        let start = out.len();
        self.pseudo_legal_moves(out);
        // A side with no royal piece is never in check: every move keeps it safe.
        if !self.rules.king_safety || self.royal_count[self.side.index()] == 0 {
            return;
        }
        let us = self.side;
        let them = us.other();
        let (check, pins) = self.check_and_pins(us);
        let single_royal = self.royal_count[us.index()] == 1;
        let king = self.royal[us.index()];
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let code = self.cell(m.from as usize);
            let royal_move = self.rules.is_royal(code_kind(code)) && !m.is_castle();
            let ok = if royal_move && single_royal && m.flag == MoveFlag::Normal {
                // Lift the king so that it does not shield the squares behind it.
                !self.is_attacked_lifted(m.to, them, m.from)
            } else if check == Check::Unknown
                || !single_royal
                || royal_move
                || m.flag == MoveFlag::EnPassant
                || pins.contains(m.from)
            {
                let undo = self.make(m);
                let safe = !self.in_check(us);
                self.unmake(m, undo);
                safe
            } else if check.is_check() {
                check.answered_by(king, m.to)
            } else {
                true
            };
            if ok {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Is every pseudo-legal move legal here: no walls, and no royal piece of the side to
    /// move to keep safe (no king safety, or none on the board)?
    #[inline]
    fn free_of_royal_safety(&self) -> bool {
        !self.has_walls && (!self.rules.king_safety || self.royal_count[self.side.index()] == 0)
    }

    /// The number of legal moves, without listing those that need no test (perft's last ply).
    pub fn legal_move_count(&mut self) -> usize {
        self.legal_move_count_with(&mut Vec::with_capacity(64))
    }

    /// Is there a legal move at all? Checkmate and stalemate ask no more than this, and on
    /// bitboards the walk stops at the first kind of piece that has one.
    pub fn has_legal_move(&mut self) -> bool {
        let us = self.side.index();
        if !self.rules.filters_moves()
            && !self.rules.passes
            && self.rules.king_safety
            && self.royal_count[us] == 1
            && !self.has_walls
        {
            if let Some(bits) = &self.rules.bits {
                // SAFETY: as in `board_move_count`.
                let bits: &crate::core::bitboard::BitBackend = unsafe { &*Arc::as_ptr(bits) };
                match self.bits_has_legal_move(bits) {
                    Some(true) => return true,
                    Some(false) if !self.rules.options.drops => return false,
                    _ => {}
                }
            }
        }
        self.legal_move_count() > 0
    }

    /// `legal_move_count` with a caller's scratch buffer (cleared first), so that counting
    /// allocates nothing once the buffer has grown.
    pub fn legal_move_count_with(&mut self, scratch: &mut Vec<Move>) -> usize {
        scratch.clear();
        if self.rules.filters_moves() {
            if self
                .rules
                .options
                .walling
                .is_some_and(|w| w != crate::core::Walling::Arrow)
                && !self.rules.options.no_giving_check
                && !self.rules.options.must_capture
            {
                // Each move counts its blocker's squares, without listing them.
                self.safe_moves(scratch);
                if self.rules.options.drops {
                    self.safe_drops(scratch);
                }
                self.narrow_by_options(scratch, 0, false);
                return self.wall_move_count(scratch);
            }
            if let Some(n) = self.enclosing_move_count(scratch) {
                return n;
            }
            self.legal_moves(scratch);
            return scratch.len();
        }
        if self.rules.passes {
            if self.rules.options.bikjang && self.royals_face() {
                // Bikjang narrows the moves: listed.
                self.legal_moves(scratch);
                return scratch.len();
            }
            let pass = self.pass_move().is_some() as usize;
            return pass + self.board_move_count(scratch) + self.drop_count_if_any();
        }
        self.board_move_count(scratch) + self.drop_count_if_any()
    }

    /// The legal drops' number where the rules have drops.
    #[inline(always)]
    fn drop_count_if_any(&mut self) -> usize {
        if self.rules.options.drops {
            self.safe_drop_count()
        } else {
            0
        }
    }

    /// `legal_move_count_with` without drops, where no option filters the moves.
    #[inline(always)]
    pub(crate) fn board_move_count(&mut self, scratch: &mut Vec<Move>) -> usize {
        let us = self.side;
        if self.rules.king_safety && self.royal_count[us.index()] == 1 && !self.has_walls {
            if let Some(bits) = &self.rules.bits {
                // SAFETY: the tables live in `self.rules`, which counting never replaces, and
                // the `Arc` keeps them alive for as long as `self`; a reference through the
                // pointer spares an atomic reference count per node.
                let bits: &crate::core::bitboard::BitBackend = unsafe { &*Arc::as_ptr(bits) };
                return self.bits_legal_move_count(bits, scratch);
            }
        }
        // Tested after the case above (which excludes it), which is most positions' case.
        if self.free_of_royal_safety() {
            if let Some(bits) = &self.rules.bits {
                // SAFETY: as above.
                let bits: &crate::core::bitboard::BitBackend = unsafe { &*Arc::as_ptr(bits) };
                return self.bits_free_move_count(bits);
            }
        }
        let (check, pins) = if self.rules.king_safety && self.royal_count[us.index()] == 1 {
            self.check_and_pins(us)
        } else {
            (Check::Unknown, self.pins(us))
        };
        if check == Check::Unknown {
            self.safe_moves(scratch);
            return scratch.len();
        }
        if self.rules.special {
            if let Some(n) = self.special_legal_count(scratch) {
                return n;
            }
        }
        let king = self.royal[us.index()];
        if check.is_check() {
            return self.evasion_count(scratch, check, &pins, king);
        }
        // Moves of the king and of pinned pieces are listed in `scratch` and tested; the rest
        // are counted, except en passant captures, which the counter also lists for a test.
        let mut count = MoveCounter {
            count: 0,
            tested: scratch,
        };
        let pinned = !pins.is_empty();
        self.pieces(us).for_each(|from| {
            if from == king || (pinned && pins.contains(from)) {
                self.piece_moves(from, count.tested);
            } else {
                self.piece_moves(from, &mut count);
            }
        });
        // Not in check: no attack passes through the king (it would hit the king first), so a
        // square is attacked with the king in place exactly when it is with the king lifted,
        // and king moves and castling can share one memo of attacked squares.
        let mut memo = AttackMemo::default();
        self.castling_moves_from(&mut count, Some(false), &mut memo);
        let mut n = count.count;
        // An attacker limited to a region may reach past the king a square it could not reach
        // on the king's own: then king moves are tested with the king lifted.
        let shared_memo = !self.rules.attack_regions;
        for &m in scratch.iter() {
            n += if m.from == king && m.flag == MoveFlag::Normal && shared_memo {
                !memo.attacked(self, m.to, us.other())
            } else {
                self.test_move(m, us)
            } as usize;
        }
        n
    }

    /// `legal_move_count` in check: king moves and pinned pieces are tested; other moves
    /// count when they capture the single checker or block its line (none in double check).
    fn evasion_count(
        &mut self,
        scratch: &mut Vec<Move>,
        check: Check,
        pins: &Pins,
        king: Sq,
    ) -> usize {
        let us = self.side;
        let mut count = EvasionCounter {
            count: 0,
            tested: scratch,
            check,
            king,
        };
        self.pieces(us).for_each(|from| {
            if from == king || pins.contains(from) {
                self.piece_moves(from, count.tested);
            } else if check != Check::Double {
                self.piece_moves(from, &mut count);
            }
        });
        let mut n = count.count;
        for &m in scratch.iter() {
            n += self.test_move(m, us) as usize;
        }
        n
    }

    /// Does the pseudo-legal move `m` (castling comes fully checked from the generator) leave
    /// the mover's royal pieces safe, where the rules ask for it? On bitboards a plain move is
    /// answered without making it.
    pub fn keeps_royal_safe(&mut self, m: Move) -> bool {
        if self.rules.filters_moves() || self.rules.passes {
            // The options judge a move against the others (a capture elsewhere): list them.
            return self.is_legal(m);
        }
        let us = self.side;
        // The short test, where the rules have it and a plain move leaves only it to ask.
        if let Some(quick) = &self.rules.quick_attacks {
            if self.rules.king_safety
                && matches!(m.flag, MoveFlag::Normal | MoveFlag::DoubleStep)
                && self.royal_count[us.index()] == 1
                && !self.has_walls
            {
                let bit = |sq: Sq| self.rules.bit_of[sq as usize] as usize;
                return quick.safe_after(self, bit(m.from), bit(m.to), bit(self.royal[us.index()]));
            }
        }
        if !self.rules.king_safety || m.is_castle() {
            return true;
        }
        // A double step moves its piece as a plain move does (the en passant square it leaves
        // is no threat to its own side): tested the same way, without making it.
        if matches!(m.flag, MoveFlag::Normal | MoveFlag::DoubleStep)
            && self.royal_count[us.index()] == 1
        {
            if let Some(bits) = &self.rules.bits {
                return self.bits_safe_after(bits, m.from, m.to);
            }
        }
        self.test_move(m, us)
    }

    /// Does `m` (pseudo-legal, not castling) leave the mover's royal piece safe?
    pub(crate) fn test_move(&mut self, m: Move, us: Color) -> bool {
        let code = self.cell(m.from as usize);
        if m.flag == MoveFlag::Normal && code != EMPTY && self.rules.is_royal(code_kind(code)) {
            return !self.is_attacked_lifted(m.to, us.other(), m.from);
        }
        let undo = self.make(m);
        let safe = !self.in_check(us);
        self.unmake(m, undo);
        safe
    }

    /// Does the legal move `m` put the other side in check? A plain move on bitboards is
    /// answered without making it: the moved piece and the pieces it uncovers are looked at
    /// where they would stand.
    pub fn gives_check(&mut self, m: Move) -> bool {
        let them = self.side.other();
        let king = self.royal[them.index()];
        if matches!(m.flag, MoveFlag::Normal | MoveFlag::DoubleStep)
            && !self.rules.move_hooks()
            && self.royal_count[them.index()] == 1
            && m.to != king
        {
            if let Some(bits) = &self.rules.bits {
                return self.bits_gives_check(bits, m, king);
            }
        }
        let undo = self.make(m);
        let check = self.in_check(them);
        self.unmake(m, undo);
        check
    }

    /// May the mover of `m` become `k` by `m`, where the rules' promotion kinds differ by
    /// side (`promotion_by_side`) or by the promoting kind (`promotion_choices`)? A kind
    /// outside the rules' promotion kinds (a zone's `promotes_to`) is not theirs to refuse.
    pub(crate) fn may_promote_to(&self, m: Move, k: KindId) -> bool {
        let rules = &*self.rules;
        if !rules.promotion_kinds.contains(&k) {
            return true;
        }
        let by_side = rules
            .options
            .promotion_by_side
            .map_or(u64::MAX, |masks| masks[self.side.index()]);
        let mover = match m.dropped() {
            Some(_) => None,
            None => self.piece_at(m.from),
        };
        let by_kind = mover.map_or(u64::MAX, |p| {
            rules.kind(p.kind).promotion_choices.unwrap_or(u64::MAX)
        });
        (by_side & by_kind) >> k & 1 == 1
    }

    /// Does `m` capture (en passant included)? Castling never does.
    pub fn is_capture(&self, m: Move) -> bool {
        m.flag == MoveFlag::EnPassant
            || (!m.is_castle() && self.piece_at(m.to).is_some_and(|p| p.color != self.side))
    }

    /// Narrows `out[start..]`, the moves that keep the mover's royal safe, by the rules'
    /// options: no move that gives check, then captures only where one exists.
    /// With `walls` false, the moves are left without their blockers (for counting them).
    fn narrow_by_options(&mut self, out: &mut Vec<Move>, start: usize, walls: bool) {
        let options = self.rules.options;
        if options.promotion_by_side.is_some() || options.promotion_by_kind {
            let mut i = start;
            while i < out.len() {
                match out[i].promotion {
                    Some(k) if !self.may_promote_to(out[i], k) => {
                        out.swap_remove(i);
                    }
                    _ => i += 1,
                }
            }
        }
        if options.mutually_immune != 0 {
            self.remove_mutual_captures(out, start);
        }
        if options.royal_takes_checker_only && self.in_check(self.side) {
            self.keep_royal_moves_onto_the_checker(out, start);
        }
        if options.zone_promotion {
            self.add_zone_promotions(out, start);
        }
        if options.no_doubled_drop != 0 || options.no_drop_mate != 0 {
            self.remove_forbidden_drops(out, start);
        }
        if options.immobile_illegal {
            self.remove_immobilising_moves(out, start);
        }
        if options.promotion_in_place {
            self.add_in_place_promotions(out, start);
        }
        if options.royal_promotion {
            self.remove_unsafe_royal_promotions(out, start);
        }
        if options.first_moves {
            self.add_first_moves(out, start);
        }
        if options.gating {
            self.add_gated_moves(out, start);
        }
        if walls && options.walling.is_some() {
            self.add_walls(out, start);
        }
        if options.must_drop || options.drop_both_colours != 0 {
            self.narrow_by_placement(out, start);
        }
        if options.no_giving_check || options.no_checking_drops {
            let mut i = start;
            while i < out.len() {
                let m = out[i];
                if (options.no_giving_check || m.dropped().is_some()) && self.gives_check(m) {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
        if options.bikjang && self.royals_face() {
            self.keep_moves_ending_bikjang(out, start);
        }
        if options.drop_only.is_some() {
            self.remove_unenclosing_drops(out, start);
        }
        if options.passing[self.side.index()] != Passing::Never {
            self.add_pass(out, start);
        }
        if options.must_capture && out[start..].iter().any(|&m| self.is_capture(m)) {
            let mut i = start;
            while i < out.len() {
                if self.is_capture(out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }

    /// In check (makpong): drops every move of a royal piece but the capture of its one
    /// checker.
    fn keep_royal_moves_onto_the_checker(&self, out: &mut Vec<Move>, start: usize) {
        let them = self.side.other();
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let royal = m.dropped().is_none()
                && self.rules.is_royal(code_kind(self.board[m.from as usize]));
            if royal && self.attackers(m.from, them) != [m.to] {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// Drops the captures of a mutually immune kind's piece by one of its own kind.
    fn remove_mutual_captures(&self, out: &mut Vec<Move>, start: usize) {
        let immune = self.rules.options.mutually_immune;
        // The opponent's pieces of immune kinds (few: atomar's kings), so that most moves
        // are passed over by their target square alone.
        let them = self.side.other();
        let mut targets = [NO_SQ; 8];
        let mut n = 0;
        for kind in
            (0..self.rules.pieces.len() as crate::core::KindId).filter(|k| immune >> k & 1 == 1)
        {
            let Some(squares) = self.kind_squares(them, kind) else {
                return self.remove_mutual_captures_by_board(out, start);
            };
            for sq in squares {
                if n == targets.len() {
                    return self.remove_mutual_captures_by_board(out, start);
                }
                targets[n] = sq;
                n += 1;
            }
        }
        let targets = &targets[..n];
        // Most positions have no such capture at all: one attack test a target then saves
        // reading every move.
        if !targets.iter().any(|&t| self.is_attacked(t, self.side)) {
            return;
        }
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let same = targets.contains(&m.to)
                && m.dropped().is_none()
                && code_kind(self.board[m.from as usize]) == code_kind(self.board[m.to as usize]);
            if same {
                out.swap_remove(i);
            } else {
                i += 1;
            }
        }
    }

    /// [`Self::remove_mutual_captures`] reading every move's squares (no bitboards, or many
    /// immune pieces).
    fn remove_mutual_captures_by_board(&self, out: &mut Vec<Move>, start: usize) {
        let immune = self.rules.options.mutually_immune;
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let (from, to) = (self.board[m.from as usize], self.board[m.to as usize]);
            let same = m.dropped().is_none()
                && m.from != m.to
                && to != EMPTY
                && to != OFFBOARD
                && code_kind(from) == code_kind(to)
                && immune >> code_kind(from) & 1 == 1;
            if same {
                out.swap_remove(i);
            } else {
                i += 1;
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
pub(crate) fn push_move<S: MoveSink>(
    out: &mut S,
    from: Sq,
    to: Sq,
    promote: bool,
    kinds: &[u8],
    flag: MoveFlag,
) {
    if promote {
        for &k in kinds {
            out.push(Move {
                from,
                to,
                promotion: Some(k),
                flag,
                part: Part::None,
            });
        }
    } else {
        out.push(Move {
            from,
            to,
            promotion: None,
            flag,
            part: Part::None,
        });
    }
}

/// The moving piece's square and what its moves depend on.
struct Origin {
    from: Sq,
    us: usize,
    from_rank: u8,
    promotes: bool,
    promo_rank: u8,
}

/// Where generated moves go: a list, or a counter.
pub trait MoveSink {
    /// Takes one generated move.
    fn push(&mut self, m: Move);

    /// A move with no flag and no promotion.
    #[inline]
    fn push_plain(&mut self, from: Sq, to: Sq) {
        self.push(Move::new(from, to));
    }
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, m: Move) {
        Vec::push(self, m);
    }
}

/// Passes on the moves to one square.
struct OnlyTo<'a, S> {
    to: Sq,
    out: &'a mut S,
}

impl<S: MoveSink> MoveSink for OnlyTo<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        if m.to == self.to {
            self.out.push(m);
        }
    }
}

/// Counts moves, listing en passant captures for a test: only they can expose the king along
/// the rank of the two pawns.
struct MoveCounter<'a> {
    count: usize,
    tested: &'a mut Vec<Move>,
}

impl MoveSink for MoveCounter<'_> {
    #[inline]
    fn push_plain(&mut self, _from: Sq, _to: Sq) {
        self.count += 1;
    }

    #[inline]
    fn push(&mut self, m: Move) {
        if m.flag == MoveFlag::EnPassant {
            self.tested.push(m);
        } else {
            self.count += 1;
        }
    }
}

/// Attack answers already computed at one node (a handful of squares around the king).
#[derive(Default)]
pub(crate) struct AttackMemo {
    squares: [Sq; 16],
    attacked: [bool; 16],
    len: usize,
    /// Every square attacked, when known beforehand (a danger map, as a stored bitboard).
    known: Option<u128>,
}

impl AttackMemo {
    /// A memo that answers from a danger map.
    pub(crate) fn known(danger: u128) -> AttackMemo {
        AttackMemo {
            known: Some(danger),
            ..AttackMemo::default()
        }
    }

    #[inline]
    pub(crate) fn attacked(&mut self, pos: &Position, sq: Sq, by: Color) -> bool {
        if let Some(danger) = self.known {
            return danger & pos.rules.cell_bit[sq as usize] != 0;
        }
        if let Some(i) = self.squares[..self.len].iter().position(|&s| s == sq) {
            return self.attacked[i];
        }
        let a = pos.is_attacked(sq, by);
        if self.len < self.squares.len() {
            self.squares[self.len] = sq;
            self.attacked[self.len] = a;
            self.len += 1;
        }
        a
    }
}

/// Counts moves that answer a single check; en passant captures are listed for a test.
struct EvasionCounter<'a> {
    count: usize,
    tested: &'a mut Vec<Move>,
    check: Check,
    king: Sq,
}

impl MoveSink for EvasionCounter<'_> {
    #[inline]
    fn push_plain(&mut self, _from: Sq, to: Sq) {
        self.count += self.check.answered_by(self.king, to) as usize;
    }

    #[inline]
    fn push(&mut self, m: Move) {
        if m.flag == MoveFlag::EnPassant {
            self.tested.push(m);
        } else {
            self.push_plain(m.from, m.to);
        }
    }
}
