//! What the importers of the 18xx family's titles share (1833NE's, 1846's): the site's names
//! for certificates and copies of tiles ([`Ledger`]), who an action is by ([`Actor`]), the flow
//! rules between the site's operating round and the kit's (no-route-step, no-dividend-step,
//! turn-ended, step-pass, nothing-to-do), and the translation of shares, tiles, cities, market
//! spaces and routes both ways. A title says what differs through [`Family`]: its names, its
//! action constructors, its rules' section ids and its automatic dividends.
//!
//! The kit's operating round ([`OperatingTitle`]) is what the flow rules read: the operating
//! company, its turn's revenue and dividend, the seats to act.

use serde::de::DeserializeOwned;
use serde_json::json;
use std::collections::BTreeMap;
use std::fmt::Display;

use super::export_18xx::{ImportError, Played, SiteJson, member};
use super::title::{Seats, Step};
use crate::core::{Checked, Game};
use crate::games::kit18xx::connections::EndsMemo;
use crate::games::kit18xx::invariants::CheckedTitle;
use crate::games::kit18xx::market::DividendKind;
use crate::games::kit18xx::operating_round::{OperatingTitle, TurnCommon, TurnRecord, current};
use crate::games::kit18xx::shares::ShareSource;
use crate::games::kit18xx::table::{CompanyId, CompanyState, Holdings, Seat, Table};
use crate::games::kit18xx::trains;

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

// ---------------------------------------------------------------------------------------------
// The ledger of the site's names.

/// Certificates per corporation: the president's (index 0, 20%) and eight of 10%.
pub const CERTIFICATES: usize = 9;

/// Who holds a certificate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Treasury,
    Market,
    Player(Seat),
    /// The company has closed.
    Nobody,
}

/// The site's names for what railrules' state holds by count or kind.
#[derive(Debug, Clone)]
pub struct Ledger {
    /// The site's id of the tile on each hex a tile was laid on (`57-0`), by hex.
    pub tiles: BTreeMap<String, String>,
    /// Per company (in component order): the holder of each certificate.
    pub shares: Vec<[Holder; CERTIFICATES]>,
    /// Per company: when each certificate came to its holder (a tick of `clock`). The site
    /// keeps each holder's certificates in the order they came (its `move_share` appends),
    /// and a presidency swap or a partial sale takes the first of them.
    pub arrived: Vec<[u64; CERTIFICATES]>,
    clock: u64,
    /// Per company: what its shares were when it was last reconciled, while its certificates
    /// have not moved since (reconciling it again would move none: see [`Ledger::reconcile`]).
    settled: Vec<Option<ShareState>>,
    /// What the track joins along the routes' connections read so far (routes written by
    /// their hexes only are read onto the board: the kit's `connections`).
    pub ends: EndsMemo,
    /// Where the site's steps of the operating company's turn stand (for a title that models
    /// them: [`Family::steps_after_dividend`]).
    pub site: SiteTurn,
}

/// What the importer remembers of the site's steps in the operating company's turn, which
/// railrules' state does not hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteTurn {
    /// The export's pass (its pointer) that ended the track step of a company whose route
    /// and dividend steps the site then skipped: read again once they are inserted, it ends
    /// nothing more.
    pub track_passed_by: Option<String>,
    /// The company passed the site's train step after its dividend: its next pass is the last
    /// step's.
    pub train_step_passed: bool,
}

/// The site's steps after the dividend (18xx.games: `BuyTrain`, then a last `BuyCompany`
/// that blocks), each skipped when it offers the operating company nothing: what each offers
/// now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepsAfterDividend {
    /// The train step offers a train: the company must buy one, or may and can pay for one.
    pub train_step: bool,
    /// The last step offers a private or a minor to buy, or a private's ability to use.
    pub last_step: bool,
}

/// What a company's certificates are reconciled with: whether it has closed or started, its
/// president, and what the treasury, the market and each player hold (compared for every
/// company after every action of an import).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ShareState {
    holdings: Holdings,
    treasury_shares: u8,
    market_shares: u8,
    president: Option<Seat>,
    closed: bool,
    started: bool,
}

impl ShareState {
    fn of<C>(company: &CompanyState<C>) -> ShareState {
        ShareState {
            holdings: company.holdings,
            treasury_shares: company.treasury_shares,
            market_shares: company.market_shares,
            president: company.president,
            closed: company.closed,
            started: company.is_started(),
        }
    }
}

impl Ledger {
    /// The ledger of a state dealt: each treasury holds its certificates in order.
    pub fn of<S: Table>(start: &S) -> Ledger {
        let companies = start.companies().len();
        let mut ledger = Ledger {
            tiles: BTreeMap::new(),
            shares: vec![[Holder::Treasury; CERTIFICATES]; companies],
            arrived: vec![std::array::from_fn(|i| i as u64); companies],
            clock: CERTIFICATES as u64,
            settled: vec![None; companies],
            ends: EndsMemo::default(),
            site: SiteTurn::default(),
        };
        ledger.reconcile(start);
        ledger
    }

    pub fn holder<C: CompanyId>(&self, company: C, index: usize) -> Holder {
        self.shares[company.index()][index]
    }

    /// The certificates `holder` has of `company`, lowest index first.
    pub fn held<C: CompanyId>(&self, company: C, holder: Holder) -> Vec<usize> {
        (0..CERTIFICATES)
            .filter(|&i| self.shares[company.index()][i] == holder)
            .collect()
    }

    /// The 10% certificates `holder` has of `company`, in the order they came to it (the
    /// site's `shares_of`).
    fn tens_in_order<C: CompanyId>(&self, company: C, holder: Holder) -> Vec<usize> {
        let mut held: Vec<usize> = self
            .held(company, holder)
            .into_iter()
            .filter(|&i| i != 0)
            .collect();
        held.sort_by_key(|&i| self.arrived[company.index()][i]);
        held
    }

    /// Certificates started companies issued without the site naming them (1846's issue on
    /// bankruptcy, g_1846 `Bankrupt#process_bankrupt`): the site issues the first its
    /// treasury holds, in the order they came, to the market.
    pub fn issue_unnamed<S: Table>(&mut self, after: &S) {
        for company in after.companies().iter().filter(|c| c.is_started()) {
            let held = self.tens_in_order(company.company, Holder::Treasury);
            let left = usize::from(company.treasury_shares / 10);
            let issued = held.len().saturating_sub(left);
            for &index in &held[..issued] {
                self.put(company.company.index(), index, Holder::Market);
            }
        }
    }

    /// The certificates a bankrupt player's sales moved without the site naming them (g_1846
    /// `Bankrupt`): every 10% certificate they held goes to the market in the order they came
    /// to them; where they were president, the new president hands the market their first two
    /// (in the order they came: `shares_for_presidency_swap`) for the president's certificate,
    /// which with no new president stays in the market.
    pub fn bankrupt_sales<S: Table>(&mut self, bankrupt: Seat, after: &S) {
        let was = Holder::Player(bankrupt);
        for company in after.companies() {
            let (id, c) = (company.company, company.company.index());
            let tens = self.tens_in_order(id, was);
            let presided = self.holder(id, 0) == was;
            if tens.is_empty() && !presided {
                continue;
            }
            for index in tens {
                self.put(c, index, Holder::Market);
            }
            if !presided {
                continue;
            }
            match company.president {
                Some(new) if new != bankrupt => {
                    let handed = self.tens_in_order(id, Holder::Player(new));
                    for &index in handed.iter().take(2) {
                        self.put(c, index, Holder::Market);
                    }
                    self.put(c, 0, Holder::Player(new));
                }
                _ => self.put(c, 0, Holder::Market),
            }
        }
    }

