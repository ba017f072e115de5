//! USI move reading on arbitrary text: no panic, write/re-read round-trips,
//! and the legality check (and playing) from the start position survives the move.
#![no_main]

use koma_notation::usi;
use koma_rules::VariantKind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in VariantKind::ALL {
        let Ok(m) = usi::parse_move(variant, text) else {
            continue;
        };
        let written = usi::write_move(variant, m);
        let again = usi::parse_move(variant, &written)
            .unwrap_or_else(|e| panic!("{text:?} was written as {written:?}, which fails: {e}"));
        assert_eq!(again, m, "{text:?} -> {written:?} re-reads differently");
        let mut pos = variant.startpos();
        if pos.is_legal(m).is_ok() {
            assert!(
                pos.legal_moves().contains(&m),
                "{written} is_legal but not generated"
            );
            pos.play(m).expect("is_legal said yes");
        } else {
            assert!(
                !pos.legal_moves().contains(&m),
                "{written} generated but not is_legal"
            );
        }
    }
});
