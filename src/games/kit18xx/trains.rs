//! Trains and phases (1846 6.7, 4.x): the depot, the phase a first purchase starts, what a new
//! phase does to trains (phased out: they run once more; removed: they leave the game), double-
//! sided cards (the buyer picks the side), the train limit. The title gives its cards, phases
//! and what a phase does to its own pieces (privates, ferries) through
//! [`OperatingTitle`]'s train hooks.

use super::map::TrainSide;
use super::operating_round::{OperatingEvent, OperatingTitle};
use super::table::{CompanyId, Train};
use crate::core::Violation;

/// A train card of the title's depot, as the kit reads it.
#[derive(Debug, Clone, Copy)]
pub struct TrainCard<'a> {
    pub id: &'a str,
    /// Copies made for this game (ignored when unlimited).
    pub made: u8,
    /// The supply never runs out (1833NE's 7+3): copies are numbered on from the highest.
    pub unlimited: bool,
    /// Its sides; a single-sided card has one.
    pub sides: &'a [TrainSide],
}

/// The title's train cards in depot order.
pub fn cards<S: OperatingTitle>(state: &S) -> impl Iterator<Item = TrainCard<'static>> + '_ {
    (0..).map_while(|i| state.train_card(i))
}

/// The index of the first train card left in the depot.
pub fn available_card<S: OperatingTitle>(state: &S) -> Option<usize> {
    let depot = state.depot();
    cards(state)
        .enumerate()
        .find(|(i, card)| depot.get(*i).is_some_and(|&n| n > 0) || card.unlimited)
        .map(|(i, _)| i)
}

/// Whether the train card `card` has a side named `side`.
pub fn card_has_side<S: OperatingTitle>(state: &S, card: &str, side: &str) -> bool {
    cards(state).any(|c| c.id == card && c.sides.iter().any(|s| s.name == side))
}

/// The price of the cheapest side of the depot's train, if any is left.
pub fn cheapest_available<S: OperatingTitle>(state: &S) -> Option<u32> {
    let card = state.train_card(available_card(state)?)?;
    card.sides.iter().map(|s| state.side_price(s)).min()
}

/// Trains that count against the limit.
pub fn active_trains<S: OperatingTitle>(state: &S, company: S::Company) -> usize {
    state
        .company(company)
        .trains
        .iter()
        .filter(|t| !t.phased_out)
        .count()
}

/// Judges the card and side of a purchase from the depot: the depot's first card, one of its
/// sides, within the train limit. Returns the side's price (who pays is the emergency rules'
/// concern: `emergency::judge_depot_purchase`).
pub fn judge_depot_card<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    card: &str,
    variant: &str,
) -> Result<u32, Violation> {
    let trains = state.operating_sections().trains;
    let Some(available) = available_card(state).and_then(|i| state.train_card(i)) else {
        return Err(Violation::new(
            "depot_empty",
            trains,
            "the depot has no train left",
        ));
    };
    if available.id != card {
        return Err(Violation::new(
            "not_available",
            trains,
            format!("the depot sells the {} now, not the {card}", available.id),
        ));
    }
    let Some(side) = available.sides.iter().find(|s| s.name == variant) else {
        return Err(Violation::new(
            "no_such_variant",
            trains,
            format!("the {card} card has no side {variant}"),
        ));
    };
    let limit = state.train_limit(company);
    if active_trains(state, company) >= limit {
        return Err(Violation::new(
            "train_limit",
            trains,
            format!(
                "{company} has {} trains; the limit is {limit}",
                active_trains(state, company),
            ),
        ));
    }
    Ok(state.side_price(side))
}

/// The copy number of the next train of the card at `index` (taking it from the depot): the
/// next printed copy, or for an unlimited card the next after the highest ever bought, held or
/// gone (an id that left the game is never used again).
fn next_copy<S: OperatingTitle>(state: &mut S, index: usize, card: &TrainCard) -> u32 {
    if card.unlimited {
        let held = state
            .companies()
            .iter()
            .flat_map(|e| &e.trains)
            .map(|t| t.id.clone())
            .collect::<Vec<_>>();
        let removed = state.ledger().removed_trains.clone();
        return held
            .iter()
            .chain(&removed)
            .filter_map(|id| {
                id.rsplit_once('-')
                    .filter(|(c, _)| *c == card.id)
                    .and_then(|(_, n)| n.parse::<u32>().ok())
            })
            .max()
            .map_or(0, |n| n + 1);
    }
    let depot = state.depot_mut();
    depot[index] -= 1;
    u32::from(card.made - depot[index] - 1)
}

/// Buys the train (judged by [`judge_depot_card`]) and starts a new phase if it is the first of
/// its card's phase.
pub fn buy<S: OperatingTitle>(
    state: &mut S,
    company: S::Company,
    card: &str,
    variant: &str,
    price: u32,
    president_paid: u32,
) -> Vec<S::Event> {
    let Some((index, data)) = cards(state).enumerate().find(|(_, t)| t.id == card) else {
        return vec![];
    };
    let copy = next_copy(state, index, &data);
    let id = format!("{card}-{copy}");
    if president_paid > 0
        && let Some(president) = state.company(company).president
    {
        state.player_pays_company(president, company, president_paid);
    }
    let ledger = state.ledger();
    let entry = &mut ledger.companies[company.index()];
    entry.cash -= price;
    entry.trains.push(Train {
        id: id.as_str().into(),
        card: card.into(),
        side: variant.into(),
        phased_out: false,
    });
    *ledger.bank += i64::from(price);
    let mut events = vec![
        OperatingEvent::TrainBought {
            corporation: company,
            train: id,
            variant: variant.to_string(),
            price,
            president_paid,
        }
        .into(),
    ];
    let next = state.phase() + 1;
    if state.phase_starts_on(next) == Some(card) {
        events.extend(start_phase(state, next));
    }
    events
}

/// A new phase and everything it triggers: trains phased out and removed, then what it does
/// to the title's own pieces.
pub fn start_phase<S: OperatingTitle>(state: &mut S, phase: usize) -> Vec<S::Event> {
    state.set_phase(phase);
    let mut events = vec![
        OperatingEvent::PhaseChanged {
            phase: state.phase_name(phase),
        }
        .into(),
    ];
    let (phased_out, removed) = state.phase_train_effects(phase);
    for card in phased_out {
        for entry in state.ledger().companies.iter_mut() {
            for t in entry.trains.iter_mut().filter(|t| t.card == *card) {
                t.phased_out = true;
            }
        }
        events.push(
            OperatingEvent::TrainsPhasedOut {
                card: card.to_string(),
            }
            .into(),
        );
    }
    for card in removed {
        let mut gone = Vec::new();
        for &company in S::Company::all() {
            gone.extend(state.remove_trains(company, |t| t.card == *card));
        }
        if !gone.is_empty() {
            events.push(
                OperatingEvent::TrainsRemoved {
                    card: card.to_string(),
                    trains: gone.into_iter().map(String::from).collect(),
                }
                .into(),
            );
        }
    }
    state.on_phase(phase, &mut events);
    events
}

/// Companies over the train limit, in operating order from `order`.
pub fn over_limit<S: OperatingTitle>(state: &S, order: &[S::Company]) -> Vec<S::Company> {
    order
        .iter()
        .copied()
        .filter(|&c| active_trains(state, c) > state.train_limit(c))
        .collect()
}
