//! Every action `apply` accepts now. Track and industry moves are listed by trying them on a
//! copy of the player's board (their legality depends on nothing else); tiles and the rest by
//! trying the whole action on a copy of the state.

use super::action::{Action, Boulder, FactoryUse, Resolution, Tile, TrackMove};
use super::data::{Colour, Components, FactoryAction, SpaceEffect, Special};
use super::effects::{
    asks_a_choice, doubler_place, engineer_action, factory_action, next_doubler_place,
    public_engineer,
};
use super::industry;
use super::locomotives::{self, all_slots_full};
use super::specials::{self, Outcome};
use super::state::{Decision, Phase, Player, Seat, State};
use super::turn::{self, cost};

pub fn legal_actions(state: &State) -> Vec<Action> {
    let Some(seat) = state.phase.to_act() else {
        return Vec::new();
    };
    if let Some(&decision) = state.turn.decisions.first() {
        return answers(state, seat, decision);
    }
    let mut out = Vec::new();
    let acted = state.turn.acted;
    match state.phase {
        Phase::StartingBonuses { .. } if !acted => {
            let mut bonuses = state.starting_bonuses.clone();
            bonuses.dedup();
            for bonus in bonuses {
                out.push(Action::ChooseStartingBonus {
                    player: seat,
                    bonus,
                });
            }
            return out;
        }
        Phase::Placement { .. } => {
            if !acted {
                places(state, seat, &mut out);
                out.push(Action::Pass { player: seat });
            }
            engineers_and_coin_spaces(state, seat, &mut out);
        }
        Phase::WorkerReuse { .. } if !acted => places(state, seat, &mut out),
        _ => {}
    }
    pool_actions(state, seat, &mut out);
    let may_end = acted
        || matches!(
            state.phase,
            Phase::Payout { .. } | Phase::WorkerReuse { .. }
        );
    if may_end {
        out.push(Action::EndTurn { player: seat });
    }
    out
}

/// Whether `action` is accepted: tried on a copy.
fn accepted(state: &State, action: &Action) -> bool {
    turn::apply(&mut state.clone(), action).is_ok()
}

fn places(state: &State, seat: Seat, out: &mut Vec<Action>) {
    let coins = state.players[seat.index()].coins;
    // Spaces with the same effect resolve the same ways (the payment changes none of them).
    let mut known: Vec<(&SpaceEffect, Vec<Resolution>)> = Vec::new();
    for data in &state.components.action_spaces {
        for k in 0..=data.workers.min(coins) {
            if cost(state, seat, &data.id, k).is_err() {
                continue;
            }
            let at = match known.iter().position(|(e, _)| **e == data.effect) {
                Some(at) => at,
                None => {
                    known.push((&data.effect, resolutions(state, seat, &data.effect)));
                    known.len() - 1
                }
            };
            for resolution in &known[at].1 {
                out.push(Action::Place {
                    player: seat,
                    space: data.id.clone(),
                    coins_as_workers: k,
                    resolution: resolution.clone(),
                });
            }
        }
    }
}

