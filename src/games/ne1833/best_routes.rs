//! The best routes: the set of routes for a company's trains that earns the most, by an exact
//! search. Each train's candidates are the routes through one of the company's stations
//! (one arm from the station, or two arms joined at it); the assignment of candidates to
//! trains is a depth-first search, best candidates first, cut off when the remaining trains'
//! best cannot beat the best found.

use std::collections::{HashMap, HashSet};

use super::board::{Board, Node};
use super::graph::{Graph, Link};
use super::routes::{Resolved, Route, RouteContext, revenue};

/// A candidate route for one train.
#[derive(Debug, Clone)]
struct Candidate {
    nodes: Vec<Node>,
    links: Vec<usize>,
    /// The track it uses, as bits over the links' paths.
    track: Vec<u64>,
    revenue: u32,
}

/// The routes that earn the most for the company's trains, with their revenue filled in.
pub fn best_routes(board: &Board, ctx: &RouteContext) -> Vec<Route> {
    let c = ctx.components;
    let starts = super::routes::company_sources(board, ctx);
    let graph = Graph::build_from(board, c, &starts);
    let bits = TrackBits::new(&graph);
    let mut per_train: Vec<(String, Vec<Candidate>)> = Vec::new();
    let mut by_side: HashMap<String, Vec<Candidate>> = HashMap::new();
    for train in ctx.trains {
        let Some(side) = c.train_side(&train.side) else {
            continue;
        };
        let candidates = by_side
            .entry(train.side.clone())
            .or_insert_with(|| {
                let reach = side
                    .distance
                    .iter()
                    .map(|d| usize::from(d.visit))
                    .sum::<usize>();
                let mut found = candidates(board, ctx, &graph, &bits, &starts, reach, side);
                found.sort_by_key(|c| std::cmp::Reverse(c.revenue));
                found
            })
            .clone();
        per_train.push((train.id.clone(), candidates));
    }
    let mut search = Search {
        trains: &per_train,
        best_total: 0,
        best: vec![None; per_train.len()],
        chosen: vec![None; per_train.len()],
        bound: per_train
            .iter()
            .map(|(_, cands)| cands.first().map_or(0, |c| c.revenue))
            .collect(),
    };
    search.run(0, 0, &vec![0; bits.words()]);
    search
        .best
        .iter()
        .enumerate()
        .filter_map(|(t, choice)| {
            let candidate = &per_train[t].1[(*choice)?];
            let resolved = Resolved::new(
                candidate.nodes.clone(),
                candidate.links.iter().map(|&l| &graph.links[l]).collect(),
            );
            Some(resolved.to_route(c, &per_train[t].0, candidate.revenue))
        })
        .collect()
}

/// Bit positions for the paths links use.
struct TrackBits {
    index: HashMap<(usize, u8), usize>,
}

impl TrackBits {
    fn new(graph: &Graph) -> TrackBits {
        let mut index = HashMap::new();
        for link in &graph.links {
            for path in &link.paths {
                let next = index.len();
                index.entry(*path).or_insert(next);
            }
        }
        TrackBits { index }
    }

    fn words(&self) -> usize {
        self.index.len().div_ceil(64).max(1)
    }

    fn of(&self, links: &[&Link]) -> Option<Vec<u64>> {
        let mut bits = vec![0u64; self.words()];
        for link in links {
            for path in &link.paths {
                let i = self.index[path];
                if bits[i / 64] & (1 << (i % 64)) != 0 {
                    return None;
                }
                bits[i / 64] |= 1 << (i % 64);
            }
        }
        Some(bits)
    }
}

fn disjoint(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == 0)
}

