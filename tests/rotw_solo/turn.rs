//! The end of a turn: open track removed, income and bond interest, a new Operations card; and
//! the rules around cities and Major Lines.

use crate::fixtures::*;
use railrules::games::rotw_solo::action::Action;
use railrules::games::rotw_solo::data::GoodsColour::*;
use railrules::games::rotw_solo::event::{Event, RemovalReason};
use railrules::games::rotw_solo::map::Hex;
use railrules::games::rotw_solo::state::{DisplayCard, Owner, Phase};

fn quiet(s: &mut State) {
    arrange_railbot(s, ["C03", "C04", "C10"], "C08");
}

#[test]
fn the_turn_ends_with_open_track_gone_income_interest_and_a_new_card() {
    let mut s = new_game();
    quiet(&mut s);
    s.points = 25; // income $10k
    s.bonds = 3; // interest $3k
    s.cash = 10;
    let ashford = city(&s, "Ashford");
    play(&mut s, Action::BuildTrack { city: ashford });
    play(
        &mut s,
        Action::LayTrack {
            hex: Hex::new(1, 0),
        },
    );
    play(&mut s, Action::StopBuilding {});
    an_action(&mut s); // the Railbot's Taxation: $20k, paid from the $28k
    let next_card = s.operations.deck[0];
    let cash_before = s.cash;
    let events = an_action(&mut s);
    assert!(events.contains(&Event::OpenTrackRemoved {
        hexes: vec![Hex::new(1, 0)]
    }));
    assert!(s.open_track.is_empty());
    assert!(events.contains(&Event::IncomeCollected {
        income: 10,
        interest: 3
    }));
    // The third action's upgrade ($6k, level 2 to 3) after $20k given, then +10 -3.
    assert_eq!(s.cash, cash_before + 20 - 6 + 10 - 3);
    assert!(events.contains(&Event::OperationsCardDealt { card: next_card }));
    assert_eq!(
        s.operations.display[0],
        DisplayCard::Operations { card: next_card }
    );
    assert!(events.contains(&Event::TurnStarted { turn: 2 }));
    assert_eq!((s.turn, s.phase.clone()), (2, Phase::Actions { taken: 0 }));
    // The open track's hex is free again.
    play(&mut s, Action::BuildTrack { city: ashford });
    play(
        &mut s,
        Action::LayTrack {
            hex: Hex::new(1, 0),
        },
    );
}

#[test]
fn a_negative_income_is_paid() {
    let mut s = new_game();
    quiet(&mut s);
    s.points = 150; // income -$3k
    s.cash = 0;
    an_action(&mut s);
    an_action(&mut s);
    let before = s.cash;
    let events = an_action(&mut s);
    assert!(events.contains(&Event::IncomeCollected {
        income: -3,
        interest: 0
    }));
    // The third action: $20k given, $8k for the upgrade to level 4; then the $3k paid.
    assert_eq!(s.cash, before + 20 - 8 - 3);
}

#[test]
fn the_player_scores_a_major_line_by_connecting_its_cities_with_own_links() {
    let mut s = new_game();
    quiet(&mut s);
    s.cash = 30;
    // The Northern Line: Ashford to Carrow, 6 points. Bramley-Carrow is the player's already.
    give_link(
        &mut s,
        Owner::Player,
        "Bramley",
        "Carrow",
        &[(7, 0), (8, 0)],
    );
    let (ashford, bramley) = (city(&s, "Ashford"), city(&s, "Bramley"));
    play(&mut s, Action::BuildTrack { city: bramley });
    for q in [5, 4, 3, 2] {
        play(
            &mut s,
            Action::LayTrack {
                hex: Hex::new(q, 0),
            },
        );
    }
    play(&mut s, Action::StopBuilding {});
    play(&mut s, Action::ContinueTrack { track: 0 });
    play(
        &mut s,
        Action::LayTrack {
            hex: Hex::new(1, 0),
        },
    );
    let events = play(&mut s, Action::CompleteLink { city: ashford });
    assert!(events.contains(&Event::MajorLineClaimed {
        line: 0,
        by: Owner::Player
    }));
    assert_eq!(s.points, 6);
    assert_eq!(s.major_lines[0], Some(Owner::Player));
}

