//! A tournament's CSV exports opened in a spreadsheet: what a director typed (a name, a FESA
//! id) is a text cell there, never a formula, while the numbers stay numbers.

use crate::common::{fresh_server, get, refused_as};
use crate::lishogi_api::account;
use crate::tournaments::{create, send};
use serde_json::json;

#[tokio::test]
async fn names_that_look_like_formulas_are_exported_as_text() {
    let (_dir, server, addr) = fresh_server().await;
    let director = account(addr, "Td").await;
    let body = json!({"name": "Cup", "format": "knockout", "online": false});
    let (id, _) = create(addr, &director, body).await;
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    for (name, fesa_id) in [
        (r#"=HYPERLINK("http://x","y")"#, "@SUM(A1)"),
        ("-2+3", "+1"),
        ("Plain", "F-1"),
    ] {
        let entry = json!({"name": name, "rating": 1500, "fesa_id": fesa_id});
        send(addr, "POST", &path("players"), Some(&director), Some(entry))
            .await
            .expect(201);
    }
    let csv = get(addr, &path("crosstable.csv")).await.expect(200).body;
    // Quoted for its quotes and comma, with the quote mark that makes it text.
    assert!(
        csv.contains(r#","'=HYPERLINK(""http://x"",""y"")","#),
        "{csv}"
    );
    assert!(csv.contains(",'-2+3,1500,"), "{csv}");
    assert!(csv.contains(",Plain,1500,"), "{csv}");
    // The numbers koma writes (the change `+0`) stay numbers.
    let elo = get(addr, &path("elo.csv")).await.expect(200).body;
    let rows: Vec<&str> = elo.lines().collect();
    assert_eq!(
        rows[1..],
        [
            r#"1,"'=HYPERLINK(""http://x"",""y"")",'@SUM(A1),1500,0,+0,1500"#,
            "2,'-2+3,'+1,1500,0,+0,1500",
            "3,Plain,F-1,1500,0,+0,1500",
        ],
        "{elo}"
    );
    server.shutdown().await.unwrap();
}

/// (name, typed rating, FESA id, nationality) of the five players of the Swiss below.
const SWISS: [(&str, i32, Option<&str>, &str); 5] = [
    ("Anna Berg", 1850, Some("F-17"), "DE"),
    ("Ben Costa", 1620, Some("F-23"), "PT"),
    ("Carl Dahl", 1500, None, "se"),
    ("Dora Eck", 1300, None, "AT"),
    ("Emil Fink", 1100, None, "DE"),
];

/// The result of a game between entrants `a` and `b` (0-based), for `a`: the higher typed
/// rating wins, except that Emil beats Ben and Dora draws Anna (both in the last round, so
/// the pairings are those of the higher rating winning).
fn swiss_result(a: usize, b: usize) -> f64 {
    match (a, b) {
        (4, 1) => 1.0,
        (1, 4) => 0.0,
        (0, 3) | (3, 0) => 0.5,
        _ if SWISS[a].1 > SWISS[b].1 => 1.0,
        _ => 0.0,
    }
}

#[tokio::test]
async fn a_swiss_of_new_players_is_rated_from_the_typed_ratings_and_filed_with_nationalities() {
    let (_dir, server, addr) = fresh_server().await;
    let director = account(addr, "Td").await;
    let body = json!({"name": "Club Swiss", "format": "swiss", "rounds": 3, "online": false});
    let (id, _) = create(addr, &director, body).await;
    let path = |what: &str| format!("/api/tournaments/{id}/{what}");
    for (name, rating, fesa_id, nationality) in SWISS {
        let entry =
            json!({"name": name, "rating": rating, "fesa_id": fesa_id, "nationality": nationality});
        send(addr, "POST", &path("players"), Some(&director), Some(entry))
            .await
            .expect(201);
    }
    let bad = json!({"name": "X", "rating": 1500, "nationality": "Sweden"});
    let said = refused_as(
        send(addr, "POST", &path("players"), Some(&director), Some(bad)).await,
        400,
        "invalid_value",
    );
    assert!(said.contains("nationality"), "{said}");
    let mut t = send(addr, "POST", &path("start"), Some(&director), None)
        .await
        .expect(200)
        .json();
    assert_eq!(t["players"][2]["nationality"], "SE", "stored in capitals");
    let mut games = Vec::new();
    for round in 1..=3 {
        if round > 1 {
            t = send(addr, "POST", &path("rounds"), Some(&director), None)
                .await
                .expect(201)
                .json();
        }
        let boards = t["rounds"][round - 1]["boards"].as_array().unwrap().clone();
        for (b, board) in boards.iter().enumerate() {
            let n = |side: &str| board[side].as_u64().unwrap() as usize - 1;
            let (s, g) = (n("sente"), n("gote"));
            let result = match swiss_result(s, g) {
                1.0 => "sente",
                0.0 => "gote",
                _ => "draw",
            };
            games.push((round, s.min(g), s.max(g)));
            let body = json!({"round": round, "board": b + 1, "result": result, "handicap": null});
            send(addr, "POST", &path("results"), Some(&director), Some(body))
                .await
                .expect(200);
        }
    }
    // R1 Anna beats Carl, Ben beats Dora (Emil bye); R2 Anna beats Ben, Carl beats Emil
    // (Dora bye); R3 Anna draws Dora, Emil beats Ben (Carl bye).
    assert_eq!(
        games,
        [
            (1, 0, 2),
            (1, 1, 3),
            (2, 0, 1),
            (2, 2, 4),
            (3, 0, 3),
            (3, 1, 4)
        ]
    );
    // By hand, as FESA's program rates (koma_game::rating::fesa): finals Anna 1847, Ben 1599,
    // Carl 1534, Dora 1377, Emil 1332, each consistent with the others.
    // - Anna 1850, K 24, change K (s − E), E = 1 / (1 + 10^((or − pr)/400)): v Carl 1534
    //   E .860451 win +3.3492; 1853.3492 v Ben 1599 E .812167 win +4.5080; 1857.8572 v Dora
    //   1377 E .940924 draw −10.5822. Sum −2.7250 → −3, 1847.
    // - Ben 1620, K 24: v Dora 1377 E .801997 win +4.7521; 1624.7521 v Anna 1847 E .217659
    //   loss −5.2238; 1619.5283 v Emil 1332 E .839585 loss −20.1500. Sum −20.6218 → −21.
    // - New players: the rating P at which the expected score equals the score, over a win
    //   and a loss against the typed rating and the event's games. Carl: 1500 +, 1500 −,
    //   Anna 1847 −, Emil 1332 + → 1533.78 → 1534. Dora: 1300 +, 1300 −, Ben 1599 −,
    //   Anna 1847 = → 1377.34 → 1377. Emil: 1100 +, 1100 −, Carl 1534 −, Ben 1599 + →
    //   1332.36 → 1332.
    // Before, the typed ratings of new players were ignored: Carl 1774, Dora 1523 and Emil
    // (typed 1100) 1694.
    let elo = get(addr, &path("elo.csv")).await.expect(200).body;
    assert_eq!(
        elo.lines().skip(1).collect::<Vec<_>>(),
        [
            "1,Anna Berg,F-17,1850,3,-3,1847",
            "2,Ben Costa,F-23,1620,3,-21,1599",
            "3,Carl Dahl,,1500,2,,1534",
            "4,Dora Eck,,1300,2,,1377",
            "5,Emil Fink,,1100,2,,1332",
        ],
        "{elo}"
    );
    // FESA's results file: a new player's line carries the nationality entered (N, names,
    // country code, rounds); a listed player's has none.
    let query = format!("{}?city=Lund&country=Sweden", path("fesa.txt"));
    let fesa = get(addr, &query).await.expect(200).body;
    let lines: Vec<&str> = fesa.lines().collect();
    assert_eq!(
        lines[3..],
        [
            "1 [Berg][Anna][2+ 5+ 4=] 2.5",
            "2 N [Dahl][Carl] SE [1- 3+ 0+] 2",
            "3 N [Fink][Emil] DE [0+ 2- 5+] 2",
            "4 N [Eck][Dora] AT [5- 0+ 1=] 1.5",
            "5 [Costa][Ben][4+ 1- 3-] 1",
        ],
        "{fesa}"
    );
    server.shutdown().await.unwrap();
}

/// A player who joins an online event himself may give his nationality (and FESA id) for
/// FESA's file, as a director's entry carries them; a code that is not one is refused.
#[tokio::test]
async fn a_player_joining_himself_gives_his_nationality() {
    let (_dir, server, addr) = fresh_server().await;
    let director = account(addr, "Director").await;
    let (id, _) = create(
        addr,
        &director,
        json!({
            "name": "Open", "format": "swiss", "rounds": 3, "online": true,
            "clock": {"initial_s": 300, "byoyomi_s": 10, "periods": 1},
        }),
    )
    .await;
    let join = format!("/api/tournaments/{id}/join");
    let ann = account(addr, "Ann").await;
    let bad = send(
        addr,
        "POST",
        &join,
        Some(&ann),
        Some(json!({"nationality": "FIN"})),
    )
    .await;
    refused_as(bad, 400, "invalid_value");
    send(
        addr,
        "POST",
        &join,
        Some(&ann),
        Some(json!({"nationality": "fi", "fesa_id": "F-9"})),
    )
    .await
    .expect(200);
    let ben = account(addr, "Ben").await;
    let t = send(addr, "POST", &join, Some(&ben), None)
        .await
        .expect(200)
        .json();
    let players = t["players"].as_array().unwrap();
    let of = |name: &str| players.iter().find(|p| p["name"] == name).unwrap().clone();
    assert_eq!(of("Ann")["nationality"], "FI", "{t:#}");
    assert!(of("Ben")["nationality"].is_null(), "{t:#}");
    server.shutdown().await.unwrap();
}
