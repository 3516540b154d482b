//! Laying track in 1846 (docs/rules/1846.md#track): the kit's laying of track with 1846's
//! numbers (two lays a turn, at most one an upgrade, $20 the least a lay costs) and sections.

use super::data::{PhaseData, components};
pub use crate::games::kit18xx::track::*;

/// The sections track violations cite.
pub mod section {
    pub const MAP: &str = "1846#map";
    pub const TRACK: &str = "1846#track";
    pub const UPGRADES: &str = "1846#track";
    pub const TRACK_COST: &str = "1846#track";
}

/// 1846's rules of laying track, from its component data.
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
