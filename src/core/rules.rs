//! A variant's rules as data, compiled into mailbox step tables.
//!
//! `Rules` is built once per variant (or per board size, for FollowChess) and shared by every
//! position of that variant through an `Arc`. Compilation turns each movement component into
//! mailbox offsets for each colour and groups capture components into attack groups, so that
//! generation and attack tests are table walks.

use std::sync::Arc;

use crate::core::bitboard::castling::castle_bits;
use crate::core::bitboard::orthodox::OrthodoxCount;
use crate::core::bitboard::quick::QuickAttacks;
use crate::core::bitboard::tables::BitTables;
use crate::core::bitboard::{Backend, BitBackend};
pub use crate::core::enclosing::{DropOnly, Flip};
use crate::core::geometry::{BoardShape, Color, ShapeError, Sq, Square};
use crate::core::moves::MoveFlag;
use crate::core::piece::{lame_path, KindId, Motion, MoveMode, Piece, PieceKind};
use crate::core::plan::Plans;
use crate::core::repeats::repeating_kinds;
use crate::core::zobrist::Zobrist;

mod build;

/// Castling described as geometry: where the king and rook stand and where they go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingRule {
    /// The side that castles this way.
    pub color: Color,
    /// Where the king stands before castling.
    pub king_from: Square,
    /// Where the king stands after castling.
    pub king_to: Square,
    /// Where the rook stands before castling.
    pub rook_from: Square,
    /// Where the rook stands after castling.
    pub rook_to: Square,
    /// The kind of the castling rook.
    pub rook_kind: KindId,
    /// The kind of the castling king: `None` for the colour's royal piece (FIDE chess), or a
    /// kind that need not be royal (a variant whose king is an ordinary piece, as in
    /// extinction chess). Squares it passes are checked for attack only when it is royal.
    pub king_kind: Option<KindId>,
    /// True for the king's-side castling (`O-O`), false for the queen's side (`O-O-O`).
    pub king_side: bool,
}

/// Everything a variant says about its board and pieces.
#[derive(Clone, Debug)]
pub struct RulesConfig {
    /// Number of files, 1 to 26.
    pub files: usize,
    /// Number of ranks, 1 to 99.
    pub ranks: usize,
    /// The piece table: a kind's index is its `KindId` (at most 60 kinds).
    pub pieces: Vec<PieceKind>,
    /// The castlings, at most 8: rule `i` is castling-right bit `i`.
    pub castling: Vec<CastlingRule>,
    /// Kinds a promoting piece may become, in the order moves are generated.
    pub promotion_kinds: Vec<KindId>,
    /// Moves may not leave the mover's royal piece attacked.
    pub king_safety: bool,
    /// What else decides which moves are legal (compulsory captures, no checks given, …).
    pub options: RuleOptions,
    /// With `RuleOptions::drop_only`: the squares (file, rank from 0) every drop must go to
    /// while one of them is empty (reversi's centre); empty for none.
    pub drop_start: Vec<(u8, u8)>,
    /// With `RuleOptions::walling`: the only squares (file, rank from 0) a blocker may be put
    /// on (Fairy-Stockfish's `wallingRegion`: isolation's start squares stay free); empty for
    /// the whole board.
    pub walling_region: Vec<(u8, u8)>,
}

/// When a side with several royal pieces is in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SeveralRoyals {
    /// While any of them is attacked: each must be kept safe (coregal's king and queens).
    #[default]
    Each,
    /// Only while all of them are attacked (Fairy-Stockfish's `dupleCheck`: spartan chess's
    /// two kings).
    All,
    /// Never: only a side's last royal piece is royal (Fairy-Stockfish's pseudo-royal
    /// extinction pieces: sho shogi's king beside a crown prince).
    LastOnly,
}

