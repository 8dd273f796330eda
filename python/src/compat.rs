//! What python-chess users type, on a board of any variant: `board == board.copy()`,
//! `legal_moves.count()` and `move in board.legal_moves`, `pockets`, `remaining_checks`,
//! `is_variant_end/win/loss/draw`, `gives_check`, `attackers` and `unicode()`, with
//! python-chess's meanings (each is compared with python-chess in `tests/test_python_chess.py`
//! and `tests/test_lichess_variants.py`).

use chessrules::core::{Color, KindId, Square};
use chessrules::game::{Game, Terminal};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;

use crate::board::Board;
use crate::errors::guard;
use crate::game;
use crate::moves::Move;

/// The legal moves of a position, as python-chess's `LegalMoveGenerator` is used: `len()`,
/// `count()`, iteration, indexing, and `move in legal_moves` (a move from this board, or any
/// move with the same coordinates, `Move.from_uci("e2e4")` included).
#[pyclass(module = "chessrules", name = "LegalMoves", frozen)]
pub struct LegalMoves {
    pub moves: Vec<Move>,
}

#[pymethods]
impl LegalMoves {
    fn count(&self) -> usize {
        self.moves.len()
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    fn __contains__(&self, m: &Bound<'_, PyAny>) -> bool {
        match m.extract::<Move>() {
            Ok(m) => self.moves.iter().any(|l| l.uci_text == m.uci_text),
            // A move's coordinates as text.
            Err(_) => m
                .extract::<String>()
                .is_ok_and(|s| self.moves.iter().any(|l| l.uci_text == s)),
        }
    }

    /// A move by its index, or a list of them by a slice (the list the property used to be).
    fn __getitem__<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = index.py();
        let list = pyo3::types::PyList::new(py, self.moves.iter().cloned())?;
        if index.cast::<pyo3::types::PySlice>().is_ok() {
            return list.as_any().get_item(index);
        }
        let i: isize = index.extract()?;
        let n = self.moves.len() as isize;
        let i = if i < 0 { i + n } else { i };
        if !(0..n).contains(&i) {
            return Err(PyIndexError::new_err("legal move index out of range"));
        }
        list.get_item(i as usize)
    }

    /// Equal to the same moves, as another `LegalMoves` or a list (the property used to be
    /// a list).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<LegalMoves>() {
            return other.get().moves == self.moves;
        }
        other
            .extract::<Vec<Move>>()
            .is_ok_and(|other| other == self.moves)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = pyo3::types::PyList::new(py, slf.moves.iter().cloned())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __repr__(&self) -> String {
        let texts: Vec<&str> = self.moves.iter().map(|m| m.text.as_str()).collect();
        format!("<LegalMoves ({})>", texts.join(", "))
    }
}

/// One side's pieces in hand, as python-chess's `CrazyhousePocket`: `count(kind)` (a
/// python-chess piece type 1–6 for the FIDE kinds, or a letter), `str()` the letters.
#[pyclass(module = "chessrules", name = "Pocket", frozen)]
pub struct Pocket {
    /// (upper-case letter, python-chess piece type where the kind is a FIDE one, count).
    held: Vec<(char, Option<u8>, u16)>,
    white: bool,
}

/// python-chess's piece type of a FIDE kind by its name.
fn piece_type(name: &str) -> Option<u8> {
    Some(match name {
        "pawn" => 1,
        "knight" => 2,
        "bishop" => 3,
        "rook" => 4,
        "queen" => 5,
        "king" => 6,
        _ => return None,
    })
}

#[pymethods]
impl Pocket {
    fn count(&self, kind: &Bound<'_, PyAny>) -> PyResult<u16> {
        if let Ok(t) = kind.extract::<u8>() {
            return Ok(self
                .held
                .iter()
                .filter(|(_, pt, _)| *pt == Some(t))
                .map(|(_, _, n)| n)
                .sum());
        }
        let letter = kind
            .extract::<String>()
            .ok()
            .and_then(|s| {
                let mut c = s.chars();
                c.next().filter(|_| c.next().is_none())
            })
            .ok_or_else(|| PyTypeError::new_err("a piece type (1-6) or a letter"))?;
        let letter = letter.to_ascii_uppercase();
        Ok(self
            .held
            .iter()
            .filter(|(l, _, _)| *l == letter)
            .map(|(_, _, n)| n)
            .sum())
    }

    fn __len__(&self) -> usize {
        self.held.iter().map(|(_, _, n)| *n as usize).sum()
    }

