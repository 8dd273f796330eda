//! The compiled movement components as bitboard tables: per square, the squares a step
//! reaches (leapers) or the ray a rider may travel on an empty board, limited to its range.
//! Built once per `Rules` from the same compiled components the mailbox walks, so the two
//! backends read one description of every piece.

use crate::core::bitboard::bits::Bits;
use crate::core::bitboard::castling::CastleBits;
use crate::core::bitboard::lookup::RideLookup;
use crate::core::geometry::{BoardShape, Color};
use crate::core::moves::MoveFlag;
use crate::core::piece::{MoveMode, Piece};
use crate::core::rules::Compiled;

/// One vector of a component: its direction, the wall a unit step crosses, and per square the
/// squares it may reach on an empty board (one square for a leap, a ray cut to the range).
#[derive(Clone)]
pub(crate) struct Reach<B> {
    /// The vector, (files, ranks).
    pub step: (i8, i8),
    pub wall: u8,
    pub squares: Vec<B>,
    /// Bit indices rise along the ray (the first piece met is the lowest set bit).
    pub rises: bool,
    /// Rides: per square, the whole ray on from it (what lies beyond a first piece met there).
    pub beyond: Vec<B>,
    /// One step moves a bit by `shift` (up when positive), for the squares in `sources`
    /// (those whose step stays on the board): all pieces' steps in one shift.
    pub shift: i32,
    pub sources: B,
}

/// A movement component on bitboards.
pub(crate) struct ComponentBits<B> {
    /// One per vector, in the component's order (the order moves are listed in).
    pub reaches: Vec<Reach<B>>,
    /// Per square: every square its vectors reach on an empty board (a move to a square
    /// outside it needs no look at this component).
    pub anywhere: Vec<B>,
    /// Range 1: no square in between, so occupancy never cuts it short.
    pub leap: bool,
    pub mode: MoveMode,
    pub from_rank: Option<u8>,
    /// The destination ranks allowed (a ride stops where it leaves them).
    pub region: Option<B>,
    pub en_passant: bool,
    /// A double step lands only `range` steps away (`exact`), over empty squares.
    pub double_step: bool,
    /// The flag its double steps carry (see `Compiled::double_flag`).
    pub double_flag: MoveFlag,
    pub exact: Vec<B>,
    /// No square is reached by two of its vectors: one count covers the component.
    pub disjoint: bool,
    /// Plain: moves and captures alike, no condition (counted together with the kind's others).
    pub plain: bool,
    /// The squares a piece may start from (its `from_rank`, else every square).
    pub origins: B,
    /// Most steps (255: unlimited).
    pub range: u8,
}

impl<B> ComponentBits<B> {
    /// Captures en passant: only a capture-only component does (the square itself is empty).
    #[inline(always)]
    pub fn takes_ep(&self) -> bool {
        self.en_passant && self.mode == MoveMode::CaptureOnly
    }
}

/// A piece kind of one colour on bitboards.
pub(crate) struct KindBits<B> {
    pub comps: Vec<ComponentBits<B>>,
    /// The plain components merged, for counting, when no two of their vectors reach the same
    /// square: leap targets per square and the rides.
    pub merged: Option<(Vec<B>, Vec<Reach<B>>)>,
    /// The merged rides looked up (where the board and processor allow, see `lookup`).
    pub merged_lookup: Option<RideLookup>,
    /// Per square: every square any component reaches on an empty board (a piece elsewhere
    /// has no move there, whatever the position).
    pub anywhere: Vec<B>,
    /// Per square: the squares from which `anywhere` reaches it.
    pub from_anywhere: Vec<B>,
    /// Every component is plain (so `merged`, when present, counts them all; a promoting
    /// kind has no plain component).
    pub all_plain: bool,
    pub promotes: bool,
    /// Every component is plain, merged, and each of its vectors has its opposite at the same
    /// range: the pieces that reach a square are the squares the kind reaches from it.
    pub symmetric: bool,
    /// Every component is a single step, or a double step along one vector with no region:
    /// the pieces that reach a square are found by stepping back from it (`arrivals`).
    pub steps_only: bool,
}

