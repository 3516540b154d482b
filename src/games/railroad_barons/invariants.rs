//! `check`: every way a state can be inconsistent, each reported with what is wrong.

use super::ids::{Colour, Investor, Seat};
use super::rules::{
    BANK_CAP_PERCENT, CERTIFICATE_LIMIT, CERTIFICATES, DIRECTOR_CERTIFICATE, DRAFT_OFFERS,
    FLOAT_PERCENT, MONEY_CEILING, OPERATING_ROUNDS, PLAYERS, section,
};
use super::state::{OperatingStep, Owner, Round, State};
use crate::core::Violation;

pub fn check(state: &State) -> Vec<Violation> {
    let mut problems = state.components.problems();
    if !problems.is_empty() {
        // Everything else reads the components; judging it against broken ones says nothing.
        return problems;
    }
    check_seats(state, &mut problems);
    if !problems.is_empty() {
        return problems;
    }
    check_money(state, &mut problems);
    check_certificates(state, &mut problems);
    check_holdings(state, &mut problems);
    check_railroads(state, &mut problems);
    check_investors(state, &mut problems);
    check_round(state, &mut problems);
    problems
}

fn problem(
    problems: &mut Vec<Violation>,
    code: &str,
    rule: &str,
    pointer: impl Into<String>,
    message: String,
) {
    problems.push(Violation::new(code, rule, message).at(pointer));
}

fn check_seats(state: &State, problems: &mut Vec<Violation>) {
    let seats: Vec<Seat> = state.players.iter().map(|p| p.seat).collect();
    if seats != Seat::ALL || state.players.len() != PLAYERS {
        problem(
            problems,
            "bad_players",
            section::SETUP,
            "/players",
            format!("the players must be seats A then B; found {seats:?}"),
        );
    }
    let colours: Vec<Colour> = state.holdings.iter().map(|h| h.colour).collect();
    if colours != Colour::ALL {
        problem(
            problems,
            "bad_holdings",
            section::SETUP,
            "/holdings",
            format!(
                "the Holdings must be green, black, yellow, red, blue in that order; found {colours:?}"
            ),
        );
    }
}

fn check_money(state: &State, problems: &mut Vec<Violation>) {
    let mut total: i64 = 0;
    for p in &state.players {
        total += i64::from(p.cash);
        if p.cash >= MONEY_CEILING {
            problem(
                problems,
                "money_out_of_range",
                section::MONEY,
                format!("/players/{}/cash", p.seat.index()),
                format!(
                    "player {} has ${}; no amount in a game reaches ${MONEY_CEILING}",
                    p.seat, p.cash
                ),
            );
        }
    }
    for h in &state.holdings {
        total += i64::from(h.cash);
        if h.cash >= MONEY_CEILING {
            problem(
                problems,
                "money_out_of_range",
                section::MONEY,
                format!("/holdings/{}/cash", h.colour.index()),
                format!(
                    "{} has ${}; no amount in a game reaches ${MONEY_CEILING}",
                    h.colour, h.cash
                ),
            );
        }
    }
    if total != state.bank_paid_out {
        problem(
            problems,
            "money_not_conserved",
            section::MONEY,
            "/bank_paid_out",
            format!(
                "players and Holdings hold ${total} in all, but the bank has paid out ${} net",
                state.bank_paid_out
            ),
        );
    }
}

