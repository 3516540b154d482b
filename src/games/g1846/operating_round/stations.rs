//! Placing a station in 1846's operating round (docs/rules/1846.md#stations): against the
//! spots held (the corporations' reservations until phase IV, the C&WI's Chicago city, the homes
//! of corporations not started), at the corporation's next token price, or at its own token
//! ability's price in that hex (the PRR's Fort Wayne, the B&O's Cincinnati: unconnected for
//! more).

use crate::core::Violation;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::ids::Company;
use crate::games::g1846::privates::{reservations, stations_left, teleport_price};
use crate::games::g1846::rules::section;
use crate::games::g1846::state::State;
use crate::games::kit18xx::board::Network;
use crate::games::kit18xx::stations::{
    Reservation, StationContext, StationPlacement, check_station_reaching,
};
use crate::games::kit18xx::table::Table as _;

/// The corporation's next token's price: its tokens' prices in order, the home one first. The
/// stations it gained (the C&WI's, a bought minor's) are extra tokens of their own, not from
/// its charter: they do not move it along its prices.
pub fn next_token_price(state: &State, company: Company) -> u32 {
    let gained = state
        .gained_stations
        .iter()
        .filter(|&&c| c == company)
        .count();
    let placed = state
        .board
        .stations_of(company.symbol())
        .count()
        .saturating_sub(gained);
    components()
        .corporation(company.symbol())
        .and_then(|corp| corp.tokens.get(placed).copied())
        .unwrap_or(0)
}

/// The corporation's own token ability in `hex`, if it has one: (connected price, unconnected
/// price if it may go unconnected).
fn token_ability(company: Company, hex: &str) -> Option<(u32, Option<u32>)> {
    components()
        .corporation(company.symbol())?
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Token {
                hex: h,
                price,
                teleport_price,
                ..
            } if h == hex => Some((*price, *teleport_price)),
            _ => None,
        })
}

/// The least a station of the corporation could cost, whatever the spot (18xx.games'
/// `min_token_price`): its next token's price, or any price of its own token abilities not
/// used yet (no station of its in the ability's hex), the unconnected one too, whatever the
/// hex, or of a private's it owns not used yet (the C&WI's $0: the site's abilities of a
/// corporation include its privates').
pub fn cheapest_token_price(state: &State, company: Company) -> u32 {
    let privates = crate::games::g1846::ids::Private::ALL
        .into_iter()
        .filter(|&p| {
            crate::games::g1846::privates::corporation_owning(state, p) == Some(company)
                && crate::games::g1846::privates::uses(state, p) == 0
        })
        .flat_map(|p| {
            components()
                .private(p.id())
                .map(|c| c.abilities.as_slice())
                .unwrap_or_default()
        })
        .filter_map(|a| match a {
            Ability::Token { price, .. } => Some(*price),
            _ => None,
        })
        .fold(u32::MAX, u32::min);
    own_token_price(state, company).min(privates)
}

/// [`cheapest_token_price`] of the corporation's own tokens and token abilities.
fn own_token_price(state: &State, company: Company) -> u32 {
    let abilities = components()
        .corporation(company.symbol())
        .map(|corp| corp.abilities.as_slice())
        .unwrap_or_default();
    let placed = |hex: &str| {
        state
            .board
            .stations_of(company.symbol())
            .any(|s| s.hex.as_str() == hex)
    };
    abilities
        .iter()
        .flat_map(|a| match a {
            Ability::Token {
                hex,
                price,
                teleport_price,
                ..
            } if !placed(hex) => [Some(*price), *teleport_price],
            _ => [None, None],
        })
        .flatten()
        .fold(next_token_price(state, company), u32::min)
}

/// Whether every spot refuses a station of `company` paid from `cash`, whatever the spot: it
/// has no station left to place, or its next token costs more than `cash` and it has no token
/// ability (whose price is the ability's). The importer asks before searching the spots.
pub fn no_station_placeable(state: &State, company: Company, cash: u32) -> bool {
    let own_ability = components()
        .corporation(company.symbol())
        .is_some_and(|corp| {
            corp.abilities
                .iter()
                .any(|a| matches!(a, Ability::Token { .. }))
        });
    stations_left(state, company) == 0 || (!own_ability && next_token_price(state, company) > cash)
}

/// Judges a station the operator places at `at`; returns its cost.
pub fn judge_station(
    state: &State,
    company: Company,
    at: &StationPlacement,
) -> Result<u32, Violation> {
    if let Some((_, turn)) = crate::games::kit18xx::operating_round::current(state) {
        super::steps::track_step_open(turn, "place_token")?;
    }
    judge_station_paid_from(state, company, at, state.company(company).cash, None)
}

/// [`judge_station`] with `cash` to pay from in place of the company's treasury (the
/// importer asks what the site's buying power would allow), and the company's network when
/// the caller has it (`state.board.network` of the company, no extra sources).
pub fn judge_station_paid_from(
    state: &State,
    company: Company,
    at: &StationPlacement,
    cash: u32,
    network: Option<&Network>,
) -> Result<u32, Violation> {
    judge_station_held(state, company, at, cash, network, &reservations(state))
}

/// [`judge_station_paid_from`] against the spots `held` (the state's `reservations`): the
/// importer judges every spot a company might take with the reservations read once.
pub fn judge_station_held(
    state: &State,
    company: Company,
    at: &StationPlacement,
    cash: u32,
    network: Option<&Network>,
    held: &[Reservation],
) -> Result<u32, Violation> {
    let c = components();
    let ability = token_ability(company, &at.hex);
    // The C&WI's token, where the corporation's own station is made with it: free, one more.
    let with_cwi = super::station_is_cwis(state, company, at);
    let judge = |price: u32, anywhere: bool| {
        let ctx = StationContext {
            map: &c.map,
            section: section::STATIONS,
            company: company.symbol(),
            cash,
            stations_left: stations_left(state, company) + usize::from(with_cwi),
            price,
            reservations: held,
            extra_sources: &[],
            anywhere,
        };
        check_station_reaching(&state.board, &ctx, at, network)
    };
    if with_cwi {
        return judge(0, false);
    }
    match ability {
        // Its own spot: connected at the ability's price, else unconnected at the higher one.
        Some((price, teleport)) => judge(price, false).or_else(|refused| match teleport {
            Some(_) if refused.code == "not_reachable" => {
                judge(teleport_price(company, &at.hex).unwrap_or(price), true)
            }
            _ => Err(refused),
        }),
        None => judge(next_token_price(state, company), false),
    }
}
