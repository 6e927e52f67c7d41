//! Expressions: the precedence climber, primaries, designators and components, argument
//! lists and array constructors.

use super::{Fail, PResult, Parser};
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;

/// Deepest nesting of parentheses and unary operators inside one expression.
const MAX_EXPR_DEPTH: u32 = 64;

/// Most expression nodes in one statement (keeps every tree walk's recursion shallow).
const MAX_NODES: u32 = 2000;

/// Applies an array constructor's type spec to its items: numeric items are converted with
/// `int`/`real` of the kind; character literals are padded or cut to the length (other
/// character items keep their own length, which assignment pads or cuts the same way).
fn convert_ctor_items(items: &mut [CtorItem], base: BaseTy, len: Option<i64>) {
    for it in items.iter_mut() {
        match it {
            CtorItem::ImpliedDo(d) => convert_ctor_items(&mut d.items, base, len),
            CtorItem::Expr(e) => match base {
                BaseTy::Character => {
                    if let (ExprKind::Str(s), Some(n)) = (&mut e.kind, len) {
                        let n = n as usize;
                        let have = crate::text::raw_len(s);
                        if have > n {
                            // Cut after `n` bytes, at a character boundary.
                            let mut k = 0;
                            let cut = s.char_indices().find(|(_, c)| {
                                k += crate::text::char_len(*c);
                                k > n
                            });
                            if let Some((i, _)) = cut {
                                s.truncate(i);
                            }
                        } else {
                            s.push_str(&" ".repeat(n - have));
                        }
                    }
                }
                BaseTy::Integer(k) | BaseTy::Real(k) | BaseTy::Complex(k) => {
                    let f = match base {
                        BaseTy::Integer(_) => "int",
                        BaseTy::Real(_) => "real",
                        _ => "cmplx",
                    };
                    let sp = e.span;
                    let x = std::mem::replace(e, Expr { kind: ExprKind::Logical(false), span: sp, ty: Ty::Unknown });
                    let kind = Expr { kind: ExprKind::Int(i64::from(k), 4), span: sp, ty: Ty::Unknown };
                    *e = Expr {
                        kind: ExprKind::Apply {
                            name: Ident { name: f.to_string(), span: sp },
                            args: vec![Arg::Index(x), Arg::Keyword(Ident { name: "kind".to_string(), span: sp }, kind)],
                        },
                        span: sp,
                        ty: Ty::Unknown,
                    };
                }
                _ => {}
            },
        }
    }
}

impl Parser {
    /// A substring of an array element, `a(i)(j:k)`: the range is kept as one more
    /// subscript (semantic analysis accepts rank + 1 subscripts for character arrays).
    fn element_substring(&mut self, args: &mut Vec<Arg>) -> PResult<()> {
        if !self.is(&Tok::LParen) {
            return Ok(());
        }
        let sp = self.span();
        let more = self.args()?;
        match <[Arg; 1]>::try_from(more) {
            Ok([r @ Arg::Range { stride: None, .. }]) => {
                args.push(r);
                Ok(())
            }
            _ => {
                self.diags.push(Diagnostic::not_yet("this kind of substring", self.from(sp)));
                Err(Fail)
            }
        }
    }

