//! A cache prefetch hint: the one place the solver uses `unsafe`.
//!
//! Expanding a node looks up every child in the table, each lookup a likely cache miss.
//! Asking for all the children's clusters first lets the misses overlap with move
//! generation instead of stalling one after another. A plain load cannot do this: it holds
//! up retirement until the data arrives, where a prefetch instruction retires at once.

/// Asks the processor to start loading the cache line that holds `value`.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `_mm_prefetch` is a hint: it never faults and neither reads nor writes memory
    // the program can observe. It is `unsafe` only because it is a target-feature intrinsic
    // taking a raw pointer; SSE, which it needs, is part of every x86_64 processor.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
