//! Running routes (docs/rules/1833ne.md#routes, #revenue): the route context of the operating
//! company and the Lowell Merchants' hold on the B&L. Who may submit the routes and what
//! follows the run are the kit's (`kit18xx::operating_round::running_routes`); what a route
//! may be and earns is the kit's `routes`, with 1833NE's `route_bonuses`.

use super::private_abilities::owns;
use super::{PHASE_IV, extra_sources};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::data::{Band, components};
use crate::games::ne1833::ids::{Company, Private};
use crate::games::ne1833::route_bonuses::Ne1833Routes;
use crate::games::ne1833::routes::{OwnedTrain, Route, check_routes};
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{PrivateOwner, State};

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
        && (state.phase == 0 || !state.board.tiles.is_laid(&components().map, "G22"))
}

/// The revenue of the operating company's routes: the B&L's hold first, then the kit's
/// judging with 1833NE's bonuses.
pub(super) fn route_revenue(
    state: &State,
    company: Company,
    routes: &[Route],
) -> Result<u32, Violation> {
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
    Ok(revenues.iter().map(|r| r.total).sum())
}
