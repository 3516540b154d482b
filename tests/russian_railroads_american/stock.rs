//! The stocks board: first arrivals, later arrivals, the top, payouts and the end bonus.

use crate::fixtures::State;
use railrules::games::russian_railroads_american::data::Advantage;
use railrules::games::russian_railroads_american::setup::{Options, setup};
use railrules::games::russian_railroads_american::state::Seat;
use railrules::games::russian_railroads_american::stock::{
    Advancement, advance, end_bonus, general_payout_order, payout,
};

fn game() -> State {
    State::assume(
        setup(
            &Options {
                players: 3,
                components: None,
            },
            4,
        )
        .unwrap(),
    )
}

#[test]
fn the_first_to_a_level_goes_far_left_and_the_next_to_its_right() {
    let mut s = game();
    assert_eq!(
        advance(&mut s, Seat::P2),
        Advancement::Level {
            level: 1,
            first: true
        }
    );
    // P2 chooses the level's token (the turn does that with a decision).
    s.stock_levels[0].token = Some(0);
    assert_eq!(
        advance(&mut s, Seat::P1),
        Advancement::Level {
            level: 1,
            first: false
        }
    );
    assert_eq!(s.stock_levels[0].markers, vec![Seat::P2, Seat::P1]);
    // Moving up leaves the level below.
    advance(&mut s, Seat::P2);
    assert_eq!(s.stock_levels[0].markers, vec![Seat::P1]);
    assert_eq!(s.stock_levels[1].markers, vec![Seat::P2]);
}

#[test]
fn at_the_top_an_advancement_is_a_personal_payout_of_every_level_reached() {
    let mut s = game();
    for _ in 0..6 {
        advance(&mut s, Seat::P3);
    }
    assert_eq!(s.players[2].stock_level, 6);
    assert_eq!(advance(&mut s, Seat::P3), Advancement::PersonalPayout);
    assert_eq!(s.players[2].stock_level, 6);
    // Tokens chosen on levels 1 and 3 (indices into the dividend tokens): a black move and a
    // coin; level 2 has none yet.
    s.stock_levels[0].token = Some(0);
    s.stock_levels[2].token = Some(5);
    assert_eq!(
        payout(&s, Seat::P3),
        vec![Advantage::BlackMove {}, Advantage::Coin {}]
    );
    // A player on level 1 gets level 1's only.
    advance(&mut s, Seat::P1);
    assert_eq!(payout(&s, Seat::P1), vec![Advantage::BlackMove {}]);
    assert!(payout(&s, Seat::P2).is_empty());
}

#[test]
fn a_general_payout_starts_with_the_steelworks_taker_then_follows_the_turn_order() {
    let mut s = game();
    s.turn_order = vec![Seat::P3, Seat::P1, Seat::P2];
    // From the taker on, round the table.
    assert_eq!(
        general_payout_order(&s, Seat::P1),
        vec![Seat::P1, Seat::P2, Seat::P3]
    );
    assert_eq!(
        general_payout_order(&s, Seat::P3),
        vec![Seat::P3, Seat::P1, Seat::P2]
    );
}

#[test]
fn the_end_bonus_goes_to_the_highest_markers_ties_to_the_one_farther_left() {
    let mut s = game();
    // P1 and P2 both reach level 2, P2 first; P3 stays on level 1.
    advance(&mut s, Seat::P2);
    advance(&mut s, Seat::P2);
    advance(&mut s, Seat::P1);
    advance(&mut s, Seat::P1);
    advance(&mut s, Seat::P3);
    assert_eq!(end_bonus(&s), vec![(Seat::P2, 20), (Seat::P1, 10)]);
    // P3 climbs above both.
    advance(&mut s, Seat::P3);
    advance(&mut s, Seat::P3);
    assert_eq!(end_bonus(&s), vec![(Seat::P3, 20), (Seat::P2, 10)]);
}
