//! The preprocessor: C-preprocessor directives (for `.F90` / `-cpp`), Fortran `include`
//! lines and the OpenMP conditional-compilation sentinel `!$ `.
//!
//! It works line by line and keeps the line structure: every line of the main file and of
//! every included file becomes exactly one line of the output, so a [`SourceMap`] can map any
//! byte offset of the output back to a file, line and column.
//!
//! * Code lines are copied, with macros expanded (when the C preprocessor runs).
//! * Directive lines (`#define ...`) become lines of spaces as long as the directive, so a
//!   diagnostic about a directive can point at its exact column.
//! * Lines in false conditional branches become empty lines.
//! * An `#include` / `include '...'` line becomes a blank line, followed by the lines of the
//!   included file.
//! * Carriage returns at line ends are dropped; the output ends every line with `\n`.
//!
//! As with gfortran, a file brought in by a Fortran `include` line is not run through the
//! C preprocessor (its `#` lines stay as they are and macros are not expanded in it), while
//! a file brought in by `#include` is.
//!
//! Macro expansion follows cpp where it matters to Fortran: whole identifiers only, case
//! sensitive, never inside character literals (`'...'`, `"..."`, continued with `&` across
//! lines) nor after a `!` comment start, except that `!$acc` / `!$omp` directive lines are
//! expanded. The arguments of a function-like macro may span lines (they are joined with
//! blanks; the expansion replaces the first line and the others stay empty). In a macro
//! body `#param` stringifies (ISO C) and a parameter inside a character literal is replaced
//! by the argument's text (traditional cpp, which gfortran runs: `#define STR(x) "x"`); `##`
//! is not supported. `__LINE__` and `__FILE__` are built in.
//!
//! The front end does no I/O: included files are read through the `load` callback.
//!
//! Error codes: E0050 include file not found, E0051 includes nested too deeply, E0052
//! unterminated `#if`, E0053 `#else`/`#elif`/`#endif` without `#if`, E0054 `#else`/`#elif`
//! after `#else`, E0055 `#error`, E0056 unknown directive, E0057 bad `#define` / `-D`, E0058
//! bad `#if` expression, E0059 division by zero in `#if`, E0060 bad macro invocation, E0061
//! macro expansion too deep or too large, E0062 bad `#include`, E0063 missing macro name,
//! E0064 macro redefined (warning), E0065 `#warning` (warning), E0066 too many includes.

use std::collections::HashMap;

use crate::diag::{Diagnostic, Span};

/// Options: `-D NAME[=value]` definitions, whether to run the C preprocessor (gfortran does
/// for `.F90` / `.F` / `-cpp`), and whether gfortran's OpenMP conditional-compilation
/// sentinel lines `!$ ` are compiled (with -fopenmp) or left as comments.
#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    pub cpp: bool,
    /// `-D` definitions in command-line order; the value is `"1"` when none was given.
    pub defines: Vec<(String, String)>,
    pub openmp_sentinel: bool,
    /// Whether OpenACC is enabled: `_OPENACC` is predefined and `!$acc` lines are
    /// directives; otherwise they are comments (gfortran without `-fopenacc`).
    pub openacc: bool,
    /// `-U` names: macros (predefined or from `-D`) removed before the source is read.
    pub undefs: Vec<String>,
}

/// A file the loader found: its display path (for messages) and its text.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub path: String,
    pub text: String,
}

/// The deepest nesting of included files.
const MAX_INCLUDE_DEPTH: usize = 50;
/// The most include files read in all (a file including itself twice, without guards,
/// would otherwise take 2^50 steps).
const MAX_INCLUDES: usize = 10_000;
/// The deepest nesting of macro expansions.
const MAX_EXPANSION_DEPTH: usize = 200;
/// The most text macro expansion may produce for one line.
const MAX_EXPANSION_LEN: usize = 1 << 20;
/// The most lines the arguments of one macro invocation may span.
const MAX_JOINED_LINES: usize = 200;
/// The deepest nesting of parentheses and unary operators in an `#if` expression.
const MAX_EXPR_DEPTH: usize = 256;

/// Predefined macros.
const PREDEFINED: &[(&str, &str)] = &[("__GPUF__", "1")];

// ---------------------------------------------------------------------------------------------
// Source map
// ---------------------------------------------------------------------------------------------

/// Where a piece of an output line came from: output bytes from `out` on map to original
/// bytes from `orig` on (`exact`), or all to `orig` (the start of a macro invocation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Anchor {
    out: u32,
    orig: u32,
    exact: bool,
}

#[derive(Clone, Debug)]
struct LineInfo {
    /// Offset of the line in the output.
    out_start: usize,
    /// Length of the output line, without its `\n`.
    out_len: usize,
    /// Index into `SourceMap::files`.
    file: u32,
    /// 1-based line number in that file.
    line_no: u32,
    /// Byte range of the original line (without `\r\n`) in the file's text.
    orig_start: usize,
    orig_len: usize,
    /// Empty when the output line maps byte for byte onto the original.
    anchors: Vec<Anchor>,
}

/// Maps byte offsets of the preprocessed text back to files and lines.
#[derive(Clone, Debug)]
pub struct SourceMap {
    /// Display path and text of every file read, the main file first (a file included twice
    /// appears twice).
    files: Vec<(String, String)>,
    /// One entry per output line, in output order.
    lines: Vec<LineInfo>,
}

impl SourceMap {
    /// The original file, 1-based line and column (in characters), and the text of the
    /// original line.
    pub fn locate(&self, offset: usize) -> (String, usize, usize, String) {
        match self.resolve(offset) {
            Some((idx, b)) => {
                let (path, text) = self.line_text(idx);
                let col = sub(text, 0, b).chars().count() + 1;
                let line_no = self.lines.get(idx).map_or(1, |l| l.line_no as usize);
                (path.to_string(), line_no, col, text.to_string())
            }
            None => (self.files.first().map(|f| f.0.clone()).unwrap_or_default(), 1, 1, String::new()),
        }
    }

    /// The display path of the main file.
    pub fn main_path(&self) -> &str {
        self.files.first().map_or("", |f| f.0.as_str())
    }

    /// The output line holding `offset` and the byte offset (at a character boundary) within
    /// the original line it maps to.
    fn resolve(&self, offset: usize) -> Option<(usize, usize)> {
        if self.lines.is_empty() {
            return None;
        }
        let idx = self.lines.partition_point(|l| l.out_start <= offset).saturating_sub(1);
        let l = self.lines.get(idx)?;
        let b = offset.saturating_sub(l.out_start).min(l.out_len);
        let mut orig = match l.anchors.iter().rev().find(|a| a.out as usize <= b) {
            None => b,
            Some(a) if a.exact => a.orig as usize + (b - a.out as usize),
            Some(a) => a.orig as usize,
        };
        orig = orig.min(l.orig_len);
        let (_, text) = self.line_text(idx);
        while orig > 0 && !text.is_char_boundary(orig) {
            orig -= 1;
        }
        Some((idx, orig))
    }

    /// The display path and original text of output line `idx`.
    fn line_text(&self, idx: usize) -> (&str, &str) {
        let Some(l) = self.lines.get(idx) else { return ("", "") };
        let Some((path, text)) = self.files.get(l.file as usize) else { return ("", "") };
        (path.as_str(), sub(text, l.orig_start, l.orig_start + l.orig_len))
    }
}

/// Renders a diagnostic whose span is in preprocessed text, rustc-style, pointing into the
/// original file and line (same format as [`Diagnostic::render`]).
pub fn render_mapped(d: &Diagnostic, map: &SourceMap) -> String {
    let lo = d.span.lo as usize;
    let hi = d.span.hi as usize;
    let Some((idx, lo_b)) = map.resolve(lo) else {
        return d.render(map.main_path(), "");
    };
    let (path, text) = map.line_text(idx);
    let hi_b = match map.resolve(hi) {
        Some((hidx, b)) if hidx == idx => b.max(lo_b),
        _ => text.len(),
    };
    let line_no = map.lines.get(idx).map_or(1, |l| l.line_no as usize).max(1);
    // A stand-in source whose line `line_no` is the original line: `render` then prints the
    // right line number, column and carets.
    let mut src = "\n".repeat(line_no - 1);
    src.push_str(text);
    let mut d2 = d.clone();
    d2.span = Span::new(line_no - 1 + lo_b, line_no - 1 + hi_b);
    d2.render(path, &src)
}

// ---------------------------------------------------------------------------------------------
// Small helpers (no indexing, so no panics)
// ---------------------------------------------------------------------------------------------

/// `s[lo..hi]`, or "" when out of range or not at character boundaries.
fn sub(s: &str, lo: usize, hi: usize) -> &str {
    s.get(lo..hi).unwrap_or("")
}

/// Byte `i` of `b`, or 0 past the end.
fn at(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

/// The end of the identifier starting at `i`.
fn ident_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_ident_char(at(b, i)) {
        i += 1;
    }
    i
}

fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_blank(at(b, i)) {
        i += 1;
    }
    i
}

/// The length in bytes of the character starting at byte `i` (1 when not at a boundary).
fn char_len(s: &str, i: usize) -> usize {
    s.get(i..).and_then(|r| r.chars().next()).map_or(1, |c| c.len_utf8())
}

fn is_identifier(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty() && is_ident_start(at(b, 0)) && b.iter().all(|&c| is_ident_char(c))
}

/// Whether the line is a C-preprocessor directive: `#` after optional blanks.
fn is_directive(line: &str) -> bool {
    let b = line.as_bytes();
    at(b, skip_blanks(b, 0)) == b'#'
}

