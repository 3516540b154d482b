//! One self-contained module per game. No game imports another.

pub mod railroad_barons;
