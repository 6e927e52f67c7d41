//! The OpenACC clause table: every clause name (and its old spellings) with how it is
//! parsed, shared by all directives, and the functions that parse the clauses with their
//! own syntax. Where a clause may appear is checked by semantic analysis.

use super::{Clause, ClauseTable, Syntax};
use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Fail, PResult, Parser};

/// The clauses of OpenACC, in the order in which they are offered as suggestions.
pub(super) static OPENACC: ClauseTable<ClauseKind> = ClauseTable {
    language: "OpenACC",
    clauses: &[
        Clause { name: "gang", syntax: Syntax::Own(Parser::clause_gang) },
        Clause { name: "worker", syntax: Syntax::Own(Parser::clause_worker) },
        Clause { name: "vector", syntax: Syntax::Own(Parser::clause_vector) },
        Clause { name: "seq", syntax: Syntax::Bare(|| ClauseKind::Seq) },
        Clause { name: "auto", syntax: Syntax::Bare(|| ClauseKind::Auto) },
        Clause { name: "independent", syntax: Syntax::Bare(|| ClauseKind::Independent) },
        Clause { name: "collapse", syntax: Syntax::Own(Parser::clause_collapse) },
        Clause { name: "num_gangs", syntax: Syntax::Own(Parser::clause_num_gangs) },
        Clause { name: "num_workers", syntax: Syntax::Expr(ClauseKind::NumWorkers) },
        Clause { name: "vector_length", syntax: Syntax::Expr(ClauseKind::VectorLength) },
        Clause { name: "reduction", syntax: Syntax::Own(Parser::clause_reduction) },
        Clause { name: "copy", syntax: Syntax::VarList(ClauseKind::Copy) },
        Clause { name: "copyin", syntax: Syntax::VarList(ClauseKind::Copyin) },
        Clause { name: "copyout", syntax: Syntax::VarList(ClauseKind::Copyout) },
        Clause { name: "create", syntax: Syntax::VarList(ClauseKind::Create) },
        Clause { name: "delete", syntax: Syntax::VarList(ClauseKind::Delete) },
        Clause { name: "present", syntax: Syntax::VarList(ClauseKind::Present) },
        Clause { name: "no_create", syntax: Syntax::VarList(ClauseKind::NoCreate) },
        Clause { name: "private", syntax: Syntax::VarList(ClauseKind::Private) },
        Clause { name: "firstprivate", syntax: Syntax::VarList(ClauseKind::Firstprivate) },
        Clause { name: "self", syntax: Syntax::Own(Parser::clause_self) },
        Clause { name: "host", syntax: Syntax::Own(Parser::clause_self) },
        Clause { name: "device", syntax: Syntax::VarList(ClauseKind::Device) },
        Clause { name: "if", syntax: Syntax::Expr(ClauseKind::If) },
        Clause { name: "if_present", syntax: Syntax::Bare(|| ClauseKind::IfPresent) },
        Clause { name: "finalize", syntax: Syntax::Bare(|| ClauseKind::Finalize) },
        Clause { name: "default", syntax: Syntax::Own(Parser::clause_default) },
        Clause { name: "async", syntax: Syntax::Own(Parser::clause_async) },
        Clause { name: "wait", syntax: Syntax::Own(Parser::clause_wait) },
        Clause { name: "device_type", syntax: Syntax::Own(Parser::clause_device_type) },
        Clause { name: "dtype", syntax: Syntax::Own(Parser::clause_device_type) },
        Clause { name: "tile", syntax: Syntax::Own(Parser::clause_tile) },
        Clause { name: "attach", syntax: Syntax::VarList(ClauseKind::Attach) },
        Clause { name: "detach", syntax: Syntax::VarList(ClauseKind::Detach) },
        Clause { name: "deviceptr", syntax: Syntax::VarList(ClauseKind::Deviceptr) },
        Clause { name: "use_device", syntax: Syntax::VarList(ClauseKind::UseDevice) },
        Clause { name: "device_resident", syntax: Syntax::VarList(ClauseKind::DeviceResident) },
        Clause { name: "link", syntax: Syntax::VarList(ClauseKind::Link) },
        Clause { name: "bind", syntax: Syntax::Own(Parser::clause_routine_bind) },
        Clause { name: "nohost", syntax: Syntax::Bare(|| ClauseKind::NoHost) },
        Clause { name: "device_num", syntax: Syntax::Expr(ClauseKind::DeviceNum) },
        Clause { name: "default_async", syntax: Syntax::Expr(ClauseKind::DefaultAsync) },
        // The OpenACC 1.0 spellings of the data clauses.
        Clause { name: "pcopy", syntax: Syntax::VarList(ClauseKind::Copy) },
        Clause { name: "pcopyin", syntax: Syntax::VarList(ClauseKind::Copyin) },
        Clause { name: "pcopyout", syntax: Syntax::VarList(ClauseKind::Copyout) },
        Clause { name: "pcreate", syntax: Syntax::VarList(ClauseKind::Create) },
        Clause { name: "present_or_copy", syntax: Syntax::VarList(ClauseKind::Copy) },
        Clause { name: "present_or_copyin", syntax: Syntax::VarList(ClauseKind::Copyin) },
        Clause { name: "present_or_copyout", syntax: Syntax::VarList(ClauseKind::Copyout) },
        Clause { name: "present_or_create", syntax: Syntax::VarList(ClauseKind::Create) },
        Clause { name: "num", syntax: Syntax::Own(Parser::clause_not_yet) },
        Clause { name: "readonly", syntax: Syntax::Own(Parser::clause_not_yet) },
    ],
    unlisted: &["num", "readonly"],
};

