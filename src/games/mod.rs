//! The games, one folder each, each knowing only [`crate::core`] and itself, and the registry
//! of named definitions ([`variants`]).

pub mod kaissa;
pub mod variants;
