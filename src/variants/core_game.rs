//! Any variant whose rules are the core's alone (standard, fairy, variant files): core legal
//! moves, make/unmake (with what trapdoors and mines do, where a variant file has them), and
//! the end of the game as data (`Ends`): by default FIDE's —
//! checkmate = loss, stalemate = draw (both course variants say so), the fifty-move rule,
//! repetition inside the search line and dead positions as draws — or a variant file's
//! (extinction, a goal rank, stalemate as a win or loss). Evaluation is the generic one from
//! the piece table.

use std::sync::Arc;

use crate::core::{Color, KindId, Move, MoveFlag, Passing, Piece, Position, Sq, Undo};
use crate::engine::eval::PieceValues;
use crate::game::{Game, MoveRefused, Searchable, Terminal, VariantId};
use crate::variants::connect::{Connect, ConnectRegions};
use crate::variants::core_table::TableHooks;
use crate::variants::counting::{self, MaterialCount};
use crate::variants::dead_position::DeadPosition;
use crate::variants::extinction::Extinction;
use crate::variants::mate_rules::MateRules;
use crate::variants::repetition::Repetition;
use crate::variants::terrain::{Allowance, Fired, Terrain, TerrainInPlay};

/// Entries of the cache of a variant's own evaluations (a power of two).
const OWN_EVAL_CACHE: usize = 1 << 14;

/// Mixed into the key of positions where the clock rule restricts the moves.
const CLOCK_RULE_KEY: u64 = 0x9e37_79b9_7f4a_7c15;

/// The clock rule's test, once the rule is in force: a capture or a move of a clock-resetting
/// piece (pawns, soldiers); never castling. The one place the rule is written: the search's
/// game and fairy chess's move file both ask it.
pub fn clock_rule_allows(pos: &Position, m: &Move) -> bool {
    !m.is_castle()
        && (pos.piece_at(m.to).is_some()
            || m.flag == MoveFlag::EnPassant
            || pos
                .piece_at(m.from)
                .is_some_and(|p| pos.rules().kind(p.kind).resets_clock))
}

/// How a variant played by the core's rules alone writes and reads its moves and board:
/// the thin hooks that make one [`CoreGame`] standard chess, fairy chess or a variant file.
#[derive(Debug)]
pub struct CoreNotation {
    /// The variant whose notation this is.
    pub id: VariantId,
    /// A legal move in the variant's notation (`&mut`: a suffix may need the reply).
    pub write_move: fn(&mut Position, Move) -> String,
    /// The legal move a text names.
    pub read_move: fn(&mut Position, &str) -> Result<Move, MoveRefused>,
    /// The board file, after the header lines the game was read with (fairy chess: its
    /// allocation lines; none elsewhere).
    pub write_board: fn(&[String], &Position) -> String,
    /// A legal move in coordinates, as UCI writes it (Chess960: castling as the king taking
    /// its rook).
    pub write_coordinates: fn(&Position, Move) -> String,
    /// What the table shows and keeps beyond the moves (side panel, claims, the game log).
    pub table: &'static TableHooks,
    /// The variant's own evaluation (centipawns for the side to move), where the generic one
    /// from the piece table does not know its game (pawn race's races of passed pawns).
    pub evaluate: Option<fn(&Position) -> i32>,
}

