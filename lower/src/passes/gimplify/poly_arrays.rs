//! Polymorphic (`class(T)`) arrays as gfortran 12 keeps them: a class container whose
//! `_data` is gfortran's array descriptor (strides in elements of the dynamic type) and
//! whose `_vptr` follows the descriptor's last dimension; an element's address is
//! `data + (distance in elements) * _vptr->_size`. Inside a unit such an array is a
//! [`Desc`] with element distances (`G::ptr_sm`, like an array pointer's) and the dynamic
//! element size in a variable (`G::class_esize`); `G::class_arrs` keeps the container,
//! from which `_vptr` is read for dispatch, `select type` and actual arguments.

use super::assumed::{DescDim, DIM, HEAD};
use super::polymorph::intrinsic_vtab;
use super::*;
use gpuf_frontend::sema::{ArgSig, CompInfo, Symbol};

impl G<'_> {
    /// The callee's side of a `class(T)` array dummy (assumed-shape or explicit-shape):
    /// the container at the address in `pv`.
    pub(super) fn declare_class_array_dummy(&mut self, s: &Symbol, pv: VarId) {
        let desc = self.new_desc(s);
        let rank = i64::from(s.rank);
        self.emit(Stmt::Assign(desc.addr, Rv::Load(Ty::Ptr, Op::Var(pv))));
        let esize = self.f.new_var(format!("{}.esize", s.name), Ty::I64);
        let star = self.is_star(s.base);
        self.esize_from_cont(esize, Op::Var(pv), rank, star);
        let word = |g: &mut Self, k: usize, j: i64| {
            let a = g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(pv), Op::I64(HEAD + DIM * k as i64 + 8 * j)));
            g.val(Ty::I64, Rv::Load(Ty::I64, a))
        };
        let assumed = s.dims.iter().all(DimSpec::is_assumed_shape);
        if !assumed {
            self.set_shape(&desc, &s.dims, s.span);
        }
        let mut sm = Vec::new();
        for k in 0..usize::from(s.rank) {
            let (Some(&lb), Some(&ext)) = (desc.lb.get(k), desc.ext.get(k)) else { break };
            let m = self.f.new_var(format!("{}.sm{}", s.name, k + 1), Ty::I64);
            if k == 0 || assumed {
                // (A zero stride, as gfortran reads it, is 1.)
                let st = word(self, k, 0);
                let zero = self.bin(Ty::I32, BinOp::Eq, st.clone(), Op::I64(0));
                let zero = self.val(Ty::I64, Rv::Cast(Ty::I64, zero));
                self.emit(Stmt::Assign(m, Rv::Binary(BinOp::Add, st, zero)));
            } else if let (Some(&prev), Some(&pext)) = (sm.get(k - 1), desc.ext.get(k - 1)) {
                self.emit(Stmt::Assign(m, Rv::Binary(BinOp::Mul, Op::Var(prev), Op::Var(pext))));
            }
            if assumed {
                let lo = match s.dims.get(k) {
                    Some(DimSpec::AssumedLo { lo, .. }) => {
                        let v = self.expr(lo);
                        self.conv(v, Ty::I64)
                    }
                    _ => Op::I64(1),
                };
                self.emit(Stmt::Assign(lb, Rv::Use(lo)));
                let (l, u) = (word(self, k, 1), word(self, k, 2));
                let n = self.bin(Ty::I64, BinOp::Sub, u, l);
                let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
                self.emit(Stmt::Assign(ext, Rv::Binary(BinOp::Max, n, Op::I64(0))));
            }
            sm.push(m);
        }
        self.ptr_sm.insert(desc.addr, sm);
        self.class_esize.insert(desc.addr, esize);
        self.class_arrs.insert(s.name.clone(), pv);
        if let (Some(ast::Intent::Out), BaseTy::Derived(k)) = (s.intent, s.base) {
            self.reset_class_out_array(&s.name, &desc, k);
        }
    }

    /// The `_vptr` of the polymorphic array `name` (read from its container), if it is one.
    pub(super) fn class_array_vptr(&mut self, name: &str) -> Option<Op> {
        let cont = *self.class_arrs.get(name)?;
        let Some(Home::Array(d)) = self.lookup(name) else { return None };
        let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * d.lb.len() as i64)));
        Some(self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at)))
    }

    /// The vtab of the dynamic type of the elements of the array named `name` of declared
    /// base `b`: a polymorphic array's `_vptr`, else its type's vtab.
    fn array_vptr(&mut self, name: &str, b: BaseTy, sp: Span) -> Op {
        if let Some(v) = self.class_array_vptr(name) {
            return v;
        }
        match b {
            BaseTy::Derived(k) if !self.is_star(b) => match self.types.get(k as usize) {
                Some(t) => self.val(Ty::Ptr, Rv::GlobalAddr(polymorph::vtab_name(t))),
                None => Op::Null,
            },
            _ => match intrinsic_vtab(b) {
                Some((vt, _, _)) => self.val(Ty::Ptr, Rv::GlobalAddr(vt)),
                None => {
                    self.not_yet("this array as an actual argument of a `class(*)` array dummy", sp);
                    Op::Null
                }
            },
        }
    }

    /// `esize` = the element size of the polymorphic array whose rank-`rank` container is
    /// at `cont`: `_vptr->_size`, times `_len` for a `class(*)` one holding characters
    /// (gfortran's `_len > 0 ? _size * _len : _size`).
    pub(super) fn esize_from_cont(&mut self, esize: VarId, cont: Op, rank: i64, star: bool) {
        let vpa = self.val(Ty::Ptr, Rv::PtrAdd(cont.clone(), Op::I64(HEAD + DIM * rank)));
        let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, vpa));
        let sa = self.val(Ty::Ptr, Rv::PtrAdd(vptr, Op::I64(8)));
        let size = self.val(Ty::I64, Rv::Load(Ty::I64, sa));
        if star {
            let la = self.val(Ty::Ptr, Rv::PtrAdd(cont, Op::I64(HEAD + DIM * rank + 8)));
            let len = self.val(Ty::I64, Rv::Load(Ty::I64, la));
            let len = self.bin(Ty::I64, BinOp::Max, len, Op::I64(1));
            self.emit(Stmt::Assign(esize, Rv::Binary(BinOp::Mul, size, len)));
        } else {
            self.emit(Stmt::Assign(esize, Rv::Use(size)));
        }
    }

    /// The `_len` of the container of the `class(*)` array `name` (0 for other arrays).
    pub(super) fn star_array_len(&mut self, name: &str) -> Op {
        let Some(&cont) = self.class_arrs.get(name) else { return Op::I64(0) };
        let Some(Home::Array(d)) = self.lookup(name) else { return Op::I64(0) };
        if !self.is_star(d.base) {
            return Op::I64(0);
        }
        let la = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * d.lb.len() as i64 + 8)));
        self.val(Ty::I64, Rv::Load(Ty::I64, la))
    }

    /// The class container of an array actual argument of the `class(T)` array dummy
    /// `dummy`: a whole array or a section, its elements' dynamic type's size and vtab.
    pub(super) fn class_array_actual(&mut self, e: &Expr, dummy: &ArgSig) -> Op {
        if self.region.is_some() || self.in_routine() {
            self.not_yet("polymorphic (`class`) arrays in device code", e.span);
            return Op::Null;
        }
        // A whole polymorphic array component: its own container.
        if matches!(e.kind, ExprKind::Component(_)) {
            if let Some((a, ..)) = self.class_comp_array(e) {
                return a;
            }
        }
        let star = self.is_star(dummy.base);
        // The array: its name (for a polymorphic one's `_vptr`), descriptor, first
        // element, dimensions, and a character array's length.
        let whole = |g: &mut Self, d: &Desc| {
            let sm = g.dim_sm(d);
            let mut dims = Vec::new();
            for ((lb, ext), m) in d.lb.iter().zip(&d.ext).zip(sm) {
                let ub = g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), Op::Var(*ext));
                let ub = g.bin(Ty::I64, BinOp::Sub, ub, Op::I64(1));
                dims.push((m, Op::Var(*lb), ub));
            }
            dims
        };
        // A polymorphic function result: the array it returned.
        let result = self.class_array_call(e);
        let named = match (&e.kind, result) {
            (_, Some(t)) => match self.lookup(&t) {
                Some(Home::Array(d)) => Some((t, d, None, None)),
                _ => None,
            },
            (ExprKind::Name(id), None) => match self.lookup(&id.name) {
                Some(Home::Array(d)) => Some((id.name.clone(), d, None, None)),
                Some(Home::CharArray { d, len }) => Some((id.name.clone(), d, None, Some(len))),
                _ => None,
            },
            (ExprKind::ArrayRef { name, subs }, None) if !has_vector_subscript(subs) => match self.lookup(&name.name) {
                Some(Home::Array(d)) => Some((name.name.clone(), d, Some(subs), None)),
                Some(Home::CharArray { d, len }) => Some((name.name.clone(), d, Some(subs), Some(len))),
                _ => None,
            },
            _ => None,
        };
        let (name, d, addr, dims, clen): (String, Desc, Op, Vec<DescDim>, Option<VarId>) = match named {
            Some((id, d, None, clen)) => {
                let dims = whole(self, &d);
                let addr = Op::Var(d.addr);
                (id, d, addr, dims, clen)
            }
            Some((id, d, Some(subs), clen)) => {
                let section = match clen {
                    Some(len) => self.char_section_dims(&d, len, subs),
                    None => self.section_dims(&d, subs),
                };
                let Some((addr, dims)) = section else {
                    self.not_yet("this actual argument of a polymorphic array dummy", e.span);
                    return Op::Null;
                };
                (id, d, addr, dims, clen)
            }
            None => match e.ty.base() {
                // An array expression of intrinsic type: its value in a temporary.
                Some(b) if star && !matches!(b, BaseTy::Derived(_) | BaseTy::Character) && e.ty.rank() > 0 => {
                    let mark = self.materialize(e);
                    let shape = self.shape(e);
                    let mut n = Op::I64(self.elem_size(b));
                    for x in &shape {
                        n = self.bin(Ty::I64, BinOp::Mul, n, x.clone());
                    }
                    let tmp = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr));
                    let d = self.temp_desc(b, &tmp, &shape);
                    self.fill_intrinsic_elems(&d, b, Op::I64(0), e);
                    self.free_mats(mark);
                    self.call_after.push(Stmt::Call("gpuf_free".into(), vec![tmp.clone()]));
                    let mut dims = Vec::new();
                    let mut prod = Op::I64(1);
                    for x in &shape {
                        dims.push((prod.clone(), Op::I64(1), x.clone()));
                        prod = self.bin(Ty::I64, BinOp::Mul, prod, x.clone());
                    }
                    (String::new(), d, tmp, dims, None)
                }
                // A constructor of characters: its elements in a temporary.
                Some(BaseTy::Character) if star && e.ty.rank() > 0 && matches!(e.kind, ExprKind::ArrayCtor(_)) => {
                    let Some((tmp, d, len)) = self.char_ctor_temp(e) else {
                        self.not_yet("this character array expression as an actual argument of a `class(*)` array dummy", e.span);
                        return Op::Null;
                    };
                    let dims = vec![(Op::I64(1), Op::I64(1), d.ext.first().map_or(Op::I64(0), |v| Op::Var(*v)))];
                    (String::new(), d, tmp, dims, Some(len))
                }
                // A structure array expression: its value in a temporary.
                Some(b @ BaseTy::Derived(_)) if e.ty.rank() > 0 => {
                    let (tmp, shape) = self.expr_temp(e);
                    let d = self.temp_desc(b, &tmp, &shape);
                    let mut dims = Vec::new();
                    let mut prod = Op::I64(1);
                    for x in &shape {
                        dims.push((prod.clone(), Op::I64(1), x.clone()));
                        prod = self.bin(Ty::I64, BinOp::Mul, prod, x.clone());
                    }
                    (String::new(), d, tmp, dims, None)
                }
                _ => {
                    self.not_yet("this actual argument of a polymorphic array dummy (an array expression)", e.span);
                    return Op::Null;
                }
            },
        };
        let size = match clen {
            Some(len) => Op::Var(len),
            None => self.desc_esize(&d),
        };
        // An explicit-shape dummy reads the stride of the first dimension only: a section
        // or non-contiguous array of rank > 1 is packed into a temporary (gfortran's
        // copy-in), copied back after the call unless the dummy is `intent(in)`.
        let (addr, dims) =
            if !dummy.assumed_shape && dims.len() > 1 && (self.ptr_sm.contains_key(&d.addr) || matches!(e.kind, ExprKind::ArrayRef { .. }))
            {
                self.pack_class_section(addr, &dims, size.clone(), dummy.intent != Some(ast::Intent::In))
            } else {
                (addr, dims)
            };
        let rank = dims.len() as i64;
        let base = if clen.is_some() { BaseTy::Character } else { d.base };
        let vptr = if clen.is_some() { Op::Null } else { self.array_vptr(&name, d.base, e.span) };
        let vptr = match clen.and_then(|_| intrinsic_vtab(BaseTy::Character)) {
            Some((vt, _, _)) => self.val(Ty::Ptr, Rv::GlobalAddr(vt)),
            None => vptr,
        };
        let buf = self.val(Ty::Ptr, Rv::Alloca((HEAD + DIM * rank + if star { 16 } else { 8 }) as u64));
        self.fill_desc(&buf, base, addr, &dims, size);
        let at = self.val(Ty::Ptr, Rv::PtrAdd(buf.clone(), Op::I64(HEAD + DIM * rank)));
        self.emit(Stmt::Store(Ty::Ptr, at, vptr));
        if star {
            let len = match clen {
                Some(len) => Op::Var(len),
                None => self.star_array_len(&name),
            };
            let at = self.val(Ty::Ptr, Rv::PtrAdd(buf.clone(), Op::I64(HEAD + DIM * rank + 8)));
            self.emit(Stmt::Store(Ty::I64, at, len));
        }
        buf
    }

    /// The elements of the array at `addr` with dimensions `dims` (strides in elements of
    /// `size` bytes) packed into a temporary: its address and contiguous dimensions; the
    /// copy back (`back`) and the free after the call.
    fn pack_class_section(&mut self, addr: Op, dims: &[DescDim], size: Op, back: bool) -> (Op, Vec<DescDim>) {
        let shape: Vec<Op> = dims
            .iter()
            .map(|(_, lb, ub)| {
                let n = self.bin(Ty::I64, BinOp::Sub, ub.clone(), lb.clone());
                let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
                self.bin(Ty::I64, BinOp::Max, n, Op::I64(0))
            })
            .collect();
        let mut bytes = size.clone();
        for x in &shape {
            bytes = self.bin(Ty::I64, BinOp::Mul, bytes, x.clone());
        }
        let bytes = self.bin(Ty::I64, BinOp::Max, bytes, Op::I64(1));
        let tmp = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        let copy = |g: &mut Self, to_tmp: bool| {
            let (a, t, sz, sh) = (addr.clone(), tmp.clone(), size.clone(), shape.clone());
            g.scalarise(&shape, &mut |g, idx| {
                // Element offsets: the section's strides, then the temporary's column-major order.
                let mut off = Op::I64(0);
                let mut lin = Op::I64(0);
                let mut prod = Op::I64(1);
                for (k, i) in idx.iter().enumerate() {
                    let st = dims.get(k).map_or(Op::I64(1), |x| x.0.clone());
                    let t1 = g.bin(Ty::I64, BinOp::Mul, i.clone(), st);
                    off = g.bin(Ty::I64, BinOp::Add, off, t1);
                    let t2 = g.bin(Ty::I64, BinOp::Mul, i.clone(), prod.clone());
                    lin = g.bin(Ty::I64, BinOp::Add, lin, t2);
                    prod = g.bin(Ty::I64, BinOp::Mul, prod, sh.get(k).cloned().unwrap_or(Op::I64(1)));
                }
                let ob = g.bin(Ty::I64, BinOp::Mul, off, sz.clone());
                let el = g.val(Ty::Ptr, Rv::PtrAdd(a.clone(), ob));
                let lb = g.bin(Ty::I64, BinOp::Mul, lin, sz.clone());
                let tl = g.val(Ty::Ptr, Rv::PtrAdd(t.clone(), lb));
                let (to, from) = if to_tmp { (tl, el) } else { (el, tl) };
                g.emit(Stmt::Call("gpuf_str_copy".into(), vec![to, sz.clone(), from, sz.clone()]));
            });
        };
        copy(self, true);
        self.push_block();
        if back {
            copy(self, false);
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![tmp.clone()]));
        let after = self.pop_block();
        self.call_after.extend(after);
        let mut out = Vec::new();
        let mut prod = Op::I64(1);
        for x in &shape {
            out.push((prod.clone(), Op::I64(1), x.clone()));
            prod = self.bin(Ty::I64, BinOp::Mul, prod, x.clone());
        }
        (tmp, out)
    }

    /// A descriptor of the contiguous temporary `tmp` of shape `shape` (lower bounds 1).
    fn temp_desc(&mut self, b: BaseTy, tmp: &Op, shape: &[Op]) -> Desc {
        let addr = self.f.new_var("class.tmp".to_string(), Ty::Ptr);
        self.emit(Stmt::Assign(addr, Rv::Use(tmp.clone())));
        let mut d = Desc { name: String::new(), base: b, addr, lb: Vec::new(), ext: Vec::new() };
        for x in shape {
            let lb = self.f.new_var("class.lb".to_string(), Ty::I64);
            self.emit(Stmt::Assign(lb, Rv::Use(Op::I64(1))));
            let ext = self.f.new_var("class.ext".to_string(), Ty::I64);
            self.emit(Stmt::Assign(ext, Rv::Use(x.clone())));
            d.lb.push(lb);
            d.ext.push(ext);
        }
        d
    }

    /// [`G::section_dims`] of a section of the character array `d` (elements `len` bytes).
    fn char_section_dims(&mut self, d: &Desc, len: VarId, subs: &[Arg]) -> Option<(Op, Vec<DescDim>)> {
        let cd = Desc { base: BaseTy::Integer(1), ..d.clone() };
        let key = cd.addr;
        let old = self.class_esize.insert(key, len);
        let r = self.section_dims(&cd, subs);
        match old {
            Some(v) => self.class_esize.insert(key, v),
            None => self.class_esize.remove(&key),
        };
        r
    }

    /// The class container of an element `a(i)` of a polymorphic array (an actual argument
    /// of a scalar `class` dummy, the passed object of a type-bound procedure).
    pub(super) fn class_elem_actual(&mut self, e: &Expr) -> Option<Op> {
        if matches!(e.kind, ExprKind::Component(_)) {
            return self.class_comp_elem_actual(e);
        }
        let ExprKind::ArrayRef { name, subs } = &e.kind else { return None };
        if e.ty.rank() != 0 || !self.class_arrs.contains_key(&name.name) || subs.iter().any(|s| !matches!(s, Arg::Index(_))) {
            return None;
        }
        let addr = self.arg_addr(e);
        let vptr = self.class_array_vptr(&name.name)?;
        let blk = self.val(Ty::Ptr, Rv::Alloca(16));
        self.emit(Stmt::Store(Ty::Ptr, blk.clone(), addr));
        let at = self.val(Ty::Ptr, Rv::PtrAdd(blk.clone(), Op::I64(8)));
        self.emit(Stmt::Store(Ty::Ptr, at, vptr));
        Some(blk)
    }
}

