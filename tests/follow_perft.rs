//! FollowChess move counts against an independent brute-force count
//! (`scripts/follow_brute_perft.py`): the generic core with this variant's table (no double
//! step, no promotion, no king safety, kings capturable and play going on after that).

use std::fs::File;
use std::io::BufReader;

use chessrules::core::perft::Perft;
use chessrules::variants::follow::FollowChess;

fn count(board: &str, depth: u32) -> u64 {
    let path = format!("testBoards/follow/{board}/board.txt");
    let mut game = FollowChess::new();
    game.load_board(BufReader::new(File::open(&path).unwrap()))
        .unwrap();
    let mut pos = game.position().unwrap().clone();
    Perft::new(true).count(&mut pos, depth)
}

#[test]
fn standard_array_without_double_steps() {
    assert_eq!(count("spec_example", 1), 12);
    assert_eq!(count("spec_example", 2), 144);
    assert_eq!(count("spec_example", 3), 2124);
    assert_eq!(count("spec_example", 4), 31329);
}

#[test]
fn wide_board_with_two_digit_rows() {
    assert_eq!(count("wide_board_two_digit_rows", 3), 114_384);
}

#[test]
fn kings_can_be_captured_and_play_goes_on() {
    assert_eq!(count("king_captured_play_goes_on", 4), 35_792);
}
