//! Bankruptcy (ruling R4, 1846 7.11-7.14), receivership (R5), closing (R7) and the end when
//! nothing can change (R6), with exact figures and the money counted before and after.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use crate::or_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, DividendKind};
use railrules::games::ne1833::event::{EndReason, Event, ShareSale};
use railrules::games::ne1833::ids::{Company, Private};
use railrules::games::ne1833::state::{Round, Train};

/// The Hartford after its dividend ($40) with no cash and no train; P2, its president with only
/// the 20% certificate, has `cash`. It issues its two shares ($20 in all, price $20): still
/// short, and P2 has nothing to sell.
fn hartford_cannot_pay(cash: u32) -> State {
    let mut s = operating();
    nothing(&mut s, P2);
    set_company_cash(&mut s, Company::Hr, 0);
    set_player_cash(&mut s, P2, cash);
    play(&mut s, issue(P2, Company::Hr, 20));
    assert_eq!(
        (s.company(Company::Hr).cash, price(&s, Company::Hr)),
        (20, Some(20))
    );
    s
}

#[test]
fn r4_bankrupt_only_when_nothing_can_be_raised() {
    let s = hartford_cannot_pay(60);
    // $20 + $60 pays for a 2 ($75): not bankrupt.
    assert_eq!(
        refuse(&s, Action::Bankrupt { player: P2 }).code,
        "not_bankrupt"
    );
    // Before the emergency issue, not bankrupt either.
    let mut s = operating();
    nothing(&mut s, P2);
    set_company_cash(&mut s, Company::Hr, 0);
    set_player_cash(&mut s, P2, 0);
    assert_eq!(
        refuse(&s, Action::Bankrupt { player: P2 }).code,
        "not_bankrupt"
    );
}

#[test]
fn r4_r5_everything_sold_the_money_to_the_company_and_receivership() {
    let mut s = hartford_cannot_pay(15);
    let money = all_money(&s);
    let events = play(&mut s, Action::Bankrupt { player: P2 });
    // The president's certificate (20%) goes to the market at $20 without moving the price:
    // $40 from the bank; P2's $15 + $40 go to the Hartford, which has $75: it buys a 2.
    assert_eq!(
        events[0],
        Event::PlayerBankrupt {
            player: P2,
            corporation: Company::Hr,
            cash_to_company: 55,
            sold: vec![ShareSale {
                corporation: Company::Hr,
                percent: 20,
                received: 40
            }],
        }
    );
    assert!(events.contains(&Event::ReceivershipStarted {
        corporation: Company::Hr
    }));
    let hr = s.company(Company::Hr);
    assert!(hr.receivership && hr.president.is_none());
    assert_eq!((hr.market_shares, hr.holdings.len()), (40, 0));
    assert_eq!(price(&s, Company::Hr), Some(20), "no price moved");
    // In receivership it bought the cheapest depot train it could afford, and its turn ended.
    assert_eq!(hr.trains.len(), 1);
    assert_eq!((hr.trains[0].side.as_str(), hr.cash), ("2", 0));
    assert_eq!(
        railrules::games::ne1833::operating_round::current(&s).map(|(c, _)| c),
        Some(Company::Cv)
    );
    // P2's privates (P2, P5) close; P2 is out.
    assert!(s.private(Private::P2).closed && s.private(Private::P5).closed);
    assert!(s.player(P2).bankrupt && cash(&s, P2) == 0);
    assert_eq!(all_money(&s), money, "nothing is lost");
}

#[test]
fn r4_r3f_the_largest_holder_with_20_percent_becomes_president_and_must_buy_the_train() {
    // P3 holds 20% of the Hartford. Selling P2's certificate under the normal rules would hand
    // the presidency of the company buying the train to P3, which R3f forbids: it goes to the
    // market with the rest, at $20 a share without moving the price ($40); P3 then takes the
    // presidency as the largest holder with 20%.
    let mut s = operating();
    give_shares(&mut s, Company::Hr, P3, 20);
    s.company_mut(Company::Hr).operated = true;
    nothing(&mut s, P2);
    set_company_cash(&mut s, Company::Hr, 0);
    set_player_cash(&mut s, P2, 5);
    play(&mut s, issue(P2, Company::Hr, 20));
    let money = all_money(&s);
    let market = s.company(Company::Hr).market_shares;
    let events = play(&mut s, Action::Bankrupt { player: P2 });
    assert!(events.contains(&Event::PresidentChanged {
        corporation: Company::Hr,
        from: P2,
        to: P3
    }));
    assert!(matches!(
        &events[0],
        Event::PlayerBankrupt { cash_to_company: 45, sold, .. }
            if sold == &vec![ShareSale { corporation: Company::Hr, percent: 20, received: 40 }]
    ));
    assert_eq!(price(&s, Company::Hr), Some(20), "no price moved (R3f)");
    assert_eq!(s.company(Company::Hr).market_shares, market + 20);
    assert_eq!(s.company(Company::Hr).cash, 65);
    // The Hartford's turn goes on with P3, who must buy the train.
    assert_eq!(Ne1833::to_act(&s), vec![P3]);
    assert_eq!(refuse(&s, pass(P3)).code, "must_buy_train");
    assert_eq!(all_money(&s), money);
}

