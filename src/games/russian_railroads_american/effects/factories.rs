//! Factories (docs/rules/russian-railroads-american.md#industry, #turn): placing one, and using
//! the factories a player owns, each once a turn.

use super::board::move_track_naming;
use super::{
    add_to_pool, doubler_place, move_industry, place_doubler, score, stock_advance, take_coins,
};
use crate::core::Violation;
use crate::games::russian_railroads_american::action::FactoryUse;
use crate::games::russian_railroads_american::data::{Colour, FactoryAction, SpaceEffect};
use crate::games::russian_railroads_american::event::Event;
use crate::games::russian_railroads_american::industry;
use crate::games::russian_railroads_american::locomotives::{self, STEELWORKS};
use crate::games::russian_railroads_american::rules::{refuse, section};
use crate::games::russian_railroads_american::state::{Seat, State};

/// The uses named for the factories an action reaches on the top track, taken in the order
/// the factories are reached.
pub struct FactoryUses<'a> {
    list: &'a [FactoryUse],
    next: usize,
}

impl<'a> FactoryUses<'a> {
    pub fn new(list: &'a [FactoryUse]) -> Self {
        FactoryUses { list, next: 0 }
    }

    fn take(&mut self) -> Option<&'a FactoryUse> {
        let used = self.list.get(self.next)?;
        self.next += 1;
        Some(used)
    }

    /// Refused when a use was named for a factory the action never reached.
    pub fn all_used(&self) -> Result<(), Violation> {
        if self.next < self.list.len() {
            return Err(refuse(
                "no_factory_reached",
                section::INDUSTRY,
                format!(
                    "{} factory uses are named; the action reached {} factories of the top \
                     track that ask for one",
                    self.list.len(),
                    self.next
                ),
            ));
        }
        Ok(())
    }
}

/// What factory `number` does (a steelworks: the components' `steelworks_factory`).
pub fn factory_action(state: &State, number: u8) -> Option<FactoryAction> {
    if number == STEELWORKS {
        return Some(state.components.steelworks_factory);
    }
    state
        .components
        .locomotives
        .iter()
        .find(|l| l.number == number)
        .map(|l| l.factory)
}

/// Whether using a factory's function takes a choice of the player's (which track, marker or
/// railroad); coins, points and a stocks advancement take none.
pub fn asks_a_choice(action: &FactoryAction) -> bool {
    match *action {
        FactoryAction::TrackMoves { moves, .. } | FactoryAction::Industry { moves } => moves > 0,
        FactoryAction::Doubler {} => true,
        FactoryAction::Coins { .. }
        | FactoryAction::Points { .. }
        | FactoryAction::StockAdvance {} => false,
    }
}

/// A factory reached by an industry marker on track `track`. On the top track its function is
/// used at once, as the next of `uses` says; on the bottom track its moves, industry moves and
/// doubler go into the action pool. Coins, points and a stocks advancement are taken at once
/// on either.
pub(super) fn fire_factory(
    state: &mut State,
    seat: Seat,
    track: u8,
    number: u8,
    uses: &mut FactoryUses,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    events.push(Event::FactoryFired {
        seat,
        track,
        number,
    });
    let Some(action) = factory_action(state, number) else {
        return Ok(());
    };
    if industry::fires_at_once(&state.components, usize::from(track)) && asks_a_choice(&action) {
        let Some(used) = uses.take() else {
            return Err(refuse(
                "factory_use_missing",
                section::INDUSTRY,
                format!(
                    "factory #{number}, reached in a gap of the top industry track, is used at \
                     once: name its use in `factories`"
                ),
            ));
        };
        return use_factory(state, seat, number, action, used, uses, events);
    }
    match action {
        FactoryAction::TrackMoves { colour, moves } => {
            let effect = SpaceEffect::TrackMoves {
                colours: colour.into_iter().collect(),
                moves,
            };
            add_to_pool(state, seat, &effect, events);
        }
        FactoryAction::Coins { coins } => take_coins(state, seat, coins, events),
        FactoryAction::Points { points } => score(state, seat, points, "factory", events),
        FactoryAction::Industry { moves } => add_to_pool(
            state,
            seat,
            &SpaceEffect::Industry {
                moves,
                black_moves: 0,
            },
            events,
        ),
        FactoryAction::Doubler {} => state.turn.pool.push(SpaceEffect::Doubler {}),
        FactoryAction::StockAdvance {} => stock_advance(state, seat, events),
    }
    Ok(())
}

