//! Games out of a PGN stream, one at a time: tags, the main line's move texts and the
//! result. Variations are skipped (their moves are not checked); comments, NAGs and escape
//! lines are dropped by the lexer.

use std::io::Read;

use crate::notation::pgn::lexer::{LexError, Lexer, SyntaxError, Token, TokenKind};
use crate::notation::pgn::MoveTexts;

/// One game as written: nothing here has been checked against the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves as written.
    pub moves: MoveTexts,
    /// The game termination marker, if the game had one.
    pub result: Option<String>,
    /// Line where the game starts.
    pub line: u64,
    /// What was read leniently, each with its position (see `GameSink::warning`).
    pub warnings: Vec<String>,
}

/// Receives one game as the reader reads it: its tags, then its main line's moves one by one.
/// `RawGame` keeps everything; a validator can replay moves as they come and keep nothing, so
/// its memory does not grow with the game.
pub trait GameSink {
    /// The line where the game starts (its first token).
    fn start(&mut self, line: u64);
    /// One tag pair, in file order, its value unescaped.
    fn tag(&mut self, name: &str, value: &str);
    /// Does the sink keep the tag named `name`? Those it does not are not given to `tag`
    /// (their values are not even converted to text).
    fn wants_tag(&self, _name: &str) -> bool {
        true
    }
    /// One main-line move, as written (move number and annotation glyphs removed).
    fn main_move(&mut self, text: &str);
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`); nothing of the game
    /// follows it. A constant, so that a sink that does not keep it allocates nothing.
    fn result(&mut self, result: &'static str);
    /// Something read leniently (a quote inside a tag value, …), with its position.
    fn warning(&mut self, text: String);
}

impl GameSink for RawGame {
    fn start(&mut self, line: u64) {
        self.line = line;
    }
    fn tag(&mut self, name: &str, value: &str) {
        self.tags.push((name.to_string(), value.to_string()));
    }
    fn main_move(&mut self, text: &str) {
        self.moves.push(text);
    }
    fn result(&mut self, result: &'static str) {
        self.result = Some(result.to_string());
    }
    fn warning(&mut self, text: String) {
        self.warnings.push(text);
    }
}

impl RawGame {
    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A game that could not be read: its syntax error (the reader skips to the next game).
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The input could not be read, or is not PGN (a comment or line without end, or no
    /// game for megabytes after an unreadable one).
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The game has a syntax error; the reader has skipped to the next game.
    #[error("game starting at line {line}: {error}")]
    Syntax {
        /// 1-based line of the game's first token.
        line: u64,
        /// Where in the game and what.
        error: SyntaxError,
    },
}

/// Reads games one after another from a stream.
pub struct PgnReader<R> {
    lexer: Lexer<R>,
    pending: Option<Token>,
    /// Line of the first token of the game being read.
    game_line: u64,
    /// The game being read has reached its movetext (decides how to skip after an error).
    in_movetext: bool,
    /// Where the last game read can be cut from the input (see [`PgnReader::clean_start`]).
    clean_start: Option<u64>,
    /// Skipping to the next game after an unreadable one failed: given after that game's
    /// own error, so the game is still reported.
    failed: Option<std::io::Error>,
    /// The input was found not to be PGN: no more games come (a caller that goes on after
    /// the error is not sent round the junk again).
    done: bool,
    /// The last error was at a tag (one inside a variation): the skip to the next game starts
    /// from it (`Lexer::recover_after_tag`).
    ended_by_tag: bool,
}

impl<R: Read> PgnReader<R> {
    /// A reader at the start of `input`.
    pub fn new(input: R) -> PgnReader<R> {
        PgnReader::starting_at_line(input, 1)
    }

    /// A reader at the start of `input`, which begins at line `line` of a larger file (a piece
    /// cut where [`clean_start`](Self::clean_start) said a game starts): it reads that piece's
    /// games as a reader of the whole file does, with the file's line numbers.
    pub fn starting_at_line(input: R, line: u64) -> PgnReader<R> {
        PgnReader {
            lexer: Lexer::starting_at_line(input, line),
            pending: None,
            game_line: line.max(1),
            in_movetext: false,
            clean_start: None,
            failed: None,
            done: false,
            ended_by_tag: false,
        }
    }

    /// Where the game last read begins, when the input can be cut there: the byte offset (as
    /// [`consumed`](Self::consumed) counts) of the line its first token starts, if that token
    /// is the first thing on its line and the reader came to it afresh (the game before
    /// ended with its result, a blank line or a syntax error, not by running into this
    /// game's first tag, whose warnings then went to the game before). A reader started at
    /// that offset, with the line count of that line, reads this game and every one after it
    /// exactly as this reader does; what comes before the offset reads as the games before.
    /// `None` otherwise, and before the first game.
    pub fn clean_start(&self) -> Option<u64> {
        self.clean_start
    }

    /// The line the game last read begins on (its first token).
    pub fn game_line(&self) -> u64 {
        self.game_line
    }

    /// Reading cannot go on (no game follows an unreadable one for megabytes): the next call
    /// gives that error. A caller that collects games hands on what it has first.
    pub fn has_failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Bytes consumed so far.
    pub fn consumed(&self) -> u64 {
        self.lexer.consumed()
    }

    fn next_token(&mut self) -> Result<Option<Token>, LexError> {
        match self.pending.take() {
            Some(t) => Ok(Some(t)),
            None => self.lexer.next_token(),
        }
    }

    /// The next game, `None` at the end. After a syntax error the reader resumes at the next
    /// line that starts with `[`.
    pub fn next_game(&mut self) -> Option<Result<RawGame, ReadError>> {
        let mut game = RawGame::default();
        self.next_game_into(&mut game)
            .map(|read| read.map(|()| game))
    }

    /// Reads the next game into `sink` as it goes (`None` at the end, nothing given to the
    /// sink). After a syntax error the sink holds what came before it, and the reader resumes
    /// at the next line that starts with `[`.
    pub fn next_game_into(&mut self, sink: &mut impl GameSink) -> Option<Result<(), ReadError>> {
        if self.done {
            return None;
        }
        if let Some(e) = self.failed.take() {
            self.done = true;
            return Some(Err(ReadError::Io(e)));
        }
        match self.read_game(sink) {
            Ok(true) => Some(Ok(())),
            Ok(false) => None,
            Err(LexError::Io(e)) => {
                self.done = e.kind() == std::io::ErrorKind::InvalidData;
                Some(Err(ReadError::Io(e)))
            }
            Err(LexError::Syntax(error)) => {
                self.pending = None;
                // An error among the tags: skip the rest of them and the movetext too, so the
                // same game is not read again as a new one.
                let skipped = if !self.in_movetext && self.lexer.error_was_in_tag() {
                    self.lexer.skip_tag_section()
                } else {
                    Ok(())
                };
                let after_tag = std::mem::take(&mut self.ended_by_tag);
                let recovered = skipped.and_then(|()| {
                    if after_tag {
                        self.lexer.recover_after_tag()
                    } else {
                        self.lexer.recover()
                    }
                });
                match recovered {
                    // No game follows for megabytes: this game's error first, then that.
                    Err(e) if e.kind() == std::io::ErrorKind::InvalidData => self.failed = Some(e),
                    Err(e) => return Some(Err(ReadError::Io(e))),
                    Ok(()) => {}
                }
                Some(Err(ReadError::Syntax {
                    line: self.game_line,
                    error,
                }))
            }
        }
    }

    /// Feeds one game to `sink`; false when the input had no more games.
    fn read_game(&mut self, game: &mut impl GameSink) -> Result<bool, LexError> {
        self.game_line = self.pending.as_ref().map_or(self.lexer.line(), |t| t.line);
        let fresh = self.pending.is_none();
        self.clean_start = None;
        let mut moves = 0u64;
        let mut depth = 0usize;
        let mut started = false;
        let mut in_movetext = false;
        self.in_movetext = false;
        while let Some(token) = self.next_token()? {
            // Most tokens bring none: asked first, so that no empty list is taken and dropped.
            if self.lexer.has_warnings() {
                for w in self.lexer.take_warnings() {
                    game.warning(w);
                }
            }
            if token.kind == TokenKind::BlankLine {
                // A blank line in movetext ends the game, as python-chess reads PGN; before
                // the movetext (between tags, before the first game) it means nothing.
                if in_movetext {
                    game.warning(format!(
                        "line {}: a blank line ends the game before its result",
                        token.line
                    ));
                    return Ok(true);
                }
                continue;
            }
            if !started {
                started = true;
                game.start(token.line);
                self.game_line = token.line;
                // A first token at column 1 ends on its own line (tags and symbols never
                // span lines): the lexer is still on that line, or took its line end with it.
                self.clean_start = if fresh && token.column == 1 {
                    self.lexer.line_start(token.line)
                } else {
                    None
                };
            }
            let syntax = |message: &str| {
                LexError::Syntax(SyntaxError {
                    line: token.line,
                    column: token.column,
                    message: message.to_string(),
                })
            };
            match token.kind {
                TokenKind::Tag => {
                    if in_movetext {
                        if depth > 0 {
                            self.ended_by_tag = true;
                            return Err(syntax("tag inside a variation"));
                        }
                        // A new game begins without a result on the last one.
                        let line = token.line;
                        self.pending = Some(Token {
                            kind: TokenKind::Tag,
                            line,
                            column: token.column,
                        });
                        return Ok(true);
                    }
                    let name = self.lexer.tag_name();
                    if game.wants_tag(name) {
                        game.tag(name, &self.lexer.tag_value());
                    }
                }
                TokenKind::Move => {
                    in_movetext = true;
                    self.in_movetext = true;
                    if depth == 0 {
                        moves += 1;
                        game.main_move(self.lexer.move_text());
                    }
                }
                TokenKind::BlankLine => {} // handled above
                TokenKind::VariationStart => {
                    if !in_movetext && moves == 0 {
                        return Err(syntax("a variation before any move"));
                    }
                    in_movetext = true;
                    self.in_movetext = true;
                    depth += 1;
                }
                TokenKind::VariationEnd => {
                    if depth == 0 {
                        // python-chess passes over it; so do we, and say so.
                        game.warning(format!(
                            "line {}, column {}: ')' without '(' ignored",
                            token.line, token.column
                        ));
                        continue;
                    }
                    depth -= 1;
                }
                TokenKind::Result(r) => {
                    if depth > 0 {
                        // Some writers end variations with a result: allowed, ignored.
                        continue;
                    }
                    game.result(r);
                    return Ok(true);
                }
            }
        }
        if depth > 0 {
            return Err(LexError::Syntax(SyntaxError {
                line: self.lexer.line(),
                column: 1,
                message: "variation '(' is not closed".into(),
            }));
        }
        Ok(started)
    }
}

impl<R: Read> Iterator for PgnReader<R> {
    type Item = Result<RawGame, ReadError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_game()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_several_games_with_and_without_results() {
        let text = "[Event \"1\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 1-0\n\n[Event \"2\"]\n1. d4\n[Event \"3\"]\n*\n";
        let games: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3"]);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[1].moves, ["d4"]);
        assert_eq!(games[1].result, None);
        assert_eq!(games[2].tag("Event"), Some("3"));
        assert_eq!(games[2].line, 7);
    }

    #[test]
    fn resumes_after_a_syntax_error() {
        let text = "[Event \"1\"]\n1. e4 $ e5 *\n[Event \"2\"]\n1. d4 *\n";
        let results: Vec<_> = PgnReader::new(text.as_bytes()).collect();
        assert_eq!(results.len(), 2);
        assert!(matches!(results[0], Err(ReadError::Syntax { line: 1, .. })));
        assert_eq!(results[1].as_ref().unwrap().moves, ["d4"]);
    }

    /// As python-chess reads PGN: a blank line in movetext ends the game, a stray `)` is
    /// passed over, a tag name may hold `+#=:-`; each is a warning.
    #[test]
    fn blank_lines_stray_parentheses_and_odd_tag_names_are_read_and_reported() {
        let text = "[White-Elo \"2400\"]\n\n1. e4 e5 )\n\n1. d4 d5 *\n";
        let games: Vec<RawGame> = PgnReader::new(text.as_bytes())
            .map(|g| g.unwrap())
            .collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("White-Elo"), Some("2400"));
        assert_eq!(games[0].moves, ["e4", "e5"]);
        assert_eq!(games[0].result, None);
        assert_eq!(games[0].warnings.len(), 3, "{:?}", games[0].warnings);
        assert_eq!(games[1].moves, ["d4", "d5"]);
        assert!(games[1].warnings.is_empty(), "{:?}", games[1].warnings);
    }

