//! The best routes: the set of routes for a company's trains that earns the most, by an exact
//! search. Each train's candidates are the routes through one of the company's stations
//! (one arm from the station, or two arms joined at it); the assignment of candidates to
//! trains is a depth-first search, best candidates first, cut off when the remaining trains'
//! best cannot beat the best found.
//!
//! The search has a budget of [`SEARCH_STEPS`] steps (docs/rules/1833ne.md#routes): a board
//! `check` accepts can make it exponential (brown tile #44 on every plain hex and three 7+3s:
//! 232 million steps). Half the budget goes to finding candidates, shared between the train
//! sides, the rest (with what finding left) to assigning them; a search that stops there gives
//! the best routes it found, marked incomplete. Steps, not time, so that the same state always
//! gets the same routes.

use crate::games::kit18xx::name::Name;
use std::collections::{HashMap, HashSet};

use super::board::{Board, Node};
use super::graph::{GRAPH_STEPS, Graph, Link};
use super::routes::{Resolved, Route, RouteContext, RouteRevenue, RunRoute, Which, revenue};
use crate::core::{Budget, Deadline, Stop};

/// The most steps one best-route search takes. A step is a link tried to extend an arm, a pair
/// of arms tried as one route, or a candidate tried for a train; an arm found costs
/// [`ARM_STEPS`], a route judged [`ROUTE_STEPS`]; building the graph takes at most
/// [`GRAPH_STEPS`] of them.
pub const SEARCH_STEPS: u64 = 20_000_000;

/// What finding an arm costs, in steps (its stops and track are kept: this also bounds the
/// memory the arms take).
pub const ARM_STEPS: u64 = 200;

/// What judging a route (its track, its stops, its revenue) costs, in steps.
pub const ROUTE_STEPS: u64 = 500;

/// The best routes found and whether the search was exhaustive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestRoutes {
    pub routes: Vec<Route>,
    /// Why the search stopped before proving these the best: `None` when it did prove it.
    pub stopped: Option<Stop>,
    /// The steps taken.
    pub steps: u64,
}

impl BestRoutes {
    pub fn complete(&self) -> bool {
        self.stopped.is_none()
    }
}

/// A candidate route for one train.
#[derive(Debug, Clone)]
struct Candidate {
    nodes: Vec<Node>,
    links: Vec<usize>,
    /// The track it uses, as bits over the links' paths.
    track: Vec<u64>,
    revenue: u32,
}

/// The routes that earn the most for the company's trains, with their revenue filled in,
/// within [`SEARCH_STEPS`] and the deadline of the work on this thread.
pub fn best_routes(board: &Board, ctx: &RouteContext) -> BestRoutes {
    best_routes_within(board, ctx, SEARCH_STEPS, &Deadline::current())
}

/// [`best_routes`] within `steps` (`u64::MAX`: no cap) and `deadline`.
pub fn best_routes_within(
    board: &Board,
    ctx: &RouteContext,
    steps: u64,
    deadline: &Deadline,
) -> BestRoutes {
    let (found, finding) = find_candidates(board, ctx, steps / 2, deadline);
    let mut assigning = Budget::new(steps - finding.spent, deadline.clone());
    let routes = assign(ctx, &found, &mut assigning);
    BestRoutes {
        routes,
        stopped: finding.stopped.or(assigning.stopped()),
        steps: steps - assigning.left(),
    }
}

/// The graph the company's routes can use, the candidates of each train side (best first),
/// and each train with the index of its side's candidates.
struct Found {
    graph: Graph,
    words: usize,
    lists: Vec<Vec<Candidate>>,
    per_train: Vec<(Name, usize)>,
}

/// What finding the candidates took, and why it stopped early if it did.
struct Spent {
    spent: u64,
    stopped: Option<Stop>,
}

