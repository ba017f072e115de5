//! Chu shogi against the engine over HTTP: `POST /api/chu/state` and `/api/chu/engine`.

use crate::common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_and_the_engines_reply() {
    let (_dir, _server, addr) = fresh_server().await;
    let s = post(addr, "/api/chu/state", &json!({"moves": ["7i7h"]}))
        .await
        .expect(200)
        .json();
    assert_eq!(s["side"], "gote");
    assert_eq!(s["western"], json!(["P-78"]));
    assert!(s["legal"].as_array().unwrap().len() > 30);
    assert!(
        s["kif"]
            .as_str()
            .unwrap()
            .contains("1手目 ▲7八歩兵 （←7九）")
    );

    let e = post(
        addr,
        "/api/chu/engine",
        &json!({"moves": ["7i7h"], "movetime_ms": 100}),
    )
    .await
    .expect(200)
    .json();
    let reply = e["engine_move"].as_str().expect("the engine moved");
    assert_eq!(e["moves"][1], reply);
    assert_eq!(e["side"], "sente");
    assert!(e["legal"].as_array().unwrap().contains(&json!("7j7i6h")));

    // The engine takes a king it can take.
    let sfen = "kp10/12/12/12/12/12/12/12/12/12/12/R10K b - 1";
    let e = post(addr, "/api/chu/engine", &json!({"sfen": sfen, "moves": []}))
        .await
        .expect(200)
        .json();
    // Promoting or not, the rook takes the king.
    let taken = e["engine_move"].as_str().unwrap();
    assert!(["12l12a", "12l12a+"].contains(&taken), "{taken}");
    assert_eq!(
        e["outcome"],
        json!({"winner": "sente", "reason": "royal-captured"})
    );
    assert_eq!(e["legal"], json!([]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_lines_are_refused_with_their_reason() {
    let (_dir, _server, addr) = fresh_server().await;
    let m = refused_as(
        post(addr, "/api/chu/state", &json!({"moves": ["7i7h", "7i7h"]})).await,
        400,
        "illegal_move",
    );
    assert!(m.contains("move 2"), "{m}");
    refused_as(
        post(
            addr,
            "/api/chu/state",
            &json!({"sfen": "12/12 b - 1", "moves": []}),
        )
        .await,
        400,
        "invalid_position",
    );
    refused_as(
        post(addr, "/api/chu/state", &json!({"moves": "7i7h"})).await,
        400,
        "malformed_request",
    );
    let many = vec!["7i7h"; 2_001];
    refused_as(
        post(addr, "/api/chu/engine", &json!({ "moves": many })).await,
        413,
        "too_large",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_ends_the_line_and_its_kif() {
    let (_dir, _server, addr) = fresh_server().await;
    let s = post(
        addr,
        "/api/chu/state",
        &json!({"moves": ["7i7h"], "resigned": "gote"}),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(
        s["outcome"],
        json!({"winner": "sente", "reason": "resignation"})
    );
    assert_eq!(s["legal"], json!([]));
    assert!(
        s["kif"]
            .as_str()
            .unwrap()
            .ends_with("まで1手で先手の勝ち\n"),
        "{}",
        s["kif"]
    );
    // A side that is not one is refused, naming the field.
    let bad = post(
        addr,
        "/api/chu/state",
        &json!({"moves": [], "resigned": "black"}),
    )
    .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
}
