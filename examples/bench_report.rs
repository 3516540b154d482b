//! Reads the last `cargo bench` results (target/criterion/) and prints each game's figures as a
//! Markdown table, each as a ratio to the JSON limit of the same group: `json/round_trip`,
//! serde_json parsing the mid-game `validate` request and writing its answer.
//!
//! ```sh
//! cargo bench && cargo run --release --example bench_report
//! ```

use serde_json::Value;
use std::path::{Path, PathBuf};

/// One benchmark's mean time and what one iteration processes.
struct Figure {
    id: String,
    mean_ns: f64,
    elements: Option<u64>,
}

fn main() {
    let root = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("target/criterion"));
    let mut groups: Vec<PathBuf> = match std::fs::read_dir(&root) {
        Ok(entries) => entries.filter_map(|e| Some(e.ok()?.path())).collect(),
        Err(e) => {
            eprintln!(
                "no benchmark results in {} ({e}); run `cargo bench` first",
                root.display()
            );
            std::process::exit(1);
        }
    };
    groups.sort();
    for group in groups
        .iter()
        .filter(|g| g.is_dir() && g.file_name() != Some("report".as_ref()))
    {
        let figures = figures(group);
        if figures.is_empty() {
            continue;
        }
        print_group(&group.file_name().unwrap().to_string_lossy(), &figures);
    }
}

fn figures(group: &Path) -> Vec<Figure> {
    let mut out: Vec<Figure> = std::fs::read_dir(group)
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let dir = entry.ok()?.path().join("new");
            let benchmark = read_json(&dir.join("benchmark.json"))?;
            let estimates = read_json(&dir.join("estimates.json"))?;
            Some(Figure {
                id: benchmark["function_id"].as_str()?.to_string(),
                mean_ns: estimates["mean"]["point_estimate"].as_f64()?,
                elements: benchmark["throughput"]["Elements"].as_u64(),
            })
        })
        .collect();
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_slice(&std::fs::read(path).ok()?).ok()
}

fn print_group(name: &str, figures: &[Figure]) {
    let limit = figures.iter().find(|f| f.id == "json/round_trip");
    println!("\n### {name}\n");
    println!("| benchmark | mean | per action | actions/s | ratio to json/round_trip |");
    println!("|---|---:|---:|---:|---:|");
    for f in figures {
        let (per, rate) = match f.elements {
            Some(n) if n > 1 => {
                let per = f.mean_ns / n as f64;
                (time(per), format!("{:.0}", 1e9 / per))
            }
            Some(_) => (time(f.mean_ns), format!("{:.0}", 1e9 / f.mean_ns)),
            None => (String::new(), String::new()),
        };
        let ratio = limit.map_or(String::new(), |l| format!("{:.3}", f.mean_ns / l.mean_ns));
        println!(
            "| {} | {} | {per} | {rate} | {ratio} |",
            f.id,
            time(f.mean_ns)
        );
    }
}

fn time(ns: f64) -> String {
    match ns {
        ns if ns >= 1e6 => format!("{:.2} ms", ns / 1e6),
        ns if ns >= 1e3 => format!("{:.2} µs", ns / 1e3),
        ns => format!("{ns:.1} ns"),
    }
}
