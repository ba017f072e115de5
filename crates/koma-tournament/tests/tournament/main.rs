//! Integration tests of koma-tournament, one module per file.

mod common;
mod field;
mod knockout;
mod matching;
mod round_robin;
mod standings;
mod swiss;
