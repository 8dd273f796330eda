//! `cozy-perft FEN DEPTH [--no-bulk]`: perft with cozy-chess, as a whole process (bulk: the
//! last ply's moves counted, as cozy-chess's own perft example does).

use cozy_chess::Board;

fn perft(board: &Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    if depth == 1 && bulk {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for m in moves {
            let mut child = board.clone();
            child.play_unchecked(m);
            nodes += perft(&child, depth - 1, bulk);
        }
        false
    });
    nodes
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(fen), Some(depth)) = (args.first(), args.get(1).and_then(|d| d.parse().ok())) else {
        eprintln!("usage: cozy-perft FEN DEPTH [--no-bulk]");
        std::process::exit(2);
    };
    let board = match Board::from_fen(fen, false) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("bad FEN: {e:?}");
            std::process::exit(1);
        }
    };
    println!("{}", perft(&board, depth, !args.iter().any(|a| a == "--no-bulk")));
}
