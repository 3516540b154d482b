//! Shares both ways: the certificates an export's buys and sales name, and the names railrules'
//! share actions are written with.

use super::{
    Actor, ActorOf, CompanyOf, Family, Holder, Ledger, certificates, describe, error, percent_of,
};
use crate::games::kit18xx::shares::ShareSource;
use crate::games::kit18xx::table::{CompanyId, Seat};
use crate::import::export_18xx::{ImportError, SiteJson};
use serde_json::json;
use std::fmt::Display;

/// A share action of the export in railrules' terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShareMove<C> {
    Buy {
        corporation: C,
        from: ShareSource,
        entity: Option<C>,
        percent: Option<u8>,
    },
    Sell {
        corporation: C,
        percent: u8,
        entity: Option<C>,
    },
}

/// The certificates a corporation's own issue (from its treasury) or redemption (from the
/// market) names: its own, all where `from` says.
fn own_certificates<G: Family>(
    ledger: &Ledger,
    a: &SiteJson,
    at: &str,
    c: CompanyOf<G>,
    from: Holder,
    does: &str,
) -> Result<Vec<(usize, Holder)>, ImportError> {
    let place = if from == Holder::Market {
        "the market"
    } else {
        "the treasury"
    };
    let (company, named) = certificates::<G>(ledger, a, at, &|h| h == from, place)?;
    if company != c {
        return Err(error(
            format!("{at}/shares"),
            format!("{c} {does} only its own shares"),
        ));
    }
    Ok(named)
}

/// `buy_shares`: a player's purchase (from the treasury or the market), or a corporation's
/// redemption of its own from the market.
pub fn buy_shares<G: Family>(
    ledger: &Ledger,
    a: &SiteJson,
    at: &str,
    actor: ActorOf<G>,
) -> Result<ShareMove<CompanyOf<G>>, ImportError> {
    match actor {
        Actor::Player(_) => {
            let from_pool = |h: Holder| matches!(h, Holder::Treasury | Holder::Market);
            let (company, named) =
                certificates::<G>(ledger, a, at, &from_pool, "the treasury or the market")?;
            let source = named[0].1;
            if named.iter().any(|(_, h)| *h != source) {
                return Err(error(
                    format!("{at}/shares"),
                    "the certificates come from the treasury and the market both",
                ));
            }
            let percent = percent_of(a, at, &named)?;
            Ok(ShareMove::Buy {
                corporation: company,
                from: if source == Holder::Treasury {
                    ShareSource::Treasury
                } else {
                    ShareSource::Market
                },
                entity: None,
                percent: (percent != 10).then_some(percent),
            })
        }
        Actor::Corporation(c) => {
            let named = own_certificates::<G>(ledger, a, at, c, Holder::Market, "redeems")?;
            Ok(ShareMove::Buy {
                corporation: c,
                from: ShareSource::Market,
                entity: Some(c),
                percent: Some(percent_of(a, at, &named)?),
            })
        }
        Actor::Private(_) => Err(error(format!("{at}/entity"), "a private buys no shares")),
    }
}

/// `sell_shares`: a player's sale, or a corporation's issue of its own from its treasury.
pub fn sell_shares<G: Family>(
    ledger: &Ledger,
    a: &SiteJson,
    at: &str,
    actor: ActorOf<G>,
) -> Result<ShareMove<CompanyOf<G>>, ImportError> {
    match actor {
        Actor::Player(p) => {
            let own = move |h: Holder| h == Holder::Player(p);
            let (company, named) = certificates::<G>(ledger, a, at, &own, &p.to_string())?;
            Ok(ShareMove::Sell {
                corporation: company,
                percent: percent_of(a, at, &named)?,
                entity: None,
            })
        }
        Actor::Corporation(c) => {
            let named = own_certificates::<G>(ledger, a, at, c, Holder::Treasury, "issues")?;
            Ok(ShareMove::Sell {
                corporation: c,
                percent: percent_of(a, at, &named)?,
                entity: Some(c),
            })
        }
        Actor::Private(_) => Err(error(format!("{at}/entity"), "a private sells no shares")),
    }
}

