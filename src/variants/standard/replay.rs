//! Replaying a game read from PGN: every main-line move must be legal in turn. The answer
//! is the first illegal move (its 1-based ply, the text as written and the FEN before it)
//! or the final FEN and status.

use crate::core::history::{insufficient_material, repetition_key, AutomaticDraw};
use crate::core::{Move, MoveFlag, Position};
use crate::notation::pgn::RawGame;
use crate::notation::{fen, san};
use crate::variants::core_game::Ends;
use crate::variants::custom::builtin::{by_name, Shipped};
use crate::variants::standard::setup::thread_position_from_fen;

/// The status of the final position of a legal game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FinalStatus {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// No series of legal moves can end in checkmate (checked after mate and stalemate, before
    /// check).
    InsufficientMaterial,
    /// The side to move is in check and has a legal move.
    Check,
    /// None of the above: the game could go on.
    Ongoing,
    /// A shipped variant's own rule ended the game (a king on the hill, an exploded king,
    /// the third check, no pieces left).
    VariantEnd,
    /// FIDE chess drawn by the seventy-five-move rule (9.6.2: automatic, no claim).
    SeventyFiveMoves,
    /// FIDE chess drawn by the same position a fifth time (9.6.1: automatic, no claim).
    FivefoldRepetition,
}

impl FinalStatus {
    /// The status in words, lower case (`checkmate`, `insufficient material`, …).
    pub fn name(self) -> &'static str {
        match self {
            FinalStatus::Checkmate => "checkmate",
            FinalStatus::Stalemate => "stalemate",
            FinalStatus::InsufficientMaterial => "insufficient material",
            FinalStatus::Check => "check",
            FinalStatus::Ongoing => "ongoing",
            FinalStatus::VariantEnd => "variant end",
            FinalStatus::SeventyFiveMoves => "seventy-five-move rule",
            FinalStatus::FivefoldRepetition => "fivefold repetition",
        }
    }
}

/// What replaying one game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every main-line move is legal.
    Legal {
        /// The final position (X-FEN in Chess960).
        fen: String,
        /// The final position's status.
        status: FinalStatus,
    },
    /// A main-line move is illegal or unreadable; the moves after it are only counted.
    Illegal {
        /// 1-based index of the first illegal move.
        ply: usize,
        /// The move as written.
        text: String,
        /// The position the move was played in (X-FEN in Chess960).
        fen_before: String,
        /// Why the move was rejected, from the SAN reader.
        reason: String,
    },
    /// The game cannot be replayed at all: a syntax error, a bad FEN tag, another variant.
    Unreadable {
        /// What could not be read, in words.
        reason: String,
    },
}

/// One game's replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Main-line moves written in the game.
    pub plies: usize,
    /// Legal, the first illegal move, or unreadable.
    pub verdict: Verdict,
    /// What was accepted leniently (a null move, a quote inside a tag value), in order.
    pub warnings: Vec<String>,
}

impl Replay {
    /// Whether every main-line move was legal.
    pub fn is_legal(&self) -> bool {
        matches!(self.verdict, Verdict::Legal { .. })
    }
}

/// Variant tag values that mean standard chess.
pub(crate) fn is_standard_variant(v: &str) -> bool {
    // As lichess writes it on every game: matched whole first (the list's trimmed, any-case
    // comparisons cost 180 instructions a game).
    v == "Standard" || names_one_of(v, &["", "standard", "chess", "normal", "from position"])
}

/// Whether the tag value `v`, trimmed, is one of `names` (lower case) in any case. Compared in
/// place: the test runs on every game's `Variant` tag, and a lower-cased copy cost an
/// allocation and its release a game (a tenth of what a game costs apart from its moves).
fn names_one_of(v: &str, names: &[&str]) -> bool {
    let v = v.trim();
    names.iter().any(|name| v.eq_ignore_ascii_case(name))
}

/// The initial position, parsed once per thread (most games start there), on the thread's
/// own rules (`standard::thread_rules`, which says why).
fn initial_position() -> Position {
    START.with(Position::clone)
}

