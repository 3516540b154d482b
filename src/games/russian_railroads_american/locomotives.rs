//! Locomotives and factories (rules #locomotives, the seed's steelworks): the lowest-numbered tile is
//! taken; a locomotive goes into an empty slot or replaces a lower one (the player names it), whose tile must then be
//! placed in turn (a chain) and may be turned into a factory for the supply only when every slot
//! is full; a factory goes into the left-most empty gap of an industry track, or replaces a
//! factory once all the gaps of that track are filled (a steelworks at any time).

use super::data::Components;
use super::rules::{self, section};
use super::state::{Player, State};
use crate::core::Violation;

/// A steelworks in a gap: it stands in for a factory, numbered 0.
pub const STEELWORKS: u8 = 0;

fn refuse(code: &str, message: String) -> Violation {
    rules::refuse(code, section::LOCOMOTIVES, message)
}

/// What taking a tile did: its number, and the steelworks (by index) taken with the last tile
/// of its pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Taken {
    pub number: u8,
    pub steelworks: Option<usize>,
}

/// Takes the lowest-numbered tile left; none when every pile is empty.
pub fn take_tile(state: &mut State) -> Option<Taken> {
    let pile = state
        .piles
        .iter_mut()
        .filter(|p| p.left > 0)
        .min_by_key(|p| p.number)?;
    pile.left -= 1;
    let (number, emptied) = (pile.number, pile.left == 0);
    let steelworks = emptied
        .then(|| {
            state
                .components
                .steelworks
                .iter()
                .position(|s| s.pile == number)
        })
        .flatten()
        .filter(|&i| state.steelworks[i].is_none());
    Some(Taken { number, steelworks })
}

/// Whether every locomotive slot of the board holds a locomotive.
pub fn all_slots_full(c: &Components, player: &Player) -> bool {
    c.railroads
        .iter()
        .zip(&player.railroads)
        .all(|(data, state)| state.locomotives.len() >= usize::from(data.locomotive_slots))
}

/// Puts locomotive `number` on `railroad`: into an empty slot (`replaces` unnamed), or, with
/// the railroad's slots full, in place of the lower locomotive `replaces` names, which is
/// returned (to be placed in turn, or discarded if every slot is full).
pub fn place_locomotive(
    c: &Components,
    player: &mut Player,
    number: u8,
    railroad: usize,
    replaces: Option<u8>,
) -> Result<Option<u8>, Violation> {
    let data = c.railroads.get(railroad).ok_or_else(|| {
        refuse(
            "no_such_railroad",
            format!("there is no railroad {railroad}"),
        )
    })?;
    let slots = &mut player.railroads[railroad].locomotives;
    let free = slots.len() < usize::from(data.locomotive_slots);
    let Some(old) = replaces else {
        if !free {
            return Err(refuse(
                "name_replaced",
                format!(
                    "{}'s slots are full: name the lower locomotive #{number} replaces",
                    data.name
                ),
            ));
        }
        slots.push(number);
        return Ok(None);
    };
    if free {
        return Err(refuse(
            "slot_free",
            format!("{} has a free slot: no locomotive is replaced", data.name),
        ));
    }
    let at = slots
        .iter()
        .position(|&n| n == old)
        .filter(|_| old < number)
        .ok_or_else(|| {
            refuse(
                "no_lower_locomotive",
                format!(
                    "{} has no locomotive #{old} lower than #{number}",
                    data.name
                ),
            )
        })?;
    slots[at] = number;
    Ok(Some(old))
}

/// Puts factory `number` into the left-most empty gap of industry track `track`; with every
/// gap of both tracks filled, in place of the factory in gap `replace` (a steelworks may be
/// replaced at any time). Returns the gap and the factory replaced.
pub fn place_factory(
    c: &Components,
    player: &mut Player,
    number: u8,
    track: usize,
    replace: Option<usize>,
) -> Result<(usize, Option<u8>), Violation> {
    if track >= c.industry_tracks.len() {
        return Err(refuse(
            "no_such_track",
            format!("there is no industry track {track}"),
        ));
    }
    // A factory is replaced only when no gap is left on either track (a steelworks at any time).
    let gap_left = player
        .industry
        .iter()
        .any(|t| t.factories.iter().any(Option::is_none));
    let gaps = &mut player.industry[track].factories;
    match replace {
        None => {
            let gap = gaps.iter().position(Option::is_none).ok_or_else(|| {
                refuse(
                    "gaps_full",
                    "every gap holds a factory: name the one to replace".to_string(),
                )
            })?;
            gaps[gap] = Some(number);
            Ok((gap, None))
        }
        Some(gap) => {
            let old =
                gaps.get(gap).copied().flatten().ok_or_else(|| {
                    refuse("no_factory_there", format!("gap {gap} holds no factory"))
                })?;
            if old != STEELWORKS && gap_left {
                return Err(refuse(
                    "gaps_left",
                    "a factory is replaced only once every gap of both industry tracks is filled (a steelworks at any time)"
                        .to_string(),
                ));
            }
            gaps[gap] = Some(number);
            Ok((gap, Some(old)))
        }
    }
}
