//! Furigoma (振り駒): the toss of five pawns that decides who is sente.
//!
//! A player (traditionally on behalf of the senior one) shakes five pawns and throws them.
//! If more land unpromoted side up (歩, *fu*), the senior player is sente; if more land
//! promoted side up (と, *tokin*), the other player is. Five pawns never tie. A pawn that
//! lands on its edge or on another piece is re-thrown in practice; this module only models
//! the faces that count.
//!
//! The toss here is seeded, so that a server can record the seed and anyone can replay it:
//!
//! ```
//! use koma_game::furigoma::Toss;
//!
//! let toss = Toss::from_seed(2024);
//! assert_eq!(toss, Toss::from_seed(2024)); // the same seed, the same toss, everywhere
//! assert_eq!(toss.senior_is_sente(), toss.pawns() > toss.tokins());
//! println!("{toss}"); // e.g. "歩 と 歩 歩 と: 3 歩 to 2 と, the senior player is sente"
//! ```

use koma_rules::Role;
use koma_rules::pieces::info_of;
use std::fmt;

/// The face a tossed pawn shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// Unpromoted side up (歩).
    Pawn,
    /// Promoted side up (と, tokin).
    Tokin,
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let role = match self {
            Face::Pawn => Role::Pawn,
            Face::Tokin => Role::Tokin,
        };
        write!(f, "{}", info_of(role).face.glyph)
    }
}

/// The five faces of one furigoma toss.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Toss {
    /// The faces, in the order the pawns were drawn.
    pub faces: [Face; 5],
}

impl Toss {
    /// A toss with these faces (to record a toss made with real pieces).
    pub const fn from_faces(faces: [Face; 5]) -> Toss {
        Toss { faces }
    }

    /// The toss for `seed`: the same on every platform and in every version of this crate.
    /// Each pawn is one draw of [`SplitMix64`], tokin when the draw's top bit is set.
    pub fn from_seed(seed: u64) -> Toss {
        let mut rng = SplitMix64::new(seed);
        let faces = std::array::from_fn(|_| {
            if rng.next_u64() >> 63 == 1 {
                Face::Tokin
            } else {
                Face::Pawn
            }
        });
        Toss { faces }
    }

    /// How many pawns show 歩.
    pub fn pawns(&self) -> usize {
        self.faces.iter().filter(|&&f| f == Face::Pawn).count()
    }

    /// How many pawns show と.
    pub fn tokins(&self) -> usize {
        self.faces.len() - self.pawns()
    }

    /// Whether the senior player is sente: more 歩 than と.
    pub fn senior_is_sente(&self) -> bool {
        self.pawns() > self.tokins()
    }
}

impl fmt::Display for Toss {
    /// The faces and the verdict: `歩 と 歩 歩 と: 3 歩 to 2 と, the senior player is sente`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.faces.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{face}")?;
        }
        let verdict = if self.senior_is_sente() {
            "the senior player is sente"
        } else {
            "the junior player is sente"
        };
        write!(
            f,
            ": {} {} to {} {}, {verdict}",
            self.pawns(),
            Face::Pawn,
            self.tokins(),
            Face::Tokin
        )
    }
}

pub use koma_rules::rng::SplitMix64;

#[cfg(test)]
mod tests {
    use super::Face::{Pawn, Tokin};
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference() {
        // Outputs of the reference C implementation for seed 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
    }

    #[test]
    fn a_seed_always_gives_the_same_toss() {
        for seed in [0, 1, 42, u64::MAX] {
            assert_eq!(Toss::from_seed(seed), Toss::from_seed(seed));
        }
        // Pinned so that a change to the generator cannot go unnoticed.
        assert_eq!(Toss::from_seed(0).faces, [Tokin, Pawn, Pawn, Tokin, Pawn]);
    }

    #[test]
    fn both_outcomes_occur() {
        let sente = (0..1000)
            .filter(|&seed| Toss::from_seed(seed).senior_is_sente())
            .count();
        // A fair toss: about half each way.
        assert!((400..=600).contains(&sente), "{sente} of 1000");
    }

    #[test]
    fn the_majority_decides() {
        let cases = [
            ([Pawn, Pawn, Pawn, Pawn, Pawn], true),
            ([Tokin, Tokin, Tokin, Tokin, Tokin], false),
            ([Pawn, Tokin, Pawn, Pawn, Tokin], true),
            ([Tokin, Pawn, Tokin, Pawn, Tokin], false),
            ([Tokin, Tokin, Pawn, Pawn, Pawn], true),
            ([Pawn, Pawn, Tokin, Tokin, Tokin], false),
        ];
        for (faces, senior_sente) in cases {
            let toss = Toss::from_faces(faces);
            assert_eq!(toss.pawns() + toss.tokins(), 5);
            assert_eq!(toss.senior_is_sente(), senior_sente, "{toss}");
        }
    }

    #[test]
    fn display_shows_faces_and_verdict() {
        let toss = Toss::from_faces([Pawn, Tokin, Pawn, Pawn, Tokin]);
        assert_eq!(
            toss.to_string(),
            "歩 と 歩 歩 と: 3 歩 to 2 と, the senior player is sente"
        );
        let toss = Toss::from_faces([Tokin, Tokin, Pawn, Tokin, Tokin]);
        assert_eq!(
            toss.to_string(),
            "と と 歩 と と: 1 歩 to 4 と, the junior player is sente"
        );
    }
}
