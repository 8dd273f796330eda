//! The README's and the user guide's samples print what the command prints (issue 36): every
//! `$ chessrules …`
//! line of a `text` block followed by output lines is run from the repository's root and its
//! standard output compared. In the expected lines `...` skips any number of lines, a line
//! ending in `…` matches any line starting with what comes before it, and text two spaces
//! and a `#` after the output is a comment. A line `White to move: TEXT` (or Black's) is a
//! prompt and what the person typed: TEXT goes to standard input, and the prompt is matched
//! in the output without it.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_chessrules");

/// One sample: the command's words, what is typed, the expected lines.
struct Sample {
    command: String,
    input: String,
    expected: Vec<String>,
}

/// Text before a comment (two spaces and `#`), trimmed at its end.
fn uncommented(line: &str) -> &str {
    match line.find("  #") {
        Some(i) => line[..i].trim_end(),
        None => line.trim_end(),
    }
}

fn samples(readme: &str) -> Vec<Sample> {
    let mut out: Vec<Sample> = Vec::new();
    let mut in_text = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_text = line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ chessrules ") {
            out.push(Sample {
                command: uncommented(command).to_string(),
                input: String::new(),
                expected: Vec::new(),
            });
        } else if let Some(sample) = out.last_mut() {
            let line = uncommented(line);
            let prompt = ["White to move: ", "Black to move: "]
                .into_iter()
                .find(|p| line.starts_with(p) && line.len() > p.len());
            if let Some(p) = prompt {
                sample.input.push_str(&line[p.len()..]);
                sample.input.push('\n');
                sample.expected.push(p.trim_end().to_string());
            } else {
                sample.expected.push(line.to_string());
            }
        }
    }
    out.retain(|s| !s.expected.is_empty());
    out
}

/// The words of a command line, with double-quoted words kept whole.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            _ => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// Does `actual` (the output's lines, a prompt ending its line where input was typed) match
/// the expected lines?
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty() || actual.iter().all(|l| l.trim().is_empty()),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => match actual.split_first() {
            None => false,
            Some((line, more)) => {
                let fits = match first.strip_suffix('…') {
                    Some(prefix) => line.starts_with(prefix),
                    None => line.trim_end() == first,
                };
                fits && matches(rest, more)
            }
        },
    }
}

/// The `sh` blocks' commands whose comment is a count (`chessrules perft 6   # 119060324`):
/// the command and the number it prints.
fn counted(readme: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            continue;
        }
        let Some(rest) = line.strip_prefix("chessrules ").filter(|_| in_sh) else {
            continue;
        };
        if let Some((command, count)) = rest.rsplit_once("  # ") {
            let count = count.trim();
            if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) {
                out.push((command.trim().to_string(), count.to_string()));
            }
        }
    }
    out
}

/// The README and the user guide (`docs/guide.md`), whose samples run alike.
fn documents(root: &str) -> String {
    ["README.md", "docs/guide.md"]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{root}/{f}")).expect("a document"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_count_in_a_readme_comment_is_what_the_command_prints() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = documents(root);
    let counts = counted(&readme);
    assert!(counts.len() >= 3, "the README's counts were not found");
    for (command, count) in counts {
        let out = Command::new(BIN)
            .args(words(&command))
            .current_dir(root)
            .output()
            .unwrap();
        let printed = String::from_utf8_lossy(&out.stdout);
        assert_eq!(printed.trim(), count, "chessrules {command}");
    }
}

#[test]
fn every_readme_sample_prints_what_the_command_prints() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = documents(root);
    let samples = samples(&readme);
    assert!(samples.len() >= 4, "the README's samples were not found");
    for s in samples {
        let mut child = Command::new(BIN)
            .args(words(&s.command))
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(s.input.as_bytes());
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        // A prompt is followed by what comes next on its line (input is not echoed): split it
        // there, as the sample writes the typed text after it.
        let text = text
            .replace("White to move: ", "White to move:\n")
            .replace("Black to move: ", "Black to move:\n");
        let actual: Vec<String> = text.lines().map(str::to_string).collect();
        assert!(
            matches(&s.expected, &actual),
            "chessrules {}\n--- expected\n{}\n--- actual\n{text}",
            s.command,
            s.expected.join("\n")
        );
    }
}
