//! Integration tests of koma-tournament, one module per file.

mod arena;
mod common;
mod esc;
mod knockout;
mod round_robin;
mod standings;
