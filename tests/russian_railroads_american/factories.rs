//! A factory in a gap of the top industry track (the seed: "If the gap is occupied by a
//! factory, you must use its function immediately"; the rulings of 2026-12: "its function is
//! resolved at once, as part of the action that reached it, never put in the pool to be
//! declined later"): the action that reaches it names its use, which is the whole function
//! while it can be used; it never joins the pool, so `end_turn` cannot leave it unused.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::action::{
    Action, FactoryUse, Resolution, TrackMove,
};
use railrules::games::russian_railroads_american::data::Colour::{self, *};
use railrules::games::russian_railroads_american::data::SpaceEffect;
use railrules::games::russian_railroads_american::event::Event;
use railrules::games::russian_railroads_american::state::Seat::*;

/// The top track: 0, 2, 4, then its first gap (space 3). P1's top marker on the 4, factory #2
/// (a move of any track) in the first gap.
fn before_the_top_factory() -> State {
    let mut s = game(2);
    give_factory(&mut s, P1, TOP, 2);
    s.players[0].industry[1].marker = 2;
    clean(&s);
    s
}

fn using(moves: &[(u8, Colour)]) -> FactoryUse {
    FactoryUse {
        moves: moves
            .iter()
            .map(|&(railroad, colour)| TrackMove { railroad, colour })
            .collect(),
        ..FactoryUse::default()
    }
}

fn onto_the_top_track(factories: Vec<FactoryUse>) -> Action {
    place(
        P1,
        "industry_1",
        Resolution {
            industry: vec![TOP],
            factories,
            ..Resolution::default()
        },
    )
}

/// "you must use its function immediately": used inside the direct action that reached it.
#[test]
fn you_must_use_its_function_immediately_inside_the_action_that_reached_it() {
    let mut s = before_the_top_factory();
    // Its use is part of the action: unnamed, the action is refused and not listed.
    let unnamed = onto_the_top_track(Vec::new());
    assert_eq!(refused(&s, unnamed.clone()), "factory_use_missing");
    assert!(!listed(&s, &unnamed));
    // Listed: one action for each move the factory can make (black on each railroad, the only
    // colour unlocked), none without a use.
    let listed_uses: Vec<Vec<FactoryUse>> = Rra::legal_actions(&s)
        .into_iter()
        .filter_map(|a| match a {
            Action::Place {
                space,
                resolution,
                coins_as_workers: 0,
                ..
            } if space == "industry_1" && resolution.industry == [TOP] => {
                Some(resolution.factories)
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        listed_uses,
        [ROCKY, EAST, WEST].map(|r| vec![using(&[(r, Black)])])
    );
    let events = play(&mut s, onto_the_top_track(vec![using(&[(EAST, Black)])]));
    assert_eq!(
        events[1..],
        [
            Event::IndustryAdvanced {
                seat: P1,
                track: TOP,
                space: 3
            },
            Event::FactoryFired {
                seat: P1,
                track: TOP,
                number: 2
            },
            Event::TrackAdvanced {
                seat: P1,
                railroad: EAST,
                colour: Black,
                space: 2
            }
        ]
    );
    // Never a pool item: nothing waits for `end_turn` to drop.
    assert!(s.turn.pool.is_empty());
    play(&mut s, end_turn(P1));
    assert_eq!(s.players[0].railroads[1].tracks[0].space, 2);
}

/// "must use": the whole function, nothing else, and a use only for a factory reached.
#[test]
fn a_factorys_use_is_its_whole_function_and_nothing_else() {
    let s = before_the_top_factory();
    let wrong = [
        // Declined while a move can be made.
        (
            onto_the_top_track(vec![FactoryUse::default()]),
            "factory_unused",
        ),
        // More than it gives, or what it does not give.
        (
            onto_the_top_track(vec![using(&[(EAST, Black), (WEST, Black)])]),
            "wrong_factory_use",
        ),
        (
            onto_the_top_track(vec![FactoryUse {
                doubler: Some(ROCKY),
                ..FactoryUse::default()
            }]),
            "wrong_factory_use",
        ),
        // A colour not unlocked.
        (
            onto_the_top_track(vec![using(&[(EAST, Grey)])]),
            "colour_locked",
        ),
        // A second use, for a factory the action never reaches.
        (
            onto_the_top_track(vec![using(&[(EAST, Black)]), using(&[(WEST, Black)])]),
            "no_factory_reached",
        ),
        // The bottom track reaches no factory of the top track.
        (
            place(
                P1,
                "industry_1",
                Resolution {
                    industry: vec![BOTTOM],
                    factories: vec![using(&[(EAST, Black)])],
                    ..Resolution::default()
                },
            ),
            "no_factory_reached",
        ),
    ];
    for (action, code) in wrong {
        assert_eq!(refused(&s, action.clone()), code, "{action:?}");
        assert!(!listed(&s, &action), "{action:?}");
    }
}

/// "immediately": where the marker reaches it, before the rest of the action (the industry
/// and black space's black move after its industry move), or after the black move when the
/// action moves it first.
#[test]
fn the_factory_is_used_where_the_marker_reaches_it_within_the_action() {
    let s = before_the_top_factory();
    let industry_and_black = |moves_first: bool| {
        place(
            P1,
            "industry_3",
            Resolution {
                industry: vec![TOP],
                moves_first,
                factories: vec![using(&[(WEST, Black)])],
                ..moves(&[(ROCKY, Black)])
            },
        )
    };
    let advanced = |railroad, space| Event::TrackAdvanced {
        seat: P1,
        railroad,
        colour: Black,
        space,
    };
    let fired = Event::FactoryFired {
        seat: P1,
        track: TOP,
        number: 2,
    };
    let reached = Event::IndustryAdvanced {
        seat: P1,
        track: TOP,
        space: 3,
    };
    let mut industry_first = s.clone();
    assert!(listed(&s, &industry_and_black(false)));
    let events = play(&mut industry_first, industry_and_black(false));
    assert_eq!(
        events[1..],
        [
            reached.clone(),
            fired.clone(),
            advanced(WEST, 2),
            advanced(ROCKY, 2),
            // The Rocky Mountaineer's 2 unlocks grey.
            Event::SpecialSpaceMet {
                seat: P1,
                railroad: ROCKY,
                space: 2
            },
            Event::ColorUnlocked {
                seat: P1,
                colour: Grey
            }
        ]
    );
    let mut moves_first = s.clone();
    assert!(listed(&s, &industry_and_black(true)));
    let events = play(&mut moves_first, industry_and_black(true));
    assert_eq!(events[1], advanced(ROCKY, 2));
    assert_eq!(events[4..], [reached, fired, advanced(WEST, 2)]);
    // Black first, the factory's move may be grey, unlocked by that black move; industry
    // first, grey is not unlocked yet when the factory is used.
    let grey = |moves_first| {
        place(
            P1,
            "industry_3",
            Resolution {
                industry: vec![TOP],
                moves_first,
                factories: vec![using(&[(ROCKY, Grey)])],
                ..moves(&[(ROCKY, Black)])
            },
        )
    };
    assert_eq!(refused(&s, grey(false)), "colour_locked");
    assert!(!listed(&s, &grey(false)));
    assert!(listed(&s, &grey(true)));
    let mut s = s;
    play(&mut s, grey(true));
    assert_eq!(s.players[0].railroads[0].tracks[1].colour, Grey);
}

/// A pool industry move (a hired engineer's) that reaches a factory uses it at once too: a
/// doubler factory (#8) places its doubler in the same action.
#[test]
fn a_pool_industry_move_uses_the_top_factory_at_once() {
    let mut s = game(2);
    give_factory(&mut s, P1, TOP, 2);
    exhaust_below(&mut s, 8, P2);
    give_factory(&mut s, P1, TOP, 8);
    // The top marker on its 8, before the second gap (factory #8).
    s.players[0].industry[1].marker = 4;
    // Engineer #6: industry +2, into the pool.
    hire(&mut s, P1, 6);
    clean(&s);
    play(
        &mut s,
        Action::UseEngineer {
            player: P1,
            engineer: 6,
        },
    );
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::Industry {
            moves: 2,
            black_moves: 0
        }]
    );
    assert_eq!(
        refused(&s, move_industry(P1, 0, TOP)),
        "factory_use_missing"
    );
    assert_eq!(
        refused(
            &s,
            move_industry_using(P1, 0, TOP, vec![FactoryUse::default()])
        ),
        "factory_unused"
    );
    let doubler = |railroad| {
        move_industry_using(
            P1,
            0,
            TOP,
            vec![FactoryUse {
                doubler: Some(railroad),
                ..FactoryUse::default()
            }],
        )
    };
    for railroad in [ROCKY, EAST, WEST] {
        assert!(listed(&s, &doubler(railroad)));
    }
    assert!(!listed(&s, &move_industry(P1, 0, TOP)));
    let supply = s.doublers;
    let events = play(&mut s, doubler(WEST));
    assert_eq!(
        events[1..],
        [
            Event::FactoryFired {
                seat: P1,
                track: TOP,
                number: 8
            },
            Event::DoublerPlaced {
                seat: P1,
                railroad: WEST,
                space: 1
            }
        ]
    );
    assert_eq!(s.doublers, supply - 1);
    // The engineer's second move is left in the pool; the factory never was.
    assert_eq!(
        s.turn.pool,
        vec![SpaceEffect::Industry {
            moves: 1,
            black_moves: 0
        }]
    );
}

