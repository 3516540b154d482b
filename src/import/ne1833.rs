//! 1833NE as the 18xx.games title `1833NE` (tobymao/18xx's `G1833NE`, whose `meta.rb` sets no
//! `GAME_TITLE`: the title is the module's name). The actions' mapping and the flow rules are
//! docs/rules/1833ne.md#interop.
//!
//! 18xx.games names players by id, companies and privates by symbol, and a company acts itself
//! (`entity`); railrules names the seat acting (the president). The site names certificates
//! (`RR_3`), copies of tiles (`57-0`), cities by the tile they are on (`57-0-0`) and market
//! spaces (`80,0,8`): the [`Ledger`] keeps those names beside railrules' state, which holds
//! percentages and tile kinds.

use crate::games::kit18xx::table::Table as _;
use serde_json::{Map, Value, json};

use super::export_18xx::{Export, ImportError, Played};
use super::title::{Seats, Step, Title, Written};
use crate::core::{Checked, Game};
use crate::games::ne1833::Ne1833;
use crate::games::ne1833::action::{Action, DividendKind, ShareSource};
use crate::games::ne1833::event::{EndReason, Event};
use crate::games::ne1833::ids::{Company, Private, Seat};
use crate::games::ne1833::setup::Options;
use crate::games::ne1833::state::{CompanyState, PrivateOwner, Round, State};

/// The flow rules (section ids of docs/rules/1833ne.md).
pub mod rule {
    /// The site has no route step for a company without trains: `run_routes` with no routes.
    pub const NO_ROUTE_STEP: &str = "1833ne#interop-no-route-step";
    /// The site has no dividend step for a revenue of $0: the dividend is withheld.
    pub const NO_DIVIDEND_STEP: &str = "1833ne#interop-no-dividend-step";
    /// The site ended a company's turn (another entity acts next): the company passes.
    pub const TURN_ENDED: &str = "1833ne#interop-turn-ended";
    /// The site skips a player whose only legal action is to pass: the player passes.
    pub const NOTHING_TO_DO: &str = "1833ne#interop-nothing-to-do";
    /// A pass that ends a step of the site's operating round railrules does not have (issue,
    /// track and token, buying a private), or a turn already over here: left out.
    pub const STEP_PASS: &str = "1833ne#interop-step-pass";
}

/// Certificates per company: the president's (index 0, 20%) and eight of 10%.
const CERTIFICATES: usize = 9;

/// Who holds a certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Holder {
    Treasury,
    Market,
    Player(Seat),
    /// The company has closed.
    Nobody,
}

/// The site's names for what railrules' state holds by count or kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ledger {
    /// The site's id of the tile on each hex a tile was laid on (`57-0`), by hex.
    tiles: std::collections::BTreeMap<String, String>,
    /// Per company (in component order): the holder of each certificate.
    shares: Vec<[Holder; CERTIFICATES]>,
}

impl Ledger {
    fn holder(&self, company: Company, index: usize) -> Holder {
        self.shares[company.index()][index]
    }

    /// The certificates `holder` has of `company`, lowest index first.
    fn held(&self, company: Company, holder: Holder) -> Vec<usize> {
        (0..CERTIFICATES)
            .filter(|&i| self.shares[company.index()][i] == holder)
            .collect()
    }

    /// Brings the holders in line with the state: named moves are made first (in
    /// [`Title::observe`]), then each holder keeps its lowest certificates up to what it holds
    /// and the rest go, lowest first, to holders short of theirs.
    fn reconcile(&mut self, state: &State) {
        for company in &state.companies {
            self.shares[company.company.index()] =
                reconciled(&self.shares[company.company.index()], company);
        }
    }

    /// The lowest copy of `tile` on no hex.
    fn free_copy(&self, tile: &str) -> usize {
        let used: Vec<usize> = self
            .tiles
            .values()
            .filter_map(|id| id.rsplit_once('-'))
            .filter(|(name, _)| *name == tile)
            .filter_map(|(_, copy)| copy.parse().ok())
            .collect();
        (0..).find(|c| !used.contains(c)).unwrap_or(0)
    }
}

/// What each holder has of a company, in certificates: the president's, and the 10% ones.
fn reconciled(before: &[Holder; CERTIFICATES], company: &CompanyState) -> [Holder; CERTIFICATES] {
    if company.closed {
        return [Holder::Nobody; CERTIFICATES];
    }
    let president = match company.president {
        Some(seat) => Holder::Player(seat),
        None if company.is_started() => Holder::Market,
        None => Holder::Treasury,
    };
    let tens = |holder: Holder, percent: u8| -> usize {
        let percent = if holder == president {
            percent.saturating_sub(20)
        } else {
            percent
        };
        usize::from(percent / 10)
    };
    let mut wanted: Vec<(Holder, usize)> = vec![
        (
            Holder::Treasury,
            tens(Holder::Treasury, company.treasury_shares),
        ),
        (Holder::Market, tens(Holder::Market, company.market_shares)),
    ];
    for (seat, percent) in &company.holdings {
        wanted.push((Holder::Player(*seat), tens(Holder::Player(*seat), *percent)));
    }
    let mut after = [Holder::Nobody; CERTIFICATES];
    after[0] = president;
    let mut free = Vec::new();
    for (i, holder) in before.iter().enumerate().skip(1) {
        match wanted.iter_mut().find(|(h, n)| h == holder && *n > 0) {
            Some((_, n)) => {
                *n -= 1;
                after[i] = *holder;
            }
            None => free.push(i),
        }
    }
    let mut free = free.into_iter();
    for (holder, n) in wanted {
        for _ in 0..n {
            if let Some(i) = free.next() {
                after[i] = holder;
            }
        }
    }
    after
}

/// Who an action of the export is by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Actor {
    Player(Seat),
    Corporation(Company),
    Private(Private),
}

fn error(pointer: impl Into<String>, message: impl Into<String>) -> ImportError {
    ImportError {
        pointer: pointer.into(),
        message: message.into(),
    }
}

fn kind_of(action: &Value) -> &str {
    action.get("type").and_then(Value::as_str).unwrap_or("")
}

fn field<'a>(action: &'a Value, at: &str, name: &str) -> Result<&'a Value, ImportError> {
    action
        .get(name)
        .ok_or_else(|| error(format!("{at}/{name}"), format!("`{name}` is missing")))
}

