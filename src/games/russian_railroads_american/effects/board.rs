//! Moves on the player's board (docs/rules/russian-railroads-american.md#tracks, #industry,
//! #locomotives, #scoring, #specials): track and industry moves, doublers, tiles and
//! locomotives.

use super::factories::fire_factory;
use super::{FactoryUses, apply_met, place_factory};
use crate::core::Violation;
use crate::games::russian_railroads_american::action::{Boulder, Tile};
use crate::games::russian_railroads_american::data::{Colour, Components};
use crate::games::russian_railroads_american::event::Event;
use crate::games::russian_railroads_american::industry;
use crate::games::russian_railroads_american::locomotives;
use crate::games::russian_railroads_american::rules::{refuse, section};
use crate::games::russian_railroads_american::specials::{self, Outcome};
use crate::games::russian_railroads_american::state::{Decision, Player, Seat, State};

pub fn move_track(
    state: &mut State,
    seat: Seat,
    railroad: u8,
    colour: Colour,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    move_track_naming(state, seat, railroad, colour, &mut None, events)
}

/// One track move; a detonation that asks which boulder leaves takes the one `named` (once) at
/// once, instead of asking after the action.
pub(super) fn move_track_naming(
    state: &mut State,
    seat: Seat,
    railroad: u8,
    colour: Colour,
    named: &mut Option<Boulder>,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let (space, mut mets) = specials::move_track(
        &state.components,
        &mut state.players[seat.index()],
        usize::from(railroad),
        colour,
    )?;
    for met in &mut mets {
        if met.outcome != Outcome::DetonationChoice {
            continue;
        }
        if let Some(b) = named.take() {
            let p = &mut state.players[seat.index()];
            if !specials::boulders(&state.components, p).contains(&(b.railroad, b.industry_track)) {
                return Err(refuse(
                    "no_boulder",
                    section::SPECIALS,
                    "no boulder is there",
                ));
            }
            specials::remove_boulder(p, b.railroad, b.industry_track);
            met.outcome = Outcome::Detonated {
                railroad: b.railroad,
                industry_track: b.industry_track,
            };
        }
    }
    events.push(Event::TrackAdvanced {
        seat,
        railroad,
        colour,
        space,
    });
    apply_met(state, seat, mets, events);
    Ok(())
}

/// One move of an industry marker; a factory it reaches fires (on the top track, used at once
/// as the next of `uses` says).
pub fn move_industry(
    state: &mut State,
    seat: Seat,
    track: u8,
    uses: &mut FactoryUses,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let step = industry::advance(
        &state.components,
        &mut state.players[seat.index()],
        usize::from(track),
    )?;
    events.push(Event::IndustryAdvanced {
        seat,
        track,
        space: step.space,
    });
    if let Some(number) = step.fired {
        fire_factory(state, seat, track, number, uses, events)?;
    }
    Ok(())
}

/// The next doubler place of `railroad`, left to right.
pub fn doubler_place(state: &State, seat: Seat, railroad: u8) -> Result<u8, Violation> {
    let data = state
        .components
        .railroads
        .get(usize::from(railroad))
        .ok_or_else(|| {
            refuse(
                "no_such_railroad",
                section::SCORING,
                format!("there is no railroad {railroad}"),
            )
        })?;
    if state.doublers == 0 {
        return Err(refuse(
            "no_doubler_left",
            section::SCORING,
            "the doubler supply is empty",
        ));
    }
    next_doubler_place(&state.components, &state.players[seat.index()], railroad).ok_or_else(|| {
        refuse(
            "no_doubler_place",
            section::SCORING,
            format!("every doubler place of {} is taken", data.name),
        )
    })
}

/// The left-most doubler place of the player's `railroad` without a doubler.
pub fn next_doubler_place(c: &Components, player: &Player, railroad: u8) -> Option<u8> {
    let data = c.railroads.get(usize::from(railroad))?;
    let placed = &player.railroads.get(usize::from(railroad))?.doublers;
    data.doubler_spaces
        .iter()
        .copied()
        .find(|s| !placed.contains(s))
}

pub fn place_doubler(
    state: &mut State,
    seat: Seat,
    railroad: u8,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let space = doubler_place(state, seat, railroad)?;
    state.doublers -= 1;
    state.players[seat.index()].railroads[usize::from(railroad)]
        .doublers
        .push(space);
    events.push(Event::DoublerPlaced {
        seat,
        railroad,
        space,
    });
    Ok(())
}

/// Takes a tile and places it as the player says.
pub fn take_tile(
    state: &mut State,
    seat: Seat,
    tile: &Tile,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let as_locomotive = match (tile.locomotive, tile.factory) {
        (Some(_), None) => true,
        (None, Some(_)) => false,
        _ => {
            return Err(refuse(
                "tile_use",
                section::LOCOMOTIVES,
                "name either the railroad for a locomotive or the industry track for a factory",
            ));
        }
    };
    if as_locomotive && (tile.replace.is_some() || tile.returned.is_some()) {
        return Err(refuse(
            "tile_use",
            section::LOCOMOTIVES,
            "`replace` and `returned` are for factories only",
        ));
    }
    if !as_locomotive && tile.replaces.is_some() {
        return Err(refuse(
            "tile_use",
            section::LOCOMOTIVES,
            "`replaces` is for locomotives only",
        ));
    }
    let number = match tile.returned {
        Some(n) => {
            let at = state
                .returned_factories
                .iter()
                .position(|&f| f == n)
                .ok_or_else(|| {
                    refuse(
                        "not_returned",
                        section::LOCOMOTIVES,
                        format!("no returned factory #{n} is in the supply"),
                    )
                })?;
            state.returned_factories.remove(at);
            n
        }
        None => {
            let taken = locomotives::take_tile(state).ok_or_else(|| {
                refuse(
                    "no_tiles",
                    section::LOCOMOTIVES,
                    "every locomotive pile is empty",
                )
            })?;
            if let Some(i) = taken.steelworks {
                state.steelworks[i] = Some(seat);
                state.turn.decisions.push(Decision::Steelworks {
                    steelworks: i as u8,
                });
                state.turn.general_payouts.push(seat);
                events.push(Event::SteelworksTaken {
                    seat,
                    steelworks: i as u8,
                });
            }
            taken.number
        }
    };
    if let Some(railroad) = tile.locomotive {
        place_locomotive(state, seat, number, railroad, tile.replaces, events)
    } else {
        let track = tile.factory.unwrap_or_default();
        place_factory(state, seat, number, track, tile.replace, events)
    }
}

pub fn place_locomotive(
    state: &mut State,
    seat: Seat,
    number: u8,
    railroad: u8,
    replaces: Option<u8>,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let replaced = locomotives::place_locomotive(
        &state.components,
        &mut state.players[seat.index()],
        number,
        usize::from(railroad),
        replaces,
    )?;
    events.push(Event::LocomotiveTaken {
        seat,
        number,
        railroad,
        replaced,
    });
    if let Some(number) = replaced {
        state
            .turn
            .decisions
            .push(Decision::DisplacedLocomotive { number });
    }
    let mets = specials::meet(&state.components, &mut state.players[seat.index()]);
    apply_met(state, seat, mets, events);
    Ok(())
}
