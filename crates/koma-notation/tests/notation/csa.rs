//! CSA records: every corpus file parses, re-parses after writing, agrees with the JKF that
//! json-kifu-format produced for it, and malformed input gives errors on the right line.

use koma_notation::csa::{self, CsaErrorKind, Version, WriteOptions};
use koma_notation::record::{Entry, GameEnd, MoveTime, MoveTree, Record, Start};
use koma_rules::variants::Shogi;
use koma_rules::{Color, Handicap, IllegalMove, Position, Role, SetupError, Square, VariantKind};
use std::path::{Path, PathBuf};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

/// Every `.csa` file of the corpus with its bytes.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = shared().join("csa");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "csa"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "corpus files missing in {}",
        dir.display()
    );
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

/// The start position of a record, validated (kings may be missing: mate problems).
fn start_position(record: &Record) -> Position<Shogi> {
    Position::<Shogi>::from_setup_kingless(&record.start.setup(VariantKind::Shogi)).unwrap()
}

/// Plays the main line from the start, each move checked, and returns the final position.
fn final_position(record: &Record) -> Position<Shogi> {
    let mut pos = start_position(record);
    for (i, m) in record.tree.main_moves().into_iter().enumerate() {
        pos.play(m)
            .unwrap_or_else(|e| panic!("move {} ({m:?}) is illegal: {e}", i + 1));
    }
    pos
}

/// What a record's main line says, node by node: entry, time, comments.
type Line = Vec<(Option<Entry>, Option<MoveTime>, Vec<String>)>;

fn main_line(record: &Record) -> Line {
    std::iter::once(MoveTree::ROOT)
        .chain(record.tree.main_line())
        .map(|id| {
            let n = record.tree.node(id);
            (n.entry.clone(), n.time, n.comments.clone())
        })
        .collect()
}

/// Expected facts per corpus file: moves on the main line and the end.
fn expected(name: &str) -> Option<(usize, Option<GameEnd>)> {
    Some(match name {
        "2005_GPS_K-SHOGI.csa" => (173, Some(GameEnd::Resign)),
        "8mai.csa" => (25, Some(GameEnd::Interrupt)),
        "9fu.csa" => (61, Some(GameEnd::Mate)),
        "chudan.csa" => (3, Some(GameEnd::Interrupt)),
        "example.csa" => (2, Some(GameEnd::Interrupt)),
        "illegal_lose.csa" => (2, Some(GameEnd::IllegalLoss)),
        "shogihome-book-src03.csa" => (10, None),
        "v2.csa" => (196, Some(GameEnd::Resign)),
        _ => return None,
    })
}

#[test]
fn every_corpus_file_parses_to_a_legal_game() {
    for (name, bytes) in corpus() {
        let record = csa::parse_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(record.variant, VariantKind::Shogi);
        if name == "9fu.csa" {
            // Nine gote pawns on file 2: a composition, not a position of the rules; it is
            // read leniently, and the strict rules still reject it.
            let setup = record.start.setup(VariantKind::Shogi);
            assert!(matches!(
                koma_rules::Position::<koma_rules::variants::Shogi>::from_setup_kingless(&setup),
                Err(SetupError::DeadPiece(_) | SetupError::TooManyPawnsOnFile(..))
            ));
            assert!(record.start_position().is_ok());
            assert_eq!(record.tree.main_moves().len(), 61);
            continue;
        }
        let pos = final_position(&record);
        // The final position is a legal position in its own right.
        Position::<Shogi>::from_setup_kingless(&pos.to_setup())
            .unwrap_or_else(|e| panic!("{name}: final position: {e}"));
        if let Some((moves, end)) = expected(&name) {
            assert_eq!(record.tree.main_moves().len(), moves, "{name}");
            assert_eq!(record.tree.main_end(), end.as_ref(), "{name}");
        }
    }
}

