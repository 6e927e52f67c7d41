//! The specification part of a unit: its statement dispatch and the `use`, `implicit`,
//! `parameter`/`dimension`/`allocatable`, access and `save`/`external`/`intrinsic`
//! statements.

use super::{Fail, PResult, Parser};
use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::Tok;

impl Parser {
    /// The specification part: `use`, `implicit`, declarations, `save`/`external`/`intrinsic`
    /// statements and interface blocks.
    pub(super) fn spec_part(&mut self, u: &mut Unit, in_interface: bool) {
        let saved = std::mem::replace(&mut self.in_interface_body, in_interface);
        self.spec_part_inner(u, in_interface);
        self.in_interface_body = saved;
    }

    fn spec_part_inner(&mut self, u: &mut Unit, in_interface: bool) {
        let mut seen_decl = false;
        loop {
            self.skip_eos();
            if !in_interface && self.at_statement_function(u) {
                seen_decl = true;
                if let Err(Fail) = self.statement_function(u) {
                    self.skip_statement();
                }
                continue;
            }
            if self.is_assignment() || self.at_procedure_header() {
                break;
            }
            if !in_interface && matches!(self.tok(), Tok::Int(..)) && self.is_name_at(1, "format") && self.tok_at(2) == &Tok::LParen {
                // `100 format(...)` among the declarations: kept at the start of the body.
                for _ in 0..2 {
                    if let Some(s) = self.stmt() {
                        u.body.push(s);
                    }
                }
                continue;
            }
            if self.is(&Tok::OmpDirectiveStart) && self.is_name_at(1, "declare") && self.is_name_at(2, "target") {
                match self.omp_declare_target() {
                    Ok(d) => u.declare_targets.push(d),
                    Err(Fail) => self.skip_statement(),
                }
                continue;
            }
            if self.is(&Tok::OmpDirectiveStart) && self.is_name_at(1, "declare") && self.is_name_at(2, "mapper") {
                match self.omp_declare_mapper() {
                    Ok(m) => u.mappers.push(m),
                    Err(Fail) => self.skip_statement(),
                }
                continue;
            }
            if self.is(&Tok::OmpDirectiveStart) && self.is_name_at(1, "requires") {
                if self.omp_requires() {
                    u.requires_usm = true;
                }
                continue;
            }
            if self.is(&Tok::OmpDirectiveStart) && self.is_name_at(1, "nothing") && matches!(self.tok_at(2), Tok::Eos | Tok::Eof) {
                // OpenMP's `nothing` has no effect, among the declarations too.
                self.skip_statement();
                continue;
            }
            if self.is(&Tok::OmpDirectiveStart) && self.is_name_at(1, "threadprivate") {
                if self.threadprivate(u).is_err() {
                    self.skip_statement();
                }
                continue;
            }
            // OpenMP's other declarative directives are not implemented yet: say so here
            // rather than letting the directive end the specification part.
            if self.is(&Tok::OmpDirectiveStart) && self.is_name_at(1, "declare") {
                let what = match (self.tok_at(1), self.tok_at(2)) {
                    (Tok::Name(a), Tok::Name(b)) if a == "declare" => format!("declare {b}"),
                    (Tok::Name(a), _) => a.clone(),
                    _ => String::new(),
                };
                let sp = self.statement_span();
                self.diags.push(Diagnostic::not_yet(format!("the OpenMP `{what}` directive"), sp));
                self.skip_statement();
                continue;
            }
            if self.is(&Tok::DirectiveStart) && self.is_name_at(1, "routine") {
                match self.routine_directive() {
                    Ok(r) => u.routines.push(r),
                    Err(Fail) => self.skip_statement(),
                }
                continue;
            }
            if self.is(&Tok::DirectiveStart) && self.is_name_at(1, "declare") {
                match self.declare_directive() {
                    Ok(d) => u.declares.push(d),
                    Err(Fail) => self.skip_statement(),
                }
                continue;
            }
            let Tok::Name(w) = self.tok().clone() else { break };
            match w.as_str() {
                "use" => {
                    if (seen_decl || u.implicit_none) && !self.is_openacc_lib_h_use() {
                        let sp = self.statement_span();
                        self.diags.push(
                            Diagnostic::error("E0031", "`use` statements must come first in a program unit", sp)
                                .with_label("move this before `implicit` and the declarations"),
                        );
                        self.skip_statement();
                        continue;
                    }
                    match self.use_stmt() {
                        Ok(x) => u.uses.push(x),
                        Err(Fail) => self.skip_statement(),
                    }
                }
                "implicit" => {
                    let sp = self.statement_span();
                    self.bump();
                    if self.eat_name("none") && self.at_eos() {
                        if seen_decl {
                            self.diags.push(
                                Diagnostic::error("E0031", "`implicit none` must come before the declarations", sp)
                                    .with_label("move this before the first declaration"),
                            );
                        }
                        u.implicit_none = true;
                    } else if let Err(Fail) = self.implicit_rules(u) {
                        self.skip_statement();
                        continue;
                    }
                    self.skip_statement();
                }
                "data" if !matches!(self.tok_at(1), Tok::Assign | Tok::LParen) || self.data_follows() => {
                    seen_decl = true;
                    if let Err(Fail) = self.data_stmt(u) {
                        self.skip_statement();
                    }
                }
                "dimension" | "allocatable" | "parameter" | "pointer" | "target"
                    if !(matches!(self.tok_at(1), Tok::Assign) || (w != "parameter" && self.tok_at(1) == &Tok::LParen)) =>
                {
                    seen_decl = true;
                    if let Err(Fail) = self.attr_stmt(u, &w) {
                        self.skip_statement();
                    }
                }
                // `import [[::] names]` in an interface body: the host's entities (types,
                // kind constants) are visible there anyway (gpuf resolves them like a
                // contained procedure does), so it changes nothing.
                "import" if in_interface && matches!(self.tok_at(1), Tok::Eos | Tok::DoubleColon | Tok::Name(_)) => {
                    self.skip_statement();
                }
                "save" | "external" | "intrinsic" => {
                    seen_decl = true;
                    if let Err(Fail) = self.name_list_stmt(u, &w) {
                        self.skip_statement();
                    }
                }
                "interface" | "abstract" => {
                    seen_decl = true;
                    // (An interface body may declare the abstract interfaces of its dummy
                    // procedures.)
                    if in_interface && w != "abstract" {
                        let sp = self.statement_span();
                        self.diags.push(
                            Diagnostic::error("E0037", "an interface body cannot contain an interface block", sp)
                                .with_label("not allowed here"),
                        );
                        self.skip_statement();
                    } else {
                        self.interface_block(u);
                    }
                }
                "public" | "private" | "protected" if u.kind == UnitKind::Module => {
                    seen_decl = true;
                    if let Err(Fail) = self.access_stmt(u, &w) {
                        self.skip_statement();
                    }
                }
                _ if self.at_type_spec() => {
                    seen_decl = true;
                    if let Some(d) = self.declaration() {
                        u.decls.push(d);
                    }
                    u.access.append(&mut self.access);
                }
                "procedure"
                    if self.tok_at(1) == &Tok::LParen && matches!(self.tok_at(2), Tok::Name(_)) && self.tok_at(3) == &Tok::RParen =>
                {
                    seen_decl = true;
                    match self.procedure_decl(false) {
                        Ok(Some(d)) => u.proc_decls.push(d),
                        Ok(None) => {}
                        Err(Fail) => self.skip_statement(),
                    }
                }
                "namelist" if self.tok_at(1) == &Tok::Slash => {
                    seen_decl = true;
                    if let Err(Fail) = self.namelist_stmt(u) {
                        self.skip_statement();
                    }
                }
                "common" if matches!(self.tok_at(1), Tok::Slash | Tok::Concat | Tok::Name(_)) => {
                    seen_decl = true;
                    if let Err(Fail) = self.common_stmt(u) {
                        self.skip_statement();
                    }
                }
                "equivalence" if self.tok_at(1) == &Tok::LParen && matches!(self.tok_at(2), Tok::Name(_)) => {
                    seen_decl = true;
                    if let Err(Fail) = self.equivalence_stmt(u) {
                        self.skip_statement();
                    }
                }
                "class" | "procedure" | "namelist" if self.unsupported_spec_stmt(&w) => {
                    seen_decl = true;
                }
                "type" if !in_interface && !matches!(self.tok_at(1), Tok::LParen | Tok::Assign | Tok::Percent) => {
                    seen_decl = true;
                    if let Some(t) = self.type_def() {
                        u.types.push(t);
                    }
                }
                _ => break,
            }
        }
    }

