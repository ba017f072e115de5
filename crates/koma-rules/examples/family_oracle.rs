//! Makes perft lines for minishogi, Kyoto and Dōbutsu from random games, each counted by
//! koma and by Fairy-Stockfish, and prints those they agree on as `tests/data/family-perft.tsv`
//! rows; a disagreement is printed to stderr with the two divides side by side.
//!
//! `cargo run --release -p koma-rules --example family_oracle -- FSF_BINARY [SEED] > lines.tsv`
//!
//! `... -- --shogiops VARIANT FIXTURE` instead counts the lines of a perft fixture of
//! shogiops (`test/fixtures/perftKyotoshogi.ts` and the like) and reports disagreements.
//!
//! FSF_BINARY is a Fairy-Stockfish built with `largeboards=yes` (Dōbutsu needs a build at or
//! after its PR #991). Positions are sampled from random games from the start, by kind: any
//! position, positions with pieces in hand, in check, and per variant minishogi positions
//! with a pawn-drop mate on the board (Fairy-Stockfish counts such a drop as a move: see
//! [`pawn_drop_mates`]), Kyoto positions with pieces in both hands, Dōbutsu positions with
//! a lion on its far rank, and game-over positions (lion taken, try made: 0 moves). The
//! depth is the deepest whose count stays within [`MAX_NODES`] (at most [`MAX_DEPTH`]).

use koma_notation::{fsf, sfen};
use koma_rules::{AnyPosition, Color, Piece, Role, Square, VariantKind};
use koma_testdata::Rng;
use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The most nodes a line may count (the suite runs every line).
const MAX_NODES: u64 = 2_000_000;
/// The deepest perft tried (games near their end have few moves).
const MAX_DEPTH: u32 = 12;

/// Fairy-Stockfish in USI mode, one variant at a time.
struct Fsf {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fsf {
    fn start(path: &str) -> Fsf {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("starting {path}: {e}"));
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut fsf = Fsf {
            child,
            input,
            output,
        };
        fsf.send("usi");
        fsf.until(|l| l == "usiok");
        fsf
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("writing to Fairy-Stockfish");
        self.input.flush().expect("flushing");
    }

    /// Reads lines until `done` accepts one; returns those before it and that one.
    fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.output.read_line(&mut line).expect("reading");
            assert!(n > 0, "Fairy-Stockfish ended");
            let line = line.trim_end().to_string();
            let stop = done(&line);
            lines.push(line);
            if stop {
                return lines;
            }
        }
    }

    fn variant(&mut self, name: &str) {
        self.send(&format!("setoption name USI_Variant value {name}"));
        self.send("isready");
        self.until(|l| l == "readyok");
    }

    /// Fairy-Stockfish's divide of `pos` at `depth`: each move's count, and the total.
    fn divide(&mut self, pos: &AnyPosition, depth: u32) -> (BTreeMap<String, u64>, u64) {
        self.send(&format!("position sfen {}", fsf::write_sfen(pos)));
        self.send(&format!("go perft {depth}"));
        let lines = self.until(|l| l.starts_with("Nodes searched"));
        let mut moves = BTreeMap::new();
        let mut total = 0;
        for line in lines {
            if let Some(n) = line.strip_prefix("Nodes searched: ") {
                total = n.trim().parse().expect("a count");
            } else if let Some((m, n)) = line.split_once(": ") {
                if let Ok(n) = n.trim().parse() {
                    moves.insert(m.to_string(), n);
                }
            }
        }
        (moves, total)
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// The squares of `variant`'s board.
fn squares(variant: VariantKind) -> impl Iterator<Item = Square> {
    (1..=variant.files())
        .flat_map(move |f| (1..=variant.ranks()).filter_map(move |r| Square::new(f, r)))
}

/// The pawn drops of the side to move that would mate: illegal in minishogi (打ち歩詰め),
/// counted as moves by Fairy-Stockfish (the shared table's notes say so, and its counts
/// here exceed koma's by exactly these at the last ply).
fn pawn_drop_mates(pos: &AnyPosition) -> u64 {
    let setup = pos.to_setup();
    let us = setup.side;
    if pos.variant() != VariantKind::Minishogi || setup.hands[us.index()].count(Role::Pawn) == 0 {
        return 0;
    }
    let Some(king) = squares(VariantKind::Minishogi)
        .find(|&sq| setup.get(sq) == Some(Piece::new(!us, Role::King)))
    else {
        return 0;
    };
    let rank = if us == Color::Black {
        king.rank() + 1
    } else {
        king.rank().wrapping_sub(1)
    };
    let Some(to) = Square::new(king.file(), rank).filter(|_| (1..=5).contains(&rank)) else {
        return 0;
    };
    let nifu = (1..=5).any(|r| {
        setup.get(Square::new(king.file(), r).expect("on the board"))
            == Some(Piece::new(us, Role::Pawn))
    });
    if setup.get(to).is_some() || nifu {
        return 0;
    }
    let mut after = setup;
    after.set(to, Some(Piece::new(us, Role::Pawn)));
    after.hands[us.index()].remove(Role::Pawn);
    after.side = !us;
    match pos.variant().position(&after) {
        Ok(p) if p.in_check() && p.legal_moves().is_empty() => 1,
        _ => 0,
    }
}

/// Pawn-drop mates at the last ply of a perft of `depth`.
fn leaf_pawn_drop_mates(pos: &AnyPosition, depth: u32) -> u64 {
    if depth <= 1 {
        return pawn_drop_mates(pos);
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut next = *pos;
            next.play(m).expect("legal");
            leaf_pawn_drop_mates(&next, depth - 1)
        })
        .sum()
}