    #[test]
    fn an_error_in_the_tags_skips_the_whole_game() {
        let text = "[Event \"x\n[Site \"y\"]\n\n1. e4 *\n\n[Event \"2\"]\n1. d4 *\n";
        let results: Vec<_> = PgnReader::new(text.as_bytes()).collect();
        assert_eq!(results.len(), 2);
        assert!(results[0].is_err());
        assert_eq!(results[1].as_ref().unwrap().moves, ["d4"]);
    }

    /// Every game whose start `clean_start` gives reads the same from there (the lines
    /// before it given as blank lines) as from the start: comments holding blank lines and
    /// tag lines, `;` comments and escape lines holding braces, games without a result,
    /// syntax errors, a tag that ends the game before it (with a warning: not a clean start).
    #[test]
    fn a_reader_started_at_a_clean_start_reads_the_same_games() {
        let text = "\u{feff}[Event \"1\"]\n\n1. e4 {a comment\n\n[Event \"fake\"]\n\n1. d4 *\n} e5 *\n\n\
                    [Event \"2\"]\n\n1. e4 ; { not a comment\n\n[Event \"3\"]\n% {\n1. d4 d5 1-0\n\
                    [Event \"4\"]\n1. Nf3\n[Odd-Name \"x\"]\n1. c4 *\n{\n[Event \"fake\"]\n}\n\
                    [Event \"5 {\"]\n1. e4 $ e5 *\n[Event \"6\"]\n1. a3\n\n1. h3 *  [Event \"7\"] *\n\
                    [Event \"8\"]\n[Site \"x\n\n[Event \"9\"]\n1. e4 *\n";
        let mut whole = PgnReader::new(text.as_bytes());
        let mut all = Vec::new();
        let mut starts = Vec::new();
        while let Some(game) = whole.next_game() {
            if let Some(offset) = whole.clean_start() {
                starts.push((all.len(), offset));
            }
            all.push(game.map_err(|e| e.to_string()));
        }
        assert!(all.len() >= 9, "{all:?}");
        assert!(starts.len() >= 6, "{starts:?}");
        for &(index, offset) in &starts {
            let offset = offset as usize;
            assert!(offset == 0 || text.as_bytes()[offset - 1] == b'\n');
            let line = text.as_bytes()[..offset]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            let piece = "\n".repeat(line) + &text[offset..];
            let again: Vec<_> = PgnReader::new(piece.as_bytes())
                .map(|g| g.map_err(|e| e.to_string()))
                .collect();
            assert_eq!(again, all[index..], "from game {index} at byte {offset}");
            let before: Vec<_> = PgnReader::new(&text.as_bytes()[..offset])
                .map(|g| g.map_err(|e| e.to_string()))
                .collect();
            assert_eq!(before, all[..index], "before game {index} at byte {offset}");
        }
        // The game that begins with the tag ending the game before is no clean start.
        let odd = all
            .iter()
            .position(|g| g.as_ref().is_ok_and(|g| g.tag("Odd-Name").is_some()))
            .unwrap();
        assert!(starts.iter().all(|&(i, _)| i != odd), "{starts:?}");
    }

