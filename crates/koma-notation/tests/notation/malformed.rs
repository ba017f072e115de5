//! Malformed SFENs and USI moves: each gets an error naming the problem and its column.

use koma_notation::sfen::{SfenErrorKind, parse_position};
use koma_notation::usi::{UsiMoveErrorKind, parse_move};
use koma_rules::VariantKind::{Shogi, Tori};

/// A malformed SFEN, the column its error must name, and a check of the error kind.
type Case = (&'static str, usize, fn(&SfenErrorKind) -> bool);

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn malformed_sfens() {
    use SfenErrorKind as K;
    let cases: Vec<Case> = vec![
        ("", 1, |k| *k == K::Empty),
        ("   ", 1, |k| *k == K::Empty),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
            58,
            |k| *k == K::MissingField("side to move"),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b",
            60,
            |k| *k == K::MissingField("hand"),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
            48,
            |k| matches!(k, K::RankCount { found: 8, .. }),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1",
            58,
            |k| matches!(k, K::RankCount { .. }),
        ),
        (
            "lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            15,
            |k| {
                matches!(
                    k,
                    K::RankWidth {
                        rank: 2,
                        found: 8,
                        ..
                    }
                )
            },
        ),
        (
            // A run of digits is one number, as lishogi reads it (Chu's `12`): 8 + 11.
            "lnsgkgsnl/1r5b11/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            16,
            |k| {
                matches!(
                    k,
                    K::RankWidth {
                        rank: 2,
                        found: 19,
                        ..
                    }
                )
            },
        ),
        (
            "lnsgkgsnlp/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            10,
            |k| matches!(k, K::RankWidth { rank: 1, .. }),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
            57,
            |k| *k == K::UnknownPiece('X', "shogi"),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/4+G4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            30,
            |k| *k == K::BadPromotion,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/4+4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            30,
            |k| *k == K::BadPromotion,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN+ b - 1",
            57,
            |k| *k == K::BadPromotion,
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/0/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            31,
            |k| *k == K::UnexpectedChar('0'),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
            59,
            |k| *k == K::BadSide("x".into()),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL B - 1",
            59,
            |k| *k == K::BadSide("B".into()),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2 1",
            62,
            |k| matches!(k, K::BadHand(_)),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1",
            61,
            |k| matches!(k, K::BadHand(_)),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 0P 1",
            62,
            |k| matches!(k, K::BadHand(_)),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 100P 1",
            63,
            |k| matches!(k, K::BadHand(_)),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b +P 1",
            61,
            |k| matches!(k, K::BadHand(_)),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
            63,
            |k| *k == K::BadPly("0".into()),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - -3",
            63,
            |k| *k == K::BadPly("-3".into()),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 99999999999",
            63,
            |k| matches!(k, K::BadPly(_)),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves",
            65,
            |k| *k == K::Trailing("moves".into()),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1",
            1,
            |k| matches!(k, K::Illegal(_)),
        ),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 ",
            0,
            |k| matches!(k, K::Illegal(_)),
        ),
        (
            "ｌnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            1,
            |k| *k == K::UnexpectedChar('ｌ'),
        ),
    ];
    for (text, column, ok) in cases {
        match parse_position(Shogi, text) {
            Ok(_) if column == 0 => {}
            Ok(_) => panic!("{text:?} parsed"),
            Err(e) => {
                assert!(ok(&e.kind), "{text:?}: {e}");
                assert!(
                    column == 0 || e.column == column,
                    "{text:?}: column {} not {column}: {e}",
                    e.column
                );
                assert!(e.to_string().starts_with("SFEN column"), "{e}");
            }
        }
    }
    // Tori letters are not shogi letters and the other way round.
    assert!(parse_position(Shogi, "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1").is_err());
    assert!(parse_position(Tori, START).is_err());
    assert!(parse_position(Tori, "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1").is_ok());
    assert!(parse_position(Tori, "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b G 1").is_err());
    assert!(parse_position(Tori, "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCP+R b - 1").is_err());
}

#[test]
fn malformed_usi_moves() {
    use UsiMoveErrorKind as K;
    let cases: Vec<(&str, usize, K)> = vec![
        ("", 1, K::Length),
        ("7g", 1, K::Length),
        ("7g7f++", 1, K::Length),
        ("0g7f", 1, K::BadFile('0', "shogi")),
        ("7z7f", 2, K::BadRank('z', "shogi")),
        ("7g7j", 4, K::BadRank('j', "shogi")),
        ("7G7F", 2, K::BadRank('G', "shogi")),
        ("7g7f=", 5, K::BadSuffix('=')),
        ("7g7g", 1, K::NullMove),
        ("K*5e", 1, K::BadDropPiece('K', "shogi")),
        ("p*5e", 1, K::BadDropPiece('p', "shogi")),
        ("X*5e", 1, K::BadDropPiece('X', "shogi")),
        ("P*5e+", 5, K::Length),
        ("P*0e", 3, K::BadFile('0', "shogi")),
    ];
    for (text, column, kind) in cases {
        let e = parse_move(Shogi, text).expect_err(text);
        assert_eq!((e.column, &e.kind), (column, &kind), "{text:?}: {e}");
    }
    let e = parse_move(Tori, "8a7a").expect_err("file 8 is off the Tori board");
    assert_eq!(e.kind, K::BadFile('8', "tori"));
    let e = parse_move(Tori, "7h7g").expect_err("rank h is off the Tori board");
    assert_eq!(e.kind, K::BadRank('h', "tori"));
    assert!(parse_move(Tori, "G*5e").is_err());
    assert!(parse_move(Tori, "S*5e").is_ok());
}