#[test]
fn corpus_details() {
    let get = |name: &str| {
        let bytes = std::fs::read(shared().join("csa").join(name)).unwrap();
        csa::parse_bytes(&bytes).unwrap()
    };
    let example = get("example.csa");
    let h = &example.header;
    assert_eq!(h.get("先手"), Some("NAKAHARA"));
    assert_eq!(h.get("後手"), Some("YONENAGA"));
    assert_eq!(
        h.get("棋戦"),
        Some("13th World Computer Shogi Championship")
    );
    assert_eq!(h.get("場所"), Some("KAZUSA ARC"));
    assert_eq!(h.get("開始日時"), Some("2003/05/03 10:30:00"));
    assert_eq!(h.get("終了日時"), Some("2003/05/03 11:11:05"));
    assert_eq!(h.get("持ち時間"), Some("00:25+00"));
    assert_eq!(h.get("戦型"), Some("YAGURA"));
    assert_eq!(example.start, Start::Named(Handicap::Even));
    let root = &example.tree.node(MoveTree::ROOT).comments;
    assert!(root.contains(&"先手番".to_string()), "{root:?}");
    // 8mai.csa writes the eight-piece handicap as P1..P9 rows.
    assert_eq!(get("8mai.csa").start, Start::Named(Handicap::EightPiece));
    // 9fu.csa: a mate problem without sente's king, hands from P+/P-.
    let nine = get("9fu.csa");
    let Start::Custom(setup) = nine.start else {
        panic!("9fu.csa is no named start")
    };
    assert_eq!(setup.hands[0].count(Role::Rook), 2);
    assert_eq!(setup.hands[0].count(Role::Lance), 4);
    assert_eq!(setup.hands[1].count(Role::Silver), 4);
    assert_eq!(setup.hands[1].count(Role::Knight), 4);
    // V3 file with 'CSA encoding=UTF-8 and a time-only start time.
    let v3 = get("shogihome-conv-v3-kifu-utf8.csa");
    assert_eq!(v3.header.get("開始日時"), Some("13:28:35"));
    assert!(v3.tree.node(MoveTree::ROOT).comments.is_empty());
    // Floodgate: '** comments keep their stars.
    let v2 = get("v2.csa");
    let first = v2.tree.main_line()[0];
    assert_eq!(v2.tree.node(first).comments, vec!["** 104".to_string()]);
    assert_eq!(
        v2.header.get("棋戦").map(|e| e.starts_with("wdoor")),
        Some(true)
    );
    // Shift_JIS names.
    let sjis = get("shogihome-book-src03.csa");
    assert_eq!(sjis.header.get("先手"), Some("羽生七冠"));
}

/// Writes and re-reads `record`, checking that nothing on the main line changed.
fn assert_round_trip(name: &str, record: &Record, version: Version) {
    let text = csa::write_with(record, &WriteOptions { version })
        .unwrap_or_else(|e| panic!("{name}: write: {e}"));
    let again = csa::parse(&text).unwrap_or_else(|e| panic!("{name}: re-parse: {e}\n{text}"));
    assert_eq!(again.start, record.start, "{name}");
    assert_eq!(again.tree.main_moves(), record.tree.main_moves(), "{name}");
    assert_eq!(again.tree.main_end(), record.tree.main_end(), "{name}");
    assert_eq!(main_line(&again), main_line(record), "{name}\n{text}");
    assert_eq!(again.header, record.header, "{name}");
    // Writing is stable.
    let text2 = csa::write_with(&again, &WriteOptions { version }).unwrap();
    assert_eq!(text2, text, "{name}");
}

#[test]
fn write_then_parse_gives_the_same_record() {
    for (name, bytes) in corpus() {
        let record = csa::parse_bytes(&bytes).unwrap();
        assert_round_trip(&name, &record, Version::V30);
        // Corpus times are whole seconds, so V2.2 loses nothing either.
        assert_round_trip(&name, &record, Version::V22);
    }
}

#[test]
fn v3_decimal_times_and_totals() {
    let text = "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU,T1.5\n-3334FU\nT0.25\n+2726FU\nT12.3456\n%TORYO,T2\n";
    let record = csa::parse(text).unwrap();
    let times: Vec<_> = record
        .tree
        .main_line()
        .into_iter()
        .map(|id| record.tree.node(id).time.unwrap())
        .collect();
    let spent: Vec<_> = times.iter().map(|t| t.spent_ms).collect();
    let total: Vec<_> = times.iter().map(|t| t.total_ms.unwrap()).collect();
    assert_eq!(spent, [1500, 250, 12345, 2000]);
    assert_eq!(total, [1500, 250, 13845, 2250]);
    let written = csa::write(&record).unwrap();
    assert!(
        written.contains("T1.5\n") && written.contains("T12.345\n"),
        "{written}"
    );
    assert_eq!(csa::parse(&written).unwrap().tree, record.tree);
    let v2 = csa::write_with(
        &record,
        &WriteOptions {
            version: Version::V22,
        },
    )
    .unwrap();
    assert!(v2.starts_with("V2.2\n") && v2.contains("T12\n"), "{v2}");
}

