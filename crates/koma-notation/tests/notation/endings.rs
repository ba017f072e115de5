//! Every ending koma knows, written and read back in each record format with its players
//! and moves; the readers' real-world shapes of end codes and summaries.

use koma_notation::csa::{self, CsaErrorKind};
use koma_notation::formats::{self, Format};
use koma_notation::kif;
use koma_notation::record::{Entry, GameEnd, MoveTree, Record};
use koma_notation::usi;
use koma_notation::warning::WarningKind;
use koma_rules::VariantKind;

/// A record of `moves` (USI) between two named players, ended by `end`.
fn game(moves: &[&str], end: GameEnd) -> Record {
    let mut record = Record::new(VariantKind::Shogi);
    record.header.push("先手", "羽生善治");
    record.header.push("後手", "藤井聡太");
    let mut node = MoveTree::ROOT;
    for m in moves {
        let m = usi::parse_move(VariantKind::Shogi, m).unwrap();
        node = record.tree.add(node, Entry::Move(m));
    }
    record.tree.add(node, Entry::End(end));
    record
}

/// Every ending but the verbatim words, each after a line that leaves it plausible.
fn endings() -> Vec<GameEnd> {
    vec![
        GameEnd::Resign,
        GameEnd::OpponentResigned,
        GameEnd::Interrupt,
        GameEnd::Repetition,
        GameEnd::PerpetualCheck,
        GameEnd::Impasse,
        GameEnd::Mate,
        GameEnd::NoMate,
        GameEnd::TimeUp,
        GameEnd::IllegalWin,
        GameEnd::IllegalLoss,
        GameEnd::EnteringKingWin,
        GameEnd::DefaultWin,
        GameEnd::DefaultLoss,
        GameEnd::Try,
        GameEnd::SealedMove,
        GameEnd::MaxMoves,
        GameEnd::Draw,
    ]
}

/// Whether `format` has its own words for `end` (CSA writes the others as a comment).
fn has_words(format: Format, end: &GameEnd) -> bool {
    format != Format::Csa
        || !matches!(
            end,
            GameEnd::DefaultWin | GameEnd::DefaultLoss | GameEnd::Try | GameEnd::SealedMove
        )
}

#[test]
fn every_ending_round_trips_with_its_players_and_moves() {
    for plies in [&["7g7f", "3c3d"][..], &["7g7f", "3c3d", "2g2f"][..]] {
        for end in endings() {
            for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
                if !has_words(format, &end) {
                    continue;
                }
                let record = game(plies, end.clone());
                let text = formats::write(&record, format).unwrap();
                let back = formats::read(text.as_bytes(), format, VariantKind::Shogi)
                    .unwrap_or_else(|e| panic!("{format:?} {end:?}: {e}\n{text}"))
                    .record;
                let what = format!("{format:?} {end:?} after {} plies:\n{text}", plies.len());
                assert_eq!(back.tree.main_moves(), record.tree.main_moves(), "{what}");
                assert_eq!(back.tree.main_end(), Some(&end), "{what}");
                assert_eq!(
                    back.header.player(koma_rules::Color::Black),
                    Some("羽生善治")
                );
                assert_eq!(
                    back.header.player(koma_rules::Color::White),
                    Some("藤井聡太")
                );
                // No note left behind as a comment, and no English anywhere.
                let last = *back.tree.main_line().last().unwrap();
                assert!(back.tree.node(last).comments.is_empty(), "{what}");
                assert!(!text.contains("wins"), "{what}");
            }
        }
    }
}

#[test]
fn endings_are_written_in_each_formats_own_words() {
    let cases: [(GameEnd, &str, &str); 6] = [
        (
            GameEnd::Resign,
            "   3 投了\nまで2手で後手の勝ち\n",
            "-3334FU\n%TORYO\n",
        ),
        (
            GameEnd::Mate,
            "   3 詰み\nまで2手で後手の勝ち\n",
            "%TSUMI\n",
        ),
        (
            GameEnd::TimeUp,
            "   3 切れ負け\nまで2手で時間切れにより後手の勝ち\n",
            "%TIME_UP\n",
        ),
        (
            GameEnd::EnteringKingWin,
            "   3 入玉勝ち\nまで2手で先手の入玉勝ち\n",
            "%KACHI\n",
        ),
        // An agreed draw: 引き分け, CSA's %HIKIWAKE.
        (
            GameEnd::Draw,
            "   3 引き分け\nまで2手で引き分け\n",
            "%HIKIWAKE\n",
        ),
        // Gote resigned while sente was to move: no 投了 line (it would be sente's), the
        // winner in the summary, the resigner in the note; CSA's code for the side to
        // move's win, the resigner's sign, and the note.
        (
            GameEnd::OpponentResigned,
            "   2 ３四歩(33)\nまで2手で先手の勝ち\n*後手の投了\n",
            "-3334FU\n%-ILLEGAL_ACTION\n'後手の投了\n",
        ),
    ];
    for (end, kif_tail, csa_tail) in cases {
        let record = game(&["7g7f", "3c3d"], end.clone());
        let kif = kif::write(&record).unwrap();
        assert!(kif.ends_with(kif_tail), "{end:?}:\n{kif}");
        assert!(kif.contains("先手：羽生善治\n後手：藤井聡太\n"), "{kif}");
        let csa = csa::write(&record).unwrap();
        assert!(csa.ends_with(csa_tail), "{end:?}:\n{csa}");
        assert!(csa.contains("N+羽生善治\nN-藤井聡太\n"), "{csa}");
    }
}

const KACHI_TWICE: &str = "V2.2\nN+a\nN-b\nPI\n+\n+7776FU,T3\n-3334FU,T2\n%KACHI,T1\n%KACHI\n";

