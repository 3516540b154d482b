//! Routes: judging the routes a company submits (`run_routes`) and computing their revenue.

use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use utoipa::ToSchema;

use super::board::{Board, Node};
use super::data::{Band, Components, Provisional, StopKind, TrainSide};
use super::graph::{GRAPH_STEPS, Graph, Link};
use super::rules::section;
use crate::core::{Budget, Deadline, Violation};

/// One train's route, in the vocabulary of tobymao/18xx: the stops visited in order
/// (`"HEX-stop"`, e.g. `"G22-0"`), the hexes from each stop to the next (both ends included),
/// and the revenue claimed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Route)]
pub struct Route {
    pub train: String,
    // Bounds: a train visits at most 10 stops (a 7+3); an extension may cross the map.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 16>")]
    #[schema(max_items = 16)]
    pub nodes: Vec<String>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 16>")]
    #[schema(max_items = 16)]
    pub connections: Vec<Vec<String>>,
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
#[schema(as = Ne1833Extension)]
pub struct Extension {
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 128>")]
    #[schema(max_items = 128)]
    pub nodes: Vec<String>,
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 128>")]
    #[schema(max_items = 128)]
    pub connections: Vec<Vec<String>>,
}

/// A train the company owns: its id and the side it was bought as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedTrain {
    pub id: String,
    pub side: String,
}

/// What routes are judged against besides the board.
pub struct RouteContext<'a> {
    pub components: &'a Components,
    pub provisional: &'a Provisional,
    pub band: Band,
    /// Phases I-III: P4 doubles bonuses of routes from A6 to Boston then.
    pub before_phase_four: bool,
    pub company: &'a str,
    pub trains: &'a [OwnedTrain],
    /// Ferry ids the company owns.
    pub ferries: &'a [String],
    /// The ferry bought last in the game (it carries the New ferry bonus).
    pub new_ferry: Option<&'a str>,
    /// The ferry P5 doubles, if the company owns P5 and chose one.
    pub luxury_ferry: Option<&'a str>,
    /// The company owns P4 (Ogdensburg, A6).
    pub ogdensburg: bool,
    /// The company owns P6 (D&H, A12).
    pub delaware_and_hudson: bool,
    /// Stops the company may use as if it had a station there (P4's A6, P6's A12).
    pub extra_sources: &'a [Node],
}

/// The revenue of one judged route, itemised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Ne1833RouteRevenue)]
pub struct RouteRevenue {
    pub train: String,
    /// The stops counted, with their values.
    pub stops: u32,
    pub ferries: u32,
    pub bonuses: u32,
    pub total: u32,
}

fn refuse(code: &str, rule: &str, message: String) -> Violation {
    Violation::new(code, rule, message)
}

/// A route resolved onto the board: its stops and the link between each two.
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
    pub fn to_route(&self, components: &Components, train: &str, revenue: u32) -> Route {
        Route {
            train: train.to_string(),
            nodes: self
                .nodes
                .iter()
                .map(|&n| node_name(components, n))
                .collect(),
            connections: self
                .nodes
                .windows(2)
                .zip(&self.links)
                .map(|(pair, link)| {
                    let hexes: Vec<usize> = if link.a == pair[0] {
                        link.hexes.clone()
                    } else {
                        link.hexes.iter().rev().copied().collect()
                    };
                    hexes
                        .iter()
                        .map(|&h| components.hexes[h].id.clone())
                        .collect()
                })
                .collect(),
            revenue,
            extension: None,
        }
    }
}

fn parse_node(components: &Components, text: &str) -> Option<Node> {
    let (hex, stop) = text.rsplit_once('-')?;
    Some(Node {
        hex: components.hex_index(hex)?,
        stop: stop.parse().ok()?,
    })
}

fn node_name(components: &Components, node: Node) -> String {
    format!("{}-{}", components.hexes[node.hex].id, node.stop)
}

