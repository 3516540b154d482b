//! Listing the legal actions of a title of the family: what every title's `list` shares. The
//! title names its candidates (its own action type); the kit judges them by `apply` on a copy,
//! finds the tile lays near a company's network and the cities it reaches, and marks a listed
//! run of routes the best-route search could not prove the best.

use super::actions::{FamilyAction, FamilyActions};
use super::best_routes::{BestRoutes, SEARCH_STEPS};
use super::board::{Board, Network, Node, neighbour_index};
use super::map::{Colour, Map};
use super::market::DividendKind;
use super::operating_round::{OperatingTitle, TurnRecord, current};
use super::routes::Route;
use super::shares::ShareSource;
use super::stock_round::StockTitle;
use super::table::{CompanyId, Seat};
use super::track::TileLay;
use super::trains::{available_card, card_named};
use crate::core::{Deadline, Game, Incomplete, Listing, ParameterChoice, Stop};

/// What a title lists in its operating round besides the kit's candidates, step by step (as
/// tobymao/18xx's games list a round's steps): the kit's [`operating_candidates`] calls these
/// in the turn's order.
pub trait OperatingListing: OperatingTitle {
    type Action: From<FamilyAction<Self::Company>>;
    /// Who may act now; the first acts for the operator.
    fn to_act(&self) -> Vec<Seat>;
    /// The operator's best routes within the search's budget and this thread's deadline.
    fn best_routes(&self, company: Self::Company) -> BestRoutes;
    /// At any time in the turn: the title's own (privates to buy, markers to place...).
    fn any_time(&self, company: Self::Company, player: Seat, out: &mut Vec<Self::Action>);
    /// Whether the operator issues and redeems shares at all (1846's minors do not).
    fn moves_shares(&self, _company: Self::Company) -> bool {
        true
    }
    /// Before the routes, besides them: stations, the title's own lays and pieces.
    fn before_routes(
        &self,
        company: Self::Company,
        turn: &Self::Turn,
        player: Seat,
        out: &mut Vec<Self::Action>,
    );
    /// After the dividend, between the depot's train and emergency money: other companies'
    /// trains (each as the title's rules let it be bought).
    fn trains_of_others(&self, company: Self::Company, player: Seat, out: &mut Vec<Self::Action>);
}

/// The operating round's candidates: a discard pending first; a company in receivership's
/// routes, for any player still in; else what may come at any time, the issues and
/// redemptions (until the dividend), then by the turn's step: before the routes (the routes
/// last: the best found, and none), the dividends, after the dividend (trains, emergency money,
/// the end of the turn). With the route search's outcome when the routes were searched.
pub fn operating_candidates<S: OperatingListing>(
    state: &S,
) -> (Vec<S::Action>, Option<BestRoutes>) {
    let mut out = Vec::new();
    let Some(player) = state.to_act().first().copied() else {
        return (out, None);
    };
    if let Some(discards) = discard_candidates(state, player) {
        return (discards, None);
    }
    let Some((company, turn)) = current(state) else {
        return (out, None);
    };
    let turn = turn.clone();
    if state.company(company).receivership {
        // Any player still in acts for it: its routes, and its privates' abilities.
        let best = state.best_routes(company);
        for player in state.to_act() {
            state.any_time(company, player, &mut out);
            route_candidates(player, &best.routes, &mut out);
        }
        return (out, Some(best));
    }
    state.any_time(company, player, &mut out);
    let common = turn.common();
    if !common.shares_moved && !common.dividend_done && state.moves_shares(company) {
        issues_and_redemptions(company, player, &mut out);
    }
    if common.revenue.is_none() {
        state.before_routes(company, &turn, player, &mut out);
        let best = state.best_routes(company);
        route_candidates(player, &best.routes, &mut out);
        return (out, Some(best));
    }
    if !common.dividend_done {
        dividend_candidates(player, &mut out);
    } else {
        depot_train_candidates(state, player, &mut out);
        state.trains_of_others(company, player, &mut out);
        emergency_candidates(state, company, player, &mut out);
    }
    (out, None)
}

