//! Operating rounds (docs/rules/1833ne.md#operating-round): two after each stock round. Private
//! income, then each started company in operating order (the game's first round lowest price
//! first, later highest first, the first to reach a price first on a tie): issue or redeem,
//! track, a station, a ferry; run routes; pay out, half or withhold; buy trains; a company must
//! own a train.
//!
//! The round's order, the company's turn, issuing and redeeming, dividends and running routes
//! are the kit's (`kit18xx::operating_round`): this gives them 1833NE's round record, sections
//! and what it adds (private income, its routes' context). Its own steps have their own files,
//! named for what the company does; emergency money, bankruptcy and receivership are
//! `ne1833::emergency`, `ne1833::bankruptcy` and `ne1833::receivership`.

mod buying_privates;
mod ferries;
mod laying_track;
mod placing_stations;
mod private_abilities;
mod running_routes;

pub use buying_privates::{D_AND_H_SURCHARGE, buy_company, private_price_range};
pub use ferries::buy_ferry;
pub use laying_track::judge_lay;
pub use private_abilities::{assign_luxury_ferry, extra_sources, lay_champlain};
pub use running_routes::{band, owned_ferries, owned_trains, route_bonuses};

pub use crate::games::kit18xx::operating_round::buying_trains::{
    buy_train, buy_train_from, discard_train, require_discards,
};
pub use crate::games::kit18xx::operating_round::dividends::{
    dividend, pay_shareholders as pay_dividend, price_steps,
};
pub use crate::games::kit18xx::operating_round::issues::{issuable, issue, redeem};
pub use crate::games::kit18xx::operating_round::laying_track::lay;
pub use crate::games::kit18xx::operating_round::placing_stations::place_token;
pub use crate::games::kit18xx::operating_round::running_routes::run_routes;
pub use crate::games::kit18xx::operating_round::{
    advance, before_routes, begin, expect_president, pass, set_turn, start_turn_or_finish,
};

use crate::core::Violation;
use crate::games::kit18xx::map::TrainSide;
use crate::games::kit18xx::operating_round::{
    self as kit, OperatingSections, OperatingTitle, TurnRecord,
};
use crate::games::kit18xx::table::Table as _;
use crate::games::kit18xx::trains::TrainCard;
use crate::games::ne1833::data::components;
use crate::games::ne1833::end;
use crate::games::ne1833::event::{EndReason, Event, RoundKind};
use crate::games::ne1833::ids::{Company, Seat};
use crate::games::ne1833::routes::Route;
use crate::games::ne1833::rules::section;
use crate::games::ne1833::state::{CompanyTurn, PrivateOwner, Round, Standing, State, TurnLay};
use crate::games::ne1833::stations::StationPlacement;
use crate::games::ne1833::track::{PlannedLay, TileLay};
use crate::games::ne1833::trains;

/// The phase index from which reservations end and ferries are gone (phase IV).
pub(crate) const PHASE_IV: u8 = 3;

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

impl TurnRecord for CompanyTurn {
    crate::games::kit18xx::operating_round::turn_record_common!(TurnLay);
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

    fn before_operators(&mut self) -> Vec<Event> {
        pay_private_income(self)
    }

    fn judge_lay(
        &self,
        company: Company,
        turn: &CompanyTurn,
        lay: &TileLay,
    ) -> Result<PlannedLay, Violation> {
        judge_lay(self, company, turn, lay, None)
    }

    fn after_lay(&mut self, company: Company, lay: &TileLay) {
        laying_track::after_lay(self, company, lay);
    }

    fn judge_station(&self, company: Company, at: &StationPlacement) -> Result<u32, Violation> {
        placing_stations::judge_station(self, company, at)
    }

    fn route_revenue(&self, company: Company, routes: &[Route]) -> Result<u32, Violation> {
        running_routes::route_revenue(self, company, routes)
    }

    fn other_wealth(&self, seat: Seat) -> u32 {
        end::private_wealth(self, seat)
    }

    fn enter_game_ended(&mut self, ranking: Vec<Standing>) {
        self.round = Round::GameEnded { ranking };
    }

    /// A bankrupt player's privates close (ruling R4).
    fn on_bankrupt(&mut self, player: Seat) {
        for p in self.privates.iter_mut() {
            if p.owner == (PrivateOwner::Player { seat: player }) && !p.closed {
                p.closed = true;
            }
        }
    }

    fn train_card(&self, index: usize) -> Option<TrainCard<'static>> {
        trains::card(index)
    }

    fn side_price(&self, side: &TrainSide) -> u32 {
        trains::side_price(side)
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
        self.phase = phase as u8;
    }

    fn phase_name(&self, phase: usize) -> String {
        components().phases[phase].name.clone()
    }

    fn phase_starts_on(&self, phase: usize) -> Option<&'static str> {
        components().phases.get(phase).and_then(|p| p.on.as_deref())
    }

    fn train_limit(&self, _company: Company) -> usize {
        trains::train_limit(self)
    }

    fn phase_train_effects(
        &self,
        phase: usize,
    ) -> (&'static [&'static str], &'static [&'static str]) {
        trains::effects(phase)
    }

    fn on_phase(&mut self, phase: usize, events: &mut Vec<Event>) {
        trains::on_phase(self, phase, events);
    }
}

impl From<kit::EndReason> for EndReason {
    fn from(reason: kit::EndReason) -> EndReason {
        match reason {
            kit::EndReason::BankBroken => EndReason::BankBroken,
            kit::EndReason::Bankruptcies => EndReason::Bankruptcies,
            // 1833NE's end when no company is left is ruling R6's: the kit's `AllClosed` is
            // 1846's and never reached here.
            kit::EndReason::NothingCanChange | kit::EndReason::AllClosed => {
                EndReason::NothingCanChange
            }
        }
    }
}

crate::operating_events_into!(Event, Company, RoundKind);

/// The operating company and its turn (the kit's, on 1833NE's state: callers holding a
/// wrapper of the state reach it by deref).
pub fn current(state: &State) -> Option<(Company, &CompanyTurn)> {
    kit::current(state)
}

/// The operating order: started companies by price, highest first (lowest first in the game's
/// first round); on a tie, the one that reached the price first.
pub fn operating_order(state: &State, lowest_first: bool) -> Vec<Company> {
    kit::by_price(state, lowest_first)
}

/// Each private a player or company owns pays its income, unless closed or flipped.
pub fn pay_private_income(state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    for i in 0..state.privates.len() {
        let p = state.privates[i].clone();
        if p.closed || p.flipped {
            continue;
        }
        let amount = components().privates[p.private.index()].revenue;
        match p.owner {
            PrivateOwner::Player { seat } => {
                state.bank_pays_player(seat, amount);
                events.push(Event::PrivateIncome {
                    company: p.private,
                    to: seat,
                    amount,
                });
            }
            PrivateOwner::Company { company } => state.bank_pays_company(company, amount),
            PrivateOwner::Unsold {} => {}
        }
    }
    events
}