/// Judges the routes and checks each claimed revenue; returns each route's revenue.
pub fn check_routes(
    board: &Board,
    ctx: &RouteContext,
    routes: &[Route],
) -> Result<Vec<RouteRevenue>, Violation> {
    // Only the track the company's stations reach can carry its routes. Crafted boards make
    // that track's links exponential: past its budget, the routes are judged against the
    // track they claim only (linear in the claims), found anywhere on the board.
    let mut budget = Budget::new(GRAPH_STEPS, Deadline::current());
    let reached = Graph::build_within(
        board,
        ctx.components,
        &company_sources(board, ctx),
        &mut budget,
    );
    let whole_reach = budget.going();
    let graph = if whole_reach {
        reached
    } else {
        let claims: Vec<_> = routes
            .iter()
            .flat_map(|r| claimed_links(ctx.components, r))
            .collect();
        Graph::along(board, ctx.components, &claims)
    };
    let mut used_paths: HashSet<(usize, u8)> = HashSet::new();
    let mut used_trains: HashSet<&str> = HashSet::new();
    let mut revenues = Vec::with_capacity(routes.len());
    for (i, route) in routes.iter().enumerate() {
        let which = format!("route {} ({})", i + 1, route.train);
        let Some(train) = ctx.trains.iter().find(|t| t.id == route.train) else {
            return Err(refuse(
                "unknown_train",
                section::ROUTES,
                format!("{which}: {} owns no train {}", ctx.company, route.train),
            ));
        };
        if !used_trains.insert(&route.train) {
            return Err(refuse(
                "train_runs_twice",
                section::ROUTES,
                format!("{which}: a train runs one route"),
            ));
        }
        let side = ctx.components.train_side(&train.side).ok_or_else(|| {
            refuse(
                "unknown_train",
                section::ROUTES,
                format!("{which}: no train side {}", train.side),
            )
        })?;
        let resolved = match resolve(board, ctx, &graph, route, &which) {
            Err(v) if v.code == "not_connected" && whole_reach => {
                // Track may be there but out of the company's reach: say which.
                let everything =
                    Graph::along(board, ctx.components, &claimed_links(ctx.components, route));
                return Err(match resolve(board, ctx, &everything, route, &which) {
                    Ok(_) => refuse(
                        "no_station",
                        section::ROUTES,
                        format!(
                            "{which}: the route does not reach any of {}'s stations",
                            ctx.company
                        ),
                    ),
                    Err(precise) if precise.code != "not_connected" => precise,
                    Err(_) => v,
                });
            }
            other => other?,
        };
        for link in resolved.links.iter().chain(&resolved.extension_links) {
            for path in &link.paths {
                if !used_paths.insert(*path) {
                    return Err(refuse(
                        "track_used_twice",
                        section::ROUTES,
                        format!(
                            "{which} uses track in {} that another route (or itself) already uses",
                            ctx.components.hexes[path.0].id
                        ),
                    ));
                }
            }
        }
        let revenue = revenue(board, ctx, side, &resolved, &route.train, &which)?;
        if revenue.total != route.revenue {
            let (more, by) = if route.revenue > revenue.total {
                ("more", route.revenue - revenue.total)
            } else {
                ("less", revenue.total - route.revenue)
            };
            return Err(refuse(
                "wrong_revenue",
                section::REVENUE,
                format!(
                    "{which} earns ${} (stops ${}, ferries ${}, bonuses ${}); ${} was claimed, ${by} {more}",
                    revenue.total, revenue.stops, revenue.ferries, revenue.bonuses, route.revenue
                ),
            ));
        }
        revenues.push(revenue);
    }
    Ok(revenues)
}

