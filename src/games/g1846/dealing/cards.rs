//! The cards of 1846's draft deck (the minors, the privates of the edition, a blank Pass card per
//! player) and the privates and corporations removed from their groups at setup, drawn from the
//! game's generator.

use super::{DEALING, Generator};
use crate::core::Violation;
use crate::games::g1846::data::components;
use crate::games::kit18xx::name::Name;

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
    pub(super) fn blank(&self) -> bool {
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
fn in_edition(private: &crate::games::g1846::data::PrivateData, first_edition: bool) -> bool {
    !first_edition || components().first_edition.privates.contains(&private.id)
}

fn minor_card(minor: &crate::games::g1846::data::MinorData) -> Card {
    Card {
        id: minor.id.as_str().into(),
        kind: CardKind::Minor,
        price: minor.price,
        floor: minor.price.saturating_sub(minor.cash),
    }
}

fn private_card(private: &crate::games::g1846::data::PrivateData) -> Card {
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
pub(super) fn blank(id: Name) -> Card {
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
pub(super) fn companies(players: usize, first_edition: bool) -> Vec<Card> {
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
