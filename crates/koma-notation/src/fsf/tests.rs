//! Fairy-Stockfish's dialect: positions and moves checked against what Fairy-Stockfish
//! c19b5f6c printed for them (`d` and `go perft 1` in its USI mode), and round trips over
//! random games.

use super::*;
use crate::sfen;
use koma_testdata::Rng;
use std::collections::BTreeSet;

const SMALL: [VariantKind; 3] = [
    VariantKind::Minishogi,
    VariantKind::Kyoto,
    VariantKind::Dobutsu,
];

fn pos(variant: VariantKind, text: &str) -> AnyPosition {
    sfen::parse_position(variant, text).unwrap()
}

/// The moves of `pos` as this module writes them.
fn written(pos: &AnyPosition) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|&m| write_move(pos, m))
        .collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|s| s.to_string()).collect()
}

#[test]
fn start_positions_are_written_as_the_shared_perft_table_writes_them() {
    let cases = [
        (VariantKind::Minishogi, "rbsgk/4p/5/P4/KGSBR[] w - - 0 1"),
        (VariantKind::Kyoto, "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1"),
        (VariantKind::Dobutsu, "gle/1c1/1C1/ELG[] w - - 0 1"),
    ];
    for (variant, fen) in cases {
        let start = variant.startpos();
        assert_eq!(write_fen(&start), fen, "{variant:?}");
        let board = fen.split('[').next().unwrap();
        assert_eq!(write_sfen(&start), format!("{board} b - 1"), "{variant:?}");
    }
}

#[test]
fn hands_are_written_in_fairy_stockfish_letters() {
    // lishogi's letters in, Fairy-Stockfish's out: its `d` printed these FENs and SFENs.
    let p = pos(VariantKind::Kyoto, "pgk2/5/5/5/TSKGP b TS 1");
    assert_eq!(write_fen(&p), "p+nk2/5/5/5/+LSK+NP[LS] w - - 0 1");
    assert_eq!(write_sfen(&p), "p+nk2/5/5/5/+LSK+NP b LS 1");
    let p = pos(VariantKind::Dobutsu, "1kb/3/1P1/BKR b Rp 1");
    assert_eq!(write_fen(&p), "1le/3/1C1/ELG[Gc] w - - 0 1");
    assert_eq!(write_sfen(&p), "1le/3/1C1/ELG b Gc 1");
    // Hands in koma's order: Fairy-Stockfish writes `[PSSp]` and `P2Sp` and reads
    // these as the same position.
    let p = pos(VariantKind::Minishogi, "2k2/5/5/5/2K2 w P2Sp 2");
    assert_eq!(write_fen(&p), "2k2/5/5/5/2K2[SSPp] b - - 0 1");
    assert_eq!(write_sfen(&p), "2k2/5/5/5/2K2 w 2SPp 2");
}

#[test]
fn kyoto_moves_name_the_face_they_leave() {
    // Fairy-Stockfish's `go perft 1` after 1e1d+ from the start.
    let mut p = VariantKind::Kyoto.startpos();
    let first = parse_move(&p, "1e1d+").unwrap();
    p.play(first).unwrap();
    let fsf = set(&[
        "2a3b+", "2a2b+", "2a1b+", "5a5b+", "4a5b-", "4a4b-", "4a3b-", "1a2b-", "1a1b-", "3a4b",
        "3a3b", "3a2b",
    ]);
    assert_eq!(written(&p), fsf);
    // Its moves with a hand of silver and tokin (as lance): drops of both faces of each
    // (those on file 1 here).
    let p = pos(VariantKind::Kyoto, "p+nk2/5/5/5/+LSK+NP b SL 1");
    let file_1: BTreeSet<String> = written(&p)
        .into_iter()
        .filter(|m| !m.contains('*') || m.contains("*1"))
        .collect();
    let mut fsf = set(&[
        "4e5d+", "4e4d+", "4e3d+", "1e1d+", "5e5d-", "5e4d-", "2e3d-", "2e2d-", "2e1d-", "3e4d",
        "3e3d", "3e2d",
    ]);
    for face in ["+S", "S", "+L", "L"] {
        fsf.extend(["1d", "1c", "1b", "1a"].map(|sq| format!("{face}*{sq}")));
    }
    assert_eq!(file_1, fsf);
    assert_eq!(written(&p).len(), 80, "Fairy-Stockfish counts 80 moves");
}

