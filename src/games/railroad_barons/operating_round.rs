//! The Operating Rounds: two after each Stock Round. Floated Holdings operate in colour order,
//! each through four steps: place Operator tokens, revenue, acquisitions, discard. After the
//! second round the top Railroad card leaves the game and the next Stock Round begins; a
//! Holding at the top of the share value track ends the game with its round.

use super::action::RailroadSource;
use super::event::{Event, Payment, RoundKind};
use super::ids::{Colour, Investor, Seat};
use super::railroads::{make_obsolete, remove_top_card};
use super::rules::{INVESTED_TOKEN_REVENUE, OPERATING_ROUNDS, section};
use super::state::{OperatingStep, OwnedRailroad, Round, State, Wealth};
use super::turns::{game_over, not_your_turn, wrong_round};
use crate::core::Violation;

/// Where the operating Holding's turn stands.
#[derive(Debug, Clone, Copy)]
pub struct Turn {
    pub after_stock_round: u32,
    pub number: u8,
    pub holding: Colour,
    pub director: Seat,
    pub step: OperatingStep,
    pub plus: u8,
    pub diamond: u8,
    pub acquisitions: u8,
    pub top_reached: bool,
}

/// The operating Holding's turn, if the game is in an Operating Round.
pub fn current_turn(state: &State) -> Option<Turn> {
    match state.round {
        Round::OperatingRound {
            after_stock_round,
            number,
            holding,
            step,
            plus,
            diamond,
            acquisitions,
            top_reached,
        } => Some(Turn {
            after_stock_round,
            number,
            holding,
            director: state.holding(holding).director?,
            step,
            plus,
            diamond,
            acquisitions,
            top_reached,
        }),
        _ => None,
    }
}

fn step_name(step: OperatingStep) -> &'static str {
    match step {
        OperatingStep::PlaceOperators => "placing Operator tokens (place_operators)",
        OperatingStep::Revenue => "revenue (revenue)",
        OperatingStep::Acquisitions => "acquisitions (buy_railroad, assign_investor, done)",
        OperatingStep::Discard => "discarding (discard_railroads)",
    }
}

/// Checks it is `player`'s turn as Director of the operating Holding, at `step`.
fn expect_step(
    state: &State,
    player: Seat,
    action: &str,
    step: OperatingStep,
) -> Result<Turn, Violation> {
    if matches!(state.round, Round::GameEnded { .. }) {
        return Err(game_over());
    }
    let Some(turn) = current_turn(state) else {
        return Err(wrong_round(action, state));
    };
    if player != turn.director {
        return Err(not_your_turn(player, turn.director));
    }
    if turn.step != step {
        return Err(Violation::new(
            "wrong_step",
            section::OPERATING_ROUND,
            format!(
                "{} is at the step of {}; {action} is not possible now",
                turn.holding,
                step_name(turn.step)
            ),
        ));
    }
    Ok(turn)
}

fn set_round(state: &mut State, turn: Turn) {
    state.round = Round::OperatingRound {
        after_stock_round: turn.after_stock_round,
        number: turn.number,
        holding: turn.holding,
        step: turn.step,
        plus: turn.plus,
        diamond: turn.diamond,
        acquisitions: turn.acquisitions,
        top_reached: turn.top_reached,
    };
}

/// Begins Operating Round `number` after Stock Round `after_stock_round`.
pub fn begin(state: &mut State, after_stock_round: u32, number: u8) -> Vec<Event> {
    let mut events = vec![Event::RoundStarted {
        round: RoundKind::OperatingRound,
        number: u32::from(number),
    }];
    match next_floated(state, None) {
        Some(colour) => start_turn(state, after_stock_round, number, colour, false, &mut events),
        None => finish_round(state, after_stock_round, number, false, &mut events),
    }
    events
}

