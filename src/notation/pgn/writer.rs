//! PGN export format: the Seven Tag Roster in order, then the other tags in ASCII order of
//! their names, a blank line, movetext with move numbers wrapped so that every line has fewer
//! than 80 characters (PGN standard 8.2.2.2), the result token, a blank line.

/// The Seven Tag Roster, in the order the standard fixes.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Longest movetext line written.
pub const MAX_LINE: usize = 79;

/// What the writer needs of a game: tags, SAN moves, the first move's number and side,
/// an optional final comment, and the result token.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// Tags. The roster's seven come first, in order, whatever the order here (missing ones
    /// are written as `?`, `????.??.??` for the date, `*` for the result); the rest follow
    /// in the order given.
    pub tags: Vec<(String, String)>,
    /// The moves in order, as the variant writes them (SAN for chess).
    pub moves: Vec<String>,
    /// Number of the first move (the FEN's fullmove number).
    pub first_move_number: u32,
    /// Black makes the first move.
    pub black_starts: bool,
    /// A comment written after the last move (the termination, in words).
    pub final_comment: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' | '\r' | '\t' => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// Appends words to lines no longer than `MAX_LINE`.
struct Wrapper {
    out: String,
    line_len: usize,
}

impl Wrapper {
    fn word(&mut self, w: &str) {
        let len = w.chars().count();
        if self.line_len > 0 && self.line_len + 1 + len > MAX_LINE {
            self.out.push('\n');
            self.line_len = 0;
        }
        if self.line_len > 0 {
            self.out.push(' ');
            self.line_len += 1;
        }
        self.out.push_str(w);
        self.line_len += len;
    }
}

/// The game as PGN export text (ending with a newline and a blank line).
pub fn write(game: &PgnGame) -> String {
    let mut out = String::new();
    for name in SEVEN_TAG_ROSTER {
        let value = if name == "Result" {
            game.result.clone()
        } else {
            game.tags
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| if name == "Date" { "????.??.??" } else { "?" }.into())
        };
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    // Export format: the other tags follow the roster in ASCII order of their names.
    let mut others: Vec<&(String, String)> = game
        .tags
        .iter()
        .filter(|(n, _)| !SEVEN_TAG_ROSTER.contains(&n.as_str()))
        .collect();
    others.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, value) in others {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    out.push('\n');
    let mut w = Wrapper { out, line_len: 0 };
    let mut number = game.first_move_number.max(1);
    let mut white = !game.black_starts;
    for (i, san) in game.moves.iter().enumerate() {
        if white {
            w.word(&format!("{number}."));
        } else if i == 0 {
            w.word(&format!("{number}..."));
        }
        w.word(san);
        if !white {
            number += 1;
        }
        white = !white;
    }
    if let Some(c) = &game.final_comment {
        // A comment is one token per word so it wraps like the rest; braces cannot nest.
        let text = c.replace(['{', '}'], "");
        let words: Vec<&str> = text.split_whitespace().collect();
        for (i, word) in words.iter().enumerate() {
            let mut t = String::new();
            if i == 0 {
                t.push('{');
            }
            t.push_str(word);
            if i + 1 == words.len() {
                t.push('}');
            }
            w.word(&t);
        }
    }
    w.word(&game.result);
    let mut out = w.out;
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roster_first_and_lines_wrapped() {
        let game = PgnGame {
            tags: vec![
                ("SetUp".into(), "1".into()),
                ("FEN".into(), "x".into()),
                ("White".into(), "A \"B\"".into()),
            ],
            moves: (0..60).map(|_| "Nf3".to_string()).collect(),
            first_move_number: 1,
            black_starts: false,
            final_comment: Some("White wins by checkmate.".into()),
            result: "1-0".into(),
        };
        let text = write(&game);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "[Event \"?\"]");
        assert_eq!(lines[2], "[Date \"????.??.??\"]");
        assert_eq!(lines[4], "[White \"A \\\"B\\\"\"]");
        assert_eq!(lines[6], "[Result \"1-0\"]");
        assert_eq!(lines[7], "[FEN \"x\"]");
        assert_eq!(lines[8], "[SetUp \"1\"]");
        assert!(lines.iter().all(|l| l.len() <= MAX_LINE));
        assert!(text.ends_with("{White wins by checkmate.} 1-0\n\n"));
    }

    #[test]
    fn black_to_move_first() {
        let game = PgnGame {
            moves: vec!["e5".into(), "Nf3".into()],
            first_move_number: 7,
            black_starts: true,
            result: "*".into(),
            ..PgnGame::default()
        };
        assert!(write(&game).ends_with("\n\n7... e5 8. Nf3 *\n\n"));
    }
}
