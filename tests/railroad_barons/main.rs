//! Railroad Barons: every rule of the draft and the Stock Round, the rulebook's examples with
//! their figures, `check`, and random playouts.

mod check;
mod components;
mod draft;
mod fixtures;
mod operating_round;
mod playouts;
mod stock_round;
