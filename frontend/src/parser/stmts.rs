//! Executable statements: the statement dispatch, assignment, `call`,
//! `allocate`/`deallocate`, `stop`/`return`, and statement labels.

use super::nesting::MAX_BLOCK_DEPTH;
use super::{Fail, PResult, Parser};
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;

/// Statements recognised only to say they are not supported yet.
const UNSUPPORTED_STMTS: &[&str] = &[
    "goto",
    "go",
    "select",
    "case",
    "open",
    "close",
    "block",
    "associate",
    "format",
    "data",
    "common",
    "equivalence",
    "namelist",
    "pointer",
    "target",
    "nullify",
    "inquire",
    "type",
    "class",
    "entry",
    "include",
    "rewind",
    "backspace",
    "flush",
    "sync",
    "critical",
    "dimension",
    "allocatable",
    "parameter",
    "print*",
    "procedure",
    "public",
    "private",
    "protected",
    "import",
    "submodule",
];

/// `stmt` with its `stat=` and `errmsg=`, if it has any.
/// The options of one `allocate` statement besides its items.
#[derive(Default)]
struct AllocOptions {
    spec: Option<AllocTypeSpec>,
    stat: Option<Box<Expr>>,
    errmsg: Option<Box<Expr>>,
    /// `source=` or `mold=` (true) and its expression.
    source: Option<(Box<Expr>, bool)>,
}

impl AllocOptions {
    /// The statement `stmt` (an `Allocate` or `AllocateComp`) with these options.
    fn wrap(self, stmt: Stmt) -> Stmt {
        let span = stmt.span;
        let stmt = if self.spec.is_some() || self.source.is_some() {
            let (source, mold) = match self.source {
                Some((e, m)) => (Some(e), m),
                None => (None, false),
            };
            Stmt { kind: StmtKind::AllocOpts { stmt: Box::new(stmt), spec: self.spec, source, mold }, span }
        } else {
            stmt
        };
        with_alloc_status(stmt, self.stat, self.errmsg)
    }
}

fn with_alloc_status(stmt: Stmt, stat: Option<Box<Expr>>, errmsg: Option<Box<Expr>>) -> Stmt {
    if stat.is_none() && errmsg.is_none() {
        return stmt;
    }
    let span = stmt.span;
    Stmt { kind: StmtKind::AllocStatus { stmt: Box::new(stmt), stat, errmsg }, span }
}

impl Parser {
    /// Parses one statement (or construct); `None` if it was reported and skipped.
    pub(crate) fn stmt(&mut self) -> Option<Stmt> {
        self.nodes = 0;
        self.depth = 0;
        if self.open.len() > MAX_BLOCK_DEPTH {
            let sp = self.statement_span();
            self.diags.push(
                Diagnostic::error("E0009", format!("constructs are nested too deeply (more than {MAX_BLOCK_DEPTH} levels)"), sp)
                    .with_label("nesting limit reached here"),
            );
            // Skip to the end of the file: nothing sensible can follow.
            self.aborted = true;
            while !self.is(&Tok::Eof) {
                self.bump();
            }
            return None;
        }
        match self.stmt_inner() {
            Ok(s) => s,
            Err(Fail) => {
                self.skip_statement();
                None
            }
        }
    }

