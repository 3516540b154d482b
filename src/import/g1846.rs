//! 1846 as the 18xx.games title `1846` (tobymao/18xx's `G1846`). The actions' mapping and the
//! flow rules are docs/rules/1846.md#interop; what 1846 shares with 1833NE's importer (the
//! ledger of certificates and tiles, the actor, the flow rules of the operating round, shares)
//! is [`super::kit18xx`]. Here is what is 1846's own: the draft (`bid` is a card chosen), the
//! minors (entity type `minor`, whose dividend the site makes itself), the privates' own
//! actions, corporations buying privates and minors, routes read from their connections, and
//! the actions railrules has no counterpart of (`end_game`, `log`).

use serde_json::{Map, Value, json};

use super::export_18xx::{Export, ImportError, Played, SiteJson, member};
use super::kit18xx::{
    self as kit, Actor, ActorOf, Family, FlowRules, Ledger, Silence, StepsAfterDividend, error,
    field, kind_of, number, text,
};
use super::title::{Seats, Step, Title, Written};
use super::trace::Figures;
use crate::core::{Checked, Game};
use crate::games::g1846::G1846;
use crate::games::g1846::action::{Action, DividendKind, MapNames, Purchase};
use crate::games::g1846::event::Event;
use crate::games::g1846::ids::{Company, Private, Seat};
use crate::games::g1846::operating_round::steps;
use crate::games::g1846::operating_round::{can_run_a_route, routes_from_connections};
use crate::games::g1846::privates::corporation_owning;
use crate::games::g1846::setup::Options;
use crate::games::g1846::state::{PrivateOwner, Round, State};
use crate::games::g1846::stock_round::has_choice;
use crate::games::kit18xx::map::Map as Map18xx;
use crate::games::kit18xx::map::names::{self, TitleMap as _};
use crate::games::kit18xx::operating_round::EndReason;
use crate::games::kit18xx::shares::{ShareSource, Shares as _};
use crate::games::kit18xx::table::Table as _;

/// The flow rules (section ids of docs/rules/1846.md).
pub mod rule {
    pub const NO_ROUTE_STEP: &str = "1846#interop-no-route-step";
    pub const NO_DIVIDEND_STEP: &str = "1846#interop-no-dividend-step";
    pub const TURN_ENDED: &str = "1846#interop-turn-ended";
    pub const NOTHING_TO_DO: &str = "1846#interop-nothing-to-do";
    pub const STEP_PASS: &str = "1846#interop-step-pass";
    /// The site pays a minor's revenue itself (half to its owner), or withholds $0.
    pub const MINOR_DIVIDEND: &str = "1846#interop-minor-dividend";
    /// `end_game`: the game ended by its players; the result is what it is at that action.
    pub const END_GAME: &str = "1846#interop-end-game";
    /// `log`: a note in the game's log (a message), no action.
    pub const LOG: &str = "1846#interop-log";
    /// `discard_train` of a company in receivership: railrules has discarded it already.
    pub const RECEIVERSHIP_DISCARD: &str = "1846#interop-receivership-discard";
}

/// The site's ids of the printed tiles that are not `HEX-0`: hexes whose printed city shares
/// its tile with others are numbered in the map's order (tobymao/18xx at 111f7f69, g_1846's map
/// as `Engine::Game.load` builds it: `hex.tile.id`). A city there is `E11-1-0`.
const PRINTED_CITY_TILES: [(&str, &str); 5] = [
    ("E11", "E11-1"),
    ("G3", "G3-2"),
    ("G7", "G7-3"),
    ("G9", "G9-4"),
    ("G15", "G15-5"),
];

/// The option "1st Edition private companies" as the site names it.
const FIRST_EDITION: &str = "first_ed";