/// How a game ends, as the search sees it (results from the side to move's view).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ends {
    /// In check with no legal move is checkmate (otherwise no legal move is `stalemate`).
    pub checkmate: bool,
    /// The checkmated side's result: a loss, or a win where being mated is the goal (losers).
    pub checkmated: Terminal,
    /// The result for a side with no legal move that is not checkmated (with
    /// `stalemate_count`: for the side with fewer pieces on the board).
    pub stalemate: Terminal,
    /// A stalemate is judged by the pieces on the board: fewer than the other side's gets
    /// `stalemate`, more its opposite, as many a draw (the reversi family).
    pub stalemate_count: bool,
    /// A board with no empty square ends the game, by `material_count` (a draw without).
    pub full_board: bool,
    /// A side (almost) out of pieces of a kind loses, or wins.
    pub extinction: Option<Extinction>,
    /// A side with a piece of this kind (`None`: any piece) on this rank (0-based, its own
    /// counting) wins.
    pub reach_rank: Option<(Option<KindId>, u8)>,
    /// A lone piece on the goal rank counts only while the other side does not attack it
    /// (Fairy-Stockfish's `flagPieceSafe`: dobutsu's lion); both sides there then draw.
    pub reach_safe: bool,
    /// A side with a piece of a goal's kind on one of its squares wins.
    pub goals: Vec<Goal>,
    /// When White reaches a goal, Black has one move to reach one too: then the game is a
    /// draw (racing kings). Without it the first to arrive wins at once.
    pub goal_reply: bool,
    /// A goal counts only when its side is to move again: the piece must stand there through
    /// the other side's move, which may still take it (jeson mor; Fairy-Stockfish's
    /// `flagMove` for a flag piece other than the king).
    pub goal_hold: bool,
    /// The result for a side left with no piece at all, from its own view (the horde loses;
    /// in antichess it wins).
    pub no_pieces: Option<Terminal>,
    /// A side that has given this many checks wins (three-check).
    pub check_limit: Option<u8>,
    /// A side with N of its pieces in a row wins (tic-tac-toe).
    pub connect: Option<Connect>,
    /// A side whose pieces join its two regions wins (gale).
    pub connect_regions: Option<ConnectRegions>,
    /// A side that has lost its last royal piece (while the other has one) has lost.
    pub royal_capture: bool,
    /// Moves without capture or clock-resetting move draw: `move_rule` moves by each side
    /// (FIDE's fifty).
    pub fifty_move: bool,
    /// The moves of the rule above (each side's; 50 unless a file says otherwise).
    pub move_rule: u16,
    /// A repeated position ends the game (FIDE's: the third occurrence draws).
    pub repetition: Option<Repetition>,
    /// Which positions are dead (drawn) because nobody can win any more.
    pub dead_position: DeadPosition,
    /// The ends with no winner by play (the move rule, passes, bikjang) go to the side with
    /// more points (janggi's counting); `None`: they are draws.
    pub material_count: Option<MaterialCount>,
    /// Checkmates that lose for the mating side or are drawn (shatar's); `None`: every
    /// checkmate is `checkmated`'s result.
    pub mate_rules: Option<MateRules>,
}

impl Ends {
    /// FIDE's ends (standard and fairy chess).
    pub fn fide() -> Ends {
        Ends {
            checkmate: true,
            checkmated: Terminal::Loss,
            stalemate: Terminal::Draw,
            stalemate_count: false,
            full_board: false,
            extinction: None,
            reach_rank: None,
            reach_safe: false,
            goals: Vec::new(),
            goal_reply: false,
            goal_hold: false,
            no_pieces: None,
            check_limit: None,
            connect: None,
            connect_regions: None,
            royal_capture: true,
            fifty_move: true,
            move_rule: 50,
            repetition: Some(Repetition::THREEFOLD),
            dead_position: DeadPosition::Fide,
            material_count: None,
            mate_rules: None,
        }
    }

    /// The result for the side to move of `pos`, which has no legal move and is not
    /// checkmated: `stalemate`, by the pieces where they are counted; a draw there goes to
    /// the material count where the rules count (as Fairy-Stockfish's does).
    pub fn stalemate_result(&self, pos: &Position) -> Terminal {
        let mut result = self.stalemate;
        if self.stalemate_count {
            let us = pos.side_to_move();
            result = match pos.pieces(us).count().cmp(&pos.pieces(us.other()).count()) {
                std::cmp::Ordering::Less => self.stalemate,
                std::cmp::Ordering::Greater => self.stalemate.flipped(),
                std::cmp::Ordering::Equal => Terminal::Draw,
            };
        }
        if result == Terminal::Draw {
            result = MaterialCount::or_draw(self.material_count.as_ref(), pos);
        }
        result
    }

    /// Is every square of the board taken (by a piece or a blocker)?
    pub fn board_full(pos: &Position) -> bool {
        pos.rules()
            .shape
            .squares()
            .all(|sq| pos.piece_at(sq).is_some() || pos.blocker_at(sq))
    }

    /// Has the move rule drawn the game (its count of moves without capture or clock-resetting
    /// move reached)?
    pub fn move_rule_reached(&self, pos: &Position) -> bool {
        self.fifty_move && pos.halfmove_clock() >= 2 * u32::from(self.move_rule)
    }

    /// Has `side` brought a goal piece to the goal rank?
    pub fn reached(&self, pos: &Position, side: Color) -> bool {
        let Some((kind, rank)) = self.reach_rank else {
            return false;
        };
        let shape = &pos.rules().shape;
        let goal = shape.relative_rank(side, rank);
        let mut there = pos.pieces(side).filter(|&sq| {
            shape.rank_of(sq) == goal
                && pos
                    .piece_at(sq)
                    .is_some_and(|p| kind.is_none_or(|k| p.kind == k))
        });
        match (there.next(), there.next()) {
            (None, _) => false,
            // One piece there must be safe, as Fairy-Stockfish counts it; two need not be.
            (Some(sq), None) if self.reach_safe => !pos.is_attacked(sq, side.other()),
            _ => true,
        }
    }

