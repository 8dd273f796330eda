//! Standard Algebraic Notation, generic over the piece table: a piece is written with its
//! table letter, a promoting (pawn-like) piece with none. Output disambiguates by file, then
//! rank, then both, and adds `x`, `=Q`, `O-O`/`O-O-O`, `+` and `#`.
//!
//! Input is lenient the way PGN readers are: `0-0`, a missing or wrong `+`/`#`, a missing
//! `x`, `e8Q` and `e8=Q`, annotation glyphs (`!`, `?`), and long algebraic `e2e4`, `e2-e4`,
//! `e7e8q`, `Ng1-f3` (castling also as the king's move, `e1g1`).
//!
//! Where pieces are dropped, a drop is the piece's letter, `@` and the square (`N@f3`,
//! `P@e4`, as lichess writes them); `@e4` is read as a pawn's drop too.

mod common;
pub mod shogi;

use crate::core::movegen::MoveSink;
use crate::core::{KindId, Move, MoveFlag, Notation, Passing, Position, Sq};

/// Move text that does not name exactly one legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// Not shaped like a move on this board; holds the text.
    #[error("'{0}' is not a move")]
    Syntax(String),
    /// Shaped like a move, but names no legal move here; holds the text.
    #[error("'{0}' is not a legal move here")]
    Illegal(String),
    /// Names more than one legal move.
    #[error("'{text}' is ambiguous: it could be {candidates}")]
    Ambiguous {
        /// The text as given.
        text: String,
        /// The SAN of each move it could be, comma-separated.
        candidates: String,
    },
}

/// The parts of a move text: which piece, from where (partly), to where, promotion.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Parsed {
    Castle {
        king_side: bool,
    },
    Normal {
        /// `None`: a pawn-like piece (or any piece if the full from-square is given).
        kind: Option<KindId>,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        to: Sq,
        promotion: Option<KindId>,
    },
    /// A piece from the hand (`N@f3`).
    Drop {
        kind: KindId,
        to: Sq,
    },
}

/// Is `kind` written without a letter (the pawn and other promoting pieces, unless the variant
/// gives it a SAN letter: xiangqi's soldier is `P`)?
fn letterless(pos: &Position, kind: KindId) -> bool {
    let kind = pos.rules().kind(kind);
    kind.promotes && kind.san_letter.is_none()
}

/// SAN of a legal move `m` in `pos` (the position before the move); in shogi's notation where
/// the rules write moves so (`shogi`).
pub fn to_san(pos: &mut Position, m: Move) -> String {
    if pos.rules().options.notation == Notation::Shogi {
        return shogi::to_text(pos, m);
    }
    let mut s = san_without_suffix(pos, m);
    if let Some((kind, at)) = pos.gate_of(m) {
        // Fairy-Stockfish's form: `Nf3/H`, and a castling names the square (`O-O/Hh1`).
        s.push('/');
        s.push(pos.rules().kind(kind).san());
        if m.is_castle() {
            s.push_str(&pos.rules().shape.name(at));
        }
    }
    if let Some(wall) = m.wall() {
        // Fairy-Stockfish's form: the move, a comma and the blocker's square (`e4,d5`).
        s.push(',');
        s.push_str(&pos.rules().shape.name(wall));
    }
    let undo = pos.make(m);
    if pos.in_written_check(pos.side_to_move()) {
        let mate = pos.legal_move_list().is_empty();
        s.push(if mate { '#' } else { '+' });
    }
    pos.unmake(m, undo);
    s
}

