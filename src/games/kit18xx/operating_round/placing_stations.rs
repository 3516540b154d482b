//! Placing a station in the operating round (1846 6.4): one a turn, before routes. Where a
//! station may go and what it costs is the title's judging (`OperatingTitle::judge_station`,
//! on the kit's `stations` with its reservations).

use super::{
    OperatingEvent, OperatingTitle, TurnRecord, before_routes, expect_president, set_turn,
};
use crate::core::Violation;
use crate::games::kit18xx::stations::{StationPlacement, place_station};
use crate::games::kit18xx::table::{CompanyId, Seat};

pub fn place_token<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    at: &StationPlacement,
) -> Result<Vec<S::Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "place_token")?;
    before_routes(state, &turn, "place_token")?;
    if turn.common().station_placed {
        return Err(Violation::new(
            "station_placed",
            state.operating_sections().stations,
            "one station per turn",
        ));
    }
    let cost = state.judge_station(company, at)?;
    place_station(state.board_mut(), company.symbol(), at);
    state.company_pays_bank(company, cost);
    *turn.common_mut().station_placed = true;
    set_turn(state, turn);
    Ok(vec![
        OperatingEvent::StationPlaced {
            corporation: company,
            hex: at.hex.clone(),
            city: at.city,
            cost,
        }
        .into(),
    ])
}
