//! Directive lines (`!$acc ...`): what every directive language shares — its sentinel, the
//! loop over a directive's clauses driven by the language's clause table (with "did you
//! mean" for a misspelled clause), and the argument forms clauses have in common.
//!
//! A directive language is a module with its directives and constructs ([`acc`] for
//! OpenACC) and a clause table ([`clauses`] for OpenACC): one [`Clause`] per clause name,
//! whichever construct carries it. Where a clause may appear is checked by semantic
//! analysis, not here.
//!
//! The lexer finds directive lines with [`acc_sentinel`] and turns the sentinel into
//! [`Tok::DirectiveStart`]; the words after it are ordinary tokens, parsed by the methods
//! of [`Parser`] in these modules.

mod acc;
mod clauses;
mod omp;
mod omp_clauses;
mod omp_meta;

use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;
use crate::parser::{suggest, Fail, Open, PResult, Parser, Term};

/// Is `s` (already trimmed at the start) a `!$acc` sentinel? Returns its length.
pub(crate) fn acc_sentinel(s: &str) -> Option<usize> {
    let head = s.get(..5)?;
    if !head.eq_ignore_ascii_case("!$acc") {
        return None;
    }
    // `!$accfoo` is not a sentinel; `!$acc&`, `!$acc ` and `!$acc` at the end are.
    match s.as_bytes().get(5) {
        None => Some(5),
        Some(b) if b.is_ascii_whitespace() || *b == b'&' => Some(5),
        Some(_) => None,
    }
}

/// Is `s` (already trimmed at the start) an `!$omp` sentinel? Returns its length.
pub(crate) fn omp_sentinel(s: &str) -> Option<usize> {
    let head = s.get(..5)?;
    if !head.eq_ignore_ascii_case("!$omp") {
        return None;
    }
    match s.as_bytes().get(5) {
        None => Some(5),
        Some(b) if b.is_ascii_whitespace() || *b == b'&' => Some(5),
        Some(_) => None,
    }
}

/// How a clause is written after its name; `K` is the language's clause kind.
enum Syntax<K: 'static> {
    /// The name alone: `seq`, `finalize`.
    Bare(fn() -> K),
    /// One parenthesised expression: `num_gangs(4)`, `if(c)`.
    Expr(fn(Expr) -> K),
    /// A parenthesised variable list: the data clauses, `private(a, b(1:n))`.
    VarList(fn(Vec<Expr>) -> K),
    /// Parsed by its own function, given the name as written (at the token after it).
    Own(fn(&mut Parser, &str) -> PResult<K>),
}

/// One entry of a clause table: a clause name (or a spelling of it) and how it is parsed.
struct Clause<K: 'static> {
    pub(crate) name: &'static str,
    pub(crate) syntax: Syntax<K>,
}

/// The clauses of a directive language.
struct ClauseTable<K: 'static> {
    /// The language's name, for "not an OpenACC clause".
    pub(crate) language: &'static str,
    /// The clauses, in the order in which they are offered as suggestions.
    pub(crate) clauses: &'static [Clause<K>],
    /// Names that are accepted but never suggested for a misspelled clause.
    pub(crate) unlisted: &'static [&'static str],
}

impl<K> ClauseTable<K> {
    /// The clause names offered for a misspelled clause.
    fn suggestions(&self) -> Vec<&'static str> {
        self.clauses.iter().map(|c| c.name).filter(|n| !self.unlisted.contains(n)).collect()
    }
}

impl Parser {
    /// The clauses up to the end of the directive, with their spans. Errors are reported and
    /// the rest of the directive skipped; the clauses parsed so far are kept so the construct
    /// still works.
    fn clauses<K>(&mut self, table: &ClauseTable<K>) -> Vec<(K, Span)> {
        let mut out = Vec::new();
        loop {
            self.eat(&Tok::Comma);
            if self.at_eos() {
                break;
            }
            let name = match self.tok().clone() {
                Tok::Name(n) => n,
                _ => {
                    let _ = self.err_expected("a clause");
                    break;
                }
            };
            let start = self.bump().span;
            match self.clause(table, &name, start) {
                Ok(Some(k)) => out.push((k, self.from(start))),
                Ok(None) => {}
                Err(Fail) => break,
            }
        }
        while !self.at_eos() {
            self.bump();
        }
        out
    }

