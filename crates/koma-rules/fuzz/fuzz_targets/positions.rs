//! The rules on positions built from fuzz bytes: pieces of one set (shogi or Tori) placed
//! on the board or in hand where the bytes say, validated by the normal setup path
//! (`position`, or `position_lenient` when the strict one refuses), then a walk of moves
//! the bytes pick. At the start and after every move of the walk:
//!
//! - the incremental hash equals the hash computed from scratch;
//! - the position re-validates from its setup to itself, with the same checks and pins;
//! - every generated move is legal by `is_legal`, and after it the mover's king cannot be
//!   taken (the setup validation, which refuses a side not to move in check, accepts it);
//! - playing it then taking it back restores the position, hash, checks and pins exactly,
//!   and its hash after the move equals the hash recomputed;
//! - `count_legal` agrees with the list, and a move encoding the bytes pick is played by
//!   `play` exactly when it is in the list (an illegal one leaves the position as it was).
//!
//! At the start also every move encoding is tried: each one `is_legal` accepts is generated.
#![no_main]

use koma_notation::sfen;
use koma_rules::variants::{Shogi, Tori};
use koma_rules::{
    AnyPosition, Color, Move, Piece, Position, Role, Setup, SetupError, Square, Variant,
    VariantKind, all_encodings,
};
use libfuzzer_sys::arbitrary::{self, Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;

/// The most moves walked from the position built.
const MAX_PLIES: usize = 32;

/// A setup of one variant built from the bytes, and the bytes that pick the walk.
struct Input {
    variant: VariantKind,
    setup: Setup,
    walk: Vec<(u8, u16)>,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = sfen::write_setup(self.variant, &self.setup);
        write!(f, "{} {text:?} walk {:?}", self.variant.name(), self.walk)
    }
}

impl<'a> Arbitrary<'a> for Input {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Input> {
        let (variant, setup) = if u.arbitrary()? {
            (VariantKind::Tori, setup::<Tori>(u)?)
        } else {
            (VariantKind::Shogi, setup::<Shogi>(u)?)
        };
        Ok(Input {
            variant,
            setup,
            walk: u.arbitrary()?,
        })
    }
}

fn color(u: &mut Unstructured) -> arbitrary::Result<Color> {
    Ok(if u.arbitrary()? {
        Color::White
    } else {
        Color::Black
    })
}

/// Kings (usually both), then some of the other pieces of one set, each on an empty square
/// of `V`'s board (promoted or not) or in a hand, for either side.
fn setup<V: Variant>(u: &mut Unstructured) -> arbitrary::Result<Setup> {
    let mut setup = Setup::empty();
    setup.side = color(u)?;
    setup.ply = u.int_in_range(1..=600)?;
    let mut empty: Vec<Square> = Square::all().filter(|sq| V::BOARD.contains(*sq)).collect();
    let start = V::start();
    let mut bag: Vec<Role> = Square::all()
        .filter_map(|sq| start.get(sq))
        .map(|p| p.role())
        .filter(|r| *r != Role::King)
        .collect();
    for c in Color::ALL {
        if u.ratio(15, 16)? {
            let sq = empty.swap_remove(u.choose_index(empty.len())?);
            setup.set(sq, Some(Piece::new(c, Role::King)));
        }
    }
    let pieces = u.int_in_range(0..=bag.len())?;
    for _ in 0..pieces {
        let role = bag.swap_remove(u.choose_index(bag.len())?);
        let side = color(u)?;
        if u.ratio(1, 4)? && V::HAND_ROLES.contains(&role) {
            setup.hands[side.index()].add(role);
        } else {
            let sq = empty.swap_remove(u.choose_index(empty.len())?);
            let role = match role.promoted() {
                Some(p) if V::BOARD_ROLES.contains(&p) && u.ratio(1, 3)? => p,
                _ => role,
            };
            setup.set(sq, Some(Piece::new(side, role)));
        }
    }
    Ok(setup)
}

fn same<V: Variant>(a: &Position<V>, b: &Position<V>, what: &str) {
    let at = || sfen::write(b);
    assert_eq!(a, b, "{what} in {}", at());
    assert_eq!(a.key(), b.key(), "{what}: hash in {}", at());
    assert_eq!(a.checkers(), b.checkers(), "{what}: checkers in {}", at());
    assert_eq!(a.pinned(), b.pinned(), "{what}: pins in {}", at());
}

/// The position validated anew from its setup (leniently: a lenient start stays lenient).
fn revalidated<V: Variant>(pos: &Position<V>) -> Result<Position<V>, SetupError> {
    Position::<V>::from_setup_lenient(&pos.to_setup())
}

fn check_position<V: Variant>(pos: &Position<V>, probe: u16) {
    let at = || sfen::write(pos);
    assert_eq!(pos.key(), pos.compute_key(), "incremental hash in {}", at());
    let again = revalidated(pos).expect("a position re-validates");
    same(&again, pos, "re-validated");

    let moves = pos.legal_moves();
    assert_eq!(
        pos.count_legal(),
        moves.len() as u64,
        "count_legal in {}",
        at()
    );
    let mut p = *pos;
    for &m in moves.iter() {
        assert_eq!(
            pos.is_legal(m),
            Ok(()),
            "generated {m:?} is legal in {}",
            at()
        );
        let undo = p.play_undoable(m);
        assert_eq!(p.key(), p.compute_key(), "hash after {m:?} in {}", at());
        let fresh = revalidated(&p)
            .unwrap_or_else(|e| panic!("after {m:?} in {} the position is refused: {e}", at()));
        same(&fresh, &p, "checks and pins after the move");
        assert_eq!(p, pos.after(m), "after {m:?} in {}", at());
        p.unplay(m, undo);
        same(&p, pos, "unplay");
    }

    if let Some(m) = Move::from_bits(probe) {
        let mut q = *pos;
        match q.play(m) {
            Ok(()) => assert!(
                moves.contains(&m),
                "{m:?} plays but is not generated in {}",
                at()
            ),
            Err(_) => {
                assert!(
                    !moves.contains(&m),
                    "{m:?} is generated but refused in {}",
                    at()
                );
                same(&q, pos, "an illegal move changes nothing");
            }
        }
    }
}

fn check_every_encoding<V: Variant>(pos: &Position<V>) {
    let mut generated: Vec<u16> = pos.legal_moves().iter().map(|m| m.bits()).collect();
    generated.sort_unstable();
    for m in all_encodings() {
        if pos.is_legal(m).is_ok() {
            assert!(
                generated.binary_search(&m.bits()).is_ok(),
                "legal {m:?} not generated in {}",
                sfen::write(pos)
            );
        }
    }
}

fn walk<V: Variant>(mut pos: Position<V>, walk: &[(u8, u16)]) {
    check_every_encoding(&pos);
    check_position(&pos, 0);
    for &(pick, probe) in walk.iter().take(MAX_PLIES) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[usize::from(pick) % moves.len()];
        let mut checked = pos;
        checked.play(m).expect("a generated move plays");
        pos.play_unchecked(m);
        same(&checked, &pos, "play and play_unchecked");
        check_position(&pos, probe);
    }
}

fuzz_target!(|input: Input| {
    let v = input.variant;
    let Ok(pos) = v
        .position(&input.setup)
        .or_else(|_| v.position_lenient(&input.setup))
    else {
        return;
    };
    match pos {
        AnyPosition::Shogi(p) => walk(p, &input.walk),
        AnyPosition::Tori(p) => walk(p, &input.walk),
    }
});
