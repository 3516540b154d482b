//! Routes: judging the routes a company submits (`run_routes`) and computing their revenue, for
//! every title of the kit. This file holds what a route is and the judging of a company's routes
//! together (each train once, no track shared); reading one route's stops and track is
//! `reading`, its value `revenue`. What a title adds (1833NE's ferries, bonuses and
//! interconnections; 1846's East-West and private bonuses) it says through [`RouteTitle`].

mod reading;
mod revenue;

use revenue::revenue_showing;
pub use revenue::{Counting, counted_value, counted_with_bonuses, revenue};

use crate::core::{Budget, Deadline, Violation};
use crate::games::kit18xx::board::{Board, Faces, Node};
use crate::games::kit18xx::graph::{GRAPH_STEPS, Graph, Link};
use crate::games::kit18xx::map::{Map, TrainSide};
use crate::games::kit18xx::name::Name;
use reading::resolve;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One train's route, in the vocabulary of tobymao/18xx: the stops visited in order
/// (`"HEX-stop"`, e.g. `"G22-0"`), the hexes from each stop to the next (both ends included),
/// and the revenue claimed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxRoute)]
pub struct Route {
    // Names, not strings: a stop's or a hex's name is short and kept in place (a real game's
    // import writes thousands of them).
    #[schema(value_type = String)]
    pub train: Name,
    // Bounds: a train visits at most 10 stops (a 7+3); an extension may cross the map.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 16>")]
    #[schema(max_items = 16, value_type = Vec<String>)]
    pub nodes: Vec<Name>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 16>")]
    #[schema(max_items = 16, value_type = Vec<Vec<String>>)]
    pub connections: Vec<Vec<Name>>,
    pub revenue: u32,
    /// An interconnection: beyond the route's last stop, along track no route of the company
    /// uses and even through blocked cities, to a bonus location. Its stops count nothing but
    /// the bonus.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extension: Option<Extension>,
}

/// The stops beyond a route's last stop and the hexes to each (the first connection starts at
/// the route's last stop).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxExtension)]
pub struct Extension {
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 128>")]
    #[schema(max_items = 128, value_type = Vec<String>)]
    pub nodes: Vec<Name>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 128>")]
    #[schema(max_items = 128, value_type = Vec<Vec<String>>)]
    pub connections: Vec<Vec<Name>>,
}

/// A train the company owns: its id and the side it was bought as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedTrain {
    pub id: Name,
    pub side: Name,
}

/// The ids of the title's rules sections that route violations cite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteSections {
    pub routes: &'static str,
    pub revenue: &'static str,
    /// Where the title's bonuses (and interconnections) are written.
    pub bonuses: &'static str,
}

/// The bonuses of a set of a route's stops, by their indices (see
/// [`RouteTitle::counted_bonuses`]).
pub type CountedBonuses<'r> = Box<dyn Fn(&[usize]) -> u32 + 'r>;

/// What a title's rules add to a route: values of its own, refusals of its own, and money on
/// top of the stops. Each has the kit's answer (the printed value, nothing refused, nothing
/// added, no interconnection).
pub trait RouteTitle {
    /// What a stop pays this route, given what it prints in the current band.
    fn stop_value(&self, _ctx: &RouteContext, _node: Node, printed: u32, _route: &[Node]) -> u32 {
        printed
    }

    /// A title's own refusal of a route read onto the board, before its stops are counted.
    fn judge(
        &self,
        _ctx: &RouteContext,
        _route: &Resolved,
        _which: Which,
    ) -> Result<(), Violation> {
        Ok(())
    }

    /// The ferries' and the bonuses' money the route earns besides its stops.
    fn extras(&self, _ctx: &RouteContext, _board: &Board, _route: &Resolved) -> Extras {
        Extras::default()
    }

    /// Whether the title has interconnections: a route's track run on beyond its last stop
    /// to a bonus location.
    fn interconnections(&self) -> bool {
        false
    }

    /// Whether an interconnection may end in `hex`.
    fn extension_may_end(&self, _ctx: &RouteContext, _hex: &str) -> bool {
        false
    }