    /// One clause after its name; `Ok(None)` if it was reported but parsing can go on.
    fn clause<K>(&mut self, table: &ClauseTable<K>, name: &str, start: Span) -> PResult<Option<K>> {
        let Some(clause) = table.clauses.iter().find(|c| c.name == name) else {
            let mut d = Diagnostic::error("E0021", format!("unknown clause `{name}`"), start)
                .with_label(format!("not an {} clause", table.language));
            if let Some(s) = suggest(name, &table.suggestions()) {
                d = d.with_note(format!("help: did you mean `{s}`?"));
            }
            self.diags.push(d);
            if self.is(&Tok::LParen) && !self.skip_parens() {
                return Err(Fail);
            }
            return Ok(None);
        };
        Ok(Some(match clause.syntax {
            Syntax::Bare(kind) => kind(),
            Syntax::Expr(kind) => kind(self.clause_expr()?),
            Syntax::VarList(kind) => kind(self.var_list()?),
            Syntax::Own(parse) => parse(self, name)?,
        }))
    }

    /// A parenthesised expression after a clause name.
    fn clause_expr(&mut self) -> PResult<Expr> {
        self.expect(&Tok::LParen)?;
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(e)
    }

    /// A variable list in parentheses: `(a, b(2:n), c(:, 1))`.
    fn var_list(&mut self) -> PResult<Vec<Expr>> {
        self.expect(&Tok::LParen)?;
        self.var_items()
    }

