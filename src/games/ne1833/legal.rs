//! Every action `apply` accepts, each judged by `apply` itself on a copy (the candidates are
//! few). Bids list each private once at its lowest price, with the range of prices allowed.

use super::action::{Action, ShareSource};
use super::auction::{cheapest, maximum_bid, minimum_bid};
use super::data::components;
use super::ids::{Company, Private};
use super::state::{PrivateOwner, Round, State};
use crate::core::{Game, ParameterRange};

pub fn legal_actions(state: &State) -> Vec<Action> {
    candidates(state)
        .into_iter()
        .filter(|a| super::Ne1833::apply(&mut state.clone(), a).is_ok())
        .collect()
}

fn candidates(state: &State) -> Vec<Action> {
    let mut out = Vec::new();
    match &state.round {
        Round::Auction {
            to_act, contest, ..
        } => {
            let player = contest.as_ref().map_or(*to_act, |c| c.to_act);
            match contest {
                Some(c) => out.push(Action::Bid {
                    player,
                    company: c.private,
                    price: minimum_bid(state, c.private),
                }),
                None => {
                    for private in Private::ALL {
                        if state.private(private).owner == PrivateOwner::Unsold {
                            out.push(Action::Bid {
                                player,
                                company: private,
                                price: minimum_bid(state, private),
                            });
                        }
                    }
                }
            }
            out.push(Action::Pass { player });
        }
        Round::StockRound { to_act, .. } => {
            let player = *to_act;
            for company in Company::ALL {
                let held = state.company(company).percent_of(player);
                for percent in (10..=held).step_by(10) {
                    out.push(Action::SellShares {
                        player,
                        corporation: company,
                        percent,
                    });
                }
                for &share_price in &components().par_values {
                    out.push(Action::Par {
                        player,
                        corporation: company,
                        share_price,
                    });
                }
                for from in [ShareSource::Treasury, ShareSource::Market] {
                    out.push(Action::BuyShares {
                        player,
                        corporation: company,
                        from,
                    });
                }
            }
            out.push(Action::Pass { player });
        }
        Round::OperatingRound { .. } | Round::GameEnded { .. } => {}
    }
    out
}

/// A bid other than the cheapest's purchase may be any price from the lowest allowed to the
/// player's uncommitted cash.
pub fn ranges(state: &State, action: &Action) -> Vec<ParameterRange> {
    match action {
        Action::Bid {
            player, company, ..
        } => {
            let in_contest = matches!(&state.round, Round::Auction { contest: Some(c), .. } if c.private == *company);
            if !in_contest && cheapest(state) == Some(*company) {
                return vec![];
            }
            vec![ParameterRange {
                pointer: "/price".to_string(),
                min: u64::from(minimum_bid(state, *company)),
                max: u64::from(maximum_bid(state, *player, *company)),
            }]
        }
        _ => vec![],
    }
}