    /// A tag inside a variation ends its game; with junk of exactly the resync limit after the
    /// tag's line, the tag's line end is one byte too many, whether the tag was read whole
    /// (its line end taken with it) or byte by byte: the same error, naming the tag's line.
    #[test]
    fn the_skip_after_a_tag_in_a_variation_counts_from_the_tag() {
        struct ByteAtATime<'a>(&'a [u8]);
        impl std::io::Read for ByteAtATime<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                match (self.0.split_first(), buf.first_mut()) {
                    (Some((&b, rest)), Some(slot)) => {
                        *slot = b;
                        self.0 = rest;
                        Ok(1)
                    }
                    _ => Ok(0),
                }
            }
        }
        fn outcomes<R: std::io::Read>(reader: PgnReader<R>) -> Vec<String> {
            reader
                .map(|g| match g {
                    Ok(g) => format!("game at line {}", g.line),
                    Err(e) => e.to_string(),
                })
                .collect()
        }
        let limit = crate::notation::pgn::lexer::MAX_RESYNC_BYTES as usize;
        let mut text = b"1. e4 (e5\n[Bad \"x\"]\n".to_vec();
        text.extend(b"x\n".iter().cycle().take(limit));
        let whole = outcomes(PgnReader::new(&text[..]));
        assert_eq!(whole, outcomes(PgnReader::new(ByteAtATime(&text))));
        assert_eq!(whole.len(), 2, "{whole:?}");
        assert!(whole[0].contains("tag inside a variation"), "{whole:?}");
        assert!(whole[1].contains("unreadable game at line 2 "), "{whole:?}");
    }

    #[test]
    fn empty_input_has_no_games() {
        assert_eq!(PgnReader::new(&b""[..]).count(), 0);
        assert_eq!(PgnReader::new(&b"\n; only a comment\n"[..]).count(), 0);
    }
}
