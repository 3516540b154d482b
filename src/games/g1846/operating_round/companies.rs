//! 1846's privates and minors in the operating round (docs/rules/1846.md#privates, #minors):
//! a corporation buys a player's private or minor (phases I-II, $1 to face value), a private's
//! own tile lays and the C&WI's station for the corporation owning it, and the bonus markers
//! placed.

use crate::core::Violation;
use crate::games::g1846::action::Purchase;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::event::Event;
use crate::games::g1846::ids::{Company, Private, Seat};
use crate::games::g1846::privates::{
    JoiningLay, corporation_owning, joining_hexes, judge_private_lay, lays_join, stations_left,
};
use crate::games::g1846::rules::section;
use crate::games::g1846::state::{AbilityUse, Marker, PrivateOwner, State};
use crate::games::g1846::track::{LayContext, TileLay, check_lay, lay_rules, phase_tiles};
use crate::games::kit18xx::buying_privates::{check_acceptance, judge_price};
use crate::games::kit18xx::emergency::refuse_private_purchase;
use crate::games::kit18xx::operating_round::running_routes::expect_runner;
use crate::games::kit18xx::operating_round::{OperatingTitle, expect_president, placing_stations};
use crate::games::kit18xx::stations::{
    StationContext, StationPlacement, check_station, place_station,
};
use crate::games::kit18xx::table::Table as _;
use crate::games::kit18xx::track::lay_tile;
use crate::games::kit18xx::trains::active_trains;

fn refuse(code: &str, message: String) -> Violation {
    Violation::new(code, section::PRIVATES, message)
}

/// The face value of what is bought: a private's, or a minor's card (MS $60, BIG4 $40:
/// 18xx.games' `value`, which its `setup_company_price_up_to_face` makes the most it sells for).
pub fn face_value(purchase: Purchase) -> u32 {
    let c = components();
    match purchase {
        Purchase::Private(p) => c.private(p.id()).map_or(0, |p| p.value),
        Purchase::Minor(m) => c
            .minors
            .iter()
            .find(|d| d.id == m.symbol())
            .map_or(0, |d| d.value),
    }
}

/// The player owning what is bought, if a player does and it is open.
fn owner(state: &State, purchase: Purchase) -> Option<Seat> {
    match purchase {
        Purchase::Private(p) => match state.private(p)? {
            p if p.closed => None,
            p => match p.owner {
                PrivateOwner::Player { seat } => Some(seat),
                _ => None,
            },
        },
        Purchase::Minor(m) if m.is_minor() => {
            let entry = &state.companies[m.index()];
            (!entry.closed).then_some(entry.president).flatten()
        }
        Purchase::Minor(_) => None,
    }
}

/// A corporation buys a private or a minor from its owner (g_1846 `BuyCompany`): in phases I
/// and II, for $1 up to its face value, with the owner's acceptance when the owner is not the
/// president; a minor needs room for its train.
pub fn buy_company(
    state: &mut State,
    player: Seat,
    purchase: Purchase,
    price: u32,
    accepted_by: Option<Seat>,
) -> Result<Vec<Event>, Violation> {
    let (company, turn) = expect_president(state, player, "buy_company")?;
    let what = match purchase {
        Purchase::Private(p) => p.to_string(),
        Purchase::Minor(m) => m.to_string(),
    };
    if company.is_minor() {
        return Err(refuse(
            "minor_buys_nothing",
            format!("{company} is a minor: it buys no company"),
        ));
    }
    refuse_private_purchase(state, company, &turn)?;
    let phase_allows = components()
        .phases
        .get(usize::from(state.phase))
        .is_some_and(|p| p.corporations_may_buy_privates);
    if !phase_allows {
        return Err(refuse(
            "privates_not_for_sale",
            "corporations buy privates and minors only in phases I and II".to_string(),
        ));
    }
    let Some(seller) = owner(state, purchase) else {
        return Err(refuse(
            "not_a_players_company",
            format!("{what} is not an open company a player owns"),
        ));
    };
    check_acceptance(section::PRIVATES, player, seller, accepted_by, &what)?;
    let cash = state.company(company).cash;
    judge_price(
        section::PRIVATES,
        &what,
        price,
        face_value(purchase),
        &company.to_string(),
        cash,
        cash,
    )?;
    if let Purchase::Minor(_) = purchase
        && active_trains(state, company) >= state.train_limit(company)
    {
        return Err(refuse(
            "train_limit",
            format!("{company} has no room for {what}'s train"),
        ));
    }
    // Judged: carry it out.
    state.company_mut(company).cash -= price;
    state.player_mut(seller).cash += price;
    let mut events = vec![Event::CompanyBought {
        company: what,
        from: seller,
        to: company,
        price,
    }];
    match purchase {
        Purchase::Private(p) => take_private(state, p, company),
        Purchase::Minor(m) => events.extend(take_minor(state, m, company)),
    }
    Ok(events)
}

