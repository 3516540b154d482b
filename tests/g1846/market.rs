//! The share prices of the 12 real 1846 games replayed by the kit's market rules (issue 19.4):
//! each corporation's price is tracked from its par through every action, with a ledger of where
//! each of its certificates is (treasury, market, which player, in the order they came, as
//! 18xx.games keeps them for a presidency swap). At each observation row's action
//! (tests/data/1846-market-observations.csv) the row's price before must be the tracked price,
//! and its price after what the kit computes from the replay's own state: the dividend kind of
//! the action and the revenue the kit counts for the run, the shares of the action, the seller's
//! presidency, and the market and the players' holdings from the ledger. The holdings the rows
//! note (treasury before an issue, market shares, "players hold N, treasury T, market M") are
//! checked against the ledger too. The three ANOMALY rows (receivership without a train) are
//! listed, and the tracked price follows 18xx.games there so that the sequence goes on.

use crate::boards::FILES;
use crate::replay::Played;
use crate::replay::{Paid, Row, game, kit_revenues, replay, rows_of, text};
use railrules::games::g1846::data::components;
use railrules::games::kit18xx::market::{
    DividendKind, dividend_split, dividend_steps, emergency_issue, end_of_round_steps, player_sale,
    redemption, space, step, voluntary_issue,
};
use railrules::import::export_18xx::Export;
use serde_json::Value;
use std::collections::BTreeMap;

const TREASURY: &str = "treasury";
const MARKET: &str = "market";

/// A certificate's share of the company in tens of percent: the president's is two.
fn size(certificate: &str) -> u32 {
    if certificate.ends_with("_0") { 2 } else { 1 }
}

/// One corporation's share price and certificates.
struct Shares {
    space: usize,
    /// The president (a player, or the market in receivership).
    president: Option<String>,
    /// Each holder's certificates, in the order they came.
    held: BTreeMap<String, Vec<String>>,
}

impl Shares {
    fn of(&self, holder: &str) -> u32 {
        self.held
            .get(holder)
            .map_or(0, |c| c.iter().map(|s| size(s)).sum())
    }

    fn holder_of(&self, certificate: &str) -> Option<String> {
        self.held
            .iter()
            .find(|(_, certs)| certs.iter().any(|c| c == certificate))
            .map(|(h, _)| h.clone())
    }

    fn move_to(&mut self, certificate: &str, to: &str) {
        for certs in self.held.values_mut() {
            certs.retain(|c| c != certificate);
        }
        self.held
            .entry(to.to_string())
            .or_default()
            .push(certificate.to_string());
    }

    fn players_hold(&self) -> u32 {
        self.held
            .keys()
            .filter(|h| *h != TREASURY && *h != MARKET)
            .map(|h| self.of(h))
            .sum()
    }
}

/// The share prices and certificates of a game as its actions move them.
struct Market {
    prices: Vec<u32>,
    /// The players in seat order (for the next president by distance).
    players: Vec<String>,
    corporations: BTreeMap<String, Shares>,
}

impl Market {
    fn price(&self, corporation: &str) -> Option<u32> {
        let shares = self.corporations.get(corporation)?;
        Some(self.prices[shares.space])
    }

