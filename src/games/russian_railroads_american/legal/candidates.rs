//! The factory uses, locomotive places and tiles a resolution may name
//! (docs/rules/russian-railroads-american.md#industry, #locomotives, #specials).

use super::moves::IndustryWay;
use super::moves::industry_sequences;
use super::moves::sequences_from;
use crate::games::russian_railroads_american::action::{FactoryUse, Tile};
use crate::games::russian_railroads_american::data::{Colour, FactoryAction};
use crate::games::russian_railroads_american::effects::next_doubler_place;
use crate::games::russian_railroads_american::state::{Player, State};

/// Every use of a top-track factory's function, used at once: the use first, then those of
/// the factories its industry moves reach.
pub(super) fn factory_uses(
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
pub(super) fn locomotive_places(state: &State, player: &Player) -> Vec<(u8, Option<u8>)> {
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
pub(super) fn tile_candidates(state: &State, player: &Player) -> Vec<Tile> {
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
