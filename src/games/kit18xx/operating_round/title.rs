//! What a title says of its operating round: [`OperatingTitle`], the state and rules the kit's
//! steps read.

use super::{
    OperatingEvent, OperatingRound, OperatingRoundMut, OperatingRoundRef, OperatingSections,
    TurnRecord, by_price, dividends,
};
use crate::core::Violation;
use crate::games::kit18xx::map::TrainSide;
use crate::games::kit18xx::market::DividendKind;
use crate::games::kit18xx::routes::Route;
use crate::games::kit18xx::stations::StationPlacement;
use crate::games::kit18xx::stock_round::StockTitle;
use crate::games::kit18xx::table::{Seat, Standing, Train};
use crate::games::kit18xx::track::{PlannedLay, TileLay};

/// A title's state as its operating rounds read it.
pub trait OperatingTitle: StockTitle<Event: From<OperatingEvent<Self::Company>>> {
    type Turn: TurnRecord;

    /// The operating round in progress, if any.
    fn operating_round(&self) -> Option<OperatingRoundRef<'_, Self::Company, Self::Turn>>;
    fn operating_round_mut(&mut self) -> Option<OperatingRoundMut<'_, Self::Company, Self::Turn>>;
    /// Makes `record` the round in progress.
    fn enter_operating_round(&mut self, record: OperatingRound<Self::Company, Self::Turn>);
    fn operating_sections(&self) -> &'static OperatingSections;

    /// Operating rounds in the set after a stock round (1833NE, 1846: two).
    fn operating_rounds(&self) -> u8 {
        2
    }
    /// What happens as an operating round begins, before any operator (private income).
    fn before_operators(&mut self) -> Vec<Self::Event>;
    /// The operators of a new round in order. The default: the started corporations by
    /// price ([`by_price`]), lowest first in the game's first round. (1846 puts its minors
    /// first.)
    fn operators(&self, first_of_game: bool) -> Vec<Self::Company> {
        by_price(self, first_of_game)
    }
    /// Whether `company` operates when its turn comes (open; started, or a minor).
    fn operates(&self, company: Self::Company) -> bool {
        let entry = self.company(company);
        !entry.closed && entry.is_started()
    }
    /// Judges a lay by the operating company in its turn `turn` (before routes, the lays
    /// left, the title's blocks and discounts): its kind and cost.
    fn judge_lay(
        &self,
        company: Self::Company,
        turn: &Self::Turn,
        lay: &TileLay,
    ) -> Result<PlannedLay, Violation>;
    /// What a lay the title judged uses up of its own (1833NE: P2's free tile).
    fn after_lay(&mut self, _company: Self::Company, _lay: &TileLay) {}
    /// Judges a station the operating company places at `at` (its reservations, its
    /// prices): its cost.
    fn judge_station(
        &self,
        company: Self::Company,
        at: &StationPlacement,
    ) -> Result<u32, Violation>;
    /// The revenue of the operating company's `routes`, judged with the title's route
    /// context (its bonuses, its blocks).
    fn route_revenue(&self, company: Self::Company, routes: &[Route]) -> Result<u32, Violation>;
    /// Whether `company` buys trains (1846's minors never do); by default every company.
    fn buys_trains(&self, _company: Self::Company) -> bool {
        true
    }
    /// Whether the title's site has made the routes and dividend of `company` already, though
    /// not yet recorded here: 1846's skips them once the track step is over for a company that
    /// can run nothing, which closes the issue step; by default never.
    fn routes_skipped(&self, _company: Self::Company) -> bool {
        false
    }
    /// Whether a company in receivership waits for a player to submit its routes: by default
    /// when it owns a train; 1846's only when it can run one (the site skips the `Route`
    /// step of a company with no route, and the rest of a receivership's turn plays itself).
    fn receivership_runs(&self, company: Self::Company) -> bool {
        !self.company(company).trains.is_empty()
    }
    /// Whether the title has a dividend step for `company`'s `revenue` (1846 has none for $0
    /// nor for a minor: the dividend is made with the routes, which closes the issue step);
    /// by default always.
    fn has_dividend_step(&self, _company: Self::Company, _revenue: u32) -> bool {
        true
    }
    /// The dividend kinds `company` may choose (1846's minors only pay out: half to the
    /// owner, half to the minor).
    fn dividend_kinds(&self, _company: Self::Company, _revenue: u32) -> &'static [DividendKind] {
        &[
            DividendKind::Payout,
            DividendKind::Half,
            DividendKind::Withhold,
        ]
    }
    /// Pays the revenue out: the default, per 10% share with the price move
    /// ([`dividends::pay_shareholders`]). A title's minors pay their own way.
    fn pay_dividend(
        &mut self,
        company: Self::Company,
        revenue: u32,
        kind: DividendKind,
    ) -> Vec<Self::Event> {
        dividends::pay_shareholders(self, company, revenue, kind)
    }
    /// What a player's wealth counts besides cash and shares (1833NE: privates at list price
    /// before phase III).
    fn other_wealth(&self, _seat: Seat) -> u32 {
        0
    }
    /// Makes the game ended with `ranking`.
    fn enter_game_ended(&mut self, ranking: Vec<Standing>);
    /// What a bankrupt player's own pieces do (1833NE: their privates close).
    fn on_bankrupt(&mut self, player: Seat);

    // ---- Trains and phases (`kit18xx::trains`) ----

    /// The train card at `index` in depot order (`None` past the last).
    fn train_card(&self, index: usize)
    -> Option<crate::games::kit18xx::trains::TrainCard<'static>>;

    /// Whether a company short of the depot's cheapest train may still buy another company's
    /// train with its own cash, before any emergency issue (1846) or not (1833NE's R3b).
    fn buys_from_others_when_short(&self) -> bool {
        false
    }
    /// Whether declaring bankruptcy first makes the company's largest emergency issue still
    /// allowed, the declaration then judged on what is left (18xx.games' 1846, "the company
    /// issues all it can", 7.12); by default bankruptcy waits until no issue is left.
    fn issues_on_bankruptcy(&self) -> bool {
        false
    }
    /// What a company's emergency money is raised for (1833NE's ruling R3 by default).
    fn emergency_rule(&self) -> crate::games::kit18xx::emergency::EmergencyRule {
        crate::games::kit18xx::emergency::EmergencyRule::CheaperSide
    }
    /// What a side costs (1833NE's unlimited 7+3: $1,000 over its printed price).
    fn side_price(&self, side: &TrainSide) -> u32 {
        side.price
    }
    /// Copies left in the depot, per card.
    fn depot(&self) -> &[u8];
    fn depot_mut(&mut self) -> &mut [u8];
    /// Trains returned to the bank that the depot sells again (`trains::return_trains`).
    fn discard_pile(&self) -> &[Train];
    fn discard_pile_mut(&mut self) -> &mut Vec<Train>;
    /// The phase now, 0 first.
    fn phase(&self) -> usize;
    fn set_phase(&mut self, phase: usize);
    fn phase_name(&self, phase: usize) -> String;
    /// The train card whose first purchase starts `phase` (`None` past the last).
    fn phase_starts_on(&self, phase: usize) -> Option<&'static str>;
    /// The train limit of `company` now (1846's minors have their own).
    fn train_limit(&self, company: Self::Company) -> usize;
    /// The cards `phase` phases out (they run once more) and the cards it removes.
    fn phase_train_effects(
        &self,
        phase: usize,
    ) -> (&'static [&'static str], &'static [&'static str]);
    /// What `phase` does to the title's own pieces (privates closed, ferries removed).
    fn on_phase(&mut self, phase: usize, events: &mut Vec<Self::Event>);
}
