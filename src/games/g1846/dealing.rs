//! 1846's setup randomness, dealt exactly as 18xx.games deals it from a game's seed
//! (docs/rules/1846.md#dealing), so that the site's real games replay here.
//!
//! 18xx.games (tobymao/18xx) draws every random choice of a game from one linear congruential
//! generator seeded by the game's seed. Creating an 1846 game of 3 to 5 players draws, in this
//! order (lib/engine/game/base.rb `initialize`):
//! 1. the draft deck: the round is created (`init_round`, 1846's own in g_1846/game.rb) before
//!    the game's `setup`, and creating a round runs each step's `setup`
//!    (lib/engine/round/base.rb `initialize`); the draft step's
//!    (g_1846/step/draft_distribution.rb `setup`) shuffles every company of the game: the
//!    minors, the privates (without Boomtown and Little Miami under the 1st-edition rule:
//!    g_1846/game.rb `init_companies` drops them before) and one blank "Pass" card per player;
//! 2. then `setup` (g_1846/game.rb) removes privates from the orange group, then from the blue
//!    group, then corporations from the green group (`remove_from_group!`), each by shuffling
//!    the whole group and taking the first few; removed privates leave the deck where they lie;
//! 3. then the draft itself draws once per card offered at each choice (draft_distribution.rb
//!    `choose_company`: the cards offered and not chosen go back under the deck, shuffled).
//!
//! Nothing else draws before or during the draft: no 1846 company carries the `shares` ability
//! for which base.rb `init_company_abilities` would draw, the seats are the export's order as
//! given (base.rb `initialize` builds them from the names, unshuffled), and the other steps of
//! the round (end of game, messages, programmed actions) have no `setup` of their own.

use super::data::components;
use crate::core::Violation;
use crate::games::kit18xx::name::Name;

/// The rule section every refusal here cites.
pub const DEALING: &str = "1846#dealing";

/// 18xx.games' generator: `state' = (A * state + C) mod M` (base.rb `RAND_A`, `RAND_C`,
/// `RAND_M`).
pub const RAND_A: u64 = 1_103_515_245;
pub const RAND_C: u64 = 12_345;
pub const RAND_M: u64 = 1 << 31;

/// What a private or a minor drops by on each pass when it is the last card left
/// (draft_distribution.rb `process_pass`).
pub const PASS_DISCOUNT: u32 = 10;

/// 18xx.games' random generator, as base.rb `initialize_seed` and `rand` have it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generator {
    state: u64,
}

impl Generator {
    /// base.rb `initialize_seed`: the state starts as the seed reduced modulo `RAND_M`.
    pub fn from_seed(seed: u64) -> Generator {
        Generator {
            state: seed % RAND_M,
        }
    }

    /// A generator at `state` (a state [`Generator::state`] gave; it is below `RAND_M`).
    pub fn at(state: u64) -> Generator {
        Generator {
            state: state % RAND_M,
        }
    }

    /// The current state (what the last draw returned, or the reduced seed before any).
    pub fn state(&self) -> u64 {
        self.state
    }

    /// base.rb `rand`: the next state, which is also the number drawn. The product stays below
    /// 2^62 (both factors are below 2^31), so it never overflows.
    pub fn draw(&mut self) -> u64 {
        self.state = (RAND_A * self.state + RAND_C) % RAND_M;
        self.state
    }

    /// Ruby's `items.sort_by { rand }` with this generator: one draw per item, in the items'
    /// order, then the items in increasing order of their draws. Ruby's sort is not stable,
    /// but it never has to be here: the generator has full period (C is odd and A - 1 is a
    /// multiple of 4, so every state mod 2^31 comes once per 2^31 draws), hence the draws of
    /// one shuffle are all different.
    pub fn shuffle<T>(&mut self, items: Vec<T>) -> Vec<T> {
        let mut keyed: Vec<(u64, T)> = items.into_iter().map(|item| (self.draw(), item)).collect();
        keyed.sort_by_key(|(key, _)| *key);
        keyed.into_iter().map(|(_, item)| item).collect()
    }
}

/// What a draft card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardKind {
    Minor,
    Private,
    /// A blank card: choosing it buys nothing.
    Pass,
}

