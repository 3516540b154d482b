//! 18xx.games exports read as the engine reads them: the twelve real 1846 games of tobymao/18xx's
//! fixtures (`g1846`), and 1833NE's recorded games written as exports and read back (`ne1833`,
//! `flow_rules`).

mod flow_rules;
mod g1846;
mod ne1833;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/18xx-games/1846");
