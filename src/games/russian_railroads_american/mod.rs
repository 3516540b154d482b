//! Russian Railroads with the American Railroads expansion (issue 10, in progress; not yet
//! registered: the service does not offer it). Rules: docs/rules/russian-railroads-american.md.
//!
//! Built so far: the component data, typed, with its provisional set and its consistency
//! check; the state and setup. Next: the starting bonuses, the worker placement and the action
//! pool, tracks, locomotives and factories, industry, the stock market and payouts, scoring and
//! the end, then the endpoints.

pub mod data;
pub mod industry;
pub mod locomotives;
pub mod provisional;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod stock;
pub mod tracks;