/// The private is the corporation's; a Steamboat sold to it serves it from now on
/// (`assign_corporation` when sold).
fn take_private(state: &mut State, private: Private, company: Company) {
    if let Some(p) = state.private_mut(private) {
        p.owner = PrivateOwner::Company { company };
    }
    for m in state.markers.iter_mut().filter(|m| m.private == private) {
        m.company = Some(company);
    }
}

/// g_1846 `process_buy_company` for a minor: its cash and train go to the corporation (the
/// train rests for the round if the minor operated in it), its station becomes the
/// corporation's unless the corporation has one in that city already; the minor is gone.
fn take_minor(state: &mut State, minor: Company, company: Company) -> Vec<Event> {
    let cash = std::mem::take(&mut state.companies[minor.index()].cash);
    state.company_mut(company).cash += cash;
    let trains = std::mem::take(&mut state.companies[minor.index()].trains);
    let operated = super::operated_this_round(state, minor);
    for train in trains {
        if operated {
            state.resting_trains.push(train.id.clone());
        }
        state.company_mut(company).trains.push(train);
    }
    let (minor_symbol, symbol) = (minor.symbol(), company.symbol());
    let home = state
        .board
        .stations
        .iter()
        .position(|s| s.company == minor_symbol);
    if let Some(i) = home {
        let (hex, city) = (
            state.board.stations[i].hex.clone(),
            state.board.stations[i].city,
        );
        let has_one = state
            .board
            .stations_of(symbol)
            .any(|s| s.hex == hex && s.city == city);
        let board = &mut state.board;
        if has_one {
            board.stations.remove(i);
        } else {
            board.stations[i].company = symbol.into();
            state.gained_stations.push(company);
        }
    }
    let entry = &mut state.companies[minor.index()];
    entry.closed = true;
    entry.president = None;
    vec![Event::CompanyClosed {
        corporation: minor,
        trains: Vec::new(),
    }]
}

/// A private's own tile lay for the corporation owning it, at any time in its turn (before or
/// after its routes: the card limits only the owner, 18xx.games issues 1794 and 2032): free,
/// in the ability's hexes, with its tiles; the Michigan Central's and the Ohio & Indiana's
/// need no connection.
pub fn lay_private(
    state: &mut State,
    player: Seat,
    private: Private,
    lay: &TileLay,
) -> Result<Vec<Event>, Violation> {
    let (company, _) = expect_runner(state, player)?;
    if corporation_owning(state, private) != Some(company) {
        return Err(refuse(
            "private_not_owned",
            format!("{company} does not own {private}"),
        ));
    }
    judge_private_lay(state, private, lay)?;
    let c = components();
    let connection_free = c.private(private.id()).is_some_and(|p| {
        p.abilities.iter().any(|a| {
            matches!(
                a,
                Ability::ExtraTileLay {
                    connection_required: Some(false),
                    ..
                }
            )
        })
    });
    // A lay that is not free (the Little Miami's, "discount: 20") costs what the corporation's
    // own lay would, less the discount on the tile's cost: its river crossings are paid
    // (18xx.games charges them: its `tile_lay` ability's `discount`, not `free`).
    let discount = c.private(private.id()).and_then(|p| {
        p.abilities.iter().find_map(|a| match a {
            Ability::ExtraTileLay {
                free: false,
                discount,
                ..
            } => Some(discount.unwrap_or(0)),
            _ => None,
        })
    });
    let paying = discount.map(|d| (state.company(company).cash, (lay.hex.as_str(), d)));
    let ctx = LayContext {
        connection_free,
        cash: paying.map_or(u32::MAX, |(cash, _)| cash),
        discount: paying.map(|(_, d)| d),
        border_discount: paying.and_then(|_| super::track::tunnel_discount(state, company)),
        ..LayContext::free(
            &c.map,
            lay_rules(),
            phase_tiles(&c.phases[usize::from(state.phase)]),
            company.symbol(),
        )
    };
    let planned = check_lay(&state.board, &ctx, lay)?;
    let mut after = state.board.clone();
    lay_tile(&mut after, lay, &planned);
    let new_exits = new_exits(&state.board, &after, &lay.hex);
    // A free lay costs nothing whatever its terrain; one with a discount pays what is left.
    let cost = if paying.is_some() { planned.cost } else { 0 };
    let second_joins = |laid: &[JoiningLay]| second_lay_joins(private, laid, &ctx, cost, &after);
    crate::games::g1846::privates::judge_joining_lays(
        state,
        private,
        (&lay.hex, &new_exits),
        &after,
        second_joins,
    )?;
    crate::games::g1846::privates::judge_meeting_lays(state, private, &lay.hex, &after)?;
    state.board = after;
    state.company_pays_bank(company, cost);
    state.abilities_used.push(AbilityUse {
        private,
        company,
        hex: lay.hex.as_str().into(),
        at_move: Some(state.moves),
        new_exits: if joining_hexes(private).is_some() {
            new_exits
        } else {
            Vec::new()
        },
    });
    Ok(vec![Event::TileLaid {
        corporation: company,
        hex: lay.hex.clone(),
        tile: lay.tile.clone(),
        rotation: lay.rotation,
        cost,
    }])
}

