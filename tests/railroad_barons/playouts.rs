//! Random playouts from setup: choosing among `legal_actions`, nothing panics, `check` stays
//! clean, every legal action is accepted, and sampled illegal actions are refused.

use proptest::prelude::*;
use railrules::core::Game;
use railrules::games::railroad_barons::action::{Action, Purchase, Sale};
use railrules::games::railroad_barons::{Colour, Investor, Options, RailroadBarons, Seat, State};

/// Sales in a canonical order, so two spellings of one trade compare equal.
fn canonical(action: &Action) -> Action {
    let mut a = action.clone();
    if let Action::Trade { sell, .. } = &mut a {
        sell.sort_by_key(|s| (s.holding, std::cmp::Reverse(s.certificate), s.exchange));
    }
    a
}

/// Variations of a legal action: another seat, certificate, Holding, exchange, start value...
/// Some stay legal; the test asks the rules which.
fn variations(action: &Action, k: u64) -> Vec<Action> {
    let seat = |s: Seat| s.other();
    let colour = Colour::ALL[(k % 5) as usize];
    let percent = [10u8, 20, 30, 40, 25][(k % 5) as usize];
    let mut out = Vec::new();
    match action.clone() {
        Action::OfferInvestor { player, investor } => {
            out.push(Action::OfferInvestor {
                player: seat(player),
                investor,
            });
            out.push(Action::OfferInvestor {
                player,
                investor: Investor::ALL[(k % 5) as usize],
            });
            out.push(Action::TakeCash { player });
        }
        Action::TakeInvestor { player } | Action::TakeCash { player } => {
            out.push(Action::TakeInvestor {
                player: seat(player),
            });
            out.push(Action::ChooseStartValue { player, value: 70 });
        }
        Action::ChooseStartValue { player, value } => {
            out.push(Action::ChooseStartValue {
                player: seat(player),
                value,
            });
            out.push(Action::ChooseStartValue {
                player,
                value: value + 5,
            });
        }
        Action::Trade { player, sell, buy } => {
            out.push(Action::Trade {
                player: seat(player),
                sell: sell.clone(),
                buy,
            });
            let mut doubled = sell.clone();
            if let Some(first) = sell.first() {
                doubled.push(*first);
                out.push(Action::Trade {
                    player,
                    sell: doubled,
                    buy,
                });
                let mut other = sell.clone();
                other[0] = Sale {
                    holding: colour,
                    certificate: percent,
                    exchange: other[0].exchange,
                };
                out.push(Action::Trade {
                    player,
                    sell: other,
                    buy,
                });
                let mut exch = sell.clone();
                exch[0].exchange = Some(percent);
                out.push(Action::Trade {
                    player,
                    sell: exch,
                    buy,
                });
                let mut reversed = sell.clone();
                reversed.reverse();
                out.push(Action::Trade {
                    player,
                    sell: reversed,
                    buy,
                });
            }
            if let Some(p) = buy {
                out.push(Action::Trade {
                    player,
                    sell: sell.clone(),
                    buy: Some(Purchase {
                        holding: colour,
                        ..p
                    }),
                });
                out.push(Action::Trade {
                    player,
                    sell: sell.clone(),
                    buy: Some(Purchase {
                        certificate: percent,
                        ..p
                    }),
                });
                out.push(Action::Trade {
                    player,
                    sell: sell.clone(),
                    buy: Some(Purchase {
                        exchange: Some(percent),
                        ..p
                    }),
                });
                let start = if p.start_value.is_some() {
                    None
                } else {
                    Some(80)
                };
                out.push(Action::Trade {
                    player,
                    sell: sell.clone(),
                    buy: Some(Purchase {
                        start_value: start,
                        ..p
                    }),
                });
            } else {
                out.push(Action::Trade {
                    player,
                    sell: sell.clone(),
                    buy: Some(Purchase {
                        holding: colour,
                        certificate: percent,
                        exchange: None,
                        start_value: None,
                    }),
                });
            }
        }
        Action::Pass { player } => {
            out.push(Action::Pass {
                player: seat(player),
            });
            out.push(Action::SwapPriority { player });
            out.push(Action::Trade {
                player,
                sell: vec![Sale {
                    holding: colour,
                    certificate: percent,
                    exchange: None,
                }],
                buy: None,
            });
        }
        Action::SwapPriority { player } => {
            out.push(Action::SwapPriority {
                player: seat(player),
            });
        }
    }
    out
}