/// The stock round's candidates for `player` in each company with shares (not 1846's minors):
/// each sale of what they hold, each par price, a share from the treasury and from the market, the president's certificate of a
/// company in receivership (it lies in the market), and the pass.
pub fn stock_candidates<S: StockTitle, A: From<FamilyAction<S::Company>>>(
    state: &S,
    player: Seat,
) -> Vec<A> {
    let mut out: Vec<A> = Vec::new();
    for company in with_shares::<S::Company>() {
        let held = state.company(company).percent_of(player);
        for percent in (10..=held).step_by(10) {
            out.push(sale(player, company, percent));
        }
        for &share_price in state.par_values() {
            out.push(
                FamilyAction::Par {
                    player,
                    corporation: company,
                    share_price,
                }
                .into(),
            );
        }
        for from in [ShareSource::Treasury, ShareSource::Market] {
            out.push(
                FamilyAction::BuyShares {
                    player,
                    corporation: company,
                    from,
                    entity: None,
                    percent: None,
                }
                .into(),
            );
        }
        if state.company(company).receivership {
            out.push(
                FamilyAction::BuyShares {
                    player,
                    corporation: company,
                    from: ShareSource::Market,
                    entity: None,
                    percent: Some(20),
                }
                .into(),
            );
        }
    }
    out.push(FamilyAction::Pass { player }.into());
    out
}

/// The companies with shares, in the title's order.
fn with_shares<C: CompanyId>() -> impl Iterator<Item = C> {
    C::all().iter().copied().filter(|c| c.has_shares())
}

/// A player's sale of `percent` of `company` to the market.
fn sale<C, A: From<FamilyAction<C>>>(player: Seat, company: C, percent: u8) -> A {
    FamilyAction::SellShares {
        player,
        corporation: company,
        percent,
        entity: None,
    }
    .into()
}

/// The operating company's issue of `percent` of its shares (the president acting).
fn issue<C: Copy, A: From<FamilyAction<C>>>(player: Seat, company: C, percent: u8) -> A {
    FamilyAction::SellShares {
        player,
        corporation: company,
        percent,
        entity: Some(company),
    }
    .into()
}

/// When a company over the train limit must discard: each of its trains, for `player`.
pub fn discard_candidates<S: OperatingTitle, A: From<FamilyAction<S::Company>>>(
    state: &S,
    player: Seat,
) -> Option<Vec<A>> {
    let round = state.operating_round()?;
    let &company = round.discards.first()?;
    let trains = &state.company(company).trains;
    Some(
        trains
            .iter()
            .map(|t| {
                FamilyAction::DiscardTrain {
                    player,
                    train: t.id.to_string(),
                }
                .into()
            })
            .collect(),
    )
}

/// The operating company's issues of 10% to 50% and redemptions of 10% to 100%, each size in
/// turn. An issue leaves at most 50% in the market; a redemption takes at most what the market
/// holds, which a bankrupt player's shares may have made more than 50%.
pub fn issues_and_redemptions<C: Copy, A: From<FamilyAction<C>>>(
    company: C,
    player: Seat,
    out: &mut Vec<A>,
) {
    for percent in (10..=100).step_by(10) {
        if percent <= 50 {
            out.push(issue(player, company, percent));
        }
        out.push(
            FamilyAction::BuyShares {
                player,
                corporation: company,
                from: ShareSource::Market,
                entity: Some(company),
                percent: Some(percent),
            }
            .into(),
        );
    }
}

/// The routes to run: the best found, and none (when the best are some).
pub fn route_candidates<C, A: From<FamilyAction<C>>>(
    player: Seat,
    best: &[Route],
    out: &mut Vec<A>,
) {
    out.push(
        FamilyAction::RunRoutes {
            player,
            routes: best.to_vec(),
        }
        .into(),
    );
    if !best.is_empty() {
        out.push(
            FamilyAction::RunRoutes {
                player,
                routes: vec![],
            }
            .into(),
        );
    }
}

/// After the routes: the three dividends (a title's `dividend_kinds` judges which it allows).
pub fn dividend_candidates<C, A: From<FamilyAction<C>>>(player: Seat, out: &mut Vec<A>) {
    for kind in [
        DividendKind::Payout,
        DividendKind::Half,
        DividendKind::Withhold,
    ] {
        out.push(FamilyAction::Dividend { player, kind }.into());
    }
}

/// Each side of the depot's first card left, and of each discarded train (named by its id).
pub fn depot_train_candidates<S: OperatingTitle, A: From<FamilyAction<S::Company>>>(
    state: &S,
    player: Seat,
    out: &mut Vec<A>,
) {
    let new = available_card(state)
        .and_then(|i| state.train_card(i))
        .map(|card| (card.id.to_string(), card.sides));
    let discarded = state.discard_pile().iter().filter_map(|t| {
        let card = card_named(state, &t.card)?;
        Some((t.id.to_string(), card.sides))
    });
    for (train, sides) in new.into_iter().chain(discarded) {
        for side in sides {
            out.push(
                FamilyAction::BuyTrain {
                    player,
                    train: train.clone(),
                    variant: side.name.clone(),
                    from: None,
                    price: None,
                    accepted_by: None,
                }
                .into(),
            );
        }
    }
}

