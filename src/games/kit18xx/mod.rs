//! The 18xx kit (issue 19): what the titles of the 1846 family share, written once and used by
//! each title's own folder. So far the map's vocabulary, which both 1833NE's and 1846's
//! component data use; the rounds, market and routes move here as 1846 is built.

pub mod map;