/// The first floated Holding after `after` in operating order.
fn next_floated(state: &State, after: Option<Colour>) -> Option<Colour> {
    Colour::ALL
        .into_iter()
        .filter(|c| after.is_none_or(|a| c.index() > a.index()))
        .find(|&c| state.holding(c).floated)
}

fn start_turn(
    state: &mut State,
    after_stock_round: u32,
    number: u8,
    holding: Colour,
    top_reached: bool,
    events: &mut Vec<Event>,
) {
    state.round = Round::OperatingRound {
        after_stock_round,
        number,
        holding,
        step: OperatingStep::PlaceOperators,
        plus: 0,
        diamond: 0,
        acquisitions: 0,
        top_reached,
    };
    if let Some(director) = state.holding(holding).director {
        events.push(Event::HoldingOperates { holding, director });
    }
}

fn end_turn(state: &mut State, turn: Turn, events: &mut Vec<Event>) {
    match next_floated(state, Some(turn.holding)) {
        Some(next) => start_turn(
            state,
            turn.after_stock_round,
            turn.number,
            next,
            turn.top_reached,
            events,
        ),
        None => finish_round(
            state,
            turn.after_stock_round,
            turn.number,
            turn.top_reached,
            events,
        ),
    }
}

fn finish_round(
    state: &mut State,
    after_stock_round: u32,
    number: u8,
    top_reached: bool,
    events: &mut Vec<Event>,
) {
    events.push(Event::RoundEnded {
        round: RoundKind::OperatingRound,
        number: u32::from(number),
    });
    if top_reached {
        end_game(state, events);
    } else if number < OPERATING_ROUNDS {
        events.extend(begin(state, after_stock_round, number.saturating_add(1)));
    } else if state.railroad_stack.is_empty()
        && state.holdings.iter().all(|h| h.railroads.is_empty())
    {
        // No card left to buy and no Holding with a Railroad: no revenue can ever be earned
        // again, so no share value can reach the top (docs/rules/railroad-barons.md#end).
        end_game(state, events);
    } else {
        remove_top_card(state, events);
        events.extend(super::stock_round::begin(
            state,
            after_stock_round.saturating_add(1),
        ));
    }
}

/// Each player's wealth is cash plus every certificate at its share value; the highest wins,
/// and equal wealth is a shared win.
fn end_game(state: &mut State, events: &mut Vec<Event>) {
    let (wealth, winners) = final_standing(state);
    events.push(Event::GameEnded {
        wealth: wealth.clone(),
        winners: winners.clone(),
    });
    state.round = Round::GameEnded { wealth, winners };
}

/// Each player's wealth (cash plus every certificate at units times its share value) and the
/// player(s) with the most.
pub fn final_standing(state: &State) -> (Vec<Wealth>, Vec<Seat>) {
    let wealth: Vec<Wealth> = Seat::ALL
        .iter()
        .map(|&seat| {
            let cash = state.player(seat).cash;
            let certificates = state
                .holdings
                .iter()
                .map(|h| {
                    (u32::from(h.percent_of(seat.into())) / 10)
                        .saturating_mul(h.share_value.unwrap_or(0))
                })
                .fold(0u32, u32::saturating_add);
            Wealth {
                player: seat,
                cash,
                certificates,
                total: cash.saturating_add(certificates),
            }
        })
        .collect();
    let best = wealth.iter().map(|w| w.total).max().unwrap_or(0);
    let winners: Vec<Seat> = wealth
        .iter()
        .filter(|w| w.total == best)
        .map(|w| w.player)
        .collect();
    (wealth, winners)
}

// ---- Step 1: Operator tokens ----

