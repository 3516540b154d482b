//! The section ids of docs/rules/1833ne.md that violations cite.

pub mod section {
    pub const MAP: &str = "1833ne#map";
    pub const TRACK: &str = "1833ne#track";
    pub const UPGRADES: &str = "1833ne#upgrades";
    pub const TRACK_COST: &str = "1833ne#track-cost";
    pub const STATIONS: &str = "1833ne#stations";
    pub const ROUTES: &str = "1833ne#routes";
    pub const REVENUE: &str = "1833ne#revenue";
    pub const FERRIES: &str = "1833ne#ferries";
    pub const BONUSES: &str = "1833ne#bonuses";

    pub const ALL: &[&str] = &[
        MAP, TRACK, UPGRADES, TRACK_COST, STATIONS, ROUTES, REVENUE, FERRIES, BONUSES,
    ];
}
