//! Every path that a help text or the README names exists in the repository, so a newcomer who
//! follows one finds the file (four help texts once pointed to a document that was never
//! written).

use std::path::Path;
use std::process::Command;

/// Subcommands whose help texts are read (nested ones as several words).
const COMMANDS: [&str; 23] = [
    "",
    "perft",
    "follow",
    "obstacle",
    "fairy",
    "variant",
    "variant check",
    "variant import",
    "play",
    "serve",
    "standard",
    "standard play",
    "standard validate",
    "standard status",
    "standard gen-pgn",
    "pawnrace",
    "pawnrace match",
    "pawnrace analyse",
    "uci",
    "find",
    "bench",
    "engine-match",
    "obstacle --help",
];

/// Folders of this repository that texts point into.
const ROOTS: [&str; 10] = [
    "docs/",
    "python/",
    "scripts/",
    "src/",
    "tests/",
    "testBoards/",
    "variants/",
    "benches/",
    "fuzz/",
    ".ci/",
];

/// Paths named in `text`: words starting with one of the roots, without trailing punctuation.
/// Patterns (`<case>`, `*`) and folders made at run time (`fuzz/corpus`, `fuzz/artifacts`) are
/// not files to find.
fn paths_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || "`'\"()[],;".contains(c)) {
        let Some(start) = ROOTS.iter().filter_map(|r| word.find(r)).min() else {
            continue;
        };
        if start > 0 && !word[..start].ends_with(['/', ' ']) && !word[..start].is_empty() {
            // `$XDG_DATA_HOME/…`, `~/.local/…`, `target/…`: not paths of the repository.
            if !word[..start].chars().all(|c| c == '.' || c == '/') {
                continue;
            }
        }
        // `file.toml:12:9` (a position in a message) names `file.toml`; `guide.md#part` a
        // part of `guide.md`.
        let path = word[start..].split([':', '#']).next().unwrap_or_default();
        let path = path.trim_end_matches(['.', '!', '?']);
        if path.contains(['<', '>', '*', '{', '$', '…'])
            || path.starts_with("fuzz/corpus")
            || path.starts_with("fuzz/artifacts")
        {
            continue;
        }
        out.push(path.to_string());
    }
    out
}

fn help(command: &str) -> String {
    let mut args: Vec<&str> = command.split_whitespace().collect();
    if !args.contains(&"--help") {
        args.push("--help");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_chessrules"))
        .args(&args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{command} --help failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn every_path_a_help_text_or_the_readme_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts: Vec<(String, String)> = ["README.md", "docs/guide.md"]
        .iter()
        .map(|f| {
            (
                f.to_string(),
                std::fs::read_to_string(root.join(f)).unwrap(),
            )
        })
        .collect();
    for c in COMMANDS {
        texts.push((format!("chessrules {c} --help"), help(c)));
    }
    let mut missing = Vec::new();
    let mut checked = 0;
    for (source, text) in &texts {
        for path in paths_in(text) {
            checked += 1;
            if !root.join(&path).exists() {
                missing.push(format!("{source}: {path}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "named but missing:\n{}",
        missing.join("\n")
    );
    assert!(
        checked > 20,
        "only {checked} paths found: the pattern is wrong"
    );
}

#[test]
fn the_path_finder_finds_paths_and_skips_patterns() {
    let found = paths_in("see `docs/decisions.md`, scripts/e2e. and testBoards/bad-input/<case> or ~/.local/share/x (src/io/atomic.rs)");
    assert_eq!(
        found,
        ["docs/decisions.md", "scripts/e2e", "src/io/atomic.rs"]
    );
}

/// Every screenshot the README shows is one the browser tests take (`scripts/e2e
/// --update-screenshots` copies them into `docs/screenshots/`), so none can go stale unnoticed
/// by being a picture no test makes any more.
#[test]
fn every_readme_screenshot_is_taken_by_a_browser_test() {
    let readme = ["README.md", "docs/guide.md"]
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("a document"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut tests = String::new();
    for entry in std::fs::read_dir("tests/e2e").expect("tests/e2e") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "mjs") {
            tests.push_str(&std::fs::read_to_string(&path).expect("a test file"));
        }
    }
    let mut shown = 0;
    // The README names them from the root, the guide from `docs/`.
    for (i, _) in readme.match_indices("screenshots/") {
        let rest = &readme[i + "screenshots/".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_' || *c == '.')
            .collect();
        assert!(
            tests.contains(&format!("\"{name}\"")),
            "README shows {name}, which no browser test takes"
        );
        assert!(
            Path::new("docs/screenshots").join(&name).exists(),
            "{name} is missing"
        );
        shown += 1;
    }
    assert!(shown >= 4, "the README shows {shown} screenshots");
}
