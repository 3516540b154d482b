//! The Investor draft: offers, money-or-card, the $450 Investor's bundle, the fifth Investor.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::action::Action;
use railrules::games::railroad_barons::event::Event;
use railrules::games::railroad_barons::state::{Owner, Round};
use railrules::games::railroad_barons::{Investor, Options, RailroadBarons};

#[test]
fn setup_gives_each_player_200_and_puts_the_bundle_on_the_450_investor() {
    let s = new_game();
    assert_eq!((cash(&s, A), cash(&s, B)), (200, 200));
    assert_eq!(owner(&s, Green, 40), Owner::Investor450);
    let da = s.components.dominion_atlantic;
    assert_eq!(s.investor_450_railroad, Some(da));
    assert!(!s.railroad_stack.contains(&da));
    assert_eq!(s.railroad_stack.len(), 27);
    assert_eq!(s.railroad_stack[0], 0, "category A is on top");
    assert_eq!(
        s.priority_deal, A,
        "the start player holds the Priority Deal"
    );
}

#[test]
fn the_seed_chooses_the_start_player_when_none_is_given() {
    let starts: Vec<_> = (0..16)
        .map(|seed| {
            RailroadBarons::setup(&Options::default(), seed)
                .unwrap()
                .start_player
        })
        .collect();
    assert!(starts.contains(&A) && starts.contains(&B));
    let again: Vec<_> = (0..16)
        .map(|seed| {
            RailroadBarons::setup(&Options::default(), seed)
                .unwrap()
                .start_player
        })
        .collect();
    assert_eq!(starts, again);
}

#[test]
fn offers_go_start_player_other_other_start_player() {
    let mut s = new_game();
    let mut offerers = Vec::new();
    for investor in [
        Investor::Investor30,
        Investor::Investor40,
        Investor::Investor50,
        Investor::Investor60,
    ] {
        let offerer = RailroadBarons::to_act(&s)[0];
        offerers.push(offerer);
        let v = refuse(
            &s,
            Action::OfferInvestor {
                player: offerer.other(),
                investor,
            },
        );
        assert_eq!(v.code, "not_your_turn");
        play(
            &mut s,
            Action::OfferInvestor {
                player: offerer,
                investor,
            },
        );
        play(
            &mut s,
            Action::TakeCash {
                player: offerer.other(),
            },
        );
    }
    assert_eq!(offerers, vec![A, B, B, A]);
}

#[test]
fn the_chooser_takes_the_card_and_the_offerer_gets_the_price() {
    let mut s = new_game();
    play(
        &mut s,
        Action::OfferInvestor {
            player: A,
            investor: Investor::Investor60,
        },
    );
    assert_eq!(
        refuse(&s, Action::TakeInvestor { player: A }).code,
        "not_your_turn"
    );
    let events = play(&mut s, Action::TakeInvestor { player: B });
    assert!(events.contains(&Event::InvestorDrafted {
        investor: Investor::Investor60,
        price: 60,
        card_to: B,
        cash_to: A,
    }));
    assert_eq!((cash(&s, A), cash(&s, B)), (260, 200));
    assert_eq!(s.player(B).investors, vec![Investor::Investor60]);
}

#[test]
fn the_chooser_takes_the_cash_and_the_offerer_gets_the_card() {
    let mut s = new_game();
    play(
        &mut s,
        Action::OfferInvestor {
            player: A,
            investor: Investor::Investor40,
        },
    );
    play(&mut s, Action::TakeCash { player: B });
    assert_eq!((cash(&s, A), cash(&s, B)), (200, 240));
    assert_eq!(s.player(A).investors, vec![Investor::Investor40]);
}

#[test]
fn an_investor_is_offered_once_and_offers_wait_for_an_answer() {
    let mut s = new_game();
    play(
        &mut s,
        Action::OfferInvestor {
            player: A,
            investor: Investor::Investor40,
        },
    );
    let v = refuse(
        &s,
        Action::OfferInvestor {
            player: A,
            investor: Investor::Investor50,
        },
    );
    // The offer waits for B's answer: only B is to act, and the core refuses A's turn first.
    assert_eq!(RailroadBarons::to_act(&s), vec![B]);
    assert_eq!(v.code, "not_your_turn");
    // B, who is to act, must answer the offer before making one.
    let v = refuse(
        &s,
        Action::OfferInvestor {
            player: B,
            investor: Investor::Investor50,
        },
    );
    assert_eq!(v.code, "offer_pending");
    play(&mut s, Action::TakeCash { player: B });
    let v = refuse(
        &s,
        Action::OfferInvestor {
            player: B,
            investor: Investor::Investor40,
        },
    );
    assert_eq!(v.code, "investor_not_in_pool");
    // B offers next: A's answer is out of turn; B's own, with no offer made, answers nothing.
    let v = refuse(&s, Action::TakeCash { player: A });
    assert_eq!(v.code, "not_your_turn");
    let v = refuse(&s, Action::TakeCash { player: B });
    assert_eq!(v.code, "no_offer");
}

