//! The two command-line spellings, both turned into one [`Job`]: gfortran's (`gpuf -c a.f90
//! -o a.o`, any number of sources, objects and flags, as build systems pass them) and gpuf's
//! own subcommands (`gpuf compile`, `gpuf run`, parsed with clap in `main.rs`).

use gpuf_lower::ir::Target;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// What `--emit` (or `-S`) asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum EmitKind {
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

/// How far to go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Compile and link an executable (or a shared library with `-shared`).
    Link,
    /// `-c`: one object per source.
    Object,
    /// `-E`: the preprocessed source.
    Preprocess,
    /// `--emit=...` / `-S`: one target's code or a pass's IR.
    Emit(EmitKind),
}

/// Source form, by suffix or forced with `-ffree-form` / `-ffixed-form`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Free,
    Fixed,
}

/// One thing on the link line, in command-line order.
#[derive(Clone, Debug)]
pub enum LinkItem {
    /// An object, archive or shared library.
    File(PathBuf),
    /// `-lNAME`.
    Lib(String),
    /// An argument passed to the linker as it is (`-Wl,...`, `-Xlinker x`, `-shared`, ...).
    Raw(OsString),
}

/// One invocation of the compiler, whatever its spelling.
#[derive(Clone, Debug)]
pub struct Job {
    /// The Fortran sources, in order (a module must come before the files that use it).
    pub sources: Vec<PathBuf>,
    pub link_items: Vec<LinkItem>,
    pub lib_dirs: Vec<PathBuf>,
    pub out: Option<PathBuf>,
    pub stage: Stage,
    /// `--target` for `--emit`.
    pub target: Option<Target>,
    pub opt: u8,
    pub gpu_arch: String,
    pub amdgpu_arch: String,
    pub nvptx: bool,
    pub amdgcn: bool,
    /// `-D` (value `"1"` when none is given) and `-U`, in order.
    pub defines: Vec<(String, Option<String>)>,
    pub include_dirs: Vec<PathBuf>,
    pub module_dir: Option<PathBuf>,
    /// `-cpp` / `-nocpp`; `None`: by suffix.
    pub cpp: Option<bool>,
    pub form: Option<Form>,
    pub fixed_line_length: usize,
    pub openacc: bool,
    pub openmp: bool,
    pub check_bounds: bool,
    /// `-Minfo=accel` (nvfortran) or `--minfo=accel`: print the loop-mapping report.
    pub info_accel: bool,
    /// `-ftime-report`: print the wall time of each phase on standard error.
    pub time_report: bool,
    /// `-g` (any level but `-g0`): the executable keeps all debug information (without it,
    /// the run-time library's is dropped at the link when no other input has any).
    pub debug: bool,
    /// `-march=...` for host code (`native` is the build machine's CPU).
    pub host_cpu: Option<String>,
    /// gfortran's spelling: module files go to the working directory unless `-J`, and
    /// gfortran's macros are predefined.
    pub gfortran_cli: bool,
    /// `-v`: print the commands run.
    pub verbose: bool,
    /// `-fimplicit-none`.
    pub implicit_none: bool,
    /// `-fallow-argument-mismatch`.
    pub allow_argument_mismatch: bool,
    /// `-fdefault-real-8`, `-fdefault-double-8`, `-fdefault-integer-8`, `-fbackslash`,
    /// `-fno-underscoring`.
    pub dialect: gpuf_frontend::dialect::Dialect,
}

impl Job {
    fn new(gfortran_cli: bool) -> Job {
        Job {
            sources: Vec::new(),
            link_items: Vec::new(),
            lib_dirs: Vec::new(),
            out: None,
            stage: Stage::Link,
            target: None,
            opt: if gfortran_cli { 0 } else { 2 },
            gpu_arch: "sm_80".into(),
            amdgpu_arch: "gfx90a".into(),
            nvptx: true,
            amdgcn: true,
            defines: Vec::new(),
            include_dirs: Vec::new(),
            module_dir: None,
            cpp: None,
            form: None,
            fixed_line_length: 72,
            openacc: !gfortran_cli,
            openmp: false,
            check_bounds: false,
            info_accel: false,
            time_report: false,
            debug: false,
            host_cpu: None,
            gfortran_cli,
            verbose: false,
            implicit_none: false,
            allow_argument_mismatch: false,
            dialect: gpuf_frontend::dialect::Dialect::default(),
        }
    }

