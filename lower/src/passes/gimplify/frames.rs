//! Host association: the host frame that internal procedures reach their host's variables
//! through, and thunks for internal procedures passed as arguments.

use super::*;

impl G<'_> {
    /// The host variables an internal procedure can see through its host frame, in frame
    /// order, with their number of pointer slots: one per scalar, address and length of
    /// a character variable, data address plus lower bound and extent per dimension of
    /// an array.
    fn frame_layout(host: &Symbols) -> Vec<(String, usize)> {
        host.list()
            .iter()
            .filter(|s| !s.parameter && !s.external && s.module.is_none() && !s.host && !s.assoc)
            .map(|s| {
                let slots = if s.rank > 0 && s.base == BaseTy::Character {
                    2 + 2 * s.rank as usize
                } else if s.rank > 0 {
                    1 + 2 * s.rank as usize
                } else if s.base == BaseTy::Character {
                    2
                } else {
                    1
                };
                (s.name.clone(), slots)
            })
            .collect()
    }

    /// This unit's index in the file (the unit may be a copy with its OpenMP directives
    /// rewritten: the same kind and name at the same place).
    fn unit_index(&self) -> Option<usize> {
        Some(self.unit_idx)
    }

    /// Whether procedure `key` is an internal procedure (it takes a host frame).
    /// Internal procedures compiled for the device (`routine`, `declare target`) take none:
    /// semantic analysis made sure they use no host variable.
    pub(super) fn takes_frame(&self, key: &str) -> bool {
        if self.procs.map.get(key).is_some_and(|p| p.routine) {
            return false;
        }
        let units = self.units;
        units.iter().any(|u| {
            u.key.as_deref() == Some(key)
                && matches!(u.unit.kind, UnitKind::Subroutine | UnitKind::Function)
                && u.host.and_then(|h| units.get(h)).is_some_and(|h| h.unit.kind != UnitKind::Module)
        })
    }

    /// In an internal procedure: the frame parameter, and homes for the host's variables
    /// through it.
    pub(super) fn receive_frame(&mut self) -> Option<VarId> {
        let units = self.units;
        let me = units.get(self.unit_index()?)?;
        if me.key.as_ref().and_then(|k| self.procs.map.get(k)).is_some_and(|p| p.routine) {
            return None;
        }
        let host = units.get(me.host?)?;
        if host.unit.kind == UnitKind::Module {
            return None;
        }
        let fp = self.f.new_var("host.frame", Ty::Ptr);
        self.frame = Some(fp);
        let mut slot = 0i64;
        for (name, n) in Self::frame_layout(&host.symbols) {
            let base = slot;
            slot += n as i64;
            let Some(s) = self.syms.get(&name).filter(|s| s.host) else { continue };
            let char_array = s.rank > 0 && s.base == BaseTy::Character;
            let ptr_at = |g: &mut Self, k: i64| {
                let a = g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(fp), Op::I64((base + k) * 8)));
                g.val(Ty::Ptr, Rv::Load(Ty::Ptr, a))
            };
            if s.rank > 0 {
                let desc = self.new_desc(s);
                let mut parts = vec![(desc.addr, Ty::Ptr)];
                for d in 0..s.rank as usize {
                    parts.push((desc.lb[d], Ty::I64));
                    parts.push((desc.ext[d], Ty::I64));
                }
                if char_array {
                    let len = self.f.new_var(format!("{}.len", s.name), Ty::I64);
                    parts.push((len, Ty::I64));
                    self.homes.insert(s.name.clone(), Home::CharArray { d: desc.clone(), len });
                }
                for (k, (v, t)) in parts.into_iter().enumerate() {
                    let p = ptr_at(self, k as i64);
                    let pv = self.tmp(Ty::Ptr);
                    self.emit(Stmt::Assign(pv, Rv::Use(p)));
                    self.emit(Stmt::Assign(v, Rv::Load(t, Op::Var(pv))));
                    self.frame_back.push((pv, v, t));
                }
            } else if s.base == BaseTy::Character {
                let addr = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                let len = self.f.new_var(format!("{}.len", s.name), Ty::I64);
                for (k, (v, t)) in [(addr, Ty::Ptr), (len, Ty::I64)].into_iter().enumerate() {
                    let p = ptr_at(self, k as i64);
                    let pv = self.tmp(Ty::Ptr);
                    self.emit(Stmt::Assign(pv, Rv::Use(p)));
                    self.emit(Stmt::Assign(v, Rv::Load(t, Op::Var(pv))));
                    self.frame_back.push((pv, v, t));
                }
                self.homes.insert(s.name.clone(), Home::Chars { addr, len });
            } else {
                let p = ptr_at(self, 0);
                let pv = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                self.emit(Stmt::Assign(pv, Rv::Use(p)));
                self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
            }
        }
        Some(fp)
    }

    /// In a unit with internal procedures: the frame of pointers to its variables.
    pub(super) fn build_frame(&mut self) {
        let units = self.units;
        let Some(me) = self.unit_index() else { return };
        if self.unit.kind == UnitKind::Module || !units.iter().any(|u| u.host == Some(me)) {
            return;
        }
        let layout = Self::frame_layout(self.syms);
        let total: usize = layout.iter().map(|(_, n)| n).sum();
        let fp = self.f.new_var("frame", Ty::Ptr);
        self.emit(Stmt::Assign(fp, Rv::Call("gpuf_alloc".into(), vec![Op::I64((total.max(1) * 8) as i64)], Ty::Ptr)));
        if self.unit.kind != UnitKind::Program {
            self.frees.push(fp);
        }
        self.frame = Some(fp);
        let mut slot = 0i64;
        for (name, n) in layout {
            let ptrs: Vec<Op> = match self.homes.get(&name).cloned() {
                Some(Home::Reg(v, _)) => vec![self.val(Ty::Ptr, Rv::AddrOf(v))],
                Some(Home::Mem(p, _)) => vec![Op::Var(p)],
                Some(Home::Array(d)) if d.lb.len() * 2 + 1 == n => {
                    let mut v = vec![self.val(Ty::Ptr, Rv::AddrOf(d.addr))];
                    for k in 0..d.lb.len() {
                        v.push(self.val(Ty::Ptr, Rv::AddrOf(d.lb[k])));
                        v.push(self.val(Ty::Ptr, Rv::AddrOf(d.ext[k])));
                    }
                    v
                }
                Some(Home::Chars { addr, len }) => vec![self.val(Ty::Ptr, Rv::AddrOf(addr)), self.val(Ty::Ptr, Rv::AddrOf(len))],
                Some(Home::CharArray { d, len }) if d.lb.len() * 2 + 2 == n => {
                    let mut v = vec![self.val(Ty::Ptr, Rv::AddrOf(d.addr))];
                    for k in 0..d.lb.len() {
                        v.push(self.val(Ty::Ptr, Rv::AddrOf(d.lb[k])));
                        v.push(self.val(Ty::Ptr, Rv::AddrOf(d.ext[k])));
                    }
                    v.push(self.val(Ty::Ptr, Rv::AddrOf(len)));
                    v
                }
                _ => Vec::new(),
            };
            for (k, p) in ptrs.into_iter().enumerate().take(n) {
                let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(fp), Op::I64((slot + k as i64) * 8)));
                self.emit(Stmt::Store(Ty::Ptr, a, p));
            }
            slot += n as i64;
        }
    }
}

