//! Trains and phases: buying from the depot, the phase a first purchase starts, and what the
//! phase does (trains phased out and removed, privates closed or flipped, ferries removed,
//! the train limit).

use super::data::{UNLIMITED_TRAIN, components, phase_train_effects, train_price};
use super::event::Event;
use super::ids::{Company, Private};
use super::rules::section;
use super::state::{PrivateOwner, State, Train};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;

/// The index of the first train card left in the depot.
pub fn available_card(state: &State) -> Option<usize> {
    let c = components();
    (0..c.trains.len()).find(|&i| state.depot[i] > 0 || c.trains[i].id == UNLIMITED_TRAIN)
}

/// Trains that count against the limit.
pub fn active_trains(state: &State, company: Company) -> usize {
    state
        .company(company)
        .trains
        .iter()
        .filter(|t| !t.phased_out)
        .count()
}

pub fn train_limit(state: &State) -> usize {
    usize::from(components().phases[usize::from(state.phase)].train_limit)
}

/// Judges the card and side of a purchase from the depot: the depot's first card, one of its
/// sides, within the train limit. Returns the side's price (who pays is the emergency rules'
/// concern: `emergency::judge_depot_purchase`).
pub fn judge_depot_card(
    state: &State,
    company: Company,
    card: &str,
    variant: &str,
) -> Result<u32, Violation> {
    let c = components();
    let Some(index) = available_card(state) else {
        return Err(Violation::new(
            "depot_empty",
            section::TRAINS,
            "the depot has no train left",
        ));
    };
    let available = &c.trains[index];
    if available.id != card {
        return Err(Violation::new(
            "not_available",
            section::TRAINS,
            format!("the depot sells the {} now, not the {card}", available.id),
        ));
    }
    let Some(side) = available.sides.iter().find(|s| s.name == variant) else {
        return Err(Violation::new(
            "no_such_variant",
            section::TRAINS,
            format!("the {card} card has no side {variant}"),
        ));
    };
    if active_trains(state, company) >= train_limit(state) {
        return Err(Violation::new(
            "train_limit",
            section::TRAINS,
            format!(
                "{company} has {} trains; the limit is {}",
                active_trains(state, company),
                train_limit(state)
            ),
        ));
    }
    Ok(train_price(side))
}

/// Buys the train (judged by [`judge_depot_card`]) and starts a new phase if it is the first of its
/// card's phase.
pub fn buy(
    state: &mut State,
    company: Company,
    card: &str,
    variant: &str,
    price: u32,
    president_paid: u32,
) -> Vec<Event> {
    let c = components();
    let index = c.trains.iter().position(|t| t.id == card).expect("judged");
    let copy = if c.trains[index].id == UNLIMITED_TRAIN {
        // Unlimited: the next copy after the highest one ever bought, held or gone (an id
        // that left the game is never used again).
        let held = state
            .companies
            .iter()
            .flat_map(|e| &e.trains)
            .map(|t| &t.id);
        held.chain(&state.removed_trains)
            .filter_map(|id| {
                id.rsplit_once('-')
                    .filter(|(c, _)| *c == card)
                    .and_then(|(_, n)| n.parse::<u32>().ok())
            })
            .max()
            .map_or(0, |n| n + 1)
    } else {
        state.depot[index] -= 1;
        u32::from(c.trains[index].count - state.depot[index] - 1)
    };
    let id = format!("{card}-{copy}");
    if president_paid > 0
        && let Some(president) = state.company(company).president
    {
        state.player_pays_company(president, company, president_paid);
    }
    let entry = state.company_mut(company);
    entry.cash -= price;
    entry.trains.push(Train {
        id: id.clone(),
        card: card.to_string(),
        side: variant.to_string(),
        phased_out: false,
    });
    state.bank += i64::from(price);
    let mut events = vec![Event::TrainBought {
        corporation: company,
        train: id,
        variant: variant.to_string(),
        price,
        president_paid,
    }];
    let next = usize::from(state.phase) + 1;
    if c.phases.get(next).and_then(|p| p.on.as_deref()) == Some(card) {
        events.extend(start_phase(state, next));
    }
    events
}

/// A new phase and everything it triggers.
pub fn start_phase(state: &mut State, phase: usize) -> Vec<Event> {
    let c = components();
    state.phase = phase as u8;
    let mut events = vec![Event::PhaseChanged {
        phase: c.phases[phase].name.clone(),
    }];
    let (phased_out, removed) = phase_train_effects(phase);
    for card in phased_out {
        for entry in state.companies.iter_mut() {
            for t in entry.trains.iter_mut().filter(|t| t.card == *card) {
                t.phased_out = true;
            }
        }
        events.push(Event::TrainsPhasedOut {
            card: card.to_string(),
        });
    }
    for card in removed {
        let mut gone = Vec::new();
        for company in Company::ALL {
            gone.extend(state.remove_trains(company, |t| t.card == *card));
        }
        if !gone.is_empty() {
            events.push(Event::TrainsRemoved {
                card: card.to_string(),
                trains: gone,
            });
        }
    }
    match phase {
        2 => {
            // Phase III: privates players own and P1-P2 are removed; P3-P6 flipped.
            let mut closed = Vec::new();
            let mut flipped = Vec::new();
            for p in state.privates.iter_mut().filter(|p| !p.closed) {
                let players = matches!(
                    p.owner,
                    PrivateOwner::Player { .. } | PrivateOwner::Unsold {}
                );
                if players || matches!(p.private, Private::P1 | Private::P2) {
                    p.closed = true;
                    closed.push(p.private);
                } else {
                    p.flipped = true;
                    flipped.push(p.private);
                }
            }
            if !closed.is_empty() {
                events.push(Event::PrivatesClosed { privates: closed });
            }
            if !flipped.is_empty() {
                events.push(Event::PrivatesFlipped { privates: flipped });
            }
        }
        3 => {
            // Phase IV: P3-P5 and every ferry are removed; reservations end.
            let mut closed = Vec::new();
            for p in state.privates.iter_mut().filter(|p| !p.closed) {
                if matches!(p.private, Private::P3 | Private::P4 | Private::P5) {
                    p.closed = true;
                    closed.push(p.private);
                }
            }
            if !closed.is_empty() {
                events.push(Event::PrivatesClosed { privates: closed });
            }
            state.ferries.clear();
            events.push(Event::FerriesRemoved);
        }
        _ => {}
    }
    events
}

/// Companies over the new train limit, in operating order from `order`.
pub fn over_limit(state: &State, order: &[Company]) -> Vec<Company> {
    let limit = train_limit(state);
    order
        .iter()
        .copied()
        .filter(|&c| active_trains(state, c) > limit)
        .collect()
}
