//! Game records written by other programs, read into what railrules plays, and railrules'
//! save files written as theirs.
//!
//! - [`export_18xx`]: an 18xx.games export (the site's "download game data"; its engine is
//!   tobymao/18xx): the title, players, settings, the action log as the engine reads it, and
//!   the result.
//! - [`title`]: what a game needs to be read from and written as an 18xx.games title, and the
//!   drivers that import, export and check; [`ne1833`] is 1833NE's.
//! - Here: the titles railrules reads, by name, for the command line and the API.

pub mod export_18xx;
pub mod ne1833;
pub mod title;