    /// Moves `certificates` of `corporation` to `to`, `percent` of them sold (a president's
    /// certificate may be sold half), and passes the presidency as 18xx.games does: to the
    /// player holding most, ties to the nearest after the president, who swaps two of their
    /// first certificates for the president's.
    fn transfer(&mut self, corporation: &str, certificates: &[String], to: &str, percent: u32) {
        let players = self.players.clone();
        let Some(shares) = self.corporations.get_mut(corporation) else {
            return;
        };
        let Some(owner) = certificates.first().and_then(|c| shares.holder_of(c)) else {
            return;
        };
        let previous = shares.president.clone();
        for c in certificates {
            shares.move_to(c, to);
        }
        let holding: Vec<(String, u32)> = players
            .iter()
            .map(|p| (p.clone(), shares.of(p)))
            .filter(|(_, n)| *n > 0)
            .collect();
        let max = holding.iter().map(|(_, n)| *n).max().unwrap_or(0);
        let majority: Vec<&String> = holding
            .iter()
            .filter(|(_, n)| *n == max)
            .map(|(p, _)| p)
            .collect();
        if majority.iter().any(|p| Some(*p) == previous.as_ref()) {
            return;
        }
        let with_presidents = certificates.iter().any(|c| c.ends_with("_0"));
        let moved = certificates.iter().map(|c| size(c)).sum::<u32>() * 10;
        let partial = moved != percent;
        let president = match &previous {
            None => majority
                .iter()
                .find(|p| shares.held[**p].iter().any(|c| c.ends_with("_0")))
                .map(|p| (*p).clone()),
            // The nearest after the president holding the president's certificate's worth; from
            // receivership, the first in seat order.
            Some(from) => majority
                .into_iter()
                .filter(|_| max >= 2)
                .min_by_key(|p| {
                    if from == MARKET {
                        0
                    } else {
                        distance_in(&players, from, p)
                    }
                })
                .cloned(),
        };
        let Some(president) = president else { return };
        shares.president = Some(president.clone());
        // The whole president's certificate went from the president to the new one.
        if to == president
            && previous.as_deref() == Some(owner.as_str())
            && with_presidents
            && !partial
        {
            return;
        }
        let Some(previous) = previous else { return };
        if owner == president {
            return;
        }
        let presidents = format!("{corporation}_0");
        if !with_presidents && shares.holder_of(&presidents).as_deref() != Some(previous.as_str()) {
            return;
        }
        let swap_to = if shares.of(&previous) >= 2 {
            previous.clone()
        } else {
            MARKET.to_string()
        };
        let given: Vec<String> = shares.held[&president].iter().take(2).cloned().collect();
        for c in &given {
            shares.move_to(c, &swap_to);
        }
        shares.move_to(&presidents, &president);
        // Half the president's certificate sold: the seller has the other half back from the
        // market, as the market's first certificate.
        if partial {
            let n = (moved.saturating_sub(percent) / 10) as usize;
            let back: Vec<String> = shares.held[MARKET].iter().take(n).cloned().collect();
            for c in &back {
                shares.move_to(c, &owner);
            }
        }
    }
}

/// Seats from `from` round to `to`.
fn distance_in(players: &[String], from: &str, to: &str) -> usize {
    let n = players.len();
    let at = |p: &str| players.iter().position(|q| q == p).unwrap_or(0);
    (at(to) + n - at(from)) % n
}

/// A change of hands an action makes: certificates of one corporation to a holder.
struct Transfer {
    corporation: String,
    certificates: Vec<String>,
    to: String,
    percent: u32,
    /// The row event the action itself is (an issue, a redemption, a player's sale), if any.
    event: Option<&'static str>,
}

/// The certificates `buy_shares` and `sell_shares` move: a player's buy (from wherever the
/// certificate is) and sale (to the market), a corporation's redemption (from the market) and
/// issue (from its treasury to the market).
fn transfer_of(action: &Value) -> Option<Transfer> {
    let certificates: Vec<String> = action["shares"]
        .as_array()?
        .iter()
        .filter_map(|s| s.as_str().map(str::to_string))
        .collect();
    let corporation = certificates.first()?.rsplit_once('_')?.0.to_string();
    let by_corporation = action["entity_type"] == "corporation";
    let percent = action["percent"].as_u64().map_or_else(
        || certificates.iter().map(|c| size(c) * 10).sum(),
        |p| p as u32,
    );
    let (to, event) = match (action["type"].as_str()?, by_corporation) {
        ("buy_shares", false) => (text(action, "entity"), None),
        ("buy_shares", true) => (TREASURY.to_string(), Some("redeem")),
        ("sell_shares", false) => (MARKET.to_string(), Some("player_sell")),
        ("sell_shares", true) => (MARKET.to_string(), Some("issue")),
        _ => return None,
    };
    Some(Transfer {
        corporation,
        certificates,
        to,
        percent,
        event,
    })
}

/// What checking one game's rows in sequence found.
#[derive(Debug, Default)]
struct Checked {
    rows: usize,
    /// The rows where the replay and 18xx.games differ, with why.
    differ: Vec<String>,
    /// The ANOMALY rows, where the kit differs from 18xx.games as expected.
    anomalies: Vec<String>,
}

/// The state a row is checked in: the action, who went bankrupt in it, the kit's revenues.
struct At<'a> {
    action: &'a Value,
    transfer: Option<&'a Transfer>,
    bankrupt: Option<&'a str>,
    paid: &'a [Paid],
}