    /// Specification statements not implemented yet (`class(t) :: x`, `procedure(f), pointer
    /// :: p`, `common`, `equivalence`, `namelist`, `pointer`, `target`): reported and skipped,
    /// so that the specification part goes on. False (nothing consumed) when the statement
    /// is not one of them (`common = 1`).
    fn unsupported_spec_stmt(&mut self, kw: &str) -> bool {
        let next = self.tok_at(1).clone();
        let what = match (kw, &next) {
            (_, Tok::Assign | Tok::Percent) => return false,
            ("procedure", Tok::LParen | Tok::DoubleColon) => "procedure pointers with an implicit interface (`procedure()`)",
            ("namelist", Tok::Slash) => "`namelist` groups",
            _ => return false,
        };
        let sp = self.statement_span();
        self.diags.push(Diagnostic::not_yet(what, sp));
        self.skip_statement();
        true
    }

    /// Is the statement `f(a, b) = expr` a statement function: `f` declared in this unit
    /// as a scalar (not an array, not `character` or a derived type), or not declared
    /// at all in an external unit without `use` (where it cannot be an array of the host
    /// or of a module); the arguments plain names?
    fn at_statement_function(&self, u: &Unit) -> bool {
        let Tok::Name(n) = self.tok() else { return false };
        if self.tok_at(1) != &Tok::LParen {
            return false;
        }
        let mut i = 2;
        if self.tok_at(i) != &Tok::RParen {
            loop {
                if !matches!(self.tok_at(i), Tok::Name(_)) {
                    return false;
                }
                i += 1;
                match self.tok_at(i) {
                    Tok::Comma => i += 1,
                    Tok::RParen => break,
                    _ => return false,
                }
            }
        }
        if self.tok_at(i + 1) != &Tok::Assign {
            return false;
        }
        let array_stmt = u.attr_stmts.iter().any(|a| match a {
            AttrStmt::Dimension(e) | AttrStmt::Allocatable(e) | AttrStmt::Common(e) | AttrStmt::Pointer(e) | AttrStmt::Target(e) => {
                e.name.name == *n
            }
            AttrStmt::Parameter(_) => false,
        });
        if array_stmt {
            return false;
        }
        match u.decls.iter().find(|d| d.entities.iter().any(|e| e.name.name == *n)) {
            Some(d) => {
                let ent = d.entities.iter().find(|e| e.name.name == *n);
                ent.is_some_and(|e| e.dims.is_none())
                    && d.dimension.is_none()
                    && !d.allocatable
                    && !d.parameter
                    && !d.external
                    && !matches!(d.base, BaseTy::Derived(_))
            }
            None => {
                let units = self.open.iter().filter(|o| matches!(o, super::Open::Unit(_))).count();
                u.uses.is_empty() && units == 1 && !u.args.iter().any(|a| a.name == *n)
            }
        }
    }