    /// Has `side` a goal piece on a goal square?
    fn on_goal(&self, pos: &Position, side: Color) -> bool {
        self.goals.iter().any(|g| g.reached(pos, side))
    }

    /// Can the side to move bring a goal piece onto a goal square with one legal move?
    fn goal_in_one(&self, pos: &Position) -> bool {
        let mut pos = pos.clone();
        let us = pos.side_to_move();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.into_iter().any(|m| {
            let undo = pos.make(m);
            let there = self.on_goal(&pos, us);
            pos.unmake(m, undo);
            there
        })
    }

    /// Does any rule here decide a game before its moves run out?
    fn decides_early(&self) -> bool {
        !self.goals.is_empty() || self.decides_early_but_by_goals()
    }

    /// Does a rule other than plain goal squares decide a game before its moves run out?
    /// (Goal squares alone, without racing kings' reply, the core's walk honours through
    /// `Arrivals`.)
    fn decides_early_but_by_goals(&self) -> bool {
        self.extinction.is_some()
            || self.reach_rank.is_some()
            || (!self.goals.is_empty() && (self.goal_reply || self.goal_hold))
            || self.goals.iter().any(|g| !g.is_plain())
            || self.no_pieces.is_some()
            || self.check_limit.is_some()
            || self.connect.is_some()
            || self.connect_regions.is_some()
            || self.full_board
    }

    /// Extinction, no pieces left, the goal rank (the side that just moved first), then the
    /// goal squares: the result from the side to move's view, and the rule's name.
    pub fn decided_why(&self, pos: &Position) -> Option<(Terminal, DecidedBy)> {
        let us = pos.side_to_move();
        let them = us.other();
        if let Some(limit) = self.check_limit {
            // Both at the limit (a FEN's `0+0`: no check left to either side) is a draw, as
            // python-chess and lichess score it.
            match (
                pos.checks_given(us) >= limit,
                pos.checks_given(them) >= limit,
            ) {
                (true, true) => return Some((Terminal::Draw, DecidedBy::ChecksGiven)),
                (false, true) => return Some((Terminal::Loss, DecidedBy::ChecksGiven)),
                (true, false) => return Some((Terminal::Win, DecidedBy::ChecksGiven)),
                (false, false) => {}
            }
        }
        if let Some(result) = self.extinction.as_ref().and_then(|e| e.decided(pos)) {
            return Some((result, DecidedBy::Extinction));
        }
        if let Some(result) = self.no_pieces {
            // Pieces in hand count: a side that can still drop one has pieces.
            let none_left = |c: Color| Extinction::count(pos, c, None) == 0;
            if none_left(us) {
                return Some((result, DecidedBy::NoPiecesLeft));
            } else if none_left(them) {
                return Some((result.flipped(), DecidedBy::NoPiecesLeft));
            }
        }
        match (self.reached(pos, us), self.reached(pos, them)) {
            // Safe arrivals on both sides draw; otherwise the side that just moved is judged
            // first.
            (true, true) if self.reach_safe => return Some((Terminal::Draw, DecidedBy::GoalRank)),
            (_, true) => return Some((Terminal::Loss, DecidedBy::GoalRank)),
            (true, false) => return Some((Terminal::Win, DecidedBy::GoalRank)),
            (false, false) => {}
        }
        if let Some(c) = self.connect.filter(|c| c.connected(pos, them)) {
            return Some((c.result.flipped(), DecidedBy::Connected));
        }
        if let Some(c) = self
            .connect_regions
            .as_ref()
            .filter(|c| c.joined(pos, them))
        {
            return Some((c.result.flipped(), DecidedBy::Connected));
        }
        if self.full_board && Ends::board_full(pos) {
            let counted = MaterialCount::or_draw(self.material_count.as_ref(), pos);
            return Some((counted, DecidedBy::FullBoard));
        }
        if self.goals.is_empty() {
            return None;
        }
        if self.goal_hold {
            // The side that just arrived waits: only a goal held through a move counts.
            return self
                .on_goal(pos, us)
                .then_some((Terminal::Win, DecidedBy::Goal));
        }
        // A side's own goal (or a count of pieces) reached by the other side's move (its
        // last empty square filled) is not yet a win: it wins once its own move leaves it
        // reached, as Fairy-Stockfish judges only the side that just moved. With the reply
        // (racing kings and chess) the side to move's goals count: it arrived on its last
        // move, and the other side has had its reply.
        let ours = self
            .goals
            .iter()
            .any(|g| (g.is_plain() || self.goal_reply) && g.reached(pos, us));
        match (ours, self.on_goal(pos, them)) {
            (true, true) => Some((Terminal::Draw, DecidedBy::BothAtGoal)),
            (true, false) => Some((Terminal::Win, DecidedBy::Goal)),
            (false, true) => {
                // White arrived first: Black's reply may still draw.
                let reply = self.goal_reply && us == Color::Black && self.goal_in_one(pos);
                (!reply).then_some((Terminal::Loss, DecidedBy::Goal))
            }
            (false, false) => None,
        }
    }

