//! Status specifiers of I/O statements (`iostat=`, `iomsg=`, `end=`, `err=`).
//!
//! A statement with any of them first calls [`catch`] with the conditions it
//! handles; an I/O error of such a condition is then recorded instead of
//! ending the program, the rest of the statement does nothing, and
//! [`status`] returns gfortran's `iostat` value: 0, -1 (end of file,
//! `IOSTAT_END`), -2 (end of record, `IOSTAT_EOR`), the C `errno` for an
//! operating-system error of `open`, or gfortran's `LIBERROR_*` codes
//! (5006 format error, 5007 bad action, 5010 bad value). Errors of other
//! conditions stay fatal (`Fortran runtime error: ...`, exit code 2).

use crate::io::IoError;
use std::sync::Mutex;

/// Catch errors (positive `iostat`).
pub const CATCH_ERR: i32 = 1;
/// Catch end of file (-1).
pub const CATCH_END: i32 = 2;
/// Catch end of record (-2).
pub const CATCH_EOR: i32 = 4;

struct State {
    mask: i32,
    status: i32,
    msg: String,
}

static STATE: Mutex<State> = Mutex::new(State { mask: 0, status: 0, msg: String::new() });

fn lock() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts a statement that handles the conditions in `mask`.
pub fn catch(mask: i32) {
    let mut s = lock();
    s.mask = mask;
    s.status = 0;
    s.msg.clear();
}

/// True while the current statement has failed with a caught condition: its
/// remaining parts do nothing.
pub fn failed() -> bool {
    let s = lock();
    s.mask != 0 && s.status != 0
}

extern "C" {
    fn strerror(errnum: i32) -> *const std::ffi::c_char;
}

/// The `errno` whose C text is `text`, if any.
fn errno_of(text: &str) -> Option<i32> {
    (1..134).find(|&n| {
        // SAFETY: strerror returns a valid NUL-terminated string.
        let t = unsafe { std::ffi::CStr::from_ptr(strerror(n)) };
        t.to_bytes() == text.as_bytes()
    })
}

/// gfortran's `iostat` value for an error message of the runtime.
pub fn code_of(msg: &str) -> i32 {
    let first = msg.lines().next().unwrap_or("");
    if first == "End of file" {
        -1
    } else if first == "End of record" {
        -2
    } else if let Some(rest) = first.strip_prefix("Cannot open file '") {
        rest.rsplit_once("': ").and_then(|(_, t)| errno_of(t)).unwrap_or(5000)
    } else if first.starts_with("Sequential READ or WRITE not allowed after EOF") {
        5001
    } else if first.starts_with("Cannot write to file") || first.starts_with("Cannot read from file") {
        5007
    } else if first == "I/O past end of record on unformatted file" {
        5016
    } else if first == "Write exceeds length of DIRECT access record" {
        5015
    } else if first == "Unformatted file structure has been corrupted" {
        5017
    } else if first == "Non-existing record number"
        || (first.starts_with("Bad ") && first.contains(" parameter in "))
        || first.starts_with("Record number")
        || first.starts_with("POS=")
        || first.starts_with("Direct access data transfer")
    {
        5002
    } else if first.starts_with("Unformatted data transfer on a FORMATTED") {
        5001
    } else if msg.contains('\n') {
        // format errors carry the format and a caret
        5006
    } else if let Some(n) = errno_of(first) {
        n
    } else if first.starts_with("Bad ") || first.contains("overflow") || first.contains("repeat count") {
        5010
    } else {
        5000
    }
}

/// Records `e` if the current statement catches its condition; false if the
/// error is fatal.
pub fn caught(e: &IoError) -> bool {
    let mut s = lock();
    if s.mask == 0 {
        return false;
    }
    let code = code_of(&e.0);
    let bit = match code {
        -1 => CATCH_END,
        -2 => CATCH_EOR,
        _ => CATCH_ERR,
    };
    if s.mask & bit == 0 {
        return false;
    }
    if s.status == 0 {
        s.status = code;
        s.msg = e.0.clone();
    }
    true
}

/// Ends the statement: its `iostat` value.
pub fn status() -> i32 {
    let mut s = lock();
    s.mask = 0;
    s.status
}

/// The message of the last caught condition (for `iomsg=`; empty after success).
pub fn message() -> String {
    lock().msg.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert_eq!(code_of("End of file"), -1);
        assert_eq!(code_of("End of record"), -2);
        assert_eq!(code_of("Cannot open file 'x': No such file or directory"), 2);
        assert_eq!(code_of("Cannot open file 'x': File exists"), 17);
        assert_eq!(code_of("Bad integer for item 1 in list input"), 5010);
        assert_eq!(code_of("Integer overflow while reading item 1"), 5010);
        assert_eq!(code_of("Cannot write to file opened for READ"), 5007);
        assert_eq!(code_of("I/O past end of record on unformatted file"), 5016);
        assert_eq!(code_of("Non-existing record number"), 5002);
        assert_eq!(code_of("Bad DECIMAL parameter in data transfer statement"), 5002);
        assert_eq!(code_of("Positive width required in format\n(I0)\n ^"), 5006);
    }
}
