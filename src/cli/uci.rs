//! `chessrules uci [--variant standard|fairy|obstacle]`: our engine behind the UCI protocol,
//! for GUIs and match runners.
//!
//! `UCI_Variant` offers `chess` and `fairy10x10` (fairy chess 10×10 on our rules: 10×10 FEN
//! with the fairy letters, `startpos` = the course's start board, moves as `j9j10q`, castling
//! as the king's move `f1i1`; the clock rule of the spec applies), then every shipped variant
//! file by its names (`kingofthehill`, `racingkings`, `horde`, `antichess`, `giveaway`,
//! `3check`, `atomic`, …: FEN positions and coordinate moves as lichess-bot and cutechess
//! send them). `--variant` sets the default.
//!
//! Supported: `uci`, `isready`, `ucinewgame`, `setoption name UCI_Variant value NAME`,
//! `setoption name Move Time value MS`, `position startpos|fen FEN [moves …]`,
//! `go [movetime MS] [wtime W btime B winc WI binc BI movestogo N] [depth D]
//! [searchmoves …] [infinite | ponder]`, `stop`, `ponderhit` (taken as `stop`), `quit`. Input
//! is read on its own thread: `stop` and `quit` end a running search at once, `isready` is
//! answered at once, and `go infinite` searches until `stop` (its `bestmove` comes only then).
//! The root always gets a legal move when one exists, also in a drawn position (a
//! repetition, fifty moves, dead material). `--variant obstacle` plays on the board
//! without obstacles (the bridge checks obstacle legality on its side), so it is the same
//! engine as standard. Unknown commands are ignored, as the protocol asks.

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use anyhow::Result;
use chessrules::core::{Move, Position};
use chessrules::engine::search::Iteration;
use chessrules::engine::{Engine, Limits, Score};
use chessrules::game::VariantId;
use chessrules::io::input::{read_line_within, LineRead};
use chessrules::notation::coordinate::{self, to_uci};
use chessrules::notation::fen;
use chessrules::variants::core_game::CoreGame;
use chessrules::variants::registry::{self, UciEngine};
use chessrules::Game;
use clap::Args;

/// The rules a session plays by (its `UCI_Variant`): the variant its registry record names
/// as the rules our `uci` command plays (standard chess for Chess960 and obstacle chess; each
/// shipped file its own, named as lichess and Fairy-Stockfish name it).
#[derive(Copy, Clone, Debug, PartialEq)]
struct UciRules(VariantId);

impl UciRules {
    /// FIDE chess, the rules `UCI_Chess960` applies to.
    const CHESS: UciRules = UciRules(VariantId::Standard);

    /// The rules a GUI asks for by a variant's name or alias (`chess`, `fairy10x10`).
    fn of(id: VariantId) -> Option<UciRules> {
        registry::record(id).uci_rules.map(UciRules)
    }

    /// The `UCI_Variant` value: the name engines know the variant by, `chess` for FIDE's.
    fn name(self) -> &'static str {
        let record = registry::record(self.0);
        match record.uci_engine {
            Some(UciEngine::Variant(name)) => name,
            Some(UciEngine::Chess | UciEngine::Chess960) => "chess",
            None => record.name,
        }
    }

    fn parse(value: &str) -> Option<UciRules> {
        UciRules::of(registry::find(value).ok()?.id)
    }

    fn start(self) -> Position {
        // Every variant with `uci_rules` opens its own initial board (a test plays each).
        registry::start_position(self.0).expect("the registry opens its own initial boards")
    }

    /// A FEN of these rules.
    fn position(self, text: &str) -> Result<Position, String> {
        let read = match registry::record(self.0).file.and_then(|f| f.open()) {
            Some(shipped) => shipped.variant.position_from_fen(text),
            None => fen::parse(self.start().rules().clone(), text),
        };
        read.map_err(|e| format!("bad fen: {e}"))
    }

    /// The game our search plays from `pos`.
    fn game(self, pos: Position) -> Option<CoreGame> {
        registry::core_game(self.0, pos)
    }
}

