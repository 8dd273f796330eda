//! Fairy-Stockfish's built-in variants that have no table in its `tests/perft.sh` and that we
//! ship as files (snailtrail, joust, isolation, fox and hounds, chaturanga, capahouse, gothic,
//! misère, suicide, paradigm, dragon, minixiangqi, clobber10, georgian, check shogi, okisaki
//! shogi, judkins shogi, and `mini` for minishogi), counted through the command (`chessrules perft --variant
//! NAME [--fen FEN] DEPTH`) against Fairy-Stockfish's own `go perft` counts in
//! `tests/perft/fairy-stockfish-builtins.perft` (written by
//! `scripts/fairy-stockfish-builtin-perft` from its build; each line's FEN as it writes them).

mod perft_tables;

use std::process::Command;

#[test]
fn builtins_count_as_fairy_stockfish_does() {
    let cases = perft_tables::read_table("tests/perft/fairy-stockfish-builtins.perft");
    assert!(cases.len() >= 20, "the table lists every built-in we ship");
    for case in cases {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessrules"));
        cmd.args(["perft", "--variant", &case.id]);
        if case.fen != "startpos" {
            cmd.args(["--fen", &case.fen]);
        }
        let out = cmd.arg(case.depth.to_string()).output().expect("runs");
        assert!(
            out.status.success(),
            "{} {}: {}",
            case.id,
            case.fen,
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        let nodes: u64 = text
            .lines()
            .last()
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or_else(|| panic!("{}: a count, not {text:?}", case.id));
        assert_eq!(
            nodes, case.nodes,
            "{} {} depth {}",
            case.id, case.fen, case.depth
        );
    }
}
