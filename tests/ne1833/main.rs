//! 1833NE's board: component data against the research file, track laying, stations, routes.

mod auction;
mod best_routes;
mod board_fixtures;
mod check;
mod data;
mod game_fixtures;
mod operating;
mod playouts;
mod routes;
mod stations;
mod stock_round;
mod track;
mod walkthrough;
