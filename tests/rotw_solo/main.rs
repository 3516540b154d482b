//! Rail Barons of the World (solo): the parts built so far (issue 9, in progress).

mod components;
mod map;
mod setup;
