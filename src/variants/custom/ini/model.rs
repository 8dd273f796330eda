//! A variant as Fairy-Stockfish's keys describe it, between the parent it starts from and the
//! variant file it becomes: pieces by Fairy-Stockfish type (so `knight = n` and `king = -` find
//! them), regions as absolute squares per side (a child that changes the board does not move
//! them), and the rules our format has. `apply` changes it key by key, `emit` writes it.

use std::collections::BTreeMap;

use super::pieces;
use super::region::Region;
use crate::variants::custom::schema::{EndDoc, PieceDoc, PromotionDoc, VariantDoc};

/// White's and Black's.
pub type BySide<T> = [T; 2];

#[derive(Clone, Debug)]
pub struct Piece {
    /// Fairy-Stockfish's type (`knight`, `customPiece1`, `king`).
    pub kind: String,
    /// Upper case.
    pub letter: char,
    pub betza: String,
    pub royal: bool,
    /// A shipped parent's `pseudo_royal` (Fairy-Stockfish has no such key: an import
    /// over such a parent is refused).
    pub pseudo_royal: bool,
    pub mating_power: Option<String>,
    /// A shipped parent's per-piece regions, copied as written (Fairy-Stockfish's own
    /// mobility regions are not read).
    pub zone: Option<Vec<String>>,
    pub region: Option<(i64, i64)>,
    pub extra: Vec<(String, Option<(i64, i64)>)>,
}

impl Piece {
    pub fn new(kind: &str, letter: char, betza: &str) -> Piece {
        Piece {
            kind: kind.to_string(),
            letter: letter.to_ascii_uppercase(),
            betza: betza.to_string(),
            royal: kind == "king",
            pseudo_royal: false,
            mating_power: match kind {
                "bishop" => Some("colour-bound".into()),
                "knight" => Some("minor".into()),
                _ => None,
            },
            zone: None,
            region: None,
            extra: Vec::new(),
        }
    }
}

/// Which pieces a rule names: all of them (`*`) or some types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Types {
    All,
    Kinds(Vec<String>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Win,
    Loss,
    Draw,
}

