//! JKF (JSON Kifu Format, json-kifu-format's schema): reading and writing records.
//!
//! Deliberate extensions, so that nothing koma keeps is lost on a round trip: a node's
//! bookmark goes in a `bookmark` field, and endings JKF has no code for (反則負け, 不戦勝,
//! 封じ手, トライ, unknown words) are written as their KIF word in `special`. Times are
//! whole seconds in JKF.

use crate::record::{Entry, GameEnd, MoveTime, MoveTree, NodeId, Record, Start};
use crate::warning::{Reading, Warning, WarningKind};
use koma_rules::{
    Color, Handicap, IllegalMove, Move, Piece, Position, Role, Setup, SetupError, Square,
    VariantKind, variants::Shogi,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A JKF document that cannot be read, with what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum JkfError {
    /// Not JSON of the JKF shape (line and column from the JSON parser).
    #[error("JKF line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// Well-formed JSON whose content is not a legal record.
    #[error("JKF {path}: {kind}")]
    Content {
        /// Where in the document (e.g. `moves[12]` or `forks` paths).
        path: String,
        /// What is wrong.
        kind: ContentError,
    },
    /// A record that cannot be written as JKF.
    #[error("JKF: {0}")]
    Write(#[from] serde_json::Error),
}

/// What is wrong with the content of a JKF document (or a record written as one).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContentError {
    /// A preset without a name koma knows and without the position's data.
    #[error("preset {0} needs data")]
    PresetNeedsData(String),
    /// The start position is not a position.
    #[error("{0}")]
    BadStart(SetupError),
    /// A board that is not 9 by 9.
    #[error("the board is 9 files of 9 ranks")]
    BoardShape,
    /// A piece kind JKF does not have.
    #[error("unknown piece kind {0}")]
    UnknownKind(String),
    /// A square off the board.
    #[error("square {0}{1} is off the board")]
    OffBoard(u8, u8),
    /// A move that breaks a rule, where the line goes on after it.
    #[error("illegal move: {0}")]
    IllegalMove(IllegalMove),
    /// A move entry with neither a move nor a special.
    #[error("neither a move nor a special")]
    Empty,
    /// A record of another variant (JKF is standard shogi only).
    #[error("JKF holds standard shogi only")]
    StandardOnly,
}

fn content(path: &str, kind: ContentError) -> JkfError {
    JkfError::Content {
        path: path.to_string(),
        kind,
    }
}

#[derive(Serialize, Deserialize, Default)]
struct Jkf {
    #[serde(default)]
    header: serde_json::Map<String, serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    initial: Option<Initial>,
    #[serde(default)]
    moves: Vec<JMove>,
}

#[derive(Serialize, Deserialize)]
struct Initial {
    preset: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    data: Option<InitialData>,
}

#[derive(Serialize, Deserialize)]
struct InitialData {
    color: u8,
    board: Vec<Vec<JPiece>>,
    hands: Vec<BTreeMap<String, u8>>,
}

#[derive(Serialize, Deserialize, Default, Clone)]
struct JPiece {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    color: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kind: Option<String>,
}

#[derive(Serialize, Deserialize, Default)]
struct JMove {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    comments: Vec<String>,
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    mv: Option<MoveFormat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time: Option<Time>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    special: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    forks: Vec<Vec<JMove>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bookmark: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct MoveFormat {
    color: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<Place>,
    to: Place,
    piece: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    same: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    promote: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    capture: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    relative: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
struct Place {
    x: u8,
    y: u8,
}

#[derive(Serialize, Deserialize)]
struct Time {
    now: Hms,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    total: Option<Hms>,
}

#[derive(Serialize, Deserialize, Default)]
struct Hms {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    h: Option<u64>,
    #[serde(default)]
    m: u64,
    #[serde(default)]
    s: u64,
}

const PRESETS: [(&str, Handicap); 16] = [
    ("HIRATE", Handicap::Even),
    ("KY", Handicap::Lance),
    ("KY_R", Handicap::RightLance),
    ("KA", Handicap::Bishop),
    ("HI", Handicap::Rook),
    ("HIKY", Handicap::RookLance),
    ("2", Handicap::TwoPiece),
    ("3", Handicap::ThreePiece),
    ("4", Handicap::FourPiece),
    ("5", Handicap::FivePiece),
    ("5_L", Handicap::LeftFivePiece),
    ("6", Handicap::SixPiece),
    ("7_L", Handicap::LeftSevenPiece),
    ("7_R", Handicap::RightSevenPiece),
    ("8", Handicap::EightPiece),
    ("10", Handicap::TenPiece),
];

const SPECIALS: [(&str, GameEnd); 12] = [
    ("TORYO", GameEnd::Resign),
    ("CHUDAN", GameEnd::Interrupt),
    ("SENNICHITE", GameEnd::Repetition),
    ("TIME_UP", GameEnd::TimeUp),
    ("ILLEGAL_MOVE", GameEnd::IllegalLoss),
    ("JISHOGI", GameEnd::Impasse),
    ("KACHI", GameEnd::EnteringKingWin),
    ("TSUMI", GameEnd::Mate),
    ("FUZUMI", GameEnd::NoMate),
    ("MAX_MOVES", GameEnd::MaxMoves),
    ("OUTE_SENNICHITE", GameEnd::PerpetualCheck),
    ("HIKIWAKE", GameEnd::Draw),
];

/// JKF's piece kinds are CSA's piece codes.
fn kind_role(kind: &str) -> Option<Role> {
    crate::csa::role_of_code(kind)
}

fn role_kind(role: Role) -> &'static str {
    crate::csa::piece_code(role).unwrap_or("FU")
}

/// Reads a JKF document (standard shogi: JKF has no variants); the leniencies it needed
/// are dropped (see [`read`]).
pub fn parse(text: &str) -> Result<Record, JkfError> {
    read(text).map(|r| r.record)
}

/// Reads a JKF document with the leniencies its reading needed (a foul kept as the last
/// move of its line).
pub fn read(text: &str) -> Result<Reading, JkfError> {
    let jkf: Jkf =
        serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| JkfError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
    let mut record = Record::new(VariantKind::Shogi);
    for (key, value) in &jkf.header {
        let text = value
            .as_str()
            .map_or_else(|| value.to_string(), str::to_string);
        record.header.push(key, &text);
    }
    if let Some(initial) = &jkf.initial {
        record.start = match (
            PRESETS.iter().find(|(p, _)| *p == initial.preset),
            &initial.data,
        ) {
            (Some(&(_, h)), _) => Start::Named(h),
            (None, Some(data)) => Start::Custom(initial_setup(data)?),
            (None, None) => {
                return Err(content(
                    "initial",
                    ContentError::PresetNeedsData(initial.preset.clone()),
                ));
            }
        };
    }
    // A 手合割 in the header naming the start the record has is the start, as a KIF
    // reader takes it: not kept twice (a KIF written from the record would say it twice).
    if let Start::Named(h) = record.start {
        record.header.entries.retain(|(key, value)| {
            let name = value.trim_matches(|c: char| c == '　' || c.is_whitespace());
            key != "手合割" || Handicap::named(VariantKind::Shogi, name) != Some(h)
        });
    }
    let setup = record.start.setup(VariantKind::Shogi);
    let start = Position::<Shogi>::from_setup(&setup)
        .or_else(|_| Position::<Shogi>::from_setup_lenient(&setup))
        .map_err(|e| content("initial", ContentError::BadStart(e)))?;
    if let Some(first) = jkf.moves.first() {
        if first.mv.is_none() && first.special.is_none() {
            record.tree.node_mut(MoveTree::ROOT).comments = first.comments.clone();
            record.tree.node_mut(MoveTree::ROOT).bookmark = first.bookmark.clone();
        }
    }
    let skip = usize::from(
        jkf.moves
            .first()
            .is_some_and(|m| m.mv.is_none() && m.special.is_none()),
    );
    let mut warnings = Vec::new();
    read_line(
        &mut record.tree,
        MoveTree::ROOT,
        start,
        &jkf.moves[skip..],
        ("moves", skip),
        &mut warnings,
    )?;
    Ok(Reading { record, warnings })
}

fn initial_setup(data: &InitialData) -> Result<Setup, JkfError> {
    let mut setup = Setup::empty();
    setup.side = if data.color == 0 {
        Color::Black
    } else {
        Color::White
    };
    if data.board.len() != 9 || data.board.iter().any(|f| f.len() != 9) {
        return Err(content("initial.data.board", ContentError::BoardShape));
    }
    for (x, file) in data.board.iter().enumerate() {
        for (y, cell) in file.iter().enumerate() {
            if let (Some(color), Some(kind)) = (cell.color, &cell.kind) {
                let role = kind_role(kind).ok_or_else(|| {
                    content(
                        "initial.data.board",
                        ContentError::UnknownKind(kind.clone()),
                    )
                })?;
                let color = if color == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let sq = Square::new(x as u8 + 1, y as u8 + 1).expect("9x9");
                setup.set(sq, Some(Piece::new(color, role)));
            }
        }
    }
    for (c, hand) in data.hands.iter().take(2).enumerate() {
        for (kind, &n) in hand {
            let role = kind_role(kind).ok_or_else(|| {
                content(
                    "initial.data.hands",
                    ContentError::UnknownKind(kind.clone()),
                )
            })?;
            setup.hands[c].set(role, n);
        }
    }
    Ok(setup)
}

/// Reads the moves of one line (`path` and the index of its first move name its place)
/// below `parent`. A foul may be the line's last move: it is kept, lost by its mover.
fn read_line(
    tree: &mut MoveTree,
    parent: NodeId,
    mut pos: Position<Shogi>,
    moves: &[JMove],
    (path, offset): (&str, usize),
    warnings: &mut Vec<Warning>,
) -> Result<(), JkfError> {
    let mut cur = parent;
    let mut after_foul = false;
    for (i, jm) in moves.iter().enumerate() {
        let here = format!("{path}[{}]", i + offset);
        let entry = match (&jm.mv, &jm.special) {
            (Some(mv), _) => {
                let (m, foul) = read_move(&pos, mv, &here)?;
                if let Some(reason) = foul {
                    let last = moves.get(i + 1).is_none_or(|next| next.mv.is_none());
                    if !last {
                        return Err(content(&here, ContentError::IllegalMove(reason)));
                    }
                    let text = format!("{here} {}", crate::usi::write_move(VariantKind::Shogi, m));
                    warnings.push(Warning::new(
                        0,
                        WarningKind::IllegalLastMove { text, reason },
                    ));
                    after_foul = true;
                }
                Entry::Move(m)
            }
            (None, Some(special)) => match special_end(special) {
                // After a foul, "the side to move lost by a foul" means its mover.
                GameEnd::IllegalLoss if after_foul => Entry::End(GameEnd::IllegalWin),
                end => Entry::End(end),
            },
            (None, None) => return Err(content(&here, ContentError::Empty)),
        };
        let before = pos;
        let id = tree.add(cur, entry.clone());
        let node = tree.node_mut(id);
        node.comments = jm.comments.clone();
        node.bookmark = jm.bookmark.clone();
        node.time = jm.time.as_ref().map(|t| MoveTime {
            spent_ms: (t.now.h.unwrap_or(0) * 3600 + t.now.m * 60 + t.now.s) * 1000,
            total_ms: t
                .total
                .as_ref()
                .map(|x| (x.h.unwrap_or(0) * 3600 + x.m * 60 + x.s) * 1000),
        });
        for (f, fork) in jm.forks.iter().enumerate() {
            let fork_path = format!("{here}.forks[{f}]");
            read_line(tree, cur, before, fork, (&fork_path, 0), warnings)?;
        }
        if let Entry::Move(m) = entry {
            pos = pos.after(m);
        }
        cur = id;
    }
    if after_foul && matches!(tree.node(cur).entry, Some(Entry::Move(_))) {
        tree.add(cur, Entry::End(GameEnd::IllegalWin));
    }
    Ok(())
}

/// Reads one move: a legal one, or a foul (see [`crate::record::is_foul`]) with its rule.
fn read_move(
    pos: &Position<Shogi>,
    mv: &MoveFormat,
    path: &str,
) -> Result<(Move, Option<IllegalMove>), JkfError> {
    let sq = |p: Place| {
        Square::new(p.x, p.y).ok_or_else(|| content(path, ContentError::OffBoard(p.x, p.y)))
    };
    let to = sq(mv.to)?;
    let role = kind_role(&mv.piece)
        .ok_or_else(|| content(path, ContentError::UnknownKind(mv.piece.clone())))?;
    let m = match mv.from {
        Some(from) => Move::normal(sq(from)?, to, mv.promote == Some(true)),
        None => Move::drop(role, to),
    };
    match pos.is_legal(m) {
        Ok(()) => Ok((m, None)),
        Err(reason) if crate::record::is_foul(reason) => Ok((m, Some(reason))),
        Err(e) => Err(content(path, ContentError::IllegalMove(e))),
    }
}

fn special_end(special: &str) -> GameEnd {
    known_end(special).unwrap_or_else(|| GameEnd::Other(special.to_string()))
}

/// The ending a word names, if koma knows it: a JKF `special` (`TORYO`, `SENNICHITE`, ...,
/// CSA's codes without `%`) or a Japanese word (投了, 千日手, ...).
pub fn known_end(word: &str) -> Option<GameEnd> {
    SPECIALS
        .iter()
        .find(|(s, _)| *s == word)
        .map(|(_, e)| e.clone())
        .or_else(|| GameEnd::from_japanese(word))
}

/// The JKF `special` word of an ending (`TORYO`, `SENNICHITE`, CSA's words without `%`),
/// its Japanese word where JKF has none.
pub fn end_special(end: &GameEnd) -> String {
    match SPECIALS.iter().find(|(_, e)| e == end) {
        Some((s, _)) => s.to_string(),
        None => end.japanese(),
    }
}

/// Writes a record as JKF (pretty-printed JSON).
pub fn write(record: &Record) -> Result<String, JkfError> {
    if record.variant != VariantKind::Shogi {
        return Err(content("variant", ContentError::StandardOnly));
    }
    let mut jkf = Jkf::default();
    for (key, value) in &record.header.entries {
        jkf.header
            .insert(key.clone(), serde_json::Value::String(value.clone()));
    }
    jkf.initial = Some(match &record.start {
        Start::Named(h) => match PRESETS.iter().find(|(_, p)| p == h) {
            Some((name, _)) => Initial {
                preset: name.to_string(),
                data: None,
            },
            None => Initial {
                preset: "OTHER".into(),
                data: Some(initial_data(&h.setup())),
            },
        },
        Start::Custom(setup) => Initial {
            preset: "OTHER".into(),
            data: Some(initial_data(setup)),
        },
    });
    let setup = record.start.setup(VariantKind::Shogi);
    let start = Position::<Shogi>::from_setup(&setup)
        .or_else(|_| Position::<Shogi>::from_setup_lenient(&setup))
        .map_err(|e| content("initial", ContentError::BadStart(e)))?;
    let root = record.tree.node(MoveTree::ROOT);
    jkf.moves.push(JMove {
        comments: root.comments.clone(),
        bookmark: root.bookmark.clone(),
        ..JMove::default()
    });
    if let Some(first) = record.tree.first_child(MoveTree::ROOT) {
        write_line(&record.tree, first, start, &mut jkf.moves);
    }
    Ok(serde_json::to_string_pretty(&jkf)?)
}

fn initial_data(setup: &Setup) -> InitialData {
    let mut board = vec![vec![JPiece::default(); 9]; 9];
    for sq in Square::all() {
        if let Some(p) = setup.get(sq) {
            board[sq.file() as usize - 1][sq.rank() as usize - 1] = JPiece {
                color: Some(p.color() as u8),
                kind: Some(role_kind(p.role()).to_string()),
            };
        }
    }
    let hands = Color::ALL
        .iter()
        .map(|&c| {
            // JKF lists the hand from the pawn up: SFEN's order reversed.
            <Shogi as koma_rules::Variant>::HAND_ROLES
                .iter()
                .rev()
                .map(|&r| (role_kind(r).to_string(), setup.hands[c.index()].count(r)))
                .collect()
        })
        .collect();
    InitialData {
        color: setup.side as u8,
        board,
        hands,
    }
}

/// Writes the line starting at `first` into `out`, each alternative as a fork of the move
/// it replaces.
fn write_line(tree: &MoveTree, first: NodeId, mut pos: Position<Shogi>, out: &mut Vec<JMove>) {
    let mut cur = Some(first);
    let mut prev_to = tree.destination_before(first);
    while let Some(id) = cur {
        let node = tree.node(id);
        let mut jm = JMove {
            comments: node.comments.clone(),
            bookmark: node.bookmark.clone(),
            ..JMove::default()
        };
        jm.time = node.time.map(|t| Time {
            now: Hms {
                h: None,
                m: t.spent_ms / 60_000,
                s: t.spent_ms / 1000 % 60,
            },
            total: t.total_ms.map(|x| Hms {
                h: Some(x / 3_600_000),
                m: x / 60_000 % 60,
                s: x / 1000 % 60,
            }),
        });
        match &node.entry {
            Some(Entry::Move(m)) => jm.mv = Some(move_format(&pos, *m, prev_to)),
            Some(Entry::End(end)) => jm.special = Some(end_special(end)),
            None => {}
        }
        for alt in tree.alternatives(id) {
            let mut fork = Vec::new();
            write_line(tree, alt, pos, &mut fork);
            jm.forks.push(fork);
        }
        out.push(jm);
        if let Some(Entry::Move(m)) = &node.entry {
            prev_to = Some(m.to());
            pos = pos.after(*m);
        }
        cur = tree.first_child(id);
    }
}

fn move_format(pos: &Position<Shogi>, m: Move, prev_to: Option<Square>) -> MoveFormat {
    let place = |sq: Square| Place {
        x: sq.file(),
        y: sq.rank(),
    };
    let color = pos.side_to_move() as u8;
    let (piece, promote) = match m.from() {
        Some(from) => {
            let role = pos.piece_at(from).map_or(Role::Pawn, |p| p.role());
            let zone = <Shogi as koma_rules::Variant>::ZONE[pos.side_to_move().index()];
            let could = role.promoted().is_some() && (zone.contains(from) || zone.contains(m.to()));
            (role, could.then_some(m.is_promotion()))
        }
        None => (m.drop_role().unwrap_or(Role::Pawn), None),
    };
    MoveFormat {
        color,
        from: m.from().map(place),
        to: place(m.to()),
        piece: role_kind(piece).to_string(),
        same: (prev_to == Some(m.to())).then_some(true),
        promote,
        capture: if m.is_drop() {
            None
        } else {
            pos.piece_at(m.to())
                .map(|p| role_kind(p.role()).to_string())
        },
        relative: None,
    }
}