/// Every route of at most `reach` stops through one of `starts`, judged by the route rules.
fn candidates(
    board: &Board,
    ctx: &RouteContext,
    graph: &Graph,
    bits: &TrackBits,
    starts: &[Node],
    reach: usize,
    side: &super::data::TrainSide,
) -> Vec<Candidate> {
    let mut seen: HashSet<(Vec<Node>, Vec<usize>)> = HashSet::new();
    let mut out = Vec::new();
    for &start in starts {
        let mut arms: Vec<(Vec<Node>, Vec<usize>)> = Vec::new();
        arms_from(
            board,
            ctx,
            graph,
            reach,
            &mut vec![start],
            &mut vec![],
            &mut arms,
        );
        // A route is one arm, or two arms joined at the start.
        let mut consider = |nodes: Vec<Node>, links: Vec<usize>| {
            let key = canonical(&nodes, &links);
            if !seen.insert(key) {
                return;
            }
            let refs: Vec<&Link> = links.iter().map(|&l| &graph.links[l]).collect();
            let Some(track) = bits.of(&refs) else {
                return;
            };
            let resolved = Resolved::new(nodes.clone(), refs);
            if !ends_and_middles_ok(board, ctx, &resolved.nodes) {
                return;
            }
            if let Ok(r) = revenue(board, ctx, side, &resolved, "", "") {
                out.push(Candidate {
                    nodes,
                    links,
                    track,
                    revenue: r.total,
                });
            }
        };
        for (nodes, links) in &arms {
            consider(nodes.clone(), links.clone());
        }
        for (i, (n1, l1)) in arms.iter().enumerate() {
            for (n2, l2) in &arms[i + 1..] {
                if n1.len() + n2.len() - 1 > reach || n1[1..].iter().any(|n| n2[1..].contains(n)) {
                    continue;
                }
                let mut nodes: Vec<Node> = n1.iter().rev().copied().collect();
                nodes.extend(&n2[1..]);
                let mut links: Vec<usize> = l1.iter().rev().copied().collect();
                links.extend(l2);
                consider(nodes, links);
            }
        }
    }
    out
}

/// The same route read from either end is one route.
fn canonical(nodes: &[Node], links: &[usize]) -> (Vec<Node>, Vec<usize>) {
    if nodes.first() <= nodes.last() {
        (nodes.to_vec(), links.to_vec())
    } else {
        (
            nodes.iter().rev().copied().collect(),
            links.iter().rev().copied().collect(),
        )
    }
}

/// Only the ends may be off-boards, terminals or cities blocked for the company.
fn ends_and_middles_ok(board: &Board, ctx: &RouteContext, nodes: &[Node]) -> bool {
    nodes.len() >= 2
        && nodes[1..nodes.len() - 1]
            .iter()
            .all(|&n| board.passable(ctx.components, n, Some(ctx.company)))
}

/// Every arm from `start`: sequences of links to distinct stops, at most `reach` stops,
/// continuing only through stops a route may pass.
#[allow(clippy::too_many_arguments)]
fn arms_from(
    board: &Board,
    ctx: &RouteContext,
    graph: &Graph,
    reach: usize,
    nodes: &mut Vec<Node>,
    links: &mut Vec<usize>,
    out: &mut Vec<(Vec<Node>, Vec<usize>)>,
) {
    let here = *nodes.last().expect("an arm starts at its station");
    if nodes.len() > 1 {
        out.push((nodes.clone(), links.clone()));
        if !board.passable(ctx.components, here, Some(ctx.company)) {
            return;
        }
    }
    if nodes.len() >= reach {
        return;
    }
    let Some(at) = graph.at.get(&here) else {
        return;
    };
    for &l in at {
        let link = &graph.links[l];
        let next = if link.a == here { link.b } else { link.a };
        if nodes.contains(&next) || links.contains(&l) {
            continue;
        }
        if links
            .iter()
            .any(|&k| graph.links[k].paths.iter().any(|p| link.paths.contains(p)))
        {
            continue;
        }
        nodes.push(next);
        links.push(l);
        arms_from(board, ctx, graph, reach, nodes, links, out);
        nodes.pop();
        links.pop();
    }
}

struct Search<'a> {
    trains: &'a [(String, Vec<Candidate>)],
    best_total: u32,
    best: Vec<Option<usize>>,
    chosen: Vec<Option<usize>>,
    /// The best candidate's revenue of each train: an upper bound of what it adds.
    bound: Vec<u32>,
}

impl Search<'_> {
    fn run(&mut self, train: usize, total: u32, used: &[u64]) {
        if total > self.best_total {
            self.best_total = total;
            self.best = self.chosen.clone();
        }
        if train == self.trains.len() {
            return;
        }
        let remaining: u32 = self.bound[train..].iter().sum();
        if total + remaining <= self.best_total {
            return;
        }
        for (i, candidate) in self.trains[train].1.iter().enumerate() {
            if total + candidate.revenue + self.bound[train + 1..].iter().sum::<u32>()
                <= self.best_total
            {
                break;
            }
            if !disjoint(used, &candidate.track) {
                continue;
            }
            let merged: Vec<u64> = used
                .iter()
                .zip(&candidate.track)
                .map(|(a, b)| a | b)
                .collect();
            self.chosen[train] = Some(i);
            self.run(train + 1, total + candidate.revenue, &merged);
            self.chosen[train] = None;
        }
        // The train may also stay home.
        self.run(train + 1, total, used);
    }
}
