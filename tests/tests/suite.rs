//! The end-to-end suite: OpenACC programs against gfortran on host, sim32 and sim64;
//! device code for nvptx and amdgcn; IR and device-code snapshots; diagnostics (UI tests).
//!
//! Expected diagnostics are blessed with `GPUF_BLESS=1`; snapshots with `INSTA_UPDATE=always`.

use gpuf_tests::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn threads() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).min(4)
}

/// The compiler flags a test program asks for on its first line (`! flags: -fcheck=bounds`),
/// given to both gfortran and gpuf.
fn program_flags(src: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(src).unwrap_or_default();
    let first = text.lines().next().unwrap_or("");
    match first.trim_start().strip_prefix("! flags:") {
        Some(f) => f.split_whitespace().map(str::to_string).collect(),
        None => Vec::new(),
    }
}

/// Programs whose name contains `rterr` end with a Fortran runtime error: their
/// `Fortran runtime error:` line must be gfortran's.
fn runtime_error_line(stderr: &str) -> Option<&str> {
    stderr.lines().find(|l| l.starts_with("Fortran runtime error:"))
}

/// `gfortran` as the oracle: host code only (`-foffload=disable`), so that an installed
/// offload compiler (Debian's gcc-12-offload-nvptx) cannot change or break the reference.
fn gfortran_cmd() -> Command {
    let mut c = Command::new("gfortran");
    c.arg("-foffload=disable");
    c
}

/// gfortran's output, exit code and standard error for the program (the oracle).
fn gfortran_run(src: &Path, dir: &Path) -> Result<(String, i32, String), String> {
    let exe = dir.join("ref");
    // Run in the scratch directory so that module files land there.
    let o = run(gfortran_cmd()
        .current_dir(dir)
        .arg("-O1")
        .arg("-fopenacc")
        .arg("-ffree-line-length-none")
        .args(program_flags(src))
        .arg(src)
        .arg("-o")
        .arg(&exe));
    if !o.status.success() {
        return Err(format!("gfortran rejected {}:\n{}", src.display(), String::from_utf8_lossy(&o.stderr)));
    }
    let mut c = Command::new(&exe);
    with_input(&mut c, src, dir)?;
    let r = run(&mut c);
    // Without its input a reading program fails the same way under both compilers.
    let rterr = src.file_name().is_some_and(|n| n.to_string_lossy().contains("rterr"));
    if src.with_extension("in").exists() && !r.status.success() && !rterr {
        return Err(format!("{}: the gfortran-built program failed on its input:\n{}", src.display(), String::from_utf8_lossy(&r.stderr)));
    }
    Ok((String::from_utf8_lossy(&r.stdout).to_string(), r.status.code().unwrap_or(-1), String::from_utf8_lossy(&r.stderr).to_string()))
}

/// Runs a test program in its scratch directory (files it opens land there), with
/// `NAME.in` beside `NAME.f90` as its standard input when there is one.
fn with_input(c: &mut Command, src: &Path, dir: &Path) -> Result<(), String> {
    c.current_dir(dir);
    let input = src.with_extension("in");
    if input.exists() {
        let f = std::fs::File::open(&input).map_err(|e| format!("{}: {e}", input.display()))?;
        c.stdin(std::process::Stdio::from(f));
    }
    Ok(())
}

/// The standard output of a command that must have succeeded (`what` names it).
fn ok_stdout(o: std::process::Output, what: &str) -> String {
    assert!(o.status.success(), "{what}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn gpuf_build(src: &Path, exe: &Path, extra: &[&str]) -> Result<(), String> {
    let o = run(Command::new(gpuf()).arg("compile").arg(src).arg("-o").arg(exe).args(extra));
    if !o.status.success() {
        return Err(format!("gpuf failed on {}:\n{}", src.display(), String::from_utf8_lossy(&o.stderr)));
    }
    Ok(())
}

/// Runs the programs of `tests/programs/<dir>` with gfortran and with gpuf on each device;
/// `env` is given to gpuf's runs only (`OMP_TARGET_OFFLOAD=mandatory`: gfortran 12 runs
/// target regions on the host, which that setting forbids).
fn differential(dir: &str, devices: &[(&str, Option<&str>)], env: &[(&str, &str)]) {
    let runs: Vec<Run> = devices.iter().map(|(d, l)| (*d, *l, env)).collect();
    differential_runs(dir, &runs);
}

/// One run of a differential program's gpuf build: device, sim lanes, environment.
type Run<'a> = (&'a str, Option<&'a str>, &'a [(&'a str, &'a str)]);

/// [`differential`] with an environment of its own for each run of gpuf's build.
fn differential_runs(dir: &str, runs: &[Run]) {
    let mut srcs = fortran_files(&root().join("tests/programs").join(dir));
    assert!(!srcs.is_empty(), "no programs in tests/programs/{dir}");
    // GPUF_ONLY=text runs only the programs whose file name contains `text`.
    if let Ok(only) = std::env::var("GPUF_ONLY") {
        srcs.retain(|p| p.file_name().is_some_and(|n| n.to_string_lossy().contains(&only)));
    }
    let fails = parallel(&srcs, threads(), |src| {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("{dir}-{name}"));
        let (want, want_code, want_err) = gfortran_run(src, &d)?;
        let exe = d.join("prog");
        let flags = program_flags(src);
        gpuf_build(src, &exe, &flags.iter().map(String::as_str).collect::<Vec<_>>())?;
        for (dev, lanes, env) in runs {
            let mut c = Command::new(&exe);
            with_input(&mut c, src, &d)?;
            c.env("ACC_DEVICE_TYPE", dev);
            c.envs(env.iter().copied());
            if let Some(l) = lanes {
                c.env("GPUF_SIM_LANES", l);
            }
            let r = run(&mut c);
            let got = String::from_utf8_lossy(&r.stdout).to_string();
            let code = r.status.code().unwrap_or(-1);
            if got != want || code != want_code {
                return Err(format!(
                    "{name} on {dev}{} with {env:?}: output differs from gfortran (exit {code} vs {want_code})\n--- gfortran\n{want}--- gpuf\n{got}--- stderr\n{}",
                    lanes.map(|l| format!(" ({l} lanes)")).unwrap_or_default(),
                    String::from_utf8_lossy(&r.stderr)
                ));
            }
            if name.contains("rterr") {
                let got_err = String::from_utf8_lossy(&r.stderr);
                let want_line = runtime_error_line(&want_err);
                if want_line.is_none() || runtime_error_line(&got_err) != want_line {
                    return Err(format!(
                        "{name} on {dev}: the runtime error differs from gfortran's\n--- gfortran\n{want_err}--- gpuf\n{got_err}"
                    ));
                }
            }
        }
        Ok(())
    });
    assert!(fails.is_empty(), "{} program(s) failed:\n{}", fails.len(), fails.join("\n"));
}

/// On the host device with its default thread count and with 1, 3 and 4 threads
/// (`ACC_NUM_CORES`: gang loops are split over host threads), and on sim.
#[test]
fn acc_programs_match_gfortran_on_host_and_sim() {
    let t: [&[(&str, &str)]; 4] = [&[], &[("ACC_NUM_CORES", "1")], &[("ACC_NUM_CORES", "3")], &[("ACC_NUM_CORES", "4")]];
    differential_runs(
        "acc",
        &[
            ("host", None, t[0]),
            ("host", None, t[1]),
            ("host", None, t[2]),
            ("host", None, t[3]),
            ("sim", Some("32"), t[0]),
            ("sim", Some("64"), t[0]),
        ],
    );
}

/// Host OpenMP programs (`! flags: -fopenmp`) whose output does not depend on the number of
/// threads, against `gfortran -fopenmp`, with 1 to 4 threads (and target regions on sim).
#[test]
fn omp_host_programs_match_gfortran_with_1_to_4_threads() {
    let t: [&[(&str, &str)]; 4] =
        [&[("OMP_NUM_THREADS", "1")], &[("OMP_NUM_THREADS", "2")], &[("OMP_NUM_THREADS", "3")], &[("OMP_NUM_THREADS", "4")]];
    differential_runs("omp_host", &[("host", None, t[0]), ("host", None, t[1]), ("sim", Some("32"), t[2]), ("host", None, t[3])]);
}

/// OpenMP target programs (`! flags: -fopenmp`) against `gfortran -fopenmp`, with
/// `OMP_TARGET_OFFLOAD=mandatory` for gpuf (the host and sim devices are offload devices).
/// The host device runs with its default thread count and with 1, 3 and 4
/// (`OMP_NUM_THREADS`: teams are split over host threads).
#[test]
fn omp_programs_match_gfortran_on_host_and_sim() {
    const M: (&str, &str) = ("OMP_TARGET_OFFLOAD", "mandatory");
    let t: [&[(&str, &str)]; 4] = [&[M], &[M, ("OMP_NUM_THREADS", "1")], &[M, ("OMP_NUM_THREADS", "3")], &[M, ("OMP_NUM_THREADS", "4")]];
    differential_runs(
        "omp",
        &[
            ("host", None, t[0]),
            ("host", None, t[1]),
            ("host", None, t[2]),
            ("host", None, t[3]),
            ("sim", Some("32"), t[0]),
            ("sim", Some("64"), t[0]),
        ],
    );
}

/// Every kernel of every program passes LLVM's verifier and code generator for both GPUs:
/// PTX has one `.entry` per kernel, and the AMD object links into an HSA code object.
#[test]
fn device_code_for_every_acc_program() {
    device_code("acc");
}

/// [`device_code_for_every_acc_program`] for the OpenMP target programs.
#[test]
fn device_code_for_every_omp_program() {
    device_code("omp");
}

/// Every target region of every OpenMP program is seen launching on sim: each kernel of
/// the program's PTX (`.entry` names) appears in the `GPUF_SIM_STATS=1` lines of a sim run
/// under `OMP_TARGET_OFFLOAD=mandatory`, unless the source line its name ends in (`_lN`)
/// has an `if(` or `device(` clause (regions meant to run on the host).
#[test]
fn every_omp_target_region_launches_on_sim() {
    let srcs = fortran_files(&root().join("tests/programs/omp"));
    let fails = parallel(&srcs, threads(), |src| {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("launch-{name}"));
        let flags = program_flags(src);
        let ptx = d.join("k.ptx");
        let o = run(Command::new(gpuf()).arg("compile").arg(src).args(&flags).args(["--emit", "asm", "-t", "nvptx", "-o"]).arg(&ptx));
        if !o.status.success() {
            return Err(format!("{name}: PTX: {}", String::from_utf8_lossy(&o.stderr)));
        }
        let text = std::fs::read_to_string(&ptx).unwrap_or_default();
        let kernels: Vec<String> = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix(".visible .entry "))
            .map(|l| l.split(|c: char| c == '(' || c.is_whitespace()).next().unwrap_or("").to_string())
            .collect();
        let exe = d.join("prog");
        let fl: Vec<&str> = flags.iter().map(String::as_str).collect();
        gpuf_build(src, &exe, &fl)?;
        let input = src.with_extension("in");
        let mut c = Command::new(&exe);
        c.current_dir(&d).env("ACC_DEVICE_TYPE", "sim").env("OMP_TARGET_OFFLOAD", "mandatory").env("GPUF_SIM_STATS", "1");
        if input.exists() {
            c.stdin(std::fs::File::open(&input).map_err(|e| e.to_string())?);
        }
        let r = run(&mut c);
        let err = String::from_utf8_lossy(&r.stderr);
        let launched: Vec<&str> =
            err.lines().filter_map(|l| l.strip_prefix("gpuf-sim: kernel ")).filter_map(|l| l.split_whitespace().next()).collect();
        let source = std::fs::read_to_string(src).unwrap_or_default();
        let lines: Vec<&str> = source.lines().collect();
        let on_host = |k: &str| {
            let n: usize = k.rsplit("_l").next().and_then(|t| t.split('_').next()).and_then(|t| t.parse().ok()).unwrap_or(0);
            lines.get(n.wrapping_sub(1)).is_some_and(|l| {
                let l = l.to_ascii_lowercase();
                l.contains("if(") || l.contains("device(")
            })
        };
        let missing: Vec<&String> = kernels.iter().filter(|k| !launched.contains(&k.as_str()) && !on_host(k)).collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(format!("{name}: target regions never launched on sim: {missing:?}\n{err}"))
        }
    });
    assert!(fails.is_empty(), "{} program(s) failed:\n{}", fails.len(), fails.join("\n"));
}

