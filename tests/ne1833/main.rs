//! 1833NE's board: component data against the rules' counts, track laying, stations, routes.

#[path = "../common/adversarial.rs"]
mod adversarial;
mod auction;
mod bankruptcy;
mod best_routes;
mod board_fixtures;
mod check;
mod data;
mod drawing;
mod emergency;
mod game_fixtures;
mod market_data;
mod operating;
mod or_fixtures;
mod playouts;
mod route_budget;
mod routes;
mod stations;
mod stock_round;
mod track;
mod walkthrough;
