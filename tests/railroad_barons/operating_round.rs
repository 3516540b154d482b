//! The Operating Rounds: the four steps, acquisitions, obsolescence, the sequence and the end.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::action::{Action, RailroadSource};
use railrules::games::railroad_barons::event::{Event, Payment, RoundKind};
use railrules::games::railroad_barons::state::{OperatingStep, Round, Wealth};
use railrules::games::railroad_barons::{Investor, RailroadBarons};

fn step(s: &State) -> (railrules::games::railroad_barons::Colour, OperatingStep) {
    match &s.round {
        Round::OperatingRound { holding, step, .. } => (*holding, *step),
        other => panic!("not in an Operating Round: {other:?}"),
    }
}

/// Black (Seedy Brothers) at $100: A holds 40% + 10%, B 30%; it owns an E card ($100 income).
fn seedy_brothers() -> State {
    let mut s = position(A, &[holding(Black, 100, &[(40, A), (10, A), (30, B)])]);
    give_railroads(&mut s, Black, &[(12, 0)]);
    to_operating_round(&mut s);
    s
}

#[test]
fn seedy_brothers_earns_100_and_pays_50_and_30() {
    let mut s = seedy_brothers();
    assert_eq!(step(&s), (Black, OperatingStep::PlaceOperators));
    play(&mut s, place(A, 1, 1));
    let (a, b, treasury) = (cash(&s, A), cash(&s, B), s.holding(Black).cash);
    let events = play(&mut s, revenue(A, true));
    assert!(events.contains(&Event::DividendsPaid {
        holding: Black,
        revenue: 100,
        payments: vec![
            Payment {
                player: A,
                percent: 50,
                amount: 50
            },
            Payment {
                player: B,
                percent: 30,
                amount: 30
            },
        ],
    }));
    assert_eq!((cash(&s, A), cash(&s, B)), (a + 50, b + 30));
    assert_eq!(
        s.holding(Black).cash,
        treasury,
        "the Holding and the bank's 20% receive nothing"
    );
    assert!(events.contains(&Event::ShareValueMoved {
        holding: Black,
        from: 100,
        to: 110
    }));
}

#[test]
fn withheld_revenue_goes_to_the_holding_and_the_value_stays() {
    let mut s = seedy_brothers();
    play(&mut s, place(A, 1, 1));
    let treasury = s.holding(Black).cash;
    let events = play(&mut s, revenue(A, false));
    assert_eq!(
        events,
        vec![Event::RevenueWithheld {
            holding: Black,
            revenue: 100
        }]
    );
    assert_eq!(s.holding(Black).cash, treasury + 100);
    assert_eq!(s.holding(Black).share_value, Some(100));
}

#[test]
fn payouts_round_each_share_down_to_whole_dollars() {
    // A B card earns $25: 50% is $12.50, paid as $12; 30% as $7.
    let mut s = position(A, &[holding(Black, 100, &[(40, A), (10, A), (30, B)])]);
    give_railroads(&mut s, Black, &[(5, 0)]);
    to_operating_round(&mut s);
    play(&mut s, place(A, 0, 1));
    let events = play(&mut s, revenue(A, true));
    assert!(events.contains(&Event::DividendsPaid {
        holding: Black,
        revenue: 25,
        payments: vec![
            Payment {
                player: A,
                percent: 50,
                amount: 12
            },
            Payment {
                player: B,
                percent: 30,
                amount: 7
            },
        ],
    }));
}

#[test]
fn invested_tokens_and_investors_count_only_with_a_railroad() {
    let mut s = position(A, &[holding(Black, 100, &[(40, A), (10, A), (30, B)])]);
    s.player_mut(A)
        .investors
        .retain(|&i| i != Investor::Investor40);
    s.holding_mut(Black).investors.push(Investor::Investor40);
    s.holding_mut(Black).operators_invested = 1;
    to_operating_round(&mut s);
    play(&mut s, place(A, 1, 1));
    assert_eq!(refuse(&s, revenue(A, true)).code, "nothing_to_pay");
    let events = play(&mut s, revenue(A, false));
    assert_eq!(
        events,
        vec![Event::RevenueWithheld {
            holding: Black,
            revenue: 0
        }]
    );
    // With one Railroad ($20): 20 + 10 for the token + 10 for the $40 Investor.
    let mut s = position(A, &[holding(Black, 100, &[(40, A), (10, A), (30, B)])]);
    s.player_mut(A)
        .investors
        .retain(|&i| i != Investor::Investor40);
    s.holding_mut(Black).investors.push(Investor::Investor40);
    s.holding_mut(Black).operators_invested = 1;
    give_railroads(&mut s, Black, &[(0, 0)]);
    to_operating_round(&mut s);
    play(&mut s, place(A, 1, 1));
    let events = play(&mut s, revenue(A, false));
    assert_eq!(
        events,
        vec![Event::RevenueWithheld {
            holding: Black,
            revenue: 40
        }]
    );
}

