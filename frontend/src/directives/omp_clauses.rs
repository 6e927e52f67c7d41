//! The OpenMP clause table: every clause name with how it is parsed, shared by all OpenMP
//! directives, and the functions that parse the clauses with their own syntax. Clauses
//! with an OpenACC twin (`private`, `reduction`, `collapse`, `if`, ...) become the same
//! [`ClauseKind`]; where a clause may appear is checked by semantic analysis.

use super::{Clause, ClauseTable, Syntax};
use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Fail, PResult, Parser};

/// The clauses of OpenMP, in the order in which they are offered as suggestions.
pub(super) static OPENMP: ClauseTable<ClauseKind> = ClauseTable {
    language: "OpenMP",
    clauses: &[
        Clause { name: "map", syntax: Syntax::Own(Parser::omp_clause_map) },
        Clause { name: "private", syntax: Syntax::VarList(ClauseKind::Private) },
        Clause { name: "firstprivate", syntax: Syntax::VarList(ClauseKind::Firstprivate) },
        Clause { name: "lastprivate", syntax: Syntax::VarList(ClauseKind::Lastprivate) },
        Clause { name: "shared", syntax: Syntax::VarList(ClauseKind::Shared) },
        Clause { name: "default", syntax: Syntax::Own(Parser::omp_clause_default) },
        Clause { name: "reduction", syntax: Syntax::Own(Parser::omp_clause_reduction) },
        Clause { name: "collapse", syntax: Syntax::Expr(ClauseKind::Collapse) },
        Clause { name: "num_teams", syntax: Syntax::Expr(ClauseKind::NumTeams) },
        Clause { name: "thread_limit", syntax: Syntax::Expr(ClauseKind::ThreadLimit) },
        Clause { name: "num_threads", syntax: Syntax::Expr(ClauseKind::NumThreads) },
        Clause { name: "if", syntax: Syntax::Own(Parser::omp_clause_if) },
        Clause { name: "device", syntax: Syntax::Own(Parser::omp_clause_device) },
        Clause { name: "nowait", syntax: Syntax::Bare(|| ClauseKind::Nowait) },
        Clause { name: "filter", syntax: Syntax::Expr(ClauseKind::Filter) },
        Clause { name: "copyprivate", syntax: Syntax::VarList(ClauseKind::Copyprivate) },
        Clause { name: "final", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "untied", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "mergeable", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "priority", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "schedule", syntax: Syntax::Own(Parser::omp_clause_schedule) },
        Clause { name: "dist_schedule", syntax: Syntax::Own(Parser::omp_clause_dist_schedule) },
        Clause { name: "simdlen", syntax: Syntax::Expr(ClauseKind::Simdlen) },
        Clause { name: "safelen", syntax: Syntax::Expr(ClauseKind::Safelen) },
        Clause { name: "to", syntax: Syntax::VarList(ClauseKind::To) },
        Clause { name: "from", syntax: Syntax::VarList(ClauseKind::From) },
        Clause { name: "depend", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "defaultmap", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "is_device_ptr", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "has_device_addr", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "use_device_ptr", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "use_device_addr", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "allocate", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "in_reduction", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "linear", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "aligned", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "nontemporal", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "order", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "bind", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "proc_bind", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "copyin", syntax: Syntax::VarList(ClauseKind::Copyin) },
        Clause { name: "ordered", syntax: Syntax::Own(Parser::omp_ordered_clause) },
        Clause { name: "uses_allocators", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "seq_cst", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "relaxed", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "acq_rel", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "acquire", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "release", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "hint", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
    ],
    unlisted: &[],
};

impl Parser {
    /// `map([map-type:] list)`: `to`, `from`, `tofrom` (also without a type), `alloc`,
    /// `release`, `delete`; the modifiers `always`, `close`, `present`, `mapper` are not
    /// supported yet.
    fn omp_clause_map(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        if let (Tok::Name(m), Tok::Comma | Tok::LParen) = (self.tok().clone(), self.tok_at(1).clone()) {
            if ["always", "close", "present", "mapper", "iterator"].contains(&m.as_str()) {
                self.skip_to_rparen();
                return Ok(ClauseKind::Unsupported(format!("map({m})")));
            }
        }
        let mut ty = MapType::Tofrom;
        if let (Tok::Name(t), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
            let sp = self.span();
            ty = match t.as_str() {
                "to" => MapType::To,
                "from" => MapType::From,
                "tofrom" => MapType::Tofrom,
                "alloc" => MapType::Alloc,
                "release" => MapType::Release,
                "delete" => MapType::Delete,
                "always" | "close" | "present" => {
                    self.skip_to_rparen();
                    return Ok(ClauseKind::Unsupported(format!("map({t}:)")));
                }
                _ => {
                    self.diags.push(
                        Diagnostic::error("E0023", format!("unknown map type `{t}`"), sp)
                            .with_label("expected `to`, `from`, `tofrom`, `alloc`, `release` or `delete`"),
                    );
                    return Err(Fail);
                }
            };
            self.bump();
            self.bump();
        }
        Ok(ClauseKind::Map(ty, self.var_items()?))
    }

    /// `default(shared|none|private|firstprivate)`.
    fn omp_clause_default(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let v = self.expect_name("`shared`, `none`, `private` or `firstprivate`")?;
        if !["shared", "none", "private", "firstprivate"].contains(&v.name.as_str()) {
            self.diags.push(
                Diagnostic::error("E0023", format!("`default({})` is not valid", v.name), v.span)
                    .with_label("expected `shared`, `none`, `private` or `firstprivate`"),
            );
            return Err(Fail);
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::OmpDefault(v.name))
    }

    /// `reduction([modifier,] op: list)`: the operators are OpenACC's and `-` (OpenMP's
    /// deprecated spelling of `+`); the modifiers `inscan`, `task`, `default` are not
    /// supported yet.
    fn omp_clause_reduction(&mut self, name: &str) -> PResult<ClauseKind> {
        if (self.tok_at(1), self.tok_at(2)) == (&Tok::Minus, &Tok::Colon) {
            self.expect(&Tok::LParen)?;
            self.bump();
            self.bump();
            return Ok(ClauseKind::Reduction(RedOp::Add, self.var_items()?));
        }
        if let (Tok::Name(m), Tok::Comma) = (self.tok_at(1).clone(), self.tok_at(2).clone()) {
            if ["inscan", "task", "default"].contains(&m.as_str()) {
                self.skip_parens();
                return Ok(ClauseKind::Unsupported(format!("reduction({m},)")));
            }
        }
        self.clause_reduction(name)
    }

    /// `if([directive-name:] condition)`.
    fn omp_clause_if(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        // `if(target: c)`, `if(target data: c)`, `if(parallel: c)`
        let mut i = 0;
        while matches!(self.tok_at(i), Tok::Name(_)) {
            i += 1;
        }
        if i > 0 && self.tok_at(i) == &Tok::Colon {
            for _ in 0..=i {
                self.bump();
            }
        }
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::If(e))
    }

    /// `device([device_num:] n)`; `device(ancestor: n)` is not supported yet.
    fn omp_clause_device(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        if let (Tok::Name(m), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
            if m == "ancestor" {
                self.skip_to_rparen();
                return Ok(ClauseKind::Unsupported("device(ancestor:)".into()));
            }
            self.bump();
            self.bump();
        }
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::DeviceExpr(e))
    }

    /// `schedule([modifier[, modifier]:] kind[, chunk])`: the kind as written.
    fn omp_clause_schedule(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let mut kind = self.expect_name("a schedule kind")?;
        while self.eat(&Tok::Comma) || self.eat(&Tok::Colon) {
            if self.is(&Tok::RParen) {
                break;
            }
            if let (Tok::Name(_), Tok::Comma | Tok::Colon | Tok::RParen) = (self.tok().clone(), self.tok_at(1).clone()) {
                // a modifier (`monotonic`, `simd`) before the kind, or the kind after them
                kind = self.expect_name("a schedule kind")?;
                continue;
            }
            let chunk = self.expr()?;
            self.expect(&Tok::RParen)?;
            return Ok(ClauseKind::Schedule(kind.name, Some(chunk)));
        }
        if !["static", "dynamic", "guided", "auto", "runtime"].contains(&kind.name.as_str()) {
            self.diags.push(
                Diagnostic::error("E0023", format!("unknown schedule kind `{}`", kind.name), kind.span)
                    .with_label("expected `static`, `dynamic`, `guided`, `auto` or `runtime`"),
            );
            return Err(Fail);
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Schedule(kind.name, None))
    }

    /// `dist_schedule(static[, chunk])`.
    fn omp_clause_dist_schedule(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let kind = self.expect_name("`static`")?;
        if kind.name != "static" {
            self.diags.push(
                Diagnostic::error("E0023", format!("unknown dist_schedule kind `{}`", kind.name), kind.span)
                    .with_label("expected `static`"),
            );
            return Err(Fail);
        }
        let chunk = if self.eat(&Tok::Comma) { Some(self.expr()?) } else { None };
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::DistSchedule(chunk))
    }

    /// A clause recognised but not supported yet, with its argument (if any) skipped.
    /// `ordered` on a loop; `ordered(n)` (doacross loops) is not implemented yet.
    fn omp_ordered_clause(&mut self, name: &str) -> PResult<ClauseKind> {
        if self.is(&Tok::LParen) {
            return self.omp_clause_not_yet("ordered(n)").map(|_| ClauseKind::Unsupported(format!("{name}(n)")));
        }
        Ok(ClauseKind::OmpOrdered)
    }

    fn omp_clause_not_yet(&mut self, name: &str) -> PResult<ClauseKind> {
        if self.is(&Tok::LParen) && !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        Ok(ClauseKind::Unsupported(name.to_string()))
    }
}
