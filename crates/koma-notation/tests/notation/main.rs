//! The record and notation tests of koma-notation, in one binary (one link of the crate instead of one per file).

mod common;

mod convert;
mod csa;
mod endings;
mod jkf;
mod ki2;
mod kif;
mod leniency;
mod losses;
mod malformed;
mod move_list;
mod movetext;
mod small_variants;
mod svg;
mod usi_line;
mod variant_records;