    fn __str__(&self) -> String {
        self.held
            .iter()
            .flat_map(|&(l, _, n)| {
                let l = if self.white {
                    l
                } else {
                    l.to_ascii_lowercase()
                };
                std::iter::repeat_n(l, n as usize)
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!("Pocket('{}')", self.__str__())
    }
}

impl Board {
    /// How the board is drawn: a variant file's `[board] style`, else chess's.
    fn board_style_name(&self) -> &'static str {
        self.variant_file().map_or("chess", |v| v.style.name())
    }

    fn pocket(&self, color: Color) -> Pocket {
        let pos = game::position(self.game());
        let rules = pos.rules();
        let held = (0..rules.pieces.len() as KindId)
            .filter_map(|k| {
                let n = pos.hand_count(color, k);
                let kind = rules.kind(k);
                (n > 0).then(|| (kind.letter, piece_type(&kind.name), n))
            })
            .collect();
        Pocket {
            held,
            white: color == Color::White,
        }
    }

    /// The variant's own end here (not checkmate or stalemate), from the side to move's view.
    fn variant_end(&mut self) -> Option<Terminal> {
        let g = self.game_mut();
        if g.is_decided() {
            g.terminal()
        } else {
            None
        }
    }
}

#[pymethods]
impl Board {
    /// Equal when the positions are (pieces, side to move, castling rights, en passant
    /// square, hands, checks, clocks) and so is the variant, as python-chess compares boards;
    /// the moves that led there do not count.
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<Board>() else {
            return Ok(false);
        };
        if slf.is(other) {
            return Ok(true);
        }
        let (mut a, mut b) = (slf.try_borrow_mut()?, other.try_borrow_mut()?);
        Ok(a.variant_label() == b.variant_label() && a.fen()? == b.fen()?)
    }

    /// The pieces in hand, indexed by colour as python-chess's `pockets`:
    /// `pockets[chessrules.WHITE]` (True = 1) and `pockets[chessrules.BLACK]`; both empty
    /// where the variant has no hands.
    #[getter]
    fn pockets(&self) -> [Pocket; 2] {
        [self.pocket(Color::Black), self.pocket(Color::White)]
    }

    /// The checks each side may still give before it wins, indexed by colour as
    /// python-chess's `remaining_checks` (three-check); `None` where checks are not counted.
    #[getter]
    fn remaining_checks(&self) -> Option<[u8; 2]> {
        let pos = game::position(self.game());
        let limit = pos.rules().options.check_limit?;
        let left = |c: Color| limit.saturating_sub(pos.checks_given(c));
        Some([left(Color::Black), left(Color::White)])
    }

    /// Has a rule of the variant (not checkmate or stalemate) ended the game?
    fn is_variant_end(&mut self) -> PyResult<bool> {
        guard(|| Ok(self.variant_end().is_some()))
    }

    /// Has a rule of the variant given the side to move the win?
    fn is_variant_win(&mut self) -> PyResult<bool> {
        guard(|| Ok(self.variant_end() == Some(Terminal::Win)))
    }

    /// Has a rule of the variant given the side to move the loss?
    fn is_variant_loss(&mut self) -> PyResult<bool> {
        guard(|| Ok(self.variant_end() == Some(Terminal::Loss)))
    }

    /// Has a rule of the variant drawn the game?
    fn is_variant_draw(&mut self) -> PyResult<bool> {
        guard(|| Ok(self.variant_end() == Some(Terminal::Draw)))
    }