fn text<'a>(action: &'a Value, at: &str, name: &str) -> Result<&'a str, ImportError> {
    field(action, at, name)?
        .as_str()
        .ok_or_else(|| error(format!("{at}/{name}"), format!("`{name}` is not a string")))
}

fn number(action: &Value, at: &str, name: &str) -> Result<u32, ImportError> {
    field(action, at, name)?
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            error(
                format!("{at}/{name}"),
                format!("`{name}` is not a whole number"),
            )
        })
}

fn company_named(name: &str, pointer: String) -> Result<Company, ImportError> {
    serde_json::from_value(json!(name)).map_err(|_| {
        error(
            pointer,
            format!("`{name}` is not one of 1833NE's corporations"),
        )
    })
}

fn private_named(name: &str, pointer: String) -> Result<Private, ImportError> {
    serde_json::from_value(json!(name))
        .map_err(|_| error(pointer, format!("`{name}` is not one of 1833NE's privates")))
}

fn actor(seats: &Seats, action: &Value, at: &str) -> Result<Actor, ImportError> {
    let entity = field(action, at, "entity")?;
    let pointer = format!("{at}/entity");
    match text(action, at, "entity_type")? {
        "player" => {
            let index = seats.index_of(entity).filter(|&i| i < Seat::ALL.len());
            index
                .map(|i| Actor::Player(Seat::ALL[i]))
                .ok_or_else(|| error(pointer, format!("{entity} is not a player of the export")))
        }
        "corporation" => {
            let name = entity
                .as_str()
                .ok_or_else(|| error(pointer.clone(), "a corporation is named by a string"))?;
            company_named(name, pointer).map(Actor::Corporation)
        }
        "company" => {
            let name = entity
                .as_str()
                .ok_or_else(|| error(pointer.clone(), "a private is named by a string"))?;
            private_named(name, pointer).map(Actor::Private)
        }
        other => Err(error(
            format!("{at}/entity_type"),
            format!("1833NE has no entity of type `{other}`"),
        )),
    }
}

/// The operating company and its turn, when no company has trains to discard.
fn operating(state: &State) -> Option<(Company, &crate::games::ne1833::state::CompanyTurn)> {
    match &state.round {
        Round::OperatingRound {
            order,
            current,
            turn,
            discards,
            ..
        } if discards.is_empty() => order.get(*current).map(|c| (*c, turn)),
        _ => None,
    }
}

/// Whether an action by `actor` is one of `company`'s turn: its own, a private's ability, or
/// its president's emergency sale.
fn part_of_turn(actor: Actor, kind: &str, company: Company) -> bool {
    match actor {
        Actor::Corporation(c) => c == company,
        Actor::Private(_) => true,
        Actor::Player(_) => kind == "sell_shares",
    }
}

/// The seat acting for `company`: the seat railrules asks (the `user` the export names among
/// them, for a company in receivership, which any player runs), else its president.
fn seat_for(
    seats: &Seats,
    state: &State,
    company: Company,
    action: Option<&Value>,
    at: &str,
) -> Result<Seat, ImportError> {
    let acting = operating(state).is_some_and(|(c, _)| c == company)
        || matches!(&state.round, Round::OperatingRound { discards, .. } if discards.first() == Some(&company));
    if acting {
        let to_act = Ne1833::to_act(state);
        let user = action
            .and_then(|a| a.get("user"))
            .and_then(|u| seats.index_of(u))
            .and_then(|i| Seat::ALL.get(i).copied());
        if let Some(seat) = user.filter(|s| to_act.contains(s)) {
            return Ok(seat);
        }
        if let Some(seat) = to_act.first() {
            return Ok(*seat);
        }
    }
    state.company(company).president.ok_or_else(|| {
        error(
            format!("{at}/entity"),
            format!("{company} has no president to act for it"),
        )
    })
}

/// What railrules still asks of `company` before its turn can end (rules no-route-step,
/// no-dividend-step), else its pass (turn-ended).
fn closing(
    state: &State,
    company: Company,
    seat: Seat,
    at: &str,
) -> Result<(Action, &'static str), ImportError> {
    let Some((_, turn)) = operating(state) else {
        return Ok((Action::Pass { player: seat }, rule::TURN_ENDED));
    };
    match turn.revenue {
        None if state.company(company).trains.is_empty() => Ok((
            Action::RunRoutes {
                player: seat,
                routes: Vec::new(),
            },
            rule::NO_ROUTE_STEP,
        )),
        None => Err(error(
            at,
            format!("the export ends {company}'s turn before it runs its trains"),
        )),
        Some(0) if !turn.dividend_done => Ok((
            Action::Dividend {
                player: seat,
                kind: DividendKind::Withhold,
            },
            rule::NO_DIVIDEND_STEP,
        )),
        Some(revenue) if !turn.dividend_done => Err(error(
            at,
            format!(
                "the export ends {company}'s turn without paying or withholding its ${revenue}"
            ),
        )),
        Some(_) => Ok((Action::Pass { player: seat }, rule::TURN_ENDED)),
    }
}

/// Rule turn-ended: an action that is not the operating company's ends its turn first.
fn close_turn(
    seats: &Seats,
    state: &State,
    actor: Actor,
    kind: &str,
    at: &str,
) -> Result<Option<Step<Action>>, ImportError> {
    let Some((company, _)) = operating(state) else {
        return Ok(None);
    };
    let another_company_passes = matches!(actor, Actor::Corporation(_)) && kind == "pass";
    let next_turn = actor == Actor::Corporation(company)
        && operating(state).is_some_and(|(_, t)| t.dividend_done)
        && BEFORE_DIVIDEND.contains(&kind);
    if (part_of_turn(actor, kind, company) && !next_turn) || another_company_passes {
        return Ok(None);
    }
    let seat = seat_for(seats, state, company, None, at)?;
    let (action, rule) = closing(state, company, seat, at)?;
    Ok(Some(Step::Insert(action, rule)))
}

