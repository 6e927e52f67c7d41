//! The parser: tokens from [`crate::lexer`] to an [`ast::SourceFile`] of program units.
//!
//! A hand-written recursive-descent parser, statement by statement (every statement ends
//! with [`Tok::Eos`]), with a precedence climber for expressions. It was written by hand
//! rather than with a combinator library for three reasons: statement-level recovery (a bad
//! statement is reported once and skipped), diagnostics that point at the smallest span and
//! name what was expected in Fortran terms, and hard limits on nesting so that no input can
//! overflow the stack.
//!
//! Block constructs (`do`, `if`, OpenACC `parallel` ...) keep a stack of what is open, so a
//! missing `end do` is reported at the `do` that lacks it, and a stray `end if` is reported
//! once without derailing the rest of the file.
//!
//! The parser is a folder: this file holds the [`Parser`] state, the entry point and the
//! token cursor; the child modules add the methods of one part of the language each, and
//! [`crate::directives`] those of the directive lines.

use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::{Tok, Token};
use std::collections::HashMap;

mod block;
mod constructs;
mod data;
mod decls;
mod entries;
mod exprs;
mod interfaces;
mod io;
mod nesting;
mod spec;
mod stmts;
mod types;
mod units;

use block::BlockScope;
pub(crate) use nesting::{Open, Term};
pub use units::unit_keyword;

/// Parses a whole file. Returns its program units (if any could be built at all) and the
/// diagnostics of lexing and parsing.
pub fn parse(src: &str) -> (Option<SourceFile>, Vec<Diagnostic>) {
    parse_with(src, ModuleConsts::new(), false)
}

/// The integer named constants of modules, by module name: what `use` makes visible to kind
/// selectors, kind suffixes and other constants the parser evaluates.
pub type ModuleConsts = HashMap<String, HashMap<String, i64>>;

/// [`parse`], with the integer constants of separately compiled modules (read from their
/// module files): `use` of one of them seeds the kind table as `use` of a module of the
/// same file does; and with `!$omp` directives when `openmp` is set.
pub fn parse_with(src: &str, modules: ModuleConsts, openmp: bool) -> (Option<SourceFile>, Vec<Diagnostic>) {
    let lexed = crate::lexer::lex_with(src, openmp);
    let mut p = Parser {
        toks: lexed.tokens,
        pos: 0,
        diags: lexed.diags,
        last_hi: 0,
        open: Vec::new(),
        int_params: HashMap::new(),
        typed: HashMap::new(),
        module_consts: modules,
        block_decls: Vec::new(),
        block_scope: BlockScope::default(),
        char_len: None,
        class_spec: false,
        nodes: 0,
        depth: 0,
        aborted: false,
        cur_unit: None,
        host_is_module: false,
        in_interface_body: false,
        access: Vec::new(),
        type_names: Vec::new(),
        src: src.to_string(),
        label_done: None,
        entries: Vec::new(),
    };
    let mut file = p.file();
    if let Some(f) = &mut file {
        entries::expand(f, &mut p.diags);
        if !p.diags.iter().any(Diagnostic::is_error) {
            crate::labels::resolve(f, &mut p.diags);
        }
    }
    (file, p.diags)
}

/// A parse failure whose diagnostic has already been recorded.
pub(crate) struct Fail;
pub(crate) type PResult<T> = Result<T, Fail>;

