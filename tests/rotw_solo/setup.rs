//! Setup as the seed's steps 4-11, with the seeded generator.

use std::collections::HashSet;

use crate::fixtures::State;
use railrules::games::rotw_solo::data::{Components, OperationsEffect, RailbotEffect};
use railrules::games::rotw_solo::setup::{Options, setup};
use railrules::games::rotw_solo::state::DisplayCard;

fn game(seed: u64) -> State {
    State::assume(setup(&Options::default(), seed).unwrap())
}

#[test]
fn the_same_seed_sets_up_the_same_game_and_another_seed_another() {
    assert_eq!(game(7), game(7));
    assert_ne!(game(7), game(8));
}

#[test]
fn each_city_in_play_gets_its_printed_cubes_from_the_bag() {
    let mut components = Components::provisional();
    components.map.cities[3].in_play = false;
    let s = setup(
        &Options {
            components: Some(components.clone()),
            ..Options::default()
        },
        3,
    )
    .unwrap();
    for (i, city) in components.map.cities.iter().enumerate() {
        let expected = if city.in_play { city.cubes } else { 0 };
        assert_eq!(
            s.city_cubes[i].len(),
            usize::from(expected),
            "{}",
            city.name
        );
    }
    // Every cube is in the bag or on a city: 25 of each colour.
    let on_cities: usize = s.city_cubes.iter().map(Vec::len).sum();
    assert_eq!(s.bag.len() + on_cities, 125);
    assert_eq!(on_cities, 45 - 2);
    // The cubes are drawn at random: another seed puts other cubes on the cities.
    assert_ne!(s.city_cubes, game(4).city_cubes);
}

#[test]
fn the_railbot_row_deck_and_removed_cards_follow_steps_6_to_9() {
    let deck = Components::provisional().railbot_deck;
    let final_evaluation = deck
        .iter()
        .position(|c| c.effect == RailbotEffect::FinalEvaluation {})
        .unwrap() as u8;
    let mut final_positions = HashSet::new();
    let mut removed_seen = HashSet::new();
    for seed in 0..200 {
        let r = game(seed).into_state().railbot;
        // Every card once: 3 unseen, 3 in the row, 19 in the pile.
        let mut all: Vec<u8> = r
            .removed_unseen
            .iter()
            .chain(&r.row)
            .chain(&r.deck)
            .copied()
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..25).collect::<Vec<u8>>());
        assert_eq!(
            (r.removed_unseen.len(), r.row.len(), r.deck.len()),
            (3, 3, 19)
        );
        // Removed unseen and the row: cards with the card icon only.
        for &card in r.removed_unseen.iter().chain(&r.row) {
            assert!(deck[usize::from(card)].card_icon, "seed {seed}");
        }
        // No Taxation or Deadhead in the row.
        for &card in &r.row {
            assert!(
                !matches!(
                    deck[usize::from(card)].effect,
                    RailbotEffect::Taxation {} | RailbotEffect::Deadhead {}
                ),
                "seed {seed}"
            );
        }
        // The Final Evaluation among the bottom three.
        let at = r.deck.iter().position(|&c| c == final_evaluation).unwrap();
        assert!(at >= 16, "seed {seed}: at {at}");
        final_positions.insert(at);
        removed_seen.extend(r.removed_unseen.iter().copied());
        assert_eq!(r.insurance, None);
    }
    // Each of the three bottom places, and many different cards removed.
    assert_eq!(final_positions, HashSet::from([16, 17, 18]));
    assert!(removed_seen.len() > 10);
}

#[test]
fn the_operations_display_is_two_service_bounties_and_one_card() {
    let cards = Components::provisional().operations_deck;
    let effect = |i: u8| &cards[usize::from(i)].effect;
    for seed in 0..50 {
        let o = game(seed).into_state().operations;
        assert_eq!(o.display.len(), 3);
        let shown: Vec<u8> = o
            .display
            .iter()
            .map(|d| match d {
                DisplayCard::Operations { card } => *card,
                DisplayCard::Deadhead { .. } => panic!("no Deadhead at setup"),
            })
            .collect();
        // The newest (nearest the pile) is the dealt card; the other two are bounties.
        assert!(!matches!(
            effect(shown[0]),
            OperationsEffect::ServiceBounty { .. }
        ));
        for &card in &shown[1..] {
            assert!(matches!(
                effect(card),
                OperationsEffect::ServiceBounty { .. }
            ));
        }
        // Out of the game: the other two bounties and both start cards.
        assert_eq!(o.out_of_game.len(), 4);
        for &card in &o.out_of_game {
            assert!(matches!(
                effect(card),
                OperationsEffect::ServiceBounty { .. } | OperationsEffect::Start {}
            ));
        }
        // The pile: the other five, no bounty or start card.
        assert_eq!(o.deck.len(), 5);
        for &card in &o.deck {
            assert!(!matches!(
                effect(card),
                OperationsEffect::ServiceBounty { .. } | OperationsEffect::Start {}
            ));
        }
    }
}

#[test]
fn duel_barons_are_dealt_only_with_the_variant() {
    assert!(game(1).barons.is_empty());
    let s = setup(
        &Options {
            duel_barons: true,
            ..Options::default()
        },
        1,
    )
    .unwrap();
    assert_eq!(s.barons.len(), 4);
    let distinct: HashSet<u8> = s.barons.iter().map(|b| b.baron).collect();
    assert_eq!(distinct.len(), 4);
    assert!(s.barons.iter().all(|b| b.claimed_by.is_none()));
    assert!(s.duel_barons_variant);
}

#[test]
fn the_player_starts_with_nothing_but_a_level_one_engine() {
    let s = game(1);
    assert_eq!(
        (s.cash, s.bonds, s.points, s.engine, s.turn),
        (0, 0, 0, 1, 1)
    );
    assert!(s.links.is_empty() && s.empty_cities.is_empty());
}

#[test]
fn broken_components_are_refused_with_every_problem() {
    let mut components = Components::provisional();
    components.railbot_deck.truncate(20);
    components.map.cities[0].name = components.map.cities[1].name.clone();
    let problems = setup(
        &Options {
            components: Some(components),
            ..Options::default()
        },
        1,
    )
    .unwrap_err();
    assert!(problems.len() >= 2, "{problems:?}");
    assert!(problems.iter().all(|p| p.code == "inconsistent_components"));
}
