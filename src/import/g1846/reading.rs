//! The site's 1846 actions in railrules' words: each action type's fields read, the routes read
//! from their connections, the train bought.

use super::{on_map, private_of, private_seat, rule, share_action};
use crate::games::g1846::G1846;
use crate::games::g1846::action::{Action, Purchase};
use crate::games::g1846::ids::{Company, Private, Seat};
use crate::games::g1846::operating_round::routes_from_connections;
use crate::games::g1846::state::{PrivateOwner, State};
use crate::games::kit18xx::map::names;
use crate::games::kit18xx::shares::ShareSource;
use crate::games::kit18xx::table::Table as _;
use crate::import::export_18xx::{ImportError, Played, SiteJson, member};
use crate::import::kit18xx::{
    self as kit, Actor, ActorOf, Ledger, error, field, kind_of, number, text,
};
use crate::import::title::{Seats, Step};

/// The export's action in railrules' words (the flow rules having been applied).
#[expect(
    clippy::too_many_lines,
    reason = "one arm per action of the site's 1846, each naming its fields"
)]
pub(super) fn translate(
    seats: &Seats,
    ledger: &Ledger,
    state: &State,
    played: &Played,
    actor: ActorOf<G1846>,
) -> Result<Step<Action>, ImportError> {
    let a = &played.action;
    let at = played.pointer.as_str();
    let kind = kind_of(a);
    let at_field = |name: &str| format!("{at}/{name}");
    let wrong = |what: &str| error(at_field("entity"), what.to_string());
    let seat = match actor {
        Actor::Player(seat) => seat,
        Actor::Corporation(c) if kind == "end_game" => {
            state.company(c).president.unwrap_or(Seat::P1)
        }
        Actor::Corporation(c) => kit::seat_for::<G1846>(seats, state, c, Some(a), at)?,
        Actor::Private(p) => private_seat(seats, state, p, a, at)?,
    };
    let corporation = match actor {
        Actor::Corporation(c) => Some(c),
        _ => None,
    };
    let action = match (kind, actor) {
        ("end_game", _) => return Ok(Step::Drop(rule::END_GAME)),
        ("log", _) => return Ok(Step::Drop(rule::LOG)),
        ("bid", Actor::Player(_)) => Action::Choose {
            player: seat,
            card: text(a, at, "company")?.to_string(),
        },
        ("pass", Actor::Player(_)) => Action::Pass { player: seat },
        ("par", Actor::Player(_)) => {
            let corporation = Company::from_symbol(text(a, at, "corporation")?)
                .filter(|c| !c.is_minor())
                .ok_or_else(|| error(at_field("corporation"), "not one of 1846's corporations"))?;
            let (price, _, _) = kit::market_space::<G1846>(a, at)?;
            Action::Par {
                player: seat,
                corporation,
                share_price: price,
            }
        }
        ("buy_shares", _) => {
            let mut share = kit::buy_shares::<G1846>(ledger, a, at, actor)?;
            // The president's certificate of a corporation in receivership is bought as a
            // 10% share (7.13 NOTE; the site rebuilds the bundle as 10%).
            if let kit::ShareMove::Buy {
                corporation,
                from: ShareSource::Market,
                entity: None,
                percent,
            } = &mut share
                && state.company(*corporation).receivership
                && *percent == Some(20)
            {
                *percent = None;
            }
            if let (kit::ShareMove::Buy { corporation, .. }, Actor::Player(_)) = (&share, actor) {
                share_price_as_written(state, a, at, *corporation)?;
            }
            share_action(share, seat)
        }
        ("sell_shares", _) => share_action(kit::sell_shares::<G1846>(ledger, a, at, actor)?, seat),
        ("lay_tile", Actor::Corporation(_) | Actor::Private(_)) => {
            let tile = kit::tile_kind(text(a, at, "tile")?, || at_field("tile"))?;
            let hex = text(a, at, "hex")?;
            let rotation = number(a, at, "rotation")?;
            Action::LayTile {
                player: seat,
                // Named as the action's own fields read them (`names`), so that a name the
                // map lacks is the same error here as in a request.
                hex: on_map(names::known_hex, hex, || at_field("hex"))?,
                tile: on_map(names::known_tile, tile, || at_field("tile"))?,
                rotation: u8::try_from(rotation)
                    .map_err(|_| error(at_field("rotation"), format!("no rotation {rotation}")))?,
                company: private_of(actor),
            }
        }
        ("place_token", Actor::Corporation(_) | Actor::Private(Private::Cwi)) => {
            let (hex, city) = kit::city_of(ledger, text(a, at, "city")?, || at_field("city"))?;
            kit::slot_as_written(state, a, at, &hex, city)?;
            Action::PlaceToken {
                player: seat,
                hex: on_map(names::known_hex, &hex, || at_field("city"))?,
                city,
                company: private_of(actor),
            }
        }
        ("run_routes", Actor::Corporation(c)) => run_routes(ledger, state, a, at, c, seat)?,
        ("dividend", Actor::Corporation(_)) => {
            let kind = text(a, at, "kind")?;
            let kind = kit::named(kind).ok_or_else(|| {
                error(
                    at_field("kind"),
                    format!("`{kind}` is not payout, half or withhold"),
                )
            })?;
            Action::Dividend { player: seat, kind }
        }
        ("buy_train", Actor::Corporation(_)) => buy_train(state, a, at, seat)?,
        ("discard_train", Actor::Corporation(_)) => Action::DiscardTrain {
            player: seat,
            train: text(a, at, "train")?.to_string(),
        },
        ("buy_company", Actor::Corporation(_)) => {
            let name = text(a, at, "company")?;
            let company = match (Private::from_id(name), Company::from_symbol(name)) {
                (Some(p), _) => Purchase::Private(p),
                (None, Some(m)) if m.is_minor() => Purchase::Minor(m),
                _ => {
                    return Err(error(
                        at_field("company"),
                        format!("`{name}` is neither a private nor a minor of 1846"),
                    ));
                }
            };
            Action::BuyCompany {
                player: seat,
                company,
                price: number(a, at, "price")?,
                accepted_by: seller(state, company).filter(|s| *s != seat),
            }
        }
        ("bankrupt", Actor::Corporation(_)) => Action::Bankrupt { player: seat },
        ("assign", Actor::Private(company)) => Action::Assign {
            player: seat,
            company,
            target: text(a, at, "target")?.to_string(),
        },
        (
            "bid" | "pass" | "par" | "lay_tile" | "place_token" | "run_routes" | "dividend"
            | "buy_train" | "discard_train" | "buy_company" | "bankrupt" | "assign",
            _,
        ) => {
            let _ = corporation;
            return Err(wrong(&format!(
                "{kind} is not an action of this entity in 1846"
            )));
        }
        (other, _) => {
            return Err(error(
                at_field("type"),
                format!("`{other}` is no action of 1846"),
            ));
        }
    };
    Ok(Step::Translate(action))
}

