//! The tests of `koma serve` on a real socket and a temporary database, in one binary (one
//! link of the server instead of one per file).

mod common;

mod api;
mod engine_games;
mod history;
mod image;
mod load_smoke;
mod records;
mod rematch;
mod review;