#[test]
fn operator_tokens_stay_within_the_circles_and_the_tokens() {
    // Red has 4 Operator tokens, 3 (+) and 4 (⋄) circles.
    let mut s = position(A, &[holding(Red, 100, &[(40, A), (10, A)])]);
    to_operating_round(&mut s);
    assert_eq!(refuse(&s, place(A, 4, 0)).code, "too_many_tokens");
    assert_eq!(refuse(&s, place(A, 0, 5)).code, "too_many_tokens");
    assert_eq!(refuse(&s, place(A, 3, 2)).code, "not_enough_operators");
    let invest_all = Action::PlaceOperators {
        player: A,
        plus: 2,
        diamond: 2,
        invest: true,
    };
    assert_eq!(refuse(&s, invest_all).code, "not_enough_operators");
    assert_eq!(refuse(&s, revenue(A, false)).code, "wrong_step");
    assert_eq!(refuse(&s, place(B, 1, 1)).code, "not_your_turn");
    let events = play(
        &mut s,
        Action::PlaceOperators {
            player: A,
            plus: 1,
            diamond: 2,
            invest: true,
        },
    );
    assert_eq!(
        events,
        vec![Event::OperatorsPlaced {
            holding: Red,
            plus: 1,
            diamond: 2,
            invested: true
        }]
    );
    assert_eq!(s.holding(Red).operators_invested, 1);
    // Placed once per round.
    assert_eq!(refuse(&s, place(A, 1, 1)).code, "wrong_step");
    // The invested token is gone for good: three tokens are left in the next round.
    play(&mut s, revenue(A, false));
    play(&mut s, done(A));
    assert_eq!(refuse(&s, place(A, 2, 2)).code, "not_enough_operators");
    play(&mut s, place(A, 1, 2));
}

/// Blue (MB&S): A is Director (40% + 10%), B holds 30%; A owns the $40 and $50 Investors.
fn mcgreed() -> State {
    let mut s = position(A, &[holding(Blue, 90, &[(40, A), (10, A), (30, B)])]);
    to_operating_round(&mut s);
    s
}

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

/// MB&S owning `cards`, with `diamond` tokens on (⋄), after buying card 1: at the discard.
fn mbs_to_discard(cards: &[(u8, u8)], diamond: u8) -> State {
    let mut s = position(A, &[holding(Blue, 90, &[(40, A), (10, A), (30, B)])]);
    give_railroads(&mut s, Blue, cards);
    to_operating_round(&mut s);
    play(&mut s, place(A, 4 - diamond, diamond));
    play(&mut s, revenue(A, false));
    play(&mut s, buy_top(A, 1, 0));
    play(&mut s, done(A));
    assert_eq!(step(&s), (Blue, OperatingStep::Discard));
    s
}

fn discard(railroads: Vec<u8>) -> Action {
    Action::DiscardRailroads {
        player: A,
        railroads,
    }
}

#[test]
fn mbs_keeps_at_most_as_many_railroads_as_tokens_on_diamonds() {
    let mut s = mbs_to_discard(&[(0, 0), (5, 1)], 2);
    assert_eq!(refuse(&s, discard(vec![])).code, "wrong_discard_count");
    assert_eq!(refuse(&s, discard(vec![0, 1])).code, "wrong_discard_count");
    assert_eq!(refuse(&s, discard(vec![9])).code, "railroad_not_there");
    // The Director chooses: the B card at level 3 stays.
    let events = play(&mut s, discard(vec![0]));
    assert!(events.contains(&Event::RailroadsDiscarded {
        holding: Blue,
        railroads: vec![0]
    }));
    let kept: Vec<u8> = s.holding(Blue).railroads.iter().map(|r| r.card).collect();
    assert_eq!(kept, vec![5, 1]);
    assert!(s.railroads_out_of_game.contains(&0));
}

