//! Laying track: a yellow tile on an empty hex or an upgrade, judged and costed, for every
//! title of the kit. A title gives its numbers and rule sections in [`LayRules`] and what
//! differs per lay (its privates' blocks, discounts and free lays) in the [`LayContext`].

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::board::{Board, Laid, Network, Node, is_fixed, neighbour_index};
use super::hex::opposite;
use super::map::{BorderKind, Colour, End, Map, Path, StopKind};
use super::tiles::{Face, upgrade};
use crate::core::Violation;

/// A title's rules of laying track: the sections violations cite and its numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayRules {
    /// Where the map's hexes are written (an unknown hex).
    pub map: &'static str,
    pub track: &'static str,
    pub upgrades: &'static str,
    pub cost: &'static str,
    pub lays_per_turn: u8,
    pub upgrades_per_turn: u8,
    /// The least a lay costs.
    pub minimum_cost: u32,
}

/// The phase a lay is made in: its name and the tile colours it allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhaseTiles<'a> {
    pub name: &'a str,
    pub tiles: &'a [Colour],
}

/// `lay_tile`: a tile from the supply on a hex, turned `rotation` steps clockwise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Kit18xxTileLay)]
pub struct TileLay {
    pub hex: String,
    pub tile: String,
    pub rotation: u8,
}

/// A lay made earlier in the same operating turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Kit18xxLayKind)]
pub enum LayKind {
    /// A yellow tile on an empty hex.
    Yellow,
    /// A tile replacing another (a printed or laid one).
    Upgrade,
}

/// Everything outside the board a lay is judged against.
pub struct LayContext<'a> {
    pub map: &'a Map,
    pub rules: &'a LayRules,
    pub phase: PhaseTiles<'a>,
    pub company: &'a str,
    /// The company's treasury.
    pub cash: u32,
    /// Lays already made this turn: hex and kind.
    pub earlier: &'a [(String, LayKind)],
    /// Hexes no tile may go on (blocked by privates players own).
    pub blocked: &'a [String],
    /// Stops the company may use as if it had a station there (P4, P6).
    pub extra_sources: &'a [Node],
    /// A lay in this hex costs this much less (P2 in G20).
    pub discount: Option<(&'a str, u32)>,
    /// Each costed border of this kind the lay pays for costs this much less, at most its cost
    /// (1846's TBC on tunnels: g_1846 `tile_discount` with a terrain, which the site's
    /// `border_cost_discount` applies to a border of that type).
    pub border_discount: Option<(BorderKind, u32)>,
    /// Whether the lay needs no connection to the company's network (P3's reserved hexes).
    pub connection_free: bool,
    /// The company's network, when the caller has it already (judging many lays at once).
    pub network: Option<&'a Network>,
    /// Whether a lay on track must give the company track it reaches that it did not have, or
    /// change the value of a stop it reaches (an operator's own lay; [`uses_new_track`]).
    pub must_use_new_track: bool,
}

impl<'a> LayContext<'a> {
    /// A lay by `company` that costs its treasury nothing and follows no earlier lay, blocked
    /// hex, discount or extra source (a private's free lay); a title's own rules set what
    /// differs (an operator's lay: its cash and the turn's earlier lays).
    pub fn free(
        map: &'a Map,
        rules: &'a LayRules,
        phase: PhaseTiles<'a>,
        company: &'a str,
    ) -> LayContext<'a> {
        LayContext {
            map,
            rules,
            phase,
            company,
            cash: u32::MAX,
            earlier: &[],
            blocked: &[],
            extra_sources: &[],
            discount: None,
            border_discount: None,
            connection_free: false,
            network: None,
            must_use_new_track: false,
        }
    }
}

/// A judged lay.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedLay {
    pub kind: LayKind,
    pub cost: u32,
    pub terrain: u32,
    pub borders: u32,
    /// Where each station of the hex moves: (old city, new city).
    pub station_moves: Vec<(u8, u8)>,
    /// Where the tile goes (an index in the map's hexes) and how it lies.
    pub placement: (usize, Laid),
}

fn refuse(code: &str, rule: &str, message: String) -> Violation {
    Violation::new(code, rule, message)
}

