//! Static storage: saved and module variables of constant size as gfortran's objects, and
//! the global descriptor blocks of saved and module allocatable arrays.

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

    /// An array with static storage (saved, or a module variable): gfortran's object of
    /// its bytes (`static_object`); only one of a size beyond 4 GiB is a global pointer to
    /// its data, allocated and initialised the first time a unit that sees it runs.
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
        if let Some((addr, runtime_init)) = self.static_object(s, &gname, local) {
            let dims = self.const_dims(s);
            let desc = self.new_desc(s);
            self.emit(Stmt::Assign(desc.addr, Rv::Use(addr)));
            self.set_shape(&desc, &dims, s.span);
            if let (true, Some(init)) = (runtime_init, &s.init) {
                self.push_block();
                self.fill_array(&desc, init);
                self.static_init(s, &gname, local);
            }
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

    /// The object of a module or saved variable of constant size, as gfortran defines it:
    /// its bytes under its global name, with its initial value (or its type's default
    /// initialisation) in `.data`, without one in `.bss`, a named constant in `.rodata`;
    /// another file's module's declared only. Returns the object's address and whether
    /// the initial value, which has no constant bytes gpuf can lay out, is still to be
    /// stored at run time (`static_init`). `None`: not of constant size.
    pub(super) fn static_object(&mut self, s: &gpuf_frontend::sema::Symbol, gname: &str, local: bool) -> Option<(Op, bool)> {
        let (size, natural) = match s.base {
            BaseTy::Derived(k) => {
                let t = self.type_info(k)?;
                let (size, align) = (t.size, t.align.max(1));
                (size.saturating_mul(self.const_elems(s)?), align)
            }
            _ => self.storage_size(s)?,
        };
        if !(0..=i64::from(u32::MAX)).contains(&size) {
            return None;
        }
        let (bytes, runtime_init) = match self.static_bytes(s, size) {
            Some(b) => (b, false),
            None => (None, true),
        };
        // GCC's alignment of large data on x86-64.
        let align = if s.rank == 0 {
            natural
        } else if size >= 32 {
            32.max(natural)
        } else if size >= 16 {
            16.max(natural)
        } else {
            natural
        } as u32;
        if !self.storage.iter().any(|x| x.name == gname) {
            self.storage.push(Storage {
                name: gname.to_string(),
                size,
                align,
                init: bytes,
                local,
                object: true,
                constant: s.parameter && !runtime_init,
                external: false,
            });
        }
        Some((self.val(Ty::Ptr, Rv::GlobalAddr(gname.to_string())), runtime_init))
    }

    /// Closes the block opened by the caller (`push_block`), which stores the initial value
    /// of the static object `gname` of `s` at run time: for a module's variable the
    /// module's object runs it before `main` (a constructor, so gfortran's units see the
    /// value too) and every other unit drops it; a saved local's runs the first time its
    /// unit does (a flag `gname.init` beside it).
    pub(super) fn static_init(&mut self, s: &gpuf_frontend::sema::Symbol, gname: &str, local: bool) {
        let body = self.pop_block();
        if let Some(m) = &s.module {
            if self.unit.kind == UnitKind::Module && self.unit.name.name == *m && !local {
                self.module_init = true;
                if let Some(b) = self.blocks.last_mut() {
                    b.extend(body);
                }
            }
            return;
        }
        let flag = format!("{gname}.init");
        self.add_global(&flag, Ty::I32, Op::I32(0), local);
        let fa = self.val(Ty::Ptr, Rv::GlobalAddr(flag));
        let v = self.val(Ty::I32, Rv::Load(Ty::I32, fa.clone()));
        let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, v, Op::I32(0)));
        let mut then_body = body;
        then_body.push(Stmt::Store(Ty::I32, fa, Op::I32(1)));
        self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
    }

    /// The number of elements of a variable of constant shape.
    fn const_elems(&self, s: &gpuf_frontend::sema::Symbol) -> Option<i64> {
        let mut n: i64 = 1;
        for d in &self.const_dims(s) {
            let DimSpec::Explicit { lo, hi } = d else { return None };
            let lo = match lo {
                Some(Expr { kind: ExprKind::Int(v, _), .. }) => *v,
                None => 1,
                _ => return None,
            };
            let ExprKind::Int(hi, _) = hi.kind else { return None };
            n = n.saturating_mul(hi.saturating_sub(lo).saturating_add(1).max(0));
        }
        Some(n)
    }

    /// The initial bytes of a static object of `size` bytes: `Some(None)` all zero (no
    /// initial value, or a type without default initialisation), `None` when a value is
    /// not a constant gpuf can lay out.
    fn static_bytes(&self, s: &gpuf_frontend::sema::Symbol, size: i64) -> Option<Option<Vec<u8>>> {
        let mut out = vec![0u8; size as usize];
        match (&s.init, s.base) {
            (Some(init), BaseTy::Derived(k)) if s.rank == 0 => out = self.derived_value_bytes(k, init, 0)?,
            (Some(_), BaseTy::Derived(_)) => return None,
            (Some(init), b) => {
                let elem = match b {
                    BaseTy::Character => match &s.char_len {
                        None => 1,
                        Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. })) => (*v).max(0),
                        _ => return None,
                    },
                    b => self.elem_size(b),
                };
                let n = if elem > 0 { size / elem } else { 0 };
                if init.ty.rank() == 0 {
                    // One value for every element.
                    let bytes = self.value_bytes(b, elem, init)?;
                    if !bytes.is_empty() {
                        for chunk in out.chunks_mut(bytes.len()) {
                            chunk.copy_from_slice(bytes.get(..chunk.len())?);
                        }
                    }
                } else {
                    for (i, e) in self.const_elements(init, n)?.iter().enumerate() {
                        let at = i * elem as usize;
                        let bytes = self.value_bytes(b, elem, e)?;
                        out.get_mut(at..at + bytes.len())?.copy_from_slice(&bytes);
                    }
                }
            }
            (None, BaseTy::Derived(k)) => {
                let one = self.struct_bytes(k, 0)?;
                if !one.is_empty() {
                    for chunk in out.chunks_mut(one.len()) {
                        chunk.copy_from_slice(one.get(..chunk.len())?);
                    }
                }
            }
            (None, _) => {}
        }
        Some(out.iter().any(|b| *b != 0).then_some(out))
    }

    /// The default initialisation of a structure of type `k` as bytes (zero where a
    /// component has none, as gfortran's `__def_init`).
    pub(super) fn struct_bytes(&self, k: u16, depth: u32) -> Option<Vec<u8>> {
        let t = self.type_info(k)?;
        let mut out = vec![0u8; t.size.max(0) as usize];
        if depth > 32 {
            return None;
        }
        for c in &t.comps {
            if c.alloc || c.pointer || c.proc_key.is_some() {
                continue;
            }
            let n = c.elems().max(0) as usize;
            let (es, _) = gpuf_frontend::sema::base_layout(c.base, c.char_len, self.types);
            let es = es.max(0) as usize;
            let values: Vec<Vec<u8>> = match (c.base, &c.init) {
                (BaseTy::Derived(j), None) => vec![self.struct_bytes(j, depth + 1)?; n],
                (_, None) => continue,
                (BaseTy::Derived(j), Some(init)) if init.ty.rank() == 0 => vec![self.derived_value_bytes(j, init, depth + 1)?; n],
                (BaseTy::Derived(_), Some(_)) => return None,
                (b, Some(init)) => {
                    let vals = if init.ty.rank() > 0 { self.const_elements(init, n as i64)? } else { vec![init.clone(); n] };
                    vals.iter().map(|e| self.value_bytes(b, es as i64, e)).collect::<Option<_>>()?
                }
            };
            for (i, v) in values.iter().enumerate() {
                let at = c.offset.max(0) as usize + i * es;
                out.get_mut(at..at + v.len())?.copy_from_slice(v);
            }
        }
        Some(out)
    }

    /// The bytes of a constant structure value of type `k`: a structure constructor (of
    /// constant values; the defaults for the components it leaves out) or a named constant.
    fn derived_value_bytes(&self, k: u16, e: &Expr, depth: u32) -> Option<Vec<u8>> {
        if depth > 32 {
            return None;
        }
        let args = match &e.kind {
            ExprKind::StructCtor { ty, args } if *ty == k => args,
            ExprKind::Paren(x) => return self.derived_value_bytes(k, x, depth + 1),
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name).filter(|s| s.parameter && s.rank == 0)?;
                return self.derived_value_bytes(k, s.init.as_ref()?, depth + 1);
            }
            _ => return None,
        };
        let mut out = self.struct_bytes(k, depth + 1)?;
        let t = self.type_info(k)?;
        for (c, v) in t.comps.iter().zip(args) {
            let Some(v) = v else { continue };
            if c.alloc || c.pointer || c.proc_key.is_some() {
                // Only `null()` leaves them as the defaults have them.
                match &v.kind {
                    ExprKind::Intrinsic { func: Intrinsic::Null, .. } => continue,
                    _ => return None,
                }
            }
            let n = c.elems().max(0) as usize;
            let (es, _) = gpuf_frontend::sema::base_layout(c.base, c.char_len, self.types);
            let es = es.max(0) as usize;
            let values: Vec<Vec<u8>> = match c.base {
                BaseTy::Derived(j) if v.ty.rank() == 0 => vec![self.derived_value_bytes(j, v, depth + 1)?; n],
                BaseTy::Derived(_) => return None,
                b => {
                    let vals = if v.ty.rank() > 0 { self.const_elements(v, n as i64)? } else { vec![v.clone(); n] };
                    vals.iter().map(|e| self.value_bytes(b, es as i64, e)).collect::<Option<_>>()?
                }
            };
            for (i, x) in values.iter().enumerate() {
                let at = c.offset.max(0) as usize + i * es;
                out.get_mut(at..at + x.len())?.copy_from_slice(x);
            }
        }
        Some(out)
    }

    /// The `n` elements, in array element order, of a constant array value: an array
    /// constructor (nested, with implied-do loops of constant bounds), a named constant
    /// array, `reshape` of one, or a scalar for every element.
    fn const_elements(&self, e: &Expr, n: i64) -> Option<Vec<Expr>> {
        if e.ty.rank() == 0 {
            return Some(vec![e.clone(); n.max(0) as usize]);
        }
        let mut out = Vec::new();
        self.flatten_const(e, &[], &mut out, 0)?;
        (out.len() as i64 == n).then_some(out)
    }

    fn flatten_const(&self, e: &Expr, binds: &[(String, i64)], out: &mut Vec<Expr>, depth: u32) -> Option<()> {
        if depth > 32 || out.len() > 1 << 24 {
            return None;
        }
        match &e.kind {
            ExprKind::ArrayCtor(items) => self.flatten_items(items, binds, out, depth),
            ExprKind::Paren(x) => self.flatten_const(x, binds, out, depth + 1),
            ExprKind::Name(id) if e.ty.rank() > 0 => {
                let s = self.syms.get(&id.name).filter(|s| s.parameter)?;
                self.flatten_const(s.init.as_ref()?, &[], out, depth + 1)
            }
            ExprKind::Intrinsic { func: Intrinsic::Reshape, args } if args.len() == 2 => {
                self.flatten_const(args.first()?, binds, out, depth + 1)
            }
            // Elemental operations on constant arrays (`w * 10`, `-w`, `a + b`).
            ExprKind::Binary(op, a, b) if e.ty.rank() > 0 => {
                let (mut xs, mut ys) = (Vec::new(), Vec::new());
                self.flatten_const(a, binds, &mut xs, depth + 1)?;
                self.flatten_const(b, binds, &mut ys, depth + 1)?;
                let n = xs.len().max(ys.len());
                let at = |v: &Vec<Expr>, i: usize, rank: u8| if rank == 0 { v.first().cloned() } else { v.get(i).cloned() };
                for i in 0..n {
                    let (x, y) = (at(&xs, i, a.ty.rank())?, at(&ys, i, b.ty.rank())?);
                    let ty = gpuf_frontend::ast::Ty::Scalar(e.ty.base()?);
                    out.push(Expr { kind: ExprKind::Binary(*op, Box::new(x), Box::new(y)), span: e.span, ty });
                }
                Some(())
            }
            ExprKind::Unary(op, a) if e.ty.rank() > 0 => {
                let mut xs = Vec::new();
                self.flatten_const(a, binds, &mut xs, depth + 1)?;
                let ty = gpuf_frontend::ast::Ty::Scalar(e.ty.base()?);
                out.extend(xs.into_iter().map(|x| Expr { kind: ExprKind::Unary(*op, Box::new(x)), span: e.span, ty }));
                Some(())
            }
            _ if e.ty.rank() == 0 => {
                out.push(substitute(e, binds));
                Some(())
            }
            _ => None,
        }
    }

    fn flatten_items(&self, items: &[CtorItem], binds: &[(String, i64)], out: &mut Vec<Expr>, depth: u32) -> Option<()> {
        for it in items {
            match it {
                CtorItem::Expr(x) => self.flatten_const(x, binds, out, depth + 1)?,
                CtorItem::ImpliedDo(d) => {
                    let int = |x: &Expr| match const_value(&substitute(x, binds), Ty::I64, self.syms)? {
                        Op::I64(v) => Some(v),
                        Op::I32(v) => Some(i64::from(v)),
                        _ => None,
                    };
                    let (lo, hi) = (int(&d.lo)?, int(&d.hi)?);
                    let step = match &d.step {
                        Some(x) => int(x)?,
                        None => 1,
                    };
                    if step == 0 {
                        return None;
                    }
                    let mut i = lo;
                    while (step > 0 && i <= hi) || (step < 0 && i >= hi) {
                        let mut b = binds.to_vec();
                        b.push((d.var.name.clone(), i));
                        self.flatten_items(&d.items, &b, out, depth + 1)?;
                        if out.len() > 1 << 24 {
                            return None;
                        }
                        i = i.checked_add(step)?;
                    }
                }
            }
        }
        Some(())
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
            None => self.storage.push(Storage::block(gname.clone(), size, align as u32, None, false)),
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

/// `e` with the implied-do variables in `binds` replaced by their values.
fn substitute(e: &Expr, binds: &[(String, i64)]) -> Expr {
    fn walk(e: &mut Expr, binds: &[(String, i64)]) {
        match &mut e.kind {
            ExprKind::Name(id) => {
                if let Some((_, v)) = binds.iter().rev().find(|(n, _)| *n == id.name) {
                    e.kind = ExprKind::Int(*v, 8);
                }
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => walk(x, binds),
            ExprKind::Binary(_, x, y) => {
                walk(x, binds);
                walk(y, binds);
            }
            ExprKind::Intrinsic { args, .. } => {
                for a in args {
                    walk(a, binds);
                }
            }
            _ => {}
        }
    }
    let mut e = e.clone();
    if !binds.is_empty() {
        walk(&mut e, binds);
    }
    e
}

/// Variables of modules not defined in this file (read from module files) live in the
/// object of the file that defines the module: they are declared, not defined, here.
pub(super) fn mark_external_globals(c: &Checked, module: &mut Module) {
    let here: BTreeSet<&str> = c.units.iter().filter(|cu| cu.unit.kind == UnitKind::Module).map(|cu| cu.unit.name.name.as_str()).collect();
    // `bind(c)` module variables have C names: their modules by name.
    let bound: BTreeMap<&str, &str> =
        c.units.iter().flat_map(|cu| cu.symbols.list()).filter_map(|s| Some((s.bind_c.as_deref()?, s.module.as_deref()?))).collect();
    let owner = |name: &str| name.strip_prefix("__").and_then(|n| n.split_once("_MOD_")).map(|(m, _)| m.to_string());
    for g in &mut module.globals {
        if let Some(m) = owner(&g.name).as_deref().or_else(|| bound.get(g.name.as_str()).copied()) {
            g.external = !g.local && !here.contains(m);
        }
    }
    for st in module.storage.iter_mut().filter(|st| st.object) {
        if let Some(m) = owner(&st.name) {
            st.external = !st.local && !here.contains(m.as_str());
        }
    }
}