impl Family for G1846 {
    type Private = Private;
    const NAME: &'static str = "1846";
    const FLOW: FlowRules = FlowRules {
        no_route_step: rule::NO_ROUTE_STEP,
        no_dividend_step: rule::NO_DIVIDEND_STEP,
        turn_ended: rule::TURN_ENDED,
        nothing_to_do: rule::NOTHING_TO_DO,
        step_pass: rule::STEP_PASS,
    };
    const BEFORE_DIVIDEND: &'static [&'static str] =
        &["lay_tile", "place_token", "run_routes", "dividend"];
    /// g_1846's operating round: `IssueShares` (not blocking, passed by an issue, a
    /// redemption or the dividend) before `TrackAndToken`.
    const ISSUE_STEP_BEFORE_TRACK: bool = true;
    /// The site's stock round moves on when its step offers the player nothing (round/stock.rb
    /// `after_process`: no active step, `next_entity!`), after a sale as at a turn's start.
    const ENDS_TURN_LEFT_NOTHING: bool = true;

    fn company_entity(entity_type: &str, name: &str) -> Option<Option<Company>> {
        let company = Company::from_symbol(name);
        match entity_type {
            "corporation" => Some(company.filter(|c| !c.is_minor())),
            "minor" => Some(company.filter(|c| c.is_minor())),
            _ => None,
        }
    }

    fn players_round(state: &State) -> bool {
        matches!(state.round, Round::Draft { .. } | Round::StockRound { .. })
    }

    /// In the draft a player always has a card to choose; in a stock round, when nothing is
    /// left to buy, sell or start (the kit's `has_choice`).
    fn only_pass(state: &Checked<G1846>, seat: Seat) -> bool {
        matches!(state.round, Round::StockRound { .. }) && !has_choice(&**state, seat)
    }

    fn pass(seat: Seat) -> Action {
        Action::Pass { player: seat }
    }

    fn run_no_routes(seat: Seat) -> Action {
        Action::RunRoutes {
            player: seat,
            routes: Vec::new(),
        }
    }

    fn dividend(seat: Seat, kind: DividendKind) -> Action {
        Action::Dividend { player: seat, kind }
    }

    /// g_1846's `TrackAndToken` has no action left (and the site passes it) when the company
    /// can neither lay (`can_lay_tile?`) nor place a station (`can_place_token?`).
    fn track_step_over(state: &State, company: Company) -> bool {
        steps::track_step_over(state, company)
    }

    /// 18xx.games' `Route#actions` is empty for a company whose trains can run no route.
    fn runs_nothing(state: &State, company: Company) -> bool {
        !can_run_a_route(state, company)
    }

    /// A minor's dividend is the site's (g_1846 `MinorHalfPay#skip!`: payout when it earned,
    /// else withhold); a corporation's $0 is withheld.
    fn automatic_dividend(
        _state: &State,
        company: Company,
        revenue: u32,
    ) -> Option<(DividendKind, &'static str)> {
        match (company.is_minor(), revenue) {
            (true, 0) => Some((DividendKind::Withhold, rule::MINOR_DIVIDEND)),
            (true, _) => Some((DividendKind::Payout, rule::MINOR_DIVIDEND)),
            (false, 0) => Some((DividendKind::Withhold, rule::NO_DIVIDEND_STEP)),
            (false, _) => None,
        }
    }

    fn owns_private(state: &State, company: Company, private: Private) -> bool {
        corporation_owning(state, private) == Some(company)
    }

    fn owned_by_another(state: &State, company: Company, private: Private) -> bool {
        corporation_owning(state, private).is_some_and(|owner| owner != company)
    }

    /// g_1846's `BuyTrain` then its last, blocking `BuyCompany`.
    const MODELS_STEPS_AFTER_DIVIDEND: bool = true;

    /// The train step offers a train when the corporation must buy one, or has room and the
    /// buying power for the cheapest it may buy: the depot's, or another corporation's (not
    /// phased out) at $1 (`can_buy_train?`; its cash, and with one or two trains the minors'
    /// cash it could get). The last step offers a private or a minor a player owns,
    /// in the phases corporations buy them, for at least $1 (not after an emergency issue
    /// until the corporation has a train not phased out), or an ability left of a private it
    /// owns (`BuyCompany#actions`). Neither offers a minor or a company in receivership
    /// anything: the site plays their turns through.
    fn steps_after_dividend(state: &State, company: Company) -> StepsAfterDividend {
        let entry = state.company(company);
        if company.is_minor() || entry.receivership {
            return StepsAfterDividend {
                train_step: false,
                last_step: false,
            };
        }
        StepsAfterDividend {
            train_step: steps::train_step_offers(state, company),
            last_step: steps::last_step_offers(state, company),
        }
    }
}

/// The seat acting with a private: its owner, or the president of the company owning it.
fn private_seat(
    seats: &Seats,
    state: &State,
    private: Private,
    action: &SiteJson,
    at: &str,
) -> Result<Seat, ImportError> {
    match state.private(private).map(|p| p.owner) {
        Some(PrivateOwner::Player { seat }) => Ok(seat),
        Some(PrivateOwner::Company { company }) => {
            kit::seat_for::<G1846>(seats, state, company, Some(action), at)
        }
        Some(PrivateOwner::Unsold {}) => Err(error(
            format!("{at}/entity"),
            format!("{private} is not sold yet"),
        )),
        None => Err(error(
            format!("{at}/entity"),
            format!("{private} is not in this game"),
        )),
    }
}

/// `name` if 1846's map has it (`known` is [`names::known_hex`] or [`names::known_tile`]).
fn on_map(
    known: fn(&Map18xx, &str, String) -> Result<String, String>,
    name: &str,
    pointer: impl FnOnce() -> String,
) -> Result<String, ImportError> {
    known(MapNames::map(), MapNames::TITLE, name.to_string()).map_err(|e| error(pointer(), e))
}

