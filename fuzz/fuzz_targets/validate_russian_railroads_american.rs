//! A `POST /v1/russian-railroads-american/validate` body, parsed as the service parses it; the
//! action and the first listed actions judged on the state when it is consistent. Mutations are
//! JSON-aware half the time (src/mutator.rs).
#![no_main]

use libfuzzer_sys::{fuzz_mutator, fuzz_target};
use railrules::games::russian_railroads_american::RussianRailroadsAmerican;

fuzz_target!(|data: &[u8]| {
    railrules::testing::validate_request::<RussianRailroadsAmerican>(data);
});

fuzz_mutator!(|data: &mut [u8], size: usize, max_size: usize, seed: u32| {
    railrules_fuzz::mutator::mutate(data, size, max_size, seed)
});
