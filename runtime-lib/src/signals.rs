//! Run-time faults (SIGFPE, SIGSEGV, SIGBUS, SIGILL) print gfortran's `Program received
//! signal ...` lines, and inside a compute region also the kernel's name and the device,
//! then the process dies of the same signal (so its exit status is the signal's, as with
//! gfortran). The handler only reads statics and calls `write(2)`: it is
//! async-signal-safe.

use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

use libc::{SIGBUS, SIGFPE, SIGILL, SIGSEGV, SIG_DFL};

/// The NUL-terminated name of the kernel running now (null outside compute regions) and the
/// device it runs on.
static KERNEL: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
static DEVICE: AtomicPtr<u8> = AtomicPtr::new(std::ptr::null_mut());
/// How many launches are running (a kernel on the sim device runs on several threads).
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// Marks the start of a kernel launch: `name` is the kernel's NUL-terminated name (static,
/// emitted by codegen), `device` the device's short name.
pub fn enter_kernel(name: *const u8, device: &'static str) {
    let device: &'static [u8] = match device {
        "host" => b"host\0",
        "sim" => b"sim\0",
        "nvidia" => b"nvidia\0",
        "radeon" => b"radeon\0",
        _ => b"?\0",
    };
    RUNNING.fetch_add(1, Ordering::SeqCst);
    KERNEL.store(name as *mut u8, Ordering::SeqCst);
    DEVICE.store(device.as_ptr() as *mut u8, Ordering::SeqCst);
}

/// Marks the end of a kernel launch.
pub fn leave_kernel() {
    if RUNNING.fetch_sub(1, Ordering::SeqCst) == 1 {
        KERNEL.store(std::ptr::null_mut(), Ordering::SeqCst);
    }
}

fn put(s: &[u8]) {
    // SAFETY: write(2) on stderr with a valid buffer.
    unsafe {
        libc::write(2, s.as_ptr().cast(), s.len());
    }
}

/// The kernel running now and its device (for run-time error messages), if any.
pub fn running_kernel() -> Option<(String, String)> {
    let text = |p: *mut u8| {
        // SAFETY: the pointers stored above point to NUL-terminated static strings.
        unsafe { std::ffi::CStr::from_ptr(p as *const std::ffi::c_char) }.to_string_lossy().into_owned()
    };
    let k = KERNEL.load(Ordering::SeqCst);
    let d = DEVICE.load(Ordering::SeqCst);
    (!k.is_null() && !d.is_null()).then(|| (text(k), text(d)))
}

/// Writes a NUL-terminated string.
fn put_c(p: *const u8) {
    if p.is_null() {
        return;
    }
    let mut n = 0;
    // SAFETY: the pointers stored above point to NUL-terminated static strings.
    unsafe {
        while *p.add(n) != 0 && n < 4096 {
            n += 1;
        }
        libc::write(2, p.cast(), n);
    }
}

extern "C" fn on_fault(sig: i32) {
    let what: &[u8] = match sig {
        SIGFPE => b"SIGFPE: Floating-point exception - erroneous arithmetic operation.",
        SIGSEGV => b"SIGSEGV: Segmentation fault - invalid memory reference.",
        SIGBUS => b"SIGBUS: Access to an undefined portion of a memory object.",
        SIGILL => b"SIGILL: Illegal instruction.",
        _ => b"(unknown)",
    };
    put(b"\nProgram received signal ");
    put(what);
    put(b"\n");
    let k = KERNEL.load(Ordering::SeqCst);
    if !k.is_null() {
        put(b"\nBacktrace for this error:\n#0  in compute region kernel `");
        put_c(k);
        put(b"` on the ");
        put_c(DEVICE.load(Ordering::SeqCst));
        put(b" device\n");
    }
    // The handler was reset to the default (SA_RESETHAND): returning re-runs the faulting
    // instruction, which now kills the process with this signal.
    // SAFETY: signal(2) is async-signal-safe.
    unsafe {
        libc::signal(sig, SIG_DFL);
    }
}

/// Installs the fault handlers (from `gpuf_init`). Set `GPUF_NO_SIGNAL_HANDLERS=1` to leave
/// the default actions (for debuggers and core dumps).
pub fn install() {
    if std::env::var_os("GPUF_NO_SIGNAL_HANDLERS").is_some_and(|v| v != "0") {
        return;
    }
    for sig in [SIGFPE, SIGSEGV, SIGBUS, SIGILL] {
        // SAFETY: plain libc calls on a zeroed, then filled, sigaction.
        unsafe {
            let mut act: libc::sigaction = std::mem::zeroed();
            act.sa_sigaction = on_fault as extern "C" fn(i32) as usize;
            act.sa_flags = libc::SA_RESETHAND | libc::SA_NODEFER;
            libc::sigemptyset(&mut act.sa_mask);
            libc::sigaction(sig, &act, std::ptr::null_mut());
        }
    }
}
