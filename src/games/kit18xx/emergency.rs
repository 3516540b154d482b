//! Emergency money (1846 6.8; 1833NE's ruling R3, from 1846): a company that owns no train
//! after its dividend must buy one. Short of the cheapest depot train, it first issues shares
//! on the emergency terms (1846's `MUST_EMERGENCY_ISSUE_BEFORE_EBUY`); then its president's
//! cash may pay the rest, for any train the depot offers; a president still short sells
//! shares, but never more than the train needs. An emergency buys from the depot only (1846's
//! `EBUY_FROM_OTHERS = :never`). 1833NE and 1846 agree on all of it.

use super::operating_round::issues::issuable;
use super::operating_round::{
    OperatingEvent, OperatingTitle, TurnRecord, current, expect_president, set_turn,
};
use super::shares::{SHARE_PERCENT, move_price};
use super::table::{CompanyId, Seat};
use crate::core::Violation;

/// The price of the cheapest side of the depot's train, if the company owns no train (it must
/// buy one) and the depot has one.
pub fn needed_train<S: OperatingTitle>(state: &S, company: S::Company) -> Option<u32> {
    if !state.company(company).trains.is_empty() {
        return None;
    }
    super::trains::cheapest_available(state)
}

/// The company is in an emergency: after its dividend it owns no train and its treasury is
/// short of the cheapest one. Returns that train's price.
pub fn short<S: OperatingTitle>(state: &S, company: S::Company, turn: &S::Turn) -> Option<u32> {
    let need = needed_train(state, company)?;
    (turn.common().dividend_done && state.company(company).cash < need).then_some(need)
}

/// What the company and its president can spend together.
pub fn funds<S: OperatingTitle>(state: &S, company: S::Company) -> u32 {
    let president = state.company(company).president;
    state.company(company).cash + president.map_or(0, |p| state.player(p).cash)
}

/// The emergency issue of `shares` on today's market: what it raises and the price space after.
fn emergency_terms<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    shares: u8,
) -> Option<(u32, usize)> {
    let index = usize::from(state.company(company).price?);
    super::market::emergency_issue(state.market(), index, u32::from(shares))
        .map(|t| (t.total, t.space_after))
}

/// The most shares the company may issue in an emergency, each raising something.
pub fn most_emergency_shares<S: OperatingTitle>(state: &S, company: S::Company) -> u8 {
    let most = issuable(state, company) / SHARE_PERCENT;
    (1..=most)
        .take_while(|&n| emergency_terms(state, company, n).is_some())
        .last()
        .unwrap_or(0)
}

/// The shares the company must issue in an emergency: the fewest that pay for the train, or all
/// it can when even that is not enough (0 when none can be). No more than the train needs
/// (docs/rules/1833ne.md#emergency-money: only as many shares as the cheaper side of the
/// cheapest card needs).
pub fn emergency_shares<S: OperatingTitle>(state: &S, company: S::Company, need: u32) -> u8 {
    let cash = state.company(company).cash;
    let most = most_emergency_shares(state, company);
    (1..=most)
        .find(|&n| {
            emergency_terms(state, company, n).is_some_and(|(raised, _)| cash + raised >= need)
        })
        .unwrap_or(most)
}

/// What a title's emergency money aims at: which train the money is raised for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmergencyRule {
    /// The cheaper side of the depot's card (1833NE's ruling R3): the company issues exactly
    /// the fewest shares that pay for it, or all it can when even that is not enough; the
    /// president sells only while the two are short of it.
    CheaperSide,
    /// Either side (18xx.games' 1846, after the BGG rulings it cites: "cannot issue more shares
    /// than needed to buy the train from the bank (but may buy either variant)"). While its
    /// treasury is short of the dearer side and it has not issued in an emergency this turn,
    /// the company issues any number of shares from the fewest that pay for the cheaper side up
    /// to the fewest that pay for the dearer (the bundles taken by what they raise; when none
    /// pays for the cheaper side, the most it can: `emergency_issuable_bundles`); the president
    /// sells while the two are short of the dearer side (`needed_cash`: the depot's dearest
    /// price); and after each raise the train bought must cost more than what could pay before
    /// it (`buyable_train_variants`: no "weaker" train the money in hand already bought).
    EitherSide,
}

