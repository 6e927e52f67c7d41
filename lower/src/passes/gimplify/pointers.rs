//! Data pointers. A scalar pointer's home is `Home::Mem` of the address it holds (null when
//! disassociated), an array pointer's a descriptor like an allocatable array's (data
//! address, lower bounds, extents); pointer assignment, `nullify`, `associated`.

use super::*;
use gpuf_frontend::sema::CompInfo;

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

    /// An array pointer dummy: the caller passes the address of its gfortran descriptor.
    pub(super) fn declare_pointer_array_dummy(&mut self, s: &gpuf_frontend::sema::Symbol, param: VarId) {
        let d = self.new_desc(s);
        self.new_sm(&d);
        self.load_ptr_desc(Op::Var(param), &d);
        self.ptr_descs.push((param, d));
    }

    /// An array pointer result: the caller passes the address of a gfortran descriptor
    /// (the hidden first argument) that the function associates; disassociated at first.
    pub(super) fn declare_pointer_array_result(&mut self, s: &gpuf_frontend::sema::Symbol, param: VarId) {
        let d = self.new_desc(s);
        self.new_sm(&d);
        self.disassociate(&d);
        self.store_gf_desc(Op::Var(param), &d);
        self.ptr_descs.push((param, d));
    }

    /// A reference to a function whose result is an array pointer: a descriptor of the
    /// result's target (its bounds kept).
    pub(super) fn pointer_array_call(&mut self, name: &ast::Ident, args: &[Arg], rank: usize, base: BaseTy, sp: Span) -> Option<Desc> {
        use super::assumed::{DIM, HEAD};
        let mark = self.call_after.len();
        let (link, mut ops) = self.call_args(name, args, sp)?;
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![Op::I64(HEAD + DIM * rank as i64)], Ty::Ptr));
        ops.insert(0, buf.clone());
        self.emit(Stmt::Call(link, ops));
        self.reload_global_descs();
        self.after_call(mark);
        let d = self.fresh_ptr_desc("res", base, rank);
        self.load_ptr_desc(buf.clone(), &d);
        self.emit(Stmt::Call("gpuf_free".into(), vec![buf]));
        Some(d)
    }

    /// Reads gfortran's descriptor at `a` into the array pointer `d`.
    pub(super) fn load_ptr_desc(&mut self, a: Op, d: &Desc) {
        use super::assumed::{DIM, HEAD};
        let Some(sm) = self.ptr_sm.get(&d.addr).cloned() else { return };
        let size = self.elem_size(d.base);
        // A polymorphic one's strides count elements of its dynamic type, as gfortran's.
        let class = self.class_ptr_esize(&a, d);
        let base = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a.clone()));
        let pa = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(8)));
        let mut off = self.val(Ty::I64, Rv::Load(Ty::I64, pa));
        // gfortran addresses a pointer's elements in units of `span` bytes (the structure's
        // size for a pointer to a component of an array of structures): distances in
        // elements here.
        let span = match class {
            Some(es) => Op::Var(es),
            None => {
                let ps = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(32)));
                let span = self.val(Ty::I64, Rv::Load(Ty::I64, ps));
                self.val(Ty::I64, Rv::Binary(BinOp::Max, span, Op::I64(1)))
            }
        };
        for (k, &smk) in sm.iter().enumerate() {
            let w = HEAD + DIM * k as i64;
            let ld = |g: &mut Self, o: i64| {
                let p = g.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(w + o)));
                g.val(Ty::I64, Rv::Load(Ty::I64, p))
            };
            let st = ld(self, 0);
            let lo = ld(self, 8);
            let hi = ld(self, 16);
            let m = if class.is_some() {
                st.clone()
            } else {
                let m = self.bin(Ty::I64, BinOp::Mul, st.clone(), span.clone());
                self.bin(Ty::I64, BinOp::Div, m, Op::I64(size.max(1)))
            };
            self.emit(Stmt::Assign(smk, Rv::Use(m)));
            self.emit(Stmt::Assign(d.lb[k], Rv::Use(lo.clone())));
            let n = self.bin(Ty::I64, BinOp::Sub, hi, lo.clone());
            let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
            self.emit(Stmt::Assign(d.ext[k], Rv::Binary(BinOp::Max, n, Op::I64(0))));
            let t = self.bin(Ty::I64, BinOp::Mul, lo, st);
            off = self.bin(Ty::I64, BinOp::Add, off, t);
        }
        // The first element: base_addr + (offset + sum(lbound * stride)) spans; a
        // disassociated pointer keeps its null address.
        let bytes = self.bin(Ty::I64, BinOp::Mul, off, span);
        let first = self.val(Ty::Ptr, Rv::PtrAdd(base.clone(), bytes));
        let null = self.val(Ty::I32, Rv::Binary(BinOp::Eq, base, Op::Null));
        self.emit(Stmt::Assign(d.addr, Rv::Use(first)));
        self.push_block();
        self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: null, then_body, else_body: vec![] });
    }

    /// Writes the array pointer `d` into gfortran's descriptor at `a`.
    pub(super) fn store_gf_desc(&mut self, a: Op, d: &Desc) {
        use super::assumed::{type_code, DIM, HEAD};
        let Some(sm) = self.ptr_sm.get(&d.addr).cloned() else { return };
        let size = self.desc_esize(d);
        let rank = d.lb.len() as i64;
        let at = |g: &mut Self, off: i64| g.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(off)));
        self.emit(Stmt::Store(Ty::Ptr, a.clone(), Op::Var(d.addr)));
        let mut offset = Op::I64(0);
        for (k, &smk) in sm.iter().enumerate() {
            let w = HEAD + DIM * k as i64;
            let t = self.bin(Ty::I64, BinOp::Mul, Op::Var(d.lb[k]), Op::Var(smk));
            offset = self.bin(Ty::I64, BinOp::Sub, offset, t);
            let ub = self.bin(Ty::I64, BinOp::Add, Op::Var(d.lb[k]), Op::Var(d.ext[k]));
            let ub = self.bin(Ty::I64, BinOp::Sub, ub, Op::I64(1));
            for (j, v) in [Op::Var(smk), Op::Var(d.lb[k]), ub].into_iter().enumerate() {
                let p = at(self, w + 8 * j as i64);
                self.emit(Stmt::Store(Ty::I64, p, v));
            }
        }
        let p = at(self, 8);
        self.emit(Stmt::Store(Ty::I64, p, offset));
        let p = at(self, 16);
        self.emit(Stmt::Store(Ty::I64, p, size.clone()));
        let p = at(self, 24);
        self.emit(Stmt::Store(Ty::I64, p, Op::I64((rank << 32) | (type_code(d.base) << 40))));
        let p = at(self, 32);
        self.emit(Stmt::Store(Ty::I64, p, size));
    }

    /// The actual argument for an array pointer dummy: the address of a gfortran
    /// descriptor of the pointer, read back after the call (the callee may associate it
    /// anew).
    fn pointer_array_actual(&mut self, d: &Desc, name: &str) -> Op {
        if let Some((p, _)) = self.ptr_descs.iter().find(|(_, g)| g.addr == d.addr).cloned() {
            // Our own dummy: the caller's descriptor (reloaded after every call).
            return Op::Var(p);
        }
        use super::assumed::{DIM, HEAD};
        let rank = d.lb.len() as i64;
        let device = self.region.is_some();
        let bytes = (HEAD + DIM * rank) as u64;
        // (In device code a stack block: the kernel's copy of the pointer is its own, so
        // only that copy sees what the callee associates it with.)
        let buf = if device {
            self.val(Ty::Ptr, Rv::Alloca(bytes))
        } else {
            self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![Op::I64(bytes as i64)], Ty::Ptr))
        };
        self.store_gf_desc(buf.clone(), d);
        self.push_block();
        self.load_ptr_desc(buf.clone(), d);
        if !device {
            self.store_global_desc(name);
            self.emit(Stmt::Call("gpuf_free".into(), vec![buf.clone()]));
        }
        let after = self.pop_block();
        self.call_after.extend(after);
        buf
    }

    /// The actual argument for a scalar pointer dummy: the address of the pointer itself.
    pub(super) fn pointer_actual(&mut self, e: &Expr) -> Op {
        if let Some(slot) = self.ptr_slot(e) {
            return slot;
        }
        if let Some(key) = gpuf_frontend::sema::proc_actual(e) {
            // A procedure pointer: the address of the pointer; a procedure (for an
            // `intent(in)` procedure pointer dummy): a temporary pointer to it.
            let procs = self.procs;
            if let Some(n) = procs.map.get(key).and_then(|s| s.link_name.strip_prefix("@pptr:")) {
                let n = n.to_string();
                if let Some(Home::Mem(pv, _)) = self.lookup(&n) {
                    if let Some((s, _)) = self.global_ptrs.iter().find(|(_, v)| *v == pv).cloned() {
                        return self.slot_addr(&s);
                    }
                    return self.val(Ty::Ptr, Rv::AddrOf(pv));
                }
            }
            let a = self.proc_addr(key, e.span);
            let t = self.f.new_var("proc.ptr", Ty::Ptr);
            self.emit(Stmt::Assign(t, Rv::Use(a)));
            return self.val(Ty::Ptr, Rv::AddrOf(t));
        }
        if let Some((a, _)) = self.ptr_comp_ref(e) {
            // An array pointer component: its descriptor, in gfortran's layout in place.
            return a;
        }
        if let ExprKind::Name(id) = &e.kind {
            if let Some(Home::Array(d)) = self.lookup(&id.name) {
                if self.ptr_sm.contains_key(&d.addr) {
                    return self.pointer_array_actual(&d, &id.name);
                }
            }
            if let Some(Home::Mem(pv, _)) = self.lookup(&id.name) {
                if let Some((s, _)) = self.global_ptrs.iter().find(|(_, v)| *v == pv).cloned() {
                    return self.slot_addr(&s);
                }
                return self.val(Ty::Ptr, Rv::AddrOf(pv));
            }
        }
        // A target for an `intent(in)` pointer dummy (sema allows no other): a temporary
        // pointer associated with it.
        match (e.ty.rank(), e.ty.base()) {
            (0, Some(_)) => {
                let a = self.arg_addr(e);
                let t = self.f.new_var("tgt.ptr", Ty::Ptr);
                self.emit(Stmt::Assign(t, Rv::Use(a)));
                self.val(Ty::Ptr, Rv::AddrOf(t))
            }
            (r, Some(b)) => {
                let d = self.fresh_ptr_desc("tgt", b, r as usize);
                self.ptr_assign_array(&d, e);
                self.pointer_array_actual(&d, "")
            }
            _ => {
                self.not_yet("this actual argument for a pointer dummy", e.span);
                Op::Null
            }
        }
    }

    /// A new array pointer descriptor (its variables unset).
    pub(super) fn fresh_ptr_desc(&mut self, name: &str, base: BaseTy, rank: usize) -> Desc {
        let addr = self.f.new_var(format!("{name}.addr"), Ty::Ptr);
        let mut lb = Vec::new();
        let mut ext = Vec::new();
        for k in 0..rank {
            lb.push(self.f.new_var(format!("{name}.lb{}", k + 1), Ty::I64));
            ext.push(self.f.new_var(format!("{name}.ext{}", k + 1), Ty::I64));
        }
        let d = Desc { name: name.to_string(), base, addr, lb, ext };
        self.new_sm(&d);
        d
    }

    /// Is `name` a pointer variable?
    pub(super) fn is_pointer_var(&self, name: &str) -> bool {
        self.syms.get(name).is_some_and(|s| s.pointer)
    }

    /// Whether a pointer assignment to `name` is written back to a global or to the
    /// caller's pointer (not possible from device code), as opposed to a local pointer.
    fn ptr_written_back(&self, name: &str) -> bool {
        match self.lookup(name) {
            Some(Home::Mem(pv, _)) => self.global_ptrs.iter().any(|(_, v)| *v == pv),
            Some(Home::Array(d)) => {
                self.ptr_descs.iter().any(|(_, g)| g.addr == d.addr) || self.global_descs.iter().any(|(_, g)| g.addr == d.addr)
            }
            _ => true,
        }
    }

    /// `p => t`, `p(lo:) => t`, `p(lo:hi, ...) => v`, `p => null()`.
    pub(super) fn ptr_assign(&mut self, lhs: &Expr, rhs: &Expr, sp: Span) {
        if self.region.is_some() {
            // Only a local pointer (sema checked it) or a component: nothing is written
            // back to a global or to the caller's pointer from the device.
            let global = match &lhs.kind {
                ExprKind::Name(id) | ExprKind::Apply { name: id, .. } => self.ptr_written_back(&id.name),
                _ => false,
            };
            if global {
                let what = if lhs.ty.rank() == 0 { "scalar pointers" } else { "this pointer" };
                self.not_yet(format!("pointer assignment to {what} inside a compute construct"), sp);
                return;
            }
        }
        let is_null = matches!(rhs.kind, ExprKind::Intrinsic { func: ast::Intrinsic::Null, .. });
        if self.class_ptr_assign(lhs, rhs, is_null) {
            return;
        }
        if self.ptr_assign_comp(lhs, rhs, is_null) {
            return;
        }
        if let Some(slot) = self.ptr_slot(lhs) {
            let a = if is_null { Op::Null } else { self.ptr_target_addr(rhs) };
            self.emit(Stmt::Store(Ty::Ptr, slot, a));
            self.class_comp_ptr_vptr(lhs, rhs, is_null);
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
                let char_target = match &rhs.kind {
                    ExprKind::Name(t) | ExprKind::ArrayRef { name: t, .. } => matches!(self.lookup(&t.name), Some(Home::CharArray { .. })),
                    _ => false,
                };
                if char_target && self.class_arrs.contains_key(&name.name) {
                    self.not_yet("character arrays as targets of `class(*)` array pointers", rhs.span);
                    return;
                }
                if is_null {
                    self.disassociate(&d);
                } else if let Some(args) = bounds {
                    self.ptr_assign_bounds(&d, args, rhs);
                } else {
                    self.ptr_assign_array(&d, rhs);
                }
                self.class_ptr_array_target(&name.name, (!is_null).then_some(rhs));
                self.store_global_desc(&name.name);
            }
            _ => self.not_yet(format!("pointer assignment to `{}`", name.name), lhs.span),
        }
    }

    /// The array pointer component that `e` names (`x%v`, or `x%v(0:)` on the left of
    /// `=>`): the address of its gfortran descriptor and its definition.
    pub(super) fn ptr_comp_ref(&mut self, e: &Expr) -> Option<(Op, CompInfo)> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        if cr.base.ty.rank() > 0 {
            return None;
        }
        let ast::Ty::Scalar(BaseTy::Derived(k)) = cr.base.ty else { return None };
        if !self.type_info(k)?.comps.iter().any(|c| c.name == cr.name.name && c.pointer && !c.dims.is_empty()) {
            return None;
        }
        self.comp_addr(&cr.base, &cr.name.name, &[])
    }

    /// A descriptor of the array pointer component whose gfortran descriptor is at `a`.
    pub(super) fn ptr_comp_desc(&mut self, a: Op, c: &CompInfo) -> Desc {
        let d = self.fresh_ptr_desc(&c.name, c.base, c.dims.len());
        self.load_ptr_desc(a, &d);
        d
    }

    /// `x%v => t`, `x%v(0:) => t`, `x%v => null()` for an array pointer component.
    fn ptr_assign_comp(&mut self, lhs: &Expr, rhs: &Expr, is_null: bool) -> bool {
        let Some((a, c)) = self.ptr_comp_ref(lhs) else { return false };
        let d = self.ptr_comp_desc(a.clone(), &c);
        let ExprKind::Component(cr) = &lhs.kind else { return false };
        if is_null {
            self.disassociate(&d);
        } else if !cr.subs.is_empty() {
            self.ptr_assign_bounds(&d, &cr.subs, rhs);
        } else {
            self.ptr_assign_array(&d, rhs);
        }
        self.store_gf_desc(a, &d);
        true
    }

    /// `allocate(x%v(n))` of an array pointer component: fresh memory (an old target is
    /// left alone).
    pub(super) fn allocate_ptr_array_comp(&mut self, e: &Expr, dims: &[DimSpec]) -> bool {
        let Some((a, c)) = self.ptr_comp_ref(e) else { return false };
        let d = self.ptr_comp_desc(a.clone(), &c);
        self.set_shape(&d, dims, e.span);
        self.contiguous_sm(&d);
        let bytes = self.desc_bytes(&d);
        let n = c.name.clone();
        let len = n.len() as i64;
        let p = self.val(Ty::Ptr, Rv::Call("gpuf_allocate_array".into(), vec![Op::Null, bytes, Op::Str(n), Op::I64(len)], Ty::Ptr));
        self.emit(Stmt::Assign(d.addr, Rv::Use(p)));
        self.store_gf_desc(a, &d);
        true
    }

    /// `deallocate(x%v)` of an array pointer component (which must point to a whole
    /// allocated block).
    pub(super) fn deallocate_ptr_array_comp(&mut self, e: &Expr) -> bool {
        let Some((a, c)) = self.ptr_comp_ref(e) else { return false };
        let d = self.ptr_comp_desc(a.clone(), &c);
        let n = c.name.clone();
        let nl = n.len() as i64;
        self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![Op::Var(d.addr), Op::Str(n), Op::I64(nl)]));
        self.disassociate(&d);
        self.store_gf_desc(a, &d);
        true
    }

    /// The address of the pointer component that `e` names (`x%next`), where its
    /// target's address is stored.
    fn ptr_slot(&mut self, e: &Expr) -> Option<Op> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        if !cr.subs.is_empty() || cr.base.ty.rank() > 0 {
            return None;
        }
        let (ast::Ty::Scalar(BaseTy::Derived(k)) | ast::Ty::Array(BaseTy::Derived(k), _)) = cr.base.ty else { return None };
        if !self.type_info(k)?.comps.iter().any(|c| c.name == cr.name.name && c.pointer && c.dims.is_empty()) {
            return None;
        }
        self.comp_addr(&cr.base, &cr.name.name, &[]).map(|(a, _)| a)
    }

    /// `allocate(x%p)` of a scalar pointer component: fresh memory, default-initialised.
    pub(super) fn allocate_ptr_comp(&mut self, e: &Expr) -> bool {
        if self.allocate_class_comp(e, None, None, false) {
            return true;
        }
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
    pub(super) fn ptr_target_addr(&mut self, rhs: &Expr) -> Op {
        if let Some(key) = gpuf_frontend::sema::proc_actual(rhs) {
            // `fp => f`, `fp => gp`: the procedure's address.
            return self.proc_addr(key, rhs.span);
        }
        if let ExprKind::Component(cr) = &rhs.kind {
            if let (ast::Ty::Scalar(BaseTy::Derived(k)), true) = (&cr.base.ty, cr.subs.is_empty()) {
                if self.type_info(*k).is_some_and(|t| t.comps.iter().any(|c| c.name == cr.name.name && c.proc_key.is_some())) {
                    // A procedure pointer component: the address it holds.
                    return self.component_addr(rhs, &[]);
                }
            }
        }
        match &rhs.kind {
            ExprKind::Paren(x) => self.ptr_target_addr(x),
            ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::Component(_) => self.arg_addr(rhs),
            ExprKind::Call { name, args } if self.returns_pointer(&name.name) => self.pointer_call(name, args, rhs.span),
            _ => {
                self.not_yet("this pointer target", rhs.span);
                Op::Null
            }
        }
    }

    /// The block a data clause maps for the array `d`: its data, or for an array pointer
    /// the hull of its target's elements (lowest address, bytes; empty when it has no
    /// elements).
    pub(super) fn map_hull(&mut self, d: &Desc) -> (Op, Op) {
        let Some(sm) = self.ptr_sm.get(&d.addr).cloned() else {
            let b = self.desc_bytes(d);
            return (Op::Var(d.addr), b);
        };
        let size = self.elem_size(d.base);
        let (mut lo, mut hi, mut count) = (Op::I64(0), Op::I64(0), Op::I64(1));
        for (e, m) in d.ext.clone().into_iter().zip(sm) {
            let n = self.bin(Ty::I64, BinOp::Sub, Op::Var(e), Op::I64(1));
            let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0)));
            let span = self.bin(Ty::I64, BinOp::Mul, n, Op::Var(m));
            let neg = self.val(Ty::I64, Rv::Binary(BinOp::Min, span.clone(), Op::I64(0)));
            let pos = self.val(Ty::I64, Rv::Binary(BinOp::Max, span, Op::I64(0)));
            lo = self.bin(Ty::I64, BinOp::Add, lo, neg);
            hi = self.bin(Ty::I64, BinOp::Add, hi, pos);
            count = self.bin(Ty::I64, BinOp::Mul, count, Op::Var(e));
        }
        let nonempty = self.val(Ty::I64, Rv::Binary(BinOp::Min, count, Op::I64(1)));
        let nonempty = self.val(Ty::I64, Rv::Binary(BinOp::Max, nonempty, Op::I64(0)));
        let elems = self.bin(Ty::I64, BinOp::Sub, hi, lo.clone());
        let elems = self.bin(Ty::I64, BinOp::Add, elems, Op::I64(1));
        let bytes = self.bin(Ty::I64, BinOp::Mul, elems, Op::I64(size));
        let bytes = self.bin(Ty::I64, BinOp::Mul, bytes, nonempty);
        let off = self.bin(Ty::I64, BinOp::Mul, lo, Op::I64(size));
        let low = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(d.addr), off));
        (low, bytes)
    }

    /// Does the function with key `name` return a (scalar) pointer?
    pub(super) fn returns_pointer(&self, name: &str) -> bool {
        self.procs.map.get(name).is_some_and(|p| p.result_pointer)
    }

    /// A call of a function returning a pointer: the target's address.
    pub(super) fn pointer_call(&mut self, name: &ast::Ident, args: &[Arg], sp: Span) -> Op {
        let mark = self.call_after.len();
        let v = match self.call_args(name, args, sp) {
            Some((link, ops)) => {
                let v = self.val(Ty::Ptr, Rv::Call(link, ops, Ty::Ptr));
                self.reload_global_descs();
                v
            }
            None => Op::Null,
        };
        self.after_call(mark);
        v
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
    pub(super) fn ptr_assign_array(&mut self, d: &Desc, rhs: &Expr) {
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

    /// `c_f_pointer(cptr, fptr[, shape])` and `c_f_procpointer(cptr, fptr)`: the pointer
    /// gets the address `cptr` holds; an array pointer the lower bounds 1 and the extents
    /// of `shape`, contiguous.
    pub(super) fn c_f_pointer(&mut self, cptr: &Expr, fptr: &Expr, shape: Option<&Expr>) {
        let c = self.expr(cptr);
        let c = self.conv(c, Ty::I64);
        let addr = self.val(Ty::Ptr, Rv::Cast(Ty::Ptr, c));
        let ExprKind::Name(id) = &fptr.kind else {
            if let Some(slot) = self.ptr_slot(fptr) {
                self.emit(Stmt::Store(Ty::Ptr, slot, addr));
            } else {
                self.not_yet("`c_f_pointer` to this pointer", fptr.span);
            }
            return;
        };
        if self.region.is_some() && self.ptr_written_back(&id.name) {
            self.not_yet("`c_f_pointer` to a non-local pointer inside a compute construct", fptr.span);
            return;
        }
        match (self.lookup(&id.name), shape) {
            (Some(Home::Mem(pv, _)), None) => {
                self.emit(Stmt::Assign(pv, Rv::Use(addr)));
                self.store_global_ptr(&id.name);
            }
            (Some(Home::Array(d)), Some(sh)) => {
                let mut exts = Vec::new();
                match &sh.kind {
                    // `[n, m]` of scalars: the extents directly (no temporary array, which
                    // device code could not allocate).
                    ExprKind::ArrayCtor(items)
                        if items.len() == d.ext.len()
                            && items.iter().all(|it| matches!(it, ast::CtorItem::Expr(x) if x.ty.rank() == 0)) =>
                    {
                        for it in items {
                            if let ast::CtorItem::Expr(x) = it {
                                let v = self.expr(x);
                                let v = self.conv(v, Ty::I64);
                                exts.push(self.copy_op(v));
                            }
                        }
                    }
                    _ => {
                        let b = sh.ty.base().unwrap_or(BaseTy::Integer(4));
                        let (t, es) = (mem_ty(b), mem_ty(b).size());
                        let (p, _) = self.expr_temp(sh);
                        for k in 0..d.ext.len() {
                            let at = self.val(Ty::Ptr, Rv::PtrAdd(p.clone(), Op::I64(k as i64 * es)));
                            let v = self.val(t, Rv::Load(t, at));
                            let v = self.conv(v, Ty::I64);
                            exts.push(self.copy_op(v));
                        }
                    }
                }
                self.emit(Stmt::Assign(d.addr, Rv::Use(addr)));
                for (k, e) in exts.into_iter().enumerate() {
                    if let (Some(&lv), Some(&ev)) = (d.lb.get(k), d.ext.get(k)) {
                        self.emit(Stmt::Assign(lv, Rv::Use(Op::I64(1))));
                        self.emit(Stmt::Assign(ev, Rv::Use(e)));
                    }
                }
                self.contiguous_sm(&d);
                self.store_global_desc(&id.name);
            }
            _ => self.not_yet(format!("`c_f_pointer` to `{}`", id.name), fptr.span),
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
            ExprKind::Call { name, args } if self.returns_pointer(&name.name) && rhs.ty.rank() > 0 => {
                let b = rhs.ty.base()?;
                let d = self.pointer_array_call(name, args, rhs.ty.rank() as usize, b, rhs.span)?;
                let sms = self.dim_sm(&d);
                Some((Op::Var(d.addr), d.lb.iter().map(|v| Op::Var(*v)).collect(), d.ext.iter().map(|v| Op::Var(*v)).collect(), sms))
            }
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
                Some(self.section_target(&t, subs))
            }
            ExprKind::Component(cr) if cr.base.ty.rank() == 0 => {
                // An array component of a structure (`s%a`, `p%a(2:)`): its own bounds
                // when whole, a section's from 1.
                let (a, c) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
                let t = self.comp_desc(a, &c);
                if !cr.subs.is_empty() {
                    return Some(self.section_target(&t, &cr.subs));
                }
                let addr = self.copy_ptr(Op::Var(t.addr));
                let lbs = t.lb.iter().map(|v| self.copy_op(Op::Var(*v))).collect();
                let exts = t.ext.iter().map(|v| self.copy_op(Op::Var(*v))).collect();
                let sm = self.dim_sm(&t);
                let sms = sm.into_iter().map(|m| self.copy_op(m)).collect();
                Some((addr, lbs, exts, sms))
            }
            ExprKind::Component(cr) if cr.subs.is_empty() => {
                // A scalar component of an array of structures (`xs%a`, `xs(2:4)%a`): the
                // structures' shape, the element distance scaled by the structure's size.
                let (ast::Ty::Array(BaseTy::Derived(k), _), Some(b)) = (&cr.base.ty, rhs.ty.base()) else {
                    self.not_yet("this pointer target", rhs.span);
                    return None;
                };
                let c = self.type_info(*k)?.comps.iter().find(|c| c.name == cr.name.name)?.clone();
                let (tsize, esize) = (self.type_size(*k), self.elem_size(b));
                if !c.dims.is_empty() || c.pointer || esize == 0 || tsize % esize != 0 {
                    self.not_yet("a pointer to this component of an array of structures", rhs.span);
                    return None;
                }
                let (addr, _, exts, sms) = self.target_desc(&cr.base)?;
                let addr = self.val(Ty::Ptr, Rv::PtrAdd(addr, Op::I64(c.offset)));
                let addr = self.copy_ptr(addr);
                let sms = sms.into_iter().map(|m| self.bin(Ty::I64, BinOp::Mul, m, Op::I64(tsize / esize))).collect::<Vec<_>>();
                let sms = sms.into_iter().map(|m| self.copy_op(m)).collect();
                let lbs = vec![Op::I64(1); exts.len()];
                Some((addr, lbs, exts, sms))
            }
            _ => {
                self.not_yet("this pointer target", rhs.span);
                None
            }
        }
    }

    /// The data address, lower bounds (1), extents and element distances of the section
    /// `subs` of the array `t`.
    #[allow(clippy::type_complexity)]
    fn section_target(&mut self, t: &Desc, subs: &[Arg]) -> (Op, Vec<Op>, Vec<Op>, Vec<Op>) {
        let t = t.clone();
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
        (addr, lbs, exts, sms)
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
            if let Some((a, c)) = self.ptr_comp_ref(e) {
                let d = self.ptr_comp_desc(a.clone(), &c);
                self.disassociate(&d);
                self.store_gf_desc(a, &d);
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
                    // A polymorphic pointer's container.
                    self.store_scalar_global(pv);
                }
                Some(Home::Array(d)) => {
                    self.disassociate(&d);
                    self.class_ptr_array_target(&id.name, None);
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
        let home = if let Some((a, c)) = self.ptr_comp_ref(p) {
            Some(Home::Array(self.ptr_comp_desc(a, &c)))
        } else {
            let ExprKind::Name(id) = &p.kind else {
                self.not_yet("`associated` of this designator", p.span);
                return Op::I32(0);
            };
            self.lookup(&id.name)
        };
        let pname = match &p.kind {
            ExprKind::Name(id) => id.name.clone(),
            _ => String::from("this component"),
        };
        let (addr, exts) = match &home {
            Some(Home::Mem(pv, _)) => (Op::Var(*pv), Vec::new()),
            Some(Home::Array(d)) => (Op::Var(d.addr), d.ext.iter().map(|e| Op::Var(*e)).collect()),
            _ => {
                self.not_yet(format!("`associated` of `{pname}`"), p.span);
                return Op::I32(0);
            }
        };
        let nonnull = self.val(Ty::I32, Rv::Binary(BinOp::Ne, addr.clone(), Op::Null));
        let Some(t) = args.get(1) else { return nonnull };
        let (taddr, texts, tsms) = if exts.is_empty() {
            (self.ptr_target_addr(t), Vec::new(), Vec::new())
        } else {
            match self.target_desc(t) {
                Some((a, _, e, m)) => (a, e, m),
                None => return Op::I32(0),
            }
        };
        let sms = match &home {
            Some(Home::Array(d)) => self.dim_sm(d),
            _ => Vec::new(),
        };
        let mut r = self.val(Ty::I32, Rv::Binary(BinOp::Eq, addr, taddr));
        r = self.bin(Ty::I32, BinOp::And, r, nonnull);
        if !exts.is_empty() {
            let mut size = Op::I64(1);
            // Same extents and, along dimensions of more than one element, the same
            // element distances (`a(1:3)` is not `a(1:5:2)`).
            for ((e, te), (m, tm)) in exts.iter().zip(&texts).zip(sms.iter().zip(&tsms)) {
                let same = self.val(Ty::I32, Rv::Binary(BinOp::Eq, e.clone(), te.clone()));
                r = self.bin(Ty::I32, BinOp::And, r, same);
                let same_sm = self.val(Ty::I32, Rv::Binary(BinOp::Eq, m.clone(), tm.clone()));
                let single = self.val(Ty::I32, Rv::Binary(BinOp::Le, e.clone(), Op::I64(1)));
                let ok = self.bin(Ty::I32, BinOp::Or, same_sm, single);
                r = self.bin(Ty::I32, BinOp::And, r, ok);
                size = self.bin(Ty::I64, BinOp::Mul, size, e.clone());
            }
            let nonempty = self.val(Ty::I32, Rv::Binary(BinOp::Gt, size, Op::I64(0)));
            r = self.bin(Ty::I32, BinOp::And, r, nonempty);
        }
        r
    }
}
