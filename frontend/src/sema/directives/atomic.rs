//! The `atomic` construct: the statement forms of `read`, `write`, `update` and `capture`.

use super::*;

/// Does `e` mention the variable `name` anywhere?
pub(in crate::sema) fn mentions(e: &Expr, name: &str) -> bool {
    match &e.kind {
        ExprKind::Name(id) => id.name == name,
        ExprKind::ArrayRef { name: n, subs } | ExprKind::Apply { name: n, args: subs } | ExprKind::Call { name: n, args: subs } => {
            n.name == name || subs.iter().any(|a| arg_mentions(a, name))
        }
        ExprKind::Intrinsic { args, .. } => args.iter().any(|a| mentions(a, name)),
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => mentions(x, name),
        ExprKind::Binary(_, l, r) => mentions(l, name) || mentions(r, name),
        ExprKind::Component(c) => mentions(&c.base, name) || c.subs.iter().any(|a| arg_mentions(a, name)),
        ExprKind::StructCtor { args, .. } => args.iter().flatten().any(|a| mentions(a, name)),
        _ => false,
    }
}

pub(in crate::sema) fn arg_mentions(a: &Arg, name: &str) -> bool {
    match a {
        Arg::Index(e) | Arg::Keyword(_, e) => mentions(e, name),
        Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].iter().any(|x| x.as_ref().is_some_and(|e| mentions(e, name))),
    }
}

/// Structural equality of two designators/expressions (ignoring spans and types).
pub(in crate::sema) fn same_expr(a: &Expr, b: &Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Name(x), ExprKind::Name(y)) => x.name == y.name,
        (ExprKind::Int(x, k), ExprKind::Int(y, l)) => x == y && k == l,
        (ExprKind::ArrayRef { name: n, subs: s }, ExprKind::ArrayRef { name: m, subs: t }) => {
            n.name == m.name
                && s.len() == t.len()
                && s.iter().zip(t).all(|(x, y)| match (x, y) {
                    (Arg::Index(x), Arg::Index(y)) => same_expr(x, y),
                    _ => false,
                })
        }
        (ExprKind::Binary(o, l, r), ExprKind::Binary(p, m, s)) => o == p && same_expr(l, m) && same_expr(r, s),
        (ExprKind::Unary(o, x), ExprKind::Unary(p, y)) => o == p && same_expr(x, y),
        (ExprKind::Paren(x), ExprKind::Paren(y)) => same_expr(x, y),
        (ExprKind::Intrinsic { func: f, args: a }, ExprKind::Intrinsic { func: g, args: b }) => {
            f == g && a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_expr(x, y))
        }
        (ExprKind::Real(x, k), ExprKind::Real(y, l)) => x.to_bits() == y.to_bits() && k == l,
        (ExprKind::Logical(x), ExprKind::Logical(y)) => x == y,
        (ExprKind::Component(x), ExprKind::Component(y)) => {
            x.name.name == y.name.name
                && same_expr(&x.base, &y.base)
                && x.subs.len() == y.subs.len()
                && x.subs.iter().zip(&y.subs).all(|(p, q)| match (p, q) {
                    (Arg::Index(p), Arg::Index(q)) => same_expr(p, q),
                    _ => false,
                })
        }
        _ => false,
    }
}

/// `x = x op expr`, `x = expr op x` or `x = f(x, expr)` / `x = f(expr, x)` with `expr` free of `x`.
pub(in crate::sema) fn is_update(l: &Expr, r: &Expr) -> bool {
    let Some(x) = designator_name(l) else {
        return false;
    };
    match &r.kind {
        ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::And | BinOp::Or | BinOp::Eqv | BinOp::Neqv, a, b) => {
            (same_expr(a, l) && !mentions(b, x)) || (same_expr(b, l) && !mentions(a, x))
        }
        ExprKind::Intrinsic { func: Intrinsic::Max | Intrinsic::Min | Intrinsic::Iand | Intrinsic::Ior | Intrinsic::Ieor, args } => {
            let hits = args.iter().filter(|a| same_expr(a, l)).count();
            hits == 1 && args.iter().filter(|a| !same_expr(a, l)).all(|a| !mentions(a, x))
        }
        _ => false,
    }
}

