//! Atomic constructs inside offload regions: reads, writes, updates and captures, natively or
//! with a compare-and-swap loop.

use super::*;

impl G<'_> {
    /// Whether the variable an atomic construct updates lives in memory (an array
    /// element, a component, a dummy, a saved, module or shared scalar).
    fn atomic_in_memory(&self, kind: ast::AtomicKind, stmts: &[(Expr, Expr)]) -> bool {
        let target = match (kind, stmts) {
            (ast::AtomicKind::Read, [(_, x)]) => x,
            (ast::AtomicKind::Update | ast::AtomicKind::Write, [(x, _)]) => x,
            (ast::AtomicKind::Capture, [(a, ra), (b, _)]) => {
                if matches!(ra.kind, ExprKind::Name(_)) {
                    b
                } else {
                    a
                }
            }
            _ => return false,
        };
        match &target.kind {
            ExprKind::Name(id) => !matches!(self.lookup(&id.name), Some(Home::Reg(..)) | None),
            _ => true,
        }
    }

    pub(super) fn atomic(&mut self, dir: &ast::Directive, kind: ast::AtomicKind, body: &[ast::Stmt]) {
        let assign = |s: &ast::Stmt| -> Option<(Expr, Expr)> {
            if let StmtKind::Assign { lhs, rhs } = &s.kind {
                Some((lhs.clone(), rhs.clone()))
            } else {
                None
            }
        };
        let stmts: Vec<(Expr, Expr)> = body.iter().filter_map(assign).collect();
        if matches!(kind, ast::AtomicKind::Compare | ast::AtomicKind::CompareCapture) {
            // (Its body is an `if`: the variable is the compared one.)
            let x = ast::atomic_compare(body, &same_place).map(|c| c.x.clone());
            if self.region.is_none() && x.is_some_and(|x| !self.atomic_in_memory(ast::AtomicKind::Read, &[(x.clone(), x)])) {
                self.stmts(body);
                return;
            }
            self.atomic_compare(dir, body);
            return;
        }
        if self.region.is_none() && !self.atomic_in_memory(kind, &stmts) {
            // Outside compute constructs, a variable in a register is the thread's own
            // (host OpenMP keeps shared scalars in memory).
            self.stmts(body);
            return;
        }
        match (kind, stmts.as_slice()) {
            (ast::AtomicKind::Read, [(v, x)]) => {
                let Some((p, t)) = self.place(x) else { return self.not_yet("this atomic read", dir.span) };
                let r = self.val(t, Rv::AtomicLoad(t, p));
                let vt = self.expr_ty(v);
                let r = self.conv(r, vt);
                self.assign_op(v, r);
            }
            (ast::AtomicKind::Write, [(x, e)]) => {
                let Some((p, t)) = self.place(x) else { return self.not_yet("this atomic write", dir.span) };
                let v = self.expr(e);
                let v = self.conv(v, t);
                self.emit(Stmt::AtomicStore(t, p, v));
            }
            (ast::AtomicKind::Update, [(x, e)]) => {
                let _ = self.atomic_update(x, e, dir.span);
            }
            (ast::AtomicKind::Capture, [(a1, e1), (a2, e2)]) => {
                // Either `v = x; x = x op e` (old value) or `x = x op e; v = x` (new value).
                if same_place(a1, e2) {
                    if let Some((old, new)) = self.atomic_update(a1, e1, dir.span) {
                        let _ = old;
                        let vt = self.expr_ty(a2);
                        let n = self.conv(new, vt);
                        self.assign_op(a2, n);
                    }
                } else if let Some((old, _)) = self.atomic_update(a2, e2, dir.span) {
                    let vt = self.expr_ty(a1);
                    let o = self.conv(old, vt);
                    self.assign_op(a1, o);
                }
            }
            _ => self.not_yet("this form of `atomic`", dir.span),
        }
    }

    /// `atomic compare [capture]`: one compare-and-swap of `e` for `d`, whose result is the
    /// old value of `x`.
    fn atomic_compare(&mut self, dir: &ast::Directive, body: &[ast::Stmt]) {
        let Some(c) = ast::atomic_compare(body, &same_place) else { return self.not_yet("this form of `atomic compare`", dir.span) };
        let Some((p, t)) = self.place(c.x) else { return self.not_yet("an atomic compare of a private variable", dir.span) };
        let e = self.expr(c.e);
        let e = self.conv(e, t);
        let d = self.expr(c.d);
        let d = self.conv(d, t);
        let old = self.val(t, Rv::AtomicCas(t, p, e.clone(), d.clone()));
        let Some((v, of)) = c.capture else { return };
        let vt = self.expr_ty(v);
        let swapped = self.val(Ty::I32, Rv::Binary(BinOp::BitEq, old.clone(), e));
        match of {
            ast::CaptureOf::Old => {
                let o = self.conv(old, vt);
                self.assign_op(v, o);
            }
            ast::CaptureOf::OldIfFailed => {
                self.push_block();
                let o = self.conv(old, vt);
                self.assign_op(v, o);
                let failed = self.pop_block();
                self.emit(Stmt::If { cond: swapped, then_body: vec![], else_body: failed });
            }
            ast::CaptureOf::New => {
                self.push_block();
                let n = self.conv(d, vt);
                self.assign_op(v, n);
                let then_body = self.pop_block();
                self.push_block();
                let o = self.conv(old, vt);
                self.assign_op(v, o);
                let else_body = self.pop_block();
                self.emit(Stmt::If { cond: swapped, then_body, else_body });
            }
        }
    }

    /// The address and type of a scalar variable or array element.
    fn place(&mut self, x: &Expr) -> Option<(Op, Ty)> {
        match &x.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Mem(p, b)) => Some((Op::Var(p), mem_ty(b))),
                _ => None,
            },
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return None };
                let s = self.subscripts(&d, subs, &[]);
                Some((self.elem_addr(&d, &s), mem_ty(d.base)))
            }
            ExprKind::Component(_) if x.ty.rank() == 0 => {
                let t = self.expr_ty(x);
                Some((self.component_addr(x, &[]), t))
            }
            _ => None,
        }
    }

    /// `x = x op e` (or `x = e op x`, or `x = max(x, e)` ...) done atomically; returns the
    /// old and the new value.
    pub(super) fn atomic_update(&mut self, x: &Expr, e: &Expr, sp: Span) -> Option<(Op, Op)> {
        let Some((p, t)) = self.place(x) else {
            self.not_yet("an atomic update of a private variable", sp);
            return None;
        };
        // Find the operator and the other operand.
        let (op, other, x_first) = match &e.kind {
            ExprKind::Binary(b, l, r) => {
                let o = match b {
                    ast::BinOp::Add => RedOpOrSub::Op(RedOp::Add),
                    ast::BinOp::Sub => RedOpOrSub::Sub,
                    ast::BinOp::Mul => RedOpOrSub::Op(RedOp::Mul),
                    ast::BinOp::Div => RedOpOrSub::Div,
                    ast::BinOp::And => RedOpOrSub::Op(RedOp::And),
                    ast::BinOp::Or => RedOpOrSub::Op(RedOp::Or),
                    ast::BinOp::Eqv => RedOpOrSub::Op(RedOp::Eqv),
                    ast::BinOp::Neqv => RedOpOrSub::Op(RedOp::Xor),
                    _ => {
                        self.not_yet("this atomic operator", e.span);
                        return None;
                    }
                };
                if same_place(l, x) {
                    (o, (**r).clone(), true)
                } else if same_place(r, x) {
                    (o, (**l).clone(), false)
                } else {
                    self.not_yet("this atomic update form", e.span);
                    return None;
                }
            }
            ExprKind::Intrinsic { func, args } if args.len() > 2 && matches!(func, Intrinsic::Max | Intrinsic::Min) => {
                // `x = max(a, b, x)`: combine the other arguments first, then atomically.
                let o = if *func == Intrinsic::Max { RedOp::Max } else { RedOp::Min };
                let Some(k) = args.iter().position(|a| same_place(a, x)) else {
                    self.not_yet("this atomic update form", e.span);
                    return None;
                };
                let rest: Vec<Expr> = args.iter().enumerate().filter(|(i, _)| *i != k).map(|(_, a)| a.clone()).collect();
                let other = Expr { kind: ExprKind::Intrinsic { func: *func, args: rest }, span: e.span, ty: x.ty };
                (RedOpOrSub::Op(o), other, true)
            }
            ExprKind::Intrinsic { func, args } if args.len() == 2 => {
                let o = match func {
                    Intrinsic::Max => RedOp::Max,
                    Intrinsic::Min => RedOp::Min,
                    Intrinsic::Iand => RedOp::And,
                    Intrinsic::Ior => RedOp::Or,
                    Intrinsic::Ieor => RedOp::Xor,
                    _ => {
                        self.not_yet("this atomic intrinsic", e.span);
                        return None;
                    }
                };
                if same_place(&args[0], x) {
                    (RedOpOrSub::Op(o), args[1].clone(), true)
                } else if same_place(&args[1], x) {
                    (RedOpOrSub::Op(o), args[0].clone(), false)
                } else {
                    self.not_yet("this atomic update form", e.span);
                    return None;
                }
            }
            _ => {
                self.not_yet("this atomic update form", e.span);
                return None;
            }
        };
        let v = self.expr(&other);
        let v = self.conv(v, t);
        // Native read-modify-write where one exists.
        let native = match op {
            RedOpOrSub::Op(RedOp::Add) => Some((AtomicOp::Add, v.clone())),
            RedOpOrSub::Sub if x_first => {
                let n = self.val(t, Rv::Unary(ir::UnOp::Neg, v.clone()));
                Some((AtomicOp::Add, n))
            }
            RedOpOrSub::Op(RedOp::Max) => Some((AtomicOp::Max, v.clone())),
            RedOpOrSub::Op(RedOp::Min) => Some((AtomicOp::Min, v.clone())),
            RedOpOrSub::Op(RedOp::And) if t.is_int() => Some((AtomicOp::And, v.clone())),
            RedOpOrSub::Op(RedOp::Or) if t.is_int() => Some((AtomicOp::Or, v.clone())),
            RedOpOrSub::Op(RedOp::Xor) if t.is_int() => Some((AtomicOp::Xor, v.clone())),
            _ => None,
        };
        if let Some((aop, val)) = native {
            let old = self.val(t, Rv::AtomicRmw(aop, t, p, val.clone()));
            let new = match aop {
                AtomicOp::Add => self.val(t, Rv::Binary(BinOp::Add, old.clone(), val)),
                AtomicOp::Max => self.val(t, Rv::Binary(BinOp::Max, old.clone(), val)),
                AtomicOp::Min => self.val(t, Rv::Binary(BinOp::Min, old.clone(), val)),
                AtomicOp::And => self.val(t, Rv::Binary(BinOp::And, old.clone(), val)),
                AtomicOp::Or => self.val(t, Rv::Binary(BinOp::Or, old.clone(), val)),
                _ => self.val(t, Rv::Binary(BinOp::Xor, old.clone(), val)),
            };
            return Some((old, new));
        }
        // Compare-and-swap loop.
        let old = self.tmp(t);
        let new = self.tmp(t);
        let prev = self.tmp(t);
        let id = self.f.new_loop();
        self.push_block();
        self.emit(Stmt::Assign(old, Rv::AtomicLoad(t, p.clone())));
        let (a, b) = if x_first { (Op::Var(old), v.clone()) } else { (v.clone(), Op::Var(old)) };
        let rv = match op {
            RedOpOrSub::Sub => Rv::Binary(BinOp::Sub, a, b),
            RedOpOrSub::Div => Rv::Binary(BinOp::Div, a, b),
            RedOpOrSub::Op(o) => combine_rv(o, a, b),
        };
        self.emit(Stmt::Assign(new, rv));
        self.emit(Stmt::Assign(prev, Rv::AtomicCas(t, p, Op::Var(old), Op::Var(new))));
        let done = self.tmp(Ty::I32);
        self.emit(Stmt::Assign(done, Rv::Binary(BinOp::BitEq, Op::Var(prev), Op::Var(old))));
        self.emit(Stmt::If { cond: Op::Var(done), then_body: vec![Stmt::Exit(id)], else_body: vec![] });
        let body = self.pop_block();
        self.emit(Stmt::While { id, cond_body: vec![], cond: Op::I32(1), body });
        Some((Op::Var(old), Op::Var(new)))
    }
}