/// The kinds of position worth a line, and how many of each to keep per variant.
fn kinds(pos: &AnyPosition) -> Vec<(&'static str, usize)> {
    let setup = pos.to_setup();
    let held = |c: Color| {
        pos.variant()
            .hand_roles()
            .iter()
            .any(|&r| setup.hands[c.index()].count(r) > 0)
    };
    let mut out = vec![("random", 10)];
    if held(setup.side) {
        out.push(("hand", 8));
    }
    if pos.in_check() {
        out.push(("check", 6));
    }
    match pos.variant() {
        VariantKind::Minishogi if pawn_drop_mates(pos) > 0 => out.push(("pawn-drop-mate", 6)),
        VariantKind::Minishogi if setup.hands[setup.side.index()].count(Role::Pawn) > 0 => {
            out.push(("pawn-in-hand", 4))
        }
        VariantKind::Kyoto if held(Color::Black) && held(Color::White) => {
            out.push(("both-hands", 6))
        }
        VariantKind::Dobutsu => {
            let lion_far = Color::ALL.into_iter().any(|c| {
                let far = if c == Color::Black { 1 } else { 4 };
                (1..=3).any(|f| {
                    setup.get(Square::new(f, far).expect("on the board"))
                        == Some(Piece::new(c, Role::King))
                })
            });
            let lions = squares(VariantKind::Dobutsu)
                .filter(|&sq| setup.get(sq).is_some_and(|p| p.role() == Role::King))
                .count();
            match (pos.is_decided(), lions < 2, lion_far) {
                (true, true, _) => out.push(("lion-taken", 4)),
                (true, false, _) => out.push(("try-made", 4)),
                (false, _, true) => out.push(("lion-far-attacked", 6)),
                _ => {}
            }
        }
        _ => {}
    }
    out
}

/// The depth and koma's count for a line: the deepest within [`MAX_NODES`].
fn choose_depth(pos: &AnyPosition) -> (u32, u64) {
    let mut best = (1, pos.perft(1));
    for depth in 2..=MAX_DEPTH {
        if best.1 == 0 {
            break;
        }
        let next = pos.perft(depth);
        if next > MAX_NODES {
            break;
        }
        best = (depth, next);
    }
    best
}

