//! What the importers of the 18xx family's titles share (1833NE's, 1846's): the site's names
//! for certificates and copies of tiles ([`Ledger`]), who an action is by ([`Actor`]), the flow
//! rules between the site's operating round and the kit's (no-route-step, no-dividend-step,
//! turn-ended, step-pass, nothing-to-do), and the translation of shares, tiles, cities, market
//! spaces and routes both ways. A title says what differs through [`Family`]: its names, its
//! action constructors, its rules' section ids and its automatic dividends.
//!
//! The kit's operating round ([`OperatingTitle`]) is what the flow rules read: the operating
//! company, its turn's revenue and dividend, the seats to act.
//!
//! Here: [`Family`] and reading an action's fields. `ledger`: the certificates' and tiles'
//! names kept beside the state; `names`: holders, certificates, tiles, cities and market spaces
//! as the site writes them; `actor`: who acts; `flow`: the flow rules; `shares`: buys and sales
//! both ways; `export`: what exporting adds (left-out actions, confirmation, train purchases).

use serde::de::DeserializeOwned;
use std::fmt::Display;

use super::export_18xx::{ImportError, SiteJson, member};
use crate::core::{Checked, Game};
use crate::games::kit18xx::market::DividendKind;
use crate::games::kit18xx::operating_round::OperatingTitle;
use crate::games::kit18xx::table::{Seat, Table};

mod actor;
mod export;
mod flow;
mod ledger;
mod names;
mod shares;

pub use actor::*;
pub use export::*;
pub use flow::*;
pub use ledger::*;
pub use names::*;
pub use shares::*;

/// The section ids of a title's flow rules (docs/rules/<title>.md#interop-...).
pub struct FlowRules {
    /// The site has no route step for a company without trains: `run_routes` with no routes.
    pub no_route_step: &'static str,
    /// The site has no dividend step for a revenue of $0: the dividend is withheld.
    pub no_dividend_step: &'static str,
    /// The site ended a company's turn: another entity acts next, or (where the title models
    /// the site's steps after the dividend) neither of them offers the company anything. The
    /// company passes.
    pub turn_ended: &'static str,
    /// The site skips a player whose only legal action is to pass: the player passes.
    pub nothing_to_do: &'static str,
    /// A pass that ends a step of the site's operating round railrules does not have, or a
    /// turn already over here: left out.
    pub step_pass: &'static str,
}

/// A company of the title, as the kit's table names it.
pub type CompanyOf<G> = <<G as Game>::State as Table>::Company;

/// What a title of the family says of itself to the shared importer.
pub trait Family: Game<Seat = Seat, State: OperatingTitle<Company: DeserializeOwned>> {
    /// The title's privates.
    type Private: Copy + Eq + Display + DeserializeOwned;
    /// The title's name in messages (`1833NE`).
    const NAME: &'static str;
    const FLOW: FlowRules;

    /// The company an entity of `entity_type` (`corporation`, or a title's own: `minor`)
    /// named `name` is, if the title has such entities.
    fn company_entity(entity_type: &str, name: &str) -> Option<Option<CompanyOf<Self>>>;

    /// Whether the round is one where players act in turn (auction, draft, stock round).
    fn players_round(state: &Self::State) -> bool;

    /// Whether passing is the only thing `seat` may do now.
    fn only_pass(state: &Checked<Self>, seat: Seat) -> bool;

    fn pass(seat: Seat) -> Self::Action;
    fn run_no_routes(seat: Seat) -> Self::Action;
    fn dividend(seat: Seat, kind: DividendKind) -> Self::Action;

    /// The dividend the site makes itself for `company`'s revenue (its rule), if any: by
    /// default a revenue of $0 is withheld (no-dividend-step).
    fn automatic_dividend(
        _state: &Self::State,
        _company: CompanyOf<Self>,
        revenue: u32,
    ) -> Option<(DividendKind, &'static str)> {
        (revenue == 0).then_some((DividendKind::Withhold, Self::FLOW.no_dividend_step))
    }

    /// Whether the site skips the route step of `company`, which has trains, because they
    /// can run no route (rule no-route-step); by default never.
    fn runs_nothing(_state: &Self::State, _company: CompanyOf<Self>) -> bool {
        false
    }

