//! Piece kinds as data: a letter, a name and a list of movement components.
//!
//! A component is a set of step vectors (seen from White: `+dy` is forward) with a range
//! (1 = a single leap or step, 0 = unlimited ride, `n` = ride of at most `n` steps) and a few
//! flags. Every piece of every variant here is a list of such rows; move generation never asks
//! which piece it is looking at.

use crate::core::geometry::Color;

/// Index of a piece kind in its variant's piece table.
pub type KindId = u8;

/// Whether a component may move to an empty square, capture, or both.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveMode {
    /// Moves to an empty square or captures.
    Both,
    /// Moves only to an empty square (a pawn's push).
    MoveOnly,
    /// Only captures (a pawn's diagonal).
    CaptureOnly,
}

/// How a component's line treats the pieces on it (Betza's `p`, `g` and `n`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Motion {
    /// Leaps jump, rides stop at the first piece (which they may capture).
    #[default]
    Slide,
    /// Betza `p` (a cannon's capture): moves only beyond exactly one piece (of either side),
    /// the screen, along the line; it may capture the first piece past the screen.
    Hop,
    /// Betza `g` (grasshopper): lands on the square just past the first piece on the line.
    Grasshop,
    /// Betza `n`: a leap blocked by a piece on the squares it passes (xiangqi's horse and
    /// elephant); see [`lame_path`].
    Lame,
}

/// The squares a lame leap `(dx, dy)` passes, as offsets from its start, nearest first.
/// Each step goes the way that shortens the longer remaining distance (a diagonal step when
/// both are equal), as Fairy-Stockfish's `lame_leaper_path` reads it: a knight's leap passes
/// the orthogonal neighbour, an alfil's the diagonal one.
pub fn lame_path(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let (mut x, mut y) = (0i8, 0i8);
    let mut out = Vec::new();
    while (x, y) != (dx, dy) {
        let (rx, ry) = ((dx - x).abs(), (dy - y).abs());
        if rx >= ry {
            x += (dx - x).signum();
        }
        if ry >= rx {
            y += (dy - y).signum();
        }
        if (x, y) != (dx, dy) {
            out.push((x, y));
        }
    }
    out
}

/// What a piece contributes to the "can anyone still mate?" question.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatingPower {
    /// A king: counts for nothing.
    None,
    /// Cannot force mate alone, and not colour-bound (a knight).
    Minor,
    /// Confined to one square colour (a bishop): any number on one colour cannot mate.
    ColourBound,
    /// Enough to mate (with the king's help).
    Major,
}

/// One way a piece moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovementComponent {
    /// Step vectors from White's point of view; Black's are mirrored in `dy`.
    pub vectors: Vec<(i8, i8)>,
    /// 1 = one step, 0 = unlimited ride, `n` = ride of at most `n` steps.
    pub range: u8,
    /// Whether this component moves, captures or both.
    pub mode: MoveMode,
    /// Only from this rank counted from the mover's side (0 = its back rank).
    pub from_rank: Option<u8>,
    /// With `from_rank`: only from the files with a bit set here (bit 0 = file a), the same
    /// for both sides (wolf chess's pawns step two from b3, c3, f3 and g3 besides their
    /// second rank: Fairy-Stockfish's `doubleStepRegion` beyond whole ranks).
    pub from_files: Option<u32>,
    /// The squares stepped over must be empty (a pawn's double step).
    pub lame: bool,
    /// A pawn's double step: lands only on its far square, and leaves an en passant square
    /// behind (the square stepped over) unless `quiet_double` says not.
    pub double_step: bool,
    /// A double step that leaves no en passant square (a horde pawn's from its first rank).
    pub quiet_double: bool,
    /// May capture onto the en passant square.
    pub en_passant: bool,
    /// Destinations must lie on these ranks, counted from the mover's side, inclusive.
    pub region: Option<(u8, u8)>,
    /// How the line treats the pieces on it (plain leaps and rides, hoppers, lame leaps).
    pub motion: Motion,
    /// Only from one of these squares to another, as `(file, rank)` from White's side,
    /// 0-based, the same for both sides (the palace's diagonal lines in janggi:
    /// Fairy-Stockfish's `diagonalLines`). `None`: anywhere.
    pub lines: Option<Vec<(u8, u8)>>,
}

