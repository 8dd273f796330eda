//! What a person typed, read in the notations every board understands: coordinates (`e2e4`,
//! `e2-e4`, `E2xE4`, `e7e8q`, `e7-e8=Q`) and, where the variant writes SAN, SAN (`Nf3`, `exd5`,
//! `nc3`, `e8=Q+`). A text is matched against the mover's legal moves as the mover knows them,
//! each with its squares, its piece's letter and the variant's own text, which is what gets
//! played: the variant's own notation stays the one its files write.

/// A legal move as the mover may know it.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The square the piece leaves, by name (`e2`).
    pub from: String,
    /// The square it goes to, by name (`e4`).
    pub to: String,
    /// The moving piece's upper-case letter (`P` for a pawn).
    pub letter: char,
    /// The promotion piece's upper-case letter, when the move promotes.
    pub promotion: Option<char>,
    /// The variant's own text for the move.
    pub text: String,
}

/// How a typed text reads.
#[derive(Debug, PartialEq, Eq)]
pub enum Reading {
    /// One legal move: its own text.
    Move(String),
    /// Written as a move, but no legal move fits: why, in words.
    NotLegal(String),
    /// Written as SAN, but no legal move is written so: the variant's own reader says why
    /// best.
    NoSuchMove,
    /// Not a move in any notation this board reads.
    NotUnderstood,
}

/// A square name: file letters and a rank number, lower case (`e2`, `aa10`).
fn square(text: &str) -> Option<(String, &str)> {
    let files = text.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = text[files..].bytes().take_while(u8::is_ascii_digit).count();
    (files == 1 && (1..=2).contains(&digits)).then(|| {
        let end = files + digits;
        (text[..end].to_string(), &text[end..])
    })
}

/// A promotion suffix: `q`, `=q`, `(q)`, or nothing.
fn promotion(rest: &str) -> Option<Option<char>> {
    let rest = rest.strip_prefix('=').unwrap_or(rest);
    let rest = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or(rest);
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Some(None),
        (Some(c), None) if c.is_ascii_alphabetic() => Some(Some(c.to_ascii_uppercase())),
        _ => None,
    }
}

/// The text without check, mate and comment marks at its end.
fn bare(text: &str) -> &str {
    text.trim().trim_end_matches(['+', '#', '!', '?'])
}

