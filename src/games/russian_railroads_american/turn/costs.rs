//! What placing on a space costs (docs/rules/russian-railroads-american.md#turn): workers,
//! coins, and the workers a player has left.

use crate::core::Violation;
use crate::games::russian_railroads_american::data::SpaceEffect;
use crate::games::russian_railroads_american::rules::{refuse, section};
use crate::games::russian_railroads_american::state::{Phase, Seat, State};

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
    // Long: the placement's refusals, one after another in the order the rules give them.
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