    /// Whether the title pays bonuses for the stops a train counts (not merely visits): then a
    /// train that counts only some of the stops it visits (an N/M train) counts those whose
    /// values and [`RouteTitle::counted_bonuses`] together are greatest.
    fn counts_for_bonuses(&self) -> bool {
        false
    }

    /// The bonuses a set of the route's `stops` earns when the train counts it (1846's
    /// East-West and private bonuses): prepared once per route, then asked of every set the
    /// train might count, given as indices into `stops` in increasing order. Asked only of a
    /// title that [`counts_for_bonuses`](RouteTitle::counts_for_bonuses).
    fn counted_bonuses<'r>(
        &'r self,
        _ctx: &'r RouteContext,
        _board: &'r Board,
        _stops: &[Node],
    ) -> CountedBonuses<'r> {
        Box::new(|_| 0)
    }

    /// Money that depends on the whole run rather than on one route (1846's Mail Contract pays
    /// only the route visiting the most stops): what each route of `run` earns besides its
    /// own stops and extras, in the run's order (a missing entry is nothing). The kit's answer:
    /// nothing.
    fn run_bonuses(&self, _ctx: &RouteContext, _run: &[RunRoute]) -> Vec<u32> {
        Vec::new()
    }

    /// The most [`run_bonuses`](RouteTitle::run_bonuses) can add to a run whose routes visit
    /// at most `stops` stops each: the best-route search's bound on it (0: the title has no
    /// money of the whole run, and the search never asks for it).
    fn run_bonus_at_most(&self, _ctx: &RouteContext, _stops: usize) -> u32 {
        0
    }
}

/// One route of a run, read onto the board and counted: what money of the whole run is
/// computed from.
pub struct RunRoute<'a> {
    pub train: &'a str,
    pub route: &'a Resolved<'a>,
    /// What the route earns by itself.
    pub revenue: &'a RouteRevenue,
}

/// Money a route earns besides its stops.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Extras {
    pub ferries: u32,
    pub bonuses: u32,
}

/// A title with nothing to add to its routes.
pub struct PlainRoutes;

impl RouteTitle for PlainRoutes {}

/// What routes are judged against besides the board.
pub struct RouteContext<'a> {
    pub map: &'a Map,
    pub sections: RouteSections,
    /// The off-boards' band now (0 first).
    pub band: usize,
    pub company: &'a str,
    pub trains: &'a [OwnedTrain],
    /// The title's train sides by name.
    pub side_of: fn(&str) -> Option<&'static TrainSide>,
    /// Stops the company may use as if it had a station there (1833NE's P4 and P6 off-boards).
    pub extra_sources: &'a [Node],
    pub title: &'a dyn RouteTitle,
}

/// The revenue of one judged route, itemised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Kit18xxRouteRevenue)]
pub struct RouteRevenue {
    pub train: String,
    /// The stops counted, with their values.
    pub stops: u32,
    pub ferries: u32,
    pub bonuses: u32,
    pub total: u32,
}

/// How a refusal names a route of a run: `route 2 (4)`, its place in the run and its train.
/// Written out only when a refusal is (a run judged legal names nothing).
#[derive(Debug, Clone, Copy)]
pub struct Which<'a> {
    /// The route's index in the run (0 first; written from 1).
    pub index: usize,
    pub train: &'a str,
}

impl std::fmt::Display for Which<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "route {} ({})", self.index + 1, self.train)
    }
}

fn refuse(code: &str, rule: &str, message: String) -> Violation {
    Violation::new(code, rule, message)
}

/// A route resolved onto the board: its stops and the link between each two.
#[derive(Debug, Clone)]
pub struct Resolved<'g> {
    pub nodes: Vec<Node>,
    pub links: Vec<&'g Link>,
    /// The interconnection's stops and links, if any.
    pub extension: Vec<Node>,
    pub extension_links: Vec<&'g Link>,
}

