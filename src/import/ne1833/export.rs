//! 1833NE's actions as the site writes them: each railrules action in the export's form.

use super::share_move;
use crate::core::Checked;
use crate::games::kit18xx::table::Table as _;
use crate::games::ne1833::Ne1833;
use crate::games::ne1833::action::{Action, DividendKind};
use crate::games::ne1833::event::Event;
use crate::games::ne1833::ids::{Company, Seat};
use crate::games::ne1833::state::State;
use crate::import::kit18xx::{self as kit, Family, Ledger, Silence};
use crate::import::title::{Seats, Written};
use serde_json::{Value, json};

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
pub(super) fn export_one(
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
