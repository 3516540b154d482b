//! Building positions for the tests: through the rules where it is short, by describing the
//! holdings where playing there would take dozens of turns (the result is always `check`-clean).

use railrules::core::{Game, Violation};
use railrules::games::railroad_barons::action::{Action, Purchase, Sale};
use railrules::games::railroad_barons::event::Event;
use railrules::games::railroad_barons::state::{Owner, Round};
use railrules::games::railroad_barons::{Colour, Investor, Options, RailroadBarons, Seat};
/// The tests' positions: checked states, built and changed by hand (feature `testing`).
pub type State = railrules::core::Checked<railrules::games::railroad_barons::RailroadBarons>;

pub use Colour::{Black, Blue, Green, Red, Yellow};
pub use Seat::{A, B};

pub fn new_game() -> State {
    let options = Options {
        start_player: Some(A),
        components: None,
    };
    RailroadBarons::setup(&options, 0).expect("the provisional components are consistent")
}

/// Applies a legal action: asserts it is listed by `legal_actions`, accepted, deterministic,
/// and leaves a consistent state.
pub fn play(state: &mut State, action: Action) -> Vec<Event> {
    assert!(
        is_listed(state, &action),
        "{action:?} is not among the legal actions"
    );
    let mut twin = state.clone();
    let events = RailroadBarons::apply(state, &action)
        .unwrap_or_else(|v| panic!("{action:?} was refused: {v}"));
    let twin_events = RailroadBarons::apply(&mut twin, &action).unwrap();
    assert_eq!(
        (&*state, &events),
        (&twin, &twin_events),
        "apply is not deterministic"
    );
    let problems = RailroadBarons::check(state);
    assert!(
        problems.is_empty(),
        "inconsistent after {action:?}: {problems:?}"
    );
    events
}

/// Whether `legal_actions` lists the action, or lists it with a free price whose range
/// covers the action's price.
pub fn is_listed(state: &State, action: &Action) -> bool {
    let legal = RailroadBarons::legal_actions(state);
    if legal.contains(action) {
        return true;
    }
    let Action::BuyRailroad { price: Some(p), .. } = action else {
        return false;
    };
    let mut at_minimum = action.clone();
    if let Action::BuyRailroad { price, .. } = &mut at_minimum {
        *price = Some(1);
    }
    legal.contains(&at_minimum)
        && RailroadBarons::ranges(state, &at_minimum)
            .iter()
            .any(|r| r.pointer == "/price" && (r.min..=r.max).contains(&u64::from(*p)))
}

/// Applies an illegal action: asserts it is refused, not listed, and the state is untouched.
pub fn refuse(state: &State, action: Action) -> Violation {
    assert!(!is_listed(state, &action), "{action:?} is listed as legal");
    let mut after = state.clone();
    let violation =
        RailroadBarons::apply(&mut after, &action).expect_err(&format!("{action:?} was accepted"));
    assert_eq!(&after, state, "a refused action changed the state");
    violation
}

/// The draft with the $450 Investor left over: A offers the $30 (B takes the cash), B offers
/// the $40 and the $50 (A takes both cards), A offers the $60 (B takes the card). Cash: A
/// 200 + 60 + 450 = $710, B 200 + 30 + 40 + 50 + 450 = $770. A holds the Priority Deal.
pub fn drafted() -> State {
    let mut s = new_game();
    for (offerer, investor, takes_card) in [
        (A, Investor::Investor30, false),
        (B, Investor::Investor40, true),
        (B, Investor::Investor50, true),
        (A, Investor::Investor60, true),
    ] {
        play(
            &mut s,
            Action::OfferInvestor {
                player: offerer,
                investor,
            },
        );
        let chooser = offerer.other();
        play(
            &mut s,
            if takes_card {
                Action::TakeInvestor { player: chooser }
            } else {
                Action::TakeCash { player: chooser }
            },
        );
    }
    assert!(matches!(s.round, Round::StockRound { number: 1, .. }));
    s
}

pub fn cash(state: &State, seat: Seat) -> u32 {
    state.player(seat).cash
}

pub fn owner(state: &State, colour: Colour, percent: u8) -> Owner {
    state.holding(colour).owner_of(percent).unwrap()
}

pub fn buy(player: Seat, holding: Colour, certificate: u8) -> Action {
    Action::Trade {
        player,
        sell: vec![],
        buy: Some(Purchase {
            holding,
            certificate,
            exchange: None,
            start_value: None,
        }),
    }
}

pub fn start(player: Seat, holding: Colour, start_value: u32) -> Action {
    Action::Trade {
        player,
        sell: vec![],
        buy: Some(Purchase {
            holding,
            certificate: 40,
            exchange: None,
            start_value: Some(start_value),
        }),
    }
}

pub fn exchange_up(player: Seat, holding: Colour, certificate: u8, hand_in: u8) -> Action {
    Action::Trade {
        player,
        sell: vec![],
        buy: Some(Purchase {
            holding,
            certificate,
            exchange: Some(hand_in),
            start_value: None,
        }),
    }
}

pub fn sale(holding: Colour, certificate: u8) -> Sale {
    Sale {
        holding,
        certificate,
        exchange: None,
    }
}

pub fn sell(player: Seat, sales: &[Sale]) -> Action {
    Action::Trade {
        player,
        sell: sales.to_vec(),
        buy: None,
    }
}

