//! Laying track in the operating round (docs/rules/1833ne.md#track, #track-cost): the
//! operating company's lays, judged against the hexes its privates block, the Lowell Merchants'
//! hold on the B&L and its free G20 tile (#privates, P2). What a lay may be is `ne1833::track`;
//! the step itself (paying, recording the lay) is the kit's
//! (`kit18xx::operating_round::laying_track`).

use super::{before_routes, extra_sources};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::board::Network;
use crate::games::ne1833::data::components;
use crate::games::ne1833::ids::{Company, Private};
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{CompanyTurn, PrivateOwner, Round, State};
use crate::games::ne1833::track::{
    LayContext, LayKind, PlannedLay, TileLay, check_lay, lay_rules, phase_tiles,
};

/// Hexes blocked by privates players own.
fn blocked_hexes(state: &State) -> Vec<String> {
    components()
        .hexes
        .iter()
        .filter(|h| {
            h.blocked_by.iter().any(|id| {
                state.privates.iter().any(|p| {
                    !p.closed
                        && format!("{:?}", p.private) == *id
                        && matches!(
                            p.owner,
                            PrivateOwner::Player { .. } | PrivateOwner::Unsold {}
                        )
                })
            })
        })
        .map(|h| h.id.clone())
        .collect()
}

/// The B&L may not lay track in phase I until a company owns P2.
fn lowell_blocks_track(state: &State, company: Company) -> bool {
    company == Company::Bl
        && state.phase == 0
        && !matches!(
            state.private(Private::P2).owner,
            PrivateOwner::Company { .. }
        )
}

/// Judges a lay by the operating company (`network`: its network, when known).
pub fn judge_lay(
    state: &State,
    company: Company,
    turn: &CompanyTurn,
    lay: &TileLay,
    network: Option<&Network>,
) -> Result<PlannedLay, Violation> {
    before_routes(state, turn, "lay_tile")?;
    if lowell_blocks_track(state, company) {
        return Err(Violation::new(
            "lowell_blocks",
            section::TRACK,
            "the B&L may not lay track in phase I until a company owns the Lowell Merchants (P2)",
        ));
    }
    let c = components();
    let earlier: Vec<(String, LayKind)> =
        turn.lays.iter().map(|l| (l.hex.clone(), l.kind)).collect();
    let blocked = blocked_hexes(state);
    let sources = extra_sources(state, company);
    let ctx = LayContext {
        cash: state.company(company).cash,
        earlier: &earlier,
        blocked: &blocked,
        extra_sources: &sources,
        discount: lowell_discount(state, company),
        network,
        must_use_new_track: true,
        ..LayContext::free(
            &c.map,
            lay_rules(),
            phase_tiles(&c.phases[usize::from(state.phase)]),
            company.symbol(),
        )
    };
    check_lay(&state.board, &ctx, lay)
}

/// P2's free tile: the company that bought P2 lays its G20 tile $20 cheaper (free: $20 is the
/// least a lay costs) in the operating round it bought P2.
fn lowell_discount(state: &State, company: Company) -> Option<(&'static str, u32)> {
    let free = state.lowell_free_tile?;
    let Round::OperatingRound {
        after_stock_round,
        number,
        ..
    } = state.round
    else {
        return None;
    };
    (free.company == company
        && free.after_stock_round == after_stock_round
        && free.operating_round == number)
        .then_some(("G20", components().game.minimum_tile_lay_cost))
}

/// The lay used P2's free tile: it is gone.
pub(super) fn after_lay(state: &mut State, company: Company, lay: &TileLay) {
    if lay.hex == "G20" && lowell_discount(state, company).is_some() {
        state.lowell_free_tile = None;
    }
}