/// Where the dynamic type of a polymorphic array's new elements comes from.
enum ArrSrc {
    /// A type known at compile time.
    Static(u16),
    /// The `_vptr` of a polymorphic source or mold (of declared type `t`).
    Dynamic(Op, u16),
    /// An intrinsic type (the elements of a `class(*)` array), a character's length.
    Intrinsic(BaseTy, Op),
}

impl G<'_> {
    /// A `class(T), allocatable` array: its container (the caller's for a dummy, a block
    /// behind a global for a module's or saved one, else a stack block), its descriptor
    /// loaded into the unit's variables and written back on change like an allocatable
    /// dummy's (`G::dummy_descs`), its element size read from `_vptr`.
    pub(super) fn declare_class_alloc_array(&mut self, s: &Symbol, dummy: Option<VarId>, saved: bool) {
        let BaseTy::Derived(k) = s.base else { return };
        let star = self.is_star(s.base);
        let rank = i64::from(s.rank);
        let vat = HEAD + DIM * rank;
        // `{_data, _vptr}`, `{_data, _vptr, _len}` for `class(*)`.
        let csize = vat + if star { 16 } else { 8 };
        let cont = match dummy {
            Some(pv) => pv,
            None => {
                let cont = self.f.new_var(format!("{}.class", s.name), Ty::Ptr);
                if saved {
                    // gfortran's container under its name (`__mod_MOD_x`), zeroed storage
                    // (a common symbol, shared with every object that sees it): unallocated,
                    // its `_vptr` null until the first `allocate` (the declared type's
                    // element size meanwhile).
                    let (gname, local) = self.static_name(s);
                    if !self.storage.iter().any(|x| x.name == gname) {
                        self.storage.push(Storage::block(gname.clone(), csize, 8, None, local));
                    }
                    self.emit(Stmt::Assign(cont, Rv::GlobalAddr(gname)));
                    // (Given the declared type's vtab at the first entry of a unit that sees
                    // it, so that its dynamic type is always one.)
                    let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(vat)));
                    let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
                    let null = self.val(Ty::I32, Rv::Binary(BinOp::Eq, vptr, Op::Null));
                    self.push_block();
                    self.set_array_vptr(Op::Var(cont), rank, k);
                    let then_body = self.pop_block();
                    self.emit(Stmt::If { cond: null, then_body, else_body: vec![] });
                } else {
                    self.emit(Stmt::Assign(cont, Rv::Alloca(csize as u64)));
                    self.emit(Stmt::Store(Ty::Ptr, Op::Var(cont), Op::Null));
                    if star {
                        let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(vat + 8)));
                        self.emit(Stmt::Store(Ty::I64, a, Op::I64(0)));
                    }
                    for j in 0..rank {
                        for (w, v) in [(8, 1), (16, 0)] {
                            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * j + w)));
                            self.emit(Stmt::Store(Ty::I64, a, Op::I64(v)));
                        }
                    }
                    self.set_array_vptr(Op::Var(cont), rank, k);
                }
                cont
            }
        };
        let d = self.new_desc(s);
        self.load_gf_desc(&Op::Var(cont), &d);
        let esize = self.f.new_var(format!("{}.esize", s.name), Ty::I64);
        self.class_esize.insert(d.addr, esize);
        self.class_arrs.insert(s.name.clone(), cont);
        self.class_alloc_arrs.push((cont, esize, rank, star));
        self.dummy_descs.push((cont, d));
        self.load_class_esize(cont, esize, rank, k, star);
        if dummy.is_some() && s.intent == Some(ast::Intent::Out) {
            // An `intent(out)` one arrives deallocated.
            self.free_class_array(&s.name, k, false);
        } else if dummy.is_none() && !saved && self.unit.kind != UnitKind::Program {
            self.class_array_frees.push((s.name.clone(), k));
        }
    }

    /// Stores the vtab of type `k` as the `_vptr` of the rank-`rank` array container `cont`.
    fn set_array_vptr(&mut self, cont: Op, rank: i64, k: u16) {
        let Some(t) = self.types.get(k as usize) else { return };
        let vt = self.val(Ty::Ptr, Rv::GlobalAddr(polymorph::vtab_name(t)));
        let at = self.val(Ty::Ptr, Rv::PtrAdd(cont, Op::I64(HEAD + DIM * rank)));
        self.emit(Stmt::Store(Ty::Ptr, at, vt));
    }

    /// `esize` = the `_size` of the container's `_vptr` (the declared type's while it is null).
    pub(super) fn load_class_esize(&mut self, cont: VarId, esize: VarId, rank: i64, k: u16, star: bool) {
        let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * rank)));
        let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
        let null = self.val(Ty::I32, Rv::Binary(BinOp::Eq, vptr.clone(), Op::Null));
        let decl = self.type_size(k);
        self.push_block();
        self.esize_from_cont(esize, Op::Var(cont), rank, star);
        let else_body = self.pop_block();
        self.emit(Stmt::If { cond: null, then_body: vec![Stmt::Assign(esize, Rv::Use(Op::I64(decl)))], else_body });
    }

    /// After a call: the element sizes of the polymorphic allocatable arrays.
    pub(super) fn reload_class_esizes(&mut self) {
        for (cont, esize, rank, star) in self.class_alloc_arrs.clone() {
            let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * rank)));
            let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
            let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, vptr.clone(), Op::Null));
            self.push_block();
            self.esize_from_cont(esize, Op::Var(cont), rank, star);
            let then_body = self.pop_block();
            self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
        }
    }

    /// Is `name` a polymorphic allocatable array? Its container, descriptor and declared type.
    pub(super) fn class_alloc_array(&self, name: &str) -> Option<(VarId, Desc, u16)> {
        let s = self.syms.get(name).filter(|s| s.class && s.allocatable && s.rank > 0)?;
        let BaseTy::Derived(k) = s.base else { return None };
        let cont = *self.class_arrs.get(name)?;
        match self.lookup(name) {
            Some(Home::Array(d)) => Some((cont, d, k)),
            _ => None,
        }
    }

    /// Finalizes the elements of the polymorphic array `name` and frees their allocatable
    /// components by its dynamic type, then its data (`checked`: `deallocate`, an error if
    /// it is not allocated; else only when it is); the dynamic type becomes the declared one.
    pub(super) fn free_class_array(&mut self, name: &str, k: u16, checked: bool) {
        let Some((cont, d, _)) = self.class_alloc_array(name) else { return };
        let rank = d.lb.len() as i64;
        self.finalize_class_elems(name, &d, k);
        if checked {
            self.deallocate_data(d.addr, name);
        } else {
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(d.addr)]));
            self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
        }
        self.set_array_vptr(Op::Var(cont), rank, k);
        if let Some(&esize) = self.class_esize.get(&d.addr) {
            self.emit(Stmt::Assign(esize, Rv::Use(Op::I64(self.type_size(k)))));
        }
        self.store_global_desc(name);
    }

    /// On return: the procedure's polymorphic allocatable local arrays are freed.
    pub(super) fn free_class_array_locals(&mut self) {
        for (name, k) in self.class_array_frees.clone() {
            self.free_class_array(&name, k, false);
        }
    }

    /// `allocate(a(dims))`, `allocate(T :: a(dims))`, `allocate(a(dims), source=|mold=e)`
    /// (bounds from an array `e` when `dims` is empty) of a polymorphic allocatable array.
    pub(super) fn allocate_class_array(
        &mut self,
        name: &ast::Ident,
        dims: &[DimSpec],
        spec: Option<&ast::AllocTypeSpec>,
        src: Option<&Expr>,
        mold: bool,
    ) {
        let Some((cont, d, k)) = self.class_alloc_array(&name.name) else { return };
        let n = name.name.clone();
        self.alloc_class_array_in((Op::Var(cont), &d, k), name, dims, (spec, src, mold), &mut |g| g.store_global_desc(&n));
    }

    /// `allocate` of the polymorphic array of declared type `k` whose container is at
    /// `cont` and whose descriptor is `d` (a variable's or a component's, `name` naming it
    /// in messages); `store` writes the descriptor back.
    fn alloc_class_array_in(
        &mut self,
        (cont, d, k): (Op, &Desc, u16),
        name: &ast::Ident,
        dims: &[DimSpec],
        (spec, src, mold): (Option<&ast::AllocTypeSpec>, Option<&Expr>, bool),
        store: &mut dyn FnMut(&mut Self),
    ) {
        let rank = d.lb.len() as i64;
        let star = self.is_star(BaseTy::Derived(k));
        // (The number of elements of a constructor of characters, when measuring its
        // length counted them.)
        let mut ctor_count = None;
        let how = match (spec, src) {
            (Some(t), _) => match t.base {
                BaseTy::Derived(j) => ArrSrc::Static(j),
                b if star => {
                    let len = match t.len.as_deref() {
                        Some(l) => {
                            let v = self.expr(l);
                            let v = self.conv(v, Ty::I64);
                            self.bin(Ty::I64, BinOp::Max, v, Op::I64(0))
                        }
                        None => Op::I64(1),
                    };
                    ArrSrc::Intrinsic(b, len)
                }
                _ => {
                    self.not_yet("an intrinsic type spec in `allocate` of a polymorphic array", t.span);
                    return;
                }
            },
            (None, Some(e)) if star && !matches!(e.ty.base(), Some(BaseTy::Derived(_)) | None) => {
                let Some(b) = e.ty.base() else { return };
                let len = if b != BaseTy::Character {
                    Op::I64(0)
                } else if e.ty.rank() == 0 {
                    let (_, n) = self.str_expr(e);
                    self.conv(n, Ty::I64)
                } else {
                    let measured = match self.char_array_len(e) {
                        Some(n) => Some(n),
                        None => self.char_ctor_measure(e).map(|(l, n)| {
                            ctor_count = Some(n);
                            l
                        }),
                    };
                    match measured {
                        Some(n) => n,
                        None => {
                            self.not_yet("this character `source=` of a `class(*)` array", e.span);
                            return;
                        }
                    }
                };
                let keep = self.f.new_var("class.len".to_string(), Ty::I64);
                self.emit(Stmt::Assign(keep, Rv::Use(len)));
                ArrSrc::Intrinsic(b, Op::Var(keep))
            }
            (None, Some(e)) => {
                let poly = match &e.kind {
                    ExprKind::Name(id) if e.ty.rank() > 0 => self.class_array_vptr(&id.name),
                    ExprKind::Name(id) => self.class_conts.get(&id.name).copied().map(|c| self.load_vptr(Op::Var(c))),
                    ExprKind::Component(_) if e.ty.rank() > 0 => match self.class_comp_array(e) {
                        Some((a, _, _, c)) => {
                            let at = self.val(Ty::Ptr, Rv::PtrAdd(a, Op::I64(HEAD + DIM * c.dims.len() as i64)));
                            Some(self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at)))
                        }
                        None => None,
                    },
                    _ => match self.class_comp_slot(e) {
                        Some((slot, _)) => Some(self.load_vptr(slot)),
                        None => self.class_elem_actual(e).map(|c| self.load_vptr(c)),
                    },
                };
                match (poly, e.ty.base()) {
                    (Some(v), Some(BaseTy::Derived(t))) => ArrSrc::Dynamic(v, t),
                    (None, Some(BaseTy::Derived(j))) => ArrSrc::Static(j),
                    _ => {
                        self.not_yet("this `source=` of a polymorphic array", e.span);
                        return;
                    }
                }
            }
            (None, None) => ArrSrc::Static(k),
        };
        let esize = self.class_esize.get(&d.addr).copied();
        let at = self.val(Ty::Ptr, Rv::PtrAdd(cont.clone(), Op::I64(HEAD + DIM * rank)));
        let (vptr, t) = match &how {
            ArrSrc::Static(j) => {
                let vt = match self.types.get(*j as usize) {
                    Some(ti) => self.val(Ty::Ptr, Rv::GlobalAddr(polymorph::vtab_name(ti))),
                    None => Op::Null,
                };
                (vt, *j)
            }
            ArrSrc::Dynamic(v, t) => (v.clone(), *t),
            ArrSrc::Intrinsic(b, _) => match intrinsic_vtab(*b) {
                Some((vt, _, _)) => (self.val(Ty::Ptr, Rv::GlobalAddr(vt)), k),
                None => (Op::Null, k),
            },
        };
        self.emit(Stmt::Store(Ty::Ptr, at, vptr.clone()));
        if star {
            // `_len`: a character's length, else 0 (a polymorphic source's own).
            let len = match (&how, src) {
                (ArrSrc::Intrinsic(BaseTy::Character, n), _) => n.clone(),
                (ArrSrc::Dynamic(..), Some(e)) if e.ty.base().is_some_and(|b| self.is_star(b)) => match &e.kind {
                    ExprKind::Name(id) if e.ty.rank() > 0 => self.star_array_len(&id.name),
                    ExprKind::Name(id) => match self.class_conts.get(&id.name).copied() {
                        Some(c) => {
                            let la = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(c), Op::I64(16)));
                            self.val(Ty::I64, Rv::Load(Ty::I64, la))
                        }
                        None => Op::I64(0),
                    },
                    _ => Op::I64(0),
                },
                _ => Op::I64(0),
            };
            let la = self.val(Ty::Ptr, Rv::PtrAdd(cont.clone(), Op::I64(HEAD + DIM * rank + 8)));
            self.emit(Stmt::Store(Ty::I64, la, len));
        }
        if let Some(es) = esize {
            self.esize_from_cont(es, cont.clone(), rank, star);
        }
        let char_ctor = match src.map(|e| &e.kind) {
            Some(ExprKind::ArrayCtor(items)) if matches!(how, ArrSrc::Intrinsic(BaseTy::Character, _)) => Some(items),
            _ => None,
        };
        if !dims.is_empty() {
            self.set_shape(d, dims, name.span);
        } else if let (Some(items), Some(&lb), Some(&ext)) = (char_ctor, d.lb.first(), d.ext.first()) {
            // A constructor of characters: its items counted.
            let Some(n) = self.char_ctor_count(items).or(ctor_count) else {
                self.not_yet("an implied-do loop of characters as the `source=` of a `class(*)` array", name.span);
                return;
            };
            self.emit(Stmt::Assign(lb, Rv::Use(Op::I64(1))));
            self.emit(Stmt::Assign(ext, Rv::Use(n)));
        } else if let Some(e) = src.filter(|e| e.ty.rank() > 0) {
            self.shape_from(d, e);
        } else {
            self.not_yet(format!("`allocate` of `{}` without bounds", name.name), name.span);
            return;
        }
        let bytes = self.desc_bytes(d);
        self.allocate_data(d, bytes);
        store(self);
        if let ArrSrc::Intrinsic(b, len) = &how {
            if let Some(e) = src.filter(|_| !mold) {
                self.fill_intrinsic_elems(d, *b, len.clone(), e);
            }
            return;
        }
        // Default values, then the source's (scalar: into every element; array: element by
        // element), by the dynamic type.
        let from = if mold { None } else { src };
        let (one, many) = match from {
            Some(e) if e.ty.rank() == 0 => {
                let a = match &e.kind {
                    ExprKind::Name(id) if self.class_conts.contains_key(&id.name) => {
                        let c = self.class_conts.get(&id.name).copied();
                        c.map(|c| self.val(Ty::Ptr, Rv::Load(Ty::Ptr, Op::Var(c))))
                    }
                    _ => Some(self.expr(e)),
                };
                (a, None)
            }
            Some(e) => match &e.kind {
                ExprKind::Name(id) => match self.lookup(&id.name) {
                    Some(Home::Array(sd)) => (None, Some(sd)),
                    _ => (None, None),
                },
                ExprKind::Component(_) if self.class_comp_array(e).is_some() => (None, self.class_comp_array(e).map(|x| x.1)),
                // A structure array expression (a constructor, a section): its value in a
                // temporary, freed after the statement.
                _ if matches!(e.ty.base(), Some(BaseTy::Derived(_))) && !self.class_arrs.contains_key(&expr_name(e)) => {
                    let (tmp, shape) = self.expr_temp(e);
                    let Some(b) = e.ty.base() else { return };
                    (None, Some(self.temp_desc(b, &tmp, &shape)))
                }
                _ => {
                    self.not_yet("this `source=` of a polymorphic array (an array expression)", e.span);
                    (None, None)
                }
            },
            None => (None, None),
        };
        let d2 = d.clone();
        let mut fill = |g: &mut Self, j: u16| {
            let dj = Desc { base: BaseTy::Derived(j), ..d2.clone() };
            let shape: Vec<Op> = dj.ext.iter().map(|e| Op::Var(*e)).collect();
            let (one, many) = (one.clone(), many.clone());
            g.scalarise(&shape, &mut |g, idx| {
                let subs: Vec<Op> = dj.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                let a = g.elem_addr(&dj, &subs);
                g.init_struct(a.clone(), j);
                if let Some(v) = &one {
                    g.copy_struct(a.clone(), v.clone(), j);
                }
                if let Some(sd) = &many {
                    let ss: Vec<Op> = sd.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                    let v = g.elem_addr(sd, &ss);
                    g.copy_struct(a, v, j);
                }
            });
        };
        // A dynamic type not of this file (an intrinsic type of a `class(*)` source, a
        // type defined elsewhere): the bytes of each element.
        let d3 = d.clone();
        let mut bytes = |g: &mut Self| {
            if one.is_none() && many.is_none() {
                return;
            }
            let shape: Vec<Op> = d3.ext.iter().map(|e| Op::Var(*e)).collect();
            let size = g.desc_esize(&d3);
            g.scalarise(&shape, &mut |g, idx| {
                let subs: Vec<Op> = d3.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                let a = g.elem_addr(&d3, &subs);
                let v = match (&one, &many) {
                    (Some(v), _) => v.clone(),
                    (None, Some(sd)) => {
                        let ss: Vec<Op> =
                            sd.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                        g.elem_addr(sd, &ss)
                    }
                    (None, None) => return,
                };
                g.emit(Stmt::Call("gpuf_str_copy".into(), vec![a, size.clone(), v, size.clone()]));
            });
        };
        match how {
            ArrSrc::Static(j) => fill(self, j),
            ArrSrc::Dynamic(v, _) => self.on_dynamic_type(v, t, &mut fill, &mut bytes),
            ArrSrc::Intrinsic(..) => {}
        }
    }

    /// The elements of the fresh `class(*)` array `d` of intrinsic type `b` (characters
    /// of length `len`) from `source=e`: a scalar into each, an array element by element.
    fn fill_intrinsic_elems(&mut self, d: &Desc, b: BaseTy, len: Op, e: &Expr) {
        let shape: Vec<Op> = d.ext.iter().map(|x| Op::Var(*x)).collect();
        let at = |g: &mut Self, idx: &[Op]| {
            let subs: Vec<Op> = d.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
            g.elem_addr(d, &subs)
        };
        if b == BaseTy::Character {
            if e.ty.rank() == 0 {
                let (a, n) = self.str_expr(e);
                let n = self.conv(n, Ty::I64);
                self.scalarise(&shape, &mut |g, idx| {
                    let to = at(g, idx);
                    g.emit(Stmt::Call("gpuf_str_copy".into(), vec![to, len.clone(), a.clone(), n.clone()]));
                });
                return;
            }
            // In array element order: the `i`-th item at `data + i * len`.
            let i = self.f.new_var("class.i".to_string(), Ty::I64);
            self.emit(Stmt::Assign(i, Rv::Use(Op::I64(0))));
            let data = Op::Var(d.addr);
            let mark = self.materialize(e);
            self.char_items(e, &mut |g, a, n| {
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(i), len.clone());
                let to = g.val(Ty::Ptr, Rv::PtrAdd(data.clone(), off));
                let n = g.conv(n, Ty::I64);
                g.emit(Stmt::Call("gpuf_str_copy".into(), vec![to, len.clone(), a, n]));
                g.emit(Stmt::Assign(i, Rv::Binary(BinOp::Add, Op::Var(i), Op::I64(1))));
            });
            self.free_mats(mark);
            return;
        }
        let mark = self.materialize(e);
        let scalar = if e.ty.rank() == 0 && complex::part_ty(b).is_none() {
            let v = self.expr(e);
            Some(self.conv(v, ir_ty(b)))
        } else {
            None
        };
        self.scalarise(&shape, &mut |g, idx| {
            let to = at(g, idx);
            let src_idx: &[Op] = if e.ty.rank() == 0 { &[] } else { idx };
            if let Some(pt) = complex::part_ty(b) {
                let v = g.cexpr_at(e, src_idx, pt);
                g.cstore(pt, to, v);
                return;
            }
            let v = match &scalar {
                Some(v) => v.clone(),
                None => {
                    let v = g.expr_at(e, src_idx);
                    g.conv(v, ir_ty(b))
                }
            };
            g.store_as(b, to, v);
        });
        self.free_mats(mark);
    }

    /// The number of elements of a constructor of characters (`None` with an implied-do
    /// loop).
    fn char_ctor_count(&mut self, items: &[ast::CtorItem]) -> Option<Op> {
        let mut n = Op::I64(0);
        for it in items {
            let k = match it {
                ast::CtorItem::Expr(x) if x.ty.rank() == 0 => Op::I64(1),
                ast::CtorItem::Expr(x) => {
                    let mut k = Op::I64(1);
                    for x in self.shape(x) {
                        k = self.bin(Ty::I64, BinOp::Mul, k, x);
                    }
                    k
                }
                ast::CtorItem::ImpliedDo(_) => return None,
            };
            n = self.bin(Ty::I64, BinOp::Add, n, k);
        }
        Some(n)
    }

    /// A constructor of characters in a temporary (freed after the call): the temporary,
    /// its descriptor (rank 1, lower bound 1) and the elements' length; `None` when it is
    /// not one gpuf takes apart (implied-do loops, items of other lengths).
    fn char_ctor_temp(&mut self, e: &Expr) -> Option<(Op, Desc, VarId)> {
        let ExprKind::ArrayCtor(items) = &e.kind else { return None };
        let (len, n) = match (self.char_array_len(e), self.char_ctor_count(items)) {
            (Some(len), Some(n)) => (len, n),
            _ => self.char_ctor_measure(e)?,
        };
        let lv = self.f.new_var("class.len".to_string(), Ty::I64);
        self.emit(Stmt::Assign(lv, Rv::Use(len)));
        let bytes = self.bin(Ty::I64, BinOp::Mul, n.clone(), Op::Var(lv));
        let bytes = self.bin(Ty::I64, BinOp::Max, bytes, Op::I64(1));
        let tmp = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        let d = self.temp_desc(BaseTy::Character, &tmp, &[n]);
        let i = self.f.new_var("class.i".to_string(), Ty::I64);
        self.emit(Stmt::Assign(i, Rv::Use(Op::I64(0))));
        let mark = self.materialize(e);
        let t2 = tmp.clone();
        self.char_items(e, &mut |g, a, n| {
            let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(i), Op::Var(lv));
            let to = g.val(Ty::Ptr, Rv::PtrAdd(t2.clone(), off));
            let n = g.conv(n, Ty::I64);
            g.emit(Stmt::Call("gpuf_str_copy".into(), vec![to, Op::Var(lv), a, n]));
            g.emit(Stmt::Assign(i, Rv::Binary(BinOp::Add, Op::Var(i), Op::I64(1))));
        });
        self.free_mats(mark);
        self.call_after.push(Stmt::Call("gpuf_free".into(), vec![tmp.clone()]));
        Some((tmp, d, lv))
    }

    /// The length of the elements and their number of a constructor of characters whose
    /// items do not tell them before they are evaluated (implied-do loops, expressions):
    /// its items walked once to count them (the last one's length; all have the same).
    fn char_ctor_measure(&mut self, e: &Expr) -> Option<(Op, Op)> {
        let ExprKind::ArrayCtor(_) = &e.kind else { return None };
        let n = self.f.new_var("ctor.count".to_string(), Ty::I64);
        let len = self.f.new_var("ctor.len".to_string(), Ty::I64);
        self.emit(Stmt::Assign(n, Rv::Use(Op::I64(0))));
        self.emit(Stmt::Assign(len, Rv::Use(Op::I64(0))));
        let mark = self.materialize(e);
        self.char_items(e, &mut |g, _, l| {
            let l = g.conv(l, Ty::I64);
            g.emit(Stmt::Assign(len, Rv::Use(l)));
            g.emit(Stmt::Assign(n, Rv::Binary(BinOp::Add, Op::Var(n), Op::I64(1))));
        });
        self.free_mats(mark);
        Some((Op::Var(len), Op::Var(n)))
    }

    /// The length of the elements of a character array expression: a variable's, or the
    /// first item's of a constructor of scalar variables and literals.
    fn char_array_len(&mut self, e: &Expr) -> Option<Op> {
        match &e.kind {
            ExprKind::Paren(x) => self.char_array_len(x),
            ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. } => match self.lookup(&id.name) {
                Some(Home::CharArray { len, .. }) => Some(Op::Var(len)),
                _ => None,
            },
            ExprKind::ArrayCtor(items) => match items.first() {
                Some(ast::CtorItem::Expr(x)) if x.ty.rank() == 0 && matches!(x.kind, ExprKind::Str(_) | ExprKind::Name(_)) => {
                    let (_, n) = self.str_expr(x);
                    Some(self.conv(n, Ty::I64))
                }
                Some(ast::CtorItem::Expr(x)) if x.ty.rank() > 0 => self.char_array_len(x),
                _ => None,
            },
            _ => None,
        }
    }
}