    /// The link-only inputs (objects and archives).
    pub fn link_files(&self) -> impl Iterator<Item = &PathBuf> {
        self.link_items.iter().filter_map(|i| match i {
            LinkItem::File(p) => Some(p),
            _ => None,
        })
    }
}

/// What a file is, by its suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A Fortran source: its form and whether the C preprocessor runs by default.
    Fortran(Form, bool),
    /// Anything else goes to the linker.
    Linker,
}

pub fn file_kind(p: &Path) -> FileKind {
    let ext = p.extension().map(|e| e.to_string_lossy().to_string()).unwrap_or_default();
    match ext.as_str() {
        "f90" | "f95" | "f03" | "f08" => FileKind::Fortran(Form::Free, false),
        "F90" | "F95" | "F03" | "F08" => FileKind::Fortran(Form::Free, true),
        "f" | "for" | "ftn" | "f77" => FileKind::Fortran(Form::Fixed, false),
        "F" | "FOR" | "FTN" | "F77" | "fpp" | "FPP" => FileKind::Fortran(Form::Fixed, true),
        _ => FileKind::Linker,
    }
}

/// The name and version gpuf reports as, for `--version` / `-dumpversion` (gfortran-compatible
/// major version, so that build systems testing `__GNUC__` get what they expect).
pub const GNU_COMPAT_VERSION: &str = "12.2.0";

/// `-f` options that do not change what gpuf generates (optimisation, diagnostics and
/// code-layout choices that gfortran users pass): accepted quietly.
const QUIET_F: &[&str] = &[
    "PIC",
    "pic",
    "PIE",
    "pie",
    "no-pic",
    "no-pie",
    "backtrace",
    "no-backtrace",
    "recursive",
    "no-backslash",
    "fast-math",
    "no-fast-math",
    "unroll-loops",
    "no-unroll-loops",
    "omit-frame-pointer",
    "no-omit-frame-pointer",
    "stack-arrays",
    "no-stack-arrays",
    "strict-aliasing",
    "no-strict-aliasing",
    "tree-vectorize",
    "no-tree-vectorize",
    "range-check",
    "no-range-check",
    "realloc-lhs",
    "implicit-none-off",
    "all-intrinsics",
    "protect-parens",
    "no-protect-parens",
    "lto",
    "no-lto",
    "no-plt",
    "no-common",
    "common",
    "exceptions",
    "asynchronous-unwind-tables",
    "no-asynchronous-unwind-tables",
    "external-blas",
    "openmp-simd",
    "no-openmp-simd",
    "peel-loops",
    "prefetch-loop-arrays",
    "whole-program",
    "pretty-print",
    "show-column",
    "no-show-column",
    "sign-zero",
    "underscoring",
    "second-underscore",
    "no-second-underscore",
    "intrinsic-modules-path",
    "align-commons",
    "no-align-commons",
    "aggressive-function-elimination",
    "frontend-optimize",
    "no-frontend-optimize",
    "inline-matmul-limit",
    "max-stack-var-size",
    "max-array-constructor",
    "semantic-interposition",
    "no-semantic-interposition",
];
/// Prefixes of `-f` options accepted quietly for the same reason.
const QUIET_F_PREFIX: &[&str] = &[
    "free-line-length-",
    "max-errors=",
    "diagnostics-",
    "message-length=",
    "visibility=",
    "stack-protector",
    "no-stack-protector",
    "cf-protection",
    "opt-info",
    "tree-",
    "no-tree-",
    "ipa-",
    "no-ipa-",
    "align-",
    "inline",
    "no-inline",
    "schedule-",
    "no-schedule-",
    "gcse",
    "no-gcse",
    "profile-",
    "lto-",
    "check=",
    "max-stack-var-size=",
    "inline-matmul-limit=",
    "max-array-constructor=",
    "blas-matmul-limit=",
    "fpe-summary=",
    "debug-prefix-map=",
    "file-prefix-map=",
    "macro-prefix-map=",
    "record-gcc-switches",
    "no-record-gcc-switches",
    "ident",
    "no-ident",
    "working-directory",
    "dollar-ok",
    "trapping-math",
    "no-trapping-math",
    "signed-zeros",
    "no-signed-zeros",
    "unsafe-math-optimizations",
    "no-unsafe-math-optimizations",
    "finite-math-only",
    "no-finite-math-only",
    "math-errno",
    "no-math-errno",
    "associative-math",
    "reciprocal-math",
    "unroll-all-loops",
    "variable-expansion-in-unroller",
    "ipa",
    "fat-lto-objects",
    "no-fat-lto-objects",
    "use-linker-plugin",
    "function-sections",
    "data-sections",
    "stack-clash-protection",
    "split-stack",
    "sanitize-recover",
];