    /// [`Self::decided_why`]'s result.
    fn decided(&self, pos: &Position) -> Option<Terminal> {
        self.decided_why(pos).map(|(t, _)| t)
    }
}

/// Which of a variant's own rules decided a game (see [`Ends::decided_why`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// A side gave its last check of the check limit (three-check).
    ChecksGiven,
    /// A side (almost) ran out of pieces of an extinction kind.
    Extinction,
    /// A side has no piece left.
    NoPiecesLeft,
    /// A goal piece reached its goal rank.
    GoalRank,
    /// A goal piece reached a goal square.
    Goal,
    /// Both sides have a goal piece on a goal square.
    BothAtGoal,
    /// A side has its pieces in a row.
    Connected,
    /// The board is full: the pieces are counted.
    FullBoard,
}

impl std::fmt::Display for DecidedBy {
    /// The words a game's end gives for the rule: `extinction`, `goal rank reached`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            DecidedBy::ChecksGiven => "checks given",
            DecidedBy::Extinction => "extinction",
            DecidedBy::NoPiecesLeft => "no pieces left",
            DecidedBy::GoalRank => "goal rank reached",
            DecidedBy::Goal => "goal reached",
            DecidedBy::BothAtGoal => "both reached the goal",
            DecidedBy::Connected => "in a row",
            DecidedBy::FullBoard => "full board",
        })
    }
}

/// Squares a side wins by bringing a piece of one kind to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The kind that must arrive.
    pub kind: KindId,
    /// The goal squares (mailbox cells).
    pub squares: Vec<Sq>,
    /// The side whose goal it is (`None`: both sides').
    pub side: Option<Color>,
    /// How many of the side's pieces of the kind must stand there (Fairy-Stockfish's
    /// `flagPieceCount`: halma's nine knights); 1 for the usual goal.
    pub count: u8,
    /// One piece there is enough once no goal square is empty (Fairy-Stockfish's
    /// `flagPieceBlockedWin`: kono's pieces cannot all enter while the other side's stay).
    pub when_full: bool,
}

impl Goal {
    /// Is it `side`'s goal?
    pub fn applies_to(&self, side: Color) -> bool {
        self.side.is_none_or(|s| s == side)
    }

    /// Is it a goal of one piece on any of its squares, the same for both sides (the one
    /// perft's walk judges by arrival, `Arrivals`)?
    fn is_plain(&self) -> bool {
        self.side.is_none() && self.count == 1 && !self.when_full
    }

    /// Has `side` reached the goal: enough of its pieces of the goal's kind on its squares?
    fn reached(&self, pos: &Position, side: Color) -> bool {
        if !self.applies_to(side) {
            return false;
        }
        let there = self
            .squares
            .iter()
            .filter(|&&sq| {
                pos.piece_at(sq)
                    .is_some_and(|p| p.color == side && p.kind == self.kind)
            })
            .count();
        there >= usize::from(self.count)
            || (self.when_full
                && there > 0
                && self
                    .squares
                    .iter()
                    .all(|&sq| pos.piece_at(sq).is_some() || pos.blocker_at(sq)))
    }
}