/// A card of the draft deck.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The component id (`MS`, `C&WI`, ...); the blank cards are `Pass (1)` to `Pass (n)`,
    /// as 18xx.games names them (g_1846/game.rb `init_companies`): the component data has no
    /// cards for them.
    pub id: Name,
    pub kind: CardKind,
    /// What it costs when chosen at full price: a private's face value, a minor's value and
    /// treasury together (entities.rb's value less its negative `discount`), nothing for a
    /// blank.
    pub price: u32,
    /// The price it cannot drop below on passes (company.rb `min_auction_price`, the negative
    /// of entities.rb's `discount`): a minor's price less its treasury, nothing for a private.
    pub floor: u32,
}

impl Card {
    fn blank(&self) -> bool {
        self.kind == CardKind::Pass
    }
}

/// The result of 18xx.games' setup for an 1846 game of 3 to 5 players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dealing {
    pub players: usize,
    pub first_edition: bool,
    /// The privates removed, in the order they are drawn: the orange group's, then the blue's.
    pub removed_privates: Vec<String>,
    /// The corporations removed (from C&O, ERIE, PRR), in the order they are drawn.
    pub removed_corporations: Vec<String>,
    /// The draft deck, top first, once the removed privates are out of it.
    pub deck: Vec<Card>,
    /// The generator as the draft finds it.
    pub generator: Generator,
}

/// Deals an 1846 game of `players` (3 to 5) from `seed` as 18xx.games does at game creation
/// (the module's documentation gives the order of the draws and the source of each).
/// `first_edition` is the optional rule "1st Edition private companies" (`first_ed`). The
/// 2-player variant and the optional rule `second_ed_co` are not dealt.
pub fn deal(seed: u64, players: usize, first_edition: bool) -> Result<Dealing, Violation> {
    if !(3..=5).contains(&players) {
        return Err(Violation::new(
            "player_count",
            DEALING,
            format!("1846 is dealt for 3 to 5 players, not {players}"),
        ));
    }
    let mut generator = Generator::from_seed(seed);
    let deck = generator.shuffle(companies(players, first_edition));
    let mut removed_privates = remove_from_group(&mut generator, "orange", players, first_edition)?;
    removed_privates.extend(remove_from_group(
        &mut generator,
        "blue",
        players,
        first_edition,
    )?);
    let removed_corporations = remove_from_group(&mut generator, "green", players, first_edition)?;
    let deck = deck
        .into_iter()
        .filter(|card| !removed_privates.iter().any(|p| *p == card.id))
        .collect();
    Ok(Dealing {
        players,
        first_edition,
        removed_privates,
        removed_corporations,
        deck,
        generator,
    })
}

/// The draft card `id` of a game of `players` (the deck as [`deal`] builds it), if there is one.
pub fn card(id: &str, players: usize, first_edition: bool) -> Option<Card> {
    cards([id], players, first_edition)?.pop()
}

/// The cards of `ids`, in their order (`None` if one is not of the game): each looked up in
/// the component data, not in a deck built for the purpose (the draft asks at every choice).
pub fn cards<'a>(
    ids: impl IntoIterator<Item = &'a str>,
    players: usize,
    first_edition: bool,
) -> Option<Vec<Card>> {
    ids.into_iter()
        .map(|id| card_of(id, players, first_edition))
        .collect()
}

/// The card `id` of a game of `players`, if the game has it.
fn card_of(id: &str, players: usize, first_edition: bool) -> Option<Card> {
    let data = components();
    if let Some(minor) = data.minors.iter().find(|m| m.id == id) {
        return Some(minor_card(minor));
    }
    if let Some(private) = data.privates.iter().find(|p| p.id == id) {
        return in_edition(private, first_edition).then(|| private_card(private));
    }
    let digits = id.strip_prefix("Pass (")?.strip_suffix(')')?;
    // `Pass (01)` or `Pass (+1)` is no card: the number is written as the deck writes it.
    let written = !digits.starts_with('0') && digits.bytes().all(|b| b.is_ascii_digit());
    let n: usize = digits.parse().ok().filter(|_| written)?;
    // `id` is the blank card's name as written (`Pass (n)`): copied, not written again.
    (1..=players).contains(&n).then(|| blank(id.into()))
}

/// Whether the private is of the game: the 1st-edition rule leaves some out.
fn in_edition(private: &super::data::PrivateData, first_edition: bool) -> bool {
    !first_edition || components().first_edition.privates.contains(&private.id)
}

fn minor_card(minor: &super::data::MinorData) -> Card {
    Card {
        id: minor.id.as_str().into(),
        kind: CardKind::Minor,
        price: minor.price,
        floor: minor.price.saturating_sub(minor.cash),
    }
}

fn private_card(private: &super::data::PrivateData) -> Card {
    Card {
        id: private.id.as_str().into(),
        kind: CardKind::Private,
        price: private.value,
        floor: 0,
    }
}

