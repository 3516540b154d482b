//! Companies buying privates (docs/rules/1833ne.md#privates): in phases I and II, for $1 up to
//! the printed price (the D&H $40 more, to the bank), with the owner's acceptance when the owner
//! is not the president.

use super::expect_president;
use crate::core::Violation;
use crate::games::kit18xx::buying_privates::{self as kit, check_acceptance};
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::data::components;
use crate::games::ne1833::emergency;
use crate::games::ne1833::event::Event;
use crate::games::ne1833::ids::{Company, Private, Seat};
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{FreeTile, PrivateOwner, Round, State};

/// The surcharge a company pays the bank on top of P6's price.
pub const D_AND_H_SURCHARGE: u32 = 40;

/// Phases I-II: companies may buy privates.
const LAST_PRIVATE_PHASE: u8 = 1;

/// The price range for buying a private: $1 to its printed price, within the company's cash.
pub fn private_price_range(state: &State, company: Company, private: Private) -> (u32, u32) {
    let face = components().privates[private.index()].value;
    let surcharge = if private == Private::P6 {
        D_AND_H_SURCHARGE
    } else {
        0
    };
    (
        1,
        face.min(state.company(company).cash.saturating_sub(surcharge)),
    )
}

pub fn buy_company(
    state: &mut State,
    player: Seat,
    private: Private,
    price: u32,
    accepted_by: Option<Seat>,
) -> Result<Vec<Event>, Violation> {
    let (company, turn) = expect_president(state, player, "buy_company")?;
    emergency::refuse_private_purchase(state, company, &turn)?;
    let owner = seller(state, player, private, accepted_by)?;
    judge_price(state, company, private, price)?;
    let surcharge = if private == Private::P6 {
        D_AND_H_SURCHARGE
    } else {
        0
    };
    let e = state.company_mut(company);
    e.cash -= price + surcharge;
    state.player_mut(owner).cash += price;
    state.bank += i64::from(surcharge);
    state.privates[private.index()].owner = PrivateOwner::Company { company };
    if private == Private::P2
        && let Round::OperatingRound {
            after_stock_round,
            number,
            ..
        } = state.round
    {
        state.lowell_free_tile = Some(FreeTile {
            company,
            after_stock_round,
            operating_round: number,
        });
    }
    Ok(vec![Event::PrivateSold {
        company: private,
        from: owner,
        to: company,
        price,
        surcharge,
    }])
}

/// Who sells `private`: its owner, a player, in phases I and II, while it is open; the
/// president sells it without acceptance, another player with theirs.
fn seller(
    state: &State,
    player: Seat,
    private: Private,
    accepted_by: Option<Seat>,
) -> Result<Seat, Violation> {
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::PRIVATES, m));
    if state.phase > LAST_PRIVATE_PHASE {
        return refuse(
            "privates_not_for_sale",
            "companies buy privates only in phases I and II".to_string(),
        );
    }
    let p = state.private(private);
    let PrivateOwner::Player { seat: owner } = p.owner else {
        return refuse(
            "not_a_players_private",
            format!("{private} is not a player's"),
        );
    };
    if p.closed {
        return refuse("private_closed", format!("{private} is closed"));
    }
    check_acceptance(
        section::PRIVATES,
        player,
        owner,
        accepted_by,
        &private.to_string(),
    )?;
    Ok(owner)
}

/// A private sells for $1 to its printed price, within the company's cash (the D&H's surcharge
/// on top).
fn judge_price(
    state: &State,
    company: Company,
    private: Private,
    price: u32,
) -> Result<(), Violation> {
    let (_, max) = private_price_range(state, company, private);
    let face = components().privates[private.index()].value;
    kit::judge_price(
        section::PRIVATES,
        &private.to_string(),
        price,
        face,
        &company.to_string(),
        max,
        state.company(company).cash,
    )
}
