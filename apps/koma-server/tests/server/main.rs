//! The tests of `koma serve` on a real socket and a temporary database, in one binary (one
//! link of the server instead of one per file).

mod common;

mod abuse_smoke;
mod accounts;
mod api;
mod chu;
mod consent;
mod engine_games;
mod engine_pool;
mod expiry;
mod history;
mod image;
mod instances;
mod instances_challenges;
mod limits;
mod lishogi_api;
mod load_smoke;
mod lobby;
mod offers;
mod paging;
mod postgres;
mod postgres_server;
mod postgres_store;
mod profiles;
mod ratings;
mod records;
mod rematch;
mod request_log;
mod review;
mod seats;
mod secrets;
mod setup;
mod store_suite;
mod store_suite_accounts;
mod store_suite_challenges;
mod store_suite_ratings;
mod store_suite_tournaments;
mod tournaments;
mod tournaments_arena;
mod tournaments_directing;
mod tournaments_esc;
mod tournaments_export;
mod tournaments_knockout_online;
mod trust;
mod variants;