/// Every `UCI_Variant` value the command offers: each record's that names its own rules (its
/// `UCI_Variant` name, then a shipped file's aliases).
fn offered() -> Vec<&'static str> {
    let own = registry::all().iter().filter(|r| r.uci_rules == Some(r.id));
    own.flat_map(|r| {
        let aliases = match r.file {
            Some(_) => &r.aliases[..],
            None => &[],
        };
        std::iter::once(UciRules(r.id).name()).chain(aliases.iter().copied())
    })
    .collect()
}

/// A `--variant` our `uci` command plays.
fn uci_variant(text: &str) -> Result<VariantId, String> {
    let record = registry::find(text).map_err(|e| e.to_string())?;
    match record.uci_rules {
        Some(_) => Ok(record.id),
        None => Err(format!("the uci command does not play {}", record.name)),
    }
}

#[derive(Args)]
pub struct UciArgs {
    /// The rules the engine plays by: standard, chess960 (`UCI_Chess960` on from the start:
    /// positions in X-FEN or Shredder-FEN, castling as the king taking its own rook), fairy,
    /// obstacle, or a shipped variant by name (crazyhouse, xiangqi, …: `variant list`).
    #[arg(long, default_value = "standard", value_parser = uci_variant)]
    variant: VariantId,
    /// Default time per move when `go` gives none (milliseconds).
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
}

struct Session {
    dialect: UciRules,
    /// `UCI_Chess960`: positions read as Chess960 (X-FEN or Shredder-FEN), castling written
    /// and read as the king taking its own rook.
    chess960: bool,
    pos: Position,
    /// The rules type at `pos`, as the moves of `position` left it (`None`: the search does
    /// not play these rules).
    game: Option<CoreGame>,
    keys: Vec<u64>,
    /// Why the last `position` was refused: `go` then answers `bestmove 0000` rather than a
    /// move for an older position the GUI no longer shows.
    refused: Option<String>,
    engine: Engine<Move>,
    default_movetime: u64,
    /// `MultiPV`: lines reported per iteration.
    multipv: usize,
}

/// What the input thread and the searching thread share. Searches are numbered in the order
/// their `go` lines were read; a `stop` ends every search read before it (not one read after
/// it, though the command loop may not have started either yet).
#[derive(Default)]
struct Signals {
    /// The engine's flag: end the running search now.
    stop: Arc<AtomicBool>,
    /// `go` lines read so far.
    gos_read: AtomicU64,
    /// Searches whose `bestmove` has been written.
    gos_done: AtomicU64,
    /// Searches up to this number are to stop (`stop`, `ponderhit`; `quit`: all).
    stop_upto: AtomicU64,
    /// The running search is `go infinite` (or `ponder`): it waits for `stop`.
    infinite: AtomicBool,
    /// The input has ended.
    eof: AtomicBool,
}

/// Writes whole lines to standard output; the input thread (`readyok`) and the command loop
/// write between each other's lines, never inside one.
fn say(lines: &[String]) -> io::Result<()> {
    let mut out = io::stdout().lock();
    for l in lines {
        writeln!(out, "{l}")?;
    }
    out.flush()
}

/// Longest command line read: `position startpos moves …` of a 2,000-ply game is about
/// 10 KB; a longer line is dropped with an `info string`, so that no input costs more memory.
const MAX_UCI_LINE: usize = 1 << 20;

/// Reads commands on their own thread, so that `stop`, `quit` and `isready` are acted on at
/// once while a search runs; every other line goes to the command loop, in order.
fn read_input(signals: Arc<Signals>, lines: mpsc::Sender<String>) {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        match read_line_within(&mut input, &mut bytes, MAX_UCI_LINE) {
            Ok(LineRead::Line) => {}
            Ok(LineRead::TooLong) => {
                let note = format!("info string ignored a line longer than {MAX_UCI_LINE} bytes");
                if say(&[note]).is_err() {
                    return;
                }
                continue;
            }
            Ok(LineRead::End) | Err(_) => break,
        }
        let line = String::from_utf8_lossy(&bytes).into_owned();
        let first = line.split_whitespace().next().unwrap_or("");
        let searching =
            || signals.gos_read.load(Ordering::SeqCst) > signals.gos_done.load(Ordering::SeqCst);
        match first {
            "stop" | "ponderhit" => {
                let read = signals.gos_read.load(Ordering::SeqCst);
                signals.stop_upto.fetch_max(read, Ordering::SeqCst);
                signals.stop.store(true, Ordering::SeqCst);
                continue;
            }
            "quit" => {
                signals.stop_upto.store(u64::MAX, Ordering::SeqCst);
                signals.stop.store(true, Ordering::SeqCst);
                let _ = lines.send(line);
                return;
            }
            "isready" if searching() => {
                if say(&["readyok".to_string()]).is_err() {
                    return;
                }
                continue;
            }
            "go" => {
                // Counted here, not by the loop, so a `stop` or `isready` right behind the
                // `go` already sees the search.
                signals.gos_read.fetch_add(1, Ordering::SeqCst);
            }
            _ => {}
        }
        if lines.send(line).is_err() {
            return;
        }
    }
    signals.eof.store(true, Ordering::SeqCst);
    if signals.infinite.load(Ordering::SeqCst) {
        // Nobody is left to say `stop`.
        signals.stop.store(true, Ordering::SeqCst);
    }
}