fn check_certificates(state: &State, problems: &mut Vec<Violation>) {
    for h in &state.holdings {
        for &percent in &CERTIFICATES {
            let places = || {
                h.certificates
                    .iter()
                    .filter(move |c| c.percent == percent)
                    .map(|c| c.owner)
            };
            match places().count() {
                1 => {}
                0 => problem(
                    problems,
                    "certificate_missing",
                    section::STOCK_ROUND,
                    format!("/holdings/{}/certificates", h.colour.index()),
                    format!("{}'s {percent}% certificate is nowhere", h.colour),
                ),
                _ => problem(
                    problems,
                    "certificate_in_two_places",
                    section::STOCK_ROUND,
                    format!("/holdings/{}/certificates", h.colour.index()),
                    format!(
                        "{}'s {percent}% certificate is in {} places: {:?}",
                        h.colour,
                        places().count(),
                        places().collect::<Vec<_>>()
                    ),
                ),
            }
        }
        let total: u32 = h.certificates.iter().map(|c| u32::from(c.percent)).sum();
        if total != 100 || h.certificates.len() != CERTIFICATES.len() {
            problem(
                problems,
                "certificates_not_100_percent",
                section::STOCK_ROUND,
                format!("/holdings/{}/certificates", h.colour.index()),
                format!(
                    "{}'s certificates sum to {total}% over {} certificates; they must be 40, 30, 20 and 10",
                    h.colour,
                    h.certificates.len()
                ),
            );
        }
        let with_investor = h.certificates.iter().any(|c| c.owner == Owner::Investor450);
        let bundle_waiting = h.colour == Colour::Green
            && h.owner_of(DIRECTOR_CERTIFICATE) == Some(Owner::Investor450)
            && matches!(&state.round, Round::InvestorDraft { pool, offer, .. }
                if pool.contains(&Investor::Investor450)
                    || offer.is_some_and(|o| o.investor == Investor::Investor450));
        if with_investor && !bundle_waiting {
            problem(
                problems,
                "certificate_with_investor",
                section::INVESTOR_450,
                format!("/holdings/{}/certificates", h.colour.index()),
                format!(
                    "a {} certificate lies on the $450 Investor; only MS&C's Director certificate does, until the draft gives the Investor out",
                    h.colour
                ),
            );
        }
    }
    for p in &state.players {
        let count = state.certificate_count(p.seat);
        let over = count > CERTIFICATE_LIMIT;
        if over != p.owes_sell_down {
            problem(
                problems,
                "certificate_limit",
                section::CERTIFICATE_LIMIT,
                format!("/players/{}/owes_sell_down", p.seat.index()),
                if over {
                    format!(
                        "player {} holds {count} certificates, over the limit of {CERTIFICATE_LIMIT}, and owes no sell-down",
                        p.seat
                    )
                } else {
                    format!(
                        "player {} owes a sell-down but holds {count} certificates, within the limit of {CERTIFICATE_LIMIT}",
                        p.seat
                    )
                },
            );
        }
    }
}

