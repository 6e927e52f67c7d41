//! Assignment: scalar, whole-array and section targets, reallocation of allocatable left-hand
//! sides, and stores through expressions.

use super::offload_loop::MAX_ALLOCA;
use super::*;

impl G<'_> {
    pub(super) fn assign(&mut self, lhs: &Expr, rhs: &Expr, sp: Span) {
        if lhs.ty.rank() == 0 && self.region.is_none() && self.assign_class(lhs, rhs) {
            return;
        }
        if lhs.ty.rank() > 0 && self.region.is_none() && self.assign_class_array(lhs, rhs) {
            return;
        }
        if lhs.ty.rank() == 0 && self.region.is_none() {
            // An unallocated allocatable scalar component is allocated by the assignment.
            self.alloc_scalar_comp_on_assign(lhs);
            self.alloc_scalar_var_on_assign(lhs);
        }
        if self.complex_assign(lhs, rhs, sp) {
            return;
        }
        if lhs.ty == ast::Ty::Scalar(BaseTy::Character) {
            self.assign_chars(lhs, rhs);
            return;
        }
        if let Some(BaseTy::Derived(k)) = lhs.ty.base() {
            self.assign_derived(lhs, rhs, k);
            return;
        }
        if lhs.ty.base() == Some(BaseTy::Character) {
            self.assign_char_array(lhs, rhs, sp);
            return;
        }
        let lt = self.expr_ty(lhs);
        if lhs.ty.rank() == 0 {
            match &lhs.kind {
                ExprKind::Name(id) => {
                    if matches!(self.lookup(&id.name), Some(Home::Array(_))) {
                        // Whole array assigned a scalar handled below.
                    } else {
                        let v = self.expr(rhs);
                        let v = self.conv(v, lt);
                        self.store_name(&id.name, v);
                        return;
                    }
                }
                ExprKind::ArrayRef { name, subs } => {
                    let v = self.expr(rhs);
                    let v = self.conv(v, lt);
                    let Some(Home::Array(d)) = self.lookup(&name.name) else { return };
                    let s = self.subscripts(&d, subs, &[]);
                    let a = self.elem_addr(&d, &s);
                    self.store_as(d.base, a, v);
                    return;
                }
                ExprKind::Component(_) => {
                    let v = self.expr(rhs);
                    self.component_store(lhs, &[], v);
                    return;
                }
                ExprKind::Call { name, args } if self.returns_pointer(&name.name) => {
                    // `f(x) = v` with a pointer result: store through the target's address.
                    let v = self.expr(rhs);
                    let v = self.conv(v, lt);
                    let a = self.pointer_call(name, args, sp);
                    if let Some(b) = lhs.ty.base() {
                        self.store_as(b, a, v);
                    }
                    return;
                }
                _ => {
                    self.not_yet("this assignment target", sp);
                    return;
                }
            }
        }
        // Array assignment: scalarise over the shape of the left-hand side.
        let name = match &lhs.kind {
            ExprKind::Name(id) => id.name.clone(),
            ExprKind::ArrayRef { name, .. } => name.name.clone(),
            ExprKind::Component(_) => derived::root_name(lhs).unwrap_or_default(),
            _ => String::new(),
        };
        let shape = self.shape(lhs);
        if rhs.ty.rank() == 0 {
            let v = self.expr(rhs);
            let v = self.conv(v, lt);
            self.scalarise(&shape, &mut |g, idx| g.store_elem(lhs, idx, v.clone()));
            return;
        }
        // An allocatable array assigned an array of another shape (or while unallocated)
        // is reallocated to the right-hand side's shape first (Fortran 2003).
        if self.region.is_none() {
            if let Some((a, c)) = self.alloc_comp_ref(lhs) {
                // A whole allocatable component: the same, its descriptor in the structure.
                let d = self.alloc_comp_desc(a.clone(), &c);
                if self.realloc_or_assign(&d, lhs, rhs, &name, &shape, lt, &mut |g, d| g.store_alloc_comp_desc(&a, d)) {
                    return;
                }
            }
        }
        // In device code an allocatable array keeps its shape (no heap there): assigned in place.
        let alloc = self.region.is_none() && matches!(lhs.kind, ExprKind::Name(_)) && self.syms.get(&name).is_some_and(|s| s.allocatable);
        if let (true, Some(Home::Array(d))) = (alloc, self.lookup(&name)) {
            let n = name.clone();
            if self.realloc_or_assign(&d, lhs, rhs, &name, &shape, lt, &mut |g, _| g.store_global_desc(&n)) {
                return;
            }
        }
        self.assign_array_body(lhs, rhs, &name, &shape, lt);
    }

    /// `lhs = rhs` for an allocatable array with descriptor `d`: reallocated to the
    /// right-hand side's shape when unallocated or of another shape (`store` then writes
    /// the new descriptor back), assigned in place otherwise. False when the ranks differ
    /// (nothing emitted).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn realloc_or_assign(
        &mut self,
        d: &Desc,
        lhs: &Expr,
        rhs: &Expr,
        name: &str,
        shape: &[Op],
        lt: Ty,
        store: &mut dyn FnMut(&mut Self, &Desc),
    ) -> bool {
        let rsh = self.shape(rhs);
        if rsh.len() != d.ext.len() {
            return false;
        }
        let mut need = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(d.addr), Op::Null));
        for (e, r) in d.ext.iter().zip(&rsh) {
            let ne = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(*e), r.clone()));
            need = self.val(Ty::I32, Rv::Binary(BinOp::Or, need, ne));
        }
        let derived = match lhs.ty.base() {
            Some(BaseTy::Derived(k)) => Some(k),
            _ => None,
        };
        self.push_block();
        self.realloc_assign(d, rhs, &rsh, lt, derived);
        store(self, d);
        let then_body = self.pop_block();
        self.push_block();
        match derived {
            Some(k) => self.assign_derived_in_place(lhs, rhs, k),
            None => self.assign_array_body(lhs, rhs, name, shape, lt),
        }
        let else_body = self.pop_block();
        self.emit(Stmt::If { cond: need, then_body, else_body });
        true
    }

    /// `d = rhs` where `d` must take the shape `rsh` of `rhs`: the values go to a new
    /// block (the right-hand side may read the old one), which then replaces the old.
    /// `derived`: the elements are structures of that type, copied deeply into the new
    /// (zeroed) block; the allocatable components of the old elements are freed.
    pub(super) fn realloc_assign(&mut self, d: &Desc, rhs: &Expr, rsh: &[Op], lt: Ty, derived: Option<u16>) {
        let cpt = complex::part_ty(d.base);
        let es = match (derived, cpt) {
            (Some(k), _) => self.type_size(k),
            (None, Some(pt)) => 2 * pt.size(),
            (None, None) => lt.size(),
        };
        let mut n = Op::I64(es);
        for e in rsh {
            n = self.bin(Ty::I64, BinOp::Mul, n, e.clone());
        }
        let n = self.bin(Ty::I64, BinOp::Max, n, Op::I64(1));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr));
        let bv = self.tmp(Ty::Ptr);
        self.emit(Stmt::Assign(bv, Rv::Use(buf)));
        let sh = rsh.to_vec();
        self.scalarise(rsh, &mut |g, idx| {
            let a = g.lin_addr(&Op::Var(bv), idx, &sh, es);
            if let Some(pt) = cpt {
                let v = g.cexpr_at(rhs, idx, pt);
                g.cstore(pt, a, v);
                return;
            }
            let v = g.expr_at(rhs, idx);
            match derived {
                Some(k) => g.copy_struct(a, v, k),
                None => {
                    let v = g.conv(v, lt);
                    g.emit(Stmt::Store(lt, a, v));
                }
            }
        });
        // New bounds: the right-hand side's when it is a whole array, else 1.
        let lbs: Vec<Op> = match &rhs.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(r)) => r.lb.iter().map(|v| Op::Var(*v)).collect(),
                _ => Vec::new(),
            },
            ExprKind::Component(_) => self.component_lbounds(rhs).unwrap_or_default(),
            _ => Vec::new(),
        };
        let lbs: Vec<Op> = (0..d.lb.len()).map(|k| lbs.get(k).cloned().unwrap_or(Op::I64(1))).collect();
        let lbt: Vec<VarId> = lbs
            .into_iter()
            .map(|l| {
                let t = self.tmp(Ty::I64);
                self.emit(Stmt::Assign(t, Rv::Use(l)));
                t
            })
            .collect();
        if let Some(k) = derived.filter(|&k| self.has_alloc_comps(k, 0)) {
            self.each_desc_elem(d, es, &mut |g, x| g.free_alloc_comps(x, k));
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(d.addr)]));
        self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Var(bv))));
        for (k, (lb, ext)) in d.lb.iter().zip(&d.ext).enumerate() {
            if let (Some(l), Some(r)) = (lbt.get(k), rsh.get(k)) {
                self.emit(Stmt::Assign(*lb, Rv::Use(Op::Var(*l))));
                self.emit(Stmt::Assign(*ext, Rv::Use(r.clone())));
            }
        }
    }

    /// Element-by-element assignment of an array expression to an array of its shape.
    fn assign_array_body(&mut self, lhs: &Expr, rhs: &Expr, name: &str, shape: &[Op], lt: Ty) {
        let shape = shape.to_vec();
        if self.reads_overlap(lhs, rhs, name) {
            // The right-hand side reads the array being assigned: evaluate into a temporary
            // (in device code one in the thread's stack frame, which needs a constant shape).
            let mut n = Op::I64(lt.size());
            for e in &shape {
                n = self.bin(Ty::I64, BinOp::Mul, n, e.clone());
            }
            let on_device = self.region.is_some();
            let tmp = if on_device {
                // At most the whole array: its declared size when that is a constant.
                let whole = match &lhs.kind {
                    ExprKind::Name(_) | ExprKind::ArrayRef { .. } => self.syms.get(name).and_then(|s| {
                        let elems = self.const_array_bytes(name)? / u64::try_from(self.elem_size(s.base)).ok().filter(|z| *z > 0)?;
                        elems.checked_mul(lt.size() as u64)
                    }),
                    _ => None,
                };
                let Some(bytes) = whole.filter(|b| *b <= MAX_ALLOCA) else {
                    self.not_yet(
                        "array assignments inside compute constructs whose right side reads the left side other than \
                         element by element, unless the array has a constant size of at most 64 KiB",
                        lhs.span,
                    );
                    return;
                };
                self.val(Ty::Ptr, Rv::Alloca(bytes.max(1)))
            } else {
                self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr))
            };
            let lin = |g: &mut Self, idx: &[Op], shape: &[Op]| -> Op {
                let mut off = Op::I64(0);
                let mut stride = Op::I64(lt.size());
                for (k, i) in idx.iter().enumerate() {
                    let t = g.bin(Ty::I64, BinOp::Mul, i.clone(), stride.clone());
                    off = g.bin(Ty::I64, BinOp::Add, off, t);
                    if let Some(e) = shape.get(k) {
                        stride = g.bin(Ty::I64, BinOp::Mul, stride, e.clone());
                    }
                }
                g.val(Ty::Ptr, Rv::PtrAdd(tmp.clone(), off))
            };
            let sh = shape.clone();
            self.scalarise(&shape, &mut |g, idx| {
                let v = g.expr_at(rhs, idx);
                let v = g.conv(v, lt);
                let a = lin(g, idx, &sh);
                g.emit(Stmt::Store(lt, a, v));
            });
            self.scalarise(&shape, &mut |g, idx| {
                let a = lin(g, idx, &sh);
                let v = g.val(lt, Rv::Load(lt, a));
                g.store_elem(lhs, idx, v);
            });
            if !on_device {
                self.emit(Stmt::Call("gpuf_free".into(), vec![tmp]));
            }
        } else {
            self.scalarise(&shape, &mut |g, idx| {
                let v = g.expr_at(rhs, idx);
                let v = g.conv(v, lt);
                g.store_elem(lhs, idx, v);
            });
        }
    }

    /// May the right-hand side read elements the left-hand side `name(...)` assigns? Not when
    /// every reference differs from the target in a dimension by constant subscripts or
    /// constant unit-stride ranges that do not meet (`a(-1:0,k,2) = a(-1:0,k,1) * c`).
    /// Nor when it reads the target itself, written as the left side is, only element by
    /// element (`a = a + 1`, `a(i, :) = max(a(i, :), 0)`): each element is read before it is
    /// written.
    fn reads_overlap(&self, lhs: &Expr, rhs: &Expr, name: &str) -> bool {
        self.overlap_at(lhs, rhs, name)
    }

    /// [`Self::reads_overlap`] for a part of the right-hand side evaluated element by element.
    fn overlap_at(&self, lhs: &Expr, e: &Expr, name: &str) -> bool {
        match &e.kind {
            ExprKind::Paren(x) | ExprKind::Unary(_, x) => self.overlap_at(lhs, x, name),
            ExprKind::Binary(_, x, y) => self.overlap_at(lhs, x, name) || self.overlap_at(lhs, y, name),
            ExprKind::Intrinsic { func, args } if !func.is_array_intrinsic() && e.ty.rank() > 0 => {
                args.iter().any(|a| self.overlap_at(lhs, a, name))
            }
            _ if self.same_ref(lhs, e) => false,
            _ => self.reads_overlap_parts(lhs, e, name),
        }
    }

    /// Do two references name the same elements in the same order? Whole arrays, or the
    /// same sections and elements with subscripts that are constants or the same variables.
    fn same_ref(&self, a: &Expr, b: &Expr) -> bool {
        let same_expr = |x: &Expr, y: &Expr| match (&x.kind, &y.kind) {
            (ExprKind::Name(p), ExprKind::Name(q)) => p.name == q.name && x.ty.rank() == 0 && y.ty.rank() == 0,
            _ => x.ty.rank() == 0 && self.const_int(x).is_some() && self.const_int(x) == self.const_int(y),
        };
        let same_opt = |x: &Option<Expr>, y: &Option<Expr>| match (x, y) {
            (None, None) => true,
            (Some(x), Some(y)) => same_expr(x, y),
            _ => false,
        };
        match (&a.kind, &b.kind) {
            (ExprKind::Name(p), ExprKind::Name(q)) => p.name == q.name,
            (ExprKind::ArrayRef { name: p, subs: s }, ExprKind::ArrayRef { name: q, subs: t }) => {
                p.name == q.name
                    && s.len() == t.len()
                    && s.iter().zip(t).all(|(x, y)| match (x, y) {
                        (Arg::Index(x), Arg::Index(y)) => same_expr(x, y),
                        (Arg::Range { lo: l1, hi: h1, stride: s1, .. }, Arg::Range { lo: l2, hi: h2, stride: s2, .. }) => {
                            same_opt(l1, l2) && same_opt(h1, h2) && same_opt(s1, s2)
                        }
                        _ => false,
                    })
            }
            _ => false,
        }
    }

    /// The disjointness test of [`Self::reads_overlap`] on one part of the right-hand side.
    fn reads_overlap_parts(&self, lhs: &Expr, rhs: &Expr, name: &str) -> bool {
        let ExprKind::ArrayRef { subs: lsubs, .. } = &lhs.kind else { return mentions(rhs, name) };
        let interval = |a: &Arg| -> Option<(i64, i64)> {
            match a {
                Arg::Index(x) => self.const_int(x).map(|v| (v, v)),
                Arg::Range { lo: Some(lo), hi: Some(hi), stride: None, .. } => Some((self.const_int(lo)?, self.const_int(hi)?)),
                _ => None,
            }
        };
        let disjoint = |rsubs: &[Arg]| {
            rsubs.len() == lsubs.len()
                && lsubs.iter().zip(rsubs).any(|(l, r)| match (interval(l), interval(r)) {
                    (Some((a, b)), Some((c, d))) => a <= b && c <= d && (b < c || d < a),
                    _ => false,
                })
        };
        // The same elements: equal scalar subscripts and ranges that do not read the array
        // (so that they are the same before and during the assignment); no subscripts
        // stands for all elements, as `(:, :)` does.
        let whole = |s: &[Arg]| s.iter().all(|a| matches!(a, Arg::Range { lo: None, hi: None, stride: None, .. }));
        let plain = |s: &[Arg]| {
            s.iter().all(|a| match a {
                Arg::Index(x) => x.ty.rank() == 0 && !mentions(x, name),
                Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].iter().all(|o| o.as_ref().is_none_or(|x| !mentions(x, name))),
                Arg::Keyword(..) => false,
            })
        };
        let same = |rsubs: &[Arg]| {
            plain(lsubs) && plain(rsubs) && ((whole(lsubs) && whole(rsubs)) || super::offload_atomic::args_eq(lsubs, rsubs))
        };
        mentions_elementwise(rhs, name, &disjoint, Some(&same))
    }

    /// Address of element `idx` of a column-major temporary of `shape` with `size`-byte elements.
    pub(super) fn lin_addr(&mut self, buf: &Op, idx: &[Op], shape: &[Op], size: i64) -> Op {
        let mut off = Op::I64(0);
        let mut stride = Op::I64(size);
        for (k, i) in idx.iter().enumerate() {
            let t = self.bin(Ty::I64, BinOp::Mul, i.clone(), stride.clone());
            off = self.bin(Ty::I64, BinOp::Add, off, t);
            if let Some(e) = shape.get(k) {
                stride = self.bin(Ty::I64, BinOp::Mul, stride, e.clone());
            }
        }
        self.val(Ty::Ptr, Rv::PtrAdd(buf.clone(), off))
    }

    /// A temporary of `n` elements of `size` bytes (at least one).
    pub(super) fn temp_buf(&mut self, shape: &[Op], size: i64) -> Op {
        let mut n = Op::I64(size);
        for e in shape {
            n = self.bin(Ty::I64, BinOp::Mul, n, e.clone());
        }
        let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(size)));
        self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr))
    }

    pub(super) fn store_elem(&mut self, lhs: &Expr, idx: &[Op], v: Op) {
        match &lhs.kind {
            ExprKind::Name(id) => {
                let Some(Home::Array(d)) = self.lookup(&id.name) else { return };
                let subs: Vec<Op> =
                    d.lb.clone().into_iter().zip(idx).map(|(lb, i)| self.bin(Ty::I64, BinOp::Add, Op::Var(lb), i.clone())).collect();
                let a = self.elem_addr(&d, &subs);
                self.store_as(d.base, a, v);
            }
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return };
                let s = self.subscripts(&d, subs, idx);
                let a = self.elem_addr(&d, &s);
                self.store_as(d.base, a, v);
            }
            ExprKind::Component(_) => self.component_store(lhs, idx, v),
            _ => {}
        }
    }

    /// Stores a value into a scalar variable or element named by an expression.
    pub(super) fn store_to(&mut self, target: &Expr, v: Op) {
        let t = self.expr_ty(target);
        let v = self.conv(v, t);
        self.assign_op(target, v);
    }

    pub(super) fn assign_op(&mut self, lhs: &Expr, v: Op) {
        match &lhs.kind {
            ExprKind::Name(id) => self.store_name(&id.name, v),
            ExprKind::ArrayRef { .. } => self.store_elem(lhs, &[], v),
            ExprKind::Component(_) => self.component_store(lhs, &[], v),
            _ => {}
        }
    }
}

