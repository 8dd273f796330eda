//! Reading one PGN game with bounded memory, for validators that stream: a game keeps at most
//! [`MOVES_KEPT`] moves, two tags and [`WARNINGS_KEPT`] warnings, and a longer game is replayed as
//! it is read, so memory is bounded whatever one game's size. `standard validate` and the
//! Python package's `pgn.validate` both read through [`read_game`], or, where one thread
//! reads and replays, [`read_game_replayed`].

use std::io::{self, Read};

use crate::notation::pgn::{GameSink, PgnReader, RawGame, ReadError};
use crate::variants::standard::replay::{is_standard_variant, replay, Replay, Replayer, Verdict};

/// Moves kept for one game before it is replayed as it is read (real games have a few
/// hundred).
pub const MOVES_KEPT: usize = 4096;
/// Warnings kept for one game. Of its tags only the first `FEN` and `Variant` are kept: the
/// replay reads nothing else.
pub const WARNINGS_KEPT: usize = 256;

/// A game as read: replayable, already replayed as it was read, or unreadable.
pub enum ReadGame {
    /// Short enough to be kept whole: replayed when asked.
    Game(RawGame),
    /// Longer than [`MOVES_KEPT`] moves: replayed as it was read, only the verdict kept.
    Replayed(Replay),
    /// A PGN syntax error, with its message.
    Unreadable(String),
}

impl ReadGame {
    /// The game's verdict (replaying it now, if it was kept to be replayed).
    pub fn replay(&self) -> Replay {
        match self {
            ReadGame::Game(g) => replay(g),
            ReadGame::Replayed(r) => r.clone(),
            ReadGame::Unreadable(reason) => Replay {
                plies: 0,
                verdict: Verdict::Unreadable {
                    reason: reason.clone(),
                },
                warnings: Vec::new(),
            },
        }
    }

    /// The game's verdict, borrowed where it was replayed as it was read (a `Replay` holds a
    /// FEN: cloning it cost an allocation and a copy a game), else replayed now.
    pub fn verdict(&self) -> std::borrow::Cow<'_, Replay> {
        match self {
            ReadGame::Replayed(r) => std::borrow::Cow::Borrowed(r),
            _ => std::borrow::Cow::Owned(self.replay()),
        }
    }

    /// `replay`, keeping a verdict already there rather than cloning it.
    pub fn into_replay(self) -> Replay {
        match self {
            ReadGame::Replayed(r) => r,
            other => other.replay(),
        }
    }

    /// Moves kept to be replayed later (0 once replayed).
    pub fn moves_kept(&self) -> usize {
        match self {
            ReadGame::Game(g) => g.moves.len(),
            _ => 0,
        }
    }
}

/// Reads the next game (`None` at the end) and the bytes of text it keeps. A game without a
/// `Variant` tag is read as `default_variant` when one is given.
pub fn read_game<R: Read>(
    reader: &mut PgnReader<R>,
    default_variant: Option<&'static str>,
) -> Option<io::Result<(ReadGame, usize)>> {
    read_bounded(reader, default_variant, false)
}

/// `read_game` replaying every game as it is read (`ReadGame::Replayed`): for a reader that
/// replays on its own thread, where a game's moves are still in the cache as they come and
/// need not be kept.
pub fn read_game_replayed<R: Read>(
    reader: &mut PgnReader<R>,
    default_variant: Option<&'static str>,
) -> Option<io::Result<(ReadGame, usize)>> {
    read_bounded(reader, default_variant, true)
}

fn read_bounded<R: Read>(
    reader: &mut PgnReader<R>,
    default_variant: Option<&'static str>,
    replay_now: bool,
) -> Option<io::Result<(ReadGame, usize)>> {
    let mut sink = BoundedGame {
        default_variant,
        replay_now,
        ..BoundedGame::default()
    };
    let read = reader.next_game_into(&mut sink)?;
    let bytes = sink.bytes;
    Some(match read {
        Ok(()) => Ok((
            match sink.streaming {
                Some(r) => ReadGame::Replayed(r.finish_after_reading(sink.game.warnings)),
                None => {
                    let mut game = sink.game;
                    if let (Some(v), None) = (default_variant, game.tag("Variant")) {
                        game.tags.push(("Variant".to_string(), v.to_string()));
                    }
                    ReadGame::Game(game)
                }
            },
            bytes,
        )),
        Err(ReadError::Io(e)) => Err(e),
        Err(e @ ReadError::Syntax { .. }) => Ok((ReadGame::Unreadable(e.to_string()), bytes)),
    })
}

/// Collects a game up to the caps, then replays the rest as it comes.
#[derive(Default)]
struct BoundedGame {
    game: RawGame,
    streaming: Option<Replayer>,
    /// Bytes of text kept.
    bytes: usize,
    /// The `Variant` a game without the tag is replayed as.
    default_variant: Option<&'static str>,
    /// Replay from the first move on, keeping no move.
    replay_now: bool,
    /// A `Variant` tag was read (the first one counts, kept or not).
    variant_seen: bool,
}