enum RedOpOrSub {
    Op(RedOp),
    Sub,
    Div,
}

pub(super) fn same_place(a: &Expr, b: &Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Paren(x), _) => same_place(x, b),
        (_, ExprKind::Paren(y)) => same_place(a, y),
        (ExprKind::Name(_), ExprKind::Name(_))
        | (ExprKind::ArrayRef { .. }, ExprKind::ArrayRef { .. })
        | (ExprKind::Component(_), ExprKind::Component(_)) => expr_eq(a, b),
        _ => false,
    }
}

/// Structural equality of argument and subscript lists, ignoring spans.
pub(super) fn args_eq(a: &[Arg], b: &[Arg]) -> bool {
    let opt = |a: &Option<Expr>, b: &Option<Expr>| match (a, b) {
        (Some(a), Some(b)) => expr_eq(a, b),
        (None, None) => true,
        _ => false,
    };
    a.len() == b.len()
        && a.iter().zip(b).all(|(p, q)| match (p, q) {
            (Arg::Index(p), Arg::Index(q)) => expr_eq(p, q),
            (Arg::Keyword(n1, p), Arg::Keyword(n2, q)) => n1.name == n2.name && expr_eq(p, q),
            (Arg::Range { lo: l1, hi: h1, stride: s1, .. }, Arg::Range { lo: l2, hi: h2, stride: s2, .. }) => {
                opt(l1, l2) && opt(h1, h2) && opt(s1, s2)
            }
            _ => false,
        })
}