/// Rule nothing-to-do: in the auction and stock rounds, a player the export skips passes when
/// passing is all they may do.
fn pass_for_skipped_player(state: &Checked<Ne1833>, actor: Actor) -> Option<Step<Action>> {
    if !matches!(
        state.round,
        Round::Auction { .. } | Round::StockRound { .. }
    ) {
        return None;
    }
    let to_act = *Ne1833::to_act(state).first()?;
    if actor == Actor::Player(to_act) {
        return None;
    }
    only_pass(state, to_act).then_some(Step::Insert(
        Action::Pass { player: to_act },
        rule::NOTHING_TO_DO,
    ))
}

/// Whether passing is the only legal action of `seat`.
fn only_pass(state: &Checked<Ne1833>, seat: Seat) -> bool {
    let legal = Ne1833::legal_actions(state);
    !legal.is_empty() && legal.iter().all(|a| *a == Action::Pass { player: seat })
}

/// Rules no-route-step, no-dividend-step and step-pass within the operating company's turn.
fn skipped_steps(
    seats: &Seats,
    state: &State,
    actor: Actor,
    played: &Played,
    next: Option<&Played>,
) -> Result<Option<Step<Action>>, ImportError> {
    let at = played.pointer.as_str();
    let kind = kind_of(&played.action);
    let company = match actor {
        Actor::Corporation(c) => c,
        Actor::Private(_) if kind == "pass" => return Ok(Some(Step::Drop(rule::STEP_PASS))),
        _ => return Ok(None),
    };
    let Some((operating_now, turn)) = operating(state) else {
        return Ok((kind == "pass").then_some(Step::Drop(rule::STEP_PASS)));
    };
    if operating_now != company {
        return Ok((kind == "pass").then_some(Step::Drop(rule::STEP_PASS)));
    }
    let seat = seat_for(seats, state, company, Some(&played.action), at)?;
    match kind {
        "pass" => {
            if turn_goes_on(seats, company, turn.dividend_done, next) {
                return Ok(Some(Step::Drop(rule::STEP_PASS)));
            }
            Ok(Some(match closing(state, company, seat, at)? {
                (Action::Pass { player }, _) => Step::Translate(Action::Pass { player }),
                (action, rule) => Step::Insert(action, rule),
            }))
        }
        "dividend" | "buy_train" | "bankrupt" => {
            let no_routes = turn.revenue.is_none() && state.company(company).trains.is_empty();
            let no_dividend = kind != "dividend" && turn.revenue == Some(0) && !turn.dividend_done;
            if no_routes || no_dividend {
                let (action, rule) = closing(state, company, seat, at)?;
                return Ok(Some(Step::Insert(action, rule)));
            }
            Ok(None)
        }
        _ => Ok(None),
    }
}

/// Whether the export's action after a pass of `company` is still of its turn (the pass then
/// ends one of the site's steps, rule step-pass): before its dividend, any action of its
/// turn; after it, only the site's last step's (buying a private, passing it).
fn turn_goes_on(
    seats: &Seats,
    company: Company,
    dividend_done: bool,
    next: Option<&Played>,
) -> bool {
    let Some(next) = next else { return false };
    let Ok(actor) = actor(seats, &next.action, &next.pointer) else {
        return false;
    };
    let kind = kind_of(&next.action);
    if dividend_done {
        actor == Actor::Corporation(company) && matches!(kind, "buy_company" | "pass")
    } else {
        part_of_turn(actor, kind, company)
    }
}

/// Actions of a company's turn that come before its dividend in the site's order: one of them
/// after the dividend starts the company's next turn (it operates last in one round and first
/// in the next).
const BEFORE_DIVIDEND: [&str; 4] = ["lay_tile", "place_token", "run_routes", "dividend"];

/// A certificate `CORP_3` as its company and index.
fn certificate(name: &str, pointer: String) -> Result<(Company, usize), ImportError> {
    let parsed = name
        .rsplit_once('_')
        .and_then(|(c, i)| Some((c, i.parse::<usize>().ok()?)))
        .filter(|(_, i)| *i < CERTIFICATES);
    let Some((company, index)) = parsed else {
        return Err(error(
            pointer,
            format!("`{name}` is not a certificate (`CORP_index`, index 0 to 8)"),
        ));
    };
    Ok((company_named(company, pointer)?, index))
}

/// The certificates an action names, of one company, each held by `allowed` (checked).
fn certificates(
    ledger: &Ledger,
    action: &Value,
    at: &str,
    allowed: &dyn Fn(Holder) -> bool,
    held_by: &str,
) -> Result<(Company, Vec<(usize, Holder)>), ImportError> {
    let list = field(action, at, "shares")?
        .as_array()
        .filter(|l| !l.is_empty())
        .ok_or_else(|| {
            error(
                format!("{at}/shares"),
                "`shares` is not a list of certificates",
            )
        })?;
    let mut company = None;
    let mut named = Vec::new();
    for (i, share) in list.iter().enumerate() {
        let pointer = format!("{at}/shares/{i}");
        let name = share
            .as_str()
            .ok_or_else(|| error(pointer.clone(), "a certificate is named by a string"))?;
        let (c, index) = certificate(name, pointer.clone())?;
        if company.is_some_and(|first| first != c) {
            return Err(error(pointer, "the certificates are of two companies"));
        }
        company = Some(c);
        let holder = ledger.holder(c, index);
        if !allowed(holder) {
            return Err(error(
                pointer,
                format!("{name} is held by {}, not {held_by}", describe(holder)),
            ));
        }
        named.push((index, holder));
    }
    let company = company.ok_or_else(|| error(format!("{at}/shares"), "no certificate named"))?;
    Ok((company, named))
}

fn describe(holder: Holder) -> String {
    match holder {
        Holder::Treasury => "the treasury".to_string(),
        Holder::Market => "the market".to_string(),
        Holder::Player(seat) => seat.to_string(),
        Holder::Nobody => "no one (the company has closed)".to_string(),
    }
}

/// The percent an action moves: its `percent`, else 10 per certificate... the president's 20.
fn percent_of(action: &Value, at: &str, named: &[(usize, Holder)]) -> Result<u8, ImportError> {
    match action.get("percent") {
        Some(p) => p
            .as_u64()
            .and_then(|p| u8::try_from(p).ok())
            .ok_or_else(|| error(format!("{at}/percent"), "`percent` is not a whole number")),
        None => Ok(named
            .iter()
            .map(|(i, _)| if *i == 0 { 20 } else { 10 })
            .sum()),
    }
}

