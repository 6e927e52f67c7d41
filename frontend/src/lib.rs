//! The Fortran + OpenACC front end: lexing, parsing, semantic analysis and diagnostics.
//!
//! It knows no target: nothing here depends on LLVM, the GPU kinds or the file system.
//! [`parse_and_check`] is the entry point the driver uses.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

pub mod ast;
pub mod diag;
mod directives;
pub mod fixed_form;
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
    let load = std::sync::Mutex::new(load);
    let guarded = || {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match load.lock() {
            Ok(mut l) => check_file_with(src, &mut **l),
            Err(_) => check_file_with(src, &mut |_| None),
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

#[cfg(test)]
fn check_file(src: &str) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    check_file_with(src, &mut |_| None)
}

fn check_file_with(src: &str, load: &mut dyn FnMut(&str) -> Option<String>) -> Result<(sema::Checked, Vec<Diagnostic>), Vec<Diagnostic>> {
    let (file, mut diags) = parser::parse(src);
    let Some(mut file) = file else {
        sort(&mut diags);
        return Err(diags);
    };
    if diags.iter().any(Diagnostic::is_error) {
        sort(&mut diags);
        return Err(diags);
    }
    let (checked, more) = sema::check_with(&mut file, load);
    diags.extend(more);
    sort(&mut diags);
    if diags.iter().any(Diagnostic::is_error) {
        Err(diags)
    } else {
        Ok((checked, diags))
    }
}

/// Orders diagnostics by position (stable, so one place keeps its order of discovery).
fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by_key(|d| d.span.lo);
}