/// Host `simd` loops keep LLVM's vectorisation hint wherever they are (a lone `simd`, one
/// in an outlined `parallel` region, `do simd`, `parallel do simd`): in the unoptimised LLVM
/// IR of each OpenMP program named `*host_simd*`, the loops whose `!llvm.loop` node carries
/// `llvm.loop.vectorize.enable` are as many as its `simd` directives without `safelen` or
/// `ordered` (whose loops get no hint).
#[test]
fn host_simd_loops_keep_vectorisation_hints() {
    let srcs: Vec<PathBuf> = fortran_files(&root().join("tests/programs/omp"))
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().contains("host_simd")))
        .collect();
    assert!(!srcs.is_empty(), "no host_simd programs");
    for src in srcs {
        let text = std::fs::read_to_string(&src).unwrap_or_default();
        let want = text
            .lines()
            .map(|l| l.trim().to_ascii_lowercase())
            .filter(|l| l.starts_with("!$omp ") && l.split(|c: char| !c.is_ascii_alphanumeric() && c != '_').any(|w| w == "simd"))
            .filter(|l| !["end", "safelen", "ordered"].iter().any(|w| l.contains(w)))
            .count();
        let d = scratch(&format!("host-simd-{}", src.file_stem().unwrap_or_default().to_string_lossy()));
        let ll = d.join("p.ll");
        let o = run(Command::new(gpuf()).arg("compile").arg(&src).args(program_flags(&src)).args(["-O0", "--emit=llvm-ir", "-o"]).arg(&ll));
        assert!(o.status.success(), "{}: {}", src.display(), String::from_utf8_lossy(&o.stderr));
        let ir = std::fs::read_to_string(&ll).unwrap_or_default();
        // `!V = !{!"llvm.loop.vectorize.enable", i1 true}`, the loop nodes `!K = distinct !{!K, !V}`.
        let node = |l: &str| l.split_once(" = ").map(|(k, v)| (k.trim().to_string(), v.to_string()));
        let hint: Vec<String> =
            ir.lines().filter_map(node).filter(|(_, v)| v.contains("\"llvm.loop.vectorize.enable\", i1 true")).map(|(k, _)| k).collect();
        let loops: Vec<String> = ir
            .lines()
            .filter_map(node)
            .filter(|(k, v)| v.starts_with("distinct !{") && hint.iter().any(|h| v.contains(&format!("{k}, {h}"))))
            .map(|(k, _)| k)
            .collect();
        let got = ir
            .lines()
            .filter(|l| l.trim_start().starts_with("br ") && loops.iter().any(|k| l.ends_with(&format!("!llvm.loop {k}"))))
            .count();
        assert_eq!(got, want, "{}: hinted loops in the LLVM IR against simd directives", src.display());
    }
}

fn device_code(dir: &str) {
    let srcs = fortran_files(&root().join("tests/programs").join(dir));
    let fails = parallel(&srcs, threads(), |src| {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("dev-{dir}-{name}"));
        let flags = program_flags(src);
        let compile = || {
            let mut c = Command::new(gpuf());
            c.arg("compile").arg(src).args(&flags);
            c
        };
        let ptx = d.join("k.ptx");
        let o = run(compile().args(["-target", "nvptx", "--emit=asm", "-o"]).arg(&ptx));
        if !o.status.success() {
            return Err(format!("{name}: nvptx: {}", String::from_utf8_lossy(&o.stderr)));
        }
        let text = std::fs::read_to_string(&ptx).map_err(|e| e.to_string())?;
        let entries = text.matches(".entry").count();
        let dump = d.join("x.txt");
        let o = run(compile().args(["-target", "nvptx", "--emit=oacc-xform", "-o"]).arg(&dump));
        if !o.status.success() {
            return Err(format!("{name}: dump: {}", String::from_utf8_lossy(&o.stderr)));
        }
        let kernels = std::fs::read_to_string(&dump).map_err(|e| e.to_string())?.matches(";; kernel ").count();
        if entries != kernels || kernels == 0 {
            return Err(format!("{name}: {entries} PTX entries for {kernels} kernels"));
        }
        let hsaco = d.join("k.hsaco");
        let o = run(compile().args(["-target", "amdgcn", "--emit=obj", "-o"]).arg(&hsaco));
        if !o.status.success() {
            return Err(format!("{name}: amdgcn: {}", String::from_utf8_lossy(&o.stderr)));
        }
        let bytes = std::fs::read(&hsaco).map_err(|e| e.to_string())?;
        if !bytes.starts_with(b"\x7fELF") {
            return Err(format!("{name}: the HSA code object is not an ELF file"));
        }
        Ok(())
    });
    assert!(fails.is_empty(), "{} program(s) failed:\n{}", fails.len(), fails.join("\n"));
}

fn emit(src: &Path, what: &str, target: Option<&str>, d: &Path) -> String {
    let out = d.join(format!("{what}.{}", target.unwrap_or("all")));
    let mut c = Command::new(gpuf());
    // From the source's directory: dumps name the file as given (run-time messages).
    if let (Some(dir), Some(file)) = (src.parent(), src.file_name()) {
        c.current_dir(dir).arg("compile").arg(file);
    } else {
        c.arg("compile").arg(src);
    }
    c.args(program_flags(src)).arg(format!("--emit={what}")).arg("-o").arg(&out);
    if let Some(t) = target {
        c.args(["-target", t]);
    }
    let o = run(&mut c);
    assert!(o.status.success(), "{}: --emit={what}: {}", src.display(), String::from_utf8_lossy(&o.stderr));
    std::fs::read_to_string(&out).unwrap_or_default()
}

/// IR after each pass and the device code of a few programs, as insta snapshots.
#[test]
fn snapshots_of_passes_and_device_code() {
    let dir = root().join("tests/programs/snap");
    for src in fortran_files(&dir) {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("passes-{name}"));
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(root().join("tests/snapshots"));
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| {
            for pass in ["gimple", "omp-lower", "omp-expand"] {
                insta::assert_snapshot!(format!("{name}.{pass}"), emit(&src, pass, None, &d));
            }
            for t in ["host", "sim", "nvptx", "amdgcn"] {
                insta::assert_snapshot!(format!("{name}.oacc-xform.{t}"), emit(&src, "oacc-xform", Some(t), &d));
            }
            insta::assert_snapshot!(format!("{name}.ptx"), emit(&src, "asm", Some("nvptx"), &d));
            insta::assert_snapshot!(format!("{name}.amdgcn.s"), emit(&src, "asm", Some("amdgcn"), &d));
        });
    }
}

/// The IR after oacc-xform for nvptx of a kernel calling an `!$acc routine seq` function:
/// the call by reference and the routine's device version.
#[test]
fn snapshot_of_routine_call() {
    let src = root().join("tests/programs/acc/33_routine_call.f90");
    let d = scratch("passes-routine-call");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("tests/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!("acc_33_routine_call.oacc-xform.nvptx", emit(&src, "oacc-xform", Some("nvptx"), &d));
    });
}

/// The IR after omp-expand of a few OpenMP target programs: OpenMP constructs become the
/// same regions and partitioned loops as OpenACC's.
#[test]
fn snapshots_of_omp_programs() {
    for name in ["01_saxpy_map", "08_target_one_thread", "12_teams_block_nested"] {
        let src = root().join("tests/programs/omp").join(format!("{name}.f90"));
        let d = scratch(&format!("omp-passes-{name}"));
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(root().join("tests/snapshots"));
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| {
            insta::assert_snapshot!(format!("omp_{name}.omp-expand"), emit(&src, "omp-expand", None, &d));
        });
    }
}

/// The SIMT lowering of OpenMP `simd` loops (seed 004) in a few OpenMP target programs: the
/// `GOMP_SIMT_*` builtins after omp-expand (lane and VF, `safelen`, the butterfly, the votes
/// and exchanges of `lastprivate`, the vote loop of `ordered`), and the PTX and GCN they
/// become.
#[test]
fn snapshots_of_omp_simt_programs() {
    for name in ["91_simt_safelen", "96_simt_snap_reduction_lastprivate", "97_simt_snap_ordered"] {
        let src = root().join("tests/programs/omp").join(format!("{name}.f90"));
        let d = scratch(&format!("omp-simt-{name}"));
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(root().join("tests/snapshots"));
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| {
            insta::assert_snapshot!(format!("omp_{name}.omp-expand"), emit(&src, "omp-expand", None, &d));
            insta::assert_snapshot!(format!("omp_{name}.ptx"), emit(&src, "asm", Some("nvptx"), &d));
            insta::assert_snapshot!(format!("omp_{name}.amdgcn.s"), emit(&src, "asm", Some("amdgcn"), &d));
        });
    }
}

/// Programs gfortran cannot build (OpenACC 2.5+ directives it does not know): their output
/// on host, sim32 and sim64 is the blessed `NAME.out` beside them (`GPUF_BLESS=1`), which
/// must be the same on every device.
/// How a program ended, for expected-output files: `exit N`, or for a program killed by a
/// signal the signal and the lines gpuf's run time printed about it (gfortran's `Program
/// received signal` line and, in a compute region, the kernel).
fn exit_report(r: &std::process::Output) -> String {
    use std::os::unix::process::ExitStatusExt;
    match r.status.signal() {
        None => format!("exit {}\n", r.status.code().unwrap_or(-1)),
        Some(sig) => {
            let err = String::from_utf8_lossy(&r.stderr);
            // The device differs between runs: the kernel line is kept up to its name.
            let lines: Vec<&str> = err
                .lines()
                .filter(|l| l.starts_with("Program received signal") || l.starts_with("#0  in compute region"))
                .map(|l| l.split(" on the ").next().unwrap_or(l))
                .collect();
            format!("signal {sig}\n{}\n", lines.join("\n"))
        }
    }
}

#[test]
fn expected_output_programs() {
    let dir = root().join("tests/programs/expected");
    let srcs = fortran_files(&dir);
    assert!(!srcs.is_empty(), "no programs in tests/programs/expected");
    let fails = parallel(&srcs, threads(), |src| {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("expected-{name}"));
        let exe = d.join("prog");
        let flags = program_flags(src);
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        gpuf_build(src, &exe, &flags)?;
        // A `simerr` program fails only on the sim device (separate memory), an `ondevice`
        // program prints what differs between the host device and a device: on sim the
        // expected output is `NAME.sim.out`, with the run time's `gpuf:` lines.
        let simerr = name.contains("simerr") || name.contains("ondevice");
        let mut first: Option<String> = None;
        let mut first_sim: Option<String> = None;
        for (dev, lanes) in [("host", "32"), ("sim", "32"), ("sim", "64")] {
            let mut c = Command::new(&exe);
            c.current_dir(&d).env("ACC_DEVICE_TYPE", dev).env("GPUF_SIM_LANES", lanes);
            if name.contains("ondevice") && dev == "host" {
                // What the host device prints must not depend on the machine's core count.
                c.env("ACC_NUM_CORES", "1");
            }
            let r = run(&mut c);
            let sim = simerr && dev == "sim";
            let mut got = format!("{}{}", String::from_utf8_lossy(&r.stdout), exit_report(&r));
            if sim {
                // Source paths as the harness passes them (absolute): from the file name on.
                let prefix = format!("{}/", dir.display());
                for l in String::from_utf8_lossy(&r.stderr).lines().filter(|l| l.starts_with("gpuf:")) {
                    got.push_str(&l.replace(&prefix, ""));
                    got.push('\n');
                }
            }
            let (expected, seen) =
                if sim { (src.with_extension("sim.out"), &mut first_sim) } else { (src.with_extension("out"), &mut first) };
            if bless() && seen.is_none() {
                std::fs::write(&expected, &got).map_err(|e| e.to_string())?;
            }
            let want = match seen.as_ref() {
                Some(w) => w.clone(),
                None => std::fs::read_to_string(&expected)
                    .map_err(|_| format!("{name}: no {} (bless with GPUF_BLESS=1)", expected.display()))?,
            };
            if got != want {
                return Err(format!(
                    "{name} on {dev} ({lanes} lanes): output differs\n--- expected\n{want}--- got\n{got}--- stderr\n{}",
                    String::from_utf8_lossy(&r.stderr)
                ));
            }
            *seen = Some(want);
        }
        Ok(())
    });
    assert!(fails.is_empty(), "{} program(s) failed:\n{}", fails.len(), fails.join("\n"));
}

/// Bad inputs: the diagnostics are exactly the blessed `.stderr`, the exit code is 1, and no
/// output file is left behind.
#[test]
fn ui_diagnostics() {
    let dir = root().join("tests/ui");
    let srcs = fortran_files(&dir);
    assert!(srcs.len() >= 8);
    let fails = parallel(&srcs, threads(), |src| {
        let name = src.file_name().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("ui-{name}"));
        let out = d.join("prog");
        let o = run(Command::new(gpuf()).current_dir(&dir).arg("compile").arg(&name).args(program_flags(src)).arg("-o").arg(&out));
        let got = String::from_utf8_lossy(&o.stderr).to_string();
        if o.status.code() != Some(1) {
            return Err(format!("{name}: exit status {:?}, expected 1\n{got}", o.status.code()));
        }
        if got.contains("panicked") {
            return Err(format!("{name}: the compiler panicked\n{got}"));
        }
        let leftovers: Vec<PathBuf> =
            std::fs::read_dir(&d).map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
        if !leftovers.is_empty() {
            return Err(format!("{name}: a failed build left files behind: {leftovers:?}"));
        }
        let expected = src.with_extension("stderr");
        if bless() {
            std::fs::write(&expected, &got).map_err(|e| e.to_string())?;
            return Ok(());
        }
        let want =
            std::fs::read_to_string(&expected).map_err(|_| format!("{name}: no {} (bless with GPUF_BLESS=1)", expected.display()))?;
        if got != want {
            return Err(format!("{name}: diagnostics differ\n--- expected\n{want}--- got\n{got}"));
        }
        Ok(())
    });
    assert!(fails.is_empty(), "{} UI test(s) failed:\n{}", fails.len(), fails.join("\n"));
}

#[test]
fn fortran_programs_match_gfortran() {
    differential("f90", &[("host", None), ("sim", Some("32")), ("sim", Some("64"))], &[]);
}