/// Compares koma with a perft table of shogiops (lishogi's rules library: lines
/// `['<sfen>', <depth>, <nodes>],` as in its `test/fixtures/perft*.ts`); prints the
/// number of lines that agree and each that does not.
fn shogiops(variant: &str, path: &str) {
    let variant = VariantKind::from_name(variant).expect("a variant name");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (mut agree, mut differ) = (0, 0);
    for line in text.lines().filter(|l| l.trim_start().starts_with("['")) {
        let (quoted, rest) = line.trim_start()[2..]
            .split_once("', ")
            .expect("a quoted SFEN");
        let numbers: Vec<u64> = rest
            .trim_end_matches([']', ','])
            .split(", ")
            .map(|n| n.trim().parse().expect("a number"))
            .collect();
        let pos = sfen::parse_position(variant, quoted).unwrap_or_else(|e| panic!("{quoted}: {e}"));
        let ours = pos.perft(numbers[0] as u32);
        if ours == numbers[1] {
            agree += 1;
        } else {
            differ += 1;
            println!(
                "DIFFER {quoted} depth {}: shogiops {}, koma {ours}",
                numbers[0], numbers[1]
            );
        }
    }
    println!("{}: {agree} lines agree, {differ} differ", variant.name());
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: family_oracle FSF_BINARY [SEED]");
    if path == "--shogiops" {
        let variant = args.next().expect("--shogiops VARIANT FIXTURE");
        return shogiops(&variant, &args.next().expect("--shogiops VARIANT FIXTURE"));
    }
    let seed: u64 = args.next().map_or(1, |s| s.parse().expect("a number"));
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut fsf = Fsf::start(&path);
    let mut disagreements = 0;
    println!("variant\tid\tsfen\tfsf_fen\tdepth\tnodes\tnote");
    for variant in [
        VariantKind::Minishogi,
        VariantKind::Kyoto,
        VariantKind::Dobutsu,
    ] {
        fsf.variant(variant.name());
        let mut kept: BTreeMap<&str, usize> = BTreeMap::new();
        let mut seen = HashSet::new();
        for game in 0..3000 {
            let mut pos = variant.startpos();
            let length = 2 + rng.below(80);
            for ply in 0..length {
                let moves = pos.legal_moves();
                let wanted = kinds(&pos).into_iter().find(|&(kind, quota)| {
                    kept.get(kind).copied().unwrap_or(0) < quota && rng.below(8) == 0
                });
                if let Some((kind, _)) = wanted.filter(|_| ply >= 2 && seen.insert(pos.key())) {
                    let (depth, nodes) = choose_depth(&pos);
                    let (divide, total) = fsf.divide(&pos, depth);
                    let pdm = leaf_pawn_drop_mates(&pos, depth);
                    let id = format!("{}-s{seed}-g{game}-p{ply}", variant.name());
                    let text = sfen::write_any(&pos);
                    assert_eq!(
                        sfen::parse_position(variant, &text).map(|p| p.to_setup()),
                        Ok(pos.to_setup()),
                        "{id} reads back"
                    );
                    let note = if total == nodes && pdm == 0 {
                        format!("{kind}; fairy-stockfish agrees")
                    } else if total == nodes + pdm {
                        format!(
                            "{kind}; fairy-stockfish counts {total}: {pdm} pawn-drop mates at the last ply as moves"
                        )
                    } else {
                        disagreements += 1;
                        eprintln!("DISAGREE {id} {text} depth {depth}: koma {nodes}, fsf {total}");
                        let ours: BTreeMap<String, u64> = pos
                            .perft_divide(depth)
                            .into_iter()
                            .map(|(m, n)| (fsf::write_move(&pos, m), n))
                            .collect();
                        for m in ours
                            .keys()
                            .chain(divide.keys())
                            .collect::<std::collections::BTreeSet<_>>()
                        {
                            let (a, b) = (ours.get(m), divide.get(m));
                            if a != b {
                                eprintln!("  {m}: koma {a:?} fsf {b:?}");
                            }
                        }
                        continue;
                    };
                    *kept.entry(kind).or_default() += 1;
                    println!(
                        "{}\t{id}\t{text}\t{}\t{depth}\t{nodes}\t{note}",
                        variant.name(),
                        fsf::write_fen(&pos)
                    );
                }
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                pos.play(m).expect("a legal move");
            }
        }
        eprintln!("{}: {kept:?}", variant.name());
    }
    if disagreements > 0 {
        eprintln!("{disagreements} disagreements");
        std::process::exit(1);
    }
}
