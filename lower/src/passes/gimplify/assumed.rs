//! Assumed-shape dummy arguments, passed with gfortran's array descriptor (GCC 12
//! layout; see `gpuf_rt::desc`): `base_addr`, `offset`, `dtype` (`elem_len`, then
//! `version`, `rank`, `type`, `attribute` in one word), `span`, then `stride`, `lbound`,
//! `ubound` per dimension, strides in elements.
//!
//! The caller builds a real descriptor for whole arrays, sections (strided ones with
//! their strides) and array expressions (evaluated into a temporary). The callee keeps
//! gimplify's contiguous model: on entry `gpuf_desc_pack` gives the descriptor's data
//! when it is contiguous, else a packed copy, which every return copies back (unless the
//! dummy is `intent(in)`) and frees. Sections passed to explicit-shape or assumed-size
//! dummies go through the same packing (gfortran's copy-in/copy-out). `is_contiguous` of
//! such a dummy reads the caller's descriptor (`G::assumed_descs`), not the packed copy.
//! A `target` dummy (in host code) is not packed: it is addressed through the caller's
//! strides like an array pointer (`G::ptr_sm`), so pointers associated with it point into
//! the actual argument.

use super::*;
use gpuf_frontend::sema::Symbol;

/// Bytes of the descriptor before its first dimension, and per dimension.
pub(super) const HEAD: i64 = 40;
pub(super) const DIM: i64 = 24;

/// A dimension of a descriptor being built: stride (in elements), lower and upper bound.
pub(super) type DescDim = (Op, Op, Op);

/// gfortran's type codes in `dtype.type`.
pub(super) fn type_code(b: BaseTy) -> i64 {
    match b {
        BaseTy::Integer(_) => 1,
        BaseTy::Logical(_) => 2,
        BaseTy::Real(_) => 3,
        BaseTy::Complex(_) => 4,
        BaseTy::Derived(_) => 5,
        BaseTy::Character => 6,
    }
}