/// A failed parse: the message, without `error: `.
pub type CliError = String;

/// Parses gfortran's command line (`args` without the program name).
pub fn parse_gfortran(args: &[OsString]) -> Result<Job, CliError> {
    let mut j = Job::new(true);
    let mut i = 0;
    let mut lang: Option<(Form, bool)> = None;
    // The argument after a flag that takes one (`-o x`), attached or not (`-ox`).
    let value = |i: &mut usize, flag: &str, a: &str| -> Result<OsString, CliError> {
        if a.len() > flag.len() {
            return Ok(OsString::from(&a[flag.len()..]));
        }
        *i += 1;
        args.get(*i).cloned().ok_or_else(|| format!("missing argument to `{flag}`"))
    };
    while i < args.len() {
        let raw = &args[i];
        let Some(a) = raw.to_str() else {
            // A file name that is not UTF-8: a file to compile or link, by its suffix.
            add_file(&mut j, PathBuf::from(raw), lang);
            i += 1;
            continue;
        };
        let a = a.to_string();
        match a.as_str() {
            "-c" => j.stage = Stage::Object,
            "-S" => j.stage = Stage::Emit(EmitKind::Asm),
            "-E" => j.stage = Stage::Preprocess,
            "-v" => j.verbose = true,
            "-cpp" => j.cpp = Some(true),
            "-nocpp" => j.cpp = Some(false),
            "-w" | "-pedantic" | "-pedantic-errors" | "-pipe" | "-s" | "-rdynamic" | "-m64" => {
                if matches!(a.as_str(), "-s" | "-rdynamic") {
                    j.link_items.push(LinkItem::Raw(raw.clone()));
                }
            }
            "-shared" | "-static" | "-pthread" | "-static-libgfortran" | "-static-libgcc" | "-no-pie" | "-pie" => {
                if a == "-pthread" {
                    // Used at compile time too; only the link cares.
                }
                j.link_items.push(LinkItem::Raw(raw.clone()));
            }
            "-O" => j.opt = 1,
            "-Os" | "-Oz" => j.opt = 2,
            "-Ofast" => j.opt = 3,
            "-Og" => j.opt = 1,
            "-acc" => j.openacc = true,
            "-mp" | "-mp=gpu" | "-mp=multicore" => j.openmp = true,
            "-Xlinker" => {
                i += 1;
                let v = args.get(i).ok_or("missing argument to `-Xlinker`")?;
                j.link_items.push(LinkItem::Raw(OsString::from("-Xlinker")));
                j.link_items.push(LinkItem::Raw(v.clone()));
            }
            "-x" => {
                i += 1;
                let v = args.get(i).and_then(|v| v.to_str()).ok_or("missing argument to `-x`")?;
                lang = match v {
                    "f95" | "f90" => Some((Form::Free, false)),
                    "f95-cpp-input" | "f90-cpp-input" => Some((Form::Free, true)),
                    "f77" => Some((Form::Fixed, false)),
                    "f77-cpp-input" => Some((Form::Fixed, true)),
                    "none" => None,
                    other => {
                        return Err(format!(
                            "language `{other}` given to `-x` is not Fortran (gpuf compiles f95, f95-cpp-input, f77, f77-cpp-input)"
                        ))
                    }
                };
            }
            _ if a.starts_with("-O") => {
                let l = &a[2..];
                j.opt = l.parse::<u8>().map(|n| n.min(3)).map_err(|_| format!("unknown optimisation level `{a}`"))?;
            }
            _ if a.starts_with("-o") => j.out = Some(PathBuf::from(value(&mut i, "-o", &a)?)),
            _ if a.starts_with("-D") => {
                let v = value(&mut i, "-D", &a)?.to_string_lossy().to_string();
                j.defines.push(match v.split_once('=') {
                    Some((n, v)) => (n.to_string(), Some(v.to_string())),
                    None => (v, Some("1".to_string())),
                });
            }
            _ if a.starts_with("-U") => {
                let v = value(&mut i, "-U", &a)?.to_string_lossy().to_string();
                j.defines.push((v, None));
            }
            _ if a.starts_with("-I") => j.include_dirs.push(PathBuf::from(value(&mut i, "-I", &a)?)),
            _ if a.starts_with("-J") => j.module_dir = Some(PathBuf::from(value(&mut i, "-J", &a)?)),
            _ if a.starts_with("-L") => j.lib_dirs.push(PathBuf::from(value(&mut i, "-L", &a)?)),
            _ if a.starts_with("-l") => j.link_items.push(LinkItem::Lib(value(&mut i, "-l", &a)?.to_string_lossy().to_string())),
            _ if a.starts_with("-Wl,") => j.link_items.push(LinkItem::Raw(raw.clone())),
            _ if a.starts_with("-Wp,") || a.starts_with("-Wa,") => {
                return Err(format!("`{a}` passes options to a preprocessor or assembler that gpuf does not use"))
            }
            _ if a.starts_with("-g") => j.debug = a != "-g0",
            _ if a.starts_with("-W") || a.starts_with("-std=") || a.starts_with("-mtune=") => {}
            _ if a.starts_with("-march=") => j.host_cpu = Some(a["-march=".len()..].to_string()),
            _ if a.starts_with("-mcpu=") => j.host_cpu = Some(a["-mcpu=".len()..].to_string()),
            _ if a.starts_with("-m") => {}
            _ if a.starts_with("-gpu=") => {
                for part in a["-gpu=".len()..].split(',') {
                    if let Some(cc) = part.strip_prefix("cc") {
                        if cc.chars().all(|c| c.is_ascii_digit()) && !cc.is_empty() {
                            j.gpu_arch = format!("sm_{cc}");
                        }
                    }
                }
            }
            // nvfortran's `-Minfo` (every kind of message) and `-Minfo=accel,...`.
            _ if a == "-Minfo"
                || a == "-Minfo=all"
                || a.starts_with("-Minfo=") && a[7..].split(',').any(|w| w == "accel" || w == "all") =>
            {
                j.info_accel = true
            }
            _ if a.starts_with("-Minfo") || a.starts_with("-Mfree") || a.starts_with("-Mpreprocess") => {}
            _ if a.starts_with("-f") => f_option(&mut j, &a[2..])?,
            "--version" | "-dumpversion" | "-dumpfullversion" | "-dumpmachine" | "--help" | "-###" => {
                return Err(format!("internal: `{a}` is handled before parsing"));
            }
            "-" => return Err("reading the source from standard input (`-`) is not supported; name a file".into()),
            _ if a.starts_with('-') => return Err(format!("unknown option `{a}`")),
            _ => add_file(&mut j, PathBuf::from(raw), lang),
        }
        i += 1;
    }
    Ok(j)
}

