//! 1846's stock rounds are the kit's (`kit18xx::stock_round`): this gives them 1846's round
//! record, numbers and sections, its home stations (placed when a corporation starts:
//! g_1846 `HOME_TOKEN_TIMING = :float`) and what comes after.

use super::data::components;
use super::event::Event;
use super::ids::{Company, Seat};
use super::rules::section;
use super::state::{Round, State};
use super::turns::{not_your_turn, wrong_round};
use crate::core::Violation;
use crate::games::kit18xx::stock_round::{StockSections, StockTitle};
pub use crate::games::kit18xx::stock_round::{
    begin, buy_shares, has_choice, judge_sale, par, pass, perform_sale, sell_shares,
};
use crate::games::kit18xx::table::Table as _;

const SECTIONS: StockSections = StockSections {
    stock_round: section::STOCK_ROUND,
    starting: section::STARTING,
    buying: section::BUYING,
    selling: section::SELLING,
    certificate_limit: section::CERTIFICATE_LIMIT,
};

/// The certificate limit (GMT rule 5.41) for the players and the corporations available or in
/// play: those not removed at setup and not closed.
pub fn certificate_limit(state: &State) -> usize {
    let in_play = Company::CORPORATIONS
        .iter()
        .filter(|&&c| !state.companies[c.index()].closed)
        .count();
    let players = u8::try_from(state.players.len()).unwrap_or(0);
    components()
        .cert_limit(players, in_play)
        .map_or(0, |l| l as usize)
}

impl StockTitle for State {
    crate::games::kit18xx::stock_round::stock_round_views!(Round::StockRound, Company);

    fn priority_deal_mut(&mut self) -> &mut Seat {
        &mut self.priority_deal
    }

    fn sections(&self) -> &'static StockSections {
        &SECTIONS
    }

    fn par_values(&self) -> &'static [u32] {
        &components().par_values
    }

    fn certificate_limit(&self) -> usize {
        certificate_limit(self)
    }

    /// 7.13 NOTE, as 18xx.games plays it (g_1846 `BuySellParShares`: the bundle rebuilt as
    /// 10%, the buyer holding a share already).
    fn receivership_presidency_as_a_share(&self) -> bool {
        true
    }

    /// The home station (g_1846 `HOME_TOKEN_TIMING = :float`: placed when the corporation
    /// starts), and the IC's subsidy: the bank pays it its par price (g_1846/game.rb
    /// `action_processed` on the IC's par).
    fn on_start(&mut self, company: Company, share_price: u32, events: &mut Vec<Event>) {
        if company == Company::Ic {
            self.bank_pays_company(company, share_price);
            events.push(Event::Subsidy {
                corporation: company,
                amount: share_price,
            });
        }
        let Some(data) = components().corporation(company.symbol()) else {
            return;
        };
        let home = (data.home.hex.as_str(), data.home.city);
        let placed = crate::games::kit18xx::stations::place_home(
            &mut self.board,
            components(),
            section::STATIONS,
            company.symbol(),
            home,
        );
        if placed.is_ok() {
            events.push(Event::StationPlaced {
                corporation: company,
                hex: data.home.hex.clone(),
                city: data.home.city,
                cost: 0,
            });
        }
    }

    fn operating_order(&self) -> Vec<Company> {
        super::operating_round::operating_order(self, false)
    }

    fn after_stock_round(&mut self, number: u32) -> Vec<Event> {
        super::operating_round::begin(self, number, 1)
    }

    fn not_your_turn(&self, player: Seat, to_act: Seat) -> Violation {
        not_your_turn(player, to_act)
    }

    fn wrong_round(&self, action: &str) -> Violation {
        wrong_round(action, self)
    }
}