#[test]
fn r4_a_tie_for_the_presidency_goes_to_the_first_after_the_bankrupt_in_seat_order() {
    // 4 players: P1 and P3 each hold 20% of the Hartford; P3 comes first after P2.
    let mut s = walkthrough_like_four();
    give_shares(&mut s, Company::Hr, P1, 20);
    give_shares(&mut s, Company::Hr, P3, 20);
    s.company_mut(Company::Hr).operated = true;
    set_company_cash(&mut s, Company::Hr, 0);
    set_player_cash(&mut s, P2, 0);
    nothing(&mut s, P2);
    play(&mut s, issue(P2, Company::Hr, 20));
    play(&mut s, Action::Bankrupt { player: P2 });
    assert_eq!(s.company(Company::Hr).president, Some(P3));
}

/// 4 players; P1 starts the B&W at $100, P2 the Hartford at $50, P3 the CV at $70; operating
/// round 1.1, the Hartford first.
fn walkthrough_like_four() -> State {
    let mut s = new_game(4);
    for (private, seat) in [
        (Private::P1, P1),
        (Private::P2, P2),
        (Private::P3, P3),
        (Private::P4, P4),
        (Private::P5, P1),
        (Private::P6, P2),
    ] {
        let price = railrules::games::ne1833::data::components().privates[private.index()].value;
        play(&mut s, bid(seat, private, price));
    }
    play(&mut s, par(P3, Company::Bw, 100));
    play(&mut s, par(P4, Company::Cv, 70));
    play(&mut s, par(P1, Company::Bl, 60));
    play(&mut s, par(P2, Company::Hr, 50));
    for seat in [P3, P4, P1, P2] {
        play(&mut s, pass(seat));
    }
    // The Hartford, lowest, operates first.
    assert_eq!(order(&s)[0], Company::Hr);
    s
}

/// The rest of round 1.1 after the Hartford: the CV (P3) and the B&W (P1) run nothing and buy
/// a 2 each.
fn the_others_buy_a_two(s: &mut State) {
    for president in [P3, P1] {
        let (company, _) = railrules::games::ne1833::operating_round::current(s).unwrap();
        nothing(s, president);
        set_company_cash(s, company, 75);
        play(s, depot_train(president, "2", "2"));
        play(s, pass(president));
    }
}

#[test]
fn r5_a_company_in_receivership_runs_for_any_player_and_withholds() {
    let mut s = hartford_cannot_pay(15);
    // P2 holds the Priority Deal when going bankrupt.
    s.priority_deal = P2;
    play(&mut s, Action::Bankrupt { player: P2 });
    the_others_buy_a_two(&mut s);
    // Round 1.2, highest price first: the B&W, the CV, then the Hartford. New Haven's yellow
    // track gives the Hartford's 2 a route.
    for president in [P1, P3] {
        nothing(&mut s, president);
        play(&mut s, pass(president));
    }
    let lay = Action::LayTile {
        player: P1,
        hex: "C26".into(),
        tile: "57".into(),
        rotation: 0,
        company: None,
    };
    assert_eq!(refuse(&s, lay).code, "in_receivership");
    assert_eq!(
        Ne1833::to_act(&s),
        vec![P1, P3],
        "any player still in the game"
    );
    s.board.tiles.insert(
        &railrules::games::ne1833::data::components().map,
        "C26",
        railrules::games::ne1833::board::LaidTile {
            tile: "57".into(),
            rotation: 0,
        },
    );
    assert!(Ne1833::check(&s).is_empty(), "{:?}", Ne1833::check(&s));
    let dividend = Action::Dividend {
        player: P1,
        kind: DividendKind::Payout,
    };
    assert_eq!(refuse(&s, dividend).code, "in_receivership");
    let best = Ne1833::legal_actions(&s)
        .into_iter()
        .find(|a| matches!(a, Action::RunRoutes { player: P3, routes } if !routes.is_empty()))
        .expect("the best routes are listed");
    let events = play(&mut s, best);
    // Hartford - New Haven: $40, withheld into the treasury; nothing is paid out, so the price
    // moves one space left, from $20 to $10.
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DividendsPaid {
            corporation: Company::Hr,
            revenue: 40,
            kind: DividendKind::Withhold,
            to_company: 40,
            ..
        }
    )));
    assert_eq!(
        (s.company(Company::Hr).cash, price(&s, Company::Hr)),
        (40, Some(10))
    );
    // Its turn is over: stock round 2 has begun, opened by the player after the bankrupt
    // holder of the Priority Deal.
    assert!(matches!(
        s.round,
        Round::StockRound {
            number: 2,
            to_act: P3,
            ..
        }
    ));
    assert_eq!(s.priority_deal, P3);
}

