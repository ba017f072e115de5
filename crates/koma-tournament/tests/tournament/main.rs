//! Integration tests of koma-tournament, one module per file.

mod common;
mod knockout;
mod over_the_board;
mod round_robin;
mod standings;