#[test]
fn pi_handicaps_and_custom_starts() {
    let two = csa::parse("PI82HI22KA\n-\n-5142OU\n").unwrap();
    assert_eq!(two.start, Start::Named(Handicap::TwoPiece));
    let written = csa::write(&two).unwrap();
    assert!(written.contains("PI82HI22KA\n-\n"), "{written}");
    let ten = csa::parse("PI82HI22KA41KI61KI31GI71GI21KE81KE11KY91KY\n-\n").unwrap();
    assert_eq!(ten.start, Start::Named(Handicap::TenPiece));
    // Sente to move: not a named handicap.
    let custom = csa::parse("PI82HI\n+\n+7776FU\n").unwrap();
    let Start::Custom(setup) = custom.start else {
        panic!("expected a custom start")
    };
    assert_eq!(setup.get(Square::new(8, 2).unwrap()), None);
    assert_eq!(setup.side, Color::Black);
    // Custom starts are written as rows and re-read the same.
    let again = csa::parse(&csa::write(&custom).unwrap()).unwrap();
    assert_eq!(again.start, custom.start);
    // Removing a piece that is not there.
    let err = csa::parse("PI82KA\n-\n").unwrap_err();
    assert!(
        matches!(err.kind, CsaErrorKind::NothingToRemove { .. }),
        "{err}"
    );
    assert_eq!((err.line, err.column), (1, 3));
}

#[test]
fn piece_lists_and_00al() {
    let text = "P-11OU\nP+33KI\nP+00KI\nP-00AL\n+\n+0021KI\n";
    let record = csa::parse(text).unwrap();
    let Start::Custom(setup) = record.start else {
        panic!("custom start expected")
    };
    assert_eq!(setup.hands[0].count(Role::Gold), 1);
    assert_eq!(setup.hands[1].count(Role::Gold), 2);
    assert_eq!(setup.hands[1].count(Role::Pawn), 18);
    assert_eq!(setup.hands[1].count(Role::Rook), 2);
    assert_eq!(setup.hands[1].count(Role::King), 0);
    assert_eq!(record.tree.main_moves().len(), 1);
    let again = csa::parse(&csa::write(&record).unwrap()).unwrap();
    assert_eq!(again.start, record.start);
}

#[test]
fn headers_comments_and_separators() {
    let text = "V2.2\nN+先手さん\nN-gote, with comma\n$EVENT:Cup\n$FOO:bar\n$TIME:600+10+0\n$MAX_MOVES:256\n$JISHOGI:27\n$NOTE:note\n\
'before\nPI\n+\n'at start\n+7776FU,T3\n'* 30 -3334FU\n'** 45\n-3334FU\n%HIKIWAKE\n'after\n$END_TIME:2024/01/01\n/\nPI\n+\n+2726FU\n";
    let record = csa::parse(text).unwrap();
    let h = &record.header;
    assert_eq!(h.get("先手"), Some("先手さん"));
    assert_eq!(h.get("後手"), Some("gote, with comma"));
    assert_eq!(h.get("棋戦"), Some("Cup"));
    assert_eq!(h.get("$FOO"), Some("bar"));
    assert_eq!(h.get("持ち時間"), Some("600+10+0"));
    assert_eq!(h.get("最大手数"), Some("256"));
    assert_eq!(h.get("持将棋"), Some("27"));
    assert_eq!(h.get("備考"), Some("note"));
    assert_eq!(h.get("終了日時"), Some("2024/01/01"));
    // The typed accessors read the same vocabulary whichever format the record came from.
    assert_eq!(h.player(Color::Black), Some("先手さん"));
    assert_eq!(h.player(Color::White), Some("gote, with comma"));
    assert_eq!(h.event(), Some("Cup"));
    assert_eq!(h.time_control(), Some("600+10+0"));
    assert_eq!(h.end_time(), Some("2024/01/01"));
    assert_eq!((h.site(), h.start_time()), (None, None));
    let line = main_line(&record);
    assert_eq!(line[0].2, ["before", "at start"]);
    assert_eq!(line[1].2, ["* 30 -3334FU", "** 45"]);
    assert_eq!(line[3].0, Some(Entry::End(GameEnd::Draw)));
    assert_eq!(line[3].2, ["after"]);
    // Only the first game of the file is read.
    assert_eq!(record.tree.main_moves().len(), 2);
    let written = csa::write(&record).unwrap();
    for expected in [
        "$EVENT:Cup\n",
        "$FOO:bar\n",
        "$TIME:600+10+0\n",
        "$NOTE:note\n",
        "'* 30",
    ] {
        assert!(written.contains(expected), "{expected} in\n{written}");
    }
    assert_round_trip("headers", &record, Version::V30);
}