/// A railrules action from its JSON, a field the game refuses named by `pointer`.
fn action_from(value: Value, pointer: impl Fn(&str) -> String) -> Result<Action, ImportError> {
    serde_json::from_value(value).map_err(|e| {
        let message = e.to_string();
        let name = [
            "hex", "tile", "routes", "ferry", "target", "train", "variant",
        ]
        .into_iter()
        .find(|f| message.contains(&format!("unknown {f}")) || message.contains(f));
        error(pointer(name.unwrap_or("")), message)
    })
}

/// The tile kind of a site tile id (`57-0` is a copy of `57`).
fn tile_kind(id: &str, pointer: String) -> Result<&str, ImportError> {
    match id.rsplit_once('-') {
        Some((kind, copy)) if !kind.is_empty() && copy.parse::<u32>().is_ok() => Ok(kind),
        _ => Err(error(
            pointer,
            format!("`{id}` is not a tile id (`name-copy`, as `57-0`)"),
        )),
    }
}

/// The hex and city of a site city id: `TILE-COPY-CITY`, the tile one laid (by the ledger) or
/// a printed hex's (`HEX-n`).
fn city_of(ledger: &Ledger, id: &str, pointer: String) -> Result<(String, u8), ImportError> {
    let bad = || {
        error(
            pointer.clone(),
            format!("`{id}` names no city on the map (`tile-copy-city`)"),
        )
    };
    let (tile, city) = id.rsplit_once('-').ok_or_else(bad)?;
    let city: u8 = city.parse().map_err(|_| bad())?;
    if let Some((hex, _)) = ledger.tiles.iter().find(|(_, t)| *t == tile) {
        return Ok((hex.clone(), city));
    }
    let (hex, _) = tile.rsplit_once('-').ok_or_else(bad)?;
    if ledger.tiles.contains_key(hex) {
        return Err(error(
            pointer,
            format!(
                "`{id}`: {hex}'s printed tile has been replaced by {}",
                ledger.tiles[hex]
            ),
        ));
    }
    Ok((hex.to_string(), city))
}

/// The export's action in railrules' words (the flow rules having been applied).
fn translate(
    seats: &Seats,
    ledger: &Ledger,
    state: &State,
    played: &Played,
    actor: Actor,
) -> Result<Action, ImportError> {
    let a = &played.action;
    let at = played.pointer.as_str();
    let kind = kind_of(a);
    let at_field = |name: &str| {
        if name.is_empty() {
            at.to_string()
        } else {
            format!("{at}/{name}")
        }
    };
    let player = |actor: Actor| -> Result<Seat, ImportError> {
        match actor {
            Actor::Player(seat) => Ok(seat),
            Actor::Corporation(c) => seat_for(seats, state, c, Some(a), at),
            Actor::Private(p) => private_seat(seats, state, p, a, at),
        }
    };
    let corporation_only = |what: &str| -> Result<Company, ImportError> {
        match actor {
            Actor::Corporation(c) => Ok(c),
            _ => Err(error(
                format!("{at}/entity"),
                format!("{what} is a corporation's action"),
            )),
        }
    };
    let player_only = |what: &str| -> Result<Seat, ImportError> {
        match actor {
            Actor::Player(seat) => Ok(seat),
            _ => Err(error(
                format!("{at}/entity"),
                format!("{what} is a player's action"),
            )),
        }
    };
    let seat = player(actor)?;
    let action = match kind {
        "bid" => Action::Bid {
            player: player_only("a bid")?,
            company: private_named(text(a, at, "company")?, at_field("company"))?,
            price: number(a, at, "price")?,
        },
        "pass" => Action::Pass {
            player: player_only("this pass")?,
        },
        "par" => {
            let corporation = company_named(text(a, at, "corporation")?, at_field("corporation"))?;
            let (price, _, _) = market_space(a, at)?;
            Action::Par {
                player: player_only("a par")?,
                corporation,
                share_price: price,
            }
        }
        "buy_shares" => buy_shares(ledger, a, at, actor, seat)?,
        "sell_shares" => sell_shares(ledger, a, at, actor, seat)?,
        "lay_tile" => {
            let company = match actor {
                Actor::Private(Private::P3) => Some(Private::P3),
                Actor::Private(other) => {
                    return Err(error(
                        format!("{at}/entity"),
                        format!("{other} has no tile-laying ability"),
                    ));
                }
                _ => None,
            };
            corporation_or_private(actor, at)?;
            let tile = tile_kind(text(a, at, "tile")?, at_field("tile"))?;
            let mut value = json!({
                "type": "lay_tile", "player": seat, "hex": text(a, at, "hex")?,
                "tile": tile, "rotation": number(a, at, "rotation")?,
            });
            if let Some(p) = company {
                value["company"] = json!(p);
            }
            action_from(value, at_field)?
        }
        "place_token" => {
            corporation_only("placing a station")?;
            let (hex, city) = city_of(ledger, text(a, at, "city")?, at_field("city"))?;
            action_from(
                json!({"type": "place_token", "player": seat, "hex": hex, "city": city}),
                |_| at_field("city"),
            )?
        }
        "run_routes" => {
            corporation_only("running routes")?;
            run_routes(a, at, seat)?
        }
        "dividend" => {
            corporation_only("a dividend")?;
            let kind = text(a, at, "kind")?;
            let kind = serde_json::from_value(json!(kind)).map_err(|_| {
                error(
                    at_field("kind"),
                    format!("`{kind}` is not payout, half or withhold"),
                )
            })?;
            Action::Dividend { player: seat, kind }
        }
        "buy_train" => buy_train(state, a, at, corporation_only("buying a train")?, seat)?,
        "discard_train" => {
            corporation_only("discarding a train")?;
            Action::DiscardTrain {
                player: seat,
                train: text(a, at, "train")?.to_string(),
            }
        }
        "buy_company" => {
            corporation_only("buying a private")?;
            let company = private_named(text(a, at, "company")?, at_field("company"))?;
            Action::BuyCompany {
                player: seat,
                company,
                price: number(a, at, "price")?,
                accepted_by: consent(state.private(company).owner, seat),
            }
        }
        "bankrupt" => {
            corporation_only("bankruptcy")?;
            Action::Bankrupt { player: seat }
        }
        "assign" => {
            let Actor::Private(company) = actor else {
                return Err(error(
                    format!("{at}/entity"),
                    "a private assigns its ability",
                ));
            };
            Action::Assign {
                player: seat,
                company,
                target: text(a, at, "target")?.to_string(),
            }
        }
        "buy_ferry" => {
            corporation_only("buying a ferry")?;
            Action::BuyFerry {
                player: seat,
                ferry: text(a, at, "ferry")?.to_string(),
            }
        }
        other => {
            return Err(error(
                format!("{at}/type"),
                format!("`{other}` is no action of 1833NE"),
            ));
        }
    };
    Ok(action)
}

