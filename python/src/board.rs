//! `chessrules.Board`: a game of any variant, driven like python-chess's board.

use std::sync::Arc;

use chessrules::core::history::AutomaticDraw;
use chessrules::core::{Color, Square};
use chessrules::game::VariantId;
use chessrules::variants::custom::CustomVariant;
use chessrules::variants::registry::{self, AnyGame};
use chessrules::variants::{chess960, custom};
use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

use crate::claims;
use crate::errors::{self, guard};
use crate::game::{self, AnyMove, End};
use crate::limits;
use crate::moves::{quoted, Move};
use crate::outcome::{Outcome, Termination};
use crate::piece::Piece;

/// A position of any variant, with the moves played on it.
///
/// `Board(variant="standard", fen=None)` reads `fen`, the variant's board text (a FEN for
/// standard chess and Chess960, the variant's board file for fairy, obstacle, FollowChess and
/// pawn race, a variant file's TOML for `custom`); `None` gives the variant's initial position.
/// A refused board raises `BoardFileError` with the variant's own message, line and square.
///
/// >>> board = chessrules.Board()
/// >>> board.push_san("e4")
/// Move('e4', uci='e2e4')
/// >>> board.fen()
/// 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
#[pyclass(module = "chessrules", name = "Board")]
#[derive(Clone)]
pub struct Board {
    game: AnyGame,
    variant: VariantId,
    /// The variant file a `custom` board plays.
    rules: Option<Arc<CustomVariant>>,
    /// The shipped variant's name when that file is one of ours (`Board("crazyhouse")`): the
    /// board's `variant`, as python-chess's `uci_variant` names it.
    shipped: Option<&'static str>,
    /// The moves pushed, oldest first.
    stack: Vec<Move>,
    /// The legal moves of the position, once asked for.
    legal: Option<Vec<AnyMove>>,
}

/// The variant a name names (`UnknownVariantError` otherwise, also for a name longer than
/// [`limits::MAX_NAME`]).
pub fn variant_id(name: &Bound<'_, PyString>) -> PyResult<VariantId> {
    limits::name(name)?
        .parse::<VariantId>()
        .map_err(|e| errors::unknown_variant(&e))
}

impl Board {
    pub fn of_game(game: AnyGame, variant: VariantId, rules: Option<Arc<CustomVariant>>) -> Board {
        Board {
            game,
            variant,
            rules,
            shipped: None,
            stack: Vec::new(),
            legal: None,
        }
    }

