//! A plain reference move generator for Chu shogi (12x12, lishogi's rules), written to pin
//! the rules down before the real one: a mailbox board, moves as USI strings, perft.
//! `cargo run --release -p koma-rules --example chu_oracle -- [SFEN] DEPTH`.
//!
//! Rules as lishogi implements them (shogiops `position/rules/chushogi.ts`), with each legal
//! USI string counted once (a double move through an empty square and the jump to the same
//! square are two moves). A position that is over (no royal, no move, a bare king, two bare
//! royals) has no moves below the root, as shogiops' perft counts; `solo` as a third
//! argument counts such positions anyway (shogiops' `ignoreEnd`), `divide` lists the moves.
//!
//! Checked (2026-11-26): from the start 36, 1,296, 52,599 and 2,134,748 at depths 1 to 4
//! (the last two are what shogiops' helper gives once its swapped double-move squares are
//! put right); the six solo-piece and two lion-trading positions of shogiops'
//! `test/rules/chushogi.test.ts`; all 280 depth-1 positions of its
//! `test/fixtures/perftChushogi.ts`. This is the reference the real generator (issue 33)
//! is to be compared with, not that generator: it is slow (a copy of the board per move).

use std::collections::BTreeSet;

const N: i32 = 12;

/// Chu's roles in lishogi's letters (promoted roles have their own entries).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum R {
    Pawn,
    GoBetween,
    Copper,
    Silver,
    Gold,
    Leopard,
    Tiger,
    Elephant,
    Kirin,
    Phoenix,
    Lance,
    Chariot,
    SideMover,
    VerticalMover,
    Bishop,
    Rook,
    Horse,
    Dragon,
    Queen,
    Lion,
    King,
    // Promoted forms.
    PPawn,
    PGoBetween,
    PCopper,
    PSilver,
    PGold,
    PLeopard,
    Stag,
    Prince,
    PKirin,
    PPhoenix,
    WhiteHorse,
    Whale,
    Boar,
    Ox,
    PBishop,
    PRook,
    Falcon,
    Eagle,
}

use R::*;

/// (letter, unpromoted role, promoted role).
const LETTERS: [(char, R, Option<R>); 21] = [
    ('p', Pawn, Some(PPawn)),
    ('i', GoBetween, Some(PGoBetween)),
    ('c', Copper, Some(PCopper)),
    ('s', Silver, Some(PSilver)),
    ('g', Gold, Some(PGold)),
    ('f', Leopard, Some(PLeopard)),
    ('t', Tiger, Some(Stag)),
    ('e', Elephant, Some(Prince)),
    ('o', Kirin, Some(PKirin)),
    ('x', Phoenix, Some(PPhoenix)),
    ('l', Lance, Some(WhiteHorse)),
    ('a', Chariot, Some(Whale)),
    ('m', SideMover, Some(Boar)),
    ('v', VerticalMover, Some(Ox)),
    ('b', Bishop, Some(PBishop)),
    ('r', Rook, Some(PRook)),
    ('h', Horse, Some(Falcon)),
    ('d', Dragon, Some(Eagle)),
    ('q', Queen, None),
    ('n', Lion, None),
    ('k', King, None),
];

fn promote(r: R) -> Option<R> {
    LETTERS.iter().find(|l| l.1 == r).and_then(|l| l.2)
}

fn is_lion(r: R) -> bool {
    matches!(r, Lion | PKirin)
}

fn is_royal(r: R) -> bool {
    matches!(r, King | Prince)
}

/// Offsets (dx, dy) as sente sees the board, dy < 0 forward.
type Offsets = Vec<(i32, i32)>;

