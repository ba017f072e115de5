//! Mate in one, told check by check mostly without playing the check: the king takes a
//! checker next to him that nothing guards, or steps to a square nothing guards once the
//! check stands. What a move changes of the guards around the king it changes through the
//! moving piece and the two squares whose occupancy it changes, so the guards of each
//! square next to the king are asked once per position and most checks are told from them.
//! A check that leaves the king no square is played, and mates when no reply is left.

use koma_rules::{
    Bitboard, CheckSquares, Move, MoveKind, Position, Promotion, Role, Square, Variant, attacks,
    covers, empty_board_attacks, is_slider,
    tables::{BOXES, RAYS, between, line},
};

/// How near a check comes to mating, as far as [`KingRoom::verdict`] looks: the later
/// the step that finds a way out, the nearer.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Verdict {
    /// Illegal, or the king takes the checker.
    Taken,
    /// A piece from the king's hand blocks it.
    Blocked,
    /// The king steps away.
    Flight,
    /// Every square is covered, and still a reply is left (a piece takes or blocks).
    Answered,
    /// Mate.
    Mate,
}

/// A move of the side to move of `pos` that mates at once. The checkers and pins of `pos`
/// need not be worked out (after `Position::play_undoable_deferring_checks`).
pub(super) fn mate_in_one<V: Variant>(pos: &Position<V>) -> Option<Move> {
    if V::ROYAL_CAPTURE {
        // The royal is taken, not mated: by the definition, for the rare caller.
        return pos.legal_moves().iter().copied().find(|&m| {
            let after = pos.after(m);
            after.in_check() && after.has_no_moves()
        });
    }
    let checks = CheckSquares::new(pos)?;
    let room = KingRoom::new(pos, checks.discoverers())?;
    // A pawn dropped with check never mates: such a drop is no legal move.
    let pawn_drops = !V::NO_PAWN_DROP_MATE;
    each_check(pos, &checks, pawn_drops, &mut MateFinder { pos, room })
}

/// The [`Visitor`] of [`mate_in_one`]: stops at a check that mates, and skips the drops
/// that cannot.
struct MateFinder<'a, V: Variant> {
    pos: &'a Position<V>,
    room: KingRoom,
}

impl<V: Variant> Visitor for MateFinder<'_, V> {
    #[inline]
    fn hopeless_drops(&mut self) -> Bitboard {
        self.room.hopeless_drops()
    }

    #[inline]
    fn visit(&mut self, m: Move, role: Role) -> bool {
        self.room.mates(self.pos, m, role)
    }

    #[inline]
    fn mates_only(&self) -> bool {
        true
    }
}

