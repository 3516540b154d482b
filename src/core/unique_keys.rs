//! Maps read from a request refuse a key given twice. serde_json keeps the last of repeated
//! keys, so `{"P2": 60, "P2": 20}` would silently read as `{"P2": 20}`; structs already refuse a
//! repeated field (serde's derive), maps use [`map`] as their `deserialize_with`.

use serde::de::{Deserialize, Deserializer, Error, MapAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt::{self, Debug};
use std::marker::PhantomData;

/// Reads a map, refusing a key that appears twice (the error names it; the API adds the
/// pointer of the map).
pub fn map<'de, D, K, V>(deserializer: D) -> Result<BTreeMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord + Debug,
    V: Deserialize<'de>,
{
    map_at_most::<D, K, V, { usize::MAX }>(deserializer)
}

/// As [`map`], and refusing more than `N` keys (what the rules allow: a map's hexes...).
pub fn map_at_most<'de, D, K, V, const N: usize>(
    deserializer: D,
) -> Result<BTreeMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord + Debug,
    V: Deserialize<'de>,
{
    struct Unique<K, V, const N: usize>(PhantomData<(K, V)>);

    impl<'de, K, V, const N: usize> Visitor<'de> for Unique<K, V, N>
    where
        K: Deserialize<'de> + Ord + Debug,
        V: Deserialize<'de>,
    {
        type Value = BTreeMap<K, V>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a map with every key once")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some((key, value)) = access.next_entry::<K, V>()? {
                if out.contains_key(&key) {
                    return Err(A::Error::custom(format!(
                        "duplicate key {key:?}: a key may appear once"
                    )));
                }
                if out.len() == N {
                    return Err(A::Error::custom(format!(
                        "more than {N} keys: the rules allow at most {N} here"
                    )));
                }
                out.insert(key, value);
            }
            Ok(out)
        }
    }

    deserializer.deserialize_map(Unique::<K, V, N>(PhantomData))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    #[derive(serde::Deserialize, Debug)]
    struct Holdings {
        #[serde(deserialize_with = "super::map")]
        holdings: BTreeMap<String, u8>,
    }

    #[test]
    fn a_repeated_key_is_refused_and_named() {
        let error = serde_json::from_str::<Holdings>(r#"{"holdings": {"P2": 60, "P2": 20}}"#)
            .unwrap_err()
            .to_string();
        assert!(error.contains("duplicate key \"P2\""), "{error}");
        let ok: Holdings = serde_json::from_str(r#"{"holdings": {"P2": 60, "P3": 20}}"#).unwrap();
        assert_eq!(ok.holdings.len(), 2);
    }
}