fn check_holdings(state: &State, problems: &mut Vec<Violation>) {
    let c = &state.components;
    for h in &state.holdings {
        let colour = h.colour;
        let started = h.director.is_some();
        if started != h.share_value.is_some() || started != h.start_value.is_some() {
            problem(
                problems,
                "half_started_holding",
                section::STARTING,
                format!("/holdings/{}", colour.index()),
                format!(
                    "{colour} must have a director, a share value and a start value together, or none of them"
                ),
            );
            continue;
        }
        if !started {
            // Between taking the $450 Investor and choosing MS&C's start value, its receiver
            // holds MS&C's Director certificate and MS&C the Dominion Atlantic.
            let awaiting_start_value = matches!(&state.round, Round::InvestorDraft { start_value_due: Some(seat), .. }
                if colour == Colour::Green && h.percent_of((*seat).into()) == DIRECTOR_CERTIFICATE);
            if (h.percent_held_by_players() > 0 && !awaiting_start_value)
                || h.floated
                || h.cash > 0
                || !h.investors.is_empty()
                || h.operators_invested > 0
            {
                problem(
                    problems,
                    "unstarted_holding_in_use",
                    section::STARTING,
                    format!("/holdings/{}", colour.index()),
                    format!(
                        "{colour} is not started, yet players hold its stock or it has floated, cash, Investors or operators"
                    ),
                );
            }
            continue;
        }
        if let Some(v) = h.share_value
            && c.track_position(v).is_none()
        {
            problem(
                problems,
                "share_value_off_track",
                section::STOCK_ROUND,
                format!("/holdings/{}/share_value", colour.index()),
                format!("{colour}'s share value ${v} is not on the share value track"),
            );
        }
        if let Some(v) = h.start_value
            && !c.start_values.contains(&v)
        {
            problem(
                problems,
                "invalid_start_value",
                section::STARTING,
                format!("/holdings/{}/start_value", colour.index()),
                format!("{colour}'s start value ${v} is not one of the start values"),
            );
        }
        if let Some(director) = h.director {
            let mine = h.percent_of(director.into());
            let theirs = h.percent_of(director.other().into());
            if theirs > mine {
                problem(
                    problems,
                    "director_not_largest_holder",
                    section::DIRECTORSHIP,
                    format!("/holdings/{}/director", colour.index()),
                    format!(
                        "player {director} is {colour}'s Director with {mine}%, but player {} holds {theirs}%",
                        director.other()
                    ),
                );
            }
        }
        let players = h.percent_held_by_players();
        if !h.floated && players >= FLOAT_PERCENT {
            problem(
                problems,
                "float_missed",
                section::FLOATING,
                format!("/holdings/{}/floated", colour.index()),
                format!("players hold {players}% of {colour}, yet it has not floated"),
            );
        }
        let bank = h.percent_of(Owner::Bank);
        if h.floated && bank > BANK_CAP_PERCENT {
            problem(
                problems,
                "bank_cap",
                section::BANK_CAP,
                format!("/holdings/{}/certificates", colour.index()),
                format!("the bank holds {bank}% of floated {colour}; at most {BANK_CAP_PERCENT}%"),
            );
        }
        let card = c.holding(colour);
        let most = usize::from(card.plus_circles) + usize::from(card.diamond_circles);
        if h.railroads.len() > most {
            problem(
                problems,
                "too_many_railroads",
                section::DISCARDING,
                format!("/holdings/{}/railroads", colour.index()),
                format!(
                    "{colour} owns {} Railroads; it can hold at most {most} even before discarding",
                    h.railroads.len()
                ),
            );
        }
        let operators = c.holding(colour).operators;
        if h.operators_invested > operators {
            problem(
                problems,
                "too_many_operators_invested",
                section::OPERATING_ROUND,
                format!("/holdings/{}/operators_invested", colour.index()),
                format!(
                    "{colour} has {} operators invested but only {operators} operators",
                    h.operators_invested
                ),
            );
        }
    }
}

/// Where a Railroad card lies, for messages.
#[derive(Clone, Copy)]
enum RailroadPlace {
    Stack,
    OutOfGame,
    Investor450,
    Holding(Colour),
}

impl std::fmt::Display for RailroadPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RailroadPlace::Stack => f.write_str("the stack"),
            RailroadPlace::OutOfGame => f.write_str("out of the game"),
            RailroadPlace::Investor450 => f.write_str("the $450 Investor"),
            RailroadPlace::Holding(colour) => write!(f, "{colour}'s railroads"),
        }
    }
}

impl RailroadPlace {
    /// The list (or field) of the state it lies in.
    fn pointer(self) -> String {
        match self {
            RailroadPlace::Stack => "/railroad_stack".to_string(),
            RailroadPlace::OutOfGame => "/railroads_out_of_game".to_string(),
            RailroadPlace::Investor450 => "/investor_450_railroad".to_string(),
            RailroadPlace::Holding(colour) => format!("/holdings/{}/railroads", colour.index()),
        }
    }
}

/// Every Railroad card in play, with where it lies.
fn railroad_places(state: &State) -> impl Iterator<Item = (u8, RailroadPlace)> + '_ {
    let stack = state
        .railroad_stack
        .iter()
        .map(|&id| (id, RailroadPlace::Stack));
    let out = state
        .railroads_out_of_game
        .iter()
        .map(|&id| (id, RailroadPlace::OutOfGame));
    let investor = state
        .investor_450_railroad
        .map(|id| (id, RailroadPlace::Investor450));
    let owned = state.holdings.iter().flat_map(|h| {
        h.railroads
            .iter()
            .map(|r| (r.card, RailroadPlace::Holding(h.colour)))
    });
    stack.chain(out).chain(investor).chain(owned)
}

