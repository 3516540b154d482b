//! The site's 1833NE actions in railrules' words: each action type's fields read, the routes, the
//! train bought.

use super::{action_from, share_action};
use crate::games::ne1833::Ne1833;
use crate::games::ne1833::action::Action;
use crate::games::ne1833::ids::{Company, Private, Seat};
use crate::games::ne1833::state::{PrivateOwner, State};
use crate::import::export_18xx::{ImportError, Played, SiteJson, member};
use crate::import::kit18xx::{self as kit, Actor, Ledger, error, field, kind_of, number, text};
use crate::import::title::Seats;
use serde_json::{Map, Value, json};

/// The export's action in railrules' words (the flow rules having been applied).
#[expect(
    clippy::too_many_lines,
    reason = "one arm per action of the site's 1833NE, each naming its fields"
)]
pub(super) fn translate(
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
