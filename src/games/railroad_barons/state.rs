//! The full state of a game of Railroad Barons. A client sends it whole with every request.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::data::Components;
use super::ids::{Colour, Investor, Seat};
use super::rules::{CERTIFICATE_LIMIT, DIRECTOR_CERTIFICATE};

/// Marks a state as Railroad Barons'; a state of another game is refused when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RailroadBaronsGameTag)]
pub enum GameTag {
    #[serde(rename = "railroad-barons")]
    RailroadBarons,
}

/// The rules version a state was made under; a state of another version is refused when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RailroadBaronsRulesVersion)]
pub enum RulesVersion {
    #[serde(rename = "1")]
    V1,
}

/// A whole Railroad Barons game at one moment: its components, players, Holdings, the Railroad
/// stack and the round with who acts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsState)]
pub struct State {
    pub game: GameTag,
    pub rules_version: RulesVersion,
    /// The actions applied since setup (0 at setup). A client compares it with what it last
    /// saw (`expected_move`) to tell a stale state from the current one.
    #[serde(rename = "move")]
    pub moves: u64,
    /// The component values this game plays with.
    pub components: Components,
    /// Seat A then seat B.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 2>")]
    #[schema(max_items = 2)]
    pub players: Vec<Player>,
    /// The five Holdings in operating order.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub holdings: Vec<Holding>,
    /// The bank's Railroad cards, top first (always in component order).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
    #[schema(max_items = 64)]
    pub railroad_stack: Vec<u8>,
    /// Railroad cards that have left the game (obsolete, discarded, removed from the stack).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
    #[schema(max_items = 64)]
    pub railroads_out_of_game: Vec<u8>,
    /// Investors that have left the game.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub investors_out_of_game: Vec<Investor>,
    /// The Dominion Atlantic while it lies on the $450 Investor, before the draft gives it out.
    pub investor_450_railroad: Option<u8>,
    pub start_player: Seat,
    /// Who acts first in the next (or current) Stock Round.
    pub priority_deal: Seat,
    /// Cash the bank has paid out, net: all cash in play sums to this. The bank held
    /// [`BANK_CASH`](super::rules::BANK_CASH) at the start; it pays in full even past $0
    /// (docs/rules/railroad-barons.md#bank).
    pub bank_paid_out: i64,
    pub round: Round,
}

/// A player: their seat, cash and Investors.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsPlayer)]
pub struct Player {
    pub seat: Seat,
    pub cash: u32,
    /// Investors the player owns (not yet assigned to a Holding).
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub investors: Vec<Investor>,
    /// Whether the $30 Investor's once-per-game Priority Deal swap has been used.
    pub priority_swap_used: bool,
    /// Set when a Director certificate exchange left the player over the certificate limit:
    /// the player must sell down before doing anything else.
    pub owes_sell_down: bool,
}

/// A Holding now: its Director, share value, cash, Railroads, Investors and certificates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsHolding)]
pub struct Holding {
    pub colour: Colour,
    /// The current value of 10%; absent until the Holding is started.
    pub share_value: Option<u32>,
    /// The value chosen when it was started; absent until then.
    pub start_value: Option<u32>,
    /// The player holding the Holding card; absent until the Holding is started.
    pub director: Option<Seat>,
    /// Whether it has received its capital (players held 50% or more).
    pub floated: bool,
    pub cash: u32,
    /// Its four certificates (40% Director, 30%, 20%, 10%) and where each lies.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 10>")]
    #[schema(max_items = 10)]
    pub certificates: Vec<Certificate>,
    /// Operator tokens invested in the route network (permanent).
    pub operators_invested: u8,
    /// Railroad cards it owns, each with the face it was bought at.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
    #[schema(max_items = 64)]
    pub railroads: Vec<OwnedRailroad>,
    /// Investors assigned to it.
    #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
    #[schema(max_items = 8)]
    pub investors: Vec<Investor>,
}

