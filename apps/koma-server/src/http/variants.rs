//! `GET /api/variants`: every variant and its pieces as the rules know them (board size,
//! promotion, zones, hand order, each piece's letters, names, kanji and moves), so that the
//! page draws and moves pieces from koma-rules' one table instead of a copy of its own.

use axum::Json;
use axum::Router;
use axum::routing::get;
use koma_game::RuleSet;
use koma_notation::formats::{self, Format};
use koma_notation::record::Header;
use koma_notation::sfen;
use koma_rules::chu;
use koma_rules::pieces::{Face, Look, info_of};
use koma_rules::{
    Color, GameKind, Handicap, Promotion, Role, Square, Variant, VariantKind, dispatch,
};
use serde::Serialize;
use std::sync::OnceLock;

/// The answer: every variant, the registry's order.
#[derive(Debug, Serialize)]
pub struct VariantsView {
    /// The variants.
    pub variants: Vec<VariantView>,
}

/// One variant.
#[derive(Debug, Serialize)]
pub struct VariantView {
    /// The name the API and USI_Variant use (`minishogi`).
    pub key: &'static str,
    /// Its name for people (`Minishogi (5五将棋)`).
    pub name: &'static str,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// `optional`, `forced` or `flip` (Kyoto: every move turns the piece over).
    pub promotion: &'static str,
    /// The ranks of each side's promotion zone.
    pub zone: Zones,
    /// Whether capturing the royal piece wins (Dōbutsu's lion), instead of mating it.
    pub royal_capture: bool,
    /// Whether the royal piece wins by reaching the far rank unattacked (Dōbutsu's try).
    pub try_rule: bool,
    /// The SFEN letters of the pieces that can be held, in the order hands show them.
    pub hand: Vec<&'static str>,
    /// The even game's start position.
    pub start_sfen: String,
    /// The named start positions, the even game first.
    pub handicaps: Vec<HandicapView>,
    /// Every piece that can stand on the board, the royal piece first.
    pub pieces: Vec<PieceView>,
    /// Whether the server holds games of it (lobby, clocks, ratings): every game, Chu
    /// included.
    pub hosted: bool,
    /// Whether the analysis board (the records screen: reading, exploring, exporting,
    /// the engine's lines and review) takes its positions: every game, Chu included.
    pub analysed: bool,
    /// Whether the review room (感想戦 together) takes its games: every game, Chu
    /// included.
    pub rooms: bool,
    /// Whether some piece moves twice in a turn (Chu's lion): a move may pass through a
    /// middle square (`7j7i6h`).
    pub double_moves: bool,
    /// The record formats a game of it is written in (`GET /api/games/{id}/record`): those
    /// its start, written as a game of no moves, comes out in.
    pub formats: Vec<&'static str>,
}

/// The promotion zone of each side, as rank numbers (1 is gote's back rank).
#[derive(Debug, Serialize)]
pub struct Zones {
    /// Sente's zone.
    pub sente: Vec<u8>,
    /// Gote's zone.
    pub gote: Vec<u8>,
}

/// A named start position.
#[derive(Debug, Serialize)]
pub struct HandicapView {
    /// The name `POST /api/games` takes (`lance`).
    pub name: &'static str,
    /// Its Japanese name (`香落ち`).
    pub japanese: &'static str,
}

/// One piece of a variant.
#[derive(Debug, Serialize)]
pub struct PieceView {
    /// A stable id of the role (`promoted_lance`), the same in every variant.
    pub role: String,
    /// Its SFEN/USI letters as sente's piece is written (`P`, `+P`).
    pub sfen: &'static str,
    /// The one character of board diagrams (`歩`, `杏`).
    pub glyph: String,
    /// The kanji (or kana) of move text (`成香`, `ひよこ`).
    pub kanji: &'static str,
    /// Other kanji for it (`王` for `玉`).
    pub kanji_aliases: &'static [&'static str],
    /// The two characters carved on a real piece (`歩兵`; the king sente's `玉将`, then
    /// gote's `王将`), empty for a piece of one character.
    pub carved: &'static [&'static str],
    /// Its letters in Western move text (`P`, `+R`, `Fa`).
    pub western: &'static str,
    /// Its names.
    pub names: Names,
    /// How it moves, as sente sees the board: `[df, dr, range]` with df > 0 towards file 9
    /// (sente's left), dr < 0 forward, range 1 a step (a jump when longer than a square),
    /// 0 a slide of any length, n a slide of at most n squares.
    pub legs: Vec<[i8; 3]>,
    /// The role it turns into when it promotes (turns over, in Kyoto), or null.
    pub promotes_to: Option<String>,
    /// The SFEN letters of the piece it goes to the hand as when captured, or null when
    /// it is never held (the king).
    pub hand: Option<&'static str>,
    /// Whether this is a piece's front face (unpromoted), as it is held in hand.
    pub front: bool,
    /// A first guess at its worth in centipawns (the royal piece: 0).
    pub value: i32,
    /// How the page draws it: `wedge` (its glyph), `marked_wedge` (its kanji's first
    /// character small over the second: Tori's quails) or `animal_tile` (a square tile with
    /// its whole name: Dōbutsu's animals).
    pub look: &'static str,
}

