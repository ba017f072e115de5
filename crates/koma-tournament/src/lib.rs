//! Tournaments, as a tournament director runs them: who plays whom each round (Swiss and
//! McMahon by a minimum-cost perfect matching, round robins by Berger tables, knockouts seeded by
//! rating), and the standings with their tie-breaks. Pure functions over the field and the
//! results so far; the server stores tournaments and starts their games.

pub mod arena;
pub mod arena_score;
pub mod crosstable;
pub mod elo;
pub mod esc;
pub mod fesa_file;
pub mod field;
pub mod handicap;
pub mod knockout;
pub mod knockout_games;
pub mod matching;
pub mod mcmahon;
pub mod record;
pub mod round_robin;
pub mod standings;
pub mod swiss;
pub mod tiebreak;