/// Rules that decide which moves are legal beyond the pieces' movement and king safety. Each
/// is a general mechanism a variant file switches on; the default is FIDE's (all off).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleOptions {
    /// A side that can capture must: when any legal move captures (en passant included),
    /// only the captures are legal (antichess).
    pub must_capture: bool,
    /// In check, the royal piece may move only to take its one checker; every other answer
    /// is another piece's (makpong; Fairy-Stockfish's `makpongRule`).
    pub royal_takes_checker_only: bool,
    /// A drop may not give check (Fairy-Stockfish's `dropChecks = false`).
    pub no_checking_drops: bool,
    /// No move may leave the opponent's royal piece attacked (racing kings).
    pub no_giving_check: bool,
    /// With king safety on, a side may have no royal piece at all (the horde): it is then
    /// never in check, and only the game's other end rules can beat it.
    pub royal_optional: bool,
    /// Checks given are counted, up to this many (three-check: 3, at most 15): they are part
    /// of the position, its key and its FEN (`3+3`, the checks each side has left).
    pub check_limit: Option<u8>,
    /// A capture explodes: the capturing piece and every piece next to the capture square,
    /// except the `blast_immune` kinds, leave the board (atomic chess; see `core::blast`).
    pub blast: bool,
    /// Kinds an explosion spares unless they capture or are captured (a bit per kind).
    pub blast_immune: u64,
    /// Kinds an explosion never removes, not even the capturer (a bit per kind): Fairy-Stockfish's
    /// `blastImmuneTypes` (atomar's kings).
    pub blast_proof: u64,
    /// Kinds that may not capture a piece of their own kind (a bit per kind; atomar's kings):
    /// Fairy-Stockfish's `mutuallyImmuneTypes`. Never royal kinds.
    pub mutually_immune: u64,
    /// A captured piece goes to its captor's hand (as the kind it was promoted from, if it
    /// was), and instead of a move a side may drop a piece from its hand on an empty square
    /// (crazyhouse, shogi; see `core::drops`). Hands are part of the position and its key.
    pub drops: bool,
    /// With `drops`: a captured piece joins its captor's hand. Off, captures leave the game
    /// and only the pieces a game starts with in hand are dropped (placement setups).
    pub captures_to_hand: bool,
    /// With `drops`: a captured promoted piece joins the captor's hand as what it became;
    /// promotions are then not recorded, nor written `~` (loop chess; Fairy-Stockfish's
    /// `dropLoop`).
    pub captured_keep_promotion: bool,
    /// While a side holds pieces it must drop one, if any drop is legal (placement setups,
    /// `core::placement`). A royal piece may then wait in hand.
    pub must_drop: bool,
    /// With `must_drop`: only this kind must be dropped, while the side holds one; then no
    /// other kind may be dropped (Fairy-Stockfish's `mustDropType`: koedem's kings). `None`:
    /// any kind.
    pub must_drop_kind: Option<KindId>,
    /// When a side with several royal pieces is in check (a lone one is royal as ever).
    pub several_royals: SeveralRoyals,
    /// Some kind has first moves (`PieceKind::first_moves`): the position keeps gates, as
    /// gating's, for the pieces that have not moved. Set from the pieces.
    pub first_moves: bool,
    /// Kinds (a bit per kind) a side must be able to have on both square colours: no drop
    /// may leave them on one (placement's bishops, `core::placement`).
    pub drop_both_colours: u64,
    /// A king or rook dropped on its castling square, its partner on its own, earns that
    /// castling (`core::placement`).
    pub castling_by_drop: bool,
    /// When each side (White's, Black's) may pass instead of moving (`core::passing`).
    pub passing: [Passing; 2],
    /// Gating (S-chess): a piece of a side's hand may enter the board on the square one of
    /// its pieces leaves on that piece's first move (or, castling, on the king's or the
    /// rook's square), as the second part of that move (`core::gating`). Which squares may
    /// still gate is part of the position, its key and its FEN's castling field.
    pub gating: bool,
    /// Every move places a blocker as its second part (`core::walling`): the duck moves, or an
    /// arrow stays. A blocker's square is closed to every piece as padding is.
    pub walling: Option<Walling>,
    /// A FEN's `*` closes a square for good, as a blocker no rule moves (Fairy-Stockfish's
    /// wall squares in a start position: gustav3's, omicron's). Played by the mailbox, as
    /// blockers are.
    pub holes: bool,
    /// The two sides' royal pieces may not face each other on a file or rank with nothing
    /// between them (xiangqi's flying general, as Fairy-Stockfish extends it to ranks): each
    /// sees the other as a rook would.
    pub flying_general: bool,
    /// Janggi's bikjang: where the side to move's royal piece and the other's face each other
    /// on a file or rank with nothing between them, every move must end that (or pass, which
    /// is then allowed even in check); elsewhere they may come to face each other
    /// (`core::passing`; Fairy-Stockfish's `bikjangRule`).
    pub bikjang: bool,
    /// Some kind promotes in a zone (`PieceKind::promotes_to`): the generated moves gain their
    /// promotions (`core::zone_promotion`). Set by `Rules::new` from the piece table.
    pub zone_promotion: bool,
    /// Some promotion makes a royal piece (coregal's queens): such a promotion must leave the
    /// new piece safe too, which the generators' one-royal shortcuts do not ask, so these
    /// moves are tested apart (`Position::narrow_by_options`). Set by `Rules::new`.
    pub royal_promotion: bool,
    /// Some kind promotes by a move of its own (`PieceKind::promotion_in_place`): the legal
    /// moves gain those promotions (`core::promotion_in_place`). Set by `Rules::new`.
    pub promotion_in_place: bool,
    /// Kinds (a bit per kind) that may not be dropped on a file where their owner already has
    /// a piece of that kind (shogi's pawn: nifu).
    pub no_doubled_drop: u64,
    /// How many pieces of a `no_doubled_drop` kind a file may hold before no more of it may
    /// be dropped there (shogi: 1; tori shogi's swallows: 2; 0: never dropped, dragonfly's
    /// pawns).
    pub no_doubled_drop_count: u8,
    /// Kinds (a bit per kind) whose drop may not give checkmate (shogi's pawn).
    pub no_drop_mate: u64,
    /// No move or drop may leave a piece where it could never move again (no move of its
    /// kind from there lands on an empty board), unless it promotes there (Fairy-Stockfish's
    /// `immobilityIllegal`): a lance dropped on the last rank, a knight moved onto the last two.
    pub immobile_illegal: bool,
    /// A piece in hand may also be dropped as its `promotes_to` kind (Fairy-Stockfish's
    /// `dropPromoted`: kyoto shogi's pieces enter either side up).
    pub drop_promoted: bool,
    /// Zone promotions (`promotes_to`) happen only on captures, where `must_promote` makes
    /// them compulsory (Fairy-Stockfish's `piecePromotionOnCapture`: micro shogi).
    pub promotion_on_capture: bool,
    /// Where the sides may promote to different kinds (chigorin's White to a chancellor,
    /// Black to a queen): each side's kinds among `promotion_kinds`, a bit per kind. The
    /// moves are generated for every kind and the other side's are taken out.
    pub promotion_by_side: Option<[u64; 2]>,
    /// Some kind has `PieceKind::promotion_choices` of its own: the moves are generated for
    /// every promotion kind and the others taken out, as for `promotion_by_side`.
    pub promotion_by_kind: bool,
    /// Pieces change sides after each move (`core::enclosing`): the other side's pieces the
    /// arrival encloses in a line (reversi) or stands next to (ataxx).
    pub flip: Option<Flip>,
    /// Drops go only where they enclose the other side's pieces or touch the dropper's own
    /// (`core::enclosing`; the start squares of `Rules::drop_start` first, while one is empty).
    pub drop_only: Option<DropOnly>,
    /// Every kind may always be dropped: the hands never run out and are not written
    /// (Fairy-Stockfish's `freeDrops`: ataxx's clones).
    pub free_drops: bool,
    /// How moves are written for players (SAN and its shogi form). Not a rule of legality:
    /// kept here so that every position carries it to the notation that reads it.
    pub notation: Notation,
}

/// What the second part of every move places (`RuleOptions::walling`), as Fairy-Stockfish's
/// `wallingRule` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walling {
    /// The one duck moves to any other square left empty (duck chess).
    Duck,
    /// An arrow stays on a square the moved piece could move to from where it landed (the
    /// game of the Amazons).
    Arrow,
    /// A wall stays on the square the moved piece left (snailtrail, joust: Fairy-Stockfish's
    /// `past`).
    Past,
    /// A wall stays on any square empty after the move (isolation: Fairy-Stockfish's
    /// `static`).
    Static,
}

