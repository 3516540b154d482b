//! A route's revenue: its stops' values by the train's counting, and what the title adds.

use super::{Extras, Resolved, RouteContext, RouteRevenue, Which, refuse};
use crate::core::Violation;
use crate::games::kit18xx::board::{Board, Faces, Node};
use crate::games::kit18xx::map::{StopKind, TrainSide};

/// What a stop is worth to this route: what it prints in the band, as the title counts it.
fn stop_value(
    board: &Board,
    faces: Option<&Faces>,
    ctx: &RouteContext,
    node: Node,
    route_nodes: &[Node],
) -> (StopKind, u32) {
    let c = ctx.map;
    let stops = match faces {
        Some(faces) => faces.of(node.hex).stops,
        None => board.face(c, node.hex).stops,
    };
    let stop = &stops[usize::from(node.stop)];
    let printed = stop.value(ctx.band);
    (
        stop.kind,
        ctx.title.stop_value(ctx, node, printed, route_nodes),
    )
}

/// Judges the train's reach over the route and computes its revenue; `stations` are the
/// company's ([`super::company_sources`]), of which the train must count one.
pub fn revenue(
    board: &Board,
    ctx: &RouteContext,
    side: &TrainSide,
    stations: &[Node],
    route: &Resolved,
    which: Which,
) -> Result<RouteRevenue, Violation> {
    revenue_showing(board, None, ctx, side, stations, route, which)
}

/// [`revenue`], the stops read from `faces` when given (the faces of `board`).
pub(super) fn revenue_showing(
    board: &Board,
    faces: Option<&Faces>,
    ctx: &RouteContext,
    side: &TrainSide,
    stations: &[Node],
    route: &Resolved,
    which: Which,
) -> Result<RouteRevenue, Violation> {
    ctx.title.judge(ctx, route, which)?;
    // Stops that count towards the train's reach (junctions are track meeting points).
    let valued: Vec<(Node, StopKind, u32)> = route
        .nodes
        .iter()
        .map(|&n| {
            let (kind, value) = stop_value(board, faces, ctx, n, &route.nodes);
            (n, kind, value)
        })
        .filter(|(_, kind, _)| *kind != StopKind::Junction)
        .collect();
    let counting = if ctx.title.counts_for_bonuses() {
        let nodes: Vec<Node> = valued.iter().map(|(n, _, _)| *n).collect();
        let bonuses = ctx.title.counted_bonuses(ctx, board, &nodes);
        counted_with_bonuses(side, &valued, stations, &*bonuses)
    } else {
        counted_value(side, &valued, stations).map(|value| (value, 0))
    };
    let (stops, counted_bonuses) = counting.map_err(|problem| match problem {
        Counting::TooLong => refuse(
            "route_too_long",
            ctx.sections.routes,
            format!(
                "{which}: a {} cannot visit {} stops",
                side.name,
                valued.len()
            ),
        ),
        Counting::NoStation => refuse(
            "no_station",
            ctx.sections.routes,
            format!(
                "{which}: the stops counted include none of {}'s stations",
                ctx.company
            ),
        ),
    })?;
    let Extras { ferries, bonuses } = ctx.title.extras(ctx, board, route);
    let bonuses = bonuses + counted_bonuses;
    Ok(RouteRevenue {
        train: which.train.to_string(),
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
    stations: &[Node],
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

/// [`counted_value`] for a title whose bonuses pay for counted stops only: the values and the
/// bonuses of the stops the train counts. A train that counts every stop it visits counts them
/// all; an N/M train counts the N (all, if it visits fewer) whose values and bonuses together
/// are greatest, a station of the company among them. As 18xx.games chooses (`compute_stops`),
/// a tie goes to the first such set in the order of combinations of the route's stops.
pub fn counted_with_bonuses(
    side: &TrainSide,
    stops: &[(Node, StopKind, u32)],
    stations: &[Node],
    bonuses: &dyn Fn(&[usize]) -> u32,
) -> Result<(u32, u32), Counting> {
    // Judges the train's reach and that a station counts, the same for every title.
    let by_value = counted_value(side, stops, stations)?;
    let visits_more = side
        .distance
        .iter()
        .find(|d| d.nodes.len() > 1)
        .filter(|d| d.visit > d.pay && side.distance.len() == 1);
    // A train that counts every stop it visits (or an N/M train visiting at most N) has one
    // set of stops to count: all of them.
    let Some(reach) = visits_more.filter(|reach| usize::from(reach.pay) < stops.len()) else {
        let all: Vec<usize> = (0..stops.len()).collect();
        return Ok((by_value, bonuses(&all)));
    };
    let pay = usize::from(reach.pay);
    let mut best: Option<(u32, u32)> = None;
    // Asked once per stop, not once per set of stops; one buffer for every set.
    let at_station: Vec<bool> = stops.iter().map(|(n, _, _)| stations.contains(n)).collect();
    for_each_combination(stops.len(), pay, &mut |chosen| {
        if !chosen.iter().any(|&i| at_station[i]) {
            return;
        }
        let value: u32 = chosen.iter().map(|&i| stops[i].2).sum();
        let bonus = bonuses(chosen);
        if best.is_none_or(|(v, b)| value + bonus > v + b) {
            best = Some((value, bonus));
        }
    });
    best.ok_or(Counting::NoStation)
}

/// Calls `visit` with every `k` of the indices `0..n`, in increasing order, in lexicographic
/// order of the sets (as Ruby's `combination` gives them).
fn for_each_combination(n: usize, k: usize, visit: &mut dyn FnMut(&[usize])) {
    fn extend(
        start: usize,
        n: usize,
        k: usize,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]),
    ) {
        if chosen.len() == k {
            visit(chosen);
            return;
        }
        // Only indices that leave enough after them to complete the set.
        let last = n - (k - chosen.len());
        for i in start..=last {
            chosen.push(i);
            extend(i + 1, n, k, chosen, visit);
            chosen.pop();
        }
    }
    if k <= n {
        extend(0, n, k, &mut Vec::with_capacity(k), visit);
    }
}

#[cfg(test)]
mod tests {
    use super::for_each_combination;

    /// Every set of `k` of `0..n`, each once, in the order Ruby's `combination` gives them
    /// (lexicographic): the tie between equal totals goes to the first.
    #[test]
    fn every_combination_is_visited_once_in_rubys_order() {
        for n in 0..8usize {
            for k in 0..=n + 1 {
                let mut visited: Vec<Vec<usize>> = Vec::new();
                for_each_combination(n, k, &mut |chosen| visited.push(chosen.to_vec()));
                // Every subset of 0..n of size k, by bit masks, in lexicographic order.
                let mut expected: Vec<Vec<usize>> = (0u32..1 << n)
                    .filter(|mask| mask.count_ones() as usize == k)
                    .map(|mask| (0..n).filter(|i| mask & 1 << i != 0).collect())
                    .collect();
                expected.sort();
                assert_eq!(visited, expected, "{k} of {n}");
            }
        }
    }
}
