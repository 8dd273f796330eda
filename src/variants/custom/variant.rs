//! A variant file's game as a [`Game`](crate::game::Game): the core's rules
//! compiled from the file, coordinate moves, FEN boards, the file's walls, trapdoors and
//! mines, and its end of game.

use crate::core::Position;
use crate::game::{MoveRefused, VariantId};
use crate::notation::coordinate;
use crate::variants::core_game::{CoreGame, CoreNotation};
use crate::variants::custom::computer::ends_of;
use crate::variants::custom::field::{start_allowance, start_terrain};
use crate::variants::custom::{CustomVariant, StartObstacles};

/// A variant file's notation: coordinate moves (`e2e4`, `e7e8q`), FEN boards.
pub static DIALECT: CoreNotation = CoreNotation {
    id: VariantId::Custom,
    write_move: |pos, m| coordinate::to_uci(pos, m),
    read_move: |pos, text| {
        coordinate::parse(pos, text).map_err(|e| MoveRefused::new(e.to_string()))
    },
    write_board: super::table::board_file,
    write_coordinates: crate::notation::coordinate::to_uci,
    table: &super::table::HOOKS,
    evaluate: None,
};

/// A game of `variant` from `pos`, ending as the file says, with the file's walls, trapdoors
/// and mines (its walls are in `pos` already, as the variant's positions have them).
pub fn game(variant: &CustomVariant, pos: Position) -> CoreGame {
    let mut game = CoreGame::new(pos, &DIALECT);
    game.set_ends(ends_of(variant));
    if variant.obstacles != StartObstacles::default() {
        game.set_terrain(
            start_terrain(&variant.obstacles, &variant.rules.shape),
            start_allowance(&variant.obstacles),
        );
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::notation::fen;
    use crate::variants::custom::builtin::{self, CAPABLANCA};
    use crate::variants::custom::load_variant_file;

    /// The game of a file with trapdoors and mines plays them in `make` (the same game the
    /// table and the search play) and takes them back exactly in `unmake`, over two plies of
    /// every legal move: pieces, hazards, clocks and key.
    #[test]
    fn trapdoors_and_mines_act_in_make_and_are_taken_back_in_unmake() {
        let text = format!(
            "{CAPABLANCA}\n[obstacles]\ntrapdoors = [\"e4\", \"h6\"]\nmines = [\"d3\", \"c6\", \"e4\"]\n"
        );
        let v = load_variant_file(&text).expect("a valid file");
        let mut g = game(&v, v.start_position().expect("the start"));
        let snapshot = |g: &CoreGame| {
            let pos = g.position();
            (
                fen::write(pos),
                pos.key(),
                g.terrain().expect("the file's terrain").clone(),
            )
        };
        let root = snapshot(&g);
        let (mut first, mut fired) = (Vec::new(), 0);
        g.legal_moves(&mut first);
        for m in first {
            g.make(m);
            fired += usize::from(g.last_fired().any());
            let inner = snapshot(&g);
            let mut second = Vec::new();
            g.legal_moves(&mut second);
            for r in second {
                g.make(r);
                fired += usize::from(g.last_fired().any());
                g.unmake();
                assert_eq!(snapshot(&g), inner);
            }
            g.unmake();
            assert_eq!(snapshot(&g), root);
        }
        assert!(fired > 0, "no move set anything off");
        // e2e4 onto a trapdoor and a mine: the pawn falls and the mine goes off.
        let e4 = g.parse_move("e2e4").expect("legal");
        g.make(e4);
        let after = g.position();
        assert!(after
            .piece_at(after.rules().shape.parse_square("e4").expect("a square"))
            .is_none());
        assert!(g.last_fired().fell && g.last_fired().exploded);
    }

    /// Perft through the rules type (moves made and taken back, with their effects) counts
    /// what a walk that copies the position and terrain at every node counts: the shipped
    /// walled file, whose trapdoor and mine fire from the third ply on.
    #[test]
    fn perft_with_effects_equals_a_walk_that_copies() {
        use crate::core::Position;
        use crate::variants::custom::builtin;
        use crate::variants::terrain::{self, Terrain};
        fn copying(pos: &Position, terrain: &Terrain, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let mut moves = Vec::new();
            pos.clone().legal_moves(&mut moves);
            moves
                .into_iter()
                .map(|m| {
                    let (mut p, mut t) = (pos.clone(), terrain.clone());
                    terrain::play(&mut p, &mut t, m);
                    copying(&p, &t, depth - 1)
                })
                .sum()
        }
        fn making(g: &mut CoreGame, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let mut n = 0;
            for m in moves {
                g.make(m);
                n += making(g, depth - 1);
                g.unmake();
            }
            n
        }
        let v = builtin::load("walled").expect("shipped").expect("valid");
        let start = v.start_position().expect("the start");
        let mut g = game(&v, start.clone());
        let terrain = g.terrain().expect("the file's terrain").clone();
        let (with_effects, copied) = (making(&mut g, 3), copying(&start, &terrain, 3));
        assert_eq!(with_effects, copied);
        // Without its effects the tree is another one: what perft counted before the
        // terrain was part of the rules type.
        let mut bare = game(&v, start);
        bare.set_terrain(Terrain::for_shape(&v.rules.shape), Default::default());
        assert_ne!(making(&mut bare, 3), with_effects);
    }

    /// A blast takes a promoted piece (crazyhouse with a mine): taken back, it is promoted
    /// again (its capture would put a pawn in the hand, not a queen); and the key tells the
    /// mine gone from the mine there.
    #[test]
    fn a_blast_taken_back_keeps_what_a_piece_was_promoted_from() {
        let zh = builtin::ALL
            .iter()
            .find(|(name, _)| *name == "crazyhouse")
            .map(|(_, text)| *text)
            .expect("shipped");
        let v = load_variant_file(&format!("{zh}\n[obstacles]\nmines = [\"e4\"]\n"))
            .expect("a valid file");
        let fen_text = "4k3/8/8/8/3Q~4/8/4P3/4K3[] w - - 0 1";
        let mut g = game(&v, v.position_from_fen(fen_text).expect("a position"));
        let key = g.key();
        let m = g.parse_move("e2e4").expect("legal");
        g.make(m);
        assert!(g.last_fired().exploded);
        assert!(
            !fen::write(g.position()).contains('Q'),
            "the queen is blown up"
        );
        g.unmake();
        assert_eq!(fen::write(g.position()), fen_text);
        assert_eq!(g.key(), key);
        // The same pieces over a used-up mine are another position.
        let mut other = game(&v, v.position_from_fen(fen_text).expect("a position"));
        other
            .change_terrain(|_, terrain, _| -> Result<(), ()> {
                terrain.hazards = crate::variants::terrain::Hazards::new(8, 8);
                Ok(())
            })
            .expect("changed");
        assert_ne!(other.key(), key);
    }
}
