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

/// The placement of a board of at most 8 files whose pieces are one ASCII letter each (no
/// `+` prefix, no `~` mark of a promoted piece): each rank's occupied files found as a mask
/// from its cells read as one word, its text taken whole from [`RANKS`] (the runs of empty
/// cells, a place for each piece), then each piece's letter put in its place. False, with
/// nothing written, for any other board. Written once per game `standard validate` reads:
/// cell by cell, a full board's placement took about 1,200 instructions, most of a FEN's.
fn write_plain(out: &mut String, pos: &Position) -> bool {
    let rules = pos.rules();
    let shape = &rules.shape;
    let files = shape.files() as usize;
    if files > 8 || rules.options.hands() || rules.options.walling.is_some() {
        return false;
    }
    let letter = &rules.letter_of_code;
    // A rank is at most 8 bytes and its `/`; a rank's text is copied whole (8 bytes) before
    // its length is known.
    const ROOM: usize = 9 * 32;
    let ranks = shape.ranks() as usize;
    if ranks > 32 {
        return false;
    }
    let mut bytes = [0u8; ROOM + 8];
    // Files past the board's edge count as occupied: their places end the rank's text.
    let past_edge = !((1u32 << files) - 1) as u8;
    let mut len = 0;
    let mut unlettered = false;
    for r in (0..ranks).rev() {
        let first = shape.sq(Square::new(0, r as u8)) as usize;
        // The rank's cells and whatever follows them up to 8 (padding, or the next rank's
        // cells on a board without it: past the edge either way).
        let Some(row) = pos.board.get(first..first + 8) else {
            return false;
        };
        let mut cells = [0u8; 8];
        cells.copy_from_slice(row);
        let occupied = occupied_bytes(u64::from_le_bytes(cells)) | past_edge;
        let template = &RANKS[occupied as usize];
        let Some(place) = bytes.get_mut(len..len + 8) else {
            return false;
        };
        place.copy_from_slice(&template.text);
        let mut pieces = occupied & !past_edge;
        while pieces != 0 {
            let f = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let l = letter[(cells[f] & OFFBOARD) as usize];
            unlettered |= l == 0;
            place[template.place[f] as usize] = l;
        }
        len += if files == 8 {
            template.len as usize
        } else {
            template.place[files] as usize
        };
        bytes[len] = b'/';
        len += usize::from(r > 0);
    }
    if unlettered {
        return false; // A code without a letter: the general writer says what it is.
    }
    match std::str::from_utf8(&bytes[..len]) {
        Ok(text) => {
            out.push_str(text);
            true
        }
        Err(_) => false,
    }
}

/// A rank's text for one occupancy of its 8 files: the runs of empty cells as digits, a
/// place for each piece, and where the piece of each file goes.
#[derive(Clone, Copy)]
struct RankText {
    text: [u8; 8],
    len: u8,
    /// Per file, the index of its piece's place in `text` (where it is occupied).
    place: [u8; 8],
}

/// [`RankText`] for each occupancy of 8 files (bit `f`: file `f` holds a piece).
static RANKS: [RankText; 256] = rank_texts();

const fn rank_texts() -> [RankText; 256] {
    let mut all = [RankText {
        text: [0; 8],
        len: 0,
        place: [0; 8],
    }; 256];
    let mut occupied = 0;
    while occupied < 256 {
        let t = &mut all[occupied];
        let (mut len, mut run, mut f) = (0, 0u8, 0);
        while f < 8 {
            if occupied >> f & 1 == 1 {
                if run > 0 {
                    t.text[len] = b'0' + run;
                    len += 1;
                    run = 0;
                }
                t.place[f] = len as u8;
                t.text[len] = b'?';
                len += 1;
            } else {
                run += 1;
            }
            f += 1;
        }
        if run > 0 {
            t.text[len] = b'0' + run;
            len += 1;
        }
        t.len = len as u8;
        occupied += 1;
    }
    all
}

/// Bit `i` set where byte `i` of `cells` is not zero (`EMPTY`).
fn occupied_bytes(cells: u64) -> u8 {
    const _: () = assert!(EMPTY == 0);
    // Each byte's bits folded into its lowest bit (what a shift carries in from the byte
    // above lands in bits the next fold leaves alone), then the eight lowest bits gathered
    // into the top byte by one multiplication: byte i's bit lands on bit 56 + i, and no two
    // partial products share a bit, so nothing carries.
    let folded = cells | cells >> 4;
    let folded = folded | folded >> 2;
    let folded = (folded | folded >> 1) & 0x0101_0101_0101_0101;
    (folded.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
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
            occupied |= u32::from(code != EMPTY) << f;
        }
        let mut next_file = 0;
        while occupied != 0 {
            let f = occupied.trailing_zeros();
            occupied &= occupied - 1;
            let cell = first + f as usize;
            if f > next_file {
                push_count(out, f - next_file);
            }
            next_file = f + 1;
            let Some(p) = Piece::from_code(pos.cell(cell)) else {
                // A blocker holds the padding's code: Fairy-Stockfish's `*`.
                out.push('*');
                continue;
            };
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
            variant in prop::sample::select(vec!["standard", "horde", "racingkings", "atomic", "losalamos", "pawnrace"]),
            seed in any::<u64>(),
            plies in 0usize..120,
        ) {
            let mut pos = if variant == "standard" {
                standard::start()
            } else {
                let file = builtin::load(variant).expect("embedded").expect("it reads");
                file.start_position().expect("its start")
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

    proptest! {
        /// The occupied bytes of any word, as a byte-by-byte test finds them.
        #[test]
        fn occupied_bytes_are_the_bytes_not_zero(cells in any::<u64>(), zeros in any::<u8>()) {
            // Some bytes cleared, so that mixes of empty and occupied cells come up.
            let mut bytes = cells.to_le_bytes();
            for (i, b) in bytes.iter_mut().enumerate() {
                if zeros >> i & 1 == 1 {
                    *b = 0;
                }
            }
            let expected = (0..8).fold(0u8, |m, i| m | u8::from(bytes[i] != 0) << i);
            prop_assert_eq!(occupied_bytes(u64::from_le_bytes(bytes)), expected);
        }
    }

    /// Every rank text spells its occupancy: digits for runs of empty files, a place per
    /// piece, the places where the files say.
    #[test]
    fn rank_texts_spell_their_occupancy() {
        for (occupied, t) in RANKS.iter().enumerate() {
            let mut expected = String::new();
            let mut run = 0;
            for f in 0..8 {
                if occupied >> f & 1 == 1 {
                    if run > 0 {
                        expected.push_str(&run.to_string());
                        run = 0;
                    }
                    assert_eq!(t.place[f] as usize, expected.len(), "{occupied:08b}");
                    expected.push('?');
                } else {
                    run += 1;
                }
            }
            if run > 0 {
                expected.push_str(&run.to_string());
            }
            let text = std::str::from_utf8(&t.text[..t.len as usize]).expect("ASCII");
            assert_eq!(text, expected, "{occupied:08b}");
        }
    }

    #[test]
    fn boards_the_plain_writer_does_not_take_go_the_general_way() {
        // Drops, a `+` letter, more than 8 files.
        for name in ["crazyhouse", "shogi", "minishogi", "xiangqi"] {
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