fn san_without_suffix(pos: &mut Position, m: Move) -> String {
    let rules = pos.rules().clone();
    if let MoveFlag::Castle(i) = m.flag {
        let king_side = rules.castling.get(i as usize).is_some_and(|c| c.king_side);
        return if king_side { "O-O" } else { "O-O-O" }.to_string();
    }
    let shape = &rules.shape;
    if let Some(kind) = m.dropped() {
        // The letter even for a pawn (`P@e4`), as lichess writes drops.
        return format!("{}@{}", rules.kind(kind).san(), shape.name(m.to));
    }
    let Some(piece) = pos.piece_at(m.from) else {
        return crate::notation::coordinate::to_uci(pos, m);
    };
    // A pass and a promotion in place find their own piece on `to`.
    let capture = (pos.piece_at(m.to).is_some() && m.to != m.from) || m.flag == MoveFlag::EnPassant;
    let mut s = String::with_capacity(8);
    let in_place = rules.kind(piece.kind).promotion_in_place && m.promotion.is_some();
    if letterless(pos, piece.kind) {
        if capture {
            s.push((b'a' + shape.file_of(m.from)) as char);
        } else if in_place && m.from != m.to {
            // Fairy-Stockfish's form for a promotion by a step of the promoted kind:
            // both squares (`g7f6=F`); where it stands, the square alone (`g7=F`).
            s.push_str(&shape.name(m.from));
        }
    } else {
        if rules.kind(piece.kind).plus {
            s.push('+');
        }
        s.push(rules.kind(piece.kind).san());
        let rivals: Vec<Sq> = pos
            .legal_move_list()
            .into_iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && !o.is_castle()
                    // A rival makes the same move: with a blocker, onto the same square
                    // (Fairy-Stockfish's test; an Amazons arrow depends on the shooter).
                    && o.wall() == m.wall()
                    && pos.piece_at(o.from).map(|p| p.kind) == Some(piece.kind)
            })
            .map(|o| o.from)
            .collect();
        if !rivals.is_empty() {
            let file = shape.file_of(m.from);
            let rank = shape.rank_of(m.from);
            let file_unique = rivals.iter().all(|&r| shape.file_of(r) != file);
            let rank_unique = rivals.iter().all(|&r| shape.rank_of(r) != rank);
            if file_unique {
                s.push((b'a' + file) as char);
            } else if rank_unique {
                s.push_str(&(rank as u32 + 1).to_string());
            } else {
                s.push_str(&shape.name(m.from));
            }
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&shape.name(m.to));
    if let Some(k) = m.promotion {
        s.push('=');
        if rules.kind(k).plus {
            s.push('+');
        }
        s.push(rules.kind(k).san());
    }
    s
}

/// Reads the move text `text` as the legal move it names in `pos`.
///
/// Only the moves of pieces of the named kind (and from the named file or rank) to the named
/// square are generated and tested: a PGN validator resolves each move at the cost of a few
/// pieces' moves, not the whole legal list.
pub fn parse(pos: &mut Position, text: &str) -> Result<Move, SanError> {
    if pos.rules().options.notation == Notation::Shogi {
        if let Some(read) = shogi::parse(pos, text) {
            return read;
        }
    }
    if pos.rules().options.gating {
        if let Some((alone, gate)) = text.split_once('/') {
            return parse_gated(pos, text, alone, gate);
        }
    }
    if pos.rules().options.walling.is_some() {
        return parse_walled(pos, text);
    }
    if pos.rules().options.passing != [Passing::Never; 2] {
        if let Some(pass) = parse_pass(pos, text) {
            return Ok(pass);
        }
    }
    if pos.rules().options.promotion_in_place {
        if let Some(promotion) = parse_in_place(pos, text) {
            return Ok(promotion);
        }
    }
    // Most texts name one piece's move in a common shape, which needs none of what follows.
    if let Some(m) = common::common_move(pos, text) {
        return Ok(m);
    }
    parse_any(pos, text)
}

/// The pass, where the rules allow one and it is legal: its SAN as Fairy-Stockfish writes
/// it (the piece standing still, `Ke1`), or PGN's null move `--`.
fn parse_pass(pos: &mut Position, text: &str) -> Option<Move> {
    let pass = pos.legal_move_list().into_iter().find(|m| m.is_pass())?;
    let bare = |t: &str| t.trim_end_matches(['+', '#', '!', '?']).to_string();
    let wanted = bare(text);
    (wanted == "--" || bare(&to_san(pos, pass)) == wanted).then_some(pass)
}

