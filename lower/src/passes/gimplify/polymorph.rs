//! Polymorphism as gfortran implements it: a `class(T)` dummy is the address of a class
//! container `{_data, _vptr}` (the object's address and its dynamic type's vtab); a
//! type-bound procedure called through one is an indirect call through the vtab; each
//! derived type that takes part in polymorphism (extends or is extended, has bindings,
//! is the declared type of a `class` dummy) gets its vtab where it is defined.

use super::assumed::{DIM, HEAD};
use super::*;
use gpuf_frontend::sema::TypeInfo;

/// The fixed words of a vtab before the bindings: `_hash`, `_size`, `_extends`,
/// `_def_init`, `_copy`, `_final`, `_deallocate`.
const VTAB_FIXED: i64 = 7;

/// A type name as gfortran spells it in symbol names: its first letter upper case.
fn upper_first(n: &str) -> String {
    let mut c = n.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

/// The global name of the vtab of a type: `__mod_MOD___vtab_mod_Type` for a module's type,
/// `__vtab_prog_Type` (internal) for a program's.
/// gfortran's name of a type's default initialisation object (`__mod_MOD___def_init_mod_T`),
/// beside its vtab.
pub(super) fn def_init_name(t: &TypeInfo) -> String {
    vtab_name(t).replacen("__vtab_", "__def_init_", 1)
}

pub(super) fn vtab_name(t: &TypeInfo) -> String {
    if t.is_star() {
        return "__vtab__STAR".into();
    }
    let tn = upper_first(&t.name);
    match (&t.module, t.here) {
        (Some(m), _) => format!("__{m}_MOD___vtab_{m}_{tn}"),
        // A type read from a module file: its module's.
        (None, false) => format!("__{s}_MOD___vtab_{s}_{tn}", s = t.scope),
        (None, true) => format!("__vtab_{}_{tn}", t.scope),
    }
}

/// gfortran's `_hash` of a type: the sdbm string hash of `scope_Type`, modulo 10^8.
fn type_hash(t: &TypeInfo) -> i64 {
    sdbm(&format!("{}_{}", t.scope, upper_first(&t.name)))
}

/// gfortran's vtab of an intrinsic type (the dynamic type of a `class(*)` entity): its
/// name, the type name its `_hash` is computed from, and its `_size`.
pub(super) fn intrinsic_vtab(b: BaseTy) -> Option<(String, String, i64)> {
    let (n, k, size) = match b {
        BaseTy::Integer(k) => ("INTEGER", k, i64::from(k)),
        BaseTy::Real(k) => ("REAL", k, i64::from(k)),
        BaseTy::Logical(k) => ("LOGICAL", k, i64::from(k)),
        BaseTy::Complex(k) => ("COMPLEX", k, 2 * i64::from(k)),
        BaseTy::Character => ("CHARACTER", 1, 1),
        BaseTy::Derived(_) => return None,
    };
    Some((format!("__vtab_{n}_{k}_"), format!("{n}({k})"), size))
}

/// gfortran's `_hash` of a name: the sdbm string hash, modulo 10^8.
fn sdbm(s: &str) -> i64 {
    let mut h: u32 = 0;
    for b in s.bytes() {
        h = (h << 6).wrapping_add(h << 16).wrapping_sub(h).wrapping_add(u32::from(b));
    }
    i64::from(h % 100_000_000)
}

/// The `_hash` of an intrinsic type's vtab.
fn intrinsic_hash(b: BaseTy) -> i32 {
    intrinsic_vtab(b).map_or(0, |(_, n, _)| sdbm(&n) as i32)
}

/// The intrinsic types whose vtabs a file with `class(*)` entities gets (each object its
/// own internal copy; types compare by `_hash`, so gfortran's objects agree).
const INTRINSIC_VTAB_TYPES: [BaseTy; 13] = [
    BaseTy::Integer(1),
    BaseTy::Integer(2),
    BaseTy::Integer(4),
    BaseTy::Integer(8),
    BaseTy::Real(4),
    BaseTy::Real(8),
    BaseTy::Complex(4),
    BaseTy::Complex(8),
    BaseTy::Logical(1),
    BaseTy::Logical(2),
    BaseTy::Logical(4),
    BaseTy::Logical(8),
    BaseTy::Character,
];

/// The types defined in this file that take part in polymorphism (they get vtabs): those
/// that extend or are extended, have bindings or are the declared type of a `class` entity;
/// every type of a module, as gfortran defines their vtabs with the module (another unit
/// may make one the dynamic type of a `class(*)` entity); every type of a file with
/// `class(*)` entities.
pub(super) fn vtab_types(c: &Checked) -> Vec<u16> {
    let types = &c.types;
    let class_of = |k: usize| {
        let b = BaseTy::Derived(k as u16);
        c.procs.map.values().any(|p| p.args.iter().any(|a| a.class && a.base == b))
            || c.units.iter().any(|u| u.symbols.list().iter().any(|s| s.class && s.base == b))
            || types.iter().any(|t| t.comps.iter().any(|cp| cp.class && cp.base == b))
    };
    let mut out = Vec::new();
    for (k, t) in types.iter().enumerate() {
        let extended = types.iter().any(|x| x.parent == Some(k as u16));
        let any = t.module.is_some() || types.iter().any(TypeInfo::is_star);
        if t.here && t.defined && !t.is_star() && (any || t.parent.is_some() || extended || !t.bindings.is_empty() || class_of(k)) {
            out.push(k as u16);
        }
    }
    out
}

/// The name of the `_copy` procedure of a type's vtab, as gfortran names it:
/// `__mod_MOD___copy_mod_Type` for a module's type, `__copy_prog_Type` (internal) else.
pub(super) fn copy_name(t: &TypeInfo) -> String {
    let tn = upper_first(&t.name);
    match &t.module {
        Some(m) => format!("__{m}_MOD___copy_{m}_{tn}"),
        None => format!("__copy_{}_{tn}", t.scope),
    }
}

/// The `_copy` procedure of the vtab of an intrinsic type (internal to each object), as
/// gfortran names it.
pub(super) fn intrinsic_copy_name(b: BaseTy) -> String {
    match intrinsic_vtab(b) {
        Some(_) if b == BaseTy::Character => "__copy_character_1".into(),
        Some((name, _, _)) => name.replacen("__vtab_", "__copy_", 1),
        None => String::new(),
    }
}

/// The intrinsic types whose vtabs (and `_copy` procedures) this file defines.
pub(super) fn intrinsic_vtab_types(c: &Checked) -> &'static [BaseTy] {
    if c.types.iter().any(TypeInfo::is_star) {
        &INTRINSIC_VTAB_TYPES
    } else {
        &[]
    }
}

/// The name of the finalization wrapper of a type's vtab (`_final`), as gfortran names it:
/// `__mod_MOD___final_mod_Type` for a module's type, `__final_prog_Type` (internal) else.
pub(super) fn final_name(t: &TypeInfo) -> String {
    let tn = upper_first(&t.name);
    match (&t.module, t.here) {
        (Some(m), _) => format!("__{m}_MOD___final_{m}_{tn}"),
        (None, false) => format!("__{s}_MOD___final_{s}_{tn}", s = t.scope),
        (None, true) => format!("__final_{}_{tn}", t.scope),
    }
}

/// Does type `k` get a finalization wrapper (`_final`)? When it or an ancestor has final
/// procedures.
pub(super) fn has_final_wrapper(types: &[TypeInfo], k: u16) -> bool {
    let mut x = Some(k);
    for _ in 0..64 {
        let Some(t) = x.and_then(|y| types.get(y as usize)) else { break };
        if !t.finals.is_empty() {
            return true;
        }
        x = t.parent;
    }
    false
}