#[test]
fn snapshot_programs_match_gfortran_on_host_and_sim() {
    differential("snap", &[("host", None), ("sim", Some("32")), ("sim", Some("64"))], &[]);
}

/// gfortran's command line refused: each `tests/cli/NAME.args` runs `gpuf ARGS` in a scratch
/// copy of `tests/cli/files/`; its exit status and standard error must be `NAME.stderr`
/// (blessed with `GPUF_BLESS=1`), the exit status non-zero, and the files unchanged (no
/// output left, no input replaced).
#[test]
fn cli_diagnostics() {
    let dir = root().join("tests/cli");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "args")).collect())
        .unwrap_or_default();
    cases.sort();
    assert!(cases.len() >= 8, "too few cases in tests/cli");
    let snapshot = |d: &Path| -> Vec<(String, Vec<u8>)> {
        let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(d)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| (e.file_name().to_string_lossy().to_string(), std::fs::read(e.path()).unwrap_or_default()))
            .collect();
        v.sort();
        v
    };
    let fails = parallel(&cases, threads(), |case| {
        let name = case.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("cli-{name}"));
        for e in std::fs::read_dir(dir.join("files")).map_err(|e| e.to_string())?.flatten() {
            std::fs::copy(e.path(), d.join(e.file_name())).map_err(|e| e.to_string())?;
        }
        let before = snapshot(&d);
        let args = std::fs::read_to_string(case).map_err(|e| e.to_string())?;
        let o = run(Command::new(gpuf()).current_dir(&d).args(args.split_whitespace()));
        let got = format!("exit {}\n{}", o.status.code().unwrap_or(-1), String::from_utf8_lossy(&o.stderr));
        let expected = case.with_extension("stderr");
        if bless() {
            std::fs::write(&expected, &got).map_err(|e| e.to_string())?;
        }
        let want =
            std::fs::read_to_string(&expected).map_err(|_| format!("{name}: no {} (bless with GPUF_BLESS=1)", expected.display()))?;
        if got != want {
            return Err(format!("{name}: gpuf {}\n--- expected\n{want}--- got\n{got}", args.trim()));
        }
        if o.status.success() {
            return Err(format!("{name}: exit status 0"));
        }
        if snapshot(&d) != before {
            return Err(format!("{name}: the files changed (an output was left or an input replaced)"));
        }
        Ok(())
    });
    assert!(fails.is_empty(), "{} case(s) failed:\n{}", fails.len(), fails.join("\n"));
}

/// The driver's outputs and signals: `-o /dev/null` and a FIFO are written in place (not
/// replaced by regular files), a source name that is not UTF-8 compiles, a closed standard
/// error does not abort the compiler, and SIGTERM during the link leaves no temporary files.
#[test]
fn driver_outputs_and_signals() {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::FileTypeExt;
    let d = scratch("driver-outputs");
    let src = d.join("hello.f90");
    std::fs::write(&src, "program hello\n  print '(a)', 'hi'\nend program hello\n").unwrap_or_else(|e| panic!("{e}"));
    // A device stays a device.
    let o = run(Command::new(gpuf()).current_dir(&d).args(["-c", "hello.f90", "-o", "/dev/null"]));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::metadata("/dev/null").is_ok_and(|m| m.file_type().is_char_device()));
    // A FIFO is opened and written.
    let fifo = d.join("out.fifo");
    let made = run(Command::new("mkfifo").arg(&fifo)).status.success();
    if made {
        let reader = {
            let f = fifo.clone();
            std::thread::spawn(move || std::fs::read(&f).map(|b| b.len()).unwrap_or(0))
        };
        let o = run(Command::new(gpuf()).current_dir(&d).args(["compile", "hello.f90", "--emit=gimple", "-o"]).arg(&fifo));
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(reader.join().unwrap_or(0) > 0, "nothing was written into the FIFO");
        assert!(std::fs::metadata(&fifo).is_ok_and(|m| m.file_type().is_fifo()), "the FIFO was replaced");
    }
    // A source whose name is not UTF-8.
    let odd = d.join(std::ffi::OsStr::from_bytes(b"caf\xe9.f90"));
    std::fs::copy(&src, &odd).unwrap_or_else(|e| panic!("{e}"));
    let o = run(Command::new(gpuf()).current_dir(&d).arg(&odd).arg("-o").arg(d.join("odd")));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Standard error closed early: a failing compile still exits 1, without an abort.
    std::fs::write(d.join("bad.f90"), "program bad\n  x = = 1\nend program bad\n").unwrap_or_else(|e| panic!("{e}"));
    let mut child = Command::new(gpuf())
        .current_dir(&d)
        .args(["-c", "bad.f90"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    drop(child.stderr.take());
    let st = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.code(), Some(1), "gpuf with a closed stderr: {st:?}");
    // SIGTERM while the linker runs: a `cc` that waits stands in for a slow link.
    let bin = d.join("bin");
    std::fs::create_dir_all(&bin).unwrap_or_else(|e| panic!("{e}"));
    let cc = bin.join("cc");
    std::fs::write(&cc, "#!/bin/sh\nsleep 30\n").unwrap_or_else(|e| panic!("{e}"));
    run(Command::new("chmod").arg("+x").arg(&cc));
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let out_dir = d.join("out");
    std::fs::create_dir_all(&out_dir).unwrap_or_else(|e| panic!("{e}"));
    let mut child = Command::new(gpuf())
        .current_dir(&d)
        .env("PATH", &path)
        .arg("hello.f90")
        .arg("-o")
        .arg(out_dir.join("prog"))
        .spawn()
        .unwrap_or_else(|e| panic!("{e}"));
    // Wait until the object is written beside the output (the link has started).
    let start = std::time::Instant::now();
    while std::fs::read_dir(&out_dir).map(|r| r.count()).unwrap_or(0) == 0 && start.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    run(Command::new("kill").arg("-TERM").arg(child.id().to_string()));
    let st = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert!(!st.success());
    let left: Vec<String> =
        std::fs::read_dir(&out_dir).into_iter().flatten().flatten().map(|e| e.file_name().to_string_lossy().to_string()).collect();
    assert!(left.is_empty(), "temporary files left after SIGTERM: {left:?}");
}

/// `-ftime-report` names every phase of a build with its start and wall time (the times
/// themselves are not checked).
#[test]
fn time_report() {
    let d = scratch("time-report");
    let src = root().join("tests/programs/acc").join("01_parallel_loop_basic.f90");
    let o = run(Command::new(gpuf()).current_dir(&d).arg("compile").arg("-ftime-report").arg(&src).arg("-o").arg(d.join("prog")));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(o.status.success(), "{err}");
    let number = |w: &str| w.parse::<f64>().is_ok_and(|x| x >= 0.0);
    for phase in [
        "parse and check",
        "passes",
        "host object",
        // The sim copy of this program's kernel is generated apart, on its own thread.
        "x86_64 host: optimise",
        "x86_64 sim: optimise",
        "device images",
        "nvptx image: machine code",
        "system link",
        "total",
    ] {
        let line = err.lines().find(|l| l.trim_start().starts_with(phase)).unwrap_or_else(|| panic!("no `{phase}` line in\n{err}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(words.len() >= 2 && words.iter().rev().take(if phase == "total" { 1 } else { 2 }).all(|w| number(w)), "{line}");
    }
    // The same spelling in gfortran's command line; without it, no report.
    let o =
        run(Command::new(gpuf()).current_dir(&d).args(["-O2", "-fopenacc", "-ftime-report", "-c"]).arg(&src).arg("-o").arg(d.join("a.o")));
    assert!(o.status.success() && String::from_utf8_lossy(&o.stderr).contains("host object"));
    let o = run(Command::new(gpuf()).current_dir(&d).args(["-O2", "-fopenacc", "-c"]).arg(&src).arg("-o").arg(d.join("a.o")));
    assert!(o.status.success() && o.stderr.is_empty(), "{}", String::from_utf8_lossy(&o.stderr));
    // `-c` combines the host and sim objects into one (`ld -r`): linked alone, the program
    // runs on the sim device as on the host.
    let o = run(Command::new(gpuf()).current_dir(&d).arg("a.o").arg("-o").arg(d.join("from_object")));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = |dev: &str| run(Command::new(d.join("from_object")).env("ACC_DEVICE_TYPE", dev)).stdout;
    let host = out("host");
    assert!(!host.is_empty() && out("sim") == host);
}

/// The link drops the run-time library's debug information when nothing else has any, and
/// keeps all of it for an object compiled with `-g` (by gfortran here) or with `-g`.
#[test]
fn link_keeps_the_debug_information_of_the_inputs() {
    let d = scratch("link-debug-info");
    let w = |n: &str, t: &str| std::fs::write(d.join(n), t).unwrap_or_else(|e| panic!("{e}"));
    w("helper.f90", "subroutine helper(x)\n  real :: x\n  x = x + 1\nend subroutine helper\n");
    w("main.f90", "program m\n  real :: y\n  y = 1\n  call helper(y)\n  print *, y\nend program m\n");
    let has_debug = |exe: &str| {
        let o = run(Command::new("readelf").arg("-S").arg(d.join(exe)));
        assert!(o.status.success(), "readelf {exe}");
        String::from_utf8_lossy(&o.stdout).contains(".debug_info")
    };
    let build = |args: &[&str], exe: &str| {
        let o = run(Command::new(gpuf()).current_dir(&d).args(args).arg("-o").arg(exe));
        assert!(o.status.success(), "gpuf {args:?}: {}", String::from_utf8_lossy(&o.stderr));
        let r = run(&mut Command::new(d.join(exe)));
        assert_eq!(String::from_utf8_lossy(&r.stdout).trim(), "2.00000000", "{exe}");
    };
    for (flags, obj) in [(&["-c"][..], "helper_nodebug.o"), (&["-c", "-g"][..], "helper_debug.o")] {
        let o = run(gfortran_cmd().current_dir(&d).args(flags).arg("helper.f90").arg("-o").arg(obj));
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    build(&["main.f90", "helper_nodebug.o"], "plain");
    assert!(!has_debug("plain"), "the run time's debug information was linked");
    build(&["main.f90", "helper_debug.o"], "from_g_object");
    assert!(has_debug("from_g_object"), "the debug information of an object compiled with -g was dropped");
    build(&["-g", "main.f90", "helper_nodebug.o"], "with_g");
    assert!(has_debug("with_g"), "-g dropped the debug information");
}

/// Copies a directory tree.
fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
    for e in std::fs::read_dir(from).map_err(|e| e.to_string())?.flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_tree(&p, &to.join(e.file_name()))?;
        } else {
            std::fs::copy(&p, to.join(e.file_name())).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// The program's standard output on the host and on sim (they must agree).
fn run_on_devices(exe: &Path) -> String {
    let mut first = None;
    for dev in ["host", "sim"] {
        let o = run(Command::new(exe).env("ACC_DEVICE_TYPE", dev));
        assert!(o.status.success(), "{} on {dev}: {}", exe.display(), String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8_lossy(&o.stdout).to_string();
        if let Some(f) = &first {
            assert_eq!(&out, f, "{} on {dev} differs from the host", exe.display());
        }
        first = Some(out);
    }
    first.unwrap_or_default()
}

/// A Makefile project with gfortran-style rules (`tests/buildsys/make`) built with
/// `make FC=gpuf` gives the output of the same project built with `make FC=gfortran`.
#[test]
fn make_project() {
    let src = root().join("tests/buildsys/make");
    let (d, gd) = (scratch("make-gpuf"), scratch("make-gfortran"));
    copy_tree(&src, &d).unwrap_or_else(|e| panic!("{e}"));
    copy_tree(&src, &gd).unwrap_or_else(|e| panic!("{e}"));
    let o = run(Command::new("make").current_dir(&d).arg(format!("FC={}", gpuf().display())));
    assert!(o.status.success(), "make FC=gpuf: {}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    let o = run(Command::new("make").current_dir(&gd).args(["FC=gfortran", "FFLAGS=-O2"]));
    assert!(o.status.success(), "make FC=gfortran: {}", String::from_utf8_lossy(&o.stderr));
    let want = String::from_utf8_lossy(&run(&mut Command::new(gd.join("prog"))).stdout).to_string();
    assert!(!want.is_empty());
    assert_eq!(run_on_devices(&d.join("prog")), want);
    // gpuf wrote gfortran-named module files where gfortran does.
    assert!(d.join("kinds.mod").is_file() && d.join("grid.mod").is_file());
    // The kernel compiled into grid.o is in the program's one NVIDIA image, which the final
    // link made from the device code of all objects; main.o has no kernel.
    let exe = std::fs::read(d.join("prog")).unwrap_or_default();
    let text = String::from_utf8_lossy(&exe);
    assert!(text.contains(".visible .entry __grid_MOD_fill_parallel_loop_l8("), "the PTX image lacks grid.o's kernel");
}

/// A CMake project (`tests/buildsys/cmake`: modules across directories, a static library,
/// `.F90` with `#if` and compile definitions, a fixed-form file, `-fopenacc` on one target)
/// configures with `FC=gpuf` under the Makefile and Ninja generators, builds, runs on host
/// and sim, and a rebuild after a change recompiles only what the change affects.
#[test]
fn cmake_project() {
    let src = root().join("tests/buildsys/cmake");
    let want = std::fs::read_to_string(src.join("expected.out")).unwrap_or_default();
    for (gen, tag) in [("Unix Makefiles", "make"), ("Ninja", "ninja")] {
        let proj = scratch(&format!("cmake-{tag}-src"));
        copy_tree(&src, &proj).unwrap_or_else(|e| panic!("{e}"));
        let b = scratch(&format!("cmake-{tag}-build"));
        let o = run(Command::new("cmake").current_dir(&b).env("FC", gpuf()).arg("-G").arg(gen).arg(&proj));
        let cfg = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(o.status.success(), "cmake -G {gen}: {cfg}{}", String::from_utf8_lossy(&o.stderr));
        assert!(cfg.contains("The Fortran compiler identification is GNU"), "{cfg}");
        let build = || {
            let o = run(Command::new("cmake").current_dir(&b).args(["--build", ".", "--", "-j1"]));
            let text = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
            assert!(o.status.success(), "{gen} build: {text}");
            text
        };
        build();
        assert_eq!(run_on_devices(&b.join("demo")), want, "{gen}");
        let compiled = |log: &str| -> Vec<String> {
            let mut v: Vec<String> = log
                .lines()
                .filter(|l| l.contains("Building Fortran object"))
                .filter_map(|l| l.rsplit('/').next().map(|s| s.trim().to_string()))
                .collect();
            v.sort();
            v
        };
        // Only the changed file is recompiled: a fixed-form file nothing depends on...
        std::thread::sleep(std::time::Duration::from_millis(1100));
        let touch = |f: &str| {
            let p = proj.join(f);
            let t = std::fs::read_to_string(&p).unwrap_or_default();
            std::fs::write(&p, t).unwrap_or_else(|e| panic!("{e}"));
        };
        touch("src/lib/legacy.f");
        assert_eq!(compiled(&build()), vec!["legacy.f.o".to_string()], "{gen}: rebuild after touching legacy.f");
        // ... and a module whose interface does not change: its users are not recompiled.
        std::thread::sleep(std::time::Duration::from_millis(1100));
        touch("src/lib/prec.f90");
        assert_eq!(compiled(&build()), vec!["prec.f90.o".to_string()], "{gen}: rebuild after touching prec.f90");
        assert_eq!(run_on_devices(&b.join("demo")), want, "{gen} after the rebuilds");
    }
}

/// ARCHITECTURE.md's invariants that a machine can check.
#[test]
fn invariants() {
    let r = root();
    let manifest = |c: &str| std::fs::read_to_string(r.join(c).join("Cargo.toml")).unwrap_or_default();
    for c in ["frontend", "lower", "driver", "runtime-lib", "tests"] {
        assert!(!manifest(c).contains("inkwell"), "{c} must not depend on inkwell");
    }
    let fe = manifest("frontend");
    for dep in ["gpuf-lower", "gpuf-codegen"] {
        assert!(!fe.contains(dep), "frontend must not depend on {dep}");
    }
    for c in ["frontend", "lower", "codegen"] {
        let dir = r.join(c).join("src");
        let mut stack = vec![dir];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                if p.file_name().is_some_and(|n| n == "tests.rs") {
                    // Unit tests may read their data files.
                    continue;
                }
                for banned in ["std::fs::", "std::process::", "Command::new"] {
                    assert!(!text.contains(banned), "{} uses `{banned}`: only the driver does I/O", p.display());
                }
                assert!(text.starts_with("//!"), "{} must start with a `//!` module doc", p.display());
            }
        }
    }
    // A child module lives in its parent's folder; only oacc-xform reaches the target hooks.
    for c in ["frontend", "lower", "codegen", "driver", "runtime-lib"] {
        let mut stack = vec![r.join(c).join("src")];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                    continue;
                }
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                assert!(!text.contains(concat!("#[", "path")), "{} uses a `#[path]` attribute", p.display());
                let in_passes = p.parent().is_some_and(|d| d.ends_with("lower/src/passes") || d.starts_with(r.join("lower/src/passes")));
                if in_passes && !p.ends_with("oacc_xform.rs") {
                    for hook in ["OffloadHooks", "targets::"] {
                        assert!(!text.contains(hook), "{} names `{hook}`: only oacc-xform calls the target hooks", p.display());
                    }
                }
            }
        }
    }
}