impl G<'_> {
    /// A dummy declared `a(:)`, `a(:,:)`, `a(lo:)`.
    pub(super) fn is_assumed_shape_dummy(s: &Symbol) -> bool {
        s.dummy.is_some() && s.rank > 0 && !s.allocatable && !s.pointer && s.dims.iter().all(DimSpec::is_assumed_shape)
    }

    /// The callee's side: the descriptor at the address in `pv` becomes a contiguous
    /// [`Desc`] with the declared lower bounds.
    pub(super) fn declare_assumed_shape(&mut self, s: &Symbol, pv: VarId) {
        self.assumed_descs.insert(s.name.clone(), pv);
        if s.target && s.base != BaseTy::Character && self.region.is_none() && !self.in_routine() {
            // A `target` dummy works on the caller's elements in place, through their
            // strides (as an array pointer does): pointers associated with it inside
            // the procedure point into the actual argument, as with gfortran.
            let desc = self.new_desc(s);
            self.new_sm(&desc);
            self.load_ptr_desc(Op::Var(pv), &desc);
            for (k, dim) in s.dims.iter().enumerate() {
                let Some(&lb) = desc.lb.get(k) else { break };
                let lo = match dim {
                    DimSpec::AssumedLo { lo, .. } => {
                        let v = self.expr(lo);
                        self.conv(v, Ty::I64)
                    }
                    _ => Op::I64(1),
                };
                self.emit(Stmt::Assign(lb, Rv::Use(lo)));
            }
            return;
        }
        let desc = self.new_desc(s);
        let rank = Op::I32(i32::from(s.rank));
        let size = self.elem_size(s.base);
        self.emit(Stmt::Assign(desc.addr, Rv::Call("gpuf_desc_pack".into(), vec![Op::Var(pv), rank.clone(), Op::I64(size)], Ty::Ptr)));
        for (k, dim) in s.dims.iter().enumerate() {
            let (Some(&lb), Some(&ext)) = (desc.lb.get(k), desc.ext.get(k)) else { break };
            let lo = match dim {
                DimSpec::AssumedLo { lo, .. } => {
                    let v = self.expr(lo);
                    self.conv(v, Ty::I64)
                }
                _ => Op::I64(1),
            };
            self.emit(Stmt::Assign(lb, Rv::Use(lo)));
            self.emit(Stmt::Assign(ext, Rv::Call("gpuf_desc_extent".into(), vec![Op::Var(pv), Op::I32(k as i32)], Ty::I64)));
        }
        let copy_back = s.intent != Some(ast::Intent::In);
        self.unpacks.push(Stmt::Call(
            "gpuf_desc_unpack".into(),
            vec![Op::Var(pv), rank, Op::I64(size), Op::Var(desc.addr), Op::I32(copy_back as i32)],
        ));
    }

    /// Copies packed assumed-shape dummies back (at every return).
    pub(super) fn unpack_dummies(&mut self) {
        for st in self.unpacks.clone() {
            self.emit(st);
        }
    }

    /// Emits the statements queued by [`G::desc_arg`] and [`G::packed_section`] since
    /// `mark` (after the call).
    pub(super) fn after_call(&mut self, mark: usize) {
        let v: Vec<Stmt> = self.call_after.drain(mark..).collect();
        for st in v {
            self.emit(st);
        }
    }

    /// The dimensions of a section of `d` and the address of its first element; `None`
    /// if `subs` has no range.
    pub(super) fn section_dims(&mut self, d: &Desc, subs: &[Arg]) -> Option<(Op, Vec<DescDim>)> {
        if !subs.iter().any(|s| matches!(s, Arg::Range { .. })) || has_vector_subscript(subs) {
            return None;
        }
        let mut first = Vec::new();
        let mut dims = Vec::new();
        let sm = self.dim_sm(d);
        for (k, sub) in subs.iter().enumerate() {
            match sub {
                Arg::Index(x) | Arg::Keyword(_, x) => {
                    let v = self.expr(x);
                    first.push(self.conv(v, Ty::I64));
                }
                Arg::Range { lo, hi, stride, .. } => {
                    let l = self.range_lo(d, k, lo.as_ref());
                    let h = self.range_hi(d, k, hi.as_ref());
                    let st = self.int_arg(stride.as_ref(), 1);
                    let n = self.bin(Ty::I64, BinOp::Sub, h, l.clone());
                    let n = self.bin(Ty::I64, BinOp::Add, n, st.clone());
                    let n = self.bin(Ty::I64, BinOp::Div, n, st.clone());
                    let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0)));
                    let m = sm.get(k).cloned().unwrap_or(Op::I64(1));
                    let stride = self.bin(Ty::I64, BinOp::Mul, st, m);
                    dims.push((stride, Op::I64(1), n));
                    first.push(l);
                }
            }
        }
        let addr = self.elem_addr(d, &first);
        Some((addr, dims))
    }

    /// Builds a descriptor in a fresh block (freed after the call).
    pub(super) fn build_desc(&mut self, base: BaseTy, addr: Op, dims: &[DescDim]) -> Op {
        let rank = dims.len() as i64;
        let size = Op::I64(self.elem_size(base));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![Op::I64(HEAD + DIM * rank)], Ty::Ptr));
        self.fill_desc(&buf, base, addr, dims, size);
        self.call_after.push(Stmt::Call("gpuf_free".into(), vec![buf.clone()]));
        buf
    }

    /// Writes gfortran's descriptor of the array at `addr` with dimensions `dims` and
    /// elements of `size` bytes into the block at `buf`.
    pub(super) fn fill_desc(&mut self, buf: &Op, base: BaseTy, addr: Op, dims: &[DescDim], size: Op) {
        let rank = dims.len() as i64;
        let at = |g: &mut Self, off: i64| g.val(Ty::Ptr, Rv::PtrAdd(buf.clone(), Op::I64(off)));
        let mut offset = Op::I64(0);
        self.emit(Stmt::Store(Ty::Ptr, buf.clone(), addr));
        for (k, (stride, lb, ub)) in dims.iter().enumerate() {
            let t = self.bin(Ty::I64, BinOp::Mul, lb.clone(), stride.clone());
            offset = self.bin(Ty::I64, BinOp::Sub, offset, t);
            let w = HEAD + DIM * k as i64;
            for (j, v) in [stride, lb, ub].into_iter().enumerate() {
                let p = at(self, w + 8 * j as i64);
                self.emit(Stmt::Store(Ty::I64, p, v.clone()));
            }
        }
        let p = at(self, 8);
        self.emit(Stmt::Store(Ty::I64, p, offset));
        let p = at(self, 16);
        self.emit(Stmt::Store(Ty::I64, p, size.clone()));
        // version 0, rank, type, attribute 0 (little-endian).
        let p = at(self, 24);
        self.emit(Stmt::Store(Ty::I64, p, Op::I64((rank << 32) | (type_code(base) << 40))));
        let p = at(self, 32);
        self.emit(Stmt::Store(Ty::I64, p, size));
    }

    /// The descriptor of an array actual argument for an assumed-shape dummy.
    pub(super) fn desc_arg(&mut self, e: &Expr) -> Op {
        let Some(base) = e.ty.base() else { return Op::Null };
        if matches!(e.kind, ExprKind::Component(_)) {
            if let Some(a) = self.comp_desc_addr(e) {
                return a;
            }
        }
        let named = match &e.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(d)) => Some((d, None)),
                _ => None,
            },
            ExprKind::ArrayRef { name, subs } if !has_vector_subscript(subs) => match self.lookup(&name.name) {
                Some(Home::Array(d)) => Some((d, Some(subs))),
                _ => None,
            },
            _ => None,
        };
        match named {
            Some((d, None)) => {
                let mut dims = Vec::new();
                let sm = self.dim_sm(&d);
                for ((lb, ext), m) in d.lb.iter().zip(&d.ext).zip(sm) {
                    let ub = self.bin(Ty::I64, BinOp::Add, Op::Var(*lb), Op::Var(*ext));
                    let ub = self.bin(Ty::I64, BinOp::Sub, ub, Op::I64(1));
                    dims.push((m, Op::Var(*lb), ub));
                }
                self.build_desc(d.base, Op::Var(d.addr), &dims)
            }
            Some((d, Some(subs))) => match self.section_dims(&d, subs) {
                Some((addr, dims)) => self.build_desc(d.base, addr, &dims),
                None => Op::Null,
            },
            None => {
                let (tmp, shape) = self.expr_temp(e);
                let mut dims = Vec::new();
                let mut prod = Op::I64(1);
                for x in &shape {
                    dims.push((prod.clone(), Op::I64(1), x.clone()));
                    prod = self.bin(Ty::I64, BinOp::Mul, prod, x.clone());
                }
                self.build_desc(base, tmp, &dims)
            }
        }
    }

    /// The value of an array expression in a contiguous temporary, freed after the call,
    /// and its shape.
    pub(super) fn expr_temp(&mut self, e: &Expr) -> (Op, Vec<Op>) {
        let t = self.expr_ty(e);
        // Integers and logicals whose memory type differs from their value's (kinds 1, 2,
        // and `logical(8)`) are stored as the dummy sees them.
        let narrow = e.ty.base().filter(|b| matches!(b, BaseTy::Integer(_) | BaseTy::Logical(_)) && mem_ty(*b) != t);
        // A structure's value is the address of its bytes: they are copied.
        let derived = match e.ty.base() {
            Some(BaseTy::Derived(k)) => Some(self.type_size(k)),
            _ => None,
        };
        let es = derived.unwrap_or_else(|| narrow.map_or(t.size(), |b| mem_ty(b).size()));
        let mark = self.materialize(e);
        let shape = self.shape(e);
        let mut n = Op::I64(es);
        for x in &shape {
            n = self.bin(Ty::I64, BinOp::Mul, n, x.clone());
        }
        let tmp = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr));
        let sh = shape.clone();
        let tb = tmp.clone();
        self.scalarise(&shape, &mut |g, idx| {
            let v = g.expr_at(e, idx);
            let v = g.conv(v, t);
            let a = g.lin_addr(&tb, idx, &sh, es);
            match (narrow, derived) {
                (_, Some(n)) => g.emit(Stmt::Call("gpuf_str_copy".into(), vec![a, Op::I64(n), v, Op::I64(n)])),
                (Some(b), None) => g.store_as(b, a, v),
                (None, None) => g.emit(Stmt::Store(t, a, v)),
            }
        });
        self.free_mats(mark);
        self.call_after.push(Stmt::Call("gpuf_free".into(), vec![tmp.clone()]));
        (tmp, shape)
    }

    /// The pointer parameter of the dummy argument at position `i` (after the hidden
    /// result descriptor of an array-valued function).
    pub(super) fn dummy_param(&self, i: usize) -> Option<VarId> {
        self.f.params.get(i + self.result_params()).copied()
    }

    /// An optional dummy passed on as an actual argument: its descriptor `d`, or null
    /// when it is absent itself.
    pub(super) fn absent_passed_on(&mut self, e: &Expr, d: Op) -> Op {
        let ExprKind::Name(id) = &e.kind else { return d };
        let Some(s) = self.syms.get(&id.name).filter(|s| s.optional) else { return d };
        let Some(p) = s.dummy.and_then(|i| self.dummy_param(i)) else { return d };
        let here = self.bin(Ty::I32, BinOp::Ne, Op::Var(p), Op::Null);
        let v = self.tmp(Ty::Ptr);
        self.emit(Stmt::Assign(v, Rv::Use(Op::Null)));
        self.emit(Stmt::If { cond: here, then_body: vec![Stmt::Assign(v, Rv::Use(d))], else_body: vec![] });
        Op::Var(v)
    }

    /// A section actual argument of an explicit-shape or assumed-size dummy: its data,
    /// packed into a contiguous copy when it is not contiguous (copied back after the
    /// call unless the dummy is `intent(in)`). `None` if `e` is not a section.
    pub(super) fn packed_section(&mut self, e: &Expr, intent: Option<ast::Intent>) -> Option<Op> {
        if e.ty.rank() == 0 {
            return None;
        }
        let (d, addr, dims) = match &e.kind {
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return None };
                // A section contiguous by its form (whole dimensions, then one range of unit
                // stride, then single subscripts) of a contiguous array: its first element
                // is the data, as `gpuf_desc_pack` would find (and device code, which has
                // no run time to call, passes it the same way).
                if !self.ptr_sm.contains_key(&d.addr) && contiguous_form(subs) {
                    return None;
                }
                let (addr, dims) = self.section_dims(&d, subs)?;
                (d, addr, dims)
            }
            // A whole array pointer: it may point to a strided section.
            ExprKind::Name(id) => {
                let Some(Home::Array(d)) = self.lookup(&id.name) else { return None };
                let subs: Vec<Arg> = d.lb.iter().map(|_| Arg::Range { lo: None, hi: None, stride: None, span: e.span }).collect();
                if !self.ptr_sm.contains_key(&d.addr) {
                    return None;
                }
                let (addr, dims) = self.section_dims(&d, &subs)?;
                (d, addr, dims)
            }
            _ => return None,
        };
        let mark = self.call_after.len();
        let desc = self.build_desc(d.base, addr, &dims);
        let rank = Op::I32(dims.len() as i32);
        let size = Op::I64(self.elem_size(d.base));
        let data = self.val(Ty::Ptr, Rv::Call("gpuf_desc_pack".into(), vec![desc.clone(), rank.clone(), size.clone()], Ty::Ptr));
        let copy_back = Op::I32((intent != Some(ast::Intent::In)) as i32);
        // Unpack before the descriptor is freed.
        self.call_after.insert(mark, Stmt::Call("gpuf_desc_unpack".into(), vec![desc, rank, size, data.clone(), copy_back]));
        Some(data)
    }
}

/// Whether section subscripts select contiguous elements of a contiguous array: whole
/// dimensions (`:`), then at most one range of unit stride, then single subscripts.
fn contiguous_form(subs: &[Arg]) -> bool {
    let mut partial_seen = false;
    let mut index_seen = false;
    for sub in subs {
        match sub {
            Arg::Index(_) | Arg::Keyword(..) => index_seen = true,
            Arg::Range { stride: Some(_), .. } => return false,
            Arg::Range { lo: None, hi: None, .. } if !partial_seen && !index_seen => {}
            Arg::Range { .. } if !index_seen && !partial_seen => partial_seen = true,
            Arg::Range { .. } => return false,
        }
    }
    true
}
