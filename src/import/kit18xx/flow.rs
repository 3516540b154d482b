//! The flow rules, importing: the actions the site's operating round takes by itself, or leaves
//! out, that railrules' kit needs written (docs/rules/<title>.md#interop).

use super::{
    Actor, ActorOf, CompanyOf, Family, SiteTurn, actor, error, in_turn, kind_of, operating,
    seat_for,
};
use crate::core::{Checked, Game};
use crate::games::kit18xx::operating_round::TurnCommon;
use crate::games::kit18xx::table::{Seat, Table};
use crate::import::export_18xx::{ImportError, Played};
use crate::import::title::{Seats, Step};

/// What railrules still asks of `company` before its turn can end (rules no-route-step, the
/// title's automatic dividends), else its pass (turn-ended).
pub fn closing<G: Family>(
    state: &G::State,
    company: CompanyOf<G>,
    seat: Seat,
    at: &str,
) -> Result<(G::Action, &'static str), ImportError> {
    let Some((_, turn)) = operating(state) else {
        return Ok((G::pass(seat), G::FLOW.turn_ended));
    };
    match turn.revenue {
        None if state.company(company).trains.is_empty() || G::runs_nothing(state, company) => {
            Ok((G::run_no_routes(seat), G::FLOW.no_route_step))
        }
        None => Err(error(
            at,
            format!("the export ends {company}'s turn before it runs its trains"),
        )),
        Some(revenue) if !turn.dividend_done => {
            match G::automatic_dividend(state, company, revenue) {
                Some((kind, rule)) => Ok((G::dividend(seat, kind), rule)),
                None => Err(error(
                    at,
                    format!(
                        "the export ends {company}'s turn without paying or withholding its ${revenue}"
                    ),
                )),
            }
        }
        Some(_) => Ok((G::pass(seat), G::FLOW.turn_ended)),
    }
}

/// What the site does by itself once an action is processed, where the title models its
/// steps after the dividend: the route and dividend steps it skips once the track step is
/// over for a company that can run nothing (no-route-step; asked where the next action is not
/// the company's own, whose kinds [`skipped_steps`] reads), the dividend it makes itself as
/// soon as the routes are run (no-dividend-step, a title's own), and the end of the turn once
/// neither step after the dividend offers the company anything (turn-ended).
fn site_goes_on<G: Family>(
    seats: &Seats,
    site: &SiteTurn,
    state: &G::State,
    company: CompanyOf<G>,
    turn: &TurnCommon,
    by_another: bool,
    at: &str,
) -> Result<Option<Step<G::Action>>, ImportError> {
    if !G::MODELS_STEPS_AFTER_DIVIDEND {
        return Ok(None);
    }
    let goes_on = match turn.revenue {
        None => {
            by_another
                && (state.company(company).trains.is_empty() || G::runs_nothing(state, company))
                && G::track_step_over(state, company)
        }
        Some(revenue) if !turn.dividend_done => {
            G::automatic_dividend(state, company, revenue).is_some()
        }
        Some(_) => {
            let steps = G::steps_after_dividend(state, company);
            let train_step_open = steps.train_step && !site.train_step_passed;
            !train_step_open && !steps.last_step
        }
    };
    if !goes_on {
        return Ok(None);
    }
    let seat = seat_for::<G>(seats, state, company, None, at)?;
    let (action, rule) = closing::<G>(state, company, seat, at)?;
    Ok(Some(Step::Insert(action, rule)))
}

/// The step [`site_goes_on`] makes after the export's last action, if any (the site made it
/// as soon as that action was processed).
pub fn site_goes_on_at_the_end<G: Family>(
    seats: &Seats,
    site: &SiteTurn,
    state: &G::State,
) -> Option<(G::Action, &'static str)> {
    let (company, turn) = operating(state)?;
    match site_goes_on::<G>(seats, site, state, company, &turn, true, "/actions") {
        Ok(Some(Step::Insert(action, rule))) => Some((action, rule)),
        _ => None,
    }
}

/// Rule turn-ended: an action that is not the operating company's ends its turn first.
pub fn close_turn<G: Family>(
    seats: &Seats,
    site: &SiteTurn,
    state: &G::State,
    actor: ActorOf<G>,
    kind: &str,
    at: &str,
) -> Result<Option<Step<G::Action>>, ImportError> {
    let Some((company, turn)) = operating(state) else {
        return Ok(None);
    };
    let by_another = actor != Actor::Corporation(company);
    if let Some(step) = site_goes_on::<G>(seats, site, state, company, &turn, by_another, at)? {
        return Ok(Some(step));
    }
    let another_company_passes = matches!(actor, Actor::Corporation(_)) && kind == "pass";
    let next_turn = actor == Actor::Corporation(company)
        && turn.dividend_done
        && G::BEFORE_DIVIDEND.contains(&kind);
    if (in_turn::<G>(state, actor, kind, company) && !next_turn) || another_company_passes {
        return Ok(None);
    }
    let seat = seat_for::<G>(seats, state, company, None, at)?;
    let (action, rule) = closing::<G>(state, company, seat, at)?;
    Ok(Some(Step::Insert(action, rule)))
}

