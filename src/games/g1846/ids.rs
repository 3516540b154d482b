//! The names of seats, corporations, minors and privates in 1846's actions, events and states.

use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

use crate::games::kit18xx::table::CompanyId;
pub use crate::games::kit18xx::table::Seat;

/// One of the seven corporations or the two minors, by its symbol. The minors (Michigan
/// Southern, Big 4) operate as the corporations do but have no shares: their owner runs them.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = G1846Company)]
pub enum Company {
    #[serde(rename = "PRR")]
    Prr,
    #[serde(rename = "NYC")]
    Nyc,
    #[serde(rename = "B&O")]
    Bo,
    #[serde(rename = "C&O")]
    Co,
    #[serde(rename = "ERIE")]
    Erie,
    #[serde(rename = "GT")]
    Gt,
    #[serde(rename = "IC")]
    Ic,
    #[serde(rename = "MS")]
    Ms,
    #[serde(rename = "BIG4")]
    Big4,
}

impl Company {
    /// The corporations in the order of the component data, then the minors in theirs.
    pub const ALL: [Company; 9] = [
        Company::Prr,
        Company::Nyc,
        Company::Bo,
        Company::Co,
        Company::Erie,
        Company::Gt,
        Company::Ic,
        Company::Ms,
        Company::Big4,
    ];

    pub const CORPORATIONS: [Company; 7] = [
        Company::Prr,
        Company::Nyc,
        Company::Bo,
        Company::Co,
        Company::Erie,
        Company::Gt,
        Company::Ic,
    ];

    pub const MINORS: [Company; 2] = [Company::Ms, Company::Big4];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn is_minor(self) -> bool {
        Company::MINORS.contains(&self)
    }

    /// The symbol of the component data (`B&O`...).
    pub fn symbol(self) -> &'static str {
        match self {
            Company::Prr => "PRR",
            Company::Nyc => "NYC",
            Company::Bo => "B&O",
            Company::Co => "C&O",
            Company::Erie => "ERIE",
            Company::Gt => "GT",
            Company::Ic => "IC",
            Company::Ms => "MS",
            Company::Big4 => "BIG4",
        }
    }

    pub fn from_symbol(symbol: &str) -> Option<Company> {
        Company::ALL.into_iter().find(|c| c.symbol() == symbol)
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

    fn has_shares(self) -> bool {
        !self.is_minor()
    }
}

impl fmt::Display for Company {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// One of the private companies, by its id in the component data.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = G1846Private)]
pub enum Private {
    #[serde(rename = "C&WI")]
    Cwi,
    #[serde(rename = "MAIL")]
    Mail,
    #[serde(rename = "TBC")]
    Tbc,
    #[serde(rename = "MPC")]
    Mpc,
    #[serde(rename = "SC")]
    Sc,
    #[serde(rename = "LSL")]
    Lsl,
    #[serde(rename = "MC")]
    Mc,
    #[serde(rename = "O&I")]
    Oi,
    #[serde(rename = "BT")]
    Bt,
    #[serde(rename = "LM")]
    Lm,
}

impl Private {
    /// In the order of the component data.
    pub const ALL: [Private; 10] = [
        Private::Cwi,
        Private::Mail,
        Private::Tbc,
        Private::Mpc,
        Private::Sc,
        Private::Lsl,
        Private::Mc,
        Private::Oi,
        Private::Bt,
        Private::Lm,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Private::Cwi => "C&WI",
            Private::Mail => "MAIL",
            Private::Tbc => "TBC",
            Private::Mpc => "MPC",
            Private::Sc => "SC",
            Private::Lsl => "LSL",
            Private::Mc => "MC",
            Private::Oi => "O&I",
            Private::Bt => "BT",
            Private::Lm => "LM",
        }
    }

    pub fn from_id(id: &str) -> Option<Private> {
        Private::ALL.into_iter().find(|p| p.id() == id)
    }
}

impl fmt::Display for Private {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
