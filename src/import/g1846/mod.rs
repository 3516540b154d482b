//! 1846 as the 18xx.games title `1846` (tobymao/18xx's `G1846`). The actions' mapping and the
//! flow rules are docs/rules/1846.md#interop; what 1846 shares with 1833NE's importer (the
//! ledger of certificates and tiles, the actor, the flow rules of the operating round, shares)
//! is [`super::kit18xx`]. Here is what is 1846's own: the draft (`bid` is a card chosen), the
//! minors (entity type `minor`, whose dividend the site makes itself), the privates' own
//! actions, corporations buying privates and minors, routes read from their connections, and
//! the actions railrules has no counterpart of (`end_game`, `log`).

use super::export_18xx::{ImportError, SiteJson};
use super::kit18xx::{self as kit, Actor, ActorOf, Family, FlowRules, StepsAfterDividend, error};
use super::title::Seats;
use crate::core::Checked;
use crate::games::g1846::G1846;
use crate::games::g1846::action::{Action, DividendKind, MapNames};
use crate::games::g1846::ids::{Company, Private, Seat};
use crate::games::g1846::operating_round::can_run_a_route;
use crate::games::g1846::operating_round::steps;
use crate::games::g1846::privates::corporation_owning;
use crate::games::g1846::state::{PrivateOwner, Round, State};
use crate::games::g1846::stock_round::has_choice;
use crate::games::kit18xx::map::Map as Map18xx;
use crate::games::kit18xx::map::names::TitleMap as _;
use crate::games::kit18xx::table::Table as _;

mod export;
mod reading;
mod title;

/// The flow rules (section ids of docs/rules/1846.md).
pub mod rule {
    pub const NO_ROUTE_STEP: &str = "1846#interop-no-route-step";
    pub const NO_DIVIDEND_STEP: &str = "1846#interop-no-dividend-step";
    pub const TURN_ENDED: &str = "1846#interop-turn-ended";
    pub const NOTHING_TO_DO: &str = "1846#interop-nothing-to-do";
    pub const STEP_PASS: &str = "1846#interop-step-pass";
    /// The site pays a minor's revenue itself (half to its owner), or withholds $0.
    pub const MINOR_DIVIDEND: &str = "1846#interop-minor-dividend";
    /// `end_game`: the game ended by its players; the result is what it is at that action.
    pub const END_GAME: &str = "1846#interop-end-game";
    /// `log`: a note in the game's log (a message), no action.
    pub const LOG: &str = "1846#interop-log";
    /// `discard_train` of a company in receivership: railrules has discarded it already.
    pub const RECEIVERSHIP_DISCARD: &str = "1846#interop-receivership-discard";
}

/// The site's ids of the printed tiles that are not `HEX-0`: hexes whose printed city shares
/// its tile with others are numbered in the map's order (tobymao/18xx at 111f7f69, g_1846's map
/// as `Engine::Game.load` builds it: `hex.tile.id`). A city there is `E11-1-0`.
const PRINTED_CITY_TILES: [(&str, &str); 5] = [
    ("E11", "E11-1"),
    ("G3", "G3-2"),
    ("G7", "G7-3"),
    ("G9", "G9-4"),
    ("G15", "G15-5"),
];

/// The option "1st Edition private companies" as the site names it.
const FIRST_EDITION: &str = "first_ed";

