//! The evaluation's numbers, indexed by `Role::index` (the roles of every variant share one
//! table since they are distinct). The pieces' worth is the piece table's
//! ([`koma_rules::pieces`]); the rest are first guesses, to be tuned by matches.

use koma_rules::Role;
use koma_rules::pieces::ROLES;

/// A piece's worth on the board, in centipawns: the piece table's
/// ([`koma_rules::pieces::RoleInfo::value`]).
pub const PIECE_VALUE: [i32; Role::COUNT] = {
    let mut table = [0; Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        table[i] = ROLES[i].value;
        i += 1;
    }
    table
};

/// A piece's worth in hand: the piece table's ([`koma_rules::pieces::RoleInfo::hand_value`]),
/// a little more than on the board for the pieces whose drops make threats anywhere.
pub const HAND_VALUE: [i32; Role::COUNT] = {
    let mut table = [0; Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        table[i] = ROLES[i].hand_value;
        i += 1;
    }
    table
};

const fn near(values: [i32; 4]) -> [i32; 9] {
    [values[0], values[1], values[2], values[3], 0, 0, 0, 0, 0]
}

const fn by_distance(pairs: &[(Role, [i32; 4])]) -> [[i32; 9]; Role::COUNT] {
    let mut table = [[0; 9]; Role::COUNT];
    let mut i = 0;
    while i < pairs.len() {
        table[pairs[i].0 as usize] = near(pairs[i].1);
        i += 1;
    }
    table
}

/// A bonus for a piece at a distance (0..8) from its own king: the castle's defenders.
pub const DEFENCE: [[i32; 9]; Role::COUNT] = by_distance(&[
    (Role::Gold, [0, 35, 20, 5]),
    (Role::Silver, [0, 30, 20, 5]),
    (Role::Tokin, [0, 25, 15, 5]),
    (Role::PromotedLance, [0, 25, 15, 5]),
    (Role::PromotedKnight, [0, 25, 15, 5]),
    (Role::PromotedSilver, [0, 25, 15, 5]),
    (Role::Knight, [0, 5, 10, 5]),
    (Role::Lance, [0, 5, 5, 0]),
    (Role::Crane, [0, 30, 15, 5]),
    (Role::Falcon, [0, 20, 10, 0]),
    (Role::Pheasant, [0, 10, 5, 0]),
    (Role::LeftQuail, [0, 10, 5, 0]),
    (Role::RightQuail, [0, 10, 5, 0]),
]);

/// A bonus for a piece at a distance (0..8) from the enemy king: the attackers.
pub const ATTACK: [[i32; 9]; Role::COUNT] = by_distance(&[
    (Role::Gold, [0, 45, 25, 10]),
    (Role::Silver, [0, 40, 25, 10]),
    (Role::Tokin, [0, 50, 30, 10]),
    (Role::PromotedLance, [0, 45, 25, 10]),
    (Role::PromotedKnight, [0, 45, 25, 10]),
    (Role::PromotedSilver, [0, 45, 25, 10]),
    (Role::Knight, [0, 10, 30, 15]),
    (Role::Pawn, [0, 20, 10, 0]),
    (Role::Horse, [0, 60, 40, 20]),
    (Role::Dragon, [0, 70, 45, 25]),
    (Role::Rook, [0, 20, 20, 10]),
    (Role::Bishop, [0, 15, 15, 10]),
    (Role::Goose, [0, 40, 30, 10]),
    (Role::Eagle, [0, 70, 45, 25]),
    (Role::Falcon, [0, 50, 30, 10]),
    (Role::Swallow, [0, 25, 10, 0]),
    (Role::Crane, [0, 30, 15, 5]),
]);

/// Every number of the evaluation, so that a tuner can vary them (`examples/tune.rs`);
/// the engine evaluates with [`PARAMS`].
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// A piece's worth on the board.
    pub piece: [i32; Role::COUNT],
    /// A piece's worth in hand.
    pub hand: [i32; Role::COUNT],
    /// Bonus by distance from the own king; zero from four steps on (a king move's
    /// [`board_delta`](super::board_delta) looks only at the pieces within three steps).
    pub defence: [[i32; 9]; Role::COUNT],
    /// Bonus by distance from the enemy king; zero from four steps on, likewise.
    pub attack: [[i32; 9]; Role::COUNT],
    /// King danger units, in halves: per enemy attack on a square next to the king, per
    /// such square no other own piece defends, and per empty square times enemy pieces in
    /// hand (each capped at 4).
    pub units: [i32; 3],
    /// The penalty for `u` danger units is `min(u * u * danger_square / 10, danger_cap)`.
    pub danger_square: i32,
    /// The largest danger penalty.
    pub danger_cap: i32,
    /// The worth of attacking a square one, two, three and four or more king steps from
    /// the own king (the last for all farther squares).
    pub control_own: [i32; 5],
    /// The worth of attacking a square at those distances from the enemy king.
    pub control_their: [i32; 5],
    /// In percent: how much of that worth the first, second, third and fourth attacker of
    /// a square adds.
    pub control_multi: [i32; 4],
    /// In percent of its worth: the cost of a piece (not a pawn) an enemy pawn attacks.
    pub threat_pawn: i32,
    /// In percent of its worth: the cost of a piece the enemy attacks and no own piece
    /// defends.
    pub threat_loose: i32,
}

/// The numbers the engine plays with.
pub static PARAMS: Params = Params {
    piece: PIECE_VALUE,
    hand: HAND_VALUE,
    defence: DEFENCE,
    attack: ATTACK,
    units: [4, 6, 1],
    danger_square: 30,
    danger_cap: 1500,
    control_own: [15, 10, 8, 6, 4],
    control_their: [21, 14, 11, 9, 6],
    control_multi: [100, 75, 50, 50],
    threat_pawn: 35,
    threat_loose: 20,
};

impl Params {
    /// The king-danger penalty for `units` units.
    pub fn danger(&self, units: i32) -> i32 {
        (units * units * self.danger_square / 10).min(self.danger_cap)
    }
}
