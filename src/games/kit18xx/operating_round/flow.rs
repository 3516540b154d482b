//! The operating round's course: its start and order, whose turn it is and who acts, passing, and
//! its end.

use super::{EndReason, OperatingEvent, OperatingRound, OperatingTitle, TurnRecord};
use crate::core::Violation;
use crate::games::kit18xx::stock_round::StockTitle;
use crate::games::kit18xx::table::Seat;

pub fn begin<S: OperatingTitle>(
    state: &mut S,
    after_stock_round: u32,
    number: u8,
) -> Vec<S::Event> {
    let mut events = vec![
        OperatingEvent::RoundStarted {
            number: u32::from(number),
        }
        .into(),
    ];
    events.extend(state.before_operators());
    let first_of_game = after_stock_round == 1 && number == 1;
    let order = state.operators(first_of_game);
    state.enter_operating_round(OperatingRound {
        after_stock_round,
        number,
        order,
        current: 0,
        turn: S::Turn::default(),
        discards: Vec::new(),
    });
    events.extend(start_turn_or_finish(state));
    events
}

/// The companies yet to operate in this round, sorted again into the operating order: a
/// president's emergency sale moved a price (18xx.games' `EmergencyMoney` recalculates the
/// order after each such sale; nothing else does in 1846). A closed one among them leaves the
/// order (`Operating#recalculate_order` keeps only the game's operating order).
pub fn reorder_the_rest<S: OperatingTitle>(state: &mut S) {
    let Some(round) = state.operating_round() else {
        return;
    };
    let first_of_game = round.after_stock_round == 1 && round.number == 1;
    // The closed ones leave the order (they would not operate), as the site's does.
    let rest: Vec<S::Company> = round
        .order
        .get(round.current + 1..)
        .unwrap_or(&[])
        .iter()
        .copied()
        .filter(|&c| !state.company(c).closed)
        .collect();
    let sorted: Vec<S::Company> = state
        .operators(first_of_game)
        .into_iter()
        .filter(|c| rest.contains(c))
        .collect();
    if sorted.len() != rest.len() {
        return;
    }
    if let Some(round) = state.operating_round_mut() {
        let keep = (*round.current + 1).min(round.order.len());
        round.order.truncate(keep);
        round.order.extend(sorted);
    }
}

/// The operating order: started companies by price, highest first (lowest first in the game's
/// first round); on a tie, the one that reached the price first.
pub fn by_price<S: StockTitle>(state: &S, lowest_first: bool) -> Vec<S::Company> {
    let mut companies: Vec<_> = state
        .companies()
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
pub fn current<S: OperatingTitle>(state: &S) -> Option<(S::Company, &S::Turn)> {
    let round = state.operating_round()?;
    round.order.get(round.current).map(|c| (*c, round.turn))
}

/// Starts the current company's turn, skipping closed ones; ends the round after the last. A
/// company in receivership with no train operates at once, without choices; one with trains
/// waits for any player to submit its routes (ruling R5).
pub fn start_turn_or_finish<S: OperatingTitle>(state: &mut S) -> Vec<S::Event> {
    let mut events = Vec::new();
    loop {
        let Some((company, _)) = current(state) else {
            events.extend(finish_round(state));
            return events;
        };
        if !state.operates(company) {
            advance(state);
            continue;
        }
        let entry = state.company(company);
        let president = entry.president;
        let waits = president.is_some() || state.receivership_runs(company);
        state.company_mut(company).operated = true;
        events.push(
            OperatingEvent::CompanyOperates {
                corporation: company,
                president,
            }
            .into(),
        );
        if waits {
            return events;
        }
        events.extend(crate::games::kit18xx::receivership::operate(
            state, company, 0,
        ));
        advance(state);
    }
}

/// Who acts in the operating round: the president of the first corporation to discard, else
/// of the operator; any player still in for a corporation in receivership (its routes).
pub fn to_act<S: OperatingTitle>(state: &S) -> Vec<Seat> {
    actors(state).collect()
}

/// The seats of [`to_act`], one after another (a title asks whether a seat is among them
/// without listing them).
pub fn actors<S: OperatingTitle>(state: &S) -> impl Iterator<Item = Seat> + '_ {
    let company = state.operating_round().and_then(|round| {
        let discarding = round.discards.first().copied();
        discarding
            .or_else(|| current(state).map(|(c, _)| c))
            .map(|c| (c, discarding.is_none()))
    });
    let (receivership, president) = match company {
        Some((c, operating)) if operating && state.company(c).receivership => (true, None),
        Some((c, _)) => (false, state.company(c).president),
        None => (false, None),
    };
    let players = state
        .seats()
        .filter(move |s| receivership && !state.player(*s).bankrupt);
    president.into_iter().chain(players)
}