/// Plays from setup, choosing actions by `choices`; checks every property at every step.
fn playout(seed: u64, choices: &[u32]) -> Result<State, TestCaseError> {
    let mut state: State = RailroadBarons::setup(&Options::default(), seed).expect("setup");
    for (step, &choice) in choices.iter().enumerate() {
        prop_assert!(
            RailroadBarons::check(&state).is_empty(),
            "check failed at step {}: {:?}",
            step,
            RailroadBarons::check(&state)
        );
        let legal = RailroadBarons::legal_actions(&state);
        if legal.is_empty() {
            // Only the Operating Round (not implemented yet) has no legal action.
            prop_assert!(RailroadBarons::to_act(&state).is_empty());
            break;
        }
        let listed: std::collections::HashSet<String> = legal
            .iter()
            .map(|a| serde_json::to_string(&canonical(a)).unwrap())
            .collect();
        prop_assert_eq!(
            listed.len(),
            legal.len(),
            "legal_actions lists an action twice"
        );
        // Every listed action is accepted (a sample when the list is long).
        let stride = (legal.len() / 40).max(1);
        for action in legal.iter().step_by(stride) {
            let mut copy = state.clone();
            prop_assert!(
                RailroadBarons::apply(&mut copy, action).is_ok(),
                "listed action refused: {:?}",
                action
            );
            prop_assert!(RailroadBarons::to_act(&state).contains(&action.player()));
        }
        // Variations are accepted exactly when they are listed (up to the order of sales).
        for (i, action) in legal.iter().step_by(stride).enumerate() {
            for variant in variations(action, u64::from(choice) + i as u64) {
                let mut copy = state.clone();
                let accepted = RailroadBarons::apply(&mut copy, &variant).is_ok();
                let is_listed =
                    listed.contains(&serde_json::to_string(&canonical(&variant)).unwrap());
                prop_assert_eq!(
                    accepted,
                    is_listed,
                    "{:?} accepted={} listed={}",
                    variant,
                    accepted,
                    is_listed
                );
                if !accepted {
                    prop_assert_eq!(&copy, &state, "a refused action changed the state");
                }
            }
        }
        // One choice in four passes when it can, so rounds end as often as they go on.
        let pass = legal.iter().find(|a| matches!(a, Action::Pass { .. }));
        let action = match pass {
            Some(p) if choice % 4 == 0 => p,
            _ => &legal[(choice / 4) as usize % legal.len()],
        };
        RailroadBarons::apply(&mut state, action).expect("a listed action is accepted");
    }
    prop_assert!(RailroadBarons::check(&state).is_empty());
    Ok(state)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_every_property(seed in any::<u64>(), choices in proptest::collection::vec(any::<u32>(), 1..120)) {
        playout(seed, &choices)?;
    }

    /// Short choices: playouts that favour the first actions listed (buys) and passing.
    #[test]
    fn playouts_with_small_choices_keep_every_property(seed in any::<u64>(), choices in proptest::collection::vec(0u32..12, 60..200)) {
        playout(seed, &choices)?;
    }
}

/// The playouts above are only worth something if they reach the end of the Stock Round with
/// Holdings started and traded: count how often fixed-seed playouts do.
#[test]
fn playouts_reach_the_end_of_the_stock_round() {
    let mut ended = 0;
    let mut started_holdings = 0;
    for seed in 0..40u64 {
        let mut rng = railrules::core::Rng::new(seed);
        let choices: Vec<u32> = (0..400).map(|_| rng.below(64) as u32).collect();
        let state = playout(seed, &choices).expect("properties hold");
        if matches!(
            state.round,
            railrules::games::railroad_barons::Round::OperatingRound { .. }
        ) {
            ended += 1;
        }
        started_holdings += state
            .holdings
            .iter()
            .filter(|h| h.director.is_some())
            .count();
    }
    assert!(
        ended >= 30,
        "only {ended} of 40 playouts reached the Operating Round"
    );
    assert!(
        started_holdings >= 40,
        "only {started_holdings} Holdings started in 40 playouts"
    );
}
