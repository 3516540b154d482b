//! Running routes (1846 6.5): who may submit the operating company's routes (its president;
//! anyone still in the game for a company in receivership), the revenue the title judges, and
//! the last run of phased-out trains. What a route may be and earns is the kit's `routes`.

use super::{
    OperatingEvent, OperatingTitle, TurnRecord, advance, before_routes, current, expect_president,
    set_turn, start_turn_or_finish,
};
use crate::core::Violation;
use crate::games::kit18xx::name::Name;
use crate::games::kit18xx::routes::Route;
use crate::games::kit18xx::table::Seat;

pub fn run_routes<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    routes: &[Route],
) -> Result<Vec<S::Event>, Violation> {
    let (company, mut turn) = expect_runner(state, player)?;
    before_routes(state, &turn, "run_routes")?;
    let revenue = state.route_revenue(company, routes)?;
    *turn.common_mut().revenue = Some(revenue);
    set_turn(state, turn);
    let mut events = vec![
        OperatingEvent::RoutesRun {
            corporation: company,
            revenue,
        }
        .into(),
    ];
    // Phased-out trains have made their last run: they leave the game, one event per card.
    let gone = state.remove_trains(company, |t| t.phased_out);
    events.extend(trains_removed_by_card(gone).into_iter().map(Into::into));
    if state.company(company).receivership {
        events.extend(crate::games::kit18xx::receivership::operate(
            state, company, revenue,
        ));
        advance(state);
        events.extend(start_turn_or_finish(state));
    }
    Ok(events)
}

/// Who may act for the operating company (submit its routes, use a private it owns): its
/// president; for a company in receivership, any player still in the game (ruling R5; 18xx.games
/// lets any player act for a corporation without a president).
pub fn expect_runner<S: OperatingTitle>(
    state: &S,
    player: Seat,
) -> Result<(S::Company, S::Turn), Violation> {
    let no_discards = state
        .operating_round()
        .is_some_and(|r| r.discards.is_empty());
    match current(state) {
        Some((company, turn)) if state.company(company).receivership && no_discards => {
            if state.player(player).bankrupt {
                return Err(Violation::new(
                    "player_bankrupt",
                    state.operating_sections().receivership,
                    format!("player {player} is bankrupt and out of the game"),
                ));
            }
            Ok((company, turn.clone()))
        }
        _ => expect_president(state, player, "run_routes"),
    }
}

/// One `trains_removed` event per card among `ids` (`2-3` is a train of the card `2`), in the
/// order the cards first appear.
pub fn trains_removed_by_card<C>(ids: Vec<Name>) -> Vec<OperatingEvent<C>> {
    let mut events: Vec<OperatingEvent<C>> = Vec::new();
    for id in ids {
        let card = id
            .rsplit_once('-')
            .map_or(id.as_str(), |(c, _)| c)
            .to_string();
        match events.iter_mut().find_map(|e| match e {
            OperatingEvent::TrainsRemoved { card: c, trains } if *c == card => Some(trains),
            _ => None,
        }) {
            Some(trains) => trains.push(id.into()),
            None => events.push(OperatingEvent::TrainsRemoved {
                card,
                trains: vec![id.into()],
            }),
        }
    }
    events
}
