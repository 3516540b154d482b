//! The board of a real 1846 game of 18xx.games (tests/data/18xx-games/1846/) as its actions
//! build it: tile lays, stations, the privates' markers, trains and the routes run, and what the
//! kit counts for each run. Shared by the board and market checks.

use railrules::games::g1846::data::{Ability, components};
use railrules::games::g1846::dealing::deal;
use railrules::games::g1846::routes::{Band, G1846Routes};
use railrules::games::g1846::track::{
    LayContext, LayKind, PhaseTiles, TileLay, check_lay, lay_rules, lay_tile, phase_tiles,
};
use railrules::games::kit18xx::board::{Board, Station};
use railrules::games::kit18xx::connections::readings;
use railrules::games::kit18xx::map::StopKind;
use railrules::games::kit18xx::routes::{
    OwnedTrain, Route, RouteContext, RouteRevenue, judge_routes,
};
use railrules::games::kit18xx::stations::{
    Reservation, StationContext, StationPlacement, check_station,
};
use railrules::import::export_18xx::{Export, SiteJson, site_json};
use serde_json::Value;
use std::collections::BTreeMap;

/// A real game's board as its actions build it.
pub struct Replay {
    pub board: Board,
    /// 0 for phase I.
    pub phase: usize,
    /// Each laid tile's 18xx.games id (`57-0`) and the hex it is on.
    pub laid: BTreeMap<String, String>,
    /// Corporations started (parred), and those removed at setup.
    pub started: Vec<String>,
    /// Corporations removed at setup or closed (their price reached $0).
    pub closed: Vec<String>,
    /// The privates' markers: the hex each is on and the company it is assigned to (the
    /// Steamboat's by its own action; the others' owner's).
    pub assigned_hex: BTreeMap<String, String>,
    pub assigned_to: BTreeMap<String, String>,
    /// The privates removed at setup, and the lays each private has made.
    pub removed_privates: Vec<String>,
    pub private_lays: BTreeMap<String, u8>,
    /// Tokens a corporation gained with a minor it bought.
    pub gained_tokens: BTreeMap<String, usize>,
    /// Who owns each private a corporation bought.
    pub owners: BTreeMap<String, String>,
    /// The entity laying this turn and its lays so far.
    pub turn: Option<(String, Vec<(String, LayKind)>)>,
    pub refused: Vec<String>,
    pub lays: usize,
    pub stations: usize,
    /// Each train's side, by 18xx.games id, and the company that has it.
    pub trains: BTreeMap<String, (String, String)>,
    /// Trains made obsolete (the 2s by the first 5, the 4s by the first 6): each runs once more
    /// for its company, then rusts at its dividend (18xx.games' `rust_obsolete_trains!`).
    pub obsolete: Vec<String>,
    /// Trains a corporation got with a minor it bought this turn, which ran this round already:
    /// they do not run again before another company runs.
    pub resting: Vec<String>,
    /// The routes run: where, by whom, on which board, with their connections.
    pub runs: Vec<Run>,
}

/// A `run_routes` of the game, with the board it was run on.
#[derive(Clone)]
pub struct Run {
    pub at: String,
    /// The action's id (the observations' `action_index`).
    pub id: u64,
    pub company: String,
    pub board: Board,
    pub phase: usize,
    /// The company's trains then: id and side.
    pub trains: Vec<(String, String)>,
    /// The privates' markers then (private, hex, company), and whether the company owns the
    /// Mail Contract.
    pub markers: Vec<(String, String, String)>,
    pub mail_contract: bool,
    /// Train id and the connections' hexes of each route.
    pub routes: Vec<(String, Vec<Vec<String>>)>,
}

/// An action the engine played, as owned JSON: the tests index and tamper with it freely.
#[derive(Clone, Debug)]
pub struct Played {
    /// The action's JSON pointer in the export (`/actions/12`, `/actions/12/auto_actions/0`).
    pub pointer: String,
    pub action: Value,
}

