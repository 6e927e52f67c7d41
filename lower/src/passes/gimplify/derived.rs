//! gimplify for derived types.
//!
//! A derived-type object lives in memory with gfortran's layout (see
//! [`gpuf_frontend::sema::TypeInfo`]); the value of a derived-type expression is the
//! address of its bytes (a `Ptr`). A component is that address plus a constant offset: a
//! scalar component is loaded or stored with its IR type, an array component gets a
//! descriptor with constant bounds. Whole-object assignment copies the bytes; a structure
//! constructor fills a temporary freed after the statement.

use super::*;
use gpuf_frontend::sema::{CompInfo, TypeInfo};

/// How deep inline frees and copies of polymorphic scalar components nest
/// (`G::class_comp_depth`); deeper ones free and copy the object's bytes only.
pub(super) const MAX_CLASS_COMP_DEPTH: u32 = 3;

impl<'a> G<'a> {
    pub(super) fn type_info(&self, k: u16) -> Option<&'a TypeInfo> {
        self.types.get(k as usize)
    }

    pub(super) fn type_size(&self, k: u16) -> i64 {
        self.type_info(k).map_or(0, |t| t.size)
    }

    /// A derived-type local or module variable: memory of the type's size, default
    /// initialised. Module and saved variables are gfortran's objects (`static_object`).
    pub(super) fn declare_derived(&mut self, s: &gpuf_frontend::sema::Symbol, k: u16, saved: Option<(String, bool)>) {
        if s.init.is_some() && s.rank > 0 {
            self.not_yet(format!("an initial value for the derived-type array `{}`", s.name), s.span);
        }
        if s.rank > 0 {
            if s.allocatable && s.class {
                self.declare_class_alloc_array(s, None, saved.is_some());
                return;
            }
            if s.allocatable {
                if let Some((gname, local)) = saved {
                    self.global_alloc_array(s, gname, local);
                    return;
                }
                let desc = self.new_desc(s);
                self.emit(Stmt::Assign(desc.addr, Rv::Use(Op::Null)));
                for d in 0..s.rank as usize {
                    self.emit(Stmt::Assign(desc.lb[d], Rv::Use(Op::I64(1))));
                    self.emit(Stmt::Assign(desc.ext[d], Rv::Use(Op::I64(0))));
                }
                if self.unit.kind != UnitKind::Program {
                    self.frees.push(desc.addr);
                    if self.has_alloc_comps(k, 0) {
                        self.comp_frees.push((desc.clone(), k));
                    }
                }
                return;
            }
            if let Some((gname, local)) = &saved {
                if let Some((addr, runtime_init)) = self.static_object(s, gname, *local) {
                    let dims = self.const_dims(s);
                    let desc = self.new_desc(s);
                    self.emit(Stmt::Assign(desc.addr, Rv::Use(addr)));
                    self.set_shape(&desc, &dims, s.span);
                    if runtime_init {
                        self.push_block();
                        self.init_array_elems(&desc, k);
                        self.static_init(s, gname, *local);
                    }
                    return;
                }
            }
            let desc = self.new_desc(s);
            self.set_shape(&desc, &s.dims, s.span);
            let bytes = self.desc_bytes(&desc);
            match saved {
                Some((gname, local)) => {
                    self.add_global(&gname, Ty::Ptr, Op::Null, local);
                    let gp = self.val(Ty::Ptr, Rv::GlobalAddr(gname));
                    self.emit(Stmt::Assign(desc.addr, Rv::Load(Ty::Ptr, gp.clone())));
                    let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(desc.addr), Op::Null));
                    self.push_block();
                    self.emit(Stmt::Assign(desc.addr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr)));
                    self.emit(Stmt::Store(Ty::Ptr, gp, Op::Var(desc.addr)));
                    self.init_array_elems(&desc, k);
                    let then_body = self.pop_block();
                    self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
                }
                None => {
                    self.emit(Stmt::Assign(desc.addr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr)));
                    if self.unit.kind != UnitKind::Program {
                        self.frees.push(desc.addr);
                        if self.has_alloc_comps(k, 0) {
                            self.comp_frees.push((desc.clone(), k));
                        }
                    }
                    self.init_array_elems(&desc, k);
                }
            }
            return;
        }
        let size = Op::I64(self.type_size(k).max(1));
        let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        self.homes.insert(s.name.clone(), Home::Mem(p, BaseTy::Derived(k)));
        if let Some((gname, local)) = &saved {
            if let Some((addr, runtime_init)) = self.static_object(s, gname, *local) {
                self.emit(Stmt::Assign(p, Rv::Use(addr)));
                if runtime_init {
                    self.push_block();
                    self.init_struct(Op::Var(p), k);
                    self.init_value(s, Op::Var(p), k);
                    self.static_init(s, gname, *local);
                }
                return;
            }
        }
        match saved {
            Some((gname, local)) => {
                self.add_global(&gname, Ty::Ptr, Op::Null, local);
                let gp = self.val(Ty::Ptr, Rv::GlobalAddr(gname));
                self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, gp.clone())));
                let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(p), Op::Null));
                self.push_block();
                self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
                self.emit(Stmt::Store(Ty::Ptr, gp, Op::Var(p)));
                self.init_struct(Op::Var(p), k);
                self.init_value(s, Op::Var(p), k);
                let then_body = self.pop_block();
                self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
            }
            None => {
                self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
                if self.unit.kind != UnitKind::Program {
                    self.frees.push(p);
                    if self.has_alloc_comps(k, 0) {
                        let d = Desc { name: s.name.clone(), base: BaseTy::Derived(k), addr: p, lb: Vec::new(), ext: Vec::new() };
                        self.comp_frees.push((d, k));
                    }
                }
                self.init_struct(Op::Var(p), k);
                self.init_value(s, Op::Var(p), k);
            }
        }
    }

    /// Copies a derived-type scalar's initial value (or a parameter's value) into it.
    fn init_value(&mut self, s: &gpuf_frontend::sema::Symbol, p: Op, k: u16) {
        let Some(init) = &s.init else { return };
        if !matches!(init.ty, ast::Ty::Scalar(BaseTy::Derived(_))) {
            self.not_yet(format!("this initial value of `{}`", s.name), init.span);
            return;
        }
        let mark = self.str_temps.len();
        let size = Op::I64(self.type_size(k));
        let src = self.expr(init);
        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![p, size.clone(), src, size]));
        self.free_str_temps(mark);
    }

    /// The x86-64 System V classes of a structure of type `k` returned by value: one
    /// letter per eightbyte (`l` INTEGER, `d` SSE), or `None` when it is returned in
    /// memory (more than 16 bytes, or empty).
    fn abi_class(&self, k: u16) -> Option<String> {
        fn fields(g: &G<'_>, k: u16, base: i64, out: &mut Vec<(i64, i64, bool)>, depth: u32) {
            let Some(t) = g.type_info(k) else { return };
            if depth > 64 {
                return;
            }
            for c in &t.comps {
                let (es, _) = gpuf_frontend::sema::base_layout(c.base, c.char_len, g.types);
                for i in 0..c.elems() {
                    let off = base + c.offset + i * es;
                    match c.base {
                        BaseTy::Derived(j) => fields(g, j, off, out, depth + 1),
                        BaseTy::Real(_) => out.push((off, es, true)),
                        _ => out.push((off, es, false)),
                    }
                }
            }
        }
        let size = self.type_size(k);
        if size <= 0 || size > 16 {
            return None;
        }
        let mut fs = Vec::new();
        fields(self, k, 0, &mut fs, 0);
        let mut cls = String::new();
        for e in 0..(size + 7) / 8 {
            let (lo, hi) = (8 * e, 8 * e + 8);
            let overlapping: Vec<bool> = fs.iter().filter(|(o, n, _)| *o < hi && o + n > lo).map(|f| f.2).collect();
            cls.push(if !overlapping.is_empty() && overlapping.iter().all(|s| *s) { 'd' } else { 'l' });
        }
        Some(cls)
    }

    /// A function's derived-type result: in memory, returned as gfortran does (see
    /// `codegen/src/gen/aggret.rs`): registers up to 16 bytes, else a hidden first argument.
    pub(super) fn declare_derived_result(&mut self, s: &gpuf_frontend::sema::Symbol, k: u16) {
        match self.abi_class(k) {
            None => {
                let h = self.f.new_var(format!("{}.sret", s.name), Ty::Ptr);
                self.f.params.insert(0, h);
                self.f.result = Some(h);
                self.homes.insert(s.name.clone(), Home::Mem(h, BaseTy::Derived(k)));
                self.init_struct(Op::Var(h), k);
            }
            Some(cls) => {
                let r = self.f.new_var(format!("gpuf.aggret.{cls}"), Ty::Ptr);
                self.emit(Stmt::Assign(r, Rv::Call("gpuf_alloc".into(), vec![Op::I64(16)], Ty::Ptr)));
                self.f.result = Some(r);
                self.homes.insert(s.name.clone(), Home::Mem(r, BaseTy::Derived(k)));
                self.init_struct(Op::Var(r), k);
            }
        }
    }

    /// A reference to a function returning a derived-type value: the value in a
    /// temporary freed after the statement.
    pub(super) fn call_derived(&mut self, name: &ast::Ident, args: &[Arg], sp: Span, k: u16) -> Op {
        if self.region.is_some() {
            self.not_yet("functions returning a derived type inside compute constructs", sp);
            return Op::Null;
        }
        let size = self.type_size(k).max(16);
        let buf = self.str_temp(Op::I64((size + 7) / 8 * 8));
        if let (Op::Var(v), true) = (&buf, self.has_alloc_comps(k, 0)) {
            self.temp_comps.push((*v, k));
        }
        let Some((link, ops)) = self.call_args(name, args, sp) else { return buf };
        let mut all = vec![buf.clone()];
        all.extend(ops);
        match self.abi_class(k) {
            None => {
                self.val(Ty::Ptr, Rv::Call(link, all, Ty::Ptr));
            }
            Some(cls) => self.emit(Stmt::Call(format!("gpuf.aggret.{cls}.{link}"), all)),
        }
        buf
    }

    /// A rank-0 descriptor of a derived-type scalar (for gang-private copies).
    pub(super) fn struct_desc(&mut self, name: &str, k: u16) -> Desc {
        let addr = self.f.new_var(format!("{name}.addr"), Ty::Ptr);
        Desc { name: name.to_string(), base: BaseTy::Derived(k), addr, lb: Vec::new(), ext: Vec::new() }
    }

    /// The elements of an `intent(out)` array dummy of derived type `k` on entry: their
    /// allocatable components deallocated, then their default values.
    pub(super) fn reset_out_elems(&mut self, d: &Desc, k: u16) {
        if self.has_alloc_comps(k, 0) {
            let size = self.type_size(k);
            self.each_desc_elem(d, size, &mut |g, x| g.free_alloc_comps(x, k));
        }
        self.init_array_elems(d, k);
    }

    /// Default-initialises every element of an array of derived type `k`.
    pub(super) fn init_array_elems(&mut self, d: &Desc, k: u16) {
        if !self.needs_init(k) {
            return;
        }
        let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
        let d2 = d.clone();
        self.scalarise(&shape, &mut |g, idx| {
            let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
            let a = g.elem_addr(&d2, &subs);
            g.init_struct(a, k);
        });
    }

    fn needs_init(&self, k: u16) -> bool {
        self.type_info(k).is_some_and(|t| {
            t.comps.iter().any(|c| {
                c.alloc
                    || c.pointer
                    || c.init.is_some()
                    || c.base == BaseTy::Character
                    || matches!(c.base, BaseTy::Derived(j) if j != k && self.needs_init(j))
            })
        })
    }

    /// Stores the default values of type `k`'s components at `addr` (character components
    /// without one are blank).
    pub(super) fn init_struct(&mut self, addr: Op, k: u16) {
        let Some(ti) = self.type_info(k) else { return };
        for c in &ti.comps {
            let ca = self.val(Ty::Ptr, Rv::PtrAdd(addr.clone(), Op::I64(c.offset)));
            if c.alloc || c.pointer {
                // Not allocated; disassociated.
                self.emit(Stmt::Store(Ty::Ptr, ca, Op::Null));
                continue;
            }
            match c.base {
                BaseTy::Derived(j) if j != k => {
                    if c.dims.is_empty() {
                        self.init_struct(ca, j);
                    } else if self.needs_init(j) {
                        let size = self.type_size(j);
                        self.each_elem(&ca, c, size, &mut |g, a| g.init_struct(a, j));
                    }
                }
                BaseTy::Character => {
                    let (src, sl) = match &c.init {
                        Some(e) => self.str_expr(e),
                        None => (Op::Null, Op::I64(0)),
                    };
                    self.emit(Stmt::Call("gpuf_str_copy".into(), vec![ca, Op::I64(c.char_len), src, sl]));
                }
                BaseTy::Complex(_) => {
                    if let Some(init) = &c.init {
                        self.cstore_comp(&ca, c, init);
                    }
                }
                _ if c.init.as_ref().is_some_and(|e| e.ty.rank() > 0) => {
                    if let Some(init) = &c.init {
                        self.init_array_comp(ca, c, init);
                    }
                }
                _ => {
                    let Some(init) = &c.init else { continue };
                    let (b, t) = (c.base, ir_ty(c.base));
                    let v = self.expr(init);
                    let v = self.conv(v, t);
                    let size = mem_ty(b).size();
                    self.each_elem(&ca, c, size, &mut |g, a| g.store_as(b, a, v.clone()));
                }
            }
        }
    }

    /// An array component at `ca` set from an array value.
    fn init_array_comp(&mut self, ca: Op, c: &CompInfo, init: &Expr) {
        let (b, t) = (c.base, ir_ty(c.base));
        let mark = self.materialize(init);
        let d = self.comp_desc(ca, c);
        let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
        self.scalarise(&shape, &mut |g, idx| {
            let x = g.expr_at(init, idx);
            let x = g.conv(x, t);
            let subs: Vec<Op> = d.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
            let a = g.elem_addr(&d, &subs);
            g.store_as(b, a, x);
        });
        self.free_mats(mark);
    }

    /// Calls `f` with the address of every element of component `c` at `ca`.
    pub(super) fn each_elem(&mut self, ca: &Op, c: &CompInfo, size: i64, f: &mut dyn FnMut(&mut Self, Op)) {
        if c.dims.is_empty() {
            f(self, ca.clone());
            return;
        }
        let n = c.elems();
        let i = self.tmp(Ty::I64);
        self.push_block();
        let off = self.bin(Ty::I64, BinOp::Mul, Op::Var(i), Op::I64(size));
        let a = self.val(Ty::Ptr, Rv::PtrAdd(ca.clone(), off));
        f(self, a);
        let body = self.pop_block();
        let id = self.f.new_loop();
        self.emit(Stmt::Loop { id, var: i, lo: Op::I64(0), hi: Op::I64(n - 1), step: Op::I64(1), body, part: None });
    }

    /// The component `name` of the derived-type scalar `base` (of its element `idx` when
    /// `base` is an array): its address and definition.
    pub(super) fn comp_addr(&mut self, base: &Expr, name: &str, idx: &[Op]) -> Option<(Op, CompInfo)> {
        let (ast::Ty::Scalar(BaseTy::Derived(k)) | ast::Ty::Array(BaseTy::Derived(k), _)) = base.ty else {
            self.not_yet("this component reference", base.span);
            return None;
        };
        let c = self.type_info(k)?.comps.iter().find(|c| c.name == name)?.clone();
        let b = if base.ty.rank() > 0 { self.expr_at(base, idx) } else { self.expr(base) };
        let a = self.val(Ty::Ptr, Rv::PtrAdd(b, Op::I64(c.offset)));
        Some((a, c))
    }

    /// A descriptor of an array component at `a`.
    pub(super) fn comp_desc(&mut self, a: Op, c: &CompInfo) -> Desc {
        if c.alloc {
            return self.alloc_comp_desc(a, c);
        }
        if c.pointer {
            return self.ptr_comp_desc(a, c);
        }
        let addr = self.f.new_var(format!("{}.addr", c.name), Ty::Ptr);
        self.emit(Stmt::Assign(addr, Rv::Use(a)));
        let mut lb = Vec::new();
        let mut ext = Vec::new();
        for (d, (lo, hi)) in c.dims.iter().enumerate() {
            let l = self.f.new_var(format!("{}.lb{}", c.name, d + 1), Ty::I64);
            let e = self.f.new_var(format!("{}.ext{}", c.name, d + 1), Ty::I64);
            self.emit(Stmt::Assign(l, Rv::Use(Op::I64(*lo))));
            self.emit(Stmt::Assign(e, Rv::Use(Op::I64((hi - lo + 1).max(0)))));
            lb.push(l);
            ext.push(e);
        }
        Desc { name: c.name.clone(), base: c.base, addr, lb, ext }
    }

    /// A descriptor of the allocatable component whose gfortran descriptor is at `a`:
    /// its data address and bounds loaded from there.
    pub(super) fn alloc_comp_desc(&mut self, a: Op, c: &CompInfo) -> Desc {
        let addr = self.f.new_var(format!("{}.addr", c.name), Ty::Ptr);
        let mut lb = Vec::new();
        let mut ext = Vec::new();
        for d in 0..c.dims.len() {
            lb.push(self.f.new_var(format!("{}.lb{}", c.name, d + 1), Ty::I64));
            ext.push(self.f.new_var(format!("{}.ext{}", c.name, d + 1), Ty::I64));
        }
        let d = Desc { name: c.name.clone(), base: c.base, addr, lb, ext };
        self.load_gf_desc(&a, &d);
        self.class_comp_esize(&a, c, &d);
        d
    }

    /// Loads the gfortran descriptor at `a` (of a contiguous array) into the variables of
    /// `d`: data address, lower bounds and extents.
    pub(super) fn load_gf_desc(&mut self, a: &Op, d: &Desc) {
        self.emit(Stmt::Assign(d.addr, Rv::Load(Ty::Ptr, a.clone())));
        for (k, (l, e)) in d.lb.iter().zip(&d.ext).enumerate() {
            let w = 40 + 24 * k as i64;
            let pl = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(w + 8)));
            self.emit(Stmt::Assign(*l, Rv::Load(Ty::I64, pl)));
            let pu = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(w + 16)));
            let ub = self.val(Ty::I64, Rv::Load(Ty::I64, pu));
            let n = self.bin(Ty::I64, BinOp::Sub, ub, Op::Var(*l));
            let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
            self.emit(Stmt::Assign(*e, Rv::Binary(BinOp::Max, n, Op::I64(0))));
        }
    }

    /// An allocatable array dummy: the caller passes the address of its gfortran
    /// descriptor. An `intent(out)` one is deallocated on entry (with the allocatable
    /// components of its elements).
    pub(super) fn declare_alloc_dummy(&mut self, s: &gpuf_frontend::sema::Symbol, pv: VarId) {
        let d = self.new_desc(s);
        self.load_gf_desc(&Op::Var(pv), &d);
        self.dummy_descs.push((pv, d.clone()));
        if s.intent == Some(ast::Intent::Out) {
            if let BaseTy::Derived(k) = s.base {
                if self.has_alloc_comps(k, 0) {
                    let size = self.elem_size(s.base);
                    self.each_desc_elem(&d, size, &mut |g, x| g.free_alloc_comps(x, k));
                }
            }
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(d.addr)]));
            self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
            self.store_alloc_comp_desc(&Op::Var(pv), &d);
        }
    }

    /// Writes the descriptor `d` (contiguous, column-major) of the allocatable component
    /// at `a` in gfortran's layout.
    pub(super) fn store_alloc_comp_desc(&mut self, a: &Op, d: &Desc) {
        self.emit(Stmt::Store(Ty::Ptr, a.clone(), Op::Var(d.addr)));
        let size = self.desc_esize(d);
        let mut offset = Op::I64(0);
        let mut stride = Op::I64(1);
        for (k, (lb, ext)) in d.lb.clone().into_iter().zip(d.ext.clone()).enumerate() {
            let t = self.bin(Ty::I64, BinOp::Mul, Op::Var(lb), stride.clone());
            offset = self.bin(Ty::I64, BinOp::Sub, offset, t);
            let ub = self.bin(Ty::I64, BinOp::Add, Op::Var(lb), Op::Var(ext));
            let ub = self.bin(Ty::I64, BinOp::Sub, ub, Op::I64(1));
            let w = 40 + 24 * k as i64;
            for (j, v) in [stride.clone(), Op::Var(lb), ub].into_iter().enumerate() {
                let p = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(w + 8 * j as i64)));
                self.emit(Stmt::Store(Ty::I64, p, v));
            }
            stride = self.bin(Ty::I64, BinOp::Mul, stride, Op::Var(ext));
        }
        let at = |g: &mut Self, off: i64| g.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(off)));
        let p = at(self, 8);
        self.emit(Stmt::Store(Ty::I64, p, offset));
        let p = at(self, 16);
        self.emit(Stmt::Store(Ty::I64, p, size.clone()));
        let p = at(self, 24);
        let code = super::assumed::type_code(d.base);
        self.emit(Stmt::Store(Ty::I64, p, Op::I64(((d.lb.len() as i64) << 32) | (code << 40))));
        let p = at(self, 32);
        self.emit(Stmt::Store(Ty::I64, p, size.clone()));
    }

    /// The allocatable component named by `e` (`x%c`, `xs(i)%c`): the address of its
    /// descriptor and its definition.
    pub(super) fn alloc_comp_ref(&mut self, e: &Expr) -> Option<(Op, CompInfo)> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        if cr.base.ty.rank() > 0 || !cr.subs.is_empty() {
            return None;
        }
        let (a, c) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
        c.alloc.then_some((a, c))
    }

    /// `allocate(x%c(n, m), ...)`.
    pub(super) fn allocate_comps(&mut self, items: &[(Expr, Vec<DimSpec>)], sp: Span) {
        if self.region.is_some() {
            self.not_yet("`allocate` inside a compute construct", sp);
            return;
        }
        for (e, dims) in items {
            if self.allocate_ptr_comp(e) || self.allocate_ptr_array_comp(e, dims) {
                continue;
            }
            if self.allocate_class_comp(e, None, None, false) || self.allocate_class_comp_array(e, dims, None, None, false) {
                continue;
            }
            let Some((a, c)) = self.alloc_comp_ref(e) else {
                self.not_yet("`allocate` of this component", e.span);
                continue;
            };
            if c.dims.is_empty() {
                self.allocate_scalar_comp(&a, &c, true);
                continue;
            }
            let d = self.alloc_comp_desc(a.clone(), &c);
            self.set_shape(&d, dims, e.span);
            let bytes = self.desc_bytes(&d);
            let n = c.name.clone();
            let len = n.len() as i64;
            let p =
                self.val(Ty::Ptr, Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(d.addr), bytes, Op::Str(n), Op::I64(len)], Ty::Ptr));
            self.emit(Stmt::Assign(d.addr, Rv::Use(p)));
            self.store_alloc_comp_desc(&a, &d);
            if let BaseTy::Derived(j) = c.base {
                self.init_array_elems(&d, j);
            }
        }
    }

    /// `allocate(x%s)` of the allocatable scalar component whose pointer is at `a`: its
    /// data (default-initialised for a derived type). `checked`: allocating an allocated
    /// one is an error; otherwise (allocation on assignment) only an unallocated one is
    /// allocated.
    fn allocate_scalar_comp(&mut self, a: &Op, c: &CompInfo, checked: bool) {
        let old = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a.clone()));
        let size = Op::I64(self.elem_size(c.base).max(1));
        if checked {
            let n = c.name.clone();
            let len = n.len() as i64;
            let p = self.val(Ty::Ptr, Rv::Call("gpuf_allocate_array".into(), vec![old, size, Op::Str(n), Op::I64(len)], Ty::Ptr));
            self.emit(Stmt::Store(Ty::Ptr, a.clone(), p.clone()));
            if let BaseTy::Derived(j) = c.base {
                self.init_struct(p, j);
            }
            return;
        }
        let none = self.val(Ty::I32, Rv::Binary(BinOp::Eq, old, Op::Null));
        self.push_block();
        let p = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr));
        self.emit(Stmt::Store(Ty::Ptr, a.clone(), p.clone()));
        if let BaseTy::Derived(j) = c.base {
            self.init_struct(p, j);
        }
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: none, then_body, else_body: vec![] });
    }

    /// Before `x%s = v`: an unallocated allocatable scalar component `x%s` is allocated.
    pub(super) fn alloc_scalar_comp_on_assign(&mut self, lhs: &Expr) {
        if !matches!(&lhs.kind, ExprKind::Component(cr) if cr.subs.is_empty() && cr.base.ty.rank() == 0) {
            return;
        }
        let ExprKind::Component(cr) = &lhs.kind else { return };
        let ast::Ty::Scalar(BaseTy::Derived(k)) = cr.base.ty else { return };
        if !self
            .type_info(k)
            .is_some_and(|t| t.comps.iter().any(|c| c.name == cr.name.name && c.alloc && c.dims.is_empty() && c.len_at.is_none()))
        {
            return;
        }
        let Some((a, c)) = self.alloc_comp_ref(lhs) else { return };
        self.allocate_scalar_comp(&a, &c, false);
    }

    /// `deallocate(x%c, ...)`.
    pub(super) fn deallocate_comps(&mut self, items: &[Expr], sp: Span) {
        if self.region.is_some() {
            self.not_yet("`deallocate` inside a compute construct", sp);
            return;
        }
        for e in items {
            if self.deallocate_ptr_comp(e) || self.deallocate_ptr_array_comp(e) {
                continue;
            }
            let Some((a, c)) = self.alloc_comp_ref(e) else {
                self.not_yet("`deallocate` of this component", e.span);
                continue;
            };
            if c.class && !c.dims.is_empty() {
                self.free_class_comp_array(&a, &c, true);
                continue;
            }
            if let (true, BaseTy::Derived(t)) = (c.class, c.base) {
                // A polymorphic scalar: finalized and its components freed by its dynamic
                // type (then the run time's error if it is not allocated).
                let p = self.f.new_var(format!("{}.data", c.name), Ty::Ptr);
                self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, a.clone())));
                let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(p), Op::Null));
                self.push_block();
                self.finalize_dynamic(Op::Var(p), a.clone(), t);
                if self.family(t).iter().any(|&k| self.has_alloc_comps(k, 0)) {
                    let vptr = self.load_vptr(a.clone());
                    self.on_dynamic_type(vptr, t, &mut |g, k| g.free_alloc_comps(Op::Var(p), k), &mut |_| {});
                }
                let then_body = self.pop_block();
                self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
            } else {
                self.free_elem_comps(&a, &c);
            }
            let p = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a.clone()));
            let n = c.name.clone();
            let nl = n.len() as i64;
            self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![p, Op::Str(n), Op::I64(nl)]));
            self.emit(Stmt::Store(Ty::Ptr, a, Op::Null));
        }
    }

    /// `allocated(x%c)`: whether the component's data address is not null.
    pub(super) fn comp_allocated(&mut self, e: &Expr) -> Option<Op> {
        let (a, _) = self.alloc_comp_ref(e)?;
        let p = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a));
        Some(self.val(Ty::I32, Rv::Binary(BinOp::Ne, p, Op::Null)))
    }

    /// The address of the descriptor of a whole allocatable component `x%c` (gfortran's
    /// own descriptor, passed as it is to an assumed-shape dummy).
    pub(super) fn comp_desc_addr(&mut self, e: &Expr) -> Option<Op> {
        self.alloc_comp_ref(e).map(|(a, _)| a)
    }

    /// Does type `k` (or a component of it) have allocatable components?
    pub(super) fn has_alloc_comps(&self, k: u16, depth: u32) -> bool {
        depth < 32
            && self.type_info(k).is_some_and(|t| {
                t.comps
                    .iter()
                    .any(|c| c.alloc || (!c.pointer && matches!(c.base, BaseTy::Derived(j) if self.has_alloc_comps(j, depth + 1))))
            })
    }

    /// Frees the allocated allocatable components of the structure of type `k` at `a`
    /// (nested ones first) and leaves them unallocated.
    pub(super) fn free_alloc_comps(&mut self, a: Op, k: u16) {
        let Some(ti) = self.type_info(k) else { return };
        for c in &ti.comps {
            let ca = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(c.offset)));
            if c.alloc && c.class && !c.dims.is_empty() {
                self.free_class_comp_array(&ca, c, false);
            } else if let (true, true, BaseTy::Derived(t), true) = (c.alloc, c.class, c.base, self.class_comp_depth < MAX_CLASS_COMP_DEPTH)
            {
                // A polymorphic scalar: finalized and freed by its dynamic type.
                let p = self.f.new_var(format!("{}.data", c.name), Ty::Ptr);
                self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, ca.clone())));
                self.class_comp_depth += 1;
                self.free_class_data(p, ca.clone(), t, false);
                self.class_comp_depth -= 1;
                self.emit(Stmt::Store(Ty::Ptr, ca, Op::Null));
            } else if c.alloc {
                self.free_elem_comps(&ca, c);
                let p = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, ca.clone()));
                self.emit(Stmt::Call("gpuf_free".into(), vec![p]));
                self.emit(Stmt::Store(Ty::Ptr, ca, Op::Null));
            } else if let (BaseTy::Derived(j), false) = (c.base, c.pointer) {
                if self.has_alloc_comps(j, 0) {
                    let size = self.type_size(j);
                    self.each_elem(&ca, c, size, &mut |g, x| g.free_alloc_comps(x, j));
                }
            }
        }
    }

    /// Before the allocatable component at `ca` of a derived type is freed: the
    /// allocatable components of its elements are freed.
    pub(super) fn free_elem_comps(&mut self, ca: &Op, c: &CompInfo) {
        if let BaseTy::Derived(j) = c.base {
            if self.has_alloc_comps(j, 0) {
                self.each_alloc_elem(ca, c, &mut |g, x| g.free_alloc_comps(x, j));
            }
        }
    }

    /// Calls `f` with the address of every element of the allocatable component whose
    /// descriptor is at `ca` (none when it is not allocated).
    fn each_alloc_elem(&mut self, ca: &Op, c: &CompInfo, f: &mut dyn FnMut(&mut Self, Op)) {
        if c.dims.is_empty() {
            let p = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, ca.clone()));
            let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, p.clone(), Op::Null));
            self.push_block();
            f(self, p);
            let then_body = self.pop_block();
            self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
            return;
        }
        let d = self.alloc_comp_desc(ca.clone(), c);
        let size = self.elem_size(c.base);
        self.each_desc_elem(&d, size, f);
    }

    /// Calls `f` with the address of every element of the contiguous array `d` (none when
    /// its data address is null).
    pub(super) fn each_desc_elem(&mut self, d: &Desc, size: i64, f: &mut dyn FnMut(&mut Self, Op)) {
        let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(d.addr), Op::Null));
        self.push_block();
        let mut n = Op::I64(1);
        for e in d.ext.clone() {
            n = self.bin(Ty::I64, BinOp::Mul, n, Op::Var(e));
        }
        let hi = self.bin(Ty::I64, BinOp::Sub, n, Op::I64(1));
        let i = self.tmp(Ty::I64);
        self.push_block();
        let off = self.bin(Ty::I64, BinOp::Mul, Op::Var(i), Op::I64(size));
        let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(d.addr), off));
        f(self, a);
        let body = self.pop_block();
        let id = self.f.new_loop();
        self.emit(Stmt::Loop { id, var: i, lo: Op::I64(0), hi, step: Op::I64(1), body, part: None });
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
    }

    /// After a byte copy of a structure of type `k` to `a`: the allocatable components
    /// get copies of their data (Fortran's intrinsic assignment copies them deeply).
    pub(super) fn dup_alloc_comps(&mut self, a: Op, k: u16) {
        let Some(ti) = self.type_info(k) else { return };
        for c in &ti.comps {
            let ca = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(c.offset)));
            if c.alloc && c.class && !c.dims.is_empty() {
                self.dup_class_comp_array(&ca, c);
            } else if c.alloc {
                let (data, bytes) = if let Some(la) = self.comp_len_addr(&ca, c) {
                    let data = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, ca.clone()));
                    (data, self.val(Ty::I64, Rv::Load(Ty::I64, la)))
                } else if c.class && c.dims.is_empty() {
                    // A polymorphic one: its dynamic type's `_size` (null stays null).
                    let data = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, ca.clone()));
                    let bytes = self.tmp(Ty::I64);
                    self.emit(Stmt::Assign(bytes, Rv::Use(Op::I64(0))));
                    let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, data.clone(), Op::Null));
                    self.push_block();
                    let va = self.val(Ty::Ptr, Rv::PtrAdd(ca.clone(), Op::I64(8)));
                    let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, va));
                    let sa = self.val(Ty::Ptr, Rv::PtrAdd(vptr, Op::I64(8)));
                    self.emit(Stmt::Assign(bytes, Rv::Load(Ty::I64, sa)));
                    if self.is_star(c.base) {
                        // A `class(*)` character: `_size` times `_len`.
                        let la = self.val(Ty::Ptr, Rv::PtrAdd(ca.clone(), Op::I64(16)));
                        let n = self.val(Ty::I64, Rv::Load(Ty::I64, la));
                        let n = self.bin(Ty::I64, BinOp::Max, n, Op::I64(1));
                        let b = self.bin(Ty::I64, BinOp::Mul, Op::Var(bytes), n);
                        self.emit(Stmt::Assign(bytes, Rv::Use(b)));
                    }
                    let then_body = self.pop_block();
                    self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
                    (data, Op::Var(bytes))
                } else if c.dims.is_empty() {
                    (self.val(Ty::Ptr, Rv::Load(Ty::Ptr, ca.clone())), Op::I64(self.elem_size(c.base)))
                } else {
                    let d = self.alloc_comp_desc(ca.clone(), c);
                    let bytes = self.desc_bytes(&d);
                    (Op::Var(d.addr), bytes)
                };
                let p = self.val(Ty::Ptr, Rv::Call("gpuf_alloc_copy".into(), vec![data, bytes], Ty::Ptr));
                self.emit(Stmt::Store(Ty::Ptr, ca.clone(), p));
                if let (true, BaseTy::Derived(j)) = (c.class && c.dims.is_empty(), c.base) {
                    // A polymorphic scalar: its dynamic type's allocatable components.
                    if self.class_comp_depth < MAX_CLASS_COMP_DEPTH && self.family(j).iter().any(|&t| self.has_alloc_comps(t, 0)) {
                        let vptr = self.val(Ty::Ptr, Rv::PtrAdd(ca.clone(), Op::I64(8)));
                        let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, vptr));
                        self.class_comp_depth += 1;
                        self.each_alloc_elem(&ca, c, &mut |g, x| {
                            g.on_dynamic_type(vptr.clone(), j, &mut |g, t| g.dup_alloc_comps(x.clone(), t), &mut |_| {})
                        });
                        self.class_comp_depth -= 1;
                    }
                } else if let BaseTy::Derived(j) = c.base {
                    if self.has_alloc_comps(j, 0) {
                        // The elements' own allocatable components are copied too.
                        self.each_alloc_elem(&ca, c, &mut |g, x| g.dup_alloc_comps(x, j));
                    }
                }
            } else if let (BaseTy::Derived(j), false) = (c.base, c.pointer) {
                if self.has_alloc_comps(j, 0) {
                    let size = self.type_size(j);
                    self.each_elem(&ca, c, size, &mut |g, x| g.dup_alloc_comps(x, j));
                }
            }
        }
    }

    /// The address of a component reference (of element `idx` for an array-valued one).
    pub(super) fn component_addr(&mut self, e: &Expr, idx: &[Op]) -> Op {
        let ExprKind::Component(cr) = &e.kind else { return Op::Null };
        let (base, name, subs) = (&cr.base, &cr.name, &cr.subs);
        if let Some(pt) = base.ty.base().and_then(complex::part_ty) {
            // A complex part designator `z%re`, `z%im` (of element `idx` of an array).
            let Some(a) = self.caddr(base, idx) else { return Op::Null };
            let off = if name.name == "im" { pt.size() } else { 0 };
            return self.val(Ty::Ptr, Rv::PtrAdd(a, Op::I64(off)));
        }
        let Some((a, c)) = self.comp_addr(base, &name.name, idx) else { return Op::Null };
        if (c.alloc || c.pointer) && self.region.is_some() {
            self.note_region_member(e);
        }
        if c.pointer && c.dims.is_empty() {
            // A scalar pointer component: its target's address.
            return self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a));
        }
        if c.dims.is_empty() {
            if c.alloc {
                // An allocatable scalar: the data its pointer points to.
                return self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a));
            }
            return a;
        }
        // The positions belong to the base when it is the array part.
        let idx = if base.ty.rank() > 0 { &[] } else { idx };
        let d = self.comp_desc(a, &c);
        let s = if subs.is_empty() {
            d.lb.clone().into_iter().zip(idx).map(|(lb, i)| self.bin(Ty::I64, BinOp::Add, Op::Var(lb), i.clone())).collect()
        } else {
            self.subscripts(&d, subs, idx)
        };
        if s.len() < d.lb.len() {
            // A whole array component where one element is wanted: its first element.
            return Op::Var(d.addr);
        }
        self.elem_addr(&d, &s)
    }

    /// Inside a compute construct, an allocatable or pointer component referenced through
    /// a path of scalar structures (`f%v(i)`, `a%c%d(i)`, `c%t(1)%f%d(j)` with constant
    /// subscripts; each allocatable or pointer component on the path is recorded too) is
    /// recorded for an implicit map and attach (see `RegionCtx::members`). Other paths
    /// (`t(j)%v(i)`) read what the structures' device copies hold: their members must be
    /// mapped by data clauses.
    pub(super) fn note_region_member(&mut self, e: &Expr) {
        let ExprKind::Component(cr) = &e.kind else { return };
        // Constant subscripts name the same element on the host as in the kernel.
        fn constant(subs: &[Arg]) -> bool {
            subs.iter().all(|a| matches!(a, Arg::Index(x) if matches!(x.kind, ExprKind::Int(..))))
        }
        fn simple(b: &Expr) -> bool {
            match &b.kind {
                ExprKind::Name(_) => b.ty.rank() == 0,
                ExprKind::Component(c) => constant(&c.subs) && b.ty.rank() == 0 && simple(&c.base),
                _ => false,
            }
        }
        if !simple(&cr.base) {
            return;
        }
        let whole = Expr {
            kind: ExprKind::Component(Box::new(ast::CompRef { base: cr.base.clone(), name: cr.name.clone(), subs: Vec::new() })),
            span: Span { lo: e.span.lo, hi: cr.name.span.hi },
            ty: e.ty,
        };
        if let Some(r) = self.region.as_mut() {
            r.members.push(whole);
        }
    }

    /// The value of a component reference (an address for derived-type components).
    pub(super) fn component_value(&mut self, e: &Expr, idx: &[Op]) -> Op {
        let a = self.component_addr(e, idx);
        match e.ty.base() {
            Some(BaseTy::Derived(_) | BaseTy::Character) | None => a,
            Some(b) => self.load_as(b, a),
        }
    }

    /// The address of the hidden length of the deferred-length character component `c`
    /// whose data pointer is at `ca`.
    pub(super) fn comp_len_addr(&mut self, ca: &Op, c: &CompInfo) -> Option<Op> {
        let at = c.len_at?;
        Some(self.val(Ty::Ptr, Rv::PtrAdd(ca.clone(), Op::I64(at - c.offset))))
    }

    /// The data pointer and length slots of the deferred-length character component `e`
    /// (`x%s`, no substring).
    pub(super) fn alloc_chars_comp(&mut self, e: &Expr) -> Option<(Op, Op)> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        if !cr.subs.is_empty() || cr.base.ty.rank() > 0 {
            return None;
        }
        let k = match cr.base.ty {
            ast::Ty::Scalar(BaseTy::Derived(k)) => k,
            _ => return None,
        };
        if !self.type_info(k).is_some_and(|t| t.comps.iter().any(|c| c.name == cr.name.name && c.len_at.is_some())) {
            return None;
        }
        let (a, c) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
        let la = self.comp_len_addr(&a, &c)?;
        Some((a, la))
    }

    /// A character component: its address and length.
    pub(super) fn component_str(&mut self, e: &Expr) -> (Op, Op) {
        let ExprKind::Component(cr) = &e.kind else { return (Op::Null, Op::I64(0)) };
        let (base, name) = (&cr.base, &cr.name);
        let Some((a, c)) = self.comp_addr(base, &name.name, &[]) else { return (Op::Null, Op::I64(0)) };
        // A deferred-length one: its data and its length, loaded.
        let (a, clen) = match self.comp_len_addr(&a, &c) {
            Some(la) => {
                let p = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a));
                (p, self.val(Ty::I64, Rv::Load(Ty::I64, la)))
            }
            None => (a, Op::I64(c.char_len)),
        };
        let Some(Arg::Range { lo, hi, .. }) = cr.subs.first() else { return (a, clen) };
        // A substring `x%s(lo:hi)`.
        let lo = self.int_arg(lo.as_ref(), 1);
        let hi = match hi {
            Some(x) => {
                let v = self.expr(x);
                self.conv(v, Ty::I64)
            }
            None => clen,
        };
        let off = self.bin(Ty::I64, BinOp::Sub, lo.clone(), Op::I64(1));
        let a = self.val(Ty::Ptr, Rv::PtrAdd(a, off));
        let n = self.bin(Ty::I64, BinOp::Sub, hi, lo);
        let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
        let n = self.bin(Ty::I64, BinOp::Max, n, Op::I64(0));
        (a, n)
    }

    /// The extents of an array-valued component reference.
    pub(super) fn component_shape(&mut self, e: &Expr) -> Vec<Op> {
        let ExprKind::Component(cr) = &e.kind else { return Vec::new() };
        let (base, name, subs) = (&cr.base, &cr.name, &cr.subs);
        let Some(k) = (match base.ty {
            ast::Ty::Scalar(BaseTy::Derived(k)) => Some(k),
            ast::Ty::Array(BaseTy::Derived(_) | BaseTy::Complex(_), _) => return self.shape(base),
            _ => None,
        }) else {
            return Vec::new();
        };
        let Some(c) = self.type_info(k).and_then(|t| t.comps.iter().find(|c| c.name == name.name)).cloned() else {
            return Vec::new();
        };
        if c.alloc || c.pointer {
            if self.region.is_some() {
                let what = if c.alloc { "allocatable components" } else { "array pointer components" };
                self.not_yet(format!("{what} inside compute constructs"), e.span);
                return Vec::new();
            }
            let Some((a, _)) = self.comp_addr(base, &name.name, &[]) else { return Vec::new() };
            let d = self.comp_desc(a, &c);
            if subs.is_empty() {
                return d.ext.iter().map(|x| Op::Var(*x)).collect();
            }
            return self.section_shape(&d, subs);
        }
        if subs.is_empty() {
            return c.dims.iter().map(|(lo, hi)| Op::I64((hi - lo + 1).max(0))).collect();
        }
        let d = self.comp_desc(Op::Null, &c);
        self.section_shape(&d, subs)
    }

    /// The extents of the section `subs` of the array `d`.
    fn section_shape(&mut self, d: &Desc, subs: &[Arg]) -> Vec<Op> {
        let mut out = Vec::new();
        for (dim, s) in subs.iter().enumerate() {
            if let Arg::Range { lo, hi, stride, .. } = s {
                let l = self.range_lo(d, dim, lo.as_ref());
                let h = self.range_hi(d, dim, hi.as_ref());
                let st = self.int_arg(stride.as_ref(), 1);
                let n = self.bin(Ty::I64, BinOp::Sub, h, l);
                let n = self.bin(Ty::I64, BinOp::Add, n, st.clone());
                let n = self.bin(Ty::I64, BinOp::Div, n, st);
                out.push(self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0))));
            }
        }
        out
    }

    /// The lower bounds of a whole array component (`x%v`); `None` for anything else.
    pub(super) fn component_lbounds(&mut self, e: &Expr) -> Option<Vec<Op>> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        let ast::Ty::Scalar(BaseTy::Derived(k)) = cr.base.ty else { return None };
        if !cr.subs.is_empty() {
            return None;
        }
        let c = self.type_info(k)?.comps.iter().find(|c| c.name == cr.name.name)?;
        if c.alloc || c.pointer {
            let (a, c) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
            let d = self.comp_desc(a, &c);
            return Some(d.lb.iter().map(|x| Op::Var(*x)).collect());
        }
        Some(c.dims.iter().map(|(lo, hi)| Op::I64(if hi < lo { 1 } else { *lo })).collect())
    }

    /// Stores `v` to (element `idx` of) a component reference.
    pub(super) fn component_store(&mut self, lhs: &Expr, idx: &[Op], v: Op) {
        let a = self.component_addr(lhs, idx);
        let t = self.expr_ty(lhs);
        let v = self.conv(v, t);
        match lhs.ty.base() {
            Some(b) if b != BaseTy::Character && !matches!(b, BaseTy::Derived(_)) => self.store_as(b, a, v),
            _ => self.emit(Stmt::Store(t, a, v)),
        }
    }

    /// A structure constructor: a temporary (freed after the statement) filled with the
    /// values, or the components' defaults.
    pub(super) fn struct_ctor(&mut self, k: u16, args: &[Option<Expr>], sp: Span) -> Op {
        let size = self.type_size(k);
        if self.region.is_some() {
            self.not_yet("structure constructors inside compute constructs", sp);
            return Op::Null;
        }
        let t = self.str_temp(Op::I64(size));
        if let (Op::Var(v), true) = (&t, self.has_alloc_comps(k, 0)) {
            self.temp_comps.push((*v, k));
        }
        let Some(ti) = self.type_info(k) else { return t };
        for (c, v) in ti.comps.iter().zip(args) {
            let ca = self.val(Ty::Ptr, Rv::PtrAdd(t.clone(), Op::I64(c.offset)));
            let null = |v: &Expr| match &v.kind {
                ExprKind::Apply { name, args } => name.name == "null" && args.is_empty(),
                ExprKind::Intrinsic { func: Intrinsic::Null, args } => args.is_empty(),
                _ => false,
            };
            let Some(v) = v.as_ref().filter(|v| !null(v)) else {
                // No value, or `null()` for an allocatable or pointer component.
                self.init_comp(&ca, c);
                continue;
            };
            if c.pointer && c.proc_key.is_none() {
                // A data pointer component is associated with the value (its target).
                if c.dims.is_empty() {
                    let t = self.ptr_target_addr(v);
                    self.emit(Stmt::Store(Ty::Ptr, ca, t));
                } else {
                    let d = self.ptr_comp_desc(ca.clone(), c);
                    self.ptr_assign_array(&d, v);
                    self.store_gf_desc(ca, &d);
                }
                continue;
            }
            if c.alloc {
                self.ctor_alloc_comp(&ca, c, v);
                continue;
            }
            match c.base {
                BaseTy::Character => {
                    let (src, sl) = self.str_expr(v);
                    self.emit(Stmt::Call("gpuf_str_copy".into(), vec![ca, Op::I64(c.char_len), src, sl]));
                }
                BaseTy::Derived(j) => {
                    let sz = self.type_size(j);
                    if c.dims.is_empty() {
                        let src = self.expr(v);
                        if self.has_alloc_comps(j, 0) {
                            // A deep copy: the value may be another temporary, freed with
                            // its components.
                            self.copy_struct(ca, src, j);
                        } else {
                            self.emit(Stmt::Call("gpuf_str_copy".into(), vec![ca, Op::I64(sz), src, Op::I64(sz)]));
                        }
                    } else {
                        self.not_yet("arrays of derived type in structure constructors", v.span);
                    }
                }
                BaseTy::Complex(_) => self.cstore_comp(&ca, c, v),
                b => {
                    let ty = ir_ty(b);
                    if c.dims.is_empty() {
                        let x = self.expr(v);
                        let x = self.conv(x, ty);
                        self.store_as(b, ca, x);
                    } else if v.ty.rank() == 0 {
                        let x = self.expr(v);
                        let x = self.conv(x, ty);
                        self.each_elem(&ca, c, mem_ty(b).size(), &mut |g, a| g.store_as(b, a, x.clone()));
                    } else {
                        let mark = self.materialize(v);
                        let d = self.comp_desc(ca, c);
                        let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
                        self.scalarise(&shape, &mut |g, idx| {
                            let x = g.expr_at(v, idx);
                            let x = g.conv(x, ty);
                            let subs: Vec<Op> =
                                d.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                            let a = g.elem_addr(&d, &subs);
                            g.store_as(b, a, x);
                        });
                        self.free_mats(mark);
                    }
                }
            }
        }
        t
    }

    /// The value `v` of the allocatable component `c` at `ca` (unallocated, in a new
    /// structure) in a structure constructor: allocated with `v`'s shape and bounds (a
    /// scalar with its value) and assigned a (deep) copy.
    fn ctor_alloc_comp(&mut self, ca: &Op, c: &CompInfo, v: &Expr) {
        let derived = match c.base {
            BaseTy::Derived(j) => Some(j),
            _ => None,
        };
        if let Some(la) = self.comp_len_addr(ca, c) {
            // A deferred-length character: the value's length.
            let (src, sl) = self.str_expr(v);
            let size = self.bin(Ty::I64, BinOp::Max, sl.clone(), Op::I64(1));
            let p = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr));
            self.emit(Stmt::Call("gpuf_str_copy".into(), vec![p.clone(), sl.clone(), src, sl.clone()]));
            self.emit(Stmt::Store(Ty::Ptr, ca.clone(), p));
            self.emit(Stmt::Store(Ty::I64, la, sl));
            return;
        }
        if c.dims.is_empty() {
            let size = self.elem_size(c.base).max(1);
            let p = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![Op::I64(size)], Ty::Ptr));
            self.emit(Stmt::Store(Ty::Ptr, ca.clone(), p.clone()));
            match derived {
                Some(j) => {
                    let src = self.expr(v);
                    self.copy_struct(p, src, j);
                }
                None if matches!(c.base, BaseTy::Complex(_)) => {
                    let scalar = CompInfo { dims: Vec::new(), alloc: false, ..c.clone() };
                    self.cstore_comp(&p, &scalar, v);
                }
                None => {
                    let ty = ir_ty(c.base);
                    let x = self.expr(v);
                    let x = self.conv(x, ty);
                    self.store_as(c.base, p, x);
                }
            }
            return;
        }
        if usize::from(v.ty.rank()) != c.dims.len() {
            self.not_yet("this value of an allocatable array component in a structure constructor", v.span);
            return;
        }
        let d = self.alloc_comp_desc(ca.clone(), c);
        let mark = self.materialize(v);
        let rsh = self.shape(v);
        let lt = if derived.is_some() { Ty::Ptr } else { ir_ty(c.base) };
        self.realloc_assign(&d, v, &rsh, lt, derived);
        self.free_mats(mark);
        self.store_alloc_comp_desc(ca, &d);
    }

    /// The default value of one component at `ca`.
    fn init_comp(&mut self, ca: &Op, c: &CompInfo) {
        if c.alloc && c.class && !c.dims.is_empty() {
            self.init_class_comp_array(ca, c);
            return;
        }
        if c.alloc || c.pointer {
            // Not allocated; disassociated.
            self.emit(Stmt::Store(Ty::Ptr, ca.clone(), Op::Null));
            return;
        }
        let Some(init) = c.init.clone() else {
            if let BaseTy::Derived(j) = c.base {
                if c.dims.is_empty() {
                    self.init_struct(ca.clone(), j);
                }
            } else if c.base == BaseTy::Character {
                self.emit(Stmt::Call("gpuf_str_copy".into(), vec![ca.clone(), Op::I64(c.char_len), Op::Null, Op::I64(0)]));
            }
            return;
        };
        if c.base == BaseTy::Character {
            let (src, sl) = self.str_expr(&init);
            self.emit(Stmt::Call("gpuf_str_copy".into(), vec![ca.clone(), Op::I64(c.char_len), src, sl]));
            return;
        }
        if matches!(c.base, BaseTy::Complex(_)) {
            self.cstore_comp(ca, c, &init);
            return;
        }
        if init.ty.rank() > 0 {
            self.init_array_comp(ca.clone(), c, &init);
            return;
        }
        let (b, t) = (c.base, ir_ty(c.base));
        let v = self.expr(&init);
        let v = self.conv(v, t);
        self.each_elem(ca, c, mem_ty(b).size(), &mut |g, a| g.store_as(b, a, v.clone()));
    }

    /// `x = y` for derived types: a byte copy (element by element for arrays); inside
    /// compute constructs a copy component by component.
    pub(super) fn assign_derived(&mut self, lhs: &Expr, rhs: &Expr, k: u16) {
        if self.region.is_some() && self.has_chars(k, 0) {
            self.not_yet("assignment of derived-type values with character components inside compute constructs", lhs.span);
            return;
        }
        if lhs.ty.rank() == 0 {
            let src = self.expr(rhs);
            let dst = self.expr(lhs);
            self.copy_struct(dst, src, k);
            return;
        }
        if self.region.is_none() && rhs.ty.rank() > 0 && self.realloc_derived(lhs, rhs) {
            return;
        }
        self.assign_derived_in_place(lhs, rhs, k);
    }

    /// `lhs = rhs` where `lhs` is a whole allocatable array of derived type (a variable
    /// or a component): reallocated to `rhs`'s shape when needed. False (nothing emitted)
    /// for other left-hand sides.
    fn realloc_derived(&mut self, lhs: &Expr, rhs: &Expr) -> bool {
        let name = root_name(lhs).unwrap_or_default();
        let shape = self.shape(lhs);
        let lt = Ty::Ptr;
        if let Some((a, c)) = self.alloc_comp_ref(lhs) {
            if !c.dims.is_empty() {
                let d = self.alloc_comp_desc(a.clone(), &c);
                return self.realloc_or_assign(&d, lhs, rhs, &name, &shape, lt, &mut |g, d| g.store_alloc_comp_desc(&a, d));
            }
        }
        let ExprKind::Name(id) = &lhs.kind else { return false };
        if !self.syms.get(&id.name).is_some_and(|s| s.allocatable) {
            return false;
        }
        let Some(Home::Array(d)) = self.lookup(&id.name) else { return false };
        let n = id.name.clone();
        self.realloc_or_assign(&d, lhs, rhs, &name, &shape, lt, &mut |g, _| g.store_global_desc(&n))
    }

    /// `lhs = rhs` for arrays of derived type of one shape, element by element.
    pub(super) fn assign_derived_in_place(&mut self, lhs: &Expr, rhs: &Expr, k: u16) {
        let shape = self.shape(lhs);
        let root = root_name(lhs).unwrap_or_default();
        if rhs.ty.rank() > 0 && mentions(rhs, &root) {
            if self.region.is_some() {
                self.not_yet("overlapping assignment of arrays of derived type inside compute constructs", lhs.span);
                return;
            }
            // The right-hand side reads the array being assigned: copy through a temporary.
            let sz = self.type_size(k);
            let tmp = self.temp_buf(&shape, sz);
            let sh = shape.clone();
            self.scalarise(&shape, &mut |g, idx| {
                let src = g.expr_at(rhs, idx);
                let t = g.lin_addr(&tmp, idx, &sh, sz);
                g.copy_struct(t, src, k);
            });
            self.scalarise(&shape, &mut |g, idx| {
                let t = g.lin_addr(&tmp, idx, &sh, sz);
                let dst = g.expr_at(lhs, idx);
                g.copy_struct(dst, t, k);
            });
            self.emit(Stmt::Call("gpuf_free".into(), vec![tmp]));
            return;
        }
        self.scalarise(&shape, &mut |g, idx| {
            let src = g.expr_at(rhs, idx);
            let dst = g.expr_at(lhs, idx);
            g.copy_struct(dst, src, k);
        });
    }

    /// Copies a structure of type `k`: the bytes on the host, the components in kernels.
    pub(super) fn copy_struct(&mut self, dst: Op, src: Op, k: u16) {
        if self.region.is_none() {
            let size = Op::I64(self.type_size(k));
            if self.has_alloc_comps(k, 0) {
                // `x = x` changes nothing; otherwise the old components are freed and the
                // new ones copied.
                let same = self.val(Ty::I32, Rv::Binary(BinOp::Ne, dst.clone(), src.clone()));
                self.push_block();
                self.free_alloc_comps(dst.clone(), k);
                self.emit(Stmt::Call("gpuf_str_copy".into(), vec![dst.clone(), size.clone(), src, size]));
                self.dup_alloc_comps(dst, k);
                let body = self.pop_block();
                self.emit(Stmt::If { cond: same, then_body: body, else_body: vec![] });
                return;
            }
            self.emit(Stmt::Call("gpuf_str_copy".into(), vec![dst, size.clone(), src, size]));
            return;
        }
        if self.has_alloc_comps(k, 0) {
            self.not_yet("assignment of derived-type values with allocatable components inside compute constructs", Span::default());
            return;
        }
        let Some(ti) = self.type_info(k) else { return };
        for c in &ti.comps {
            let d = self.val(Ty::Ptr, Rv::PtrAdd(dst.clone(), Op::I64(c.offset)));
            let s = self.val(Ty::Ptr, Rv::PtrAdd(src.clone(), Op::I64(c.offset)));
            let (t, es) = match c.base {
                BaseTy::Derived(j) => (None, self.type_size(j)),
                // The bytes of the component (narrow integers and logicals at their size).
                b => (Some(mem_ty(b)), mem_ty(b).size()),
            };
            let i = self.tmp(Ty::I64);
            self.push_block();
            let off = self.bin(Ty::I64, BinOp::Mul, Op::Var(i), Op::I64(es));
            let de = self.val(Ty::Ptr, Rv::PtrAdd(d, off.clone()));
            let se = self.val(Ty::Ptr, Rv::PtrAdd(s, off));
            match (t, c.base) {
                (Some(t), _) => {
                    let v = self.val(t, Rv::Load(t, se));
                    self.emit(Stmt::Store(t, de, v));
                }
                (None, BaseTy::Derived(j)) => self.copy_struct(de, se, j),
                _ => {}
            }
            let body = self.pop_block();
            if c.dims.is_empty() {
                // One element: the loop body with the index 0.
                self.emit(Stmt::Assign(i, Rv::Use(Op::I64(0))));
                for st in body {
                    self.emit(st);
                }
            } else {
                let id = self.f.new_loop();
                self.emit(Stmt::Loop { id, var: i, lo: Op::I64(0), hi: Op::I64(c.elems() - 1), step: Op::I64(1), body, part: None });
            }
        }
    }

    /// Does type `k` have character components (at any depth)?
    fn has_chars(&self, k: u16, depth: u32) -> bool {
        depth < 64
            && self.type_info(k).is_some_and(|t| {
                t.comps.iter().any(|c| c.base == BaseTy::Character || matches!(c.base, BaseTy::Derived(j) if self.has_chars(j, depth + 1)))
            })
    }

    /// `read` into a derived-type variable at `addr`: its components in order.
    pub(super) fn read_struct(&mut self, addr: Op, k: u16) {
        let Some(ti) = self.type_info(k) else { return };
        for c in ti.comps.iter().filter(|c| !c.alloc) {
            let ca = self.val(Ty::Ptr, Rv::PtrAdd(addr.clone(), Op::I64(c.offset)));
            match c.base {
                BaseTy::Derived(j) => {
                    let sz = self.type_size(j);
                    self.each_elem(&ca, c, sz, &mut |g, a| g.read_struct(a, j));
                }
                BaseTy::Character => {
                    self.emit(Stmt::Call("gpuf_read_str".into(), vec![ca, Op::I64(c.char_len)]));
                }
                BaseTy::Complex(_) => {
                    let pt = complex::part_ty(c.base).unwrap_or(Ty::F32);
                    let f = match pt {
                        Ty::F128 => "gpuf_read_c128",
                        Ty::F64 => "gpuf_read_c64",
                        _ => "gpuf_read_c32",
                    };
                    self.each_elem(&ca, c, 2 * pt.size(), &mut |g, a| g.emit(Stmt::Call(f.into(), vec![a])));
                }
                b => {
                    let t = ir_ty(b);
                    let f = match (b, t) {
                        (BaseTy::Logical(_), _) => "gpuf_read_logical",
                        (_, Ty::I32) => "gpuf_read_i32",
                        (_, Ty::I64) => "gpuf_read_i64",
                        (_, Ty::I128) => "gpuf_read_i128",
                        (_, Ty::F32) => "gpuf_read_f32",
                        (_, Ty::F128) => "gpuf_read_f128",
                        _ => "gpuf_read_f64",
                    };
                    if mem_ty(b) == t {
                        self.each_elem(&ca, c, t.size(), &mut |g, a| g.emit(Stmt::Call(f.into(), vec![a])));
                    } else {
                        // Narrow kinds are read into an `I32` temporary holding the old
                        // value (kept when nothing is read), then stored at their size.
                        let tmp = self.tmp(t);
                        self.each_elem(&ca, c, mem_ty(b).size(), &mut |g, a| {
                            let cur = g.load_as(b, a.clone());
                            g.emit(Stmt::Assign(tmp, Rv::Use(cur)));
                            let p = g.val(Ty::Ptr, Rv::AddrOf(tmp));
                            g.emit(Stmt::Call(f.into(), vec![p]));
                            let v = g.wrap(Some(b), Op::Var(tmp));
                            g.store_as(b, a, v);
                        });
                    }
                }
            }
        }
    }

    /// List-directed or formatted output of a derived-type value at `addr`: its
    /// components in order.
    pub(super) fn io_struct(&mut self, addr: Op, k: u16) {
        let Some(ti) = self.type_info(k) else { return };
        for c in ti.comps.iter().filter(|c| !c.alloc) {
            let ca = self.val(Ty::Ptr, Rv::PtrAdd(addr.clone(), Op::I64(c.offset)));
            match c.base {
                BaseTy::Derived(j) => {
                    let sz = self.type_size(j);
                    self.each_elem(&ca, c, sz, &mut |g, a| g.io_struct(a, j));
                }
                BaseTy::Character => {
                    self.emit(Stmt::Call("gpuf_io_str".into(), vec![ca, Op::I64(c.char_len)]));
                }
                BaseTy::Complex(_) => {
                    let pt = complex::part_ty(c.base).unwrap_or(Ty::F32);
                    self.each_elem(&ca, c, 2 * pt.size(), &mut |g, a| match pt {
                        // By address: the run time (Rust) has no binary128 type.
                        Ty::F128 => g.emit(Stmt::Call("gpuf_io_c128".into(), vec![a])),
                        _ => {
                            let (re, im) = g.cload(pt, a);
                            let f = if pt == Ty::F64 { "gpuf_io_c64" } else { "gpuf_io_c32" };
                            g.emit(Stmt::Call(f.into(), vec![re, im]));
                        }
                    });
                }
                BaseTy::Real(16) => {
                    self.each_elem(&ca, c, 16, &mut |g, a| g.emit(Stmt::Call("gpuf_io_f128".into(), vec![a])));
                }
                b => {
                    let t = ir_ty(b);
                    let f = match (b, t) {
                        (BaseTy::Logical(_), _) => "gpuf_io_logical",
                        // Narrow integers travel as `I32`, printed with their kind's width.
                        (BaseTy::Integer(1), _) => "gpuf_io_i8",
                        (BaseTy::Integer(2), _) => "gpuf_io_i16",
                        (_, Ty::I32) => "gpuf_io_i32",
                        (_, Ty::I64) => "gpuf_io_i64",
                        (_, Ty::I128) => "gpuf_io_i128",
                        (_, Ty::F32) => "gpuf_io_f32",
                        _ => "gpuf_io_f64",
                    };
                    self.each_elem(&ca, c, mem_ty(b).size(), &mut |g, a| {
                        let v = g.load_as(b, a);
                        g.emit(Stmt::Call(f.into(), vec![v]));
                    });
                }
            }
        }
    }
}

/// The variable a designator (`a`, `a(i)`, `a(i)%b%c(j)`) belongs to.
pub(super) fn root_name(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. } => Some(id.name.clone()),
        ExprKind::Component(c) => root_name(&c.base),
        _ => None,
    }
}
