//! The array reduction, location and inquiry intrinsics (`sum`, `maxloc`, `count`, `size`,
//! `dot_product`, `merge`, ...): their arguments in canonical order and result types.

use super::*;

impl Checker {
    /// The array intrinsics: arguments by keyword or position, in the canonical form
    /// `[array, dim, mask]` (reductions, `maxloc`, `minloc`), `[mask, dim]` (`count`, `any`,
    /// `all`), `[array, dim]` (`size`, `lbound`, `ubound`), `[source]` (`shape`),
    /// `[a, b]` (`dot_product`), `[tsource, fsource, mask]` (`merge`). An absent `dim` is
    /// the integer literal 0, an absent mask the literal `.true.`. `findloc`'s is
    /// `[array, dim, mask, value, back]` (`back` absent: `.false.`), `norm2`'s `[array, dim]`.
    #[inline(never)]
    pub(super) fn array_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        if f.is_transformational() {
            return self.transformational(f, args, span);
        }
        let fname = intrinsic_name(f);
        let mut params: &[&str] = match f {
            I::Findloc => &["array", "value", "dim", "mask", "kind", "back"],
            I::Norm2 => &["array", "dim"],
            I::Sum | I::Product | I::Maxval | I::Minval | I::Maxloc | I::Minloc | I::Iall | I::Iany | I::Iparity => {
                &["array", "dim", "mask"]
            }
            I::Count | I::Any | I::All | I::Parity => &["mask", "dim"],
            I::Size | I::Lbound | I::Ubound => &["array", "dim"],
            I::Shape => &["source"],
            I::DotProduct => &["vector_a", "vector_b"],
            _ => &["tsource", "fsource", "mask"],
        };
        let mut slots: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        let mut npos = 0;
        for a in args {
            match a {
                Arg::Index(mut e) => {
                    self.expr(&mut e);
                    let mut k = npos;
                    // `sum(a, mask)`: a logical second argument is the mask.
                    if k == 1 && params.get(2) == Some(&"mask") && f != I::Merge && matches!(e.ty.base(), Some(BaseTy::Logical(_))) {
                        k = 2;
                    }
                    npos += 1;
                    match slots.get_mut(k) {
                        Some(slot @ None) => *slot = Some(e),
                        _ => {
                            self.err(
                                Diagnostic::error("E0209", format!("too many arguments for `{fname}`"), e.span)
                                    .with_label("unexpected argument"),
                            );
                            ok = false;
                        }
                    }
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
        let lit = |kind: ExprKind, ty: Ty| Expr { kind, span, ty };
        let unknown = |slots: Vec<Option<Expr>>| {
            let args = slots.into_iter().flatten().collect();
            (ExprKind::Intrinsic { func: f, args }, Ty::Unknown)
        };
        if !ok || slots.iter().flatten().any(|e| e.ty == Ty::Unknown) {
            return unknown(slots);
        }
        let nreq = match f {
            I::Sum
            | I::Product
            | I::Maxval
            | I::Minval
            | I::Maxloc
            | I::Minloc
            | I::Count
            | I::Any
            | I::All
            | I::Norm2
            | I::Iall
            | I::Iany
            | I::Iparity
            | I::Parity => 1,
            I::Findloc => 2,
            I::Size | I::Lbound | I::Ubound | I::Shape => 1,
            I::DotProduct => 2,
            _ => 3,
        };
        if slots.iter().take(nreq).any(Option::is_none) {
            self.err(
                Diagnostic::error(
                    "E0209",
                    format!(
                        "`{fname}` needs the `{}` argument",
                        slots.iter().position(Option::is_none).and_then(|i| params.get(i)).unwrap_or(&"array")
                    ),
                    span,
                )
                .with_label("missing argument"),
            );
            return unknown(slots);
        }
        if f == I::Findloc {
            if let Some(k) = slots.get(4).and_then(Option::as_ref) {
                self.err(Diagnostic::not_yet("the `kind` argument of `findloc`", k.span));
                return unknown(slots);
            }
            let take = |s: &mut Vec<Option<Expr>>, i: usize| s.get_mut(i).and_then(Option::take);
            let (a, v, d, m, b) = (take(&mut slots, 0), take(&mut slots, 1), take(&mut slots, 2), take(&mut slots, 3), take(&mut slots, 5));
            slots = vec![a, d, m, v, b];
            params = &["array", "dim", "mask", "value", "back"];
        }
        let arg_err = |this: &mut Checker, e: &Expr, what: &str, need: &str| {
            this.err(
                Diagnostic::error("E0210", format!("the `{what}` argument of `{fname}` must be {need}, found {}", ty_name(e.ty)), e.span)
                    .with_label(format!("expected {need}")),
            );
        };
        let slot = |slots: &[Option<Expr>], i: usize| slots.get(i).cloned().flatten();
        let first = slot(&slots, 0).unwrap_or_else(|| lit(ExprKind::Int(0, 4), Ty::Unknown));
        let rank = first.ty.rank();
        let b0 = first.ty.base().unwrap_or(BaseTy::Integer(4));
        if f == I::Merge {
            let (Some(t), Some(fs), Some(m)) = (slot(&slots, 0), slot(&slots, 1), slot(&slots, 2)) else { return unknown(slots) };
            let (t, fs, m) = (&t, &fs, &m);
            let r = [t, fs, m].iter().map(|e| e.ty.rank()).max().unwrap_or(0);
            if let Some(bad) = [t, fs, m].into_iter().find(|e| e.ty.rank() != 0 && e.ty.rank() != r) {
                self.err(
                    Diagnostic::error(
                        "E0230",
                        format!("array arguments of `merge` have different ranks ({r} and {})", bad.ty.rank()),
                        bad.span,
                    )
                    .with_label("arrays must conform"),
                );
                return unknown(slots);
            }
            if !matches!(m.ty.base(), Some(BaseTy::Logical(_))) {
                self.err(mask_not_logical("merge", m));
                return unknown(slots);
            }
            if fs.ty.base() != t.ty.base() {
                arg_err(self, fs, "fsource", &format!("of the same type as `tsource` (`{}`)", base_name(b0)));
                return unknown(slots);
            }
            if b0 == BaseTy::Character && r > 0 {
                self.err(Diagnostic::not_yet("`merge` of character arrays", span));
                return unknown(slots);
            }
            let args = slots.into_iter().flatten().collect();
            return (ExprKind::Intrinsic { func: f, args }, with_rank(b0, r));
        }
        if f == I::DotProduct {
            let (Some(a), Some(b)) = (slot(&slots, 0), slot(&slots, 1)) else { return unknown(slots) };
            let (a, b) = (&a, &b);
            for (e, w) in [(a, "vector_a"), (b, "vector_b")] {
                if e.ty.rank() != 1 || !e.ty.base().is_some_and(|b| is_numeric(b) || matches!(b, BaseTy::Complex(_))) {
                    arg_err(self, e, w, "a numeric rank-1 array");
                    return unknown(slots);
                }
            }
            let rb = promote(b0, b.ty.base().unwrap_or(b0));
            let args = slots.into_iter().flatten().collect();
            return (ExprKind::Intrinsic { func: f, args }, Ty::Scalar(rb));
        }
        let what = params.first().copied().unwrap_or("array");
        if rank == 0 {
            arg_err(self, &first, what, "an array");
            return unknown(slots);
        }
        if f == I::Findloc && matches!(b0, BaseTy::Character | BaseTy::Complex(_)) {
            self.err(Diagnostic::not_yet(format!("`findloc` of `{}` arrays", base_name(b0)), first.span));
            return unknown(slots);
        }
        let need = match f {
            I::Sum | I::Product if !is_numeric(b0) && !matches!(b0, BaseTy::Complex(_)) => Some("a numeric array"),
            I::Maxval | I::Minval | I::Maxloc | I::Minloc if !matches!(b0, BaseTy::Integer(_) | BaseTy::Real(_)) => {
                Some("an `integer` or `real` array")
            }
            I::Count | I::Any | I::All | I::Parity if !matches!(b0, BaseTy::Logical(_)) => Some("a `logical` array"),
            I::Iall | I::Iany | I::Iparity if !matches!(b0, BaseTy::Integer(_)) => Some("an `integer` array"),
            I::Norm2 if !matches!(b0, BaseTy::Real(_)) => Some("a `real` array"),
            I::Findloc if !matches!(b0, BaseTy::Integer(_) | BaseTy::Real(_) | BaseTy::Logical(_)) => {
                Some("an `integer`, `real` or `logical` array")
            }
            _ => None,
        };
        if let Some(need) = need {
            arg_err(self, &first, what, need);
            return unknown(slots);
        }
        // `dim`: a constant in 1..=rank.
        let dim = match slots.get(1).and_then(Option::as_ref) {
            None => 0,
            Some(d) if f != I::Shape => {
                if !self.want_int_scalar(d, "the `dim` argument must be a scalar integer") {
                    return unknown(slots);
                }
                match self.const_int(d) {
                    Some(v) if v >= 1 && v <= i64::from(rank) => v as u8,
                    Some(v) => {
                        self.err(
                            Diagnostic::error("E0218", format!("the `dim` argument of `{fname}` is {v}, outside 1 to {rank}"), d.span)
                                .with_label(format!("the array has rank {rank}")),
                        );
                        return unknown(slots);
                    }
                    // `size`, `lbound`, `ubound`: a run-time `dim` (kept as the expression).
                    None if matches!(f, I::Size | I::Lbound | I::Ubound) => {
                        let args = vec![first, d.clone()];
                        return (ExprKind::Intrinsic { func: f, args }, Ty::Scalar(BaseTy::Integer(crate::dialect::int_kind())));
                    }
                    None => {
                        self.err(Diagnostic::not_yet(format!("a non-constant `dim` argument of `{fname}`"), d.span));
                        return unknown(slots);
                    }
                }
            }
            Some(_) => 0,
        };
        let has_mask = params.get(2) == Some(&"mask");
        if has_mask {
            if let Some(m) = slots.get(2).and_then(Option::as_ref) {
                if !matches!(m.ty.base(), Some(BaseTy::Logical(_))) {
                    self.err(mask_not_logical(fname, m));
                    return unknown(slots);
                }
                if m.ty.rank() != 0 && m.ty.rank() != rank {
                    self.err(
                        Diagnostic::error(
                            "E0230",
                            format!("the `mask` of `{fname}` has rank {} but the array has rank {rank}", m.ty.rank()),
                            m.span,
                        )
                        .with_label("arrays must conform"),
                    );
                    return unknown(slots);
                }
            }
        }
        let sub = if dim > 0 { rank - 1 } else { 0 };
        let ty = match f {
            I::Sum | I::Product | I::Maxval | I::Minval | I::Iall | I::Iany | I::Iparity => with_rank(b0, sub),
            I::Count => with_rank(BaseTy::Integer(crate::dialect::int_kind()), sub),
            I::Any | I::All | I::Parity => with_rank(b0, sub),
            I::Maxloc | I::Minloc | I::Findloc => with_rank(BaseTy::Integer(crate::dialect::int_kind()), if dim > 0 { sub } else { 1 }),
            I::Norm2 => with_rank(b0, sub),
            I::Size => Ty::Scalar(BaseTy::Integer(crate::dialect::int_kind())),
            I::Lbound | I::Ubound => with_rank(BaseTy::Integer(crate::dialect::int_kind()), if dim > 0 { 0 } else { 1 }),
            _ => Ty::Array(BaseTy::Integer(crate::dialect::int_kind()), 1),
        };
        let mut args = vec![first, lit(ExprKind::Int(i64::from(dim), 4), Ty::Scalar(BaseTy::Integer(4)))];
        if has_mask {
            let m = slots.get_mut(2).and_then(Option::take);
            args.push(m.unwrap_or_else(|| lit(ExprKind::Logical(true), Ty::Scalar(BaseTy::Logical(4)))));
        }
        if f == I::Shape {
            args.truncate(1);
        }
        if f == I::Findloc {
            let Some(v) = slots.get_mut(3).and_then(Option::take) else { return unknown(slots) };
            let good = if matches!(b0, BaseTy::Logical(_)) {
                matches!(v.ty, Ty::Scalar(BaseTy::Logical(_)))
            } else {
                v.ty.rank() == 0 && v.ty.base().is_some_and(is_numeric)
            };
            if !good {
                arg_err(self, &v, "value", &format!("a scalar comparable with `{}`", base_name(b0)));
                return unknown(slots);
            }
            args.push(v);
            match slots.get_mut(4).and_then(Option::take) {
                Some(b) if !matches!(b.ty, Ty::Scalar(BaseTy::Logical(_))) => {
                    arg_err(self, &b, "back", "a scalar `logical`");
                    return unknown(slots);
                }
                Some(b) => args.push(b),
                None => args.push(lit(ExprKind::Logical(false), Ty::Scalar(BaseTy::Logical(4)))),
            }
        }
        (ExprKind::Intrinsic { func: f, args }, ty)
    }
}
