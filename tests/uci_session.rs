//! A UCI session piped through the binary.

mod piped;

use piped::bestmoves;

/// A UCI session: its standard output.
fn session(input: &str) -> String {
    piped::ok(&["uci"], input).0
}

#[test]
fn handshake_and_a_legal_reply_to_e4() {
    let out = session("uci\nisready\nposition startpos moves e2e4\ngo movetime 100\nquit\n");
    assert!(out.lines().any(|l| l == "uciok"), "{out}");
    assert!(out.lines().any(|l| l == "readyok"), "{out}");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1, "{out}");
    let mut pos = chessrules::variants::standard::start();
    let e4 = chessrules::notation::coordinate::parse(&mut pos, "e2e4").unwrap();
    pos.make(e4);
    assert!(chessrules::notation::coordinate::parse(&mut pos, best[0]).is_ok());
    let legal: Vec<String> = pos
        .legal_move_list()
        .into_iter()
        .map(|m| chessrules::notation::coordinate::to_uci(&pos, m))
        .collect();
    assert!(legal.iter().any(|m| m == best[0]), "{}", best[0]);
}

#[test]
fn mate_in_one_from_a_fen() {
    let out = session("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    assert_eq!(bestmoves(&out), ["a1a8"], "{out}");
}

#[test]
fn searchmoves_restricts_the_root() {
    let out = session("position startpos\ngo depth 2 searchmoves a2a3 h2h3\n");
    let best = bestmoves(&out);
    assert!(best == ["a2a3"] || best == ["h2h3"], "{out}");
}

#[test]
fn checkmated_side_answers_the_null_move() {
    let out = session("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1\ngo movetime 50\n");
    assert_eq!(bestmoves(&out), ["0000"], "{out}");
}

#[test]
fn bad_position_is_reported_not_fatal() {
    let out = session("position fen nonsense\nisready\n");
    assert!(out.contains("info string"), "{out}");
    assert!(out.lines().any(|l| l == "readyok"), "{out}");
}

/// A refused `position` leaves no position to search: `go` answers the null move with the
/// reason, not a move for the position before (which the GUI no longer shows).
#[test]
fn go_after_a_refused_position_answers_the_null_move() {
    let out = session("position startpos moves e2e4\nposition fen nonsense\ngo movetime 50\n");
    assert_eq!(bestmoves(&out), ["0000"], "{out}");
    assert!(out.contains("info string no position to search"), "{out}");
    // An illegal move in the list is refused the same way; a good position clears it.
    let out = session(
        "position startpos moves e2e5\ngo movetime 50\nposition startpos moves e2e4\ngo depth 1\n",
    );
    let best = bestmoves(&out);
    assert_eq!(best.len(), 2, "{out}");
    assert_eq!(best[0], "0000", "{out}");
    assert_ne!(best[1], "0000", "{out}");
}

/// A command line longer than the cap is dropped with a note, whatever its length, and the
/// session goes on.
#[test]
fn an_overlong_line_is_dropped_and_the_session_goes_on() {
    let long = format!("position startpos moves {}\n", "e2e4 ".repeat(300_000));
    let out = session(&format!("{long}isready\nposition startpos\ngo depth 1\n"));
    assert!(
        out.contains("info string ignored a line longer than"),
        "{out}"
    );
    assert!(out.lines().any(|l| l == "readyok"), "{out}");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
}

/// The root of a drawn position (a repetition, fifty moves, dead material) still gets a legal
/// move: the draw is scored inside the tree, and the player to move has a move to make.
#[test]
fn a_drawn_root_still_gets_a_legal_move() {
    for (position, at) in [
        ("startpos moves g1f3 g8f6 f3g1 f6g8", None),
        (
            "fen 4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80",
            Some("4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80"),
        ),
        (
            "fen 4k3/8/8/8/8/8/8/4K1N1 w - - 0 1",
            Some("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1"),
        ),
    ] {
        let out = session(&format!("position {position}\ngo movetime 50\n"));
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1, "{out}");
        assert_ne!(best[0], "0000", "{position}: {out}");
        let mut pos = match at {
            Some(fen) => chessrules::variants::standard::from_fen(fen).unwrap(),
            None => {
                let mut p = chessrules::variants::standard::start();
                for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
                    let m = chessrules::notation::coordinate::parse(&mut p, m).unwrap();
                    p.make(m);
                }
                p
            }
        };
        assert!(
            chessrules::notation::coordinate::parse(&mut pos, best[0]).is_ok(),
            "{position}: {} is not legal",
            best[0]
        );
    }
}

