//! The studies (`/api/studies`): every corpus record with variations or comments goes into a
//! study of three chapters, out as a ZIP of KIF files and back in unchanged; a lesson's
//! leader moves every reader's board, and three followers stay in step with him through
//! moves, steps back, variations, another chapter and a delete; who may read, edit and
//! manage a study is kept, and bad requests are refused by name.

use crate::accounts::{as_page, log_in, sign_up};
use crate::common::*;
use serde_json::{Value, json};
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A new account's session cookie.
async fn account(addr: SocketAddr, name: &str) -> String {
    sign_up(addr, name, "a-long-pass-phrase").await.expect(201);
    log_in(addr, name, "a-long-pass-phrase").await
}

/// Asserts that a request with `cookie` from the server's own page is refused with `status`
/// and the error `code`.
async fn refused(
    addr: SocketAddr,
    method: &str,
    path: &str,
    cookie: &str,
    body: Option<Value>,
    status: u16,
    code: &str,
) {
    refused_as(
        as_page(addr, method, path, cookie, body).await,
        status,
        code,
    );
}

/// The bytes of a `GET` (a ZIP is no text): status and body.
async fn get_bytes(addr: SocketAddr, path: &str, cookie: &str) -> (u16, Vec<u8>) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let text = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(text.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    stream.read_to_end(&mut buf).await.unwrap();
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("HTTP answer");
    let head = String::from_utf8_lossy(&buf[..split]).to_string();
    assert!(!head.to_ascii_lowercase().contains("chunked"), "{head}");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, buf[split + 4..].to_vec())
}

/// A tree as KIF keeps it: each node's place, move, ending, comments and bookmark (as the
/// analysis board's test compares them), and the time each move took.
fn kept(tree: &Value) -> Vec<Value> {
    let times = tree
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["spent_ms"].clone());
    crate::record_tree::kept(tree, true)
        .into_iter()
        .zip(times)
        .map(|(mut node, spent)| {
            node["spent_ms"] = spent;
            node
        })
        .collect()
}

/// A new study of the records `texts`, one chapter each: its id.
async fn study_of(addr: SocketAddr, cookie: &str, name: &str, texts: &[&str]) -> String {
    let made = as_page(
        addr,
        "POST",
        "/api/studies",
        cookie,
        Some(json!({ "name": name, "visibility": "private", "chapter": { "text": texts[0] } })),
    )
    .await
    .expect(201)
    .json();
    let id = made["id"].as_str().unwrap().to_string();
    for text in &texts[1..] {
        let path = format!("/api/studies/{id}/chapters");
        as_page(addr, "POST", &path, cookie, Some(json!({ "text": text })))
            .await
            .expect(201);
    }
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_annotated_corpus_record_goes_through_a_study_and_back_unchanged() {
    let (_dir, server, addr) = unlimited_server().await;
    let cookie = account(addr, "teacher").await;
    let records = crate::record_tree::annotated_corpus(addr).await;
    assert!(
        records.len() >= 10,
        "only {} records have variations or comments",
        records.len()
    );
    for (n, group) in records.chunks(3).enumerate() {
        let names: Vec<&str> = group.iter().map(|(name, _, _)| name.as_str()).collect();
        let texts: Vec<&str> = group.iter().map(|(_, text, _)| text.as_str()).collect();
        let id = study_of(addr, &cookie, &format!("corpus {n}"), &texts).await;
        let first = as_page(addr, "GET", &format!("/api/studies/{id}"), &cookie, None)
            .await
            .expect(200)
            .json();
        let chapters = first["chapters"].as_array().unwrap();
        assert_eq!(chapters.len(), group.len());
        // Each chapter is its record: every variation and comment kept.
        for ((name, _, read), chapter) in group.iter().zip(chapters) {
            assert_eq!(
                kept(&chapter["tree"]),
                kept(&read["tree"]),
                "{name} as a chapter"
            );
        }
        // The study as a ZIP of KIF files, one a chapter in order, read back as a new study.
        let (status, zip) = get_bytes(
            addr,
            &format!("/api/studies/{id}/export?format=kif"),
            &cookie,
        )
        .await;
        assert_eq!(status, 200);
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).expect("a ZIP");
        assert_eq!(archive.len(), group.len());
        let mut kifs = Vec::new();
        for i in 0..archive.len() {
            let mut file = archive.by_index(i).unwrap();
            let name = file.name().unwrap().to_string();
            assert!(name.ends_with(".kif"), "{name}");
            assert!(name.starts_with(&format!("{:02}-", i + 1)), "{name}");
            let mut text = String::new();
            std::io::Read::read_to_string(&mut file, &mut text).unwrap();
            kifs.push(text);
        }
        let kif_refs: Vec<&str> = kifs.iter().map(String::as_str).collect();
        let again_id = study_of(addr, &cookie, &format!("corpus {n} again"), &kif_refs).await;
        let again = as_page(
            addr,
            "GET",
            &format!("/api/studies/{again_id}"),
            &cookie,
            None,
        )
        .await
        .expect(200)
        .json();
        for (i, (before, after)) in chapters
            .iter()
            .zip(again["chapters"].as_array().unwrap())
            .enumerate()
        {
            let what = format!("{} through the study's KIF:\n{}", names[i], kifs[i]);
            assert_eq!(kept(&after["tree"]), kept(&before["tree"]), "{what}");
            assert_eq!(after["start_sfen"], before["start_sfen"], "{what}");
            assert_eq!(after["header"], before["header"], "{what}");
            assert_eq!(after["name"], before["name"], "{what}");
        }
    }
    server.shutdown().await.unwrap();
}

