//! Rail Barons of the World (solo): every rule with a legal and an illegal case, the Railbot,
//! the end, random playouts, and the view over HTTP.

mod actions;
#[path = "../common/mod.rs"]
mod common;
mod components;
mod derived;
mod edges;
mod fixtures;
mod map;
mod playouts;
mod railbot;
mod setup;
mod turn;
mod view;