/// A promotion by a move of its own (`core::promotion_in_place`), written as
/// Fairy-Stockfish writes it (`g7=F`, `g7f6=F`): the legal one whose SAN the text is.
fn parse_in_place(pos: &mut Position, text: &str) -> Option<Move> {
    let bare = |t: &str| t.trim_end_matches(['+', '#', '!', '?']).to_string();
    let wanted = bare(text);
    if !wanted.contains('=') {
        return None;
    }
    let rules = pos.rules().clone();
    let promotions: Vec<Move> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| {
            m.promotion.is_some()
                && pos
                    .piece_at(m.from)
                    .is_some_and(|p| rules.kind(p.kind).promotion_in_place)
        })
        .collect();
    promotions
        .into_iter()
        .find(|&m| bare(&to_san(pos, m)) == wanted)
}

/// A gated move's text, `Nf3/H` or `O-O/Hh1` (the move alone, `/`, the gated piece's letter
/// and, optionally or for a castling, its square).
fn parse_gated(pos: &mut Position, text: &str, alone: &str, gate: &str) -> Result<Move, SanError> {
    let syntax = || SanError::Syntax(text.to_string());
    let gate = gate.trim_end_matches(['+', '#', '!', '?']);
    let mut chars = gate.chars();
    let letter = chars.next().ok_or_else(syntax)?;
    let kind = pos.rules().kind_by_letter(letter).ok_or_else(syntax)?;
    let square = chars.as_str();
    let m = parse(pos, alone)?;
    let at = if square.is_empty() {
        m.from
    } else {
        pos.rules().shape.parse_square(square).ok_or_else(syntax)?
    };
    let gated = m.gated(kind, at != m.from);
    if pos.is_legal(gated) {
        Ok(gated)
    } else {
        Err(SanError::Illegal(text.to_string()))
    }
}

/// A move with a blocker, `e4,d5` (the move alone, a comma, the blocker's square): every
/// move here has one.
fn parse_walled(pos: &mut Position, text: &str) -> Result<Move, SanError> {
    let syntax = || SanError::Syntax(text.to_string());
    let bare = |t: &str| t.trim_end_matches(['+', '#', '!', '?']).to_string();
    let (_, wall) = text.split_once(',').ok_or_else(syntax)?;
    let wall = pos
        .rules()
        .shape
        .parse_square(&bare(wall))
        .ok_or_else(syntax)?;
    let wanted = bare(text);
    let candidates: Vec<Move> = pos
        .legal_move_list()
        .into_iter()
        .filter(|m| m.wall() == Some(wall))
        .collect();
    candidates
        .into_iter()
        .find(|&m| bare(&to_san(pos, m)) == wanted)
        .ok_or_else(|| SanError::Illegal(text.to_string()))
}

