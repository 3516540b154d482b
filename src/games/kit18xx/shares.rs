//! Shares in the state: a corporation's price on the market, its moves, its president and its
//! closing. How far a price moves is [`super::market`]'s; this moves it on a title's state
//! through [`Shares`], and says what happened in the kit's [`ShareEvent`]s, which each title
//! turns into its own events.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::board::Board;
use super::table::{CompanyId, Seat, Table};

/// A player may hold at most this percent of a corporation.
pub const PLAYER_LIMIT_PERCENT: u8 = 60;
/// At most this percent of a corporation may be in the market.
pub const MARKET_LIMIT_PERCENT: u8 = 50;
/// The president's certificate.
pub const PRESIDENT_PERCENT: u8 = 20;
/// One share.
pub const SHARE_PERCENT: u8 = 10;

/// Where a bought share comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Kit18xxShareSource)]
pub enum ShareSource {
    /// The company's treasury: the price goes to the company.
    Treasury,
    /// The market: the price goes to the bank.
    Market,
}

/// `From<ShareEvent<$company>>` for a title's event type `$event`, whose variants of the stock
/// round carry the kit's fields under the same names, and whose `RoundStarted`/`RoundEnded`
/// name the round by `$round_kind::StockRound`. Written once for the family's titles.
#[macro_export]
macro_rules! share_events_into {
    ($event:ident, $company:ty, $round_kind:ident) => {
        impl From<$crate::games::kit18xx::shares::ShareEvent<$company>> for $event {
            fn from(event: $crate::games::kit18xx::shares::ShareEvent<$company>) -> $event {
                use $crate::games::kit18xx::shares::ShareEvent as S;
                match event {
                    S::RoundStarted { number } => $event::RoundStarted {
                        round: $round_kind::StockRound,
                        number,
                    },
                    S::RoundEnded { number } => $event::RoundEnded {
                        round: $round_kind::StockRound,
                        number,
                    },
                    S::Passed { player } => $event::Passed { player },
                    S::CompanyStarted {
                        corporation,
                        president,
                        share_price,
                        paid,
                    } => $event::CompanyStarted {
                        corporation,
                        president,
                        share_price,
                        paid,
                    },
                    S::SharesBought {
                        player,
                        corporation,
                        percent,
                        from,
                        price,
                    } => $event::SharesBought {
                        player,
                        corporation,
                        percent,
                        from,
                        price,
                    },
                    S::SharesSold {
                        player,
                        corporation,
                        percent,
                        received,
                    } => $event::SharesSold {
                        player,
                        corporation,
                        percent,
                        received,
                    },
                    S::SharePriceMoved {
                        corporation,
                        from,
                        to,
                    } => $event::SharePriceMoved {
                        corporation,
                        from,
                        to,
                    },
                    S::PresidentChanged {
                        corporation,
                        from,
                        to,
                    } => $event::PresidentChanged {
                        corporation,
                        from,
                        to,
                    },
                    S::CompanyClosed {
                        corporation,
                        trains,
                    } => $event::CompanyClosed {
                        corporation,
                        trains,
                    },
                    S::PriorityDeal { player } => $event::PriorityDeal { player },
                    S::ReceivershipEnded {
                        corporation,
                        president,
                    } => $event::ReceivershipEnded {
                        corporation,
                        president,
                    },
                }
            }
        }
    };
}

/// What the kit's share rules did; a title's event type is made from these.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareEvent<C> {
    RoundStarted {
        number: u32,
    },
    RoundEnded {
        number: u32,
    },
    Passed {
        player: Seat,
    },
    CompanyStarted {
        corporation: C,
        president: Seat,
        share_price: u32,
        paid: u32,
    },
    SharesBought {
        player: Seat,
        corporation: C,
        percent: u8,
        from: ShareSource,
        price: u32,
    },
    SharesSold {
        player: Seat,
        corporation: C,
        percent: u8,
        received: u32,
    },
    SharePriceMoved {
        corporation: C,
        from: u32,
        to: u32,
    },
    PresidentChanged {
        corporation: C,
        from: Seat,
        to: Seat,
    },
    CompanyClosed {
        corporation: C,
        trains: Vec<String>,
    },
    PriorityDeal {
        player: Seat,
    },
    ReceivershipEnded {
        corporation: C,
        president: Seat,
    },
}

