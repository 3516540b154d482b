//! Tile lays as the replay plays them: the kit's judgement of each lay, and the privates' lays.

use railrules::games::g1846::data::components;
use railrules::games::g1846::track::{LayContext, TileLay, check_lay, lay_rules, lay_tile};
use serde_json::Value;

use super::{Replay, text};

impl Replay {
    pub(super) fn lay(&mut self, at: &str, action: &Value, entity: String) {
        let id = text(action, "tile");
        let tile = id
            .rsplit_once('-')
            .map_or(id.as_str(), |(t, _)| t)
            .to_string();
        let lay = TileLay {
            hex: text(action, "hex"),
            tile,
            rotation: action["rotation"].as_u64().unwrap_or(99) as u8,
        };
        // A private's own lay (Lake Shore Line, Michigan Central...) needs no connection and is
        // besides the company's turn.
        let by_private = action["entity_type"] == "company";
        let company = if by_private {
            self.owners.get(&entity).cloned().unwrap_or(entity.clone())
        } else {
            entity.clone()
        };
        let earlier = match (&self.turn, by_private) {
            (Some((_, lays)), false) => lays.clone(),
            _ => Vec::new(),
        };
        if by_private && let Err(why) = self.private_may_lay(&entity, &lay) {
            self.refused
                .push(format!("{at}: {lay:?} by {entity}: {why}"));
        }
        let blocked = self.blocked_hexes();
        let ctx = LayContext {
            map: &components().map,
            rules: lay_rules(),
            phase: self.phase(),
            company: &company,
            cash: u32::MAX,
            earlier: &earlier,
            // A private's own lay goes in the hexes its player-owned self would block.
            blocked: if by_private { &[] } else { &blocked },
            extra_sources: &[],
            discount: None,
            border_discount: None,
            connection_free: by_private,
            network: None,
            must_use_new_track: !by_private,
        };
        self.lays += 1;
        match check_lay(&self.board, &ctx, &lay) {
            Ok(planned) => {
                if !by_private {
                    let mut lays = earlier;
                    lays.push((lay.hex.clone(), planned.kind));
                    self.turn = Some((entity, lays));
                }
                lay_tile(&mut self.board, &lay, &planned);
                self.laid.retain(|_, hex| *hex != lay.hex);
                self.laid.insert(id, lay.hex);
            }
            Err(v) => self
                .refused
                .push(format!("{at}: {lay:?} by {company}: {v}")),
        }
    }
}
