//! Finalization: the `final` procedures of a derived type called as gfortran 12 calls them
//! (on `deallocate`, for a procedure's local variables when it returns, for `intent(out)`
//! dummies on entry; not on intrinsic assignment): an entity's own type's procedure for
//! its rank first, then its parent's on the parent component, up the chain. An array
//! takes the procedure of its rank with the whole array (its parent parts, or the elements
//! of a non-contiguous one, gathered into a temporary and scattered back), else an
//! elemental one per element; no scalar procedure applies to arrays. A procedure's non-allocatable locals
//! are finalized in reverse order of declaration, then its allocatable ones, as
//! gfortran 12 orders them.

use super::*;
use gpuf_frontend::sema::ELEMENTAL_FINAL;

impl G<'_> {
    /// Does type `k` or one of its ancestors have `final` procedures?
    pub(super) fn finalizable(&self, k: u16) -> bool {
        let mut x = Some(k);
        for _ in 0..64 {
            let Some(t) = x.and_then(|y| self.types.get(y as usize)) else { return false };
            if !t.finals.is_empty() {
                return true;
            }
            x = t.parent;
        }
        false
    }

    /// The link name of the final procedure of type `k` for `rank`
    /// (`ELEMENTAL_FINAL`: the elemental one).
    pub(super) fn final_proc(&self, k: u16, rank: usize) -> Option<String> {
        let t = self.types.get(k as usize)?;
        let (key, _) = t.finals.iter().find(|(_, r)| *r == rank)?;
        self.procs.map.get(key).map(|p| p.link_name.clone())
    }

    /// Finalizes the structure of type `k` at `a`.
    pub(super) fn finalize_scalar(&mut self, a: Op, k: u16) {
        let mut x = Some(k);
        for _ in 0..64 {
            let Some(t) = x else { break };
            if let Some(f) = self.final_proc(t, 0).or_else(|| self.final_proc(t, ELEMENTAL_FINAL)) {
                // (The parent component is at the start: the same address.)
                self.emit(Stmt::Call(f, vec![a.clone()]));
            }
            x = self.types.get(t as usize).and_then(|ti| ti.parent);
        }
    }

    /// Finalizes the structure of type `k` at `a` when `a` is not null.
    pub(super) fn finalize_if_live(&mut self, a: Op, k: u16) {
        if !self.finalizable(k) {
            return;
        }
        let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, a.clone(), Op::Null));
        self.push_block();
        self.finalize_scalar(a, k);
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
    }

    /// The final procedure of type `k` for arrays of rank `rank` (not elemental): its link
    /// name, and whether its dummy is assumed-shape (a descriptor) rather than of explicit
    /// or assumed size (the address of the first element).
    pub(super) fn final_proc_rank(&self, k: u16, rank: usize) -> Option<(String, bool)> {
        let t = self.types.get(k as usize)?;
        let (key, _) = t.finals.iter().find(|(_, r)| *r == rank)?;
        let p = self.procs.map.get(key)?;
        Some((p.link_name.clone(), p.args.first().is_some_and(|a| a.assumed_shape)))
    }

    /// Finalizes the elements of the array `d` of type `k` (when it has data): for the
    /// type and each ancestor, its final procedure of `d`'s rank with the whole array (a
    /// packed temporary of the elements' parts of that type when they are not the array's
    /// own contiguous elements, copied back after the call), else its elemental one per
    /// element.
    pub(super) fn finalize_array(&mut self, d: &Desc, k: u16) {
        if !self.finalizable(k) {
            return;
        }
        let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(d.addr), Op::Null));
        self.push_block();
        let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
        let mut n = Op::I64(1);
        for e in &shape {
            n = self.bin(Ty::I64, BinOp::Mul, n, e.clone());
        }
        let strided = self.ptr_sm.contains_key(&d.addr);
        let mut x = Some(k);
        for _ in 0..64 {
            let Some(t) = x else { break };
            if let Some((f, assumed)) = self.final_proc_rank(t, d.ext.len()) {
                let tsize = self.type_size(t);
                // An ancestor's procedure sees the parent parts as an array of its type.
                let packed = t != k || strided;
                let buf = if packed {
                    let bytes = self.bin(Ty::I64, BinOp::Mul, n.clone(), Op::I64(tsize));
                    let b = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
                    self.pack_parts(d, tsize, &b, true);
                    b
                } else {
                    Op::Var(d.addr)
                };
                let mark = self.call_after.len();
                let arg = if assumed {
                    let mut dims = Vec::new();
                    let mut prod = Op::I64(1);
                    for e in &shape {
                        dims.push((prod.clone(), Op::I64(1), e.clone()));
                        prod = self.bin(Ty::I64, BinOp::Mul, prod, e.clone());
                    }
                    self.build_desc(BaseTy::Derived(t), buf.clone(), &dims)
                } else {
                    buf.clone()
                };
                self.emit(Stmt::Call(f, vec![arg]));
                self.after_call(mark);
                if packed {
                    self.pack_parts(d, tsize, &buf, false);
                    self.emit(Stmt::Call("gpuf_free".into(), vec![buf]));
                }
            } else if let Some(f) = self.final_proc(t, ELEMENTAL_FINAL) {
                // An elemental one: each element (its parent part at its start).
                let d2 = d.clone();
                self.scalarise(&shape, &mut |g, idx| {
                    let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                    let a = g.elem_addr(&d2, &subs);
                    g.emit(Stmt::Call(f.clone(), vec![a]));
                });
            }
            x = self.types.get(t as usize).and_then(|ti| ti.parent);
        }
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
    }

    /// Copies the first `part` bytes of each element of `d` (in array element order) to
    /// the packed buffer `buf` (`gather`), or back.
    fn pack_parts(&mut self, d: &Desc, part: i64, buf: &Op, gather: bool) {
        let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
        let d2 = d.clone();
        self.scalarise(&shape, &mut |g, idx| {
            let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
            let e = g.elem_addr(&d2, &subs);
            let b = g.lin_addr(buf, idx, &shape, part);
            let (to, from) = if gather { (b, e) } else { (e, b) };
            g.emit(Stmt::Call("gpuf_str_copy".into(), vec![to, Op::I64(part), from, Op::I64(part)]));
        });
    }

    /// At a return: the procedure's finalizable local variables (not saved ones), the
    /// non-allocatable ones in reverse order of declaration, then the allocatable ones.
    pub(super) fn finalize_locals(&mut self) {
        if self.unit.kind == UnitKind::Program {
            return;
        }
        let result = self
            .unit
            .result
            .as_ref()
            .map(|r| r.name.clone())
            .or_else(|| (self.unit.kind == UnitKind::Function).then(|| self.unit.name.name.clone()));
        let (mut todo, mut allocs) = (Vec::new(), Vec::new());
        for s in self.syms.list() {
            let BaseTy::Derived(k) = s.base else { continue };
            let kept = s.save || s.init.is_some() || s.module.is_some() || s.host || s.assoc || s.parameter;
            if kept || s.pointer || s.dummy.is_some() || s.class || result.as_deref() == Some(s.name.as_str()) || !self.finalizable(k) {
                continue;
            }
            if s.allocatable {
                allocs.push((s.name.clone(), k));
            } else {
                todo.push((s.name.clone(), k));
            }
        }
        todo.reverse();
        todo.extend(allocs);
        for (name, k) in todo {
            match self.lookup(&name) {
                Some(Home::Mem(p, _)) => self.finalize_if_live(Op::Var(p), k),
                Some(Home::Array(d)) => self.finalize_array(&d, k),
                _ => {}
            }
        }
    }
}
