//! Output paths that are not regular files (docs/decisions.md, "Hardening, second round"): a
//! character device or FIFO is written in place and never replaced, a symbolic link is followed
//! to the file it names, a FIFO nobody reads is a clear error instead of a hang. Run through
//! `obstacle IN OUT`, whose OUT is written by the shared atomic writer.
#![cfg(unix)]

mod requires;

use std::fs;
use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_chessrules");
const BOARD: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\n\
RNBQKBNR\nw 3 3 + + + + - 0\n";

struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("out-special-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("in"), BOARD).unwrap();
        Scratch(dir)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
    fn obstacle(&self, out: &Path) -> Output {
        Command::new(BIN)
            .arg("obstacle")
            .arg(self.path("in"))
            .arg(out)
            .output()
            .unwrap()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A copy of a character device (`mknod`, root only). Outside CI, a machine that does not let
/// us make one skips the device tests; CI runs as root and must run them.
fn device_copy(path: &Path, minor: u32) -> bool {
    let made = Command::new("mknod")
        .arg(path)
        .args(["c", "1", &minor.to_string()])
        .status()
        .is_ok_and(|s| s.success());
    if !made {
        requires::missing("mknod (root) to copy a character device");
    }
    made
}

fn is_char_device(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

/// Runs `obstacle IN OUT` with OUT a copy of the character device `1, minor`; checks that it
/// is still that device afterwards, and returns the run (`None` where no copy can be made).
fn into_device(name: &str, minor: u32) -> Option<(Scratch, Output)> {
    let s = Scratch::new(name);
    let out = s.path(name);
    if !device_copy(&out, minor) {
        return None;
    }
    let r = s.obstacle(&out);
    assert!(is_char_device(&out), "the device was replaced: {r:?}");
    assert_eq!(
        fs::read_dir(&s.0).unwrap().count(),
        2,
        "a file was left beside it"
    );
    Some((s, r))
}

#[test]
fn a_null_device_is_written_to_and_stays_a_device() {
    if let Some((_, r)) = into_device("null", 3) {
        assert_eq!(r.status.code(), Some(0), "{r:?}");
    }
}

#[test]
fn a_full_device_is_an_io_error_and_stays_a_device() {
    if let Some((_, r)) = into_device("full", 7) {
        assert_eq!(r.status.code(), Some(3), "{r:?}");
        let stderr = String::from_utf8_lossy(&r.stderr);
        assert!(
            stderr.contains("cannot write") && stderr.contains("No space left on device"),
            "{stderr}"
        );
    }
}

#[test]
fn a_fifo_is_written_through_and_stays_a_fifo() {
    let s = Scratch::new("fifo");
    let out = s.path("fifo");
    assert!(Command::new("mkfifo").arg(&out).status().unwrap().success());
    let reader_path = out.clone();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        fs::File::open(reader_path)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        text
    });
    // The writer must find the reader there: wait until the reader's open is under way.
    std::thread::sleep(Duration::from_millis(200));
    let r = s.obstacle(&out);
    assert_eq!(r.status.code(), Some(0), "{r:?}");
    assert_eq!(reader.join().unwrap(), BOARD);
    assert!(fs::symlink_metadata(&out).unwrap().file_type().is_fifo());
}

#[test]
fn a_fifo_nobody_reads_is_refused_at_once() {
    let s = Scratch::new("fifo-alone");
    let out = s.path("fifo");
    assert!(Command::new("mkfifo").arg(&out).status().unwrap().success());
    let start = Instant::now();
    let r = s.obstacle(&out);
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "it waited for a reader"
    );
    assert_eq!(r.status.code(), Some(3), "{r:?}");
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(
        stderr.contains("no process is reading this FIFO"),
        "{stderr}"
    );
    assert!(fs::symlink_metadata(&out).unwrap().file_type().is_fifo());
}

#[test]
fn a_symlink_is_followed_and_stays_a_link() {
    let s = Scratch::new("link");
    let target = s.path("target");
    let link = s.path("link");
    fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink("target", &link).unwrap();
    let r = s.obstacle(&link);
    assert_eq!(r.status.code(), Some(0), "{r:?}");
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_to_string(&target).unwrap(), BOARD);
    // A link to a file not yet there: the file is created where the link points.
    fs::remove_file(&target).unwrap();
    let r = s.obstacle(&link);
    assert_eq!(r.status.code(), Some(0), "{r:?}");
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_to_string(&target).unwrap(), BOARD);
}