/// The private an action is taken with, if its actor is one.
fn private_of(actor: ActorOf<G1846>) -> Option<Private> {
    match actor {
        Actor::Private(p) => Some(p),
        _ => None,
    }
}

crate::share_actions!(Action, Company);

/// The export's action in railrules' words (the flow rules having been applied).
#[expect(
    clippy::too_many_lines,
    reason = "one arm per action of the site's 1846, each naming its fields"
)]
fn translate(
    seats: &Seats,
    ledger: &Ledger,
    state: &State,
    played: &Played,
    actor: ActorOf<G1846>,
) -> Result<Step<Action>, ImportError> {
    let a = &played.action;
    let at = played.pointer.as_str();
    let kind = kind_of(a);
    let at_field = |name: &str| format!("{at}/{name}");
    let wrong = |what: &str| error(at_field("entity"), what.to_string());
    let seat = match actor {
        Actor::Player(seat) => seat,
        Actor::Corporation(c) if kind == "end_game" => {
            state.company(c).president.unwrap_or(Seat::P1)
        }
        Actor::Corporation(c) => kit::seat_for::<G1846>(seats, state, c, Some(a), at)?,
        Actor::Private(p) => private_seat(seats, state, p, a, at)?,
    };
    let corporation = match actor {
        Actor::Corporation(c) => Some(c),
        _ => None,
    };
    let action = match (kind, actor) {
        ("end_game", _) => return Ok(Step::Drop(rule::END_GAME)),
        ("log", _) => return Ok(Step::Drop(rule::LOG)),
        ("bid", Actor::Player(_)) => Action::Choose {
            player: seat,
            card: text(a, at, "company")?.to_string(),
        },
        ("pass", Actor::Player(_)) => Action::Pass { player: seat },
        ("par", Actor::Player(_)) => {
            let corporation = Company::from_symbol(text(a, at, "corporation")?)
                .filter(|c| !c.is_minor())
                .ok_or_else(|| error(at_field("corporation"), "not one of 1846's corporations"))?;
            let (price, _, _) = kit::market_space::<G1846>(a, at)?;
            Action::Par {
                player: seat,
                corporation,
                share_price: price,
            }
        }
        ("buy_shares", _) => {
            let mut share = kit::buy_shares::<G1846>(ledger, a, at, actor)?;
            // The president's certificate of a corporation in receivership is bought as a
            // 10% share (7.13 NOTE; the site rebuilds the bundle as 10%).
            if let kit::ShareMove::Buy {
                corporation,
                from: ShareSource::Market,
                entity: None,
                percent,
            } = &mut share
                && state.company(*corporation).receivership
                && *percent == Some(20)
            {
                *percent = None;
            }
            if let (kit::ShareMove::Buy { corporation, .. }, Actor::Player(_)) = (&share, actor) {
                share_price_as_written(state, a, at, *corporation)?;
            }
            share_action(share, seat)
        }
        ("sell_shares", _) => share_action(kit::sell_shares::<G1846>(ledger, a, at, actor)?, seat),
        ("lay_tile", Actor::Corporation(_) | Actor::Private(_)) => {
            let tile = kit::tile_kind(text(a, at, "tile")?, || at_field("tile"))?;
            let hex = text(a, at, "hex")?;
            let rotation = number(a, at, "rotation")?;
            Action::LayTile {
                player: seat,
                // Named as the action's own fields read them (`names`), so that a name the
                // map lacks is the same error here as in a request.
                hex: on_map(names::known_hex, hex, || at_field("hex"))?,
                tile: on_map(names::known_tile, tile, || at_field("tile"))?,
                rotation: u8::try_from(rotation)
                    .map_err(|_| error(at_field("rotation"), format!("no rotation {rotation}")))?,
                company: private_of(actor),
            }
        }
        ("place_token", Actor::Corporation(_) | Actor::Private(Private::Cwi)) => {
            let (hex, city) = kit::city_of(ledger, text(a, at, "city")?, || at_field("city"))?;
            kit::slot_as_written(state, a, at, &hex, city)?;
            Action::PlaceToken {
                player: seat,
                hex: on_map(names::known_hex, &hex, || at_field("city"))?,
                city,
                company: private_of(actor),
            }
        }
        ("run_routes", Actor::Corporation(c)) => run_routes(ledger, state, a, at, c, seat)?,
        ("dividend", Actor::Corporation(_)) => {
            let kind = text(a, at, "kind")?;
            let kind = kit::named(kind).ok_or_else(|| {
                error(
                    at_field("kind"),
                    format!("`{kind}` is not payout, half or withhold"),
                )
            })?;
            Action::Dividend { player: seat, kind }
        }
        ("buy_train", Actor::Corporation(_)) => buy_train(state, a, at, seat)?,
        ("discard_train", Actor::Corporation(_)) => Action::DiscardTrain {
            player: seat,
            train: text(a, at, "train")?.to_string(),
        },
        ("buy_company", Actor::Corporation(_)) => {
            let name = text(a, at, "company")?;
            let company = match (Private::from_id(name), Company::from_symbol(name)) {
                (Some(p), _) => Purchase::Private(p),
                (None, Some(m)) if m.is_minor() => Purchase::Minor(m),
                _ => {
                    return Err(error(
                        at_field("company"),
                        format!("`{name}` is neither a private nor a minor of 1846"),
                    ));
                }
            };
            Action::BuyCompany {
                player: seat,
                company,
                price: number(a, at, "price")?,
                accepted_by: seller(state, company).filter(|s| *s != seat),
            }
        }
        ("bankrupt", Actor::Corporation(_)) => Action::Bankrupt { player: seat },
        ("assign", Actor::Private(company)) => Action::Assign {
            player: seat,
            company,
            target: text(a, at, "target")?.to_string(),
        },
        (
            "bid" | "pass" | "par" | "lay_tile" | "place_token" | "run_routes" | "dividend"
            | "buy_train" | "discard_train" | "buy_company" | "bankrupt" | "assign",
            _,
        ) => {
            let _ = corporation;
            return Err(wrong(&format!(
                "{kind} is not an action of this entity in 1846"
            )));
        }
        (other, _) => {
            return Err(error(
                at_field("type"),
                format!("`{other}` is no action of 1846"),
            ));
        }
    };
    Ok(Step::Translate(action))
}