#[test]
fn every_record_of_a_file_is_read_with_parse_all() {
    let text = "V2.2\nN+a\nPI\n+\n+7776FU\n%TORYO\n/\n'second\nN+b\nPI\n+\n+2726FU\n-8384FU\n/\n";
    let records = csa::parse_all(text).unwrap();
    assert_eq!(records.len(), 2, "a / after the last record starts none");
    assert_eq!(records[0].header.player(Color::Black), Some("a"));
    assert_eq!(records[0].tree.main_moves().len(), 1);
    assert_eq!(records[1].header.player(Color::Black), Some("b"));
    assert_eq!(records[1].tree.main_moves().len(), 2);
    // `parse` still gives the first alone.
    assert_eq!(csa::parse(text).unwrap(), records[0]);
    // One record without separators.
    assert_eq!(csa::parse_all("PI\n+\n+7776FU\n").unwrap().len(), 1);
}

#[test]
fn an_error_in_a_later_record_names_its_line_in_the_file() {
    let text = "PI\n+\n+7776FU\n/\nPI\n+\n+7775FU\n";
    let err = csa::parse_all(text).unwrap_err();
    assert_eq!(err.line, 7, "{err}");
    // The first record alone is fine.
    assert!(csa::parse(text).is_ok());
}

#[test]
fn end_codes() {
    let cases: [(&str, GameEnd); 16] = [
        ("%TORYO", GameEnd::Resign),
        ("%CHUDAN", GameEnd::Interrupt),
        ("%SENNICHITE", GameEnd::Repetition),
        ("%OUTE_SENNICHITE", GameEnd::PerpetualCheck),
        ("%JISHOGI", GameEnd::Impasse),
        ("%MAX_MOVES", GameEnd::MaxMoves),
        ("%KACHI", GameEnd::EnteringKingWin),
        ("%HIKIWAKE", GameEnd::Draw),
        ("%TSUMI", GameEnd::Mate),
        ("%FUZUMI", GameEnd::NoMate),
        ("%TIME_UP", GameEnd::TimeUp),
        ("%ILLEGAL_MOVE", GameEnd::IllegalLoss),
        // Sente to move: sente's own illegal action is kept verbatim, gote's is a win.
        (
            "%+ILLEGAL_ACTION",
            GameEnd::Other("%+ILLEGAL_ACTION".into()),
        ),
        ("%-ILLEGAL_ACTION", GameEnd::IllegalWin),
        ("%MATTA", GameEnd::Other("%MATTA".into())),
        ("%ERROR", GameEnd::Other("%ERROR".into())),
    ];
    for (code, end) in cases {
        let record = csa::parse(&format!("PI\n+\n+7776FU\n-3334FU\n{code}\n")).unwrap();
        assert_eq!(record.tree.main_end(), Some(&end), "{code}");
        let written = csa::write(&record).unwrap();
        assert!(written.ends_with(&format!("{code}\n")), "{code}: {written}");
    }
    let gote = csa::parse("PI\n+\n+7776FU\n%+ILLEGAL_ACTION\n").unwrap();
    assert_eq!(gote.tree.main_end(), Some(&GameEnd::IllegalWin));
    assert!(csa::write(&gote).unwrap().ends_with("%+ILLEGAL_ACTION\n"));
}

#[test]
fn an_illegal_move_before_illegal_move_ends_the_record() {
    // Sente's pawn jumps two squares: not played, the game ends there.
    let text = "PI\n+\n+7776FU\n-3334FU\n+7674FU,T3\n'note\n%ILLEGAL_MOVE\n";
    let record = csa::parse(text).unwrap();
    assert_eq!(record.tree.main_moves().len(), 2);
    assert_eq!(record.tree.main_end(), Some(&GameEnd::IllegalLoss));
    let end = *record.tree.main_line().last().unwrap();
    let node = record.tree.node(end);
    assert_eq!(node.comments.len(), 2);
    assert!(node.comments[0].contains("+7674FU"), "{:?}", node.comments);
    assert_eq!(node.time.map(|t| t.spent_ms), Some(3000));
    assert_round_trip("illegal", &record, Version::V30);
    // Without the end code, the illegal move is an error on its line.
    let err = csa::parse("PI\n+\n+7776FU\n-3334FU\n+7674FU\n-4132KI\n").unwrap_err();
    assert_eq!((err.line, err.column), (5, 1));
    assert!(matches!(
        err.kind,
        CsaErrorKind::IllegalMove {
            reason: IllegalMove::NotAMoveOfThisPiece,
            ..
        }
    ));
    let err = csa::parse("PI\n+\n+7776FU\n-3334FU\n+7674FU\n").unwrap_err();
    assert_eq!(err.line, 5);
    let err = csa::parse("PI\n+\n+7776FU\n-3334FU\n+7674FU\n%TORYO\n").unwrap_err();
    assert_eq!(err.line, 5);
}