fn symmetric_images(dx: i8, dy: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::with_capacity(8);
    for (a, b) in [(dx, dy), (dy, dx)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (a * sa, b * sb);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

impl MovementComponent {
    fn with(vectors: Vec<(i8, i8)>, range: u8) -> MovementComponent {
        MovementComponent {
            vectors,
            range,
            mode: MoveMode::Both,
            from_rank: None,
            from_files: None,
            lame: false,
            double_step: false,
            quiet_double: false,
            en_passant: false,
            region: None,
            motion: Motion::Slide,
            lines: None,
        }
    }

    /// A single leap to every symmetric image of `(dx, dy)` (Betza's atoms: W, F, N, …).
    pub fn leap(dx: i8, dy: i8) -> MovementComponent {
        Self::with(symmetric_images(dx, dy), 1)
    }

    /// An unlimited ride along every symmetric image of `(dx, dy)` (R = ride(1,0), B = ride(1,1)).
    pub fn ride(dx: i8, dy: i8) -> MovementComponent {
        Self::with(symmetric_images(dx, dy), 0)
    }

    /// Single steps along exactly these vectors (for pieces with a forward direction).
    pub fn steps(vectors: &[(i8, i8)]) -> MovementComponent {
        Self::with(vectors.to_vec(), 1)
    }

    /// Limits a ride to at most `n` steps.
    pub fn max_range(mut self, n: u8) -> Self {
        self.range = n;
        self
    }
    /// Only to empty squares.
    pub fn move_only(mut self) -> Self {
        self.mode = MoveMode::MoveOnly;
        self
    }
    /// Only captures.
    pub fn capture_only(mut self) -> Self {
        self.mode = MoveMode::CaptureOnly;
        self
    }
    /// Only from `rank`, counted from the mover's side (0 = its back rank).
    pub fn from_rank(mut self, rank: u8) -> Self {
        self.from_rank = Some(rank);
        self
    }
    /// Only from the files set in `mask` (bit 0 = file a), on its `from_rank`.
    pub fn from_files(mut self, mask: u32) -> Self {
        self.from_files = Some(mask);
        self
    }
    /// A two-square pawn step: lame, move-only, leaves an en passant square.
    pub fn double_step(mut self) -> Self {
        self.lame = true;
        self.double_step = true;
        self.mode = MoveMode::MoveOnly;
        self
    }
    /// A double step that leaves no en passant square behind.
    pub fn quiet_double_step(mut self) -> Self {
        self = self.double_step();
        self.quiet_double = true;
        self
    }
    /// May also capture onto the en passant square (a pawn's capture).
    pub fn en_passant(mut self) -> Self {
        self.en_passant = true;
        self
    }
    /// Destinations only on ranks `lo..=hi`, counted from the mover's side.
    pub fn region(mut self, lo: u8, hi: u8) -> Self {
        self.region = Some((lo, hi));
        self
    }

    /// Only from one of `squares` to another (see [`MovementComponent::lines`]).
    pub fn on_lines(mut self, squares: Vec<(u8, u8)>) -> Self {
        self.lines = Some(squares);
        self
    }

    /// Treats the pieces on its line as `motion` says.
    pub fn motion(mut self, motion: Motion) -> Self {
        self.motion = motion;
        self
    }

    /// The largest file or rank distance of one step.
    pub fn reach(&self) -> u8 {
        self.vectors
            .iter()
            .map(|&(dx, dy)| dx.unsigned_abs().max(dy.unsigned_abs()))
            .max()
            .unwrap_or(1)
    }
}

/// A row of the piece table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    /// Canonical upper-case letter (White's letter in most notations).
    pub letter: char,
    /// Lower-case name (`knight`, `flying dragon`).
    pub name: String,
    /// Losing it loses the game; moves may not leave it attacked (where the variant says so).
    pub royal: bool,
    /// Royal for every rule of play, but an attack on it is not written as a check (`+`):
    /// Fairy-Stockfish's pseudo-royal pieces (coregal's queens) beside its king.
    pub pseudo_royal: bool,
    /// Reaching the last rank promotes it (to one of the variant's promotion kinds).
    pub promotes: bool,
    /// Resets the fifty-move counter when it moves (pawns, soldiers).
    pub resets_clock: bool,
    /// What it adds to the "can anyone still mate?" question.
    pub mating_power: MatingPower,
    /// The ways it moves; a move may use any of them.
    pub components: Vec<MovementComponent>,
    /// Where the rules have drops: the ranks, counted from the dropper's side (0 = its back
    /// rank), it may be dropped on, inclusive; `None`: any empty square.
    pub drop_ranks: Option<(u8, u8)>,
    /// The squares it may move to (and attack), as `(file, rank)` from White's side, 0-based;
    /// Black's are these mirrored top to bottom (the palace, an elephant's own half). `None`:
    /// the whole board.
    pub zone: Option<Vec<(u8, u8)>>,
    /// Written with a `+` before its letter (FEN `+P`, as Fairy-Stockfish writes shogi's
    /// promoted pieces): a promoted kind, whose letter is that of the kind it promotes from.
    pub plus: bool,
    /// The kind it may promote to in its promotion zone (`promotion_zone`), any kind, not only
    /// a pawn's; compulsory where it could never move again.
    pub promotes_to: Option<KindId>,
    /// The ranks, counted from the owner's side (0 = its back rank), inclusive, where a move
    /// that starts or ends may promote it to `promotes_to`.
    pub promotion_zone: Option<(u8, u8)>,
    /// A move that starts or ends in its promotion zone must promote (makruk's pawn,
    /// Fairy-Stockfish's mandatory piece promotion); otherwise promoting there is a choice.
    pub must_promote: bool,
    /// It promotes to `promotes_to` by a move of its own rather than on arriving: where it
    /// stands, or by one of the promoted kind's moves to an empty square
    /// (`core::promotion_in_place`; Fairy-Stockfish's `sittuyinPromotion`).
    pub promotion_in_place: bool,
    /// With `promotion_in_place`: the squares it must stand on to promote, as White's
    /// `(file, rank)` (Black's mirrored top to bottom), unless it is its side's last piece
    /// of its kind. `None`: anywhere.
    pub promotion_squares: Option<Vec<(u8, u8)>>,
    /// No piece promotes to this kind while its side has this many of it on the board
    /// (Fairy-Stockfish's `promotionLimit`).
    pub promotion_limit: Option<u8>,
    /// A pawn-like kind's own promotion kinds, a bit per kind among the rules' (wolf chess's
    /// pawn may also become an elephant, its sergeant not). `None`: all of them.
    pub promotion_choices: Option<u64>,
    /// Captured (with drops), it goes to the captor's hand as this kind (a promoted kind
    /// returns unpromoted).
    pub demotes_to: Option<KindId>,
    /// The letter SAN writes for it where that is not its FEN letter (xiangqi's horse is `N`
    /// in a FEN and `H` in SAN, as Fairy-Stockfish writes them).
    pub san_letter: Option<char>,
    /// It neither jumps over nor captures a piece of its own kind, of either side (the
    /// janggi cannon).
    pub avoids_own_kind: bool,
    /// A pawn-like kind's promotion squares where they are not whole ranks (troitzky's last
    /// square of each file): White's and Black's, as `(file, rank)`, 0-based.
    pub promotion_cells: Option<[Vec<(u8, u8)>; 2]>,
    /// Moves it may make only while it stands where it started (`core::first_moves`:
    /// Cambodian chess's king and met).
    pub first_moves: Option<crate::core::first_moves::FirstMoves>,
}

impl PieceKind {
    /// A kind with upper-cased `letter`: not royal, not promoting, a major piece for mating.
    pub fn new(letter: char, name: &str, components: Vec<MovementComponent>) -> PieceKind {
        PieceKind {
            letter: letter.to_ascii_uppercase(),
            name: name.to_string(),
            royal: false,
            pseudo_royal: false,
            promotes: false,
            resets_clock: false,
            mating_power: MatingPower::Major,
            components,
            drop_ranks: None,
            zone: None,
            plus: false,
            promotes_to: None,
            promotion_zone: None,
            must_promote: false,
            promotion_in_place: false,
            promotion_squares: None,
            promotion_limit: None,
            promotion_choices: None,
            demotes_to: None,
            san_letter: None,
            avoids_own_kind: false,
            promotion_cells: None,
            first_moves: None,
        }
    }

    /// A pawn-like kind (`promotes`) with a promotion zone and no `promotes_to`: a move that
    /// ends in the zone may promote it to the rules' promotion kinds (Fairy-Stockfish's
    /// `promotionRegion`), which `core::zone_promotion` adds, not the generators.
    pub fn promotes_in_zone(&self) -> bool {
        self.promotes
            && self.promotes_to.is_none()
            && (self.promotion_zone.is_some() || self.promotion_cells.is_some())
    }

    /// Do the generators promote it, on the last rank (a pawn without a zone of its own)?
    pub fn promotes_on_last_rank(&self) -> bool {
        self.promotes && self.promotion_zone.is_none() && self.promotion_cells.is_none()
    }

    /// The letter SAN writes for it.
    pub fn san(&self) -> char {
        self.san_letter.unwrap_or(self.letter)
    }
    /// Royal, and counting for nothing towards mate.
    pub fn royal(mut self) -> Self {
        self.royal = true;
        self.mating_power = MatingPower::None;
        self
    }
    /// Promotes on the last rank and resets the fifty-move counter, as a pawn.
    pub fn pawn_like(mut self) -> Self {
        self.promotes = true;
        self.resets_clock = true;
        self
    }
    /// Sets what it adds to the "can anyone still mate?" question.
    pub fn mating_power(mut self, power: MatingPower) -> Self {
        self.mating_power = power;
        self
    }
}

/// A coloured piece as stored in a mailbox cell: `1 + (kind << 1 | colour)`.
/// 0 is an empty cell and 127 an off-board one: no piece has code 127 (at most 60 kinds give
/// codes up to 121), so a 128-bit mask of attacker codes rejects off-board cells by itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind in the variant's piece table.
    pub kind: KindId,
}

