//! OpenACC directives: the directive line (name and clauses), the constructs it opens
//! (`parallel` ... `!$acc end parallel`), the loop and `atomic` statements it applies to, and
//! the `!$acc end ...` statements that close them.

use super::clauses::OPENACC;
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;
use crate::parser::{suggest, Fail, Open, PResult, Parser, Term};

/// The directive names (for suggestions).
const DIRECTIVES: &[&str] = &[
    "parallel",
    "kernels",
    "serial",
    "data",
    "loop",
    "enter",
    "exit",
    "update",
    "wait",
    "init",
    "shutdown",
    "set",
    "atomic",
    "host_data",
    "routine",
    "declare",
    "cache",
    "end",
];

impl Parser {
    /// A directive line and, for constructs, what it applies to.
    pub(crate) fn directive(&mut self) -> PResult<Option<Stmt>> {
        let (dir, atomic_kind, head_span) = self.directive_head()?;
        match dir.kind {
            AccKind::Parallel | AccKind::Kernels | AccKind::Serial | AccKind::Data | AccKind::HostData => {
                Ok(Some(self.acc_block(dir, head_span)))
            }
            AccKind::Loop | AccKind::ParallelLoop | AccKind::KernelsLoop | AccKind::SerialLoop => self.acc_loop(dir, head_span),
            AccKind::Atomic => self.acc_atomic(dir, atomic_kind, head_span),
            _ => {
                let span = dir.span;
                Ok(Some(Stmt { kind: StmtKind::Standalone(dir), span }))
            }
        }
    }

    /// The directive line itself: its name, clauses and the span of `!$acc name`.
    #[inline(never)]
    fn directive_head(&mut self) -> PResult<(Directive, AtomicKind, Span)> {
        let start = self.bump().span; // !$acc
        let word = match self.tok().clone() {
            Tok::Name(w) => w,
            _ => return Err(self.err_expected("a directive name after `!$acc`")),
        };
        let wsp = self.bump().span;
        let kind = match word.as_str() {
            "parallel" | "kernels" | "serial" => {
                let combined = self.is_name("loop");
                if combined {
                    self.bump();
                }
                match (word.as_str(), combined) {
                    ("parallel", false) => AccKind::Parallel,
                    ("parallel", true) => AccKind::ParallelLoop,
                    ("kernels", false) => AccKind::Kernels,
                    ("kernels", true) => AccKind::KernelsLoop,
                    ("serial", false) => AccKind::Serial,
                    _ => AccKind::SerialLoop,
                }
            }
            "data" => AccKind::Data,
            "loop" => AccKind::Loop,
            "enter" | "exit" => {
                if !self.eat_name("data") {
                    return Err(self.err_expected(&format!("`data` after `{word}`")));
                }
                if word == "enter" {
                    AccKind::EnterData
                } else {
                    AccKind::ExitData
                }
            }
            "update" => AccKind::Update,
            "wait" => AccKind::Wait,
            "init" => AccKind::Init,
            "shutdown" => AccKind::Shutdown,
            "set" => AccKind::Set,
            "atomic" => AccKind::Atomic,
            "host_data" => AccKind::HostData,
            "routine" => AccKind::Routine,
            "declare" => AccKind::Declare,
            "cache" => AccKind::Cache,
            "end" => {
                // Only reached for an `end` directive the block logic did not take.
                let sp = self.statement_span();
                self.diags
                    .push(Diagnostic::error("E0012", "unexpected `!$acc end` directive", start.to(sp)).with_label("nothing to end here"));
                return Err(Fail);
            }
            other => {
                let mut d = Diagnostic::error("E0020", format!("unknown OpenACC directive `{other}`"), wsp).with_label("not a directive");
                if let Some(s) = suggest(other, DIRECTIVES) {
                    d = d.with_note(format!("help: did you mean `{s}`?"));
                }
                self.diags.push(d);
                return Err(Fail);
            }
        };
        let mut atomic_kind = AtomicKind::Update;
        if kind == AccKind::Atomic {
            if let Tok::Name(w) = self.tok().clone() {
                let k = match w.as_str() {
                    "update" => Some(AtomicKind::Update),
                    "read" => Some(AtomicKind::Read),
                    "write" => Some(AtomicKind::Write),
                    "capture" => Some(AtomicKind::Capture),
                    _ => None,
                };
                if let Some(k) = k {
                    atomic_kind = k;
                    self.bump();
                }
            }
        }
        // `wait(1)`, `cache(a(1:n))`, `routine(name)`: an argument list right after the name.
        if matches!(kind, AccKind::Wait | AccKind::Cache | AccKind::Routine) && self.is(&Tok::LParen) && !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        let head_span = self.from(start);
        let clauses = self.clauses(&OPENACC).into_iter().map(|(kind, span)| Clause { kind, span }).collect();
        let span = self.from(start);
        self.eat(&Tok::Eos);
        Ok((Directive { kind, clauses, span }, atomic_kind, head_span))
    }

