//! The Stock Round: every rule, and the rulebook's examples with their figures.

mod buying;
mod certificate_limit;
mod directors;
mod examples;
mod investor;
mod selling;
mod turns;