    pub(super) fn stmt_inner(&mut self) -> PResult<Option<Stmt>> {
        let start = self.span();
        if self.is(&Tok::DirectiveStart) {
            return self.directive();
        }
        if self.is(&Tok::OmpDirectiveStart) {
            return self.omp_directive();
        }
        // Construct name: `outer: do ...`.
        if let (Tok::Name(_), Tok::Colon) = (self.tok(), self.tok_at(1)) {
            let label = self.expect_name("a name")?;
            self.bump();
            if self.is_name("do") {
                return self.do_construct(Some(label), start).map(Some);
            }
            if self.is_name("if") {
                return self.if_construct(Some(label), start).map(Some);
            }
            if self.is_name("select") || self.is_name("selectcase") {
                return self.select_case(Some(label), start).map(Some);
            }
            // `block` and `associate` (one call: the recursive `stmt` stays small)
            if (self.is_name("block") && matches!(self.tok_at(1), Tok::Eos | Tok::Eof))
                || (self.is_name("associate") && self.tok_at(1) == &Tok::LParen)
            {
                return self.block_construct(Some(label), start).map(Some);
            }
            return Err(self.err_expected("`do`, `if`, `select case`, `block` or `associate` after the construct name"));
        }
        if self.is_assignment() {
            return self.assignment(start).map(Some);
        }
        if let Tok::Int(..) = self.tok() {
            return self.statement_label().map(Some);
        }
        let Tok::Name(kw) = self.tok().clone() else {
            return Err(self.err_expected("a statement"));
        };
        match kw.as_str() {
            "print" => self.print(start).map(Some),
            "if" => self.if_construct(None, start).map(Some),
            "do" => self.do_construct(None, start).map(Some),
            "select" | "selectcase" => self.select_case(None, start).map(Some),
            "block" | "associate"
                if matches!(self.tok_at(1), Tok::Eos | Tok::Eof) || (kw == "associate" && self.tok_at(1) == &Tok::LParen) =>
            {
                self.block_construct(None, start).map(Some)
            }
            "exit" | "cycle" => {
                self.bump();
                let name = match self.tok().clone() {
                    Tok::Name(n) => Some(Ident { name: n, span: self.bump().span }),
                    _ => None,
                };
                self.expect_eos()?;
                let kind = if kw == "exit" { StmtKind::Exit(name) } else { StmtKind::Cycle(name) };
                Ok(Some(Stmt { kind, span: self.from(start) }))
            }
            "continue" => {
                self.bump();
                self.expect_eos()?;
                Ok(Some(Stmt { kind: StmtKind::Continue, span: self.from(start) }))
            }
            "stop" => {
                self.bump();
                let code = if self.at_eos() { None } else { Some(self.expr()?) };
                self.expect_eos()?;
                Ok(Some(Stmt { kind: StmtKind::Stop(code), span: self.from(start) }))
            }
            "allocate" => self.allocate(start).map(Some),
            "deallocate" => self.deallocate(start).map(Some),
            "call" => self.call(start).map(Some),
            "write" => self.write(start).map(Some),
            "return" | "error" | "errorstop" => self.return_or_error_stop(&kw, start),
            _ => self.rare_stmt(&kw),
        }
    }

    /// `return` and `error stop` (kept out of `stmt_inner` to keep its frame small).
    #[inline(never)]
    fn return_or_error_stop(&mut self, kw: &str, start: Span) -> PResult<Option<Stmt>> {
        if kw == "return" {
            self.bump();
            if !self.at_eos() {
                let sp = self.statement_span();
                self.diags.push(Diagnostic::not_yet("alternate returns (`return n`)", sp));
                return Err(Fail);
            }
            self.expect_eos()?;
            return Ok(Some(Stmt { kind: StmtKind::Return, span: self.from(start) }));
        }
        if kw == "error" && !self.is_name_at(1, "stop") {
            return self.rare_stmt(kw);
        }
        self.bump();
        if kw == "error" {
            self.bump();
        }
        let code = if self.at_eos() { None } else { Some(self.expr()?) };
        if self.is(&Tok::Comma) {
            let sp = self.statement_span();
            self.diags.push(Diagnostic::not_yet("`quiet=` in `error stop`", sp));
            return Err(Fail);
        }
        self.expect_eos()?;
        Ok(Some(Stmt { kind: StmtKind::ErrorStop(code), span: self.from(start) }))
    }

    /// A declaration among the executable statements: E0030.
    fn late_declaration(&mut self) -> PResult<Option<Stmt>> {
        let sp = self.statement_span();
        self.diags.push(
            Diagnostic::error("E0030", "declarations must come before the executable statements", sp)
                .with_label("declaration after an executable statement"),
        );
        Err(Fail)
    }