impl G<'_> {
    /// A polymorphic allocatable array actual of a polymorphic allocatable array dummy: its
    /// container (up to date: written back on every change, reloaded after the call). For an
    /// `intent(out)` dummy the caller deallocates it first, as gfortran's callers do.
    pub(super) fn class_alloc_array_actual(&mut self, e: &Expr, out: bool) -> Op {
        if let Some((a, _, _, c)) = self.class_comp_array(e) {
            if out {
                self.free_class_comp_array(&a, &c, false);
            }
            return a;
        }
        let ExprKind::Name(id) = &e.kind else {
            self.not_yet("this actual argument of a polymorphic allocatable array dummy", e.span);
            return Op::Null;
        };
        let Some((cont, _, k)) = self.class_alloc_array(&id.name) else {
            self.not_yet("this actual argument of a polymorphic allocatable array dummy", e.span);
            return Op::Null;
        };
        if out {
            self.free_class_array(&id.name, k, false);
        }
        Op::Var(cont)
    }
}

impl G<'_> {
    /// `move_alloc(from, to)` of a polymorphic allocatable array `to`: `to` (freed first)
    /// takes `from`'s data, bounds and dynamic type; a polymorphic `from` gets its declared
    /// type back. False when `to` is not one.
    pub(super) fn move_alloc_class_array(&mut self, from: &Expr, to: &Expr, sp: Span) -> bool {
        let (ExprKind::Name(tn), ExprKind::Name(fname)) = (&to.kind, &from.kind) else { return false };
        let Some((tc, td, tk)) = self.class_alloc_array(&tn.name) else { return false };
        let Some(Home::Array(fd)) = self.lookup(&fname.name) else { return false };
        if fd.lb.len() != td.lb.len() {
            return false;
        }
        let rank = td.lb.len() as i64;
        self.free_class_array(&tn.name, tk, false);
        let vptr = self.array_vptr(&fname.name, fd.base, sp);
        let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(tc), Op::I64(HEAD + DIM * rank)));
        self.emit(Stmt::Store(Ty::Ptr, at, vptr.clone()));
        if let Some(&es) = self.class_esize.get(&td.addr) {
            let sa = self.val(Ty::Ptr, Rv::PtrAdd(vptr, Op::I64(8)));
            self.emit(Stmt::Assign(es, Rv::Load(Ty::I64, sa)));
        }
        self.emit(Stmt::Assign(td.addr, Rv::Use(Op::Var(fd.addr))));
        for (a, b) in td.lb.iter().zip(&fd.lb).chain(td.ext.iter().zip(&fd.ext)) {
            self.emit(Stmt::Assign(*a, Rv::Use(Op::Var(*b))));
        }
        self.store_global_desc(&tn.name);
        self.emit(Stmt::Assign(fd.addr, Rv::Use(Op::Null)));
        if let Some((fc, _, fk)) = self.class_alloc_array(&fname.name) {
            self.set_array_vptr(Op::Var(fc), rank, fk);
            if let Some(&es) = self.class_esize.get(&fd.addr) {
                self.emit(Stmt::Assign(es, Rv::Use(Op::I64(self.type_size(fk)))));
            }
        }
        self.store_global_desc(&fname.name);
        true
    }
}

