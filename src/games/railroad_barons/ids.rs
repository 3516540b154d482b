//! The names things go by in actions, events and states.

use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

/// A player's seat. Player A is the first seat; the start player is either.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = RailroadBaronsSeat)]
pub enum Seat {
    A,
    B,
}

impl Seat {
    pub const ALL: [Seat; 2] = [Seat::A, Seat::B];

    pub fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// A Holding, named by its colour. `Colour::ALL` is the operating order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[schema(as = RailroadBaronsColour)]
pub enum Colour {
    Green,
    Black,
    Yellow,
    Red,
    Blue,
}

impl Colour {
    /// The operating order: Green, Black, Yellow, Red, Blue.
    pub const ALL: [Colour; 5] = [
        Colour::Green,
        Colour::Black,
        Colour::Yellow,
        Colour::Red,
        Colour::Blue,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Colour::Green => "green",
            Colour::Black => "black",
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Blue => "blue",
        };
        f.write_str(name)
    }
}

/// The five private Investors, named by their printed price.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = RailroadBaronsInvestor)]
pub enum Investor {
    /// Swaps the Priority Deal once per game.
    #[serde(rename = "investor_30")]
    Investor30,
    #[serde(rename = "investor_40")]
    Investor40,
    #[serde(rename = "investor_50")]
    Investor50,
    #[serde(rename = "investor_60")]
    Investor60,
    /// Comes with MS&C's Director certificate and the Dominion Atlantic.
    #[serde(rename = "investor_450")]
    Investor450,
}

impl Investor {
    pub const ALL: [Investor; 5] = [
        Investor::Investor30,
        Investor::Investor40,
        Investor::Investor50,
        Investor::Investor60,
        Investor::Investor450,
    ];

    /// Whether a Holding may be assigned this Investor (the $40, $50 and $60 ones).
    pub fn is_assignable(self) -> bool {
        matches!(
            self,
            Investor::Investor40 | Investor::Investor50 | Investor::Investor60
        )
    }
}

impl fmt::Display for Investor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Investor::Investor30 => "investor_30",
            Investor::Investor40 => "investor_40",
            Investor::Investor50 => "investor_50",
            Investor::Investor60 => "investor_60",
            Investor::Investor450 => "investor_450",
        };
        f.write_str(name)
    }
}
