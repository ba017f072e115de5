//! Tournaments directed over HTTP, over the board: a knockout entered by hand (seeding, a
//! drawn game decided by the director, the exports), the refusals of other accounts, bodies
//! refused naming the field, and a field of two hundred paired.

use crate::common::{fresh_server_with, get, refused_as};
use crate::lishogi_api::account;
use crate::tournaments::{send, view};
use serde_json::{Value, json};

#[tokio::test]
async fn an_over_the_board_knockout_is_entered_by_its_director_alone() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let director = account(addr, "Td").await;
    let other = account(addr, "Other").await;
    let created = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&director),
        Some(json!({"name": "Cup", "format": "knockout", "online": false})),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    // Entries by the director only; a guest is asked to log in.
    let entry = |name: &str, rating: i32| json!({"name": name, "rating": rating, "fesa_id": format!("F-{name}")});
    refused_as(
        send(
            addr,
            "POST",
            &path("players"),
            Some(&other),
            Some(entry("X", 1500)),
        )
        .await,
        403,
        "not_director",
    );
    refused_as(
        send(addr, "POST", &path("players"), None, Some(entry("X", 1500))).await,
        401,
        "login_required",
    );
    for (name, rating) in [
        ("Low", 1200),
        ("Top", 2100),
        ("Mid", 1700),
        ("Second", 1900),
    ] {
        send(
            addr,
            "POST",
            &path("players"),
            Some(&director),
            Some(entry(name, rating)),
        )
        .await
        .expect(201);
    }
    refused_as(get(addr, &path("fesa.txt")).await, 409, "export_failed");
    refused_as(
        send(addr, "POST", &path("start"), Some(&other), None).await,
        403,
        "not_director",
    );
    let t = send(addr, "POST", &path("start"), Some(&director), None)
        .await
        .expect(200)
        .json();
    assert_eq!(t["rounds_planned"], 2);
    refused_as(
        send(addr, "POST", &path("rounds"), Some(&other), None).await,
        403,
        "not_director",
    );
    refused_as(
        send(
            addr,
            "POST",
            &path("withdraw"),
            Some(&other),
            Some(json!({"player": 1})),
        )
        .await,
        403,
        "not_director",
    );
    // Seeded by rating: Top (2) v Low (1), Second (4) v Mid (3); colours by furigoma.
    let pairs: Vec<(u64, u64)> = t["rounds"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let (s, g) = (b["sente"].as_u64().unwrap(), b["gote"].as_u64().unwrap());
            (s.min(g), s.max(g))
        })
        .collect();
    assert_eq!(pairs, [(1, 2), (3, 4)]);
    assert!(
        t["rounds"][0]["boards"][0]["game"].is_null(),
        "no online games"
    );
    let result = |round: usize, board: usize, result: &str| json!({"round": round, "board": board, "result": result, "handicap": null});
    refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&other),
            Some(result(1, 1, "sente")),
        )
        .await,
        403,
        "not_director",
    );
    // A drawn game has no winner: the next round waits for the decider's result.
    let t1 = &t["rounds"][0]["boards"];
    send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(result(1, 1, "draw")),
    )
    .await
    .expect(200);
    let said = refused_as(
        send(addr, "POST", &path("rounds"), Some(&director), None).await,
        409,
        "round_unfinished",
    );
    assert!(said.contains("board(s) 2"), "{said}");
    // The upset: Low beats Top (the armageddon); Second beats Mid by forfeit.
    let low_wins = if t1[0]["sente"] == 1 { "sente" } else { "gote" };
    let second_wins = if t1[1]["sente"] == 4 {
        "sente_forfeit_win"
    } else {
        "gote_forfeit_win"
    };
    send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(result(1, 2, second_wins)),
    )
    .await
    .expect(200);
    let said = refused_as(
        send(addr, "POST", &path("rounds"), Some(&director), None).await,
        409,
        "pairing_failed",
    );
    assert!(said.contains("armageddon"), "{said}");
    send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(result(1, 1, low_wins)),
    )
    .await
    .expect(200);
    let t = send(addr, "POST", &path("rounds"), Some(&director), None)
        .await
        .expect(201)
        .json();
    let f = &t["rounds"][1]["boards"][0];
    let (s, g) = (f["sente"].as_u64().unwrap(), f["gote"].as_u64().unwrap());
    assert_eq!((s.min(g), s.max(g)), (1, 4), "the final: Low v Second");
    // A drawn final leaves the knockout running until its decider is entered.
    let t = send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(result(2, 1, "draw")),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(t["status"], "running");
    let second = if s == 4 { "sente" } else { "gote" };
    let mut decided = result(2, 1, second);
    decided["handicap"] = json!("lance");
    let t = send(
        addr,
        "POST",
        &path("results"),
        Some(&director),
        Some(decided),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(t["status"], "finished");
    assert_eq!(t["rounds"][1]["boards"][0]["handicap"], "lance");
    let bracket = &t["knockout"]["bracket"];
    assert_eq!(bracket[1][0]["winner"], 4);
    assert_eq!(bracket[0][0]["winner"], 1);
    // A past knockout round stands once the next is paired.
    refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&director),
            Some(result(1, 1, "draw")),
        )
        .await,
        409,
        "wrong_state",
    );
    assert_eq!(t["players"][3]["fesa_id"], "F-Second");
    assert_eq!(t["standings"][0]["n"], 4);
    assert_eq!(t["standings"][0]["score"], "2");
    // The exports, from the same record: the crosstable in standings order, the final a
    // lance game that the loser (gote) gave.
    let csv = get(addr, &path("crosstable.csv")).await.expect(200);
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
    let lines: Vec<&str> = csv.body.lines().collect();
    assert_eq!(lines[0], "No,Place,Name,Rating,R1,R2,Points");
    assert_eq!(lines.len(), 5, "{}", csv.body);
    assert!(lines[1].starts_with("1,1,Second,1900,"), "{}", csv.body);
    assert!(
        lines[1].contains("(+L)") || lines[1].contains("(-L)"),
        "{}",
        csv.body
    );
    let html = get(addr, &path("crosstable.html")).await.expect(200);
    assert!(html.body.contains("<table") && html.body.contains("<title>Cup</title>"));
    assert!(html.body.contains("<html lang=\"en\">") && html.body.contains("<th>Place</th>"));
    // In the reader's language: `?lang=`, else the browser's; the page's own words.
    let ja = get(addr, &format!("{}?lang=ja", path("crosstable.html")))
        .await
        .expect(200);
    assert!(ja.body.contains("<html lang=\"ja\">"), "{}", ja.body);
    assert!(
        ja.body.contains("<th>順位</th>") && ja.body.contains("<th>1回戦</th>"),
        "{}",
        ja.body
    );
    let de = crate::common::request_with(
        addr,
        "GET",
        &path("crosstable.html"),
        &[("Accept-Language", "de-CH, de;q=0.9, en;q=0.5")],
        None,
    )
    .await
    .expect(200);
    assert!(
        de.body.contains("<html lang=\"de\">") && de.body.contains("<th>Platz</th>"),
        "{}",
        de.body
    );
    let fesa = get(
        addr,
        &format!("{}?city=Berlin&country=Germany", path("fesa.txt")),
    )
    .await
    .expect(200);
    assert!(fesa.header("content-type").unwrap().contains("iso-8859-1"));
    assert!(
        fesa.body.starts_with("[Cup, Berlin, Germany, "),
        "{}",
        fesa.body
    );
    assert!(fesa.body.contains("[Second]"), "{}", fesa.body);
    // The FESA Elo changes: forfeits are not rated, the upset moves both ratings.
    let elo = get(addr, &path("elo.csv")).await.expect(200);
    let rows: Vec<Vec<&str>> = elo.body.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "No",
            "Name",
            "FESA id",
            "Rating",
            "Rated games",
            "Change",
            "New rating"
        ]
    );
    let row = |name: &str| rows.iter().find(|r| r[1] == name).unwrap().clone();
    assert_eq!(row("Mid")[4..], ["0", "+0", "1700"], "lost by forfeit only");
    assert_eq!(
        row("Second")[4],
        "1",
        "the final only: round 1 was a forfeit"
    );
    let change = |name: &str| row(name)[5].parse::<i64>().unwrap();
    assert!(change("Low") > 0 && change("Top") < 0, "{}", elo.body);
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn bad_bodies_are_refused_naming_the_field() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings::default()).await;
    let td = account(addr, "Boss").await;
    let create = |body: Value| {
        let td = td.clone();
        async move { send(addr, "POST", "/api/tournaments", Some(&td), Some(body)).await }
    };
    let base = json!({"name": "Open", "format": "swiss", "rounds": 5});
    let with = |field: &str, value: Value| {
        let mut b = base.clone();
        b[field] = value;
        b
    };
    let said = refused_as(
        create(with("name", json!("  "))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("name"), "{said}");
    let said = refused_as(
        create(with("format", json!("blitz"))).await,
        400,
        "malformed_request",
    );
    assert!(said.contains("blitz"), "{said}");
    let said = refused_as(create(with("rounds", json!(0))).await, 400, "invalid_value");
    assert!(said.contains("rounds"), "{said}");
    let said = refused_as(
        create(with("online", json!(true))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("clock"), "{said}");
    let said = refused_as(
        create(with("tiebreaks", json!(["sos", "sos"]))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("twice"), "{said}");
    let said = refused_as(
        create(with("bye_points", json!(3))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("bye_points"), "{said}");
    let said = refused_as(
        create(with("format", json!("mcmahon"))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("mcmahon"), "{said}");
    let said = refused_as(
        create(with("colour", json!("red"))).await,
        400,
        "malformed_request",
    );
    assert!(said.contains("colour"), "{said}");
    let said = refused_as(
        create(with("format", json!("arena"))).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("arena"), "{said}");
    let said = refused_as(
        create(with(
            "clock",
            json!({"initial_s": 60, "increment_s": 5, "byoyomi_s": 10}),
        ))
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("clock"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            "/api/tournaments",
            Some(&td),
            Some(json!("x")),
        )
        .await,
        400,
        "malformed_request",
    );
    assert!(!said.is_empty());
    refused_as(
        send(addr, "POST", "/api/tournaments", None, Some(base.clone())).await,
        401,
        "login_required",
    );
    refused_as(
        get(addr, "/api/tournaments/nothing").await,
        404,
        "not_found",
    );
    // A McMahon: start scores from the groups.
    let mut m = with("format", json!("mcmahon"));
    m["mcmahon"] = json!({"bar": 2000, "group_width": 100, "groups": 3});
    let t = create(m).await.expect(201).json();
    let id = t["id"].as_str().unwrap().to_string();
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    for (name, rating) in [("A", 2100), ("B", 1950), ("C", 1500)] {
        send(
            addr,
            "POST",
            &path("players"),
            Some(&td),
            Some(json!({"name": name, "rating": rating})),
        )
        .await
        .expect(201);
    }
    let t = view(addr, &id).await;
    let starts: Vec<&Value> = t["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["start_score"])
        .collect();
    assert_eq!(starts, [&json!(4), &json!(2), &json!(0)]);
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("players"),
            Some(&td),
            Some(json!({"name": "", "rating": 1500})),
        )
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("name"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("players"),
            Some(&td),
            Some(json!({"name": "D", "rating": 1500, "account": "nobody"})),
        )
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("nobody"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("players"),
            Some(&td),
            Some(json!({"name": "D"})),
        )
        .await,
        400,
        "malformed_request",
    );
    assert!(said.contains("rating"), "{said}");
    // Results name a paired round and board, a known result and handicap.
    refused_as(
        send(addr, "POST", &path("rounds"), Some(&td), None).await,
        409,
        "wrong_state",
    );
    send(addr, "POST", &path("start"), Some(&td), None)
        .await
        .expect(200);
    let result = |round: usize, board: usize, result: &str| json!({"round": round, "board": board, "result": result});
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&td),
            Some(result(2, 1, "sente")),
        )
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("round 2"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&td),
            Some(result(1, 0, "sente")),
        )
        .await,
        400,
        "invalid_value",
    );
    assert!(said.contains("board"), "{said}");
    let said = refused_as(
        send(
            addr,
            "POST",
            &path("results"),
            Some(&td),
            Some(result(1, 1, "white")),
        )
        .await,
        400,
        "malformed_request",
    );
    assert!(said.contains("white"), "{said}");
    let mut h = result(1, 1, "sente");
    h["handicap"] = json!("queen");
    let said = refused_as(
        send(addr, "POST", &path("results"), Some(&td), Some(h)).await,
        400,
        "unknown_name",
    );
    assert!(said.contains("queen"), "{said}");
    // Withdrawals: by the player's number (director), and a second time refused.
    let t = send(
        addr,
        "POST",
        &path("withdraw"),
        Some(&td),
        Some(json!({"player": 3})),
    )
    .await
    .expect(200)
    .json();
    assert_eq!(t["players"][2]["withdrawn"], true);
    refused_as(
        send(
            addr,
            "POST",
            &path("withdraw"),
            Some(&td),
            Some(json!({"player": 3})),
        )
        .await,
        409,
        "not_entered",
    );
    refused_as(
        send(
            addr,
            "POST",
            &path("withdraw"),
            Some(&td),
            Some(json!({"player": 9})),
        )
        .await,
        400,
        "invalid_value",
    );
    // The director, not entered, cannot withdraw himself.
    refused_as(
        send(addr, "POST", &path("withdraw"), Some(&td), None).await,
        409,
        "not_entered",
    );
    server.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_field_of_two_hundred_is_paired_over_http() {
    let (_dir, server, addr) = fresh_server_with(koma_server::Settings {
        limits: koma_server::Limits::no_rate_limits(),
        ..koma_server::Settings::default()
    })
    .await;
    let td = account(addr, "Big").await;
    let created = send(
        addr,
        "POST",
        "/api/tournaments",
        Some(&td),
        Some(json!({"name": "Open 200", "format": "swiss", "rounds": 7, "tiebreaks": ["sos", "sosos"]})),
    )
    .await
    .expect(201)
    .json();
    let id = created["id"].as_str().unwrap().to_string();
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    for i in 0..200 {
        let body = json!({"name": format!("Player {i}"), "rating": 1000 + 7 * i});
        send(addr, "POST", &path("players"), Some(&td), Some(body))
            .await
            .expect(201);
    }
    let paired = |t: &Value, round: usize| {
        let mut seen: Vec<u64> = t["rounds"][round]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|b| [b["sente"].as_u64().unwrap(), b["gote"].as_u64().unwrap()])
            .collect();
        seen.sort_unstable();
        seen
    };
    let clock = std::time::Instant::now();
    let t = send(addr, "POST", &path("start"), Some(&td), None)
        .await
        .expect(200)
        .json();
    let first = clock.elapsed();
    assert_eq!(paired(&t, 0), (1..=200).collect::<Vec<_>>());
    for board in 1..=100 {
        let result = if board % 3 == 0 { "draw" } else { "sente" };
        let body = json!({"round": 1, "board": board, "result": result});
        send(addr, "POST", &path("results"), Some(&td), Some(body))
            .await
            .expect(200);
    }
    let clock = std::time::Instant::now();
    let t = send(addr, "POST", &path("rounds"), Some(&td), None)
        .await
        .expect(201)
        .json();
    let second = clock.elapsed();
    assert_eq!(paired(&t, 1), (1..=200).collect::<Vec<_>>());
    assert_eq!(t["standings"].as_array().unwrap().len(), 200);
    eprintln!("200 players: round 1 paired in {first:?}, round 2 in {second:?} (over HTTP)");
    server.shutdown().await.unwrap();
}
