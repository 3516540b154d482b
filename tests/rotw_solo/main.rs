//! Rail Barons of the World (solo): the parts built so far (issue 9, in progress).

mod actions;
#[path = "../common/mod.rs"]
mod common;
mod components;
mod fixtures;
mod map;
mod playouts;
mod railbot;
mod setup;
mod turn;
mod view;
