//! What 1846 adds to the kit's routes (docs/rules/1846.md#routes, #revenue, #bonuses), as the
//! production 18xx.games 1846 counts it: a route uses each group of stops once (the east
//! off-boards, Chicago's four cities, St. Louis, Louisville), the East-West bonus, the bonuses
//! of Meat Packing, Steamboat and Boomtown for the stops a train counts, and the Mail Contract
//! for the route of the run that visits the most stops. No 1846 state exists yet: who holds
//! which bonus comes in as plain inputs.

use std::collections::BTreeMap;

use super::data::{Colour, Stop, TrainSide, components};
use crate::core::Violation;
use crate::games::kit18xx::board::{Board, Node};
use crate::games::kit18xx::routes::{
    CountedBonuses, OwnedTrain, Resolved, RouteContext, RouteSections, RouteTitle, RunRoute, Which,
    node_name,
};

pub const ROUTES: &str = "1846#routes";
pub const REVENUE: &str = "1846#revenue";
pub const BONUSES: &str = "1846#bonuses";

/// The sections route violations cite.
pub const SECTIONS: RouteSections = RouteSections {
    routes: ROUTES,
    revenue: REVENUE,
    bonuses: BONUSES,
};

/// The group of the east off-boards; a west off-board is labelled `W`.
const EAST: &str = "E";
const WEST: &str = "W";

/// Which value the off-boards pay: yellow in phases I-II, brown from phase III.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Band {
    Yellow,
    Brown,
}

impl Band {
    /// The band of phase `phase` ("I" to "IV"), from the phases' `offboard_colour`.
    pub fn of_phase(phase: &str) -> Option<Band> {
        match components().phase(phase)?.offboard_colour {
            Colour::Yellow => Some(Band::Yellow),
            Colour::Brown => Some(Band::Brown),
            _ => None,
        }
    }

    /// The band's index in the off-boards' values (yellow first).
    pub fn index(self) -> usize {
        match self {
            Band::Yellow => 0,
            Band::Brown => 1,
        }
    }
}

/// A private's bonus marker: the hex it is on and the company whose routes it pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assigned<'a> {
    pub hex: &'a str,
    pub company: &'a str,
}

/// Who holds 1846's route bonuses, as the operating company's routes count them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct G1846Routes<'a> {
    /// Meat Packing (MPC): +$30 at Chicago (D6) or St. Louis (I1).
    pub meat_packing: Option<Assigned<'a>>,
    /// Steamboat (SC): +$20 per port symbol of its port.
    pub steamboat: Option<Assigned<'a>>,
    /// Boomtown (BT, 2nd edition): +$20 at Cincinnati (H12).
    pub boomtown: Option<Assigned<'a>>,
    /// The operating company owns the Mail Contract.
    pub mail_contract: bool,
}

impl<'a> G1846Routes<'a> {
    /// The bonuses from the privates' markers, each `(private, hex, company)` with the private
    /// by its id (`MPC`, `SC`, `BT`), and whether the company owns the Mail Contract.
    pub fn from_markers(markers: &'a [(String, String, String)], mail_contract: bool) -> Self {
        let marker = |private: &str| {
            markers
                .iter()
                .find(|(p, _, _)| p == private)
                .map(|(_, hex, company)| Assigned { hex, company })
        };
        G1846Routes {
            meat_packing: marker("MPC"),
            steamboat: marker("SC"),
            boomtown: marker("BT"),
            mail_contract,
        }
    }

    /// The kit's route context for `company` on 1846's map with these bonuses. Train ids are
    /// 18xx.games' (`"4-1"`: the card's name and its index; a 3/5 keeps its card's `"4-"`),
    /// since the Mail Contract's tie is broken by them.
    pub fn context(
        &'a self,
        band: Band,
        company: &'a str,
        trains: &'a [OwnedTrain],
    ) -> RouteContext<'a> {
        RouteContext {
            map: &components().map,
            sections: SECTIONS,
            band: band.index(),
            company,
            trains,
            side_of,
            extra_sources: &[],
            title: self,
        }
    }
}

/// A train side of 1846's cards ("4", "3/5"...).
pub fn side_of(name: &str) -> Option<&'static TrainSide> {
    components()
        .trains
        .iter()
        .flat_map(|card| &card.sides)
        .find(|side| side.name == name)
}

impl RouteTitle for G1846Routes<'_> {
    /// A route visits at most one stop of each group.
    fn judge(&self, ctx: &RouteContext, route: &Resolved, which: Which) -> Result<(), Violation> {
        group_used_once(ctx, route, which)
    }

    fn counts_for_bonuses(&self) -> bool {
        true
    }

    fn counted_bonuses<'r>(
        &'r self,
        ctx: &'r RouteContext,
        board: &'r Board,
        stops: &[Node],
    ) -> CountedBonuses<'r> {
        let bonuses = StopBonuses::of(self, ctx, board, stops);
        Box::new(move |counted| bonuses.east_west(counted) + bonuses.assigned(counted))
    }

    /// The Mail Contract: $10 per stop visited to the one route visiting the most stops.
    fn run_bonuses(&self, _ctx: &RouteContext, run: &[RunRoute]) -> Vec<u32> {
        let mut bonuses = vec![0; run.len()];
        if !self.mail_contract {
            return bonuses;
        }
        if let Some(longest) = mail_route(run) {
            let per_stop = components().bonuses.mail_contract_per_stop;
            bonuses[longest] = per_stop * run[longest].route.nodes.len() as u32;
        }
        bonuses
    }

    /// The Mail Contract pays at most $10 for each stop of the longest route.
    fn run_bonus_at_most(&self, _ctx: &RouteContext, stops: usize) -> u32 {
        if self.mail_contract {
            components().bonuses.mail_contract_per_stop * stops as u32
        } else {
            0
        }
    }
}