pub(super) fn mentions(e: &Expr, name: &str) -> bool {
    mentions_elementwise(e, name, &|_| false, None)
}

/// A test of the subscripts of a reference.
type SubsTest<'a> = dyn Fn(&[Arg]) -> bool + 'a;

/// Does the expression mention the name other than in elements or sections `name(subs)`
/// for which `skip(subs)` holds, or, in elemental positions (evaluated at the element being
/// assigned), for which `same(subs)` holds (`same(&[])` for the whole array `name`)?
fn mentions_elementwise(e: &Expr, name: &str, skip: &SubsTest, same: Option<&SubsTest>) -> bool {
    let elemental = |x: &Expr| mentions_elementwise(x, name, skip, same);
    let mentions = |x: &Expr| mentions_elementwise(x, name, skip, None);
    let in_args = |subs: &[Arg]| {
        subs.iter().any(|s| match s {
            Arg::Index(x) | Arg::Keyword(_, x) => mentions(x),
            Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].iter().any(|o| o.as_ref().is_some_and(mentions)),
        })
    };
    match &e.kind {
        ExprKind::Name(id) => id.name == name && !(e.ty.rank() > 0 && same.is_some_and(|f| f(&[]))),
        ExprKind::ArrayRef { name: n, subs } => (n.name == name && !skip(subs) && !same.is_some_and(|f| f(subs))) || in_args(subs),
        ExprKind::Apply { name: n, args: subs } | ExprKind::Call { name: n, args: subs } => n.name == name || in_args(subs),
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => elemental(x),
        ExprKind::Binary(_, x, y) => elemental(x) || elemental(y),
        ExprKind::Intrinsic { func, args } if !func.is_array_intrinsic() => args.iter().any(elemental),
        ExprKind::Intrinsic { args, .. } => args.iter().any(mentions),
        ExprKind::Component(c) => mentions(&c.base) || in_args(&c.subs),
        ExprKind::StructCtor { args, .. } => args.iter().flatten().any(mentions),
        _ => false,
    }
}