/// A player's purchase's `share_price`, which the engine charges for each 10% as written (its
/// bundle's `share_price`) and the site's page leaves out: a share of 1846 costs its corporation's
/// price, from the treasury as from the market (and the president's certificate of a
/// corporation in receivership is bought as a 10% share at that price, 7.13 NOTE), so another
/// price cannot be true of a game played by the rules and is refused at its pointer.
fn share_price_as_written(
    state: &State,
    a: &SiteJson,
    at: &str,
    corporation: Company,
) -> Result<(), ImportError> {
    // The engine writes a share_price it was not given as null.
    if matches!(member(a, "share_price"), Some(SiteJson::Null)) {
        return Ok(());
    }
    let Some(written) = kit::written_number(a, at, "share_price")? else {
        return Ok(());
    };
    match crate::games::kit18xx::shares::price(state, corporation) {
        Some(price) if price != written => Err(error(
            format!("{at}/share_price"),
            format!("a share of {corporation} costs its price, ${price}, not ${written}"),
        )),
        _ => Ok(()),
    }
}

/// The player who owns a private or a minor.
fn seller(state: &State, purchase: Purchase) -> Option<Seat> {
    match purchase {
        Purchase::Private(p) => match state.private(p)?.owner {
            PrivateOwner::Player { seat } => Some(seat),
            _ => None,
        },
        Purchase::Minor(m) => state.company(m).president,
    }
}

/// The hexes of one connection of a route (`["C15", "B16"]`), if it is a list of names.
fn hexes_of<'v>(connection: &'v SiteJson) -> Option<Vec<&'v str>> {
    connection
        .as_array()?
        .iter()
        .map(SiteJson::as_str)
        .collect()
}

/// `run_routes`: the site's routes by their connections (its older exports give nothing else),
/// read into their stops on the board as it stands (`routes_from_connections`).
fn run_routes(
    ledger: &Ledger,
    state: &State,
    a: &SiteJson,
    at: &str,
    company: Company,
    seat: Seat,
) -> Result<Action, ImportError> {
    let routes = field(a, at, "routes")?
        .as_array()
        .ok_or_else(|| error(format!("{at}/routes"), "`routes` is not a list"))?;
    let mut runs = Vec::with_capacity(routes.len());
    for (i, route) in routes.iter().enumerate() {
        // The route's pointer, written only for an error (the fields' own pointers follow it).
        let within = |e: ImportError| ImportError {
            pointer: format!("{at}/routes/{i}{}", e.pointer),
            ..e
        };
        let train = text(route, "", "train").map_err(within)?;
        let connections = field(route, "", "connections")
            .map_err(within)?
            .as_array()
            .and_then(|connections| connections.iter().map(hexes_of).collect())
            .ok_or_else(|| {
                within(error(
                    "/connections".to_string(),
                    "`connections` is not a list of lists of hexes",
                ))
            })?;
        runs.push((train, connections));
    }
    let routes = routes_from_connections(state, company, &runs, &ledger.ends)
        .map_err(|e| error(format!("{at}/routes"), e))?;
    Ok(Action::RunRoutes {
        player: seat,
        routes,
    })
}

fn buy_train(state: &State, a: &SiteJson, at: &str, seat: Seat) -> Result<Action, ImportError> {
    let p = kit::train_purchase::<G1846>(state, a, at, seat)?;
    Ok(Action::BuyTrain {
        player: seat,
        train: p.train,
        variant: p.variant,
        from: p.from,
        price: p.price,
        accepted_by: p.accepted_by,
    })
}