impl Walling {
    /// Does the blocker stay where it was put (every rule but the duck's)?
    pub fn stays(self) -> bool {
        self != Walling::Duck
    }
}

/// When a side may pass (`RuleOptions::passing`), as Fairy-Stockfish's `pass` and
/// `passOnStalemate` say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Passing {
    /// Never.
    #[default]
    Never,
    /// On any turn it is not in check (janggi).
    Always,
    /// Only when it has no other legal move and is not in check.
    WhenStalemated,
}

/// The family of move texts players write (`notation::san`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Standard algebraic notation: `Nf3`, `exd5`, `e8=Q`, `N@f3`, `O-O`, `+` and `#`.
    #[default]
    Algebraic,
    /// Shogi's, as Fairy-Stockfish writes it by default (Hodges with numbers): `P-76`,
    /// `Bx22+` (promotes), `Bx22=` (could, does not), `B*55` (a drop), `G69-58` (the origin
    /// when two can go), squares numbered from the first player's right and the far side.
    Shogi,
}

impl RuleOptions {
    /// Does any option narrow the legal moves? (Then the fast counting paths step aside.)
    pub fn filters_moves(&self) -> bool {
        self.must_capture
            || self.royal_takes_checker_only
            || self.no_checking_drops
            || self.no_giving_check
            || self.blast
            || self.zone_promotion
            || self.promotion_in_place
            || self.royal_promotion
            || self.mutually_immune != 0
            || self.no_doubled_drop != 0
            || self.no_drop_mate != 0
            || self.immobile_illegal
            || self.promotion_by_side.is_some()
            || self.promotion_by_kind
            || self.gating
            || self.walling.is_some()
            || self.must_drop
            || self.several_royals != SeveralRoyals::Each
            || self.first_moves
            || self.drop_both_colours != 0
            || self.passing.contains(&Passing::WhenStalemated)
            || self.drop_only.is_some()
    }

    /// Does a side pass on its turn where it wants (janggi), or must royal pieces that face
    /// each other part (bikjang)? These add one move, or narrow the moves only in bikjang:
    /// the counting paths count the rest and add the pass (`Position::narrow_by_passing`).
    pub fn passes(&self) -> bool {
        self.passing.contains(&Passing::Always) || self.bikjang
    }

    /// Do the sides hold pieces in hand (to drop, or to gate)?
    pub fn hands(&self) -> bool {
        self.drops || self.gating
    }
}

/// Why a rules description cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The board's size is out of range.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// More piece kinds than codes allow; holds the number given.
    #[error("at most 60 piece kinds, not {0}")]
    TooManyKinds(usize),
    /// More castling rules than the 8 bits of the rights; holds the number given.
    #[error("at most 8 castling rules, not {0}")]
    TooManyCastlings(usize),
    /// A castling rule's square lies off the board; holds the rule's index.
    #[error("castling rule {0} names a square off the board")]
    CastlingOffBoard(usize),
    /// A promotion or castling-rook kind is not in the piece table.
    #[error("piece kind {0} is not in the piece table")]
    UnknownKind(KindId),
    /// A step of the piece with this letter is too long for the padding.
    #[error("a step of piece '{0}' reaches further than 8 squares")]
    StepTooLong(char),
    /// The zone of the piece with this letter names a square off the board.
    #[error("the zone of piece '{0}' names a square off the board")]
    ZoneOffBoard(char),
    /// Gating on a board of more than 128 squares (the gates are kept as one bit a square).
    #[error("gating needs a board of at most 128 squares")]
    GatingBoardTooLarge,
}

/// One compiled step: a mailbox offset and the wall direction it crosses (for unit steps).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Step {
    pub delta: isize,
    /// Index 0..8 of the unit direction (N, NE, E, SE, S, SW, W, NW), or `NO_WALL`.
    pub wall_dir: u8,
    /// The step in files and ranks on the board (Black's already turned).
    pub dx: i8,
    pub dy: i8,
}

pub(crate) const NO_WALL: u8 = 8;

/// A movement component compiled for one colour.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    pub steps: Vec<Step>,
    /// Maximum number of steps (255 = unlimited).
    pub range: u8,
    pub mode: MoveMode,
    /// Absolute rank the piece must stand on.
    pub from_rank: Option<u8>,
    /// With `from_rank`: the files it must stand on, a bit per file (`None`: any).
    pub from_files: Option<u32>,
    pub double_step: bool,
    /// The flag of this component's double steps: `DoubleStep`, or `Normal` for a double
    /// step that leaves no en passant square.
    pub double_flag: MoveFlag,
    pub en_passant: bool,
    /// Absolute ranks the destination must lie on.
    pub region: Option<(u8, u8)>,
    /// Moves and captures with no flag, region or rank condition (the fast path).
    pub plain: bool,
    /// How generation treats this component on a board without walls.
    pub path: ComponentPath,
    /// `SingleStep` only: the absolute rank from which a step lands on the promotion rank of
    /// a promoting kind (`NO_RANK` when it never promotes).
    pub promote_from: u8,
    /// How the line treats the pieces on it (`Special` path unless `Slide`).
    pub motion: Motion,
    /// `Motion::Lame` only: per step, the offsets of the squares it passes (which must be
    /// empty), from the start square.
    pub lame: Vec<Vec<isize>>,
    /// Per mailbox cell: may the piece end a move there? (`None`: anywhere; `Special` path.)
    pub zone: Option<Zone>,
    /// Per mailbox cell: the squares it moves from and to (`MovementComponent::lines`;
    /// `Special` path).
    pub lines: Option<Zone>,
    /// A bit per cell code it may neither jump over nor capture (`PieceKind::avoids_own_kind`:
    /// its own kind's codes, both sides'; `Special` path).
    pub barred: u128,
}

impl Compiled {
    /// May a piece on absolute rank `rank` and file `file` move by this component?
    #[inline(always)]
    pub fn starts_on(&self, rank: u8, file: u8) -> bool {
        self.from_rank.is_none_or(|r| r == rank)
            && self.from_files.is_none_or(|f| f >> file & 1 != 0)
    }
}

/// Per mailbox cell, whether a zone-confined piece may stand there (padding cells: false).
pub(crate) type Zone = Arc<[bool]>;

