//! Fairy-Stockfish's castling as `[[castling]]` tables: the king and the outermost castling
//! rooks where the start position puts them, the king to its castling files, the rook beside
//! it, for the rights the start position gives.

use std::fmt::Write;

use super::emit::{quote, square_name, Writer};
use super::fen::{self, StartFen};

/// `[[castling]]` tables and the rights of the start position they serve.
pub(super) fn lines(w: &mut Writer<'_>, start: Option<&StartFen>) -> (String, String) {
    let m = w.m;
    let mut out = String::new();
    let mut rights = String::new();
    let (Some(start), true) = (start, m.castling) else {
        return (out, rights);
    };
    let rows: Vec<&str> = start.board.split('/').collect();
    // The castling rank, White's counted from the bottom and Black's from the top.
    let r = m.castling_rank as usize;
    let (Some(Some(white)), Some(Some(black))) = (
        rows.len()
            .checked_sub(1 + r)
            .and_then(|i| rows.get(i))
            .map(|row| fen::rank_letters(row)),
        rows.get(r).map(|row| fen::rank_letters(row)),
    ) else {
        return (out, rights);
    };
    let king = w.letter(&m.castling_king);
    let rooks: Vec<String> = m.castling_rooks.iter().map(|k| w.letter(k)).collect();
    // (king file, king's side rook file, queen's side rook file) on a side's first rank.
    let geometry = |row: &[Option<char>], upper: bool| {
        let is = |c: &Option<char>, l: &str| {
            c.is_some_and(|c| {
                c.is_ascii_uppercase() == upper && c.to_ascii_uppercase().to_string() == l
            })
        };
        let kf = row.iter().position(|c| !king.is_empty() && is(c, &king))?;
        let rook = |f: &usize| rooks.iter().any(|r| is(&row[*f], r));
        let kside = (kf + 1..row.len()).rev().find(rook);
        let qside = (0..kf).find(rook);
        Some((kf, kside, qside))
    };
    let mut gw = geometry(&white, true);
    let mut gb = geometry(&black, false);
    // Kings and rooks that start in hand (screen's) earn their castling where they are
    // dropped: Fairy-Stockfish's castling squares, king on the e-file, rooks in the corners.
    let by_drop = m.castling_dropped_piece && gw.is_none() && gb.is_none();
    if by_drop {
        let last = (m.files as usize).saturating_sub(1);
        gw = Some((4, Some(last), Some(0)));
        gb = gw;
    }
    for (side, letter, dest) in [
        ("king", 'K', m.castling_files.0),
        ("queen", 'Q', m.castling_files.1),
    ] {
        let pick = |g: Option<(usize, Option<usize>, Option<usize>)>| {
            g.and_then(|(k, ks, qs)| Some((k, if side == "king" { ks? } else { qs? })))
        };
        let (ow, ob) = (pick(gw), pick(gb));
        let w_right = start.castling.contains(letter) && ow.is_some();
        let b_right = start.castling.contains(letter.to_ascii_lowercase()) && ob.is_some();
        let geometry = match (w_right, b_right) {
            (false, false) if by_drop => ow,
            (false, false) => continue,
            (true, true) if ow != ob => {
                w.bad.push(
                    "castling (the kings or rooks stand on other files for each side)".into(),
                );
                continue;
            }
            (true, _) => ow,
            (false, true) => ob,
        };
        let Some((kf, rf)) = geometry else { continue };
        let rook_to = if side == "king" {
            dest.saturating_sub(1)
        } else {
            dest + 1
        };
        let rook_letter = if by_drop {
            rooks.first().cloned().unwrap_or_default()
        } else {
            if w_right { white[rf] } else { black[rf] }
                .map_or(String::new(), |c| c.to_ascii_uppercase().to_string())
        };
        if w_right {
            rights.push(letter);
        }
        if b_right {
            rights.push(letter.to_ascii_lowercase());
        }
        let _ = writeln!(out, "\n[[castling]]\nside = {}", quote(side));
        for (key, file) in [
            ("king_from", kf as u32),
            ("king_to", dest),
            ("rook_from", rf as u32),
            ("rook_to", rook_to),
        ] {
            let square = square_name(file, m.castling_rank);
            let _ = writeln!(out, "{key} = {}", quote(&square));
        }
        let _ = writeln!(out, "rook = {}", quote(&rook_letter));
        if !m.piece(&m.castling_king).is_some_and(|p| p.royal) {
            let _ = writeln!(out, "king = {}", quote(&king));
        }
    }
    // Rights in K, Q, k, q order, as FEN writes them.
    let mut ordered = String::new();
    for c in ['K', 'Q', 'k', 'q'] {
        if rights.contains(c) {
            ordered.push(c);
        }
    }
    (out, ordered)
}
