//! Perft node counts of our own fairy positions (`tests/perft/fairy.perft`). The counts up to
//! 300000 nodes are confirmed by an independent generator (`scripts/fairy-perft-check.py`).

use chessrules::core::perft::Perft;
use chessrules::core::Backend;
use chessrules::variants::fairy;

struct Entry {
    name: String,
    board: String,
    counts: Vec<(u32, u64)>,
}

/// Turns a table line into a board file and its expected counts.
fn entries() -> Vec<Entry> {
    let table = include_str!("perft/fairy.perft");
    let mut out = Vec::new();
    for line in table.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, rest) = line.split_once(' ').expect("NAME then fields");
        let fields: Vec<&str> = rest.split(';').map(str::trim).collect();
        assert!(fields.len() >= 4, "{name}: too few fields");
        let mut board = String::new();
        for a in fields[0].split(',') {
            board.push_str(a);
            board.push('\n');
        }
        board.push_str("-----\n");
        for rank in fields[1].split('/') {
            let row: Vec<String> = rank.chars().map(String::from).collect();
            board.push_str(&row.join(" "));
            board.push('\n');
        }
        board.push_str("-----\n");
        board.push_str(fields[2]);
        board.push('\n');
        let counts = fields[3..]
            .iter()
            .map(|c| {
                let (d, n) = c.split_once('=').expect("DEPTH=NODES");
                (d.parse().expect("depth"), n.parse().expect("nodes"))
            })
            .collect();
        out.push(Entry {
            name: name.to_string(),
            board,
            counts,
        });
    }
    out
}

fn check(max_nodes: u64) {
    let entries = entries();
    assert!(entries.len() >= 5);
    for e in entries {
        let board = fairy::parse_board(&e.board)
            .unwrap_or_else(|err| panic!("{}: {err}\n{}", e.name, e.board));
        let mut pos = board.position;
        for &(depth, nodes) in e.counts.iter().filter(|(_, n)| *n <= max_nodes) {
            let got = Perft::new(true).count(&mut pos, depth);
            assert_eq!(got, nodes, "{} depth {depth}", e.name);
            // The same count on the mailbox, the bitboards' oracle (10×10 fits in 128 bits).
            assert_eq!(pos.rules().backend(), Backend::Bitboard);
            let mut mailbox = pos.on_backend(Backend::Mailbox);
            assert_eq!(
                Perft::new(true).count(&mut mailbox, depth),
                nodes,
                "{} depth {depth} on the mailbox",
                e.name
            );
            let slow = Perft::new(false).count(&mut pos, depth.min(3));
            let fast = Perft::new(true).count(&mut pos, depth.min(3));
            assert_eq!(slow, fast, "{}: bulk and full counting differ", e.name);
        }
    }
}

#[test]
fn fairy_perft_small() {
    check(1_000_000);
}

#[test]
#[ignore = "tens of millions of nodes: run with --release -- --ignored"]
fn fairy_perft_full() {
    check(u64::MAX);
}
