//! Integration tests of koma-tournament, one module per file.

mod common;
mod knockout;
mod round_robin;
mod standings;
