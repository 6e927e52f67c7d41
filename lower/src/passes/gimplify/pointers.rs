//! Data pointers. A scalar pointer's home is `Home::Mem` of the address it holds (null when
//! disassociated), an array pointer's a descriptor like an allocatable array's (data
//! address, lower bounds, extents); pointer assignment, `nullify`, `associated`.

use super::*;

/// Where a module, saved or dummy scalar pointer's address lives.
#[derive(Clone, Debug)]
pub(super) enum PtrSlot {
    /// A global (`__mod_MOD_p`, or a saved local's).
    Global(String),
    /// The parameter holding the address of the caller's pointer.
    Param(VarId),
}

impl G<'_> {
    /// A pointer variable, disassociated at first. A module or saved one lives in a
    /// global: a scalar's address directly (gfortran's layout), an array's descriptor in
    /// a block as for allocatable arrays.
    pub(super) fn declare_pointer(&mut self, s: &gpuf_frontend::sema::Symbol, saved: Option<(String, bool)>) {
        if s.rank > 0 {
            match saved {
                Some((gname, local)) => self.global_alloc_array(s, gname, local),
                None => {
                    let d = self.new_desc(s);
                    self.new_sm(&d);
                    self.disassociate(&d);
                }
            }
            return;
        }
        let pv = self.f.new_var(format!("{}.ptr", s.name), Ty::Ptr);
        self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
        match saved {
            Some((gname, local)) => {
                self.add_global(&gname, Ty::Ptr, Op::Null, local);
                let ga = self.val(Ty::Ptr, Rv::GlobalAddr(gname.clone()));
                self.emit(Stmt::Assign(pv, Rv::Load(Ty::Ptr, ga)));
                self.global_ptrs.push((PtrSlot::Global(gname), pv));
            }
            None => self.emit(Stmt::Assign(pv, Rv::Use(Op::Null))),
        }
    }

    /// The element-distance variables of the array pointer `d` (see `G::ptr_sm`).
    pub(super) fn new_sm(&mut self, d: &Desc) {
        let sm = (0..d.lb.len()).map(|k| self.f.new_var(format!("{}.sm{}", d.name, k + 1), Ty::I64)).collect();
        self.ptr_sm.insert(d.addr, sm);
    }

    /// Column-major element distances for the array pointer `d` (after `allocate` or a
    /// rank remapping).
    pub(super) fn contiguous_sm(&mut self, d: &Desc) {
        let Some(sm) = self.ptr_sm.get(&d.addr).cloned() else { return };
        let mut prod = Op::I64(1);
        for (m, e) in sm.iter().zip(d.ext.clone()) {
            self.emit(Stmt::Assign(*m, Rv::Use(prod.clone())));
            prod = self.bin(Ty::I64, BinOp::Mul, prod, Op::Var(e));
        }
    }

    /// A scalar pointer dummy: the caller's pointer is at the address `param`.
    pub(super) fn declare_pointer_dummy(&mut self, s: &gpuf_frontend::sema::Symbol, param: VarId) {
        let pv = self.f.new_var(format!("{}.ptr", s.name), Ty::Ptr);
        self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
        self.emit(Stmt::Assign(pv, Rv::Load(Ty::Ptr, Op::Var(param))));
        self.global_ptrs.push((PtrSlot::Param(param), pv));
    }

    fn slot_addr(&mut self, s: &PtrSlot) -> Op {
        match s {
            PtrSlot::Global(g) => self.val(Ty::Ptr, Rv::GlobalAddr(g.clone())),
            PtrSlot::Param(p) => Op::Var(*p),
        }
    }

    /// Writes back a module, saved or dummy scalar pointer `name` after it changed.
    pub(super) fn store_global_ptr(&mut self, name: &str) {
        let Some(Home::Mem(pv, _)) = self.lookup(name) else { return };
        let Some((s, _)) = self.global_ptrs.iter().find(|(_, v)| *v == pv).cloned() else { return };
        let a = self.slot_addr(&s);
        self.emit(Stmt::Store(Ty::Ptr, a, Op::Var(pv)));
    }

    /// Reloads module, saved and dummy scalar pointers (after a call).
    pub(super) fn reload_global_ptrs(&mut self) {
        for (s, pv) in self.global_ptrs.clone() {
            let a = self.slot_addr(&s);
            self.emit(Stmt::Assign(pv, Rv::Load(Ty::Ptr, a)));
        }
    }

    /// The actual argument for a scalar pointer dummy: the address of the pointer itself.
    pub(super) fn pointer_actual(&mut self, e: &Expr) -> Op {
        if let Some(slot) = self.ptr_slot(e) {
            return slot;
        }
        if let ExprKind::Name(id) = &e.kind {
            if let Some(Home::Mem(pv, _)) = self.lookup(&id.name) {
                if let Some((s, _)) = self.global_ptrs.iter().find(|(_, v)| *v == pv).cloned() {
                    return self.slot_addr(&s);
                }
                return self.val(Ty::Ptr, Rv::AddrOf(pv));
            }
        }
        self.not_yet("this actual argument for a pointer dummy", e.span);
        Op::Null
    }

    /// Is `name` a pointer variable?
    pub(super) fn is_pointer_var(&self, name: &str) -> bool {
        self.syms.get(name).is_some_and(|s| s.pointer)
    }

    /// `p => t`, `p(lo:) => t`, `p(lo:hi, ...) => v`, `p => null()`.
    pub(super) fn ptr_assign(&mut self, lhs: &Expr, rhs: &Expr, sp: Span) {
        if self.region.is_some() {
            self.not_yet("pointer assignment inside a compute construct", sp);
            return;
        }
        let is_null = matches!(rhs.kind, ExprKind::Intrinsic { func: ast::Intrinsic::Null, .. });
        if let Some(slot) = self.ptr_slot(lhs) {
            let a = if is_null { Op::Null } else { self.ptr_target_addr(rhs) };
            self.emit(Stmt::Store(Ty::Ptr, slot, a));
            return;
        }
        let (name, bounds) = match &lhs.kind {
            ExprKind::Name(id) => (id, None),
            ExprKind::Apply { name, args } => (name, Some(args)),
            _ => {
                self.not_yet("pointer assignment to this designator", lhs.span);
                return;
            }
        };
        match self.lookup(&name.name) {
            Some(Home::Mem(pv, _)) => {
                let a = if is_null { Op::Null } else { self.ptr_target_addr(rhs) };
                self.emit(Stmt::Assign(pv, Rv::Use(a)));
                self.store_global_ptr(&name.name);
            }
            Some(Home::Array(d)) => {
                if is_null {
                    self.disassociate(&d);
                } else if let Some(args) = bounds {
                    self.ptr_assign_bounds(&d, args, rhs);
                } else {
                    self.ptr_assign_array(&d, rhs);
                }
                self.store_global_desc(&name.name);
            }
            _ => self.not_yet(format!("pointer assignment to `{}`", name.name), lhs.span),
        }
    }

    /// The address of the pointer component that `e` names (`x%next`), where its
    /// target's address is stored.
    fn ptr_slot(&mut self, e: &Expr) -> Option<Op> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        if !cr.subs.is_empty() || cr.base.ty.rank() > 0 {
            return None;
        }
        let (ast::Ty::Scalar(BaseTy::Derived(k)) | ast::Ty::Array(BaseTy::Derived(k), _)) = cr.base.ty else { return None };
        if !self.type_info(k)?.comps.iter().any(|c| c.name == cr.name.name && c.pointer) {
            return None;
        }
        self.comp_addr(&cr.base, &cr.name.name, &[]).map(|(a, _)| a)
    }

    /// `allocate(x%p)` of a scalar pointer component: fresh memory, default-initialised.
    pub(super) fn allocate_ptr_comp(&mut self, e: &Expr) -> bool {
        let Some(slot) = self.ptr_slot(e) else { return false };
        let Some(b) = e.ty.base() else { return false };
        let size = self.elem_size(b).max(1);
        let p = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![Op::I64(size)], Ty::Ptr));
        if let BaseTy::Derived(k) = b {
            self.init_struct(p.clone(), k);
        }
        self.emit(Stmt::Store(Ty::Ptr, slot, p));
        true
    }

    /// `deallocate(x%p)` of a scalar pointer component.
    pub(super) fn deallocate_ptr_comp(&mut self, e: &Expr) -> bool {
        let Some(slot) = self.ptr_slot(e) else { return false };
        let p = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, slot.clone()));
        let n = match &e.kind {
            ExprKind::Component(cr) => cr.name.name.clone(),
            _ => String::new(),
        };
        let nl = n.len() as i64;
        self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![p, Op::Str(n), Op::I64(nl)]));
        self.emit(Stmt::Store(Ty::Ptr, slot, Op::Null));
        true
    }

    /// The address of a scalar target (a variable, element, component or pointer).
    fn ptr_target_addr(&mut self, rhs: &Expr) -> Op {
        match &rhs.kind {
            ExprKind::Paren(x) => self.ptr_target_addr(x),
            ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::Component(_) => self.arg_addr(rhs),
            _ => {
                self.not_yet("this pointer target", rhs.span);
                Op::Null
            }
        }
    }

    /// An array pointer becomes disassociated (null data, empty shape).
    pub(super) fn disassociate(&mut self, d: &Desc) {
        self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
        for k in 0..d.lb.len() {
            self.emit(Stmt::Assign(d.lb[k], Rv::Use(Op::I64(1))));
            self.emit(Stmt::Assign(d.ext[k], Rv::Use(Op::I64(0))));
        }
        self.contiguous_sm(d);
    }

    /// `p => t` for an array pointer: the whole target keeps its bounds, a section's
    /// bounds start at 1.
    fn ptr_assign_array(&mut self, d: &Desc, rhs: &Expr) {
        let Some((addr, lbs, exts, sms)) = self.target_desc(rhs) else { return };
        // Read everything before writing: `p => p(2:)` reads p's own descriptor.
        self.emit(Stmt::Assign(d.addr, Rv::Use(addr)));
        let sm = self.ptr_sm.get(&d.addr).cloned().unwrap_or_default();
        for (k, ((l, e), m)) in lbs.into_iter().zip(exts).zip(sms).enumerate() {
            if let (Some(&lv), Some(&ev), Some(&mv)) = (d.lb.get(k), d.ext.get(k), sm.get(k)) {
                self.emit(Stmt::Assign(lv, Rv::Use(l)));
                self.emit(Stmt::Assign(ev, Rv::Use(e)));
                self.emit(Stmt::Assign(mv, Rv::Use(m)));
            }
        }
    }

    /// `p(lo:) => t` (the target's shape with new lower bounds) and `p(lo:hi, ...) => v`
    /// (the first elements of `v` in array element order, rank remapping).
    fn ptr_assign_bounds(&mut self, d: &Desc, args: &[Arg], rhs: &Expr) {
        let Some((addr, _, exts, sms)) = self.target_desc(rhs) else { return };
        let remap = args.iter().all(|a| matches!(a, Arg::Range { hi: Some(_), .. }));
        let mut new = Vec::new();
        for (k, a) in args.iter().enumerate() {
            let Arg::Range { lo: Some(lo), hi, .. } = a else { continue };
            let l = self.expr(lo);
            let l = self.conv(l, Ty::I64);
            let l = self.copy_op(l);
            let e = match hi {
                Some(h) => {
                    let h = self.expr(h);
                    let h = self.conv(h, Ty::I64);
                    let n = self.bin(Ty::I64, BinOp::Sub, h, l.clone());
                    let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
                    self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0)))
                }
                None => exts.get(k).cloned().unwrap_or(Op::I64(0)),
            };
            new.push((l, e));
        }
        self.emit(Stmt::Assign(d.addr, Rv::Use(addr)));
        for (k, (l, e)) in new.into_iter().enumerate() {
            if let (Some(&lv), Some(&ev)) = (d.lb.get(k), d.ext.get(k)) {
                self.emit(Stmt::Assign(lv, Rv::Use(l)));
                self.emit(Stmt::Assign(ev, Rv::Use(e)));
            }
        }
        if remap {
            // The target's elements in array element order (a rank-1 target: with its
            // element distance).
            let first = sms.first().cloned().unwrap_or(Op::I64(1));
            let sm = self.ptr_sm.get(&d.addr).cloned().unwrap_or_default();
            let mut prod = first;
            for (m, e) in sm.iter().zip(d.ext.clone()) {
                self.emit(Stmt::Assign(*m, Rv::Use(prod.clone())));
                prod = self.bin(Ty::I64, BinOp::Mul, prod, Op::Var(e));
            }
        } else {
            let sm = self.ptr_sm.get(&d.addr).cloned().unwrap_or_default();
            for (m, v) in sm.iter().zip(sms) {
                self.emit(Stmt::Assign(*m, Rv::Use(v)));
            }
        }
    }

    /// A value's copy in a fresh variable (a value read before the descriptor changes).
    fn copy_op(&mut self, o: Op) -> Op {
        if matches!(o, Op::Var(_)) {
            let t = self.tmp(Ty::I64);
            self.emit(Stmt::Assign(t, Rv::Use(o)));
            Op::Var(t)
        } else {
            o
        }
    }

    /// The data address, lower bounds, extents and element distances (copies) that an
    /// array pointer takes from the target `rhs`: a whole array or pointer, or a section.
    #[allow(clippy::type_complexity)]
    fn target_desc(&mut self, rhs: &Expr) -> Option<(Op, Vec<Op>, Vec<Op>, Vec<Op>)> {
        match &rhs.kind {
            ExprKind::Paren(x) => self.target_desc(x),
            ExprKind::Name(id) => {
                let Some(Home::Array(t)) = self.lookup(&id.name) else {
                    self.not_yet("this pointer target", rhs.span);
                    return None;
                };
                let addr = self.copy_ptr(Op::Var(t.addr));
                let lbs = t.lb.iter().map(|v| self.copy_op(Op::Var(*v))).collect();
                let exts = t.ext.iter().map(|v| self.copy_op(Op::Var(*v))).collect();
                let sm = self.dim_sm(&t);
                let sms = sm.into_iter().map(|m| self.copy_op(m)).collect();
                Some((addr, lbs, exts, sms))
            }
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(t)) = self.lookup(&name.name) else {
                    self.not_yet("this pointer target", rhs.span);
                    return None;
                };
                let sm = self.dim_sm(&t);
                let mut first = Vec::new();
                let mut exts = Vec::new();
                let mut sms = Vec::new();
                for (dim, s) in subs.iter().enumerate() {
                    match s {
                        Arg::Index(x) | Arg::Keyword(_, x) => {
                            let v = self.expr(x);
                            first.push(self.conv(v, Ty::I64));
                        }
                        Arg::Range { lo, hi, stride, .. } => {
                            let l = self.range_lo(&t, dim, lo.as_ref());
                            let h = self.range_hi(&t, dim, hi.as_ref());
                            let st = self.int_arg(stride.as_ref(), 1);
                            let n = self.bin(Ty::I64, BinOp::Sub, h, l.clone());
                            let n = self.bin(Ty::I64, BinOp::Add, n, st.clone());
                            let n = self.bin(Ty::I64, BinOp::Div, n, st.clone());
                            let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0)));
                            exts.push(self.copy_op(n));
                            let m = self.bin(Ty::I64, BinOp::Mul, st, sm.get(dim).cloned().unwrap_or(Op::I64(1)));
                            sms.push(self.copy_op(m));
                            first.push(l);
                        }
                    }
                }
                let a = self.elem_addr(&t, &first);
                let addr = self.copy_ptr(a);
                let lbs = vec![Op::I64(1); exts.len()];
                Some((addr, lbs, exts, sms))
            }
            _ => {
                self.not_yet("this pointer target", rhs.span);
                None
            }
        }
    }

    fn copy_ptr(&mut self, o: Op) -> Op {
        let t = self.tmp(Ty::Ptr);
        self.emit(Stmt::Assign(t, Rv::Use(o)));
        Op::Var(t)
    }

    /// `nullify(p, ...)`.
    pub(super) fn nullify(&mut self, items: &[Expr]) {
        for e in items {
            if let Some(slot) = self.ptr_slot(e) {
                self.emit(Stmt::Store(Ty::Ptr, slot, Op::Null));
                continue;
            }
            let ExprKind::Name(id) = &e.kind else {
                self.not_yet("`nullify` of this designator", e.span);
                continue;
            };
            match self.lookup(&id.name) {
                Some(Home::Mem(pv, _)) => {
                    self.emit(Stmt::Assign(pv, Rv::Use(Op::Null)));
                    self.store_global_ptr(&id.name);
                }
                Some(Home::Array(d)) => {
                    self.disassociate(&d);
                    self.store_global_desc(&id.name);
                }
                _ => self.not_yet(format!("`nullify` of `{}`", id.name), e.span),
            }
        }
    }

    /// `associated(p)`: the address is not null; `associated(p, t)`: also the same
    /// address and, for arrays, the same extents (and not zero-sized).
    pub(super) fn associated(&mut self, args: &[Expr]) -> Op {
        let Some(p) = args.first() else { return Op::I32(0) };
        if let Some(slot) = self.ptr_slot(p) {
            let a = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, slot));
            let nonnull = self.val(Ty::I32, Rv::Binary(BinOp::Ne, a.clone(), Op::Null));
            let Some(t) = args.get(1) else { return nonnull };
            let ta = self.ptr_target_addr(t);
            let same = self.val(Ty::I32, Rv::Binary(BinOp::Eq, a, ta));
            return self.bin(Ty::I32, BinOp::And, same, nonnull);
        }
        let ExprKind::Name(id) = &p.kind else {
            self.not_yet("`associated` of this designator", p.span);
            return Op::I32(0);
        };
        let home = self.lookup(&id.name);
        let (addr, exts) = match &home {
            Some(Home::Mem(pv, _)) => (Op::Var(*pv), Vec::new()),
            Some(Home::Array(d)) => (Op::Var(d.addr), d.ext.iter().map(|e| Op::Var(*e)).collect()),
            _ => {
                self.not_yet(format!("`associated` of `{}`", id.name), p.span);
                return Op::I32(0);
            }
        };
        let nonnull = self.val(Ty::I32, Rv::Binary(BinOp::Ne, addr.clone(), Op::Null));
        let Some(t) = args.get(1) else { return nonnull };
        let (taddr, texts) = if exts.is_empty() {
            (self.ptr_target_addr(t), Vec::new())
        } else {
            match self.target_desc(t) {
                Some((a, _, e, _)) => (a, e),
                None => return Op::I32(0),
            }
        };
        let mut r = self.val(Ty::I32, Rv::Binary(BinOp::Eq, addr, taddr));
        r = self.bin(Ty::I32, BinOp::And, r, nonnull);
        if !exts.is_empty() {
            let mut size = Op::I64(1);
            for (e, te) in exts.iter().zip(&texts) {
                let same = self.val(Ty::I32, Rv::Binary(BinOp::Eq, e.clone(), te.clone()));
                r = self.bin(Ty::I32, BinOp::And, r, same);
                size = self.bin(Ty::I64, BinOp::Mul, size, e.clone());
            }
            let nonempty = self.val(Ty::I32, Rv::Binary(BinOp::Gt, size, Op::I64(0)));
            r = self.bin(Ty::I32, BinOp::And, r, nonempty);
        }
        r
    }
}
