//! Declarations of a program unit's names (dummy arguments, results, locals, saved and module
//! variables) and its return.

use super::*;

impl G<'_> {
    /// The number of leading parameters that carry a character function's result.
    pub(super) fn result_params(&self) -> usize {
        let r = match self.unit.kind {
            UnitKind::Function => self.unit.result.as_ref().unwrap_or(&self.unit.name),
            _ => return 0,
        };
        match self.syms.get(&r.name) {
            Some(s) if s.base == BaseTy::Character => 2,
            // An array result's descriptor.
            Some(s) if s.rank > 0 => 1,
            _ => 0,
        }
    }

    pub(super) fn declare(&mut self, mem: &BTreeSet<String>) {
        let syms = self.syms;
        let unit = self.unit;
        // Dummy arguments arrive by reference: one pointer parameter each; a `value` dummy's
        // value is stored on entry into a stack slot that is its home from then on.
        let mut params: Vec<VarId> = Vec::new();
        let mut by_value = Vec::new();
        for a in &unit.args {
            match syms.get(&a.name).filter(|s| s.value && s.rank == 0) {
                Some(s) => {
                    // (`character(len=1), value`: its one byte.)
                    let t = if s.base == BaseTy::Character { Ty::I8 } else { mem_ty(s.base) };
                    let pv = self.f.new_var(format!("{}.val", a.name), t);
                    let slot = self.f.new_var(format!("{}.arg", a.name), Ty::Ptr);
                    by_value.push((pv, slot, t));
                    self.f.params.push(pv);
                    params.push(slot);
                }
                None => {
                    let pv = self.f.new_var(format!("{}.arg", a.name), Ty::Ptr);
                    self.f.params.push(pv);
                    params.push(pv);
                }
            }
        }
        for (pv, slot, t) in by_value {
            self.emit(Stmt::Assign(slot, Rv::Alloca(t.size().max(8) as u64)));
            self.emit(Stmt::Store(t, Op::Var(slot), Op::Var(pv)));
        }
        let result_name = match unit.kind {
            UnitKind::Function => Some(unit.result.as_ref().unwrap_or(&unit.name).name.clone()),
            _ => None,
        };
        // A character function (gfortran's convention): the caller passes the result's
        // buffer and its length (an `I64` passed as a pointer) before the arguments.
        if let Some(r) = result_name.as_deref().and_then(|r| syms.get(r)).filter(|r| r.base == BaseTy::Character) {
            if r.rank > 0 {
                self.not_yet("character-valued functions returning arrays", r.span);
            }
            if matches!(r.char_len, Some(ast::CharLen::Deferred(_))) {
                // `character(len=:), allocatable` (gfortran: `char **result, int64 *len`
                // first): built in a local buffer, handed over in malloc'd memory at return
                let (resp, lenp) =
                    (self.f.new_var(format!("{}.resp", r.name), Ty::Ptr), self.f.new_var(format!("{}.lenp", r.name), Ty::Ptr));
                self.f.params.insert(0, lenp);
                self.f.params.insert(0, resp);
                let addr = self.f.new_var(format!("{}.addr", r.name), Ty::Ptr);
                let len = self.f.new_var(format!("{}.len", r.name), Ty::I64);
                self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
                self.emit(Stmt::Assign(len, Rv::Use(Op::I64(0))));
                self.homes.insert(r.name.clone(), Home::Chars { addr, len });
                let out = self.f.new_var(format!("{}.out", r.name), Ty::Ptr);
                self.unpacks.push(Stmt::Assign(out, Rv::Call("gpuf_c_str_copy".into(), vec![Op::Var(addr), Op::Var(len)], Ty::Ptr)));
                self.unpacks.push(Stmt::Store(Ty::Ptr, Op::Var(resp), Op::Var(out)));
                self.unpacks.push(Stmt::Store(Ty::I64, Op::Var(lenp), Op::Var(len)));
                self.unpacks.push(Stmt::Call("gpuf_free".into(), vec![Op::Var(addr)]));
            } else {
                let addr = self.f.new_var(format!("{}.res", r.name), Ty::Ptr);
                let hidden = self.f.new_var(format!("{}.reslen", r.name), Ty::Ptr);
                self.f.params.insert(0, hidden);
                self.f.params.insert(0, addr);
                let len = self.f.new_var(format!("{}.len", r.name), Ty::I64);
                self.emit(Stmt::Assign(len, Rv::Cast(Ty::I64, Op::Var(hidden))));
                self.homes.insert(r.name.clone(), Home::Chars { addr, len });
            }
        }
        // An array result arrives as a hidden first argument: its descriptor.
        let array_result = result_name.as_deref().and_then(|r| syms.get(r)).filter(|s| s.rank > 0 && s.base != BaseTy::Character);
        let result_desc = array_result.map(|_| self.f.new_var("result.desc", Ty::Ptr));
        if let Some(rd) = result_desc {
            self.f.params.insert(0, rd);
        }
        // gfortran's hidden lengths: one more parameter per character dummy, in order
        // (an `I64` passed where codegen declares every parameter a pointer).
        let mut char_arrays = Vec::new();
        for a in &unit.args {
            let Some(s) = syms.get(&a.name).filter(|s| s.base == BaseTy::Character && !s.external) else { continue };
            let Some(&pv) = unit.args.iter().position(|x| x.name == a.name).and_then(|i| params.get(i)) else { continue };
            let hidden = self.f.new_var(format!("{}.hlen", a.name), Ty::Ptr);
            // (A `bind(c)` procedure has no hidden lengths: its character dummies have
            // length 1; nor has a `value` one.)
            if unit.bind_c.is_none() && !s.value {
                self.f.params.push(hidden);
            } else {
                self.emit(Stmt::Assign(hidden, Rv::Use(Op::Null)));
            }
            let len = self.f.new_var(format!("{}.len", a.name), Ty::I64);
            if s.allocatable && s.rank == 0 && matches!(s.char_len, Some(ast::CharLen::Deferred(_))) {
                // gfortran's `character(:), allocatable` dummy: the addresses of the
                // caller's data pointer and of its length.
                self.declare_deferred_chars_dummy(s, pv, hidden, len);
                continue;
            }
            let n = match &s.char_len {
                None => Rv::Use(Op::I64(1)),
                Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. })) => Rv::Use(Op::I64(*v)),
                _ => Rv::Cast(Ty::I64, Op::Var(hidden)),
            };
            self.emit(Stmt::Assign(len, n));
            if s.rank > 0 {
                if s.dims.iter().any(|d| matches!(d, DimSpec::Deferred(_))) {
                    self.not_yet(format!("assumed-shape character array dummy argument `{}`", s.name), s.span);
                }
                char_arrays.push((s, pv, len));
                continue;
            }
            self.homes.insert(s.name.clone(), Home::Chars { addr: pv, len });
        }
        // The host frame comes after the hidden lengths (and before a complex result's
        // address, which codegen's wrapper expects last).
        if let Some(fp) = self.receive_frame() {
            self.f.params.push(fp);
        }
        // Character array dummies: shapes may use scalar dummies, set up below.
        let char_arrays: Vec<(&gpuf_frontend::sema::Symbol, VarId, VarId)> = char_arrays;
        // Scalar dummies first: array bounds may use them whatever the declaration order.
        for s in syms.list() {
            if let (Some(i), 0) = (s.dummy, s.rank) {
                if let Some(&pv) = params.get(i) {
                    if s.class && (s.allocatable || s.pointer) {
                        self.declare_class_alloc(s, Some(pv), false);
                        continue;
                    }
                    if s.pointer {
                        self.declare_pointer_dummy(s, pv);
                        continue;
                    }
                    if s.class && s.allocatable {
                        self.declare_class_alloc(s, Some(pv), false);
                        continue;
                    }
                    if s.allocatable && s.base != BaseTy::Character {
                        self.declare_alloc_scalar_dummy(s, pv);
                        continue;
                    }
                    if s.class {
                        // gfortran's class container {_data, _vptr}: the object is `_data`.
                        let data = self.f.new_var(format!("{}.data", s.name), Ty::Ptr);
                        self.emit(Stmt::Assign(data, Rv::Load(Ty::Ptr, Op::Var(pv))));
                        self.homes.insert(s.name.clone(), Home::Mem(data, s.base));
                        self.class_conts.insert(s.name.clone(), pv);
                        if let (BaseTy::Derived(k), Some(ast::Intent::Out)) = (s.base, s.intent) {
                            self.finalize_dynamic(Op::Var(data), Op::Var(pv), k);
                            if !self.in_routine() {
                                self.reset_class_out(data, Op::Var(pv), k);
                            }
                        }
                        continue;
                    }
                    if s.base != BaseTy::Character || s.external {
                        self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
                    }
                    if let (BaseTy::Derived(k), Some(ast::Intent::Out)) = (s.base, s.intent) {
                        // `intent(out)` derived-type dummies are finalized and get their
                        // default values on entry (their allocatable components
                        // deallocated first).
                        self.finalize_scalar(Op::Var(pv), k);
                        if self.has_alloc_comps(k, 0) {
                            self.free_alloc_comps(Op::Var(pv), k);
                        }
                        self.init_struct(Op::Var(pv), k);
                    }
                }
            }
        }
        for (s, pv, len) in char_arrays {
            let desc = self.new_desc(s);
            self.emit(Stmt::Assign(desc.addr, Rv::Use(Op::Var(pv))));
            self.set_shape(&desc, &s.dims, s.span);
            self.homes.insert(s.name.clone(), Home::CharArray { d: desc, len });
        }
        // A procedure compiled for the devices too: no 16-byte numbers there.
        if self.in_routine() {
            for s in syms.list().iter().filter(|s| matches!(s.base, BaseTy::Real(16) | BaseTy::Complex(16) | BaseTy::Integer(16))) {
                let what = if s.base == BaseTy::Integer(16) { "`integer(16)`" } else { "`real(16)` and `complex(16)`" };
                self.not_yet(format!("{what} in device code (compute constructs and `routine` procedures)"), s.span);
            }
        }
        // Common members and equivalenced variables live in blocks of static storage.
        let placed = self.declare_storage();
        let routine = self.in_routine();
        for s in syms.list() {
            // associate names get their homes at their construct
            if s.assoc {
                continue;
            }
            // A device procedure names no module variable (sema), and the device images
            // have no objects of the modules: only named constants are declared there.
            if routine && s.module.is_some() && !s.parameter {
                continue;
            }
            // (A procedure pointer is declared like a scalar data pointer: its home holds
            // the procedure's address.)
            if (s.external && !s.pointer) || (s.dummy.is_some() && (s.rank == 0 || s.base == BaseTy::Character)) || placed.contains(&s.name)
            {
                continue;
            }
            if s.host && !s.parameter && s.module.is_none() {
                if s.allocatable && s.rank == 0 && s.base != BaseTy::Character {
                    // Not through the host's frame (which holds its data address as it was
                    // on entry): a reference is a "not yet implemented".
                    self.homes.remove(&s.name);
                    self.host_vars.push(s.name.clone());
                    continue;
                }
                if !self.homes.contains_key(&s.name) {
                    self.host_vars.push(s.name.clone());
                }
                continue;
            }
            if let Some(i) = s.dummy {
                let Some(&pv) = params.get(i) else { continue };
                if s.rank == 0 {
                    self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
                } else if s.allocatable && s.class {
                    self.declare_class_alloc_array(s, Some(pv), false);
                } else if s.allocatable {
                    self.declare_alloc_dummy(s, pv);
                } else if s.pointer && s.class {
                    self.declare_class_ptr_array(s, Some(pv), false);
                } else if s.pointer {
                    self.declare_pointer_array_dummy(s, pv);
                } else if s.class {
                    self.declare_class_array_dummy(s, pv);
                } else if Self::is_assumed_shape_dummy(s) {
                    self.declare_assumed_shape(s, pv);
                    if let (BaseTy::Derived(k), Some(ast::Intent::Out)) = (s.base, s.intent) {
                        if let Some(Home::Array(desc)) = self.lookup(&s.name) {
                            self.finalize_array(&desc, k);
                            self.reset_out_elems(&desc, k);
                        }
                    }
                } else {
                    let desc = self.new_desc(s);
                    self.emit(Stmt::Assign(desc.addr, Rv::Use(Op::Var(pv))));
                    self.set_shape(&desc, &s.dims, s.span);
                    if !s.allocatable {
                        self.f.noalias.push(pv);
                    }
                    if let (BaseTy::Derived(k), Some(ast::Intent::Out)) = (s.base, s.intent) {
                        if s.dims.iter().any(|d| matches!(d, DimSpec::AssumedSize(_))) {
                            self.not_yet("assumed-size `intent(out)` arrays of derived type", s.span);
                        } else {
                            self.finalize_array(&desc, k);
                            self.reset_out_elems(&desc, k);
                        }
                    }
                }
                continue;
            }
            if s.pointer && result_name.as_deref() == Some(s.name.as_str()) {
                if s.class && s.rank == 0 {
                    // A polymorphic one: its container, returned as an allocatable's is.
                    self.declare_class_result(s);
                    continue;
                }
                if s.rank > 0 {
                    // An array pointer result: declared with the hidden descriptor below.
                    continue;
                }
                // A scalar pointer result: the function returns the target's address.
                let pv = self.f.new_var(format!("{}.ptr", s.name), Ty::Ptr);
                self.f.result = Some(pv);
                self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
                self.emit(Stmt::Assign(pv, Rv::Use(Op::Null)));
                continue;
            }
            if s.pointer && s.class && s.rank == 0 {
                let saved = s.module.is_some() || (unit.kind != UnitKind::Program && s.save);
                self.declare_class_alloc(s, None, saved);
                continue;
            }
            if s.pointer {
                let saved_here = unit.kind != UnitKind::Program && s.save;
                let saved = (s.module.is_some() || saved_here).then(|| self.static_name(s));
                if s.class && s.rank > 0 {
                    self.declare_class_ptr_array(s, None, saved.is_some());
                    continue;
                }
                self.declare_pointer(s, saved);
                continue;
            }
            if s.allocatable && s.rank == 0 && s.base != BaseTy::Character && result_name.as_deref() != Some(s.name.as_str()) {
                let saved = s.module.is_some() || (unit.kind != UnitKind::Program && (s.save || s.init.is_some()));
                if s.class {
                    self.declare_class_alloc(s, None, saved);
                    continue;
                }
                self.declare_alloc_scalar(s, saved);
                continue;
            }
            if let (BaseTy::Derived(k), false) = (s.base, result_name.as_deref() == Some(s.name.as_str())) {
                let saved_here = unit.kind != UnitKind::Program && (s.save || s.init.is_some());
                let saved = (s.module.is_some() || saved_here).then(|| self.static_name(s));
                self.declare_derived(s, k, saved);
                continue;
            }
            if result_name.as_deref() == Some(s.name.as_str()) {
                if s.class && (s.allocatable || s.pointer) && s.rank == 0 {
                    self.declare_class_result(s);
                    continue;
                }
                if s.class && s.allocatable {
                    // Declared with the hidden container below.
                    continue;
                }
                if let BaseTy::Derived(k) = s.base {
                    if s.rank > 0 {
                        self.not_yet("array-valued functions", s.span);
                        self.declare_derived(s, k, None);
                    } else {
                        self.declare_derived_result(s, k);
                    }
                    continue;
                }
                if s.rank > 0 {
                    if s.base == BaseTy::Character || s.allocatable || !s.dims.iter().all(|d| matches!(d, DimSpec::Explicit { .. })) {
                        self.not_yet("array-valued functions other than with explicit-shape results", s.span);
                    }
                    continue;
                }
                if s.base == BaseTy::Character {
                    // Set up with the parameters above.
                    continue;
                }
                if let Some(pt) = complex::part_ty(s.base) {
                    self.complex_result(s, pt);
                    continue;
                }
                let v = self.f.new_var(s.name.clone(), ir_ty(s.base));
                self.f.result = Some(v);
                if mem.contains(&s.name) {
                    // A directive needs the result's address (a data clause or reduction):
                    // keep it in memory and load it into the returned variable at `return`.
                    let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                    self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![Op::I64(8)], Ty::Ptr)));
                    self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
                    self.result_mem = Some((p, v, ir_ty(s.base)));
                } else {
                    self.homes.insert(s.name.clone(), Home::Reg(v, s.base));
                }
                continue;
            }
            let saved_here = unit.kind != UnitKind::Program && (s.save || s.init.is_some()) && !s.parameter;
            if let (Some(pt), 0) = (complex::part_ty(s.base), s.rank) {
                if s.parameter {
                    // A complex named constant: a local copy of its value.
                    self.complex_local(s, pt);
                    continue;
                }
                if s.module.is_some() || saved_here {
                    let (gname, local) = self.static_name(s);
                    self.complex_saved(s, pt, gname, local);
                    continue;
                }
            } else if complex::part_ty(s.base).is_some() && s.parameter {
                self.not_yet("complex named constant arrays", s.span);
                continue;
            }
            // A scalar named constant of a module is a constant in every unit that sees it
            // (a local copy of its value), never a reference to an object of the module: a
            // module compiled by gfortran has no symbol for it (`use mpi`'s `MPI_REAL8`).
            let module_constant = s.parameter && s.rank == 0 && s.init.is_some();
            // (A device procedure has its own copy of a module's named constant array.)
            let module_object = s.module.is_some() && !(routine && s.parameter);
            if (module_object || saved_here || s.threadprivate) && s.base != BaseTy::Character && !module_constant {
                let (gname, local) = self.static_name(s);
                if s.rank > 0 {
                    self.saved_array(s, gname, local);
                    continue;
                }
                let init = match &s.init {
                    Some(e) => match const_value(e, ir_ty(s.base), syms) {
                        Some(v) => v,
                        None => {
                            self.not_yet(format!("a non-constant initial value for `{}`", s.name), e.span);
                            zero_of(ir_ty(s.base))
                        }
                    },
                    None => zero_of(ir_ty(s.base)),
                };
                self.add_global(&gname, ir_ty(s.base), init, local);
                if s.threadprivate {
                    self.mark_tls(&gname);
                    self.tls.push((s.name.clone(), gname.clone(), s.base));
                }
                let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                self.emit(Stmt::Assign(p, Rv::GlobalAddr(gname)));
                self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
                continue;
            }
            if s.base == BaseTy::Character {
                if s.parameter && s.rank == 0 {
                    if let Some(Expr { kind: ExprKind::Str(v), .. }) = &s.init {
                        self.homes.insert(s.name.clone(), Home::Str(v.clone()));
                    }
                } else {
                    self.declare_chars(s);
                }
                continue;
            }
            let ty = ir_ty(s.base);
            if let (Some(pt), 0) = (complex::part_ty(s.base), s.rank) {
                self.complex_local(s, pt);
                continue;
            }
            if s.rank == 0 {
                // Narrow integers too: passed by reference, a callee stores one or two bytes.
                if mem.contains(&s.name) || mem_ty(s.base) != ty {
                    let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                    self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![Op::I64(8)], Ty::Ptr)));
                    self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
                } else {
                    let v = self.f.new_var(s.name.clone(), ty);
                    self.homes.insert(s.name.clone(), Home::Reg(v, s.base));
                }
                if let Some(init) = &s.init {
                    // A named constant's value is folded from the symbol table: the
                    // constants it names may be declared after it (use association in an
                    // internal procedure, for one).
                    let folded = if s.parameter { const_value(init, ty, syms) } else { None };
                    let o = match folded {
                        Some(v) => v,
                        None => {
                            let o = self.expr(init);
                            self.conv(o, ty)
                        }
                    };
                    self.store_name(&s.name, o);
                } else {
                    // gfortran's locals usually start as zero (static or fresh stack); doing
                    // the same keeps programs that read them early reproducible.
                    self.store_name(&s.name, zero_of(ty));
                }
            } else {
                let desc = self.new_desc(s);
                let addr = desc.addr;
                // A device procedure's local array of constant size: a block of the
                // executing thread's stack, as a private array of a partitioned loop.
                let stack = (!s.allocatable && self.in_routine())
                    .then(|| self.const_array_bytes(&s.name).filter(|n| *n <= super::offload_loop::MAX_ALLOCA))
                    .flatten();
                if unit.kind != UnitKind::Program && stack.is_none() {
                    self.frees.push(addr);
                }
                if s.allocatable {
                    self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
                    for d in 0..s.rank as usize {
                        self.emit(Stmt::Assign(desc.lb[d], Rv::Use(Op::I64(1))));
                        self.emit(Stmt::Assign(desc.ext[d], Rv::Use(Op::I64(0))));
                    }
                } else {
                    self.set_shape(&desc, &s.dims, s.span);
                    let bytes = self.desc_bytes(&desc);
                    match stack {
                        Some(n) => self.emit(Stmt::Assign(addr, Rv::Alloca(n.max(1)))),
                        None => self.emit(Stmt::Assign(addr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr))),
                    }
                    if let Some(init) = &s.init {
                        self.fill_array(&desc, init);
                    }
                }
            }
        }
        if let (Some(s), Some(rd)) = (array_result, result_desc) {
            if s.class && s.allocatable {
                self.declare_class_array_result(s, rd);
            } else if s.pointer {
                self.declare_pointer_array_result(s, rd);
            } else {
                self.declare_array_result(s, rd);
            }
        }
        self.build_frame();
    }

    /// Returns from the unit, freeing the procedure's local arrays first.
    pub(super) fn ret(&mut self) {
        for s in self.declare_exits.clone() {
            self.emit(s);
        }
        for (p, v, t) in self.frame_back.clone() {
            self.emit(Stmt::Store(t, Op::Var(p), Op::Var(v)));
        }
        if let Some((p, v, t)) = self.result_mem {
            self.emit(Stmt::Assign(v, Rv::Load(t, Op::Var(p))));
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(p)]));
        }
        self.unpack_dummies();
        self.finalize_locals();
        // Allocatable components of local structures are deallocated when they go away.
        for (d, k) in self.comp_frees.clone() {
            let size = self.type_size(k);
            self.each_desc_elem(&d, size, &mut |g, x| g.free_alloc_comps(x, k));
        }
        self.free_class_locals();
        self.free_class_array_locals();
        for p in self.frees.clone() {
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(p)]));
        }
        self.emit(Stmt::Return);
    }
}

