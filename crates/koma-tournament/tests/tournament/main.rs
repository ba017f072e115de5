//! Integration tests of koma-tournament, one module per file.

mod arena;
mod common;
mod esc;
mod field;
mod knockout;
mod matching;
mod online_swiss;
mod over_the_board;
mod round_robin;
mod standings;
mod swiss;
