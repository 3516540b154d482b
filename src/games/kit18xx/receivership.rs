//! Receivership (1846; 1833NE's ruling R5): a company whose president went bankrupt with no
//! player holding 20% to take over. It operates without choices: no track, stations, issues,
//! redemptions or privates; any player still in the game submits its routes; it always
//! withholds; owning no train, it buys the cheapest depot train when it can afford it. A
//! player who comes to hold 20% becomes its president (the stock round's concern).

use super::market::DividendKind;
use super::operating_round::OperatingTitle;
use super::operating_round::buying_trains::require_discards;
use super::shares;
use super::trains;

/// The company's operation after its routes earned `revenue`: it withholds, then buys a train
/// if it owns none. (Its turn then ends.)
///
/// A title may hold the closing of a company its withhold takes to a closing price until the
/// turn is over ([`Shares::hold_closing`]): it then buys its train first (1846 as 18xx.games
/// plays it: a receivership's turn runs inside one action, and a company at $0 closes when
/// that action is over).
pub fn operate<S: OperatingTitle>(
    state: &mut S,
    company: S::Company,
    revenue: u32,
) -> Vec<S::Event> {
    state.hold_closing(true);
    let mut events = state.pay_dividend(company, revenue, DividendKind::Withhold);
    if !state.company(company).closed {
        events.extend(buy_train(state, company));
    }
    state.hold_closing(false);
    let at_close =
        shares::price(state, company).is_some_and(|price| state.closing_prices().contains(&price));
    if at_close && !state.company(company).closed {
        shares::close(state, company, &mut events);
    }
    events
}

/// Owning no train, the company buys the cheaper side of the depot's cheapest train (a
/// discarded one when it is cheapest) when its treasury pays for it; otherwise it buys nothing.
pub fn buy_train<S: OperatingTitle>(state: &mut S, company: S::Company) -> Vec<S::Event> {
    if !state.company(company).trains.is_empty() {
        return vec![];
    }
    let Some(offer) = trains::cheapest_offer(state) else {
        return vec![];
    };
    let Some(side) = offer.card.sides.iter().min_by_key(|s| state.side_price(s)) else {
        return vec![];
    };
    let price = state.side_price(side);
    if state.company(company).cash < price {
        return vec![];
    }
    let mut events = trains::buy(state, company, offer.source, &side.name, price, 0);
    events.extend(require_discards(state));
    events
}