/// The position of an OpenMP conditional-compilation sentinel `!$` (followed by a blank or
/// `&`) starting the line after optional blanks.
fn omp_sentinel(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let p = skip_blanks(b, 0);
    let next = at(b, p + 2);
    (at(b, p) == b'!' && at(b, p + 1) == b'$' && (is_blank(next) || next == b'&')).then_some(p)
}

/// The position of an OpenACC directive sentinel `!$acc` (any case) starting the line after
/// optional blanks.
fn acc_sentinel(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let p = skip_blanks(b, 0);
    (at(b, p) == b'!' && at(b, p + 1) == b'$' && b.get(p + 2..p + 5).is_some_and(|s| s.eq_ignore_ascii_case(b"acc"))).then_some(p)
}

/// The byte range of the file name of a Fortran `include 'name'` line.
fn fortran_include(line: &str) -> Option<(usize, usize)> {
    let b = line.as_bytes();
    let p = skip_blanks(b, 0);
    if !sub(line, p, p + 7).eq_ignore_ascii_case("include") {
        return None;
    }
    let q = skip_blanks(b, p + 7);
    let quote = at(b, q);
    if quote != b'\'' && quote != b'"' {
        return None;
    }
    let lo = q + 1;
    let hi = lo + b.get(lo..)?.iter().position(|&c| c == quote)?;
    let rest = skip_blanks(b, hi + 1);
    if rest < b.len() && at(b, rest) != b'!' {
        return None;
    }
    Some((lo, hi))
}

/// Whether the line starts (after blanks) with an `!$acc` or `!$omp` directive sentinel.
fn directive_sentinel(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let p = skip_blanks(b, 0);
    let s = sub(line, p, p + 5);
    (s.eq_ignore_ascii_case("!$acc") || s.eq_ignore_ascii_case("!$omp")).then_some(p + 5)
}

/// Replaces C comments `/* ... */` by as many spaces (keeping byte positions).
fn strip_c_comments(s: &str) -> String {
    if !s.contains("/*") {
        return s.to_string();
    }
    let mut bytes = s.as_bytes().to_vec();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if at(&bytes, i) == b'/' && at(&bytes, i + 1) == b'*' {
            let mut j = i + 2;
            while j < bytes.len() && !(at(&bytes, j) == b'*' && at(&bytes, j + 1) == b'/') {
                j += 1;
            }
            let end = (j + 2).min(bytes.len());
            for c in bytes.iter_mut().take(end).skip(i) {
                *c = b' ';
            }
            i = end;
        } else {
            i += 1;
        }
    }
    // The comment bounds are ASCII, so whole characters were replaced and this is UTF-8.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

// ---------------------------------------------------------------------------------------------
// Macros and their expansion
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
struct Macro {
    /// `None` for an object-like macro.
    params: Option<Vec<String>>,
    /// Whether the parameter list ends with `...` (`__VA_ARGS__`).
    variadic: bool,
    body: String,
}

#[derive(Clone, Copy)]
struct Flags {
    /// `'...'` and `"..."` are literals where nothing is expanded.
    strings: bool,
    /// `!` starts a comment where nothing is expanded.
    comments: bool,
    /// `defined X` / `defined(X)` become 1 or 0 (in `#if`).
    defined: bool,
}

/// An error found while expanding: position in the top-level text, code, message.
type ExpandError = (usize, &'static str, String);

struct Expander<'m> {
    macros: &'m HashMap<String, Macro>,
    errors: Vec<ExpandError>,
    /// Bytes produced by expansions so far.
    produced: usize,
    /// Set when a limit was hit: nothing more is expanded.
    stopped: bool,
    file: &'m str,
    line_no: usize,
}

impl<'m> Expander<'m> {
    fn new(macros: &'m HashMap<String, Macro>, file: &'m str, line_no: usize) -> Self {
        Expander { macros, errors: Vec::new(), produced: 0, stopped: false, file, line_no }
    }

    fn error(&mut self, pos: usize, code: &'static str, msg: String) {
        if self.errors.len() < 20 {
            self.errors.push((pos, code, msg));
        }
    }

    /// Expands the macros in `text`. With `anchors` (top level) it records where each piece of
    /// the result came from; `at` is the top-level position errors are reported at when this
    /// is a nested scan. `quote` is the open character literal at the start and end.
    #[allow(clippy::too_many_arguments)]
    fn scan(
        &mut self,
        text: &str,
        flags: Flags,
        disabled: &mut Vec<String>,
        depth: usize,
        mut anchors: Option<&mut Vec<Anchor>>,
        at_pos: Option<usize>,
        quote: &mut Option<u8>,
    ) -> String {
        let b = text.as_bytes();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        // Whether the next verbatim text needs an anchor (after an expansion).
        let mut need_anchor = false;
        let macros = self.macros;
        let verbatim = |out: &mut String, anchors: &mut Option<&mut Vec<Anchor>>, need: &mut bool, s: &str, pos: usize| {
            if *need {
                if let Some(a) = anchors.as_deref_mut() {
                    a.push(Anchor { out: out.len() as u32, orig: pos as u32, exact: true });
                }
                *need = false;
            }
            out.push_str(s);
        };
        // A directive sentinel at the start of the line is not a comment.
        if flags.comments {
            if let Some(end) = directive_sentinel(text) {
                if quote.is_none() {
                    verbatim(&mut out, &mut anchors, &mut need_anchor, sub(text, 0, end), 0);
                    i = end;
                }
            }
        }
        while i < b.len() {
            if let Some(q) = *quote {
                let mut j = i;
                while j < b.len() {
                    if at(b, j) == q {
                        if at(b, j + 1) == q {
                            j += 2;
                            continue;
                        }
                        j += 1;
                        *quote = None;
                        break;
                    }
                    j += 1;
                }
                let j = j.min(b.len());
                verbatim(&mut out, &mut anchors, &mut need_anchor, sub(text, i, j), i);
                i = j;
                continue;
            }
            let c = at(b, i);
            if flags.strings && (c == b'\'' || c == b'"') {
                *quote = Some(c);
                verbatim(&mut out, &mut anchors, &mut need_anchor, sub(text, i, i + 1), i);
                i += 1;
                continue;
            }
            if flags.comments && c == b'!' {
                verbatim(&mut out, &mut anchors, &mut need_anchor, sub(text, i, b.len()), i);
                break;
            }
            if c.is_ascii_digit() {
                let j = ident_end(b, i);
                verbatim(&mut out, &mut anchors, &mut need_anchor, sub(text, i, j), i);
                i = j;
                continue;
            }
            if !is_ident_start(c) {
                let j = i + char_len(text, i);
                verbatim(&mut out, &mut anchors, &mut need_anchor, sub(text, i, j), i);
                i = j;
                continue;
            }
            let j = ident_end(b, i);
            let name = sub(text, i, j);
            let pos = at_pos.unwrap_or(i);
            let mut expansion: Option<(String, usize)> = None;
            if flags.defined && name == "defined" {
                let (value, end) = self.defined(text, j, pos);
                expansion = Some((value, end));
            } else if self.stopped || disabled.iter().any(|d| d == name) {
                // Not expanded.
            } else if let Some(m) = macros.get(name) {
                match &m.params {
                    None => {
                        expansion = self.expand_macro(name, m, &[], flags, disabled, depth, pos).map(|r| (r, j));
                    }
                    Some(_) => {
                        let k = skip_blanks(b, j);
                        if at(b, k) == b'(' {
                            match split_args(text, k, flags.strings) {
                                Some((args, end)) => {
                                    expansion = self.expand_macro(name, m, &args, flags, disabled, depth, pos).map(|r| (r, end));
                                }
                                None => self.error(pos, "E0060", format!("unterminated argument list invoking macro `{name}`")),
                            }
                        }
                    }
                }
            } else if name == "__LINE__" {
                expansion = Some((self.line_no.to_string(), j));
            } else if name == "__FILE__" {
                expansion = Some((format!("\"{}\"", self.file), j));
            }
            match expansion {
                Some((r, end)) => {
                    if let Some(a) = anchors.as_deref_mut() {
                        a.push(Anchor { out: out.len() as u32, orig: i as u32, exact: false });
                    }
                    need_anchor = true;
                    out.push_str(&r);
                    i = end.max(j);
                }
                None => {
                    verbatim(&mut out, &mut anchors, &mut need_anchor, name, i);
                    i = j;
                }
            }
        }
        out
    }

    /// `defined X` or `defined ( X )` starting after `defined` at `j`: " 1 " or " 0 " and the
    /// end of the operand.
    fn defined(&mut self, text: &str, j: usize, pos: usize) -> (String, usize) {
        let b = text.as_bytes();
        let mut k = skip_blanks(b, j);
        let paren = at(b, k) == b'(';
        if paren {
            k = skip_blanks(b, k + 1);
        }
        if !is_ident_start(at(b, k)) {
            self.error(pos, "E0058", "`defined` without a macro name".to_string());
            return (" 0 ".to_string(), k);
        }
        let e = ident_end(b, k);
        let name = sub(text, k, e);
        let mut end = e;
        if paren {
            let close = skip_blanks(b, e);
            if at(b, close) != b')' {
                self.error(pos, "E0058", "missing `)` after `defined(`".to_string());
            } else {
                end = close + 1;
            }
        }
        let yes = self.macros.contains_key(name) || name == "__LINE__" || name == "__FILE__";
        (if yes { " 1 " } else { " 0 " }.to_string(), end)
    }

