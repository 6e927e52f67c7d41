//! Shared by the link tests: compiles a C program written like gpuf's generated code and
//! links it with the run-time library of this build.

use std::path::PathBuf;
use std::process::Command;

/// Writes `prog` to `target/<profile>/<work>/prog.c`, compiles it with `cc` (plus `flags`)
/// and links it with the newest `libgpuf_rt-*.a` of this build; returns the executable.
pub fn link_c_program(prog: &str, work: &str, flags: &[&str]) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test> -> target/<profile>
    let dir = exe.parent().and_then(|d| d.parent()).expect("target directory").to_path_buf();
    // `cargo test` leaves the staticlib of this build in deps/ (only `cargo build` copies
    // it up): take the newest one.
    let lib = std::fs::read_dir(dir.join("deps"))
        .expect("target/*/deps")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().map(|n| n.to_string_lossy().to_string()).is_some_and(|n| n.starts_with("libgpuf_rt-") && n.ends_with(".a"))
        })
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .expect("libgpuf_rt-*.a in target/*/deps");
    let work = dir.join(work);
    std::fs::create_dir_all(&work).expect("work directory");
    let src = work.join("prog.c");
    std::fs::write(&src, prog).expect("write prog.c");
    let out = work.join("prog");
    let st = Command::new("cc")
        .arg("-O1")
        .args(flags)
        .arg(&src)
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .status()
        .expect("cc runs");
    assert!(st.success(), "compiling and linking {} with cc failed", src.display());
    out
}