/// Judges a lay without changing anything.
#[expect(
    clippy::too_many_lines,
    reason = "the lay's refusals, one after another in the order the rules give them."
)]
pub fn check_lay(board: &Board, ctx: &LayContext, lay: &TileLay) -> Result<PlannedLay, Violation> {
    let c = ctx.map;
    let Some(hex_index) = c.hex_index(&lay.hex) else {
        return Err(refuse(
            "unknown_hex",
            ctx.rules.map,
            format!("there is no hex {}", lay.hex),
        ));
    };
    let Some(tile_index) = c.tile_index(&lay.tile) else {
        return Err(refuse(
            "unknown_tile",
            ctx.rules.track,
            format!("there is no tile {}", lay.tile),
        ));
    };
    let tile = &c.tiles[tile_index];
    if lay.rotation > 5 {
        return Err(refuse(
            "bad_rotation",
            ctx.rules.track,
            format!("a rotation is 0 to 5, not {}", lay.rotation),
        ));
    }
    if ctx.blocked.contains(&lay.hex) {
        return Err(refuse(
            "hex_blocked",
            ctx.rules.track,
            format!("{} is blocked by a private company a player owns", lay.hex),
        ));
    }
    let old = board.face(c, hex_index);
    if is_fixed(old.colour) {
        return Err(refuse(
            "fixed_hex",
            ctx.rules.track,
            format!(
                "{} is a {:?} hex: its track is printed and never changes",
                lay.hex, old.colour
            ),
        ));
    }
    let kind = if old.colour == Colour::White {
        LayKind::Yellow
    } else {
        LayKind::Upgrade
    };
    check_turn(ctx, kind)?;
    if !ctx.phase.tiles.contains(&tile.color) {
        return Err(refuse(
            "colour_not_in_phase",
            ctx.rules.track,
            format!(
                "{:?} tiles may not be laid in phase {}",
                tile.color, ctx.phase.name
            ),
        ));
    }
    if let Some(count) = tile.count
        && board.tiles.copies_of(tile_index) >= usize::from(count)
    {
        return Err(refuse(
            "tile_out_of_stock",
            ctx.rules.track,
            format!("all {count} copies of tile {} are on the map", tile.id),
        ));
    }
    let new = Face::of_tile(tile, lay.rotation);
    let mapping = upgrade(&old, &new).map_err(|why| {
        refuse(
            "tile_does_not_fit",
            ctx.rules.upgrades,
            format!(
                "tile {} at rotation {} does not fit {}: {why}",
                tile.id, lay.rotation, lay.hex
            ),
        )
    })?;
    check_exits(c, ctx.rules, hex_index, &new)?;
    if !ctx.connection_free && !connected(board, ctx, hex_index, &new) {
        return Err(refuse(
            "not_connected",
            ctx.rules.track,
            format!(
                "{}'s track does not reach {} from its stations",
                ctx.company, lay.hex
            ),
        ));
    }
    let station_moves = station_moves(&old, &new, &mapping);
    let placement = (
        hex_index,
        Laid {
            tile: tile_index as u16,
            rotation: lay.rotation,
        },
    );
    if ctx.must_use_new_track
        && !uses_new_track(
            board,
            ctx,
            lay,
            hex_index,
            (&station_moves, placement),
            &old,
            &new,
        )
    {
        return Err(refuse(
            "no_new_track",
            ctx.rules.upgrades,
            format!(
                "tile {} in {} gives {} no track it reaches that the old tile lacked, and no stop it reaches a new value",
                tile.id, lay.hex, ctx.company
            ),
        ));
    }
    let (terrain, borders) = costs(board, c, hex_index, &old, &new, ctx.border_discount);
    let base = terrain.max(ctx.rules.minimum_cost);
    let discount = match ctx.discount {
        Some((h, amount)) if h == lay.hex => amount,
        _ => 0,
    };
    let cost = (base + borders).saturating_sub(discount);
    if cost > ctx.cash {
        return Err(refuse(
            "insufficient_cash",
            ctx.rules.cost,
            format!("the lay costs ${cost}; {} has ${}", ctx.company, ctx.cash),
        ));
    }
    Ok(PlannedLay {
        kind,
        cost,
        terrain,
        borders,
        station_moves,
        placement,
    })
}

