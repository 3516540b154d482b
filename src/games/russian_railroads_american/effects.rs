//! Resolving what the spaces, engineers, factories and advantages give, on the whole state:
//! track and industry moves, doublers, tiles, the stocks board and payouts, and the pool that
//! holds a turn's indirect actions.

use super::action::{Boulder, FactoryUse, Resolution, Tile};
use super::data::{Advantage, Colour, Components, FactoryAction, SpaceEffect};
use super::event::Event;
use super::industry;
use super::locomotives::{self, STEELWORKS};
use super::rules::{refuse, section};
use super::specials::{self, Met, Outcome};
use super::state::{Decision, Player, Seat, State};
use super::stock::{self, Advancement};
use crate::core::Violation;

fn player(state: &mut State, seat: Seat) -> &mut Player {
    &mut state.players[seat.index()]
}

/// Does what meeting special spaces asks beyond the player's board, with its events.
pub fn apply_met(state: &mut State, seat: Seat, mets: Vec<Met>, events: &mut Vec<Event>) {
    for met in mets {
        events.push(Event::SpecialSpaceMet {
            seat,
            railroad: met.railroad,
            space: met.space,
        });
        if met.points > 0 {
            events.push(Event::PointsScored {
                seat,
                points: met.points,
                reason: "detonation".to_string(),
            });
        }
        match met.outcome {
            Outcome::Unlocked(colour) => events.push(Event::ColorUnlocked { seat, colour }),
            Outcome::Worker => events.push(Event::WorkerGained {
                seat,
                temporary: false,
                workers: 1,
            }),
            Outcome::Detonated {
                railroad,
                industry_track,
            } => events.push(Event::BoulderDetonated {
                seat,
                railroad,
                industry_track,
            }),
            Outcome::DetonationChoice => detonation_choice(state, seat, events),
            Outcome::StockAdvance => stock_advance(state, seat, events),
            Outcome::Question => {
                // Two "?" spaces met at once share the tokens left.
                let pending = pending(state, Decision::QuestionToken {});
                let p = &state.players[seat.index()];
                if p.question_tokens.len() + pending < state.components.question_tokens.len() {
                    state.turn.decisions.push(Decision::QuestionToken {});
                }
            }
            Outcome::Nothing => {}
        }
    }
}

fn pending(state: &State, decision: Decision) -> usize {
    state
        .turn
        .decisions
        .iter()
        .filter(|d| **d == decision)
        .count()
}

/// A detonation that asks which boulder leaves: the choice waits for the turn, or every boulder
/// goes (specials.rs, `settle_choice`).
fn detonation_choice(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    let waiting = pending(state, Decision::Detonation {});
    let Some(removed) =
        specials::settle_choice(&state.components, &mut state.players[seat.index()], waiting)
    else {
        state.turn.decisions.push(Decision::Detonation {});
        return;
    };
    state
        .turn
        .decisions
        .retain(|d| *d != Decision::Detonation {});
    for (railroad, industry_track) in removed {
        events.push(Event::BoulderDetonated {
            seat,
            railroad,
            industry_track,
        });
    }
}

/// One stocks advancement: a new level's dividend token to choose, a reached level's
/// advantage, or at the top a personal payout.
pub fn stock_advance(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    match stock::advance(state, seat) {
        Advancement::Level { level, first } => {
            events.push(Event::StockAdvanced { seat, level, first });
            let token = state.stock_levels[usize::from(level) - 1].token;
            match token {
                None if !state.dividend_tokens.is_empty() => {
                    state.turn.decisions.push(Decision::DividendToken {
                        level,
                        then_payout: false,
                    })
                }
                None => {}
                Some(token) => {
                    let advantage = state.components.dividend_tokens[usize::from(token)];
                    grant(state, seat, advantage, events);
                }
            }
        }
        Advancement::PersonalPayout => payout(state, seat, false, events),
    }
}