#[test]
fn dobutsu_drops_use_the_animal_letters() {
    let p = pos(VariantKind::Dobutsu, "1le/3/1C1/ELG b Gc 1");
    let fsf = set(&[
        "2c2b", "1d1c", "2d3c", "2d1c", "G*3c", "G*1c", "G*3b", "G*2b", "G*1b", "G*3a",
    ]);
    assert_eq!(written(&p), fsf);
    assert_eq!(
        written(&VariantKind::Dobutsu.startpos()),
        set(&["2c2b", "1d1c", "2d3c", "2d1c"])
    );
    // The chick promotes on the far rank, written as in USI.
    let p = pos(VariantKind::Dobutsu, "l2/1P1/3/2K b - 1");
    assert!(written(&p).contains("2b2a+"));
}

#[test]
fn bad_moves_are_errors_naming_the_problem() {
    let kyoto = VariantKind::Kyoto.startpos();
    let kind = |p: &AnyPosition, t: &str| parse_move(p, t).unwrap_err().kind;
    assert_eq!(
        kind(&kyoto, "1e1d-"),
        FsfMoveErrorKind::WrongSuffix {
            square: "1e".into(),
            expected: "'+'",
            found: "-".into()
        }
    );
    assert_eq!(
        kind(&kyoto, "2e2d+"),
        FsfMoveErrorKind::WrongSuffix {
            square: "2e".into(),
            expected: "'-'",
            found: "+".into()
        }
    );
    assert_eq!(
        kind(&kyoto, "3e3d+"),
        FsfMoveErrorKind::WrongSuffix {
            square: "3e".into(),
            expected: "no suffix",
            found: "+".into()
        }
    );
    assert_eq!(kind(&kyoto, "3c3d"), FsfMoveErrorKind::NoPiece("3c".into()));
    assert_eq!(
        kind(&kyoto, "1e1d+x"),
        FsfMoveErrorKind::BadSuffix("+x".into())
    );
    assert_eq!(kind(&kyoto, "1e"), FsfMoveErrorKind::Malformed);
    assert_eq!(
        kind(&kyoto, "T*3c"),
        FsfMoveErrorKind::BadDropPiece("T".into(), "kyotoshogi")
    );
    assert!(matches!(kind(&kyoto, "6e6d+"), FsfMoveErrorKind::Square(_)));
    assert!(matches!(kind(&kyoto, "P*3c"), FsfMoveErrorKind::Illegal(_)));
    let dobutsu = VariantKind::Dobutsu.startpos();
    assert_eq!(
        kind(&dobutsu, "P*2b"),
        FsfMoveErrorKind::BadDropPiece("P".into(), "dobutsu")
    );
    assert!(matches!(
        kind(&dobutsu, "2c2a"),
        FsfMoveErrorKind::Illegal(_)
    ));
    assert!(matches!(
        kind(&dobutsu, "2c2b-"),
        FsfMoveErrorKind::WrongSuffix { .. }
    ));
}

#[test]
fn every_legal_move_of_random_games_reads_back() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for variant in SMALL.into_iter().chain([VariantKind::Shogi]) {
        let mut checked = 0;
        for _game in 0..40 {
            let mut p = variant.startpos();
            for _ply in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() || p.is_decided() {
                    break;
                }
                for &m in moves.iter() {
                    let text = write_move(&p, m);
                    assert_eq!(parse_move(&p, &text), Ok(m), "{variant:?} {text}");
                    checked += 1;
                }
                // The position as Fairy-Stockfish writes it reads back (SFEN reads its
                // letters too).
                let again = sfen::parse_position(variant, &write_sfen(&p)).unwrap();
                assert_eq!(again.to_setup(), p.to_setup(), "{variant:?}");
                let m = moves[rng.below(moves.len())];
                p.play(m).unwrap();
            }
        }
        assert!(checked > 1000, "{variant:?}: only {checked} moves");
    }
}