    /// Does `move` (legal here) take a piece, en passant included? python-chess's `is_capture`.
    fn is_capture(&mut self, py: Python<'_>, r#move: Move) -> PyResult<bool> {
        guard(|| {
            let m = self.resolve(py, &r#move)?;
            let raw = m
                .raw
                .ok_or_else(|| PyTypeError::new_err("not a move of this board"))?;
            Ok(game::is_capture(self.game_mut(), raw))
        })
    }

    /// Does `move` (legal here) give check?
    fn gives_check(&mut self, py: Python<'_>, r#move: Move) -> PyResult<bool> {
        guard(|| {
            let m = self.resolve(py, &r#move)?;
            let raw = m
                .raw
                .ok_or_else(|| PyTypeError::new_err("not a move of this board"))?;
            let g = self.game_mut();
            game::make_move(g, raw);
            let check = game::is_check(g);
            game::unmake_move(g);
            Ok(check)
        })
    }

    /// The squares of `color`'s pieces that attack `square` (indices, a1 = 0), as
    /// python-chess's `attackers` (pinned pieces included).
    fn attackers(&self, color: bool, square: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let sq = self.square(square)?;
        let pos = game::position(self.game());
        let shape = &pos.rules().shape;
        let by = if color { Color::White } else { Color::Black };
        let files = u32::from(shape.files());
        let mut found: Vec<u32> = pos
            .attackers(shape.sq(sq), by)
            .into_iter()
            .map(|a| {
                let s: Square = shape.square(a);
                u32::from(s.rank) * files + u32::from(s.file)
            })
            .collect();
        found.sort_unstable();
        Ok(found)
    }

    /// The board with Unicode figurines, as python-chess's `unicode()`: ranks from the top, a
    /// space between squares, `empty_square` for an empty one; a kind without a FIDE
    /// figurine keeps its letter.
    #[pyo3(signature = (*, invert_color = false, borders = false, empty_square = "⭘"))]
    fn unicode(&self, invert_color: bool, borders: bool, empty_square: &str) -> String {
        let pos = game::position(self.game());
        let rules = pos.rules();
        let shape = &rules.shape;
        let mut rows = Vec::new();
        for rank in (0..shape.ranks()).rev() {
            let cells: Vec<String> = (0..shape.files())
                .map(|file| {
                    let Some(p) = pos.piece_at(shape.sq(Square::new(file, rank))) else {
                        return empty_square.to_string();
                    };
                    let kind = rules.kind(p.kind);
                    let white = (p.color == Color::White) != invert_color;
                    figurine(&kind.name, white, kind.plus).unwrap_or_else(|| {
                        let l = kind.letter;
                        if p.color == Color::White {
                            l.to_string()
                        } else {
                            l.to_ascii_lowercase().to_string()
                        }
                    })
                })
                .collect();
            rows.push(if borders {
                format!("{} | {} |", rank + 1, cells.join(" "))
            } else {
                cells.join(" ")
            });
        }
        rows.join("\n")
    }
}

/// The Unicode chess figurine of a FIDE kind (`♔`…`♟`, White's hollow), by its name.
fn figurine(name: &str, white: bool, plus: bool) -> Option<String> {
    if plus {
        return None;
    }
    let i = ["king", "queen", "rook", "bishop", "knight", "pawn"]
        .iter()
        .position(|n| *n == name)? as u32;
    let base = if white { 0x2654 } else { 0x265A };
    char::from_u32(base + i).map(String::from)
}

#[pymethods]
impl Board {
    /// What a picture of the board needs (`chessrules.svg.board` draws it): `files`, `ranks`,
    /// `style` (`chess`, `xiangqi`, `shogi`), `pieces` (square index a1 = 0, FEN letter, kind
    /// name, promoted with a `+`), `hands` (per colour: letter, kind name, count) and
    /// `zone_edges` (the edges of the regions pieces are confined to: file, rank, `west` or
    /// `south`).
    fn layout(&self, py: Python<'_>) -> PyResult<Py<pyo3::types::PyDict>> {
        let pos = game::position(self.game());
        let rules = pos.rules();
        let shape = &rules.shape;
        let files = u32::from(shape.files());
        let d = pyo3::types::PyDict::new(py);
        d.set_item("files", shape.files())?;
        d.set_item("ranks", shape.ranks())?;
        d.set_item("style", self.board_style_name())?;
        let mut pieces = Vec::new();
        for sq in shape.squares() {
            if let Some(p) = pos.piece_at(sq) {
                let s = shape.square(sq);
                let kind = rules.kind(p.kind);
                let letter = match p.color {
                    Color::White => kind.letter,
                    Color::Black => kind.letter.to_ascii_lowercase(),
                };
                pieces.push((
                    u32::from(s.rank) * files + u32::from(s.file),
                    letter.to_string(),
                    kind.name.clone(),
                    kind.plus,
                ));
            }
        }
        d.set_item("pieces", pieces)?;
        let hands = pyo3::types::PyDict::new(py);
        for (name, color) in [("white", Color::White), ("black", Color::Black)] {
            let held: Vec<(String, String, u16)> = (0..rules.pieces.len() as KindId)
                .filter_map(|k| {
                    let n = pos.hand_count(color, k);
                    let kind = rules.kind(k);
                    (n > 0).then(|| (kind.letter.to_string(), kind.name.clone(), n))
                })
                .collect();
            hands.set_item(name, held)?;
        }
        d.set_item("hands", hands)?;
        d.set_item("drops", rules.options.drops)?;
        let edges: Vec<(u8, u8, &str)> = chessrules::game::zone_edges::zone_edges(rules)
            .into_iter()
            .filter_map(|e| {
                let s = Square::parse(&e.square)?;
                Some((s.file, s.rank, e.side))
            })
            .collect();
        d.set_item("zone_edges", edges)?;
        Ok(d.unbind())
    }
}
