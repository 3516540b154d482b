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

/// The alignment every block mimalloc hands out has: its blocks are whole machine words, laid
/// from an aligned start. The crate's `MiMalloc` asks mimalloc for an aligned block every time,
/// and an aligned request of a size without a block ready, or over 1 KiB, takes mimalloc's
/// slow path; a check of a real 1846 game made some 4,000 such requests (callgrind, 3099: 2%
/// of the check). Nearly every block the service asks for needs no more than a word's
/// alignment, so those are plain requests; the few that need more stay aligned ones.
const WORD: usize = std::mem::size_of::<usize>();

// SAFETY: every call is mimalloc's own, whose GlobalAlloc it is; `tune` changes no block. A
// plain block (`mi_malloc`, `mi_zalloc`, `mi_realloc`) is word-aligned, which is all the
// layouts sent there ask; `mi_free` frees plain and aligned blocks alike.
unsafe impl GlobalAlloc for Heap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        tune();
        if layout.align() <= WORD {
            // SAFETY: a plain block of the layout's (nonzero, by GlobalAlloc's contract) size.
            return unsafe { libmimalloc_sys::mi_malloc(layout.size()).cast() };
        }
        // SAFETY: the caller's contract is GlobalAlloc's, passed on unchanged.
        unsafe { mimalloc::MiMalloc.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        tune();
        if layout.align() <= WORD {
            // SAFETY: as for `alloc`.
            return unsafe { libmimalloc_sys::mi_zalloc(layout.size()).cast() };
        }
        // SAFETY: as for `alloc`.
        unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated here, by mimalloc.
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            // SAFETY: `ptr` is a plain block of this heap (its layout's alignment sent it
            // there); the new block is plain too.
            return unsafe { libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast() };
        }
        // SAFETY: `ptr` was allocated here, by mimalloc.
        unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every block has its layout's alignment, whichever way it was asked for: plain (up to a
    /// word) or aligned (more), new, zeroed or grown.
    #[test]
    fn every_block_has_its_layouts_alignment() {
        for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1, 3, 8, 24, 40, 100, 1000, 1500, 5000, 70_000] {
                let layout = Layout::from_size_align(size, align).expect("a layout");
                // SAFETY: a nonzero size; each block is freed with its layout.
                unsafe {
                    let block = HEAP.alloc(layout);
                    assert!(!block.is_null());
                    assert_eq!(block as usize % align, 0, "{size} bytes at {align}");
                    block.write_bytes(7, size);
                    let zeroed = HEAP.alloc_zeroed(layout);
                    assert_eq!(zeroed as usize % align, 0, "{size} zeroed bytes at {align}");
                    assert!((0..size).all(|i| *zeroed.add(i) == 0));
                    let grown = HEAP.realloc(block, layout, size * 3);
                    assert_eq!(grown as usize % align, 0, "{size} grown at {align}");
                    assert!(
                        (0..size).all(|i| *grown.add(i) == 7),
                        "what it held is kept"
                    );
                    HEAP.dealloc(
                        grown,
                        Layout::from_size_align(size * 3, align).expect("a layout"),
                    );
                    HEAP.dealloc(zeroed, layout);
                }
            }
        }
    }

    #[test]
    fn the_heap_gives_back_what_is_freed_after_its_purge_delay() {
        let block = String::from("a block from the heap");
        // SAFETY: mi_option_get only reads.
        let delay = unsafe { libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) };
        assert_eq!(delay, PURGE_DELAY_MS, "{}", block.len());
    }
}
