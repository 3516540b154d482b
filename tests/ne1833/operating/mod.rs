//! Operating round rules, each with a legal and an illegal case: order, issues and
//! redemptions, dividends and price moves, trains and phases, emergency money, the privates'
//! abilities, the end.

mod dividends;
mod emergency_money;
mod game_end;
mod issues;
mod privates;
mod trains;