pub fn place_operators(
    state: &mut State,
    player: Seat,
    plus: u8,
    diamond: u8,
    invest: bool,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_step(
        state,
        player,
        "place_operators",
        OperatingStep::PlaceOperators,
    )?;
    let card = state.components.holding(turn.holding);
    let holding = state.holding(turn.holding);
    if plus > card.plus_circles || diamond > card.diamond_circles {
        return Err(Violation::new(
            "too_many_tokens",
            section::OPERATORS,
            format!(
                "{} has {} (+) and {} (⋄) circles; {plus} and {diamond} tokens were asked",
                turn.holding, card.plus_circles, card.diamond_circles
            ),
        ));
    }
    let available = card.operators.saturating_sub(holding.operators_invested);
    let wanted = u32::from(plus) + u32::from(diamond) + u32::from(invest);
    if wanted > u32::from(available) {
        return Err(Violation::new(
            "not_enough_operators",
            section::OPERATORS,
            format!(
                "{} has {available} Operator tokens to place ({} invested for good); {wanted} were asked",
                turn.holding, holding.operators_invested
            ),
        ));
    }
    if invest {
        let holding = state.holding_mut(turn.holding);
        holding.operators_invested = holding.operators_invested.saturating_add(1);
    }
    turn.plus = plus;
    turn.diamond = diamond;
    turn.step = OperatingStep::Revenue;
    set_round(state, turn);
    Ok(vec![Event::OperatorsPlaced {
        holding: turn.holding,
        plus,
        diamond,
        invested: invest,
    }])
}

// ---- Step 2: revenue ----

/// Railroad incomes, plus $10 per invested token and the assigned Investors' bonuses while the
/// Holding owns at least one Railroad.
pub fn revenue_of(state: &State, colour: Colour) -> u32 {
    let holding = state.holding(colour);
    if holding.railroads.is_empty() {
        return 0;
    }
    let incomes: u32 = holding
        .railroads
        .iter()
        .filter_map(|r| state.face_of(*r))
        .map(|f| f.income)
        .sum();
    let tokens = u32::from(holding.operators_invested) * INVESTED_TOKEN_REVENUE;
    let bonuses: u32 = holding
        .investors
        .iter()
        .map(|&i| state.components.investor(i).bonus)
        .sum();
    incomes + tokens + bonuses
}

pub fn revenue(state: &mut State, player: Seat, payout: bool) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_step(state, player, "revenue", OperatingStep::Revenue)?;
    let colour = turn.holding;
    let revenue = revenue_of(state, colour);
    if payout && revenue == 0 {
        return Err(Violation::new(
            "nothing_to_pay",
            section::REVENUE,
            format!("{colour} has no revenue to pay out; withhold (payout: false)"),
        ));
    }
    let mut events = Vec::new();
    if payout {
        let mut payments = Vec::new();
        for seat in Seat::ALL {
            let percent = state.holding(colour).percent_of(seat.into());
            if percent == 0 {
                continue;
            }
            // Whole dollars: each player's share is rounded down.
            let amount = (u64::from(revenue) * u64::from(percent) / 100) as u32;
            state.bank_pays_player(seat, amount);
            payments.push(Payment {
                player: seat,
                percent,
                amount,
            });
        }
        events.push(Event::DividendsPaid {
            holding: colour,
            revenue,
            payments,
        });
        if let Some(from) = state.holding(colour).share_value {
            let to = state.components.step_up(from);
            if to != from {
                state.holding_mut(colour).share_value = Some(to);
                events.push(Event::ShareValueMoved {
                    holding: colour,
                    from,
                    to,
                });
            }
            if state.components.share_value_track.last() == Some(&to) {
                turn.top_reached = true;
            }
        }
    } else {
        state.bank_pays_holding(colour, revenue);
        events.push(Event::RevenueWithheld {
            holding: colour,
            revenue,
        });
    }
    turn.step = OperatingStep::Acquisitions;
    set_round(state, turn);
    Ok(events)
}

// ---- Step 3: acquisitions ----

fn expect_acquisition(state: &State, player: Seat, action: &str) -> Result<Turn, Violation> {
    let turn = expect_step(state, player, action, OperatingStep::Acquisitions)?;
    if turn.acquisitions >= turn.plus {
        return Err(Violation::new(
            "no_acquisitions_left",
            section::ACQUISITIONS,
            format!(
                "{} placed {} tokens on (+) and has made {} acquisitions",
                turn.holding, turn.plus, turn.acquisitions
            ),
        ));
    }
    Ok(turn)
}

