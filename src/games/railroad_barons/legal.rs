//! Every action `apply` accepts in a state. Each candidate is judged by the same functions
//! `apply` uses, so the list cannot drift from the rules.

use super::action::{Action, Purchase, RailroadSource, Sale};
use super::ids::Investor;
use super::ids::{Colour, Seat};
use super::operating_round::{Turn, current_turn, max_price};
use super::rules::{BANK_CAP_PERCENT, DIRECTOR_CERTIFICATE, DRAFT_OFFERS};
use super::state::OperatingStep;
use super::state::{Owner, Round, State};
use super::stock_round::{
    can_sell_outright, may_swap_priority, plan_purchase, plan_sales, summarize,
};
use super::turns::draft_offerer;

pub fn legal_actions(state: &State) -> Vec<Action> {
    match &state.round {
        Round::InvestorDraft {
            offers_made,
            pool,
            offer,
            start_value_due,
        } => {
            if let Some(player) = *start_value_due {
                state
                    .components
                    .start_values
                    .iter()
                    .map(|&value| Action::ChooseStartValue { player, value })
                    .collect()
            } else if let Some(offer) = offer {
                let player = offer.by.other();
                vec![Action::TakeInvestor { player }, Action::TakeCash { player }]
            } else if *offers_made < DRAFT_OFFERS {
                let player = draft_offerer(state.start_player, *offers_made);
                pool.iter()
                    .map(|&investor| Action::OfferInvestor { player, investor })
                    .collect()
            } else {
                vec![]
            }
        }
        Round::StockRound {
            to_act,
            turns_taken,
            ..
        } => stock_round_actions(state, *to_act, *turns_taken),
        Round::OperatingRound { .. } => operating_round_actions(state),
        Round::GameEnded { .. } => vec![],
    }
}

/// The Operating Round's candidates, each judged by applying it to a copy.
fn operating_round_actions(state: &State) -> Vec<Action> {
    let Some(turn) = current_turn(state) else {
        return vec![];
    };
    let candidates = operating_round_candidates(state, turn);
    candidates
        .into_iter()
        .filter(|a| {
            crate::core::contract::apply::<super::RailroadBarons>(&mut state.clone(), a).is_ok()
        })
        .collect()
}

fn operating_round_candidates(state: &State, turn: Turn) -> Vec<Action> {
    // Long: one arm per operating step, each listing that step's actions.
    let player = turn.director;
    let holding = state.holding(turn.holding);
    let card = state.components.holding(turn.holding);
    let mut out = Vec::new();
    match turn.step {
        OperatingStep::PlaceOperators => {
            let available = card.operators.saturating_sub(holding.operators_invested);
            for plus in 0..=card.plus_circles.min(available) {
                for diamond in 0..=card.diamond_circles.min(available - plus) {
                    out.push(Action::PlaceOperators {
                        player,
                        plus,
                        diamond,
                        invest: false,
                    });
                    if plus + diamond < available {
                        out.push(Action::PlaceOperators {
                            player,
                            plus,
                            diamond,
                            invest: true,
                        });
                    }
                }
            }
        }
        OperatingStep::Revenue => {
            out.push(Action::Revenue {
                player,
                payout: true,
            });
            out.push(Action::Revenue {
                player,
                payout: false,
            });
        }
        OperatingStep::Acquisitions => {
            if let Some(&top) = state.railroad_stack.first() {
                for face in 0..state.components.railroads[top as usize].faces.len() as u8 {
                    for director_help in [false, true] {
                        out.push(Action::BuyRailroad {
                            player,
                            card: top,
                            from: RailroadSource::Bank,
                            face: Some(face),
                            price: None,
                            accepted_by: None,
                            director_help,
                        });
                    }
                }
            }
            for seller in &state.holdings {
                if seller.colour == turn.holding {
                    continue;
                }
                let accepted_by = seller.director.filter(|&d| d != player);
                for r in &seller.railroads {
                    out.push(Action::BuyRailroad {
                        player,
                        card: r.card,
                        from: RailroadSource::from_holding(seller.colour),
                        face: None,
                        price: Some(1),
                        accepted_by,
                        director_help: false,
                    });
                }
            }
            let mut investors: Vec<Investor> = state.player(player).investors.clone();
            for h in &state.holdings {
                if h.colour != turn.holding {
                    investors.extend(&h.investors);
                }
            }
            investors.sort();
            for investor in investors {
                out.push(Action::AssignInvestor { player, investor });
            }
            out.push(Action::Done { player });
        }
        OperatingStep::Discard => {
            // Ascending, the order in which a discard is read.
            let mut owned: Vec<_> = holding.railroads.iter().map(|r| r.card).collect();
            owned.sort_unstable();
            let excess = owned.len().saturating_sub(usize::from(turn.diamond));
            for railroads in combinations(&owned, excess) {
                out.push(Action::DiscardRailroads { player, railroads });
            }
        }
    }
    out
}

