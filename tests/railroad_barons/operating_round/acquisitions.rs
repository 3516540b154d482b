//! Acquisitions: Railroads from the bank's top card or another Holding, Investors, and the
//! Director's help for a first Railroad.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::action::{Action, RailroadSource};
use railrules::games::railroad_barons::event::Event;
use railrules::games::railroad_barons::state::Round;
use railrules::games::railroad_barons::{Investor, RailroadBarons};

use super::mcgreed;

#[test]
fn mbs_with_two_plus_tokens_adds_two_railroads_or_investors_in_all() {
    let mut s = mcgreed();
    play(&mut s, place(A, 2, 2));
    play(&mut s, revenue(A, false));
    let events = play(&mut s, buy_top(A, 0, 0));
    assert!(events.contains(&Event::RailroadBought {
        holding: Blue,
        card: 0,
        face: 0,
        level: 2,
        from: RailroadSource::Bank,
        price: 80,
        director_paid: 0,
    }));
    assert_eq!(s.holding(Blue).cash, 900 - 80);
    play(
        &mut s,
        Action::AssignInvestor {
            player: A,
            investor: Investor::Investor40,
        },
    );
    let v = refuse(
        &s,
        Action::AssignInvestor {
            player: A,
            investor: Investor::Investor50,
        },
    );
    assert_eq!(v.code, "no_acquisitions_left");
    assert_eq!(refuse(&s, buy_top(A, 1, 0)).code, "no_acquisitions_left");
    play(&mut s, done(A));
    assert!(matches!(s.round, Round::OperatingRound { number: 2, .. }));
}

#[test]
fn only_the_top_card_is_bought_from_the_bank_at_the_chosen_face() {
    let mut s = mcgreed();
    stack_from(&mut s, 5);
    play(&mut s, place(A, 2, 2));
    play(&mut s, revenue(A, false));
    assert_eq!(refuse(&s, buy_top(A, 6, 0)).code, "not_top_card");
    assert_eq!(refuse(&s, buy_top(A, 5, 2)).code, "no_such_face");
    let priced = Action::BuyRailroad {
        player: A,
        card: 5,
        from: RailroadSource::Bank,
        face: Some(0),
        price: Some(50),
        accepted_by: None,
        director_help: false,
    };
    assert_eq!(refuse(&s, priced).code, "price_is_printed");
    // The B card's back: level 3 for $160.
    let events = play(&mut s, buy_top(A, 5, 1));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::RailroadBought {
            card: 5,
            face: 1,
            level: 3,
            price: 160,
            ..
        }
    )));
    assert_eq!(s.holding(Blue).cash, 900 - 160);
    assert_eq!(s.railroad_stack[0], 6);
}

#[test]
fn a_holding_without_the_cash_cannot_buy() {
    let mut s = mcgreed();
    give_railroads(&mut s, Blue, &[(1, 0)]);
    set_holding_cash(&mut s, Blue, 79);
    play(&mut s, place(A, 2, 2));
    play(&mut s, revenue(A, true));
    assert_eq!(refuse(&s, buy_top(A, 0, 0)).code, "insufficient_cash");
}

#[test]
fn the_directors_help_pays_exactly_the_difference_for_a_first_railroad() {
    let mut s = mcgreed();
    set_holding_cash(&mut s, Blue, 50);
    play(&mut s, place(A, 1, 1));
    play(&mut s, revenue(A, false));
    assert_eq!(refuse(&s, buy_top(A, 0, 0)).code, "insufficient_cash");
    let helped = Action::BuyRailroad {
        player: A,
        card: 0,
        from: RailroadSource::Bank,
        face: Some(0),
        price: None,
        accepted_by: None,
        director_help: true,
    };
    let director_cash = cash(&s, A);
    let events = play(&mut s, helped.clone());
    assert!(events.iter().any(|e| matches!(
        e,
        Event::RailroadBought {
            price: 80,
            director_paid: 30,
            ..
        }
    )));
    assert_eq!((s.holding(Blue).cash, cash(&s, A)), (0, director_cash - 30));
    // Not for a Holding that could pay, nor one that owns a Railroad, nor beyond the Director's cash.
    let mut rich = mcgreed();
    play(&mut rich, place(A, 1, 1));
    play(&mut rich, revenue(A, false));
    assert_eq!(refuse(&rich, helped.clone()).code, "help_not_allowed");
    let mut owner = mcgreed();
    give_railroads(&mut owner, Blue, &[(1, 0)]);
    set_holding_cash(&mut owner, Blue, 50);
    play(&mut owner, place(A, 1, 1));
    play(&mut owner, revenue(A, false));
    assert_eq!(refuse(&owner, helped.clone()).code, "help_not_allowed");
    let mut poor = mcgreed();
    set_holding_cash(&mut poor, Blue, 50);
    set_cash(&mut poor, A, 29);
    play(&mut poor, place(A, 1, 1));
    play(&mut poor, revenue(A, false));
    assert_eq!(refuse(&poor, helped).code, "insufficient_cash");
}

