//! The stack of open constructs and the statements that end them: recognising an end,
//! parsing a block up to it, and reporting missing or stray ends.

use super::{unit_keyword, Parser};
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;

/// Deepest nesting of block constructs.
pub(super) const MAX_BLOCK_DEPTH: usize = 64;

/// A construct that is open while its body is parsed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Open {
    /// A program unit (its specification and executable parts).
    Unit(UnitKind),
    Do,
    If,
    /// `select case`.
    Select,
    /// `block`.
    Block,
    /// `associate`.
    Associate,
    /// A directive construct (OpenACC or OpenMP).
    Dir(DirKind),
    /// `!$acc atomic capture` / `!$omp atomic capture` block.
    Atomic,
    /// A `where` construct.
    Where,
    /// A `forall` construct.
    Forall,
}

/// A statement that ends (part of) a construct.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Term {
    /// `end`, `end program`, `end subroutine`, ... (`None` for a bare `end`).
    EndUnit(Option<UnitKind>),
    /// `contains`.
    Contains,
    /// The header of another program unit (`subroutine s`, `module m`, ...).
    UnitStart,
    EndDo,
    EndIf,
    Else,
    ElseIf,
    /// `case (...)` or `case default` inside `select case`.
    Case,
    /// `elsewhere` / `else where` inside a `where` construct.
    ElseWhere,
    /// `end subroutine`, `end select`, ...: nothing here can open these.
    EndOther(String),
    /// `!$acc end <kind>`, `!$omp end <kind>`.
    DirEnd(DirKind),
    /// `!$acc end <something unknown>` (or `!$omp end ...`): the sentinel.
    DirEndUnknown(&'static str),
    Eof,
}

impl Term {
    pub(super) fn describe(&self) -> String {
        match self {
            Term::EndUnit(None) => "`end`".into(),
            Term::EndUnit(Some(k)) => format!("`end {}`", unit_keyword(*k)),
            Term::Contains => "`contains`".into(),
            Term::UnitStart => "the start of another program unit".into(),
            Term::EndDo => "`end do`".into(),
            Term::EndIf => "`end if`".into(),
            Term::Else => "`else`".into(),
            Term::ElseIf => "`else if`".into(),
            Term::Case => "`case`".into(),
            Term::ElseWhere => "`elsewhere`".into(),
            Term::EndOther(w) => format!("`end {w}`"),
            Term::DirEnd(k) => format!("`{} end {}`", k.sentinel(), k.name()),
            Term::DirEndUnknown(s) => format!("`{s} end`"),
            Term::Eof => "end of file".into(),
        }
    }
    fn matches(&self, o: Open) -> bool {
        match (self, o) {
            (Term::EndUnit(_) | Term::Contains | Term::UnitStart, Open::Unit(_)) => true,
            (Term::EndDo, Open::Do) => true,
            (Term::EndIf | Term::Else | Term::ElseIf, Open::If) => true,
            (Term::Case, Open::Select) => true,
            (Term::ElseWhere, Open::Where) => true,
            (Term::EndOther(w), Open::Where) => w == "where",
            (Term::EndOther(w), Open::Forall) => w == "forall",
            (Term::EndOther(w), Open::Select) => w == "select",
            (Term::EndOther(w), Open::Block) => w == "block",
            (Term::EndOther(w), Open::Associate) => w == "associate",
            (Term::DirEnd(k), Open::Dir(o)) => *k == o,
            (Term::DirEnd(DirKind::Acc(AccKind::Atomic) | DirKind::Omp(OmpKind::Atomic)), Open::Atomic) => true,
            _ => false,
        }
    }
    /// `end do`, `end if`, `else`: ends of Fortran constructs (as opposed to directives).
    fn is_fortran_block_end(&self) -> bool {
        matches!(self, Term::EndDo | Term::EndIf | Term::Else | Term::ElseIf)
    }
}

