//! Betza movement notation, compiled into the core's movement components.
//!
//! A movement string is a sequence of groups `[modifiers] ATOM [range]`:
//! - atoms (leaps, from White's side): `W` (1,0) `F` (1,1) `D` (2,0) `N` (1,2) `A` (2,2)
//!   `H` (3,0) `C` (1,3) `Z` (2,3) `G` (3,3); compounds `K` = `WF`, `R` = `WW`, `B` = `FF`,
//!   `Q` = `WWFF`.
//! - range: a doubled atom (`WW`, `NN`) rides without limit; a number after the atom rides at
//!   most that many steps (`W4`, `R4`, `B2`, `N12`; `0` = unlimited, `1` = a single leap).
//! - modifiers before the atom: `m` move only, `c` capture only; `p` hop (moves only past
//!   exactly one piece of either side, the screen: `mRcpR` is xiangqi's cannon), `g`
//!   grasshopper (lands just past the first piece), `n` lame (a leap blocked by a piece on a
//!   square it passes: `nN` xiangqi's horse, `nA` its elephant); directions `f` `b` `l` `r`
//!   (forward, backward, left, right), `v` (`f` and `b`), `s` (`l` and `r`) and `h` (a half),
//!   read as Fairy-Stockfish reads them: a letter pairs with the next when both are the same
//!   or one is vertical (`f` `b` `v` `h`) and the other horizontal (`l` `r` `s` `h`), else it
//!   stands for itself doubled. For an oblique atom like `N`, `f` (`ff`) is the two steep
//!   forward moves and `l` (`ll`) the two wide leftward ones; a pair picks one move: `fr`
//!   the wide forward-right, `rf` the steep forward-right, `fs` the two wide forward ones; `fh`
//!   the four forward moves. On a diagonal atom `fr` and `rf` are one move (`rbB` rides back
//!   to the right). On a lone orthogonal atom a pair means both of its letters (`frW` = forward
//!   or right, `fsW` = forward or sideways). Several modifiers add up. No direction means all.
//! - directions are the mover's: the board is turned 180° for Black (XBoard's and
//!   Fairy-Stockfish's convention), so Black's left is the h-file side. This matters only for
//!   pieces whose left and right moves differ; the core turns those (`core::rules`).
//! - `i` (initial): the part moves only from the mover's second rank, where Fairy-Stockfish's
//!   initial moves start (its default double-step region): spartan's hoplite `imA`.
//! - a move-only lame leap twice a unit step (`mfnD`, `mfnA`) is a double step: an initial one
//!   (`ifmnD`, berolina's `imfnA`) leaves the square passed as an en passant square, as
//!   Fairy-Stockfish's initial moves do; `e` with `c` lets captures take en passant (`cfeW`).
//!
//! Errors carry the byte offset in the string.

use crate::core::{Motion, MoveMode, MovementComponent};

/// A movement string that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("movement '{text}', column {}: {message}", offset + 1)]
pub struct BetzaError {
    /// The movement string (its first 32 characters and `…` when refused as too long).
    pub text: String,
    /// Byte offset of the offending character (the string's length when it ended too early).
    pub offset: usize,
    /// What is wrong, in words.
    pub message: String,
}

/// Longest movement string read, in bytes: real pieces need a few dozen; a longer string is
/// refused before it is read, so its size costs nothing.
pub const MAX_MOVEMENT_BYTES: usize = 256;

/// Most parts (atoms with their modifiers) one movement may have.
pub const MAX_PARTS: usize = 64;

/// Largest ride range accepted (the core stores ranges in a byte; boards have ≤ 99 ranks).
pub const MAX_RANGE: u32 = 99;

/// One direction modifier as Fairy-Stockfish pairs them: a letter and the next one when they
/// combine (the same letter twice, or one of `f` `b` `v` `h` with one of `r` `l` `s` `h`),
/// else the letter doubled (`f` reads as `ff`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Dir(char, char);

/// Which of an atom's eight moves a modifier selects, as Fairy-Stockfish's `from_betza`
/// lists them. The atom is (a, b), a ≥ b, and the moves are, as (rank, file) steps:
/// (a, b), (−a, −b), (−b, a), (b, −a), (b, a), (−b, −a), (−a, b), (a, −b); on a symmetric
/// atom (`F`, `W`) two of them are one vector, selected by either's modifiers.
const SLOTS: [&[&str]; 8] = [
    &["ff", "vv", "rf", "rv", "fh", "rh", "hr"],
    &["bb", "vv", "lb", "lv", "bh", "lh", "hr"],
    &["rr", "ss", "br", "bs", "bh", "rh", "hr"],
    &["ll", "ss", "fl", "fs", "fh", "lh", "hr"],
    &["rr", "ss", "fr", "fs", "fh", "rh", "hl"],
    &["ll", "ss", "bl", "bs", "bh", "lh", "hl"],
    &["bb", "vv", "rb", "rv", "bh", "rh", "hl"],
    &["ff", "vv", "lf", "lv", "fh", "lh", "hl"],
];

