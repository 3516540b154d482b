//! Rail Barons of the World (solo): the parts built so far (issue 9, in progress).

#[path = "../common/mod.rs"]
mod common;
mod components;
mod map;
mod playouts;
mod setup;
mod view;
