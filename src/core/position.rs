//! A position: the mailbox, the bitboards (or, on the mailbox backend, piece lists), side to
//! move, castling rights, en passant square, clocks, walls and the incremental Zobrist key.

use std::sync::Arc;

use crate::core::geometry::{Color, Sq, Square};
use crate::core::piece::{code_color, code_kind, KindId, Piece, EMPTY, OFFBOARD};
use crate::core::rules::Rules;
use crate::core::squares::PieceSquares;

/// No square (cell 0 is always padding, so it can never be a real square).
pub const NO_SQ: Sq = 0;

/// A stored bitboard of up to 128 squares as two 64-bit words, low first. A board of up to 64
/// squares only ever touches the low word, so make and unmake update one word where a `u128`
/// took two (and the compiler's vector code for it), and reads are as wide as the writes
/// before them (measured: start position, depth 4, every leaf made, 83.1 M -> 81.8 M
/// instructions).
pub(crate) type Halves = [u64; 2];

/// The 128-bit bitboard of `halves`.
#[inline(always)]
pub(crate) fn joined(halves: Halves) -> u128 {
    halves[0] as u128 | (halves[1] as u128) << 64
}

/// Toggles `bits` in `halves`, the high word only on a board of more than 64 squares.
#[inline(always)]
fn toggle(halves: &mut Halves, bits: u128, narrow: bool) {
    halves[0] ^= bits as u64;
    if !narrow {
        halves[1] ^= (bits >> 64) as u64;
    }
}

/// A position of some variant's rules: the pieces on the board, walls, side to move, castling
/// rights, en passant square, clocks and the Zobrist key kept up to date by every change.
/// Copied by `core::position_clone`, which can copy into a position's own buffers.
#[derive(Debug)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) board: Vec<u8>,
    /// Per cell, bit `d` set: a step from this cell in unit direction `d` is blocked by a wall.
    pub(crate) walls: Vec<u8>,
    pub(crate) has_walls: bool,
    /// Mailbox backend only (else empty): per colour, its pieces' squares, and per cell the
    /// index of its piece in that list. The bitboard backend reads the squares from `occ`
    /// instead, which spares make and unmake the list's upkeep.
    pub(crate) plist: [Vec<Sq>; 2],
    pub(crate) slot: Vec<u16>,
    pub(crate) royal: [Sq; 2],
    pub(crate) royal_count: [u16; 2],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Sq,
    /// The piece an en passant capture onto `ep` removes: where the double step that left
    /// `ep` landed (berolina's diagonal step passes d6 and lands on c5 or e5; a FEN of one
    /// square gives the square behind it). Meaningful only while `ep` is set.
    pub(crate) ep_victim: Sq,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Checks each side has given, where the rules count them (`RuleOptions::check_limit`).
    pub(crate) checks: [u8; 2],
    /// Pieces removed by explosions on the line played, for unmake (`core::blast`).
    pub(crate) blasted: Vec<(Sq, u8)>,
    /// Promotion origins moves took off their squares, for unmake (`core::drops`): per
    /// move made with drops on, [the moving piece's, the captured piece's].
    pub(crate) carried: Vec<[u8; 2]>,
    /// Where the rules have drops (else empty): per piece code, how many are in hand.
    pub(crate) hand: Vec<u16>,
    /// Where the rules have drops (else empty): per cell, the kind + 1 its piece was promoted
    /// from (0: not promoted), the kind it returns to a hand as when captured.
    pub(crate) origin: Vec<u8>,
    pub(crate) key: u64,
    /// Bitboard backend only (else empty): per piece code, the squares it stands on.
    pub(crate) bb: Vec<Halves>,
    /// Bitboard backend: per colour, its pieces' squares.
    pub(crate) occ: [Halves; 2],
    /// The board fits 64 squares: the high halves of `bb` and `occ` stay zero.
    pub(crate) narrow: bool,
    /// Bitboard backend: per unit direction, the squares a step out of which a wall blocks.
    pub(crate) wall_bb: [u128; 8],
    /// Where the rules gate (`RuleOptions::gating`): per colour, the squares (cell bits) whose
    /// pieces have not moved yet and may still let a piece in from the hand.
    pub(crate) gates: [u128; 2],
    /// The gates before each move made on the line played, for unmake (`core::gating`).
    pub(crate) gate_history: Vec<[u128; 2]>,
    /// Under the duck rule (`RuleOptions::walling`), the duck's square (`NO_SQ`: not placed
    /// yet); blockers' cells hold `OFFBOARD`.
    pub(crate) duck: Sq,
    /// The duck's square before each move made on the line played, for unmake.
    pub(crate) duck_history: Vec<Sq>,
    /// Under a flip rule, per move made on the line played: the squares whose pieces it
    /// turned over, then their number, for unmake (`core::enclosing`).
    pub(crate) flipped: Vec<Sq>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.walls == other.walls
            && self.side == other.side
            && self.castling == other.castling
            && self.ep == other.ep
            && (self.ep == NO_SQ || self.ep_victim == other.ep_victim)
            && self.halfmove == other.halfmove
            && self.fullmove == other.fullmove
            && self.checks == other.checks
            && self.hand == other.hand
            && self.origin == other.origin
            && self.gates == other.gates
            && self.key == other.key
    }
}

