//! 1833NE's board: component data against the research file, track laying, stations, routes.

mod best_routes;
mod board_fixtures;
mod data;
mod routes;
mod stations;
mod track;
