//! The bad-input catalogue (issue 12): every case folder in `testBoards/bad-input/` is run in
//! a fresh temporary folder and must give exactly its `code`, `stdout` and `stderr`.
//!
//! A case folder holds its input files, `cmd` (arguments, one per line, relative paths),
//! optional `stdin`, optional `setup` (made at test time, never committed: `huge-line F N`
//! writes N bytes of `x` and a newline, `many-lines F N` writes N empty lines, `dir F`,
//! `readonly-dir F`, `chmod000 F`; `huge-line stdin N` feeds the line on standard input) and
//! optional `after` (`absent F`, `folder F`, `equals F CASEFILE`). The cases are made by
//! `scripts/bad-input-cases.py`. Cases with huge inputs run under an address-space limit
//! (`prlimit --as`), so a reader that loads them whole fails the test. Permission cases need
//! a user the permissions apply to: as root they run as `nobody` through `setpriv`, or are
//! skipped with a message when that is not possible.
//!
//! Also here: killing a writer mid-write never leaves a partial output file.
use std::fs;
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

mod requires;

const BIN: &str = env!("CARGO_BIN_EXE_chessrules");
/// Files of a case folder that describe the case rather than being its inputs.
const META: [&str; 8] = [
    "cmd",
    "setup",
    "stdin",
    "after",
    "code",
    "stdout",
    "stderr",
    "expected-in1",
];
/// Address space allowed to a run with huge inputs (100 MB and 10 MB): reading one of them
/// whole (and its lossy UTF-8 copy) does not fit.
const HUGE_INPUT_AS_LIMIT: u64 = 160 << 20;

fn catalogue() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testBoards/bad-input")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bad-input-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Where the huge files are made (removed at the end of the catalogue test).
fn huge_dir() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| scratch("huge"))
}

/// The huge files, made once and hard-linked (or copied) into each case that uses them.
fn huge(kind: &str, n: usize) -> PathBuf {
    let dir = huge_dir();
    let path = dir.join(format!("{kind}-{n}"));
    if !path.exists() {
        let tmp = dir.join(format!("{kind}-{n}.{:?}", std::thread::current().id()));
        let mut f = std::io::BufWriter::new(fs::File::create(&tmp).unwrap());
        let (byte, count) = if kind == "huge-line" {
            (b'x', n)
        } else {
            (b'\n', n)
        };
        let chunk = vec![byte; 1 << 20];
        let mut left = count;
        while left > 0 {
            let k = left.min(chunk.len());
            f.write_all(&chunk[..k]).unwrap();
            left -= k;
        }
        if kind == "huge-line" {
            f.write_all(b"\n").unwrap();
        }
        f.into_inner().unwrap().sync_all().unwrap();
        fs::rename(&tmp, &path).unwrap();
    }
    path
}