impl G<'_> {
    /// `a = e` for a polymorphic allocatable array `a` (F2008): `a` is freed and takes the
    /// bounds, values and dynamic type of the named array `e`. False when `a` is not one.
    pub(super) fn assign_class_array(&mut self, lhs: &Expr, rhs: &Expr) -> bool {
        let ExprKind::Name(id) = &lhs.kind else { return false };
        let Some((cont, d, k)) = self.class_alloc_array(&id.name) else { return false };
        if self.is_class_array_call(rhs) {
            // A function's polymorphic result: its container taken over (data, bounds,
            // dynamic type), not copied.
            let Some(t) = self.class_array_call(rhs) else { return true };
            let Some(&tc) = self.class_arrs.get(&t) else { return true };
            self.free_class_array(&id.name, k, false);
            let rank = d.lb.len() as i64;
            let star = self.is_star(d.base);
            let csize = Op::I64(HEAD + DIM * rank + if star { 16 } else { 8 });
            self.emit(Stmt::Call("gpuf_str_copy".into(), vec![Op::Var(cont), csize.clone(), Op::Var(tc), csize]));
            self.class_arr_temps.retain(|(v, _, _)| *v != tc);
            self.load_gf_desc(&Op::Var(cont), &d);
            if let Some(&es) = self.class_esize.get(&d.addr) {
                self.load_class_esize(cont, es, rank, k, star);
            }
            self.store_global_desc(&id.name);
            return true;
        }
        let whole = matches!(&rhs.kind, ExprKind::Name(r) if r.name != id.name && matches!(self.lookup(&r.name), Some(Home::Array(_))));
        if !whole {
            self.not_yet("this value assigned to a polymorphic allocatable array (only another whole array)", rhs.span);
            return true;
        }
        self.free_class_array(&id.name, k, false);
        self.allocate_class_array(id, &[], None, Some(rhs), false);
        true
    }

    /// A polymorphic array actual of a non-polymorphic array dummy of type `dummy.base`:
    /// the first `_size` bytes of the declared type of each element (the dummy's part of
    /// it) gathered into a contiguous temporary (a descriptor of it for an assumed-shape
    /// dummy), scattered back after the call unless the dummy is `intent(in)`, then freed.
    /// `None` when `e` is not a polymorphic array.
    pub(super) fn class_array_packed(&mut self, e: &Expr, dummy: &ArgSig) -> Option<Op> {
        let (id, subs) = match &e.kind {
            ExprKind::Name(id) => (id, None),
            ExprKind::ArrayRef { name, subs } => (name, Some(subs)),
            _ => return None,
        };
        if !self.class_arrs.contains_key(&id.name) {
            return None;
        }
        let (Some(Home::Array(d)), BaseTy::Derived(k)) = (self.lookup(&id.name), dummy.base) else {
            self.not_yet("this polymorphic array as an actual argument", e.span);
            return Some(Op::Null);
        };
        // The elements: the whole array's, or a section's (its first element and the
        // distances in elements along each of its dimensions).
        let (first, dims): (Option<Op>, Vec<DescDim>) = match subs {
            None => (None, Vec::new()),
            Some(subs) => match self.section_dims(&d, subs) {
                Some((a, dims)) => (Some(a), dims),
                None => {
                    self.not_yet("this section of a polymorphic array as an actual argument", e.span);
                    return Some(Op::Null);
                }
            },
        };
        let size = self.type_size(k);
        let shape: Vec<Op> = match &first {
            None => d.ext.iter().map(|x| Op::Var(*x)).collect(),
            Some(_) => dims.iter().map(|x| x.2.clone()).collect(),
        };
        let mut n = Op::I64(size);
        for x in &shape {
            n = self.bin(Ty::I64, BinOp::Mul, n, x.clone());
        }
        let tmp = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr));
        let esize = self.desc_esize(&d);
        let copy = |g: &mut Self, back: bool| {
            let (d2, tb, sh) = (d.clone(), tmp.clone(), shape.clone());
            let (first, dims, esize) = (first.clone(), dims.clone(), esize.clone());
            g.scalarise(&shape, &mut |g, idx| {
                let el = match &first {
                    None => {
                        let subs: Vec<Op> =
                            d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                        g.elem_addr(&d2, &subs)
                    }
                    Some(a) => {
                        let mut off = Op::I64(0);
                        for (i, (st, _, _)) in idx.iter().zip(&dims) {
                            let t = g.bin(Ty::I64, BinOp::Mul, i.clone(), st.clone());
                            off = g.bin(Ty::I64, BinOp::Add, off, t);
                        }
                        let bytes = g.bin(Ty::I64, BinOp::Mul, off, esize.clone());
                        g.val(Ty::Ptr, Rv::PtrAdd(a.clone(), bytes))
                    }
                };
                let t = g.lin_addr(&tb, idx, &sh, size);
                let (to, from) = if back { (el, t) } else { (t, el) };
                g.emit(Stmt::Call("gpuf_str_copy".into(), vec![to, Op::I64(size), from, Op::I64(size)]));
            });
        };
        copy(self, false);
        self.push_block();
        if dummy.intent != Some(ast::Intent::In) {
            copy(self, true);
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![tmp.clone()]));
        let after = self.pop_block();
        let arg = if dummy.assumed_shape {
            let mut dims = Vec::new();
            let mut prod = Op::I64(1);
            for x in &shape {
                dims.push((prod.clone(), Op::I64(1), x.clone()));
                prod = self.bin(Ty::I64, BinOp::Mul, prod, x.clone());
            }
            self.build_desc(BaseTy::Derived(k), tmp, &dims)
        } else {
            tmp
        };
        // (After `build_desc`'s free of the descriptor: the order does not matter.)
        self.call_after.extend(after);
        Some(arg)
    }

    /// Is `e` a reference to a function whose result is a polymorphic allocatable array?
    pub(super) fn is_class_array_call(&self, e: &Expr) -> bool {
        matches!(&e.kind, ExprKind::Call { name, .. } if e.ty.rank() > 0 && self.procs.map.get(&name.name).is_some_and(|p| p.result_class))
    }

    /// The callee's side of a function whose result is a polymorphic allocatable array:
    /// its class container, which gfortran returns by value, through the hidden first
    /// argument `rd` (a structure of more than 16 bytes, x86-64 System V), unallocated at
    /// first, of the declared type; kept like an allocatable dummy's.
    pub(super) fn declare_class_array_result(&mut self, s: &Symbol, rd: VarId) {
        let BaseTy::Derived(k) = s.base else { return };
        let rank = i64::from(s.rank);
        self.f.result = Some(rd);
        self.emit(Stmt::Store(Ty::Ptr, Op::Var(rd), Op::Null));
        for j in 0..rank {
            for (w, v) in [(8, 1), (16, 0)] {
                let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(rd), Op::I64(HEAD + DIM * j + w)));
                self.emit(Stmt::Store(Ty::I64, a, Op::I64(v)));
            }
        }
        self.set_array_vptr(Op::Var(rd), rank, k);
        if self.is_star(s.base) {
            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(rd), Op::I64(HEAD + DIM * rank + 8)));
            self.emit(Stmt::Store(Ty::I64, a, Op::I64(0)));
        }
        self.declare_class_alloc_array(s, Some(rd), false);
    }

    /// A reference to a function whose result is a polymorphic allocatable array: the
    /// call, its container in a statement temporary (whose elements are freed by their
    /// dynamic type after the statement unless an assignment takes them over), homed as a
    /// polymorphic array under a fresh name, which is returned. None for other expressions.
    pub(super) fn class_array_call(&mut self, e: &Expr) -> Option<String> {
        if !self.is_class_array_call(e) {
            return None;
        }
        let (ExprKind::Call { name, args }, Some(BaseTy::Derived(k))) = (&e.kind, e.ty.base()) else { return None };
        if self.region.is_some() || self.in_routine() {
            self.not_yet("functions with polymorphic results in device code", e.span);
            return None;
        }
        let key = e as *const Expr as usize;
        self.class_arr_calls.retain(|(_, t)| self.class_arr_temps.iter().any(|(_, n, _)| n == t));
        if let Some((_, t)) = self.class_arr_calls.iter().find(|(p, _)| *p == key) {
            return Some(t.clone());
        }
        let rank = i64::from(e.ty.rank());
        let buf = self.str_temp(Op::I64(HEAD + DIM * rank + 16));
        let Op::Var(cv) = buf else { return None };
        let mark = self.call_after.len();
        let (link, ops) = self.call_args(name, args, e.span)?;
        let mut all = vec![buf.clone()];
        all.extend(ops);
        self.val(Ty::Ptr, Rv::Call(link, all, Ty::Ptr));
        self.reload_global_descs();
        self.after_call(mark);
        let tname = format!("class.result.{}", cv.0);
        let d = self.fresh_ptr_desc(&tname, BaseTy::Derived(k), rank as usize);
        let esize = self.f.new_var(format!("{tname}.esize"), Ty::I64);
        self.class_esize.insert(d.addr, esize);
        self.load_ptr_desc(buf, &d);
        self.homes.insert(tname.clone(), Home::Array(d));
        self.class_arrs.insert(tname.clone(), cv);
        self.class_arr_temps.push((cv, tname.clone(), k));
        self.class_arr_calls.push((key, tname.clone()));
        Some(tname)
    }

    /// The elements of the polymorphic array `name` (descriptor `d`, declared type `k`)
    /// finalized and their allocatable components freed, by their dynamic type; nothing
    /// when no type of `k`'s family has finals or allocatable components.
    fn finalize_class_elems(&mut self, name: &str, d: &Desc, k: u16) {
        if !self.family(k).iter().any(|&j| self.finalizable(j) || self.has_alloc_comps(j, 0)) {
            return;
        }
        let vptr = self.class_array_vptr(name).unwrap_or(Op::Null);
        self.finalize_elems_by_type(vptr, d, k);
    }

    /// The elements of the polymorphic array `d` (declared type `k`, dynamic type read
    /// from the vtab pointer `vptr`) finalized and their allocatable components freed.
    fn finalize_elems_by_type(&mut self, vptr: Op, d: &Desc, k: u16) {
        // (Nested at most `MAX_CLASS_COMP_DEPTH` deep: a `class(*)` array component's
        // elements may be of the type that holds it.)
        self.class_comp_depth += 1;
        let deep = self.class_comp_depth > super::derived::MAX_CLASS_COMP_DEPTH;
        self.on_dynamic_type(
            vptr,
            k,
            &mut |g, j| {
                let dj = Desc { base: BaseTy::Derived(j), ..d.clone() };
                g.finalize_array(&dj, j);
                if g.has_alloc_comps(j, 0) && !deep {
                    let size = g.type_size(j);
                    g.each_desc_elem(&dj, size, &mut |g, x| g.free_alloc_comps(x, j));
                }
            },
            &mut |_| {},
        );
        self.class_comp_depth -= 1;
    }

    /// After the statement: the elements of a polymorphic function result in the
    /// temporary container `t` (homed as `name`, declared type `k`) finalized and their
    /// allocatable components freed by their dynamic type, then its data.
    pub(super) fn free_class_array_temp(&mut self, t: VarId, name: &str, k: u16) {
        let Some(Home::Array(d)) = self.lookup(name) else { return };
        self.finalize_class_elems(name, &d, k);
        let data = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, Op::Var(t)));
        self.emit(Stmt::Call("gpuf_free".into(), vec![data]));
    }

    /// On entry: an `intent(out)` polymorphic array dummy's elements get the default values
    /// of their dynamic type (their allocatable components freed first).
    fn reset_class_out_array(&mut self, name: &str, d: &Desc, k: u16) {
        let Some(vptr) = self.class_array_vptr(name) else { return };
        let d2 = d.clone();
        self.on_dynamic_type(
            vptr,
            k,
            &mut |g, j| {
                let shape: Vec<Op> = d2.ext.iter().map(|x| Op::Var(*x)).collect();
                let dj = Desc { base: BaseTy::Derived(j), ..d2.clone() };
                // Finalized by the dynamic type first.
                g.finalize_array(&dj, j);
                g.scalarise(&shape, &mut |g, idx| {
                    let subs: Vec<Op> = dj.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                    let a = g.elem_addr(&dj, &subs);
                    if g.has_alloc_comps(j, 0) {
                        g.free_alloc_comps(a.clone(), j);
                    }
                    g.init_struct(a, j);
                });
            },
            &mut |_| {},
        );
    }
}