/// A train of `seller`'s at $1 run as `variant` (the price's range is the title's `ranges`),
/// with the seller's president's acceptance when that is another player.
pub fn train_from<S: OperatingTitle, A: From<FamilyAction<S::Company>>>(
    state: &S,
    player: Seat,
    seller: S::Company,
    train: &str,
    variant: &str,
) -> A {
    let president = state.company(seller).president;
    FamilyAction::BuyTrain {
        player,
        train: train.to_string(),
        variant: variant.to_string(),
        from: Some(seller),
        price: Some(1),
        accepted_by: president.filter(|&p| p != player),
    }
    .into()
}

/// Emergency money and the end of the turn, after the dividend: the company's issues, the
/// president's sales of what they hold, bankruptcy, the pass.
pub fn emergency_candidates<S: OperatingTitle, A: From<FamilyAction<S::Company>>>(
    state: &S,
    company: S::Company,
    player: Seat,
    out: &mut Vec<A>,
) {
    for percent in (10..=50).step_by(10) {
        out.push(issue(player, company, percent));
    }
    for held in with_shares::<S::Company>() {
        for percent in (10..=state.company(held).percent_of(player)).step_by(10) {
            out.push(sale(player, held, percent));
        }
    }
    out.push(FamilyAction::Bankrupt { player }.into());
    out.push(FamilyAction::Pass { player }.into());
}

/// The operating company's tile lays for its president, when it may still lay (no discard
/// pending, its routes not run): `lays` finds them, given the company and its turn.
pub fn operator_lays<S: OperatingTitle, A: From<FamilyAction<S::Company>>>(
    state: &S,
    lays: impl FnOnce(S::Company, &S::Turn) -> Vec<TileLay>,
) -> Vec<A> {
    let Some(round) = state.operating_round() else {
        return vec![];
    };
    if !round.discards.is_empty() {
        return vec![];
    }
    let Some((company, turn)) = current(state) else {
        return vec![];
    };
    let Some(player) = state.company(company).president else {
        return vec![];
    };
    if turn.common().revenue.is_some() {
        return vec![];
    }
    lays(company, turn)
        .into_iter()
        .map(|lay| {
            FamilyAction::LayTile {
                player,
                hex: lay.hex,
                tile: lay.tile,
                rotation: lay.rotation,
            }
            .into()
        })
        .collect()
}

/// Every legal action of a title: its `candidates` (with the best-route search's outcome when
/// its routes were searched) judged by `apply` on a copy, then its tile lays (many: judged
/// without copying the state, against one network), before the deadline of the work on this
/// thread passes; the listed run of the searched routes marked incomplete when the search
/// stopped before proving it the best. `rule` is the title's routes section.
pub fn listing<G: Game<Action: FamilyActions>>(
    state: &G::State,
    candidates: impl FnOnce(&G::State) -> (Vec<G::Action>, Option<BestRoutes>),
    tile_lays: impl FnOnce(&G::State, &Deadline) -> Vec<G::Action>,
    rule: &str,
) -> Listing<G::Action> {
    let deadline = Deadline::current();
    let (candidates, searched) = candidates(state);
    let mut legal = one_par_per_company::<G>(judged::<G>(state, candidates, &deadline));
    if deadline.passed() {
        return Listing::complete(legal);
    }
    legal.extend(tile_lays(state, &deadline));
    let incomplete = searched
        .map(|search| incomplete_runs(&legal, &search, rule, |a| a.run().map(|(_, r)| r)))
        .unwrap_or_default();
    Listing {
        actions: legal,
        incomplete,
    }
}

/// A company's start listed once, at its lowest legal par price: its other prices are the
/// action's choices ([`par_choices`]), so that a player is offered one start per company, not
/// one per market space.
fn one_par_per_company<G: Game<Action: FamilyActions>>(legal: Vec<G::Action>) -> Vec<G::Action> {
    let mut started = Vec::new();
    legal
        .into_iter()
        .filter(|action| match action.family() {
            Some(FamilyAction::Par {
                player,
                corporation,
                ..
            }) => {
                let first = !started.contains(&(player, corporation));
                started.push((player, corporation));
                first
            }
            _ => true,
        })
        .collect()
}