impl Parser {
    /// `num_gangs(n)`, `num_gangs(n1, n2[, n3])`.
    fn clause_num_gangs(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let mut es = vec![self.expr()?];
        while self.eat(&Tok::Comma) {
            es.push(self.expr()?);
        }
        self.expect(&Tok::RParen)?;
        Ok(if es.len() == 1 { ClauseKind::NumGangs(es.remove(0)) } else { ClauseKind::NumGangsDims(es) })
    }

    /// `gang`, `gang(n)`, `gang(num: n)`, `gang(static: k|*)`, `gang(dim: d)`; more than
    /// one argument is not supported yet.
    fn clause_gang(&mut self, _: &str) -> PResult<ClauseKind> {
        if self.is(&Tok::LParen) && self.is_name_at(1, "dim") && matches!(self.tok_at(2), Tok::Colon) {
            let save = self.mark();
            self.bump();
            self.bump();
            self.bump();
            let d = self.expr()?;
            if self.eat(&Tok::RParen) {
                return Ok(ClauseKind::GangDim(d));
            }
            self.reset(save);
        }
        if self.is(&Tok::LParen) && self.is_name_at(1, "static") && matches!(self.tok_at(2), Tok::Colon) {
            let (t3, t4) = (self.tok_at(3).clone(), self.tok_at(4).clone());
            let simple = if t3 == Tok::Star { t4 == Tok::RParen } else { true };
            if simple {
                self.bump();
                self.bump();
                self.bump();
                let k = if self.eat(&Tok::Star) { None } else { Some(self.expr()?) };
                if self.is(&Tok::RParen) {
                    self.bump();
                    return Ok(ClauseKind::GangStatic(k));
                }
                while !self.is(&Tok::RParen) && !self.at_eos() {
                    self.bump();
                }
                self.expect(&Tok::RParen)?;
                return Ok(ClauseKind::Unsupported("gang(static:, num:)".into()));
            }
        }
        Ok(match self.level_arg("num", "gang")? {
            Ok(e) => ClauseKind::Gang(e),
            Err(s) => ClauseKind::Unsupported(s),
        })
    }