/// What a judged purchase will move.
struct PlannedPurchase {
    owned: OwnedRailroad,
    price: u32,
    director_paid: u32,
    obsoletes_level: Option<u8>,
    level: u8,
}

/// The terms of a `buy_railroad` action, as the player gave them.
#[derive(Debug, Clone, Copy)]
pub struct Purchase {
    pub card: u8,
    pub from: RailroadSource,
    pub face: Option<u8>,
    pub price: Option<u32>,
    pub accepted_by: Option<Seat>,
    pub director_help: bool,
}

pub fn buy_railroad(
    state: &mut State,
    player: Seat,
    purchase: Purchase,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_acquisition(state, player, "buy_railroad")?;
    let Purchase { card, from, .. } = purchase;
    let plan = match from.holding() {
        None => plan_from_bank(state, turn, purchase)?,
        Some(seller) => plan_from_holding(state, turn, seller, purchase)?,
    };
    let colour = turn.holding;
    match from.holding() {
        None => {
            state.railroad_stack.retain(|&c| c != card);
            state.holding_pays_bank(colour, plan.price - plan.director_paid);
            state.player_pays_bank(player, plan.director_paid);
        }
        Some(seller) => {
            state
                .holding_mut(seller)
                .railroads
                .retain(|r| r.card != card);
            state.holding_mut(colour).cash -= plan.price;
            state.holding_mut(seller).cash += plan.price;
        }
    }
    state.holding_mut(colour).railroads.push(plan.owned);
    turn.acquisitions = turn.acquisitions.saturating_add(1);
    set_round(state, turn);
    let mut events = vec![Event::RailroadBought {
        holding: colour,
        card,
        face: plan.owned.face,
        level: plan.level,
        from,
        price: plan.price,
        director_paid: plan.director_paid,
    }];
    if let Some(level) = plan.obsoletes_level {
        make_obsolete(state, level, card, false, &mut events);
    }
    Ok(events)
}

fn insufficient(who: String, needs: u32, has: u32) -> Violation {
    Violation::new(
        "insufficient_cash",
        section::ACQUISITIONS,
        format!("{who} needs ${needs} and has ${has}"),
    )
}

fn plan_from_bank(
    state: &State,
    turn: Turn,
    purchase: Purchase,
) -> Result<PlannedPurchase, Violation> {
    let Purchase {
        card,
        face,
        price,
        accepted_by,
        director_help,
        ..
    } = purchase;
    let Some(&top) = state.railroad_stack.first() else {
        return Err(Violation::new(
            "stack_empty",
            section::ACQUISITIONS,
            "the bank has no Railroad cards left",
        ));
    };
    if card != top {
        return Err(Violation::new(
            "not_top_card",
            section::ACQUISITIONS,
            format!(
                "only the top card of the stack can be bought from the bank: card {top} ({}), not card {card}",
                state.components.railroads[top as usize].name
            ),
        ));
    }
    if price.is_some() {
        return Err(Violation::new(
            "price_is_printed",
            section::ACQUISITIONS,
            "a Railroad from the bank costs the printed cost of its face; give no price",
        ));
    }
    if accepted_by.is_some() {
        return Err(acceptance_not_needed());
    }
    let face_index = face.unwrap_or(0);
    let Some(printed) = state.components.railroads[top as usize]
        .faces
        .get(face_index as usize)
    else {
        return Err(Violation::new(
            "no_such_face",
            section::ACQUISITIONS,
            format!(
                "card {top} has {} face(s); face {face_index} does not exist",
                state.components.railroads[top as usize].faces.len()
            ),
        ));
    };
    let cost = printed.cost;
    let director_paid = director_share(state, turn, top, cost, director_help)?;
    Ok(PlannedPurchase {
        owned: OwnedRailroad {
            card,
            face: face_index,
        },
        price: cost,
        director_paid,
        obsoletes_level: printed.obsoletes_level,
        level: printed.level,
    })
}

