//! The tests of koma-game: clocks, endings, records, replays, the USI client and matches, in one binary (one link of the crate instead of one per file).

mod common;

mod clock;
mod endings;
mod matches;
mod record;
mod replay;
mod usi_client;