impl Dir {
    fn key(self) -> String {
        [self.0, self.1].iter().collect()
    }

    /// Does it select the step (dx, dy) (file, rank; White's view) of its atom?
    fn selects(self, dx: i8, dy: i8) -> bool {
        let (a, b) = (dx.abs().max(dy.abs()), dx.abs().min(dy.abs()));
        let slots = [
            (a, b),
            (-a, -b),
            (-b, a),
            (b, -a),
            (b, a),
            (-b, -a),
            (-a, b),
            (a, -b),
        ];
        let key = self.key();
        slots
            .iter()
            .zip(SLOTS)
            .any(|(&(rank, file), keys)| (rank, file) == (dy, dx) && keys.contains(&key.as_str()))
    }

    /// On a lone orthogonal atom a pair of two letters means both (`frW`: forward or right),
    /// as Fairy-Stockfish splits them.
    fn split(self) -> [Dir; 2] {
        [Dir(self.0, self.0), Dir(self.1, self.1)]
    }
}

fn atom(c: char) -> Option<(i8, i8)> {
    Some(match c {
        'W' => (1, 0),
        'F' => (1, 1),
        'D' => (2, 0),
        'N' => (1, 2),
        'A' => (2, 2),
        'H' => (3, 0),
        'C' => (1, 3),
        'Z' => (2, 3),
        'G' => (3, 3),
        _ => return None,
    })
}