/// A Railroad card owned by a Holding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsOwnedRailroad)]
pub struct OwnedRailroad {
    pub card: u8,
    /// The index of the face it was bought at in the card's `faces` (0 = the first face).
    pub face: u8,
}

/// A certificate of a Holding: its percent and who owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsCertificate)]
pub struct Certificate {
    /// Its share in percent: 40 (the Director certificate), 30, 20 or 10.
    pub percent: u8,
    pub owner: Owner,
}

/// Where a certificate lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RailroadBaronsOwner)]
pub enum Owner {
    #[serde(rename = "bank")]
    Bank,
    A,
    B,
    /// On the $450 Investor (MS&C's Director certificate, during the draft).
    #[serde(rename = "investor_450")]
    Investor450,
}

impl From<Seat> for Owner {
    fn from(seat: Seat) -> Owner {
        match seat {
            Seat::A => Owner::A,
            Seat::B => Owner::B,
        }
    }
}

impl Owner {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Owner::A => Some(Seat::A),
            Owner::B => Some(Seat::B),
            Owner::Bank | Owner::Investor450 => None,
        }
    }
}

/// Where the game stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "round", rename_all = "snake_case", deny_unknown_fields)]
#[schema(as = RailroadBaronsRound)]
pub enum Round {
    /// The Investor draft before the first Stock Round.
    InvestorDraft {
        /// Offers completed so far (4 in all).
        offers_made: u8,
        /// Investors not yet offered.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 8>")]
        #[schema(max_items = 8)]
        pool: Vec<Investor>,
        /// The offer awaiting the other player's choice.
        offer: Option<Offer>,
        /// The player who received the $450 Investor and must choose MS&C's start value.
        start_value_due: Option<Seat>,
    },
    StockRound {
        /// 1 for the first Stock Round.
        number: u32,
        to_act: Seat,
        /// Turns taken so far in this round (the $30 Investor's swap is only before the first).
        turns_taken: u32,
        /// Consecutive passes; two end the round.
        passes_in_a_row: u8,
        /// The player who made the last buy or sell of the round.
        last_trader: Option<Seat>,
        /// Holdings each player has sold this round (they may not buy them again this round).
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 64>")]
        #[schema(max_items = 64)]
        sold: Vec<Sold>,
    },
    /// One of the two Operating Rounds after a Stock Round; floated Holdings operate in
    /// colour order, each through its four steps.
    OperatingRound {
        /// The Stock Round these Operating Rounds follow.
        after_stock_round: u32,
        /// 1 or 2.
        number: u8,
        /// The Holding operating now.
        holding: Colour,
        step: OperatingStep,
        /// Operator tokens on the (+) circles this round.
        plus: u8,
        /// Operator tokens on the (⋄) circles this round.
        diamond: u8,
        /// Railroads and Investors added so far this turn (at most `plus`).
        acquisitions: u8,
        /// A Holding reached the top of the share value track: the game ends with this round.
        top_reached: bool,
    },
    /// The game is over; nothing is legal.
    GameEnded {
        /// Each player's wealth: cash plus every certificate at its share value.
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 2>")]
        #[schema(max_items = 2)]
        wealth: Vec<Wealth>,
        /// The player(s) with the highest wealth (both on a tie).
        #[serde(deserialize_with = "crate::core::bounded::vec::<_, _, 2>")]
        #[schema(max_items = 2)]
        winners: Vec<Seat>,
    },
}

/// The steps of a Holding's turn in an Operating Round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = RailroadBaronsOperatingStep)]
pub enum OperatingStep {
    PlaceOperators,
    Revenue,
    Acquisitions,
    Discard,
}

/// A player's wealth at the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsWealth)]
pub struct Wealth {
    pub player: Seat,
    pub cash: u32,
    pub certificates: u32,
    pub total: u32,
}

/// An Investor offered in the draft.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsOffer)]
pub struct Offer {
    pub by: Seat,
    pub investor: Investor,
}

/// A player sold stock of a Holding in this Stock Round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = RailroadBaronsSold)]
pub struct Sold {
    pub player: Seat,
    pub holding: Colour,
}

