//! A route's revenue (docs/rules/1833ne.md#revenue, #ferries, #bonuses): its stops' values by
//! the train's counting, the ferries' and the bonuses'.

use super::{Resolved, RouteContext, RouteRevenue, company_sources, refuse};
use crate::core::Violation;
use crate::games::ne1833::board::{Board, Node};
use crate::games::ne1833::data::{StopKind, TrainSide};
use crate::games::ne1833::rules::section;
use std::collections::HashSet;

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
