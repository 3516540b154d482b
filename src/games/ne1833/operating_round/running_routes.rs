//! Running routes (docs/rules/1833ne.md#routes, #revenue): the route context of the operating
//! company, who may submit its routes (its president; anyone for a company in receivership), and
//! the last run of phased-out trains. What a route may be and earns is the kit's `routes`, with
//! 1833NE's `route_bonuses`.

use super::private_abilities::owns;
use super::{
    PHASE_IV, advance, before_routes, current, expect_president, extra_sources, set_turn,
    start_turn_or_finish,
};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::data::Band;
use crate::games::ne1833::event::Event;
use crate::games::ne1833::ids::{Company, Private, Seat};
use crate::games::ne1833::receivership;
use crate::games::ne1833::route_bonuses::Ne1833Routes;
use crate::games::ne1833::routes::{OwnedTrain, Route, check_routes};
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{CompanyTurn, PrivateOwner, Round, State};

/// The off-boards' band in the current phase.
pub fn band(state: &State) -> Band {
    match state.phase {
        0 | 1 => Band::Early,
        2 | 3 => Band::Middle,
        _ => Band::Late,
    }
}

/// What the operating company's ferries and privates add to its routes.
pub fn route_bonuses<'a>(
    state: &'a State,
    company: Company,
    ferries: &'a [String],
) -> Ne1833Routes<'a> {
    Ne1833Routes {
        provisional: &state.provisional,
        before_phase_four: state.phase < PHASE_IV,
        ferries,
        new_ferry: state.ferries.last().map(|f| f.ferry.as_str()),
        luxury_ferry: state
            .luxury_ferry
            .as_deref()
            .filter(|_| owns(state, company, Private::P5)),
        ogdensburg: owns(state, company, Private::P4),
        delaware_and_hudson: owns(state, company, Private::P6),
    }
}

pub fn owned_trains(state: &State, company: Company) -> Vec<OwnedTrain> {
    state
        .company(company)
        .trains
        .iter()
        .map(|t| OwnedTrain {
            id: t.id.clone(),
            side: t.side.clone(),
        })
        .collect()
}

pub fn owned_ferries(state: &State, company: Company) -> Vec<String> {
    state
        .ferries
        .iter()
        .filter(|f| f.company == company)
        .map(|f| f.ferry.clone())
        .collect()
}

/// The B&L may not run routes in phase I until a company owns P2, nor later while Boston shows
/// its printed yellow.
fn lowell_blocks_routes(state: &State, company: Company) -> bool {
    company == Company::Bl
        && !matches!(
            state.private(Private::P2).owner,
            PrivateOwner::Company { .. }
        )
        && (state.phase == 0 || !state.board.tiles.contains_key("G22"))
}

pub fn run_routes(
    state: &mut State,
    player: Seat,
    routes: &[Route],
) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_runner(state, player)?;
    before_routes(&turn, "run_routes")?;
    if !routes.is_empty() && lowell_blocks_routes(state, company) {
        return Err(Violation::new(
            "lowell_blocks",
            section::ROUTES,
            "the B&L runs no route until a company owns the Lowell Merchants (P2) and, after phase I, until Boston is upgraded",
        ));
    }
    let trains = owned_trains(state, company);
    let ferries = owned_ferries(state, company);
    let sources = extra_sources(state, company);
    let bonuses = route_bonuses(state, company, &ferries);
    let ctx = bonuses.context(band(state), company.symbol(), &trains, &sources);
    let revenues = check_routes(&state.board, &ctx, routes)?;
    let revenue: u32 = revenues.iter().map(|r| r.total).sum();
    turn.revenue = Some(revenue);
    set_turn(state, turn);
    let mut events = vec![Event::RoutesRun {
        corporation: company,
        revenue,
    }];
    // Phased-out trains have made their last run: they leave the game, one event per card.
    let gone = state.remove_trains(company, |t| t.phased_out);
    events.extend(trains_removed_by_card(gone));
    if state.company(company).receivership {
        events.extend(receivership::operate(state, company, revenue));
        advance(state);
        events.extend(start_turn_or_finish(state));
    }
    Ok(events)
}

/// Who may submit the operating company's routes: its president; for a company in
/// receivership, any player still in the game (ruling R5).
fn expect_runner(state: &State, player: Seat) -> Result<(Company, CompanyTurn), Violation> {
    match current(state) {
        Some((company, turn))
            if state.company(company).receivership
                && matches!(&state.round, Round::OperatingRound { discards, .. } if discards.is_empty()) =>
        {
            if state.player(player).bankrupt {
                return Err(Violation::new(
                    "player_bankrupt",
                    section::RECEIVERSHIP,
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
fn trains_removed_by_card(ids: Vec<String>) -> Vec<Event> {
    let mut events: Vec<Event> = Vec::new();
    for id in ids {
        let card = id
            .rsplit_once('-')
            .map_or(id.as_str(), |(c, _)| c)
            .to_string();
        match events.iter_mut().find_map(|e| match e {
            Event::TrainsRemoved { card: c, trains } if *c == card => Some(trains),
            _ => None,
        }) {
            Some(trains) => trains.push(id),
            None => events.push(Event::TrainsRemoved {
                card,
                trains: vec![id],
            }),
        }
    }
    events
}
