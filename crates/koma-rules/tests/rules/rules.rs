//! Targeted rule tests: every illegal-move reason, every setup error, promotion, drops,
//! pawn-drop mate, and the named start positions.

use koma_notation::{sfen, usi};
use koma_rules::{
    Color, Handicap, IllegalMove, Move, Position, Role, Setup, SetupError, Square, Variant,
    VariantKind,
    variants::{Shogi, Tori},
};

fn pos<V: Variant>(text: &str) -> Position<V> {
    sfen::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(variant: VariantKind, text: &str) -> Move {
    usi::parse_move(variant, text).expect("well-formed move")
}

fn shogi_legality(text: &str, m: &str) -> Result<(), IllegalMove> {
    pos::<Shogi>(text).is_legal(mv(VariantKind::Shogi, m))
}

fn tori_legality(text: &str, m: &str) -> Result<(), IllegalMove> {
    pos::<Tori>(text).is_legal(mv(VariantKind::Tori, m))
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn every_illegal_move_reason() {
    use IllegalMove::*;
    assert_eq!(shogi_legality(START, "7g7f"), Ok(()));
    assert_eq!(shogi_legality(START, "5e5d"), Err(NoPiece));
    assert_eq!(shogi_legality(START, "7c7d"), Err(NotOwnPiece));
    assert_eq!(shogi_legality(START, "6i7i"), Err(OwnPieceOnTarget));
    assert_eq!(shogi_legality(START, "7g7e"), Err(NotAMoveOfThisPiece));
    assert_eq!(
        shogi_legality(START, "8h2b"),
        Err(NotAMoveOfThisPiece),
        "a blocked bishop"
    );
    assert_eq!(shogi_legality(START, "7g7f+"), Err(CannotPromote));
    assert_eq!(shogi_legality(START, "P*5e"), Err(NotInHand));
    // Pawn on 5b must promote on 5a; a knight on 2c going to 1a must promote.
    assert_eq!(
        shogi_legality("3k5/4P4/9/9/9/9/9/9/K8 b - 1", "5b5a"),
        Err(MustPromote)
    );
    assert_eq!(
        shogi_legality("3k5/4P4/9/9/9/9/9/9/K8 b - 1", "5b5a+"),
        Ok(())
    );
    assert_eq!(
        shogi_legality("3k5/9/7N1/9/9/9/9/9/K8 b - 1", "2c1a"),
        Err(MustPromote)
    );
    assert_eq!(
        shogi_legality("3k5/9/7N1/9/9/9/9/9/K8 b - 1", "2c1a+"),
        Ok(())
    );
    // Silver may decline promotion anywhere.
    assert_eq!(
        shogi_legality("3k5/9/7S1/9/9/9/9/9/K8 b - 1", "2c2b"),
        Ok(())
    );
    assert_eq!(shogi_legality("3k5/9/9/9/9/9/9/9/K8 b P 1", "P*5e"), Ok(()));
    assert_eq!(
        shogi_legality("3k5/9/9/9/4p4/9/9/9/K8 b P 1", "P*5e"),
        Err(DropOnOccupied)
    );
    assert_eq!(
        shogi_legality("3k5/9/9/9/9/9/9/9/K8 b P 1", "P*5a"),
        Err(DeadDrop)
    );
    assert_eq!(
        shogi_legality("3k5/9/9/9/9/9/9/9/K8 b L 1", "L*5a"),
        Err(DeadDrop)
    );
    assert_eq!(
        shogi_legality("3k5/9/9/9/9/9/9/9/K8 b N 1", "N*5b"),
        Err(DeadDrop)
    );
    assert_eq!(shogi_legality("3k5/9/9/9/9/9/9/9/K8 b N 1", "N*5c"), Ok(()));
    assert_eq!(
        shogi_legality("3k5/9/9/9/9/9/4P4/9/K8 b P 1", "P*5e"),
        Err(TwoPawns)
    );
    // A tokin on the file does not count for nifu.
    assert_eq!(
        shogi_legality("3k5/9/9/9/9/9/4+P4/9/K8 b P 1", "P*5e"),
        Ok(())
    );
    // Pawn-drop mate in the corner; a lance drop there mates legally.
    assert_eq!(
        shogi_legality("7nk/9/7G1/9/9/9/9/9/K8 b PL 1", "P*1b"),
        Err(DropPawnMate)
    );
    assert_eq!(
        shogi_legality("7nk/9/7G1/9/9/9/9/9/K8 b PL 1", "L*1b"),
        Ok(())
    );
    // The pinned gold cannot take the pawn: still mate, so illegal.
    assert_eq!(
        shogi_legality("3nkn3/5g3/4G4/7B1/9/9/9/9/K8 b P 1", "P*5b"),
        Err(DropPawnMate)
    );
    assert_eq!(
        shogi_legality("3nkn3/5g3/4G4/9/9/9/9/9/K8 b P 1", "P*5b"),
        Ok(())
    );
    // Moving a pinned piece off the line, or the king into check.
    assert_eq!(
        shogi_legality("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1", "5g6g"),
        Err(KingInCheck)
    );
    assert_eq!(
        shogi_legality("4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1", "5g5f"),
        Ok(())
    );
    assert_eq!(
        shogi_legality("4k4/9/9/9/3r5/9/9/9/4K4 b - 1", "5i6i"),
        Err(KingInCheck)
    );
    // Ignoring a check.
    assert_eq!(
        shogi_legality("4k4/9/9/9/4r4/9/9/9/4K3L b - 1", "1i1h"),
        Err(KingInCheck)
    );
}

#[test]
fn pawn_drop_that_stalemates_without_check_is_legal() {
    // The drop on 1c gives no check, even though gote then has no legal move at all.
    let p = pos::<Shogi>("8k/9/7G1/9/9/9/9/9/K8 b P 1");
    assert_eq!(p.is_legal(mv(VariantKind::Shogi, "P*1c")), Ok(()));
    let after = p.after(mv(VariantKind::Shogi, "P*1c"));
    assert!(!after.in_check());
}

#[test]
fn pawn_push_mate_is_legal() {
    let p = pos::<Shogi>("7nk/9/7GP/9/9/9/9/9/K8 b - 1");
    let m = mv(VariantKind::Shogi, "1c1b+");
    assert_eq!(p.is_legal(m), Ok(()));
    assert!(p.after(m).in_check());
    assert_eq!(p.after(m).count_legal(), 0, "mate by a pawn move");
}

#[test]
fn tori_rules() {
    use IllegalMove::*;
    let start = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1";
    assert_eq!(Position::<Tori>::startpos(), pos::<Tori>(start));
    // Swallows: forward only; promotion mandatory on reaching the zone.
    assert_eq!(tori_legality(start, "3d3c"), Ok(()));
    assert_eq!(
        tori_legality("3k3/7/2S4/7/7/7/3K3 b - 1", "5c5b"),
        Err(MustPromote)
    );
    assert_eq!(tori_legality("3k3/7/2S4/7/7/7/3K3 b - 1", "5c5b+"), Ok(()));
    // Drops: no swallow on the last rank, not a third on a file, the second-last rank is fine.
    assert_eq!(
        tori_legality("3k3/7/7/7/7/7/3K3 b S 1", "S*1a"),
        Err(DeadDrop)
    );
    assert_eq!(tori_legality("3k3/7/7/7/7/7/3K3 b S 1", "S*1b"), Ok(()));
    assert_eq!(
        tori_legality("3k3/7/7/6S/7/6S/3K3 b S 1", "S*1c"),
        Err(TwoPawns)
    );
    assert_eq!(tori_legality("3k3/7/7/6S/7/7/3K3 b S 1", "S*1c"), Ok(()));
    // A goose does not count towards the swallow limit.
    assert_eq!(tori_legality("3k3/7/7/6S/7/6+S/3K3 b S 1", "S*1c"), Ok(()));
    // Swallow-drop mate is illegal: phoenix in the corner, a crane guards the drop.
    assert_eq!(
        tori_legality("6k/5S1/5C1/7/7/7/K6 b S 1", "S*1b"),
        Err(DropPawnMate)
    );
    assert_eq!(
        tori_legality("6k/7/5C1/7/7/7/K6 b S 1", "S*1b"),
        Ok(()),
        "2a is free"
    );
    // The falcon promotes when leaving the zone too; it never moves straight back.
    assert_eq!(
        tori_legality("3k3/1F5/7/7/7/7/3K3 b - 1", "6b6c"),
        Err(NotAMoveOfThisPiece)
    );
    assert_eq!(
        tori_legality("3k3/1F5/7/7/7/7/3K3 b - 1", "6b5c"),
        Err(MustPromote)
    );
    assert_eq!(tori_legality("3k3/1F5/7/7/7/7/3K3 b - 1", "6b5c+"), Ok(()));
    // A pheasant's jump cannot be blocked: only phoenix moves (and captures) answer it.
    let p = pos::<Tori>("3k3/7/3P3/7/7/7/K6 w C 1");
    assert!(p.in_check());
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.from() == p.king(Color::White))
    );
}

