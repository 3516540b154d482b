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

use super::export_18xx::{Export, ImportError, Played, SiteJson, member};
use super::kit18xx::{
    self as kit, Actor, Family, FlowRules, Ledger, Silence, error, field, kind_of, number, text,
};
use super::title::{Seats, Step, Title, Written};
use crate::core::{Checked, Game};
use crate::games::ne1833::Ne1833;
use crate::games::ne1833::action::{Action, DividendKind};
use crate::games::ne1833::event::{EndReason, Event};
use crate::games::ne1833::ids::{Company, Private, Seat};
use crate::games::ne1833::setup::Options;
use crate::games::ne1833::state::{PrivateOwner, Round, State};

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

impl Family for Ne1833 {
    type Private = Private;
    const NAME: &'static str = "1833NE";
    const FLOW: FlowRules = FlowRules {
        no_route_step: rule::NO_ROUTE_STEP,
        no_dividend_step: rule::NO_DIVIDEND_STEP,
        turn_ended: rule::TURN_ENDED,
        nothing_to_do: rule::NOTHING_TO_DO,
        step_pass: rule::STEP_PASS,
    };
    /// Actions of a company's turn that come before its dividend in the site's order: one of
    /// them after the dividend starts the company's next turn (it operates last in one round
    /// and first in the next).
    const BEFORE_DIVIDEND: &'static [&'static str] =
        &["lay_tile", "place_token", "run_routes", "dividend"];

    fn company_entity(entity_type: &str, name: &str) -> Option<Option<Company>> {
        (entity_type == "corporation").then(|| kit::named(name))
    }

    fn players_round(state: &State) -> bool {
        matches!(
            state.round,
            Round::Auction { .. } | Round::StockRound { .. }
        )
    }

    /// Whether passing is the only legal action of `seat`.
    fn only_pass(state: &Checked<Ne1833>, seat: Seat) -> bool {
        let legal = Ne1833::legal_actions(state);
        !legal.is_empty() && legal.iter().all(|a| *a == Action::Pass { player: seat })
    }

    fn pass(seat: Seat) -> Action {
        Action::Pass { player: seat }
    }

    fn run_no_routes(seat: Seat) -> Action {
        Action::RunRoutes {
            player: seat,
            routes: Vec::new(),
        }
    }

    fn dividend(seat: Seat, kind: DividendKind) -> Action {
        Action::Dividend { player: seat, kind }
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

crate::share_actions!(Action, Company);

/// The export's action in railrules' words (the flow rules having been applied).
#[expect(
    clippy::too_many_lines,
    reason = "one arm per action of the site's 1833NE, each naming its fields"
)]
fn translate(
    seats: &Seats,
    ledger: &Ledger,
    state: &State,
    played: &Played,
    actor: kit::ActorOf<Ne1833>,
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
    let player = |actor: kit::ActorOf<Ne1833>| -> Result<Seat, ImportError> {
        match actor {
            Actor::Player(seat) => Ok(seat),
            Actor::Corporation(c) => kit::seat_for::<Ne1833>(seats, state, c, Some(a), at),
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
            company: kit::private_named::<Ne1833>(text(a, at, "company")?, at_field("company"))?,
            price: number(a, at, "price")?,
        },
        "pass" => Action::Pass {
            player: player_only("this pass")?,
        },
        "par" => {
            let corporation =
                kit::company_named::<Ne1833>(text(a, at, "corporation")?, at_field("corporation"))?;
            let (price, _, _) = kit::market_space::<Ne1833>(a, at)?;
            Action::Par {
                player: player_only("a par")?,
                corporation,
                share_price: price,
            }
        }
        "buy_shares" => share_action(kit::buy_shares::<Ne1833>(ledger, a, at, actor)?, seat),
        "sell_shares" => share_action(kit::sell_shares::<Ne1833>(ledger, a, at, actor)?, seat),
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
            let tile = kit::tile_kind(text(a, at, "tile")?, || at_field("tile"))?;
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
            let (hex, city) = kit::city_of(ledger, text(a, at, "city")?, || at_field("city"))?;
            kit::slot_as_written(state, a, at, &hex, city)?;
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
            let kind = kit::named(kind).ok_or_else(|| {
                error(
                    at_field("kind"),
                    format!("`{kind}` is not payout, half or withhold"),
                )
            })?;
            Action::Dividend { player: seat, kind }
        }
        "buy_train" => {
            corporation_only("buying a train")?;
            buy_train(state, a, at, seat)?
        }
        "discard_train" => {
            corporation_only("discarding a train")?;
            Action::DiscardTrain {
                player: seat,
                train: text(a, at, "train")?.to_string(),
            }
        }
        "buy_company" => {
            corporation_only("buying a private")?;
            let company =
                kit::private_named::<Ne1833>(text(a, at, "company")?, at_field("company"))?;
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

fn corporation_or_private(actor: kit::ActorOf<Ne1833>, at: &str) -> Result<(), ImportError> {
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
    action: &SiteJson,
    at: &str,
) -> Result<Seat, ImportError> {
    match state.private(private).owner {
        PrivateOwner::Player { seat } => Ok(seat),
        PrivateOwner::Company { company } => {
            kit::seat_for::<Ne1833>(seats, state, company, Some(action), at)
        }
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

fn run_routes(a: &SiteJson, at: &str, seat: Seat) -> Result<Action, ImportError> {
    let routes = field(a, at, "routes")?
        .as_array()
        .ok_or_else(|| error(format!("{at}/routes"), "`routes` is not a list"))?;
    let extra = a.get("extra_revenue").as_i64().unwrap_or(0);
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
                if let Some(v) = member(r, key) {
                    route.insert(key.to_string(), Value::from(v));
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

fn buy_train(state: &State, a: &SiteJson, at: &str, seat: Seat) -> Result<Action, ImportError> {
    let p = kit::train_purchase::<Ne1833>(state, a, at, seat)?;
    Ok(Action::BuyTrain {
        player: seat,
        train: p.train,
        variant: p.variant,
        from: p.from,
        price: p.price,
        accepted_by: p.accepted_by,
    })
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

impl Title for Ne1833 {
    const TITLE: &'static str = "1833NE";
    type Ledger = Ledger;
    type Silence = Silence<Company>;

    fn ledger(start: &State) -> Ledger {
        Ledger::of(start)
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
        ledger: &mut Ledger,
        state: &Checked<Ne1833>,
        played: &Played,
        next: Option<&Played>,
    ) -> Result<Step<Action>, ImportError> {
        let (actor, step) = kit::flow_step::<Ne1833>(seats, &mut ledger.site, state, played, next)?;
        if let Some(step) = step {
            return Ok(step);
        }
        translate(seats, ledger, state, played, actor).map(Step::Translate)
    }

    fn confirm(_ledger: &Ledger, played: &Played, after: &State) -> Result<(), ImportError> {
        kit::confirm::<Ne1833>(played, after)
    }

    fn export_action(
        seats: &Seats,
        ledger: &Ledger,
        before: &Checked<Ne1833>,
        action: &Action,
        after: &State,
        events: &[Event],
    ) -> Result<Written<Silence<Company>>, String> {
        export_one(seats, ledger, before, action, after, events)
    }

    fn reinserted(
        seats: &Seats,
        silence: &Silence<Company>,
        next: Option<&SiteJson>,
        after: Option<&SiteJson>,
    ) -> bool {
        kit::reinserted::<Ne1833>(seats, *silence, next, after)
    }

    fn observe(ledger: &mut Ledger, action: &Action, site: Option<&SiteJson>, after: &State) {
        let laid_on = match action {
            Action::LayTile { hex, .. } => Some(hex.as_str()),
            _ => None,
        };
        kit::observe::<Ne1833>(ledger, laid_on, share_move(action), site, after);
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
#[expect(
    clippy::too_many_lines,
    reason = "one arm per railrules action of 1833NE, each written as the site writes it"
)]
fn export_one(
    seats: &Seats,
    ledger: &Ledger,
    before: &Checked<Ne1833>,
    action: &Action,
    after: &State,
    events: &[Event],
) -> Result<Written<Silence<Company>>, String> {
    let mut silence = None;
    let operating_company = || {
        kit::operating(&**before)
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
        Action::Pass { player } => match kit::operating(&**before) {
            Some((company, _)) => {
                let (e, t) = as_corporation(company);
                (e, t, json!({"type": "pass"}))
            }
            None if kit::is_operating(&**before) => {
                return Err("a pass while trains are discarded".into());
            }
            None => {
                // Rule nothing-to-do, the other way: the site asks nothing of such a player.
                if Ne1833::only_pass(before, *player) {
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
        Action::BuyShares { player, .. } | Action::SellShares { player, .. } => {
            let (share, _) = share_move(action).ok_or("not a share action")?;
            let (entity, fields) = kit::share_fields(ledger, &share, *player)?;
            let (e, t) = match entity {
                Some(c) => as_corporation(c),
                None => (player_entity(seats, *player), "player"),
            };
            (e, t, fields)
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
            let (company, turn) = kit::operating(&**before).ok_or("no company is operating")?;
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
    if let Some((company, _)) = kit::operating(&**before)
        && before.company(company).president.is_none()
    {
        fields["user"] = player_entity(seats, action.player());
    }
    Ok(Written {
        steps_passed: Vec::new(),
        made_after: Vec::new(),
        action: fields,
        silence,
    })
}
