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
    let class_of = |k: usize| c.procs.map.values().any(|p| p.args.iter().any(|a| a.class && a.base == BaseTy::Derived(k as u16)));
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
            // A polymorphic dummy of the host: its container is not passed down.
            if self.syms.get(&id.name).is_some_and(|s| s.class) {
                self.not_yet(format!("the host's polymorphic dummy `{}` in an internal procedure", id.name), e.span);
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
        let mut out = Vec::new();
        for (k, ti) in self.types.iter().enumerate() {
            let mut x = Some(k as u16);
            for _ in 0..64 {
                match x {
                    Some(y) if y == t => {
                        out.push(type_hash(ti) as i32);
                        break;
                    }
                    Some(y) => x = self.types.get(y as usize).and_then(|z| z.parent),
                    None => break,
                }
            }
        }
        out
    }

    /// `select type`: the guards as an `if` chain on the dynamic type's `_hash` (as gfortran
    /// compares types): `type is` guards first, then `class is` guards, the most extended
    /// type first (matching any type of this file that extends it), then `class default`.
    pub(super) fn select_type(&mut self, sel: &Expr, guards: &[ast::TypeGuard]) {
        let Some((hash, cont, data)) = self.dynamic_hash(sel) else {
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
            self.homes.insert(g.assoc.name.clone(), Home::Mem(data, base));
            if !matches!(g.kind, ast::GuardKind::TypeIs(_)) {
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

    /// The `_hash` of an object's dynamic type: a polymorphic dummy's from its vtab, else
    /// its declared type's (a constant).
    fn type_hash_of(&mut self, e: &Expr) -> Option<Op> {
        if let Some((h, _, _)) = self.dynamic_hash(e) {
            return Some(h);
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
        let mut cond = Op::I32(0);
        for h in self.family_hashes(t) {
            let eq = self.val(Ty::I32, Rv::Binary(BinOp::Eq, ha.clone(), Op::I32(h)));
            cond = self.val(Ty::I32, Rv::Binary(BinOp::Or, cond, eq));
        }
        cond
    }
}