    /// `worker`, `worker(n)`, `worker(num: n)`.
    fn clause_worker(&mut self, _: &str) -> PResult<ClauseKind> {
        Ok(match self.level_arg("num", "worker")? {
            Ok(e) => ClauseKind::Worker(e),
            Err(s) => ClauseKind::Unsupported(s),
        })
    }

    /// `vector`, `vector(n)`, `vector(length: n)`.
    fn clause_vector(&mut self, _: &str) -> PResult<ClauseKind> {
        Ok(match self.level_arg("length", "vector")? {
            Ok(e) => ClauseKind::Vector(e),
            Err(s) => ClauseKind::Unsupported(s),
        })
    }

    /// `gang(num: 4)`, `vector(length: 64)`, `worker(4)`: the optional argument.
    fn level_arg(&mut self, keyword: &str, clause: &str) -> PResult<Result<Option<Expr>, String>> {
        if !self.eat(&Tok::LParen) {
            return Ok(Ok(None));
        }
        if let (Tok::Name(k), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
            if k == keyword {
                self.bump();
                self.bump();
            } else if clause == "gang" && (k == "static" || k == "dim") {
                self.bump();
                self.bump();
                if self.is(&Tok::Star) {
                    self.bump();
                } else {
                    self.expr()?;
                }
                // `gang(static: 2, num: 4)`, `gang(dim: 2, static: 3)`: more arguments.
                let more = self.is(&Tok::Comma);
                while !self.is(&Tok::RParen) && !self.at_eos() {
                    self.bump();
                }
                self.expect(&Tok::RParen)?;
                return Ok(Err(if more { format!("gang({k}:, ...)") } else { format!("gang({k}:)") }));
            } else {
                let sp = self.span();
                self.diags.push(
                    Diagnostic::error("E0023", format!("unknown argument `{k}:` of the `{clause}` clause"), sp)
                        .with_label(format!("expected `{keyword}:`")),
                );
                return Err(Fail);
            }
        }
        let e = self.expr()?;
        if clause == "gang" && self.is(&Tok::Comma) {
            // gang(num:4, static:*) and the like
            while !self.is(&Tok::RParen) && !self.at_eos() {
                self.bump();
            }
            self.expect(&Tok::RParen)?;
            return Ok(Err("gang(num:, static:)".into()));
        }
        self.expect(&Tok::RParen)?;
        Ok(Ok(Some(e)))
    }