/// The par prices a listed start may take instead (`/share_price`): each of the title's par
/// values at which `apply` accepts it.
pub fn par_choices<G: Game<Action: FamilyActions>>(
    state: &G::State,
    action: &G::Action,
    par_values: &[u32],
) -> Vec<ParameterChoice>
where
    G::Action: From<FamilyAction<<G::Action as FamilyActions>::Company>>,
{
    let Some(FamilyAction::Par {
        player,
        corporation,
        ..
    }) = action.family()
    else {
        return Vec::new();
    };
    let values = par_values
        .iter()
        .filter(|&&share_price| {
            let at = G::Action::from(FamilyAction::Par {
                player,
                corporation,
                share_price,
            });
            crate::core::contract::apply::<G>(&mut state.clone(), &at).is_ok()
        })
        .map(|&p| u64::from(p))
        .collect();
    vec![ParameterChoice {
        pointer: "/share_price".to_string(),
        values,
    }]
}

/// The candidates `apply` accepts, judged each on a copy of the state; those judged before the
/// deadline passed.
pub fn judged<G: Game>(
    state: &G::State,
    candidates: Vec<G::Action>,
    deadline: &Deadline,
) -> Vec<G::Action> {
    let mut legal = Vec::new();
    for action in candidates {
        if deadline.passed() {
            break;
        }
        if crate::core::contract::apply::<G>(&mut state.clone(), &action).is_ok() {
            legal.push(action);
        }
    }
    legal
}

/// The hexes a company may lay in: those with its track or station, and their neighbours.
pub fn lay_hexes(board: &Board, map: &Map, company: &str, network: &Network) -> Vec<usize> {
    let mut hexes: Vec<usize> = network.edges.iter().map(|(h, _)| h).collect();
    for (h, e) in network.edges.iter() {
        if let Some(n) = neighbour_index(map, h, e) {
            hexes.push(n);
        }
    }
    for s in board.stations_of(company) {
        if let Some(h) = map.hex_index(&s.hex) {
            hexes.push(h);
        }
    }
    hexes.sort_unstable();
    hexes.dedup();
    hexes
}

/// Every tile lay the phase's colours allow in `hexes` (each tile of the hex's next colour and
/// label, each rotation) that `accepts` takes; those judged before the deadline passed.
pub fn tile_lays(
    board: &Board,
    map: &Map,
    phase_colours: &[Colour],
    hexes: &[usize],
    deadline: &Deadline,
    accepts: impl Fn(&TileLay) -> bool,
) -> Vec<TileLay> {
    let mut out = Vec::new();
    for &h in hexes {
        if deadline.passed() {
            break;
        }
        let hex = &map.hexes[h];
        let face = board.face(map, h);
        let Some(next) = face.colour.next() else {
            continue;
        };
        for tile in map
            .tiles
            .iter()
            .filter(|t| t.color == next && phase_colours.contains(&t.color) && t.label == hex.label)
        {
            for rotation in 0..6 {
                let lay = TileLay {
                    hex: hex.id.clone(),
                    tile: tile.id.clone(),
                    rotation,
                };
                if accepts(&lay) {
                    out.push(lay);
                }
            }
        }
    }
    out
}

/// The cities (and other stops) the company's track reaches, in order.
pub fn reached_stops(network: &Network) -> Vec<Node> {
    network.stops.iter().collect()
}

/// The listed runs of the searched routes (`run_of` reads an action's routes), when the search
/// stopped before proving them the best; `rule` is the title's routes section.
pub fn incomplete_runs<A>(
    legal: &[A],
    search: &BestRoutes,
    rule: &str,
    run_of: impl Fn(&A) -> Option<&[Route]>,
) -> Vec<Incomplete> {
    let Some(stop) = search.stopped else {
        return Vec::new();
    };
    let why = match stop {
        Stop::OutOfSteps => format!(
            "the best-route search stopped at its budget of {SEARCH_STEPS} steps \
             ({rule}): these are the best routes it found, not proven the best; any \
             legal run is accepted"
        ),
        Stop::DeadlinePassed => {
            "the best-route search stopped at the request deadline: these are the best routes \
             it found, not proven the best"
                .to_string()
        }
    };
    legal
        .iter()
        .enumerate()
        .filter(|(_, a)| run_of(a).is_some_and(|routes| routes == search.routes.as_slice()))
        .map(|(action, _)| Incomplete {
            action,
            pointer: "/routes".to_string(),
            detail: why.clone(),
        })
        .collect()
}
