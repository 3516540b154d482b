//! 1846's operating rounds (docs/rules/1846.md#operating-round): two after each stock round.
//! Private income, then the minors (Michigan Southern, Big 4), then the started corporations by
//! price (the game's first round lowest first): issue or redeem, track and a station in either
//! order, the privates' own lays, routes, the dividend (a minor splits its revenue with its
//! owner), trains, privates and minors bought.
//!
//! The round's order, the company's turn, issuing and redeeming, dividends, trains, emergency
//! money, bankruptcy and receivership are the kit's (`kit18xx::operating_round`): this gives
//! them 1846's round record, sections and what it adds. Its own steps have their own files.

mod companies;
mod minors;
mod routes;
mod stations;
pub mod steps;
mod track;

pub use companies::{
    assign, buy_company, face_value, lay_private, place_cwi, place_token, station_is_cwis,
};
pub use minors::pay_minor;
pub use routes::{
    can_run_a_route, owned_trains, route_bonuses_of, route_revenue, routes_from_connections,
};
pub use stations::{
    judge_station, judge_station_held, judge_station_paid_from, no_station_placeable,
};
pub use track::judge_lay;

pub use crate::games::kit18xx::operating_round::buying_trains::{
    buy_train, buy_train_from, discard_train,
};
pub use crate::games::kit18xx::operating_round::dividends::dividend;
pub use crate::games::kit18xx::operating_round::issues::{issue, redeem};
pub use crate::games::kit18xx::operating_round::laying_track::lay;
pub use crate::games::kit18xx::operating_round::running_routes::run_routes;
pub use crate::games::kit18xx::operating_round::{begin, pass};

use super::data::components;
use super::event::Event;
use super::ids::{Company, Seat};
use super::privates;
use super::rules::section;
use super::state::{CompanyTurn, PrivateOwner, Round, Standing, State, TurnLay};
use crate::core::Violation;
use crate::games::kit18xx::emergency::EmergencyRule;
use crate::games::kit18xx::map::TrainSide;
use crate::games::kit18xx::market::DividendKind;
use crate::games::kit18xx::operating_round::{
    self as kit, OperatingSections, OperatingTitle, TurnRecord,
};
use crate::games::kit18xx::routes::Route;
use crate::games::kit18xx::stations::StationPlacement;
use crate::games::kit18xx::table::Table as _;
use crate::games::kit18xx::track::{PlannedLay, TileLay};
use crate::games::kit18xx::trains::TrainCard;

const SECTIONS: OperatingSections = OperatingSections {
    operating_round: section::OPERATING_ROUND,
    trains: section::TRAINS,
    dividends: section::DIVIDENDS,
    issues: section::ISSUES,
    receivership: section::RECEIVERSHIP,
    emergency: section::EMERGENCY,
    bankruptcy: section::BANKRUPTCY,
    privates: section::PRIVATES,
    stations: section::STATIONS,
};

/// g_1846/game.rb `operating_order`: the minors still running first, then the corporations by
/// price (the kit's order: lowest first in the game's first round).
pub fn operating_order(state: &State, first_of_game: bool) -> Vec<Company> {
    let minors = Company::MINORS.into_iter().filter(|&m| state.operates(m));
    minors.chain(kit::by_price(state, first_of_game)).collect()
}

impl TurnRecord for CompanyTurn {
    crate::games::kit18xx::operating_round::turn_record_common!(TurnLay);

    fn raised_from(&self) -> Option<u32> {
        self.raised_from
    }

    fn set_raised_from(&mut self, funds: u32) {
        self.raised_from = Some(funds);
    }

    fn clear_raised_from(&mut self) {
        self.raised_from = None;
    }

    fn sold_in_emergency(&self, company: usize) -> bool {
        self.emergency_sales.iter().any(|c| c.index() == company)
    }

    fn record_emergency_sale(&mut self, company: usize) {
        if let Some(&c) = Company::ALL.get(company)
            && !self.emergency_sales.contains(&c)
        {
            self.emergency_sales.push(c);
        }
    }
}

/// Whether `company` has had its turn in the operating round in progress.
pub fn operated_this_round(state: &State, company: Company) -> bool {
    state
        .operating_round()
        .is_some_and(|r| r.order[..r.current.min(r.order.len())].contains(&company))
}

