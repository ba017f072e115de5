//! The shared corpus replayed through the game layer: where a record ends by a rule
//! (sennichite, impasse, declaration, a foul, mate), the rules reach the same result.

use koma_game::Reason;
use koma_game::replay::{Replay, replay};
use koma_notation::formats::{self, Format};
use koma_notation::record::{GameEnd, Record};
use koma_rules::{Color, Role, VariantKind};
use std::path::PathBuf;

fn corpus() -> Vec<(String, Record)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let mut records = Vec::new();
    for dir in ["kif", "ki2", "csa", "jkf"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("the shared corpus beside the project")
            .map(|e| e.expect("entry").path())
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let Some(format) = name
                .rsplit_once('.')
                .and_then(|(_, ext)| Format::from_name(ext))
            else {
                continue;
            };
            let bytes = std::fs::read(&path).expect("readable");
            let record = formats::read(&bytes, format, VariantKind::Shogi)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .record;
            records.push((format!("{dir}/{name}"), record));
        }
    }
    records
}

fn judged(end: &GameEnd) -> bool {
    matches!(
        end,
        GameEnd::Repetition
            | GameEnd::PerpetualCheck
            | GameEnd::Impasse
            | GameEnd::EnteringKingWin
            | GameEnd::IllegalWin
            | GameEnd::IllegalLoss
            | GameEnd::Mate
    )
}

#[test]
fn corpus_endings_by_rule_are_reached_by_the_game_layer() {
    let mut judged_files = Vec::new();
    for (name, record) in corpus() {
        let r: Replay = replay(&record, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.illegal, None, "{name}: {r:?}");
        let Some(end) = r.recorded.clone() else {
            continue;
        };
        // A mate problem's 詰み is a composer's mate: futile interpositions (無駄合) are
        // not counted, so the rules may see a legal reply. Its attacker has no king.
        let setup = record.start.setup(record.variant);
        let kings = setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.role() == Role::King);
        if !judged(&end) || kings.count() < 2 {
            continue;
        }
        let outcome = r
            .outcome
            .unwrap_or_else(|| panic!("{name}: no result: {r:?}"));
        assert!(r.notes.is_empty(), "{name}: {:?}", r.notes);
        // The winner agrees with the record's own reading of its ending.
        let plies_side = |plies: usize| {
            let start = record.start.setup(record.variant).side;
            if plies % 2 == 0 { start } else { !start }
        };
        let to_move = plies_side(r.plies);
        let expected_winner = match &end {
            GameEnd::Mate | GameEnd::IllegalLoss => Some(!to_move),
            GameEnd::IllegalWin | GameEnd::EnteringKingWin => Some(to_move),
            GameEnd::PerpetualCheck => Some(to_move),
            GameEnd::Repetition | GameEnd::Impasse => outcome.winner,
            _ => unreachable!(),
        };
        assert_eq!(outcome.winner, expected_winner, "{name}: {outcome}");
        judged_files.push(format!("{name}: {end:?} -> {outcome}"));
    }
    println!("{}", judged_files.join("\n"));
    // 持将棋, 入玉勝ち and 反則 occur in the corpus (its 詰み records are mate problems and
    // it has no 千日手: tests/game/endings.rs covers those).
    for word in ["Impasse", "EnteringKingWin", "Illegal"] {
        assert!(
            judged_files.iter().any(|f| f.contains(word)),
            "no corpus record ends with {word}: {judged_files:?}"
        );
    }
}

#[test]
fn a_declaration_record_is_judged_by_the_27_point_rule() {
    let (name, record) = corpus()
        .into_iter()
        .find(|(n, _)| n.ends_with("shogihome-e2e03.kifu"))
        .expect("shogihome-e2e03.kifu in the corpus");
    let r = replay(&record, None).unwrap();
    assert_eq!(r.rules.name, "amateur", "{name}");
    let outcome = r.outcome.expect("decided");
    assert_eq!(outcome.winner, Some(Color::White), "{name}: {outcome}");
    assert_eq!(outcome.reason, Reason::Declaration);
    // Under rules without a declaration, the same declaration loses.
    let r = replay(&record, Some(koma_game::RuleSet::PROFESSIONAL)).unwrap();
    assert_eq!(r.outcome.unwrap().winner, Some(Color::Black));
}

#[test]
fn sennichite_and_mate_records_replay_to_their_endings() {
    use koma_notation::kif;
    let mut kif_text = String::from("手合割：平手\n手数----指手---------消費時間--\n");
    let moves = ["４八玉(59)", "４二玉(51)", "５九玉(48)", "５一玉(42)"];
    for i in 0..12 {
        kif_text.push_str(&format!("{} {}\n", i + 1, moves[i % 4]));
    }
    kif_text.push_str("13 千日手\n");
    let record = kif::parse(&kif_text).expect("reads");
    let r = replay(&record, None).unwrap();
    assert_eq!(r.plies, 12);
    assert_eq!(
        r.outcome.map(|o| o.to_string()).as_deref(),
        Some("draw sennichite")
    );
    assert!(r.notes.is_empty(), "{:?}", r.notes);

    // A record that claims 詰み where the king can still escape is flagged, not believed.
    let claim = "手合割：平手\n手数----指手---------消費時間--\n1 ７六歩(77)\n2 詰み\n";
    let r = replay(&kif::parse(claim).expect("reads"), None).unwrap();
    assert_eq!(r.outcome, None);
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
}

#[test]
fn a_record_that_ends_with_a_foul_is_lost_by_its_mover() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../koma-notation/tests/data/two-pawns-last.kif");
    let bytes = std::fs::read(&path).expect("koma-notation's test file");
    let record = formats::read(&bytes, Format::Kif, VariantKind::Shogi)
        .unwrap()
        .record;
    let r = replay(&record, None).unwrap();
    let foul = koma_game::Foul::Move(koma_rules::IllegalMove::TwoPawns);
    assert_eq!(r.illegal, Some((11, foul)));
    assert_eq!(r.plies, 10);
    let outcome = r.outcome.expect("the game is over");
    assert_eq!(outcome.winner, Some(Color::White));
    assert_eq!(outcome.reason, Reason::IllegalMove(foul));
}
