//! What 18xx.games' steps of a 1846 operating turn offer the operating company, as its
//! production 1846 plays them: its track step (`TrackAndToken`: a lay or a station it may
//! still make, with its track buying power), and after the dividend its train step
//! (`BuyTrain`) and its last step (`BuyCompany`, blocking). The site skips a step that offers
//! nothing, and so ends a turn, or skips the routes and dividend of a company that can run
//! nothing once its track step is over; the importer reads the site's passes by them
//! (docs/rules/1846.md#interop-turn-ended), and the rules close the issue step when the site
//! has skipped the routes (`routes_skipped`).

use super::stations::cheapest_token_price;
use super::{can_run_a_route, judge_station_held};
use crate::core::Violation;
use crate::games::g1846::action::Action;
use crate::games::g1846::data::{Ability, components};
use crate::games::g1846::ids::{Company, Private};
use crate::games::g1846::legal::station_spots_of;
use crate::games::g1846::privates::{
    ability_left, corporation_owning, lay_left, reservations, second_lay_pending, stations_left,
};
use crate::games::g1846::state::{CompanyTurn, PrivateOwner, Round, State};
use crate::games::g1846::track::lay_rules;
use crate::games::kit18xx::market::voluntary_issue;
use crate::games::kit18xx::operating_round::issues::issuable;
use crate::games::kit18xx::operating_round::{OperatingTitle as _, TurnRecord as _, current};
use crate::games::kit18xx::shares::Shares as _;
use crate::games::kit18xx::stations::StationPlacement;
use crate::games::kit18xx::table::Table as _;
use crate::games::kit18xx::trains::{active_trains, available_card, cheapest_available};

/// g_1846's `TrackAndToken` has no action left (and the site passes it) when the company can
/// neither lay (`can_lay_tile?`) nor place a station (`can_place_token?`), or it has been
/// passed so earlier in the turn ([`settle_track_step`]).
pub fn track_step_over(state: &State, company: Company) -> bool {
    let Some((_, turn)) = current(state) else {
        return false;
    };
    turn.track_over || offers_nothing(state, company, turn)
}

fn offers_nothing(state: &State, company: Company, turn: &CompanyTurn) -> bool {
    !can_lay_a_tile(state, company, turn) && !can_place_a_station(state, company, turn)
}

/// Ends the operator's track step for the rest of its turn when, as `action` comes, it offers
/// nothing: the site passes a step with no action as soon as no step before it blocks (after
/// every action, `Round#skip_steps`), so a private or a minor bought afterwards, that would
/// give a station a city to go to, does not reopen it. The steps before it that block are the
/// Steamboat's at the round's start (while its owner assigns it) and a private's second lay
/// (while it is the action).
pub fn settle_track_step(state: &mut State, action: &Action) {
    let Some((company, turn)) = current(state) else {
        return;
    };
    if turn.track_over || turn.revenue.is_some() {
        return;
    }
    if crate::games::g1846::turns::is_round_start_assign(state, action) {
        return;
    }
    let over = match second_lay_pending(state) {
        Some(private) if action.is_lay_of(private) => return,
        // The second lay is forfeited first: judged a move later, as the site's pass of it.
        Some(_) => {
            let mut later = state.clone();
            later.moves += 1;
            offers_nothing(&later, company, turn)
        }
        None => offers_nothing(state, company, turn),
    };
    if !over {
        return;
    }
    // The site's route step is passed with it when the company can run nothing then.
    let skipped = state.company(company).trains.is_empty() || !can_run_a_route(state, company);
    if let Round::OperatingRound { turn, .. } = &mut state.round {
        turn.track_over = true;
        turn.routes_skipped = skipped;
    }
}

/// Refuses the operator's own lay or station once its track step has ended
/// ([`settle_track_step`]).
pub fn track_step_open(turn: &CompanyTurn, action: &str) -> Result<(), Violation> {
    if turn.track_over {
        return Err(Violation::new(
            "track_step_over",
            crate::games::g1846::rules::section::OPERATING_ROUND,
            format!(
                "{action}: the track step is over (it offered nothing when an earlier action came: 18xx.games passes it then, and a purchase does not reopen it)"
            ),
        ));
    }
    Ok(())
}

/// Whether the site has skipped the routes and the dividend of `company`, which can run
/// nothing, its track step being over (`Route#actions` empty, `Dividend#skip!`).
pub fn routes_skipped(state: &State, company: Company) -> bool {
    current(state).is_some_and(|(_, turn)| turn.routes_skipped) || runs_nothing_now(state, company)
}

fn runs_nothing_now(state: &State, company: Company) -> bool {
    (state.company(company).trains.is_empty() || !can_run_a_route(state, company))
        && track_step_over(state, company)
}

/// Whether g_1846's last step offers `company` a private or a minor to buy, or an ability of
/// a private it owns.
pub fn last_step_offers(state: &State, company: Company) -> bool {
    company_offered(state, company) || ability_left(state, company)
}

/// Whether g_1846's train step offers `company` a train (`BuyTrain#actions`, after the
/// dividend, when the issue step is passed).
pub fn train_step_offers(state: &State, company: Company) -> bool {
    let entry = state.company(company);
    let depot_has_one = available_card(state).is_some();
    if entry.trains.is_empty() && depot_has_one {
        return true;
    }
    if active_trains(state, company) >= state.train_limit(company) {
        return false;
    }
    let from_another = Company::CORPORATIONS
        .into_iter()
        .filter(|&c| c != company)
        .any(|c| state.company(c).trains.iter().any(|t| !t.phased_out));
    let cheapest = if from_another {
        Some(1)
    } else {
        cheapest_available(state)
    };
    // `train_buying_power`: with one or two trains, a minor's cash counts.
    let buying_power = entry.cash + minors_cash_within_reach(state, company, 1..=2);
    cheapest.is_some_and(|price| buying_power >= price)
}