/// The graph of the track the company reaches (within [`GRAPH_STEPS`]) and each train side's
/// candidates, within the rest of `steps` shared fairly between the sides: what one side
/// leaves goes to the next, so that on a board where one runs out, the others still get their
/// share.
fn find_candidates(
    board: &Board,
    ctx: &RouteContext,
    steps: u64,
    deadline: &Deadline,
) -> (Found, Spent) {
    let c = ctx.map;
    let starts = super::routes::company_sources(board, ctx);
    // No cap on the search means none on its graph either (the tests' exact search).
    let allowed = if steps == u64::MAX {
        u64::MAX
    } else {
        GRAPH_STEPS.min(steps)
    };
    let mut budget = Budget::new(allowed, deadline.clone());
    let graph = Graph::build_within(board, c, &starts, &mut budget);
    let bits = TrackBits::new(&graph);
    let mut sides: Vec<&str> = Vec::new();
    for train in ctx.trains {
        if (ctx.side_of)(&train.side).is_some() && !sides.contains(&train.side.as_str()) {
            sides.push(&train.side);
        }
    }
    // A graph cut short still has real links: the routes found on it are legal.
    let mut spent = Spent {
        spent: allowed - budget.left(),
        stopped: budget.stopped(),
    };
    let space = SearchSpace {
        board,
        ctx,
        graph: &graph,
        bits: &bits,
        starts: &starts,
    };
    let mut lists = Vec::new();
    for (i, name) in sides.iter().enumerate() {
        let Some(side) = (ctx.side_of)(name) else {
            continue;
        };
        let share = (steps - spent.spent) / (sides.len() - i) as u64;
        let mut budget = Budget::new(share, deadline.clone());
        let mut found = candidates(space, side, &mut budget);
        found.sort_by_key(|c| std::cmp::Reverse(c.revenue));
        lists.push(found);
        spent.spent += share - budget.left();
        spent.stopped = spent.stopped.or(budget.stopped());
    }
    let per_train = ctx
        .trains
        .iter()
        .filter_map(|t| {
            let list = sides.iter().position(|s| *s == t.side)?;
            Some((t.id.clone(), list))
        })
        .collect();
    let found = Found {
        words: bits.words(),
        graph,
        lists,
        per_train,
    };
    (found, spent)
}

/// The best assignment of candidates to trains found within `budget`, as routes. A title's
/// money of the whole run (1846's Mail Contract) is counted on every assignment tried, its
/// most ([`RouteTitle::run_bonus_at_most`]) in the bound.
fn assign(ctx: &RouteContext, found: &Found, budget: &mut Budget) -> Vec<Route> {
    let per_train = &found.per_train;
    let trains: Vec<&[Candidate]> = per_train
        .iter()
        .map(|(_, list)| found.lists[*list].as_slice())
        .collect();
    let bound: Vec<u32> = trains
        .iter()
        .map(|cands| cands.first().map_or(0, |c| c.revenue))
        .collect();
    // rest[t]: the most trains t.. can add.
    let mut rest = vec![0; per_train.len() + 1];
    for t in (0..per_train.len()).rev() {
        rest[t] = rest[t + 1] + bound[t];
    }
    let most_stops = trains
        .iter()
        .flat_map(|cands| cands.iter().map(|c| c.nodes.len()))
        .max()
        .unwrap_or(0);
    let run_bound = ctx.title.run_bonus_at_most(ctx, most_stops);
    let run_money = |chosen: &[Option<usize>]| -> Vec<u32> {
        if run_bound == 0 {
            return vec![0; chosen.len()];
        }
        run_bonuses_of(ctx, found, &trains, chosen)
    };
    let mut search = Search {
        trains: &trains,
        best_total: 0,
        best: vec![None; per_train.len()],
        chosen: vec![None; per_train.len()],
        rest,
        run_bound,
        run_money: &run_money,
        budget,
    };
    search.run(0, 0, &vec![0; found.words]);
    let money = run_money(&search.best);
    search
        .best
        .iter()
        .enumerate()
        .filter_map(|(t, choice)| {
            let candidate = &trains[t][(*choice)?];
            let resolved = Resolved::new(
                candidate.nodes.clone(),
                candidate
                    .links
                    .iter()
                    .map(|&l| &found.graph.links[l])
                    .collect(),
            );
            let revenue = candidate.revenue + money.get(t).copied().unwrap_or(0);
            Some(resolved.to_route(ctx.map, &per_train[t].0, revenue))
        })
        .collect()
}

/// What the title's money of the whole run adds to each train's chosen candidate.
fn run_bonuses_of(
    ctx: &RouteContext,
    found: &Found,
    trains: &[&[Candidate]],
    chosen: &[Option<usize>],
) -> Vec<u32> {
    let picked: Vec<(usize, &Candidate)> = chosen
        .iter()
        .enumerate()
        .filter_map(|(t, c)| Some((t, &trains[t][(*c)?])))
        .collect();
    let resolved: Vec<Resolved> = picked
        .iter()
        .map(|(_, c)| {
            let links = c.links.iter().map(|&l| &found.graph.links[l]).collect();
            Resolved::new(c.nodes.clone(), links)
        })
        .collect();
    let revenues: Vec<RouteRevenue> = picked
        .iter()
        .map(|(t, c)| RouteRevenue {
            train: found.per_train[*t].0.to_string(),
            stops: c.revenue,
            ferries: 0,
            bonuses: 0,
            total: c.revenue,
        })
        .collect();
    let run: Vec<RunRoute> = picked
        .iter()
        .zip(&resolved)
        .zip(&revenues)
        .map(|(((t, _), route), revenue)| RunRoute {
            train: &found.per_train[*t].0,
            route,
            revenue,
        })
        .collect();
    let money = ctx.title.run_bonuses(ctx, &run);
    let mut per_train = vec![0; chosen.len()];
    for (k, (t, _)) in picked.iter().enumerate() {
        per_train[*t] = money.get(k).copied().unwrap_or(0);
    }
    per_train
}

