//! The names of seats, companies and privates in actions, events and states.

use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

use crate::games::kit18xx::table::CompanyId;
pub use crate::games::kit18xx::table::Seat;

/// One of the nine companies (corporations), by its symbol.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = Ne1833Company)]
pub enum Company {
    #[serde(rename = "CV")]
    Cv,
    #[serde(rename = "FRR")]
    Frr,
    #[serde(rename = "StL&A")]
    StLa,
    #[serde(rename = "A&StL")]
    AStl,
    #[serde(rename = "B&L")]
    Bl,
    #[serde(rename = "RR")]
    Rr,
    #[serde(rename = "HR")]
    Hr,
    #[serde(rename = "B&P")]
    Bp,
    #[serde(rename = "BW")]
    Bw,
}

impl Company {
    /// In the order of the component data.
    pub const ALL: [Company; 9] = [
        Company::Cv,
        Company::Frr,
        Company::StLa,
        Company::AStl,
        Company::Bl,
        Company::Rr,
        Company::Hr,
        Company::Bp,
        Company::Bw,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The symbol of the component data (`B&L`...).
    pub fn symbol(self) -> &'static str {
        match self {
            Company::Cv => "CV",
            Company::Frr => "FRR",
            Company::StLa => "StL&A",
            Company::AStl => "A&StL",
            Company::Bl => "B&L",
            Company::Rr => "RR",
            Company::Hr => "HR",
            Company::Bp => "B&P",
            Company::Bw => "BW",
        }
    }
}

impl CompanyId for Company {
    fn all() -> &'static [Company] {
        &Company::ALL
    }

    fn index(self) -> usize {
        self as usize
    }

    fn symbol(self) -> &'static str {
        Company::symbol(self)
    }
}

impl fmt::Display for Company {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// One of the six private companies.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = Ne1833Private)]
pub enum Private {
    P1,
    P2,
    P3,
    P4,
    P5,
    P6,
}

impl Private {
    /// In price order (the auction's order).
    pub const ALL: [Private; 6] = [
        Private::P1,
        Private::P2,
        Private::P3,
        Private::P4,
        Private::P5,
        Private::P6,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Private {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}