#[test]
fn a_railroad_from_another_holding_costs_an_agreed_price_with_the_other_directors_acceptance() {
    // Red (B's) owns card 0; black (A's) owns card 1; blue (A's) operates last.
    let mut s = position(
        A,
        &[
            holding(Black, 90, &[(40, A), (10, B)]),
            holding(Red, 90, &[(40, B), (10, A)]),
            holding(Blue, 90, &[(40, A), (10, A), (30, B)]),
        ],
    );
    give_railroads(&mut s, Red, &[(0, 0)]);
    give_railroads(&mut s, Black, &[(1, 0)]);
    to_operating_round(&mut s);
    idle_turn(&mut s); // black
    idle_turn(&mut s); // red
    play(&mut s, place(A, 3, 1));
    play(&mut s, revenue(A, false));
    let from_red = |price: Option<u32>, accepted_by| Action::BuyRailroad {
        player: A,
        card: 0,
        from: RailroadSource::Red,
        face: None,
        price,
        accepted_by,
        director_help: false,
    };
    assert_eq!(
        refuse(&s, from_red(Some(50), None)).code,
        "acceptance_required"
    );
    assert_eq!(
        refuse(&s, from_red(Some(0), Some(B))).code,
        "price_required"
    );
    assert_eq!(
        refuse(&s, from_red(Some(901), Some(B))).code,
        "insufficient_cash"
    );
    // Listed once at $1 with the range of prices.
    let listed = RailroadBarons::legal_actions(&s);
    assert!(listed.contains(&from_red(Some(1), Some(B))));
    let ranges = RailroadBarons::ranges(&s, &from_red(Some(1), Some(B)));
    assert_eq!(
        (ranges[0].pointer.as_str(), ranges[0].min, ranges[0].max),
        ("/price", 1, 900)
    );
    let (red_cash, blue_cash) = (s.holding(Red).cash, s.holding(Blue).cash);
    play(&mut s, from_red(Some(50), Some(B)));
    assert_eq!(
        (s.holding(Red).cash, s.holding(Blue).cash),
        (red_cash + 50, blue_cash - 50)
    );
    // From a Holding A directs: no acceptance.
    let from_black = |accepted_by| Action::BuyRailroad {
        player: A,
        card: 1,
        from: RailroadSource::Black,
        face: None,
        price: Some(5),
        accepted_by,
        director_help: false,
    };
    assert_eq!(
        refuse(&s, from_black(Some(B))).code,
        "acceptance_not_needed"
    );
    play(&mut s, from_black(None));
    let owned: Vec<u8> = s.holding(Blue).railroads.iter().map(|r| r.card).collect();
    assert_eq!(owned, vec![0, 1]);
}

#[test]
fn investors_are_assigned_from_the_director_or_moved_from_another_holding_and_never_return() {
    let mut s = position(
        A,
        &[
            holding(Red, 90, &[(40, B), (10, A)]),
            holding(Blue, 90, &[(40, A), (10, A), (30, B)]),
        ],
    );
    // B's $60 Investor is assigned to red.
    s.player_mut(B)
        .investors
        .retain(|&i| i != Investor::Investor60);
    s.holding_mut(Red).investors.push(Investor::Investor60);
    to_operating_round(&mut s);
    idle_turn(&mut s); // red
    play(&mut s, place(A, 3, 1));
    play(&mut s, revenue(A, false));
    assert_eq!(
        refuse(
            &s,
            Action::AssignInvestor {
                player: A,
                investor: Investor::Investor30
            }
        )
        .code,
        "investor_not_assignable"
    );
    let events = play(
        &mut s,
        Action::AssignInvestor {
            player: A,
            investor: Investor::Investor60,
        },
    );
    assert_eq!(
        events,
        vec![Event::InvestorAssigned {
            holding: Blue,
            investor: Investor::Investor60,
            from_holding: Some(Red)
        }]
    );
    play(
        &mut s,
        Action::AssignInvestor {
            player: A,
            investor: Investor::Investor40,
        },
    );
    assert!(!s.player(A).investors.contains(&Investor::Investor40));
    assert_eq!(
        s.holding(Blue).investors,
        vec![Investor::Investor60, Investor::Investor40]
    );
    let v = refuse(
        &s,
        Action::AssignInvestor {
            player: A,
            investor: Investor::Investor40,
        },
    );
    assert_eq!(v.code, "investor_already_assigned");
}

#[test]
fn the_directors_help_is_only_for_a_holding_that_cannot_pay_for_any_face() {
    // MB&S with $120 and no Railroad; the top card is a B: $100 at level 2, $160 at level 3.
    let mut s = mcgreed();
    stack_from(&mut s, 5);
    set_holding_cash(&mut s, Blue, 120);
    play(&mut s, place(A, 1, 1));
    play(&mut s, revenue(A, false));
    let dear = Action::BuyRailroad {
        player: A,
        card: 5,
        from: RailroadSource::Bank,
        face: Some(1),
        price: None,
        accepted_by: None,
        director_help: true,
    };
    assert_eq!(refuse(&s, dear).code, "help_not_allowed");
    play(&mut s, buy_top(A, 5, 0));
}