/// The parser's state: the tokens and the position in them, the diagnostics so far, the
/// constructs open, and what declarations seen so far tell about later statements.
pub(crate) struct Parser {
    /// The length of the last `character` type spec parsed.
    char_len: Option<CharLen>,
    /// The `entry` statements of the subroutine being parsed (see [`Unit::entries`]).
    entries: Vec<(Ident, Vec<Ident>, u32)>,
    /// Whether the last type spec parsed was `class(T)`.
    class_spec: bool,
    /// Declarations of the `block` constructs of the unit being parsed, moved to the unit.
    block_decls: Vec<Decl>,
    /// The renamings of the declarations of the `block` constructs being parsed.
    block_scope: BlockScope,
    toks: Vec<Token>,
    pos: usize,
    pub(crate) diags: Vec<Diagnostic>,
    /// End of the last consumed token.
    pub(crate) last_hi: u32,
    pub(crate) open: Vec<Open>,
    /// Integer named constants seen so far, for kind parameters (`real(dp)`, `1.0_dp`).
    int_params: HashMap<String, i64>,
    /// The type of each entity declared so far in the scope, with the value of a real named
    /// constant: for kinds given by inquiry functions (`integer(kind(n))`,
    /// `integer(exponent(x))`).
    typed: HashMap<String, (BaseTy, Option<f64>)>,
    /// The public integer constants of the modules seen so far in the file and of the
    /// separately compiled modules the file uses.
    module_consts: ModuleConsts,
    /// Expression nodes built in the current statement.
    nodes: u32,
    /// Current expression nesting.
    depth: u32,
    /// Parsing gave up (nesting limit): no more "missing end" reports.
    aborted: bool,
    /// The kind of the unit whose declarations are being parsed.
    cur_unit: Option<UnitKind>,
    /// The host of the procedures being parsed after `contains` is a module.
    host_is_module: bool,
    /// Parsing the specification part of an interface body.
    in_interface_body: bool,
    /// `public`/`private` attributes of the declaration just parsed (moved to the unit).
    access: Vec<(Ident, bool)>,
    /// Derived-type names seen (see [`SourceFile::type_names`]).
    type_names: Vec<String>,
    /// The source text (for the text of `format` statements).
    src: String,
    /// The label of the terminal statement of the labelled `do` loop just closed (loops
    /// sharing it end there too).
    label_done: Option<u32>,
}

/// Levenshtein distance, for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev.get(j).copied().unwrap_or(0) + usize::from(ca != *cb);
            let del = prev.get(j + 1).copied().unwrap_or(0) + 1;
            let ins = cur.get(j).copied().unwrap_or(0) + 1;
            if let Some(c) = cur.get_mut(j + 1) {
                *c = sub.min(del).min(ins);
            }
        }
        prev = cur;
    }
    prev.last().copied().unwrap_or(0)
}

/// Is `a` a subsequence of `b` (so `b` is `a` with letters added)?
fn is_subsequence(a: &str, b: &str) -> bool {
    let mut it = b.chars();
    a.chars().all(|c| it.any(|d| d == c))
}

/// The closest candidate within edit distance 2. On a tie, a candidate that only adds
/// letters wins (a dropped letter is the most common typo), then the longer one.
pub fn suggest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, _)| *d <= 2 && *d < word.len().max(2))
        .min_by_key(|(d, c)| (*d, !is_subsequence(word, c), std::cmp::Reverse(c.len())))
        .map(|(_, c)| c)
}

/// The token cursor: looking ahead, consuming and expecting tokens, skipping for recovery,
/// and spans.
impl Parser {
    pub(crate) fn tok(&self) -> &Tok {
        self.tok_at(0)
    }

    /// The token `n` ahead, with its span.
    pub(crate) fn token_at(&self, n: usize) -> Option<&Token> {
        self.toks.get(self.pos + n)
    }

    /// Replaces the tokens `n` ahead in `range` (relative to the current position) by
    /// `with`: a directive rewritten before it is parsed (OpenMP's `metadirective`).
    pub(crate) fn splice_ahead(&mut self, range: std::ops::Range<usize>, with: Vec<Token>) {
        let (lo, hi) = ((self.pos + range.start).min(self.toks.len()), (self.pos + range.end).min(self.toks.len()));
        self.toks.splice(lo..hi, with);
    }

    pub(crate) fn tok_at(&self, n: usize) -> &Tok {
        match self.toks.get(self.pos + n) {
            Some(t) => &t.tok,
            None => &Tok::Eof,
        }
    }

    pub(crate) fn span(&self) -> Span {
        self.span_at(0)
    }

    fn span_at(&self, n: usize) -> Span {
        match self.toks.get(self.pos + n).or(self.toks.last()) {
            Some(t) => t.span,
            None => Span::default(),
        }
    }

    /// The cursor (token index and end of the last token), to look ahead and come back.
    pub(crate) fn mark(&self) -> (usize, u32) {
        (self.pos, self.last_hi)
    }

    pub(crate) fn reset(&mut self, m: (usize, u32)) {
        (self.pos, self.last_hi) = m;
    }

    pub(crate) fn bump(&mut self) -> Token {
        let t = match self.toks.get(self.pos) {
            Some(t) => t.clone(),
            None => Token { tok: Tok::Eof, span: Span::new(self.last_hi as usize, self.last_hi as usize) },
        };
        if t.tok != Tok::Eof {
            self.pos += 1;
            if t.tok != Tok::Eos {
                self.last_hi = t.span.hi;
            }
        }
        t
    }

    pub(crate) fn is(&self, t: &Tok) -> bool {
        self.tok() == t
    }

