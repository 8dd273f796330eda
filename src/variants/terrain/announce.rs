//! Effects in words: which piece fell into which trapdoor, what a mine took. Built from the
//! pieces before and after a move, so obstacle chess and variant files say it alike.

use crate::core::{Position, Square};

/// Every square's piece as words (`white knight`), `None` where empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pieces {
    files: u8,
    ranks: u8,
    names: Vec<Option<String>>,
}

impl Pieces {
    /// The pieces of a position, by colour and kind name.
    pub fn of(pos: &Position) -> Pieces {
        let rules = pos.rules();
        let shape = &rules.shape;
        let (files, ranks) = (shape.files(), shape.ranks());
        let names = (0..ranks)
            .flat_map(|r| (0..files).map(move |f| Square::new(f, r)))
            .map(|s| {
                pos.piece_at(shape.sq(s))
                    .map(|p| format!("{} {}", p.color.name(), rules.kind(p.kind).name))
            })
            .collect();
        Pieces {
            files,
            ranks,
            names,
        }
    }

    fn at(&self, s: Square) -> Option<&str> {
        if s.file >= self.files || s.rank >= self.ranks {
            return None;
        }
        let i = usize::from(s.rank) * usize::from(self.files) + usize::from(s.file);
        self.names.get(i).and_then(|n| n.as_deref())
    }

    fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| Square::new(f, r)))
    }
}

/// What one move's trapdoors and mines did, in sentences.
pub struct Announce<'a> {
    /// The pieces before the move.
    pub before: &'a Pieces,
    /// The pieces after the move and its effects.
    pub after: &'a Pieces,
    /// The move's from and to squares, when its text names them (castling may not).
    pub from_to: Option<(Square, Square)>,
}

impl Announce<'_> {
    /// The piece that arrived on `s` with this move, if the move says which.
    fn arrived(&self, s: Square) -> Option<&str> {
        let (from, _) = self.from_to.filter(|(_, to)| *to == s)?;
        self.before.at(from)
    }

    /// The pieces on the board before the move and not after it (by name, not square).
    fn lost(&self) -> Vec<&str> {
        let mut after: Vec<&str> = self
            .after
            .names
            .iter()
            .flatten()
            .map(String::as_str)
            .collect();
        let mut lost = Vec::new();
        for name in self.before.names.iter().flatten() {
            match after.iter().position(|a| a == name) {
                Some(i) => {
                    after.swap_remove(i);
                }
                None => lost.push(name.as_str()),
            }
        }
        lost
    }

    /// A piece fell into the trapdoor on `s`.
    pub fn fall(&self, s: Square) -> String {
        match (self.arrived(s), self.lost().as_slice()) {
            (Some(piece), _) => format!("the {piece} on {s} fell into a trapdoor"),
            // A castling rook: the one piece gone.
            (None, [piece]) => format!("the {piece} fell into a trapdoor on {s}"),
            (None, _) => format!("a piece fell into a trapdoor on {s}"),
        }
    }

    /// The mine on `s` exploded: the piece that stepped on it and its neighbours that are gone
    /// (after castling, which moves two pieces, the pieces gone by name).
    pub fn blast(&self, s: Square) -> String {
        let Some((from, _)) = self.from_to else {
            let gone: Vec<String> = self.lost().iter().map(|p| format!("the {p}")).collect();
            return took(s, &gone);
        };
        let from = Some(from);
        let mut gone: Vec<String> = self
            .arrived(s)
            .map(|p| format!("the {p} on {s}"))
            .into_iter()
            .collect();
        for n in self.before.squares() {
            let near = n.file.abs_diff(s.file) <= 1 && n.rank.abs_diff(s.rank) <= 1;
            if !near || n == s || Some(n) == from {
                continue;
            }
            if let (Some(p), None) = (self.before.at(n), self.after.at(n)) {
                gone.push(format!("the {p} on {n}"));
            }
        }
        took(s, &gone)
    }
}

/// `a mine exploded on S and took A, B and C`.
fn took(s: Square, gone: &[String]) -> String {
    match gone.split_last() {
        None => format!("a mine exploded on {s}"),
        Some((last, [])) => format!("a mine exploded on {s} and took {last}"),
        Some((last, rest)) => {
            format!(
                "a mine exploded on {s} and took {} and {last}",
                rest.join(", ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::standard;

    fn pieces(fen: &str) -> Pieces {
        Pieces::of(&standard::from_fen(fen).expect("a FEN"))
    }

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    /// The queen steps onto a mine on d5: she, the pawn on e4 and the pawn on c6 go; the
    /// knight on b5 (two files away) and the queen's own start square are not the blast's.
    #[test]
    fn a_blast_names_the_piece_that_stepped_on_the_mine_and_its_neighbours_gone() {
        let before = pieces("k7/8/2p5/1n5Q/4P3/8/8/4K3 w - - 0 1");
        let after = pieces("k7/8/8/1n6/8/8/8/4K3 b - - 0 1");
        let say = Announce {
            before: &before,
            after: &after,
            from_to: Some((sq("h5"), sq("d5"))),
        };
        assert_eq!(
            say.blast(sq("d5")),
            "a mine exploded on d5 and took the white queen on d5, the white pawn on e4 and \
the black pawn on c6"
        );
    }

    #[test]
    fn a_fall_names_the_mover_or_the_one_piece_gone() {
        let before = pieces("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let after = pieces("4k3/8/8/8/8/8/8/6K1 b - - 1 1");
        let castling = Announce {
            before: &before,
            after: &after,
            from_to: Some((sq("e1"), sq("g1"))),
        };
        assert_eq!(
            castling.fall(sq("f1")),
            "the white rook fell into a trapdoor on f1"
        );
        let after = pieces("4k3/8/8/8/8/8/8/4K3 b - - 1 1");
        let rook_move = Announce {
            before: &before,
            after: &after,
            from_to: Some((sq("h1"), sq("h4"))),
        };
        assert_eq!(
            rook_move.fall(sq("h4")),
            "the white rook on h4 fell into a trapdoor"
        );
    }

    /// Castling moves two pieces: a blast after it names the pieces gone, not their old
    /// squares.
    #[test]
    fn a_blast_after_castling_names_the_pieces_gone() {
        let before = pieces("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        let after = pieces("4k3/8/8/8/8/8/8/6K1 b - - 1 1");
        let say = Announce {
            before: &before,
            after: &after,
            from_to: None,
        };
        assert_eq!(
            say.blast(sq("f1")),
            "a mine exploded on f1 and took the white rook"
        );
    }
}