/// The price after the row's effect by the kit's rules, from the replay's state; the ledger is
/// checked against the holdings the row notes.
#[expect(
    clippy::too_many_lines,
    reason = "one arm per kind of row of the price observations"
)]
fn kit_price_after(market: &Market, row: &Row, at: &At) -> Result<u32, String> {
    let corporation = row.get("corporation");
    let shares = market
        .corporations
        .get(corporation)
        .ok_or_else(|| format!("{corporation} has no price in the replay"))?;
    let prices = &market.prices;
    let here = shares.space;
    let price = prices[here];
    let in_market = shares.of(MARKET);
    let expect = |what: &str, ours: u32, theirs: Option<u32>| match theirs {
        Some(theirs) if theirs != ours => {
            Err(format!("{what}: the ledger has {ours}, the row {theirs}"))
        }
        _ => Ok(()),
    };
    if row.get("event") != "sr_end" {
        expect(
            "market shares",
            in_market,
            Some(row.number("market_shares")),
        )?;
    }
    let own = |event: &str| {
        at.transfer
            .filter(|t| t.event == Some(event) && t.corporation == corporation)
            .ok_or_else(|| format!("the action is no {event} of {corporation}"))
    };
    let after = match (row.get("event"), row.get("kind")) {
        (event @ ("dividend" | "dividend_implicit"), kind) => {
            let kind = if event == "dividend" {
                if at.action["type"] != "dividend" || text(at.action, "entity") != corporation {
                    return Err("the action is no dividend of the corporation".to_string());
                }
                text(at.action, "kind")
            } else {
                kind.to_string()
            };
            let kind = match kind.as_str() {
                "payout" => DividendKind::Payout,
                "half" => DividendKind::Half,
                "withhold" => DividendKind::Withhold,
                other => return Err(format!("no dividend kind {other:?}")),
            };
            let id = row.id();
            let revenue = at
                .paid
                .iter()
                .find(|p| p.id == id && p.corporation == corporation)
                .ok_or("the kit has no revenue for it")?
                .computed
                .clone()?;
            let split = dividend_split(revenue, kind);
            expect(
                "per share",
                split.per_share(),
                Some(row.number("per_share")),
            )?;
            step(prices, here, dividend_steps(split.paid, price))
        }
        ("issue", kind) => {
            let t = own("issue")?;
            let n = t.percent / 10;
            expect("shares", n, Some(row.number("shares")))?;
            let treasury = shares.of(TREASURY);
            expect("treasury", treasury, row.note_number("; "))?;
            let terms = if kind == "voluntary" {
                voluntary_issue(prices, here, n)
            } else {
                emergency_issue(prices, here, n).ok_or("the kit refuses this emergency issue")?
            };
            expect("per share", terms.each, Some(row.number("per_share")))?;
            terms.space_after
        }
        ("redeem", _) => {
            let t = own("redeem")?;
            let n = t.percent / 10;
            expect("shares", n, Some(row.number("shares")))?;
            expect("treasury", shares.of(TREASURY), row.note_number("; "))?;
            let terms = redemption(prices, here, n);
            expect("per share", terms.each, Some(row.number("per_share")))?;
            terms.space_after
        }
        ("player_sell", kind) => {
            let (seller, n, bankruptcy) = if kind == "bankruptcy_final" {
                let seller = at.bankrupt.ok_or("the action is no bankruptcy")?;
                (seller.to_string(), shares.of(seller), true)
            } else {
                let t = own("player_sell")?;
                (text(at.action, "entity"), t.percent / 10, false)
            };
            expect("shares", n, Some(row.number("shares")))?;
            let by_president = shares.president.as_deref() == Some(seller.as_str());
            if row.get("is_president") != by_president.to_string() {
                return Err(format!(
                    "the seller is president: the ledger says {by_president}, the row {}",
                    row.get("is_president")
                ));
            }
            let terms = player_sale(prices, here, n, by_president, bankruptcy);
            expect("per share", terms.each, Some(row.number("per_share")))?;
            terms.space_after
        }
        ("sr_end", kind) => {
            let players = shares.players_hold();
            expect("players hold", players, row.note_number("players hold "))?;
            expect(
                "treasury",
                shares.of(TREASURY),
                row.note_number("treasury "),
            )?;
            expect("market", in_market, row.note_number("market "))?;
            let (in_market, sold_out) = (in_market > 0, players == 10);
            let case = match (in_market, sold_out) {
                (true, _) => "in_market",
                (false, true) => "sold_out",
                (false, false) => "neither",
            };
            if case != kind {
                return Err(format!("the ledger makes it {case}, the row {kind}"));
            }
            step(prices, here, end_of_round_steps(in_market, sold_out))
        }
        (event, kind) => return Err(format!("no replay for {event}/{kind}")),
    };
    Ok(prices[after])
}

