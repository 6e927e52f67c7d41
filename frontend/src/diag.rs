//! Diagnostics and their rustc-style rendering.
//!
//! Codes: E00xx syntax, E01xx names, E02xx types and semantics, E03xx OpenACC, E0900 "not
//! yet implemented", E0990 internal errors. E0067 (a NUL byte in a source) is reported by
//! the driver when it reads the file, rendered with [`Diagnostic::render`]; E0276 is an
//! integer division, `mod` or `modulo` by a constant zero.

use std::fmt::Write as _;

/// A byte range in the source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    pub fn new(lo: usize, hi: usize) -> Span {
        Span { lo: lo as u32, hi: hi as u32 }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { lo: self.lo.min(other.lo), hi: self.hi.max(other.hi) }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Error,
    Warning,
}

/// One message about the source, with an error code such as `E0101`.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub level: Level,
    pub code: &'static str,
    pub message: String,
    pub span: Span,
    /// Text printed after the carets.
    pub label: String,
    /// `= note: ...` / `= help: ...` lines.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic { level: Level::Error, code, message: message.into(), span, label: String::new(), notes: Vec::new() }
    }
    pub fn warning(code: &'static str, message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic { level: Level::Warning, code, message: message.into(), span, label: String::new(), notes: Vec::new() }
    }
    /// "not yet implemented: WHAT", error code E0900.
    pub fn not_yet(what: impl AsRef<str>, span: Span) -> Diagnostic {
        Diagnostic::error("E0900", format!("not yet implemented: {}", what.as_ref()), span)
    }
    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = label.into();
        self
    }
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }
    pub fn is_error(&self) -> bool {
        self.level == Level::Error
    }

    /// Renders the diagnostic as rustc does:
    ///
    /// ```text
    /// error[E0101]: undeclared variable `x`
    ///  --> file.f90:3:5
    ///   |
    /// 3 |     x = 1
    ///   |     ^ not declared
    /// ```
    pub fn render(&self, file: &str, src: &str) -> String {
        let mut out = String::new();
        let lvl = match self.level {
            Level::Error => "error",
            Level::Warning => "warning",
        };
        let _ = writeln!(out, "{lvl}[{}]: {}", self.code, source_names(&self.message));
        let lo = (self.span.lo as usize).min(src.len());
        let (line_no, col, line_start) = line_col(src, lo);
        let line_end = src[line_start..].find('\n').map_or(src.len(), |e| line_start + e);
        let line = &src[line_start..line_end];
        let num = line_no.to_string();
        let pad = " ".repeat(num.len());
        let _ = writeln!(out, "{pad}--> {file}:{line_no}:{col}");
        let _ = writeln!(out, "{pad} |");
        let hi = (self.span.hi as usize).clamp(lo, line_end);
        let width = src[lo..hi].chars().count().max(1);
        // A very long line is shown as a window around the span, marked with `...`.
        let chars: Vec<char> = line.chars().collect();
        let c0 = line[..lo - line_start].chars().count();
        let (from, to) = if chars.len() > LONG_LINE {
            (c0.saturating_sub(WINDOW_BEFORE), (c0 + width.min(WINDOW_SPAN) + WINDOW_AFTER).min(chars.len()))
        } else {
            (0, chars.len())
        };
        let shown: String = chars.get(from..to).unwrap_or_default().iter().collect();
        let (pre, post) = (if from > 0 { "..." } else { "" }, if to < chars.len() { "..." } else { "" });
        let _ = writeln!(out, "{num} | {pre}{shown}{post}");
        let indent: String = std::iter::repeat_n(' ', pre.len())
            .chain(chars.get(from..c0).unwrap_or_default().iter().map(|&c| if c == '\t' { '\t' } else { ' ' }))
            .collect();
        let carets = "^".repeat(width.min(to.saturating_sub(c0)).max(1));
        if self.label.is_empty() {
            let _ = writeln!(out, "{pad} | {indent}{carets}");
        } else {
            let _ = writeln!(out, "{pad} | {indent}{carets} {}", source_names(&self.label));
        }
        for n in &self.notes {
            let _ = writeln!(out, "{pad} = {}", source_names(n));
        }
        out
    }
}

/// Lines longer than this many characters are shown as a window around the span.
const LONG_LINE: usize = 160;
const WINDOW_BEFORE: usize = 40;
const WINDOW_SPAN: usize = 80;
const WINDOW_AFTER: usize = 40;

/// `text` with the names of `block`-local entities renamed by the parser (`x@b3`) shown as
/// written (`x`).
fn source_names(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("@b") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 2..];
        let digits = tail.len() - tail.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            out.push_str("@b");
        }
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}

/// 1-based line and column (in characters) of byte offset `pos`, and the line's start offset.
pub fn line_col(src: &str, pos: usize) -> (usize, usize, usize) {
    let pos = pos.min(src.len());
    let before = &src[..pos];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line_no = before.matches('\n').count() + 1;
    let col = src[line_start..pos].chars().count() + 1;
    (line_no, col, line_start)
}