/// Where [`each_check`] hands the checks it lists.
trait Visitor {
    /// Squares where a drop is known not to mate: drops there are not handed on.
    #[inline]
    fn hopeless_drops(&mut self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// Takes `m` (a check if legal) arriving as `role`; true stops the listing.
    fn visit(&mut self, m: Move, role: Role) -> bool;

    /// Whether the visitor looks for a mate and nothing else: then a move is not handed on
    /// where the same move promoting, legal and no weaker, has been and did not stop it.
    #[inline]
    fn mates_only(&self) -> bool {
        false
    }
}

impl<F: FnMut(Move, Role) -> bool> Visitor for F {
    #[inline]
    fn visit(&mut self, m: Move, role: Role) -> bool {
        self(m, role)
    }
}

/// The first check of the side to move of `pos` that mates, or else every check ordered
/// nearest to mating first (by [`Verdict`], ties kept in the order they are found): the
/// order a deeper search tries them in. Empty when there is no check.
pub(super) fn ranked_checks<V: Variant>(pos: &Position<V>) -> Result<Move, Vec<Check>> {
    if V::ROYAL_CAPTURE {
        // The royal is taken, not mated: mates are told by playing, the checks unranked.
        let checks = pos.moves(MoveKind::Checks);
        return mate_in_one(pos).ok_or_else(|| {
            checks
                .iter()
                .map(|&m| Check {
                    m,
                    escape: None,
                    verdict: Verdict::Answered,
                })
                .collect()
        });
    }
    let Some(squares) = CheckSquares::new(pos) else {
        return Err(Vec::new());
    };
    let Some(mut room) = KingRoom::new(pos, squares.discoverers()) else {
        return Err(Vec::new());
    };
    let mut ranked = Vec::new();
    let mut rank = |m: Move, role: Role| {
        let (verdict, escape) = room.verdict(pos, m, role);
        if ranked.is_empty() {
            // One allocation for most lists, not one per doubling from four.
            ranked.reserve(16);
        }
        ranked.push(Check { m, escape, verdict });
        verdict == Verdict::Mate
    };
    let mate = if pos.in_check() {
        // A check must answer the check too: rare here, so the generator lists them.
        let checks = pos.moves(MoveKind::Checks);
        checks
            .iter()
            .copied()
            .find(|&m| pos.arriving_role(m).is_some_and(|role| rank(m, role)))
    } else {
        each_check(pos, &squares, true, &mut |m, role| {
            pos.is_legal_within_reach(m).is_ok() && rank(m, role)
        })
    };
    if let Some(m) = mate {
        return Ok(m);
    }
    ranked.sort_by_key(|check| core::cmp::Reverse(check.verdict));
    Err(ranked)
}

/// A check of a position, with the square the enemy king steps to out of it where
/// [`KingRoom::verdict`] found one (a square nothing guards once the check stands).
#[derive(Clone, Copy, Debug)]
pub(super) struct Check {
    /// The move.
    pub(super) m: Move,
    /// Where the king gets away, if that was seen.
    pub(super) escape: Option<Square>,
    /// How near it comes to mating.
    verdict: Verdict,
}

/// Hands `visit` every move of the side to move of `pos` that checks if it is legal, with
/// the role it arrives as, until `visit` says stop (returns true): that move is returned.
/// Moves first, by role, each promoted and then as it is; then drops (pawns' only with
/// `pawn_drops`, none onto the visitor's hopeless squares). Legality is the visitor's to
/// ask.
fn each_check<V: Variant>(
    pos: &Position<V>,
    checks: &CheckSquares<'_, V>,
    pawn_drops: bool,
    visit: &mut impl Visitor,
) -> Option<Move> {
    // Each role's code is compiled on its own, with the role a constant: its moves, reach
    // and promotion fold into table lookups instead of a branch on the role for each.
    macro_rules! by_role {
        ($($i:literal)*) => {
            $(
                if let Some(m) = moves_of::<V, $i>(pos, checks, visit) {
                    return Some(m);
                }
            )*
            $(
                if let Some(m) = drops_of::<V, $i>(pos, checks, pawn_drops, visit) {
                    return Some(m);
                }
            )*
        };
    }
    const _: () = assert!(koma_rules::pieces::FRAME9_ROLES == 24, "one index per role");
    by_role!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23);
    None
}

/// A slot for each square next to a square of the 9x9 frame, by the index of the square
/// less its neighbour's, plus 10 (files are 9 indices apart): the eight of -10, -9, -8,
/// -1, 1, 8, 9 and 10. No other index is asked; the table has 32 entries so that an
/// index masked to five bits is always in it (a mask is one instruction, `% 21` five).
const NEXT_TO: [u8; 32] = {
    let mut slots = [u8::MAX; 32];
    let offsets = [0, 1, 2, 9, 11, 18, 19, 20];
    let mut i = 0;
    while i < offsets.len() {
        slots[offsets[i]] = i as u8;
        i += 1;
    }
    slots
};

/// The `i`th of `roles`, if it has that many: evaluated at compile time for a role index
/// of [`each_check`]'s unrolled loops.
const fn nth(roles: &[Role], i: usize) -> Option<Role> {
    if i < roles.len() {
        Some(roles[i])
    } else {
        None
    }
}

