//! The board of a real 1846 game of 18xx.games (tests/data/18xx-games/1846/) as its actions
//! build it: tile lays, stations, the privates' markers, trains and the routes run, and what the
//! kit counts for each run. Shared by the board and market checks.

mod observations;
mod privates;
mod routes;
mod stations;
mod track;

pub use observations::{Row, rows_of};
pub use routes::{Paid, accepted_routes, kit_revenues, routes_read, with_context};

use railrules::games::g1846::data::components;
use railrules::games::g1846::dealing::deal;
use railrules::games::g1846::track::{LayKind, PhaseTiles, phase_tiles};
use railrules::games::kit18xx::board::{Board, Station};
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