mod live {
    //! A session driven line by line while the engine searches: the commands are read on
    //! their own thread. The waits below are guards against a hang (seconds), far from the
    //! times they tell apart (a search of a minute, or one that never ends by itself).
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Child, ChildStdin, Command, Stdio};
    use std::sync::mpsc::{self, Receiver};
    use std::time::Duration;

    const GUARD: Duration = Duration::from_secs(10);

    pub struct Engine {
        child: Child,
        stdin: ChildStdin,
        lines: Receiver<String>,
    }

    impl Engine {
        pub fn start() -> Engine {
            let mut child = Command::new(env!("CARGO_BIN_EXE_chessrules"))
                .arg("uci")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            let stdin = child.stdin.take().unwrap();
            let stdout = child.stdout.take().unwrap();
            let (send, lines) = mpsc::channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if send.send(line).is_err() {
                        break;
                    }
                }
            });
            Engine {
                child,
                stdin,
                lines,
            }
        }

        pub fn send(&mut self, line: &str) {
            writeln!(self.stdin, "{line}").unwrap();
            self.stdin.flush().unwrap();
        }

        /// The next line that starts with `prefix`, skipping `info` lines; panics after the
        /// guard time or on any other line.
        pub fn expect(&mut self, prefix: &str) -> String {
            loop {
                let line = self
                    .lines
                    .recv_timeout(GUARD)
                    .unwrap_or_else(|_| panic!("no '{prefix}' within {GUARD:?}"));
                if line.starts_with("info") {
                    continue;
                }
                assert!(
                    line.starts_with(prefix),
                    "expected '{prefix}', got '{line}'"
                );
                return line;
            }
        }

        /// Nothing but `info` lines for `wait`.
        pub fn silent_for(&mut self, wait: Duration) {
            let until = std::time::Instant::now() + wait;
            while let Some(left) = until.checked_duration_since(std::time::Instant::now()) {
                match self.lines.recv_timeout(left) {
                    Ok(line) => assert!(line.starts_with("info"), "unexpected '{line}'"),
                    Err(_) => return,
                }
            }
        }

        /// Waits for the process to end; panics after the guard time.
        pub fn exits(mut self) {
            let until = std::time::Instant::now() + GUARD;
            while std::time::Instant::now() < until {
                if let Some(status) = self.child.try_wait().unwrap() {
                    assert!(status.success(), "{status:?}");
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = self.child.kill();
            panic!("the engine did not quit within {GUARD:?}");
        }
    }

    impl Drop for Engine {
        fn drop(&mut self) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[test]
fn go_infinite_runs_until_stop_and_isready_is_answered_meanwhile() {
    let mut e = live::Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    // Before: the search ended by itself after about a second and said its bestmove.
    e.silent_for(std::time::Duration::from_secs(2));
    e.send("isready");
    e.expect("readyok");
    e.send("stop");
    let best = e.expect("bestmove ");
    assert_ne!(best, "bestmove 0000");
    e.send("quit");
    e.exits();
}

#[test]
fn stop_and_quit_end_a_long_search_at_once() {
    let mut e = live::Engine::start();
    e.send("position startpos");
    e.send("go movetime 600000");
    e.send("isready");
    e.expect("readyok");
    e.send("stop");
    e.expect("bestmove ");
    e.send("go movetime 600000");
    e.send("quit");
    e.exits();
}

/// A `stop` ends the searches read before it, not a `go` read after it: four lines sent at once
/// give two answers (before, the second `go` cleared the first search's `stop`, which then
/// searched on, and waited for a `stop` that had come already).
#[test]
fn a_stop_read_before_the_search_starts_is_not_lost() {
    let mut e = live::Engine::start();
    e.send("position startpos\ngo infinite\nstop\nposition startpos moves e2e4\ngo movetime 100");
    e.expect("bestmove ");
    e.expect("bestmove ");
    e.send("go movetime 600000\nstop");
    e.expect("bestmove ");
    e.send("quit");
    e.exits();
}

/// `UCI_Chess960`: positions in X-FEN or Shredder-FEN, castling as the king taking its own rook
/// both ways (here the king stays on g1 and the rook goes h1-f1, which `g1g1` could not say).
#[test]
fn chess960_mode_reads_and_writes_castling_as_king_takes_rook() {
    let fen = "r3k2r/8/8/8/8/8/8/R5KR w HA - 0 1";
    let out = session(&format!(
        "uci\nsetoption name UCI_Chess960 value true\nposition fen {fen}\ngo depth 2 searchmoves g1h1\n"
    ));
    assert!(out.contains("option name UCI_Chess960 type check"), "{out}");
    assert_eq!(bestmoves(&out), ["g1h1"], "{out}");
    // After g1h1 the rook stands on f1: f1f7 is a legal rook move, answered without complaint.
    let out = session(&format!(
        "setoption name UCI_Chess960 value true\nposition fen {fen} moves g1h1 a8b8 f1f7\ngo depth 1\n"
    ));
    assert!(!out.contains("info string"), "{out}");
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    // Without the option, FIDE castling is still the king's move.
    let out = session(
        "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 a8b8 f1f7\ngo depth 1\n",
    );
    assert!(!out.contains("info string"), "{out}");
}

/// Issue 67: an unknown `UCI_Variant` was ignored silently. It is answered with an `info
/// string` naming the variants offered, and the old variant stays.
#[test]
fn an_unknown_uci_variant_is_named_with_the_variants_offered() {
    let out = session(
        "setoption name UCI_Variant value nosuchvariant\nisready\nposition startpos\ngo depth 1\n",
    );
    let said = out
        .lines()
        .find(|l| l.starts_with("info string unknown UCI_Variant 'nosuchvariant'"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(said.contains("still chess"), "{said}");
    for name in ["chess", "crazyhouse", "atomic", "xiangqi", "shogi"] {
        assert!(said.split(' ').any(|w| w == name), "{name} in {said}");
    }
    assert!(out.lines().any(|l| l == "readyok"), "{out}");
    // Still chess: a chess move from the start.
    assert_eq!(bestmoves(&out).len(), 1, "{out}");
    assert_eq!(bestmoves(&out)[0].len(), 4, "{out}");
}