/// The numbers of shares the company may issue in an emergency now (empty: none), by the
/// title's rule ([`EmergencyRule`]).
pub fn allowed_emergency_issues<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    turn: &S::Turn,
) -> Vec<u8> {
    match state.emergency_rule() {
        EmergencyRule::CheaperSide => short(state, company, turn)
            .map(|need| emergency_shares(state, company, need))
            .filter(|&n| n > 0)
            .into_iter()
            .collect(),
        EmergencyRule::EitherSide => up_to_dearer_side(state, company, turn)
            .into_iter()
            .map(|(n, _)| n)
            .collect(),
    }
}

/// The emergency issues [`EmergencyRule::EitherSide`] allows, ordered by what they raise.
fn up_to_dearer_side<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    turn: &S::Turn,
) -> Vec<(u8, u32)> {
    let common = turn.common();
    let Some((cheaper, dearer)) = depot_sides(state, company) else {
        return vec![];
    };
    let cash = state.company(company).cash;
    if !common.dividend_done || common.emergency_issued || cash >= dearer {
        return vec![];
    }
    let mut bundles: Vec<(u8, u32)> = (1..=most_emergency_shares(state, company))
        .filter_map(|n| emergency_terms(state, company, n).map(|(raised, _)| (n, raised)))
        .collect();
    bundles.sort_by_key(|&(_, raised)| raised);
    let paying: Vec<(u8, u32)> = bundles
        .iter()
        .copied()
        .filter(|&(_, raised)| cash + raised >= cheaper)
        .collect();
    if paying.is_empty() {
        return bundles
            .iter()
            .copied()
            .max_by_key(|&(n, _)| n)
            .into_iter()
            .collect();
    }
    let last = paying
        .iter()
        .position(|&(_, raised)| cash + raised >= dearer)
        .unwrap_or(paying.len() - 1);
    paying[..=last].to_vec()
}

/// The prices of the cheaper and the dearer side of the depot's cheapest train (its next card,
/// or a discarded train when that is cheaper: 18xx.games' `min_depot_train`), if the company
/// owns no train (it must buy one) and the depot has one.
fn depot_sides<S: OperatingTitle>(state: &S, company: S::Company) -> Option<(u32, u32)> {
    if !state.company(company).trains.is_empty() {
        return None;
    }
    super::trains::cheapest_offer(state).map(|o| o.sides(state))
}

/// Issues `shares` on the emergency terms: the price moves a space left per share and each
/// brings the price one space left of the new one.
pub fn issue_on_emergency_terms<S: OperatingTitle>(
    state: &mut S,
    company: S::Company,
    shares: u8,
) -> Vec<S::Event> {
    let Some((received, after)) = emergency_terms(state, company, shares) else {
        return vec![];
    };
    let percent = shares * SHARE_PERCENT;
    state.bank_pays_company(company, received);
    let from = usize::from(state.company(company).price.unwrap_or(0));
    let e = state.company_mut(company);
    e.treasury_shares -= percent;
    e.market_shares += percent;
    let mut events = vec![
        OperatingEvent::SharesIssued {
            corporation: company,
            percent,
            received,
        }
        .into(),
    ];
    move_price(state, company, after as i32 - from as i32, &mut events);
    events
}

/// `sell_shares {entity: company}` after the dividend: the emergency issue. Allowed even when
/// the company issued or redeemed earlier in its turn (ruling R3a); exactly the shares
/// [`emergency_shares`] names.
pub fn emergency_issue<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<Vec<S::Event>, Violation> {
    let (operating, mut turn) = expect_president(state, player, "sell_shares")?;
    let refuse = |code: &str, m: String| {
        Err(Violation::new(
            code,
            state.operating_sections().emergency,
            m,
        ))
    };
    if company != operating {
        return refuse(
            "not_operating",
            format!("only the operating company, {operating}, may issue now"),
        );
    }
    let rule = state.emergency_rule();
    let in_emergency = match rule {
        EmergencyRule::CheaperSide => short(state, company, &turn).is_some(),
        EmergencyRule::EitherSide => depot_sides(state, company)
            .is_some_and(|(_, dearer)| state.company(company).cash < dearer),
    };
    if !in_emergency || !turn.common().dividend_done {
        return refuse(
            "issue_closed",
            "a company issues or redeems before paying dividends, or after them only to pay for its train".to_string(),
        );
    }
    let allowed = allowed_emergency_issues(state, company, &turn);
    let shares = percent / SHARE_PERCENT;
    if !percent.is_multiple_of(SHARE_PERCENT) || !allowed.contains(&shares) {
        let percents: Vec<String> = allowed
            .iter()
            .map(|n| format!("{}%", n * SHARE_PERCENT))
            .collect();
        let message = match rule {
            EmergencyRule::CheaperSide => format!(
                "to pay for its train {company} issues exactly {}% now (the fewest shares that pay, or all it can)",
                allowed.first().copied().unwrap_or(0) * SHARE_PERCENT
            ),
            EmergencyRule::EitherSide if allowed.is_empty() => {
                format!(
                    "{company} has no emergency issue left: it issued already, or none raises money"
                )
            }
            EmergencyRule::EitherSide => format!(
                "to pay for its train {company} issues one of {} now (from the fewest shares that pay for the cheaper side to the fewest that pay for the dearer, or all it can), not {percent}%",
                percents.join(", ")
            ),
        };
        return refuse("cannot_issue", message);
    }
    if rule == EmergencyRule::EitherSide {
        // What could pay before the last share of the bundle: the train must cost more.
        let bundles = up_to_dearer_side(state, company, &turn);
        let at = bundles.iter().position(|&(n, _)| n == shares).unwrap_or(0);
        let before_last = at
            .checked_sub(1)
            .and_then(|i| bundles.get(i))
            .map_or(0, |&(_, raised)| raised);
        turn.set_raised_from(state.company(company).cash + before_last);
    }
    *turn.common_mut().emergency_issued = true;
    set_turn(state, turn);
    Ok(issue_on_emergency_terms(state, company, shares))
}