/// Pieces of these kinds attack along `step` by a motion the attack groups cannot walk
/// (hoppers, grasshoppers, lame leapers: `core::special`).
#[derive(Clone, Debug)]
pub(crate) struct SpecialAttack {
    pub motion: Motion,
    pub delta: isize,
    pub range: u8,
    /// `Motion::Lame`: offsets of the passed squares from the attacker's square.
    pub lame: Vec<isize>,
    /// Bit per cell code of an attacker.
    pub codes: u128,
    /// Absolute ranks the target must lie on.
    pub region: Option<(u8, u8)>,
    /// Per mailbox cell: the squares the attacker and the target must both stand on.
    pub lines: Option<Zone>,
    /// A bit per cell code that is neither a screen nor a target for it.
    pub barred: u128,
}

/// No rank (ranks stay below 99).
pub(crate) const NO_RANK: u8 = u8::MAX;

/// The generation path of a component, decided once when the rules are compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ComponentPath {
    /// `plain`: every step is a move or a capture (a promoting kind takes `SingleStep` or
    /// `General` instead, which add the promotion choices).
    Plain,
    /// One step, no region, no rank condition, not a double step, and every vector changes
    /// the rank by the same amount (pawn steps and captures).
    SingleStep,
    /// A one-vector double step with no region.
    DoubleStep,
    /// Everything else: the general walk.
    General,
    /// Hoppers, grasshoppers, lame leapers and zone-confined kinds (`core::special`).
    Special,
}

/// Pieces of these kinds attack along `step` (up to `range` steps) when the target is in `region`.
#[derive(Clone, Debug)]
pub(crate) struct AttackGroup {
    pub step: Step,
    pub range: u8,
    pub region: Option<(u8, u8)>,
    pub kinds: u64,
    /// Bit `code` set for every cell code of a piece attacking from further than one step
    /// (codes stay below 127).
    pub codes: u128,
    /// The same for a piece one step away (riders, and leapers merged into this group).
    pub near: u128,
    /// `codes` and `near` as 64-bit masks, valid when `Rules::small_codes`: one shift tests a
    /// cell, and the off-board code 127 wraps to bit 63, which no piece code reaches.
    pub codes64: u64,
    pub near64: u64,
    /// The range reaches across the board: only its edge ends the ride.
    pub edge_bound: bool,
}

impl AttackGroup {
    /// Does a piece with cell code `cell` one step away attack along this group? (`small_codes`)
    #[inline]
    pub fn near_hit(&self, cell: u8) -> bool {
        self.near64.wrapping_shr(cell as u32) & 1 == 1
    }

    /// The same for a piece further away.
    #[inline]
    pub fn far_hit(&self, cell: u8) -> bool {
        self.codes64.wrapping_shr(cell as u32) & 1 == 1
    }
}

/// Compiled rules of a variant.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The board's size and mailbox layout.
    pub shape: BoardShape,
    /// The piece table, indexed by `KindId`.
    pub pieces: Vec<PieceKind>,
    /// The castlings; rule `i` is castling-right bit `i`.
    pub castling: Vec<CastlingRule>,
    /// Kinds a promoting piece may become, in the order moves are generated.
    pub promotion_kinds: Vec<KindId>,
    /// Moves may not leave the mover's royal piece attacked.
    pub king_safety: bool,
    /// What else decides which moves are legal.
    pub options: RuleOptions,
    pub(crate) compiled: [Vec<Vec<Compiled>>; 2],
    pub(crate) attacks: [Vec<AttackGroup>; 2],
    /// Per cell: castling-right bits lost when a move starts or ends there.
    pub(crate) castle_keep: Vec<u8>,
    pub(crate) castle_cells: Vec<[Sq; 4]>,
    /// Per castling, with bitboards: [the squares that must be empty, the king's path after
    /// its own square] (`castle_cells` walked once at compile time).
    pub(crate) castle_masks: Vec<[u128; 2]>,
    /// Per colour, the castling rights (bits of `castling`) that are its.
    pub(crate) castle_rights_of: [u8; 2],
    pub(crate) zobrist: Zobrist,
    pub(crate) royal_kinds: u64,
    /// Kinds whose move resets the fifty-move clock, as a bit per kind.
    pub(crate) clock_kinds: u64,
    /// Kinds that promote, as a bit per kind (SAN writes their moves without a letter).
    pub(crate) promoting_kinds: u64,
    /// Per ASCII character: the first kind (not a `+` kind) whose letter it is, else
    /// `NO_KIND` (lower case letters never are: kinds are looked up by capital).
    kind_of_letter: [KindId; 128],
    /// Per cell code: the piece's letter as FEN writes it (upper case for White), or 0 where
    /// it is not one plain ASCII letter (a `+` kind): a FEN is written for every game a PGN
    /// file holds, and this table was built again for each.
    pub(crate) letter_of_code: [u8; 128],
    /// Some attack group is limited to a region (attack tests must look at ranks).
    pub(crate) attack_regions: bool,
    /// Index of the first ride group in `attacks` (single steps come first).
    pub(crate) first_ride: [usize; 2],
    /// Two attack lines of one side can share a square in a way that breaks "answer a single
    /// check by capturing the checker or blocking its line" (see `parallel_lines`): checks are
    /// then answered by testing every move.
    pub(crate) parallel_lines: bool,
    /// Per colour, a bit per kind whose movement lines can reach one square twice: its moves
    /// are listed through `repeats::Distinct` (see `core::repeats`).
    pub(crate) repeating: [u64; 2],
    /// Every piece code is below 63, so the 64-bit attack masks are exact.
    pub(crate) small_codes: bool,
    /// Per colour: flat step plans of the kinds whose components are all plain.
    pub(crate) plans: [Plans; 2],
    /// The bitboard tables, when the board fits a bitboard and that backend is chosen.
    pub(crate) bits: Option<Arc<BitBackend>>,
    /// Per mailbox cell: its bitboard bit (padding: none), as a bit index and as a mask.
    pub(crate) bit_of: Vec<u8>,
    pub(crate) cell_bit: Vec<u128>,
    /// Per bit: its mailbox cell.
    pub(crate) bit_cell: Vec<Sq>,
    /// Some kind hops, is lame or confined to a zone, or the flying-general rule is on: attack
    /// tests take `core::special`'s walk, every move is tested by making it, and the bitboard
    /// backend steps aside (it has no tables for these).
    pub(crate) special: bool,
    /// `options.filters_moves()` and `move_hooks()`, each asked once per node or move and
    /// worked out once here (an or of seven options cost standard chess's "every leaf made"
    /// perft 2.5 % more instructions once gating made it eight).
    pub(crate) filters: bool,
    /// `options.passes()`, worked out once.
    pub(crate) passes: bool,
    pub(crate) hooks: bool,
    /// Moves have second parts (`gating`, `walling` or `flip`): make and unmake call out for
    /// them.
    pub(crate) parts: bool,
    /// `RulesConfig::drop_start`'s cells.
    pub(crate) drop_start: Vec<Sq>,
    /// `RulesConfig::walling_region` per cell; empty: every square.
    pub(crate) walling_region: Vec<bool>,
    /// The board on the bitboard bits, for shifting sets of squares (`core::enclosing_bits`).
    pub(crate) lanes: crate::core::enclosing_bits::BitLanes,
    /// The only options that filter the moves are `drop_only` and a pass when stalemated, and
    /// every kind drops anywhere the rule allows: the last ply counts its moves set-wise
    /// (`Position::enclosing_move_count`).
    pub(crate) counts_enclosing: bool,
    /// Per colour, per kind: its zone, if confined to one.
    pub(crate) zones: [Vec<Option<Zone>>; 2],
    /// Per colour, a bit per cell code of a zone-confined kind (the attack walk looks up
    /// a zone only for these).
    pub(crate) zoned: [u128; 2],
    /// Per colour: the attacks `attacks` leaves out (see `SpecialAttack`).
    pub(crate) special_attacks: [Vec<SpecialAttack>; 2],
    /// With `options.zone_promotion` or `options.immobile_illegal`, per colour and mailbox
    /// cell: a bit per kind that could never move from there on an empty board (its promotion
    /// there is compulsory; without one, the move is refused under `immobile_illegal`).
    /// Empty otherwise.
    pub(crate) immobile: [Vec<u64>; 2],
    /// The attack sets in the short form attack tests and one move's king-safety test read
    /// (see `bitboard::quick`), where the tables have it. (Last: the hot fields above keep
    /// their offsets.)
    pub(crate) quick_attacks: Option<Arc<QuickAttacks>>,
    /// The legal-move count for kinds in the orthodox shapes (see `bitboard::orthodox`),
    /// where every kind has one.
    pub(crate) orthodox: Option<Arc<OrthodoxCount>>,
}