impl<B: Bits> KindBits<B> {
    /// The squares the merged plain components reach from bit `from` (own pieces' squares
    /// included), when they are merged.
    #[inline(always)]
    pub fn merged_reach(&self, from: usize, occupied: B) -> Option<B> {
        let (leaps, rides) = self.merged.as_ref()?;
        let mut t = if leaps.is_empty() {
            B::ZERO
        } else {
            leaps[from]
        };
        match &self.merged_lookup {
            Some(lookup) => t |= lookup.reach(from, occupied),
            None => {
                for r in rides {
                    t |= crate::core::bitboard::attacks::ride(r, from, occupied);
                }
            }
        }
        Some(t)
    }
}

/// Pieces with these codes attack a square from these vectors (reversed from the square).
pub(crate) struct AttackSet<B> {
    pub codes: Vec<u8>,
    /// The first two of `codes`, padded with `EMPTY` (whose word in `Position::bb` no piece
    /// sets): the attackers gathered in two loads without a loop, where most sets have one
    /// or two codes (a rook and a queen). `codes` past these two are folded in after them.
    pub first_codes: [u8; 2],
    pub region: Option<(u8, u8)>,
    /// Range 1: per target, the squares an attacker stands on.
    pub leap: Option<Vec<B>>,
    /// Longer ranges: per vector, the ray back from the target (`dir` reversed, `wall` the
    /// attacker's own direction of travel), cut to the range.
    pub rides: Vec<Reach<B>>,
    /// Rides: per target, every square of every ray back from it (no attacker there: no
    /// ray needs walking).
    pub lines: Vec<B>,
    /// The same attacks forwards, from the attacker: per vector, the step or ray from each
    /// square (what one piece attacks: the squares it covers, for a danger map).
    pub forward: Vec<Reach<B>>,
    /// The squares the set may attack (its region, else all).
    pub region_mask: B,
    /// Range 1: per square, every step from it (what one attacker there covers).
    pub leap_forward: Option<Vec<B>>,
    /// `rides` looked up: every square from which a rider could attack the target.
    pub rides_lookup: Option<RideLookup>,
    /// `forward` looked up, for rides: every square one attacker covers.
    pub forward_lookup: Option<RideLookup>,
}

/// Every table of one set of rules.
pub(crate) struct BitTables<B> {
    /// Per bit: its rank.
    pub rank: Vec<u8>,
    /// Per colour, per kind.
    pub kinds: [Vec<KindBits<B>>; 2],
    /// Per attacking colour: single steps first (cheapest), then rides.
    pub attacks: [Vec<AttackSet<B>>; 2],
    /// Per attacking colour: how many of `attacks` are single steps, and per target square
    /// every square any of them attacks it from. No piece there: no single step attacks the
    /// target, and one test passes over all those sets (the king is rarely next to a pawn,
    /// a knight or the other king).
    pub leaps: [(usize, Vec<B>); 2],
    /// Per colour: the ranks its promoting pieces promote on.
    pub promotion: [B; 2],
    /// Per unit direction (N, NE, …, NW), per square: the square one step away.
    pub unit: [Vec<B>; 8],
    /// The castlings as bitboards for the legal walk (see `castling`), set by the rules
    /// after the tables are built.
    pub castles: Option<Vec<CastleBits<B>>>,
    /// Per attacking colour: its rides' rays merged by direction (vectors alike up to a
    /// multiple: a knightrider's and a range-limited one's), per square. A piece pinned to
    /// a royal piece stays on the one merged ray through it (`pin_line`). (Last: the hot
    /// walk's fields keep their offsets.)
    pub pin_rays: [Vec<Vec<B>>; 2],
}