impl<'g> Resolved<'g> {
    /// A route without an interconnection.
    pub fn new(nodes: Vec<Node>, links: Vec<&'g Link>) -> Resolved<'g> {
        Resolved {
            nodes,
            links,
            extension: Vec::new(),
            extension_links: Vec::new(),
        }
    }

    /// The route in the action's vocabulary.
    pub fn to_route(&self, map: &Map, train: &str, revenue: u32) -> Route {
        Route {
            train: train.into(),
            nodes: self.nodes.iter().map(|&n| node_name(map, n)).collect(),
            connections: self
                .nodes
                .windows(2)
                .zip(&self.links)
                .map(|(pair, link)| {
                    // A link is stored either way round: its hexes named as the route runs.
                    let hex = |h: &usize| Name::from(map.hexes[*h].id.as_str());
                    if link.a == pair[0] {
                        link.hexes.iter().map(hex).collect()
                    } else {
                        link.hexes.iter().rev().map(hex).collect()
                    }
                })
                .collect(),
            revenue,
            extension: None,
        }
    }
}

fn parse_node(map: &Map, text: &str) -> Option<Node> {
    let (hex, stop) = text.rsplit_once('-')?;
    Some(Node {
        hex: map.hex_index(hex)?,
        stop: stop.parse().ok()?,
    })
}

/// A stop as routes name it: its hex and its index in the hex (`C15-0`), written without the
/// formatting machinery (the importer names every stop of every route it reads).
pub fn node_name(map: &Map, node: Node) -> Name {
    let hex = map.hexes[node.hex].id.as_str();
    // The dash and the stop's digits (a stop is at most 255), written in place.
    let mut tail = [b'-', 0, 0, 0];
    let mut len = 1;
    let stop = node.stop;
    if stop >= 100 {
        tail[len] = b'0' + stop / 100;
        len += 1;
    }
    if stop >= 10 {
        tail[len] = b'0' + stop / 10 % 10;
        len += 1;
    }
    tail[len] = b'0' + stop % 10;
    len += 1;
    let mut name = Name::with_capacity(hex.len() + len);
    name.push_str(hex);
    // ASCII, so UTF-8.
    name.push_str(std::str::from_utf8(&tail[..len]).unwrap_or_default());
    name
}

/// Judges the routes (each train once, no track shared, each route's track, reach and stops)
/// and computes each one's revenue, the title's money of the whole run
/// ([`RouteTitle::run_bonuses`]) included; the claims are not looked at.
pub fn judge_routes(
    board: &Board,
    ctx: &RouteContext,
    routes: &[Route],
) -> Result<Vec<RouteRevenue>, Violation> {
    // Each hex's face is read once for the whole judging.
    judge_routes_on(&Faces::new(board, ctx.map), ctx, routes)
}

/// [`judge_routes`] on the board `faces` shows (a caller who reads the same hexes again keeps
/// one `Faces` for all).
pub fn judge_routes_on(
    faces: &Faces,
    ctx: &RouteContext,
    routes: &[Route],
) -> Result<Vec<RouteRevenue>, Violation> {
    // Routes whose track is all there are judged on the track they claim (linear in the
    // claims): a route counting one of the company's stations is reached from it along its
    // own track, so the company's whole network is looked at only to say why a route is not
    // connected.
    let along = Graph::along_on(ctx.map, faces, &claims_of(ctx.map, routes));
    judge_routes_along(faces, ctx, routes, along)
}

/// What the routes claim, read from their names: each stop, the next and the hexes between
/// (see [`claimed_links`]).
fn claims_of(map: &Map, routes: &[Route]) -> Vec<(Node, Node, Vec<usize>)> {
    routes.iter().flat_map(|r| claimed_links(map, r)).collect()
}

/// [`judge_routes_on`] on the track the routes claim (`along`, the graph [`Graph::along_on`]
/// finds for [`claims_of`] the routes).
fn judge_routes_along(
    faces: &Faces,
    ctx: &RouteContext,
    routes: &[Route],
    along: Graph,
) -> Result<Vec<RouteRevenue>, Violation> {
    let board = faces.board();
    match judge_on(faces, ctx, routes, &along, false) {
        Err(v) if v.code == "not_connected" => {}
        judged => return judged,
    }
    // Only the track the company's stations reach can carry its routes. Crafted boards make
    // that track's links exponential: past its budget, the routes are judged against the
    // track they claim only, found anywhere on the board.
    let mut budget = Budget::new(GRAPH_STEPS, Deadline::current());
    let reached = Graph::build_within(board, ctx.map, &company_sources(board, ctx), &mut budget);
    let whole_reach = budget.going();
    let graph = if whole_reach { reached } else { along };
    judge_on(faces, ctx, routes, &graph, whole_reach)
}

/// [`judge_routes`] on `graph`; with `whole_reach` (the graph is all the company reaches), a
/// route not on it is refused saying whether it reaches none of the company's stations.
fn judge_on(
    faces: &Faces,
    ctx: &RouteContext,
    routes: &[Route],
    graph: &Graph,
    whole_reach: bool,
) -> Result<Vec<RouteRevenue>, Violation> {
    let board = faces.board();
    judge_each(faces, ctx, routes, &mut |route, which| {
        match resolve(board, faces, ctx, graph, route, which) {
            Err(v) if v.code == "not_connected" && whole_reach => {
                // Track may be there but out of the company's reach: say which.
                let everything = Graph::along_on(ctx.map, faces, &claimed_links(ctx.map, route));
                Err(
                    match resolve(board, faces, ctx, &everything, route, which) {
                        Ok(_) => refuse(
                            "no_station",
                            ctx.sections.routes,
                            format!(
                                "{which}: the route does not reach any of {}'s stations",
                                ctx.company
                            ),
                        ),
                        Err(precise) if precise.code != "not_connected" => precise,
                        Err(_) => v,
                    },
                )
            }
            other => other,
        }
    })
}

/// [`judge_routes_on`] for routes already read onto the board: `resolved[i]` is `routes[i]`'s
/// stops and track as an importer found them by walking the track itself (the kit's
/// `connections`), so they are not read again from the routes' names. What the walk does not
/// ensure is judged as for any route: the trains, the track used once, a stop passed through
/// being passable, the revenue.
pub fn judge_resolved<'g>(
    faces: &Faces,
    ctx: &RouteContext,
    routes: &[Route],
    resolved: Vec<Resolved<'g>>,
) -> Result<Vec<RouteRevenue>, Violation> {
    debug_assert_eq!(routes.len(), resolved.len());
    let mut resolved = resolved.into_iter();
    judge_each(faces, ctx, routes, &mut |_, which| {
        let route = resolved.next().ok_or_else(|| {
            refuse(
                "route_too_short",
                ctx.sections.routes,
                format!("{which}: a route runs between at least two stops"),
            )
        })?;
        reading::check_passable(faces, ctx, &route.nodes, which)?;
        Ok(route)
    })
}

