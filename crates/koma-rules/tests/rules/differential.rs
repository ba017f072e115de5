//! Differential test: on thousands of positions reached by random playouts, koma's legal
//! move set equals that of rsshogi (an independent implementation from crates.io), and the
//! direct check and capture generators agree with filtering the legal moves.

use koma_notation::{sfen, usi};
use koma_rules::{Handicap, Move, MoveKind, Position, VariantKind, variants::Shogi};
use rsshogi::board::{self, MoveList};
use rsshogi::movegen::generate_legal_all;
use std::collections::HashSet;

/// A small deterministic generator (splitmix64), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn koma_moves(pos: &Position<Shogi>) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| usi::write_move(VariantKind::Shogi, m))
        .collect();
    v.sort();
    v
}

fn peer_moves(sfen_text: &str) -> Vec<String> {
    let pos = board::position_from_sfen(sfen_text).expect("rsshogi parses koma's SFEN");
    let mut list = MoveList::new();
    generate_legal_all(&pos, &mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_usi()).collect();
    v.sort();
    v
}

/// Checks and captures generated directly agree with filtering every legal move.
fn check_kinds(pos: &Position<Shogi>, text: &str) {
    let all = pos.legal_moves();
    let checks: HashSet<Move> = pos.moves(MoveKind::Checks).iter().copied().collect();
    let captures: HashSet<Move> = pos.moves(MoveKind::Captures).iter().copied().collect();
    for &m in all.iter() {
        assert_eq!(
            checks.contains(&m),
            pos.after(m).in_check(),
            "check {m:?} in {text}"
        );
        assert_eq!(
            captures.contains(&m),
            pos.piece_at(m.to()).is_some() && !m.is_drop(),
            "capture {m:?} in {text}"
        );
    }
    assert!(checks.len() + captures.len() <= 2 * all.len());
}

fn compare(pos: &Position<Shogi>) {
    let text = sfen::write(pos);
    check_kinds(pos, &text);
    let ours = koma_moves(pos);
    let theirs = peer_moves(&text);
    if ours != theirs {
        let extra: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
        let missing: Vec<_> = theirs.iter().filter(|m| !ours.contains(m)).collect();
        panic!("move sets differ at {text}\n  koma only: {extra:?}\n  rsshogi only: {missing:?}");
    }
}

/// Mate problems are full of checks, discovered checks and interpositions: along every
/// verified line of the shared problems, the check generator agrees with filtering.
#[test]
fn checks_along_mate_problem_lines_match_filtering() {
    let mut positions = 0;
    for row in koma_testdata::tsume_rows() {
        // Mate problems may leave out the attacker's king.
        let setup = sfen::parse_setup(VariantKind::Shogi, &row.sfen).expect("tsume.tsv SFEN");
        let mut pos = Position::<Shogi>::from_setup_kingless(&setup).expect("a problem");
        for text in row.solution_usi.split_whitespace() {
            check_kinds(&pos, &format!("{} before {text}", row.id));
            positions += 1;
            let m = usi::parse_move(VariantKind::Shogi, text).expect("USI move");
            pos.play(m).expect("the verified line is legal");
        }
    }
    assert!(positions > 3_000, "only {positions} positions compared");
}

#[test]
fn random_playouts_match_rsshogi() {
    let mut rng = Rng(20261122);
    let mut positions = 0;
    let starts: Vec<Position<Shogi>> = Handicap::SHOGI
        .iter()
        .map(|h| Position::<Shogi>::from_setup(&h.setup()).expect("valid handicap"))
        .collect();
    for game in 0..400 {
        let mut pos = starts[game % starts.len()];
        // Games biased towards captures reach positions full of drops and promotions.
        for _ in 0..rng.below(250) + 20 {
            compare(&pos);
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some())
                .collect();
            let m = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play_unchecked(m);
        }
    }
    assert!(positions > 20_000, "only {positions} positions compared");
}