/// The edges hex `hex` shows on `after` that it lacked on `before`.
fn new_exits(
    before: &crate::games::kit18xx::board::Board,
    after: &crate::games::kit18xx::board::Board,
    hex: &str,
) -> Vec<u8> {
    let map = &components().map;
    let Some(h) = map.hex_index(hex) else {
        return Vec::new();
    };
    let old = before.face(map, h).exits();
    after
        .face(map, h)
        .exits()
        .into_iter()
        .filter(|e| !old.contains(e))
        .collect()
}

/// Whether a second lay of `private` (in another of its hexes, one of its tiles) could follow
/// the lays `laid` (the last made on `after`, costing `spent`) and join the private's hexes on
/// the new track of each tile ([`lays_join`]).
fn second_lay_joins(
    private: Private,
    laid: &[JoiningLay],
    ctx: &LayContext,
    spent: u32,
    after: &crate::games::kit18xx::board::Board,
) -> bool {
    let Some((hexes, _)) = joining_hexes(private) else {
        return false;
    };
    let tiles = components()
        .private(private.id())
        .and_then(|p| {
            p.abilities.iter().find_map(|a| match a {
                Ability::ExtraTileLay { tiles, .. } => Some(tiles.as_slice()),
                _ => None,
            })
        })
        .unwrap_or(&[]);
    hexes
        .iter()
        .filter(|h| laid.iter().all(|(l, _)| l != h))
        .any(|hex| {
            tiles.iter().any(|tile| {
                (0..6).any(|rotation| {
                    let second = TileLay {
                        hex: hex.clone(),
                        tile: tile.clone(),
                        rotation,
                    };
                    // The second lay's own discount is in its own hex.
                    let ctx = LayContext {
                        discount: ctx.discount.map(|(_, d)| (hex.as_str(), d)),
                        cash: ctx.cash.saturating_sub(spent),
                        ..*ctx
                    };
                    check_lay(after, &ctx, &second).is_ok_and(|planned| {
                        let mut joined_board = after.clone();
                        lay_tile(&mut joined_board, &second, &planned);
                        let exits = new_exits(after, &joined_board, hex);
                        let mut both = laid.to_vec();
                        both.push((hex, &exits));
                        lays_join(&joined_board, hexes, &both)
                    })
                })
            })
        })
}

/// The C&WI's station in its Chicago city, for the corporation owning it: free, unconnected,
/// one more than its own tokens, any time in its turn.
pub fn place_cwi(
    state: &mut State,
    player: Seat,
    at: &StationPlacement,
) -> Result<Vec<Event>, Violation> {
    let (company, _) = expect_runner(state, player)?;
    if corporation_owning(state, Private::Cwi) != Some(company) {
        return Err(refuse(
            "private_not_owned",
            format!("{company} does not own the C&WI"),
        ));
    }
    if cwi_used(state) {
        return Err(refuse(
            "ability_used",
            "the C&WI's station is placed".to_string(),
        ));
    }
    if !is_cwi_spot(at) {
        return Err(refuse(
            "not_in_ability",
            format!(
                "the C&WI's station goes in its Chicago city, not {} city {}",
                at.hex, at.city
            ),
        ));
    }
    let c = components();
    let ctx = StationContext {
        map: &c.map,
        section: section::STATIONS,
        company: company.symbol(),
        cash: u32::MAX,
        stations_left: stations_left(state, company) + 1,
        price: 0,
        reservations: &[],
        extra_sources: &[],
        anywhere: true,
    };
    check_station(&state.board, &ctx, at)?;
    place_station(&mut state.board, company.symbol(), at);
    record_cwi_station(state, company, at);
    Ok(vec![Event::StationPlaced {
        corporation: company,
        hex: at.hex.clone(),
        city: at.city,
        cost: 0,
    }])
}

