//! A tournament's CSV exports opened in a spreadsheet: what a director typed (a name, a FESA
//! id) is a text cell there, never a formula, while the numbers stay numbers.

use crate::common::{fresh_server, get};
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
