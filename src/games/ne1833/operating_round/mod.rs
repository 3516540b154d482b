//! Operating rounds (docs/rules/1833ne.md#operating-round): two after each stock round. Private
//! income, then each started company in operating order (the game's first round lowest price
//! first, later highest first, the first to reach a price first on a tie): issue or redeem,
//! track, a station, a ferry; run routes; pay out, half or withhold; buy trains; a company must
//! own a train.
//!
//! This file holds the round's order and the company's turn: who operates, whose action it is,
//! and what ends the turn. Each step of the turn has its own file, named for what the company
//! does; emergency money, bankruptcy and receivership are `ne1833::emergency`,
//! `ne1833::bankruptcy` and `ne1833::receivership`.

mod buying_privates;
mod buying_trains;
mod dividends;
mod ferries;
mod issues;
mod laying_track;
mod placing_stations;
mod private_abilities;
mod running_routes;

pub use buying_privates::{D_AND_H_SURCHARGE, buy_company, private_price_range};
pub(super) use buying_trains::require_discards;
pub use buying_trains::{buy_train, buy_train_from, discard_train};
pub(super) use dividends::pay_dividend;
pub use dividends::{dividend, price_steps};
pub use ferries::buy_ferry;
pub use issues::{issuable, issue, redeem};
pub use laying_track::{judge_lay, lay};
pub use placing_stations::place_token;
pub use private_abilities::{assign_luxury_ferry, extra_sources, lay_champlain};
pub use running_routes::{band, owned_ferries, owned_trains, route_bonuses, run_routes};

use crate::core::Violation;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::data::components;
use crate::games::ne1833::emergency;
use crate::games::ne1833::end::end_game;
use crate::games::ne1833::event::{EndReason, Event, RoundKind};
use crate::games::ne1833::ids::{Company, Seat};
use crate::games::ne1833::receivership;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{CompanyState, CompanyTurn, PrivateOwner, Round, State};
use crate::games::ne1833::stock_round;
use crate::games::ne1833::turns::{not_your_turn, wrong_round};

/// The phase index from which reservations end and ferries are gone (phase IV).
const PHASE_IV: u8 = 3;

pub fn begin(state: &mut State, after_stock_round: u32, number: u8) -> Vec<Event> {
    let mut events = vec![Event::RoundStarted {
        round: RoundKind::OperatingRound,
        number: u32::from(number),
    }];
    events.extend(pay_private_income(state));
    let first_of_game = after_stock_round == 1 && number == 1;
    let order = operating_order(state, first_of_game);
    state.round = Round::OperatingRound {
        after_stock_round,
        number,
        order,
        current: 0,
        turn: CompanyTurn::default(),
        discards: Vec::new(),
    };
    events.extend(start_turn_or_finish(state));
    events
}

/// Each private a player or company owns pays its income, unless closed or flipped.
pub fn pay_private_income(state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for i in 0..state.privates.len() {
        let p = state.privates[i].clone();
        if p.closed || p.flipped {
            continue;
        }
        let amount = components().privates[p.private.index()].revenue;
        match p.owner {
            PrivateOwner::Player { seat } => {
                state.bank_pays_player(seat, amount);
                events.push(Event::PrivateIncome {
                    company: p.private,
                    to: seat,
                    amount,
                });
            }
            PrivateOwner::Company { company } => state.bank_pays_company(company, amount),
            PrivateOwner::Unsold {} => {}
        }
    }
    events
}

/// The operating order: started companies by price, highest first (lowest first in the game's
/// first round); on a tie, the one that reached the price first.
pub fn operating_order(state: &State, lowest_first: bool) -> Vec<Company> {
    let mut companies: Vec<&CompanyState> = state
        .companies
        .iter()
        .filter(|c| c.is_started() && !c.closed)
        .collect();
    companies.sort_by(|a, b| {
        let by_price = if lowest_first {
            a.price.cmp(&b.price)
        } else {
            b.price.cmp(&a.price)
        };
        by_price.then(a.arrived.cmp(&b.arrived))
    });
    companies.into_iter().map(|c| c.company).collect()
}

/// The operating company and its turn.
pub fn current(state: &State) -> Option<(Company, &CompanyTurn)> {
    match &state.round {
        Round::OperatingRound {
            order,
            current,
            turn,
            ..
        } => order.get(*current).map(|c| (*c, turn)),
        _ => None,
    }
}

