//! Kinds of pieces (roles) of every variant, and pieces (a role with a colour).

use crate::Color;

/// A kind of piece. One enum serves every variant; each variant uses its own subset.
///
/// The royal piece is [`Role::King`] in every variant (the phoenix 鵬 of Tori Shogi).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// Pawn 歩.
    Pawn = 0,
    /// Lance 香.
    Lance = 1,
    /// Knight 桂.
    Knight = 2,
    /// Silver general 銀.
    Silver = 3,
    /// Bishop 角.
    Bishop = 4,
    /// Rook 飛.
    Rook = 5,
    /// Gold general 金.
    Gold = 6,
    /// King 玉/王; the phoenix 鵬 in Tori Shogi.
    King = 7,
    /// Promoted pawn と (tokin).
    Tokin = 8,
    /// Promoted lance 成香.
    PromotedLance = 9,
    /// Promoted knight 成桂.
    PromotedKnight = 10,
    /// Promoted silver 成銀.
    PromotedSilver = 11,
    /// Horse 馬 (promoted bishop).
    Horse = 12,
    /// Dragon 龍 (promoted rook).
    Dragon = 13,
    /// Tori: swallow 燕.
    Swallow = 14,
    /// Tori: falcon 鷹.
    Falcon = 15,
    /// Tori: crane 鶴.
    Crane = 16,
    /// Tori: pheasant 雉.
    Pheasant = 17,
    /// Tori: left quail 左鶉.
    LeftQuail = 18,
    /// Tori: right quail 右鶉.
    RightQuail = 19,
    /// Tori: goose 鴈 (promoted swallow).
    Goose = 20,
    /// Tori: eagle 鵰 (promoted falcon).
    Eagle = 21,
    /// Dōbutsu: giraffe キリン (one step orthogonally).
    Giraffe = 22,
    /// Dōbutsu: elephant ゾウ (one step diagonally).
    Elephant = 23,
    /// Chu: go-between 仲人.
    GoBetween = 24,
    /// Chu: copper general 銅将.
    Copper = 25,
    /// Chu: ferocious leopard 猛豹.
    Leopard = 26,
    /// Chu: blind tiger 盲虎.
    BlindTiger = 27,
    /// Chu: drunk elephant 酔象.
    DrunkElephant = 28,
    /// Chu: kirin 麒麟.
    Kirin = 29,
    /// Chu: phoenix 鳳凰.
    Phoenix = 30,
    /// Chu: reverse chariot 反車.
    ReverseChariot = 31,
    /// Chu: side mover 横行.
    SideMover = 32,
    /// Chu: vertical mover 竪行.
    VerticalMover = 33,
    /// Chu: free king 奔王 (lishogi's queen).
    FreeKing = 34,
    /// Chu: lion 獅子, which moves twice in a turn.
    Lion = 35,
    /// Chu: dragon horse 龍馬 (moves as shogi's horse, and promotes).
    DragonHorse = 36,
    /// Chu: dragon king 龍王 (moves as shogi's dragon, and promotes).
    DragonKing = 37,
    /// Chu: crown prince 太子 (promoted drunk elephant), a second royal.
    Prince = 38,
    /// Chu: flying stag 飛鹿 (promoted blind tiger).
    FlyingStag = 39,
    /// Chu: white horse 白駒 (promoted lance).
    WhiteHorse = 40,
    /// Chu: whale 鯨鯢 (promoted reverse chariot).
    Whale = 41,
    /// Chu: free boar 奔猪 (promoted side mover).
    FreeBoar = 42,
    /// Chu: flying ox 飛牛 (promoted vertical mover).
    FlyingOx = 43,
    /// Chu: horned falcon 角鷹 (promoted dragon horse).
    HornedFalcon = 44,
    /// Chu: soaring eagle 飛鷲 (promoted dragon king).
    SoaringEagle = 45,
    /// Chu: promoted go-between, a drunk elephant that cannot promote.
    PromotedGoBetween = 46,
    /// Chu: promoted copper, a side mover that cannot promote.
    PromotedCopper = 47,
    /// Chu: promoted silver, a vertical mover that cannot promote.
    ChuPromotedSilver = 48,
    /// Chu: promoted gold, a rook that cannot promote.
    ChuPromotedGold = 49,
    /// Chu: promoted leopard, a bishop that cannot promote.
    PromotedLeopard = 50,
    /// Chu: promoted kirin, a lion (in the lion-trading rules too).
    PromotedKirin = 51,
    /// Chu: promoted phoenix, a free king that cannot promote.
    PromotedPhoenix = 52,
}

impl Role {
    /// Number of roles over all variants.
    pub const COUNT: usize = 53;

