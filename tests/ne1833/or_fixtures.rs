//! Operating rounds in tests: a started game, and the moves every operating test makes.

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::action::{Action, DividendKind};
use railrules::games::ne1833::ids::{Company, Seat};
use railrules::games::ne1833::state::Round;

/// 3 players; P1 starts the B&W at $100, P2 the Hartford at $50, P3 the Central Vermont at $70,
/// and everyone passes: operating round 1.1 begins.
pub fn operating() -> State {
    let mut s = new_game(3);
    privates_bought_two_each(&mut s);
    play(&mut s, par(P1, Company::Bw, 100));
    play(&mut s, par(P2, Company::Hr, 50));
    play(&mut s, par(P3, Company::Cv, 70));
    for seat in [P1, P2, P3] {
        play(&mut s, pass(seat));
    }
    s
}

pub fn depot_train(player: Seat, card: &str, variant: &str) -> Action {
    Action::BuyTrain {
        player,
        train: card.into(),
        variant: variant.into(),
        from: None,
        price: None,
        accepted_by: None,
    }
}

pub fn order(s: &State) -> Vec<Company> {
    match &s.round {
        Round::OperatingRound { order, .. } => order.clone(),
        other => panic!("{other:?}"),
    }
}

/// The operating company runs nothing and withholds.
pub fn nothing(s: &mut State, player: Seat) {
    play(
        s,
        Action::RunRoutes {
            player,
            routes: vec![],
        },
    );
    play(
        s,
        Action::Dividend {
            player,
            kind: DividendKind::Withhold,
        },
    );
}

/// Sets the company's treasury to `amount`, the bank making up the difference.
pub fn set_company_cash(s: &mut State, company: Company, amount: u32) {
    let before = s.company(company).cash;
    s.bank += i64::from(before) - i64::from(amount);
    s.company_mut(company).cash = amount;
}

/// Sets the player's cash to `amount`, the bank making up the difference.
pub fn set_player_cash(s: &mut State, seat: Seat, amount: u32) {
    let before = s.player(seat).cash;
    s.bank += i64::from(before) - i64::from(amount);
    s.player_mut(seat).cash = amount;
}

/// Moves `percent` of the company from its treasury to the player.
pub fn give_shares(s: &mut State, company: Company, seat: Seat, percent: u8) {
    s.company_mut(company).treasury_shares -= percent;
    *s.company_mut(company).holdings.entry(seat).or_insert(0) += percent;
}

/// All the money of the game: players, companies and the bank.
pub fn all_money(s: &State) -> i64 {
    s.players.iter().map(|p| i64::from(p.cash)).sum::<i64>()
        + s.companies.iter().map(|c| i64::from(c.cash)).sum::<i64>()
        + s.bank
}

/// The company's sale of its own shares (an issue) by its president.
pub fn issue(player: Seat, company: Company, percent: u8) -> Action {
    Action::SellShares {
        player,
        corporation: company,
        percent,
        entity: Some(company),
    }
}
