//! The player's actions: each rule with a legal and an illegal case, with the figures of the
//! provisional map (docs/rules/rotw-solo.md).

use crate::fixtures::*;
use railrules::games::rotw_solo::action::Action;
use railrules::games::rotw_solo::data::GoodsColour::{self, *};
use railrules::games::rotw_solo::event::Event;
use railrules::games::rotw_solo::map::Hex;
use railrules::games::rotw_solo::state::{DisplayCard, Owner, Phase};

fn h(q: i16, r: i16) -> Hex {
    Hex::new(q, r)
}

fn lay(q: i16, r: i16) -> Action {
    Action::LayTrack { hex: h(q, r) }
}

/// A harmless Railbot: a Taxation at 0 points costs nothing.
fn quiet_railbot(s: &mut State) {
    arrange_railbot(s, ["C03", "C04", "C10"], "C05");
    s.points = 0;
}

#[test]
fn track_costs_its_terrain_and_each_ridge_crossed() {
    let mut s = new_game();
    quiet_railbot(&mut s);
    s.cash = 20;
    let bramley = city(&s, "Bramley");
    play(&mut s, Action::BuildTrack { city: bramley });
    // Plains next to Bramley: $2k.
    assert_eq!(
        play(&mut s, lay(5, 0)),
        vec![Event::TrackLaid {
            hex: h(5, 0),
            cost: 2
        }]
    );
    // A mountain across a ridge: $4k + $4k.
    assert_eq!(
        play(&mut s, lay(4, 0)),
        vec![Event::TrackLaid {
            hex: h(4, 0),
            cost: 8
        }]
    );
    assert_eq!(s.cash, 10);
    // Not next to the track's end; a city; a hex off the map.
    assert_eq!(refuse(&s, lay(2, 0)).code, "not_next_to_track");
    assert_eq!(refuse(&s, lay(6, 0)).code, "not_buildable");
    assert_eq!(refuse(&s, lay(4, -1)).code, "not_buildable");
    // Nothing else while building.
    assert_eq!(refuse(&s, Action::UpgradeEngine {}).code, "building_track");
    play(&mut s, Action::StopBuilding {});
    assert_eq!(s.open_track.len(), 1);
    assert_eq!(s.open_track[0].hexes, vec![h(5, 0), h(4, 0)]);
    assert_eq!(s.phase, Phase::Actions { taken: 1 });
    // Continued: a mountain, two plains, and the link to Ashford.
    play(&mut s, Action::ContinueTrack { track: 0 });
    assert_eq!(refuse(&s, lay(5, 1)).code, "not_next_to_track");
    for (q, cost) in [(3, 4), (2, 2), (1, 2)] {
        assert_eq!(
            play(&mut s, lay(q, 0)),
            vec![Event::TrackLaid { hex: h(q, 0), cost }]
        );
    }
    let ashford = city(&s, "Ashford");
    let events = play(&mut s, Action::CompleteLink { city: ashford });
    assert_eq!(
        events[0],
        Event::LinkBuilt {
            by: Owner::Player,
            cities: [ashford, bramley],
            hexes: vec![h(1, 0), h(2, 0), h(3, 0), h(4, 0), h(5, 0)],
            cost: 8,
        }
    );
    assert!(s.open_track.is_empty());
    // A hex of a link carries no other track (the turn's third action, after the Railbot's).
    s.phase = Phase::Actions { taken: 2 };
    s.decisions.clear();
    play(&mut s, Action::BuildTrack { city: ashford });
    assert_eq!(refuse(&s, lay(1, 0)).code, "hex_taken");
}

#[test]
fn a_build_lays_at_most_four_tiles_and_a_link_ends_it() {
    let mut s = new_game();
    s.cash = 20;
    let carrow = city(&s, "Carrow");
    play(&mut s, Action::BuildTrack { city: carrow });
    assert_eq!(refuse(&s, Action::StopBuilding {}).code, "no_tile_laid");
    for (q, r) in [(9, 1), (9, 2), (8, 3), (7, 4)] {
        play(&mut s, lay(q, r));
    }
    assert_eq!(refuse(&s, lay(6, 4)).code, "four_tiles_laid");
    let kestle = city(&s, "Kestle");
    play(&mut s, Action::CompleteLink { city: kestle });
    assert_eq!(s.phase, Phase::Actions { taken: 1 });
    assert_eq!(s.cash, 12);
}