/// A real game's export. Its text is leaked: an export borrows its text, and the twelve games
/// may live to the tests' end.
pub fn export(name: &str) -> Export<'static> {
    let path = format!(
        "{}/tests/data/18xx-games/1846/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    Export::parse(Box::leak(text.into_boxed_str())).unwrap()
}

/// The field `name` of the export's action `index`, as owned JSON (null when missing).
pub fn field(export: &Export, index: usize, name: &str) -> Value {
    Value::from(export.actions[index].get(name))
}

/// Tampers with an export: sets the field `name` of its action `index` to `value` (leaked, so
/// that the export may borrow it).
pub fn tamper(export: &mut Export<'static>, index: usize, name: &'static str, value: Value) {
    let value: &'static Value = Box::leak(Box::new(value));
    let SiteJson::Object(action) = &mut export.actions[index] else {
        panic!("action {index} is not an object");
    };
    action.insert(name, site_json(value));
}

pub fn game(name: &str) -> (Export<'static>, Vec<Played>) {
    let export = export(name);
    let played = export
        .played()
        .unwrap()
        .into_iter()
        .map(|p| Played {
            pointer: p.pointer,
            action: Value::from(&p.action),
        })
        .collect();
    (export, played)
}

pub fn text(action: &Value, field: &str) -> String {
    match &action[field] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl Replay {
    pub fn new(export: &Export) -> Replay {
        let first_edition = export
            .settings
            .optional_rules
            .iter()
            .any(|r| r == "first_ed");
        let dealing = deal(export.seed().unwrap(), export.players.len(), first_edition).unwrap();
        let mut replay = Replay {
            board: Board::default(),
            phase: 0,
            laid: BTreeMap::new(),
            owners: BTreeMap::new(),
            started: dealing.removed_corporations.clone(),
            // The removed corporations' reservations go with them (their home stations stay).
            closed: dealing.removed_corporations.clone(),
            gained_tokens: BTreeMap::new(),
            removed_privates: dealing.removed_privates.clone(),
            private_lays: BTreeMap::new(),
            assigned_hex: BTreeMap::new(),
            assigned_to: BTreeMap::new(),
            turn: None,
            refused: Vec::new(),
            lays: 0,
            stations: 0,
            trains: BTreeMap::new(),
            obsolete: Vec::new(),
            resting: Vec::new(),
            runs: Vec::new(),
        };
        let c = components();
        // Each minor starts with a 2 (18xx.games deals them the first two, in order).
        for (k, minor) in c.minors.iter().enumerate() {
            let id = format!("{}-{k}", minor.train);
            replay
                .trains
                .insert(id, (minor.id.clone(), minor.train.clone()));
        }
        // The minors' home stations, and those of the corporations removed at setup.
        for minor in &c.minors {
            replay.place(&minor.id, &minor.home.hex, minor.home.city);
        }
        for removed in &dealing.removed_corporations {
            let home = &c.corporation(removed).unwrap().home;
            replay.place(removed, &home.hex, home.city);
        }
        replay
    }

    fn place(&mut self, company: &str, hex: &str, city: u8) {
        self.board.stations.push(Station {
            company: company.into(),
            hex: hex.into(),
            city,
        });
    }

    /// A copy to try an action on.
    pub fn probe(&self) -> Replay {
        Replay {
            board: self.board.clone(),
            phase: self.phase,
            laid: self.laid.clone(),
            owners: self.owners.clone(),
            started: self.started.clone(),
            closed: self.closed.clone(),
            gained_tokens: self.gained_tokens.clone(),
            removed_privates: self.removed_privates.clone(),
            private_lays: self.private_lays.clone(),
            assigned_hex: self.assigned_hex.clone(),
            assigned_to: self.assigned_to.clone(),
            turn: self.turn.clone(),
            refused: Vec::new(),
            lays: 0,
            stations: 0,
            trains: self.trains.clone(),
            obsolete: self.obsolete.clone(),
            resting: self.resting.clone(),
            runs: Vec::new(),
        }
    }

    fn phase(&self) -> PhaseTiles<'static> {
        phase_tiles(&components().phases[self.phase])
    }

    /// Plays an action, then closes what the recorded prices closed with it.
    pub fn play_closing(&mut self, at: &str, action: &Value, closures: &[(u64, String)]) {
        self.play(at, action);
        let id = action["id"].as_u64();
        for (_, corporation) in closures.iter().filter(|(at, _)| Some(*at) == id) {
            self.board.stations.retain(|s| s.company != *corporation);
            self.closed.push(corporation.clone());
        }
    }

    #[expect(
        clippy::too_many_lines,
        reason = "one arm per action of the site's 1846 the test replays"
    )]
    pub fn play(&mut self, at: &str, action: &Value) {
        let entity = text(action, "entity");
        if self.turn.as_ref().is_some_and(|(e, _)| *e != entity) {
            self.turn = None;
        }
        match action["type"].as_str().unwrap_or("") {
            "par" => {
                let corporation = text(action, "corporation");
                self.started.push(corporation.clone());
                let home = &components().corporation(&corporation).unwrap().home;
                self.place(&corporation, &home.hex, home.city);
            }
            "buy_company" => {
                let company = text(action, "company");
                // A minor bought by a corporation becomes its: its station with it, as one more
                // token, unless the corporation has one in that city already.
                let minor: Vec<(String, u8)> = self
                    .board
                    .stations_of(&company)
                    .map(|s| (s.hex.to_string(), s.city))
                    .collect();
                for (hex, city) in minor {
                    let doubled = self
                        .board
                        .stations_in(&hex, city)
                        .any(|s| s.company == entity);
                    for station in self
                        .board
                        .stations
                        .iter_mut()
                        .filter(|s| s.company == company)
                    {
                        station.company = entity.as_str().into();
                    }
                    if doubled {
                        let at =
                            self.board.stations.iter().rposition(|s| {
                                s.company == entity && s.hex == hex && s.city == city
                            });
                        self.board.stations.remove(at.unwrap());
                    } else {
                        *self.gained_tokens.entry(entity.clone()).or_default() += 1;
                    }
                }
                for (id, (owner, _)) in self.trains.iter_mut() {
                    if *owner == company {
                        *owner = entity.clone();
                        self.resting.push(id.clone());
                    }
                }
                self.owners.insert(company, entity);
            }
            "buy_train" => {
                let variant = match &action["variant"] {
                    Value::String(v) => v.clone(),
                    _ => {
                        let id = text(action, "train");
                        let bought = self.trains.get(&id).map(|(_, side)| side.clone());
                        bought.unwrap_or_else(|| id.rsplit_once('-').unwrap().0.to_string())
                    }
                };
                self.trains
                    .insert(text(action, "train"), (entity.clone(), variant));
                let card = text(action, "train");
                let card = card.rsplit_once('-').map_or(card.as_str(), |(c, _)| c);
                let phases = &components().phases;
                if let Some(next) = phases.iter().position(|p| p.on.as_deref() == Some(card)) {
                    if next == phase_of_event("close_companies") && self.phase < next {
                        // The first 5 closes the minors: their stations and trains leave.
                        let minors: Vec<&str> =
                            components().minors.iter().map(|m| m.id.as_str()).collect();
                        self.board
                            .stations
                            .retain(|s| !minors.contains(&s.company.as_str()));
                        self.trains
                            .retain(|_, (owner, _)| !minors.contains(&owner.as_str()));
                    }
                    if next > self.phase {
                        self.trains_age(next);
                    }
                    self.phase = self.phase.max(next);
                }
            }
            "dividend" => self.rust_obsolete(&entity),
            "run_routes" => {
                let routes = action["routes"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|r| {
                        let connections = serde_json::from_value(r["connections"].clone());
                        (text(r, "train"), connections.unwrap_or_default())
                    })
                    .collect();
                // Another company's run ends the rest of the trains a minor brought.
                let resting = std::mem::take(&mut self.resting);
                let trains = self
                    .trains
                    .iter()
                    .filter(|(id, (owner, _))| *owner == entity && !resting.contains(id))
                    .map(|(id, (_, side))| (id.clone(), side.clone()))
                    .collect();
                self.rust_obsolete(&entity);
                self.runs.push(Run {
                    at: at.to_string(),
                    id: action["id"].as_u64().unwrap_or(0),
                    markers: self.markers(),
                    mail_contract: self.owners.get("MAIL") == Some(&entity),
                    company: entity,
                    board: self.board.clone(),
                    phase: self.phase,
                    trains,
                    routes,
                });
            }
            "assign" => {
                let private = entity;
                let target = text(action, "target");
                if action["target_type"] == "hex" {
                    self.assigned_hex.insert(private, target);
                } else {
                    self.assigned_to.insert(private, target);
                }
            }
            "lay_tile" => self.lay(at, action, entity),
            "place_token" => self.token(at, action, entity),
            _ => {}
        }
    }

    fn lay(&mut self, at: &str, action: &Value, entity: String) {
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

    /// `city` is `<18xx.games tile id>-<city index among the tile's cities>`; a printed tile's
    /// id is its hex's.
    fn token(&mut self, at: &str, action: &Value, entity: String) {
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

    /// A new phase ages the trains: the first 5 makes the 2s obsolete, the first 6 the 4s, and
    /// rusts the 2s (the cards' `obsolete_on` and `rusts_on`).
    fn trains_age(&mut self, phase: usize) {
        let on = components().phases[phase].on.clone();
        for card in &components().trains {
            let card_of = |id: &str| id.rsplit_once('-').map(|(c, _)| c.to_string());
            if card.rusts_on == on {
                self.trains
                    .retain(|id, _| card_of(id).as_deref() != Some(card.id.as_str()));
            }
            if card.obsolete_on == on {
                let ids: Vec<String> = self
                    .trains
                    .keys()
                    .filter(|id| card_of(id).as_deref() == Some(card.id.as_str()))
                    .cloned()
                    .collect();
                self.obsolete.extend(ids);
            }
        }
    }

    /// A company's obsolete trains rust at its dividend, having run once more.
    fn rust_obsolete(&mut self, company: &str) {
        let obsolete = &self.obsolete;
        self.trains
            .retain(|id, (owner, _)| owner != company || !obsolete.contains(id));
    }

    /// The privates' markers now: (private, hex, company). Gone from phase IV (the first 6);
    /// the Steamboat's from phase III unless a corporation owns it.
    fn markers(&self) -> Vec<(String, String, String)> {
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
    fn private_may_lay(&mut self, private: &str, lay: &TileLay) -> Result<(), String> {
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

/// The phase (index) the first train of card `card` starts.
pub fn phase_on(card: &str) -> usize {
    components()
        .phases
        .iter()
        .position(|p| p.on.as_deref() == Some(card))
        .expect("a card that starts a phase")
}

/// The phase whose first train brings the train event `event` (the cards' `events`: the 5's
/// `close_companies`, the 6's `remove_bonuses` and `remove_reservations`).
pub fn phase_of_event(event: &str) -> usize {
    let card = components()
        .trains
        .iter()
        .find(|t| t.events.iter().any(|e| e == event))
        .expect("a train event of the data");
    phase_on(&card.id)
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

/// The corporations whose price reached $0 in the game, by the id of the action that took it
/// there (tests/data/1846-market-observations.csv): the market is not modelled here, so the
/// closings come from the recorded prices. A closed corporation's stations leave the map.
pub fn closures(name: &str) -> Vec<(u64, String)> {
    rows_of(name)
        .iter()
        .filter(|row| row.get("note").contains("corporation closes"))
        .map(|row| (row.id(), row.get("corporation").to_string()))
        .collect()
}

pub fn replay(name: &str) -> Replay {
    let (export, played) = game(name);
    let closures = closures(name);
    let mut replay = Replay::new(&export);
    for p in &played {
        replay.play_closing(&p.pointer, &p.action, &closures);
    }
    replay
}

/// Every route of the game reads onto the board it was run on: its connections' hexes carry
/// track from a stop to a stop, each connection starting where the last ended.
pub fn routes_read(replay: &Replay) -> Vec<String> {
    let map = &components().map;
    let mut unread = Vec::new();
    for run in &replay.runs {
        for (train, connections) in &run.routes {
            let readings = readings(&run.board, map, connections).unwrap();
            if readings.is_empty() {
                unread.push(format!(
                    "{}: {} {train} {connections:?}",
                    run.at, run.company
                ));
            }
        }
    }
    unread
}

/// Calls `f` with the route context of `run`: its company's trains, the privates' markers and
/// the Mail Contract as they were, in its phase's band.
pub fn with_context<R>(run: &Run, f: impl FnOnce(&RouteContext) -> R) -> R {
    let bonuses = G1846Routes::from_markers(&run.markers, run.mail_contract);
    let trains: Vec<OwnedTrain> = run
        .trains
        .iter()
        .map(|(id, side)| OwnedTrain {
            id: id.as_str().into(),
            side: side.as_str().into(),
        })
        .collect();
    let phase = &components().phases[run.phase].name;
    let band = Band::of_phase(phase).unwrap();
    f(&bonuses.context(band, &run.company, &trains))
}

/// The run's routes as the kit reads them: the first reading the rules accept (where one edge
/// leads to several of Chicago's cities, the connections alone leave a choice), with what each
/// earns, its claim filled in.
pub fn accepted_routes(
    run: &Run,
    ctx: &RouteContext,
) -> Result<(Vec<Route>, Vec<RouteRevenue>), String> {
    let map = &components().map;
    let mut readings_per_route = Vec::new();
    for (train, connections) in &run.routes {
        let readings = readings(&run.board, map, connections)?;
        readings_per_route.push((train, readings));
    }
    // Every combination of the routes' readings, first ones first (a few at most).
    let mut choice = vec![0; readings_per_route.len()];
    let mut last_refusal = String::from("a route reads nowhere");
    for _ in 0..64 {
        let routes: Option<Vec<Route>> = readings_per_route
            .iter()
            .zip(&choice)
            .map(|((train, readings), &k)| {
                let reading = readings.get(k)?;
                Some(Route {
                    train: train.as_str().into(),
                    nodes: reading
                        .nodes
                        .iter()
                        .map(|n| format!("{}-{}", map.hexes[n.hex].id, n.stop).into())
                        .collect(),
                    connections: reading
                        .connections
                        .iter()
                        .map(|c| c.iter().map(|&h| map.hexes[h].id.as_str().into()).collect())
                        .collect(),
                    revenue: 0,
                    extension: None,
                })
            })
            .collect();
        let Some(mut routes) = routes else { break };
        match judge_routes(&run.board, ctx, &routes) {
            Ok(revenues) => {
                for (route, revenue) in routes.iter_mut().zip(&revenues) {
                    route.revenue = revenue.total;
                }
                return Ok((routes, revenues));
            }
            Err(v) => last_refusal = v.to_string(),
        }
        // The next combination.
        let mut i = 0;
        loop {
            if i == choice.len() {
                return Err(last_refusal);
            }
            choice[i] += 1;
            if choice[i] < readings_per_route[i].1.len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
    Err(last_refusal)
}

/// What a run earns by the kit's 1846 routes.
pub fn run_revenue(run: &Run) -> Result<u32, String> {
    with_context(run, |ctx| {
        let (_, revenues) = accepted_routes(run, ctx)?;
        Ok(revenues.iter().map(|r| r.total).sum())
    })
}

/// The revenue each dividend of the game was paid on (tests/data/1846-market-observations.csv):
/// (the dividend's action id, corporation, revenue). A dividend the engine took without an
/// action is recorded at its run's id.
pub fn observed_revenues(name: &str) -> Vec<(u64, String, u32, bool)> {
    rows_of(name)
        .iter()
        .filter_map(|row| {
            let implicit = match row.get("event") {
                "dividend" => false,
                "dividend_implicit" => true,
                _ => return None,
            };
            let revenue = row.get("revenue").parse().ok()?;
            Some((
                row.id(),
                row.get("corporation").to_string(),
                revenue,
                implicit,
            ))
        })
        .collect()
}

/// The kit's count of the revenue a recorded dividend was paid on.
pub struct Paid {
    /// The dividend's action id and corporation.
    pub id: u64,
    pub corporation: String,
    /// Where its run is (the action's pointer), or the dividend's id without a run.
    pub at: String,
    /// The revenue 18xx.games paid on (the observations' column).
    pub observed: u32,
    /// The kit's count, or why it has none.
    pub computed: Result<u32, String>,
}

/// For each dividend of the game (tests/data/1846-market-observations.csv), what the kit counts
/// for the run before it.
pub fn kit_revenues(name: &str, replay: &Replay) -> Vec<Paid> {
    let mut paid = Vec::new();
    let mut previous: BTreeMap<String, u64> = BTreeMap::new();
    for (id, corporation, revenue, implicit) in observed_revenues(name) {
        let since = previous.insert(corporation.clone(), id).unwrap_or(0);
        let run = replay.runs.iter().rfind(|r| {
            let in_turn = if implicit { r.id == id } else { r.id < id };
            r.company == corporation && r.id > since && in_turn
        });
        // A corporation without a train runs nothing: it earns nothing.
        let Some(run) = run else {
            paid.push(Paid {
                id,
                at: format!("{name} {id}"),
                computed: if revenue == 0 {
                    Ok(0)
                } else {
                    Err(format!("no run of {corporation}"))
                },
                corporation,
                observed: revenue,
            });
            continue;
        };
        // 18xx.games' receivership bought GT a 5 at the end of its OR 6.2 turn without an
        // action (a corporation in receivership without a train buys one: not modelled by this
        // board replay): from then on the game is in phase III, and the runs are counted so.
        let mut run = run.clone();
        if name == "1846_game_end_reason_bankrupt.json" && run.id > 236 {
            run.phase = run.phase.max(phase_on("5"));
        }
        paid.push(Paid {
            id,
            at: run.at.clone(),
            computed: run_revenue(&run),
            corporation,
            observed: revenue,
        });
    }
    paid
}

pub const OBSERVATIONS: &str = include_str!("../data/1846-market-observations.csv");

/// One row of tests/data/1846-market-observations.csv, by column name.
pub struct Row {
    fields: BTreeMap<String, String>,
}

impl Row {
    pub fn get(&self, column: &str) -> &str {
        self.fields.get(column).map_or("", String::as_str)
    }

    pub fn number(&self, column: &str) -> u32 {
        self.get(column).parse().unwrap_or(u32::MAX)
    }

    pub fn id(&self) -> u64 {
        self.get("action_index").parse().unwrap()
    }

    /// The number after `label` in the note, if there is one.
    pub fn note_number(&self, label: &str) -> Option<u32> {
        let (_, after) = self.get("note").split_once(label)?;
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    }

    pub fn describe(&self) -> String {
        format!(
            "{} {} {} {}/{} {}->{}",
            self.get("fixture"),
            self.get("action_index"),
            self.get("corporation"),
            self.get("event"),
            self.get("kind"),
            self.get("price_before"),
            self.get("price_after")
        )
    }
}

/// The fields of a CSV line (a quoted field may hold commas).
pub fn split_line(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            _ => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

/// The rows of the game `name` (its fixture file), in the file's order.
pub fn rows_of(name: &str) -> Vec<Row> {
    let mut lines = OBSERVATIONS.lines();
    let columns = split_line(lines.next().unwrap());
    lines
        .filter(|l| l.split(',').next() == Some(name))
        .map(|l| Row {
            fields: columns.iter().cloned().zip(split_line(l)).collect(),
        })
        .collect()
}