pub fn run(args: UciArgs) -> Result<ExitCode> {
    let variant = args.variant;
    let dialect = UciRules::of(variant).unwrap_or(UciRules::CHESS);
    let signals = Arc::new(Signals::default());
    let mut session = Session {
        dialect,
        chess960: registry::record(variant).uci_engine == Some(UciEngine::Chess960),
        pos: dialect.start(),
        game: dialect.game(dialect.start()),
        keys: Vec::new(),
        refused: None,
        engine: Engine::new(hash_bits(DEFAULT_HASH_MB)),
        default_movetime: args.movetime,
        multipv: 1,
    };
    session.engine.stop_when(signals.stop.clone());
    let (send, commands) = mpsc::channel();
    let reader = Arc::clone(&signals);
    std::thread::spawn(move || read_input(reader, send));
    for line in commands {
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.first().copied() {
            Some("uci") => vec![
                format!("id name chessrules {}", env!("CARGO_PKG_VERSION")),
                "id author chessrules".to_string(),
                format!(
                    "option name UCI_Variant type combo default {}{}",
                    session.dialect.name(),
                    offered()
                        .iter()
                        .map(|name| format!(" var {name}"))
                        .collect::<String>()
                ),
                format!(
                    "option name Move Time type spin default {} min 1 max 600000",
                    session.default_movetime
                ),
                format!(
                    "option name UCI_Chess960 type check default {}",
                    session.chess960
                ),
                format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
                format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                ),
                // One search thread; the option is there because GUIs set it.
                "option name Threads type spin default 1 min 1 max 1".to_string(),
                "uciok".to_string(),
            ],
            Some("isready") => vec!["readyok".to_string()],
            Some("ucinewgame") => {
                session.engine.reset();
                Vec::new()
            }
            Some("setoption") => session.set_option(&words).into_iter().collect(),
            Some("position") => match session.set_position(&words) {
                Ok(()) => {
                    session.refused = None;
                    Vec::new()
                }
                Err(e) => {
                    let reply = vec![format!("info string {e}")];
                    session.refused = Some(e);
                    reply
                }
            },
            Some("go") => {
                let number = signals.gos_done.load(Ordering::SeqCst) + 1;
                let stopped = || signals.stop_upto.load(Ordering::SeqCst) >= number;
                // Cleared first, then set again if this search's `stop` came already: a `stop`
                // read in between sets both itself, so none is lost.
                signals.stop.store(false, Ordering::SeqCst);
                if stopped() {
                    signals.stop.store(true, Ordering::SeqCst);
                }
                let waits = words.iter().any(|&w| w == "infinite" || w == "ponder");
                signals.infinite.store(waits, Ordering::SeqCst);
                let ended = || signals.eof.load(Ordering::SeqCst);
                if waits && ended() {
                    signals.stop.store(true, Ordering::SeqCst);
                }
                let mut lines = session.go(&words, waits);
                if waits {
                    // The protocol: no `bestmove` before `stop`, even when the search is done.
                    while !stopped() && !ended() {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    signals.infinite.store(false, Ordering::SeqCst);
                }
                let best = lines.pop().unwrap_or_default();
                say(&lines)?;
                say(&[best])?;
                signals.gos_done.fetch_add(1, Ordering::SeqCst);
                Vec::new()
            }
            Some("quit") => break,
            _ => Vec::new(),
        };
        say(&reply)?;
    }
    Ok(ExitCode::SUCCESS)
}

