//! The track and industry moves a resolution may name (docs/rules/russian-railroads-american.md#tracks,
//! #industry), tried on a copy of the player's board.

use super::candidates::factory_uses;
use crate::games::russian_railroads_american::action::{Boulder, FactoryUse, TrackMove};
use crate::games::russian_railroads_american::data::{Colour, Components};
use crate::games::russian_railroads_american::effects::{asks_a_choice, factory_action};
use crate::games::russian_railroads_american::industry;
use crate::games::russian_railroads_american::specials::{self, Outcome};
use crate::games::russian_railroads_american::state::{Player, State};

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
pub(super) fn sequences_from(
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
pub(super) fn single_moves(state: &State, player: &Player, colours: &[Colour]) -> Vec<TrackMove> {
    let c = &state.components;
    let mut out = Vec::new();
    for railroad in 0..c.railroads.len() {
        for colour in Colour::ALL {
            if (!colours.is_empty() && !colours.contains(&colour))
                || crate::games::russian_railroads_american::tracks::target(
                    c, player, railroad, colour,
                )
                .is_err()
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
pub(super) struct IndustryWay {
    pub(super) tracks: Vec<u8>,
    pub(super) uses: Vec<FactoryUse>,
    pub(super) player: Player,
    pub(super) doublers: u8,
    pub(super) waiting: usize,
}

impl IndustryWay {
    pub(super) fn start(player: &Player, doublers: u8, waiting: usize) -> Self {
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
pub(super) fn industry_sequences(
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
pub(super) fn industry_step(
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
