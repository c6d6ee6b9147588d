//! One test target's tests share a process and run two at a time: a test that measures
//! wall-clock time takes [`timing`] so that it runs alone, every other test of the target takes
//! [`shared`]. Declared once at the root of each test target that has timing tests
//! (`crate::serial`).

use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

static TIMING: RwLock<()> = RwLock::new(());

/// Held by a test that measures wall-clock time: no other test of this target runs meanwhile.
pub fn timing() -> RwLockWriteGuard<'static, ()> {
    TIMING.write().unwrap_or_else(|e| e.into_inner())
}

/// Held by every other test: they may run together, but not beside a timing test.
pub fn shared() -> RwLockReadGuard<'static, ()> {
    TIMING.read().unwrap_or_else(|e| e.into_inner())
}
