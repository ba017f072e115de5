//! SFEN reading on arbitrary text: no panic, write/re-read round-trips, and
//! move generation (legal moves, perft 2) survives whatever position was accepted.
#![no_main]

use koma_notation::sfen;
use koma_rules::VariantKind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for variant in VariantKind::ALL {
        let Ok(pos) = sfen::parse_position(variant, text) else {
            continue;
        };
        assert_eq!(pos.variant(), variant);
        let written = sfen::write_any(&pos);
        let again = sfen::parse_position(variant, &written)
            .unwrap_or_else(|e| panic!("{text:?} was written as {written:?}, which fails: {e}"));
        assert_eq!(again, pos, "{text:?} -> {written:?} re-reads differently");
        assert_eq!(sfen::write_any(&again), written);
        let moves = pos.legal_moves();
        let n = pos.perft(1);
        assert_eq!(n, moves.len() as u64);
        let _ = pos.perft(2);
    }
});
