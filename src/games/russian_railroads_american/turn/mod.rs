//! A turn (docs/rules/russian-railroads-american.md#turn): optional indirect
//! actions from the pool, exactly one direct action or a pass, then `end_turn`. Choices that
//! arise (a dividend token, a "?" token, a boulder, a replaced locomotive, a steelworks) are made
//! before anything else (`decisions`). After the turn (`after_turn`): a general payout if a
//! steelworks was taken, then the next player who has not passed, and when all have passed the
//! round's end (round.rs). What a space costs is `costs`; engineers and coin spaces `spaces`.

mod after_turn;
mod costs;
mod decisions;
mod spaces;

pub use after_turn::after_turn;
pub use costs::{cost, workers_left};

use crate::core::Violation;
use crate::games::russian_railroads_american::action::Action;
use crate::games::russian_railroads_american::data::{SpaceEffect, StartingBonus};
use crate::games::russian_railroads_american::effects;
use crate::games::russian_railroads_american::event::Event;
use crate::games::russian_railroads_american::rules::{refuse, section};
use crate::games::russian_railroads_american::state::{Phase, Placement, Seat, State};
use decisions::decide;
use spaces::use_coin_space;
use spaces::use_engineer;

/// `action`, whose seat the core has judged to be the one to act (src/core/contract.rs).
#[expect(
    clippy::too_many_lines,
    reason = "one arm per action, each a few lines handing it to its step."
)]
pub fn apply(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
    let seat = action.player();
    let mut events = Vec::new();
    if let Some(&decision) = state.turn.decisions.first() {
        decide(state, seat, decision, action, &mut events)?;
        return Ok(events);
    }
    match action {
        Action::ChooseStartingBonus { bonus, .. } => {
            starting_bonus(state, seat, *bonus, &mut events)?
        }
        Action::Place {
            space,
            coins_as_workers,
            resolution,
            ..
        } => {
            let (index, workers, coins) = cost(state, seat, space, *coins_as_workers)?;
            state.players[seat.index()].coins -= coins;
            let effect = state.components.action_spaces[index].effect.clone();
            effects::resolve_direct(state, seat, &effect, resolution, &mut events)?;
            // Recorded after the resolution, which reads this round's other claims.
            let reuse = matches!(state.phase, Phase::WorkerReuse { .. });
            state.placements.push(Placement {
                space: index as u8,
                seat,
                workers: if reuse { 1 } else { workers },
                coins,
            });
            events.insert(
                0,
                Event::WorkersPlaced {
                    seat,
                    space: space.clone(),
                    workers: if reuse { 1 } else { workers },
                    coins,
                },
            );
            state.turn.acted = true;
        }
        Action::Pass { .. } => {
            if !matches!(state.phase, Phase::Placement { .. }) || state.turn.acted {
                return Err(refuse(
                    "not_now",
                    section::TURN,
                    "a player passes instead of a direct action, in worker placement",
                ));
            }
            pass(state, seat, &mut events);
            after_turn(state, seat, &mut events);
        }
        Action::EndTurn { .. } => {
            let may_end = match state.phase {
                Phase::Payout { .. } | Phase::WorkerReuse { .. } => true,
                _ => state.turn.acted,
            };
            if !may_end {
                return Err(refuse(
                    "direct_action_missing",
                    section::TURN,
                    "the turn needs its direct action (or a pass) first",
                ));
            }
            after_turn(state, seat, &mut events);
        }
        Action::UseEngineer { engineer, .. } => use_engineer(state, seat, *engineer, &mut events)?,
        Action::UseCoinSpace {
            railroad, space, ..
        } => use_coin_space(state, seat, *railroad, *space, &mut events)?,
        Action::MoveTrack {
            item,
            railroad,
            colour,
            ..
        } => {
            let SpaceEffect::TrackMoves { colours, .. } = pool_item(state, *item)? else {
                return Err(wrong_item(*item, "track moves"));
            };
            if !colours.is_empty() && !colours.contains(colour) {
                return Err(refuse(
                    "wrong_colour",
                    section::TURN,
                    format!("pool item {item} moves {colours:?} tracks, not {colour:?}"),
                ));
            }
            effects::move_track(state, seat, *railroad, *colour, &mut events)?;
            use_one(state, *item);
        }
        Action::MoveIndustry {
            item,
            track,
            factories,
            ..
        } => {
            let SpaceEffect::Industry { .. } = pool_item(state, *item)? else {
                return Err(wrong_item(*item, "industry moves"));
            };
            let mut uses = effects::FactoryUses::new(factories);
            effects::move_industry(state, seat, *track, &mut uses, &mut events)?;
            uses.all_used()?;
            use_one(state, *item);
        }
        Action::PlaceDoubler { item, railroad, .. } => {
            let SpaceEffect::Doubler {} = pool_item(state, *item)? else {
                return Err(wrong_item(*item, "a doubler"));
            };
            effects::place_doubler(state, seat, *railroad, &mut events)?;
            state.turn.pool.remove(usize::from(*item));
        }
        Action::TakeTile { item, tile, .. } => {
            let SpaceEffect::LocomotiveOrFactory { .. } = pool_item(state, *item)? else {
                return Err(wrong_item(*item, "a locomotive or factory"));
            };
            state.turn.pool.remove(usize::from(*item));
            effects::take_tile(state, seat, tile, &mut events)?;
        }
        Action::ChooseDividendToken { .. }
        | Action::ChooseQuestionToken { .. }
        | Action::Detonate { .. }
        | Action::PlaceLocomotive { .. }
        | Action::ReturnLocomotive { .. }
        | Action::PlaceSteelworks { .. }
        | Action::DiscardSteelworks { .. } => {
            return Err(refuse("no_decision", section::TURN, "no choice is waiting"));
        }
    }
    Ok(events)
}

