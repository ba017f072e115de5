//! lishogi's public API for bots and board clients, the services' side: challenges between
//! accounts (kept in the store and told to the other servers), a claim of victory, and the
//! JSON shapes of lishogi's games and events. The routes, the forms and the ND-JSON streams
//! are HTTP's (`crate::http::lishogi`). See docs/serve.md.

mod challenge_notes;
pub mod challenges;
pub mod claim;
pub mod json;
