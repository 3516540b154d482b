//! 1846 against 18xx.games' production engine (issue 37): games the engine played with a random
//! policy, replayed here with the engine's figures after every action (a trace) compared along
//! the way. The files are tests/data/18xx-games/1846-oracle (their README names the engine's
//! commit and the seeds).

use std::io::Read;

use railrules::import::check_export_traced;
use railrules::import::title::ExportVerdict;

const DIR: &str = "tests/data/18xx-games/1846-oracle";

fn gunzip(path: &str) -> Vec<u8> {
    let file = std::fs::File::open(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(file)
        .read_to_end(&mut bytes)
        .unwrap();
    bytes
}

/// The generated game `name` and its trace, both cut to the first `upto` actions of the log.
fn cut(name: &str, upto: Option<usize>) -> (Vec<u8>, Vec<u8>) {
    let mut export: serde_json::Value =
        serde_json::from_slice(&gunzip(&format!("{DIR}/{name}.json.gz"))).unwrap();
    let mut trace: Vec<serde_json::Value> =
        serde_json::from_slice(&gunzip(&format!("{DIR}/{name}.trace.json.gz"))).unwrap();
    if let Some(upto) = upto {
        export["actions"].as_array_mut().unwrap().truncate(upto);
        export["status"] = "active".into();
        export["result"] = serde_json::json!({});
        trace.truncate(upto);
    }
    (
        serde_json::to_vec(&export).unwrap(),
        serde_json::to_vec(&trace).unwrap(),
    )
}

fn verdict(name: &str, upto: Option<usize>) -> ExportVerdict {
    let (export, trace) = cut(name, upto);
    check_export_traced(&export, Some(&trace))
}

fn assert_agrees(name: &str, upto: Option<usize>) {
    match verdict(name, upto) {
        ExportVerdict::Valid {
            figures_compared: Some(n),
            ..
        } => assert!(n > 0, "{name}: no figure compared"),
        other => panic!("{name} (first {upto:?} actions): {other:?}"),
    }
}

/// Every game of the sample replays to the engine's result, with every player's and company's
/// cash, every price and the bank equal to the engine's after every action.
#[test]
fn every_sampled_engine_game_replays_with_the_engines_figures() {
    let dir = format!("{}/{DIR}", env!("CARGO_MANIFEST_DIR"));
    let mut games: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|f| f.strip_suffix(".trace.json.gz").map(str::to_string))
        .filter(|name| !NOT_YET.contains(&name.as_str()))
        .collect();
    games.sort();
    assert!(games.len() >= 5, "the sample holds {} games", games.len());
    for name in games {
        assert_agrees(&name, None);
    }
}

/// The sample's games that railrules does not yet replay to their end (each kept for the named
/// tests of the rules it already plays as the engine does).
const NOT_YET: &[&str] = &["g03_s1000003_p5", "g51_s1000151_p5"];

/// #privates: a private's own tile lay is the owning corporation's at any time in its turn,
/// after its routes too (18xx.games `when: owning_corp_or_turn`). g04, OR 1.2: the B&O, owning
/// the Ohio & Indiana, buys a train and then lays the O&I's 7 in F14; g02, OR 1.2: the GT lays
/// the Michigan Central's 7 in B12 in its last step, after passing its train step.
#[test]
fn a_private_lays_its_track_after_the_routes() {
    assert_agrees("g04_s1000004_p3_first_ed", Some(40));
    assert_agrees("g02_s1000002_p4", Some(100));
}

/// #privates (a reading): the Lake Shore Line's upgrade of Cleveland or Toledo needs no
/// connection, as 18xx.games plays it (the card is silent). g03, action 99: the GT upgrades
/// Cleveland (E17) for the LSL with no track of its own reaching it.
#[test]
fn the_lake_shore_line_upgrades_unconnected() {
    assert_agrees("g03_s1000003_p5", Some(120));
}

/// #stations: a station gained from the C&WI or a bought minor is an extra token, not one of the
/// charter's: the next station costs the charter's next price. g02, action 335: the PRR, with a
/// minor's station gained, places its next station for $80, not $0.
#[test]
fn a_station_after_a_gained_one_costs_its_charter_price() {
    assert_agrees("g02_s1000002_p4", Some(340));
}

/// A trace that differs names the first action after which a figure differs, and the figure:
/// g02's trace with player 1's cash after action 200 raised by $1.
#[test]
fn a_divergence_names_the_first_action_and_the_figure() {
    let (export, trace) = cut("g02_s1000002_p4", None);
    let mut trace: Vec<serde_json::Value> = serde_json::from_slice(&trace).unwrap();
    let cash = trace[200]["players"]["1"].as_i64().unwrap();
    trace[200]["players"]["1"] = (cash + 1).into();
    let trace = serde_json::to_vec(&trace).unwrap();
    match check_export_traced(&export, Some(&trace)) {
        ExportVerdict::FiguresDiffer {
            pointer,
            differences,
        } => {
            assert_eq!(pointer, "/actions/200");
            assert_eq!(differences.len(), 1, "{differences:?}");
            assert_eq!(differences[0].figure, "cash of player 1");
            assert_eq!(differences[0].recorded, Some(cash + 1));
            assert_eq!(differences[0].replayed, Some(cash));
        }
        other => panic!("{other:?}"),
    }
}

/// A trace whose rows do not count the log's actions is refused, not compared.
#[test]
fn a_trace_that_skips_an_action_is_refused() {
    let (export, trace) = cut("g02_s1000002_p4", Some(50));
    let mut trace: Vec<serde_json::Value> = serde_json::from_slice(&trace).unwrap();
    trace.remove(10);
    let trace = serde_json::to_vec(&trace).unwrap();
    assert!(matches!(
        check_export_traced(&export, Some(&trace)),
        ExportVerdict::Malformed { .. }
    ));
}

/// #bankruptcy: declaring bankruptcy first makes the company's largest emergency issue still
/// allowed ("the company issues all it can", 7.12, as 18xx.games plays it), and the president
/// is judged bankrupt on what is left. g51, action 43: the C&O ($40, at $30) issues a share at
/// $20 (its price to $20) as its president declares; the treasury ends at $255.
#[test]
fn declaring_bankruptcy_first_issues_what_the_company_may() {
    assert_agrees("g51_s1000151_p5", Some(60));
}
