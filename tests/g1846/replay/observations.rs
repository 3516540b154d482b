//! The engine's recorded observations (tests/data/1846-market-observations.csv), row by row.

use std::collections::BTreeMap;

pub const OBSERVATIONS: &str = include_str!("../../data/1846-market-observations.csv");

/// One row of tests/data/1846-market-observations.csv, by column name.
pub struct Row {
    fields: BTreeMap<String, String>,
}

impl Row {
    pub fn get(&self, column: &str) -> &str {
        self.fields.get(column).map_or("", String::as_str)
    }

    pub fn number(&self, column: &str) -> u32 {
        self.get(column).parse().unwrap_or(u32::MAX)
    }

    pub fn id(&self) -> u64 {
        self.get("action_index").parse().unwrap()
    }

    /// The number after `label` in the note, if there is one.
    pub fn note_number(&self, label: &str) -> Option<u32> {
        let (_, after) = self.get("note").split_once(label)?;
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().ok()
    }

    pub fn describe(&self) -> String {
        format!(
            "{} {} {} {}/{} {}->{}",
            self.get("fixture"),
            self.get("action_index"),
            self.get("corporation"),
            self.get("event"),
            self.get("kind"),
            self.get("price_before"),
            self.get("price_after")
        )
    }
}

/// The fields of a CSV line (a quoted field may hold commas).
pub fn split_line(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(String::new()),
            _ => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

/// The rows of the game `name` (its fixture file), in the file's order.
pub fn rows_of(name: &str) -> Vec<Row> {
    let mut lines = OBSERVATIONS.lines();
    let columns = split_line(lines.next().unwrap());
    lines
        .filter(|l| l.split(',').next() == Some(name))
        .map(|l| Row {
            fields: columns.iter().cloned().zip(split_line(l)).collect(),
        })
        .collect()
}