/// A core position being searched.
#[derive(Clone, Debug)]
pub struct CoreGame {
    pos: Position,
    values: PieceValues,
    undo: Vec<(Move, Undo)>,
    /// Keys of the positions on the line from the root (and of the game before it).
    keys: Vec<u64>,
    /// When not empty, the only root moves searched (UCI `go searchmoves`).
    root_moves: Vec<Move>,
    /// Fairy chess's clock rule: from this halfmove clock on, only captures and moves of
    /// clock-resetting pieces (pawns, soldiers) are legal, and no castling.
    clock_limit: Option<u32>,
    ends: Ends,
    dialect: &'static CoreNotation,
    /// The variant it is a game of: the dialect's, unless a record names it otherwise (a
    /// shipped file's game is written as any variant file's).
    variant: VariantId,
    /// The board file's header lines (see [`CoreNotation::write_board`]).
    header: Arc<Vec<String>>,
    /// Trapdoors and mines (variant files that have them), played after each move.
    terrain: Option<Box<TerrainInPlay>>,
    /// The variant's own evaluations by key (empty until it first evaluates; only for a
    /// dialect with an `evaluate` hook, whose evaluation may cost more than a lookup).
    eval_cache: Vec<(u64, i32)>,
}

impl CoreGame {
    /// A game from `pos` written in `dialect`, ending as FIDE's games do (see [`Self::set_ends`]).
    pub fn new(pos: Position, dialect: &'static CoreNotation) -> CoreGame {
        let values = PieceValues::for_rules(pos.rules());
        CoreGame::with_values(pos, dialect, values)
    }

    /// With values computed before (they depend only on the rules).
    pub fn with_values(
        pos: Position,
        dialect: &'static CoreNotation,
        values: PieceValues,
    ) -> CoreGame {
        let keys = vec![pos.key()];
        CoreGame {
            pos,
            values,
            undo: Vec::with_capacity(128),
            keys,
            root_moves: Vec::new(),
            clock_limit: None,
            ends: Ends::fide(),
            dialect,
            variant: dialect.id,
            header: Arc::new(Vec::new()),
            terrain: None,
            eval_cache: Vec::new(),
        }
    }

    /// How the game ends.
    pub fn ends(&self) -> &Ends {
        &self.ends
    }

    /// How the game ends (default: `Ends::fide()`).
    pub fn set_ends(&mut self, ends: Ends) {
        self.ends = ends;
    }

    /// From halfmove clock `limit` on, only captures and moves of clock-resetting pieces are
    /// legal (fairy chess, §5.2 rule 6 and §5.4 rule 3).
    pub fn set_clock_limit(&mut self, limit: Option<u32>) {
        self.clock_limit = limit;
    }

    /// Keys of earlier game positions, so the search sees repetitions of the game.
    pub fn set_history(&mut self, keys: &[u64]) {
        self.keys = keys.to_vec();
        self.keys.push(self.pos.key());
    }

    /// Restricts the root to `moves` (empty: every legal move).
    pub fn restrict_root(&mut self, moves: &[Move]) {
        self.root_moves = moves.to_vec();
    }

    /// Names the game's variant by its record's key (a shipped file's, whose dialect is any
    /// variant file's).
    pub fn set_variant(&mut self, id: VariantId) {
        self.variant = id;
    }

    /// The lines the board file begins with (see [`CoreNotation::write_board`]).
    pub fn set_header(&mut self, lines: Vec<String>) {
        self.header = Arc::new(lines);
    }

    /// Plays `terrain` from now on: its trapdoors and mines act on pieces arriving on them
    /// (its walls must be in the position's masks already); the players may place what
    /// `allowance` gives them ([`Self::change_terrain`]).
    pub fn set_terrain(&mut self, terrain: Terrain, allowance: Allowance) {
        self.terrain = Some(Box::new(TerrainInPlay::new(terrain, allowance)));
    }

    /// The walls, trapdoors and mines, where the game has them.
    pub fn terrain(&self) -> Option<&Terrain> {
        self.terrain.as_deref().map(TerrainInPlay::terrain)
    }

    /// What each player may still place (`None` where the game has no terrain).
    pub fn allowance(&self) -> Option<&crate::variants::terrain::Allowance> {
        self.terrain.as_deref().map(TerrainInPlay::allowance)
    }

    /// What the last move made set off (nothing, where the game has no terrain).
    pub fn last_fired(&self) -> Fired {
        self.terrain
            .as_deref()
            .map_or(Fired::default(), TerrainInPlay::last_fired)
    }

