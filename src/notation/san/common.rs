//! The shortcut for the shapes most move texts are written in (`e4`, `Nf3`, `exd5`, `Nbd7`):
//! read from the bytes, the candidates counted in place, the one candidate tested. Anything
//! else (castling, promotion, a drop, a rank given, no candidate or more than one, one that
//! leaves the king attacked) goes to the general parser, which answers it, its errors
//! included. The shortcut answers only where the general parser gives the same move.

use super::{letterless, Parsed};
use crate::core::movegen::MoveSink;
use crate::core::{Move, MoveFlag, Part, Position, Sq};

/// The legal move a text in a common shape names, or `None`: read it with the general parser.
pub(super) fn common_move(pos: &mut Position, text: &str) -> Option<Move> {
    let b = text.as_bytes();
    // Check, mate and annotation suffixes, as the general parser trims them.
    let kept = b
        .iter()
        .rposition(|&c| !matches!(c, b'+' | b'#' | b'!' | b'?'))
        .map_or(0, |i| i + 1);
    let b = &b[..kept];
    // Castling (`O-O`, `0-0`, `o-o`) is left to the general parser; no common shape starts so.
    if matches!(b.first(), None | Some(b'O' | b'0' | b'o')) {
        return None;
    }
    let Some(Parsed::Normal {
        kind,
        from_file,
        from_rank: None,
        to,
        promotion: None,
    }) = common_shape(pos, b)
    else {
        return None;
    };
    let mut kinds = match kind {
        Some(named) => 1u64 << named,
        None => pos.rules().promoting_kinds,
    };
    let mut found = OnlyOne {
        to,
        count: 0,
        from: to,
        flag: MoveFlag::Normal,
    };
    while kinds != 0 {
        let k = kinds.trailing_zeros() as crate::core::KindId;
        kinds &= kinds - 1;
        pos.candidates_of_kind_to(k, to, (from_file, None), &mut found);
    }
    if found.count != 1 {
        return None;
    }
    let m = Move {
        from: found.from,
        to,
        promotion: None,
        flag: found.flag,
        part: Part::None,
    };
    pos.keeps_royal_safe(m).then_some(m)
}

/// The first candidate to `to` that does not promote, and how many there are (up to 2): a
/// text without a promotion names no promotion. The first is kept field by field, not as a
/// `Move`: its fields are stored one at a time, and reading them back as one 8-byte `Move`
/// could not be forwarded from those stores (a stall of a dozen cycles per move read,
/// 3% of `standard validate` on the Intel Xeon).
struct OnlyOne {
    to: Sq,
    count: u8,
    from: Sq,
    flag: MoveFlag,
}

impl MoveSink for OnlyOne {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        if m.to != self.to || m.promotion.is_some() {
            return;
        }
        if self.count == 0 {
            self.from = m.from;
            self.flag = m.flag;
        }
        self.count = (self.count + 1).min(2);
    }
}

