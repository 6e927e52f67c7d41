//! One job from sources to outputs: preprocessing (and fixed form to free form), the front
//! end with module files read and written, the passes, code generation for the host and
//! the GPUs, and the link.

use crate::cli::{file_kind, EmitKind, FileKind, Form, Job, Stage};
use crate::link::{combine_objects, device_images, find_tool, link, link_hsaco};
use crate::output::{check_output, remove, say, temp_beside, write_atomic};
use crate::timing::{self, timed};
use gpuf_codegen::{DeviceImages, Emit, Options};
use gpuf_frontend::preprocess::{preprocess, render_mapped, Loaded, PpOptions, SourceMap};
use gpuf_frontend::sema::Checked;
use gpuf_frontend::Diagnostic;
use gpuf_lower::ir::Target;
use std::path::{Path, PathBuf};

fn render(diags: &[Diagnostic], map: &SourceMap) {
    for d in diags {
        say(&format!("{}\n", render_mapped(d, map)));
    }
}

fn failed(diags: &[Diagnostic], file: &str) -> String {
    let n = diags.iter().filter(|d| d.is_error()).count();
    format!("error: could not compile `{file}` due to {n} previous error{}", if n == 1 { "" } else { "s" })
}

fn stem(p: &Path) -> String {
    p.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_else(|| "a".into())
}

/// Runs a whole job; with `-ftime-report`, prints the time of each phase after it.
pub fn run_job(job: &Job, run_target: Option<&Path>) -> Result<(), String> {
    if job.time_report {
        timing::enable();
    }
    let r = run_job_timed(job, run_target);
    if let Some(t) = timing::report() {
        say(&t);
    }
    r
}

fn run_job_timed(job: &Job, run_target: Option<&Path>) -> Result<(), String> {
    if job.sources.is_empty() && job.link_files().next().is_none() {
        return Err("error: no input files\n  = help: `gpuf prog.f90 -o prog`, or `gpuf compile prog.f90` (see `gpuf --help`)".into());
    }
    let multiple = job.sources.len() > 1;
    if multiple && job.out.is_some() && matches!(job.stage, Stage::Object | Stage::Emit(_)) {
        return Err("error: `-o` cannot name one output for several sources with `-c`, `-S` or `--emit`\n  = help: drop `-o` (each source gets its own `NAME.o`), or compile the files one by one".into());
    }
    let inputs: Vec<&Path> = job.sources.iter().map(PathBuf::as_path).chain(job.link_files().map(PathBuf::as_path)).collect();
    match &job.stage {
        Stage::Preprocess => {
            let mut text = String::new();
            for s in &job.sources {
                text.push_str(&read_source(job, s, true)?.0);
            }
            match &job.out {
                Some(o) if o.as_os_str() != "-" => {
                    check_output(o, &inputs)?;
                    write_atomic(o, text.as_bytes())
                }
                _ => {
                    use std::io::Write;
                    let mut so = std::io::stdout().lock();
                    so.write_all(text.as_bytes())
                        .and_then(|_| so.flush())
                        .map_err(|e| format!("error: cannot write the preprocessed source: {e}"))
                }
            }
        }
        Stage::Object | Stage::Emit(_) => {
            if job.sources.is_empty() {
                let what = job.link_files().next().map(|p| p.display().to_string()).unwrap_or_default();
                return Err(format!("error: `{what}` is an object file: there is nothing to compile (drop `-c`/`--emit` to link)"));
            }
            for s in &job.sources {
                let out = job.out.clone().unwrap_or_else(|| default_output(job, s));
                check_output(&out, &inputs)?;
                compile_source(job, s, &out, None, None)?;
            }
            Ok(())
        }
        Stage::Link => {
            let out = run_target.map(Path::to_path_buf).or_else(|| job.out.clone()).unwrap_or_else(|| PathBuf::from("a.out"));
            check_output(&out, &inputs)?;
            let mut objs = Vec::new();
            let mut images = None;
            let r = (|| {
                // The device images are made from the device code of every object while
                // the host code of the last source is generated (on two threads).
                let n = job.sources.len();
                for (k, s) in job.sources.iter().enumerate() {
                    let o = temp_beside(&out, &format!("{k}.o"));
                    // The sim copy of the kernels, when it is an object of its own.
                    let so = temp_beside(&out, &format!("{k}.sim.o"));
                    objs.push(o.clone());
                    objs.push(so.clone());
                    if k + 1 < n {
                        let (_, sim) = compile_source(job, s, &o, Some(&so), None)?;
                        if !sim {
                            objs.pop();
                        }
                        continue;
                    }
                    let before: Vec<PathBuf> = objs.iter().take(objs.len() - 2).cloned().collect();
                    let make_images = |bc: &DeviceImages| device_images(&before, Some(bc), job, &out);
                    let (im, sim) = compile_source(job, s, &o, Some(&so), Some(&make_images))?;
                    images = im;
                    if !sim {
                        objs.pop();
                    }
                }
                if n == 0 {
                    images = timed(|| "device images".into(), || device_images(&[], None, job, &out))?;
                }
                link(&objs, images.as_deref(), job, &out)
            })();
            for o in objs.iter().chain(&images) {
                remove(o);
            }
            r
        }
    }
}

