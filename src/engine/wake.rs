//! A condition that a waiting thread sleeps on until another thread changes it: the search
//! thread's answer after `go infinite` or `go ponder` waits for `stop` or `ponderhit` without
//! polling.

use std::sync::{Condvar, Mutex};

/// A lock and a condition variable: [`Wake::change`] makes a change under the lock and wakes
/// every waiter, which then tests its condition again ([`Wake::wait_while`]).
#[derive(Debug, Default)]
pub struct Wake {
    lock: Mutex<()>,
    changed: Condvar,
}

impl Wake {
    /// Makes `change` under the lock, then wakes every waiter. A waiter testing its condition
    /// holds the same lock, so a change never falls between its test and its sleep.
    pub fn change(&self, change: impl FnOnce()) {
        let _held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        change();
        self.changed.notify_all();
    }

    /// Sleeps while `condition` holds, tested now and after each [`Wake::change`].
    pub fn wait_while(&self, mut condition: impl FnMut() -> bool) {
        let mut held = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        while condition() {
            held = self.changed.wait(held).unwrap_or_else(|e| e.into_inner());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// A waiter wakes when another thread's change makes its condition false, however the
    /// two threads interleave.
    #[test]
    fn a_waiter_wakes_on_the_change() {
        for _ in 0..200 {
            let wake = Arc::new(Wake::default());
            let flag = Arc::new(AtomicBool::new(true));
            let (w, f) = (wake.clone(), flag.clone());
            let waiter = std::thread::spawn(move || w.wait_while(|| f.load(Ordering::Relaxed)));
            wake.change(|| flag.store(false, Ordering::Relaxed));
            waiter.join().unwrap();
        }
    }
}
