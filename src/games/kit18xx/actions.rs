//! The actions every title of the family shares, handed to their rounds. A title's action type
//! has the family's actions under the same names and fields, besides its own;
//! [`family_actions!`] converts between the two, and [`perform_family`] hands the family's
//! to the kit's rounds, so that a title's dispatch names only its own actions.

use super::bankruptcy::bankrupt;
use super::emergency::{emergency_issue, emergency_sale};
use super::market::DividendKind;
use super::operating_round::buying_trains::{buy_train, buy_train_from, discard_train};
use super::operating_round::dividends::dividend;
use super::operating_round::issues::{issue, redeem};
use super::operating_round::laying_track::lay;
use super::operating_round::running_routes::run_routes;
use super::operating_round::{OperatingTitle, current};
use super::routes::Route;
use super::shares::ShareSource;
use super::stock_round::{buy_shares, par, sell_shares};
use super::table::Seat;
use super::track::TileLay;
use crate::core::Violation;

/// An action every title of the family has, with the fields it has in each: what the kit
/// performs ([`perform_family`]) and lists (`legal`). A tile lay here is the operator's own
/// (no private's ability: those are the title's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FamilyAction<C> {
    Pass {
        player: Seat,
    },
    Par {
        player: Seat,
        corporation: C,
        share_price: u32,
    },
    BuyShares {
        player: Seat,
        corporation: C,
        from: ShareSource,
        entity: Option<C>,
        percent: Option<u8>,
    },
    SellShares {
        player: Seat,
        corporation: C,
        percent: u8,
        entity: Option<C>,
    },
    LayTile {
        player: Seat,
        hex: String,
        tile: String,
        rotation: u8,
    },
    RunRoutes {
        player: Seat,
        routes: Vec<Route>,
    },
    Dividend {
        player: Seat,
        kind: DividendKind,
    },
    BuyTrain {
        player: Seat,
        train: String,
        variant: String,
        from: Option<C>,
        price: Option<u32>,
        accepted_by: Option<Seat>,
    },
    DiscardTrain {
        player: Seat,
        train: String,
    },
    Bankrupt {
        player: Seat,
    },
}

/// A title's action type, which holds the family's actions besides its own (and is made from
/// them: `From<FamilyAction<Company>>`).
pub trait FamilyActions {
    type Company: Copy + PartialEq;
    /// The family's action this is; `None` for one of the title's own.
    fn family(&self) -> Option<FamilyAction<Self::Company>>;
    /// The player and the routes, if this runs routes: read in place, because a run's routes
    /// are the largest of the family's actions and [`FamilyActions::family`] copies.
    fn run(&self) -> Option<(Seat, &[Route])>;
}

/// Writes [`FamilyActions`] and `From<FamilyAction>` for a title's action enum `$action` over
/// its company id `$company`: the enum's variants of the family's actions have the same names
/// and fields (`LayTile` with `company: None` being the family's). A macro because the two
/// sides are each title's own enum, alike only by their variants' names; each variant is
/// named once, for both directions.
macro_rules! family_actions {
    ($action:ident, $company:ty) => {
        $crate::games::kit18xx::actions::family_actions!(@both $action, $company;
            Pass { player },
            Par { player, corporation, share_price },
            BuyShares { player, corporation, from, entity, percent },
            SellShares { player, corporation, percent, entity },
            RunRoutes { player, routes },
            Dividend { player, kind },
            BuyTrain { player, train, variant, from, price, accepted_by },
            DiscardTrain { player, train },
            Bankrupt { player }
        );
    };
    (@both $action:ident, $company:ty; $($variant:ident { $($field:ident),* }),*) => {
        impl From<$crate::games::kit18xx::actions::FamilyAction<$company>> for $action {
            fn from(action: $crate::games::kit18xx::actions::FamilyAction<$company>) -> Self {
                use $crate::games::kit18xx::actions::FamilyAction as F;
                match action {
                    $(F::$variant { $($field),* } => $action::$variant { $($field),* },)*
                    F::LayTile { player, hex, tile, rotation } => $action::LayTile {
                        player,
                        hex,
                        tile,
                        rotation,
                        company: None,
                    },
                }
            }
        }

        impl $crate::games::kit18xx::actions::FamilyActions for $action {
            type Company = $company;

            fn run(
                &self,
            ) -> Option<(
                $crate::games::kit18xx::table::Seat,
                &[$crate::games::kit18xx::routes::Route],
            )> {
                match self {
                    $action::RunRoutes { player, routes } => Some((*player, routes.as_slice())),
                    _ => None,
                }
            }

            fn family(&self) -> Option<$crate::games::kit18xx::actions::FamilyAction<$company>> {
                use $crate::games::kit18xx::actions::FamilyAction as F;
                Some(match self.clone() {
                    $($action::$variant { $($field),* } => F::$variant { $($field),* },)*
                    $action::LayTile { player, hex, tile, rotation, company: None } => {
                        F::LayTile { player, hex, tile, rotation }
                    }
                    _ => return None,
                })
            }
        }
    };
}
pub(crate) use family_actions;