/// [`each_check`]'s drops of the `I`th role of the variant's hand (none past the last).
#[inline(always)]
fn drops_of<V: Variant, const I: usize>(
    pos: &Position<V>,
    checks: &CheckSquares<'_, V>,
    pawn_drops: bool,
    visit: &mut impl Visitor,
) -> Option<Move> {
    let held = const { nth(V::HAND_ROLES, I) }?;
    if pos.hand(pos.side_to_move()).count(held) == 0 || (held == V::PAWN && !pawn_drops) {
        return None;
    }
    let empty = V::BOARD & !pos.occupied() & !visit.hopeless_drops();
    for role in [Some(held), flipped_face::<V>(held)].into_iter().flatten() {
        for to in checks.drop_mask(role) & empty {
            let m = Move::drop(role, to);
            if visit.visit(m, role) {
                return Some(m);
            }
        }
    }
    None
}

/// [`each_check`]'s moves of the pieces of the `I`th role the variant has on the board
/// (none past the last), promoted and as they are.
#[inline(always)]
fn moves_of<V: Variant, const I: usize>(
    pos: &Position<V>,
    checks: &CheckSquares<'_, V>,
    visit: &mut impl Visitor,
) -> Option<Move> {
    let role = const { nth(V::BOARD_ROLES, I) }?;
    let us = pos.side_to_move();
    let pieces = pos.pieces(us, role);
    if pieces.is_empty() {
        return None;
    }
    let from_set = pieces & checks.origins(role);
    if from_set.is_empty() {
        return None;
    }
    // Where the role checks from, and its promoted role: the same for every piece that
    // opens no line by leaving (`mask_given`).
    let promoted = V::promote(role);
    let direct = checks.drop_mask(role);
    let direct_promoted = match promoted {
        Some(p) => checks.drop_mask(p),
        None => Bitboard::EMPTY,
    };
    let occ = pos.occupied();
    let ours = pos.color_bb(us);
    // Where a piece that opens no line by leaving checks from, as it is or promoted.
    let targets = direct | direct_promoted;
    for from in from_set {
        // A slider (most stand far from the king) whose lines, even on an empty board,
        // meet none of those squares cannot check, unless leaving opens a line: it is not
        // slid along the board.
        if is_slider(role)
            && !V::LINE_JUMPERS
            && !checks.discoverers().contains(from)
            && !targets.contains(from)
            && (empty_board_attacks(role, us, from) & targets).is_empty()
        {
            continue;
        }
        let dests = attacks(role, us, from, occ) & V::BOARD & !ours;
        let mut plain = dests & checks.mask_given(from, role, direct);
        // Promoted first: where both check, the promoted piece more often mates.
        if let Some(promoted) = promoted {
            let promoting = dests & checks.mask_given(from, promoted, direct_promoted);
            for to in promoting {
                let m = Move::normal(from, to, true);
                if visit.visit(m, promoted) {
                    return Some(m);
                }
            }
            // A promoted rook, bishop or pawn attacks all it did and more: where it did
            // not mate (a legal promotion: from or into the zone), the piece as it is
            // cannot either (the same squares taken and left, fewer guarded).
            if covers(promoted, role) && !V::LINE_JUMPERS && visit.mates_only() {
                let zone = V::ZONE[us.index()];
                plain &= !if zone.contains(from) {
                    promoting
                } else {
                    promoting & zone
                };
            }
        }
        for to in plain {
            let m = Move::normal(from, to, false);
            if visit.visit(m, role) {
                return Some(m);
            }
        }
    }
    None
}

