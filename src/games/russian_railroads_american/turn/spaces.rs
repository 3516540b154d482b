//! Using an engineer or a coin space (docs/rules/russian-railroads-american.md#engineers,
//! #turn).

use crate::core::Violation;
use crate::games::russian_railroads_american::effects;
use crate::games::russian_railroads_american::event::Event;
use crate::games::russian_railroads_american::rules::{refuse, section};
use crate::games::russian_railroads_american::state::{Phase, Seat, State};

pub(super) fn use_engineer(
    state: &mut State,
    seat: Seat,
    engineer: u8,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    in_placement(state, "a hired engineer is used")?;
    let p = &state.players[seat.index()];
    if !p.engineers.contains(&engineer) {
        return Err(refuse(
            "not_hired",
            section::ENGINEERS,
            format!("the player has not hired engineer #{engineer}"),
        ));
    }
    if p.engineers_used.contains(&engineer) {
        return Err(refuse(
            "engineer_used",
            section::ENGINEERS,
            format!("engineer #{engineer} was used this round"),
        ));
    }
    let action = effects::engineer_action(state, engineer)?;
    state.players[seat.index()].engineers_used.push(engineer);
    events.push(Event::EngineerUsed { seat, engineer });
    effects::add_to_pool(state, seat, &action, events);
    Ok(())
}

pub(super) fn use_coin_space(
    state: &mut State,
    seat: Seat,
    railroad: u8,
    space: u8,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    in_placement(state, "a coin space is used")?;
    let found = state
        .components
        .railroads
        .get(usize::from(railroad))
        .and_then(|r| {
            r.specials
                .iter()
                .enumerate()
                .find_map(|(i, s)| match s.special {
                    crate::games::russian_railroads_american::data::Special::CoinSpace {
                        advantage,
                    } if s.space == space => Some((i, advantage)),
                    _ => None,
                })
        });
    let Some((index, advantage)) = found else {
        return Err(refuse(
            "no_coin_space",
            section::SPECIALS,
            format!("space {space} of railroad {railroad} is not a coin space"),
        ));
    };
    let p = &state.players[seat.index()];
    if !p.specials_met.contains(&(railroad, index as u8)) {
        return Err(refuse(
            "not_reached",
            section::SPECIALS,
            "the coin space's track has not reached it yet",
        ));
    }
    if p.coin_spaces_done.contains(&(railroad, space)) {
        return Err(refuse(
            "done",
            section::SPECIALS,
            "that coin space's advantage was taken already",
        ));
    }
    if p.coins == 0 {
        return Err(refuse(
            "no_coins",
            section::SPECIALS,
            "a coin space costs a coin",
        ));
    }
    let p = &mut state.players[seat.index()];
    p.coins -= 1;
    p.coin_spaces_done.push((railroad, space));
    events.push(Event::CoinSpaceUsed {
        seat,
        railroad,
        space,
    });
    effects::grant(state, seat, advantage, events);
    Ok(())
}

/// `what` ("a coin space is used") happens on the player's own turn in worker placement only.
fn in_placement(state: &State, what: &str) -> Result<(), Violation> {
    if matches!(state.phase, Phase::Placement { .. }) {
        return Ok(());
    }
    Err(refuse(
        "not_now",
        section::TURN,
        format!("{what} on the player's own turn in worker placement"),
    ))
}
