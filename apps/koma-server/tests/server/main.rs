//! The tests of `koma serve` on a real socket and a temporary database, in one binary (one
//! link of the server instead of one per file).

mod common;

mod accounts;
mod api;
mod engine_games;
mod history;
mod load_smoke;
mod offers;
mod ratings;
mod records;
mod rematch;
mod review;
mod setup;