impl Title for G1846 {
    const TITLE: &'static str = "1846";
    type Ledger = Ledger;
    type Silence = Silence<Company>;

    fn ledger(start: &State) -> Ledger {
        let mut ledger = Ledger::of(start);
        for (hex, tile) in PRINTED_CITY_TILES {
            ledger.tiles.insert(hex.to_string(), tile.to_string());
        }
        ledger
    }

    fn options(export: &Export) -> Result<Options, ImportError> {
        let mut first_edition = false;
        for (i, rule) in export.settings.optional_rules.iter().enumerate() {
            if rule == FIRST_EDITION {
                first_edition = true;
            } else {
                return Err(error(
                    format!("/settings/optional_rules/{i}"),
                    format!("1846's optional rule `{rule}` is not built"),
                ));
            }
        }
        let players = u8::try_from(export.players.len())
            .ok()
            .filter(|n| (3..=5).contains(n))
            .ok_or_else(|| {
                error(
                    "/players",
                    format!("1846 is for 3 to 5 players, not {}", export.players.len()),
                )
            })?;
        Ok(Options {
            players,
            first_edition,
        })
    }

    fn settings(options: &Options) -> Map<String, Value> {
        let mut settings = Map::new();
        let rules: Vec<&str> = if options.first_edition {
            vec![FIRST_EDITION]
        } else {
            vec![]
        };
        settings.insert("optional_rules".to_string(), json!(rules));
        settings
    }

    fn import_step(
        seats: &Seats,
        ledger: &mut Ledger,
        state: &Checked<G1846>,
        played: &Played,
        next: Option<&Played>,
    ) -> Result<Step<Action>, ImportError> {
        if kind_of(&played.action) == "discard_train"
            && let Some(drop) = receivership_discard(seats, state, played)?
        {
            return Ok(drop);
        }
        if matches!(kind_of(&played.action), "log" | "end_game") {
            return Ok(Step::Drop(if kind_of(&played.action) == "log" {
                rule::LOG
            } else {
                rule::END_GAME
            }));
        }
        // The site's operating round waits at its start for a player-owned Steamboat (g_1846
        // `Assign#blocking_for_steamboat?`, `Round::Operating#after_setup`): its assign or pass
        // comes before the first operator's skipped steps.
        if crate::games::g1846::turns::steamboat_owner_at_round_start(state).is_some() {
            let actor = kit::actor::<G1846>(seats, &played.action, &played.pointer)?;
            if actor == Actor::Private(Private::Sc) {
                if kind_of(&played.action) == "pass" {
                    return Ok(Step::Drop(<G1846 as Family>::FLOW.step_pass));
                }
                return translate(seats, ledger, state, played, actor);
            }
        }
        let (actor, step) = kit::flow_step::<G1846>(seats, &mut ledger.site, state, played, next)?;
        if let Some(step) = step {
            return Ok(step);
        }
        translate(seats, ledger, state, played, actor)
    }

    /// The site's stock round passes for the players left nothing to do right after the last
    /// action (rule nothing-to-do), which may end the round and start an operating round; in
    /// an operating round it makes a minor's dividend and ends a turn left nothing by itself.
    fn after_last(
        seats: &Seats,
        ledger: &Ledger,
        state: &Checked<G1846>,
    ) -> Option<(Action, &'static str)> {
        kit::pass_at_the_end::<G1846>(state)
            .or_else(|| kit::site_goes_on_at_the_end::<G1846>(seats, &ledger.site, state))
    }

    fn confirm(_ledger: &Ledger, played: &Played, after: &State) -> Result<(), ImportError> {
        kit::confirm::<G1846>(played, after)
    }

    fn export_action(
        seats: &Seats,
        ledger: &Ledger,
        before: &Checked<G1846>,
        action: &Action,
        after: &State,
        events: &[Event],
    ) -> Result<Written<Self::Silence>, String> {
        export_one(seats, ledger, before, action, after, events)
    }

    fn reinserted(
        seats: &Seats,
        silence: &Self::Silence,
        next: Option<&SiteJson>,
        after: Option<&SiteJson>,
    ) -> bool {
        kit::reinserted::<G1846>(seats, *silence, next, after)
    }

    fn observe(ledger: &mut Ledger, action: &Action, site: Option<&SiteJson>, after: &State) {
        let laid_on = match action {
            Action::LayTile { hex, .. } => Some(hex.as_str()),
            _ => None,
        };
        if let Action::Bankrupt { player } = action {
            ledger.issue_unnamed(after);
            ledger.bankrupt_sales(*player, after);
        }
        kit::observe::<G1846>(ledger, laid_on, share_move(action), site, after);
    }