/// No kind (in `Rules::kind_of_letter`): kinds number at most 60.
const NO_KIND: KindId = KindId::MAX;

/// Kinds whose codes (`1 + (kind << 1 | colour)`) all stay below 63.
const MAX_SMALL_KINDS: usize = 31;

/// Direction index of a unit vector, or `NO_WALL`.
pub fn unit_direction(dx: i32, dy: i32) -> u8 {
    match (dx, dy) {
        (0, 1) => 0,
        (1, 1) => 1,
        (1, 0) => 2,
        (1, -1) => 3,
        (0, -1) => 4,
        (-1, -1) => 5,
        (-1, 0) => 6,
        (-1, 1) => 7,
        _ => NO_WALL,
    }
}

/// The unit vector of a direction index.
pub fn direction_vector(dir: u8) -> (i32, i32) {
    [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ][dir as usize & 7]
}

impl Rules {
    /// Do moves do more than move pieces (hands and origins with drops, explosions, gates)? Then
    /// `make` and `unmake` take their out-of-line path for it.
    #[inline(always)]
    pub(crate) fn move_hooks(&self) -> bool {
        self.hooks
    }

    /// May a side have more than one royal piece: several kinds royal, a promotion to a
    /// royal kind (coregal's queens), or a pseudo-royal kind (Fairy-Stockfish's may be many)?
    pub fn royals_may_multiply(&self) -> bool {
        self.royal_kinds.count_ones() > 1
            || self.options.royal_promotion
            || self.pieces.iter().any(|p| p.pseudo_royal)
    }

    /// Does any option narrow the legal moves (`RuleOptions::filters_moves`)?
    #[inline(always)]
    pub(crate) fn filters_moves(&self) -> bool {
        self.filters
    }