#[test]
fn writing_drops_variations_and_refuses_tori() {
    let mut record = csa::parse("PI\n+\n+7776FU\n-3334FU\n").unwrap();
    let pos = Position::<Shogi>::startpos();
    let alt = csa::parse_move(&pos, "+2726FU").unwrap();
    record.tree.add(MoveTree::ROOT, Entry::Move(alt));
    let text = csa::write(&record).unwrap();
    assert!(!text.contains("2726"), "{text}");
    assert_eq!(csa::write_move(&pos, alt).as_deref(), Some("+2726FU"));
    let tori = Record::new(VariantKind::Tori);
    let err = csa::write(&tori).unwrap_err();
    assert_eq!(err.kind, CsaErrorKind::WrongVariant("tori"));
    assert_eq!(
        err.to_string(),
        "CSA records are for standard shogi only, not tori"
    );
}

/// Malformed inputs: the line and column of the error, and its kind.
type Case = (&'static str, usize, usize, fn(&CsaErrorKind) -> bool);

#[test]
fn malformed_inputs() {
    use CsaErrorKind as K;
    let cases: Vec<Case> = vec![
        ("PI\n+\n+7776FU\n-3334F\n", 4, 1, |k| {
            matches!(k, K::Malformed { .. })
        }),
        ("PI\n+\n+7776FU\n-33\n", 4, 1, |k| {
            matches!(k, K::Malformed { .. })
        }),
        ("PI\n+\n+7706FU\n", 3, 4, |k| {
            matches!(k, K::BadSquare { .. })
        }),
        ("PI\n+\n+7A76FU\n", 3, 2, |k| {
            matches!(k, K::BadSquare { .. })
        }),
        ("PI\n+\n+7776XX\n", 3, 6, |k| {
            matches!(k, K::UnknownPiece { .. })
        }),
        ("PI\n+\n+7776KI\n", 3, 6, |k| {
            matches!(k, K::WrongPiece { .. })
        }),
        ("PI\n+\n+7675FU\n", 3, 1, |k| matches!(k, K::NoPiece { .. })),
        ("PI\n+\n-3334FU\n", 3, 1, |k| {
            matches!(k, K::WrongSide { .. })
        }),
        ("PI\n+\n+7776FU,-3334FU,+2726FU,-3322FU\n", 3, 25, |k| {
            matches!(k, K::NoPiece { .. })
        }),
        ("PI\n+\n+7776FU\n-0055KA\n", 4, 1, |k| {
            matches!(k, K::IllegalMove { .. })
        }),
        ("PI\n+\n+0055OU\n", 3, 6, |k| {
            matches!(k, K::NotAHandPiece { .. })
        }),
        ("PI\n+\n+7776FU\nX\n", 4, 1, |k| {
            matches!(k, K::UnknownStatement(_))
        }),
        ("V2.2\nQ\n", 2, 1, |k| matches!(k, K::UnknownStatement(_))),
        ("V2.x\n", 1, 1, |k| matches!(k, K::Malformed { .. })),
        ("N*name\n", 1, 1, |k| matches!(k, K::Malformed { .. })),
        ("$EVENT\n", 1, 1, |k| matches!(k, K::Malformed { .. })),
        ("PI\n+\n+7776FU\nT\n", 4, 1, |k| matches!(k, K::BadTime(_))),
        ("PI\n+\n+7776FU\nT1x\n", 4, 1, |k| {
            matches!(k, K::BadTime(_))
        }),
        ("PI\n+\nT3\n", 3, 1, |k| matches!(k, K::TimeBeforeMove(_))),
        ("PI\n+\n%\n", 3, 1, |k| matches!(k, K::BadEnd(_))),
        ("PI\n+\n%toryo\n", 3, 1, |k| matches!(k, K::BadEnd(_))),
        ("PI\n+\n%TORYO\n+7776FU\n", 4, 1, |k| {
            matches!(k, K::AfterEnd(_))
        }),
        ("PI\n+\n+7776FU\nPI\n", 4, 1, |k| {
            matches!(k, K::PositionAfterStart(_))
        }),
        ("PI\n+\n-\n", 3, 1, |k| {
            matches!(k, K::PositionAfterStart(_))
        }),
        ("PX\n", 1, 1, |k| matches!(k, K::UnknownStatement(_))),
        ("PI8\n", 1, 3, |k| matches!(k, K::Malformed { .. })),
        ("PI99HI\n", 1, 3, |k| matches!(k, K::NothingToRemove { .. })),
        ("PI0AHI\n", 1, 3, |k| matches!(k, K::Malformed { .. })),
        ("P1-KY-KE-GI-KI-OU-KI-GI-KE\n", 1, 27, |k| {
            matches!(k, K::Malformed { .. })
        }),
        ("P1-KY-KE-GI-KI-XX-KI-GI-KE-KY\n", 1, 16, |k| {
            matches!(k, K::UnknownPiece { .. })
        }),
        ("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY-FU\n", 1, 30, |k| {
            matches!(k, K::Malformed { .. })
        }),
        ("P1 *  * +OU+OU *  *  *  *  * \n+\n", 2, 1, |k| {
            matches!(k, K::BadSetup(SetupError::TooManyKings(Color::Black)))
        }),
        ("P+00OU\n", 1, 5, |k| matches!(k, K::NotAHandPiece { .. })),
        ("P+0A\n", 1, 3, |k| matches!(k, K::Malformed { .. })),
        ("P+1FU\n", 1, 3, |k| matches!(k, K::Malformed { .. })),
        ("P+55OU\nP-54FU\n\n-\n", 4, 1, |k| {
            matches!(k, K::BadSetup(SetupError::OpponentInCheck))
        }),
        (
            "P+55OU\nP-99OU\nP+00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU00FU\n",
            3,
            1,
            |k| matches!(k, K::BadSetup(SetupError::TooManyPieces(Role::Pawn))),
        ),
        (
            "PI\n+\n'ok\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+2233KA\n",
            8,
            1,
            |k| matches!(k, K::NoPiece { .. }),
        ),
    ];
    for (text, line, column, check) in cases {
        match csa::parse(text) {
            Ok(r) => panic!("{text:?} parsed: {:?}", r.tree.main_moves()),
            Err(e) => {
                assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
                assert!(check(&e.kind), "{text:?}: {e}");
                assert!(
                    e.to_string()
                        .starts_with(&format!("line {line}, column {column}: "))
                );
            }
        }
    }
    let e = csa::parse("V2.2\nPI\n+\n+2726FU\n-8384FU\n+7675FU\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 6, column 1: +7675FU: no sente piece on 76"
    );
}

#[test]
fn no_panic_on_damaged_corpus_files() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (_, bytes) in corpus() {
        let text = koma_notation::encoding::decode(&bytes).0;
        // Every truncation on a character boundary.
        let mut ends: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        ends.push(text.len());
        let step = (ends.len() / 400).max(1);
        for &end in ends.iter().step_by(step) {
            let _ = csa::parse(&text[..end]);
        }
        // Random byte damage.
        for _ in 0..200 {
            let mut damaged = bytes.clone();
            for _ in 0..1 + next() % 4 {
                if damaged.is_empty() {
                    break;
                }
                let at = (next() % damaged.len() as u64) as usize;
                let pool = b"+-0123456789 *,%'TPNV$/\nFUKAOUHIRYUMALIX.";
                damaged[at] = pool[(next() % pool.len() as u64) as usize];
            }
            if let Ok(record) = csa::parse_bytes(&damaged) {
                // Whatever parses also writes and re-parses.
                let text = csa::write(&record).unwrap();
                csa::parse(&text).unwrap();
            }
        }
    }
}

