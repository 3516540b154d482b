//! What 1833NE adds to the kit's routes (docs/rules/1833ne.md#ferries, #bonuses): the D&H's
//! value and who may run to it, the ferries' money, the bonuses for linking two locations, and
//! interconnections to a bonus location.

use std::collections::HashSet;

use super::data::{Band, Provisional, components};
use super::rules::section;
use crate::core::Violation;
use crate::games::kit18xx::board::{Board, Node};
use crate::games::kit18xx::map::TrainSide;
use crate::games::kit18xx::routes::{
    Extras, OwnedTrain, Resolved, RouteContext, RouteSections, RouteTitle, Which,
};

/// The sections route violations cite.
pub const SECTIONS: RouteSections = RouteSections {
    routes: section::ROUTES,
    revenue: section::REVENUE,
    bonuses: section::BONUSES,
};

/// The D&H's private off-board and Montreal, the only place it pays on a route to.
const DELAWARE_AND_HUDSON: &str = "A12";
const MONTREAL: &str = "B3";
/// Boston, one end of the bonuses; a ferry's city counts as Boston.
pub(crate) const BOSTON: &str = "G22";
/// P4's Ogdensburg off-board: its owner's routes from there to Boston double their bonuses.
const OGDENSBURG: &str = "A6";

/// The operating company's ferries, bonuses and privates, as routes count them.
pub struct Ne1833Routes<'a> {
    pub provisional: &'a Provisional,
    /// Phases I-III: P4 doubles bonuses of routes from A6 to Boston then.
    pub before_phase_four: bool,
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
}

impl<'a> Ne1833Routes<'a> {
    /// The kit's route context for `company` on 1833NE's map with these bonuses.
    pub fn context(
        &'a self,
        band: Band,
        company: &'a str,
        trains: &'a [OwnedTrain],
        extra_sources: &'a [Node],
    ) -> RouteContext<'a> {
        RouteContext {
            map: &components().map,
            sections: SECTIONS,
            band: band.index(),
            company,
            trains,
            side_of,
            extra_sources,
            title: self,
        }
    }
}

/// A train side of 1833NE's cards.
pub fn side_of(name: &str) -> Option<&'static TrainSide> {
    components().train_side(name)
}

impl RouteTitle for Ne1833Routes<'_> {
    /// The D&H pays only on a route to or through Montreal.
    fn stop_value(&self, ctx: &RouteContext, node: Node, printed: u32, route: &[Node]) -> u32 {
        if ctx.map.hexes[node.hex].id != DELAWARE_AND_HUDSON {
            return printed;
        }
        let montreal = route.iter().any(|n| ctx.map.hexes[n.hex].id == MONTREAL);
        if montreal {
            self.provisional.delaware_and_hudson[ctx.band]
        } else {
            0
        }
    }

    fn judge(&self, ctx: &RouteContext, route: &Resolved, which: Which) -> Result<(), Violation> {
        let to_dh = route
            .nodes
            .iter()
            .any(|n| ctx.map.hexes[n.hex].id == DELAWARE_AND_HUDSON);
        if to_dh && !self.delaware_and_hudson {
            return Err(Violation::new(
                "d_and_h_only",
                section::BONUSES,
                format!("{which}: only the company owning the D&H (P6) may run to A12"),
            ));
        }
        Ok(())
    }

    fn extras(&self, ctx: &RouteContext, _board: &Board, route: &Resolved) -> Extras {
        Extras {
            ferries: self.ferry_value(ctx, route),
            bonuses: self.bonus_value(ctx, route),
        }
    }

    fn interconnections(&self) -> bool {
        true
    }

    /// A bonus location: one end of a bonus, or the city of a ferry the company owns.
    fn extension_may_end(&self, _ctx: &RouteContext, hex: &str) -> bool {
        let p = self.provisional;
        p.bonuses.iter().any(|b| b.between.iter().any(|h| h == hex))
            || p.ferries
                .iter()
                .any(|f| self.ferries.contains(&f.id) && f.city == hex)
    }
}

impl Ne1833Routes<'_> {
    /// Ferries the company owns whose city the route visits: each its value, the newest ferry's
    /// bonus on top, P5 doubling one of them with its bonus.
    fn ferry_value(&self, ctx: &RouteContext, route: &Resolved) -> u32 {
        let hexes: HashSet<&str> = route
            .nodes
            .iter()
            .map(|n| ctx.map.hexes[n.hex].id.as_str())
            .collect();
        self.provisional
            .ferries
            .iter()
            .filter(|f| self.ferries.contains(&f.id) && hexes.contains(f.city.as_str()))
            .map(|f| {
                let newest = if self.new_ferry == Some(f.id.as_str()) {
                    self.provisional.new_ferry_bonus
                } else {
                    0
                };
                let value = f.value + newest;
                if self.luxury_ferry == Some(f.id.as_str()) {
                    2 * value
                } else {
                    value
                }
            })
            .sum()
    }

    /// Bonuses for linking two locations, by phase band. A ferry the company owns makes its city
    /// count as Boston. P4 doubles them on a route from A6 to Boston before phase IV.
    fn bonus_value(&self, ctx: &RouteContext, route: &Resolved) -> u32 {
        let mut hexes: HashSet<&str> = route
            .nodes
            .iter()
            .chain(&route.extension)
            .map(|n| ctx.map.hexes[n.hex].id.as_str())
            .collect();
        let ferry_to_boston = self
            .provisional
            .ferries
            .iter()
            .any(|f| self.ferries.contains(&f.id) && hexes.contains(f.city.as_str()));
        if ferry_to_boston {
            hexes.insert(BOSTON);
        }
        let total: u32 = self
            .provisional
            .bonuses
            .iter()
            .filter(|b| {
                hexes.contains(b.between[0].as_str()) && hexes.contains(b.between[1].as_str())
            })
            .map(|b| b.values[ctx.band])
            .sum();
        let doubled = self.ogdensburg
            && self.before_phase_four
            && hexes.contains(OGDENSBURG)
            && hexes.contains(BOSTON);
        if doubled { 2 * total } else { total }
    }
}