/// Whether g_1846's last step offers `company` a private or a minor to buy
/// (`BuyCompany#can_buy_company?`: the price's least is $1).
fn company_offered(state: &State, company: Company) -> bool {
    let phase_allows = components()
        .phases
        .get(usize::from(state.phase))
        .is_some_and(|p| p.corporations_may_buy_privates);
    let emergency_issued = current(state).is_some_and(|(_, t)| t.common().emergency_issued);
    if !phase_allows || state.company(company).cash < 1 {
        return false;
    }
    if emergency_issued && active_trains(state, company) == 0 {
        return false;
    }
    let a_private = state
        .privates
        .iter()
        .any(|p| !p.closed && matches!(p.owner, PrivateOwner::Player { .. }));
    let a_minor = Company::MINORS.into_iter().any(|m| {
        let minor = state.company(m);
        !minor.closed && minor.president.is_some()
    });
    a_private || a_minor
}

/// g_1846's `track_buying_power`: the treasury, what its largest issue would bring while its
/// issue step is open, and while it has some cash and at most three trains, what the minors
/// players own could bring it.
fn track_buying_power(state: &State, company: Company) -> u32 {
    state.company(company).cash
        + issue_within_reach(state, company)
        + minors_cash_within_reach(state, company, 0..=3)
}

/// g_1846's `buying_power` beyond the cash: while the issue step is open (no issue or
/// redemption this turn, the dividend not paid), what the largest issue it may make would
/// bring (`issuable_shares`, at the price a space left).
fn issue_within_reach(state: &State, company: Company) -> u32 {
    let open = current(state).is_some_and(|(c, turn)| {
        let common = turn.common();
        c == company && !common.shares_moved && !common.dividend_done
    });
    let entry = state.company(company);
    let (Some(price), false) = (entry.price, company.is_minor()) else {
        return 0;
    };
    if !open {
        return 0;
    }
    let shares = u32::from(issuable(state, company) / 10);
    if shares == 0 {
        return 0;
    }
    voluntary_issue(state.market(), usize::from(price), shares).total
}

/// g_1846's `potential_minor_cash`: while the corporation (not a minor: it buys none) has
/// some cash and a number of trains in `trains`, the cash of the minors players own, less $1
/// each (the least it would pay for one, whose cash it then gets).
fn minors_cash_within_reach(
    state: &State,
    company: Company,
    trains: std::ops::RangeInclusive<usize>,
) -> u32 {
    let entry = state.company(company);
    if company.is_minor() || entry.cash == 0 || !trains.contains(&entry.trains.len()) {
        return 0;
    }
    Company::MINORS
        .iter()
        .map(|&m| state.company(m))
        .filter(|m| !m.closed && m.president.is_some() && m.cash > 0)
        .map(|m| m.cash - 1)
        .sum()
}

/// The site's `can_lay_tile?` for the operator (1846's two lays): a lay left this turn, and $20
/// of track buying power or a free lay (a private's left, the corporation's own) on a hex
/// still printed.
fn can_lay_a_tile(state: &State, company: Company, turn: &CompanyTurn) -> bool {
    let c = components();
    let lays_left = turn.lays.len() < usize::from(lay_rules().lays_per_turn);
    let free_lay = Private::ALL.into_iter().any(|private| {
        corporation_owning(state, private) == Some(company)
            && lay_left(state, private)
            && c.private(private.id()).is_some_and(|p| {
                p.abilities.iter().any(|a| match a {
                    Ability::ExtraTileLay {
                        hexes,
                        free,
                        discount,
                        ..
                    } => {
                        (*free || discount.unwrap_or(0) >= c.game.minimum_tile_lay_cost)
                            && hexes.iter().any(|h| !state.board.tiles.is_laid(&c.map, h))
                    }
                    _ => false,
                })
            })
    });
    // The corporation's own free lays (the IC's yellow tiles on its hexes): its ability counts
    // while one of those hexes is still printed.
    let own_free_lay = c.corporation(company.symbol()).is_some_and(|corp| {
        corp.abilities.iter().any(|a| match a {
            Ability::FreeTileLays { hexes, .. } => {
                hexes.iter().any(|h| !state.board.tiles.is_laid(&c.map, h))
            }
            _ => false,
        })
    });
    lays_left
        && (free_lay
            || own_free_lay
            || track_buying_power(state, company) >= c.game.minimum_tile_lay_cost)
}

/// The site's `can_place_token?`: no station placed this turn, a token left whose least price
/// (its next, or one of its unused token abilities', whatever the hex: `min_token_price`) is within
/// the company's track buying power, and a city it reaches with a slot it may take, whatever
/// that slot would cost (`can_token?` judges no price).
fn can_place_a_station(state: &State, company: Company, turn: &CompanyTurn) -> bool {
    if turn.station_placed || stations_left(state, company) == 0 {
        return false;
    }
    let cash = track_buying_power(state, company);
    if cheapest_token_price(state, company) > cash {
        return false;
    }
    let (network, spots) = station_spots_of(state, company);
    // The spots held are the same for every spot judged: read once.
    let held = reservations(state);
    spots.into_iter().any(|(hex, city)| {
        let at = StationPlacement { hex, city };
        judge_station_held(state, company, &at, u32::MAX, Some(&network), &held).is_ok()
    })
}
