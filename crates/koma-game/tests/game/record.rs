//! Games written as records read back, and replay to the same result.

use koma_game::clock::Clock;
use koma_game::replay::replay;
use koma_game::{Game, Outcome, Reason, RuleSet};
use koma_notation::formats::{self, Format};
use koma_notation::record::{GameEnd, Start};
use koma_notation::usi;
use koma_rules::variants::Shogi;
use koma_rules::{Color, Handicap, VariantKind};

fn mv(text: &str) -> koma_rules::Move {
    usi::parse_move(VariantKind::Shogi, text).unwrap()
}

#[test]
fn a_resigned_game_on_the_clock_keeps_its_times_in_kif_and_csa() {
    let clock = Clock::new("10m+30s".parse().unwrap());
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR).with_clock(clock);
    g.start_clock(0).unwrap();
    for (i, m) in ["7g7f", "3c3d", "8h2b+", "3a2b"].iter().enumerate() {
        g.play_at(mv(m), 1_000 * (i as u64 + 1) * 3).unwrap();
    }
    g.resign(Color::Black).unwrap();
    let record = g.to_record();
    assert_eq!(record.start, Start::Named(Handicap::Even));
    assert_eq!(record.tree.main_end(), Some(&GameEnd::Resign));
    for format in [Format::Kif, Format::Csa] {
        let text = formats::write(&record, format).unwrap();
        let again = formats::read(text.as_bytes(), format, VariantKind::Shogi)
            .unwrap()
            .record;
        assert_eq!(again.tree.main_moves(), g.moves(), "{format:?}");
        let times: Vec<u64> = again
            .tree
            .main_line()
            .iter()
            .filter_map(|&id| again.tree.node(id).time.map(|t| t.spent_ms))
            .collect();
        assert_eq!(times, [3_000, 3_000, 3_000, 3_000], "{format:?}\n{text}");
        let r = replay(&again, None).unwrap();
        assert_eq!(
            r.outcome,
            Some(Outcome::loss(Color::Black, Reason::Resignation))
        );
    }
}

#[test]
fn rule_endings_survive_the_record() {
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
    for m in "5i4h 5a4b 4h5i 4b5a ".repeat(3).split_whitespace() {
        g.play(mv(m)).unwrap();
    }
    let record = g.to_record();
    let text = formats::write(&record, Format::Kif).unwrap();
    let again = formats::read(text.as_bytes(), Format::Kif, VariantKind::Shogi)
        .unwrap()
        .record;
    assert_eq!(replay(&again, None).unwrap().outcome, g.outcome());

    // A handicap start is named in the record.
    let h = Handicap::from_name("two-piece").unwrap();
    let mut g = Game::<Shogi>::handicap(h, RuleSet::AMATEUR).unwrap();
    g.play(mv("5a4b")).unwrap();
    let record = g.to_record();
    assert_eq!(record.start, Start::Named(h));
    let text = formats::write(&record, Format::Kif).unwrap();
    assert!(text.contains("手合割：二枚落ち"), "{text}");
}

#[test]
fn an_illegal_move_is_kept_as_a_comment_of_the_ending() {
    // A pawn two squares ahead: no piece moves so, and no record format can hold it.
    let mut g = Game::<Shogi>::standard(RuleSet::CSA);
    g.play_or_forfeit(mv("7g7e")).unwrap();
    let record = g.to_record();
    let end = record.tree.main_line()[0];
    assert_eq!(
        record.tree.node(end).entry,
        Some(koma_notation::record::Entry::End(GameEnd::IllegalLoss))
    );
    assert!(
        record.tree.node(end).comments[0].starts_with("illegal move 7g7e"),
        "{:?}",
        record.tree.node(end).comments
    );
}

