//! An external UCI engine (Stockfish, or `chessrules uci` itself) as an opponent: spawn,
//! handshake, `position fen …` + `go movetime …`, read `bestmove`, with timeouts so a dead
//! or silent engine is an error instead of a hang.
//! A variant with rules the engine does not know puts its own bridge on top (obstacle chess's
//! `uci_bridge`).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::core::Position;
use crate::notation::fen;

/// Time an engine gets to answer `uci` / `isready`, and on top of its move time.
const GRACE: Duration = Duration::from_secs(10);

/// What went wrong with an external engine.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The program could not be started (or gave no pipes).
    #[error("cannot start UCI engine {path}: {source}")]
    Spawn {
        /// The program's path, as given.
        path: String,
        /// Why it did not start.
        source: std::io::Error,
    },
    /// No answer within the grace time (on top of the move time for `go`).
    #[error("UCI engine did not answer '{waiting_for}' in time")]
    Timeout {
        /// The answer expected: `uciok`, `readyok` or `bestmove`.
        waiting_for: String,
    },
    /// The engine closed its output (it quit or crashed) before answering.
    #[error("UCI engine closed its output while we waited for '{waiting_for}'")]
    Closed {
        /// The answer expected: `uciok`, `readyok` or `bestmove`.
        waiting_for: String,
    },
    /// A command could not be written to the engine's input.
    #[error("writing to the UCI engine: {0}")]
    Write(#[from] std::io::Error),
}

/// A running UCI engine.
pub struct UciClient {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's `id name`, or its path if it gave none.
    pub name: String,
    /// The `option name …` lines of the handshake (what the engine can be set to).
    pub options: Vec<String>,
}

impl UciClient {
    /// Starts the engine at `path` and completes the `uci` / `isready` handshake.
    pub fn spawn(path: &Path, args: &[&str]) -> Result<UciClient, UciError> {
        let spawn_err = |source| UciError::Spawn {
            path: path.display().to_string(),
            source,
        };
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(spawn_err)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(spawn_err(std::io::Error::other("no pipes")));
        };
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut client = UciClient {
            child,
            stdin,
            lines,
            name: path.display().to_string(),
            options: Vec::new(),
        };
        client.send("uci")?;
        for line in client.wait_for("uciok", GRACE)? {
            if let Some(n) = line.strip_prefix("id name ") {
                client.name = n.to_string();
            } else if line.starts_with("option name ") {
                client.options.push(line);
            }
        }
        client.send("isready")?;
        client.wait_for("readyok", GRACE)?;
        Ok(client)
    }

    fn send(&mut self, line: &str) -> Result<(), UciError> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()?;
        Ok(())
    }

    /// Lines up to and including the first that starts with `token`.
    fn wait_for(&mut self, token: &str, within: Duration) -> Result<Vec<String>, UciError> {
        let deadline = Instant::now() + within;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.split_whitespace().next() == Some(token);
                    seen.push(line);
                    if done {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(UciError::Timeout {
                        waiting_for: token.into(),
                    })
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(UciError::Closed {
                        waiting_for: token.into(),
                    })
                }
            }
        }
    }

    /// Sets a UCI option (e.g. `Skill Level`).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), UciError> {
        self.send(&format!("setoption name {name} value {value}"))?;
        self.send("isready")?;
        self.wait_for("readyok", GRACE).map(|_| ())
    }

    /// Does the engine offer `value` for its `UCI_Variant` option?
    pub fn supports_variant(&self, value: &str) -> bool {
        self.options.iter().any(|o| {
            o.starts_with("option name UCI_Variant ")
                && o.split_whitespace()
                    .collect::<Vec<_>>()
                    .windows(2)
                    .any(|w| w[0] == "var" && w[1] == value)
        })
    }

    /// Starts a new game for the engine.
    pub fn new_game(&mut self) -> Result<(), UciError> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok", GRACE).map(|_| ())
    }

    /// The engine's move (UCI text) for `pos`, searching only `searchmoves` if not empty.
    /// `None` when it answers `bestmove 0000` / `(none)`.
    pub fn best_move(
        &mut self,
        pos: &Position,
        movetime_ms: u64,
        searchmoves: &[String],
    ) -> Result<Option<String>, UciError> {
        self.send(&format!("position fen {}", fen::write(pos)))?;
        self.go(movetime_ms, searchmoves)
    }

    /// The engine's move after `moves` (UCI text) played from the position `start_fen`: the
    /// engine sees the whole game, so it knows which positions would repeat. It searches only
    /// `searchmoves` if not empty.
    pub fn best_move_after(
        &mut self,
        start_fen: &str,
        moves: &[String],
        movetime_ms: u64,
        searchmoves: &[String],
    ) -> Result<Option<String>, UciError> {
        let mut position = format!("position fen {start_fen}");
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.send(&position)?;
        self.go(movetime_ms, searchmoves)
    }

    /// Sends `go` and reads the answer (see `best_move`).
    fn go(&mut self, movetime_ms: u64, searchmoves: &[String]) -> Result<Option<String>, UciError> {
        let mut go = format!("go movetime {movetime_ms}");
        if !searchmoves.is_empty() {
            go.push_str(" searchmoves ");
            go.push_str(&searchmoves.join(" "));
        }
        self.send(&go)?;
        let lines = self.wait_for("bestmove", Duration::from_millis(movetime_ms) + GRACE)?;
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .filter(|m| *m != "0000" && *m != "(none)")
            .map(str::to_string);
        Ok(best)
    }
}

impl Drop for UciClient {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