/// 18xx.games' semi-restrictive track, its default, which 1846 keeps (1833NE's rules are silent:
/// 1846 decides): an operator's lay on a hex with track must, among the new tile's paths its
/// network reaches once the tile is down, have one that no old path holds (its ends, edges by
/// number and stops by kind, all among one old path's) or one whose stops' values differ from
/// the old path's that holds it. A lay on a hex without track passes.
fn uses_new_track(
    board: &Board,
    ctx: &LayContext,
    lay: &TileLay,
    hex: usize,
    (station_moves, placement): (&[(u8, u8)], (usize, Laid)),
    old: &Face,
    new: &Face,
) -> bool {
    if old.paths.is_empty() {
        return true;
    }
    let mut after = board.clone();
    let planned = PlannedLay {
        kind: LayKind::Upgrade,
        cost: 0,
        terrain: 0,
        borders: 0,
        station_moves: station_moves.to_vec(),
        placement,
    };
    lay_tile(&mut after, lay, &planned);
    let network = after.network(ctx.map, ctx.company, ctx.extra_sources);
    let same_end = |n: End, o: End| match (n, o) {
        (End::Edge(a), End::Edge(b)) => a == b,
        (End::Stop { stop: a }, End::Stop { stop: b }) => {
            let kind = |face: &Face, s: u8| face.stops.get(usize::from(s)).map(|s| s.kind);
            kind(new, a) == kind(old, b)
        }
        _ => false,
    };
    let values = |face: &Face, path: &Path| {
        let mut v: Vec<u32> = path
            .iter()
            .filter_map(|end| match end {
                End::Stop { stop } => face.stops.get(usize::from(*stop)),
                End::Edge(_) => None,
            })
            .map(|s| s.revenue.unwrap_or(0))
            .collect();
        v.sort_unstable();
        v
    };
    new.paths
        .iter()
        .enumerate()
        .filter(|(p, _)| network.paths.contains(&(hex, *p)))
        .any(|(_, np)| {
            let held_by = old
                .paths
                .iter()
                .find(|op| np.iter().all(|&n| op.iter().any(|&o| same_end(n, o))));
            held_by.is_none_or(|op| values(new, np) != values(old, op))
        })
}

/// One yellow plus either a second yellow or one upgrade per operating turn. A tile laid this
/// turn may be upgraded in the same turn, as the one upgrade (ruling R1, 1846 6.43: "If
/// desired, a given tile may be laid and then upgraded"): a second lay in a hex is an upgrade,
/// so the upgrade count alone decides.
fn check_turn(ctx: &LayContext, kind: LayKind) -> Result<(), Violation> {
    if ctx.earlier.len() >= usize::from(ctx.rules.lays_per_turn) {
        return Err(refuse(
            "too_many_lays",
            ctx.rules.track,
            format!(
                "{} tiles have been laid this turn; that is the most",
                ctx.earlier.len()
            ),
        ));
    }
    if kind == LayKind::Upgrade
        && ctx
            .earlier
            .iter()
            .filter(|(_, k)| *k == LayKind::Upgrade)
            .count()
            >= usize::from(ctx.rules.upgrades_per_turn)
    {
        return Err(refuse(
            "second_upgrade",
            ctx.rules.track,
            "one upgrade per turn: this turn's upgrade is made".to_string(),
        ));
    }
    Ok(())
}

/// Every exit of the tile leads somewhere track may go: onto the map, not through an
/// impassable edge, not into a printed fixed hex (gray, red, blue) without track there, a
/// tile laid there or not. None of these change once a
/// tile is laid, so `check` asks them of every tile on the map.
pub fn check_exits(
    c: &Map,
    rules: &LayRules,
    hex_index: usize,
    new: &Face,
) -> Result<(), Violation> {
    let hex = &c.hexes[hex_index];
    for e in new.exits() {
        // Written only for a refusal.
        let towards = || format!("{} of {}", c.layout.edge_name(e), hex.id);
        if hex
            .border(e)
            .is_some_and(|b| b.kind == BorderKind::Impassable)
        {
            return Err(refuse(
                "impassable_edge",
                rules.track,
                format!("track may not cross the impassable edge {}", towards()),
            ));
        }
        let Some(next) = neighbour_index(c, hex_index, e) else {
            return Err(refuse(
                "track_off_map",
                rules.track,
                format!("the tile's track would leave the map {}", towards()),
            ));
        };
        // The printed hex decides (18xx.games joins the neighbours once, from the printed
        // map): a laid gray tile's blank side is no dead end.
        let printed = &c.hexes[next];
        let face = Face {
            colour: printed.color,
            stops: &printed.stops,
            paths: std::borrow::Cow::Borrowed(&printed.paths),
            label: printed.label.as_deref(),
        };
        if is_fixed(face.colour) && !face.exits().contains(&opposite(e)) {
            return Err(refuse(
                "track_into_dead_end",
                rules.track,
                format!(
                    "the track {} runs into {}, which has no track on that side",
                    towards(),
                    c.hexes[next].id
                ),
            ));
        }
    }
    Ok(())
}