/// The enemy king's neighbourhood before the side to move plays: the squares he may step
/// onto, and which of our pieces guard each (asked once per square, when first needed).
struct KingRoom {
    ksq: Square,
    /// The board without the enemy king (a slider's attack runs on past him).
    occ: Bitboard,
    /// Where the king steps: empty squares and ours.
    steps: Bitboard,
    /// The king's steps whatever stands on them (a piece of his that we take is ours then).
    reach: Bitboard,
    /// Our pieces that attack along lines: the only ones a move can uncover or a piece
    /// standing between can block.
    sliders: Bitboard,
    /// Our pieces that uncover a check when they leave the line to the king.
    discoverers: Bitboard,
    /// The squares where a piece in the king's hand (a pawn aside) may be dropped: a check
    /// from afar that is no double check is blocked there.
    blocks: Bitboard,
    /// Squares on a line from the king past a neighbour in `blocks`: a check from there
    /// that is no double check is blocked next to him. Worked out when first asked.
    far_blocked: Option<Bitboard>,
    /// The squares whose guards are asked already.
    known: Bitboard,
    /// The squares next to the king that no piece of ours attacks.
    unguarded: Bitboard,
    /// The squares next to the king that two pieces of ours or more attack.
    twice: Bitboard,
    /// Whether `unguarded` and `twice` are worked out (when first asked).
    counted: bool,
    /// The guards of each square next to the king, at its [`NEXT_TO`] slot.
    guards: [Bitboard; 8],
}

impl KingRoom {
    /// The enemy king's room in `pos`, with `discoverers` from its [`CheckSquares`]; `None`
    /// without that king. Always inlined, so that it is built in the caller's frame:
    /// called, the 304 bytes it returned were copied at every call (4% of the instructions
    /// of a mate in three over the shared middle-game positions, counted by callgrind).
    #[inline(always)]
    fn new<V: Variant>(pos: &Position<V>, discoverers: Bitboard) -> Option<Self> {
        let us = pos.side_to_move();
        let them = !us;
        let ksq = pos.king(them)?;
        let occ = pos.occupied().without(ksq);
        let reach = attacks(Role::King, them, ksq, occ) & V::BOARD;
        let mut sliders = Bitboard::EMPTY;
        for &role in V::BOARD_ROLES {
            if is_slider(role) {
                sliders |= pos.pieces(us, role);
            }
        }
        let mut blocks = Bitboard::EMPTY;
        if !V::LINE_JUMPERS {
            let hand = pos.hand(them);
            for &held in V::HAND_ROLES {
                if held != V::PAWN && hand.count(held) > 0 {
                    blocks |= V::BOARD & !V::dead_squares(held, them);
                }
            }
        }
        Some(KingRoom {
            ksq,
            occ,
            steps: reach & !pos.color_bb(them),
            reach,
            sliders,
            discoverers,
            blocks,
            far_blocked: None,
            known: Bitboard::EMPTY,
            unguarded: Bitboard::EMPTY,
            twice: Bitboard::EMPTY,
            counted: false,
            guards: [Bitboard::EMPTY; 8],
        })
    }

    /// Squares where a drop is known not to mate: next to the king with nothing of ours
    /// guarding it (he takes the piece), or where a piece from his hand blocks the check.
    #[inline]
    fn hopeless_drops(&mut self) -> Bitboard {
        let far_blocked = *self.far_blocked.get_or_insert_with(|| {
            let mut far = Bitboard::EMPTY;
            if self.blocks.any() {
                for ray in RAYS.iter().map(|rays| rays[self.ksq.index()]) {
                    let next = ray & self.reach;
                    if (next & self.blocks).any() {
                        far |= ray & !next;
                    }
                }
            }
            far
        });
        (self.reach & self.unguarded) | far_blocked
    }