    /// Every role in discriminant order.
    pub const ALL: [Role; Role::COUNT] = [
        Role::Pawn,
        Role::Lance,
        Role::Knight,
        Role::Silver,
        Role::Bishop,
        Role::Rook,
        Role::Gold,
        Role::King,
        Role::Tokin,
        Role::PromotedLance,
        Role::PromotedKnight,
        Role::PromotedSilver,
        Role::Horse,
        Role::Dragon,
        Role::Swallow,
        Role::Falcon,
        Role::Crane,
        Role::Pheasant,
        Role::LeftQuail,
        Role::RightQuail,
        Role::Goose,
        Role::Eagle,
        Role::Giraffe,
        Role::Elephant,
        Role::GoBetween,
        Role::Copper,
        Role::Leopard,
        Role::BlindTiger,
        Role::DrunkElephant,
        Role::Kirin,
        Role::Phoenix,
        Role::ReverseChariot,
        Role::SideMover,
        Role::VerticalMover,
        Role::FreeKing,
        Role::Lion,
        Role::DragonHorse,
        Role::DragonKing,
        Role::Prince,
        Role::FlyingStag,
        Role::WhiteHorse,
        Role::Whale,
        Role::FreeBoar,
        Role::FlyingOx,
        Role::HornedFalcon,
        Role::SoaringEagle,
        Role::PromotedGoBetween,
        Role::PromotedCopper,
        Role::ChuPromotedSilver,
        Role::ChuPromotedGold,
        Role::PromotedLeopard,
        Role::PromotedKirin,
        Role::PromotedPhoenix,
    ];

    /// The index of the role (its discriminant).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with discriminant `i`, if any.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < Role::COUNT {
            Some(Role::ALL[i])
        } else {
            None
        }
    }

    /// What this role becomes when it promotes the usual way, if it can (the piece table's
    /// [`crate::pieces::RoleInfo::promotes_to`]; Kyoto's flips are its own rule).
    #[inline]
    pub const fn promoted(self) -> Option<Role> {
        PROMOTED[self as usize]
    }

    /// The unpromoted role (itself when not promoted): what a capture puts in hand.
    #[inline]
    pub const fn unpromoted(self) -> Role {
        UNPROMOTED[self as usize]
    }

    /// Whether this is a promoted role.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self.unpromoted() as u8 != self as u8
    }

    /// The slot of this role in a [`crate::Hand`] (0..8), for roles that can be held.
    ///
    /// Slots are shared between variants: a variant never holds roles of another one.
    #[inline]
    pub const fn hand_slot(self) -> Option<usize> {
        HAND_SLOT[self as usize]
    }
}

/// The hand slot of every role, from the piece table (a small table for the hot path).
const HAND_SLOT: [Option<usize>; Role::COUNT] = {
    let mut t = [None; Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        if let Some(slot) = crate::pieces::ROLES[i].hand_slot {
            t[i] = Some(slot as usize);
        }
        i += 1;
    }
    t
};

/// The promoted form of every role, from the piece table (a small table for the hot path).
const PROMOTED: [Option<Role>; Role::COUNT] = {
    let mut t = [None; Role::COUNT];
    let mut i = 0;
    while i < Role::COUNT {
        t[i] = crate::pieces::ROLES[i].promotes_to;
        i += 1;
    }
    t
};

/// The unpromoted form of every role, inverted from the piece table's promotions.
const UNPROMOTED: [Role; Role::COUNT] = {
    let mut t = Role::ALL;
    let mut i = 0;
    while i < Role::COUNT {
        if let Some(p) = crate::pieces::ROLES[i].promotes_to {
            t[p as usize] = Role::ALL[i];
        }
        i += 1;
    }
    t
};

/// A piece: a role and its owner, packed in one non-zero byte (`role * 2 + color + 1`),
/// so that `Option<Piece>` is one byte too.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece(core::num::NonZeroU8);

impl Piece {
    /// Number of distinct piece codes.
    pub const COUNT: usize = Role::COUNT * 2;

    /// The piece of `color` with `role`.
    #[inline(always)]
    pub const fn new(color: Color, role: Role) -> Piece {
        match core::num::NonZeroU8::new(((role as u8) << 1 | color as u8) + 1) {
            Some(code) => Piece(code),
            None => unreachable!(),
        }
    }

    /// Its owner.
    #[inline(always)]
    pub const fn color(self) -> Color {
        if (self.0.get() - 1) & 1 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Its role.
    #[inline(always)]
    pub const fn role(self) -> Role {
        Role::ALL[((self.0.get() - 1) >> 1) as usize]
    }

    /// A dense index 0..[`Piece::COUNT`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}
