//! Executable constructs: `if`, `select case`, `do` (counted, `while`, `concurrent`,
//! labelled), `block`, `where`, `forall`, and construct names.

use super::{Fail, Open, PResult, Parser, Term};
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;

/// The loop control of a `do` statement.
enum Header {
    Counted(Ident, Expr, Expr, Option<Expr>),
    While(Expr),
    /// `do concurrent (specs [, mask])`.
    Concurrent(Vec<ConcurrentSpec>, Option<Expr>, Locality),
}

impl Parser {
    /// `(cond)` of `if`, `else if`, `do while`.
    fn paren_cond(&mut self) -> PResult<Expr> {
        self.expect(&Tok::LParen)?;
        let c = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(c)
    }

    pub(super) fn if_construct(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        let if_kw = self.bump().span;
        let cond = match self.paren_cond() {
            Ok(c) => c,
            Err(Fail) => {
                // If this was `if (...) then`, parse the block anyway so that its `end if`
                // is not reported as stray.
                let mut i = 0;
                while !matches!(self.tok_at(i), Tok::Eos | Tok::Eof) {
                    i += 1;
                }
                if i > 0 && self.is_name_at(i - 1, "then") {
                    while self.pos + 1 < self.toks.len() && !matches!(self.tok_at(1), Tok::Eos | Tok::Eof) {
                        self.bump();
                    }
                    Expr { kind: ExprKind::Logical(false), span: if_kw, ty: Ty::Unknown }
                } else {
                    return Err(Fail);
                }
            }
        };
        if matches!(self.tok(), Tok::Int(..)) && self.tok_at(1) == &Tok::Comma && name.is_none() {
            // Arithmetic `if (e) l1, l2, l3`: to l1, l2 or l3 as `e` is negative, zero or
            // positive (`e` is evaluated up to twice).
            let (l1, s1) = self.label_ref()?;
            self.expect(&Tok::Comma)?;
            let (l2, s2) = self.label_ref()?;
            self.expect(&Tok::Comma)?;
            let (l3, s3) = self.label_ref()?;
            self.expect_eos()?;
            let zero = Expr { kind: ExprKind::Int(0, 4), span: cond.span, ty: Ty::Unknown };
            let cmp = |op: BinOp| Expr {
                kind: ExprKind::Binary(op, Box::new(cond.clone()), Box::new(zero.clone())),
                span: cond.span,
                ty: Ty::Unknown,
            };
            let go = |l: u32, sp: Span| vec![Stmt { kind: StmtKind::GoTo(l), span: sp }];
            let arms = vec![(cmp(BinOp::Lt), go(l1, s1)), (cmp(BinOp::Eq), go(l2, s2))];
            return Ok(Stmt { kind: StmtKind::If { name, arms, else_body: Some(go(l3, s3)) }, span: self.from(start) });
        }
        if !(self.is_name("then") && matches!(self.tok_at(1), Tok::Eos | Tok::Eof)) {
            // One-line `if (c) stmt`.
            if self.at_eos() {
                return Err(self.err_expected("`then` or a statement"));
            }
            let inner_start = self.span();
            let forbidden = self.terminator().is_some()
                || matches!(self.tok(), Tok::DirectiveStart | Tok::OmpDirectiveStart)
                || (!self.is_assignment()
                    && matches!(self.tok(), Tok::Name(n) if ["if", "do", "select", "contains", "integer", "real", "logical", "character", "double", "implicit"].contains(&n.as_str())));
            if forbidden {
                let sp = self.statement_span();
                self.diags.push(
                    Diagnostic::error("E0017", "this statement cannot follow a one-line `if`", sp)
                        .with_label("not allowed here")
                        .with_note("help: use an `if (...) then` ... `end if` block"),
                );
                return Err(Fail);
            }
            let inner = match self.stmt_inner()? {
                Some(s) => s,
                None => return Err(Fail),
            };
            let _ = inner_start;
            if let Some(n) = &name {
                self.diags.push(
                    Diagnostic::error("E0013", format!("the one-line `if` statement cannot have a construct name (`{}`)", n.name), n.span)
                        .with_label("only `if (...) then` constructs can be named"),
                );
                return Err(Fail);
            }
            return Ok(Stmt { kind: StmtKind::If { name, arms: vec![(cond, vec![inner])], else_body: None }, span: self.from(start) });
        }
        self.bump();
        self.expect_eos()?;
        let open_span = self.from(start);
        let mut arms = Vec::new();
        let mut else_body = None;
        let mut cond = cond;
        self.open.push(Open::If);
        loop {
            let body = self.block();
            arms.push((cond, body));
            match self.terminator() {
                Some(Term::ElseIf) => {
                    let kw = self.bump();
                    if matches!(kw.tok, Tok::Name(ref n) if n == "else") {
                        self.bump();
                    }
                    let c = match self.paren_cond().and_then(|c| {
                        if !self.eat_name("then") {
                            return Err(self.err_expected("`then`"));
                        }
                        self.inner_construct_name(&name, "else if");
                        self.expect_eos()?;
                        Ok(c)
                    }) {
                        Ok(c) => c,
                        Err(Fail) => {
                            self.skip_statement();
                            Expr { kind: ExprKind::Logical(false), span: kw.span, ty: Ty::Unknown }
                        }
                    };
                    cond = c;
                }
                Some(Term::Else) => {
                    self.bump();
                    self.inner_construct_name(&name, "else");
                    if self.expect_eos().is_err() {
                        self.skip_statement();
                    }
                    let body = self.block();
                    else_body = Some(body);
                    break;
                }
                _ => break,
            }
        }
        // After `else`, a stray second `else` is reported by the loop above only once.
        while matches!(self.terminator(), Some(Term::Else | Term::ElseIf)) {
            let sp = self.statement_span();
            self.diags.push(Diagnostic::error("E0012", "`else` after `else`", sp).with_label("not allowed after `else`"));
            self.skip_statement();
            let more = self.block();
            if let Some(b) = else_body.as_mut() {
                b.extend(more);
            }
        }
        self.open.pop();
        if self.close_construct(Term::EndIf, "`if` construct", open_span).is_some() {
            self.end_construct_name(&name, "end if", "`if` construct");
        }
        Ok(Stmt { kind: StmtKind::If { name, arms, else_body }, span: self.from(start) })
    }