    /// The name `variant` gives and `Board(name, fen)` reads back.
    pub(crate) fn variant_label(&self) -> &'static str {
        self.shipped.unwrap_or(self.variant.name())
    }

    /// A board of a variant file's game from `fen` (`None`: the file's start position).
    pub fn of_variant_file(
        py: Python<'_>,
        rules: Arc<CustomVariant>,
        fen: Option<&str>,
    ) -> PyResult<Board> {
        let pos = match fen {
            Some(text) => rules.position_from_fen(text),
            None => rules.start_position(),
        }
        .map_err(|e| {
            let d = chessrules::game::Diagnostic::plain(e.to_string());
            errors::board_file_error(py, &d)
        })?;
        let game = AnyGame::Core(custom::variant::game(&rules, pos));
        Ok(Board::of_game(game, VariantId::Custom, Some(rules)))
    }

    /// A board of `variant` from its board text `text` (`None`: the initial position), the
    /// lengths checked first.
    fn open(
        py: Python<'_>,
        variant: Option<&Bound<'_, PyString>>,
        text: Option<&Bound<'_, PyString>>,
    ) -> PyResult<Board> {
        // python-chess's `Board(fen)`: a first argument that cannot be a variant name (it has
        // a '/' or is longer than any name) is a standard chess FEN.
        if let (Some(v), None) = (variant, text) {
            if v.len()? > limits::MAX_NAME || v.to_cow()?.contains('/') {
                return Board::open(py, None, Some(v));
            }
        }
        // Any name the program takes, python-chess's among them ("King of the Hill",
        // "Three-check").
        let named = variant
            .map(|v| limits::name(v))
            .transpose()?
            .map(|name| registry::find(&name))
            .transpose()
            .map_err(|e| errors::unknown_variant(&e))?;
        let id = match named.map(|r| (r.id, r.file.and_then(|f| f.open()))) {
            // A shipped variant file (`Board("kingofthehill")`, `Board("atomic", fen)`): a
            // variant file's board, its text a FEN.
            Some((_, Some(shipped))) => {
                let fen = text.map(|t| limits::board_text(py, t)).transpose()?;
                let rules = Arc::new(shipped.variant.clone());
                let mut board = Board::of_variant_file(py, rules, fen.as_deref().map(str::trim))?;
                board.shipped = Some(shipped.name.as_str());
                return Ok(board);
            }
            Some((id, None)) => id,
            None => VariantId::Standard,
        };
        let text = match text {
            Some(t) if id == VariantId::Custom => Some(limits::variant_file(py, t)?),
            Some(t) => Some(limits::board_text(py, t)?),
            None => None,
        };
        let text = text.as_deref();
        if id == VariantId::Custom {
            let toml = text.unwrap_or(registry::info(id).initial);
            let rules =
                custom::load_variant_file(toml).map_err(|e| errors::variant_file_error(py, &e))?;
            return Board::of_variant_file(py, Arc::new(rules), None);
        }
        let text = text.unwrap_or(registry::info(id).initial);
        let game = registry::open(id, text).map_err(|d| errors::board_file_error(py, &d))?;
        Ok(Board::of_game(game, id, None))
    }

    fn legal(&mut self) -> &[AnyMove] {
        let game = &mut self.game;
        self.legal.get_or_insert_with(|| game::legal_moves(game))
    }

    fn describe(&mut self, raw: AnyMove) -> Move {
        let (text, uci) = game::move_texts(&mut self.game, raw).unwrap_or_default();
        Move::new(raw, text, uci)
    }

    /// The legal move `m` names: the same move of this position, or one with its coordinates.
    pub(crate) fn resolve(&mut self, py: Python<'_>, m: &Move) -> PyResult<Move> {
        if let Some(raw) = m.raw {
            if self.legal().contains(&raw) {
                let found = self.describe(raw);
                if found.uci_text == m.uci_text {
                    return Ok(found);
                }
            }
        }
        self.find_uci(py, &m.uci_text)
    }

    fn find_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Move> {
        // A move's own coordinates first: in Chess960 `f8g8` can be a king step, and also a
        // castling's king-to-destination spelling (`alt`); the step is what `f8g8` names.
        let mut listed = game::listed_moves(&mut self.game);
        let found = listed
            .iter()
            .position(|l| l.uci == uci)
            .or_else(|| listed.iter().position(|l| l.alt.as_deref() == Some(uci)))
            .map(|i| listed.swap_remove(i));
        match found {
            Some(l) => Ok(Move::new(l.raw, l.text, l.uci)),
            None => Err(errors::illegal_move_text(
                py,
                uci,
                format!("no legal move {uci} in {}", self.fen_text()),
            )),
        }
    }

    fn play(&mut self, m: Move) -> PyResult<Move> {
        let Some(raw) = m.raw else {
            return Err(PyValueError::new_err("a move without its board"));
        };
        game::make_move(&mut self.game, raw);
        self.legal = None;
        self.stack.push(m.clone());
        Ok(m)
    }

    fn fen_text(&mut self) -> String {
        game::board_file(&mut self.game).trim_end().to_string()
    }

    fn end(&mut self, claim_draw: bool) -> Option<Outcome> {
        let to_move = game::side_to_move(&mut self.game);
        // FIDE chess claims as python-chess counts them; other variants by their own rules.
        let fide = self.has_fide_claims();
        game::game_end(&mut self.game, claim_draw && !fide)
            .or_else(|| self.automatic_draw().map(End::Automatic))
            .or_else(|| {
                if claim_draw && fide {
                    self.claimable_draw()
                } else {
                    None
                }
            })
            .map(|e| Outcome::of(e, to_move))
    }

    /// Standard chess and Chess960: the draws a player claims are FIDE's, as python-chess
    /// counts them (`claims`).
    fn has_fide_claims(&self) -> bool {
        matches!(self.variant, VariantId::Standard | VariantId::Chess960)
    }

    /// The draw FIDE chess makes without a claim here (standard chess and Chess960), if any.
    fn automatic_draw(&mut self) -> Option<AutomaticDraw> {
        if !self.has_fide_claims() {
            return None;
        }
        let stack = self.raw_stack();
        claims::automatic_draw(&mut self.game, &stack)
    }

    /// The moves played, as the game's own moves.
    fn raw_stack(&self) -> Vec<AnyMove> {
        self.stack.iter().filter_map(|m| m.raw).collect()
    }

    /// The draw the side to move may claim now or with one move, if any.
    fn claimable_draw(&mut self) -> Option<End> {
        if claims::fifty_moves(&mut self.game) {
            return Some(End::FiftyMoves);
        }
        let stack = self.raw_stack();
        claims::threefold(&mut self.game, &stack).then_some(End::Repetition)
    }

    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The variant file a `custom` or shipped-file board plays.
    pub(crate) fn variant_file(&self) -> Option<&CustomVariant> {
        self.rules.as_deref()
    }

    /// The game, to change (a move made and taken back).
    pub(crate) fn game_mut(&mut self) -> &mut AnyGame {
        self.legal = None;
        &mut self.game
    }

    /// Does the variant write FENs and SAN (standard chess, Chess960, variant files)?
    fn speaks_fen(&self) -> bool {
        matches!(
            self.variant,
            VariantId::Standard | VariantId::Chess960 | VariantId::Custom
        )
    }

    /// The square python-chess's `square` names: an index (`file + files * rank`, a1 = 0)
    /// or a name (`e4`).
    pub(crate) fn square(&self, square: &Bound<'_, PyAny>) -> PyResult<Square> {
        let shape = &game::position(&self.game).rules().shape;
        let (files, ranks) = (shape.files() as u64, shape.ranks() as u64);
        let found = if let Ok(i) = square.extract::<u64>() {
            (i < files * ranks).then(|| Square::new((i % files) as u8, (i / files) as u8))
        } else if let Ok(name) = square.cast::<PyString>() {
            let name = limits::move_text(square.py(), name)?;
            Square::parse(&name).filter(|s| shape.contains(*s))
        } else {
            return Err(PyTypeError::new_err(
                "a square is an int or a name like 'e4'",
            ));
        };
        found.ok_or_else(|| PyIndexError::new_err(format!("no square {square} on this board")))
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (variant = None, fen = None))]
    fn new(
        py: Python<'_>,
        variant: Option<&Bound<'_, PyString>>,
        fen: Option<&Bound<'_, PyString>>,
    ) -> PyResult<Board> {
        guard(|| Board::open(py, variant, fen))
    }

    /// Reads a board file of `variant` (the same as `Board(variant, text)`).
    #[classmethod]
    fn from_board_file(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        variant: &Bound<'_, PyString>,
        text: &Bound<'_, PyString>,
    ) -> PyResult<Board> {
        guard(|| Board::open(py, Some(variant), Some(text)))
    }

    /// Chess960 start position number `n` (0-959; 518 is FIDE chess's).
    #[classmethod]
    fn from_chess960_pos(_cls: &Bound<'_, PyType>, n: u16) -> PyResult<Board> {
        guard(|| {
            let pos = chess960::start(n)
                .ok_or_else(|| PyValueError::new_err(format!("no Chess960 position {n}")))?;
            Ok(Board::of_game(
                AnyGame::Core(chess960::game(pos)),
                VariantId::Chess960,
                None,
            ))
        })
    }

    /// The variant's name: a shipped variant file's (`crazyhouse`, `atomic`, `xiangqi`, ...)
    /// or `standard`, `chess960`, `fairy`, `obstacle`, `follow`, `pawnrace`, and `custom` for
    /// a variant file of the user's.
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant_label()
    }

    /// A variant file's name (`None` for the built-in variants).
    #[getter]
    fn variant_name(&self) -> Option<String> {
        self.rules.as_ref().map(|r| r.name.clone())
    }

    /// The side to move: True for White (`chessrules.WHITE`), False for Black.
    #[getter]
    fn turn(&mut self) -> PyResult<bool> {
        guard(|| Ok(game::side_to_move(&mut self.game) == Color::White))
    }

    /// The legal moves of the side to move (none once a rule of the variant decided the
    /// game): `len()`, `count()`, iteration, indexing and `move in`, as python-chess's.
    #[getter]
    fn legal_moves(&mut self) -> PyResult<crate::compat::LegalMoves> {
        guard(|| {
            Ok(crate::compat::LegalMoves {
                moves: game::listed_moves(&mut self.game)
                    .into_iter()
                    .map(|l| Move::new(l.raw, l.text, l.uci))
                    .collect(),
            })
        })
    }

    /// The moves pushed so far, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<Move> {
        self.stack.clone()
    }

    /// Is `move` legal here?
    #[pyo3(name = "is_legal")]
    fn py_is_legal(&mut self, py: Python<'_>, r#move: Move) -> PyResult<bool> {
        guard(|| Ok(self.resolve(py, &r#move).is_ok()))
    }

    /// Plays a legal move (from `legal_moves`, or any move with the same coordinates);
    /// `IllegalMoveError` otherwise.
    fn push(&mut self, py: Python<'_>, r#move: Move) -> PyResult<Move> {
        guard(|| {
            let m = self.resolve(py, &r#move)?;
            self.play(m)
        })
    }

    /// The legal move a text in the variant's notation names (SAN for standard chess);
    /// `IllegalMoveError` with the variant's own message otherwise.
    fn parse_san(&mut self, py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Move> {
        guard(|| {
            let text = limits::move_text(py, text)?;
            let text = &*text;
            let raw = game::parse_text(&mut self.game, text)
                .map_err(|e| errors::illegal_move(py, text, &e))?;
            if !self.legal().contains(&raw) {
                return Err(errors::illegal_move_text(
                    py,
                    text,
                    format!("{text} is not legal here"),
                ));
            }
            Ok(self.describe(raw))
        })
    }

    /// Plays a move written in the variant's notation and returns it.
    fn push_san(&mut self, py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<Move> {
        guard(|| {
            let m = self.parse_san(py, text)?;
            self.play(m)
        })
    }

    /// The legal move with these coordinates (`e2e4`, `e7e8q`).
    fn parse_uci(&mut self, py: Python<'_>, uci: &Bound<'_, PyString>) -> PyResult<Move> {
        guard(|| {
            let uci = limits::move_text(py, uci)?;
            self.find_uci(py, &uci)
        })
    }

    /// Plays the legal move with these coordinates and returns it.
    fn push_uci(&mut self, py: Python<'_>, uci: &Bound<'_, PyString>) -> PyResult<Move> {
        guard(|| {
            let m = self.parse_uci(py, uci)?;
            self.play(m)
        })
    }

    /// Takes back the last move pushed and returns it (`IndexError` when none was).
    fn pop(&mut self) -> PyResult<Move> {
        guard(|| {
            let m = self
                .stack
                .pop()
                .ok_or_else(|| PyIndexError::new_err("pop from empty move stack"))?;
            game::unmake_move(&mut self.game);
            self.legal = None;
            Ok(m)
        })
    }

    /// The last move pushed (`IndexError` when none was).
    fn peek(&self) -> PyResult<Move> {
        self.stack
            .last()
            .cloned()
            .ok_or_else(|| PyIndexError::new_err("peek from empty move stack"))
    }

    /// The position as the variant's board text without its final newline (a FEN for
    /// standard chess, Chess960 and variant files).
    pub(crate) fn fen(&mut self) -> PyResult<String> {
        guard(|| Ok(self.fen_text()))
    }

    /// The position as the variant's board file, exactly as its command writes it.
    fn board_file(&mut self) -> PyResult<String> {
        guard(|| Ok(game::board_file(&mut self.game)))
    }

    /// Is the side to move in check?
    fn is_check(&mut self) -> PyResult<bool> {
        guard(|| Ok(game::is_check(&self.game)))
    }

    /// How the game ended, or None. The rules' own ends always count (checkmate, stalemate,
    /// dead positions, a variant's win or loss); with `claim_draw`, the draws a player may
    /// claim too (fifty moves, a repeated position).
    #[pyo3(signature = (*, claim_draw = false))]
    fn outcome(&mut self, claim_draw: bool) -> PyResult<Option<Outcome>> {
        guard(|| Ok(self.end(claim_draw)))
    }

    /// Is the game over (`outcome()` is not None)?
    #[pyo3(signature = (*, claim_draw = false))]
    fn is_game_over(&mut self, claim_draw: bool) -> PyResult<bool> {
        guard(|| Ok(self.end(claim_draw).is_some()))
    }

    /// Is the side to move checkmated?
    fn is_checkmate(&mut self) -> PyResult<bool> {
        guard(|| {
            Ok(self
                .end(false)
                .is_some_and(|o| o.termination == Termination::CHECKMATE))
        })
    }

    /// Has the side to move no legal move, without being in check?
    fn is_stalemate(&mut self) -> PyResult<bool> {
        guard(|| {
            Ok(self
                .end(false)
                .is_some_and(|o| o.termination == Termination::STALEMATE))
        })
    }

    /// A hash of the position (equal positions, equal keys).
    fn key(&mut self) -> PyResult<u64> {
        guard(|| Ok(game::key(&mut self.game)))
    }

    /// An independent copy, with the move stack.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// The move's text in the variant's notation (SAN for standard chess), the move not
    /// played; `IllegalMoveError` when it is not legal here.
    fn san(&mut self, py: Python<'_>, r#move: Move) -> PyResult<String> {
        guard(|| Ok(self.resolve(py, &r#move)?.text))
    }

    /// The move in long algebraic notation, as python-chess writes it (`Ng1-f3`, `e7xd8=Q+`,
    /// `O-O`): standard chess and Chess960.
    fn lan(&mut self, py: Python<'_>, r#move: Move) -> PyResult<String> {
        guard(|| {
            if !matches!(self.variant, VariantId::Standard | VariantId::Chess960) {
                return Err(PyValueError::new_err(
                    "lan() is for standard chess and Chess960",
                ));
            }
            let m = self.resolve(py, &r#move)?;
            Ok(long_algebraic(&m.text, &m.uci_text))
        })
    }

    /// The piece on `square` (an index, a1 = 0 and h8 = 63 on 8×8, or a name like `e4`), or
    /// None.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<Piece>> {
        let sq = self.square(square)?;
        let pos = game::position(&self.game);
        Ok(pos.piece_at(pos.rules().shape.sq(sq)).map(|p| {
            let letter = pos.rules().kind(p.kind).letter;
            Piece {
                letter: match p.color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter.to_ascii_lowercase(),
                },
            }
        }))
    }

    /// Moves since the last capture or pawn move (the fifty-move rule counts them).
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        game::position(&self.game).halfmove_clock()
    }

    /// The move number, from 1, counted up after Black's move.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        game::position(&self.game).fullmove_number()
    }

    /// `1-0`, `0-1`, `1/2-1/2` once the game is over (see `outcome`), else `*`.
    #[pyo3(signature = (*, claim_draw = false))]
    fn result(&mut self, claim_draw: bool) -> PyResult<&'static str> {
        guard(|| Ok(self.end(claim_draw).map_or("*", |o| o.result())))
    }

    /// Is the game drawn by the same position a fifth time (FIDE 9.6.1, no claim needed), as
    /// python-chess's `is_fivefold_repetition` (with a legal move left; standard chess and
    /// Chess960; False for the other variants).
    fn is_fivefold_repetition(&mut self) -> PyResult<bool> {
        guard(|| {
            let stack = self.raw_stack();
            Ok(self.has_fide_claims() && claims::fivefold(&mut self.game, &stack))
        })
    }

    /// Is the game drawn by 75 moves of each side without a capture or a pawn move (FIDE
    /// 9.6.2, no claim needed), as python-chess's `is_seventyfive_moves` (standard chess and
    /// Chess960; False for the other variants).
    fn is_seventyfive_moves(&mut self) -> PyResult<bool> {
        guard(|| Ok(self.has_fide_claims() && claims::seventyfive(&mut self.game)))
    }

    /// Can the side to move claim a draw, now or with its next move: fifty moves or threefold
    /// repetition, as python-chess's `can_claim_draw` counts them (standard chess and
    /// Chess960; False for the other variants).
    fn can_claim_draw(&mut self) -> PyResult<bool> {
        guard(|| Ok(self.has_fide_claims() && self.claimable_draw().is_some()))
    }

    /// python-chess's `can_claim_fifty_moves` (standard chess and Chess960).
    fn can_claim_fifty_moves(&mut self) -> PyResult<bool> {
        guard(|| Ok(self.has_fide_claims() && claims::fifty_moves(&mut self.game)))
    }

    /// python-chess's `can_claim_threefold_repetition` (standard chess and Chess960).
    fn can_claim_threefold_repetition(&mut self) -> PyResult<bool> {
        guard(|| {
            let stack: Vec<AnyMove> = self.stack.iter().filter_map(|m| m.raw).collect();
            Ok(self.has_fide_claims() && claims::threefold(&mut self.game, &stack))
        })
    }

    /// Is the position dead by material (nobody can win any more), by the variant's own rule
    /// as python-chess has it per variant (`[end] dead_position`)? False for the variants
    /// without that rule.
    fn is_insufficient_material(&self) -> bool {
        match &self.game {
            AnyGame::Core(g) => g.ends().dead_position.is_dead(g.position()),
            _ => false,
        }
    }

    /// Replaces the position by the board text `fen` of the same variant (a FEN for
    /// standard chess, Chess960 and variant files); the move stack is emptied.
    fn set_fen(&mut self, py: Python<'_>, fen: &Bound<'_, PyString>) -> PyResult<()> {
        guard(|| {
            let board = match &self.rules {
                Some(rules) => {
                    let text = limits::board_text(py, fen)?;
                    let mut board = Board::of_variant_file(py, rules.clone(), Some(&text))?;
                    board.shipped = self.shipped;
                    board
                }
                None => {
                    let name = PyString::new(py, self.variant.name());
                    Board::open(py, Some(&name), Some(fen))?
                }
            };
            *self = board;
            Ok(())
        })
    }

    /// A diagram for the variants written as FENs (python-chess's: ranks from the top, `.`
    /// for an empty square, a space between squares); the board file for the others (their
    /// board files are diagrams).
    fn __str__(&mut self) -> PyResult<String> {
        if !self.speaks_fen() {
            return self.board_file();
        }
        let diagram = game::position(&self.game).diagram();
        let rows: Vec<String> = diagram
            .lines()
            .map(|row| {
                let squares: Vec<String> = row.chars().map(String::from).collect();
                squares.join(" ")
            })
            .collect();
        Ok(rows.join("\n"))
    }

    fn __repr__(&mut self) -> PyResult<String> {
        let fen = self.fen()?;
        Ok(format!(
            "Board({}, {})",
            quoted(self.variant_label()),
            quoted(&fen)
        ))
    }
}

/// python-chess's long algebraic notation from a move's SAN and its coordinates: the piece
/// letter, origin, `-` or `x`, destination, promotion and check marks of the SAN; castling as
/// in SAN.
fn long_algebraic(san: &str, uci: &str) -> String {
    if san.starts_with("O-O") {
        return san.to_string();
    }
    let body = san.trim_end_matches(['+', '#']);
    let suffix = &san[body.len()..];
    let piece = body.chars().next().filter(|c| "NBRQK".contains(*c));
    let promotion = body.find('=').map_or("", |i| &body[i..]);
    let capture = if body.contains('x') { "x" } else { "-" };
    let (from, to) = uci.split_at(uci.len().min(2));
    let to = to.get(..2).unwrap_or(to);
    let mut out = String::new();
    out.extend(piece);
    out.push_str(from);
    out.push_str(capture);
    out.push_str(to);
    out.push_str(promotion);
    out.push_str(suffix);
    out
}
