//! `GameKind`: every game koma plays, the 9x9 frame's variants and Chu shogi on its own
//! frame, as one run-time value for the layers that offer a choice (USI, CLI, server).

use crate::VariantKind;

/// A game koma plays: a variant of the registry ([`VariantKind`], the 9x9 frame) or Chu
/// shogi ([`crate::chu`], the 12x12 frame).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// A variant of the 9x9 frame.
    Family(VariantKind),
    /// Chu shogi (中将棋).
    Chu,
}

/// Chu's name on the command line, in `USI_Variant` and at lishogi.
pub const CHU_NAME: &str = "chushogi";

impl GameKind {
    /// How many games there are.
    pub const COUNT: usize = VariantKind::COUNT + 1;

    /// Every game: the registry's variants in order, then Chu.
    pub const ALL: [GameKind; GameKind::COUNT] = {
        let mut all = [GameKind::Chu; GameKind::COUNT];
        let mut i = 0;
        while i < VariantKind::COUNT {
            all[i] = GameKind::Family(VariantKind::ALL[i]);
            i += 1;
        }
        all
    };

    /// The name used on the command line, in `USI_Variant` and by lishogi.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Family(v) => v.name(),
            GameKind::Chu => CHU_NAME,
        }
    }

    /// The game's name for people.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Family(v) => v.title(),
            GameKind::Chu => "Chu shogi (中将棋)",
        }
    }

    /// The game called `name` or one of its other names.
    pub fn from_name(name: &str) -> Option<GameKind> {
        if let Some(v) = VariantKind::from_name(name) {
            return Some(GameKind::Family(v));
        }
        match name.to_ascii_lowercase().as_str() {
            CHU_NAME | "chu" | "chuushogi" => Some(GameKind::Chu),
            _ => None,
        }
    }

    /// Every game's name, comma separated (for messages that list what is known).
    pub fn known_names() -> alloc::string::String {
        GameKind::ALL.map(GameKind::name).join(", ")
    }

    /// The registry's variant, unless this is Chu.
    pub const fn family(self) -> Option<VariantKind> {
        match self {
            GameKind::Family(v) => Some(v),
            GameKind::Chu => None,
        }
    }
}

impl From<VariantKind> for GameKind {
    fn from(v: VariantKind) -> GameKind {
        GameKind::Family(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_back_from_its_name() {
        for g in GameKind::ALL {
            assert_eq!(GameKind::from_name(g.name()), Some(g));
        }
        assert_eq!(GameKind::from_name("Chu"), Some(GameKind::Chu));
        assert_eq!(GameKind::from_name("chess"), None);
        assert!(GameKind::known_names().ends_with("dobutsu, chushogi"));
    }
}