    /// The optional construct name after an end statement (`end select outer`) and the end
    /// of that statement; reports a name that differs from the construct's.
    #[inline(never)]
    fn end_construct_name(&mut self, name: &Option<Ident>, end: &str, what: &str) {
        let end_name = match self.tok().clone() {
            Tok::Name(n) => Some(Ident { name: n, span: self.bump().span }),
            _ => None,
        };
        match (name, end_name) {
            (Some(n), Some(e)) if n.name != e.name => self.diags.push(
                Diagnostic::error("E0013", format!("`{end}` names `{}`, but the {what} is named `{}`", e.name, n.name), e.span)
                    .with_label(format!("expected `{}`", n.name)),
            ),
            (None, Some(e)) => self.diags.push(
                Diagnostic::error("E0013", format!("`{end}` names `{}`, but the {what} has no name", e.name), e.span)
                    .with_label("unexpected name"),
            ),
            (Some(n), None) => self.diags.push(
                Diagnostic::error("E0013", format!("missing the construct name `{}` after `{end}`", n.name), self.from(self.span()))
                    .with_label(format!("expected `{end} {}`", n.name)),
            ),
            _ => {}
        }
        if self.expect_eos().is_err() {
            self.skip_statement();
        }
    }

    /// `[name:] select case (selector)`, its `case` blocks and `end select [name]`.
    #[inline(never)]
    pub(super) fn select_case(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        if self.is_name("select") && self.is_name_at(1, "type") && self.tok_at(2) == &Tok::LParen {
            return self.select_type(name, start);
        }
        if self.is_name("select") && self.is_name_at(1, "rank") && self.tok_at(2) == &Tok::LParen {
            let what = "`select rank` constructs";
            let sp = self.span().to(self.span_at(1));
            self.diags.push(Diagnostic::not_yet(what, sp));
            self.skip_select_construct();
            return Err(Fail);
        }
        if self.bump().tok == Tok::Name("select".into()) && !self.eat_name("case") {
            return Err(self.err_expected("`case` after `select`"));
        }
        let selector = self.paren_cond()?;
        self.expect_eos()?;
        let open_span = self.from(start);
        let mut cases: Vec<CaseBlock> = Vec::new();
        self.open.push(Open::Select);
        self.skip_eos();
        // Statements before the first `case` are not allowed.
        if self.terminator().is_none() {
            let sp = self.statement_span();
            self.diags.push(
                Diagnostic::error("E0025", "expected `case` or `end select` after `select case`", sp)
                    .with_label("statement outside of any `case`"),
            );
            let _ = self.block();
        }
        while self.terminator() == Some(Term::Case) {
            let case_start = self.span();
            let values = match self.case_stmt(&name) {
                Ok(v) => v,
                Err(Fail) => {
                    self.skip_statement();
                    Some(Vec::new())
                }
            };
            let span = self.from(case_start);
            let body = self.block();
            cases.push(CaseBlock { values, body, span });
        }
        self.open.pop();
        if self.close_construct(Term::EndOther("select".into()), "`select case` construct", open_span).is_some() {
            self.end_construct_name(&name, "end select", "`select case` construct");
        }
        Ok(Stmt { kind: StmtKind::SelectCase { name, selector, cases }, span: open_span })
    }

