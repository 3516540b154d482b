//! Issuing and redeeming shares (1846 6.3): the operating company, once a turn, before its
//! dividend, within its treasury and the market's 50%.

use super::{OperatingEvent, OperatingTitle, TurnRecord, expect_president, set_turn};
use crate::core::Violation;
use crate::games::kit18xx::market;
use crate::games::kit18xx::shares::{MARKET_LIMIT_PERCENT, SHARE_PERCENT};
use crate::games::kit18xx::table::Seat;

/// How much the company may issue: shares players hold less shares in the market, within its
/// treasury and the market's 50%.
pub fn issuable<S: OperatingTitle>(state: &S, company: S::Company) -> u8 {
    let e = state.company(company);
    let held: u8 = e.holdings.values().sum();
    held.saturating_sub(e.market_shares)
        .min(e.treasury_shares)
        .min(MARKET_LIMIT_PERCENT.saturating_sub(e.market_shares))
}

/// An issue or a redemption: by the operating company, once, before its dividend.
fn expect_share_move<S: OperatingTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    action: &str,
) -> Result<S::Turn, Violation> {
    let (operating, turn) = expect_president(state, player, action)?;
    let issues = state.operating_sections().issues;
    let refuse = |code: &str, m: String| Err(Violation::new(code, issues, m));
    if company != operating {
        return refuse(
            "not_operating",
            format!("only the operating company, {operating}, may issue or redeem now"),
        );
    }
    let common = turn.common();
    if common.dividend_done || common.shares_moved {
        return refuse(
            "issue_closed",
            "a company issues or redeems once, before paying dividends".to_string(),
        );
    }
    if common.revenue.is_none() && state.routes_skipped(company) {
        return refuse(
            "issue_closed",
            format!(
                "{company}'s track step is over and it can run nothing: its routes and dividend are made, before any issue"
            ),
        );
    }
    if let Some(revenue) = common.revenue
        && !state.has_dividend_step(company, revenue)
    {
        return refuse(
            "issue_closed",
            format!(
                "{company}'s ${revenue} has no dividend step: its dividend is made with its routes, before any issue"
            ),
        );
    }
    Ok(turn)
}

pub fn issue<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<Vec<S::Event>, Violation> {
    let mut turn = expect_share_move(state, player, company, "sell_shares")?;
    let issues = state.operating_sections().issues;
    let refuse = |code: &str, m: String| Err(Violation::new(code, issues, m));
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
    let received = market::voluntary_issue(state.market(), usize::from(index), shares).total;
    state.bank_pays_company(company, received);
    let e = state.company_mut(company);
    e.treasury_shares -= percent;
    e.market_shares += percent;
    *turn.common_mut().shares_moved = true;
    set_turn(state, turn);
    Ok(vec![
        OperatingEvent::SharesIssued {
            corporation: company,
            percent,
            received,
        }
        .into(),
    ])
}

pub fn redeem<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<Vec<S::Event>, Violation> {
    let mut turn = expect_share_move(state, player, company, "buy_shares")?;
    let issues = state.operating_sections().issues;
    let refuse = |code: &str, m: String| Err(Violation::new(code, issues, m));
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
    let paid = market::redemption(state.market(), usize::from(index), shares).total;
    if state.company(company).cash < paid {
        return refuse(
            "insufficient_cash",
            format!(
                "redeeming {percent}% costs ${paid}; {company} has ${}",
                state.company(company).cash
            ),
        );
    }
    state.company_pays_bank(company, paid);
    let e = state.company_mut(company);
    e.market_shares -= percent;
    e.treasury_shares += percent;
    *turn.common_mut().shares_moved = true;
    set_turn(state, turn);
    Ok(vec![
        OperatingEvent::SharesRedeemed {
            corporation: company,
            percent,
            paid,
        }
        .into(),
    ])
}