/// "you must use its function immediately" while it can be: factory #7's two black moves when
/// only one can be made (the Rocky Mountaineer's black at its end, West's before its boulder,
/// East's one space before its end).
#[test]
fn fewer_moves_than_the_factory_gives_only_when_no_more_can_be_made() {
    let mut s = game(2);
    exhaust_below(&mut s, 7, P2);
    give_factory(&mut s, P1, TOP, 7);
    s.players[0].industry[1].marker = 2;
    tracks(&mut s, P1, ROCKY, &[(Black, 15)]);
    tracks(&mut s, P1, EAST, &[(Black, 6)]);
    tracks(&mut s, P1, WEST, &[(Black, 7)]);
    // The Rocky Mountaineer's detonation took the top track's boulder; West's stays.
    s.players[0].industry[1].boulder = false;
    s.players[0].points = 10;
    unlock(&mut s, P1, &[Grey, Brown, Natural, White]);
    clean(&s);
    let one = onto_the_top_track(vec![FactoryUse {
        moves: vec![TrackMove {
            railroad: EAST,
            colour: Black,
        }],
        ..FactoryUse::default()
    }]);
    assert!(listed(&s, &one));
    assert_eq!(
        refused(&s, onto_the_top_track(vec![FactoryUse::default()])),
        "factory_unused"
    );
    assert_eq!(
        refused(
            &s,
            onto_the_top_track(vec![using(&[(EAST, Black), (EAST, Black)])])
        ),
        "railroad_end"
    );
    // #7 moves black tracks only.
    assert_eq!(
        refused(&s, onto_the_top_track(vec![using(&[(EAST, Grey)])])),
        "wrong_colour"
    );
    play(&mut s, one);
    assert_eq!(s.players[0].railroads[1].tracks[0].space, 7);
}