    /// `select type ([a =>] x)`, its type guards and `end select`: each guard's block sees
    /// the associate name (`a`, else `x`) renamed `a@bN`.
    #[inline(never)]
    fn select_type(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        self.bump();
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut assoc = None;
        if matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Assign && self.tok_at(2) == &Tok::Gt {
            assoc = Some(self.expect_name("an associate name")?);
            self.bump();
            self.bump();
        }
        let selector = self.expr()?;
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        let assoc = match (assoc, &selector.kind) {
            (Some(a), _) => a,
            // (The name as written: a selector that is itself an associate or block name
            // has been renamed already, and the guards rename the written name.)
            (None, ExprKind::Name(id)) => {
                let written = self.block_scope.renames.iter().rev().find(|(_, to)| *to == id.name).map(|(from, _)| from.clone());
                Ident { name: written.unwrap_or_else(|| id.name.clone()), span: id.span }
            }
            (None, _) => {
                self.diags.push(
                    Diagnostic::error("E0025", "a `select type` selector that is not a name needs an associate name", selector.span)
                        .with_label("write `select type (a => ...)`"),
                );
                return Err(Fail);
            }
        };
        let open_span = self.from(start);
        let mut guards: Vec<TypeGuard> = Vec::new();
        self.open.push(Open::Select);
        self.skip_eos();
        if self.terminator().is_none() {
            let sp = self.statement_span();
            self.diags.push(
                Diagnostic::error("E0025", "expected a type guard or `end select` after `select type`", sp)
                    .with_label("statement outside of any type guard"),
            );
            let _ = self.block();
        }
        while self.terminator() == Some(Term::Case) {
            let gstart = self.span();
            let kind = match self.type_guard() {
                Ok(k) => k,
                Err(Fail) => {
                    self.skip_statement();
                    GuardKind::Default
                }
            };
            let span = self.from(gstart);
            let renames_before = self.block_scope.renames.len();
            self.block_scope.count += 1;
            let to = format!("{}@b{}", assoc.name, self.block_scope.count);
            self.block_scope.renames.push((assoc.name.clone(), to.clone()));
            let body = self.block();
            self.block_scope.renames.truncate(renames_before);
            guards.push(TypeGuard { kind, assoc: Ident { name: to, span: assoc.span }, body, span });
        }
        self.open.pop();
        if self.close_construct(Term::EndOther("select".into()), "`select type` construct", open_span).is_some() {
            self.end_construct_name(&name, "end select", "`select type` construct");
        }
        Ok(Stmt { kind: StmtKind::SelectType { name, selector, guards }, span: open_span })
    }