/// `GPUF_SIM_STATS=1` prints one exact line per launch with the counts the sim executed.
#[test]
fn sim_stats_lines() {
    let src = root().join("tests/programs/snap/02_reduction.f90");
    let d = scratch("sim-stats");
    let exe = d.join("prog");
    gpuf_build(&src, &exe, &[]).unwrap_or_else(|e| panic!("{e}"));
    for lanes in ["32", "64"] {
        let o = run(Command::new(&exe).env("ACC_DEVICE_TYPE", "sim").env("GPUF_SIM_LANES", lanes).env("GPUF_SIM_STATS", "1"));
        assert!(o.status.success());
        let err = String::from_utf8_lossy(&o.stderr);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "one line per launch:\n{err}");
        let fields = |l: &str| -> Vec<String> { l.split_whitespace().map(str::to_string).collect() };
        for l in &lines {
            let f = fields(l);
            assert_eq!(f.len(), 17, "{l}");
            assert_eq!((f[0].as_str(), f[1].as_str()), ("gpuf-sim:", "kernel"), "{l}");
            let keys: Vec<&str> = f[3..].iter().step_by(2).map(String::as_str).collect();
            assert_eq!(keys, ["gangs", "workers", "lanes", "shuffles", "votes", "barriers", "atomics"], "{l}");
        }
        // The gang-vector reduction: one butterfly (log2 lanes shuffles) and one atomic per gang.
        let first = fields(lines[0]);
        let gangs: u32 = first[4].parse().unwrap_or(0);
        let steps = if lanes == "32" { 5 } else { 6 };
        assert_eq!(first[8], lanes);
        assert_eq!(first[10], (gangs * steps).to_string(), "{}", lines[0]);
        assert_eq!(first[16], gangs.to_string(), "{}", lines[0]);
        // The worker reduction goes through shared memory: barriers, no shuffles.
        let second = fields(lines[1]);
        assert_eq!(second[10], "0", "{}", lines[1]);
        assert_ne!(second[14], "0", "{}", lines[1]);
    }
}

/// Asking for a GPU that is not there is a clear error and a non-zero exit.
#[test]
fn missing_gpu_is_an_error() {
    let src = root().join("tests/programs/snap/01_saxpy.f90");
    let d = scratch("no-gpu");
    let exe = d.join("prog");
    gpuf_build(&src, &exe, &[]).unwrap_or_else(|e| panic!("{e}"));
    for dev in ["nvidia", "radeon"] {
        let o = run(Command::new(&exe).env("ACC_DEVICE_TYPE", dev));
        assert_eq!(o.status.code(), Some(1));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(&format!("ACC_DEVICE_TYPE={dev}")) && err.contains("GPU"), "{err}");
        assert!(o.stdout.is_empty());
    }
    // Unset: no GPU here, so the host runs it.
    let o = run(Command::new(&exe).env_remove("ACC_DEVICE_TYPE"));
    assert!(o.status.success());
}

/// The README's example through `gpuf run`.
#[test]
fn example_runs() {
    let o = run(Command::new(gpuf()).arg("run").arg(root().join("examples/saxpy.f90")));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("sum(y) =      1000002000000.0"), "{out}");
}

/// Separate compilation of modules: the files of each `tests/multi/NN` are compiled one by
/// one with `-c`, in the order of its `order` file (module files written with `-J` and found
/// with `-I`), and the last one is linked with the others' objects; the output on host and
/// sim is gfortran's for the same files built the same way.
#[test]
fn separate_compilation() {
    let base = root().join("tests/multi");
    let mut cases: Vec<PathBuf> =
        std::fs::read_dir(&base).map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_dir()).collect()).unwrap_or_default();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in tests/multi");
    let fails = parallel(&cases, threads(), |case| {
        let name = case.file_name().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let order = std::fs::read_to_string(case.join("order")).map_err(|e| format!("{name}: no order file: {e}"))?;
        let files: Vec<&str> = order.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let Some((main, deps)) = files.split_last() else { return Err(format!("{name}: empty order file")) };
        let d = scratch(&format!("multi-{name}"));
        let gd = scratch(&format!("multi-{name}-gfortran"));
        let stem = |f: &str| Path::new(f).file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        // The last file needs the others' module files: without them it is an error.
        let o = run(Command::new(gpuf()).arg("compile").arg("-c").arg(case.join(main)).arg("-o").arg(d.join("early.o")).arg("-J").arg(&d));
        if deps.iter().any(|f| std::fs::read_to_string(case.join(f)).is_ok_and(|t| t.contains("module")))
            && (o.status.success() || !String::from_utf8_lossy(&o.stderr).contains("E0120"))
        {
            return Err(format!("{name}: {main} compiled before the modules it uses:\n{}", String::from_utf8_lossy(&o.stderr)));
        }
        let mut objs = Vec::new();
        let mut gobjs = Vec::new();
        for f in &files {
            let obj = d.join(format!("{}.o", stem(f)));
            let o = run(Command::new(gpuf())
                .arg("compile")
                .arg("-c")
                .arg(case.join(f))
                .arg("-o")
                .arg(&obj)
                .arg("-J")
                .arg(&d)
                .arg("-I")
                .arg(&d));
            if !o.status.success() {
                return Err(format!("{name}: gpuf -c {f} failed:\n{}", String::from_utf8_lossy(&o.stderr)));
            }
            let gobj = gd.join(format!("{}.o", stem(f)));
            let o = run(gfortran_cmd()
                .current_dir(&gd)
                .args(["-O1", "-fopenacc", "-ffree-line-length-none", "-c"])
                .arg(case.join(f))
                .arg("-o")
                .arg(&gobj));
            if !o.status.success() {
                return Err(format!("{name}: gfortran -c {f} failed:\n{}", String::from_utf8_lossy(&o.stderr)));
            }
            if *f != *main {
                objs.push(obj);
            }
            gobjs.push(gobj);
        }
        // Every module file starts with its version line.
        for e in std::fs::read_dir(&d).map_err(|e| e.to_string())?.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "mod") {
                let text = std::fs::read_to_string(&p).map_err(|e| e.to_string())?;
                if !text.starts_with("gpuf-module 2\n") {
                    return Err(format!("{name}: {} has no version line", p.display()));
                }
            }
        }
        let exe = d.join("prog");
        let o = run(Command::new(gpuf()).arg("compile").arg(case.join(main)).args(&objs).arg("-I").arg(&d).arg("-o").arg(&exe));
        if !o.status.success() {
            return Err(format!("{name}: gpuf link failed:\n{}", String::from_utf8_lossy(&o.stderr)));
        }
        let r = gd.join("ref");
        let o = run(gfortran_cmd().current_dir(&gd).arg("-fopenacc").args(&gobjs).arg("-o").arg(&r));
        if !o.status.success() {
            return Err(format!("{name}: gfortran link failed:\n{}", String::from_utf8_lossy(&o.stderr)));
        }
        let want = String::from_utf8_lossy(&run(&mut Command::new(&r)).stdout).to_string();
        if want.is_empty() {
            return Err(format!("{name}: the gfortran build printed nothing"));
        }
        for dev in ["host", "sim"] {
            let o = run(Command::new(&exe).env("ACC_DEVICE_TYPE", dev));
            let got = String::from_utf8_lossy(&o.stdout).to_string();
            if got != want || !o.status.success() {
                return Err(format!(
                    "{name} on {dev}: output differs from gfortran\n--- gfortran\n{want}--- gpuf\n{got}--- stderr\n{}",
                    String::from_utf8_lossy(&o.stderr)
                ));
            }
        }
        Ok(())
    });
    assert!(fails.is_empty(), "{} case(s) failed:\n{}", fails.len(), fails.join("\n"));
}