// ---- The golden JKF files: a tiny JSON reader, enough for them. ----

#[derive(Debug, Clone, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    fn num(&self, key: &str) -> u64 {
        match self.get(key) {
            Some(Json::Num(n)) => *n as u64,
            other => panic!("{key}: {other:?}"),
        }
    }
    fn str(&self, key: &str) -> Option<&str> {
        match self.get(key) {
            Some(Json::Str(s)) => Some(s),
            _ => None,
        }
    }
    fn arr(&self) -> &[Json] {
        match self {
            Json::Arr(items) => items,
            other => panic!("not an array: {other:?}"),
        }
    }
}

struct JsonReader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
}

impl JsonReader<'_> {
    fn skip(&mut self) {
        while self.chars.peek().is_some_and(|c| c.is_whitespace()) {
            self.chars.next();
        }
    }
    fn expect(&mut self, c: char) {
        self.skip();
        assert_eq!(self.chars.next(), Some(c));
    }
    fn string(&mut self) -> String {
        self.expect('"');
        let mut s = String::new();
        loop {
            match self.chars.next().unwrap() {
                '"' => return s,
                '\\' => match self.chars.next().unwrap() {
                    'n' => s.push('\n'),
                    't' => s.push('\t'),
                    'u' => {
                        let hex: String = (0..4).map(|_| self.chars.next().unwrap()).collect();
                        let code = u32::from_str_radix(&hex, 16).unwrap();
                        s.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                    }
                    c => s.push(c),
                },
                c => s.push(c),
            }
        }
    }
    fn value(&mut self) -> Json {
        self.skip();
        match *self.chars.peek().unwrap() {
            '{' => {
                self.chars.next();
                let mut entries = Vec::new();
                loop {
                    self.skip();
                    if self.chars.peek() == Some(&'}') {
                        self.chars.next();
                        return Json::Obj(entries);
                    }
                    let key = self.string();
                    self.expect(':');
                    entries.push((key, self.value()));
                    self.skip();
                    if self.chars.peek() == Some(&',') {
                        self.chars.next();
                    }
                }
            }
            '[' => {
                self.chars.next();
                let mut items = Vec::new();
                loop {
                    self.skip();
                    if self.chars.peek() == Some(&']') {
                        self.chars.next();
                        return Json::Arr(items);
                    }
                    items.push(self.value());
                    self.skip();
                    if self.chars.peek() == Some(&',') {
                        self.chars.next();
                    }
                }
            }
            '"' => Json::Str(self.string()),
            _ => {
                let mut word = String::new();
                while self
                    .chars
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || "+-.".contains(*c))
                {
                    word.push(self.chars.next().unwrap());
                }
                match word.as_str() {
                    "null" => Json::Null,
                    "true" => Json::Bool(true),
                    "false" => Json::Bool(false),
                    n => Json::Num(n.parse().unwrap()),
                }
            }
        }
    }
}

