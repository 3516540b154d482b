//! 1846's actions as the site writes them: each railrules action in the export's form, with what
//! the site adds (a receivership's presidency, its discards).

use super::{rule, share_move};
use crate::core::Checked;
use crate::games::g1846::G1846;
use crate::games::g1846::action::{Action, Purchase};
use crate::games::g1846::event::Event;
use crate::games::g1846::ids::{Company, Private, Seat};
use crate::games::g1846::state::{Round, State};
use crate::games::kit18xx::shares::ShareSource;
use crate::games::kit18xx::table::Table as _;
use crate::import::export_18xx::{ImportError, Played};
use crate::import::kit18xx::{self as kit, Actor, Family, Ledger, Silence};
use crate::import::title::{Seats, Step, Written};
use serde_json::{Value, json};

/// The export's entity of a company: a corporation or a minor.
fn as_company(company: Company) -> (Value, &'static str) {
    let kind = if company.is_minor() {
        "minor"
    } else {
        "corporation"
    };
    (json!(company.symbol()), kind)
}

/// A player's 10% share bought from the market of a corporation in receivership where the
/// market holds only its president's certificate: the site names that certificate (20%) and
/// rebuilds the bundle as one share at the price named (7.13 NOTE,
/// docs/rules/1846.md#receivership).
fn receivership_presidency(ledger: &Ledger, before: &State, action: &Action) -> Option<Value> {
    let Action::BuyShares {
        corporation,
        from: ShareSource::Market,
        entity: None,
        percent: None,
        ..
    } = action
    else {
        return None;
    };
    let only_the_certificate = ledger.held(*corporation, kit::Holder::Market) == [0];
    if !before.company(*corporation).receivership || !only_the_certificate {
        return None;
    }
    let price = crate::games::kit18xx::shares::price(before, *corporation)?;
    Some(json!({
        "type": "buy_shares",
        "shares": [format!("{}_0", corporation.symbol())],
        "percent": 20,
        "share_price": price,
    }))
}

/// The price per share of a corporation's issue or redemption, from its event.
fn share_price_of(events: &[Event]) -> Option<u32> {
    events.iter().find_map(|event| {
        let (percent, amount) = match event {
            Event::SharesIssued {
                percent, received, ..
            } => (*percent, *received),
            Event::SharesRedeemed { percent, paid, .. } => (*percent, *paid),
            _ => return None,
        };
        let shares = u32::from(percent / 10);
        (shares > 0).then(|| amount / shares)
    })
}

/// A company in receivership's `discard_train`: railrules made that discard itself when the
/// phase changed (its oldest train, docs/rules/1846.md#receivership), so the action is left out
/// when it names that train; another train is a discard railrules cannot follow.
pub(super) fn receivership_discard(
    seats: &Seats,
    state: &Checked<G1846>,
    played: &Played,
) -> Result<Option<Step<Action>>, ImportError> {
    let Actor::Corporation(company) = kit::actor::<G1846>(seats, &played.action, &played.pointer)?
    else {
        return Ok(None);
    };
    let pending = matches!(&state.round, Round::OperatingRound { discards, .. } if discards.contains(&company));
    if !state.company(company).receivership || pending {
        return Ok(None);
    }
    let train = kit::text(&played.action, &played.pointer, "train")?;
    if state.discard_pile.iter().any(|t| t.id.as_str() == train)
        || !state
            .company(company)
            .trains
            .iter()
            .any(|t| t.id.as_str() == train)
    {
        return Ok(Some(Step::Drop(rule::RECEIVERSHIP_DISCARD)));
    }
    Err(kit::error(
        format!("{}/train", played.pointer),
        format!(
            "{company}, in receivership, discards {train}: railrules discards its oldest train by itself"
        ),
    ))
}

/// Whether the site's operating round still waits at its start for the owner of a player-owned
/// Steamboat (g_1846 `Assign#blocking_for_steamboat?`) when `action` comes: its owner has not
/// both assigned it to a port and to a corporation, and `action` is not one of those: the
/// Steamboat's pass goes first (the importer drops it, as any private's pass).
fn steamboat_blocks(before: &State, action: &Action) -> bool {
    if crate::games::g1846::turns::steamboat_owner_at_round_start(before).is_none() {
        return false;
    }
    let both = ["SC hex", "SC corporation"].iter().all(|done| {
        before
            .assigned_this_round
            .iter()
            .any(|a| a.as_str() == *done)
    });
    !both && !crate::games::g1846::turns::is_round_start_assign(before, action)
}