/// Each open private pays its owner (a player or a corporation) its income.
fn pay_private_income(state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for (private, owner, amount) in privates::income(state) {
        let to = match owner {
            PrivateOwner::Player { seat } => {
                state.bank_pays_player(seat, amount);
                seat.to_string()
            }
            PrivateOwner::Company { company } => {
                state.bank_pays_company(company, amount);
                company.symbol().to_string()
            }
            PrivateOwner::Unsold {} => continue,
        };
        events.push(Event::PrivateIncome {
            company: private,
            to,
            amount,
        });
    }
    events
}

impl OperatingTitle for State {
    type Turn = CompanyTurn;

    crate::games::kit18xx::operating_round::operating_round_views!(
        Round::OperatingRound,
        Company,
        CompanyTurn
    );

    fn operating_sections(&self) -> &'static OperatingSections {
        &SECTIONS
    }

    /// A new round: last round's markers' assignments and resting trains are over; the
    /// privates pay their income.
    fn before_operators(&mut self) -> Vec<Event> {
        self.assigned_this_round.clear();
        self.resting_trains.clear();
        pay_private_income(self)
    }

    fn operators(&self, first_of_game: bool) -> Vec<Company> {
        operating_order(self, first_of_game)
    }

    /// A minor operates while its owner has it; a corporation once started; neither once closed.
    fn operates(&self, company: Company) -> bool {
        let entry = self.company(company);
        !entry.closed
            && if company.is_minor() {
                entry.president.is_some()
            } else {
                entry.is_started()
            }
    }

    fn judge_lay(
        &self,
        company: Company,
        turn: &CompanyTurn,
        lay: &TileLay,
    ) -> Result<PlannedLay, Violation> {
        track::judge_lay(self, company, turn, lay)
    }

    fn judge_station(&self, company: Company, at: &StationPlacement) -> Result<u32, Violation> {
        stations::judge_station(self, company, at)
    }

    fn route_revenue(&self, company: Company, routes: &[Route]) -> Result<u32, Violation> {
        routes::route_revenue(self, company, routes)
    }

    /// A minor pays out (or, with no revenue, withholds): g_1846 `MinorHalfPay`.
    /// A minor buys no train: its 2 is its own (18xx.games' `BuyTrain` offers a minor
    /// nothing).
    fn buys_trains(&self, company: Company) -> bool {
        !company.is_minor()
    }

    /// 18xx.games skips the routes and dividend of a corporation that can run nothing as
    /// soon as its track step is over (`steps::routes_skipped`).
    fn routes_skipped(&self, company: Company) -> bool {
        steps::routes_skipped(self, company)
    }

    /// 18xx.games skips the `Route` step of a company that can run no route (`Route#actions`),
    /// so a receivership's turn without one plays itself: its $0 withheld at once.
    fn receivership_runs(&self, company: Company) -> bool {
        !self.company(company).trains.is_empty() && routes::can_run_a_route(self, company)
    }

    /// 18xx.games skips the dividend step for $0 and for a minor (`Dividend#skip!`,
    /// `MinorHalfPay#skip!`).
    fn has_dividend_step(&self, company: Company, revenue: u32) -> bool {
        revenue > 0 && !company.is_minor()
    }

    /// A revenue of $0 is withheld (18xx.games has no dividend step for it: `Dividend#skip!`);
    /// a minor pays half its revenue to its owner whenever it earns (`MinorHalfPay#skip!`:
    /// not the owner's choice).
    fn dividend_kinds(&self, company: Company, revenue: u32) -> &'static [DividendKind] {
        if revenue == 0 {
            &[DividendKind::Withhold]
        } else if company.is_minor() {
            &[DividendKind::Payout]
        } else {
            &[
                DividendKind::Payout,
                DividendKind::Half,
                DividendKind::Withhold,
            ]
        }
    }

    fn pay_dividend(&mut self, company: Company, revenue: u32, kind: DividendKind) -> Vec<Event> {
        if company.is_minor() {
            return minors::pay_minor(self, company, revenue, kind);
        }
        let mut events = kit::dividends::pay_shareholders(self, company, revenue, kind);
        receivership_without_train_falls(self, company, revenue, &mut events);
        events
    }

    /// The privates a player holds at face value, and the minors they own at their cards'
    /// (MS $60, Big 4 $40: 18xx.games' `Player#value` counts the minors' company cards).
    fn other_wealth(&self, seat: Seat) -> u32 {
        use super::action::Purchase;
        let privates: u32 = self
            .privates
            .iter()
            .filter(|p| !p.closed && p.owner == PrivateOwner::Player { seat })
            .map(|p| companies::face_value(Purchase::Private(p.private)))
            .sum();
        let minors: u32 = Company::MINORS
            .into_iter()
            .filter(|&m| {
                let entry = self.company(m);
                !entry.closed && entry.president == Some(seat)
            })
            .map(|m| companies::face_value(Purchase::Minor(m)))
            .sum();
        privates + minors
    }

    fn enter_game_ended(&mut self, ranking: Vec<Standing>) {
        self.round = Round::GameEnded { ranking };
    }

    /// A bankrupt player's privates close, and so do their minors (g_1846 step/bankrupt.rb:
    /// `close_corporation(minor)` for each the player owns).
    fn on_bankrupt(&mut self, player: Seat) {
        for p in self.privates.iter_mut() {
            if p.owner == (PrivateOwner::Player { seat: player }) {
                p.closed = true;
            }
        }
        for minor in Company::MINORS {
            let entry = self.company(minor);
            if !entry.closed && entry.president == Some(player) {
                // The kit's bankruptcy reports the player's end; the minor's closing goes with it.
                crate::games::kit18xx::shares::close(self, minor, &mut Vec::new());
            }
        }
    }

    fn train_card(&self, index: usize) -> Option<TrainCard<'static>> {
        super::trains::card(self.players.len(), index)
    }

    /// 18xx.games' 1846 `buyable_trains`: other companies' trains are withheld only once the
    /// company issued in an emergency (`@last_share_issued_price`) or its president sold
    /// (`@last_share_sold_price`), not merely for being short of the depot's cheapest.
    fn buys_from_others_when_short(&self) -> bool {
        true
    }

    /// 18xx.games' 1846: emergency money may be raised for either side of the depot's card
    /// (`emergency_issuable_bundles`, `needed_cash`, `buyable_train_variants`).
    fn issues_on_bankruptcy(&self) -> bool {
        true
    }

    fn emergency_rule(&self) -> EmergencyRule {
        EmergencyRule::EitherSide
    }

    fn side_price(&self, side: &TrainSide) -> u32 {
        side.price
    }

    fn depot(&self) -> &[u8] {
        &self.depot
    }

    fn depot_mut(&mut self) -> &mut [u8] {
        &mut self.depot
    }

    fn discard_pile(&self) -> &[super::state::Train] {
        &self.discard_pile
    }

    fn discard_pile_mut(&mut self) -> &mut Vec<super::state::Train> {
        &mut self.discard_pile
    }

    fn phase(&self) -> usize {
        usize::from(self.phase)
    }

    fn set_phase(&mut self, phase: usize) {
        self.phase = u8::try_from(phase).unwrap_or(u8::MAX);
    }

    fn phase_name(&self, phase: usize) -> String {
        components()
            .phases
            .get(phase)
            .map_or_else(String::new, |p| p.name.clone())
    }

    fn phase_starts_on(&self, phase: usize) -> Option<&'static str> {
        components().phases.get(phase).and_then(|p| p.on.as_deref())
    }

    fn train_limit(&self, _company: Company) -> usize {
        components()
            .phases
            .get(usize::from(self.phase))
            .map_or(0, |p| usize::from(p.train_limit))
    }

    fn phase_train_effects(
        &self,
        phase: usize,
    ) -> (&'static [&'static str], &'static [&'static str]) {
        super::trains::effects(phase)
    }

    fn on_phase(&mut self, phase: usize, events: &mut Vec<Event>) {
        super::trains::on_phase(self, phase, events);
    }
}

/// #receivership: a corporation in receivership that owns no train, its $0 withheld, moves one
/// space further left, unless the withholding took it to $0 (g_1846 `Dividend#skip!`: "is in
/// receivership and does not own a train").
fn receivership_without_train_falls(
    state: &mut State,
    company: Company,
    revenue: u32,
    events: &mut Vec<Event>,
) {
    let entry = state.company(company);
    if !entry.receivership || !entry.trains.is_empty() || entry.closed || revenue > 0 {
        return;
    }
    crate::games::kit18xx::shares::move_price(state, company, -1, events);
}
