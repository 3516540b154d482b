//! Every action 1846's `apply` accepts, each judged by `apply` itself on a copy (the kit's
//! `legal::judged`); tile lays judged against one network. A corporation's purchase of a
//! private, a minor or another corporation's train is listed once at $1, with its price range.

use super::action::{Action, Purchase};
use super::data::{Ability, components};
use super::ids::{Company, Private, Seat};
use super::operating_round::{self, judge_lay, owned_trains, route_bonuses_of};
use super::routes::{Band, G1846Routes};
use super::state::{CompanyTurn, PrivateOwner, Round, State};
use super::turns;
use crate::core::{Deadline, Listing, ParameterRange};
use crate::games::kit18xx::best_routes::{BestRoutes, SEARCH_STEPS, best_routes_within};
use crate::games::kit18xx::board::Network;
use crate::games::kit18xx::legal as kit;
use crate::games::kit18xx::operating_round::current;
use crate::games::kit18xx::table::Table as _;

pub fn legal_actions(state: &State) -> Vec<Action> {
    listing(state).actions
}

/// Every legal action, the listed run of best routes marked incomplete when the search stopped
/// before proving it the best.
pub fn listing(state: &State) -> Listing<Action> {
    kit::listing::<super::G1846>(state, candidates, legal_tile_lays, super::routes::ROUTES)
}

fn candidates(state: &State) -> (Vec<Action>, Option<BestRoutes>) {
    let Some(player) = turns::to_act(state).first().copied() else {
        return (Vec::new(), None);
    };
    match &state.round {
        Round::Draft { .. } => (draft_candidates(state, player), None),
        Round::StockRound { .. } => (kit::stock_candidates(state, player), None),
        Round::OperatingRound { .. } => kit::operating_candidates(state),
        Round::GameEnded { .. } => (Vec::new(), None),
    }
}

/// The draft: each card offered, and a pass (accepted on the last card only).
fn draft_candidates(state: &State, player: Seat) -> Vec<Action> {
    let mut out: Vec<Action> = super::draft::draft(state)
        .map(|d| {
            d.available()
                .iter()
                .map(|card| Action::Choose {
                    player,
                    card: card.id.to_string(),
                })
                .collect()
        })
        .unwrap_or_default();
    out.push(Action::Pass { player });
    out
}

/// 1846's operating round is the kit's steps with 1846's pieces: its privates, minors and
/// markers, the C&WI's station and the privates' lays at any time, no issues for a minor, its
/// stations before the routes, other corporations' trains as the side they run as.
impl kit::OperatingListing for State {
    type Action = Action;

    fn to_act(&self) -> Vec<Seat> {
        turns::to_act(self)
    }

    fn best_routes(&self, company: Company) -> BestRoutes {
        best_routes(self, company)
    }

    fn any_time(&self, _company: Company, player: Seat, out: &mut Vec<Action>) {
        companies_and_markers(self, player, out);
        privates_own_track_and_station(player, out);
    }

    fn moves_shares(&self, company: Company) -> bool {
        !company.is_minor()
    }

    fn before_routes(
        &self,
        company: Company,
        turn: &CompanyTurn,
        player: Seat,
        out: &mut Vec<Action>,
    ) {
        before_routes(self, company, turn, player, out);
    }

    fn trains_of_others(&self, company: Company, player: Seat, out: &mut Vec<Action>) {
        for seller in Company::CORPORATIONS.into_iter().filter(|&s| s != company) {
            for t in &self.company(seller).trains {
                out.push(kit::train_from(self, player, seller, &t.id, &t.side));
            }
        }
    }
}

/// At any time in the turn: privates and minors players own to buy, the markers to place.
fn companies_and_markers(state: &State, player: Seat, out: &mut Vec<Action>) {
    for p in &state.privates {
        if let PrivateOwner::Player { seat } = p.owner {
            out.push(Action::BuyCompany {
                player,
                company: Purchase::Private(p.private),
                price: 1,
                accepted_by: (seat != player).then_some(seat),
            });
        }
    }
    for minor in Company::MINORS {
        if let Some(seat) = state.company(minor).president {
            out.push(Action::BuyCompany {
                player,
                company: Purchase::Minor(minor),
                price: 1,
                accepted_by: (seat != player).then_some(seat),
            });
        }
    }
    for private in [Private::Mpc, Private::Sc, Private::Bt] {
        let hexes = components().private(private.id()).and_then(|p| {
            p.abilities.iter().find_map(|a| match a {
                Ability::AssignedBonus { hexes, .. } => Some(hexes.clone()),
                _ => None,
            })
        });
        let targets = hexes
            .unwrap_or_default()
            .into_iter()
            .chain(Company::CORPORATIONS.iter().map(|c| c.symbol().to_string()));
        for target in targets {
            out.push(Action::Assign {
                player,
                company: private,
                target,
            });
        }
    }
}