    /// The expansion of macro `name` with `args` (already split, not yet expanded); None
    /// (after an error) when it cannot be expanded.
    #[allow(clippy::too_many_arguments)]
    fn expand_macro(
        &mut self,
        name: &str,
        m: &Macro,
        args: &[String],
        flags: Flags,
        disabled: &mut Vec<String>,
        depth: usize,
        pos: usize,
    ) -> Option<String> {
        if depth >= MAX_EXPANSION_DEPTH {
            self.error(pos, "E0061", format!("macro expansion nested too deeply while expanding `{name}`"));
            self.stopped = true;
            return None;
        }
        let inner = Flags { strings: flags.strings, comments: false, defined: flags.defined };
        let body = match &m.params {
            None => m.body.clone(),
            Some(params) => {
                // `F()` passes no arguments to a macro without parameters.
                let given =
                    if params.is_empty() && !m.variadic && args.len() == 1 && args.iter().all(|a| a.is_empty()) { 0 } else { args.len() };
                let ok = if m.variadic { given >= params.len() } else { given == params.len() };
                if !ok {
                    let s = if params.len() == 1 { "" } else { "s" };
                    let at_least = if m.variadic { "at least " } else { "" };
                    self.error(pos, "E0060", format!("macro `{name}` takes {at_least}{} argument{s} but {given} were given", params.len()));
                    return None;
                }
                let mut values: Vec<(String, String, String)> = Vec::new();
                for (p, a) in params.iter().zip(args) {
                    let v = self.scan(a, inner, disabled, depth + 1, None, Some(pos), &mut None);
                    values.push((p.clone(), v, a.clone()));
                }
                if m.variadic {
                    let rest = args.get(params.len()..).unwrap_or(&[]).join(",");
                    let v = self.scan(&rest, inner, disabled, depth + 1, None, Some(pos), &mut None);
                    values.push(("__VA_ARGS__".to_string(), v, rest));
                }
                substitute(&m.body, &values, flags.strings)
            }
        };
        self.produced += body.len();
        if self.produced > MAX_EXPANSION_LEN {
            if !self.stopped {
                self.error(pos, "E0061", format!("macro expansion of `{name}` is too large"));
            }
            self.stopped = true;
            return None;
        }
        disabled.push(name.to_string());
        let r = self.scan(&body, inner, disabled, depth + 1, None, Some(pos), &mut None);
        disabled.pop();
        Some(r)
    }
}

/// Splits the arguments of a macro invocation whose `(` is at `open`: the arguments
/// (trimmed) and the position after the `)`; None when the `)` is missing.
fn split_args(text: &str, open: usize, strings: bool) -> Option<(Vec<String>, usize)> {
    let b = text.as_bytes();
    let mut args = Vec::new();
    let mut depth = 0usize;
    let mut start = open + 1;
    let mut i = open + 1;
    let mut quote: Option<u8> = None;
    while i < b.len() {
        let c = at(b, i);
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
        } else if strings && (c == b'\'' || c == b'"') {
            quote = Some(c);
        } else if c == b'(' {
            depth += 1;
        } else if c == b')' {
            if depth == 0 {
                args.push(sub(text, start, i).trim().to_string());
                return Some((args, i + 1));
            }
            depth -= 1;
        } else if c == b',' && depth == 0 {
            args.push(sub(text, start, i).trim().to_string());
            start = i + 1;
        }
        i += 1;
    }
    None
}

/// Replaces the parameters in a macro body by their values: `(name, expanded, raw)`.
///
/// Outside character literals a parameter becomes its macro-expanded argument and `#param`
/// becomes the raw argument as a `"..."` literal (ISO C's stringification, with `"` doubled
/// as Fortran writes it). Inside a character literal of the body a parameter becomes the
/// raw argument, as in the traditional-mode cpp gfortran runs (`#define STR(x) "x"`), with
/// the literal's quote doubled. With `strings` off (in `#if`) quotes mean nothing.
fn substitute(body: &str, values: &[(String, String, String)], strings: bool) -> String {
    let b = body.as_bytes();
    let mut out = String::with_capacity(body.len());
    let mut i = 0;
    let mut quote: Option<u8> = None;
    let find = |name: &str| values.iter().find(|(p, _, _)| p == name);
    while i < b.len() {
        let c = at(b, i);
        if c.is_ascii_digit() {
            let j = ident_end(b, i);
            out.push_str(sub(body, i, j));
            i = j;
            continue;
        }
        if is_ident_start(c) {
            let j = ident_end(b, i);
            let name = sub(body, i, j);
            match (find(name), quote) {
                (Some((_, _, raw)), Some(q)) => {
                    let q = char::from(q);
                    out.push_str(&raw.replace(q, &format!("{q}{q}")));
                }
                (Some((_, v, _)), None) => out.push_str(v),
                (None, _) => out.push_str(name),
            }
            i = j;
            continue;
        }
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
        } else if strings && (c == b'\'' || c == b'"') {
            quote = Some(c);
        } else if c == b'#' && at(b, i + 1) == b'#' {
            out.push_str("##");
            i += 2;
            continue;
        } else if c == b'#' {
            let k = skip_blanks(b, i + 1);
            let e = ident_end(b, k);
            if let Some((_, _, raw)) = if is_ident_start(at(b, k)) { find(sub(body, k, e)) } else { None } {
                out.push('"');
                out.push_str(&raw.replace('"', "\"\""));
                out.push('"');
                i = e;
                continue;
            }
        }
        let j = i + char_len(body, i);
        out.push_str(sub(body, i, j));
        i = j;
    }
    out
}

// ---------------------------------------------------------------------------------------------
// `#if` expressions
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum ETok {
    Num(i64),
    Op(&'static str),
}

const OPS: &[&str] =
    &["||", "&&", "==", "!=", "<=", ">=", "<<", ">>", "<", ">", "+", "-", "*", "/", "%", "!", "~", "&", "|", "^", "?", ":", "(", ")"];

enum ExprError {
    Invalid(String),
    DivZero,
}

fn tokenize_expr(s: &str) -> Result<Vec<ETok>, ExprError> {
    let b = s.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = at(b, i);
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let j = ident_end(b, i);
            let lit = sub(s, i, j).trim_end_matches(['u', 'U', 'l', 'L']);
            let v = if let Some(h) = lit.strip_prefix("0x").or_else(|| lit.strip_prefix("0X")) {
                u64::from_str_radix(h, 16).ok()
            } else if lit.len() > 1 && lit.starts_with('0') {
                u64::from_str_radix(lit, 8).ok()
            } else {
                lit.parse::<u64>().ok()
            };
            match v {
                Some(v) => toks.push(ETok::Num(v as i64)),
                None => return Err(ExprError::Invalid(format!("invalid integer `{}`", sub(s, i, j)))),
            }
            i = j;
        } else if is_ident_start(c) {
            // An identifier that is not a macro is 0.
            i = ident_end(b, i);
            toks.push(ETok::Num(0));
        } else if let Some(op) = OPS.iter().copied().find(|op: &&str| s.get(i..).is_some_and(|r| r.starts_with(*op))) {
            toks.push(ETok::Op(op));
            i += op.len();
        } else {
            let ch = sub(s, i, i + char_len(s, i));
            return Err(ExprError::Invalid(format!("unexpected `{ch}`")));
        }
    }
    Ok(toks)
}

struct ExprParser {
    toks: Vec<ETok>,
    pos: usize,
}

fn binary_prec(op: &str) -> Option<u8> {
    Some(match op {
        "||" => 1,
        "&&" => 2,
        "|" => 3,
        "^" => 4,
        "&" => 5,
        "==" | "!=" => 6,
        "<" | "<=" | ">" | ">=" => 7,
        "<<" | ">>" => 8,
        "+" | "-" => 9,
        "*" | "/" | "%" => 10,
        _ => return None,
    })
}

impl ExprParser {
    fn peek_op(&self) -> Option<&'static str> {
        match self.toks.get(self.pos) {
            Some(ETok::Op(o)) => Some(*o),
            _ => None,
        }
    }

    fn expect(&mut self, op: &str) -> Result<(), ExprError> {
        if self.peek_op() == Some(op) {
            self.pos += 1;
            Ok(())
        } else {
            Err(ExprError::Invalid(format!("expected `{op}`")))
        }
    }

    /// conditional-expression; `eval` is false in branches that are not evaluated.
    fn ternary(&mut self, eval: bool, depth: usize) -> Result<i64, ExprError> {
        if depth > MAX_EXPR_DEPTH {
            return Err(ExprError::Invalid("expression nested too deeply".to_string()));
        }
        let c = self.binary(1, eval, depth)?;
        if self.peek_op() == Some("?") {
            self.pos += 1;
            let a = self.ternary(eval && c != 0, depth + 1)?;
            self.expect(":")?;
            let b = self.ternary(eval && c == 0, depth + 1)?;
            return Ok(if c != 0 { a } else { b });
        }
        Ok(c)
    }

    fn binary(&mut self, min_prec: u8, eval: bool, depth: usize) -> Result<i64, ExprError> {
        let mut lhs = self.unary(eval, depth)?;
        while let Some(op) = self.peek_op() {
            let Some(prec) = binary_prec(op) else { break };
            if prec < min_prec {
                break;
            }
            self.pos += 1;
            let rhs_eval = match op {
                "&&" => eval && lhs != 0,
                "||" => eval && lhs == 0,
                _ => eval,
            };
            let rhs = self.binary(prec + 1, rhs_eval, depth)?;
            lhs = match op {
                "||" => i64::from(lhs != 0 || rhs != 0),
                "&&" => i64::from(lhs != 0 && rhs != 0),
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => i64::from(lhs == rhs),
                "!=" => i64::from(lhs != rhs),
                "<" => i64::from(lhs < rhs),
                "<=" => i64::from(lhs <= rhs),
                ">" => i64::from(lhs > rhs),
                ">=" => i64::from(lhs >= rhs),
                "<<" => u32::try_from(rhs).ok().and_then(|r| lhs.checked_shl(r)).unwrap_or(0),
                ">>" => u32::try_from(rhs).ok().and_then(|r| lhs.checked_shr(r)).unwrap_or(0),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" | "%" => {
                    if rhs == 0 {
                        if eval {
                            return Err(ExprError::DivZero);
                        }
                        0
                    } else if op == "/" {
                        lhs.wrapping_div(rhs)
                    } else {
                        lhs.wrapping_rem(rhs)
                    }
                }
                _ => lhs,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self, eval: bool, depth: usize) -> Result<i64, ExprError> {
        if depth > MAX_EXPR_DEPTH {
            return Err(ExprError::Invalid("expression nested too deeply".to_string()));
        }
        match self.toks.get(self.pos).cloned() {
            Some(ETok::Num(v)) => {
                self.pos += 1;
                Ok(v)
            }
            Some(ETok::Op(op)) => {
                self.pos += 1;
                match op {
                    "!" => Ok(i64::from(self.unary(eval, depth + 1)? == 0)),
                    "~" => Ok(!self.unary(eval, depth + 1)?),
                    "-" => Ok(self.unary(eval, depth + 1)?.wrapping_neg()),
                    "+" => self.unary(eval, depth + 1),
                    "(" => {
                        let v = self.ternary(eval, depth + 1)?;
                        self.expect(")")?;
                        Ok(v)
                    }
                    _ => Err(ExprError::Invalid(format!("unexpected `{op}`"))),
                }
            }
            None => Err(ExprError::Invalid("missing operand".to_string())),
        }
    }
}