impl Family for G1846 {
    type Private = Private;
    const NAME: &'static str = "1846";
    const FLOW: FlowRules = FlowRules {
        no_route_step: rule::NO_ROUTE_STEP,
        no_dividend_step: rule::NO_DIVIDEND_STEP,
        turn_ended: rule::TURN_ENDED,
        nothing_to_do: rule::NOTHING_TO_DO,
        step_pass: rule::STEP_PASS,
    };
    const BEFORE_DIVIDEND: &'static [&'static str] =
        &["lay_tile", "place_token", "run_routes", "dividend"];
    /// g_1846's operating round: `IssueShares` (not blocking, passed by an issue, a
    /// redemption or the dividend) before `TrackAndToken`.
    const ISSUE_STEP_BEFORE_TRACK: bool = true;
    /// The site's stock round moves on when its step offers the player nothing (round/stock.rb
    /// `after_process`: no active step, `next_entity!`), after a sale as at a turn's start.
    const ENDS_TURN_LEFT_NOTHING: bool = true;

    fn company_entity(entity_type: &str, name: &str) -> Option<Option<Company>> {
        let company = Company::from_symbol(name);
        match entity_type {
            "corporation" => Some(company.filter(|c| !c.is_minor())),
            "minor" => Some(company.filter(|c| c.is_minor())),
            _ => None,
        }
    }

    fn players_round(state: &State) -> bool {
        matches!(state.round, Round::Draft { .. } | Round::StockRound { .. })
    }

    /// In the draft a player always has a card to choose; in a stock round, when nothing is
    /// left to buy, sell or start (the kit's `has_choice`).
    fn only_pass(state: &Checked<G1846>, seat: Seat) -> bool {
        matches!(state.round, Round::StockRound { .. }) && !has_choice(&**state, seat)
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

    /// g_1846's `TrackAndToken` has no action left (and the site passes it) when the company
    /// can neither lay (`can_lay_tile?`) nor place a station (`can_place_token?`).
    fn track_step_over(state: &State, company: Company) -> bool {
        steps::track_step_over(state, company)
    }

    /// 18xx.games' `Route#actions` is empty for a company whose trains can run no route.
    fn runs_nothing(state: &State, company: Company) -> bool {
        !can_run_a_route(state, company)
    }

    /// A minor's dividend is the site's (g_1846 `MinorHalfPay#skip!`: payout when it earned,
    /// else withhold); a corporation's $0 is withheld.
    fn automatic_dividend(
        _state: &State,
        company: Company,
        revenue: u32,
    ) -> Option<(DividendKind, &'static str)> {
        match (company.is_minor(), revenue) {
            (true, 0) => Some((DividendKind::Withhold, rule::MINOR_DIVIDEND)),
            (true, _) => Some((DividendKind::Payout, rule::MINOR_DIVIDEND)),
            (false, 0) => Some((DividendKind::Withhold, rule::NO_DIVIDEND_STEP)),
            (false, _) => None,
        }
    }

    fn owns_private(state: &State, company: Company, private: Private) -> bool {
        corporation_owning(state, private) == Some(company)
    }

    fn owned_by_another(state: &State, company: Company, private: Private) -> bool {
        corporation_owning(state, private).is_some_and(|owner| owner != company)
    }

    /// g_1846's `BuyTrain` then its last, blocking `BuyCompany`.
    const MODELS_STEPS_AFTER_DIVIDEND: bool = true;

    /// The train step offers a train when the corporation must buy one, or has room and the
    /// buying power for the cheapest it may buy: the depot's, or another corporation's (not
    /// phased out) at $1 (`can_buy_train?`; its cash, and with one or two trains the minors'
    /// cash it could get). The last step offers a private or a minor a player owns,
    /// in the phases corporations buy them, for at least $1 (not after an emergency issue
    /// until the corporation has a train not phased out), or an ability left of a private it
    /// owns (`BuyCompany#actions`). Neither offers a minor or a company in receivership
    /// anything: the site plays their turns through.
    fn steps_after_dividend(state: &State, company: Company) -> StepsAfterDividend {
        let entry = state.company(company);
        if company.is_minor() || entry.receivership {
            return StepsAfterDividend {
                train_step: false,
                last_step: false,
            };
        }
        StepsAfterDividend {
            train_step: steps::train_step_offers(state, company),
            last_step: steps::last_step_offers(state, company),
        }
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
    match state.private(private).map(|p| p.owner) {
        Some(PrivateOwner::Player { seat }) => Ok(seat),
        Some(PrivateOwner::Company { company }) => {
            kit::seat_for::<G1846>(seats, state, company, Some(action), at)
        }
        Some(PrivateOwner::Unsold {}) => Err(error(
            format!("{at}/entity"),
            format!("{private} is not sold yet"),
        )),
        None => Err(error(
            format!("{at}/entity"),
            format!("{private} is not in this game"),
        )),
    }
}

/// `name` if 1846's map has it (`known` is [`names::known_hex`] or [`names::known_tile`]).
fn on_map(
    known: fn(&Map18xx, &str, String) -> Result<String, String>,
    name: &str,
    pointer: impl FnOnce() -> String,
) -> Result<String, ImportError> {
    known(MapNames::map(), MapNames::TITLE, name.to_string()).map_err(|e| error(pointer(), e))
}

/// The private an action is taken with, if its actor is one.
fn private_of(actor: ActorOf<G1846>) -> Option<Private> {
    match actor {
        Actor::Private(p) => Some(p),
        _ => None,
    }
}

crate::share_actions!(Action, Company);
