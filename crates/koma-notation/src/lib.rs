//! Shogi text formats: SFEN positions and USI moves, for every variant koma plays.
//!
//! ```
//! use koma_notation::{sfen, usi};
//! use koma_rules::VariantKind;
//!
//! let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
//! let mut pos = sfen::parse_position(VariantKind::Shogi, start).unwrap();
//! let m = usi::parse_move(VariantKind::Shogi, "7g7f").unwrap();
//! pos.play(m).unwrap();
//! assert_eq!(sfen::write_any(&pos),
//!            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
//! assert!(sfen::parse_position(VariantKind::Shogi, "lnsgkgsnl/9 b - 1").is_err());
//! ```

pub mod builder;
pub mod chu;
pub mod csa;
pub mod diagram;
pub mod encoding;
pub mod family;
pub mod floodgate;
pub mod formats;
pub mod fsf;
pub mod jkf;
pub mod ki2;
pub mod kif;
pub mod letters;
pub mod move_list;
pub mod movetext;
pub mod record;
pub mod sfen;
pub mod svg;
pub mod usi;
pub mod usi_line;
pub mod warning;
