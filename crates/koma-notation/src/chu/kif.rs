//! Chu shogi in KIF as lishogi writes it (scalashogi `KifModel`, shogiops `kif.ts`): a
//! 12-line board diagram when the start is not the usual one, then one line a move,
//! `1手目 ▲7八歩兵 （←7九）`, a double move on two lines (`3手目一歩目 ▲7九獅子 （←7十）`,
//! `3手目二歩目 ▲6八獅子 （←7九）`, `（居食い）` on igui), half-width files, kanji ranks,
//! `仝` for the previous move's square, and the pieces' formal names (`獅子`, `金将` for
//! a promoted pawn). Reading takes the same, and `同`, full-width files and the short names.

use super::{ChuUsiError, START_SFEN, write as write_sfen};
use crate::movetext::japanese::turn_mark;
use crate::record::Header;
use koma_rules::chu::{BOARD_ROLES, ChuMove, ChuPosition, ChuSetup};
use koma_rules::frame12::Square12;
use koma_rules::{Color, Piece, Role};

/// Chu's KIF names where they are not the piece table's one-character faces: the formal
/// name moves are written with, and the board's, for promoted pieces that move like another
/// piece (scalashogi `KifUtils.toKifChushogi`, shogiops `roleToBoardKanji`).
const NAMES: [(Role, &str, &str); 39] = [
    (Role::King, "玉将", "玉"),
    (Role::Prince, "太子", "太"),
    (Role::Pawn, "歩兵", "歩"),
    (Role::GoBetween, "仲人", "仲"),
    (Role::Copper, "銅将", "銅"),
    (Role::Silver, "銀将", "銀"),
    (Role::Gold, "金将", "金"),
    (Role::Leopard, "猛豹", "豹"),
    (Role::BlindTiger, "盲虎", "虎"),
    (Role::DrunkElephant, "醉象", "象"),
    (Role::Kirin, "麒麟", "麒"),
    (Role::Phoenix, "鳳凰", "鳳"),
    (Role::Lance, "香車", "香"),
    (Role::ReverseChariot, "反車", "反"),
    (Role::SideMover, "横行", "横"),
    (Role::VerticalMover, "竪行", "竪"),
    (Role::Bishop, "角行", "角"),
    (Role::Rook, "飛車", "飛"),
    (Role::DragonHorse, "龍馬", "馬"),
    (Role::DragonKing, "龍王", "龍"),
    (Role::FreeKing, "奔王", "奔"),
    (Role::Lion, "獅子", "獅"),
    (Role::Tokin, "金将", "成歩"),
    (Role::Horse, "龍馬", "成馬"),
    (Role::Dragon, "龍王", "成龍"),
    (Role::FlyingStag, "飛鹿", "鹿"),
    (Role::WhiteHorse, "白駒", "駒"),
    (Role::Whale, "鯨鯢", "鯨"),
    (Role::FreeBoar, "奔猪", "猪"),
    (Role::FlyingOx, "飛牛", "牛"),
    (Role::HornedFalcon, "角鷹", "鷹"),
    (Role::SoaringEagle, "飛鷲", "鷲"),
    (Role::PromotedGoBetween, "醉象", "成象"),
    (Role::PromotedCopper, "横行", "成横"),
    (Role::ChuPromotedSilver, "竪行", "成竪"),
    (Role::ChuPromotedGold, "金飛車", "成飛"),
    (Role::PromotedLeopard, "小角", "成角"),
    (Role::PromotedKirin, "獅子", "成獅"),
    (Role::PromotedPhoenix, "奔王", "成奔"),
];

fn names(role: Role) -> (&'static str, &'static str) {
    NAMES
        .iter()
        .find(|(r, ..)| *r == role)
        .map_or(("?", "?"), |&(_, formal, board)| (formal, board))
}

const RANKS: [&str; 12] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
];
const FILES_LINE: &str = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １";

/// A square as the moves write it: half-width file, kanji rank (`7八`, `10十一`).
fn square(sq: Square12) -> String {
    format!("{}{}", sq.file(), RANKS[usize::from(sq.rank()) - 1])
}

