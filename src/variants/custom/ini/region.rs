//! Fairy-Stockfish's `[Bitboard]` values: squares (`d4`) and whole ranks (`*1`), separated by
//! spaces; `-` or nothing is the empty set. A region is kept as written (absolute squares, one
//! per side) and laid on the board only when the variant is written, because Fairy-Stockfish
//! does not move a region when a child changes the board's size.

use std::collections::BTreeSet;

/// A set of squares as (file, rank), both 0-based.
pub type Squares = BTreeSet<(u32, u32)>;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region {
    /// Whole ranks (0-based), `*N`.
    pub ranks: BTreeSet<u32>,
    /// Single squares.
    pub squares: Squares,
}

impl Region {
    /// One whole rank (0-based).
    pub fn rank(rank: u32) -> Region {
        Region {
            ranks: BTreeSet::from([rank]),
            squares: Squares::new(),
        }
    }

    /// Its squares on a board of this size.
    pub fn on_board(&self, files: u32, ranks: u32) -> Squares {
        let mut out: Squares = self
            .squares
            .iter()
            .copied()
            .filter(|&(f, r)| f < files && r < ranks)
            .collect();
        for &r in self.ranks.iter().filter(|&&r| r < ranks) {
            out.extend((0..files).map(|f| (f, r)));
        }
        out
    }
}

/// The ranks (0-based) a set of squares covers whole, when it is exactly whole ranks.
pub fn whole_ranks(squares: &Squares, files: u32) -> Option<BTreeSet<u32>> {
    let ranks: BTreeSet<u32> = squares.iter().map(|&(_, r)| r).collect();
    let whole = ranks
        .iter()
        .all(|&r| (0..files).all(|f| squares.contains(&(f, r))));
    whole.then_some(ranks)
}

/// A file written as a letter (`a`…) or a 1-based number, as 0-based.
pub fn parse_file(text: &str) -> Option<u32> {
    let t = text.trim();
    if let Ok(n) = t.parse::<u32>() {
        return (1..=26).contains(&n).then(|| n - 1);
    }
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() => Some(c as u32 - 'a' as u32),
        _ => None,
    }
}

/// A region's text, or `None` when a part is not a square, a `*N` rank or an `a*` file.
pub fn parse(text: &str) -> Option<Region> {
    let mut region = Region::default();
    for part in text.split_whitespace() {
        if part == "-" {
            continue;
        }
        if let Some(file) = part.strip_suffix('*') {
            // A whole file (gale's `a*`): its squares on any board up to 99 ranks.
            let f = parse_file(file).filter(|_| file.len() == 1)?;
            region.squares.extend((0..99).map(|r| (f, r)));
            continue;
        }
        let (file, rank) = part.split_at(part.find(|c: char| c.is_ascii_digit())?);
        let rank: u32 = rank.parse().ok().filter(|r| (1..=99).contains(r))?;
        if file == "*" {
            region.ranks.insert(rank - 1);
        } else {
            let f = parse_file(file).filter(|_| file.len() == 1)?;
            region.squares.insert((f, rank - 1));
        }
    }
    Some(region)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_ranks() {
        let r = parse("*1 d4 e10").unwrap();
        assert_eq!(r.ranks, BTreeSet::from([0]));
        assert!(r.squares.contains(&(4, 9)));
        let board = r.on_board(8, 8);
        assert_eq!(board.len(), 9, "e10 is off an 8-rank board");
        assert_eq!(
            whole_ranks(&Region::rank(7).on_board(8, 8), 8),
            Some(BTreeSet::from([7]))
        );
        assert_eq!(whole_ranks(&board, 8), None);
        assert_eq!(parse("-"), Some(Region::default()));
        assert_eq!(parse("b*").map(|r| r.on_board(3, 2).len()), Some(2));
        for bad in ["x", "*", "dd4", "d0", "4", "dd*"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(parse_file("i"), Some(8));
        assert_eq!(parse_file("10"), Some(9));
        assert_eq!(parse_file("0"), None);
    }
}