/// Structural equality of expressions, ignoring spans.
fn expr_eq(x: &Expr, y: &Expr) -> bool {
    fn args(a: &[Arg], b: &[Arg]) -> bool {
        args_eq(a, b)
    }
    match (&x.kind, &y.kind) {
        (ExprKind::Int(a, k1), ExprKind::Int(b, k2)) => a == b && k1 == k2,
        (ExprKind::Real(a, k1), ExprKind::Real(b, k2)) => a.to_bits() == b.to_bits() && k1 == k2,
        (ExprKind::Logical(a), ExprKind::Logical(b)) => a == b,
        (ExprKind::Str(a), ExprKind::Str(b)) => a == b,
        (ExprKind::Name(a), ExprKind::Name(b)) => a.name == b.name,
        (ExprKind::Apply { name: n1, args: a1 }, ExprKind::Apply { name: n2, args: a2 })
        | (ExprKind::ArrayRef { name: n1, subs: a1 }, ExprKind::ArrayRef { name: n2, subs: a2 }) => n1.name == n2.name && args(a1, a2),
        (ExprKind::Intrinsic { func: f1, args: a1 }, ExprKind::Intrinsic { func: f2, args: a2 }) => {
            f1 == f2 && a1.len() == a2.len() && a1.iter().zip(a2).all(|(p, q)| expr_eq(p, q))
        }
        (ExprKind::Unary(o1, a), ExprKind::Unary(o2, b)) => o1 == o2 && expr_eq(a, b),
        (ExprKind::Binary(o1, a1, b1), ExprKind::Binary(o2, a2, b2)) => o1 == o2 && expr_eq(a1, a2) && expr_eq(b1, b2),
        (ExprKind::Paren(a), ExprKind::Paren(b)) => expr_eq(a, b),
        (ExprKind::Component(a), ExprKind::Component(b)) => {
            a.name.name == b.name.name && expr_eq(&a.base, &b.base) && args(&a.subs, &b.subs)
        }
        _ => false,
    }
}
