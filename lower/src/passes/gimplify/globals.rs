//! Static storage: saved and module arrays behind global pointers, and the global descriptor
//! blocks of saved and module allocatable arrays.

use super::*;

impl G<'_> {
    /// The global of a module or saved variable and whether it is local to this object:
    /// gfortran's `__module_MOD_name` for module variables, `unit.name` for saved ones.
    pub(super) fn static_name(&self, s: &gpuf_frontend::sema::Symbol) -> (String, bool) {
        match &s.module {
            Some(_) if s.bind_c.is_some() => (s.bind_c.clone().unwrap_or_default(), false),
            Some(m) => (format!("__{m}_MOD_{}", s.module_name.as_deref().unwrap_or(&s.name)), false),
            None => (format!("{}.{}", self.f.name, s.name), true),
        }
    }

    /// Declares the global `name` unless an earlier unit of the file did.
    pub(super) fn add_global(&mut self, name: &str, ty: Ty, init: Op, local: bool) {
        if !self.globals.iter().any(|g| g.name == name) {
            self.globals.push(Global { name: name.to_string(), ty, init, local, external: false, tls: false });
        }
    }

    /// Makes the global `name` thread-local (an OpenMP `threadprivate` variable).
    pub(super) fn mark_tls(&mut self, name: &str) {
        if let Some(g) = self.globals.iter_mut().find(|g| g.name == name) {
            g.tls = true;
        }
    }

    /// An array with static storage (saved, or a module variable): a global pointer to its
    /// data, allocated and initialised the first time the unit runs.
    pub(super) fn saved_array(&mut self, s: &gpuf_frontend::sema::Symbol, gname: String, local: bool) {
        if s.allocatable {
            self.global_alloc_array(s, gname, local);
            return;
        }
        if s.dims.iter().any(|d| matches!(d, DimSpec::Deferred(_))) {
            self.not_yet(format!("saved or module allocatable array `{}`", s.name), s.span);
            return;
        }
        if s.bind_c.is_some() {
            self.bind_c_array(s, gname);
            return;
        }
        self.add_global(&gname, Ty::Ptr, Op::Null, local);
        let desc = self.new_desc(s);
        self.set_shape(&desc, &s.dims, s.span);
        let gp = self.val(Ty::Ptr, Rv::GlobalAddr(gname));
        self.emit(Stmt::Assign(desc.addr, Rv::Load(Ty::Ptr, gp.clone())));
        let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(desc.addr), Op::Null));
        self.push_block();
        let bytes = self.desc_bytes(&desc);
        self.emit(Stmt::Assign(desc.addr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr)));
        self.emit(Stmt::Store(Ty::Ptr, gp, Op::Var(desc.addr)));
        if let Some(init) = &s.init {
            self.fill_array(&desc, init);
        }
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
    }

    /// A `bind(c)` module array: C's object of its bytes under its C name (a common
    /// symbol: every file that sees the module declares it, C may define it). Sema rejects
    /// initial values (every unit that sees the module would define the object).
    fn bind_c_array(&mut self, s: &gpuf_frontend::sema::Symbol, gname: String) {
        let Some((size, align)) = self.storage_size(s) else {
            self.not_yet(format!("`bind(c)` module arrays of a size not constant (`{}`)", s.name), s.span);
            return;
        };
        match self.storage.iter_mut().find(|x| x.name == gname) {
            Some(x) => x.size = x.size.max(size),
            None => self.storage.push(Storage { name: gname.clone(), size, align: align as u32, init: None, local: false }),
        }
        let dims = self.const_dims(s);
        let d = self.new_desc(s);
        self.emit(Stmt::Assign(d.addr, Rv::GlobalAddr(gname)));
        self.set_shape(&d, &dims, s.span);
    }

    /// A module or saved allocatable array: its descriptor (data address, then lower bound
    /// and extent per dimension) lives in a block that a global points to, created by
    /// the first unit that runs. Units copy it into their descriptor variables on entry
    /// and after every call, and write it back when they (re)allocate the array.
    pub(super) fn global_alloc_array(&mut self, s: &gpuf_frontend::sema::Symbol, gname: String, local: bool) {
        self.add_global(&gname, Ty::Ptr, Op::Null, local);
        let desc = self.new_desc(s);
        if s.pointer {
            self.new_sm(&desc);
        }
        let gp = self.val(Ty::Ptr, Rv::GlobalAddr(gname));
        let block = self.f.new_var(format!("{}.desc", s.name), Ty::Ptr);
        self.emit(Stmt::Assign(block, Rv::Load(Ty::Ptr, gp.clone())));
        let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(block), Op::Null));
        self.push_block();
        // An array pointer's element distances follow the extents.
        let bytes = 8 * (1 + 3 * desc.lb.len() as i64);
        self.emit(Stmt::Assign(block, Rv::Call("gpuf_alloc".into(), vec![Op::I64(bytes)], Ty::Ptr)));
        let rank = desc.lb.len() as i64;
        for k in 0..rank {
            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(block), Op::I64(8 + 16 * k)));
            self.emit(Stmt::Store(Ty::I64, a, Op::I64(1)));
            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(block), Op::I64(8 + 16 * rank + 8 * k)));
            self.emit(Stmt::Store(Ty::I64, a, Op::I64(1)));
        }
        self.emit(Stmt::Store(Ty::Ptr, gp, Op::Var(block)));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
        self.global_descs.push((block, desc));
        self.reload_global_descs();
    }

    /// The parts of a global descriptor block, with their variables and types.
    fn global_desc_parts(&self, d: &Desc) -> Vec<(VarId, i64, Ty)> {
        let mut v = vec![(d.addr, 0, Ty::Ptr)];
        let rank = d.lb.len() as i64;
        for (k, (lb, ext)) in d.lb.iter().zip(&d.ext).enumerate() {
            v.push((*lb, 8 + 16 * k as i64, Ty::I64));
            v.push((*ext, 16 + 16 * k as i64, Ty::I64));
        }
        if let Some(sm) = self.ptr_sm.get(&d.addr) {
            for (k, m) in sm.iter().enumerate() {
                v.push((*m, 8 + 16 * rank + 8 * k as i64, Ty::I64));
            }
        }
        v
    }

    /// Reloads the descriptors of module and saved allocatable arrays (after a call, which
    /// may have allocated or deallocated them).
    pub(super) fn reload_global_descs(&mut self) {
        for (g, old) in std::mem::take(&mut self.frame_restores) {
            let ga = self.val(Ty::Ptr, Rv::GlobalAddr(g));
            self.emit(Stmt::Store(Ty::Ptr, ga, Op::Var(old)));
        }
        if self.region.is_some() {
            return;
        }
        self.reload_global_ptrs();
        for (p, d) in self.ptr_descs.clone() {
            self.load_ptr_desc(Op::Var(p), &d);
        }
        for (block, d) in self.global_descs.clone() {
            for (v, off, t) in self.global_desc_parts(&d) {
                let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(block), Op::I64(off)));
                self.emit(Stmt::Assign(v, Rv::Load(t, a)));
            }
        }
        for (tmp, name) in std::mem::take(&mut self.arg_reloads) {
            // An allocatable array the callee may have (re)allocated.
            if let Some(Home::Array(d)) = self.lookup(&name) {
                self.load_gf_desc(&tmp, &d);
                self.store_global_desc(&name);
            }
        }
        for (pv, d) in self.dummy_descs.clone() {
            self.load_gf_desc(&Op::Var(pv), &d);
        }
        self.reload_class_esizes();
        for (pv, hv, addr, len) in self.deferred_chars.clone() {
            self.emit(Stmt::Assign(addr, Rv::Load(Ty::Ptr, Op::Var(pv))));
            self.emit(Stmt::Assign(len, Rv::Load(Ty::I64, Op::Var(hv))));
        }
    }

    /// Writes back the descriptor of `name` if it is a module or saved allocatable array.
    pub(super) fn store_global_desc(&mut self, name: &str) {
        let Some(Home::Array(d)) = self.lookup(name) else { return };
        if let Some((pv, _)) = self.dummy_descs.iter().find(|(_, g)| g.addr == d.addr).cloned() {
            self.store_alloc_comp_desc(&Op::Var(pv), &d);
            return;
        }
        if let Some((p, _)) = self.ptr_descs.iter().find(|(_, g)| g.addr == d.addr).cloned() {
            self.store_gf_desc(Op::Var(p), &d);
            return;
        }
        let Some((block, _)) = self.global_descs.iter().find(|(_, g)| g.addr == d.addr).cloned() else { return };
        for (v, off, t) in self.global_desc_parts(&d) {
            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(block), Op::I64(off)));
            self.emit(Stmt::Store(t, a, Op::Var(v)));
        }
    }
}

/// Variables of modules not defined in this file (read from module files) live in the
/// object of the file that defines the module: they are declared, not defined, here.
pub(super) fn mark_external_globals(c: &Checked, module: &mut Module) {
    let here: BTreeSet<&str> = c.units.iter().filter(|cu| cu.unit.kind == UnitKind::Module).map(|cu| cu.unit.name.name.as_str()).collect();
    // `bind(c)` module variables have C names: their modules by name.
    let bound: BTreeMap<&str, &str> =
        c.units.iter().flat_map(|cu| cu.symbols.list()).filter_map(|s| Some((s.bind_c.as_deref()?, s.module.as_deref()?))).collect();
    for g in &mut module.globals {
        let owner = g.name.strip_prefix("__").and_then(|n| n.split_once("_MOD_")).map(|(m, _)| m);
        if let Some(m) = owner.or_else(|| bound.get(g.name.as_str()).copied()) {
            g.external = !g.local && !here.contains(m);
        }
    }
}
