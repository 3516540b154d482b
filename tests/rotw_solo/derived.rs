//! `check` derives every count the rest of the state fixes (the rulings of 2026-12: "a state
//! whose counters, displays or decks cannot come from play (a card in two places, a display
//! longer than its size, a Deadhead count that does not match the Deadheads shown) is refused
//! with each problem named"), each problem with its code and JSON pointer. Each case starts
//! from a consistent position and changes one thing.

use crate::fixtures::State;
use crate::fixtures::*;
use railrules::games::rotw_solo::RotwSolo;
use railrules::games::rotw_solo::action::Action;
use railrules::games::rotw_solo::data::{GoodsColour, RailbotEffect};
use railrules::games::rotw_solo::map::Hex;
use railrules::games::rotw_solo::state::{DisplayCard, OpenTrack, Owner};

fn problems(s: &State) -> Vec<(String, String)> {
    railrules::testing::check_problems::<RotwSolo>(s)
}

fn expect(s: &State, expected: &[(&str, &str)]) {
    railrules::testing::expect_check::<RotwSolo>(s, expected);
}

fn clean(s: &State) {
    assert_eq!(problems(s), Vec::<(String, String)>::new());
}

fn final_evaluation(s: &State) -> u8 {
    s.components
        .railbot_deck
        .iter()
        .position(|c| c.effect == RailbotEffect::FinalEvaluation {})
        .unwrap() as u8
}

/// Turn 3 after the Railbot's card: two turns' cards drawn, and this turn's; the Deadhead C01
/// resolved into the display.
fn turn_three() -> State {
    let mut s = new_game();
    next_turn(&mut s);
    next_turn(&mut s);
    arrange_railbot(&mut s, ["C01", "C04", "C10"], "C08");
    before_the_railbot(&mut s);
    an_action(&mut s);
    clean(&s);
    s
}

#[test]
fn the_railbots_pile_is_one_card_shorter_for_each_railbot_turn() {
    let mut s = turn_three();
    // 25 cards: 3 in the row, 3 removed unseen, 3 drawn (turns 1-3).
    assert_eq!(s.railbot.deck.len(), 25 - 6 - 3);
    let card = s.railbot.deck.remove(0);
    s.railbot.discard.push(card);
    expect(&s, &[("railbot_deck", "/railbot/deck")]);
    // A card removed unseen back in the pile.
    let mut s = turn_three();
    let card = s.railbot.removed_unseen.pop().unwrap();
    s.railbot.deck.insert(0, card);
    expect(
        &s,
        &[
            ("railbot_deck", "/railbot/deck"),
            ("railbot_removed", "/railbot/removed_unseen"),
        ],
    );
}

#[test]
fn the_final_evaluation_lies_among_the_bottom_three_until_drawn_which_ends_the_game() {
    let mut s = turn_three();
    let fe = final_evaluation(&s);
    s.railbot.deck.retain(|&c| c != fe);
    s.railbot.deck.insert(0, fe);
    expect(&s, &[("final_evaluation", "/railbot/deck/0")]);
    // Drawn (in the discard, one card more drawn) without the end triggered.
    let mut s = turn_three();
    s.railbot.deck.retain(|&c| c != fe);
    let top = s.railbot.deck.remove(0);
    s.railbot.deck.push(top);
    s.railbot.discard.push(fe);
    let k = s.railbot.discard.len() - 1;
    expect(
        &s,
        &[
            ("final_evaluation", &format!("/railbot/discard/{k}")),
            ("railbot_deck", "/railbot/deck"),
        ],
    );
}

#[test]
fn the_operations_pile_is_one_card_shorter_for_each_turn_ended() {
    let mut s = turn_three();
    let card = s.operations.deck.remove(0);
    s.operations.discard.push(card);
    expect(&s, &[("operations_deck", "/operations/deck")]);
    // A Service Bounty setup put out of the game, in the discard.
    let mut s = new_game();
    let card = s.operations.out_of_game.remove(0);
    s.operations.discard.push(card);
    expect(&s, &[("operations_out", "/operations/out_of_game")]);
}

#[test]
fn deadheads_take_the_furthest_places_of_the_display() {
    let mut s = turn_three();
    let display = &s.operations.display;
    let last = display.len() - 1;
    assert!(matches!(display[last], DisplayCard::Deadhead { .. }));
    s.operations.display.swap(last - 1, last);
    expect(&s, &[("deadhead", &format!("/operations/display/{last}"))]);
    // A display longer than its size: the discarded cards back in it.
    let mut s = turn_three();
    while s.operations.display.len() <= 5 {
        let card = s
            .operations
            .discard
            .pop()
            .expect("a card discarded by turn 3");
        s.operations
            .display
            .insert(0, DisplayCard::Operations { card });
    }
    assert!(problems(&s).contains(&(
        "display_overfull".to_string(),
        "/operations/display".to_string()
    )));
}

