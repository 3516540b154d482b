//! Special spaces of the railroads (rules #specials, the seed): each fires once, as soon as its
//! condition is met (a track move or a new locomotive can meet it). What touches only the
//! player's board is done here; what reaches further (the stocks board, a choice to make) is
//! returned for the turn to do.

use super::data::{Colour, Components, IndustrySpace, Special};
use super::scoring::met_specials;
use super::state::Player;
use super::tracks;
use crate::core::Violation;

/// What meeting a special space did or asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Unlocked(Colour),
    /// +1 permanent worker.
    Worker,
    /// Only one boulder was left: it is gone.
    Detonated {
        railroad: Option<u8>,
        industry_track: Option<u8>,
    },
    /// Both boulders are there: the player chooses which leaves.
    DetonationChoice,
    StockAdvance,
    /// A "?" token to choose.
    Question,
    /// Nothing now (a coin space to use later, a Transcontinental end scored each round, a
    /// "?" space with no token left, a detonation with no boulder left).
    Nothing,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Met {
    pub railroad: u8,
    pub space: u8,
    pub outcome: Outcome,
    /// Points scored at once (a detonation's).
    pub points: u32,
}

/// The boulders still on the player's board: (railroad, industry track), one of them set.
pub fn boulders(c: &Components, player: &Player) -> Vec<(Option<u8>, Option<u8>)> {
    let on_railroads = c
        .railroads
        .iter()
        .zip(&player.railroads)
        .enumerate()
        .filter(|(_, (data, state))| data.boulder.is_some() && state.boulder)
        .map(|(i, _)| (Some(i as u8), None));
    let on_industry = c
        .industry_tracks
        .iter()
        .zip(&player.industry)
        .enumerate()
        .filter(|(_, (data, state))| {
            state.boulder
                && data
                    .spaces
                    .iter()
                    .any(|s| matches!(s, IndustrySpace::Boulder { .. }))
        })
        .map(|(i, _)| (None, Some(i as u8)));
    on_railroads.chain(on_industry).collect()
}

/// Takes a boulder off the board.
pub fn remove_boulder(player: &mut Player, railroad: Option<u8>, industry_track: Option<u8>) {
    if let Some(r) = railroad.and_then(|r| player.railroads.get_mut(usize::from(r))) {
        r.boulder = false;
    }
    if let Some(t) = industry_track.and_then(|t| player.industry.get_mut(usize::from(t))) {
        t.boulder = false;
    }
}

/// Fires every special space the player meets now and has not met before.
pub fn meet(c: &Components, player: &mut Player) -> Vec<Met> {
    let mut fired = Vec::new();
    for railroad in 0..c.railroads.len() {
        for index in met_specials(c, player, railroad) {
            let key = (railroad as u8, index as u8);
            if player.specials_met.contains(&key) {
                continue;
            }
            player.specials_met.push(key);
            let data = c.railroads[railroad].specials[index];
            let mut met = Met {
                railroad: key.0,
                space: data.space,
                outcome: Outcome::Nothing,
                points: 0,
            };
            met.outcome = match data.special {
                Special::Unlock { colour } if !player.unlocked.contains(&colour) => {
                    player.unlocked.push(colour);
                    Outcome::Unlocked(colour)
                }
                Special::Worker {} => {
                    player.workers = player.workers.saturating_add(1);
                    Outcome::Worker
                }
                Special::Detonation {} => detonate(c, player, &mut met),
                Special::StockAdvance {} => Outcome::StockAdvance,
                Special::Question {} if player.question_tokens.len() < c.question_tokens.len() => {
                    Outcome::Question
                }
                _ => Outcome::Nothing,
            };
            fired.push(met);
        }
    }
    fired
}

fn detonate(c: &Components, player: &mut Player, met: &mut Met) -> Outcome {
    let left = boulders(c, player);
    if left.is_empty() {
        return Outcome::Nothing;
    }
    met.points = c.detonation_points;
    player.points = player.points.saturating_add(c.detonation_points);
    match left.as_slice() {
        [(railroad, industry_track)] => {
            remove_boulder(player, *railroad, *industry_track);
            Outcome::Detonated {
                railroad: *railroad,
                industry_track: *industry_track,
            }
        }
        _ => Outcome::DetonationChoice,
    }
}

/// One move of the player's `colour` track on `railroad`, and the special spaces it meets.
pub fn move_track(
    c: &Components,
    player: &mut Player,
    railroad: usize,
    colour: Colour,
) -> Result<(u8, Vec<Met>), Violation> {
    let space = tracks::advance(c, player, railroad, colour)?;
    Ok((space, meet(c, player)))
}

/// A detonation that asks which boulder leaves, with `waiting` such choices not yet made: the
/// choice waits too (`None`), unless the choices waiting account for every boulder but one,
/// when every boulder goes at once (the ones removed).
pub fn settle_choice(
    c: &Components,
    player: &mut Player,
    waiting: usize,
) -> Option<Vec<(Option<u8>, Option<u8>)>> {
    let left = boulders(c, player);
    if left.len() > waiting + 1 {
        return None;
    }
    for &(railroad, industry_track) in &left {
        remove_boulder(player, railroad, industry_track);
    }
    Some(left)
}