    /// Changes the board outside the moves (a player places a wall, a trapdoor or a mine
    /// instead of moving): `change` gets the position, the terrain and what each player may
    /// still place (nothing, if the game had no terrain), and must leave them as they were
    /// when it fails. Once it succeeds, the
    /// game starts afresh from the new position: the moves before cannot be taken back, and
    /// no position before can recur.
    pub fn change_terrain<E>(
        &mut self,
        change: impl FnOnce(&mut Position, &mut Terrain, &mut Allowance) -> Result<(), E>,
    ) -> Result<(), E> {
        // A game without terrain gets one only once a change succeeds.
        let had_terrain = self.terrain.is_some();
        let mut terrain = self.terrain.take().unwrap_or_else(|| {
            Box::new(TerrainInPlay::new(
                Terrain::for_shape(&self.pos.rules().shape),
                Allowance::default(),
            ))
        });
        let changed = terrain.change(&mut self.pos, change);
        if had_terrain || changed.is_ok() {
            self.terrain = Some(terrain);
        }
        changed?;
        self.undo.clear();
        self.keys = vec![self.pos.key()];
        Ok(())
    }

    /// This game from its current position: the moves before it can no longer be taken back,
    /// but its earlier positions still count for repetition (what a search starts from: its
    /// root is where the game stands).
    pub fn rooted_here(&self) -> CoreGame {
        let mut game = self.clone();
        game.undo.clear();
        if let Some(terrain) = game.terrain.as_deref_mut() {
            terrain.forget_moves();
        }
        game
    }

    /// The position being searched.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The board file's header lines (see [`CoreNotation::write_board`]).
    pub fn header(&self) -> &[String] {
        &self.header
    }

    /// The variant's hooks: its notation and side-panel lines.
    pub fn notation(&self) -> &'static CoreNotation {
        self.dialect
    }

    /// Lends the position to `f`, which must leave it as it found it (readers of move texts
    /// make and take back moves to test them).
    pub fn with_position<R>(&mut self, f: impl FnOnce(&mut Position) -> R) -> R {
        let key = self.pos.key();
        let result = f(&mut self.pos);
        debug_assert_eq!(key, self.pos.key(), "the position was changed");
        result
    }

    /// Zobrist keys of the positions before the current one, oldest first (the game's, and
    /// any set by [`Self::set_history`]): what an engine needs to see its repetitions.
    pub fn earlier_keys(&self) -> Vec<u64> {
        self.keys[..self.keys.len().saturating_sub(1)].to_vec()
    }

    /// The end the last passes made, where the rules allow passing (see
    /// [`counting::pass_end`]).
    pub fn pass_end(&self) -> Option<counting::PassEnd> {
        if self.pos.rules().options.passing == [Passing::Never; 2] {
            return None;
        }
        counting::pass_end(&self.pos, self.played())
    }

    /// The moves made on this game so far, oldest first, each with what takes it back.
    pub fn played(&self) -> &[(Move, Undo)] {
        &self.undo
    }

    /// The pieces taken by the moves made on this game so far (not those before its first
    /// position), in the order they fell.
    pub fn taken(&self) -> impl Iterator<Item = Piece> + '_ {
        self.undo
            .iter()
            .filter_map(|(_, u)| Piece::from_code(u.captured_code()))
    }
}

impl Game for CoreGame {
    type Move = Move;

