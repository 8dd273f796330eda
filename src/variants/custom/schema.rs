//! The variant file as written: serde structures that refuse unknown keys. Values that need
//! checking after parsing keep their span so errors can point at them.

use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct VariantDoc {
    pub name: String,
    /// Other names the variant is reached by (`giveaway` for antichess).
    #[serde(default)]
    pub aliases: Vec<Spanned<String>>,
    #[serde(default)]
    pub description: String,
    pub board: BoardDoc,
    #[serde(rename = "piece")]
    pub pieces: Spanned<Vec<PieceDoc>>,
    #[serde(default)]
    pub promotion: Option<PromotionDoc>,
    #[serde(default)]
    pub castling: Vec<CastlingDoc>,
    #[serde(default)]
    pub rules: RulesDoc,
    #[serde(default)]
    pub end: EndDoc,
    #[serde(default)]
    pub obstacles: ObstaclesDoc,
    /// How moves are written for players: `"san"` (the default) or `"shogi"`.
    #[serde(default)]
    pub notation: Option<Spanned<String>>,
    /// The PGN `Variant` tag's value (`"King of the Hill"`; default: the name, capitalised).
    #[serde(default)]
    pub pgn_name: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct BoardDoc {
    pub files: Spanned<i64>,
    pub ranks: Spanned<i64>,
    pub start: Spanned<String>,
    /// How the board is drawn: `chess` (the default), `xiangqi`, `shogi`.
    pub style: Option<Spanned<String>>,
    /// A FEN's `*` closes a square for good (Fairy-Stockfish's wall squares in a start).
    #[serde(default)]
    pub holes: bool,
    /// The squares joined by diagonal lines (janggi's palaces: `"d1"`, `"e2"`, …), along
    /// which a `[[piece.extra]]` group with `lines = true` moves.
    #[serde(default)]
    pub diagonal_lines: Option<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PieceDoc {
    pub letter: Spanned<String>,
    pub name: String,
    pub betza: Spanned<String>,
    #[serde(default)]
    pub royal: bool,
    /// Royal, but an attack on it is not written as a check (coregal's queens).
    #[serde(default)]
    pub pseudo_royal: bool,
    #[serde(default)]
    pub pawn: bool,
    /// Whether its moves reset the move rule's count (a pawn's do unless said).
    #[serde(default)]
    pub resets_move_rule: Option<Spanned<bool>>,
    #[serde(default)]
    pub double_step_rank: Option<Spanned<Ranks>>,
    /// Which double steps leave an en passant square: `"highest-rank"` (from the highest
    /// `double_step_rank` only: the horde's first-rank pawns leave none) or `"every-rank"`
    /// (torpedo's pawns, which step two from anywhere).
    #[serde(default)]
    pub double_step_en_passant: Option<Spanned<String>>,
    #[serde(default)]
    pub en_passant: bool,
    /// More squares, as White's (Black's mirrored), from which its initial moves start: its
    /// double steps and its Betza `i` parts (wolf chess's pawns on b3, c3, f3 and g3).
    #[serde(default)]
    pub initial_squares: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    pub region: Option<Spanned<Vec<i64>>>,
    /// With `[rules] drops`: the lowest and highest rank, from the owner's side, it may be
    /// dropped on.
    #[serde(default)]
    pub drop_ranks: Option<Spanned<Vec<i64>>>,
    #[serde(default)]
    pub mating_power: Option<Spanned<String>>,
    /// The squares it may move to, as White's (Black's mirrored): `"d1"` or `"d1:f3"`.
    #[serde(default)]
    pub zone: Option<Spanned<Vec<Spanned<String>>>>,
    /// More movement groups, each with its own region (xiangqi's soldier: sideways once
    /// across the river).
    #[serde(default)]
    pub extra: Vec<ExtraDoc>,
    /// The kind it may promote to in its `promotion_zone` (`"+P"`, or any letter).
    #[serde(default)]
    pub promotes_to: Option<Spanned<String>>,
    /// The lowest and highest rank, from the owner's side, where a move that starts or ends
    /// may promote it.
    #[serde(default)]
    pub promotion_zone: Option<Spanned<Vec<i64>>>,
    /// A move that ends in the `promotion_zone` must promote.
    #[serde(default)]
    pub must_promote: Option<Spanned<bool>>,
    /// It promotes by a move of its own: where it stands, or by one of the promoted kind's
    /// moves to an empty square (Fairy-Stockfish's `sittuyinPromotion`).
    #[serde(default)]
    pub promotion_in_place: Option<Spanned<bool>>,
    /// With `promotion_in_place`: the squares, as White's (Black's mirrored), it must stand
    /// on to promote unless it is its side's last of its kind.
    #[serde(default)]
    pub promotion_squares: Option<Spanned<Vec<Spanned<String>>>>,
    /// No piece promotes to this kind while its side has this many of it on the board.
    #[serde(default)]
    pub promotion_limit: Option<Spanned<i64>>,
    /// A pawn's own promotion kinds, instead of `[promotion] to` (wolf chess's pawn adds the
    /// elephant its sergeant may not become).
    #[serde(default)]
    pub promotions: Option<Spanned<Vec<Spanned<String>>>>,
    /// The letter SAN writes for it, where not its `letter` (xiangqi's horse: `"H"`).
    #[serde(default)]
    pub san: Option<Spanned<String>>,
    /// It neither jumps over nor captures a piece of its own kind (the janggi cannon).
    #[serde(default)]
    pub avoids_own_kind: bool,
    /// Leaps (Betza, move-only) it may make only while it stands where it started.
    #[serde(default)]
    pub first_move: Option<Spanned<String>>,
    /// Whether it may make its first moves while its side is in check (true unless said).
    #[serde(default)]
    pub first_move_in_check: Option<Spanned<bool>>,
    /// Kinds whose move onto its file or rank takes its first moves away.
    #[serde(default)]
    pub first_move_lost_to: Vec<Spanned<String>>,
    /// What it counts where `[end] material_count = "points"` decides a game.
    #[serde(default)]
    pub points: Option<Spanned<i64>>,
}

/// One `[[piece.extra]]`: movement groups of the piece limited to their own ranks.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ExtraDoc {
    pub betza: Spanned<String>,
    #[serde(default)]
    pub region: Option<Spanned<Vec<i64>>>,
    /// Only from a square of `[board] diagonal_lines` to another (janggi's palace moves).
    #[serde(default)]
    pub lines: bool,
}

/// One rank or several.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
pub enum Ranks {
    One(i64),
    Many(Vec<i64>),
}

impl Ranks {
    pub fn list(&self) -> Vec<i64> {
        match self {
            Ranks::One(r) => vec![*r],
            Ranks::Many(rs) => rs.clone(),
        }
    }
}

/// What decides which moves are legal beyond the pieces' movement.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct RulesDoc {
    #[serde(default)]
    pub must_capture: bool,
    /// In check, the royal piece may move only to take its one checker (makpong).
    #[serde(default)]
    pub royal_takes_checker_only: bool,
    /// A drop may not give check (Fairy-Stockfish's `dropChecks = false`).
    #[serde(default)]
    pub no_checking_drops: bool,
    #[serde(default)]
    pub no_giving_check: bool,
    #[serde(default)]
    pub blast: bool,
    #[serde(default)]
    pub blast_immune: Vec<Spanned<String>>,
    /// Kinds an explosion never removes, not even when they capture.
    #[serde(default)]
    pub blast_proof: Vec<Spanned<String>>,
    /// Kinds that may not capture a piece of their own kind.
    #[serde(default)]
    pub mutually_immune: Vec<Spanned<String>>,
    #[serde(default)]
    pub drops: Option<Spanned<bool>>,
    #[serde(default)]
    pub flying_general: bool,
    /// When a side with several royal pieces is in check: `"each"` (any attacked), `"all"`,
    /// `"last-only"` (never: only the last is royal).
    #[serde(default)]
    pub several_royals: Option<Spanned<String>>,
    /// Kinds that may not be dropped on a file where their owner has one already.
    #[serde(default)]
    pub no_doubled_drop: Vec<Spanned<String>>,
    /// With `no_doubled_drop`: how many of such a kind a file may hold (1 unless said).
    #[serde(default)]
    pub no_doubled_drop_count: Option<Spanned<i64>>,
    /// Kinds whose drop may not give checkmate.
    #[serde(default)]
    pub no_drop_mate: Vec<Spanned<String>>,
    /// No move or drop may leave a piece where it could never move again, but a promotion.
    #[serde(default)]
    pub immobile_illegal: bool,
    /// With drops: a piece in hand may also be dropped as the kind it promotes to (kyoto
    /// shogi's; Fairy-Stockfish's `dropPromoted`).
    #[serde(default)]
    pub drop_promoted: bool,
    /// Promotions by `promotes_to` happen only on captures (micro shogi's; Fairy-Stockfish's
    /// `piecePromotionOnCapture`).
    #[serde(default)]
    pub promotion_on_capture: bool,
    /// With drops: captured pieces join the captor's hand (default); false, they leave the
    /// game and only the start's hands are dropped (placement setups).
    #[serde(default)]
    pub captures_to_hand: Option<Spanned<bool>>,
    /// With drops: a captured promoted piece joins the hand as what it became, not as the
    /// pawn it was (loop chess; Fairy-Stockfish's `dropLoop`).
    #[serde(default)]
    pub captured_keep_promotion: Option<Spanned<bool>>,
    /// While a side holds pieces it must drop one where it can (placement setups).
    #[serde(default)]
    pub must_drop: Option<Spanned<bool>>,
    /// With `must_drop`: the one kind that must be dropped (koedem's kings).
    #[serde(default)]
    pub must_drop_kind: Option<Spanned<String>>,
    /// Kinds whose drops must leave them able to stand on both square colours.
    #[serde(default)]
    pub drop_both_colours: Vec<Spanned<String>>,
    /// A king or rook dropped on its castling square, the other already on its own, earns
    /// that castling.
    #[serde(default)]
    pub castling_by_drop: Option<Spanned<bool>>,
    /// S-chess's gating: a piece in hand may enter on the square a piece leaves on its first
    /// move (the start FEN's castling field names the gates).
    #[serde(default)]
    pub gating: bool,
    /// When a side may pass: `"always"` (when not in check) or `"when-stalemated"`.
    #[serde(default)]
    pub pass: Option<Spanned<String>>,
    /// A blocker placed after every move: `"duck"` (duck chess), `"arrow"` (the Amazons),
    /// `"past"` (a wall on the square the piece left: snailtrail) or `"static"` (a wall on
    /// any empty square: isolation).
    #[serde(default)]
    pub walling: Option<Spanned<String>>,
    /// With `walling`: the only squares a blocker may go to (the whole board without it).
    #[serde(default)]
    pub walling_region: Option<Spanned<Vec<Spanned<String>>>>,
    /// Janggi's bikjang: royal pieces facing each other on an open line must part at once,
    /// or the side to move passes (even in check).
    #[serde(default)]
    pub bikjang: bool,
    /// Pieces change sides after each move: `"enclosed"` (those the arrival encloses in a
    /// line with another of the mover's: reversi), `"adjacent"` (those next to the
    /// arrival: ataxx) or `"adjacent-if-joined"` (as adjacent, but a drop touching none of
    /// the mover's pieces flips nothing).
    #[serde(default)]
    pub flip: Option<Spanned<String>>,
    /// With drops: where a drop may go, `"enclosing"` (where it encloses a line of the other
    /// side's pieces), `"next-to-own"` (beside one of the dropper's) or `"away-from-other"`
    /// (not orthogonally beside one of the other side's).
    #[serde(default)]
    pub drop_only: Option<Spanned<String>>,
    /// With `drop_only`: squares every drop must go to while one of them is empty (the
    /// centre of reversi).
    #[serde(default)]
    pub drop_start: Option<Spanned<Vec<Spanned<String>>>>,
    /// With drops: every kind may always be dropped, and the hands are not written in FENs
    /// (ataxx's clones; Fairy-Stockfish's `freeDrops`).
    #[serde(default)]
    pub free_drops: Option<Spanned<bool>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PromotionDoc {
    pub to: Spanned<Vec<Spanned<String>>>,
    /// Black's kinds where they differ from `to` (which is then White's).
    #[serde(default)]
    pub black: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    pub rank: Option<Spanned<i64>>,
    /// The lowest and highest rank, from the owner's side, where a pawn's move that ends
    /// there promotes (Fairy-Stockfish's `promotionRegion`); the last rank unless said.
    #[serde(default)]
    pub zone: Option<Spanned<Vec<i64>>>,
    /// With `zone`: promoting is a choice, except where the pawn could not move again
    /// (Fairy-Stockfish's `mandatoryPawnPromotion = false`).
    #[serde(default)]
    pub optional: Option<Spanned<bool>>,
    /// Instead of `zone`: the squares where a pawn's move that ends there promotes, as
    /// White's; Black's are these mirrored top to bottom unless `black_squares` says.
    #[serde(default)]
    pub squares: Option<Spanned<Vec<Spanned<String>>>>,
    /// With `squares`: Black's promotion squares, as the board names them.
    #[serde(default)]
    pub black_squares: Option<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct CastlingDoc {
    pub side: Spanned<String>,
    /// Omitted with `from_position = true`.
    #[serde(default)]
    pub king_from: Option<Spanned<String>>,
    pub king_to: Spanned<String>,
    #[serde(default)]
    pub rook_from: Option<Spanned<String>>,
    pub rook_to: Spanned<String>,
    /// Chess960-style: king and rook start where each position puts them.
    #[serde(default)]
    pub from_position: bool,
    pub rook: Spanned<String>,
    /// The castling king's letter (default: the royal piece).
    #[serde(default)]
    pub king: Option<Spanned<String>>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct EndDoc {
    #[serde(default = "yes")]
    pub checkmate: bool,
    #[serde(default)]
    pub checkmate_result: Option<Spanned<String>>,
    #[serde(default)]
    pub extinction: Vec<Spanned<String>>,
    #[serde(default)]
    pub extinction_count: Option<Spanned<i64>>,
    #[serde(default)]
    pub extinction_opponent_count: Option<Spanned<i64>>,
    #[serde(default)]
    pub extinction_reply: bool,
    #[serde(default)]
    pub extinction_result: Option<Spanned<String>>,
    #[serde(default)]
    pub reach_rank: Option<ReachDoc>,
    #[serde(default)]
    pub goal: Vec<GoalDoc>,
    #[serde(default)]
    pub goal_reply: bool,
    /// A goal counts only once its piece has stood there through the other side's move.
    #[serde(default)]
    pub goal_hold: bool,
    #[serde(default)]
    pub checks: Option<Spanned<i64>>,
    /// A side with this many pieces in a row wins.
    #[serde(default)]
    pub connect: Option<Spanned<i64>>,
    /// With `connect`: the kinds that count (all unless said).
    #[serde(default)]
    pub connect_pieces: Vec<Spanned<String>>,
    /// With `connect`: `"horizontal"`, `"vertical"`, `"diagonal"` (all unless said).
    #[serde(default)]
    pub connect_directions: Option<Spanned<Vec<Spanned<String>>>>,
    /// With `connect`: what the side that makes the row gets, `"win"` (the default) or
    /// `"loss"`.
    #[serde(default)]
    pub connect_result: Option<Spanned<String>>,
    /// With `connect`: a square block of this many by this many connects too.
    #[serde(default)]
    pub connect_square: Option<Spanned<i64>>,
    /// With `connect`: the pieces need only stand on one line, not side by side.
    #[serde(default)]
    pub connect_collinear: Option<Spanned<bool>>,
    /// Each side's two regions, which a chain of its pieces must join (gale's edges).
    #[serde(default)]
    pub connect_regions: Option<ConnectRegionsDoc>,
    #[serde(default)]
    pub no_pieces: Option<Spanned<String>>,
    /// The result for a side with no legal move (not in check): `"draw"` (default),
    /// `"loss"`, `"win"`, or `"count"` (fewer pieces on the board than the other side loses,
    /// as many draws).
    #[serde(default)]
    pub stalemate: Option<Spanned<String>>,
    /// A board with no empty square ends the game, counted by `material_count` (a draw
    /// without one).
    #[serde(default)]
    pub full_board: bool,
    #[serde(default = "yes")]
    pub fifty_move: bool,
    #[serde(default)]
    pub move_rule: Option<Spanned<i64>>,
    #[serde(default = "yes")]
    pub threefold: bool,
    /// With `threefold`: the occurrence that ends the game (3 unless said).
    #[serde(default)]
    pub repetition_count: Option<Spanned<i64>>,
    /// With `threefold`: the side to move's result then (`"draw"` unless said).
    #[serde(default)]
    pub repetition_result: Option<Spanned<String>>,
    /// With `repetition_result`: whose result it is, `"side-to-move"` (default) or `"white"`.
    #[serde(default)]
    pub repetition_result_for: Option<Spanned<String>>,
    /// With `threefold`: a side that checked throughout the repetition loses.
    #[serde(default)]
    pub perpetual_check_loses: Option<Spanned<bool>>,
    #[serde(default)]
    pub dead_position: Option<Spanned<String>>,
    /// `"points"`: the games the rules end without a winner (the move rule, two passes in a
    /// row, a bikjang answered by a pass) go to the side with more of its pieces' `points`
    /// (janggi's counting); a draw unless said.
    #[serde(default)]
    pub material_count: Option<Spanned<String>>,
    /// With `material_count`: the points Black counts on top of its pieces' (janggi: 1.5).
    #[serde(default)]
    pub material_count_black_bonus: Option<Spanned<f64>>,
    /// A checkmate given by pieces of these kinds alone loses for the side that gives it.
    #[serde(default)]
    pub mate_by_only_loses: Vec<Spanned<String>>,
    /// A checkmate counts only where the mating side's last checks in a row had one from
    /// these kinds; otherwise it is drawn (shatar's shak).
    #[serde(default)]
    pub mate_needs_check_by: Vec<Spanned<String>>,
}

impl Default for EndDoc {
    fn default() -> EndDoc {
        EndDoc {
            checkmate: true,
            checkmate_result: None,
            extinction: Vec::new(),
            extinction_count: None,
            extinction_opponent_count: None,
            extinction_reply: false,
            extinction_result: None,
            reach_rank: None,
            goal: Vec::new(),
            goal_reply: false,
            goal_hold: false,
            checks: None,
            connect: None,
            connect_pieces: Vec::new(),
            connect_directions: None,
            connect_result: None,
            connect_square: None,
            connect_collinear: None,
            connect_regions: None,
            no_pieces: None,
            stalemate: None,
            full_board: false,
            fifty_move: true,
            move_rule: None,
            threefold: true,
            repetition_count: None,
            repetition_result: None,
            repetition_result_for: None,
            perpetual_check_loses: None,
            dead_position: None,
            material_count: None,
            material_count_black_bonus: None,
            mate_by_only_loses: Vec::new(),
            mate_needs_check_by: Vec::new(),
        }
    }
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ReachDoc {
    pub piece: Spanned<String>,
    pub rank: Spanned<i64>,
    /// The piece there must not be attacked (Fairy-Stockfish's `flagPieceSafe`).
    #[serde(default)]
    pub safe: bool,
}

/// `[end.connect_regions]`: per side, two lists of squares and rectangles.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct ConnectRegionsDoc {
    pub white: Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
    pub black: Spanned<Vec<Spanned<Vec<Spanned<String>>>>>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct GoalDoc {
    pub piece: Spanned<String>,
    pub squares: Spanned<Vec<Spanned<String>>>,
    /// `"white"` or `"black"`: one side's goal (both sides' without it).
    #[serde(default)]
    pub side: Option<Spanned<String>>,
    /// How many of the side's pieces of the kind must stand on the squares (1 without it).
    #[serde(default)]
    pub count: Option<Spanned<i64>>,
    /// One piece there is enough once none of the squares is empty.
    #[serde(default)]
    pub when_full: bool,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ObstaclesDoc {
    #[serde(default)]
    pub walls: Vec<Spanned<String>>,
    #[serde(default)]
    pub trapdoors: Vec<Spanned<String>>,
    #[serde(default)]
    pub mines: Vec<Spanned<String>>,
    #[serde(default)]
    pub walls_per_player: Option<Spanned<i64>>,
    #[serde(default)]
    pub trapdoors_per_player: Option<Spanned<i64>>,
    #[serde(default)]
    pub mines_per_player: Option<Spanned<i64>>,
}
