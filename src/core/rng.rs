use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type,
};
use utoipa::{PartialSchema, ToSchema};

/// A small seeded generator (SplitMix64). Its whole state is one `u64`, so a game keeps it
/// inside its state and every draw is reproducible from the state alone.
///
/// On the wire it is a decimal string (`"820729793003819948"`): a JavaScript client reads a
/// number above 2^53 - 1 rounded and would send back another game's state. A number is read
/// too (the saves and clients written before).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rng(pub u64);

impl Serialize for Rng {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Rng {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Digits;
        impl serde::de::Visitor<'_> for Digits {
            type Value = Rng;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a generator's state: the decimal digits of a 64-bit number")
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Rng, E> {
                Ok(Rng(n))
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Rng, E> {
                u64::try_from(n)
                    .map(Rng)
                    .map_err(|_| E::custom("a generator's state is not negative"))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Rng, E> {
                let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
                text.parse()
                    .ok()
                    .filter(|_| digits)
                    .map(Rng)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_any(Digits)
    }
}

impl PartialSchema for Rng {
    fn schema() -> RefOr<Schema> {
        let digits = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^[0-9]{1,20}$"))
            .max_length(Some(20));
        let number = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::UInt64)))
            .minimum(Some(0));
        OneOfBuilder::new()
            .item(digits)
            .item(number)
            .description(Some(
                "A small seeded generator's state (SplitMix64): the decimal digits of a 64-bit \
                 number. The service writes it as a string, so that JavaScript keeps it exact; \
                 it reads a number too (saves and clients written before).",
            ))
            .into()
    }
}

impl ToSchema for Rng {}

/// The largest seed a JavaScript client reads and sends back exactly (2^53 - 1: its numbers
/// are doubles).
pub const MAX_SAFE_SEED: u64 = (1 << 53) - 1;

/// A seed from the operating system's randomness, for a game set up without one. 53 bits: the
/// hidden piles it shuffles cannot be found from the public view by trying seeds, and a
/// browser UI keeps the seed it is answered exactly ([`MAX_SAFE_SEED`]).
pub fn os_seed() -> u64 {
    drawn_seed() & MAX_SAFE_SEED
}

fn drawn_seed() -> u64 {
    let mut bytes = [0u8; 8];
    // The OS's generator does not fail on the platforms served; were it to, the clock's
    // nanoseconds are a poorer but still unshared seed.
    if getrandom::fill(&mut bytes).is_err() {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        return Rng::new(nanos).next_u64();
    }
    u64::from_le_bytes(bytes)
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform draw in `0..n` (n > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generator_is_written_as_digits_and_read_from_digits_or_a_number() {
        let big = Rng(16_968_791_929_700_866_612);
        let text = serde_json::to_string(&big).unwrap();
        assert_eq!(text, "\"16968791929700866612\"");
        assert_eq!(serde_json::from_str::<Rng>(&text).unwrap(), big);
        assert_eq!(
            serde_json::from_str::<Rng>("16968791929700866612").unwrap(),
            big
        );
        for bad in [
            "\"\"",
            "\"+1\"",
            "\" 1\"",
            "\"18446744073709551616\"",
            "-1",
            "1.5",
            "null",
        ] {
            assert!(serde_json::from_str::<Rng>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn same_seed_same_draws_and_different_seeds_differ() {
        let draws = |seed| {
            let mut r = Rng::new(seed);
            (0..8).map(|_| r.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(draws(7), draws(7));
        assert_ne!(draws(7), draws(8));
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut v: Vec<u32> = (0..50).collect();
        Rng::new(3).shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