fn corporation_or_private(actor: Actor, at: &str) -> Result<(), ImportError> {
    match actor {
        Actor::Player(_) => Err(error(
            format!("{at}/entity"),
            "laying a tile is a corporation's action",
        )),
        _ => Ok(()),
    }
}

/// The seat acting with a private: its owner, or the president of the company owning it.
fn private_seat(
    seats: &Seats,
    state: &State,
    private: Private,
    action: &Value,
    at: &str,
) -> Result<Seat, ImportError> {
    match state.private(private).owner {
        PrivateOwner::Player { seat } => Ok(seat),
        PrivateOwner::Company { company } => seat_for(seats, state, company, Some(action), at),
        PrivateOwner::Unsold {} => Err(error(
            format!("{at}/entity"),
            format!("{private} is not sold yet"),
        )),
    }
}

/// 18xx.games records no consent: a sale the site made was agreed (the owner's acceptance,
/// when the owner is not the buyer's president).
fn consent(owner: PrivateOwner, buyer: Seat) -> Option<Seat> {
    match owner {
        PrivateOwner::Player { seat } if seat != buyer => Some(seat),
        _ => None,
    }
}

/// `share_price: "80,0,8"`: the price, the market's row (0, it is one row) and column.
fn market_space(action: &Value, at: &str) -> Result<(u32, u32, u8), ImportError> {
    let pointer = format!("{at}/share_price");
    let space = text(action, at, "share_price")?;
    let parts: Vec<&str> = space.split(',').collect();
    let parsed = match parts.as_slice() {
        [p, r, c] => p
            .parse()
            .ok()
            .zip(r.parse().ok())
            .zip(c.parse().ok())
            .map(|((p, r), c)| (p, r, c)),
        _ => None,
    };
    match parsed {
        Some((price, 0, column)) => Ok((price, 0, column)),
        Some(_) => Err(error(pointer, "1833NE's market has one row (row 0)")),
        None => Err(error(
            pointer,
            format!("`{space}` is not a market space (`price,row,column`)"),
        )),
    }
}

/// The certificates a corporation's own issue (from its treasury) or redemption (from the
/// market) names: its own, all where `from` says.
fn own_certificates(
    ledger: &Ledger,
    a: &Value,
    at: &str,
    c: Company,
    from: Holder,
    does: &str,
) -> Result<Vec<(usize, Holder)>, ImportError> {
    let place = if from == Holder::Market {
        "the market"
    } else {
        "the treasury"
    };
    let (company, named) = certificates(ledger, a, at, &|h| h == from, place)?;
    if company != c {
        return Err(error(
            format!("{at}/shares"),
            format!("{c} {does} only its own shares"),
        ));
    }
    Ok(named)
}

fn buy_shares(
    ledger: &Ledger,
    a: &Value,
    at: &str,
    actor: Actor,
    seat: Seat,
) -> Result<Action, ImportError> {
    match actor {
        Actor::Player(_) => {
            let from_pool = |h: Holder| matches!(h, Holder::Treasury | Holder::Market);
            let (company, named) =
                certificates(ledger, a, at, &from_pool, "the treasury or the market")?;
            let source = named[0].1;
            if named.iter().any(|(_, h)| *h != source) {
                return Err(error(
                    format!("{at}/shares"),
                    "the certificates come from the treasury and the market both",
                ));
            }
            let percent = percent_of(a, at, &named)?;
            Ok(Action::BuyShares {
                player: seat,
                corporation: company,
                from: if source == Holder::Treasury {
                    ShareSource::Treasury
                } else {
                    ShareSource::Market
                },
                entity: None,
                percent: (percent != 10).then_some(percent),
            })
        }
        Actor::Corporation(c) => {
            let named = own_certificates(ledger, a, at, c, Holder::Market, "redeems")?;
            Ok(Action::BuyShares {
                player: seat,
                corporation: c,
                from: ShareSource::Market,
                entity: Some(c),
                percent: Some(percent_of(a, at, &named)?),
            })
        }
        Actor::Private(_) => Err(error(format!("{at}/entity"), "a private buys no shares")),
    }
}

fn sell_shares(
    ledger: &Ledger,
    a: &Value,
    at: &str,
    actor: Actor,
    seat: Seat,
) -> Result<Action, ImportError> {
    match actor {
        Actor::Player(p) => {
            let own = move |h: Holder| h == Holder::Player(p);
            let (company, named) = certificates(ledger, a, at, &own, &p.to_string())?;
            Ok(Action::SellShares {
                player: seat,
                corporation: company,
                percent: percent_of(a, at, &named)?,
                entity: None,
            })
        }
        Actor::Corporation(c) => {
            let named = own_certificates(ledger, a, at, c, Holder::Treasury, "issues")?;
            Ok(Action::SellShares {
                player: seat,
                corporation: c,
                percent: percent_of(a, at, &named)?,
                entity: Some(c),
            })
        }
        Actor::Private(_) => Err(error(format!("{at}/entity"), "a private sells no shares")),
    }
}

fn run_routes(a: &Value, at: &str, seat: Seat) -> Result<Action, ImportError> {
    let routes = field(a, at, "routes")?
        .as_array()
        .ok_or_else(|| error(format!("{at}/routes"), "`routes` is not a list"))?;
    let extra = a.get("extra_revenue").and_then(Value::as_i64).unwrap_or(0);
    if extra != 0 {
        return Err(error(
            format!("{at}/extra_revenue"),
            "1833NE has no extra revenue",
        ));
    }
    // Only what a route is here: the site adds `hexes`, `revenue_str` and others.
    let kept: Vec<Value> = routes
        .iter()
        .map(|r| {
            let mut route = Map::new();
            for key in ["train", "connections", "nodes", "revenue", "extension"] {
                if let Some(v) = r.get(key) {
                    route.insert(key.to_string(), v.clone());
                }
            }
            Value::Object(route)
        })
        .collect();
    for (i, route) in kept.iter().enumerate() {
        serde_json::from_value::<crate::games::ne1833::routes::Route>(route.clone())
            .map_err(|e| error(format!("{at}/routes/{i}"), e.to_string()))?;
    }
    action_from(
        json!({"type": "run_routes", "player": seat, "routes": kept}),
        |_| format!("{at}/routes"),
    )
}

