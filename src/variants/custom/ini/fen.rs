//! Fairy-Stockfish's start positions in our FEN: it may leave out the castling and en passant
//! fields (`w 0 1`), the side to move, or the hands; it writes check counts as `3+3`.

/// A start position's fields as Fairy-Stockfish wrote them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartFen {
    /// The placement, without the hands.
    pub board: String,
    /// The hands' text between brackets, if any.
    pub hands: Option<String>,
    pub side: String,
    pub castling: String,
    pub en_passant: String,
    /// Checks each side has left (`3+3`), if written.
    pub checks: Option<(u32, u32)>,
    pub clocks: String,
}

/// Splits a start position into its fields; `None` when a field is not one Fairy-Stockfish
/// writes.
pub fn split(text: &str) -> Option<StartFen> {
    let mut tokens = text.split_whitespace();
    let placement = tokens.next()?;
    let (board, hands) = match placement.split_once('[') {
        Some((b, rest)) => (b, Some(rest.strip_suffix(']')?.to_string())),
        None => (placement, None),
    };
    let mut fen = StartFen {
        board: board.to_string(),
        hands,
        side: "w".into(),
        castling: "-".into(),
        en_passant: "-".into(),
        checks: None,
        clocks: "0 1".into(),
    };
    let rest: Vec<&str> = tokens.collect();
    let mut i = 0;
    if let Some(side) = rest.first() {
        if *side != "w" && *side != "b" {
            return None;
        }
        fen.side = side.to_string();
        i = 1;
    }
    let mut clocks = Vec::new();
    let mut text_fields = 0;
    for t in &rest[i..] {
        if let Some((a, b)) = t.split_once('+') {
            fen.checks = Some((a.parse().ok()?, b.parse().ok()?));
        } else if t.bytes().all(|b| b.is_ascii_digit()) {
            clocks.push(*t);
        } else {
            // Castling, then en passant, as written.
            match text_fields {
                0 => fen.castling = t.to_string(),
                1 => fen.en_passant = t.to_string(),
                _ => return None,
            }
            text_fields += 1;
        }
    }
    match clocks.len() {
        0 => {}
        // The halfmove clock alone (symphony's `w - - 0`): the move number is 1, as
        // Fairy-Stockfish reads it.
        1 => fen.clocks = format!("{} 1", clocks.join("")),
        2 => fen.clocks = clocks.join(" "),
        _ => return None,
    }
    Some(fen)
}

/// The pieces' letters of one rank of the placement (`None` for an empty square; `+` for a
/// promoted piece, `+F`), or `None` when it is not letters and counts.
pub fn rank_letters(row: &str) -> Option<Vec<Option<char>>> {
    let mut out = Vec::new();
    let mut count = 0usize;
    let mut promoted = false;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d as usize;
            if count > 26 {
                return None;
            }
            continue;
        }
        out.extend(std::iter::repeat_n(None, count));
        count = 0;
        match c {
            '~' => {}
            '+' if !promoted => promoted = true,
            c if c.is_ascii_alphabetic() && promoted => {
                // A promoted piece (`+F`) is not a piece of its letter's type.
                out.push(Some('+'));
                promoted = false;
            }
            c if c.is_ascii_alphabetic() => out.push(Some(c)),
            _ => return None,
        }
    }
    if promoted {
        return None;
    }
    out.extend(std::iter::repeat_n(None, count));
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_fairy_stockfish_leaves_out() {
        let f = split("ppppp/5/PPPPP w 0 1").unwrap();
        assert_eq!((f.castling.as_str(), f.en_passant.as_str()), ("-", "-"));
        let f = split("8/8[] w KQkq - 3+3 0 1").unwrap();
        assert_eq!(f.hands.as_deref(), Some(""));
        assert_eq!(f.checks, Some((3, 3)));
        assert_eq!(f.castling, "KQkq");
        let f = split("2bnrk/5p/6").unwrap();
        assert_eq!((f.side.as_str(), f.clocks.as_str()), ("w", "0 1"));
        assert_eq!(split("8/8 x"), None);
        assert_eq!(split("8/8 w - - - -"), None);
        assert_eq!(rank_letters("r2k10").map(|r| r.len()), Some(14));
        assert_eq!(rank_letters("r*"), None);
    }
}
