//! What an action caused in 1846, with the figures.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::ids::{Company, Seat};
use super::state::Standing;
use crate::games::kit18xx::shares::{ShareEvent, ShareSource};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = G1846Event)]
pub enum Event {
    RoundStarted {
        round: RoundKind,
        number: u32,
    },
    RoundEnded {
        round: RoundKind,
        number: u32,
    },
    /// A player chose a card of the draft (a private, a minor or a blank).
    CardChosen {
        player: Seat,
        card: String,
        price: u32,
    },
    /// A player passed on the last card of the draft: its price drops.
    DraftPassed {
        player: Seat,
        card: String,
        price: u32,
    },
    /// At the end of the draft a player paid for a card chosen (a private or a minor).
    CardBought {
        player: Seat,
        card: String,
        price: u32,
    },
    /// A minor's owner took it over with its treasury from the bank.
    MinorFloated {
        corporation: Company,
        owner: Seat,
        treasury: u32,
    },
    Passed {
        player: Seat,
    },
    CompanyStarted {
        corporation: Company,
        president: Seat,
        share_price: u32,
        /// Double the price, paid into the treasury.
        paid: u32,
    },
    /// The IC's subsidy when it starts: its par price, from the bank.
    Subsidy {
        corporation: Company,
        amount: u32,
    },
    SharesBought {
        player: Seat,
        corporation: Company,
        percent: u8,
        from: ShareSource,
        price: u32,
    },
    SharesSold {
        player: Seat,
        corporation: Company,
        percent: u8,
        received: u32,
    },
    SharePriceMoved {
        corporation: Company,
        from: u32,
        to: u32,
    },
    PresidentChanged {
        corporation: Company,
        from: Seat,
        to: Seat,
    },
    CompanyClosed {
        corporation: Company,
        /// Its trains, which leave the game with it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        trains: Vec<String>,
    },
    StationPlaced {
        corporation: Company,
        hex: String,
        city: u8,
        cost: u32,
    },
    PriorityDeal {
        player: Seat,
    },
    ReceivershipEnded {
        corporation: Company,
        president: Seat,
    },
    GameEnded {
        ranking: Vec<Standing>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = G1846RoundKind)]
pub enum RoundKind {
    Draft,
    StockRound,
    OperatingRound,
}

impl From<ShareEvent<Company>> for Event {
    fn from(event: ShareEvent<Company>) -> Event {
        match event {
            ShareEvent::RoundStarted { number } => Event::RoundStarted {
                round: RoundKind::StockRound,
                number,
            },
            ShareEvent::RoundEnded { number } => Event::RoundEnded {
                round: RoundKind::StockRound,
                number,
            },
            ShareEvent::Passed { player } => Event::Passed { player },
            ShareEvent::CompanyStarted {
                corporation,
                president,
                share_price,
                paid,
            } => Event::CompanyStarted {
                corporation,
                president,
                share_price,
                paid,
            },
            ShareEvent::SharesBought {
                player,
                corporation,
                percent,
                from,
                price,
            } => Event::SharesBought {
                player,
                corporation,
                percent,
                from,
                price,
            },
            ShareEvent::SharesSold {
                player,
                corporation,
                percent,
                received,
            } => Event::SharesSold {
                player,
                corporation,
                percent,
                received,
            },
            ShareEvent::SharePriceMoved {
                corporation,
                from,
                to,
            } => Event::SharePriceMoved {
                corporation,
                from,
                to,
            },
            ShareEvent::PresidentChanged {
                corporation,
                from,
                to,
            } => Event::PresidentChanged {
                corporation,
                from,
                to,
            },
            ShareEvent::CompanyClosed {
                corporation,
                trains,
            } => Event::CompanyClosed {
                corporation,
                trains,
            },
            ShareEvent::PriorityDeal { player } => Event::PriorityDeal { player },
            ShareEvent::ReceivershipEnded {
                corporation,
                president,
            } => Event::ReceivershipEnded {
                corporation,
                president,
            },
        }
    }
}