/// A president short of the train even with the company's cash sells their own shares:
/// only while the funds are short of the train (R3e: a sale of two shares where one is
/// enough is refused), never losing the buying company's presidency (R3f) nor taking it to $0.
pub fn emergency_sale<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> Result<Vec<S::Event>, Violation> {
    let (operating, mut turn) = expect_president(state, player, "sell_shares")?;
    judge_emergency_sale(state, player, operating, &turn, company, percent)?;
    let before = funds(state, operating);
    let events = super::stock_round::perform_sale(state, player, company, percent);
    turn.record_emergency_sale(company.index());
    if state.emergency_rule() == EmergencyRule::EitherSide {
        // What could pay before the last share of the block, as for an issue: a block sold
        // past what the cheaper side needs obliges the dearer (18xx.games 1846: the variants
        // under the funds less the last share's price are refused).
        let after = funds(state, operating);
        let shares = u32::from(percent / SHARE_PERCENT).max(1);
        let last_share = (after - before) / shares;
        turn.set_raised_from(after - last_share);
    }
    set_turn(state, turn);
    super::operating_round::reorder_the_rest(state);
    Ok(events)
}

/// The price a president's emergency sale raises money for, if one may be made now: under
/// [`EmergencyRule::CheaperSide`] the cheaper side of the depot's card, the company being short
/// of it; under [`EmergencyRule::EitherSide`] its dearer side, whenever the company must buy a
/// train after its dividend: 18xx.games' 1846 offers the president `sell_shares` as soon as the
/// corporation cannot issue (g_1846 BuyTrain#actions), even with the cheaper side in the
/// treasury, and judges the sale against the depot's dearest price (`needed_cash`).
fn sale_raises_for<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    turn: &S::Turn,
) -> Option<u32> {
    match state.emergency_rule() {
        EmergencyRule::CheaperSide => short(state, company, turn),
        EmergencyRule::EitherSide => depot_sides(state, company)
            .filter(|_| turn.common().dividend_done)
            .and(super::trains::dearest_available(state)),
    }
}

/// Whether the price is the cheaper side of the train bought and the most the company may
/// spend is short of its dearer (under [`EmergencyRule::EitherSide`]): then that side is the
/// one it can buy, whatever it raised (18xx.games' `buyable_train_variants` offers only it,
/// before its "no weaker train" test). What it may spend: its treasury, and its president's
/// cash only while the treasury is short of the cheaper side of the depot's cheapest train
/// (`ebuy_president_can_contribute?`).
fn only_the_cheaper_side<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    train: super::trains::DepotTrain,
    price: u32,
) -> bool {
    if state.emergency_rule() != EmergencyRule::EitherSide {
        return false;
    }
    let Some((cheaper, dearer)) = super::trains::card_of(state, train)
        .and_then(|card| super::trains::side_prices(state, &card))
    else {
        return false;
    };
    // The president's cash counts only while the company must buy a train (it owns none) and
    // its treasury is short of the cheapest (g_1846 `president_may_contribute?`); a company
    // buying a second train spends its treasury alone.
    let treasury = state.company(company).cash;
    let power = match depot_sides(state, company) {
        Some((cheapest, _)) if treasury < cheapest => funds(state, company),
        _ => treasury,
    };
    price == cheaper && cheaper < dearer && power < dearer
}

