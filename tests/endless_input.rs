//! Input that never ends and never holds a game ends with an error (issue 40, item 6):
//! `standard validate /dev/zero` used to scan for a game start forever.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_chessrules");

#[test]
fn validate_stops_on_dev_zero_with_a_clear_error() {
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .args(["standard", "validate", "/dev/zero"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Bounded here, so a regression fails instead of hanging the suite.
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("still reading /dev/zero after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.code(), Some(1), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("game 1: unreadable: "), "{stdout}");
    assert!(
        stderr.contains(
            "no game starts after the unreadable game at line 1 within 8 MiB: the rest of the input is not PGN"
        ),
        "{stderr}"
    );
}

/// Junk shorter than the limit between two games is skipped as before.
#[test]
fn a_game_after_a_megabyte_of_junk_is_still_read() {
    let dir = std::env::temp_dir().join(format!("chessrules-junk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.pgn");
    let mut text = b"[Event \"a\"]\n\n1. e4 e5 *\n\n".to_vec();
    text.extend(std::iter::repeat_n(b'\0', 1 << 20));
    text.extend(b"\n[Event \"b\"]\n\n1. d4 d5 *\n");
    std::fs::write(&path, &text).unwrap();
    let out = Command::new(BIN)
        .args(["standard", "validate"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("game 1: legal"), "{stdout}");
    assert!(stdout.contains("game 2: unreadable"), "{stdout}");
    assert!(stdout.contains("game 3: legal"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tag cut by endless junk, or a comment that never closes, ends the same way (the skips
/// after a tag error and inside a comment are bounded too).
#[test]
fn a_tag_or_a_comment_followed_by_endless_zeros_ends() {
    for head in [&b"["[..], b"[A \"", b"[Event \"x\"]\n\n1. e4 {", b"%"] {
        let mut child = Command::new(BIN)
            .args(["standard", "validate", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let shown = String::from_utf8_lossy(head).into_owned();
        let head = head.to_vec();
        // Feeds zeros until the reader stops reading (a broken pipe) or a minute passes.
        let feeder = std::thread::spawn(move || {
            use std::io::Write;
            let started = Instant::now();
            if stdin.write_all(&head).is_err() {
                return;
            }
            let zeros = vec![0u8; 1 << 16];
            while started.elapsed() < Duration::from_secs(60) {
                if stdin.write_all(&zeros).is_err() {
                    return;
                }
            }
        });
        let out = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{shown:?}: {stderr}");
        assert!(
            stderr.contains("the rest of the input is not PGN"),
            "{stderr}"
        );
    }
}

/// Issue 67: `chessrules follow` asks for its file names on standard input; from `/dev/zero`
/// the first name never ends. A name past 4096 bytes ends the program at once, with the exit
/// code of a shorter over-long one.
#[test]
fn follow_reading_its_file_name_from_dev_zero_ends_at_once() {
    let started = Instant::now();
    let mut child = Command::new(BIN)
        .arg("follow")
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("still reading /dev/zero after 30 seconds");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("board file name: a file name is at most 4096 bytes"),
        "{stderr}"
    );
    let long_name = format!("{}\n", "a".repeat(5000));
    let shorter = Command::new(BIN)
        .arg("follow")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(long_name.as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(status.code(), shorter.status.code());
    assert_eq!(status.code(), Some(2));
}