#[test]
fn csa_a_repeated_end_code_is_read_once_with_a_warning() {
    let reading = csa::read_first(KACHI_TWICE).unwrap();
    let tree = &reading.record.tree;
    assert_eq!(tree.main_moves().len(), 2);
    assert_eq!(tree.main_end(), Some(&GameEnd::EnteringKingWin));
    let last = *tree.main_line().last().unwrap();
    assert_eq!(tree.node(last).time.map(|t| t.spent_ms), Some(1_000));
    assert_eq!(tree.main_line().len(), 3, "one ending node");
    assert!(
        matches!(
            &reading.warnings[..],
            [w] if w.line == 9 && matches!(&w.kind, WarningKind::RepeatedEnding { code } if code == "%KACHI")
        ),
        "{:?}",
        reading.warnings
    );
    // The same with comments after the codes and a comment line between them.
    let commented = KACHI_TWICE.replace(
        "%KACHI,T1\n%KACHI\n",
        "%KACHI,T1,'* -5000 win\n'the server again:\n%KACHI\n",
    );
    let reading = csa::read_first(&commented).unwrap();
    assert_eq!(
        reading.record.tree.main_end(),
        Some(&GameEnd::EnteringKingWin)
    );
}

#[test]
fn csa_a_second_ending_that_says_otherwise_is_named_in_the_error() {
    let text = KACHI_TWICE.replace("%KACHI\n", "%TORYO\n");
    let e = csa::parse(&text).unwrap_err();
    assert_eq!(e.line, 9);
    match &e.kind {
        CsaErrorKind::ConflictingEnd { first, second } => {
            assert_eq!((first.as_str(), second.as_str()), ("%KACHI", "%TORYO"));
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().contains("%KACHI"), "{e}");
    // A move after the end stays the error it was.
    let text = KACHI_TWICE.replace("%KACHI\n", "+2726FU\n");
    let e = csa::parse(&text).unwrap_err();
    assert!(matches!(e.kind, CsaErrorKind::AfterEnd(_)), "{e:?}");
}

#[test]
fn kif_reads_time_ups_by_either_word_and_summaries_without_an_end_line() {
    let head = "手合割：平手\n先手：a\n後手：b\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    let read = |tail: &str| kif::parse(&format!("{head}{tail}")).unwrap();
    assert_eq!(
        read("   3 時間切れ\n").tree.main_end(),
        Some(&GameEnd::TimeUp)
    );
    assert_eq!(
        read("   3 切れ負け\n").tree.main_end(),
        Some(&GameEnd::TimeUp)
    );
    // Only a summary: the side named won; sente is to move, so gote gave up out of turn.
    let r = read("まで2手で先手の勝ち\n");
    assert_eq!(r.tree.main_end(), Some(&GameEnd::OpponentResigned));
    assert_eq!(
        read("まで2手で後手の勝ち\n").tree.main_end(),
        Some(&GameEnd::Resign)
    );
    // The summary says more of the move line's word.
    let r = read("   3 千日手\nまで2手で連続王手の千日手\n");
    assert_eq!(r.tree.main_end(), Some(&GameEnd::PerpetualCheck));
    // ... and never contradicts it.
    let r = read("   3 投了\nまで2手で先手の勝ち\n");
    assert_eq!(r.tree.main_end(), Some(&GameEnd::Resign));
}

/// A 香落ち game between two named players (上手 gives the lance and moves first), with
/// `moves` (USI), ended by `end`.
fn handicap_game(moves: &[&str], end: GameEnd) -> Record {
    let mut record = game(moves, end);
    record.start = koma_notation::record::Start::Named(koma_rules::Handicap::Lance);
    record.header = Default::default();
    record.header.push("下手", "糸谷哲郎");
    record.header.push("上手", "深浦康市");
    record
}

/// In a handicap game the summaries and notes name the sides 下手 and 上手, as the header
/// does and as Kifu for Windows writes them (`まで142手で下手の勝ち`), and read back as the
/// same ending in every format.
#[test]
fn a_handicap_games_endings_name_shitate_and_uwate() {
    let cases: [(GameEnd, &str); 4] = [
        (GameEnd::Resign, "   3 投了\nまで2手で下手の勝ち\n"),
        (GameEnd::TimeUp, "まで2手で時間切れにより下手の勝ち\n"),
        (GameEnd::EnteringKingWin, "まで2手で上手の入玉勝ち\n"),
        (
            GameEnd::OpponentResigned,
            "   2 ７六歩(77)\nまで2手で上手の勝ち\n*下手の投了\n",
        ),
    ];
    for (end, kif_tail) in cases {
        let record = handicap_game(&["3c3d", "7g7f"], end.clone());
        let kif = kif::write(&record).unwrap();
        assert!(kif.ends_with(kif_tail), "{end:?}:\n{kif}");
        for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
            let text = formats::write(&record, format).unwrap();
            if format != Format::Jkf {
                assert!(!text.contains("先手") && !text.contains("後手"), "{text}");
            }
            let back = formats::read(text.as_bytes(), format, VariantKind::Shogi)
                .unwrap_or_else(|e| panic!("{format:?} {end:?}: {e}\n{text}"))
                .record;
            let what = format!("{format:?} {end:?}:\n{text}");
            assert_eq!(back.tree.main_end(), Some(&end), "{what}");
            assert_eq!(back.tree.main_moves(), record.tree.main_moves(), "{what}");
            let last = *back.tree.main_line().last().unwrap();
            assert!(back.tree.node(last).comments.is_empty(), "{what}");
        }
    }
    // An even game keeps 先手 and 後手.
    let kif = kif::write(&game(&["7g7f", "3c3d"], GameEnd::Resign)).unwrap();
    assert!(kif.ends_with("まで2手で後手の勝ち\n"), "{kif}");
}