    /// Certificate `index` of company `c` (by its index) goes to `holder`, after the others
    /// it has.
    fn put(&mut self, c: usize, index: usize, holder: Holder) {
        if self.shares[c][index] != holder {
            self.settled[c] = None;
            self.shares[c][index] = holder;
            self.arrived[c][index] = self.clock;
            self.clock += 1;
        }
    }

    /// Brings the holders in line with the state: named moves are made first (in
    /// [`Ledger::observe_shares`]), then each holder keeps its lowest certificates up to what
    /// it holds and the rest go, first come first, to holders short of theirs.
    ///
    /// Reconciling is idempotent: a company whose shares and certificates are as they were when
    /// it was last reconciled is left as it is (this runs for every company after every action
    /// of an import).
    pub fn reconcile<S: Table>(&mut self, state: &S) {
        for company in state.companies() {
            let c = company.company.index();
            let now = ShareState::of(company);
            if self.settled[c] == Some(now) {
                continue;
            }
            let (before, arrived) = (self.shares[c], self.arrived[c]);
            reconciled(&before, &arrived, company, &mut |index, holder| {
                self.put(c, index, holder)
            });
            self.settled[c] = Some(now);
        }
    }

    /// The lowest copy of `tile` on no hex.
    pub fn free_copy(&self, tile: &str) -> usize {
        let used: Vec<usize> = self
            .tiles
            .values()
            .filter_map(|id| id.rsplit_once('-'))
            .filter(|(name, _)| *name == tile)
            .filter_map(|(_, copy)| copy.parse().ok())
            .collect();
        (0..).find(|c| !used.contains(c)).unwrap_or(0)
    }

    /// Records the tile the site's `lay_tile` names on `hex`.
    pub fn observe_tile(&mut self, hex: &str, site: Option<&SiteJson>) {
        if let Some(tile) = site
            .and_then(|s| member(s, "tile"))
            .and_then(SiteJson::as_str)
        {
            self.tiles.insert(hex.to_string(), tile.to_string());
        }
    }

    /// The certificates the site's action names went to `moved_to`, in the order named (the
    /// site moves a bundle's shares so); then the presidency's certificates, and the rest is
    /// reconciled with the state.
    pub fn observe_shares<G: Family>(
        &mut self,
        moved_to: Option<Holder>,
        site: Option<&SiteJson>,
        after: &G::State,
    ) {
        let named: Vec<(CompanyOf<G>, usize)> = site
            .and_then(|s| member(s, "shares"))
            .and_then(SiteJson::as_array)
            .into_iter()
            .flatten()
            .filter_map(SiteJson::as_str)
            .filter_map(|s| certificate::<G>(s, String::new()).ok())
            .collect();
        let percent = site
            .and_then(|s| member(s, "percent"))
            .and_then(SiteJson::as_u64);
        let named_percent: u64 = named
            .iter()
            .map(|(_, i)| if *i == 0 { 20 } else { 10 })
            .sum();
        let partial = moved_to == Some(Holder::Market)
            && named.iter().any(|(_, i)| *i == 0)
            && percent.is_some_and(|p| p < named_percent);
        let first = named.first().map(|(c, _)| *c);
        let old_president = first.map(|c| self.holder(c, 0));
        if let Some(holder) = moved_to {
            for &(company, index) in &named {
                self.put(company.index(), index, holder);
            }
        }
        if let (Some(company), Some(Holder::Player(old))) = (first, old_president) {
            if partial {
                let back = (named_percent - percent.unwrap_or(named_percent)) / 10;
                self.sell_part_of_presidency(company, old, back as usize, after);
            } else if moved_to.is_some() {
                self.swap_presidency(company, old, after);
            }
        }
        self.reconcile(after);
    }

    /// The presidency passed from `old` to another player (the site's `change_president`):
    /// the new president's first two shares (in the order they came to them: the site's
    /// `shares.take(2)`) go to the old president, or to the market if the old one holds less
    /// than 20% now.
    fn swap_presidency<S: Table>(&mut self, company: S::Company, old: Seat, after: &S) {
        let entry = after.company(company);
        let Some(new) = entry.president.filter(|&n| n != old) else {
            return;
        };
        let swap_to = if entry.percent_of(old) >= 20 {
            Holder::Player(old)
        } else {
            Holder::Market
        };
        let c = company.index();
        for i in self
            .tens_in_order(company, Holder::Player(new))
            .into_iter()
            .take(2)
        {
            self.put(c, i, swap_to);
        }
        self.put(c, 0, Holder::Player(new));
    }

    /// The president `seller` sold part of the president's certificate to the market (the
    /// site's `handle_partial`): the new president's first two shares go to the market for the
    /// certificate, and the seller takes back the market's first `back` shares.
    fn sell_part_of_presidency<S: Table>(
        &mut self,
        company: S::Company,
        seller: Seat,
        back: usize,
        after: &S,
    ) {
        let entry = after.company(company);
        let c = company.index();
        if let Some(new) = entry.president.filter(|&n| n != seller) {
            for i in self
                .tens_in_order(company, Holder::Player(new))
                .into_iter()
                .take(2)
            {
                self.put(c, i, Holder::Market);
            }
        }
        self.put(c, 0, entry.president.map_or(Holder::Market, Holder::Player));
        for i in self
            .tens_in_order(company, Holder::Market)
            .into_iter()
            .take(back)
        {
            self.put(c, i, Holder::Player(seller));
        }
    }
}

/// The moves that bring a company's certificates (held as `before`, come at `arrived`) in line
/// with its state, made in order by `put`: the president's to the president; each holder keeps
/// its lowest 10% ones up to what it holds; the others, first come first, go to holders short
/// of theirs (the treasury, the market, then the players in seat order), and what is left to
/// no one.
// In fixed arrays: this runs for every company after every action of an import.
fn reconciled<C>(
    before: &[Holder; CERTIFICATES],
    arrived: &[u64; CERTIFICATES],
    company: &CompanyState<C>,
    put: &mut dyn FnMut(usize, Holder),
) {
    if company.closed {
        (0..CERTIFICATES).for_each(|i| put(i, Holder::Nobody));
        return;
    }
    let president = match company.president {
        Some(seat) => Holder::Player(seat),
        None if company.is_started() => Holder::Market,
        None => Holder::Treasury,
    };
    let tens = |holder: Holder, percent: u8| -> usize {
        let percent = if holder == president {
            percent.saturating_sub(20)
        } else {
            percent
        };
        usize::from(percent / 10)
    };
    // What each holder wants, by its place among WANTING.
    let mut wanted = [0usize; WANTING.len()];
    wanted[0] = tens(Holder::Treasury, company.treasury_shares);
    wanted[1] = tens(Holder::Market, company.market_shares);
    for (seat, percent) in &company.holdings {
        wanted[2 + seat.index()] = tens(Holder::Player(*seat), *percent);
    }
    put(0, president);
    let mut free = [0usize; CERTIFICATES];
    let mut free_count = 0;
    for (i, holder) in before.iter().enumerate().skip(1) {
        match WANTING.iter().position(|h| h == holder) {
            Some(k) if wanted[k] > 0 => wanted[k] -= 1,
            _ => {
                free[free_count] = i;
                free_count += 1;
            }
        }
    }
    let free = &mut free[..free_count];
    free.sort_by_key(|&i| arrived[i]);
    let mut free = free.iter().copied();
    for (holder, n) in WANTING.iter().zip(wanted) {
        for _ in 0..n {
            if let Some(i) = free.next() {
                put(i, *holder);
            }
        }
    }
    free.for_each(|i| put(i, Holder::Nobody));
}

