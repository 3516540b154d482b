//! Coin spaces (the seed): once the track of the colour shown reaches one, the player may pay a
//! coin for its advantage, on that turn or a later one, once ("Done").

use crate::fixtures::*;
use railrules::games::russian_railroads_american::action::Action;
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::data::SpaceEffect;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::{Seat, Seat::*};

fn use_coin_space(player: Seat, railroad: u8, space: u8) -> Action {
    Action::UseCoinSpace {
        player,
        railroad,
        space,
    }
}

#[test]
fn a_coin_space_is_used_for_a_coin_once_its_track_reached_it_even_a_turn_later() {
    let mut s = game(2);
    // Transcontinental East: grey on its 4 is a coin space (a move of any track). Black on 6,
    // grey on 3.
    tracks(&mut s, P1, EAST, &[(Black, 6), (Grey, 3)]);
    unlock(&mut s, P1, &[Grey]);
    settle(&mut s, P1);
    clean(&s);
    let east_4 = use_coin_space(P1, EAST, 4);
    assert_eq!(refused(&s, east_4.clone()), "not_reached");
    assert!(!listed(&s, &east_4));
    assert_eq!(refused(&s, use_coin_space(P1, ROCKY, 2)), "no_coin_space");
    let events = play(&mut s, place(P1, "black_or_grey", moves(&[(EAST, Grey)])));
    assert_eq!(
        events.last(),
        Some(&Event::SpecialSpaceMet {
            seat: P1,
            railroad: EAST,
            space: 4
        })
    );
    // Met, but not taken at once: nothing in the pool, no coin paid.
    assert!(s.turn.pool.is_empty());
    assert_eq!(s.players[0].coins, 2);
    assert!(listed(&s, &east_4));
    play(&mut s, end_turn(P1));
    play(&mut s, pass(P2));
    // A later turn; without a coin it cannot be paid.
    let mut broke = s.clone();
    broke.players[0].coins = 0;
    assert_eq!(refused(&broke, east_4.clone()), "no_coins");
    assert!(!listed(&broke, &east_4));
    let events = play(&mut s, east_4.clone());
    assert_eq!(
        events,
        vec![Event::CoinSpaceUsed {
            seat: P1,
            railroad: EAST,
            space: 4
        }]
    );
    // 2 coins - 1; a move of any track in the pool.
    assert_eq!(s.players[0].coins, 1);
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::TrackMoves {
            colours: vec![],
            moves: 1
        }]
    );
    play(&mut s, move_track(P1, 0, WEST, Black));
    // Once only.
    assert_eq!(refused(&s, east_4.clone()), "done");
    assert!(!listed(&s, &east_4));
    assert_eq!(s.players[0].coin_spaces_done, vec![(EAST, 4)]);
}

#[test]
fn a_coin_space_gives_its_own_advantage() {
    let mut s = game(2);
    // Transcontinental West: grey on its 6 is a coin space (an industry move).
    tracks(&mut s, P1, WEST, &[(Black, 7), (Grey, 5)]);
    unlock(&mut s, P1, &[Grey]);
    settle(&mut s, P1);
    play(&mut s, place(P1, "black_or_grey", moves(&[(WEST, Grey)])));
    play(&mut s, use_coin_space(P1, WEST, 6));
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::Industry {
            moves: 1,
            black_moves: 0
        }]
    );
    play(&mut s, move_industry(P1, 0, TOP));
    assert_eq!(s.players[0].industry[1].marker, 1);
}