thread_local! {
    static START: Position =
        fen::parse(crate::variants::standard::thread_rules(), crate::variants::standard::START_FEN)
            .expect("the start FEN is valid");
    /// The last finished game's position: the next game's start is copied into its buffers
    /// (`Position::clone_from`), where a fresh copy cost five allocations and their release
    /// a game. Boxed, so that taking it and giving it back moves a pointer, not the position.
    static SPARE: std::cell::Cell<Option<Box<Position>>> = const { std::cell::Cell::new(None) };
}

/// `initial_position`, in the spare position's buffers when there is one.
fn boxed_initial_position() -> Box<Position> {
    START.with(|start| match SPARE.take() {
        Some(mut pos) => {
            Position::clone_from(&mut pos, start);
            pos
        }
        None => Box::new(start.clone()),
    })
}

/// Keeps a finished game's position for the next game's start.
fn recycle(pos: Box<Position>) {
    SPARE.set(Some(pos));
}

/// The position a game starts from: its `FEN` tag, or the initial position.
pub fn start_position(game: &RawGame) -> Result<Position, String> {
    start_from_tags(game.tag("Variant"), game.tag("FEN"))
}

/// The shipped variant file a `Variant` tag names, as lichess writes them ("King of the
/// Hill", "Three-check", "Racing Kings", "Atomic", …): spaces and hyphens dropped, then its
/// names and aliases.
fn shipped_variant(v: &str) -> Option<&'static Shipped> {
    let squeezed: String = v
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .collect();
    by_name(v).or_else(|| by_name(&squeezed))
}

/// Variant tag values that mean Chess960 (python-chess's names among them).
fn is_chess960_variant(v: &str) -> bool {
    names_one_of(
        v,
        &[
            "chess960",
            "chess 960",
            "960",
            "fischerandom",
            "fischer random",
            "fischer random chess",
        ],
    )
}

/// Writes a position as its game's FEN: X-FEN castling in Chess960.
fn write_fen(pos: &Position, chess960: bool) -> String {
    if chess960 {
        crate::variants::chess960::to_fen(pos)
    } else {
        fen::write(pos)
    }
}

/// The position a game with these `Variant` and `FEN` tags starts from: FIDE chess, or
/// Chess960 (its FEN tag in X-FEN or Shredder-FEN; without one, FIDE chess's start position,
/// number 518, as python-chess reads it).
pub fn start_from_tags(variant: Option<&str>, fen_tag: Option<&str>) -> Result<Position, String> {
    // Standard's names first: most tagged games are standard ones, and the shipped files'
    // names (none of them standard's) need not be searched for them.
    start_from_other_tags(variant.filter(|v| !is_standard_variant(v)), fen_tag)
}

/// `start_from_tags` for a `Variant` tag already found not to name standard chess (`None`:
/// standard chess).
fn start_from_other_tags(variant: Option<&str>, fen_tag: Option<&str>) -> Result<Position, String> {
    if let Some(v) = variant {
        if is_chess960_variant(v) {
            return match fen_tag {
                Some(text) => {
                    crate::variants::chess960::from_fen(text).map_err(|e| format!("FEN tag: {e}"))
                }
                None => crate::variants::chess960::start(518)
                    .ok_or_else(|| "no Chess960 start position".to_string()),
            };
        }
        if let Some(shipped) = shipped_variant(v) {
            let read = match fen_tag {
                Some(text) => shipped.variant.position_from_fen(text),
                None => shipped.variant.start_position(),
            };
            return read.map_err(|e| format!("FEN tag: {e}"));
        }
        return Err(format!("variant '{v}' is not standard chess"));
    }
    match fen_tag {
        Some(text) => thread_position_from_fen(text).map_err(|e| format!("FEN tag: {e}")),
        None => Ok(initial_position()),
    }
}

/// Replays a game's main line.
pub fn replay(game: &RawGame) -> Replay {
    let mut r = Replayer::new(game.tag("Variant"), game.tag("FEN"));
    r.warnings.extend(game.warnings.iter().cloned());
    for text in &game.moves {
        r.push(text);
    }
    r.finish()
}