/// How many times each of `n` components is found among `found`; the ids beyond `n` go to
/// `unknown`. Counting first keeps the consistent case (every request) free of messages.
fn counts<P: Copy>(
    n: usize,
    found: impl Iterator<Item = (usize, P)>,
    mut unknown: impl FnMut(usize, P),
) -> Vec<u8> {
    let mut counts = vec![0u8; n];
    let mut reported = std::collections::HashSet::new();
    for (id, place) in found {
        match counts.get_mut(id) {
            Some(count) => *count = count.saturating_add(1),
            // An unknown id is one problem however often it recurs.
            None if reported.insert(id) => unknown(id, place),
            None => {}
        }
    }
    counts
}

/// "a and b (3 times)": every place of component `id`, each named once with how often.
fn places_of<P: std::fmt::Display>(found: impl Iterator<Item = (usize, P)>, id: usize) -> String {
    let mut places: Vec<(String, usize)> = Vec::new();
    for (_, place) in found.filter(|(i, _)| *i == id) {
        let place = place.to_string();
        match places.iter_mut().find(|(p, _)| *p == place) {
            Some((_, n)) => *n += 1,
            None => places.push((place, 1)),
        }
    }
    places
        .into_iter()
        .map(|(place, n)| {
            if n > 1 {
                format!("{place} ({n} times)")
            } else {
                place
            }
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The place of component `id`'s second appearance: where it should not be.
fn second_place<P: Copy>(found: impl Iterator<Item = (usize, P)>, id: usize) -> Option<P> {
    found.filter(|(i, _)| *i == id).nth(1).map(|(_, p)| p)
}

fn places_pointer(found: impl Iterator<Item = (usize, RailroadPlace)>, id: usize) -> String {
    second_place(found, id).map_or_else(String::new, RailroadPlace::pointer)
}

fn investor_pointer(found: impl Iterator<Item = (usize, InvestorPlace)>, id: usize) -> String {
    second_place(found, id).map_or_else(String::new, InvestorPlace::pointer)
}

fn check_railroads(state: &State, problems: &mut Vec<Violation>) {
    let cards = &state.components.railroads;
    let found = || railroad_places(state).map(|(id, place)| (usize::from(id), place));
    let counts = counts(cards.len(), found(), |id, place| {
        problem(
            problems,
            "unknown_railroad",
            section::COMPONENTS,
            place.pointer(),
            format!(
                "Railroad card {id} is in {place}, but there are only {} cards",
                cards.len()
            ),
        )
    });
    for h in &state.holdings {
        for r in &h.railroads {
            if state.face_of(*r).is_none() {
                problem(
                    problems,
                    "no_such_face",
                    section::ACQUISITIONS,
                    format!("/holdings/{}/railroads", h.colour.index()),
                    format!(
                        "{} owns card {} at face {}, which the card does not have",
                        h.colour, r.card, r.face
                    ),
                );
            }
        }
    }
    for (id, &count) in counts.iter().enumerate() {
        match count {
            1 => {}
            0 => problem(
                problems,
                "railroad_missing",
                section::COMPONENTS,
                "/railroad_stack",
                format!("Railroad card {id} ({}) is nowhere", cards[id].name),
            ),
            _ => problem(
                problems,
                "railroad_in_two_places",
                section::COMPONENTS,
                places_pointer(found(), id),
                format!(
                    "Railroad card {id} ({}) is in {}",
                    cards[id].name,
                    places_of(found(), id)
                ),
            ),
        }
    }
    if state.railroad_stack.windows(2).any(|w| w[0] >= w[1]) {
        problem(
            problems,
            "stack_out_of_order",
            section::COMPONENTS,
            "/railroad_stack",
            "the Railroad stack must keep the cards in component order".to_string(),
        );
    }
}

/// Where an Investor card lies, for messages.
#[derive(Clone, Copy)]
enum InvestorPlace {
    Pool,
    Offer,
    Player(Seat),
    Holding(Colour),
    OutOfGame,
}

impl InvestorPlace {
    fn pointer(self) -> String {
        match self {
            InvestorPlace::Pool => "/round/pool".to_string(),
            InvestorPlace::Offer => "/round/offer".to_string(),
            InvestorPlace::Player(seat) => format!("/players/{}/investors", seat.index()),
            InvestorPlace::Holding(colour) => format!("/holdings/{}/investors", colour.index()),
            InvestorPlace::OutOfGame => "/investors_out_of_game".to_string(),
        }
    }
}

impl std::fmt::Display for InvestorPlace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InvestorPlace::Pool => f.write_str("the draft pool"),
            InvestorPlace::Offer => f.write_str("on offer"),
            InvestorPlace::Player(seat) => write!(f, "player {seat}"),
            InvestorPlace::Holding(colour) => write!(f, "{colour}"),
            InvestorPlace::OutOfGame => f.write_str("out of the game"),
        }
    }
}

