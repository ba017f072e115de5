//! The tests of koma-game: clocks, endings, records, replays, the USI client, matches and ratings, in one binary (one link of the crate instead of one per file).

mod common;

mod clock;
mod endings;
mod family;
mod fesa;
mod glicko;
mod matches;
mod ranks;
mod record;
mod replay;
mod speeds;
mod usi_client;