/// The lay touches the company's network: a station of its in the hex, or an exit on an edge
/// its walk connects (see [`Network::edges`]).
fn connected(board: &Board, ctx: &LayContext, hex_index: usize, new: &Face) -> bool {
    let c = ctx.map;
    let hex_id = &c.hexes[hex_index].id;
    if board.stations_of(ctx.company).any(|s| s.hex == hex_id) {
        return true;
    }
    // The site's `legal_tile_rotation?`: one of the new tile's exits is an edge the company's
    // walk connects (a side of a path it reaches, here or facing it across the border).
    let connects = |network: &Network| {
        new.exits()
            .into_iter()
            .any(|e| network.edges.contains(&(hex_index, e)))
    };
    match ctx.network {
        Some(network) => connects(network),
        None => connects(&board.network(c, ctx.company, ctx.extra_sources)),
    }
}

/// The terrain cost (printed in the hex, paid by its first tile) and the border costs this lay
/// completes (both sides of a costed edge with track for the first time), each less the
/// context's discount on its kind of border.
fn costs(
    board: &Board,
    c: &Map,
    hex_index: usize,
    old: &Face,
    new: &Face,
    border_discount: Option<(BorderKind, u32)>,
) -> (u32, u32) {
    let hex = &c.hexes[hex_index];
    let printed = board.tiles.at(hex_index).is_none();
    let terrain = match (&hex.terrain, printed) {
        (Some(t), true) => t.cost,
        _ => 0,
    };
    let (old_exits, new_exits) = (old.exits(), new.exits());
    let borders = hex
        .borders
        .iter()
        .filter(|b| matches!(b.kind, BorderKind::Water | BorderKind::Mountain))
        .filter(|b| {
            let across = neighbour_index(c, hex_index, b.edge)
                .map(|n| board.face(c, n).exits().contains(&opposite(b.edge)))
                .unwrap_or(false);
            across && new_exits.contains(&b.edge) && !old_exits.contains(&b.edge)
        })
        .map(|b| match border_discount {
            Some((kind, amount)) if kind == b.kind => b.cost.saturating_sub(amount),
            _ => b.cost,
        })
        .sum();
    (terrain, borders)
}

/// Where the hex's stations go: by the upgrade's city mapping, or the only city to the only city.
fn station_moves(old: &Face, new: &Face, mapping: &[Option<u8>]) -> Vec<(u8, u8)> {
    let old_cities: Vec<u8> = (0..old.stops.len() as u8)
        .filter(|&i| old.stops[usize::from(i)].kind == StopKind::City)
        .collect();
    let new_cities: Vec<u8> = (0..new.stops.len() as u8)
        .filter(|&i| new.stops[usize::from(i)].kind == StopKind::City)
        .collect();
    old_cities
        .iter()
        .filter_map(|&o| match mapping.get(usize::from(o)).copied().flatten() {
            Some(n) => Some((o, n)),
            None if old_cities.len() == 1 && new_cities.len() == 1 => Some((o, new_cities[0])),
            None => new_cities
                .get(old_cities.iter().position(|&x| x == o)?)
                .map(|&n| (o, n)),
        })
        .collect()
}

/// Carries out a judged lay.
pub fn lay_tile(board: &mut Board, lay: &TileLay, planned: &PlannedLay) {
    for station in board.stations.iter_mut().filter(|s| s.hex == lay.hex) {
        if let Some(&(_, to)) = planned
            .station_moves
            .iter()
            .find(|(from, _)| *from == station.city)
        {
            station.city = to;
        }
    }
    let (hex, laid) = planned.placement;
    // The planned hex is one of the map's: it is laid.
    let _ = board.tiles.lay(hex, laid);
}