/// A piece's names.
#[derive(Debug, Serialize)]
pub struct Names {
    /// The Japanese reading (`ふ`).
    pub ja: &'static str,
    /// English.
    pub en: &'static str,
    /// German.
    pub de: &'static str,
}

/// A role's id: its name in snake case (`PromotedLance` is `promoted_lance`).
fn role_id(role: Role) -> String {
    let mut id = String::new();
    for (i, c) in format!("{role:?}").chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            id.push('_');
        }
        id.push(c.to_ascii_lowercase());
    }
    id
}

/// A piece's view from its face and the variant's facts about it.
fn piece_view(
    role: Role,
    face: &'static Face,
    promotes_to: Option<Role>,
    hand: Option<&'static str>,
    front: bool,
) -> PieceView {
    PieceView {
        role: role_id(role),
        sfen: face.usi,
        glyph: face.glyph.to_string(),
        kanji: face.kanji,
        kanji_aliases: face.kanji_aliases,
        carved: face.carved,
        western: face.western,
        names: Names {
            ja: face.reading,
            en: face.english,
            de: face.german,
        },
        legs: info_of(role)
            .legs
            .iter()
            .map(|l| [l.df, l.dr, l.range as i8])
            .collect(),
        promotes_to: promotes_to.map(role_id),
        hand,
        front,
        value: info_of(role).value,
        look: look_name(face.look),
    }
}

/// The name `GET /api/variants` gives a look.
fn look_name(look: Look) -> &'static str {
    match look {
        Look::Wedge => "wedge",
        Look::MarkedWedge => "marked_wedge",
        Look::AnimalTile => "animal_tile",
    }
}

fn piece(kind: VariantKind, role: Role) -> PieceView {
    let held = kind.hand_role(role);
    let hand = kind
        .hand_roles()
        .contains(&held)
        .then(|| kind.face(held).usi);
    piece_view(
        role,
        kind.face(role),
        kind.promote(role),
        hand,
        held == role,
    )
}

/// The names of the formats `writes` says a game is written in.
fn writable(writes: impl Fn(Format) -> bool) -> Vec<&'static str> {
    Format::ALL
        .into_iter()
        .filter(|&f| writes(f))
        .map(Format::name)
        .collect()
}

fn zone_ranks(kind: VariantKind, color: Color) -> Vec<u8> {
    let zone = kind.zone(color);
    (1..=kind.ranks())
        .filter(|&rank| {
            (1..=kind.files())
                .any(|file| Square::new(file, rank).is_some_and(|sq| zone.contains(sq)))
        })
        .collect()
}

fn variant(kind: VariantKind) -> VariantView {
    let (royal_capture, try_rule) = dispatch!(kind, V => (V::ROYAL_CAPTURE, V::TRY));
    VariantView {
        key: kind.name(),
        name: kind.title(),
        files: kind.files(),
        ranks: kind.ranks(),
        promotion: match kind.promotion() {
            Promotion::Optional => "optional",
            Promotion::Forced => "forced",
            Promotion::Flip => "flip",
        },
        zone: Zones {
            sente: zone_ranks(kind, Color::Black),
            gote: zone_ranks(kind, Color::White),
        },
        royal_capture,
        try_rule,
        hand: kind
            .hand_roles()
            .iter()
            .map(|&r| kind.face(r).usi)
            .collect(),
        start_sfen: sfen::write_any(&kind.startpos()),
        handicaps: Handicap::of(kind)
            .iter()
            .map(|h| HandicapView {
                name: h.name(),
                japanese: h.japanese(),
            })
            .collect(),
        pieces: kind.board_roles().iter().map(|&r| piece(kind, r)).collect(),
        hosted: true,
        analysed: true,
        rooms: true,
        double_moves: false,
        formats: writable(|format| {
            let game = dispatch!(kind, V => koma_game::Game::<V>::standard(RuleSet::default_for(kind)).to_record());
            formats::write(&game, format).is_ok()
        }),
    }
}