#[test]
fn hotels_are_the_hotel_cards_taken() {
    let mut s = new_game();
    give_hotel(&mut s, "Garth");
    clean(&s);
    let garth = city(&s, "Garth");
    s.hotels.push(garth);
    expect(&s, &[("hotel", "/hotels")]);
}

#[test]
fn the_bag_never_gains_a_cube_and_each_delivery_takes_one_away() {
    let mut s = new_game();
    // Bramley's three cubes: one back into the bag.
    let bramley = usize::from(city(&s, "Bramley"));
    let cube = s.city_cubes[bramley].pop().unwrap();
    s.bag.push(cube);
    expect(&s, &[("bag", "/bag")]);
    let mut s = new_game();
    s.deliveries = 1;
    expect(&s, &[("deliveries", "/deliveries")]);
    // With one cube gone from the map, one delivery.
    let cube = s.city_cubes[bramley].pop().unwrap();
    let _: GoodsColour = cube;
    clean(&s);
}

#[test]
fn a_city_that_lost_its_last_cube_has_its_marker_once() {
    let mut s = new_game();
    let ashford = usize::from(city(&s, "Ashford"));
    s.city_cubes[ashford].clear();
    expect(&s, &[("empty_city_markers", "/empty_cities")]);
    s.empty_cities.push(ashford as u8);
    clean(&s);
    s.empty_cities.push(ashford as u8);
    expect(&s, &[("empty_city_markers", "/empty_cities/1")]);
}

#[test]
fn open_track_lasts_only_within_a_turns_actions() {
    let mut s = new_game();
    let from = city(&s, "Ashford");
    s.open_track.push(OpenTrack {
        from,
        hexes: vec![Hex::new(1, 0)],
    });
    expect(&s, &[("open_track", "/open_track")]);
}

#[test]
fn a_major_line_is_the_players_exactly_when_its_own_links_complete_it() {
    let mut s = new_game();
    s.major_lines[0] = Some(Owner::Player);
    expect(&s, &[("major_lines", "/major_lines/0")]);
}

#[test]
fn a_duel_baron_is_the_players_only_with_its_objective_met() {
    let mut s = with_barons();
    set_barons(&mut s);
    clean(&s);
    // The Engineer: an engine of level 5.
    s.barons[2].claimed_by = Some(Owner::Player);
    expect(&s, &[("duel_barons", "/barons/2/claimed_by")]);
}

#[test]
fn each_engine_upgrade_card_taken_raised_the_engine() {
    let mut s = new_game();
    show_operations_card(&mut s, "O09");
    let o09 = operations_card(&s, "O09");
    let place = s
        .operations
        .display
        .iter()
        .position(|d| *d == DisplayCard::Operations { card: o09 })
        .unwrap() as u8;
    play(&mut s, Action::TakeOperationsCard { place, city: None });
    assert_eq!(s.engine, 2);
    s.engine = 1;
    expect(&s, &[("engine_level", "/engine")]);
}

/// Issue 16: no check worse than O(n log n), each problem listed once however often its
/// cause recurs.
#[test]
fn huge_lists_are_checked_quickly_and_each_problem_is_listed_once() {
    const N: usize = 480_000;
    let mut s = new_game();
    let link = railrules::games::rotw_solo::state::Link {
        owner: Owner::Railbot,
        cities: [city(&s, "Ashford"), city(&s, "Dunmore")],
        hexes: vec![Hex::new(0, 1)],
    };
    s.links = vec![link; N];
    let card = s.railbot.deck[0];
    s.railbot.discard = vec![card; N];
    s.hotels = vec![0; N];
    let started = std::time::Instant::now();
    let found = problems(&s);
    let took = started.elapsed();
    assert!(took.as_secs() < 20, "check took {took:?}");
    assert_eq!(
        found,
        [
            ("hex_shared", "/links/1/hexes/0"),
            ("hotel", "/hotels"),
            ("link_twice", "/links/1"),
            ("railbot_cards", "/railbot/discard/0"),
        ]
        .map(|(c, p)| (c.to_string(), p.to_string()))
    );
}