/// The connections `route` claims (its interconnection's too): each stop, the next, and the
/// hexes between, for those that name real stops and hexes.
fn claimed_links(c: &Components, route: &Route) -> Vec<(Node, Node, Vec<usize>)> {
    let stops = |texts: &[String]| -> Vec<Option<Node>> {
        texts.iter().map(|t| parse_node(c, t)).collect()
    };
    let mut nodes = stops(&route.nodes);
    let mut connections: Vec<&Vec<String>> = route.connections.iter().collect();
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
    let c = ctx.components;
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

/// One route being read: the board and graph it runs on, its name in messages (`which`), and
/// the stops it has taken so far (none twice).
struct RouteReader<'a, 'g> {
    board: &'a Board,
    ctx: &'a RouteContext<'a>,
    graph: &'g Graph,
    which: &'a str,
    taken: Vec<Node>,
}

impl<'g> RouteReader<'_, 'g> {
    /// Reads `texts` as stops and `connections` as the hexes to each from the stop before (`from`,
    /// or the first stop itself when `from` is `None`); every stop distinct from `taken`.
    fn chain(
        &mut self,
        from: Option<Node>,
        texts: &[String],
        connections: &[Vec<String>],
    ) -> Result<(Vec<Node>, Vec<&'g Link>), Violation> {
        let Self {
            board,
            ctx,
            graph,
            which,
            ..
        } = *self;
        let c = ctx.components;
        let mut nodes = Vec::with_capacity(texts.len());
        for text in texts {
            let node = parse_node(c, text)
                .filter(|n| usize::from(n.stop) < board.face(c, &c.hexes[n.hex]).stops.len())
                .ok_or_else(|| {
                    refuse(
                        "unknown_stop",
                        section::ROUTES,
                        format!("{which}: there is no stop {text}"),
                    )
                })?;
            if self.taken.contains(&node) {
                return Err(refuse(
                    "stop_visited_twice",
                    section::ROUTES,
                    format!("{which} visits {text} twice"),
                ));
            }
            self.taken.push(node);
            nodes.push(node);
        }
        let starts: Vec<Node> = from.into_iter().chain(nodes.iter().copied()).collect();
        let expected = starts.len().saturating_sub(1);
        if connections.len() != expected {
            return Err(refuse(
                "bad_connections",
                section::ROUTES,
                format!(
                    "{which}: {} stops need {expected} connections, not {}",
                    starts.len(),
                    connections.len()
                ),
            ));
        }
        let mut links = Vec::with_capacity(expected);
        for (k, hexes) in connections.iter().enumerate() {
            let indices: Option<Vec<usize>> = hexes.iter().map(|h| c.hex_index(h)).collect();
            let link = indices.and_then(|hexes| graph.find(starts[k], starts[k + 1], &hexes));
            let Some(link) = link else {
                return Err(refuse(
                    "not_connected",
                    section::ROUTES,
                    format!(
                        "{which}: no track runs from {} to {} through {}",
                        node_name(c, starts[k]),
                        node_name(c, starts[k + 1]),
                        hexes.join(", ")
                    ),
                ));
            };
            links.push(link);
        }
        Ok((nodes, links))
    }

    /// The interconnection runs on from the route's last stop, through any city (blocked ones too)
    /// but never through an off-board area or a terminal, to a bonus location.
    fn extension(
        &mut self,
        route: &[Node],
        ext: &Extension,
    ) -> Result<(Vec<Node>, Vec<&'g Link>), Violation> {
        let Self {
            board, ctx, which, ..
        } = *self;
        let c = ctx.components;
        let last = *route.last().expect("a route has two stops");
        if ext.nodes.is_empty() {
            return Err(refuse(
                "bad_extension",
                section::BONUSES,
                format!("{which}: an extension names at least one stop"),
            ));
        }
        let (nodes, links) = self.chain(Some(last), &ext.nodes, &ext.connections)?;
        for &node in std::iter::once(&last).chain(&nodes[..nodes.len() - 1]) {
            if !board.passable(c, node, None) {
                return Err(refuse(
                    "route_blocked",
                    section::BONUSES,
                    format!(
                        "{which}: the extension cannot run on through {}",
                        node_name(c, node)
                    ),
                ));
            }
        }
        let end = &c.hexes[nodes[nodes.len() - 1].hex].id;
        let bonus_location = ctx
            .provisional
            .bonuses
            .iter()
            .any(|b| b.between.contains(end))
            || ctx
                .provisional
                .ferries
                .iter()
                .any(|f| ctx.ferries.contains(&f.id) && &f.city == end);
        if !bonus_location {
            return Err(refuse(
                "extension_to_nowhere",
                section::BONUSES,
                format!("{which}: the extension ends in {end}, which is no bonus location"),
            ));
        }
        Ok((nodes, links))
    }
}

