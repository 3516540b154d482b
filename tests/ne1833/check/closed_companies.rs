//! Closed companies: a closed company holds nothing.

use crate::game_fixtures::*;
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::ids::Company;
use railrules::games::ne1833::market::close;
use railrules::games::ne1833::state::OwnedFerry;

use crate::game_fixtures::State;

use super::{CV, consistent, expect, opening, station, train};

/// The opening where the Central Vermont has closed (the rules' `close`).
fn cv_closed() -> State {
    let mut s = opening();
    close(&mut *s, Company::Cv, &mut Vec::new());
    consistent(&s);
    s
}

#[test]
fn a_closed_company_holds_nothing() {
    let mut s = cv_closed();
    let cv = s.company_mut(Company::Cv);
    cv.cash = 5;
    cv.treasury_shares = 100;
    cv.president = Some(P3);
    cv.receivership = true;
    cv.trains.push(train("2-0", false));
    s.depot[0] -= 1;
    s.bank -= 5;
    s.board.stations.push(station("CV", "C8", 0));
    s.ferries.push(OwnedFerry {
        ferry: "boston".into(),
        company: Company::Cv,
    });
    let stations = s.board.stations.len() - 1;
    expect(
        &s,
        &[
            ("closed_company_in_use", "/companies/0/treasury_shares"),
            ("closed_company_in_use", "/companies/0/cash"),
            ("closed_company_in_use", "/companies/0/president"),
            ("closed_company_in_use", "/companies/0/receivership"),
            ("closed_company_in_use", "/companies/0/trains"),
            (
                "closed_company_in_use",
                &format!("/board/stations/{stations}"),
            ),
            ("closed_company_in_use", "/ferries/0"),
        ],
    );
    assert_eq!(CV, Company::Cv.index());
}