/// Which of `fitting` a promotion letter picks; names the choices when none was given.
fn pick(
    fitting: Vec<&Candidate>,
    promo: Option<char>,
    what: &str,
) -> Result<Option<String>, String> {
    if fitting.is_empty() {
        return Ok(None);
    }
    let promoting = fitting.iter().any(|c| c.promotion.is_some());
    let chosen: Vec<&&Candidate> = fitting
        .iter()
        .filter(|c| !promoting || promo.is_none() || c.promotion == promo)
        .collect();
    match (promoting, promo, chosen.as_slice()) {
        (true, None, _) => {
            let mut letters: Vec<char> = fitting.iter().filter_map(|c| c.promotion).collect();
            letters.dedup();
            let example = letters.first().copied().unwrap_or('Q');
            let (from, to) = (&fitting[0].from, &fitting[0].to);
            Err(format!(
                "{what} promotes: name the piece ({}), as in {from}{to}{} or {to}={example}",
                letters
                    .iter()
                    .map(char::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
                example.to_ascii_lowercase(),
            ))
        }
        (_, _, [one]) => Ok(Some(one.text.clone())),
        (_, _, []) => Err(format!("{what} cannot promote to that piece")),
        (_, _, many) => Err(format!(
            "{what} is ambiguous: it can be {}",
            many.iter()
                .map(|c| c.text.as_str())
                .collect::<Vec<_>>()
                .join(" or ")
        )),
    }
}

/// Reads `text` as coordinates: two squares, perhaps joined by `-`, `x` or `:`, perhaps a
/// promotion.
fn coordinates(text: &str, moves: &[Candidate]) -> Option<Result<String, String>> {
    let lower = bare(text).to_ascii_lowercase();
    let (from, rest) = square(&lower)?;
    let rest = rest.strip_prefix(['-', 'x', ':']).unwrap_or(rest);
    let (to, rest) = square(rest)?;
    let promo = promotion(rest)?;
    let fitting: Vec<&Candidate> = moves
        .iter()
        .filter(|c| c.from == from && c.to == to)
        .collect();
    let what = format!("{from}-{to}");
    Some(match pick(fitting, promo, &what) {
        Ok(Some(text)) => Ok(text),
        // From a square no legal move leaves (`n1c3`), SAN may read the text better.
        Ok(None) if !moves.iter().any(|c| c.from == from) => Err(String::new()),
        Ok(None) => Err(format!("no legal move goes from {from} to {to}")),
        Err(e) => Err(e),
    })
}

/// Reads `text` as SAN with the piece letter `letter` (`P`: a pawn move, which names no
/// piece), an optional origin file and rank, `x`, the destination and a promotion.
fn san_as(letter: char, body: &str, moves: &[Candidate]) -> Option<Result<Option<String>, String>> {
    let lower = body.to_ascii_lowercase();
    // The destination is the last square in the text before the promotion.
    let cut = lower.find('=').unwrap_or(lower.len());
    let (head, promo_text) = lower.split_at(cut);
    let (head, promo) = if promo_text.is_empty() {
        // `e8q`: a promotion letter right after the rank.
        match head.char_indices().last() {
            Some((i, c))
                if c.is_ascii_alphabetic() && head[..i].ends_with(|d: char| d.is_ascii_digit()) =>
            {
                (&head[..i], Some(c.to_ascii_uppercase()))
            }
            _ => (head, None),
        }
    } else {
        (head, promotion(promo_text)?)
    };
    let digits = head.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == 0 || head.len() < digits + 1 {
        return None;
    }
    let to_start = head.len() - digits - 1;
    let to = &head[to_start..];
    if !to.as_bytes()[0].is_ascii_lowercase() {
        return None;
    }
    let origin = head[..to_start].trim_end_matches(['x', ':']);
    let (file, rank) = {
        let f = origin.bytes().take_while(u8::is_ascii_lowercase).count();
        let (file, rank) = origin.split_at(f);
        if f > 1 || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        (file, rank)
    };
    let fitting: Vec<&Candidate> = moves
        .iter()
        .filter(|c| c.letter == letter && c.to == to)
        .filter(|c| file.is_empty() || c.from.starts_with(file))
        .filter(|c| rank.is_empty() || c.from[1..] == *rank)
        .collect();
    Some(pick(fitting, promo, body))
}

/// Reads `text` as SAN: a piece letter (either case: `nc3` is `Nc3`; a lone `b` is tried as a
/// bishop and as the b-pawn), or none for a pawn.
fn san(text: &str, moves: &[Candidate]) -> Option<Result<String, String>> {
    let body = bare(text);
    if body.is_empty() || !body.is_ascii() {
        return None;
    }
    let first = body.chars().next()?;
    let mut readings = Vec::new();
    if first.is_ascii_uppercase() {
        readings.push((first, &body[1..]));
    } else {
        readings.push(('P', body));
        let letters_exist = moves.iter().any(|c| c.letter == first.to_ascii_uppercase());
        if letters_exist && first != 'p' && body.len() > 2 {
            readings.push((first.to_ascii_uppercase(), &body[1..]));
        }
    }
    let mut found = Vec::new();
    let mut error = None;
    let mut understood = false;
    for (letter, rest) in readings {
        match san_as(letter, rest, moves) {
            None => {}
            Some(Ok(Some(text))) => {
                understood = true;
                found.push(text);
            }
            Some(Ok(None)) => understood = true,
            Some(Err(e)) => {
                understood = true;
                error.get_or_insert(e);
            }
        }
    }
    found.dedup();
    if !understood {
        return None;
    }
    Some(match (found.as_slice(), error) {
        ([one], _) => Ok(one.clone()),
        ([], Some(e)) => Err(e),
        ([], None) => Err(String::new()),
        (many, _) => Err(format!(
            "{body} is ambiguous: it can be {}",
            many.join(" or ")
        )),
    })
}

/// Reads `text` as a drop: `N@f3` in either case, or `@e4` for a pawn (as python-chess writes
/// a pawn's drop).
fn drop(text: &str, moves: &[Candidate]) -> Option<Result<String, String>> {
    let body = bare(text);
    let (letter, square_text) = body.split_once('@')?;
    let letter = match letter.chars().collect::<Vec<_>>().as_slice() {
        [] => 'P',
        [c] if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
        _ => return None,
    };
    let lower = square_text.to_ascii_lowercase();
    let (to, rest) = square(&lower)?;
    if !rest.is_empty() {
        return None;
    }
    Some(
        match moves
            .iter()
            .find(|c| c.from == "@" && c.letter == letter && c.to == to)
        {
            Some(c) => Ok(c.text.clone()),
            None => Err(format!("no {letter} can be dropped on {to}")),
        },
    )
}

/// Reads what a person typed against the mover's legal moves: the variant's own text, then
/// coordinates, then SAN where `san` (the variant writes it).
pub fn read(text: &str, moves: &[Candidate], san_too: bool) -> Reading {
    if let Some(c) = moves.iter().find(|c| c.text == text.trim()) {
        return Reading::Move(c.text.clone());
    }
    // Castling is the variant's own to read (its king's travel is the variant's): written so
    // and refused, it is a move that is not legal now.
    let castle = bare(text).to_ascii_uppercase().replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        return Reading::NotLegal("castling that way is not legal now".into());
    }
    let attempts = [
        drop(text, moves),
        coordinates(text, moves),
        if san_too { san(text, moves) } else { None },
    ];
    // The first reading's words, unless it had none (empty) and a later one has some.
    let mut why: Option<String> = None;
    for attempt in attempts.into_iter().flatten() {
        match attempt {
            Ok(text) => return Reading::Move(text),
            Err(e) => {
                if why.as_ref().is_none_or(String::is_empty) {
                    why = Some(e);
                }
            }
        }
    }
    match why {
        Some(e) if e.is_empty() => Reading::NoSuchMove,
        Some(e) => Reading::NotLegal(e),
        None => Reading::NotUnderstood,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(from: &str, to: &str, letter: char, promotion: Option<char>, text: &str) -> Candidate {
        Candidate {
            from: from.into(),
            to: to.into(),
            letter,
            promotion,
            text: text.into(),
        }
    }

    fn moves() -> Vec<Candidate> {
        vec![
            mv("e2", "e4", 'P', None, "e2-e4"),
            mv("g1", "f3", 'N', None, "g1-f3"),
            mv("b1", "c3", 'N', None, "b1-c3"),
            mv("d1", "c3", 'N', None, "d1-c3"),
            mv("c4", "b5", 'B', None, "c4-b5"),
            mv("a4", "b5", 'P', None, "a4xb5"),
            mv("e7", "e8", 'P', Some('Q'), "e7-e8=Q"),
            mv("e7", "e8", 'P', Some('N'), "e7-e8=N"),
        ]
    }

    #[test]
    fn coordinates_in_any_case_and_joint() {
        for t in ["e2e4", "e2-e4", "E2E4", "e2xe4", "e2-e4+"] {
            assert_eq!(
                read(t, &moves(), false),
                Reading::Move("e2-e4".into()),
                "{t}"
            );
        }
        assert_eq!(
            read("e7e8q", &moves(), false),
            Reading::Move("e7-e8=Q".into())
        );
        assert_eq!(
            read("e7-e8=N", &moves(), false),
            Reading::Move("e7-e8=N".into())
        );
        match read("e7e8", &moves(), false) {
            Reading::NotLegal(e) => assert!(e.contains("name the piece (Q, N)"), "{e}"),
            other => panic!("{other:?}"),
        }
        match read("e2e5", &moves(), false) {
            Reading::NotLegal(e) => assert!(e.contains("no legal move goes from e2 to e5"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn san_with_either_case_and_disambiguation() {
        assert_eq!(read("Nf3", &moves(), true), Reading::Move("g1-f3".into()));
        assert_eq!(read("nf3", &moves(), true), Reading::Move("g1-f3".into()));
        assert_eq!(read("e4", &moves(), true), Reading::Move("e2-e4".into()));
        assert_eq!(read("Nbc3", &moves(), true), Reading::Move("b1-c3".into()));
        assert_eq!(read("Ndc3", &moves(), true), Reading::Move("d1-c3".into()));
        match read("N1c3", &moves(), true) {
            Reading::NotLegal(e) => assert!(e.contains("ambiguous"), "{e}"),
            other => panic!("{other:?}"),
        }
        match read("0-0", &moves(), true) {
            Reading::NotLegal(e) => assert!(e.contains("castling"), "{e}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            read("e8=Q+", &moves(), true),
            Reading::Move("e7-e8=Q".into())
        );
        assert_eq!(read("Bb5", &moves(), true), Reading::Move("c4-b5".into()));
        assert_eq!(read("axb5", &moves(), true), Reading::Move("a4xb5".into()));
        match read("Nc3", &moves(), true) {
            Reading::NotLegal(e) => assert!(e.contains("ambiguous"), "{e}"),
            other => panic!("{other:?}"),
        }
        // Without SAN, `Nf3` is not a move of this board's notations.
        assert_eq!(read("Nf3", &moves(), false), Reading::NotUnderstood);
    }

    /// Issue 68: a pawn's drop as python-chess writes it (`@e4`), and drops in either case.
    #[test]
    fn drops_with_or_without_the_pawns_letter() {
        let mut with_drops = moves();
        with_drops.push(mv("@", "e5", 'P', None, "P@e5"));
        with_drops.push(mv("@", "f3", 'N', None, "N@f3"));
        for t in ["@e5", "P@e5", "p@e5", "@E5", "P@e5+"] {
            assert_eq!(
                read(t, &with_drops, true),
                Reading::Move("P@e5".into()),
                "{t}"
            );
        }
        assert_eq!(
            read("n@f3", &with_drops, true),
            Reading::Move("N@f3".into())
        );
        match read("@f3", &with_drops, true) {
            Reading::NotLegal(e) => assert_eq!(e, "no P can be dropped on f3"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn words_are_not_understood() {
        for t in ["hello", "", "e", "xx", "e2e4e5", "Ñf3", "=Q"] {
            assert_eq!(read(t, &moves(), true), Reading::NotUnderstood, "{t}");
        }
    }
}