impl Checker {
    pub(in crate::sema) fn atomic(&mut self, kind: AtomicKind, body: &[Stmt], span: Span) {
        if matches!(kind, AtomicKind::Compare | AtomicKind::CompareCapture) {
            self.atomic_compare(kind, body, span);
            return;
        }
        let assigns: Vec<(&Expr, &Expr, Span)> = body
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Assign { lhs, rhs } => Some((lhs, rhs, s.span)),
                _ => None,
            })
            .collect();
        if assigns.len() != body.len() || body.is_empty() {
            let sp = body.iter().find(|s| !matches!(s.kind, StmtKind::Assign { .. })).map_or(span, |s| s.span);
            self.err(
                Diagnostic::error("E0310", "an `atomic` directive must be followed by an assignment", sp).with_label("not an assignment"),
            );
            return;
        }
        if assigns.iter().any(|(l, r, _)| l.ty == Ty::Unknown || r.ty == Ty::Unknown) {
            return;
        }
        for (l, _, sp) in &assigns {
            if l.ty.rank() > 0 || l.ty.base() == Some(BaseTy::Character) {
                self.err(
                    Diagnostic::error("E0310", "the variable of an `atomic` statement must be a numeric or logical scalar", *sp)
                        .with_label(format!("this assigns a {}", ty_name(l.ty))),
                );
                return;
            }
        }
        let update_form = "`x = x op expr`, `x = expr op x` or `x = intrinsic(x, expr)`";
        match (kind, assigns.as_slice()) {
            (AtomicKind::Update, [(l, r, sp)]) => {
                if !is_update(l, r) {
                    self.err(
                        Diagnostic::error("E0310", "this statement is not an atomic update", *sp)
                            .with_label(format!("expected {update_form}")),
                    );
                }
            }
            (AtomicKind::Read, [(l, r, sp)]) => {
                if designator_name(r).is_none() || mentions(r, designator_name(l).unwrap_or("")) {
                    self.err(
                        Diagnostic::error("E0310", "this statement is not an atomic read", *sp)
                            .with_label("expected `v = x` with two different scalar variables"),
                    );
                }
            }
            (AtomicKind::Write, [(l, r, sp)]) => {
                if mentions(r, designator_name(l).unwrap_or("")) {
                    self.err(
                        Diagnostic::error("E0310", "this statement is not an atomic write", *sp)
                            .with_label("expected `x = expr` where `expr` does not use `x`"),
                    );
                }
            }
            (AtomicKind::Capture, [(_, _, sp)]) => self.err(
                Diagnostic::error("E0311", "`atomic capture` needs two statements in Fortran", *sp)
                    .with_label("only one statement here")
                    .with_note("help: write `v = x` and an update of `x` (in either order), then `!$acc end atomic`"),
            ),
            (AtomicKind::Capture, [(l1, r1, _), (l2, r2, sp2)]) => {
                // `v = x` then update of x, or update of x then `v = x`.
                let read_then_update = same_expr(r1, l2) && is_update(l2, r2) && designator_name(r1).is_some();
                let update_then_read = is_update(l1, r1) && same_expr(l1, r2);
                let read_then_write =
                    same_expr(r1, l2) && designator_name(r1).is_some() && !mentions(r2, designator_name(l2).unwrap_or(""));
                if !(read_then_update || update_then_read || read_then_write) {
                    self.err(
                        Diagnostic::error("E0310", "these statements are not an atomic capture", *sp2)
                            .with_label("expected `v = x` and an update of the same `x`")
                            .with_note(format!("note: the update must have the form {update_form}")),
                    );
                }
            }
            _ => {
                self.err(Diagnostic::error("E0310", "wrong number of statements after `atomic`", span).with_label("expected one statement"))
            }
        }
    }

    /// `atomic compare [capture]`: one of the forms of [`atomic_compare`], with a numeric or
    /// logical scalar `x` that `e` and `d` do not use.
    fn atomic_compare(&mut self, kind: AtomicKind, body: &[Stmt], span: Span) {
        let capture = kind == AtomicKind::CompareCapture;
        let sp = body.first().map_or(span, |s| s.span);
        let expected = if capture {
            "expected `if (x == e) then; x = d; else; v = x; end if`, or `v = x` before or after `if (x == e) then; x = d; end if`"
        } else {
            "expected `if (x == e) then; x = d; end if`"
        };
        let Some(c) = atomic_compare(body, &same_expr) else {
            self.err(Diagnostic::error("E0310", "these statements are not an atomic compare", sp).with_label(expected));
            return;
        };
        if c.x.ty == Ty::Unknown || c.e.ty == Ty::Unknown || c.d.ty == Ty::Unknown {
            return;
        }
        let x = designator_name(c.x).unwrap_or("");
        let scalar = c.x.ty.rank() == 0 && !matches!(c.x.ty.base(), Some(BaseTy::Character | BaseTy::Derived(_)));
        if x.is_empty() || !scalar {
            self.err(
                Diagnostic::error("E0310", "the variable of an `atomic compare` must be a numeric or logical scalar", c.x.span)
                    .with_label(format!("this is a {}", ty_name(c.x.ty))),
            );
        } else if mentions(c.e, x) || mentions(c.d, x) {
            let bad = if mentions(c.e, x) { c.e } else { c.d };
            self.err(
                Diagnostic::error("E0310", format!("this expression must not use `{x}`"), bad.span).with_label("uses the atomic variable"),
            );
        } else if capture != c.capture.is_some() {
            let label = if capture { "`compare capture` needs `v = x`" } else { "`v = x` needs the `capture` clause" };
            self.err(
                Diagnostic::error("E0310", "these statements are not an atomic compare", sp)
                    .with_label(label)
                    .with_note(format!("note: {expected}")),
            );
        }
    }
}
