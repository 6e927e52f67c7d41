//! Scalar and elemental expressions: operands, operators, constants, and array constructors
//! evaluated into temporaries.

use super::*;

impl G<'_> {
    /// An optional integer operand as an `I64`, `default` when absent.
    pub(super) fn int_arg(&mut self, e: Option<&Expr>, default: i64) -> Op {
        match e {
            Some(x) => {
                let v = self.expr(x);
                self.conv(v, Ty::I64)
            }
            None => Op::I64(default),
        }
    }

    pub(super) fn expr_ty(&self, e: &Expr) -> Ty {
        match e.ty.base() {
            Some(b) => ir_ty(b),
            None => Ty::I32,
        }
    }

    /// A scalar expression.
    pub(super) fn expr(&mut self, e: &Expr) -> Op {
        // Array-valued references inside (constructors, `pack`, array functions) are
        // evaluated first unless the statement already did.
        let mark = self.materialize(e);
        let v = self.expr_at(e, &[]);
        self.free_mats(mark);
        v
    }

    /// The element at zero-based position `idx` of an array expression (or a scalar
    /// expression when `idx` is empty or the expression is scalar).
    pub(super) fn expr_at(&mut self, e: &Expr, idx: &[Op]) -> Op {
        if matches!(e.ty.base(), Some(BaseTy::Real(16) | BaseTy::Complex(16))) && (self.region.is_some() || self.in_routine()) {
            self.not_yet("`real(16)` and `complex(16)` in device code (compute constructs and `routine` procedures)", e.span);
            return zero_of(self.expr_ty(e));
        }
        if let Some(v) = self.complex_scalar(e, idx) {
            return v;
        }
        if self.region.is_some() && e.ty.base() == Some(BaseTy::Integer(16)) {
            self.not_yet("`integer(16)` inside compute constructs", e.span);
            return Op::I128(0);
        }
        match &e.kind {
            ExprKind::Int(v, k) => match k {
                16 => Op::I128(i128::from(*v)),
                8 => Op::I64(*v),
                _ => Op::I32(*v as i32),
            },
            ExprKind::Real(v, k) => {
                if *k == 8 {
                    Op::F64(*v)
                } else {
                    Op::F32(*v as f32)
                }
            }
            ExprKind::Quad(t) => Op::F128(t.clone()),
            ExprKind::Int128(v) => Op::I128(*v),
            // sema reports every BOZ constant it leaves typeless
            ExprKind::Boz(_) => {
                self.not_yet("a BOZ literal constant here", e.span);
                Op::I32(0)
            }
            ExprKind::Logical(b) => Op::I32(*b as i32),
            ExprKind::Str(s) => Op::Str(s.clone()),
            ExprKind::Paren(x) => self.expr_at(x, idx),
            ExprKind::Name(id) => match self.lookup(&id.name) {
                // A scalar named constant is its value (folded as its variable was
                // initialised), so that kernels see constant bounds and capture nothing.
                Some(Home::Reg(v, _)) => self
                    .syms
                    .get(&id.name)
                    .filter(|s| s.parameter && s.rank == 0 && matches!(s.base, BaseTy::Integer(_) | BaseTy::Real(_) | BaseTy::Logical(_)))
                    .and_then(|s| s.init.as_ref())
                    .and_then(|init| const_value(init, self.f.var(v).ty, self.syms))
                    .unwrap_or(Op::Var(v)),
                Some(Home::Mem(p, BaseTy::Derived(_))) => Op::Var(p),
                Some(Home::Mem(p, b)) => self.load_as(b, Op::Var(p)),
                Some(Home::Array(d)) => {
                    if idx.is_empty() {
                        self.not_yet(format!("array `{}` used as a scalar here", d.name), e.span);
                        return Op::I32(0);
                    }
                    let subs: Vec<Op> = d.lb.iter().map(|lb| Op::Var(*lb)).collect::<Vec<_>>();
                    let subs: Vec<Op> = subs.into_iter().zip(idx).map(|(lb, i)| self.bin(Ty::I64, BinOp::Add, lb, i.clone())).collect();
                    let a = self.elem_addr(&d, &subs);
                    if matches!(d.base, BaseTy::Derived(_)) {
                        return a;
                    }
                    self.load_as(d.base, a)
                }
                Some(Home::CharArray { d, .. }) => {
                    self.not_yet(format!("the character array `{}` here", d.name), e.span);
                    Op::I32(0)
                }
                Some(Home::Str(s)) => Op::Str(s),
                Some(Home::Chars { addr, .. }) => Op::Var(addr),
                None => {
                    if self.host_vars.contains(&id.name) {
                        self.not_yet(format!("host association of `{}` in an internal procedure", id.name), e.span);
                    } else {
                        self.not_yet(format!("use of `{}` here", id.name), e.span);
                    }
                    Op::I32(0)
                }
            },
            ExprKind::ArrayRef { name, subs } => {
                if self.is_reduced_array(&name.name) {
                    // Other threads update the shared array meanwhile.
                    self.not_yet(
                        format!("references to the reduction array `{0}` other than updates `{0}(i) = {0}(i) op expr`", name.name),
                        e.span,
                    );
                    return Op::I32(0);
                }
                let Some(Home::Array(d)) = self.lookup(&name.name) else {
                    self.not_yet(format!("`{}` as an array here", name.name), e.span);
                    return Op::I32(0);
                };
                let s = self.subscripts(&d, subs, idx);
                let a = self.elem_addr(&d, &s);
                if matches!(d.base, BaseTy::Derived(_)) {
                    return a;
                }
                self.load_as(d.base, a)
            }
            ExprKind::Component(_) => self.component_value(e, idx),
            ExprKind::StructCtor { ty, args } => self.struct_ctor(*ty, args, e.span),
            ExprKind::Apply { name, .. } => {
                self.not_yet(format!("call of `{}`", name.name), e.span);
                Op::I32(0)
            }
            ExprKind::Call { .. } if self.is_array_call(e) => self.array_call_at(e, idx),
            // `ichar`/`iachar` of a character array: evaluated into a temporary before.
            ExprKind::Intrinsic { func: Intrinsic::Ichar | Intrinsic::Iachar, .. } if e.ty.rank() > 0 && self.device_code() => {
                self.ichar_at(e, idx)
            }
            ExprKind::Intrinsic { func: Intrinsic::Ichar | Intrinsic::Iachar, .. } if e.ty.rank() > 0 => self.array_call_at(e, idx),
            ExprKind::Call { name, args } if self.is_elemental_array_call(&name.name, args) => {
                self.elemental_call_at(e, &name.name, args, idx)
            }
            // Complex-typed: `complex_scalar` above reported it.
            ExprKind::Complex(..) => Op::F32(0.0),
            ExprKind::Call { name, args } if (self.region.is_some() || self.in_routine()) && name.name == "gpuf_acc_on_device" => {
                let t = match args.first() {
                    Some(Arg::Index(x) | Arg::Keyword(_, x)) => {
                        let v = self.expr(x);
                        self.conv(v, Ty::I32)
                    }
                    _ => Op::I32(0),
                };
                let v = self.val(Ty::I32, Rv::Builtin(Builtin::AccOnDevice, vec![t]));
                self.conv(v, ir_ty(e.ty.base().unwrap_or(BaseTy::Logical(4))))
            }
            ExprKind::Call { name, .. } if self.region.is_some() && is_omp_device_query(&name.name) => {
                let v = self.omp_device_query(&name.name);
                self.conv(v, ir_ty(e.ty.base().unwrap_or(BaseTy::Integer(4))))
            }
            ExprKind::Call { name, .. } if self.in_routine() && OmpQuery::of_link(&name.name).is_some() => {
                let q = OmpQuery::of_link(&name.name).unwrap_or(OmpQuery::DeviceNum);
                let v = self.val(Ty::I32, Rv::Builtin(Builtin::OmpQuery(q), vec![]));
                self.conv(v, ir_ty(e.ty.base().unwrap_or(BaseTy::Integer(4))))
            }
            ExprKind::Call { name, args } if self.returns_pointer(&name.name) => {
                let a = self.pointer_call(name, args, e.span);
                match e.ty.base() {
                    Some(BaseTy::Derived(_)) | None => a,
                    Some(b) => self.load_as(b, a),
                }
            }
            ExprKind::Call { name, args } if name.name.ends_with("@pcomp") => {
                // Through a procedure pointer component (its designator first): a numeric
                // or logical scalar result.
                let rt = self.expr_ty(e);
                let (Some(Arg::Index(target)), rest) = (args.first(), args.get(1..).unwrap_or_default()) else { return zero_of(rt) };
                let fp = self.component_addr(target, &[]);
                let mark = self.call_after.len();
                let v = match self.call_args(name, rest, e.span) {
                    Some((_, mut ops)) => {
                        ops.insert(0, fp);
                        let v = self.val(rt, Rv::Call("@ptr".into(), ops, rt));
                        self.reload_global_descs();
                        v
                    }
                    None => zero_of(rt),
                };
                self.after_call(mark);
                v
            }
            ExprKind::Call { name, args } => {
                if e.ty.rank() > 0 {
                    self.not_yet("array-valued function references", e.span);
                }
                if let Some((cont, _)) = self.class_result_call(e) {
                    // A polymorphic result: its object.
                    return self.val(Ty::Ptr, Rv::Load(Ty::Ptr, cont));
                }
                if let (Some(BaseTy::Derived(k)), 0) = (e.ty.base(), e.ty.rank()) {
                    return self.call_derived(name, args, e.span, k);
                }
                let rt = self.expr_ty(e);
                let mark = self.call_after.len();
                let v = match self.call_args(name, args, e.span) {
                    Some((link, ops)) => {
                        let v = self.val(rt, Rv::Call(link, ops, rt));
                        self.reload_global_descs();
                        v
                    }
                    None => zero_of(rt),
                };
                self.after_call(mark);
                v
            }
            ExprKind::Unary(op, x) => {
                let t = self.expr_ty(e);
                let v = self.expr_at(x, idx);
                let v = self.conv(v, t);
                match op {
                    ast::UnOp::Plus => v,
                    ast::UnOp::Neg if matches!(e.ty.base(), Some(BaseTy::Integer(1 | 2))) => {
                        let n = self.val(t, Rv::Unary(ir::UnOp::Neg, v));
                        self.wrap(e.ty.base(), n)
                    }
                    ast::UnOp::Neg => match v {
                        Op::I32(c) => Op::I32(c.wrapping_neg()),
                        Op::I64(c) => Op::I64(c.wrapping_neg()),
                        Op::F32(c) => Op::F32(-c),
                        Op::F64(c) => Op::F64(-c),
                        v => self.val(t, Rv::Unary(ir::UnOp::Neg, v)),
                    },
                    ast::UnOp::Not => self.val(Ty::I32, Rv::Unary(ir::UnOp::LNot, v)),
                }
            }
            // A character array compared element by element: evaluated into a temporary before.
            ExprKind::Binary(..) if char_array_compare(e) && self.device_code() => self.char_compare_at(e, idx),
            ExprKind::Binary(..) if char_array_compare(e) => self.array_call_at(e, idx),
            ExprKind::Binary(op, x, y) => {
                let v = self.binary(e, *op, x, y, idx);
                self.wrap(e.ty.base(), v)
            }
            ExprKind::Intrinsic { func, args } => {
                let v = self.intrinsic(e, *func, args, idx);
                // Integer results in the expression's kind (`-fdefault-integer-8` makes
                // `len`, `index`, `int`... of kind 8).
                let t = self.expr_ty(e);
                let v = if t.is_int() && self.f.op_ty(&v).is_int() && self.f.op_ty(&v) != t { self.conv(v, t) } else { v };
                self.wrap(e.ty.base(), v)
            }
            ExprKind::ArrayCtor(items) if self.device_ctor() && direct_ctor(items).is_some() => {
                let t = self.expr_ty(e);
                let Some((d, x)) = direct_ctor(items) else { return zero_of(t) };
                // Element k of `(x, j = lo, hi, st)` is `x` at `j = lo + k * st`.
                let (base, vt, lo, _, st) = self.index_bounds(&d.var.name, &d.lo, &d.hi, d.step.as_ref());
                let k = idx.first().cloned().unwrap_or(Op::I64(0));
                let k = self.conv(k, vt);
                let off = self.bin(vt, BinOp::Mul, k, st);
                let j = self.bin(vt, BinOp::Add, lo, off);
                let v = self.f.new_var(d.var.name.clone(), vt);
                self.emit(Stmt::Assign(v, Rv::Use(j)));
                let mut m = HashMap::new();
                m.insert(d.var.name.clone(), Home::Reg(v, base));
                self.overrides.push(m);
                let r = self.expr(x);
                self.overrides.pop();
                self.conv(r, t)
            }
            ExprKind::ArrayCtor(items) if self.device_ctor() && per_element_ctor(items) => {
                // `[x1, ..., xn]`: element k is x(k+1), chosen by comparisons.
                let t = self.expr_ty(e);
                let xs = scalar_items(items).unwrap_or_default();
                let k = idx.first().cloned().unwrap_or(Op::I64(0));
                let k = self.conv(k, Ty::I64);
                let r = self.tmp(t);
                let Some((first, rest)) = xs.split_first() else { return zero_of(t) };
                let v = self.expr(first);
                let v = self.conv(v, t);
                self.emit(Stmt::Assign(r, Rv::Use(v)));
                for (j, x) in rest.iter().enumerate() {
                    let hit = self.val(Ty::I32, Rv::Binary(BinOp::Eq, k.clone(), Op::I64(j as i64 + 1)));
                    self.push_block();
                    let v = self.expr(x);
                    let v = self.conv(v, t);
                    self.emit(Stmt::Assign(r, Rv::Use(v)));
                    let then_body = self.pop_block();
                    self.emit(Stmt::If { cond: hit, then_body, else_body: vec![] });
                }
                Op::Var(r)
            }
            ExprKind::ArrayCtor(_) => {
                let t = self.expr_ty(e);
                let Some((buf, _)) = self.mats.get(&(e as *const Expr as usize)).cloned() else {
                    self.not_yet("an array constructor here", e.span);
                    return zero_of(t);
                };
                let b = e.ty.base().unwrap_or(BaseTy::Integer(4));
                let i = idx.first().cloned().unwrap_or(Op::I64(0));
                let off = self.bin(Ty::I64, BinOp::Mul, i, Op::I64(mem_ty(b).size()));
                let a = self.val(Ty::Ptr, Rv::PtrAdd(buf, off));
                self.load_as(b, a)
            }
        }
    }

    /// Evaluates the array constructors in `e` into temporaries (see [`G::mats`]); returns
    /// the mark to give [`G::free_mats`] after the statement.
    pub(super) fn materialize(&mut self, e: &Expr) -> usize {
        let mark = self.mat_frees.len();
        self.materialize_rec(e);
        mark
    }

    pub(super) fn materialize_rec(&mut self, e: &Expr) {
        if let Some((b, _)) = self.mats.get(&(e as *const Expr as usize)) {
            if self.mat_frees.contains(b) {
                return;
            }
        }
        if self.is_array_call(e) {
            if self.is_class_array_call(e) {
                // (Evaluated where it is used: `G::class_array_call`.)
                return;
            }
            return self.materialize_call(e);
        }
        match &e.kind {
            ExprKind::Call { args, .. } | ExprKind::ArrayRef { subs: args, .. } => {
                for a in args {
                    match a {
                        Arg::Index(x) | Arg::Keyword(_, x) => self.materialize_rec(x),
                        Arg::Range { lo, hi, stride, .. } => {
                            for x in [lo, hi, stride].into_iter().flatten() {
                                self.materialize_rec(x);
                            }
                        }
                    }
                }
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => self.materialize_rec(x),
            ExprKind::Binary(op, x, y) => {
                self.materialize_rec(x);
                self.materialize_rec(y);
                if char_array_compare(e) {
                    self.materialize_char_compare(e, *op, x, y);
                }
            }
            ExprKind::Intrinsic { func, args } => {
                for a in args {
                    self.materialize_rec(a);
                }
                if matches!(func, Intrinsic::Pack | Intrinsic::Unpack) {
                    self.materialize_transform(e, *func, args);
                }
                if matches!(func, Intrinsic::Ichar | Intrinsic::Iachar) && e.ty.rank() > 0 {
                    self.materialize_ichar(e, args);
                }
                if *func == Intrinsic::Transfer
                    && (e.ty.rank() > 0
                        || args
                            .iter()
                            .take(2)
                            .any(|a| a.ty.rank() > 0 || matches!(a.ty.base(), Some(BaseTy::Character | BaseTy::Complex(_)))))
                {
                    self.materialize_transfer(e, args);
                }
            }
            // Character constructors are walked where they are used.
            ExprKind::ArrayCtor(_) if e.ty.base() == Some(BaseTy::Character) => {}
            // In device code, `(x, j = lo, hi)` is evaluated per element (no temporary).
            ExprKind::ArrayCtor(items) if self.device_ctor() && per_element_ctor(items) => {}
            ExprKind::ArrayCtor(items) => {
                let t = self.expr_ty(e);
                let n = self.tmp(Ty::I64);
                self.emit(Stmt::Assign(n, Rv::Use(Op::I64(0))));
                self.ctor_walk(items, &mut |g, x| {
                    let mut sz = Op::I64(1);
                    for d in g.shape(x) {
                        sz = g.bin(Ty::I64, BinOp::Mul, sz, d);
                    }
                    g.emit(Stmt::Assign(n, Rv::Binary(BinOp::Add, Op::Var(n), sz)));
                });
                let cnt = self.val(Ty::I64, Rv::Binary(BinOp::Max, Op::Var(n), Op::I64(1)));
                let eb = e.ty.base().unwrap_or(BaseTy::Integer(4));
                // (A structure's value is the address of its bytes: an address per element.)
                let es = if matches!(eb, BaseTy::Derived(_)) { mem_ty(eb).size() } else { self.elem_size(eb) };
                let bytes = self.bin(Ty::I64, BinOp::Mul, cnt, Op::I64(es));
                let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
                let pos = self.tmp(Ty::I64);
                self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
                let b2 = buf.clone();
                let put = move |g: &mut Self, v: Op| {
                    let v = g.conv(v, t);
                    let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(mem_ty(eb).size()));
                    let a = g.val(Ty::Ptr, Rv::PtrAdd(b2.clone(), off));
                    g.store_as(eb, a, v);
                    g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
                };
                let cpt = complex::part_ty(eb);
                self.ctor_walk(items, &mut |g, x| {
                    if let Some(pt) = cpt {
                        // Complex elements: two parts each.
                        let shape = g.shape(x);
                        g.scalarise(&shape, &mut |g, idx| {
                            let v = g.cexpr_at(x, idx, pt);
                            let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(2 * pt.size()));
                            let a = g.val(Ty::Ptr, Rv::PtrAdd(buf.clone(), off));
                            g.cstore(pt, a, v);
                            g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
                        });
                    } else if x.ty.rank() == 0 {
                        let v = g.expr(x);
                        put(g, v);
                    } else {
                        let shape = g.shape(x);
                        g.scalarise(&shape, &mut |g, idx| {
                            let v = g.expr_at(x, idx);
                            put(g, v);
                        });
                    }
                });
                self.mats.insert(e as *const Expr as usize, (buf.clone(), Op::Var(n)));
                self.mat_frees.push(buf);
            }
            _ => {}
        }
    }

    /// Calls `f` for every expression item of a constructor in order, inside the loops of
    /// its implied-do items.
    pub(super) fn ctor_walk(&mut self, items: &[CtorItem], f: &mut dyn FnMut(&mut Self, &Expr)) {
        for it in items {
            match it {
                CtorItem::Expr(x) => {
                    self.materialize_rec(x);
                    f(self, x);
                }
                CtorItem::ImpliedDo(d) => {
                    let (base, vt, lo, hi, st) = self.index_bounds(&d.var.name, &d.lo, &d.hi, d.step.as_ref());
                    let v = self.f.new_var(d.var.name.clone(), vt);
                    let mut m = HashMap::new();
                    m.insert(d.var.name.clone(), Home::Reg(v, base));
                    self.overrides.push(m);
                    let id = self.f.new_loop();
                    self.push_block();
                    self.ctor_walk(&d.items, f);
                    let body = self.pop_block();
                    self.overrides.pop();
                    self.emit(Stmt::Loop { id, var: v, lo, hi, step: st, body, part: None });
                }
            }
        }
    }

    /// Frees the constructor temporaries made since `mark`.
    pub(super) fn free_mats(&mut self, mark: usize) {
        let bufs: Vec<Op> = self.mat_frees.drain(mark..).collect();
        for b in bufs {
            self.emit(Stmt::Call("gpuf_free".into(), vec![b]));
        }
    }

    fn binary(&mut self, e: &Expr, op: ast::BinOp, x: &Expr, y: &Expr, idx: &[Op]) -> Op {
        use ast::BinOp as B;
        let rt = self.expr_ty(e);
        match op {
            B::Add | B::Sub | B::Mul | B::Div => {
                let a = self.expr_at(x, idx);
                let a = self.conv(a, rt);
                let b = self.expr_at(y, idx);
                let b = self.conv(b, rt);
                let o = match op {
                    B::Add => BinOp::Add,
                    B::Sub => BinOp::Sub,
                    B::Mul => BinOp::Mul,
                    _ => BinOp::Div,
                };
                self.val(rt, Rv::Binary(o, a, b))
            }
            B::Pow => {
                let a = self.expr_at(x, idx);
                let b = self.expr_at(y, idx);
                let bt = self.f.op_ty(&b);
                if rt.is_float() && bt.is_int() {
                    let a = self.conv(a, rt);
                    let b = self.conv(b, Ty::I32);
                    self.val(rt, Rv::Math(MathFn::Powi, vec![a, b]))
                } else {
                    let a = self.conv(a, rt);
                    let b = self.conv(b, rt);
                    self.val(rt, Rv::Binary(BinOp::Pow, a, b))
                }
            }
            B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge => {
                let (a, b) = if x.ty.base() == Some(BaseTy::Character) {
                    // Compare as if padded with blanks: `gpuf_str_cmp(a, b) <op> 0` (in device
                    // code an inline loop).
                    let (a, la) = self.str_expr(x);
                    let (b, lb) = self.str_expr(y);
                    if self.device_code() {
                        (self.inline_str_cmp(a, la, b, lb), Op::I32(0))
                    } else {
                        (self.val(Ty::I32, Rv::Call("gpuf_str_cmp".into(), vec![a, la, b, lb], Ty::I32)), Op::I32(0))
                    }
                } else {
                    let ta = self.expr_ty(x);
                    let tb = self.expr_ty(y);
                    let ct = common(ta, tb);
                    let a = self.expr_at(x, idx);
                    let a = self.conv(a, ct);
                    let b = self.expr_at(y, idx);
                    (a, self.conv(b, ct))
                };
                let o = match op {
                    B::Eq => BinOp::Eq,
                    B::Ne => BinOp::Ne,
                    B::Lt => BinOp::Lt,
                    B::Le => BinOp::Le,
                    B::Gt => BinOp::Gt,
                    _ => BinOp::Ge,
                };
                self.val(Ty::I32, Rv::Binary(o, a, b))
            }
            B::And | B::Or | B::Eqv | B::Neqv => {
                let a = self.expr_at(x, idx);
                let b = self.expr_at(y, idx);
                let o = match op {
                    B::And => BinOp::And,
                    B::Or => BinOp::Or,
                    B::Eqv => BinOp::Eq,
                    _ => BinOp::Ne,
                };
                self.val(Ty::I32, Rv::Binary(o, a, b))
            }
            B::Concat => {
                if let (Some(a), Some(b)) = (self.const_str(x), self.const_str(y)) {
                    return Op::Str(a + &b);
                }
                let (a, _) = self.str_expr(e);
                a
            }
        }
    }

    pub(super) fn const_str(&self, e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::Str(s) => Some(s.clone()),
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Str(s)) => Some(s),
                _ => None,
            },
            ExprKind::Paren(x) => self.const_str(x),
            ExprKind::Binary(ast::BinOp::Concat, a, b) => Some(self.const_str(a)? + &self.const_str(b)?),
            _ => None,
        }
    }

    /// The base and IR types of index variable `var` and its bounds and step (default 1) in that type,
    /// for implied-do loops and `forall`/`do concurrent` indices.
    pub(super) fn index_bounds(&mut self, var: &str, lo: &Expr, hi: &Expr, step: Option<&Expr>) -> (BaseTy, Ty, Op, Op, Op) {
        let base = self.syms.get(var).map_or(BaseTy::Integer(4), |s| s.base);
        let vt = ir_ty(base);
        let lo = self.expr(lo);
        let lo = self.conv(lo, vt);
        let hi = self.expr(hi);
        let hi = self.conv(hi, vt);
        let st = match step {
            Some(x) => {
                let v = self.expr(x);
                self.conv(v, vt)
            }
            None => self.conv(Op::I32(1), vt),
        };
        (base, vt, lo, hi, st)
    }
}

