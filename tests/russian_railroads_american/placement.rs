//! Worker placement (rules #turn): a space taken blocks it for the round (but the
//! black-or-grey space); its workers must be there, coins standing in for them where no coin is
//! paid; spaces of the 3-4 player board are absent at 2; a direct action is resolved completely
//! with what it gives, and one that cannot be is not listed.

use crate::fixtures::*;
use railrules::games::russian_railroads_american::action::{Action, Resolution};
use railrules::games::russian_railroads_american::data::Colour::*;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::{Phase, Seat, Seat::*};
use railrules::games::russian_railroads_american::turn::workers_left;

#[test]
fn a_space_taken_is_blocked_for_the_round_but_black_or_grey_never_is() {
    let mut s = game(3);
    assert_eq!(refused(&s, take(P2, "coins")), "not_your_turn");
    // 3 players: 1 coin each; the coins space gives 2.
    let events = play(&mut s, take(P1, "coins"));
    assert_eq!(
        events,
        vec![
            Event::WorkersPlaced {
                seat: P1,
                space: "coins".to_string(),
                workers: 1,
                coins: 0
            },
            Event::CoinsTaken { seat: P1, coins: 2 }
        ]
    );
    assert_eq!(s.players[0].coins, 1 + 2);
    play(&mut s, end_turn(P1));
    assert_eq!(to_act(&s), vec![P2]);
    assert_eq!(refused(&s, take(P2, "coins")), "space_taken");
    assert!(!space_listed(&s, "coins"));
    // The black-or-grey space takes any number of workers.
    let black_west = |seat| place(seat, "black_or_grey", moves(&[(WEST, Black)]));
    assert!(listed(&s, &black_west(P2)));
    play(&mut s, black_west(P2));
    play(&mut s, end_turn(P2));
    assert!(listed(&s, &black_west(P3)));
    play(&mut s, black_west(P3));
    assert_eq!(s.players[2].railroads[2].tracks[0].space, 2);
    play(&mut s, end_turn(P3));
    // P1 again: its own black move there too; the coins space still taken.
    assert!(listed(&s, &black_west(P1)));
    assert!(!space_listed(&s, "coins"));
}

#[test]
fn workers_are_needed_and_coins_may_stand_in_for_them() {
    let mut s = game(2);
    // One worker left of 6 (2 players: 2 coins): 3 on locomotive_3, 2 on industry_2.
    placed(&mut s, P1, "locomotive_3");
    placed(&mut s, P1, "industry_2");
    let three_black = moves(&[(WEST, Black), (WEST, Black), (WEST, Black)]);
    let without_coin = place(P1, "black_2", three_black.clone());
    assert_eq!(refused(&s, without_coin.clone()), "no_workers");
    assert!(!listed(&s, &without_coin));
    // More coins than the space takes workers.
    assert_eq!(
        refused(&s, place_paying(P1, "black_2", 3, three_black.clone())),
        "coins_as_workers"
    );
    // Without coins a coin cannot stand in.
    let mut broke = s.clone();
    broke.players[0].coins = 0;
    assert_eq!(
        refused(&broke, place_paying(P1, "black_2", 1, three_black.clone())),
        "no_coins"
    );
    assert!(!space_listed(&broke, "black_2"));
    // The worker and a coin: 2 - 1 = 1 coin left, West's black from 1 to 4.
    let action = place_paying(P1, "black_2", 1, three_black);
    assert!(listed(&s, &action));
    let events = play(&mut s, action);
    assert_eq!(
        events[0],
        Event::WorkersPlaced {
            seat: P1,
            space: "black_2".to_string(),
            workers: 1,
            coins: 1
        }
    );
    assert_eq!(s.players[0].coins, 2 - 1);
    assert_eq!(s.players[0].railroads[2].tracks[0].space, 1 + 3);
    play(&mut s, end_turn(P1));
    play(&mut s, pass(P2));
    // P1 has no worker left: only a coin can stand on a 1-worker space now.
    assert_eq!(to_act(&s), vec![P1]);
    assert_eq!(workers_left(&s, P1), 0);
    assert_eq!(refused(&s, take(P1, "coins")), "no_workers");
    assert!(!listed(&s, &take(P1, "coins")));
    let with_coin = place_paying(P1, "coins", 1, Resolution::default());
    assert!(listed(&s, &with_coin));
    play(&mut s, with_coin);
    // 1 - 1 + 2.
    assert_eq!(s.players[0].coins, 2);
}

