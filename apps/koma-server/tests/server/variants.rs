//! `GET /api/variants`: every variant of the rules with its board, promotion and pieces, and
//! each variant's start position made of pieces the answer describes.

use crate::common::*;
use serde_json::{Value, json};

fn variant<'a>(all: &'a Value, key: &str) -> &'a Value {
    all["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["key"] == key)
        .unwrap_or_else(|| panic!("no {key} in {all}"))
}

fn piece<'a>(v: &'a Value, letters: &str) -> &'a Value {
    v["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["sfen"] == letters)
        .unwrap_or_else(|| panic!("no {letters} in {}", v["key"]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_variant_with_its_board_and_pieces() {
    let (_dir, _server, addr) = fresh_server().await;
    let all = get(addr, "/api/variants").await.expect(200).json();
    let keys: Vec<&str> = all["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "shogi",
            "tori",
            "minishogi",
            "kyotoshogi",
            "dobutsu",
            "chushogi"
        ]
    );
    let flags = |name: &str| -> Vec<bool> {
        all["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v[name].as_bool().unwrap())
            .collect()
    };
    // Every game is hosted, on the analysis board and in the review room.
    assert_eq!(flags("hosted"), [true; 6]);
    assert_eq!(flags("analysed"), [true; 6]);
    assert_eq!(flags("rooms"), [true; 6]);
    let chu = variant(&all, "chushogi");
    assert_eq!(
        (chu["files"].as_u64(), chu["ranks"].as_u64()),
        (Some(12), Some(12))
    );
    assert_eq!(chu["double_moves"], true);
    assert_eq!(piece(chu, "N")["names"]["en"], "lion");
    assert_eq!(piece(chu, "+O")["front"], false);

    let shogi = variant(&all, "shogi");
    assert_eq!(
        (shogi["files"].as_u64(), shogi["ranks"].as_u64()),
        (Some(9), Some(9))
    );
    assert_eq!(
        shogi["zone"],
        json!({"sente": [1, 2, 3], "gote": [7, 8, 9]})
    );
    assert_eq!(shogi["hand"], json!(["R", "B", "G", "S", "N", "L", "P"]));
    let lance = piece(shogi, "L");
    assert_eq!(lance["legs"], json!([[0, -1, 0]]));
    assert_eq!(lance["promotes_to"], "promoted_lance");
    assert_eq!(
        lance["names"],
        json!({"ja": "きょう", "en": "lance", "de": "Lanze"})
    );
    assert_eq!(piece(shogi, "+L")["glyph"], "杏");
    assert_eq!(piece(shogi, "K")["kanji_aliases"], json!(["王"]));
    assert_eq!(
        shogi["handicaps"][1],
        json!({"name": "lance", "japanese": "香落ち"})
    );

    let dobutsu = variant(&all, "dobutsu");
    assert_eq!(
        (dobutsu["files"].as_u64(), dobutsu["ranks"].as_u64()),
        (Some(3), Some(4))
    );
    assert_eq!(dobutsu["promotion"], "forced");
    assert_eq!(dobutsu["royal_capture"], true);
    assert_eq!(dobutsu["try_rule"], true);
    assert_eq!(dobutsu["start_sfen"], "rkb/1p1/1P1/BKR b - 1");
    assert_eq!(piece(dobutsu, "K")["names"]["en"], "lion");
    assert_eq!(piece(dobutsu, "P")["kanji"], "ひよこ");
    assert_eq!(piece(dobutsu, "+P")["names"]["en"], "hen");
    assert_eq!(
        piece(dobutsu, "R")["legs"],
        json!([[0, -1, 1], [0, 1, 1], [-1, 0, 1], [1, 0, 1]])
    );

    let kyoto = variant(&all, "kyotoshogi");
    assert_eq!(kyoto["promotion"], "flip");
    assert_eq!(kyoto["zone"]["sente"], json!([1, 2, 3, 4, 5]));
    // Every piece turns over into another and goes to hand by its front face.
    for p in kyoto["pieces"].as_array().unwrap().iter().skip(1) {
        let back = p["promotes_to"]
            .as_str()
            .expect("every non-king piece turns over");
        let other = kyoto["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["role"] == back)
            .unwrap();
        assert_eq!(other["promotes_to"], p["role"]);
        assert_eq!(other["hand"], p["hand"]);
        assert_ne!(other["front"], p["front"]);
    }
    assert_eq!(piece(kyoto, "L")["hand"], "T");

    let mini = variant(&all, "minishogi");
    assert_eq!(mini["promotion"], "optional");
    // lishogi's handicaps of minishogi (scalashogi `Handicap.scala`), even game first.
    let names: Vec<&str> = mini["handicaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "even",
            "mini-bishop",
            "mini-rook",
            "mini-two-piece",
            "mini-three-piece",
            "mini-four-piece"
        ]
    );
    assert_eq!(mini["handicaps"][1]["japanese"], "角落ち");

    // Every start position is made of the pieces listed, and every hand letter is a piece.
    for v in all["variants"].as_array().unwrap() {
        let board = v["start_sfen"].as_str().unwrap().split(' ').next().unwrap();
        let ranks: Vec<&str> = board.split('/').collect();
        assert_eq!(
            ranks.len() as u64,
            v["ranks"].as_u64().unwrap(),
            "{}",
            v["key"]
        );
        for c in board.chars().filter(|c| c.is_ascii_alphabetic()) {
            piece(v, &c.to_ascii_uppercase().to_string());
        }
        for letter in v["hand"].as_array().unwrap() {
            piece(v, letter.as_str().unwrap());
        }
    }
}

/// Every piece says how the page draws it: animal tiles for Dōbutsu's animals and nothing
/// else (the tokin, written in kana, is a wedge), a mark over the main character for Tori's
/// quails, a wedge with its glyph for the rest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_piece_says_how_it_is_drawn() {
    let (_dir, _server, addr) = fresh_server().await;
    let all = get(addr, "/api/variants").await.expect(200).json();
    for v in all["variants"].as_array().unwrap() {
        for p in v["pieces"].as_array().unwrap() {
            let want = match (v["key"].as_str().unwrap(), p["role"].as_str().unwrap()) {
                ("dobutsu", _) => "animal_tile",
                ("tori", "left_quail" | "right_quail") => "marked_wedge",
                _ => "wedge",
            };
            assert_eq!(p["look"], want, "{} {}", v["key"], p["sfen"]);
        }
    }
    for key in ["shogi", "minishogi", "chushogi"] {
        assert_eq!(piece(variant(&all, key), "+P")["glyph"], "と", "{key}");
    }
    assert_eq!(piece(variant(&all, "kyotoshogi"), "T")["look"], "wedge");
}