/// Every choice of `k` of `items`, in order.
fn combinations<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    if k == 0 {
        return vec![vec![]];
    }
    if items.len() < k {
        return vec![];
    }
    let mut with_first: Vec<Vec<T>> = combinations(&items[1..], k - 1)
        .into_iter()
        .map(|mut rest| {
            rest.insert(0, items[0]);
            rest
        })
        .collect();
    with_first.extend(combinations(&items[1..], k));
    with_first
}

/// The free numbers of a listed action: buying another Holding's Railroad is legal at every
/// price from $1 to the buyer's cash.
pub fn price_range(state: &State, action: &Action) -> Option<(u32, u32)> {
    match action {
        Action::BuyRailroad {
            from,
            price: Some(_),
            ..
        } if from.holding().is_some() => {
            let turn = current_turn(state)?;
            Some((1, max_price(state, turn)))
        }
        _ => None,
    }
}

fn stock_round_actions(state: &State, player: Seat, turns_taken: u32) -> Vec<Action> {
    let mut actions = Vec::new();
    if turns_taken == 0 {
        for seat in Seat::ALL {
            if may_swap_priority(state, seat) {
                actions.push(Action::SwapPriority { player: seat });
            }
        }
    }
    let owes_sell_down = state.player(player).owes_sell_down;
    for sell in sale_lists(state, player) {
        let Ok(planned) = plan_sales(state, player, &sell) else {
            continue;
        };
        let summary = summarize(&planned);
        if owes_sell_down {
            if summary.outright > 0 {
                actions.push(Action::Trade {
                    player,
                    sell,
                    buy: None,
                });
            }
            continue;
        }
        if !sell.is_empty() {
            actions.push(Action::Trade {
                player,
                sell: sell.clone(),
                buy: None,
            });
        }
        for purchase in purchase_candidates(state, player) {
            if plan_purchase(state, player, &purchase, &summary).is_ok() {
                actions.push(Action::Trade {
                    player,
                    sell: sell.clone(),
                    buy: Some(purchase),
                });
            }
        }
    }
    if !owes_sell_down || !can_sell_outright(state, player) {
        actions.push(Action::Pass { player });
    }
    actions
}

/// Every list of sales worth judging, including the empty one, in canonical order (Holdings
/// in operating order, larger certificates first). Sales that break a rule on their own are
/// pruned here; `plan_sales` judges the rest.
fn sale_lists(state: &State, player: Seat) -> Vec<Vec<Sale>> {
    let mut options: Vec<Vec<Sale>> = Vec::new();
    for colour in Colour::ALL {
        let holding = state.holding(colour);
        for certificate in holding.certificates_of(player.into()) {
            let mut choices = vec![Sale {
                holding: colour,
                certificate,
                exchange: None,
            }];
            for smaller in holding.certificates_of(Owner::Bank) {
                if smaller < certificate {
                    choices.push(Sale {
                        holding: colour,
                        certificate,
                        exchange: Some(smaller),
                    });
                }
            }
            choices.retain(|s| plan_sales(state, player, &[*s]).is_ok());
            options.push(choices);
        }
    }
    let mut lists = vec![Vec::new()];
    for choices in options {
        let mut next = Vec::with_capacity(lists.len() * (choices.len() + 1));
        for list in &lists {
            next.push(list.clone());
            for sale in &choices {
                let mut extended = list.clone();
                extended.push(*sale);
                if within_bank_cap(state, &extended) {
                    next.push(extended);
                }
            }
        }
        lists = next;
    }
    lists
}

/// Prunes lists that already put the bank over its cap (more sales only add to it).
fn within_bank_cap(state: &State, sales: &[Sale]) -> bool {
    Colour::ALL.iter().all(|&colour| {
        let holding = state.holding(colour);
        if !holding.floated {
            return true;
        }
        let added: u8 = sales
            .iter()
            .filter(|s| s.holding == colour)
            .fold(0u8, |sum, s| {
                sum.saturating_add(s.certificate.saturating_sub(s.exchange.unwrap_or(0)))
            });
        holding.percent_of(Owner::Bank).saturating_add(added) <= BANK_CAP_PERCENT
    })
}

/// Every buy worth judging: each certificate in the bank, bought outright or exchanged up, and
/// each start value for a Director certificate of a Holding not yet started.
fn purchase_candidates(state: &State, player: Seat) -> Vec<Purchase> {
    let mut candidates = Vec::new();
    for colour in Colour::ALL {
        let holding = state.holding(colour);
        for certificate in holding.certificates_of(Owner::Bank) {
            if !holding.is_started() {
                if certificate == DIRECTOR_CERTIFICATE {
                    for &start in &state.components.start_values {
                        candidates.push(Purchase {
                            holding: colour,
                            certificate,
                            exchange: None,
                            start_value: Some(start),
                        });
                    }
                }
                continue;
            }
            candidates.push(Purchase {
                holding: colour,
                certificate,
                exchange: None,
                start_value: None,
            });
            for smaller in holding.certificates_of(player.into()) {
                if smaller < certificate {
                    candidates.push(Purchase {
                        holding: colour,
                        certificate,
                        exchange: Some(smaller),
                        start_value: None,
                    });
                }
            }
        }
    }
    candidates
}