/// Every complete resolution of a direct action's effect.
fn resolutions(state: &State, seat: Seat, effect: &SpaceEffect) -> Vec<Resolution> {
    let player = &state.players[seat.index()];
    let c = &state.components;
    match effect {
        SpaceEffect::TrackMoves { colours, moves } => {
            move_sequences(state, player, colours, *moves)
                .into_iter()
                .map(|(moves, detonate, _, _)| Resolution {
                    moves,
                    detonate,
                    ..Resolution::default()
                })
                .collect()
        }
        SpaceEffect::Industry { moves, black_moves } => {
            let mut out = Vec::new();
            for way in industry_sequences(state, player, state.doublers, 0, *moves, true) {
                for (black, detonate, _, _) in sequences_from(
                    state,
                    &way.player,
                    &[Colour::Black],
                    *black_moves,
                    way.waiting,
                    true,
                    true,
                ) {
                    out.push(Resolution {
                        moves: black,
                        industry: way.tracks.clone(),
                        detonate,
                        factories: way.uses.clone(),
                        ..Resolution::default()
                    });
                }
            }
            // Either order: the black moves first too.
            if *moves > 0 && *black_moves > 0 {
                for (black, detonate, after, waiting) in
                    move_sequences(state, player, &[Colour::Black], *black_moves)
                {
                    for way in
                        industry_sequences(state, &after, state.doublers, waiting, *moves, true)
                    {
                        out.push(Resolution {
                            moves: black.clone(),
                            industry: way.tracks,
                            detonate,
                            moves_first: true,
                            factories: way.uses,
                            ..Resolution::default()
                        });
                    }
                }
            }
            out
        }
        SpaceEffect::Doubler {} => (0..c.railroads.len() as u8)
            .filter(|&r| doubler_place(state, seat, r).is_ok())
            .map(|r| Resolution {
                doubler: Some(r),
                ..Resolution::default()
            })
            .collect(),
        SpaceEffect::LocomotiveOrFactory { both } => {
            let single = tile_candidates(state, player);
            let lists: Vec<Vec<Tile>> = if *both {
                let mut pairs = Vec::new();
                for a in &single {
                    for b in &single {
                        if a.locomotive.is_some() != b.locomotive.is_some() {
                            pairs.push(vec![*a, *b]);
                        }
                    }
                }
                pairs
            } else {
                single.into_iter().map(|t| vec![t]).collect()
            };
            lists
                .into_iter()
                .map(|tiles| Resolution {
                    tiles,
                    ..Resolution::default()
                })
                .filter(|r| resolves(state, seat, effect, r))
                .collect()
        }
        SpaceEffect::PublicEngineer { place } => {
            match public_engineer(state, *place).map(|n| engineer_action(state, n)) {
                Some(Ok(action)) => resolutions(state, seat, &action),
                _ => Vec::new(),
            }
        }
        _ => {
            let r = Resolution::default();
            if resolves(state, seat, effect, &r) {
                vec![r]
            } else {
                Vec::new()
            }
        }
    }
}

fn resolves(state: &State, seat: Seat, effect: &SpaceEffect, r: &Resolution) -> bool {
    let mut copy = state.clone();
    super::effects::resolve_direct(&mut copy, seat, effect, r, &mut Vec::new()).is_ok()
}

/// A sequence of moves, the boulder it names for its first detonation choice, the board after
/// it and the detonation choices then waiting.
type Moves = (Vec<TrackMove>, Option<Boulder>, Player, usize);

/// Every sequence of `n` moves of the allowed colours (all when empty), each legal after the
/// ones before, naming or not the boulder of the first detonation that asks which.
pub fn move_sequences(state: &State, player: &Player, colours: &[Colour], n: u8) -> Vec<Moves> {
    sequences_from(state, player, colours, n, 0, true, true)
}

/// `waiting`: detonation choices asked and not named so far; `may_name`: none asked yet;
/// `exact`: `n` moves, or else up to `n`, ending only where no further move is possible (a
/// factory's function, used while it can be).
fn sequences_from(
    state: &State,
    player: &Player,
    colours: &[Colour],
    n: u8,
    waiting: usize,
    may_name: bool,
    exact: bool,
) -> Vec<Moves> {
    let singles = single_moves(state, player, colours);
    if n == 0 || (singles.is_empty() && !exact) {
        return vec![(Vec::new(), None, player.clone(), waiting)];
    }
    let c = &state.components;
    let mut out = Vec::new();
    for m in singles {
        let mut after = player.clone();
        let Ok((_, mets)) = specials::move_track(c, &mut after, usize::from(m.railroad), m.colour)
        else {
            continue;
        };
        let asks = mets
            .iter()
            .filter(|x| x.outcome == Outcome::DetonationChoice)
            .count();
        // Not named: each choice waits, as the turn keeps it.
        let (mut unnamed, mut still) = (after.clone(), waiting);
        for _ in 0..asks {
            wait_for_choice(c, &mut unnamed, &mut still);
        }
        for (mut rest, named, end, left) in sequences_from(
            state,
            &unnamed,
            colours,
            n - 1,
            still,
            may_name && asks == 0,
            exact,
        ) {
            rest.insert(0, m);
            out.push((rest, named, end, left));
        }
        if asks == 0 || !may_name {
            continue;
        }
        // Named: that boulder leaves at once.
        for (railroad, industry_track) in specials::boulders(c, &after) {
            let (mut named, mut still) = (after.clone(), waiting);
            specials::remove_boulder(&mut named, railroad, industry_track);
            for _ in 1..asks {
                wait_for_choice(c, &mut named, &mut still);
            }
            for (mut rest, _, end, left) in
                sequences_from(state, &named, colours, n - 1, still, false, exact)
            {
                rest.insert(0, m);
                let boulder = Boulder {
                    railroad,
                    industry_track,
                };
                out.push((rest, Some(boulder), end, left));
            }
        }
    }
    out
}