/// A payout: the advantages of the player's level and every level below.
pub fn payout(state: &mut State, seat: Seat, general: bool, events: &mut Vec<Event>) {
    let level = usize::from(state.players[seat.index()].stock_level);
    let tokens: Vec<u8> = state.stock_levels[..level.min(state.stock_levels.len())]
        .iter()
        .filter_map(|l| l.token)
        .collect();
    events.push(Event::Payout {
        seat,
        general,
        tokens: tokens.clone(),
    });
    for token in tokens {
        let advantage = state.components.dividend_tokens[usize::from(token)];
        grant(state, seat, advantage, events);
    }
}

/// An advantage: moves join the pool (to take or decline); a coin and points are taken at
/// once (declining them never helps); a stocks advancement happens at once.
pub fn grant(state: &mut State, seat: Seat, advantage: Advantage, events: &mut Vec<Event>) {
    let track = |colour: Option<Colour>| SpaceEffect::TrackMoves {
        colours: colour.into_iter().collect(),
        moves: 1,
    };
    match advantage {
        Advantage::BlackMove {} => state.turn.pool.push(track(Some(Colour::Black))),
        Advantage::BrownAndNatural {} => {
            state.turn.pool.push(track(Some(Colour::Brown)));
            state.turn.pool.push(track(Some(Colour::Natural)));
        }
        Advantage::AnyMove {} => state.turn.pool.push(track(None)),
        Advantage::Industry {} => state.turn.pool.push(SpaceEffect::Industry {
            moves: 1,
            black_moves: 0,
        }),
        Advantage::Coin {} => take_coins(state, seat, 1, events),
        Advantage::Points { points } => score(state, seat, points, "advantage", events),
        Advantage::StockAdvance {} => stock_advance(state, seat, events),
    }
}

pub fn take_coins(state: &mut State, seat: Seat, coins: u8, events: &mut Vec<Event>) {
    let p = player(state, seat);
    p.coins = p.coins.saturating_add(coins);
    events.push(Event::CoinsTaken { seat, coins });
}

pub fn score(state: &mut State, seat: Seat, points: u32, reason: &str, events: &mut Vec<Event>) {
    let p = player(state, seat);
    p.points = p.points.saturating_add(points);
    events.push(Event::PointsScored {
        seat,
        points,
        reason: reason.to_string(),
    });
}

/// An indirect action joins the pool; coins and workers are taken at once, and an industry
/// action with black moves becomes two pool items.
pub fn add_to_pool(state: &mut State, seat: Seat, effect: &SpaceEffect, events: &mut Vec<Event>) {
    match *effect {
        SpaceEffect::Coins { coins } => take_coins(state, seat, coins, events),
        SpaceEffect::TemporaryWorkers { workers } => {
            temporary_workers(state, seat, workers, events)
        }
        SpaceEffect::Industry { moves, black_moves } => {
            if moves > 0 {
                state.turn.pool.push(SpaceEffect::Industry {
                    moves,
                    black_moves: 0,
                });
            }
            if black_moves > 0 {
                state.turn.pool.push(SpaceEffect::TrackMoves {
                    colours: vec![Colour::Black],
                    moves: black_moves,
                });
            }
        }
        SpaceEffect::TrackMoves { moves: 0, .. } => {}
        _ => state.turn.pool.push(effect.clone()),
    }
}

fn temporary_workers(state: &mut State, seat: Seat, workers: u8, events: &mut Vec<Event>) {
    let p = player(state, seat);
    p.temporary_workers = p.temporary_workers.saturating_add(workers);
    events.push(Event::WorkerGained {
        seat,
        temporary: true,
        workers,
    });
}

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
fn fire_factory(
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
                && super::tracks::any_move(&state.components, p, &colours)
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

fn no_detonation() -> Violation {
    refuse(
        "no_detonation",
        section::TURN,
        "no detonation of these moves asks which boulder leaves",
    )
}

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
fn move_track_naming(
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

fn incomplete(what: &str) -> Violation {
    Violation::new(
        "incomplete_resolution",
        section::TURN,
        format!("a direct action is resolved completely: {what}"),
    )
}

/// Resolves a direct action's effect completely as `res` says, or refuses it.
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
            // Either order (research §5 gives none): the industry moves first unless asked.
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
