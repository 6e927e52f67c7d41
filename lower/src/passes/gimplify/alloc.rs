//! `allocate` and `deallocate`, also with `stat=` and `errmsg=`.

use super::*;

impl G<'_> {
    /// `allocate`: each array gets its shape and data (character arrays blank-filled,
    /// derived-type elements default-initialised).
    pub(super) fn allocate(&mut self, items: &[(ast::Ident, Vec<DimSpec>)], sp: Span) {
        if self.region.is_some() {
            self.not_yet("`allocate` inside a compute construct", sp);
            return;
        }
        for (name, dims) in items {
            if self.class_alloc(&name.name).is_some() {
                self.allocate_class(name, None, None, false);
                continue;
            }
            if self.class_alloc_array(&name.name).is_some() {
                self.allocate_class_array(name, dims, None, None, false);
                continue;
            }
            if self.allocate_class_ptr_array(name, dims, (None, None, false)) {
                continue;
            }
            if let Some(Home::CharArray { d, len }) = self.lookup(&name.name) {
                self.set_shape(&d, dims, name.span);
                let bytes = self.char_array_bytes(&d, len);
                self.allocate_data(&d, bytes);
                self.blank_char_array(&d, len);
                continue;
            }
            if let (Some(Home::Mem(pv, b)), true) = (self.lookup(&name.name), self.is_pointer_var(&name.name)) {
                // A scalar pointer: fresh memory (the old target is left alone).
                let size = self.elem_size(b).max(1);
                self.emit(Stmt::Assign(pv, Rv::Call("gpuf_alloc".into(), vec![Op::I64(size)], Ty::Ptr)));
                if let BaseTy::Derived(k) = b {
                    self.init_struct(Op::Var(pv), k);
                }
                self.store_global_ptr(&name.name);
                continue;
            }
            if let (Some((p, base)), true) = (self.alloc_scalar_var(&name.name), dims.is_empty()) {
                self.allocate_scalar_var(&name.name, p, base);
                continue;
            }
            let Some(Home::Array(d)) = self.lookup(&name.name) else {
                self.not_yet(format!("`allocate` of `{}`", name.name), name.span);
                continue;
            };
            if self.is_pointer_var(&name.name) {
                self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
            }
            self.set_shape(&d, dims, name.span);
            self.contiguous_sm(&d);
            let bytes = self.desc_bytes(&d);
            self.allocate_data(&d, bytes);
            self.store_global_desc(&name.name);
            if let BaseTy::Derived(k) = d.base {
                self.init_array_elems(&d, k);
            }
        }
    }

    /// `deallocate`: frees the data and leaves the variable unallocated.
    pub(super) fn deallocate(&mut self, names: &[ast::Ident], sp: Span) {
        if self.region.is_some() {
            self.not_yet("`deallocate` inside a compute construct", sp);
            return;
        }
        for name in names {
            if self.class_alloc(&name.name).is_some() {
                self.deallocate_class(name);
                continue;
            }
            if let Some((_, _, k)) = self.class_alloc_array(&name.name) {
                self.free_class_array(&name.name, k, true);
                continue;
            }
            if self.deallocate_class_ptr_array(name) {
                continue;
            }
            if let Some((p, base)) = self.alloc_scalar_var(&name.name) {
                if let BaseTy::Derived(k) = base {
                    self.finalize_if_live(Op::Var(p), k);
                    self.free_scalar_comps(p, k);
                }
                self.deallocate_data(p, &name.name);
                self.store_scalar_global(p);
                continue;
            }
            let d = match self.lookup(&name.name) {
                Some(Home::Array(d)) => {
                    // The elements are finalized and their allocatable components freed
                    // first.
                    if let BaseTy::Derived(k) = d.base {
                        self.finalize_array(&d, k);
                        if self.has_alloc_comps(k, 0) {
                            let size = self.elem_size(d.base);
                            self.each_desc_elem(&d, size, &mut |g, x| g.free_alloc_comps(x, k));
                        }
                    }
                    d
                }
                Some(Home::CharArray { d, .. }) => d,
                Some(Home::Chars { addr, len }) => {
                    self.deallocate_data(addr, &name.name);
                    self.emit(Stmt::Assign(len, Rv::Use(Op::I64(0))));
                    self.store_deferred_chars(addr);
                    continue;
                }
                Some(Home::Mem(pv, base)) if self.is_pointer_var(&name.name) => {
                    // A derived-type target is finalized and its allocatable components
                    // freed first.
                    if let BaseTy::Derived(k) = base {
                        self.finalize_if_live(Op::Var(pv), k);
                        self.free_scalar_comps(pv, k);
                    }
                    self.deallocate_data(pv, &name.name);
                    self.store_global_ptr(&name.name);
                    continue;
                }
                _ => continue,
            };
            self.deallocate_data(d.addr, &d.name);
            self.store_global_desc(&name.name);
        }
    }

    /// The runtime's allocation of `bytes` for the data of the array `d` (an error if it
    /// is allocated already).
    pub(super) fn allocate_data(&mut self, d: &Desc, bytes: Op) {
        let n = d.name.clone();
        let len = n.len() as i64;
        let p = self.val(Ty::Ptr, Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(d.addr), bytes, Op::Str(n), Op::I64(len)], Ty::Ptr));
        self.emit(Stmt::Assign(d.addr, Rv::Use(p)));
    }

    /// The runtime's deallocation of the data at `addr` of the variable `name` (an error if
    /// it is not allocated); the pointer becomes null.
    pub(super) fn deallocate_data(&mut self, addr: VarId, name: &str) {
        let nl = name.len() as i64;
        self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![Op::Var(addr), Op::Str(name.to_string()), Op::I64(nl)]));
        self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
    }

    /// `allocate`/`deallocate` with `stat=`/`errmsg=`: the runtime records errors instead of
    /// stopping; an allocated array keeps its shape.
    pub(super) fn alloc_status(&mut self, stmt: &ast::Stmt, stat: Option<&ast::Expr>, errmsg: Option<&ast::Expr>) {
        if self.region.is_some() {
            self.not_yet("`allocate` and `deallocate` inside a compute construct", stmt.span);
            return;
        }
        if stat.is_none() {
            // `errmsg=` alone: errors stay fatal
            self.stmt(stmt);
            return;
        }
        self.emit(Stmt::Call("gpuf_alloc_catch".into(), vec![]));
        match &stmt.kind {
            StmtKind::Allocate(items) => {
                for (name, dims) in items {
                    if let (Some((p, base)), true) = (self.alloc_scalar_var(&name.name), dims.is_empty()) {
                        let n = name.name.clone();
                        let len = n.len() as i64;
                        let ok =
                            self.val(Ty::I32, Rv::Call("gpuf_alloc_check".into(), vec![Op::Var(p), Op::Str(n), Op::I64(len)], Ty::I32));
                        self.push_block();
                        self.allocate_scalar_var(&name.name, p, base);
                        let b = self.pop_block();
                        self.emit(Stmt::If { cond: ok, then_body: b, else_body: vec![] });
                        continue;
                    }
                    let Some(super::Home::Array(d)) = self.lookup(&name.name) else {
                        self.not_yet(format!("`allocate` of `{}`", name.name), name.span);
                        continue;
                    };
                    let n = d.name.clone();
                    let len = n.len() as i64;
                    let ok = self.val(
                        Ty::I32,
                        Rv::Call("gpuf_alloc_check".into(), vec![Op::Var(d.addr), Op::Str(n.clone()), Op::I64(len)], Ty::I32),
                    );
                    self.push_block();
                    self.set_shape(&d, dims, name.span);
                    let bytes = self.desc_bytes(&d);
                    self.allocate_data(&d, bytes);
                    let b = self.pop_block();
                    self.emit(Stmt::If { cond: ok, then_body: b, else_body: vec![] });
                }
            }
            _ => self.stmt(stmt),
        }
        let st = self.val(Ty::I32, Rv::Call("gpuf_alloc_status".into(), vec![], Ty::I32));
        if let Some(e) = stat {
            let t = self.expr_ty(e);
            let v = self.conv(st, t);
            self.store_to(e, v);
        }
        if let Some(e) = errmsg {
            let (a, n) = self.str_expr(e);
            let n = self.conv(n, Ty::I64);
            self.emit(Stmt::Call("gpuf_alloc_msg".into(), vec![a, n]));
        }
    }

    /// `allocate(type-spec :: items)`, `allocate(items, source=e)`, `allocate(items,
    /// mold=e)`: items without bounds take `e`'s bounds; with `source=` each item is then
    /// assigned `e`. The type spec gives the length of a deferred-length character scalar.
    pub(super) fn alloc_opts(&mut self, inner: &ast::Stmt, spec: Option<&ast::AllocTypeSpec>, source: Option<&Expr>, mold: bool, sp: Span) {
        if self.region.is_some() {
            self.not_yet("`allocate` inside a compute construct", sp);
            return;
        }
        // The source is evaluated once, before the allocations.
        let mark = source.map(|e| self.materialize(e));
        let temps = self.call_after.len();
        self.alloc_opts_items(inner, spec, source, mold, sp);
        // (Temporaries of an array expression `source=`.)
        self.after_call(temps);
        if let Some(m) = mark {
            self.free_mats(m);
        }
    }

    fn alloc_opts_items(&mut self, inner: &ast::Stmt, spec: Option<&ast::AllocTypeSpec>, source: Option<&Expr>, mold: bool, sp: Span) {
        let copy = if mold { None } else { source };
        match &inner.kind {
            StmtKind::Allocate(items) => {
                for (name, dims) in items {
                    if self.class_alloc(&name.name).is_some() && dims.is_empty() {
                        self.allocate_class(name, spec, source, mold);
                        continue;
                    }
                    if self.class_alloc_array(&name.name).is_some() {
                        self.allocate_class_array(name, dims, spec, source, mold);
                        continue;
                    }
                    if self.allocate_class_ptr_array(name, dims, (spec, source, mold)) {
                        continue;
                    }
                    if !dims.is_empty() {
                        self.allocate(&[(name.clone(), dims.clone())], sp);
                    } else {
                        match self.lookup(&name.name) {
                            Some(Home::Chars { addr, len }) => {
                                let n = match spec.and_then(|t| t.len.as_deref()) {
                                    Some(l) => {
                                        let v = self.expr(l);
                                        let v = self.conv(v, Ty::I64);
                                        self.bin(Ty::I64, BinOp::Max, v, Op::I64(0))
                                    }
                                    None => Op::I64(1),
                                };
                                let bytes = self.bin(Ty::I64, BinOp::Max, n.clone(), Op::I64(1));
                                let nm = name.name.clone();
                                let nl = nm.len() as i64;
                                let p = self.val(
                                    Ty::Ptr,
                                    Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(addr), bytes, Op::Str(nm), Op::I64(nl)], Ty::Ptr),
                                );
                                self.emit(Stmt::Assign(addr, Rv::Use(p)));
                                self.emit(Stmt::Assign(len, Rv::Use(n)));
                                self.store_deferred_chars(addr);
                            }
                            Some(Home::Array(d)) => {
                                let Some(src) = source else {
                                    self.not_yet(format!("`allocate` of `{}` without bounds", name.name), name.span);
                                    continue;
                                };
                                self.shape_from(&d, src);
                                let bytes = self.desc_bytes(&d);
                                self.allocate_data(&d, bytes);
                                self.store_global_desc(&name.name);
                                if let BaseTy::Derived(k) = d.base {
                                    self.init_array_elems(&d, k);
                                }
                            }
                            _ => {
                                self.not_yet(format!("`allocate` of `{}`", name.name), name.span);
                                continue;
                            }
                        }
                    }
                    if let Some(src) = copy {
                        let Some(s) = self.syms.get(&name.name) else { continue };
                        let ty = if s.rank > 0 { ast::Ty::Array(s.base, s.rank) } else { ast::Ty::Scalar(s.base) };
                        let lhs = Expr { kind: ExprKind::Name(name.clone()), span: name.span, ty };
                        self.assign(&lhs, src, sp);
                    }
                }
            }
            StmtKind::AllocateComp(items) => {
                for (e, dims) in items {
                    if dims.is_empty() && self.allocate_class_comp(e, spec, source, mold) {
                        continue;
                    }
                    if self.allocate_class_comp_array(e, dims, spec, source, mold) {
                        continue;
                    }
                    if dims.is_empty() && e.ty.rank() > 0 {
                        let (Some(src), Some((a, c))) = (source, self.alloc_comp_ref(e)) else {
                            self.not_yet("`allocate` of this component without bounds", e.span);
                            continue;
                        };
                        let d = self.alloc_comp_desc(a.clone(), &c);
                        self.shape_from(&d, src);
                        let bytes = self.desc_bytes(&d);
                        self.allocate_data(&d, bytes);
                        self.store_alloc_comp_desc(&a, &d);
                        if let BaseTy::Derived(k) = d.base {
                            self.init_array_elems(&d, k);
                        }
                    } else {
                        self.allocate_comps(&[(e.clone(), dims.clone())], sp);
                    }
                    if let Some(src) = copy {
                        self.assign(e, src, sp);
                    }
                }
            }
            _ => self.stmt(inner),
        }
    }

    /// Gives the array `d` the bounds of `src` (its lower bounds when it is a whole array,
    /// else 1) before it is allocated.
    pub(super) fn shape_from(&mut self, d: &Desc, src: &Expr) {
        let shape = self.shape(src);
        let lbs: Vec<Op> = match &src.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(s)) => s.lb.iter().map(|v| Op::Var(*v)).collect(),
                _ => Vec::new(),
            },
            ExprKind::Component(_) => self.component_lbounds(src).unwrap_or_default(),
            _ => Vec::new(),
        };
        for (k, (lb, ext)) in d.lb.iter().zip(&d.ext).enumerate() {
            let l = lbs.get(k).cloned().unwrap_or(Op::I64(1));
            self.emit(Stmt::Assign(*lb, Rv::Use(l)));
            let e = shape.get(k).cloned().unwrap_or(Op::I64(0));
            let e = self.conv(e, Ty::I64);
            self.emit(Stmt::Assign(*ext, Rv::Use(e)));
        }
    }

    /// An allocatable scalar variable (not character): the variable holding its data
    /// address (null when unallocated) and its type.
    pub(super) fn alloc_scalar_var(&self, name: &str) -> Option<(VarId, BaseTy)> {
        let s = self.syms.get(name)?;
        if !s.allocatable || s.rank > 0 || s.base == BaseTy::Character {
            return None;
        }
        match self.lookup(name) {
            Some(Home::Mem(p, b)) => Some((p, b)),
            _ => None,
        }
    }

    /// An allocatable scalar variable of a procedure or main program: its data address,
    /// null until allocated; freed (with its allocatable components) on return.
    pub(super) fn declare_alloc_scalar(&mut self, s: &gpuf_frontend::sema::Symbol, saved: bool) {
        let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
        if saved {
            // A module or saved one: the global is its data pointer (gfortran's layout),
            // loaded on entry and after calls, written back when it changes.
            let (gname, local) = self.static_name(s);
            self.add_global(&gname, Ty::Ptr, Op::Null, local);
            let block = self.f.new_var(format!("{}.global", s.name), Ty::Ptr);
            self.emit(Stmt::Assign(block, Rv::GlobalAddr(gname)));
            self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, Op::Var(block))));
            let d = Desc { name: s.name.clone(), base: s.base, addr: p, lb: Vec::new(), ext: Vec::new() };
            self.global_descs.push((block, d));
            return;
        }
        self.emit(Stmt::Assign(p, Rv::Use(Op::Null)));
        if self.unit.kind != ast::UnitKind::Program {
            if let BaseTy::Derived(k) = s.base {
                if self.has_alloc_comps(k, 0) {
                    let d = Desc { name: s.name.clone(), base: s.base, addr: p, lb: Vec::new(), ext: Vec::new() };
                    self.comp_frees.push((d, k));
                }
            }
            self.frees.push(p);
        }
    }

    /// An allocatable scalar dummy (not `character`): the caller passes the address of its
    /// data pointer (gfortran's convention), loaded on entry and after calls and written
    /// back when it changes, like a module's (`global_descs`). An `intent(out)` one
    /// arrives deallocated.
    pub(super) fn declare_alloc_scalar_dummy(&mut self, s: &gpuf_frontend::sema::Symbol, pv: VarId) {
        let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
        self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, Op::Var(pv))));
        let d = Desc { name: s.name.clone(), base: s.base, addr: p, lb: Vec::new(), ext: Vec::new() };
        self.global_descs.push((pv, d));
        if s.intent == Some(ast::Intent::Out) {
            self.free_alloc_scalar(p, s.base);
        }
    }

    /// Frees the allocatable scalar whose data address is in `p` when it is allocated (a
    /// derived type's value finalized and its components freed first); `p` becomes null
    /// and is written back.
    pub(super) fn free_alloc_scalar(&mut self, p: VarId, base: BaseTy) {
        if let BaseTy::Derived(k) = base {
            self.finalize_if_live(Op::Var(p), k);
            self.free_scalar_comps(p, k);
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(p)]));
        self.emit(Stmt::Assign(p, Rv::Use(Op::Null)));
        self.store_scalar_global(p);
    }

    /// `allocate(x)` of an allocatable scalar variable (an error if allocated already):
    /// a derived-type value gets its default initialisation.
    fn allocate_scalar_var(&mut self, name: &str, p: VarId, base: BaseTy) {
        let size = Op::I64(self.elem_size(base).max(1));
        let n = name.to_string();
        let len = n.len() as i64;
        let np = self.val(Ty::Ptr, Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(p), size, Op::Str(n), Op::I64(len)], Ty::Ptr));
        self.emit(Stmt::Assign(p, Rv::Use(np)));
        self.store_scalar_global(p);
        if let BaseTy::Derived(k) = base {
            self.init_struct(Op::Var(p), k);
        }
    }

    /// Writes the data address `p` of a module or saved allocatable scalar back to its
    /// global (nothing for other variables).
    pub(super) fn store_scalar_global(&mut self, p: VarId) {
        if let Some((block, _)) = self.global_descs.iter().find(|(_, g)| g.addr == p && g.lb.is_empty()).cloned() {
            self.emit(Stmt::Store(Ty::Ptr, Op::Var(block), Op::Var(p)));
        }
    }

    /// Frees the allocatable components of the structure at `p` of type `k` when `p` is
    /// not null.
    fn free_scalar_comps(&mut self, p: VarId, k: u16) {
        if !self.has_alloc_comps(k, 0) {
            return;
        }
        let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(p), Op::Null));
        self.push_block();
        self.free_alloc_comps(Op::Var(p), k);
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
    }

    /// Before `x = v` for an allocatable scalar variable `x`: allocated when it is not
    /// (a derived-type value default-initialised, then assigned).
    pub(super) fn alloc_scalar_var_on_assign(&mut self, lhs: &Expr) {
        let ExprKind::Name(id) = &lhs.kind else { return };
        let Some((p, base)) = self.alloc_scalar_var(&id.name) else { return };
        let none = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(p), Op::Null));
        self.push_block();
        let size = Op::I64(self.elem_size(base).max(1));
        self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
        self.store_scalar_global(p);
        if let BaseTy::Derived(k) = base {
            self.init_struct(Op::Var(p), k);
        }
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: none, then_body, else_body: vec![] });
    }

    /// Where the allocatable `e` (a whole variable or component) keeps its allocation.
    fn alloc_loc(&mut self, e: &ast::Expr) -> Option<AllocLoc> {
        match &e.kind {
            ExprKind::Name(id) => {
                if let Some((p, b)) = self.alloc_scalar_var(&id.name) {
                    return Some(AllocLoc::ScalarVar(p, b));
                }
                match self.lookup(&id.name) {
                    Some(Home::Array(d)) => Some(AllocLoc::Var(id.name.clone(), d)),
                    _ => None,
                }
            }
            ExprKind::Component(_) => {
                let (a, c) = self.alloc_comp_ref(e)?;
                if c.dims.is_empty() {
                    return Some(AllocLoc::Scalar(a, c.base));
                }
                let d = self.alloc_comp_desc(a.clone(), &c);
                Some(AllocLoc::Comp(a, d))
            }
            _ => None,
        }
    }

    /// Writes a changed descriptor back where it lives.
    fn store_alloc_loc(&mut self, l: &AllocLoc) {
        match l {
            AllocLoc::Var(n, _) => self.store_global_desc(n),
            AllocLoc::Comp(a, d) => self.store_alloc_comp_desc(a, d),
            AllocLoc::Scalar(..) | AllocLoc::ScalarVar(..) => {}
        }
    }

    /// The data address of an allocatable scalar.
    fn load_scalar_loc(&mut self, l: &AllocLoc) -> Op {
        match l {
            AllocLoc::Scalar(a, _) => self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a.clone())),
            AllocLoc::ScalarVar(p, _) => Op::Var(*p),
            _ => Op::Null,
        }
    }

    /// Sets the data address of an allocatable scalar.
    fn store_scalar_loc(&mut self, l: &AllocLoc, v: Op) {
        match l {
            AllocLoc::Scalar(a, _) => self.emit(Stmt::Store(Ty::Ptr, a.clone(), v)),
            AllocLoc::ScalarVar(p, _) => {
                self.emit(Stmt::Assign(*p, Rv::Use(v)));
                self.store_scalar_global(*p);
            }
            _ => {}
        }
    }

    /// `move_alloc(from, to)`: `to` is deallocated (with its allocatable components), then
    /// takes `from`'s allocation, bounds included; `from` becomes unallocated.
    pub(super) fn move_alloc(&mut self, from: &ast::Expr, to: &ast::Expr, sp: Span) {
        if self.move_alloc_class_array(from, to, sp) {
            return;
        }
        let (Some(f), Some(t)) = (self.alloc_loc(from), self.alloc_loc(to)) else {
            self.not_yet("`move_alloc` of these arguments", sp);
            return;
        };
        let from_vptr = self.class_vptr_of(from);
        self.free_class_scalar(to);
        self.move_alloc_data(f, t, sp);
        self.move_alloc_types(from, to, from_vptr);
    }

    fn move_alloc_data(&mut self, f: AllocLoc, t: AllocLoc, sp: Span) {
        match (&f, &t) {
            (AllocLoc::Scalar(..) | AllocLoc::ScalarVar(..), AllocLoc::Scalar(_, b) | AllocLoc::ScalarVar(_, b)) => {
                if let BaseTy::Derived(k) = *b {
                    if self.has_alloc_comps(k, 0) {
                        let p = self.load_scalar_loc(&t);
                        let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, p.clone(), Op::Null));
                        self.push_block();
                        self.free_alloc_comps(p, k);
                        let then_body = self.pop_block();
                        self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
                    }
                }
                let old = self.load_scalar_loc(&t);
                self.emit(Stmt::Call("gpuf_free".into(), vec![old]));
                let p = self.load_scalar_loc(&f);
                self.store_scalar_loc(&t, p);
                self.store_scalar_loc(&f, Op::Null);
            }
            (AllocLoc::Var(_, fd) | AllocLoc::Comp(_, fd), AllocLoc::Var(_, td) | AllocLoc::Comp(_, td)) => {
                if fd.lb.len() != td.lb.len() {
                    self.not_yet("`move_alloc` of these arguments", sp);
                    return;
                }
                if let BaseTy::Derived(k) = td.base {
                    if self.has_alloc_comps(k, 0) {
                        let size = self.elem_size(td.base);
                        self.each_desc_elem(td, size, &mut |g, x| g.free_alloc_comps(x, k));
                    }
                }
                self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(td.addr)]));
                self.emit(Stmt::Assign(td.addr, Rv::Use(Op::Var(fd.addr))));
                for (a, b) in td.lb.iter().zip(&fd.lb).chain(td.ext.iter().zip(&fd.ext)) {
                    self.emit(Stmt::Assign(*a, Rv::Use(Op::Var(*b))));
                }
                self.store_alloc_loc(&t);
                self.emit(Stmt::Assign(fd.addr, Rv::Use(Op::Null)));
                self.store_alloc_loc(&f);
            }
            _ => self.not_yet("`move_alloc` of these arguments", sp),
        }
    }
}

/// Where an allocatable object keeps its allocation.
enum AllocLoc {
    /// An allocatable array variable and its descriptor.
    Var(String, Desc),
    /// An allocatable array component: the address of its descriptor in the structure,
    /// and that descriptor loaded.
    Comp(Op, Desc),
    /// An allocatable scalar component: the address of its pointer, and its type.
    Scalar(Op, BaseTy),
    /// An allocatable scalar variable: the variable holding its data address, its type.
    ScalarVar(VarId, BaseTy),
}