#[test]
fn every_setup_error() {
    let err = |variant, text: &str| {
        let setup = sfen::parse_setup(variant, text).expect("well-formed");
        koma_rules::dispatch!(variant, V => Position::<V>::from_setup(&setup).err())
    };
    let s = VariantKind::Shogi;
    assert_eq!(
        err(s, "9/9/9/9/9/9/9/9/K8 b - 1"),
        Some(SetupError::MissingKing(Color::White))
    );
    assert_eq!(
        err(s, "k8/9/9/9/9/9/9/9/K7K b - 1"),
        Some(SetupError::TooManyKings(Color::Black))
    );
    assert_eq!(
        err(s, "k8/9/9/9/4P4/9/4P4/9/K8 b - 1"),
        Some(SetupError::TooManyPawnsOnFile(Color::Black, 5))
    );
    assert_eq!(
        err(s, "k3P4/9/9/9/9/9/9/9/K8 b - 1"),
        Some(SetupError::DeadPiece(Square::new(5, 1).unwrap()))
    );
    assert_eq!(
        err(s, "k8/9/9/9/9/9/9/4n4/K8 b - 1"),
        Some(SetupError::DeadPiece(Square::new(5, 8).unwrap()))
    );
    assert_eq!(
        err(s, "k8/9/9/9/R8/9/9/9/K8 b - 1"),
        Some(SetupError::OpponentInCheck)
    );
    assert_eq!(
        err(s, "k8/9/9/9/9/9/9/9/K8 b 3R 1"),
        Some(SetupError::TooManyPieces(Role::Rook))
    );
    assert_eq!(
        err(s, "k8/9/9/9/9/9/9/9/K8 b 19P 1"),
        Some(SetupError::TooManyPieces(Role::Pawn))
    );
    assert_eq!(
        err(VariantKind::Tori, "k6/7/7/7/7/7/6K b 17S 1"),
        Some(SetupError::TooManyPieces(Role::Swallow))
    );
    // Side to move in check is fine; kingless sides only where allowed.
    assert_eq!(err(s, "k8/9/9/9/9/9/9/9/K7r b - 1"), None);
    let tsume = sfen::parse_setup(s, "4k4/9/4P4/9/9/9/9/9/9 b G 1").expect("well-formed");
    assert!(Position::<Shogi>::from_setup(&tsume).is_err());
    let p = Position::<Shogi>::from_setup_kingless(&tsume).expect("a tsume position");
    assert!(p.legal_moves().len() > 10);
    let mut off = Setup::empty();
    off.set(
        Square::new(8, 8).unwrap(),
        Some(koma_rules::Piece::new(Color::Black, Role::King)),
    );
    off.set(
        Square::new(1, 1).unwrap(),
        Some(koma_rules::Piece::new(Color::White, Role::King)),
    );
    assert!(matches!(
        Position::<Tori>::from_setup(&off),
        Err(SetupError::OffBoard(..))
    ));
    assert_eq!(err(s, "k8/9/9/9/9/9/9/9/K8 b - 1"), None);
}