#[test]
fn discarded_railroads_in_any_order_are_read_in_ascending_order() {
    let mut s = mbs_to_discard(&[(5, 1), (0, 0)], 1);
    assert!(is_listed(&s, &discard(vec![0, 5])));
    assert!(!is_listed(&s, &discard(vec![5, 0])));
    let wire = serde_json::to_string(&discard(vec![5, 0])).unwrap();
    assert_eq!(
        serde_json::from_str::<Action>(&wire).unwrap(),
        discard(vec![0, 5])
    );
    let mut other = s.clone();
    let events = play(&mut s, discard(vec![0, 5]));
    assert_eq!(
        RailroadBarons::apply(&mut other, &discard(vec![5, 0])).unwrap(),
        events
    );
    assert_eq!(s, other);
    assert!(events.contains(&Event::RailroadsDiscarded {
        holding: Blue,
        railroads: vec![0, 5]
    }));
    assert!(s.railroads_out_of_game.ends_with(&[0, 5]));
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

/// #obsolescence (issue 39's ruling; the 18xx Rules Difference List, section 12): a D bought at
/// level 4 makes level 2 obsolete; at level 3 it makes nothing obsolete.
#[test]
fn buying_a_face_makes_its_obsoletes_level_leave_the_game() {
    // Stack from the first D card (10). Red owns an A (level 2) and a C (level 3).
    let mut s = position(
        A,
        &[
            holding(Blue, 90, &[(40, A), (10, A), (30, B)]),
            holding(Red, 90, &[(40, B), (20, A)]),
        ],
    );
    give_railroads(&mut s, Red, &[(0, 0), (9, 0)]);
    stack_from(&mut s, 10);
    let mut level_4 = s.clone();
    to_operating_round(&mut level_4);
    idle_turn(&mut level_4); // red
    play(&mut level_4, place(A, 1, 1));
    play(&mut level_4, revenue(A, false));
    let events = play(&mut level_4, buy_top(A, 10, 1));
    assert!(events.contains(&Event::RailroadsObsolete {
        level: 2,
        railroads: vec![0],
        cause: 10,
        removed_from_stack: false
    }));
    let red = |s: &State| -> Vec<u8> { s.holding(Red).railroads.iter().map(|r| r.card).collect() };
    assert_eq!(red(&level_4), vec![9]);
    // At level 3 nothing is obsolete.
    let mut level_3 = s.clone();
    to_operating_round(&mut level_3);
    idle_turn(&mut level_3);
    play(&mut level_3, place(A, 1, 1));
    play(&mut level_3, revenue(A, false));
    let events = play(&mut level_3, buy_top(A, 10, 0));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::RailroadsObsolete { .. }))
    );
    assert_eq!(red(&level_3), vec![0, 9]);
}

