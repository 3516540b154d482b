//! 1846's privates and minors in the operating round (docs/rules/1846.md#privates, #minors):
//! a corporation buys a player's private or minor (phases I-II, $1 to face value), a private's
//! own tile lays and the C&WI's station for the corporation owning it, and the bonus markers
//! placed.

use crate::core::Violation;
use crate::games::g1846::action::Purchase;
use crate::games::g1846::data::components;
use crate::games::g1846::event::Event;
use crate::games::g1846::ids::{Company, Private, Seat};
use crate::games::g1846::rules::section;
use crate::games::g1846::state::{PrivateOwner, State};
use crate::games::kit18xx::buying_privates::{check_acceptance, judge_price};
use crate::games::kit18xx::emergency::refuse_private_purchase;
use crate::games::kit18xx::operating_round::{OperatingTitle, expect_president};
use crate::games::kit18xx::table::Table as _;
use crate::games::kit18xx::trains::active_trains;

mod lays;
mod markers;
mod stations;

pub use lays::*;
pub use markers::*;
pub use stations::*;

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