pub fn pass(player: Seat) -> Action {
    Action::Pass { player }
}

/// One Holding of a described position: its share value and who holds which certificate
/// (certificates not named lie with the bank).
pub struct Described {
    pub colour: Colour,
    pub value: u32,
    pub holders: Vec<(u8, Seat)>,
}

pub fn holding(colour: Colour, value: u32, holders: &[(u8, Seat)]) -> Described {
    Described {
        colour,
        value,
        holders: holders.to_vec(),
    }
}

/// A Stock Round position after [`drafted`], with the described Holdings at `value` (their
/// start value too, or $70 when `value` is not one), each Director being the largest holder (the 40% holder on a
/// tie), floated where players hold 50% or more, and the bank's payments recorded so the
/// money adds up. `to_act` holds the Priority Deal and acts first.
pub fn position(to_act: Seat, holdings: &[Described]) -> State {
    let mut s = drafted();
    for d in holdings {
        let h = s.holding_mut(d.colour);
        for &(percent, seat) in &d.holders {
            h.set_owner(percent, seat.into());
        }
        let a = h.percent_of(Owner::A);
        let b = h.percent_of(Owner::B);
        let director = if a > b || (a == b && h.owner_of(40) == Some(Owner::A)) {
            A
        } else {
            B
        };
        h.director = Some(director);
        // A value that is not a start value is reached from $70.
        let start = if [70, 80, 90, 100].contains(&d.value) {
            d.value
        } else {
            70
        };
        h.share_value = Some(d.value);
        h.start_value = Some(start);
        if a + b >= 50 {
            h.floated = true;
            h.cash = start * 10;
        }
    }
    for seat in [A, B] {
        let over = s.certificate_count(seat) > 9;
        s.player_mut(seat).owes_sell_down = over;
    }
    s.bank_paid_out = s.players.iter().map(|p| i64::from(p.cash)).sum::<i64>()
        + s.holdings.iter().map(|h| i64::from(h.cash)).sum::<i64>();
    s.priority_deal = to_act;
    if let Round::StockRound { to_act: t, .. } = &mut s.round {
        *t = to_act;
    }
    let problems = RailroadBarons::check(&s);
    assert!(
        problems.is_empty(),
        "the described position is inconsistent: {problems:?}"
    );
    s
}

pub fn codes(violations: &[Violation]) -> Vec<&str> {
    violations.iter().map(|v| v.code.as_str()).collect()
}

/// Gives a Holding Railroad cards (card id, face index), taking them out of the stack.
pub fn give_railroads(s: &mut State, colour: Colour, cards: &[(u8, u8)]) {
    for &(card, face) in cards {
        s.railroad_stack.retain(|&c| c != card);
        s.holding_mut(colour)
            .railroads
            .push(railrules::games::railroad_barons::state::OwnedRailroad { card, face });
    }
    assert!(
        RailroadBarons::check(s).is_empty(),
        "{:?}",
        RailroadBarons::check(s)
    );
}

/// Takes the cards above `first` off the stack (out of the game), so `first` is on top.
pub fn stack_from(s: &mut State, first: u8) {
    let gone: Vec<u8> = s
        .railroad_stack
        .iter()
        .copied()
        .filter(|&c| c < first)
        .collect();
    s.railroad_stack.retain(|&c| c >= first);
    s.railroads_out_of_game.extend(gone);
}

/// Sets a Holding's treasury, keeping the bank's record in step.
pub fn set_holding_cash(s: &mut State, colour: Colour, cash: u32) {
    let before = s.holding(colour).cash;
    s.holding_mut(colour).cash = cash;
    s.bank_paid_out += i64::from(cash) - i64::from(before);
}

/// Sets a player's cash, keeping the bank's record in step.
pub fn set_cash(s: &mut State, seat: Seat, cash: u32) {
    let before = s.player(seat).cash;
    s.player_mut(seat).cash = cash;
    s.bank_paid_out += i64::from(cash) - i64::from(before);
}

/// Both players pass: the Stock Round ends and the first Operating Round begins.
pub fn to_operating_round(s: &mut State) -> Vec<Event> {
    let first = RailroadBarons::to_act(s)[0];
    play(s, pass(first));
    play(s, pass(first.other()))
}

pub fn place(player: Seat, plus: u8, diamond: u8) -> Action {
    Action::PlaceOperators {
        player,
        plus,
        diamond,
        invest: false,
    }
}

pub fn revenue(player: Seat, payout: bool) -> Action {
    Action::Revenue { player, payout }
}

pub fn buy_top(player: Seat, card: u8, face: u8) -> Action {
    Action::BuyRailroad {
        player,
        card,
        from: railrules::games::railroad_barons::action::RailroadSource::Bank,
        face: Some(face),
        price: None,
        accepted_by: None,
        director_help: false,
    }
}

pub fn done(player: Seat) -> Action {
    Action::Done { player }
}

/// The operating Holding places no token, withholds and ends its turn.
pub fn idle_turn(s: &mut State) -> Vec<Event> {
    let director = RailroadBarons::to_act(s)[0];
    let mut events = play(s, place(director, 0, 4));
    events.extend(play(s, revenue(director, false)));
    events.extend(play(s, done(director)));
    events
}
