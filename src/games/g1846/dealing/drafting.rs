//! 1846's private draft as 18xx.games runs it: the cards offered, each player's choice, the passes
//! that lower the last card's price.

use super::{Card, DEALING, Dealing, Generator, PASS_DISCOUNT};
use crate::core::Violation;
use crate::games::kit18xx::name::Name;

/// A card a player chose in the draft, and what it cost them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The player's seat (0 = first in the game's player order).
    pub seat: usize,
    pub card: Name,
    pub price: u32,
}

/// 1846's private draft as 18xx.games runs it (g_1846/step/draft_distribution.rb, in an
/// lib/engine/round/draft.rb round created with `reverse_order`: the last seat chooses first,
/// then the one before it, round and round).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    deck: Vec<Card>,
    /// How many cards are offered at a time: two more than the players (`setup`).
    draw_size: usize,
    pub(super) generator: Generator,
    players: usize,
    /// Index into the reversed seats of the player to choose (round/base.rb `entity_index`).
    turn: usize,
    /// What passes took off the last card's price.
    discount: u32,
    choices: Vec<Choice>,
}

impl Draft {
    /// The draft of a dealt game, its deck as dealt.
    pub fn new(dealing: &Dealing) -> Draft {
        Draft {
            deck: dealing.deck.clone(),
            draw_size: dealing.players + 2,
            generator: dealing.generator,
            players: dealing.players,
            turn: 0,
            discount: 0,
            choices: Vec::new(),
        }
    }

    /// A draft as a state records it: the deck left, the generator, whose turn (counted from
    /// the last seat backwards), the discount on the last card and the choices made.
    pub fn from_parts(
        deck: Vec<Card>,
        generator: Generator,
        players: usize,
        turn: usize,
        discount: u32,
        choices: Vec<Choice>,
    ) -> Draft {
        Draft {
            deck,
            draw_size: players + 2,
            generator,
            players,
            turn: turn % players.max(1),
            discount,
            choices,
        }
    }

    pub fn generator(&self) -> Generator {
        self.generator
    }

    /// The turn counted from the last seat backwards (0 = the last seat).
    pub fn turn(&self) -> usize {
        self.turn
    }

    /// What passes have taken off the last card's price.
    pub fn discount(&self) -> u32 {
        self.discount
    }

    /// draft_distribution.rb `available`: the top cards of the deck, as many as the draw size.
    pub fn available(&self) -> &[Card] {
        &self.deck[..self.deck.len().min(self.draw_size)]
    }

    /// The deck as it stands, top first.
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The cards chosen so far, in order.
    pub fn choices(&self) -> &[Choice] {
        &self.choices
    }

    /// draft_distribution.rb `finished?`: the deck is empty, or smaller than the draw size
    /// with only blank cards left (`all_blank?`).
    pub fn is_finished(&self) -> bool {
        self.deck.is_empty()
            || (self.deck.len() < self.draw_size && self.deck.iter().all(Card::blank))
    }

    /// Whose turn it is (a seat), none once the draft is over.
    pub fn seat_to_act(&self) -> Option<usize> {
        (!self.is_finished()).then(|| self.players - 1 - self.turn)
    }

    /// draft_distribution.rb `only_one_company?`: a single card is left and it is not blank;
    /// only then may a player pass, lowering its price.
    pub fn last_card_for_sale(&self) -> bool {
        matches!(self.deck.as_slice(), [card] if !card.blank())
    }

    /// The price of the last card, after its discount.
    pub fn last_card_price(&self) -> Option<u32> {
        match self.deck.as_slice() {
            [card] if !card.blank() => Some(card.price.saturating_sub(self.discount)),
            _ => None,
        }
    }

    /// A player chooses a card (an export's `bid`; draft_distribution.rb `process_bid`).
    pub fn choose(&mut self, seat: usize, card: &str) -> Result<(), Violation> {
        self.check_turn(seat)?;
        self.choose_card(seat, card)?;
        self.next_turn();
        Ok(())
    }

    /// A player passes on the last card (an export's `pass`; draft_distribution.rb
    /// `process_pass`): its price drops by $10, and the next player takes it once it is at its
    /// floor.
    pub fn pass(&mut self, seat: usize) -> Result<(), Violation> {
        self.check_turn(seat)?;
        let Some(price) = self.last_card_price() else {
            return Err(Violation::new(
                "cannot_pass",
                DEALING,
                format!(
                    "seat {seat} may not pass: one may pass only on the last card of the deck, \
                     and {} cards are left",
                    self.deck.len()
                ),
            ));
        };
        self.discount += PASS_DISCOUNT;
        self.next_turn();
        let floor = self.deck[0].floor;
        // The prices step by $10 from a face value $10-aligned above the floor, so the source's
        // test of equality is met exactly; `<=` only guards against a price under the floor.
        if price.saturating_sub(PASS_DISCOUNT) <= floor {
            let next = self.players - 1 - self.turn;
            let id = self.deck[0].id.clone();
            self.choose_card(next, &id)?;
        }
        Ok(())
    }

    fn check_turn(&self, seat: usize) -> Result<(), Violation> {
        match self.seat_to_act() {
            None => Err(Violation::new(
                "draft_over",
                DEALING,
                format!("seat {seat} acts in the draft, which is over"),
            )),
            Some(to_act) if to_act != seat => Err(Violation::new(
                "not_your_turn",
                DEALING,
                format!("seat {to_act} chooses now, not seat {seat}"),
            )),
            Some(_) => Ok(()),
        }
    }

    /// draft_distribution.rb `choose_company`: the card must be among those offered. The last
    /// card clears the deck; otherwise every card offered leaves the top of the deck, and those
    /// not chosen go under it, shuffled (one draw per card offered, the chosen one included).
    fn choose_card(&mut self, seat: usize, id: &str) -> Result<(), Violation> {
        let offered = self.available().to_vec();
        let Some(chosen) = offered.iter().find(|card| card.id == id).cloned() else {
            let ids: Vec<&str> = offered.iter().map(|card| card.id.as_str()).collect();
            return Err(Violation::new(
                "not_available",
                DEALING,
                format!(
                    "seat {seat} chooses {id}, which is not among the cards offered: {}",
                    ids.join(", ")
                ),
            ));
        };
        let price = if self.last_card_for_sale() {
            self.deck.clear();
            chosen.price.saturating_sub(self.discount)
        } else {
            self.deck.drain(..offered.len());
            let rest = self.generator.shuffle(offered);
            self.deck
                .extend(rest.into_iter().filter(|card| card.id != chosen.id));
            chosen.price
        };
        self.choices.push(Choice {
            seat,
            card: chosen.id,
            price,
        });
        Ok(())
    }

    /// round/base.rb `next_entity_index!`: the next of the reversed seats, round and round.
    fn next_turn(&mut self) {
        self.turn = (self.turn + 1) % self.players;
    }
}