    /// `type is (t)`, `class is (t)` or `class default` [construct name].
    fn type_guard(&mut self) -> PResult<GuardKind> {
        let w = self.expect_name("a type guard")?;
        let kind = if self.eat_name("default") {
            GuardKind::Default
        } else {
            self.bump();
            self.expect(&Tok::LParen)?;
            let sp = self.span();
            let intrinsic = matches!(self.tok(), Tok::Name(n) if matches!(n.as_str(), "integer" | "real" | "double" | "doubleprecision" | "complex" | "logical" | "character"));
            let base = if intrinsic && w.name == "type" {
                let b = self.type_spec()?.0;
                // `character(*)`: the length is the selector's.
                self.char_len = None;
                b
            } else if matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::RParen && !intrinsic {
                let n = self.expect_name("a type name")?;
                BaseTy::Derived(self.type_name_id(&n.name))
            } else {
                self.diags.push(Diagnostic::not_yet("this type guard", sp));
                return Err(Fail);
            };
            self.expect(&Tok::RParen)?;
            if w.name == "type" {
                GuardKind::TypeIs(base)
            } else {
                GuardKind::ClassIs(base)
            }
        };
        if matches!(self.tok(), Tok::Name(_)) {
            self.bump();
        }
        self.expect_eos()?;
        Ok(kind)
    }

    /// Skips a `select` construct not implemented yet up to (not including) its `end select`
    /// statement, nested `select` constructs included.
    fn skip_select_construct(&mut self) {
        let mut depth = 0usize;
        loop {
            self.skip_statement();
            self.skip_eos();
            let mut k = 0;
            if matches!(self.tok_at(0), Tok::Name(_)) && self.tok_at(1) == &Tok::Colon {
                k = 2;
            }
            let opens = matches!(self.tok_at(k), Tok::Name(n) if n == "select" || n == "selectcase");
            let closes = self.is_name("endselect") || (self.is_name("end") && self.is_name_at(1, "select"));
            if self.is(&Tok::Eof) || (closes && depth == 0) {
                return;
            }
            if opens {
                depth += 1;
            } else if closes {
                depth -= 1;
            }
        }
    }