fn pool_item(state: &State, item: u8) -> Result<&SpaceEffect, Violation> {
    state.turn.pool.get(usize::from(item)).ok_or_else(|| {
        refuse(
            "no_pool_item",
            section::TURN,
            format!(
                "the pool holds {} items; there is no item {item}",
                state.turn.pool.len()
            ),
        )
    })
}

fn wrong_item(item: u8, what: &str) -> Violation {
    refuse(
        "wrong_pool_item",
        section::TURN,
        format!("pool item {item} is not {what}"),
    )
}

/// One move of a pool item is used; the item goes when its last move is.
fn use_one(state: &mut State, item: u8) {
    let i = usize::from(item);
    match &mut state.turn.pool[i] {
        SpaceEffect::TrackMoves { moves, .. } | SpaceEffect::Industry { moves, .. }
            if *moves > 1 =>
        {
            *moves -= 1
        }
        _ => {
            state.turn.pool.remove(i);
        }
    }
}

fn starting_bonus(
    state: &mut State,
    seat: Seat,
    bonus: StartingBonus,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    if !matches!(state.phase, Phase::StartingBonuses { .. }) || state.turn.acted {
        return Err(refuse(
            "not_now",
            section::TURN,
            "starting bonuses are taken before round 1, one each",
        ));
    }
    let at = state
        .starting_bonuses
        .iter()
        .position(|&b| b == bonus)
        .ok_or_else(|| {
            refuse(
                "bonus_taken",
                section::TURN,
                format!("no {bonus:?} starting bonus is left"),
            )
        })?;
    state.starting_bonuses.remove(at);
    events.push(Event::StartingBonusTaken { seat, bonus });
    let effect = state
        .components
        .starting_bonuses
        .iter()
        .find(|b| b.bonus == bonus)
        .map(|b| b.effect.clone())
        .ok_or_else(|| {
            refuse(
                "bonus_taken",
                section::TURN,
                format!("no {bonus:?} starting bonus is printed"),
            )
        })?;
    effects::add_to_pool(state, seat, &effect, events);
    state.turn.acted = true;
    Ok(())
}

fn pass(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    let position = state.turn_position(seat);
    let points = state
        .components
        .pass_points
        .get(position)
        .copied()
        .unwrap_or(0);
    let p = &mut state.players[seat.index()];
    p.passed = true;
    p.points = p.points.saturating_add(points);
    events.push(Event::Passed { seat, points });
}
