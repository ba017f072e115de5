//! USI `position` lines as records.

use koma_notation::record::Start;
use koma_notation::usi_line;
use koma_rules::{Handicap, VariantKind};

#[test]
fn reads_and_writes_position_lines() {
    let r = usi_line::parse(
        VariantKind::Shogi,
        "position startpos moves 7g7f 3c3d 8h2b+",
    )
    .expect("legal");
    assert_eq!(r.start, Start::Named(Handicap::Even));
    assert_eq!(r.tree.main_moves().len(), 3);
    assert_eq!(
        usi_line::write(&r),
        "position startpos moves 7g7f 3c3d 8h2b+"
    );
    let line =
        "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d";
    let r = usi_line::parse(VariantKind::Shogi, line).expect("legal");
    assert_eq!(usi_line::write(&r), line);
    let r = usi_line::parse(VariantKind::Tori, "startpos moves 3d3c").expect("legal");
    assert_eq!(r.tree.main_moves().len(), 1);
}

#[test]
fn errors_name_the_column() {
    let e = usi_line::parse(VariantKind::Shogi, "position startpos moves 7g7f 7g7f")
        .expect_err("illegal");
    assert_eq!(e.column, 30, "{e}");
    let e = usi_line::parse(VariantKind::Shogi, "position startpos moves 7g7f 3c3x")
        .expect_err("malformed");
    assert_eq!(e.column, 33, "{e}");
    let e = usi_line::parse(VariantKind::Shogi, "position sfen lnsgkgsnl/9 b - 1")
        .expect_err("short board");
    assert!(e.column >= 15, "{e}");
}