/// The output of `-c` / `--emit` without `-o`: `NAME.o` etc. in the working directory.
fn default_output(job: &Job, src: &Path) -> PathBuf {
    let stem = stem(src);
    PathBuf::from(match job.stage {
        Stage::Emit(EmitKind::LlvmIr) => format!("{stem}.ll"),
        Stage::Emit(EmitKind::Asm) => format!("{stem}.s"),
        Stage::Emit(EmitKind::Obj) | Stage::Object => format!("{stem}.o"),
        Stage::Emit(_) => format!("{stem}.txt"),
        _ => "a.out".to_string(),
    })
}

/// Macros predefined for the job: gfortran's (the GNU compatibility that build systems
/// detect, see ARCHITECTURE.md) in gfortran's spelling, `_OPENMP` with `-fopenmp`.
/// (`__GPUF__` always, `_OPENACC` with OpenACC, come from the preprocessor.)
fn predefined(job: &Job) -> Vec<(String, String)> {
    let mut v: Vec<(&str, &str)> = Vec::new();
    if job.gfortran_cli {
        v.extend([
            ("__GFORTRAN__", "1"),
            ("__GNUC__", "12"),
            ("__GNUC_MINOR__", "2"),
            ("__GNUC_PATCHLEVEL__", "0"),
            ("__x86_64__", "1"),
            ("__linux__", "1"),
            ("__unix__", "1"),
        ]);
    }
    if job.openmp {
        v.push(("_OPENMP", "201511"));
    }
    v.into_iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// Reads a source and runs the preprocessor: `#` directives for `.F90`/`.F` files (or
/// `-cpp`, or always for `-E`), `include` lines always; fixed-form sources are then
/// rewritten to free form line by line. Include files are searched beside the including
/// file, then in the `-I` directories.
fn read_source(job: &Job, path: &Path, for_e: bool) -> Result<(String, SourceMap), String> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| format!("error: cannot read `{file}`: {e}"))?;
    if bytes.starts_with(b"\x7fELF") || bytes.starts_with(b"!<arch>\n") {
        return Err(format!("error: `{file}` is not a Fortran source file (it is an object or a library)\n  = help: pass objects and libraries after the source file, or only objects to link them"));
    }
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        // Where the NUL is in the decoded text; shown as a blank in the quoted line.
        let lo = gpuf_frontend::text::decode_source(&bytes[..at]).len();
        let shown = gpuf_frontend::text::decode_source(&bytes).replace('\0', " ");
        let d = Diagnostic::error("E0067", "the source contains a NUL byte", gpuf_frontend::Span::new(lo, lo + 1))
            .with_label("NUL byte")
            .with_note("help: a Fortran source is text; pass objects and libraries after the source file");
        say(&format!("{}\n", d.render(&file, &shown)));
        return Err(failed(&[d], &file));
    }
    let src = gpuf_frontend::text::decode_source(&bytes);
    let (form, cpp_by_suffix) = match file_kind(path) {
        FileKind::Fortran(f, c) => (f, c),
        FileKind::Linker => (Form::Free, false),
    };
    let form = job.form.unwrap_or(form);
    let cpp = for_e || job.cpp.unwrap_or(cpp_by_suffix);
    let mut defines = predefined(job);
    let mut undefs = Vec::new();
    for (n, v) in &job.defines {
        match v {
            Some(v) => {
                undefs.retain(|u| u != n);
                defines.push((n.clone(), v.clone()));
            }
            None => {
                defines.retain(|(d, _)| d != n);
                undefs.push(n.clone());
            }
        }
    }
    let opts = PpOptions { cpp, defines, openmp_sentinel: job.openmp, openacc: job.openacc, undefs };
    let dirs = job.include_dirs.clone();
    let mut load = |name: &str, from: &str| -> Option<Loaded> {
        let here = Path::new(from).parent().map(Path::to_path_buf).unwrap_or_default();
        std::iter::once(here).chain(dirs.iter().cloned()).find_map(|d| {
            let p = d.join(name);
            let text = std::fs::read(&p).ok()?;
            Some(Loaded { path: p.display().to_string(), text: gpuf_frontend::text::decode_source(&text) })
        })
    };
    let (text, map, diags) = preprocess(&file, &src, &opts, &mut load);
    render(&diags, &map);
    if diags.iter().any(Diagnostic::is_error) {
        return Err(failed(&diags, &file));
    }
    // `-E` keeps the source form: its output is compiled again with the same suffix.
    if form == Form::Fixed && !for_e {
        return Ok((gpuf_frontend::fixed_form::to_free_form(&text, job.fixed_line_length), map));
    }
    Ok((text, map))
}