    /// Each player's wealth (cash, shares at their price, privates and minors at face value:
    /// the site's `Player#value`), which at the end is the ranking's.
    /// The site names companies by their symbols (a minor too: `MS`, `BIG4`) and prices by the
    /// market's value of the space.
    fn figures(state: &State) -> Option<Figures> {
        let market = state.market();
        Some(Figures {
            players: state.players.iter().map(|p| i64::from(p.cash)).collect(),
            companies: state
                .companies
                .iter()
                .map(|c| (c.company.symbol(), i64::from(c.cash)))
                .collect(),
            prices: state
                .companies
                .iter()
                .filter(|c| !c.company.is_minor())
                .map(|c| {
                    let price = c.price.and_then(|p| market.get(usize::from(p)));
                    (c.company.symbol(), price.map(|&p| i64::from(p)))
                })
                .collect(),
            bank: state.bank,
        })
    }

    /// g_1846's `game_end_reason`: the bank broken (`bank`), a bankruptcy (`bankrupt`: 1846
    /// ends at the first), every corporation closed (`all_closed`).
    fn end_reason(events: &[Event]) -> Option<&'static str> {
        events.iter().find_map(|event| match event {
            Event::GameEnded { reason, .. } => match reason {
                EndReason::BankBroken => Some("bank"),
                EndReason::Bankruptcies => Some("bankrupt"),
                EndReason::AllClosed => Some("all_closed"),
                EndReason::NothingCanChange => None,
            },
            _ => None,
        })
    }

    fn values(state: &State) -> Vec<i64> {
        G1846::seats(state)
            .iter()
            .map(|&seat| i64::from(crate::games::kit18xx::end::wealth(state, seat)))
            .collect()
    }
}

/// The export's entity of a company: a corporation or a minor.
fn as_company(company: Company) -> (Value, &'static str) {
    let kind = if company.is_minor() {
        "minor"
    } else {
        "corporation"
    };
    (json!(company.symbol()), kind)
}

/// A player's 10% share bought from the market of a corporation in receivership where the
/// market holds only its president's certificate: the site names that certificate (20%) and
/// rebuilds the bundle as one share at the price named (7.13 NOTE,
/// docs/rules/1846.md#receivership).
fn receivership_presidency(ledger: &Ledger, before: &State, action: &Action) -> Option<Value> {
    let Action::BuyShares {
        corporation,
        from: ShareSource::Market,
        entity: None,
        percent: None,
        ..
    } = action
    else {
        return None;
    };
    let only_the_certificate = ledger.held(*corporation, kit::Holder::Market) == [0];
    if !before.company(*corporation).receivership || !only_the_certificate {
        return None;
    }
    let price = crate::games::kit18xx::shares::price(before, *corporation)?;
    Some(json!({
        "type": "buy_shares",
        "shares": [format!("{}_0", corporation.symbol())],
        "percent": 20,
        "share_price": price,
    }))
}

/// The price per share of a corporation's issue or redemption, from its event.
fn share_price_of(events: &[Event]) -> Option<u32> {
    events.iter().find_map(|event| {
        let (percent, amount) = match event {
            Event::SharesIssued {
                percent, received, ..
            } => (*percent, *received),
            Event::SharesRedeemed { percent, paid, .. } => (*percent, *paid),
            _ => return None,
        };
        let shares = u32::from(percent / 10);
        (shares > 0).then(|| amount / shares)
    })
}

/// A company in receivership's `discard_train`: railrules made that discard itself when the
/// phase changed (its oldest train, docs/rules/1846.md#receivership), so the action is left out
/// when it names that train; another train is a discard railrules cannot follow.
fn receivership_discard(
    seats: &Seats,
    state: &Checked<G1846>,
    played: &Played,
) -> Result<Option<Step<Action>>, ImportError> {
    let Actor::Corporation(company) = kit::actor::<G1846>(seats, &played.action, &played.pointer)?
    else {
        return Ok(None);
    };
    let pending = matches!(&state.round, Round::OperatingRound { discards, .. } if discards.contains(&company));
    if !state.company(company).receivership || pending {
        return Ok(None);
    }
    let train = kit::text(&played.action, &played.pointer, "train")?;
    if state.discard_pile.iter().any(|t| t.id.as_str() == train)
        || !state
            .company(company)
            .trains
            .iter()
            .any(|t| t.id.as_str() == train)
    {
        return Ok(Some(Step::Drop(rule::RECEIVERSHIP_DISCARD)));
    }
    Err(kit::error(
        format!("{}/train", played.pointer),
        format!(
            "{company}, in receivership, discards {train}: railrules discards its oldest train by itself"
        ),
    ))
}