#[test]
fn any_two_takes_a_worker_and_a_coin_and_the_coin_cannot_replace_the_worker() {
    let s = game(2);
    let two = moves(&[(WEST, Black), (EAST, Black)]);
    let action = place(P1, "any_2", two.clone());
    assert!(listed(&s, &action));
    let coin_for_worker = place_paying(P1, "any_2", 1, two);
    assert_eq!(refused(&s, coin_for_worker.clone()), "coins_as_workers");
    assert!(!listed(&s, &coin_for_worker));
    let mut no_coin = s.clone();
    no_coin.players[0].coins = 0;
    assert_eq!(refused(&no_coin, action.clone()), "no_coins");
    assert!(!space_listed(&no_coin, "any_2"));
    let mut no_worker = s.clone();
    no_worker.players[0].workers = 0;
    assert_eq!(refused(&no_worker, action.clone()), "no_workers");
    assert!(!space_listed(&no_worker, "any_2"));
    let mut s = s;
    let events = play(&mut s, action);
    assert_eq!(
        events[0],
        Event::WorkersPlaced {
            seat: P1,
            space: "any_2".to_string(),
            workers: 1,
            coins: 1
        }
    );
    // 2 coins - 1; one worker of 6 used.
    assert_eq!(s.players[0].coins, 1);
    assert_eq!(workers_left(&s, P1), 5);
}

#[test]
fn spaces_of_the_three_and_four_player_board_are_absent_at_two() {
    let two = game(2);
    let black = moves(&[(WEST, Black), (WEST, Black)]);
    for space in ["black_1", "grey_1", "turn_order_2"] {
        assert!(!space_listed(&two, space), "{space}");
    }
    assert_eq!(
        refused(&two, place(P1, "black_1", black.clone())),
        "no_such_space"
    );
    assert_eq!(refused(&two, take(P1, "turn_order_2")), "no_such_space");
    assert_eq!(refused(&two, take(P1, "no_space")), "no_such_space");
    let mut three = game(3);
    assert!(listed(&three, &place(P1, "black_1", black.clone())));
    play(&mut three, place(P1, "black_1", black));
    assert_eq!(three.players[0].railroads[2].tracks[0].space, 3);
}

#[test]
fn a_direct_action_is_resolved_completely_with_its_own_colours() {
    let mut s = game(2);
    unlock(&mut s, P1, &[Grey]);
    let incomplete = [
        // 3 black moves: two named, or four.
        place(P1, "black_2", moves(&[(WEST, Black), (WEST, Black)])),
        place(P1, "black_2", moves(&[(WEST, Black); 4])),
        // Something the space does not give.
        place(
            P1,
            "black_2",
            Resolution {
                doubler: Some(ROCKY),
                ..moves(&[(WEST, Black); 3])
            },
        ),
        place(P1, "coins", moves(&[(WEST, Black)])),
        take(P1, "doubler"),
        // Industry +1 and a black move: the black move left out.
        place(P1, "industry_3", industry(&[BOTTOM])),
    ];
    for action in incomplete {
        assert_eq!(
            refused(&s, action.clone()),
            "incomplete_resolution",
            "{action:?}"
        );
        assert!(!listed(&s, &action), "{action:?}");
    }
    // Grey on the black space, black on the grey space.
    let grey_on_black = place(
        P1,
        "black_2",
        moves(&[(WEST, Black), (WEST, Black), (EAST, Grey)]),
    );
    assert_eq!(refused(&s, grey_on_black.clone()), "wrong_colour");
    assert!(!listed(&s, &grey_on_black));
    assert_eq!(
        refused(&s, place(P1, "grey_2", moves(&[(WEST, Black); 3]))),
        "wrong_colour"
    );
    // Resolved completely: industry +1 on the bottom track and one black move.
    let full = place(
        P1,
        "industry_3",
        Resolution {
            industry: vec![BOTTOM],
            ..moves(&[(WEST, Black)])
        },
    );
    assert!(listed(&s, &full));
    play(&mut s, full);
    assert_eq!(s.players[0].industry[0].marker, 1);
    assert_eq!(s.players[0].railroads[2].tracks[0].space, 2);
}

