//! Placing a station in the operating round (docs/rules/1833ne.md#stations): one a turn, before
//! routes (the kit's step, `kit18xx::operating_round::placing_stations`), against the
//! reservations of companies not yet started. Where a station may go is `ne1833::stations`.

use super::{PHASE_IV, extra_sources};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::data::components;
use crate::games::ne1833::ids::Company;
use crate::games::ne1833::state::State;
use crate::games::ne1833::stations::{
    StationContext, StationPlacement, active_reservations, check_station,
};

/// Judges a station the operating company places at `at`: against the reservations of
/// companies not yet started (until phase IV) and its sources. Returns its cost.
pub(super) fn judge_station(
    state: &State,
    company: Company,
    at: &StationPlacement,
) -> Result<u32, Violation> {
    let c = components();
    let reservations = active_reservations(&state.board, c, state.phase < PHASE_IV);
    let unstarted: Vec<String> = state
        .companies
        .iter()
        .filter(|e| !e.is_started())
        .map(|e| e.company.symbol().to_string())
        .collect();
    let sources = extra_sources(state, company);
    let ctx = StationContext {
        components: c,
        company: company.symbol(),
        cash: state.company(company).cash,
        reservations: &reservations,
        unstarted: &unstarted,
        extra_sources: &sources,
    };
    check_station(&state.board, &ctx, at)
}