    /// The kinds of export action that come before the dividend in the site's order: one of
    /// them by the company after its dividend starts its next turn.
    const BEFORE_DIVIDEND: &'static [&'static str];

    /// Whether the site's issue step comes before its track step and closes once used, and a
    /// company's pass before its routes ends the track step (1846's `IssueShares`, which does
    /// not block, then `TrackAndToken`): for a company that can run no route, the site then
    /// skips the route and dividend steps at once, and an issue after the turn's issue or
    /// redemption is the emergency issue of the train step. By default no.
    const ISSUE_STEP_BEFORE_TRACK: bool = false;

    /// Whether the site's track step of the operating `company` has ended by itself, with
    /// nothing left to lay or place (ISSUE_STEP_BEFORE_TRACK); by default no.
    fn track_step_over(_state: &Self::State, _company: CompanyOf<Self>) -> bool {
        false
    }

    /// Whether `company` owns `private` now (its abilities are then used in its turn, at any
    /// of the site's steps); by default no private is a company's.
    fn owns_private(
        _state: &Self::State,
        _company: CompanyOf<Self>,
        _private: Self::Private,
    ) -> bool {
        false
    }

    /// Whether the title models the site's steps after the dividend: a turn then ends as soon
    /// as neither offers anything, a pass after the dividend is the train step's while it is
    /// open, else the last step's, and a dividend the site makes itself is made as soon as the
    /// routes are run. By default not: the turn's end is read from the export's next action.
    const MODELS_STEPS_AFTER_DIVIDEND: bool = false;

    /// What the site's steps after the dividend offer the operating `company` now (asked
    /// only where [`Family::MODELS_STEPS_AFTER_DIVIDEND`]); by default both offer something.
    fn steps_after_dividend(_state: &Self::State, _company: CompanyOf<Self>) -> StepsAfterDividend {
        StepsAfterDividend {
            train_step: true,
            last_step: true,
        }
    }

    /// Whether `private` is another corporation's than the operating `company` (its ability
    /// is then used in that corporation's turn, never in this one); by default no private is a
    /// company's.
    fn owned_by_another(
        _state: &Self::State,
        _company: CompanyOf<Self>,
        _private: Self::Private,
    ) -> bool {
        false
    }

    /// Whether the site also ends the turn of the player to act when passing is all they may
    /// still do (after a sale that left them nothing to buy or sell), their own next action
    /// then being of a later turn (rule nothing-to-do); by default only a player the export
    /// skips passes.
    const ENDS_TURN_LEFT_NOTHING: bool = false;
}

// ---------------------------------------------------------------------------------------------
// Reading an action's fields.

pub fn error(pointer: impl Into<String>, message: impl Into<String>) -> ImportError {
    ImportError {
        pointer: pointer.into(),
        message: message.into(),
    }
}

pub fn kind_of<'a>(action: &'a SiteJson) -> &'a str {
    member(action, "type")
        .and_then(SiteJson::as_str)
        .unwrap_or("")
}

pub fn field<'v, 'a>(
    action: &'v SiteJson<'a>,
    at: &str,
    name: &str,
) -> Result<&'v SiteJson<'a>, ImportError> {
    member(action, name)
        .ok_or_else(|| error(format!("{at}/{name}"), format!("`{name}` is missing")))
}

pub fn text<'a>(action: &'a SiteJson, at: &str, name: &str) -> Result<&'a str, ImportError> {
    field(action, at, name)?
        .as_str()
        .ok_or_else(|| error(format!("{at}/{name}"), format!("`{name}` is not a string")))
}

pub fn number(action: &SiteJson, at: &str, name: &str) -> Result<u32, ImportError> {
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

/// The field `name` of `action` as a whole number, if the action writes it (a field it leaves
/// out is `None`; one it writes that is no whole number is refused, as [`number`] refuses it).
pub fn written_number(action: &SiteJson, at: &str, name: &str) -> Result<Option<u32>, ImportError> {
    member(action, name)
        .map(|_| number(action, at, name))
        .transpose()
}

/// The value of a name-like type (a company, a private, a dividend's kind) that `name` names,
/// read as its JSON string would be, without writing one.
pub fn named<T: DeserializeOwned>(name: &str) -> Option<T> {
    use serde::de::IntoDeserializer;
    let name: serde::de::value::StrDeserializer<serde::de::value::Error> = name.into_deserializer();
    T::deserialize(name).ok()
}

/// The title's company named `name` (its symbol).
pub fn company_named<G: Family>(name: &str, pointer: String) -> Result<CompanyOf<G>, ImportError> {
    named(name).ok_or_else(|| {
        error(
            pointer,
            format!(
                "`{name}` is not one of {}'s corporations",
                <G as Family>::NAME
            ),
        )
    })
}

/// The title's private named `name` (its id).
pub fn private_named<G: Family>(name: &str, pointer: String) -> Result<G::Private, ImportError> {
    named(name).ok_or_else(|| {
        error(
            pointer,
            format!("`{name}` is not one of {}'s privates", <G as Family>::NAME),
        )
    })
}
