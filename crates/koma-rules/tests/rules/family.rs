//! Rules of the small variants that the perft lines alone do not name: how Dōbutsu's game
//! ends (lion taken, try made) and how such a final position reads.

use koma_notation::{sfen, usi};
use koma_rules::{Color, SetupError, VariantKind};

const DOBUTSU: VariantKind = VariantKind::Dobutsu;

/// Found by the family oracle (`examples/family_oracle.rs`): the position after a lion is
/// taken was refused as lacking a king, though lishogi and Fairy-Stockfish read it (it is
/// the last position of every game won by taking the lion).
#[test]
fn the_position_after_the_lion_is_taken_reads_and_has_no_moves() {
    let taken = sfen::parse_position(DOBUTSU, "b1r/1K1/3/R1B w 2p 10").unwrap();
    assert!(taken.is_decided());
    assert_eq!(taken.winner(), Some(Some(Color::Black)));
    assert!(taken.legal_moves().is_empty());
    assert_eq!(taken.perft(2), 0);
    // Only the side to move can have lost its lion: the other side moved last.
    let e = sfen::parse_position(DOBUTSU, "b1r/1K1/3/R1B b 2p 10").unwrap_err();
    assert_eq!(
        e.kind,
        sfen::SfenErrorKind::Illegal(SetupError::MissingKing(Color::White))
    );
    // Elsewhere a king is still required.
    assert!(sfen::parse_position(VariantKind::Minishogi, "4k/5/5/5/5 w - 2").is_err());
}

#[test]
fn a_lion_on_the_far_rank_wins_only_if_it_is_not_attacked_there() {
    let made = sfen::parse_position(DOBUTSU, "1K1/3/2k/3 w - 10").unwrap();
    assert_eq!(made.winner(), Some(Some(Color::Black)));
    assert!(made.legal_moves().is_empty());
    // The giraffe on 1a attacks 2a: the try is not made, and gote may take the lion.
    let mut attacked = sfen::parse_position(DOBUTSU, "1Kr/3/2k/3 w - 10").unwrap();
    assert_eq!(attacked.winner(), None);
    attacked
        .play(usi::parse_move(DOBUTSU, "1a2a").unwrap())
        .unwrap();
    assert_eq!(attacked.winner(), Some(Some(Color::White)));
    assert!(attacked.legal_moves().is_empty());
}
