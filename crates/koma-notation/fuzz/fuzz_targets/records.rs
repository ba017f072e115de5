//! Every record reader (KIF, KI2, CSA, JKF, USI position lines, move lists) on arbitrary bytes: no
//! panic, and whatever reads also writes and reads back in the same format.
#![no_main]

use koma_notation::formats::{self, Format};
use koma_rules::VariantKind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for format in [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Jkf,
        Format::Usi,
        Format::Moves,
    ] {
        let Ok(koma_notation::warning::Reading { record, .. }) =
            formats::read(data, format, VariantKind::Shogi)
        else {
            continue;
        };
        let written = formats::write(&record, format)
            .unwrap_or_else(|e| panic!("{format:?} read but does not write: {e}"));
        let again = formats::read(written.as_bytes(), format, VariantKind::Shogi)
            .unwrap_or_else(|e| panic!("{format:?} written text does not read: {e}\n{written}"))
            .record;
        assert_eq!(again.tree.main_moves(), record.tree.main_moves(), "{format:?}");
    }
});