/// #obsolescence: an H (level 6) makes level 3 obsolete, an I/K (level 8) level 4, a G (level
/// 5) nothing.
#[test]
fn levels_six_and_eight_make_three_and_four_obsolete_and_five_nothing() {
    for (top, face, owned, gone) in [
        (18, 0, vec![(9, 0), (12, 0)], Some((3, vec![9]))),
        (20, 1, vec![(9, 0), (12, 0)], Some((4, vec![12]))),
        (16, 0, vec![(9, 0), (12, 0)], None),
    ] {
        let mut s = position(
            A,
            &[
                holding(Blue, 90, &[(40, A), (10, A), (30, B)]),
                holding(Red, 90, &[(40, B), (20, A)]),
            ],
        );
        give_railroads(&mut s, Red, &owned);
        stack_from(&mut s, top);
        set_holding_cash(&mut s, Blue, 900);
        to_operating_round(&mut s);
        idle_turn(&mut s); // red
        play(&mut s, place(A, 1, 1));
        play(&mut s, revenue(A, false));
        let events = play(&mut s, buy_top(A, top, face));
        let obsolete: Vec<(u8, Vec<u8>)> = events
            .iter()
            .filter_map(|e| match e {
                Event::RailroadsObsolete {
                    level, railroads, ..
                } => Some((*level, railroads.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(obsolete, gone.into_iter().collect::<Vec<_>>(), "card {top}");
    }
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
fn floated_holdings_operate_in_colour_order_and_only_they() {
    let mut s = position(
        A,
        &[
            holding(Blue, 90, &[(40, A), (10, B)]),
            holding(Green, 90, &[(40, B), (30, A)]),
            holding(Red, 90, &[(40, B)]),
        ],
    );
    let mut order = Vec::new();
    let mut events = to_operating_round(&mut s);
    for _ in 0..2 {
        events.extend(idle_turn(&mut s));
    }
    for e in events {
        if let Event::HoldingOperates { holding, director } = e {
            order.push((holding, director));
        }
    }
    assert_eq!(
        order,
        vec![(Green, B), (Blue, A), (Green, B)],
        "red has not floated"
    );
    assert!(matches!(
        s.round,
        Round::OperatingRound {
            number: 2,
            holding: Green,
            ..
        }
    ));
}

/// #sequence: after the second Operating Round the top card leaves as if its first face were
/// bought. A D removed counts as level 3 and makes nothing obsolete (the 18xx Rules Difference
/// List, section 16: "it is treated as if it was a level 3 railroad, and therefore will not
/// trigger rusting of level 2 railroads"); an E removed makes level 2 obsolete.
#[test]
fn after_two_operating_rounds_the_top_card_leaves_as_if_bought() {
    let removed = |top: u8| {
        let mut s = position(A, &[holding(Blue, 90, &[(40, A), (10, B)])]);
        give_railroads(&mut s, Blue, &[(0, 0), (9, 0)]);
        stack_from(&mut s, top);
        to_operating_round(&mut s);
        idle_turn(&mut s);
        let events = idle_turn(&mut s);
        assert!(events.contains(&Event::RoundEnded {
            round: RoundKind::OperatingRound,
            number: 2
        }));
        assert!(events.contains(&Event::RailroadRemovedFromStack { card: top }));
        assert!(events.contains(&Event::RoundStarted {
            round: RoundKind::StockRound,
            number: 2
        }));
        assert_eq!(s.railroad_stack[0], top + 1);
        let kept: Vec<u8> = s.holding(Blue).railroads.iter().map(|r| r.card).collect();
        (events, kept)
    };
    let (events, kept) = removed(10);
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::RailroadsObsolete { .. }))
    );
    assert_eq!(kept, vec![0, 9]);
    let (events, kept) = removed(12);
    assert!(events.contains(&Event::RailroadsObsolete {
        level: 2,
        railroads: vec![0],
        cause: 12,
        removed_from_stack: true
    }));
    assert_eq!(kept, vec![9]);
}

#[test]
fn reaching_the_top_ends_the_game_at_the_end_of_that_operating_round() {
    let mut s = position(
        A,
        &[
            holding(Black, 325, &[(40, A), (10, A), (30, B)]),
            holding(Blue, 100, &[(40, B), (10, A)]),
        ],
    );
    give_railroads(&mut s, Black, &[(0, 0)]);
    to_operating_round(&mut s);
    play(&mut s, place(A, 0, 1));
    let events = play(&mut s, revenue(A, true));
    assert!(events.contains(&Event::ShareValueMoved {
        holding: Black,
        from: 325,
        to: 350
    }));
    play(&mut s, done(A));
    // Blue still operates in this round.
    assert!(matches!(
        s.round,
        Round::OperatingRound { holding: Blue, .. }
    ));
    let (a_cash, b_cash) = (cash(&s, A), cash(&s, B));
    let events = idle_turn(&mut s);
    // A: 50% of black at $350 + 10% of blue at $100; B: 30% of black + 40% of blue.
    let wealth = vec![
        Wealth {
            player: A,
            cash: a_cash,
            certificates: 5 * 350 + 100,
            total: a_cash + 1850,
        },
        Wealth {
            player: B,
            cash: b_cash,
            certificates: 3 * 350 + 4 * 100,
            total: b_cash + 1450,
        },
    ];
    assert!(events.contains(&Event::GameEnded {
        wealth: wealth.clone(),
        winners: vec![A]
    }));
    assert_eq!(
        s.round,
        Round::GameEnded {
            wealth,
            winners: vec![A]
        }
    );
    assert!(RailroadBarons::legal_actions(&s).is_empty());
    assert_eq!(refuse(&s, pass(A)).code, "game_over");
}

#[test]
fn equal_wealth_is_a_shared_win() {
    let mut s = position(
        A,
        &[holding(Black, 325, &[(40, A), (10, A), (30, B), (20, B)])],
    );
    give_railroads(&mut s, Black, &[(0, 0)]);
    let a_cash = cash(&s, A);
    set_cash(&mut s, B, a_cash);
    to_operating_round(&mut s);
    play(&mut s, place(A, 0, 1));
    play(&mut s, revenue(A, true));
    let events = play(&mut s, done(A));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::GameEnded { winners, .. } if *winners == vec![A, B]))
    );
}