    pub(crate) fn is_name(&self, kw: &str) -> bool {
        matches!(self.tok(), Tok::Name(n) if n == kw)
    }

    pub(crate) fn is_name_at(&self, n: usize, kw: &str) -> bool {
        matches!(self.tok_at(n), Tok::Name(s) if s == kw)
    }

    pub(crate) fn eat(&mut self, t: &Tok) -> bool {
        if self.is(t) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn eat_name(&mut self, kw: &str) -> bool {
        if self.is_name(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn at_eos(&self) -> bool {
        matches!(self.tok(), Tok::Eos | Tok::Eof)
    }

    /// "expected X, found Y" at the current token.
    pub(crate) fn err_expected(&mut self, what: &str) -> Fail {
        let found = self.tok().describe();
        let span = self.span();
        let label = format!("expected {what}");
        self.diags.push(Diagnostic::error("E0001", format!("expected {what}, found {found}"), span).with_label(label));
        Fail
    }

    pub(crate) fn expect(&mut self, t: &Tok) -> PResult<Span> {
        if self.is(t) {
            Ok(self.bump().span)
        } else {
            Err(self.err_expected(&format!("`{}`", t.symbol())))
        }
    }

    pub(crate) fn expect_name(&mut self, what: &str) -> PResult<Ident> {
        match self.tok().clone() {
            Tok::Name(name) => {
                let span = self.bump().span;
                Ok(Ident { name, span })
            }
            _ => Err(self.err_expected(what)),
        }
    }

    fn expect_eos(&mut self) -> PResult<()> {
        if self.at_eos() {
            self.eat(&Tok::Eos);
            Ok(())
        } else {
            Err(self.err_expected("end of statement"))
        }
    }

    /// Skips to just after the end of the current statement.
    pub(crate) fn skip_statement(&mut self) {
        while !self.at_eos() {
            self.bump();
        }
        self.eat(&Tok::Eos);
    }

    pub(crate) fn skip_eos(&mut self) {
        while self.eat(&Tok::Eos) {}
    }

    /// Skips balanced parentheses starting at `(`; returns false at end of statement.
    pub(crate) fn skip_parens(&mut self) -> bool {
        let mut depth = 0usize;
        loop {
            match self.tok() {
                Tok::LParen => depth += 1,
                Tok::RParen => depth = depth.saturating_sub(1),
                Tok::Eos | Tok::Eof => return false,
                _ => {}
            }
            self.bump();
            if depth == 0 {
                return true;
            }
        }
    }

    /// The span from `lo` to the last consumed token.
    pub(crate) fn from(&self, lo: Span) -> Span {
        Span { lo: lo.lo, hi: self.last_hi.max(lo.hi) }
    }

    /// The span of the current statement's tokens (from the current position to its end).
    pub(crate) fn statement_span(&self) -> Span {
        let lo = self.span();
        let mut hi = lo;
        let mut i = 0;
        while !matches!(self.tok_at(i), Tok::Eos | Tok::Eof) {
            hi = self.span_at(i);
            i += 1;
        }
        lo.to(hi)
    }

    /// Whether the current statement is the `use openacc` of gpuf's built-in
    /// `openacc_lib.h` (see [`crate::sema::openacc_lib_h`]), which may come wherever an
    /// `include` line may: after `implicit` and declarations too.
    pub(crate) fn is_openacc_lib_h_use(&self) -> bool {
        let sp = self.statement_span();
        let line_end = self.src.get(sp.hi as usize..).and_then(|r| r.split('\n').next()).unwrap_or("");
        self.is_name_at(1, "openacc") && line_end.trim_start() == crate::sema::OPENACC_LIB_H_MARK
    }

    /// Is the current statement `name [(...)] [%name[(...)]]... = ...`?
    pub(crate) fn is_assignment(&self) -> bool {
        if !matches!(self.tok(), Tok::Name(_)) {
            return false;
        }
        let mut i = 1;
        loop {
            match self.tok_at(i) {
                Tok::LParen => {
                    let mut depth = 0usize;
                    loop {
                        match self.tok_at(i) {
                            Tok::LParen => depth += 1,
                            Tok::RParen => depth -= 1,
                            Tok::Eos | Tok::Eof => return false,
                            _ => {}
                        }
                        i += 1;
                        if depth == 0 {
                            break;
                        }
                    }
                }
                Tok::Percent if matches!(self.tok_at(i + 1), Tok::Name(_)) => i += 2,
                Tok::Assign => return true,
                _ => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_works() {
        assert_eq!(edit_distance("copyn", "copyin"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
