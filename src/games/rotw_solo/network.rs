//! The links as a network of cities: who links two cities, and which cities connect.

use super::state::{Link, Owner, State};

/// The link joining two cities directly, if any (there is at most one).
pub fn link_between(state: &State, a: u8, b: u8) -> Option<&Link> {
    let pair = if a <= b { [a, b] } else { [b, a] };
    state.links.iter().find(|l| l.cities == pair)
}

/// Whether `a` and `b` connect through links whose owner `uses` accepts, over any cities.
pub fn connected(state: &State, a: u8, b: u8, uses: impl Fn(Owner) -> bool) -> bool {
    let mut reached = vec![a];
    let mut next = 0;
    while next < reached.len() {
        let at = reached[next];
        next += 1;
        for link in state.links.iter().filter(|l| uses(l.owner)) {
            let other = match link.cities {
                [x, y] if x == at => y,
                [x, y] if y == at => x,
                _ => continue,
            };
            if other == b {
                return true;
            }
            if !reached.contains(&other) {
                reached.push(other);
            }
        }
    }
    a == b
}

/// The cities the player's links touch.
pub fn player_cities(state: &State) -> Vec<u8> {
    let mut cities: Vec<u8> = state
        .links
        .iter()
        .filter(|l| l.owner == Owner::Player)
        .flat_map(|l| l.cities)
        .collect();
    cities.sort_unstable();
    cities.dedup();
    cities
}