    /// A statement function `f(a, b) = expr` becomes an internal function of the unit:
    /// its result and dummies take the types their names have in the unit, and it sees
    /// the unit's variables by host association, as a statement function does.
    fn statement_function(&mut self, u: &mut Unit) -> PResult<()> {
        let start = self.span();
        let name = self.expect_name("a statement function name")?;
        self.expect(&Tok::LParen)?;
        let mut args: Vec<Ident> = Vec::new();
        if !self.eat(&Tok::RParen) {
            loop {
                args.push(self.expect_name("a dummy argument name")?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
        }
        self.expect(&Tok::Assign)?;
        let rhs = self.expr()?;
        self.expect_eos()?;
        let span = self.from(start);
        let units = self.open.iter().filter(|o| matches!(o, super::Open::Unit(_))).count();
        if units > 2 || (units == 2 && !self.host_is_module) || u.kind == UnitKind::Module {
            self.diags.push(Diagnostic::not_yet("statement functions in internal procedures", span));
            return Err(Fail);
        }
        if let Some(a) = args.iter().enumerate().find(|(i, a)| args.iter().take(*i).any(|b| b.name == a.name)).map(|(_, a)| a) {
            self.diags.push(
                Diagnostic::error("E0036", format!("dummy argument `{}` appears twice", a.name), a.span).with_label("repeated argument"),
            );
            return Err(Fail);
        }
        // The declaration of a name, as a declaration of its own (type only).
        let typed = |decls: &[Decl], n: &str| -> Option<Decl> {
            let d = decls.iter().find(|d| d.entities.iter().any(|e| e.name.name == n))?;
            let e = d.entities.iter().find(|e| e.name.name == n)?;
            let mut nd = d.clone();
            nd.entities = vec![Entity { name: e.name.clone(), dims: None, init: None, span: e.span }];
            nd.parameter = false;
            nd.save = false;
            nd.allocatable = false;
            nd.intent = None;
            nd.dimension = None;
            Some(nd)
        };
        let mut f = super::units::new_unit(UnitKind::Function, name.clone(), span);
        if let Some(d) = typed(&u.decls, &name.name) {
            f.decls.push(d);
            // The name is the function's, not a variable of the unit.
            for d in u.decls.iter_mut() {
                d.entities.retain(|e| e.name.name != name.name);
            }
            u.decls.retain(|d| !d.entities.is_empty());
        }
        for a in &args {
            if let Some(d) = typed(&u.decls, &a.name) {
                f.decls.push(d);
            }
        }
        f.implicit_rules = u.implicit_rules.clone();
        f.args = args;
        let lhs = Expr { kind: ExprKind::Name(name.clone()), span: name.span, ty: Ty::Unknown };
        f.body.push(Stmt { kind: StmtKind::Assign { lhs, rhs }, span });
        u.contains.push(f);
        Ok(())
    }

    /// `common [/name/] a, b(10) [, /other/ c]...` (`//` or no name: blank common).
    fn common_stmt(&mut self, u: &mut Unit) -> PResult<()> {
        self.bump();
        let mut block: Option<Ident> = None;
        let mut first = true;
        loop {
            let start = self.span();
            if self.eat(&Tok::Concat) {
                block = None;
            } else if self.eat(&Tok::Slash) {
                block = if self.is(&Tok::Slash) { None } else { Some(self.expect_name("a common block name")?) };
                self.expect(&Tok::Slash)?;
            } else if !first {
                // Members continue the current block after a comma.
            }
            first = false;
            let mut members = Vec::new();
            loop {
                let name = self.expect_name("a variable name")?;
                let dims = if self.eat(&Tok::LParen) { Some(self.dim_list()?) } else { None };
                let span = self.from(name.span);
                u.attr_stmts.push(AttrStmt::Common(Entity { name: name.clone(), dims, init: None, span }));
                members.push(name);
                // `a, b` continue; `, /c/` or `/c/` start another block.
                if self.eat(&Tok::Comma) {
                    if matches!(self.tok(), Tok::Slash | Tok::Concat) {
                        break;
                    }
                    continue;
                }
                break;
            }
            let span = self.from(start);
            u.commons.push(CommonBlock { name: block.clone(), members, span });
            if !matches!(self.tok(), Tok::Slash | Tok::Concat) {
                break;
            }
        }
        self.expect_eos()
    }

    /// `equivalence (a, b(2)) [, (c, d)]...`.
    fn equivalence_stmt(&mut self, u: &mut Unit) -> PResult<()> {
        self.bump();
        loop {
            let start = self.span();
            self.expect(&Tok::LParen)?;
            let mut set = Vec::new();
            loop {
                set.push(self.designator()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
            let span = self.from(start);
            u.equivalences.push(EquivSet { items: set, resolved: Vec::new(), span });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()
    }

    /// `dimension [::] a(3), b(n, m)`, `allocatable [::] a(:), b`, `parameter (n = 10, x = 1.5)`.
    fn attr_stmt(&mut self, u: &mut Unit, kw: &str) -> PResult<()> {
        self.bump();
        if kw == "parameter" {
            self.expect(&Tok::LParen)?;
            loop {
                let name = self.expect_name("a name")?;
                self.expect(&Tok::Assign)?;
                let e = self.expr()?;
                if let Some(v) = self.const_int(&e) {
                    self.int_params.insert(name.name.clone(), v);
                }
                let span = self.from(name.span);
                u.attr_stmts.push(AttrStmt::Parameter(Entity { name, dims: None, init: Some(e), span }));
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
            return self.expect_eos();
        }
        self.eat(&Tok::DoubleColon);
        loop {
            let name = self.expect_name("a name")?;
            let dims = if self.eat(&Tok::LParen) { Some(self.dim_list()?) } else { None };
            let span = self.from(name.span);
            if kw == "dimension" && dims.is_none() {
                return Err(self.err_expected("`(` and the array's bounds"));
            }
            let ent = Entity { name, dims, init: None, span };
            u.attr_stmts.push(match kw {
                "dimension" => AttrStmt::Dimension(ent),
                "pointer" => AttrStmt::Pointer(ent),
                "target" => AttrStmt::Target(ent),
                _ => AttrStmt::Allocatable(ent),
            });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()
    }

    /// After `implicit`: `type (a-h, o-z) [, type (l)]`.
    fn implicit_rules(&mut self, u: &mut Unit) -> PResult<()> {
        loop {
            if !self.at_type_spec() {
                return Err(self.err_expected("a type or `none`"));
            }
            // `integer (a-z)`: the parentheses hold letters, not a kind, unless another
            // parenthesised list follows them.
            let mut k = 2;
            let mut depth = 1;
            while depth > 0 && !matches!(self.tok_at(k), Tok::Eos | Tok::Eof) {
                match self.tok_at(k) {
                    Tok::LParen => depth += 1,
                    Tok::RParen => depth -= 1,
                    _ => {}
                }
                k += 1;
            }
            let letters_next = self.tok_at(1) == &Tok::LParen && self.tok_at(k) != &Tok::LParen;
            let (base, sp) = match self.tok().clone() {
                Tok::Name(n) if letters_next && matches!(n.as_str(), "integer" | "real" | "logical") => {
                    let sp = self.bump().span;
                    let b = match n.as_str() {
                        "integer" => BaseTy::Integer(crate::dialect::int_kind()),
                        "real" => BaseTy::Real(crate::dialect::real_kind()),
                        _ => BaseTy::Logical(crate::dialect::logical_kind()),
                    };
                    (b, sp)
                }
                _ => self.type_spec()?,
            };
            if base == BaseTy::Character {
                self.char_len = None;
                self.diags.push(Diagnostic::not_yet("implicit `character` typing", sp));
                return Err(Fail);
            }
            self.expect(&Tok::LParen)?;
            loop {
                let a = self.expect_name("a letter")?;
                let lo = a.name.chars().next().unwrap_or('a');
                let hi = if self.eat(&Tok::Minus) { self.expect_name("a letter")?.name.chars().next().unwrap_or(lo) } else { lo };
                if a.name.len() != 1 || hi < lo {
                    self.diags.push(
                        Diagnostic::error("E0034", "expected a letter or a range of letters (`a-h`)", self.from(a.span))
                            .with_label("not a letter range"),
                    );
                    return Err(Fail);
                }
                u.implicit_rules.push((lo, hi, base));
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if !self.at_eos() {
            return Err(self.err_expected("the end of the statement"));
        }
        Ok(())
    }

    /// `public`, `private` (the module's default), `public [::] a, b`, `private [::] c`;
    /// `protected [::] a` (accepted: it only forbids changes outside the module).
    fn access_stmt(&mut self, u: &mut Unit, kw: &str) -> PResult<()> {
        self.bump();
        let public = kw != "private";
        if self.at_eos() {
            match kw {
                "private" => u.default_private = true,
                "public" => u.default_private = false,
                _ => return Err(self.err_expected("a name")),
            }
            self.eat(&Tok::Eos);
            return Ok(());
        }
        self.eat(&Tok::DoubleColon);
        loop {
            let n = self.expect_name("a name")?;
            if matches!(n.name.as_str(), "operator" | "assignment") && self.is(&Tok::LParen) {
                self.diags.push(Diagnostic::not_yet("defined operators and assignments", n.span));
                return Err(Fail);
            }
            if kw != "protected" {
                u.access.push((n, public));
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()
    }

    /// `namelist /g/ a, b [[,] /h/ c]`.
    fn namelist_stmt(&mut self, u: &mut Unit) -> PResult<()> {
        self.bump();
        while self.eat(&Tok::Slash) {
            let g = self.expect_name("a namelist group name")?;
            self.expect(&Tok::Slash)?;
            let mut objs = Vec::new();
            loop {
                objs.push(self.expect_name("a variable name")?);
                if !self.eat(&Tok::Comma) || self.is(&Tok::Slash) {
                    break;
                }
            }
            match u.namelists.iter_mut().find(|(n, _)| n.name == g.name) {
                // a group named again continues its list
                Some((_, v)) => v.extend(objs),
                None => u.namelists.push((g, objs)),
            }
        }
        self.expect_eos()
    }

    /// `!$omp threadprivate(a, b)` (common blocks, `/c/`, are not implemented yet).
    fn threadprivate(&mut self, u: &mut Unit) -> PResult<()> {
        self.bump();
        self.bump();
        self.expect(&Tok::LParen)?;
        loop {
            if self.is(&Tok::Slash) {
                let sp = self.span();
                self.diags.push(Diagnostic::not_yet("common blocks in `threadprivate`", sp));
                return Err(Fail);
            }
            u.threadprivate.push(self.expect_name("a variable name")?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()
    }

    /// `save [[::] a, b]`, `external [::] f, g`, `intrinsic [::] sqrt`.
    fn name_list_stmt(&mut self, u: &mut Unit, kw: &str) -> PResult<()> {
        self.bump();
        self.eat(&Tok::DoubleColon);
        if kw == "save" && self.at_eos() {
            u.save_all = true;
            self.eat(&Tok::Eos);
            return Ok(());
        }
        loop {
            if kw == "save" && self.eat(&Tok::Slash) {
                // `save /blk/`: common blocks have static storage in gpuf anyway.
                let n = self.expect_name("a common block name")?;
                self.expect(&Tok::Slash)?;
                u.saved_commons.push(n);
                if !self.eat(&Tok::Comma) {
                    break;
                }
                continue;
            }
            let n = self.expect_name("a name")?;
            match kw {
                "save" => u.saved.push(n),
                "external" => u.externals.push(n),
                _ => u.intrinsics.push(n),
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()
    }

    /// `use [, intrinsic ::] m [, only: a, b => c] [, x => y]`.
    fn use_stmt(&mut self) -> PResult<Use> {
        let start = self.bump().span;
        // `use, intrinsic :: m` / `use, non_intrinsic :: m`: gpuf's own modules are the
        // intrinsic ones, so the nature only documents the intent.
        if self.eat(&Tok::Comma) {
            if !(self.eat_name("intrinsic") || self.eat_name("non_intrinsic")) {
                return Err(self.err_expected("`intrinsic` or `non_intrinsic`"));
            }
            self.expect(&Tok::DoubleColon)?;
        }
        self.eat(&Tok::DoubleColon);
        let module = self.expect_name("a module name")?;
        let mut only = None;
        let mut renames = Vec::new();
        if self.eat(&Tok::Comma) {
            if self.is_name("only") && self.tok_at(1) == &Tok::Colon {
                self.bump();
                self.bump();
                let mut list = Vec::new();
                while !self.at_eos() {
                    list.push(self.use_item()?);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                only = Some(list);
            } else {
                loop {
                    let (local, remote) = self.use_item()?;
                    if local.name == remote.name && local.span == remote.span {
                        return Err(self.err_expected("`=>`"));
                    }
                    renames.push((local, remote));
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
            }
        }
        self.expect_eos()?;
        // The integer constants of the module (an intrinsic one, one defined earlier in the
        // file, or one compiled separately) may appear in kind selectors right away.
        let table: Option<Vec<(String, i64)>> = match crate::intrinsic_modules::constants(&module.name) {
            Some(t) => Some(t.iter().map(|(n, v)| (n.to_string(), *v)).collect()),
            None => self.module_consts.get(&module.name).map(|t| t.iter().map(|(n, v)| (n.clone(), *v)).collect()),
        };
        if let Some(table) = table {
            let wanted: Vec<(String, String)> = match &only {
                Some(l) => l.iter().map(|(a, b)| (a.name.clone(), b.name.clone())).collect(),
                None => {
                    // Everything, with the renamed ones under their local names only.
                    let mut v: Vec<(String, String)> = table
                        .iter()
                        .filter(|(n, _)| !renames.iter().any(|(_, r)| r.name == *n))
                        .map(|(n, _)| (n.clone(), n.clone()))
                        .collect();
                    v.extend(renames.iter().map(|(a, b)| (a.name.clone(), b.name.clone())));
                    v
                }
            };
            for (local, remote) in wanted {
                if let Some((_, v)) = table.iter().find(|(n, _)| *n == remote) {
                    self.int_params.insert(local, *v);
                }
            }
        }
        Ok(Use { module, only, renames, span: self.from(start) })
    }

    /// `name` or `local => name` in a `use` statement.
    fn use_item(&mut self) -> PResult<(Ident, Ident)> {
        if (self.is_name("operator") || self.is_name("assignment")) && self.tok_at(1) == &Tok::LParen {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("defined operators and assignments", sp));
            return Err(Fail);
        }
        let local = self.expect_name("a name")?;
        if self.is(&Tok::Assign) && self.tok_at(1) == &Tok::Gt {
            self.bump();
            self.bump();
            let remote = self.expect_name("a name in the module")?;
            return Ok((local, remote));
        }
        Ok((local.clone(), local))
    }
}