/// Starts the current company's turn, skipping closed ones; ends the round after the last. A
/// company in receivership with no train operates at once, without choices; one with trains
/// waits for any player to submit its routes (ruling R5).
pub(super) fn start_turn_or_finish(state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    loop {
        let Some((company, _)) = current(state) else {
            events.extend(finish_round(state));
            return events;
        };
        let entry = state.company(company);
        if entry.closed || !entry.is_started() {
            advance(state);
            continue;
        }
        let president = entry.president;
        let waits = president.is_some() || !entry.trains.is_empty();
        state.company_mut(company).operated = true;
        events.push(Event::CompanyOperates {
            corporation: company,
            president,
        });
        if waits {
            return events;
        }
        events.extend(receivership::operate(state, company, 0));
        advance(state);
    }
}

pub(super) fn advance(state: &mut State) {
    if let Round::OperatingRound { current, turn, .. } = &mut state.round {
        *current += 1;
        *turn = CompanyTurn::default();
    }
}

fn finish_round(state: &mut State) -> Vec<Event> {
    let Round::OperatingRound {
        after_stock_round,
        number,
        ..
    } = state.round
    else {
        return vec![];
    };
    let mut events = vec![Event::RoundEnded {
        round: RoundKind::OperatingRound,
        number: u32::from(number),
    }];
    if number < 2 {
        events.extend(begin(state, after_stock_round, number + 1));
    } else if state.bank_broken {
        events.extend(end_game(state, EndReason::BankBroken));
    } else {
        events.extend(stock_round::begin(state, after_stock_round + 1));
    }
    events
}

/// After a bankruptcy: the game ends when one player is left; otherwise the company's turn
/// goes on with its new president (who must still buy the train), or, in receivership, it buys
/// what it can and its turn ends; a closed company's turn ends.
pub(super) fn after_bankruptcy(state: &mut State, company: Company) -> Vec<Event> {
    if state.players.iter().filter(|p| !p.bankrupt).count() <= 1 {
        return end_game(state, EndReason::Bankruptcies);
    }
    let entry = state.company(company);
    if !entry.closed && !entry.receivership {
        return vec![];
    }
    let mut events = Vec::new();
    if entry.receivership {
        events.extend(receivership::buy_train(state, company));
    }
    advance(state);
    events.extend(start_turn_or_finish(state));
    events
}

/// Checks the action is the operating company's president's, outside a pending discard.
pub(super) fn expect_president(
    state: &State,
    player: Seat,
    action: &str,
) -> Result<(Company, CompanyTurn), Violation> {
    let Round::OperatingRound { discards, .. } = &state.round else {
        return Err(wrong_round(action, state));
    };
    if let Some(first) = discards.first() {
        let president = state
            .company(*first)
            .president
            .map_or("nobody".to_string(), |p| p.to_string());
        return Err(Violation::new(
            "discard_pending",
            section::TRAINS,
            format!(
                "{first} is over the train limit: player {president} must discard a train first"
            ),
        ));
    }
    let (company, turn) = current(state).ok_or_else(|| wrong_round(action, state))?;
    let Some(president) = state.company(company).president else {
        return Err(Violation::new(
            "in_receivership",
            section::RECEIVERSHIP,
            format!(
                "{company} is in receivership: it operates without choices; any player submits its routes (run_routes)"
            ),
        ));
    };
    if player != president {
        return Err(not_your_turn(player, president));
    }
    Ok((company, turn.clone()))
}

fn before_routes(turn: &CompanyTurn, action: &str) -> Result<(), Violation> {
    if turn.revenue.is_some() {
        return Err(Violation::new(
            "after_routes",
            section::OPERATING_ROUND,
            format!("{action} comes before running routes"),
        ));
    }
    Ok(())
}

pub(super) fn set_turn(state: &mut State, new: CompanyTurn) {
    if let Round::OperatingRound { turn, .. } = &mut state.round {
        *turn = new;
    }
}

/// Ends the operating company's turn: after its dividend, owning a train (if it can buy one).
pub fn pass(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    let (company, turn) = expect_president(state, player, "pass")?;
    if !turn.dividend_done {
        return Err(Violation::new(
            "routes_first",
            section::OPERATING_ROUND,
            "run routes and pay the dividend before ending the turn",
        ));
    }
    if emergency::needed_train(state, company).is_some() {
        return Err(Violation::new(
            "must_buy_train",
            section::TRAINS,
            format!("{company} owns no train and must buy one"),
        ));
    }
    advance(state);
    Ok(start_turn_or_finish(state))
}
