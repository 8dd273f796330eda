//! `standard validate` reads game databases as they are published: `.pgn.zst` (lichess),
//! `.pgn.gz`, `.pgn.bz2`, from a file or standard input, with the same report as the plain
//! file; a broken compressed stream is a read error (exit 3), never a panic or a hang.

use std::io::Write;

use assert_cmd::Command;

/// A few games: legal ones, an illegal one, and one from a FEN tag.
const GAMES: &str = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n\
[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n";

fn gzip(text: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(text).expect("written");
    e.finish().expect("finished")
}

fn bzip2(text: &[u8]) -> Vec<u8> {
    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    e.write_all(text).expect("written");
    e.finish().expect("finished")
}

fn zstd(text: &[u8]) -> Vec<u8> {
    zstd::encode_all(text, 1).expect("compressed")
}

/// A folder of this test's own, removed first if a killed run left it.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("chessrules-zip-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

fn validate(args: &[&str], stdin: Option<Vec<u8>>) -> (String, i32) {
    let mut cmd = Command::cargo_bin("chessrules").expect("built");
    cmd.args(["standard", "validate"]).args(args);
    if let Some(bytes) = stdin {
        cmd.write_stdin(bytes);
    }
    let out = cmd.output().expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn every_compression_reads_as_the_plain_file_does() {
    let dir = scratch("same");
    let plain = dir.join("games.pgn");
    std::fs::write(&plain, GAMES).expect("written");
    let expected = validate(&[plain.to_str().expect("utf-8")], None);
    assert!(expected.0.contains("game 2: illegal"), "{}", expected.0);
    assert_eq!(expected.1, 1);
    for (suffix, bytes) in [
        ("gz", gzip(GAMES.as_bytes())),
        ("bz2", bzip2(GAMES.as_bytes())),
        ("zst", zstd(GAMES.as_bytes())),
    ] {
        let path = dir.join(format!("games.pgn.{suffix}"));
        std::fs::write(&path, &bytes).expect("written");
        assert_eq!(
            validate(&[path.to_str().expect("utf-8")], None),
            expected,
            "{suffix}"
        );
        // From standard input, and under a name that says nothing: the first bytes decide.
        assert_eq!(
            validate(&["-"], Some(bytes.clone())),
            expected,
            "{suffix} on stdin"
        );
        let json = validate(&["--json", path.to_str().expect("utf-8")], None);
        assert_eq!(json.0.lines().count(), 3, "{suffix}: {}", json.0);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_compressed_file_is_a_read_error() {
    let dir = scratch("broken");
    let mut cut = gzip(GAMES.repeat(50).as_bytes());
    cut.truncate(cut.len() / 2);
    for (name, bytes) in [
        ("cut.pgn.gz", cut),
        (
            "garbage.pgn.zst",
            vec![0x28, 0xb5, 0x2f, 0xfd, 0xff, 0xff, 0xff, 0xff],
        ),
        ("garbage.pgn.bz2", b"BZh91AY&SYgarbage".to_vec()),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).expect("written");
        let out = Command::cargo_bin("chessrules")
            .expect("built")
            .args(["standard", "validate", path.to_str().expect("utf-8")])
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .expect("runs");
        let code = out.status.code();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            code == Some(3) && stderr.contains("error: reading"),
            "{name}: {code:?} {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