/// The texts writers use for a null move (a pass, not a chess move): `--` (ChessBase, python-
/// chess), `Z0` (some databases), `0000` (UCI), `@@@@`.
pub fn is_null_move(text: &str) -> bool {
    matches!(text, "--" | "Z0" | "0000" | "@@@@")
}

/// Plays a null move: the other side is to move, nothing else changes but the clocks and the
/// en passant chance (gone).
fn pass(pos: &mut Position) {
    let mover = pos.side_to_move();
    pos.set_en_passant(None);
    let full = pos.fullmove_number() + u32::from(mover == crate::core::Color::Black);
    pos.set_clocks(pos.halfmove_clock() + 1, full);
    pos.set_side_to_move(mover.other());
}

/// Warnings kept per game (a game of a million null moves reports the first ones).
pub(crate) const MAX_WARNINGS: usize = 256;

/// A replay fed one move at a time, as a streaming reader meets them: it holds one position
/// and the verdict, never the moves, so a game of any length costs the same memory.
pub struct Replayer {
    plies: usize,
    state: Result<Box<Position>, Verdict>,
    warnings: Vec<String>,
    /// FENs are written in X-FEN.
    chess960: bool,
    /// A shipped variant's end rules, when the `Variant` tag names one.
    ends: Option<&'static Ends>,
    /// FIDE chess's automatic draws, where the game is FIDE chess (standard or Chess960).
    draws: Option<AutomaticDraws>,
}

/// What FIDE chess's automatic draws (9.6) need of a game read one move at a time: the
/// repetition keys since the last capture or pawn move, and the first such draw met.
#[derive(Default)]
struct AutomaticDraws {
    /// Repetition keys of the positions since the clock was last reset, the current one last
    /// (at most 150: past that the seventy-five-move rule has drawn the game already).
    keys: Vec<u64>,
    /// The first automatic draw, at this ply; the moves after it are read on, with a warning.
    met: Option<(usize, AutomaticDraw)>,
    /// The warning for the moves after it is given.
    warned: bool,
}

/// The fewest halfmoves without a capture or a pawn move after which a position can stand a
/// fifth time (four returns of at least four plies each).
const FIVEFOLD_FROM: u32 = 16;

impl AutomaticDraws {
    /// Records the position `m` led to (ply `ply`), and the first automatic draw if this is
    /// it: checkmate and stalemate come first (9.6.2; python-chess asks them first too).
    fn after(&mut self, pos: &mut Position, m: Move, ply: usize) {
        let key = repetition_key_after(pos, m);
        self.record(pos, key);
        if self.met.is_none() {
            self.met = self
                .draw_here(pos)
                .filter(|_| pos.has_legal_move())
                .map(|d| (ply, d));
        }
    }

    /// Records the position now on the board, whose repetition key is `key`.
    fn record(&mut self, pos: &Position, key: u64) {
        if pos.halfmove_clock() == 0 {
            self.keys.clear();
        }
        if self.keys.len() < 150 {
            self.keys.push(key);
        }
    }

    /// The automatic draw of the position last recorded, if the side to move has a legal
    /// move there (the caller knows).
    fn draw_here(&self, pos: &Position) -> Option<AutomaticDraw> {
        let halfmove = pos.halfmove_clock();
        if halfmove < FIVEFOLD_FROM {
            return None;
        }
        // Past 150 halfmoves the seventy-five-move rule decides (and no more keys are kept).
        let repetitions = match self.keys.split_last() {
            Some((&current, earlier)) if halfmove < 150 => {
                1 + earlier
                    .iter()
                    .rev()
                    .skip(1)
                    .step_by(2)
                    .filter(|&&k| k == current)
                    .count()
            }
            _ => 1,
        };
        AutomaticDraw::of(repetitions, halfmove)
    }
}

