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
use chessrules::variants::{fairy, standard, strict};
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
            if let Err(issue) = strict::standard::check(&pos) {
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
            if let Err(issue) = strict::fairy::check(&board) {
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
            if let Err(issue) = strict::obstacle::check(&board) {
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