    /// A `case (...)` or `case default` statement (with an optional construct name).
    #[inline(never)]
    fn case_stmt(&mut self, name: &Option<Ident>) -> PResult<Option<Vec<CaseValue>>> {
        self.bump();
        let values = if self.eat_name("default") {
            None
        } else {
            self.expect(&Tok::LParen)?;
            let mut vals = Vec::new();
            loop {
                let lo_sp = self.span();
                if self.eat(&Tok::Colon) {
                    let hi = self.expr()?;
                    vals.push(CaseValue::Range { lo: None, hi: Some(hi), span: self.from(lo_sp) });
                } else {
                    let lo = self.expr()?;
                    if self.eat(&Tok::Colon) {
                        let hi = if matches!(self.tok(), Tok::Comma | Tok::RParen) { None } else { Some(self.expr()?) };
                        vals.push(CaseValue::Range { lo: Some(lo), hi, span: self.from(lo_sp) });
                    } else {
                        vals.push(CaseValue::Value(lo));
                    }
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
            Some(vals)
        };
        self.inner_construct_name(name, "case");
        self.expect_eos()?;
        Ok(values)
    }

    /// The optional construct name after `else`, `else if (...) then` or `case (...)`.
    #[inline(never)]
    fn inner_construct_name(&mut self, name: &Option<Ident>, stmt: &str) {
        if let Tok::Name(n) = self.tok().clone() {
            let sp = self.bump().span;
            if name.as_ref().is_none_or(|c| c.name != n) {
                self.diags.push(
                    Diagnostic::error("E0013", format!("`{stmt}` names `{n}`, which is not the name of this construct"), sp)
                        .with_label("unexpected name"),
                );
            }
        }
    }

    /// `[name:] block`, its declarations and statements, and `end block [name]` (or an
    /// `associate` construct).
    #[inline(never)]
    pub(super) fn block_construct(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        if self.is_name("associate") {
            return self.associate_construct(name, start);
        }
        self.bump();
        self.expect_eos()?;
        let open_span = self.from(start);
        self.open.push(Open::Block);
        let mut decls = Vec::new();
        let renames_before = self.block_scope.renames.len();
        let outer_params = (self.int_params.clone(), self.typed.clone());
        loop {
            self.skip_eos();
            if !self.at_type_spec() {
                break;
            }
            if let Some(mut d) = self.declaration() {
                self.rename_block_entities(&mut d);
                decls.push(d);
            }
        }
        let (decls, prologue, epilogue) = self.block_automatic_arrays(decls);
        self.block_decls.extend(decls.iter().cloned());
        let mut body = prologue;
        body.extend(self.block());
        body.extend(epilogue);
        self.block_scope.renames.truncate(renames_before);
        (self.int_params, self.typed) = outer_params;
        self.open.pop();
        if self.close_construct(Term::EndOther("block".into()), "`block` construct", open_span).is_some() {
            self.end_construct_name(&name, "end block", "`block` construct");
        }
        Ok(Stmt { kind: StmtKind::Block { name, decls, body }, span: open_span })
    }

    /// `[name:] associate (a => selector, ...)`, its statements and `end associate [name]`:
    /// a `block` whose first statement, [`StmtKind::Associate`], binds the associate names
    /// (renamed `a@bN` inside, as block entities are; selectors see the outer names).
    #[inline(never)]
    fn associate_construct(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut binds = Vec::new();
        loop {
            let n = self.expect_name("an associate name")?;
            if !(self.is(&Tok::Assign) && self.tok_at(1) == &Tok::Gt) {
                return Err(self.err_expected("`=>`"));
            }
            self.bump();
            self.bump();
            let sel = self.expr()?;
            binds.push((n, sel));
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        let open_span = self.from(start);
        self.open.push(Open::Associate);
        let renames_before = self.block_scope.renames.len();
        for (n, _) in binds.iter_mut() {
            self.block_scope.count += 1;
            let to = format!("{}@b{}", n.name, self.block_scope.count);
            self.block_scope.renames.push((n.name.clone(), to.clone()));
            n.name = to;
        }
        let mut body = vec![Stmt { kind: StmtKind::Associate(binds), span: open_span }];
        body.extend(self.block());
        self.block_scope.renames.truncate(renames_before);
        self.open.pop();
        if self.close_construct(Term::EndOther("associate".into()), "`associate` construct", open_span).is_some() {
            self.end_construct_name(&name, "end associate", "`associate` construct");
        }
        Ok(Stmt { kind: StmtKind::Block { name, decls: Vec::new(), body }, span: open_span })
    }

    /// The loop control of a `do` statement, up to the end of the statement (not inlined:
    /// its frame would stay on the stack while the loop body is parsed).
    #[inline(never)]
    fn do_header(&mut self, do_kw: Span) -> PResult<Header> {
        let header = if self.at_eos() {
            Header::While(Expr { kind: ExprKind::Logical(true), span: do_kw, ty: Ty::Unknown })
        } else if self.is_name("while") && self.tok_at(1) == &Tok::LParen {
            self.bump();
            Header::While(self.paren_cond()?)
        } else if self.is_name("concurrent") && self.tok_at(1) == &Tok::LParen {
            self.bump();
            let (specs, mask) = self.concurrent_header()?;
            let loc = self.locality_specs()?;
            Header::Concurrent(specs, mask, loc)
        } else if matches!(self.tok(), Tok::Int(..)) {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("labelled `do` loops (`do 10 i = ...`)", sp));
            return Err(Fail);
        } else {
            self.eat(&Tok::Comma);
            let var = self.expect_name("a loop variable")?;
            let var = self.block_rename(var);
            if self.is(&Tok::LParen) {
                let sp = self.span();
                self.diags.push(
                    Diagnostic::error("E0018", "the `do` variable must be a scalar variable", var.span.to(sp))
                        .with_label("not a scalar name"),
                );
                return Err(Fail);
            }
            self.expect(&Tok::Assign)?;
            let a = self.expr()?;
            self.expect(&Tok::Comma)?;
            let b = self.expr()?;
            let s = if self.eat(&Tok::Comma) { Some(self.expr()?) } else { None };
            Header::Counted(var, a, b, s)
        };
        self.expect_eos()?;
        Ok(header)
    }

    pub(super) fn do_construct(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        let do_kw = self.bump().span;
        let stmt_span = self.statement_span();
        let label = self.do_label();
        let header = match self.do_header(do_kw) {
            Ok(h) => h,
            Err(Fail) => {
                // Parse the body anyway, so its `end do` is not reported as stray.
                self.skip_statement();
                Header::While(Expr { kind: ExprKind::Logical(false), span: do_kw, ty: Ty::Unknown })
            }
        };
        let _ = stmt_span;
        let open_span = self.from(start);
        self.open.push(Open::Do);
        let body = match label {
            Some(l) => self.labelled_do_body(l, open_span),
            None => self.block(),
        };
        self.open.pop();
        if label.is_none() {
            self.end_do(&name, open_span);
        }
        let kind = match header {
            Header::Counted(var, start_e, end, step) => StmtKind::Do { name, var, start: start_e, end, step, body },
            Header::While(cond) => StmtKind::DoWhile { name, cond, body },
            Header::Concurrent(specs, mask, locality) => {
                if let Some(n) = &name {
                    self.diags.push(Diagnostic::not_yet("construct names on `do concurrent`", n.span));
                }
                StmtKind::DoConcurrent { specs, mask, locality, body }
            }
        };
        Ok(Stmt { kind, span: open_span })
    }

    /// `end do [name]` of a `do` construct (kept out of `do_construct`, whose frame stays on
    /// the stack while nested loops are parsed).
    #[inline(never)]
    fn end_do(&mut self, name: &Option<Ident>, open_span: Span) {
        if self.close_construct(Term::EndDo, "`do` loop", open_span).is_some() {
            self.end_construct_name(name, "end do", "loop");
        }
    }

    /// The locality specs after `do concurrent (...)`.
    #[inline(never)]
    fn locality_specs(&mut self) -> PResult<Locality> {
        let mut loc = Locality::default();
        while let Tok::Name(k) = self.tok().clone() {
            if self.tok_at(1) != &Tok::LParen {
                break;
            }
            let kind = match k.as_str() {
                "local" => LocalityKind::Local,
                "local_init" => LocalityKind::LocalInit,
                "shared" => LocalityKind::Shared,
                "default" => {
                    self.bump();
                    self.bump();
                    let sp = self.span();
                    if !self.eat_name("none") {
                        self.diags.push(
                            Diagnostic::error("E0042", "`default` of `do concurrent` must be `default(none)`", sp)
                                .with_label("expected `none`"),
                        );
                        return Err(Fail);
                    }
                    self.expect(&Tok::RParen)?;
                    loc.default_none = true;
                    continue;
                }
                "reduce" => {
                    let sp = self.span();
                    self.diags.push(Diagnostic::not_yet("the `reduce` locality of `do concurrent`", sp));
                    return Err(Fail);
                }
                _ => break,
            };
            self.bump();
            self.bump();
            loop {
                let n = self.expect_name("a variable name")?;
                let n = self.block_rename(n);
                let span = n.span;
                loc.names.push((kind, Expr { kind: ExprKind::Name(n), span, ty: Ty::Unknown }));
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
        }
        Ok(loc)
    }

    /// After `forall` / `do concurrent`: `(i = lo:hi[:st], ... [, mask])`.
    #[inline(never)]
    fn concurrent_header(&mut self) -> PResult<(Vec<ConcurrentSpec>, Option<Expr>)> {
        self.expect(&Tok::LParen)?;
        let mut specs = Vec::new();
        let mut mask = None;
        loop {
            if let (Tok::Name(_), Tok::Assign) = (self.tok(), self.tok_at(1)) {
                let var = self.expect_name("an index name")?;
                let var = self.block_rename(var);
                self.bump();
                let lo = self.expr()?;
                self.expect(&Tok::Colon)?;
                let hi = self.expr()?;
                let step = if self.eat(&Tok::Colon) { Some(self.expr()?) } else { None };
                specs.push(ConcurrentSpec { var, lo, hi, step });
            } else if specs.is_empty() {
                return Err(self.err_expected("an index `i = lo:hi`"));
            } else {
                mask = Some(self.expr()?);
                break;
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok((specs, mask))
    }

    /// `where (mask) a = b` or the `where` construct.
    #[inline(never)]
    pub(super) fn where_construct(&mut self) -> PResult<Stmt> {
        let start = self.span();
        self.bump();
        let mask = self.paren_cond()?;
        if !self.at_eos() {
            let s = self.assignment(self.span())?;
            return Ok(Stmt { kind: StmtKind::Where { arms: vec![(Some(mask), vec![s])] }, span: self.from(start) });
        }
        self.expect_eos()?;
        let open_span = self.from(start);
        let mut arms = Vec::new();
        let mut cur = Some(mask);
        self.open.push(Open::Where);
        loop {
            let body = self.block();
            arms.push((cur.take(), body));
            if self.terminator() != Some(Term::ElseWhere) {
                break;
            }
            if self.is_name("else") {
                self.bump();
            }
            self.bump();
            if self.is(&Tok::LParen) {
                cur = Some(self.paren_cond()?);
            }
            let last = cur.is_none();
            self.expect_eos()?;
            if last {
                let body = self.block();
                arms.push((None, body));
                break;
            }
        }
        self.open.pop();
        if self.close_construct(Term::EndOther("where".into()), "`where` construct", open_span).is_some() && self.expect_eos().is_err() {
            self.skip_statement();
        }
        Ok(Stmt { kind: StmtKind::Where { arms }, span: self.from(start) })
    }

    /// `forall (...) a(i) = b` or the `forall` construct.
    #[inline(never)]
    pub(super) fn forall_construct(&mut self) -> PResult<Stmt> {
        let start = self.span();
        self.bump();
        let (specs, mask) = self.concurrent_header()?;
        if !self.at_eos() {
            let s = self.assignment(self.span())?;
            return Ok(Stmt { kind: StmtKind::Forall { specs, mask, body: vec![s] }, span: self.from(start) });
        }
        self.expect_eos()?;
        let open_span = self.from(start);
        self.open.push(Open::Forall);
        let body = self.block();
        self.open.pop();
        if self.close_construct(Term::EndOther("forall".into()), "`forall` construct", open_span).is_some() && self.expect_eos().is_err() {
            self.skip_statement();
        }
        Ok(Stmt { kind: StmtKind::Forall { specs, mask, body }, span: self.from(start) })
    }

    /// The label of `do 10 i = ...` (with its optional comma), if any.
    #[inline(never)]
    fn do_label(&mut self) -> Option<u32> {
        if !matches!(self.tok(), Tok::Int(..)) {
            return None;
        }
        let l = self.label_ref().ok()?;
        self.eat(&Tok::Comma);
        self.label_done = None;
        Some(l.0)
    }

    /// The body of `do 10 ...` up to and including the statement labelled 10 (`continue`,
    /// any action statement or `end do`); loops sharing that statement end there too.
    #[inline(never)]
    fn labelled_do_body(&mut self, l: u32, open_span: Span) -> Vec<Stmt> {
        let mut out = Vec::new();
        loop {
            self.skip_eos();
            if matches!(self.tok(), Tok::Int(v, _) if *v == i64::from(l)) {
                let sp = self.bump().span;
                out.push(Stmt { kind: StmtKind::Label(l), span: sp });
                if self.at_end_of("do") {
                    let n = if self.is_name("enddo") { 1 } else { 2 };
                    for _ in 0..n {
                        self.bump();
                    }
                    if self.expect_eos().is_err() {
                        self.skip_statement();
                    }
                } else if let Some(s) = self.stmt() {
                    out.push(s);
                }
                self.label_done = Some(l);
                return out;
            }
            if let Some(t) = self.terminator() {
                if self.ends_block(&t) {
                    if !self.aborted {
                        self.diags.push(
                            Diagnostic::error("E0010", format!("missing the statement labelled {l} that ends this `do` loop"), open_span)
                                .with_label("this `do` loop is never closed"),
                        );
                    }
                    return out;
                }
                self.stray_end(t);
                self.skip_statement();
                continue;
            }
            if let Some(s) = self.stmt() {
                out.push(s);
            }
            if self.label_done == Some(l) {
                return out;
            }
        }
    }
}
