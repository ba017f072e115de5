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
        json!({"sente": "Alice", "gote": "Bob", "event": "研究会"})
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
    refused(
        json!({"text": text, "variant": "chess"}),
        400,
        "unknown_name",
    )
    .await;
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
