//! Array descriptors: creating them and their shapes, element addresses from subscripts, the
//! shape of array expressions and the loops that scalarise them.

use super::*;

impl G<'_> {
    /// A fresh descriptor for an array symbol, registered as its home.
    pub(super) fn new_desc(&mut self, s: &gpuf_frontend::sema::Symbol) -> Desc {
        let addr = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        let mut lb = Vec::new();
        let mut ext = Vec::new();
        for d in 0..s.rank {
            lb.push(self.f.new_var(format!("{}.lb{}", s.name, d + 1), Ty::I64));
            ext.push(self.f.new_var(format!("{}.ext{}", s.name, d + 1), Ty::I64));
        }
        let desc = Desc { name: s.name.clone(), base: s.base, addr, lb, ext };
        self.homes.insert(s.name.clone(), Home::Array(desc.clone()));
        desc
    }

    pub(super) fn set_shape(&mut self, d: &Desc, dims: &[DimSpec], sp: Span) {
        for (k, dim) in dims.iter().enumerate() {
            let (Some(&lbv), Some(&extv)) = (d.lb.get(k), d.ext.get(k)) else { break };
            match dim {
                DimSpec::Explicit { lo, hi } => {
                    let lo = self.int_arg(lo.as_ref(), 1);
                    let hi = self.expr(hi);
                    let hi = self.conv(hi, Ty::I64);
                    self.emit(Stmt::Assign(lbv, Rv::Use(lo.clone())));
                    let n = self.bin(Ty::I64, BinOp::Sub, hi, lo);
                    let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
                    self.emit(Stmt::Assign(extv, Rv::Binary(BinOp::Max, n, Op::I64(0))));
                }
                DimSpec::AssumedSize(_) => {
                    // `a(*)`: the extent is unknown; elements are addressed from the lower
                    // bound 1, whole-array operations see no elements (sema forbids them).
                    self.emit(Stmt::Assign(lbv, Rv::Use(Op::I64(1))));
                    self.emit(Stmt::Assign(extv, Rv::Use(Op::I64(0))));
                }
                DimSpec::Deferred(_) | DimSpec::AssumedLo { .. } => {
                    self.diags.push(Diagnostic::error("E0210", format!("array `{}` needs an explicit shape here", d.name), sp));
                }
            }
        }
    }

    pub(super) fn elem_size(&self, b: BaseTy) -> i64 {
        match b {
            BaseTy::Derived(k) => self.type_size(k),
            _ => match complex::part_ty(b) {
                Some(pt) => 2 * pt.size(),
                None => mem_ty(b).size(),
            },
        }
    }

    /// The size in bytes of an element of `d`: a polymorphic array's dynamic type's.
    pub(super) fn desc_esize(&self, d: &Desc) -> Op {
        match self.class_esize.get(&d.addr) {
            Some(v) => Op::Var(*v),
            None => Op::I64(self.elem_size(d.base)),
        }
    }

    pub(super) fn desc_bytes(&mut self, d: &Desc) -> Op {
        let mut n = self.desc_esize(d);
        for e in d.ext.clone() {
            n = self.bin(Ty::I64, BinOp::Mul, n, Op::Var(e));
        }
        n
    }

    /// Initialises every element of an array with a scalar initial value.
    pub(super) fn fill_array(&mut self, d: &Desc, init: &Expr) {
        if let Some(pt) = complex::part_ty(d.base) {
            // A complex array: one value for every element, or an array's (in array
            // element order when a rank-1 value fills a higher-rank array).
            let mark = self.materialize(init);
            let scalar = if init.ty.rank() == 0 { Some(self.cexpr_at(init, &[], pt)) } else { None };
            let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
            let d2 = d.clone();
            let linear = d.lb.len() > 1 && init.ty.rank() == 1;
            self.scalarise(&shape, &mut |g, idx| {
                let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                let v = match &scalar {
                    Some(v) => v.clone(),
                    None if linear => {
                        let k = g.elem_offset(&d2, &subs);
                        g.cexpr_at(init, &[k], pt)
                    }
                    None => g.cexpr_at(init, idx, pt),
                };
                let a = g.elem_addr(&d2, &subs);
                g.cstore(pt, a, v);
            });
            self.free_mats(mark);
            return;
        }
        if init.ty.rank() > 0 {
            let mark = self.materialize(init);
            let t = ir_ty(d.base);
            let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
            let d2 = d.clone();
            let linear = d.lb.len() > 1 && init.ty.rank() == 1;
            self.scalarise(&shape, &mut |g, idx| {
                // A rank-1 value (from `data`) fills a higher-rank array in element order.
                let v = if linear {
                    let zero: Vec<Op> = d2.lb.iter().map(|l| Op::Var(*l)).collect();
                    let at: Vec<Op> = zero.iter().zip(idx).map(|(l, i)| g.bin(Ty::I64, BinOp::Add, l.clone(), i.clone())).collect();
                    let k = g.elem_offset(&d2, &at);
                    g.expr_at(init, &[k])
                } else {
                    g.expr_at(init, idx)
                };
                let v = g.conv(v, t);
                let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                let a = g.elem_addr(&d2, &subs);
                g.store_as(d2.base, a, v);
            });
            self.free_mats(mark);
            return;
        }
        let t = ir_ty(d.base);
        let v = self.expr(init);
        let v = self.conv(v, t);
        let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
        let d2 = d.clone();
        self.scalarise(&shape, &mut |g, idx| {
            let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
            let a = g.elem_addr(&d2, &subs);
            g.store_as(d2.base, a, v.clone());
        });
    }

    /// The subscripts (as `I64` absolute indices) of an element of `d`; sections take their
    /// positions from `idx`, one per range or vector subscript in order (a vector
    /// subscript's element at that position is the index).
    pub(super) fn subscripts(&mut self, d: &Desc, subs: &[Arg], idx: &[Op]) -> Vec<Op> {
        let mut out = Vec::new();
        let mut k = 0;
        for (dim, s) in subs.iter().enumerate() {
            match s {
                Arg::Index(x) | Arg::Keyword(_, x) => {
                    let v = if x.ty.rank() > 0 {
                        let pos = idx.get(k).cloned().unwrap_or(Op::I64(0));
                        k += 1;
                        self.expr_at(x, &[pos])
                    } else {
                        self.expr(x)
                    };
                    let v = self.conv(v, Ty::I64);
                    if self.opts.check_bounds {
                        self.bounds_check(d, dim, &v, x.span);
                    }
                    out.push(v);
                }
                Arg::Range { lo, stride, .. } => {
                    let lo = self.range_lo(d, dim, lo.as_ref());
                    let st = self.int_arg(stride.as_ref(), 1);
                    let pos = idx.get(k).cloned().unwrap_or(Op::I64(0));
                    k += 1;
                    let off = self.bin(Ty::I64, BinOp::Mul, pos, st);
                    out.push(self.bin(Ty::I64, BinOp::Add, lo, off));
                }
            }
        }
        out
    }

    pub(super) fn range_lo(&mut self, d: &Desc, dim: usize, lo: Option<&Expr>) -> Op {
        match lo {
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, Ty::I64)
            }
            None => d.lb.get(dim).map_or(Op::I64(1), |v| Op::Var(*v)),
        }
    }

    pub(super) fn range_hi(&mut self, d: &Desc, dim: usize, hi: Option<&Expr>) -> Op {
        match hi {
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, Ty::I64)
            }
            None => {
                let (Some(lb), Some(ext)) = (d.lb.get(dim), d.ext.get(dim)) else { return Op::I64(0) };
                let t = self.bin(Ty::I64, BinOp::Add, Op::Var(*lb), Op::Var(*ext));
                self.bin(Ty::I64, BinOp::Sub, t, Op::I64(1))
            }
        }
    }

    /// Address of the element at absolute subscripts `subs` (column-major).
    pub(super) fn elem_addr(&mut self, d: &Desc, subs: &[Op]) -> Op {
        let off = self.elem_offset(d, subs);
        let size = self.desc_esize(d);
        let bytes = self.bin(Ty::I64, BinOp::Mul, off, size);
        self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(d.addr), bytes))
    }

    /// The address of an element of a character array (elements of `len` bytes).
    pub(super) fn char_elem(&mut self, d: &Desc, len: VarId, subs: &[Op]) -> Op {
        let off = self.elem_offset(d, subs);
        let bytes = self.bin(Ty::I64, BinOp::Mul, off, Op::Var(len));
        self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(d.addr), bytes))
    }

    /// The distance in elements between neighbours along each dimension of `d`: an array
    /// pointer's own, else column-major products of the extents.
    pub(super) fn dim_sm(&mut self, d: &Desc) -> Vec<Op> {
        if let Some(sm) = self.ptr_sm.get(&d.addr) {
            return sm.iter().map(|v| Op::Var(*v)).collect();
        }
        let mut out = Vec::new();
        let mut prod = Op::I64(1);
        for e in d.ext.clone() {
            out.push(prod.clone());
            prod = self.bin(Ty::I64, BinOp::Mul, prod, Op::Var(e));
        }
        out
    }

    /// The position of an element in array element order (an `I64`, from 0; for an array
    /// pointer, the distance in elements from its first element).
    fn elem_offset(&mut self, d: &Desc, subs: &[Op]) -> Op {
        if let Some(sm) = self.ptr_sm.get(&d.addr).cloned() {
            // An array pointer: its own element distances.
            let mut off = Op::I64(0);
            for (k, s) in subs.iter().enumerate() {
                let (Some(&lb), Some(&m)) = (d.lb.get(k), sm.get(k)) else { break };
                let rel = self.bin(Ty::I64, BinOp::Sub, s.clone(), Op::Var(lb));
                let term = self.bin(Ty::I64, BinOp::Mul, rel, Op::Var(m));
                off = self.bin(Ty::I64, BinOp::Add, off, term);
            }
            return off;
        }
        let mut off = Op::I64(0);
        let mut stride = Op::I64(1);
        for (k, s) in subs.iter().enumerate() {
            let (Some(&lb), Some(&ext)) = (d.lb.get(k), d.ext.get(k)) else { break };
            let rel = self.bin(Ty::I64, BinOp::Sub, s.clone(), Op::Var(lb));
            let term = self.bin(Ty::I64, BinOp::Mul, rel, stride.clone());
            off = self.bin(Ty::I64, BinOp::Add, off, term);
            if k + 1 < subs.len() {
                stride = self.bin(Ty::I64, BinOp::Mul, stride, Op::Var(ext));
            }
        }
        off
    }

    /// The extents (`I64`) of an array expression; empty for scalars.
    pub(super) fn shape(&mut self, e: &Expr) -> Vec<Op> {
        if self.is_array_call(e) {
            let n = usize::from(e.ty.rank());
            if self.is_class_array_call(e) {
                // The result homed under a fresh name: the extents of its descriptor.
                return match self.class_array_call(e).and_then(|t| self.lookup(&t)) {
                    Some(Home::Array(d)) => d.ext.iter().map(|&x| Op::Var(x)).collect(),
                    _ => vec![Op::I64(0); n],
                };
            }
            return self.mat_shapes.get(&(e as *const Expr as usize)).cloned().unwrap_or_else(|| vec![Op::I64(0); n]);
        }
        if let ExprKind::Call { name, args } = &e.kind {
            if self.is_elemental_array_call(&name.name, args) {
                return Self::first_array_arg(args).map(|x| self.shape(x)).unwrap_or_default();
            }
        }
        if let (true, ExprKind::Binary(_, x, y)) = (super::exprs::char_array_compare(e) && self.device_code(), &e.kind) {
            return self.shape(if x.ty.rank() > 0 { x } else { y });
        }
        if super::exprs::char_array_compare(e) {
            let n = usize::from(e.ty.rank());
            return self.mat_shapes.get(&(e as *const Expr as usize)).cloned().unwrap_or_else(|| vec![Op::I64(0); n]);
        }
        if let ExprKind::Intrinsic { func, args } = &e.kind {
            if func.is_transformational() {
                return self.transform_shape(e, *func, args);
            }
            if matches!(func, Intrinsic::BesselJn | Intrinsic::BesselYn) && args.len() == 3 {
                return self.bessel_rank1_shape(args);
            }
            if matches!(func, Intrinsic::Ichar | Intrinsic::Iachar | Intrinsic::Char | Intrinsic::Achar)
                && e.ty.rank() > 0
                && self.device_code()
            {
                return args.first().map(|x| self.shape(x)).unwrap_or_default();
            }
            if matches!(func, Intrinsic::Ichar | Intrinsic::Iachar) && e.ty.rank() > 0 {
                let n = usize::from(e.ty.rank());
                return self.mat_shapes.get(&(e as *const Expr as usize)).cloned().unwrap_or_else(|| vec![Op::I64(0); n]);
            }
            if *func == Intrinsic::Transfer && e.ty.rank() > 0 {
                return vec![self.mats.get(&(e as *const Expr as usize)).map_or(Op::I64(0), |m| m.1.clone())];
            }
        }
        match &e.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(d)) | Some(Home::CharArray { d, .. }) => d.ext.iter().map(|v| Op::Var(*v)).collect(),
                _ => Vec::new(),
            },
            ExprKind::ArrayRef { name, subs } => {
                let (Some(Home::Array(d)) | Some(Home::CharArray { d, .. })) = self.lookup(&name.name) else { return Vec::new() };
                let mut out = Vec::new();
                for (dim, s) in subs.iter().enumerate() {
                    if let Arg::Index(x) = s {
                        if x.ty.rank() > 0 {
                            out.push(self.shape(x).first().cloned().unwrap_or(Op::I64(0)));
                        }
                    }
                    if let Arg::Range { lo, hi, stride, .. } = s {
                        let l = self.range_lo(&d, dim, lo.as_ref());
                        let h = self.range_hi(&d, dim, hi.as_ref());
                        let st = self.int_arg(stride.as_ref(), 1);
                        if self.opts.check_bounds {
                            self.section_check(&d, dim, [&l, &h, &st], e.span);
                        }
                        let n = self.bin(Ty::I64, BinOp::Sub, h, l);
                        let n = self.bin(Ty::I64, BinOp::Add, n, st.clone());
                        let n = self.bin(Ty::I64, BinOp::Div, n, st);
                        out.push(self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0))));
                    }
                }
                out
            }
            ExprKind::Paren(x) | ExprKind::Unary(_, x) => self.shape(x),
            ExprKind::Binary(_, x, y) => {
                if x.ty.rank() > 0 {
                    self.shape(x)
                } else {
                    self.shape(y)
                }
            }
            ExprKind::Intrinsic { .. } if e.ty.rank() == 0 => Vec::new(),
            ExprKind::Component(_) => self.component_shape(e),
            ExprKind::ArrayCtor(items) if self.device_ctor() && super::exprs::direct_ctor(items).is_some() => {
                let Some((d, _)) = super::exprs::direct_ctor(items) else { return vec![Op::I64(0)] };
                // max(0, (hi - lo + st) / st) elements.
                let (_, vt, lo, hi, st) = self.index_bounds(&d.var.name, &d.lo, &d.hi, d.step.as_ref());
                let n = self.bin(vt, BinOp::Sub, hi, lo);
                let n = self.bin(vt, BinOp::Add, n, st.clone());
                let n = self.bin(vt, BinOp::Div, n, st);
                let n = self.conv(n, Ty::I64);
                vec![self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0)))]
            }
            ExprKind::ArrayCtor(items) if self.device_ctor() && super::exprs::per_element_ctor(items) => {
                vec![Op::I64(super::exprs::scalar_items(items).map_or(0, |v| v.len() as i64))]
            }
            ExprKind::ArrayCtor(_) => match self.mats.get(&(e as *const Expr as usize)) {
                Some((_, n)) => vec![n.clone()],
                None => vec![Op::I64(0)],
            },
            ExprKind::Intrinsic {
                func: Intrinsic::Maxloc | Intrinsic::Minloc | Intrinsic::Findloc | Intrinsic::Lbound | Intrinsic::Ubound | Intrinsic::Shape,
                args,
            } if matches!(args.get(1).map(|d| &d.kind), None | Some(ExprKind::Int(0, _))) => {
                vec![Op::I64(args.first().map_or(0, |a| i64::from(a.ty.rank())))]
            }
            ExprKind::Intrinsic {
                func:
                    Intrinsic::Sum
                    | Intrinsic::Product
                    | Intrinsic::Maxval
                    | Intrinsic::Minval
                    | Intrinsic::Count
                    | Intrinsic::Any
                    | Intrinsic::Iall
                    | Intrinsic::Iany
                    | Intrinsic::Iparity
                    | Intrinsic::Parity
                    | Intrinsic::All
                    | Intrinsic::Maxloc
                    | Intrinsic::Minloc
                    | Intrinsic::Findloc
                    | Intrinsic::Norm2,
                args,
            } => {
                let Some(a) = args.first() else { return Vec::new() };
                let dim = match args.get(1).map(|d| &d.kind) {
                    Some(ExprKind::Int(v, _)) => *v as usize,
                    _ => 0,
                };
                let mut sh = self.shape(a);
                if dim >= 1 && dim <= sh.len() {
                    sh.remove(dim - 1);
                }
                sh
            }
            ExprKind::Intrinsic { args, .. } => {
                for a in args {
                    if a.ty.rank() > 0 {
                        return self.shape(a);
                    }
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// Emits loops over `shape` (first dimension innermost) and calls `body` with the
    /// zero-based positions.
    pub(super) fn scalarise(&mut self, shape: &[Op], body: &mut dyn FnMut(&mut Self, &[Op])) {
        let vars: Vec<VarId> = shape.iter().map(|_| self.tmp(Ty::I64)).collect();
        self.scalarise_rec(shape, &vars, shape.len(), body);
    }

    fn scalarise_rec(&mut self, shape: &[Op], vars: &[VarId], k: usize, body: &mut dyn FnMut(&mut Self, &[Op])) {
        if k == 0 {
            let idx: Vec<Op> = vars.iter().map(|v| Op::Var(*v)).collect();
            body(self, &idx);
            return;
        }
        let d = k - 1;
        let id = self.f.new_loop();
        self.push_block();
        self.scalarise_rec(shape, vars, k - 1, body);
        let b = self.pop_block();
        let hi = self.bin(Ty::I64, BinOp::Sub, shape[d].clone(), Op::I64(1));
        self.emit(Stmt::Loop { id, var: vars[d], lo: Op::I64(0), hi, step: Op::I64(1), body: b, part: None });
    }

    /// Whether the gfortran descriptor at the address in `pv` (of rank `rank`) describes
    /// contiguous elements, as gfortran's `is_contiguous` decides: each dimension's stride
    /// is the product of the extents before it (strictly: a dimension of one element with
    /// another stride, or a negative stride, is not contiguous).
    fn desc_contiguous(&mut self, pv: VarId, rank: usize) -> Op {
        let (mut ok, mut prod) = (Op::I32(1), Op::I64(1));
        for k in 0..rank as i64 {
            let w = super::assumed::HEAD + super::assumed::DIM * k;
            let at = |g: &mut Self, off: i64| g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(pv), Op::I64(w + off)));
            let p = at(self, 0);
            let stride = self.val(Ty::I64, Rv::Load(Ty::I64, p));
            let p = at(self, 8);
            let lb = self.val(Ty::I64, Rv::Load(Ty::I64, p));
            let p = at(self, 16);
            let ub = self.val(Ty::I64, Rv::Load(Ty::I64, p));
            let same = self.val(Ty::I32, Rv::Binary(BinOp::Eq, stride, prod.clone()));
            ok = self.val(Ty::I32, Rv::Binary(BinOp::And, ok, same));
            let ext = self.bin(Ty::I64, BinOp::Sub, ub, lb);
            let ext = self.bin(Ty::I64, BinOp::Add, ext, Op::I64(1));
            prod = self.bin(Ty::I64, BinOp::Mul, prod, ext);
        }
        ok
    }

    /// `is_contiguous(a)`: for an assumed-shape dummy, whether the actual argument's
    /// descriptor is (gimplify works on a packed copy of a non-contiguous one); true for
    /// another variable that is not a pointer; for an array pointer, whether its
    /// element distances are those of its extents; for a section of a variable, whether the
    /// dimensions before the last of more than one element are whole and unstrided and that
    /// one has stride 1 (or it is empty).
    pub(super) fn is_contiguous(&mut self, a: &Expr) -> Op {
        let (name, subs) = match &a.kind {
            ExprKind::Name(id) => (id.name.clone(), None),
            ExprKind::ArrayRef { name, subs } => (name.name.clone(), Some(subs)),
            _ => {
                self.not_yet("`is_contiguous` of this argument", a.span);
                return Op::I32(0);
            }
        };
        let pointer = self.syms.get(&name).is_some_and(|s| s.pointer);
        let d = match self.lookup(&name) {
            Some(Home::Array(d)) | Some(Home::CharArray { d, .. }) => d,
            _ => {
                self.not_yet("`is_contiguous` of this argument", a.span);
                return Op::I32(0);
            }
        };
        let Some(subs) = subs else {
            if let (Some(&pv), false) = (self.assumed_descs.get(&name), self.device_code()) {
                return self.desc_contiguous(pv, d.lb.len());
            }
            // (Deferred bounds neither allocatable nor pointer: an assumed-shape dummy.)
            let assumed = |s: &gpuf_frontend::sema::Symbol| {
                s.rank > 0 && !s.allocatable && !s.pointer && s.dims.iter().all(DimSpec::is_assumed_shape)
            };
            if self.syms.get(&name).is_some_and(|s| s.host && assumed(s)) {
                // (Its caller's descriptor is the host's: not passed to internal procedures.)
                self.not_yet("`is_contiguous` of an assumed-shape dummy of the host procedure", a.span);
                return Op::I32(0);
            }
            if !pointer {
                return Op::I32(1);
            }
            let Some(sm) = self.ptr_sm.get(&d.addr).cloned() else { return Op::I32(1) };
            let (mut ok, mut prod, mut empty) = (Op::I32(1), Op::I64(1), Op::I32(0));
            for (m, e) in sm.iter().zip(d.ext.clone()) {
                let one = self.val(Ty::I32, Rv::Binary(BinOp::Le, Op::Var(e), Op::I64(1)));
                let same = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(*m), prod.clone()));
                let k = self.val(Ty::I32, Rv::Binary(BinOp::Or, one, same));
                ok = self.val(Ty::I32, Rv::Binary(BinOp::And, ok, k));
                let z = self.val(Ty::I32, Rv::Binary(BinOp::Le, Op::Var(e), Op::I64(0)));
                empty = self.val(Ty::I32, Rv::Binary(BinOp::Or, empty, z));
                prod = self.bin(Ty::I64, BinOp::Mul, prod, Op::Var(e));
            }
            return self.val(Ty::I32, Rv::Binary(BinOp::Or, ok, empty));
        };
        if pointer {
            self.not_yet("`is_contiguous` of a section of a pointer", a.span);
            return Op::I32(0);
        }
        // (ok, all dimensions so far whole and unstrided, some dimension empty)
        let (mut ok, mut whole, mut empty) = (Op::I32(1), Op::I32(1), Op::I32(0));
        for (k, s) in subs.iter().enumerate() {
            let Some(full) = d.ext.get(k).copied() else { break };
            let (n, st) = match s {
                Arg::Range { lo, hi, stride, .. } => {
                    let l = self.range_lo(&d, k, lo.as_ref());
                    let h = self.range_hi(&d, k, hi.as_ref());
                    let st = match stride {
                        Some(x) => {
                            let v = self.expr(x);
                            self.conv(v, Ty::I64)
                        }
                        None => Op::I64(1),
                    };
                    let n = self.bin(Ty::I64, BinOp::Sub, h, l);
                    let n = self.bin(Ty::I64, BinOp::Add, n, st.clone());
                    let n = self.bin(Ty::I64, BinOp::Div, n, st.clone());
                    (self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0))), st)
                }
                _ => (Op::I64(1), Op::I64(1)),
            };
            let unit = self.val(Ty::I32, Rv::Binary(BinOp::Eq, st.clone(), Op::I64(1)));
            let one = self.val(Ty::I32, Rv::Binary(BinOp::Le, n.clone(), Op::I64(1)));
            let here = self.val(Ty::I32, Rv::Binary(BinOp::And, unit.clone(), whole.clone()));
            let here = self.val(Ty::I32, Rv::Binary(BinOp::Or, one, here));
            ok = self.val(Ty::I32, Rv::Binary(BinOp::And, ok, here));
            let z = self.val(Ty::I32, Rv::Binary(BinOp::Eq, n.clone(), Op::I64(0)));
            empty = self.val(Ty::I32, Rv::Binary(BinOp::Or, empty, z));
            let all = self.val(Ty::I32, Rv::Binary(BinOp::Eq, n, Op::Var(full)));
            let single = self.val(Ty::I32, Rv::Binary(BinOp::Le, Op::Var(full), Op::I64(1)));
            let w = self.val(Ty::I32, Rv::Binary(BinOp::Or, unit, single));
            let w = self.val(Ty::I32, Rv::Binary(BinOp::And, all, w));
            whole = self.val(Ty::I32, Rv::Binary(BinOp::And, whole, w));
        }
        self.val(Ty::I32, Rv::Binary(BinOp::Or, ok, empty))
    }
}
