//! Error exits. Every fatal path flushes the buffered Fortran output first
//! (without blocking if the output lock is held by the failing thread), then
//! prints one message to stderr and exits with the given code:
//! 1 for gpuf runtime errors (devices, present table), 2 for Fortran runtime
//! errors (like gfortran), 3 for sim-device divergence errors.

use std::io::Write;

extern "C" {
    fn _exit(code: i32) -> !;
}

/// Flushes buffered output, prints `msg` (a newline is added) to stderr and
/// exits the process with `code`.
pub fn die(code: i32, msg: &str) -> ! {
    crate::io::flush_all_nonblocking();
    let mut e = std::io::stderr().lock();
    let _ = e.write_all(msg.as_bytes());
    if !msg.ends_with('\n') {
        let _ = e.write_all(b"\n");
    }
    let _ = e.flush();
    drop(e);
    exit_now(code)
}

/// Exits at once without running atexit handlers or destructors (other
/// threads may hold locks; output has been flushed already).
pub fn exit_now(code: i32) -> ! {
    // SAFETY: `_exit` is async-signal-safe and never returns.
    unsafe { _exit(code) }
}

/// gfortran-style runtime error (`Fortran runtime error: ...`), exit code 2.
pub fn fortran_error(msg: &str) -> ! {
    die(2, &format!("Fortran runtime error: {msg}"))
}

/// gpuf runtime error (`gpuf: ...`), exit code 1.
pub fn gpuf_error(msg: &str) -> ! {
    die(1, &format!("gpuf: {msg}"))
}