    /// Checks and compiles a variant's description, on the bitboard backend where the board has
    /// at most 128 squares.
    pub fn new(config: RulesConfig) -> Result<Rules, RulesError> {
        let RulesConfig {
            files,
            ranks,
            pieces,
            castling,
            promotion_kinds,
            king_safety,
            mut options,
            drop_start,
            walling_region,
        } = config;
        if pieces.len() > 60 {
            return Err(RulesError::TooManyKinds(pieces.len()));
        }
        if castling.len() > 8 {
            return Err(RulesError::TooManyCastlings(castling.len()));
        }
        let shape = BoardShape::new(files, ranks, build::longest_step(&pieces)?)?;
        let zones = zones(&shape, &pieces)?;
        options.first_moves = pieces.iter().any(|p| p.first_moves.is_some());
        options.promotion_by_kind = pieces.iter().any(|p| p.promotion_choices.is_some());
        if (options.gating || options.first_moves) && shape.squares().count() > 128 {
            return Err(RulesError::GatingBoardTooLarge);
        }
        build::refuse_unknown_kinds(&pieces, &promotion_kinds)?;
        options.promotion_in_place = pieces.iter().any(|p| p.promotion_in_place);
        options.royal_promotion = promotion_kinds
            .iter()
            .chain(pieces.iter().filter_map(|p| p.promotes_to.as_ref()))
            .any(|&k| pieces.get(k as usize).is_some_and(|p| p.royal));
        options.zone_promotion = pieces
            .iter()
            .any(|p| (p.promotes_to.is_some() && !p.promotion_in_place) || p.promotes_in_zone());
        let (castle_keep, castle_cells) = build::castling_cells(&shape, &castling, pieces.len())?;

        let build::Movement {
            compiled,
            attacks,
            first_ride,
            plans,
            special_attacks,
            special,
            attack_regions,
        } = build::movement(
            &shape,
            &pieces,
            &promotion_kinds,
            &zones,
            options.flying_general,
        );
        let mut zobrist = Zobrist::new(shape.cells(), pieces.len());
        if options.hands() {
            zobrist.add_hand_keys();
        }
        let build::BitLayout {
            bit_of,
            cell_bit,
            bit_cell,
        } = build::bit_layout(&shape);
        let longest = shape.files().max(shape.ranks()) as usize;
        let immobile = if options.zone_promotion || options.immobile_illegal {
            compiled
                .each_ref()
                .map(|kinds| immobile_kinds(&shape, kinds))
        } else {
            [Vec::new(), Vec::new()]
        };
        let mut rules = Rules {
            filters: options.filters_moves(),
            passes: options.passes(),
            hooks: options.drops
                | options.blast
                | options.gating
                | options.first_moves
                | options.walling.is_some()
                | (options.passing != [Passing::Never; 2])
                | options.promotion_in_place
                | options.flip.is_some(),
            parts: options.gating
                | options.first_moves
                | options.walling.is_some()
                | options.flip.is_some(),
            lanes: crate::core::enclosing_bits::BitLanes::new(files as u32, ranks as u32),
            counts_enclosing: crate::core::enclosing_bits::counts_set_wise(&options, &pieces),
            // Off-board squares are left out (a variant file's are refused before).
            drop_start: drop_start
                .iter()
                .filter_map(|&(file, rank)| shape.try_sq(file.into(), rank.into()))
                .collect(),
            walling_region: build::cells_marked(&shape, &walling_region),
            immobile,
            castle_masks: build::castle_masks(&castle_cells, &cell_bit),
            castle_rights_of: build::castle_rights_of(&castling),
            royal_kinds: build::kinds_where(&pieces, |p| p.royal),
            clock_kinds: build::kinds_where(&pieces, |p| p.resets_clock),
            kind_of_letter: build::kind_of_letter(&pieces),
            letter_of_code: build::letter_of_code(&pieces),
            promoting_kinds: build::kinds_where(&pieces, |p| p.promotes),
            small_codes: pieces.len() <= MAX_SMALL_KINDS,
            parallel_lines: compiled.iter().any(|kinds| parallel_lines(kinds)),
            repeating: compiled
                .each_ref()
                .map(|kinds| repeating_kinds(kinds, longest)),
            zoned: build::zoned(&zones),
            shape,
            pieces,
            castling,
            promotion_kinds,
            king_safety,
            options,
            compiled,
            attacks,
            castle_keep,
            castle_cells,
            zobrist,
            attack_regions,
            first_ride,
            plans,
            bits: None,
            bit_of,
            cell_bit,
            bit_cell,
            special,
            zones,
            special_attacks,
            quick_attacks: None,
            orthodox: None,
        };
        // The backends' tables are read off the rules built so far.
        rules.bits = rules.bit_tables();
        rules.quick_attacks = rules.quick_attacks();
        rules.orthodox = rules.orthodox_count();
        Ok(rules)
    }

    /// The bitboard tables for this board, if it fits in 128 squares.
    fn bit_tables(&self) -> Option<Arc<BitBackend>> {
        let squares = self.bit_cell.len();
        // Blockers close squares the bitboard tables would count as empty: the mailbox, which
        // reads them as padding, plays these rules.
        if squares == 0 || self.special || self.options.walling.is_some() || self.options.holes {
            return None;
        }
        let promotes: Vec<bool> = self
            .pieces
            .iter()
            .map(|p| p.promotes_on_last_rank() && !self.promotion_kinds.is_empty())
            .collect();
        Some(Arc::new(if squares <= 64 {
            BitBackend::Narrow(self.tables_in(&promotes))
        } else {
            BitBackend::Wide(self.tables_in(&promotes))
        }))
    }

    /// The attack sets in short form, where a narrow board's tables have it (see
    /// `bitboard::quick`).
    fn quick_attacks(&self) -> Option<Arc<QuickAttacks>> {
        match self.bits.as_deref() {
            Some(BitBackend::Narrow(t)) => QuickAttacks::build(t).map(Arc::new),
            _ => None,
        }
    }

    /// The orthodox shapes' count, where a narrow board's kinds all have one.
    fn orthodox_count(&self) -> Option<Arc<OrthodoxCount>> {
        match self.bits.as_deref() {
            Some(BitBackend::Narrow(t)) => OrthodoxCount::build(self, t).map(Arc::new),
            _ => None,
        }
    }

    /// The bitboard tables in words of type `B`, castlings included.
    fn tables_in<B: crate::core::bitboard::bits::Bits>(&self, promotes: &[bool]) -> BitTables<B> {
        let mut t = BitTables::build(&self.shape, &self.compiled, promotes);
        t.castles = castle_bits(self);
        t
    }

    /// Which generator these rules run on.
    pub fn backend(&self) -> Backend {
        if self.bits.is_some() {
            Backend::Bitboard
        } else {
            Backend::Mailbox
        }
    }

    /// The same rules on another backend (the bitboard one only where the board fits), for
    /// comparing the backends.
    pub fn on_backend(&self, backend: Backend) -> Rules {
        let mut rules = self.clone();
        rules.bits = match backend {
            Backend::Mailbox => None,
            Backend::Bitboard => self.bits.clone().or_else(|| self.bit_tables()),
        };
        rules.quick_attacks = rules.quick_attacks();
        rules.orthodox = rules.orthodox_count();
        rules
    }

    /// The kind whose canonical letter is `letter` (either case), not a `+` kind.
    pub fn kind_by_letter(&self, letter: char) -> Option<KindId> {
        if !letter.is_ascii() {
            return self.kind_by_spelling(letter, false);
        }
        let kind = self.kind_of_letter[letter.to_ascii_uppercase() as usize];
        (kind != NO_KIND).then_some(kind)
    }