/// The directory module files are written to: `-J`; else the working directory in
/// gfortran's spelling, the output's directory in `gpuf compile`.
fn module_dir(job: &Job, out: &Path) -> PathBuf {
    match &job.module_dir {
        Some(d) => d.clone(),
        None if job.gfortran_cli => PathBuf::from("."),
        None => match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        },
    }
}

/// What a module file found for `use` is.
enum ModFile {
    Gpuf(String),
    /// gzip-compressed (written by gfortran): the decompressed text, or why it cannot be read.
    Gfortran(Result<String, String>),
}

/// Reads `name.mod` (or an older gpuf `name.gmod`) from `dir`. A gzip-compressed file is
/// gfortran's: it is decompressed here (the front end does no I/O and reads the text).
fn read_mod(dir: &Path, name: &str) -> Option<(PathBuf, ModFile)> {
    for ext in ["mod", "gmod"] {
        let p = dir.join(format!("{name}.{ext}"));
        if let Ok(bytes) = std::fs::read(&p) {
            if bytes.starts_with(&[0x1f, 0x8b]) {
                use std::io::Read;
                let mut text = String::new();
                let r = flate2::read::GzDecoder::new(bytes.as_slice())
                    .read_to_string(&mut text)
                    .map(|_| text)
                    .map_err(|e| format!("it is gzip-compressed (a gfortran module file) but cannot be decompressed: {e}"));
                return Some((p, ModFile::Gfortran(r)));
            }
            return Some((p, ModFile::Gpuf(String::from_utf8_lossy(&bytes).to_string())));
        }
    }
    None
}