#[test]
fn handicaps_remove_gotes_pieces_and_gote_moves_first() {
    let expected = [
        (
            Handicap::Lance,
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::RightLance,
            "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::Bishop,
            "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::Rook,
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::RookLance,
            "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::TwoPiece,
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::ThreePiece,
            "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::FourPiece,
            "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::FivePiece,
            "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::LeftFivePiece,
            "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::SixPiece,
            "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::LeftSevenPiece,
            "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::RightSevenPiece,
            "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::EightPiece,
            "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::TenPiece,
            "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::ThreePawns,
            "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1",
        ),
        (
            Handicap::NakedKing,
            "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            Handicap::ToriLeftQuail,
            "rpckcp1/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR w - 1",
        ),
        (
            Handicap::ToriFalcon,
            "rpckcpl/7/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR w - 1",
        ),
        (
            Handicap::ToriFalconLeftQuail,
            "rpckcp1/7/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR w - 1",
        ),
        (
            Handicap::ToriFalconBothQuails,
            "1pckcp1/7/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR w - 1",
        ),
    ];
    for (h, text) in expected {
        let variant = if Handicap::TORI.contains(&h) {
            VariantKind::Tori
        } else {
            VariantKind::Shogi
        };
        let p = variant
            .handicap(h)
            .unwrap_or_else(|| panic!("{h:?} is valid"));
        assert_eq!(sfen::write_any(&p), text, "{h:?}");
        assert_eq!(Handicap::from_name(h.name()), Some(h));
        assert_eq!(Handicap::from_name(h.japanese()), Some(h));
    }
    assert_eq!(
        sfen::write_any(&VariantKind::Shogi.handicap(Handicap::Even).unwrap()),
        START
    );
    assert!(VariantKind::Tori.handicap(Handicap::Lance).is_none());
}

#[test]
fn move_encoding_round_trips() {
    for m in koma_rules::all_encodings() {
        assert_eq!(Move::from_bits(m.bits()), Some(m));
    }
    let m = Move::normal(Square::new(8, 8).unwrap(), Square::new(2, 2).unwrap(), true);
    assert_eq!(
        (m.from(), m.to().to_string(), m.is_promotion()),
        (Square::new(8, 8), "2b".into(), true)
    );
    let d = Move::drop(Role::Gold, Square::new(5, 2).unwrap());
    assert_eq!(
        (d.from(), d.drop_role(), d.is_promotion()),
        (None, Some(Role::Gold), false)
    );
    assert!(Move::from_bits(0xffff).is_none());
}

#[test]
fn a_null_move_passes_the_turn_and_keeps_the_hash_consistent() {
    let mut p: Position<Shogi> =
        pos("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    let before = p;
    p.play_null();
    assert_eq!(p.side_to_move(), !before.side_to_move());
    assert_eq!(p.key(), p.compute_key());
    assert_ne!(p.key(), before.key());
    assert!(!p.in_check());
    p.play_null();
    assert_eq!(p.key(), before.key());
}
