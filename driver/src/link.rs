//! The external tools: `ld.lld` for AMD GPU code objects and the system linker (`cc`, with
//! the run-time library `libgpuf_rt.a` and what gfortran-built objects need) for programs.

use crate::cli::{Job, LinkItem};
use crate::output::{install, remove, say, temp_beside};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The first of the commands that exists in PATH.
pub fn find_tool(names: &[&str]) -> Option<String> {
    let path = std::env::var_os("PATH")?;
    for n in names {
        for dir in std::env::split_paths(&path) {
            if dir.join(n).is_file() {
                return Some(n.to_string());
            }
        }
    }
    None
}

/// Runs a tool, echoing the command with `-v`.
fn run_tool(cmd: &mut Command, verbose: bool) -> std::io::Result<std::process::Output> {
    if verbose {
        say(&format!(" {cmd:?}\n"));
    }
    cmd.output()
}

/// Links an AMDGPU relocatable object into an HSA code object with `ld.lld`.
pub fn link_hsaco(obj: &[u8], out: &Path, verbose: bool) -> Result<Vec<u8>, String> {
    let lld = find_tool(&["ld.lld-19", "ld.lld"]).ok_or(
        "error: `ld.lld-19` (or `ld.lld`) is needed to link the AMD GPU code object but was not found in PATH\n  = help: install Debian's `lld-19`, or pass `--offload=nvptx` to embed only the NVIDIA image",
    )?;
    let o = temp_beside(out, "amdgcn.o");
    let h = temp_beside(out, "hsaco");
    if let Err(e) = std::fs::write(&o, obj) {
        remove(&o);
        remove(&h);
        return Err(format!("error: cannot write a temporary file beside `{}`: {e}", out.display()));
    }
    let r = run_tool(Command::new(&lld).arg("-shared").arg(&o).arg("-o").arg(&h), verbose);
    remove(&o);
    let r = r.map_err(|e| {
        remove(&h);
        format!("error: cannot run `{lld}`: {e}")
    })?;
    if !r.status.success() {
        remove(&h);
        return Err(format!("error: `{lld}` failed to link the AMD GPU code object:\n{}", String::from_utf8_lossy(&r.stderr)));
    }
    let bytes = std::fs::read(&h).map_err(|e| format!("error: cannot read the linked AMD GPU code object: {e}"));
    remove(&h);
    bytes
}

/// The run-time library: `GPUF_RUNTIME_LIB`, or `libgpuf_rt.a` beside the `gpuf` executable
/// (or one directory up, where cargo puts libraries when `gpuf` runs from `deps/`).
pub fn runtime_lib() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("GPUF_RUNTIME_LIB") {
        return Ok(PathBuf::from(p));
    }
    let exe = std::env::current_exe().map_err(|e| format!("error: cannot locate gpuf: {e}"))?;
    let mut dir = exe.parent().map(Path::to_path_buf);
    for _ in 0..2 {
        if let Some(d) = &dir {
            let p = d.join("libgpuf_rt.a");
            if p.is_file() {
                return Ok(p);
            }
            dir = d.parent().map(Path::to_path_buf);
        }
    }
    Err("error: the run-time library `libgpuf_rt.a` was not found beside the `gpuf` executable\n  = help: build it with `cargo build -p gpuf-rt`, or set GPUF_RUNTIME_LIB".into())
}

/// Whether the C compiler finds gfortran's run-time library (`libgfortran.so`).
fn gfortran_lib_available() -> bool {
    Command::new("cc")
        .arg("-print-file-name=libgfortran.so")
        .output()
        .is_ok_and(|o| o.status.success() && Path::new(String::from_utf8_lossy(&o.stdout).trim()).is_absolute())
}

/// Links the objects `objs` (compiled from the job's sources, in order) with the job's link
/// items and the run-time library into `out`. gfortran's run-time library is added when
/// installed, so that objects compiled by gfortran link as they do with gfortran.
pub fn link(objs: &[PathBuf], job: &Job, out: &Path) -> Result<(), String> {
    let rt = runtime_lib()?;
    for i in job.link_files() {
        if !i.is_file() {
            return Err(format!("error: cannot find `{}` to link with", i.display()));
        }
    }
    let tmp = temp_beside(out, "exe");
    let mut cmd = Command::new("cc");
    cmd.args(objs);
    for d in &job.lib_dirs {
        cmd.arg("-L").arg(d);
    }
    for it in &job.link_items {
        match it {
            LinkItem::File(p) => cmd.arg(p),
            LinkItem::Lib(l) => cmd.arg(format!("-l{l}")),
            LinkItem::Raw(r) => cmd.arg(r),
        };
    }
    cmd.arg(&rt);
    // Objects and archives from elsewhere may have been compiled by gfortran: its run-time
    // library is linked when it is installed, and only if something needs it.
    if job.link_files().next().is_some() && gfortran_lib_available() {
        cmd.args(["-Wl,--as-needed", "-lgfortran", "-Wl,--no-as-needed"]);
    }
    let r = run_tool(cmd.args(["-lpthread", "-ldl", "-lm", "-lgcc_s", "-lc", "-o"]).arg(&tmp), job.verbose);
    let r = r.map_err(|e| {
        remove(&tmp);
        format!("error: cannot run the system linker `cc`: {e}")
    })?;
    if !r.status.success() {
        remove(&tmp);
        return Err(format!("error: linking failed:\n{}", String::from_utf8_lossy(&r.stderr)));
    }
    install(&tmp, out)
}