/// Rule nothing-to-do: in the rounds where players act in turn, a player the export skips
/// passes when passing is all they may do (and, where the title's site ends such a turn
/// itself, a player left so whatever their next action: the site offers a pass only with
/// another action, so their own pass is of a later turn).
pub fn pass_for_skipped_player<G: Family>(
    state: &Checked<G>,
    actor: ActorOf<G>,
) -> Option<Step<G::Action>> {
    if !G::players_round(state) {
        return None;
    }
    let to_act = G::first_to_act(state)?;
    if actor == Actor::Player(to_act) && !G::ENDS_TURN_LEFT_NOTHING {
        return None;
    }
    G::only_pass(state, to_act).then_some(Step::Insert(G::pass(to_act), G::FLOW.nothing_to_do))
}

/// Rule nothing-to-do at the log's end, where the title's site passes for a player left
/// nothing to do as soon as the last action is processed: the player to act passes.
pub fn pass_at_the_end<G: Family>(state: &Checked<G>) -> Option<(G::Action, &'static str)> {
    if !G::ENDS_TURN_LEFT_NOTHING || !G::players_round(state) {
        return None;
    }
    let to_act = G::first_to_act(state)?;
    G::only_pass(state, to_act).then(|| (G::pass(to_act), G::FLOW.nothing_to_do))
}

/// Rules no-route-step, no-dividend-step and step-pass within the operating company's turn.
pub fn skipped_steps<G: Family>(
    seats: &Seats,
    site: &mut SiteTurn,
    state: &G::State,
    actor: ActorOf<G>,
    played: &Played,
    next: Option<&Played>,
) -> Result<Option<Step<G::Action>>, ImportError> {
    let at = played.pointer.as_str();
    let kind = kind_of(&played.action);
    let company = match actor {
        Actor::Corporation(c) => c,
        Actor::Private(_) if kind == "pass" => return Ok(Some(Step::Drop(G::FLOW.step_pass))),
        _ => return Ok(None),
    };
    let Some((operating_now, turn)) = operating(state) else {
        return Ok((kind == "pass").then_some(Step::Drop(G::FLOW.step_pass)));
    };
    if operating_now != company {
        return Ok((kind == "pass").then_some(Step::Drop(G::FLOW.step_pass)));
    }
    let seat = seat_for::<G>(seats, state, company, Some(&played.action), at)?;
    // Whether its trains can run nothing: a search of its best routes, made once and only
    // where a rule asks.
    let runs_nothing_once = std::cell::OnceCell::new();
    let runs_nothing = || {
        *runs_nothing_once.get_or_init(|| {
            state.company(company).trains.is_empty() || G::runs_nothing(state, company)
        })
    };
    let no_routes = || turn.revenue.is_none() && runs_nothing();
    let automatic = !turn.dividend_done
        && turn
            .revenue
            .is_some_and(|r| G::automatic_dividend(state, company, r).is_some());
    match kind {
        "pass" => {
            // The pass ends the site's track step; the route and dividend steps it skips
            // then come first (no-route-step, no-dividend-step).
            if G::ISSUE_STEP_BEFORE_TRACK && (automatic || no_routes()) {
                // The track step's pass, unless that step was over already (the pass is then
                // a later step's, read again once the skipped steps are inserted).
                if !G::track_step_over(state, company) {
                    site.track_passed_by = Some(at.to_string());
                }
                let (action, rule) = closing::<G>(state, company, seat, at)?;
                return Ok(Some(Step::Insert(action, rule)));
            }
            if G::MODELS_STEPS_AFTER_DIVIDEND && turn.dividend_done {
                return pass_after_dividend::<G>(site, state, company, seat, at).map(Some);
            }
            if turn_goes_on::<G>(
                seats,
                state,
                company,
                turn.dividend_done,
                &runs_nothing,
                next,
            ) {
                return Ok(Some(Step::Drop(G::FLOW.step_pass)));
            }
            let (action, rule) = closing::<G>(state, company, seat, at)?;
            Ok(Some(if rule == G::FLOW.turn_ended {
                Step::Translate(action)
            } else {
                Step::Insert(action, rule)
            }))
        }
        "buy_company"
            if G::ISSUE_STEP_BEFORE_TRACK
                && G::track_step_over(state, company)
                && (automatic || no_routes()) =>
        {
            // The track step ended by itself (nothing left to lay or place): the site skipped
            // the route and dividend steps then, before this purchase (BuyCompany does not
            // block).
            let (action, rule) = closing::<G>(state, company, seat, at)?;
            Ok(Some(Step::Insert(action, rule)))
        }
        "dividend" | "buy_train" | "bankrupt" | "sell_shares" => {
            // An issue is the train step's (emergency) issue only once the site's issue step
            // is closed: after the dividend, or (ISSUE_STEP_BEFORE_TRACK) after the turn's
            // issue or redemption, or once the track step ended by itself (the route and
            // dividend steps of a company that can run no route are then skipped).
            // (Asked of a sale only: whether the track step is over is a search.)
            let issue_step_closed = || {
                G::ISSUE_STEP_BEFORE_TRACK
                    && (turn.shares_moved || G::track_step_over(state, company))
            };
            if kind == "sell_shares" && !issue_step_closed() {
                return Ok(None);
            }
            let automatic = kind != "dividend" && automatic;
            if automatic || no_routes() {
                let (action, rule) = closing::<G>(state, company, seat, at)?;
                return Ok(Some(Step::Insert(action, rule)));
            }
            Ok(None)
        }
        _ => Ok(None),
    }
}