pub fn judge_emergency_sale<S: OperatingTitle>(
    state: &S,
    player: Seat,
    operating: S::Company,
    turn: &S::Turn,
    company: S::Company,
    percent: u8,
) -> Result<(), Violation> {
    let refuse = |code: &str, m: String| {
        Err(Violation::new(
            code,
            state.operating_sections().emergency,
            m,
        ))
    };
    let Some(need) = sale_raises_for(state, operating, turn) else {
        return refuse(
            "no_emergency",
            "players sell shares in stock rounds; in an operating round only a president raising money for a train".to_string(),
        );
    };
    if !allowed_emergency_issues(state, operating, turn).is_empty() {
        return refuse(
            "issue_first",
            format!("{operating} must issue shares before its president sells"),
        );
    }
    let before = funds(state, operating);
    if before >= need {
        return refuse(
            "enough_raised",
            format!(
                "{operating} and its president have ${before} for a ${need} train: no more sales"
            ),
        );
    }
    if turn.sold_in_emergency(company.index()) {
        return refuse(
            "sold_this_turn",
            format!(
                "player {player} sold {company} already this turn: emergency sales are in blocks, once a company"
            ),
        );
    }
    let each = super::stock_round::judge_sale(state, player, company, SHARE_PERCENT)?;
    super::stock_round::judge_sale(state, player, company, percent)?;
    // The buying company's own limits first: a sale that breaks R3f and R3e both is refused
    // for the presidency, the rule no later sale can mend.
    if company == operating {
        if !keeps_presidency(state, player, company, percent) {
            return refuse(
                "presidency_would_change",
                format!("the sale would cost player {player} the presidency of {company}"),
            );
        }
        if state.company(company).price.is_some_and(|i| i <= 1) {
            return refuse(
                "company_would_close",
                format!("the sale would drop {company} to $0"),
            );
        }
    }
    let shares = u32::from(percent / SHARE_PERCENT);
    if before + (shares - 1) * each >= need {
        return refuse(
            "more_than_needed",
            format!(
                "{} share(s) of {company} at ${each} raise the ${} still needed: selling {shares} is more than the train needs",
                shares - 1,
                need - before
            ),
        );
    }
    Ok(())
}

/// Whether `player` is still `company`'s president after selling `percent` of it: no other
/// holder would hold more (R3f: no sale may change the presidency of the company buying the
/// train).
pub fn keeps_presidency<S: OperatingTitle>(
    state: &S,
    player: Seat,
    company: S::Company,
    percent: u8,
) -> bool {
    let entry = state.company(company);
    let after = entry.percent_of(player).saturating_sub(percent);
    !state
        .seats()
        .any(|s| s != player && entry.percent_of(s) > after)
}

/// What the president's emergency sales could raise at most: for each company, the largest
/// sale [`emergency_sale`] would accept now, at its price (18xx.games' `liquidity` in an
/// emergency: the dearest bundle of each company the train step lets them sell), a company in
/// receivership left out ([`counted_for_bankruptcy`]).
pub fn emergency_liquidity<S: OperatingTitle>(state: &S, player: Seat) -> u32 {
    let Some((operating, turn)) = current(state) else {
        return 0;
    };
    S::Company::all()
        .iter()
        .filter(|&&c| counted_for_bankruptcy(state, c))
        .map(|&c| {
            let largest = (10..=state.company(c).percent_of(player))
                .step_by(10)
                .rev()
                .find(|&p| judge_emergency_sale(state, player, operating, turn, c, p).is_ok());
            largest.map_or(0, |p| {
                super::shares::price(state, c).unwrap_or(0) * u32::from(p / 10)
            })
        })
        .sum()
}

/// Whether a bankruptcy counts the company's shares among what its president could still
/// raise, and sells them first with the price moving: not a company in receivership under
/// [`EmergencyRule::EitherSide`] (18xx.games' 1846 `sellable_bundles` offers none of its
/// shares, and its `liquidity` and `Bankrupt` read that; the train step still accepts their
/// emergency sale). Its shares go with the rest, the price unmoved.
pub fn counted_for_bankruptcy<S: OperatingTitle>(state: &S, company: S::Company) -> bool {
    !(state.emergency_rule() == EmergencyRule::EitherSide && state.company(company).receivership)
}

