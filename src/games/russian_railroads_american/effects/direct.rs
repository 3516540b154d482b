//! Resolving a space or engineer directly (docs/rules/russian-railroads-american.md#turn,
//! #engineers, #round): its effects taken in the order the player names, the engineers' actions,
//! and the claims on the turn order.

use super::board::move_track_naming;
use super::factories::no_detonation;
use super::{
    FactoryUses, move_industry, place_doubler, player, take_coins, take_tile, temporary_workers,
};
use crate::core::Violation;
use crate::games::russian_railroads_american::action::Resolution;
use crate::games::russian_railroads_american::data::{Colour, SpaceEffect};
use crate::games::russian_railroads_american::event::Event;
use crate::games::russian_railroads_american::rules::{refuse, section};
use crate::games::russian_railroads_american::state::{Seat, State};

fn incomplete(what: &str) -> Violation {
    Violation::new(
        "incomplete_resolution",
        section::TURN,
        format!("a direct action is resolved completely: {what}"),
    )
}

/// Resolves a direct action's effect completely as `res` says, or refuses it.
#[expect(
    clippy::too_many_lines,
    reason = "one arm per space effect, each checking the resolution names what it uses."
)]
pub fn resolve_direct(
    state: &mut State,
    seat: Seat,
    effect: &SpaceEffect,
    res: &Resolution,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    if let SpaceEffect::PublicEngineer { place } = *effect {
        // The public engineer's own effect, resolved with the same resolution.
        let engineer = public_engineer(state, place).ok_or_else(|| {
            refuse(
                "no_engineer",
                section::ENGINEERS,
                format!("no engineer stands on public place {place}"),
            )
        })?;
        let action = engineer_action(state, engineer)?;
        events.push(Event::EngineerUsed { seat, engineer });
        return resolve_direct(state, seat, &action, res, events);
    }
    let uses = |moves: bool, industry: bool, doubler: bool, tiles: bool| {
        (res.moves.is_empty() || moves)
            && (res.industry.is_empty() || industry)
            && (res.doubler.is_none() || doubler)
            && (res.tiles.is_empty() || tiles)
            && (res.detonate.is_none() || moves)
            && (!res.moves_first || (moves && industry))
            && (res.factories.is_empty() || industry)
    };
    let mut factory_uses = FactoryUses::new(&res.factories);
    let mut named = res.detonate;
    match effect {
        SpaceEffect::Coins { coins } => {
            if !uses(false, false, false, false) {
                return Err(incomplete("this space takes no resolution"));
            }
            take_coins(state, seat, *coins, events);
        }
        SpaceEffect::TrackMoves { colours, moves } => {
            if !uses(true, false, false, false) || res.moves.len() != usize::from(*moves) {
                return Err(incomplete(&format!("name exactly {moves} track moves")));
            }
            for m in &res.moves {
                if !colours.is_empty() && !colours.contains(&m.colour) {
                    return Err(refuse(
                        "wrong_colour",
                        section::TURN,
                        format!("this action moves {colours:?} tracks, not {:?}", m.colour),
                    ));
                }
                move_track_naming(state, seat, m.railroad, m.colour, &mut named, events)?;
            }
        }
        SpaceEffect::Doubler {} => {
            let Some(railroad) = res.doubler.filter(|_| uses(false, false, true, false)) else {
                return Err(incomplete("name the railroad for the doubler"));
            };
            place_doubler(state, seat, railroad, events)?;
        }
        SpaceEffect::TemporaryWorkers { workers } => {
            if !uses(false, false, false, false) {
                return Err(incomplete("this space takes no resolution"));
            }
            temporary_workers(state, seat, *workers, events);
        }
        SpaceEffect::LocomotiveOrFactory { both } => {
            let count = if *both { 2 } else { 1 };
            if !uses(false, false, false, true) || res.tiles.len() != count {
                return Err(incomplete(&format!("name exactly {count} tiles")));
            }
            if *both && res.tiles[0].locomotive.is_some() == res.tiles[1].locomotive.is_some() {
                return Err(refuse(
                    "one_of_each",
                    section::LOCOMOTIVES,
                    "this space gives one locomotive and one factory",
                ));
            }
            for tile in &res.tiles {
                take_tile(state, seat, tile, events)?;
            }
        }
        SpaceEffect::Industry { moves, black_moves } => {
            if !uses(true, true, false, false)
                || res.industry.len() != usize::from(*moves)
                || res.moves.len() != usize::from(*black_moves)
            {
                return Err(incomplete(&format!(
                    "name exactly {moves} industry moves and {black_moves} black moves"
                )));
            }
            if res.moves_first && (*moves == 0 || *black_moves == 0) {
                return Err(incomplete("`moves_first` orders industry and black moves"));
            }
            if res.moves.iter().any(|m| m.colour != Colour::Black) {
                return Err(refuse(
                    "wrong_colour",
                    section::TURN,
                    "these moves are black moves",
                ));
            }
            // Either order (no source gives one; a reading, rules #turn): the industry moves first unless asked.
            for half in [res.moves_first, !res.moves_first] {
                if half {
                    for m in &res.moves {
                        move_track_naming(state, seat, m.railroad, m.colour, &mut named, events)?;
                    }
                } else {
                    for &track in &res.industry {
                        move_industry(state, seat, track, &mut factory_uses, events)?;
                    }
                }
            }
        }
        SpaceEffect::TurnOrder { place } => {
            if !uses(false, false, false, false) {
                return Err(incomplete("this space takes no resolution"));
            }
            claim_turn_order(state, seat, *place, events)?;
        }
        // Resolved above, as its engineer's effect.
        SpaceEffect::PublicEngineer { .. } => {}
        SpaceEffect::HireEngineer {} => {
            if !uses(false, false, false, false) {
                return Err(incomplete("this space takes no resolution"));
            }
            let engineer = state
                .engineer_strip
                .last_mut()
                .and_then(Option::take)
                .ok_or_else(|| {
                    refuse(
                        "no_engineer",
                        section::ENGINEERS,
                        "no engineer is on the hiring place",
                    )
                })?;
            player(state, seat).engineers.push(engineer);
            events.push(Event::EngineerHired { seat, engineer });
        }
    }
    if named.is_some() {
        return Err(no_detonation());
    }
    factory_uses.all_used()
}