impl State {
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    pub fn holding(&self, colour: Colour) -> &Holding {
        &self.holdings[colour.index()]
    }

    pub fn holding_mut(&mut self, colour: Colour) -> &mut Holding {
        &mut self.holdings[colour.index()]
    }

    /// How many certificates `seat` holds (Investors do not count).
    pub fn certificate_count(&self, seat: Seat) -> usize {
        self.holdings
            .iter()
            .map(|h| {
                h.certificates
                    .iter()
                    .filter(|c| c.owner == seat.into())
                    .count()
            })
            .sum()
    }

    pub fn over_certificate_limit(&self, seat: Seat) -> bool {
        self.certificate_count(seat) > CERTIFICATE_LIMIT
    }

    /// The bank's cash: what it held at the start less what it has paid out, net (below $0
    /// once it has paid more than it held).
    pub fn bank_cash(&self) -> i64 {
        super::rules::BANK_CASH - self.bank_paid_out
    }

    /// Pays `amount` from the bank to a player.
    pub fn bank_pays_player(&mut self, seat: Seat, amount: u32) {
        let p = self.player_mut(seat);
        p.cash = p.cash.saturating_add(amount);
        self.bank_paid_out += i64::from(amount);
    }

    /// A player pays `amount` to the bank (the caller has checked the player can).
    pub fn player_pays_bank(&mut self, seat: Seat, amount: u32) {
        let p = self.player_mut(seat);
        p.cash = p.cash.saturating_sub(amount);
        self.bank_paid_out -= i64::from(amount);
    }

    /// A Holding pays `amount` to the bank (the caller has checked it can).
    pub fn holding_pays_bank(&mut self, colour: Colour, amount: u32) {
        let h = self.holding_mut(colour);
        h.cash = h.cash.saturating_sub(amount);
        self.bank_paid_out -= i64::from(amount);
    }

    /// The face a Holding's Railroad was bought at.
    pub fn face_of(&self, owned: OwnedRailroad) -> Option<&super::data::Face> {
        self.components
            .railroads
            .get(owned.card as usize)
            .and_then(|c| c.faces.get(owned.face as usize))
    }

    /// Pays `amount` from the bank to a Holding's treasury.
    pub fn bank_pays_holding(&mut self, colour: Colour, amount: u32) {
        let h = self.holding_mut(colour);
        h.cash = h.cash.saturating_add(amount);
        self.bank_paid_out += i64::from(amount);
    }
}

impl Holding {
    pub fn is_started(&self) -> bool {
        self.director.is_some()
    }

    /// The share `owner` holds, in percent.
    pub fn percent_of(&self, owner: Owner) -> u8 {
        // Saturating: a tampered state may carry any percentages until `check` refuses it.
        self.certificates
            .iter()
            .filter(|c| c.owner == owner)
            .fold(0u8, |sum, c| sum.saturating_add(c.percent))
    }

    /// The share both players hold together, in percent.
    pub fn percent_held_by_players(&self) -> u8 {
        self.percent_of(Owner::A)
            .saturating_add(self.percent_of(Owner::B))
    }

    /// Who holds the certificate of `percent`, if the Holding has one.
    pub fn owner_of(&self, percent: u8) -> Option<Owner> {
        self.certificates
            .iter()
            .find(|c| c.percent == percent)
            .map(|c| c.owner)
    }

    pub fn set_owner(&mut self, percent: u8, owner: Owner) {
        if let Some(c) = self.certificates.iter_mut().find(|c| c.percent == percent) {
            c.owner = owner;
        }
    }

    /// The certificates `owner` holds, largest first.
    pub fn certificates_of(&self, owner: Owner) -> Vec<u8> {
        let mut v: Vec<u8> = self
            .certificates
            .iter()
            .filter(|c| c.owner == owner)
            .map(|c| c.percent)
            .collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    }

    pub fn is_director_certificate(percent: u8) -> bool {
        percent == DIRECTOR_CERTIFICATE
    }
}
