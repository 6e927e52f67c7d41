//! The transformational array intrinsics (argument order in the front end's
//! `sema/transform.rs`). Most are index maps evaluated element by element like the rest
//! of gimplify's scalarised expressions (`transpose`, `reshape`, `spread`, `cshift`,
//! `eoshift`; `matmul` sums along the inner dimension); `pack` and `unpack` are evaluated
//! into temporaries first (see [`G::materialize`]), as array constructors are.

use super::*;

impl G<'_> {
    /// The literal `dim` of `spread`, `cshift`, `eoshift` (zero-based).
    fn lit_dim(e: Option<&Expr>) -> usize {
        match e.map(|x| &x.kind) {
            Some(ExprKind::Int(v, _)) => (*v as usize).saturating_sub(1),
            _ => 0,
        }
    }

    pub(super) fn product(&mut self, v: &[Op]) -> Op {
        let mut n = Op::I64(1);
        for x in v {
            n = self.bin(Ty::I64, BinOp::Mul, n, x.clone());
        }
        n
    }

    /// The extents of the result.
    pub(super) fn transform_shape(&mut self, e: &Expr, func: Intrinsic, args: &[Expr]) -> Vec<Op> {
        use Intrinsic as I;
        let Some(a) = args.first() else { return Vec::new() };
        match func {
            I::Matmul => {
                let sa = self.shape(a);
                let sb = match args.get(1) {
                    Some(b) => self.shape(b),
                    None => Vec::new(),
                };
                match (sa.len(), sb.len()) {
                    (2, 2) => vec![sa[0].clone(), sb[1].clone()],
                    (1, 2) => vec![sb[1].clone()],
                    (2, 1) => vec![sa[0].clone()],
                    _ => Vec::new(),
                }
            }
            I::Transpose => {
                let mut s = self.shape(a);
                s.reverse();
                s
            }
            I::Reshape => {
                let Some(sh) = args.get(1) else { return Vec::new() };
                (0..e.ty.rank() as i64)
                    .map(|k| {
                        let v = self.expr_at(sh, &[Op::I64(k)]);
                        let v = self.conv(v, Ty::I64);
                        self.val(Ty::I64, Rv::Binary(BinOp::Max, v, Op::I64(0)))
                    })
                    .collect()
            }
            I::Spread => {
                let d = Self::lit_dim(args.get(1));
                let mut s = self.shape(a);
                let n = self.int_arg(args.get(2), 0);
                let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0)));
                s.insert(d.min(s.len()), n);
                s
            }
            I::Pack => match self.mats.get(&(e as *const Expr as usize)) {
                Some((_, n)) => vec![n.clone()],
                None => vec![Op::I64(0)],
            },
            I::Unpack => match args.get(1) {
                Some(m) => self.shape(m),
                None => Vec::new(),
            },
            _ => self.shape(a),
        }
    }

    /// The element at zero-based position `idx` of the result.
    pub(super) fn transform_at(&mut self, e: &Expr, func: Intrinsic, args: &[Expr], idx: &[Op]) -> Op {
        use Intrinsic as I;
        let rt = self.expr_ty(e);
        let Some(a) = args.first() else { return zero_of(rt) };
        let at = |k: usize| idx.get(k).cloned().unwrap_or(Op::I64(0));
        match func {
            I::Matmul => {
                let Some(b) = args.get(1) else { return zero_of(rt) };
                let (ra, rb) = (a.ty.rank(), b.ty.rank());
                let sa = self.shape(a);
                let inner = if ra == 2 { sa.get(1) } else { sa.first() }.cloned().unwrap_or(Op::I64(0));
                let acc = self.tmp(rt);
                self.emit(Stmt::Assign(acc, Rv::Use(zero_of(rt))));
                let (i0, i1) = (at(0), at(1));
                self.scalarise(&[inner], &mut |g, k| {
                    let k = k.first().cloned().unwrap_or(Op::I64(0));
                    let ia = if ra == 2 { vec![i0.clone(), k.clone()] } else { vec![k.clone()] };
                    let ib = match (ra, rb) {
                        (2, 2) => vec![k.clone(), i1.clone()],
                        (_, 2) => vec![k.clone(), i0.clone()],
                        _ => vec![k.clone()],
                    };
                    let x = g.expr_at(a, &ia);
                    let x = g.conv(x, rt);
                    let y = g.expr_at(b, &ib);
                    let y = g.conv(y, rt);
                    let p = g.val(rt, Rv::Binary(BinOp::Mul, x, y));
                    g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::Add, Op::Var(acc), p)));
                });
                Op::Var(acc)
            }
            I::Transpose => {
                let v = self.expr_at(a, &[at(1), at(0)]);
                self.conv(v, rt)
            }
            I::Reshape => {
                // Position in array element order, then the source's (or pad's) element.
                let rs = self.transform_shape(e, func, args);
                // The dimensions in the order the source fills them (`order=`).
                let perm: Vec<usize> = match args.get(3).map(|o| &o.kind) {
                    Some(ExprKind::ArrayCtor(items)) => items
                        .iter()
                        .map(|it| match it {
                            CtorItem::Expr(Expr { kind: ExprKind::Int(v, _), .. }) => (*v as usize).saturating_sub(1),
                            _ => 0,
                        })
                        .collect(),
                    _ => (0..rs.len()).collect(),
                };
                let mut lin = Op::I64(0);
                let mut stride = Op::I64(1);
                for &k in &perm {
                    let Some(n) = rs.get(k) else { continue };
                    let t = self.bin(Ty::I64, BinOp::Mul, at(k), stride.clone());
                    lin = self.bin(Ty::I64, BinOp::Add, lin, t);
                    stride = self.bin(Ty::I64, BinOp::Mul, stride, n.clone());
                }
                let elem = |g: &mut Self, x: &Expr, l: Op| -> Op {
                    let sh = g.shape(x);
                    let mut ix = Vec::new();
                    let mut st = Op::I64(1);
                    for (k, n) in sh.iter().enumerate() {
                        let q = g.bin(Ty::I64, BinOp::Div, l.clone(), st.clone());
                        ix.push(if k + 1 < sh.len() { g.bin(Ty::I64, BinOp::Rem, q, n.clone()) } else { q });
                        st = g.bin(Ty::I64, BinOp::Mul, st, n.clone());
                    }
                    let v = g.expr_at(x, &ix);
                    g.conv(v, rt)
                };
                let Some(pad) = args.get(2).filter(|p| p.ty.rank() > 0) else { return elem(self, a, lin) };
                let ss = self.shape(a);
                let nsrc = self.product(&ss);
                let out = self.tmp(rt);
                let inside = self.bin(Ty::I32, BinOp::Lt, lin.clone(), nsrc.clone());
                self.push_block();
                let v = elem(self, a, lin.clone());
                self.emit(Stmt::Assign(out, Rv::Use(v)));
                let then_body = self.pop_block();
                self.push_block();
                let sp = self.shape(pad);
                let npad = self.product(&sp);
                let npad = self.bin(Ty::I64, BinOp::Max, npad, Op::I64(1));
                let over = self.bin(Ty::I64, BinOp::Sub, lin, nsrc);
                let q = self.bin(Ty::I64, BinOp::Rem, over, npad);
                let v = elem(self, pad, q);
                self.emit(Stmt::Assign(out, Rv::Use(v)));
                let else_body = self.pop_block();
                self.emit(Stmt::If { cond: inside, then_body, else_body });
                Op::Var(out)
            }
            I::Spread => {
                let d = Self::lit_dim(args.get(1));
                let mut ix: Vec<Op> = idx.to_vec();
                if d < ix.len() {
                    ix.remove(d);
                }
                let v = if a.ty.rank() == 0 { self.expr(a) } else { self.expr_at(a, &ix) };
                self.conv(v, rt)
            }
            I::Cshift | I::Eoshift => {
                let d = Self::lit_dim(args.get(2));
                let sa = self.shape(a);
                let n = sa.get(d).cloned().unwrap_or(Op::I64(0));
                let s = match args.get(1) {
                    Some(sh) if sh.ty.rank() > 0 => {
                        let mut other: Vec<Op> = idx.to_vec();
                        if d < other.len() {
                            other.remove(d);
                        }
                        let v = self.expr_at(sh, &other);
                        self.conv(v, Ty::I64)
                    }
                    sh => self.int_arg(sh, 0),
                };
                let j = self.bin(Ty::I64, BinOp::Add, at(d), s);
                let mut ix: Vec<Op> = idx.to_vec();
                if func == I::Cshift {
                    let t = self.bin(Ty::I64, BinOp::Rem, j, n.clone());
                    let t = self.bin(Ty::I64, BinOp::Add, t, n.clone());
                    let t = self.bin(Ty::I64, BinOp::Rem, t, n);
                    if let Some(x) = ix.get_mut(d) {
                        *x = t;
                    }
                    let v = self.expr_at(a, &ix);
                    return self.conv(v, rt);
                }
                let ge = self.bin(Ty::I32, BinOp::Ge, j.clone(), Op::I64(0));
                let lt = self.bin(Ty::I32, BinOp::Lt, j.clone(), n);
                let inside = self.bin(Ty::I32, BinOp::And, ge, lt);
                if let Some(x) = ix.get_mut(d) {
                    *x = j;
                }
                let out = self.tmp(rt);
                self.push_block();
                let v = self.expr_at(a, &ix);
                let v = self.conv(v, rt);
                self.emit(Stmt::Assign(out, Rv::Use(v)));
                let then_body = self.pop_block();
                self.push_block();
                let v = match args.get(3) {
                    Some(b) => {
                        let v = self.expr(b);
                        self.conv(v, rt)
                    }
                    None => zero_of(rt),
                };
                self.emit(Stmt::Assign(out, Rv::Use(v)));
                let else_body = self.pop_block();
                self.emit(Stmt::If { cond: inside, then_body, else_body });
                Op::Var(out)
            }
            I::Pack | I::Unpack => {
                let Some((buf, _)) = self.mats.get(&(e as *const Expr as usize)).cloned() else {
                    self.not_yet(format!("`{}` here", if func == I::Pack { "pack" } else { "unpack" }), e.span);
                    return zero_of(rt);
                };
                let shape = self.transform_shape(e, func, args);
                let p = self.lin_addr(&buf, idx, &shape, rt.size());
                self.val(rt, Rv::Load(rt, p))
            }
            _ => zero_of(rt),
        }
    }

    /// Evaluates `pack` and `unpack` into a temporary (freed after the statement).
    pub(super) fn materialize_transform(&mut self, e: &Expr, func: Intrinsic, args: &[Expr]) {
        let t = self.expr_ty(e);
        let (Some(first), Some(mask)) = (args.first(), args.get(1)) else { return };
        let pos = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
        let put = |g: &mut Self, buf: &Op, k: Op, v: Op| {
            let off = g.bin(Ty::I64, BinOp::Mul, k, Op::I64(t.size()));
            let a = g.val(Ty::Ptr, Rv::PtrAdd(buf.clone(), off));
            g.emit(Stmt::Store(t, a, v));
        };
        if func == Intrinsic::Pack {
            let sa = self.shape(first);
            let na = self.product(&sa);
            let vector = args.get(2);
            let nv = match vector {
                Some(v) => {
                    let sv = self.shape(v);
                    self.product(&sv)
                }
                None => Op::I64(0),
            };
            let cap = self.bin(Ty::I64, BinOp::Max, na, nv.clone());
            let cap = self.bin(Ty::I64, BinOp::Max, cap, Op::I64(1));
            let bytes = self.bin(Ty::I64, BinOp::Mul, cap, Op::I64(t.size()));
            let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
            let b2 = buf.clone();
            self.scalarise(&sa, &mut |g, idx| {
                let m = g.expr_at(mask, idx);
                g.push_block();
                let v = g.expr_at(first, idx);
                let v = g.conv(v, t);
                put(g, &b2, Op::Var(pos), v);
                g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
                let then_body = g.pop_block();
                g.emit(Stmt::If { cond: m, then_body, else_body: vec![] });
            });
            let len = match vector {
                Some(v) => {
                    // The rest of the result comes from `vector`.
                    let last = self.bin(Ty::I64, BinOp::Sub, nv.clone(), Op::I64(1));
                    let k = self.tmp(Ty::I64);
                    let id = self.f.new_loop();
                    self.push_block();
                    let x = self.expr_at(v, &[Op::Var(k)]);
                    let x = self.conv(x, t);
                    put(self, &buf, Op::Var(k), x);
                    let body = self.pop_block();
                    self.emit(Stmt::Loop { id, var: k, lo: Op::Var(pos), hi: last, step: Op::I64(1), body, part: None });
                    nv
                }
                None => Op::Var(pos),
            };
            self.mats.insert(e as *const Expr as usize, (buf.clone(), len));
            self.mat_frees.push(buf);
            return;
        }
        // unpack(vector, mask, field)
        let field = args.get(2);
        let sm = self.shape(mask);
        let n = self.product(&sm);
        let n1 = self.bin(Ty::I64, BinOp::Max, n.clone(), Op::I64(1));
        let bytes = self.bin(Ty::I64, BinOp::Mul, n1, Op::I64(t.size()));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        let b2 = buf.clone();
        let sm2 = sm.clone();
        self.scalarise(&sm, &mut |g, idx| {
            let m = g.expr_at(mask, idx);
            let out = g.tmp(t);
            g.push_block();
            let v = g.expr_at(first, &[Op::Var(pos)]);
            let v = g.conv(v, t);
            g.emit(Stmt::Assign(out, Rv::Use(v)));
            g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
            let then_body = g.pop_block();
            g.push_block();
            let v = match field {
                Some(f) => g.expr_at(f, idx),
                None => zero_of(t),
            };
            let v = g.conv(v, t);
            g.emit(Stmt::Assign(out, Rv::Use(v)));
            let else_body = g.pop_block();
            g.emit(Stmt::If { cond: m, then_body, else_body });
            let a = g.lin_addr(&b2, idx, &sm2, t.size());
            g.emit(Stmt::Store(t, a, Op::Var(out)));
        });
        self.mats.insert(e as *const Expr as usize, (buf.clone(), n));
        self.mat_frees.push(buf);
    }

    /// `transfer(source, mold [, size])` with an array source or result: the source's bytes
    /// in a zeroed block (as large as the result when that is larger), the result's
    /// elements read from it (`transfer_at`); its length `size`, or as many elements of
    /// `mold`'s type as the source's bytes fill (rounded up) for an array `mold`, or 1.
    pub(super) fn materialize_transfer(&mut self, e: &Expr, args: &[Expr]) {
        let (Some(s), Some(m)) = (args.first(), args.get(1)) else { return };
        let (Some(sb), Some(mb)) = (s.ty.base(), m.ty.base()) else { return };
        // Element sizes: a character mold's is its length.
        let ms = if mb == BaseTy::Character { self.char_len_of(m) } else { Op::I64(self.elem_size(mb)) };
        let char_array = sb == BaseTy::Character && s.ty.rank() > 0;
        let (shape, sbytes, chars) = if char_array {
            let total = self.tmp(Ty::I64);
            self.emit(Stmt::Assign(total, Rv::Use(Op::I64(0))));
            self.char_items(s, &mut |g, _, n| {
                let n = g.conv(n, Ty::I64);
                g.emit(Stmt::Assign(total, Rv::Binary(BinOp::Add, Op::Var(total), n)));
            });
            (Vec::new(), Op::Var(total), None)
        } else if sb == BaseTy::Character {
            let (p, n) = self.str_expr(s);
            let n = self.conv(n, Ty::I64);
            (Vec::new(), n.clone(), Some((p, n)))
        } else {
            let shape = self.shape(s);
            let ns = self.product(&shape);
            (shape, self.bin(Ty::I64, BinOp::Mul, ns, Op::I64(self.elem_size(sb))), None)
        };
        let n = match args.get(2) {
            Some(z) => {
                let v = self.expr(z);
                let v = self.conv(v, Ty::I64);
                self.val(Ty::I64, Rv::Binary(BinOp::Max, v, Op::I64(0)))
            }
            None if e.ty.rank() > 0 => {
                let m1 = self.bin(Ty::I64, BinOp::Max, ms.clone(), Op::I64(1));
                let t = self.bin(Ty::I64, BinOp::Add, sbytes.clone(), m1.clone());
                let t = self.bin(Ty::I64, BinOp::Sub, t, Op::I64(1));
                self.bin(Ty::I64, BinOp::Div, t, m1)
            }
            None => Op::I64(1),
        };
        let rbytes = self.bin(Ty::I64, BinOp::Mul, n.clone(), ms);
        let bytes = self.val(Ty::I64, Rv::Binary(BinOp::Max, rbytes, sbytes));
        let bytes = self.val(Ty::I64, Rv::Binary(BinOp::Max, bytes, Op::I64(16)));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        if let Some((p, len)) = chars {
            self.emit(Stmt::Call("gpuf_str_copy".into(), vec![buf.clone(), len.clone(), p, len]));
        } else if char_array {
            let pos = self.tmp(Ty::I64);
            self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
            let b2 = buf.clone();
            self.char_items(s, &mut |g, a, n| {
                let n = g.conv(n, Ty::I64);
                let dst = g.val(Ty::Ptr, Rv::PtrAdd(b2.clone(), Op::Var(pos)));
                g.emit(Stmt::Call("gpuf_str_copy".into(), vec![dst, n.clone(), a, n.clone()]));
                g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), n)));
            });
        } else {
            let es = self.elem_size(sb);
            let pos = self.tmp(Ty::I64);
            self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
            let b2 = buf.clone();
            let part = complex::part_ty(sb);
            self.scalarise(&shape, &mut |g, idx| {
                let a = g.val(Ty::Ptr, Rv::PtrAdd(b2.clone(), Op::Var(pos)));
                if let Some(pt) = part {
                    let c = g.cexpr_at(s, idx, pt);
                    g.cstore(pt, a, c);
                } else if let BaseTy::Derived(_) = sb {
                    let v = g.expr_at(s, idx);
                    g.store_bytes_as(sb, a, v);
                } else {
                    let v = g.expr_at(s, idx);
                    let v = g.conv(v, ir_ty(sb));
                    g.store_as(sb, a, v);
                }
                g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(es))));
            });
        }
        self.mats.insert(e as *const Expr as usize, (buf.clone(), n));
        self.mat_frees.push(buf);
    }

    /// Element `idx[0]` (zero-based; the only one of a scalar result) of a materialised
    /// `transfer`.
    pub(super) fn transfer_at(&mut self, e: &Expr, args: &[Expr], idx: &[Op]) -> Op {
        let Some(mb) = args.get(1).and_then(|m| m.ty.base()) else { return Op::I32(0) };
        let Some((buf, _)) = self.mats.get(&(e as *const Expr as usize)).cloned() else { return Op::I32(0) };
        let k = if e.ty.rank() > 0 { idx.first().cloned().unwrap_or(Op::I64(0)) } else { Op::I64(0) };
        let off = self.bin(Ty::I64, BinOp::Mul, k, Op::I64(self.elem_size(mb)));
        let a = self.val(Ty::Ptr, Rv::PtrAdd(buf, off));
        self.load_bytes_as(mb, a)
    }

    /// The length of a character `transfer` mold: a scalar's, or an array's elements'.
    pub(super) fn char_len_of(&mut self, m: &Expr) -> Op {
        if m.ty.rank() == 0 {
            let n = self.str_expr(m).1;
            return self.conv(n, Ty::I64);
        }
        let t = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(t, Rv::Use(Op::I64(0))));
        self.char_items(m, &mut |g, _, n| {
            let n = g.conv(n, Ty::I64);
            g.emit(Stmt::Assign(t, Rv::Use(n)));
        });
        Op::Var(t)
    }

    /// Stores a value of base type `b` at `a` for `transfer`: a structure (`v` its address)
    /// as its bytes.
    pub(super) fn store_bytes_as(&mut self, b: BaseTy, a: Op, v: Op) {
        match b {
            BaseTy::Derived(k) => {
                let n = Op::I64(self.type_size(k));
                let _ = self.val(Ty::Ptr, Rv::Call("memcpy".into(), vec![a, v, n], Ty::Ptr));
            }
            _ => self.store_as(b, a, v),
        }
    }

    /// The value of base type `b` in the bytes at `a` for `transfer`: a structure's is their
    /// address.
    pub(super) fn load_bytes_as(&mut self, b: BaseTy, a: Op) -> Op {
        match b {
            BaseTy::Derived(_) => a,
            _ => self.load_as(b, a),
        }
    }
}
