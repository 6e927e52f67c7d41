//! OpenACC directives: the directive line (name and clauses), the constructs it opens
//! (`parallel` ... `!$acc end parallel`), the loop and `atomic` statements it applies to, and
//! the `!$acc end ...` statements that close them.

use super::clauses::OPENACC;
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;
use crate::parser::{suggest, Fail, PResult, Parser, Term};

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
        match dir.kind.acc() {
            Some(AccKind::Parallel | AccKind::Kernels | AccKind::Serial | AccKind::Data | AccKind::HostData) => {
                Ok(Some(self.dir_block(dir, head_span)))
            }
            Some(AccKind::Loop | AccKind::ParallelLoop | AccKind::KernelsLoop | AccKind::SerialLoop) => self.dir_loop(dir, head_span),
            Some(AccKind::Atomic) => self.dir_atomic(dir, atomic_kind, head_span),
            _ => {
                let span = dir.span;
                Ok(Some(Stmt { kind: StmtKind::Standalone(dir), span }))
            }
        }
    }

    /// An `!$acc routine [(name)] clauses` line of a specification part.
    pub(crate) fn routine_directive(&mut self) -> PResult<AccRoutine> {
        let start = self.bump().span; // !$acc
        self.bump(); // routine
        let mut name = None;
        if self.eat(&Tok::LParen) {
            name = Some(self.expect_name("the name of a procedure")?);
            if !self.eat(&Tok::RParen) {
                return Err(self.err_expected("`)`"));
            }
        }
        let clauses = self.clauses(&OPENACC).into_iter().map(|(kind, span)| Clause { kind, span }).collect();
        let span = self.from(start);
        self.eat(&Tok::Eos);
        Ok(AccRoutine { name, dir: Directive { kind: DirKind::Acc(AccKind::Routine), clauses, span } })
    }

    /// An `!$acc declare clauses` line of a specification part.
    pub(crate) fn declare_directive(&mut self) -> PResult<Directive> {
        let (dir, _, _) = self.directive_head()?;
        Ok(dir)
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
        let atomic_kind = if kind == AccKind::Atomic { self.atomic_clause() } else { AtomicKind::Update };
        // `wait(1, 2)`: the queues, kept as a `wait` clause ahead of the others (`wait`
        // alone: an empty list, every queue).
        let mut wait_arg = None;
        if kind == AccKind::Wait {
            let at = self.span();
            let w = if self.is(&Tok::LParen) { self.wait_args()? } else { ClauseKind::Wait(Vec::new()) };
            wait_arg = Some(Clause { kind: w, span: self.from(at) });
        }
        // `cache(a(1:n))`, `routine(name)`: an argument list right after the name.
        if matches!(kind, AccKind::Cache | AccKind::Routine) && self.is(&Tok::LParen) && !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        let head_span = self.from(start);
        let clauses = wait_arg.into_iter().chain(self.clauses(&OPENACC).into_iter().map(|(kind, span)| Clause { kind, span })).collect();
        let span = self.from(start);
        self.eat(&Tok::Eos);
        Ok((Directive { kind: DirKind::Acc(kind), clauses, span }, atomic_kind, head_span))
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
            _ => return Some(Term::DirEndUnknown("!$acc")),
        };
        Some(Term::DirEnd(DirKind::Acc(k)))
    }
}