/// The 12-line board diagram of `pos`, with its frame and files line.
fn diagram(pos: &ChuPosition) -> String {
    let rule = format!("+{}+", "-".repeat(48));
    let mut out = format!("{FILES_LINE}\n{rule}\n");
    for rank in 1..=12 {
        out.push('|');
        for file in (1..=12).rev() {
            let sq = Square12::new(file, rank).expect("on the board");
            match pos.piece_at(sq) {
                None => out.push_str("  ・"),
                Some(p) => {
                    let board = names(p.role()).1;
                    let mark = if p.color() == Color::White { "v" } else { "" };
                    let cell = format!("{mark}{board}");
                    let pad = 3usize.saturating_sub(cell.chars().count());
                    out.push_str(&" ".repeat(pad));
                    out.push_str(&cell);
                }
            }
        }
        out.push_str(&format!("|{}\n", RANKS[usize::from(rank) - 1]));
    }
    out.push_str(&rule);
    out.push('\n');
    out
}

/// Writes a Chu game from `start` through `moves` (legal in turn) as KIF, after the
/// `header`'s lines (`先手：name`: none when it is empty); `ending`, if given, is a last line
/// of its own (`まで64手で先手の勝ち`).
pub fn write(
    header: &Header,
    start: &ChuPosition,
    moves: &[ChuMove],
    ending: Option<&str>,
) -> String {
    let mut out = String::new();
    crate::kif::write_header(&mut out, header);
    if write_sfen(start) != START_SFEN {
        out.push_str(&diagram(start));
        if start.side_to_move() == Color::White {
            out.push_str("後手番\n");
        }
    }
    out.push_str("手数----指手---------消費時間--\n");
    let mut pos = *start;
    let mut prev_to: Option<Square12> = None;
    for (i, &m) in moves.iter().enumerate() {
        let n = i + 1;
        let Some(piece) = pos.piece_at(m.from()) else {
            break;
        };
        let mark = turn_mark(piece.color());
        let name = names(piece.role()).0;
        let dest = |sq: Square12, prev: Option<Square12>| {
            if prev == Some(sq) {
                "仝".to_string()
            } else {
                square(sq)
            }
        };
        match m.mid() {
            Some(mid) => {
                let igui = m.to() == m.from() && pos.piece_at(mid).is_some();
                let still = m.to() == m.from() && !igui;
                let how = if igui {
                    "（居食い）"
                } else if still {
                    "(じっと)"
                } else {
                    ""
                };
                out.push_str(&format!(
                    "{n}手目一歩目 {mark}{}{name} （←{}）\n",
                    dest(mid, prev_to),
                    square(m.from())
                ));
                out.push_str(&format!(
                    "{n}手目二歩目 {mark}{}{name}{how} （←{}）\n",
                    square(m.to()),
                    square(mid)
                ));
            }
            None => {
                let promotion = if m.is_promotion() { "成" } else { "" };
                out.push_str(&format!(
                    "{n}手目 {mark}{}{name}{promotion} （←{}）\n",
                    dest(m.to(), prev_to),
                    square(m.from())
                ));
            }
        }
        prev_to = Some(m.to());
        pos.play_unchecked(m);
    }
    if let Some(ending) = ending {
        out.push_str(ending);
        out.push('\n');
    }
    out
}

/// A Chu KIF that cannot be read, with its line (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("KIF line {line}: {kind}")]
pub struct ChuKifError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub kind: ChuKifErrorKind,
}

/// What is wrong with a Chu KIF.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChuKifErrorKind {
    /// A board line that is not 12 cells of pieces.
    #[error("a board line must hold 12 squares of Chu pieces: '{0}'")]
    BoardLine(String),
    /// The diagram does not have 12 lines, or its position is not legal.
    #[error("the board diagram is not a Chu position: {0}")]
    Board(String),
    /// A move line that cannot be read.
    #[error("cannot read the move '{0}'")]
    Move(String),
    /// The second step of a double move without its first, or the other way round.
    #[error("a double move needs its 一歩目 and 二歩目 lines together")]
    Steps,
    /// A move the position does not allow.
    #[error("{0}")]
    Illegal(ChuUsiError),
}

