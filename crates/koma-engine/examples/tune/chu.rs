//! Chu's side of the tuner: KIF records as lishogi writes Chu, `chu::ChuParams`.

use super::{Slot, Tuned};
use koma_engine::chu::{CHU_PARAMS, ChuParams, evaluate_with};
use koma_rules::chu::{BOARD_ROLES, Chu, ChuMove, ChuPosition, is_royal};
use koma_rules::{Color, Role};
use std::path::Path;

/// The tables: role values, then the placement numbers.
const VALUE: usize = 0;
const ADVANCE: usize = 1;
const LION_CENTRE: usize = 2;
const CENTRE: usize = 3;
const ROYAL_IN_CAMP: usize = 4;
const COMPANY: usize = 5;

impl Tuned for Chu {
    type Params = ChuParams;
    const EXTENSION: &'static str = "kif";

    fn playing() -> ChuParams {
        CHU_PARAMS.clone()
    }

    /// The result from the game's own ending, or the KIF's last line for a game the
    /// rules leave open (a match's draw at its move limit).
    fn read(path: &Path) -> Option<(ChuPosition, Vec<ChuMove>, f64)> {
        let bytes = std::fs::read(path).ok()?;
        let text = koma_notation::encoding::decode(&bytes).0;
        let game = koma_game::chu::record::read(&text).ok()?;
        let result = match game.outcome().map(|o| o.winner) {
            Some(Some(Color::Black)) => 1.0,
            Some(Some(Color::White)) => 0.0,
            Some(None) => 0.5,
            None if text.contains("手で引き分け") => 0.5,
            None => return None,
        };
        Some((*game.start(), game.moves().to_vec(), result))
    }

    fn evaluate(pos: &ChuPosition, params: &ChuParams) -> i32 {
        evaluate_with(pos, params)
    }

    /// Every role's value but the royals' (whose loss ends the game), and the placement
    /// numbers.
    fn slots() -> Vec<Slot> {
        let slot = |table, index, step| Slot {
            table,
            index,
            inner: 0,
            step,
        };
        let mut list: Vec<Slot> = (BOARD_ROLES.iter())
            .filter(|&&r| !is_royal(r))
            .map(|r| slot(VALUE, r.index(), 20))
            .collect();
        list.extend([
            slot(ADVANCE, 0, 1),
            slot(LION_CENTRE, 0, 2),
            slot(CENTRE, 0, 1),
            slot(ROYAL_IN_CAMP, 0, 10),
            slot(COMPANY, 0, 2),
        ]);
        list
    }

    fn slot(params: &mut ChuParams, s: Slot) -> &mut i32 {
        match s.table {
            VALUE => &mut params.value[s.index],
            ADVANCE => &mut params.advance,
            LION_CENTRE => &mut params.lion_centre,
            CENTRE => &mut params.centre,
            ROYAL_IN_CAMP => &mut params.royal_in_camp,
            _ => &mut params.company,
        }
    }

    fn print(p: &ChuParams) {
        println!("// Tuned by examples/tune --variant chushogi.");
        for &r in BOARD_ROLES {
            let role: Role = r;
            println!("    (Role::{role:?}, {}),", p.value[role.index()]);
        }
        println!(
            "advance: {}, lion_centre: {}, centre: {}, royal_in_camp: {}, company: {}",
            p.advance, p.lion_centre, p.centre, p.royal_in_camp, p.company
        );
    }
}
