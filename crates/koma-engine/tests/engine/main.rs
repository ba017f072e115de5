//! The tests of koma-engine: USI conversations, protocol scenarios, tactics and bench, in one binary (one link of the crate instead of one per file).

mod common;

mod bench;
mod iterations;
mod nnue;
mod overlap;
mod protocol_scenarios;
mod tactics;
mod usi;
mod variants;