/// Whether the president has a sale left that [`emergency_sale`] would accept.
pub fn has_emergency_sale<S: OperatingTitle>(state: &S, player: Seat) -> bool {
    let Some((operating, turn)) = current(state) else {
        return false;
    };
    S::Company::all().iter().any(|&c| {
        (10..=state.company(c).percent_of(player))
            .step_by(10)
            .any(|p| judge_emergency_sale(state, player, operating, turn, c, p).is_ok())
    })
}

/// Judges a depot purchase against the emergency rules: what the president pays, `Ok(None)`
/// when the treasury pays alone. R3d's "after each issue or sale the company may only buy a
/// train it could not afford before it" holds by construction: issues and sales are made only
/// while the funds are short of the cheapest train the depot offers, so every train it offers
/// was out of reach before each raise.
pub fn judge_depot_purchase<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    turn: &S::Turn,
    train: super::trains::DepotTrain,
    price: u32,
) -> Result<Option<u32>, Violation> {
    let refuse = |code: &str, m: String| {
        Err(Violation::new(
            code,
            state.operating_sections().emergency,
            m,
        ))
    };
    if let Some(floor) = turn
        .raised_from()
        .filter(|&floor| price <= floor && !only_the_cheaper_side(state, company, train, price))
    {
        return refuse(
            "weaker_train",
            format!(
                "after raising emergency money {company} buys only a train dearer than the ${floor} it could pay before the last raise, not one for ${price}"
            ),
        );
    }
    let treasury = state.company(company).cash;
    if treasury >= price {
        return Ok(None);
    }
    if short(state, company, turn).is_none() {
        return refuse(
            "insufficient_cash",
            format!("the train costs ${price}; {company} has ${treasury}"),
        );
    }
    if !allowed_emergency_issues(state, company, turn).is_empty() {
        return refuse(
            "issue_first",
            format!(
                "{company} must issue shares (at the emergency terms) before its president pays"
            ),
        );
    }
    // Once the president's cash is needed, any train the depot offers, either side (R3d;
    // 1846 6.87: "it may freely buy from the bank any available phase or type of train").
    let available = funds(state, company);
    if available < price {
        return refuse(
            "insufficient_cash",
            format!(
                "the train costs ${price}; {company} and its president have ${available} in all"
            ),
        );
    }
    Ok(Some(price - treasury))
}

/// In an emergency, or after an emergency issue, a company buys only from the depot (R3b, R3c;
/// 1846: no emergency purchases from other corporations, and after a president's sale only
/// while the treasury is short of the depot's cheapest train). A title may let a company short of
/// the depot's train buy another company's with its own cash before any emergency issue
/// ([`OperatingTitle::buys_from_others_when_short`]).
pub fn refuse_purchase_from_others<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    turn: &S::Turn,
) -> Result<(), Violation> {
    let short_and_depot_only =
        short(state, company, turn).is_some() && !state.buys_from_others_when_short();
    // Under EitherSide every emergency issue and sale keeps `raised_from`, which a bankruptcy
    // clears (g_1846 `Bankrupt`: "so that the new president isn't restricted"). After an
    // emergency issue the depot alone sells (g_1846 `buyable_trains`); after a president's
    // sale only while the treasury is short of the depot's cheapest train (the site's
    // `buyable_trains`: with `EBUY_FROM_OTHERS = :never`, other companies' trains go when the
    // company's cash is under `min_depot_price` and a share was sold): a president may sell
    // while the treasury could pay for the cheapest (for the depot's dearest), and the company
    // then buys where it likes with its own cash.
    let treasury_short = super::trains::cheapest_available(state)
        .is_some_and(|cheapest| state.company(company).cash < cheapest);
    let raised = match state.emergency_rule() {
        EmergencyRule::EitherSide => {
            turn.raised_from().is_some() && (turn.common().emergency_issued || treasury_short)
        }
        EmergencyRule::CheaperSide => {
            turn.common().emergency_issued || turn.raised_from().is_some()
        }
    };
    if raised || short_and_depot_only {
        return Err(Violation::new(
            "emergency_depot_only",
            state.operating_sections().emergency,
            format!("{company} is raising emergency money: it buys its train from the depot only"),
        ));
    }
    Ok(())
}

/// After an emergency issue a company owning no train may not buy a private (R3b).
pub fn refuse_private_purchase<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    turn: &S::Turn,
) -> Result<(), Violation> {
    if turn.common().emergency_issued && state.company(company).trains.is_empty() {
        return Err(Violation::new(
            "emergency_no_privates",
            state.operating_sections().privates,
            format!(
                "{company} issued emergency shares and owns no train: no private until it has one"
            ),
        ));
    }
    Ok(())
}