/// `parse` by the general path, for any text.
fn parse_any(pos: &mut Position, text: &str) -> Result<Move, SanError> {
    let parsed = parse_text(pos, text).ok_or_else(|| SanError::Syntax(text.to_string()))?;
    let us = pos.side_to_move();
    // Made once, in the arm that knows its destination (a `Candidates` is 8 moves to clear).
    let mut candidates;
    match parsed {
        Parsed::Drop { kind, to } => {
            let m = Move::drop(kind, to);
            return if pos.hand_count(us, kind) > 0 && pos.is_legal(m) {
                Ok(m)
            } else {
                Err(SanError::Illegal(text.to_string()))
            };
        }
        Parsed::Castle { king_side } => {
            candidates = Candidates::new(None, None);
            let rules = pos.rules();
            let mut all = Candidates::new(None, None);
            pos.castling_moves(&mut all);
            for &m in all.as_slice() {
                let side = match m.flag {
                    MoveFlag::Castle(i) => rules.castling.get(i as usize).map(|c| c.king_side),
                    _ => None,
                };
                if side == Some(king_side) {
                    candidates.push(m);
                }
            }
        }
        Parsed::Normal {
            kind,
            from_file,
            from_rank,
            to,
            promotion,
        } => {
            let full_from = from_file.is_some() && from_rank.is_some();
            candidates = Candidates::new(Some(to), promotion);
            // A bit per kind the text may move: the one named, else the letterless kinds
            // (with both squares given, any kind: a coordinate move).
            let mut kinds = match kind {
                Some(named) => 1u64 << named,
                None if full_from => (1u64 << pos.rules().pieces.len()) - 1,
                None => pos.rules().promoting_kinds,
            };
            while kinds != 0 {
                let k = kinds.trailing_zeros() as KindId;
                kinds &= kinds - 1;
                pos.candidates_of_kind_to(k, to, (from_file, from_rank), &mut candidates);
            }
            // Castling written as the king's move (`e1g1`, `Ke1-g1`): only with both squares.
            if full_from {
                let mut all = Candidates::new(Some(to), None);
                pos.castling_moves(&mut all);
                let shape = &pos.rules().shape;
                for &m in all.as_slice() {
                    if shape.file_of(m.from) == from_file.unwrap_or(u8::MAX)
                        && shape.rank_of(m.from) == from_rank.unwrap_or(u8::MAX)
                    {
                        candidates.push(m);
                    }
                }
            }
        }
    }
    candidates.retain(|m| pos.keeps_royal_safe(m));
    match candidates.as_slice() {
        [m] => Ok(*m),
        [] => Err(SanError::Illegal(text.to_string())),
        many => {
            let many = many.to_vec();
            let names: Vec<String> = many.iter().map(|&m| to_san(pos, m)).collect();
            Err(SanError::Ambiguous {
                text: text.to_string(),
                candidates: names.join(", "),
            })
        }
    }
}

/// The generated moves that match a move text's destination and promotion, kept on the stack
/// (a text names one move; ambiguity rarely names more than a few, and the rest spill).
struct Candidates {
    to: Option<Sq>,
    promotion: Option<KindId>,
    kept: [Move; 8],
    len: usize,
    spill: Vec<Move>,
}

/// `Candidates::kept` before any move: a constant, copied as a block (built element by
/// element, it cost 2% of validating a file).
const NO_MOVES: [Move; 8] = [Move::new(0, 0); 8];

impl Candidates {
    fn new(to: Option<Sq>, promotion: Option<KindId>) -> Candidates {
        Candidates {
            to,
            promotion,
            kept: NO_MOVES,
            len: 0,
            spill: Vec::new(),
        }
    }

    fn as_slice(&self) -> &[Move] {
        if self.spill.is_empty() {
            &self.kept[..self.len]
        } else {
            &self.spill
        }
    }

    fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        if self.spill.is_empty() {
            let mut n = 0;
            for i in 0..self.len {
                if keep(self.kept[i]) {
                    self.kept[n] = self.kept[i];
                    n += 1;
                }
            }
            self.len = n;
        } else {
            self.spill.retain(|&m| keep(m));
        }
    }
}

impl MoveSink for Candidates {
    fn push(&mut self, m: Move) {
        if self.to.is_some_and(|to| m.to != to)
            || (self.to.is_some() && m.promotion != self.promotion)
        {
            return;
        }
        if !self.spill.is_empty() {
            self.spill.push(m);
        } else if self.len < self.kept.len() {
            self.kept[self.len] = m;
            self.len += 1;
        } else {
            self.spill.extend_from_slice(&self.kept);
            self.spill.push(m);
        }
    }
}

