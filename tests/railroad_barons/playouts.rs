//! Random playouts from setup: choosing among `legal_actions`, nothing panics, `check` stays
//! clean, every legal action is accepted, and sampled illegal actions are refused.

use crate::fixtures::State;
use proptest::prelude::*;
use railrules::core::Game;
use railrules::games::railroad_barons::action::{Action, Purchase, Sale};
use railrules::games::railroad_barons::{Colour, Investor, Options, RailroadBarons, Round, Seat};
use std::collections::HashSet;

/// Sales in a canonical order, so two spellings of one trade compare equal.
fn canonical(action: &Action) -> Action {
    let mut a = action.clone();
    match &mut a {
        Action::Trade { sell, .. } => {
            sell.sort_by_key(|s| (s.holding, std::cmp::Reverse(s.certificate), s.exchange));
        }
        // An absent face is the first face.
        Action::BuyRailroad { face, from, .. } if from.holding().is_none() && face.is_none() => {
            *face = Some(0)
        }
        Action::DiscardRailroads { railroads, .. } => railroads.sort_unstable(),
        _ => {}
    }
    a
}

/// Variations of a legal action: another seat, certificate, Holding, exchange, start value...
/// Some stay legal; the test asks the rules which.
#[expect(
    clippy::too_many_lines,
    reason = "one arm per action, each with its variations"
)]
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
        Action::PlaceOperators {
            player,
            plus,
            diamond,
            invest,
        } => {
            out.push(Action::PlaceOperators {
                player: seat(player),
                plus,
                diamond,
                invest,
            });
            out.push(Action::PlaceOperators {
                player,
                plus: plus + 1,
                diamond,
                invest,
            });
            out.push(Action::PlaceOperators {
                player,
                plus,
                diamond: diamond + 1,
                invest: !invest,
            });
            out.push(Action::Revenue {
                player,
                payout: true,
            });
        }
        Action::Revenue { player, payout } => {
            out.push(Action::Revenue {
                player: seat(player),
                payout,
            });
            out.push(Action::Revenue {
                player,
                payout: !payout,
            });
            out.push(Action::Done { player });
        }
        Action::BuyRailroad {
            player,
            card,
            from,
            face,
            price,
            accepted_by,
            director_help,
        } => {
            out.push(Action::BuyRailroad {
                player: seat(player),
                card,
                from,
                face,
                price,
                accepted_by,
                director_help,
            });
            out.push(Action::BuyRailroad {
                player,
                card: card.wrapping_add(1),
                from,
                face,
                price,
                accepted_by,
                director_help,
            });
            out.push(Action::BuyRailroad {
                player,
                card,
                from,
                face: Some(face.unwrap_or(0) + 1),
                price,
                accepted_by,
                director_help,
            });
            out.push(Action::BuyRailroad {
                player,
                card,
                from,
                face,
                price: Some(price.unwrap_or(0) + 1),
                accepted_by,
                director_help,
            });
            out.push(Action::BuyRailroad {
                player,
                card,
                from,
                face,
                price: Some(0),
                accepted_by,
                director_help,
            });
            out.push(Action::BuyRailroad {
                player,
                card,
                from,
                face,
                price,
                accepted_by: Some(seat(player)),
                director_help,
            });
            out.push(Action::BuyRailroad {
                player,
                card,
                from,
                face,
                price,
                accepted_by: None,
                director_help,
            });
            out.push(Action::BuyRailroad {
                player,
                card,
                from,
                face,
                price,
                accepted_by,
                director_help: !director_help,
            });
        }
        Action::AssignInvestor { player, investor } => {
            out.push(Action::AssignInvestor {
                player: seat(player),
                investor,
            });
            out.push(Action::AssignInvestor {
                player,
                investor: Investor::ALL[(k % 5) as usize],
            });
        }
        Action::DiscardRailroads { player, railroads } => {
            out.push(Action::DiscardRailroads {
                player: seat(player),
                railroads: railroads.clone(),
            });
            let mut more = railroads.clone();
            more.push((k % 28) as u8);
            out.push(Action::DiscardRailroads {
                player,
                railroads: more,
            });
            out.push(Action::DiscardRailroads {
                player,
                railroads: railroads.iter().skip(1).copied().collect(),
            });
            out.push(Action::Done { player });
        }
        Action::Done { player } => {
            out.push(Action::Done {
                player: seat(player),
            });
            out.push(Action::DiscardRailroads {
                player,
                railroads: vec![],
            });
        }
    }
    out
}

/// Whether `variant` is in the listed actions, up to the order of sales and within the range
/// of a free price.
fn covered(state: &State, listed: &HashSet<String>, variant: &Action) -> bool {
    if listed.contains(&serde_json::to_string(&canonical(variant)).unwrap()) {
        return true;
    }
    let Action::BuyRailroad { price: Some(p), .. } = variant else {
        return false;
    };
    let mut at_minimum = variant.clone();
    if let Action::BuyRailroad { price, .. } = &mut at_minimum {
        *price = Some(1);
    }
    listed.contains(&serde_json::to_string(&at_minimum).unwrap())
        && RailroadBarons::ranges(state, &at_minimum)
            .iter()
            .any(|r| (r.min..=r.max).contains(&u64::from(*p)))
}

/// Picks the next action: half the choices pass, pay out or end the acquisitions when they
/// can, so rounds end and share values climb; the others pick any listed action.
fn choose(legal: &[Action], choice: u32) -> &Action {
    let quick = legal.iter().find(|a| {
        matches!(
            a,
            Action::Pass { .. } | Action::Done { .. } | Action::Revenue { payout: true, .. }
        )
    });
    match quick {
        Some(a) if choice.is_multiple_of(2) => a,
        _ => &legal[(choice / 2) as usize % legal.len()],
    }
}

