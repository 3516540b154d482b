//! Laying track in the operating round (1846 6.2): the operating company's lays, before
//! routes, judged by the title (`OperatingTitle::judge_lay`: the kit's `track` with what its
//! privates block or discount), paid to the bank and recorded in the turn.

use super::{
    OperatingEvent, OperatingTitle, TurnRecord, before_routes, expect_president, set_turn,
};
use crate::core::Violation;
use crate::games::kit18xx::table::Seat;
use crate::games::kit18xx::track::{TileLay, lay_tile};

pub fn lay<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    lay: &TileLay,
) -> Result<Vec<S::Event>, Violation> {
    let (company, mut turn) = expect_president(state, player, "lay_tile")?;
    before_routes(state, &turn, "lay_tile")?;
    let planned = state.judge_lay(company, &turn, lay)?;
    lay_tile(state.board_mut(), lay, &planned);
    state.after_lay(company, lay);
    state.company_pays_bank(company, planned.cost);
    turn.record_lay(&lay.hex, planned.kind);
    set_turn(state, turn);
    Ok(vec![
        OperatingEvent::TileLaid {
            corporation: company,
            hex: lay.hex.clone(),
            tile: lay.tile.clone(),
            rotation: lay.rotation,
            cost: planned.cost,
        }
        .into(),
    ])
}
