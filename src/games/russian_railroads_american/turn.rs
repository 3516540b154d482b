//! A turn (research §3): optional indirect actions from the pool, exactly one direct action
//! or a pass, then `end_turn`. Choices that arise (a dividend token, a "?" token, a boulder, a
//! replaced locomotive, a steelworks) are made before anything else. After the turn: a general
//! payout if a steelworks was taken, then the next player who has not passed, and when all
//! have passed the round's end (round.rs).

use super::action::Action;
use super::data::{SpaceEffect, StartingBonus};
use super::effects;
use super::event::Event;
use super::locomotives::all_slots_full;
use super::round;
use super::rules::{refuse, section};
use super::specials;
use super::state::{Decision, Phase, Placement, Seat, State, Turn};
use super::stock;
use crate::core::Violation;

/// `action`, whose seat the core has judged to be the one to act (src/core/contract.rs).
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

/// Workers the player still has this round.
pub fn workers_left(state: &State, seat: Seat) -> u8 {
    let p = &state.players[seat.index()];
    let placed = state
        .placements
        .iter()
        .filter(|pl| pl.seat == seat)
        .fold(0u8, |sum, pl| sum.saturating_add(pl.workers));
    p.workers
        .saturating_add(p.temporary_workers)
        .saturating_sub(placed)
}

