//! Chess960 (Fischer random chess, FIDE Laws, Guidelines II): FIDE chess from a start position
//! where the king stands between the rooks on any files. Castling moves the king to the g- or
//! c-file and the rook to the f- or d-file; every square between the king and its destination
//! and the rook and its destination must be empty but for those two pieces, and the king may
//! not stand on, pass or land on an attacked square. The core plays that from castling rules
//! as geometry, so a position's rules are the FIDE rules with the castling rules its rooks
//! give (one compiled table per geometry, kept).
//!
//! FEN: X-FEN (`KQkq` for the outermost rook on that side, the rook's file letter otherwise)
//! and Shredder-FEN (file letters only, `HAha`) are read; X-FEN is written.

pub mod seat_view;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::core::{CastlingRule, Color, Piece, Position, Rules, Square};
use crate::notation::fen::{self, FenError, FenField};
use crate::variants::standard::{self, BISHOP, KING, KNIGHT, QUEEN, ROOK};

/// One castling right: its colour and the file of its rook (the king's file is the king's).
type Right = (Color, u8);

/// The FIDE rules with these castling rules (king file per colour, rook files).
fn rules_for(castling: Vec<CastlingRule>) -> Arc<Rules> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Rules>>>> = OnceLock::new();
    let key = format!("{castling:?}");
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Ok(map) = cache.lock() {
        if let Some(r) = map.get(&key) {
            return r.clone();
        }
    }
    // At most two rules per colour on an 8×8 board: always well-formed.
    let rules = Arc::new(
        Rules::new(standard::fide_config(castling))
            .expect("Chess960 castling rules are well-formed"),
    );
    if let Ok(mut map) = cache.lock() {
        // A long-running server meets at most 960 × 16 geometries; keep them all.
        map.insert(key, rules.clone());
    }
    rules
}

/// The castling rule of a right: king to g (rook to f) on the king's right, else to c (d).
fn rule(color: Color, king_file: u8, rook_file: u8) -> CastlingRule {
    let rank = if color == Color::White { 0 } else { 7 };
    let king_side = rook_file > king_file;
    let (kt, rt) = if king_side { (6, 5) } else { (2, 3) };
    CastlingRule {
        color,
        king_from: Square::new(king_file, rank),
        king_to: Square::new(kt, rank),
        rook_from: Square::new(rook_file, rank),
        rook_to: Square::new(rt, rank),
        rook_kind: ROOK,
        king_kind: None,
        king_side,
    }
}

fn back_rank(color: Color) -> u8 {
    if color == Color::White {
        0
    } else {
        7
    }
}

fn piece_on(pos: &Position, file: u8, rank: u8) -> Option<Piece> {
    let shape = &pos.rules().shape;
    pos.piece_at(shape.sq(Square::new(file, rank)))
}

/// The file of `color`'s king on its back rank.
fn king_file(pos: &Position, color: Color) -> Option<u8> {
    (0..8).find(|&f| piece_on(pos, f, back_rank(color)) == Some(Piece::new(color, KING)))
}

/// The files of `color`'s rooks on its back rank, left to right.
fn rook_files(pos: &Position, color: Color) -> Vec<u8> {
    (0..8)
        .filter(|&f| piece_on(pos, f, back_rank(color)) == Some(Piece::new(color, ROOK)))
        .collect()
}

/// Reads a Chess960 FEN (X-FEN or Shredder-FEN castling field).
pub fn from_fen(text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let castling_field = fields.get(2).copied().unwrap_or("-");
    let column = text.find(castling_field).map_or(1, |i| i + 1);
    let with = |castling: &str| {
        let mut f = fields.clone();
        if f.len() > 2 {
            f[2] = castling;
        }
        f.join(" ")
    };
    // The board first, with the FIDE rules and no castling, for its own errors.
    let plain = fen::parse(standard::rules(), &with("-"))?;
    let bad = |i: usize, message: String| FenError {
        field: FenField::Castling,
        column: column + i,
        message,
    };
    let mut rights: Vec<Right> = Vec::new();
    if castling_field != "-" {
        for (i, ch) in castling_field.chars().enumerate() {
            let color = if ch.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let king = king_file(&plain, color).ok_or_else(|| {
                bad(
                    i,
                    format!("'{ch}': no {} king on its first rank", color.name()),
                )
            })?;
            let rooks = rook_files(&plain, color);
            let file = match ch.to_ascii_uppercase() {
                'K' => rooks.iter().copied().filter(|&f| f > king).max(),
                'Q' => rooks.iter().copied().filter(|&f| f < king).min(),
                c @ 'A'..='H' => {
                    let f = c as u8 - b'A';
                    rooks.contains(&f).then_some(f)
                }
                _ => return Err(bad(i, format!("unknown right '{ch}'"))),
            }
            .ok_or_else(|| bad(i, format!("'{ch}': no {} rook there", color.name())))?;
            if file == king {
                return Err(bad(i, format!("'{ch}' names the king's file")));
            }
            let side = |f: u8| f > king;
            if rights
                .iter()
                .any(|&(c, f)| c == color && side(f) == side(file))
            {
                return Err(bad(i, format!("'{ch}': a second right on that side")));
            }
            rights.push((color, file));
        }
    }
    let castling: Vec<CastlingRule> = rights
        .iter()
        .filter_map(|&(c, f)| Some(rule(c, king_file(&plain, c)?, f)))
        .collect();
    // With those rules, the castling field is the plain `KQkq` the FEN reader maps to them.
    let letters: String = castling
        .iter()
        .map(|r| {
            let l = if r.king_side { 'K' } else { 'Q' };
            if r.color == Color::White {
                l
            } else {
                l.to_ascii_lowercase()
            }
        })
        .collect();
    let letters = if letters.is_empty() {
        "-".to_string()
    } else {
        letters
    };
    fen::parse(rules_for(castling), &with(&letters))
}

