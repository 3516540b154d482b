//! Placing operators and revenue: Seedy Brothers' figures, withheld revenue, payouts rounded
//! down, what counts without a Railroad, and the operator tokens' limits.

use crate::fixtures::*;
use railrules::games::railroad_barons::Investor;
use railrules::games::railroad_barons::action::Action;
use railrules::games::railroad_barons::event::{Event, Payment};
use railrules::games::railroad_barons::state::OperatingStep;

use super::{seedy_brothers, step};

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