fn choose_greedy<'a>(state: &State, legal: &'a [Action], choice: u32) -> &'a Action {
    railrules::games::railroad_barons::bot::greedy_choice(state, legal, choice)
}

/// A random player: see [`choose`].
fn choose_random<'a>(_state: &State, legal: &'a [Action], choice: u32) -> &'a Action {
    choose(legal, choice)
}

/// Judges a few of the listed actions and their variations: listed ones are accepted, variations
/// are accepted exactly when listed, refusals leave the state untouched.
fn judge_sample(state: &State, legal: &[Action], choice: u32) -> Result<(), TestCaseError> {
    let listed: HashSet<String> = legal
        .iter()
        .map(|a| serde_json::to_string(&canonical(a)).unwrap())
        .collect();
    prop_assert_eq!(
        listed.len(),
        legal.len(),
        "legal_actions lists an action twice"
    );
    let to_act = RailroadBarons::to_act(state);
    let stride = (legal.len() / 6).max(1);
    for (i, action) in legal
        .iter()
        .skip(choice as usize % stride)
        .step_by(stride)
        .enumerate()
    {
        let mut copy = state.clone();
        prop_assert!(
            RailroadBarons::apply(&mut copy, action).is_ok(),
            "listed action refused: {:?}",
            action
        );
        prop_assert!(to_act.contains(&action.player()));
        for variant in variations(action, u64::from(choice) + i as u64) {
            let mut copy = state.clone();
            let accepted = RailroadBarons::apply(&mut copy, &variant).is_ok();
            let is_listed = covered(state, &listed, &variant);
            prop_assert_eq!(
                accepted,
                is_listed,
                "{:?} accepted={} listed={}",
                variant,
                accepted,
                is_listed
            );
            if !accepted {
                prop_assert_eq!(&copy, state, "a refused action changed the state");
            }
        }
    }
    Ok(())
}

/// Plays from setup, choosing actions by `choices`, checking `check` after every action and
/// judging a sample of the listed actions at every step when `thorough`.
fn playout(seed: u64, choices: &[u32], thorough: bool) -> Result<(State, usize), TestCaseError> {
    playout_with(seed, choices, thorough, choose_random)
}

fn playout_with(
    seed: u64,
    choices: &[u32],
    thorough: bool,
    chooser: for<'a> fn(&State, &'a [Action], u32) -> &'a Action,
) -> Result<(State, usize), TestCaseError> {
    let mut played = 0;
    let mut state: State = RailroadBarons::setup(&Options::default(), seed).expect("setup");
    for (step, &choice) in choices.iter().enumerate() {
        let problems = RailroadBarons::check(&state);
        prop_assert!(
            problems.is_empty(),
            "check failed at step {}: {:?}",
            step,
            problems
        );
        let legal = RailroadBarons::legal_actions(&state);
        if legal.is_empty() {
            // Only the end of the game has no legal action.
            let ended = matches!(state.round, Round::GameEnded { .. });
            prop_assert!(ended, "no legal action before the end of the game");
            prop_assert!(RailroadBarons::to_act(&state).is_empty());
            break;
        }
        if thorough {
            judge_sample(&state, &legal, choice)?;
        }
        let action = chooser(&state, &legal, choice);
        RailroadBarons::apply(&mut state, action).expect("a listed action is accepted");
        played += 1;
    }
    let problems = RailroadBarons::check(&state);
    prop_assert!(
        problems.is_empty(),
        "check failed at the end: {:?}",
        problems
    );
    Ok((state, played))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_playouts_keep_every_property(seed in any::<u64>(), choices in proptest::collection::vec(any::<u32>(), 1..400)) {
        playout(seed, &choices, true)?;
    }

    /// Small choices favour the first actions listed (buys, the first faces, few tokens).
    #[test]
    fn greedy_playouts_keep_every_property(seed in any::<u64>(), choices in proptest::collection::vec(any::<u32>(), 200..1500)) {
        playout_with(seed, &choices, true, choose_greedy)?;
    }

    #[test]
    fn playouts_with_small_choices_keep_every_property(seed in any::<u64>(), choices in proptest::collection::vec(0u32..12, 100..400)) {
        playout(seed, &choices, true)?;
    }
}

/// Whole games from setup to the end by a greedy player, checking `check` after every action:
/// every one ends, some by a Holding reaching the top of the share value track, the others when
/// no Railroad is left to earn revenue.
#[test]
fn random_games_reach_the_end() {
    let games = 300u64;
    let (mut actions, mut at_the_top) = (0, 0);
    for seed in 0..games {
        let mut rng = railrules::core::Rng::new(seed);
        let choices: Vec<u32> = (0..20_000).map(|_| rng.below(1 << 20) as u32).collect();
        let (state, played) =
            playout_with(seed, &choices, false, choose_greedy).expect("properties hold");
        let Round::GameEnded { winners, .. } = &state.round else {
            panic!(
                "seed {seed}: the game did not end within 20,000 actions: {:?}",
                state.round
            );
        };
        assert!(!winners.is_empty());
        actions += played;
        let top = *state.components.share_value_track.last().unwrap();
        if state.holdings.iter().any(|h| h.share_value == Some(top)) {
            at_the_top += 1;
        }
    }
    println!(
        "{games} games, {} actions on average, {at_the_top} ended at the top",
        actions / games as usize
    );
    assert!(
        at_the_top >= 3,
        "only {at_the_top} of {games} games ended by a Holding at the top"
    );
}