fn add_file(j: &mut Job, p: PathBuf, lang: Option<(Form, bool)>) {
    match (lang, file_kind(&p)) {
        (Some(_), _) | (None, FileKind::Fortran(..)) => j.sources.push(p),
        (None, FileKind::Linker) => j.link_items.push(LinkItem::File(p)),
    }
}

/// One `-fNAME` option of gfortran's spelling.
fn f_option(j: &mut Job, f: &str) -> Result<(), CliError> {
    match f {
        "openacc" => j.openacc = true,
        "no-openacc" => j.openacc = false,
        "openmp" => j.openmp = true,
        "no-openmp" => j.openmp = false,
        "free-form" => j.form = Some(Form::Free),
        "fixed-form" => j.form = Some(Form::Fixed),
        "preprocessed" => j.cpp = Some(false),
        "check=bounds" | "check=all" | "bounds-check" => j.check_bounds = true,
        "check=no-bounds" | "check=no-all" => j.check_bounds = false,
        "implicit-none" => j.implicit_none = true,
        "time-report" => j.time_report = true,
        "allow-argument-mismatch" => j.allow_argument_mismatch = true,
        "no-allow-argument-mismatch" => j.allow_argument_mismatch = false,
        "default-real-8" => j.dialect.default_real8 = true,
        "default-double-8" => j.dialect.default_double8 = true,
        "default-integer-8" => j.dialect.default_integer8 = true,
        "real-4-real-8" | "real-8-real-4" | "integer-4-integer-8" => {
            return Err(not_yet_flag(f, "changing the kinds of declared entities"))
        }
        "backslash" => j.dialect.backslash = true,
        "no-backslash" => j.dialect.backslash = false,
        "no-underscoring" => j.dialect.no_underscoring = true,
        "underscoring" => j.dialect.no_underscoring = false,
        "no-automatic" => return Err(not_yet_flag(f, "static storage for every local variable")),
        "no-realloc-lhs" => return Err(not_yet_flag(f, "assignment without reallocation of allocatable arrays")),
        "cray-pointer" => return Err(not_yet_flag(f, "Cray pointers")),
        "dec" => return Err(not_yet_flag(f, "DEC extensions")),
        "d-lines-as-code" | "d-lines-as-comments" => return Err(not_yet_flag(f, "`d` lines in fixed form")),
        "module-private" => return Err(not_yet_flag(f, "private module entities by default")),
        _ => {
            if let Some(n) = f.strip_prefix("fixed-line-length-") {
                j.fixed_line_length = match n {
                    "none" | "0" => usize::MAX,
                    _ => n.parse().map_err(|_| format!("invalid value in `-f{f}` (a column count, or `none`)"))?,
                };
            } else if f.starts_with("convert=") && f != "convert=native" && f != "convert=little-endian" {
                return Err(not_yet_flag(f, "byte-order conversion of unformatted files"));
            } else if f.starts_with("init-") {
                return Err(not_yet_flag(f, "initialising local variables"));
            } else if f.starts_with("dec-") {
                return Err(not_yet_flag(f, "DEC extensions"));
            } else if f.starts_with("sanitize") && !f.starts_with("sanitize-recover") {
                return Err(not_yet_flag(f, "sanitizers"));
            } else if f.starts_with("coarray") {
                return Err(not_yet_flag(f, "coarrays"));
            } else if f.starts_with("ffpe-trap") || f.starts_with("fpe-trap") {
                return Err(not_yet_flag(f, "floating-point exception traps"));
            } else if QUIET_F.contains(&f) || QUIET_F_PREFIX.iter().any(|p| f.starts_with(p)) {
            } else {
                return Err(format!("unknown option `-f{f}`"));
            }
        }
    }
    Ok(())
}

