//! The European Shogi Championship's format over the board: an 8-player knockout whose
//! losers play on in a parallel Swiss, keeping their points.

use crate::common::fresh_server_with;
use crate::lishogi_api::account;
use crate::tournaments::{create, send};
use serde_json::{Value, json};
use std::collections::BTreeSet;

/// The boards of round `r` (0-based) as (sente, gote) player numbers.
fn boards(t: &Value, r: usize) -> Vec<(u64, u64)> {
    t["rounds"][r]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["sente"].as_u64().unwrap(), b["gote"].as_u64().unwrap()))
        .collect()
}

/// The knockout's board indices of round `r` (the rest are the Swiss's).
fn knockout_boards(t: &Value, r: usize) -> usize {
    t["knockout"]["bracket"][r]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| !m["a"].is_null() && !m["b"].is_null())
        .count()
}

#[tokio::test]
async fn knockout_losers_play_on_in_a_swiss_keeping_their_points() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let director = account(addr, "Esc").await;
    let body = json!({"name": "ESC", "format": "knockout", "online": false, "losers_swiss": true});
    let (id, _) = create(addr, &director, body).await;
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    for k in 0..8 {
        let entry = json!({"name": format!("P{k}"), "rating": 2000 - 50 * k});
        send(addr, "POST", &path("players"), Some(&director), Some(entry))
            .await
            .expect(201);
    }
    let mut t = send(addr, "POST", &path("start"), Some(&director), None)
        .await
        .expect(200)
        .json();
    assert_eq!(t["rounds_planned"], 3);
    let mut out: BTreeSet<u64> = BTreeSet::new();
    let mut met: BTreeSet<(u64, u64)> = BTreeSet::new();
    // Half points per player, counted here: sente wins every game.
    let mut points = [0u64; 9];
    for r in 0..3 {
        let all = boards(&t, r);
        let ko = knockout_boards(&t, r);
        let (knockout, swiss) = all.split_at(ko);
        assert_eq!(knockout.len(), 4 >> r, "round {}: {all:?}", r + 1);
        // The Swiss is exactly those out already, each paired once, never again.
        let in_swiss: BTreeSet<u64> = swiss.iter().flat_map(|&(s, g)| [s, g]).collect();
        assert_eq!(in_swiss, out, "round {}", r + 1);
        assert_eq!(2 * swiss.len(), out.len());
        for &(s, g) in &all {
            assert!(met.insert((s.min(g), s.max(g))), "{s} and {g} meet twice");
        }
        for &(s, g) in knockout {
            assert!(!out.contains(&s) && !out.contains(&g));
        }
        // Those who scored the same so far meet in the Swiss where they can: round 2's
        // losers (one win each) meet each other in round 3.
        if r == 2 {
            for &(s, g) in swiss {
                assert_eq!(
                    points[s as usize] == 2,
                    points[g as usize] == 2,
                    "{swiss:?}"
                );
            }
        }
        for (board, &(s, g)) in all.iter().enumerate() {
            let result = json!({"round": r + 1, "board": board + 1, "result": "sente"});
            t = send(
                addr,
                "POST",
                &path("results"),
                Some(&director),
                Some(result),
            )
            .await
            .expect(200)
            .json();
            points[s as usize] += 2;
            if board < ko {
                out.insert(g);
            }
        }
        if r < 2 {
            t = send(addr, "POST", &path("rounds"), Some(&director), None)
                .await
                .expect(201)
                .json();
        }
    }
    assert_eq!(t["status"], "finished");
    for s in t["standings"].as_array().unwrap() {
        assert_eq!(
            s["points"].as_u64().unwrap(),
            points[s["n"].as_u64().unwrap() as usize]
        );
    }
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_losers_swiss_is_only_for_a_knockout() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let director = account(addr, "Esc2").await;
    let body = json!({"name": "S", "format": "swiss", "rounds": 3, "losers_swiss": true});
    let said = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&director),
        Some(body),
    )
    .await
    .expect(400)
    .json();
    assert!(said.to_string().contains("losers_swiss"), "{said}");
    server.shutdown().await.unwrap();
}
