//! Laying track in 1833NE (docs/rules/1833ne.md#track, #upgrades, #track-cost): the kit's
//! laying of track (`kit18xx::track`) with 1833NE's numbers and sections. What its privates
//! change (P2's discount, P3's free lays, blocked hexes) the operating round puts in the
//! `LayContext`.

use super::data::{PhaseData, components};
use super::rules::section;
pub use crate::games::kit18xx::track::*;

/// 1833NE's rules of laying track: two lays a turn, one of them an upgrade, $20 the least.
pub fn lay_rules() -> &'static LayRules {
    static RULES: std::sync::OnceLock<LayRules> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        let game = &components().game;
        LayRules {
            map: section::MAP,
            track: section::TRACK,
            upgrades: section::UPGRADES,
            cost: section::TRACK_COST,
            lays_per_turn: game.tile_lays_per_turn,
            upgrades_per_turn: game.max_upgrades_per_turn,
            minimum_cost: game.minimum_tile_lay_cost,
        }
    })
}

/// The tiles a phase allows, as the kit reads them.
pub fn phase_tiles(phase: &PhaseData) -> PhaseTiles<'_> {
    PhaseTiles {
        name: &phase.name,
        tiles: &phase.tiles,
    }
}
