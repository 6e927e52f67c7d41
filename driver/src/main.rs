//! `gpuf`: the compiler driver. The only crate that reads and writes files and starts
//! processes (`ld.lld-19` to link AMD code objects, `cc` to link executables).
//!
//! Two spellings of the command line: gfortran's (`gpuf -c a.f90 -o a.o`, what build systems
//! use; `cli::parse_gfortran`) and gpuf's subcommands (`gpuf compile`, `gpuf run`; clap).
//! Both become one `cli::Job`, run by `build::run_job`.
//!
//! Every output is written to a temporary file next to its destination and renamed on
//! success, so a failed build leaves nothing behind (`output.rs`).

mod build;
mod cli;
mod link;
mod output;
mod timing;

use clap::{Parser, Subcommand};
use cli::{BuildArgs, EmitKind, Stage};
use gpuf_lower::ir::Target;
use output::say;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

#[derive(Parser)]
#[command(
    name = "gpuf",
    version,
    about = "Fortran + OpenACC compiler for NVIDIA and AMD GPUs, with the host as fallback",
    after_help = "gfortran's command line works too: `gpuf [gfortran options] files...` (e.g. `gpuf -O2 -fopenacc -c a.f90`)."
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
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

fn main() -> ExitCode {
    // A panic is a bug in gpuf; report it as an internal error instead of a backtrace.
    std::panic::set_hook(Box::new(|info| {
        say(&format!(
            "error[E0999]: internal compiler error: {info}\n  = note: this is a bug in gpuf; please report it with the source file\n"
        ));
        // For gpuf's developers: where it happened.
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            say(&format!("{}\n", std::backtrace::Backtrace::force_capture()));
        }
    }));
    output::install_signal_cleanup();
    let args: Vec<OsString> = std::env::args_os().collect();
    let result = std::panic::catch_unwind(move || dispatch(args)).unwrap_or_else(|_| Err(String::new()));
    match result {
        Ok(code) => code,
        Err(msg) => {
            if !msg.is_empty() {
                say(&format!("{msg}\n"));
            }
            ExitCode::from(1)
        }
    }
}

/// The subcommand spelling when the first argument names one; gfortran's otherwise.
fn dispatch(args: Vec<OsString>) -> Result<ExitCode, String> {
    let first = args.get(1).and_then(|a| a.to_str()).unwrap_or("");
    if matches!(first, "compile" | "run" | "help") {
        // clap's own `-target` spelling: accept the single-dash long form as rustc-like users type it.
        let args: Vec<OsString> = args
            .into_iter()
            .map(|a| match a.to_str() {
                Some("-target") => OsString::from("--target"),
                Some(s) if s.starts_with("-target=") => OsString::from(format!("--target={}", &s["-target=".len()..])),
                _ => a,
            })
            .collect();
        let cli = match Cli::try_parse_from(args) {
            Ok(c) => c,
            Err(e) => {
                let code = if e.use_stderr() { 2 } else { 0 };
                let text = e.render().to_string();
                if e.use_stderr() {
                    say(&text);
                } else {
                    use std::io::Write;
                    let _ = std::io::stdout().write_all(text.as_bytes());
                }
                return Ok(ExitCode::from(code));
            }
        };
        return run_subcommand(cli);
    }
    let rest: Vec<OsString> = args.into_iter().skip(1).collect();
    if let Some(code) = info_flag(&rest) {
        return Ok(code);
    }
    let job = cli::parse_gfortran(&rest).map_err(|e| format!("error: {e}"))?;
    build::run_job(&job, None)?;
    Ok(ExitCode::SUCCESS)
}

/// `--version`, `-dumpversion`, `-dumpmachine`, `--help`: answered without compiling.
fn info_flag(args: &[OsString]) -> Option<ExitCode> {
    let has = |f: &str| args.iter().any(|a| a == f);
    let print = |s: &str| {
        use std::io::Write;
        let _ = std::io::stdout().write_all(s.as_bytes());
        Some(ExitCode::SUCCESS)
    };
    if has("--version") {
        return print(&format!(
            "gpuf {} (GNU Fortran {} compatible command line)\nFortran with OpenACC for NVIDIA and AMD GPUs, with the host as fallback.\n",
            env!("CARGO_PKG_VERSION"),
            cli::GNU_COMPAT_VERSION
        ));
    }
    if has("-dumpversion") || has("-dumpfullversion") {
        let v = if has("-dumpfullversion") { cli::GNU_COMPAT_VERSION } else { "12" };
        return print(&format!("{v}\n"));
    }
    if has("-dumpmachine") {
        return print("x86_64-linux-gnu\n");
    }
    if has("--help") {
        return print(
            "Usage: gpuf [options] file...    (gfortran's options; see also `gpuf compile --help`)\n  -c -o FILE -S -E -cpp -nocpp -D -U -I -J -L -l -O0..3 -Os -Ofast -Og -g -W... -std=\n  -fopenacc -fopenmp -fcheck=bounds -ffixed-form -ffree-form -ffixed-line-length-N -ftime-report -march=...\n",
        );
    }
    if args.iter().any(|a| a == "-v") && args.iter().all(|a| a == "-v") {
        say(&format!("gpuf version {} (GNU Fortran {} compatible)\n", env!("CARGO_PKG_VERSION"), cli::GNU_COMPAT_VERSION));
        return Some(ExitCode::SUCCESS);
    }
    None
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

fn run_subcommand(cli: Cli) -> Result<ExitCode, String> {
    match cli.cmd {
        Cmd::Compile { b, out, object, target, emit } => {
            let mut job = cli::from_build_args(&b).map_err(|e| format!("error: {e}"))?;
            job.target = target.as_deref().map(parse_target).transpose()?;
            job.out = out;
            job.stage = match (emit, object) {
                (Some(e), _) => Stage::Emit(e),
                (None, true) => Stage::Object,
                (None, false) => Stage::Link,
            };
            build::run_job(&job, None)?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Run { b, args } => {
            let job = cli::from_build_args(&b).map_err(|e| format!("error: {e}"))?;
            let dir = std::env::temp_dir().join(format!("gpuf-run-{}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(|e| format!("error: cannot create {}: {e}", dir.display()))?;
            let exe = dir.join("prog");
            let r = build::run_job(&job, Some(&exe));
            let status =
                r.and_then(|_| Command::new(&exe).args(&args).status().map_err(|e| format!("error: cannot run {}: {e}", exe.display())));
            let _ = std::fs::remove_dir_all(&dir);
            let status = status?;
            Ok(ExitCode::from(status.code().unwrap_or(1).clamp(0, 255) as u8))
        }
    }
}
