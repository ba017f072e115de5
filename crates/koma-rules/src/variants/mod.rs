//! The variants: each a zero-sized type implementing [`crate::Variant`].

mod shogi;
mod tori;

pub use shogi::Shogi;
pub use tori::Tori;