/// FIDE's repetition key of the position `m` led to (`core::history::repetition_key`): an en
/// passant right counts only when a capture can use it, asked of the legal moves only when a
/// piece of the side to move stands beside the pawn that stepped (the rest cannot use it).
fn repetition_key_after(pos: &mut Position, m: Move) -> u64 {
    let Some(ep) = pos.en_passant() else {
        return pos.key();
    };
    let mover = pos.side_to_move();
    let beside = [m.to.wrapping_sub(1), m.to.wrapping_add(1)]
        .into_iter()
        .any(|sq| pos.piece_at(sq).is_some_and(|p| p.color == mover));
    let usable = beside
        && pos
            .legal_move_list()
            .iter()
            .any(|m| m.flag == MoveFlag::EnPassant);
    if usable {
        pos.key()
    } else {
        pos.key() ^ pos.ep_key(ep)
    }
}

impl Replayer {
    /// Starts from the game's `Variant` and `FEN` tags.
    pub fn new(variant: Option<&str>, fen_tag: Option<&str>) -> Replayer {
        // Most games name standard chess or no variant: its names are matched once here, not
        // again for Chess960's and the shipped files' (three passes were 385 instructions a
        // lichess game, whose every game says `[Variant "Standard"]`).
        let other = variant.filter(|v| !is_standard_variant(v));
        Replayer {
            plies: 0,
            state: match (other, fen_tag) {
                (None, None) => Ok(boxed_initial_position()),
                _ => start_from_other_tags(other, fen_tag)
                    .map(Box::new)
                    .map_err(|reason| Verdict::Unreadable { reason }),
            },
            warnings: Vec::new(),
            chess960: other.is_some_and(is_chess960_variant),
            ends: other.and_then(shipped_variant).map(|s| &s.variant.end),
            draws: None,
        }
        .with_fide_draws()
    }

    /// FIDE chess (no shipped variant's rules) keeps count for the automatic draws, from the
    /// position it starts in.
    fn with_fide_draws(mut self) -> Replayer {
        if let (None, Ok(pos)) = (self.ends, &mut self.state) {
            self.draws = Some(AutomaticDraws {
                keys: vec![repetition_key(pos)],
                ..AutomaticDraws::default()
            });
        }
        self
    }

    /// The next main-line move as written; after an illegal one, moves are only counted.
    pub fn push(&mut self, text: &str) {
        self.plies += 1;
        let Ok(pos) = &mut self.state else {
            return;
        };
        if is_null_move(text) {
            // python-chess reads it as a pass; so do we, and say so (a game with one is not
            // a game of chess as played).
            pass(pos);
            if let Some(draws) = &mut self.draws {
                draws.record(pos, pos.key());
            }
            if self.warnings.len() < MAX_WARNINGS {
                self.warnings.push(format!(
                    "ply {}: null move {text}, played as a pass",
                    self.plies
                ));
            }
            return;
        }
        // A shipped variant's rule may have ended the game: no move follows (python-chess's
        // variant boards have no legal move then either).
        let over = self.ends.and_then(|ends| ends.decided_why(pos));
        let parsed = match over {
            Some((_, why)) => Err(format!("the game is over ({why})")),
            None => san::parse(pos, text).map_err(|e| e.to_string()),
        };
        match parsed {
            Ok(m) => {
                pos.make(m);
                if let Some(draws) = &mut self.draws {
                    Self::count_draws(draws, pos, m, self.plies, &mut self.warnings);
                }
            }
            Err(e) => {
                self.state = Err(Verdict::Illegal {
                    ply: self.plies,
                    text: text.to_string(),
                    fen_before: write_fen(pos, self.chess960),
                    reason: e,
                });
            }
        }
    }

