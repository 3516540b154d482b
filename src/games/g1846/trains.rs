//! Trains and phases in 1846 (docs/rules/1846.md#trains, #phases): the depot, buying, phases and
//! what they do to trains are the kit's (`kit18xx::trains`); this gives it 1846's cards (by the
//! player count; the 6 unlimited), which cards a phase makes obsolete (they run once more) and
//! rusts, and what a phase does to 1846's own pieces: the first 5 closes the privates and the
//! minors, the first 6 removes the bonus markers (and the reservations, read from the phase).

use std::sync::OnceLock;

use super::data::components;
use super::event::Event;
use super::ids::Company;
use super::privates::{close_privates, remove_players_steamboat};
use super::state::State;
use crate::games::kit18xx::shares::close;
use crate::games::kit18xx::trains::TrainCard;

/// 1846's train card at `index` for `players`, as the kit reads it.
pub fn card(players: usize, index: usize) -> Option<TrainCard<'static>> {
    let t = components().trains.get(index)?;
    let made = t
        .count_by_players
        .as_ref()
        .and_then(|by| by.get(&players.to_string()).copied());
    Some(TrainCard {
        id: &t.id,
        made: made.or(t.source_count).unwrap_or(0),
        unlimited: t.count_by_players.is_none(),
        sides: &t.sides,
    })
}

/// The cards each phase makes obsolete (`obsolete_on`: they run once more, then go) and rusts
/// (`rusts_on`), from the cards' data.
pub fn effects(phase: usize) -> (&'static [&'static str], &'static [&'static str]) {
    static EFFECTS: OnceLock<Vec<(Vec<&'static str>, Vec<&'static str>)>> = OnceLock::new();
    let all = EFFECTS.get_or_init(|| {
        let c = components();
        c.phases
            .iter()
            .map(|p| {
                let on = p.on.as_deref();
                let by = |f: fn(&super::data::TrainCard) -> Option<&str>| {
                    c.trains
                        .iter()
                        .filter(|t| on.is_some() && f(t) == on)
                        .map(|t| t.id.as_str())
                        .collect::<Vec<&'static str>>()
                };
                (
                    by(|t| t.obsolete_on.as_deref()),
                    by(|t| t.rusts_on.as_deref()),
                )
            })
            .collect()
    });
    all.get(phase)
        .map_or((&[], &[]), |(o, r)| (o.as_slice(), r.as_slice()))
}

/// The train events of the card that starts `phase`.
fn events_of(phase: usize) -> &'static [String] {
    let c = components();
    let on = c.phases.get(phase).and_then(|p| p.on.as_deref());
    c.trains
        .iter()
        .find(|t| Some(t.id.as_str()) == on)
        .map_or(&[], |t| t.events.as_slice())
}

/// What a new phase does to 1846's pieces.
pub fn on_phase(state: &mut State, phase: usize, events: &mut Vec<Event>) {
    for event in events_of(phase) {
        match event.as_str() {
            "close_companies" => {
                let steamboat = state.private(super::ids::Private::Sc).map(|p| p.owner);
                let closed = close_privates(state);
                if let Some(owner) = steamboat {
                    remove_players_steamboat(state, owner);
                }
                if !closed.is_empty() {
                    events.push(Event::PrivatesClosed { privates: closed });
                }
                for minor in Company::MINORS {
                    if !state.companies[minor.index()].closed {
                        close(state, minor, events);
                    }
                }
            }
            "remove_bonuses" => {
                state.markers.clear();
                events.push(Event::BonusesRemoved);
            }
            // The reservations end by the phase (`privates::reservations`).
            _ => {}
        }
    }
}