/// Atoms of a letter and whether it rides by itself (`R`, `B`, `Q`).
fn expand(c: char) -> Option<(Vec<(i8, i8)>, bool)> {
    Some(match c {
        'K' => (vec![(1, 0), (1, 1)], false),
        'R' => (vec![(1, 0)], true),
        'B' => (vec![(1, 1)], true),
        'Q' => (vec![(1, 0), (1, 1)], true),
        _ => (vec![atom(c)?], false),
    })
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<(usize, char)>,
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).map(|&(_, c)| c)
    }
    fn offset(&self) -> usize {
        self.chars.get(self.i).map_or(self.text.len(), |&(o, _)| o)
    }
    fn error(&self, message: impl Into<String>) -> BetzaError {
        BetzaError {
            text: self.text.to_string(),
            offset: self.offset(),
            message: message.into(),
        }
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    /// An error at byte `offset` rather than at the character being read.
    fn error_at(&self, offset: usize, message: impl Into<String>) -> BetzaError {
        BetzaError {
            text: self.text.to_string(),
            offset,
            message: message.into(),
        }
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    Both,
    Move,
    Capture,
}

/// What the modifiers before an atom ask for.
struct Modifiers {
    mode: Mode,
    motion: Motion,
    /// Where the motion's letter stands, for the error when the range does not suit it.
    motion_at: usize,
    dirs: Vec<Dir>,
    /// `i`: only from the second rank, the mover's own counting (Fairy-Stockfish's initial
    /// moves, made from its default double-step region).
    initial: bool,
    /// `e`: its captures may be en passant (`cfeW`, `fceF`).
    en_passant: bool,
}

/// Reads a movement string into components (one per atom and range).
pub fn parse(text: &str) -> Result<Vec<MovementComponent>, BetzaError> {
    if text.len() > MAX_MOVEMENT_BYTES {
        return Err(BetzaError {
            text: text.chars().take(32).chain("…".chars()).collect(),
            offset: MAX_MOVEMENT_BYTES,
            message: format!(
                "a movement is at most {MAX_MOVEMENT_BYTES} bytes long; this one has {}",
                text.len()
            ),
        });
    }
    let mut p = Parser {
        text,
        chars: text.char_indices().collect(),
        i: 0,
    };
    let mut out = Vec::new();
    if p.chars.is_empty() {
        return Err(p.error("empty movement"));
    }
    let mut parts = 0;
    while p.peek().is_some() {
        parts += 1;
        if parts > MAX_PARTS {
            return Err(p.error(format!("a movement has at most {MAX_PARTS} parts")));
        }
        p.part(&mut out)?;
    }
    if out.is_empty() {
        return Err(p.error_at(0, "the directions select no move"));
    }
    drop_repeats(&mut out);
    Ok(out)
}

impl Parser<'_> {
    /// One part, `[modifiers] ATOM [range]`: its components go to `out` (none where the
    /// directions select none of the atom's moves).
    fn part(&mut self, out: &mut Vec<MovementComponent>) -> Result<(), BetzaError> {
        let part_at = self.offset();
        let before = out.len();
        let Modifiers {
            mode,
            motion,
            motion_at,
            mut dirs,
            initial,
            en_passant,
        } = self.modifiers()?;
        let (atoms, range) = self.atom_and_range()?;
        match motion {
            Motion::Hop | Motion::Grasshop if range == 1 => {
                return Err(self.error_at(
                    motion_at,
                    "'p' and 'g' need a line to jump along: a rider (R, B, Q, a doubled atom or a range)",
                ))
            }
            Motion::Lame if range != 1 => {
                return Err(self.error_at(
                    motion_at,
                    "'n' makes a single leap lame; it cannot ride",
                ))
            }
            _ => {}
        }
        // On a lone orthogonal atom a pair means both of its directions (`flW`: forward and
        // left), as XBoard and Fairy-Stockfish read it; there is no orthogonal move that goes
        // both ways.
        if atoms.len() == 1 && atoms[0].1 == 0 {
            dirs = dirs.into_iter().flat_map(Dir::split).collect();
        }
        for (dx, dy) in atoms {
            let mut comp = if range == 1 {
                MovementComponent::leap(dx, dy)
            } else {
                MovementComponent::ride(dx, dy).max_range(range as u8)
            };
            if !dirs.is_empty() {
                let kept: Vec<(i8, i8)> = comp
                    .vectors
                    .iter()
                    .copied()
                    .filter(|&(x, y)| dirs.iter().any(|d| d.selects(x, y)))
                    .collect();
                if kept.is_empty() {
                    continue;
                }
                comp.vectors = kept;
            }
            comp = match mode {
                Mode::Both => comp,
                Mode::Move => comp.move_only(),
                Mode::Capture => comp.capture_only(),
            }
            .motion(motion);
            if en_passant {
                if mode != Mode::Capture {
                    return Err(self.error_at(part_at, "'e' (en passant) needs 'c': `ceF`"));
                }
                comp = comp.en_passant();
            }
            // A move-only lame leap twice a unit step (`mfnD`, berolina's `mfnA`) is a
            // double step, one per direction: the double-step generators take it instead of
            // the lame leapers' slower path. An initial one leaves an en passant square (the
            // square passed), as Fairy-Stockfish's initial moves do; another none.
            let doubled =
                |&(x, y): &(i8, i8)| x % 2 == 0 && y % 2 == 0 && x.abs() <= 2 && y.abs() <= 2;
            if comp.mode == MoveMode::MoveOnly
                && comp.motion == Motion::Lame
                && comp.vectors.iter().all(doubled)
            {
                for &(x, y) in &comp.vectors {
                    let step = MovementComponent::steps(&[(x / 2, y / 2)]).max_range(2);
                    let step = if initial {
                        step.double_step().from_rank(1)
                    } else {
                        step.quiet_double_step()
                    };
                    out.push(step);
                }
                continue;
            }
            if initial {
                comp = comp.from_rank(1);
            }
            out.push(comp);
        }
        if out.len() == before {
            return Err(self.error_at(part_at, "its directions select none of the atom's moves"));
        }
        Ok(())
    }

    /// The modifiers before an atom, up to the atom's letter.
    fn modifiers(&mut self) -> Result<Modifiers, BetzaError> {
        let mut mode = Mode::Both;
        let mut motion = Motion::Slide;
        let mut motion_at = 0;
        let mut dirs: Vec<Dir> = Vec::new();
        let mut initial = false;
        let mut en_passant = false;
        loop {
            let Some(c) = self.peek() else {
                return Err(self.error("modifiers without an atom"));
            };
            match c {
                'm' | 'c' => {
                    let m = if c == 'm' { Mode::Move } else { Mode::Capture };
                    if mode != Mode::Both && mode != m {
                        return Err(self.error("'m' and 'c' together leave no move"));
                    }
                    mode = m;
                    self.i += 1;
                }
                'p' | 'g' | 'n' => {
                    let m = match c {
                        'p' => Motion::Hop,
                        'g' => Motion::Grasshop,
                        _ => Motion::Lame,
                    };
                    if motion != Motion::Slide && motion != m {
                        return Err(
                            self.error("a part is one of hopper 'p', grasshopper 'g' or lame 'n'")
                        );
                    }
                    motion = m;
                    motion_at = self.offset();
                    self.i += 1;
                }
                'f' | 'b' | 'v' | 'h' | 'l' | 'r' | 's' => {
                    self.i += 1;
                    dirs.push(self.direction(c));
                }
                'i' => {
                    initial = true;
                    self.i += 1;
                }
                'e' => {
                    en_passant = true;
                    self.i += 1;
                }
                _ => break,
            }
        }
        Ok(Modifiers {
            mode,
            motion,
            motion_at,
            dirs,
            initial,
            en_passant,
        })
    }

    /// The direction modifier a letter (already read) starts: paired with the next letter
    /// where Fairy-Stockfish pairs them.
    fn direction(&mut self, c: char) -> Dir {
        const VERTICAL: &str = "fbvh";
        const HORIZONTAL: &str = "rlsh";
        let combines = |c2: char| {
            c2 == c
                || (VERTICAL.contains(c) && HORIZONTAL.contains(c2))
                || (HORIZONTAL.contains(c) && VERTICAL.contains(c2))
        };
        match self.peek().filter(|&c2| combines(c2)) {
            Some(c2) => {
                self.i += 1;
                Dir(c, c2)
            }
            None => Dir(c, c),
        }
    }

    /// The atom's letter and its range: doubled (`WW`), a number, or the letter's own (`R`
    /// rides, `W` leaps once); 0 is unlimited.
    fn atom_and_range(&mut self) -> Result<(Vec<(i8, i8)>, u32), BetzaError> {
        let Some(letter) = self.peek() else {
            return Err(self.error("modifiers without an atom"));
        };
        let Some((atoms, rides)) = expand(letter) else {
            return Err(self.error(format!("'{letter}' is not an atom or modifier")));
        };
        self.i += 1;
        let mut range: u32 = if rides { 0 } else { 1 };
        let doubled = !rides && atom(letter).is_some() && self.eat(letter);
        if doubled {
            range = 0;
        }
        let digits_at = self.offset();
        let mut digits = String::new();
        while let Some(d) = self.peek().filter(char::is_ascii_digit) {
            digits.push(d);
            self.i += 1;
        }
        if !digits.is_empty() {
            let n: u32 = digits.parse().unwrap_or(u32::MAX);
            if n > MAX_RANGE {
                return Err(self.error_at(
                    digits_at,
                    format!("range {digits} is more than {MAX_RANGE}"),
                ));
            }
            if doubled {
                return Err(self.error_at(digits_at, "a doubled atom already rides without limit"));
            }
            range = n;
        }
        Ok((atoms, range))
    }
}

