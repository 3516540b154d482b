//! The end of the game: reaching the top, no card left, a broken bank, and shared wins.

use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::railroad_barons::event::{Event, RoundKind};
use railrules::games::railroad_barons::state::{Round, Wealth};

use super::seedy_brothers;

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