/// Every Investor card, with where it lies.
fn investor_places(state: &State) -> impl Iterator<Item = (Investor, InvestorPlace)> + '_ {
    let (pool, offer) = match &state.round {
        Round::InvestorDraft { pool, offer, .. } => (&pool[..], offer.map(|o| o.investor)),
        _ => (&[][..], None),
    };
    let pool = pool.iter().map(|&i| (i, InvestorPlace::Pool));
    let offer = offer.map(|i| (i, InvestorPlace::Offer));
    let players = state.players.iter().flat_map(|p| {
        p.investors
            .iter()
            .map(|&i| (i, InvestorPlace::Player(p.seat)))
    });
    let holdings = state.holdings.iter().flat_map(|h| {
        h.investors
            .iter()
            .map(|&i| (i, InvestorPlace::Holding(h.colour)))
    });
    let out = state
        .investors_out_of_game
        .iter()
        .map(|&i| (i, InvestorPlace::OutOfGame));
    pool.chain(offer).chain(players).chain(holdings).chain(out)
}

fn check_investors(state: &State, problems: &mut Vec<Violation>) {
    for h in &state.holdings {
        for &i in &h.investors {
            if !i.is_assignable() {
                problem(
                    problems,
                    "investor_not_assignable",
                    section::OPERATING_ROUND,
                    format!("/holdings/{}/investors", h.colour.index()),
                    format!(
                        "{i} is assigned to {}; only investor_40, investor_50 and investor_60 can be",
                        h.colour
                    ),
                );
            }
        }
    }
    let found = || investor_places(state).map(|(i, place)| (i as usize, place));
    // Every Investor value is a card: none is unknown.
    let counts = counts(Investor::ALL.len(), found(), |_, _| {});
    for (investor, &count) in Investor::ALL.iter().zip(&counts) {
        match count {
            1 => {}
            0 => problem(
                problems,
                "investor_missing",
                section::DRAFT,
                "/investors_out_of_game",
                format!("{investor} is nowhere"),
            ),
            _ => problem(
                problems,
                "investor_in_two_places",
                section::DRAFT,
                investor_pointer(found(), *investor as usize),
                format!(
                    "{investor} is in {}",
                    places_of(found(), *investor as usize)
                ),
            ),
        }
    }
    let bundle_on_investor = state.investor_450_railroad.is_some();
    let msc_certificate_on_investor =
        state.holding(Colour::Green).owner_of(DIRECTOR_CERTIFICATE) == Some(Owner::Investor450);
    if bundle_on_investor != msc_certificate_on_investor {
        problem(
            problems,
            "investor_450_bundle_split",
            section::INVESTOR_450,
            "/investor_450_railroad",
            "the Dominion Atlantic and MS&C's Director certificate lie on the $450 Investor together or not at all".to_string(),
        );
    }
}