/// The most pieces of one kind a position may be given in hand (a FEN's hand): with every
/// piece a board can hold captured on top, a count still fits its `u16`.
pub const MAX_IN_HAND: u16 = 60_000;

impl Position {
    /// An empty board, White to move, no castling rights, move 1.
    pub fn empty(rules: Arc<Rules>) -> Position {
        let shape = &rules.shape;
        let mut board = vec![OFFBOARD; shape.cells()];
        for sq in shape.squares() {
            board[sq as usize] = EMPTY;
        }
        let cells = shape.cells();
        let listed = rules.bits.is_none();
        let mut pos = Position {
            board,
            walls: vec![0; cells],
            has_walls: false,
            plist: if listed {
                [Vec::with_capacity(64), Vec::with_capacity(64)]
            } else {
                [Vec::new(), Vec::new()]
            },
            slot: if listed { vec![0; cells] } else { Vec::new() },
            royal: [NO_SQ; 2],
            royal_count: [0; 2],
            side: Color::White,
            castling: 0,
            ep: NO_SQ,
            ep_victim: NO_SQ,
            halfmove: 0,
            fullmove: 1,
            checks: [0; 2],
            blasted: Vec::new(),
            carried: Vec::new(),
            hand: if rules.options.hands() {
                vec![0; 2 * rules.pieces.len() + 1]
            } else {
                Vec::new()
            },
            origin: if rules.options.drops {
                vec![0; cells]
            } else {
                Vec::new()
            },
            key: 0,
            bb: if rules.bits.is_some() {
                vec![[0; 2]; 2 * rules.pieces.len() + 2]
            } else {
                Vec::new()
            },
            occ: [[0; 2]; 2],
            narrow: rules.bit_cell.len() <= 64,
            wall_bb: [0; 8],
            gates: [0; 2],
            gate_history: Vec::new(),
            duck: NO_SQ,
            duck_history: Vec::new(),
            flipped: Vec::new(),
            rules,
        };
        pos.key = pos.compute_key();
        pos
    }

