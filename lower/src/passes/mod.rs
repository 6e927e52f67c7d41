//! The pass pipeline and its manager.
//!
//! [`run_pipeline`] runs gimplify, omp-lower and omp-expand once, then oacc-xform once per
//! requested target on a copy of the module (the fork GCC makes at LTO streaming), verifying
//! the IR after every pass and keeping the dump the caller asked for.

pub mod gimplify;
pub mod oacc_xform;
pub mod omp_expand;
pub mod omp_lower;

use crate::ir::{Module, Target};
use crate::print;
use crate::verify::{verify, Stage};
use gpuf_frontend::sema::Checked;
use gpuf_frontend::{Diagnostic, Span};

/// Pass names, as accepted by `--emit=` (GCC's dump names).
pub const PASS_NAMES: [&str; 4] = ["gimple", "omp-lower", "omp-expand", "oacc-xform"];

/// What the pipeline produced.
pub struct Output {
    /// One module per requested target, after oacc-xform.
    pub modules: Vec<Module>,
    /// The dump after the pass asked for (for oacc-xform: every target's, one after another).
    pub dump: Option<String>,
    /// The loop-mapping report, when asked for ([`crate::report::accel`]).
    pub report: Option<String>,
}

/// Code generation options of the command line.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-fcheck=bounds`: check the subscripts of array elements in host code.
    pub check_bounds: bool,
    /// The source file as named on the command line (for runtime error messages).
    pub source_path: String,
    /// `-fno-underscoring`: common blocks are named without gfortran's trailing `_`.
    pub no_underscoring: bool,
    /// `-Minfo=accel`: make the loop-mapping report ([`Output::report`]).
    pub accel_report: bool,
    /// Where the preprocessed text came from (`include` lines and the C preprocessor move
    /// lines): run-time messages and kernel names give the original file and line.
    pub source_map: Option<gpuf_frontend::preprocess::SourceMap>,
}

/// Runs the whole pipeline.
pub fn run_pipeline(
    c: &Checked,
    src: &str,
    source_name: &str,
    targets: &[Target],
    dump_after: Option<&str>,
) -> Result<Output, Vec<Diagnostic>> {
    run_pipeline_with(c, src, source_name, targets, dump_after, &Options::default())
}

/// [`run_pipeline`] with code generation options.
pub fn run_pipeline_with(
    c: &Checked,
    src: &str,
    source_name: &str,
    targets: &[Target],
    dump_after: Option<&str>,
    opts: &Options,
) -> Result<Output, Vec<Diagnostic>> {
    let mut dump = None;
    let check = |m: &Module, stage: Stage, name: &str| -> Result<(), Vec<Diagnostic>> {
        verify(m, stage).map_err(|errs| {
            vec![Diagnostic::error(
                "E0990",
                format!("internal compiler error: invalid IR after {name}: {}", errs.join("; ")),
                Span::default(),
            )
            .with_note("note: this is a bug in gpuf; please report it with the source file")]
        })
    };
    let mut m = gimplify::gimplify_with(c, src, source_name, opts)?;
    check(&m, Stage::Gimple, "gimplify")?;
    let report = opts.accel_report.then(|| crate::report::accel(&m));
    if dump_after == Some("gimple") {
        dump = Some(print::module(&m));
    }
    omp_lower::omp_lower(&mut m);
    check(&m, Stage::OmpLower, "omp-lower")?;
    if dump_after == Some("omp-lower") {
        dump = Some(print::module(&m));
    }
    omp_expand::omp_expand(&mut m);
    check(&m, Stage::OmpExpand, "omp-expand")?;
    if dump_after == Some("omp-expand") {
        dump = Some(print::module(&m));
    }
    let mut modules = Vec::new();
    let mut xdump = String::new();
    for t in targets {
        let mut tm = m.clone();
        oacc_xform::oacc_xform(&mut tm, *t);
        check(&tm, Stage::OaccXform, &format!("oacc-xform ({})", t.name()))?;
        if dump_after == Some("oacc-xform") {
            xdump.push_str(&print::module(&tm));
            xdump.push('\n');
        }
        modules.push(tm);
    }
    if dump_after == Some("oacc-xform") {
        dump = Some(xdump);
    }
    Ok(Output { modules, dump, report })
}
