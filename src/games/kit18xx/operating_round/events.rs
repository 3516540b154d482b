//! What an operating round pays, sells and reports: payments, share sales, the end's reason and the
//! events, and each title's event type made from them.

use crate::games::kit18xx::market::DividendKind;
use crate::games::kit18xx::table::{Seat, Standing};

/// What a player received of a payout.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[schema(as = Kit18xxPayment)]
pub struct Payment {
    pub player: Seat,
    pub amount: u32,
}

/// Shares a bankrupt player sold, and what the bank paid for them.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub struct ShareSale<C> {
    pub corporation: C,
    pub percent: u8,
    pub received: u32,
}

/// Why the game ended.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = Kit18xxEndReason)]
pub enum EndReason {
    /// The bank ran out and the set of rounds is finished.
    BankBroken,
    /// All but one player went bankrupt.
    Bankruptcies,
    /// No company is open and none can be started any more.
    NothingCanChange,
    /// Every corporation in the game has closed (1846).
    AllClosed,
}

/// `From<OperatingEvent<$company>>` for a title's event type `$event`, whose variants of the
/// operating round carry the kit's fields under the same names (payments, sales and the end's
/// reason each made by `Into`, so a title may keep its own types for them), and whose
/// `RoundStarted`/`RoundEnded` name the round by `$round_kind::OperatingRound`. Written once
/// for the family's titles.
#[macro_export]
macro_rules! operating_events_into {
    ($event:ident, $company:ty, $round_kind:ident) => {
        impl From<$crate::games::kit18xx::operating_round::OperatingEvent<$company>> for $event {
            #[expect(
                clippy::too_many_lines,
                reason = "one arm per event of the operating round, each naming its fields"
            )]
            fn from(
                event: $crate::games::kit18xx::operating_round::OperatingEvent<$company>,
            ) -> $event {
                use $crate::games::kit18xx::operating_round::OperatingEvent as O;
                match event {
                    O::RoundStarted { number } => $event::RoundStarted {
                        round: $round_kind::OperatingRound,
                        number,
                    },
                    O::RoundEnded { number } => $event::RoundEnded {
                        round: $round_kind::OperatingRound,
                        number,
                    },
                    O::CompanyOperates {
                        corporation,
                        president,
                    } => $event::CompanyOperates {
                        corporation,
                        president,
                    },
                    O::SharesIssued {
                        corporation,
                        percent,
                        received,
                    } => $event::SharesIssued {
                        corporation,
                        percent,
                        received,
                    },
                    O::SharesRedeemed {
                        corporation,
                        percent,
                        paid,
                    } => $event::SharesRedeemed {
                        corporation,
                        percent,
                        paid,
                    },
                    O::RoutesRun {
                        corporation,
                        revenue,
                    } => $event::RoutesRun {
                        corporation,
                        revenue,
                    },
                    O::DividendsPaid {
                        corporation,
                        revenue,
                        kind,
                        per_share,
                        payments,
                        to_company,
                    } => $event::DividendsPaid {
                        corporation,
                        revenue,
                        kind,
                        per_share,
                        payments: payments.into_iter().map(Into::into).collect(),
                        to_company,
                    },
                    O::TrainsRemoved { card, trains } => $event::TrainsRemoved { card, trains },
                    O::TileLaid {
                        corporation,
                        hex,
                        tile,
                        rotation,
                        cost,
                    } => $event::TileLaid {
                        corporation,
                        hex,
                        tile,
                        rotation,
                        cost,
                    },
                    O::StationPlaced {
                        corporation,
                        hex,
                        city,
                        cost,
                    } => $event::StationPlaced {
                        corporation,
                        hex,
                        city,
                        cost,
                    },
                    O::TrainBought {
                        corporation,
                        train,
                        variant,
                        price,
                        president_paid,
                    } => $event::TrainBought {
                        corporation,
                        train,
                        variant,
                        price,
                        president_paid,
                    },
                    O::TrainSold {
                        from,
                        to,
                        train,
                        variant,
                        price,
                    } => $event::TrainSold {
                        from,
                        to,
                        train,
                        variant,
                        price,
                    },
                    O::TrainDiscarded { corporation, train } => {
                        $event::TrainDiscarded { corporation, train }
                    }
                    O::PhaseChanged { phase } => $event::PhaseChanged { phase },
                    O::TrainsPhasedOut { card } => $event::TrainsPhasedOut { card },
                    O::PlayerBankrupt {
                        player,
                        corporation,
                        cash_to_company,
                        sold,
                    } => $event::PlayerBankrupt {
                        player,
                        corporation,
                        cash_to_company,
                        sold: sold.into_iter().map(Into::into).collect(),
                    },
                    O::ReceivershipStarted { corporation } => {
                        $event::ReceivershipStarted { corporation }
                    }
                    O::GameEnded { ranking, reason } => $event::GameEnded {
                        ranking,
                        reason: reason.into(),
                    },
                }
            }
        }
    };
}

/// What the kit's operating rounds did; a title's event type is made from these (and from
/// [`super::shares::ShareEvent`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OperatingEvent<C> {
    RoundStarted {
        number: u32,
    },
    RoundEnded {
        number: u32,
    },
    CompanyOperates {
        corporation: C,
        president: Option<Seat>,
    },
    SharesIssued {
        corporation: C,
        percent: u8,
        received: u32,
    },
    SharesRedeemed {
        corporation: C,
        percent: u8,
        paid: u32,
    },
    RoutesRun {
        corporation: C,
        revenue: u32,
    },
    DividendsPaid {
        corporation: C,
        revenue: u32,
        kind: DividendKind,
        per_share: u32,
        payments: Vec<Payment>,
        to_company: u32,
    },
    TrainsRemoved {
        card: String,
        trains: Vec<String>,
    },
    TileLaid {
        corporation: C,
        hex: String,
        tile: String,
        rotation: u8,
        cost: u32,
    },
    StationPlaced {
        corporation: C,
        hex: String,
        city: u8,
        cost: u32,
    },
    TrainBought {
        corporation: C,
        train: String,
        variant: String,
        price: u32,
        /// What the president paid of it (a company without a train).
        president_paid: u32,
    },
    /// A company bought a train from another company.
    TrainSold {
        from: C,
        to: C,
        train: String,
        /// The side the buyer chose for it.
        variant: String,
        price: u32,
    },
    TrainDiscarded {
        corporation: C,
        train: String,
    },
    PhaseChanged {
        phase: String,
    },
    TrainsPhasedOut {
        card: String,
    },
    /// A president who could not pay for the company's train is out: every share sold
    /// (`sold`), and all their cash, the proceeds included, given to the company.
    PlayerBankrupt {
        player: Seat,
        corporation: C,
        cash_to_company: u32,
        sold: Vec<ShareSale<C>>,
    },
    /// A company left without a president enters receivership.
    ReceivershipStarted {
        corporation: C,
    },
    GameEnded {
        ranking: Vec<Standing>,
        reason: EndReason,
    },
}