/// The vtabs of the types defined in this file that take part in polymorphism.
pub(super) fn vtabs(c: &Checked, def_inits: &BTreeSet<u16>) -> Vec<Vtab> {
    let types = &c.types;
    let mut out = Vec::new();
    for k in vtab_types(c) {
        let Some(t) = types.get(k as usize) else { continue };
        let mut words = vec![VtabWord::Int(type_hash(t)), VtabWord::Int(t.size)];
        words.push(match t.parent.and_then(|p| types.get(p as usize)) {
            Some(p) => VtabWord::Addr(vtab_name(p)),
            None => VtabWord::Null,
        });
        // `_def_init` (`def_init_name`); `_copy` (gfortran's deep copy of a value, see
        // `G::copy_proc`, none for an abstract type); `_final` (`G::final_proc_body`);
        // `_deallocate`: gpuf does not use it yet.
        words.push(if def_inits.contains(&k) { VtabWord::Addr(def_init_name(t)) } else { VtabWord::Null });
        words.push(if t.is_abstract { VtabWord::Null } else { VtabWord::Addr(copy_name(t)) });
        words.push(if has_final_wrapper(types, k) { VtabWord::Addr(final_name(t)) } else { VtabWord::Null });
        words.push(VtabWord::Null);
        for b in t.bindings.iter().filter(|b| b.generic.is_none()) {
            words.push(match b.key.as_ref().and_then(|key| c.procs.map.get(key)) {
                Some(p) => VtabWord::Addr(p.link_name.clone()),
                None => VtabWord::Null,
            });
        }
        out.push(Vtab { name: vtab_name(t), words, local: t.module.is_none() });
    }
    if types.iter().any(TypeInfo::is_star) {
        let null4 = [VtabWord::Null, VtabWord::Null, VtabWord::Null, VtabWord::Null, VtabWord::Null];
        // (`_def_init` null, `_copy` the type's, `_final`, `_deallocate` null.)
        let intrinsic_words =
            |b: BaseTy| [VtabWord::Null, VtabWord::Null, VtabWord::Addr(intrinsic_copy_name(b)), VtabWord::Null, VtabWord::Null];
        let mut words = vec![VtabWord::Int(0), VtabWord::Int(0)];
        words.extend(null4.clone());
        // gfortran's code that uses a module with `class(*)` entities finds these vtabs in
        // the module's object (`__mod_MOD___vtab_INTEGER_4_`): each module of this file
        // with such entities defines them all too.
        let star = |b: BaseTy| matches!(b, BaseTy::Derived(k) if types.get(k as usize).is_some_and(TypeInfo::is_star));
        let star_modules: Vec<&str> = c
            .units
            .iter()
            .filter(|u| u.unit.kind == UnitKind::Module)
            .map(|u| u.unit.name.name.as_str())
            .filter(|m| {
                c.units.iter().any(|u| u.symbols.list().iter().any(|s| s.module.as_deref() == Some(*m) && star(s.base)))
                    || c.procs.map.values().any(|p| p.module.as_deref() == Some(*m) && p.args.iter().any(|a| a.class && star(a.base)))
            })
            .collect();
        let prefixes: Vec<(String, bool)> =
            std::iter::once((String::new(), true)).chain(star_modules.iter().map(|m| (format!("__{m}_MOD_"), false))).collect();
        for (pre, local) in prefixes {
            out.push(Vtab { name: format!("{pre}__vtab__STAR"), words: words.clone(), local });
            for b in INTRINSIC_VTAB_TYPES {
                let Some((name, hn, size)) = intrinsic_vtab(b) else { continue };
                let mut w = vec![VtabWord::Int(sdbm(&hn)), VtabWord::Int(size)];
                w.extend(intrinsic_words(b));
                out.push(Vtab { name: format!("{pre}{name}"), words: w, local });
            }
        }
    }
    out
}

