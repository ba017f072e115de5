//! Shogi's side of the tuner: CSA records, `eval::Params`.

use super::{Slot, Tuned};
use koma_engine::eval::{PARAMS, Params, evaluate_with};
use koma_game::replay::replay;
use koma_notation::formats::{Format, read};
use koma_notation::record::Entry;
use koma_rules::variants::Shogi;
use koma_rules::{Color, Move, Position, Role, VariantKind};
use std::path::Path;

/// The tables: piece values, hand values, defence and attack bonuses, danger units, the
/// danger scale.
const PIECE: usize = 0;
const HAND: usize = 1;
const DEFENCE: usize = 2;
const ATTACK: usize = 3;
const UNITS: usize = 4;
const DANGER: usize = 5;

impl Tuned for Shogi {
    type Params = Params;
    const EXTENSION: &'static str = "csa";

    fn playing() -> Params {
        PARAMS.clone()
    }

    fn read(path: &Path) -> Option<(Position<Shogi>, Vec<Move>, f64)> {
        let bytes = std::fs::read(path).ok()?;
        let record = read(&bytes, Format::Csa, VariantKind::Shogi).ok()?.record;
        let outcome = replay(&record, None).ok()?.outcome?;
        let result = match outcome.winner {
            Some(Color::Black) => 1.0,
            Some(Color::White) => 0.0,
            None => 0.5,
        };
        let start = Position::<Shogi>::from_setup(&record.start.setup(VariantKind::Shogi)).ok()?;
        let moves = (record.tree.main_line().into_iter())
            .filter_map(|id| match record.tree.node(id).entry {
                Some(Entry::Move(m)) => Some(m),
                _ => None,
            })
            .collect();
        Some((start, moves, result))
    }

    fn evaluate(pos: &Position<Shogi>, params: &Params) -> i32 {
        evaluate_with(pos, params)
    }

    /// Those not zero in the engine's numbers.
    fn slots() -> Vec<Slot> {
        let slot = |table, index, inner, step| Slot {
            table,
            index,
            inner,
            step,
        };
        let mut list = Vec::new();
        for r in 0..Role::COUNT {
            if PARAMS.piece[r] != 0 {
                list.push(slot(PIECE, r, 0, 10));
            }
            if PARAMS.hand[r] != 0 {
                list.push(slot(HAND, r, 0, 10));
            }
            for d in 1..4 {
                if PARAMS.defence[r][1] != 0 {
                    list.push(slot(DEFENCE, r, d, 5));
                }
                if PARAMS.attack[r][1] != 0 {
                    list.push(slot(ATTACK, r, d, 5));
                }
            }
        }
        for u in 0..3 {
            list.push(slot(UNITS, u, 0, 1));
        }
        list.push(slot(DANGER, 0, 0, 1));
        list
    }

    fn slot(params: &mut Params, s: Slot) -> &mut i32 {
        match s.table {
            PIECE => &mut params.piece[s.index],
            HAND => &mut params.hand[s.index],
            DEFENCE => &mut params.defence[s.index][s.inner],
            ATTACK => &mut params.attack[s.index][s.inner],
            UNITS => &mut params.units[s.index],
            _ => &mut params.danger_square,
        }
    }

    fn print(p: &Params) {
        let roles: Vec<Role> = (0..Role::COUNT)
            .filter_map(|i| Role::ALL.iter().copied().find(|r| r.index() == i))
            .collect();
        println!("// Tuned by examples/tune.");
        for (name, table) in [("PIECE_VALUE", &p.piece), ("HAND_VALUE", &p.hand)] {
            println!("{name}:");
            for &r in &roles {
                if table[r.index()] != 0 {
                    println!("    (Role::{r:?}, {}),", table[r.index()]);
                }
            }
        }
        for (name, table) in [("DEFENCE", &p.defence), ("ATTACK", &p.attack)] {
            println!("{name}:");
            for &r in &roles {
                let t = table[r.index()];
                if t[1..4].iter().any(|&v| v != 0) {
                    println!("    (Role::{r:?}, [0, {}, {}, {}]),", t[1], t[2], t[3]);
                }
            }
        }
        println!("units: {:?}", p.units);
        println!("danger_square: {}", p.danger_square);
    }
}