/// Replays a game's share prices and checks each of its rows at its action, in sequence.
fn market_as_18xx_games(name: &str) -> Checked {
    let (export, played) = game(name);
    let paid = kit_revenues(name, &replay(name));
    let mut rows: BTreeMap<u64, Vec<Row>> = BTreeMap::new();
    for row in rows_of(name) {
        rows.entry(row.id()).or_default().push(row);
    }
    let mut market = Market {
        prices: components().market.clone(),
        players: export.players.iter().map(|p| p.key()).collect(),
        corporations: BTreeMap::new(),
    };
    let mut checked = Checked::default();
    for p in &played {
        let action = &p.action;
        if action["type"] == "par" {
            par(&mut market, action);
        }
        // A bankrupt corporation's president sells everything (the rows say what, at once).
        let bankrupt = (action["type"] == "bankrupt")
            .then(|| {
                let corporation = text(action, "entity");
                market.corporations.get(&corporation)?.president.clone()
            })
            .flatten();
        let mut pending = transfer_of(action);
        let here = action_id(&export, p).and_then(|id| rows.remove(&id));
        for row in here.iter().flatten() {
            let own = pending.as_ref().is_some_and(|t| {
                t.event == Some(row.get("event")) && t.corporation == row.get("corporation")
            });
            if !own && let Some(t) = pending.take() {
                apply(&mut market, &t);
            }
            let at = At {
                action,
                transfer: pending.as_ref(),
                bankrupt: bankrupt.as_deref(),
                paid: &paid,
            };
            check(&mut market, row, &at, &mut checked);
            if own && let Some(t) = pending.take() {
                apply(&mut market, &t);
            }
            if row.get("kind") == "bankruptcy_final" {
                bankruptcy_sale(&mut market, row.get("corporation"), bankrupt.as_deref());
            }
            close_at_zero(&mut market, row.get("corporation"));
        }
        // 18xx.games drops a bankrupt from the seat order too; holding nothing, they are
        // no candidate again, and the others' order around the table is the same.
        if let Some(t) = pending.take() {
            apply(&mut market, &t);
        }
    }
    for row in rows.values().flatten() {
        checked
            .differ
            .push(format!("{}: no action with its id", row.describe()));
    }
    checked
}

/// An action's id; an automatic action (`/actions/N/auto_actions/K`) has its host's, where
/// 18xx.games processed it.
fn action_id(export: &Export, played: &Played) -> Option<u64> {
    if let Some(id) = played.action["id"].as_u64() {
        return Some(id);
    }
    let host: usize = played.pointer.split('/').nth(2)?.parse().ok()?;
    export.actions.get(host)?.get("id").as_u64()
}

/// A corporation's par: its price, its certificates in the treasury, the president's to the
/// player.
fn par(market: &mut Market, action: &Value) {
    let corporation = text(action, "corporation");
    let price: u32 = text(action, "share_price")
        .split(',')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap();
    let certificates = (0..9).map(|k| format!("{corporation}_{k}")).collect();
    let shares = Shares {
        space: space(&market.prices, price).unwrap(),
        president: None,
        held: BTreeMap::from([(TREASURY.to_string(), certificates)]),
    };
    market.corporations.insert(corporation.clone(), shares);
    let presidents = vec![format!("{corporation}_0")];
    market.transfer(&corporation, &presidents, &text(action, "entity"), 20);
}

fn apply(market: &mut Market, t: &Transfer) {
    market.transfer(&t.corporation, &t.certificates, &t.to, t.percent);
}

/// The bankrupt's last certificates of a corporation go to the market; without another
/// president the corporation is in receivership.
fn bankruptcy_sale(market: &mut Market, corporation: &str, bankrupt: Option<&str>) {
    let Some(player) = bankrupt else { return };
    let Some(shares) = market.corporations.get(corporation) else {
        return;
    };
    let certificates = shares.held.get(player).cloned().unwrap_or_default();
    let percent = certificates.iter().map(|c| size(c) * 10).sum();
    market.transfer(corporation, &certificates, MARKET, percent);
    if let Some(shares) = market.corporations.get_mut(corporation)
        && shares.president.as_deref() == Some(player)
    {
        shares.president = Some(MARKET.to_string());
    }
}

