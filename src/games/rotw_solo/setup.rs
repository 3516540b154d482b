//! Setting up a solo game: the seed's steps 1-12, every shuffle and draw from the seeded
//! generator, in this order: the bag, the cubes on the cities, the Railbot cards with the card
//! icon, the row (with Taxation and Deadhead put back), the draw pile, the Final Evaluation
//! among the bottom cards, the Service Bounties, the Operations pile, the Duel Barons.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::{Components, GoodsColour, OperationsEffect, RailbotEffect};
use super::state::{
    BaronInPlay, DisplayCard, GameTag, Operations, Phase, Railbot, RulesVersion, State,
};
use crate::core::{Rng, Violation};

/// Options of a new game; all optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RotwSoloOptions)]
pub struct Options {
    /// Play with the Duel Barons (target 140 instead of 125).
    #[serde(default)]
    pub duel_barons: bool,
    /// Replacement component data (a printed map and its cards); the provisional set when
    /// absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<Components>,
}

/// Railbot cards removed unseen at setup, from those with the card icon.
pub const REMOVED_UNSEEN: usize = 3;
/// Cards in the Railbot row.
pub const ROW: usize = 3;
/// The Final Evaluation is shuffled with this many cards from the bottom of the pile.
pub const FINAL_EVALUATION_AMONG: usize = 2;
/// Service Bounties face up at setup.
pub const SERVICE_BOUNTIES_SHOWN: usize = 2;
/// Duel Barons face up with the variant.
pub const BARONS_SHOWN: usize = 4;

pub fn setup(options: &Options, seed: u64) -> Result<State, Vec<Violation>> {
    let components = options
        .components
        .clone()
        .unwrap_or_else(Components::provisional);
    let problems = components.problems();
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut rng = Rng::new(seed);
    let (bag, city_cubes) = place_goods(&components, &mut rng);
    let railbot = deal_railbot(&components, &mut rng);
    let operations = deal_operations(&components, &mut rng);
    let barons = if options.duel_barons {
        deal_barons(&components, &mut rng)
    } else {
        Vec::new()
    };
    let empty_cities = Vec::new();
    Ok(State {
        game: GameTag::RotwSolo,
        rules_version: RulesVersion::V1,
        moves: 0,
        duel_barons_variant: options.duel_barons,
        rng,
        turn: 1,
        cash: 0,
        bonds: 0,
        points: 0,
        engine: 1,
        deliveries: 0,
        city_cubes,
        empty_cities,
        bag,
        new_cities: Vec::new(),
        links: Vec::new(),
        open_track: Vec::new(),
        major_lines: vec![None; components.major_lines.len()],
        hotels: Vec::new(),
        railbot,
        operations,
        barons,
        last_turn: None,
        decisions: Vec::new(),
        phase: Phase::Actions { taken: 0 },
        components,
    })
}

/// Step 5: the bag of every cube, shuffled; each city in play draws its printed count.
fn place_goods(c: &Components, rng: &mut Rng) -> (Vec<GoodsColour>, Vec<Vec<GoodsColour>>) {
    let mut bag: Vec<GoodsColour> = GoodsColour::ALL
        .iter()
        .flat_map(|&colour| std::iter::repeat_n(colour, usize::from(c.cubes_per_colour)))
        .collect();
    rng.shuffle(&mut bag);
    let mut city_cubes = Vec::with_capacity(c.map.cities.len());
    for city in &c.map.cities {
        let n = if city.in_play {
            usize::from(city.cubes).min(bag.len())
        } else {
            0
        };
        city_cubes.push(bag.drain(..n).collect());
    }
    (bag, city_cubes)
}

fn is_taxation_or_deadhead(effect: &RailbotEffect) -> bool {
    matches!(
        effect,
        RailbotEffect::Taxation {} | RailbotEffect::Deadhead {}
    )
}