/// Builds the tables from `Rules::compiled`.
struct Builder<'a> {
    shape: &'a BoardShape,
    /// Ride-lookup entries these rules may still build (see `lookup::RULES_BUDGET`).
    lookup_budget: std::cell::Cell<usize>,
    /// Reaches built so far, by vector, wall and range: kinds, colours and attack sets share
    /// most vectors, and building one walks every square (a 10×10 fairy board's tables took
    /// 12.8 M instructions to build, most of its board-file check's time, before this).
    reaches: std::cell::RefCell<ReachMemo>,
}

type ReachMemo = std::collections::HashMap<(i32, i32, u8, u8), Box<dyn std::any::Any>>;

impl<B: Bits> BitTables<B> {
    pub fn build(
        shape: &BoardShape,
        compiled: &[Vec<Vec<Compiled>>; 2],
        promotes: &[bool],
    ) -> BitTables<B> {
        let b = Builder {
            shape,
            lookup_budget: std::cell::Cell::new(crate::core::bitboard::lookup::RULES_BUDGET),
            reaches: Default::default(),
        };
        let kinds = Color::BOTH.map(|color| {
            compiled[color.index()]
                .iter()
                .enumerate()
                .map(|(k, comps)| b.kind(comps, promotes[k]))
                .collect()
        });
        let attacks: [Vec<AttackSet<B>>; 2] =
            Color::BOTH.map(|color| b.attack_sets(color, compiled));
        let leaps = std::array::from_fn(|c| {
            let sets = &attacks[c];
            let n = sets.iter().take_while(|s| s.leap.is_some()).count();
            let union = (0..b.squares())
                .map(|t| {
                    sets[..n]
                        .iter()
                        .filter_map(|s| s.leap.as_ref())
                        .fold(B::ZERO, |m, leap| m | leap[t])
                })
                .collect();
            (n, union)
        });
        let pin_rays = std::array::from_fn(|c| merged_by_direction(&attacks[c][leaps[c].0..]));
        let promotion = Color::BOTH.map(|color| {
            let rank = shape.relative_rank(color, shape.ranks() - 1);
            b.squares_where(|_, r| r == rank as i32)
        });
        let unit = std::array::from_fn(|d| {
            let (dx, dy) = crate::core::rules::direction_vector(d as u8);
            b.per_square(|f, r| b.at(f + dx, r + dy))
        });
        let files = shape.files() as usize;
        BitTables {
            rank: (0..b.squares()).map(|i| (i / files) as u8).collect(),
            kinds,
            attacks,
            leaps,
            promotion,
            unit,
            castles: None,
            pin_rays,
        }
    }
}

/// The rays of `sets`' rides merged by direction, per square: the rays from one square in
/// one direction are all on one line, and their union is its longest.
fn merged_by_direction<B: Bits>(sets: &[AttackSet<B>]) -> Vec<Vec<B>> {
    let mut merged: Vec<((i32, i32), Vec<B>)> = Vec::new();
    for r in sets.iter().flat_map(|s| &s.rides) {
        let (dx, dy) = (i32::from(r.step.0), i32::from(r.step.1));
        let g = crate::core::repeats::gcd(dx, dy).max(1);
        let dir = (dx / g, dy / g);
        match merged.iter_mut().find(|(d, _)| *d == dir) {
            Some((_, rays)) => {
                for (ray, &more) in rays.iter_mut().zip(&r.squares) {
                    *ray |= more;
                }
            }
            None => merged.push((dir, r.squares.clone())),
        }
    }
    merged.into_iter().map(|(_, rays)| rays).collect()
}

