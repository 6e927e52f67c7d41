//! `gpuf`: the compiler driver. The only crate that reads and writes files and starts
//! processes (`ld.lld-19` to link AMD code objects, `cc` to link executables).
//!
//! Every output is written to a temporary file next to its destination and renamed on
//! success, so a failed build leaves nothing behind.

use clap::{Parser, Subcommand, ValueEnum};
use gpuf_codegen::{DeviceImages, Emit, Options};
use gpuf_frontend::preprocess::{preprocess, render_mapped, Loaded, PpOptions, SourceMap};
use gpuf_frontend::sema::Checked;
use gpuf_frontend::Diagnostic;
use gpuf_lower::ir::Target;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

#[derive(Parser)]
#[command(name = "gpuf", version, about = "Fortran + OpenACC compiler for NVIDIA and AMD GPUs, with the host as fallback")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(clap::Args, Clone)]
struct BuildArgs {
    /// The Fortran source file (free form).
    file: PathBuf,
    /// Objects and libraries to link with (`.o`, `.a`, `.so`), e.g. built by gfortran.
    inputs: Vec<PathBuf>,
    /// Link with a library (`-l gfortran`, `-l blas`).
    #[arg(short = 'l', value_name = "LIB")]
    libs: Vec<String>,
    /// Search this directory for `-l` libraries.
    #[arg(short = 'L', value_name = "DIR")]
    lib_dirs: Vec<PathBuf>,
    /// Optimisation level 0..3.
    #[arg(short = 'O', default_value = "2", value_parser = clap::value_parser!(u8).range(0..=3))]
    opt: u8,
    /// NVIDIA architecture of the PTX (`sm_70`, `sm_80`, `sm_90`...).
    #[arg(long = "gpu-arch", default_value = "sm_80")]
    gpu_arch: String,
    /// AMD architecture of the code object (`gfx90a`, `gfx942`, `gfx1100`...).
    #[arg(long = "amdgpu-arch", default_value = "gfx90a")]
    amdgpu_arch: String,
    /// Device images to embed: `nvptx`, `amdgcn`, both (default) or `none`.
    #[arg(long = "offload", value_delimiter = ',', default_values = ["nvptx", "amdgcn"])]
    offload: Vec<String>,
    /// Define a preprocessor macro: `-D NAME` or `-D NAME=value`.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    defines: Vec<String>,
    /// Search this directory for `#include` and `include` files (after the source's own).
    #[arg(short = 'I', value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
    /// Run the C preprocessor even for `.f90` files (it always runs for `.F90`).
    #[arg(long = "cpp")]
    cpp: bool,
    /// Write module files (`NAME.gmod`) into this directory (default: the output's
    /// directory); it is also searched for the module files of `use`d modules.
    #[arg(short = 'J', value_name = "DIR")]
    module_dir: Option<PathBuf>,
    /// gfortran-style `-f` options: `-fcheck=bounds` (or `-fcheck=all`) checks the array
    /// subscripts of host code at run time; `-fopenmp` compiles `!$` conditional lines.
    #[arg(short = 'f', value_name = "OPTION")]
    fopts: Vec<String>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Compile a program to an executable, an object (`-c`), or one target's code (`--emit`).
    Compile {
        #[command(flatten)]
        b: BuildArgs,
        /// The output file.
        #[arg(short = 'o')]
        out: Option<PathBuf>,
        /// Make an object file instead of an executable.
        #[arg(short = 'c')]
        object: bool,
        /// The target for `--emit`: x86_64, nvptx, amdgcn (or a full triple).
        #[arg(long = "target", short = 't', alias = "T")]
        target: Option<String>,
        /// What to write: llvm-ir, asm, obj, or the IR after a pass (gimple, omp-lower, omp-expand, oacc-xform).
        #[arg(long = "emit")]
        emit: Option<EmitKind>,
    },
    /// Compile to a temporary place and run the program.
    Run {
        #[command(flatten)]
        b: BuildArgs,
        /// Arguments for the program.
        #[arg(last = true)]
        args: Vec<String>,
    },
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
enum EmitKind {
    #[value(name = "llvm-ir")]
    LlvmIr,
    Asm,
    Obj,
    Gimple,
    #[value(name = "omp-lower")]
    OmpLower,
    #[value(name = "omp-expand")]
    OmpExpand,
    #[value(name = "oacc-xform")]
    OaccXform,
}

fn main() -> ExitCode {
    // clap's own `-target` spelling: accept the single-dash long form as rustc-like users type it.
    let args: Vec<String> = std::env::args()
        .map(|a| {
            if a == "-target" {
                "--target".to_string()
            } else if let Some(r) = a.strip_prefix("-target=") {
                format!("--target={r}")
            } else {
                a
            }
        })
        .collect();
    let cli = Cli::parse_from(args);
    // A panic is a bug in gpuf; report it as an internal error instead of a backtrace.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("error[E0999]: internal compiler error: {info}");
        eprintln!("  = note: this is a bug in gpuf; please report it with the source file");
    }));
    let result = std::panic::catch_unwind(move || run(cli)).unwrap_or_else(|_| Err(String::new()));
    match result {
        Ok(code) => code,
        Err(msg) => {
            if !msg.is_empty() {
                eprintln!("{msg}");
            }
            ExitCode::from(1)
        }
    }
}