#[test]
fn with_no_card_left_and_no_railroad_the_game_ends() {
    let mut s = position(A, &[holding(Blue, 90, &[(40, A), (10, B)])]);
    stack_from(&mut s, 28);
    to_operating_round(&mut s);
    idle_turn(&mut s);
    let events = idle_turn(&mut s);
    assert!(events.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    assert!(matches!(s.round, Round::GameEnded { .. }));
}

// ---- Rules the review found untested ----

#[test]
fn obsolescence_goes_by_the_level_of_the_face_bought_and_spares_no_holding() {
    // Blue (operating) owns an A (level 2); red owns a B bought at level 2 and one at level 3.
    let mut s = position(
        A,
        &[
            holding(Blue, 90, &[(40, A), (10, A), (30, B)]),
            holding(Red, 90, &[(40, B), (20, A)]),
        ],
    );
    give_railroads(&mut s, Blue, &[(0, 0)]);
    give_railroads(&mut s, Red, &[(5, 0), (6, 1)]);
    stack_from(&mut s, 10);
    to_operating_round(&mut s);
    idle_turn(&mut s); // red
    play(&mut s, place(A, 1, 3));
    play(&mut s, revenue(A, false));
    let events = play(&mut s, buy_top(A, 10, 1));
    // Level 4 makes level 2 obsolete: blue's own A and red's B at level 2; red's B at level 3
    // stays.
    assert!(events.contains(&Event::RailroadsObsolete {
        level: 2,
        railroads: vec![0, 5],
        cause: 10,
        removed_from_stack: false
    }));
    let cards = |c| -> Vec<u8> { s.holding(c).railroads.iter().map(|r| r.card).collect() };
    assert_eq!(cards(Red), vec![6]);
    assert_eq!(cards(Blue), vec![10]);
}

#[test]
fn revenue_uses_the_income_of_the_face_bought() {
    // A B card bought at level 3 earns $45, not the $25 of its front.
    let mut s = position(A, &[holding(Black, 100, &[(40, A), (10, A), (30, B)])]);
    give_railroads(&mut s, Black, &[(5, 1)]);
    to_operating_round(&mut s);
    play(&mut s, place(A, 0, 1));
    let events = play(&mut s, revenue(A, false));
    assert_eq!(
        events,
        vec![Event::RevenueWithheld {
            holding: Black,
            revenue: 45
        }]
    );
}

#[test]
fn a_floated_holding_operates_after_players_drop_below_half() {
    let mut s = position(A, &[holding(Red, 100, &[(40, B), (30, A)])]);
    play(&mut s, sell(A, &[sale(Red, 30)]));
    assert_eq!(s.holding(Red).percent_held_by_players(), 40);
    play(&mut s, pass(B));
    let events = play(&mut s, pass(A));
    assert!(events.contains(&Event::HoldingOperates {
        holding: Red,
        director: B
    }));
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

/// #bank (issue 39's ruling): the bank holds $16,512, the players' $200 each included (the 18xx
/// Rules Difference List, 15.1). The rulebook does not say what happens when it cannot pay
/// (13.2, 13.4: "Not stated"); the reading: it pays in full, its cash going below $0, and the
/// game ends with the first Operating Round that ends with the bank below $0.
#[test]
fn the_bank_holds_16512_and_a_broken_bank_ends_the_game_with_the_round() {
    use railrules::games::railroad_barons::rules::BANK_CASH;
    assert_eq!(BANK_CASH, 16_512);
    let s = new_game();
    assert_eq!(s.bank_cash(), 16_512 - 2 * 200);
    // Seedy Brothers pays out $100 with $50 left in the bank: A's $200 more, to keep the count.
    let mut s = seedy_brothers();
    let short = s.bank_cash() - 50;
    let topped_up = cash(&s, A) + u32::try_from(short).unwrap();
    set_cash(&mut s, A, topped_up);
    assert_eq!(s.bank_cash(), 50);
    play(&mut s, place(A, 1, 1));
    let events = play(&mut s, revenue(A, true));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::DividendsPaid { .. }))
    );
    assert_eq!(s.bank_cash(), 50 - 80, "paid in full: $50 and $30");
    let events = play(&mut s, done(A));
    // Black was the only Holding to operate: the first of the two rounds ends, and the game.
    assert!(events.contains(&Event::RoundEnded {
        round: RoundKind::OperatingRound,
        number: 1
    }));
    assert!(events.iter().any(|e| matches!(e, Event::GameEnded { .. })));
    assert!(matches!(s.round, Round::GameEnded { .. }));
    // With $80 or more in the bank the same round goes on to the second.
    let mut s = seedy_brothers();
    let short = s.bank_cash() - 80;
    let topped_up = cash(&s, A) + u32::try_from(short).unwrap();
    set_cash(&mut s, A, topped_up);
    play(&mut s, place(A, 1, 1));
    play(&mut s, revenue(A, true));
    assert_eq!(s.bank_cash(), 0);
    play(&mut s, done(A));
    assert!(matches!(s.round, Round::OperatingRound { number: 2, .. }));
}
