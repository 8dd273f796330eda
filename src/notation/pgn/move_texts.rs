//! A game's main-line move texts in one buffer. A validator reads millions of moves; one
//! `String` each made allocation the largest cost of reading PGN, so the texts share a
//! buffer and a list of where each ends: a game costs two growing allocations, not one per
//! move.

use std::fmt;

/// Plies of a typical game (most have 60 to 120), and of its texts about four bytes each.
const TYPICAL_PLIES: usize = 128;

/// Move texts as written, in order.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct MoveTexts {
    text: String,
    /// Where each move's text ends in `text` (each starts where the one before ends).
    ends: Vec<usize>,
}

impl MoveTexts {
    /// No moves, nothing allocated.
    pub fn new() -> MoveTexts {
        MoveTexts::default()
    }

    /// Appends one move's text.
    pub fn push(&mut self, move_text: &str) {
        if self.ends.capacity() == 0 {
            // Room for a typical game at once, instead of a dozen doublings from empty.
            self.ends.reserve(TYPICAL_PLIES);
            self.text.reserve(TYPICAL_PLIES * 4);
        }
        self.text.push_str(move_text);
        self.ends.push(self.text.len());
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no moves.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `i`th move's text (0-based).
    pub fn get(&self, i: usize) -> Option<&str> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        self.text.get(start..end)
    }

    /// The texts in order, oldest first.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            texts: self,
            next: 0,
            start: 0,
        }
    }

    /// Forgets every move, keeping the buffers for the next game.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }
}

/// The move texts in order.
pub struct Iter<'a> {
    texts: &'a MoveTexts,
    next: usize,
    /// Where the next text starts.
    start: usize,
}

impl<'a> Iterator for Iter<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let end = *self.texts.ends.get(self.next)?;
        let text = self.texts.text.get(self.start..end);
        self.next += 1;
        self.start = end;
        text
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.texts.len() - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Iter<'_> {}
impl std::iter::FusedIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a MoveTexts {
    type Item = &'a str;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl<S: AsRef<str>> FromIterator<S> for MoveTexts {
    fn from_iter<I: IntoIterator<Item = S>>(iter: I) -> MoveTexts {
        let mut texts = MoveTexts::new();
        for s in iter {
            texts.push(s.as_ref());
        }
        texts
    }
}

/// Prints as the list of texts it holds, `["e4", "e5"]`.
impl fmt::Debug for MoveTexts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Compares with a list of texts, as `Vec<String>` did: `assert_eq!(game.moves, ["e4"])`.
impl<S: AsRef<str>, const N: usize> PartialEq<[S; N]> for MoveTexts {
    fn eq(&self, other: &[S; N]) -> bool {
        *self == other[..]
    }
}

impl<S: AsRef<str>> PartialEq<[S]> for MoveTexts {
    fn eq(&self, other: &[S]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a == b.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_each_text_apart_in_order() {
        let texts: MoveTexts = ["e4", "", "Nf3", "O-O-O"].into_iter().collect();
        assert_eq!(texts.len(), 4);
        assert_eq!(texts, ["e4", "", "Nf3", "O-O-O"]);
        assert_eq!(texts.get(0), Some("e4"));
        assert_eq!(texts.get(1), Some(""));
        assert_eq!(texts.get(3), Some("O-O-O"));
        assert_eq!(texts.get(4), None);
        assert_eq!(texts.iter().len(), 4);
        assert_eq!(format!("{texts:?}"), r#"["e4", "", "Nf3", "O-O-O"]"#);
        assert_ne!(texts, ["e4", "", "Nf3"]);
        assert_ne!(texts, ["e4", "", "Nf3", "O-O"]);
    }

    #[test]
    fn clear_empties_it() {
        let mut texts = MoveTexts::new();
        assert!(texts.is_empty());
        texts.push("d4");
        assert!(!texts.is_empty());
        texts.clear();
        assert!(texts.is_empty());
        assert_eq!(texts.iter().next(), None);
    }
}