impl Value {
    pub fn parse(text: &str) -> Option<Value> {
        match text {
            "win" => Some(Value::Win),
            "loss" => Some(Value::Loss),
            "draw" => Some(Value::Draw),
            _ => None,
        }
    }
    pub fn word(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Model {
    pub files: u32,
    pub ranks: u32,
    /// The start position as Fairy-Stockfish writes it (fields may be missing).
    pub start: String,
    pub pieces: Vec<Piece>,
    /// A shipped parent's promoted kinds (`+P`): pieces only a promotion makes, which no
    /// letter names; `promoted` points at them.
    pub promoted_kinds: Vec<Piece>,

    pub promotion_pawns: BySide<Vec<String>>,
    /// `promotedPieceType`: the type each type becomes, shogi's way, in the promotion region
    /// (by Fairy-Stockfish type, in the order they were named).
    pub promoted: Vec<(String, String)>,
    /// `promotionLimit`: no promotion to the type while a side has this many of it.
    pub promotion_limit: Vec<(String, u32)>,
    pub mandatory_pawn_promotion: bool,
    pub mandatory_piece_promotion: bool,
    /// `pieceDemotion`: a promoted piece turns back as it promoted (kyoto shogi's).
    pub piece_demotion: bool,
    /// `dropPromoted`: a piece in hand may be dropped promoted.
    pub drop_promoted: bool,
    /// `piecePromotionOnCapture`: shogi-style promotions only by captures.
    pub piece_promotion_on_capture: bool,
    /// `immobilityIllegal`: no move or drop may leave a piece where it could never move.
    pub immobility_illegal: bool,
    /// `shogiPawnDropMateIllegal`: no drop of a `shogiPawn` that mates.
    pub shogi_pawn_drop_mate_illegal: bool,
    pub promotion_region: BySide<Region>,
    pub promotion_to: BySide<Vec<String>>,
    pub n_move_kinds: BySide<Vec<String>>,
    pub en_passant_kinds: BySide<Vec<String>>,
    pub double_step: bool,
    /// Types with the double step (Fairy-Stockfish's `pawn`).
    pub double_step_kinds: Vec<String>,
    pub double_step_region: BySide<Region>,
    /// The double-step ranks are the shipped parent's own (several ranks keep its en passant
    /// rule); a child that sets them gets Fairy-Stockfish's.
    pub double_step_inherited: bool,

    pub castling: bool,
    /// The king's destination files (0-based), king's side and queen's side.
    pub castling_files: (u32, u32),
    pub castling_king: String,
    /// `castlingRank`, 0-based from each side's own first rank.
    pub castling_rank: u32,
    pub castling_rooks: Vec<String>,

    pub must_capture: bool,
    /// `makpongRule`.
    pub royal_takes_checker_only: bool,
    /// `dropChecks` (true by default).
    pub drop_checks: bool,
    pub no_giving_check: bool,
    pub blast: bool,
    /// `blastImmuneTypes`, `mutuallyImmuneTypes`.
    pub blast_proof: Vec<String>,
    pub mutually_immune: Vec<String>,
    pub flying_general: bool,
    pub piece_drops: bool,
    pub captures_to_hand: bool,
    /// `dropLoop`.
    pub drop_loop: bool,
    /// `mustDrop`, `dropOppositeColoredBishop`, `castlingDroppedPiece`: placement setups.
    pub must_drop: bool,
    /// `mustDropType`: the one kind `mustDrop` binds (`None`: any, `*`).
    pub must_drop_type: Option<String>,
    pub drop_opposite_coloured_bishop: bool,
    pub castling_dropped_piece: bool,
    /// `pass…` and `passOnStalemate…`, White's and Black's.
    pub pass: BySide<bool>,
    pub pass_on_stalemate: BySide<bool>,
    /// `wallingRule`, as Fairy-Stockfish spells it (`none`, `duck`, `arrow`, …).
    pub walling: String,
    /// `wallingRegion`: where blockers may go (`None`: everywhere).
    pub walling_region: BySide<Option<Region>>,
    pub first_rank_pawn_drops: bool,
    pub promotion_zone_pawn_drops: bool,
    pub drop_region: BySide<Option<Region>>,
    /// `dropNoDoubled`: the type not dropped on a file that holds `no_doubled_count` of them.
    pub no_doubled: Option<String>,
    pub no_doubled_count: u32,
    /// `mobilityRegionWhite…`/`Black…` by Fairy-Stockfish type: the squares a piece of that
    /// type may move to (`None`, or an empty region, for the whole board).
    pub mobility: BTreeMap<String, BySide<Option<Region>>>,

    pub checkmate: bool,
    /// `checkmateValue`: the mated side's result.
    pub checkmate_value: Value,
    pub stalemate: Value,
    pub extinction: Option<(Value, Types)>,
    /// `extinctionPieceCount`, `extinctionOpponentPieceCount`, `extinctionClaim`.
    pub extinction_count: u32,
    pub extinction_opponent_count: u32,
    pub extinction_claim: bool,
    /// `extinctionPseudoRoyal`: the extinction kinds are pseudo-royal while few.
    pub extinction_pseudo_royal: bool,
    /// `dupleCheck`: several pseudo-royal pieces are in check only when all are attacked.
    pub duple_check: bool,
    pub flag_piece: BySide<Option<Types>>,
    pub flag_region: BySide<Region>,
    pub flag_move: bool,
    /// `flagPieceSafe`: a lone flag piece counts only where it is not attacked.
    pub flag_piece_safe: bool,
    /// `soldierPromotionRank`: the rank (1-based, the owner's) from which the soldier also
    /// steps sideways (`None`: as the soldier's movement says).
    pub soldier_rank: Option<u32>,
    /// `flagPieceCount`: how many flag pieces must stand in the region.
    pub flag_piece_count: u32,
    /// `flagPieceBlockedWin`: one is enough once the region has no empty square.
    pub flag_piece_blocked_win: bool,
    /// `connectN` (0: none), `connectPieceTypes`, and the lines
    /// (`connectHorizontal`, `connectVertical`, `connectDiagonal`).
    pub connect_n: u32,
    pub connect_kinds: Types,
    pub connect_lines: [bool; 3],
    /// `connectValue`: the connecting side's result.
    pub connect_value: Value,
    /// `connectNxN`: a square block that connects (0: none).
    pub connect_square: u32,
    /// `collinearN`: this many on one line connect, side by side or not (0: none).
    pub collinear_n: u32,
    /// `connectRegion1White`, `connectRegion2White`, `…Black`: per side, the two regions a
    /// chain must join.
    pub connect_regions: BySide<[Option<Region>; 2]>,
    /// Checks to give, when checks are counted.
    pub checks: Option<u32>,
    pub check_counting: bool,
    pub fifty_move: bool,
    /// `nMoveRule` when it is not 0.
    pub move_rule: u32,
    /// `nFoldRule`: the occurrence of a position that ends the game (0: none).
    pub n_fold: u32,
    /// `nFoldValue`: the side to move's result then (White's with `nFoldValueAbsolute`).
    pub n_fold_value: Value,
    pub n_fold_absolute: bool,
    pub perpetual_check_illegal: bool,
    /// Pieces that change sides, drops that must enclose, and the counted ends with them.
    pub enclosing: super::enclosing::Enclosing,
}

fn both<T: Clone>(v: T) -> BySide<T> {
    [v.clone(), v]
}

fn kinds(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

impl Model {
    /// Fairy-Stockfish's template for a variant without a parent: chess's board, rules and
    /// start position, and no pieces.
    pub fn template() -> Model {
        Model {
            files: 8,
            ranks: 8,
            start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            pieces: Vec::new(),
            promoted_kinds: Vec::new(),
            promotion_pawns: both(kinds(&["pawn"])),
            promoted: Vec::new(),
            promotion_limit: Vec::new(),
            mandatory_pawn_promotion: true,
            mandatory_piece_promotion: false,
            piece_demotion: false,
            drop_promoted: false,
            piece_promotion_on_capture: false,
            immobility_illegal: false,
            shogi_pawn_drop_mate_illegal: false,
            promotion_region: [Region::rank(7), Region::rank(0)],
            // Fairy-Stockfish resets the promotion types when a section defines its pieces
            // from scratch (`reset_pieces`): none unless the section names them.
            promotion_to: both(Vec::new()),
            n_move_kinds: both(kinds(&["pawn"])),
            en_passant_kinds: both(kinds(&["pawn"])),
            double_step: true,
            double_step_kinds: kinds(&["pawn"]),
            double_step_region: [Region::rank(1), Region::rank(6)],
            double_step_inherited: false,
            castling: true,
            castling_files: (6, 2),
            castling_king: "king".into(),
            castling_rank: 0,
            castling_rooks: kinds(&["rook"]),
            must_capture: false,
            royal_takes_checker_only: false,
            drop_checks: true,
            no_giving_check: false,
            blast: false,
            blast_proof: Vec::new(),
            mutually_immune: Vec::new(),
            flying_general: false,
            piece_drops: false,
            captures_to_hand: false,
            drop_loop: false,
            must_drop: false,
            must_drop_type: None,
            drop_opposite_coloured_bishop: false,
            castling_dropped_piece: false,
            pass: [false, false],
            pass_on_stalemate: [false, false],
            walling: "none".into(),
            walling_region: [None, None],
            first_rank_pawn_drops: false,
            promotion_zone_pawn_drops: false,
            drop_region: [None, None],
            no_doubled: None,
            no_doubled_count: 1,
            mobility: BTreeMap::new(),
            checkmate: true,
            checkmate_value: Value::Loss,
            stalemate: Value::Draw,
            extinction: None,
            extinction_count: 0,
            extinction_opponent_count: 0,
            extinction_claim: false,
            extinction_pseudo_royal: false,
            duple_check: false,
            flag_piece: [None, None],
            flag_region: [Region::default(), Region::default()],
            flag_move: false,
            flag_piece_safe: false,
            flag_piece_count: 1,
            soldier_rank: None,
            flag_piece_blocked_win: false,
            connect_n: 0,
            connect_kinds: Types::All,
            connect_lines: [true; 3],
            connect_value: Value::Win,
            connect_square: 0,
            collinear_n: 0,
            connect_regions: [[None, None], [None, None]],
            checks: None,
            check_counting: false,
            fifty_move: true,
            move_rule: 50,
            n_fold: 3,
            n_fold_value: Value::Draw,
            n_fold_absolute: false,
            perpetual_check_illegal: false,
            enclosing: super::enclosing::Enclosing::default(),
        }
    }

    /// The piece of a type.
    pub fn piece(&self, kind: &str) -> Option<&Piece> {
        self.pieces
            .iter()
            .chain(&self.promoted_kinds)
            .find(|p| p.kind == kind)
    }

    /// Does some type promote to `kind` shogi's way?
    pub fn is_promoted_type(&self, kind: &str) -> bool {
        self.promoted.iter().any(|(_, to)| to == kind)
    }

    /// The type a letter (either case) names.
    pub fn kind_of_letter(&self, letter: char) -> Option<String> {
        let l = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .find(|p| p.letter == l)
            .map(|p| p.kind.clone())
    }

    /// Fairy-Stockfish's `add_piece`: a piece that had this letter goes, and the type takes it.
    pub fn add_piece(&mut self, piece: Piece) {
        self.pieces
            .retain(|p| p.letter != piece.letter && p.kind != piece.kind);
        self.pieces.push(piece);
    }

    pub fn remove_piece(&mut self, kind: &str) {
        self.pieces.retain(|p| p.kind != kind);
    }

    /// A shipped variant file as this model: what Fairy-Stockfish's keys would have to be for
    /// it. `Err` names what of the file has no such form.
    pub fn from_shipped(text: &str) -> Result<Model, String> {
        let doc: VariantDoc = toml::from_str(text).map_err(|e| e.message().to_string())?;
        let mut m = Model::template();
        m.files = u32::try_from(*doc.board.files.get_ref()).map_err(|e| e.to_string())?;
        m.ranks = u32::try_from(*doc.board.ranks.get_ref()).map_err(|e| e.to_string())?;
        m.start = doc.board.start.get_ref().clone();
        let pawn_becomes = m.shipped_pieces(&doc)?;
        let promotion_to = match &doc.promotion {
            Some(p) => {
                p.to.get_ref()
                    .iter()
                    .map(|l| letter_kind(&m, l.get_ref()))
                    .collect::<Result<_, _>>()?
            }
            None => pawn_becomes,
        };
        if promotion_to.is_empty() {
            // Our pawns without `[promotion]` move onto the last rank as anywhere: Fairy-
            // Stockfish's without a promotion pawn type do, not those left with no type to
            // become.
            m.promotion_pawns = both(Vec::new());
        }
        m.promotion_to = both(promotion_to);
        if let Some(p) = &doc.promotion {
            m.shipped_promotion_zone(p)?;
        }
        m.shipped_castling(&doc)?;
        m.shipped_rules(&doc)?;
        m.shipped_end(&doc)?;
        m.enclosing = super::enclosing::Enclosing::from_shipped(&doc)?;
        let o = &doc.obstacles;
        if !o.walls.is_empty() || !o.trapdoors.is_empty() || !o.mines.is_empty() {
            return Err("obstacles".into());
        }
        Ok(m)
    }

    /// The `[[piece]]` tables, with the pawn rules they carry: which kinds are pawns, double
    /// step (from the file's ranks, not Fairy-Stockfish's), en passant and drop ranks. Returns
    /// the kind a pawn's own `promotes_to` names (makruk's met), whose zone becomes the
    /// promotion region.
    fn shipped_pieces(&mut self, doc: &VariantDoc) -> Result<Vec<String>, String> {
        let last = self.ranks.saturating_sub(1);
        self.double_step = false;
        self.double_step_kinds.clear();
        self.double_step_inherited = true;
        self.double_step_region = [Region::default(), Region::default()];
        let mut pawns = Vec::new();
        let mut en_passant = Vec::new();
        let mut zone_promotions = Vec::new();
        let mut pawn_promotion: Option<(char, i64, i64)> = None;
        // The drop ranks every kind shares, and how many kinds give them.
        let mut common_drop_ranks: Option<(i64, i64, usize)> = None;
        for p in doc.pieces.get_ref() {
            let text = p.letter.get_ref();
            if let Some(base) = text.strip_prefix('+').and_then(|b| b.chars().next()) {
                // A promoted kind (shogi's `+P`): only a promotion makes one.
                let kind = format!("shipped+{base}");
                self.promoted_kinds.push(shipped_piece(p, &kind, base));
                continue;
            }
            let letter = text.chars().next().ok_or("a piece without letter")?;
            let kind = pieces::kind_of_shipped(&p.name, letter, p.royal, p.betza.get_ref());
            let piece = shipped_piece(p, &kind, letter);
            if p.pawn {
                pawns.push(kind.clone());
            }
            if p.en_passant {
                en_passant.push(kind.clone());
            }
            if let Some(n) = &p.promotion_limit {
                let n = u32::try_from(*n.get_ref()).map_err(|e| e.to_string())?;
                self.promotion_limit.push((kind.clone(), n));
            }
            if let Some(ranks) = &p.double_step_rank {
                self.double_step = true;
                self.double_step_kinds.push(kind.clone());
                for r in ranks.get_ref().list() {
                    let r = u32::try_from(r - 1).map_err(|e| e.to_string())?;
                    self.double_step_region[0].ranks.insert(r);
                    self.double_step_region[1]
                        .ranks
                        .insert(last.saturating_sub(r));
                }
            }
            if let Some(to) = &p.promotes_to {
                let to = to.get_ref();
                let zone = p.promotion_zone.as_ref().map(|z| z.get_ref().clone());
                match (
                    to.strip_prefix('+'),
                    zone.as_deref(),
                    p.promotion_in_place.as_ref(),
                ) {
                    (Some(base), Some(&[lo, hi]), None) if base.starts_with(letter) => {
                        let must = p.must_promote.as_ref().is_some_and(|m| *m.get_ref());
                        zone_promotions.push((
                            kind.clone(),
                            format!("shipped+{letter}"),
                            lo,
                            hi,
                            must,
                        ));
                    }
                    // Makruk's pawn becomes a met, a kind of its own, from the sixth rank
                    // on: Fairy-Stockfish's `promotionRegion` with `promotionPieceTypes`.
                    (None, Some(&[lo, hi]), None) if p.pawn && pawn_promotion.is_none() => {
                        let to = to.chars().next().ok_or("an empty promotes_to")?;
                        pawn_promotion = Some((to, lo, hi));
                    }
                    _ => return Err(format!("{kind}'s promotes_to")),
                }
            }
            if let Some(d) = &p.drop_ranks {
                // Crazyhouse's pawn: Fairy-Stockfish's default, no pawn on the first rank or
                // in the promotion zone. Every kind's the same ranks (placement's first rank)
                // is its `dropRegion`.
                let crazyhouse_pawn =
                    kind == "pawn" && d.get_ref().as_slice() == [2, self.ranks as i64 - 1];
                if !crazyhouse_pawn {
                    match (&common_drop_ranks, d.get_ref().as_slice()) {
                        (None, &[lo, hi]) => common_drop_ranks = Some((lo, hi, 1)),
                        (Some((lo, hi, n)), &[l, h]) if (*lo, *hi) == (l, h) => {
                            common_drop_ranks = Some((l, h, n + 1));
                        }
                        _ => return Err(format!("{kind}'s drop_ranks")),
                    }
                }
            }
            self.pieces.push(piece);
        }
        self.promotion_pawns = both(pawns.clone());
        self.n_move_kinds = both(pawns);
        self.en_passant_kinds = both(en_passant);
        self.promotion_region = [Region::rank(last), Region::rank(0)];
        if let Some((lo, hi, n)) = common_drop_ranks {
            if n != doc.pieces.get_ref().len() {
                return Err("drop_ranks on some kinds only".into());
            }
            let (lo, hi) = (
                u32::try_from(lo - 1).map_err(|e| e.to_string())?,
                u32::try_from(hi - 1).map_err(|e| e.to_string())?,
            );
            let ranks = |f: &dyn Fn(u32) -> u32| Region {
                ranks: (lo..=hi).map(f).collect(),
                ..Region::default()
            };
            self.drop_region = [
                Some(ranks(&|r| r)),
                Some(ranks(&|r| last.saturating_sub(r))),
            ];
        }
        if let Some((letter, lo, hi)) = pawn_promotion {
            let kind = letter_kind(self, &letter.to_string())?;
            let (lo, hi) = (
                u32::try_from(lo - 1).map_err(|e| e.to_string())?,
                u32::try_from(hi - 1).map_err(|e| e.to_string())?,
            );
            let ranks = |f: &dyn Fn(u32) -> u32| Region {
                ranks: (lo..=hi).map(f).collect(),
                ..Region::default()
            };
            self.promotion_region = [ranks(&|r| r), ranks(&|r| last.saturating_sub(r))];
            self.shipped_zone_promotions(zone_promotions)?;
            return Ok(vec![kind]);
        }
        self.shipped_zone_promotions(zone_promotions)?;
        Ok(Vec::new())
    }

    /// `[promotion] zone` and `optional` (grand's pawns): the zone as the promotion region,
    /// optional as promotion that is not mandatory. Squares of their own (troitzky) this
    /// model does not hold.
    fn shipped_promotion_zone(&mut self, p: &PromotionDoc) -> Result<(), String> {
        if p.squares.is_some() || p.black_squares.is_some() {
            return Err("promotion squares".into());
        }
        if let Some(zone) = &p.zone {
            let &[lo, hi] = zone.get_ref().as_slice() else {
                return Err("a promotion zone that is not two ranks".into());
            };
            let last = self.ranks.saturating_sub(1);
            let (lo, hi) = (
                u32::try_from(lo - 1).map_err(|e| e.to_string())?,
                u32::try_from(hi - 1).map_err(|e| e.to_string())?,
            );
            let ranks = |f: &dyn Fn(u32) -> u32| Region {
                ranks: (lo..=hi).map(f).collect(),
                ..Region::default()
            };
            self.promotion_region = [ranks(&|r| r), ranks(&|r| last.saturating_sub(r))];
        }
        if p.optional.as_ref().is_some_and(|o| *o.get_ref()) {
            self.mandatory_pawn_promotion = false;
        }
        Ok(())
    }

    /// Shogi's promotions (`promotes_to = "+X"` in one zone) as `promotedPieceType`, with
    /// the zone as the promotion region and `must_promote` as the mandatory promotion of its
    /// kinds (Fairy-Stockfish's pawn has its own).
    fn shipped_zone_promotions(
        &mut self,
        list: Vec<(String, String, i64, i64, bool)>,
    ) -> Result<(), String> {
        let Some(&(_, _, lo, hi, _)) = list.first() else {
            return Ok(());
        };
        let last = self.ranks.saturating_sub(1);
        let (lo, hi) = (
            u32::try_from(lo - 1).map_err(|e| e.to_string())?,
            u32::try_from(hi - 1).map_err(|e| e.to_string())?,
        );
        let mut must = [None, None];
        for (from, to, l, h, m) in list {
            if (l, h) != (i64::from(lo) + 1, i64::from(hi) + 1) {
                return Err("promotion zones that differ between kinds".into());
            }
            let slot = &mut must[usize::from(from == "pawn")];
            if slot.is_some_and(|s| s != m) {
                return Err("must_promote on some kinds of a zone only".into());
            }
            *slot = Some(m);
            self.promoted.push((from, to));
        }
        self.mandatory_piece_promotion = must[0].unwrap_or(false);
        self.mandatory_pawn_promotion = must[1].unwrap_or(true);
        let ranks = |f: &dyn Fn(u32) -> u32| Region {
            ranks: (lo..=hi).map(f).collect(),
            ..Region::default()
        };
        self.promotion_region = [ranks(&|r| r), ranks(&|r| last - r)];
        Ok(())
    }

    /// `[[castling]]`: the king's destination file per side.
    fn shipped_castling(&mut self, doc: &VariantDoc) -> Result<(), String> {
        self.castling = !doc.castling.is_empty();
        // Castling `from_position` is Fairy-Stockfish's own: it castles with the king and the
        // outermost rooks where a start position puts them, the squares `castling::lines` reads.
        for c in &doc.castling {
            let file = c
                .king_to
                .get_ref()
                .chars()
                .next()
                .map_or(0, |f| (f as u32).saturating_sub('a' as u32));
            self.castling_rank = c
                .king_to
                .get_ref()
                .get(1..)
                .and_then(|r| r.parse::<u32>().ok())
                .and_then(|r| r.checked_sub(1))
                .ok_or("castling's king_to")?;
            if c.side.get_ref() == "king" {
                self.castling_files.0 = file;
            } else {
                self.castling_files.1 = file;
            }
            self.castling_rooks = vec![letter_kind(self, c.rook.get_ref())?];
            if let Some(k) = &c.king {
                self.castling_king = letter_kind(self, k.get_ref())?;
            }
        }
        Ok(())
    }

    fn shipped_rules(&mut self, doc: &VariantDoc) -> Result<(), String> {
        let r = &doc.rules;
        self.must_capture = r.must_capture;
        self.royal_takes_checker_only = r.royal_takes_checker_only;
        self.drop_checks = !r.no_checking_drops;
        self.no_giving_check = r.no_giving_check;
        self.blast = r.blast;
        let letters = |list: &[toml::Spanned<String>], m: &Model| -> Result<Vec<String>, String> {
            list.iter().map(|l| letter_kind(m, l.get_ref())).collect()
        };
        self.blast_proof = letters(&r.blast_proof, self)?;
        self.mutually_immune = letters(&r.mutually_immune, self)?;
        self.flying_general = r.flying_general;
        let drops = r.drops.as_ref().is_some_and(|d| *d.get_ref());
        self.piece_drops = drops;
        self.captures_to_hand = drops && r.captures_to_hand.as_ref().is_none_or(|c| *c.get_ref());
        let on = |key: &Option<toml::Spanned<bool>>| key.as_ref().is_some_and(|k| *k.get_ref());
        self.must_drop = on(&r.must_drop);
        self.must_drop_type = match &r.must_drop_kind {
            Some(k) => Some(letter_kind(self, k.get_ref())?),
            None => None,
        };
        self.drop_loop = on(&r.captured_keep_promotion);
        self.castling_dropped_piece = on(&r.castling_by_drop);
        self.drop_opposite_coloured_bishop = match r.drop_both_colours.as_slice() {
            [] => false,
            [one] if letter_kind(self, one.get_ref())? == "bishop" => true,
            _ => return Err("drop_both_colours other than the bishop".into()),
        };
        let pass = match r.pass.as_ref().map(|p| p.get_ref().as_str()) {
            None => (false, false),
            Some("always") => (true, false),
            Some("when-stalemated") => (false, true),
            Some(other) => return Err(format!("pass = {other}")),
        };
        self.pass = [pass.0; 2];
        self.pass_on_stalemate = [pass.1; 2];
        self.walling = r
            .walling
            .as_ref()
            .map_or("none".into(), |w| w.get_ref().clone());
        if r.walling_region.is_some() {
            return Err("walling_region".into());
        }
        self.no_doubled = match r.no_doubled_drop.as_slice() {
            [] => None,
            [one] => Some(letter_kind(self, one.get_ref())?),
            // Fairy-Stockfish has one such type.
            _ => return Err("no_doubled_drop of several kinds".into()),
        };
        self.immobility_illegal = r.immobile_illegal;
        self.shogi_pawn_drop_mate_illegal = match r.no_drop_mate.as_slice() {
            [] => false,
            [one] if letter_kind(self, one.get_ref())? == "shogiPawn" => true,
            _ => return Err("no_drop_mate of another kind than shogi's pawn".into()),
        };
        Ok(())
    }

    fn shipped_end(&mut self, doc: &VariantDoc) -> Result<(), String> {
        let last = self.ranks.saturating_sub(1);
        let e = &doc.end;
        self.checkmate = e.checkmate;
        self.checkmate_value = match e.checkmate_result.as_ref().map(|s| s.get_ref().as_str()) {
            None => Value::Loss,
            Some(s) => Value::parse(s).ok_or("checkmate_result")?,
        };
        self.stalemate = match e.stalemate.as_ref().map(|s| s.get_ref().as_str()) {
            None => Value::Draw,
            // The side with fewer pieces loses (`Enclosing::stalemate_piece_count`).
            Some("count") => Value::Loss,
            Some(s) => Value::parse(s).ok_or("stalemate")?,
        };
        self.extinction = self.shipped_extinction(e)?;
        let small = |n: &Option<toml::Spanned<i64>>| {
            n.as_ref().map_or(Ok(0), |n| {
                u32::try_from(*n.get_ref()).map_err(|e| e.to_string())
            })
        };
        self.extinction_count = small(&e.extinction_count)?;
        self.extinction_opponent_count = small(&e.extinction_opponent_count)?;
        self.extinction_claim = e.extinction_reply;
        self.move_rule = match &e.move_rule {
            None => 50,
            Some(n) => u32::try_from(*n.get_ref()).map_err(|e| e.to_string())?,
        };
        if let Some(reach) = &e.reach_rank {
            let kinds = match reach.piece.get_ref().as_str() {
                "*" => Types::All,
                letter => Types::Kinds(vec![letter_kind(self, letter)?]),
            };
            let rank = u32::try_from(*reach.rank.get_ref() - 1).map_err(|e| e.to_string())?;
            self.flag_piece = both(Some(kinds));
            self.flag_region = [Region::rank(rank), Region::rank(last.saturating_sub(rank))];
            self.flag_piece_safe = reach.safe;
        }
        if let Some(first) = e.goal.first() {
            if e.goal.len() > 1 || e.reach_rank.is_some() {
                return Err("several goals".into());
            }
            if first.side.is_some() || first.count.is_some() || first.when_full {
                return Err("a goal of one side, a count or when_full".into());
            }
            let kind = letter_kind(self, first.piece.get_ref())?;
            let squares = super::region::parse(
                &first
                    .squares
                    .get_ref()
                    .iter()
                    .map(|s| s.get_ref().as_str())
                    .collect::<Vec<_>>()
                    .join(" "),
            )
            .ok_or("goal squares")?;
            self.flag_piece = both(Some(Types::Kinds(vec![kind])));
            self.flag_region = both(squares);
        }
        self.flag_move = e.goal_reply || e.goal_hold;
        self.checks = e
            .checks
            .as_ref()
            .and_then(|c| u32::try_from(*c.get_ref()).ok());
        self.check_counting = self.checks.is_some();
        self.fifty_move = e.fifty_move;
        self.n_fold = match (&e.repetition_count, e.threefold) {
            (_, false) => 0,
            (None, true) => 3,
            (Some(n), true) => u32::try_from(*n.get_ref()).map_err(|e| e.to_string())?,
        };
        self.n_fold_value = match e.repetition_result.as_ref().map(|s| s.get_ref().as_str()) {
            None => Value::Draw,
            Some(s) => Value::parse(s).ok_or("repetition_result")?,
        };
        self.n_fold_absolute = e
            .repetition_result_for
            .as_ref()
            .is_some_and(|s| s.get_ref() == "white");
        self.perpetual_check_illegal = e
            .perpetual_check_loses
            .as_ref()
            .is_some_and(|p| *p.get_ref());
        Ok(())
    }

    /// `extinction` and `no_pieces` as Fairy-Stockfish's one extinction rule.
    fn shipped_extinction(&self, e: &EndDoc) -> Result<Option<(Value, Types)>, String> {
        let no_pieces = e.no_pieces.as_ref().map(|v| v.get_ref().as_str());
        let result = match e.extinction_result.as_ref().map(|v| v.get_ref().as_str()) {
            None => Value::Loss,
            Some(v) => Value::parse(v).ok_or("extinction_result")?,
        };
        let all = e.extinction.iter().any(|l| l.get_ref() == "all");
        Ok(match (e.extinction.is_empty(), no_pieces) {
            (true, None) => None,
            (true, Some(v)) => Some((Value::parse(v).ok_or("no_pieces")?, Types::All)),
            (false, None) if all => Some((result, Types::All)),
            (false, None) => Some((
                result,
                Types::Kinds(
                    e.extinction
                        .iter()
                        .map(|l| letter_kind(self, l.get_ref()))
                        .collect::<Result<_, _>>()?,
                ),
            )),
            // Fairy-Stockfish has one extinction rule.
            (false, Some(_)) => return Err("extinction with no_pieces".into()),
        })
    }
}

/// A shipped `[[piece]]` as Fairy-Stockfish's type `kind`, with the regions copied as written.
fn shipped_piece(p: &PieceDoc, kind: &str, letter: char) -> Piece {
    let mut piece = Piece::new(kind, letter, p.betza.get_ref());
    piece.royal = p.royal;
    piece.pseudo_royal = p.pseudo_royal;
    piece.mating_power = p.mating_power.as_ref().map(|m| m.get_ref().clone());
    piece.zone = p
        .zone
        .as_ref()
        .map(|z| z.get_ref().iter().map(|s| s.get_ref().clone()).collect());
    piece.region = p.region.as_ref().and_then(|r| pair(r.get_ref()));
    piece.extra = p
        .extra
        .iter()
        .map(|e| {
            let region = e.region.as_ref().and_then(|r| pair(r.get_ref()));
            (e.betza.get_ref().clone(), region)
        })
        .collect();
    piece
}

fn letter_kind(m: &Model, l: &str) -> Result<String, String> {
    l.chars()
        .next()
        .and_then(|c| m.kind_of_letter(c))
        .ok_or_else(|| format!("no piece has the letter {l}"))
}

fn pair(v: &[i64]) -> Option<(i64, i64)> {
    match v {
        [a, b] => Some((*a, *b)),
        _ => None,
    }
}
