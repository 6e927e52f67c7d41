//! gpuf's end-to-end test suite lives in `tests/suite.rs`; the test data (Fortran programs,
//! bad inputs with their expected diagnostics, snapshots) lives beside it. This library
//! holds the helpers the suite shares.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// The `gpuf` binary built by `cargo build` (the README's test command builds it first).
pub fn gpuf() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    let p = target.join("debug").join("gpuf");
    assert!(p.is_file(), "{} is missing: run `cargo build --workspace` before the tests", p.display());
    p
}

/// A scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    let d = target.join("test-scratch").join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("cannot create {}: {e}", d.display()));
    d
}

/// Runs a command and returns its output, panicking if it cannot start.
pub fn run(cmd: &mut Command) -> Output {
    cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

/// The `.f90` and `.F90` files of a directory, sorted.
pub fn fortran_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "f90" || x == "F90"))
        .collect();
    v.sort();
    v
}

/// Whether blessing (rewriting expected files) was asked for.
pub fn bless() -> bool {
    std::env::var_os("GPUF_BLESS").is_some_and(|v| v != "0")
}

/// Runs `f` over the items on a few threads and collects the failures.
pub fn parallel<T: Sync>(items: &[T], threads: usize, f: impl Fn(&T) -> Result<(), String> + Sync) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let fails = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(it) = items.get(i) else { break };
                if let Err(e) = f(it) {
                    if let Ok(mut g) = fails.lock() {
                        g.push(e);
                    }
                }
            });
        }
    });
    fails.into_inner().unwrap_or_default()
}
