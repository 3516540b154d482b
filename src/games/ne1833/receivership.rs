//! Receivership (ruling R5, 1846): a company whose president went bankrupt with no player
//! holding 20% to take over. It operates without choices: no track, stations, ferries, issues,
//! redemptions or privates; any player still in the game submits its routes; it always
//! withholds; owning no train, it buys the cheapest depot train when it can afford it. A
//! player who comes to hold 20% becomes its president (the stock round's concern).

use super::action::DividendKind;
use super::data::{components, train_price};
use super::event::Event;
use super::ids::Company;
use super::operating_round::{pay_dividend, require_discards};
use super::state::State;
use crate::games::kit18xx::table::Table as _;

/// The company's operation after its routes earned `revenue`: it withholds, then buys a train
/// if it owns none. (Its turn then ends.)
pub fn operate(state: &mut State, company: Company, revenue: u32) -> Vec<Event> {
    let mut events = pay_dividend(state, company, revenue, DividendKind::Withhold);
    if !state.company(company).closed {
        events.extend(buy_train(state, company));
    }
    events
}

/// Owning no train, the company buys the cheapest side of the depot's train when its treasury
/// pays for it; otherwise it buys nothing.
pub fn buy_train(state: &mut State, company: Company) -> Vec<Event> {
    if !state.company(company).trains.is_empty() {
        return vec![];
    }
    let Some(index) = super::trains::available_card(state) else {
        return vec![];
    };
    let card = &components().trains[index];
    let Some(side) = card.sides.iter().min_by_key(|s| train_price(s)) else {
        return vec![];
    };
    let price = train_price(side);
    if state.company(company).cash < price {
        return vec![];
    }
    let mut events = super::trains::buy(state, company, &card.id, &side.name, price, 0);
    events.extend(require_discards(state));
    events
}
