//! Complex numbers in gimplify: a complex value is a pair of IR scalars (real and
//! imaginary part, `F32` or `F64`), complex memory two consecutive reals (gfortran's
//! layout, so dummy arguments pass by reference as usual). Arithmetic follows gfortran's
//! `-fcx-fortran-rules` expansion (plain products, Smith's division); `sqrt`, `exp` and
//! integer powers call the runtime (`gpuf_cmath_*`), `abs` the C library's `hypot`.

use super::*;

/// The part type of a complex base type.
pub(super) fn part_ty(b: BaseTy) -> Option<Ty> {
    match b {
        BaseTy::Complex(8) => Some(Ty::F64),
        BaseTy::Complex(16) => Some(Ty::F128),
        BaseTy::Complex(_) => Some(Ty::F32),
        _ => None,
    }
}

pub(super) fn is_complex(e: &Expr) -> bool {
    matches!(e.ty.base(), Some(BaseTy::Complex(_)))
}

type C = (Op, Op);

impl G<'_> {
    /// Code compiled for the devices too: a compute construct or a device procedure.
    pub(super) fn device_code(&self) -> bool {
        self.region.is_some() || self.in_routine()
    }

    /// A temporary for one complex value with parts of type `pt`: a stack block in device
    /// code (which has no allocator), else a block freed after the statement.
    fn ctemp(&mut self, pt: Ty) -> Op {
        if self.device_code() {
            return self.val(Ty::Ptr, Rv::Alloca(2 * pt.size() as u64));
        }
        self.str_temp(Op::I64(2 * pt.size()))
    }

    /// `abs` of a complex value in device code (no C library there): the larger magnitude
    /// `m` times `sqrt((a/m)**2 + (b/m)**2)`, which neither overflows nor underflows where
    /// `hypot` does not; 0 when both parts are 0.
    fn device_hypot(&mut self, pt: Ty, a: Op, b: Op) -> Op {
        let aa = self.val(pt, Rv::Math(MathFn::Abs, vec![a]));
        let ab = self.val(pt, Rv::Math(MathFn::Abs, vec![b]));
        let m = self.val(pt, Rv::Binary(BinOp::Max, aa.clone(), ab.clone()));
        let r = self.f.new_var("cabs", pt);
        let zero = zero_of(pt);
        let is0 = self.val(Ty::I32, Rv::Binary(BinOp::Eq, m.clone(), zero.clone()));
        self.push_block();
        let x = self.val(pt, Rv::Binary(BinOp::Div, aa, m.clone()));
        let y = self.val(pt, Rv::Binary(BinOp::Div, ab, m.clone()));
        let x2 = self.val(pt, Rv::Binary(BinOp::Mul, x.clone(), x));
        let y2 = self.val(pt, Rv::Binary(BinOp::Mul, y.clone(), y));
        let s = self.val(pt, Rv::Binary(BinOp::Add, x2, y2));
        let q = self.val(pt, Rv::Math(MathFn::Sqrt, vec![s]));
        let v = self.val(pt, Rv::Binary(BinOp::Mul, m, q));
        self.emit(Stmt::Assign(r, Rv::Use(v)));
        let else_body = self.pop_block();
        self.emit(Stmt::If { cond: is0, then_body: vec![Stmt::Assign(r, Rv::Use(zero))], else_body });
        Op::Var(r)
    }

    /// Loads the complex value at `addr` (parts of type `pt`).
    pub(super) fn cload(&mut self, pt: Ty, addr: Op) -> C {
        let re = self.val(pt, Rv::Load(pt, addr.clone()));
        let a2 = self.val(Ty::Ptr, Rv::PtrAdd(addr, Op::I64(pt.size())));
        let im = self.val(pt, Rv::Load(pt, a2));
        (re, im)
    }

    /// Stores a complex value (converted to parts of type `pt`) at `addr`.
    pub(super) fn cstore(&mut self, pt: Ty, addr: Op, v: C) {
        let re = self.conv(v.0, pt);
        let im = self.conv(v.1, pt);
        self.emit(Stmt::Store(pt, addr.clone(), re));
        let a2 = self.val(Ty::Ptr, Rv::PtrAdd(addr, Op::I64(pt.size())));
        self.emit(Stmt::Store(pt, a2, im));
    }

    /// The address of a complex variable or element (`idx`: positions in a whole array or
    /// section), or `None` after reporting what is not supported.
    pub(super) fn caddr(&mut self, e: &Expr, idx: &[Op]) -> Option<Op> {
        match &e.kind {
            ExprKind::Paren(x) => self.caddr(x, idx),
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Mem(p, _)) => Some(Op::Var(p)),
                Some(Home::Array(d)) if !idx.is_empty() => {
                    let subs: Vec<Op> =
                        d.lb.clone().into_iter().zip(idx).map(|(lb, i)| self.bin(Ty::I64, BinOp::Add, Op::Var(lb), i.clone())).collect();
                    Some(self.elem_addr(&d, &subs))
                }
                _ => {
                    self.not_yet(format!("the complex variable `{}` here", id.name), e.span);
                    None
                }
            },
            ExprKind::ArrayCtor(_) => {
                let pt = e.ty.base().and_then(part_ty).unwrap_or(Ty::F32);
                let Some((buf, _)) = self.mats.get(&(e as *const Expr as usize)).cloned() else {
                    self.not_yet("a complex array constructor here", e.span);
                    return None;
                };
                let i = idx.first().cloned().unwrap_or(Op::I64(0));
                let off = self.bin(Ty::I64, BinOp::Mul, i, Op::I64(2 * pt.size()));
                Some(self.val(Ty::Ptr, Rv::PtrAdd(buf, off)))
            }
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else {
                    self.not_yet(format!("`{}` as a complex array here", name.name), e.span);
                    return None;
                };
                let s = self.subscripts(&d, subs, idx);
                Some(self.elem_addr(&d, &s))
            }
            ExprKind::Component(_) => Some(self.component_addr(e, idx)),
            _ => None,
        }
    }

    /// The complex value of `e` (or of the real or integer `e` promoted) with parts of type
    /// `pt`, at position `idx` of an array expression.
    pub(super) fn cexpr_at(&mut self, e: &Expr, idx: &[Op], pt: Ty) -> C {
        let zero = zero_of(pt);
        if !is_complex(e) {
            let v = self.expr_at(e, idx);
            return (self.conv(v, pt), zero);
        }
        let own = e.ty.base().and_then(part_ty).unwrap_or(pt);
        let (re, im) = self.cexpr_own(e, idx, own);
        (self.conv(re, pt), self.conv(im, pt))
    }

    fn cexpr_own(&mut self, e: &Expr, idx: &[Op], pt: Ty) -> C {
        let zero = (zero_of(pt), zero_of(pt));
        match &e.kind {
            ExprKind::Complex(re, im) => {
                let r = self.expr(re);
                let i = self.expr(im);
                (self.conv(r, pt), self.conv(i, pt))
            }
            ExprKind::Paren(x) => self.cexpr_at(x, idx, pt),
            ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::ArrayCtor(_) | ExprKind::Component(_) => match self.caddr(e, idx) {
                Some(a) => self.cload(pt, a),
                None => zero,
            },
            ExprKind::Unary(op, x) => {
                let (a, b) = self.cexpr_at(x, idx, pt);
                if *op == ast::UnOp::Neg {
                    let a = self.val(pt, Rv::Unary(ir::UnOp::Neg, a));
                    let b = self.val(pt, Rv::Unary(ir::UnOp::Neg, b));
                    (a, b)
                } else {
                    (a, b)
                }
            }
            ExprKind::Binary(op, x, y) => self.cbinary(*op, x, y, idx, pt),
            ExprKind::Call { name, args } => {
                if e.ty.rank() > 0 {
                    self.not_yet("array-valued function references", e.span);
                    return zero;
                }
                if self.device_code() {
                    self.not_yet("calls of complex-valued functions in device code", e.span);
                    return zero;
                }
                match self.call_args(name, args, e.span) {
                    Some((link, mut ops)) => {
                        let buf = self.ctemp(pt);
                        ops.push(buf.clone());
                        self.emit(Stmt::Call(format!("__gpuf_ccall{}_{link}", pt.size()), ops));
                        self.cload(pt, buf)
                    }
                    None => zero,
                }
            }
            ExprKind::Intrinsic { func, args } => self.cintrinsic(e, *func, args, idx, pt),
            _ => {
                self.not_yet("this complex expression", e.span);
                zero
            }
        }
    }

    fn cbinary(&mut self, op: ast::BinOp, x: &Expr, y: &Expr, idx: &[Op], pt: Ty) -> C {
        use ast::BinOp as B;
        let f = |g: &mut Self, o: BinOp, a: Op, b: Op| g.val(pt, Rv::Binary(o, a, b));
        if op == B::Pow && matches!(y.ty.base(), Some(BaseTy::Integer(_))) {
            let (a, b) = self.cexpr_at(x, idx, pt);
            let n = self.expr_at(y, idx);
            let n = self.conv(n, Ty::I64);
            return self.cmath(2, pt, (a, b), n, x.span.to(y.span));
        }
        if op == B::Pow {
            // Real or complex exponents: the C library's cpow.
            let (a, b) = self.cexpr_at(x, idx, pt);
            let (c, d) = self.cexpr_at(y, idx, pt);
            if pt == Ty::F128 {
                return self.qcall("cpowq", &[(a, b), (c, d)]);
            }
            if self.device_code() {
                self.not_yet("`**` of complex numbers in device code", x.span.to(y.span));
                return (zero_of(pt), zero_of(pt));
            }
            let buf = self.str_temp(Op::I64(16));
            let f = if pt == Ty::F64 { "gpuf_cpow_f64" } else { "gpuf_cpow_f32" };
            self.emit(Stmt::Call(f.into(), vec![a, b, c, d, buf.clone()]));
            return self.cload(pt, buf);
        }
        let (xc, yc) = (is_complex(x), is_complex(y));
        let (a, b) = self.cexpr_at(x, idx, pt);
        let (c, d) = self.cexpr_at(y, idx, pt);
        match op {
            // A real operand has no imaginary part to add (as GCC's lowering knows).
            B::Add if !yc => (f(self, BinOp::Add, a, c), b),
            B::Add if !xc => (f(self, BinOp::Add, a, c), d),
            B::Add => (f(self, BinOp::Add, a, c), f(self, BinOp::Add, b, d)),
            B::Sub if !yc => (f(self, BinOp::Sub, a, c), b),
            B::Sub if !xc => {
                let nd = self.val(pt, Rv::Unary(ir::UnOp::Neg, d));
                (f(self, BinOp::Sub, a, c), nd)
            }
            B::Sub => (f(self, BinOp::Sub, a, c), f(self, BinOp::Sub, b, d)),
            B::Mul if !yc => (f(self, BinOp::Mul, a, c.clone()), f(self, BinOp::Mul, b, c)),
            B::Mul if !xc => (f(self, BinOp::Mul, a.clone(), c), f(self, BinOp::Mul, a, d)),
            B::Mul => {
                let ac = f(self, BinOp::Mul, a.clone(), c.clone());
                let bd = f(self, BinOp::Mul, b.clone(), d.clone());
                let ad = f(self, BinOp::Mul, a, d);
                let bc = f(self, BinOp::Mul, b, c);
                (f(self, BinOp::Sub, ac, bd), f(self, BinOp::Add, ad, bc))
            }
            B::Div if !yc => (f(self, BinOp::Div, a, c.clone()), f(self, BinOp::Div, b, c)),
            B::Div => self.cdiv(pt, (a, b), (c, d)),
            _ => {
                self.not_yet("this operator on complex numbers", x.span.to(y.span));
                (zero_of(pt), zero_of(pt))
            }
        }
    }

    /// Smith's division, as GCC expands it for Fortran.
    fn cdiv(&mut self, pt: Ty, (a, b): C, (c, d): C) -> C {
        let (tr, ti) = (self.tmp(pt), self.tmp(pt));
        let ac = self.val(pt, Rv::Math(MathFn::Abs, vec![c.clone()]));
        let ad = self.val(pt, Rv::Math(MathFn::Abs, vec![d.clone()]));
        let small = self.val(Ty::I32, Rv::Binary(BinOp::Lt, ac, ad));
        let arm = |g: &mut Self, swap: bool| {
            g.push_block();
            let f = |g: &mut Self, o: BinOp, x: Op, y: Op| g.val(pt, Rv::Binary(o, x, y));
            let (p, q) = if swap { (c.clone(), d.clone()) } else { (d.clone(), c.clone()) };
            // ratio = p / q; div = p * ratio + q
            let ratio = f(g, BinOp::Div, p.clone(), q.clone());
            let pr = f(g, BinOp::Mul, p, ratio.clone());
            let div = f(g, BinOp::Add, pr, q);
            let (re, im) = if swap {
                // |c| < |d|: tr = a*ratio + b, ti = b*ratio - a
                let ar = f(g, BinOp::Mul, a.clone(), ratio.clone());
                let br = f(g, BinOp::Mul, b.clone(), ratio);
                (f(g, BinOp::Add, ar, b.clone()), f(g, BinOp::Sub, br, a.clone()))
            } else {
                // tr = b*ratio + a, ti = b - a*ratio
                let br = f(g, BinOp::Mul, b.clone(), ratio.clone());
                let ar = f(g, BinOp::Mul, a.clone(), ratio);
                (f(g, BinOp::Add, br, a.clone()), f(g, BinOp::Sub, b.clone(), ar))
            };
            g.emit(Stmt::Assign(tr, Rv::Binary(BinOp::Div, re, div.clone())));
            g.emit(Stmt::Assign(ti, Rv::Binary(BinOp::Div, im, div)));
            g.pop_block()
        };
        let then_body = arm(self, true);
        let else_body = arm(self, false);
        self.emit(Stmt::If { cond: small, then_body, else_body });
        (Op::Var(tr), Op::Var(ti))
    }

    /// `gpuf_cmath_*`: `sqrt` (0), `exp` (1), `** n` (2), `log` (3), `sin` (4), `cos` (5),
    /// `tan` (7) ... `atanh` (16) (see `runtime-lib/src/complex.rs`); for `complex(16)`
    /// values libquadmath's functions and [`G::cpowi16`].
    fn cmath(&mut self, op: i32, pt: Ty, (a, b): C, n: Op, sp: Span) -> C {
        if pt == Ty::F128 {
            let f = match op {
                0 => "csqrtq",
                1 => "cexpq",
                3 => "clogq",
                4 => "csinq",
                5 => "ccosq",
                7 => "ctanq",
                8 => "casinq",
                9 => "cacosq",
                10 => "catanq",
                11 => "csinhq",
                12 => "ccoshq",
                13 => "ctanhq",
                14 => "casinhq",
                15 => "cacoshq",
                16 => "catanhq",
                _ => return self.cpowi16((a, b), n),
            };
            let _ = sp;
            return self.qcall(f, &[(a, b)]);
        }
        if self.device_code() {
            let what = ["`sqrt`", "`exp`", "integer powers", "`log`", "`sin`", "`cos`"].get(op as usize).copied().unwrap_or("functions");
            self.not_yet(format!("{what} of complex numbers in device code"), sp);
            return (zero_of(pt), zero_of(pt));
        }
        let buf = self.str_temp(Op::I64(16));
        let f = if pt == Ty::F64 { "gpuf_cmath_f64" } else { "gpuf_cmath_f32" };
        self.emit(Stmt::Call(f.into(), vec![Op::I32(op), a, b, n, buf.clone()]));
        self.cload(pt, buf)
    }

    /// libquadmath's `__complex128` function `f` of `args` (see `codegen/src/cabi.rs`).
    fn qcall(&mut self, f: &str, args: &[C]) -> C {
        let mut ops = Vec::new();
        for v in args {
            let buf = self.str_temp(Op::I64(32));
            self.cstore(Ty::F128, buf.clone(), v.clone());
            ops.push(buf);
        }
        let out = self.str_temp(Op::I64(32));
        ops.push(out.clone());
        self.emit(Stmt::Call(format!("__gpuf_qcall_{f}"), ops));
        self.cload(Ty::F128, out)
    }

    /// `z ** n` of a `complex(16)` value and an integer (`I64`): libgfortran's `pow_c16_i*`,
    /// binary powering (`1 / z` first for negative `n`).
    fn cpowi16(&mut self, z: C, n: Op) -> C {
        let pt = Ty::F128;
        let one = self.conv(Op::I32(1), pt);
        let (pr, pi) = (self.tmp(pt), self.tmp(pt));
        let (xr, xi) = (self.tmp(pt), self.tmp(pt));
        let u = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(pr, Rv::Use(one.clone())));
        self.emit(Stmt::Assign(pi, Rv::Use(zero_of(pt))));
        self.emit(Stmt::Assign(xr, Rv::Use(z.0.clone())));
        self.emit(Stmt::Assign(xi, Rv::Use(z.1.clone())));
        self.emit(Stmt::Assign(u, Rv::Use(n.clone())));
        let neg = self.val(Ty::I32, Rv::Binary(BinOp::Lt, n, Op::I64(0)));
        self.push_block();
        let (r, i) = self.cdiv(pt, (one, zero_of(pt)), z);
        self.emit(Stmt::Assign(xr, Rv::Use(r)));
        self.emit(Stmt::Assign(xi, Rv::Use(i)));
        self.emit(Stmt::Assign(u, Rv::Unary(ir::UnOp::Neg, Op::Var(u))));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: neg, then_body, else_body: vec![] });
        let mul = |g: &mut Self, (a, b): C, (c, d): C| -> C {
            let f = |g: &mut Self, o: BinOp, x: Op, y: Op| g.val(pt, Rv::Binary(o, x, y));
            let ac = f(g, BinOp::Mul, a.clone(), c.clone());
            let bd = f(g, BinOp::Mul, b.clone(), d.clone());
            let ad = f(g, BinOp::Mul, a, d);
            let bc = f(g, BinOp::Mul, b, c);
            (f(g, BinOp::Sub, ac, bd), f(g, BinOp::Add, ad, bc))
        };
        // while u != 0: if u odd, p *= x; u >>= 1; if u != 0, x *= x.
        let id = self.f.new_loop();
        self.push_block();
        let nz = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(u), Op::I64(0)));
        let cond_body = self.pop_block();
        self.push_block();
        let odd = self.val(Ty::I64, Rv::Binary(BinOp::And, Op::Var(u), Op::I64(1)));
        let odd = self.val(Ty::I32, Rv::Binary(BinOp::Ne, odd, Op::I64(0)));
        self.push_block();
        let (r, i) = mul(self, (Op::Var(pr), Op::Var(pi)), (Op::Var(xr), Op::Var(xi)));
        self.emit(Stmt::Assign(pr, Rv::Use(r)));
        self.emit(Stmt::Assign(pi, Rv::Use(i)));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: odd, then_body, else_body: vec![] });
        self.emit(Stmt::Assign(u, Rv::Binary(BinOp::LShr, Op::Var(u), Op::I64(1))));
        let more = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(u), Op::I64(0)));
        self.push_block();
        let (r, i) = mul(self, (Op::Var(xr), Op::Var(xi)), (Op::Var(xr), Op::Var(xi)));
        self.emit(Stmt::Assign(xr, Rv::Use(r)));
        self.emit(Stmt::Assign(xi, Rv::Use(i)));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: more, then_body, else_body: vec![] });
        let body = self.pop_block();
        self.emit(Stmt::While { id, cond_body, cond: nz, body });
        (Op::Var(pr), Op::Var(pi))
    }

    fn cintrinsic(&mut self, e: &Expr, func: Intrinsic, args: &[Expr], idx: &[Op], pt: Ty) -> C {
        let zero = (zero_of(pt), zero_of(pt));
        let Some(x) = args.first() else { return zero };
        match func {
            Intrinsic::Cmplx => {
                // Sema leaves `x [, y]` (the kind is in the type).
                if is_complex(x) {
                    return self.cexpr_at(x, idx, pt);
                }
                let r = self.expr_at(x, idx);
                let r = self.conv(r, pt);
                let i = match args.get(1) {
                    Some(y) => {
                        let v = self.expr_at(y, idx);
                        self.conv(v, pt)
                    }
                    None => zero_of(pt),
                };
                (r, i)
            }
            // A complex `transfer` result: its bytes in the materialised block.
            Intrinsic::Transfer => {
                let key = e as *const Expr as usize;
                if !self.mats.contains_key(&key) {
                    self.materialize_transfer(e, args);
                }
                let Some((buf, _)) = self.mats.get(&key).cloned() else { return zero };
                let k = if e.ty.rank() > 0 { idx.first().cloned().unwrap_or(Op::I64(0)) } else { Op::I64(0) };
                let off = self.bin(Ty::I64, BinOp::Mul, k, Op::I64(2 * pt.size()));
                let a = self.val(Ty::Ptr, Rv::PtrAdd(buf, off));
                self.cload(pt, a)
            }
            Intrinsic::Conjg => {
                let (a, b) = self.cexpr_at(x, idx, pt);
                let nb = self.val(pt, Rv::Unary(ir::UnOp::Neg, b));
                (a, nb)
            }
            Intrinsic::Sum | Intrinsic::Product | Intrinsic::DotProduct => {
                if func != Intrinsic::DotProduct && !matches!(args.get(1).map(|d| &d.kind), Some(ExprKind::Int(0, _))) {
                    self.not_yet("the `dim` argument of `sum` and `product` of complex arrays", e.span);
                    return zero;
                }
                let mask = args.get(2).filter(|m| !matches!(m.kind, ExprKind::Logical(true)) && func != Intrinsic::DotProduct);
                let one = match pt {
                    Ty::F128 => Op::F128("1.0e0".into()),
                    Ty::F64 => Op::F64(1.0),
                    _ => Op::F32(1.0),
                };
                let (ar, ai) = (self.tmp(pt), self.tmp(pt));
                let init = if func == Intrinsic::Product { one } else { zero_of(pt) };
                self.emit(Stmt::Assign(ar, Rv::Use(init)));
                self.emit(Stmt::Assign(ai, Rv::Use(zero_of(pt))));
                let shape = self.shape(x);
                let y = args.get(1);
                self.scalarise(&shape, &mut |g, ix| {
                    if mask.is_some() {
                        g.push_block();
                    }
                    let (a, b) = g.cexpr_at(x, ix, pt);
                    let f = |g: &mut Self, o: BinOp, p: Op, q: Op| g.val(pt, Rv::Binary(o, p, q));
                    let (c, d) = match (func, y) {
                        (Intrinsic::DotProduct, Some(y)) => {
                            // conjg(x) * y
                            let (c, d) = g.cexpr_at(y, ix, pt);
                            let nb = g.val(pt, Rv::Unary(ir::UnOp::Neg, b.clone()));
                            let ac = f(g, BinOp::Mul, a.clone(), c.clone());
                            let bd = f(g, BinOp::Mul, nb.clone(), d.clone());
                            let ad = f(g, BinOp::Mul, a, d);
                            let bc = f(g, BinOp::Mul, nb, c);
                            (f(g, BinOp::Sub, ac, bd), f(g, BinOp::Add, ad, bc))
                        }
                        _ => (a, b),
                    };
                    if func == Intrinsic::Product {
                        let (p, q) = (Op::Var(ar), Op::Var(ai));
                        let pc = f(g, BinOp::Mul, p.clone(), c.clone());
                        let qd = f(g, BinOp::Mul, q.clone(), d.clone());
                        let pd = f(g, BinOp::Mul, p, d);
                        let qc = f(g, BinOp::Mul, q, c);
                        g.emit(Stmt::Assign(ar, Rv::Binary(BinOp::Sub, pc, qd)));
                        g.emit(Stmt::Assign(ai, Rv::Binary(BinOp::Add, pd, qc)));
                    } else {
                        g.emit(Stmt::Assign(ar, Rv::Binary(BinOp::Add, Op::Var(ar), c)));
                        g.emit(Stmt::Assign(ai, Rv::Binary(BinOp::Add, Op::Var(ai), d)));
                    }
                    if let Some(m) = mask {
                        let body = g.pop_block();
                        let mi: &[Op] = if m.ty.rank() > 0 { ix } else { &[] };
                        let cond = g.expr_at(m, mi);
                        g.emit(Stmt::If { cond, then_body: body, else_body: vec![] });
                    }
                });
                (Op::Var(ar), Op::Var(ai))
            }
            Intrinsic::Sqrt
            | Intrinsic::Exp
            | Intrinsic::Log
            | Intrinsic::Sin
            | Intrinsic::Cos
            | Intrinsic::Tan
            | Intrinsic::Asin
            | Intrinsic::Acos
            | Intrinsic::Atan
            | Intrinsic::Sinh
            | Intrinsic::Cosh
            | Intrinsic::Tanh
            | Intrinsic::Asinh
            | Intrinsic::Acosh
            | Intrinsic::Atanh => {
                let v = self.cexpr_at(x, idx, pt);
                let op = match func {
                    Intrinsic::Exp => 1,
                    Intrinsic::Log => 3,
                    Intrinsic::Sin => 4,
                    Intrinsic::Cos => 5,
                    Intrinsic::Tan => 7,
                    Intrinsic::Asin => 8,
                    Intrinsic::Acos => 9,
                    Intrinsic::Atan => 10,
                    Intrinsic::Sinh => 11,
                    Intrinsic::Cosh => 12,
                    Intrinsic::Tanh => 13,
                    Intrinsic::Asinh => 14,
                    Intrinsic::Acosh => 15,
                    Intrinsic::Atanh => 16,
                    _ => 0,
                };
                self.cmath(op, pt, v, Op::I64(0), e.span)
            }
            _ => {
                self.not_yet(format!("this intrinsic on complex numbers ({func:?})"), e.span);
                zero
            }
        }
    }

    /// Real-valued expressions on complex operands (`==`, `/=`, `real`, `aimag`, `abs`,
    /// `dble`), and the guard that keeps complex values out of the scalar lowering:
    /// `Some` when `e` was handled here.
    pub(super) fn complex_scalar(&mut self, e: &Expr, idx: &[Op]) -> Option<Op> {
        if is_complex(e) {
            self.not_yet("a complex value here", e.span);
            return Some(Op::F32(0.0));
        }
        match &e.kind {
            ExprKind::Binary(op @ (ast::BinOp::Eq | ast::BinOp::Ne), x, y) if is_complex(x) || is_complex(y) => {
                let kind = |z: &Expr| match z.ty.base() {
                    Some(BaseTy::Complex(k) | BaseTy::Real(k)) => k,
                    _ => 4,
                };
                let pt = match kind(x).max(kind(y)) {
                    16 => Ty::F128,
                    8 => Ty::F64,
                    _ => Ty::F32,
                };
                let (a, b) = self.cexpr_at(x, idx, pt);
                let (c, d) = self.cexpr_at(y, idx, pt);
                let (cmp, join) = if *op == ast::BinOp::Eq { (BinOp::Eq, BinOp::And) } else { (BinOp::Ne, BinOp::Or) };
                let r = self.val(Ty::I32, Rv::Binary(cmp, a, c));
                let i = self.val(Ty::I32, Rv::Binary(cmp, b, d));
                Some(self.val(Ty::I32, Rv::Binary(join, r, i)))
            }
            ExprKind::Intrinsic {
                func: func @ (Intrinsic::Real | Intrinsic::Dble | Intrinsic::Int | Intrinsic::Aimag | Intrinsic::Abs),
                args,
            } if args.first().is_some_and(is_complex) => {
                let x = args.first()?;
                let pt = x.ty.base().and_then(part_ty).unwrap_or(Ty::F32);
                let (a, b) = self.cexpr_at(x, idx, pt);
                let rt = self.expr_ty(e);
                let v = match func {
                    Intrinsic::Aimag => b,
                    Intrinsic::Abs if self.device_code() => self.device_hypot(pt, a, b),
                    Intrinsic::Abs => {
                        let f = match pt {
                            Ty::F128 => "hypotq",
                            Ty::F64 => "hypot",
                            _ => "hypotf",
                        };
                        self.val(pt, Rv::Call(f.into(), vec![a, b], pt))
                    }
                    _ => a,
                };
                let v = self.conv(v, rt);
                Some(self.wrap(e.ty.base(), v))
            }
            _ => None,
        }
    }

    /// The element address of an assignment target at position `idx`.
    fn target_addr(&mut self, lhs: &Expr, idx: &[Op]) -> Option<Op> {
        self.caddr(lhs, idx)
    }

    /// Assignments with a complex side; `true` when handled here.
    pub(super) fn complex_assign(&mut self, lhs: &Expr, rhs: &Expr, sp: Span) -> bool {
        if !is_complex(lhs) && !is_complex(rhs) {
            return false;
        }
        let name = match &lhs.kind {
            ExprKind::Name(id) => id.name.clone(),
            ExprKind::ArrayRef { name, .. } => name.name.clone(),
            _ => String::new(),
        };
        let overlap = lhs.ty.rank() > 0 && rhs.ty.rank() > 0 && mentions(rhs, &name);
        if overlap && !is_complex(lhs) {
            self.not_yet("a real array assigned from a complex expression that reads it", sp);
            return true;
        }
        let Some(pt) = lhs.ty.base().and_then(part_ty) else {
            // A real or integer target takes the real part.
            let lt = self.expr_ty(lhs);
            let pt = rhs.ty.base().and_then(part_ty).unwrap_or(Ty::F32);
            if lhs.ty.rank() == 0 {
                let (re, _) = self.cexpr_at(rhs, &[], pt);
                let v = self.conv(re, lt);
                self.assign_op(lhs, v);
            } else {
                let shape = self.shape(lhs);
                self.scalarise(&shape, &mut |g, idx| {
                    let ridx: &[Op] = if rhs.ty.rank() > 0 { idx } else { &[] };
                    let (re, _) = g.cexpr_at(rhs, ridx, pt);
                    let v = g.conv(re, lt);
                    g.store_elem(lhs, idx, v);
                });
            }
            return true;
        };
        if lhs.ty.rank() == 0 {
            let v = self.cexpr_at(rhs, &[], pt);
            if let Some(a) = self.target_addr(lhs, &[]) {
                self.cstore(pt, a, v);
            }
            return true;
        }
        let shape = self.shape(lhs);
        if overlap {
            // The right-hand side reads the array: evaluate into a temporary first.
            let size = 2 * pt.size();
            let tmp = self.temp_buf(&shape, size);
            self.scalarise(&shape, &mut |g, idx| {
                let v = g.cexpr_at(rhs, idx, pt);
                let a = g.lin_addr(&tmp, idx, &shape, size);
                g.cstore(pt, a, v);
            });
            self.scalarise(&shape, &mut |g, idx| {
                let a = g.lin_addr(&tmp, idx, &shape, size);
                let v = g.cload(pt, a);
                if let Some(t) = g.target_addr(lhs, idx) {
                    g.cstore(pt, t, v);
                }
            });
            self.emit(Stmt::Call("gpuf_free".into(), vec![tmp]));
            return true;
        }
        let scalar = if rhs.ty.rank() == 0 { Some(self.cexpr_at(rhs, &[], pt)) } else { None };
        self.scalarise(&shape, &mut |g, idx| {
            let v = match &scalar {
                Some(v) => v.clone(),
                None => g.cexpr_at(rhs, idx, pt),
            };
            if let Some(a) = g.target_addr(lhs, idx) {
                g.cstore(pt, a, v);
            }
        });
        true
    }

    /// Stores the complex value `v` (a scalar, or an array of the component's shape)
    /// into the complex component `c` at `ca` (every element of an array component).
    pub(super) fn cstore_comp(&mut self, ca: &Op, c: &gpuf_frontend::sema::CompInfo, v: &Expr) {
        let Some(pt) = part_ty(c.base) else { return };
        if v.ty.rank() == 0 {
            let x = self.cexpr_at(v, &[], pt);
            self.each_elem(ca, c, 2 * pt.size(), &mut |g, a| g.cstore(pt, a, x.clone()));
            return;
        }
        let mark = self.materialize(v);
        let d = self.comp_desc(ca.clone(), c);
        let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
        self.scalarise(&shape, &mut |g, idx| {
            let x = g.cexpr_at(v, idx, pt);
            let subs: Vec<Op> = d.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
            let a = g.elem_addr(&d, &subs);
            g.cstore(pt, a, x);
        });
        self.free_mats(mark);
    }

    /// An output item at position `idx`: complex values as one item, others as before.
    pub(super) fn io_value(&mut self, e: &Expr, idx: &[Op]) {
        if let Some(pt) = e.ty.base().and_then(part_ty) {
            let (a, b) = self.cexpr_at(e, idx, pt);
            if pt == Ty::F128 {
                // By address: the run time (Rust) has no binary128 type.
                let p = self.val(Ty::Ptr, Rv::Alloca(32));
                self.cstore(pt, p.clone(), (a, b));
                self.emit(Stmt::Call("gpuf_io_c128".into(), vec![p]));
                return;
            }
            let f = if pt == Ty::F64 { "gpuf_io_c64" } else { "gpuf_io_c32" };
            self.emit(Stmt::Call(f.into(), vec![a, b]));
            return;
        }
        let v = self.expr_at(e, idx);
        self.io_item(e, v);
    }

    /// A complex local scalar (or named constant): in memory, two consecutive reals; in a
    /// device procedure a block of the executing thread's stack (as its local arrays).
    pub(super) fn complex_local(&mut self, s: &gpuf_frontend::sema::Symbol, pt: Ty) {
        let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        if self.in_routine() {
            self.emit(Stmt::Assign(p, Rv::Alloca(2 * pt.size() as u64)));
        } else {
            self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![Op::I64(2 * pt.size())], Ty::Ptr)));
            self.frees.push(p);
        }
        self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
        let v = match &s.init {
            Some(init) => self.cexpr_at(init, &[], pt),
            None => (zero_of(pt), zero_of(pt)),
        };
        self.cstore(pt, Op::Var(p), v);
    }

    /// A saved or module complex scalar: a global pointer to its two reals, allocated and
    /// initialised at the first use (as saved arrays are).
    pub(super) fn complex_saved(&mut self, s: &gpuf_frontend::sema::Symbol, pt: Ty, gname: String, local: bool) {
        let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        if let Some((addr, runtime_init)) = self.static_object(s, &gname, local) {
            self.emit(Stmt::Assign(p, Rv::Use(addr)));
            if let (true, Some(init)) = (runtime_init, &s.init) {
                self.push_block();
                let v = self.cexpr_at(init, &[], pt);
                self.cstore(pt, Op::Var(p), v);
                self.static_init(s, &gname, local);
            }
            self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
            return;
        }
        self.add_global(&gname, Ty::Ptr, Op::Null, local);
        let gp = self.val(Ty::Ptr, Rv::GlobalAddr(gname));
        self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, gp.clone())));
        let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(p), Op::Null));
        self.push_block();
        self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![Op::I64(2 * pt.size())], Ty::Ptr)));
        self.emit(Stmt::Store(Ty::Ptr, gp, Op::Var(p)));
        let v = match &s.init {
            Some(init) => self.cexpr_at(init, &[], pt),
            None => (zero_of(pt), zero_of(pt)),
        };
        self.cstore(pt, Op::Var(p), v);
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
        self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
    }

    /// The result of a complex-valued function: stored through one more (last) parameter;
    /// codegen wraps the procedure in gfortran's ABI (see `codegen/src/cabi.rs`).
    pub(super) fn complex_result(&mut self, s: &gpuf_frontend::sema::Symbol, pt: Ty) {
        if self.mem_names.contains(&s.name) {
            self.not_yet("a complex function result named in an OpenACC directive", s.span);
            return;
        }
        let p = self.f.new_var(format!("{}.res", s.name), Ty::Ptr);
        self.f.params.push(p);
        self.f.name = format!("__gpuf_cret{}_{}", pt.size(), self.f.name);
        self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
        self.cstore(pt, Op::Var(p), (zero_of(pt), zero_of(pt)));
    }

    /// A complex input item (variable, element or section): `true` when handled here.
    pub(super) fn complex_read(&mut self, e: &Expr) -> bool {
        let Some(pt) = e.ty.base().and_then(part_ty) else { return false };
        let f = match pt {
            Ty::F128 => "gpuf_read_c128",
            Ty::F64 => "gpuf_read_c64",
            _ => "gpuf_read_c32",
        };
        let shape = if e.ty.rank() > 0 { self.shape(e) } else { Vec::new() };
        self.scalarise(&shape, &mut |g, idx| {
            if let Some(a) = g.caddr(e, idx) {
                g.emit(Stmt::Call(f.into(), vec![a]));
            }
        });
        true
    }

    /// The address of a complex actual argument that is not a variable: a temporary.
    pub(super) fn complex_arg_addr(&mut self, e: &Expr) -> Option<Op> {
        let pt = e.ty.base().and_then(part_ty)?;
        if matches!(e.kind, ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::Component(_)) {
            return None;
        }
        if e.ty.rank() > 0 {
            self.not_yet("a complex array expression as an actual argument", e.span);
            return Some(Op::Null);
        }
        let v = self.cexpr_at(e, &[], pt);
        let buf = self.ctemp(pt);
        self.cstore(pt, buf.clone(), v);
        Some(buf)
    }
}