/// What the Director pays of the top card's `cost`: with help, exactly the difference the
/// Holding lacks, only for a Holding with no Railroad that cannot pay for the top card at any
/// face; without, nothing, and the Holding pays it all.
fn director_share(
    state: &State,
    turn: Turn,
    top: u8,
    cost: u32,
    director_help: bool,
) -> Result<u32, Violation> {
    let holding = state.holding(turn.holding);
    // "Cannot pay for the top card": not even for its cheapest face.
    let cheapest = state.components.railroads[top as usize]
        .faces
        .iter()
        .map(|f| f.cost)
        .min()
        .unwrap_or(cost);
    if director_help {
        if !holding.railroads.is_empty() || holding.cash >= cheapest {
            return Err(Violation::new(
                "help_not_allowed",
                section::ACQUISITIONS,
                format!(
                    "the Director may help only a Holding with no Railroad that cannot pay for the top card at any face; {} owns {} and has ${}, the top card costs ${cheapest} at its cheapest",
                    turn.holding,
                    holding.railroads.len(),
                    holding.cash
                ),
            ));
        }
        let difference = cost - holding.cash;
        let director_cash = state.player(turn.director).cash;
        if director_cash < difference {
            return Err(insufficient(
                format!(
                    "player {}, helping with the exact difference,",
                    turn.director
                ),
                difference,
                director_cash,
            ));
        }
        Ok(difference)
    } else {
        if holding.cash < cost {
            return Err(insufficient(
                format!("{}", turn.holding),
                cost,
                holding.cash,
            ));
        }
        Ok(0)
    }
}

fn acceptance_not_needed() -> Violation {
    Violation::new(
        "acceptance_not_needed",
        section::ACQUISITIONS,
        "acceptance is given only by the other player, for a sale from a Holding they direct",
    )
}

fn plan_from_holding(
    state: &State,
    turn: Turn,
    seller: Colour,
    purchase: Purchase,
) -> Result<PlannedPurchase, Violation> {
    let Purchase {
        card,
        face,
        price,
        accepted_by,
        director_help,
        ..
    } = purchase;
    if seller == turn.holding {
        return Err(Violation::new(
            "own_railroad",
            section::ACQUISITIONS,
            format!("{seller} cannot buy its own Railroad"),
        ));
    }
    let Some(owned) = state
        .holding(seller)
        .railroads
        .iter()
        .find(|r| r.card == card)
        .copied()
    else {
        return Err(Violation::new(
            "railroad_not_there",
            section::ACQUISITIONS,
            format!("{seller} does not own card {card}"),
        ));
    };
    if face.is_some() {
        return Err(Violation::new(
            "face_is_fixed",
            section::ACQUISITIONS,
            "a Railroad bought from a Holding keeps the face it was bought at; give no face",
        ));
    }
    if director_help {
        return Err(Violation::new(
            "help_not_allowed",
            section::ACQUISITIONS,
            "the Director's help is only for the top card from the bank",
        ));
    }
    let Some(price) = price.filter(|&p| p >= 1) else {
        return Err(Violation::new(
            "price_required",
            section::ACQUISITIONS,
            "a Railroad bought from a Holding needs an agreed price of at least $1",
        ));
    };
    let cash = state.holding(turn.holding).cash;
    if cash < price {
        return Err(insufficient(format!("{}", turn.holding), price, cash));
    }
    let other = turn.director.other();
    match (state.holding(seller).director == Some(other), accepted_by) {
        (true, Some(seat)) if seat == other => {}
        (true, _) => {
            return Err(Violation::new(
                "acceptance_required",
                section::ACQUISITIONS,
                format!(
                    "player {other} directs {seller}: the action needs accepted_by: \"{other}\""
                ),
            ));
        }
        (false, Some(_)) => return Err(acceptance_not_needed()),
        (false, None) => {}
    }
    let level = state.face_of(owned).map(|f| f.level).unwrap_or(0);
    Ok(PlannedPurchase {
        owned,
        price,
        director_paid: 0,
        obsoletes_level: None,
        level,
    })
}

