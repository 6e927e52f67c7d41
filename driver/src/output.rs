//! Writing outputs safely: never over one of the inputs, atomically (a temporary file beside
//! the output, renamed on success) for regular files, directly for devices and FIFOs (as
//! gfortran does: `-o /dev/null` stays a device), and with every temporary file removed
//! when the compiler is interrupted (SIGINT, SIGTERM, SIGHUP).

use std::collections::BTreeSet;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Temporary files that exist now; removed on a fatal signal.
static TEMPS: Mutex<BTreeSet<PathBuf>> = Mutex::new(BTreeSet::new());

/// Records a temporary file so that an interrupt removes it.
pub fn track(p: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.insert(p.to_path_buf());
    }
}

/// Removes a temporary file and forgets it.
pub fn remove(p: &Path) {
    let _ = std::fs::remove_file(p);
    if let Ok(mut t) = TEMPS.lock() {
        t.remove(p);
    }
}

/// Installs the handler that removes the temporary files on SIGINT, SIGTERM and SIGHUP and
/// then dies of the same signal (so the exit status tells the caller what happened).
pub fn install_signal_cleanup() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            // The lock may be held by the thread that was interrupted; take what we can.
            let files: Vec<PathBuf> = match TEMPS.try_lock() {
                Ok(t) => t.iter().cloned().collect(),
                Err(_) => Vec::new(),
            };
            for f in files {
                let _ = std::fs::remove_file(f);
            }
            let _ = signal_hook::low_level::emulate_default_handler(sig);
            std::process::exit(128 + sig);
        }
    });
}

/// A temporary path beside `out`, tracked for removal on interrupt.
pub fn temp_beside(out: &Path, ext: &str) -> PathBuf {
    let name = out.file_name().map(|s| s.to_string_lossy().to_string()).unwrap_or_else(|| "out".into());
    let p = out.with_file_name(format!(".{name}.{}.{ext}", std::process::id()));
    track(&p);
    p
}

/// The identity of an existing file (device and inode), to compare outputs with inputs.
fn identity(p: &Path) -> Option<(u64, u64)> {
    std::fs::metadata(p).ok().map(|m| (m.dev(), m.ino()))
}

/// Refuses an output that is one of the inputs (`gpuf a.f90 -o a.f90` would replace the
/// source with the executable), and a directory. Checked before any work is done.
pub fn check_output(out: &Path, inputs: &[&Path]) -> Result<(), String> {
    if let Some(id) = identity(out) {
        if let Some(i) = inputs.iter().find(|i| identity(i) == Some(id)) {
            return Err(format!(
                "error: the output file `{}` is the input file `{}`; refusing to write over it\n  = help: name another file with `-o`",
                out.display(),
                i.display()
            ));
        }
    }
    if out.is_dir() {
        return Err(format!("error: the output `{}` is a directory", out.display()));
    }
    match out.parent() {
        Some(d) if !d.as_os_str().is_empty() && !d.is_dir() => {
            Err(format!("error: cannot write `{}`: the directory `{}` does not exist", out.display(), d.display()))
        }
        _ => Ok(()),
    }
}

/// Whether `out` exists and is not a regular file (a device, a FIFO, a socket): such an
/// output is opened and written, never replaced.
fn is_special(out: &Path) -> bool {
    std::fs::metadata(out).is_ok_and(|m| {
        let t = m.file_type();
        t.is_char_device() || t.is_block_device() || t.is_fifo() || t.is_socket()
    })
}

/// Writes `bytes` to `out`: through a renamed temporary file for regular files, directly
/// for devices and FIFOs. Errors name the output, not the temporary.
pub fn write_atomic(out: &Path, bytes: &[u8]) -> Result<(), String> {
    if is_special(out) {
        let r = std::fs::OpenOptions::new().write(true).open(out).and_then(|mut f| f.write_all(bytes));
        return r.map_err(|e| format!("error: cannot write `{}`: {e}", out.display()));
    }
    let tmp = temp_beside(out, "tmp");
    let r = std::fs::write(&tmp, bytes).and_then(|_| std::fs::rename(&tmp, out));
    remove(&tmp);
    r.map_err(|e| format!("error: cannot write `{}`: {e}", out.display()))
}

/// Moves a finished temporary file (an executable the linker wrote) to `out`, or copies it
/// into `out` when that is a device or FIFO.
pub fn install(tmp: &Path, out: &Path) -> Result<(), String> {
    let r = if is_special(out) {
        std::fs::read(tmp).and_then(|b| std::fs::OpenOptions::new().write(true).open(out).and_then(|mut f| f.write_all(&b)))
    } else {
        std::fs::rename(tmp, out)
    };
    remove(tmp);
    r.map_err(|e| format!("error: cannot write `{}`: {e}", out.display()))
}

/// Writes to standard error, ignoring failures (a closed pipe must not abort the compiler).
pub fn say(s: &str) {
    let mut e = std::io::stderr().lock();
    let _ = e.write_all(s.as_bytes());
    let _ = e.flush();
}