/// The shapes most moves are written in, read without the general parser's searches: a
/// destination with a one-digit rank, after an optional piece letter, an optional origin
/// file and an optional `x` (`e4`, `Nf3`, `exd5`, `Nxe5`, `Nbd7`). `None` for any other text
/// (or one this board refuses), which the general parser then reads: this gives nothing that
/// it would not.
pub(super) fn common_shape(pos: &Position, b: &[u8]) -> Option<Parsed> {
    let (&rank, rest) = b.split_last()?;
    let (&file, mut rest) = rest.split_last()?;
    if !(b'1'..=b'9').contains(&rank) || !file.is_ascii_lowercase() {
        return None;
    }
    let rules = pos.rules();
    let shape = &rules.shape;
    let square = crate::core::geometry::Square::new(file - b'a', rank - b'1');
    if !shape.contains(square) {
        return None;
    }
    let to = shape.sq(square);
    if let [before @ .., b'x' | b'-' | b':'] = rest {
        rest = before;
    }
    let mut kind = None;
    if let [letter, after @ ..] = rest {
        if letter.is_ascii_uppercase() {
            let k = rules.kind_by_letter(*letter as char)?;
            if !letterless(pos, k) {
                kind = Some(k);
            }
            rest = after;
        }
    }
    let from_file = match rest {
        [] => None,
        [f] if f.is_ascii_lowercase() && f - b'a' < shape.files() => Some(f - b'a'),
        _ => return None,
    };
    Some(Parsed::Normal {
        kind,
        from_file,
        from_rank: None,
        to,
        promotion: None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::any_shape;
    use super::*;
    use crate::variants::standard;

    /// Boards of three shapes and piece tables: FIDE chess, xiangqi's 9×10 (a two-digit
    /// rank, other letters) and shogi's 9×9 (other letters again, drops).
    fn boards() -> Vec<Position> {
        let mut out = vec![standard::start()];
        for name in ["xiangqi", "shogi"] {
            let shipped = crate::variants::custom::builtin::by_name(name).expect("shipped");
            out.push(shipped.variant.start_position().expect("its start"));
        }
        out
    }

    #[test]
    fn the_common_shapes_are_read_without_the_general_parser() {
        let pos = standard::start();
        for text in ["e4", "Nf3", "exd5", "Nxe5", "Nbd7", "Pe4", "N-f3", "e:d5"] {
            let shortcut = common_shape(&pos, text.as_bytes());
            assert!(shortcut.is_some(), "{text}");
            assert_eq!(shortcut, any_shape(&pos, text), "{text}");
        }
        // Left to the general parser: a rank before the square, promotion, a drop, two
        // rank digits, a file past the board.
        for text in [
            "N1f3", "e8Q", "e8=Q", "N@f3", "e10", "i4", "Ni4", "Nif3", "ie4",
        ] {
            assert_eq!(common_shape(&pos, text.as_bytes()), None, "{text}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Wherever the common shapes' shortcut answers, the general parser gives the same.
        #[test]
        fn the_shortcut_reads_as_the_general_parser_reads(
            shaped in "[NBRQKPACGSLX]?[a-l]?[x:@=\\-]?[a-l][0-9]",
            any in "[NBRQKPACGSLxX:@=\\-a-l0-9]{1,5}"
        ) {
            for pos in boards() {
                for text in [&shaped, &any] {
                    if let Some(parsed) = common_shape(&pos, text.as_bytes()) {
                        proptest::prop_assert_eq!(Some(parsed), any_shape(&pos, text), "{}", text);
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// Along random games on each board, every legal move's SAN and a random text: where
        /// the shortcut names a move, the general parser names the same one.
        #[test]
        fn the_shortcut_names_the_move_the_general_parser_names(
            seed in proptest::prelude::any::<u64>(),
            noise in "[NBRQKPx:a-i1-9+#!?]{1,6}"
        ) {
            let mut answered = 0;
            for mut pos in boards() {
                let mut rng = seed | 1;
                for _ in 0..30 {
                    let moves = pos.legal_move_list();
                    if moves.is_empty() {
                        break;
                    }
                    let mut texts: Vec<String> =
                        moves.iter().map(|&m| super::super::to_san(&mut pos, m)).collect();
                    // Without a disambiguation, or with the wrong one: more or no candidates.
                    let bare: Vec<String> = texts
                        .iter()
                        .filter(|t| t.len() > 3 && t.as_bytes()[0].is_ascii_uppercase())
                        .map(|t| format!("{}{}", &t[..1], &t[t.len() - 2..]))
                        .collect();
                    texts.extend(bare);
                    texts.push(noise.clone());
                    for text in &texts {
                        if let Some(m) = common_move(&mut pos, text) {
                            answered += 1;
                            proptest::prop_assert_eq!(
                                Ok(m),
                                super::super::parse_any(&mut pos, text),
                                "{}",
                                text
                            );
                        }
                    }
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let m = moves[(rng % moves.len() as u64) as usize];
                    pos.make(m);
                }
            }
            // Most SAN is in a common shape: a shortcut that never answered tested nothing.
            proptest::prop_assert!(answered > 100, "the shortcut answered {} texts", answered);
        }
    }
}