fn not_yet_flag(f: &str, what: &str) -> String {
    format!("not yet implemented: `-f{f}` ({what}); gpuf does not accept a flag that would change the meaning of the program without honouring it")
}

/// `gpuf compile` / `gpuf run`: the subcommand's options, parsed by clap in `main.rs`.
#[derive(clap::Args, Clone)]
pub struct BuildArgs {
    /// The Fortran source file (free form; fixed form for `.f`, `.F`, `.for`).
    pub file: PathBuf,
    /// More Fortran sources to compile, and objects and libraries to link with (`.o`,
    /// `.a`, `.so`), e.g. built by gfortran.
    pub inputs: Vec<PathBuf>,
    /// Link with a library (`-l gfortran`, `-l blas`).
    #[arg(short = 'l', value_name = "LIB")]
    pub libs: Vec<String>,
    /// Search this directory for `-l` libraries.
    #[arg(short = 'L', value_name = "DIR")]
    pub lib_dirs: Vec<PathBuf>,
    /// Optimisation level 0..3.
    #[arg(short = 'O', default_value = "2", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt: u8,
    /// NVIDIA architecture of the PTX (`sm_70`, `sm_80`, `sm_90`...).
    #[arg(long = "gpu-arch", default_value = "sm_80")]
    pub gpu_arch: String,
    /// AMD architecture of the code object (`gfx90a`, `gfx942`, `gfx1100`...).
    #[arg(long = "amdgpu-arch", default_value = "gfx90a")]
    pub amdgpu_arch: String,
    /// Device images to embed: `nvptx`, `amdgcn`, both (default) or `none`.
    #[arg(long = "offload", value_delimiter = ',', default_values = ["nvptx", "amdgcn"])]
    pub offload: Vec<String>,
    /// Define a preprocessor macro: `-D NAME` or `-D NAME=value`.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,
    /// Search this directory for `#include` and `include` files (after the source's own).
    #[arg(short = 'I', value_name = "DIR")]
    pub include_dirs: Vec<PathBuf>,
    /// Run the C preprocessor even for `.f90` files (it always runs for `.F90`).
    #[arg(long = "cpp")]
    pub cpp: bool,
    /// Write module files (`NAME.mod`) into this directory (default: the output's
    /// directory); it is also searched for the module files of `use`d modules.
    #[arg(short = 'J', value_name = "DIR")]
    pub module_dir: Option<PathBuf>,
    /// gfortran-style `-f` options: `-fcheck=bounds` (or `-fcheck=all`) checks the array
    /// subscripts of host code at run time; `-fopenmp` compiles `!$` conditional lines;
    /// `-ffixed-form`, `-ffree-form`, `-ffixed-line-length-N`; `-ftime-report` prints the
    /// wall time of each phase of the compilation.
    #[arg(short = 'f', value_name = "OPTION")]
    pub fopts: Vec<String>,
    /// `--minfo=accel`: print, for each compute construct and loop, the partitioning chosen,
    /// the data clauses (implicit ones marked), private and firstprivate variables and
    /// reductions (nvfortran's `-Minfo=accel`).
    #[arg(long = "minfo", value_name = "WHAT", value_parser = ["accel"])]
    pub minfo: Option<String>,
}

