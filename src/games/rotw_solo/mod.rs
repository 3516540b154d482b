//! Rail Barons of the World: solo Railways of the World against the Railbot (issue 9).
//! Rules: docs/rules/rotw-solo.md.
//!
//! In progress and not yet registered (the service does not offer it): the component data with
//! its provisional default set, the map and the Railbot's cheapest path. The state, setup, the
//! turn, the Railbot's cards, the Operations cards, Duel Barons, the end and the endpoints come
//! next.

pub mod data;
pub mod map;
pub mod setup;
pub mod state;
