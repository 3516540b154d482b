//! Trains and phases: what each phase starts, phases out and removes, discarded trains sold
//! again, and the ids of unlimited trains.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use crate::or_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, DividendKind};
use railrules::games::ne1833::event::Event;
use railrules::games::ne1833::ids::Company;

/// Plays whole operating rounds with every company running nothing and buying `card` trains
/// while it can, until `done` holds.
fn buy_trains_until(s: &mut State, done: impl Fn(&State) -> bool) {
    for _ in 0..400 {
        if done(s) {
            return;
        }
        let legal = Ne1833::legal_actions(s);
        let pick = legal
            .iter()
            .find(|a| matches!(a, Action::BuyTrain { from: None, .. }))
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| matches!(a, Action::RunRoutes { routes, .. } if routes.is_empty()))
            })
            .or_else(|| {
                legal.iter().find(|a| {
                    matches!(
                        a,
                        Action::Dividend {
                            kind: DividendKind::Withhold,
                            ..
                        }
                    )
                })
            })
            .or_else(|| {
                legal
                    .iter()
                    .find(|a| matches!(a, Action::DiscardTrain { .. }))
            })
            .or_else(|| legal.iter().find(|a| matches!(a, Action::Pass { .. })))
            .cloned()
            .unwrap_or_else(|| panic!("nothing to do in {:?}: {:?}", s.round, legal));
        play(s, pick);
    }
    panic!("never reached");
}

#[test]
fn phase_two_starts_on_the_first_3_5_bought() {
    let mut s = operating();
    for c in [Company::Bw, Company::Hr, Company::Cv] {
        s.company_mut(c).cash += 500;
        s.bank -= 500;
    }
    buy_trains_until(&mut s, |s| s.phase == 1);
    // Eight 2-trains, then the 3/5.
    assert_eq!(s.depot[0], 0);
    assert_eq!(
        s.companies
            .iter()
            .flat_map(|c| &c.trains)
            .filter(|t| t.card == "3/5")
            .count(),
        1
    );
}

/// A company that runs nothing and has `trains` active trains of `card`, its depot emptied up to
/// the card after it, in phase `phase`, ready to buy: the Hartford in round 1.1. As in play, the
/// phases up to `phase` have had their effects, and the trains bought out of the depot that no
/// company holds have left the game.
fn ready_to_buy(card: &str, trains: usize, phase: u8) -> State {
    let mut s = operating();
    let c = railrules::games::ne1833::data::components();
    let index = c.trains.iter().position(|t| t.id == card).unwrap();
    for i in 0..=index {
        s.depot[i] = 0;
        s.removed_trains
            .extend((0..c.trains[i].count).map(|k| format!("{}-{k}", c.trains[i].id).into()));
    }
    for p in 1..=usize::from(phase) {
        railrules::games::ne1833::trains::start_phase(&mut s, p);
    }
    let side = c.trains[index].sides[0].name.clone();
    for k in 0..trains {
        hand_train(&mut s, Company::Hr, &format!("{card}-{k}"), &side, false);
    }
    s.company_mut(Company::Hr).cash += 1500;
    s.bank -= 1500;
    assert!(Ne1833::check(&s).is_empty(), "{:?}", Ne1833::check(&s));
    nothing(&mut s, P2);
    s
}

/// Gives a company a train that had left the game (as if it had bought it instead).
fn hand_train(s: &mut State, company: Company, id: &str, side: &str, phased_out: bool) {
    s.removed_trains.retain(|t| t != id);
    let card = id.rsplit_once('-').unwrap().0;
    s.company_mut(company)
        .trains
        .push(railrules::games::ne1833::state::Train {
            id: id.into(),
            card: card.into(),
            side: side.into(),
            phased_out,
        });
}

#[test]
fn phase_three_phases_out_the_2s_and_closes_or_flips_the_privates() {
    let mut s = ready_to_buy("3/5", 1, 1);
    hand_train(&mut s, Company::Cv, "2-0", "2", false);
    let events = play(&mut s, depot_train(P2, "4/7", "4/7"));
    assert!(events.contains(&Event::PhaseChanged {
        phase: "III".into()
    }));
    assert!(events.contains(&Event::TrainsPhasedOut { card: "2".into() }));
    assert!(s.company(Company::Cv).trains[0].phased_out);
    // Every private is a player's here: all close.
    assert!(s.privates.iter().all(|p| p.closed));
}