fn read_json(text: &str) -> Json {
    JsonReader {
        chars: text.chars().peekable(),
    }
    .value()
}

/// The JKF name of a special (end) as json-kifu-format writes it for our end.
fn jkf_special(end: &GameEnd) -> String {
    match end {
        GameEnd::Resign => "TORYO".into(),
        GameEnd::Interrupt => "CHUDAN".into(),
        GameEnd::Mate => "TSUMI".into(),
        GameEnd::IllegalLoss => "ILLEGAL_MOVE".into(),
        other => format!("{other:?}"),
    }
}

#[test]
fn agrees_with_json_kifu_format() {
    let mut compared = 0;
    for (name, bytes) in corpus() {
        let path = shared()
            .join("golden-jkf")
            .join(format!("csa__{name}.json"));
        let Ok(json) = std::fs::read_to_string(&path) else {
            continue;
        };
        compared += 1;
        let jkf = read_json(&json);
        let record = csa::parse_bytes(&bytes).unwrap();
        // Header: every JKF entry is ours (JKF keeps $OPENING as OPENING).
        if let Some(Json::Obj(entries)) = jkf.get("header") {
            for (key, value) in entries {
                let key = if key == "OPENING" { "戦型" } else { key };
                let Json::Str(value) = value else { panic!() };
                assert_eq!(
                    record.header.get(key),
                    Some(value.as_str()),
                    "{name}: {key}"
                );
            }
        }
        // Start position.
        let initial = jkf.get("initial").unwrap();
        match initial.str("preset").unwrap() {
            "HIRATE" => assert_eq!(record.start, Start::Named(Handicap::Even), "{name}"),
            "8" => assert_eq!(record.start, Start::Named(Handicap::EightPiece), "{name}"),
            "OTHER" => {
                let setup = record.start.setup(VariantKind::Shogi);
                let data = initial.get("data").unwrap();
                for (x, file) in data.get("board").unwrap().arr().iter().enumerate() {
                    for (y, cell) in file.arr().iter().enumerate() {
                        let sq = Square::new(x as u8 + 1, y as u8 + 1).unwrap();
                        let ours = setup.get(sq).map(|p| {
                            (p.color().index() as u64, csa::piece_code(p.role()).unwrap())
                        });
                        let theirs = cell.str("kind").map(|k| (cell.num("color"), k));
                        assert_eq!(ours, theirs, "{name}: {sq:?}");
                    }
                }
                for (c, hand) in data.get("hands").unwrap().arr().iter().enumerate() {
                    for code in ["FU", "KY", "KE", "GI", "KI", "KA", "HI"] {
                        let role = csa::role_of_code(code).unwrap();
                        assert_eq!(
                            setup.hands[c].count(role) as u64,
                            hand.num(code),
                            "{name}: hand {c} {code}"
                        );
                    }
                }
                assert_eq!(setup.side.index() as u64, data.num("color"), "{name}");
            }
            other => panic!("{name}: preset {other} not compared"),
        }
        // The moves, node by node.
        let nodes = jkf.get("moves").unwrap().arr();
        let ours = main_line(&record);
        assert_eq!(ours.len(), nodes.len(), "{name}: number of nodes");
        // The piece of each move, from our own writer: sign, from, to, piece after.
        let written = csa::write(&record).unwrap();
        let mut texts = written
            .lines()
            .filter(|l| l.len() == 7 && (l.starts_with('+') || l.starts_with('-')));
        for (i, (node, (entry, time, comments))) in nodes.iter().zip(&ours).enumerate() {
            if i == 0 {
                // JKF drops the comments before the side-to-move line; ours keep them first.
                if let Some(Json::Arr(theirs)) = node.get("comments") {
                    let theirs: Vec<_> = theirs
                        .iter()
                        .map(|c| match c {
                            Json::Str(s) => s.clone(),
                            _ => panic!(),
                        })
                        .collect();
                    assert!(comments.ends_with(&theirs), "{name}: root comments");
                }
                continue;
            }
            let theirs: Vec<String> = match node.get("comments") {
                Some(Json::Arr(c)) => c
                    .iter()
                    .map(|c| match c {
                        Json::Str(s) => s.clone(),
                        _ => panic!(),
                    })
                    .collect(),
                _ => Vec::new(),
            };
            assert_eq!(comments, &theirs, "{name}: comments of node {i}");
            match (entry, node.get("move"), node.str("special")) {
                (Some(Entry::Move(m)), Some(mv), None) => {
                    let text = texts.next().unwrap();
                    let after = &text[5..7];
                    let color = u64::from(text.starts_with('-'));
                    assert_eq!(color, mv.num("color"), "{name}: move {i}");
                    let to = mv.get("to").unwrap();
                    assert_eq!(m.to().file() as u64, to.num("x"), "{name}: move {i}");
                    assert_eq!(m.to().rank() as u64, to.num("y"), "{name}: move {i}");
                    match (m.from(), mv.get("from")) {
                        (Some(from), Some(f)) => {
                            assert_eq!(from.file() as u64, f.num("x"), "{name}: move {i}");
                            assert_eq!(from.rank() as u64, f.num("y"), "{name}: move {i}");
                            assert_eq!(&text[1..3], format!("{}{}", f.num("x"), f.num("y")));
                        }
                        (None, None) => {
                            let role = m.drop_role().unwrap();
                            assert_eq!(csa::piece_code(role), mv.str("piece"), "{name}: {i}");
                        }
                        _ => panic!("{name}: move {i}: drop and board move mixed up"),
                    }
                    let promote = mv.get("promote") == Some(&Json::Bool(true));
                    assert_eq!(m.is_promotion(), promote, "{name}: move {i}");
                    let before = csa::role_of_code(mv.str("piece").unwrap()).unwrap();
                    let expected = if promote {
                        before.promoted().unwrap()
                    } else {
                        before
                    };
                    assert_eq!(Some(after), csa::piece_code(expected), "{name}: move {i}");
                }
                (Some(Entry::End(end)), None, Some(special)) => {
                    assert_eq!(jkf_special(end), special, "{name}: end");
                }
                (ours, theirs, special) => {
                    panic!("{name}: node {i}: {ours:?} vs {theirs:?} / {special:?}")
                }
            }
            match node.get("time") {
                Some(t) => {
                    let time = time.unwrap_or_else(|| panic!("{name}: node {i} has no time"));
                    let now = t.get("now").unwrap();
                    let total = t.get("total").unwrap();
                    assert_eq!(
                        time.spent_ms,
                        (now.num("m") * 60 + now.num("s")) * 1000,
                        "{name}: time of node {i}"
                    );
                    assert_eq!(
                        time.total_ms,
                        Some((total.num("h") * 3600 + total.num("m") * 60 + total.num("s")) * 1000),
                        "{name}: total time of node {i}"
                    );
                }
                None => assert_eq!(*time, None, "{name}: node {i}"),
            }
        }
    }
    assert!(compared >= 7, "golden files missing");
}