    /// `collapse(n)`; `collapse(force: n)` is not supported yet.
    fn clause_collapse(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        if self.is_name("force") && self.tok_at(1) == &Tok::Colon {
            self.skip_to_rparen();
            return Ok(ClauseKind::Unsupported("collapse(force:)".into()));
        }
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Collapse(e))
    }

    /// `reduction(op: list)`.
    pub(super) fn clause_reduction(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let osp = self.span();
        let op = match self.tok().clone() {
            Tok::Plus => Some(RedOp::Add),
            Tok::Star => Some(RedOp::Mul),
            Tok::And => Some(RedOp::And),
            Tok::Or => Some(RedOp::Or),
            Tok::Eqv => Some(RedOp::Eqv),
            Tok::Neqv => Some(RedOp::Neqv),
            Tok::Name(n) => match n.as_str() {
                "max" => Some(RedOp::Max),
                "min" => Some(RedOp::Min),
                "iand" => Some(RedOp::Iand),
                "ior" => Some(RedOp::Ior),
                "ieor" => Some(RedOp::Ieor),
                _ => None,
            },
            _ => None,
        };
        let Some(op) = op else {
            if self.tok_at(1) == &Tok::Colon {
                let shown = match self.tok() {
                    Tok::Name(n) => n.clone(),
                    t => t.symbol().to_string(),
                };
                self.diags.push(
                    Diagnostic::error("E0022", format!("unknown reduction operator `{shown}`"), osp)
                        .with_label("not a reduction operator")
                        .with_note("note: the reduction operators are `+`, `*`, `max`, `min`, `iand`, `ior`, `ieor`, `.and.`, `.or.`, `.eqv.` and `.neqv.`"),
                );
                return Err(Fail);
            }
            return Err(self.err_expected("a reduction operator"));
        };
        self.bump();
        self.expect(&Tok::Colon)?;
        let list = self.var_items()?;
        Ok(ClauseKind::Reduction(op, list))
    }

    /// `self(list)` / `host(list)` of `update`; `self` without a list (on compute
    /// constructs) is not supported yet.
    fn clause_self(&mut self, _: &str) -> PResult<ClauseKind> {
        if !self.is(&Tok::LParen) {
            return Ok(ClauseKind::Unsupported("self".into()));
        }
        Ok(ClauseKind::SelfHost(self.var_list()?))
    }

    /// `default(none)` or `default(present)`.
    fn clause_default(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let v = self.expect_name("`none` or `present`")?;
        let k = match v.name.as_str() {
            "none" => ClauseKind::Default(true),
            "present" => ClauseKind::Default(false),
            _ => {
                self.diags.push(
                    Diagnostic::error("E0023", format!("`default({})` is not valid", v.name), v.span)
                        .with_label("expected `none` or `present`"),
                );
                return Err(Fail);
            }
        };
        self.expect(&Tok::RParen)?;
        Ok(k)
    }

    /// `tile(s1, s2, ...)`: the tile sizes (`*`: `None`), the first one for the innermost
    /// loop.
    fn clause_tile(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let mut sizes = Vec::new();
        loop {
            if self.is(&Tok::Star) && matches!(self.tok_at(1), Tok::Comma | Tok::RParen) {
                self.bump();
                sizes.push(None);
            } else {
                sizes.push(Some(self.expr()?));
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Tile(sizes))
    }

    /// `device_type(host, nvidia)`, `dtype(*)`: the device types in lower case.
    fn clause_device_type(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let mut names = Vec::new();
        loop {
            if self.eat(&Tok::Star) {
                names.push("*".to_string());
            } else {
                names.push(self.expect_name("a device type")?.name.to_ascii_lowercase());
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::DeviceType(names))
    }

    /// A clause recognised but not supported yet, with its argument (if any) skipped.
    /// `async`, `async(n)`.
    fn clause_async(&mut self, _: &str) -> PResult<ClauseKind> {
        if !self.eat(&Tok::LParen) {
            return Ok(ClauseKind::Async(None));
        }
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Async(Some(e)))
    }

    /// `wait`, `wait(q1, q2, ...)`, `wait(queues: q1, ...)`; `wait(devnum: n: ...)` is not
    /// supported yet.
    fn clause_wait(&mut self, _: &str) -> PResult<ClauseKind> {
        if !self.is(&Tok::LParen) {
            return Ok(ClauseKind::Wait(Vec::new()));
        }
        self.wait_args()
    }

    /// The parenthesised argument of a `wait` clause or directive (at the `(`).
    pub(super) fn wait_args(&mut self) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        if let (Tok::Name(k), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
            if k == "devnum" {
                while !self.is(&Tok::RParen) && !self.at_eos() {
                    self.bump();
                }
                self.expect(&Tok::RParen)?;
                return Ok(ClauseKind::Unsupported("wait(devnum:)".into()));
            }
            if k == "queues" {
                self.bump();
                self.bump();
            }
        }
        let mut list = vec![self.expr()?];
        while self.eat(&Tok::Comma) {
            list.push(self.expr()?);
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Wait(list))
    }

    /// `bind(name)` or `bind("string")` of `!$acc routine`.
    fn clause_routine_bind(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let b = if let Tok::Str(text) = self.tok_at(0).clone() {
            self.bump();
            RoutineBind::Symbol(text)
        } else {
            RoutineBind::Name(self.expect_name("a procedure name or a character literal")?)
        };
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::RoutineBind(b))
    }

    fn clause_not_yet(&mut self, name: &str) -> PResult<ClauseKind> {
        if self.is(&Tok::LParen) && !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        Ok(ClauseKind::Unsupported(name.to_string()))
    }
}
