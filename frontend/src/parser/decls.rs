//! Type declarations: type specs with their kinds and lengths, attributes, entities, array
//! bounds, and the constant integer expressions kinds are made of.

use super::{suggest, Fail, PResult, Parser};
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;

impl Parser {
    /// Are the declarations being parsed those of a subroutine or function?
    fn in_procedure(&self) -> bool {
        matches!(self.cur_unit, Some(UnitKind::Subroutine | UnitKind::Function))
    }

    pub(super) fn at_type_spec(&self) -> bool {
        if self.is_assignment() {
            return false;
        }
        match self.tok() {
            Tok::Name(n) => {
                matches!(n.as_str(), "integer" | "real" | "logical" | "character" | "doubleprecision" | "complex" | "doublecomplex")
                    || (n == "double" && (self.is_name_at(1, "precision") || self.is_name_at(1, "complex")))
                    || ((n == "type" || n == "class") && self.tok_at(1) == &Tok::LParen)
            }
            _ => false,
        }
    }

    /// Parses a kind selector's value: `4`, `kind=8`, `dp`.
    fn kind_value(&mut self, e: &Expr) -> Option<i64> {
        self.const_int(e)
    }

    /// Evaluates an integer constant expression made of literals and named constants seen so
    /// far, plus `kind(...)` and `selected_real_kind(...)`/`selected_int_kind(...)`.
    pub(super) fn const_int(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Int(v, _) => Some(*v),
            ExprKind::Name(id) => self.int_params.get(&id.name).copied(),
            ExprKind::Paren(x) => self.const_int(x),
            ExprKind::Unary(UnOp::Neg, x) => self.const_int(x).and_then(i64::checked_neg),
            ExprKind::Unary(UnOp::Plus, x) => self.const_int(x),
            ExprKind::Binary(op, l, r) => {
                let (l, r) = (self.const_int(l)?, self.const_int(r)?);
                match op {
                    BinOp::Add => l.checked_add(r),
                    BinOp::Sub => l.checked_sub(r),
                    BinOp::Mul => l.checked_mul(r),
                    BinOp::Div if r != 0 => l.checked_div(r),
                    _ => None,
                }
            }
            ExprKind::Apply { name, args } => {
                let first = match args.first() {
                    Some(Arg::Index(x)) | Some(Arg::Keyword(_, x)) => x,
                    _ => return None,
                };
                match name.name.as_str() {
                    "selected_real_kind" => {
                        let (mut p, mut r) = (0, 0);
                        for (i, a) in args.iter().enumerate() {
                            let (slot, x) = match a {
                                Arg::Index(x) => (i, x),
                                Arg::Keyword(k, x) if k.name == "p" => (0, x),
                                Arg::Keyword(k, x) if k.name == "r" => (1, x),
                                _ => return None,
                            };
                            let v = self.const_int(x)?;
                            match slot {
                                0 => p = v,
                                1 => r = v,
                                _ => return None,
                            }
                        }
                        Some(crate::sema::selected_real_kind(p, r))
                    }
                    "selected_int_kind" => Some(crate::sema::selected_int_kind(self.const_int(first)?)),
                    "kind" | "digits" | "precision" | "range" | "bit_size" | "radix" | "maxexponent" | "minexponent" => {
                        inquiry(&name.name, self.base_of(first)?)
                    }
                    "exponent" => {
                        let quad = match &first.kind {
                            ExprKind::Quad(t) => Some(t),
                            ExprKind::Unary(UnOp::Neg, x) => match &x.kind {
                                ExprKind::Quad(t) => Some(t),
                                _ => None,
                            },
                            _ => None,
                        };
                        let x = match quad {
                            Some(t) => crate::sema::quad_text_f64(t)?,
                            None => self.const_real(first)?,
                        };
                        if x == 0.0 || !x.is_finite() {
                            return Some(0);
                        }
                        // x = f × 2^e with 0.5 <= |f| < 1 (normal doubles: the biased exponent)
                        let b = ((x.to_bits() >> 52) & 0x7ff) as i64;
                        (b != 0).then_some(b - 1022)
                    }
                    "int" if args.len() == 1 => self.const_int(first).or_else(|| self.const_real(first).map(|r| r.trunc() as i64)),
                    "max" | "min" => {
                        let vals: Option<Vec<i64>> = args
                            .iter()
                            .map(|a| match a {
                                Arg::Index(x) => self.const_int(x),
                                _ => None,
                            })
                            .collect();
                        let vals = vals?;
                        if name.name == "max" {
                            vals.into_iter().max()
                        } else {
                            vals.into_iter().min()
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The type of a literal or of an entity declared so far.
    fn base_of(&self, e: &Expr) -> Option<BaseTy> {
        Some(match &e.kind {
            ExprKind::Int(_, k) => BaseTy::Integer(*k),
            ExprKind::Int128(_) => BaseTy::Integer(16),
            ExprKind::Real(_, k) => BaseTy::Real(*k),
            ExprKind::Quad(_) => BaseTy::Real(16),
            ExprKind::Logical(_) => BaseTy::Logical(crate::dialect::logical_kind()),
            ExprKind::Str(_) => BaseTy::Character,
            ExprKind::Name(id) => self.typed.get(&id.name)?.0,
            ExprKind::Paren(x) | ExprKind::Unary(_, x) => self.base_of(x)?,
            _ => return None,
        })
    }

    /// The value of a real constant expression of literals and real named constants.
    fn const_real(&self, e: &Expr) -> Option<f64> {
        match &e.kind {
            ExprKind::Real(v, _) => Some(*v),
            ExprKind::Int(v, _) => Some(*v as f64),
            ExprKind::Name(id) => match self.typed.get(&id.name) {
                Some((BaseTy::Real(_), v)) => *v,
                _ => self.int_params.get(&id.name).map(|&v| v as f64),
            },
            ExprKind::Paren(x) | ExprKind::Unary(UnOp::Plus, x) => self.const_real(x),
            ExprKind::Unary(UnOp::Neg, x) => self.const_real(x).map(|v| -v),
            _ => None,
        }
    }

    /// `integer`, `integer(8)`, `real(kind=8)`, `double precision`, `character(len=*)`.
    pub(super) fn type_spec(&mut self) -> PResult<(BaseTy, Span)> {
        let start = self.span();
        let Tok::Name(w) = self.bump().tok else {
            return Err(self.err_expected("a type"));
        };
        if w == "class" {
            self.expect(&Tok::LParen)?;
            if self.is(&Tok::Star) {
                // `class(*)`: the pseudo-type `*` that every type extends.
                self.bump();
                self.expect(&Tok::RParen)?;
                self.class_spec = true;
                return Ok((BaseTy::Derived(self.type_name_id("*")), self.from(start)));
            }
            let n = self.expect_name("a derived-type name")?;
            self.expect(&Tok::RParen)?;
            self.class_spec = true;
            return Ok((BaseTy::Derived(self.type_name_id(&n.name)), self.from(start)));
        }
        if w == "type" {
            self.expect(&Tok::LParen)?;
            let n = self.expect_name("a derived-type name")?;
            self.expect(&Tok::RParen)?;
            // `iso_c_binding`'s `c_ptr` and `c_funptr`: an address, as gfortran stores them
            // (a C pointer: 8 bytes, passed by reference, or by value with `value`).
            if n.name == "c_ptr" || n.name == "c_funptr" {
                return Ok((BaseTy::Integer(8), self.from(start)));
            }
            return Ok((BaseTy::Derived(self.type_name_id(&n.name)), self.from(start)));
        }
        if w == "double" || w == "doubleprecision" || w == "doublecomplex" {
            let cplx = w == "doublecomplex" || self.is_name("complex");
            if w == "double" {
                self.bump();
            }
            // `real(16)` under `-fdefault-real-8` without `-fdefault-double-8`, as gfortran.
            let k = crate::dialect::double_kind();
            return Ok((if cplx { BaseTy::Complex(k) } else { BaseTy::Real(k) }, self.from(start)));
        }
        if w == "character" {
            // character, character(len=*), character(10), character*(*), character*10
            self.char_len = None;
            if self.eat(&Tok::LParen) {
                // `(len)`, `(len, kind)`, `(len=, kind=)` in either order, `(kind=)`; the
                // kind must be 1 (`c_char`).
                let mut pos = 0;
                loop {
                    let is_kind = if self.is_name("kind") && self.tok_at(1) == &Tok::Assign {
                        self.bump();
                        self.bump();
                        true
                    } else if self.is_name("len") && self.tok_at(1) == &Tok::Assign {
                        self.bump();
                        self.bump();
                        false
                    } else {
                        pos == 1
                    };
                    pos += 1;
                    let sp = self.span();
                    if is_kind {
                        let e = self.expr()?;
                        if self.kind_value(&e) != Some(1) {
                            let sp = self.from(sp);
                            self.diags.push(Diagnostic::not_yet("character kinds other than 1 (`c_char`)", sp));
                            return Err(Fail);
                        }
                    } else if self.eat(&Tok::Star) {
                        self.char_len = Some(CharLen::Assumed(sp));
                    } else if self.is(&Tok::Colon) && matches!(self.tok_at(1), Tok::RParen | Tok::Comma) {
                        self.bump();
                        self.char_len = Some(CharLen::Deferred(sp));
                    } else {
                        self.char_len = Some(CharLen::Expr(self.expr()?));
                    }
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                self.expect(&Tok::RParen)?;
            } else if self.eat(&Tok::Star) {
                let sp = self.span();
                if let Tok::Int(n, _) = *self.tok() {
                    self.bump();
                    self.char_len = Some(CharLen::Expr(Expr { kind: ExprKind::Int(n, 4), span: sp, ty: Ty::Unknown }));
                } else if self.is(&Tok::LParen) && self.tok_at(1) == &Tok::Star && self.tok_at(2) == &Tok::RParen {
                    self.skip_parens();
                    self.char_len = Some(CharLen::Assumed(self.from(sp)));
                } else if self.is(&Tok::LParen) {
                    self.bump();
                    self.char_len = Some(CharLen::Expr(self.expr()?));
                    self.expect(&Tok::RParen)?;
                } else {
                    self.bump();
                }
            }
            return Ok((BaseTy::Character, self.from(start)));
        }
        let mut kind: Option<(i64, Span)> = None;
        if self.is(&Tok::LParen) {
            self.bump();
            if self.is_name("kind") && self.tok_at(1) == &Tok::Assign {
                self.bump();
                self.bump();
            }
            let ksp = self.span();
            let e = self.expr()?;
            let ksp = self.from(ksp);
            self.expect(&Tok::RParen)?;
            match self.kind_value(&e) {
                Some(k) => kind = Some((k, ksp)),
                None => {
                    self.diags.push(
                        Diagnostic::error("E0032", "kind must be an integer constant", ksp)
                            .with_label("not a constant known here")
                            .with_note("note: kinds may be literals such as `8` or integer parameters declared earlier"),
                    );
                    return Err(Fail);
                }
            }
        } else if self.is(&Tok::Star) {
            // integer*8, real*8
            self.bump();
            if let Tok::Int(k, _) = *self.tok() {
                let sp = self.bump().span;
                // `complex*16` gives the bytes of both parts.
                kind = Some((if w == "complex" { k / 2 } else { k }, sp));
            } else {
                return Err(self.err_expected("a kind after `*`"));
            }
        }
        let sp = self.from(start);
        let default = match w.as_str() {
            "real" | "complex" => crate::dialect::real_kind(),
            "integer" => crate::dialect::int_kind(),
            "logical" => crate::dialect::logical_kind(),
            _ => 4,
        };
        let check = |this: &mut Parser, allowed: &[i64], name: &str| -> PResult<u8> {
            match kind {
                None => Ok(default),
                Some((k, _)) if allowed.contains(&k) => Ok(k as u8),
                Some((k, ksp)) => {
                    if k > 0 && [1, 2, 4, 8, 10, 16].contains(&k) {
                        this.diags.push(Diagnostic::not_yet(format!("`{name}({k})`"), ksp));
                    } else {
                        this.diags.push(
                            Diagnostic::error("E0032", format!("`{name}` has no kind {k}"), ksp).with_label("invalid kind").with_note(
                                format!("note: the supported kinds of `{name}` are {}", {
                                    let ks: Vec<String> = allowed.iter().map(|k| k.to_string()).collect();
                                    match ks.split_last() {
                                        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                                        _ => ks.join(""),
                                    }
                                }),
                            ),
                        );
                    }
                    Err(Fail)
                }
            }
        };
        let base = match w.as_str() {
            "integer" => BaseTy::Integer(check(self, &[1, 2, 4, 8, 16], "integer")?),
            "real" | "complex" => {
                let k = check(self, &[4, 8, 16], &w)?;
                if w == "real" {
                    BaseTy::Real(k)
                } else {
                    BaseTy::Complex(k)
                }
            }
            _ => BaseTy::Logical(check(self, &[1, 2, 4, 8], "logical")?),
        };
        Ok((base, sp))
    }

    pub(super) fn declaration(&mut self) -> Option<Decl> {
        let start = self.span();
        let r = self.declaration_inner(start);
        match r {
            Ok(d) => {
                if self.expect_eos().is_err() {
                    self.skip_statement();
                }
                Some(d)
            }
            Err(Fail) => {
                self.skip_statement();
                None
            }
        }
    }

    fn declaration_inner(&mut self, start: Span) -> PResult<Decl> {
        self.nodes = 0;
        self.depth = 0;
        self.class_spec = false;
        let (base, base_span) = self.type_spec()?;
        let class = self.class_spec;
        let char_len = if base == BaseTy::Character { self.char_len.take() } else { None };
        let mut parameter = false;
        let mut allocatable = false;
        let mut pointer = false;
        let mut target = false;
        let mut dimension = None;
        let mut intent = None;
        let mut optional = false;
        let mut save = false;
        let mut external = false;
        let mut value = false;
        let mut bind_c = None;
        let mut access: Option<bool> = None;
        let mut had_attrs = false;
        while self.eat(&Tok::Comma) {
            had_attrs = true;
            let a = self.expect_name("an attribute")?;
            match a.name.as_str() {
                "parameter" => parameter = true,
                "allocatable" => allocatable = true,
                "dimension" => {
                    self.expect(&Tok::LParen)?;
                    dimension = Some(self.dim_list()?);
                }
                "save" => save = true,
                "external" => external = true,
                "target" => target = true,
                "pointer" => pointer = true,
                "contiguous" | "intrinsic" => {}
                "intent" | "optional" | "value" if !matches!(self.cur_unit, Some(UnitKind::Subroutine | UnitKind::Function)) => {
                    let where_ = if self.cur_unit == Some(UnitKind::Module) { "a module" } else { "a main program" };
                    self.diags.push(
                        Diagnostic::error("E0033", format!("the `{}` attribute is only allowed on dummy arguments", a.name), a.span)
                            .with_label(format!("not allowed in {where_}")),
                    );
                    return Err(Fail);
                }
                "intent" => {
                    self.expect(&Tok::LParen)?;
                    let w = self.expect_name("`in`, `out` or `inout`")?;
                    let i = match w.name.as_str() {
                        "in" if self.is_name("out") => {
                            self.bump();
                            Intent::InOut
                        }
                        "in" => Intent::In,
                        "out" => Intent::Out,
                        "inout" => Intent::InOut,
                        _ => {
                            self.diags.push(
                                Diagnostic::error("E0033", format!("`intent({})` is not valid", w.name), w.span)
                                    .with_label("expected `in`, `out` or `inout`"),
                            );
                            return Err(Fail);
                        }
                    };
                    self.expect(&Tok::RParen)?;
                    intent = Some(i);
                }
                "optional" => optional = true,
                "value" => value = true,
                "public" | "private" => access = Some(a.name == "public"),
                "protected" => {}
                "bind" if self.is(&Tok::LParen) => {
                    let mut name = None;
                    self.bump();
                    let c = self.expect_name("`c`")?;
                    if c.name != "c" {
                        self.diags.push(
                            Diagnostic::error("E0033", format!("`bind({})` is not valid", c.name), c.span).with_label("expected `c`"),
                        );
                        return Err(Fail);
                    }
                    if self.eat(&Tok::Comma) {
                        let n = self.expect_name("`name`")?;
                        self.expect(&Tok::Assign)?;
                        let sp = self.span();
                        match (n.name.as_str(), self.tok().clone()) {
                            ("name", Tok::Str(v)) if !v.trim().is_empty() => {
                                self.bump();
                                name = Some(v.trim().to_string());
                            }
                            _ => {
                                self.diags.push(Diagnostic::not_yet("this `bind(c)` specifier on a variable", sp));
                                return Err(Fail);
                            }
                        }
                    }
                    self.expect(&Tok::RParen)?;
                    bind_c = Some(name);
                }
                "volatile" | "asynchronous" | "bind" => {
                    self.diags.push(Diagnostic::not_yet(format!("the `{}` attribute", a.name), a.span));
                    return Err(Fail);
                }
                other => {
                    let mut d = Diagnostic::error("E0033", format!("unknown attribute `{other}`"), a.span).with_label("not an attribute");
                    if let Some(s) = suggest(
                        other,
                        &["parameter", "allocatable", "dimension", "save", "target", "intent", "optional", "external", "intrinsic"],
                    ) {
                        d = d.with_note(format!("help: did you mean `{s}`?"));
                    }
                    self.diags.push(d);
                    return Err(Fail);
                }
            }
        }
        if !self.eat(&Tok::DoubleColon) && had_attrs {
            return Err(self.err_expected("`::`"));
        }
        let mut entities = Vec::new();
        loop {
            let name = self.expect_name("a variable name")?;
            let dims = if self.eat(&Tok::LParen) { Some(self.dim_list()?) } else { None };
            if base == BaseTy::Character && self.is(&Tok::Star) {
                // `c*10`
                let sp = self.span();
                self.bump();
                if self.is(&Tok::LParen) {
                    self.skip_parens();
                } else {
                    self.bump();
                }
                self.diags.push(Diagnostic::not_yet("a character length after the name (`c*10`)", self.from(sp)));
                return Err(Fail);
            }
            let init = if self.at_arrow() {
                // `p => null()`: pointers start disassociated; no other initial target yet.
                self.bump();
                self.bump();
                let e = self.expr()?;
                if !is_null_call(&e) {
                    self.diags.push(Diagnostic::not_yet("initial pointer targets other than `null()`", e.span));
                    return Err(Fail);
                }
                None
            } else if self.eat(&Tok::Assign) {
                let e = self.expr()?;
                Some(e)
            } else if self.is(&Tok::Ne) || self.is(&Tok::EqEq) {
                return Err(self.err_expected("`=`"));
            } else {
                None
            };
            let mut init = init;
            if parameter && matches!(base, BaseTy::Integer(_)) {
                if let Some(e) = &init {
                    if let Some(v) = self.const_int(e) {
                        if let ExprKind::Apply { name: f, .. } = &e.kind {
                            // `kind(1.0d0)`, `selected_real_kind(15)`: fold to the value.
                            if v < 0 && f.name.starts_with("selected_") {
                                self.diags.push(Diagnostic::not_yet("kinds beyond `real(8)`/`integer(8)`", e.span));
                            }
                            init = Some(Expr { kind: ExprKind::Int(v, 4), span: e.span, ty: Ty::Unknown });
                        }
                        self.int_params.insert(name.name.clone(), v);
                    }
                }
            }
            let real_value = match (&init, base) {
                (Some(e), BaseTy::Real(_)) if parameter => self.const_real(e),
                _ => None,
            };
            self.typed.insert(name.name.clone(), (base, real_value));
            let span = self.from(name.span);
            if let Some(p) = access {
                self.access.push((name.clone(), p));
            }
            entities.push(Entity { name, dims, init, span });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        Ok(Decl {
            base,
            base_span,
            class,
            parameter,
            allocatable,
            pointer,
            target,
            intent,
            optional,
            save,
            external,
            value,
            bind_c,
            dimension,
            char_len,
            entities,
            span: self.from(start),
        })
    }

    /// A dimension list after its `(`, up to and including `)`.
    pub(super) fn dim_list(&mut self) -> PResult<Vec<DimSpec>> {
        let mut dims = Vec::new();
        loop {
            if self.is(&Tok::Colon) {
                let sp = self.bump().span;
                dims.push(DimSpec::Deferred(sp));
            } else if self.is(&Tok::Star) {
                let sp = self.span();
                if !self.in_procedure() {
                    self.diags.push(
                        Diagnostic::error("E0034", "assumed-size arrays are only allowed for dummy arguments", sp)
                            .with_label("`*` is not allowed here"),
                    );
                    return Err(Fail);
                }
                self.bump();
                dims.push(DimSpec::AssumedSize(sp));
            } else {
                let first = self.expr()?;
                if self.eat(&Tok::Colon) {
                    if matches!(self.tok(), Tok::Comma | Tok::RParen) {
                        let sp = self.span_at(0);
                        let span = Span::new(first.span.lo as usize, sp.lo as usize);
                        if self.in_procedure() {
                            dims.push(DimSpec::AssumedLo { lo: first, span });
                            if !self.eat(&Tok::Comma) {
                                break;
                            }
                            continue;
                        } else {
                            self.diags.push(
                                Diagnostic::error("E0034", "an upper bound is required here", span)
                                    .with_label("assumed-shape bounds are only allowed for dummy arguments"),
                            );
                        }
                        return Err(Fail);
                    }
                    if self.is(&Tok::Star) {
                        let sp = self.span();
                        self.diags.push(Diagnostic::not_yet("assumed-size arrays with lower bounds", first.span.to(sp)));
                        return Err(Fail);
                    }
                    let hi = self.expr()?;
                    dims.push(DimSpec::Explicit { lo: Some(first), hi });
                } else {
                    dims.push(DimSpec::Explicit { lo: None, hi: first });
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        if dims.len() > 15 {
            let sp = self.span();
            self.diags.push(Diagnostic::error("E0035", "arrays may have at most 15 dimensions", sp));
            return Err(Fail);
        }
        Ok(dims)
    }
}

/// `null()` (the initial value of a pointer).
pub(super) fn is_null_call(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Apply { name, args } => name.name == "null" && args.is_empty(),
        _ => false,
    }
}

/// The value of the inquiry function `f` (`kind`, `digits`, `range`, ...) for a value of
/// type `b`, as gfortran gives it on x86_64.
fn inquiry(f: &str, b: BaseTy) -> Option<i64> {
    let (k, int) = match b {
        BaseTy::Integer(k) => (k, true),
        BaseTy::Real(k) | BaseTy::Complex(k) => (k, false),
        BaseTy::Logical(k) if f == "kind" => return Some(i64::from(k)),
        BaseTy::Character if f == "kind" => return Some(1),
        _ => return None,
    };
    if f == "kind" {
        return Some(i64::from(k));
    }
    if f == "radix" {
        return Some(2);
    }
    if int {
        let bits = 8 * i64::from(k);
        return match f {
            "digits" => Some(bits - 1),
            "bit_size" => Some(bits),
            "range" => Some(match k {
                1 => 2,
                2 => 4,
                4 => 9,
                8 => 18,
                _ => 38,
            }),
            _ => None,
        };
    }
    // (digits, precision, range, maxexponent, minexponent)
    let m: (i64, i64, i64, i64, i64) = match k {
        4 => (24, 6, 37, 128, -125),
        8 => (53, 15, 307, 1024, -1021),
        16 => (113, 33, 4931, 16384, -16381),
        _ => return None,
    };
    match f {
        "digits" => Some(m.0),
        "precision" => Some(m.1),
        "range" => Some(m.2),
        "maxexponent" => Some(m.3),
        "minexponent" => Some(m.4),
        _ => None,
    }
}
