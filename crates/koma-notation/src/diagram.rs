//! The board as text, in the style of a KIF board diagram (BOD): kanji pieces, gote's
//! pieces marked `v`, both hands.

use koma_rules::{Color, Hand, Role, Setup, Square, VariantKind};

/// The one-character kanji for a role on the board (sente's king 玉, gote's 王; Tori's
/// phoenix 鵬, and its quails 左 and 右 for want of one character each).
pub fn board_kanji(variant: VariantKind, role: Role, color: Color) -> char {
    match role {
        Role::King if variant == VariantKind::Tori => '鵬',
        Role::Pawn => '歩',
        Role::Lance => '香',
        Role::Knight => '桂',
        Role::Silver => '銀',
        Role::Gold => '金',
        Role::Bishop => '角',
        Role::Rook => '飛',
        Role::King => match color {
            Color::Black => '玉',
            Color::White => '王',
        },
        Role::Tokin => 'と',
        Role::PromotedLance => '杏',
        Role::PromotedKnight => '圭',
        Role::PromotedSilver => '全',
        Role::Horse => '馬',
        Role::Dragon => '龍',
        Role::Swallow => '燕',
        Role::Falcon => '鷹',
        Role::Crane => '鶴',
        Role::Pheasant => '雉',
        Role::LeftQuail => '左',
        Role::RightQuail => '右',
        Role::Goose => '鴈',
        Role::Eagle => '鵰',
    }
}

/// The kanji name of a role in a hand listing (Tori quails get their full names).
pub fn hand_name(role: Role) -> &'static str {
    match role {
        Role::LeftQuail => "左鶉",
        Role::RightQuail => "右鶉",
        Role::Pawn => "歩",
        Role::Lance => "香",
        Role::Knight => "桂",
        Role::Silver => "銀",
        Role::Gold => "金",
        Role::Bishop => "角",
        Role::Rook => "飛",
        Role::Swallow => "燕",
        Role::Falcon => "鷹",
        Role::Crane => "鶴",
        Role::Pheasant => "雉",
        _ => "?",
    }
}

/// A number 1..=99 in kanji numerals (一, 十, 十八).
pub fn kanji_number(n: u32) -> String {
    const DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    let mut s = String::new();
    if n >= 10 {
        if n / 10 > 1 {
            s.push(DIGITS[(n / 10 % 10) as usize]);
        }
        s.push('十');
        if n % 10 != 0 {
            s.push(DIGITS[(n % 10) as usize]);
        }
    } else {
        s.push(DIGITS[n as usize]);
    }
    s
}

const FULLWIDTH_DIGITS: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn hand_text(variant: VariantKind, hand: &Hand) -> String {
    let parts: Vec<String> = variant
        .hand_roles()
        .iter()
        .filter(|&&r| hand.count(r) > 0)
        .map(|&r| {
            let n = hand.count(r) as u32;
            if n == 1 {
                hand_name(r).to_string()
            } else {
                format!("{}{}", hand_name(r), kanji_number(n))
            }
        })
        .collect();
    if parts.is_empty() {
        "なし".to_string()
    } else {
        parts.join("　")
    }
}

/// The position as a board diagram: gote's hand, the board, sente's hand, side to move.
pub fn write(variant: VariantKind, setup: &Setup) -> String {
    let files = variant.files();
    let mut out = String::new();
    out.push_str(&format!(
        "後手の持駒：{}\n",
        hand_text(variant, &setup.hands[Color::White.index()])
    ));
    out.push(' ');
    for file in (1..=files).rev() {
        out.push(' ');
        out.push(FULLWIDTH_DIGITS[file as usize]);
    }
    out.push('\n');
    let rule = format!("+{}+\n", "-".repeat(files as usize * 3));
    out.push_str(&rule);
    for rank in 1..=variant.ranks() {
        out.push('|');
        for file in (1..=files).rev() {
            match setup.get(Square::new(file, rank).expect("on the board")) {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color() == Color::White { 'v' } else { ' ' });
                    out.push(board_kanji(variant, p.role(), p.color()));
                }
            }
        }
        out.push('|');
        out.push_str(&kanji_number(rank as u32));
        out.push('\n');
    }
    out.push_str(&rule);
    out.push_str(&format!(
        "先手の持駒：{}\n",
        hand_text(variant, &setup.hands[Color::Black.index()])
    ));
    out.push_str(if setup.side == Color::Black {
        "先手番\n"
    } else {
        "後手番\n"
    });
    out
}
