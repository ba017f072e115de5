//! Records of any line: written in a format, read back to the same line (KIF and CSA), and
//! broken or illegal records refused with the place named.

use crate::common::*;
use serde_json::{Value, json};

const LINE: [&str; 6] = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d"];

async fn write(addr: std::net::SocketAddr, format: &str, extra: Value) -> String {
    let mut body = json!({"variant": "shogi", "start_sfen": null, "moves": LINE, "format": format});
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    post(addr, "/api/records/write", &body)
        .await
        .expect(200)
        .body
}

async fn read(addr: std::net::SocketAddr, body: Value) -> Value {
    post(addr, "/api/records/read", &body)
        .await
        .expect(200)
        .json()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kif_and_csa_go_out_and_back_in() {
    let (_dir, server, addr) = fresh_server().await;

    let kif = write(addr, "kif", json!({})).await;
    assert!(kif.contains("７六歩"), "{kif}");
    assert!(kif.contains("同"), "{kif}");
    let back = read(addr, json!({"text": kif, "format": null, "variant": null})).await;
    assert_eq!(back["variant"], "shogi");
    assert_eq!(back["moves"], json!(LINE));
    assert_eq!(
        back["start_sfen"],
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    );
    assert_eq!(back["history"].as_array().unwrap().len(), LINE.len());
    assert_eq!(back["history"][0]["japanese"], "☗７六歩");
    assert_eq!(back["result"], json!(null));

    let csa = write(addr, "csa", json!({})).await;
    assert!(csa.contains("+7776FU"), "{csa}");
    let back = read(addr, json!({"text": csa, "format": "csa"})).await;
    assert_eq!(back["moves"], json!(LINE));

    // From a position of its own (a handicap): the start comes back too.
    let sfen = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    let kif = write(
        addr,
        "kif",
        json!({"start_sfen": sfen, "moves": ["3c3d", "7g7f"]}),
    )
    .await;
    let back = read(addr, json!({"text": kif})).await;
    assert_eq!(back["start_sfen"], sfen);
    assert_eq!(back["moves"], json!(["3c3d", "7g7f"]));
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_brings_its_header_and_result() {
    let (_dir, server, addr) = fresh_server().await;
    let kif = "棋戦：研究会\n先手：Alice\n後手：Bob\n手数----指手---------消費時間--\n\
               1 ７六歩(77)\n2 ３四歩(33)\n3 投了\n";
    let back = read(addr, json!({"text": kif})).await;
    assert_eq!(
        back["header"],
        json!({"sente": "Alice", "gote": "Bob", "event": "研究会",
               "entries": [["棋戦", "研究会"], ["先手", "Alice"], ["後手", "Bob"]]})
    );
    assert_eq!(back["moves"], json!(["7g7f", "3c3d"]));
    // Sente resigned at move 3: gote won.
    assert_eq!(back["result"], "gote resignation");
    // USI and SFEN are formats too; Tori is read when asked for.
    let usi = read(addr, json!({"text": "position startpos moves 7g7f"})).await;
    assert_eq!(usi["moves"], json!(["7g7f"]));
    let tori = post(
        addr,
        "/api/records/write",
        &json!({"variant": "tori", "moves": [], "format": "usi"}),
    )
    .await
    .expect(200)
    .body;
    let back = read(addr, json!({"text": tori, "variant": "tori"})).await;
    assert_eq!(back["variant"], "tori");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn broken_records_are_refused_with_the_place() {
    let (_dir, server, addr) = fresh_server().await;
    let refused = |body: Value, status, code| async move {
        refused_as(post(addr, "/api/records/read", &body).await, status, code)
    };
    let unreadable = |body: Value| refused(body, 400, "unreadable_record");
    let message =
        unreadable(json!({"text": "V2.2\nPI\n+\n+7776FU\n-3334ZZ\n", "format": "csa"})).await;
    assert!(message.contains("line 5"), "{message}");
    let message = unreadable(json!({"text": "手数----指手---------消費時間--\n1 ７六歩(77)\n2 ３四銀(99)\n", "format": "kif"})).await;
    assert!(
        message.contains("line 3") || message.contains("move 2"),
        "{message}"
    );
    // A move the rules forbid, though well written (the bishop is blocked).
    let message =
        unreadable(json!({"text": "V2.2\nPI\n+\n+7776FU\n-2288UM\n", "format": "csa"})).await;
    assert!(
        message.contains("line 5") && message.contains("illegal"),
        "{message}"
    );
    let message = refused(json!({"text": "x".repeat(1_048_577)}), 413, "too_large").await;
    assert!(message.contains("at most"), "{message}");
    let text = "position startpos";
    let message = refused(json!({"text": text, "format": "pdf"}), 400, "unknown_name").await;
    assert!(message.contains("unknown format 'pdf'"), "{message}");
    let message = refused(
        json!({"text": text, "variant": "chess"}),
        400,
        "unknown_name",
    )
    .await;
    // The games it knows, Chu included.
    assert!(message.contains("dobutsu, chushogi"), "{message}");
    let malformed = "malformed_request";
    refused(json!({"text": text, "colour": "red"}), 400, malformed).await;
    refused(json!({"format": "kif"}), 400, malformed).await;
    let reply = request(addr, "POST", "/api/records/read", Some("{\"text\":")).await;
    refused_as(reply, 400, malformed);

    let write_refused = |body: Value, status, code| async move {
        refused_as(post(addr, "/api/records/write", &body).await, status, code)
    };
    let body = json!({"moves": ["7g7f", "7g7f"], "format": "kif"});
    let message = write_refused(body, 400, "illegal_move").await;
    assert!(message.contains("move 2 '7g7f'"), "{message}");
    let body = json!({"moves": ["7g7f"], "format": "doc"});
    let message = write_refused(body, 400, "unknown_name").await;
    assert!(message.contains("unknown format 'doc'"), "{message}");
    let body = json!({"variant": "tori", "moves": [], "format": "csa"});
    let message = write_refused(body, 400, "unwritable_record").await;
    assert!(message.contains("CSA"), "{message}");
    let too_long: Vec<&str> = ["5i4h", "4h5i"].repeat(501);
    let body = json!({"moves": too_long, "format": "kif"});
    let message = write_refused(body, 413, "too_large").await;
    assert!(message.contains("at most 1000"), "{message}");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_is_read_as_sent_and_leniencies_come_back_as_warnings() {
    let (_dir, server, addr) = fresh_server().await;
    // The page decoded a Shift_JIS file itself; the text still declares Shift_JIS.
    let kif = "#KIF version=2.0 encoding=Shift_JIS\n手合割：平手\n先手：甲野\n\
               手数----指手---------消費時間--\n1 ７六歩(77)\n2 ３四歩(33)\n";
    let back = read(addr, json!({"text": kif})).await;
    assert_eq!(back["moves"], json!(["7g7f", "3c3d"]));
    assert_eq!(back["header"]["sente"], "甲野");
    assert_eq!(back["warnings"], json!([]));
    let csa = "'CSA encoding=Shift_JIS\nV3.0\nN+甲野\nN-乙川\nPI\n+\n+7776FU\n%TORYO\n";
    let back = read(addr, json!({"text": csa})).await;
    assert_eq!(back["header"]["gote"], "乙川");
    // A record that ends with a foul: the line stops before it, the result names the
    // loser, and the warning names the line.
    let foul = "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ６八玉(59)\n4 ８四歩(83)\n\
                5 ７七玉(68)\n";
    let back = read(addr, json!({"text": foul})).await;
    assert_eq!(back["moves"], json!(["7g7f", "3c3d", "5i6h", "8c8d"]));
    assert_eq!(
        back["result"],
        "gote illegal-move (the move leaves the king in check)"
    );
    assert_eq!(back["warnings"][0]["line"], 6);
    let message = back["warnings"][0]["message"].as_str().unwrap();
    assert!(message.contains("７七玉(68)"), "{message}");
    // Misnumbered move lines: read by position, one warning each.
    let misnumbered = "手合割：平手\n1 ７六歩(77)\n1 ３四歩(33)\n";
    let back = read(addr, json!({"text": misnumbered})).await;
    assert_eq!(back["moves"], json!(["7g7f", "3c3d"]));
    assert_eq!(back["warnings"].as_array().unwrap().len(), 1);
    assert_eq!(back["warnings"][0]["line"], 3);
    server.shutdown().await.unwrap();
}

/// A KIF with comments on the start (two lines) and on moves, a bookmark, a variation at
/// move 3 with one nested in it at move 4, a variation at move 2, an unknown header key
/// and times.
const RICH_KIF: &str = include_str!("../../../../crates/koma-notation/tests/data/rich.kif");

async fn convert(addr: std::net::SocketAddr, text: &str, to: &str) -> Value {
    post(
        addr,
        "/api/records/convert",
        &json!({"text": text, "to": to}),
    )
    .await
    .expect(200)
    .json()
}

/// The nodes of a read's tree reached by following first children from the start.
fn main_line(tree: &Value) -> Vec<&Value> {
    let mut line = vec![&tree[0]];
    while let Some(first) = line.last().unwrap()["children"][0].as_u64() {
        line.push(&tree[first as usize]);
    }
    line
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn comments_and_variations_are_read_and_written_back_unchanged() {
    let (_dir, server, addr) = fresh_server().await;
    let back = read(addr, json!({"text": RICH_KIF})).await;
    assert_eq!(back["format"], "kif");
    assert_eq!(back["warnings"], json!([]));
    assert_eq!(back["moves"], json!(["7g7f", "3c3d", "2g2f", "8c8d"]));
    assert_eq!(back["header"]["entries"][2], json!(["対局ID", "12345"]));
    let tree = &back["tree"];
    let main = main_line(tree);
    assert_eq!(
        main[0]["comments"],
        json!(["序盤の研究", "二行目のコメント"])
    );
    assert_eq!(main[1]["comments"], json!(["角道を開ける"]));
    assert_eq!(main[1]["spent_ms"], 10_000);
    assert_eq!(main[3]["bookmark"], "読み込み時表示");
    assert_eq!(main[4]["comments"], json!(["居飛車"]));
    assert_eq!(main[5]["end"], "投了");
    // Move 2 and move 3 have a variation each, the move-3 one a nested one at move 4.
    assert_eq!(main[1]["children"].as_array().unwrap().len(), 2);
    let alt3 = &tree[main[2]["children"][1].as_u64().unwrap() as usize];
    assert_eq!(alt3["move"]["japanese"], "☗６六歩");
    assert_eq!(alt3["comments"], json!(["振り飛車含み"]));
    // Its move 4 has a variation: 6二銀 in place of 8四歩.
    let four = &tree[alt3["children"][0].as_u64().unwrap() as usize];
    assert_eq!(four["move"]["usi"], "8c8d");
    let nested = &tree[alt3["children"][1].as_u64().unwrap() as usize];
    assert_eq!(nested["move"]["usi"], "7a6b");
    assert_eq!(nested["ply"], 4);
    assert_eq!(nested["comments"], json!(["変化の中の変化"]));

    // Exported as KIF and read again: the same tree, header and comments.
    let kif = convert(addr, RICH_KIF, "kif").await;
    assert_eq!(kif["format"], "kif");
    assert_eq!(kif["warnings"], json!([]));
    let text = kif["text"].as_str().unwrap();
    let again = read(addr, json!({"text": text})).await;
    assert_eq!(again["tree"], back["tree"]);
    assert_eq!(again["header"], back["header"]);
    // And once more: the KIF written is a fixed point.
    assert_eq!(convert(addr, text, "kif").await["text"], text);

    // CSA has no variations nor bookmarks, nor a place for 対局ID: said, with codes; its
    // comments stay.
    let csa = convert(addr, RICH_KIF, "csa").await;
    assert_eq!(
        csa["warnings"],
        json!([
            {"code": "variations_dropped", "line": 0, "message": "3 variations dropped: CSA has no variations"},
            {"code": "bookmarks_dropped", "line": 0, "message": "1 bookmark dropped: CSA has no bookmarks"},
            {"code": "header_dropped", "line": 0, "message": "header 対局ID dropped: CSA has no place for it"},
        ])
    );
    let from_csa = read(addr, json!({"text": csa["text"]})).await;
    let main = main_line(&from_csa["tree"]);
    assert_eq!(
        main[0]["comments"],
        json!(["序盤の研究", "二行目のコメント"])
    );
    assert_eq!(main[1]["comments"], json!(["角道を開ける"]));
    // KI2 keeps everything but the times.
    let ki2 = convert(addr, RICH_KIF, "ki2").await;
    let codes: Vec<&Value> = ki2["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| &w["code"])
        .collect();
    assert_eq!(codes, [&json!("times_dropped")]);
    // Leniencies of the reading come back apart.
    let misnumbered = "手合割：平手\n1 ７六歩(77)\n1 ３四歩(33)\n";
    let usi = convert(addr, misnumbered, "usi").await;
    assert_eq!(usi["text"], "position startpos moves 7g7f 3c3d\n");
    assert_eq!(usi["warnings"], json!([]));
    assert_eq!(usi["read_warnings"][0]["code"], "move_number");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_corpus_variations_go_out_and_back_in_unchanged() {
    let (_dir, server, addr) = fresh_server().await;
    let corpus =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/kif");
    for name in [
        "fork.kif",
        "doh_branch.kifu",
        "last_comment.kif",
        "henka.kif",
    ] {
        let Ok(bytes) = std::fs::read(corpus.join(name)) else {
            assert_ne!(name, "fork.kif", "the corpus is missing");
            continue;
        };
        let text = koma_notation::encoding::decode(&bytes).0;
        let first = read(addr, json!({"text": text})).await;
        let variations = first["tree"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|n| n["children"].as_array().unwrap().len() > 1)
            .count();
        assert!(variations > 0 || name == "last_comment.kif", "{name}");
        let kif = convert(addr, &text, "kif").await;
        let again = read(addr, json!({"text": kif["text"]})).await;
        assert_eq!(again["tree"], first["tree"], "{name}");
    }
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_lists_are_read_and_unreadable_text_is_refused_with_the_reason() {
    let (_dir, server, addr) = fresh_server().await;
    let line = json!(["7g7f", "3c3d", "2g2f"]);
    for text in [
        "1. P-7f P-3d 2. P-2f",
        "P-7f P-3d P-2f",
        "P7g-7f P3c-3d P2g-2f",
        "7f 3d 2f",
        "1. P-76 P-34 2. P-26",
    ] {
        let back = read(addr, json!({"text": text})).await;
        assert_eq!(back["format"], "moves", "{text}");
        assert_eq!(back["moves"], line, "{text}");
    }
    let refused = |body: Value, code| async move {
        let reply = post(addr, "/api/records/read", &body).await;
        let json = reply.json();
        (refused_as(reply, 400, code), json)
    };
    // Text in no format.
    let (message, _) = refused(
        json!({"text": "Dear friend, here is my game."}),
        "unrecognised_record",
    )
    .await;
    assert!(message.contains("no record format"), "{message}");
    // A move list named KIF: no empty game, the move and its line named.
    let (message, body) = refused(
        json!({"text": "先手：甲\n1. P-7f P-3d", "format": "kif"}),
        "unreadable_record",
    )
    .await;
    assert!(
        message.contains("line 2") && message.contains("'P-7f'"),
        "{message}"
    );
    assert_eq!(body["line"], 2);
    // A bad word of a move list: its line and column.
    let (message, body) = refused(
        json!({"text": "1. P-7f P-3d\n2. P-2f Q-9z"}),
        "unreadable_record",
    )
    .await;
    assert!(message.contains("line 2, column 9"), "{message}");
    assert_eq!(body["line"], 2);
    // Unreadable KIF: the line and the text.
    let (message, body) = refused(
        json!({"text": "手合割：平手\n1 ７六歩(77)\nこれは何\n"}),
        "unreadable_record",
    )
    .await;
    assert!(
        message.contains("line 3") && message.contains("これは何"),
        "{message}"
    );
    assert_eq!(body["line"], 3);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ki2_and_jkf_bring_their_comments_and_variations() {
    let (_dir, server, addr) = fresh_server().await;
    let ki2 = "手合割：平手\n*開始\n▲７六歩    △３四歩\n*三四歩へ\n▲２六歩    △８四歩\n\
               まで4手で中断\n\n変化：3手\n▲６六歩    △６二銀\n*変化の銀\n";
    let jkf = r#"{"header":{"先手":"A"},"moves":[{"comments":["開始"]},
        {"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU","color":0}},
        {"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU","color":1},"comments":["三四歩へ"],
         "forks":[[{"move":{"from":{"x":8,"y":3},"to":{"x":8,"y":4},"piece":"FU","color":1},"comments":["変化の歩"]}]]}]}"#;
    for (text, format, variation, comment) in [
        (ki2, "ki2", "6g6f", "変化の銀"),
        (jkf, "jkf", "8c8d", "変化の歩"),
    ] {
        let back = read(addr, json!({"text": text})).await;
        assert_eq!(back["format"], format);
        let tree = back["tree"].as_array().unwrap();
        let main = main_line(&back["tree"]);
        assert_eq!(main[0]["comments"], json!(["開始"]), "{format}");
        assert_eq!(main[2]["comments"], json!(["三四歩へ"]), "{format}");
        let branching = tree
            .iter()
            .find(|n| n["children"].as_array().unwrap().len() > 1)
            .unwrap_or_else(|| panic!("{format}: no variation"));
        let alt = &tree[branching["children"][1].as_u64().unwrap() as usize];
        assert_eq!(alt["move"]["usi"], variation, "{format}");
        let noted = tree.iter().any(|n| n["comments"] == json!([comment]));
        assert!(noted, "{format}: {comment} missing");
        // Back through the same format: the same tree.
        let again = convert(addr, text, format).await;
        assert_eq!(again["warnings"], json!([]), "{format}");
        let reread = read(addr, json!({"text": again["text"]})).await;
        assert_eq!(reread["tree"], back["tree"], "{format}");
    }
    server.shutdown().await.unwrap();
}

/// A Chu KIF read for the analysis board: told by its moves, its header, its line in every
/// notation as one branch of a tree, the resignation as the tree's last node; its header
/// kept through a conversion.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chu_kif_is_read_with_its_header_and_ending() {
    let (_dir, server, addr) = fresh_server().await;
    let kif = "開始日時：2026/12/02 07:00\n先手：Aiko\n後手：Bert\n手数----指手---------消費時間--\n\
               1手目 ▲7八歩兵 （←7九）\n2手目 △6五歩兵 （←6四）\n\
               3手目一歩目 ▲7九獅子 （←7十）\n3手目二歩目 ▲6八獅子 （←7九）\n\
               4手目 △投了\nまで3手で先手の勝ち\n";
    let read = post(addr, "/api/records/read", &json!({"text": kif}))
        .await
        .expect(200)
        .json();
    assert_eq!(
        (&read["variant"], &read["format"]),
        (&json!("chushogi"), &json!("kif"))
    );
    assert_eq!(read["moves"], json!(["7i7h", "6d6e", "7j7i6h"]));
    assert_eq!(
        (&read["header"]["sente"], &read["header"]["gote"]),
        (&json!("Aiko"), &json!("Bert"))
    );
    assert_eq!(read["history"][2]["japanese"], "７九・６八獅");
    assert_eq!(read["outcome"]["winner"], "sente", "{read}");
    let tree = read["tree"].as_array().unwrap();
    assert_eq!(tree.len(), 5, "the start, three moves, the resignation");
    assert_eq!(tree[3]["move"]["usi"], "7j7i6h");
    assert_eq!(
        (&tree[4]["end"], &tree[4]["parent"]),
        (&json!("投了"), &json!(3))
    );
    assert_eq!(tree[0]["children"], json!([1]));
    // The same game as a USI line, the variant named.
    let usi = json!({"text": "startpos moves 7i7h 6d6e", "variant": "chushogi"});
    let read = post(addr, "/api/records/read", &usi)
        .await
        .expect(200)
        .json();
    assert_eq!(
        (&read["format"], &read["tree"].as_array().unwrap().len()),
        (&json!("usi"), &3)
    );
    // A line written as a record, as the board writes a stored game's.
    let line = json!({"variant": "chushogi", "moves": ["7i7h", "6d6e", "7j7i6h"], "format": "kif"});
    let written = post(addr, "/api/records/write", &line)
        .await
        .expect(200)
        .body;
    assert!(
        written.contains("3手目二歩目 ▲6八獅子 （←7九）"),
        "{written}"
    );
    // The header goes through a conversion to KIF.
    let again = convert(addr, kif, "kif").await;
    assert!(
        again["text"]
            .as_str()
            .unwrap()
            .starts_with("開始日時：2026/12/02 07:00\n先手：Aiko\n"),
        "{again}"
    );
    server.shutdown().await.unwrap();
}

/// Chu records through the same endpoint: a KIF as lishogi writes Chu is told by its
/// moves, a USI line by the variant named; what Chu has no format for is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chu_records_are_converted() {
    let (_dir, server, addr) = fresh_server().await;
    let line = "position startpos moves 7i7h 6d6e 7j7i6h 7d7e";
    let kif = post(
        addr,
        "/api/records/convert",
        &json!({"text": line, "variant": "chushogi", "to": "kif"}),
    )
    .await
    .expect(200)
    .json();
    let text = kif["text"].as_str().unwrap();
    assert!(
        text.contains("3手目一歩目 ▲7九獅子 （←7十）\n3手目二歩目 ▲6八獅子 （←7九）"),
        "{text}"
    );
    let back = convert(addr, text, "usi").await;
    assert_eq!(back["text"], format!("{line}\n"));
    let refused = post(
        addr,
        "/api/records/convert",
        &json!({"text": text, "to": "csa"}),
    )
    .await
    .expect(400)
    .json();
    assert_eq!(refused["code"], "unwritable_record", "{refused}");
    let refused = post(
        addr,
        "/api/records/convert",
        &json!({"text": "position startpos moves 7i7h 7i7i", "variant": "chu", "to": "kif"}),
    )
    .await
    .expect(400)
    .json();
    assert_eq!(refused["code"], "unreadable_record", "{refused}");
    server.shutdown().await.unwrap();
}
