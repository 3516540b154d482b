//! Setting up a game of 1846: the deal from the seed (removals and the draft's deck, as
//! 18xx.games deals them: `dealing`), the players' cash, the bank, the corporations, the
//! minors with their 2-trains and home stations, and the depot.

use crate::games::kit18xx::table::Holdings;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::components;
use super::dealing::{Dealing, deal};
use super::ids::{Company, Private, Seat};
use super::rules::section;
use super::state::{
    CompanyState, GameTag, Player, PrivateOwner, PrivateState, RulesVersion, State, Train,
};
use crate::core::Violation;
use crate::games::kit18xx::board::{Board, Station};

/// How an 1846 game is set up: the number of players and the optional rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = G1846Options)]
pub struct Options {
    /// 3, 4 or 5.
    #[schema(minimum = 3, maximum = 5)]
    #[serde(default = "default_players")]
    pub players: u8,
    /// The optional rule "1st Edition private companies" (18xx.games' `first_ed`): no
    /// Boomtown and no Little Miami, fewer privates removed. On by default, as most of the
    /// site's games play it.
    #[serde(default = "default_first_edition")]
    pub first_edition: bool,
}

fn default_players() -> u8 {
    4
}

fn default_first_edition() -> bool {
    true
}

impl Default for Options {
    fn default() -> Options {
        Options {
            players: default_players(),
            first_edition: default_first_edition(),
        }
    }
}

/// The game dealt from `seed` (18xx.games' seed: an export replays from its own).
pub fn setup(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
    let players = usize::from(options.players);
    let c = components();
    let key = options.players.to_string();
    let (Some(&cash), Some(&bank)) = (c.game.starting_cash.get(&key), c.game.bank.get(&key)) else {
        return Err(vec![Violation::new(
            "bad_player_count",
            section::SETUP,
            format!("1846 is for 3 to 5 players, not {}", options.players),
        )]);
    };
    let dealing = deal(seed, players, options.first_edition).map_err(|v| vec![v])?;
    let mut state = State {
        game: GameTag::G1846,
        rules_version: RulesVersion::V1,
        moves: 0,
        first_edition: options.first_edition,
        players: Seat::ALL[..players]
            .iter()
            .map(|&seat| Player {
                seat,
                cash,
                bankrupt: false,
            })
            .collect(),
        companies: Company::ALL.iter().map(|&c| unstarted(c)).collect(),
        removed_corporations: Vec::new(),
        privates: privates_in_play(&dealing),
        bank: i64::from(bank) - i64::from(cash) * i64::from(options.players),
        bank_broken: false,
        board: Board::default(),
        phase: 0,
        depot: depot(players),
        discard_pile: Vec::new(),
        arrivals: 0,
        closing_held: false,
        priority_deal: Seat::P1,
        markers: Vec::new(),
        abilities_used: Vec::new(),
        assigned_this_round: Vec::new(),
        resting_trains: Vec::new(),
        gained_stations: Vec::new(),
        removed_trains: Vec::new(),
        round: super::draft::first_round(&dealing),
    };
    remove_corporations(&mut state, &dealing);
    give_minors_their_trains_and_homes(&mut state);
    Ok(state)
}

fn unstarted(company: Company) -> CompanyState {
    CompanyState {
        company,
        price: None,
        arrived: 0,
        president: None,
        holdings: Holdings::new(),
        treasury_shares: if company.is_minor() { 0 } else { 100 },
        market_shares: 0,
        cash: 0,
        operated: false,
        closed: false,
        receivership: false,
        trains: Vec::new(),
    }
}

/// The privates dealt into the game (not removed), unsold, in the order of the data.
fn privates_in_play(dealing: &Dealing) -> Vec<PrivateState> {
    Private::ALL
        .into_iter()
        .filter(|p| dealing.deck.iter().any(|card| card.id == p.id()))
        .map(|private| PrivateState {
            private,
            owner: PrivateOwner::Unsold {},
            closed: false,
        })
        .collect()
}

/// The train cards in the depot for `players`: the unlimited card counts the source's number.
fn depot(players: usize) -> Vec<u8> {
    components()
        .trains
        .iter()
        .map(|t| {
            t.count_by_players
                .as_ref()
                .and_then(|by| by.get(&players.to_string()).copied())
                .or(t.source_count)
                .unwrap_or(0)
        })
        .collect()
}

/// The removed corporations never play; their home stations stay on the map
/// (g_1846/game.rb `setup`: `place_home_token` for each).
fn remove_corporations(state: &mut State, dealing: &Dealing) {
    for id in &dealing.removed_corporations {
        let Some(company) = Company::from_symbol(id) else {
            continue;
        };
        state.companies[company.index()].closed = true;
        state.removed_corporations.push(company);
        if let Some(data) = components().corporation(id) {
            state.board.stations.push(Station {
                company: id.into(),
                hex: data.home.hex.as_str().into(),
                city: data.home.city,
            });
        }
    }
}

/// Each minor starts with a 2-train from the depot (the first two, in order) and its home
/// station (g_1846/game.rb `setup`), whoever comes to own it in the draft.
fn give_minors_their_trains_and_homes(state: &mut State) {
    for (k, minor) in components().minors.iter().enumerate() {
        let Some(company) = Company::from_symbol(&minor.id) else {
            continue;
        };
        if let Some(card) = components().trains.iter().position(|t| t.id == minor.train) {
            state.depot[card] = state.depot[card].saturating_sub(1);
        }
        state.companies[company.index()].trains.push(Train {
            id: compact_str::format_compact!("{}-{k}", minor.train),
            card: minor.train.as_str().into(),
            side: minor.train.as_str().into(),
            phased_out: false,
        });
        state.board.stations.push(Station {
            company: minor.id.as_str().into(),
            hex: minor.home.hex.as_str().into(),
            city: minor.home.city,
        });
    }
}
