//! Railroad Operations cards: taking one, the new card each turn, Deadhead's places.

use super::data::OperationsEffect;
use super::event::Event;
use super::goods::{draw_cubes, in_play};
use super::rules::{section, violation};
use super::state::{DisplayCard, State};
use crate::core::Violation;

fn refuse(code: &str, message: String) -> Violation {
    violation(code, section::OPERATIONS, message)
}

/// Take the card at `place`: a Hotel, a New Industry (on `city`) or an Engine Upgrade.
/// Service Bounties are won by delivering, not taken.
pub fn take(state: &mut State, place: u8, city: Option<u8>) -> Result<Vec<Event>, Violation> {
    let Some(&DisplayCard::Operations { card }) = state.operations.display.get(usize::from(place))
    else {
        return Err(refuse(
            "no_such_card",
            format!("there is no Operations card at place {place} of the display"),
        ));
    };
    let effect = state.components.operations_deck[usize::from(card)]
        .effect
        .clone();
    let mut events = vec![Event::OperationsCardTaken { card }];
    match (&effect, city) {
        (OperationsEffect::NewIndustry { cubes }, Some(city)) if in_play(state, city) => {
            let drawn = draw_cubes(state, city, usize::from(*cubes));
            events.push(Event::NewIndustry { city, cubes: drawn });
        }
        (OperationsEffect::NewIndustry { .. }, _) => {
            return Err(refuse(
                "new_industry_city",
                "a New Industry names a city in play for its cubes".to_string(),
            ));
        }
        (_, Some(_)) => {
            return Err(refuse(
                "no_city_wanted",
                "only a New Industry names a city".to_string(),
            ));
        }
        (OperationsEffect::Hotel { city }, None) => {
            let city = state.components.city(city).unwrap_or(0) as u8;
            state.hotels.push(city);
            events.push(Event::HotelGained { city });
        }
        (OperationsEffect::EngineUpgrade {}, None) => {
            let top = state.components.top_engine();
            if state.engine >= top {
                return Err(refuse(
                    "top_engine",
                    format!("the engine is at its top level, {top}"),
                ));
            }
            state.engine += 1;
            events.push(Event::EngineUpgraded {
                level: state.engine,
                cost: 0,
            });
        }
        (OperationsEffect::ServiceBounty { .. } | OperationsEffect::Start {}, None) => {
            return Err(refuse(
                "not_takeable",
                "a Service Bounty is won by a delivery to its city, not taken".to_string(),
            ));
        }
    }
    state.operations.display.remove(usize::from(place));
    state.operations.taken.push(card);
    Ok(events)
}

/// The end of a turn: a new card at the near end; past the display's size, the furthest card
/// (not a Deadhead) is discarded.
pub fn deal(state: &mut State, events: &mut Vec<Event>) {
    if state.operations.deck.is_empty() {
        return;
    }
    let card = state.operations.deck.remove(0);
    state
        .operations
        .display
        .insert(0, DisplayCard::Operations { card });
    events.push(Event::OperationsCardDealt { card });
    trim(state, events);
}

/// Deadhead: the card takes the furthest place for good; a full display loses its furthest
/// card to make room.
pub fn deadhead(state: &mut State, card: u8, events: &mut Vec<Event>) {
    state
        .operations
        .display
        .push(DisplayCard::Deadhead { card });
    events.push(Event::DeadheadPlaced { card });
    trim(state, events);
}

fn trim(state: &mut State, events: &mut Vec<Event>) {
    let size = usize::from(state.components.operations_display_size);
    while state.operations.display.len() > size {
        let Some(place) = state
            .operations
            .display
            .iter()
            .rposition(|d| matches!(d, DisplayCard::Operations { .. }))
        else {
            return;
        };
        if let DisplayCard::Operations { card } = state.operations.display.remove(place) {
            state.operations.discard.push(card);
            events.push(Event::OperationsCardDiscarded { card });
        }
    }
}