/// Cell code of an empty on-board square.
pub const EMPTY: u8 = 0;
/// Cell code of a padding cell off the board.
pub const OFFBOARD: u8 = 127;

impl Piece {
    /// A piece of `kind` for `color`.
    pub fn new(color: Color, kind: KindId) -> Piece {
        Piece { color, kind }
    }
    /// Its mailbox cell code, `1 + (kind << 1 | colour)`.
    #[inline]
    pub fn code(self) -> u8 {
        1 + ((self.kind << 1) | self.color as u8)
    }
    /// The piece of a cell code; `None` for an empty or off-board cell.
    #[inline]
    pub fn from_code(code: u8) -> Option<Piece> {
        if code == EMPTY || code == OFFBOARD {
            return None;
        }
        let v = code - 1;
        let color = if v & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, v >> 1))
    }
}

/// Colour of an occupied cell code (caller guarantees it is a piece).
#[inline]
pub fn code_color(code: u8) -> usize {
    ((code - 1) & 1) as usize
}

/// Kind of an occupied cell code (caller guarantees it is a piece).
#[inline]
pub fn code_kind(code: u8) -> KindId {
    (code - 1) >> 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_has_eight_images_and_wazir_four() {
        assert_eq!(MovementComponent::leap(1, 2).vectors.len(), 8);
        assert_eq!(MovementComponent::leap(1, 0).vectors.len(), 4);
        assert_eq!(MovementComponent::leap(1, 1).vectors.len(), 4);
        assert_eq!(MovementComponent::leap(2, 2).reach(), 2);
    }

    #[test]
    fn lame_paths_pass_the_squares_fairy_stockfish_blocks_on() {
        assert_eq!(lame_path(1, 2), vec![(0, 1)]);
        assert_eq!(lame_path(-2, 1), vec![(-1, 0)]);
        assert_eq!(lame_path(2, 2), vec![(1, 1)]);
        assert_eq!(lame_path(2, 0), vec![(1, 0)]);
        assert_eq!(lame_path(1, 1), vec![]);
        assert_eq!(lame_path(2, 3), vec![(0, 1), (1, 2)]);
    }

    #[test]
    fn piece_codes_round_trip() {
        for kind in 0..60 {
            for color in Color::BOTH {
                let p = Piece::new(color, kind);
                assert_ne!(p.code(), EMPTY);
                assert_ne!(p.code(), OFFBOARD);
                assert_eq!(Piece::from_code(p.code()), Some(p));
                assert_eq!(code_color(p.code()), color.index());
                assert_eq!(code_kind(p.code()), kind);
            }
        }
    }
}