/// The holders that may want a company's certificates, in the order the free ones go to them.
const WANTING: [Holder; 7] = [
    Holder::Treasury,
    Holder::Market,
    Holder::Player(Seat::P1),
    Holder::Player(Seat::P2),
    Holder::Player(Seat::P3),
    Holder::Player(Seat::P4),
    Holder::Player(Seat::P5),
];

pub fn describe(holder: Holder) -> String {
    match holder {
        Holder::Treasury => "the treasury".to_string(),
        Holder::Market => "the market".to_string(),
        Holder::Player(seat) => seat.to_string(),
        Holder::Nobody => "no one (the company has closed)".to_string(),
    }
}

/// A certificate `CORP_3` as its company and index.
pub fn certificate<G: Family>(
    name: &str,
    pointer: String,
) -> Result<(CompanyOf<G>, usize), ImportError> {
    let parsed = name
        .rsplit_once('_')
        .and_then(|(c, i)| Some((c, i.parse::<usize>().ok()?)))
        .filter(|(_, i)| *i < CERTIFICATES);
    let Some((company, index)) = parsed else {
        return Err(error(
            pointer,
            format!("`{name}` is not a certificate (`CORP_index`, index 0 to 8)"),
        ));
    };
    Ok((company_named::<G>(company, pointer)?, index))
}

/// The company of the certificates an action names, and each one's index and holder.
pub type Named<G> = (CompanyOf<G>, Vec<(usize, Holder)>);

/// The certificates an action names, of one company, each held by `allowed` (checked).
pub fn certificates<G: Family>(
    ledger: &Ledger,
    action: &SiteJson,
    at: &str,
    allowed: &dyn Fn(Holder) -> bool,
    held_by: &str,
) -> Result<Named<G>, ImportError> {
    let list = field(action, at, "shares")?
        .as_array()
        .filter(|l| !l.is_empty())
        .ok_or_else(|| {
            error(
                format!("{at}/shares"),
                "`shares` is not a list of certificates",
            )
        })?;
    let mut company = None;
    let mut named = Vec::new();
    for (i, share) in list.iter().enumerate() {
        // Written only for an error.
        let pointer = || format!("{at}/shares/{i}");
        let name = share
            .as_str()
            .ok_or_else(|| error(pointer(), "a certificate is named by a string"))?;
        let (c, index) = certificate::<G>(name, String::new()).map_err(|e| ImportError {
            pointer: pointer(),
            ..e
        })?;
        if company.is_some_and(|first| first != c) {
            return Err(error(pointer(), "the certificates are of two companies"));
        }
        company = Some(c);
        let holder = ledger.holder(c, index);
        if !allowed(holder) {
            return Err(error(
                pointer(),
                format!("{name} is held by {}, not {held_by}", describe(holder)),
            ));
        }
        named.push((index, holder));
    }
    let company = company.ok_or_else(|| error(format!("{at}/shares"), "no certificate named"))?;
    Ok((company, named))
}

/// The percent an action moves: its `percent`, else 10 per certificate... the president's 20.
pub fn percent_of(
    action: &SiteJson,
    at: &str,
    named: &[(usize, Holder)],
) -> Result<u8, ImportError> {
    match member(action, "percent") {
        Some(p) => p
            .as_u64()
            .and_then(|p| u8::try_from(p).ok())
            .ok_or_else(|| error(format!("{at}/percent"), "`percent` is not a whole number")),
        None => Ok(named
            .iter()
            .map(|(i, _)| if *i == 0 { 20 } else { 10 })
            .sum()),
    }
}

/// The tile kind of a site tile id (`57-0` is a copy of `57`).
pub fn tile_kind(id: &str, pointer: impl FnOnce() -> String) -> Result<&str, ImportError> {
    match id.rsplit_once('-') {
        Some((kind, copy)) if !kind.is_empty() && copy.parse::<u32>().is_ok() => Ok(kind),
        _ => Err(error(
            pointer(),
            format!("`{id}` is not a tile id (`name-copy`, as `57-0`)"),
        )),
    }
}

/// The hex and city of a site city id: `TILE-COPY-CITY`, the tile one laid (by the ledger) or
/// a printed hex's (`HEX-n`).
pub fn city_of(
    ledger: &Ledger,
    id: &str,
    pointer: impl Fn() -> String,
) -> Result<(String, u8), ImportError> {
    let bad = || {
        error(
            pointer(),
            format!("`{id}` names no city on the map (`tile-copy-city`)"),
        )
    };
    let (tile, city) = id.rsplit_once('-').ok_or_else(bad)?;
    let city: u8 = city.parse().map_err(|_| bad())?;
    if let Some((hex, _)) = ledger.tiles.iter().find(|(_, t)| *t == tile) {
        return Ok((hex.clone(), city));
    }
    let (hex, _) = tile.rsplit_once('-').ok_or_else(bad)?;
    if ledger.tiles.contains_key(hex) {
        return Err(error(
            pointer(),
            format!(
                "`{id}`: {hex}'s printed tile has been replaced by {}",
                ledger.tiles[hex]
            ),
        ));
    }
    Ok((hex.to_string(), city))
}

/// A `place_token`'s `slot`, which the engine does not read (it fills the city's next free
/// slot) and the site's page writes as a slot of the city: one past the city's slots cannot be
/// true of a game the site played, so it is refused at its pointer. Missing, it is not asked.
pub fn slot_as_written<S: CheckedTitle>(
    state: &S,
    a: &SiteJson,
    at: &str,
    hex: &str,
    city: u8,
) -> Result<(), ImportError> {
    let Some(slot) = written_number(a, at, "slot")? else {
        return Ok(());
    };
    let map = state.map();
    let slots = map.hex_index(hex).and_then(|i| {
        let face = state.board().face(map, &map.hexes[i]);
        let stop = face.stops.get(usize::from(city))?;
        u32::try_from(stop.station_slots()).ok()
    });
    match slots {
        Some(slots) if slot >= slots => Err(error(
            format!("{at}/slot"),
            format!("city {city} of {hex} has {slots} slot(s): there is no slot {slot}"),
        )),
        _ => Ok(()),
    }
}

/// The site's city id of `city` on `hex`: the laid tile's, else the printed hex's.
pub fn city_id(ledger: &Ledger, hex: &str, city: u8) -> String {
    let tile = ledger
        .tiles
        .get(hex)
        .cloned()
        .unwrap_or_else(|| format!("{hex}-0"));
    format!("{tile}-{city}")
}

