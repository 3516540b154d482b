//! Buying trains (1846 6.7): from the depot after the dividend, from another company at an
//! agreed price of at least $1, and the discards a phase change forces. A company short of
//! cash for its train is `kit18xx::emergency`.

use super::{OperatingEvent, OperatingTitle, TurnRecord, expect_president};
use crate::core::Violation;
use crate::games::kit18xx::emergency;
use crate::games::kit18xx::table::{Seat, Train};
use crate::games::kit18xx::trains;

/// Whether `company` may buy a train now: one that buys trains, after its dividend.
fn judge_buyer<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    turn: &S::Turn,
) -> Result<(), Violation> {
    let section = state.operating_sections().trains;
    if !state.buys_trains(company) {
        return Err(Violation::new(
            "buys_no_train",
            section,
            format!("{company} buys no train"),
        ));
    }
    if !turn.common().dividend_done {
        return Err(Violation::new(
            "dividend_first",
            section,
            "trains are bought after the dividend",
        ));
    }
    Ok(())
}

pub fn buy_train<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    card: &str,
    variant: &str,
) -> Result<Vec<S::Event>, Violation> {
    let (company, turn) = expect_president(state, player, "buy_train")?;
    judge_buyer(state, company, &turn)?;
    let (train, price) = trains::judge_depot_card(state, company, card, variant)?;
    let president_paid = emergency::judge_depot_purchase(state, company, &turn, train, price)?;
    let mut events = trains::buy(
        state,
        company,
        train,
        variant,
        price,
        president_paid.unwrap_or(0),
    );
    events.extend(require_discards(state));
    Ok(events)
}

/// After a phase change, companies over the new limit discard, in operating order: a company
/// in receivership at once, its oldest trains first (a reading: it has no one to choose), the
/// others when their presidents act.
pub fn require_discards<S: OperatingTitle>(state: &mut S) -> Vec<S::Event> {
    let order = state
        .operating_round()
        .map(|r| r.order.to_vec())
        .unwrap_or_default();
    let mut events = Vec::new();
    let mut over = trains::over_limit(state, &order);
    let receivers: Vec<S::Company> = over
        .iter()
        .copied()
        .filter(|&c| state.company(c).receivership)
        .collect();
    for company in receivers {
        while trains::active_trains(state, company) > state.train_limit(company) {
            let Some(oldest) = state
                .company(company)
                .trains
                .iter()
                .find(|t| !t.phased_out)
                .map(|t| t.id.clone())
            else {
                break;
            };
            trains::return_trains(state, company, |t| t.id == oldest);
            events.push(
                OperatingEvent::TrainDiscarded {
                    corporation: company,
                    train: oldest.to_string(),
                }
                .into(),
            );
        }
    }
    over.retain(|&c| !state.company(c).receivership);
    if let Some(round) = state.operating_round_mut() {
        *round.discards = over;
    }
    events
}

pub fn discard_train<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    train: &str,
) -> Result<Vec<S::Event>, Violation> {
    let Some(round) = state.operating_round() else {
        return Err(state.wrong_round("discard_train"));
    };
    let section = state.operating_sections().trains;
    let Some(&company) = round.discards.first() else {
        return Err(Violation::new(
            "no_discard",
            section,
            "no company is over the train limit",
        ));
    };
    let Some(president) = state.company(company).president else {
        return Err(state.wrong_round("discard_train"));
    };
    if player != president {
        return Err(state.not_your_turn(player, president));
    }
    if !state
        .company(company)
        .trains
        .iter()
        .any(|t| t.id == train && !t.phased_out)
    {
        return Err(Violation::new(
            "unknown_train",
            section,
            format!("{company} has no train {train} to discard"),
        ));
    }
    trains::return_trains(state, company, |t| t.id == train);
    let still_over = trains::active_trains(state, company) > state.train_limit(company);
    if let Some(round) = state.operating_round_mut()
        && !still_over
    {
        round.discards.remove(0);
    }
    Ok(vec![
        OperatingEvent::TrainDiscarded {
            corporation: company,
            train: train.to_string(),
        }
        .into(),
    ])
}

/// A train from another company, at an agreed price of at least $1; never a phased-out one.
pub fn buy_train_from<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    seller: S::Company,
    train: &str,
    variant: &str,
    price: u32,
    accepted_by: Option<Seat>,
) -> Result<Vec<S::Event>, Violation> {
    let (company, turn) = expect_president(state, player, "buy_train")?;
    let section = state.operating_sections().trains;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section, m));
    judge_buyer(state, company, &turn)?;
    emergency::refuse_purchase_from_others(state, company, &turn)?;
    let t = train_for_sale(state, company, seller, train, variant, price)?;
    seller_accepts(state, player, seller, accepted_by)?;
    if state.company(company).cash < price {
        return refuse(
            "insufficient_cash",
            format!(
                "{company} has ${} for ${price}",
                state.company(company).cash
            ),
        );
    }
    state.company_mut(company).cash -= price;
    state.company_mut(seller).cash += price;
    state.company_mut(seller).trains.retain(|x| x.id != train);
    state.company_mut(company).trains.push(Train {
        side: variant.into(),
        ..t
    });
    Ok(vec![
        OperatingEvent::TrainSold {
            from: seller,
            to: company,
            train: train.to_string(),
            variant: variant.to_string(),
            price,
        }
        .into(),
    ])
}

/// The seller's train `train`, for sale to `company` on `variant` at `price`: another
/// company's, not phased out, with that side, for at least $1, within the buyer's train limit.
fn train_for_sale<S: OperatingTitle>(
    state: &S,
    company: S::Company,
    seller: S::Company,
    train: &str,
    variant: &str,
    price: u32,
) -> Result<Train, Violation> {
    let section = state.operating_sections().trains;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section, m));
    if seller == company {
        return refuse("own_train", format!("{company} cannot buy its own train"));
    }
    let Some(t) = state
        .company(seller)
        .trains
        .iter()
        .find(|t| t.id == train)
        .cloned()
    else {
        return refuse("unknown_train", format!("{seller} has no train {train}"));
    };
    if t.phased_out {
        return refuse(
            "phased_out",
            format!("{train} is phased out and cannot be sold"),
        );
    }
    // The buyer chooses the side at every purchase (ruling R2): the side it ran on before
    // does not bind it.
    if !trains::card_has_side(state, &t.card, variant) {
        return refuse(
            "no_such_variant",
            format!("the {} card has no side {variant}", t.card),
        );
    }
    if price == 0 {
        return refuse("bad_price", "a train sells for at least $1".to_string());
    }
    if trains::active_trains(state, company) >= state.train_limit(company) {
        return refuse("train_limit", format!("{company} is at the train limit"));
    }
    Ok(t)
}

/// The selling company's president accepts, unless the buyer's president is theirs too.
fn seller_accepts<S: OperatingTitle>(
    state: &S,
    player: Seat,
    seller: S::Company,
    accepted_by: Option<Seat>,
) -> Result<(), Violation> {
    let section = state.operating_sections().trains;
    let refuse = |code: &str, m: String| Err(Violation::new(code, section, m));
    let seller_president = state.company(seller).president;
    match (seller_president == Some(player), accepted_by) {
        (true, None) => {}
        (false, Some(seat)) if Some(seat) == seller_president => {}
        (true, Some(_)) => {
            return refuse(
                "acceptance_not_needed",
                "the same president needs no acceptance".to_string(),
            );
        }
        (false, _) => {
            return refuse(
                "acceptance_required",
                format!("{seller}'s president must accept (accepted_by)"),
            );
        }
    }
    Ok(())
}