/// A detonation choice left to after the action, as the turn keeps it.
fn wait_for_choice(c: &Components, player: &mut Player, waiting: &mut usize) {
    *waiting = match specials::settle_choice(c, player, *waiting) {
        None => *waiting + 1,
        Some(_) => 0,
    };
}

/// The single moves legal now.
fn single_moves(state: &State, player: &Player, colours: &[Colour]) -> Vec<TrackMove> {
    let c = &state.components;
    let mut out = Vec::new();
    for railroad in 0..c.railroads.len() {
        for colour in Colour::ALL {
            if (!colours.is_empty() && !colours.contains(&colour))
                || super::tracks::target(c, player, railroad, colour).is_err()
            {
                continue;
            }
            out.push(TrackMove {
                railroad: railroad as u8,
                colour,
            });
        }
    }
    out
}

/// A way of making industry moves: the tracks in order, the uses of the top track's factories
/// they reach (nested ones included, in the order reached), and what is left after them: the
/// board, the doublers of the supply and the detonation choices waiting.
#[derive(Clone)]
struct IndustryWay {
    tracks: Vec<u8>,
    uses: Vec<FactoryUse>,
    player: Player,
    doublers: u8,
    waiting: usize,
}

impl IndustryWay {
    fn start(player: &Player, doublers: u8, waiting: usize) -> Self {
        IndustryWay {
            tracks: Vec::new(),
            uses: Vec::new(),
            player: player.clone(),
            doublers,
            waiting,
        }
    }
}

/// Every sequence of `n` industry moves (`exact`), or of up to `n` ending only where no marker
/// can move (a factory's function), with the uses of the factories they reach.
fn industry_sequences(
    state: &State,
    player: &Player,
    doublers: u8,
    waiting: usize,
    n: u8,
    exact: bool,
) -> Vec<IndustryWay> {
    if n == 0 {
        return vec![IndustryWay::start(player, doublers, waiting)];
    }
    let mut out = Vec::new();
    for track in 0..state.components.industry_tracks.len() {
        for step in industry_step(state, player, doublers, waiting, track) {
            for rest in industry_sequences(
                state,
                &step.player,
                step.doublers,
                step.waiting,
                n - 1,
                exact,
            ) {
                let mut tracks = vec![track as u8];
                tracks.extend(rest.tracks);
                let mut uses = step.uses.clone();
                uses.extend(rest.uses);
                out.push(IndustryWay {
                    tracks,
                    uses,
                    ..rest
                });
            }
        }
    }
    if out.is_empty() && !exact {
        out.push(IndustryWay::start(player, doublers, waiting));
    }
    out
}

/// One move of the marker of `track`: none when it cannot move; with a factory reached on the
/// top track, one way for each use of its function.
fn industry_step(
    state: &State,
    player: &Player,
    doublers: u8,
    waiting: usize,
    track: usize,
) -> Vec<IndustryWay> {
    let c = &state.components;
    let mut after = player.clone();
    let Ok(step) = industry::advance(c, &mut after, track) else {
        return Vec::new();
    };
    let at_once = step
        .fired
        .filter(|_| industry::fires_at_once(c, track))
        .and_then(|number| factory_action(state, number))
        .filter(asks_a_choice);
    match at_once {
        Some(action) => factory_uses(state, &after, doublers, waiting, action),
        None => vec![IndustryWay::start(&after, doublers, waiting)],
    }
}

