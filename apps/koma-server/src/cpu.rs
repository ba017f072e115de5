//! Work that may take more than a millisecond (a pairing, a tournament's view or export),
//! kept from stalling the async threads that answer every other request.

/// Runs `f` where it may take its time: on the server's multi-threaded runtime its worker
/// first hands its other tasks to another thread (`block_in_place`), so that requests
/// queued behind it are served meanwhile; on a single-threaded runtime (a test's) in place.
pub fn run<T>(f: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current() {
        Ok(handle) if handle.runtime_flavor() == RuntimeFlavor::MultiThread => {
            tokio::task::block_in_place(f)
        }
        _ => f(),
    }
}
