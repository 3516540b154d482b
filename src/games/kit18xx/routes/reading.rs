//! Reading one route: its stops, the track between each two, and (where the title has them) its
//! interconnection to a bonus location, each stop once.

use super::{Extension, Resolved, Route, RouteContext, Which, node_name, parse_node, refuse};
use crate::core::Violation;
use crate::games::kit18xx::board::{Board, Faces, Node};
use crate::games::kit18xx::graph::{Graph, Link};
use crate::games::kit18xx::name::Name;

/// One route being read: the board and graph it runs on, its name in messages (`which`), and
/// the stops it has taken so far (none twice).
struct RouteReader<'a, 'f, 'g> {
    board: &'a Board,
    /// What the board's hexes show, each read once for the whole judging.
    faces: &'a Faces<'f>,
    ctx: &'a RouteContext<'a>,
    graph: &'g Graph,
    which: Which<'a>,
    taken: Vec<Node>,
}

impl<'g> RouteReader<'_, '_, 'g> {
    /// Reads `texts` as stops and `connections` as the hexes to each from the stop before (`from`,
    /// or the first stop itself when `from` is `None`); every stop distinct from `taken`.
    fn chain(
        &mut self,
        from: Option<Node>,
        texts: &[Name],
        connections: &[Vec<Name>],
    ) -> Result<(Vec<Node>, Vec<&'g Link>), Violation> {
        let Self {
            faces,
            ctx,
            graph,
            which,
            ..
        } = *self;
        let c = ctx.map;
        let mut nodes = Vec::with_capacity(texts.len());
        for text in texts {
            let node = parse_node(c, text)
                .filter(|n| usize::from(n.stop) < faces.of(n.hex).stops.len())
                .ok_or_else(|| {
                    refuse(
                        "unknown_stop",
                        ctx.sections.routes,
                        format!("{which}: there is no stop {text}"),
                    )
                })?;
            if self.taken.contains(&node) {
                return Err(refuse(
                    "stop_visited_twice",
                    ctx.sections.routes,
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
                ctx.sections.routes,
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
                    ctx.sections.routes,
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
            board,
            faces,
            ctx,
            which,
            ..
        } = *self;
        let c = ctx.map;
        let last = *route.last().expect("a route has two stops");
        if !ctx.title.interconnections() {
            return Err(refuse(
                "no_interconnections",
                ctx.sections.routes,
                format!("{which}: a route ends at its last stop (no extension)"),
            ));
        }
        if ext.nodes.is_empty() {
            return Err(refuse(
                "bad_extension",
                ctx.sections.bonuses,
                format!("{which}: an extension names at least one stop"),
            ));
        }
        let (nodes, links) = self.chain(Some(last), &ext.nodes, &ext.connections)?;
        for &node in std::iter::once(&last).chain(&nodes[..nodes.len() - 1]) {
            if !board.passable_showing(c, faces.of(node.hex), node, None) {
                return Err(refuse(
                    "route_blocked",
                    ctx.sections.bonuses,
                    format!(
                        "{which}: the extension cannot run on through {}",
                        node_name(c, node)
                    ),
                ));
            }
        }
        let end = &c.hexes[nodes[nodes.len() - 1].hex].id;
        if !ctx.title.extension_may_end(ctx, end) {
            return Err(refuse(
                "extension_to_nowhere",
                ctx.sections.bonuses,
                format!("{which}: the extension ends in {end}, which is no bonus location"),
            ));
        }
        Ok((nodes, links))
    }
}

/// Only a route's ends may be off-boards, terminal junctions or cities full of others'
/// stations: the stops between are passed through.
pub(super) fn check_passable(
    faces: &Faces,
    ctx: &RouteContext,
    nodes: &[Node],
    which: Which,
) -> Result<(), Violation> {
    let c = ctx.map;
    let board = faces.board();
    let between = nodes.get(1..nodes.len().saturating_sub(1)).unwrap_or(&[]);
    for &node in between {
        if !board.passable_showing(c, faces.of(node.hex), node, Some(ctx.company)) {
            return Err(refuse(
                "route_blocked",
                ctx.sections.routes,
                format!(
                    "{which} runs through {}, where it must end (an off-board area, a terminal, or a city full of other companies' stations)",
                    node_name(c, node)
                ),
            ));
        }
    }
    Ok(())
}

/// Finds the track of a route: its stops, the link between each two, and its interconnection.
pub(super) fn resolve<'g>(
    board: &Board,
    faces: &Faces,
    ctx: &RouteContext,
    graph: &'g Graph,
    route: &Route,
    which: Which,
) -> Result<Resolved<'g>, Violation> {
    let mut reader = RouteReader {
        board,
        faces,
        ctx,
        graph,
        which,
        taken: Vec::new(),
    };
    if route.nodes.len() < 2 {
        return Err(refuse(
            "route_too_short",
            ctx.sections.routes,
            format!("{which}: a route runs between at least two stops"),
        ));
    }
    let (nodes, links) = reader.chain(None, &route.nodes, &route.connections)?;
    check_passable(faces, ctx, &nodes, which)?;
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