fn buy_train(
    state: &State,
    a: &Value,
    at: &str,
    company: Company,
    seat: Seat,
) -> Result<Action, ImportError> {
    let train = text(a, at, "train")?;
    let seller = state
        .companies
        .iter()
        .find(|c| c.trains.iter().any(|t| t.id == train));
    let variant = a.get("variant").and_then(Value::as_str);
    match seller {
        Some(seller) => {
            let side = seller
                .trains
                .iter()
                .find(|t| t.id == train)
                .map(|t| t.side.clone())
                .unwrap_or_default();
            let accepted_by = seller.president.filter(|p| *p != seat);
            Ok(Action::BuyTrain {
                player: seat,
                train: train.to_string(),
                variant: variant.map_or(side, str::to_string),
                from: Some(seller.company),
                price: Some(number(a, at, "price")?),
                accepted_by,
            })
        }
        None => {
            let (card, _) = train
                .rsplit_once('-')
                .filter(|(_, copy)| copy.parse::<u32>().is_ok())
                .ok_or_else(|| {
                    error(
                        format!("{at}/train"),
                        format!("`{train}` is not a train id (`card-copy`, as `2-0`)"),
                    )
                })?;
            let _ = company;
            Ok(Action::BuyTrain {
                player: seat,
                train: card.to_string(),
                // A card's first side is named as the card.
                variant: variant.unwrap_or(card).to_string(),
                from: None,
                price: None,
                accepted_by: None,
            })
        }
    }
}

/// The players' values: their wealth at the end, or what it would be if the game ended now
/// (1833NE gives no other account of it: ne1833::end::end_game scores the game).
fn wealth(state: &State) -> Vec<(Seat, u32)> {
    let ranking = match &state.round {
        Round::GameEnded { ranking } => ranking.clone(),
        _ => {
            let mut now = state.clone();
            crate::games::ne1833::end::end_game(&mut now, EndReason::NothingCanChange);
            match now.round {
                Round::GameEnded { ranking } => ranking,
                _ => Vec::new(),
            }
        }
    };
    ranking.iter().map(|s| (s.player, s.wealth)).collect()
}

/// An action the export may leave out, by the rule that would insert it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Silence {
    /// `run_routes` with no routes by a company without trains (rule no-route-step).
    NoRoute(Company),
    /// A withheld dividend of $0 (rule no-dividend-step).
    NoDividend(Company),
    /// A pass of a player who could only pass (rule nothing-to-do).
    NothingToDo(Seat),
}

/// Whether the importer inserts `silence`'s action again before `next` (followed by `after`).
fn reinserted(
    seats: &Seats,
    silence: Silence,
    next: Option<&Value>,
    after: Option<&Value>,
) -> bool {
    let actor_of = |a: &Value| actor(seats, a, "").ok();
    let Some(next) = next else { return false };
    let Some(next_actor) = actor_of(next) else {
        return false;
    };
    let next_kind = kind_of(next);
    let company = match silence {
        Silence::NothingToDo(seat) => return next_actor != Actor::Player(seat),
        Silence::NoRoute(c) | Silence::NoDividend(c) => c,
    };
    if !part_of_turn(next_actor, next_kind, company) {
        // Another company's pass closes no turn (step-pass); anything else does (turn-ended).
        return !(matches!(next_actor, Actor::Corporation(_)) && next_kind == "pass");
    }
    if next_actor != Actor::Corporation(company) {
        return false;
    }
    match next_kind {
        "dividend" => matches!(silence, Silence::NoRoute(_)),
        "buy_train" | "bankrupt" => true,
        // The company's pass closes its turn when nothing of its turn follows (step-pass
        // drops any other); the dividend is not done when this rule applies.
        "pass" => !after
            .is_some_and(|a| actor_of(a).is_some_and(|x| part_of_turn(x, kind_of(a), company))),
        _ => false,
    }
}

impl Title for Ne1833 {
    const TITLE: &'static str = "1833NE";
    type Ledger = Ledger;
    type Silence = Silence;

    fn ledger(start: &State) -> Ledger {
        let mut ledger = Ledger {
            tiles: Default::default(),
            shares: vec![[Holder::Treasury; CERTIFICATES]; start.companies.len()],
        };
        ledger.reconcile(start);
        ledger
    }

    fn options(export: &Export) -> Result<Options, ImportError> {
        if let Some((i, rule)) = export.settings.optional_rules.iter().enumerate().next() {
            let why = if rule == "takeover_game" {
                "the Takeover variant is not built".to_string()
            } else {
                format!("1833NE has no optional rule `{rule}`")
            };
            return Err(error(format!("/settings/optional_rules/{i}"), why));
        }
        let players = u8::try_from(export.players.len())
            .ok()
            .filter(|n| (3..=5).contains(n))
            .ok_or_else(|| {
                error(
                    "/players",
                    format!("1833NE is for 3 to 5 players, not {}", export.players.len()),
                )
            })?;
        let mut options = json!({ "players": players });
        if let Some(provisional) = export.settings.other.get("provisional") {
            options["provisional"] = provisional.clone();
        }
        serde_json::from_value(options).map_err(|e| error("/settings/provisional", e.to_string()))
    }

    fn settings(options: &Options) -> Map<String, Value> {
        let mut settings = Map::new();
        if let Some(provisional) = &options.provisional {
            settings.insert(
                "provisional".to_string(),
                serde_json::to_value(provisional).unwrap_or(Value::Null),
            );
        }
        settings
    }

