//! Output that cannot be written never makes the program panic: a closed pipe ends it quietly
//! with exit code 0 (the reader has what it wanted), any other write error is reported with
//! the I/O exit code 3 (docs/decisions.md, "Closed pipes and full disks").

mod requires;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_chessrules");

/// Pawn race refuses each empty line on standard error; the reader stops after one line, long
/// before the program has written its megabytes of refusals.
#[test]
fn a_reader_that_closes_the_pipe_ends_the_program_quietly() {
    let mut child = Command::new(BIN)
        .args(["pawnrace", "P", "P", "h", "a", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Feed from a thread: the program blocks on its full stderr pipe, not on our writes.
    let feeder = std::thread::spawn(move || {
        let lines = "\n".repeat(200_000);
        let _ = stdin.write_all(lines.as_bytes());
    });
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert_eq!(first, "Invalid move: empty move\n");
    drop(stderr);
    let status = child.wait().unwrap();
    let _ = feeder.join();
    assert_eq!(status.code(), Some(0), "closed pipe: {status:?}");
}

#[test]
fn a_full_disk_is_an_io_error_not_a_panic() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        requires::missing("/dev/full (this system has none)");
        return;
    };
    let out = Command::new(BIN)
        .args(["perft", "2", "--divide"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("error: cannot write to standard output: No space left on device"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}