/// A Chu game read from KIF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChuKif {
    /// The start position.
    pub start: ChuPosition,
    /// The moves, legal in turn.
    pub moves: Vec<ChuMove>,
    /// Whether the moves end with a resignation (`8手目 △投了`): the side to move after
    /// them resigned.
    pub resigned: bool,
    /// The header's lines before the moves (`先手：name`), in file order.
    pub header: Header,
}

fn board_role(cell: &str) -> Option<Role> {
    BOARD_ROLES.iter().copied().find(|&r| names(r).1 == cell)
}

/// Reads a square at the start of `s`: a file (half- or full-width digits, 1 to 12), then
/// a kanji rank; the rest of `s` after it.
fn read_square(s: &str) -> Option<(Square12, &str)> {
    let digits: String = s
        .chars()
        .take_while(|c| c.is_ascii_digit() || ('０'..='９').contains(c))
        .collect();
    let file: u8 = digits
        .chars()
        .map(|c| c.to_digit(10).unwrap_or_else(|| c as u32 - '０' as u32))
        .fold(0u32, |n, d| n * 10 + d)
        .try_into()
        .ok()?;
    let rest = &s[digits.len()..];
    let (rank, rest) = (1..=12u8)
        .rev()
        .find_map(|r| rest.strip_prefix(RANKS[usize::from(r) - 1]).map(|t| (r, t)))?;
    Some((Square12::new(file, rank)?, rest))
}

/// One step as a move line gives it: its destination (None: `仝`/`同`), its origin, and
/// whether it promotes.
struct Step {
    to: Option<Square12>,
    from: Square12,
    promote: bool,
}

fn read_step(text: &str) -> Option<Step> {
    let t = text.trim_start_matches(|c| crate::ki2::MARKS.contains(&c) || c == ' ' || c == '　');
    let (to, rest) = if let Some(rest) = t.strip_prefix('仝').or_else(|| t.strip_prefix('同')) {
        (None, rest.trim_start_matches(['　', ' ']))
    } else {
        let (sq, rest) = read_square(t)?;
        (Some(sq), rest)
    };
    let origin = rest.find('←')?;
    let (from, _) = read_square(&rest[origin + '←'.len_utf8()..])?;
    let name_part = &rest[..origin];
    let promote = name_part.contains('成') && !name_part.contains("不成") && {
        // 成 after the name, not in it (成香, 金飛車 hold none; 成獅 is a board name only).
        let trimmed = name_part.trim_end_matches(['（', '(', ' ', '　']);
        trimmed.ends_with('成')
    };
    Some(Step { to, from, promote })
}

/// Reads a Chu KIF (lishogi's, or with the variations of move lines named above).
pub fn read(text: &str) -> Result<ChuKif, ChuKifError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut board_lines = Vec::new();
    let mut side = Color::Black;
    let mut header = Header::default();
    let mut in_header = true;
    for (i, line) in lines.iter().enumerate() {
        let line = line.trim_end();
        in_header &= !line.starts_with("手数")
            && !line.trim_start().starts_with(|c: char| c.is_ascii_digit());
        if in_header && !line.starts_with(['#', '*', '&', '|']) {
            if let Some((key, value)) = crate::kif::split_header(line) {
                header.set(key.trim(), value.trim());
            }
        }
        if let Some(inner) = line.strip_prefix('|') {
            board_lines.push((i + 1, inner));
        } else if line.starts_with("後手番") || line.starts_with("上手番") {
            side = Color::White;
        }
    }
    let start = if board_lines.is_empty() {
        ChuPosition::startpos()
    } else {
        read_board(&board_lines, side)?
    };
    let mut pos = start;
    let mut moves = Vec::new();
    let mut prev_to: Option<Square12> = None;
    let mut first: Option<(usize, Step)> = None;
    let mut resigned = false;
    for (i, raw) in lines.iter().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        let fail = |kind| ChuKifError { line: n, kind };
        let body = line.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ');
        let Some(body) = body
            .strip_prefix("手目")
            .or_else(|| (body.len() < line.len() && !line.starts_with('|')).then_some(body))
        else {
            continue;
        };
        if body.contains("投了") {
            resigned = true;
            break;
        }
        if body.contains("千日手") || body.contains("詰み") || body.contains("中断") {
            break;
        }
        let (step_no, body) = if let Some(b) = body.strip_prefix("一歩目") {
            (1, b)
        } else if let Some(b) = body.strip_prefix("二歩目") {
            (2, b)
        } else {
            (0, body)
        };
        let step = read_step(body).ok_or_else(|| fail(ChuKifErrorKind::Move(line.to_string())))?;
        let m = match (step_no, first.take()) {
            (1, None) => {
                first = Some((n, step));
                continue;
            }
            (2, Some((_, one))) => {
                let mid = one
                    .to
                    .or(prev_to)
                    .ok_or_else(|| fail(ChuKifErrorKind::Steps))?;
                let to = step.to.ok_or_else(|| fail(ChuKifErrorKind::Steps))?;
                ChuMove::double(one.from, mid, to)
            }
            (0, None) => {
                let to = step
                    .to
                    .or(prev_to)
                    .ok_or_else(|| fail(ChuKifErrorKind::Move(line.to_string())))?;
                ChuMove::normal(step.from, to, step.promote)
            }
            _ => return Err(fail(ChuKifErrorKind::Steps)),
        };
        if !pos.legal_moves().contains(&m) {
            return Err(fail(ChuKifErrorKind::Illegal(ChuUsiError::Illegal(
                m.to_string(),
            ))));
        }
        prev_to = Some(m.to());
        pos.play_unchecked(m);
        moves.push(m);
    }
    if let Some((n, _)) = first {
        return Err(ChuKifError {
            line: n,
            kind: ChuKifErrorKind::Steps,
        });
    }
    Ok(ChuKif {
        start,
        moves,
        resigned,
        header,
    })
}