/// A pass of the operating `company` after its dividend, where the title models the site's
/// steps after it (rules step-pass, turn-ended): the train step's while that offers a train
/// and was not passed (the turn goes on if the last step offers something), else the last
/// step's, which ends the turn. The pass that ended the track step before the skipped route
/// and dividend steps were inserted ends nothing more.
fn pass_after_dividend<G: Family>(
    site: &mut SiteTurn,
    state: &G::State,
    company: CompanyOf<G>,
    seat: Seat,
    at: &str,
) -> Result<Step<G::Action>, ImportError> {
    if site.track_passed_by.as_deref() == Some(at) {
        return Ok(Step::Drop(G::FLOW.step_pass));
    }
    let steps = G::steps_after_dividend(state, company);
    if steps.train_step && !site.train_step_passed {
        site.train_step_passed = true;
        if steps.last_step {
            return Ok(Step::Drop(G::FLOW.step_pass));
        }
    }
    let (action, rule) = closing::<G>(state, company, seat, at)?;
    Ok(if rule == G::FLOW.turn_ended {
        Step::Translate(action)
    } else {
        Step::Insert(action, rule)
    })
}

/// Whether the export's action after a pass of `company` is still of its turn (the pass then
/// ends one of the site's steps, rule step-pass): before its dividend, any action of its
/// turn; after it, only the site's last step's (buying a private, passing it).
fn turn_goes_on<G: Family>(
    seats: &Seats,
    state: &G::State,
    company: CompanyOf<G>,
    dividend_done: bool,
    runs_nothing: &dyn Fn() -> bool,
    next: Option<&Played>,
) -> bool {
    let Some(next) = next else { return false };
    let Ok(actor) = actor::<G>(seats, &next.action, &next.pointer) else {
        return false;
    };
    let kind = kind_of(&next.action);
    if dividend_done {
        // After the track step's pass of a company that can run no route, with the route and
        // dividend steps skipped, the train step's actions follow (ISSUE_STEP_BEFORE_TRACK):
        // buying, issuing, the president's sale, bankruptcy. After the train step's pass, only
        // the last step's.
        let train_step = G::ISSUE_STEP_BEFORE_TRACK
            && match actor {
                Actor::Corporation(c) => {
                    c == company && matches!(kind, "buy_train" | "sell_shares" | "bankrupt")
                }
                Actor::Player(_) => in_turn::<G>(state, actor, kind, company),
                Actor::Private(_) => false,
            }
            && runs_nothing();
        // The site's last step (buying privates) stays open while a private the company owns
        // has an ability left: its use ends no turn.
        let private_of_company = match actor {
            Actor::Private(p) => G::owns_private(state, company, p),
            _ => false,
        };
        train_step
            || private_of_company
            || (actor == Actor::Corporation(company) && matches!(kind, "buy_company" | "pass"))
    } else {
        in_turn::<G>(state, actor, kind, company)
    }
}

/// Who the export's action is by, and the step a flow rule makes before it, if any.
pub type FlowStep<G> = (ActorOf<G>, Option<Step<<G as Game>::Action>>);

/// The flow rules before the export's action (turn-ended, nothing-to-do, the skipped steps),
/// if one applies.
pub fn flow_step<G: Family>(
    seats: &Seats,
    site: &mut SiteTurn,
    state: &Checked<G>,
    played: &Played,
    next: Option<&Played>,
) -> Result<FlowStep<G>, ImportError> {
    let at = played.pointer.as_str();
    let kind = kind_of(&played.action);
    let actor = actor::<G>(seats, &played.action, at)?;
    if let Some(step) = close_turn::<G>(seats, site, state, actor, kind, at)? {
        return Ok((actor, Some(step)));
    }
    if let Some(step) = pass_for_skipped_player::<G>(state, actor) {
        return Ok((actor, Some(step)));
    }
    Ok((
        actor,
        skipped_steps::<G>(seats, site, state, actor, played, next)?,
    ))
}