/// What engineer `number` does.
pub fn engineer_action(state: &State, number: u8) -> Result<SpaceEffect, Violation> {
    state
        .components
        .engineers
        .iter()
        .find(|e| e.number == number)
        .map(|e| e.action.clone())
        .ok_or_else(|| {
            refuse(
                "no_engineer",
                section::ENGINEERS,
                format!("no engineer #{number}"),
            )
        })
}

/// The engineer on public place 1 (next to the hiring place) or 2.
pub fn public_engineer(state: &State, place: u8) -> Option<u8> {
    let len = state.engineer_strip.len();
    let at = len.checked_sub(1 + usize::from(place))?;
    (1..=2)
        .contains(&place)
        .then(|| state.engineer_strip[at])
        .flatten()
}

/// The turn-order places claimed this round: (place, seat).
pub fn turn_order_claims(state: &State) -> Vec<(u8, Seat)> {
    state
        .placements
        .iter()
        .filter_map(|p| {
            match state
                .components
                .action_spaces
                .get(usize::from(p.space))?
                .effect
            {
                SpaceEffect::TurnOrder { place } => Some((place, p.seat)),
                _ => None,
            }
        })
        .collect()
}

fn claim_turn_order(
    state: &mut State,
    seat: Seat,
    place: u8,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let position = state.turn_position(seat) + 1;
    // The place under the player's own pawn is not claimed (at 2 players it may be: S8).
    if usize::from(place) == position && state.players.len() > 2 {
        return Err(refuse(
            "turn_order_held",
            section::ROUND,
            format!("the player holds place {place} already"),
        ));
    }
    if turn_order_claims(state).iter().any(|&(_, s)| s == seat) {
        return Err(refuse(
            "turn_order_claimed",
            section::ROUND,
            "the player already claimed a turn-order place this round",
        ));
    }
    events.push(Event::TurnOrderClaimed { seat, place });
    Ok(())
}