    fn import_step(
        seats: &Seats,
        ledger: &Ledger,
        state: &Checked<Ne1833>,
        played: &Played,
        next: Option<&Played>,
    ) -> Result<Step<Action>, ImportError> {
        let at = played.pointer.as_str();
        let kind = kind_of(&played.action);
        let actor = actor(seats, &played.action, at)?;
        if let Some(step) = close_turn(seats, state, actor, kind, at)? {
            return Ok(step);
        }
        if let Some(step) = pass_for_skipped_player(state, actor) {
            return Ok(step);
        }
        if let Some(step) = skipped_steps(seats, state, actor, played, next)? {
            return Ok(step);
        }
        translate(seats, ledger, state, played, actor).map(Step::Translate)
    }

    fn confirm(_ledger: &Ledger, played: &Played, after: &State) -> Result<(), ImportError> {
        let a = &played.action;
        let at = played.pointer.as_str();
        match kind_of(a) {
            "par" => {
                let (_, _, column) = market_space(a, at)?;
                let company =
                    company_named(text(a, at, "corporation")?, format!("{at}/corporation"))?;
                let here = after.company(company).price;
                if here != Some(column) {
                    return Err(error(
                        format!("{at}/share_price"),
                        format!(
                            "the share price is market column {column}; railrules parks {company} at column {}",
                            here.map_or("none".to_string(), |c| c.to_string())
                        ),
                    ));
                }
                Ok(())
            }
            "buy_train" => {
                let train = text(a, at, "train")?;
                let Some(Actor::Corporation(company)) = a
                    .get("entity")
                    .and_then(Value::as_str)
                    .and_then(|c| serde_json::from_value(json!(c)).ok())
                    .map(Actor::Corporation)
                else {
                    return Ok(());
                };
                if after.company(company).trains.iter().any(|t| t.id == train) {
                    return Ok(());
                }
                Err(error(
                    format!("{at}/train"),
                    format!(
                        "{company} did not get train {train} here (the depot's next one is another)"
                    ),
                ))
            }
            _ => Ok(()),
        }
    }

    fn export_action(
        seats: &Seats,
        ledger: &Ledger,
        before: &Checked<Ne1833>,
        action: &Action,
        after: &State,
        events: &[Event],
    ) -> Result<Written<Silence>, String> {
        export_one(seats, ledger, before, action, after, events)
    }

    fn reinserted(
        seats: &Seats,
        silence: &Silence,
        next: Option<&Value>,
        after: Option<&Value>,
    ) -> bool {
        reinserted(seats, *silence, next, after)
    }

