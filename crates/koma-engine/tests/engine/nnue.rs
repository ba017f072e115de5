//! The learned evaluation through USI: `UseNNUE` switches shogi to the net, `EvalFile`
//! loads another net or names what is wrong with the file, and the search with the net
//! plays legal moves.

use super::common::{Engine, check_bestmove, position_of};
use koma_nnue::network::EMBEDDED_BYTES;
use koma_rules::VariantKind;

#[test]
fn eval_file_loads_a_net_and_names_a_bad_one() {
    let dir = koma_testdata::scratch("nnue-evalfile");
    let good = dir.join("copy.nnue");
    std::fs::write(&good, EMBEDDED_BYTES).unwrap();
    let bad = dir.join("bad.nnue");
    std::fs::write(&bad, b"not a net").unwrap();

    let mut e = Engine::start();
    let usi = e.handshake();
    assert!(
        usi.iter()
            .any(|l| l.starts_with("option name UseNNUE type check"))
    );
    assert!(usi.contains(&"option name EvalFile type filename default <embedded>".to_string()));
    e.send(&format!("setoption name EvalFile value {}", bad.display()));
    e.send("setoption name EvalFile value /no/such/file.nnue");
    e.send("setoption name EvalFile value /dev/zero");
    e.send(&format!("setoption name EvalFile value {}", good.display()));
    e.send("setoption name UseNNUE value true");
    let lines = e.sync();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("bad.nnue: not a koma network")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("/no/such/file.nnue:") && l.contains("the net in use stays")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("EvalFile: loaded")),
        "{lines:?}"
    );
    let line = "startpos moves 7g7f 3c3d 2g2f 4c4d";
    e.send(&format!("position {line}"));
    e.send("go depth 6");
    let best = e.bestmove();
    check_bestmove(
        &best,
        &position_of(VariantKind::Shogi, &format!("position {line}")),
    );
    // Other variants keep the hand-written evaluation with UseNNUE on.
    e.send("setoption name USI_Variant value tori");
    e.send("position startpos");
    e.send("go depth 4");
    let best = e.bestmove();
    check_bestmove(&best, &position_of(VariantKind::Tori, "position startpos"));
    e.send("quit");
    assert!(e.wait_exit(std::time::Duration::from_secs(10)));
}
