//! Every action `apply` accepts, each judged by `apply` itself on a copy (the candidates are
//! few). Bids list each private once at its lowest price, with the range of prices allowed.
//!
//! The listing stops when the deadline of the work on this thread passes (the API then answers
//! 503, never a partial list); the best-route search has its own budget, and a run of routes
//! it could not prove the best is listed as incomplete.

use super::action::Action;
use super::auction::{cheapest, maximum_bid, minimum_bid};
use super::best_routes::{BestRoutes, SEARCH_STEPS};
use super::data::components;
use super::ids::{Company, Private, Seat};
use super::operating_round;
use super::state::{CompanyTurn, PrivateOwner, Round, State};
use crate::core::{Deadline, Listing, ParameterRange};
use crate::games::kit18xx::legal as kit;
use crate::games::kit18xx::table::Table as _;

pub fn legal_actions(state: &State) -> Vec<Action> {
    listing(state).actions
}

/// Every legal action, with the listed run of best routes marked incomplete when the search
/// stopped before proving it the best.
pub fn listing(state: &State) -> Listing<Action> {
    kit::listing::<super::Ne1833>(state, candidates, legal_tile_lays, "1833ne#routes")
}

/// The candidate actions, and the best-route search's outcome when there was one.
fn candidates(state: &State) -> (Vec<Action>, Option<BestRoutes>) {
    let mut out = Vec::new();
    let mut searched = None;
    match &state.round {
        Round::Auction {
            to_act, contest, ..
        } => {
            let player = contest.as_ref().map_or(*to_act, |c| c.to_act);
            match contest {
                Some(c) => out.push(Action::Bid {
                    player,
                    company: c.private,
                    price: minimum_bid(state, c.private),
                }),
                None => {
                    for private in Private::ALL {
                        if state.private(private).owner == (PrivateOwner::Unsold {}) {
                            out.push(Action::Bid {
                                player,
                                company: private,
                                price: minimum_bid(state, private),
                            });
                        }
                    }
                }
            }
            out.push(Action::Pass { player });
        }
        Round::StockRound { to_act, .. } => {
            out = kit::stock_candidates(state, *to_act);
        }
        Round::OperatingRound { .. } => {
            let (actions, search) = kit::operating_candidates(state);
            out.extend(actions);
            searched = search;
        }
        Round::GameEnded { .. } => {}
    }
    (out, searched)
}

/// A bid other than the cheapest's purchase may be any price from the lowest allowed to the
/// player's uncommitted cash.
pub fn ranges(state: &State, action: &Action) -> Vec<ParameterRange> {
    let price_range = |min: u32, max: u32| {
        vec![ParameterRange {
            pointer: "/price".to_string(),
            min: u64::from(min),
            max: u64::from(max),
        }]
    };
    match action {
        Action::Bid {
            player, company, ..
        } => {
            let in_contest = matches!(&state.round, Round::Auction { contest: Some(c), .. } if c.private == *company);
            if !in_contest && cheapest(state) == Some(*company) {
                return vec![];
            }
            price_range(
                minimum_bid(state, *company),
                maximum_bid(state, *player, *company),
            )
        }
        Action::BuyCompany { company, .. } => match operating_round::current(state) {
            Some((buyer, _)) => {
                let (min, max) = operating_round::private_price_range(state, buyer, *company);
                price_range(min, max)
            }
            None => vec![],
        },
        Action::BuyTrain { from: Some(_), .. } => match operating_round::current(state) {
            Some((buyer, _)) => price_range(1, state.company(buyer).cash),
            None => vec![],
        },
        _ => vec![],
    }
}

/// 1833NE's operating round is the kit's steps with 1833NE's pieces: P5's ferry and the
/// players' privates at any time, its stations, ferries and P3's free tiles before the routes,
/// other companies' trains on either side of the card (ruling R2).
impl kit::OperatingListing for State {
    type Action = Action;

    fn to_act(&self) -> Vec<Seat> {
        super::turns::to_act(self)
    }

    fn best_routes(&self, company: Company) -> BestRoutes {
        best_routes(self, company)
    }