/// How a role moves: steps or jumps to fixed offsets, and slides.
fn legs(r: R) -> (Offsets, Offsets) {
    const ORTH: [(i32, i32); 4] = [(0, -1), (0, 1), (-1, 0), (1, 0)];
    const DIAG: [(i32, i32); 4] = [(-1, -1), (1, -1), (-1, 1), (1, 1)];
    let king: Offsets = ORTH.iter().chain(DIAG.iter()).copied().collect();
    let without = |out: &[(i32, i32)]| -> Offsets {
        king.iter().filter(|d| !out.contains(d)).copied().collect()
    };
    let lion: Offsets = (-2..=2)
        .flat_map(|x| (-2..=2).map(move |y| (x, y)))
        .filter(|&d| d != (0, 0))
        .collect();
    let none = Vec::new;
    match r {
        Pawn => (vec![(0, -1)], none()),
        GoBetween => (vec![(0, -1), (0, 1)], none()),
        Copper => (vec![(0, -1), (-1, -1), (1, -1), (0, 1)], none()),
        Silver => (vec![(0, -1), (-1, -1), (1, -1), (-1, 1), (1, 1)], none()),
        Gold | PPawn => (without(&[(-1, 1), (1, 1)]), none()),
        Leopard => (without(&[(-1, 0), (1, 0)]), none()),
        Tiger => (without(&[(0, -1)]), none()),
        Elephant | PGoBetween => (without(&[(0, 1)]), none()),
        Kirin => (
            DIAG.iter()
                .copied()
                .chain([(0, -2), (0, 2), (-2, 0), (2, 0)])
                .collect(),
            none(),
        ),
        Phoenix => (
            ORTH.iter()
                .copied()
                .chain([(-2, -2), (2, -2), (-2, 2), (2, 2)])
                .collect(),
            none(),
        ),
        King | Prince => (king.clone(), none()),
        Lion | PKirin => (lion, none()),
        Lance => (none(), vec![(0, -1)]),
        Chariot => (none(), vec![(0, -1), (0, 1)]),
        SideMover | PCopper => (vec![(0, -1), (0, 1)], vec![(-1, 0), (1, 0)]),
        VerticalMover | PSilver => (vec![(-1, 0), (1, 0)], vec![(0, -1), (0, 1)]),
        Bishop | PLeopard => (none(), DIAG.to_vec()),
        Rook | PGold => (none(), ORTH.to_vec()),
        Horse | PBishop => (ORTH.to_vec(), DIAG.to_vec()),
        Dragon | PRook => (DIAG.to_vec(), ORTH.to_vec()),
        Queen | PPhoenix => (none(), king.clone()),
        Stag => (king.clone(), vec![(0, -1), (0, 1)]),
        WhiteHorse => (none(), vec![(0, -1), (0, 1), (-1, -1), (1, -1)]),
        Whale => (none(), vec![(0, -1), (0, 1), (-1, 1), (1, 1)]),
        Boar => (
            none(),
            vec![(-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)],
        ),
        Ox => (
            none(),
            vec![(0, -1), (0, 1), (-1, -1), (1, -1), (-1, 1), (1, 1)],
        ),
        // Horned falcon: queen but straight forward, where it has lion power (1 and 2).
        Falcon => (
            vec![(0, -1), (0, -2)],
            vec![(0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1), (-1, 1), (1, 1)],
        ),
        // Soaring eagle: queen but the forward diagonals, where it has lion power.
        Eagle => (
            vec![(-1, -1), (1, -1), (-2, -2), (2, -2)],
            vec![(0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
        ),
    }
}

#[derive(Copy, Clone, PartialEq, Eq)]
struct P {
    white: bool,
    role: R,
}

/// A Chu position on a mailbox board.
#[derive(Clone)]
pub struct Pos {
    board: [Option<P>; 144],
    white: bool,
    /// Where a lion was just taken by a non-lion (the counter-strike rule).
    last_lion_capture: Option<usize>,
}

fn sq(x: i32, y: i32) -> Option<usize> {
    (0..N).contains(&x).then_some(())?;
    (0..N).contains(&y).then_some(())?;
    Some((y * N + x) as usize)
}

fn xy(s: usize) -> (i32, i32) {
    (s as i32 % N, s as i32 / N)
}

fn name(s: usize) -> String {
    let (x, y) = xy(s);
    format!("{}{}", N - x, (b'a' + y as u8) as char)
}

fn parse_square(t: &str) -> Option<usize> {
    let (digits, letter) = t.split_at(t.len() - 1);
    let file: i32 = digits.parse().ok()?;
    let rank = letter.as_bytes()[0] as i32 - b'a' as i32;
    sq(N - file, rank)
}

impl Pos {
    /// Reads lishogi's Chu SFEN (the third field: the square of a lion just taken by a
    /// non-lion, or `-`).
    pub fn parse(sfen: &str) -> Pos {
        let mut f = sfen.split_whitespace();
        let mut board = [None; 144];
        for (y, row) in f.next().unwrap().split('/').enumerate() {
            let mut x = 0;
            let mut promoted = false;
            let mut digits = String::new();
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    digits.push(ch);
                    continue;
                }
                if !digits.is_empty() {
                    x += digits.parse::<i32>().unwrap();
                    digits.clear();
                }
                if ch == '+' {
                    promoted = true;
                    continue;
                }
                let l = LETTERS
                    .iter()
                    .find(|l| l.0 == ch.to_ascii_lowercase())
                    .unwrap_or_else(|| panic!("letter {ch}"));
                let role = if promoted { l.2.unwrap() } else { l.1 };
                promoted = false;
                board[sq(x, y as i32).unwrap()] = Some(P {
                    white: ch.is_ascii_lowercase(),
                    role,
                });
                x += 1;
            }
            if !digits.is_empty() {
                x += digits.parse::<i32>().unwrap();
            }
            assert_eq!(x, N, "row {row}");
        }
        let white = f.next() == Some("w");
        let last_lion_capture = f
            .next()
            .and_then(|t| (t != "-").then(|| parse_square(t)).flatten());
        Pos {
            board,
            white,
            last_lion_capture,
        }
    }

    /// The squares a piece on `s` attacks (occupancy `occ` blocks slides).
    fn attacks(&self, s: usize, p: P) -> Vec<usize> {
        let (x, y) = xy(s);
        let flip = if p.white { -1 } else { 1 };
        let (steps, slides) = legs(p.role);
        let mut out = Vec::new();
        for (dx, dy) in steps {
            if let Some(t) = sq(x + dx * flip, y + dy * flip) {
                out.push(t);
            }
        }
        for (dx, dy) in slides {
            let (mut cx, mut cy) = (x, y);
            loop {
                cx += dx * flip;
                cy += dy * flip;
                let Some(t) = sq(cx, cy) else { break };
                out.push(t);
                if self.board[t].is_some() {
                    break;
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether a piece of side `white` attacks `target` when the squares `clear` are taken
    /// as empty for blocking. The pieces on them still count: as lishogi judges a lion
    /// trade, a pawn or go-between that a lion takes on its first step still protects the
    /// lion it then takes (shogiops `secondLionStepDests`, scalashogi `lionMoveFilter`).
    fn attacked_by(&self, target: usize, white: bool, clear: &[usize]) -> bool {
        let mut view = self.clone();
        for &g in clear {
            view.board[g] = None;
        }
        (0..144).any(|s| {
            self.board[s].is_some_and(|p| p.white == white && view.attacks(s, p).contains(&target))
        })
    }

    fn zone(&self, white: bool, s: usize) -> bool {
        let (_, y) = xy(s);
        if white { y >= N - 4 } else { y < 4 }
    }

    fn can_promote(&self, p: P, from: usize, to: usize) -> bool {
        if promote(p.role).is_none() {
            return false;
        }
        let capture = self.board[to].is_some();
        let (_, ty) = xy(to);
        let last = if p.white { N - 1 } else { 0 };
        (!self.zone(p.white, from) && self.zone(p.white, to))
            || (capture && (self.zone(p.white, from) || self.zone(p.white, to)))
            || (matches!(p.role, Pawn | Lance) && ty == last)
    }

    /// The single-move destinations of the piece on `from` (shogiops `moveDests`).
    fn dests(&self, from: usize) -> Vec<usize> {
        let p = self.board[from].unwrap();
        let mut out: Vec<usize> = self
            .attacks(from, p)
            .into_iter()
            .filter(|&t| self.board[t].is_none_or(|q| q.white != p.white))
            .collect();
        let enemy_lion =
            |t: usize| self.board[t].is_some_and(|q| q.white != p.white && is_lion(q.role));
        if is_lion(p.role) {
            // No capture of a protected lion that is not adjacent.
            out.retain(|&t| {
                !(enemy_lion(t) && dist(from, t) > 1 && self.attacked_by(t, !p.white, &[from]))
            });
        } else if let Some(ll) = self.last_lion_capture {
            out.retain(|&t| !enemy_lion(t) || t == ll);
        }
        out
    }

    /// The second steps after a first step `from` → `mid` (shogiops `secondLionStepDests`).
    fn second_steps(&self, from: usize, mid: usize) -> Vec<usize> {
        let p = self.board[from].unwrap();
        let own = |t: usize| t != from && self.board[t].is_some_and(|q| q.white == p.white);
        let around = |c: usize| -> Vec<usize> {
            let (x, y) = xy(c);
            (-1..=1)
                .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
                .filter(|&d| d != (0, 0))
                .filter_map(|(dx, dy)| sq(x + dx, y + dy))
                .collect()
        };
        let flip = if p.white { -1 } else { 1 };
        let (fx, fy) = xy(from);
        let enemy_lion =
            |t: usize| self.board[t].is_some_and(|q| q.white != p.white && is_lion(q.role));
        let no_counter_strike = |v: Vec<usize>| -> Vec<usize> {
            match self.last_lion_capture {
                Some(ll) => v
                    .into_iter()
                    .filter(|&t| !enemy_lion(t) || t == ll)
                    .collect(),
                None => v,
            }
        };
        if is_lion(p.role) {
            if dist(from, mid) != 1 {
                return Vec::new();
            }
            let first = self.board[mid];
            around(mid)
                .into_iter()
                .filter(|&t| !own(t))
                .filter(|&t| {
                    let valuable = first.is_some_and(|q| !matches!(q.role, Pawn | GoBetween));
                    !(enemy_lion(t)
                        && dist(from, t) > 1
                        && self.attacked_by(t, !p.white, &[from, mid])
                        && !valuable)
                })
                .collect()
        } else if p.role == Falcon {
            if sq(fx, fy - flip) != Some(mid) {
                return Vec::new();
            }
            let (mx, my) = xy(mid);
            let v = [sq(mx, my - 1), sq(mx, my + 1)]
                .into_iter()
                .flatten()
                .filter(|&t| !own(t))
                .collect();
            no_counter_strike(v)
        } else if p.role == Eagle {
            let line: Vec<usize> = [(-1, -1), (1, -1), (-2, -2), (2, -2)]
                .into_iter()
                .filter_map(|(dx, dy)| sq(fx + dx * flip, fy + dy * flip))
                .collect();
            if !line.contains(&mid) || dist(from, mid) != 1 {
                return Vec::new();
            }
            let mut v: Vec<usize> = line
                .into_iter()
                .chain([from])
                .filter(|&t| !own(t))
                .filter(|&t| dist(mid, t) == 1)
                .collect();
            v.sort_unstable();
            no_counter_strike(v)
        } else {
            Vec::new()
        }
    }

    /// Every legal move as a USI string, with the position after it.
    pub fn moves(&self) -> Vec<(String, Pos)> {
        let mut out = Vec::new();
        for from in 0..144 {
            let Some(p) = self.board[from] else { continue };
            if p.white != self.white {
                continue;
            }
            for to in self.dests(from) {
                let plain = format!("{}{}", name(from), name(to));
                if self.can_promote(p, from, to) {
                    out.push((format!("{plain}+"), self.after(from, None, to, true)));
                }
                out.push((plain, self.after(from, None, to, false)));
                if is_lion(p.role) || matches!(p.role, Falcon | Eagle) {
                    for second in self.second_steps(from, to) {
                        out.push((
                            format!("{}{}{}", name(from), name(to), name(second)),
                            self.after(from, Some(to), second, false),
                        ));
                    }
                }
            }
        }
        let mut seen = BTreeSet::new();
        out.retain(|(u, _)| seen.insert(u.clone()));
        out
    }

    fn after(&self, from: usize, mid: Option<usize>, to: usize, promote_it: bool) -> Pos {
        let mut next = self.clone();
        next.white = !self.white;
        next.last_lion_capture = None;
        let mut p = next.board[from].take().unwrap();
        if promote_it {
            p.role = promote(p.role).unwrap();
        }
        let capture = next.board[to].replace(p);
        let mid_capture = mid.and_then(|m| next.board[m].take());
        let mover_is_lion = is_lion(self.board[from].unwrap().role);
        if let Some(c) = mid_capture {
            if !mover_is_lion && is_lion(c.role) {
                next.last_lion_capture = mid;
            }
        }
        if let Some(c) = capture {
            if !mover_is_lion && is_lion(c.role) {
                next.last_lion_capture = Some(to);
            }
        }
        next
    }

    /// Whether the game is over (shogiops `outcome`): a side without royals, no legal move,
    /// a bare king, or two bare royals.
    pub fn is_end(&self) -> bool {
        let royals = |w: bool| {
            (0..144)
                .filter(|&s| self.board[s].is_some_and(|p| p.white == w && is_royal(p.role)))
                .collect::<Vec<_>>()
        };
        if royals(self.white).is_empty() || self.moves().is_empty() {
            return true;
        }
        self.bare_king(false) || self.bare_king(true) || self.draw()
    }

    fn in_check(&self, white: bool) -> bool {
        (0..144).any(|s| {
            self.board[s].is_some_and(|p| p.white == white && is_royal(p.role))
                && self.attacked_by(s, !white, &[])
        })
    }

    fn last_rank(&self, white: bool, s: usize) -> bool {
        xy(s).1 == if white { N - 1 } else { 0 }
    }

    /// shogiops `isBareKing(pos, color)`: `white`'s king was bared.
    fn bare_king(&self, white: bool) -> bool {
        let ours: Vec<usize> = (0..144)
            .filter(|&s| {
                self.board[s].is_some_and(|p| {
                    p.white == white
                        && !(matches!(p.role, Pawn | Lance) && self.last_rank(white, s))
                })
            })
            .collect();
        let our_kings: Vec<usize> = (0..144)
            .filter(|&s| self.board[s].is_some_and(|p| p.white == white && is_royal(p.role)))
            .collect();
        let theirs: Vec<usize> = (0..144)
            .filter(|&s| {
                self.board[s].is_some_and(|p| {
                    p.white != white
                        && !matches!(p.role, Pawn | GoBetween)
                        && !(p.role == Lance && self.last_rank(!white, s))
                })
            })
            .collect();
        let their_kings: Vec<usize> = (0..144)
            .filter(|&s| self.board[s].is_some_and(|p| p.white != white && is_royal(p.role)))
            .collect();
        if ours.len() != 1 || our_kings.len() != 1 || theirs.len() <= 1 || their_kings.len() != 1 {
            return false;
        }
        if self.in_check(!white) {
            return false;
        }
        theirs.len() > 2 || !theirs.iter().any(|&t| dist(our_kings[0], t) == 1)
    }

    fn draw(&self) -> bool {
        let occ = (0..144)
            .filter(|&s| {
                self.board[s].is_some_and(|p| {
                    !(matches!(p.role, Pawn | Lance) && self.last_rank(p.white, s))
                })
            })
            .count();
        let kings = |w: bool| {
            (0..144)
                .filter(|&s| self.board[s].is_some_and(|p| p.white == w && is_royal(p.role)))
                .count()
        };
        occ == 2
            && kings(false) == 1
            && !self.in_check(false)
            && kings(true) == 1
            && !self.in_check(true)
    }
}

fn dist(a: usize, b: usize) -> i32 {
    let (ax, ay) = xy(a);
    let (bx, by) = xy(b);
    (ax - bx).abs().max((ay - by).abs())
}

/// The number of move sequences of `depth` moves; a position that is over has none below
/// the root unless `ignore_end`.
pub fn perft(pos: &Pos, depth: u32, ignore_end: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if !ignore_end && pos.is_end() {
        return 0;
    }
    let moves = pos.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|(_, next)| perft(next, depth - 1, ignore_end))
        .sum()
}

/// The start position.
pub const START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (sfen, depth, ignore_end, divide) = match args.as_slice() {
        [d] => (START.to_string(), d.parse().unwrap(), false, false),
        [s, d] => (s.clone(), d.parse().unwrap(), false, false),
        [s, d, flag] => (
            s.clone(),
            d.parse().unwrap(),
            flag == "solo",
            flag == "divide",
        ),
        _ => panic!("usage: chu_oracle [SFEN] DEPTH [solo|divide]"),
    };
    let sfen = if sfen.is_empty() {
        START.to_string()
    } else {
        sfen
    };
    let pos = Pos::parse(&sfen);
    if divide {
        for (u, next) in pos.moves() {
            println!("{u}: {}", perft(&next, depth - 1, ignore_end));
        }
    }
    println!("{}", perft(&pos, depth, ignore_end));
}
