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

/// gfortran's output, exit code and standard error for the program (the oracle).
fn gfortran_run(src: &Path, dir: &Path) -> Result<(String, i32, String), String> {
    let exe = dir.join("ref");
    // Run in the scratch directory so that module files land there.
    let o = run(Command::new("gfortran")
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

fn gpuf_build(src: &Path, exe: &Path, extra: &[&str]) -> Result<(), String> {
    let o = run(Command::new(gpuf()).arg("compile").arg(src).arg("-o").arg(exe).args(extra));
    if !o.status.success() {
        return Err(format!("gpuf failed on {}:\n{}", src.display(), String::from_utf8_lossy(&o.stderr)));
    }
    Ok(())
}

fn differential(dir: &str, devices: &[(&str, Option<&str>)]) {
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
        for (dev, lanes) in devices {
            let mut c = Command::new(&exe);
            with_input(&mut c, src, &d)?;
            c.env("ACC_DEVICE_TYPE", dev);
            if let Some(l) = lanes {
                c.env("GPUF_SIM_LANES", l);
            }
            let r = run(&mut c);
            let got = String::from_utf8_lossy(&r.stdout).to_string();
            let code = r.status.code().unwrap_or(-1);
            if got != want || code != want_code {
                return Err(format!(
                    "{name} on {dev}{}: output differs from gfortran (exit {code} vs {want_code})\n--- gfortran\n{want}--- gpuf\n{got}--- stderr\n{}",
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

#[test]
fn acc_programs_match_gfortran_on_host_and_sim() {
    differential("acc", &[("host", None), ("sim", Some("32")), ("sim", Some("64"))]);
}

/// Every kernel of every program passes LLVM's verifier and code generator for both GPUs:
/// PTX has one `.entry` per kernel, and the AMD object links into an HSA code object.
#[test]
fn device_code_for_every_acc_program() {
    let srcs = fortran_files(&root().join("tests/programs/acc"));
    let fails = parallel(&srcs, threads(), |src| {
        let name = src.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        let d = scratch(&format!("dev-{name}"));
        let ptx = d.join("k.ptx");
        let o = run(Command::new(gpuf()).arg("compile").arg(src).args(["-target", "nvptx", "--emit=asm", "-o"]).arg(&ptx));
        if !o.status.success() {
            return Err(format!("{name}: nvptx: {}", String::from_utf8_lossy(&o.stderr)));
        }
        let text = std::fs::read_to_string(&ptx).map_err(|e| e.to_string())?;
        let entries = text.matches(".entry").count();
        let dump = d.join("x.txt");
        let o = run(Command::new(gpuf()).arg("compile").arg(src).args(["-target", "nvptx", "--emit=oacc-xform", "-o"]).arg(&dump));
        if !o.status.success() {
            return Err(format!("{name}: dump: {}", String::from_utf8_lossy(&o.stderr)));
        }
        let kernels = std::fs::read_to_string(&dump).map_err(|e| e.to_string())?.matches(";; kernel ").count();
        if entries != kernels || kernels == 0 {
            return Err(format!("{name}: {entries} PTX entries for {kernels} kernels"));
        }
        let hsaco = d.join("k.hsaco");
        let o = run(Command::new(gpuf()).arg("compile").arg(src).args(["-target", "amdgcn", "--emit=obj", "-o"]).arg(&hsaco));
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
    c.arg("compile").arg(src).arg(format!("--emit={what}")).arg("-o").arg(&out);
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
        gpuf_build(src, &exe, &[])?;
        let expected = src.with_extension("out");
        let mut first: Option<String> = None;
        for (dev, lanes) in [("host", "32"), ("sim", "32"), ("sim", "64")] {
            let mut c = Command::new(&exe);
            c.current_dir(&d).env("ACC_DEVICE_TYPE", dev).env("GPUF_SIM_LANES", lanes);
            let r = run(&mut c);
            let got = format!("{}{}", String::from_utf8_lossy(&r.stdout), exit_report(&r));
            if bless() && first.is_none() {
                std::fs::write(&expected, &got).map_err(|e| e.to_string())?;
            }
            let want = match &first {
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
            first = Some(want);
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
        let o = run(Command::new(gpuf()).current_dir(&dir).arg("compile").arg(&name).arg("-o").arg(&out));
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
    differential("f90", &[("host", None), ("sim", Some("32")), ("sim", Some("64"))]);
}

#[test]
fn snapshot_programs_match_gfortran_on_host_and_sim() {
    differential("snap", &[("host", None), ("sim", Some("32")), ("sim", Some("64"))]);
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
            let o = run(Command::new("gfortran")
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
                if !text.starts_with("gpuf-module 1\n") {
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
        let o = run(Command::new("gfortran").current_dir(&gd).arg("-fopenacc").args(&gobjs).arg("-o").arg(&r));
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
    let ok = |o: std::process::Output, what: &str| {
        assert!(o.status.success(), "{what}: {}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    // gpuf main + gfortran procedures + BLAS.
    ok(run(Command::new("gfortran").current_dir(&d).arg("-c").arg(f("sub_gf.f90")).arg("-o").arg(d.join("sub_gf.o"))), "gfortran -c");
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
    ok(
        run(Command::new("gfortran").current_dir(&d).arg(f("main_gpuf.f90")).arg(f("sub_gf.f90")).args(["-lblas", "-o"]).arg(&r)),
        "gfortran ref",
    );
    assert_eq!(got, ok(run(&mut Command::new(&r)), "ref"));
    // gfortran main + gpuf procedures (one with an OpenACC region).
    let obj = d.join("sub_gpuf.o");
    ok(run(Command::new(gpuf()).arg("compile").arg("-c").arg(f("sub_gpuf.f90")).arg("-o").arg(&obj)), "gpuf -c");
    let rt = gpuf().parent().map(|p| p.join("libgpuf_rt.a")).unwrap_or_default();
    let exe = d.join("gf_main");
    ok(
        run(Command::new("gfortran")
            .current_dir(&d)
            .arg(f("main_gf.f90"))
            .arg(&obj)
            .arg(&rt)
            .args(["-lpthread", "-ldl", "-lm", "-o"])
            .arg(&exe)),
        "gfortran link with gpuf objects",
    );
    let r = d.join("ref2");
    ok(run(Command::new("gfortran").current_dir(&d).arg(f("main_gf.f90")).arg(f("sub_gpuf.f90")).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    for dev in ["host", "sim"] {
        assert_eq!(ok(run(Command::new(&exe).env("ACC_DEVICE_TYPE", dev)), dev), want, "on {dev}");
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
    let ok = |o: std::process::Output, what: &str| {
        assert!(o.status.success(), "{what}: {}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).to_string()
    };
    let r = d.join("ref");
    ok(run(Command::new("gfortran").current_dir(&d).arg(&m).arg(&p).arg("-o").arg(&r)), "gfortran ref");
    let want = ok(run(&mut Command::new(&r)), "ref");
    let gf_mod = d.join("as_mod_gf.o");
    ok(run(Command::new("gfortran").current_dir(&d).arg("-c").arg(&m).arg("-o").arg(&gf_mod)), "gfortran -c module");
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
        run(Command::new("gfortran").current_dir(&d).arg(&p).arg(&gpuf_mod).arg(&rt).args(["-lpthread", "-ldl", "-lm", "-o"]).arg(&exe)),
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

/// `where` with 8,000 `elsewhere` branches compiles in a few seconds (at -O2: huge host
/// functions are not optimised, LLVM's optimisers grow faster than linearly with them).
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
    assert!(took.as_secs() < 60, "compiling took {took:?}");
    let r = run(&mut Command::new(&exe));
    assert_eq!(String::from_utf8_lossy(&r.stdout).trim(), "165");
}
