//! A structure-aware mutator for the JSON targets: byte-level mutations of a 10 KB request
//! mostly break its syntax (or serde's types), so few executions reach the rules. Half the
//! time, when the input is JSON, this changes one value inside it (a number nudged or replaced,
//! a string swapped for another of the document, a flag flipped, a list member dropped or
//! doubled, a member dropped, a subtree copied over another) and writes it back. The other half,
//! and for non-JSON inputs, libFuzzer's own mutations run.

use serde_json::Value;

/// The `fuzz_mutator!` body: mutates `data[..size]` in place, returns the new size.
pub fn mutate(data: &mut [u8], size: usize, max_size: usize, seed: u32) -> usize {
    let mut rng = Rng(u64::from(seed) | 1 << 40);
    if rng.below(2) == 0
        && let Ok(mut value) = serde_json::from_slice::<Value>(&data[..size])
    {
        for _ in 0..=rng.below(3) {
            mutate_value(&mut value, &mut rng);
        }
        if let Ok(bytes) = serde_json::to_vec(&value)
            && bytes.len() <= max_size
        {
            data[..bytes.len()].copy_from_slice(&bytes);
            return bytes.len();
        }
    }
    libfuzzer_sys::fuzzer_mutate(data, size, max_size)
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn mutate_value(root: &mut Value, rng: &mut Rng) {
    let mut pointers = Vec::new();
    nodes(root, String::new(), &mut pointers);
    let mut strings = Vec::new();
    let mut numbers = Vec::new();
    leaves(root, &mut strings, &mut numbers);
    let pointer = pointers[rng.below(pointers.len())].clone();
    let donor = pointers[rng.below(pointers.len())].clone();
    let donor_value = root.pointer(&donor).cloned();
    let Some(node) = root.pointer_mut(&pointer) else {
        return;
    };
    match node {
        Value::Number(n) => {
            let n = n.as_i64().unwrap_or(0);
            *node = match rng.below(8) {
                0 => Value::from(n.saturating_add(1)),
                1 => Value::from(n.saturating_sub(1)),
                2 => Value::from(n.saturating_add(rng.below(21) as i64 - 10)),
                3 => Value::from(n.saturating_mul(2)),
                4 => Value::from(0),
                5 => Value::from(u64::MAX >> (rng.below(64))),
                6 => Value::from(-1),
                _ if !numbers.is_empty() => numbers[rng.below(numbers.len())].clone(),
                _ => Value::from(n.saturating_add(10)),
            };
        }
        Value::String(s) => {
            *node = match rng.below(4) {
                0 => Value::from(format!("{s}{}", rng.below(10))),
                1 => Value::from(s.chars().skip(1).collect::<String>()),
                _ => strings[rng.below(strings.len())].clone(),
            };
        }
        Value::Bool(b) => *node = Value::Bool(!*b),
        Value::Null => {
            if let Some(v) = donor_value {
                *node = v;
            }
        }
        Value::Array(items) => match rng.below(4) {
            0 if !items.is_empty() => {
                items.remove(rng.below(items.len()));
            }
            1 if !items.is_empty() => {
                let i = rng.below(items.len());
                items.insert(i, items[i].clone());
            }
            2 if items.len() > 1 => {
                let (i, j) = (rng.below(items.len()), rng.below(items.len()));
                items.swap(i, j);
            }
            _ => {
                if let Some(v) = donor_value {
                    *node = v;
                }
            }
        },
        Value::Object(map) => {
            if !map.is_empty() && rng.below(2) == 0 {
                let key = map.keys().nth(rng.below(map.len())).cloned();
                if let Some(key) = key {
                    map.remove(&key);
                }
            } else if let Some(v) = donor_value {
                *node = v;
            }
        }
    }
}

fn nodes(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                nodes(
                    v,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                nodes(v, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

fn leaves(value: &Value, strings: &mut Vec<Value>, numbers: &mut Vec<Value>) {
    match value {
        Value::Object(map) => map.values().for_each(|v| leaves(v, strings, numbers)),
        Value::Array(items) => items.iter().for_each(|v| leaves(v, strings, numbers)),
        Value::String(_) => strings.push(value.clone()),
        Value::Number(_) => numbers.push(value.clone()),
        _ => {}
    }
}
