//! The USI text of moves as Python strings, made once per variant and move and then
//! shared: a `legal_moves` list costs a reference count per move, not a new string (and
//! `Board` recognises a string of its list by its address when it is pushed back).

use koma_notation::usi;
use koma_rules::{Move, VariantKind};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;
use std::sync::OnceLock;

/// A variant's move strings, by 16-bit move code, each made on first use.
pub struct Table {
    variant: VariantKind,
    strings: Box<[OnceLock<Py<PyString>>]>,
}

/// One table per variant, allocated on first use.
static TABLES: [PyOnceLock<Table>; VariantKind::COUNT] =
    [const { PyOnceLock::new() }; VariantKind::COUNT];

/// The table of `variant`.
pub fn table(py: Python<'_>, variant: VariantKind) -> &'static Table {
    let index = VariantKind::ALL
        .iter()
        .position(|&v| v == variant)
        .unwrap_or_default();
    TABLES[index].get_or_init(py, || Table {
        variant,
        strings: (0..=usize::from(u16::MAX))
            .map(|_| OnceLock::new())
            .collect(),
    })
}

impl Table {
    /// `m` in USI, as a shared Python string.
    #[inline]
    pub fn string<'py>(&self, py: Python<'py>, m: Move) -> Bound<'py, PyString> {
        self.strings[usize::from(m.bits())]
            .get_or_init(|| PyString::new(py, &usi::write_move(self.variant, m)).unbind())
            .bind(py)
            .clone()
    }
}
