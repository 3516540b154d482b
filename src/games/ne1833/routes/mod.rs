//! Routes (docs/rules/1833ne.md#routes): judging the routes a company submits (`run_routes`)
//! and computing their revenue. This file holds what a route is and the judging of a company's
//! routes together (each train once, no track shared); reading one route's stops and track is
//! `reading`, its value `revenue`.

mod reading;
mod revenue;

pub use revenue::{Counting, counted_value, revenue};

use crate::core::{Budget, Deadline, Violation};
use crate::games::ne1833::board::{Board, Node};
use crate::games::ne1833::data::{Band, Components, Provisional};
use crate::games::ne1833::graph::{GRAPH_STEPS, Graph, Link};
use crate::games::ne1833::rules::section;
use reading::resolve;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use utoipa::ToSchema;

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
    // Long: the routes' refusals, one after another in the order the rules give them.
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
