//! Laying track in 1846's operating round (docs/rules/1846.md#track): the operator's lays,
//! judged by the kit's track rules against the hexes player-owned privates block, with the
//! Tunnel Blasting Company's $20 off mountains and tunnels and the IC's free yellow tiles on its hexes. The
//! step itself (paying, recording the lay) is the kit's.

use crate::core::Violation;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::ids::{Company, Private};
use crate::games::g1846::privates::{blocked_hexes, corporation_owning};
use crate::games::g1846::state::{CompanyTurn, State};
use crate::games::g1846::track::{
    LayContext, LayKind, PlannedLay, TileLay, check_lay, lay_rules, phase_tiles,
};
use crate::games::kit18xx::map::BorderKind;
use crate::games::kit18xx::operating_round::before_routes;
use crate::games::kit18xx::table::Table as _;

/// What a lay in `hex` costs `company` less: the TBC's $20 off a mountain's printed cost, for
/// the corporation owning it (g_1846 `tile_discount`), while the hex shows its printed face:
/// an upgrade there costs the flat $20, which the TBC does not lower (6.48: "Once a terrain
/// cost has been paid, upgrades in that hex cost only $20"); on the IC's own hexes, an empty
/// hex's $20 tile cost (its free yellow lays: the river border is still paid).
fn discount(state: &State, company: Company, hex: &str) -> Option<u32> {
    let c = components();
    let data = c.hex(hex)?;
    let printed = !state.board.tiles.is_laid(&c.map, hex);
    let mountain = data.terrain.as_ref().is_some_and(|t| t.kind == "mountain");
    if mountain && printed && corporation_owning(state, Private::Tbc) == Some(company) {
        let tbc = c
            .private(Private::Tbc.id())?
            .abilities
            .iter()
            .find_map(|a| match a {
                Ability::TileDiscount { discount, .. } => Some(*discount),
                _ => None,
            });
        return tbc;
    }
    let ic_hex = c.corporation(company.symbol()).is_some_and(|corp| {
        corp.abilities.iter().any(
            |a| matches!(a, Ability::FreeTileLays { hexes, .. } if hexes.iter().any(|h| h == hex)),
        )
    });
    (ic_hex && printed).then_some(c.game.minimum_tile_lay_cost)
}

/// What each tunnel (a mountain border) a lay of `company` crosses costs less: the TBC's $20,
/// for the corporation owning it (its `tile_discount` names the mountain terrain, which the
/// site's `border_cost_discount` applies to a border of that type too).
pub fn tunnel_discount(state: &State, company: Company) -> Option<(BorderKind, u32)> {
    if corporation_owning(state, Private::Tbc) != Some(company) {
        return None;
    }
    components()
        .private(Private::Tbc.id())?
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::TileDiscount {
                terrain, discount, ..
            } if terrain == "mountain" => Some((BorderKind::Mountain, *discount)),
            _ => None,
        })
}

/// Judges a lay by the operator in its turn.
pub fn judge_lay(
    state: &State,
    company: Company,
    turn: &CompanyTurn,
    lay: &TileLay,
) -> Result<PlannedLay, Violation> {
    before_routes(state, turn, "lay_tile")?;
    super::steps::track_step_open(turn, "lay_tile")?;
    if let Some(private) = crate::games::g1846::privates::joining_lay_due(state) {
        return Err(crate::games::g1846::privates::refuse_before_due_lay(
            private,
        ));
    }
    let c = components();
    let earlier: Vec<(String, LayKind)> = turn
        .lays
        .iter()
        .map(|l| (l.hex.to_string(), l.kind))
        .collect();
    let blocked = blocked_hexes(state);
    let discount = discount(state, company, &lay.hex).map(|d| (lay.hex.as_str(), d));
    let ctx = LayContext {
        cash: state.company(company).cash,
        earlier: &earlier,
        blocked: &blocked,
        discount,
        border_discount: tunnel_discount(state, company),
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