/// Finds the track of a route: its stops, the link between each two, and its interconnection.
fn resolve<'g>(
    board: &Board,
    ctx: &RouteContext,
    graph: &'g Graph,
    route: &Route,
    which: &str,
) -> Result<Resolved<'g>, Violation> {
    let c = ctx.components;
    let mut reader = RouteReader {
        board,
        ctx,
        graph,
        which,
        taken: Vec::new(),
    };
    if route.nodes.len() < 2 {
        return Err(refuse(
            "route_too_short",
            section::ROUTES,
            format!("{which}: a route runs between at least two stops"),
        ));
    }
    let (nodes, links) = reader.chain(None, &route.nodes, &route.connections)?;
    // Only the ends may be off-boards, terminal junctions or cities full of others' stations.
    for &node in &nodes[1..nodes.len() - 1] {
        if !board.passable(c, node, Some(ctx.company)) {
            return Err(refuse(
                "route_blocked",
                section::ROUTES,
                format!(
                    "{which} runs through {}, where it must end (an off-board area, a terminal, or a city full of other companies' stations)",
                    node_name(c, node)
                ),
            ));
        }
    }
    let (extension, extension_links) = match &route.extension {
        None => (Vec::new(), Vec::new()),
        Some(ext) => reader.extension(&nodes, ext)?,
    };
    Ok(Resolved {
        nodes,
        links,
        extension,
        extension_links,
    })
}

/// What a stop is worth to this route.
fn stop_value(
    board: &Board,
    ctx: &RouteContext,
    node: Node,
    route_nodes: &[Node],
) -> (StopKind, u32) {
    let c = ctx.components;
    let hex = &c.hexes[node.hex];
    let face = board.face(c, hex);
    let stop = &face.stops[usize::from(node.stop)];
    let mut value = match &stop.revenue_by_phase {
        Some(bands) => bands.value(ctx.band),
        None => stop.revenue.unwrap_or(0),
    };
    if hex.id == "A12" {
        // The D&H pays only on a route to or through Montreal.
        let montreal = route_nodes.iter().any(|n| c.hexes[n.hex].id == "B3");
        value = if montreal {
            ctx.provisional.delaware_and_hudson[ctx.band.index()]
        } else {
            0
        };
    }
    (stop.kind, value)
}

/// Judges the train's reach over the route and computes its revenue.
pub fn revenue(
    board: &Board,
    ctx: &RouteContext,
    side: &TrainSide,
    route: &Resolved,
    train: &str,
    which: &str,
) -> Result<RouteRevenue, Violation> {
    let c = ctx.components;
    let stations: HashSet<Node> = company_sources(board, ctx).into_iter().collect();
    if route.nodes.iter().any(|n| c.hexes[n.hex].id == "A12") && !ctx.delaware_and_hudson {
        return Err(refuse(
            "d_and_h_only",
            section::BONUSES,
            format!("{which}: only the company owning the D&H (P6) may run to A12"),
        ));
    }
    // Stops that count towards the train's reach (junctions are track meeting points).
    let valued: Vec<(Node, StopKind, u32)> = route
        .nodes
        .iter()
        .map(|&n| {
            let (kind, value) = stop_value(board, ctx, n, &route.nodes);
            (n, kind, value)
        })
        .filter(|(_, kind, _)| *kind != StopKind::Junction)
        .collect();
    let stops = counted_value(side, &valued, &stations).map_err(|problem| match problem {
        Counting::TooLong => refuse(
            "route_too_long",
            section::ROUTES,
            format!(
                "{which}: a {} cannot visit {} stops",
                side.name,
                valued.len()
            ),
        ),
        Counting::NoStation => refuse(
            "no_station",
            section::ROUTES,
            format!(
                "{which}: the stops counted include none of {}'s stations",
                ctx.company
            ),
        ),
    })?;
    let ferries = ferry_value(ctx, route);
    let bonuses = bonus_value(ctx, route);
    Ok(RouteRevenue {
        train: train.to_string(),
        stops,
        ferries,
        bonuses,
        total: stops + ferries + bonuses,
    })
}

