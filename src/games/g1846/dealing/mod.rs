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

mod cards;
mod drafting;

pub use cards::*;
pub use drafting::*;

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