    fn any_time(&self, company: Company, player: Seat, out: &mut Vec<Action>) {
        privates_and_luxury_ferry(self, company, player, out);
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
        for seller in Company::ALL.into_iter().filter(|&c| c != company) {
            for t in &self.company(seller).trains {
                let sides = components().trains.iter().filter(|k| k.id == t.card);
                for side in sides.flat_map(|k| &k.sides) {
                    out.push(kit::train_from(self, player, seller, &t.id, &side.name));
                }
            }
        }
    }
}

/// At any time in the turn: P5's ferry to assign, players' privates to buy.
fn privates_and_luxury_ferry(state: &State, company: Company, player: Seat, out: &mut Vec<Action>) {
    for f in state.ferries.iter().filter(|f| f.company == company) {
        out.push(Action::Assign {
            player,
            company: Private::P5,
            target: f.ferry.clone(),
        });
    }
    for p in &state.privates {
        if let PrivateOwner::Player { seat } = p.owner {
            out.push(Action::BuyCompany {
                player,
                company: p.private,
                price: 1,
                accepted_by: (seat != player).then_some(seat),
            });
        }
    }
}

/// Before the routes: stations, ferries, P3's free tiles.
fn before_routes(
    state: &State,
    company: Company,
    turn: &CompanyTurn,
    player: Seat,
    out: &mut Vec<Action>,
) {
    if !turn.station_placed {
        out.extend(stations(state, company, player));
    }
    if !turn.ferry_bought {
        for f in &state.provisional.ferries {
            out.push(Action::BuyFerry {
                player,
                ferry: f.id.clone(),
            });
        }
    }
    // P3's free tiles.
    for (hex, tiles) in [("C4", ["3", "4", "58"]), ("C6", ["7", "8", "9"])] {
        for tile in tiles {
            for rotation in 0..6 {
                out.push(Action::LayTile {
                    player,
                    hex: hex.to_string(),
                    tile: tile.to_string(),
                    rotation,
                    company: Some(Private::P3),
                });
            }
        }
    }
}

/// The company's best routes, within the search's budget and the deadline of this thread's work.
fn best_routes(state: &State, company: Company) -> BestRoutes {
    company_best_routes(state, company, SEARCH_STEPS, &Deadline::current())
}

/// The best routes of `company` in `state` within `steps` (`u64::MAX`: no cap) and `deadline`.
pub fn company_best_routes(
    state: &State,
    company: Company,
    steps: u64,
    deadline: &Deadline,
) -> BestRoutes {
    let trains = operating_round::owned_trains(state, company);
    let ferries = operating_round::owned_ferries(state, company);
    let sources = operating_round::extra_sources(state, company);
    let bonuses = operating_round::route_bonuses(state, company, &ferries);
    let ctx = bonuses.context(
        operating_round::band(state),
        company.symbol(),
        &trains,
        &sources,
    );
    super::best_routes::best_routes_within(&state.board, &ctx, steps, deadline)
}

/// The legal tile lays of the operating company: hexes with its station or next to track it
/// reaches, each tile of the next colour, each rotation, judged against one network; those
/// judged before `deadline` passed.
fn legal_tile_lays(state: &State, deadline: &Deadline) -> Vec<Action> {
    kit::operator_lays(state, |company, turn| {
        let c = components();
        let network = state.board.network(
            c,
            company.symbol(),
            &operating_round::extra_sources(state, company),
        );
        let hexes = kit::lay_hexes(&state.board, c, company.symbol(), &network);
        let phase = &c.phases[usize::from(state.phase)];
        kit::tile_lays(&state.board, c, &phase.tiles, &hexes, deadline, |lay| {
            operating_round::judge_lay(state, company, turn, lay, Some(&network)).is_ok()
        })
    })
}

/// Cities the company's track reaches.
fn stations(state: &State, company: Company, player: super::ids::Seat) -> Vec<Action> {
    let c = components();
    let network = state.board.network(
        c,
        company.symbol(),
        &operating_round::extra_sources(state, company),
    );
    kit::reached_stops(&network)
        .into_iter()
        .map(|n| Action::PlaceToken {
            player,
            hex: c.hexes[n.hex].id.clone(),
            city: n.stop,
        })
        .collect()
}