/// Does a part in mode `a` make every move a part in mode `b` makes along one vector? A
/// capture-only part is covered only by another: the variant file's `en_passant` key is given
/// to capture-only parts after reading (`fFcfF` keeps its `cfF` for en passant).
fn mode_covers(a: MoveMode, b: MoveMode) -> bool {
    a == b || (a == MoveMode::Both && b == MoveMode::MoveOnly)
}

/// Does a part moving as `a` make every move one moving as `b` makes along one vector, given
/// the same range? A plain leap makes a lame one's; hops and slides never meet.
fn motion_covers(a: Motion, b: Motion) -> bool {
    a == b || (a == Motion::Slide && b == Motion::Lame)
}

/// Does a part of range `a` go at least as far as one of range `b` (0 = unlimited)?
fn range_covers(a: u8, b: u8) -> bool {
    a == 0 || (b != 0 && a >= b)
}

/// Drops from each part the vectors another part already moves along as far and in a mode
/// that includes this one's (the earlier part keeps a vector two parts share exactly), then
/// the parts left empty. `RW` is a rook, `QR` a queen, `WWWW…` one wazir: a move is listed
/// once and a long string of repeated parts compiles to what it means, not to one table per
/// part. Lines that still meet (a ride and a leap along one direction, `RD`) are the core's
/// to list once (`core::repeats`).
fn drop_repeats(parts: &mut Vec<MovementComponent>) {
    let covered = |i: usize, v: (i8, i8), parts: &[MovementComponent]| {
        let me = &parts[i];
        parts.iter().enumerate().any(|(j, other)| {
            // A double step reaches only its far square and marks it; an initial part
            // moves from one rank; an en passant capture is a capture of its own: none of
            // these covers or is covered as a plain part would be.
            j != i
                && !me.double_step
                && !other.double_step
                && (other.from_rank.is_none() || other.from_rank == me.from_rank)
                && (other.en_passant || !me.en_passant)
                && other.vectors.contains(&v)
                && mode_covers(other.mode, me.mode)
                && range_covers(other.range, me.range)
                && motion_covers(other.motion, me.motion)
                && (j < i
                    || !(mode_covers(me.mode, other.mode)
                        && range_covers(me.range, other.range)
                        && motion_covers(me.motion, other.motion)))
        })
    };
    for i in 0..parts.len() {
        let kept: Vec<(i8, i8)> = parts[i]
            .vectors
            .iter()
            .copied()
            .filter(|&v| !covered(i, v, parts))
            .collect();
        parts[i].vectors = kept;
    }
    parts.retain(|p| !p.vectors.is_empty());
}