    /// The compiled rules this position is played under, shared with the positions made from
    /// it and, as a rule, with every position of the variant (a replayed game's standard
    /// positions are on their thread's own copy: `standard::thread_rules`).
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }
    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// Castling rights, bit `i` for `Rules::castling[i]`.
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    /// The square a double step just passed over, where an en passant capture may land.
    pub fn en_passant(&self) -> Option<Sq> {
        (self.ep != NO_SQ).then_some(self.ep)
    }
    /// Half-moves since the last capture or move of a clock-resetting piece (the fifty-move rule).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// The move number, from 1, counted up after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// The incremental Zobrist key.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The code of a mailbox cell on the hot path.
    ///
    /// Generation only reads cells reached from an on-board square by at most `pad` files and
    /// ranks (rides stop at the first off-board cell), and the padding is `pad` cells wide, so
    /// the index is always inside the mailbox.
    #[inline(always)]
    pub(crate) fn cell(&self, i: usize) -> u8 {
        debug_assert!(i < self.board.len());
        // SAFETY: see above; `board.len()` is fixed at construction.
        unsafe { *self.board.get_unchecked(i) }
    }

    /// The piece on a mailbox cell; `None` for an empty cell, a padding cell or an index past
    /// the mailbox.
    #[inline]
    pub fn piece_at(&self, sq: Sq) -> Option<Piece> {
        Piece::from_code(*self.board.get(sq as usize)?)
    }

    /// Squares of `color`'s pieces (see `PieceSquares` for their order).
    #[inline]
    pub fn pieces(&self, color: Color) -> PieceSquares<'_> {
        if self.bb.is_empty() {
            PieceSquares::listed(&self.plist[color.index()])
        } else {
            PieceSquares::from_bits(joined(self.occ[color.index()]), &self.rules.bit_cell)
        }
    }

    /// How many pieces `color` has.
    pub fn piece_count(&self, color: Color) -> usize {
        self.pieces(color).len()
    }

    /// The square of `color`'s royal piece if it has exactly one.
    pub fn royal_square(&self, color: Color) -> Option<Sq> {
        (self.royal_count[color.index()] == 1).then_some(self.royal[color.index()])
    }

    /// How many royal pieces `color` has.
    pub fn royal_count(&self, color: Color) -> usize {
        self.royal_count[color.index()] as usize
    }

    /// Sets the side to move, keeping the key in step.
    pub fn set_side_to_move(&mut self, color: Color) {
        if color != self.side {
            self.side = color;
            self.key ^= self.rules.zobrist.side;
        }
    }

    /// Replaces the castling rights (bit `i` for `Rules::castling[i]`), keeping the key in step.
    pub fn set_castling_rights(&mut self, rights: u8) {
        let z = &self.rules.zobrist;
        self.key ^= z.castling_rights(self.castling) ^ z.castling_rights(rights);
        self.castling = rights;
    }

    /// Sets or clears the en passant square, keeping the key in step. The piece a capture
    /// there removes is the one straight behind it, from the side to move's view (set the
    /// side first); `set_en_passant_victim` names another.
    pub fn set_en_passant(&mut self, sq: Option<Sq>) {
        self.key ^= self.ep_key(self.ep);
        self.ep = sq.unwrap_or(NO_SQ);
        self.key ^= self.ep_key(self.ep);
        if let Some(sq) = sq {
            self.ep_victim = self.square_behind(sq);
        }
    }

    /// The square behind `ep` from the side to move's view: where a straight double step
    /// that passed `ep` landed.
    pub fn square_behind(&self, ep: Sq) -> Sq {
        let shape = &self.rules.shape;
        let back = match self.side {
            Color::White => -1,
            Color::Black => 1,
        };
        shape
            .try_sq(shape.file_of(ep) as i32, shape.rank_of(ep) as i32 + back)
            .unwrap_or(ep)
    }

    /// The square of the piece an en passant capture removes, where it is not the one straight
    /// behind the en passant square (a diagonal double step's: Fairy-Stockfish's FEN names
    /// it beside the square passed, `c5d6`). Call after `set_en_passant`.
    pub fn set_en_passant_victim(&mut self, sq: Sq) {
        self.ep_victim = sq;
    }

    /// The square of the piece an en passant capture removes (`None` without an en passant
    /// square).
    pub fn en_passant_victim(&self) -> Option<Sq> {
        (self.ep != NO_SQ).then_some(self.ep_victim)
    }

    /// Sets the fifty-move half-move clock and the move number (neither is in the key).
    pub fn set_clocks(&mut self, halfmove: u32, fullmove: u32) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// Checks `color` has given, where the rules count them (0 otherwise).
    pub fn checks_given(&self, color: Color) -> u8 {
        self.checks[color.index()]
    }

    /// Sets the checks `color` has given (at most 15), keeping the key up to date.
    pub fn set_checks_given(&mut self, color: Color, n: u8) {
        let z = &self.rules.zobrist.checks[color.index()];
        let c = &mut self.checks[color.index()];
        self.key ^= z[*c as usize & 15] ^ z[n as usize & 15];
        *c = n.min(15);
    }

    /// Puts a piece on an empty on-board square (replacing whatever is there), not promoted.
    pub fn put(&mut self, sq: Sq, piece: Piece) {
        if self.board[sq as usize] != EMPTY {
            self.remove(sq);
        }
        self.add_piece::<true>(sq, piece.code());
    }

    /// Removes the piece on `sq`, if any, and returns it.
    pub fn remove(&mut self, sq: Sq) -> Option<Piece> {
        let code = self.board[sq as usize];
        let piece = Piece::from_code(code)?;
        self.remove_piece::<true>(sq, code);
        if let Some(o) = self.origin.get_mut(sq as usize) {
            *o = 0;
        }
        Some(piece)
    }

    /// How many pieces of `kind` `color` holds in hand (0 where the rules have no hands).
    pub fn hand_count(&self, color: Color, kind: KindId) -> u16 {
        let code = Piece::new(color, kind).code();
        self.hand.get(code as usize).copied().unwrap_or(0)
    }

    /// Sets how many pieces of `kind` `color` holds in hand, keeping the key in step. Refused
    /// (false) where the rules have no hands, for a kind not in the table, and for more than
    /// [`MAX_IN_HAND`].
    pub fn set_hand_count(&mut self, color: Color, kind: KindId, n: u16) -> bool {
        let code = Piece::new(color, kind).code();
        if n > MAX_IN_HAND || code as usize >= self.hand.len() {
            return false;
        }
        let z = &self.rules.zobrist;
        let held = &mut self.hand[code as usize];
        self.key ^= z.hand(code, *held) ^ z.hand(code, n);
        *held = n;
        true
    }

    /// The kind the piece on `sq` was promoted from (where the rules have drops: it returns to
    /// a hand as that kind), or `None`.
    pub fn promoted_from(&self, sq: Sq) -> Option<KindId> {
        let o = *self.origin.get(sq as usize)?;
        (o != 0).then(|| o - 1)
    }

    /// Marks the piece on `sq` as promoted from `kind` (or not promoted). Refused (false)
    /// where the rules have no drops or `sq` holds no piece.
    pub fn set_promoted_from(&mut self, sq: Sq, kind: Option<KindId>) -> bool {
        if self.piece_at(sq).is_none() {
            return false;
        }
        match self.origin.get_mut(sq as usize) {
            Some(o) => {
                *o = kind.map_or(0, |k| k + 1);
                true
            }
            None => false,
        }
    }

    /// Blocked-direction mask of a cell (see `walls`).
    pub fn wall_mask(&self, sq: Sq) -> u8 {
        self.walls[sq as usize]
    }

    /// Sets which unit-direction steps out of `sq` are blocked by walls.
    pub fn set_wall_mask(&mut self, sq: Sq, mask: u8) {
        self.walls[sq as usize] = mask;
        let bit = self.rules.cell_bit[sq as usize];
        for (d, walls) in self.wall_bb.iter_mut().enumerate() {
            if mask >> d & 1 == 1 {
                *walls |= bit;
            } else {
                *walls &= !bit;
            }
        }
        if mask != 0 {
            self.has_walls = true;
        }
    }

    /// Is a step from `sq` in unit direction `dir` blocked?
    #[inline]
    pub fn step_blocked(&self, sq: Sq, dir: u8) -> bool {
        self.has_walls && dir < 8 && self.walls[sq as usize] >> dir & 1 == 1
    }

    #[inline]
    pub(crate) fn ep_key(&self, ep: Sq) -> u64 {
        if ep == NO_SQ {
            0
        } else {
            self.rules.zobrist.ep_file[self.rules.shape.file_of(ep) as usize]
        }
    }

    /// The Zobrist key computed from scratch (equals `key()` unless something is broken).
    pub fn compute_key(&self) -> u64 {
        let z = &self.rules.zobrist;
        let mut k = 0;
        for sq in self.rules.shape.squares() {
            let code = self.board[sq as usize];
            if code == OFFBOARD {
                k ^= z.blocker(sq as usize);
            } else if code != EMPTY {
                k ^= z.piece(sq as usize, code);
            }
        }
        if self.side == Color::Black {
            k ^= z.side;
        }
        for (code, &n) in self.hand.iter().enumerate() {
            k ^= z.hand(code as u8, n);
        }
        k ^= self.gates_key();
        k ^ z.castling_rights(self.castling)
            ^ self.ep_key(self.ep)
            ^ z.checks[0][self.checks[0] as usize & 15]
            ^ z.checks[1][self.checks[1] as usize & 15]
    }

    /// Puts `code` on the empty `sq`. `KEY`: update the Zobrist key too (unmake does not: it
    /// restores the key from its `Undo`). The same for `remove_piece` and `move_piece`.
    #[inline]
    pub(crate) fn add_piece<const KEY: bool>(&mut self, sq: Sq, code: u8) {
        let c = code_color(code);
        self.board[sq as usize] = code;
        if KEY {
            self.key ^= self.rules.zobrist.piece(sq as usize, code);
        }
        if let Some(w) = self.bb.get_mut(code as usize) {
            let bit = self.rules.cell_bit[sq as usize];
            toggle(w, bit, self.narrow);
            toggle(&mut self.occ[c], bit, self.narrow);
        } else {
            self.slot[sq as usize] = self.plist[c].len() as u16;
            self.plist[c].push(sq);
        }
        if self.rules.is_royal(code_kind(code)) {
            self.royal[c] = sq;
            self.royal_count[c] += 1;
        }
    }

    #[inline]
    pub(crate) fn remove_piece<const KEY: bool>(&mut self, sq: Sq, code: u8) {
        let c = code_color(code);
        self.board[sq as usize] = EMPTY;
        if KEY {
            self.key ^= self.rules.zobrist.piece(sq as usize, code);
        }
        if let Some(w) = self.bb.get_mut(code as usize) {
            let bit = self.rules.cell_bit[sq as usize];
            toggle(w, bit, self.narrow);
            toggle(&mut self.occ[c], bit, self.narrow);
        } else {
            let i = self.slot[sq as usize] as usize;
            let list = &mut self.plist[c];
            list.swap_remove(i);
            if let Some(&moved) = list.get(i) {
                self.slot[moved as usize] = i as u16;
            }
        }
        if self.rules.is_royal(code_kind(code)) {
            self.royal_removed(c);
        }
    }

    /// After a royal piece of colour `c` left the board: one fewer, and the square of the
    /// last one if one is left. Rare (legal chess never takes a king), so kept out of line.
    #[cold]
    fn royal_removed(&mut self, c: usize) {
        self.royal_count[c] -= 1;
        if self.royal_count[c] == 1 {
            let royal_kinds = self.rules.royal_kinds;
            let board = &self.board;
            if let Some(s) = self
                .pieces(Color::from_index(c))
                .find(|&s| royal_kinds >> code_kind(board[s as usize]) & 1 == 1)
            {
                self.royal[c] = s;
            }
        }
    }

    #[inline]
    pub(crate) fn move_piece<const KEY: bool>(&mut self, from: Sq, to: Sq, code: u8) {
        let c = code_color(code);
        let (f, t) = (from as usize, to as usize);
        debug_assert!(f < self.board.len() && t < self.board.len());
        debug_assert!(self.bb.is_empty() || (code as usize) < self.bb.len());
        let rules = &*self.rules;
        // SAFETY: `from` and `to` are on-board cells of this position's shape (moves come from
        // its generator), and every table indexed here has one entry per cell, or per cell and
        // code; `bb`, when present, has one word per code of the piece table. The hot path of
        // make/unmake, so no bounds checks.
        unsafe {
            *self.board.get_unchecked_mut(f) = EMPTY;
            *self.board.get_unchecked_mut(t) = code;
            if KEY {
                let z = &rules.zobrist;
                self.key ^= z.piece_unchecked(f, code) ^ z.piece_unchecked(t, code);
            }
            if !self.bb.is_empty() {
                let bits = *rules.cell_bit.get_unchecked(f) | *rules.cell_bit.get_unchecked(t);
                toggle(self.bb.get_unchecked_mut(code as usize), bits, self.narrow);
                toggle(&mut self.occ[c], bits, self.narrow);
            } else {
                let i = *self.slot.get_unchecked(f);
                *self.slot.get_unchecked_mut(t) = i;
                *self.plist[c].get_unchecked_mut(i as usize) = to;
            }
        }
        if self.royal[c] == from && rules.is_royal(code_kind(code)) {
            self.royal[c] = to;
        }
    }

    /// The same position on another backend of the same rules (see `Rules::on_backend`): the
    /// mailbox is the oracle the bitboards are compared with.
    pub fn on_backend(&self, backend: crate::core::Backend) -> Position {
        let mut pos = Position::empty(Arc::new(self.rules.on_backend(backend)));
        for color in Color::BOTH {
            for sq in self.pieces(color) {
                pos.add_piece::<true>(sq, self.board[sq as usize]);
            }
        }
        for sq in self.rules.shape.squares() {
            if self.walls[sq as usize] != 0 {
                pos.set_wall_mask(sq, self.walls[sq as usize]);
            }
        }
        pos.set_side_to_move(self.side);
        pos.set_castling_rights(self.castling);
        pos.set_en_passant(self.en_passant());
        pos.ep_victim = self.ep_victim;
        pos.set_clocks(self.halfmove, self.fullmove);
        pos.set_checks_given(Color::White, self.checks[0]);
        pos.set_checks_given(Color::Black, self.checks[1]);
        for (code, &n) in self.hand.iter().enumerate() {
            if let Some(p) = Piece::from_code(code as u8) {
                pos.set_hand_count(p.color, p.kind, n);
            }
        }
        pos.origin.clone_from(&self.origin);
        pos
    }

    /// Calls `f` with the square of each of `color`'s pieces of `kind` (from the kind's
    /// bitboard on the bitboard backend, else from the piece list).
    pub fn for_each_square_of(&self, color: Color, kind: KindId, mut f: impl FnMut(Sq)) {
        if let Some(squares) = self.kind_squares(color, kind) {
            return squares.for_each(f);
        }
        let code = Piece::new(color, kind).code();
        for sq in self.pieces(color) {
            if self.board[sq as usize] == code {
                f(sq);
            }
        }
    }

    /// `for_each_square_of`, leaving out pieces that could not reach `to` even on an empty
    /// board (on the bitboard backend; the mailbox calls `f` for every piece of the kind).
    pub fn for_each_square_reaching(&self, color: Color, kind: KindId, to: Sq, f: impl FnMut(Sq)) {
        match &self.rules.bits {
            Some(bits) => self.bits_squares_reaching(bits, color, kind, to, f),
            None => self.for_each_square_of(color, kind, f),
        }
    }

    /// Bitboard backend only: the squares of `color`'s pieces of `kind`, from the kind's word.
    #[inline]
    pub(crate) fn kind_squares(&self, color: Color, kind: KindId) -> Option<PieceSquares<'_>> {
        let bits = self.bb.get(Piece::new(color, kind).code() as usize)?;
        Some(PieceSquares::from_bits(joined(*bits), &self.rules.bit_cell))
    }

    /// Count of `color`'s pieces of `kind`.
    #[inline]
    pub fn count(&self, color: Color, kind: KindId) -> usize {
        if let Some(squares) = self.kind_squares(color, kind) {
            return squares.len();
        }
        self.pieces(color)
            .filter(|&s| code_kind(self.board[s as usize]) == kind)
            .count()
    }

    /// A text diagram (rank from the top, `.` for empty), for debugging and tests.
    pub fn diagram(&self) -> String {
        let shape = &self.rules.shape;
        let mut out = String::new();
        for r in (0..shape.ranks()).rev() {
            for f in 0..shape.files() {
                let sq = shape.sq(Square::new(f, r));
                out.push(match self.piece_at(sq) {
                    None => '.',
                    Some(p) => {
                        let l = self.rules.kind(p.kind).letter;
                        if p.color == Color::White {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        }
                    }
                });
            }
            out.push('\n');
        }
        out
    }
}