    /// Works out which squares next to the king our pieces attack, once and twice: from
    /// the pieces within three steps of him (a knight jumps two ranks) and the sliders
    /// whose lines on an empty board come there.
    #[inline]
    fn count_guards<V: Variant>(&mut self, pos: &Position<V>) {
        if self.counted {
            return;
        }
        self.counted = true;
        let us = pos.side_to_move();
        let mut once = Bitboard::EMPTY;
        let mut twice = Bitboard::EMPTY;
        for sq in pos.color_bb(us) & (BOXES[3][self.ksq.index()] | self.sliders) {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let role = piece.role();
            if is_slider(role) && (empty_board_attacks(role, us, sq) & self.reach).is_empty() {
                continue;
            }
            let a = attacks(role, us, sq, self.occ) & self.reach;
            twice |= once & a;
            once |= a;
        }
        self.unguarded = self.reach & !once;
        self.twice = twice;
    }

    /// Our pieces attacking `sq` (next to the king) before the move.
    #[inline]
    fn guards<V: Variant>(&mut self, pos: &Position<V>, sq: Square) -> Bitboard {
        let slot = NEXT_TO[(sq.index() + 10).wrapping_sub(self.ksq.index()) & 31] as usize;
        if !self.known.contains(sq) {
            self.known = self.known.with(sq);
            self.guards[slot] = V::attackers_to(pos, sq, pos.side_to_move(), self.occ);
            debug_assert_eq!(self.guards[slot].is_empty(), self.unguarded.contains(sq));
        }
        self.guards[slot]
    }

    /// Whether `m` (a move of the position's pieces, arriving as `role`, which checks if it
    /// is legal) is legal and mates.
    #[inline]
    fn mates<V: Variant>(&mut self, pos: &Position<V>, m: Move, role: Role) -> bool {
        self.verdict(pos, m, role).0 == Verdict::Mate
    }