/// At any time in the owning corporation's turn, before or after its routes (18xx.games plays
/// the cards so, issues 1794 and 2032): the C&WI's station and the privates' own lays.
fn privates_own_track_and_station(player: Seat, out: &mut Vec<Action>) {
    if let Some((hex, city)) = cwi_spot() {
        out.push(Action::PlaceToken {
            player,
            hex,
            city,
            company: Some(Private::Cwi),
        });
    }
    for (private, hexes, tiles) in private_lays() {
        for hex in hexes {
            for tile in &tiles {
                for rotation in 0..6 {
                    out.push(Action::LayTile {
                        player,
                        hex: hex.clone(),
                        tile: tile.clone(),
                        rotation,
                        company: Some(private),
                    });
                }
            }
        }
    }
}

/// Before the routes: stations (the cities reached, the corporation's own token spots).
fn before_routes(
    state: &State,
    company: Company,
    turn: &CompanyTurn,
    player: Seat,
    out: &mut Vec<Action>,
) {
    if !turn.station_placed {
        for (hex, city) in station_spots(state, company) {
            out.push(Action::PlaceToken {
                player,
                hex,
                city,
                company: None,
            });
        }
    }
}

/// Where `company` might place a station (hex, city), to be judged: the cities its network
/// reaches, and its own token spots.
pub fn station_spots(state: &State, company: Company) -> Vec<(String, u8)> {
    station_spots_of(state, company).1
}

/// [`station_spots`], with the company's network they were read from (its stations' reach, no
/// extra sources), for judging each spot without searching the track again.
pub fn station_spots_of(state: &State, company: Company) -> (Network, Vec<(String, u8)>) {
    let c = components();
    let network = state.board.network(c, company.symbol(), &[]);
    let spots = kit::reached_stops(&network)
        .into_iter()
        .map(|node| (c.hexes[node.hex].id.clone(), node.stop))
        .chain(own_token_spots(company))
        .collect();
    (network, spots)
}

/// The cities of a corporation's own token abilities (its reserved spot), each city of the hex.
fn own_token_spots(company: Company) -> Vec<(String, u8)> {
    let c = components();
    let Some(corp) = c.corporation(company.symbol()) else {
        return Vec::new();
    };
    corp.abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Token { hex, .. } => Some(hex.clone()),
            _ => None,
        })
        .flat_map(|hex| {
            let cities = c.hex(&hex).map_or(1, |h| h.stops.len().max(1));
            (0..cities).map(move |k| (hex.clone(), k as u8))
        })
        .collect()
}

fn cwi_spot() -> Option<(String, u8)> {
    components()
        .private(Private::Cwi.id())?
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Token { hex, city, .. } => Some((hex.clone(), city.unwrap_or(0))),
            _ => None,
        })
}

/// The privates' own lays: (private, hexes, tiles).
fn private_lays() -> Vec<(Private, Vec<String>, Vec<String>)> {
    Private::ALL
        .into_iter()
        .filter_map(|p| {
            components()
                .private(p.id())?
                .abilities
                .iter()
                .find_map(|a| match a {
                    Ability::ExtraTileLay { hexes, tiles, .. } => {
                        Some((p, hexes.clone(), tiles.clone()))
                    }
                    _ => None,
                })
        })
        .collect()
}

/// The operator's best routes within the search's budget and this thread's deadline.
pub fn best_routes(state: &State, company: Company) -> BestRoutes {
    let trains = owned_trains(state, company);
    let (markers, mail) = route_bonuses_of(state, company);
    let bonuses = G1846Routes::from_markers(&markers, mail);
    let band = components()
        .phases
        .get(usize::from(state.phase))
        .and_then(|p| Band::of_phase(&p.name))
        .unwrap_or(Band::Yellow);
    let ctx = bonuses.context(band, company.symbol(), &trains);
    best_routes_within(&state.board, &ctx, SEARCH_STEPS, &Deadline::current())
}

/// The operator's legal tile lays near its network, judged against one network.
fn legal_tile_lays(state: &State, deadline: &Deadline) -> Vec<Action> {
    kit::operator_lays(state, |company, turn| {
        let c = components();
        let network = state.board.network(c, company.symbol(), &[]);
        let hexes = kit::lay_hexes(&state.board, c, company.symbol(), &network);
        let phase = &c.phases[usize::from(state.phase)];
        kit::tile_lays(&state.board, c, &phase.tiles, &hexes, deadline, |lay| {
            judge_lay(state, company, turn, lay).is_ok()
        })
    })
}

/// A purchase from a player or another corporation may be any price in its range.
pub fn ranges(state: &State, action: &Action) -> Vec<ParameterRange> {
    let range = |min: u32, max: u32| {
        vec![ParameterRange {
            pointer: "/price".to_string(),
            min: u64::from(min),
            max: u64::from(max),
        }]
    };
    let Some((buyer, _)) = current(state) else {
        return vec![];
    };
    let cash = state.company(buyer).cash;
    match action {
        Action::BuyCompany { company, .. } => {
            range(1, operating_round::face_value(*company).min(cash))
        }
        Action::BuyTrain { from: Some(_), .. } => range(1, cash),
        _ => vec![],
    }
}