    /// The items of a variable list and its `)`.
    fn var_items(&mut self) -> PResult<Vec<Expr>> {
        let mut items = Vec::new();
        loop {
            if let (Tok::Name(m), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
                let sp = self.span();
                self.diags.push(Diagnostic::not_yet(format!("the `{m}:` modifier"), sp));
                return Err(Fail);
            }
            if self.is(&Tok::Slash) {
                let sp = self.span();
                self.diags.push(Diagnostic::not_yet("common blocks in clauses", sp));
                return Err(Fail);
            }
            items.push(self.designator()?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(items)
    }

    /// Skips to just after the next `)` (or to the end of the directive).
    fn skip_to_rparen(&mut self) {
        while !self.is(&Tok::RParen) && !self.at_eos() {
            self.bump();
        }
        self.eat(&Tok::RParen);
    }

    /// `update`, `read`, `write` or `capture` after `atomic` (`update` when none is written).
    fn atomic_clause(&mut self) -> AtomicKind {
        let Tok::Name(w) = self.tok().clone() else { return AtomicKind::Update };
        let k = match w.as_str() {
            "update" => AtomicKind::Update,
            "read" => AtomicKind::Read,
            "write" => AtomicKind::Write,
            "capture" => AtomicKind::Capture,
            _ => return AtomicKind::Update,
        };
        self.bump();
        k
    }

    /// A directive construct with a body, up to its `end` directive.
    #[inline(never)]
    fn dir_block(&mut self, mut dir: Directive, head_span: Span) -> Stmt {
        let kind = dir.kind;
        let stmt_span = dir.span;
        if matches!(kind, DirKind::Omp(_)) {
            self.skip_eos();
            let named = matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Colon && self.is_name_at(2, "block");
            if named || (self.is_name("block") && matches!(self.tok_at(1), Tok::Eos | Tok::Eof)) {
                // OpenMP 5.1's strictly structured block: a `block` construct right after
                // the directive is its whole body, and the `end` directive is optional.
                let body: Vec<Stmt> = self.stmt().into_iter().collect();
                self.skip_eos();
                dir.clauses.extend(self.omp_end_clauses(kind));
                let mut end_span = body.last().map_or(stmt_span, |s| s.span);
                if let Some(sp) = self.eat_directive_end(kind) {
                    end_span = sp;
                }
                return Stmt { kind: StmtKind::Construct { dir, body, end_span }, span: stmt_span.to(end_span) };
            }
        }
        self.open.push(Open::Dir(kind));
        let body = self.block();
        self.open.pop();
        dir.clauses.extend(self.omp_end_clauses(kind));
        let what = format!("`{}` construct", kind.name());
        let end_span = match self.close_construct(Term::DirEnd(kind), &what, head_span) {
            Some(sp) => sp,
            None => Span { lo: self.last_hi, hi: self.last_hi },
        };
        Stmt { kind: StmtKind::Construct { dir, body, end_span }, span: stmt_span.to(end_span) }
    }

    /// A loop directive and its `do` loop; the optional `end` directive after the loop is
    /// consumed (combined OpenACC constructs, every OpenMP loop construct).
    #[inline(never)]
    fn dir_loop(&mut self, mut dir: Directive, head_span: Span) -> PResult<Option<Stmt>> {
        let kind = dir.kind;
        let stmt_span = dir.span;
        self.skip_eos();
        let is_do = !self.is_assignment()
            && (self.is_name("do") || (matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Colon && self.is_name_at(2, "do")));
        if !is_do {
            let found = self.found_stmt();
            self.diags.push(
                Diagnostic::error("E0014", format!("`{} {}` must be followed by a `do` loop", kind.sentinel(), kind.name()), head_span)
                    .with_label(format!("found {found} instead")),
            );
            return Ok(None);
        }
        let Some(do_stmt) = self.stmt() else {
            return Ok(None);
        };
        let mut span = stmt_span.to(do_stmt.span);
        // An optional `!$acc end loop` (OpenACC 3.3) closes a `loop` as the combined
        // constructs' `end` directives close them; OpenMP's `end do nowait` adds clauses.
        self.skip_eos();
        dir.clauses.extend(self.omp_end_clauses(kind));
        if let Some(sp) = self.eat_directive_end(kind) {
            span = span.to(sp);
        }
        Ok(Some(Stmt { kind: StmtKind::LoopConstruct { dir, do_stmt: Box::new(do_stmt) }, span }))
    }

    /// `atomic` and its statement (or the two statements of a capture block).
    #[inline(never)]
    fn dir_atomic(&mut self, dir: Directive, atomic_kind: AtomicKind, head_span: Span) -> PResult<Option<Stmt>> {
        let stmt_span = dir.span;
        let kind = dir.kind;
        self.skip_eos();
        if self.terminator().is_some() || self.is(&Tok::DirectiveStart) || self.is(&Tok::OmpDirectiveStart) {
            let found = self.found_stmt();
            self.diags.push(
                Diagnostic::error("E0014", format!("`{} atomic` must be followed by an assignment statement", kind.sentinel()), head_span)
                    .with_label(format!("found {found} instead")),
            );
            return Ok(None);
        }
        let mut body = Vec::new();
        if let Some(s) = self.stmt() {
            body.push(s);
        }
        self.skip_eos();
        let mut span = stmt_span;
        if let Some(s) = body.last() {
            span = span.to(s.span);
        }
        if let Some(sp) = self.eat_directive_end(kind) {
            span = span.to(sp);
        } else if matches!(atomic_kind, AtomicKind::Capture | AtomicKind::CompareCapture)
            && self.terminator().is_none()
            && !self.is(&Tok::DirectiveStart)
            && !self.is(&Tok::OmpDirectiveStart)
        {
            if let Some(s) = self.stmt() {
                span = span.to(s.span);
                body.push(s);
            }
            self.skip_eos();
            self.open.push(Open::Atomic);
            if let Some(sp) = self.close_construct(Term::DirEnd(kind), "`atomic capture` construct", head_span) {
                span = span.to(sp);
            }
            self.open.pop();
        }
        Ok(Some(Stmt { kind: StmtKind::Atomic { dir, kind: atomic_kind, body }, span }))
    }

    /// Consumes `!$acc end <kind>` (`!$omp end <kind>`) if it is the current statement;
    /// returns its span.
    fn eat_directive_end(&mut self, kind: DirKind) -> Option<Span> {
        if self.terminator() != Some(Term::DirEnd(kind)) {
            return None;
        }
        let sp = self.statement_span();
        self.skip_statement();
        Some(sp)
    }

    /// Describes the statement at the current position, for "found ... instead".
    fn found_stmt(&self) -> String {
        match self.tok() {
            Tok::Eof => "the end of the file".into(),
            Tok::DirectiveStart | Tok::OmpDirectiveStart => "another directive".into(),
            Tok::Name(_) if self.is_assignment() => "an assignment".into(),
            Tok::Name(n) => format!("`{n}`"),
            t => t.describe(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspelled_clauses_are_suggested() {
        let names = clauses::OPENACC.suggestions();
        assert_eq!(suggest("copyn", &names), Some("copyin"));
        assert_eq!(suggest("zzzzzz", &names), None);
    }

    #[test]
    fn every_clause_is_in_the_table_once() {
        let names: Vec<&str> = clauses::OPENACC.clauses.iter().map(|c| c.name).collect();
        for n in &names {
            assert_eq!(names.iter().filter(|m| *m == n).count(), 1, "`{n}` twice");
        }
    }
}
