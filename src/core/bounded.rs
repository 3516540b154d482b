//! Lists read from a request hold at most what the rules allow. A state naming 700,000 railroad
//! cards would otherwise be read whole and judged: `vec::<_, _, N>` as a field's
//! `deserialize_with` stops reading at the first item past N and refuses the body there (the
//! API names the list's pointer), and `#[schema(max_items = N)]` publishes the same bound.

use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// Reads a list of at most `N` items.
pub fn vec<'de, D, T, const N: usize>(deserializer: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct AtMost<T, const N: usize>(PhantomData<T>);

    impl<'de, T: Deserialize<'de>, const N: usize> Visitor<'de> for AtMost<T, N> {
        type Value = Vec<T>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a list of at most {N} items")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(N));
            while let Some(item) = seq.next_element()? {
                if out.len() == N {
                    return Err(A::Error::custom(format!(
                        "more than {N} items: the rules allow at most {N} here"
                    )));
                }
                out.push(item);
            }
            Ok(out)
        }
    }

    deserializer.deserialize_seq(AtMost::<T, N>(PhantomData))
}

#[cfg(test)]
mod tests {
    #[derive(serde::Deserialize, Debug)]
    struct Seats {
        #[serde(deserialize_with = "super::vec::<_, _, 3>")]
        seats: Vec<u8>,
    }

    #[test]
    fn a_list_longer_than_the_rules_allow_is_refused() {
        let ok: Seats = serde_json::from_str(r#"{"seats": [1, 2, 3]}"#).unwrap();
        assert_eq!(ok.seats, [1, 2, 3]);
        let error = serde_json::from_str::<Seats>(r#"{"seats": [1, 2, 3, 4]}"#)
            .unwrap_err()
            .to_string();
        assert!(error.contains("more than 3 items"), "{error}");
    }
}