impl G<'_> {
    /// The body of the `_copy` procedure of type `k` (`copy_name`), as gfortran's vtabs
    /// hold it: `(src, dst)` copies the value at `src` into the fresh memory at `dst`, its
    /// allocatable components deeply.
    pub(super) fn copy_proc(&mut self, k: u16) {
        let src = self.f.new_var("src".to_string(), Ty::Ptr);
        let dst = self.f.new_var("dst".to_string(), Ty::Ptr);
        self.f.params = vec![src, dst];
        let size = Op::I64(self.type_size(k));
        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![Op::Var(dst), size.clone(), Op::Var(src), size]));
        self.dup_alloc_comps(Op::Var(dst), k);
        self.emit(Stmt::Return);
    }

    /// The body of the finalization wrapper of type `k` (`final_name`), with gfortran's
    /// signature `(array, byte_stride, fini_coarray)`: the descriptor of the objects (any
    /// rank, elements `byte_stride` bytes apart per unit of stride), which get the type's
    /// final procedure of the descriptor's rank (chosen at run time; an array's elements
    /// gathered into a temporary of the type's size and scattered back after it), else
    /// its elemental one per element; then its parent's wrapper on the same elements;
    /// returns 0.
    pub(super) fn final_proc_body(&mut self, k: u16) {
        use super::assumed::{DIM, HEAD};
        let desc = self.f.new_var("array".to_string(), Ty::Ptr);
        let bs = self.f.new_var("byte_stride".to_string(), Ty::Ptr);
        let fc = self.f.new_var("fini_coarray".to_string(), Ty::Ptr);
        self.f.params = vec![desc, bs, fc];
        let r = self.f.new_var("result".to_string(), Ty::I32);
        self.f.result = Some(r);
        self.emit(Stmt::Assign(r, Rv::Use(Op::I32(0))));
        let stride = self.val(Ty::I64, Rv::Cast(Ty::I64, Op::Var(bs)));
        let ra = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(desc), Op::I64(28)));
        let rank = self.val(Ty::I8, Rv::Load(Ty::I8, ra));
        let rank = self.val(Ty::I32, Rv::Cast(Ty::I32, rank));
        let ranks: Vec<usize> = self
            .types
            .get(k as usize)
            .map(|t| t.finals.iter().map(|(_, r)| *r).filter(|r| *r != gpuf_frontend::sema::ELEMENTAL_FINAL).collect())
            .unwrap_or_default();
        // The elemental procedure (for the ranks no other one takes), then one arm per rank.
        self.push_block();
        if let Some(f) = self.final_proc(k, gpuf_frontend::sema::ELEMENTAL_FINAL) {
            let n = self.val(Ty::I64, Rv::Call("gpuf_desc_count".into(), vec![Op::Var(desc)], Ty::I64));
            let hi = self.bin(Ty::I64, BinOp::Sub, n, Op::I64(1));
            let i = self.tmp(Ty::I64);
            self.push_block();
            let a = self.val(Ty::Ptr, Rv::Call("gpuf_desc_elem".into(), vec![Op::Var(desc), Op::Var(i), stride.clone()], Ty::Ptr));
            self.emit(Stmt::Call(f, vec![a]));
            let body = self.pop_block();
            let id = self.f.new_loop();
            self.emit(Stmt::Loop { id, var: i, lo: Op::I64(0), hi, step: Op::I64(1), body, part: None });
        }
        let mut else_body = self.pop_block();
        for rk in ranks {
            let cond = self.val(Ty::I32, Rv::Binary(BinOp::Eq, rank.clone(), Op::I32(rk as i32)));
            self.push_block();
            if rk == 0 {
                if let Some(f) = self.final_proc(k, 0) {
                    let data = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, Op::Var(desc)));
                    self.emit(Stmt::Call(f, vec![data]));
                }
            } else if let Some((f, assumed)) = self.final_proc_rank(k, rk) {
                let tsize = self.type_size(k);
                let n = self.val(Ty::I64, Rv::Call("gpuf_desc_count".into(), vec![Op::Var(desc)], Ty::I64));
                let bytes = self.bin(Ty::I64, BinOp::Mul, n.clone(), Op::I64(tsize));
                let tmp = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
                let hi = self.bin(Ty::I64, BinOp::Sub, n, Op::I64(1));
                let copy = |g: &mut Self, back: bool| {
                    let i = g.tmp(Ty::I64);
                    g.push_block();
                    let a = g.val(Ty::Ptr, Rv::Call("gpuf_desc_elem".into(), vec![Op::Var(desc), Op::Var(i), stride.clone()], Ty::Ptr));
                    let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(i), Op::I64(tsize));
                    let t = g.val(Ty::Ptr, Rv::PtrAdd(tmp.clone(), off));
                    let (to, from) = if back { (a, t) } else { (t, a) };
                    g.emit(Stmt::Call("gpuf_str_copy".into(), vec![to, Op::I64(tsize), from, Op::I64(tsize)]));
                    let body = g.pop_block();
                    let id = g.f.new_loop();
                    g.emit(Stmt::Loop { id, var: i, lo: Op::I64(0), hi: hi.clone(), step: Op::I64(1), body, part: None });
                };
                copy(self, false);
                let mark = self.call_after.len();
                let arg = if assumed {
                    // The descriptor's shape, contiguous, lower bounds 1.
                    let mut dims = Vec::new();
                    let mut prod = Op::I64(1);
                    for j in 0..rk as i64 {
                        let la = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(desc), Op::I64(HEAD + DIM * j + 8)));
                        let lo = self.val(Ty::I64, Rv::Load(Ty::I64, la));
                        let ua = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(desc), Op::I64(HEAD + DIM * j + 16)));
                        let up = self.val(Ty::I64, Rv::Load(Ty::I64, ua));
                        let e = self.bin(Ty::I64, BinOp::Sub, up, lo);
                        let e = self.bin(Ty::I64, BinOp::Add, e, Op::I64(1));
                        let e = self.val(Ty::I64, Rv::Binary(BinOp::Max, e, Op::I64(0)));
                        dims.push((prod.clone(), Op::I64(1), e.clone()));
                        prod = self.bin(Ty::I64, BinOp::Mul, prod, e);
                    }
                    self.build_desc(BaseTy::Derived(k), tmp.clone(), &dims)
                } else {
                    tmp.clone()
                };
                self.emit(Stmt::Call(f, vec![arg]));
                self.after_call(mark);
                copy(self, true);
                self.emit(Stmt::Call("gpuf_free".into(), vec![tmp]));
            }
            let then_body = self.pop_block();
            else_body = vec![Stmt::If { cond, then_body, else_body }];
        }
        for st in else_body {
            self.emit(st);
        }
        if let Some(p) = self.types.get(k as usize).and_then(|t| t.parent) {
            if has_final_wrapper(self.types, p) {
                if let Some(pt) = self.types.get(p as usize) {
                    self.val(Ty::I32, Rv::Call(final_name(pt), vec![Op::Var(desc), Op::Var(bs), Op::Var(fc)], Ty::I32));
                }
            }
        }
        self.emit(Stmt::Return);
    }

    /// The body of the `_copy` procedure of intrinsic type `b`'s vtab: `(src, dst)` copies
    /// the value; a character's `(src, dst, src_len, dst_len)` pads with blanks.
    pub(super) fn intrinsic_copy_proc(&mut self, b: BaseTy) {
        let src = self.f.new_var("src".to_string(), Ty::Ptr);
        let dst = self.f.new_var("dst".to_string(), Ty::Ptr);
        self.f.params = vec![src, dst];
        let (sl, dl) = if b == BaseTy::Character {
            let sl = self.f.new_var("src_len".to_string(), Ty::Ptr);
            let dl = self.f.new_var("dst_len".to_string(), Ty::Ptr);
            self.f.params.extend([sl, dl]);
            let sl = self.val(Ty::I64, Rv::Cast(Ty::I64, Op::Var(sl)));
            let dl = self.val(Ty::I64, Rv::Cast(Ty::I64, Op::Var(dl)));
            (sl, dl)
        } else {
            (Op::I64(self.elem_size(b)), Op::I64(self.elem_size(b)))
        };
        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![Op::Var(dst), dl, Op::Var(src), sl]));
        self.emit(Stmt::Return);
    }

    /// A function's polymorphic allocatable result (`ProcSig::result_class`): its class
    /// container, returned by value in registers as gfortran does (`codegen`'s `aggret`).
    pub(super) fn declare_class_result(&mut self, s: &gpuf_frontend::sema::Symbol) {
        let BaseTy::Derived(k) = s.base else { return };
        if self.is_star(s.base) {
            // `{_data, _vptr, _len}`: 24 bytes, returned through a hidden first argument
            // (x86-64 System V's structure return, as gfortran's).
            let h = self.f.new_var(format!("{}.sret", s.name), Ty::Ptr);
            self.f.params.insert(0, h);
            self.f.result = Some(h);
            self.emit(Stmt::Store(Ty::Ptr, Op::Var(h), Op::Null));
            self.set_vptr(Op::Var(h), k);
            let la = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(h), Op::I64(16)));
            self.emit(Stmt::Store(Ty::I64, la, Op::I64(0)));
            self.declare_class_alloc(s, Some(h), false);
            return;
        }
        let r = self.f.new_var("gpuf.aggret.ll".to_string(), Ty::Ptr);
        self.emit(Stmt::Assign(r, Rv::Call("gpuf_alloc".into(), vec![Op::I64(16)], Ty::Ptr)));
        self.f.result = Some(r);
        self.emit(Stmt::Store(Ty::Ptr, Op::Var(r), Op::Null));
        self.set_vptr(Op::Var(r), k);
        self.declare_class_alloc(s, Some(r), false);
    }

    /// A reference to a function with a polymorphic allocatable result: the container it
    /// returns in a temporary, whose object is freed after the statement (with the
    /// container); the declared type. None for other expressions.
    pub(super) fn class_result_call(&mut self, e: &Expr) -> Option<(Op, u16)> {
        let ExprKind::Call { name, args } = &e.kind else { return None };
        if e.ty.rank() > 0 || !self.procs.map.get(&name.name).is_some_and(|p| p.result_class) {
            return None;
        }
        let Some(BaseTy::Derived(k)) = e.ty.base() else { return None };
        if self.region.is_some() || self.in_routine() {
            self.not_yet("functions with polymorphic results in device code", e.span);
            return None;
        }
        let star = self.is_star(BaseTy::Derived(k));
        let buf = self.str_temp(Op::I64(if star { 24 } else { 16 }));
        let Some((link, ops)) = self.call_args(name, args, e.span) else { return Some((buf, k)) };
        let mut all = vec![buf.clone()];
        all.extend(ops);
        if star {
            // (Through a hidden first argument: see `declare_class_result`.)
            self.val(Ty::Ptr, Rv::Call(link, all, Ty::Ptr));
        } else {
            self.emit(Stmt::Call(format!("gpuf.aggret.ll.{link}"), all));
        }
        self.reload_global_descs();
        // (A pointer result's target lives on.)
        if let (Op::Var(v), false) = (&buf, self.procs.map.get(&name.name).is_some_and(|p| p.result_pointer)) {
            self.class_temps.push((*v, k));
        }
        Some((buf, k))
    }

    /// Frees the object in the class container of a polymorphic function result.
    pub(super) fn free_class_temp(&mut self, t: VarId, k: u16) {
        let p = self.f.new_var("class.result".to_string(), Ty::Ptr);
        self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, Op::Var(t))));
        self.free_class_data(p, Op::Var(t), k, false);
    }

    /// The address of a class container for an actual argument of a `class(T)` dummy: a
    /// polymorphic dummy's own container, else one built on the stack with the object's
    /// address and its type's vtab.
    pub(super) fn class_actual(&mut self, e: &Expr, star: bool) -> Op {
        // A polymorphic component: its container in the structure.
        if let Some((slot, _)) = self.class_comp_slot(e) {
            return slot;
        }
        // An element of a polymorphic array: its address and the array's `_vptr`.
        if let Some(c) = self.class_elem_actual(e) {
            return c;
        }
        // A polymorphic function result: the container it returned.
        if let Some((c, _)) = self.class_result_call(e) {
            return c;
        }
        if star {
            return self.star_actual(e);
        }
        if let ExprKind::Name(id) = &e.kind {
            if let Some(&pv) = self.class_conts.get(&id.name) {
                return Op::Var(pv);
            }
            // A polymorphic dummy of the host: its container is not passed down.
            if self.syms.get(&id.name).is_some_and(|s| s.class) {
                self.not_yet(format!("the host's polymorphic variable `{}` in an internal procedure", id.name), e.span);
                return Op::Null;
            }
        }
        let Some(t) = e.ty.base().and_then(|b| if let BaseTy::Derived(k) = b { self.types.get(k as usize) } else { None }) else {
            self.not_yet("this actual argument of a `class` dummy", e.span);
            return Op::Null;
        };
        let vt = vtab_name(t);
        let addr = self.arg_addr(e);
        let blk = self.val(Ty::Ptr, Rv::Alloca(16));
        self.emit(Stmt::Store(Ty::Ptr, blk.clone(), addr));
        // Device code has no vtabs: nothing there reads `_vptr` (sema rejects dispatch
        // and `select type` on the device), so it is null.
        let vp = if self.region.is_some() || self.in_routine() { Op::Null } else { self.val(Ty::Ptr, Rv::GlobalAddr(vt)) };
        let at = self.val(Ty::Ptr, Rv::PtrAdd(blk.clone(), Op::I64(8)));
        self.emit(Stmt::Store(Ty::Ptr, at, vp));
        blk
    }

    /// The address of a `class(*)` container `{_data, _vptr, _len}` for an actual argument of
    /// a `class(*)` dummy: a polymorphic entity's own container, else one on the stack with
    /// the actual's address, its type's vtab and a character's length.
    fn star_actual(&mut self, e: &Expr) -> Op {
        if let ExprKind::Name(id) = &e.kind {
            if let Some(&pv) = self.class_conts.get(&id.name) {
                return Op::Var(pv);
            }
        }
        if self.region.is_some() || self.in_routine() {
            self.not_yet("`class(*)` arguments in device code", e.span);
            return Op::Null;
        }
        let Some(b) = e.ty.base().filter(|_| e.ty.rank() == 0) else {
            self.not_yet("this actual argument of a `class(*)` dummy", e.span);
            return Op::Null;
        };
        let (addr, len) = if b == BaseTy::Character {
            let (a, n) = self.str_expr(e);
            (a, self.conv(n, Ty::I64))
        } else {
            (self.arg_addr(e), Op::I64(0))
        };
        let vt = match b {
            BaseTy::Derived(k) => self.types.get(k as usize).map(vtab_name),
            _ => intrinsic_vtab(b).map(|v| v.0),
        };
        let Some(vt) = vt else { return Op::Null };
        let blk = self.val(Ty::Ptr, Rv::Alloca(24));
        self.emit(Stmt::Store(Ty::Ptr, blk.clone(), addr));
        let vp = self.val(Ty::Ptr, Rv::GlobalAddr(vt));
        let at = self.val(Ty::Ptr, Rv::PtrAdd(blk.clone(), Op::I64(8)));
        self.emit(Stmt::Store(Ty::Ptr, at, vp));
        let at = self.val(Ty::Ptr, Rv::PtrAdd(blk.clone(), Op::I64(16)));
        self.emit(Stmt::Store(Ty::I64, at, len));
        blk
    }

    /// Is `b` the pseudo-type of `class(*)`?
    pub(super) fn is_star(&self, b: BaseTy) -> bool {
        matches!(b, BaseTy::Derived(k) if self.types.get(k as usize).is_some_and(TypeInfo::is_star))
    }

    /// The procedure address for a call through a vtab (`@tbp:POS:SLOT`): slot `SLOT` of
    /// the vtab of the container passed at `POS`.
    pub(super) fn dispatch_addr(&mut self, at: &str, ops: &[Op], sp: Span) -> Option<Op> {
        let parsed = at.split_once(':').and_then(|(p, s)| Some((p.parse::<usize>().ok()?, s.parse::<i64>().ok()?)));
        let Some((cont, slot)) = parsed.and_then(|(p, s)| Some((ops.get(p)?.clone(), s))) else {
            self.not_yet("this call of a type-bound procedure", sp);
            return None;
        };
        if self.region.is_some() {
            self.not_yet("calls of type-bound procedures through polymorphic objects inside compute constructs", sp);
            return None;
        }
        let vpa = self.val(Ty::Ptr, Rv::PtrAdd(cont, Op::I64(8)));
        let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, vpa));
        let fa = self.val(Ty::Ptr, Rv::PtrAdd(vptr, Op::I64(8 * (VTAB_FIXED + slot))));
        Some(self.val(Ty::Ptr, Rv::Load(Ty::Ptr, fa)))
    }

    /// The `_hash` of the dynamic type of the polymorphic dummy `name`, and its container
    /// and object addresses.
    fn dynamic_hash(&mut self, e: &Expr) -> Option<(Op, Op, VarId)> {
        if let Some((slot, _)) = self.class_comp_slot(e) {
            let cont = self.f.new_var("class.comp".to_string(), Ty::Ptr);
            self.emit(Stmt::Assign(cont, Rv::Use(slot)));
            let data = self.f.new_var("class.data".to_string(), Ty::Ptr);
            self.emit(Stmt::Assign(data, Rv::Load(Ty::Ptr, Op::Var(cont))));
            let vptr = self.load_vptr(Op::Var(cont));
            let hash = self.val(Ty::I32, Rv::Load(Ty::I32, vptr));
            return Some((hash, Op::Var(cont), data));
        }
        // A function with a polymorphic scalar result: the container it returned (its
        // object freed after the statement, or after a `select type` construct).
        if let Some((buf, _)) = self.class_result_call(e) {
            let data = self.f.new_var("class.data".to_string(), Ty::Ptr);
            self.emit(Stmt::Assign(data, Rv::Load(Ty::Ptr, buf.clone())));
            let vptr = self.load_vptr(buf.clone());
            let hash = self.val(Ty::I32, Rv::Load(Ty::I32, vptr));
            return Some((hash, buf, data));
        }
        // An element of a polymorphic array: a container made for it.
        if let Some(blk) = self.class_elem_actual(e) {
            let cont = self.f.new_var("class.elem".to_string(), Ty::Ptr);
            self.emit(Stmt::Assign(cont, Rv::Use(blk)));
            let data = self.f.new_var("class.data".to_string(), Ty::Ptr);
            self.emit(Stmt::Assign(data, Rv::Load(Ty::Ptr, Op::Var(cont))));
            let vptr = self.load_vptr(Op::Var(cont));
            let hash = self.val(Ty::I32, Rv::Load(Ty::I32, vptr));
            return Some((hash, Op::Var(cont), data));
        }
        let ExprKind::Name(id) = &e.kind else { return None };
        let cont = *self.class_conts.get(&id.name)?;
        let Some(Home::Mem(data, _)) = self.lookup(&id.name) else { return None };
        let vpa = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(8)));
        let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, vpa));
        let hash = self.val(Ty::I32, Rv::Load(Ty::I32, vptr));
        Some((hash, Op::Var(cont), data))
    }

    /// The hashes of type `t` and of the types of this file that extend it.
    fn family_hashes(&self, t: u16) -> Vec<i32> {
        self.family(t).into_iter().filter_map(|k| self.types.get(k as usize)).map(|ti| type_hash(ti) as i32).collect()
    }

    /// `select type`: the guards as an `if` chain on the dynamic type's `_hash` (as gfortran
    /// compares types): `type is` guards first, then `class is` guards, the most extended
    /// type first (matching any type of this file that extends it), then `class default`.
    pub(super) fn select_type(&mut self, sel: &Expr, guards: &[ast::TypeGuard]) {
        // A function with a polymorphic array result: its result homed under a fresh name
        // (freed after the construct), selected as that array.
        if let Some(t) = self.class_array_call(sel) {
            let named = Expr { kind: ExprKind::Name(ast::Ident { name: t, span: sel.span }), ..sel.clone() };
            return self.select_type(&named, guards);
        }
        // A polymorphic array: the associate name is the array of the guard's type.
        let comp = if sel.ty.rank() > 0 { self.class_comp_array(sel) } else { None };
        let arr = match &sel.kind {
            // A polymorphic allocatable array component: its container in the structure.
            _ if comp.is_some() => comp.map(|(a, d, _, _)| {
                let c = self.f.new_var("class.comp".to_string(), Ty::Ptr);
                self.emit(Stmt::Assign(c, Rv::Use(a)));
                let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(c), Op::I64(HEAD + DIM * d.lb.len() as i64)));
                let v = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
                (v, d, c)
            }),
            ExprKind::Name(id) if sel.ty.rank() > 0 => match (self.class_array_vptr(&id.name), self.lookup(&id.name)) {
                (Some(v), Some(Home::Array(d))) => self.class_arrs.get(&id.name).map(|&c| (v, d, c)),
                _ => None,
            },
            _ => None,
        };
        let dynamic = match &arr {
            Some((v, _, _)) => {
                let hash = self.val(Ty::I32, Rv::Load(Ty::I32, v.clone()));
                let data = self.f.new_var("class.data".to_string(), Ty::Ptr);
                Some((hash, Op::Null, data))
            }
            None => self.dynamic_hash(sel),
        };
        let Some((hash, cont, data)) = dynamic else {
            self.not_yet("this `select type` selector", sel.span);
            return;
        };
        let depth = |g: &G, b: ast::BaseTy| {
            let mut n = 0;
            let mut x = if let BaseTy::Derived(k) = b { Some(k) } else { None };
            while let Some(k) = x.filter(|_| n < 64) {
                n += 1;
                x = g.types.get(k as usize).and_then(|t| t.parent);
            }
            n
        };
        let mut order: Vec<(usize, &ast::TypeGuard)> = guards.iter().enumerate().collect();
        order.sort_by_key(|(i, g)| match g.kind {
            ast::GuardKind::TypeIs(_) => (0, 0, *i),
            ast::GuardKind::ClassIs(b) => (1, -depth(self, b), *i),
            ast::GuardKind::Default => (2, 0, *i),
        });
        // Conditions first, then the chain from the last guard up.
        let mut arms: Vec<(Option<Op>, &ast::TypeGuard)> = Vec::new();
        for (_, g) in order {
            let hashes = match g.kind {
                ast::GuardKind::TypeIs(BaseTy::Derived(t)) => {
                    self.types.get(t as usize).map(|ti| vec![type_hash(ti) as i32]).unwrap_or_default()
                }
                ast::GuardKind::ClassIs(BaseTy::Derived(t)) => self.family_hashes(t),
                ast::GuardKind::TypeIs(b) => vec![intrinsic_hash(b)],
                _ => {
                    arms.push((None, g));
                    continue;
                }
            };
            let mut cond = Op::I32(0);
            for h in hashes {
                let eq = self.val(Ty::I32, Rv::Binary(BinOp::Eq, hash.clone(), Op::I32(h)));
                cond = self.val(Ty::I32, Rv::Binary(BinOp::Or, cond, eq));
            }
            arms.push((Some(cond), g));
        }
        let mut else_body = Vec::new();
        for (cond, g) in arms.into_iter().rev() {
            self.push_block();
            let base = match g.kind {
                ast::GuardKind::TypeIs(b) | ast::GuardKind::ClassIs(b) => b,
                ast::GuardKind::Default => sel.ty.base().unwrap_or(BaseTy::Integer(4)),
            };
            if let (Some((_, d, c)), BaseTy::Character) = (&arr, base) {
                // `type is (character(*))` of a `class(*)` array: elements of `_len` bytes.
                let len = self.f.new_var(format!("{}.len", g.assoc.name), Ty::I64);
                let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(*c), Op::I64(HEAD + DIM * d.lb.len() as i64 + 8)));
                self.emit(Stmt::Assign(len, Rv::Load(Ty::I64, at)));
                self.homes.insert(g.assoc.name.clone(), Home::CharArray { d: Desc { name: g.assoc.name.clone(), base, ..d.clone() }, len });
            } else if let Some((_, d, c)) = &arr {
                self.homes.insert(g.assoc.name.clone(), Home::Array(Desc { name: g.assoc.name.clone(), base, ..d.clone() }));
                if !matches!(g.kind, ast::GuardKind::TypeIs(_)) {
                    self.class_arrs.insert(g.assoc.name.clone(), *c);
                }
            } else if base == BaseTy::Character {
                // `type is (character(*))`: the length is the container's `_len`.
                let len = self.f.new_var(format!("{}.len", g.assoc.name), Ty::I64);
                let at = self.val(Ty::Ptr, Rv::PtrAdd(cont.clone(), Op::I64(16)));
                self.emit(Stmt::Assign(len, Rv::Load(Ty::I64, at)));
                self.homes.insert(g.assoc.name.clone(), Home::Chars { addr: data, len });
            } else {
                self.homes.insert(g.assoc.name.clone(), Home::Mem(data, base));
            }
            if !matches!(g.kind, ast::GuardKind::TypeIs(_)) && arr.is_none() {
                if let Op::Var(c) = cont {
                    self.class_conts.insert(g.assoc.name.clone(), c);
                }
            }
            self.stmts(&g.body);
            let body = self.pop_block();
            else_body = match cond {
                Some(c) => vec![Stmt::If { cond: c, then_body: body, else_body }],
                // `class default` runs when nothing else matched, wherever it is written.
                None => body,
            };
        }
        for s in else_body {
            self.emit(s);
        }
    }

    /// The vtab of a polymorphic object's dynamic type (a scalar's container's, an
    /// array's `_vptr`: a variable's, a component's, a function result's); None for
    /// objects that are not polymorphic.
    fn dyn_vptr(&mut self, e: &Expr) -> Option<Op> {
        if e.ty.rank() == 0 {
            let (_, cont, _) = self.dynamic_hash(e)?;
            return Some(self.load_vptr(cont));
        }
        match &e.kind {
            _ if self.is_class_array_call(e) => self.class_array_call(e).and_then(|t| self.class_array_vptr(&t)),
            ExprKind::Name(id) => self.class_array_vptr(&id.name),
            ExprKind::Component(_) => self.class_comp_array(e).map(|(a, d, _, _)| {
                let at = self.val(Ty::Ptr, Rv::PtrAdd(a, Op::I64(HEAD + DIM * d.lb.len() as i64)));
                self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at))
            }),
            _ => None,
        }
    }

    /// The `_hash` of an object's dynamic type: a polymorphic dummy's from its vtab, else
    /// its declared type's (a constant).
    fn type_hash_of(&mut self, e: &Expr) -> Option<Op> {
        if let Some(v) = self.dyn_vptr(e) {
            return Some(self.val(Ty::I32, Rv::Load(Ty::I32, v)));
        }
        let BaseTy::Derived(k) = e.ty.base()? else { return None };
        self.types.get(k as usize).map(|t| Op::I32(type_hash(t) as i32))
    }

    /// `same_type_as(a, b)` (equal dynamic types) and `extends_type_of(a, mold)` (the
    /// dynamic type of `a` is `mold`'s type, not polymorphic, or one of this file's
    /// types that extend it), by `_hash` as gfortran compares them.
    pub(super) fn type_inquiry(&mut self, extends: bool, args: &[Expr]) -> Op {
        let [a, b] = args else { return Op::I32(0) };
        let Some(ha) = self.type_hash_of(a) else {
            self.not_yet("this argument of a type inquiry", a.span);
            return Op::I32(0);
        };
        if !extends {
            let Some(hb) = self.type_hash_of(b) else {
                self.not_yet("this argument of a type inquiry", b.span);
                return Op::I32(0);
            };
            return self.val(Ty::I32, Rv::Binary(BinOp::Eq, ha, hb));
        }
        let Some(BaseTy::Derived(t)) = b.ty.base() else { return Op::I32(0) };
        if let Some(hb) = self.dyn_vptr(b).map(|v| self.val(Ty::I32, Rv::Load(Ty::I32, v))) {
            // A polymorphic `mold`: `a`'s dynamic type and its ancestors (the vtabs'
            // `_extends` chain) searched for `mold`'s dynamic type.
            let va = match self.dyn_vptr(a) {
                Some(v) => v,
                None => match a.ty.base().and_then(|x| if let BaseTy::Derived(k) = x { self.types.get(k as usize) } else { None }) {
                    Some(ti) => self.val(Ty::Ptr, Rv::GlobalAddr(vtab_name(ti))),
                    None => Op::Null,
                },
            };
            let r = self.f.new_var("extends.r".to_string(), Ty::I32);
            let p = self.f.new_var("extends.vtab".to_string(), Ty::Ptr);
            self.emit(Stmt::Assign(r, Rv::Use(Op::I32(0))));
            self.emit(Stmt::Assign(p, Rv::Use(va)));
            let id = self.f.new_loop();
            self.push_block();
            let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(p), Op::Null));
            let open = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(r), Op::I32(0)));
            let cond = self.val(Ty::I32, Rv::Binary(BinOp::And, live, open));
            let cond_body = self.pop_block();
            self.push_block();
            let h = self.val(Ty::I32, Rv::Load(Ty::I32, Op::Var(p)));
            let eq = self.val(Ty::I32, Rv::Binary(BinOp::Eq, h, hb));
            self.emit(Stmt::Assign(r, Rv::Use(eq)));
            let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(p), Op::I64(16)));
            self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, at)));
            let body = self.pop_block();
            self.emit(Stmt::While { id, cond_body, cond, body });
            return Op::Var(r);
        }
        let mut cond = Op::I32(0);
        for h in self.family_hashes(t) {
            let eq = self.val(Ty::I32, Rv::Binary(BinOp::Eq, ha.clone(), Op::I32(h)));
            cond = self.val(Ty::I32, Rv::Binary(BinOp::Or, cond, eq));
        }
        cond
    }
}