fn common(a: Ty, b: Ty) -> Ty {
    fn rank(t: Ty) -> u8 {
        match t {
            Ty::I8 | Ty::I16 | Ty::I32 => 0,
            Ty::I64 => 1,
            Ty::I128 => 2,
            Ty::F32 => 3,
            Ty::F64 => 4,
            Ty::F128 => 5,
            Ty::Ptr => 6,
        }
    }
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

/// An array constructor of one implied-do loop over one scalar expression, `(x, j = lo,
/// hi[, st])`: computed element by element in compute regions, where no temporary can be
/// allocated. Semantic analysis allows only these on the device.
/// An array constructor of scalar expressions, `[x1, x2, ...]`: element k is computed by
/// choosing among them in compute regions (no temporary).
pub(super) fn scalar_items(items: &[ast::CtorItem]) -> Option<Vec<&Expr>> {
    items
        .iter()
        .map(|it| match it {
            ast::CtorItem::Expr(x) if x.ty.rank() == 0 && x.ty.base() != Some(BaseTy::Character) => Some(x),
            _ => None,
        })
        .collect()
}

/// A constructor computed element by element in compute regions.
pub(super) fn per_element_ctor(items: &[ast::CtorItem]) -> bool {
    direct_ctor(items).is_some() || scalar_items(items).is_some_and(|v| !v.is_empty())
}

pub(super) fn direct_ctor(items: &[ast::CtorItem]) -> Option<(&ast::ImpliedDo, &Expr)> {
    match items {
        [ast::CtorItem::ImpliedDo(d)] => match d.items.as_slice() {
            [ast::CtorItem::Expr(x)] if x.ty.rank() == 0 && x.ty.base() != Some(BaseTy::Character) => Some((d, x)),
            _ => None,
        },
        _ => None,
    }
}

/// OpenMP's queries answered inside a target region (see [`G::omp_device_query`]).
fn is_omp_device_query(link: &str) -> bool {
    [
        "omp_is_initial_device_",
        "omp_get_team_num_",
        "omp_get_num_teams_",
        "omp_get_thread_num_",
        "omp_get_num_threads_",
        "omp_get_max_threads_",
        "omp_get_thread_limit_",
        "omp_get_level_",
        "omp_get_active_level_",
        "omp_in_parallel_",
        "omp_get_device_num_",
    ]
    .contains(&link)
}

impl G<'_> {
    /// Array constructors are computed element by element (no temporary, which device code
    /// cannot allocate): in compute constructs and device procedures.
    pub(super) fn device_ctor(&self) -> bool {
        self.region.is_some() || self.in_routine()
    }

    /// The value of an OpenMP query inside a target region, from abstract builtins that
    /// oacc-xform expands per target. Teams are gangs; the threads of a `parallel` region
    /// are the workers × vector lanes that run its `do` loops (a worker loop encloses the
    /// code), numbered `worker * vector_length + lane`; elsewhere the region's code runs on
    /// one thread of its team (thread 0 of 1, level 0, not in parallel). In a `simd` loop
    /// lowered to SIMT the lanes are not threads: the thread is the warp.
    fn omp_device_query(&mut self, link: &str) -> Op {
        let mut levels = self.region.as_ref().map_or(Levels::default(), |r| r.levels);
        if self.simt_body.is_some() {
            levels = Levels(levels.0 & !Levels::default().with(Level::Vector).0);
        }
        let par = levels.has(Level::Worker);
        let size = |g: &mut Self, l: Level| g.val(Ty::I32, Rv::Builtin(Builtin::DimSize(l), vec![]));
        let pos = |g: &mut Self, l: Level| g.val(Ty::I32, Rv::Builtin(Builtin::DimPos(l), vec![]));
        match link {
            "omp_is_initial_device_" => self.val(Ty::I32, Rv::Builtin(Builtin::IsInitialDevice, vec![])),
            // gpuf uses device 0 of the selected kind; on the host device there are no
            // other devices, so the host's number is 0 too.
            "omp_get_device_num_" => Op::I32(0),
            "omp_get_team_num_" => pos(self, Level::Gang),
            "omp_get_num_teams_" => size(self, Level::Gang),
            "omp_get_thread_num_" if par => {
                let w = pos(self, Level::Worker);
                if levels.has(Level::Vector) {
                    let vl = size(self, Level::Vector);
                    let v = pos(self, Level::Vector);
                    let t = self.bin(Ty::I32, BinOp::Mul, w, vl);
                    self.bin(Ty::I32, BinOp::Add, t, v)
                } else {
                    w
                }
            }
            "omp_get_num_threads_" if par => {
                let nw = size(self, Level::Worker);
                let n = if levels.has(Level::Vector) {
                    let vl = size(self, Level::Vector);
                    self.bin(Ty::I32, BinOp::Mul, nw, vl)
                } else {
                    nw
                };
                // The team size the region's `num_threads` (...) asks for, at most.
                match self.region.as_ref().and_then(|r| r.threads.clone()) {
                    Some(t) => self.bin(Ty::I32, BinOp::Min, n, t),
                    None => n,
                }
            }
            "omp_get_thread_limit_" if self.region.as_ref().is_some_and(|r| r.thread_limit.is_some()) => {
                let nw = size(self, Level::Worker);
                let vl = size(self, Level::Vector);
                let n = self.bin(Ty::I32, BinOp::Mul, nw, vl);
                let tl = self.region.as_ref().and_then(|r| r.thread_limit.clone()).unwrap_or(Op::I32(1));
                self.bin(Ty::I32, BinOp::Min, n, tl)
            }
            "omp_get_max_threads_" | "omp_get_thread_limit_" => {
                let nw = size(self, Level::Worker);
                let vl = size(self, Level::Vector);
                let n = self.bin(Ty::I32, BinOp::Mul, nw, vl);
                match self.region.as_ref().and_then(|r| r.threads.clone()) {
                    Some(t) => self.bin(Ty::I32, BinOp::Min, n, t),
                    None => n,
                }
            }
            // A parallel region is active when its team has more than one thread.
            "omp_get_active_level_" | "omp_in_parallel_" if par => {
                let n = self.omp_device_query("omp_get_num_threads_");
                self.bin(Ty::I32, BinOp::Gt, n, Op::I32(1))
            }
            "omp_get_level_" | "omp_get_active_level_" | "omp_in_parallel_" => Op::I32(i32::from(par)),
            "omp_get_num_threads_" => Op::I32(1),
            _ => Op::I32(0),
        }
    }
}

/// A relational operation with a character array operand (`names == 'x'`, `c /= d`).
pub(super) fn char_array_compare(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary(ast::BinOp::Eq | ast::BinOp::Ne | ast::BinOp::Lt | ast::BinOp::Le | ast::BinOp::Gt | ast::BinOp::Ge, x, _) => {
            e.ty.rank() > 0 && x.ty.base() == Some(BaseTy::Character)
        }
        _ => false,
    }
}
