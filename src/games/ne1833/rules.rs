//! The fixed rules of 1833NE (numbers printed in the rules, not on components) and the section
//! ids of docs/rules/1833ne.md that violations cite.

/// The share limits (60% a player, 50% the market, the 20% president's certificate, 10% shares)
/// are the kit's.
pub use crate::games::kit18xx::shares::{
    MARKET_LIMIT_PERCENT, PLAYER_LIMIT_PERCENT, PRESIDENT_PERCENT, SHARE_PERCENT,
};
/// A bid must beat the standing one by at least this much.
pub const BID_INCREMENT: u32 = 5;
/// When every player passes in the auction, owned privates pay their income this many times.
pub const AUCTION_PASS_PAYOUTS: u32 = 2;

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
    pub const SETUP: &str = "1833ne#setup";
    pub const TURNS: &str = "1833ne#turns";
    pub const AUCTION: &str = "1833ne#auction";
    pub const STOCK_ROUND: &str = "1833ne#stock-round";
    pub const STARTING: &str = "1833ne#starting-a-company";
    pub const BUYING: &str = "1833ne#buying-shares";
    pub const SELLING: &str = "1833ne#selling-shares";
    pub const PRESIDENCY: &str = "1833ne#presidency";
    pub const CERTIFICATE_LIMIT: &str = "1833ne#certificate-limit";
    pub const MARKET: &str = "1833ne#market";
    pub const OPERATING_ROUND: &str = "1833ne#operating-round";
    pub const MONEY: &str = "1833ne#money";
    pub const TRAINS: &str = "1833ne#trains-and-phases";
    pub const DIVIDENDS: &str = "1833ne#dividends";
    pub const ISSUES: &str = "1833ne#issuing-and-redeeming";
    pub const END: &str = "1833ne#end";
    pub const PRIVATES: &str = "1833ne#privates";
    pub const EMERGENCY: &str = "1833ne#emergency-money";
    pub const BANKRUPTCY: &str = "1833ne#bankruptcy";
    pub const RECEIVERSHIP: &str = "1833ne#receivership";

    pub const ALL: &[&str] = &[
        MAP,
        TRACK,
        UPGRADES,
        TRACK_COST,
        STATIONS,
        ROUTES,
        REVENUE,
        FERRIES,
        BONUSES,
        SETUP,
        TURNS,
        AUCTION,
        STOCK_ROUND,
        STARTING,
        BUYING,
        SELLING,
        PRESIDENCY,
        CERTIFICATE_LIMIT,
        MARKET,
        OPERATING_ROUND,
        MONEY,
        TRAINS,
        DIVIDENDS,
        ISSUES,
        END,
        PRIVATES,
        EMERGENCY,
        BANKRUPTCY,
        RECEIVERSHIP,
    ];
}
