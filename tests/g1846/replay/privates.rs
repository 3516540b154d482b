//! The privates on the replayed board: their markers, the lays their abilities allow, and the
//! hexes they block.

use railrules::games::g1846::data::{Ability, components};
use railrules::games::g1846::track::TileLay;

use super::{Replay, phase_of_event};

impl Replay {
    /// The privates' markers now: (private, hex, company). Gone from phase IV (the first 6);
    /// the Steamboat's from phase III unless a corporation owns it.
    pub(super) fn markers(&self) -> Vec<(String, String, String)> {
        if self.phase >= phase_of_event("remove_bonuses") {
            return Vec::new();
        }
        self.assigned_hex
            .iter()
            .filter(|(private, _)| {
                *private != "SC"
                    || self.phase < phase_of_event("close_companies")
                    || self.owners.contains_key("SC")
            })
            .filter_map(|(private, hex)| {
                // Owned by a corporation, a marker pays its owner; the Steamboat owned by a
                // player pays the company it was assigned to.
                let company = self
                    .owners
                    .get(private)
                    .or_else(|| self.assigned_to.get(private))?;
                Some((private.clone(), hex.clone(), company.clone()))
            })
            .collect()
    }

    /// A private's lay is one its ability allows: in its hexes, one of its tiles, no more lays
    /// than it has (the Michigan Central's, the Ohio & Indiana's and the Little Miami's two, the
    /// Lake Shore Line's one).
    pub(super) fn private_may_lay(&mut self, private: &str, lay: &TileLay) -> Result<(), String> {
        let c = components();
        let ability = c.private(private).and_then(|p| {
            p.abilities.iter().find_map(|a| match a {
                Ability::ExtraTileLay {
                    hexes,
                    tiles,
                    count,
                    ..
                } => Some((hexes, tiles, *count)),
                _ => None,
            })
        });
        let Some((hexes, tiles, count)) = ability else {
            return Err(format!("{private} has no tile lay"));
        };
        if !hexes.contains(&lay.hex) || !tiles.contains(&lay.tile) {
            return Err(format!("{private} lays {tiles:?} in {hexes:?} only"));
        }
        let used = self.private_lays.entry(private.to_string()).or_default();
        *used += 1;
        if *used > count {
            return Err(format!("{private} has {count} lay(s)"));
        }
        Ok(())
    }

    /// The hexes the privates a player owns block (the Michigan Central's, the Ohio &
    /// Indiana's), until a corporation owns them, they are removed, or the privates close at
    /// the first 5.
    pub fn blocked_hexes(&self) -> Vec<String> {
        if self.phase >= phase_of_event("close_companies") {
            return Vec::new();
        }
        components()
            .privates
            .iter()
            .filter(|p| !self.removed_privates.contains(&p.id) && !self.owners.contains_key(&p.id))
            .flat_map(|p| p.abilities.iter())
            .filter_map(|a| match a {
                Ability::BlocksHexes { hexes, .. } => Some(hexes.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }
}
