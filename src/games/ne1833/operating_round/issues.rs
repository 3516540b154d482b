//! Issuing and redeeming shares (docs/rules/1833ne.md#issuing-and-redeeming): the operating
//! company, once a turn, before its dividend, within its treasury and the market's 50%.

use super::{expect_president, set_turn};
use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::data::components;
use crate::games::ne1833::event::Event;
use crate::games::ne1833::ids::{Company, Seat};
use crate::games::ne1833::market;
use crate::games::ne1833::rules::{MARKET_LIMIT_PERCENT, SHARE_PERCENT, section};
use crate::games::ne1833::state::{CompanyTurn, State};

/// How much the company may issue: shares players hold less shares in the market, within its
/// treasury and the market's 50%.
pub fn issuable(state: &State, company: Company) -> u8 {
    let e = state.company(company);
    let held: u8 = e.holdings.values().sum();
    held.saturating_sub(e.market_shares)
        .min(e.treasury_shares)
        .min(MARKET_LIMIT_PERCENT.saturating_sub(e.market_shares))
}

/// An issue or a redemption: by the operating company, once, before its dividend.
fn expect_share_move(
    state: &State,
    player: Seat,
    company: Company,
    action: &str,
) -> Result<CompanyTurn, Violation> {
    let (operating, turn) = expect_president(state, player, action)?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::ISSUES, m));
    if company != operating {
        return refuse(
            "not_operating",
            format!("only the operating company, {operating}, may issue or redeem now"),
        );
    }
    if turn.dividend_done || turn.shares_moved {
        return refuse(
            "issue_closed",
            "a company issues or redeems once, before paying dividends".to_string(),
        );
    }
    Ok(turn)
}

pub fn issue(
    state: &mut State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_share_move(state, player, company, "sell_shares")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::ISSUES, m));
    if percent == 0 || !percent.is_multiple_of(SHARE_PERCENT) || percent > issuable(state, company)
    {
        return refuse(
            "cannot_issue",
            format!(
                "{company} may issue up to {}% (shares players hold less those in the market), not {percent}%",
                issuable(state, company)
            ),
        );
    }
    let Some(index) = state.company(company).price else {
        return refuse("not_started", format!("{company} has not started"));
    };
    let shares = u32::from(percent / SHARE_PERCENT);
    let received = market::voluntary_issue(&components().market, usize::from(index), shares).total;
    state.bank_pays_company(company, received);
    let e = state.company_mut(company);
    e.treasury_shares -= percent;
    e.market_shares += percent;
    turn.shares_moved = true;
    set_turn(state, turn);
    Ok(vec![Event::SharesIssued {
        corporation: company,
        percent,
        received,
    }])
}

pub fn redeem(
    state: &mut State,
    player: Seat,
    company: Company,
    percent: u8,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_share_move(state, player, company, "buy_shares")?;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section::ISSUES, m));
    let market = state.company(company).market_shares;
    if percent == 0 || !percent.is_multiple_of(SHARE_PERCENT) || percent > market {
        return refuse(
            "cannot_redeem",
            format!("{company} may redeem up to the {market}% in the market, not {percent}%"),
        );
    }
    let Some(index) = state.company(company).price else {
        return refuse("not_started", format!("{company} has not started"));
    };
    let shares = u32::from(percent / SHARE_PERCENT);
    let paid = market::redemption(&components().market, usize::from(index), shares).total;
    if state.company(company).cash < paid {
        return refuse(
            "insufficient_cash",
            format!(
                "redeeming {percent}% costs ${paid}; {company} has ${}",
                state.company(company).cash
            ),
        );
    }
    let e = state.company_mut(company);
    e.cash -= paid;
    e.market_shares -= percent;
    e.treasury_shares += percent;
    state.bank += i64::from(paid);
    turn.shares_moved = true;
    set_turn(state, turn);
    Ok(vec![Event::SharesRedeemed {
        corporation: company,
        percent,
        paid,
    }])
}
