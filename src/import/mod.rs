//! Game records written by other programs, read into what railrules plays.
//!
//! - [`export_18xx`]: an 18xx.games export (the site's "download game data"; its engine is
//!   tobymao/18xx): the title, players, settings, the action log as the engine reads it, and
//!   the result. Translating a title's actions into a railrules game's comes with that game.

pub mod export_18xx;