/// A player's purchase's `share_price`, which the engine charges for each 10% as written (its
/// bundle's `share_price`) and the site's page leaves out: a share of 1846 costs its corporation's
/// price, from the treasury as from the market (and the president's certificate of a
/// corporation in receivership is bought as a 10% share at that price, 7.13 NOTE), so another
/// price cannot be true of a game played by the rules and is refused at its pointer.
fn share_price_as_written(
    state: &State,
    a: &SiteJson,
    at: &str,
    corporation: Company,
) -> Result<(), ImportError> {
    // The engine writes a share_price it was not given as null.
    if matches!(member(a, "share_price"), Some(SiteJson::Null)) {
        return Ok(());
    }
    let Some(written) = kit::written_number(a, at, "share_price")? else {
        return Ok(());
    };
    match crate::games::kit18xx::shares::price(state, corporation) {
        Some(price) if price != written => Err(error(
            format!("{at}/share_price"),
            format!("a share of {corporation} costs its price, ${price}, not ${written}"),
        )),
        _ => Ok(()),
    }
}

/// The player who owns a private or a minor.
fn seller(state: &State, purchase: Purchase) -> Option<Seat> {
    match purchase {
        Purchase::Private(p) => match state.private(p)?.owner {
            PrivateOwner::Player { seat } => Some(seat),
            _ => None,
        },
        Purchase::Minor(m) => state.company(m).president,
    }
}

/// The hexes of one connection of a route (`["C15", "B16"]`), if it is a list of names.
fn hexes_of<'v>(connection: &'v SiteJson) -> Option<Vec<&'v str>> {
    connection
        .as_array()?
        .iter()
        .map(SiteJson::as_str)
        .collect()
}

/// `run_routes`: the site's routes by their connections (its older exports give nothing else),
/// read into their stops on the board as it stands (`routes_from_connections`).
fn run_routes(
    ledger: &Ledger,
    state: &State,
    a: &SiteJson,
    at: &str,
    company: Company,
    seat: Seat,
) -> Result<Action, ImportError> {
    let routes = field(a, at, "routes")?
        .as_array()
        .ok_or_else(|| error(format!("{at}/routes"), "`routes` is not a list"))?;
    let mut runs = Vec::with_capacity(routes.len());
    for (i, route) in routes.iter().enumerate() {
        // The route's pointer, written only for an error (the fields' own pointers follow it).
        let within = |e: ImportError| ImportError {
            pointer: format!("{at}/routes/{i}{}", e.pointer),
            ..e
        };
        let train = text(route, "", "train").map_err(within)?;
        let connections = field(route, "", "connections")
            .map_err(within)?
            .as_array()
            .and_then(|connections| connections.iter().map(hexes_of).collect())
            .ok_or_else(|| {
                within(error(
                    "/connections".to_string(),
                    "`connections` is not a list of lists of hexes",
                ))
            })?;
        runs.push((train, connections));
    }
    let routes = routes_from_connections(state, company, &runs, &ledger.ends)
        .map_err(|e| error(format!("{at}/routes"), e))?;
    Ok(Action::RunRoutes {
        player: seat,
        routes,
    })
}

fn buy_train(state: &State, a: &SiteJson, at: &str, seat: Seat) -> Result<Action, ImportError> {
    let p = kit::train_purchase::<G1846>(state, a, at, seat)?;
    Ok(Action::BuyTrain {
        player: seat,
        train: p.train,
        variant: p.variant,
        from: p.from,
        price: p.price,
        accepted_by: p.accepted_by,
    })
}
