//! The Operating Rounds: the four steps, acquisitions, obsolescence, the sequence and the end.

mod acquisitions;
mod discard;
mod game_end;
mod obsolescence;
mod revenue;
mod sequence;

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::games::railroad_barons::state::{OperatingStep, Round};

fn step(s: &State) -> (railrules::games::railroad_barons::Colour, OperatingStep) {
    match &s.round {
        Round::OperatingRound { holding, step, .. } => (*holding, *step),
        other => panic!("not in an Operating Round: {other:?}"),
    }
}

/// Black (Seedy Brothers) at $100: A holds 40% + 10%, B 30%; it owns an E card ($100 income).
fn seedy_brothers() -> State {
    let mut s = position(A, &[holding(Black, 100, &[(40, A), (10, A), (30, B)])]);
    give_railroads(&mut s, Black, &[(12, 0)]);
    to_operating_round(&mut s);
    s
}

/// Blue (MB&S): A is Director (40% + 10%), B holds 30%; A owns the $40 and $50 Investors.
fn mcgreed() -> State {
    let mut s = position(A, &[holding(Blue, 90, &[(40, A), (10, A), (30, B)])]);
    to_operating_round(&mut s);
    s
}
