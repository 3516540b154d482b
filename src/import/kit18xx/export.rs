//! Exporting: the site's actions railrules does not take (left out), the ones re-inserted, the
//! checks that an action the site writes is the one played, and train purchases as written.

use super::{
    Actor, CompanyOf, Family, Ledger, ShareMove, actor, company_named, error, kind_of,
    market_space, moved_to, named, number, operating, part_of_turn, text, written_number,
};
use crate::games::kit18xx::operating_round::OperatingTitle;
use crate::games::kit18xx::table::{Seat, Table};
use crate::games::kit18xx::trains;
use crate::import::export_18xx::{ImportError, Played, SiteJson, member};
use crate::import::title::Seats;

/// An action the export may leave out, by the rule that would insert it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Silence<C> {
    /// `run_routes` with no routes by a company without trains (rule no-route-step).
    NoRoute(C),
    /// A dividend the site makes itself (rule no-dividend-step, or the title's own).
    NoDividend(C),
    /// A pass of a player who could only pass (rule nothing-to-do).
    NothingToDo(Seat),
    /// The pass ending a company's turn after its dividend when neither of the site's steps
    /// after it offers the company anything: the site ends the turn itself (turn-ended, where
    /// the title models those steps).
    TurnOver(C),
}

/// Whether the importer inserts `silence`'s action again before `next` (followed by `after`).
pub fn reinserted<G: Family>(
    seats: &Seats,
    silence: Silence<CompanyOf<G>>,
    next: Option<&SiteJson>,
    after: Option<&SiteJson>,
) -> bool {
    let actor_of = |a: &SiteJson| actor::<G>(seats, a, "").ok();
    if G::MODELS_STEPS_AFTER_DIVIDEND {
        match silence {
            // Made before the next action, whatever it is, and after the last
            // (`site_goes_on`).
            Silence::TurnOver(_) | Silence::NoDividend(_) => return true,
            // Written silent only once the track step is over: made before any next action
            // (before the company's own by `skipped_steps`), and after the last.
            Silence::NoRoute(_) => return true,
            Silence::NothingToDo(_) => {}
        }
    }
    let Some(next) = next else {
        // At the log's end only where the title's site passes for such a player itself.
        return matches!(silence, Silence::NothingToDo(_)) && G::ENDS_TURN_LEFT_NOTHING;
    };
    let Some(next_actor) = actor_of(next) else {
        return false;
    };
    let next_kind = kind_of(next);
    let company = match silence {
        Silence::NothingToDo(seat) => {
            let own = next_actor == Actor::Player(seat);
            return !own || G::ENDS_TURN_LEFT_NOTHING;
        }
        Silence::NoRoute(c) | Silence::NoDividend(c) | Silence::TurnOver(c) => c,
    };
    if !part_of_turn(next_actor, next_kind, company) {
        // Another company's pass closes no turn (step-pass); anything else does (turn-ended).
        return !(matches!(next_actor, Actor::Corporation(_)) && next_kind == "pass");
    }
    if next_actor != Actor::Corporation(company) {
        return false;
    }
    match next_kind {
        "dividend" => matches!(silence, Silence::NoRoute(_)),
        "buy_train" | "bankrupt" => true,
        // The company's pass closes its turn when nothing of its turn follows (step-pass
        // drops any other); the dividend is not done when this rule applies.
        "pass" => !after
            .is_some_and(|a| actor_of(a).is_some_and(|x| part_of_turn(x, kind_of(a), company))),
        _ => false,
    }
}

/// What the ledger learns from one railrules action (with the export's form of it): the tile
/// laid on `hex`, the certificates a share action moved.
pub fn observe<G: Family>(
    ledger: &mut Ledger,
    laid_on: Option<&str>,
    share: Option<(ShareMove<CompanyOf<G>>, Seat)>,
    site: Option<&SiteJson>,
    after: &G::State,
) {
    if let Some(hex) = laid_on {
        ledger.observe_tile(hex, site);
    }
    if !operating(after).is_some_and(|(_, turn)| turn.dividend_done) {
        ledger.site.train_step_passed = false;
    }
    let moved_to = share.map(|(s, player)| moved_to(&s, player));
    ledger.observe_shares::<G>(moved_to, site, after);
}

/// A title's `share_action` (a [`ShareMove`] as its `BuyShares` / `SellShares`) and
/// `share_move` (the other way): the family's titles name these actions' fields alike.
#[macro_export]
macro_rules! share_actions {
    ($action:ident, $company:ty) => {
        fn share_action(
            share: $crate::import::kit18xx::ShareMove<$company>,
            seat: Seat,
        ) -> $action {
            use $crate::import::kit18xx::ShareMove;
            match share {
                ShareMove::Buy {
                    corporation,
                    from,
                    entity,
                    percent,
                } => $action::BuyShares {
                    player: seat,
                    corporation,
                    from,
                    entity,
                    percent,
                },
                ShareMove::Sell {
                    corporation,
                    percent,
                    entity,
                } => $action::SellShares {
                    player: seat,
                    corporation,
                    percent,
                    entity,
                },
            }
        }

        fn share_move(
            action: &$action,
        ) -> Option<($crate::import::kit18xx::ShareMove<$company>, Seat)> {
            use $crate::import::kit18xx::ShareMove;
            match *action {
                $action::BuyShares {
                    player,
                    corporation,
                    from,
                    entity,
                    percent,
                } => Some((
                    ShareMove::Buy {
                        corporation,
                        from,
                        entity,
                        percent,
                    },
                    player,
                )),
                $action::SellShares {
                    player,
                    corporation,
                    percent,
                    entity,
                } => Some((
                    ShareMove::Sell {
                        corporation,
                        percent,
                        entity,
                    },
                    player,
                )),
                _ => None,
            }
        }
    };
}