    /// Records the position the move of ply `ply` led to: the first automatic draw is noted,
    /// and a move after it is read on with a warning naming the ply of the draw (the game
    /// was over there, as python-chess's `outcome()` says; PGN files go on past it).
    fn count_draws(
        draws: &mut AutomaticDraws,
        pos: &mut Position,
        m: Move,
        ply: usize,
        warnings: &mut Vec<String>,
    ) {
        if let (Some((at, draw)), false) = (draws.met, draws.warned) {
            draws.warned = true;
            if warnings.len() < MAX_WARNINGS {
                warnings.push(format!(
                    "ply {at}: the game was drawn there by {} (automatic, FIDE 9.6); the moves after it are read on",
                    draw.rule()
                ));
            }
        }
        draws.after(pos, m, ply);
    }

    /// `finish` for a game whose reading gave `read` warnings besides the replay's own:
    /// they come first, and the replay keeps what room they leave, as `replay` does.
    pub fn finish_after_reading(mut self, mut read: Vec<String>) -> Replay {
        self.warnings
            .truncate(MAX_WARNINGS.saturating_sub(read.len()));
        read.append(&mut self.warnings);
        self.warnings = read;
        self.finish()
    }

    /// The replay of the moves pushed: the final position's FEN and status, or the verdict
    /// that stopped it.
    pub fn finish(self) -> Replay {
        let verdict = match self.state {
            Ok(mut pos) => {
                let legal = Verdict::Legal {
                    fen: write_fen(&pos, self.chess960),
                    status: match (self.ends, &self.draws) {
                        (Some(ends), _) => variant_status(&mut pos, ends),
                        // Checkmate, stalemate and dead positions first, as python-chess's
                        // `outcome()` asks them.
                        (None, draws) => match final_status(&mut pos) {
                            // The side to move has a legal move: an automatic draw may hold.
                            status @ (FinalStatus::Check | FinalStatus::Ongoing) => {
                                match draws.as_ref().and_then(|d| d.draw_here(&pos)) {
                                    Some(AutomaticDraw::SeventyFiveMoves) => {
                                        FinalStatus::SeventyFiveMoves
                                    }
                                    Some(AutomaticDraw::FivefoldRepetition) => {
                                        FinalStatus::FivefoldRepetition
                                    }
                                    None => status,
                                }
                            }
                            status => status,
                        },
                    },
                };
                recycle(pos);
                legal
            }
            Err(v) => v,
        };
        Replay {
            plies: self.plies,
            verdict,
            warnings: self.warnings,
        }
    }
}

/// A shipped variant's end (its own rule, then checkmate or stalemate as it counts them), or
/// check, or none of these; no dead-position rule (a variant file has none).
fn variant_status(pos: &mut Position, ends: &Ends) -> FinalStatus {
    if ends.decided_why(pos).is_some() {
        return FinalStatus::VariantEnd;
    }
    let check = pos.is_check();
    match (check, !pos.has_legal_move()) {
        (true, true) if ends.checkmate => FinalStatus::Checkmate,
        (_, true) => FinalStatus::Stalemate,
        (true, false) => FinalStatus::Check,
        (false, false) => FinalStatus::Ongoing,
    }
}

