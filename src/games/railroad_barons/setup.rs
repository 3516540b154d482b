//! Setting up a game: components, cash, certificates in the bank, the $450 Investor's bundle.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::Components;
use super::ids::{Colour, Investor, Seat};
use super::rules::{CERTIFICATES, DIRECTOR_CERTIFICATE, START_CASH};
use super::state::{Certificate, GameTag, Holding, Owner, Player, Round, RulesVersion, State};
use crate::core::{Rng, Violation};

/// Options of a new game. Both are optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsOptions)]
pub struct Options {
    /// The start player; drawn from the seed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_player: Option<Seat>,
    /// Replacement component values (e.g. the printed ones); the provisional set when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<Components>,
}

pub fn setup(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
    let components = options
        .components
        .clone()
        .unwrap_or_else(Components::provisional);
    let problems = components.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let start_player = options.start_player.unwrap_or_else(|| {
        if Rng::new(seed).below(2) == 0 {
            Seat::A
        } else {
            Seat::B
        }
    });
    let players: Vec<Player> = Seat::ALL
        .iter()
        .map(|&seat| Player {
            seat,
            cash: START_CASH,
            investors: Vec::new(),
            priority_swap_used: false,
            owes_sell_down: false,
        })
        .collect();
    let holdings = Colour::ALL
        .iter()
        .map(|&colour| Holding {
            colour,
            share_value: None,
            start_value: None,
            director: None,
            floated: false,
            cash: 0,
            certificates: CERTIFICATES
                .iter()
                .map(|&percent| Certificate {
                    percent,
                    // MS&C's Director certificate lies on the $450 Investor until the draft.
                    owner: if colour == Colour::Green && percent == DIRECTOR_CERTIFICATE {
                        Owner::Investor450
                    } else {
                        Owner::Bank
                    },
                })
                .collect(),
            operators_invested: 0,
            railroads: Vec::new(),
            investors: Vec::new(),
        })
        .collect();
    let dominion_atlantic = components.dominion_atlantic;
    let railroad_stack = (0..components.railroads.len() as u8)
        .filter(|&id| id != dominion_atlantic)
        .collect();
    Ok(State {
        game: GameTag::RailroadBarons,
        rules_version: RulesVersion::V1,
        moves: 0,
        components,
        players,
        holdings,
        railroad_stack,
        railroads_out_of_game: Vec::new(),
        investors_out_of_game: Vec::new(),
        investor_450_railroad: Some(dominion_atlantic),
        start_player,
        priority_deal: start_player,
        bank_paid_out: i64::from(START_CASH) * 2,
        round: Round::InvestorDraft {
            offers_made: 0,
            pool: Investor::ALL.to_vec(),
            offer: None,
            start_value_due: None,
        },
    })
}
