//! Named start positions: the even game and the handicaps (駒落ち) of shogi and its
//! family. The small variants' handicaps are lishogi's (scalashogi's `Handicap.scala`).

use crate::{Color, Hand, Role, Setup, Square, Variant, VariantKind};

/// A named start position. In a handicap game gote (上手, the stronger player) gives the
/// pieces and moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// Even game 平手.
    Even,
    /// Lance 香落ち (gote's left lance, 1a).
    Lance,
    /// Right lance 右香落ち (9a).
    RightLance,
    /// Bishop 角落ち.
    Bishop,
    /// Rook 飛車落ち.
    Rook,
    /// Rook and lance 飛香落ち.
    RookLance,
    /// Two pieces 二枚落ち (rook and bishop).
    TwoPiece,
    /// Three pieces 三枚落ち (two-piece and the left lance).
    ThreePiece,
    /// Four pieces 四枚落ち (two-piece and both lances).
    FourPiece,
    /// Five pieces 五枚落ち (four-piece and the right knight, 8a).
    FivePiece,
    /// Left five pieces 左五枚落ち (four-piece and the left knight, 2a).
    LeftFivePiece,
    /// Six pieces 六枚落ち (four-piece and both knights).
    SixPiece,
    /// Left seven pieces 左七枚落ち (six-piece and the left silver, 3a).
    LeftSevenPiece,
    /// Right seven pieces 右七枚落ち (six-piece and the right silver, 7a).
    RightSevenPiece,
    /// Eight pieces 八枚落ち (six-piece and both silvers).
    EightPiece,
    /// Ten pieces 十枚落ち (king and pawns only).
    TenPiece,
    /// Three pawns 歩三兵: gote has only the king and three pawns in hand.
    ThreePawns,
    /// Naked king 裸玉: gote has only the king.
    NakedKing,
    /// Tori: gote's left quail removed.
    ToriLeftQuail,
    /// Tori: gote's falcon removed.
    ToriFalcon,
    /// Tori: gote's falcon and left quail removed.
    ToriFalconLeftQuail,
    /// Tori: gote's falcon and both quails removed.
    ToriFalconBothQuails,
    /// Minishogi: gote's bishop removed (角落ち).
    MiniBishop,
    /// Minishogi: gote's rook removed (飛車落ち).
    MiniRook,
    /// Minishogi: gote's rook and bishop removed (二枚落ち).
    MiniTwoPiece,
    /// Minishogi: two-piece and the silver (三枚落ち).
    MiniThreePiece,
    /// Minishogi: three-piece and the gold: king and pawn (四枚落ち).
    MiniFourPiece,
    /// Kyoto: gote's tokin removed (と落ち).
    KyotoTokin,
    /// Kyoto: gote's silver removed (銀落ち).
    KyotoSilver,
    /// Kyoto: gote's pawn removed (歩落ち).
    KyotoPawn,
    /// Kyoto: gote's gold removed (金落ち).
    KyotoGold,
    /// Kyoto: gote's pawn and tokin removed (二枚落ち).
    KyotoTwoPiece,
    /// Kyoto: two-piece and the silver (三枚落ち).
    KyotoThreePiece,
    /// Kyoto: gote has only the king (裸玉).
    KyotoNakedKing,
    /// Dōbutsu: gote's chick removed (ひよこ落ち).
    DobutsuChick,
}