    fn id(&self) -> VariantId {
        self.variant
    }

    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }

    fn move_text(&mut self, m: Move) -> String {
        (self.dialect.write_move)(&mut self.pos, m)
    }

    /// The dialect's reader judges legality itself (fairy's includes the clock rule).
    fn parse_move(&mut self, text: &str) -> Result<Move, MoveRefused> {
        (self.dialect.read_move)(&mut self.pos, text)
    }

    fn board_file(&self) -> String {
        (self.dialect.write_board)(&self.header, &self.pos)
    }

    fn coordinate_text(&mut self, m: Move) -> String {
        (self.dialect.write_coordinates)(&self.pos, m)
    }

    fn count_legal_moves(&mut self, scratch: &mut Vec<Move>) -> usize {
        // The clock rule (once in force) and a restricted root filter the core's moves: count
        // what is left.
        let clock_rule = self
            .clock_limit
            .is_some_and(|limit| self.pos.halfmove_clock() >= limit);
        let filtered = clock_rule || (self.undo.is_empty() && !self.root_moves.is_empty());
        if filtered {
            scratch.clear();
            self.legal_moves(scratch);
            scratch.len()
        } else {
            self.pos.legal_move_count_with(scratch)
        }
    }

    fn legal_moves(&mut self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pos.legal_moves(out);
        if self
            .clock_limit
            .is_some_and(|limit| self.pos.halfmove_clock() >= limit)
        {
            let mut i = start;
            while i < out.len() {
                if clock_rule_allows(&self.pos, &out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
        if self.undo.is_empty() && !self.root_moves.is_empty() {
            let keep = &self.root_moves;
            let mut i = start;
            while i < out.len() {
                if keep.contains(&out[i]) {
                    i += 1;
                } else {
                    out.swap_remove(i);
                }
            }
        }
    }

    fn make(&mut self, m: Move) {
        let u = match self.terrain.as_deref_mut() {
            Some(terrain) => terrain.make(&mut self.pos, m, self.undo.len()),
            None => self.pos.make(m),
        };
        self.undo.push((m, u));
        self.keys.push(self.pos.key());
    }

    fn unmake(&mut self) {
        if let Some((m, u)) = self.undo.pop() {
            if let Some(terrain) = self.terrain.as_deref_mut() {
                terrain.take_back_effects(&mut self.pos, self.undo.len());
            }
            self.pos.unmake(m, u);
            self.keys.pop();
        }
    }

    /// The position's key, distinct once the clock rule (if any) restricts the moves (the
    /// same placement then has other legal moves), and with what lies under the squares where
    /// the game has trapdoors and mines (a mine that went off is another position).
    fn key(&self) -> u64 {
        let restricted = self
            .clock_limit
            .is_some_and(|limit| self.pos.halfmove_clock() >= limit);
        let hazards = self.terrain.as_deref().map_or(0, TerrainInPlay::digest);
        self.pos.key() ^ hazards ^ if restricted { CLOCK_RULE_KEY } else { 0 }
    }

    fn terminal(&self) -> Option<Terminal> {
        let ends = &self.ends;
        let us = self.pos.side_to_move();
        if ends.royal_capture
            && self.pos.royal_count(us) == 0
            && self.pos.royal_count(us.other()) > 0
        {
            return Some(Terminal::Loss);
        }
        if ends.decides_early() {
            if let Some(t) = ends.decided(&self.pos) {
                return Some(t);
            }
        }
        if ends.move_rule_reached(&self.pos) {
            return Some(MaterialCount::or_draw(
                ends.material_count.as_ref(),
                &self.pos,
            ));
        }
        if self.pass_end().is_some() {
            return Some(MaterialCount::or_draw(
                ends.material_count.as_ref(),
                &self.pos,
            ));
        }
        if let Some(rule) = ends.repetition {
            // In the search line a second occurrence is enough: the line could repeat again.
            // (Perpetual checks are not told apart here; the table judges them.)
            let key = self.pos.key();
            let window = (self.pos.halfmove_clock() as usize + 1).min(self.keys.len());
            let earlier = &self.keys[self.keys.len() - window..self.keys.len().saturating_sub(1)];
            if earlier.iter().rev().skip(1).step_by(2).any(|&k| k == key) {
                return Some(rule.result);
            }
        }
        if ends.dead_position.is_dead(&self.pos) {
            return Some(Terminal::Draw);
        }
        None
    }

    fn is_decided(&self) -> bool {
        let us = self.pos.side_to_move();
        let royal_lost =
            |c: Color| self.pos.royal_count(c) == 0 && self.pos.royal_count(c.other()) > 0;
        (self.ends.royal_capture && (royal_lost(us) || royal_lost(us.other())))
            || self.ends.decided(&self.pos).is_some()
            || self.pass_end().is_some()
    }

    fn no_moves(&self) -> Terminal {
        if self.ends.checkmate && self.pos.in_check(self.pos.side_to_move()) {
            self.ends.checkmated
        } else {
            self.ends.stalemate_result(&self.pos)
        }
    }
}

impl Searchable for CoreGame {
    fn evaluate(&mut self) -> i32 {
        let Some(own) = self.dialect.evaluate else {
            return crate::variants::goal_eval::evaluate(&self.pos, &self.values, &self.ends);
        };
        // The key covers the placement, the side to move and the en passant file: everything
        // an evaluation of the position reads.
        let key = self.pos.key();
        if self.eval_cache.is_empty() {
            self.eval_cache = vec![(0, 0); OWN_EVAL_CACHE];
        }
        let slot = &mut self.eval_cache[key as usize & (OWN_EVAL_CACHE - 1)];
        if slot.0 != key || key == 0 {
            *slot = (key, own(&self.pos));
        }
        slot.1
    }
    fn is_noisy(&self, m: Move) -> bool {
        m.flag == MoveFlag::EnPassant || m.promotion.is_some() || self.pos.piece_at(m.to).is_some()
    }
    fn check_decides(&self) -> bool {
        self.ends.check_limit.is_some() && self.pos.is_check()
    }
    fn capture_order(&self, m: Move) -> i32 {
        self.values.capture_order(&self.pos, m)
    }
    fn history_slots(&self) -> usize {
        let cells = self.pos.rules().shape.cells();
        cells * cells
    }
    fn history_slot(&self, m: Move) -> usize {
        m.from as usize * self.pos.rules().shape.cells() + m.to as usize
    }
    /// The core's tree is this game's while no clock rule, root restriction or end rule can
    /// act: the clock stays below its limit for `depth` plies, nothing ends by extinction or a
    /// goal, a royal piece cannot be captured (the core keeps each side's only royal
    /// safe), and no trapdoor or mine lies on the board. Standard chess and Chess960 always
    /// qualify.
    fn core_walk(&self, depth: u32) -> Option<&Position> {
        let ends = &self.ends;
        let clock_quiet = self
            .clock_limit
            .is_none_or(|limit| self.pos.halfmove_clock().saturating_add(depth) <= limit);
        let royals_safe = !ends.royal_capture
            || (self.pos.rules().king_safety
                && self.pos.royal_count(Color::White) == 1
                && self.pos.royal_count(Color::Black) == 1);
        let no_hazards = self.terrain.as_deref().is_none_or(|t| !t.has_hazards());
        // Passes end a game by the moves before them, which the core's walk does not keep.
        let no_passing = self.pos.rules().options.passing == [Passing::Never; 2];
        let plain = clock_quiet
            && royals_safe
            && no_passing
            && no_hazards
            && self.root_moves.is_empty()
            && !ends.decides_early_but_by_goals()
            && ends.goals.len() <= 1
            && (ends.goals.is_empty() || ends.decided(&self.pos).is_none());
        plain.then_some(&self.pos)
    }
    fn core_arrivals(&self) -> Option<crate::core::perft::Arrivals> {
        // One goal at most (`core_walk`): its kind, either side's, on its squares.
        let goal = self.ends.goals.first()?;
        let mut cells = vec![false; self.pos.rules().shape.cells()];
        for &sq in &goal.squares {
            if let Some(cell) = cells.get_mut(sq as usize) {
                *cell = true;
            }
        }
        Some(crate::core::perft::Arrivals {
            codes: Color::BOTH
                .map(|c| Piece::new(c, goal.kind).code())
                .to_vec(),
            cells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, Limits};
    use crate::notation::coordinate::to_uci;
    use crate::variants::standard;

    fn best(fen: &str, depth: u32) -> String {
        let pos = standard::from_fen(fen).unwrap();
        let mut game = standard::variant::game(pos.clone());
        let mut engine = Engine::new(16);
        let limits = Limits {
            max_depth: depth,
            ..Limits::movetime(60_000)
        };
        let r = engine.search(&mut game, &limits);
        to_uci(&pos, r.best.unwrap())
    }

    #[test]
    fn captures_are_ordered_most_valuable_victim_then_least_valuable_attacker() {
        // The pawn on d4 and the knight on f3 can both take the queen on e5; the pawn can also
        // take the rook on c5.
        let pos = standard::from_fen("4k3/8/8/2r1q3/3P4/5N2/8/7K w - - 0 1").unwrap();
        let game = standard::variant::game(pos.clone());
        let order = |uci: &str| {
            let mut moves = Vec::new();
            let mut p = pos.clone();
            p.legal_moves(&mut moves);
            let m = moves.into_iter().find(|&m| to_uci(&pos, m) == uci).unwrap();
            game.capture_order(m)
        };
        let (pawn_takes_queen, knight_takes_queen, pawn_takes_rook) =
            (order("d4e5"), order("f3e5"), order("d4c5"));
        assert!(
            pawn_takes_queen > knight_takes_queen,
            "least valuable attacker first"
        );
        assert!(
            knight_takes_queen > pawn_takes_rook,
            "most valuable victim first"
        );
        assert!(pawn_takes_rook > 0);
    }

    #[test]
    fn finds_mate_in_one() {
        // Back-rank mate: Ra8#.
        assert_eq!(best("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3), "a1a8");
    }

    #[test]
    fn takes_a_hanging_queen() {
        assert_eq!(best("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 3), "d2d5");
    }

    #[test]
    fn checkmated_side_has_no_move_and_loses() {
        let pos = standard::from_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        let game = standard::variant::game(pos);
        assert_eq!(game.no_moves(), Terminal::Loss);
    }
}