    fn observe(ledger: &mut Ledger, action: &Action, site: Option<&Value>, after: &State) {
        if let (Action::LayTile { hex, .. }, Some(site)) = (action, site)
            && let Some(tile) = site.get("tile").and_then(Value::as_str)
        {
            ledger.tiles.insert(hex.clone(), tile.to_string());
        }
        let moved_to = match action {
            Action::BuyShares {
                entity: None,
                player,
                ..
            } => Some(Holder::Player(*player)),
            Action::BuyShares {
                entity: Some(_), ..
            } => Some(Holder::Treasury),
            Action::SellShares { .. } => Some(Holder::Market),
            _ => None,
        };
        let named = site
            .and_then(|s| s.get("shares"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .filter_map(|s| certificate(s, String::new()).ok());
        if let Some(holder) = moved_to {
            for (company, index) in named {
                ledger.shares[company.index()][index] = holder;
            }
        }
        ledger.reconcile(after);
    }

    fn values(state: &State) -> Vec<i64> {
        let wealth = wealth(state);
        Ne1833::seats(state)
            .iter()
            .map(|seat| {
                wealth
                    .iter()
                    .find(|(s, _)| s == seat)
                    .map_or(0, |(_, w)| i64::from(*w))
            })
            .collect()
    }
}

/// Seat `seat` as the export's player entity.
fn player_entity(seats: &Seats, seat: Seat) -> Value {
    seats.entity(seat.index())
}

fn as_corporation(company: Company) -> (Value, &'static str) {
    (json!(company.symbol()), "corporation")
}

/// The export's form of one railrules action (see [`Title::export_action`]).
fn export_one(
    seats: &Seats,
    ledger: &Ledger,
    before: &Checked<Ne1833>,
    action: &Action,
    after: &State,
    events: &[Event],
) -> Result<Written<Silence>, String> {
    let mut silence = None;
    let operating_company = || {
        operating(before)
            .map(|(c, _)| c)
            .ok_or_else(|| "no company is operating".to_string())
    };
    let (entity, entity_type, mut fields) = match action {
        Action::Bid {
            player,
            company,
            price,
        } => (
            player_entity(seats, *player),
            "player",
            json!({"type": "bid", "company": company, "price": price}),
        ),
        Action::Pass { player } => match operating(before) {
            Some((company, _)) => {
                let (e, t) = as_corporation(company);
                (e, t, json!({"type": "pass"}))
            }
            None if is_operating(before) => return Err("a pass while trains are discarded".into()),
            None => {
                // Rule nothing-to-do, the other way: the site asks nothing of such a player.
                if only_pass(before, *player) {
                    silence = Some(Silence::NothingToDo(*player));
                }
                (
                    player_entity(seats, *player),
                    "player",
                    json!({"type": "pass"}),
                )
            }
        },
        Action::Par {
            player,
            corporation,
            share_price,
        } => {
            let column = after
                .company(*corporation)
                .price
                .ok_or("the company has no price after its par")?;
            (
                player_entity(seats, *player),
                "player",
                json!({"type": "par", "corporation": corporation.symbol(),
                       "share_price": format!("{share_price},0,{column}")}),
            )
        }
        Action::BuyShares {
            player,
            corporation,
            from,
            entity,
            percent,
        } => {
            let percent = percent.unwrap_or(10);
            let source = match from {
                ShareSource::Treasury => Holder::Treasury,
                ShareSource::Market => Holder::Market,
            };
            let shares = lowest(ledger, *corporation, source, percent)?;
            let (e, t) = match entity {
                Some(c) => as_corporation(*c),
                None => (player_entity(seats, *player), "player"),
            };
            (
                e,
                t,
                json!({"type": "buy_shares", "shares": shares, "percent": percent}),
            )
        }
        Action::SellShares {
            player,
            corporation,
            percent,
            entity,
        } => {
            let (e, t, shares) = match entity {
                Some(c) => {
                    let (e, t) = as_corporation(*c);
                    (
                        e,
                        t,
                        lowest(ledger, *corporation, Holder::Treasury, *percent)?,
                    )
                }
                None => (
                    player_entity(seats, *player),
                    "player",
                    sold(ledger, *corporation, *player, *percent)?,
                ),
            };
            (
                e,
                t,
                json!({"type": "sell_shares", "shares": shares, "percent": percent}),
            )
        }
        Action::LayTile {
            hex,
            tile,
            rotation,
            company,
            ..
        } => {
            let (e, t) = match company {
                Some(p) => (json!(p), "company"),
                None => as_corporation(operating_company()?),
            };
            let id = format!("{tile}-{}", ledger.free_copy(tile));
            (
                e,
                t,
                json!({"type": "lay_tile", "hex": hex, "tile": id, "rotation": rotation}),
            )
        }
        Action::PlaceToken { hex, city, .. } => {
            let (e, t) = as_corporation(operating_company()?);
            let tile = ledger
                .tiles
                .get(hex)
                .cloned()
                .unwrap_or_else(|| format!("{hex}-0"));
            let slot = before
                .board
                .stations
                .iter()
                .filter(|s| s.hex == *hex && s.city == *city)
                .count();
            (
                e,
                t,
                json!({"type": "place_token", "city": format!("{tile}-{city}"), "slot": slot}),
            )
        }
        Action::BuyFerry { ferry, .. } => {
            let (e, t) = as_corporation(operating_company()?);
            (e, t, json!({"type": "buy_ferry", "ferry": ferry}))
        }
        Action::RunRoutes { routes, .. } => {
            let company = operating_company()?;
            // Rule no-route-step, the other way: the site has no route step then.
            if routes.is_empty() && before.company(company).trains.is_empty() {
                silence = Some(Silence::NoRoute(company));
            }
            let (e, t) = as_corporation(company);
            (e, t, json!({"type": "run_routes", "routes": routes}))
        }
        Action::Dividend { kind, .. } => {
            let (company, turn) = operating(before).ok_or("no company is operating")?;
            // Rule no-dividend-step, the other way: the site has no dividend step for $0
            // (and withholds, so only a withheld $0 can be left out).
            if turn.revenue == Some(0) && *kind == DividendKind::Withhold {
                silence = Some(Silence::NoDividend(company));
            }
            let (e, t) = as_corporation(company);
            (e, t, json!({"type": "dividend", "kind": kind}))
        }
        Action::BuyTrain {
            train,
            variant,
            from,
            price,
            ..
        } => {
            let (e, t) = as_corporation(operating_company()?);
            let (id, price) = match from {
                Some(_) => (train.clone(), price.unwrap_or(0)),
                None => events
                    .iter()
                    .find_map(|event| match event {
                        Event::TrainBought { train, price, .. } => Some((train.clone(), *price)),
                        _ => None,
                    })
                    .ok_or("the depot sold no train")?,
            };
            (
                e,
                t,
                json!({"type": "buy_train", "train": id, "price": price, "variant": variant}),
            )
        }
        Action::BuyCompany { company, price, .. } => {
            let (e, t) = as_corporation(operating_company()?);
            (
                e,
                t,
                json!({"type": "buy_company", "company": company, "price": price}),
            )
        }
        Action::DiscardTrain { train, .. } => {
            let holder = before
                .companies
                .iter()
                .find(|c| c.trains.iter().any(|t| t.id == *train))
                .ok_or("no company holds the train discarded")?;
            let (e, t) = as_corporation(holder.company);
            (e, t, json!({"type": "discard_train", "train": train}))
        }
        Action::Bankrupt { .. } => {
            let (e, t) = as_corporation(operating_company()?);
            (e, t, json!({"type": "bankrupt"}))
        }
        Action::Assign {
            company, target, ..
        } => (
            json!(company),
            "company",
            json!({"type": "assign", "target": target, "target_type": "ferry"}),
        ),
    };
    fields["entity"] = entity;
    fields["entity_type"] = json!(entity_type);
    // A company in receivership is run by any player: the site records who as `user`.
    if let Some((company, _)) = operating(before)
        && before.company(company).president.is_none()
    {
        fields["user"] = player_entity(seats, action.player());
    }
    Ok(Written {
        action: fields,
        silence,
    })
}

fn is_operating(state: &State) -> bool {
    matches!(state.round, Round::OperatingRound { .. })
}

fn share_name(company: Company, index: usize) -> String {
    format!("{}_{index}", company.symbol())
}

/// The `percent` of `company` that `holder` moves, as its lowest certificates.
fn lowest(
    ledger: &Ledger,
    company: Company,
    holder: Holder,
    percent: u8,
) -> Result<Vec<String>, String> {
    let held = ledger.held(company, holder);
    pick(company, &held, percent)
        .ok_or_else(|| format!("{} holds no {percent}% of {company}", describe(holder)))
}

/// The certificates a player sells: 10% ones, highest first; then the president's, when those
/// do not make up the percent (the site sells part of it, its `percent` saying how much, the
/// presidency passing to another player as the rules say).
fn sold(ledger: &Ledger, company: Company, seat: Seat, percent: u8) -> Result<Vec<String>, String> {
    let held = ledger.held(company, Holder::Player(seat));
    let tens: Vec<usize> = held.iter().rev().copied().filter(|&i| i != 0).collect();
    let needed = usize::from(percent / 10);
    let names = |list: &[usize]| list.iter().map(|&i| share_name(company, i)).collect();
    if percent.is_multiple_of(10) && tens.len() >= needed {
        return Ok(names(&tens[..needed]));
    }
    if held.contains(&0) && percent.is_multiple_of(10) && needed <= tens.len() + 2 {
        let mut list = tens.clone();
        list.push(0);
        return Ok(names(&list));
    }
    Err(format!("{seat} holds no {percent}% of {company}"))
}

/// The lowest 10% certificates from `held` adding up to `percent`.
fn pick(company: Company, held: &[usize], percent: u8) -> Option<Vec<String>> {
    let tens: Vec<usize> = held.iter().copied().filter(|&i| i != 0).collect();
    let needed = usize::from(percent / 10);
    (percent.is_multiple_of(10) && tens.len() >= needed).then(|| {
        tens[..needed]
            .iter()
            .map(|&i| share_name(company, i))
            .collect()
    })
}
