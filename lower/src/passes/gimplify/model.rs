//! The real model's elemental functions and the Bessel functions (host code), as gfortran
//! computes them: the C library's `frexp`, `scalbn`, `nextafter`, `j0`, `jn`, `y0`, `yn`
//! (`f`-suffixed for `real(4)`, libquadmath's `q`-suffixed ones for `real(16)`), a NaN
//! (`huge(0)` for `exponent`) for infinite and NaN arguments, and the recurrences of
//! libgfortran's `bessel_jn_r*`/`bessel_yn_r*` for the rank-1 forms, so every element
//! has gfortran's bits.

use super::*;

/// The C library's name of `base` for values of type `t`.
fn libm(base: &str, t: Ty) -> String {
    match t {
        Ty::F32 => format!("{base}f"),
        Ty::F128 => format!("{base}q"),
        _ => base.to_string(),
    }
}

impl G<'_> {
    fn fconst(&mut self, t: Ty, v: f64) -> Op {
        match t {
            Ty::F32 => Op::F32(v as f32),
            Ty::F64 => Op::F64(v),
            _ => self.val(t, Rv::Cast(t, Op::F64(v))),
        }
    }

    /// `huge` of a real type.
    fn fhuge(t: Ty) -> Op {
        match t {
            Ty::F32 => Op::F32(f32::MAX),
            Ty::F64 => Op::F64(f64::MAX),
            _ => Op::F128(QUAD_HUGE.into()),
        }
    }

    /// `frexp(x)`: the fraction and the exponent (`I32`).
    fn frexp(&mut self, t: Ty, x: Op) -> (Op, Op) {
        let p = self.val(Ty::Ptr, Rv::Alloca(4));
        let m = self.val(t, Rv::Call(libm("frexp", t), vec![x, p.clone()], t));
        let e = self.val(Ty::I32, Rv::Load(Ty::I32, p));
        (m, e)
    }

    fn scalbn(&mut self, t: Ty, x: Op, n: Op) -> Op {
        let n = self.conv(n, Ty::I32);
        self.val(t, Rv::Call(libm("scalbn", t), vec![x, n], t))
    }

    /// `out = finite(x) ? then : nan_value`, the branch emitted by `then`.
    fn if_finite(&mut self, t: Ty, x: Op, out: VarId, other: Op, then: &mut dyn FnMut(&mut Self) -> Op) -> Op {
        let a = self.val(t, Rv::Math(MathFn::Abs, vec![x]));
        let fin = self.val(Ty::I32, Rv::Binary(BinOp::Le, a, Self::fhuge(t)));
        self.push_block();
        let v = then(self);
        self.emit(Stmt::Assign(out, Rv::Use(v)));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: fin, then_body, else_body: vec![Stmt::Assign(out, Rv::Use(other))] });
        Op::Var(out)
    }

    /// The model and Bessel intrinsics (argument forms in `sema/model_intrinsics.rs`).
    pub(super) fn model_intrinsic(&mut self, e: &Expr, func: Intrinsic, args: &[Expr], idx: &[Op]) -> Op {
        use Intrinsic as I;
        let rt = self.expr_ty(e);
        if matches!(func, I::BesselJn | I::BesselYn) && args.len() == 3 {
            return self.bessel_rank1(e, func, args, idx);
        }
        let ops: Vec<Op> = args.iter().map(|a| self.expr_at(a, idx)).collect();
        let x_at = if matches!(func, I::BesselJn | I::BesselYn) { 1 } else { 0 };
        let xt = args.get(x_at).map_or(rt, |a| self.expr_ty(a));
        let x = ops.get(x_at).cloned().unwrap_or_else(|| zero_of(xt));
        let second = ops.get(1).cloned().unwrap_or(Op::I32(0));
        let nan = self.fconst(xt, f64::NAN);
        match func {
            I::Scale => self.scalbn(xt, x, second),
            I::Fraction => {
                let out = self.tmp(xt);
                self.if_finite(xt, x.clone(), out, nan, &mut |g| g.frexp(xt, x.clone()).0)
            }
            I::Exponent => {
                let out = self.tmp(Ty::I32);
                let v = self.if_finite(xt, x.clone(), out, Op::I32(i32::MAX), &mut |g| g.frexp(xt, x.clone()).1);
                self.conv(v, rt)
            }
            I::SetExponent => {
                let out = self.tmp(xt);
                self.if_finite(xt, x.clone(), out, nan, &mut |g| {
                    let (m, _) = g.frexp(xt, x.clone());
                    g.scalbn(xt, m, second.clone())
                })
            }
            I::Nearest => {
                // nextafter(x, ±infinity), the sign of `s`.
                let st = args.get(1).map_or(xt, |a| self.expr_ty(a));
                let neg = self.val(Ty::I32, Rv::Binary(BinOp::Lt, second, zero_of(st)));
                let inf = self.fconst(xt, f64::INFINITY);
                let ninf = self.fconst(xt, f64::NEG_INFINITY);
                let dir = self.tmp(xt);
                self.emit(Stmt::If {
                    cond: neg,
                    then_body: vec![Stmt::Assign(dir, Rv::Use(ninf))],
                    else_body: vec![Stmt::Assign(dir, Rv::Use(inf))],
                });
                self.val(xt, Rv::Call(libm("nextafter", xt), vec![x, Op::Var(dir)], xt))
            }
            I::Spacing | I::Rrspacing => {
                // (digits, minexponent - 1, tiny) of the kind.
                let (digits, emin) = match xt {
                    Ty::F32 => (24, -126),
                    Ty::F64 => (53, -1022),
                    _ => (113, -16382),
                };
                let out = self.tmp(xt);
                if func == I::Spacing {
                    let tiny = match xt {
                        Ty::F32 => Op::F32(f32::MIN_POSITIVE),
                        Ty::F64 => Op::F64(f64::MIN_POSITIVE),
                        _ => Op::F128("3.36210314311209350626267781732175260e-4932".into()),
                    };
                    self.if_finite(xt, x.clone(), out, nan, &mut |g| {
                        let r = g.tmp(xt);
                        let zero = g.val(Ty::I32, Rv::Binary(BinOp::Eq, x.clone(), zero_of(xt)));
                        g.push_block();
                        let (_, ex) = g.frexp(xt, x.clone());
                        let ex = g.val(Ty::I32, Rv::Binary(BinOp::Sub, ex, Op::I32(digits)));
                        let ex = g.val(Ty::I32, Rv::Binary(BinOp::Max, ex, Op::I32(emin)));
                        let one = g.fconst(xt, 1.0);
                        let v = g.scalbn(xt, one, ex);
                        g.emit(Stmt::Assign(r, Rv::Use(v)));
                        let else_body = g.pop_block();
                        g.emit(Stmt::If { cond: zero, then_body: vec![Stmt::Assign(r, Rv::Use(tiny.clone()))], else_body });
                        Op::Var(r)
                    })
                } else {
                    let a = self.val(xt, Rv::Math(MathFn::Abs, vec![x.clone()]));
                    self.if_finite(xt, x.clone(), out, nan, &mut |g| {
                        let r = g.tmp(xt);
                        g.emit(Stmt::Assign(r, Rv::Use(a.clone())));
                        let nz = g.val(Ty::I32, Rv::Binary(BinOp::Ne, a.clone(), zero_of(xt)));
                        g.push_block();
                        let (_, ex) = g.frexp(xt, x.clone());
                        let sh = g.val(Ty::I32, Rv::Binary(BinOp::Sub, Op::I32(digits), ex));
                        let v = g.scalbn(xt, a.clone(), sh);
                        g.emit(Stmt::Assign(r, Rv::Use(v)));
                        let then_body = g.pop_block();
                        g.emit(Stmt::If { cond: nz, then_body, else_body: vec![] });
                        Op::Var(r)
                    })
                }
            }
            I::BesselJ0 | I::BesselJ1 | I::BesselY0 | I::BesselY1 => {
                let base = match func {
                    I::BesselJ0 => "j0",
                    I::BesselJ1 => "j1",
                    I::BesselY0 => "y0",
                    _ => "y1",
                };
                self.val(xt, Rv::Call(libm(base, xt), vec![x], xt))
            }
            I::BesselJn | I::BesselYn => {
                let n = ops.first().cloned().unwrap_or(Op::I32(0));
                let n = self.conv(n, Ty::I32);
                let base = if func == I::BesselJn { "jn" } else { "yn" };
                self.val(xt, Rv::Call(libm(base, xt), vec![n, x], xt))
            }
            _ => zero_of(rt),
        }
    }

    /// Element `idx[0]` (zero-based) of `bessel_jn(n1, n2, x)` or `bessel_yn(n1, n2, x)`:
    /// libgfortran's recurrence (downward from `jn(n2, x)` and `jn(n2 - 1, x)`; upward from
    /// `yn(n1, x)` and `yn(n1 + 1, x)`) run up to the element.
    fn bessel_rank1(&mut self, e: &Expr, func: Intrinsic, args: &[Expr], idx: &[Op]) -> Op {
        let rt = self.expr_ty(e);
        let (Some(a1), Some(a2), Some(ax)) = (args.first(), args.get(1), args.get(2)) else { return zero_of(rt) };
        let n1 = self.expr(a1);
        let n1 = self.conv(n1, Ty::I32);
        let n2 = self.expr(a2);
        let n2 = self.conv(n2, Ty::I32);
        let x = self.expr(ax);
        let x = self.conv(x, rt);
        let k = idx.first().cloned().unwrap_or(Op::I64(0));
        let k = self.conv(k, Ty::I32);
        let jn = func == Intrinsic::BesselJn;
        let f = libm(if jn { "jn" } else { "yn" }, rt);
        let out = self.tmp(rt);
        let last1 = self.tmp(rt);
        let last2 = self.tmp(rt);
        let big_n = self.val(Ty::I32, Rv::Binary(BinOp::Sub, n2.clone(), n1.clone()));
        let x0 = self.val(Ty::I32, Rv::Binary(BinOp::Eq, x.clone(), zero_of(rt)));
        // x == 0: jn gives 1 at the first element and 0 elsewhere, yn -infinity.
        let zero_body = if jn {
            let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, k.clone(), Op::I32(0)));
            let one = self.fconst(rt, 1.0);
            vec![Stmt::If {
                cond: first,
                then_body: vec![Stmt::Assign(out, Rv::Use(one))],
                else_body: vec![Stmt::Assign(out, Rv::Use(zero_of(rt)))],
            }]
        } else {
            let ninf = self.fconst(rt, f64::NEG_INFINITY);
            vec![Stmt::Assign(out, Rv::Use(ninf))]
        };
        self.push_block();
        let two = self.fconst(rt, 2.0);
        let x2rev = self.val(rt, Rv::Binary(BinOp::Div, two, x.clone()));
        let (start, next) = if jn {
            let m = self.val(Ty::I32, Rv::Binary(BinOp::Sub, n2.clone(), Op::I32(1)));
            (n2.clone(), m)
        } else {
            let p = self.val(Ty::I32, Rv::Binary(BinOp::Add, n1.clone(), Op::I32(1)));
            (n1.clone(), p)
        };
        self.emit(Stmt::Assign(last1, Rv::Call(f.clone(), vec![start, x.clone()], rt)));
        self.emit(Stmt::Assign(out, Rv::Use(Op::Var(last1))));
        // The number of elements between the start and this one: N - k (jn) or k (yn).
        let steps = if jn { self.val(Ty::I32, Rv::Binary(BinOp::Sub, big_n.clone(), k.clone())) } else { k.clone() };
        let more = self.val(Ty::I32, Rv::Binary(BinOp::Ge, steps.clone(), Op::I32(1)));
        self.push_block();
        self.emit(Stmt::Assign(last2, Rv::Call(f, vec![next, x.clone()], rt)));
        self.emit(Stmt::Assign(out, Rv::Use(Op::Var(last2))));
        // Elements 2..=steps away from the start: i = N - 1 - t (jn, downward) or i = t (yn).
        let t = self.tmp(Ty::I32);
        let id = self.f.new_loop();
        self.push_block();
        let i = if jn {
            let m = self.val(Ty::I32, Rv::Binary(BinOp::Sub, big_n.clone(), Op::Var(t)));
            // jn: x2rev * (i + 1 + n1) with i = N - t.
            let ip = self.val(Ty::I32, Rv::Binary(BinOp::Add, m, Op::I32(1)));
            self.val(Ty::I32, Rv::Binary(BinOp::Add, ip, n1.clone()))
        } else {
            // yn: x2rev * (i - 1 + n1) with i = t.
            let im = self.val(Ty::I32, Rv::Binary(BinOp::Sub, Op::Var(t), Op::I32(1)));
            self.val(Ty::I32, Rv::Binary(BinOp::Add, im, n1.clone()))
        };
        let fi = self.conv(i, rt);
        let c = self.val(rt, Rv::Binary(BinOp::Mul, x2rev.clone(), fi));
        let c = self.val(rt, Rv::Binary(BinOp::Mul, c, Op::Var(last2)));
        let r = self.val(rt, Rv::Binary(BinOp::Sub, c, Op::Var(last1)));
        let next_v = self.tmp(rt);
        self.emit(Stmt::Assign(next_v, Rv::Use(r)));
        if !jn {
            // yn: -infinity stays.
            let ninf = self.fconst(rt, f64::NEG_INFINITY);
            let inf2 = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(last2), ninf.clone()));
            self.emit(Stmt::If { cond: inf2, then_body: vec![Stmt::Assign(next_v, Rv::Use(ninf))], else_body: vec![] });
        }
        self.emit(Stmt::Assign(last1, Rv::Use(Op::Var(last2))));
        self.emit(Stmt::Assign(last2, Rv::Use(Op::Var(next_v))));
        self.emit(Stmt::Assign(out, Rv::Use(Op::Var(next_v))));
        let body = self.pop_block();
        self.emit(Stmt::Loop { id, var: t, lo: Op::I32(2), hi: steps, step: Op::I32(1), body, part: None });
        let then_more = self.pop_block();
        self.emit(Stmt::If { cond: more, then_body: then_more, else_body: vec![] });
        let nonzero = self.pop_block();
        self.emit(Stmt::If { cond: x0, then_body: zero_body, else_body: nonzero });
        Op::Var(out)
    }

    /// The extent of `bessel_jn(n1, n2, x)`: `max(n2 - n1 + 1, 0)`.
    pub(super) fn bessel_rank1_shape(&mut self, args: &[Expr]) -> Vec<Op> {
        let (Some(a1), Some(a2)) = (args.first(), args.get(1)) else { return vec![Op::I64(0)] };
        let n1 = self.expr(a1);
        let n1 = self.conv(n1, Ty::I64);
        let n2 = self.expr(a2);
        let n2 = self.conv(n2, Ty::I64);
        let d = self.bin(Ty::I64, BinOp::Sub, n2, n1);
        let d = self.bin(Ty::I64, BinOp::Add, d, Op::I64(1));
        vec![self.val(Ty::I64, Rv::Binary(BinOp::Max, d, Op::I64(0)))]
    }
}