/// Polymorphic allocatable array components: gfortran's container inline in the
/// structure (the descriptor, then `_vptr`), read per reference like other allocatable
/// components (`G::alloc_comp_desc`).
impl G<'_> {
    /// After the descriptor `d` of the allocatable component `c` at `a` is loaded: a
    /// polymorphic one's element size comes from its `_vptr` (the declared type's while
    /// that is null).
    pub(super) fn class_comp_esize(&mut self, a: &Op, c: &CompInfo, d: &Desc) {
        let (true, false, BaseTy::Derived(k)) = (c.class, c.dims.is_empty(), c.base) else { return };
        let rank = c.dims.len() as i64;
        let esize = self.f.new_var(format!("{}.esize", c.name), Ty::I64);
        let at = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(HEAD + DIM * rank)));
        let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
        let null = self.val(Ty::I32, Rv::Binary(BinOp::Eq, vptr.clone(), Op::Null));
        let sa = self.val(Ty::Ptr, Rv::PtrAdd(vptr, Op::I64(8)));
        let decl = self.type_size(k);
        self.emit(Stmt::If {
            cond: null,
            then_body: vec![Stmt::Assign(esize, Rv::Use(Op::I64(decl)))],
            else_body: vec![Stmt::Assign(esize, Rv::Load(Ty::I64, sa))],
        });
        if self.is_star(c.base) {
            // A `class(*)` one's characters: `_size` times `_len`.
            let la = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(HEAD + DIM * rank + 8)));
            let n = self.val(Ty::I64, Rv::Load(Ty::I64, la));
            let n = self.bin(Ty::I64, BinOp::Max, n, Op::I64(1));
            self.emit(Stmt::Assign(esize, Rv::Binary(BinOp::Mul, Op::Var(esize), n)));
        }
        self.class_esize.insert(d.addr, esize);
    }

    /// The whole polymorphic array component named by `e` (`x%c`): the address of its
    /// container in the structure, its descriptor, declared type and definition.
    pub(super) fn class_comp_array(&mut self, e: &Expr) -> Option<(Op, Desc, u16, CompInfo)> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        if !cr.subs.is_empty() || cr.base.ty.rank() > 0 {
            return None;
        }
        let ast::Ty::Scalar(BaseTy::Derived(bk)) = cr.base.ty else { return None };
        let c = self.type_info(bk)?.comps.iter().find(|c| c.name == cr.name.name)?.clone();
        let (true, false, true, BaseTy::Derived(k)) = (c.class, c.dims.is_empty(), c.alloc, c.base) else { return None };
        let (a, _) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
        let d = self.alloc_comp_desc(a.clone(), &c);
        Some((a, d, k, c))
    }

    /// `allocate(x%c(dims))` (with a type spec, `source=`, `mold=`) of a polymorphic array
    /// component; false when `e` is not one.
    pub(super) fn allocate_class_comp_array(
        &mut self,
        e: &Expr,
        dims: &[DimSpec],
        spec: Option<&ast::AllocTypeSpec>,
        src: Option<&Expr>,
        mold: bool,
    ) -> bool {
        let Some((a, d, k, c)) = self.class_comp_array(e) else { return false };
        let name = ast::Ident { name: c.name.clone(), span: e.span };
        let (a2, d2) = (a.clone(), d.clone());
        self.alloc_class_array_in((a, &d, k), &name, dims, (spec, src, mold), &mut |g| g.store_alloc_comp_desc(&a2, &d2));
        true
    }

    /// Frees the polymorphic array component `c` at `a`: its elements finalized and their
    /// allocatable components freed by the dynamic type, then its data (`checked`:
    /// `deallocate`, an error if it is not allocated); the dynamic type becomes the
    /// declared one.
    pub(super) fn free_class_comp_array(&mut self, a: &Op, c: &CompInfo, checked: bool) {
        let BaseTy::Derived(k) = c.base else { return };
        let rank = c.dims.len() as i64;
        let d = self.alloc_comp_desc(a.clone(), c);
        if self.family(k).iter().any(|&j| self.finalizable(j) || self.has_alloc_comps(j, 0)) {
            let at = self.val(Ty::Ptr, Rv::PtrAdd(a.clone(), Op::I64(HEAD + DIM * rank)));
            let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
            let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, vptr.clone(), Op::Null));
            self.push_block();
            self.finalize_elems_by_type(vptr, &d, k);
            let then_body = self.pop_block();
            self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
        }
        if checked {
            let n = c.name.clone();
            let nl = n.len() as i64;
            self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![Op::Var(d.addr), Op::Str(n), Op::I64(nl)]));
        } else {
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(d.addr)]));
        }
        self.emit(Stmt::Store(Ty::Ptr, a.clone(), Op::Null));
        self.set_array_vptr(a.clone(), rank, k);
    }

    /// After a byte copy of a structure: its polymorphic array component `c` at `ca` gets a
    /// copy of its data, the elements' allocatable components copied by the dynamic type.
    pub(super) fn dup_class_comp_array(&mut self, ca: &Op, c: &CompInfo) {
        let BaseTy::Derived(k) = c.base else { return };
        let rank = c.dims.len() as i64;
        let d = self.alloc_comp_desc(ca.clone(), c);
        let bytes = self.desc_bytes(&d);
        let p = self.val(Ty::Ptr, Rv::Call("gpuf_alloc_copy".into(), vec![Op::Var(d.addr), bytes], Ty::Ptr));
        self.emit(Stmt::Store(Ty::Ptr, ca.clone(), p));
        if self.class_comp_depth < super::derived::MAX_CLASS_COMP_DEPTH && self.family(k).iter().any(|&j| self.has_alloc_comps(j, 0)) {
            self.class_comp_depth += 1;
            let d = self.alloc_comp_desc(ca.clone(), c);
            let at = self.val(Ty::Ptr, Rv::PtrAdd(ca.clone(), Op::I64(HEAD + DIM * rank)));
            let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
            let live = self.val(Ty::I32, Rv::Binary(BinOp::Ne, vptr.clone(), Op::Null));
            self.push_block();
            self.on_dynamic_type(
                vptr,
                k,
                &mut |g, j| {
                    if g.has_alloc_comps(j, 0) {
                        let dj = Desc { base: BaseTy::Derived(j), ..d.clone() };
                        let size = g.type_size(j);
                        g.each_desc_elem(&dj, size, &mut |g, x| g.dup_alloc_comps(x, j));
                    }
                },
                &mut |_| {},
            );
            let then_body = self.pop_block();
            self.emit(Stmt::If { cond: live, then_body, else_body: vec![] });
            self.class_comp_depth -= 1;
        }
    }

    /// A fresh structure's polymorphic array component `c` at `ca`: unallocated, of its
    /// declared type.
    pub(super) fn init_class_comp_array(&mut self, ca: &Op, c: &CompInfo) {
        let BaseTy::Derived(k) = c.base else { return };
        self.emit(Stmt::Store(Ty::Ptr, ca.clone(), Op::Null));
        self.set_array_vptr(ca.clone(), c.dims.len() as i64, k);
    }

    /// An element `x%c(i)` of a polymorphic array component: the class container of an
    /// actual argument of a scalar `class` dummy (or a passed object).
    fn class_comp_elem_actual(&mut self, e: &Expr) -> Option<Op> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        if e.ty.rank() != 0 || cr.subs.is_empty() || cr.base.ty.rank() > 0 || cr.subs.iter().any(|s| !matches!(s, Arg::Index(_))) {
            return None;
        }
        let ast::Ty::Scalar(BaseTy::Derived(bk)) = cr.base.ty else { return None };
        let c = self.type_info(bk)?.comps.iter().find(|c| c.name == cr.name.name)?.clone();
        if !c.class || c.dims.is_empty() {
            return None;
        }
        let (a, _) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
        let addr = self.component_addr(e, &[]);
        let at = self.val(Ty::Ptr, Rv::PtrAdd(a, Op::I64(HEAD + DIM * c.dims.len() as i64)));
        let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
        let blk = self.val(Ty::Ptr, Rv::Alloca(16));
        self.emit(Stmt::Store(Ty::Ptr, blk.clone(), addr));
        let vat = self.val(Ty::Ptr, Rv::PtrAdd(blk.clone(), Op::I64(8)));
        self.emit(Stmt::Store(Ty::Ptr, vat, vptr));
        Some(blk)
    }
}

