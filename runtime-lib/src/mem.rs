//! Heap memory for compiled programs: zeroed blocks from the C library's `calloc`, freed
//! with its `free`, as gfortran's run time does, so that a block allocated by gpuf code can
//! be deallocated by gfortran code and the reverse (a pointer target allocated in one
//! object and deallocated in the other). glibc's blocks are 16-byte aligned on x86_64.
//! `allocate`/`deallocate` statements go through [`allocate`]/[`deallocate`], which report
//! gfortran's errors.

/// A zeroed block of `bytes` bytes (at least one, as gfortran allocates for size zero), or
/// null when the C library has none.
fn raw_alloc(bytes: usize) -> *mut u8 {
    // SAFETY: calloc with a non-zero size; a null result is handled by the callers.
    unsafe { libc::calloc(1, bytes.max(1)) as *mut u8 }
}

pub fn alloc(bytes: i64) -> *mut u8 {
    let bytes = bytes.max(0) as usize;
    if bytes > isize::MAX as usize {
        crate::fatal::fortran_error(&format!("Allocation would exceed memory limit ({bytes} bytes requested)"));
    }
    let p = raw_alloc(bytes);
    if p.is_null() {
        // gfortran's text and exit code (1) for a failed allocation
        crate::fatal::die(1, &format!("Error allocating {bytes} bytes: Cannot allocate memory"));
    }
    p
}

/// # Safety
/// `p` is null or a block from [`alloc`] (or the C library's `malloc`), not freed before.
pub unsafe fn free(p: *mut u8) {
    if !p.is_null() {
        libc::free(p as *mut libc::c_void);
    }
}

fn name_str(name: *const u8, len: i64) -> String {
    if name.is_null() || len <= 0 {
        return String::new();
    }
    // SAFETY: the compiler passes a valid (pointer, length) pair.
    let s = unsafe { std::slice::from_raw_parts(name, len as usize) };
    String::from_utf8_lossy(s).into_owned()
}

/// `allocate(a)`: error if `*slot` is already allocated, else store a new
/// zeroed block.
///
/// # Safety
/// `slot` must point to a valid pointer-sized location.
pub unsafe fn allocate(slot: *mut *mut u8, bytes: i64, name: *const u8, name_len: i64) {
    if !(*slot).is_null() {
        if caught(STAT_ALLOCATED, "Attempt to allocate an allocated object") {
            return;
        }
        crate::fatal::fortran_error(&format!("Attempting to allocate already allocated variable '{}'", name_str(name, name_len)));
    }
    if catching() {
        // a failed allocation is recorded, the variable stays unallocated
        let b = bytes.max(0) as usize;
        let p = if b > isize::MAX as usize { std::ptr::null_mut() } else { raw_alloc(b) };
        if p.is_null() {
            caught(STAT_ALLOCATED, "Attempt to allocate an allocated object");
            *slot = std::ptr::null_mut();
            return;
        }
        *slot = p;
        return;
    }
    *slot = alloc(bytes);
}

/// gfortran's `stat=` for an allocation error (`LIBERROR_ALLOCATION`); its `errmsg=` is
/// "Attempt to allocate an allocated object" for every allocation failure.
const STAT_ALLOCATED: i32 = 5014;

/// `stat=` of `allocate`/`deallocate`: (catching, status, message).
static CATCH: std::sync::Mutex<(bool, i32, String)> = std::sync::Mutex::new((false, 0, String::new()));

fn catch_state() -> std::sync::MutexGuard<'static, (bool, i32, String)> {
    CATCH.lock().unwrap_or_else(|e| e.into_inner())
}

fn catching() -> bool {
    catch_state().0
}

/// Records an error of a statement with `stat=`; false if there is none.
fn caught(code: i32, msg: &str) -> bool {
    let mut c = catch_state();
    if !c.0 {
        return false;
    }
    if c.1 == 0 {
        c.1 = code;
        c.2 = msg.to_string();
    }
    true
}

/// Starts an `allocate`/`deallocate` with `stat=`.
pub fn stat_catch() {
    *catch_state() = (true, 0, String::new());
}

/// Ends it: the `stat=` value (0 on success).
pub fn stat_status() -> i32 {
    let mut c = catch_state();
    c.0 = false;
    c.1
}

/// The `errmsg=` text (empty on success).
pub fn stat_message() -> String {
    catch_state().2.clone()
}

/// `allocate` with `stat=` of a variable: true if it is not allocated yet; otherwise the
/// error is recorded (or fatal without `stat=`).
pub fn check_unallocated(cur: *mut u8, name: *const u8, name_len: i64) -> bool {
    if cur.is_null() {
        return true;
    }
    if !caught(STAT_ALLOCATED, "Attempt to allocate an allocated object") {
        crate::fatal::fortran_error(&format!("Attempting to allocate already allocated variable '{}'", name_str(name, name_len)));
    }
    false
}

/// `deallocate(a)`: error if `*slot` is null, else free and store null.
///
/// # Safety
/// `slot` must point to a valid pointer-sized location holding null or a
/// block from [`alloc`].
pub unsafe fn deallocate(slot: *mut *mut u8, name: *const u8, name_len: i64) {
    if (*slot).is_null() {
        if caught(1, "Attempt to deallocate an unallocated object") {
            return;
        }
        crate::fatal::fortran_error(&format!("Attempt to DEALLOCATE unallocated '{}'", name_str(name, name_len)));
    }
    free(*slot);
    *slot = std::ptr::null_mut();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alloc_is_zeroed_aligned_and_nonnull() {
        for n in [0i64, 1, 15, 16, 17, 1000] {
            let p = alloc(n);
            assert!(!p.is_null());
            assert_eq!(p as usize % 16, 0);
            for i in 0..n as usize {
                assert_eq!(unsafe { *p.add(i) }, 0);
            }
            unsafe { free(p) };
        }
    }

    #[test]
    fn allocate_deallocate_roundtrip() {
        let mut slot: *mut u8 = std::ptr::null_mut();
        unsafe {
            allocate(&mut slot, 40, b"a".as_ptr(), 1);
            assert!(!slot.is_null());
            *slot.add(39) = 7;
            deallocate(&mut slot, b"a".as_ptr(), 1);
        }
        assert!(slot.is_null());
    }
}
