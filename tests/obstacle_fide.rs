//! With no walls left and no obstacles, obstacle chess is FIDE chess: random games played by
//! shakmaty must be accepted move for move, with the same legal move counts and the same
//! check / checkmate / stalemate messages.

use chessrules::variants::obstacle::game::legal_piece_moves;
use chessrules::variants::obstacle::{parse_board, Info, ObstacleGame};
use proptest::prelude::*;
use shakmaty::{CastlingMode, CastlingSide, Chess, Position, Role};

const START: &str = "rnbqkbnr\npppppppp\n........\n........\n........\n........\n\
PPPPPPPP\nRNBQKBNR\nw 0 0 + + + + - 0\n";

/// The game-file text of a shakmaty move.
fn text(m: &shakmaty::Move) -> String {
    if let Some(side) = m.castling_side() {
        return match side {
            CastlingSide::KingSide => "0-0".into(),
            CastlingSide::QueenSide => "0-0-0".into(),
        };
    }
    let uci = m.to_uci(CastlingMode::Standard).to_string();
    let mut t = format!("{}-{}", &uci[0..2], &uci[2..4]);
    if let Some(role) = m.promotion() {
        t.push('=');
        t.push(match role {
            Role::Queen => 'Q',
            Role::Rook => 'R',
            Role::Bishop => 'B',
            _ => 'N',
        });
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_games_agree_with_fide(choices in prop::collection::vec(any::<u16>(), 1..160)) {
        let mut reference = Chess::default();
        let mut game = ObstacleGame::new(parse_board(START.as_bytes()).unwrap());
        for c in choices {
            let moves = reference.legal_moves();
            prop_assert_eq!(legal_piece_moves(game.board()).len(), moves.len());
            if moves.is_empty() {
                break;
            }
            let m = moves[c as usize % moves.len()];
            let infos = game.play(&text(&m)).map_err(|e| TestCaseError::fail(e.to_string()))?;
            reference = reference.play(m).unwrap();
            let want = if reference.is_checkmate() {
                Some(Info::Checkmate)
            } else if reference.is_stalemate() {
                Some(Info::Stalemate)
            } else if reference.is_check() {
                Some(Info::Check)
            } else {
                None
            };
            let got = infos
                .iter()
                .copied()
                .find(|i| matches!(i, Info::Check | Info::Checkmate | Info::Stalemate));
            prop_assert_eq!(got, want);
            prop_assert_eq!(game.is_over(), want.is_some_and(|i| i != Info::Check));
        }
    }
}
