//! The board picture (SVG): read back with an XML parser, the pieces, hands, coordinates and
//! marks are where the position and the options put them.

use koma_notation::svg::{self, Options};
use koma_notation::{sfen, usi};
use koma_rules::{AnyPosition, VariantKind};
use roxmltree::{Document, Node};

fn picture(pos: &AnyPosition, options: &Options) -> String {
    let text = svg::write_any(pos, options);
    // Every picture is well-formed XML, whatever it shows.
    Document::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    text
}

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split(' ').any(|w| w == class))
}

/// The text of every `<text>` below `node`, in document order.
fn texts(node: Node) -> Vec<String> {
    node.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

/// The board piece on `square` (file and rank digits, `77`): its side, characters and
/// transform.
fn piece_at(doc: &Document, square: &str) -> Option<(String, Vec<String>, String)> {
    doc.descendants()
        .find(|n| has_class(n, "piece") && n.attribute("data-square") == Some(square))
        .map(|n| {
            let side = n.attribute("class").unwrap().replace("piece ", "");
            (
                side,
                texts(n),
                n.attribute("transform").unwrap().to_string(),
            )
        })
}

/// The (x, y) of a `translate(x y)` transform.
fn translation(transform: &str) -> (i32, i32) {
    let inner = transform
        .strip_prefix("translate(")
        .and_then(|t| t.split(')').next())
        .unwrap();
    let mut parts = inner.split(' ').map(|p| p.parse().unwrap());
    (parts.next().unwrap(), parts.next().unwrap())
}

fn class_texts(doc: &Document, class: &str) -> Vec<String> {
    doc.descendants()
        .filter(|n| has_class(n, class))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn the_start_position_has_every_piece_on_its_square() {
    let pos = VariantKind::Shogi.startpos();
    let text = picture(&pos, &Options::default());
    let doc = Document::parse(&text).unwrap();
    let pieces = doc
        .descendants()
        .filter(|n| has_class(n, "piece") && n.attribute("data-square").is_some())
        .count();
    assert_eq!(pieces, 40);
    let pawn = piece_at(&doc, "77").unwrap();
    assert_eq!(
        (pawn.0.as_str(), pawn.1.clone()),
        ("sente", vec!["歩".into()])
    );
    assert!(!pawn.2.contains("rotate"), "sente's pieces stand upright");
    let king = piece_at(&doc, "51").unwrap();
    assert_eq!(
        (king.0.as_str(), king.1.clone()),
        ("gote", vec!["王".into()])
    );
    assert!(
        king.2.ends_with("rotate(180)"),
        "gote's pieces are upside down"
    );
    assert_eq!(piece_at(&doc, "59").unwrap().1, vec!["玉"]);
    assert_eq!(piece_at(&doc, "82").unwrap().1, vec!["飛"]);
    assert_eq!(piece_at(&doc, "22").unwrap().1, vec!["角"]);
    assert!(piece_at(&doc, "55").is_none());
    // Files 9 to 1 from the left, ranks 一 to 九 downwards; sente's 77 is left of and
    // below gote's 51.
    assert_eq!(
        class_texts(&doc, "file"),
        ["9", "8", "7", "6", "5", "4", "3", "2", "1"]
    );
    assert_eq!(
        class_texts(&doc, "rank"),
        ["一", "二", "三", "四", "五", "六", "七", "八", "九"]
    );
    let (x77, y77) = translation(&pawn.2);
    let (x51, y51) = translation(&king.2);
    assert!(x77 < x51 && y77 > y51);
    // No last move given: nothing marked; empty hands list no piece.
    assert_eq!(
        doc.descendants()
            .filter(|n| has_class(n, "last-move"))
            .count(),
        0
    );
    assert!(!text.contains("data-hand"));
    // The side names stand in for players' names.
    assert_eq!(class_texts(&doc, "name"), ["先手", "後手"]);
    assert_eq!(
        doc.descendants().filter(|n| has_class(n, "star")).count(),
        4
    );
}

#[test]
fn flipped_the_board_is_seen_from_gote() {
    let pos = VariantKind::Shogi.startpos();
    let options = Options {
        flip: true,
        ..Options::default()
    };
    let text = picture(&pos, &options);
    let doc = Document::parse(&text).unwrap();
    let sente_king = piece_at(&doc, "59").unwrap();
    let gote_king = piece_at(&doc, "51").unwrap();
    assert!(sente_king.2.ends_with("rotate(180)"));
    assert!(!gote_king.2.contains("rotate"));
    assert!(translation(&sente_king.2).1 < translation(&gote_king.2).1);
    // Gote's 11 is at the bottom left, sente's 99 at the top right.
    let (x11, y11) = translation(&piece_at(&doc, "11").unwrap().2);
    let (x99, y99) = translation(&piece_at(&doc, "99").unwrap().2);
    assert!(x11 < x99 && y11 > y99);
    assert_eq!(
        class_texts(&doc, "file"),
        ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
    );
    assert_eq!(class_texts(&doc, "rank")[0], "九");
    assert_ne!(text, picture(&pos, &Options::default()));
}

#[test]
fn hands_show_each_role_held_with_its_count() {
    let pos =
        sfen::parse_position(VariantKind::Shogi, "4k4/9/9/9/9/9/9/9/4K4 b R2Pb3pl 1").unwrap();
    let text = picture(&pos, &Options::default());
    let doc = Document::parse(&text).unwrap();
    let hand = |side: &str| -> Vec<(String, String)> {
        let stand = doc
            .descendants()
            .find(|n| has_class(n, "hand") && has_class(n, side))
            .unwrap();
        stand
            .descendants()
            .filter(|n| n.attribute("data-hand").is_some())
            .map(|n| {
                (
                    n.attribute("data-hand").unwrap().to_string(),
                    n.attribute("data-count").unwrap().to_string(),
                )
            })
            .collect()
    };
    let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    // In the order of a hand listing: rook, bishop, gold, silver, knight, lance, pawn.
    assert_eq!(hand("sente"), pairs(&[("飛", "1"), ("歩", "2")]));
    assert_eq!(
        hand("gote"),
        pairs(&[("角", "1"), ("香", "1"), ("歩", "3")])
    );
    // A count is written for two or more.
    let mut counts = class_texts(&doc, "count");
    counts.sort();
    assert_eq!(counts, ["2", "3"]);
}

#[test]
fn the_last_move_marks_its_squares_and_a_promoted_piece_is_red() {
    let mut pos = VariantKind::Shogi.startpos();
    let mut last = None;
    for text in ["7g7f", "3c3d", "8h2b+"] {
        let m = usi::parse_move(VariantKind::Shogi, text).unwrap();
        pos.play(m).unwrap();
        last = Some(m);
    }
    let options = Options {
        last_move: last,
        ..Options::default()
    };
    let text = picture(&pos, &options);
    let doc = Document::parse(&text).unwrap();
    let marked = |class: &str| -> Vec<String> {
        doc.descendants()
            .filter(|n| has_class(n, class))
            .map(|n| n.attribute("data-square").unwrap().to_string())
            .collect()
    };
    assert_eq!(marked("last-move"), ["22"]);
    assert_eq!(marked("last-move-from"), ["88"]);
    let horse = doc
        .descendants()
        .find(|n| has_class(n, "piece") && n.attribute("data-square") == Some("22"))
        .unwrap();
    let glyph = horse
        .descendants()
        .find(|n| n.has_tag_name("text"))
        .unwrap();
    assert_eq!(glyph.text(), Some("馬"));
    assert_eq!(glyph.attribute("fill"), Some("#c8102e"));
    let pawn = doc
        .descendants()
        .find(|n| n.attribute("data-square") == Some("76"))
        .unwrap();
    let glyph = pawn.descendants().find(|n| n.has_tag_name("text")).unwrap();
    assert_ne!(glyph.attribute("fill"), Some("#c8102e"));
    // A drop marks only its destination.
    let m = usi::parse_move(VariantKind::Shogi, "3a2b").unwrap();
    pos.play(m).unwrap();
    let drop = usi::parse_move(VariantKind::Shogi, "B*5e").unwrap();
    pos.play(drop).unwrap();
    let text = picture(
        &pos,
        &Options {
            last_move: Some(drop),
            ..Options::default()
        },
    );
    let doc = Document::parse(&text).unwrap();
    let marks: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(n, "last-move") || has_class(n, "last-move-from"))
        .map(|n| n.attribute("data-square").unwrap())
        .collect();
    assert_eq!(marks, ["55"]);
}

#[test]
fn tori_shogi_draws_its_own_board_and_birds() {
    let pos = VariantKind::Tori.startpos();
    let text = picture(&pos, &Options::default());
    let doc = Document::parse(&text).unwrap();
    let pieces: Vec<Node> = doc
        .descendants()
        .filter(|n| has_class(n, "piece") && n.attribute("data-square").is_some())
        .collect();
    assert_eq!(pieces.len(), 32);
    assert_eq!(
        class_texts(&doc, "file"),
        ["7", "6", "5", "4", "3", "2", "1"]
    );
    assert_eq!(class_texts(&doc, "rank").len(), 7);
    assert_eq!(
        doc.descendants().filter(|n| has_class(n, "star")).count(),
        0
    );
    let all: Vec<Vec<String>> = pieces.iter().map(|n| texts(*n)).collect();
    // Both phoenixes, and each quail as its mark above 鶉.
    assert_eq!(all.iter().filter(|t| *t == &["鵬"]).count(), 2);
    assert_eq!(all.iter().filter(|t| *t == &["左", "鶉"]).count(), 2);
    assert_eq!(all.iter().filter(|t| *t == &["右", "鶉"]).count(), 2);
    assert_eq!(all.iter().filter(|t| *t == &["燕"]).count(), 16);
    // Two files and two ranks fewer than shogi's picture.
    let shogi = picture(&VariantKind::Shogi.startpos(), &Options::default());
    let shogi = Document::parse(&shogi).unwrap();
    let size = |doc: &Document, what: &str| -> i32 {
        doc.root_element().attribute(what).unwrap().parse().unwrap()
    };
    assert_eq!(size(&shogi, "width") - size(&doc, "width"), 2 * 60);
    assert_eq!(size(&shogi, "height") - size(&doc, "height"), 2 * 64);
}

#[test]
fn names_are_escaped_and_the_picture_is_deterministic() {
    let pos = VariantKind::Shogi.startpos();
    let options = Options {
        names: [
            Some("<script>alert(\"x\")</script>".into()),
            Some("a&b'c".into()),
        ],
        ..Options::default()
    };
    let text = picture(&pos, &options);
    assert!(!text.contains("<script>"));
    let doc = Document::parse(&text).unwrap();
    let names = class_texts(&doc, "name");
    // Cut to the name width, read back as written.
    assert_eq!(names, ["<script>ale…", "a&b'c"]);
    assert_eq!(text, picture(&pos, &options));
}

/// The position after `plies` random legal moves of `variant`, chosen by `seed`, and the
/// last move played.
fn playout(
    variant: VariantKind,
    seed: u64,
    plies: usize,
) -> (AnyPosition, Option<koma_rules::Move>) {
    let mut state = seed;
    let mut pos = variant.startpos();
    let mut last = None;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = moves[(state >> 33) as usize % moves.len()];
        pos.play(m).unwrap();
        last = Some(m);
    }
    (pos, last)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Any position, any names, either side up: well-formed XML with one piece drawn per
    /// piece on the board and each hand's counts adding up to what it holds.
    #[test]
    fn every_picture_is_well_formed_and_complete(
        tori: bool,
        seed: u64,
        plies in 0usize..160,
        flip: bool,
        sente in ".{0,30}",
        gote: String,
    ) {
        let variant = if tori { VariantKind::Tori } else { VariantKind::Shogi };
        let (pos, last_move) = playout(variant, seed, plies);
        let options = Options { flip, last_move, names: [Some(sente), Some(gote)] };
        let text = svg::write_any(&pos, &options);
        let doc = Document::parse(&text).map_err(|e| {
            proptest::test_runner::TestCaseError::fail(format!("{e}"))
        })?;
        let setup = pos.to_setup();
        let on_board = setup.board.iter().flatten().count();
        let drawn = doc
            .descendants()
            .filter(|n| has_class(n, "piece") && n.attribute("data-square").is_some())
            .count();
        proptest::prop_assert_eq!(drawn, on_board);
        for color in koma_rules::Color::ALL {
            let held: u32 = doc
                .descendants()
                .filter(|n| has_class(n, "piece") && has_class(n, color.name()))
                .filter_map(|n| n.attribute("data-count"))
                .map(|c| c.parse::<u32>().unwrap())
                .sum();
            proptest::prop_assert_eq!(held, setup.hands[color.index()].total());
        }
        let marked = doc.descendants().filter(|n| has_class(n, "last-move")).count();
        proptest::prop_assert_eq!(marked, usize::from(last_move.is_some()));
        proptest::prop_assert_eq!(class_texts(&doc, "name").len(), 2);
    }
}
