//! The Fortran + OpenACC front end: lexing, parsing, semantic analysis and diagnostics.
//!
//! It knows no target: nothing here depends on LLVM, the GPU kinds or the file system.
//! [`parse_and_check`] is the entry point the driver uses.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

pub mod ast;
pub mod device_type;
pub mod diag;
pub mod dialect;
mod directives;
pub mod fixed_form;
pub mod gfortran_mod;
pub mod intrinsic_modules;
pub mod labels;
pub mod lexer;
pub mod modfile;
pub mod parser;
pub mod preprocess;
pub mod sema;
#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]
mod tests;
pub mod text;

pub use diag::{Diagnostic, Level, Span};

/// Parses and checks one file. Errors (and the warnings seen so far) in Err; on success the
/// checked program units with their symbols and procedures, and the warnings.
///
/// Semantic analysis runs only when the file parsed without errors, so a syntax error is
/// never followed by follow-up errors about what could not be parsed. Diagnostics are in
/// source order.
///
/// The work runs on a helper thread with a generous stack (the nesting limits keep recursion
/// bounded, this keeps the bound far from any platform's default stack size), and a panic —
/// which would be a bug — becomes an internal-error diagnostic (`E0999`) instead of
/// unwinding into the caller.
pub fn parse_and_check(src: &str) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    parse_and_check_with(src, &mut |_| None)
}

/// A loader of module files: given a module's name, the text of its module file (see
/// [`modfile`]), or `None` when there is none.
pub type ModuleLoader<'a> = dyn FnMut(&str) -> Option<String> + Send + 'a;

/// [`parse_and_check`] for a file that may `use` modules compiled separately: `load` returns
/// the text of a module file (the front end does no I/O itself).
pub fn parse_and_check_with(src: &str, load: &mut ModuleLoader<'_>) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    parse_and_check_opts(src, load, &Options::default())
}

/// What the command line enables in the language.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `-fopenmp`: `!$omp` lines are OpenMP directives (otherwise comments).
    pub openmp: bool,
    /// `-fimplicit-none`: no implicit typing in units without their own `implicit` statement.
    pub implicit_none: bool,
    /// `-fallow-argument-mismatch`: a type mismatch between an actual argument and the
    /// dummy of a procedure that is not a module procedure is a warning (W0230), as in
    /// gfortran; the argument is passed by address as it is.
    pub allow_argument_mismatch: bool,
    /// `-fdefault-real-8`, `-fdefault-double-8`, `-fdefault-integer-8`, `-fbackslash`,
    /// `-fno-underscoring`.
    pub dialect: dialect::Dialect,
}

/// `-fimplicit-none` on a unit and the units it contains.
fn implicit_none_everywhere(u: &mut ast::Unit) {
    if u.implicit_rules.is_empty() {
        u.implicit_none = true;
    }
    for c in u.contains.iter_mut().chain(u.interfaces.iter_mut()) {
        implicit_none_everywhere(c);
    }
}

/// [`parse_and_check_with`] with the language options of the command line.
pub fn parse_and_check_opts(
    src: &str,
    load: &mut ModuleLoader<'_>,
    opts: &Options,
) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    let load = std::sync::Mutex::new(load);
    let guarded = || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match load.lock() {
            Ok(mut l) => check_file_with(src, &mut **l, opts),
            Err(_) => check_file_with(src, &mut |_| None, opts),
        }))
    };
    let joined = std::thread::scope(|s| {
        match std::thread::Builder::new().name("gpuf-frontend".into()).stack_size(STACK_SIZE).spawn_scoped(s, guarded) {
            Ok(h) => h.join().ok(),
            Err(_) => None,
        }
    });
    let outcome = match joined {
        Some(r) => r,
        // No thread could be started: run here.
        None => guarded(),
    };
    match outcome {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(vec![Diagnostic::error("E0999", "internal compiler error in the front end", Span::default())
                .with_note(format!("note: {what}"))
                .with_note("note: this is a bug in gpuf; please report it with the source file")])
        }
    }
}

/// The stack of the front end's thread.
const STACK_SIZE: usize = 64 << 20;

/// [`parse_and_check_opts`] on the calling thread, without the helper thread and without
/// catching panics: for fuzzers, which run millions of inputs and want a panic to surface
/// as a crash. The caller's stack must be deep enough for the nesting limits.
#[doc(hidden)]
pub fn parse_and_check_here(src: &str, opts: &Options) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    check_file_with(src, &mut |_| None, opts)
}

#[cfg(test)]
fn check_file(src: &str) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    check_file_with(src, &mut |_| None, &Options::default())
}

