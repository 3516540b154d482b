//! Stock round rules, each with a legal and an illegal case.

mod certificate_limit;
mod receivership;
mod shares;

use crate::game_fixtures::State;
use crate::game_fixtures::*;
use railrules::core::Game;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::ShareSource::Treasury;
use railrules::games::ne1833::ids::{Company, Seat};
use railrules::games::ne1833::state::Round;

/// A 3-player game after an auction where each player bought two privates at their prices
/// (P1 the Granite and the Ogdensburg, P2 the Lowell and the Luxury Ferry, P3 the C&StL and the
/// D&H): P1 opens stock round 1 with $525.
fn stock_round() -> State {
    auction_then_stock_round(new_game(3))
}

fn auction_then_stock_round(mut s: State) -> State {
    privates_bought_two_each(&mut s);
    assert!(matches!(s.round, Round::StockRound { to_act: P1, .. }));
    s
}

/// A 5-player game in stock round 1, P1 to act: P1 bought three privates (the Granite, the
/// Lowell, the C&StL), P2-P4 one each; P2 started the CV, P3 the FRR, P4 the HR and P5 the B&W,
/// each at $40 and each president with 30%. P1 holds 20% of the CV, FRR and HR and 10% of the
/// B&W: 3 privates and 7 shares, 10 certificates, and $15. No company has operated.
fn five_players_p1_holding_ten_certificates() -> State {
    use railrules::games::ne1833::ids::Private;
    let mut s = new_game(5);
    let others = [P2, P3, P4, Seat::P5];
    for private in [Private::P1, Private::P2, Private::P3] {
        play(&mut s, bid(P1, private, face(private)));
        if private != Private::P3 {
            for seat in others {
                play(&mut s, pass(seat));
            }
        }
    }
    for (seat, private) in [(P2, Private::P4), (P3, Private::P5), (P4, Private::P6)] {
        play(&mut s, bid(seat, private, face(private)));
    }
    // The stock round opens with P5, after P4 who bought last.
    play(&mut s, par(Seat::P5, Company::Bw, 40));
    play(&mut s, buy(P1, Company::Bw, Treasury));
    play(&mut s, par(P2, Company::Cv, 40));
    play(&mut s, par(P3, Company::Frr, 40));
    play(&mut s, par(P4, Company::Hr, 40));
    play(&mut s, buy(Seat::P5, Company::Bw, Treasury));
    // P1 buys a share a turn; P2-P4 buy their second share on the first of them.
    for company in [
        Company::Cv,
        Company::Cv,
        Company::Frr,
        Company::Frr,
        Company::Hr,
        Company::Hr,
    ] {
        play(&mut s, buy(P1, company, Treasury));
        for (seat, own) in [(P2, Company::Cv), (P3, Company::Frr), (P4, Company::Hr)] {
            if s.company(own).percent_of(seat) < 30 {
                play(&mut s, buy(seat, own, Treasury));
            } else {
                play(&mut s, pass(seat));
            }
        }
        play(&mut s, pass(Seat::P5));
    }
    assert_eq!(Ne1833::to_act(&s), vec![P1]);
    assert_eq!(s.certificates(P1), 10);
    assert_eq!(cash(&s, P1), 15);
    for (company, president) in [
        (Company::Cv, P2),
        (Company::Frr, P3),
        (Company::Hr, P4),
        (Company::Bw, Seat::P5),
    ] {
        assert_eq!(s.company(company).president, Some(president));
        assert_eq!(s.company(company).percent_of(president), 30);
    }
    s
}

fn face(private: railrules::games::ne1833::ids::Private) -> u32 {
    railrules::games::ne1833::data::components().privates[private.index()].value
}

/// Closes `n` of the companies nobody started: the certificate limit falls with the companies
/// in play (5 players: 14 with nine, 11 with seven, 10 with six, 8 with five).
fn close_unstarted(s: &mut State, n: usize) {
    let unstarted: Vec<Company> = Company::ALL
        .into_iter()
        .filter(|&c| !s.company(c).is_started())
        .take(n)
        .collect();
    for c in unstarted {
        railrules::games::ne1833::market::close(&mut **s, c, &mut Vec::new());
    }
}

fn limit(s: &State) -> usize {
    railrules::games::ne1833::stock_round::certificate_limit(s)
}