/// The target named by `-target`: short names or triples (parsed with target-lexicon).
fn parse_target(s: &str) -> Result<Target, String> {
    match s {
        "x86_64" | "host" => return Ok(Target::Host),
        "sim" => return Ok(Target::Sim),
        "nvptx" | "nvptx64" | "cuda" => return Ok(Target::Nvptx),
        "amdgcn" | "amdgpu" | "hip" => return Ok(Target::Amdgcn),
        _ => {}
    }
    let t: target_lexicon::Triple = s.parse().map_err(|e| format!("error: invalid target `{s}`: {e}"))?;
    match t.architecture {
        target_lexicon::Architecture::X86_64 => Ok(Target::Host),
        target_lexicon::Architecture::Nvptx64 => Ok(Target::Nvptx),
        target_lexicon::Architecture::AmdGcn => Ok(Target::Amdgcn),
        a => Err(format!("error: unsupported target architecture `{a}` (supported: x86_64, nvptx64, amdgcn)")),
    }
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    match cli.cmd {
        Cmd::Compile { b, out, object, target, emit } => {
            let target = target.as_deref().map(parse_target).transpose()?;
            let stem = b.file.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_else(|| "a".into());
            let out = out.unwrap_or_else(|| {
                PathBuf::from(match (emit, object) {
                    (Some(EmitKind::LlvmIr), _) => format!("{stem}.ll"),
                    (Some(EmitKind::Asm), _) => format!("{stem}.s"),
                    (Some(EmitKind::Obj), _) | (None, true) => format!("{stem}.o"),
                    (Some(_), _) => format!("{stem}.txt"),
                    (None, false) => "a.out".to_string(),
                })
            });
            build(&b, &out, object, target, emit)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Run { b, args } => {
            let dir = std::env::temp_dir().join(format!("gpuf-run-{}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(|e| format!("error: cannot create {}: {e}", dir.display()))?;
            let exe = dir.join("prog");
            let r = build(&b, &exe, false, None, None);
            let status =
                r.and_then(|_| Command::new(&exe).args(&args).status().map_err(|e| format!("error: cannot run {}: {e}", exe.display())));
            let _ = std::fs::remove_dir_all(&dir);
            let status = status?;
            Ok(ExitCode::from(status.code().unwrap_or(1).clamp(0, 255) as u8))
        }
    }
}

fn render(diags: &[Diagnostic], map: &SourceMap) {
    for d in diags {
        eprint!("{}", render_mapped(d, map));
        eprintln!();
    }
}

fn failed(diags: &[Diagnostic], file: &str) -> String {
    let n = diags.iter().filter(|d| d.is_error()).count();
    format!("error: could not compile `{file}` due to {n} previous error{}", if n == 1 { "" } else { "s" })
}

/// Reads the source and runs the preprocessor: `#` directives for `.F90` files (or
/// `--cpp`), `include` lines always. Include files are searched beside the including file,
/// then in the `-I` directories.
fn read_source(b: &BuildArgs) -> Result<(String, SourceMap), String> {
    let file = b.file.display().to_string();
    let bytes = std::fs::read(&b.file).map_err(|e| format!("error: cannot read `{file}`: {e}"))?;
    if bytes.contains(&0) {
        return Err(format!("error: `{file}` is not a Fortran source file (it contains binary data)\n  = help: pass objects and libraries after the source file, or only objects to link them"));
    }
    let src = String::from_utf8_lossy(&bytes).to_string();
    let ext = b.file.extension().map(|e| e.to_string_lossy().to_string()).unwrap_or_default();
    let cpp = b.cpp || matches!(ext.as_str(), "F90" | "F95" | "F03" | "F08" | "F" | "FOR" | "fpp");
    let defines = b
        .defines
        .iter()
        .map(|d| match d.split_once('=') {
            Some((n, v)) => (n.to_string(), v.to_string()),
            None => (d.clone(), "1".to_string()),
        })
        .collect();
    // `-fopenmp`: gfortran's conditional compilation lines (`!$ ...`) are compiled. OpenMP
    // directives themselves are not implemented yet: they stay comments, as without it.
    let openmp = b.fopts.iter().any(|f| f == "openmp");
    if openmp {
        eprintln!(
            "warning: -fopenmp: `!$` conditional-compilation lines are compiled, but `!$omp` directives are not implemented yet and are ignored (the program runs on one thread)"
        );
    }
    let opts = PpOptions { cpp, defines, openmp_sentinel: openmp };
    let dirs = b.include_dirs.clone();
    let mut load = |name: &str, from: &str| -> Option<Loaded> {
        let here = Path::new(from).parent().map(Path::to_path_buf).unwrap_or_default();
        std::iter::once(here).chain(dirs.iter().cloned()).find_map(|d| {
            let p = d.join(name);
            let text = std::fs::read(&p).ok()?;
            Some(Loaded { path: p.display().to_string(), text: String::from_utf8_lossy(&text).to_string() })
        })
    };
    let (text, map, diags) = preprocess(&file, &src, &opts, &mut load);
    if diags.iter().any(Diagnostic::is_error) {
        render(&diags, &map);
        return Err(failed(&diags, &file));
    }
    render(&diags, &map);
    Ok((text, map))
}

/// The directory module files are written to: `-J`, else the output's directory.
fn module_dir(b: &BuildArgs, out: &Path) -> PathBuf {
    match &b.module_dir {
        Some(d) => d.clone(),
        None => match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        },
    }
}

/// Parses and checks the source; the module files of `use`d modules not defined in it are
/// searched in the `-I` directories, the `-J` directory and the source's directory.
fn check_source(b: &BuildArgs, out: &Path, src: &str, map: &SourceMap) -> Result<Checked, String> {
    let file = b.file.display().to_string();
    let mut dirs: Vec<PathBuf> = b.include_dirs.clone();
    dirs.push(module_dir(b, out));
    dirs.push(b.file.parent().map(Path::to_path_buf).filter(|p| !p.as_os_str().is_empty()).unwrap_or_else(|| PathBuf::from(".")));
    let found = std::sync::Mutex::new(Vec::<(String, PathBuf)>::new());
    let mut load = |name: &str| -> Option<String> {
        dirs.iter().find_map(|d| {
            let p = d.join(format!("{name}.gmod"));
            let bytes = std::fs::read(&p).ok()?;
            if let Ok(mut f) = found.lock() {
                f.push((name.to_string(), p));
            }
            Some(String::from_utf8_lossy(&bytes).to_string())
        })
    };
    let result = gpuf_frontend::parse_and_check_with(src, &mut load);
    let found = found.into_inner().unwrap_or_default();
    let (checked, warnings) = match result {
        Ok(x) => x,
        Err(diags) => {
            // Name the module file a malformed-module-file error is about.
            let diags: Vec<Diagnostic> = diags
                .into_iter()
                .map(|d| {
                    let path = found.iter().find(|(n, _)| d.code == "E0123" && d.message.contains(&format!("`{n}.gmod`")));
                    match path {
                        Some((_, p)) => d.with_note(format!("note: the module file is `{}`", p.display())),
                        None => d,
                    }
                })
                .collect();
            render(&diags, map);
            return Err(failed(&diags, &file));
        }
    };
    render(&warnings, map);
    Ok(checked)
}

/// The module files of the modules the file defines: (path, text).
fn module_files(b: &BuildArgs, out: &Path, checked: &Checked) -> Vec<(PathBuf, String)> {
    let file = b.file.display().to_string();
    let dir = module_dir(b, out);
    let mut files = Vec::new();
    for cu in &checked.units {
        if cu.unit.kind != gpuf_frontend::ast::UnitKind::Module {
            continue;
        }
        let name = &cu.unit.name.name;
        match gpuf_frontend::modfile::write(checked, name) {
            Ok(text) => files.push((dir.join(format!("{name}.gmod")), text)),
            // The object is still fine for this file; only other files cannot use the module.
            Err(why) => eprintln!(
                "warning: no module file written for module `{name}` (in `{file}`): not yet supported: {why}\n  = note: other files cannot `use` this module\n"
            ),
        }
    }
    files
}

fn build(b: &BuildArgs, out: &Path, object: bool, target: Option<Target>, emit: Option<EmitKind>) -> Result<(), String> {
    // `gpuf compile a.o b.o -o prog`: only a link step.
    let ext = b.file.extension().map(|e| e.to_string_lossy().to_string()).unwrap_or_default();
    if matches!(ext.as_str(), "o" | "a" | "so") {
        if object || emit.is_some() {
            return Err(format!(
                "error: `{}` is an object file: there is nothing to compile (drop `-c`/`--emit` to link)",
                b.file.display()
            ));
        }
        let mut objs = vec![b.file.clone()];
        objs.extend(b.inputs.iter().cloned());
        return link_files(None, &objs, out, b);
    }
    let (src, map) = read_source(b)?;
    let checked = check_source(b, out, &src, &map)?;
    let mods = module_files(b, out, &checked);
    build_checked(b, out, object, target, emit, (checked, src, map))?;
    // Only after a successful build: a failed build leaves no module files behind.
    for (path, text) in &mods {
        write_atomic(path, text.as_bytes())?;
    }
    Ok(())
}

fn build_checked(
    b: &BuildArgs,
    out: &Path,
    object: bool,
    target: Option<Target>,
    emit: Option<EmitKind>,
    front: (Checked, String, SourceMap),
) -> Result<(), String> {
    let file = b.file.display().to_string();
    let (checked, src, map) = front;
    let dump_pass = match emit {
        Some(EmitKind::Gimple) => Some("gimple"),
        Some(EmitKind::OmpLower) => Some("omp-lower"),
        Some(EmitKind::OmpExpand) => Some("omp-expand"),
        Some(EmitKind::OaccXform) => Some("oacc-xform"),
        _ => None,
    };
    let want_nv = b.offload.iter().any(|o| o == "nvptx");
    let want_amd = b.offload.iter().any(|o| o == "amdgcn");
    for o in &b.offload {
        if !["nvptx", "amdgcn", "none"].contains(&o.as_str()) {
            return Err(format!("error: unknown offload target `{o}` (expected nvptx, amdgcn or none)"));
        }
    }
    let mut targets = vec![Target::Host, Target::Sim];
    match (emit, target) {
        (Some(EmitKind::LlvmIr | EmitKind::Asm | EmitKind::Obj), Some(t @ (Target::Nvptx | Target::Amdgcn))) => targets = vec![t],
        (Some(EmitKind::OaccXform), Some(t)) => targets = vec![t],
        (Some(EmitKind::OaccXform), None) => targets = vec![Target::Host, Target::Sim, Target::Nvptx, Target::Amdgcn],
        (Some(EmitKind::LlvmIr | EmitKind::Asm | EmitKind::Obj), _) => {}
        _ => {
            if want_nv {
                targets.push(Target::Nvptx);
            }
            if want_amd {
                targets.push(Target::Amdgcn);
            }
        }
    }
    let name = b.file.file_name().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
    let mut opts = gpuf_lower::passes::Options { check_bounds: false, source_path: b.file.display().to_string() };
    for f in &b.fopts {
        match f.as_str() {
            "check=bounds" | "check=all" => opts.check_bounds = true,
            "check=no-bounds" | "check=no-all" => opts.check_bounds = false,
            // Read by the preprocessor (`!$` lines); see `read_source`.
            "openmp" => {}
            _ => return Err(format!("error: unknown option `-f{f}` (gpuf knows -fcheck=bounds and -fopenmp)")),
        }
    }
    let output = match gpuf_lower::passes::run_pipeline_with(&checked, &src, &name, &targets, dump_pass, &opts) {
        Ok(o) => o,
        Err(diags) => {
            render(&diags, &map);
            return Err(failed(&diags, &file));
        }
    };
    if let Some(d) = output.dump {
        return write_atomic(out, d.as_bytes());
    }
    let opts = Options { opt_level: b.opt, nvptx_arch: b.gpu_arch.clone(), amdgcn_arch: b.amdgpu_arch.clone() };
    let module_for = |t: Target| output.modules.iter().find(|m| m.target == Some(t));
    let cg = |r: Result<Vec<u8>, gpuf_codegen::CodegenError>| r.map_err(|e| format!("error: {e}"));
    let ce = |e: EmitKind| match e {
        EmitKind::LlvmIr => Emit::LlvmIr,
        EmitKind::Asm => Emit::Asm,
        _ => Emit::Obj,
    };
    if let Some(e @ (EmitKind::LlvmIr | EmitKind::Asm | EmitKind::Obj)) = emit {
        match target.unwrap_or(Target::Host) {
            t @ (Target::Nvptx | Target::Amdgcn) => {
                let m = module_for(t).ok_or("error: internal: no module for the target")?;
                let bytes = cg(gpuf_codegen::compile_device(m, &opts, ce(e)))?;
                if t == Target::Amdgcn && e == EmitKind::Obj {
                    let hsaco = link_hsaco(&bytes, out)?;
                    return write_atomic(out, &hsaco);
                }
                return write_atomic(out, &bytes);
            }
            _ => {
                let (h, s) = (module_for(Target::Host), module_for(Target::Sim));
                let (Some(h), Some(s)) = (h, s) else { return Err("error: internal: no host module".into()) };
                let bytes = cg(gpuf_codegen::compile_host(h, s, &DeviceImages::default(), &opts, ce(e)))?;
                return write_atomic(out, &bytes);
            }
        }
    }
    // A whole program: device images first, then the host object that embeds them.
    let mut images = DeviceImages::default();
    if let Some(m) = module_for(Target::Nvptx) {
        images.ptx = Some(cg(gpuf_codegen::compile_device(m, &opts, Emit::Asm))?);
    }
    if let Some(m) = module_for(Target::Amdgcn) {
        let obj = cg(gpuf_codegen::compile_device(m, &opts, Emit::Obj))?;
        images.hsaco = Some(link_hsaco(&obj, out)?);
    }
    let (Some(h), Some(s)) = (module_for(Target::Host), module_for(Target::Sim)) else {
        return Err("error: internal: no host module".into());
    };
    let obj = cg(gpuf_codegen::compile_host(h, s, &images, &opts, Emit::Obj))?;
    if object {
        return write_atomic(out, &obj);
    }
    link_exe(&obj, out, b)
}

/// A temporary path beside `out`.
fn temp_beside(out: &Path, ext: &str) -> PathBuf {
    let name = out.file_name().map(|s| s.to_string_lossy().to_string()).unwrap_or_else(|| "out".into());
    out.with_file_name(format!(".{name}.{}.{ext}", std::process::id()))
}

fn write_atomic(out: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = temp_beside(out, "tmp");
    std::fs::write(&tmp, bytes).map_err(|e| format!("error: cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, out).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("error: cannot write {}: {e}", out.display())
    })
}

/// The first of the commands that exists in PATH.
fn find_tool(names: &[&str]) -> Option<String> {
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

/// Links an AMDGPU relocatable object into an HSA code object with `ld.lld`.
fn link_hsaco(obj: &[u8], out: &Path) -> Result<Vec<u8>, String> {
    let lld = find_tool(&["ld.lld-19", "ld.lld"]).ok_or(
        "error: `ld.lld-19` (or `ld.lld`) is needed to link the AMD GPU code object but was not found in PATH\n  = help: install Debian's `lld-19`, or pass `--offload=nvptx` to embed only the NVIDIA image",
    )?;
    let o = temp_beside(out, "amdgcn.o");
    let h = temp_beside(out, "hsaco");
    std::fs::write(&o, obj).map_err(|e| format!("error: cannot write {}: {e}", o.display()))?;
    let r = Command::new(&lld).arg("-shared").arg(&o).arg("-o").arg(&h).output();
    let _ = std::fs::remove_file(&o);
    let r = r.map_err(|e| format!("error: cannot run `{lld}`: {e}"))?;
    if !r.status.success() {
        let _ = std::fs::remove_file(&h);
        return Err(format!("error: `{lld}` failed to link the AMD GPU code object:\n{}", String::from_utf8_lossy(&r.stderr)));
    }
    let bytes = std::fs::read(&h).map_err(|e| format!("error: cannot read {}: {e}", h.display()));
    let _ = std::fs::remove_file(&h);
    bytes
}

/// The run-time library: `GPUF_RUNTIME_LIB`, or `libgpuf_rt.a` beside the `gpuf` executable
/// (or one directory up, where cargo puts libraries when `gpuf` runs from `deps/`).
fn runtime_lib() -> Result<PathBuf, String> {
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

fn link_exe(obj: &[u8], out: &Path, b: &BuildArgs) -> Result<(), String> {
    link_files(Some(obj), &b.inputs, out, b)
}

/// Links the object `obj` (if any) and the files `inputs` with the run-time library.
fn link_files(obj: Option<&[u8]>, inputs: &[PathBuf], out: &Path, b: &BuildArgs) -> Result<(), String> {
    let rt = runtime_lib()?;
    for i in inputs {
        if !i.is_file() {
            return Err(format!("error: cannot find `{}` to link with", i.display()));
        }
    }
    let o = temp_beside(out, "o");
    let tmp = temp_beside(out, "exe");
    let mut cmd = Command::new("cc");
    if let Some(obj) = obj {
        std::fs::write(&o, obj).map_err(|e| format!("error: cannot write {}: {e}", o.display()))?;
        cmd.arg(&o);
    }
    cmd.args(inputs);
    for d in &b.lib_dirs {
        cmd.arg("-L").arg(d);
    }
    for l in &b.libs {
        cmd.arg(format!("-l{l}"));
    }
    let r = cmd.arg(&rt).args(["-lpthread", "-ldl", "-lm", "-lgcc_s", "-lc", "-o"]).arg(&tmp).output();
    let _ = std::fs::remove_file(&o);
    let r = r.map_err(|e| format!("error: cannot run the system linker `cc`: {e}"))?;
    if !r.status.success() {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("error: linking failed:\n{}", String::from_utf8_lossy(&r.stderr)));
    }
    std::fs::rename(&tmp, out).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("error: cannot write {}: {e}", out.display())
    })
}