/// What a translated action says of its result that railrules' action does not, checked
/// after it: a par's market column, the depot train a company got.
pub fn confirm<G: Family>(played: &Played, after: &G::State) -> Result<(), ImportError> {
    let a = &played.action;
    let at = played.pointer.as_str();
    match kind_of(a) {
        "par" => {
            let (_, _, column) = market_space::<G>(a, at)?;
            let company =
                company_named::<G>(text(a, at, "corporation")?, format!("{at}/corporation"))?;
            let here = after.company(company).price;
            if here != Some(column) {
                return Err(error(
                    format!("{at}/share_price"),
                    format!(
                        "the share price is market column {column}; railrules parks {company} at column {}",
                        here.map_or("none".to_string(), |c| c.to_string())
                    ),
                ));
            }
            Ok(())
        }
        "buy_train" => {
            let train = text(a, at, "train")?;
            let Some(company) = member(a, "entity")
                .and_then(SiteJson::as_str)
                .and_then(named::<CompanyOf<G>>)
            else {
                return Ok(());
            };
            if after.company(company).trains.iter().any(|t| t.id == train) {
                return Ok(());
            }
            Err(error(
                format!("{at}/train"),
                format!(
                    "{company} did not get train {train} here (the depot's next one is another)"
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// A `buy_train` in railrules' terms: from another company (its train id, side, the price
/// agreed, its president's acceptance) or from the depot (the card, or a discarded train's id,
/// and the side chosen).
pub struct TrainPurchase<C> {
    pub train: String,
    pub variant: String,
    pub from: Option<C>,
    pub price: Option<u32>,
    pub accepted_by: Option<Seat>,
}

/// Reads a `buy_train` by `seat`'s company: a train another company holds is bought from it;
/// any other is the depot's card (`2-0` is a copy of `2`).
pub fn train_purchase<G: Family>(
    state: &G::State,
    a: &SiteJson,
    at: &str,
    seat: Seat,
) -> Result<TrainPurchase<CompanyOf<G>>, ImportError> {
    let train = text(a, at, "train")?;
    let variant = member(a, "variant").and_then(SiteJson::as_str);
    let seller = state
        .companies()
        .iter()
        .find(|c| c.trains.iter().any(|t| t.id == train));
    if let Some(seller) = seller {
        let side = seller
            .trains
            .iter()
            .find(|t| t.id == train)
            .map(|t| t.side.to_string())
            .unwrap_or_default();
        return Ok(TrainPurchase {
            train: train.to_string(),
            variant: variant.map_or(side, str::to_string),
            from: Some(seller.company),
            price: Some(number(a, at, "price")?),
            accepted_by: seller.president.filter(|p| *p != seat),
        });
    }
    // A discarded train is bought from the depot by its id.
    let discarded = state.discard_pile().iter().any(|t| t.id == train);
    let (card, _) = train
        .rsplit_once('-')
        .filter(|(_, copy)| copy.parse::<u32>().is_ok())
        .ok_or_else(|| {
            error(
                format!("{at}/train"),
                format!("`{train}` is not a train id (`card-copy`, as `2-0`)"),
            )
        })?;
    let named = if discarded { train } else { card };
    // A card's first side is named as the card.
    let variant = variant.unwrap_or(card);
    depot_price_as_written(state, a, at, named, variant)?;
    Ok(TrainPurchase {
        train: named.to_string(),
        variant: variant.to_string(),
        from: None,
        price: None,
        accepted_by: None,
    })
}

/// A depot purchase's `price`, which the engine charges as written (`buy_train_action`) and the
/// site's page writes as the depot's price: any other cannot be true of a game the site
/// played, so it is refused at its pointer rather than replayed at the depot's price. A
/// purchase the depot cannot make is left to the rules to refuse.
fn depot_price_as_written<S: OperatingTitle>(
    state: &S,
    a: &SiteJson,
    at: &str,
    named: &str,
    variant: &str,
) -> Result<(), ImportError> {
    let Some(written) = written_number(a, at, "price")? else {
        return Ok(());
    };
    match trains::depot_price(state, named, variant) {
        Some(price) if price != written => Err(error(
            format!("{at}/price"),
            format!("the depot sells the {named} ({variant}) for ${price}, not ${written}"),
        )),
        _ => Ok(()),
    }
}
