//! Every subcommand's `--help`, as a named insta snapshot (`tests/snapshots/`): a change to
//! what the program tells its users about itself shows up as a reviewed diff, not by accident.
//! Update deliberately with `INSTA_UPDATE=always cargo test --test help_snapshots` (or
//! `cargo insta review`) and read the diff before committing it.

use assert_cmd::Command;

/// The subcommand paths whose help is pinned.
const COMMANDS: &[&[&str]] = &[
    &[],
    &["perft"],
    &["follow"],
    &["obstacle"],
    &["fairy"],
    &["variant"],
    &["variant", "check"],
    &["variant", "import"],
    &["play"],
    &["serve"],
    &["standard"],
    &["standard", "play"],
    &["standard", "validate"],
    &["standard", "status"],
    &["pawnrace", "match"],
    &["pawnrace", "analyse"],
    &["uci"],
    &["find"],
    &["engine-match"],
    &["bench"],
];

#[test]
fn every_help_text_matches_its_snapshot() {
    for path in COMMANDS {
        let out = Command::cargo_bin("chessrules")
            .expect("the binary is built")
            .args(*path)
            .arg("--help")
            .env("COLUMNS", "100")
            .output()
            .expect("runs");
        assert!(out.status.success(), "{path:?} --help: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let name = if path.is_empty() {
            "help".to_string()
        } else {
            format!("help-{}", path.join("-"))
        };
        insta::assert_snapshot!(name, text);
    }
}