/// Every use of a top-track factory's function, used at once: the use first, then those of
/// the factories its industry moves reach.
fn factory_uses(
    state: &State,
    player: &Player,
    doublers: u8,
    waiting: usize,
    action: FactoryAction,
) -> Vec<IndustryWay> {
    let c = &state.components;
    let way = |use_: FactoryUse, player: Player, doublers: u8, waiting: usize| IndustryWay {
        tracks: Vec::new(),
        uses: vec![use_],
        player,
        doublers,
        waiting,
    };
    match action {
        FactoryAction::TrackMoves { colour, moves } => {
            let colours: Vec<Colour> = colour.into_iter().collect();
            sequences_from(state, player, &colours, moves, waiting, true, false)
                .into_iter()
                .map(|(moves, detonate, after, left)| {
                    let use_ = FactoryUse {
                        moves,
                        detonate,
                        ..FactoryUse::default()
                    };
                    way(use_, after, doublers, left)
                })
                .collect()
        }
        FactoryAction::Industry { moves } => {
            industry_sequences(state, player, doublers, waiting, moves, false)
                .into_iter()
                .map(|w| {
                    let mut uses = vec![FactoryUse {
                        industry: w.tracks,
                        ..FactoryUse::default()
                    }];
                    uses.extend(w.uses);
                    IndustryWay {
                        tracks: Vec::new(),
                        uses,
                        ..w
                    }
                })
                .collect()
        }
        FactoryAction::Doubler {} => {
            let mut out = Vec::new();
            for railroad in 0..c.railroads.len() as u8 {
                let Some(space) = next_doubler_place(c, player, railroad).filter(|_| doublers > 0)
                else {
                    continue;
                };
                let mut after = player.clone();
                after.railroads[usize::from(railroad)].doublers.push(space);
                let use_ = FactoryUse {
                    doubler: Some(railroad),
                    ..FactoryUse::default()
                };
                out.push(way(use_, after, doublers - 1, waiting));
            }
            if out.is_empty() {
                out.push(way(
                    FactoryUse::default(),
                    player.clone(),
                    doublers,
                    waiting,
                ));
            }
            out
        }
        FactoryAction::Coins { .. }
        | FactoryAction::Points { .. }
        | FactoryAction::StockAdvance {} => {
            vec![IndustryWay::start(player, doublers, waiting)]
        }
    }
}

/// Where a locomotive may go: each railroad with a free slot, or each of its locomotives to
/// replace (distinct numbers).
fn locomotive_places(state: &State, player: &Player) -> Vec<(u8, Option<u8>)> {
    let mut out = Vec::new();
    for (r, (data, railroad)) in state
        .components
        .railroads
        .iter()
        .zip(&player.railroads)
        .enumerate()
    {
        if railroad.locomotives.len() < usize::from(data.locomotive_slots) {
            out.push((r as u8, None));
            continue;
        }
        let mut numbers = railroad.locomotives.clone();
        numbers.sort_unstable();
        numbers.dedup();
        out.extend(numbers.into_iter().map(|n| (r as u8, Some(n))));
    }
    out
}

/// Tiles worth trying: a locomotive on each railroad (in place of each of its locomotives when
/// full); a factory (the lowest tile or each returned one) on each track, into the next gap or
/// in place of each gap's factory.
fn tile_candidates(state: &State, player: &Player) -> Vec<Tile> {
    let mut out: Vec<Tile> = locomotive_places(state, player)
        .into_iter()
        .map(|(r, replaces)| Tile {
            locomotive: Some(r),
            replaces,
            ..Tile::default()
        })
        .collect();
    let mut returned: Vec<Option<u8>> = vec![None];
    let mut numbers = state.returned_factories.clone();
    numbers.sort_unstable();
    numbers.dedup();
    returned.extend(numbers.into_iter().map(Some));
    for (t, track) in player.industry.iter().enumerate() {
        let replaces = std::iter::once(None).chain((0..track.factories.len() as u8).map(Some));
        for replace in replaces {
            for &r in &returned {
                out.push(Tile {
                    factory: Some(t as u8),
                    replace,
                    returned: r,
                    ..Tile::default()
                });
            }
        }
    }
    out
}

