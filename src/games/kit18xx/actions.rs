//! The actions every title of the family shares, handed to their rounds: a title's dispatch
//! reads its own action type and calls these for what is the same (buying and selling shares,
//! in the stock round or as the operating corporation's issue and redemption; buying trains).

use super::emergency::{emergency_issue, emergency_sale};
use super::operating_round::buying_trains::{buy_train, buy_train_from};
use super::operating_round::issues::{issue, redeem};
use super::operating_round::{OperatingTitle, current};
use super::shares::ShareSource;
use super::stock_round::{buy_shares, sell_shares};
use super::table::Seat;
use crate::core::Violation;

fn own_shares_only<S: OperatingTitle>(state: &S) -> Violation {
    Violation::new(
        "own_shares_only",
        state.operating_sections().issues,
        "a company issues and redeems its own shares: entity and corporation must be the same",
    )
}

/// `buy_shares`: a player's purchase in the stock round, or with `entity` the operating
/// corporation's redemption from the market.
pub fn buy_shares_action<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    corporation: S::Company,
    from: ShareSource,
    entity: Option<S::Company>,
    percent: Option<u8>,
) -> Result<Vec<S::Event>, Violation> {
    let percent = percent.unwrap_or(10);
    let Some(entity) = entity else {
        return buy_shares(state, player, corporation, from, percent);
    };
    if entity != corporation {
        return Err(own_shares_only(state));
    }
    if from != ShareSource::Market {
        return Err(Violation::new(
            "redeem_from_market",
            state.operating_sections().issues,
            "a company redeems its shares from the market",
        ));
    }
    redeem(state, player, corporation, percent)
}

/// `sell_shares`: a player's sale in the stock round, or in the operating round the
/// president's emergency sale; with `entity` the operating corporation's issue (an emergency
/// issue after its dividend).
pub fn sell_shares_action<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    corporation: S::Company,
    percent: u8,
    entity: Option<S::Company>,
) -> Result<Vec<S::Event>, Violation> {
    let operating = state.operating_round().is_some();
    match entity {
        Some(entity) if entity != corporation => Err(own_shares_only(state)),
        Some(_) => {
            let after_dividend = current(state)
                .is_some_and(|(_, t)| super::operating_round::TurnRecord::common(t).dividend_done);
            if after_dividend {
                emergency_issue(state, player, corporation, percent)
            } else {
                issue(state, player, corporation, percent)
            }
        }
        None if operating => emergency_sale(state, player, corporation, percent),
        None => sell_shares(state, player, corporation, percent),
    }
}

/// `buy_train`: from the depot (no seller, price or acceptance), or from another corporation
/// (its seller and the agreed price).
pub fn buy_train_action<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    train: &str,
    variant: &str,
    from: Option<S::Company>,
    price: Option<u32>,
    accepted_by: Option<Seat>,
) -> Result<Vec<S::Event>, Violation> {
    match (from, price) {
        (None, None) if accepted_by.is_none() => buy_train(state, player, train, variant),
        (Some(seller), Some(price)) => {
            buy_train_from(state, player, seller, train, variant, price, accepted_by)
        }
        _ => Err(Violation::new(
            "bad_train_purchase",
            state.operating_sections().trains,
            "from the depot: no from, price or accepted_by; from a company: from and price",
        )),
    }
}