/// The draft's counts: each completed offer gave one player the card and the other its price
/// (no money changes hands otherwise before the first Stock Round); the fifth Investor leaves
/// the game when the draft ends, and no other ever does.
fn check_draft_counts(state: &State, problems: &mut Vec<Violation>) {
    let Round::InvestorDraft { offers_made, .. } = &state.round else {
        if state.investors_out_of_game.len() != 1 {
            problem(
                problems,
                "bad_draft",
                section::DRAFT,
                "/investors_out_of_game",
                format!(
                    "{} Investors are out of the game; after the draft the fifth one is, alone",
                    state.investors_out_of_game.len()
                ),
            );
        }
        return;
    };
    let drafted: usize = state.players.iter().map(|p| p.investors.len()).sum();
    let placed: usize = state.holdings.iter().map(|h| h.investors.len()).sum();
    if drafted != usize::from(*offers_made) || placed > 0 || !state.investors_out_of_game.is_empty()
    {
        problem(
            problems,
            "bad_draft",
            section::DRAFT,
            "/round/offers_made",
            format!(
                "{offers_made} offers made, but the players hold {drafted} Investors, the Holdings {placed}, and {} are out of the game",
                state.investors_out_of_game.len()
            ),
        );
        return;
    }
    for p in &state.players {
        let other = state.player(p.seat.other());
        let prices: u32 = other
            .investors
            .iter()
            .map(|&i| state.components.investor(i).price)
            .sum();
        let expected = super::rules::START_CASH + prices;
        if p.cash != expected {
            problem(
                problems,
                "draft_cash",
                section::DRAFT,
                format!("/players/{}/cash", p.seat.index()),
                format!(
                    "player {} has ${}: ${} to start and ${prices} for the Investors player {} took, ${expected}",
                    p.seat,
                    p.cash,
                    super::rules::START_CASH,
                    other.seat
                ),
            );
        }
    }
}