fn read_board(lines: &[(usize, &str)], side: Color) -> Result<ChuPosition, ChuKifError> {
    let last = lines.last().map_or(1, |l| l.0);
    if lines.len() != 12 {
        return Err(ChuKifError {
            line: last,
            kind: ChuKifErrorKind::Board(format!("{} board lines, not 12", lines.len())),
        });
    }
    let mut setup = ChuSetup::EMPTY;
    setup.side = side;
    for (rank, &(n, inner)) in lines.iter().enumerate() {
        let bad = || ChuKifError {
            line: n,
            kind: ChuKifErrorKind::BoardLine(inner.chars().take(60).collect()),
        };
        let cells_text = inner.split('|').next().unwrap_or("");
        let chars: Vec<char> = cells_text.chars().collect();
        if chars.len() != 36 {
            return Err(bad());
        }
        for (col, cell) in chars.chunks(3).enumerate() {
            let cell: String = cell.iter().collect();
            let cell = cell.trim_start();
            if cell == "・" {
                continue;
            }
            let (color, name) = match cell.strip_prefix('v') {
                Some(name) => (Color::White, name),
                None => (Color::Black, cell),
            };
            let role = board_role(name).ok_or_else(bad)?;
            let file = 12 - col as u8;
            let sq = Square12::new(file, rank as u8 + 1).ok_or_else(bad)?;
            setup.board[sq.index()] = Some(Piece::new(color, role));
        }
    }
    ChuPosition::from_setup(&setup).map_err(|e| ChuKifError {
        line: last,
        kind: ChuKifErrorKind::Board(e.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chu::{parse, parse_usi};

    fn line(start: &str, moves: &[&str]) -> (ChuPosition, Vec<ChuMove>) {
        let start = parse(start).unwrap();
        let mut pos = start;
        let moves: Vec<ChuMove> = moves
            .iter()
            .map(|u| {
                let m = parse_usi(u).unwrap();
                assert!(pos.legal_moves().contains(&m), "{u}");
                pos.play_unchecked(m);
                m
            })
            .collect();
        (start, moves)
    }

    #[test]
    fn lishogi_lines_are_written_and_read_back() {
        let (start, moves) = line(START_SFEN, &["7i7h", "7d7e", "7j7i6h", "6c5e"]);
        let mut header = Header::default();
        header.set("開始日時", "2026/12/02 07:00:00");
        header.set("先手", "Aiko");
        header.set("後手", "Bert");
        let kif = write(&header, &start, &moves, Some("まで4手で後手の勝ち"));
        assert!(kif.contains("1手目 ▲7八歩兵 （←7九）\n"), "{kif}");
        assert!(
            kif.contains("3手目一歩目 ▲7九獅子 （←7十）\n3手目二歩目 ▲6八獅子 （←7九）\n"),
            "{kif}"
        );
        assert!(
            kif.ends_with("4手目 △5五獅子 （←6三）\nまで4手で後手の勝ち\n"),
            "{kif}"
        );
        let back = read(&kif).unwrap();
        assert_eq!((back.start, back.moves), (start, moves));
        // The header comes back, the time's colons kept in its value.
        assert_eq!(back.header, header);
        // Lines as scalashogi's fixtures write them: 仝 for the last move's square, igui
        // written 居食い.
        let text = "1手目 ▲7八歩兵 （←7九）\n2手目 △6五歩兵 （←6四）\n3手目 ▲6八獅子 （←7十）\n\
                    4手目 △6六歩兵 （←6五）\n5手目 ▲6七獅子 （←6八）\n6手目 △5五歩兵 （←5四）\n\
                    7手目一歩目 ▲6六獅子 （←6七）\n7手目二歩目 ▲6七獅子（居食い） （←6六）\n\
                    8手目 △5六歩兵 （←5五）\n9手目 ▲仝獅子 （←6七）\n";
        let usi: Vec<String> = read(text)
            .unwrap()
            .moves
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(usi[6], "6g6f6g");
        assert_eq!(usi[8], "6g5f");
    }

    #[test]
    fn a_set_position_is_drawn_as_shogiops_draws_it() {
        // shogiops' `make kif header - chushogi` position.
        let sfen = "12/9NN1/2+H+H8/12/9+o2/12/5N3N2/5+O6/9+H2/2+H9/2+H6+H2/12 b - 1";
        let pos = parse(sfen);
        // Two royals are needed in koma's validation: the position has none, so add kings.
        assert!(pos.is_err());
        let sfen = "k11/9NN1/2+H+H8/12/9+o2/12/5N3N2/5+O6/9+H2/2+H9/2+H6+H2/11K b - 1";
        let (start, moves) = line(sfen, &[]);
        let kif = write(&Header::default(), &start, &moves, None);
        assert!(
            kif.contains("|  ・  ・  ・  ・  ・  ・  ・  ・  ・v成獅  ・  ・|五\n"),
            "{kif}"
        );
        assert!(
            kif.contains("|  ・  ・  ・  ・  ・ 成獅  ・  ・  ・  ・  ・  ・|八\n"),
            "{kif}"
        );
        assert_eq!(read(&kif).unwrap().start, start);
    }

    #[test]
    fn random_games_read_back() {
        let mut rng = koma_testdata::Rng(0x6b69_6663);
        let mut doubles = 0;
        for game in 0..30 {
            // Every third game from a position of its own (gote to move, pieces gone).
            let start = if game % 3 == 2 {
                parse("k2g8/p11/12/6s5/6g5/6N5/12/12/12/12/12/11K w - 1").unwrap()
            } else {
                ChuPosition::startpos()
            };
            let (mut pos, mut moves) = (start, Vec::new());
            for _ in 0..150 {
                let legal = pos.legal_moves();
                if legal.is_empty() || pos.outcome().is_some() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                doubles += usize::from(m.mid().is_some());
                pos.play_unchecked(m);
                moves.push(m);
            }
            let kif = write(&Header::default(), &start, &moves, None);
            let back = read(&kif).unwrap_or_else(|e| panic!("game {game}: {e}\n{kif}"));
            assert_eq!((back.start, back.moves), (start, moves), "game {game}");
        }
        assert!(doubles > 10, "{doubles} double moves written and read");
    }

    #[test]
    fn broken_kif_is_named() {
        let e = read("1手目 ▲7八歩兵 （←7九）\n2手目 ▲7七歩兵 （←7八）\n").unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        let e = read("1手目一歩目 ▲7八獅子 （←7十）\n").unwrap_err();
        assert_eq!(e.kind, ChuKifErrorKind::Steps);
        let e = read("|  ・|一\n").unwrap_err();
        assert!(matches!(e.kind, ChuKifErrorKind::Board(_)), "{e}");
        let e = read("1手目 ▲ほげ\n").unwrap_err();
        assert!(matches!(e.kind, ChuKifErrorKind::Move(_)), "{e}");
    }
}