/// A title's state as the share rules read it.
pub trait Shares: Table {
    type Event: From<ShareEvent<Self::Company>>;

    /// The market's prices, left to right.
    fn market(&self) -> &'static [u32];
    /// A corporation whose price reaches one of these closes.
    fn closing_prices(&self) -> &'static [u32];
    /// Whether a corporation reaching a closing price waits to close until the automatic
    /// turn in progress is over ([`Shares::hold_closing`]).
    fn closing_held(&self) -> bool {
        false
    }
    /// Holds (or releases) closings at a closing price: a title whose site plays a company's
    /// whole automatic turn inside one action, closing it only once that action is over
    /// (18xx.games `action_processed`), holds them for the turn; by default closing is at once.
    fn hold_closing(&mut self, _held: bool) {}
    /// Counts moves onto market spaces, so the first to arrive on a price goes first.
    fn arrivals_mut(&mut self) -> &mut u32;
    fn board_mut(&mut self) -> &mut Board;
    /// What closing takes from the title's own pieces (1833NE's ferries and free tile, the
    /// privates the corporation owns).
    fn on_close(&mut self, company: Self::Company);
}

/// The corporation's share price in dollars, if started.
pub fn price<S: Shares>(state: &S, company: S::Company) -> Option<u32> {
    let index = state.company(company).price?;
    state.market().get(usize::from(index)).copied()
}

/// Moves the price `steps` spaces (negative: left), clamped at both ends; a corporation
/// reaching a closing space closes.
pub fn move_price<S: Shares>(
    state: &mut S,
    company: S::Company,
    steps: i32,
    events: &mut Vec<S::Event>,
) {
    let market = state.market();
    let Some(from) = state.company(company).price else {
        return;
    };
    let Ok(to) = u8::try_from(super::market::step(market, usize::from(from), steps)) else {
        return;
    };
    if to == from {
        return;
    }
    let arrivals = state.arrivals_mut();
    *arrivals += 1;
    let arrived = *arrivals;
    let entry = state.company_mut(company);
    entry.price = Some(to);
    entry.arrived = arrived;
    events.push(
        ShareEvent::SharePriceMoved {
            corporation: company,
            from: market[usize::from(from)],
            to: market[usize::from(to)],
        }
        .into(),
    );
    if state.closing_prices().contains(&market[usize::from(to)]) && !state.closing_held() {
        close(state, company, events);
    }
}

/// A corporation closes (1846 8.1): it leaves the game with its shares, stations and trains
/// (the trains leave the game, not for the depot); its treasury goes to the bank.
pub fn close<S: Shares>(state: &mut S, company: S::Company, events: &mut Vec<S::Event>) {
    let ledger = state.ledger();
    let entry = &mut ledger.companies[company.index()];
    *ledger.bank += i64::from(entry.cash);
    entry.cash = 0;
    entry.closed = true;
    entry.holdings.clear();
    entry.treasury_shares = 0;
    entry.market_shares = 0;
    entry.president = None;
    entry.receivership = false;
    let trains = state.remove_trains(company, |_| true);
    let symbol = company.symbol();
    state.board_mut().stations.retain(|s| s.company != symbol);
    state.on_close(company);
    events.push(
        ShareEvent::CompanyClosed {
            corporation: company,
            trains: trains.into_iter().map(String::from).collect(),
        }
        .into(),
    );
}

/// The president changes when another player holds strictly more; among several, the first
/// after the president in turn order. They swap the certificate for two shares.
pub fn update_president<S: Shares>(state: &mut S, company: S::Company, events: &mut Vec<S::Event>) {
    let Some(president) = state.company(company).president else {
        return;
    };
    let held = state.company(company).percent_of(president);
    let mut seat = president;
    let mut best: Option<(Seat, u8)> = None;
    for _ in 1..state.players().len() {
        seat = state.next_seat(seat);
        let p = state.company(company).percent_of(seat);
        if p > held && p >= PRESIDENT_PERCENT && best.is_none_or(|(_, b)| p > b) {
            best = Some((seat, p));
        }
    }
    if let Some((to, _)) = best {
        state.company_mut(company).president = Some(to);
        events.push(
            ShareEvent::PresidentChanged {
                corporation: company,
                from: president,
                to,
            }
            .into(),
        );
    }
}
