//! The map and the Railbot's cheapest path: cost in money first, then the fewest hexes, then
//! the path whose hex list sorts first (docs/rules/rotw-solo.md#building-links).

use railrules::games::rotw_solo::map::{Hex, Map, Terrain, TrackCosts, side};

const COSTS: TrackCosts = TrackCosts {
    plains: 2,
    water: 3,
    mountain: 4,
    ridge: 4,
};

const A: Hex = Hex::new(0, 0);

fn h(q: i16, r: i16) -> Hex {
    Hex::new(q, r)
}

/// Plains within 4 hexes of (0, 0), with cities at `cities` and the given terrain.
fn map(cities: &[Hex], terrain: &[(Hex, Terrain)]) -> Map {
    let mut map = Map::default();
    for q in -4i16..=4 {
        for r in -4i16..=4 {
            if (q + r).abs() <= 4 {
                map.terrain.insert(h(q, r), Terrain::Plains);
            }
        }
    }
    for (hex, t) in terrain {
        map.terrain.insert(*hex, *t);
    }
    for (i, city) in cities.iter().enumerate() {
        map.cities.insert(*city, i);
    }
    map
}

fn path(map: &Map, from: Hex, to: Hex) -> Option<(Vec<Hex>, u32)> {
    map.cheapest_path(&COSTS, from, to, |_| true)
        .map(|p| (p.hexes, p.cost))
}

#[test]
fn the_cheapest_path_costs_each_tile_by_its_terrain() {
    let b = h(3, 0);
    let plains = map(&[A, b], &[]);
    assert_eq!(path(&plains, A, b), Some((vec![h(1, 0), h(2, 0)], 4)));
    // The straight line through a water and a mountain hex (7) loses to three plains (6).
    let rough = map(
        &[A, b],
        &[(h(1, 0), Terrain::Water), (h(2, 0), Terrain::Mountain)],
    );
    assert_eq!(
        path(&rough, A, b),
        Some((vec![h(0, 1), h(1, 1), h(2, 1)], 6))
    );
}

#[test]
fn at_equal_cost_the_fewest_hexes_win() {
    let b = h(3, 0);
    // Two waters (6, 2 hexes) against three plains (6, 3 hexes).
    let m = map(
        &[A, b],
        &[(h(1, 0), Terrain::Water), (h(2, 0), Terrain::Water)],
    );
    assert_eq!(path(&m, A, b), Some((vec![h(1, 0), h(2, 0)], 6)));
}

#[test]
fn at_equal_cost_and_length_the_first_hex_list_wins() {
    // Two one-hex paths between cities two apart: (0, 1) sorts before (1, 0).
    let b = h(1, 1);
    let m = map(&[A, b], &[]);
    assert_eq!(path(&m, A, b), Some((vec![h(0, 1)], 2)));
    // Made dearer, the other is taken.
    let m = map(&[A, b], &[(h(0, 1), Terrain::Water)]);
    assert_eq!(path(&m, A, b), Some((vec![h(1, 0)], 2)));
    // With the straight line taken, several three-hex plains paths remain: the first by its
    // hexes is (0, 1), (1, 1), (2, 0), before (0, 1), (1, 1), (2, 1) and those by (1, -1).
    let b = h(3, 0);
    let m = map(&[A, b], &[]);
    let free = |hex: Hex| hex != h(1, 0);
    assert_eq!(
        m.cheapest_path(&COSTS, A, b, free)
            .map(|p| (p.hexes, p.cost)),
        Some((vec![h(0, 1), h(1, 1), h(2, 0)], 6))
    );
}

#[test]
fn a_ridge_crossed_adds_its_price_even_into_the_city() {
    let b = h(2, 0);
    let mut m = map(&[A, b], &[]);
    assert_eq!(path(&m, A, b), Some((vec![h(1, 0)], 2)));
    m.ridges.insert(side(h(1, 0), b));
    // 2 + 4 = 6 through (1, 0); two plains around it cost 4.
    assert_eq!(path(&m, A, b), Some((vec![h(0, 1), h(1, 1)], 4)));
    // With no way round, the ridge into the city is paid.
    let mut corridor = Map::default();
    for hex in [A, h(1, 0), b] {
        corridor.terrain.insert(hex, Terrain::Plains);
    }
    corridor.cities.insert(A, 0);
    corridor.cities.insert(b, 1);
    assert_eq!(path(&corridor, A, b), Some((vec![h(1, 0)], 2)));
    corridor.ridges.insert(side(h(1, 0), b));
    assert_eq!(path(&corridor, A, b), Some((vec![h(1, 0)], 6)));
}

#[test]
fn track_never_runs_through_a_city_or_a_taken_hex() {
    let b = h(3, 0);
    // Cities at (1, 0) and (0, 1): the path goes round by (1, -1).
    let m = map(&[A, b, h(1, 0), h(0, 1)], &[]);
    assert_eq!(path(&m, A, b), Some((vec![h(1, -1), h(2, -1), h(2, 0)], 6)));
    // Every neighbour of A taken: no path.
    let m = map(&[A, b], &[]);
    let free = |hex: Hex| !A.is_adjacent(hex);
    assert_eq!(m.cheapest_path(&COSTS, A, b, free), None);
    // Off the map is never free.
    let edge = h(4, 0);
    let m = map(&[edge, h(4, -2)], &[]);
    assert!(
        path(&m, edge, h(4, -2))
            .unwrap()
            .0
            .iter()
            .all(|hex| m.terrain.contains_key(hex))
    );
}

/// A link is at least one tile: between neighbouring cities it goes round through a hex both
/// touch, or further round when those are taken, and with no hex free there is none.
#[test]
fn a_link_between_neighbouring_cities_takes_a_tile() {
    let b = h(1, 0);
    let m = map(&[A, b], &[]);
    assert_eq!(path(&m, A, b), Some((vec![h(0, 1)], 2)));
    let corridor_only = |hex: Hex| !(A.is_adjacent(hex) && b.is_adjacent(hex));
    assert_eq!(
        m.cheapest_path(&COSTS, A, b, corridor_only)
            .map(|p| p.hexes.len()),
        // Round the far side of one of the two cities: (0, -1), (1, -2), (2, -2), (2, -1).
        Some(4)
    );
    let mut pair = Map::default();
    for hex in [A, b] {
        pair.terrain.insert(hex, Terrain::Plains);
    }
    pair.cities.insert(A, 0);
    pair.cities.insert(b, 1);
    assert_eq!(path(&pair, A, b), None);
}