/// Polymorphic array pointers (`class(T), pointer :: p(:)`): an array pointer (`ptr_sm`)
/// with the dynamic element size and a container holding `_vptr` (and `_len` for
/// `class(*)`): a local one's on the stack (its descriptor part unused), a dummy's the
/// caller's, a module's or saved one's gfortran's global under its name (zeroed storage:
/// disassociated); the last two are read on entry and after calls and written back on
/// change (`G::ptr_descs`, gfortran's layout).
impl G<'_> {
    /// Declares the polymorphic array pointer `s`: a local one disassociated, of its
    /// declared type; `param` holds a dummy's container address; `saved`: a module's or
    /// saved one.
    pub(super) fn declare_class_ptr_array(&mut self, s: &Symbol, param: Option<VarId>, saved: bool) {
        let BaseTy::Derived(k) = s.base else { return };
        let star = self.is_star(s.base);
        let rank = i64::from(s.rank);
        let csize = HEAD + DIM * rank + if star { 16 } else { 8 };
        let d = self.new_desc(s);
        self.new_sm(&d);
        let esize = self.f.new_var(format!("{}.esize", s.name), Ty::I64);
        self.class_esize.insert(d.addr, esize);
        let cont = match param {
            Some(pv) => pv,
            None => self.f.new_var(format!("{}.class", s.name), Ty::Ptr),
        };
        self.class_arrs.insert(s.name.clone(), cont);
        if param.is_none() && saved {
            let (gname, local) = self.static_name(s);
            if !self.storage.iter().any(|x| x.name == gname) {
                self.storage.push(Storage::block(gname.clone(), csize, 8, None, local));
            }
            self.emit(Stmt::Assign(cont, Rv::GlobalAddr(gname)));
            // (The declared type's vtab at the first entry of a unit that sees it.)
            let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * rank)));
            let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
            let null = self.val(Ty::I32, Rv::Binary(BinOp::Eq, vptr, Op::Null));
            self.push_block();
            self.set_array_vptr(Op::Var(cont), rank, k);
            let then_body = self.pop_block();
            self.emit(Stmt::If { cond: null, then_body, else_body: vec![] });
        }
        if param.is_some() || saved {
            self.load_ptr_desc(Op::Var(cont), &d);
            self.ptr_descs.push((cont, d));
            return;
        }
        self.disassociate(&d);
        self.emit(Stmt::Assign(cont, Rv::Alloca(csize as u64)));
        self.set_array_vptr(Op::Var(cont), rank, k);
        if star {
            let la = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * rank + 8)));
            self.emit(Stmt::Store(Ty::I64, la, Op::I64(0)));
        }
        self.emit(Stmt::Assign(esize, Rv::Use(Op::I64(self.type_size(k)))));
    }

    /// Before gfortran's descriptor of the polymorphic array pointer `d` is read from its
    /// container at `cont`: its element size from `_vptr` (the declared type's while that
    /// is null: a zeroed global). False when `d` is not one.
    pub(super) fn class_ptr_esize(&mut self, cont: &Op, d: &Desc) -> Option<VarId> {
        let esize = *self.class_esize.get(&d.addr)?;
        let BaseTy::Derived(k) = d.base else { return None };
        let Op::Var(c) = cont else { return None };
        let star = self.is_star(d.base);
        self.load_class_esize(*c, esize, d.lb.len() as i64, k, star);
        Some(esize)
    }

    /// The actual argument of a polymorphic array pointer dummy: the container of the
    /// polymorphic array pointer `e` with its descriptor up to date (a local one's written
    /// into its container before the call and read back after it).
    pub(super) fn class_ptr_array_actual(&mut self, e: &Expr) -> Op {
        let ExprKind::Name(id) = &e.kind else {
            self.not_yet("this actual argument of a polymorphic array pointer dummy", e.span);
            return Op::Null;
        };
        let Some((cont, d, _)) = self.class_ptr_array(&id.name) else {
            self.not_yet("this actual argument of a polymorphic array pointer dummy", e.span);
            return Op::Null;
        };
        if !self.ptr_descs.iter().any(|(_, g)| g.addr == d.addr) {
            self.store_gf_desc(Op::Var(cont), &d);
            self.push_block();
            self.load_ptr_desc(Op::Var(cont), &d);
            let after = self.pop_block();
            self.call_after.extend(after);
        }
        Op::Var(cont)
    }

    /// A polymorphic array pointer `name`: its container, descriptor, declared type.
    fn class_ptr_array(&self, name: &str) -> Option<(VarId, Desc, u16)> {
        let s = self.syms.get(name).filter(|s| s.class && s.pointer && s.rank > 0)?;
        let BaseTy::Derived(k) = s.base else { return None };
        let cont = *self.class_arrs.get(name)?;
        match self.lookup(name) {
            Some(Home::Array(d)) => Some((cont, d, k)),
            _ => None,
        }
    }

    /// Sets `_vptr` and the element size of the polymorphic array pointer `name`
    /// after `name => target` (the target's dynamic type) or `=> null()`/`nullify` (`None`:
    /// the declared type).
    pub(super) fn class_ptr_array_target(&mut self, name: &str, target: Option<&Expr>) {
        let Some((cont, d, k)) = self.class_ptr_array(name) else { return };
        let rank = d.lb.len() as i64;
        let vptr = match target {
            None => None,
            Some(e) => match &e.kind {
                ExprKind::Name(t) | ExprKind::ArrayRef { name: t, .. } => e.ty.base().map(|b| self.array_vptr(&t.name, b, e.span)),
                ExprKind::Component(_) => match self.class_comp_array(e) {
                    Some((a, _, _, c)) => {
                        let at = self.val(Ty::Ptr, Rv::PtrAdd(a, Op::I64(HEAD + DIM * c.dims.len() as i64)));
                        Some(self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at)))
                    }
                    None => match e.ty.base() {
                        Some(BaseTy::Derived(j)) => {
                            self.types.get(j as usize).map(|t| self.val(Ty::Ptr, Rv::GlobalAddr(polymorph::vtab_name(t))))
                        }
                        _ => None,
                    },
                },
                _ => {
                    self.not_yet("this target of a polymorphic array pointer", e.span);
                    None
                }
            },
        };
        let Some(&esize) = self.class_esize.get(&d.addr) else { return };
        let star = self.is_star(d.base);
        if star {
            // `_len`: a `class(*)` target's own.
            let len = match target.map(|e| &e.kind) {
                Some(ExprKind::Name(t) | ExprKind::ArrayRef { name: t, .. }) => self.star_array_len(&t.name),
                _ => Op::I64(0),
            };
            let la = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * rank + 8)));
            self.emit(Stmt::Store(Ty::I64, la, len));
        }
        match vptr {
            Some(v) => {
                let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * rank)));
                self.emit(Stmt::Store(Ty::Ptr, at, v));
                self.esize_from_cont(esize, Op::Var(cont), rank, star);
            }
            None => {
                self.set_array_vptr(Op::Var(cont), rank, k);
                self.emit(Stmt::Assign(esize, Rv::Use(Op::I64(self.type_size(k)))));
            }
        }
    }

    /// `allocate` of a local polymorphic array pointer (fresh memory, whatever it pointed
    /// to); false when `name` is not one.
    pub(super) fn allocate_class_ptr_array(
        &mut self,
        name: &ast::Ident,
        dims: &[DimSpec],
        how: (Option<&ast::AllocTypeSpec>, Option<&Expr>, bool),
    ) -> bool {
        let Some((cont, d, k)) = self.class_ptr_array(&name.name) else { return false };
        self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
        let d2 = d.clone();
        let n = name.name.clone();
        self.alloc_class_array_in((Op::Var(cont), &d, k), name, dims, how, &mut |g| {
            g.contiguous_sm(&d2);
            g.store_global_desc(&n);
        });
        true
    }

    /// `deallocate` of a local polymorphic array pointer: its elements finalized and their
    /// allocatable components freed by the dynamic type, then its data; it becomes
    /// disassociated, of its declared type. False when `name` is not one.
    pub(super) fn deallocate_class_ptr_array(&mut self, name: &ast::Ident) -> bool {
        let Some((cont, d, k)) = self.class_ptr_array(&name.name) else { return false };
        let rank = d.lb.len() as i64;
        if self.family(k).iter().any(|&j| self.finalizable(j) || self.has_alloc_comps(j, 0)) {
            let at = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(cont), Op::I64(HEAD + DIM * rank)));
            let vptr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, at));
            self.finalize_elems_by_type(vptr, &d, k);
        }
        self.deallocate_data(d.addr, &name.name);
        self.disassociate(&d);
        self.class_ptr_array_target(&name.name, None);
        self.store_global_desc(&name.name);
        true
    }
}

/// The name of the variable an array designator `e` refers to (empty for expressions).
fn expr_name(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. } => id.name.clone(),
        _ => String::new(),
    }
}
