//! Freed device blocks kept for reuse (the sim device's memory, which is host memory).
//!
//! A data region inside a time-step loop maps the same arrays at every step: each map
//! allocated a block from the C library and each exit freed it, so every step paid for
//! the allocator (for blocks past glibc's mmap threshold, fresh pages and their faults)
//! and for zeroing memory that the copy-in overwrites at once. Freed blocks are kept by
//! size (up to [`LIMIT`] bytes in all) and handed out again for the same size; a block
//! the caller fills completely at once ([`BlockPool::take_uninit`]) is not zeroed.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// Bytes of freed blocks kept at most (more are returned to the C library).
const LIMIT: usize = 256 << 20;

struct Free {
    by_size: BTreeMap<usize, Vec<usize>>,
    /// Bytes in `by_size`.
    bytes: usize,
    /// The size of each block handed out and not given back.
    live: Option<HashMap<usize, usize>>,
}

pub struct BlockPool {
    free: Mutex<Free>,
}

impl Default for BlockPool {
    fn default() -> BlockPool {
        BlockPool::new()
    }
}

impl BlockPool {
    pub const fn new() -> BlockPool {
        BlockPool { free: Mutex::new(Free { by_size: BTreeMap::new(), bytes: 0, live: None }) }
    }

    /// A kept block of `bytes` bytes, or a new one (zeroed) from the C library; `true` when
    /// the block was kept (and holds old data).
    fn get(&self, bytes: usize) -> (usize, bool) {
        let mut f = self.free.lock().unwrap_or_else(|e| e.into_inner());
        let kept = match f.by_size.get_mut(&bytes) {
            Some(list) => {
                let p = list.pop();
                if list.is_empty() {
                    f.by_size.remove(&bytes);
                }
                p
            }
            None => None,
        };
        let (p, old) = match kept {
            Some(p) => {
                f.bytes -= bytes;
                (p, true)
            }
            None => (crate::mem::alloc(bytes as i64) as usize, false),
        };
        f.live.get_or_insert_with(HashMap::new).insert(p, bytes);
        (p, old)
    }

    /// A zeroed block of `bytes` (at least 1) bytes, as [`crate::mem::alloc`] gives.
    pub fn take(&self, bytes: usize) -> u64 {
        let bytes = bytes.max(1);
        let (p, old) = self.get(bytes);
        if old {
            // SAFETY: a block of `bytes` bytes from `crate::mem::alloc`, not in use.
            unsafe { std::ptr::write_bytes(p as *mut u8, 0, bytes) };
        }
        p as u64
    }

    /// A block of `bytes` (at least 1) bytes whose contents the caller overwrites at once.
    pub fn take_uninit(&self, bytes: usize) -> u64 {
        self.get(bytes.max(1)).0 as u64
    }

    /// Gives back a block from [`BlockPool::take`] or [`BlockPool::take_uninit`] (any other
    /// block of the C library is freed).
    pub fn give(&self, p: u64) {
        if p == 0 {
            return;
        }
        let mut f = self.free.lock().unwrap_or_else(|e| e.into_inner());
        let bytes = f.live.as_mut().and_then(|l| l.remove(&(p as usize)));
        let Some(bytes) = bytes.filter(|b| f.bytes + b <= LIMIT) else {
            drop(f);
            // SAFETY: `p` came from `crate::mem::alloc` and is no longer used.
            unsafe { crate::mem::free(p as *mut u8) };
            return;
        };
        f.bytes += bytes;
        f.by_size.entry(bytes).or_default().push(p as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_reused_by_size_and_zeroed_unless_asked_not_to() {
        let pool = BlockPool::new();
        let a = pool.take(64);
        // SAFETY: a block of 64 bytes.
        unsafe { std::ptr::write_bytes(a as *mut u8, 7, 64) };
        pool.give(a);
        let b = pool.take(64);
        assert_eq!(a, b);
        // SAFETY: as above.
        assert!(unsafe { std::slice::from_raw_parts(b as *const u8, 64) }.iter().all(|&x| x == 0));
        unsafe { std::ptr::write_bytes(b as *mut u8, 7, 64) };
        pool.give(b);
        let c = pool.take(32);
        assert_ne!(c, b);
        let d = pool.take_uninit(64);
        assert_eq!(d, b);
        pool.give(c);
        pool.give(d);
    }
}