/// Judges each route in turn, read onto the board by `resolve`: each train once, no track
/// used twice, each route's revenue; then the title's money of the whole run.
fn judge_each<'g>(
    faces: &Faces,
    ctx: &RouteContext,
    routes: &[Route],
    resolve: &mut dyn FnMut(&Route, Which) -> Result<Resolved<'g>, Violation>,
) -> Result<Vec<RouteRevenue>, Violation> {
    // Long: the routes' refusals, one after another in the order the rules give them.
    let board = faces.board();
    // A run has a few routes of a few paths each: a list is searched faster than a set hashes.
    let mut used_track: Vec<(usize, u8)> = Vec::with_capacity(8 * routes.len());
    let mut used_trains: Vec<&str> = Vec::with_capacity(routes.len());
    let mut judged = Vec::with_capacity(routes.len());
    // The company's stations, which every route's counting asks after.
    let stations = company_sources(board, ctx);
    for (i, route) in routes.iter().enumerate() {
        let which = Which {
            index: i,
            train: &route.train,
        };
        let Some(train) = ctx.trains.iter().find(|t| t.id == route.train) else {
            return Err(refuse(
                "unknown_train",
                ctx.sections.routes,
                format!("{which}: {} owns no train {}", ctx.company, route.train),
            ));
        };
        if used_trains.contains(&route.train.as_str()) {
            return Err(refuse(
                "train_runs_twice",
                ctx.sections.routes,
                format!("{which}: a train runs one route"),
            ));
        }
        used_trains.push(&route.train);
        let side = (ctx.side_of)(&train.side).ok_or_else(|| {
            refuse(
                "unknown_train",
                ctx.sections.routes,
                format!("{which}: no train side {}", train.side),
            )
        })?;
        let resolved = resolve(route, which)?;
        // No piece of track twice: an edge of a hex is track, whichever path reaches it.
        for link in resolved.links.iter().chain(&resolved.extension_links) {
            for piece in &link.track {
                if used_track.contains(piece) {
                    return Err(refuse(
                        "track_used_twice",
                        ctx.sections.routes,
                        format!(
                            "{which} uses track in {} that another route (or itself) already uses",
                            ctx.map.hexes[piece.0].id
                        ),
                    ));
                }
                used_track.push(*piece);
            }
        }
        let revenue = revenue_showing(board, Some(faces), ctx, side, &stations, &resolved, which)?;
        judged.push((resolved, revenue));
    }
    // Money of the whole run is known once every route is: only then are claims checked.
    let run: Vec<RunRoute> = judged
        .iter()
        .zip(routes)
        .map(|((resolved, revenue), route)| RunRoute {
            train: &route.train,
            route: resolved,
            revenue,
        })
        .collect();
    let run_bonuses = ctx.title.run_bonuses(ctx, &run);
    Ok(judged
        .into_iter()
        .enumerate()
        .map(|(i, (_, mut revenue))| {
            let run_bonus = run_bonuses.get(i).copied().unwrap_or(0);
            revenue.bonuses += run_bonus;
            revenue.total += run_bonus;
            revenue
        })
        .collect())
}

