//! Ruling R12: every row of the 1846 market observations (tests/data/, 770 rows from the
//! recorded 1846 games of 18xx.games) holds in railrules' market rules, computed from the row's
//! inputs on 1846's market. The rows marked ANOMALY are skipped, and listed.

use railrules::games::ne1833::action::DividendKind;
use railrules::games::ne1833::data::components;
use railrules::games::ne1833::market::{
    ShareTerms, dividend_split, dividend_steps, emergency_issue, end_of_round_steps, player_sale,
    redemption, space, step, voluntary_issue,
};
use std::collections::BTreeMap;

const OBSERVATIONS: &str = include_str!("../data/1846-market-observations.csv");

/// 1846's market, from the data's README: 1833NE's track, ending at $550.
const MARKET_1846: [u32; 31] = [
    0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 112, 124, 137, 150, 165, 180, 195, 212, 230, 250,
    270, 295, 320, 345, 375, 405, 440, 475, 510, 550,
];

/// The README's row counts by event and kind.
const ROWS_BY_KIND: [(&str, &str, usize); 13] = [
    ("dividend", "payout", 188),
    ("dividend", "half", 51),
    ("dividend", "withhold", 47),
    ("dividend_implicit", "withhold", 66),
    ("issue", "voluntary", 57),
    ("issue", "emergency", 8),
    ("redeem", "", 15),
    ("player_sell", "stock_round", 136),
    ("player_sell", "emergency", 6),
    ("player_sell", "bankruptcy_final", 6),
    ("sr_end", "neither", 87),
    ("sr_end", "in_market", 71),
    ("sr_end", "sold_out", 32),
];

/// The README's row counts by fixture.
const ROWS_BY_FIXTURE: [(&str, usize); 12] = [
    ("10264.json", 136),
    ("12666.json", 90),
    ("1846_game_end_reason_all_closed.json", 134),
    ("1846_game_end_reason_bankrupt.json", 85),
    ("1846_game_end_reason_dnf.json", 22),
    ("19962.json", 68),
    ("20381.json", 47),
    ("222264.json", 12),
    ("3099.json", 136),
    ("hs_cvjhogoy_1599504419.json", 11),
    ("hs_sudambau_1600037415.json", 13),
    ("hs_wwhjwjvo_1716866882.json", 16),
];

/// The README's anomalies: (fixture, action_index, corporation).
const ANOMALIES: [(&str, &str, &str); 3] = [
    ("1846_game_end_reason_bankrupt.json", "236", "GT"),
    ("19962.json", "328", "ERIE"),
    ("hs_sudambau_1600037415.json", "61", "B&O"),
];

/// One observation: the CSV's fields by column name.
struct Row {
    line: usize,
    fields: BTreeMap<String, String>,
}

impl Row {
    fn get(&self, column: &str) -> &str {
        self.fields.get(column).map_or("", String::as_str)
    }

    fn number(&self, column: &str) -> Result<u32, String> {
        self.get(column)
            .parse()
            .map_err(|_| format!("column {column} is not a number: {:?}", self.get(column)))
    }

    fn key(&self) -> (String, String) {
        (self.get("event").to_string(), self.get("kind").to_string())
    }

    fn is_anomaly(&self) -> bool {
        self.get("note").contains("ANOMALY")
    }

    /// The number that follows `label` in the note ("players hold 10, ..." gives 10).
    fn note_number(&self, label: &str) -> Result<u32, String> {
        let note = self.get("note");
        let digits: String = note
            .split_once(label)
            .ok_or_else(|| format!("the note has no {label:?}"))?
            .1
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits
            .parse()
            .map_err(|_| format!("no number after {label:?} in the note"))
    }

    fn describe(&self) -> String {
        let fields: Vec<String> = self
            .fields
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("line {}: {}", self.line, fields.join(", "))
    }
}

/// The fields of one CSV line; a quoted field may hold commas (and "" for a quote).
fn split_line(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        let field = fields.last_mut().expect("one field at least");
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            _ => field.push(c),
        }
    }
    fields
}

fn rows() -> Vec<Row> {
    let mut lines = OBSERVATIONS.lines().enumerate();
    let (_, header) = lines.next().expect("a header line");
    let columns = split_line(header);
    lines
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| {
            let values = split_line(l);
            assert_eq!(
                values.len(),
                columns.len(),
                "line {} has {} fields, the header {}",
                i + 1,
                values.len(),
                columns.len()
            );
            Row {
                line: i + 1,
                fields: columns.iter().cloned().zip(values).collect(),
            }
        })
        .collect()
}