/// The position's FEN in X-FEN: `K`/`Q` (`k`/`q`) when the castling rook is the outermost rook
/// on that side of the king, its file letter otherwise.
pub fn to_fen(pos: &Position) -> String {
    write(pos, false)
}

/// The position's FEN in Shredder-FEN: every castling right as its rook's file letter
/// (`HAha`).
pub fn to_shredder_fen(pos: &Position) -> String {
    write(pos, true)
}

fn write(pos: &Position, shredder: bool) -> String {
    let text = fen::write(pos);
    let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
    let rules = pos.rules();
    let mut field = String::new();
    for color in Color::BOTH {
        for king_side in [true, false] {
            let Some((i, r)) = rules
                .castling
                .iter()
                .enumerate()
                .find(|(_, r)| r.color == color && r.king_side == king_side)
            else {
                continue;
            };
            if pos.castling_rights() >> i & 1 == 0 {
                continue;
            }
            let king = r.king_from.file;
            let rooks = rook_files(pos, color);
            let outermost = if king_side {
                rooks.iter().copied().filter(|&f| f > king).max()
            } else {
                rooks.iter().copied().filter(|&f| f < king).min()
            };
            let letter = if !shredder && outermost == Some(r.rook_from.file) {
                if king_side {
                    'K'
                } else {
                    'Q'
                }
            } else {
                (b'A' + r.rook_from.file) as char
            };
            field.push(if color == Color::White {
                letter
            } else {
                letter.to_ascii_lowercase()
            });
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    if fields.len() > 2 {
        fields[2] = field;
    }
    fields.join(" ")
}

/// Start position number `n` (0–959) of the standard numbering (518 is FIDE chess's), as the
/// back rank's pieces, a to h.
pub fn back_rank_of(n: u16) -> Option<[u8; 8]> {
    if n > 959 {
        return None;
    }
    let mut rank = [u8::MAX; 8];
    let mut n = n as usize;
    // Light-squared bishop on b, d, f or h; dark-squared on a, c, e or g.
    rank[(n % 4) * 2 + 1] = BISHOP;
    n /= 4;
    rank[(n % 4) * 2] = BISHOP;
    n /= 4;
    let free = |rank: &mut [u8; 8], k: usize, kind: u8| {
        let f = (0..8).filter(|&f| rank[f] == u8::MAX).nth(k)?;
        rank[f] = kind;
        Some(())
    };
    free(&mut rank, n % 6, QUEEN)?;
    n /= 6;
    // The knights: the n-th of the ten placements of two knights on the five free squares.
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    let free_files: Vec<usize> = (0..8).filter(|&f| rank[f] == u8::MAX).collect();
    rank[free_files[a]] = KNIGHT;
    rank[free_files[b]] = KNIGHT;
    // Rook, king, rook on the three squares left, in that order.
    let rest: Vec<usize> = (0..8).filter(|&f| rank[f] == u8::MAX).collect();
    rank[rest[0]] = ROOK;
    rank[rest[1]] = KING;
    rank[rest[2]] = ROOK;
    Some(rank)
}

/// Start position number `n` (0–959) with all four castling rights.
pub fn start(n: u16) -> Option<Position> {
    let rank = back_rank_of(n)?;
    let letters: String = rank
        .iter()
        .map(|&k| ['k', 'q', 'r', 'b', 'n', 'p'][k as usize])
        .collect();
    let text = format!(
        "{letters}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        letters.to_ascii_uppercase()
    );
    from_fen(&text).ok()
}

/// Chess960's notation: SAN (`O-O`, `O-O-O`), X-FEN boards.
pub static DIALECT: crate::variants::core_game::CoreNotation =
    crate::variants::core_game::CoreNotation {
        id: crate::game::VariantId::Chess960,
        write_move: crate::notation::san::to_san,
        read_move: |pos, text| {
            crate::notation::san::parse(pos, text)
                .map_err(|e| crate::game::MoveRefused::new(e.to_string()))
        },
        write_board: |_, pos| to_fen(pos),
        write_coordinates: crate::notation::coordinate::to_uci960,
        table: &crate::variants::standard::table::HOOKS,
        evaluate: None,
    };

/// A game of Chess960 from `pos` (the search's game, with FIDE chess's ends).
pub fn game(pos: Position) -> crate::variants::core_game::CoreGame {
    crate::variants::core_game::CoreGame::new(pos, &DIALECT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_518_is_fide_chess_and_0_and_959_are_known() {
        let fide = start(518).unwrap();
        assert_eq!(to_fen(&fide), standard::START_FEN);
        assert_eq!(
            to_fen(&start(0).unwrap()),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
        assert_eq!(
            to_fen(&start(959).unwrap()),
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"
        );
        assert!(start(960).is_none());
    }

    #[test]
    fn shredder_and_x_fen_read_alike_and_x_fen_is_written() {
        let x = from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
        let shredder =
            from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
        let (x, shredder) = (x.unwrap(), shredder.unwrap());
        assert_eq!(to_fen(&x), to_fen(&shredder));
        assert!(to_fen(&x).contains(" KQkq "));
        // An inner rook needs its file letter.
        let inner = from_fen("rr2k3/8/8/8/8/8/8/RR2K3 w Bb - 0 1").unwrap();
        assert!(to_fen(&inner).contains(" Bb "), "{}", to_fen(&inner));
        assert!(from_fen("4k3/8/8/8/8/8/8/4K3 w H - 0 1").is_err());
        assert!(from_fen("4k3/8/8/8/8/8/8/4K2R w X - 0 1").is_err());
    }
}