    /// How far `m` (as for [`KingRoom::mates`]) comes to mating, and where the king steps
    /// out of the check when that is how he gets away (a square nothing guards once the
    /// check stands: `Taken` and `Flight` of a legal move).
    fn verdict<V: Variant>(
        &mut self,
        pos: &Position<V>,
        m: Move,
        role: Role,
    ) -> (Verdict, Option<Square>) {
        self.count_guards(pos);
        let us = pos.side_to_move();
        let to = m.to();
        let from = m.from();
        let left = from.map_or(Bitboard::EMPTY, Bitboard::from_square);
        let occ = (self.occ & !left).with(to);
        // Whether a piece of ours guards `sq` once the move is played (the mover aside).
        let exact = |sq: Square| (V::attackers_to(pos, sq, us, occ) & !left).any();
        // Only a slider seen past the square the mover left can guard a square anew.
        let sliders = self.sliders & !left;
        let uncovers = |sq: Square| from.is_some_and(|from| (line(sq, from) & sliders).any());
        // A move that uncovers a check may check twice: then no block helps.
        let double = || {
            from.is_some_and(|from| {
                self.discoverers.contains(from) && !line(self.ksq, from).contains(to)
            })
        };
        if self.reach.contains(to) {
            // The king takes a checker next to him that nothing guards: the commonest reply.
            // A piece moved there attacked it: two guards are one besides it.
            let guarded = match from {
                Some(_) => self.twice.contains(to),
                None => !self.unguarded.contains(to),
            } || (uncovers(to) && exact(to));
            debug_assert!(
                from.is_none() || self.twice.contains(to) == (self.guards(pos, to) & !left).any(),
                "the mover is one of the guards counted"
            );
            if !guarded {
                return (Verdict::Taken, Some(to));
            }
        } else if (between(self.ksq, to) & self.blocks).any() && !double() {
            // A check from afar, and no double check: a piece from the king's hand blocks it.
            return (Verdict::Blocked, None);
        }
        let mover = attacks(role, us, to, occ);
        let squares = self.steps.without(to) & !mover;
        // The squares already known to have no guard first: one the move uncovers nothing
        // onto, or nothing that reaches it, is a way out. (Past here every square the king
        // could step to is guarded: the tail below counts on it.)
        if let Some(sq) = Iterator::find(&mut (squares & self.unguarded).into_iter(), |&sq| {
            !uncovers(sq) || !exact(sq)
        }) {
            return (Verdict::Flight, Some(sq));
        }
        for sq in squares & !self.unguarded {
            if self.twice.contains(sq) && line(sq, to).is_empty() {
                // One guard besides the mover at least, and the mover blocks none.
                continue;
            }
            let guards = self.guards(pos, sq) & !left;
            let guarded = if guards.is_empty() {
                uncovers(sq) && exact(sq)
            } else if (guards & !self.sliders).any() || line(sq, to).is_empty() {
                // A guard that steps, or nothing new between the square and a guard.
                true
            } else {
                // Unless the mover now stands between each guard and the square.
                Iterator::any(&mut guards.into_iter(), |g| !between(sq, g).contains(to))
                    || exact(sq)
            };
            if !guarded {
                return (Verdict::Flight, Some(sq));
            }
        }
        // The position's checkers and pins may not be worked out yet (a search's leaf):
        // whether the move leaves our king in check is asked of the board after it.
        if pos.is_placed_legally(m).is_err() {
            return (Verdict::Taken, None);
        }
        let mut after = *pos;
        let _ = after.play_undoable_unkeyed(m);
        if after.king_capturable() {
            return (Verdict::Taken, None);
        }
        after.refresh_checks();
        let checkers = after.checkers();
        let mated = if checkers.is_empty() {
            false
        } else if checkers == Bitboard::from_square(to)
            && !V::LINE_JUMPERS
            && (self.reach.contains(to) || line(self.ksq, to).is_empty())
        {
            // The mover alone checks, next to the king or by a jump: nothing comes between,
            // the king has no square (above), and a piece pinned to him cannot reach a
            // checker beside him. Only an unpinned piece taking the checker answers it.
            let takers = V::attackers_to(&after, to, !us, after.occupied()).without(self.ksq);
            (takers & !after.pinned()).is_empty()
        } else {
            after.has_no_moves()
        };
        let verdict = if !mated {
            Verdict::Answered
        } else if V::NO_PAWN_DROP_MATE && m.drop_role() == Some(V::PAWN) {
            // A pawn dropped to mate is no legal move.
            Verdict::Taken
        } else {
            Verdict::Mate
        };
        (verdict, None)
    }
}

