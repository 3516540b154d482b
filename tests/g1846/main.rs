//! 1846 replayed from the 12 real games of 18xx.games (issue 19): the board (`boards`) and the
//! share prices (`market`), on one shared replay of each game's actions (`replay`).

mod boards;
mod certificates;
mod check;
mod flow;
mod flow_rules;
mod market;
mod observations;
mod opening;
mod operating;
mod oracle;
mod playouts;
mod real_games;
mod replay;
mod rules;