/// Where the certificates of a railrules share action went (for the ledger).
pub fn moved_to<C>(share: &ShareMove<C>, player: Seat) -> Holder {
    match share {
        ShareMove::Buy { entity: None, .. } => Holder::Player(player),
        ShareMove::Buy {
            entity: Some(_), ..
        } => Holder::Treasury,
        ShareMove::Sell { .. } => Holder::Market,
    }
}

// ---------------------------------------------------------------------------------------------
// Exporting.

pub fn share_name<C: CompanyId>(company: C, index: usize) -> String {
    format!("{}_{index}", company.symbol())
}

/// The `percent` of `company` that `holder` moves, as its lowest certificates.
pub fn lowest<C: CompanyId + Display>(
    ledger: &Ledger,
    company: C,
    holder: Holder,
    percent: u8,
) -> Result<Vec<String>, String> {
    let held = ledger.held(company, holder);
    pick(company, &held, percent)
        .ok_or_else(|| format!("{} holds no {percent}% of {company}", describe(holder)))
}

/// The certificates a corporation issues: its treasury's, in the order they came to it (the
/// site's issuable bundles take the treasury's shares so: a share redeemed comes last).
fn issued<C: CompanyId + Display>(
    ledger: &Ledger,
    company: C,
    percent: u8,
) -> Result<Vec<String>, String> {
    let held = ledger.tens_in_order(company, Holder::Treasury);
    pick(company, &held, percent).ok_or_else(|| {
        format!(
            "{} holds no {percent}% of {company}",
            describe(Holder::Treasury)
        )
    })
}

/// The certificates a player sells: 10% ones, highest first; then the president's, when those
/// do not make up the percent (the site sells part of it, its `percent` saying how much, the
/// presidency passing to another player as the rules say).
pub fn sold<C: CompanyId + Display>(
    ledger: &Ledger,
    company: C,
    seat: Seat,
    percent: u8,
) -> Result<Vec<String>, String> {
    let held = ledger.held(company, Holder::Player(seat));
    let tens: Vec<usize> = held.iter().rev().copied().filter(|&i| i != 0).collect();
    let needed = usize::from(percent / 10);
    let names = |list: &[usize]| list.iter().map(|&i| share_name(company, i)).collect();
    if percent.is_multiple_of(10) && tens.len() >= needed {
        return Ok(names(&tens[..needed]));
    }
    if held.contains(&0) && percent.is_multiple_of(10) && needed <= tens.len() + 2 {
        let mut list = tens.clone();
        list.push(0);
        return Ok(names(&list));
    }
    Err(format!("{seat} holds no {percent}% of {company}"))
}

/// The lowest 10% certificates from `held` adding up to `percent`.
fn pick<C: CompanyId>(company: C, held: &[usize], percent: u8) -> Option<Vec<String>> {
    let tens: Vec<usize> = held.iter().copied().filter(|&i| i != 0).collect();
    let needed = usize::from(percent / 10);
    (percent.is_multiple_of(10) && tens.len() >= needed).then(|| {
        tens[..needed]
            .iter()
            .map(|&i| share_name(company, i))
            .collect()
    })
}

/// The export's certificates of a railrules share action, and its entity.
pub fn share_fields<C: CompanyId + Display>(
    ledger: &Ledger,
    share: &ShareMove<C>,
    player: Seat,
) -> Result<(Option<C>, serde_json::Value), String> {
    match *share {
        ShareMove::Buy {
            corporation,
            from,
            entity,
            percent,
        } => {
            let percent = percent.unwrap_or(10);
            let source = match from {
                ShareSource::Treasury => Holder::Treasury,
                ShareSource::Market => Holder::Market,
            };
            let shares = lowest(ledger, corporation, source, percent)?;
            Ok((
                entity,
                json!({"type": "buy_shares", "shares": shares, "percent": percent}),
            ))
        }
        ShareMove::Sell {
            corporation,
            percent,
            entity,
        } => {
            let shares = match entity {
                Some(_) => issued(ledger, corporation, percent)?,
                None => sold(ledger, corporation, player, percent)?,
            };
            Ok((
                entity,
                json!({"type": "sell_shares", "shares": shares, "percent": percent}),
            ))
        }
    }
}