/// Whether the site's operating round still waits at its start for the owner of a player-owned
/// Steamboat (g_1846 `Assign#blocking_for_steamboat?`) when `action` comes: its owner has not
/// both assigned it to a port and to a corporation, and `action` is not one of those: the
/// Steamboat's pass goes first (the importer drops it, as any private's pass).
fn steamboat_blocks(before: &State, action: &Action) -> bool {
    if crate::games::g1846::turns::steamboat_owner_at_round_start(before).is_none() {
        return false;
    }
    let both = ["SC hex", "SC corporation"].iter().all(|done| {
        before
            .assigned_this_round
            .iter()
            .any(|a| a.as_str() == *done)
    });
    !both && !crate::games::g1846::turns::is_round_start_assign(before, action)
}

/// The export's form of one railrules action (see [`Title::export_action`]).
#[expect(
    clippy::too_many_lines,
    reason = "one arm per railrules action of 1846, each written as the site writes it"
)]
fn export_one(
    seats: &Seats,
    ledger: &Ledger,
    before: &Checked<G1846>,
    action: &Action,
    after: &State,
    events: &[Event],
) -> Result<Written<Silence<Company>>, String> {
    let mut silence = None;
    let mut steps_passed = Vec::new();
    // A private's lays are made together: the site's `SpecialTrack` waits for the second,
    // and the private passes it when the next action is another.
    // (The steps after the dividend are then read a move later: the second lay forfeited.)
    let mut forfeited = None;
    if let Some(private) = crate::games::g1846::privates::second_lay_pending(before)
        && !action.is_lay_of(private)
    {
        steps_passed
            .push(json!({"type": "pass", "entity": private.id(), "entity_type": "company"}));
        let mut later: State = (**before).clone();
        later.moves += 1;
        forfeited = Some(later);
    }
    let steps_state: &State = forfeited.as_ref().unwrap_or(before);
    if steamboat_blocks(before, action) {
        steps_passed
            .push(json!({"type": "pass", "entity": Private::Sc.id(), "entity_type": "company"}));
    }
    let operating = kit::operating(&**before);
    let operating_company = || {
        operating
            .map(|(c, _)| c)
            .ok_or_else(|| "no company is operating".to_string())
    };
    let player = |seat: Seat| (seats.entity(seat.index()), "player");
    let ((entity, entity_type), mut fields) = match action {
        Action::Choose { player: p, card } => {
            // The site's choice writes the card's face value (its draft charges the price);
            // a blank card's is nothing.
            let purchase = Private::from_id(card)
                .map(Purchase::Private)
                .or_else(|| Company::from_symbol(card).map(Purchase::Minor));
            let price = purchase.map_or(0, crate::games::g1846::operating_round::face_value);
            (
                player(*p),
                json!({"type": "bid", "company": card, "price": price}),
            )
        }
        Action::Pass { player: p } => match operating {
            Some((company, turn)) => {
                if turn.dividend_done {
                    // The site's train step and its last step each take a pass while they
                    // offer something; when neither does, it ends the turn itself.
                    let steps = G1846::steps_after_dividend(steps_state, company);
                    if steps.train_step && steps.last_step {
                        steps_passed.push(json!({"type": "pass"}));
                    }
                    if !steps.train_step && !steps.last_step {
                        silence = Some(Silence::TurnOver(company));
                    }
                }
                (as_company(company), json!({"type": "pass"}))
            }
            None if kit::is_operating(&**before) => {
                return Err("a pass while trains are discarded".into());
            }
            None => {
                if G1846::only_pass(before, *p) {
                    silence = Some(Silence::NothingToDo(*p));
                }
                (player(*p), json!({"type": "pass"}))
            }
        },
        Action::Par {
            player: p,
            corporation,
            share_price,
        } => {
            let column = after
                .company(*corporation)
                .price
                .ok_or("the company has no price after its par")?;
            (
                player(*p),
                json!({"type": "par", "corporation": corporation.symbol(),
                       "share_price": format!("{share_price},0,{column}")}),
            )
        }
        Action::BuyShares { player: p, .. } | Action::SellShares { player: p, .. } => {
            let (share, _) = share_move(action).ok_or("not a share action")?;
            let (entity, mut fields) = match receivership_presidency(ledger, before, action) {
                Some(fields) => (None, fields),
                None => kit::share_fields(ledger, &share, *p)?,
            };
            let who = match entity {
                Some(c) => as_company(c),
                None => player(*p),
            };
            // A corporation's issue or redemption names its price per share: the site's
            // bundle is the one it offers only at that price (`ShareBundle#==`).
            if entity.is_some()
                && let Some(each) = share_price_of(events)
            {
                fields["share_price"] = json!(each);
            }
            (who, fields)
        }
        Action::LayTile {
            hex,
            tile,
            rotation,
            company,
            ..
        } => {
            let who = match company {
                Some(p) => (json!(p), "company"),
                None => as_company(operating_company()?),
            };
            let id = format!("{tile}-{}", ledger.free_copy(tile));
            (
                who,
                json!({"type": "lay_tile", "hex": hex, "tile": id, "rotation": rotation}),
            )
        }
        Action::PlaceToken {
            hex, city, company, ..
        } => {
            let who = match company {
                Some(p) => (json!(p), "company"),
                None => as_company(operating_company()?),
            };
            let slot = before
                .board
                .stations
                .iter()
                .filter(|s| s.hex == *hex && s.city == *city)
                .count();
            (
                who,
                json!({"type": "place_token", "city": kit::city_id(ledger, hex, *city), "slot": slot}),
            )
        }
        Action::RunRoutes { routes, .. } => {
            let company = operating_company()?;
            // The site's track step takes a pass while it offers a lay or a station.
            // (Read after a private's forfeited second lay: its pass ends that lay.)
            let track_open = !before.company(company).receivership
                && !G1846::track_step_over(steps_state, company);
            if routes.is_empty()
                && (before.company(company).trains.is_empty()
                    || G1846::runs_nothing(before, company)
                    || crate::games::g1846::operating_round::steps::routes_skipped(before, company))
            {
                // The site has no route step for it: the track step's pass (the importer
                // inserts the empty run again at it), or nothing at all.
                if track_open {
                    (as_company(company), json!({"type": "pass"}))
                } else {
                    silence = Some(Silence::NoRoute(company));
                    (
                        as_company(company),
                        json!({"type": "run_routes", "routes": []}),
                    )
                }
            } else {
                if track_open {
                    steps_passed.push(json!({"type": "pass"}));
                }
                let routes: Vec<Value> = routes
                    .iter()
                    .map(|r| json!({"train": r.train, "connections": r.connections}))
                    .collect();
                (
                    as_company(company),
                    json!({"type": "run_routes", "routes": routes}),
                )
            }
        }
        Action::Dividend { kind, .. } => {
            let (company, turn) = operating.ok_or("no company is operating")?;
            let automatic = turn
                .revenue
                .and_then(|r| G1846::automatic_dividend(before, company, r));
            if automatic.is_some_and(|(k, _)| k == *kind) {
                silence = Some(Silence::NoDividend(company));
            }
            (
                as_company(company),
                json!({"type": "dividend", "kind": kind}),
            )
        }
        Action::BuyTrain {
            train,
            variant,
            from,
            price,
            ..
        } => {
            let (id, price) = match from {
                Some(_) => (train.clone(), price.unwrap_or(0)),
                None => events
                    .iter()
                    .find_map(|event| match event {
                        Event::TrainBought { train, price, .. } => Some((train.clone(), *price)),
                        _ => None,
                    })
                    .ok_or("the depot sold no train")?,
            };
            (
                as_company(operating_company()?),
                json!({"type": "buy_train", "train": id, "price": price, "variant": variant}),
            )
        }
        Action::BuyCompany { company, price, .. } => {
            let name = match company {
                Purchase::Private(p) => p.id(),
                Purchase::Minor(m) => m.symbol(),
            };
            (
                as_company(operating_company()?),
                json!({"type": "buy_company", "company": name, "price": price}),
            )
        }
        Action::DiscardTrain { train, .. } => {
            let holder = before
                .companies
                .iter()
                .find(|c| c.trains.iter().any(|t| t.id == *train))
                .ok_or("no company holds the train discarded")?;
            (
                as_company(holder.company),
                json!({"type": "discard_train", "train": train}),
            )
        }
        Action::Bankrupt { .. } => (
            as_company(operating_company()?),
            json!({"type": "bankrupt"}),
        ),
        Action::Assign {
            company, target, ..
        } => {
            let target_type = if Company::from_symbol(target).is_some() {
                "corporation"
            } else {
                "hex"
            };
            (
                (json!(company), "company"),
                json!({"type": "assign", "target": target, "target_type": target_type}),
            )
        }
    };
    fields["entity"] = entity;
    fields["entity_type"] = json!(entity_type);
    // A company in receivership is run by any player: the site records who as `user`.
    if let Some((company, _)) = operating
        && before.company(company).president.is_none()
    {
        fields["user"] = seats.entity(action.player().index());
    }
    for pass in steps_passed
        .iter_mut()
        .filter(|p| p.get("entity").is_none())
    {
        pass["entity"] = fields["entity"].clone();
        pass["entity_type"] = fields["entity_type"].clone();
    }
    // A company in receivership discards over its limit by itself here; the site waits for
    // its `discard_train` (interop-receivership-discard).
    let made_after = events
        .iter()
        .filter_map(|event| match event {
            Event::TrainDiscarded { corporation, train }
                if after.company(*corporation).receivership =>
            {
                Some(
                    json!({"type": "discard_train", "entity": corporation.symbol(),
                    "entity_type": "corporation", "train": train}),
                )
            }
            _ => None,
        })
        .collect();
    Ok(Written {
        steps_passed,
        action: fields,
        silence,
        made_after,
    })
}