impl GameSink for BoundedGame {
    fn start(&mut self, line: u64) {
        self.game.line = line;
    }
    /// Only the tags the replay reads are kept: the others cost two allocations each (a
    /// fifth of reading a tournament file) for nothing.
    fn wants_tag(&self, name: &str) -> bool {
        match name {
            "FEN" => self.game.tag(name).is_none(),
            "Variant" => !self.variant_seen,
            _ => false,
        }
    }
    fn tag(&mut self, name: &str, value: &str) {
        if !self.wants_tag(name) {
            return;
        }
        if name == "Variant" {
            self.variant_seen = true;
            // Without a default variant, a tag naming standard chess means what no tag
            // means: a game replayed as it is read does not keep it (every lichess game has
            // one, and keeping it cost three allocations and their release a game).
            if self.replay_now && self.default_variant.is_none() && is_standard_variant(value) {
                return;
            }
        }
        self.bytes += name.len() + value.len();
        self.game.tags.push((name.to_string(), value.to_string()));
    }
    fn main_move(&mut self, text: &str) {
        if let Some(r) = &mut self.streaming {
            r.push(text);
            return;
        }
        if self.replay_now {
            let variant = self.game.tag("Variant").or(self.default_variant);
            let mut r = Replayer::new(variant, self.game.tag("FEN"));
            r.push(text);
            self.streaming = Some(r);
            return;
        }
        self.bytes += text.len();
        self.game.moves.push(text);
        if self.game.moves.len() > MOVES_KEPT {
            let variant = self.game.tag("Variant").or(self.default_variant);
            let mut r = Replayer::new(variant, self.game.tag("FEN"));
            for m in &self.game.moves {
                r.push(m);
            }
            self.game.moves.clear();
            self.streaming = Some(r);
        }
    }
    fn result(&mut self, result: &'static str) {
        // A game replayed as it was read reports its replay, never its result.
        if self.streaming.is_none() {
            self.game.result = Some(result.to_string());
        }
    }
    fn warning(&mut self, text: String) {
        // Kept with the game (and its replay's own warnings); a cap keeps memory bounded.
        if self.game.warnings.len() < WARNINGS_KEPT {
            self.bytes += text.len();
            self.game.warnings.push(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::standard::replay::MAX_WARNINGS;

    /// Every game's verdict, plies and warnings in `text`, replayed as read or later.
    fn replays(text: &str, replay_now: bool) -> Vec<Replay> {
        replays_as(text, None, replay_now)
    }

    /// `replays`, games without a `Variant` tag read as `default_variant`.
    fn replays_as(
        text: &str,
        default_variant: Option<&'static str>,
        replay_now: bool,
    ) -> Vec<Replay> {
        let mut reader = PgnReader::new(text.as_bytes());
        let mut out = Vec::new();
        while let Some(game) = read_bounded(&mut reader, default_variant, replay_now) {
            out.push(game.expect("a text reads").0.replay());
        }
        out
    }

    #[test]
    fn replaying_as_read_gives_what_replaying_later_gives() {
        // Warnings from reading (a quote inside a tag value, a blank line before the result)
        // and from replaying (null moves, past the cap), short and long games, an illegal
        // move, a FEN tag, a game with no moves.
        let nulls = "1. Nf3 -- 2. Ng1 -- ".repeat(150);
        let long = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(1100);
        let text = format!(
            "[White \"a \"b\" c\"]\n\n{nulls}*\n\n\
             [Event \"x\"]\n\n{long}1-0\n\n\
             [FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 2. Rd1+ *\n\n\
             [Event \"y\"]\n\n1. e4 e5 2. Ke3 *\n\n\
             [Event \"z\"]\n\n*\n\n\
             [White \"d \"e\" f\"]\n\n1. d4 --\n\n"
        );
        let later = replays(&text, false);
        assert_eq!(later.len(), 6);
        // The first game's warnings reach the cap: the quote, then the null moves' own.
        assert_eq!(later[0].warnings.len(), MAX_WARNINGS);
        assert!(later[0].is_legal() && later[5].warnings.len() >= 3);
        assert_eq!(replays(&text, true), later);
    }

    /// The first `Variant` tag decides, kept or not: one naming standard chess (not kept when
    /// a game is replayed as it is read and no default variant is given) still hides a
    /// second, and still wins over a default variant.
    #[test]
    fn a_standard_variant_tag_counts_though_it_is_not_kept() {
        // Legal in standard chess; in atomic chess the capture on e5 explodes. The FEN tag's
        // castling rights are Chess960's (Shredder-FEN), which standard chess refuses.
        let fen = "[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]";
        let text = format!(
            "[Variant \"Standard\"]\n[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nf3 e5 4. Nxe5 *\n\n\
             [Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nf3 e5 4. Nxe5 *\n\n\
             [Variant \"standard \"]\n{fen}\n\n1. e4 e5 *\n\n\
             {fen}\n\n1. e4 e5 *\n\n"
        );
        for default_variant in [None, Some("chess960")] {
            let later = replays_as(&text, default_variant, false);
            assert_eq!(replays_as(&text, default_variant, true), later);
            let fens: Vec<Option<&str>> = later
                .iter()
                .map(|r| match &r.verdict {
                    Verdict::Legal { fen, .. } => Some(fen.as_str()),
                    _ => None,
                })
                .collect();
            // The first game is standard chess, whatever the second tag or the default.
            assert_eq!(
                fens[0],
                Some("rnb1kbnr/ppp2ppp/8/3qN3/8/8/PPPP1PPP/RNBQKB1R b KQkq - 0 4")
            );
            assert!(fens[1].is_some() && fens[1] != fens[0], "{fens:?}");
            // A standard tag wins over the default; no tag takes it.
            assert_eq!(fens[2], None, "{fens:?}");
            assert_eq!(fens[3].is_some(), default_variant.is_some(), "{fens:?}");
        }
    }
}