/// Parses and checks the source; the module files of `use`d modules not defined in it are
/// searched in the `-I` directories, the `-J` directory, the working directory and the
/// source's directory.
fn check_source(job: &Job, path: &Path, out: &Path, src: &str, map: &SourceMap) -> Result<Checked, String> {
    let file = path.display().to_string();
    let mut dirs: Vec<PathBuf> = job.include_dirs.clone();
    dirs.push(module_dir(job, out));
    if job.gfortran_cli {
        dirs.push(PathBuf::from("."));
    }
    dirs.push(path.parent().map(Path::to_path_buf).filter(|p| !p.as_os_str().is_empty()).unwrap_or_else(|| PathBuf::from(".")));
    // The module files found: module name, path, why a gfortran one cannot be read.
    let found = std::sync::Mutex::new(Vec::<(String, PathBuf, Option<String>)>::new());
    let mut load = |name: &str| -> Option<String> {
        let (p, m) = dirs.iter().find_map(|d| read_mod(d, name))?;
        let (text, unreadable) = match m {
            ModFile::Gpuf(text) | ModFile::Gfortran(Ok(text)) => (text, None),
            // The front end reports an empty module file as malformed; the note says why.
            ModFile::Gfortran(Err(why)) => (String::new(), Some(why)),
        };
        if let Ok(mut f) = found.lock() {
            f.push((name.to_string(), p, unreadable));
        }
        Some(text)
    };
    let result = gpuf_frontend::parse_and_check_opts(
        src,
        &mut load,
        &gpuf_frontend::Options {
            openmp: job.openmp,
            implicit_none: job.implicit_none,
            allow_argument_mismatch: job.allow_argument_mismatch,
            dialect: job.dialect,
        },
    );
    let found = found.into_inner().unwrap_or_default();
    let (checked, warnings) = match result {
        Ok(x) => x,
        Err(diags) => {
            // Name the module file an error about a module file is about.
            let diags: Vec<Diagnostic> = diags
                .into_iter()
                .map(|d| {
                    let hit = found.iter().find(|(n, _, _)| {
                        (d.code == "E0123" || d.code == "E0900")
                            && (d.message.contains(&format!("`{n}.gmod`")) || d.message.contains(&format!("`{n}.mod`")))
                    });
                    match hit {
                        Some((_, p, Some(why))) => d.with_note(format!("note: `{}`: {why}", p.display())),
                        Some((_, p, None)) => d.with_note(format!("note: the module file is `{}`", p.display())),
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
fn module_files(job: &Job, path: &Path, out: &Path, checked: &Checked) -> Vec<(PathBuf, String)> {
    let file = path.display().to_string();
    let dir = module_dir(job, out);
    let mut files = Vec::new();
    for cu in &checked.units {
        if cu.unit.kind != gpuf_frontend::ast::UnitKind::Module {
            continue;
        }
        let name = &cu.unit.name.name;
        match gpuf_frontend::modfile::write(checked, name) {
            Ok(text) => files.push((dir.join(format!("{}.mod", name.to_ascii_lowercase())), text)),
            // The object is still fine for this file; only other files cannot use the module.
            Err(why) => say(&format!(
                "warning: no module file written for module `{name}` (in `{file}`): not yet supported: {why}\n  = note: other files cannot `use` this module\n\n"
            )),
        }
    }
    files
}

/// The module specialised for `t` that has kernels.
fn output_module(modules: &[gpuf_lower::ir::Module], t: Target) -> Option<&gpuf_lower::ir::Module> {
    modules.iter().find(|m| m.target == Some(t) && !m.kernels.is_empty())
}

/// Makes the program's device images (an object embedding them) from the device code of
/// the source being compiled, at the same time as its host code is generated.
type MakeImages<'a> = &'a (dyn Fn(&DeviceImages) -> Result<Option<PathBuf>, String> + Sync);

/// Compiles one source to `out` (an object, or what `--emit` asks for), writing the module
/// files of its modules after a successful build. With `sim_out`, the sim copy of the
/// kernels may be written there as an object of its own (made at the same time as the host
/// object; otherwise it is in `out`); whether it was. With `images`, also the program's
/// device images, made while the host object is generated: the object that embeds them.
fn compile_source(
    job: &Job,
    path: &Path,
    out: &Path,
    sim_out: Option<&Path>,
    images: Option<MakeImages>,
) -> Result<(Option<PathBuf>, bool), String> {
    let file = path.file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or_default();
    let (src, map) = timed(|| format!("read and preprocess `{file}`"), || read_source(job, path, false))?;
    let checked = timed(|| format!("parse and check `{file}`"), || check_source(job, path, out, &src, &map))?;
    let mods = module_files(job, path, out, &checked);
    if let Some(d) = mods.iter().filter_map(|(p, _)| p.parent()).find(|d| !d.as_os_str().is_empty() && !d.is_dir()) {
        return Err(format!("error: cannot write module files into `{}`: no such directory", d.display()));
    }
    let (images_obj, sim) = build_checked(job, path, out, sim_out, (checked, src, map), images)?;
    // Only after a successful build: a failed build leaves no module files behind. An
    // unchanged module file is not rewritten (as gfortran does), so build systems that
    // look at its time stamp do not recompile the files that use it.
    for (p, text) in &mods {
        if std::fs::read(p).is_ok_and(|old| old == text.as_bytes()) {
            continue;
        }
        if let Err(e) = write_atomic(p, text.as_bytes()) {
            if let Some(o) = &images_obj {
                remove(o);
            }
            return Err(e);
        }
    }
    Ok((images_obj, sim))
}

fn build_checked(
    job: &Job,
    path: &Path,
    out: &Path,
    sim_out: Option<&Path>,
    front: (Checked, String, SourceMap),
    make_images: Option<MakeImages>,
) -> Result<(Option<PathBuf>, bool), String> {
    let file = path.display().to_string();
    let (checked, src, map) = front;
    let emit = match job.stage {
        Stage::Emit(e) => Some(e),
        _ => None,
    };
    let dump_pass = match emit {
        Some(EmitKind::Gimple) => Some("gimple"),
        Some(EmitKind::OmpLower) => Some("omp-lower"),
        Some(EmitKind::OmpExpand) => Some("omp-expand"),
        Some(EmitKind::OaccXform) => Some("oacc-xform"),
        _ => None,
    };
    let target = job.target;
    let mut targets = vec![Target::Host, Target::Sim];
    match (emit, target) {
        (Some(EmitKind::LlvmIr | EmitKind::Asm | EmitKind::Obj), Some(t @ (Target::Nvptx | Target::Amdgcn))) => targets = vec![t],
        (Some(EmitKind::OaccXform), Some(t)) => targets = vec![t],
        (Some(EmitKind::OaccXform), None) => targets = vec![Target::Host, Target::Sim, Target::Nvptx, Target::Amdgcn],
        (Some(EmitKind::LlvmIr | EmitKind::Asm | EmitKind::Obj), _) => {}
        _ => {
            if job.nvptx {
                targets.push(Target::Nvptx);
            }
            if job.amdgcn {
                targets.push(Target::Amdgcn);
            }
        }
    }
    let name = path.file_name().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
    let popts = gpuf_lower::passes::Options {
        check_bounds: job.check_bounds,
        source_path: file.clone(),
        no_underscoring: job.dialect.no_underscoring,
        accel_report: job.info_accel,
        source_map: Some(map.clone()),
    };
    let output = match timed(
        || format!("passes ({} targets)", targets.len()),
        || gpuf_lower::passes::run_pipeline_with(&checked, &src, &name, &targets, dump_pass, &popts),
    ) {
        Ok(o) => o,
        Err(diags) => {
            render(&diags, &map);
            return Err(failed(&diags, &file));
        }
    };
    if let Some(r) = &output.report {
        // `-Minfo=accel`: on standard error, as nvfortran prints it.
        eprint!("{}", if r.is_empty() { format!("{file}: no compute constructs\n") } else { format!("{file}:\n{r}") });
    }
    if let Some(d) = output.dump {
        return write_atomic(out, d.as_bytes()).map(|_| (None, false));
    }
    let opts = Options {
        opt_level: job.opt,
        nvptx_arch: job.gpu_arch.clone(),
        amdgcn_arch: job.amdgpu_arch.clone(),
        host_cpu: job.host_cpu.clone(),
    };
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
                    let hsaco = link_hsaco(&bytes, out, job.verbose)?;
                    return write_atomic(out, &hsaco).map(|_| (None, false));
                }
                return write_atomic(out, &bytes).map(|_| (None, false));
            }
            _ => {
                let (h, s) = (module_for(Target::Host), module_for(Target::Sim));
                let (Some(h), Some(s)) = (h, s) else { return Err("error: internal: no host module".into()) };
                let mut images = DeviceImages::default();
                if e == EmitKind::Obj {
                    for (t, slot) in [(Target::Nvptx, &mut images.nvptx_bc), (Target::Amdgcn, &mut images.amdgcn_bc)] {
                        if let Some(m) = output_module(&output.modules, t) {
                            *slot = Some(cg(gpuf_codegen::compile_device_bitcode(m, &opts))?);
                        }
                    }
                }
                let bytes = cg(gpuf_codegen::compile_host(h, s, &images, &opts, ce(e)))?;
                return write_atomic(out, &bytes).map(|_| (None, false));
            }
        }
    }
    // The host object carries this file's device code as bitcode per GPU target; the final
    // link makes one image per target from all objects (`link::device_images`).
    let mut images = DeviceImages::default();
    if let Some(m) = module_for(Target::Nvptx).filter(|m| !m.kernels.is_empty()) {
        images.nvptx_bc = Some(cg(gpuf_codegen::compile_device_bitcode(m, &opts))?);
    }
    if let Some(m) = module_for(Target::Amdgcn).filter(|m| !m.kernels.is_empty()) {
        images.amdgcn_bc = Some(cg(gpuf_codegen::compile_device_bitcode(m, &opts))?);
    }
    let (Some(h), Some(s)) = (module_for(Target::Host), module_for(Target::Sim)) else {
        return Err("error: internal: no host module".into());
    };
    // The host code and the sim copy of the kernels are generated on two threads, as two
    // objects: linked as they are, or combined with `ld -r` into the one object of `-c`.
    let ld = if sim_out.is_some() { None } else { find_tool(&["ld"]) };
    let host_object = || {
        timed(
            || format!("host object `{name}`"),
            || {
                if sim_out.is_none() && ld.is_none() {
                    return cg(gpuf_codegen::compile_host(h, s, &images, &opts, Emit::Obj)).map(|o| (o, None));
                }
                gpuf_codegen::compile_host_parts(h, s, &images, &opts).map_err(|e| format!("error: {e}"))
            },
        )
    };
    let write_objects = |(obj, sim): (Vec<u8>, Option<Vec<u8>>)| -> Result<bool, String> {
        match (sim, sim_out, &ld) {
            (None, _, _) => write_atomic(out, &obj).map(|_| false),
            (Some(sim), Some(so), _) => {
                write_atomic(out, &obj)?;
                write_atomic(so, &sim).map(|_| true)
            }
            (Some(sim), None, Some(ld)) => {
                let one = timed(|| "`ld -r`: one object".into(), || combine_objects(ld, &obj, &sim, out, job.verbose))?;
                write_atomic(out, &one).map(|_| false)
            }
            (Some(_), None, None) => Err("error: internal: the sim copy was made apart without a way to combine it".into()),
        }
    };
    let Some(make_images) = make_images else {
        return host_object().and_then(write_objects).map(|sim| (None, sim));
    };
    // Each thread has its own LLVM context.
    let (obj, images_obj) = std::thread::scope(|sc| {
        let host = sc.spawn(host_object);
        let images_obj = timed(|| "device images".into(), || make_images(&images));
        let obj = host.join().unwrap_or_else(|_| Err("error: internal: the host code generator's thread panicked".into()));
        (obj, images_obj)
    });
    let written = obj.and_then(write_objects);
    match (written, images_obj) {
        (Ok(sim), r) => r.map(|im| (im, sim)),
        (Err(e), r) => {
            if let Ok(Some(o)) = r {
                remove(&o);
            }
            Err(e)
        }
    }
}
