//! Action sequences from setup (or from a prefix of an example game), for every registered game: the bytes
//! choose among the listed actions, values of listed ranges, mutated and earlier actions.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    railrules::testing::sequence(data);
});