/// A corporation's own station (the track step's one): where the corporation owns the C&WI
/// and places it in the C&WI's city, it is made with the C&WI's token (below).
pub fn place_token(
    state: &mut State,
    player: Seat,
    at: &StationPlacement,
) -> Result<Vec<Event>, Violation> {
    let company = crate::games::kit18xx::operating_round::current(state).map(|(c, _)| c);
    let with_cwi = company.is_some_and(|c| station_is_cwis(state, c, at));
    let events = placing_stations::place_token(state, player, at)?;
    if let (true, Some(company)) = (with_cwi, company) {
        record_cwi_station(state, company, at);
    }
    Ok(events)
}

/// Whether a corporation's own station at `at` is made with the C&WI's token: 18xx.games
/// applies the placing corporation's token abilities to its own station in their city
/// (`Tokener#adjust_token_price_ability!`), so the owner of the C&WI, its station not yet
/// placed, placing one of its own in the C&WI's Chicago city places the C&WI's: free, one more
/// than its own tokens, the C&WI's used. (Connected as its own station: the step's check.)
pub fn station_is_cwis(state: &State, company: Company, at: &StationPlacement) -> bool {
    is_cwi_spot(at) && !cwi_used(state) && corporation_owning(state, Private::Cwi) == Some(company)
}

fn cwi_used(state: &State) -> bool {
    state
        .abilities_used
        .iter()
        .any(|u| u.private == Private::Cwi)
}

/// Whether `at` is the C&WI's Chicago city (its token ability's hex and city).
fn is_cwi_spot(at: &StationPlacement) -> bool {
    let spot = components().private(Private::Cwi.id()).and_then(|p| {
        p.abilities.iter().find_map(|a| match a {
            Ability::Token { hex, city, .. } => Some((hex.as_str(), *city)),
            _ => None,
        })
    });
    spot == Some((at.hex.as_str(), Some(at.city)))
}

/// The C&WI's station placed for `company`: its ability used, its token one more.
fn record_cwi_station(state: &mut State, company: Company, at: &StationPlacement) {
    state.abilities_used.push(AbilityUse {
        private: Private::Cwi,
        company,
        hex: at.hex.as_str().into(),
        at_move: None,
        new_exits: Vec::new(),
    });
    state.gained_stations.push(company);
}

/// The hexes a bonus private's marker may go on (its `assigned_bonus` ability).
fn marker_hexes(private: Private) -> Option<&'static [String]> {
    components()
        .private(private.id())?
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::AssignedBonus { hexes, .. } => Some(hexes.as_slice()),
            _ => None,
        })
}

/// Whom `player` places `private`'s marker for: the corporation owning it, in its turn (the
/// Steamboat before its routes), or themselves for their Steamboat at an operating round's
/// start (`None`).
fn assigning_for(
    state: &State,
    player: Seat,
    private: Private,
) -> Result<Option<Company>, Violation> {
    let owner = state
        .private(private)
        .filter(|p| !p.closed)
        .map(|p| p.owner);
    match owner {
        Some(PrivateOwner::Company { company }) => {
            let (operating, turn) = expect_runner(state, player)?;
            if operating != company {
                return Err(refuse(
                    "not_owner",
                    format!("{private} is {company}'s: it assigns in {company}'s turn"),
                ));
            }
            // A corporation's Steamboat is moved before its routes (18xx.games: `when:
            // track_and_token, route`), or before its track step is over when it has no
            // routes to run (the site skips them then); the Meat Packing's and the
            // Boomtown's at any time.
            let past_routes =
                turn.revenue.is_some() || super::steps::routes_skipped(state, company);
            if private == Private::Sc && past_routes {
                return Err(refuse(
                    "after_routes",
                    format!("{company} moves the Steamboat before running its routes"),
                ));
            }
            Ok(Some(company))
        }
        Some(PrivateOwner::Player { seat }) if seat == player && private == Private::Sc => {
            if crate::games::g1846::turns::steamboat_owner_at_round_start(state) != Some(seat) {
                return Err(refuse(
                    "not_round_start",
                    format!("player {player} assigns {private} at the start of an operating round"),
                ));
            }
            Ok(None)
        }
        _ => Err(refuse(
            "not_owner",
            format!("player {player} may not place {private}'s marker now"),
        )),
    }
}

