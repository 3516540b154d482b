//! Every action `apply` accepts now (docs/rules/russian-railroads-american.md#turn). Track and
//! industry moves are listed by trying them on a copy of the player's board (`moves`: their
//! legality depends on nothing else); factory uses, locomotives and tiles (`candidates`) and the
//! rest by trying the whole action on a copy of the state.

mod candidates;
mod moves;

pub use moves::move_sequences;

use crate::games::russian_railroads_american::action::{Action, Resolution, Tile};
use crate::games::russian_railroads_american::data::{Colour, SpaceEffect, Special};
use crate::games::russian_railroads_american::effects::{
    doubler_place, engineer_action, public_engineer,
};
use crate::games::russian_railroads_american::locomotives::{self, all_slots_full};
use crate::games::russian_railroads_american::specials;
use crate::games::russian_railroads_american::state::{Decision, Phase, Seat, State};
use crate::games::russian_railroads_american::turn::{self, cost};
use candidates::locomotive_places;
use candidates::tile_candidates;
use moves::industry_sequences;
use moves::industry_step;
use moves::sequences_from;
use moves::single_moves;

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
    // Long: one arm per space effect, each listing the resolutions it takes.
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
    crate::games::russian_railroads_american::effects::resolve_direct(
        &mut copy,
        seat,
        effect,
        r,
        &mut Vec::new(),
    )
    .is_ok()
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