/// The global through which an internal procedure passed as an actual argument finds its
/// host's frame (set by the caller around the call).
pub(super) fn thunk_frame_global(link: &str) -> String {
    format!("{link}.hostframe")
}

/// A thunk for internal procedure `key`: the procedure's own parameters without the host
/// frame, which it loads from [`thunk_frame_global`] before calling the procedure.
pub(super) fn thunk(c: &Checked, key: &str) -> Option<Function> {
    let cu = c.units.iter().find(|u| u.key.as_deref() == Some(key))?;
    let sig = c.procs.map.get(key)?;
    let u = &cu.unit;
    let rname = u.result.as_ref().unwrap_or(&u.name).name.clone();
    let rsym = (u.kind == UnitKind::Function).then(|| cu.symbols.get(&rname)).flatten();
    let char_result = rsym.is_some_and(|s| s.base == BaseTy::Character);
    let hidden = u.args.iter().filter(|a| cu.symbols.get(&a.name).is_some_and(|s| s.base == BaseTy::Character && !s.external)).count();
    let array_result = rsym.is_some_and(|s| s.rank > 0 && s.base != BaseTy::Character);
    if rsym.is_some_and(|s| matches!(s.base, BaseTy::Complex(_))) {
        // Complex results take gfortran's ABI wrapper, which a thunk does not have.
        return None;
    }
    let n = u.args.len() + hidden + if char_result { 2 } else { usize::from(array_result) };
    let mut f = Function::new(format!("{}.thunk", sig.link_name));
    f.local = true;
    let params: Vec<VarId> = (0..n).map(|i| f.new_var(format!("p{i}"), Ty::Ptr)).collect();
    f.params = params.clone();
    let fr = f.new_var("frame", Ty::Ptr);
    let g = f.new_var("g", Ty::Ptr);
    let mut body =
        vec![Stmt::Assign(g, Rv::GlobalAddr(thunk_frame_global(&sig.link_name))), Stmt::Assign(fr, Rv::Load(Ty::Ptr, Op::Var(g)))];
    let mut ops: Vec<Op> = params.iter().map(|p| Op::Var(*p)).collect();
    ops.push(Op::Var(fr));
    match rsym.filter(|_| !char_result && !array_result) {
        Some(s) => {
            let t = ir_ty(s.base);
            let r = f.new_var("r", t);
            body.push(Stmt::Assign(r, Rv::Call(sig.link_name.clone(), ops, t)));
            f.result = Some(r);
        }
        None => body.push(Stmt::Call(sig.link_name.clone(), ops)),
    }
    body.push(Stmt::Return);
    f.body = body;
    Some(f)
}