/// `gpuf compile` / `gpuf run` as a [`Job`]: OpenACC always on, `-O2` by default.
pub fn from_build_args(b: &BuildArgs) -> Result<Job, CliError> {
    let mut j = Job::new(false);
    add_file(&mut j, b.file.clone(), None);
    for p in &b.inputs {
        add_file(&mut j, p.clone(), None);
    }
    j.link_items.extend(b.libs.iter().map(|l| LinkItem::Lib(l.clone())));
    j.lib_dirs = b.lib_dirs.clone();
    j.opt = b.opt;
    j.gpu_arch = b.gpu_arch.clone();
    j.amdgpu_arch = b.amdgpu_arch.clone();
    for o in &b.offload {
        if !["nvptx", "amdgcn", "none"].contains(&o.as_str()) {
            return Err(format!("unknown offload target `{o}` (expected nvptx, amdgcn or none)"));
        }
    }
    j.nvptx = b.offload.iter().any(|o| o == "nvptx");
    j.amdgcn = b.offload.iter().any(|o| o == "amdgcn");
    j.defines = b
        .defines
        .iter()
        .map(|d| match d.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (d.clone(), Some("1".to_string())),
        })
        .collect();
    j.include_dirs = b.include_dirs.clone();
    if b.cpp {
        j.cpp = Some(true);
    }
    j.module_dir = b.module_dir.clone();
    j.info_accel = b.minfo.is_some();
    for f in &b.fopts {
        match f.as_str() {
            "openmp" | "openacc" | "free-form" | "fixed-form" | "check=bounds" | "check=all" | "check=no-bounds" | "check=no-all"
            | "implicit-none" | "time-report" | "allow-argument-mismatch" | "default-real-8" | "default-double-8" | "default-integer-8" | "backslash" | "no-underscoring" => {
                f_option(&mut j, f)?
            }
            _ if f.starts_with("fixed-line-length-") => f_option(&mut j, f)?,
            _ => return Err(format!("unknown option `-f{f}` (gpuf compile knows -fcheck=bounds, -fopenmp, -ffixed-form, -ffree-form, -ffixed-line-length-N, -fimplicit-none, -ftime-report, -fallow-argument-mismatch, -fdefault-real-8, -fdefault-double-8, -fdefault-integer-8, -fbackslash, -fno-underscoring; the gfortran spelling `gpuf -c ...` takes gfortran's flags)")),
        }
    }
    Ok(j)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Job, CliError> {
        let v: Vec<OsString> = s.split_whitespace().map(OsString::from).collect();
        parse_gfortran(&v)
    }

    #[test]
    fn gfortran_flags() {
        let j = parse("-c -O3 -O1 -g -Wall -fPIC -march=native -std=f2008 -cpp -ffree-line-length-none -fopenacc a.f90 b.F -Ifoo -I bar -DX=2 -UY -Jmods -o x.o").unwrap();
        assert_eq!(j.stage, Stage::Object);
        assert_eq!(j.opt, 1);
        assert_eq!(j.sources.len(), 2);
        assert!(j.openacc && !j.openmp);
        assert_eq!(j.include_dirs, vec![PathBuf::from("foo"), PathBuf::from("bar")]);
        assert_eq!(j.defines, vec![("X".into(), Some("2".into())), ("Y".into(), None)]);
        assert_eq!(j.module_dir, Some(PathBuf::from("mods")));
        assert_eq!(j.host_cpu.as_deref(), Some("native"));
        assert_eq!(j.out, Some(PathBuf::from("x.o")));
        let j = parse("main.o lib.a -L/x -lm -Wl,-rpath,/y -o prog -Ofast").unwrap();
        assert_eq!(j.opt, 3);
        assert_eq!(j.sources.len(), 0);
        assert_eq!(j.link_files().count(), 2);
    }

    #[test]
    fn flags_that_change_meaning_are_refused() {
        assert!(parse("-fno-automatic a.f90").unwrap_err().contains("not yet implemented: `-fno-automatic`"));
        assert!(parse("-fbogus a.f90").unwrap_err().contains("unknown option `-fbogus`"));
        assert!(parse("-qfoo a.f90").unwrap_err().contains("unknown option"));
    }
}
