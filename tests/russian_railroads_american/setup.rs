//! Setup by player count (rules #setup) on the American boards (the seed).

use std::collections::HashSet;

use crate::fixtures::State;
use railrules::games::russian_railroads_american::data::{Colour, Components};
use railrules::games::russian_railroads_american::setup::{Options, setup};
use railrules::games::russian_railroads_american::state::{Phase, Seat, Track};

fn game(players: u8, seed: u64) -> State {
    State::assume(
        setup(
            &Options {
                players,
                components: None,
            },
            seed,
        )
        .unwrap(),
    )
}

#[test]
fn the_same_seed_sets_up_the_same_game() {
    assert_eq!(game(3, 5), game(3, 5));
    let orders: HashSet<Vec<Seat>> = (0..40)
        .map(|seed| game(4, seed).turn_order.clone())
        .collect();
    assert!(orders.len() > 10, "the turn order is dealt at random");
}

#[test]
fn workers_coins_and_engineers_follow_the_player_count() {
    for (players, workers, coins, strip) in [(2, 6, 2, 6), (3, 6, 1, 6), (4, 5, 1, 7)] {
        let s = game(players, 1);
        assert_eq!(s.players.len(), usize::from(players));
        for p in &s.players {
            assert_eq!((p.workers, p.coins), (workers, coins), "{players} players");
        }
        assert_eq!(s.engineer_strip.len(), strip, "{players} players");
        // Stack A's three engineers take the public and hiring places (the rightmost three).
        let c = &s.components;
        let stack = |n: u8| c.engineers.iter().find(|e| e.number == n).unwrap().stack;
        for (i, slot) in s.engineer_strip.iter().enumerate() {
            let expected = if i + 3 >= strip { 'A' } else { 'B' };
            assert_eq!(
                stack(slot.unwrap()),
                expected,
                "{players} players, slot {i}"
            );
        }
        // Locomotive piles #2-#9 hold as many tiles as players.
        assert_eq!(s.piles.len(), 8);
        assert!(s.piles.iter().all(|p| p.left == players));
    }
}

#[test]
fn each_board_starts_with_black_tracks_locomotive_one_boulders_and_two_markers() {
    let s = game(2, 1);
    for p in &s.players {
        for r in &p.railroads {
            assert_eq!(
                r.tracks,
                vec![Track {
                    colour: Colour::Black,
                    space: 1
                }]
            );
        }
        assert_eq!(p.railroads[0].locomotives, vec![1]);
        assert!(p.railroads[1].locomotives.is_empty());
        // The boulder on West's space 8 and on the top industry track's 15.
        let boulders: Vec<bool> = p.railroads.iter().map(|r| r.boulder).collect();
        assert_eq!(boulders, vec![false, false, true]);
        assert_eq!(p.industry.len(), 2);
        assert!(
            p.industry
                .iter()
                .all(|i| i.marker == 0 && i.factories == vec![None; 5])
        );
        assert_eq!(
            (p.industry[0].boulder, p.industry[1].boulder),
            (false, true)
        );
        assert_eq!(p.unlocked, vec![Colour::Black]);
        assert_eq!((p.stock_level, p.points), (0, 0));
    }
}

#[test]
fn two_end_bonus_cards_leave_unseen_and_the_last_seats_take_starting_bonuses() {
    for players in 2..=4u8 {
        let s = game(players, 9);
        assert_eq!(s.end_bonus_removed.len(), 2);
        assert_eq!(s.end_bonus_deck.len(), 6);
        let mut all: Vec<u8> = s
            .end_bonus_deck
            .iter()
            .chain(&s.end_bonus_removed)
            .copied()
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..8).collect::<Vec<u8>>());
        // Seats 4th, 3rd, 2nd choose, last first; the first player takes none.
        let mut expected: Vec<Seat> = s.turn_order.iter().skip(1).rev().copied().collect();
        assert_eq!(
            s.phase,
            Phase::StartingBonuses {
                to_act: expected.remove(0),
                next: expected
            }
        );
        assert_eq!(s.stock_levels.len(), 6);
        assert_eq!(s.dividend_tokens.len(), 8);
        assert_eq!(s.steelworks, vec![None; 3]);
    }
}

#[test]
fn a_player_count_outside_two_to_four_is_refused() {
    for players in [0, 1, 5] {
        let problems = setup(
            &Options {
                players,
                components: None,
            },
            1,
        )
        .unwrap_err();
        assert_eq!(problems[0].code, "player_count", "{players}");
    }
    let mut broken = Components::provisional();
    broken.steelworks.clear();
    let problems = setup(
        &Options {
            players: 3,
            components: Some(broken),
        },
        1,
    )
    .unwrap_err();
    assert!(problems.iter().all(|p| p.code == "inconsistent_components"));
}