impl Handicap {
    /// Every shogi start position, even game first.
    pub const SHOGI: [Handicap; 18] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPiece,
        Handicap::ThreePiece,
        Handicap::FourPiece,
        Handicap::FivePiece,
        Handicap::LeftFivePiece,
        Handicap::SixPiece,
        Handicap::LeftSevenPiece,
        Handicap::RightSevenPiece,
        Handicap::EightPiece,
        Handicap::TenPiece,
        Handicap::ThreePawns,
        Handicap::NakedKing,
    ];

    /// Every Tori start position, even game first.
    pub const TORI: [Handicap; 5] = [
        Handicap::Even,
        Handicap::ToriLeftQuail,
        Handicap::ToriFalcon,
        Handicap::ToriFalconLeftQuail,
        Handicap::ToriFalconBothQuails,
    ];

    /// Every minishogi start position, even game first.
    pub const MINISHOGI: [Handicap; 6] = [
        Handicap::Even,
        Handicap::MiniBishop,
        Handicap::MiniRook,
        Handicap::MiniTwoPiece,
        Handicap::MiniThreePiece,
        Handicap::MiniFourPiece,
    ];

    /// Every Kyoto start position, even game first.
    pub const KYOTO: [Handicap; 8] = [
        Handicap::Even,
        Handicap::KyotoTokin,
        Handicap::KyotoSilver,
        Handicap::KyotoPawn,
        Handicap::KyotoGold,
        Handicap::KyotoTwoPiece,
        Handicap::KyotoThreePiece,
        Handicap::KyotoNakedKing,
    ];

    /// Every Dōbutsu start position, even game first.
    pub const DOBUTSU: [Handicap; 2] = [Handicap::Even, Handicap::DobutsuChick];

    /// A stable English name (`even`, `lance`, `two-piece`, `tori-falcon`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Handicap::Even => "even",
            Handicap::Lance => "lance",
            Handicap::RightLance => "right-lance",
            Handicap::Bishop => "bishop",
            Handicap::Rook => "rook",
            Handicap::RookLance => "rook-lance",
            Handicap::TwoPiece => "two-piece",
            Handicap::ThreePiece => "three-piece",
            Handicap::FourPiece => "four-piece",
            Handicap::FivePiece => "five-piece",
            Handicap::LeftFivePiece => "left-five-piece",
            Handicap::SixPiece => "six-piece",
            Handicap::LeftSevenPiece => "left-seven-piece",
            Handicap::RightSevenPiece => "right-seven-piece",
            Handicap::EightPiece => "eight-piece",
            Handicap::TenPiece => "ten-piece",
            Handicap::ThreePawns => "three-pawns",
            Handicap::NakedKing => "naked-king",
            Handicap::ToriLeftQuail => "tori-left-quail",
            Handicap::ToriFalcon => "tori-falcon",
            Handicap::ToriFalconLeftQuail => "tori-falcon-left-quail",
            Handicap::ToriFalconBothQuails => "tori-falcon-both-quails",
            Handicap::MiniBishop => "mini-bishop",
            Handicap::MiniRook => "mini-rook",
            Handicap::MiniTwoPiece => "mini-two-piece",
            Handicap::MiniThreePiece => "mini-three-piece",
            Handicap::MiniFourPiece => "mini-four-piece",
            Handicap::KyotoTokin => "kyoto-tokin",
            Handicap::KyotoSilver => "kyoto-silver",
            Handicap::KyotoPawn => "kyoto-pawn",
            Handicap::KyotoGold => "kyoto-gold",
            Handicap::KyotoTwoPiece => "kyoto-two-piece",
            Handicap::KyotoThreePiece => "kyoto-three-piece",
            Handicap::KyotoNakedKing => "kyoto-naked-king",
            Handicap::DobutsuChick => "dobutsu-chick",
        }
    }

    /// The Japanese name as KIF's 手合割 writes it (Tori names are descriptive).
    pub const fn japanese(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPiece => "二枚落ち",
            Handicap::ThreePiece => "三枚落ち",
            Handicap::FourPiece => "四枚落ち",
            Handicap::FivePiece => "五枚落ち",
            Handicap::LeftFivePiece => "左五枚落ち",
            Handicap::SixPiece => "六枚落ち",
            Handicap::LeftSevenPiece => "左七枚落ち",
            Handicap::RightSevenPiece => "右七枚落ち",
            Handicap::EightPiece => "八枚落ち",
            Handicap::TenPiece => "十枚落ち",
            Handicap::ThreePawns => "歩三兵",
            Handicap::NakedKing => "裸玉",
            Handicap::ToriLeftQuail => "左鶉落ち",
            Handicap::ToriFalcon => "鷹落ち",
            Handicap::ToriFalconLeftQuail => "鷹左鶉落ち",
            Handicap::ToriFalconBothQuails => "鷹両鶉落ち",
            Handicap::MiniBishop => "角落ち",
            Handicap::MiniRook => "飛車落ち",
            Handicap::MiniTwoPiece | Handicap::KyotoTwoPiece => "二枚落ち",
            Handicap::MiniThreePiece | Handicap::KyotoThreePiece => "三枚落ち",
            Handicap::MiniFourPiece => "四枚落ち",
            Handicap::KyotoTokin => "と落ち",
            Handicap::KyotoSilver => "銀落ち",
            Handicap::KyotoPawn => "歩落ち",
            Handicap::KyotoGold => "金落ち",
            Handicap::KyotoNakedKing => "裸玉",
            Handicap::DobutsuChick => "ひよこ落ち",
        }
    }

    /// The handicap called `name` (English name as [`Handicap::name`] gives, or Japanese;
    /// a Japanese name several variants use is shogi's, then the next variant's in the
    /// registry's order: see [`Handicap::named`]).
    pub fn from_name(name: &str) -> Option<Handicap> {
        VariantKind::ALL
            .into_iter()
            .find_map(|kind| Handicap::named(kind, name))
    }

    /// The start position of `variant` called `name` (English or Japanese).
    pub fn named(variant: VariantKind, name: &str) -> Option<Handicap> {
        Handicap::of(variant)
            .iter()
            .copied()
            .find(|h| h.name() == name || h.japanese() == name)
    }

    /// The variant this handicap belongs to (`None` for the even game, every variant's).
    pub fn variant(self) -> Option<VariantKind> {
        if self == Handicap::Even {
            return None;
        }
        VariantKind::ALL
            .into_iter()
            .find(|&kind| Handicap::of(kind).contains(&self))
    }

    /// Whether this start position belongs to variant `V`.
    pub fn is_for<V: Variant>(self) -> bool {
        Handicap::of(V::KIND).contains(&self)
    }

    /// The named start positions of `variant`, the even game first.
    pub fn of(variant: VariantKind) -> &'static [Handicap] {
        match variant {
            VariantKind::Tori => &Handicap::TORI,
            VariantKind::Shogi => &Handicap::SHOGI,
            VariantKind::Minishogi => &Handicap::MINISHOGI,
            VariantKind::Kyoto => &Handicap::KYOTO,
            VariantKind::Dobutsu => &Handicap::DOBUTSU,
        }
    }

    /// Gote's squares emptied by this handicap, as (file, rank).
    fn removed(self) -> &'static [(u8, u8)] {
        const ROOK: (u8, u8) = (8, 2);
        const BISHOP: (u8, u8) = (2, 2);
        const TWO: [(u8, u8); 2] = [ROOK, BISHOP];
        match self {
            Handicap::Even | Handicap::ThreePawns | Handicap::NakedKing => &[],
            Handicap::Lance => &[(1, 1)],
            Handicap::RightLance => &[(9, 1)],
            Handicap::Bishop => &[BISHOP],
            Handicap::Rook => &[ROOK],
            Handicap::RookLance => &[ROOK, (1, 1)],
            Handicap::TwoPiece => &TWO,
            Handicap::ThreePiece => &[ROOK, BISHOP, (1, 1)],
            Handicap::FourPiece => &[ROOK, BISHOP, (1, 1), (9, 1)],
            Handicap::FivePiece => &[ROOK, BISHOP, (1, 1), (9, 1), (8, 1)],
            Handicap::LeftFivePiece => &[ROOK, BISHOP, (1, 1), (9, 1), (2, 1)],
            Handicap::SixPiece => &[ROOK, BISHOP, (1, 1), (9, 1), (2, 1), (8, 1)],
            Handicap::LeftSevenPiece => &[ROOK, BISHOP, (1, 1), (9, 1), (2, 1), (8, 1), (3, 1)],
            Handicap::RightSevenPiece => &[ROOK, BISHOP, (1, 1), (9, 1), (2, 1), (8, 1), (7, 1)],
            Handicap::EightPiece => &[ROOK, BISHOP, (1, 1), (9, 1), (2, 1), (8, 1), (3, 1), (7, 1)],
            Handicap::TenPiece => &[
                ROOK,
                BISHOP,
                (1, 1),
                (9, 1),
                (2, 1),
                (8, 1),
                (3, 1),
                (7, 1),
                (4, 1),
                (6, 1),
            ],
            Handicap::ToriLeftQuail => &[(1, 1)],
            Handicap::ToriFalcon => &[(4, 2)],
            Handicap::ToriFalconLeftQuail => &[(4, 2), (1, 1)],
            Handicap::ToriFalconBothQuails => &[(4, 2), (1, 1), (7, 1)],
            // Minishogi's gote: rook 5a, bishop 4a, silver 3a, gold 2a.
            Handicap::MiniBishop => &[(4, 1)],
            Handicap::MiniRook => &[(5, 1)],
            Handicap::MiniTwoPiece => &[(5, 1), (4, 1)],
            Handicap::MiniThreePiece => &[(5, 1), (4, 1), (3, 1)],
            Handicap::MiniFourPiece => &[(5, 1), (4, 1), (3, 1), (2, 1)],
            // Kyoto's gote: pawn 5a, gold 4a, silver 2a, tokin 1a.
            Handicap::KyotoTokin => &[(1, 1)],
            Handicap::KyotoSilver => &[(2, 1)],
            Handicap::KyotoPawn => &[(5, 1)],
            Handicap::KyotoGold => &[(4, 1)],
            Handicap::KyotoTwoPiece => &[(5, 1), (1, 1)],
            Handicap::KyotoThreePiece => &[(5, 1), (2, 1), (1, 1)],
            Handicap::KyotoNakedKing => &[(5, 1), (4, 1), (2, 1), (1, 1)],
            // Dōbutsu's gote chick, 2b.
            Handicap::DobutsuChick => &[(2, 2)],
        }
    }

    /// The start position: for a handicap, gote's pieces removed and gote to move.
    pub fn setup(self) -> Setup {
        let kind = self.variant().unwrap_or(VariantKind::Shogi);
        let mut setup = kind.startpos().to_setup();
        if self == Handicap::Even {
            return setup;
        }
        setup.side = Color::White;
        for &(file, rank) in self.removed() {
            setup.set(Square::new(file, rank).expect("on the board"), None);
        }
        if matches!(self, Handicap::ThreePawns | Handicap::NakedKing) {
            for sq in Square::all() {
                if setup
                    .get(sq)
                    .is_some_and(|p| p.color() == Color::White && p.role() != Role::King)
                {
                    setup.set(sq, None);
                }
            }
            if self == Handicap::ThreePawns {
                let mut hand = Hand::EMPTY;
                hand.set(Role::Pawn, 3);
                setup.hands[Color::White.index()] = hand;
            }
        }
        setup
    }

    /// The start position of this handicap for variant `V` (the even game of `V` for `Even`).
    pub fn setup_for<V: Variant>(self) -> Option<Setup> {
        if !self.is_for::<V>() {
            return None;
        }
        Some(if self == Handicap::Even {
            V::start()
        } else {
            self.setup()
        })
    }
}
