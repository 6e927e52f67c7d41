//! The transformational array intrinsics: `matmul`, `transpose`, `reshape`, `spread`,
//! `pack`, `unpack`, `cshift`, `eoshift`. Checked arguments are kept in a fixed order
//! that gimplify relies on:
//!
//! - `matmul [a, b]`, `transpose [a]`
//! - `reshape [source, shape]`, `[source, shape, pad]` or `[source, shape, pad, order]`
//!   (`order` a constructor of integer literals; an absent `pad` is then a scalar)
//! - `spread [source, dim, ncopies]` (`dim` an integer literal)
//! - `pack [array, mask]` or `[array, mask, vector]`
//! - `unpack [vector, mask, field]`
//! - `cshift [array, shift, dim]`, `eoshift [array, shift, dim]` or `[array, shift, dim,
//!   boundary]` (`dim` an integer literal, 1 when absent)

use super::*;

impl Checker {
    pub(super) fn transformational(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        let fname = intrinsic_name(f);
        let params: &[&str] = match f {
            I::Matmul => &["matrix_a", "matrix_b"],
            I::Transpose => &["matrix"],
            I::Reshape => &["source", "shape", "pad", "order"],
            I::Spread => &["source", "dim", "ncopies"],
            I::Pack => &["array", "mask", "vector"],
            I::Unpack => &["vector", "mask", "field"],
            I::Cshift => &["array", "shift", "dim"],
            _ => &["array", "shift", "boundary", "dim"],
        };
        let required = match f {
            I::Transpose => 1,
            I::Spread | I::Unpack => 3,
            _ => 2,
        };
        let mut slots: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        let mut npos = 0;
        for a in args {
            match a {
                Arg::Index(mut e) => {
                    self.expr(&mut e);
                    match slots.get_mut(npos) {
                        Some(slot @ None) => *slot = Some(e),
                        _ => {
                            self.err(
                                Diagnostic::error("E0209", format!("too many arguments for `{fname}`"), e.span)
                                    .with_label("unexpected argument"),
                            );
                            ok = false;
                        }
                    }
                    npos += 1;
                }
                Arg::Keyword(k, mut e) => {
                    self.expr(&mut e);
                    match params.iter().position(|p| *p == k.name).and_then(|i| slots.get_mut(i)) {
                        Some(slot @ None) => *slot = Some(e),
                        _ => {
                            self.err(unknown_keyword(fname, &k, "unknown or repeated keyword"));
                            ok = false;
                        }
                    }
                }
                Arg::Range { span: rs, .. } => {
                    self.err(range_argument(fname, rs));
                    ok = false;
                }
            }
        }
        let unknown =
            |slots: Vec<Option<Expr>>| (ExprKind::Intrinsic { func: f, args: slots.into_iter().flatten().collect() }, Ty::Unknown);
        if !ok || slots.iter().flatten().any(|e| e.ty == Ty::Unknown) {
            return unknown(slots);
        }
        if let Some(i) = slots.iter().take(required).position(Option::is_none) {
            self.err(
                Diagnostic::error("E0209", format!("`{fname}` needs the `{}` argument", params.get(i).unwrap_or(&"array")), span)
                    .with_label("missing argument"),
            );
            return unknown(slots);
        }
        // In compute constructs `reshape(source, shape)` is an index map over its source
        // (no temporary); `pad` and `order` are not supported there yet.
        let device_reshape = f == Intrinsic::Reshape && self.in_compute() && slots.iter().skip(2).all(Option::is_none);
        if self.on_device() && !device_reshape {
            self.err(Diagnostic::not_yet(format!("`{fname}` {}", self.device_where()), span));
            return unknown(slots);
        }
        let int = |v: i64| Expr { kind: ExprKind::Int(v, 4), span, ty: Ty::Scalar(BaseTy::Integer(4)) };
        let arg_err = |this: &mut Checker, e: &Expr, what: &str, need: &str| {
            this.err(
                Diagnostic::error("E0210", format!("the `{what}` argument of `{fname}` must be {need}, found {}", ty_name(e.ty)), e.span)
                    .with_label(format!("expected {need}")),
            );
        };
        let mut it = slots.clone().into_iter();
        let mut next = || it.next().flatten();
        let first = next().unwrap_or_else(|| int(0));
        let b0 = first.ty.base().unwrap_or(BaseTy::Integer(4));
        let r0 = first.ty.rank();
        if b0 == BaseTy::Character {
            self.err(Diagnostic::not_yet(format!("`{fname}` of character arrays"), first.span));
            return unknown(slots);
        }
        // A constant `dim` in 1..=max (1 when absent).
        let dim_of = |this: &mut Checker, d: Option<Expr>, max: u8| -> Option<Expr> {
            let Some(d) = d else { return Some(int(1)) };
            if !this.want_int_scalar(&d, "the `dim` argument must be a scalar integer") {
                return None;
            }
            match this.const_int(&d) {
                Some(v) if v >= 1 && v <= i64::from(max) => Some(int(v)),
                Some(v) => {
                    this.err(
                        Diagnostic::error("E0218", format!("the `dim` argument of `{fname}` is {v}, outside 1 to {max}"), d.span)
                            .with_label(format!("the result has rank {max}")),
                    );
                    None
                }
                None => {
                    this.err(Diagnostic::not_yet(format!("a non-constant `dim` argument of `{fname}`"), d.span));
                    None
                }
            }
        };
        match f {
            I::Matmul => {
                let b = next().unwrap_or_else(|| int(0));
                for (e, w) in [(&first, "matrix_a"), (&b, "matrix_b")] {
                    if !e.ty.base().is_some_and(is_numeric) || !(1..=2).contains(&e.ty.rank()) {
                        arg_err(self, e, w, "a numeric array of rank 1 or 2");
                        return unknown(slots);
                    }
                }
                let r = match (r0, b.ty.rank()) {
                    (2, 2) => 2,
                    (1, 2) | (2, 1) => 1,
                    _ => {
                        self.err(
                            Diagnostic::error("E0230", "`matmul` needs a matrix operand (both arguments have rank 1)", span)
                                .with_label("use `dot_product` for two vectors"),
                        );
                        return unknown(slots);
                    }
                };
                let rb = promote(b0, b.ty.base().unwrap_or(b0));
                (ExprKind::Intrinsic { func: f, args: vec![first, b] }, with_rank(rb, r))
            }
            I::Transpose => {
                if r0 != 2 {
                    arg_err(self, &first, "matrix", "a rank-2 array");
                    return unknown(slots);
                }
                (ExprKind::Intrinsic { func: f, args: vec![first] }, with_rank(b0, 2))
            }
            I::Reshape => {
                let shape = next().unwrap_or_else(|| int(0));
                let pad = next();
                let order = next();
                if r0 == 0 {
                    arg_err(self, &first, "source", "an array");
                    return unknown(slots);
                }
                if shape.ty.rank() != 1 || !matches!(shape.ty.base(), Some(BaseTy::Integer(_))) {
                    arg_err(self, &shape, "shape", "a rank-1 `integer` array");
                    return unknown(slots);
                }
                let Some(n) = self.const_size(&shape) else {
                    self.err(Diagnostic::not_yet("a `shape` argument of `reshape` whose size is not constant", shape.span));
                    return unknown(slots);
                };
                if !(1..=15).contains(&n) {
                    self.err(
                        Diagnostic::error("E0218", format!("the `shape` argument of `reshape` has {n} elements"), shape.span)
                            .with_label("the result must have rank 1 to 15"),
                    );
                    return unknown(slots);
                }
                if let Some(p) = &pad {
                    if p.ty.base() != first.ty.base() || p.ty.rank() == 0 {
                        arg_err(self, p, "pad", &format!("an array of the type of `source` (`{}`)", base_name(b0)));
                        return unknown(slots);
                    }
                }
                // Constant sizes that cannot fit.
                if let (None, Some(have), Some(want)) = (&pad, self.const_size(&first), self.const_product(&shape)) {
                    if want > have {
                        self.err(
                            Diagnostic::error(
                                "E0218",
                                format!("`reshape` to {want} elements, but `source` has only {have} and there is no `pad`"),
                                shape.span,
                            )
                            .with_label(format!("{want} elements")),
                        );
                        return unknown(slots);
                    }
                }
                // `order`: a permutation of 1..n, constant (kept as a constructor of literals).
                let order = match order {
                    None => None,
                    Some(o) => {
                        let vals: Option<Vec<i64>> = match &o.kind {
                            ExprKind::ArrayCtor(items) => items
                                .iter()
                                .map(|it| match it {
                                    CtorItem::Expr(x) => self.const_int(x),
                                    CtorItem::ImpliedDo(_) => None,
                                })
                                .collect(),
                            _ => None,
                        };
                        let Some(vals) = vals else {
                            self.err(Diagnostic::not_yet(
                                "an `order` argument of `reshape` that is not a constructor of constants",
                                o.span,
                            ));
                            return unknown(slots);
                        };
                        let mut sorted = vals.clone();
                        sorted.sort_unstable();
                        if sorted != (1..=n).collect::<Vec<i64>>() {
                            self.err(
                                Diagnostic::error(
                                    "E0218",
                                    format!("the `order` argument of `reshape` is not a permutation of 1 to {n}"),
                                    o.span,
                                )
                                .with_label("not a permutation"),
                            );
                            return unknown(slots);
                        }
                        let items = vals.into_iter().map(|v| CtorItem::Expr(int(v))).collect();
                        Some(Expr { kind: ExprKind::ArrayCtor(items), span: o.span, ty: Ty::Array(BaseTy::Integer(4), 1) })
                    }
                };
                let mut args = vec![first, shape];
                match (pad, order) {
                    (pad, Some(o)) => {
                        // The placeholder for an absent `pad` is a scalar (`pad` is an array).
                        args.push(pad.unwrap_or(Expr { kind: ExprKind::Logical(false), span, ty: Ty::Scalar(BaseTy::Logical(4)) }));
                        args.push(o);
                    }
                    (pad, None) => args.extend(pad),
                }
                (ExprKind::Intrinsic { func: f, args }, with_rank(b0, n as u8))
            }
            I::Spread => {
                if r0 >= 7 {
                    arg_err(self, &first, "source", "a scalar or an array of rank at most 6");
                    return unknown(slots);
                }
                let Some(dim) = dim_of(self, next(), r0 + 1) else { return unknown(slots) };
                let nc = next().unwrap_or_else(|| int(0));
                if !self.want_int_scalar(&nc, "the `ncopies` argument must be a scalar integer") {
                    return unknown(slots);
                }
                (ExprKind::Intrinsic { func: f, args: vec![first, dim, nc] }, with_rank(b0, r0 + 1))
            }
            I::Pack | I::Unpack => {
                let mask = next().unwrap_or_else(|| int(0));
                let third = next();
                if !matches!(mask.ty.base(), Some(BaseTy::Logical(_))) {
                    self.err(mask_not_logical(fname, &mask));
                    return unknown(slots);
                }
                let rank = if f == I::Pack {
                    if r0 == 0 {
                        arg_err(self, &first, "array", "an array");
                        return unknown(slots);
                    }
                    if mask.ty.rank() != 0 && mask.ty.rank() != r0 {
                        self.err(
                            Diagnostic::error(
                                "E0230",
                                format!("the `mask` of `pack` has rank {} but the array has rank {r0}", mask.ty.rank()),
                                mask.span,
                            )
                            .with_label("arrays must conform"),
                        );
                        return unknown(slots);
                    }
                    if let Some(v) = &third {
                        if v.ty.base() != first.ty.base() || v.ty.rank() != 1 {
                            arg_err(self, v, "vector", &format!("a rank-1 array of the type of `array` (`{}`)", base_name(b0)));
                            return unknown(slots);
                        }
                    }
                    1
                } else {
                    if r0 != 1 {
                        arg_err(self, &first, "vector", "a rank-1 array");
                        return unknown(slots);
                    }
                    if mask.ty.rank() == 0 {
                        arg_err(self, &mask, "mask", "a `logical` array");
                        return unknown(slots);
                    }
                    let field = third.as_ref().unwrap_or(&first);
                    if field.ty.base() != first.ty.base() || (field.ty.rank() != 0 && field.ty.rank() != mask.ty.rank()) {
                        arg_err(self, field, "field", &format!("a scalar or an array like `mask` of type `{}`", base_name(b0)));
                        return unknown(slots);
                    }
                    mask.ty.rank()
                };
                let mut args = vec![first, mask];
                args.extend(third);
                (ExprKind::Intrinsic { func: f, args }, with_rank(b0, rank))
            }
            _ => {
                // cshift, eoshift
                if r0 == 0 {
                    arg_err(self, &first, "array", "an array");
                    return unknown(slots);
                }
                let shift = next().unwrap_or_else(|| int(0));
                if shift.ty.rank() > 0 {
                    // One shift per vector along `dim`: an array of rank one less.
                    if !matches!(shift.ty.base(), Some(BaseTy::Integer(_))) || shift.ty.rank() + 1 != r0 {
                        arg_err(self, &shift, "shift", &format!("an `integer` scalar or an array of rank {}", r0 - 1));
                        return unknown(slots);
                    }
                } else if !self.want_int_scalar(&shift, "the `shift` argument must be a scalar integer") {
                    return unknown(slots);
                }
                let boundary = if f == I::Eoshift { next() } else { None };
                if let Some(b) = &boundary {
                    if b.ty.rank() > 0 {
                        self.err(Diagnostic::not_yet("an array `boundary` argument of `eoshift`", b.span));
                        return unknown(slots);
                    }
                    if b.ty.base() != first.ty.base() {
                        arg_err(self, b, "boundary", &format!("a scalar of type `{}`", base_name(b0)));
                        return unknown(slots);
                    }
                }
                let Some(dim) = dim_of(self, next(), r0) else { return unknown(slots) };
                let mut args = vec![first, shift, dim];
                args.extend(boundary);
                (ExprKind::Intrinsic { func: f, args }, with_rank(b0, r0))
            }
        }
    }

    /// The number of elements of an array expression when it is known at compile time: a
    /// constructor of scalars, or a named array with constant bounds.
    fn const_size(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::ArrayCtor(items) => {
                items.iter().try_fold(0i64, |n, it| matches!(it, CtorItem::Expr(x) if x.ty.rank() == 0).then_some(n + 1))
            }
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name)?;
                if s.allocatable || s.rank == 0 {
                    return None;
                }
                s.dims.iter().try_fold(1i64, |n, d| match d {
                    DimSpec::Explicit { lo, hi } => {
                        let l = match lo {
                            Some(x) => self.const_int(x)?,
                            None => 1,
                        };
                        Some(n * (self.const_int(hi)? - l + 1).max(0))
                    }
                    _ => None,
                })
            }
            _ => None,
        }
    }

    /// The product of the values of a constructor of constant integers.
    fn const_product(&self, e: &Expr) -> Option<i64> {
        let ExprKind::ArrayCtor(items) = &e.kind else { return None };
        items.iter().try_fold(1i64, |n, it| match it {
            CtorItem::Expr(x) => Some(n.saturating_mul(self.const_int(x)?.max(0))),
            CtorItem::ImpliedDo(_) => None,
        })
    }
}