/// Evaluates an expanded `#if` expression.
fn eval_expr(s: &str) -> Result<i64, ExprError> {
    let toks = tokenize_expr(s)?;
    if toks.is_empty() {
        return Err(ExprError::Invalid("no expression".to_string()));
    }
    let mut p = ExprParser { toks, pos: 0 };
    let v = p.ternary(true, 0)?;
    match p.toks.get(p.pos) {
        None => Ok(v),
        Some(ETok::Op(o)) => Err(ExprError::Invalid(format!("unexpected `{o}`"))),
        Some(ETok::Num(_)) => Err(ExprError::Invalid("missing operator".to_string())),
    }
}

// ---------------------------------------------------------------------------------------------
// The preprocessor proper
// ---------------------------------------------------------------------------------------------

/// One open conditional (`#if` ... `#endif`).
struct Cond {
    /// Whether the enclosing region is active.
    parent_active: bool,
    /// Whether a branch was taken (or none may be).
    taken: bool,
    /// Whether the current branch is active.
    active: bool,
    seen_else: bool,
    /// The `#if` directive, for "unterminated" errors.
    span: Span,
    kind: &'static str,
}

/// A directive's logical line (after joining `\` continuations) and where its pieces are in
/// the output: (start in the logical line, output offset).
struct DirLine {
    text: String,
    segs: Vec<(usize, usize)>,
    line_no: usize,
}

impl DirLine {
    fn span(&self, lo: usize, hi: usize) -> Span {
        let map = |p: usize| {
            let (s, o) = self.segs.iter().rev().find(|(s, _)| *s <= p).copied().unwrap_or((0, 0));
            o + (p - s)
        };
        let lo_o = map(lo);
        Span::new(lo_o, map(hi.max(lo)).max(lo_o))
    }
}

struct Pp<'a> {
    opts: &'a PpOptions,
    load: &'a mut dyn FnMut(&str, &str) -> Option<Loaded>,
    out: String,
    map: SourceMap,
    diags: Vec<Diagnostic>,
    macros: HashMap<String, Macro>,
    conds: Vec<Cond>,
    /// The first entry of `conds` that belongs to the file being read.
    cond_base: usize,
    /// Display paths of the files being read, outermost first.
    stack: Vec<String>,
}

/// Runs the preprocessor on `src` (the text of `path`). `load(name, including_path)`
/// resolves `#include "name"`/`<name>` and Fortran `include 'name'` lines (the driver
/// searches the including file's directory, then `-I` dirs) and returns None when not found.
///
/// The diagnostics' spans are byte offsets in the returned text; map them with the
/// [`SourceMap`] (see [`render_mapped`]).
pub fn preprocess(
    path: &str,
    src: &str,
    opts: &PpOptions,
    load: &mut dyn FnMut(&str, &str) -> Option<Loaded>,
) -> (String, SourceMap, Vec<Diagnostic>) {
    let mut pp = Pp {
        opts,
        load,
        out: String::with_capacity(src.len() + src.len() / 8 + 16),
        map: SourceMap { files: vec![(path.to_string(), src.to_string())], lines: Vec::new() },
        diags: Vec::new(),
        macros: HashMap::new(),
        conds: Vec::new(),
        cond_base: 0,
        stack: Vec::new(),
    };
    let object = |v: &str| Macro { params: None, variadic: false, body: v.to_string() };
    for (name, value) in PREDEFINED {
        pp.macros.insert(name.to_string(), object(value));
    }
    if opts.openacc {
        pp.macros.insert("_OPENACC".to_string(), object("201711"));
    }
    let mut bad_defines = Vec::new();
    for (name, value) in &opts.defines {
        if is_identifier(name) && name != "defined" {
            pp.macros.insert(name.clone(), object(value));
        } else {
            bad_defines.push(name.clone());
        }
    }
    for name in &opts.undefs {
        pp.macros.remove(name);
    }
    pp.process_file(0, 0, opts.cpp);
    for name in bad_defines {
        pp.diags.insert(0, Diagnostic::error("E0057", format!("invalid macro name `{name}` in a `-D` option"), Span::default()));
    }
    (pp.out, pp.map, pp.diags)
}