#[test]
fn two_cities_are_linked_once() {
    let mut s = new_game();
    s.cash = 20;
    let (ashford, dunmore) = (city(&s, "Ashford"), city(&s, "Dunmore"));
    play(&mut s, Action::BuildTrack { city: ashford });
    play(&mut s, lay(0, 1));
    assert_eq!(
        refuse(&s, Action::CompleteLink { city: ashford }).code,
        "not_a_destination"
    );
    play(&mut s, Action::CompleteLink { city: dunmore });
    play(&mut s, Action::BuildTrack { city: ashford });
    play(&mut s, lay(1, 0));
    play(&mut s, lay(1, 1));
    assert_eq!(
        refuse(&s, Action::CompleteLink { city: dunmore }).code,
        "already_linked"
    );
}

#[test]
fn an_unaffordable_payment_issues_bonds_first() {
    let mut s = new_game();
    s.cash = 1;
    let ashford = city(&s, "Ashford");
    play(&mut s, Action::BuildTrack { city: ashford });
    let events = play(&mut s, lay(0, 1));
    assert!(events.contains(&Event::BondIssued { bonds: 1, cash: 5 }));
    assert_eq!((s.cash, s.bonds), (4, 1));
    // A bond at will, at any moment of the turn.
    play(&mut s, Action::IssueBond {});
    assert_eq!((s.cash, s.bonds), (9, 2));
}

#[test]
fn urbanizing_a_grey_city_draws_two_cubes_from_the_bag() {
    let mut s = new_game();
    s.cash = 10;
    let dunmore = city(&s, "Dunmore");
    let before = s.city_cubes[usize::from(dunmore)].clone();
    let next_two: Vec<GoodsColour> = s.bag[..2].to_vec();
    let events = play(
        &mut s,
        Action::Urbanize {
            city: dunmore,
            colour: Blue,
        },
    );
    assert_eq!(
        events[0],
        Event::CityUrbanized {
            city: dunmore,
            colour: Blue,
            cubes: next_two.clone()
        }
    );
    assert_eq!(s.cash, 0);
    let mut expected = before;
    expected.extend(next_two);
    assert_eq!(s.city_cubes[usize::from(dunmore)], expected);
    assert_eq!(
        refuse(
            &s,
            Action::Urbanize {
                city: dunmore,
                colour: Black
            }
        )
        .code,
        "not_grey"
    );
    let ashford = city(&s, "Ashford");
    assert_eq!(
        refuse(
            &s,
            Action::Urbanize {
                city: ashford,
                colour: Black
            }
        )
        .code,
        "not_grey"
    );
    // Red has no New City tile.
    let jarrow = city(&s, "Jarrow");
    assert_eq!(
        refuse(
            &s,
            Action::Urbanize {
                city: jarrow,
                colour: Red
            }
        )
        .code,
        "no_tile_left"
    );
}

#[test]
fn the_engine_goes_up_a_level_at_the_tables_price() {
    let mut s = new_game();
    s.cash = 10;
    let events = play(&mut s, Action::UpgradeEngine {});
    assert_eq!(events, vec![Event::EngineUpgraded { level: 2, cost: 4 }]);
    assert_eq!(s.cash, 6);
    s.engine = 8;
    assert_eq!(refuse(&s, Action::UpgradeEngine {}).code, "top_engine");
}

/// Ashford -(player, by (0, 1))- Dunmore -(Railbot, by (-1, 3))- Holloway (purple), and
/// Dunmore -(player)- Garth (yellow).
fn network() -> State {
    let mut s = new_game();
    give_link(&mut s, Owner::Player, "Ashford", "Dunmore", &[(0, 1)]);
    give_link(&mut s, Owner::Railbot, "Dunmore", "Holloway", &[(-1, 3)]);
    give_link(&mut s, Owner::Player, "Dunmore", "Garth", &[(1, 2), (1, 3)]);
    s
}

#[test]
fn a_delivery_scores_own_links_and_loses_the_railbots() {
    let mut s = network();
    set_cubes(&mut s, "Ashford", &[Purple, Red]);
    s.points = 10;
    let route = vec![
        city(&s, "Ashford"),
        city(&s, "Dunmore"),
        city(&s, "Holloway"),
    ];
    let deliver = Action::Deliver {
        colour: Purple,
        route: route.clone(),
    };
    assert_eq!(refuse(&s, deliver.clone()).code, "beyond_engine");
    s.engine = 2;
    let events = play(&mut s, deliver);
    assert_eq!(
        events[0],
        Event::CubeDelivered {
            colour: Purple,
            route,
            points: 0
        }
    );
    assert_eq!(s.points, 10);
    assert_eq!(s.city_cubes[usize::from(city(&s, "Ashford"))], vec![Red]);
    assert_eq!(s.deliveries, 1);
}