/// A top-track factory's function used at once, as `used` says: exactly what the function
/// gives, fewer moves only when no further one is possible.
fn use_factory(
    state: &mut State,
    seat: Seat,
    number: u8,
    action: FactoryAction,
    used: &FactoryUse,
    uses: &mut FactoryUses,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    // Long: one arm per factory function, each checking the use names what it gives.
    let wrong = |gives: String| {
        refuse(
            "wrong_factory_use",
            section::INDUSTRY,
            format!("factory #{number} gives {gives}; its use names that and nothing else"),
        )
    };
    let unused = || {
        refuse(
            "factory_unused",
            section::INDUSTRY,
            format!(
                "factory #{number}'s function must be used in full while it can be (\"you must \
                 use its function immediately\")"
            ),
        )
    };
    match action {
        FactoryAction::TrackMoves { colour, moves } => {
            if !used.industry.is_empty()
                || used.doubler.is_some()
                || used.moves.len() > usize::from(moves)
            {
                return Err(wrong(format!("{moves} track moves")));
            }
            let colours: Vec<Colour> = colour.into_iter().collect();
            let mut named = used.detonate;
            for m in &used.moves {
                if !colours.is_empty() && !colours.contains(&m.colour) {
                    return Err(refuse(
                        "wrong_colour",
                        section::INDUSTRY,
                        format!(
                            "factory #{number} moves {colours:?} tracks, not {:?}",
                            m.colour
                        ),
                    ));
                }
                move_track_naming(state, seat, m.railroad, m.colour, &mut named, events)?;
            }
            if named.is_some() {
                return Err(no_detonation());
            }
            let p = &state.players[seat.index()];
            if used.moves.len() < usize::from(moves)
                && crate::games::russian_railroads_american::tracks::any_move(
                    &state.components,
                    p,
                    &colours,
                )
            {
                return Err(unused());
            }
        }
        FactoryAction::Industry { moves } => {
            if !used.moves.is_empty()
                || used.doubler.is_some()
                || used.detonate.is_some()
                || used.industry.len() > usize::from(moves)
            {
                return Err(wrong(format!("{moves} industry moves")));
            }
            for &track in &used.industry {
                move_industry(state, seat, track, uses, events)?;
            }
            let p = &state.players[seat.index()];
            if used.industry.len() < usize::from(moves) && industry::any_move(&state.components, p)
            {
                return Err(unused());
            }
        }
        FactoryAction::Doubler {} => {
            if !used.moves.is_empty() || !used.industry.is_empty() || used.detonate.is_some() {
                return Err(wrong("a doubler".to_string()));
            }
            match used.doubler {
                Some(railroad) => place_doubler(state, seat, railroad, events)?,
                None => {
                    let railroads = state.components.railroads.len() as u8;
                    if (0..railroads).any(|r| doubler_place(state, seat, r).is_ok()) {
                        return Err(unused());
                    }
                }
            }
        }
        // Nothing to choose: never given a use (see `asks_a_choice`).
        FactoryAction::Coins { .. }
        | FactoryAction::Points { .. }
        | FactoryAction::StockAdvance {} => {}
    }
    Ok(())
}

pub(super) fn no_detonation() -> Violation {
    refuse(
        "no_detonation",
        section::TURN,
        "no detonation of these moves asks which boulder leaves",
    )
}

pub fn place_factory(
    state: &mut State,
    seat: Seat,
    number: u8,
    track: u8,
    replace: Option<u8>,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let (gap, replaced) = locomotives::place_factory(
        &state.components,
        &mut state.players[seat.index()],
        number,
        usize::from(track),
        replace.map(usize::from),
    )?;
    // A replaced factory returns to the supply; a replaced steelworks to the box.
    if let Some(old) = replaced.filter(|&n| n != STEELWORKS) {
        state.returned_factories.push(old);
    }
    events.push(Event::FactoryBuilt {
        seat,
        number,
        track,
        gap: gap as u8,
        replaced,
    });
    Ok(())
}