    /// Statements that are errors or not supported yet (kept out of `stmt_inner` so that its
    /// stack frame, which recursion through nested constructs multiplies, stays small).
    #[inline(never)]
    fn rare_stmt(&mut self, kw: &str) -> PResult<Option<Stmt>> {
        match kw {
            "where" if self.tok_at(1) == &Tok::LParen => self.where_construct().map(Some),
            "forall" if self.tok_at(1) == &Tok::LParen => self.forall_construct().map(Some),
            "read" => self.write(self.span()).map(Some),
            "nullify" if self.tok_at(1) == &Tok::LParen => self.nullify().map(Some),
            "open" | "close" if self.tok_at(1) == &Tok::LParen => self.open_close(self.span()).map(Some),
            "go" | "goto" | "format" | "rewind" | "backspace" | "endfile" | "flush" | "inquire" => self.label_or_unit_stmt(kw),
            // (`type(t) ::` and `class(t) ::` too: a type declaration, not the old `type`
            // output statement.)
            "type" | "class" if self.tok_at(1) == &Tok::LParen => self.late_declaration(),
            "integer" | "real" | "logical" | "character" | "double" | "doubleprecision" | "complex" | "doublecomplex" | "implicit"
            | "use" | "save" | "external" | "intrinsic" | "interface" => self.late_declaration(),
            "entry"
                if self.cur_unit == Some(UnitKind::Subroutine)
                    && matches!(self.open.last(), Some(super::Open::Unit(_)))
                    && !self.in_interface_body =>
            {
                self.entry_stmt().map(Some)
            }
            k if UNSUPPORTED_STMTS.contains(&k) => {
                let sp = self.span();
                let what = match k {
                    "go" | "goto" => "`go to` statements".to_string(),
                    "select" | "case" => "`select case` constructs".to_string(),
                    "entry" => {
                        "`entry` statements other than at the top level of a subroutine (in functions, constructs, interface bodies)"
                            .to_string()
                    }
                    "save" | "dimension" | "allocatable" | "parameter" | "common" | "equivalence" | "data" | "namelist" => {
                        format!("the `{k}` statement (or a specification statement after executable statements)")
                    }
                    other => format!("the `{other}` statement"),
                };
                self.diags.push(Diagnostic::not_yet(what, sp));
                Err(Fail)
            }
            _ => {
                // Probably a malformed assignment: `x + 1`, `a(1 = 2`.
                self.bump();
                if self.is(&Tok::LParen) {
                    self.args()?;
                }
                Err(self.err_expected("`=`"))
            }
        }
    }

    pub(super) fn assignment(&mut self, start: Span) -> PResult<Stmt> {
        let lhs = self.designator()?;
        if self.at_arrow() {
            self.bump();
            self.bump();
            let rhs = self.expr()?;
            self.expect_eos()?;
            return Ok(Stmt { kind: StmtKind::PtrAssign { lhs, rhs }, span: self.from(start) });
        }
        self.expect(&Tok::Assign)?;
        let rhs = self.expr()?;
        self.expect_eos()?;
        Ok(Stmt { kind: StmtKind::Assign { lhs, rhs }, span: self.from(start) })
    }

    /// `=>` (lexed as `=` then `>` with nothing between them).
    pub(super) fn at_arrow(&self) -> bool {
        self.is(&Tok::Assign) && self.tok_at(1) == &Tok::Gt && self.span().hi == self.span_at(1).lo
    }