/// Why a train cannot run a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counting {
    TooLong,
    NoStation,
}

/// The value the train counts: an N/M train visits at most M stops and counts the best N, one
/// of them a station of the company; an N+s train counts N stops of any kind plus up to s
/// towns, a station of the company among them.
pub fn counted_value(
    side: &TrainSide,
    stops: &[(Node, StopKind, u32)],
    stations: &HashSet<Node>,
) -> Result<u32, Counting> {
    let Some(any) = side.distance.iter().find(|d| d.nodes.len() > 1) else {
        return Err(Counting::TooLong);
    };
    let towns_only = side.distance.iter().find(|d| d.nodes == [StopKind::Town]);
    let is_station = |n: &Node| stations.contains(n);
    if let Some(extra) = towns_only {
        let non_towns = stops
            .iter()
            .filter(|(_, k, _)| *k != StopKind::Town)
            .count();
        if non_towns > usize::from(any.pay) || stops.len() > usize::from(any.pay + extra.pay) {
            return Err(Counting::TooLong);
        }
        if !stops.iter().any(|(n, _, _)| is_station(n)) {
            return Err(Counting::NoStation);
        }
        return Ok(stops.iter().map(|(_, _, v)| v).sum());
    }
    if stops.len() > usize::from(any.visit) {
        return Err(Counting::TooLong);
    }
    let mut values: Vec<(u32, bool)> = stops.iter().map(|(n, _, v)| (*v, is_station(n))).collect();
    values.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let pay = usize::from(any.pay).min(values.len());
    let best = &values[..pay];
    let sum: u32 = best.iter().map(|(v, _)| v).sum();
    if best.iter().any(|(_, s)| *s) {
        return Ok(sum);
    }
    // Swap the lowest counted stop for the company's best station.
    let station = values[pay..]
        .iter()
        .find(|(_, s)| *s)
        .ok_or(Counting::NoStation)?;
    let dropped = best.last().map_or(0, |(v, _)| *v);
    Ok(sum - dropped + station.0)
}

/// Ferries the company owns whose city the route visits: each its value, the newest ferry's
/// bonus on top, P5 doubling one of them with its bonus.
fn ferry_value(ctx: &RouteContext, route: &Resolved) -> u32 {
    let c = ctx.components;
    let hexes: HashSet<&str> = route
        .nodes
        .iter()
        .map(|n| c.hexes[n.hex].id.as_str())
        .collect();
    ctx.provisional
        .ferries
        .iter()
        .filter(|f| ctx.ferries.contains(&f.id) && hexes.contains(f.city.as_str()))
        .map(|f| {
            let newest = if ctx.new_ferry == Some(f.id.as_str()) {
                ctx.provisional.new_ferry_bonus
            } else {
                0
            };
            let value = f.value + newest;
            if ctx.luxury_ferry == Some(f.id.as_str()) {
                2 * value
            } else {
                value
            }
        })
        .sum()
}

/// Bonuses for linking two locations, by phase band. A ferry the company owns makes its city
/// count as Boston. P4 doubles them on a route from A6 to Boston before phase IV.
fn bonus_value(ctx: &RouteContext, route: &Resolved) -> u32 {
    let c = ctx.components;
    let mut hexes: HashSet<&str> = route
        .nodes
        .iter()
        .chain(&route.extension)
        .map(|n| c.hexes[n.hex].id.as_str())
        .collect();
    let ferry_to_boston = ctx
        .provisional
        .ferries
        .iter()
        .any(|f| ctx.ferries.contains(&f.id) && hexes.contains(f.city.as_str()));
    if ferry_to_boston {
        hexes.insert("G22");
    }
    let total: u32 = ctx
        .provisional
        .bonuses
        .iter()
        .filter(|b| hexes.contains(b.between[0].as_str()) && hexes.contains(b.between[1].as_str()))
        .map(|b| b.values[ctx.band.index()])
        .sum();
    let doubled =
        ctx.ogdensburg && ctx.before_phase_four && hexes.contains("A6") && hexes.contains("G22");
    if doubled { 2 * total } else { total }
}
