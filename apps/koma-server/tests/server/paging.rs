//! `GET /api/games` is paged: newest first, `page` from 1, `per` at most 100.

use crate::common::*;
use serde_json::{Value, json};

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_list_of_games_is_paged() {
    let (_dir, server, addr) = fresh_server().await;
    let mut created = Vec::new();
    for _ in 0..5 {
        let g = post(addr, "/api/games", &json!({}))
            .await
            .expect(201)
            .json();
        created.push(g["id"].as_str().unwrap().to_string());
        // Distinct creation times, so that the order is the order of creation.
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    }
    created.reverse();
    let page = |q: &'static str| async move {
        ids(&get(addr, &format!("/api/games{q}"))
            .await
            .expect(200)
            .json())
    };
    assert_eq!(
        page("").await,
        created,
        "no query: the first page, all five"
    );
    assert_eq!(page("?per=2").await, created[..2]);
    assert_eq!(page("?per=2&page=2").await, created[2..4]);
    assert_eq!(page("?per=2&page=3").await, created[4..]);
    assert!(page("?per=2&page=4").await.is_empty());
    assert_eq!(page("?per=0").await, created[..1], "at least one per page");
    assert_eq!(page("?per=100000").await, created, "capped, not refused");
    let bad = get(addr, "/api/games?page=x").await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    server.shutdown().await.unwrap();
}