fn pool_actions(state: &State, seat: Seat, out: &mut Vec<Action>) {
    let player = &state.players[seat.index()];
    let c = &state.components;
    for (i, effect) in state.turn.pool.iter().enumerate() {
        let item = i as u8;
        match effect {
            SpaceEffect::TrackMoves { colours, .. } => {
                for m in single_moves(state, player, colours) {
                    out.push(Action::MoveTrack {
                        player: seat,
                        item,
                        railroad: m.railroad,
                        colour: m.colour,
                    });
                }
            }
            SpaceEffect::Industry { .. } => {
                for track in 0..c.industry_tracks.len() {
                    for way in industry_step(state, player, state.doublers, 0, track) {
                        out.push(Action::MoveIndustry {
                            player: seat,
                            item,
                            track: track as u8,
                            factories: way.uses,
                        });
                    }
                }
            }
            SpaceEffect::Doubler {} => {
                for railroad in 0..c.railroads.len() as u8 {
                    if doubler_place(state, seat, railroad).is_ok() {
                        out.push(Action::PlaceDoubler {
                            player: seat,
                            item,
                            railroad,
                        });
                    }
                }
            }
            SpaceEffect::LocomotiveOrFactory { .. } => {
                for tile in tile_candidates(state, player) {
                    let action = Action::TakeTile {
                        player: seat,
                        item,
                        tile,
                    };
                    if accepted(state, &action) {
                        out.push(action);
                    }
                }
            }
            _ => {}
        }
    }
}

fn engineers_and_coin_spaces(state: &State, seat: Seat, out: &mut Vec<Action>) {
    let player = &state.players[seat.index()];
    for &engineer in &player.engineers {
        if !player.engineers_used.contains(&engineer) {
            out.push(Action::UseEngineer {
                player: seat,
                engineer,
            });
        }
    }
    if player.coins == 0 {
        return;
    }
    for (r, railroad) in state.components.railroads.iter().enumerate() {
        for (i, s) in railroad.specials.iter().enumerate() {
            let key = (r as u8, i as u8);
            if matches!(s.special, Special::CoinSpace { .. })
                && player.specials_met.contains(&key)
                && !player.coin_spaces_done.contains(&(r as u8, s.space))
            {
                out.push(Action::UseCoinSpace {
                    player: seat,
                    railroad: r as u8,
                    space: s.space,
                });
            }
        }
    }
}

/// The answers to a waiting choice.
fn answers(state: &State, seat: Seat, decision: Decision) -> Vec<Action> {
    let player = &state.players[seat.index()];
    let c = &state.components;
    match decision {
        Decision::DividendToken { .. } => state
            .dividend_tokens
            .iter()
            .map(|&token| Action::ChooseDividendToken {
                player: seat,
                token,
            })
            .collect(),
        Decision::QuestionToken {} => (0..c.question_tokens.len() as u8)
            .filter(|t| !player.question_tokens.contains(t))
            .map(|token| Action::ChooseQuestionToken {
                player: seat,
                token,
            })
            .collect(),
        Decision::Detonation {} => specials::boulders(c, player)
            .into_iter()
            .map(|(railroad, industry_track)| Action::Detonate {
                player: seat,
                railroad,
                industry_track,
            })
            .collect(),
        Decision::DisplacedLocomotive { number } => {
            let mut out: Vec<Action> = locomotive_places(state, player)
                .into_iter()
                .filter(|&(r, replaces)| {
                    locomotives::place_locomotive(
                        c,
                        &mut player.clone(),
                        number,
                        usize::from(r),
                        replaces,
                    )
                    .is_ok()
                })
                .map(|(railroad, replaces)| Action::PlaceLocomotive {
                    player: seat,
                    railroad,
                    replaces,
                })
                .collect();
            if all_slots_full(c, player) {
                out.push(Action::ReturnLocomotive { player: seat });
            }
            out
        }
        Decision::Steelworks { .. } => {
            let mut out = Vec::new();
            for (t, track) in player.industry.iter().enumerate() {
                let replaces =
                    std::iter::once(None).chain((0..track.factories.len() as u8).map(Some));
                for replace in replaces {
                    let action = Action::PlaceSteelworks {
                        player: seat,
                        track: t as u8,
                        replace,
                    };
                    if accepted(state, &action) {
                        out.push(action);
                    }
                }
            }
            out.push(Action::DiscardSteelworks { player: seat });
            out
        }
    }
}
