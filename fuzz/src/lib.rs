//! gpuf's fuzz targets, as plain functions so that the test suite can run them
//! deterministically and `scripts/fuzz.sh` can wrap them in libFuzzer for long
//! coverage-guided runs.
//!
//! * [`frontend`]: any bytes through the preprocessor, the lexer, the parser and sema.
//! * [`pipeline`]: programs the front end accepts through every pass for the four targets
//!   and through code generation for the host, nvptx and amdgcn.
//!
//! A finding is a panic, an internal-error diagnostic (E0990 verifier failure, E0999
//! internal compiler error) or, with `GPUF_FUZZ_STRICT=1`, a code-generation error on a
//! program the front end accepted (gpuf must then report a located diagnostic instead).
//! The targets panic on a finding, which libFuzzer records as a crash.

use gpuf_frontend::preprocess::{preprocess, PpOptions};
use gpuf_frontend::Diagnostic;
use gpuf_lower::ir::Target;

/// What one execution did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Rejected with ordinary diagnostics.
    Rejected,
    /// Accepted by the front end (and, for the pipeline, compiled).
    Accepted,
}

fn internal(diags: &[Diagnostic]) -> Option<&Diagnostic> {
    diags.iter().find(|d| d.code == "E0990" || d.code == "E0999")
}

/// The front end on `data` (as the driver would: lossy UTF-8; the first byte's bits choose
/// the C preprocessor, OpenMP's `!$` lines, OpenACC off, fixed form and OpenMP directives).
/// Runs on the calling thread, so a panic is a finding. Panics on a finding.
pub fn frontend(data: &[u8]) -> Outcome {
    match front(data) {
        Ok(_) => Outcome::Accepted,
        Err(()) => Outcome::Rejected,
    }
}

fn front(data: &[u8]) -> Result<(gpuf_frontend::sema::Checked, String), ()> {
    let flags = data.first().copied().unwrap_or(0);
    let src = String::from_utf8_lossy(data).to_string();
    let opts = PpOptions {
        cpp: flags & 1 != 0,
        defines: vec![("N".into(), "4".into())],
        openmp_sentinel: flags & 2 != 0,
        openacc: flags & 4 == 0,
        undefs: Vec::new(),
    };
    let (text, _map, pdiags) = preprocess("fuzz.F90", &src, &opts, &mut |_, _| None);
    if let Some(d) = internal(&pdiags) {
        panic!("internal error in the preprocessor: {}", d.message);
    }
    if pdiags.iter().any(Diagnostic::is_error) {
        return Err(());
    }
    let text = if flags & 8 != 0 { gpuf_frontend::fixed_form::to_free_form(&text, 72) } else { text };
    let fopts = gpuf_frontend::Options {
        openmp: flags & 16 != 0,
        implicit_none: flags & 32 != 0,
        allow_argument_mismatch: flags & 64 != 0,
        dialect: Default::default(),
    };
    match gpuf_frontend::parse_and_check_here(&text, &fopts) {
        Ok((checked, warnings)) => {
            if let Some(d) = internal(&warnings) {
                panic!("internal error in the front end: {}", d.message);
            }
            Ok((checked, text))
        }
        Err(diags) => {
            if let Some(d) = internal(&diags) {
                panic!("internal error in the front end: {}", d.message);
            }
            Err(())
        }
    }
}