/// A study's socket, with a session cookie or as a guest.
async fn study_socket(addr: SocketAddr, id: &str, cookie: Option<&str>) -> Socket {
    let headers: Vec<_> = cookie
        .map(|c| ("Cookie", c.to_string()))
        .into_iter()
        .collect();
    socket_with(addr, &format!("/api/studies/{id}/ws"), &headers).await
}

/// What one reader's page knows: each chapter's last tree, and the study's last state.
#[derive(Default)]
struct Board {
    chapters: std::collections::BTreeMap<u64, Value>,
    study: Value,
}

impl Board {
    /// Reads until the study's state is numbered `version` or more; the errors met.
    async fn catch_up(&mut self, ws: &mut Socket, version: u64) -> Vec<Value> {
        let mut errors = Vec::new();
        while self.study["version"].as_u64().unwrap_or(0) < version {
            let m = next_any(ws, 20.0).await;
            match m["type"].as_str().unwrap() {
                "chapter" => {
                    self.chapters.insert(m["number"].as_u64().unwrap(), m);
                }
                "study" => self.study = m,
                "error" => errors.push(m),
                _ => {}
            }
        }
        errors
    }

    /// The position the lesson shows on this board: its chapter, node and SFEN.
    fn shown(&self) -> (u64, u64, String) {
        let lesson = &self.study["lesson"];
        let (chapter, node) = (
            lesson["chapter"].as_u64().unwrap(),
            lesson["node"].as_u64().unwrap(),
        );
        let tree = &self.chapters[&chapter];
        let sfen = match node {
            0 => tree["start_sfen"].as_str().unwrap().to_string(),
            n => tree["tree"][n as usize]["move"]["sfen"]
                .as_str()
                .unwrap()
                .to_string(),
        };
        (chapter, node, sfen)
    }
}

/// The next message of a study's socket for which `done` holds.
async fn heard(ws: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let m = next_any(ws, 20.0).await;
        if done(&m) {
            return m;
        }
    }
}

