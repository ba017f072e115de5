//! The analysis board's trees: a line's moves with what may follow (`POST /api/line`), and
//! a tree of variations and comments the page holds written as a record
//! (`POST /api/records/export`) that reads back to the same tree: every corpus record with
//! variations or comments, in KIF, KI2 and JKF; CSA keeps the main line and says so.

use crate::common::*;
use serde_json::{Value, json};
use std::path::Path;

async fn read(addr: std::net::SocketAddr, text: &str) -> Value {
    post(addr, "/api/records/read", &json!({ "text": text }))
        .await
        .expect(200)
        .json()
}

async fn export(addr: std::net::SocketAddr, read: &Value, format: &str) -> Value {
    let body = json!({
        "variant": read["variant"],
        "start_sfen": read["start_sfen"],
        "header": read["header"]["entries"],
        "tree": read["tree"],
        "format": format,
    });
    post(addr, "/api/records/export", &body)
        .await
        .expect(200)
        .json()
}

/// A tree as the formats keep it: each node's place, move, ending, comments and bookmark
/// (`bookmarks` false: without them), not the time a move took.
pub(crate) fn kept(tree: &Value, bookmarks: bool) -> Vec<Value> {
    tree.as_array()
        .unwrap()
        .iter()
        .map(|n| {
            json!({
                "parent": n["parent"],
                "children": n["children"],
                "usi": n["move"]["usi"],
                "end": n["end"],
                "comments": n.get("comments").cloned().unwrap_or(json!([])),
                "bookmark": if bookmarks { n["bookmark"].clone() } else { Value::Null },
            })
        })
        .collect()
}

/// Whether a read's tree has a variation or a comment.
fn annotated(tree: &Value) -> bool {
    tree.as_array().unwrap().iter().any(|n| {
        n["children"].as_array().unwrap().len() > 1
            || n.get("comments").is_some_and(|c| c != &json!([]))
    })
}

