//! Bankruptcy (1846 7.11-7.14; 1833NE's ruling R4): a president who cannot raise the money for
//! the company's train. The company issues all it can; the president sells every share, first
//! as the normal rules allow (prices move as usual; never a sale that would hand on the
//! presidency of the company buying the train, R3f), then all the rest regardless of the 50%
//! limit and of presidencies, without moving prices; the money raised and all the player's
//! cash go to the company (the bank pays for the shares: nothing is lost). What the player
//! holds of the title's own (privates) the title closes. A presidency they held passes to the
//! largest holder with 20% or more (ties: the first after the bankrupt player in seat order); a
//! company with no such player enters receivership.

use super::emergency::{
    EmergencyRule, allowed_emergency_issues, counted_for_bankruptcy, emergency_liquidity, funds,
    has_emergency_sale, issue_on_emergency_terms, judge_emergency_sale, keeps_presidency, short,
};
use super::operating_round::{
    EndReason, OperatingEvent, OperatingTitle, ShareSale, TurnRecord, advance, expect_president,
    set_turn, start_turn_or_finish,
};
use super::shares::{PRESIDENT_PERCENT, SHARE_PERCENT, ShareEvent, price};
use super::stock_round::{judge_sale, perform_sale};
use super::table::{CompanyId, Seat};
use crate::core::Violation;

pub fn bankrupt<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
) -> Result<Vec<S::Event>, Violation> {
    let (company, turn) = expect_president(state, player, "bankrupt")?;
    let section = state.operating_sections().bankruptcy;
    let refuse = |m: String| Err(Violation::new("not_bankrupt", section, m));
    let Some(need) = short(state, company, &turn) else {
        return refuse(format!("{company} does not need money for a train"));
    };
    let mut issued = Vec::new();
    let mut turn = turn;
    if state.issues_on_bankruptcy()
        && let Some(&most) = allowed_emergency_issues(state, company, &turn).iter().max()
    {
        // The declaration issues what the company still may (the most shares); whether the
        // president is bankrupt is judged after it (a refusal leaves the state as it was).
        *turn.common_mut().emergency_issued = true;
        set_turn(state, turn.clone());
        issued = issue_on_emergency_terms(state, company, most);
    }
    if !allowed_emergency_issues(state, company, &turn).is_empty()
        || can_raise(state, player, company, need)
    {
        return refuse(format!(
            "player {player} can still raise money for {company}'s train"
        ));
    }
    // "The company issues all it can" (1846 7.12) is done: bankruptcy waits until no emergency
    // issue is left.
    let mut events = issued;
    let mut sold = sell_what_the_rules_allow(state, player, company, &turn, &mut events);
    sold.extend(sell_the_rest(state, player, &mut events));
    state.on_bankrupt(player);
    let cash = state.player(player).cash;
    if state.company(company).closed {
        // Its sales took it to $0: what would have gone to its treasury goes to the bank, as a
        // closing company's treasury does.
        state.player_pays_bank(player, cash);
    } else {
        state.player_pays_company(player, company, cash);
    }
    state.player_mut(player).bankrupt = true;
    if state.emergency_rule() == EmergencyRule::EitherSide {
        // The new president may buy any train (g_1846 `Bankrupt`: the last raises forgotten).
        turn.clear_raised_from();
        set_turn(state, turn);
    }
    let ends = after_bankruptcy(state, company);
    events.insert(
        0,
        OperatingEvent::PlayerBankrupt {
            player,
            corporation: company,
            cash_to_company: cash,
            sold,
        }
        .into(),
    );
    events.extend(ends);
    Ok(events)
}

/// Whether the president can still raise `need` for `company`'s train. Under
/// [`EmergencyRule::EitherSide`] (1846 6.88-6.89, 7.11): the company's cash, theirs and the
/// largest sale of each company the emergency rules allow reach it (18xx.games'
/// `can_go_bankrupt?`: `total_emr_buying_power` short of the cheapest train); there is no
/// need to sell first. Else (1833NE's R4): funds that reach it, or any sale left.
fn can_raise<S: OperatingTitle>(state: &S, player: Seat, company: S::Company, need: u32) -> bool {
    match state.emergency_rule() {
        EmergencyRule::EitherSide => {
            funds(state, company) + emergency_liquidity(state, player) >= need
        }
        EmergencyRule::CheaperSide => {
            funds(state, company) >= need || has_emergency_sale(state, player)
        }
    }
}