/// What placing on a space costs now: its index, the workers and the coins; refused when the
/// space is not open to the player's workers.
pub fn cost(
    state: &State,
    seat: Seat,
    space: &str,
    coins_as_workers: u8,
) -> Result<(usize, u8, u8), Violation> {
    let reuse = matches!(state.phase, Phase::WorkerReuse { .. });
    if !(matches!(state.phase, Phase::Placement { .. }) || reuse) || state.turn.acted {
        return Err(refuse(
            "not_now",
            section::TURN,
            "one direct action a turn, in worker placement",
        ));
    }
    let players = state.players.len() as u8;
    let index = state
        .components
        .action_spaces
        .iter()
        .position(|s| s.id == space && s.min_players <= players)
        .ok_or_else(|| {
            refuse(
                "no_such_space",
                section::TURN,
                format!("no action space {space:?} is in play"),
            )
        })?;
    let data = &state.components.action_spaces[index];
    if !data.unlimited
        && state
            .placements
            .iter()
            .any(|p| usize::from(p.space) == index)
    {
        return Err(refuse(
            "space_taken",
            section::TURN,
            format!("{space} is taken this round"),
        ));
    }
    let (workers, coins) = if reuse {
        if data.workers != 1 || data.coins != 0 || coins_as_workers != 0 {
            return Err(refuse(
                "not_one_worker_space",
                section::ROUND,
                "the turn-order worker goes onto an empty one-worker space",
            ));
        }
        if matches!(data.effect, SpaceEffect::TemporaryWorkers { .. }) {
            // Temporary workers last the round, which is over.
            return Err(refuse(
                "nothing_to_gain",
                section::ROUND,
                "temporary workers taken after the round would never be placed",
            ));
        }
        (0, 0)
    } else {
        if coins_as_workers > data.workers || (coins_as_workers > 0 && data.coins > 0) {
            return Err(refuse(
                "coins_as_workers",
                section::TURN,
                format!(
                    "{space} takes {} workers; coins stand in for workers only where no coin is paid",
                    data.workers
                ),
            ));
        }
        (
            data.workers - coins_as_workers,
            data.coins + coins_as_workers,
        )
    };
    let left = workers_left(state, seat);
    if left < workers {
        return Err(refuse(
            "no_workers",
            section::TURN,
            format!("{space} takes {workers} workers; the player has {left}"),
        ));
    }
    let have = state.players[seat.index()].coins;
    if have < coins {
        return Err(refuse(
            "no_coins",
            section::TURN,
            format!("{space} takes {coins} coins; the player has {have}"),
        ));
    }
    Ok((index, workers, coins))
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

fn use_engineer(
    state: &mut State,
    seat: Seat,
    engineer: u8,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    if !matches!(state.phase, Phase::Placement { .. }) {
        return Err(refuse(
            "not_now",
            section::TURN,
            "a hired engineer is used on the player's own turn in worker placement",
        ));
    }
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

fn use_coin_space(
    state: &mut State,
    seat: Seat,
    railroad: u8,
    space: u8,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    if !matches!(state.phase, Phase::Placement { .. }) {
        return Err(refuse(
            "not_now",
            section::TURN,
            "a coin space is used on the player's own turn in worker placement",
        ));
    }
    let found = state
        .components
        .railroads
        .get(usize::from(railroad))
        .and_then(|r| {
            r.specials
                .iter()
                .enumerate()
                .find_map(|(i, s)| match s.special {
                    super::data::Special::CoinSpace { advantage } if s.space == space => {
                        Some((i, advantage))
                    }
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

/// The answer to the oldest waiting choice.
fn decide(
    state: &mut State,
    seat: Seat,
    decision: Decision,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), Violation> {
    let waiting = || {
        refuse(
            "decision_pending",
            section::TURN,
            format!("a choice is waiting first: {decision:?}"),
        )
    };
    match (decision, action) {
        (
            Decision::DividendToken { level, then_payout },
            Action::ChooseDividendToken { token, .. },
        ) => {
            let at = state
                .dividend_tokens
                .iter()
                .position(|t| t == token)
                .ok_or_else(|| {
                    refuse(
                        "token_taken",
                        section::STOCK_MARKET,
                        format!("dividend token {token} is not by the stocks board"),
                    )
                })?;
            state.turn.decisions.remove(0);
            state.dividend_tokens.remove(at);
            let l = &mut state.stock_levels[usize::from(level) - 1];
            l.token = Some(*token);
            l.chosen_by = Some(seat);
            events.push(Event::DividendTokenTaken {
                seat,
                level,
                token: *token,
            });
            let advantage = state.components.dividend_tokens[usize::from(*token)];
            effects::grant(state, seat, advantage, events);
            if then_payout {
                effects::payout(state, seat, false, events);
            }
        }
        (Decision::QuestionToken {}, Action::ChooseQuestionToken { token, .. }) => {
            let p = &state.players[seat.index()];
            if usize::from(*token) >= state.components.question_tokens.len()
                || p.question_tokens.contains(token)
            {
                return Err(refuse(
                    "token_spent",
                    section::SPECIALS,
                    format!("\"?\" token {token} is not among the player's tokens left"),
                ));
            }
            state.turn.decisions.remove(0);
            question_token(state, seat, *token, events);
        }
        (
            Decision::Detonation {},
            Action::Detonate {
                railroad,
                industry_track,
                ..
            },
        ) => {
            let p = &state.players[seat.index()];
            if !specials::boulders(&state.components, p).contains(&(*railroad, *industry_track)) {
                return Err(refuse(
                    "no_boulder",
                    section::SPECIALS,
                    "no boulder is there",
                ));
            }
            state.turn.decisions.remove(0);
            specials::remove_boulder(&mut state.players[seat.index()], *railroad, *industry_track);
            events.push(Event::BoulderDetonated {
                seat,
                railroad: *railroad,
                industry_track: *industry_track,
            });
        }
        (
            Decision::DisplacedLocomotive { number },
            Action::PlaceLocomotive {
                railroad, replaces, ..
            },
        ) => {
            state.turn.decisions.remove(0);
            effects::place_locomotive(state, seat, number, *railroad, *replaces, events)?;
        }
        (Decision::DisplacedLocomotive { number }, Action::ReturnLocomotive { .. }) => {
            if !all_slots_full(&state.components, &state.players[seat.index()]) {
                return Err(refuse(
                    "slot_free",
                    section::LOCOMOTIVES,
                    "a replaced locomotive returns to the supply only when every slot is full",
                ));
            }
            state.turn.decisions.remove(0);
            state.returned_factories.push(number);
            events.push(Event::LocomotiveReturned { seat, number });
        }
        (Decision::Steelworks { .. }, Action::PlaceSteelworks { track, replace, .. }) => {
            state.turn.decisions.remove(0);
            effects::place_factory(
                state,
                seat,
                super::locomotives::STEELWORKS,
                *track,
                *replace,
                events,
            )?;
        }
        (Decision::Steelworks { steelworks }, Action::DiscardSteelworks { .. }) => {
            state.turn.decisions.remove(0);
            events.push(Event::SteelworksDiscarded { seat, steelworks });
        }
        _ => return Err(waiting()),
    }
    Ok(())
}

/// A "?" token spent: its effect.
fn question_token(state: &mut State, seat: Seat, token: u8, events: &mut Vec<Event>) {
    use super::data::QuestionToken;
    state.players[seat.index()].question_tokens.push(token);
    events.push(Event::QuestionTokenSpent { seat, token });
    match state.components.question_tokens[usize::from(token)] {
        QuestionToken::EndBonusCard {} => {
            if !state.end_bonus_deck.is_empty() {
                let card = state.end_bonus_deck.remove(0);
                state.players[seat.index()].end_bonus.push(card);
                events.push(Event::EndBonusCardDrawn { seat });
            }
        }
        QuestionToken::Stock {} => {
            // One level up with its advantage (at the top that is a payout), then a payout. A
            // new level's token is chosen first: the payout waits for it, to include it.
            let waiting = state.turn.decisions.len();
            effects::stock_advance(state, seat, events);
            match state.turn.decisions.get_mut(waiting) {
                Some(Decision::DividendToken { then_payout, .. }) => *then_payout = true,
                _ => effects::payout(state, seat, false, events),
            }
        }
        // Scored from now on (scoring.rs reads the spent tokens).
        QuestionToken::PointsEachScoring { .. }
        | QuestionToken::Revaluation {}
        | QuestionToken::GoldenSpike {} => {}
    }
}

/// The turn is over: a general payout if a steelworks was taken, then the next seat.
pub fn after_turn(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    let takers = std::mem::take(&mut state.turn).general_payouts;
    match state.phase.clone() {
        Phase::StartingBonuses { mut next, .. } => {
            state.phase = if next.is_empty() {
                Phase::Placement {
                    to_act: state.turn_order[0],
                }
            } else {
                Phase::StartingBonuses {
                    to_act: next.remove(0),
                    next,
                }
            };
        }
        Phase::Placement { .. } => {
            if !start_payouts(state, &takers, Some(seat), Vec::new(), events) {
                next_placement(state, seat, events);
            }
        }
        Phase::WorkerReuse { next, .. } => {
            if !start_payouts(state, &takers, None, next.clone(), events) {
                round::next_reuse(state, next, events);
            }
        }
        Phase::Payout {
            mut next,
            resume,
            resume_reuse,
            ..
        } => {
            // A steelworks taken during a payout pays out after the current one.
            for taker in takers {
                next.extend(stock::general_payout_order(state, taker));
            }
            payout_or_resume(state, next, resume, resume_reuse, events);
        }
        Phase::GameEnded {} => {}
    }
}

/// Starts the general payouts of `takers`; false when there are none.
fn start_payouts(
    state: &mut State,
    takers: &[Seat],
    resume: Option<Seat>,
    resume_reuse: Vec<Seat>,
    events: &mut Vec<Event>,
) -> bool {
    if takers.is_empty() {
        return false;
    }
    let queue: Vec<Seat> = takers
        .iter()
        .flat_map(|&t| stock::general_payout_order(state, t))
        .collect();
    payout_or_resume(state, queue, resume, resume_reuse, events);
    true
}

/// The next seat of a general payout; one with nothing to take or choose is passed over.
/// When none is left, play resumes.
fn payout_or_resume(
    state: &mut State,
    mut queue: Vec<Seat>,
    resume: Option<Seat>,
    resume_reuse: Vec<Seat>,
    events: &mut Vec<Event>,
) {
    while !queue.is_empty() {
        let seat = queue.remove(0);
        state.turn = Turn::default();
        effects::payout(state, seat, true, events);
        if !state.turn.pool.is_empty()
            || !state.turn.decisions.is_empty()
            || !state.turn.general_payouts.is_empty()
        {
            state.phase = Phase::Payout {
                to_act: seat,
                next: queue,
                resume,
                resume_reuse,
            };
            return;
        }
    }
    state.turn = Turn::default();
    match resume {
        Some(after) => next_placement(state, after, events),
        None => round::next_reuse(state, resume_reuse, events),
    }
}

/// The next seat after `after` in turn order that has not passed; the round's end when all
/// have.
fn next_placement(state: &mut State, after: Seat, events: &mut Vec<Event>) {
    let order = state.turn_order.clone();
    let at = state.turn_position(after);
    for k in 1..=order.len() {
        let seat = order[(at + k) % order.len()];
        if !state.players[seat.index()].passed {
            state.phase = Phase::Placement { to_act: seat };
            return;
        }
    }
    round::end_of_round(state, events);
}