#[test]
fn a_railbot_link_in_between_does_not_make_a_major_line() {
    let mut s = new_game();
    quiet(&mut s);
    s.cash = 30;
    give_link(
        &mut s,
        Owner::Railbot,
        "Bramley",
        "Carrow",
        &[(7, 0), (8, 0)],
    );
    let (ashford, bramley) = (city(&s, "Ashford"), city(&s, "Bramley"));
    play(&mut s, Action::BuildTrack { city: ashford });
    for q in [1, 2, 3, 4] {
        play(
            &mut s,
            Action::LayTrack {
                hex: Hex::new(q, 0),
            },
        );
    }
    play(&mut s, Action::StopBuilding {});
    play(&mut s, Action::ContinueTrack { track: 0 });
    play(
        &mut s,
        Action::LayTrack {
            hex: Hex::new(5, 0),
        },
    );
    let events = play(&mut s, Action::CompleteLink { city: bramley });
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::MajorLineClaimed { .. }))
    );
    assert_eq!(s.major_lines[0], None);
}

#[test]
fn a_city_not_in_play_is_impassable_and_takes_no_link() {
    let mut components = railrules::games::rotw_solo::Components::provisional();
    let dunmore = components.city("Dunmore").unwrap();
    components.map.cities[dunmore].in_play = false;
    let mut s = <railrules::games::rotw_solo::RotwSolo as railrules::core::Game>::setup(
        &railrules::games::rotw_solo::setup::Options {
            components: Some(components),
            ..Default::default()
        },
        11,
    )
    .unwrap();
    let dunmore = dunmore as u8;
    assert!(s.city_cubes[usize::from(dunmore)].is_empty());
    assert_eq!(
        refuse(&s, Action::BuildTrack { city: dunmore }).code,
        "unknown_city"
    );
    s.cash = 10;
    let ashford = city(&s, "Ashford");
    play(&mut s, Action::BuildTrack { city: ashford });
    play(
        &mut s,
        Action::LayTrack {
            hex: Hex::new(0, 1),
        },
    );
    assert_eq!(
        refuse(&s, Action::CompleteLink { city: dunmore }).code,
        "not_a_destination"
    );
    // Its hex takes no track either.
    assert_eq!(
        refuse(
            &s,
            Action::LayTrack {
                hex: Hex::new(0, 2)
            }
        )
        .code,
        "not_buildable"
    );
}

#[test]
fn a_railbot_removal_scores_a_hotel_and_discards_a_service_bounty() {
    let mut s = new_game();
    give_link(&mut s, Owner::Player, "Dunmore", "Garth", &[(1, 2), (1, 3)]);
    // M02: Dunmore, Garth, Holloway. Dunmore-Garth are connected: a cube leaves Dunmore.
    set_cubes(&mut s, "Dunmore", &[Yellow]);
    let dunmore = city(&s, "Dunmore");
    give_hotel(&mut s, "Dunmore");
    // A Service Bounty for Dunmore, by changing the Bramley one's city.
    let o01 = operations_card(&s, "O01");
    s.components.operations_deck[usize::from(o01)].effect =
        railrules::games::rotw_solo::data::OperationsEffect::ServiceBounty {
            city: "Dunmore".to_string(),
            points: 3,
        };
    show_operations_card(&mut s, "O01");
    s.points = 4;
    arrange_railbot(&mut s, ["M02", "C04", "C10"], "C08");
    before_the_railbot(&mut s);
    let events = an_action(&mut s);
    assert!(events.contains(&Event::CubeRemoved {
        city: dunmore,
        colour: Yellow,
        reason: RemovalReason::BuildingLinks
    }));
    // +1 for the player's link in the way, +1 for the Hotel.
    assert_eq!(s.points, 6);
    assert!(events.contains(&Event::OperationsCardDiscarded { card: o01 }));
    assert!(s.operations.discard.contains(&o01));
    // Dunmore emptied.
    assert!(s.empty_cities.contains(&dunmore));
}