#[test]
fn a_foul_on_the_board_is_kept_as_the_last_move_and_reads_back() {
    // Gote drops a second pawn on the 3rd file: the game's record keeps the drop, as a
    // hand-entered record would, and each format reads it back to the same loss.
    let mut g = Game::<Shogi>::standard(RuleSet::CSA);
    for m in ["7g7f", "3c3d", "7f7e", "3d3e", "7e7d", "7c7d", "2g2f"] {
        g.play(mv(m)).unwrap();
    }
    g.play_or_forfeit(mv("P*3c")).unwrap();
    let outcome = g.outcome().expect("gote forfeits");
    assert_eq!(outcome.winner, Some(Color::Black));
    let record = g.to_record();
    let line = record.tree.main_line();
    let last = *line.last().unwrap();
    assert_eq!(
        record.tree.node(last).entry,
        Some(koma_notation::record::Entry::End(GameEnd::IllegalWin))
    );
    assert_eq!(record.tree.main_moves().last(), Some(&mv("P*3c")));
    for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
        let text = formats::write(&record, format).unwrap();
        let again = formats::read(text.as_bytes(), format, VariantKind::Shogi)
            .unwrap_or_else(|e| panic!("{format:?}: {e}\n{text}"))
            .record;
        assert_eq!(
            again.tree.main_moves(),
            record.tree.main_moves(),
            "{format:?}"
        );
        assert_eq!(
            replay(&again, None).unwrap().outcome,
            Some(outcome),
            "{format:?}"
        );
    }
}

#[test]
fn the_usi_position_line() {
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
    assert_eq!(g.usi_position(), "position startpos");
    g.play(mv("7g7f")).unwrap();
    g.play(mv("3c3d")).unwrap();
    assert_eq!(g.usi_position(), "position startpos moves 7g7f 3c3d");
    let h = Handicap::from_name("lance").unwrap();
    let g = Game::<Shogi>::handicap(h, RuleSet::AMATEUR).unwrap();
    assert_eq!(
        g.usi_position(),
        "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
}

#[test]
fn every_way_a_game_ends_is_written_in_japanese_and_reads_back_to_its_winner() {
    // After two moves sente is to move: the losers below are in turn or out of it.
    let endings = [
        Outcome::loss(Color::Black, Reason::Resignation),
        Outcome::loss(Color::White, Reason::Resignation),
        Outcome::loss(Color::Black, Reason::TimeForfeit),
        Outcome::loss(Color::Black, Reason::Abandoned),
        Outcome::loss(Color::White, Reason::Abandoned),
        Outcome::loss(Color::White, Reason::Adjudication),
        Outcome::draw(Reason::Agreement),
    ];
    for outcome in endings {
        let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
        g.play(mv("7g7f")).unwrap();
        g.play(mv("3c3d")).unwrap();
        g.end(outcome).unwrap();
        let record = g.to_record();
        for format in [Format::Kif, Format::Csa] {
            let text = formats::write(&record, format).unwrap();
            for english in ["wins", "draw", "resignation", "sente", "gote"] {
                assert!(!text.contains(english), "{outcome} {format:?}:\n{text}");
            }
            let again = formats::read(text.as_bytes(), format, VariantKind::Shogi)
                .unwrap()
                .record;
            assert_eq!(again.tree.main_moves(), g.moves(), "{format:?}");
            let r = replay(&again, None).unwrap();
            let winner = r.outcome.and_then(|o| o.winner);
            assert_eq!(winner, outcome.winner, "{outcome} {format:?}:\n{text}");
            if outcome.reason == Reason::Agreement {
                // An agreed draw is CSA's %HIKIWAKE and KIF's 引き分け, and reads back as one.
                assert_eq!(r.outcome, Some(outcome), "{format:?}:\n{text}");
                let word = if format == Format::Csa {
                    "%HIKIWAKE"
                } else {
                    "引き分け"
                };
                assert!(text.contains(word), "{format:?}:\n{text}");
            }
        }
    }
    // Gote resigned on sente's turn: the record says so in Japanese.
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
    g.play(mv("7g7f")).unwrap();
    g.play(mv("3c3d")).unwrap();
    g.resign(Color::White).unwrap();
    let record = g.to_record();
    assert_eq!(record.tree.main_end(), Some(&GameEnd::OpponentResigned));
    let kif = formats::write(&record, Format::Kif).unwrap();
    assert!(kif.ends_with("まで2手で先手の勝ち\n*後手の投了\n"), "{kif}");
    let csa = formats::write(&record, Format::Csa).unwrap();
    assert!(csa.ends_with("%-ILLEGAL_ACTION\n'後手の投了\n"), "{csa}");
    let again = formats::read(csa.as_bytes(), Format::Csa, VariantKind::Shogi).unwrap();
    assert_eq!(
        replay(&again.record, None).unwrap().outcome,
        Some(Outcome::loss(Color::White, Reason::Resignation))
    );
}
