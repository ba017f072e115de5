//! Move text of minishogi, Kyoto shogi and Dōbutsu shogi: the texts lishogi writes (its
//! shogiops library: `src/notation/move/japanese.ts`, `western.ts`, `util.ts`), read back,
//! and round trips over random games in every notation.

use crate::movetext::{random_positions, round_trip};
use koma_notation::movetext::western::Style;
use koma_notation::movetext::{MoveTextErrorKind, german, japanese, western};
use koma_notation::sfen;
use koma_rules::variants::{Dobutsu, Kyoto, Minishogi};
use koma_rules::{Move, Position, Role, Square, Variant};

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).unwrap()
}

fn step(from: (u8, u8), to: (u8, u8), promote: bool) -> Move {
    Move::normal(sq(from.0, from.1), sq(to.0, to.1), promote)
}

fn pos<V: Variant>(text: &str) -> Position<V> {
    sfen::parse::<V>(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Checks every notation's text of `m` in `p` and that each reads back as `m`.
fn texts<V: Variant>(
    p: &Position<V>,
    m: Move,
    [kif, ki2, hodges, numeric, german_text]: [&str; 5],
) {
    assert!(p.legal_moves().contains(&m), "{m:?} is legal");
    assert_eq!(japanese::kif(p, m, None), kif, "{m:?}");
    assert_eq!(japanese::parse_kif(p, kif, None), Ok(m), "{kif}");
    assert_eq!(japanese::ki2(p, m, None), ki2, "{m:?}");
    assert_eq!(japanese::parse_ki2(p, ki2, None), Ok(m), "{ki2}");
    assert_eq!(western::write(p, m, Style::Hodges), hodges, "{m:?}");
    assert_eq!(western::parse(p, hodges), Ok(m), "{hodges}");
    assert_eq!(western::write(p, m, Style::Numeric), numeric, "{m:?}");
    assert_eq!(western::parse(p, numeric), Ok(m), "{numeric}");
    assert_eq!(german::write(p, m), german_text, "{m:?}");
    assert_eq!(german::parse(p, german_text), Ok(m), "{german_text}");
}

#[test]
fn minishogi_is_written_as_shogi() {
    let start = Position::<Minishogi>::startpos();
    texts(
        &start,
        step((5, 4), (5, 3), false),
        ["５三歩(54)", "５三歩", "P-5c", "P-53", "5c"],
    );
    texts(
        &start,
        step((1, 5), (1, 3), false),
        ["１三飛(15)", "１三飛", "R-1c", "R-13", "T1c"],
    );
    // The zone is the last rank: a silver entering it may promote, or not.
    let p = pos::<Minishogi>("2k2/5/1S3/5/K4 b - 1");
    texts(
        &p,
        step((4, 3), (4, 2), false),
        ["４二銀(43)", "４二銀", "S-4b", "S-42", "S4b"],
    );
    texts(
        &p,
        step((4, 3), (3, 2), false),
        ["３二銀(43)", "３二銀", "S-3b", "S-32", "S3b"],
    );
    let p = pos::<Minishogi>("4k/1S3/5/5/K4 b - 1");
    texts(
        &p,
        step((4, 2), (4, 1), true),
        ["４一銀成(42)", "４一銀成", "S-4a+", "S-41+", "S4a+"],
    );
    texts(
        &p,
        step((4, 2), (4, 1), false),
        ["４一銀(42)", "４一銀不成", "S-4a=", "S-41=", "S4a="],
    );
    // A square off the 5x5 board is no square.
    assert_eq!(
        japanese::parse_ki2(&start, "６五歩", None)
            .unwrap_err()
            .kind,
        MoveTextErrorKind::BadSquare("６五歩".into())
    );
}

#[test]
fn kyoto_writes_every_turn_over_as_a_promotion() {
    // lishogi's Kyoto moves all promote (`pieceForcePromote`): 成 in Japanese, `+` in
    // Western text, for every move of a piece but the king, captures included.
    let start = Position::<Kyoto>::startpos();
    assert_eq!(sfen::write(&start), "pgkst/5/5/5/TSKGP b - 1");
    texts(
        &start,
        step((1, 5), (1, 4), true),
        ["１四歩成(15)", "１四歩成", "P-1d+", "P-14+", "1d+"],
    );
    texts(
        &start,
        step((5, 5), (5, 4), true),
        ["５四と成(55)", "５四と成", "T-5d+", "T-54+", "To5d+"],
    );
    texts(
        &start,
        step((4, 5), (4, 4), true),
        ["４四銀成(45)", "４四銀成", "S-4d+", "S-44+", "S4d+"],
    );
    texts(
        &start,
        step((2, 5), (2, 4), true),
        ["２四金成(25)", "２四金成", "G-2d+", "G-24+", "G2d+"],
    );
    texts(
        &start,
        step((3, 5), (3, 4), false),
        ["３四玉(35)", "３四玉", "K-3d", "K-34", "K3d"],
    );
    // The back faces: the rook turns back into a pawn, the lance into a tokin.
    let p = pos::<Kyoto>("pgks1/5/5/3R1/l1K2 b - 1");
    texts(
        &p,
        step((2, 4), (2, 2), true),
        ["２二飛成(24)", "２二飛成", "R-2b+", "R-22+", "T2b+"],
    );
    texts(
        &p,
        step((2, 4), (5, 4), true),
        ["５四飛成(24)", "５四飛成", "R-5d+", "R-54+", "T5d+"],
    );
}

#[test]
fn kyoto_drops_either_face() {
    // Pawn and rook are one piece: in hand it is a pawn, dropped it is either.
    let p = pos::<Kyoto>("1gkst/5/5/5/TSKGp b P 1");
    let pawn = Move::drop(Role::Pawn, sq(3, 3));
    let rook = Move::drop(Role::Rook, sq(3, 3));
    texts(&p, pawn, ["３三歩打", "３三歩", "P*3c", "P*33", "'3c"]);
    texts(&p, rook, ["３三飛打", "３三飛", "R*3c", "R*33", "T'3c"]);
    // A tokin in hand drops as a tokin or a lance.
    let p = pos::<Kyoto>("pgks1/5/5/5/1SKGP b T 1");
    texts(
        &p,
        Move::drop(Role::Lance, sq(5, 2)),
        ["５二香打", "５二香", "L*5b", "L*52", "La'5b"],
    );
    texts(
        &p,
        Move::drop(Role::Tokin, sq(5, 2)),
        ["５二と打", "５二と", "T*5b", "T*52", "To'5b"],
    );
}

#[test]
fn dobutsu_pieces_are_animals() {
    // shogiops: ひよこ ぞう きりん にわとり ライオン; C E G H L.
    let start = Position::<Dobutsu>::startpos();
    let capture = step((2, 3), (2, 2), false);
    texts(
        &start,
        capture,
        ["２二ひよこ(23)", "２二ひよこ", "Cx2b", "Cx22", "Cx2b"],
    );
    let after = start.after(capture);
    // Gote takes back with the lion or the giraffe or the elephant: the lion.
    let lion = step((2, 1), (2, 2), false);
    assert_eq!(japanese::ki2(&after, lion, Some(sq(2, 2))), "同　ライオン");
    assert_eq!(western::write(&after, lion, Style::Hodges), "Lx2b");
    let mut p = after.after(lion);
    // Sente holds a chick; the giraffe and the elephant.
    texts(
        &p,
        Move::drop(Role::Pawn, sq(2, 3)),
        ["２三ひよこ打", "２三ひよこ", "C*2c", "C*23", "C'2c"],
    );
    texts(
        &p,
        step((1, 4), (1, 3), false),
        ["１三きりん(14)", "１三きりん", "G-1c", "G-13", "Gi1c"],
    );
    texts(
        &p,
        step((3, 4), (2, 3), false),
        ["２三ぞう(34)", "２三ぞう", "E-2c", "E-23", "E2c"],
    );
    // The katakana names read too.
    assert_eq!(
        japanese::parse_ki2(&p, "１三キリン", None),
        Ok(step((1, 4), (1, 3), false))
    );
    // A chick on the last rank becomes a hen (forced).
    p = pos::<Dobutsu>("k2/2P/3/2K b - 1");
    texts(
        &p,
        step((1, 2), (1, 1), true),
        ["１一ひよこ成(12)", "１一ひよこ成", "C-1a+", "C-11+", "C1a+"],
    );
    let p = pos::<Dobutsu>("k1+P/3/3/2K b - 1");
    texts(
        &p,
        step((1, 1), (2, 1), false),
        ["２一にわとり(11)", "２一にわとり", "H-2a", "H-21", "H2a"],
    );
}

#[test]
fn round_trip_minishogi_random_games() {
    let positions = random_positions(Position::<Minishogi>::startpos(), 0x5e5, 30, 120);
    assert!(positions.len() > 1500, "{}", positions.len());
    round_trip(&positions);
}

#[test]
fn round_trip_kyoto_random_games() {
    let positions = random_positions(Position::<Kyoto>::startpos(), 0x4b70, 30, 120);
    assert!(positions.len() > 1500, "{}", positions.len());
    round_trip(&positions);
}

#[test]
fn round_trip_dobutsu_random_games() {
    let positions = random_positions(Position::<Dobutsu>::startpos(), 0xd0b, 200, 60);
    assert!(positions.len() > 1000, "{}", positions.len());
    round_trip(&positions);
}