impl Builder<'_> {
    fn squares(&self) -> usize {
        self.shape.files() as usize * self.shape.ranks() as usize
    }

    /// Per square: every square any of `reaches` reaches from it on an empty board.
    fn union_per_square<B: Bits>(&self, reaches: &[Reach<B>]) -> Vec<B> {
        (0..self.squares())
            .map(|i| reaches.iter().fold(B::ZERO, |m, r| m | r.squares[i]))
            .collect()
    }

    /// The bit of (file, rank), or nothing off the board.
    fn at<B: Bits>(&self, f: i32, r: i32) -> B {
        let (files, ranks) = (self.shape.files() as i32, self.shape.ranks() as i32);
        if f < 0 || r < 0 || f >= files || r >= ranks {
            B::ZERO
        } else {
            B::bit((r * files + f) as u32)
        }
    }

    fn per_square<B: Bits>(&self, f: impl Fn(i32, i32) -> B) -> Vec<B> {
        let files = self.shape.files() as usize;
        (0..self.squares())
            .map(|i| f((i % files) as i32, (i / files) as i32))
            .collect()
    }

    fn squares_where<B: Bits>(&self, keep: impl Fn(i32, i32) -> bool) -> B {
        let files = self.shape.files() as usize;
        (0..self.squares())
            .filter(|&i| keep((i % files) as i32, (i / files) as i32))
            .fold(B::ZERO, |m, i| m | B::bit(i as u32))
    }

    /// The squares `(dx, dy)` reaches from (f, r) in at most `range` steps on an empty board.
    fn ray<B: Bits>(&self, f: i32, r: i32, dx: i32, dy: i32, range: u8) -> B {
        let mut m = B::ZERO;
        let (mut x, mut y) = (f, r);
        for _ in 0..range {
            x += dx;
            y += dy;
            let b = self.at::<B>(x, y);
            if b.is_zero() {
                break;
            }
            m |= b;
        }
        m
    }

    fn reach<B: Bits>(&self, dx: i32, dy: i32, wall: u8, range: u8) -> Reach<B> {
        let key = (dx, dy, wall, range);
        if let Some(r) = self.reaches.borrow().get(&key) {
            if let Some(r) = r.downcast_ref::<Reach<B>>() {
                return r.clone();
            }
        }
        let r = self.build_reach(dx, dy, wall, range);
        self.reaches.borrow_mut().insert(key, Box::new(r.clone()));
        r
    }

    fn build_reach<B: Bits>(&self, dx: i32, dy: i32, wall: u8, range: u8) -> Reach<B> {
        let files = self.shape.files() as i32;
        Reach {
            step: (dx as i8, dy as i8),
            wall,
            squares: self.per_square(|f, r| self.ray(f, r, dx, dy, range)),
            rises: dy * files + dx > 0,
            beyond: if range > 1 {
                self.per_square(|f, r| self.ray(f, r, dx, dy, u8::MAX))
            } else {
                Vec::new()
            },
            shift: dy * files + dx,
            sources: self.squares_where(|f, r| !self.at::<B>(f + dx, r + dy).is_zero()),
        }
    }

    fn kind<B: Bits>(&self, source: &[Compiled], promotes: bool) -> KindBits<B> {
        let longest = self.shape.files().max(self.shape.ranks());
        let comps: Vec<ComponentBits<B>> = source
            .iter()
            .map(|c| {
                let reaches: Vec<Reach<B>> = c
                    .steps
                    .iter()
                    .map(|s| self.reach(s.dx as i32, s.dy as i32, s.wall_dir, c.range))
                    .collect();
                let (dx, dy) = c.steps.first().map_or((0, 0), |s| (s.dx, s.dy));
                let range = c.range as i32;
                let anywhere = self.union_per_square(&reaches);
                ComponentBits {
                    anywhere,
                    reaches,
                    leap: c.range == 1,
                    mode: c.mode,
                    from_rank: c.from_rank,
                    region: c.region.map(|(lo, hi)| {
                        self.squares_where(|_, r| (lo as i32..=hi as i32).contains(&r))
                    }),
                    en_passant: c.en_passant,
                    double_step: c.double_step,
                    double_flag: c.double_flag,
                    exact: if c.double_step {
                        self.per_square(|f, r| {
                            self.at(f + dx as i32 * range, r + dy as i32 * range)
                        })
                    } else {
                        Vec::new()
                    },
                    disjoint: disjoint(c.steps.iter().map(|s| (s.dx, s.dy, c.range)), longest),
                    plain: c.plain && !promotes,
                    range: c.range,
                    origins: self.squares_where(|f, r| {
                        c.from_rank.is_none_or(|rank| r == rank as i32)
                            && c.from_files.is_none_or(|files| files >> f & 1 != 0)
                    }),
                }
            })
            .collect();
        // The plain components merge into one count only when no two of their vectors reach
        // the same square: the mailbox lists such a square once per way, and so must the count.
        let plain: Vec<&Compiled> = source.iter().filter(|c| c.plain && !promotes).collect();
        let plain_vectors = plain
            .iter()
            .flat_map(|c| c.steps.iter().map(|s| (s.dx, s.dy, c.range)));
        let merged = (!plain.is_empty() && disjoint(plain_vectors, longest)).then(|| {
            let leaps = self.per_square(|f, r| {
                plain
                    .iter()
                    .filter(|c| c.range == 1)
                    .flat_map(|c| c.steps.iter())
                    .fold(B::ZERO, |m, s| {
                        m | self.at(f + s.dx as i32, r + s.dy as i32)
                    })
            });
            let rides: Vec<Reach<B>> = plain
                .iter()
                .filter(|c| c.range > 1)
                .flat_map(|c| c.steps.iter().map(move |s| (s, c.range)))
                .map(|(s, range)| self.reach(s.dx as i32, s.dy as i32, s.wall_dir, range))
                .collect();
            (leaps, rides)
        });
        let anywhere: Vec<B> = (0..self.squares())
            .map(|i| comps.iter().fold(B::ZERO, |m, c| m | c.anywhere[i]))
            .collect();
        let mut from_anywhere = vec![B::ZERO; self.squares()];
        for (i, &reach) in anywhere.iter().enumerate() {
            for t in crate::core::bitboard::bits::Ones(reach) {
                from_anywhere[t as usize] |= B::bit(i as u32);
            }
        }
        let merged_lookup = merged.as_ref().and_then(|(_, rides)| {
            RideLookup::build(
                &rides.iter().collect::<Vec<&Reach<B>>>(),
                &self.lookup_budget,
            )
        });
        let vectors: Vec<(i8, i8, u8)> = plain
            .iter()
            .flat_map(|c| c.steps.iter().map(|s| (s.dx, s.dy, c.range)))
            .collect();
        let all_plain = comps.iter().all(|c| c.plain);
        let symmetric = all_plain
            && merged.is_some()
            && vectors
                .iter()
                .all(|&(dx, dy, r)| vectors.contains(&(-dx, -dy, r)));
        let steps_only = comps.iter().all(|c| {
            if c.double_step {
                !c.leap && c.region.is_none() && c.reaches.len() == 1
            } else {
                c.leap
            }
        });
        KindBits {
            steps_only,
            merged_lookup,
            anywhere,
            from_anywhere,
            all_plain,
            symmetric,
            comps,
            merged,
            promotes,
        }
    }

    fn attack_sets<B: Bits>(
        &self,
        color: Color,
        compiled: &[Vec<Vec<Compiled>>; 2],
    ) -> Vec<AttackSet<B>> {
        // Components alike in vectors, range and region attack alike: one set, many kinds.
        type Key = (Vec<(i8, i8)>, u8, Option<(u8, u8)>);
        let mut keys: Vec<(Key, Vec<u8>)> = Vec::new();
        for (kind, comps) in compiled[color.index()].iter().enumerate() {
            for c in comps {
                if c.mode == MoveMode::MoveOnly || c.double_step || c.from_rank.is_some() {
                    continue;
                }
                let mut vectors: Vec<(i8, i8)> = c.steps.iter().map(|s| (s.dx, s.dy)).collect();
                vectors.sort_unstable();
                let key: Key = (vectors, c.range, c.region);
                let code = Piece::new(color, kind as u8).code();
                match keys.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, codes)) if !codes.contains(&code) => codes.push(code),
                    Some(_) => {}
                    None => keys.push((key, vec![code])),
                }
            }
        }
        // Single steps of the same pieces (a king's orthogonal and diagonal steps) answer
        // together: one table, one lookup. Rides keep a set per vector list (their rays).
        let mut merged: Vec<(Key, Vec<u8>)> = Vec::new();
        for (key, codes) in keys {
            let same = merged.iter_mut().find(|(k, c)| {
                key.1 == 1 && k.1 == 1 && k.2 == key.2 && {
                    let (mut a, mut b) = (c.clone(), codes.clone());
                    a.sort_unstable();
                    b.sort_unstable();
                    a == b
                }
            });
            match same {
                Some((k, _)) => {
                    for v in key.0 {
                        if !k.0.contains(&v) {
                            k.0.push(v);
                        }
                    }
                }
                None => merged.push((key, codes)),
            }
        }
        let keys = merged;
        let mut sets: Vec<AttackSet<B>> = keys
            .into_iter()
            .map(|((vectors, range, region), codes)| {
                let leap = (range == 1).then(|| {
                    self.per_square(|f, r| {
                        vectors.iter().fold(B::ZERO, |m, &(dx, dy)| {
                            m | self.at(f - dx as i32, r - dy as i32)
                        })
                    })
                });
                let leap_forward = (range == 1).then(|| {
                    self.per_square(|f, r| {
                        vectors.iter().fold(B::ZERO, |m, &(dx, dy)| {
                            m | self.at(f + dx as i32, r + dy as i32)
                        })
                    })
                });
                let rides = if range == 1 {
                    Vec::new()
                } else {
                    vectors
                        .iter()
                        .map(|&(dx, dy)| {
                            let wall = crate::core::rules::unit_direction(dx as i32, dy as i32);
                            self.reach(-(dx as i32), -(dy as i32), wall, range)
                        })
                        .collect()
                };
                let lines = self.union_per_square(&rides);
                let forward: Vec<Reach<B>> = vectors
                    .iter()
                    .map(|&(dx, dy)| {
                        let wall = crate::core::rules::unit_direction(dx as i32, dy as i32);
                        self.reach(dx as i32, dy as i32, wall, range)
                    })
                    .collect();
                let region_mask = match region {
                    Some((lo, hi)) => {
                        self.squares_where(|_, r| (lo as i32..=hi as i32).contains(&r))
                    }
                    None => self.squares_where(|_, _| true),
                };
                let (rides_lookup, forward_lookup) = if range == 1 {
                    (None, None)
                } else {
                    (
                        RideLookup::build(&rides.iter().collect::<Vec<_>>(), &self.lookup_budget),
                        RideLookup::build(&forward.iter().collect::<Vec<_>>(), &self.lookup_budget),
                    )
                };
                let mut first_codes = [crate::core::piece::EMPTY; 2];
                for (slot, &code) in first_codes.iter_mut().zip(&codes) {
                    *slot = code;
                }
                AttackSet {
                    rides_lookup,
                    forward_lookup,
                    first_codes,
                    codes,
                    region,
                    leap,
                    rides,
                    lines,
                    forward,
                    region_mask,
                    leap_forward,
                }
            })
            .collect();
        sets.sort_by_key(|s| s.leap.is_none());
        sets
    }
}

/// One vector's rides on `shape` (for tests elsewhere in the backend).
#[cfg(test)]
pub(crate) fn reach_on<B: Bits>(shape: &BoardShape, dx: i32, dy: i32, range: u8) -> Reach<B> {
    let b = Builder {
        shape,
        lookup_budget: std::cell::Cell::new(0),
        reaches: Default::default(),
    };
    b.reach(dx, dy, crate::core::rules::NO_WALL, range)
}

/// Do the vectors `(dx, dy, range)` never reach one offset twice (within the board's size)?
fn disjoint(vectors: impl Iterator<Item = (i8, i8, u8)>, longest: u8) -> bool {
    let mut seen = std::collections::HashSet::new();
    for (dx, dy, range) in vectors {
        for k in 1..=range.min(longest) as i32 {
            if !seen.insert((dx as i32 * k, dy as i32 * k)) {
                return false;
            }
        }
    }
    true
}