    /// The kind written `letter` (either case), with a `+` before it when `plus` (FEN `+P`).
    pub fn kind_by_spelling(&self, letter: char, plus: bool) -> Option<KindId> {
        let up = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up && p.plus == plus)
            .map(|i| i as KindId)
    }

    /// The piece kind `kind` (panics if it is not in the table).
    pub fn kind(&self, kind: KindId) -> &PieceKind {
        &self.pieces[kind as usize]
    }

    /// The castling rights a move from or to `cell` keeps, without a bounds check.
    #[inline(always)]
    pub(crate) fn castle_keep_unchecked(&self, cell: Sq) -> u8 {
        debug_assert!((cell as usize) < self.castle_keep.len());
        // SAFETY: moves come from this rules' generator, so `cell` is a cell of its shape, and
        // `castle_keep` has one entry per cell.
        unsafe { *self.castle_keep.get_unchecked(cell as usize) }
    }

    /// Can `color`'s pieces of `kind` reach one square by two lines (see `core::repeats`)?
    #[inline]
    pub(crate) fn repeats(&self, us: usize, kind: KindId) -> bool {
        self.repeating[us] >> kind & 1 == 1
    }

    /// Whether pieces of `kind` are royal.
    #[inline]
    pub fn is_royal(&self, kind: KindId) -> bool {
        self.royal_kinds >> kind & 1 == 1
    }

    /// The rank on which `color`'s promoting pieces promote.
    pub fn promotion_rank(&self, color: Color) -> u8 {
        self.shape.relative_rank(color, self.shape.ranks() - 1)
    }
}

/// `promotes`: the kind promotes in these rules (some promotion kind exists).
fn compile(
    shape: &BoardShape,
    color: Color,
    c: &crate::core::piece::MovementComponent,
    promotes: bool,
    zone: &Option<Zone>,
    barred: u128,
) -> Compiled {
    let flip = |dy: i8| if color == Color::White { dy } else { -dy } as i32;
    // Movements are written from the mover's side with the board turned 180° for Black, so a
    // piece whose left and right moves differ has them turned too; a symmetric one is the
    // same either way (and keeps its vector order, which move ordering sees).
    let symmetric = c
        .vectors
        .iter()
        .all(|&(dx, dy)| c.vectors.contains(&(-dx, dy)));
    let turn = |dx: i8| if color == Color::Black && !symmetric { -dx } else { dx } as i32;
    let steps = c
        .vectors
        .iter()
        .map(|&(dx, dy)| Step {
            delta: shape.delta(turn(dx), flip(dy)),
            wall_dir: unit_direction(turn(dx), flip(dy)),
            dx: turn(dx) as i8,
            dy: flip(dy) as i8,
        })
        .collect();
    let abs = |r: u8| shape.relative_rank(color, r.min(shape.ranks() - 1));
    let dys: Vec<i32> = c.vectors.iter().map(|&(_, dy)| flip(dy)).collect();
    let same_dy = dys.windows(2).all(|w| w[0] == w[1]);
    let lines = c.lines.as_ref().map(|squares| {
        let mut cells = vec![false; shape.cells()];
        for &(file, rank) in squares {
            if let Some(sq) = shape.try_sq(file as i32, rank as i32) {
                cells[sq as usize] = true;
            }
        }
        Zone::from(cells)
    });
    let special = c.motion != Motion::Slide || zone.is_some() || lines.is_some() || barred != 0;
    let plain = c.mode == MoveMode::Both
        && c.from_rank.is_none()
        && !c.double_step
        && !c.en_passant
        && c.region.is_none()
        && !special;
    let range = if c.range == 0 { 255 } else { c.range };
    let path = if special {
        ComponentPath::Special
    } else if plain && !promotes {
        ComponentPath::Plain
    } else if c.double_step && range == 2 && c.region.is_none() && c.vectors.len() == 1 {
        ComponentPath::DoubleStep
    } else if range == 1 && c.from_rank.is_none() && !c.double_step && c.region.is_none() && same_dy
    {
        ComponentPath::SingleStep
    } else {
        ComponentPath::General
    };
    let promotion_rank = shape.relative_rank(color, shape.ranks() - 1) as i32;
    let promote_from = promotion_rank - dys.first().copied().unwrap_or(0);
    Compiled {
        plain,
        path,
        promote_from: if path == ComponentPath::SingleStep
            && promotes
            && (0..shape.ranks() as i32).contains(&promote_from)
        {
            promote_from as u8
        } else {
            NO_RANK
        },
        motion: c.motion,
        lame: if c.motion == Motion::Lame {
            c.vectors
                .iter()
                .map(|&(dx, dy)| {
                    lame_path(dx, dy)
                        .into_iter()
                        .map(|(x, y)| shape.delta(turn(x), flip(y)))
                        .collect()
                })
                .collect()
        } else {
            Vec::new()
        },
        zone: zone.clone(),
        lines,
        barred,
        steps,
        range,
        mode: c.mode,
        from_rank: c.from_rank.map(abs),
        from_files: c.from_files,
        double_step: c.double_step,
        double_flag: if c.quiet_double {
            MoveFlag::Normal
        } else {
            MoveFlag::DoubleStep
        },
        en_passant: c.en_passant,
        region: c.region.map(|(lo, hi)| {
            let (a, b) = (abs(lo), abs(hi));
            (a.min(b), a.max(b))
        }),
    }
}

/// Can one piece attack a square along two of its lines, or a line of one kind pass a square
/// that another kind's parallel line jumps over? Either needs a piece with two capturing
/// vectors that reach a common offset (a duplicate, or one a multiple of another), or two
/// kinds with parallel vectors of different lengths (a (1,0) rider and a (2,0) rider). One
/// piece can then give check twice, or two checks share a blocking square, and the shortcut
/// "one checker: capture it or block; two: move the king" no longer holds. No FIDE or fairy
/// piece does this; random and variant-file pieces can.
fn parallel_lines(kinds: &[Vec<Compiled>]) -> bool {
    let entries: Vec<(usize, i32, i32, u8)> = kinds
        .iter()
        .enumerate()
        .flat_map(|(kind, comps)| {
            comps
                .iter()
                .filter(|c| {
                    c.mode != MoveMode::MoveOnly
                        && !c.double_step
                        && c.from_rank.is_none()
                        && c.motion == Motion::Slide
                        && c.path != ComponentPath::Special
                })
                .flat_map(move |c| {
                    c.steps
                        .iter()
                        .map(move |s| (kind, s.dx as i32, s.dy as i32, c.range))
                })
        })
        .collect();
    let reaches = |dx: i32, dy: i32, range: u8, x: i32, y: i32| {
        // Is (x, y) a multiple k of (dx, dy) with 1 <= k <= range?
        let k = if dx != 0 { x / dx } else { y / dy };
        k >= 1 && k <= range as i32 && k * dx == x && k * dy == y
    };
    for (i, &(ka, ax, ay, ar)) in entries.iter().enumerate() {
        for &(kb, bx, by, br) in &entries[i + 1..] {
            let parallel = ax * by == ay * bx && ax * bx + ay * by > 0;
            if !parallel {
                continue;
            }
            let overlap = (1..=ar.min(16) as i32).any(|k| reaches(bx, by, br, k * ax, k * ay));
            if (ka == kb && overlap) || (ka != kb && (ax, ay) != (bx, by)) {
                return true;
            }
        }
    }
    false
}

