//! Chu move text as lishogi writes it (shogiops `notation/move/western.ts` and
//! `japanese.ts`): Western `Ln-56-47`, `Lnx!56` (igui), `--` (a pass), `P-5h=`; Japanese
//! `５六・４七獅`, `５六居喰い`, `じっと`, `７八歩不成`. Files and ranks past 9 are
//! letters in Western text (`a`, `b`, `c` for 10, 11, 12) and kanji ranks in Japanese
//! (`十一`). Relative words for Japanese text are koma's KI2 rules
//! (`crate::movetext::japanese`).

use crate::movetext::japanese::relative_words;
use koma_rules::chu::{ChuMove, ChuPosition, attacks};
use koma_rules::frame12::Square12;
use koma_rules::pieces::info_of;

/// A square in Western numbers: `56`, `7a` (file 7, rank 10), `c1` (file 12, rank 1).
pub fn number_square(sq: Square12) -> String {
    let digit = |n: u8| match n {
        1..=9 => char::from(b'0' + n),
        _ => char::from(b'a' + n - 10),
    };
    [digit(sq.file()), digit(sq.rank())].into_iter().collect()
}

/// A square in Japanese: full-width file, kanji rank (`５六`, `１２十一`).
pub fn japanese_square(sq: Square12) -> String {
    const FULL: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];
    const KANJI: [&str; 12] = [
        "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
    ];
    let file: String = sq
        .file()
        .to_string()
        .bytes()
        .map(|b| FULL[usize::from(b - b'0')])
        .collect();
    format!("{file}{}", KANJI[usize::from(sq.rank()) - 1])
}

/// The other pieces of the mover's kind and side that attack `m`'s destination.
fn rivals(pos: &ChuPosition, m: ChuMove) -> Vec<Square12> {
    let Some(piece) = pos.piece_at(m.from()) else {
        return Vec::new();
    };
    let target = m.mid().unwrap_or(m.to());
    pos.color_bb(piece.color())
        .filter(|&sq| sq != m.from() && pos.piece_at(sq) == Some(piece))
        .filter(|&sq| attacks(piece, sq, pos.occupied()).contains(target))
        .collect()
}

/// Western move text of `m` (legal in `pos`).
pub fn western(pos: &ChuPosition, m: ChuMove) -> String {
    let Some(piece) = pos.piece_at(m.from()) else {
        return m.to_string();
    };
    let role = info_of(piece.role()).face.western;
    let from = if rivals(pos, m).is_empty() {
        String::new()
    } else {
        number_square(m.from())
    };
    let mark = |sq: Square12| if pos.piece_at(sq).is_some() { 'x' } else { '-' };
    match m.mid() {
        Some(mid) if m.to() == m.from() && pos.piece_at(mid).is_some() => {
            format!("{role}{from}x!{}", number_square(mid))
        }
        Some(_) if m.to() == m.from() => "--".to_string(),
        Some(mid) => format!(
            "{role}{from}{}{}{}{}",
            mark(mid),
            number_square(mid),
            mark(m.to()),
            number_square(m.to())
        ),
        None => {
            let promotion = if m.is_promotion() {
                "+"
            } else if pos.can_promote(piece, m.from(), m.to()) {
                "="
            } else {
                ""
            };
            format!(
                "{role}{from}{}{}{promotion}",
                mark(m.to()),
                number_square(m.to())
            )
        }
    }
}

/// Japanese move text of `m` (legal in `pos`); `prev_to` is the previous move's
/// destination, written `同` when `m` goes there again.
pub fn japanese(pos: &ChuPosition, m: ChuMove, prev_to: Option<Square12>) -> String {
    let Some(piece) = pos.piece_at(m.from()) else {
        return m.to_string();
    };
    let kanji = info_of(piece.role()).face.kanji;
    let mut origins = rivals(pos, m);
    let words = if origins.is_empty() {
        String::new()
    } else {
        origins.push(m.from());
        relative_words(piece.color(), m.from(), m.to(), piece.role(), &origins)
    };
    match m.mid() {
        Some(mid) if m.to() == m.from() && pos.piece_at(mid).is_some() => {
            format!("{}居喰い", japanese_square(mid))
        }
        Some(_) if m.to() == m.from() => "じっと".to_string(),
        Some(mid) => format!(
            "{}・{}{kanji}{words}",
            japanese_square(mid),
            japanese_square(m.to())
        ),
        None => {
            let to = if prev_to == Some(m.to()) {
                "同　".to_string()
            } else {
                japanese_square(m.to())
            };
            let promotion = if m.is_promotion() {
                "成"
            } else if pos.can_promote(piece, m.from(), m.to()) {
                "不成"
            } else {
                ""
            };
            format!("{to}{kanji}{words}{promotion}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chu::{parse, parse_usi};

    fn texts(sfen: &str, usi: &str) -> (String, String) {
        let pos = parse(sfen).unwrap();
        let m = parse_usi(usi).unwrap();
        assert!(pos.legal_moves().contains(&m), "{usi}");
        (western(&pos, m), japanese(&pos, m, None))
    }

    #[test]
    fn lishogi_style_text() {
        let start = crate::chu::START_SFEN;
        assert_eq!(texts(start, "7i7h"), ("P-78".into(), "７八歩".into()));
        // The lion's jump over the pawns, then its double move through an empty square.
        assert_eq!(texts(start, "7j7h"), ("Ln-78".into(), "７八獅".into()));
        let after = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I1P2I3/PPPPP1PPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
        assert_eq!(
            texts(after, "7j7i6h"),
            ("Ln-79-68".into(), "７九・６八獅".into())
        );
        assert_eq!(texts(after, "7j7i7j"), ("--".into(), "じっと".into()));
        // Igui: the gold taken from next door, the lion staying.
        let igui = "k5r5/p11/12/6s5/6g5/6N5/12/12/12/12/12/11K b - 1";
        assert_eq!(
            texts(igui, "6f6e6f"),
            ("Lnx!65".into(), "６五居喰い".into())
        );
        assert_eq!(
            texts(igui, "6f6e6d"),
            ("Lnx65x64".into(), "６五・６四獅".into())
        );
        // Promotion declined is marked; squares past 9 are letters or kanji.
        let pawn = "k11/p11/12/12/12/12/12/12/12/12/12/P10K b - 1";
        assert_eq!(texts(pawn, "12l12k"), ("P-cb".into(), "１２十一歩".into()));
        let zone = "k11/p11/12/12/1P10/12/12/12/12/12/12/11K b - 1";
        assert_eq!(
            texts(zone, "11e11d+"),
            ("P-b4+".into(), "１１四歩成".into())
        );
        assert_eq!(
            texts(zone, "11e11d"),
            ("P-b4=".into(), "１１四歩不成".into())
        );
    }

    #[test]
    fn two_pieces_of_a_kind_are_told_apart() {
        // Two golds can go to 7e: Western names the origin, Japanese says which (直: the
        // one going straight up).
        let pos = "k11/p11/12/12/12/5GG5/12/12/12/12/12/11K b - 1";
        assert_eq!(texts(pos, "7f7e"), ("G76-75".into(), "７五金直".into()));
        assert_eq!(texts(pos, "6f7e"), ("G66-75".into(), "７五金右".into()));
    }
}