impl Parser {
    /// If the current statement ends a construct, which end it is.
    pub(crate) fn terminator(&self) -> Option<Term> {
        match self.tok() {
            Tok::Eof => return Some(Term::Eof),
            Tok::DirectiveStart => return self.directive_end(),
            Tok::OmpDirectiveStart => return self.omp_directive_end(),
            _ => {}
        }
        if self.is_assignment() {
            return None;
        }
        let Tok::Name(w) = self.tok() else {
            return None;
        };
        if self.at_unit_start() {
            return Some(Term::UnitStart);
        }
        match w.as_str() {
            "contains" if matches!(self.tok_at(1), Tok::Eos | Tok::Eof) => Some(Term::Contains),
            "end" => match self.tok_at(1) {
                Tok::Eos | Tok::Eof => Some(Term::EndUnit(None)),
                Tok::Name(n) => Some(match n.as_str() {
                    "program" => Term::EndUnit(Some(UnitKind::Program)),
                    "module" => Term::EndUnit(Some(UnitKind::Module)),
                    "subroutine" => Term::EndUnit(Some(UnitKind::Subroutine)),
                    "function" => Term::EndUnit(Some(UnitKind::Function)),
                    "blockdata" => Term::EndUnit(Some(UnitKind::BlockData)),
                    "block" if self.is_name_at(2, "data") => Term::EndUnit(Some(UnitKind::BlockData)),
                    "do" => Term::EndDo,
                    "if" => Term::EndIf,
                    other => Term::EndOther(other.to_string()),
                }),
                _ => None,
            },
            "endprogram" => Some(Term::EndUnit(Some(UnitKind::Program))),
            "endmodule" => Some(Term::EndUnit(Some(UnitKind::Module))),
            "endsubroutine" => Some(Term::EndUnit(Some(UnitKind::Subroutine))),
            "endfunction" => Some(Term::EndUnit(Some(UnitKind::Function))),
            "endblockdata" => Some(Term::EndUnit(Some(UnitKind::BlockData))),
            "enddo" => Some(Term::EndDo),
            "endif" => Some(Term::EndIf),
            "else" if self.is_name_at(1, "if") => Some(Term::ElseIf),
            "else" if self.is_name_at(1, "where") => Some(Term::ElseWhere),
            "elsewhere" => Some(Term::ElseWhere),
            "else" => Some(Term::Else),
            "elseif" => Some(Term::ElseIf),
            "case" if matches!(self.tok_at(1), Tok::LParen) || self.is_name_at(1, "default") => Some(Term::Case),
            // The type guards of `select type`: `type is (t)`, `class is (t)`, `class default`.
            "type" | "class" if self.is_name_at(1, "is") && self.tok_at(2) == &Tok::LParen => Some(Term::Case),
            "class" if self.is_name_at(1, "default") && matches!(self.tok_at(2), Tok::Eos | Tok::Eof | Tok::Name(_)) => Some(Term::Case),
            w if w.starts_with("end") && w.len() > 3 && matches!(self.tok_at(1), Tok::Eos | Tok::Eof | Tok::Name(_)) => {
                let rest = &w[3..];
                if ["select", "where", "forall", "block", "associate", "type", "interface"].contains(&rest) {
                    Some(Term::EndOther(rest.to_string()))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Does the end statement `t` end the block being parsed: it closes a construct that is
    /// open, or it is a Fortran block end where a `do` or `if` is innermost (a mismatch the
    /// construct reports)?
    pub(super) fn ends_block(&self, t: &Term) -> bool {
        let top = self.open.last().copied();
        let closes_open = *t == Term::Eof || self.open.iter().any(|o| t.matches(*o));
        let fortran_mismatch = t.is_fortran_block_end() && matches!(top, Some(Open::Do | Open::If));
        closes_open || fortran_mismatch
    }

    /// Is the current statement `end <what>` or `end<what>` (`end type`, `endinterface`)?
    pub(super) fn at_end_of(&self, what: &str) -> bool {
        matches!(self.tok(), Tok::Name(n) if n.strip_prefix("end") == Some(what)) || (self.is_name("end") && self.is_name_at(1, what))
    }

    /// Parses statements until a terminator that closes an open construct (not consumed).
    pub(crate) fn block(&mut self) -> Vec<Stmt> {
        let mut out = Vec::new();
        loop {
            self.skip_eos();
            if let Some(t) = self.terminator() {
                if self.ends_block(&t) {
                    return out;
                }
                // A stray end: report it once and go on.
                self.stray_end(t);
                self.skip_statement();
                continue;
            }
            if let Some(s) = self.stmt() {
                out.push(s);
            }
        }
    }

    /// Reports a construct end that closes nothing open (not inlined: `block` recurses).
    #[inline(never)]
    pub(super) fn stray_end(&mut self, t: Term) {
        // The end of a construct already reported as "not yet implemented" (`!$omp end
        // taskloop`, `!$omp end metadirective`): nothing more to say.
        if let Term::DirEnd(DirKind::Omp(OmpKind::NotYet(..))) = t {
            return;
        }
        let sp = self.statement_span();
        let msg = match &t {
            Term::EndDo => "`end do` without a matching `do`".to_string(),
            Term::EndIf => "`end if` without a matching `if`".to_string(),
            Term::Else | Term::ElseIf => {
                format!("{} without a matching `if`", t.describe())
            }
            Term::DirEnd(k) => format!("`{s} end {n}` without a matching `{s} {n}`", s = k.sentinel(), n = k.name()),
            Term::DirEndUnknown(s) => format!("unknown `{s} end` directive"),
            other => format!("{} without a matching construct", other.describe()),
        };
        let mut d = Diagnostic::error("E0012", msg, sp).with_label("nothing to end here");
        let loop_end = match t {
            Term::DirEnd(k @ DirKind::Acc(AccKind::ParallelLoop | AccKind::KernelsLoop | AccKind::SerialLoop)) => Some(k),
            Term::DirEnd(k @ DirKind::Omp(OmpKind::Leaves(l))) if l.is_loop() => Some(k),
            _ => None,
        };
        if let Some(k) = loop_end {
            d = d.with_note(format!(
                "note: `{s} end {n}` may only follow the `do` loop of a `{s} {n}` directive",
                s = k.sentinel(),
                n = k.name()
            ));
        }
        self.diags.push(d);
    }

    /// Consumes the construct's end statement if it is `want` (returning its span; an
    /// `!$acc end` statement is consumed whole, `end do`/`end if` only up to the keywords);
    /// otherwise reports the construct opened at `open_span` as never closed.
    pub(crate) fn close_construct(&mut self, want: Term, what: &str, open_span: Span) -> Option<Span> {
        let t = self.terminator();
        let sp = self.statement_span();
        match t {
            Some(t) if t == want => {
                if matches!(t, Term::DirEnd(_)) {
                    self.skip_statement();
                } else if self.is_name("end") {
                    self.bump();
                    self.bump();
                } else {
                    self.bump();
                }
                Some(sp)
            }
            Some(t) if t != Term::Eof && !self.open.iter().any(|o| t.matches(*o)) && t.is_fortran_block_end() => {
                // `end if` where `end do` belongs: take it as the end of this construct.
                self.diags.push(
                    Diagnostic::error("E0011", format!("expected {}, found {}", want.describe(), t.describe()), sp)
                        .with_label(format!("this should be {}", want.describe())),
                );
                self.skip_statement();
                None
            }
            _ if self.aborted => None,
            _ => {
                self.diags.push(
                    Diagnostic::error("E0010", format!("missing {} for this {what}", want.describe()), open_span)
                        .with_label(format!("this {what} is never closed")),
                );
                None
            }
        }
    }
}
