//! The variants: each a zero-sized type stating its rules (see [`crate::Variant`]).

mod dobutsu;
mod kyoto;
mod minishogi;
mod shogi;
mod tori;

pub use dobutsu::Dobutsu;
pub use kyoto::Kyoto;
pub use minishogi::Minishogi;
pub use shogi::Shogi;
pub use tori::Tori;