fn is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .map(|s| {
            s.lines()
                .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Whether `setpriv` can run the binary as nobody (it may live in a folder only root can enter).
fn nobody_can_run_us() -> bool {
    static ANSWER: OnceLock<bool> = OnceLock::new();
    *ANSWER.get_or_init(|| {
        Command::new("setpriv")
            .args([
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                BIN,
                "--version",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

struct Outcome {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs one case; `None` when it has to be skipped here (the reason is printed).
fn run_case(case: &Path) -> Option<(Outcome, PathBuf)> {
    let name = case.file_name().unwrap().to_string_lossy().into_owned();
    let work = scratch(&name);
    for entry in fs::read_dir(case).unwrap() {
        let entry = entry.unwrap();
        let file = entry.file_name().to_string_lossy().into_owned();
        if !META.contains(&file.as_str()) && file != "original-in1" {
            fs::copy(entry.path(), work.join(&file)).unwrap();
        }
    }
    let mut stdin = fs::read(case.join("stdin")).unwrap_or_default();
    let setup = fs::read_to_string(case.join("setup")).unwrap_or_default();
    let mut huge_input = false;
    let mut needs_permissions = false;
    for line in setup.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let Some(&target) = w.get(1) else { continue };
        let path = work.join(target);
        match w[0] {
            "dir" => fs::create_dir_all(&path).unwrap(),
            "readonly-dir" => {
                fs::create_dir_all(&path).unwrap();
                fs::set_permissions(&path, fs::Permissions::from_mode(0o555)).unwrap();
                needs_permissions = true;
            }
            "chmod000" => {
                fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
                needs_permissions = true;
            }
            kind @ ("huge-line" | "many-lines") => {
                huge_input = true;
                let n: usize = w[2].parse().unwrap();
                let src = huge(kind, n);
                if target == "stdin" {
                    stdin = fs::read(&src).unwrap();
                } else if fs::hard_link(&src, &path).is_err() {
                    fs::copy(&src, &path).unwrap();
                }
            }
            other => panic!("{name}: unknown setup {other}"),
        }
    }
    let args: Vec<String> = fs::read_to_string(case.join("cmd"))
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let mut command: Vec<String> = Vec::new();
    if needs_permissions && is_root() {
        if !nobody_can_run_us() {
            requires::missing(&format!(
                "{name}: running as root, and cannot run the binary as nobody (setpriv)"
            ));
            cleanup(&work);
            return None;
        }
        // Root ignores permissions: run as nobody in a folder nobody can use.
        fs::set_permissions(&work, fs::Permissions::from_mode(0o777)).unwrap();
        for entry in fs::read_dir(&work).unwrap() {
            let p = entry.unwrap().path();
            let mode = fs::metadata(&p).unwrap().permissions().mode() & 0o777;
            if p.is_file() && mode != 0 {
                fs::set_permissions(&p, fs::Permissions::from_mode(0o644)).unwrap();
            }
        }
        command.extend(
            [
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
            ]
            .map(String::from),
        );
    }
    if huge_input {
        if have("prlimit") {
            command.push("prlimit".into());
            command.push(format!("--as={HUGE_INPUT_AS_LIMIT}"));
        } else {
            eprintln!("{name}: prlimit not available, memory is not bounded in this run");
        }
    }
    command.push(BIN.into());
    command.extend(args);
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .current_dir(&work)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        // The program may stop reading early (a refused game): a broken pipe is fine.
        let _ = pipe.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    Some((
        Outcome {
            code: out.status.code(),
            stdout: out.stdout,
            stderr: out.stderr,
        },
        work,
    ))
}

fn check_after(case: &Path, work: &Path) -> Vec<String> {
    let mut failures = Vec::new();
    let after = fs::read_to_string(case.join("after")).unwrap_or_default();
    for line in after.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let ok = match w.as_slice() {
            ["absent", f] => !work.join(f).exists(),
            ["folder", f] => work.join(f).is_dir(),
            ["equals", f, expected] => {
                fs::read(work.join(f)).ok() == fs::read(case.join(expected)).ok()
            }
            _ => false,
        };
        if !ok {
            failures.push(format!("after: {line}"));
        }
    }
    failures
}

fn cleanup(work: &Path) {
    let _ = Command::new("chmod")
        .arg("-R")
        .arg("u+rwx")
        .arg(work)
        .status();
    let _ = fs::remove_dir_all(work);
}

#[test]
fn every_catalogue_case_gives_its_exact_code_and_output() {
    let mut cases: Vec<PathBuf> = fs::read_dir(catalogue())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(
        cases.len() >= 100,
        "the catalogue has {} cases",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let Some((got, work)) = run_case(case) else {
            continue;
        };
        let code: i32 = fs::read_to_string(case.join("code"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        let mut wrong = Vec::new();
        if got.code != Some(code) {
            wrong.push(format!("code {:?}, expected {code}", got.code));
        }
        for (stream, bytes) in [("stdout", &got.stdout), ("stderr", &got.stderr)] {
            if fs::read(case.join(stream)).unwrap() != *bytes {
                let text = String::from_utf8_lossy(bytes);
                wrong.push(format!(
                    "{stream} differs: {:?}",
                    text.chars().take(300).collect::<String>()
                ));
            }
        }
        wrong.extend(check_after(case, &work));
        if String::from_utf8_lossy(&got.stderr).contains("panicked") {
            wrong.push("a panic message".into());
        }
        if !wrong.is_empty() {
            failures.push(format!("{name}: {}", wrong.join("; ")));
        }
        cleanup(&work);
    }
    let _ = fs::remove_dir_all(huge_dir());
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `standard gen-pgn` streams a large file through `chessrules::io::atomic`; killed at
/// moments spread over its run, it leaves either no file or the whole file (the same bytes as
/// an uninterrupted run), never a partial one. Where files are written unnamed (Linux), a
/// killed run leaves no temporary file either.
#[test]
fn a_killed_writer_leaves_no_partial_output() {
    let dir = scratch("kill");
    let whole = dir.join("whole.pgn");
    let args = ["standard", "gen-pgn", "--games", "3000", "--seed", "7"];
    let status = Command::new(BIN).args(args).arg(&whole).status().unwrap();
    assert!(status.success());
    let expected = fs::read(&whole).unwrap();
    assert!(
        expected.len() > 1 << 20,
        "the output is large enough to be caught mid-write"
    );
    let mut outcomes = (0, 0);
    let mut caught_writing = 0;
    for (i, delay_ms) in [5u64, 40, 120, 300, 700, 1500].iter().enumerate() {
        for signal in ["KILL", "INT"] {
            let out = dir.join(format!("out-{i}-{signal}.pgn"));
            let mut child = Command::new(BIN).args(args).arg(&out).spawn().unwrap();
            std::thread::sleep(Duration::from_millis(*delay_ms));
            let temp = format!(".out-{i}-{signal}.pgn.{}.tmp", child.id());
            if dir.join(&temp).exists() || writes_into(child.id(), &dir) {
                caught_writing += 1;
            }
            let _ = Command::new("kill")
                .arg(format!("-{signal}"))
                .arg(child.id().to_string())
                .status();
            let _ = child.wait();
            match fs::read(&out) {
                Ok(bytes) => {
                    assert!(
                        bytes == expected,
                        "partial output after SIG{signal} at {delay_ms} ms"
                    );
                    outcomes.1 += 1;
                }
                Err(_) => outcomes.0 += 1,
            }
        }
    }
    eprintln!(
        "killed runs: {} left no file ({caught_writing} caught mid-write), {} finished first",
        outcomes.0, outcomes.1
    );
    if chessrules::io::atomic::leaves_nothing_when_killed(&dir) {
        let mut left: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with('.'))
            .collect();
        left.sort();
        assert!(
            left.is_empty(),
            "killed runs left temporary files: {left:?}"
        );
    }
    assert!(
        caught_writing > 0,
        "no run was caught while writing: make the output larger"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Whether process `pid` holds a file open in `dir` (named, or unnamed: `/proc` shows an
/// `O_TMPFILE` file as `DIR/#INODE (deleted)`).
fn writes_into(pid: u32, dir: &Path) -> bool {
    let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
        return false;
    };
    fds.flatten()
        .filter_map(|fd| fs::read_link(fd.path()).ok())
        .any(|target| target.starts_with(dir))
}

/// One PGN game of three million plies (12 MB) is validated under the same address-space limit
/// as the huge catalogue inputs: the validator replays a long game as it reads it instead of
/// keeping its moves (three million move texts alone would not fit).
#[test]
fn one_huge_game_is_validated_in_bounded_memory() {
    let dir = scratch("huge-game");
    let path = dir.join("huge.pgn");
    {
        let mut f = std::io::BufWriter::new(fs::File::create(&path).unwrap());
        f.write_all(b"[Event \"huge\"]\n\n").unwrap();
        for _ in 0..750_000 {
            f.write_all(b"Nf3 Nf6 Ng1 Ng8 ").unwrap();
        }
        f.write_all(b"*\n").unwrap();
    }
    assert!(
        have("prlimit") || std::env::var_os("CI").is_none(),
        "CI must bound the memory with prlimit"
    );
    let mut command = Command::new(if have("prlimit") { "prlimit" } else { BIN });
    if have("prlimit") {
        command.arg(format!("--as={HUGE_INPUT_AS_LIMIT}")).arg(BIN);
    }
    let out = command
        .args(["standard", "validate", "--jobs", "1"])
        .arg(&path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout} {:?}", out.stderr);
    // The knights' shuffle is drawn at ply 16 (fivefold repetition) and, by the end, by the
    // seventy-five-move rule; the game is read on past the draw (issue 67).
    assert!(
        stdout.starts_with("game 1: legal, 3000000 plies, seventy-five-move rule, final FEN "),
        "{stdout}"
    );
    assert!(
        stdout
            .contains("\ngame 1: warning: ply 16: the game was drawn there by fivefold repetition"),
        "{stdout}"
    );
    let _ = fs::remove_dir_all(&dir);
}