/// Judges the routes ([`judge_routes`]) and checks each claimed revenue; returns each route's
/// revenue.
pub fn check_routes(
    board: &Board,
    ctx: &RouteContext,
    routes: &[Route],
) -> Result<Vec<RouteRevenue>, Violation> {
    let revenues = judge_routes(board, ctx, routes)?;
    check_claims(ctx, routes, &revenues)?;
    Ok(revenues)
}

/// Checks each route's claimed revenue against its judged one (`revenues`, of
/// [`judge_routes`]).
pub fn check_claims(
    ctx: &RouteContext,
    routes: &[Route],
    revenues: &[RouteRevenue],
) -> Result<(), Violation> {
    for (i, (revenue, route)) in revenues.iter().zip(routes).enumerate() {
        if revenue.total != route.revenue {
            let which = Which {
                index: i,
                train: &route.train,
            };
            let (more, by) = if route.revenue > revenue.total {
                ("more", route.revenue - revenue.total)
            } else {
                ("less", revenue.total - route.revenue)
            };
            return Err(refuse(
                "wrong_revenue",
                ctx.sections.revenue,
                format!(
                    "{which} earns ${} (stops ${}, ferries ${}, bonuses ${}); ${} was claimed, ${by} {more}",
                    revenue.total, revenue.stops, revenue.ferries, revenue.bonuses, route.revenue
                ),
            ));
        }
    }
    Ok(())
}

/// The connections `route` claims (its interconnection's too): each stop, the next, and the
/// hexes between, for those that name real stops and hexes.
fn claimed_links(c: &Map, route: &Route) -> Vec<(Node, Node, Vec<usize>)> {
    let stops =
        |texts: &[Name]| -> Vec<Option<Node>> { texts.iter().map(|t| parse_node(c, t)).collect() };
    let mut nodes = stops(&route.nodes);
    let mut connections: Vec<&Vec<Name>> = route.connections.iter().collect();
    if let Some(ext) = &route.extension {
        // The interconnection's first connection starts at the route's last stop.
        connections.truncate(nodes.len().saturating_sub(1));
        nodes.extend(stops(&ext.nodes));
        connections.extend(&ext.connections);
    }
    nodes
        .windows(2)
        .zip(connections)
        .filter_map(|(pair, hexes)| {
            let hexes: Option<Vec<usize>> = hexes.iter().map(|h| c.hex_index(h)).collect();
            Some((pair[0]?, pair[1]?, hexes?))
        })
        .collect()
}

/// The stops the company's routes start from: its stations and the off-boards it may use.
pub fn company_sources(board: &Board, ctx: &RouteContext) -> Vec<Node> {
    let c = ctx.map;
    let mut sources: Vec<Node> = board
        .stations_of(ctx.company)
        .filter_map(|s| {
            Some(Node {
                hex: c.hex_index(&s.hex)?,
                stop: s.city,
            })
        })
        .chain(ctx.extra_sources.iter().copied())
        .collect();
    sources.sort();
    sources.dedup();
    sources
}
