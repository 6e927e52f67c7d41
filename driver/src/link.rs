//! The external tools: `ld.lld` for AMD GPU code objects and the system linker (`cc`, with
//! the run-time library `libgpuf_rt.a` and what gfortran-built objects need) for programs.

use crate::cli::{Job, LinkItem};
use crate::output::{install, remove, say, temp_beside};
use crate::timing::timed;
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

/// The directory of an installed `ld.lld` (Debian's `ld.lld-19` is a link to one), for
/// `cc -fuse-ld=lld -B DIR/`; `GPUF_LINKER=cc` keeps the system linker.
fn lld_dir() -> Option<PathBuf> {
    if std::env::var_os("GPUF_LINKER").is_some_and(|v| v == "cc") {
        return None;
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        if dir.join("ld.lld").is_file() {
            return Some(dir);
        }
        // ld.lld-19 -> ../lib/llvm-19/bin/ld.lld
        let Ok(to) = std::fs::read_link(dir.join("ld.lld-19")) else { continue };
        let Some(d) = dir.join(to).parent().map(Path::to_path_buf) else { continue };
        if d.join("ld.lld").is_file() {
            return Some(d);
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
    let r =
        timed(|| format!("`{lld}`: HSA code object"), || run_tool(Command::new(&lld).arg("-shared").arg(&o).arg("-o").arg(&h), verbose));
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

/// Combines two relocatable objects into one with `ld -r` (`-c` when the host code and the
/// sim copy of the kernels were generated apart).
pub fn combine_objects(ld: &str, a: &[u8], b: &[u8], out: &Path, verbose: bool) -> Result<Vec<u8>, String> {
    // In the temporary directory: `out` may be a device (`-o /dev/null`).
    let tmp = std::env::temp_dir().join(out.file_name().unwrap_or_else(|| std::ffi::OsStr::new("gpuf")));
    let (pa, pb, po) = (temp_beside(&tmp, "host.o"), temp_beside(&tmp, "sim.o"), temp_beside(&tmp, "one.o"));
    let clean = || {
        for p in [&pa, &pb, &po] {
            remove(p);
        }
    };
    if let Err(e) = std::fs::write(&pa, a).and_then(|_| std::fs::write(&pb, b)) {
        clean();
        return Err(format!("error: cannot write a temporary file in `{}`: {e}", std::env::temp_dir().display()));
    }
    let r = run_tool(Command::new(ld).arg("-r").arg(&pa).arg(&pb).arg("-o").arg(&po), verbose);
    let r = match r {
        Ok(r) if r.status.success() => std::fs::read(&po).map_err(|e| format!("error: cannot read the object made by `{ld} -r`: {e}")),
        Ok(r) => Err(format!("error: `{ld} -r` failed to combine the host and sim objects:\n{}", String::from_utf8_lossy(&r.stderr))),
        Err(e) => Err(format!("error: cannot run `{ld}`: {e}")),
    };
    clean();
    r
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

/// The device bitcode records of one input file (an object or an archive's members) for
/// the section `section`; files that are neither (shared libraries, scripts) carry none.
fn offload_bitcode(data: &[u8], section: &str, what: &str, out: &mut Vec<Vec<u8>>) -> Result<(), String> {
    use object::read::archive::ArchiveFile;
    use object::{Object, ObjectSection};
    if let Ok(ar) = ArchiveFile::parse(data) {
        for m in ar.members() {
            let m = m.map_err(|e| format!("error: cannot read the archive `{what}`: {e}"))?;
            let name = String::from_utf8_lossy(m.name()).to_string();
            let bytes = m.data(data).map_err(|e| format!("error: cannot read member `{name}` of `{what}`: {e}"))?;
            // Members are only 2-byte aligned in the archive; ELF parsing wants more.
            let owned = bytes.to_vec();
            offload_bitcode(&owned, section, &format!("{what}({name})"), out)?;
        }
        return Ok(());
    }
    let Ok(f) = object::File::parse(data) else { return Ok(()) };
    if let Some(sec) = f.section_by_name(section) {
        let bytes = sec.data().map_err(|e| format!("error: cannot read the device code in `{what}`: {e}"))?;
        let recs = gpuf_codegen::offload_records(bytes).map_err(|e| format!("error: `{what}`: {e}"))?;
        out.extend(recs.into_iter().map(<[u8]>::to_vec));
    }
    Ok(())
}

/// Links the device code of all objects (and archive members) into one image per GPU
/// target and writes an object that embeds the images and registers them before `main`.
/// The device code is read from the objects `objs`, then `last` (the bitcode of the last
/// source, whose object is being written), then the job's link files. None when no input
/// carries device code.
pub fn device_images(
    objs: &[PathBuf],
    last: Option<&gpuf_codegen::DeviceImages>,
    job: &Job,
    out: &Path,
) -> Result<Option<PathBuf>, String> {
    let (mut nv, mut amd) = (Vec::new(), Vec::new());
    let read = |inputs: &[&PathBuf], nv: &mut Vec<Vec<u8>>, amd: &mut Vec<Vec<u8>>| -> Result<(), String> {
        for p in inputs {
            let what = p.display().to_string();
            let Ok(data) = std::fs::read(p) else { continue };
            if job.nvptx {
                offload_bitcode(&data, gpuf_codegen::OFFLOAD_SECTION_NVPTX, &what, nv)?;
            }
            if job.amdgcn {
                offload_bitcode(&data, gpuf_codegen::OFFLOAD_SECTION_AMDGCN, &what, amd)?;
            }
        }
        Ok(())
    };
    read(&objs.iter().collect::<Vec<_>>(), &mut nv, &mut amd)?;
    if let Some(l) = last {
        if job.nvptx {
            nv.extend(l.nvptx_bc.clone());
        }
        if job.amdgcn {
            amd.extend(l.amdgcn_bc.clone());
        }
    }
    read(&job.link_files().collect::<Vec<_>>(), &mut nv, &mut amd)?;
    if nv.is_empty() && amd.is_empty() {
        return Ok(None);
    }
    let opts = gpuf_codegen::Options {
        opt_level: job.opt,
        nvptx_arch: job.gpu_arch.clone(),
        amdgcn_arch: job.amdgpu_arch.clone(),
        host_cpu: job.host_cpu.clone(),
    };
    let cg = |r: Result<Vec<u8>, gpuf_codegen::CodegenError>| r.map_err(|e| format!("error: {e}"));
    let mut images = gpuf_codegen::DeviceImages::default();
    // The two images are optimised and generated at the same time, on two threads (each
    // with its own LLVM context).
    let (ptx, hsaco) = std::thread::scope(|sc| {
        let nv_job = (!nv.is_empty()).then(|| {
            sc.spawn(|| {
                let parts: Vec<&[u8]> = nv.iter().map(Vec::as_slice).collect();
                cg(gpuf_codegen::link_device_bitcode(&parts, gpuf_lower::ir::Target::Nvptx, &opts, gpuf_codegen::Emit::Asm))
            })
        });
        let amd_image = if amd.is_empty() {
            None
        } else {
            let parts: Vec<&[u8]> = amd.iter().map(Vec::as_slice).collect();
            Some(
                cg(gpuf_codegen::link_device_bitcode(&parts, gpuf_lower::ir::Target::Amdgcn, &opts, gpuf_codegen::Emit::Obj))
                    .and_then(|obj| link_hsaco(&obj, out, job.verbose)),
            )
        };
        let nv_image = nv_job.map(|h| h.join().unwrap_or_else(|_| Err("error: internal: the NVIDIA image's thread panicked".into())));
        (nv_image, amd_image)
    });
    images.ptx = ptx.transpose()?;
    images.hsaco = hsaco.transpose()?;
    let obj = cg(timed(|| "images object".into(), || gpuf_codegen::images_object(&images, &opts)))?;
    let o = temp_beside(out, "images.o");
    if let Err(e) = std::fs::write(&o, obj) {
        remove(&o);
        return Err(format!("error: cannot write a temporary file beside `{}`: {e}", out.display()));
    }
    Ok(Some(o))
}

/// Whether an object or an archive member carries DWARF debug information.
fn carries_debug_info(data: &[u8]) -> bool {
    use object::read::archive::ArchiveFile;
    use object::{Object, ObjectSection};
    if let Ok(ar) = ArchiveFile::parse(data) {
        for m in ar.members().flatten() {
            let Ok(bytes) = m.data(data) else { continue };
            // Members are only 2-byte aligned in the archive; ELF parsing wants more.
            let owned = bytes.to_vec();
            if carries_debug_info(&owned) {
                return true;
            }
        }
        return false;
    }
    match object::File::parse(data) {
        Ok(f) => f.sections().any(|s| s.name().is_ok_and(|n| n.starts_with(".debug_") || n.starts_with(".zdebug_"))),
        // Not an object gpuf can read (a linker script, ...): assume it may.
        Err(_) => true,
    }
}

/// Whether the link may drop all debug information: the only debug information there
/// would be the run-time library's (gpuf's objects carry none), as the job has no `-g`,
/// no `-lNAME` library, and no object or archive with any. The run time's (Rust's standard
/// library's line tables) is most of what the linker reads and writes: without it the link
/// takes a third less time and the executable is a third of the size.
fn strip_debug(job: &Job) -> bool {
    !job.debug
        && job.link_items.iter().all(|i| match i {
            LinkItem::File(p) => std::fs::read(p).is_ok_and(|d| !carries_debug_info(&d)),
            LinkItem::Lib(_) => false,
            LinkItem::Raw(_) => true,
        })
}

/// Whether the C compiler finds gfortran's run-time library (`libgfortran.so`).
fn gfortran_lib_available() -> bool {
    gcc_lib_available("libgfortran.so")
}

/// Whether the C compiler's library directories hold `file`.
fn gcc_lib_available(file: &str) -> bool {
    Command::new("cc")
        .arg(format!("-print-file-name={file}"))
        .output()
        .is_ok_and(|o| o.status.success() && Path::new(String::from_utf8_lossy(&o.stdout).trim()).is_absolute())
}

/// Links the objects `objs` (compiled from the job's sources, in order) and the device
/// images' object ([`device_images`]) with the job's link
/// items and the run-time library into `out`. gfortran's run-time library is added when
/// installed, so that objects compiled by gfortran link as they do with gfortran.
pub fn link(objs: &[PathBuf], images_obj: Option<&Path>, job: &Job, out: &Path) -> Result<(), String> {
    let rt = runtime_lib()?;
    for i in job.link_files() {
        if !i.is_file() {
            return Err(format!("error: cannot find `{}` to link with", i.display()));
        }
    }
    let tmp = temp_beside(out, "exe");
    let mut cmd = Command::new("cc");
    // LLVM's linker when it is installed: a third of the system linker's time.
    if let Some(dir) = lld_dir() {
        cmd.arg("-fuse-ld=lld").arg(format!("-B{}/", dir.display()));
    }
    if strip_debug(job) {
        cmd.arg("-Wl,--strip-debug");
    }
    cmd.args(objs);
    if let Some(o) = images_obj {
        cmd.arg(o);
    }
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
    // OpenMP programs run their host threads with libgomp (gfortran's OpenMP run time, so
    // objects of both compilers share one thread pool); `omp_lib` links to it.
    if job.openmp {
        cmd.arg("-lgomp");
    }
    // Objects and archives from elsewhere may have been compiled by gfortran: its run-time
    // library is linked when it is installed, and only if something needs it.
    if job.link_files().next().is_some() && gfortran_lib_available() {
        cmd.args(["-Wl,--as-needed", "-lgfortran", "-Wl,--no-as-needed"]);
    }
    // `real(16)` functions are libquadmath's, as with gfortran (only if something calls one).
    if gcc_lib_available("libquadmath.so") {
        cmd.args(["-Wl,--as-needed", "-lquadmath", "-Wl,--no-as-needed"]);
    }
    cmd.args(["-lpthread", "-ldl", "-lm", "-lgcc_s", "-lc", "-o"]).arg(&tmp);
    let r = timed(|| "system link (`cc`)".into(), || run_tool(&mut cmd, job.verbose));
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