/// The largest price the operating Holding can pay for another Holding's Railroad.
pub fn max_price(state: &State, turn: Turn) -> u32 {
    state.holding(turn.holding).cash
}

pub fn assign_investor(
    state: &mut State,
    player: Seat,
    investor: Investor,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_acquisition(state, player, "assign_investor")?;
    if !investor.is_assignable() {
        return Err(Violation::new(
            "investor_not_assignable",
            section::ACQUISITIONS,
            format!(
                "{investor} cannot be assigned to a Holding; only investor_40, investor_50 and investor_60 can"
            ),
        ));
    }
    let colour = turn.holding;
    let from_holding = if state.player(player).investors.contains(&investor) {
        None
    } else if state.holding(colour).investors.contains(&investor) {
        return Err(Violation::new(
            "investor_already_assigned",
            section::ACQUISITIONS,
            format!("{investor} is already assigned to {colour}"),
        ));
    } else if let Some(h) = state
        .holdings
        .iter()
        .find(|h| h.investors.contains(&investor))
    {
        Some(h.colour)
    } else {
        return Err(Violation::new(
            "investor_not_available",
            section::ACQUISITIONS,
            format!("{investor} is neither player {player}'s nor assigned to another Holding"),
        ));
    };
    match from_holding {
        None => state
            .player_mut(player)
            .investors
            .retain(|&i| i != investor),
        Some(h) => state.holding_mut(h).investors.retain(|&i| i != investor),
    }
    state.holding_mut(colour).investors.push(investor);
    turn.acquisitions = turn.acquisitions.saturating_add(1);
    set_round(state, turn);
    Ok(vec![Event::InvestorAssigned {
        holding: colour,
        investor,
        from_holding,
    }])
}

pub fn done(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_step(state, player, "done", OperatingStep::Acquisitions)?;
    let mut events = Vec::new();
    if state.holding(turn.holding).railroads.len() > usize::from(turn.diamond) {
        turn.step = OperatingStep::Discard;
        set_round(state, turn);
    } else {
        end_turn(state, turn, &mut events);
    }
    Ok(events)
}

// ---- Step 4: discard ----

pub fn discard_railroads(
    state: &mut State,
    player: Seat,
    railroads: &[u8],
) -> Result<Vec<Event>, Violation> {
    let turn = expect_step(state, player, "discard_railroads", OperatingStep::Discard)?;
    let colour = turn.holding;
    let owned = &state.holding(colour).railroads;
    let excess = owned.len().saturating_sub(usize::from(turn.diamond));
    if railroads.len() != excess {
        return Err(Violation::new(
            "wrong_discard_count",
            section::DISCARDING,
            format!(
                "{colour} owns {} Railroads with {} tokens on (⋄): exactly {excess} must be discarded, not {}",
                owned.len(),
                turn.diamond,
                railroads.len()
            ),
        ));
    }
    for (i, card) in railroads.iter().enumerate() {
        if !owned.iter().any(|r| r.card == *card) || railroads[..i].contains(card) {
            return Err(Violation::new(
                "railroad_not_there",
                section::DISCARDING,
                format!("{colour} does not own card {card} (or it is named twice)"),
            ));
        }
    }
    state
        .holding_mut(colour)
        .railroads
        .retain(|r| !railroads.contains(&r.card));
    state.railroads_out_of_game.extend(railroads);
    let mut events = vec![Event::RailroadsDiscarded {
        holding: colour,
        railroads: railroads.to_vec(),
    }];
    end_turn(state, turn, &mut events);
    Ok(events)
}
