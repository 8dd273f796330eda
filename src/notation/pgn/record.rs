//! A played game as PGN: the one place where the tags of a game record are assembled, for
//! every variant and every front end (`standard play`, `play`, the page's *Save game log*,
//! `standard gen-pgn`): the Seven Tag Roster (the front end's players and today's date), the
//! `Variant` tag (lichess's and Fairy-Stockfish's names), `SetUp` and `FEN` when the game does
//! not start from its variant's own position, `Termination`, the moves in SAN, the end in
//! words and the result.

use std::time::{SystemTime, UNIX_EPOCH};

use super::writer::{write, PgnGame};

/// What a game record holds.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The front end's own tags (the roster: players, event, date); see [`roster`].
    pub header: Vec<(String, String)>,
    /// The `Variant` tag, for any variant but FIDE chess (`Crazyhouse`, `King of the Hill`).
    pub variant: Option<String>,
    /// The start position's FEN, when it is not the variant's own start.
    pub start_fen: Option<String>,
    /// Number of the first move (the start's fullmove number).
    pub first_move_number: u32,
    /// Black makes the first move.
    pub black_starts: bool,
    /// The moves, in SAN (or the variant's own notation for players).
    pub moves: Vec<String>,
    /// How the game ended, in words, written after the last move.
    pub end: Option<String>,
    /// `normal`, `time forfeit`, or `unterminated` for a game going on.
    pub termination: &'static str,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

/// The tags a record fills in itself; the same names in a header are dropped.
const OWN_TAGS: [&str; 5] = ["Result", "SetUp", "FEN", "Termination", "Variant"];

impl Record {
    /// The PGN text of the game.
    pub fn pgn(&self) -> String {
        let mut tags: Vec<(String, String)> = self
            .header
            .iter()
            .filter(|(name, _)| !OWN_TAGS.contains(&name.as_str()))
            .cloned()
            .collect();
        if tags.is_empty() {
            tags = roster("?", "?");
        }
        if let Some(v) = &self.variant {
            tags.push(("Variant".into(), v.clone()));
        }
        if let Some(fen) = &self.start_fen {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen.clone()));
        }
        tags.push(("Termination".into(), self.termination.into()));
        write(&PgnGame {
            tags,
            moves: self.moves.clone(),
            first_move_number: self.first_move_number.max(1),
            black_starts: self.black_starts,
            final_comment: self.end.clone(),
            result: self.result.clone(),
        })
    }
}

/// The Seven Tag Roster of a casual game played here between `white` and `black`, today: what
/// every front end writes (`Result` is the record's).
pub fn roster(white: &str, black: &str) -> Vec<(String, String)> {
    [
        ("Event", "Casual game".to_string()),
        ("Site", "chessrules".to_string()),
        ("Date", today()),
        ("Round", "-".to_string()),
        ("White", white.to_string()),
        ("Black", black.to_string()),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v))
    .collect()
}

/// Today's date as PGN writes it (`2026.11.21`), from the system clock, UTC.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_has_the_roster_its_variant_and_its_start() {
        let r = Record {
            header: vec![
                ("Event".into(), "x".into()),
                ("Result".into(), "junk".into()),
            ],
            variant: Some("Crazyhouse".into()),
            start_fen: Some("8/8/8/8/8/8/8/K6k[] b - - 0 5".into()),
            first_move_number: 5,
            black_starts: true,
            moves: vec!["Kg1".into()],
            end: None,
            termination: "unterminated",
            result: "*".into(),
        };
        let text = r.pgn();
        assert!(text.starts_with("[Event \"x\"]\n[Site \"?\"]\n"), "{text}");
        // After the roster, the other tags in the order of their names.
        assert!(
            text.contains("[Result \"*\"]\n[FEN \"8/8/8/8/8/8/8/K6k[] b - - 0 5\"]\n[SetUp \"1\"]\n[Termination \"unterminated\"]\n[Variant \"Crazyhouse\"]\n"),
            "{text}"
        );
        assert!(text.ends_with("5... Kg1 *\n\n"), "{text}");
        let plain = Record {
            result: "*".into(),
            termination: "unterminated",
            ..Record::default()
        };
        assert!(plain
            .pgn()
            .contains("[Event \"Casual game\"]\n[Site \"chessrules\"]\n"));
        let date = today();
        assert_eq!(date.len(), 10);
        assert!(date.as_str() > "2026.01.01", "{date}");
    }
}
