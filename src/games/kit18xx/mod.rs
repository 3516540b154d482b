//! The 18xx kit (issue 19): what the titles of the 1846 family share, written once and used by
//! each title's own folder. A title gives its component data in the kit's types and says what
//! its rules add through the kit's traits (a route's bonuses: [`routes::RouteTitle`]).
//!
//! - `hex`, `map`: coordinates and layouts; the map, tiles, stops and trains' reach as data;
//! - `tiles`, `board`: what a hex shows, the tiles and stations on the map, a company's network;
//! - `table`: the players, corporations and bank every title holds ([`table::Table`]);
//! - `shares`, `stock_round`: prices, presidents and closing in the state; stock rounds;
//! - `operating_round`: operating rounds over [`operating_round::OperatingTitle`]: the order,
//!   the company's turn, issues and redemptions, track and station steps, dividends, running
//!   routes, buying trains;
//! - `trains`: the depot, phases, double-sided cards, phasing out, the train limit;
//! - `emergency`, `bankruptcy`, `receivership`: a company that must buy a train and cannot
//!   pay, its president's bankruptcy, and a company without a president;
//! - `invariants`: `check`, the ways a state contradicts the rules the titles share;
//! - `end`: the ranking by wealth, and when no company can run any more;
//! - `market`: the linear market's moves and what shares go for;
//! - `stations`: placing a company's stations;
//! - `track`: laying a tile, judged and costed;
//! - `graph`, `routes`, `best_routes`: the track between stops, judging routes and their
//!   revenue, and the exact search for a company's best routes;
//! - `connections`: a route written by its connections' hexes only (18xx.games' older
//!   exports) read into its stops;
//! - `name`: the short names a state holds (hexes, tiles, companies, trains).

pub mod actions;
pub mod bankruptcy;
pub mod best_routes;
pub mod board;
pub mod buying_privates;
pub mod connections;
pub mod emergency;
pub mod end;
pub mod graph;
pub mod hex;
pub mod invariants;
pub mod legal;
pub mod log;
pub mod map;
pub mod market;
pub mod name;
pub mod operating_round;
pub mod receivership;
pub mod render;
pub mod routes;
pub mod shares;
pub mod stations;
pub mod stock_round;
pub mod table;
pub mod tiles;
pub mod track;
pub mod trains;
pub mod walk;