#[test]
fn a_delivery_goes_only_to_the_first_city_of_its_colour() {
    let mut s = network();
    s.engine = 3;
    set_cubes(&mut s, "Ashford", &[Purple]);
    let (a, d, h) = (
        city(&s, "Ashford"),
        city(&s, "Dunmore"),
        city(&s, "Holloway"),
    );
    let wrong = Action::Deliver {
        colour: Purple,
        route: vec![a, d],
    };
    assert_eq!(refuse(&s, wrong).code, "wrong_destination");
    let unlinked = Action::Deliver {
        colour: Purple,
        route: vec![a, h],
    };
    assert_eq!(refuse(&s, unlinked).code, "not_linked");
    let no_cube = Action::Deliver {
        colour: Red,
        route: vec![a, d, h],
    };
    assert_eq!(refuse(&s, no_cube).code, "no_such_cube");
    // Dunmore made purple (urbanized, two cubes drawn onto it): the cube stops there.
    urbanized(&mut s, "Dunmore", Purple);
    let through = Action::Deliver {
        colour: Purple,
        route: vec![a, d, h],
    };
    assert_eq!(refuse(&s, through).code, "passes_its_city");
    play(
        &mut s,
        Action::Deliver {
            colour: Purple,
            route: vec![a, d],
        },
    );
    // Ashford is empty: its marker.
    assert_eq!(s.empty_cities, vec![a]);
}

#[test]
fn a_hotel_and_a_service_bounty_add_to_a_delivery() {
    let mut s = network();
    let (d, g) = (city(&s, "Dunmore"), city(&s, "Garth"));
    set_cubes(&mut s, "Dunmore", &[Yellow, Yellow]);
    show_operations_card(&mut s, "O02"); // Service Bounty Garth, 4 points
    give_hotel(&mut s, "Garth");
    let events = play(
        &mut s,
        Action::Deliver {
            colour: Yellow,
            route: vec![d, g],
        },
    );
    assert_eq!(
        events[0],
        Event::CubeDelivered {
            colour: Yellow,
            route: vec![d, g],
            points: 6
        }
    );
    assert_eq!(s.points, 6);
    let o02 = operations_card(&s, "O02");
    assert!(s.operations.taken.contains(&o02));
    assert!(
        !s.operations
            .display
            .contains(&DisplayCard::Operations { card: o02 })
    );
    // The bounty is gone: the next delivery there scores the link and the Hotel only.
    s.phase = Phase::Actions { taken: 0 };
    s.decisions.clear();
    let events = play(
        &mut s,
        Action::Deliver {
            colour: Yellow,
            route: vec![d, g],
        },
    );
    assert_eq!(
        events[0],
        Event::CubeDelivered {
            colour: Yellow,
            route: vec![d, g],
            points: 2
        }
    );
}

#[test]
fn operations_cards_give_a_hotel_cubes_or_an_engine_level() {
    let mut s = new_game();
    for id in ["O05", "O07", "O09"] {
        show_operations_card(&mut s, id);
    }
    let place = |s: &State, id: &str| {
        let card = operations_card(s, id);
        s.operations
            .display
            .iter()
            .position(|d| *d == DisplayCard::Operations { card })
            .unwrap() as u8
    };
    let elmsby = city(&s, "Elmsby");
    let o05 = place(&s, "O05");
    play(
        &mut s,
        Action::TakeOperationsCard {
            place: o05,
            city: None,
        },
    );
    assert_eq!(s.hotels, vec![elmsby]);
    let o07 = place(&s, "O07");
    assert_eq!(
        refuse(
            &s,
            Action::TakeOperationsCard {
                place: o07,
                city: None
            }
        )
        .code,
        "new_industry_city"
    );
    let marwick = city(&s, "Marwick");
    let next_two: Vec<GoodsColour> = s.bag[..2].to_vec();
    let before = s.city_cubes[usize::from(marwick)].len();
    play(
        &mut s,
        Action::TakeOperationsCard {
            place: o07,
            city: Some(marwick),
        },
    );
    assert_eq!(s.city_cubes[usize::from(marwick)].len(), before + 2);
    assert!(s.city_cubes[usize::from(marwick)].ends_with(&next_two));
    next_turn(&mut s);
    let o09 = place(&s, "O09");
    play(
        &mut s,
        Action::TakeOperationsCard {
            place: o09,
            city: None,
        },
    );
    assert_eq!(s.engine, 2);
    // A Service Bounty is won by delivering, not taken.
    show_operations_card(&mut s, "O01");
    let bounty = place(&s, "O01");
    assert_eq!(
        refuse(
            &s,
            Action::TakeOperationsCard {
                place: bounty,
                city: None
            }
        )
        .code,
        "not_takeable"
    );
}