#[test]
fn a_space_that_cannot_be_resolved_completely_is_not_listed() {
    let mut s = game(2);
    // Black at the end of the Rocky Mountaineer (15), before West's boulder (7), one space
    // before East's end (6): a single black move is left, on East.
    tracks(&mut s, P1, ROCKY, &[(Black, 15)]);
    tracks(&mut s, P1, EAST, &[(Black, 6)]);
    tracks(&mut s, P1, WEST, &[(Black, 7)]);
    // The Rocky Mountaineer's detonation (its 8) took the top track's boulder, for 10 points.
    s.players[0].industry[1].boulder = false;
    s.players[0].points = 10;
    unlock(&mut s, P1, &[Grey, Brown, Natural, White]);
    settle(&mut s, P1);
    clean(&s);
    let one = place(P1, "black_or_grey", moves(&[(EAST, Black)]));
    assert!(listed(&s, &one));
    assert!(!listed(
        &s,
        &place(P1, "black_or_grey", moves(&[(WEST, Black)]))
    ));
    // Three black moves cannot be made: black_2 is not listed, and is refused.
    assert!(!space_listed(&s, "black_2"));
    assert_eq!(
        refused(
            &s,
            place(
                P1,
                "black_2",
                moves(&[(EAST, Black), (EAST, Black), (ROCKY, Black)])
            )
        ),
        "railroad_end"
    );
    assert_eq!(
        refused(&s, place(P1, "black_2", moves(&[(EAST, Black)]))),
        "incomplete_resolution"
    );
    // Brown enters behind a grey track: there is none on any railroad yet.
    assert!(!space_listed(&s, "brown_1"));
    assert!(space_listed(&s, "grey_2"));
    play(&mut s, one);
    assert_eq!(s.phase, Phase::Placement { to_act: P1 });
    assert!(s.turn.acted);
}

fn doubler_on(player: Seat, railroad: u8) -> Action {
    place(
        player,
        "doubler",
        Resolution {
            doubler: Some(railroad),
            ..Resolution::default()
        },
    )
}

/// Doublers go on a railroad's doubler places left to right, while places are free and the
/// shared supply (30) lasts.
#[test]
fn a_doubler_needs_a_free_place_and_one_in_the_supply() {
    let mut s = game(3);
    // P1: East's three places taken.
    s.players[0].railroads[1].doublers = vec![1, 2, 3];
    s.doublers -= 3;
    clean(&s);
    assert_eq!(refused(&s, doubler_on(P1, EAST)), "no_doubler_place");
    assert!(!listed(&s, &doubler_on(P1, EAST)));
    assert!(listed(&s, &doubler_on(P1, ROCKY)));
    // P2 and P3 fill every place (8 + 3 + 3 each): 3 + 28 = 31 > 30, so P3 keeps one place
    // free on West: 3 + 14 + 13 = 30, and the supply is empty.
    for (seat, west) in [(1, vec![1, 2, 3]), (2, vec![1, 2])] {
        let p = &mut s.players[seat];
        p.railroads[0].doublers = (1..=8).collect();
        p.railroads[1].doublers = vec![1, 2, 3];
        p.railroads[2].doublers = west;
    }
    s.doublers = 0;
    clean(&s);
    assert_eq!(refused(&s, doubler_on(P1, ROCKY)), "no_doubler_left");
    assert!(!listed(&s, &doubler_on(P1, ROCKY)));
}

/// The Rocky Mountaineer's 3 (black, within the locomotive reach): +1 permanent worker, usable
/// at once; out of reach, the move gives nothing.
#[test]
fn the_worker_space_gives_a_worker_only_within_the_reach() {
    let mut s = game(2);
    tracks(&mut s, P1, ROCKY, &[(Black, 2)]);
    unlock(&mut s, P1, &[Grey]);
    settle(&mut s, P1);
    clean(&s);
    let to_3 = place(P1, "black_or_grey", moves(&[(ROCKY, Black)]));
    // Locomotive #1 alone: reach 1.
    let mut short = s.clone();
    let events = play(&mut short, to_3.clone());
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::WorkerGained { .. }))
    );
    assert_eq!(short.players[0].workers, 6);
    // With #2 too: reach 3.
    give_locomotive(&mut s, P1, ROCKY, 2);
    clean(&s);
    let events = play(&mut s, to_3);
    assert!(events.contains(&Event::WorkerGained {
        seat: P1,
        temporary: false,
        workers: 1
    }));
    // 6 + 1, one placed on black_or_grey.
    assert_eq!(s.players[0].workers, 7);
    assert_eq!(workers_left(&s, P1), 7 - 1);
}