/// The value of a constant initialiser (literals, parameters, arithmetic and the elemental
/// numeric intrinsics), converted to the type. Each step is rounded to its own kind, as
/// gfortran folds it.
pub(super) fn const_value(e: &Expr, t: Ty, syms: &Symbols) -> Option<Op> {
    fn round(e: &Expr, v: f64) -> f64 {
        match e.ty.base() {
            Some(BaseTy::Real(4)) => v as f32 as f64,
            Some(BaseTy::Integer(_)) => v.trunc(),
            _ => v,
        }
    }
    fn eval(e: &Expr, syms: &Symbols, depth: u32) -> Option<f64> {
        if depth > 64 {
            return None;
        }
        let ev = |x: &Expr| eval(x, syms, depth + 1);
        let v = match &e.kind {
            ExprKind::Int(v, _) => *v as f64,
            ExprKind::Real(v, _) => *v,
            ExprKind::Logical(b) => *b as i32 as f64,
            ExprKind::Paren(x) => ev(x)?,
            ExprKind::Unary(ast::UnOp::Neg, x) => -ev(x)?,
            ExprKind::Unary(ast::UnOp::Plus, x) => ev(x)?,
            ExprKind::Name(id) => {
                let s = syms.get(&id.name).filter(|s| s.parameter && s.rank == 0)?;
                let init = s.init.as_ref()?;
                let v = ev(init)?;
                match s.base {
                    BaseTy::Real(4) => v as f32 as f64,
                    BaseTy::Integer(_) => v.trunc(),
                    _ => v,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (ev(a)?, ev(b)?);
                match op {
                    ast::BinOp::Add => x + y,
                    ast::BinOp::Sub => x - y,
                    ast::BinOp::Mul => x * y,
                    ast::BinOp::Div => {
                        if y == 0.0 {
                            return None;
                        }
                        x / y
                    }
                    ast::BinOp::Pow => x.powf(y),
                    _ => return None,
                }
            }
            ExprKind::Intrinsic { func, .. } if func.is_bit_intrinsic() => int_eval(e, syms, depth)? as f64,
            ExprKind::Intrinsic { func, args } if func.is_model_intrinsic() => {
                let a: Vec<f64> = args.iter().map(ev).collect::<Option<_>>()?;
                let x = args.iter().find(|x| matches!(x.ty.base(), Some(BaseTy::Real(_))))?;
                let Some(BaseTy::Real(k)) = x.ty.base() else { return None };
                gpuf_frontend::sema::fold_model(*func, *a.first()?, k, a.get(1).copied())?
            }
            ExprKind::Intrinsic { func, args } => {
                let a: Vec<f64> = args.iter().map(ev).collect::<Option<_>>()?;
                let first = *a.first()?;
                match func {
                    Intrinsic::Exp => first.exp(),
                    Intrinsic::Log => first.ln(),
                    Intrinsic::Sqrt => first.sqrt(),
                    Intrinsic::Sin => first.sin(),
                    Intrinsic::Cos => first.cos(),
                    Intrinsic::Tan => first.tan(),
                    Intrinsic::Asin => first.asin(),
                    Intrinsic::Acos => first.acos(),
                    Intrinsic::Atan => first.atan(),
                    Intrinsic::Atan2 => first.atan2(*a.get(1)?),
                    Intrinsic::Sinh => first.sinh(),
                    Intrinsic::Cosh => first.cosh(),
                    Intrinsic::Tanh => first.tanh(),
                    Intrinsic::Log10 => first.log10(),
                    Intrinsic::Abs => first.abs(),
                    Intrinsic::Real | Intrinsic::Dble | Intrinsic::Float | Intrinsic::Sngl => first,
                    Intrinsic::Int => first.trunc(),
                    Intrinsic::Nint => first.round(),
                    Intrinsic::Max => a.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                    Intrinsic::Min => a.iter().copied().fold(f64::INFINITY, f64::min),
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(round(e, v))
    }
    // Integers exactly; everything else through the evaluator.
    if let (Some(v), Ty::I32 | Ty::I64 | Ty::I128) = (int_eval(e, syms, 0).filter(|_| !matches!(e.kind, ExprKind::Int(..))), t) {
        return Some(match t {
            Ty::I128 => Op::I128(i128::from(v)),
            Ty::I64 => Op::I64(v),
            _ => Op::I32(v as i32),
        });
    }
    // An `integer(16)` literal beyond `integer(8)` (negated or not).
    match (&e.kind, t) {
        (ExprKind::Int128(v), Ty::I128) => return Some(Op::I128(*v)),
        (ExprKind::Unary(ast::UnOp::Neg, x), Ty::I128) => {
            if let ExprKind::Int128(v) = x.kind {
                return Some(Op::I128(v.wrapping_neg()));
            }
        }
        _ => {}
    }
    // Integers exactly; everything else through the evaluator.
    if let (ExprKind::Int(v, _), Ty::I32 | Ty::I64 | Ty::I128) = (&e.kind, t) {
        return Some(match t {
            Ty::I128 => Op::I128(i128::from(*v)),
            Ty::I64 => Op::I64(*v),
            _ => Op::I32(*v as i32),
        });
    }
    if t == Ty::F128 {
        return quad_const(e).map(Op::F128);
    }
    let v = eval(e, syms, 0)?;
    if !v.is_finite() && t.is_int() {
        return None;
    }
    Some(match t {
        Ty::I32 => Op::I32(v as i32),
        Ty::I64 => Op::I64(v as i64),
        Ty::F32 => Op::F32(v as f32),
        Ty::F64 => Op::F64(v),
        Ty::I128 if v.abs() < 9.0e15 => Op::I128(v as i128),
        Ty::Ptr | Ty::I8 | Ty::I16 | Ty::I128 | Ty::F128 => return None,
    })
}

/// The exact value of an integer (or logical, as 0 or 1) constant expression of literals,
/// parameters, `+ - *` and the bit intrinsics (`shiftl`, `maskr`, `bge`, ...).
fn int_eval(e: &Expr, syms: &Symbols, depth: u32) -> Option<i64> {
    if depth > 64 {
        return None;
    }
    let ev = |x: &Expr| int_eval(x, syms, depth + 1);
    match &e.kind {
        ExprKind::Int(v, _) => Some(*v),
        ExprKind::Logical(b) => Some(i64::from(*b)),
        ExprKind::Paren(x) | ExprKind::Unary(ast::UnOp::Plus, x) => ev(x),
        ExprKind::Unary(ast::UnOp::Neg, x) => ev(x)?.checked_neg(),
        ExprKind::Name(id) => {
            let s =
                syms.get(&id.name).filter(|s| s.parameter && s.rank == 0 && matches!(s.base, BaseTy::Integer(_) | BaseTy::Logical(_)))?;
            ev(s.init.as_ref()?)
        }
        ExprKind::Binary(op @ (ast::BinOp::Add | ast::BinOp::Sub | ast::BinOp::Mul), a, b)
            if matches!(e.ty.base(), Some(BaseTy::Integer(_))) =>
        {
            let (x, y) = (ev(a)?, ev(b)?);
            match op {
                ast::BinOp::Add => x.checked_add(y),
                ast::BinOp::Sub => x.checked_sub(y),
                _ => x.checked_mul(y),
            }
        }
        ExprKind::Intrinsic { func, args } if func.is_bit_intrinsic() => {
            let vals: Vec<i64> = args.iter().map(ev).collect::<Option<_>>()?;
            gpuf_frontend::sema::fold_bit_call(e, *func, args, &vals)
        }
        _ => None,
    }
}

/// The exact decimal text of a literal (or a negated one) as a `real(16)` constant.
fn quad_const(e: &Expr) -> Option<String> {
    Some(match &e.kind {
        ExprKind::Quad(t) => t.clone(),
        ExprKind::Int(v, _) => format!("{v}.0e0"),
        ExprKind::Real(v, k) => gpuf_frontend::lexer::f64_quad_text(if *k == 4 { f64::from(*v as f32) } else { *v }),
        ExprKind::Paren(x) | ExprKind::Unary(ast::UnOp::Plus, x) => quad_const(x)?,
        ExprKind::Unary(ast::UnOp::Neg, x) => {
            let t = quad_const(x)?;
            match t.strip_prefix('-') {
                Some(p) => p.to_string(),
                None => format!("-{t}"),
            }
        }
        _ => return None,
    })
}
