//! Polymorphism as gfortran implements it: a `class(T)` dummy is the address of a class
//! container `{_data, _vptr}` (the object's address and its dynamic type's vtab); a
//! type-bound procedure called through one is an indirect call through the vtab; each
//! derived type that takes part in polymorphism (extends or is extended, has bindings,
//! is the declared type of a `class` dummy) gets its vtab where it is defined.

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
pub(super) fn vtab_name(t: &TypeInfo) -> String {
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
    let s = format!("{}_{}", t.scope, upper_first(&t.name));
    let mut h: u32 = 0;
    for b in s.bytes() {
        h = (h << 6).wrapping_add(h << 16).wrapping_sub(h).wrapping_add(u32::from(b));
    }
    i64::from(h % 100_000_000)
}

/// The vtabs of the types defined in this file that take part in polymorphism.
pub(super) fn vtabs(c: &Checked) -> Vec<Vtab> {
    let types = &c.types;
    let class_of = |k: usize| {
        c.procs.map.values().any(|p| p.args.iter().any(|a| a.class && a.base == BaseTy::Derived(k as u16)))
    };
    let mut out = Vec::new();
    for (k, t) in types.iter().enumerate() {
        let extended = types.iter().any(|x| x.parent == Some(k as u16));
        if !t.here || !t.defined || !(t.parent.is_some() || extended || !t.bindings.is_empty() || class_of(k)) {
            continue;
        }
        let mut words = vec![VtabWord::Int(type_hash(t)), VtabWord::Int(t.size)];
        words.push(match t.parent.and_then(|p| types.get(p as usize)) {
            Some(p) => VtabWord::Addr(vtab_name(p)),
            None => VtabWord::Null,
        });
        // `_def_init`, `_copy`, `_final`, `_deallocate`: gpuf does not use them yet.
        words.extend([VtabWord::Null, VtabWord::Null, VtabWord::Null, VtabWord::Null]);
        for b in t.bindings.iter().filter(|b| b.generic.is_none()) {
            words.push(match b.key.as_ref().and_then(|key| c.procs.map.get(key)) {
                Some(p) => VtabWord::Addr(p.link_name.clone()),
                None => VtabWord::Null,
            });
        }
        out.push(Vtab { name: vtab_name(t), words, local: t.module.is_none() });
    }
    out
}

impl G<'_> {
    /// The address of a class container for an actual argument of a `class(T)` dummy: a
    /// polymorphic dummy's own container, else one built on the stack with the object's
    /// address and its type's vtab.
    pub(super) fn class_actual(&mut self, e: &Expr) -> Op {
        if let ExprKind::Name(id) = &e.kind {
            if let Some(&pv) = self.class_conts.get(&id.name) {
                return Op::Var(pv);
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
}