fn check_round(state: &State, problems: &mut Vec<Violation>) {
    check_draft_counts(state, problems);
    match &state.round {
        Round::InvestorDraft {
            offers_made,
            pool,
            offer,
            start_value_due,
        } => {
            if *offers_made >= DRAFT_OFFERS && start_value_due.is_none() {
                problem(
                    problems,
                    "bad_draft",
                    section::DRAFT,
                    "/round/offers_made",
                    "all four offers are made: the draft is over and the Stock Round has begun"
                        .to_string(),
                );
            }
            let offered = usize::from(*offers_made) + usize::from(offer.is_some());
            if *offers_made > DRAFT_OFFERS || offered + pool.len() != Investor::ALL.len() {
                problem(
                    problems,
                    "bad_draft",
                    section::DRAFT,
                    "/round/pool",
                    format!(
                        "{offers_made} offers made, {} on offer and {} in the pool do not add up to the five Investors",
                        usize::from(offer.is_some()),
                        pool.len()
                    ),
                );
            }
            if let Some(o) = offer
                && o.by
                    != super::turns::draft_offerer(
                        state.start_player,
                        (*offers_made).min(DRAFT_OFFERS - 1),
                    )
            {
                problem(
                    problems,
                    "bad_draft",
                    section::DRAFT,
                    "/round/offer",
                    format!(
                        "offer {} is not player {}'s to make",
                        u32::from(*offers_made) + 1,
                        o.by
                    ),
                );
            }
            if let Some(seat) = start_value_due
                && (state.holding(Colour::Green).is_started()
                    || !state
                        .player(*seat)
                        .investors
                        .contains(&Investor::Investor450))
            {
                problem(
                    problems,
                    "bad_draft",
                    section::INVESTOR_450,
                    "/round/start_value_due",
                    format!(
                        "player {seat} owes MS&C's start value without holding a fresh $450 Investor"
                    ),
                );
            }
            if start_value_due.is_none()
                && !state.holding(Colour::Green).is_started()
                && state
                    .holding(Colour::Green)
                    .owner_of(DIRECTOR_CERTIFICATE)
                    .and_then(Owner::seat)
                    .is_some()
            {
                problem(
                    problems,
                    "bad_draft",
                    section::INVESTOR_450,
                    "/round/start_value_due",
                    "a player holds MS&C's Director certificate but MS&C has no start value"
                        .to_string(),
                );
            }
        }
        Round::StockRound {
            passes_in_a_row,
            sold,
            turns_taken,
            last_trader,
            ..
        } => {
            if *passes_in_a_row >= 2 || u32::from(*passes_in_a_row) > *turns_taken {
                problem(
                    problems,
                    "bad_round",
                    section::STOCK_ROUND,
                    "/round/passes_in_a_row",
                    format!(
                        "{passes_in_a_row} passes in a row after {turns_taken} turns: two passes end the Stock Round, and each pass is a turn"
                    ),
                );
            }
            let mut seen = std::collections::HashSet::new();
            if let Some(k) = sold
                .iter()
                .position(|s| !seen.insert((s.player.index(), s.holding.index())))
            {
                problem(
                    problems,
                    "bad_round",
                    section::STOCK_ROUND,
                    format!("/round/sold/{k}"),
                    format!(
                        "player {} is recorded twice as having sold {}",
                        sold[k].player, sold[k].holding
                    ),
                );
            }
            // A sale is a trade, and takes a turn.
            if (!sold.is_empty() && last_trader.is_none())
                || (*turns_taken == 0 && last_trader.is_some())
            {
                problem(
                    problems,
                    "bad_round",
                    section::STOCK_ROUND,
                    "/round/last_trader",
                    format!(
                        "{} sales and {turns_taken} turns this round, but the last trader is {last_trader:?}",
                        sold.len()
                    ),
                );
            }
        }
        Round::OperatingRound {
            number,
            holding,
            plus,
            diamond,
            acquisitions,
            step,
            ..
        } => {
            if !(1..=OPERATING_ROUNDS).contains(number) {
                problem(
                    problems,
                    "bad_round",
                    section::OPERATING_ROUND,
                    "/round/number",
                    format!("there are two Operating Rounds after a Stock Round, not {number}"),
                );
            }
            let h = state.holding(*holding);
            if !h.floated || h.director.is_none() {
                problem(
                    problems,
                    "bad_round",
                    section::OPERATING_ROUND,
                    "/round/holding",
                    format!("{holding} is operating but has not floated"),
                );
            }
            let card = state.components.holding(*holding);
            let placed = u32::from(*plus) + u32::from(*diamond);
            let available = u32::from(card.operators.saturating_sub(h.operators_invested));
            if *plus > card.plus_circles || *diamond > card.diamond_circles || placed > available {
                problem(
                    problems,
                    "too_many_tokens",
                    section::OPERATORS,
                    "/round/plus",
                    format!(
                        "{holding} has {plus} tokens on (+) and {diamond} on (⋄); it has {} and {} circles and {available} tokens to place",
                        card.plus_circles, card.diamond_circles
                    ),
                );
            }
            if acquisitions > plus {
                problem(
                    problems,
                    "too_many_acquisitions",
                    section::ACQUISITIONS,
                    "/round/acquisitions",
                    format!("{holding} made {acquisitions} acquisitions with {plus} tokens on (+)"),
                );
            }
            if *step == OperatingStep::Discard && h.railroads.len() <= usize::from(*diamond) {
                problem(
                    problems,
                    "bad_round",
                    section::DISCARDING,
                    "/round/step",
                    format!(
                        "{holding} is discarding but owns no more Railroads than its {diamond} tokens on (⋄)"
                    ),
                );
            }
        }
        Round::GameEnded { wealth, winners } => {
            let (expected_wealth, expected_winners) = super::operating_round::final_standing(state);
            if *wealth != expected_wealth || *winners != expected_winners {
                problem(
                    problems,
                    "bad_round",
                    section::END,
                    "/round",
                    "the recorded wealth and winners are not what the players' cash and certificates make".to_string(),
                );
            }
        }
    }
}