/// The export's form of one railrules action (see [`Title::export_action`]).
#[expect(
    clippy::too_many_lines,
    reason = "one arm per railrules action of 1846, each written as the site writes it"
)]
pub(super) fn export_one(
    seats: &Seats,
    ledger: &Ledger,
    before: &Checked<G1846>,
    action: &Action,
    after: &State,
    events: &[Event],
) -> Result<Written<Silence<Company>>, String> {
    let mut silence = None;
    let mut steps_passed = Vec::new();
    // A private's lays are made together: the site's `SpecialTrack` waits for the second,
    // and the private passes it when the next action is another.
    // (The steps after the dividend are then read a move later: the second lay forfeited.)
    let mut forfeited = None;
    if let Some(private) = crate::games::g1846::privates::second_lay_pending(before)
        && !action.is_lay_of(private)
    {
        steps_passed
            .push(json!({"type": "pass", "entity": private.id(), "entity_type": "company"}));
        let mut later: State = (**before).clone();
        later.moves += 1;
        forfeited = Some(later);
    }
    let steps_state: &State = forfeited.as_ref().unwrap_or(before);
    if steamboat_blocks(before, action) {
        steps_passed
            .push(json!({"type": "pass", "entity": Private::Sc.id(), "entity_type": "company"}));
    }
    let operating = kit::operating(&**before);
    let operating_company = || {
        operating
            .map(|(c, _)| c)
            .ok_or_else(|| "no company is operating".to_string())
    };
    let player = |seat: Seat| (seats.entity(seat.index()), "player");
    let ((entity, entity_type), mut fields) = match action {
        Action::Choose { player: p, card } => {
            // The site's choice writes the card's face value (its draft charges the price);
            // a blank card's is nothing.
            let purchase = Private::from_id(card)
                .map(Purchase::Private)
                .or_else(|| Company::from_symbol(card).map(Purchase::Minor));
            let price = purchase.map_or(0, crate::games::g1846::operating_round::face_value);
            (
                player(*p),
                json!({"type": "bid", "company": card, "price": price}),
            )
        }
        Action::Pass { player: p } => match operating {
            Some((company, turn)) => {
                if turn.dividend_done {
                    // The site's train step and its last step each take a pass while they
                    // offer something; when neither does, it ends the turn itself.
                    let steps = G1846::steps_after_dividend(steps_state, company);
                    if steps.train_step && steps.last_step {
                        steps_passed.push(json!({"type": "pass"}));
                    }
                    if !steps.train_step && !steps.last_step {
                        silence = Some(Silence::TurnOver(company));
                    }
                }
                (as_company(company), json!({"type": "pass"}))
            }
            None if kit::is_operating(&**before) => {
                return Err("a pass while trains are discarded".into());
            }
            None => {
                if G1846::only_pass(before, *p) {
                    silence = Some(Silence::NothingToDo(*p));
                }
                (player(*p), json!({"type": "pass"}))
            }
        },
        Action::Par {
            player: p,
            corporation,
            share_price,
        } => {
            let column = after
                .company(*corporation)
                .price
                .ok_or("the company has no price after its par")?;
            (
                player(*p),
                json!({"type": "par", "corporation": corporation.symbol(),
                       "share_price": format!("{share_price},0,{column}")}),
            )
        }
        Action::BuyShares { player: p, .. } | Action::SellShares { player: p, .. } => {
            let (share, _) = share_move(action).ok_or("not a share action")?;
            let (entity, mut fields) = match receivership_presidency(ledger, before, action) {
                Some(fields) => (None, fields),
                None => kit::share_fields(ledger, &share, *p)?,
            };
            let who = match entity {
                Some(c) => as_company(c),
                None => player(*p),
            };
            // A corporation's issue or redemption names its price per share: the site's
            // bundle is the one it offers only at that price (`ShareBundle#==`).
            if entity.is_some()
                && let Some(each) = share_price_of(events)
            {
                fields["share_price"] = json!(each);
            }
            (who, fields)
        }
        Action::LayTile {
            hex,
            tile,
            rotation,
            company,
            ..
        } => {
            let who = match company {
                Some(p) => (json!(p), "company"),
                None => as_company(operating_company()?),
            };
            let id = format!("{tile}-{}", ledger.free_copy(tile));
            (
                who,
                json!({"type": "lay_tile", "hex": hex, "tile": id, "rotation": rotation}),
            )
        }
        Action::PlaceToken {
            hex, city, company, ..
        } => {
            let who = match company {
                Some(p) => (json!(p), "company"),
                None => as_company(operating_company()?),
            };
            let slot = before
                .board
                .stations
                .iter()
                .filter(|s| s.hex == *hex && s.city == *city)
                .count();
            (
                who,
                json!({"type": "place_token", "city": kit::city_id(ledger, hex, *city), "slot": slot}),
            )
        }
        Action::RunRoutes { routes, .. } => {
            let company = operating_company()?;
            // The site's track step takes a pass while it offers a lay or a station.
            // (Read after a private's forfeited second lay: its pass ends that lay.)
            let track_open = !before.company(company).receivership
                && !G1846::track_step_over(steps_state, company);
            if routes.is_empty()
                && (before.company(company).trains.is_empty()
                    || G1846::runs_nothing(before, company)
                    || crate::games::g1846::operating_round::steps::routes_skipped(before, company))
            {
                // The site has no route step for it: the track step's pass (the importer
                // inserts the empty run again at it), or nothing at all.
                if track_open {
                    (as_company(company), json!({"type": "pass"}))
                } else {
                    silence = Some(Silence::NoRoute(company));
                    (
                        as_company(company),
                        json!({"type": "run_routes", "routes": []}),
                    )
                }
            } else {
                if track_open {
                    steps_passed.push(json!({"type": "pass"}));
                }
                let routes: Vec<Value> = routes
                    .iter()
                    .map(|r| json!({"train": r.train, "connections": r.connections}))
                    .collect();
                (
                    as_company(company),
                    json!({"type": "run_routes", "routes": routes}),
                )
            }
        }
        Action::Dividend { kind, .. } => {
            let (company, turn) = operating.ok_or("no company is operating")?;
            let automatic = turn
                .revenue
                .and_then(|r| G1846::automatic_dividend(before, company, r));
            if automatic.is_some_and(|(k, _)| k == *kind) {
                silence = Some(Silence::NoDividend(company));
            }
            (
                as_company(company),
                json!({"type": "dividend", "kind": kind}),
            )
        }
        Action::BuyTrain {
            train,
            variant,
            from,
            price,
            ..
        } => {
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
                as_company(operating_company()?),
                json!({"type": "buy_train", "train": id, "price": price, "variant": variant}),
            )
        }
        Action::BuyCompany { company, price, .. } => {
            let name = match company {
                Purchase::Private(p) => p.id(),
                Purchase::Minor(m) => m.symbol(),
            };
            (
                as_company(operating_company()?),
                json!({"type": "buy_company", "company": name, "price": price}),
            )
        }
        Action::DiscardTrain { train, .. } => {
            let holder = before
                .companies
                .iter()
                .find(|c| c.trains.iter().any(|t| t.id == *train))
                .ok_or("no company holds the train discarded")?;
            (
                as_company(holder.company),
                json!({"type": "discard_train", "train": train}),
            )
        }
        Action::Bankrupt { .. } => (
            as_company(operating_company()?),
            json!({"type": "bankrupt"}),
        ),
        Action::Assign {
            company, target, ..
        } => {
            let target_type = if Company::from_symbol(target).is_some() {
                "corporation"
            } else {
                "hex"
            };
            (
                (json!(company), "company"),
                json!({"type": "assign", "target": target, "target_type": target_type}),
            )
        }
    };
    fields["entity"] = entity;
    fields["entity_type"] = json!(entity_type);
    // A company in receivership is run by any player: the site records who as `user`.
    if let Some((company, _)) = operating
        && before.company(company).president.is_none()
    {
        fields["user"] = seats.entity(action.player().index());
    }
    for pass in steps_passed
        .iter_mut()
        .filter(|p| p.get("entity").is_none())
    {
        pass["entity"] = fields["entity"].clone();
        pass["entity_type"] = fields["entity_type"].clone();
    }
    // A company in receivership discards over its limit by itself here; the site waits for
    // its `discard_train` (interop-receivership-discard).
    let made_after = events
        .iter()
        .filter_map(|event| match event {
            Event::TrainDiscarded { corporation, train }
                if after.company(*corporation).receivership =>
            {
                Some(
                    json!({"type": "discard_train", "entity": corporation.symbol(),
                    "entity_type": "corporation", "train": train}),
                )
            }
            _ => None,
        })
        .collect();
    Ok(Written {
        steps_passed,
        action: fields,
        silence,
        made_after,
    })
}