impl Session {
    /// Applies a `setoption`; an `info string` when the value is refused (a GUI shows it, and
    /// the old value stays).
    fn set_option(&mut self, words: &[&str]) -> Option<String> {
        let text = words.join(" ");
        if let Some(rest) = text.strip_prefix("setoption name UCI_Variant value ") {
            let Some(d) = UciRules::parse(rest.trim()) else {
                return Some(format!(
                    "info string unknown UCI_Variant '{}': still {}; the variants offered are {}",
                    rest.trim(),
                    self.dialect.name(),
                    offered().join(" ")
                ));
            };
            if d != self.dialect {
                self.dialect = d;
                self.refused = None;
                self.pos = d.start();
                self.game = d.game(self.pos.clone());
                self.keys.clear();
                self.engine.reset();
            }
        }
        if let Some(rest) = text.strip_prefix("setoption name UCI_Chess960 value ") {
            self.chess960 = rest.trim().eq_ignore_ascii_case("true");
        }
        if let Some(rest) = text.strip_prefix("setoption name Move Time value ") {
            if let Ok(ms) = rest.trim().parse::<u64>() {
                self.default_movetime = ms.max(1);
            }
        }
        if let Some(rest) = text.strip_prefix("setoption name MultiPV value ") {
            if let Ok(n) = rest.trim().parse::<usize>() {
                self.multipv = n.clamp(1, MAX_MULTIPV);
            }
        }
        if let Some(rest) = text.strip_prefix("setoption name Hash value ") {
            if let Ok(mb) = rest.trim().parse::<u64>() {
                let mut engine = Engine::new(hash_bits(mb.clamp(1, MAX_HASH_MB)));
                if let Some(stop) = self.engine.stop_signal() {
                    engine.stop_when(stop);
                }
                self.engine = engine;
            }
        }
        None
    }

    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let moves_at = words.iter().position(|&w| w == "moves");
        let head = &words[1..moves_at.unwrap_or(words.len())];
        let start = self.dialect.start();
        let chess960 = self.chess960 && self.dialect == UciRules::CHESS;
        let text = head.get(1..).unwrap_or(&[]).join(" ");
        let mut pos = match head.first().copied() {
            Some("startpos") if chess960 => {
                core_position(registry::open_fen(VariantId::Chess960, &fen::write(&start)))?
            }
            Some("startpos") => start,
            Some("fen") if chess960 => {
                core_position(registry::open_fen(VariantId::Chess960, &text))?
            }
            Some("fen") => self.dialect.position(&text)?,
            _ => return Err("position: expected startpos or fen".into()),
        };
        // The moves are played on the rules type the search plays (a variant file's trapdoors
        // and mines act as they are reached).
        let mut game = self.dialect.game(pos.clone());
        let mut keys = Vec::new();
        if let Some(i) = moves_at {
            for text in &words[i + 1..] {
                let m = coordinate::parse(&mut pos, text).map_err(|e| e.to_string())?;
                keys.push(pos.key());
                match &mut game {
                    Some(game) => {
                        game.make(m);
                        pos = game.position().clone();
                    }
                    None => {
                        pos.make(m);
                    }
                }
            }
        }
        self.pos = pos;
        self.game = game.map(|g| g.rooted_here());
        self.keys = keys;
        Ok(())
    }

    /// Runs one search and returns the `info` and `bestmove` lines (`infinite`: until stopped).
    fn go(&mut self, words: &[&str], infinite: bool) -> Vec<String> {
        if let Some(e) = &self.refused {
            return vec![
                format!("info string no position to search: {e}"),
                "bestmove 0000".to_string(),
            ];
        }
        let num = |name: &str| -> Option<u64> {
            let i = words.iter().position(|&w| w == name)?;
            words.get(i + 1)?.parse().ok()
        };
        let white = self.pos.side_to_move() == chessrules::core::Color::White;
        let clock = if white { num("wtime") } else { num("btime") };
        let inc = if white { num("winc") } else { num("binc") }.unwrap_or(0);
        let movetime = match (num("movetime"), clock) {
            (Some(ms), _) => ms,
            (None, Some(left)) => {
                let moves_to_go = num("movestogo").unwrap_or(30).max(1);
                (left / moves_to_go + inc * 3 / 4).min(left / 2).max(1)
            }
            (None, None) => self.default_movetime,
        };
        let mut limits = if infinite {
            Limits::infinite()
        } else {
            Limits::movetime(movetime.max(1))
        };
        // A `movetime` is spent whole, as GUIs expect; a clock's share stops at the soft
        // deadline, keeping time for the moves to come.
        limits.full_time |= num("movetime").is_some();
        limits.lines = self.multipv;
        if let Some(d) = num("depth") {
            limits.max_depth = (d as u32).clamp(1, limits.max_depth);
        }
        let Some(mut search) = self.game.clone() else {
            return vec!["bestmove 0000".to_string()];
        };
        search.set_history(&self.keys);
        if let Some(i) = words.iter().position(|&w| w == "searchmoves") {
            let mut pos = self.pos.clone();
            let only: Vec<Move> = words[i + 1..]
                .iter()
                .map_while(|t| coordinate::parse(&mut pos, t).ok())
                .collect();
            search.restrict_root(&only);
        }
        let write = if self.chess960 {
            coordinate::to_uci960
        } else {
            to_uci
        };
        let root = self.pos.clone();
        // One `info` line per line of each iteration, as it completes.
        let mut report = |it: &Iteration<'_, Move>| {
            let nps = it.nodes * 1000 / (it.elapsed.as_millis() as u64).max(1);
            let infos: Vec<String> = it
                .lines
                .iter()
                .enumerate()
                .map(|(k, line)| {
                    format!(
                        "info depth {} multipv {} score {} nodes {} nps {nps} time {} pv {}",
                        it.depth,
                        k + 1,
                        uci_score(line.score()),
                        it.nodes,
                        it.elapsed.as_millis(),
                        pv_text(&root, &line.pv, write)
                    )
                })
                .collect();
            let _ = say(&infos);
        };
        let r = self
            .engine
            .search_reporting(&mut search, &limits, &mut report);
        let mut lines = Vec::new();
        if r.depth == 0 {
            // No iteration completed (one legal move, a decided root): one line all the same.
            lines.push(format!(
                "info depth 0 score {} nodes {} time {} pv {}",
                uci_score(r.score()),
                r.nodes,
                r.elapsed.as_millis(),
                pv_text(&root, &r.pv, write)
            ));
        }
        lines.push(match r.best {
            Some(m) => format!("bestmove {}", write(&self.pos, m)),
            None => "bestmove 0000".to_string(),
        });
        lines
    }
}