    /// `nullify(p, x%q)`.
    fn nullify(&mut self) -> PResult<Stmt> {
        let start = self.bump().span;
        self.expect(&Tok::LParen)?;
        let mut items = Vec::new();
        loop {
            items.push(self.designator()?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        Ok(Stmt { kind: StmtKind::Nullify(items), span: self.from(start) })
    }

    /// `call name [(args)]`.
    #[inline(never)]
    fn call(&mut self, start: Span) -> PResult<Stmt> {
        self.bump();
        let at = self.pos;
        let name = self.expect_name("a subroutine name")?;
        let args = if self.is(&Tok::LParen) { self.args()? } else { Vec::new() };
        if self.is(&Tok::Percent) {
            // `call x%f(args)`: through a procedure pointer component (sema says which),
            // the component as the first argument of the marker `@pcomp`.
            self.pos = at;
            let d = self.designator()?;
            self.expect_eos()?;
            let ExprKind::Component(mut cr) = d.kind else { return Err(Fail) };
            let mut args = std::mem::take(&mut cr.subs);
            let target = Expr { kind: ExprKind::Component(cr), span: d.span, ty: Ty::Unknown };
            args.insert(0, Arg::Index(target));
            return Ok(Stmt { kind: StmtKind::Call { name: Ident { name: "@pcomp".into(), span: d.span }, args }, span: self.from(start) });
        }
        self.expect_eos()?;
        Ok(Stmt { kind: StmtKind::Call { name, args }, span: self.from(start) })
    }

    #[inline(never)]
    fn allocate(&mut self, start: Span) -> PResult<Stmt> {
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut items = Vec::new();
        let mut opts = AllocOptions::default();
        // `allocate(character(len=n) :: s)`, `allocate(t :: x)`: a type spec first.
        if self.at_type_spec() || (matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::DoubleColon) {
            opts.spec = Some(self.alloc_type_spec()?);
        }
        if self.item_is_component() {
            return self.allocate_comp(start, opts);
        }
        loop {
            let name = self.expect_name("an array name")?;
            let name = if self.is(&Tok::Assign) { name } else { self.block_rename(name) };
            if self.is(&Tok::Assign) {
                self.alloc_option(&name, "allocate", &mut opts)?;
                if !self.eat(&Tok::Comma) {
                    break;
                }
                continue;
            }
            if !self.is(&Tok::LParen) {
                // Bounds from `source=`/`mold=`, a scalar pointer or a scalar with a type
                // spec (sema requires the shape of the others).
                items.push((name, Vec::new()));
                if !self.eat(&Tok::Comma) {
                    break;
                }
                continue;
            }
            self.bump();
            let dims = self.dim_list()?;
            items.push((name, dims));
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        Ok(opts.wrap(Stmt { kind: StmtKind::Allocate(items), span: self.from(start) }))
    }

    /// `type-spec ::` at the start of `allocate(...)`.
    fn alloc_type_spec(&mut self) -> PResult<AllocTypeSpec> {
        let start = self.span();
        let base = if !self.at_type_spec() && matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::DoubleColon {
            let n = self.expect_name("a type")?;
            BaseTy::Derived(self.type_name_id(&n.name))
        } else {
            self.type_spec()?.0
        };
        let len = match self.char_len.take() {
            Some(CharLen::Expr(e)) if base == BaseTy::Character => Some(Box::new(e)),
            Some(CharLen::Assumed(sp) | CharLen::Deferred(sp)) => {
                self.diags.push(
                    Diagnostic::error("E0216", "the type spec of `allocate` needs a length", sp)
                        .with_label("give the length, e.g. `character(len=10)`"),
                );
                return Err(Fail);
            }
            _ if base == BaseTy::Character => Some(Box::new(Expr { kind: ExprKind::Int(1, 4), span: start, ty: Ty::Unknown })),
            _ => None,
        };
        let span = self.from(start);
        self.expect(&Tok::DoubleColon)?;
        Ok(AllocTypeSpec { base, len, span })
    }

    /// `stat=`, `errmsg=`, `source=` or `mold=` in `allocate` (at `=`, after the keyword).
    fn alloc_option(&mut self, k: &Ident, stmt: &str, opts: &mut AllocOptions) -> PResult<()> {
        if !matches!(k.name.as_str(), "source" | "mold") {
            return self.alloc_spec(k, stmt, &mut opts.stat, &mut opts.errmsg);
        }
        self.bump();
        if opts.source.is_some() {
            self.diags.push(Diagnostic::error("E0024", "`allocate` takes one `source=` or `mold=`", k.span).with_label("given twice"));
            return Err(Fail);
        }
        opts.source = Some((Box::new(self.expr()?), k.name == "mold"));
        Ok(())
    }

    fn deallocate(&mut self, start: Span) -> PResult<Stmt> {
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut names = Vec::new();
        let (mut stat, mut errmsg) = (None, None);
        if self.item_is_component() {
            return self.deallocate_comp(start);
        }
        loop {
            let name = self.expect_name("an array name")?;
            let name = if self.is(&Tok::Assign) { name } else { self.block_rename(name) };
            if self.is(&Tok::Assign) {
                self.alloc_spec(&name, "deallocate", &mut stat, &mut errmsg)?;
                if !self.eat(&Tok::Comma) {
                    break;
                }
                continue;
            }
            names.push(name);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        Ok(with_alloc_status(Stmt { kind: StmtKind::Deallocate(names), span: self.from(start) }, stat, errmsg))
    }

    /// Is the first item of an `allocate`/`deallocate` list a component (`x%c`, `xs(i)%c`)?
    fn item_is_component(&self) -> bool {
        let mut depth = 0usize;
        let mut k = 0;
        loop {
            match self.tok_at(k) {
                Tok::LParen => depth += 1,
                Tok::RParen if depth == 0 => return false,
                Tok::RParen => depth -= 1,
                Tok::Comma if depth == 0 => return false,
                Tok::Percent if depth == 0 => return true,
                Tok::Eos | Tok::Eof => return false,
                _ => {}
            }
            k += 1;
        }
    }

    /// `allocate(x%c(n), ...)`: allocatable components (all items, `stat=` not yet).
    #[inline(never)]
    fn allocate_comp(&mut self, start: Span, mut opts: AllocOptions) -> PResult<Stmt> {
        let mut items = Vec::new();
        loop {
            if matches!(self.tok(), Tok::Name(n) if n == "source" || n == "mold") && self.tok_at(1) == &Tok::Assign {
                let k = self.expect_name("`source=`")?;
                self.alloc_option(&k, "allocate", &mut opts)?;
                if !self.eat(&Tok::Comma) {
                    break;
                }
                continue;
            }
            if matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Assign {
                let sp = self.statement_span();
                self.diags.push(Diagnostic::not_yet("`stat=` and `errmsg=` when allocating components", sp));
                return Err(Fail);
            }
            let e = self.designator()?;
            let ExprKind::Component(mut cr) = e.kind else {
                let sp = e.span;
                self.diags.push(Diagnostic::not_yet("`allocate` of arrays and components in one statement", sp));
                return Err(Fail);
            };
            // No shape: a scalar pointer component (sema checks the rank).
            let mut dims = Vec::new();
            for a in std::mem::take(&mut cr.subs) {
                match a {
                    Arg::Index(hi) => dims.push(DimSpec::Explicit { lo: None, hi }),
                    Arg::Range { lo, hi: Some(hi), stride: None, .. } => dims.push(DimSpec::Explicit { lo, hi }),
                    Arg::Range { span, .. } => {
                        self.diags.push(Diagnostic::error("E0216", "`allocate` needs explicit bounds", span).with_label("not a bound"));
                        return Err(Fail);
                    }
                    Arg::Keyword(k, _) => {
                        self.diags.push(Diagnostic::error("E0216", "`allocate` needs explicit bounds", k.span).with_label("not a bound"));
                        return Err(Fail);
                    }
                }
            }
            let span = cr.base.span.to(cr.name.span);
            items.push((Expr { kind: ExprKind::Component(cr), span, ty: Ty::Unknown }, dims));
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        Ok(opts.wrap(Stmt { kind: StmtKind::AllocateComp(items), span: self.from(start) }))
    }

    /// `deallocate(x%c, ...)`: allocatable components.
    #[inline(never)]
    fn deallocate_comp(&mut self, start: Span) -> PResult<Stmt> {
        let mut items = Vec::new();
        loop {
            if matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Assign {
                let sp = self.statement_span();
                self.diags.push(Diagnostic::not_yet("`stat=` and `errmsg=` when deallocating components", sp));
                return Err(Fail);
            }
            let e = self.designator()?;
            if !matches!(&e.kind, ExprKind::Component(cr) if cr.subs.is_empty()) {
                let sp = e.span;
                self.diags.push(Diagnostic::not_yet("`deallocate` of arrays and components in one statement", sp));
                return Err(Fail);
            }
            items.push(e);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        Ok(Stmt { kind: StmtKind::DeallocateComp(items), span: self.from(start) })
    }

    /// `stat=v` or `errmsg=v` of `allocate`/`deallocate` (at `=`, after the keyword).
    #[inline(never)]
    fn alloc_spec(&mut self, k: &Ident, stmt: &str, stat: &mut Option<Box<Expr>>, errmsg: &mut Option<Box<Expr>>) -> PResult<()> {
        let slot = match k.name.as_str() {
            "stat" => stat,
            "errmsg" => errmsg,
            _ => {
                self.diags.push(Diagnostic::not_yet(format!("`{}=` in `{stmt}`", k.name), k.span));
                return Err(Fail);
            }
        };
        self.bump();
        if slot.is_some() {
            self.diags
                .push(Diagnostic::error("E0024", format!("the `{}=` of `{stmt}` is given twice", k.name), k.span).with_label("repeated"));
            return Err(Fail);
        }
        *slot = Some(Box::new(self.expr()?));
        Ok(())
    }

    /// A label reference (or definition): an integer of 1 to 5 digits, not 0.
    #[inline(never)]
    pub(super) fn label_ref(&mut self) -> PResult<(u32, Span)> {
        let Tok::Int(v, _) = self.tok().clone() else {
            return Err(self.err_expected("a statement label"));
        };
        let sp = self.bump().span;
        if !(1..=99999).contains(&v) {
            self.diags
                .push(Diagnostic::error("E0043", format!("`{v}` is not a valid statement label"), sp).with_label("labels are 1 to 99999"));
            return Err(Fail);
        }
        Ok((v as u32, sp))
    }

    /// `entry name [(args)]` at the top level of a subroutine: recorded for
    /// [`super::entries::expand`], which jumps to the label returned here.
    #[inline(never)]
    fn entry_stmt(&mut self) -> PResult<Stmt> {
        let sp = self.span();
        self.bump();
        let name = self.expect_name("an entry name")?;
        let mut args = Vec::new();
        if self.eat(&Tok::LParen) && !self.eat(&Tok::RParen) {
            loop {
                if self.is(&Tok::Star) {
                    let s = self.span();
                    self.diags.push(Diagnostic::not_yet("alternate returns (`*` dummy arguments)", s));
                    return Err(Fail);
                }
                args.push(self.expect_name("a dummy argument name")?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
        }
        if self.is_name("bind") || self.is_name("result") {
            let s = self.span();
            self.diags.push(Diagnostic::not_yet("`bind(c)` and `result` on `entry` statements", s));
            return Err(Fail);
        }
        let label = super::entries::LABEL_BASE + self.entries.len() as u32;
        self.entries.push((name, args, label));
        Ok(Stmt { kind: StmtKind::Label(label), span: self.from(sp) })
    }

    /// `10 stmt`: the label marker; the statement follows as the next one.
    #[inline(never)]
    fn statement_label(&mut self) -> PResult<Stmt> {
        let (l, sp) = self.label_ref()?;
        if self.at_eos() {
            self.diags.push(
                Diagnostic::error("E0044", format!("the label {l} is not followed by a statement"), sp)
                    .with_label("expected a statement after the label"),
            );
            return Err(Fail);
        }
        Ok(Stmt { kind: StmtKind::Label(l), span: sp })
    }
}
