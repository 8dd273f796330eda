//! FEN's first field, the piece placement: ranks from the top, `/`-separated, runs of empty
//! squares as numbers, upper case White. Written once per game `standard validate` reads.

use crate::core::piece::{EMPTY, OFFBOARD};
use crate::core::{Color, Piece, Position, Square};

use super::fen_hand;

/// Appends the piece placement of `pos` to `out`.
pub(super) fn write(out: &mut String, pos: &Position) {
    if !write_plain(out, pos) {
        write_any(out, pos);
    }
}

/// The placement of a board of at most 9 files whose pieces are one ASCII letter each (no
/// `+` prefix, no `~` mark of a promoted piece): a rank's occupied files found as a mask,
/// then each piece and the run of empty cells before it written without a branch on whether
/// there is one. False, with nothing written, for any other board.
fn write_plain(out: &mut String, pos: &Position) -> bool {
    let rules = pos.rules();
    let shape = &rules.shape;
    let files = shape.files() as usize;
    if files > 9 || rules.options.drops || 2 * rules.pieces.len() + 1 > OFFBOARD as usize {
        return false;
    }
    // Per cell code, its letter (0 for none).
    let mut letter = [0u8; OFFBOARD as usize + 1];
    for (k, kind) in rules.pieces.iter().enumerate() {
        if kind.plus || !kind.letter.is_ascii_alphabetic() {
            return false;
        }
        for color in Color::BOTH {
            let l = kind.letter as u8;
            letter[Piece::new(color, k as _).code() as usize] = match color {
                Color::White => l.to_ascii_uppercase(),
                Color::Black => l.to_ascii_lowercase(),
            };
        }
    }
    // A rank of up to 9 files is at most 9 bytes and its `/`: 260 bytes for 26 ranks. The
    // buffer is larger, a power of two, and indexed under a mask, so that its writes need no
    // bounds test (two a square were a fifth of writing the field).
    const ROOM: usize = 512;
    let mut bytes = [0u8; ROOM];
    if shape.ranks() as usize * (files + 1) > 10 * 26 {
        return false;
    }
    let mut len = 0;
    for r in (0..shape.ranks()).rev() {
        let first = shape.sq(Square::new(0, r)) as usize;
        let Some(row) = pos.board.get(first..first + files) else {
            return false;
        };
        // The rank's pieces as a mask, then piece by piece: a final position has a score of
        // pieces on 64 cells, and each empty cell went through the piece's instructions.
        let mut pieces = row
            .iter()
            .enumerate()
            .fold(0u32, |m, (f, &code)| m | u32::from(code != EMPTY) << f);
        let mut next_file = 0u32;
        while pieces != 0 {
            let f = pieces.trailing_zeros();
            pieces &= pieces - 1;
            let l = row
                .get(f as usize)
                .map_or(0, |&code| letter[code as usize & OFFBOARD as usize]);
            if l == 0 {
                return false; // A code without a letter: the general writer says what it is.
            }
            // The run of empty cells before the piece, kept only if there is one (a branch
            // on it was mispredicted about every third piece).
            let run = f - next_file;
            bytes[len & (ROOM - 1)] = b'0' + run as u8;
            len += usize::from(run > 0);
            bytes[len & (ROOM - 1)] = l;
            len += 1;
            next_file = f + 1;
        }
        let run = files as u32 - next_file;
        bytes[len & (ROOM - 1)] = b'0' + run as u8;
        len += usize::from(run > 0);
        bytes[len & (ROOM - 1)] = b'/';
        len += usize::from(r > 0);
    }
    match std::str::from_utf8(&bytes[..len]) {
        Ok(text) => {
            out.push_str(text);
            true
        }
        Err(_) => false,
    }
}

/// The placement of any board: multi-digit runs (`10` on wide boards), `+` before a promoted
/// kind's letter, `~` after a piece promoted where pieces are dropped.
fn write_any(out: &mut String, pos: &Position) {
    let rules = pos.rules();
    let shape = &rules.shape;
    let push_count = |out: &mut String, n: u32| out.push_str(itoa::Buffer::new().format(n));
    // At most `MAX_FILES` (26): a rank's cells fit a `u32` mask.
    let files = shape.files() as u32;
    for r in (0..shape.ranks()).rev() {
        let first = shape.sq(Square::new(0, r)) as usize;
        // The rank's pieces as a mask first, then piece by piece.
        let mut occupied = 0u32;
        for f in 0..files {
            let code = pos.cell(first + f as usize);
            occupied |= u32::from(code != EMPTY && code != OFFBOARD) << f;
        }
        let mut next_file = 0;
        while occupied != 0 {
            let f = occupied.trailing_zeros();
            occupied &= occupied - 1;
            let cell = first + f as usize;
            let Some(p) = Piece::from_code(pos.cell(cell)) else {
                continue;
            };
            if f > next_file {
                push_count(out, f - next_file);
            }
            next_file = f + 1;
            let kind = rules.kind(p.kind);
            if kind.plus {
                out.push('+');
            }
            let l = kind.letter;
            out.push(if p.color == Color::White {
                l
            } else {
                l.to_ascii_lowercase()
            });
            fen_hand::write_promoted(out, pos, cell as crate::core::Sq);
        }
        if files > next_file {
            push_count(out, files - next_file);
        }
        if r > 0 {
            out.push('/');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::custom::builtin;
    use crate::variants::standard;
    use proptest::prelude::*;

    /// Both ways of writing the placement, on the same position.
    fn both(pos: &Position) -> (Option<String>, String) {
        let mut plain = String::new();
        let plain = write_plain(&mut plain, pos).then_some(plain);
        let mut any = String::new();
        write_any(&mut any, pos);
        (plain, any)
    }

    proptest! {
        /// Random games on boards the plain writer takes: it writes what the general one
        /// writes, and it takes them.
        #[test]
        fn the_plain_writer_writes_what_the_general_one_writes(
            variant in prop::sample::select(vec!["standard", "horde", "racingkings", "xiangqi", "atomic"]),
            seed in any::<u64>(),
            plies in 0usize..120,
        ) {
            let mut pos = if variant == "standard" {
                standard::start()
            } else {
                let shipped = builtin::by_name(variant).expect("shipped");
                shipped.variant.start_position().expect("its start")
            };
            let mut rng = seed;
            for _ in 0..plies {
                let moves = pos.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                pos.make(moves[(rng >> 33) as usize % moves.len()]);
            }
            let (plain, any) = both(&pos);
            prop_assert_eq!(plain, Some(any));
        }
    }

    #[test]
    fn boards_the_plain_writer_does_not_take_go_the_general_way() {
        for name in ["crazyhouse", "shogi", "minishogi"] {
            let shipped = builtin::by_name(name).expect("shipped");
            let pos = shipped.variant.start_position().expect("its start");
            let (plain, any) = both(&pos);
            assert_eq!(plain, None, "{name}");
            let mut out = String::new();
            write(&mut out, &pos);
            assert_eq!(out, any);
        }
        let (plain, any) = both(&standard::start());
        assert_eq!(
            plain.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
        );
        assert_eq!(any, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    }
}
