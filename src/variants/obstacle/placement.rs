//! The computer's secret placements in an obstacle game. What each player knows (and so what
//! a computer side may search) is the variant's own knowledge model
//! (`variants::obstacle::knowledge`), re-exported here for the engine's callers. Shared by the
//! CLI (`play --variant obstacle`) and the web page.

use crate::core::{Color, Square};
use crate::engine::Rng;
use crate::variants::obstacle::knowledge::Secret;
use crate::variants::obstacle::ObstacleBoard;

/// The computer's next secret placement: its trapdoor, then its mine, on a random empty
/// square of files c–f on the opponent's side of the allowed ranks (White: trapdoor rank 5–6,
/// mine rank 5; Black: trapdoor rank 3–4, mine rank 4). With nothing left: `...` for Black,
/// and `None` for White (it makes its first move instead, which ends the phase).
pub fn computer_placement(
    board: &ObstacleBoard,
    secrets: &[Secret],
    color: Color,
    rng: &mut Rng,
) -> Option<String> {
    let placed = |mine: bool| secrets.iter().any(|s| s.owner == color && s.mine == mine);
    let (trap_ranks, mine_rank): ([u8; 2], u8) = match color {
        Color::White => ([4, 5], 4),
        Color::Black => ([2, 3], 3),
    };
    for mine in [false, true] {
        if placed(mine) {
            continue;
        }
        let ranks: &[u8] = if mine { &[mine_rank] } else { &trap_ranks };
        let squares: Vec<Square> = (2..6u8)
            .flat_map(|file| ranks.iter().map(move |&rank| Square::new(file, rank)))
            .filter(|&s| board.piece(s).is_none() && board.obstacle(s).is_none())
            .collect();
        if let Some(&s) = squares.get(rng.below(squares.len())) {
            return Some(format!("{}{s}", if mine { 'M' } else { 'D' }));
        }
    }
    (color == Color::Black).then(|| "...".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::obstacle::knowledge::view_for;
    use crate::variants::obstacle::{parse_board, ObstacleGame};

    const INITIAL: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\n\
PPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";

    #[test]
    fn each_side_sees_its_own_secrets_only_and_placements_are_legal() {
        let mut game = ObstacleGame::new(parse_board(INITIAL.as_bytes()).unwrap());
        let mut secrets = Vec::new();
        let mut rng = Rng::new(5);
        for (i, color) in [Color::White, Color::Black, Color::White, Color::Black]
            .into_iter()
            .enumerate()
        {
            let line = computer_placement(game.board(), &secrets, color, &mut rng).unwrap();
            game.play(&line).unwrap();
            let s = Secret::from_line(color, &line).unwrap();
            assert_eq!(s.mine, i >= 2, "{line}");
            secrets.push(s);
        }
        assert_eq!(
            computer_placement(game.board(), &secrets, Color::White, &mut rng),
            None
        );
        assert_eq!(
            computer_placement(game.board(), &secrets, Color::Black, &mut rng).as_deref(),
            Some("...")
        );
        let white = view_for(game.board(), &secrets, &[], Some(Color::White));
        for s in &secrets {
            let o = white.obstacle(s.square);
            let known = o.mine || o.hidden_trapdoor;
            assert_eq!(known, s.owner == Color::White, "{s:?}");
        }
        let nobody = view_for(game.board(), &secrets, &[], None);
        assert!(secrets.iter().all(|s| nobody.obstacle(s.square).is_none()));
    }

    #[test]
    fn placement_lines_parse() {
        let s = Secret::from_line(Color::Black, "Me5").unwrap();
        assert_eq!((s.square.to_string(), s.mine), ("e5".to_string(), true));
        assert_eq!(Secret::from_line(Color::Black, "..."), None);
        assert_eq!(Secret::from_line(Color::Black, "e2-e4"), None);
        assert_eq!(Secret::from_line(Color::Black, "Dz9"), None);
        assert_eq!(Secret::from_line(Color::Black, ""), None);
    }
}
