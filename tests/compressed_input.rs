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

/// `n` generated games (the command's own generator, a fixed seed), as PGN text.
fn generated_games(dir: &std::path::Path, n: u32) -> Vec<u8> {
    let path = dir.join("generated.pgn");
    Command::cargo_bin("chessrules")
        .expect("built")
        .args(["standard", "gen-pgn", path.to_str().expect("utf-8")])
        .args(["--games", &n.to_string(), "--seed", "7"])
        .assert()
        .success();
    std::fs::read(&path).expect("the games were written")
}

/// What `validate ARGS` prints on both streams, and its exit code.
fn validate_all(args: &[&str], stdin: Option<Vec<u8>>) -> (String, String, i32) {
    let mut cmd = Command::cargo_bin("chessrules").expect("built");
    cmd.args(["standard", "validate"]).args(args);
    if let Some(bytes) = stdin {
        cmd.write_stdin(bytes);
    }
    let out = cmd
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .expect("runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(9))]
    /// A damaged `.zst`, `.gz` or `.bz2` (junk written anywhere in it) prints the same games
    /// and the same error whatever the number of threads, from the file or standard input:
    /// one thread's output, byte for byte.
    #[test]
    fn a_damaged_archive_reads_the_same_with_any_number_of_threads(
        format in 0usize..3,
        at in 0.02f64..0.98,
        junk in proptest::collection::vec(proptest::prelude::any::<u8>(), 8..9),
    ) {
        let dir = scratch(&format!("damaged-{format}"));
        let text = generated_games(&dir, 2500);
        let (suffix, mut bytes) = match format {
            0 => ("zst", zstd(&text)),
            1 => ("gz", gzip(&text)),
            _ => ("bz2", bzip2(&text)),
        };
        let start = ((bytes.len() as f64 * at) as usize).max(4);
        let end = (start + junk.len()).min(bytes.len());
        bytes[start..end].copy_from_slice(&junk[..end - start]);
        let path = dir.join(format!("games.pgn.{suffix}"));
        std::fs::write(&path, &bytes).expect("written");
        let name = path.to_str().expect("utf-8");
        // Junk in the first block leaves no game before the error; junk a decoder without a
        // checksum passes on makes unreadable games: either way every run prints the same.
        let one = validate_all(&["--jobs", "1", name], None);
        for args in [["--jobs", "2", name], ["--jobs", "3", name]] {
            proptest::prop_assert_eq!(&validate_all(&args, None), &one, "{:?}", args);
        }
        let from_stdin = validate_all(&["--jobs", "2", "-"], Some(bytes.clone()));
        proptest::prop_assert_eq!(&from_stdin.0, &one.0);
        proptest::prop_assert_eq!(from_stdin.2, one.2);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