/// First the sales the rules allow, the largest of each company, prices moving as usual: under
/// [`EmergencyRule::EitherSide`] the emergency rules' (the operating company's presidency kept,
/// never to $0, once a company: g_1846 `Bankrupt` sells the train step's `sellable_bundles`),
/// else the stock round's.
fn sell_what_the_rules_allow<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    company: S::Company,
    turn: &S::Turn,
    events: &mut Vec<S::Event>,
) -> Vec<ShareSale<S::Company>> {
    let mut sold = Vec::new();
    let emergency = state.emergency_rule() == EmergencyRule::EitherSide;
    for c in sale_order(state) {
        if !counted_for_bankruptcy(state, c) {
            continue;
        }
        let held = state.company(c).percent_of(player);
        let largest = (1..=held / SHARE_PERCENT)
            .rev()
            .map(|n| n * SHARE_PERCENT)
            .find(|&p| {
                if emergency {
                    judge_emergency_sale(state, player, company, turn, c, p).is_ok()
                } else {
                    // The stock round's rules, less a sale that would hand the buying
                    // company's presidency on (R3f): that share goes with the rest.
                    judge_sale(state, player, c, p).is_ok()
                        && (c != company || keeps_presidency(state, player, c, p))
                }
            });
        if let Some(percent) = largest {
            let received = price(state, c).unwrap_or(0) * u32::from(percent / SHARE_PERCENT);
            events.extend(perform_sale(state, player, c, percent));
            sold.push(ShareSale {
                corporation: c,
                percent,
                received,
            });
        }
    }
    sold
}

/// Then every share left goes to the market at its price without moving it; presidencies pass
/// on or the company enters receivership.
fn sell_the_rest<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    events: &mut Vec<S::Event>,
) -> Vec<ShareSale<S::Company>> {
    let mut sold = Vec::new();
    for c in sale_order(state) {
        let percent = state.company(c).percent_of(player);
        if percent == 0 {
            continue;
        }
        let received = price(state, c).unwrap_or(0) * u32::from(percent / SHARE_PERCENT);
        state.bank_pays_player(player, received);
        let e = state.company_mut(c);
        e.holdings.remove(&player);
        e.market_shares += percent;
        sold.push(ShareSale {
            corporation: c,
            percent,
            received,
        });
        if state.company(c).president == Some(player) {
            pass_presidency(state, c, player, events);
        }
    }
    sold
}

/// The order of a bankrupt president's sales, fixed as each pass over their shares begins:
/// the operating order of that moment (highest price first, the earlier arrival first on a
/// price), then any other company. 18xx.games sells `shares_by_corporation(sorted: true)`,
/// sorted so (`Corporation#sort_order_key`); which is sold first decides which reaches a lower
/// price first, and so the order of the next operating round (engine game of seed 1002414,
/// action 575: the C&O's shares sold before the B&O's, both from $80 to $70).
fn sale_order<S: OperatingTitle>(state: &S) -> Vec<S::Company> {
    let mut order = state.operating_order();
    for &c in S::Company::all() {
        if !order.contains(&c) {
            order.push(c);
        }
    }
    order
}

/// The largest holder with 20% or more becomes president (ties: the first after `from` in seat
/// order); with none, the company enters receivership (ruling R5).
fn pass_presidency<S: OperatingTitle>(
    state: &mut S,
    company: S::Company,
    from: Seat,
    events: &mut Vec<S::Event>,
) {
    let n = state.players().len();
    let mut best: Option<(Seat, u8)> = None;
    for k in 1..n {
        let seat = Seat::ALL[(from.index() + k) % n];
        let p = state.company(company).percent_of(seat);
        if !state.player(seat).bankrupt && p >= PRESIDENT_PERCENT && best.is_none_or(|(_, b)| p > b)
        {
            best = Some((seat, p));
        }
    }
    let e = state.company_mut(company);
    match best {
        Some((to, _)) => {
            e.president = Some(to);
            events.push(
                ShareEvent::PresidentChanged {
                    corporation: company,
                    from,
                    to,
                }
                .into(),
            );
        }
        None => {
            e.president = None;
            e.receivership = true;
            events.push(
                OperatingEvent::ReceivershipStarted {
                    corporation: company,
                }
                .into(),
            );
        }
    }
}

/// After a bankruptcy: a company in receivership buys what it can (before anything else, as
/// 18xx.games' round does at once, even when the game is over); the game ends when one player
/// is left; otherwise the company's turn goes on with its new president (who must still buy
/// the train), or, in receivership or closed, its turn ends.
pub fn after_bankruptcy<S: OperatingTitle>(state: &mut S, company: S::Company) -> Vec<S::Event> {
    let mut events = Vec::new();
    let entry = state.company(company);
    if entry.receivership && !entry.closed {
        events.extend(super::receivership::buy_train(state, company));
    }
    if state.players().iter().filter(|p| !p.bankrupt).count() <= 1 {
        events.extend(super::end::end_game(state, EndReason::Bankruptcies));
        return events;
    }
    let entry = state.company(company);
    if !entry.closed && !entry.receivership {
        return events;
    }
    advance(state);
    events.extend(start_turn_or_finish(state));
    events
}
