//! Who knows which hidden obstacle. The trapdoors and mines placed in secret during a game
//! belong to their placer; the board file's own hidden trapdoors belong to nobody (no file says
//! who placed them). Mines written in a board file, open trapdoors and walls are public.
//!
//! A game between two players judges every move on the mover's view (see
//! [`super::game::Judge`]): what a player may do, and what anyone is told about it, must never
//! depend on an obstacle that player cannot know. Hidden obstacles act only after a move.

use crate::core::{Color, Square};

use super::board::ObstacleBoard;

/// A trapdoor or mine placed in secret during the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Secret {
    /// The player who placed it, the only one who knows it.
    pub owner: Color,
    /// Where it lies.
    pub square: Square,
    /// A mine; otherwise a trapdoor.
    pub mine: bool,
}

impl Secret {
    /// The secret a placement line (`Dc6`, `Me5`) of `owner` makes; `None` for `...` or any
    /// other line.
    pub fn from_line(owner: Color, text: &str) -> Option<Secret> {
        let (kind, rest) = text.split_at_checked(1)?;
        let mine = match kind {
            "D" => false,
            "M" => true,
            _ => return None,
        };
        let square = Square::parse(rest).filter(|s| s.file < 8 && s.rank < 8)?;
        Some(Secret {
            owner,
            square,
            mine,
        })
    }
}

/// The hidden trapdoors of a board file (nobody's knowledge).
pub fn file_trapdoors(board: &ObstacleBoard) -> Vec<Square> {
    (0..8u8)
        .flat_map(|r| (0..8u8).map(move |f| Square::new(f, r)))
        .filter(|&s| board.obstacle(s).hidden_trapdoor)
        .collect()
}

/// The board as `viewer` knows it: the other side's secrets and the file's hidden trapdoors
/// removed (`None`: nobody's secrets, the public board). A square where both sides placed the
/// same kind keeps it for each of them: the viewer's own placement is there whatever the
/// opponent did.
pub fn view_for(
    board: &ObstacleBoard,
    secrets: &[Secret],
    file_trapdoors: &[Square],
    viewer: Option<Color>,
) -> ObstacleBoard {
    let own = |square: Square, mine: bool| {
        secrets
            .iter()
            .any(|s| s.square == square && s.mine == mine && Some(s.owner) == viewer)
    };
    let hidden = |mine: bool| -> Vec<Square> {
        secrets
            .iter()
            .filter(|s| s.mine == mine && Some(s.owner) != viewer && !own(s.square, mine))
            .map(|s| s.square)
            .collect()
    };
    let mut trapdoors = hidden(false);
    trapdoors.extend(file_trapdoors);
    view_without(board, &trapdoors, &hidden(true))
}

/// The board with these hidden trapdoors and mines removed. Open trapdoors stay: they are
/// public.
pub fn view_without(
    board: &ObstacleBoard,
    trapdoors: &[Square],
    mines: &[Square],
) -> ObstacleBoard {
    let mut view = board.clone();
    let on_board = |s: &&Square| s.file < 8 && s.rank < 8;
    for &s in trapdoors.iter().filter(on_board) {
        let mut o = view.obstacle(s);
        o.hidden_trapdoor = false;
        view.set_obstacle(s, o);
    }
    for &s in mines.iter().filter(on_board) {
        let mut o = view.obstacle(s);
        o.mine = false;
        view.set_obstacle(s, o);
    }
    view
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::obstacle::parse_board;

    const INITIAL: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\n\
PPPPPPPP\nRNBQKBNR\nw 3 3 + + + + - 0\n";

    #[test]
    fn a_square_both_sides_trapped_stays_trapped_in_each_view() {
        let mut board = parse_board(INITIAL.as_bytes()).unwrap();
        let e6 = Square::parse("e6").unwrap();
        let mut o = board.obstacle(e6);
        o.hidden_trapdoor = true;
        board.set_obstacle(e6, o);
        let secrets = [
            Secret::from_line(Color::White, "De6").unwrap(),
            Secret::from_line(Color::Black, "De6").unwrap(),
        ];
        for viewer in [Color::White, Color::Black] {
            let view = view_for(&board, &secrets, &[], Some(viewer));
            assert!(view.obstacle(e6).hidden_trapdoor, "{viewer:?}");
        }
        assert!(
            !view_for(&board, &secrets, &[], None)
                .obstacle(e6)
                .hidden_trapdoor
        );
    }
}