/// Where a polymorphic allocatable's new value comes from.
enum ClassSrc {
    /// A type known at compile time (a type spec, a non-polymorphic `source=`/`mold=`, or
    /// the declared type), with the address of the value to copy (`None`: default
    /// initialisation).
    Static(u16, Option<Op>),
    /// An intrinsic type (of a `class(*)` object), the value to store (`None`: none) and
    /// a character's length.
    Intrinsic(BaseTy, Option<Op>, Op),
    /// A polymorphic `source=`/`mold=`: its container and declared type, and whether its
    /// value is copied (`source=`).
    Dynamic(Op, u16, bool),
}

impl G<'_> {
    /// A polymorphic allocatable scalar (`class(T), allocatable :: x`) as gfortran keeps it:
    /// a class container `{_data, _vptr}` (the caller's for a dummy, a module's or saved
    /// one's global, else a stack block), its data address in a variable written back to
    /// the container when it changes and reloaded after calls (like `global_descs`).
    pub(super) fn declare_class_alloc(&mut self, s: &gpuf_frontend::sema::Symbol, dummy: Option<VarId>, saved: bool) {
        let BaseTy::Derived(k) = s.base else { return };
        let cont = match dummy {
            Some(pv) => pv,
            None => {
                let cont = self.f.new_var(format!("{}.class", s.name), Ty::Ptr);
                let star = self.is_star(s.base);
                match (saved, star) {
                    (true, true) => {
                        // gfortran's 24-byte container under its name (zeroed storage: a
                        // common symbol for a module's, shared by every object that sees it).
                        let (gname, local) = self.static_name(s);
                        if !self.storage.iter().any(|x| x.name == gname) {
                            self.storage.push(Storage::block(gname.clone(), 24, 8, None, local));
                        }
                        self.emit(Stmt::Assign(cont, Rv::GlobalAddr(gname)));
                    }
                    (true, false) => {
                        let (gname, local) = self.static_name(s);
                        self.add_global(&gname, Ty::I128, Op::I128(0), local);
                        self.emit(Stmt::Assign(cont, Rv::GlobalAddr(gname)));
                    }
                    (false, _) => {
                        // `{_data, _vptr}`, `{_data, _vptr, _len}` for `class(*)`
                        self.emit(Stmt::Assign(cont, Rv::Alloca(if star { 24 } else { 16 })));
                        if star {
                            let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(16)));
                            self.emit(Stmt::Store(Ty::I64, at, Op::I64(0)));
                        }
                        self.emit(Stmt::Store(Ty::Ptr, Op::Var(cont), Op::Null));
                        self.set_vptr(Op::Var(cont), k);
                    }
                }
                cont
            }
        };
        let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, Op::Var(cont))));
        self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
        self.class_conts.insert(s.name.clone(), cont);
        let d = Desc { name: s.name.clone(), base: s.base, addr: p, lb: Vec::new(), ext: Vec::new() };
        self.global_descs.push((cont, d));
        if !s.allocatable {
            return;
        }
        if dummy.is_some() && s.intent == Some(ast::Intent::Out) {
            // An `intent(out)` one arrives deallocated.
            self.free_class_data(p, Op::Var(cont), k, true);
            self.store_scalar_global(p);
        } else if dummy.is_none() && !saved && self.unit.kind != UnitKind::Program {
            self.class_frees.push((p, cont, k));
        }
    }

    /// Stores the vtab of type `k` as the dynamic type of the container at `cont`.
    fn set_vptr(&mut self, cont: Op, k: u16) {
        let Some(t) = self.types.get(k as usize) else { return };
        let vt = self.val(Ty::Ptr, Rv::GlobalAddr(vtab_name(t)));
        let at = self.val(Ty::Ptr, Rv::PtrAdd(cont, Op::I64(8)));
        self.emit(Stmt::Store(Ty::Ptr, at, vt));
    }

    /// The vtab address in the container at `cont`.
    pub(super) fn load_vptr(&mut self, cont: Op) -> Op {
        let at = self.val(Ty::Ptr, Rv::PtrAdd(cont, Op::I64(8)));
        self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at))
    }

    /// The types of this file that are `t` or extend it.
    pub(super) fn family(&self, t: u16) -> Vec<u16> {
        (0..self.types.len() as u16).filter(|&k| self.extends_k(k, t)).collect()
    }

    fn extends_k(&self, a: u16, t: u16) -> bool {
        if self.is_star(BaseTy::Derived(t)) {
            return !self.is_star(BaseTy::Derived(a));
        }
        let mut x = Some(a);
        for _ in 0..64 {
            match x {
                Some(y) if y == t => return true,
                Some(y) => x = self.types.get(y as usize).and_then(|z| z.parent),
                None => return false,
            }
        }
        false
    }

    /// An `intent(out)` polymorphic scalar dummy on entry (after finalization): the
    /// allocatable components of its dynamic type freed and its default values stored, a
    /// type of this file's by its own layout, another's copied from its vtab's `_def_init`
    /// (of `_size` bytes), as gfortran does.
    pub(super) fn reset_class_out(&mut self, data: VarId, cont: Op, t: u16) {
        if self.types.get(t as usize).is_some_and(TypeInfo::is_star) {
            return;
        }
        let vptr = self.load_vptr(cont);
        let vp = vptr.clone();
        self.on_dynamic_type(
            vptr,
            t,
            &mut |g, k| {
                if g.has_alloc_comps(k, 0) {
                    g.free_alloc_comps(Op::Var(data), k);
                }
                g.init_struct(Op::Var(data), k);
            },
            &mut |g| {
                let at = g.val(Ty::Ptr, Rv::PtrAdd(vp.clone(), Op::I64(24)));
                let init = g.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
                let set = g.val(Ty::I32, Rv::Binary(BinOp::Ne, init.clone(), Op::Null));
                g.push_block();
                let sa = g.val(Ty::Ptr, Rv::PtrAdd(vp.clone(), Op::I64(8)));
                let size = g.val(Ty::I64, Rv::Load(Ty::I64, sa));
                g.emit(Stmt::Call("gpuf_str_copy".into(), vec![Op::Var(data), size.clone(), init, size]));
                let then_body = g.pop_block();
                g.emit(Stmt::If { cond: set, then_body, else_body: vec![] });
            },
        );
    }

    /// Runs `f` for the dynamic type whose vtab is `vptr` (an `if` chain over the types of
    /// this file that extend `t`, by `_hash`), `other` when it is none of them.
    pub(super) fn on_dynamic_type(&mut self, vptr: Op, t: u16, f: &mut dyn FnMut(&mut Self, u16), other: &mut dyn FnMut(&mut Self)) {
        let hash = self.val(Ty::I32, Rv::Load(Ty::I32, vptr));
        self.push_block();
        other(self);
        let mut else_body = self.pop_block();
        for k in self.family(t).into_iter().rev() {
            let Some(h) = self.types.get(k as usize).map(type_hash) else { continue };
            let cond = self.val(Ty::I32, Rv::Binary(BinOp::Eq, hash.clone(), Op::I32(h as i32)));
            self.push_block();
            f(self, k);
            let then_body = self.pop_block();
            else_body = vec![Stmt::If { cond, then_body, else_body }];
        }
        for s in else_body {
            self.emit(s);
        }
    }

    /// Frees the data of a polymorphic allocatable (with the allocatable components of its
    /// dynamic type) when it is allocated; `p` becomes null.
    pub(super) fn free_class_data(&mut self, p: VarId, cont: Op, t: u16, null: bool) {
        let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(p), Op::Null));
        self.push_block();
        self.finalize_dynamic(Op::Var(p), cont.clone(), t);
        if self.family(t).iter().any(|&k| self.has_alloc_comps(k, 0)) {
            let vptr = self.load_vptr(cont);
            self.on_dynamic_type(vptr, t, &mut |g, k| g.free_alloc_comps(Op::Var(p), k), &mut |_| {});
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(p)]));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
        if null {
            self.emit(Stmt::Assign(p, Rv::Use(Op::Null)));
        }
    }

    /// Finalizes the object at `a` by the dynamic type in the container at `cont` (of
    /// declared type `t`).
    pub(super) fn finalize_dynamic(&mut self, a: Op, cont: Op, t: u16) {
        if !self.family(t).iter().any(|&j| self.finalizable(j)) {
            return;
        }
        let vptr = self.load_vptr(cont);
        self.on_dynamic_type(vptr, t, &mut |g, k| g.finalize_scalar(a.clone(), k), &mut |_| {});
    }

    /// Before a call: the polymorphic allocatable actual `e` of an `intent(out)` dummy is
    /// deallocated (finalized, its components freed), as gfortran's callers do.
    pub(super) fn deallocate_class_actual(&mut self, e: &Expr) {
        let ExprKind::Name(id) = &e.kind else { return };
        if !self.syms.get(&id.name).is_some_and(|s| s.allocatable) {
            return;
        }
        let Some((p, cont, k)) = self.class_alloc(&id.name) else { return };
        self.free_class_data(p, Op::Var(cont), k, true);
        self.store_scalar_global(p);
    }

    /// On return: the procedure's polymorphic allocatable locals are freed.
    pub(super) fn free_class_locals(&mut self) {
        for (p, cont, k) in self.class_frees.clone() {
            self.free_class_data(p, Op::Var(cont), k, false);
        }
    }

    /// Is `name` a polymorphic allocatable or pointer scalar (its container in
    /// `class_conts`)? Its data address variable, container and declared type.
    pub(super) fn class_alloc(&self, name: &str) -> Option<(VarId, VarId, u16)> {
        let s = self.syms.get(name)?;
        if !s.class || !(s.allocatable || s.pointer) || s.rank > 0 {
            return None;
        }
        let BaseTy::Derived(k) = s.base else { return None };
        let cont = *self.class_conts.get(name)?;
        match self.lookup(name) {
            Some(Home::Mem(p, _)) => Some((p, cont, k)),
            _ => None,
        }
    }

    /// The source of a new value of a polymorphic allocatable: a type spec, `source=` or
    /// `mold=`, else its declared type.
    fn class_src(&mut self, declared: u16, spec: Option<&ast::AllocTypeSpec>, src: Option<&Expr>, mold: bool) -> Option<ClassSrc> {
        if let Some(t) = spec {
            if let BaseTy::Derived(k) = t.base {
                return Some(ClassSrc::Static(k, None));
            }
            let len = match t.len.as_deref() {
                Some(l) => {
                    let v = self.expr(l);
                    self.conv(v, Ty::I64)
                }
                None => Op::I64(1),
            };
            return Some(ClassSrc::Intrinsic(t.base, None, len));
        }
        let Some(e) = src else { return Some(ClassSrc::Static(declared, None)) };
        // A polymorphic component, or an element of a polymorphic array: its container.
        if let Some((slot, t)) = self.class_comp_slot(e) {
            return Some(ClassSrc::Dynamic(slot, t, !mold));
        }
        if let (Some(BaseTy::Derived(t)), Some(c)) = (e.ty.base(), self.class_elem_actual(e)) {
            return Some(ClassSrc::Dynamic(c, t, !mold));
        }
        if let Some((c, t)) = self.class_result_call(e) {
            return Some(ClassSrc::Dynamic(c, t, !mold));
        }
        if let ExprKind::Name(id) = &e.kind {
            if let (Some(&c), Some(BaseTy::Derived(t))) = (self.class_conts.get(&id.name), e.ty.base()) {
                return Some(ClassSrc::Dynamic(Op::Var(c), t, !mold));
            }
        }
        let b = e.ty.base().filter(|_| e.ty.rank() == 0)?;
        if b == BaseTy::Character {
            let (a, n) = self.str_expr(e);
            let n = self.conv(n, Ty::I64);
            return Some(ClassSrc::Intrinsic(b, (!mold).then_some(a), n));
        }
        let BaseTy::Derived(k) = b else {
            if matches!(b, BaseTy::Complex(_)) {
                return None;
            }
            let v = (!mold).then(|| self.expr(e));
            let v = v.map(|v| self.conv(v, mem_ty(b)));
            return Some(ClassSrc::Intrinsic(b, v, Op::I64(0)));
        };
        if mold {
            return Some(ClassSrc::Static(k, None));
        }
        let a = self.expr(e);
        Some(ClassSrc::Static(k, Some(a)))
    }

    /// Fills fresh memory at `p` (allocated by `alloc(size)`) from `src` and makes `cont`'s
    /// dynamic type the source's.
    fn class_fill(&mut self, p: VarId, cont: Op, star: bool, src: ClassSrc, alloc: &mut dyn FnMut(&mut Self, Op) -> Op) {
        let len_at = self.val(Ty::Ptr, Rv::PtrAdd(cont.clone(), Op::I64(16)));
        match src {
            ClassSrc::Intrinsic(b, val, len) => {
                let size = match b {
                    BaseTy::Character => self.bin(Ty::I64, BinOp::Max, len.clone(), Op::I64(1)),
                    _ => Op::I64(self.elem_size(b)),
                };
                let np = alloc(self, size);
                self.emit(Stmt::Assign(p, Rv::Use(np)));
                match (val, b) {
                    (Some(a), BaseTy::Character) => {
                        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![Op::Var(p), len.clone(), a, len.clone()]));
                    }
                    (Some(v), _) => self.emit(Stmt::Store(mem_ty(b), Op::Var(p), v)),
                    (None, _) => {}
                }
                if let Some((vt, _, _)) = intrinsic_vtab(b) {
                    let vp = self.val(Ty::Ptr, Rv::GlobalAddr(vt));
                    let at = self.val(Ty::Ptr, Rv::PtrAdd(cont, Op::I64(8)));
                    self.emit(Stmt::Store(Ty::Ptr, at, vp));
                }
                self.emit(Stmt::Store(Ty::I64, len_at, if b == BaseTy::Character { len } else { Op::I64(0) }));
            }
            ClassSrc::Static(k, val) => {
                let size = Op::I64(self.type_size(k).max(1));
                let np = alloc(self, size);
                self.emit(Stmt::Assign(p, Rv::Use(np)));
                self.init_struct(Op::Var(p), k);
                if let Some(v) = val {
                    self.copy_struct(Op::Var(p), v, k);
                }
                self.set_vptr(cont, k);
                if star {
                    self.emit(Stmt::Store(Ty::I64, len_at, Op::I64(0)));
                }
            }
            ClassSrc::Dynamic(sc, t, copy) => {
                let vptr = self.load_vptr(sc.clone());
                let sa = self.val(Ty::Ptr, Rv::PtrAdd(vptr.clone(), Op::I64(8)));
                let mut size = self.val(Ty::I64, Rv::Load(Ty::I64, sa));
                if self.is_star(BaseTy::Derived(t)) {
                    // A character's bytes: `_size` times `_len`.
                    let sl = self.val(Ty::Ptr, Rv::PtrAdd(sc.clone(), Op::I64(16)));
                    let n = self.val(Ty::I64, Rv::Load(Ty::I64, sl));
                    let n1 = self.bin(Ty::I64, BinOp::Max, n.clone(), Op::I64(1));
                    size = self.bin(Ty::I64, BinOp::Mul, size, n1);
                    if star {
                        self.emit(Stmt::Store(Ty::I64, len_at.clone(), n));
                    }
                } else if star {
                    self.emit(Stmt::Store(Ty::I64, len_at.clone(), Op::I64(0)));
                }
                let size = self.bin(Ty::I64, BinOp::Max, size, Op::I64(1));
                let np = alloc(self, size.clone());
                self.emit(Stmt::Assign(p, Rv::Use(np)));
                let from = copy.then(|| self.val(Ty::Ptr, Rv::Load(Ty::Ptr, sc)));
                let to = Op::Var(p);
                self.on_dynamic_type(
                    vptr.clone(),
                    t,
                    &mut |g, k| {
                        g.init_struct(to.clone(), k);
                        if let Some(f) = &from {
                            g.copy_struct(to.clone(), f.clone(), k);
                        }
                    },
                    &mut |g| {
                        // A type defined elsewhere: its bytes.
                        if let Some(f) = &from {
                            g.emit(Stmt::Call("gpuf_str_copy".into(), vec![to.clone(), size.clone(), f.clone(), size.clone()]));
                        }
                    },
                );
                let at = self.val(Ty::Ptr, Rv::PtrAdd(cont, Op::I64(8)));
                self.emit(Stmt::Store(Ty::Ptr, at, vptr));
            }
        }
    }

    /// `allocate(x)`, `allocate(T :: x)`, `allocate(x, source=|mold=e)` of a polymorphic
    /// allocatable scalar (an error if it is allocated already).
    pub(super) fn allocate_class(&mut self, name: &ast::Ident, spec: Option<&ast::AllocTypeSpec>, src: Option<&Expr>, mold: bool) {
        let Some((p, cont, k)) = self.class_alloc(&name.name) else { return };
        let Some(s) = self.class_src(k, spec, src, mold) else {
            self.not_yet("this `source=` of a polymorphic allocatable", name.span);
            return;
        };
        let n = name.name.clone();
        let star = self.is_star(BaseTy::Derived(k));
        let pointer = self.is_pointer_var(&name.name);
        self.class_fill(p, Op::Var(cont), star, s, &mut |g, size| {
            if pointer {
                // A pointer gets fresh memory whatever it pointed to.
                return g.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr));
            }
            let len = n.len() as i64;
            g.val(Ty::Ptr, Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(p), size, Op::Str(n.clone()), Op::I64(len)], Ty::Ptr))
        });
        self.store_scalar_global(p);
    }

    /// `deallocate(x)` of a polymorphic allocatable scalar: its dynamic type's allocatable
    /// components, then its data (an error if it is not allocated); the dynamic type
    /// becomes the declared one.
    pub(super) fn deallocate_class(&mut self, name: &ast::Ident) {
        let Some((p, cont, k)) = self.class_alloc(&name.name) else { return };
        if self.family(k).iter().any(|&j| self.finalizable(j)) {
            let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(p), Op::Null));
            self.push_block();
            self.finalize_dynamic(Op::Var(p), Op::Var(cont), k);
            let then_body = self.pop_block();
            self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
        }
        if self.family(k).iter().any(|&j| self.has_alloc_comps(j, 0)) {
            let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(p), Op::Null));
            self.push_block();
            let vptr = self.load_vptr(Op::Var(cont));
            self.on_dynamic_type(vptr, k, &mut |g, j| g.free_alloc_comps(Op::Var(p), j), &mut |_| {});
            let then_body = self.pop_block();
            self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
        }
        let nl = name.name.len() as i64;
        self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![Op::Var(p), Op::Str(name.name.clone()), Op::I64(nl)]));
        self.emit(Stmt::Assign(p, Rv::Use(Op::Null)));
        self.store_scalar_global(p);
        self.set_vptr(Op::Var(cont), k);
    }

    /// `x = e` for a polymorphic allocatable `x` (F2008): `x` takes `e`'s dynamic type and
    /// value in fresh memory, then its old value is freed. False when `x` is not one.
    pub(super) fn assign_class(&mut self, lhs: &Expr, rhs: &Expr) -> bool {
        if let Some((slot, k)) = self.class_comp_slot(lhs) {
            self.assign_class_comp(slot, k, rhs);
            return true;
        }
        let ExprKind::Name(id) = &lhs.kind else { return false };
        if !self.syms.get(&id.name).is_some_and(|s| s.allocatable) {
            return false;
        }
        let Some((p, cont, k)) = self.class_alloc(&id.name) else { return false };
        let Some(s) = self.class_src(k, None, Some(rhs), false) else {
            self.not_yet("this value assigned to a polymorphic allocatable", rhs.span);
            return true;
        };
        let old = self.f.new_var(format!("{}.old", id.name), Ty::Ptr);
        self.emit(Stmt::Assign(old, Rv::Use(Op::Var(p))));
        let oldv = self.f.new_var(format!("{}.oldvptr", id.name), Ty::Ptr);
        let ov = self.load_vptr(Op::Var(cont));
        self.emit(Stmt::Assign(oldv, Rv::Use(ov)));
        let star = self.is_star(BaseTy::Derived(k));
        self.class_fill(p, Op::Var(cont), star, s, &mut |g, size| g.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
        // The old value, with its own dynamic type's components.
        let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(old), Op::Null));
        self.push_block();
        if self.family(k).iter().any(|&j| self.has_alloc_comps(j, 0)) {
            self.on_dynamic_type(Op::Var(oldv), k, &mut |g, j| g.free_alloc_comps(Op::Var(old), j), &mut |_| {});
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(old)]));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
        self.store_scalar_global(p);
        true
    }

    /// `x%c = e` for a polymorphic allocatable component (container at `slot`, declared
    /// type `k`): a fresh object of `e`'s dynamic type, then the old one freed with its own
    /// dynamic type's components.
    fn assign_class_comp(&mut self, slot: Op, k: u16, rhs: &Expr) {
        let Some(s) = self.class_src(k, None, Some(rhs), false) else {
            self.not_yet("this value assigned to a polymorphic component", rhs.span);
            return;
        };
        let old = self.f.new_var("class.old".to_string(), Ty::Ptr);
        let ov = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, slot.clone()));
        self.emit(Stmt::Assign(old, Rv::Use(ov)));
        let oldv = self.f.new_var("class.oldvptr".to_string(), Ty::Ptr);
        let ov = self.load_vptr(slot.clone());
        self.emit(Stmt::Assign(oldv, Rv::Use(ov)));
        let p = self.f.new_var("class.new".to_string(), Ty::Ptr);
        let star = self.is_star(BaseTy::Derived(k));
        self.class_fill(p, slot.clone(), star, s, &mut |g, size| g.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
        self.emit(Stmt::Store(Ty::Ptr, slot, Op::Var(p)));
        let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(old), Op::Null));
        self.push_block();
        if self.family(k).iter().any(|&j| self.has_alloc_comps(j, 0)) {
            self.on_dynamic_type(Op::Var(oldv), k, &mut |g, j| g.free_alloc_comps(Op::Var(old), j), &mut |_| {});
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(old)]));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
    }

    /// `move_alloc(from, to)` where `to` is polymorphic (a variable or a component): after
    /// the data moved, `to` has `from`'s dynamic type (and a `class(*)` one its `_len`)
    /// and a polymorphic `from` its declared type.
    pub(super) fn move_alloc_types(&mut self, from: &Expr, to: &Expr, from_vptr: Option<Op>) {
        let Some((tc, tk)) = self.class_scalar_cont(to) else { return };
        let fc = self.class_scalar_cont(from);
        match from_vptr {
            Some(v) => {
                let at = self.val(Ty::Ptr, Rv::PtrAdd(tc.clone(), Op::I64(8)));
                self.emit(Stmt::Store(Ty::Ptr, at, v));
            }
            None => {
                if let Some(BaseTy::Derived(k)) = from.ty.base() {
                    self.set_vptr(tc.clone(), k);
                }
            }
        }
        if self.is_star(BaseTy::Derived(tk)) {
            let len = match &fc {
                Some((c, fk)) if self.is_star(BaseTy::Derived(*fk)) => {
                    let la = self.val(Ty::Ptr, Rv::PtrAdd(c.clone(), Op::I64(16)));
                    self.val(Ty::I64, Rv::Load(Ty::I64, la))
                }
                _ => Op::I64(0),
            };
            let la = self.val(Ty::Ptr, Rv::PtrAdd(tc, Op::I64(16)));
            self.emit(Stmt::Store(Ty::I64, la, len));
        }
        if let Some((c, fk)) = fc {
            self.set_vptr(c, fk);
        }
    }

    /// Before `move_alloc(from, to)` to a polymorphic allocatable scalar: its old value
    /// finalized and freed by its dynamic type (its data address becomes null).
    pub(super) fn free_class_scalar(&mut self, e: &Expr) {
        if let ExprKind::Name(id) = &e.kind {
            if let Some((p, cont, k)) = self.class_alloc(&id.name) {
                self.free_class_data(p, Op::Var(cont), k, true);
                self.store_scalar_global(p);
            }
            return;
        }
        let Some((slot, k)) = self.class_comp_slot(e) else { return };
        let p = self.f.new_var("class.old".to_string(), Ty::Ptr);
        self.emit(Stmt::Assign(p, Rv::Load(Ty::Ptr, slot.clone())));
        self.free_class_data(p, slot.clone(), k, false);
        self.emit(Stmt::Store(Ty::Ptr, slot, Op::Null));
    }

    /// The class container of a polymorphic allocatable or pointer scalar (a variable's,
    /// or a component's in its structure) and its declared type.
    fn class_scalar_cont(&mut self, e: &Expr) -> Option<(Op, u16)> {
        if let ExprKind::Name(id) = &e.kind {
            return self.class_alloc(&id.name).map(|(_, c, k)| (Op::Var(c), k));
        }
        self.class_comp_slot(e)
    }

    /// `p => t` and `p => null()` for a polymorphic pointer scalar `p`: its address and
    /// the target's dynamic type (the declared one for `null()`). False when `p` is not
    /// one.
    pub(super) fn class_ptr_assign(&mut self, lhs: &Expr, rhs: &Expr, is_null: bool) -> bool {
        let ExprKind::Name(id) = &lhs.kind else { return false };
        let Some((p, cont, k)) = self.class_alloc(&id.name) else { return false };
        if is_null {
            self.emit(Stmt::Assign(p, Rv::Use(Op::Null)));
            self.store_scalar_global(p);
            self.set_vptr(Op::Var(cont), k);
            return true;
        }
        let star = self.is_star(BaseTy::Derived(k));
        let src_cont = match &rhs.kind {
            ExprKind::Name(r) => self.class_conts.get(&r.name).map(|c| Op::Var(*c)),
            // A polymorphic component's container in its structure, or the container a
            // function with a polymorphic pointer result returned.
            _ => self.class_comp_slot(rhs).map(|(s, _)| s).or_else(|| self.class_result_call(rhs).map(|(b, _)| b)),
        };
        match (src_cont, rhs.ty.base()) {
            (Some(sc), _) => {
                let v = self.load_vptr(sc.clone());
                let a = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, sc.clone()));
                self.emit(Stmt::Assign(p, Rv::Use(a)));
                let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(8)));
                self.emit(Stmt::Store(Ty::Ptr, at, v));
                if star {
                    let sl = if rhs.ty.base().is_some_and(|b| self.is_star(b)) {
                        let la = self.val(Ty::Ptr, Rv::PtrAdd(sc, Op::I64(16)));
                        self.val(Ty::I64, Rv::Load(Ty::I64, la))
                    } else {
                        Op::I64(0)
                    };
                    let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(16)));
                    self.emit(Stmt::Store(Ty::I64, at, sl));
                }
            }
            (None, Some(BaseTy::Derived(t))) => {
                let a = self.ptr_target_addr(rhs);
                self.emit(Stmt::Assign(p, Rv::Use(a)));
                self.set_vptr(Op::Var(cont), t);
                if star {
                    let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(16)));
                    self.emit(Stmt::Store(Ty::I64, at, Op::I64(0)));
                }
            }
            (None, Some(b)) if star && b != BaseTy::Character && !matches!(b, BaseTy::Complex(_)) => {
                let a = self.ptr_target_addr(rhs);
                self.emit(Stmt::Assign(p, Rv::Use(a)));
                if let Some((vt, _, _)) = intrinsic_vtab(b) {
                    let vp = self.val(Ty::Ptr, Rv::GlobalAddr(vt));
                    let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(8)));
                    self.emit(Stmt::Store(Ty::Ptr, at, vp));
                }
                let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(16)));
                self.emit(Stmt::Store(Ty::I64, at, Op::I64(0)));
            }
            _ => {
                self.not_yet("this target of a polymorphic pointer", rhs.span);
                return true;
            }
        }
        self.store_scalar_global(p);
        true
    }

    /// A polymorphic allocatable component (`x%c`): the address of its class container in
    /// the structure and its declared type.
    pub(super) fn class_comp_slot(&mut self, e: &Expr) -> Option<(Op, u16)> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        let BaseTy::Derived(k) = cr.base.ty.base()? else { return None };
        let c = self.type_info(k)?.comps.iter().find(|c| c.name == cr.name.name)?;
        let BaseTy::Derived(t) = c.base else { return None };
        if !c.class || !c.dims.is_empty() || cr.base.ty.rank() > 0 || !cr.subs.is_empty() {
            return None;
        }
        let (a, _) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
        Some((a, t))
    }

    /// `allocate(x%c)`, `allocate(T :: x%c)`, `allocate(x%c, source=|mold=e)` of a
    /// polymorphic allocatable component (an error if it is allocated already).
    pub(super) fn allocate_class_comp(&mut self, e: &Expr, spec: Option<&ast::AllocTypeSpec>, src: Option<&Expr>, mold: bool) -> bool {
        let Some((slot, k)) = self.class_comp_slot(e) else { return false };
        let Some(s) = self.class_src(k, spec, src, mold) else {
            self.not_yet("this `source=` of a polymorphic component", e.span);
            return true;
        };
        let p = self.f.new_var("class.new".to_string(), Ty::Ptr);
        let name = match &e.kind {
            ExprKind::Component(cr) => cr.name.name.clone(),
            _ => String::new(),
        };
        let old = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, slot.clone()));
        let pointer = match &e.kind {
            ExprKind::Component(cr) => match cr.base.ty.base() {
                Some(BaseTy::Derived(k)) => {
                    self.type_info(k).and_then(|t| t.comps.iter().find(|c| c.name == cr.name.name)).is_some_and(|c| c.pointer)
                }
                _ => false,
            },
            _ => false,
        };
        let star = self.is_star(BaseTy::Derived(k));
        self.class_fill(p, slot.clone(), star, s, &mut |g, size| {
            if pointer {
                // A pointer gets fresh memory whatever it pointed to.
                return g.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr));
            }
            let len = name.len() as i64;
            g.val(Ty::Ptr, Rv::Call("gpuf_allocate_array".into(), vec![old.clone(), size, Op::Str(name.clone()), Op::I64(len)], Ty::Ptr))
        });
        self.emit(Stmt::Store(Ty::Ptr, slot, Op::Var(p)));
        true
    }

    /// After `x%c => t` (or `=> null()`) of a polymorphic pointer component: its `_vptr`
    /// becomes the target's dynamic type (the declared type for `null()`).
    pub(super) fn class_comp_ptr_vptr(&mut self, lhs: &Expr, rhs: &Expr, is_null: bool) {
        let Some((slot, k)) = self.class_comp_slot(lhs) else { return };
        let at = self.val(Ty::Ptr, Rv::PtrAdd(slot.clone(), Op::I64(8)));
        if is_null {
            let vt = self.types.get(k as usize).map(vtab_name);
            let v = vt.map_or(Op::Null, |n| self.val(Ty::Ptr, Rv::GlobalAddr(n)));
            self.emit(Stmt::Store(Ty::Ptr, at, v));
            return;
        }
        let src = match &rhs.kind {
            ExprKind::Name(r) => self.class_conts.get(&r.name).map(|c| Op::Var(*c)),
            _ => self.class_comp_slot(rhs).map(|(s, _)| s),
        };
        let star = self.is_star(BaseTy::Derived(k));
        // A `class(*)` one's `_len`: a character target's length, else 0.
        let mut len = Op::I64(0);
        let v = match (src, rhs.ty.base()) {
            (Some(c), b) => {
                if star && b.is_some_and(|b| self.is_star(b)) {
                    let la = self.val(Ty::Ptr, Rv::PtrAdd(c.clone(), Op::I64(16)));
                    len = self.val(Ty::I64, Rv::Load(Ty::I64, la));
                }
                self.load_vptr(c)
            }
            (None, Some(BaseTy::Derived(t))) => match self.types.get(t as usize).map(vtab_name) {
                Some(n) => self.val(Ty::Ptr, Rv::GlobalAddr(n)),
                None => Op::Null,
            },
            (None, Some(b)) if star => {
                if b == BaseTy::Character {
                    let (_, n) = self.str_expr(rhs);
                    len = self.conv(n, Ty::I64);
                }
                match intrinsic_vtab(b) {
                    Some((vt, _, _)) => self.val(Ty::Ptr, Rv::GlobalAddr(vt)),
                    None => Op::Null,
                }
            }
            _ => Op::Null,
        };
        self.emit(Stmt::Store(Ty::Ptr, at, v));
        if star {
            let la = self.val(Ty::Ptr, Rv::PtrAdd(slot, Op::I64(16)));
            self.emit(Stmt::Store(Ty::I64, la, len));
        }
    }

    /// The vtab of a polymorphic allocatable `from` of `move_alloc`, read before it moves.
    pub(super) fn class_vptr_of(&mut self, e: &Expr) -> Option<Op> {
        let (c, _) = self.class_scalar_cont(e)?;
        let v = self.load_vptr(c);
        let keep = self.f.new_var("class.from.vptr".to_string(), Ty::Ptr);
        self.emit(Stmt::Assign(keep, Rv::Use(v)));
        Some(Op::Var(keep))
    }
}