/// Bit positions for the track links use ([`Link::track`]).
struct TrackBits {
    index: HashMap<(usize, u8), usize>,
}

impl TrackBits {
    fn new(graph: &Graph) -> TrackBits {
        let mut index = HashMap::new();
        for link in &graph.links {
            for piece in &link.track {
                let next = index.len();
                index.entry(*piece).or_insert(next);
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
            for piece in &link.track {
                let i = self.index[piece];
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

/// Adds `b` to `a` when they are disjoint, takes it away when `a` holds it.
fn toggle(a: &mut [u64], b: &[u64]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x ^= y;
    }
}

/// What the company's candidate routes are searched on: the board, the route rules, the graph of
/// the track it reaches, the bits of that track, and the stops its routes start from.
#[derive(Clone, Copy)]
struct SearchSpace<'a> {
    board: &'a Board,
    ctx: &'a RouteContext<'a>,
    graph: &'a Graph,
    bits: &'a TrackBits,
    starts: &'a [Node],
}

/// Every route a train of `side` may run (as many stops as the side visits) through one of the
/// starts, judged by the route rules; those found within `budget` when it runs out.
fn candidates(
    space: SearchSpace,
    side: &super::map::TrainSide,
    budget: &mut Budget,
) -> Vec<Candidate> {
    // Long: one walk per start, then its arms alone and joined in pairs; the closure keeps the pair loop short.
    let SearchSpace {
        board,
        ctx,
        graph,
        bits,
        starts,
    } = space;
    let reach: usize = side.distance.iter().map(|d| usize::from(d.visit)).sum();
    let mut seen: HashSet<(Vec<Node>, Vec<usize>)> = HashSet::new();
    let mut out = Vec::new();
    let passable = Passable::of(board, ctx, graph);
    let link_track: Vec<Vec<u64>> = graph
        .links
        .iter()
        .map(|l| {
            bits.of(&[l])
                .unwrap_or_else(|| vec![u64::MAX; bits.words()])
        })
        .collect();
    for &start in starts {
        let mut arms: Vec<(Vec<Node>, Vec<usize>)> = Vec::new();
        let mut walk = Walk {
            passable: &passable,
            graph,
            link_track: &link_track,
            used: vec![0; bits.words()],
            reach,
            out: &mut arms,
            budget: &mut *budget,
        };
        walk.arms_from(&mut vec![start], &mut vec![]);
        // A route is one arm, or two arms joined at the start.
        let mut consider = |nodes: Vec<Node>, links: Vec<usize>, budget: &mut Budget| {
            let key = canonical(&nodes, &links);
            if seen.contains(&key) || !budget.steps(ROUTE_STEPS) {
                return;
            }
            seen.insert(key);
            let refs: Vec<&Link> = links.iter().map(|&l| &graph.links[l]).collect();
            let Some(track) = bits.of(&refs) else {
                return;
            };
            let resolved = Resolved::new(nodes.clone(), refs);
            if !passable.ends_and_middles_ok(&resolved.nodes) {
                return;
            }
            if let Ok(r) = revenue(
                board,
                ctx,
                side,
                starts,
                &resolved,
                Which {
                    index: 0,
                    train: "",
                },
            ) {
                out.push(Candidate {
                    nodes,
                    links,
                    track,
                    revenue: r.total,
                });
            }
        };
        for (nodes, links) in &arms {
            consider(nodes.clone(), links.clone(), budget);
        }
        for (i, (n1, l1)) in arms.iter().enumerate() {
            for (n2, l2) in &arms[i + 1..] {
                if !budget.step() {
                    return out;
                }
                if n1.len() + n2.len() - 1 > reach || n1[1..].iter().any(|n| n2[1..].contains(n)) {
                    continue;
                }
                let mut nodes: Vec<Node> = n1.iter().rev().copied().collect();
                nodes.extend(&n2[1..]);
                let mut links: Vec<usize> = l1.iter().rev().copied().collect();
                links.extend(l2);
                consider(nodes, links, budget);
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

/// The stops of the graph a route of the company may pass through (not only end at), worked
/// out once per search: the walks ask for every stop they reach.
struct Passable(HashSet<Node>);

impl Passable {
    fn of(board: &Board, ctx: &RouteContext, graph: &Graph) -> Passable {
        Passable(
            graph
                .at
                .keys()
                .copied()
                .filter(|&n| board.passable(ctx.map, n, Some(ctx.company)))
                .collect(),
        )
    }

    fn contains(&self, node: Node) -> bool {
        self.0.contains(&node)
    }

    /// Only the ends may be off-boards, terminals or cities blocked for the company.
    fn ends_and_middles_ok(&self, nodes: &[Node]) -> bool {
        nodes.len() >= 2 && nodes[1..nodes.len() - 1].iter().all(|&n| self.contains(n))
    }
}

/// The arms from one station, within a budget.
struct Walk<'a, 'b> {
    passable: &'a Passable,
    graph: &'a Graph,
    /// Each link's track, as bits (see [`TrackBits`]).
    link_track: &'a [Vec<u64>],
    /// The track of the arm so far.
    used: Vec<u64>,
    reach: usize,
    out: &'b mut Vec<(Vec<Node>, Vec<usize>)>,
    budget: &'b mut Budget,
}

impl Walk<'_, '_> {
    /// Every arm from `nodes[0]`: sequences of links to distinct stops, at most `reach` stops,
    /// continuing only through stops a route may pass.
    fn arms_from(&mut self, nodes: &mut Vec<Node>, links: &mut Vec<usize>) {
        let Some(&here) = nodes.last() else {
            return;
        };
        if nodes.len() > 1 {
            if !self.budget.steps(ARM_STEPS) {
                return;
            }
            self.out.push((nodes.clone(), links.clone()));
            if !self.passable.contains(here) {
                return;
            }
        }
        if nodes.len() >= self.reach {
            return;
        }
        let graph = self.graph;
        let Some(at) = graph.at.get(&here) else {
            return;
        };
        for &l in at {
            // Trying a link is a step: crafted track gives a stop thousands of links.
            if !self.budget.step() {
                return;
            }
            let link = &graph.links[l];
            let next = if link.a == here { link.b } else { link.a };
            if nodes.contains(&next) || links.contains(&l) {
                continue;
            }
            let track = &self.link_track[l];
            if !disjoint(&self.used, track) {
                continue;
            }
            toggle(&mut self.used, track);
            nodes.push(next);
            links.push(l);
            self.arms_from(nodes, links);
            nodes.pop();
            links.pop();
            toggle(&mut self.used, track);
            if !self.budget.going() {
                return;
            }
        }
    }
}

struct Search<'a> {
    /// Each train's candidates, best first.
    trains: &'a [&'a [Candidate]],
    best_total: u32,
    best: Vec<Option<usize>>,
    chosen: Vec<Option<usize>>,
    /// `rest[t]`: the best candidates' revenue of trains `t..`, an upper bound of what they add.
    rest: Vec<u32>,
    /// The most the title's money of the whole run adds, and that money for an assignment.
    run_bound: u32,
    run_money: &'a dyn Fn(&[Option<usize>]) -> Vec<u32>,
    budget: &'a mut Budget,
}

impl Search<'_> {
    fn run(&mut self, train: usize, total: u32, used: &[u64]) {
        let whole = if self.run_bound == 0 {
            total
        } else {
            total + (self.run_money)(&self.chosen).iter().sum::<u32>()
        };
        if whole > self.best_total {
            self.best_total = whole;
            self.best = self.chosen.clone();
        }
        let bound = self.run_bound;
        if train == self.trains.len() || total + self.rest[train] + bound <= self.best_total {
            return;
        }
        let trains = self.trains;
        let mut merged = vec![0; used.len()];
        for (i, candidate) in trains[train].iter().enumerate() {
            if !self.budget.step() {
                return;
            }
            if total + candidate.revenue + self.rest[train + 1] + bound <= self.best_total {
                break;
            }
            if !disjoint(used, &candidate.track) {
                continue;
            }
            for ((m, a), b) in merged.iter_mut().zip(used).zip(&candidate.track) {
                *m = a | b;
            }
            self.chosen[train] = Some(i);
            self.run(train + 1, total + candidate.revenue, &merged);
            self.chosen[train] = None;
        }
        // The train may also stay home.
        self.run(train + 1, total, used);
    }
}