fn attack_groups(color: Color, kinds: &[Vec<Compiled>]) -> Vec<AttackGroup> {
    let mut groups: Vec<AttackGroup> = Vec::new();
    for (kind, comps) in kinds.iter().enumerate() {
        for c in comps {
            if c.mode == MoveMode::MoveOnly
                || c.double_step
                || c.from_rank.is_some()
                || c.motion != Motion::Slide
                || c.lines.is_some()
                || c.barred != 0
            {
                continue;
            }
            for s in &c.steps {
                match groups
                    .iter_mut()
                    .find(|g| g.step.delta == s.delta && g.range == c.range && g.region == c.region)
                {
                    Some(g) => g.kinds |= 1 << kind,
                    None => groups.push(AttackGroup {
                        step: *s,
                        range: c.range,
                        region: c.region,
                        kinds: 1 << kind,
                        codes: 0,
                        near: 0,
                        codes64: 0,
                        near64: 0,
                        edge_bound: false,
                    }),
                }
            }
        }
    }
    for g in &mut groups {
        for kind in 0..64u8 {
            if g.kinds >> kind & 1 == 1 {
                g.codes |= 1u128 << Piece::new(color, kind).code();
            }
        }
        g.near = g.codes;
    }
    // A single step along a ride's first step reads the same cell: fold it into the ride so
    // that one load answers both.
    let mut merged: Vec<AttackGroup> = Vec::new();
    let (rides, leaps): (Vec<_>, Vec<_>) = groups.into_iter().partition(|g| g.range > 1);
    merged.extend(rides);
    for leap in leaps {
        match merged
            .iter_mut()
            .find(|g| g.range > 1 && g.step.delta == leap.step.delta && g.region == leap.region)
        {
            Some(g) => g.near |= leap.near,
            None => merged.push(leap),
        }
    }
    // Single steps first: they are the cheapest to test.
    merged.sort_by_key(|g| g.range != 1);
    for g in &mut merged {
        // Truncation is exact when `small_codes` holds, the only case the 64-bit masks serve.
        g.codes64 = g.codes as u64 & !(1 << 63);
        g.near64 = g.near as u64 & !(1 << 63);
    }
    merged
}

/// Per colour and kind, the zone as a per-cell table (Black's mirrored top to bottom).
fn zones(shape: &BoardShape, pieces: &[PieceKind]) -> Result<[Vec<Option<Zone>>; 2], RulesError> {
    let mut out: [Vec<Option<Zone>>; 2] = [Vec::new(), Vec::new()];
    for p in pieces {
        for color in Color::BOTH {
            let zone = match &p.zone {
                None => None,
                Some(squares) => {
                    let mut cells = vec![false; shape.cells()];
                    for &(file, rank) in squares {
                        if file as usize >= shape.files() as usize
                            || rank as usize >= shape.ranks() as usize
                        {
                            return Err(RulesError::ZoneOffBoard(p.letter));
                        }
                        let rank = shape.relative_rank(color, rank);
                        cells[shape.sq(Square::new(file, rank)) as usize] = true;
                    }
                    Some(Zone::from(cells))
                }
            };
            out[color.index()].push(zone);
        }
    }
    Ok(out)
}

/// Per mailbox cell, a bit per kind none of whose components has a step from there that
/// lands on the board (in its region, where it has one): a piece there could never move.
fn immobile_kinds(shape: &BoardShape, kinds: &[Vec<Compiled>]) -> Vec<u64> {
    let mut out = vec![0u64; shape.cells()];
    for sq in shape.squares() {
        let square = shape.square(sq);
        for (k, comps) in kinds.iter().enumerate() {
            let moves = comps.iter().any(|c| {
                c.from_rank.is_none()
                    && c.steps.iter().any(|s| {
                        let (f, r) = (
                            square.file as i32 + s.dx as i32,
                            square.rank as i32 + s.dy as i32,
                        );
                        shape.try_sq(f, r).is_some()
                            && c.region
                                .is_none_or(|(lo, hi)| (lo as i32..=hi as i32).contains(&r))
                    })
            });
            if !moves {
                out[sq as usize] |= 1 << k;
            }
        }
    }
    out
}

/// The capturing components the attack groups leave out, grouped by motion, step and range.
fn special_attacks(color: Color, kinds: &[Vec<Compiled>]) -> Vec<SpecialAttack> {
    let mut out: Vec<SpecialAttack> = Vec::new();
    for (kind, comps) in kinds.iter().enumerate() {
        let code = Piece::new(color, kind as KindId).code();
        for c in comps {
            // Plain rides and leaps are the attack groups'; a ride limited to lines, or
            // barred from a kind, is walked here.
            if c.mode == MoveMode::MoveOnly
                || c.double_step
                || c.from_rank.is_some()
                || (c.motion == Motion::Slide && c.lines.is_none() && c.barred == 0)
            {
                continue;
            }
            for (i, s) in c.steps.iter().enumerate() {
                let lame = c.lame.get(i).cloned().unwrap_or_default();
                match out.iter_mut().find(|a| {
                    a.motion == c.motion
                        && a.delta == s.delta
                        && a.range == c.range
                        && a.lame == lame
                        && a.region == c.region
                        && a.lines == c.lines
                        && a.barred == c.barred
                }) {
                    Some(a) => a.codes |= 1u128 << code,
                    None => out.push(SpecialAttack {
                        motion: c.motion,
                        delta: s.delta,
                        range: c.range,
                        lame,
                        codes: 1u128 << code,
                        region: c.region,
                        lines: c.lines.clone(),
                        barred: c.barred,
                    }),
                }
            }
        }
    }
    out
}
