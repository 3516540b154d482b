//! The heap: mimalloc rather than the system's (glibc's malloc), tuned to give memory back.
//!
//! A check of a real 1846 game allocates some 100,000 small blocks (routes, links, names);
//! mimalloc serves them in a fifth fewer instructions over the whole check (callgrind, 3099:
//! 23.5 M to 18.3 M). Set here, in the library, so that the service, the CLI, the tests and
//! the benchmarks all run on the same heap; the fuzz targets keep the system's, which the
//! sanitizers watch (lib.rs leaves this module out under `cfg(fuzzing)`).
//!
//! As mimalloc comes, it keeps what is freed for a second before it gives it back, in
//! transparent huge pages: under scripts/hostile-load.sh the service's peak memory went past
//! the Deployment's 256 MiB. Without huge pages (the crate's `no_thp`) and with what is freed
//! given back after 10 ms (mimalloc 2's own default), the same load peaks at about 145 MiB,
//! under the script's 200 MiB bound, for 2% of a check's speed (3099: 338 K to 330 K actions/s).

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicBool, Ordering};

/// What is freed is given back to the system after this many milliseconds.
const PURGE_DELAY_MS: std::ffi::c_long = 10;

/// `mi_option_purge_delay` of mimalloc.h, which libmimalloc-sys does not name. mimalloc's
/// options keep their numbers across versions (retired ones stay in the list as
/// `deprecated_` placeholders), so this is 15 in mimalloc 2 and 3 alike.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

#[global_allocator]
static HEAP: Heap = Heap;

/// mimalloc, its options set before it serves the first block.
struct Heap;

static TUNED: AtomicBool = AtomicBool::new(false);

/// Sets the options once, before the first allocation: mimalloc reads an option when it first
/// needs it, so setting it first is setting it for the whole run. Setting it twice (two
/// threads' first allocations at once) is harmless: the same value.
#[inline]
fn tune() {
    if !TUNED.load(Ordering::Relaxed) {
        // SAFETY: mi_option_set only stores the value; it allocates nothing.
        unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS) };
        TUNED.store(true, Ordering::Relaxed);
    }
}

// SAFETY: every call is mimalloc's own, whose GlobalAlloc it is; `tune` changes no block.
unsafe impl GlobalAlloc for Heap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        tune();
        // SAFETY: the caller's contract is GlobalAlloc's, passed on unchanged.
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        tune();
        // SAFETY: as for `alloc`.
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated here, by mimalloc.
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` was allocated here, by mimalloc.
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heap_gives_back_what_is_freed_after_its_purge_delay() {
        let block = String::from("a block from the heap");
        // SAFETY: mi_option_get only reads.
        let delay = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        assert_eq!(delay, PURGE_DELAY_MS, "{}", block.len());
    }
}
