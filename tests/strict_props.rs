//! No false alarms: every position reached by random legal play from a variant's initial
//! position passes `--strict` (standard from the FIDE start; fairy from
//! `testBoards/fairy/strict/initial.board`; obstacle from the standard initial board with
//! mines and trapdoors placed, walls placed along the way).

use chessrules::core::{Move, Square};
use chessrules::variants::obstacle::game::{
    legal_piece_moves, place_wall, play_piece_move, wall_check,
};
use chessrules::variants::obstacle::walls::WallSide;
use chessrules::variants::obstacle::{parse_board as parse_obstacle, Obstacle};
use chessrules::variants::{fairy, obstacle, standard};
use proptest::prelude::*;

const OBSTACLE_START: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\nPPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";

fn pick(moves: &[Move], choice: usize) -> Option<Move> {
    (!moves.is_empty()).then(|| moves[choice % moves.len()])
}

proptest! {
    // STRICT_CASES=5000 for a long run; 48 keeps `cargo test` quick.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("STRICT_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48)
    ))]

    #[test]
    fn standard_random_play_passes(choices in prop::collection::vec(any::<usize>(), 0..400)) {
        let mut pos = standard::start();
        for (ply, c) in choices.into_iter().enumerate() {
            if let Err(issue) = standard::strict::check(&pos) {
                prop_assert!(false, "ply {ply}: {issue} in {}", chessrules::notation::fen::write(&pos));
            }
            let Some(m) = pick(&pos.legal_move_list(), c) else { break };
            pos.make(m);
        }
    }

    #[test]
    fn fairy_random_play_passes(choices in prop::collection::vec(any::<usize>(), 0..400)) {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/testBoards/fairy/strict/initial.board")).unwrap();
        let mut board = fairy::parse_board(&text).unwrap();
        for (ply, c) in choices.into_iter().enumerate() {
            if let Err(issue) = fairy::strict::check(&board) {
                prop_assert!(false, "ply {ply}: {issue}\n{}", board.position.diagram());
            }
            let moves = fairy::play::legal_moves(&mut board.position);
            let Some(m) = pick(&moves, c) else { break };
            board.position.make(m);
        }
    }

    #[test]
    fn obstacle_random_play_passes(
        mines in (0u8..8, 0u8..8, 0u8..8, 0u8..8),
        traps in (0u8..8, 2u8..6, 0u8..8, 2u8..6),
        choices in prop::collection::vec((any::<usize>(), 0u8..16, 0u8..64), 0..400),
    ) {
        let mut board = parse_obstacle(OBSTACLE_START.as_bytes()).unwrap();
        let mine = Obstacle { mine: true, ..Obstacle::NONE };
        board.set_obstacle(Square::new(mines.0, 3), mine);
        board.set_obstacle(Square::new(mines.2, 4), mine);
        for s in [Square::new(traps.0, traps.1), Square::new(traps.2, traps.3)] {
            let mut o = board.obstacle(s);
            o.hidden_trapdoor = true;
            board.set_obstacle(s, o);
        }
        let _ = (mines.1, mines.3);
        for (ply, (c, wall_roll, wall_at)) in choices.into_iter().enumerate() {
            if let Err(issue) = obstacle::strict::check(&board) {
                prop_assert!(false, "ply {ply}: {issue}\n{}", board.position().diagram());
            }
            let square = Square::new(wall_at % 8, wall_at / 8);
            let side = if wall_roll % 2 == 0 { WallSide::West } else { WallSide::South };
            if wall_roll < 2 && wall_check(&board, square, side).is_ok() {
                place_wall(&mut board, square, side);
                continue;
            }
            let Some(m) = pick(&legal_piece_moves(&board), c) else { break };
            play_piece_move(&mut board, m);
        }
    }
}

/// A FEN board field from 64 cells (rank 8 first).
fn fen_board(cells: &[char]) -> String {
    cells
        .chunks(8)
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

proptest! {
    /// Any position the readers accept goes through the strict checks without a panic.
    #[test]
    fn strict_checks_never_panic(
        cells in prop::collection::vec(prop::sample::select(vec!['.', '.', '.', '.', 'p', 'P', 'n', 'N', 'b', 'B', 'r', 'R', 'q', 'Q']), 64),
        kings in (0usize..64, 0usize..64),
        side in prop::sample::select(vec!["w", "b"]),
        ep in prop::sample::select(vec!["-", "e3", "d6", "a3", "h6"]),
        fairy_rows in prop::collection::vec(prop::sample::select(vec!['.', '.', '.', 'p', 'P', 'd', 'D', 'b', 'B', 'f', 'F', 'a', 'A', 'q', 'Q', 'w', 'W']), 100),
    ) {
        let mut cells = cells;
        // No pawns on the first or last rank, so that the reader accepts most boards.
        for i in (0..8).chain(56..64) {
            if cells[i].eq_ignore_ascii_case(&'p') {
                cells[i] = '.';
            }
        }
        cells[kings.0] = 'K';
        cells[kings.1] = 'k';
        let fen = format!("{} {side} - {ep} 0 1", fen_board(&cells));
        if let Ok(pos) = standard::from_fen(&fen) {
            let _ = standard::strict::check(&pos);
        }
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/testBoards/fairy/strict/initial.board")).unwrap();
        let (head, _) = text.split_once("-----\n").unwrap();
        let mut rows: Vec<String> = fairy_rows.chunks(10).map(|r| r.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")).collect();
        rows[0].replace_range(10..11, "k");
        rows[9].replace_range(10..11, "K");
        let board = format!("{head}-----\n{}\n-----\nw:----:0:0\n", rows.join("\n"));
        if let Ok(b) = fairy::parse_board(&board) {
            let _ = fairy::strict::check(&b);
        }
    }
}