/// Steps 6-9.
fn deal_railbot(c: &Components, rng: &mut Rng) -> Railbot {
    let deck = &c.railbot_deck;
    let final_evaluation = deck
        .iter()
        .position(|card| card.effect == RailbotEffect::FinalEvaluation {})
        .expect("checked: one Final Evaluation") as u8;
    // 6. The cards with the card icon, shuffled; three leave unseen.
    let mut with_icon: Vec<u8> = (0..deck.len() as u8)
        .filter(|&i| deck[usize::from(i)].card_icon && i != final_evaluation)
        .collect();
    rng.shuffle(&mut with_icon);
    let removed_unseen: Vec<u8> = with_icon.drain(..REMOVED_UNSEEN).collect();
    // 7. The row: a Taxation or Deadhead dealt is replaced, and shuffled back in.
    let mut row = Vec::with_capacity(ROW);
    while row.len() < ROW {
        let card = with_icon.remove(0);
        if is_taxation_or_deadhead(&deck[usize::from(card)].effect)
            && with_icon
                .iter()
                .any(|&i| !is_taxation_or_deadhead(&deck[usize::from(i)].effect))
        {
            with_icon.push(card);
            rng.shuffle(&mut with_icon);
            continue;
        }
        row.push(card);
    }
    // 8. Every other card but the Final Evaluation, shuffled: the draw pile.
    let mut pile: Vec<u8> = with_icon;
    pile.extend(
        (0..deck.len() as u8).filter(|&i| !deck[usize::from(i)].card_icon && i != final_evaluation),
    );
    rng.shuffle(&mut pile);
    // 9. The Final Evaluation shuffled with the bottom two, back at the bottom.
    let keep = pile.len().saturating_sub(FINAL_EVALUATION_AMONG);
    let mut bottom: Vec<u8> = pile.split_off(keep);
    bottom.push(final_evaluation);
    rng.shuffle(&mut bottom);
    pile.extend(bottom);
    Railbot {
        deck: pile,
        row,
        insurance: None,
        discard: Vec::new(),
        removed_unseen,
    }
}

/// Step 10: two Service Bounties face up, the others and the start cards out, the rest
/// shuffled with one dealt face up.
fn deal_operations(c: &Components, rng: &mut Rng) -> Operations {
    let cards = &c.operations_deck;
    let is_bounty = |i: u8| {
        matches!(
            cards[usize::from(i)].effect,
            OperationsEffect::ServiceBounty { .. }
        )
    };
    let mut bounties: Vec<u8> = (0..cards.len() as u8).filter(|&i| is_bounty(i)).collect();
    rng.shuffle(&mut bounties);
    let shown: Vec<u8> = bounties.drain(..SERVICE_BOUNTIES_SHOWN).collect();
    let mut out_of_game = bounties;
    out_of_game.extend(
        (0..cards.len() as u8)
            .filter(|&i| cards[usize::from(i)].effect == OperationsEffect::Start {}),
    );
    out_of_game.sort_unstable();
    let mut deck: Vec<u8> = (0..cards.len() as u8)
        .filter(|i| !shown.contains(i) && !out_of_game.contains(i))
        .collect();
    rng.shuffle(&mut deck);
    let dealt = deck.remove(0);
    // The newest card nearest the draw pile: the dealt one, then the two bounties.
    let mut display = vec![DisplayCard::Operations { card: dealt }];
    display.extend(shown.iter().map(|&card| DisplayCard::Operations { card }));
    Operations {
        deck,
        display,
        taken: Vec::new(),
        discard: Vec::new(),
        out_of_game,
    }
}

/// Step 11: four Duel Barons face up.
fn deal_barons(c: &Components, rng: &mut Rng) -> Vec<BaronInPlay> {
    let mut barons: Vec<u8> = (0..c.duel_barons.len() as u8).collect();
    rng.shuffle(&mut barons);
    barons.truncate(BARONS_SHOWN);
    barons
        .into_iter()
        .map(|baron| BaronInPlay {
            baron,
            claimed_by: None,
        })
        .collect()
}
