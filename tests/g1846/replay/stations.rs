//! Stations as the replay places them: the kit's judgement, the stations a company has left, the
//! spots held, and the tokens that may be placed unconnected.

use railrules::games::g1846::data::{Ability, components};
use railrules::games::kit18xx::map::StopKind;
use railrules::games::kit18xx::stations::{
    Reservation, StationContext, StationPlacement, check_station,
};
use serde_json::Value;

use super::{Replay, phase_of_event, text};

impl Replay {
    /// `city` is `<18xx.games tile id>-<city index among the tile's cities>`; a printed tile's
    /// id is its hex's.
    pub(super) fn token(&mut self, at: &str, action: &Value, entity: String) {
        let city = text(action, "city");
        let c = components();
        let found = city.rsplit_once('-').and_then(|(tile, k)| {
            let k: usize = k.parse().ok()?;
            let name = tile.rsplit_once('-')?.0;
            let hex = match self.laid.get(tile) {
                Some(hex) => hex.clone(),
                None => c.hex(name)?.id.clone(),
            };
            let face = self.board.face(&c.map, c.map.hex_index(&hex)?);
            let stop = (0..face.stops.len()).filter(|&i| face.stops[i].kind == StopKind::City);
            Some((
                hex,
                stop.clone().nth(k)? as u8,
                face.stops[stop.clone().nth(k)?].slots,
            ))
        });
        let by_private = action["entity_type"] == "company";
        let company = if by_private {
            self.owners.get(&entity).cloned().unwrap_or(entity)
        } else {
            entity
        };
        self.stations += 1;
        let Some((hex, stop, _)) = found else {
            self.refused.push(format!("{at}: no city {city}"));
            return;
        };
        if by_private {
            // A private's token (the C&WI's in Chicago) is one more, not one of the company's.
            *self.gained_tokens.entry(company.clone()).or_default() += 1;
        }
        let placement = StationPlacement {
            hex: hex.clone(),
            city: stop,
        };
        let reservations = self.reservations();
        let ctx = StationContext {
            map: &c.map,
            section: "1846#stations",
            company: &company,
            cash: u32::MAX,
            stations_left: self.stations_left(&company),
            price: 0,
            reservations: &reservations,
            extra_sources: &[],
            anywhere: by_private || may_teleport(&company, &hex),
        };
        if let Err(v) = check_station(&self.board, &ctx, &placement) {
            self.refused
                .push(format!("{at}: {company} in {hex} city {stop}: {v}"));
        }
        self.place(&company, &hex, stop);
    }

    /// The stations a company has left: its tokens less those on the map.
    fn stations_left(&self, company: &str) -> usize {
        let c = components();
        let tokens = c
            .corporation(company)
            .map(|corp| corp.tokens.len())
            .or_else(|| {
                c.minors
                    .iter()
                    .find(|m| m.id == company)
                    .map(|m| m.tokens.len())
            })
            .unwrap_or(0);
        let gained = self.gained_tokens.get(company).copied().unwrap_or(0);
        (tokens + gained).saturating_sub(self.board.stations_of(company).count())
    }

    /// The spots held now: the corporations' reserved spots before phase IV, the C&WI's city in
    /// Chicago until a corporation owns it or the privates close, and the homes of corporations
    /// not yet started.
    fn reservations(&self) -> Vec<Reservation> {
        let c = components();
        let mut held = Vec::new();
        for hex in &c.hexes {
            for r in &hex.reservations {
                let corporation = c.corporation(&r.by).is_some();
                // A corporation's spot is held until phase IV (and while it is in the game);
                // the C&WI's while no corporation owns it, until the privates close (phase III).
                let ended = if corporation {
                    self.phase >= phase_of_event("remove_reservations")
                        || self.closed.contains(&r.by)
                } else {
                    self.owners.contains_key(&r.by)
                        || self.phase >= phase_of_event("close_companies")
                };
                if ended {
                    continue;
                }
                let company = r.by.clone();
                held.push(Reservation {
                    company,
                    hex: hex.id.clone(),
                    city: Some(r.city),
                });
            }
        }
        for corp in &c.corporations {
            if !self.started.contains(&corp.id) {
                held.push(Reservation {
                    company: corp.id.clone(),
                    hex: corp.home.hex.clone(),
                    city: Some(corp.home.city),
                });
            }
        }
        held
    }
}

/// A corporation's token ability that may be placed unconnected, for a higher price (PRR in
/// Fort Wayne, B&O in Cincinnati).
pub fn may_teleport(company: &str, hex: &str) -> bool {
    components().corporation(company).is_some_and(|corp| {
        corp.abilities.iter().any(
            |a| matches!(a, Ability::Token { hex: h, teleport_price: Some(_), .. } if h == hex),
        )
    })
}