/// The route of `run` the Mail Contract pays: the one visiting the most stops; of those, the
/// one whose train id is greatest as a string (18xx.games takes the greatest `[visited stops,
/// train id]`, and Ruby compares the ids as strings: "4-0" over "2-1", "6-10" under "6-9").
pub fn mail_route(run: &[RunRoute]) -> Option<usize> {
    (0..run.len()).max_by(|&a, &b| {
        let key = |i: usize| (run[i].route.nodes.len(), run[i].train);
        key(a).cmp(&key(b))
    })
}

/// The East-West bonus of the stops a train counts: with an east (group E) and a west (label
/// W) off-board among them, the bonuses printed under both.
pub fn east_west_bonus(ctx: &RouteContext, board: &Board, counted: &[Node]) -> u32 {
    let all: Vec<usize> = (0..counted.len()).collect();
    StopBonuses::of(&G1846Routes::default(), ctx, board, counted).east_west(&all)
}

/// What each stop of a route adds to the bonuses of a set of its stops a train counts, read
/// once per route (an N/M train's sets of stops are many; each is then judged by integers).
struct StopBonuses {
    stops: Vec<StopBonus>,
    /// What Meat Packing, Steamboat and Boomtown pay, by their bit in [`StopBonus::assigned`].
    assigned: [u32; 3],
}

/// One stop's part: the East-West bonus printed under it when it is an east or a west
/// off-board, and which of the assigned bonuses its hex earns (a bit each).
struct StopBonus {
    east: Option<u32>,
    west: Option<u32>,
    assigned: u8,
}

impl StopBonuses {
    fn of(routes: &G1846Routes, ctx: &RouteContext, board: &Board, stops: &[Node]) -> Self {
        let bonuses = &components().bonuses;
        let values = &bonuses.east_west;
        let held = [routes.meat_packing, routes.steamboat, routes.boomtown]
            .map(|a| a.filter(|a| a.company == ctx.company));
        let assigned = [
            bonuses.meat_packing,
            held[1].map_or(0, |a| {
                bonuses.steamboat_per_port * bonuses.ports.get(a.hex).copied().unwrap_or(0)
            }),
            bonuses.boomtown,
        ];
        let stops = stops
            .iter()
            .map(|&n| {
                let hex = &ctx.map.hexes[n.hex];
                let printed = |table: &BTreeMap<String, u32>| *table.get(&hex.id).unwrap_or(&0);
                let east = printed_stop(ctx, n)
                    .is_some_and(|s| s.groups.iter().any(|g| g == EAST))
                    .then(|| printed(&values.east));
                let west =
                    (board.face(ctx.map, n.hex).label == Some(WEST)).then(|| printed(&values.west));
                let assigned = held.iter().enumerate().fold(0, |bits, (bit, a)| {
                    if a.is_some_and(|a| a.hex == hex.id) {
                        bits | 1 << bit
                    } else {
                        bits
                    }
                });
                StopBonus {
                    east,
                    west,
                    assigned,
                }
            })
            .collect();
        StopBonuses { stops, assigned }
    }

    /// The East-West bonus of the counted stops: the first east and the first west off-board
    /// among them, both needed.
    fn east_west(&self, counted: &[usize]) -> u32 {
        let first = |part: fn(&StopBonus) -> Option<u32>| {
            counted.iter().find_map(|&i| part(&self.stops[i]))
        };
        match (first(|s| s.east), first(|s| s.west)) {
            (Some(east), Some(west)) => east + west,
            _ => 0,
        }
    }

    /// Meat Packing, Steamboat and Boomtown: each pays the company it is assigned to when the
    /// train counts a stop in its hex (once, however many of the hex's stops).
    fn assigned(&self, counted: &[usize]) -> u32 {
        let bits = counted
            .iter()
            .fold(0u8, |bits, &i| bits | self.stops[i].assigned);
        (0..3)
            .filter(|bit| bits & 1 << bit != 0)
            .map(|bit| self.assigned[bit])
            .sum()
    }
}

/// Refuses a route visiting two stops of one group (18xx.games: "Cannot use group ... more than
/// once"): two east off-boards, two of Chicago's cities.
fn group_used_once(ctx: &RouteContext, route: &Resolved, which: Which) -> Result<(), Violation> {
    let mut seen: BTreeMap<&str, Node> = BTreeMap::new();
    for &node in &route.nodes {
        let Some(stop) = printed_stop(ctx, node) else {
            continue;
        };
        for group in &stop.groups {
            if let Some(first) = seen.insert(group, node) {
                let name = |n: Node| node_name(ctx.map, n);
                return Err(Violation::new(
                    "group_visited_twice",
                    ROUTES,
                    format!(
                        "{which} visits {} and {}, both of group {group}: a route visits one stop of a group",
                        name(first),
                        name(node)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The stop a node names as printed on its hex, which holds its groups: they are printed on the
/// map (the east off-boards, St. Louis, Louisville, Chicago's four cities), and a tile laid
/// keeps the groups of the cities it replaces (18xx.games' `Hex#lay`), as Chicago's do.
fn printed_stop<'m>(ctx: &RouteContext<'m>, node: Node) -> Option<&'m Stop> {
    ctx.map.hexes[node.hex].stops.get(usize::from(node.stop))
}
