//! `data` statements: objects (with implied-do lists) matched with values, which become
//! the variables' initial values.

use super::*;

/// The span of a subscript.
pub(super) fn a_span(a: &Arg) -> Span {
    match a {
        Arg::Index(e) | Arg::Keyword(_, e) => e.span,
        Arg::Range { span, .. } => *span,
    }
}

/// `e` with the implied-do variables in `binds` replaced by their values.
pub(crate) fn substitute(e: &Expr, binds: &[(String, i64)]) -> Expr {
    let mut e = e.clone();
    pub(super) fn walk(e: &mut Expr, binds: &[(String, i64)]) {
        match &mut e.kind {
            ExprKind::Name(id) => {
                if let Some((_, v)) = binds.iter().rev().find(|(n, _)| *n == id.name) {
                    e.kind = ExprKind::Int(*v, 4);
                    e.ty = Ty::Scalar(BaseTy::Integer(4));
                }
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => walk(x, binds),
            ExprKind::Binary(_, x, y) => {
                walk(x, binds);
                walk(y, binds);
            }
            _ => {}
        }
    }
    walk(&mut e, binds);
    e
}

impl Checker {
    /// The constant bounds (lower bound, extent) of a symbol's dimensions.
    pub(super) fn const_shape(&self, s: &Symbol) -> Option<Vec<(i64, i64)>> {
        s.dims
            .iter()
            .map(|d| match d {
                DimSpec::Explicit { lo, hi } => {
                    let l = lo.as_ref().map_or(Some(1), |e| self.const_int(e))?;
                    Some((l, (self.const_int(hi)? - l + 1).max(0)))
                }
                _ => None,
            })
            .collect()
    }

    /// One `objects / values /` pair: each object gets its value in order; the values of
    /// a variable (with zeros for array elements not named) become its initial value.
    pub(super) fn data_set(&mut self, set: &DataSet) {
        // The objects, expanded: (symbol name, element position or whole variable, span).
        let mut targets: Vec<(String, Option<i64>, Span)> = Vec::new();
        let mut binds: Vec<(String, i64)> = Vec::new();
        if !self.data_targets(&set.objects, &mut binds, &mut targets) {
            return;
        }
        // The values, with repeat counts expanded.
        let mut values: Vec<Expr> = Vec::new();
        for (rep, v) in &set.values {
            let mut v = v.clone();
            // a BOZ constant takes the type of its variable (below)
            let boz = matches!(v.kind, ExprKind::Boz(_));
            if !boz {
                self.expr(&mut v);
            }
            if v.ty == Ty::Unknown && !boz {
                return;
            }
            if !boz && !self.is_const(&v) {
                self.err(Diagnostic::error("E0205", "a `data` value must be a constant", v.span).with_label("not constant"));
                return;
            }
            let n = match rep {
                None => 1,
                Some(r) => match self.const_int(r) {
                    Some(n) if n >= 0 => n,
                    _ => {
                        self.err(
                            Diagnostic::error("E0205", "a `data` repeat count must be a non-negative integer constant", r.span)
                                .with_label("not a repeat count"),
                        );
                        return;
                    }
                },
            };
            for _ in 0..n.min(1 << 24) {
                values.push(v.clone());
            }
        }
        // Whole arrays take as many values as they have elements.
        let mut slots: Vec<(String, Option<i64>, Span)> = Vec::new();
        for (name, pos, sp) in targets {
            let Some(s) = self.syms.get(&name) else { continue };
            if pos.is_none() && s.rank > 0 {
                let Some(shape) = self.const_shape(s) else {
                    self.err(Diagnostic::not_yet("`data` for arrays without constant bounds", sp));
                    return;
                };
                let n: i64 = shape.iter().map(|(_, e)| e).product();
                for k in 0..n {
                    slots.push((name.clone(), Some(k), sp));
                }
            } else {
                slots.push((name, pos, sp));
            }
        }
        if slots.len() != values.len() {
            self.err(
                Diagnostic::error(
                    "E0232",
                    format!("this `data` statement has {} object(s) but {} value(s)", slots.len(), values.len()),
                    set.span,
                )
                .with_label("the numbers of objects and values must agree"),
            );
            return;
        }
        for ((name, pos, sp), mut v) in slots.into_iter().zip(values) {
            let Some(i) = self.syms.index(&name) else { continue };
            let Some(s) = self.syms.list().get(i) else { continue };
            let (base, rank, shape) = (s.base, s.rank, self.const_shape(s));
            if let ExprKind::Boz(b) = v.kind {
                let BaseTy::Integer(k) = base else {
                    self.err(
                        Diagnostic::error(
                            "E0234",
                            format!("a BOZ literal constant in `data` can only give a value to an `integer`, not to `{name}`"),
                            v.span,
                        )
                        .with_label(format!("`{name}` is {}", ty_name(Ty::Scalar(base)))),
                    );
                    continue;
                };
                v.kind = boz::boz_int_literal(b, k);
                v.ty = Ty::Scalar(base);
            }
            if !self.assign_compat(Ty::Scalar(base), v.ty, v.span) {
                continue;
            }
            let in_program = self.kind == UnitKind::Program;
            let Some(s) = self.syms.get_mut(i) else { continue };
            if rank == 0 {
                s.init = Some(v);
            } else {
                let Some(shape) = shape else { continue };
                let n: i64 = shape.iter().map(|(_, e)| e).product();
                let zero = |sp: Span| match base {
                    BaseTy::Integer(k) => Expr { kind: ExprKind::Int(0, k), span: sp, ty: Ty::Scalar(base) },
                    BaseTy::Real(k) => Expr { kind: ExprKind::Real(0.0, k), span: sp, ty: Ty::Scalar(base) },
                    BaseTy::Logical(_) => Expr { kind: ExprKind::Logical(false), span: sp, ty: Ty::Scalar(base) },
                    BaseTy::Complex(k) => {
                        let z = Expr { kind: ExprKind::Real(0.0, k), span: sp, ty: Ty::Scalar(BaseTy::Real(k)) };
                        Expr { kind: ExprKind::Complex(Box::new(z.clone()), Box::new(z)), span: sp, ty: Ty::Scalar(base) }
                    }
                    _ => Expr { kind: ExprKind::Str(String::new()), span: sp, ty: Ty::Scalar(base) },
                };
                let mut items: Vec<CtorItem> = match s.init.take() {
                    Some(Expr { kind: ExprKind::ArrayCtor(items), .. }) if items.len() as i64 == n => items,
                    _ => (0..n).map(|_| CtorItem::Expr(zero(sp))).collect(),
                };
                if let Some(slot) = pos.and_then(|p| items.get_mut(p as usize)) {
                    *slot = CtorItem::Expr(v);
                }
                s.init = Some(Expr { kind: ExprKind::ArrayCtor(items), span: sp, ty: Ty::Array(base, 1) });
            }
            if !in_program {
                s.save = true;
            }
        }
    }

    /// Expands `data` objects into (variable, element position) pairs; implied-do
    /// variables take the constant values in `binds`.
    pub(super) fn data_targets(
        &mut self,
        objects: &[CtorItem],
        binds: &mut Vec<(String, i64)>,
        out: &mut Vec<(String, Option<i64>, Span)>,
    ) -> bool {
        for it in objects {
            match it {
                CtorItem::Expr(e) => {
                    let (name, subs) = match &e.kind {
                        ExprKind::Name(id) => (id, None),
                        ExprKind::Apply { name, args } => (name, Some(args)),
                        _ => {
                            self.err(Diagnostic::error("E0233", "a `data` object must be a variable or an array element", e.span));
                            return false;
                        }
                    };
                    if self.syms.get(&name.name).is_some_and(|s| matches!(s.base, BaseTy::Derived(_) | BaseTy::Complex(_))) {
                        self.err(Diagnostic::not_yet("`data` for derived-type and complex variables", e.span));
                        return false;
                    }
                    let Some(s) = self.syms.get(&name.name).cloned() else {
                        if self.implicit_none {
                            self.err(
                                Diagnostic::error("E0101", format!("undeclared variable `{}`", name.name), name.span)
                                    .with_label("not declared"),
                            );
                            return false;
                        }
                        let s = Symbol::new(name.name.clone(), self.implicit(&name.name), name.span);
                        self.syms.push(s);
                        out.push((name.name.clone(), None, e.span));
                        continue;
                    };
                    if s.dummy.is_some()
                        || s.parameter
                        || s.allocatable
                        || s.module.as_deref().is_some_and(|m| Some(m) != self.module.as_deref())
                    {
                        self.err(
                            Diagnostic::error("E0233", format!("`{}` cannot be initialised by `data`", name.name), name.span)
                                .with_label("a dummy argument, parameter, allocatable or use-associated variable"),
                        );
                        return false;
                    }
                    let Some(subs) = subs else {
                        out.push((name.name.clone(), None, e.span));
                        continue;
                    };
                    let Some(shape) = self.const_shape(&s) else {
                        self.err(Diagnostic::not_yet("`data` for elements of arrays without constant bounds", e.span));
                        return false;
                    };
                    if subs.len() != shape.len() {
                        self.err(Diagnostic::not_yet("sections and substrings in `data`", e.span));
                        return false;
                    }
                    // The subscripts each dimension takes (a section walks its range).
                    let mut per_dim: Vec<Vec<i64>> = Vec::new();
                    for (a, (lb, ext)) in subs.iter().zip(&shape) {
                        let c = |g: &mut Self, x: Option<&Expr>, dflt: i64| -> Option<i64> {
                            let Some(x) = x else { return Some(dflt) };
                            let x = substitute(x, binds);
                            let v = g.const_int(&x);
                            if v.is_none() {
                                g.err(
                                    Diagnostic::error("E0205", "a `data` subscript must be a constant", x.span).with_label("not constant"),
                                );
                            }
                            v
                        };
                        let vals: Vec<i64> = match a {
                            Arg::Index(x) => vec![match c(self, Some(x), 0) {
                                Some(v) => v,
                                None => return false,
                            }],
                            Arg::Range { lo, hi, stride, .. } => {
                                let (Some(l), Some(h), Some(st)) =
                                    (c(self, lo.as_ref(), *lb), c(self, hi.as_ref(), lb + ext - 1), c(self, stride.as_ref(), 1))
                                else {
                                    return false;
                                };
                                if st == 0 {
                                    return false;
                                }
                                let mut v = Vec::new();
                                let mut k = l;
                                while (st > 0 && k <= h) || (st < 0 && k >= h) {
                                    v.push(k);
                                    k += st;
                                }
                                v
                            }
                            Arg::Keyword(..) => return false,
                        };
                        if let Some(v) = vals.iter().find(|v| **v < *lb || **v >= lb + ext) {
                            self.err(
                                Diagnostic::error("E0233", format!("subscript {v} is out of the bounds of `{}`", name.name), a_span(a))
                                    .with_label("out of bounds"),
                            );
                            return false;
                        }
                        per_dim.push(vals);
                    }
                    // Every combination, the first dimension fastest.
                    let mut at = vec![0usize; per_dim.len()];
                    if per_dim.iter().any(Vec::is_empty) {
                        continue;
                    }
                    loop {
                        let mut pos = 0i64;
                        let mut stride = 1i64;
                        for ((vals, &a), (lb, ext)) in per_dim.iter().zip(&at).zip(&shape) {
                            pos += (vals.get(a).copied().unwrap_or(*lb) - lb) * stride;
                            stride *= ext;
                        }
                        out.push((name.name.clone(), Some(pos), e.span));
                        // Next combination: an odometer over the dimensions.
                        let mut carried = true;
                        for (a, vals) in at.iter_mut().zip(&per_dim) {
                            *a += 1;
                            if *a < vals.len() {
                                carried = false;
                                break;
                            }
                            *a = 0;
                        }
                        if carried {
                            break;
                        }
                    }
                }
                CtorItem::ImpliedDo(d) => {
                    let lo = self.const_int(&substitute(&d.lo, binds));
                    let hi = self.const_int(&substitute(&d.hi, binds));
                    let st = d.step.as_ref().map_or(Some(1), |s| self.const_int(&substitute(s, binds)));
                    let (Some(lo), Some(hi), Some(st)) = (lo, hi, st) else {
                        self.err(Diagnostic::error(
                            "E0205",
                            "the bounds of a `data` implied-do must be constants",
                            d.lo.span.to(d.hi.span),
                        ));
                        return false;
                    };
                    if st == 0 {
                        self.err(Diagnostic::error("E0205", "the step of a `data` implied-do cannot be zero", d.var.span));
                        return false;
                    }
                    let mut i = lo;
                    let mut guard = 0;
                    while (st > 0 && i <= hi) || (st < 0 && i >= hi) {
                        binds.push((d.var.name.clone(), i));
                        let ok = self.data_targets(&d.items, binds, out);
                        binds.pop();
                        if !ok {
                            return false;
                        }
                        i += st;
                        guard += 1;
                        if guard > 1 << 24 {
                            break;
                        }
                    }
                }
            }
        }
        true
    }
}
