//! The helper threads of a search on more than one thread (lazy SMP), kept across searches so
//! that a `go` does not wait for new threads to start: the engine builds a [`HelperPool`] when
//! `Threads` changes and hands it to every search.

use std::sync::Arc;

/// Stack of each helper thread: the same as the engine's search thread, since a helper
/// searches as deep as the main one.
pub const HELPER_STACK: usize = 64 * 1024 * 1024;

/// Threads that run a search's helpers; the main thread of the search is the caller's.
#[derive(Clone, Debug)]
pub struct HelperPool {
    pool: Arc<rayon::ThreadPool>,
}

impl HelperPool {
    /// A pool of `helpers` threads (at least one), or the reason the system refused them.
    pub fn new(helpers: usize) -> Result<HelperPool, String> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(helpers.max(1))
            .stack_size(HELPER_STACK)
            .thread_name(|i| format!("search-helper-{}", i + 1))
            .build()
            .map(|pool| HelperPool {
                pool: Arc::new(pool),
            })
            .map_err(|e| format!("cannot start {helpers} search helper threads: {e}"))
    }

    /// How many helpers the pool runs at once.
    pub fn helpers(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// Runs `main` on the calling thread while the jobs it spawns on the scope run on the
    /// pool's threads; returns when all of them have.
    pub(crate) fn scope<'s, R>(&self, main: impl FnOnce(&rayon::Scope<'s>) -> R) -> R {
        self.pool.in_place_scope(main)
    }
}