/// What railrules' rules make of a row: the price after and, where the row has one, the cash
/// per share.
#[derive(Debug, PartialEq)]
struct Outcome {
    price_after: u32,
    per_share: Option<u32>,
}

impl Outcome {
    fn of(terms: ShareTerms) -> Outcome {
        Outcome {
            price_after: MARKET_1846[terms.space_after],
            per_share: Some(terms.each),
        }
    }
}

/// The outcome the row records.
fn observed(row: &Row) -> Result<Outcome, String> {
    let per_share = match row.get("per_share") {
        "" => None,
        _ => Some(row.number("per_share")?),
    };
    Ok(Outcome {
        price_after: row.number("price_after")?,
        per_share,
    })
}

/// The outcome railrules computes from the row's inputs (its event, kind, revenue, shares,
/// price before, seller and market shares).
fn computed(row: &Row) -> Result<Outcome, String> {
    let price = row.number("price_before")?;
    let at = space(&MARKET_1846, price).ok_or(format!("${price} is not on 1846's market"))?;
    let shares = || row.number("shares");
    match (row.get("event"), row.get("kind")) {
        ("dividend", kind) => dividend(row, kind, price, at),
        ("dividend_implicit", "withhold") => {
            if row.number("revenue")? != 0 {
                return Err("an implicit withhold with revenue".to_string());
            }
            dividend(row, "withhold", price, at)
        }
        ("issue", "voluntary") => Ok(Outcome::of(voluntary_issue(&MARKET_1846, at, shares()?))),
        ("issue", "emergency") => emergency_issue(&MARKET_1846, at, shares()?)
            .map(Outcome::of)
            .ok_or_else(|| "railrules refuses this emergency issue".to_string()),
        ("redeem", "") => Ok(Outcome::of(redemption(&MARKET_1846, at, shares()?))),
        ("player_sell", kind @ ("stock_round" | "emergency" | "bankruptcy_final")) => {
            let by_president = match row.get("is_president") {
                "true" => true,
                "false" => false,
                other => return Err(format!("is_president is {other:?}")),
            };
            let bankruptcy = kind == "bankruptcy_final";
            let terms = player_sale(&MARKET_1846, at, shares()?, by_president, bankruptcy);
            Ok(Outcome::of(terms))
        }
        ("sr_end", kind) => end_of_round(row, kind, at),
        (event, kind) => Err(format!("no rule for event {event:?} of kind {kind:?}")),
    }
}

fn dividend(row: &Row, kind: &str, price: u32, at: usize) -> Result<Outcome, String> {
    let kind = match kind {
        "payout" => DividendKind::Payout,
        "half" => DividendKind::Half,
        "withhold" => DividendKind::Withhold,
        other => return Err(format!("no dividend kind {other:?}")),
    };
    let split = dividend_split(row.number("revenue")?, kind);
    if kind == DividendKind::Half {
        // The note gives the split in full ("paid 80 in total, corporation kept 70").
        let noted = (
            row.note_number("paid ")?,
            row.note_number("corporation kept ")?,
        );
        if noted != (split.paid, split.kept) {
            return Err(format!(
                "the half pay splits (paid, kept) {:?} in the note, railrules {:?}",
                noted,
                (split.paid, split.kept)
            ));
        }
    }
    let after = step(&MARKET_1846, at, dividend_steps(split.paid, price));
    Ok(Outcome {
        price_after: MARKET_1846[after],
        per_share: Some(split.per_share()),
    })
}

/// The end of a stock round, from the market shares and the players' holdings in the note
/// ("players hold N, ..."); the row's kind must name the same case.
fn end_of_round(row: &Row, kind: &str, at: usize) -> Result<Outcome, String> {
    let in_market = row.number("market_shares")? > 0;
    let sold_out = row.note_number("players hold ")? == 10;
    let case = match (in_market, sold_out) {
        (true, _) => "in_market",
        (false, true) => "sold_out",
        (false, false) => "neither",
    };
    if case != kind {
        return Err(format!(
            "the holdings make it {case:?}, the row says {kind:?}"
        ));
    }
    let after = step(&MARKET_1846, at, end_of_round_steps(in_market, sold_out));
    Ok(Outcome {
        price_after: MARKET_1846[after],
        per_share: None,
    })
}

fn counts<'a>(rows: impl Iterator<Item = &'a Row>) -> BTreeMap<(String, String), usize> {
    let mut counts = BTreeMap::new();
    for row in rows {
        *counts.entry(row.key()).or_default() += 1;
    }
    counts
}

