//! The tests of koma-rules: perft, differential against another generator, properties and rule cases, in one binary (one link of the crate instead of one per file).

mod chu;
mod chu_reference;
mod differential;
mod family;
mod lenient;
mod perft;
mod properties;
mod rules;