/// `share_price: "80,0,8"`: the price, the market's row (0, it is one row) and column.
pub fn market_space<G: Family>(action: &SiteJson, at: &str) -> Result<(u32, u32, u8), ImportError> {
    let pointer = format!("{at}/share_price");
    let space = text(action, at, "share_price")?;
    let parts: Vec<&str> = space.split(',').collect();
    let parsed = match parts.as_slice() {
        [p, r, c] => p
            .parse()
            .ok()
            .zip(r.parse().ok())
            .zip(c.parse().ok())
            .map(|((p, r), c)| (p, r, c)),
        _ => None,
    };
    match parsed {
        Some((price, 0, column)) => Ok((price, 0, column)),
        Some(_) => Err(error(
            pointer,
            format!("{}'s market has one row (row 0)", <G as Family>::NAME),
        )),
        None => Err(error(
            pointer,
            format!("`{space}` is not a market space (`price,row,column`)"),
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Who acts.

/// Who an action of the export is by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor<C, P> {
    Player(Seat),
    /// A corporation (or a title's minor).
    Corporation(C),
    Private(P),
}

pub type ActorOf<G> = Actor<CompanyOf<G>, <G as Family>::Private>;

pub fn actor<G: Family>(
    seats: &Seats,
    action: &SiteJson,
    at: &str,
) -> Result<ActorOf<G>, ImportError> {
    let entity = field(action, at, "entity")?;
    // Written only for an error (most actions have none).
    let pointer = || format!("{at}/entity");
    let entity_type = text(action, at, "entity_type")?;
    match entity_type {
        "player" => {
            let index = seats.index_of(entity).filter(|&i| i < Seat::ALL.len());
            index
                .map(|i| Actor::Player(Seat::ALL[i]))
                .ok_or_else(|| error(pointer(), format!("{entity} is not a player of the export")))
        }
        "company" => {
            let name = entity
                .as_str()
                .ok_or_else(|| error(pointer(), "a private is named by a string"))?;
            private_named::<G>(name, pointer()).map(Actor::Private)
        }
        other => {
            let name = entity.as_str();
            match name.map(|n| (n, G::company_entity(other, n))) {
                Some((_, Some(Some(company)))) => Ok(Actor::Corporation(company)),
                Some((n, Some(None))) => Err(error(
                    pointer(),
                    format!("`{n}` is not one of {}'s {other}s", <G as Family>::NAME),
                )),
                None if G::company_entity(other, "").is_some() => {
                    Err(error(pointer(), format!("a {other} is named by a string")))
                }
                _ => Err(error(
                    format!("{at}/entity_type"),
                    format!("{} has no entity of type `{other}`", <G as Family>::NAME),
                )),
            }
        }
    }
}

/// The operating company and its turn, when no company has trains to discard.
pub fn operating<S: OperatingTitle>(state: &S) -> Option<(S::Company, TurnCommon)> {
    let round = state.operating_round()?;
    if !round.discards.is_empty() {
        return None;
    }
    current(state).map(|(c, t)| (c, t.common()))
}

pub fn is_operating<S: OperatingTitle>(state: &S) -> bool {
    state.operating_round().is_some()
}

/// Whether an action by `actor` is one of `company`'s turn: its own, a private's ability, or
/// its president's emergency sale.
pub fn part_of_turn<C: PartialEq, P>(actor: Actor<C, P>, kind: &str, company: C) -> bool {
    match actor {
        Actor::Corporation(c) => c == company,
        Actor::Private(_) => true,
        Actor::Player(_) => kind == "sell_shares",
    }
}

/// [`part_of_turn`] read with the state: a player's sale is the president's emergency sale
/// only while the company owns no train (else the operating round is over and the sale is
/// the stock round's).
fn in_turn<G: Family>(
    state: &G::State,
    actor: ActorOf<G>,
    kind: &str,
    company: CompanyOf<G>,
) -> bool {
    match actor {
        Actor::Player(seat) => {
            kind == "sell_shares"
                && state.company(company).president == Some(seat)
                && state.company(company).trains.is_empty()
        }
        Actor::Private(private) if G::owned_by_another(state, company, private) => false,
        _ => part_of_turn(actor, kind, company),
    }
}

/// The seat acting for `company`: the seat railrules asks (the `user` the export names among
/// them, for a company in receivership, which any player runs), else its president.
pub fn seat_for<G: Family>(
    seats: &Seats,
    state: &G::State,
    company: CompanyOf<G>,
    action: Option<&SiteJson>,
    at: &str,
) -> Result<Seat, ImportError> {
    let acting = operating(state).is_some_and(|(c, _)| c == company)
        || state
            .operating_round()
            .is_some_and(|r| r.discards.first() == Some(&company));
    if acting {
        // Asked before most actions: who acts is walked, not listed.
        let to_act = || crate::games::kit18xx::operating_round::actors(state);
        // The export's `user` chooses only among several (a company in receivership): where
        // one seat acts, it is that seat whoever the export names.
        let user = || {
            action
                .and_then(|a| member(a, "user"))
                .and_then(|u| seats.index_of(u))
                .and_then(|i| Seat::ALL.get(i).copied())
        };
        if to_act().nth(1).is_some()
            && let Some(seat) = user().filter(|s| to_act().any(|t| t == *s))
        {
            return Ok(seat);
        }
        if let Some(seat) = to_act().next() {
            return Ok(seat);
        }
    }
    state.company(company).president.ok_or_else(|| {
        error(
            format!("{at}/entity"),
            format!("{company} has no president to act for it"),
        )
    })
}

// ---------------------------------------------------------------------------------------------
// The flow rules, importing.

/// What railrules still asks of `company` before its turn can end (rules no-route-step, the
/// title's automatic dividends), else its pass (turn-ended).
pub fn closing<G: Family>(
    state: &G::State,
    company: CompanyOf<G>,
    seat: Seat,
    at: &str,
) -> Result<(G::Action, &'static str), ImportError> {
    let Some((_, turn)) = operating(state) else {
        return Ok((G::pass(seat), G::FLOW.turn_ended));
    };
    match turn.revenue {
        None if state.company(company).trains.is_empty() || G::runs_nothing(state, company) => {
            Ok((G::run_no_routes(seat), G::FLOW.no_route_step))
        }
        None => Err(error(
            at,
            format!("the export ends {company}'s turn before it runs its trains"),
        )),
        Some(revenue) if !turn.dividend_done => {
            match G::automatic_dividend(state, company, revenue) {
                Some((kind, rule)) => Ok((G::dividend(seat, kind), rule)),
                None => Err(error(
                    at,
                    format!(
                        "the export ends {company}'s turn without paying or withholding its ${revenue}"
                    ),
                )),
            }
        }
        Some(_) => Ok((G::pass(seat), G::FLOW.turn_ended)),
    }
}

/// What the site does by itself once an action is processed, where the title models its
/// steps after the dividend: the route and dividend steps it skips once the track step is
/// over for a company that can run nothing (no-route-step; asked where the next action is not
/// the company's own, whose kinds [`skipped_steps`] reads), the dividend it makes itself as
/// soon as the routes are run (no-dividend-step, a title's own), and the end of the turn once
/// neither step after the dividend offers the company anything (turn-ended).
fn site_goes_on<G: Family>(
    seats: &Seats,
    site: &SiteTurn,
    state: &G::State,
    company: CompanyOf<G>,
    turn: &TurnCommon,
    by_another: bool,
    at: &str,
) -> Result<Option<Step<G::Action>>, ImportError> {
    if !G::MODELS_STEPS_AFTER_DIVIDEND {
        return Ok(None);
    }
    let goes_on = match turn.revenue {
        None => {
            by_another
                && (state.company(company).trains.is_empty() || G::runs_nothing(state, company))
                && G::track_step_over(state, company)
        }
        Some(revenue) if !turn.dividend_done => {
            G::automatic_dividend(state, company, revenue).is_some()
        }
        Some(_) => {
            let steps = G::steps_after_dividend(state, company);
            let train_step_open = steps.train_step && !site.train_step_passed;
            !train_step_open && !steps.last_step
        }
    };
    if !goes_on {
        return Ok(None);
    }
    let seat = seat_for::<G>(seats, state, company, None, at)?;
    let (action, rule) = closing::<G>(state, company, seat, at)?;
    Ok(Some(Step::Insert(action, rule)))
}

/// The step [`site_goes_on`] makes after the export's last action, if any (the site made it
/// as soon as that action was processed).
pub fn site_goes_on_at_the_end<G: Family>(
    seats: &Seats,
    site: &SiteTurn,
    state: &G::State,
) -> Option<(G::Action, &'static str)> {
    let (company, turn) = operating(state)?;
    match site_goes_on::<G>(seats, site, state, company, &turn, true, "/actions") {
        Ok(Some(Step::Insert(action, rule))) => Some((action, rule)),
        _ => None,
    }
}

/// Rule turn-ended: an action that is not the operating company's ends its turn first.
pub fn close_turn<G: Family>(
    seats: &Seats,
    site: &SiteTurn,
    state: &G::State,
    actor: ActorOf<G>,
    kind: &str,
    at: &str,
) -> Result<Option<Step<G::Action>>, ImportError> {
    let Some((company, turn)) = operating(state) else {
        return Ok(None);
    };
    let by_another = actor != Actor::Corporation(company);
    if let Some(step) = site_goes_on::<G>(seats, site, state, company, &turn, by_another, at)? {
        return Ok(Some(step));
    }
    let another_company_passes = matches!(actor, Actor::Corporation(_)) && kind == "pass";
    let next_turn = actor == Actor::Corporation(company)
        && turn.dividend_done
        && G::BEFORE_DIVIDEND.contains(&kind);
    if (in_turn::<G>(state, actor, kind, company) && !next_turn) || another_company_passes {
        return Ok(None);
    }
    let seat = seat_for::<G>(seats, state, company, None, at)?;
    let (action, rule) = closing::<G>(state, company, seat, at)?;
    Ok(Some(Step::Insert(action, rule)))
}

/// Rule nothing-to-do: in the rounds where players act in turn, a player the export skips
/// passes when passing is all they may do (and, where the title's site ends such a turn
/// itself, a player left so whatever their next action: the site offers a pass only with
/// another action, so their own pass is of a later turn).
pub fn pass_for_skipped_player<G: Family>(
    state: &Checked<G>,
    actor: ActorOf<G>,
) -> Option<Step<G::Action>> {
    if !G::players_round(state) {
        return None;
    }
    let to_act = G::first_to_act(state)?;
    if actor == Actor::Player(to_act) && !G::ENDS_TURN_LEFT_NOTHING {
        return None;
    }
    G::only_pass(state, to_act).then_some(Step::Insert(G::pass(to_act), G::FLOW.nothing_to_do))
}

/// Rule nothing-to-do at the log's end, where the title's site passes for a player left
/// nothing to do as soon as the last action is processed: the player to act passes.
pub fn pass_at_the_end<G: Family>(state: &Checked<G>) -> Option<(G::Action, &'static str)> {
    if !G::ENDS_TURN_LEFT_NOTHING || !G::players_round(state) {
        return None;
    }
    let to_act = G::first_to_act(state)?;
    G::only_pass(state, to_act).then(|| (G::pass(to_act), G::FLOW.nothing_to_do))
}

/// Rules no-route-step, no-dividend-step and step-pass within the operating company's turn.
pub fn skipped_steps<G: Family>(
    seats: &Seats,
    site: &mut SiteTurn,
    state: &G::State,
    actor: ActorOf<G>,
    played: &Played,
    next: Option<&Played>,
) -> Result<Option<Step<G::Action>>, ImportError> {
    let at = played.pointer.as_str();
    let kind = kind_of(&played.action);
    let company = match actor {
        Actor::Corporation(c) => c,
        Actor::Private(_) if kind == "pass" => return Ok(Some(Step::Drop(G::FLOW.step_pass))),
        _ => return Ok(None),
    };
    let Some((operating_now, turn)) = operating(state) else {
        return Ok((kind == "pass").then_some(Step::Drop(G::FLOW.step_pass)));
    };
    if operating_now != company {
        return Ok((kind == "pass").then_some(Step::Drop(G::FLOW.step_pass)));
    }
    let seat = seat_for::<G>(seats, state, company, Some(&played.action), at)?;
    // Whether its trains can run nothing: a search of its best routes, made once and only
    // where a rule asks.
    let runs_nothing_once = std::cell::OnceCell::new();
    let runs_nothing = || {
        *runs_nothing_once.get_or_init(|| {
            state.company(company).trains.is_empty() || G::runs_nothing(state, company)
        })
    };
    let no_routes = || turn.revenue.is_none() && runs_nothing();
    let automatic = !turn.dividend_done
        && turn
            .revenue
            .is_some_and(|r| G::automatic_dividend(state, company, r).is_some());
    match kind {
        "pass" => {
            // The pass ends the site's track step; the route and dividend steps it skips
            // then come first (no-route-step, no-dividend-step).
            if G::ISSUE_STEP_BEFORE_TRACK && (automatic || no_routes()) {
                // The track step's pass, unless that step was over already (the pass is then
                // a later step's, read again once the skipped steps are inserted).
                if !G::track_step_over(state, company) {
                    site.track_passed_by = Some(at.to_string());
                }
                let (action, rule) = closing::<G>(state, company, seat, at)?;
                return Ok(Some(Step::Insert(action, rule)));
            }
            if G::MODELS_STEPS_AFTER_DIVIDEND && turn.dividend_done {
                return pass_after_dividend::<G>(site, state, company, seat, at).map(Some);
            }
            if turn_goes_on::<G>(
                seats,
                state,
                company,
                turn.dividend_done,
                &runs_nothing,
                next,
            ) {
                return Ok(Some(Step::Drop(G::FLOW.step_pass)));
            }
            let (action, rule) = closing::<G>(state, company, seat, at)?;
            Ok(Some(if rule == G::FLOW.turn_ended {
                Step::Translate(action)
            } else {
                Step::Insert(action, rule)
            }))
        }
        "buy_company"
            if G::ISSUE_STEP_BEFORE_TRACK
                && G::track_step_over(state, company)
                && (automatic || no_routes()) =>
        {
            // The track step ended by itself (nothing left to lay or place): the site skipped
            // the route and dividend steps then, before this purchase (BuyCompany does not
            // block).
            let (action, rule) = closing::<G>(state, company, seat, at)?;
            Ok(Some(Step::Insert(action, rule)))
        }
        "dividend" | "buy_train" | "bankrupt" | "sell_shares" => {
            // An issue is the train step's (emergency) issue only once the site's issue step
            // is closed: after the dividend, or (ISSUE_STEP_BEFORE_TRACK) after the turn's
            // issue or redemption, or once the track step ended by itself (the route and
            // dividend steps of a company that can run no route are then skipped).
            // (Asked of a sale only: whether the track step is over is a search.)
            let issue_step_closed = || {
                G::ISSUE_STEP_BEFORE_TRACK
                    && (turn.shares_moved || G::track_step_over(state, company))
            };
            if kind == "sell_shares" && !issue_step_closed() {
                return Ok(None);
            }
            let automatic = kind != "dividend" && automatic;
            if automatic || no_routes() {
                let (action, rule) = closing::<G>(state, company, seat, at)?;
                return Ok(Some(Step::Insert(action, rule)));
            }
            Ok(None)
        }
        _ => Ok(None),
    }
}

/// A pass of the operating `company` after its dividend, where the title models the site's
/// steps after it (rules step-pass, turn-ended): the train step's while that offers a train
/// and was not passed (the turn goes on if the last step offers something), else the last
/// step's, which ends the turn. The pass that ended the track step before the skipped route
/// and dividend steps were inserted ends nothing more.
fn pass_after_dividend<G: Family>(
    site: &mut SiteTurn,
    state: &G::State,
    company: CompanyOf<G>,
    seat: Seat,
    at: &str,
) -> Result<Step<G::Action>, ImportError> {
    if site.track_passed_by.as_deref() == Some(at) {
        return Ok(Step::Drop(G::FLOW.step_pass));
    }
    let steps = G::steps_after_dividend(state, company);
    if steps.train_step && !site.train_step_passed {
        site.train_step_passed = true;
        if steps.last_step {
            return Ok(Step::Drop(G::FLOW.step_pass));
        }
    }
    let (action, rule) = closing::<G>(state, company, seat, at)?;
    Ok(if rule == G::FLOW.turn_ended {
        Step::Translate(action)
    } else {
        Step::Insert(action, rule)
    })
}

/// Whether the export's action after a pass of `company` is still of its turn (the pass then
/// ends one of the site's steps, rule step-pass): before its dividend, any action of its
/// turn; after it, only the site's last step's (buying a private, passing it).
fn turn_goes_on<G: Family>(
    seats: &Seats,
    state: &G::State,
    company: CompanyOf<G>,
    dividend_done: bool,
    runs_nothing: &dyn Fn() -> bool,
    next: Option<&Played>,
) -> bool {
    let Some(next) = next else { return false };
    let Ok(actor) = actor::<G>(seats, &next.action, &next.pointer) else {
        return false;
    };
    let kind = kind_of(&next.action);
    if dividend_done {
        // After the track step's pass of a company that can run no route, with the route and
        // dividend steps skipped, the train step's actions follow (ISSUE_STEP_BEFORE_TRACK):
        // buying, issuing, the president's sale, bankruptcy. After the train step's pass, only
        // the last step's.
        let train_step = G::ISSUE_STEP_BEFORE_TRACK
            && match actor {
                Actor::Corporation(c) => {
                    c == company && matches!(kind, "buy_train" | "sell_shares" | "bankrupt")
                }
                Actor::Player(_) => in_turn::<G>(state, actor, kind, company),
                Actor::Private(_) => false,
            }
            && runs_nothing();
        // The site's last step (buying privates) stays open while a private the company owns
        // has an ability left: its use ends no turn.
        let private_of_company = match actor {
            Actor::Private(p) => G::owns_private(state, company, p),
            _ => false,
        };
        train_step
            || private_of_company
            || (actor == Actor::Corporation(company) && matches!(kind, "buy_company" | "pass"))
    } else {
        in_turn::<G>(state, actor, kind, company)
    }
}

/// Who the export's action is by, and the step a flow rule makes before it, if any.
pub type FlowStep<G> = (ActorOf<G>, Option<Step<<G as Game>::Action>>);

/// The flow rules before the export's action (turn-ended, nothing-to-do, the skipped steps),
/// if one applies.
pub fn flow_step<G: Family>(
    seats: &Seats,
    site: &mut SiteTurn,
    state: &Checked<G>,
    played: &Played,
    next: Option<&Played>,
) -> Result<FlowStep<G>, ImportError> {
    let at = played.pointer.as_str();
    let kind = kind_of(&played.action);
    let actor = actor::<G>(seats, &played.action, at)?;
    if let Some(step) = close_turn::<G>(seats, site, state, actor, kind, at)? {
        return Ok((actor, Some(step)));
    }
    if let Some(step) = pass_for_skipped_player::<G>(state, actor) {
        return Ok((actor, Some(step)));
    }
    Ok((
        actor,
        skipped_steps::<G>(seats, site, state, actor, played, next)?,
    ))
}

// ---------------------------------------------------------------------------------------------
// Shares, importing.

/// A share action of the export in railrules' terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareMove<C> {
    Buy {
        corporation: C,
        from: ShareSource,
        entity: Option<C>,
        percent: Option<u8>,
    },
    Sell {
        corporation: C,
        percent: u8,
        entity: Option<C>,
    },
}

/// The certificates a corporation's own issue (from its treasury) or redemption (from the
/// market) names: its own, all where `from` says.
fn own_certificates<G: Family>(
    ledger: &Ledger,
    a: &SiteJson,
    at: &str,
    c: CompanyOf<G>,
    from: Holder,
    does: &str,
) -> Result<Vec<(usize, Holder)>, ImportError> {
    let place = if from == Holder::Market {
        "the market"
    } else {
        "the treasury"
    };
    let (company, named) = certificates::<G>(ledger, a, at, &|h| h == from, place)?;
    if company != c {
        return Err(error(
            format!("{at}/shares"),
            format!("{c} {does} only its own shares"),
        ));
    }
    Ok(named)
}

/// `buy_shares`: a player's purchase (from the treasury or the market), or a corporation's
/// redemption of its own from the market.
pub fn buy_shares<G: Family>(
    ledger: &Ledger,
    a: &SiteJson,
    at: &str,
    actor: ActorOf<G>,
) -> Result<ShareMove<CompanyOf<G>>, ImportError> {
    match actor {
        Actor::Player(_) => {
            let from_pool = |h: Holder| matches!(h, Holder::Treasury | Holder::Market);
            let (company, named) =
                certificates::<G>(ledger, a, at, &from_pool, "the treasury or the market")?;
            let source = named[0].1;
            if named.iter().any(|(_, h)| *h != source) {
                return Err(error(
                    format!("{at}/shares"),
                    "the certificates come from the treasury and the market both",
                ));
            }
            let percent = percent_of(a, at, &named)?;
            Ok(ShareMove::Buy {
                corporation: company,
                from: if source == Holder::Treasury {
                    ShareSource::Treasury
                } else {
                    ShareSource::Market
                },
                entity: None,
                percent: (percent != 10).then_some(percent),
            })
        }
        Actor::Corporation(c) => {
            let named = own_certificates::<G>(ledger, a, at, c, Holder::Market, "redeems")?;
            Ok(ShareMove::Buy {
                corporation: c,
                from: ShareSource::Market,
                entity: Some(c),
                percent: Some(percent_of(a, at, &named)?),
            })
        }
        Actor::Private(_) => Err(error(format!("{at}/entity"), "a private buys no shares")),
    }
}

/// `sell_shares`: a player's sale, or a corporation's issue of its own from its treasury.
pub fn sell_shares<G: Family>(
    ledger: &Ledger,
    a: &SiteJson,
    at: &str,
    actor: ActorOf<G>,
) -> Result<ShareMove<CompanyOf<G>>, ImportError> {
    match actor {
        Actor::Player(p) => {
            let own = move |h: Holder| h == Holder::Player(p);
            let (company, named) = certificates::<G>(ledger, a, at, &own, &p.to_string())?;
            Ok(ShareMove::Sell {
                corporation: company,
                percent: percent_of(a, at, &named)?,
                entity: None,
            })
        }
        Actor::Corporation(c) => {
            let named = own_certificates::<G>(ledger, a, at, c, Holder::Treasury, "issues")?;
            Ok(ShareMove::Sell {
                corporation: c,
                percent: percent_of(a, at, &named)?,
                entity: Some(c),
            })
        }
        Actor::Private(_) => Err(error(format!("{at}/entity"), "a private sells no shares")),
    }
}

/// Where the certificates of a railrules share action went (for the ledger).
pub fn moved_to<C>(share: &ShareMove<C>, player: Seat) -> Holder {
    match share {
        ShareMove::Buy { entity: None, .. } => Holder::Player(player),
        ShareMove::Buy {
            entity: Some(_), ..
        } => Holder::Treasury,
        ShareMove::Sell { .. } => Holder::Market,
    }
}

// ---------------------------------------------------------------------------------------------
// Exporting.

pub fn share_name<C: CompanyId>(company: C, index: usize) -> String {
    format!("{}_{index}", company.symbol())
}

/// The `percent` of `company` that `holder` moves, as its lowest certificates.
pub fn lowest<C: CompanyId + Display>(
    ledger: &Ledger,
    company: C,
    holder: Holder,
    percent: u8,
) -> Result<Vec<String>, String> {
    let held = ledger.held(company, holder);
    pick(company, &held, percent)
        .ok_or_else(|| format!("{} holds no {percent}% of {company}", describe(holder)))
}

/// The certificates a corporation issues: its treasury's, in the order they came to it (the
/// site's issuable bundles take the treasury's shares so: a share redeemed comes last).
fn issued<C: CompanyId + Display>(
    ledger: &Ledger,
    company: C,
    percent: u8,
) -> Result<Vec<String>, String> {
    let held = ledger.tens_in_order(company, Holder::Treasury);
    pick(company, &held, percent).ok_or_else(|| {
        format!(
            "{} holds no {percent}% of {company}",
            describe(Holder::Treasury)
        )
    })
}

/// The certificates a player sells: 10% ones, highest first; then the president's, when those
/// do not make up the percent (the site sells part of it, its `percent` saying how much, the
/// presidency passing to another player as the rules say).
pub fn sold<C: CompanyId + Display>(
    ledger: &Ledger,
    company: C,
    seat: Seat,
    percent: u8,
) -> Result<Vec<String>, String> {
    let held = ledger.held(company, Holder::Player(seat));
    let tens: Vec<usize> = held.iter().rev().copied().filter(|&i| i != 0).collect();
    let needed = usize::from(percent / 10);
    let names = |list: &[usize]| list.iter().map(|&i| share_name(company, i)).collect();
    if percent.is_multiple_of(10) && tens.len() >= needed {
        return Ok(names(&tens[..needed]));
    }
    if held.contains(&0) && percent.is_multiple_of(10) && needed <= tens.len() + 2 {
        let mut list = tens.clone();
        list.push(0);
        return Ok(names(&list));
    }
    Err(format!("{seat} holds no {percent}% of {company}"))
}

/// The lowest 10% certificates from `held` adding up to `percent`.
fn pick<C: CompanyId>(company: C, held: &[usize], percent: u8) -> Option<Vec<String>> {
    let tens: Vec<usize> = held.iter().copied().filter(|&i| i != 0).collect();
    let needed = usize::from(percent / 10);
    (percent.is_multiple_of(10) && tens.len() >= needed).then(|| {
        tens[..needed]
            .iter()
            .map(|&i| share_name(company, i))
            .collect()
    })
}

/// The export's certificates of a railrules share action, and its entity.
pub fn share_fields<C: CompanyId + Display>(
    ledger: &Ledger,
    share: &ShareMove<C>,
    player: Seat,
) -> Result<(Option<C>, serde_json::Value), String> {
    match *share {
        ShareMove::Buy {
            corporation,
            from,
            entity,
            percent,
        } => {
            let percent = percent.unwrap_or(10);
            let source = match from {
                ShareSource::Treasury => Holder::Treasury,
                ShareSource::Market => Holder::Market,
            };
            let shares = lowest(ledger, corporation, source, percent)?;
            Ok((
                entity,
                json!({"type": "buy_shares", "shares": shares, "percent": percent}),
            ))
        }
        ShareMove::Sell {
            corporation,
            percent,
            entity,
        } => {
            let shares = match entity {
                Some(_) => issued(ledger, corporation, percent)?,
                None => sold(ledger, corporation, player, percent)?,
            };
            Ok((
                entity,
                json!({"type": "sell_shares", "shares": shares, "percent": percent}),
            ))
        }
    }
}

/// An action the export may leave out, by the rule that would insert it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Silence<C> {
    /// `run_routes` with no routes by a company without trains (rule no-route-step).
    NoRoute(C),
    /// A dividend the site makes itself (rule no-dividend-step, or the title's own).
    NoDividend(C),
    /// A pass of a player who could only pass (rule nothing-to-do).
    NothingToDo(Seat),
    /// The pass ending a company's turn after its dividend when neither of the site's steps
    /// after it offers the company anything: the site ends the turn itself (turn-ended, where
    /// the title models those steps).
    TurnOver(C),
}

/// Whether the importer inserts `silence`'s action again before `next` (followed by `after`).
pub fn reinserted<G: Family>(
    seats: &Seats,
    silence: Silence<CompanyOf<G>>,
    next: Option<&SiteJson>,
    after: Option<&SiteJson>,
) -> bool {
    let actor_of = |a: &SiteJson| actor::<G>(seats, a, "").ok();
    if G::MODELS_STEPS_AFTER_DIVIDEND {
        match silence {
            // Made before the next action, whatever it is, and after the last
            // (`site_goes_on`).
            Silence::TurnOver(_) | Silence::NoDividend(_) => return true,
            // Written silent only once the track step is over: made before any next action
            // (before the company's own by `skipped_steps`), and after the last.
            Silence::NoRoute(_) => return true,
            Silence::NothingToDo(_) => {}
        }
    }
    let Some(next) = next else {
        // At the log's end only where the title's site passes for such a player itself.
        return matches!(silence, Silence::NothingToDo(_)) && G::ENDS_TURN_LEFT_NOTHING;
    };
    let Some(next_actor) = actor_of(next) else {
        return false;
    };
    let next_kind = kind_of(next);
    let company = match silence {
        Silence::NothingToDo(seat) => {
            let own = next_actor == Actor::Player(seat);
            return !own || G::ENDS_TURN_LEFT_NOTHING;
        }
        Silence::NoRoute(c) | Silence::NoDividend(c) | Silence::TurnOver(c) => c,
    };
    if !part_of_turn(next_actor, next_kind, company) {
        // Another company's pass closes no turn (step-pass); anything else does (turn-ended).
        return !(matches!(next_actor, Actor::Corporation(_)) && next_kind == "pass");
    }
    if next_actor != Actor::Corporation(company) {
        return false;
    }
    match next_kind {
        "dividend" => matches!(silence, Silence::NoRoute(_)),
        "buy_train" | "bankrupt" => true,
        // The company's pass closes its turn when nothing of its turn follows (step-pass
        // drops any other); the dividend is not done when this rule applies.
        "pass" => !after
            .is_some_and(|a| actor_of(a).is_some_and(|x| part_of_turn(x, kind_of(a), company))),
        _ => false,
    }
}

/// What the ledger learns from one railrules action (with the export's form of it): the tile
/// laid on `hex`, the certificates a share action moved.
pub fn observe<G: Family>(
    ledger: &mut Ledger,
    laid_on: Option<&str>,
    share: Option<(ShareMove<CompanyOf<G>>, Seat)>,
    site: Option<&SiteJson>,
    after: &G::State,
) {
    if let Some(hex) = laid_on {
        ledger.observe_tile(hex, site);
    }
    if !operating(after).is_some_and(|(_, turn)| turn.dividend_done) {
        ledger.site.train_step_passed = false;
    }
    let moved_to = share.map(|(s, player)| moved_to(&s, player));
    ledger.observe_shares::<G>(moved_to, site, after);
}

/// A title's `share_action` (a [`ShareMove`] as its `BuyShares` / `SellShares`) and
/// `share_move` (the other way): the family's titles name these actions' fields alike.
#[macro_export]
macro_rules! share_actions {
    ($action:ident, $company:ty) => {
        fn share_action(
            share: $crate::import::kit18xx::ShareMove<$company>,
            seat: Seat,
        ) -> $action {
            use $crate::import::kit18xx::ShareMove;
            match share {
                ShareMove::Buy {
                    corporation,
                    from,
                    entity,
                    percent,
                } => $action::BuyShares {
                    player: seat,
                    corporation,
                    from,
                    entity,
                    percent,
                },
                ShareMove::Sell {
                    corporation,
                    percent,
                    entity,
                } => $action::SellShares {
                    player: seat,
                    corporation,
                    percent,
                    entity,
                },
            }
        }

        fn share_move(
            action: &$action,
        ) -> Option<($crate::import::kit18xx::ShareMove<$company>, Seat)> {
            use $crate::import::kit18xx::ShareMove;
            match *action {
                $action::BuyShares {
                    player,
                    corporation,
                    from,
                    entity,
                    percent,
                } => Some((
                    ShareMove::Buy {
                        corporation,
                        from,
                        entity,
                        percent,
                    },
                    player,
                )),
                $action::SellShares {
                    player,
                    corporation,
                    percent,
                    entity,
                } => Some((
                    ShareMove::Sell {
                        corporation,
                        percent,
                        entity,
                    },
                    player,
                )),
                _ => None,
            }
        }
    };
}

/// What a translated action says of its result that railrules' action does not, checked
/// after it: a par's market column, the depot train a company got.
pub fn confirm<G: Family>(played: &Played, after: &G::State) -> Result<(), ImportError> {
    let a = &played.action;
    let at = played.pointer.as_str();
    match kind_of(a) {
        "par" => {
            let (_, _, column) = market_space::<G>(a, at)?;
            let company =
                company_named::<G>(text(a, at, "corporation")?, format!("{at}/corporation"))?;
            let here = after.company(company).price;
            if here != Some(column) {
                return Err(error(
                    format!("{at}/share_price"),
                    format!(
                        "the share price is market column {column}; railrules parks {company} at column {}",
                        here.map_or("none".to_string(), |c| c.to_string())
                    ),
                ));
            }
            Ok(())
        }
        "buy_train" => {
            let train = text(a, at, "train")?;
            let Some(company) = member(a, "entity")
                .and_then(SiteJson::as_str)
                .and_then(named::<CompanyOf<G>>)
            else {
                return Ok(());
            };
            if after.company(company).trains.iter().any(|t| t.id == train) {
                return Ok(());
            }
            Err(error(
                format!("{at}/train"),
                format!(
                    "{company} did not get train {train} here (the depot's next one is another)"
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// A `buy_train` in railrules' terms: from another company (its train id, side, the price
/// agreed, its president's acceptance) or from the depot (the card, or a discarded train's id,
/// and the side chosen).
pub struct TrainPurchase<C> {
    pub train: String,
    pub variant: String,
    pub from: Option<C>,
    pub price: Option<u32>,
    pub accepted_by: Option<Seat>,
}

/// Reads a `buy_train` by `seat`'s company: a train another company holds is bought from it;
/// any other is the depot's card (`2-0` is a copy of `2`).
pub fn train_purchase<G: Family>(
    state: &G::State,
    a: &SiteJson,
    at: &str,
    seat: Seat,
) -> Result<TrainPurchase<CompanyOf<G>>, ImportError> {
    let train = text(a, at, "train")?;
    let variant = member(a, "variant").and_then(SiteJson::as_str);
    let seller = state
        .companies()
        .iter()
        .find(|c| c.trains.iter().any(|t| t.id == train));
    if let Some(seller) = seller {
        let side = seller
            .trains
            .iter()
            .find(|t| t.id == train)
            .map(|t| t.side.to_string())
            .unwrap_or_default();
        return Ok(TrainPurchase {
            train: train.to_string(),
            variant: variant.map_or(side, str::to_string),
            from: Some(seller.company),
            price: Some(number(a, at, "price")?),
            accepted_by: seller.president.filter(|p| *p != seat),
        });
    }
    // A discarded train is bought from the depot by its id.
    let discarded = state.discard_pile().iter().any(|t| t.id == train);
    let (card, _) = train
        .rsplit_once('-')
        .filter(|(_, copy)| copy.parse::<u32>().is_ok())
        .ok_or_else(|| {
            error(
                format!("{at}/train"),
                format!("`{train}` is not a train id (`card-copy`, as `2-0`)"),
            )
        })?;
    let named = if discarded { train } else { card };
    // A card's first side is named as the card.
    let variant = variant.unwrap_or(card);
    depot_price_as_written(state, a, at, named, variant)?;
    Ok(TrainPurchase {
        train: named.to_string(),
        variant: variant.to_string(),
        from: None,
        price: None,
        accepted_by: None,
    })
}

/// A depot purchase's `price`, which the engine charges as written (`buy_train_action`) and the
/// site's page writes as the depot's price: any other cannot be true of a game the site
/// played, so it is refused at its pointer rather than replayed at the depot's price. A
/// purchase the depot cannot make is left to the rules to refuse.
fn depot_price_as_written<S: OperatingTitle>(
    state: &S,
    a: &SiteJson,
    at: &str,
    named: &str,
    variant: &str,
) -> Result<(), ImportError> {
    let Some(written) = written_number(a, at, "price")? else {
        return Ok(());
    };
    match trains::depot_price(state, named, variant) {
        Some(price) if price != written => Err(error(
            format!("{at}/price"),
            format!("the depot sells the {named} ({variant}) for ${price}, not ${written}"),
        )),
        _ => Ok(()),
    }
}