/// The other face a piece in hand may be dropped with, where every piece turns over
/// (Kyoto).
fn flipped_face<V: Variant>(held: Role) -> Option<Role> {
    match V::PROMOTION {
        Promotion::Flip => V::promote(held),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::sharp_game;
    use super::*;
    use koma_notation::sfen;
    use koma_rules::rng::SplitMix64;
    use koma_rules::variants::Shogi;

    fn mate(text: &str) -> Option<Move> {
        let pos: Position<Shogi> = sfen::parse(text).expect("test SFEN");
        let found = mate_in_one(&pos);
        // Against the definition: a legal move after which the king is checked and has no move.
        let plain = pos.legal_moves().iter().any(|&m| {
            let after = pos.after(m);
            after.in_check() && after.has_no_moves()
        });
        assert_eq!(found.is_some(), plain, "{text}");
        found
    }

    /// Along random games ([`sharp_game`]), the legal moves `each_check` hands on are the
    /// generator's checks, each once, wherever the side to move is not in check.
    fn each_check_lists_the_checks<V: Variant>(games: u64) -> usize {
        let mut rng = SplitMix64::new(0xc4ec + games);
        let mut seen = 0;
        for _ in 0..games {
            for pos in sharp_game::<V>(&mut rng, 200) {
                let (false, Some(squares)) = (pos.in_check(), CheckSquares::new(&pos)) else {
                    continue;
                };
                let mut listed = Vec::new();
                each_check(&pos, &squares, true, &mut |m, role| {
                    if pos.is_legal(m).is_ok() {
                        assert_eq!(pos.arriving_role(m), Some(role), "{m:?}");
                        listed.push(m);
                    }
                    false
                });
                listed.sort();
                let mut generated = pos.moves(MoveKind::Checks).to_vec();
                generated.sort();
                assert_eq!(listed, generated, "{} {}", V::NAME, sfen::write(&pos));
                seen += listed.len();
            }
        }
        seen
    }

    /// Along random games ending in mates ([`sharp_game`]), every check's verdict is Mate
    /// exactly when the check leaves no legal reply.
    fn verdicts_tell_mates<V: Variant>(games: u64) -> usize {
        let mut rng = SplitMix64::new(0x3a7e + games);
        let mut mates = 0;
        for _ in 0..games {
            for pos in sharp_game::<V>(&mut rng, 300) {
                let squares = CheckSquares::new(&pos).expect("a king");
                let mut room = KingRoom::new(&pos, squares.discoverers()).expect("a king");
                for &m in pos.moves(MoveKind::Checks).iter() {
                    let role = pos.arriving_role(m).expect("a piece");
                    let mated = pos.after(m).legal_moves().is_empty();
                    let (verdict, _) = room.verdict(&pos, m, role);
                    assert_eq!(
                        verdict == Verdict::Mate,
                        mated,
                        "{} {} {m:?}",
                        V::NAME,
                        sfen::write(&pos)
                    );
                    mates += usize::from(mated);
                }
            }
        }
        mates
    }

    #[test]
    fn a_checks_verdict_is_mate_exactly_when_no_reply_is_left() {
        use koma_rules::variants::{Kyoto, Minishogi, Tori};
        let mates = [
            verdicts_tell_mates::<Shogi>(40),
            verdicts_tell_mates::<Minishogi>(60),
            verdicts_tell_mates::<Kyoto>(60),
            verdicts_tell_mates::<Tori>(40),
        ];
        assert!(mates.iter().all(|&n| n > 5), "{mates:?}");
    }

    #[test]
    fn every_check_is_listed_once_in_every_variant() {
        use koma_rules::variants::{Kyoto, Minishogi, Tori};
        let seen = [
            each_check_lists_the_checks::<Shogi>(20),
            each_check_lists_the_checks::<Minishogi>(30),
            each_check_lists_the_checks::<Kyoto>(30),
            each_check_lists_the_checks::<Tori>(20),
        ];
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
    }

    #[test]
    fn a_check_from_afar_is_blocked_by_a_piece_in_hand() {
        // R*1c (or 1d, 1e...) mates a king in the corner whose own lance holds 2a...
        assert!(mate("7lk/9/6G2/9/9/9/9/9/4K4 b R 1").is_some());
        // ...unless he holds a gold to drop in between; R*1b he takes.
        assert_eq!(mate("7lk/9/6G2/9/9/9/9/9/4K4 b Rg 1"), None);
    }

    #[test]
    fn a_double_check_is_not_blocked() {
        // S1c-2b checks, and uncovers the rook on 1i: nothing he holds helps (S1c-1b, the
        // rook guarding it, mates too).
        assert!(mate("7lk/9/6G1S/9/9/9/9/9/4K3R b g 1").is_some());
        // Without the rook the king steps to 1b, or takes on 1b.
        assert_eq!(mate("7lk/9/6G1S/9/9/9/9/9/4K4 b g 1"), None);
    }

    #[test]
    fn the_king_takes_an_unguarded_checker_and_a_guarded_one_mates() {
        // G*2b is taken; with a pawn on 2c guarding 2b it mates (1b is the gold's, and the
        // bishop on 2a does not reach 2b).
        assert_eq!(mate("7bk/9/9/9/9/9/9/9/4K4 b G 1"), None);
        assert!(mate("7bk/9/7P1/9/9/9/9/9/4K4 b G 1").is_some());
    }
}
