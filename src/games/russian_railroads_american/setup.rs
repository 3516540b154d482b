//! Setting up: the base game's setup by player count (rules #setup) with the American boards
//! (the seed): boulders, both industry markers on 0, the stocks board, the steelworks. Every
//! random draw from the seeded generator, in this order: the turn order, stack A, stack B, the
//! end-bonus cards.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{Colour, Components, IndustrySpace};
use super::state::{
    GameTag, IndustryState, Phase, Pile, Player, RailroadState, RulesVersion, Seat, State,
    StockLevel, Track, Turn,
};
use crate::core::{Rng, Violation};

/// Options of a new game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RussianRailroadsAmericanOptions)]
pub struct Options {
    /// 2 to 4.
    #[schema(minimum = 2, maximum = 4)]
    #[serde(default = "two")]
    pub players: u8,
    /// Replacement component data; the provisional set when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<Components>,
}

fn two() -> u8 {
    2
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            components: None,
        }
    }
}

pub const SETUP_SECTION: &str = super::rules::section::SETUP;

pub fn setup(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
    // Long: builds the starting state field by field, as the setup lists it.
    let components = options
        .components
        .clone()
        .unwrap_or_else(Components::provisional);
    let mut problems = components.problems();
    let count = components
        .player_counts
        .iter()
        .find(|p| p.players == options.players)
        .copied();
    if !(2..=4).contains(&options.players) || count.is_none() {
        problems.push(Violation::new(
            "player_count",
            SETUP_SECTION,
            format!("{} players; the game is for 2 to 4", options.players),
        ));
    }
    let Some(count) = count.filter(|_| problems.is_empty()) else {
        return Err(problems);
    };
    let mut rng = Rng::new(seed);
    let seats: Vec<Seat> = Seat::ALL[..usize::from(options.players)].to_vec();
    let mut turn_order = seats.clone();
    rng.shuffle(&mut turn_order);
    let players = seats
        .iter()
        .map(|&seat| new_player(&components, seat, count.coins, count.workers))
        .collect();
    let engineer_strip =
        deal_engineers(&components, count.engineers_a, count.engineers_b, &mut rng);
    let mut end_bonus_deck: Vec<u8> = (0..components.end_bonus_cards.len() as u8).collect();
    rng.shuffle(&mut end_bonus_deck);
    let end_bonus_removed = end_bonus_deck
        .drain(..usize::from(components.end_bonus_removed))
        .collect();
    let piles = components
        .locomotives
        .iter()
        .filter(|l| l.number > 1)
        .map(|l| Pile {
            number: l.number,
            left: options.players,
        })
        .collect();
    // Seats 4th, 3rd and 2nd take a starting bonus, last first; the first player none.
    let mut to_choose: Vec<Seat> = turn_order.iter().skip(1).rev().copied().collect();
    let first = to_choose.remove(0);
    Ok(State {
        game: GameTag::RussianRailroadsAmerican,
        rules_version: RulesVersion::V1,
        moves: 0,
        rng,
        players,
        round: 1,
        turn_order,
        placements: Vec::new(),
        piles,
        returned_factories: Vec::new(),
        engineer_strip,
        end_bonus_deck,
        end_bonus_removed,
        starting_bonuses: components
            .starting_bonuses
            .iter()
            .map(|b| b.bonus)
            .collect(),
        stock_levels: vec![
            StockLevel {
                token: None,
                chosen_by: None,
                markers: Vec::new()
            };
            usize::from(components.stock_levels)
        ],
        dividend_tokens: (0..components.dividend_tokens.len() as u8).collect(),
        steelworks: vec![None; components.steelworks.len()],
        doublers: components.doublers,
        engineers_gone: Vec::new(),
        phase: Phase::StartingBonuses {
            to_act: first,
            next: to_choose,
        },
        turn: Turn::default(),
        components,
    })
}

/// A player's board: a black track on space 1 of each railroad, locomotive #1 on the first,
/// the boulders in place, both industry markers on 0.
fn new_player(c: &Components, seat: Seat, coins: u8, workers: u8) -> Player {
    let railroads = c
        .railroads
        .iter()
        .enumerate()
        .map(|(i, r)| RailroadState {
            tracks: vec![Track {
                colour: Colour::Black,
                space: 1,
            }],
            locomotives: if i == 0 { vec![1] } else { Vec::new() },
            doublers: Vec::new(),
            boulder: r.boulder.is_some(),
        })
        .collect();
    let industry = c
        .industry_tracks
        .iter()
        .map(|t| IndustryState {
            marker: 0,
            factories: vec![
                None;
                t.spaces
                    .iter()
                    .filter(|s| matches!(s, IndustrySpace::Gap {}))
                    .count()
            ],
            boulder: t
                .spaces
                .iter()
                .any(|s| matches!(s, IndustrySpace::Boulder { .. })),
        })
        .collect();
    Player {
        seat,
        coins,
        workers,
        temporary_workers: 0,
        points: 0,
        railroads,
        unlocked: vec![Colour::Black],
        industry,
        engineers: Vec::new(),
        end_bonus: Vec::new(),
        stock_level: 0,
        coin_spaces_done: Vec::new(),
        specials_met: Vec::new(),
        question_tokens: Vec::new(),
        engineers_used: Vec::new(),
        passed: false,
    }
}

/// Stacks A and B shuffled; the strip holds B's then A's, so that A's reach the public and
/// hiring places (the rightmost three) first as the strip slides right each round.
fn deal_engineers(c: &Components, a: u8, b: u8, rng: &mut Rng) -> Vec<Option<u8>> {
    let mut stack = |letter: char, n: u8| {
        let mut numbers: Vec<u8> = c
            .engineers
            .iter()
            .filter(|e| e.stack == letter)
            .map(|e| e.number)
            .collect();
        rng.shuffle(&mut numbers);
        numbers.truncate(usize::from(n));
        numbers
    };
    let from_a = stack('A', a);
    let from_b = stack('B', b);
    from_b.into_iter().chain(from_a).map(Some).collect()
}