/// The whole pipeline on `data`: the front end, then every pass for host, sim, nvptx and
/// amdgcn, then code generation (at -O0, the point is the IR and LLVM's verifier, not
/// speed). Panics on a finding.
pub fn pipeline(data: &[u8]) -> Outcome {
    let Ok((checked, text)) = front(data) else { return Outcome::Rejected };
    let targets = [Target::Host, Target::Sim, Target::Nvptx, Target::Amdgcn];
    let opts = gpuf_lower::passes::Options {
        check_bounds: data.len().is_multiple_of(2),
        source_path: "fuzz.f90".into(),
        no_underscoring: false,
        // The loop-mapping report on a third of the inputs.
        accel_report: data.len().is_multiple_of(3),
        source_map: None,
    };
    let out = match gpuf_lower::passes::run_pipeline_with(&checked, &text, "fuzz.f90", &targets, None, &opts) {
        Ok(o) => o,
        Err(diags) => {
            if let Some(d) = internal(&diags) {
                panic!("internal error in the passes: {}", d.message);
            }
            return Outcome::Rejected;
        }
    };
    let strict = std::env::var_os("GPUF_FUZZ_STRICT").is_some_and(|v| v != "0");
    let copts = gpuf_codegen::Options { opt_level: 0, ..Default::default() };
    let module = |t: Target| out.modules.iter().find(|m| m.target == Some(t));
    let mut results = Vec::new();
    if let (Some(h), Some(s)) = (module(Target::Host), module(Target::Sim)) {
        results.push(gpuf_codegen::compile_host(h, s, &gpuf_codegen::DeviceImages::default(), &copts, gpuf_codegen::Emit::Obj));
    }
    for t in [Target::Nvptx, Target::Amdgcn] {
        if let Some(m) = module(t) {
            results.push(gpuf_codegen::compile_device(m, &copts, gpuf_codegen::Emit::Obj));
        }
    }
    for r in results {
        if let Err(e) = r {
            let msg = e.to_string();
            // LLVM's verifier rejecting gpuf's IR is always a bug; other code-generation
            // errors are findings in strict mode.
            if strict || msg.contains("does not verify") {
                panic!("code generation failed on an accepted program: {msg}");
            }
        }
    }
    Outcome::Accepted
}

/// A small deterministic random generator (xorshift64*) for the smoke test's mutations.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// Fortran-shaped fragments that mutations insert (keywords, operators, directive starts).
const TOKENS: &[&str] = &[
    "\n",
    "&\n",
    " ",
    "(",
    ")",
    ",",
    "=",
    "::",
    "%",
    "=>",
    "**",
    "//",
    ".and.",
    ".not.",
    "1",
    "0",
    "-1",
    "1.5d0",
    "'x'",
    "a",
    "i",
    "(:)",
    "(1:n)",
    "end",
    "do",
    "if",
    "then",
    "else",
    "end do",
    "end if",
    "call ",
    "select case",
    "case (1)",
    "where",
    "elsewhere",
    "!$acc parallel loop",
    "!$acc end parallel",
    "!$acc loop gang vector",
    " reduction(+:s)",
    " copy(a)",
    " collapse(2)",
    "integer :: ",
    "real(8), allocatable :: ",
    "allocate(",
    "contains\n",
    "function f(x)\n",
    "end function\n",
    "module m\n",
    "use m\n",
    "#define X 1\n",
    "#if X\n",
    "#endif\n",
    "include 'y'\n",
    "\u{0}",
    "\u{e9}",
    "type t\n",
    "end type\n",
    "block\n",
];

/// One mutation of `input`: byte flips, deletions, duplications of a slice, insertion of a
/// Fortran fragment, or splicing with `other`.
pub fn mutate(input: &[u8], other: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let n = v.len();
        match rng.below(6) {
            0 if n > 0 => {
                let i = rng.below(n);
                v[i] ^= 1 << rng.below(8);
            }
            1 if n > 0 => {
                let i = rng.below(n);
                let len = 1 + rng.below(16.min(n - i));
                v.drain(i..i + len);
            }
            2 if n > 0 => {
                let i = rng.below(n);
                let len = 1 + rng.below(64.min(n - i));
                let piece: Vec<u8> = v[i..i + len].to_vec();
                let at = rng.below(n + 1);
                v.splice(at..at, piece);
            }
            3 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                let at = rng.below(n + 1);
                v.splice(at..at, t.iter().copied());
            }
            4 if !other.is_empty() => {
                let at = rng.below(n + 1);
                let from = rng.below(other.len());
                v.truncate(at);
                v.extend_from_slice(&other[from..]);
            }
            _ => {
                let at = rng.below(n + 1);
                v.insert(at, rng.below(128) as u8);
            }
        }
    }
    v
}