/// Performs one of the family's actions: a pass outside the operating round is the stock
/// round's (a title passes in its own rounds, the draft or the auction, before this).
pub fn perform_family<S: OperatingTitle, A: FamilyActions<Company = S::Company>>(
    state: &mut S,
    action: &A,
) -> Result<Vec<S::Event>, Violation> {
    if let Some((player, routes)) = action.run() {
        return run_routes(state, player, routes);
    }
    let Some(action) = action.family() else {
        // A title hands its own actions to its own rounds before calling this.
        return Err(Violation::new(
            "not_a_family_action",
            state.operating_sections().operating_round,
            "this title performs this action itself",
        ));
    };
    match action {
        FamilyAction::Pass { player } if state.operating_round().is_some() => {
            super::operating_round::pass(state, player)
        }
        FamilyAction::Pass { player } => super::stock_round::pass(state, player),
        FamilyAction::Par {
            player,
            corporation,
            share_price,
        } => par(state, player, corporation, share_price),
        FamilyAction::BuyShares {
            player,
            corporation,
            from,
            entity,
            percent,
        } => buy_shares_action(state, player, corporation, from, entity, percent),
        FamilyAction::SellShares {
            player,
            corporation,
            percent,
            entity,
        } => sell_shares_action(state, player, corporation, percent, entity),
        FamilyAction::LayTile {
            player,
            hex,
            tile,
            rotation,
        } => lay(
            state,
            player,
            &TileLay {
                hex,
                tile,
                rotation,
            },
        ),
        FamilyAction::RunRoutes { player, routes } => run_routes(state, player, &routes),
        FamilyAction::Dividend { player, kind } => dividend(state, player, kind),
        FamilyAction::BuyTrain {
            player,
            train,
            variant,
            from,
            price,
            accepted_by,
        } => buy_train_action(state, player, &train, &variant, from, price, accepted_by),
        FamilyAction::DiscardTrain { player, train } => discard_train(state, player, &train),
        FamilyAction::Bankrupt { player } => bankrupt(state, player),
    }
}

fn own_shares_only<S: OperatingTitle>(state: &S) -> Violation {
    Violation::new(
        "own_shares_only",
        state.operating_sections().issues,
        "a company issues and redeems its own shares: entity and corporation must be the same",
    )
}

/// `buy_shares`: a player's purchase in the stock round, or with `entity` the operating
/// corporation's redemption from the market.
pub fn buy_shares_action<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    corporation: S::Company,
    from: ShareSource,
    entity: Option<S::Company>,
    percent: Option<u8>,
) -> Result<Vec<S::Event>, Violation> {
    let percent = percent.unwrap_or(10);
    let Some(entity) = entity else {
        return buy_shares(state, player, corporation, from, percent);
    };
    if entity != corporation {
        return Err(own_shares_only(state));
    }
    if from != ShareSource::Market {
        return Err(Violation::new(
            "redeem_from_market",
            state.operating_sections().issues,
            "a company redeems its shares from the market",
        ));
    }
    redeem(state, player, corporation, percent)
}

/// `sell_shares`: a player's sale in the stock round, or in the operating round the
/// president's emergency sale; with `entity` the operating corporation's issue (an emergency
/// issue after its dividend).
pub fn sell_shares_action<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    corporation: S::Company,
    percent: u8,
    entity: Option<S::Company>,
) -> Result<Vec<S::Event>, Violation> {
    let operating = state.operating_round().is_some();
    match entity {
        Some(entity) if entity != corporation => Err(own_shares_only(state)),
        Some(_) => {
            let after_dividend = current(state)
                .is_some_and(|(_, t)| super::operating_round::TurnRecord::common(t).dividend_done);
            if after_dividend {
                emergency_issue(state, player, corporation, percent)
            } else {
                issue(state, player, corporation, percent)
            }
        }
        None if operating => emergency_sale(state, player, corporation, percent),
        None => sell_shares(state, player, corporation, percent),
    }
}

/// `buy_train`: from the depot (no seller, price or acceptance), or from another corporation
/// (its seller and the agreed price).
pub fn buy_train_action<S: OperatingTitle>(
    state: &mut S,
    player: Seat,
    train: &str,
    variant: &str,
    from: Option<S::Company>,
    price: Option<u32>,
    accepted_by: Option<Seat>,
) -> Result<Vec<S::Event>, Violation> {
    match (from, price) {
        (None, None) if accepted_by.is_none() => buy_train(state, player, train, variant),
        (Some(seller), Some(price)) => {
            buy_train_from(state, player, seller, train, variant, price, accepted_by)
        }
        _ => Err(Violation::new(
            "bad_train_purchase",
            state.operating_sections().trains,
            "from the depot: no from, price or accepted_by; from a company: from and price",
        )),
    }
}
