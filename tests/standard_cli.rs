//! Golden tests of `chessrules standard …`: each folder of `testBoards/standard/` is a case:
//! `cmd` (one argument per line, after `chessrules`), optional `stdin`, any input files, and
//! the expected `stdout`, `stderr`, `code`, plus `expected-NAME` for every file NAME the
//! command must write. The case runs in a scratch copy of its folder.
//!
//! `BLESS=1 cargo test --test standard_cli` rewrites the expected files (then review them).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use std::io::Write;

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("testBoards/standard");
    let mut dirs: Vec<PathBuf> = fs::read_dir(&root)
        .expect("testBoards/standard")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("cmd").is_file())
        .collect();
    dirs.sort();
    dirs
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_file() {
            fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

fn check(bless: bool, case: &Path, name: &str, actual: &[u8], failures: &mut Vec<String>) {
    let path = case.join(name);
    if bless {
        fs::write(&path, actual).unwrap();
        return;
    }
    let expected = fs::read(&path).unwrap_or_default();
    if expected != actual {
        failures.push(format!(
            "{}/{name}:\n--- expected\n{}\n--- actual\n{}",
            case.display(),
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(actual)
        ));
    }
}

#[test]
fn golden_cases() {
    let bless = std::env::var_os("BLESS").is_some();
    let bin = env!("CARGO_BIN_EXE_chessrules");
    let mut failures = Vec::new();
    let cases = cases();
    assert!(cases.len() >= 10, "golden cases missing");
    for case in cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let scratch =
            std::env::temp_dir().join(format!("chessrules-standard-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&scratch);
        copy_dir(&case, &scratch);
        let cmd = fs::read_to_string(case.join("cmd")).unwrap();
        let args: Vec<&str> = cmd.lines().filter(|l| !l.is_empty()).collect();
        let mut child = Command::new(bin)
            .args(&args)
            .current_dir(&scratch)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let input = fs::read(case.join("stdin")).unwrap_or_default();
        {
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(&input);
        }
        let out = child.wait_with_output().unwrap();
        check(bless, &case, "stdout", &out.stdout, &mut failures);
        check(bless, &case, "stderr", &out.stderr, &mut failures);
        let code = format!("{}\n", out.status.code().unwrap_or(-1));
        check(bless, &case, "code", code.as_bytes(), &mut failures);
        // Files the command wrote: every new file in the scratch folder.
        for e in fs::read_dir(&scratch).unwrap() {
            let e = e.unwrap();
            let file = e.file_name().to_string_lossy().into_owned();
            if !case.join(&file).exists() {
                let actual = fs::read(e.path()).unwrap();
                check(
                    bless,
                    &case,
                    &format!("expected-{file}"),
                    &actual,
                    &mut failures,
                );
            }
        }
        if !bless {
            for e in fs::read_dir(&case).unwrap() {
                let file = e.unwrap().file_name().to_string_lossy().into_owned();
                if let Some(wanted) = file.strip_prefix("expected-") {
                    if !scratch.join(wanted).exists() {
                        failures.push(format!("{}: {wanted} was not written", case.display()));
                    }
                }
            }
        }
        let _ = fs::remove_dir_all(&scratch);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `chessrules standard validate --jobs JOBS FORMAT… PATH`, run to its end.
fn validate(path: &std::path::Path, format: &[&str], jobs: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(["standard", "validate", "--jobs", jobs])
        .args(format)
        .arg(path)
        .output()
        .unwrap()
}

#[test]
fn validate_keeps_file_order_across_batches_and_threads() {
    // 5,000 games (three batches); every 997th is illegal.
    let mut text = String::new();
    for i in 1..=5000 {
        let bad = if i % 997 == 0 { "Ke3" } else { "Nf3" };
        // Every 1013th has a null move: its warning line must follow its own verdict.
        let pass = if i % 1013 == 0 { " -- Nc3" } else { "" };
        text.push_str(&format!("[Round \"{i}\"]\n\n1. e4 e5 2. {bad}{pass} *\n\n"));
    }
    let path = std::env::temp_dir().join(format!("chessrules-order-{}.pgn", std::process::id()));
    fs::write(&path, text).unwrap();
    let run_as = |format: &[&str], jobs: &str| validate(&path, format, jobs);
    let run = |jobs: &str| run_as(&["--json"], jobs);
    let one = run("1");
    let two = run("2");
    let text_one = run_as(&[], "1");
    let text_two = run_as(&[], "2");
    let _ = fs::remove_file(&path);
    assert_eq!(text_one.stdout, text_two.stdout);
    let text = String::from_utf8(text_two.stdout).unwrap();
    let text: Vec<&str> = text.lines().collect();
    assert_eq!(
        text.len(),
        5000 + 4,
        "one warning line for each of 4 null moves"
    );
    for (at, line) in text
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains("warning"))
    {
        let game = line.split(':').next().unwrap();
        assert!(text[at - 1].starts_with(&format!("{game}: ")), "{line}");
        assert!(
            game.ends_with("013")
                || game.ends_with("026")
                || game.ends_with("039")
                || game.ends_with("052"),
            "{line}"
        );
    }
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.status.code(), Some(1));
    let out = String::from_utf8(two.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5000);
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        assert!(line.starts_with(&format!("{{\"game\":{n},")), "{line}");
        assert_eq!(line.contains("\"legal\":false"), n % 997 == 0, "{line}");
    }
}

/// `--jobs 2` reads a plain file of 4 MiB or more by pieces in parallel; the output must be one
/// reader's, byte for byte: game numbers, line numbers in warnings and errors, exit codes.
#[test]
fn validate_by_pieces_reports_what_one_reader_reports() {
    // Games with an illegal move, a syntax error (its line is in the report), a null move (a
    // warning with its line), CRLF line ends; `bait` puts a blank line and a tag line inside
    // a comment of every game, so that some cuts are guessed inside a game and must not be
    // taken; `junk` ends the file with megabytes that are not PGN; `parted: false` leaves no
    // blank line between games, so no cut is found and the file is read as one stream.
    let file = |bait: bool, junk: bool, parted: bool| {
        let mut text = String::new();
        let mut i = 0;
        while text.len() < 6 << 20 {
            i += 1;
            let end = if i % 7 == 0 { "\r\n" } else { "\n" };
            text.push_str(&format!("[Event \"e{i}\"]{end}[Site \"s\"]{end}{end}"));
            let comment = if bait {
                format!("{{ a note{end}{end}[Event \"not a game\"]{end}}} ")
            } else {
                String::new()
            };
            let body = match i % 101 {
                0 => "1. e4 e5 2. Ke3 *".to_string(),
                50 => "1. e4 e5 2. Nf3 ) Nc6 *".to_string(),
                75 => "1. e4 -- 2. d4 *".to_string(),
                _ => format!("1. e4 {comment}e5 2. Nf3 Nc6 3. Bb5 a6 1-0"),
            };
            // Unparted games (no blank line after the result) give the planner no cut.
            let gap = if parted { end } else { "" };
            text.push_str(&format!("{body}{end}{gap}"));
        }
        if junk {
            text.push_str("[Event \"cut\"]\n\n1. e4 {");
            text.push_str(&"x".repeat(300 << 20 >> 4));
        }
        text
    };
    let cases = [
        (false, false, true),
        (true, false, true),
        (false, true, true),
        (false, false, false),
    ];
    for (bait, junk, parted) in cases {
        let path = std::env::temp_dir().join(format!(
            "chessrules-pieces-{}-{bait}-{junk}-{parted}.pgn",
            std::process::id()
        ));
        fs::write(&path, file(bait, junk, parted)).unwrap();
        let run = |format: &[&str], jobs: &str| validate(&path, format, jobs);
        for format in [&[][..], &["--json"][..]] {
            let one = run(format, "1");
            assert!(one.stdout.len() > 100_000, "{bait} {junk}");
            for jobs in ["2", "3"] {
                let many = run(format, jobs);
                let case =
                    format!("bait {bait}, junk {junk}, parted {parted}, {format:?}, --jobs {jobs}");
                assert!(one.stdout == many.stdout, "{case}: the reports differ");
                assert_eq!(one.stderr, many.stderr, "{case}");
                assert_eq!(one.status.code(), many.status.code(), "{case}");
            }
        }
        let _ = fs::remove_file(&path);
    }
}