/// Splits a move text into its parts, or `None` if it is not move-shaped.
fn parse_text(pos: &Position, text: &str) -> Option<Parsed> {
    // Suffixes are ASCII: trimmed a byte at a time (a char pattern cost more than the rest of
    // this function).
    let kept = text
        .bytes()
        .rposition(|b| !matches!(b, b'+' | b'#' | b'!' | b'?'))
        .map_or(0, |i| i + 1);
    let t = &text[..kept];
    if !t.is_ascii() || t.is_empty() || t.len() > 16 {
        return None;
    }
    if matches!(t.as_bytes()[0], b'O' | b'0' | b'o') {
        match t {
            "O-O" | "0-0" | "o-o" => return Some(Parsed::Castle { king_side: true }),
            "O-O-O" | "0-0-0" | "o-o-o" => return Some(Parsed::Castle { king_side: false }),
            _ => {}
        }
    }
    common::common_shape(pos, t.as_bytes()).or_else(|| any_shape(pos, t))
}

/// `parse_text` for a text trimmed of its suffixes, ASCII, not castling.
fn any_shape(pos: &Position, t: &str) -> Option<Parsed> {
    let rules = pos.rules();
    let shape = &rules.shape;
    // (A byte search: `split_once` with a char pattern cost 2% of reading a PGN file.)
    if let Some(at) = t.bytes().position(|b| b == b'@') {
        let (piece, square) = (&t[..at], &t[at + 1..]);
        // A drop: `N@f3`, and for the letterless kind (the pawn) `P@e4` or `@e4`.
        let kind = match piece.as_bytes() {
            [] => (0..rules.pieces.len() as KindId).find(|&k| letterless(pos, k))?,
            [letter] => rules.kind_by_letter(*letter as char)?,
            _ => return None,
        };
        let to = shape.parse_square(square)?;
        return Some(Parsed::Drop { kind, to });
    }
    let b = t.as_bytes();
    let mut end = b.len();
    // Promotion: a letter right after the destination's rank digit, with or without '='.
    let mut promotion = None;
    if let Some(&last) = b.last() {
        if last.is_ascii_alphabetic() && end >= 2 {
            let before = b[end - 2];
            if before == b'=' || before.is_ascii_digit() {
                promotion = Some(rules.kind_by_letter(last as char)?);
                end -= if before == b'=' { 2 } else { 1 };
            }
        }
    }
    // Destination: a file letter and 1-2 digits.
    let mut d = end;
    while d > 0 && b[d - 1].is_ascii_digit() && end - d < 2 {
        d -= 1;
    }
    if d == end || d == 0 || !b[d - 1].is_ascii_lowercase() {
        return None;
    }
    let to = shape.parse_square(&t[d - 1..end])?;
    let mut prefix = &b[..d - 1];
    if let Some((&sep, rest)) = prefix.split_last() {
        if sep == b'x' || sep == b'-' || sep == b':' {
            prefix = rest;
        }
    }
    let mut kind = None;
    if let Some((&first, rest)) = prefix.split_first() {
        if first.is_ascii_uppercase() {
            let k = rules.kind_by_letter(first as char)?;
            if !letterless(pos, k) {
                kind = Some(k);
            }
            prefix = rest;
        }
    }
    let mut from_file = None;
    if let Some((&f, rest)) = prefix.split_first() {
        if f.is_ascii_lowercase() {
            if f - b'a' >= shape.files() {
                return None;
            }
            from_file = Some(f - b'a');
            prefix = rest;
        }
    }
    let mut from_rank = None;
    if !prefix.is_empty() {
        if prefix.len() > 2 || !prefix.iter().all(u8::is_ascii_digit) || prefix[0] == b'0' {
            return None;
        }
        let r: u8 = std::str::from_utf8(prefix).ok()?.parse().ok()?;
        if r == 0 || r > shape.ranks() {
            return None;
        }
        from_rank = Some(r - 1);
    }
    Some(Parsed::Normal {
        kind,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::standard;

    fn san_of(fen: &str, uci: &str) -> String {
        let mut pos = standard::from_fen(fen).unwrap();
        let m = crate::notation::coordinate::parse(&mut pos, uci).unwrap();
        to_san(&mut pos, m)
    }

    #[test]
    fn writes_pieces_captures_promotions_and_castling() {
        let start = standard::START_FEN;
        assert_eq!(san_of(start, "e2e4"), "e4");
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        let fen = "r3k2r/1P6/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(fen, "e4d5"), "exd5");
        assert_eq!(san_of(fen, "b7a8n"), "bxa8=N");
        assert_eq!(san_of(fen, "b7b8q"), "b8=Q+");
        assert_eq!(san_of(fen, "e1g1"), "O-O");
        assert_eq!(san_of(fen, "e1c1"), "O-O-O");
    }

    #[test]
    fn disambiguates_by_file_then_rank_then_both() {
        // Knights on b1 and f1 reach d2: file.
        assert_eq!(san_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
        // Rooks on a1 and a5 reach a3: rank.
        assert_eq!(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
        // Queens on a1, a3 and c1 reach b2: both for a1.
        assert_eq!(san_of("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2"), "Qa1b2");
    }

    #[test]
    fn pinned_piece_needs_no_disambiguation() {
        // Both knights see d6, but the one on e4 is pinned by the rook on e8.
        let fen = "4r1k1/8/8/1N6/4N3/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(fen, "b5d6"), "Nd6");
    }

    #[test]
    fn a_double_step_is_held_to_the_pin_and_the_check_like_any_move() {
        // The d2 pawn is pinned by the bishop on a5: neither step is legal.
        let mut pos = standard::from_fen("4k3/8/8/b7/8/8/3P4/4K3 w - - 0 1").unwrap();
        assert_eq!(parse(&mut pos, "d4"), Err(SanError::Illegal("d4".into())));
        assert_eq!(parse(&mut pos, "d3"), Err(SanError::Illegal("d3".into())));
        // In check from the bishop on a5: h2-h4 is no answer, b2-b4 blocks it.
        let mut pos = standard::from_fen("4k3/8/8/b7/8/8/1P5P/4K3 w - - 0 1").unwrap();
        assert_eq!(parse(&mut pos, "h4"), Err(SanError::Illegal("h4".into())));
        assert!(parse(&mut pos, "b4").is_ok());
        // Unpinned and not in check: legal.
        let mut pos = standard::from_fen("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1").unwrap();
        assert!(parse(&mut pos, "d4").is_ok());
    }

    #[test]
    fn check_and_mate_suffixes() {
        assert_eq!(san_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
        assert_eq!(san_of("6k1/8/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8+");
    }

    #[test]
    fn lenient_inputs() {
        let fen = "r3k2r/1P6/8/3p4/4P3/8/8/R3K2R w KQkq - 0 1";
        for (text, uci) in [
            ("0-0", "e1g1"),
            ("O-O-O+", "e1c1"),
            ("e1g1", "e1g1"),
            ("exd5", "e4d5"),
            ("e4xd5", "e4d5"),
            ("ed5", "e4d5"),
            ("b8Q", "b7b8q"),
            ("b8=Q", "b7b8q"),
            ("b7b8q", "b7b8q"),
            ("b7-b8=Q", "b7b8q"),
            ("Ra1-a7", "a1a7"),
            ("Rb1!?", "a1b1"),
        ] {
            let mut pos = standard::from_fen(fen).unwrap();
            let m = parse(&mut pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(crate::notation::coordinate::to_uci(&pos, m), uci, "{text}");
        }
    }

    #[test]
    fn rejects_illegal_ambiguous_and_malformed() {
        let mut pos = standard::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
        assert!(matches!(
            parse(&mut pos, "Nd2"),
            Err(SanError::Ambiguous { .. })
        ));
        assert_eq!(parse(&mut pos, "Nd4"), Err(SanError::Illegal("Nd4".into())));
        for bad in ["", "x", "Zd2", "N", "d9", "e", "Nd2d", "i3", "💩", "b8K"] {
            assert!(parse(&mut pos, bad).is_err(), "{bad}");
        }
        // The king cannot castle as "Kg1", and a pawn promotion needs its piece.
        let mut pos = standard::from_fen("4k3/1P6/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert!(parse(&mut pos, "Kg1").is_err());
        assert!(matches!(parse(&mut pos, "b8"), Err(SanError::Illegal(_))));
    }
}
