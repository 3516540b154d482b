//! 1833NE's board: component data against the research file, track laying, stations, routes.

mod auction;
mod best_routes;
mod board_fixtures;
mod data;
mod game_fixtures;
mod market_data;
mod operating;
mod playouts;
mod routes;
mod stations;
mod stock_round;
mod track;
mod walkthrough;