/// A score as UCI writes it: `cp N` or `mate N` (moves, negative when losing).
fn uci_score(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::WinIn(n) => format!("mate {}", n.div_ceil(2)),
        Score::LossIn(n) => format!("mate -{}", n.div_ceil(2)),
    }
}

/// The moves of a line from `root`, in coordinates.
fn pv_text(root: &Position, pv: &[Move], write: fn(&Position, Move) -> String) -> String {
    let mut p = root.clone();
    let mut texts = Vec::with_capacity(pv.len());
    for &m in pv {
        texts.push(write(&p, m));
        p.make(m);
    }
    texts.join(" ")
}

/// `MultiPV` at most.
const MAX_MULTIPV: usize = 64;
/// `Hash`, in MB: the default (the table of 2^20 entries the engine always had), and the most.
const DEFAULT_HASH_MB: u64 = 32;
const MAX_HASH_MB: u64 = 4096;

/// Bits of a transposition table of at most `mb` megabytes.
fn hash_bits(mb: u64) -> u32 {
    let entry = std::mem::size_of::<Option<chessrules::engine::tt::Entry<Move>>>() as u64;
    let entries = (mb << 20) / entry;
    (63 - entries.max(2).leading_zeros()).min(26)
}

/// The position of a core game the registry opened (a FEN in standard chess or Chess960).
fn core_position(
    opened: std::result::Result<registry::AnyGame, chessrules::game::Diagnostic>,
) -> std::result::Result<Position, String> {
    match opened {
        Ok(registry::AnyGame::Core(game)) => Ok(game.position().clone()),
        Ok(_) => Err("not a core position".to_string()),
        Err(d) => Err(format!("bad fen: {}", d.full())),
    }
}