#[test]
fn the_fifth_investor_leaves_and_both_players_receive_its_price() {
    let s = drafted();
    // A: 200 + 60 (B took the $60 card) + 450; B: 200 + 30 + 40 + 50 + 450.
    assert_eq!((cash(&s, A), cash(&s, B)), (710, 770));
    assert_eq!(s.investors_out_of_game, vec![Investor::Investor450]);
    // The bundle goes back: the certificate to the bank, the Dominion Atlantic into the stack.
    assert_eq!(owner(&s, Green, 40), Owner::Bank);
    let da = s.components.dominion_atlantic;
    assert_eq!(s.investor_450_railroad, None);
    assert_eq!(s.railroad_stack, (0..28).collect::<Vec<u8>>());
    assert!(s.railroad_stack.contains(&da));
    assert!(matches!(
        s.round,
        Round::StockRound {
            number: 1,
            to_act: A,
            ..
        }
    ));
}

/// Plays the draft until the $450 Investor is offered by A (first offer) and answered.
fn offer_450(takes_card: bool) -> (State, Vec<Event>) {
    let mut s = new_game();
    play(
        &mut s,
        Action::OfferInvestor {
            player: A,
            investor: Investor::Investor450,
        },
    );
    let answer = if takes_card {
        Action::TakeInvestor { player: B }
    } else {
        Action::TakeCash { player: B }
    };
    let events = play(&mut s, answer);
    (s, events)
}

#[test]
fn the_450_investor_brings_mscs_director_certificate_and_the_dominion_atlantic() {
    let (mut s, events) = offer_450(true);
    let da = s.components.dominion_atlantic;
    assert_eq!(cash(&s, A), 650, "A receives the $450 price");
    assert_eq!(cash(&s, B), 200, "B pays nothing for the certificate");
    assert_eq!(owner(&s, Green, 40), Owner::B);
    assert_eq!(
        s.holding(Green)
            .railroads
            .iter()
            .map(|r| r.card)
            .collect::<Vec<_>>(),
        vec![da]
    );
    assert!(events.contains(&Event::Investor450BundleReceived {
        player: B,
        holding: Green,
        railroad: da,
    }));
    // B must at once choose MS&C's start value: nothing else is possible.
    assert_eq!(RailroadBarons::to_act(&s), vec![B]);
    let v = refuse(
        &s,
        Action::OfferInvestor {
            player: B,
            investor: Investor::Investor30,
        },
    );
    assert_eq!(v.code, "start_value_due");
    let v = refuse(
        &s,
        Action::ChooseStartValue {
            player: B,
            value: 75,
        },
    );
    assert_eq!(v.code, "invalid_start_value");
    assert_eq!(
        refuse(
            &s,
            Action::ChooseStartValue {
                player: A,
                value: 80
            }
        )
        .code,
        "not_your_turn"
    );
    let events = play(
        &mut s,
        Action::ChooseStartValue {
            player: B,
            value: 80,
        },
    );
    assert!(events.contains(&Event::HoldingStarted {
        holding: Green,
        director: B,
        start_value: 80,
        paid: 0,
    }));
    let msc = s.holding(Green);
    assert_eq!(
        (msc.share_value, msc.director, msc.floated, msc.cash),
        (Some(80), Some(B), false, 0)
    );
    // The draft goes on with the second offer, by B.
    assert_eq!(RailroadBarons::to_act(&s), vec![B]);
}

#[test]
fn taking_the_cash_for_the_450_investor_leaves_its_bundle_where_it_lies() {
    // The rules file: "If the $450 Investor ... its money is taken instead, the certificate and
    // the Dominion Atlantic stay where they normally are."
    let (s, events) = offer_450(false);
    let da = s.components.dominion_atlantic;
    assert_eq!((cash(&s, A), cash(&s, B)), (200, 650));
    assert_eq!(
        s.player(A).investors,
        vec![Investor::Investor450],
        "the offerer gets the card"
    );
    assert_eq!(owner(&s, Green, 40), Owner::Bank);
    assert!(s.holding(Green).railroads.is_empty());
    assert!(s.railroad_stack.contains(&da) && s.investor_450_railroad.is_none());
    assert!(events.contains(&Event::Investor450BundleReturned { railroad: da }));
    assert!(s.holding(Green).director.is_none(), "MS&C is not started");
    // No start value is owed: the draft goes on with B's offer.
    assert_eq!(RailroadBarons::to_act(&s), vec![B]);
    assert!(matches!(
        s.round,
        Round::InvestorDraft {
            start_value_due: None,
            ..
        }
    ));
}

#[test]
fn msc_started_by_the_450_investor_floats_when_another_10_percent_is_bought() {
    let (mut s, _) = offer_450(true);
    play(
        &mut s,
        Action::ChooseStartValue {
            player: B,
            value: 70,
        },
    );
    for (offerer, investor) in [
        (B, Investor::Investor30),
        (B, Investor::Investor40),
        (A, Investor::Investor50),
    ] {
        play(
            &mut s,
            Action::OfferInvestor {
                player: offerer,
                investor,
            },
        );
        play(
            &mut s,
            Action::TakeCash {
                player: offerer.other(),
            },
        );
    }
    // The $60 Investor is the fifth: both receive $60.
    assert_eq!(s.investors_out_of_game, vec![Investor::Investor60]);
    assert!(!s.holding(Green).floated);
    play(&mut s, buy(A, Green, 10));
    assert!(s.holding(Green).floated);
    assert_eq!(s.holding(Green).cash, 700);
}
