//! Placing a station in the operating round (docs/rules/1833ne.md#stations): one a turn, before
//! routes, against the reservations of companies not yet started. Where a station may go is
//! `ne1833::stations`.

use super::{PHASE_IV, before_routes, expect_president, extra_sources, set_turn};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::data::components;
use crate::games::ne1833::event::Event;
use crate::games::ne1833::ids::Seat;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::State;
use crate::games::ne1833::stations::{
    StationContext, StationPlacement, active_reservations, check_station, place_station,
};

pub fn place_token(
    state: &mut State,
    player: Seat,
    at: &StationPlacement,
) -> Result<Vec<Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "place_token")?;
    before_routes(state, &turn, "place_token")?;
    if turn.station_placed {
        return Err(Violation::new(
            "station_placed",
            section::STATIONS,
            "one station per turn",
        ));
    }
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
    let cost = check_station(&state.board, &ctx, at)?;
    place_station(&mut state.board, company.symbol(), at);
    state.company_mut(company).cash -= cost;
    state.bank += i64::from(cost);
    turn.station_placed = true;
    set_turn(state, turn);
    Ok(vec![Event::StationPlaced {
        corporation: company,
        hex: at.hex.clone(),
        city: at.city,
        cost,
    }])
}
