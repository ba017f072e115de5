//! The tests of koma-tsume: the shared problems, conventions, progress and rule cases, in one binary (one link of the crate instead of one per file).

mod conventions;
mod named;
mod progress;
mod rules;
mod tsume_tsv;