    #[inline(never)]
    fn acc_block(&mut self, dir: Directive, head_span: Span) -> Stmt {
        let kind = dir.kind;
        let stmt_span = dir.span;
        self.open.push(Open::Acc(kind));
        let body = self.block();
        self.open.pop();
        let what = format!("`{}` construct", kind.name());
        let end_span = match self.close_construct(Term::AccEnd(kind), &what, head_span) {
            Some(sp) => sp,
            None => Span { lo: self.last_hi, hi: self.last_hi },
        };
        Stmt { kind: StmtKind::Construct { dir, body, end_span }, span: stmt_span.to(end_span) }
    }

    #[inline(never)]
    fn acc_loop(&mut self, dir: Directive, head_span: Span) -> PResult<Option<Stmt>> {
        let kind = dir.kind;
        let stmt_span = dir.span;
        self.skip_eos();
        let is_do = !self.is_assignment()
            && (self.is_name("do") || (matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Colon && self.is_name_at(2, "do")));
        if !is_do {
            let found = self.found_stmt();
            self.diags.push(
                Diagnostic::error("E0014", format!("`!$acc {}` must be followed by a `do` loop", kind.name()), head_span)
                    .with_label(format!("found {found} instead")),
            );
            return Ok(None);
        }
        let Some(do_stmt) = self.stmt() else {
            return Ok(None);
        };
        let mut span = stmt_span.to(do_stmt.span);
        if kind != AccKind::Loop {
            self.skip_eos();
            if let Some(sp) = self.eat_directive_end(kind) {
                span = span.to(sp);
            }
        }
        Ok(Some(Stmt { kind: StmtKind::LoopConstruct { dir, do_stmt: Box::new(do_stmt) }, span }))
    }

    #[inline(never)]
    fn acc_atomic(&mut self, dir: Directive, atomic_kind: AtomicKind, head_span: Span) -> PResult<Option<Stmt>> {
        let stmt_span = dir.span;
        self.skip_eos();
        if self.terminator().is_some() || self.is(&Tok::DirectiveStart) {
            let found = self.found_stmt();
            self.diags.push(
                Diagnostic::error("E0014", "`!$acc atomic` must be followed by an assignment statement", head_span)
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
        if let Some(sp) = self.eat_directive_end(AccKind::Atomic) {
            span = span.to(sp);
        } else if atomic_kind == AtomicKind::Capture && self.terminator().is_none() && !self.is(&Tok::DirectiveStart) {
            if let Some(s) = self.stmt() {
                span = span.to(s.span);
                body.push(s);
            }
            self.skip_eos();
            self.open.push(Open::Atomic);
            if let Some(sp) = self.close_construct(Term::AccEnd(AccKind::Atomic), "`atomic capture` construct", head_span) {
                span = span.to(sp);
            }
            self.open.pop();
        }
        Ok(Some(Stmt { kind: StmtKind::Atomic { dir, kind: atomic_kind, body }, span }))
    }

    /// Consumes `!$acc end <kind>` if it is the current statement; returns its span.
    fn eat_directive_end(&mut self, kind: AccKind) -> Option<Span> {
        if self.terminator() != Some(Term::AccEnd(kind)) {
            return None;
        }
        let sp = self.statement_span();
        self.skip_statement();
        Some(sp)
    }

    /// If the directive line at the current position is `!$acc end ...`, which end it is.
    pub(crate) fn directive_end(&self) -> Option<Term> {
        if !self.is_name_at(1, "end") {
            return None;
        }
        let words: Vec<&str> = (2..5)
            .map_while(|i| match self.tok_at(i) {
                Tok::Name(n) => Some(n.as_str()),
                _ => None,
            })
            .collect();
        let k = match words.as_slice() {
            ["parallel", "loop", ..] => AccKind::ParallelLoop,
            ["kernels", "loop", ..] => AccKind::KernelsLoop,
            ["serial", "loop", ..] => AccKind::SerialLoop,
            ["parallel", ..] => AccKind::Parallel,
            ["kernels", ..] => AccKind::Kernels,
            ["serial", ..] => AccKind::Serial,
            ["data", ..] => AccKind::Data,
            ["atomic", ..] => AccKind::Atomic,
            ["host_data", ..] => AccKind::HostData,
            ["loop", ..] => AccKind::Loop,
            _ => return Some(Term::AccEndUnknown),
        };
        Some(Term::AccEnd(k))
    }
}
