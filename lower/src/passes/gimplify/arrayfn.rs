//! Array-valued user functions with explicit-shape results (`real :: r(n)`), with
//! gfortran's convention: the function is a subroutine whose hidden first argument is a
//! descriptor of the result, which the caller allocates. The caller computes the result's
//! shape from the callee's declaration, binding its dummy arguments to the actual ones
//! (scalars by value, whole arrays by their descriptors) and its named constants to their
//! values; a reference is evaluated into a temporary before the statement (see
//! [`G::materialize`]).

use super::*;
use gpuf_frontend::sema::{ResultBound, Symbol};

impl G<'_> {
    /// A reference to a user function whose result is an array (not an elemental call).
    pub(super) fn is_array_call(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Call { name, .. } => {
                e.ty.rank() > 0 && self.procs.map.get(&name.name).is_some_and(|s| !s.elemental && s.result.is_some_and(|(_, r)| r > 0))
            }
            _ => false,
        }
    }

    /// The callee's side: the result array lives where the hidden descriptor `pv` says
    /// (packed if the caller passed a strided one), with the declared shape.
    pub(super) fn declare_array_result(&mut self, s: &Symbol, pv: VarId) {
        let desc = self.new_desc(s);
        let rank = Op::I32(i32::from(s.rank));
        let size = self.elem_size(s.base);
        self.emit(Stmt::Assign(desc.addr, Rv::Call("gpuf_desc_pack".into(), vec![Op::Var(pv), rank.clone(), Op::I64(size)], Ty::Ptr)));
        self.set_shape(&desc, &s.dims, s.span);
        self.unpacks.push(Stmt::Call("gpuf_desc_unpack".into(), vec![Op::Var(pv), rank, Op::I64(size), Op::Var(desc.addr), Op::I32(1)]));
    }

    /// The extents of the result of calling `key` with `args`; `None` after a not_yet.
    fn call_result_shape(&mut self, key: &str, args: &[Arg], sp: Span) -> Option<Vec<Op>> {
        let units = self.units;
        let Some(cu) = units.iter().find(|u| u.key.as_deref() == Some(key) && u.unit.kind == UnitKind::Function) else {
            return self.imported_result_shape(key, args, sp);
        };
        let rname = cu.unit.result.as_ref().unwrap_or(&cu.unit.name).name.clone();
        let rs = cu.symbols.get(&rname)?;
        // Actual arguments in dummy order.
        let mut slots: Vec<Option<&Expr>> = vec![None; cu.unit.args.len()];
        let mut pos = 0;
        for a in args {
            match a {
                Arg::Index(e) => {
                    if let Some(sl) = slots.get_mut(pos) {
                        *sl = Some(e);
                    }
                    pos += 1;
                }
                Arg::Keyword(k, e) => {
                    if let Some(sl) = cu.unit.args.iter().position(|d| d.name == k.name).and_then(|i| slots.get_mut(i)) {
                        *sl = Some(e);
                    }
                }
                Arg::Range { .. } => {}
            }
        }
        let mut names = BTreeSet::new();
        for d in &rs.dims {
            if let DimSpec::Explicit { lo, hi } = d {
                for x in lo.iter().chain(std::iter::once(hi)) {
                    names_in(x, &mut names);
                }
            } else {
                self.not_yet("array-valued functions whose result is not explicit-shape", sp);
                return None;
            }
        }
        let mut bind = HashMap::new();
        for n in names {
            let Some(s) = cu.symbols.get(&n) else { continue };
            let t = ir_ty(s.base);
            if s.parameter && s.rank == 0 {
                let Some(v) = s.init.as_ref().and_then(|e| const_value(e, t, &cu.symbols)) else {
                    self.not_yet(format!("the bounds of the result of `{}`", cu.unit.name.name), sp);
                    return None;
                };
                let r = self.tmp(t);
                self.emit(Stmt::Assign(r, Rv::Use(v)));
                bind.insert(n, Home::Reg(r, s.base));
                continue;
            }
            let actual = s.dummy.and_then(|i| slots.get(i).copied().flatten());
            match (actual, s.rank) {
                (Some(a), 0) if s.base != BaseTy::Character => {
                    let v = self.expr(a);
                    let v = self.conv(v, t);
                    let r = self.tmp(t);
                    self.emit(Stmt::Assign(r, Rv::Use(v)));
                    bind.insert(n, Home::Reg(r, s.base));
                }
                (Some(a), r) if r > 0 && a.ty.rank() == r => {
                    // An array dummy: its shape (lower bounds 1, no data) for `size`.
                    let sh = self.shape(a);
                    let mut lb = Vec::new();
                    let mut ext = Vec::new();
                    for x in sh {
                        let l = self.tmp(Ty::I64);
                        self.emit(Stmt::Assign(l, Rv::Use(Op::I64(1))));
                        lb.push(l);
                        let v = self.tmp(Ty::I64);
                        self.emit(Stmt::Assign(v, Rv::Use(x)));
                        ext.push(v);
                    }
                    let addr = self.tmp(Ty::Ptr);
                    self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
                    bind.insert(n.clone(), Home::Array(Desc { name: n, base: s.base, addr, lb, ext }));
                }
                _ => {
                    self.not_yet(format!("the bounds of the result of `{}` with these arguments", cu.unit.name.name), sp);
                    return None;
                }
            }
        }
        self.overrides.push(bind);
        let mut shape = Vec::new();
        for d in &rs.dims {
            if let DimSpec::Explicit { lo, hi } = d {
                let l = self.int_arg(lo.as_ref(), 1);
                let h = self.int_arg(Some(hi), 0);
                let n = self.bin(Ty::I64, BinOp::Sub, h, l);
                let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
                shape.push(self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0))));
            }
        }
        self.overrides.pop();
        Some(shape)
    }

    /// The result shape of a function from a module file, from its recorded bounds.
    fn imported_result_shape(&mut self, key: &str, args: &[Arg], sp: Span) -> Option<Vec<Op>> {
        let procs = self.procs;
        let sig = procs.map.get(key)?;
        let Some(bounds) = procs.result_bounds.get(&sig.link_name) else {
            self.not_yet(format!("the result shape of `{}` (its bounds are not recorded in the module file)", sig.name), sp);
            return None;
        };
        let mut slots: Vec<Option<&Expr>> = vec![None; sig.args.len()];
        let mut pos = 0;
        for a in args {
            match a {
                Arg::Index(e) => {
                    if let Some(sl) = slots.get_mut(pos) {
                        *sl = Some(e);
                    }
                    pos += 1;
                }
                Arg::Keyword(k, e) => {
                    if let Some(sl) = sig.args.iter().position(|d| d.name == k.name).and_then(|i| slots.get_mut(i)) {
                        *sl = Some(e);
                    }
                }
                Arg::Range { .. } => {}
            }
        }
        let mut shape = Vec::new();
        for (lo, hi) in bounds {
            let val = |g: &mut Self, b: &ResultBound| -> Option<Op> {
                Some(match *b {
                    ResultBound::Const(v) => Op::I64(v),
                    ResultBound::Arg(i) => {
                        let v = g.expr(slots.get(i).copied().flatten()?);
                        g.conv(v, Ty::I64)
                    }
                    ResultBound::Size(i, k) => {
                        let sh = g.shape(slots.get(i).copied().flatten()?);
                        if k == 0 {
                            g.product(&sh)
                        } else {
                            sh.get(usize::from(k) - 1)?.clone()
                        }
                    }
                })
            };
            let (Some(l), Some(h)) = (val(self, lo), val(self, hi)) else {
                self.not_yet(format!("the result shape of `{}` with these arguments", sig.name), sp);
                return None;
            };
            let n = self.bin(Ty::I64, BinOp::Sub, h, l);
            let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
            shape.push(self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0))));
        }
        Some(shape)
    }

    /// Evaluates an array-valued function reference into a temporary (freed after the
    /// statement).
    pub(super) fn materialize_call(&mut self, e: &Expr) {
        let ExprKind::Call { name, args } = &e.kind else { return };
        let Some(base) = e.ty.base() else { return };
        if base == BaseTy::Character {
            self.not_yet("character array-valued functions", e.span);
            return;
        }
        // Array-valued arguments first (the result's shape may depend on theirs).
        for a in args {
            if let Arg::Index(x) | Arg::Keyword(_, x) = a {
                self.materialize_rec(x);
            }
        }
        if self.returns_pointer(&name.name) {
            return self.materialize_pointer_call(e, name, args, base);
        }
        let Some(shape) = self.call_result_shape(&name.name, args, e.span) else { return };
        let total = self.product(&shape);
        let n1 = self.bin(Ty::I64, BinOp::Max, total.clone(), Op::I64(1));
        let bytes = self.bin(Ty::I64, BinOp::Mul, n1, Op::I64(self.elem_size(base)));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        let mut dims = Vec::new();
        let mut prod = Op::I64(1);
        for x in &shape {
            dims.push((prod.clone(), Op::I64(1), x.clone()));
            prod = self.bin(Ty::I64, BinOp::Mul, prod, x.clone());
        }
        let mark = self.call_after.len();
        let desc = self.build_desc(base, buf.clone(), &dims);
        if let Some((link, mut ops)) = self.call_args(name, args, e.span) {
            ops.insert(0, desc);
            self.emit(Stmt::Call(link, ops));
        }
        self.after_call(mark);
        let key = e as *const Expr as usize;
        self.mats.insert(key, (buf.clone(), total));
        self.mat_shapes.insert(key, shape);
        self.mat_frees.push(buf);
    }

    /// A reference to a function with an array pointer result used as a value: the
    /// target's elements copied into a temporary before the statement.
    fn materialize_pointer_call(&mut self, e: &Expr, name: &ast::Ident, args: &[Arg], base: BaseTy) {
        if matches!(base, BaseTy::Derived(_)) {
            self.not_yet("values of functions returning pointers to arrays of derived type", e.span);
            return;
        }
        let Some(d) = self.pointer_array_call(name, args, e.ty.rank() as usize, base, e.span) else { return };
        let shape: Vec<Op> = d.ext.iter().map(|v| Op::Var(*v)).collect();
        let t = ir_ty(base);
        let total = self.product(&shape);
        let n1 = self.bin(Ty::I64, BinOp::Max, total.clone(), Op::I64(1));
        let bytes = self.bin(Ty::I64, BinOp::Mul, n1, Op::I64(t.size()));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        let (d2, buf2, shape2) = (d.clone(), buf.clone(), shape.clone());
        self.scalarise(&shape, &mut |g, idx| {
            let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
            let a = g.elem_addr(&d2, &subs);
            let v = g.val(t, Rv::Load(t, a));
            let p = g.lin_addr(&buf2, idx, &shape2, t.size());
            g.emit(Stmt::Store(t, p, v));
        });
        let key = e as *const Expr as usize;
        self.mats.insert(key, (buf.clone(), total));
        self.mat_shapes.insert(key, shape);
        self.mat_frees.push(buf);
    }

    /// The element at zero-based `idx` of an evaluated array-valued function reference.
    pub(super) fn array_call_at(&mut self, e: &Expr, idx: &[Op]) -> Op {
        let t = self.expr_ty(e);
        let key = e as *const Expr as usize;
        let (Some((buf, _)), Some(shape)) = (self.mats.get(&key).cloned(), self.mat_shapes.get(&key).cloned()) else {
            self.not_yet("array-valued function references here", e.span);
            return zero_of(t);
        };
        // The element in memory: `integer(1|2)` and `logical(1|2|8)` are narrower or wider
        // than their values.
        let Some(base) = e.ty.base() else { return zero_of(t) };
        let p = self.lin_addr(&buf, idx, &shape, self.elem_size(base));
        self.load_as(base, p)
    }
}

/// The names an expression refers to.
fn names_in(e: &Expr, out: &mut BTreeSet<String>) {
    match &e.kind {
        ExprKind::Name(id) => {
            out.insert(id.name.clone());
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => names_in(x, out),
        ExprKind::Binary(_, x, y) => {
            names_in(x, out);
            names_in(y, out);
        }
        ExprKind::Intrinsic { args, .. } => {
            for a in args {
                names_in(a, out);
            }
        }
        ExprKind::ArrayRef { name, subs } | ExprKind::Call { name, args: subs } | ExprKind::Apply { name, args: subs } => {
            out.insert(name.name.clone());
            for s in subs {
                match s {
                    Arg::Index(x) | Arg::Keyword(_, x) => names_in(x, out),
                    Arg::Range { lo, hi, stride, .. } => {
                        for x in [lo, hi, stride].into_iter().flatten() {
                            names_in(x, out);
                        }
                    }
                }
            }
        }
        _ => {}
    }
}