    /// A variable: `a`, `a(i, j)`, `a(2:n)`.
    pub(crate) fn designator(&mut self) -> PResult<Expr> {
        let name = self.expect_name("a variable")?;
        let name = self.block_rename(name);
        let e = if self.is(&Tok::LParen) {
            let mut args = self.args()?;
            self.element_substring(&mut args)?;
            Expr { kind: ExprKind::Apply { name: name.clone(), args }, span: self.from(name.span), ty: Ty::Unknown }
        } else {
            Expr { span: name.span, kind: ExprKind::Name(name), ty: Ty::Unknown }
        };
        let e = self.components(e)?;
        if self.is(&Tok::LParen) {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("substrings", sp));
            return Err(Fail);
        }
        Ok(e)
    }

    /// `%name` and `%name(subs)` parts after a designator.
    #[inline(never)]
    fn node_components(&mut self, kind: ExprKind, span: Span) -> PResult<Expr> {
        let e = self.node(kind, span)?;
        if self.is(&Tok::Percent) {
            self.components(e)
        } else {
            Ok(e)
        }
    }

    #[inline(never)]
    fn components(&mut self, mut e: Expr) -> PResult<Expr> {
        while self.eat(&Tok::Percent) {
            let name = self.expect_name("a component name")?;
            let subs = if self.is(&Tok::LParen) { self.args()? } else { Vec::new() };
            if self.is(&Tok::LParen) {
                let s2 = self.span();
                self.diags.push(Diagnostic::not_yet("substrings", s2));
                return Err(Fail);
            }
            let span = e.span.to(self.from(name.span));
            e = self.node(ExprKind::Component(Box::new(CompRef { base: e, name, subs })), span)?;
        }
        Ok(e)
    }

    pub(super) fn node(&mut self, kind: ExprKind, span: Span) -> PResult<Expr> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            self.diags.push(
                Diagnostic::error("E0009", format!("expression too complex (more than {MAX_NODES} operations in one statement)"), span)
                    .with_label("limit reached here")
                    .with_note("help: split the computation into several statements"),
            );
            return Err(Fail);
        }
        Ok(Expr { kind, span, ty: Ty::Unknown })
    }

    pub(super) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_EXPR_DEPTH {
            let sp = self.span();
            self.diags.push(
                Diagnostic::error("E0009", format!("expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)"), sp)
                    .with_label("limit reached here"),
            );
            return Err(Fail);
        }
        Ok(())
    }

    pub(crate) fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.equiv();
        self.depth -= 1;
        r
    }

    /// A reference to the defined operator `.name.`: the generic `operator(.name.)`
    /// applied to its operands (sema resolves it, also to type-bound operators).
    fn defined_op(&mut self, n: &str, sp: Span, args: Vec<Expr>) -> PResult<Expr> {
        let span = args.iter().fold(sp, |s, a| s.to(a.span));
        let name = Ident { name: format!("operator(.{n}.)"), span: sp };
        self.node(ExprKind::Apply { name, args: args.into_iter().map(Arg::Index).collect() }, span)
    }

    /// Binary defined operators after the operand `l` (an `.eqv.` level operand): the
    /// lowest precedence, left to right. (Reached from `equiv` only when one follows, so
    /// that ordinary nesting costs no stack frame.)
    #[inline(never)]
    fn defined_binary(&mut self, mut l: Expr) -> PResult<Expr> {
        while let Tok::DefOp(n) = self.tok().clone() {
            let sp = self.bump().span;
            let mut r = self.or()?;
            loop {
                let op = match self.tok() {
                    Tok::Eqv => BinOp::Eqv,
                    Tok::Neqv => BinOp::Neqv,
                    _ => break,
                };
                self.bump();
                let x = self.or()?;
                r = self.binary(op, r, x)?;
            }
            l = self.defined_op(&n, sp, vec![l, r])?;
        }
        Ok(l)
    }

    fn binary(&mut self, op: BinOp, l: Expr, r: Expr) -> PResult<Expr> {
        let span = l.span.to(r.span);
        self.node(ExprKind::Binary(op, Box::new(l), Box::new(r)), span)
    }

    fn equiv(&mut self) -> PResult<Expr> {
        let mut l = self.or()?;
        loop {
            let op = match self.tok() {
                Tok::Eqv => BinOp::Eqv,
                Tok::Neqv => BinOp::Neqv,
                Tok::DefOp(_) => return self.defined_binary(l),
                _ => return Ok(l),
            };
            self.bump();
            let r = self.or()?;
            l = self.binary(op, l, r)?;
        }
    }

    fn or(&mut self) -> PResult<Expr> {
        let mut l = self.and()?;
        while self.eat(&Tok::Or) {
            let r = self.and()?;
            l = self.binary(BinOp::Or, l, r)?;
        }
        Ok(l)
    }

    fn and(&mut self) -> PResult<Expr> {
        let mut l = self.not()?;
        while self.eat(&Tok::And) {
            let r = self.not()?;
            l = self.binary(BinOp::And, l, r)?;
        }
        Ok(l)
    }

    fn not(&mut self) -> PResult<Expr> {
        if self.is(&Tok::Not) {
            let sp = self.bump().span;
            self.enter()?;
            let e = self.not();
            self.depth -= 1;
            let e = e?;
            let span = sp.to(e.span);
            return self.node(ExprKind::Unary(UnOp::Not, Box::new(e)), span);
        }
        self.rel()
    }

    fn rel(&mut self) -> PResult<Expr> {
        let l = self.concat()?;
        let op = match self.rel_op() {
            Some(op) => op,
            None => return Ok(l),
        };
        self.bump();
        let r = self.concat()?;
        if self.rel_op().is_some() {
            let sp = self.span();
            self.diags.push(
                Diagnostic::error("E0005", "comparison operators cannot be chained", sp)
                    .with_label("second comparison")
                    .with_note("help: combine the comparisons with `.and.`"),
            );
            return Err(Fail);
        }
        self.binary(op, l, r)
    }

    fn rel_op(&self) -> Option<BinOp> {
        Some(match self.tok() {
            Tok::EqEq => BinOp::Eq,
            Tok::Ne => BinOp::Ne,
            Tok::Lt => BinOp::Lt,
            Tok::Le => BinOp::Le,
            Tok::Gt => BinOp::Gt,
            Tok::Ge => BinOp::Ge,
            _ => return None,
        })
    }

    fn concat(&mut self) -> PResult<Expr> {
        let mut l = self.add()?;
        while self.eat(&Tok::Concat) {
            let r = self.add()?;
            l = self.binary(BinOp::Concat, l, r)?;
        }
        Ok(l)
    }

    /// A unary `+`/`-` after a binary operator (`a * -b`): accepted, as gfortran does, with a
    /// warning.
    fn signed_operand(&mut self, next: fn(&mut Parser) -> PResult<Expr>) -> PResult<Expr> {
        let op = match self.tok() {
            Tok::Minus => UnOp::Neg,
            Tok::Plus => UnOp::Plus,
            _ => return next(self),
        };
        let sp = self.bump().span;
        self.diags.push(
            Diagnostic::warning("W0001", "unary operator follows an arithmetic operator", sp)
                .with_label("this sign")
                .with_note("help: put the signed operand in parentheses"),
        );
        self.enter()?;
        let e = self.signed_operand(next);
        self.depth -= 1;
        let e = e?;
        let span = sp.to(e.span);
        self.node(ExprKind::Unary(op, Box::new(e)), span)
    }

    fn add(&mut self) -> PResult<Expr> {
        let mut l = match self.tok() {
            Tok::Minus | Tok::Plus => {
                let op = if self.is(&Tok::Minus) { UnOp::Neg } else { UnOp::Plus };
                let sp = self.bump().span;
                if matches!(self.tok(), Tok::Minus | Tok::Plus) {
                    self.signed_operand(Parser::mul)?
                } else {
                    let e = self.mul()?;
                    let span = sp.to(e.span);
                    self.node(ExprKind::Unary(op, Box::new(e)), span)?
                }
            }
            _ => self.mul()?,
        };
        loop {
            let op = match self.tok() {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => return Ok(l),
            };
            self.bump();
            let r = self.signed_operand(Parser::mul)?;
            l = self.binary(op, l, r)?;
        }
    }

    fn mul(&mut self) -> PResult<Expr> {
        let mut l = self.pow()?;
        loop {
            let op = match self.tok() {
                Tok::Star => BinOp::Mul,
                // `/)` ends an array constructor `(/ ... /)`.
                Tok::Slash if self.tok_at(1) == &Tok::RParen => return Ok(l),
                Tok::Slash => BinOp::Div,
                _ => return Ok(l),
            };
            self.bump();
            let r = self.signed_operand(Parser::pow)?;
            l = self.binary(op, l, r)?;
        }
    }

    fn pow(&mut self) -> PResult<Expr> {
        let base = if matches!(self.tok(), Tok::DefOp(_)) { self.defined_unary()? } else { self.primary()? };
        if self.eat(&Tok::Pow) {
            self.enter()?;
            let e = self.signed_operand(Parser::pow);
            self.depth -= 1;
            let e = e?;
            return self.binary(BinOp::Pow, base, e);
        }
        Ok(base)
    }

    /// Unary defined operators: the highest precedence.
    #[inline(never)]
    fn defined_unary(&mut self) -> PResult<Expr> {
        if let Tok::DefOp(n) = self.tok().clone() {
            let sp = self.bump().span;
            self.enter()?;
            let e = self.defined_unary();
            self.depth -= 1;
            return self.defined_op(&n, sp, vec![e?]);
        }
        self.primary()
    }

    /// A literal with a named kind (`1.0_dp`, `5_ik`), out of [`Parser::primary`] (whose
    /// frame is on the recursion path of deep expressions).
    #[inline(never)]
    fn named_kind_literal(&mut self, text: &str, real: bool, kind: &str, sp: Span) -> PResult<Expr> {
        self.bump();
        let k = match self.int_params.get(kind) {
            Some(k @ (4 | 8)) => *k as u8,
            Some(16) if real => 16,
            Some(k @ (1 | 2 | 16)) if !real => *k as u8,
            Some(k) => {
                let what = if real { format!("`real({k})` literals") } else { format!("kind {k} literals") };
                self.diags.push(Diagnostic::not_yet(what, sp));
                return Err(Fail);
            }
            None => {
                self.diags.push(
                    Diagnostic::error("E0032", format!("unknown kind parameter `{kind}`"), sp)
                        .with_label("not an integer parameter declared before this point"),
                );
                return Err(Fail);
            }
        };
        if real {
            if text.contains(['d', 'D']) {
                self.diags.push(
                    Diagnostic::error("E0004", "a real literal with a `d` exponent cannot have a kind suffix", sp)
                        .with_label("both `d` and `_` give a kind"),
                );
            }
            let lit =
                if k == 16 { ExprKind::Quad(crate::lexer::quad_text(text)) } else { ExprKind::Real(crate::lexer::parse_real(text), k) };
            self.node(lit, sp)
        } else {
            match text.parse::<i64>() {
                Ok(v) if k >= 8 || v <= (1i64 << (8 * u32::from(k) - 1)) => self.node(ExprKind::Int(v, k), sp),
                Err(_) if k == 16 && text.parse::<i128>().is_ok() => self.node(ExprKind::Int128(text.parse::<i128>().unwrap_or(0)), sp),
                _ => {
                    self.diags.push(Diagnostic::error("E0004", "integer literal is too large", sp).with_label("out of range"));
                    Err(Fail)
                }
            }
        }
    }

    /// A `real(16)` literal (out of [`Parser::primary`], whose frame is on the recursion
    /// path of deep expressions).
    #[inline(never)]
    fn quad_literal(&mut self, sp: Span) -> PResult<Expr> {
        let Tok::Quad(t) = self.bump().tok.clone() else { return Err(self.err_expected("a number")) };
        self.node(ExprKind::Quad(t), sp)
    }

    pub(super) fn primary(&mut self) -> PResult<Expr> {
        let sp = self.span();
        match self.tok().clone() {
            Tok::Int(v, k) => {
                self.bump();
                self.node(ExprKind::Int(v, k), sp)
            }
            Tok::Real(v, k) => {
                self.bump();
                self.node(ExprKind::Real(v, k), sp)
            }
            Tok::Quad(_) => self.quad_literal(sp),
            Tok::Int128(v) => {
                self.bump();
                self.node(ExprKind::Int128(v), sp)
            }
            Tok::NamedKind { text, real, kind } => self.named_kind_literal(&text, real, &kind, sp),
            Tok::Str(s) => {
                self.bump();
                self.node(ExprKind::Str(s), sp)
            }
            Tok::Boz(text) => {
                self.bump();
                let v = boz_value(&text).unwrap_or_else(|msg| {
                    self.diags.push(Diagnostic::error("E0004", msg, sp).with_label("invalid BOZ literal constant"));
                    0
                });
                self.node(ExprKind::Boz(v), sp)
            }
            t @ (Tok::True | Tok::False) => {
                self.bump();
                self.node(ExprKind::Logical(t == Tok::True), sp)
            }
            Tok::Name(name) => {
                self.bump();
                let id = self.block_rename(Ident { name, span: sp });
                if self.is(&Tok::LParen) {
                    let mut args = self.args()?;
                    self.element_substring(&mut args)?;
                    let span = self.from(sp);
                    self.node_components(ExprKind::Apply { name: id, args }, span)
                } else if self.is(&Tok::Percent) {
                    self.node_components(ExprKind::Name(id), sp)
                } else {
                    self.node(ExprKind::Name(id), sp)
                }
            }
            Tok::LParen if self.tok_at(1) == &Tok::Slash => self.array_ctor(sp),
            Tok::LParen => {
                self.bump();
                let e = self.expr()?;
                if self.is(&Tok::Comma) && self.paren_has_implied_do() {
                    return self.implied_do_rest(e, sp);
                }
                if self.eat(&Tok::Comma) {
                    // A complex literal `(re, im)`.
                    let im = self.expr()?;
                    self.expect(&Tok::RParen)?;
                    let span = self.from(sp);
                    return self.node(ExprKind::Complex(Box::new(e), Box::new(im)), span);
                }
                self.expect(&Tok::RParen)?;
                let span = self.from(sp);
                self.node(ExprKind::Paren(Box::new(e)), span)
            }
            Tok::LBracket => self.array_ctor(sp),
            _ => Err(self.err_expected("expression")),
        }
    }

    /// `[ ... ]` or `(/ ... /)`.
    #[inline(never)]
    fn array_ctor(&mut self, sp: Span) -> PResult<Expr> {
        let close = if self.bump().tok == Tok::LBracket { Tok::RBracket } else { Tok::Slash };
        if close == Tok::Slash {
            self.bump();
        }
        self.enter()?;
        let spec = self.ctor_type_spec();
        let items = spec.and_then(|spec| self.ctor_items(&close).map(|items| (spec, items)));
        self.depth -= 1;
        let (spec, mut items) = items?;
        if close == Tok::Slash {
            self.expect(&Tok::RParen)?;
        }
        if let Some((base, len)) = spec {
            convert_ctor_items(&mut items, base, len);
        }
        let span = self.from(sp);
        self.node(ExprKind::ArrayCtor(items), span)
    }

    /// `type-spec ::` at the start of an array constructor: the type and, for
    /// `character`, a constant length.
    fn ctor_type_spec(&mut self) -> PResult<Option<(BaseTy, Option<i64>)>> {
        let Tok::Name(n) = self.tok() else { return Ok(None) };
        if !matches!(n.as_str(), "integer" | "real" | "logical" | "character" | "doubleprecision" | "double") {
            return Ok(None);
        }
        // Find `::` after the type name and its parenthesised selector, if any.
        let mut k = 1;
        if self.is_name_at(1, "precision") {
            k = 2;
        } else if self.tok_at(1) == &Tok::LParen {
            let mut depth = 0;
            loop {
                match self.tok_at(k) {
                    Tok::LParen => depth += 1,
                    Tok::RParen => {
                        depth -= 1;
                        if depth == 0 {
                            k += 1;
                            break;
                        }
                    }
                    Tok::Eos | Tok::Eof => return Ok(None),
                    _ => {}
                }
                k += 1;
            }
        }
        if self.tok_at(k) != &Tok::DoubleColon {
            return Ok(None);
        }
        let (base, tsp) = self.type_spec()?;
        self.expect(&Tok::DoubleColon)?;
        let len = match self.char_len.take() {
            Some(CharLen::Expr(e)) if base == BaseTy::Character => match self.const_int(&e) {
                Some(v) => Some(v.max(0)),
                None => {
                    self.diags.push(Diagnostic::not_yet("a non-constant length in an array constructor's type", e.span));
                    return Err(Fail);
                }
            },
            Some(_) if base == BaseTy::Character => {
                self.diags.push(Diagnostic::not_yet("this length in an array constructor's type", tsp));
                return Err(Fail);
            }
            _ => None,
        };
        Ok(Some((base, len)))
    }

    /// The items of an array constructor up to and including `close` (`]`, or the `/` of `/)`).
    /// Nested constructors (and parenthesised implied-do lists) are flattened into the list.
    fn ctor_items(&mut self, close: &Tok) -> PResult<Vec<CtorItem>> {
        let mut items = Vec::new();
        if self.eat(close) {
            return Ok(items);
        }
        loop {
            let e = self.expr()?;
            match e.kind {
                ExprKind::ArrayCtor(inner) => items.extend(inner),
                _ => items.push(CtorItem::Expr(e)),
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if !self.eat(close) {
            let what = if close == &Tok::Slash { "`,` or `/)`" } else { "`,` or `]`" };
            return Err(self.err_expected(what));
        }
        Ok(items)
    }

    /// After `(`: `items, var = lo, hi [, step] )`, an implied-do list (as a constructor with
    /// one implied-do item).
    #[inline(never)]
    fn implied_do_rest(&mut self, first: Expr, sp: Span) -> PResult<Expr> {
        let mut items = Vec::new();
        match first.kind {
            ExprKind::ArrayCtor(inner) => items.extend(inner),
            _ => items.push(CtorItem::Expr(first)),
        }
        self.expect(&Tok::Comma)?;
        loop {
            if let (Tok::Name(_), Tok::Assign) = (self.tok(), self.tok_at(1)) {
                break;
            }
            let e = self.expr()?;
            match e.kind {
                ExprKind::ArrayCtor(inner) => items.extend(inner),
                _ => items.push(CtorItem::Expr(e)),
            }
            self.expect(&Tok::Comma)?;
        }
        let var = self.expect_name("the implied-do variable")?;
        let var = self.block_rename(var);
        self.expect(&Tok::Assign)?;
        let lo = self.expr()?;
        self.expect(&Tok::Comma)?;
        let hi = self.expr()?;
        let step = if self.eat(&Tok::Comma) { Some(self.expr()?) } else { None };
        self.expect(&Tok::RParen)?;
        let span = self.from(sp);
        self.node(ExprKind::ArrayCtor(vec![CtorItem::ImpliedDo(Box::new(ImpliedDo { items, var, lo, hi, step }))]), span)
    }

    /// Inside parentheses (after their first item): is there a `name =` at this level before
    /// the closing `)`? That is an implied-do loop `(a(i), i = 1, n)`.
    fn paren_has_implied_do(&self) -> bool {
        let mut depth = 0usize;
        let mut i = 0;
        loop {
            match self.tok_at(i) {
                Tok::LParen => depth += 1,
                Tok::RParen if depth == 0 => return false,
                Tok::RParen => depth -= 1,
                Tok::Eos | Tok::Eof => return false,
                Tok::Name(_) if depth == 0 && self.tok_at(i + 1) == &Tok::Assign => return true,
                _ => {}
            }
            i += 1;
        }
    }

    /// `( args )` of a name: subscripts, sections and keyword arguments.
    pub(super) fn args(&mut self) -> PResult<Vec<Arg>> {
        self.expect(&Tok::LParen)?;
        self.enter()?;
        let r = self.args_inner();
        self.depth -= 1;
        r
    }

    fn args_inner(&mut self) -> PResult<Vec<Arg>> {
        let mut args = Vec::new();
        if self.eat(&Tok::RParen) {
            return Ok(args);
        }
        loop {
            let sp = self.span();
            if let (Tok::Name(k), Tok::Assign) = (self.tok().clone(), self.tok_at(1).clone()) {
                let id = Ident { name: k, span: self.bump().span };
                self.bump();
                let e = self.expr()?;
                args.push(Arg::Keyword(id, e));
            } else {
                let lo = if matches!(self.tok(), Tok::Colon | Tok::DoubleColon) { None } else { Some(self.expr()?) };
                if self.eat(&Tok::DoubleColon) {
                    // `lo::stride` (the lexer sees `::` as one token).
                    let stride = Some(self.expr()?);
                    args.push(Arg::Range { lo, hi: None, stride, span: self.from(sp) });
                } else if self.eat(&Tok::Colon) {
                    let hi = if matches!(self.tok(), Tok::Comma | Tok::RParen | Tok::Colon) { None } else { Some(self.expr()?) };
                    let stride = if self.eat(&Tok::Colon) { Some(self.expr()?) } else { None };
                    args.push(Arg::Range { lo, hi, stride, span: self.from(sp) });
                } else if let Some(e) = lo {
                    args.push(Arg::Index(e));
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if !self.is(&Tok::RParen) {
            return Err(self.err_expected("`,` or `)`"));
        }
        self.bump();
        Ok(args)
    }
}

/// The bits of a BOZ literal constant's text (`z'ff'`, `B"101"`); at most 128 of them.
fn boz_value(text: &str) -> Result<u128, String> {
    let radix = match text.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('b') => 2,
        Some('o') => 8,
        _ => 16,
    };
    let digits = text.get(2..text.len().saturating_sub(1)).unwrap_or("");
    if digits.is_empty() {
        return Err("a BOZ literal constant needs at least one digit".into());
    }
    let mut v: u128 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix).ok_or_else(|| format!("`{c}` is not a digit of a base-{radix} BOZ literal constant"))?;
        v = v
            .checked_mul(u128::from(radix))
            .and_then(|v| v.checked_add(u128::from(d)))
            .ok_or_else(|| "BOZ literal constant is too large (more than 128 bits)".to_string())?;
    }
    Ok(v)
}