impl Pp<'_> {
    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }

    /// Appends an output line for line `line_no` of file `file` (original range `orig_start`,
    /// `orig_len`) and returns its output offset.
    fn emit(&mut self, file: u32, line_no: usize, orig_start: usize, orig_len: usize, text: &str, anchors: Vec<Anchor>) -> usize {
        let out_start = self.out.len();
        self.out.push_str(text);
        self.out.push('\n');
        // Identity anchors are left out.
        let anchors = if anchors.iter().all(|a| a.exact && a.out == a.orig) { Vec::new() } else { anchors };
        self.map.lines.push(LineInfo { out_start, out_len: text.len(), file, line_no: line_no as u32, orig_start, orig_len, anchors });
        out_start
    }

    /// Reads file `file` (already in the map), its includes nested `depth` deep.
    fn process_file(&mut self, file: u32, depth: usize, cpp: bool) {
        let Some((path, text)) = self.map.files.get(file as usize).cloned() else { return };
        self.stack.push(path.clone());
        let saved_base = self.cond_base;
        self.cond_base = self.conds.len();

        // Line ranges (without the `\n`).
        let mut lines: Vec<(usize, usize)> = Vec::new();
        let mut start = 0;
        for (i, c) in text.bytes().enumerate() {
            if c == b'\n' {
                lines.push((start, i - start));
                start = i + 1;
            }
        }
        if start < text.len() {
            lines.push((start, text.len() - start));
        }
        let body_of = |i: usize| -> (usize, &str) {
            let (s, l) = lines.get(i).copied().unwrap_or((0, 0));
            let raw = sub(&text, s, s + l);
            (s, raw.strip_suffix('\r').unwrap_or(raw))
        };

        // An open character literal continued from the previous line.
        let mut quote: Option<u8> = None;
        let mut i = 0;
        while i < lines.len() {
            let (s, body) = body_of(i);
            let line_no = i + 1;
            if cpp && is_directive(body) {
                quote = None;
                let mut dir = DirLine { text: String::new(), segs: Vec::new(), line_no };
                let mut j = i;
                loop {
                    let (s, body) = body_of(j);
                    let out = self.emit(file, j + 1, s, body.len(), &" ".repeat(body.len()), Vec::new());
                    dir.segs.push((dir.text.len(), out));
                    let trimmed = body.trim_end_matches([' ', '\t']);
                    match trimmed.strip_suffix('\\') {
                        Some(head) if j + 1 < lines.len() => {
                            dir.text.push_str(head);
                            j += 1;
                        }
                        _ => {
                            dir.text.push_str(body);
                            break;
                        }
                    }
                }
                i = j + 1;
                self.directive(dir, file, depth);
                continue;
            }
            i += 1;
            if !self.active() {
                self.emit(file, line_no, s, body.len(), "", Vec::new());
                continue;
            }
            if quote.is_none() {
                if let Some((lo, hi)) = fortran_include(body) {
                    let out = self.emit(file, line_no, s, body.len(), &" ".repeat(body.len()), Vec::new());
                    let name = sub(body, lo, hi).to_string();
                    let span = Span::new(out + lo, out + hi);
                    self.include(&name, span, file, depth, false);
                    continue;
                }
            }
            let mut line = body.to_string();
            if self.opts.openmp_sentinel && quote.is_none() {
                if let Some(p) = omp_sentinel(body) {
                    line.replace_range(p..p + 2, "  ");
                }
            }
            if !self.opts.openacc && quote.is_none() {
                if let Some(p) = acc_sentinel(body) {
                    // `!$acc` -> `!    `: a comment of the same length.
                    line.replace_range(p + 1..p + 5, "    ");
                }
            }
            if cpp {
                let start_quote = quote;
                let expand = |pp: &Self, line: &str, line_no: usize, quote: &mut Option<u8>| {
                    let mut anchors = vec![Anchor { out: 0, orig: 0, exact: true }];
                    let mut ex = Expander::new(&pp.macros, &path, line_no);
                    let flags = Flags { strings: true, comments: true, defined: false };
                    let r = ex.scan(line, flags, &mut Vec::new(), 0, Some(&mut anchors), None, quote);
                    (r, ex.errors, anchors)
                };
                let unterminated =
                    |errors: &[ExpandError]| errors.iter().any(|(_, code, msg)| *code == "E0060" && msg.starts_with("unterminated"));
                let (mut expanded, mut errors, mut anchors) = expand(self, &line, line_no, &mut quote);
                // Arguments of a function-like macro continue on the next lines (not
                // directives): the lines are joined with blanks, as by gfortran's cpp, the
                // expansion takes the first line and the others stay empty.
                let mut joined_lines = 0;
                if unterminated(&errors) {
                    let mut joined = line.clone();
                    let mut n = 0;
                    while n < MAX_JOINED_LINES && i + n < lines.len() && !is_directive(body_of(i + n).1) {
                        joined.push(' ');
                        joined.push_str(body_of(i + n).1);
                        n += 1;
                        let mut q = start_quote;
                        let (r, e, a) = expand(self, &joined, line_no + n, &mut q);
                        if !unterminated(&e) {
                            (expanded, errors, anchors, quote, joined_lines) = (r, e, a, q, n);
                            line = joined;
                            break;
                        }
                    }
                }
                // A literal stays open only when the line is continued with `&`.
                if quote.is_some() && !line.trim_end().ends_with('&') {
                    quote = None;
                }
                // Errors are at the start of a macro name in `line`: find it in the output.
                let spans: Vec<(usize, usize)> = errors
                    .iter()
                    .map(|(pos, _, _)| {
                        let width = ident_end(line.as_bytes(), *pos).saturating_sub(*pos).max(1);
                        let lo = match anchors.iter().rev().find(|a| a.orig as usize <= *pos) {
                            Some(a) if a.exact => a.out as usize + (pos - a.orig as usize),
                            Some(a) => a.out as usize,
                            None => *pos,
                        };
                        let lo = lo.min(expanded.len());
                        (lo, (lo + width).min(expanded.len()))
                    })
                    .collect();
                let out = self.emit(file, line_no, s, body.len(), &expanded, anchors);
                for ((_, code, msg), (lo, hi)) in errors.into_iter().zip(spans) {
                    self.diags.push(Diagnostic::error(code, msg, Span::new(out + lo, out + hi)));
                }
                for _ in 0..joined_lines {
                    let (s, body) = body_of(i);
                    self.emit(file, i + 1, s, body.len(), "", Vec::new());
                    i += 1;
                }
            } else {
                self.emit(file, line_no, s, body.len(), &line, Vec::new());
            }
        }

        // Conditionals left open in this file.
        let open: Vec<Cond> = self.conds.drain(self.cond_base.min(self.conds.len())..).collect();
        for c in open {
            self.diags.push(
                Diagnostic::error("E0052", format!("unterminated `#{}`", c.kind), c.span).with_label("no matching `#endif` in this file"),
            );
        }
        self.cond_base = saved_base;
        self.stack.pop();
    }

    /// Handles one directive line.
    fn directive(&mut self, dir: DirLine, file: u32, depth: usize) {
        let text = strip_c_comments(&dir.text);
        let b = text.as_bytes();
        let hash = skip_blanks(b, 0);
        let name_lo = skip_blanks(b, hash + 1);
        let name_hi = if is_ident_start(at(b, name_lo)) { ident_end(b, name_lo) } else { name_lo };
        let name = sub(&text, name_lo, name_hi).to_string();
        let rest_lo = skip_blanks(b, name_hi);
        let rest = sub(&text, rest_lo, text.len()).trim_end().to_string();
        let rest_hi = rest_lo + rest.len();
        let whole = dir.span(hash, text.trim_end().len().max(hash + 1));
        let name_span = dir.span(hash, name_hi.max(hash + 1));
        let active = self.active();
        let in_file = self.conds.len() > self.cond_base;

        match name.as_str() {
            "if" | "ifdef" | "ifndef" => {
                let kind = match name.as_str() {
                    "if" => "if",
                    "ifdef" => "ifdef",
                    _ => "ifndef",
                };
                let value = if active { self.condition(kind, &dir, &text, rest_lo, rest_hi, whole) } else { false };
                self.conds.push(Cond {
                    parent_active: active,
                    taken: value || !active,
                    active: active && value,
                    seen_else: false,
                    span: name_span,
                    kind,
                });
            }
            "elif" => {
                if !in_file {
                    self.diags.push(Diagnostic::error("E0053", "`#elif` without `#if`", name_span));
                    return;
                }
                let (parent_active, taken, seen_else) =
                    self.conds.last().map_or((false, true, false), |c| (c.parent_active, c.taken, c.seen_else));
                if seen_else {
                    self.diags.push(Diagnostic::error("E0054", "`#elif` after `#else`", name_span));
                }
                let value = if parent_active && !taken && !seen_else {
                    self.condition("elif", &dir, &text, rest_lo, rest_hi, whole)
                } else {
                    false
                };
                if let Some(c) = self.conds.last_mut() {
                    c.active = value;
                    c.taken |= value;
                }
            }
            "else" => {
                if !in_file {
                    self.diags.push(Diagnostic::error("E0053", "`#else` without `#if`", name_span));
                    return;
                }
                let seen_else = self.conds.last().is_some_and(|c| c.seen_else);
                if seen_else {
                    self.diags.push(Diagnostic::error("E0054", "`#else` after `#else`", name_span));
                }
                if let Some(c) = self.conds.last_mut() {
                    c.active = c.parent_active && !c.taken;
                    c.taken = true;
                    c.seen_else = true;
                }
            }
            "endif" => {
                if !in_file {
                    self.diags.push(Diagnostic::error("E0053", "`#endif` without `#if`", name_span));
                    return;
                }
                self.conds.pop();
            }
            // Other directives in false branches are skipped unread.
            _ if !active => {}
            "define" => self.define(&dir, &text, rest_lo),
            "undef" => {
                let b = text.as_bytes();
                let e = ident_end(b, rest_lo);
                if e == rest_lo || !is_ident_start(at(b, rest_lo)) {
                    self.diags.push(Diagnostic::error("E0063", "`#undef` without a macro name", whole));
                } else {
                    self.macros.remove(sub(&text, rest_lo, e));
                }
            }
            "include" => self.hash_include(&dir, &text, rest_lo, rest_hi, whole, file, depth),
            "error" => {
                self.diags.push(Diagnostic::error("E0055", format!("#error {rest}").trim_end().to_string(), whole));
            }
            "warning" => {
                self.diags.push(Diagnostic::warning("E0065", format!("#warning {rest}").trim_end().to_string(), whole));
            }
            "line" | "pragma" | "ident" | "sccs" | "assert" | "unassert" => {}
            "" => {
                // `#` alone is a null directive; `# 12 "file"` is a line marker.
                let next = at(b, name_lo);
                if name_lo < b.len() && !next.is_ascii_digit() {
                    let ch = sub(&text, name_lo, name_lo + char_len(&text, name_lo));
                    self.diags.push(Diagnostic::error(
                        "E0056",
                        format!("invalid preprocessor directive `#{ch}`"),
                        dir.span(hash, name_lo + ch.len()),
                    ));
                }
            }
            _ => {
                self.diags.push(
                    Diagnostic::error("E0056", format!("unknown preprocessor directive `#{name}`"), name_span)
                        .with_label("not a directive"),
                );
            }
        }
    }

    /// The value of the condition of `#if` / `#ifdef` / `#ifndef` / `#elif`.
    fn condition(&mut self, kind: &str, dir: &DirLine, text: &str, lo: usize, hi: usize, whole: Span) -> bool {
        let b = text.as_bytes();
        if kind == "ifdef" || kind == "ifndef" {
            let e = ident_end(b, lo);
            if e == lo || !is_ident_start(at(b, lo)) {
                self.diags.push(Diagnostic::error("E0063", format!("`#{kind}` without a macro name"), whole));
                return false;
            }
            let name = sub(text, lo, e);
            let defined = self.macros.contains_key(name) || name == "__LINE__" || name == "__FILE__";
            return defined == (kind == "ifdef");
        }
        let expr = sub(text, lo, hi);
        let span = if hi > lo { dir.span(lo, hi) } else { whole };
        if expr.trim().is_empty() {
            self.diags.push(Diagnostic::error("E0058", format!("`#{kind}` with no expression"), whole));
            return false;
        }
        let (expanded, errors) = {
            let mut ex = Expander::new(&self.macros, self.stack.last().map_or("", |s| s.as_str()), dir.line_no);
            let flags = Flags { strings: false, comments: false, defined: true };
            let r = ex.scan(expr, flags, &mut Vec::new(), 0, None, None, &mut None);
            (r, ex.errors)
        };
        if let Some((_, code, msg)) = errors.into_iter().next() {
            self.diags.push(Diagnostic::error(code, msg, span));
            return false;
        }
        match eval_expr(&expanded) {
            Ok(v) => v != 0,
            Err(ExprError::DivZero) => {
                self.diags.push(Diagnostic::error("E0059", format!("division by zero in `#{kind}`"), span));
                false
            }
            Err(ExprError::Invalid(why)) => {
                self.diags.push(Diagnostic::error("E0058", format!("invalid `#{kind}` expression: {why}"), span));
                false
            }
        }
    }

    fn define(&mut self, dir: &DirLine, text: &str, lo: usize) {
        let b = text.as_bytes();
        let e = ident_end(b, lo);
        if e == lo || !is_ident_start(at(b, lo)) {
            let span = dir.span(lo, (lo + char_len(text, lo)).min(text.len().max(lo)));
            self.diags.push(Diagnostic::error("E0057", "`#define` needs a macro name", span));
            return;
        }
        let name = sub(text, lo, e).to_string();
        let name_span = dir.span(lo, e);
        if name == "defined" {
            self.diags.push(Diagnostic::error("E0057", "`defined` cannot be a macro name", name_span));
            return;
        }
        let mut m = Macro { params: None, variadic: false, body: String::new() };
        let mut body_lo = e;
        if at(b, e) == b'(' {
            // Function-like: `NAME(a, b, ...)` with no space before `(`.
            let mut params = Vec::new();
            let mut k = skip_blanks(b, e + 1);
            let mut ok = false;
            if at(b, k) == b')' {
                ok = true;
                k += 1;
            } else {
                loop {
                    if sub(text, k, k + 3) == "..." {
                        m.variadic = true;
                        k = skip_blanks(b, k + 3);
                        if at(b, k) == b')' {
                            ok = true;
                            k += 1;
                        }
                        break;
                    }
                    if !is_ident_start(at(b, k)) {
                        break;
                    }
                    let pe = ident_end(b, k);
                    let p = sub(text, k, pe).to_string();
                    if params.contains(&p) {
                        break;
                    }
                    params.push(p);
                    k = skip_blanks(b, pe);
                    match at(b, k) {
                        b',' => k = skip_blanks(b, k + 1),
                        b')' => {
                            ok = true;
                            k += 1;
                            break;
                        }
                        _ => break,
                    }
                }
            }
            if !ok {
                self.diags.push(
                    Diagnostic::error("E0057", format!("malformed parameter list of macro `{name}`"), dir.span(e, k.max(e + 1)))
                        .with_label("expected parameter names separated by commas, then `)`"),
                );
                return;
            }
            m.params = Some(params);
            body_lo = k;
        }
        m.body = sub(text, body_lo, text.len()).trim().to_string();
        if let Some(old) = self.macros.get(&name) {
            if *old != m && !PREDEFINED.iter().any(|(p, _)| *p == name) && !self.opts.defines.iter().any(|(d, _)| *d == name) {
                self.diags.push(Diagnostic::warning("E0064", format!("macro `{name}` redefined"), name_span));
            }
        }
        self.macros.insert(name, m);
    }

    #[allow(clippy::too_many_arguments)]
    fn hash_include(&mut self, dir: &DirLine, text: &str, lo: usize, hi: usize, whole: Span, file: u32, depth: usize) {
        let rest = sub(text, lo, hi);
        let parse = |r: &str| -> Option<(usize, usize)> {
            let b = r.as_bytes();
            let close = match at(b, 0) {
                b'"' => b'"',
                b'<' => b'>',
                _ => return None,
            };
            let end = 1 + b.get(1..)?.iter().position(|&c| c == close)?;
            (end > 1).then_some((1, end))
        };
        let (name, span) = if let Some((a, z)) = parse(rest) {
            (sub(rest, a, z).to_string(), dir.span(lo + a, lo + z))
        } else {
            // `#include MACRO`
            let mut ex = Expander::new(&self.macros, "", dir.line_no);
            let flags = Flags { strings: false, comments: false, defined: false };
            let expanded = ex.scan(rest, flags, &mut Vec::new(), 0, None, None, &mut None);
            let trimmed = expanded.trim();
            match parse(trimmed) {
                Some((a, z)) if !rest.is_empty() => (sub(trimmed, a, z).to_string(), dir.span(lo, hi)),
                _ => {
                    self.diags.push(Diagnostic::error("E0062", "`#include` expects \"FILE\" or <FILE>", whole));
                    return;
                }
            }
        };
        self.include(&name, span, file, depth, true);
    }

    /// Reads included file `name` (from file `from`), `span` being its name in the include line.
    fn include(&mut self, name: &str, span: Span, from: u32, depth: usize, cpp: bool) {
        let from_path = self.map.files.get(from as usize).map(|f| f.0.clone()).unwrap_or_default();
        // gfortran's own header `omp_lib.h` and OpenACC's `openacc_lib.h` are built in when
        // no such file is found.
        let builtin = || match name {
            "omp_lib.h" => Some(Loaded { path: "<built-in>/omp_lib.h".to_string(), text: crate::sema::omp_lib_h() }),
            "openacc_lib.h" => Some(Loaded { path: "<built-in>/openacc_lib.h".to_string(), text: crate::sema::openacc_lib_h() }),
            _ => None,
        };
        let Some(loaded) = (self.load)(name, &from_path).or_else(builtin) else {
            self.diags.push(Diagnostic::error("E0050", format!("cannot find include file `{name}`"), span).with_label("not found"));
            return;
        };
        if depth + 1 > MAX_INCLUDE_DEPTH {
            let mut d = Diagnostic::error("E0051", format!("include files nested too deeply (more than {MAX_INCLUDE_DEPTH} levels)"), span);
            if self.stack.contains(&loaded.path) {
                d = d.with_note(format!("note: `{}` includes itself, directly or through other files", loaded.path));
            }
            self.diags.push(d);
            return;
        }
        if self.map.files.len() > MAX_INCLUDES {
            if !self.diags.iter().any(|d| d.code == "E0066") {
                self.diags.push(Diagnostic::error("E0066", format!("more than {MAX_INCLUDES} include files read"), span));
            }
            return;
        }
        self.map.files.push((loaded.path, loaded.text));
        let idx = (self.map.files.len() - 1) as u32;
        self.process_file(idx, depth + 1, cpp);
    }
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    fn opts(cpp: bool, defines: &[(&str, &str)]) -> PpOptions {
        PpOptions {
            cpp,
            defines: defines.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect(),
            openmp_sentinel: false,
            openacc: true,
            undefs: Vec::new(),
        }
    }

    fn files(list: &[(&str, &str)]) -> HashMap<String, String> {
        list.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
    }

    fn run_with(src: &str, o: &PpOptions, fs: &HashMap<String, String>) -> (String, SourceMap, Vec<Diagnostic>) {
        let mut load = |name: &str, _from: &str| fs.get(name).map(|t| Loaded { path: name.to_string(), text: t.clone() });
        preprocess("main.F90", src, o, &mut load)
    }

    fn cpp(src: &str) -> (String, Vec<Diagnostic>) {
        let (out, _, d) = run_with(src, &opts(true, &[]), &HashMap::new());
        (out, d)
    }

    /// The non-blank output lines, trimmed.
    fn code(out: &str) -> Vec<&str> {
        out.lines().map(str::trim).filter(|l| !l.is_empty()).collect()
    }

    fn codes(d: &[Diagnostic]) -> Vec<&'static str> {
        d.iter().map(|d| d.code).collect()
    }

    #[test]
    fn line_structure_is_kept() {
        let src = "a\n#define X 1\nb\n#ifdef Y\nc\n#endif\nd";
        let (out, d) = cpp(src);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(out.lines().count(), 7);
        assert_eq!(out, "a\n           \nb\n        \n\n      \nd\n");
    }

    #[test]
    fn nested_conditionals_and_elif() {
        let src = "\
#define A
#ifdef A
#  ifndef B
one
#  elif 1
no1
#  else
no2
#  endif
#else
no3
#endif
#if 0
no4
#elif defined(A) && !defined B
two
#elif 1
no5
#else
no6
#endif
#if 0
# if 1
no7
# else
no8
# endif
#else
three
#endif
";
        let (out, d) = cpp(src);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(code(&out), vec!["one", "two", "three"]);
    }

    #[test]
    fn if_expressions() {
        let src = "\
#define N 4
#define M (N * 2)
#if M == 8 && N % 3 == 1 && (1 << 3) == 8 && -1 < 0 && !0 && UNDEF == 0
ok1
#endif
#if 0x10 == 16 && 010 == 8 && 10L == 10 && (N > 3 ? 1 : 0)
ok2
#endif
#if defined N && defined(M) && !defined(UNDEF) && (defined ( N ))
ok3
#endif
#if 0 && 1 / 0
bad
#endif
#if _OPENACC >= 201711 && __GPUF__
ok4
#endif
";
        let (out, d) = cpp(src);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(code(&out), vec!["ok1", "ok2", "ok3", "ok4"]);
    }

    #[test]
    fn bad_if_expressions() {
        let (_, d) = cpp("#if 1 +\n#endif\n#if 1 / 0\n#endif\n#if\n#endif\n#if (1\n#endif\n#if 1 2\n#endif\n");
        assert_eq!(codes(&d), vec!["E0058", "E0059", "E0058", "E0058", "E0058"]);
    }

    #[test]
    fn command_line_defines() {
        let o = opts(true, &[("SEED", "1"), ("N", "42"), ("DBL", "real(8)")]);
        let src = "#ifdef SEED\nx = N\n#endif\n#if N == 42\nDBL :: y\n#endif\n";
        let (out, _, d) = run_with(src, &o, &HashMap::new());
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(code(&out), vec!["x = 42", "real(8) :: y"]);
        // A -D may override a predefined macro.
        let (out, _, _) = run_with("v = _OPENACC", &opts(true, &[("_OPENACC", "201306")]), &HashMap::new());
        assert_eq!(out, "v = 201306\n");
        let (_, _, d) = run_with("x", &opts(true, &[("1bad", "1")]), &HashMap::new());
        assert_eq!(codes(&d), vec!["E0057"]);
    }

    #[test]
    fn indented_directives() {
        let src = "    #       ifdef SEED\nseeded\n\t#  else\nunseeded\n  #endif\n  #  define K 3\nk = K\n";
        let (out, d) = cpp(src);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(code(&out), vec!["unseeded", "k = 3"]);
        assert_eq!(out.lines().count(), 7);
    }

    #[test]
    fn macro_expansion_respects_strings_and_comments() {
        let src = "\
#define N 100
#define NAME 'x'
a(N) = N + NN + N_ + 1N + b%N
print *, 'N is', \"N\", 'it''s N', N
x = N ! N in a comment
!$acc parallel loop num_gangs(N) ! N
!$ACC kernels copy(a(1:N))
! N plain comment
y = n
s = 'abc &
  & N' // N
call f(NAME)
";
        let (out, d) = cpp(src);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            code(&out),
            vec![
                "a(100) = 100 + NN + N_ + 1N + b%100",
                "print *, 'N is', \"N\", 'it''s N', 100",
                "x = 100 ! N in a comment",
                "!$acc parallel loop num_gangs(100) ! N",
                "!$ACC kernels copy(a(1:100))",
                "! N plain comment",
                "y = n",
                "s = 'abc &",
                "& N' // 100",
                "call f('x')",
            ]
        );
    }

    #[test]
    fn no_expansion_without_cpp() {
        let src = "#define N 1\nx = N\n#ifdef N\n";
        let (out, _, d) = run_with(src, &opts(false, &[("N", "2")]), &HashMap::new());
        assert!(d.is_empty());
        assert_eq!(out, "#define N 1\nx = N\n#ifdef N\n");
    }

    #[test]
    fn function_like_and_recursive_macros() {
        let src = "\
#define SQ(x) ((x)*(x))
#define ADD(a, b) (a + b)
#define TWICE(x) ADD(x, x)
#define SELF SELF + 1
#define EMPTY() 7
#define V(...) f(__VA_ARGS__)
#define LATE(x) x
y = SQ(n+1) + ADD(SQ(2), 3) + TWICE(k) + SELF + EMPTY() + V(1, 2)
z = SQ + LATE
w = __LINE__
";
        let (out, d) = cpp(src);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(code(&out), vec!["y = ((n+1)*(n+1)) + (((2)*(2)) + 3) + (k + k) + SELF + 1 + 7 + f(1,2)", "z = SQ + LATE", "w = 10"]);
        let (_, d) = cpp("#define F(a, b) a\nx = F(1)\ny = F(1,\n");
        assert_eq!(codes(&d), vec!["E0060", "E0060"]);
    }

    #[test]
    fn stringification_and_parameters_in_literals() {
        let src = "\
#define A 5
#define STR(x) #x
#define TSTR(x) \"x\"
#define CHK(err, c) err = err + f(c, \"c\", 'c')
#define HDR(h) '(\"[h \",A)'
#define PASTE(a) a##b
s = STR(a .ne. A) // STR( A ) // STR(\"q\")
t = TSTR(A) // TSTR(\"q\")
CHK(e, A > 1)
print HDR(ERR), 'z'
u = PASTE(1)
";
        let (out, d) = cpp(src);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            code(&out),
            vec![
                "s = \"a .ne. A\" // \"A\" // \"\"\"q\"\"\"",
                "t = \"A\" // \"\"\"q\"\"\"",
                "e = e + f(5 > 1, \"A > 1\", 'A > 1')",
                "print '(\"[ERR \",A)', 'z'",
                "u = 1##b",
            ]
        );
    }

    #[test]
    fn macro_arguments_spanning_lines() {
        let src = "\
#define CHK(err, c) err = err + f(c, \"c\", __LINE__)
#define ADD(p, q) p + q
#define ID(x) x
CHK(e, 1 .eq. &
   2)
y = ADD(
  a,
  b) + ID(3)
z = ID(1
#define Q 1
)
w = 1
";
        let (out, d) = cpp(src);
        assert_eq!(codes(&d), vec!["E0060"]);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 12);
        let lines = &lines[1..];
        assert_eq!(lines[2], "e = e + f(1 .eq. &    2, \"1 .eq. &    2\", 5)");
        assert_eq!(lines[3], "");
        assert_eq!(lines[4].split_whitespace().collect::<Vec<_>>(), vec!["y", "=", "a", "+", "b", "+", "3"]);
        assert_eq!((lines[5], lines[6]), ("", ""));
        // A directive ends the search for the `)`: the invocation is unterminated.
        assert!(lines[7].starts_with("z = ID(1"), "{}", lines[7]);
        assert_eq!(lines[10], "w = 1");
        // Errors after a joined invocation point at their own line.
        let (out, _, d) = run_with("#define ID(x) x\nq = ID(1,\n 2)\nr = ID(\n", &opts(true, &[]), &HashMap::new());
        assert_eq!(codes(&d), vec!["E0060", "E0060"]);
        let (_, map, _) = run_with("#define ID(x) x\nq = ID(1,\n 2)\nr = ID(\n", &opts(true, &[]), &HashMap::new());
        let e = d.iter().map(|d| map.locate(d.span.lo as usize).1).collect::<Vec<_>>();
        assert_eq!(e, vec![2, 4]);
        assert_eq!(out.lines().count(), 4);
    }

    #[test]
    fn undef_and_redefinition() {
        let (out, d) = cpp("#define A 1\n#undef A\n#ifdef A\nbad\n#endif\n#define B 1\n#define B 2\nx = B\n");
        assert_eq!(code(&out), vec!["x = 2"]);
        assert_eq!(codes(&d), vec!["E0064"]);
        assert!(!d[0].is_error());
    }

    #[test]
    fn directive_errors() {
        let (_, d) = cpp("#foo bar\n#else\n#endif\n#error stop here\n#define\n#define F(a b) a\n#undef\n#ifdef\n#endif\n#pragma acc\n#line 3\n# 5 \"x\"\n#\n#!x\n");
        assert_eq!(codes(&d), vec!["E0056", "E0053", "E0053", "E0055", "E0057", "E0057", "E0063", "E0063", "E0056"], "{d:#?}");
        assert_eq!(d[3].message, "#error stop here");
        let (_, d) = cpp("#if 1\n#else\n#else\n#elif 1\n#endif\n");
        assert_eq!(codes(&d), vec!["E0054", "E0054"]);
        // Errors inside false branches are not reported.
        let (_, d) = cpp("#if 0\n#error no\n#bogus\n#endif\n");
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn unterminated_if_points_at_the_if() {
        let src = "x\n  #ifdef A\ny\n";
        let (out, map, d) = run_with(src, &opts(true, &[]), &HashMap::new());
        assert_eq!(codes(&d), vec!["E0052"]);
        let (f, line, col, text) = map.locate(d[0].span.lo as usize);
        assert_eq!((f.as_str(), line, col, text.as_str()), ("main.F90", 2, 3, "  #ifdef A"));
        assert_eq!(
            render_mapped(&d[0], &map),
            "error[E0052]: unterminated `#ifdef`\n --> main.F90:2:3\n  |\n2 |   #ifdef A\n  |   ^^^^^^ no matching `#endif` in this file\n"
        );
        assert_eq!(out.lines().count(), 3);
    }

    #[test]
    fn continued_directive_lines() {
        let (out, d) = cpp("#define LONG 1 + \\\n  2\nx = LONG\n");
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(out.lines().count(), 3);
        assert_eq!(code(&out), vec!["x = 1 +   2"]);
    }

    #[test]
    fn c_comments_in_directives() {
        let (out, d) = cpp("#define A 1 /* one */\n#ifdef A /* yes */\nx = A\n#endif /* A */\n");
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(code(&out), vec!["x = 1"]);
    }

    #[test]
    fn omp_sentinel() {
        let src = "!$ x = 1\n  !$& y\n!$acc kernels\n!$omp parallel\n!$\n";
        let (out, _, _) = run_with(src, &opts(false, &[]), &HashMap::new());
        assert_eq!(out, src);
        let mut o = opts(false, &[]);
        o.openmp_sentinel = true;
        let (out, _, _) = run_with(src, &o, &HashMap::new());
        assert_eq!(out, "   x = 1\n    & y\n!$acc kernels\n!$omp parallel\n!$\n");
        // With cpp, the compiled line is expanded.
        o.cpp = true;
        o.defines.push(("N".into(), "3".into()));
        let (out, _, _) = run_with("!$ x = N\n", &o, &HashMap::new());
        assert_eq!(out, "   x = 3\n");
    }

    #[test]
    fn includes() {
        let fs = files(&[
            ("consts.h", "integer, parameter :: n = N\n#define M 2\n"),
            ("acc_testsuite.Fh", "integer, parameter :: LOOPCOUNT = 1000\nx = N\n#define Q 1\n"),
            ("nested.h", "  INCLUDE \"acc_testsuite.Fh\" ! comment\nnested\n"),
        ]);
        let src = "\
program p
#include \"consts.h\"
#include <consts.h>
  include 'acc_testsuite.Fh'
m = M
#define HDR \"nested.h\"
#include HDR
end program
";
        let (out, map, d) = run_with(src, &opts(true, &[("N", "10")]), &fs);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(
            code(&out),
            vec![
                "program p",
                "integer, parameter :: n = 10",
                "integer, parameter :: n = 10",
                "integer, parameter :: LOOPCOUNT = 1000",
                // A Fortran include is not run through cpp (as with gfortran).
                "x = N",
                "#define Q 1",
                "m = 2",
                "integer, parameter :: LOOPCOUNT = 1000",
                "x = N",
                "#define Q 1",
                "nested",
                "end program",
            ]
        );
        // Every line of every file is one output line.
        assert_eq!(out.lines().count(), 8 + 2 * 2 + 3 + 3 + 2);
        // Lines after the includes map to their own lines.
        let off = out.find("m = 2").unwrap();
        assert_eq!(map.locate(off + 4), ("main.F90".to_string(), 5, 5, "m = M".to_string()));
        let off = out.find("end program").unwrap();
        assert_eq!(map.locate(off + 4), ("main.F90".to_string(), 8, 5, "end program".to_string()));
        let off = out.find("nested\n").unwrap();
        assert_eq!(map.locate(off), ("nested.h".to_string(), 2, 1, "nested".to_string()));
        let off = out.find("LOOPCOUNT").unwrap();
        assert_eq!(map.locate(off).0, "acc_testsuite.Fh");
        assert_eq!(map.locate(off).1, 1);
        // Fortran include works without cpp as well.
        let (out, _, d) = run_with("include 'consts.h'\nx\n", &opts(false, &[]), &fs);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(code(&out), vec!["integer, parameter :: n = N", "#define M 2", "x"]);
    }

    #[test]
    fn include_that_is_not_an_include_line() {
        let (out, _, d) = run_with("include = 3\nincludes 'x'\ninclude 'x' + 1\n", &opts(false, &[]), &HashMap::new());
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(out, "include = 3\nincludes 'x'\ninclude 'x' + 1\n");
    }

    #[test]
    fn missing_include() {
        let src = "program p\n  include 'nothere.h'\n#include \"gone.h\"\nend\n";
        let (out, map, d) = run_with(src, &opts(true, &[]), &HashMap::new());
        assert_eq!(codes(&d), vec!["E0050", "E0050"]);
        assert_eq!(d[0].message, "cannot find include file `nothere.h`");
        assert_eq!(
            render_mapped(&d[0], &map),
            "error[E0050]: cannot find include file `nothere.h`\n --> main.F90:2:12\n  |\n2 |   include 'nothere.h'\n  |            ^^^^^^^^^ not found\n"
        );
        assert_eq!(map.locate(d[1].span.lo as usize).1, 3);
        assert_eq!(out.lines().count(), 4);
        let (_, _, d) = run_with("#include\n#include foo\n", &opts(true, &[]), &HashMap::new());
        assert_eq!(codes(&d), vec!["E0062", "E0062"]);
    }

    #[test]
    fn include_cycles() {
        let fs = files(&[("a.h", "a\n#include \"b.h\"\n"), ("b.h", "b\n#include \"a.h\"\n"), ("self.inc", "include 'self.inc'\n")]);
        let (out, map, d) = run_with("#include \"a.h\"\nend\n", &opts(true, &[]), &fs);
        assert_eq!(codes(&d), vec!["E0051"]);
        assert!(d[0].notes[0].contains("includes itself"), "{:?}", d[0].notes);
        let off = out.rfind("end").unwrap();
        assert_eq!(map.locate(off).1, 2);
        let (_, _, d) = run_with("include 'self.inc'\n", &opts(false, &[]), &fs);
        assert_eq!(codes(&d), vec!["E0051"]);
        // A file including itself twice stops after a bounded amount of work.
        let fs = files(&[("twice.h", "#include \"twice.h\"\n#include \"twice.h\"\n")]);
        let (_, _, d) = run_with("#include \"twice.h\"\n", &opts(true, &[]), &fs);
        assert!(codes(&d).contains(&"E0066"), "{:?}", codes(&d));
        // Include guards make self-inclusion fine.
        let fs = files(&[("g.h", "#ifndef G\n#define G\n#include \"g.h\"\ng\n#endif\n")]);
        let (out, _, d) = run_with("#include \"g.h\"\n", &opts(true, &[]), &fs);
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(code(&out), vec!["g"]);
    }

    #[test]
    fn conditionals_do_not_cross_files() {
        let fs = files(&[("open.h", "#if 1\nx\n"), ("close.h", "#endif\n")]);
        let (_, map, d) = run_with("#include \"open.h\"\n#include \"close.h\"\n", &opts(true, &[]), &fs);
        assert_eq!(codes(&d), vec!["E0052", "E0053"]);
        assert_eq!(map.locate(d[0].span.lo as usize).0, "open.h");
        assert_eq!(map.locate(d[1].span.lo as usize).0, "close.h");
    }

    #[test]
    fn render_error_in_included_file() {
        let fs = files(&[("inc/defs.h", "integer :: a\n  #error bad configuration\n")]);
        let src = "program p\n#include \"inc/defs.h\"\nend program p\n";
        let (_, map, d) = run_with(src, &opts(true, &[]), &fs);
        assert_eq!(d.len(), 1);
        assert_eq!(
            render_mapped(&d[0], &map),
            "error[E0055]: #error bad configuration\n --> inc/defs.h:2:3\n  |\n2 |   #error bad configuration\n  |   ^^^^^^^^^^^^^^^^^^^^^^^^\n"
        );
    }

    #[test]
    fn locate_columns_after_expansion() {
        let src = "#define LONGNAME 1\nx = LONGNAME + yy\n";
        let (out, map, _) = run_with(src, &opts(true, &[]), &HashMap::new());
        let line2 = out.find("x = 1").unwrap();
        // Before the expansion: exact.
        assert_eq!(map.locate(line2 + 2).2, 3);
        // The expansion maps to the macro name.
        assert_eq!(map.locate(line2 + 4).2, 5);
        // After it: the original column of the same text.
        let yy = out.find("yy").unwrap();
        assert_eq!(map.locate(yy).2, 16);
        // The end of the output maps to the end of the last line.
        let (_, line, _, text) = map.locate(out.len() + 100);
        assert_eq!((line, text.as_str()), (2, "x = LONGNAME + yy"));
        // Non-ASCII text and CRLF.
        let (out, map, _) = run_with("s = 'é' ; N\r\nz\r\n", &opts(true, &[("N", "1")]), &HashMap::new());
        assert_eq!(out, "s = 'é' ; 1\nz\n");
        assert_eq!(map.locate(out.find('1').unwrap()), ("main.F90".into(), 1, 11, "s = 'é' ; N".into()));
        assert_eq!(map.locate(out.find('z').unwrap()).1, 2);
        // An empty file.
        let (out, map, d) = run_with("", &opts(true, &[]), &HashMap::new());
        assert!(out.is_empty() && d.is_empty());
        assert_eq!(map.locate(0), ("main.F90".into(), 1, 1, String::new()));
        let e = Diagnostic::error("E0001", "x", Span::new(0, 3));
        assert_eq!(render_mapped(&e, &map), "error[E0001]: x\n --> main.F90:1:1\n  |\n1 | \n  | ^\n");
    }

    #[test]
    fn render_mapped_for_expansion_errors() {
        let src = "#define F(a,b) a\n  y = F(1) + 2\n";
        let (_, map, d) = run_with(src, &opts(true, &[]), &HashMap::new());
        assert_eq!(
            render_mapped(&d[0], &map),
            "error[E0060]: macro `F` takes 2 arguments but 1 were given\n --> main.F90:2:7\n  |\n2 |   y = F(1) + 2\n  |       ^\n"
        );
    }

    #[test]
    fn expansion_limits() {
        // Exponential growth is cut off with an error rather than exhausting memory.
        let mut src = String::from("#define A0 x x\n");
        for i in 1..40 {
            src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
        }
        src.push_str("y = A39\n");
        let (_, d) = cpp(&src);
        assert_eq!(codes(&d), vec!["E0061"]);
        // A long chain of distinct macros hits the depth limit.
        let mut src = String::new();
        for i in 0..400 {
            src.push_str(&format!("#define B{i} B{}\n", i + 1));
        }
        src.push_str("y = B0\n");
        let (_, d) = cpp(&src);
        assert_eq!(codes(&d), vec!["E0061"]);
        // Deeply nested #if expressions.
        let (_, d) = cpp(&format!("#if {}1\n#endif\n", "(".repeat(100_000)));
        assert_eq!(codes(&d), vec!["E0058"]);
        let (_, d) = cpp(&format!("#if {}1\n#endif\n", "-".repeat(100_000)));
        assert_eq!(codes(&d), vec!["E0058"]);
    }

    #[test]
    fn no_panic_on_mangled_input() {
        let pieces = [
            "#",
            "#if",
            "#ifdef",
            "#elif",
            "#else",
            "#endif",
            "#define",
            "#define F(",
            "#define F(a,",
            "#define G(a) a(",
            "#include",
            "#include \"",
            "#include <",
            "#undef",
            "#error",
            " defined(",
            "defined",
            "(",
            ")",
            "'",
            "\"",
            "!",
            "!$",
            "!$acc",
            "!$ ",
            "&",
            "\\",
            "\n",
            "\r\n",
            "\t",
            " ",
            "include '",
            "include 'a.h'",
            "F(",
            "G(1)",
            "A",
            "0x",
            "99999999999999999999999",
            "1/0",
            "<<",
            "é",
            "/*",
            "*/",
            "?",
            ":",
            "__LINE__",
            "__FILE__",
        ];
        let fs = files(&[("a.h", "#if 1\n#include \"a.h\"\nF(\n"), ("\"", "x")]);
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..3000 {
            let n = (next() % 40) as usize;
            let mut src = String::new();
            for _ in 0..n {
                src.push_str(pieces[(next() % pieces.len() as u64) as usize]);
            }
            let o = PpOptions {
                cpp: round % 4 != 0,
                defines: vec![("A".into(), "F(".into()), ("F".into(), "A".into())],
                openmp_sentinel: round % 2 == 0,
                openacc: round % 3 != 0,
                undefs: Vec::new(),
            };
            let (out, map, d) = run_with(&src, &o, &fs);
            for diag in &d {
                let _ = render_mapped(diag, &map);
            }
            for off in [0, out.len() / 2, out.len(), out.len() + 5] {
                let _ = map.locate(off);
            }
            let bad = Diagnostic::error("E0001", "test", Span { lo: u32::MAX, hi: 3 });
            let _ = render_mapped(&bad, &map);
        }
    }
}