/// A bonus private's owner places its marker (g_1846 `Assign`): the Meat Packing's and the
/// Boomtown's once, by the corporation owning them, on one of their hexes; the Steamboat's on a
/// port hex and (a player's) to a corporation, each once an operating round by its owning
/// player and once by the corporation owning it.
pub fn assign(
    state: &mut State,
    player: Seat,
    private: Private,
    target: &str,
) -> Result<Vec<Event>, Violation> {
    let Some(hexes) = marker_hexes(private) else {
        return Err(refuse(
            "no_marker",
            format!("{private} has no bonus marker"),
        ));
    };
    let acting_for = assigning_for(state, player, private)?;
    let corporation = Company::from_symbol(target);
    // Only a player's Steamboat is assigned to a corporation: a corporation's marker serves
    // the corporation owning it, from its purchase (18xx.games: `assign_corporation` is
    // `when: sold` but for a player's Steamboat at the round's start).
    if corporation.is_some() && acting_for.is_some() {
        return Err(refuse(
            "not_in_ability",
            format!("{private}'s marker serves the corporation owning it: it is assigned a hex"),
        ));
    }
    if let Some(c) = corporation
        && (!state.operates(c) || (c.is_minor() && private != Private::Sc))
    {
        return Err(refuse(
            "not_in_play",
            format!(
                "{private}'s marker serves a corporation in play (the Steamboat's a minor too), not {c}"
            ),
        ));
    }
    let kind = if corporation.is_some() {
        "corporation"
    } else {
        "hex"
    };
    if corporation.is_none() && !hexes.iter().any(|h| h == target) {
        return Err(refuse(
            "not_in_ability",
            format!(
                "{private}'s marker goes on {} or a corporation, not {target}",
                hexes.join(", ")
            ),
        ));
    }
    // The owning player's use at the round's start and a corporation's in its turn are two
    // abilities, each once a round (g_1846's Steamboat: `or_start` for a player,
    // `track_and_token`/`route` for a corporation): a corporation that bought the Steamboat
    // may move it again in the round its former owner moved it.
    let once = match acting_for {
        Some(company) => format!("{private} {kind} by {company}"),
        None => format!("{private} {kind}"),
    };
    // The Steamboat is reassigned to a different port or corporation (its card; 18xx.games'
    // `Assign`: "already assigned").
    let already = state.markers.iter().any(|m| {
        m.private == private
            && match corporation {
                Some(c) => m.company == Some(c) && acting_for.is_none(),
                None => m.hex.as_deref() == Some(target),
            }
    });
    if already {
        return Err(refuse(
            "already_assigned",
            format!("{private}'s marker is on {target} already"),
        ));
    }
    let placed_before = state
        .markers
        .iter()
        .any(|m| m.private == private && m.hex.is_some());
    let done = state.assigned_this_round.iter().any(|a| *a == once)
        || (private != Private::Sc && placed_before);
    if done {
        return Err(refuse(
            "ability_used",
            format!("{private}'s {kind} is assigned already"),
        ));
    }
    let index = match state.markers.iter().position(|m| m.private == private) {
        Some(i) => i,
        None => {
            state.markers.push(Marker {
                private,
                hex: None,
                company: acting_for,
            });
            state.markers.len() - 1
        }
    };
    let marker = &mut state.markers[index];
    match corporation {
        Some(c) => marker.company = Some(c),
        None => marker.hex = Some(target.into()),
    }
    if let Some(company) = acting_for {
        marker.company = Some(company);
    }
    let (hex, company) = (
        marker.hex.as_deref().unwrap_or_default().to_string(),
        marker.company,
    );
    state.assigned_this_round.push(once.into());
    Ok(company
        .map(|corporation| Event::MarkerAssigned {
            company: private,
            hex,
            corporation,
        })
        .into_iter()
        .collect())
}