#[test]
fn r5_a_company_in_receivership_without_a_train_operates_by_itself() {
    // Bankrupt with $0: the Hartford has $40 after the sale, not enough for a 2; it buys
    // nothing and goes on.
    let mut s = hartford_cannot_pay(0);
    let events = play(&mut s, Action::Bankrupt { player: P2 });
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::TrainBought { .. }))
    );
    assert_eq!(s.company(Company::Hr).cash, 60);
    // Next round, with no train, it operates without anyone acting: a withhold of $0 moves
    // it from $20 to $10, and it buys nothing ($60 < $75).
    the_others_buy_a_two(&mut s);
    nothing(&mut s, P1);
    play(&mut s, pass(P1));
    nothing(&mut s, P3);
    let events = play(&mut s, pass(P3));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::CompanyOperates {
            corporation: Company::Hr,
            president: None
        }
    )));
    assert_eq!(price(&s, Company::Hr), Some(10));
    assert!(matches!(s.round, Round::StockRound { number: 2, .. }));
}

#[test]
fn r7_a_closing_company_loses_its_trains_and_stations() {
    // The Hartford at $10 with a 2: withholding $0 takes it to $0 and it closes.
    let mut s = operating();
    s.company_mut(Company::Hr).price = Some(1);
    s.depot[0] -= 1;
    s.company_mut(Company::Hr).trains.push(Train {
        id: "2-0".into(),
        card: "2".into(),
        side: "2".into(),
        phased_out: false,
    });
    assert!(Ne1833::check(&s).is_empty(), "{:?}", Ne1833::check(&s));
    play(
        &mut s,
        Action::RunRoutes {
            player: P2,
            routes: vec![],
        },
    );
    let events = play(
        &mut s,
        Action::Dividend {
            player: P2,
            kind: DividendKind::Withhold,
        },
    );
    assert!(events.contains(&Event::CompanyClosed {
        corporation: Company::Hr,
        trains: vec!["2-0".into()]
    }));
    let hr = s.company(Company::Hr);
    assert!(hr.closed && hr.trains.is_empty() && hr.cash == 0);
    assert_eq!(s.removed_trains, vec!["2-0".to_string()]);
    assert_eq!(s.depot[0], 7, "the train does not go back to the depot");
    assert_eq!(s.board.stations_of("HR").count(), 0);
}

/// Stock round 2 with every started company closed, all privates closed and every player
/// holding `cash`.
fn nothing_open(cash: u32) -> State {
    let mut s = operating();
    let mut events = Vec::new();
    for c in [Company::Hr, Company::Cv, Company::Bw] {
        railrules::games::ne1833::market::close(&mut *s, c, &mut events);
    }
    for p in s.privates.iter_mut() {
        p.closed = true;
    }
    for seat in [P1, P2, P3] {
        set_player_cash(&mut s, seat, cash);
    }
    s.round = Round::StockRound {
        number: 2,
        to_act: P1,
        passes_in_a_row: 0,
        sold_this_turn: vec![],
        sold: vec![],
        last_to_act: None,
    };
    assert!(Ne1833::check(&s).is_empty(), "{:?}", Ne1833::check(&s));
    s
}

#[test]
fn r6_the_game_ends_when_nothing_can_change() {
    // No company open, no private paying, no one with the $80 of the cheapest start: the
    // next action ends the game, scored as usual.
    let mut s = nothing_open(79);
    let events = play(&mut s, pass(P1));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::GameEnded {
            reason: EndReason::NothingCanChange,
            ..
        }
    )));
    assert!(
        matches!(&s.round, Round::GameEnded { ranking } if ranking.iter().all(|r| r.wealth == 79))
    );
    // With $80 a player could still start a company: the game goes on.
    let mut s = nothing_open(80);
    play(&mut s, pass(P1));
    assert!(matches!(s.round, Round::StockRound { .. }));
}