/// The turn passes to the next operator.
pub fn advance<S: OperatingTitle>(state: &mut S) {
    if let Some(round) = state.operating_round_mut() {
        *round.current += 1;
        *round.turn = S::Turn::default();
    }
}

/// The end of an operating round: the next of the set, or after the last the end of the game
/// (the bank broken) or the next stock round.
fn finish_round<S: OperatingTitle>(state: &mut S) -> Vec<S::Event> {
    let Some((after_stock_round, number)) = state
        .operating_round()
        .map(|r| (r.after_stock_round, r.number))
    else {
        return vec![];
    };
    let mut events = vec![
        OperatingEvent::RoundEnded {
            number: u32::from(number),
        }
        .into(),
    ];
    if number < state.operating_rounds() {
        events.extend(begin(state, after_stock_round, number + 1));
    } else if *state.ledger().bank_broken {
        events.extend(crate::games::kit18xx::end::end_game(
            state,
            EndReason::BankBroken,
        ));
    } else {
        events.extend(crate::games::kit18xx::stock_round::begin(
            state,
            after_stock_round + 1,
        ));
    }
    events
}

/// Checks the action is the operating company's president's, outside a pending discard.
pub fn expect_president<S: OperatingTitle>(
    state: &S,
    player: Seat,
    action: &str,
) -> Result<(S::Company, S::Turn), Violation> {
    let Some(round) = state.operating_round() else {
        return Err(state.wrong_round(action));
    };
    let sections = state.operating_sections();
    if let Some(first) = round.discards.first() {
        let president = state
            .company(*first)
            .president
            .map_or("nobody".to_string(), |p| p.to_string());
        return Err(Violation::new(
            "discard_pending",
            sections.trains,
            format!(
                "{first} is over the train limit: player {president} must discard a train first"
            ),
        ));
    }
    let (company, turn) = current(state).ok_or_else(|| state.wrong_round(action))?;
    let Some(president) = state.company(company).president else {
        return Err(Violation::new(
            "in_receivership",
            sections.receivership,
            format!(
                "{company} is in receivership: it operates without choices; any player submits its routes (run_routes)"
            ),
        ));
    };
    if player != president {
        return Err(state.not_your_turn(player, president));
    }
    Ok((company, turn.clone()))
}

/// Refuses `action` once the company has run its routes.
pub fn before_routes<S: OperatingTitle>(
    state: &S,
    turn: &S::Turn,
    action: &str,
) -> Result<(), Violation> {
    if turn.common().revenue.is_some() {
        return Err(Violation::new(
            "after_routes",
            state.operating_sections().operating_round,
            format!("{action} comes before running routes"),
        ));
    }
    Ok(())
}

/// Writes the operating company's turn back.
pub fn set_turn<S: OperatingTitle>(state: &mut S, new: S::Turn) {
    if let Some(round) = state.operating_round_mut() {
        *round.turn = new;
    }
}

/// Ends the operating company's turn: after its dividend, owning a train (if it can buy one).
pub fn pass<S: OperatingTitle>(state: &mut S, player: Seat) -> Result<Vec<S::Event>, Violation> {
    let (company, turn) = expect_president(state, player, "pass")?;
    let sections = state.operating_sections();
    if !turn.common().dividend_done {
        return Err(Violation::new(
            "routes_first",
            sections.operating_round,
            "run routes and pay the dividend before ending the turn",
        ));
    }
    if crate::games::kit18xx::emergency::needed_train(state, company).is_some() {
        return Err(Violation::new(
            "must_buy_train",
            sections.trains,
            format!("{company} owns no train and must buy one"),
        ));
    }
    advance(state);
    Ok(start_turn_or_finish(state))
}