#[cfg(test)]
fn check_file_omp(src: &str) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    check_file_with(src, &mut |_| None, &Options { openmp: true, ..Options::default() })
}

fn check_file_with(
    src: &str,
    load: &mut dyn FnMut(&str) -> Option<String>,
    opts: &Options,
) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    // Each module file is asked for once: the parser needs the integer constants of the
    // modules the file uses (kinds), semantic analysis everything else.
    let mut cache: std::collections::HashMap<String, Option<String>> = std::collections::HashMap::new();
    let mut load = |name: &str| -> Option<String> { cache.entry(name.to_string()).or_insert_with(|| load(name)).clone() };
    dialect::set(opts.dialect);
    let (consts, problems) = module_consts(src, &mut load);
    let (file, mut diags) = parser::parse_with(src, consts, opts.openmp);
    let file = match file {
        Some(f) if !diags.iter().any(Diagnostic::is_error) => f,
        _ => {
            // A module without a usable module file explains the unknown kinds.
            if !problems.is_empty() {
                diags.retain(|d| d.code != "E0032");
                diags.extend(problems);
            }
            sort(&mut diags);
            return Err(diags);
        }
    };
    let mut file = file;
    if opts.implicit_none {
        for u in file.units.iter_mut() {
            implicit_none_everywhere(u);
        }
    }
    let (checked, more) = sema::check_with_options(&mut file, &mut load, opts.allow_argument_mismatch);
    diags.extend(more);
    sort(&mut diags);
    if diags.iter().any(Diagnostic::is_error) {
        Err(diags)
    } else {
        Ok((checked, diags))
    }
}

/// The modules a file `use`s and does not define, found in its tokens before parsing:
/// `use [, intrinsic|non_intrinsic] [::] NAME` at the start of a statement.
fn used_modules(src: &str) -> Vec<(String, Span)> {
    use lexer::Tok;
    let lexed = lexer::lex(src).tokens;
    let toks: Vec<&Tok> = lexed.iter().map(|t| &t.tok).collect();
    let name = |i: usize| match toks.get(i) {
        Some(Tok::Name(n)) => Some(n.as_str()),
        _ => None,
    };
    let (mut used, mut defined) = (Vec::new(), Vec::new());
    for i in 0..toks.len() {
        if i > 0 && toks.get(i - 1) != Some(&&Tok::Eos) {
            continue;
        }
        match name(i) {
            Some("use") => {
                let mut j = i + 1;
                if toks.get(j) == Some(&&Tok::Comma) {
                    j += 2;
                }
                if toks.get(j) == Some(&&Tok::DoubleColon) {
                    j += 1;
                }
                if let (Some(m), Some(t)) = (name(j), lexed.get(j)) {
                    if !used.iter().any(|(u, _)| u == m) {
                        used.push((m.to_string(), t.span));
                    }
                }
            }
            Some("module") if toks.get(i + 2) == Some(&&Tok::Eos) => {
                if let Some(m) = name(i + 1) {
                    defined.push(m.to_string());
                }
            }
            _ => {}
        }
    }
    used.retain(|(u, _)| !defined.contains(u) && !sema::scope::INTRINSIC_MODULES.contains(&u.as_str()));
    used
}

/// The public integer constants of the separately compiled modules the file uses, from their
/// module files, and the errors for those without a usable module file (semantic analysis
/// reports them too: they are for a file that does not parse because of them).
fn module_consts(src: &str, load: &mut dyn FnMut(&str) -> Option<String>) -> (parser::ModuleConsts, Vec<Diagnostic>) {
    let mut out = parser::ModuleConsts::new();
    let mut problems = Vec::new();
    for (m, span) in used_modules(src) {
        let Some(text) = load(&m) else {
            problems.push(sema::missing_module(&m, span));
            continue;
        };
        let im = match modfile::read(&m, &text) {
            Ok(im) => im,
            Err(why) => {
                problems.push(sema::malformed_module(&m, &why, span));
                continue;
            }
        };
        let table = im
            .symbols
            .iter()
            .filter(|s| s.parameter && s.rank == 0 && matches!(s.base, ast::BaseTy::Integer(_)))
            .filter_map(|s| match s.init.as_ref().map(|e| &e.kind) {
                Some(ast::ExprKind::Int(v, _)) => Some((s.name.clone(), *v)),
                _ => None,
            })
            .collect();
        out.insert(m, table);
    }
    (out, problems)
}

/// Orders diagnostics by position (stable, so one place keeps its order of discovery).
fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by_key(|d| d.span.lo);
}