/// The lines of a tree from node `id`: each move with its comments and what follows it,
/// whatever the nodes' numbers.
fn lines(tree: &Value, id: usize) -> Value {
    let node = &tree[id];
    let children: Vec<Value> = node["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| lines(tree, c.as_u64().unwrap() as usize))
        .collect();
    json!({ "usi": node["move"]["usi"], "comments": node["comments"], "then": children })
}

/// A leader's step: his message, made from what his board shows.
type Step = Box<dyn Fn(&Board) -> Value>;

/// The node after `parent` of chapter `tree` that plays `usi`.
fn child(chapter: &Value, parent: u64, usi: &str) -> u64 {
    chapter["tree"][parent as usize]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .find(|&c| chapter["tree"][c as usize]["move"]["usi"] == usi)
        .unwrap_or_else(|| panic!("no {usi} after {parent}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_keeps_the_leader_and_three_followers_in_step() {
    let (dir, server, addr) = fresh_server().await;
    let sensei = account(addr, "sensei").await;
    let ann = account(addr, "ann").await;
    let bob = account(addr, "bob").await;
    let made = as_page(
        addr,
        "POST",
        "/api/studies",
        &sensei,
        Some(json!({ "name": "Ranging rook", "visibility": "public" })),
    )
    .await
    .expect(201)
    .json();
    let id = made["id"].as_str().unwrap().to_string();
    assert_eq!(made["chapters"][0]["name"], "Chapter 1");
    let second = as_page(
        addr,
        "POST",
        &format!("/api/studies/{id}/chapters"),
        &sensei,
        Some(json!({ "name": "Tsume", "sfen": "4k4/9/4G4/9/9/9/9/9/4K4 b G2r2b2g4s4n4l18p 1" })),
    )
    .await
    .expect(201)
    .json();
    let tsume = second["added"].as_u64().unwrap();
    for (who, role) in [("ann", "watch"), ("bob", "edit")] {
        let path = format!("/api/studies/{id}/members/{who}");
        as_page(addr, "PUT", &path, &sensei, Some(json!({ "role": role })))
            .await
            .expect(200);
    }
    // The leader, two members and a guest.
    let mut leader = study_socket(addr, &id, Some(&sensei)).await;
    let mut followers = vec![
        study_socket(addr, &id, Some(&ann)).await,
        study_socket(addr, &id, Some(&bob)).await,
        study_socket(addr, &id, None).await,
    ];
    assert_eq!(next_any(&mut leader, 20.0).await["access"], "owner");
    let accesses: Vec<Value> = {
        let mut seen = Vec::new();
        for ws in &mut followers {
            seen.push(next_any(ws, 20.0).await["access"].clone());
        }
        seen
    };
    assert_eq!(accesses, ["watch", "edit", "read"]);
    let mut boards: Vec<Board> = (0..4).map(|_| Board::default()).collect();

    // Each step by the leader, then every board shows what his shows.
    let steps: Vec<Step> = vec![
        Box::new(|_| json!({ "type": "lesson", "on": true, "chapter": 0, "node": 0 })),
        Box::new(|_| json!({ "type": "move", "chapter": 0, "node": 0, "usi": "7g7f" })),
        Box::new(|b| json!({ "type": "move", "chapter": 0, "node": b.shown().1, "usi": "3c3d" })),
        Box::new(|b| json!({ "type": "move", "chapter": 0, "node": b.shown().1, "usi": "2h7h" })),
        Box::new(|_| json!({ "type": "go", "chapter": 0, "node": 1 })),
        // A variation: 8c8d instead of 3c3d.
        Box::new(|_| json!({ "type": "move", "chapter": 0, "node": 1, "usi": "8c8d" })),
        Box::new(
            |b| json!({ "type": "comment", "chapter": 0, "node": b.shown().1, "text": "Static rook's answer" }),
        ),
        Box::new(move |_| json!({ "type": "go", "chapter": tsume, "node": 0 })),
        Box::new(move |_| json!({ "type": "move", "chapter": tsume, "node": 0, "usi": "G*4b" })),
        Box::new(move |_| json!({ "type": "go", "chapter": 0, "node": 2 })),
        // The leader deletes the line shown: every board goes back to its parent.
        Box::new(|b| json!({ "type": "delete", "chapter": 0, "node": b.shown().1 })),
    ];
    // Each page starts with the study as it is (its chapters, then its state).
    let mut leader_board = Board::default();
    leader_board.catch_up(&mut leader, 1).await;
    for (board, ws) in boards.iter_mut().zip(&mut followers) {
        board.catch_up(ws, 1).await;
    }
    for (i, step) in steps.iter().enumerate() {
        let message = step(&leader_board);
        send(&mut leader, message.clone()).await;
        let version = leader_board.study["version"].as_u64().unwrap() + 1;
        let errors = leader_board.catch_up(&mut leader, version).await;
        assert!(errors.is_empty(), "step {i} {message}: {errors:?}");
        let shown = leader_board.shown();
        for (f, ws) in followers.iter_mut().enumerate() {
            boards[f].catch_up(ws, version).await;
            assert_eq!(
                boards[f].shown(),
                shown,
                "follower {f} after step {i}: {message}"
            );
        }
    }
    // Where the boards ended: after 7g7f (3c3d and its line deleted), in chapter 0.
    let (chapter, node, sfen) = leader_board.shown();
    assert_eq!((chapter, node), (0, 1));
    assert_eq!(
        sfen,
        leader_board.chapters[&0]["tree"][1]["move"]["sfen"]
            .as_str()
            .unwrap()
    );
    assert_eq!(child(&leader_board.chapters[&0], 1, "8c8d"), 4);
    assert_eq!(
        leader_board.chapters[&tsume]["tree"][1]["move"]["usi"],
        "G*4b"
    );

    // Only the leader moves everyone's board; a watcher or a guest changes nothing.
    send(
        &mut followers[1],
        json!({ "type": "go", "chapter": 0, "node": 0 }),
    )
    .await;
    assert_eq!(
        heard(&mut followers[1], |m| m["type"] == "error").await["code"],
        "not_leading"
    );
    send(
        &mut followers[0],
        json!({ "type": "move", "chapter": 0, "node": 0, "usi": "2g2f" }),
    )
    .await;
    assert_eq!(
        heard(&mut followers[0], |m| m["type"] == "error").await["code"],
        "not_study_editor"
    );
    send(&mut followers[2], json!({ "type": "lesson", "on": true })).await;
    assert_eq!(
        heard(&mut followers[2], |m| m["type"] == "error").await["code"],
        "not_study_editor"
    );
    send(
        &mut leader,
        json!({ "type": "engine", "on": true, "chapter": 0 }),
    )
    .await;
    assert_eq!(
        heard(&mut leader, |m| m["type"] == "error").await["code"],
        "invalid_study"
    );
    send(
        &mut leader,
        json!({ "type": "move", "chapter": 0, "node": 0, "usi": "5a5b" }),
    )
    .await;
    let illegal = heard(&mut leader, |m| m["type"] == "error").await;
    assert_eq!(illegal["code"], "invalid_review", "{illegal}");
    // An editor takes the lesson over, then ends it.
    send(
        &mut followers[1],
        json!({ "type": "lesson", "on": true, "chapter": tsume, "node": 1 }),
    )
    .await;
    let taken = heard(&mut leader, |m| {
        m["type"] == "study" && m["lesson"]["leader"] == "bob"
    })
    .await;
    assert_eq!(taken["lesson"]["chapter"], tsume);
    send(&mut followers[1], json!({ "type": "lesson", "on": false })).await;
    heard(&mut followers[0], |m| {
        m["type"] == "study" && m["lesson"].is_null()
    })
    .await;

    // The study is kept as it was left: read again after a restart (its deleted nodes gone,
    // the others numbered again), the lesson's board where it was.
    send(
        &mut leader,
        json!({ "type": "lesson", "on": true, "chapter": 0, "node": 4 }),
    )
    .await;
    heard(&mut followers[0], |m| {
        m["type"] == "study" && m["lesson"]["leader"] == "sensei"
    })
    .await;
    let before = get(addr, &format!("/api/studies/{id}"))
        .await
        .expect(200)
        .json();
    drop((leader, followers));
    server.shutdown().await.unwrap();
    let server = start(&dir.db()).await;
    let addr = server.local_addr();
    let after = get(addr, &format!("/api/studies/{id}"))
        .await
        .expect(200)
        .json();
    for (a, b) in after["chapters"]
        .as_array()
        .unwrap()
        .iter()
        .zip(before["chapters"].as_array().unwrap())
    {
        assert_eq!(lines(&a["tree"], 0), lines(&b["tree"], 0));
    }
    assert_eq!(after["members"], before["members"]);
    let shown = |study: &Value| {
        let lesson = &study["lesson"];
        let chapter = &study["chapters"][lesson["chapter"].as_u64().unwrap() as usize];
        chapter["tree"][lesson["node"].as_u64().unwrap() as usize]["move"]["sfen"].clone()
    };
    assert_eq!(shown(&after), shown(&before));
    assert_eq!(after["lesson"]["node"], 2);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn who_may_read_edit_and_manage_a_study() {
    let (_dir, server, addr) = fresh_server().await;
    let owner = account(addr, "owner").await;
    let ann = account(addr, "ann").await;
    let eve = account(addr, "eve").await;
    // Made from a position: a guest cannot make one.
    let body = json!({ "name": "Endgames", "visibility": "private" });
    refused_as(post(addr, "/api/studies", &body).await, 401, "unauthorized");
    let made = as_page(addr, "POST", "/api/studies", &owner, Some(body))
        .await
        .expect(201)
        .json();
    let id = made["id"].as_str().unwrap().to_string();
    let path = format!("/api/studies/{id}");
    // Private: nobody else finds it, or reads it (as if there were none).
    refused_as(get(addr, &path).await, 404, "study_not_found");
    refused(addr, "GET", &path, &eve, None, 404, "study_not_found").await;
    let listed = |reply: Reply| -> Vec<String> {
        reply.expect(200).json()["studies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        listed(as_page(addr, "GET", "/api/studies", &owner, None).await),
        [id.as_str()]
    );
    assert!(listed(as_page(addr, "GET", "/api/studies", &eve, None).await).is_empty());
    // A member who watches reads it and finds it, changes nothing.
    let members = format!("{path}/members/ann");
    refused(
        addr,
        "PUT",
        &members,
        &eve,
        Some(json!({ "role": "edit" })),
        404,
        "study_not_found",
    )
    .await;
    refused(
        addr,
        "PUT",
        &members,
        &owner,
        Some(json!({ "role": "king" })),
        400,
        "invalid_study",
    )
    .await;
    let nobody = format!("{path}/members/nobody");
    refused(
        addr,
        "PUT",
        &nobody,
        &owner,
        Some(json!({ "role": "edit" })),
        400,
        "invalid_study",
    )
    .await;
    as_page(
        addr,
        "PUT",
        &members,
        &owner,
        Some(json!({ "role": "watch" })),
    )
    .await
    .expect(200);
    assert_eq!(
        as_page(addr, "GET", &path, &ann, None)
            .await
            .expect(200)
            .json()["access"],
        "watch"
    );
    assert_eq!(
        listed(as_page(addr, "GET", "/api/studies", &ann, None).await),
        [id.as_str()]
    );
    let chapters = format!("{path}/chapters");
    refused(
        addr,
        "POST",
        &chapters,
        &ann,
        Some(json!({ "sfen": "9/9/9/9/9/9/9/9/9 b - 1" })),
        403,
        "not_study_editor",
    )
    .await;
    refused(
        addr,
        "PATCH",
        &path,
        &ann,
        Some(json!({ "name": "Mine" })),
        403,
        "not_study_owner",
    )
    .await;
    // An editor adds chapters; a broken record is refused naming what is wrong.
    as_page(
        addr,
        "PUT",
        &members,
        &owner,
        Some(json!({ "role": "edit" })),
    )
    .await
    .expect(200);
    let broken = as_page(
        addr,
        "POST",
        &chapters,
        &ann,
        Some(json!({ "text": "手合割：平手\n1 ７六歩(77)\n2 ９九飛(11)\n" })),
    )
    .await;
    assert_eq!(broken.status, 400, "{}", broken.body);
    // A main line with a move from an empty square is refused naming it, in the words the
    // record screen uses (one reading serves both).
    let illegal = "position startpos moves 7g7f 3c3d 5e5d 8c8d";
    let screen = post(addr, "/api/records/read", &json!({ "text": illegal })).await;
    let chapter = as_page(
        addr,
        "POST",
        &chapters,
        &ann,
        Some(json!({ "text": illegal })),
    )
    .await;
    assert_eq!(chapter.status, screen.status, "{}", chapter.body);
    assert_eq!(chapter.status, 400, "{}", chapter.body);
    assert_eq!(chapter.json()["error"], screen.json()["error"]);
    let added = as_page(
        addr,
        "POST",
        &chapters,
        &ann,
        Some(json!({ "name": "Sente's edge", "sfen": "4k4/9/9/9/9/9/9/9/4K4 b R 1" })),
    )
    .await
    .expect(201)
    .json();
    assert_eq!(added["chapters"].as_array().unwrap().len(), 2);
    let number = added["added"].as_u64().unwrap();
    refused(
        addr,
        "PATCH",
        &format!("{chapters}/{number}"),
        &ann,
        Some(json!({ "name": " " })),
        400,
        "invalid_study",
    )
    .await;
    as_page(
        addr,
        "PATCH",
        &format!("{chapters}/{number}"),
        &ann,
        Some(json!({ "name": "Rook up" })),
    )
    .await
    .expect(200);
    refused(
        addr,
        "DELETE",
        &format!("{chapters}/99"),
        &ann,
        None,
        404,
        "chapter_not_found",
    )
    .await;
    // The owner makes it unlisted: read by its address, listed for nobody else.
    refused(
        addr,
        "PATCH",
        &path,
        &owner,
        Some(json!({ "visibility": "secret" })),
        400,
        "invalid_study",
    )
    .await;
    as_page(
        addr,
        "PATCH",
        &path,
        &owner,
        Some(json!({ "visibility": "unlisted", "name": "Endgames I" })),
    )
    .await
    .expect(200);
    let read = get(addr, &path).await.expect(200).json();
    assert_eq!(
        (read["name"].as_str(), read["access"].as_str()),
        (Some("Endgames I"), Some("read"))
    );
    assert_eq!(read["chapters"][1]["name"], "Rook up");
    assert!(listed(as_page(addr, "GET", "/api/studies", &eve, None).await).is_empty());
    // A chapter's export in each format; CSA says what it cannot keep.
    let kif = get(addr, &format!("{chapters}/{number}/export?format=kif"))
        .await
        .expect(200)
        .json();
    assert_eq!(kif["name"], "Rook up");
    assert!(
        kif["text"].as_str().unwrap().contains("先手の持駒：飛"),
        "{kif}"
    );
    refused_as(
        get(addr, &format!("{chapters}/{number}/export?format=pdf")).await,
        400,
        "unknown_name",
    );
    // The last chapter stays; a member leaves by himself; only the owner deletes it.
    as_page(addr, "DELETE", &format!("{chapters}/0"), &ann, None)
        .await
        .expect(204);
    refused(
        addr,
        "DELETE",
        &format!("{chapters}/{number}"),
        &ann,
        None,
        400,
        "invalid_study",
    )
    .await;
    refused(addr, "DELETE", &path, &ann, None, 403, "not_study_owner").await;
    as_page(addr, "DELETE", &members, &ann, None)
        .await
        .expect(204);
    assert_eq!(
        as_page(addr, "GET", &path, &ann, None)
            .await
            .expect(200)
            .json()["access"],
        "read"
    );
    as_page(addr, "DELETE", &path, &owner, None)
        .await
        .expect(204);
    refused_as(get(addr, &path).await, 404, "study_not_found");
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chu_study_takes_a_game_its_lion_moves_and_a_position_of_its_own() {
    let (_dir, server, addr) = fresh_server().await;
    let cookie = account(addr, "chu_teacher").await;
    // A Chu game as KIF (as lishogi writes Chu): the study's first chapter, told by its text.
    let line = json!({"variant": "chushogi", "moves": ["7i7h", "6d6e", "7j7i6h"], "format": "kif"});
    let kif = post(addr, "/api/records/write", &line)
        .await
        .expect(200)
        .body;
    let id = study_of(addr, &cookie, "Chu openings", &[&kif]).await;
    let path = format!("/api/studies/{id}/chapters");
    let body = json!({"name": "Lion alone", "variant": "chushogi", "sfen": "kp10/12/12/12/12/12/6N5/12/12/12/12/11K b - 1"});
    let second = as_page(addr, "POST", &path, &cookie, Some(body))
        .await
        .expect(201)
        .json();
    let alone = second["added"].as_u64().unwrap();
    let study = as_page(addr, "GET", &format!("/api/studies/{id}"), &cookie, None)
        .await
        .expect(200)
        .json();
    let game = &study["chapters"][0];
    assert_eq!(game["variant"], "chushogi", "{game}");
    assert_eq!(game["tree"][3]["move"]["japanese"], "７九・６八獅");
    assert_eq!(study["chapters"][1]["variant"], "chushogi");
    // A variation with the lion's other double move, and a comment on it, by the socket.
    let mut ws = study_socket(addr, &id, Some(&cookie)).await;
    let mut board = Board::default();
    board.catch_up(&mut ws, 1).await;
    let version = board.study["version"].as_u64().unwrap();
    send(
        &mut ws,
        json!({"type": "move", "chapter": 0, "node": 2, "usi": "7j7i8h"}),
    )
    .await;
    let errors = board.catch_up(&mut ws, version + 1).await;
    assert!(errors.is_empty(), "{errors:?}");
    let v = child(&board.chapters[&0], 2, "7j7i8h");
    send(
        &mut ws,
        json!({"type": "comment", "chapter": 0, "node": v, "text": "八八へ"}),
    )
    .await;
    send(
        &mut ws,
        json!({"type": "move", "chapter": alone, "node": 0, "usi": "6g6f6e"}),
    )
    .await;
    let errors = board.catch_up(&mut ws, version + 3).await;
    assert!(errors.is_empty(), "{errors:?}");
    child(&board.chapters[&alone], 0, "6g6f6e");
    // A move that is none of Chu's, refused by name.
    send(
        &mut ws,
        json!({"type": "move", "chapter": alone, "node": 0, "usi": "P*5e"}),
    )
    .await;
    let refusal = heard(&mut ws, |m| m["type"] == "error").await;
    assert_eq!(refusal["code"], "invalid_review", "{refusal}");
    // Written as Chu's records keep it: the main line, saying what was left out; read back.
    let chapter = |n: u64, format: &str| {
        let path = format!("/api/studies/{id}/chapters/{n}/export?format={format}");
        let cookie = cookie.clone();
        async move {
            as_page(addr, "GET", &path, &cookie, None)
                .await
                .expect(200)
                .json()
        }
    };
    let written = chapter(0, "kif").await;
    let codes: Vec<&str> = (written["warnings"].as_array().unwrap().iter())
        .map(|w| w["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["variations_dropped", "comments_dropped"],
        "{written}"
    );
    let text = written["text"].as_str().unwrap();
    let back = post(
        addr,
        "/api/records/convert",
        &json!({"text": text, "to": "usi"}),
    )
    .await
    .expect(200)
    .json();
    assert!(
        back["text"]
            .as_str()
            .unwrap()
            .trim_end()
            .ends_with("moves 7i7h 6d6e 7j7i6h"),
        "{back}"
    );
    let usi = chapter(alone, "usi").await;
    assert!(
        usi["text"]
            .as_str()
            .unwrap()
            .trim_end()
            .ends_with("b - 1 moves 6g6f6e"),
        "{usi}"
    );
    refused_as(
        as_page(
            addr,
            "GET",
            &format!("/api/studies/{id}/chapters/0/export?format=csa"),
            &cookie,
            None,
        )
        .await,
        400,
        "unwritable_record",
    );
    server.shutdown().await.unwrap();
}