/// gfortran's ABI: a gpuf-built main calls procedures compiled by gfortran and the
/// reference BLAS, and a gfortran-built main calls procedures compiled by gpuf; both give
/// the output of the same program built by gfortran alone.
#[test]
fn gfortran_interop() {
    let dir = root().join("tests/interop");
    let d = scratch("interop");
    let f = |n: &str| dir.join(n);
    let ok = ok_stdout;
    // gpuf main + gfortran procedures + BLAS.
    ok(run(gfortran_cmd().current_dir(&d).arg("-c").arg(f("sub_gf.f90")).arg("-o").arg(d.join("sub_gf.o"))), "gfortran -c");
    let exe = d.join("gpuf_main");
    ok(
        run(Command::new(gpuf())
            .arg("compile")
            .arg(f("main_gpuf.f90"))
            .arg(d.join("sub_gf.o"))
            .args(["-l", "gfortran", "-l", "blas", "-o"])
            .arg(&exe)),
        "gpuf link with gfortran objects",
    );
    let got = ok(run(&mut Command::new(&exe)), "gpuf main");
    let r = d.join("ref1");
    ok(run(gfortran_cmd().current_dir(&d).arg(f("main_gpuf.f90")).arg(f("sub_gf.f90")).args(["-lblas", "-o"]).arg(&r)), "gfortran ref");
    assert_eq!(got, ok(run(&mut Command::new(&r)), "ref"));
    // gfortran main + gpuf procedures (one with an OpenACC region).
    let obj = d.join("sub_gpuf.o");
    ok(run(Command::new(gpuf()).arg("compile").arg("-c").arg(f("sub_gpuf.f90")).arg("-o").arg(&obj)), "gpuf -c");
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok(
        run(gfortran_cmd().current_dir(&d).arg(f("main_gf.f90")).arg(&obj).arg(&rt).args(["-lpthread", "-ldl", "-lm", "-o"]).arg(&exe)),
        "gfortran link with gpuf objects",
    );
    let r = d.join("ref2");
    ok(run(gfortran_cmd().current_dir(&d).arg(f("main_gf.f90")).arg(f("sub_gpuf.f90")).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    for dev in ["host", "sim"] {
        assert_eq!(ok(run(Command::new(&exe).env("ACC_DEVICE_TYPE", dev)), dev), want, "on {dev}");
    }
}

/// C interoperability: each `tests/interop/c/NAME.f90` is linked with `NAME.c` (compiled
/// by `cc`) once by gpuf and once by gfortran; the two programs' output and exit code must
/// agree (on the host and on the sim device). The C side prints nothing (its buffered
/// output would interleave differently with each Fortran run time).
#[test]
fn c_interop_programs_match_gfortran() {
    let dir = root().join("tests/interop/c");
    let mut srcs = fortran_files(&dir);
    assert!(!srcs.is_empty(), "no programs in tests/interop/c");
    if let Ok(only) = std::env::var("GPUF_ONLY") {
        srcs.retain(|p| p.file_name().is_some_and(|n| n.to_string_lossy().contains(&only)));
    }
    let fails = parallel(&srcs, threads(), |src| {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("c-interop-{name}"));
        let c_src = src.with_extension("c");
        let obj = d.join(format!("{name}_c.o"));
        let o = run(Command::new("cc").arg("-c").arg(&c_src).arg("-o").arg(&obj));
        if !o.status.success() {
            return Err(format!("cc failed on {}:\n{}", c_src.display(), String::from_utf8_lossy(&o.stderr)));
        }
        let reference = d.join("ref");
        let o = run(gfortran_cmd().current_dir(&d).arg(src).arg(&obj).arg("-o").arg(&reference));
        if !o.status.success() {
            return Err(format!("gfortran rejected {}:\n{}", src.display(), String::from_utf8_lossy(&o.stderr)));
        }
        let r = run(Command::new(&reference).current_dir(&d));
        let (want, want_code) = (String::from_utf8_lossy(&r.stdout).to_string(), r.status.code().unwrap_or(-1));
        let exe = d.join("prog");
        let o = run(Command::new(gpuf()).current_dir(&d).arg("compile").arg(src).arg(&obj).arg("-o").arg(&exe));
        if !o.status.success() {
            return Err(format!("gpuf failed on {}:\n{}", src.display(), String::from_utf8_lossy(&o.stderr)));
        }
        for dev in ["host", "sim"] {
            let r = run(Command::new(&exe).current_dir(&d).env("ACC_DEVICE_TYPE", dev));
            let (got, code) = (String::from_utf8_lossy(&r.stdout).to_string(), r.status.code().unwrap_or(-1));
            if got != want || code != want_code {
                return Err(format!(
                    "{name} on {dev}: output differs from gfortran (exit {code} vs {want_code})\n--- gfortran\n{want}--- gpuf\n{got}--- stderr\n{}",
                    String::from_utf8_lossy(&r.stderr)
                ));
            }
        }
        Ok(())
    });
    assert!(fails.is_empty(), "{} program(s) failed:\n{}", fails.len(), fails.join("\n"));
}

/// `type(c_ptr)`/`type(c_funptr)` between compilers: a gpuf-built main calls `bind(c)`
/// procedures compiled by gfortran with C pointers to data on both sides and a procedure
/// address; the output is the gfortran-only build's.
#[test]
fn gfortran_interop_c_ptr() {
    let dir = root().join("tests/interop");
    let d = scratch("interop-c-ptr");
    let obj = d.join("cptr_gf.o");
    ok_stdout(run(gfortran_cmd().current_dir(&d).arg("-c").arg(dir.join("cptr_gf.f90")).arg("-o").arg(&obj)), "gfortran -c");
    let exe = d.join("gpuf_main");
    ok_stdout(
        run(Command::new(gpuf())
            .current_dir(&d)
            .arg("compile")
            .arg(dir.join("cptr_main.f90"))
            .arg(&obj)
            .args(["-l", "gfortran", "-o"])
            .arg(&exe)),
        "gpuf link with a gfortran object",
    );
    let got = ok_stdout(run(Command::new(&exe).current_dir(&d)), "gpuf main");
    let r = d.join("ref");
    ok_stdout(
        run(gfortran_cmd().current_dir(&d).arg(dir.join("cptr_gf.f90")).arg(dir.join("cptr_main.f90")).arg("-o").arg(&r)),
        "gfortran ref",
    );
    assert_eq!(got, ok_stdout(run(Command::new(&r).current_dir(&d)), "ref"));
}

/// Deferred-length character function results across compilers: a gfortran-built main
/// calls gpuf-built functions and the reverse; both print what the gfortran-only build does.
#[test]
fn gfortran_interop_deferred_length_results() {
    let dir = root().join("tests/interop");
    let d = scratch("interop_dl");
    let ok = ok_stdout;
    let r = d.join("ref");
    ok(run(gfortran_cmd().current_dir(&d).arg(dir.join("dl_func.f90")).arg(dir.join("dl_main.f90")).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    assert!(want.contains("ab!ab"), "the reference printed {want}");
    let gobj = d.join("dl_func_gf.o");
    ok(run(gfortran_cmd().current_dir(&d).arg("-c").arg(dir.join("dl_func.f90")).arg("-o").arg(&gobj)), "gfortran -c");
    let exe = d.join("gpuf_main");
    ok(run(Command::new(gpuf()).arg("compile").arg(dir.join("dl_main.f90")).arg(&gobj).arg("-o").arg(&exe)), "gpuf main");
    assert_eq!(ok(run(&mut Command::new(&exe)), "gpuf main"), want, "gpuf main, gfortran functions");
    let obj = d.join("dl_func_gpuf.o");
    ok(run(Command::new(gpuf()).arg("compile").arg("-c").arg(dir.join("dl_func.f90")).arg("-o").arg(&obj)), "gpuf -c");
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok(
        run(gfortran_cmd()
            .current_dir(&d)
            .arg(dir.join("dl_main.f90"))
            .arg(&obj)
            .arg(&rt)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)),
        "gfortran link with gpuf objects",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gfortran main"), want, "gfortran main, gpuf functions");
}

/// Polymorphic objects, pointers and common blocks between gpuf and gfortran in one
/// program: a type hierarchy compiled by gfortran (its module file read by gpuf, its vtabs
/// in its object); a gpuf main passes objects of it to `class` dummies of gfortran
/// procedures, which read their dynamic types from the vtabs (`select type`,
/// `extends_type_of`), counts them in a common block that all three files share and passes
/// targets to pointer dummies that point into them (array sections, structures); a
/// gfortran main does the same with gpuf procedures. Polymorphic allocatables are allocated
/// on one side (`intent(out)`: the caller deallocates) and moved and freed on the other, and
/// `class(*)` dummies get intrinsic values (gfortran's `_hash`, `_len`); polymorphic arrays
/// (whole, strided sections, allocatable ones allocated on the other side) go both ways.
/// Then gfortran's code runs with the vtabs of gpuf's object for the types (their `_copy`,
/// and their `_final` wrappers), and a gpuf main with a gfortran `class(*)` module.
/// gfortran code does all printing.
#[test]
fn gfortran_interop_polymorphic() {
    let dir = root().join("tests/interop");
    let d = scratch("interop_poly");
    let ok = ok_stdout;
    let f = |n: &str| dir.join(n);
    let gf_obj = |src: &str, obj: &str| {
        ok(run(gfortran_cmd().current_dir(&d).arg("-c").arg(f(src)).arg("-o").arg(d.join(obj))), "gfortran -c");
    };
    gf_obj("poly_types.f90", "types.o");
    gf_obj("poly_gf.f90", "gf.o");
    gf_obj("poly_procs.f90", "procs_gf.o");
    let r = d.join("ref");
    let srcs = ["poly_types.f90", "poly_gf.f90", "poly_procs.f90", "poly_main.f90"];
    ok(run(gfortran_cmd().current_dir(&d).args(srcs.map(f)).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    assert!(want.contains("a kind of square"), "the reference printed {want}");
    let exe = d.join("gpuf_main");
    ok(
        run(Command::new(gpuf())
            .current_dir(&d)
            .arg("compile")
            .arg(f("poly_main.f90"))
            .args(["procs_gf.o", "gf.o", "types.o", "-l", "gfortran", "-o"])
            .arg(&exe)),
        "gpuf main",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gpuf main"), want, "gpuf main, gfortran procedures");
    let obj = d.join("procs_gpuf.o");
    ok(run(Command::new(gpuf()).current_dir(&d).arg("compile").arg("-c").arg(f("poly_procs.f90")).arg("-o").arg(&obj)), "gpuf -c");
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok(
        run(gfortran_cmd()
            .current_dir(&d)
            .arg(f("poly_main.f90"))
            .arg(&obj)
            .args(["gf.o", "types.o"])
            .arg(&rt)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)),
        "gfortran link with gpuf objects",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gfortran main"), want, "gfortran main, gpuf procedures");
    // gfortran's code with the types' vtabs from gpuf's object (their `_copy` used by
    // `allocate(source=)` in gf_clone); gpuf's module file goes to a folder of its own.
    let sub = d.join("gpuf_types");
    std::fs::create_dir_all(&sub).unwrap_or_else(|e| panic!("cannot create {}: {e}", sub.display()));
    let types = sub.join("types_gpuf.o");
    ok(run(Command::new(gpuf()).current_dir(&d).arg("compile").arg("-c").arg(f("poly_types.f90")).arg("-o").arg(&types)), "gpuf -c types");
    let exe = d.join("gf_main_gpuf_types");
    ok(
        run(gfortran_cmd()
            .current_dir(&d)
            .arg(f("poly_main.f90"))
            .arg(f("poly_procs.f90"))
            .arg("gf.o")
            .arg(&types)
            .arg(&rt)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)),
        "gfortran link with gpuf's vtabs",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gfortran with gpuf's vtabs"), want, "gfortran main, gpuf vtabs");
    // A gpuf main with a gfortran-compiled module of `class(*)` variables (gpuf reads its
    // own module file of it): gfortran's code copies gpuf's values through the `_copy` of
    // gpuf's intrinsic vtabs.
    let any = ["poly_any.f90", "poly_any_main.f90"];
    let r = d.join("ref_any");
    ok(run(gfortran_cmd().current_dir(&d).args(any.map(f)).arg("-o").arg(&r)), "gfortran ref_any");
    let want = ok(run(&mut Command::new(&r)), "ref_any");
    assert!(want.contains("module variable"), "the reference printed {want}");
    ok(run(gfortran_cmd().current_dir(&d).arg("-c").arg(f("poly_any.f90")).arg("-o").arg(d.join("any_gf.o"))), "gfortran -c any");
    ok(
        run(Command::new(gpuf()).current_dir(&d).arg("compile").arg("-c").arg(f("poly_any.f90")).arg("-o").arg(sub.join("any.o"))),
        "gpuf -c any",
    );
    let exe = d.join("gpuf_main_any");
    ok(
        run(Command::new(gpuf())
            .current_dir(&d)
            .arg("compile")
            .arg(f("poly_any_main.f90"))
            .arg("-I")
            .arg(&sub)
            .args(["any_gf.o", "-l", "gfortran", "-o"])
            .arg(&exe)),
        "gpuf main_any",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gpuf main_any"), want, "gpuf main, gfortran class(*) module");
    // gfortran's code deallocates polymorphic objects whose vtabs come from gpuf's object:
    // gpuf's finalization wrappers (`_final`) run the final procedures.
    let (fin0, fin1) = (f("poly_final_types.f90"), f("poly_final_main.f90"));
    let fin = [fin0.as_path(), fin1.as_path()];
    let want = gfortran_reference(&d, fin, "final", "cells gone");
    gfortran_main_with_gpuf_module(&d, &sub, fin, "final", &want);
    // `class(*)` arrays passed both ways, and a module's `class(*)` allocatable array
    // (gfortran's container under its name) allocated on one side and read on the other:
    // a gpuf main with gfortran's module object, then a gfortran main with gpuf's.
    module_both_ways(&d, &sub, [&f("poly_any_arr.f90"), &f("poly_any_arr_main.f90")], "any_arr", "main sum");
    // gfortran's code deallocates polymorphic arrays of rank 1 and 2 whose vtabs come from
    // gpuf's object: the wrappers call the final procedure of the array's rank (assumed-
    // and explicit-shape dummies) or the elemental one, then the parent's.
    let (fa0, fa1) = (f("poly_final_arr_types.f90"), f("poly_final_arr_main.f90"));
    let fa = [fa0.as_path(), fa1.as_path()];
    let want = gfortran_reference(&d, fa, "final_arr", "cell mat");
    gfortran_main_with_gpuf_module(&d, &sub, fa, "final_arr", &want);
    // `class(*)` function results across the two compilers, both ways.
    module_both_ways(&d, &sub, [&f("poly_any_res.f90"), &f("poly_any_res_main.f90")], "any_res", "hello");
}

/// gfortran's own build of `srcs` (a module, then a main program using it): what it prints,
/// which must contain `marker`.
fn gfortran_reference(d: &Path, srcs: [&Path; 2], tag: &str, marker: &str) -> String {
    let r = d.join(format!("ref_{tag}"));
    ok_stdout(run(gfortran_cmd().current_dir(d).args(srcs).arg("-o").arg(&r)), &format!("gfortran ref_{tag}"));
    let want = ok_stdout(run(&mut Command::new(&r)), &format!("ref_{tag}"));
    assert!(want.contains(marker), "the reference {tag} printed {want}");
    want
}

/// Compiles the module `srcs[0]` with gpuf into `sub` (object and module file), links a
/// gfortran main `srcs[1]` with that object and gpuf's run time, and checks that it prints
/// `want`. Returns gpuf's object.
fn gfortran_main_with_gpuf_module(d: &Path, sub: &Path, srcs: [&Path; 2], tag: &str, want: &str) -> PathBuf {
    let ok = ok_stdout;
    let gpuf_obj = sub.join(format!("{tag}.o"));
    ok(
        run(Command::new(gpuf()).current_dir(sub).arg("compile").arg("-c").arg(srcs[0]).arg("-o").arg(&gpuf_obj)),
        &format!("gpuf -c {tag}"),
    );
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join(format!("gf_main_{tag}"));
    ok(
        run(gfortran_cmd().current_dir(d).arg(srcs[1]).arg(&gpuf_obj).arg(&rt).args(["-lpthread", "-ldl", "-lm", "-o"]).arg(&exe)),
        &format!("gfortran main {tag} with gpuf's module object"),
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), &format!("gfortran main {tag}")), want, "{tag}: gfortran main, gpuf module");
    gpuf_obj
}

/// A module and a main program using it, built both ways across the two compilers: a
/// gfortran main linked with gpuf's module object, then a gpuf main (reading gpuf's module
/// file, made in `sub`) linked with gfortran's module object. Both must print what
/// gfortran's own build prints, which must contain `marker`.
fn module_both_ways(d: &Path, sub: &Path, srcs: [&Path; 2], tag: &str, marker: &str) {
    let ok = ok_stdout;
    let want = gfortran_reference(d, srcs, tag, marker);
    gfortran_main_with_gpuf_module(d, sub, srcs, tag, &want);
    let gf_obj = d.join(format!("{tag}_gf.o"));
    ok(run(gfortran_cmd().current_dir(d).arg("-c").arg(srcs[0]).arg("-o").arg(&gf_obj)), &format!("gfortran -c {tag}"));
    let exe = d.join(format!("gpuf_main_{tag}"));
    ok(
        run(Command::new(gpuf())
            .current_dir(d)
            .arg("compile")
            .arg(srcs[1])
            .arg("-I")
            .arg(sub)
            .arg(&gf_obj)
            .args(["-l", "gfortran", "-o"])
            .arg(&exe)),
        &format!("gpuf main {tag}"),
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), &format!("gpuf main {tag}")), want, "{tag}: gpuf main, gfortran module");
}

/// `class(*)` allocatable and pointer components (gfortran's 24-byte containers) of objects
/// made on one side and set and read on the other: a gpuf main with gfortran's module
/// object, then a gfortran main with gpuf's. The module does all printing.
#[test]
fn gfortran_interop_star_components() {
    let dir = root().join("tests/interop");
    let d = scratch("interop_poly3");
    // gpuf's module file and object in a folder of their own.
    let sub = d.join("gpuf_box");
    std::fs::create_dir_all(&sub).unwrap_or_else(|e| panic!("cannot create {}: {e}", sub.display()));
    module_both_ways(&d, &sub, [&dir.join("poly3_box.f90"), &dir.join("poly3_box_main.f90")], "box", "main read pt 297");
}

/// A gfortran main calling gpuf-compiled procedures that print: gpuf's run time flushes its
/// output when the process exits although gpuf's `main` (which registers that) never runs.
/// (Each run time buffers its own output, so lines printed by both need not interleave in
/// program order; this program prints from gpuf's side only.)
#[test]
fn gfortran_main_keeps_gpuf_output() {
    let dir = root().join("tests/interop");
    let d = scratch("interop_flush");
    let obj = d.join("flush_sub.o");
    ok_stdout(
        run(Command::new(gpuf()).current_dir(&d).arg("compile").arg("-c").arg(dir.join("flush_sub.f90")).arg("-o").arg(&obj)),
        "gpuf -c",
    );
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok_stdout(
        run(gfortran_cmd()
            .current_dir(&d)
            .arg(dir.join("flush_main.f90"))
            .arg(&obj)
            .arg(&rt)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)),
        "gfortran link",
    );
    let out = ok_stdout(run(&mut Command::new(&exe)), "gfortran main");
    assert_eq!(out, "hello from gpuf 1\nhello from gpuf 2\n", "gpuf's output through a gfortran main");
}

/// Unformatted files in gfortran's layout: files written by a gfortran-built program are
/// read by a gpuf-built one and the reverse (sequential with record markers, direct,
/// stream); both writers produce the same bytes.
#[test]
fn gfortran_interop_unformatted_files() {
    let dir = root().join("tests/interop");
    let d = scratch("interop_uf");
    let ok = ok_stdout;
    let build_gf = |src: &str, exe: &str| {
        ok(run(gfortran_cmd().current_dir(&d).arg(dir.join(src)).arg("-o").arg(d.join(exe))), "gfortran");
    };
    let build_gpuf = |src: &str, exe: &str| {
        ok(run(Command::new(gpuf()).arg("compile").arg(dir.join(src)).arg("-o").arg(d.join(exe))), "gpuf");
    };
    build_gf("uf_write.f90", "w_gf");
    build_gf("uf_read.f90", "r_gf");
    build_gpuf("uf_write.f90", "w_gpuf");
    build_gpuf("uf_read.f90", "r_gpuf");
    let files = ["interop_seq.bin", "interop_dir.bin", "interop_str.bin"];
    let exec = |exe: &str| ok(run(Command::new(d.join(exe)).current_dir(&d)), exe);
    let bytes = || files.iter().map(|f| std::fs::read(d.join(f)).unwrap_or_default()).collect::<Vec<_>>();
    exec("w_gf");
    let gf_bytes = bytes();
    let want = exec("r_gf");
    assert!(want.contains("interop"), "the reference reader printed {want}");
    assert_eq!(exec("r_gpuf"), want, "gpuf reading gfortran's files");
    exec("w_gpuf");
    assert_eq!(bytes(), gf_bytes, "gpuf writes the bytes gfortran writes");
    assert_eq!(exec("r_gf"), want, "gfortran reading gpuf's files");
}

/// Allocatable array dummies across compilers: a gpuf main calls gfortran-compiled
/// procedures that allocate, grow and free its arrays, and the reverse; both print what
/// the program built by gfortran alone prints.
#[test]
fn gfortran_interop_allocatable() {
    let dir = root().join("tests/interop");
    let d = scratch("interop-alloc");
    let f = |n: &str| dir.join(n);
    let ok = ok_stdout;
    let r = d.join("ref");
    ok(run(gfortran_cmd().current_dir(&d).arg(f("alloc_main.f90")).arg(f("alloc_sub.f90")).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    // gpuf main + gfortran procedures.
    ok(run(gfortran_cmd().current_dir(&d).arg("-c").arg(f("alloc_sub.f90")).arg("-o").arg(d.join("sub_gf.o"))), "gfortran -c");
    let exe = d.join("gpuf_main");
    ok(
        run(Command::new(gpuf()).arg("compile").arg(f("alloc_main.f90")).arg(d.join("sub_gf.o")).args(["-l", "gfortran", "-o"]).arg(&exe)),
        "gpuf link with gfortran objects",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gpuf main"), want, "gpuf main, gfortran procedures");
    // gfortran main + gpuf procedures.
    let obj = d.join("sub_gpuf.o");
    ok(run(Command::new(gpuf()).arg("compile").arg("-c").arg(f("alloc_sub.f90")).arg("-o").arg(&obj)), "gpuf -c");
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok(
        run(gfortran_cmd().current_dir(&d).arg(f("alloc_main.f90")).arg(&obj).arg(&rt).args(["-lpthread", "-ldl", "-lm", "-o"]).arg(&exe)),
        "gfortran link with gpuf objects",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gfortran main"), want, "gfortran main, gpuf procedures");
}

/// Common blocks shared with gfortran objects both ways: a gpuf main with procedures and a
/// `block data` compiled by gfortran, and a gfortran main with them compiled by gpuf (block
/// data definitions meet the other compiler's common symbols at the link).
#[test]
fn gfortran_interop_common() {
    let dir = root().join("tests/interop");
    let d = scratch("interop_common");
    let f = |n: &str| dir.join(n);
    let ok = ok_stdout;
    let r = d.join("ref");
    ok(
        run(gfortran_cmd().current_dir(&d).args(["-w"]).arg(f("common_main.f90")).arg(f("common_procs.f90")).arg("-o").arg(&r)),
        "gfortran ref",
    );
    let want = ok(run(&mut Command::new(&r)), "ref");
    // gpuf main + gfortran procedures and block data.
    ok(
        run(gfortran_cmd().current_dir(&d).args(["-w", "-c"]).arg(f("common_procs.f90")).arg("-o").arg(d.join("procs_gf.o"))),
        "gfortran -c",
    );
    let exe = d.join("gpuf_main");
    ok(
        run(Command::new(gpuf())
            .arg("compile")
            .arg(f("common_main.f90"))
            .arg(d.join("procs_gf.o"))
            .args(["-l", "gfortran", "-o"])
            .arg(&exe)),
        "gpuf link with gfortran objects",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gpuf main"), want);
    // gfortran main + gpuf procedures and block data.
    let obj = d.join("procs_gpuf.o");
    ok(run(Command::new(gpuf()).arg("compile").arg("-c").arg(f("common_procs.f90")).arg("-o").arg(&obj)), "gpuf -c");
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok(
        run(gfortran_cmd()
            .current_dir(&d)
            .arg("-w")
            .arg(f("common_main.f90"))
            .arg(&obj)
            .arg(&rt)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)),
        "gfortran link with gpuf objects",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gfortran main"), want);
    // Both sides with `-fno-underscoring` (procedures `fill`, common block `shared`).
    let o = d.join("procs_nu.o");
    ok(
        run(gfortran_cmd().current_dir(&d).args(["-w", "-fno-underscoring", "-c"]).arg(f("common_procs.f90")).arg("-o").arg(&o)),
        "gfortran -c",
    );
    let exe = d.join("gpuf_main_nu");
    ok(
        run(Command::new(gpuf())
            .current_dir(&d)
            .arg("-fno-underscoring")
            .arg(f("common_main.f90"))
            .arg(&o)
            .args(["-lgfortran", "-o"])
            .arg(&exe)),
        "gpuf -fno-underscoring link",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gpuf main, -fno-underscoring"), want);
    let nm = ok(run(Command::new("nm").arg(&o)), "nm");
    assert!(nm.lines().any(|l| l.ends_with(" shared")) && nm.lines().any(|l| l.ends_with(" fill")), "gfortran's names:\n{nm}");
}

/// Host OpenMP across compilers: a gpuf-built parallel region calls gfortran -fopenmp
/// procedures (an orphaned `do`; `omp_get_thread_num` agrees on both sides), and a
/// gfortran-built region calls a gpuf procedure (an orphaned `do`, a named `critical` whose
/// lock both objects share), and a gpuf main uses a gfortran module's `threadprivate`
/// variable (`copyin`; one TLS copy per thread for both); with 1 to 4 threads, against the
/// programs built by gfortran.
#[test]
fn gfortran_openmp_interop() {
    let dir = root().join("tests/interop");
    let d = scratch("omp-interop");
    let f = |n: &str| dir.join(n);
    let ok = ok_stdout;
    // gpuf main + gfortran procedures.
    ok(
        run(gfortran_cmd().current_dir(&d).args(["-fopenmp", "-c"]).arg(f("omp_sub_gf.f90")).arg("-o").arg(d.join("omp_sub_gf.o"))),
        "gfortran -c",
    );
    let exe1 = d.join("gpuf_main");
    ok(
        run(Command::new(gpuf())
            .arg("compile")
            .arg("-fopenmp")
            .arg(f("omp_main_gpuf.f90"))
            .arg(d.join("omp_sub_gf.o"))
            .arg("-o")
            .arg(&exe1)),
        "gpuf link with a gfortran OpenMP object",
    );
    let r1 = d.join("ref1");
    ok(
        run(gfortran_cmd().current_dir(&d).arg("-fopenmp").arg(f("omp_main_gpuf.f90")).arg(f("omp_sub_gf.f90")).arg("-o").arg(&r1)),
        "gfortran ref",
    );
    // gfortran main + gpuf procedure.
    let obj = d.join("omp_sub_gpuf.o");
    ok(run(Command::new(gpuf()).arg("compile").args(["-fopenmp", "-c"]).arg(f("omp_sub_gpuf.f90")).arg("-o").arg(&obj)), "gpuf -c");
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe2 = d.join("gf_main");
    ok(
        run(gfortran_cmd()
            .current_dir(&d)
            .arg("-fopenmp")
            .arg(f("omp_main_gf.f90"))
            .arg(&obj)
            .arg(&rt)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe2)),
        "gfortran link with a gpuf OpenMP object",
    );
    let r2 = d.join("ref2");
    ok(
        run(gfortran_cmd().current_dir(&d).arg("-fopenmp").arg(f("omp_main_gf.f90")).arg(f("omp_sub_gpuf.f90")).arg("-o").arg(&r2)),
        "gfortran ref",
    );
    // gpuf main + a gfortran module with a threadprivate variable (through its module file).
    let tp = d.join("tp");
    std::fs::create_dir_all(&tp).unwrap_or_else(|e| panic!("{e}"));
    ok(
        run(gfortran_cmd().current_dir(&tp).args(["-fopenmp", "-c"]).arg(f("omp_tp_mod.f90")).arg("-o").arg(tp.join("tp_mod.o"))),
        "gfortran -c",
    );
    let exe3 = d.join("gpuf_tp_main");
    ok(
        run(Command::new(gpuf())
            .arg("compile")
            .arg("-fopenmp")
            .arg("-I")
            .arg(&tp)
            .arg(f("omp_tp_main.f90"))
            .arg(tp.join("tp_mod.o"))
            .arg("-o")
            .arg(&exe3)),
        "gpuf with a gfortran threadprivate module",
    );
    let r3 = d.join("ref3");
    ok(
        run(gfortran_cmd().current_dir(&d).arg("-fopenmp").arg(f("omp_tp_mod.f90")).arg(f("omp_tp_main.f90")).arg("-o").arg(&r3)),
        "gfortran ref",
    );
    for (exe, r) in [(&exe1, &r1), (&exe2, &r2), (&exe3, &r3)] {
        let want = ok(run(Command::new(r).env("OMP_NUM_THREADS", "2")), "ref");
        for n in ["1", "2", "3", "4"] {
            assert_eq!(ok(run(Command::new(exe).env("OMP_NUM_THREADS", n)), "mixed"), want, "{} with {n} threads", exe.display());
        }
    }
}

/// A host `parallel do` runs on `OMP_NUM_THREADS` threads: `omp_get_num_threads` in the
/// loop is the variable's value and that many threads run iterations, as with gfortran.
#[test]
fn omp_num_threads_sets_the_team_size() {
    let src = root().join("tests/interop/omp_team_size.f90");
    let d = scratch("omp-team-size");
    let exe = d.join("gpuf_prog");
    ok_stdout(run(Command::new(gpuf()).arg("compile").arg("-fopenmp").arg(&src).arg("-o").arg(&exe)), "gpuf");
    let r = d.join("ref");
    ok_stdout(run(gfortran_cmd().current_dir(&d).arg("-fopenmp").arg(&src).arg("-o").arg(&r)), "gfortran");
    for n in 1..=4 {
        let got = ok_stdout(run(Command::new(&exe).env("OMP_NUM_THREADS", n.to_string())), "gpuf build");
        assert_eq!(got, format!("{n} T {n}\n"), "with OMP_NUM_THREADS={n}");
        assert_eq!(got, ok_stdout(run(Command::new(&r).env("OMP_NUM_THREADS", n.to_string())), "gfortran build"));
    }
}

/// A gpuf main program using a module compiled by gfortran, through gfortran's own
/// (gzip-compressed) module file: kinds, named constants, a derived type, module procedures,
/// a generic interface and a module variable both sides update.
#[test]
fn gfortran_module_file() {
    gpuf_main_with_gfortran_module("interop_gfmod", "gf_mod", "gf_mod_main", Some("gm.mod"));
}

/// A gpuf main program using a gfortran-compiled module whose types have complex
/// components of every kind (with default values, `complex(16)` ones exact through the
/// module file): gfortran's layout on both sides.
#[test]
fn gfortran_module_with_complex_components() {
    gpuf_main_with_gfortran_module("interop_cplx_comp", "cplx_comp_mod", "cplx_comp_main", None);
}

/// Builds `MAIN.f90` with gpuf against the module `MODULE.f90` compiled by gfortran (its
/// object and module file) and checks that it prints what gfortran's own build prints;
/// `gz_mod`: a module file that must be gzip-compressed, as gfortran writes them.
fn gpuf_main_with_gfortran_module(scratch_name: &str, module: &str, main: &str, gz_mod: Option<&str>) {
    let dir = root().join("tests/interop");
    let d = scratch(scratch_name);
    let (m, p) = (dir.join(format!("{module}.f90")), dir.join(format!("{main}.f90")));
    let ok = ok_stdout;
    let r = d.join("ref");
    ok(run(gfortran_cmd().current_dir(&d).arg(&m).arg(&p).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    let obj = d.join(format!("{module}.o"));
    ok(run(gfortran_cmd().current_dir(&d).arg("-c").arg(&m).arg("-o").arg(&obj)), "gfortran -c module");
    if let Some(f) = gz_mod {
        let header = std::fs::read(d.join(f)).unwrap_or_default();
        assert!(header.starts_with(&[0x1f, 0x8b]), "gfortran's module file is not gzip-compressed");
    }
    let exe = d.join("gpuf_main");
    ok(
        run(Command::new(gpuf())
            .current_dir(&d)
            .arg("compile")
            .arg(&p)
            .arg("-I")
            .arg(&d)
            .arg(&obj)
            .args(["-l", "gfortran", "-o"])
            .arg(&exe)),
        "gpuf main with gfortran's module file",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gpuf main"), want);
}

/// A gpuf main program using a gfortran-compiled module whose derived types have
/// allocatable components (read from gfortran's module file: descriptors and data
/// pointers inside the structures) and whose procedures take them and allocatable arrays
/// of them; the objects are gfortran's.
#[test]
fn gfortran_module_file_alloc_comps() {
    gpuf_main_with_gfortran_module("interop_gfmod_alloc", "gf_alloc_mod", "gf_alloc_main", None);
}

/// gfortran module files gpuf cannot read: not gzip data after the magic bytes, another
/// format version, and an entity outside what gpuf imports.
#[test]
fn gfortran_module_file_errors() {
    let d = scratch("gfmod_errors");
    let src = d.join("user.f90");
    let write = |p: &Path, t: &[u8]| std::fs::write(p, t).unwrap_or_else(|e| panic!("{e}"));
    let compile = |text: &str| {
        write(&src, text.as_bytes());
        let o =
            run(Command::new(gpuf()).current_dir(&d).arg("compile").arg("-c").arg(&src).arg("-I").arg(&d).arg("-o").arg(d.join("user.o")));
        assert!(!o.status.success(), "compiled: {text}");
        String::from_utf8_lossy(&o.stderr).to_string()
    };
    let user = "program p\n  use bad\n  implicit none\nend program p\n";
    // gzip magic, then garbage.
    write(&d.join("bad.mod"), &[0x1f, 0x8b, 0x08, 0x00, 1, 2, 3]);
    let e = compile(user);
    assert!(e.contains("E0123") && e.contains("cannot be decompressed") && e.contains("bad.mod"), "{e}");
    // A gzip-compressed module file of another version.
    let text = d.join("bad.txt");
    write(&text, b"GFORTRAN module version '99' created from bad.f90\n()\n");
    let o = run(Command::new("gzip").arg("-c").arg(&text));
    assert!(o.status.success(), "gzip: {}", String::from_utf8_lossy(&o.stderr));
    write(&d.join("bad.mod"), &o.stdout);
    let e = compile(user);
    assert!(e.contains("E0123") && e.contains("version `99`") && e.contains("bad.mod"), "{e}");
    // An allocatable module array of a real gfortran module: named, or referenced.
    write(&d.join("alm.f90"), b"module alm\n  integer, allocatable :: al(:)\n  integer :: k = 1\nend module alm\n");
    let o = run(gfortran_cmd().current_dir(&d).args(["-c", "alm.f90"]));
    assert!(o.status.success(), "gfortran: {}", String::from_utf8_lossy(&o.stderr));
    let e = compile("program p\n  use alm, only: al\nend program p\n");
    assert!(e.contains("E0900") && e.contains("`al`") && e.contains("gfortran module file `alm.mod`"), "{e}");
    let e = compile("program p\n  use alm\n  al = 1\nend program p\n");
    assert!(e.contains("E0900") && e.contains("`al`") && e.contains("alm.mod"), "{e}");
}

/// `use mpi` with Open MPI's module file (written by gfortran): init, rank, size, an
/// allreduce through its `type(*)` buffers, finalize, run on two processes.
#[test]
fn use_mpi() {
    let dir = Path::new("/usr/lib/x86_64-linux-gnu/fortran/gfortran-mod-15/openmpi");
    let has = |c: &str| Command::new("sh").arg("-c").arg(format!("command -v {c}")).output().is_ok_and(|o| o.status.success());
    if !dir.join("mpi.mod").exists() || !has("mpirun") {
        println!("note: use_mpi skipped: Open MPI (mpi.mod, mpirun) is not installed");
        return;
    }
    let d = scratch("use_mpi");
    let exe = d.join("mpi_sum");
    let o = run(Command::new(gpuf())
        .arg("compile")
        .arg(root().join("tests/interop/mpi_sum.f90"))
        .arg("-I")
        .arg(dir)
        .args(["-L", "/usr/lib/x86_64-linux-gnu/openmpi/lib/fortran/gfortran", "-L", "/usr/lib/x86_64-linux-gnu/openmpi/lib"])
        .args(["-l", "mpi_usempi_ignore_tkr", "-l", "mpi_mpifh", "-l", "mpi", "-o"])
        .arg(&exe));
    assert!(o.status.success(), "gpuf: {}", String::from_utf8_lossy(&o.stderr));
    let o = run(Command::new("mpirun").args(["--allow-run-as-root", "--oversubscribe", "-np", "2"]).arg(&exe));
    assert!(o.status.success(), "mpirun: {}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "procs 2 sum   3.0 max  2\n");
}

/// `include 'mpif.h'` of Open MPI (fixed form: `parameter` statements, common blocks the
/// library shares, such as the one whose address is `MPI_STATUS_IGNORE`) through the `mpif90`
/// wrapper with `OMPI_FC=gpuf`, run on two and three processes; the reference is the same
/// program built by `mpif90` with gfortran.
#[test]
fn include_mpif_h() {
    let has = |c: &str| Command::new("sh").arg("-c").arg(format!("command -v {c}")).output().is_ok_and(|o| o.status.success());
    if !Path::new("/usr/lib/x86_64-linux-gnu/openmpi/include/mpif.h").exists() || !has("mpirun") || !has("mpif90") {
        println!("note: include_mpif_h skipped: Open MPI (mpif.h, mpif90, mpirun) is not installed");
        return;
    }
    let d = scratch("include_mpif");
    let src = root().join("tests/interop/mpif_sum.f90");
    let (exe, reference) = (d.join("gpuf_mpif"), d.join("gf_mpif"));
    let o = run(Command::new("mpif90").env("OMPI_FC", gpuf()).arg(&src).arg("-o").arg(&exe));
    assert!(o.status.success(), "mpif90 with OMPI_FC=gpuf: {}", String::from_utf8_lossy(&o.stderr));
    let o = run(Command::new("mpif90").env("OMPI_FC", "gfortran").current_dir(&d).arg(&src).arg("-o").arg(&reference));
    assert!(o.status.success(), "mpif90 with gfortran: {}", String::from_utf8_lossy(&o.stderr));
    for np in ["2", "3"] {
        let mpirun = |e: &Path| {
            let o = run(Command::new("mpirun").args(["--allow-run-as-root", "--oversubscribe", "-np", np]).arg(e));
            assert!(o.status.success(), "mpirun -np {np} {}: {}", e.display(), String::from_utf8_lossy(&o.stderr));
            String::from_utf8_lossy(&o.stdout).to_string()
        };
        assert_eq!(mpirun(&exe), mpirun(&reference), "-np {np}");
    }
}

/// gfortran's array descriptor both ways: a module with assumed-shape dummies built by one
/// compiler, the main program using it built by the other (gpuf reads the module file it
/// writes itself, gfortran its own `.mod`; the objects come from the other compiler).
#[test]
fn gfortran_interop_assumed_shape() {
    let dir = root().join("tests/interop");
    let d = scratch("interop_as");
    let (m, p) = (dir.join("as_mod.f90"), dir.join("as_main.f90"));
    let ok = ok_stdout;
    let r = d.join("ref");
    ok(run(gfortran_cmd().current_dir(&d).arg(&m).arg(&p).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    let gf_mod = d.join("as_mod_gf.o");
    ok(run(gfortran_cmd().current_dir(&d).arg("-c").arg(&m).arg("-o").arg(&gf_mod)), "gfortran -c module");
    // Both compilers name the module file `as_mod.mod`: gpuf's go to their own directory.
    let gpuf_mods = d.join("gpuf-mods");
    std::fs::create_dir_all(&gpuf_mods).unwrap_or_else(|e| panic!("{e}"));
    let gpuf_mod = d.join("as_mod_gpuf.o");
    ok(
        run(Command::new(gpuf()).current_dir(&d).arg("compile").arg("-c").arg(&m).arg("-J").arg(&gpuf_mods).arg("-o").arg(&gpuf_mod)),
        "gpuf -c module",
    );
    // gpuf main + gfortran module.
    let exe = d.join("gpuf_main");
    ok(
        run(Command::new(gpuf())
            .current_dir(&d)
            .arg("compile")
            .arg(&p)
            .arg("-I")
            .arg(&gpuf_mods)
            .arg(&gf_mod)
            .args(["-l", "gfortran", "-o"])
            .arg(&exe)),
        "gpuf main with the gfortran module",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gpuf main"), want, "gpuf main, gfortran module");
    // gfortran main + gpuf module.
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok(
        run(gfortran_cmd().current_dir(&d).arg(&p).arg(&gpuf_mod).arg(&rt).args(["-lpthread", "-ldl", "-lm", "-o"]).arg(&exe)),
        "gfortran main with the gpuf module",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gfortran main"), want, "gfortran main, gpuf module");
}

/// Fixed-size module arrays (numeric, logical, character, derived-type with default
/// initialisation, rank 3, a named constant array) shared by gpuf and gfortran objects:
/// a gpuf main with the gfortran-compiled module (through gfortran's module file and
/// through gpuf's), a gfortran main with the gpuf-compiled module; each reads the values
/// the other compiler's object starts with and changes, and writes values the other
/// compiler's procedure reads. The module's objects have gfortran's names, sizes and
/// sections (`nm`).
#[test]
fn gfortran_interop_module_arrays() {
    let dir = root().join("tests/interop");
    let d = scratch("interop_modarr");
    let (m, p) = (dir.join("modarr_mod.f90"), dir.join("modarr_main.f90"));
    let ok = ok_stdout;
    let r = d.join("ref");
    ok(run(gfortran_cmd().current_dir(&d).arg(&m).arg(&p).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    // Each compiler's module file in a directory of its own.
    let (gf_mods, gpuf_mods) = (d.join("gf-mods"), d.join("gpuf-mods"));
    for x in [&gf_mods, &gpuf_mods] {
        std::fs::create_dir_all(x).unwrap_or_else(|e| panic!("{e}"));
    }
    let gf_mod = d.join("modarr_mod_gf.o");
    ok(run(gfortran_cmd().current_dir(&d).arg("-c").arg(&m).arg("-J").arg(&gf_mods).arg("-o").arg(&gf_mod)), "gfortran -c module");
    let gpuf_mod = d.join("modarr_mod_gpuf.o");
    ok(
        run(Command::new(gpuf()).current_dir(&d).arg("compile").arg("-c").arg(&m).arg("-J").arg(&gpuf_mods).arg("-o").arg(&gpuf_mod)),
        "gpuf -c module",
    );
    // The module's data objects: (name, section letter, size) as `nm` lists them.
    let objects = |o: &Path| -> Vec<(String, String, String)> {
        let out = ok(run(Command::new("nm").arg("-S").arg("--defined-only").arg(o)), "nm");
        let mut v: Vec<(String, String, String)> = out
            .lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let (size, kind, name) = (*f.get(1)?, *f.get(2)?, *f.get(3)?);
                let var = name.strip_prefix("__modarr_store_MOD_")?;
                (!var.starts_with("__") && ["D", "B", "R"].contains(&kind)).then(|| (name.to_string(), kind.to_string(), size.to_string()))
            })
            .collect();
        v.sort();
        v
    };
    let want_objects = objects(&gf_mod);
    assert_eq!(want_objects.len(), 7, "gfortran's module objects: {want_objects:?}");
    assert_eq!(objects(&gpuf_mod), want_objects, "gpuf's module objects differ from gfortran's");
    for (name, mods) in [("gpuf_main_gf_modfile", &gf_mods), ("gpuf_main_gpuf_modfile", &gpuf_mods)] {
        // gpuf main + gfortran module, through either compiler's module file.
        let exe = d.join(name);
        ok(
            run(Command::new(gpuf())
                .current_dir(&d)
                .arg("compile")
                .arg(&p)
                .arg("-I")
                .arg(mods)
                .arg(&gf_mod)
                .args(["-l", "gfortran", "-o"])
                .arg(&exe)),
            "gpuf main with the gfortran module",
        );
        assert_eq!(ok(run(&mut Command::new(&exe)), name), want, "{name}: gpuf main, gfortran module");
    }
    // gfortran main + gpuf module.
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok(
        run(gfortran_cmd()
            .current_dir(&d)
            .arg(&p)
            .arg("-I")
            .arg(&gf_mods)
            .arg(&gpuf_mod)
            .arg(&rt)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)),
        "gfortran main with the gpuf module",
    );
    assert_eq!(ok(run(&mut Command::new(&exe)), "gfortran main"), want, "gfortran main, gpuf module");
}

/// Compiles `src` (written to a scratch directory) with `gpuf compile -O0 --offload none`
/// within `secs` seconds and returns the program's standard output.
fn compile_and_run_large(name: &str, src: &str, secs: u64) -> String {
    let d = scratch(name);
    let f = d.join(format!("{name}.f90"));
    std::fs::write(&f, src).unwrap_or_else(|e| panic!("cannot write {}: {e}", f.display()));
    let exe = d.join("prog");
    let t = std::time::Instant::now();
    let o = run(Command::new(gpuf()).arg("compile").args(["-O0", "--offload", "none"]).arg(&f).arg("-o").arg(&exe));
    let took = t.elapsed();
    assert!(o.status.success(), "{name}: gpuf failed:\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(took.as_secs() < secs, "{name}: compiling took {took:?} (limit {secs} s)");
    let r = run(&mut Command::new(&exe));
    assert!(r.status.success(), "{name}: the program failed:\n{}", String::from_utf8_lossy(&r.stderr));
    String::from_utf8_lossy(&r.stdout).trim().to_string()
}

/// `select case` with 10,000 cases and an `if`/`else if` chain of 10,000 branches compile
/// (no recursion whose depth grows with the chain's length) and pick the right branch.
#[test]
fn long_case_and_if_chains() {
    const N: i64 = 10_000;
    // The selector takes the values 500, 1000, ..., 10000; case k adds k mod 7, the
    // default 1.
    let want: i64 = (1..=20).map(|i| i * 500).map(|v| if v < N { v % 7 } else { 1 }).sum();
    let mut sel = String::from("program p\n  integer :: i, s\n  s = 0\n  do i = 1, 20\n    select case (i*500)\n");
    for k in 0..N {
        sel.push_str(&format!("    case ({k})\n      s = s + {}\n", k % 7));
    }
    sel.push_str("    case default\n      s = s + 1\n    end select\n  end do\n  print '(i0)', s\nend program\n");
    assert_eq!(compile_and_run_large("long_select", &sel, 30), want.to_string());
    let mut chain = String::from("program p\n  integer :: i, s\n  s = 0\n  do i = 1, 20\n    if (i*500 == 0) then\n      s = s + 0\n");
    for k in 1..N {
        chain.push_str(&format!("    else if (i*500 == {k}) then\n      s = s + {}\n", k % 7));
    }
    chain.push_str("    else\n      s = s + 1\n    end if\n  end do\n  print '(i0)', s\nend program\n");
    assert_eq!(compile_and_run_large("long_if_chain", &chain, 30), want.to_string());
}

/// `where` with 8,000 `elsewhere` branches compiles at -O2 (it did not finish in 10 minutes
/// while LLVM optimised it as one function: codegen cuts huge host functions into pieces).
/// About 25 s of CPU; the limit only catches the super-linear case on a loaded machine,
/// `scripts/scale.sh` measures.
#[test]
fn long_where_chain() {
    const N: i64 = 8_000;
    let mut src = String::from("program p\n  integer :: a(10), b(10), i\n  a = [(i, i = 1, 10)]\n  b = 0\n  where (a == 0)\n    b = -1\n");
    for k in 1..N {
        src.push_str(&format!("  elsewhere (a == {k})\n    b = 3 * {k}\n"));
    }
    src.push_str("  elsewhere\n    b = 99\n  end where\n  print '(i0)', sum(b)\nend program\n");
    let d = scratch("long_where");
    let f = d.join("long_where.f90");
    std::fs::write(&f, &src).unwrap_or_else(|e| panic!("cannot write {}: {e}", f.display()));
    let exe = d.join("prog");
    let t = std::time::Instant::now();
    let o = run(Command::new(gpuf()).args(["compile", "--offload", "none"]).arg(&f).arg("-o").arg(&exe));
    let took = t.elapsed();
    assert!(o.status.success(), "gpuf failed:\n{}", String::from_utf8_lossy(&o.stderr));
    assert!(took.as_secs() < 400, "compiling took {took:?}");
    let r = run(&mut Command::new(&exe));
    assert_eq!(String::from_utf8_lossy(&r.stdout).trim(), "165");
}

/// The expected text stored at `expected` (first written from `got` under GPUF_BLESS=1).
fn blessed(expected: &Path, got: &str) -> String {
    if bless() {
        std::fs::write(expected, got).unwrap_or_else(|e| panic!("cannot write {}: {e}", expected.display()));
    }
    std::fs::read_to_string(expected).unwrap_or_else(|_| panic!("no {} (bless with GPUF_BLESS=1)", expected.display()))
}

/// Durations in a profile report (`12.345 ms`) as `T ms`, so that the rest compares exactly.
fn mask_ms(s: &str) -> String {
    let mut out = String::new();
    for line in s.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let masked: Vec<&str> = words
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let before_ms = words.get(i + 1).is_some_and(|n| n.starts_with("ms"));
                if before_ms && w.parse::<f64>().is_ok() {
                    "T"
                } else {
                    w
                }
            })
            .collect();
        out.push_str(&masked.join(" "));
        out.push('\n');
    }
    out
}

/// `GPUF_PROFILE=1` on the sim device reports each construct's launches and the bytes its
/// data clauses moved (`tests/profile/NAME.stderr`, durations masked; bless with
/// GPUF_BLESS=1); `GPUF_TRACE=FILE` writes one complete event per kernel launch and
/// transfer.
#[test]
fn profile_report_and_trace() {
    let dir = root().join("tests/profile");
    for src in fortran_files(&dir) {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("profile-{name}"));
        let exe = d.join("prog");
        if let Err(e) = gpuf_build(&src, &exe, &[]) {
            panic!("{e}");
        }
        let trace = d.join("trace.json");
        let r = run(Command::new(&exe)
            .current_dir(&d)
            .env("ACC_DEVICE_TYPE", "sim")
            .env("GPUF_SIM_LANES", "32")
            .env("GPUF_PROFILE", "1")
            .env("GPUF_TRACE", &trace));
        assert!(r.status.success(), "{name}: {}", String::from_utf8_lossy(&r.stderr));
        let prefix = format!("{}/", dir.display());
        let got = mask_ms(&String::from_utf8_lossy(&r.stderr).replace(&prefix, ""));
        let want = blessed(&src.with_extension("stderr"), &got);
        assert_eq!(got, want, "{name}: profile report");
        // The trace: a JSON array of complete events, one per launch (as many as the report
        // counts) and per transfer.
        let t = std::fs::read_to_string(&trace).unwrap_or_else(|e| panic!("{name}: no trace: {e}"));
        assert!(t.trim_start().starts_with('[') && t.trim_end().ends_with(']'), "{name}: trace is not a JSON array:\n{t}");
        let kernels = t.lines().filter(|l| l.contains("\"cat\":\"kernel\"") && l.contains("\"ph\":\"X\"")).count();
        let launches: usize = got
            .lines()
            .filter_map(|l| l.split(": ").nth(1)?.split(' ').next()?.parse::<usize>().ok().filter(|_| l.contains(" launch")))
            .sum();
        assert!(launches > 0, "{name}: the report counts no launch:\n{got}");
        assert_eq!(kernels, launches, "{name}: kernel events in the trace");
        let transfers = t.lines().filter(|l| l.contains("\"cat\":\"to device\"") || l.contains("\"cat\":\"from device\"")).count();
        let counted: usize = got
            .lines()
            .filter_map(|l| {
                let (_, tail) = l.rsplit_once(" bytes, ")?;
                tail.split(' ').next()?.parse::<usize>().ok()
            })
            .sum();
        assert_eq!(transfers, counted, "{name}: transfer events in the trace");
    }
}

/// `-Minfo=accel` (and `gpuf compile --minfo=accel`): the loop-mapping report of each
/// `tests/minfo/NAME.f90` (with its `! flags:`) on standard error equals `NAME.stderr`
/// (paths from the file name on; bless with GPUF_BLESS=1), and the object is still built.
#[test]
fn minfo_accel_report() {
    let dir = root().join("tests/minfo");
    for src in fortran_files(&dir) {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("minfo-{name}"));
        let obj = d.join("a.o");
        let flags = program_flags(&src);
        let o = run(Command::new(gpuf()).args(["-fopenacc", "-Minfo=accel", "-c"]).args(&flags).arg(&src).arg("-o").arg(&obj));
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(obj.exists(), "{name}: no object");
        let prefix = format!("{}/", dir.display());
        let got = String::from_utf8_lossy(&o.stderr).replace(&prefix, "");
        let want = blessed(&src.with_extension("stderr"), &got);
        assert_eq!(got, want, "{name}: -Minfo=accel report");
        // The gpuf spelling gives the same report.
        let o = run(Command::new(gpuf()).args(["compile", "--minfo=accel", "-c"]).args(&flags).arg(&src).arg("-o").arg(&obj));
        assert_eq!(String::from_utf8_lossy(&o.stderr).replace(&prefix, ""), want, "{name}: --minfo=accel");
        // Without the flag: no report.
        let o = run(Command::new(gpuf()).args(["-fopenacc", "-c"]).args(&flags).arg(&src).arg("-o").arg(&obj));
        assert!(o.stderr.is_empty(), "{name}: output without -Minfo: {}", String::from_utf8_lossy(&o.stderr));
    }
}
