//! Setting up a game: players' cash, the bank, the companies' certificates, the depot.

use crate::games::kit18xx::table::Holdings;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::board::Board;
use super::data::{Provisional, components};
use super::ids::{Company, Private, Seat};
use super::rules::section;
use super::state::{
    CompanyState, GameTag, Player, PrivateOwner, PrivateState, Round, RulesVersion, State,
};
use crate::core::Violation;

/// How a 1833NE game is set up: the number of players and, optionally, provisional values in
/// place of the defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Ne1833Options)]
pub struct Options {
    /// 3, 4 or 5.
    #[schema(minimum = 3, maximum = 5)]
    #[serde(default = "default_players")]
    pub players: u8,
    /// Replacement values for the provisional components (ferries, bonuses).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<Provisional>,
}

fn default_players() -> u8 {
    4
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: default_players(),
            provisional: None,
        }
    }
}

pub fn setup(options: &Options, _seed: u64) -> Result<State, Vec<Violation>> {
    let c = components();
    let Some(&cash) = c.game.starting_cash.get(&options.players.to_string()) else {
        return Err(vec![Violation::new(
            "bad_player_count",
            section::SETUP,
            format!("1833NE is for 3 to 5 players, not {}", options.players),
        )]);
    };
    let provisional = options.provisional.clone().unwrap_or_default();
    let problems = super::invariants::provisional_problems(&provisional);
    if !problems.is_empty() {
        return Err(problems);
    }
    let players: Vec<Player> = Seat::ALL
        .iter()
        .take(usize::from(options.players))
        .map(|&seat| Player {
            seat,
            cash,
            bankrupt: false,
        })
        .collect();
    let companies = Company::ALL
        .iter()
        .map(|&company| CompanyState {
            company,
            price: None,
            arrived: 0,
            president: None,
            holdings: Holdings::new(),
            treasury_shares: 100,
            market_shares: 0,
            cash: 0,
            operated: false,
            closed: false,
            receivership: false,
            trains: Vec::new(),
        })
        .collect();
    let privates = Private::ALL
        .iter()
        .map(|&private| PrivateState {
            private,
            owner: PrivateOwner::Unsold {},
            closed: false,
            flipped: false,
        })
        .collect();
    Ok(State {
        game: GameTag::Ne1833,
        rules_version: RulesVersion::V1,
        moves: 0,
        provisional,
        bank: i64::from(c.game.bank) - i64::from(cash) * i64::from(options.players),
        bank_broken: false,
        players,
        companies,
        privates,
        board: Board::default(),
        phase: 0,
        depot: c.trains.iter().map(|t| t.count).collect(),
        discard_pile: Vec::new(),
        arrivals: 0,
        priority_deal: Seat::P1,
        ferries: Vec::new(),
        lowell_free_tile: None,
        luxury_ferry: None,
        champlain_lays: Vec::new(),
        removed_trains: Vec::new(),
        round: Round::Auction {
            to_act: Seat::P1,
            bids: Vec::new(),
            passes_in_a_row: 0,
            contest: None,
        },
    })
}
