//! The starting bonuses (rules #setup): seats 4th, 3rd and 2nd take one each, last first; a
//! bonus taken is gone; the coin is taken at once, the others go into the turn's pool; the turn
//! ends only after choosing.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::Action;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::data::{SpaceEffect, StartingBonus};
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::setup::Options;
use railrules::games::russian_railroads_american::state::{Phase, Seat};

fn new_game(players: u8) -> State {
    Rra::setup(
        &Options {
            players,
            components: None,
        },
        3,
    )
    .unwrap()
}

fn choose(player: Seat, bonus: StartingBonus) -> Action {
    Action::ChooseStartingBonus { player, bonus }
}

#[test]
fn seats_choose_last_first_and_a_bonus_taken_is_gone() {
    use StartingBonus::*;
    let mut s = new_game(4);
    let order = s.turn_order.clone();
    let (first, second, third, fourth) = (order[0], order[1], order[2], order[3]);
    // The 4th seat first; before choosing, only the four bonuses.
    assert_eq!(to_act(&s), vec![fourth]);
    assert_eq!(
        Rra::legal_actions(&s),
        vec![
            choose(fourth, Coin),
            choose(fourth, BlackTrack),
            choose(fourth, Industry),
            choose(fourth, Doubler)
        ]
    );
    assert_eq!(refused(&s, choose(third, Coin)), "not_your_turn");
    assert_eq!(refused(&s, end_turn(fourth)), "direct_action_missing");
    assert_eq!(refused(&s, take(fourth, "coins")), "not_now");
    assert_eq!(refused(&s, pass(fourth)), "not_now");

    // The coin: 1 coin at 4 players + 1 = 2, taken at once.
    let events = play(&mut s, choose(fourth, Coin));
    assert_eq!(
        events,
        vec![
            Event::StartingBonusTaken {
                seat: fourth,
                bonus: Coin
            },
            Event::CoinsTaken {
                seat: fourth,
                coins: 1
            }
        ]
    );
    assert_eq!(s.players[fourth.index()].coins, 1 + 1);
    assert!(s.turn.pool.is_empty());
    // One bonus each: then only the end of the turn.
    assert_eq!(refused(&s, choose(fourth, Doubler)), "not_now");
    assert_eq!(Rra::legal_actions(&s), vec![end_turn(fourth)]);
    play(&mut s, end_turn(fourth));

    // The 3rd seat: the coin is gone.
    assert_eq!(to_act(&s), vec![third]);
    assert_eq!(refused(&s, choose(third, Coin)), "bonus_taken");
    assert_eq!(
        Rra::legal_actions(&s),
        vec![
            choose(third, BlackTrack),
            choose(third, Industry),
            choose(third, Doubler)
        ]
    );
    // The industry move goes into the pool, to use on either track.
    play(&mut s, choose(third, Industry));
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::Industry {
            moves: 1,
            black_moves: 0
        }]
    );
    assert!(listed(&s, &move_industry(third, 0, TOP)));
    let events = play(&mut s, move_industry(third, 0, BOTTOM));
    assert!(events.contains(&Event::IndustryAdvanced {
        seat: third,
        track: BOTTOM,
        space: 1
    }));
    assert!(s.turn.pool.is_empty());
    play(&mut s, end_turn(third));

    // The 2nd seat: the doubler goes onto the first doubler place of the railroad chosen.
    assert_eq!(to_act(&s), vec![second]);
    assert!(!listed(&s, &choose(second, Industry)));
    play(&mut s, choose(second, Doubler));
    assert_eq!(s.turn.pool, vec![SpaceEffect::Doubler {}]);
    play(
        &mut s,
        Action::PlaceDoubler {
            player: second,
            item: 0,
            railroad: EAST,
        },
    );
    assert_eq!(s.players[second.index()].railroads[1].doublers, vec![1]);
    assert_eq!(s.doublers, 30 - 1);
    play(&mut s, end_turn(second));

    // The first seat takes none: worker placement starts with it.
    assert_eq!(s.phase, Phase::Placement { to_act: first });
    assert_eq!(s.starting_bonuses, vec![BlackTrack]);
    assert_eq!(s.players[first.index()].coins, 1);
    assert!(listed(&s, &take(first, "coins")));
}

#[test]
fn the_black_track_bonus_is_a_black_move_in_the_pool() {
    let mut s = new_game(2);
    let (first, seat) = (s.turn_order[0], s.turn_order[1]);
    // At 2 players only the 2nd seat chooses.
    assert_eq!(
        s.phase,
        Phase::StartingBonuses {
            to_act: seat,
            next: vec![]
        }
    );
    play(&mut s, choose(seat, StartingBonus::BlackTrack));
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::TrackMoves {
            colours: vec![Black],
            moves: 1
        }]
    );
    // A black move of any railroad, or the end of the turn.
    let mut expected: Vec<Action> = [ROCKY, EAST, WEST]
        .iter()
        .map(|&railroad| move_track(seat, 0, railroad, Black))
        .collect();
    expected.push(end_turn(seat));
    assert_eq!(Rra::legal_actions(&s), expected);
    assert_eq!(
        refused(&s, move_track(seat, 0, ROCKY, Grey)),
        "wrong_colour"
    );
    assert_eq!(
        refused(&s, move_track(seat, 1, ROCKY, Black)),
        "no_pool_item"
    );
    // Black from 1 to 2 on the Rocky Mountaineer unlocks grey.
    let events = play(&mut s, move_track(seat, 0, ROCKY, Black));
    assert_eq!(
        events,
        vec![
            Event::TrackAdvanced {
                seat,
                railroad: ROCKY,
                colour: Black,
                space: 2
            },
            Event::SpecialSpaceMet {
                seat,
                railroad: ROCKY,
                space: 2
            },
            Event::ColorUnlocked { seat, colour: Grey }
        ]
    );
    assert!(s.turn.pool.is_empty());
    assert_eq!(
        refused(&s, move_track(seat, 0, WEST, Black)),
        "no_pool_item"
    );
    play(&mut s, end_turn(seat));
    assert_eq!(s.phase, Phase::Placement { to_act: first });
    assert!(listed(
        &s,
        &place(first, "black_or_grey", moves(&[(WEST, Black)]))
    ));
}

#[test]
fn a_bonus_move_not_used_is_lost_at_the_end_of_the_turn() {
    let mut s = new_game(2);
    let seat = s.turn_order[1];
    let before = s.players[seat.index()].railroads.clone();
    play(&mut s, choose(seat, StartingBonus::BlackTrack));
    play(&mut s, end_turn(seat));
    assert!(s.turn.pool.is_empty());
    assert_eq!(s.players[seat.index()].railroads, before);
}