/// One Chu piece: the piece table's face, Chu's promotions, never held.
fn chu_piece(role: Role) -> PieceView {
    let front = chu::unpromote(role) == role;
    piece_view(role, &info_of(role).face, chu::promote(role), None, front)
}

/// Chu shogi, from `koma_rules::chu`.
fn chu_variant() -> VariantView {
    let zone = |color| {
        (1..=12)
            .filter(|&rank| {
                koma_rules::frame12::Square12::new(1, rank)
                    .is_some_and(|sq| chu::zone(color).contains(sq))
            })
            .collect()
    };
    VariantView {
        key: GameKind::Chu.name(),
        name: GameKind::Chu.title(),
        files: 12,
        ranks: 12,
        promotion: "optional",
        zone: Zones {
            sente: zone(Color::Black),
            gote: zone(Color::White),
        },
        royal_capture: true,
        try_rule: false,
        hand: Vec::new(),
        start_sfen: koma_notation::chu::START_SFEN.to_string(),
        handicaps: Vec::new(),
        pieces: chu::BOARD_ROLES.iter().map(|&r| chu_piece(r)).collect(),
        hosted: true,
        analysed: true,
        rooms: true,
        double_moves: true,
        formats: writable(|format| {
            let game = koma_game::Game::<chu::Chu>::standard(RuleSet::CHU);
            koma_game::chu::record::write(&game, format, None, &Header::default()).is_ok()
        }),
    }
}

/// Every variant, as `GET /api/variants` answers.
pub fn all() -> &'static VariantsView {
    static ALL: OnceLock<VariantsView> = OnceLock::new();
    ALL.get_or_init(|| VariantsView {
        variants: VariantKind::ALL
            .into_iter()
            .map(variant)
            .chain([chu_variant()])
            .collect(),
    })
}

/// The route.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route("/api/variants", get(|| async { Json(all()) }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_ids_are_snake_case() {
        assert_eq!(role_id(Role::PromotedLance), "promoted_lance");
        assert_eq!(role_id(Role::King), "king");
    }

    #[test]
    fn kyoto_pieces_turn_over_both_ways_and_go_to_hand_by_their_front() {
        let kyoto = variant(VariantKind::Kyoto);
        assert_eq!(kyoto.promotion, "flip");
        let lance = kyoto.pieces.iter().find(|p| p.role == "lance").unwrap();
        assert_eq!(lance.promotes_to.as_deref(), Some("tokin"));
        assert_eq!(lance.hand, Some("T"));
        assert!(!lance.front);
        let tokin = kyoto.pieces.iter().find(|p| p.role == "tokin").unwrap();
        assert_eq!(tokin.promotes_to.as_deref(), Some("lance"));
        assert!(tokin.front);
    }

    #[test]
    fn chu_is_listed_with_its_pieces_and_hosted() {
        let chu = all().variants.iter().find(|v| v.key == "chushogi").unwrap();
        assert!(chu.double_moves && chu.analysed && chu.rooms);
        assert_eq!(chu.formats, ["kif", "usi", "sfen"]);
        let shogi = all().variants.iter().find(|v| v.key == "shogi").unwrap();
        assert!(
            ["kif", "ki2", "csa", "jkf", "usi", "sfen"]
                .iter()
                .all(|f| shogi.formats.contains(f))
        );
        assert_eq!((chu.files, chu.ranks), (12, 12));
        assert_eq!(chu.zone.sente, vec![1, 2, 3, 4]);
        assert_eq!(chu.pieces.len(), 39);
        let lion = chu.pieces.iter().find(|p| p.role == "lion").unwrap();
        assert_eq!((lion.sfen, lion.legs.len()), ("N", 24));
        let gold = chu.pieces.iter().find(|p| p.role == "gold").unwrap();
        assert_eq!(gold.promotes_to.as_deref(), Some("chu_promoted_gold"));
        assert!(all().variants.iter().all(|v| v.hosted));
    }
}