/// Checkmate, stalemate, impossible checkmate, check, or none of these.
pub fn final_status(pos: &mut Position) -> FinalStatus {
    let check = pos.is_check();
    let none = !pos.has_legal_move();
    match (check, none) {
        (true, true) => FinalStatus::Checkmate,
        (false, true) => FinalStatus::Stalemate,
        _ if insufficient_material(pos) => FinalStatus::InsufficientMaterial,
        (true, false) => FinalStatus::Check,
        (false, false) => FinalStatus::Ongoing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(moves: &[&str]) -> RawGame {
        RawGame {
            moves: moves.iter().collect(),
            ..RawGame::default()
        }
    }

    /// The status and warnings of `moves` played from `fen` (the initial position when `None`).
    fn replayed(fen: Option<&str>, moves: &[&str]) -> (FinalStatus, Vec<String>) {
        let mut r = Replayer::new(None, fen);
        for m in moves {
            r.push(m);
        }
        let replay = r.finish();
        match replay.verdict {
            Verdict::Legal { status, .. } => (status, replay.warnings),
            other => panic!("{other:?}"),
        }
    }

    const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

    #[test]
    fn the_fifth_occurrence_draws_the_game_and_moves_after_it_are_read_with_a_warning() {
        let moves: Vec<&str> = SHUFFLE.iter().cycle().take(16).copied().collect();
        assert_eq!(replayed(None, &moves[..15]).0, FinalStatus::Ongoing);
        assert_eq!(
            replayed(None, &moves),
            (FinalStatus::FivefoldRepetition, Vec::new())
        );
        let mut past = moves.clone();
        past.push("e4");
        let (status, warnings) = replayed(None, &past);
        assert_eq!(status, FinalStatus::Ongoing);
        assert_eq!(
            warnings,
            ["ply 16: the game was drawn there by fivefold repetition (automatic, FIDE 9.6); the moves after it are read on"]
        );
        // Variants have their own rules: no automatic draw in a shipped variant's game.
        let mut r = Replayer::new(Some("King of the Hill"), None);
        for m in &moves {
            r.push(m);
        }
        match r.finish().verdict {
            Verdict::Legal { status, .. } => assert_eq!(status, FinalStatus::Ongoing),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_en_passant_right_no_pawn_can_use_counts_as_no_right() {
        // After 1. e4 no black pawn can take en passant: the position after it is the one the
        // knights come back to, four more times (the fifth occurrence at ply 17).
        let mut moves = vec!["e4"];
        moves.extend(SHUFFLE.iter().cycle().take(16).map(|m| match *m {
            "Nf3" => "Nf6",
            "Nf6" => "Nf3",
            "Ng1" => "Ng8",
            _ => "Ng1",
        }));
        assert_eq!(replayed(None, &moves).0, FinalStatus::FivefoldRepetition);
        // With a black pawn on d4 the right can be used: the first position is another one.
        let fen = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(replayed(Some(fen), &moves).0, FinalStatus::Ongoing);
        let mut more = moves.clone();
        more.extend(["Nf6", "Nf3", "Ng8", "Ng1"]);
        assert_eq!(
            replayed(Some(fen), &more).0,
            FinalStatus::FivefoldRepetition
        );
    }

    #[test]
    fn seventy_five_moves_draw_unless_the_last_one_mates_or_nothing_can_mate() {
        let fen = "7k/8/6K1/8/8/8/8/R7 w - - 149 100";
        assert_eq!(
            replayed(Some(fen), &["Rb1"]).0,
            FinalStatus::SeventyFiveMoves
        );
        assert_eq!(replayed(Some(fen), &["Ra8#"]).0, FinalStatus::Checkmate);
        let bare = "7k/8/6K1/8/8/8/8/r7 w - - 149 100";
        assert_eq!(
            replayed(Some(bare), &["Kg5"]).0,
            FinalStatus::SeventyFiveMoves
        );
        let (status, warnings) = replayed(Some(fen), &["Rb1", "Kg8", "Rb8#"]);
        assert_eq!(status, FinalStatus::Checkmate);
        assert!(warnings[0]
            .starts_with("ply 1: the game was drawn there by the seventy-five-move rule"));
    }

    #[test]
    fn each_thread_replays_on_rules_of_its_own() {
        use std::sync::Arc;
        let fen_tag = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        let start = initial_position();
        let tagged = start_from_tags(None, Some(fen_tag)).expect("a legal FEN");
        // One thread's games share its rules, FEN tag or not.
        assert!(Arc::ptr_eq(start.rules(), tagged.rules()));
        assert_eq!(fen::write(&start), crate::variants::standard::START_FEN);
        let there = std::thread::spawn(|| {
            let start = initial_position();
            let tagged = start_from_tags(None, Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
            (start, tagged.expect("a legal FEN"))
        })
        .join()
        .expect("the thread ran");
        // Another thread's are its own, and read the same.
        assert!(!Arc::ptr_eq(start.rules(), there.0.rules()));
        assert!(!Arc::ptr_eq(tagged.rules(), there.1.rules()));
        assert_eq!(fen::write(&there.0), fen::write(&start));
        assert_eq!(fen::write(&there.1), fen_tag);
    }

    #[test]
    fn fools_mate_is_legal_and_ends_in_checkmate() {
        let r = replay(&raw(&["f3", "e5", "g4", "Qh4#"]));
        assert_eq!(r.plies, 4);
        match r.verdict {
            Verdict::Legal { status, fen } => {
                assert_eq!(status, FinalStatus::Checkmate);
                assert_eq!(
                    fen,
                    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
                );
            }
            v => panic!("{v:?}"),
        }
    }

    #[test]
    fn reports_the_first_illegal_move() {
        let r = replay(&raw(&["e4", "e5", "Ke3", "Nf6"]));
        match r.verdict {
            Verdict::Illegal {
                ply,
                text,
                fen_before,
                ..
            } => {
                assert_eq!(ply, 3);
                assert_eq!(text, "Ke3");
                assert_eq!(
                    fen_before,
                    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
                );
            }
            v => panic!("{v:?}"),
        }
    }

    #[test]
    fn variant_names_match_in_any_case_around_blanks() {
        for v in ["Standard", " standard ", "CHESS", "From Position", "", "  "] {
            assert!(is_standard_variant(v), "{v:?}");
            assert!(!is_chess960_variant(v), "{v:?}");
        }
        for v in [
            "Chess960",
            "chess 960",
            " Fischer Random Chess",
            "FISCHERANDOM",
            "960",
        ] {
            assert!(is_chess960_variant(v), "{v:?}");
            assert!(!is_standard_variant(v), "{v:?}");
        }
        for v in ["Atomic", "standards", "chess9600", "from  position"] {
            assert!(!is_standard_variant(v) && !is_chess960_variant(v), "{v:?}");
        }
    }

    #[test]
    fn fen_tag_and_variant_tag() {
        let mut g = raw(&["Kd2"]);
        g.tags
            .push(("FEN".into(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into()));
        assert!(replay(&g).is_legal());
        g.tags.push(("Variant".into(), "Bughouse".into()));
        assert!(matches!(replay(&g).verdict, Verdict::Unreadable { .. }));
    }

    #[test]
    fn a_lichess_variant_tag_replays_by_its_rules() {
        // Atomic: Nxf7 explodes the knight and the non-pawns around f7, the e8 king among
        // them, and the game is over.
        let mut g = raw(&["e4", "e5", "Nf3", "Nc6", "Ng5", "d6", "Nxf7"]);
        g.tags.push(("Variant".into(), "Atomic".into()));
        match replay(&g).verdict {
            Verdict::Legal { status, fen } => {
                assert_eq!(status, FinalStatus::VariantEnd);
                assert!(!fen.contains('k'), "{fen}");
            }
            v => panic!("{v:?}"),
        }
        // King of the Hill, as lichess names it: after Kd4 the game is over.
        let mut g = raw(&["Kd2", "Kd7", "Kd3", "Kd6", "Kd4", "Kc6"]);
        g.tags.push(("Variant".into(), "King of the Hill".into()));
        g.tags
            .push(("FEN".into(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into()));
        match replay(&g).verdict {
            Verdict::Illegal { ply, reason, .. } => {
                assert_eq!(ply, 6);
                assert!(reason.contains("over"), "{reason}");
            }
            v => panic!("{v:?}"),
        }
        // Antichess: a capture is compulsory.
        let mut g = raw(&["e4", "d5", "Nf3"]);
        g.tags.push(("Variant".into(), "Antichess".into()));
        assert!(matches!(
            replay(&g).verdict,
            Verdict::Illegal { ply: 3, .. }
        ));
        // Three-check from lichess's FEN: the third check ends it.
        let mut g = raw(&["Rh8+"]);
        g.tags.push(("Variant".into(), "Three-check".into()));
        g.tags
            .push(("FEN".into(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1 +2+0".into()));
        match replay(&g).verdict {
            Verdict::Legal { status, .. } => assert_eq!(status, FinalStatus::VariantEnd),
            v => panic!("{v:?}"),
        }
    }
}