/// The corpus's shogi records with variations or comments that koma reads: each one's
/// file name, text, and what `/api/records/read` answers.
pub(crate) async fn annotated_corpus(addr: std::net::SocketAddr) -> Vec<(String, String, Value)> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut found = Vec::new();
    for folder in ["kif", "ki2", "jkf"] {
        let mut files: Vec<_> = std::fs::read_dir(corpus.join(folder))
            .expect("the corpus is beside the project")
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
                ["kif", "kifu", "ki2", "ki2u", "jkf"].contains(&ext)
            })
            .collect();
        files.sort();
        for path in files {
            let text = koma_notation::encoding::decode(&std::fs::read(&path).unwrap()).0;
            let reply = post(addr, "/api/records/read", &json!({ "text": text })).await;
            if reply.status != 200 {
                // A record koma refuses (its corpus test says which and why) has no tree.
                continue;
            }
            let read = reply.json();
            if annotated(&read["tree"]) && read["variant"] == "shogi" {
                let name = path.file_name().unwrap().to_string_lossy().to_string();
                found.push((name, text.to_string(), read));
            }
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_annotated_corpus_record_goes_out_and_back_in_as_the_same_tree() {
    // Some hundred conversions: more than a client may ask in a burst.
    let (_dir, server, addr) = unlimited_server().await;
    let mut tried = Vec::new();
    for (name, _, first) in annotated_corpus(addr).await {
        for (format, bookmarks) in [("kif", true), ("ki2", false), ("jkf", false)] {
            let out = export(addr, &first, format).await;
            assert_eq!(out["format"], format);
            let again = read(addr, out["text"].as_str().unwrap()).await;
            assert_eq!(
                kept(&again["tree"], bookmarks),
                kept(&first["tree"], bookmarks),
                "{name} as {format}:\n{}",
                out["text"]
            );
            assert_eq!(
                again["start_sfen"], first["start_sfen"],
                "{name} as {format}"
            );
            assert_eq!(again["header"]["sente"], first["header"]["sente"], "{name}");
        }
        tried.push(name);
    }
    assert!(
        tried.len() >= 10,
        "only {tried:?} have variations or comments"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tree_made_on_the_board_is_written_and_csa_keeps_its_main_line() {
    let (_dir, server, addr) = fresh_server().await;
    // The board's tree: 7g7f 3c3d, with 8c8d as a variation of 3c3d and a comment on it, and
    // a variation of the first move.
    let tree = json!([
        {"parent": null, "children": [1, 4], "comments": ["the start"]},
        {"parent": 0, "children": [2, 3], "move": {"usi": "7g7f"}},
        {"parent": 1, "children": [], "move": {"usi": "3c3d"}},
        {"parent": 1, "children": [], "move": {"usi": "8c8d"}, "comments": ["a quiet reply"]},
        {"parent": 0, "children": [5], "move": {"usi": "2g2f"}},
        {"parent": 4, "children": [], "end": "投了"},
    ]);
    let body =
        |format: &str| json!({"tree": tree, "format": format, "header": [["先手", "Alice"]]});
    let kif = post(addr, "/api/records/export", &body("kif"))
        .await
        .expect(200)
        .json();
    assert_eq!(kif["warnings"], json!([]), "{kif}");
    let text = kif["text"].as_str().unwrap();
    assert!(text.contains("先手：Alice"), "{text}");
    let back = read(addr, text).await;
    assert_eq!(back["moves"], json!(["7g7f", "3c3d"]));
    let nodes = back["tree"].as_array().unwrap();
    assert_eq!(nodes.len(), 6, "{text}");
    assert_eq!(nodes[0]["comments"], json!(["the start"]));
    let reply = nodes.iter().find(|n| n["move"]["usi"] == "8c8d").unwrap();
    assert_eq!(reply["comments"], json!(["a quiet reply"]));
    assert_eq!(nodes.iter().filter(|n| n["end"] == "投了").count(), 1);
    // CSA has no variations: the main line, and a warning that says so.
    let csa = post(addr, "/api/records/export", &body("csa"))
        .await
        .expect(200)
        .json();
    assert!(
        csa["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w["code"] == "variations_dropped"),
        "{csa}"
    );
    assert_eq!(
        read(addr, csa["text"].as_str().unwrap()).await["moves"],
        json!(["7g7f", "3c3d"])
    );
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tree_that_is_no_record_is_refused_naming_the_node() {
    let (_dir, server, addr) = fresh_server().await;
    let start = json!({"parent": null, "children": []});
    for (tree, says) in [
        (json!([]), "start"),
        (json!([{"parent": 0, "move": {"usi": "7g7f"}}]), "start"),
        (
            json!([start, {"parent": 1, "move": {"usi": "7g7f"}}]),
            "node 1",
        ),
        (json!([start, {"parent": 0}]), "node 1"),
        (
            json!([start, {"parent": 0, "move": {"usi": "7g7f"}}, {"parent": 1, "move": {"usi": "7g7f"}}]),
            "node 2: 7g7f is illegal",
        ),
        (
            json!([start, {"parent": 0, "move": {"usi": "7z7f"}}]),
            "node 1: '7z7f' is not a move",
        ),
        (
            json!([start, {"parent": 0, "end": "勝ち\n2 ７六歩"}]),
            "node 1: '勝ち\n2 ７六歩' is not an ending a record may write",
        ),
        (
            json!([start, {"parent": 0, "end": "投了"}, {"parent": 1, "move": {"usi": "7g7f"}}]),
            "node 2",
        ),
    ] {
        let answer = post(
            addr,
            "/api/records/export",
            &json!({"tree": tree, "format": "kif"}),
        )
        .await
        .expect(400)
        .json();
        assert_eq!(answer["code"], "invalid_tree", "{tree}: {answer}");
        let message = answer["error"].as_str().unwrap();
        assert!(message.contains(says), "{tree}: {message}");
    }
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_comes_with_the_moves_that_may_follow() {
    let (_dir, server, addr) = fresh_server().await;
    let state = post(addr, "/api/line", &json!({"moves": ["7g7f", "3c3d"]}))
        .await
        .expect(200)
        .json();
    assert_eq!(state["history"].as_array().unwrap().len(), 2);
    assert_eq!(state["history"][1]["japanese"], "☖３四歩");
    assert_eq!(
        (&state["side"], &state["in_check"]),
        (&json!("sente"), &json!(false))
    );
    let legal: Vec<&str> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(legal.len(), 39, "{legal:?}");
    assert!(
        legal.contains(&"8h2b+") && legal.contains(&"8h2b"),
        "{legal:?}"
    );
    // In check, only the answers to it.
    let checked = post(
        addr,
        "/api/line",
        &json!({"start_sfen": "4k4/9/9/9/9/9/9/9/4K3r b - 1"}),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(checked["in_check"], true);
    assert!(checked["legal"].as_array().unwrap().len() <= 3, "{checked}");
    let illegal = post(addr, "/api/line", &json!({"moves": ["7g7f", "7g7f"]}))
        .await
        .expect(400)
        .json();
    assert_eq!(illegal["code"], "illegal_move", "{illegal}");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chu_line_comes_with_its_double_moves() {
    let (_dir, server, addr) = fresh_server().await;
    let line = json!({"variant": "chushogi", "moves": ["7i7h", "6d6e", "7j7i6h"]});
    let state = post(addr, "/api/line", &line).await.expect(200).json();
    let history = state["history"].as_array().unwrap();
    assert_eq!(history.len(), 3);
    assert_eq!(history[2]["usi"], "7j7i6h");
    // As lishogi writes the lion's two steps.
    assert_eq!(history[2]["western"], "Ln-79-68", "{}", history[2]);
    assert_eq!(history[2]["japanese"], "７九・６八獅", "{}", history[2]);
    assert_eq!(state["side"], "gote");
    assert_eq!(state["sfen"], history[2]["sfen"]);
    let legal: Vec<&str> = state["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    // Gote's lion steps twice as well; its pawn on 6e may go on.
    assert!(
        legal.contains(&"6e6f") && legal.iter().any(|m| m.len() == 6),
        "{legal:?}"
    );
    // A Chu start of the page's own, and a move that is not Chu's, named.
    let start = json!({"variant": "chushogi", "start_sfen": "k11/12/12/12/12/12/12/12/12/12/12/R10K b - 1"});
    let bare = post(addr, "/api/line", &start).await.expect(200).json();
    assert!(
        bare["legal"].as_array().unwrap().contains(&json!("12l12a")),
        "{bare}"
    );
    let wrong = json!({"variant": "chushogi", "moves": ["7g7f"]});
    let refused = post(addr, "/api/line", &wrong).await.expect(400).json();
    assert!(
        refused["error"].as_str().unwrap().contains("7g7f"),
        "{refused}"
    );
    server.shutdown().await.unwrap();
}

/// A Chu tree made on the board goes out as Chu's KIF: its main line with the header and
/// the resignation, what Chu's records have no place for named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chu_tree_is_exported_as_its_main_line() {
    let (_dir, server, addr) = fresh_server().await;
    let node = |parent: usize, usi: &str| json!({"parent": parent, "move": {"usi": usi}});
    let mut with_comment = node(1, "6d6e");
    with_comment["comments"] = json!(["the usual reply"]);
    let tree = json!([
        {"parent": null},
        node(0, "7i7h"),
        with_comment,
        node(1, "5d5e"),
        node(2, "7j7i6h"),
        {"parent": 4, "end": "投了"},
    ]);
    let request = json!({
        "variant": "chushogi",
        "header": [["先手", "Aiko"], ["後手", "Bert"]],
        "tree": tree,
        "format": "kif",
    });
    let answer = post(addr, "/api/records/export", &request)
        .await
        .expect(200)
        .json();
    let text = answer["text"].as_str().unwrap();
    assert!(text.starts_with("先手：Aiko\n後手：Bert\n"), "{text}");
    assert!(
        text.contains("3手目二歩目 ▲6八獅子 （←7九）\n4手目 △投了\n"),
        "{text}"
    );
    let codes: Vec<&str> = (answer["warnings"].as_array().unwrap().iter())
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["variations_dropped", "comments_dropped"],
        "{answer}"
    );
    // Read back: the same line, won by sente.
    let read = post(addr, "/api/records/read", &json!({"text": text}))
        .await
        .expect(200)
        .json();
    assert_eq!(read["moves"], json!(["7i7h", "6d6e", "7j7i6h"]));
    assert_eq!(read["outcome"]["winner"], "sente");
    // A move no Chu piece makes there is named by its node.
    let bad = json!({"variant": "chushogi", "tree": [{"parent": null}, node(0, "7g7f")], "format": "kif"});
    let refused = post(addr, "/api/records/export", &bad)
        .await
        .expect(400)
        .json();
    assert_eq!(refused["code"], "invalid_tree", "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("node 1"),
        "{refused}"
    );
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ending_koma_has_no_word_for_is_written_and_read_back_as_it_was() {
    let (_dir, server, addr) = fresh_server().await;
    // How a Dōbutsu game ends when the lion is taken: no KIF word says it.
    let word = "先手の勝ち（後手の王将を取った）";
    let tree = json!([
        {"parent": null},
        {"parent": 0, "move": {"usi": "7g7f"}},
        {"parent": 1, "end": word},
    ]);
    let written = post(
        addr,
        "/api/records/export",
        &json!({"tree": tree, "format": "kif"}),
    )
    .await
    .expect(200)
    .json();
    let text = written["text"].as_str().unwrap();
    let read = post(addr, "/api/records/read", &json!({"text": text}))
        .await
        .expect(200)
        .json();
    assert_eq!(read["tree"][2]["end"], word, "{text}");
    server.shutdown().await.unwrap();
}
