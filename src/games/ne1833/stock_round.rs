//! 1833NE's stock rounds are the kit's (`kit18xx::stock_round`): this gives them 1833NE's
//! round record, numbers and sections, and what comes after (the operating rounds).

use super::data::components;
use super::event::Event;
use super::ids::{Company, Seat};
use super::rules::section;
use super::state::{Round, State};
use super::turns::{not_your_turn, wrong_round};
use crate::core::Violation;
use crate::games::kit18xx::stock_round::{StockSections, StockTitle};
pub use crate::games::kit18xx::stock_round::{
    begin, buy_shares, judge_sale, par, pass, perform_sale, sell_shares,
};

const SECTIONS: StockSections = StockSections {
    stock_round: section::STOCK_ROUND,
    starting: section::STARTING,
    buying: section::BUYING,
    selling: section::SELLING,
    certificate_limit: section::CERTIFICATE_LIMIT,
};

/// The certificate limit for the number of players and of companies in play.
pub fn certificate_limit(state: &State) -> usize {
    let in_play = state.companies.iter().filter(|c| !c.closed).count().max(5);
    components()
        .cert_limits
        .get(&state.players.len().to_string())
        .and_then(|by| by.get(&in_play.to_string()))
        .map_or(0, |&l| l as usize)
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

    /// The home station: 1833NE's start brings nothing else.
    fn on_start(&mut self, company: Company, _share_price: u32, events: &mut Vec<Event>) {
        if super::stations::place_home(&mut self.board, components(), company.symbol()).is_ok()
            && let Some(s) = self.board.stations_of(company.symbol()).next()
        {
            events.push(Event::StationPlaced {
                corporation: company,
                hex: s.hex.to_string(),
                city: s.city,
                cost: 0,
            });
        }
    }

    fn operating_order(&self) -> Vec<Company> {
        super::operating_round::operating_order(self, false)
    }

    fn after_stock_round(&mut self, number: u32) -> Vec<Event> {
        crate::games::kit18xx::operating_round::begin(self, number, 1)
    }

    fn not_your_turn(&self, player: Seat, to_act: Seat) -> Violation {
        not_your_turn(player, to_act)
    }

    fn wrong_round(&self, action: &str) -> Violation {
        wrong_round(action, self)
    }
}
