//! The provisional component set against the rules file: 25 Railbot cards (14 map, 11 common,
//! one Final Evaluation), about 20 cities in 5 goods colours plus grey, and `problems` catching
//! a broken set.

use std::collections::HashSet;

use railrules::games::rotw_solo::data::{
    CityColour, Components, GoodsColour, RAILBOT_DECK_SIZE, RAILBOT_MAP_CARDS, RailbotEffect,
};

fn codes_and_messages(c: &Components) -> Vec<String> {
    c.problems().into_iter().map(|v| v.message).collect()
}

#[test]
fn the_provisional_set_is_consistent() {
    assert_eq!(
        codes_and_messages(&Components::provisional()),
        Vec::<String>::new()
    );
}

#[test]
fn the_provisional_map_has_twenty_cities_in_five_colours_and_grey() {
    let c = Components::provisional();
    let cities = &c.map.cities;
    assert_eq!(cities.len(), 20);
    assert_eq!(c.map.hexes.len(), 9 * 11);
    for colour in GoodsColour::ALL {
        let n = cities
            .iter()
            .filter(|city| city.colour == CityColour::of(colour))
            .count();
        assert_eq!(n, 3, "{colour:?}");
    }
    let grey = cities
        .iter()
        .filter(|c| c.colour == CityColour::Grey)
        .count();
    assert_eq!(grey, 5);
    // Every pair of cities needs at least one tile between them.
    for a in cities {
        for b in cities {
            assert!(
                !a.hex.is_adjacent(b.hex),
                "{} and {} are neighbours",
                a.name,
                b.name
            );
        }
    }
    // Water, mountains and ridges all appear.
    let terrains: HashSet<_> = c.map.hexes.iter().map(|h| h.terrain).collect();
    assert_eq!(terrains.len(), 3);
    assert_eq!(c.map.ridges.len(), 6);
    // The printed cubes fit in the bag: 25 of each colour, fewer than the cities take.
    let cubes: u32 = cities.iter().map(|c| u32::from(c.cubes)).sum();
    assert_eq!(cubes, 45);
    assert!(cubes < 5 * u32::from(c.cubes_per_colour));
}

#[test]
fn the_provisional_railbot_deck_is_the_maps_fourteen_and_eleven_common() {
    let c = Components::provisional();
    let deck = &c.railbot_deck;
    assert_eq!(deck.len(), RAILBOT_DECK_SIZE);
    assert_eq!(
        deck.iter().filter(|d| d.map_card).count(),
        RAILBOT_MAP_CARDS
    );
    let finals = deck
        .iter()
        .filter(|d| d.effect == RailbotEffect::FinalEvaluation {})
        .count();
    assert_eq!(finals, 1);
    let kinds: HashSet<_> = deck
        .iter()
        .map(|d| std::mem::discriminant(&d.effect))
        .collect();
    assert_eq!(kinds.len(), 5, "every card type appears");
    assert!(deck.iter().any(|d| d.major_line_icon));
    assert!(deck.iter().any(|d| d.baron_icon));
}

#[test]
fn the_provisional_tables_have_the_shapes_the_rules_say() {
    let c = Components::provisional();
    // Engine levels 1 to 8, each upgrade dearer than the last.
    assert_eq!(c.engine_costs.len() + 1, 8);
    assert!(c.engine_costs.windows(2).all(|w| w[0] < w[1]));
    // The income track rises to a middle, then falls.
    let top = *c.income_track.iter().max().unwrap();
    let peak = c.income_track.iter().position(|&i| i == top).unwrap();
    assert!(peak > 0 && peak < c.income_track.len() - 1);
    assert!(c.income_track[..=peak].windows(2).all(|w| w[0] <= w[1]));
    assert!(c.income_track[peak..].windows(2).all(|w| w[0] >= w[1]));
    assert!(*c.income_track.last().unwrap() < 0);
    assert_eq!((c.target_score, c.duel_barons_target_bonus), (125, 15));
}

#[test]
fn problems_are_each_named() {
    let mut c = Components::provisional();
    c.map.cities[0].hex.q = 40;
    c.railbot_deck.remove(20);
    if let RailbotEffect::BuildingLinks { cities } = &mut c.railbot_deck[0].effect {
        cities[1] = "Atlantis".to_string();
    }
    c.railbot_deck[1].effect = RailbotEffect::FinalEvaluation {};
    c.map.ridges.push([c.map.hexes[0].hex, c.map.hexes[5].hex]);
    let found = codes_and_messages(&c);
    let expect = [
        "city Ashford is on (40, 0), which is not on the map",
        "Railbot card M01 names Atlantis, which is not a city of the map",
        "the Railbot deck has 24 cards",
        "the Railbot deck has 2 Final Evaluation cards",
        "which are not neighbouring hexes of the map",
    ];
    for text in expect {
        assert!(
            found.iter().any(|m| m.contains(text)),
            "{text} not in {found:#?}"
        );
    }
}