/// The `n`th blank card, named as 18xx.games names it.
fn blank_card(n: usize) -> Card {
    blank(format!("Pass ({n})").into())
}

/// A blank card named `id`.
fn blank(id: Name) -> Card {
    Card {
        id,
        kind: CardKind::Pass,
        price: 0,
        floor: 0,
    }
}

/// The game's companies in 18xx.games' order (g_1846/entities.rb `COMPANIES`, then the blank
/// cards of g_1846/game.rb `init_companies`): the minors, the privates as the component data
/// lists them (the same order), the 1st-edition rule leaving out the privates it does not
/// have, then one blank card per player. The order matters: it is the order of the draws.
fn companies(players: usize, first_edition: bool) -> Vec<Card> {
    let data = components();
    let minors = data.minors.iter().map(minor_card);
    let privates = data
        .privates
        .iter()
        .filter(|private| in_edition(private, first_edition))
        .map(private_card);
    let blanks = (1..=players).map(blank_card);
    minors.chain(privates).chain(blanks).collect()
}

/// g_1846/game.rb `remove_from_group!`: the whole group is shuffled, whatever the number to
/// remove (even none, so its draws are always made), and the first ones are removed. The
/// groups and counts are the component data's (`removals`, or `first_edition` for the privates
/// under that rule), in the source's order.
fn remove_from_group(
    generator: &mut Generator,
    group: &str,
    players: usize,
    first_edition: bool,
) -> Result<Vec<String>, Violation> {
    let data = components();
    let (groups, counts) = if first_edition && group != "green" {
        (
            &data.first_edition.groups,
            &data.first_edition.count_by_players,
        )
    } else {
        (&data.removals.groups, &data.removals.count_by_players)
    };
    let members = groups.get(group);
    let count = counts
        .get(group)
        .and_then(|by_players| by_players.get(&players.to_string()));
    let (Some(members), Some(&count)) = (members, count) else {
        return Err(Violation::new(
            "component_data",
            DEALING,
            format!("the component data has no {group} removal group for {players} players"),
        ));
    };
    let mut drawn = generator.shuffle(members.clone());
    drawn.truncate(usize::from(count));
    Ok(drawn)
}

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
    generator: Generator,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// From seed 0, by the formula: 0 -> 12,345 (C); 12,345 * A + C = 13,622,895,711,870
    /// = 6,343 * 2^31 + 1,406,932,606; 1,406,932,606 * A + C = 1,552,571,579,408,590,815
    /// = 722,972,480 * 2^31 + 654,583,775.
    #[test]
    fn the_generator_steps_by_its_formula_from_seed_zero() {
        let mut generator = Generator::from_seed(0);
        assert_eq!(generator.state(), 0);
        assert_eq!(generator.draw(), 12_345);
        assert_eq!(generator.draw(), 1_406_932_606);
        assert_eq!(generator.draw(), 654_583_775);
        assert_eq!(generator.state(), 654_583_775);
    }

    /// From seed 1: 1 * A + C = 1,103,527,590 (below 2^31); 1,103,527,590 * A + C
    /// = 1,217,759,518,843,121,895 = 567,063,465 * 2^31 + 377,401,575.
    #[test]
    fn the_seed_is_reduced_modulo_two_to_the_31() {
        for seed in [1, (1 << 31) + 1, (5 << 31) + 1] {
            let mut generator = Generator::from_seed(seed);
            assert_eq!(generator.state(), 1);
            assert_eq!(generator.draw(), 1_103_527_590);
            assert_eq!(generator.draw(), 377_401_575);
        }
    }

    /// From seed 0 the keys of three items are 12,345, 1,406,932,606 and 654,583,775: the
    /// first item first, then the third, then the second.
    #[test]
    fn a_shuffle_orders_the_items_by_their_draws() {
        let mut generator = Generator::from_seed(0);
        assert_eq!(generator.shuffle(vec!['a', 'b', 'c']), ['a', 'c', 'b']);
        assert_eq!(generator.state(), 654_583_775);
    }

    #[test]
    fn the_companies_come_in_the_sources_order() {
        let ids = |cards: Vec<Card>| cards.into_iter().map(|c| c.id).collect::<Vec<_>>();
        assert_eq!(
            ids(companies(3, false)),
            [
                "MS", "BIG4", "C&WI", "MAIL", "TBC", "MPC", "SC", "LSL", "MC", "O&I", "BT", "LM",
                "Pass (1)", "Pass (2)", "Pass (3)"
            ]
        );
        assert_eq!(
            ids(companies(4, true)),
            [
                "MS", "BIG4", "C&WI", "MAIL", "TBC", "MPC", "SC", "LSL", "MC", "O&I", "Pass (1)",
                "Pass (2)", "Pass (3)", "Pass (4)"
            ]
        );
    }

    #[test]
    fn the_cards_cost_their_face_and_the_minors_their_treasury_too_which_passes_cannot_take_off() {
        let cards = companies(5, false);
        let card = |id: &str| cards.iter().find(|c| c.id == id).unwrap().clone();
        assert_eq!((card("MS").price, card("MS").floor), (140, 80));
        assert_eq!((card("BIG4").price, card("BIG4").floor), (100, 60));
        assert_eq!((card("MAIL").price, card("MAIL").floor), (80, 0));
        assert_eq!(
            (card("Pass (5)").price, card("Pass (5)").kind),
            (0, CardKind::Pass)
        );
    }

    #[test]
    fn only_three_to_five_players_are_dealt() {
        for players in [0, 1, 2, 6] {
            assert_eq!(deal(1, players, true).unwrap_err().code, "player_count");
        }
    }

    /// Each count removed by players, and the deck keeps what is left: 2nd edition 12 privates
    /// and minors, 1st edition 10, plus one blank a player.
    #[test]
    fn the_counts_removed_follow_the_players() {
        for (players, first_edition, privates, corporations) in [
            (3, true, 4, 2),
            (4, true, 2, 1),
            (5, true, 0, 0),
            (3, false, 6, 2),
            (4, false, 4, 1),
            (5, false, 2, 0),
        ] {
            let dealing = deal(12_666, players, first_edition).unwrap();
            assert_eq!(dealing.removed_privates.len(), privates);
            assert_eq!(dealing.removed_corporations.len(), corporations);
            let companies = if first_edition { 10 } else { 12 };
            assert_eq!(dealing.deck.len(), companies + players - privates);
        }
    }

    /// A small deck by hand: with only one card left, passes lower it $10 each, and at its
    /// floor the next player takes it; a pass before that is refused.
    #[test]
    fn passes_on_the_last_card_lower_its_price_until_the_next_player_must_take_it() {
        let card = |id: &str, kind, price, floor| Card {
            id: id.into(),
            kind,
            price,
            floor,
        };
        let dealing = Dealing {
            players: 3,
            first_edition: true,
            removed_privates: vec![],
            removed_corporations: vec![],
            deck: vec![
                card("Pass (1)", CardKind::Pass, 0, 0),
                card("BIG4", CardKind::Minor, 100, 60),
            ],
            generator: Generator::from_seed(0),
        };
        let mut draft = Draft::new(&dealing);
        assert_eq!(draft.seat_to_act(), Some(2));
        assert_eq!(draft.pass(2).unwrap_err().code, "cannot_pass");
        assert_eq!(
            draft.choose(1, "Pass (1)").unwrap_err().code,
            "not_your_turn"
        );
        draft.choose(2, "Pass (1)").unwrap();
        // Two cards offered, two draws.
        assert_eq!(draft.generator.state(), 1_406_932_606);
        assert!(draft.last_card_for_sale());
        assert_eq!(draft.last_card_price(), Some(100));
        draft.pass(1).unwrap();
        draft.pass(0).unwrap();
        draft.pass(2).unwrap();
        assert_eq!(draft.last_card_price(), Some(70));
        // The fourth pass brings it to $60, its floor: seat 0, next, takes it.
        draft.pass(1).unwrap();
        assert!(draft.is_finished());
        assert_eq!(draft.seat_to_act(), None);
        let last = draft.choices().last().unwrap();
        assert_eq!((last.seat, last.card.as_str(), last.price), (0, "BIG4", 60));
        assert_eq!(draft.choose(0, "BIG4").unwrap_err().code, "draft_over");
    }

    /// Only blank cards left, fewer than the draw size: the draft is over.
    #[test]
    fn the_draft_ends_when_only_blanks_are_left_below_the_draw_size() {
        let mut dealing = deal(12_666, 3, true).unwrap();
        dealing.deck.retain(|c| c.kind == CardKind::Pass);
        assert_eq!(dealing.deck.len(), 3);
        assert!(Draft::new(&dealing).is_finished());
        dealing.deck.extend(dealing.deck.clone());
        dealing.deck.truncate(5);
        assert!(!Draft::new(&dealing).is_finished());
    }
}