/// A corporation whose price reaches $0 closes: its certificates leave the game.
fn close_at_zero(market: &mut Market, corporation: &str) {
    if market.price(corporation) == Some(0) {
        market.corporations.remove(corporation);
    }
}

/// Checks a row against the replay, then moves the tracked price: to the kit's price after, or
/// where 18xx.games took it for an ANOMALY row or a row that differs.
fn check(market: &mut Market, row: &Row, at: &At, checked: &mut Checked) {
    checked.rows += 1;
    let corporation = row.get("corporation");
    let tracked = market.price(corporation);
    let theirs = row.number("price_after");
    let ours = match tracked {
        Some(price) if price != row.number("price_before") => Err(format!(
            "the replay's price before is {price}, the row's {}",
            row.get("price_before")
        )),
        _ => kit_price_after(market, row, at),
    };
    let anomaly = row.get("note").contains("ANOMALY");
    match (ours, anomaly) {
        (Ok(ours), false) if ours == theirs => {}
        (Ok(ours), true) if ours != theirs => checked
            .anomalies
            .push(format!("{}: the kit {ours}", row.describe())),
        (Ok(ours), _) => checked
            .differ
            .push(format!("{}: the kit {ours}", row.describe())),
        (Err(why), _) => checked.differ.push(format!("{}: {why}", row.describe())),
    }
    if let Some(shares) = market.corporations.get_mut(corporation)
        && let Some(after) = space(&market.prices, theirs)
    {
        shares.space = after;
    }
}

macro_rules! real_markets {
    ($($test:ident: $file:literal => $rows:literal,)*) => {
        $(
            #[test]
            fn $test() {
                let checked = market_as_18xx_games($file);
                eprintln!("{}: {checked:?}", $file);
                assert_eq!(checked.differ, Vec::<String>::new(), "{}", $file);
                assert_eq!(checked.rows, $rows, "{}: rows checked", $file);
            }
        )*

        const MARKET_FILES: &[&str] = &[$($file),*];
    };
}

real_markets! {
    game_10264_prices_as_18xx_games: "10264.json" => 136,
    game_12666_prices_as_18xx_games: "12666.json" => 90,
    game_all_closed_prices_as_18xx_games: "1846_game_end_reason_all_closed.json" => 134,
    game_bankrupt_prices_as_18xx_games: "1846_game_end_reason_bankrupt.json" => 85,
    game_dnf_prices_as_18xx_games: "1846_game_end_reason_dnf.json" => 22,
    game_19962_prices_as_18xx_games: "19962.json" => 68,
    game_20381_prices_as_18xx_games: "20381.json" => 47,
    game_222264_prices_as_18xx_games: "222264.json" => 12,
    game_3099_prices_as_18xx_games: "3099.json" => 136,
    game_hs_cvjhogoy_prices_as_18xx_games: "hs_cvjhogoy_1599504419.json" => 11,
    game_hs_sudambau_prices_as_18xx_games: "hs_sudambau_1600037415.json" => 13,
    game_hs_wwhjwjvo_prices_as_18xx_games: "hs_wwhjwjvo_1716866882.json" => 16,
}

/// Every game is replayed, every row checked, and the kit differs from 18xx.games only at the
/// three ANOMALY rows.
#[test]
fn every_market_row_is_checked_in_sequence() {
    assert_eq!(MARKET_FILES, FILES);
    let (mut rows, mut anomalies) = (0, Vec::new());
    for name in FILES {
        let checked = market_as_18xx_games(name);
        rows += checked.rows;
        anomalies.extend(checked.anomalies);
    }
    eprintln!("{rows} rows checked; ANOMALY: {anomalies:#?}");
    assert_eq!(rows, 770);
    assert_eq!(
        anomalies,
        [
            "1846_game_end_reason_bankrupt.json 236 GT dividend_implicit/withhold 40->20: the kit 30",
            "19962.json 328 ERIE dividend_implicit/withhold 20->0: the kit 10",
            "hs_sudambau_1600037415.json 61 B&O dividend_implicit/withhold 50->30: the kit 40",
        ]
    );
}