#[test]
fn phase_four_removes_the_2s_phases_out_the_3_5s_ends_ferries_and_cuts_the_limit() {
    let mut s = ready_to_buy("4/7", 3, 2);
    hand_train(&mut s, Company::Cv, "2-0", "2", true);
    hand_train(&mut s, Company::Cv, "3/5-0", "3/5", false);
    // The Hartford holds three 4/7s: at the limit of 3 it may not buy.
    assert_eq!(
        refuse(&s, depot_train(P2, "6/9", "6/9")).code,
        "train_limit"
    );
    s.remove_trains(Company::Hr, |t| t.id == "4/7-2");
    let events = play(&mut s, depot_train(P2, "6/9", "6/9"));
    assert!(events.contains(&Event::PhaseChanged { phase: "IV".into() }));
    assert!(events.iter().any(
        |e| matches!(e, Event::TrainsRemoved { card, trains } if card == "2" && *trains == ["2-0"])
    ));
    assert!(s.company(Company::Cv).trains.iter().all(|t| t.card != "2"));
    assert!(
        s.company(Company::Cv)
            .trains
            .iter()
            .any(|t| t.card == "3/5" && t.phased_out)
    );
    assert!(events.contains(&Event::FerriesRemoved));
    // Three active trains over the new limit of 2: the Hartford discards first.
    assert_eq!(Ne1833::to_act(&s), vec![P2]);
    assert_eq!(refuse(&s, pass(P2)).code, "discard_pending");
    play(
        &mut s,
        Action::DiscardTrain {
            player: P2,
            train: "4/7-0".into(),
        },
    );
    // The rules file is silent: 1846's rule decides (docs/rules/1846.md#discarded-trains). The
    // discarded 4/7 goes back to the bank, which sells it again.
    let pile: Vec<&str> = s.discard_pile.iter().map(|t| t.id.as_str()).collect();
    assert_eq!(pile, ["4/7-0"]);
    assert!(!s.removed_trains.iter().any(|t| t == "4/7-0"));
    play(&mut s, pass(P2));
}

#[test]
fn a_discarded_train_is_sold_again_until_a_phase_phases_it_out() {
    let mut s = ready_to_buy("6/9", 1, 3);
    hand_train(&mut s, Company::Cv, "4/7-0", "4/7", false);
    let discarded = s.company_mut(Company::Cv).trains.pop().unwrap();
    s.discard_pile.push(discarded);
    assert!(Ne1833::check(&s).is_empty(), "{:?}", Ne1833::check(&s));
    // The Hartford buys the discarded 4/7 by its id, on the side it chooses, at its price.
    let mut bought = s.clone();
    let events = play(&mut bought, depot_train(P2, "4/7-0", "4/7"));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TrainBought { train, .. } if train == "4/7-0")),
        "{events:?}"
    );
    assert!(bought.discard_pile.is_empty());
    // Phase V phases the 4/7s out: the discarded one leaves the game.
    let events = play(&mut s, depot_train(P2, "7+3", "7+3"));
    assert!(events.iter().any(
        |e| matches!(e, Event::TrainsRemoved { card, trains } if card == "4/7" && *trains == ["4/7-0"])
    ));
    assert!(s.discard_pile.is_empty());
    assert!(s.removed_trains.iter().any(|t| t == "4/7-0"));
}

#[test]
fn phase_five_removes_the_3_5s() {
    let mut s = ready_to_buy("6/9", 1, 3);
    hand_train(&mut s, Company::Cv, "3/5-0", "3/5", true);
    let events = play(&mut s, depot_train(P2, "7+3", "7+3"));
    assert!(events.contains(&Event::PhaseChanged { phase: "V".into() }));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TrainBought { price: 1000, .. })),
        "the 7+3 costs $1,000"
    );
    assert!(s.company(Company::Cv).trains.is_empty());
}

#[test]
fn an_unlimited_train_never_reuses_the_id_of_one_that_left_the_game() {
    // The Hartford buys the first 7+3 (phase V) and then closes: 7+3-0 leaves the game with it.
    let mut s = ready_to_buy("6/9", 0, 3);
    play(&mut s, depot_train(P2, "7+3", "7+3"));
    assert_eq!(s.company(Company::Hr).trains[0].id, "7+3-0");
    let mut events = Vec::new();
    railrules::games::ne1833::market::close(&mut *s, Company::Hr, &mut events);
    assert_eq!(s.removed_trains.last().map(|t| t.as_str()), Some("7+3-0"));
    // The next 7+3 bought is 7+3-1, not a second 7+3-0.
    s.company_mut(Company::Cv).cash += 1000;
    s.bank -= 1000;
    railrules::games::ne1833::trains::buy(&mut s, Company::Cv, "7+3", "7+3", 1000, 0);
    assert_eq!(s.company(Company::Cv).trains[0].id, "7+3-1");
    let problems: Vec<String> = Ne1833::check(&s).into_iter().map(|v| v.code).collect();
    assert!(
        !problems.contains(&"train_in_two_places".to_string()),
        "{problems:?}"
    );
}