#[test]
fn the_file_has_the_readmes_rows() {
    let rows = rows();
    assert_eq!(rows.len(), 770);
    let expected: BTreeMap<(String, String), usize> = ROWS_BY_KIND
        .iter()
        .map(|&(e, k, n)| ((e.to_string(), k.to_string()), n))
        .collect();
    assert_eq!(counts(rows.iter()), expected);
    let mut by_fixture: BTreeMap<&str, usize> = BTreeMap::new();
    for row in &rows {
        *by_fixture.entry(row.get("fixture")).or_default() += 1;
    }
    assert_eq!(by_fixture, ROWS_BY_FIXTURE.into_iter().collect());
}

#[test]
fn every_1846_market_observation_holds_in_railrules_market_rules() {
    let rows = rows();
    let (anomalies, checked): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| r.is_anomaly());
    let mut disagreements = Vec::new();
    for row in &checked {
        let (ours, theirs) = (computed(row), observed(row));
        if ours.is_err() || ours != theirs {
            disagreements.push(format!(
                "{}\n    railrules: {ours:?}\n    the row:   {theirs:?}",
                row.describe()
            ));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} rows disagree with railrules' market rules:\n{}",
        disagreements.len(),
        checked.len(),
        disagreements.join("\n")
    );

    println!("skipped (ANOMALY):");
    for row in &anomalies {
        println!(
            "  {} {} {}: {}",
            row.get("fixture"),
            row.get("action_index"),
            row.get("corporation"),
            row.get("note")
        );
    }
    let skipped: Vec<(&str, &str, &str)> = anomalies
        .iter()
        .map(|r| {
            (
                r.get("fixture"),
                r.get("action_index"),
                r.get("corporation"),
            )
        })
        .collect();
    assert_eq!(skipped, ANOMALIES);
    for row in &anomalies {
        // A row is marked ANOMALY because the rules do not give it: they must not.
        assert_ne!(
            computed(row),
            observed(row),
            "{} is marked ANOMALY but follows the rules",
            row.describe()
        );
    }

    // Every row is checked or skipped: 767 checked, by the README's table less the anomalies.
    let mut expected: BTreeMap<(String, String), usize> = ROWS_BY_KIND
        .iter()
        .map(|&(e, k, n)| ((e.to_string(), k.to_string()), n))
        .collect();
    for row in &anomalies {
        *expected.get_mut(&row.key()).expect("a known kind") -= 1;
    }
    let checked_by_kind = counts(checked.iter().copied());
    println!("checked: {checked_by_kind:?}");
    assert_eq!(checked_by_kind, expected);
    assert_eq!(checked.len(), 767);
}

#[test]
fn ne1833s_market_is_1846s_continued() {
    // The data holds for 1833NE's rules because its market is 1846's track, continued to $730.
    let market = &components().market;
    assert_eq!(market[..MARKET_1846.len()], MARKET_1846);
    assert_eq!(market[MARKET_1846.len()..], [590, 630, 680, 730]);
}

#[test]
fn market_steps_stop_at_both_ends() {
    // The data never reaches an end of the market; these are 1833NE's ends.
    let market = &components().market;
    let last = market.len() - 1;
    assert_eq!(market[last], 730);
    assert_eq!(step(market, last - 1, 3), last);
    assert_eq!(step(market, 1, -2), 0);
    assert_eq!(step(market, 15, 3), 18, "$165 three right is $212");
    assert_eq!(step(market, 15, -3), 12, "$165 three left is $124");
    assert_eq!(
        redemption(market, last, 2).total,
        1460,
        "at the top, $730 each"
    );
    assert_eq!(
        voluntary_issue(market, 1, 1).each,
        0,
        "from $10 a share brings $0"
    );
}

#[test]
fn market_emergency_issue_refuses_a_bundle_raising_nothing() {
    let market = &components().market;
    let at = |price| space(market, price).expect("on the market");
    let terms = emergency_issue(market, at(30), 1).expect("$30, one share: $10");
    assert_eq!(
        (terms.each, terms.total, market[terms.space_after]),
        (10, 10, 20)
    );
    assert_eq!(
        emergency_issue(market, at(20), 1),
        None,
        "$20: one share brings $0"
    );
    assert_eq!(
        emergency_issue(market, at(30), 2),
        None,
        "$30: two shares bring $0"
    );
    assert_eq!(
        emergency_issue(market, at(40), 5),
        None,
        "past the left end"
    );
    assert_eq!(emergency_issue(market, at(90), 0), None, "no shares");
    let five = emergency_issue(market, at(90), 5).expect("$90, five shares");
    assert_eq!(
        (five.each, five.total, market[five.space_after]),
        (30, 150, 40)
    );
}
