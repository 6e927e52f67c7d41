//! The elemental bit intrinsics of Fortran 2008 (`shiftl`, `shiftr`, `shifta`, `maskl`,
//! `maskr`, `merge_bits`, `dshiftl`, `dshiftr`, `bge`, `bgt`, `ble`, `blt`, `poppar`) and
//! `is_iostat_end`/`is_iostat_eor`, inline on integers of every kind (host and device).
//!
//! An argument of kind `k` is computed on in its IR type `W` (`I32` for kinds 1, 2 and 4,
//! `I64`, `I128`) holding its value sign-extended; results are wrapped to narrow kinds
//! by the caller ([`G::wrap`]). Shifts by `bit_size` or more, undefined in LLVM, are
//! guarded so that every result is the standard's.

use super::*;

/// The constant `v` in integer type `w`.
fn cst(w: Ty, v: i128) -> Op {
    match w {
        Ty::I64 => Op::I64(v as i64),
        Ty::I128 => Op::I128(v),
        _ => Op::I32(v as i32),
    }
}

/// The work type and width in bits of an integer kind.
fn work(kind: u8) -> (Ty, i128) {
    let w = match kind {
        8 => Ty::I64,
        16 => Ty::I128,
        _ => Ty::I32,
    };
    (w, 8 * i128::from(kind))
}

fn int_kind(e: &Expr) -> u8 {
    match e.ty.base() {
        Some(BaseTy::Integer(k)) => k,
        _ => 4,
    }
}

impl G<'_> {
    /// `v` (an integer of kind `kind`) zero-extended from its `8 * kind` bits into type `w`.
    fn zext_bits(&mut self, v: Op, kind: u8, w: Ty) -> Op {
        let v = self.conv(v, w);
        let bits = 8 * u32::from(kind);
        if bits >= 8 * w.size() as u32 {
            return v;
        }
        self.val(w, Rv::Binary(BinOp::And, v, cst(w, (1i128 << bits) - 1)))
    }

    /// `a << n` in type `w`, 0 unless `0 <= n < bits`.
    fn shl_guarded(&mut self, w: Ty, a: Op, n: Op, bits: i128) -> Op {
        self.shift_guarded(w, BinOp::Shl, a, n, bits)
    }

    /// `a >> n` (logical) in type `w`, 0 unless `0 <= n < bits`.
    fn lshr_guarded(&mut self, w: Ty, a: Op, n: Op, bits: i128) -> Op {
        self.shift_guarded(w, BinOp::LShr, a, n, bits)
    }

    fn shift_guarded(&mut self, w: Ty, op: BinOp, a: Op, n: Op, bits: i128) -> Op {
        let out = self.tmp(w);
        self.emit(Stmt::Assign(out, Rv::Use(cst(w, 0))));
        let ge0 = self.val(Ty::I32, Rv::Binary(BinOp::Ge, n.clone(), cst(w, 0)));
        let lt = self.val(Ty::I32, Rv::Binary(BinOp::Lt, n.clone(), cst(w, bits)));
        let ok = self.val(Ty::I32, Rv::Binary(BinOp::And, ge0, lt));
        let sh = self.tmp(w);
        self.emit(Stmt::If {
            cond: ok,
            then_body: vec![Stmt::Assign(sh, Rv::Binary(op, a, n)), Stmt::Assign(out, Rv::Use(Op::Var(sh)))],
            else_body: vec![],
        });
        Op::Var(out)
    }

    /// The bit intrinsics (argument forms in `sema/bit_intrinsics.rs`).
    pub(super) fn bit_intrinsic(&mut self, e: &Expr, func: Intrinsic, args: &[Expr], idx: &[Op]) -> Op {
        use Intrinsic as I;
        let rt = self.expr_ty(e);
        let ops: Vec<Op> = args.iter().map(|a| self.expr_at(a, idx)).collect();
        let kinds: Vec<u8> = args.iter().map(int_kind).collect();
        let k0 = kinds.first().copied().unwrap_or(4);
        let (w, bits) = work(k0);
        let arg = |g: &mut Self, i: usize| -> Op {
            let v = ops.get(i).cloned().unwrap_or(Op::I32(0));
            g.conv(v, w)
        };
        match func {
            I::Shiftl => {
                let (a, n) = (arg(self, 0), arg(self, 1));
                self.shl_guarded(w, a, n, bits)
            }
            I::Shiftr => {
                let a = arg(self, 0);
                let a = self.zext_bits(a, k0, w);
                let n = arg(self, 1);
                self.lshr_guarded(w, a, n, bits)
            }
            I::Shifta => {
                // Arithmetic: shifts of `bits - 1` or more give the sign, as
                // `(a ^ m) >> n ^ m` with `m` all sign bits.
                let a = arg(self, 0);
                let n = arg(self, 1);
                let n = self.val(w, Rv::Binary(BinOp::Min, n, cst(w, bits - 1)));
                let neg = self.val(Ty::I32, Rv::Binary(BinOp::Lt, a.clone(), cst(w, 0)));
                let neg = self.conv(neg, w);
                let m = self.val(w, Rv::Binary(BinOp::Sub, cst(w, 0), neg));
                let x = self.val(w, Rv::Binary(BinOp::Xor, a, m.clone()));
                let s = self.lshr_guarded(w, x, n, bits);
                self.val(w, Rv::Binary(BinOp::Xor, s, m))
            }
            I::Maskl | I::Maskr => {
                let rk = match e.ty.base() {
                    Some(BaseTy::Integer(k)) => k,
                    _ => 4,
                };
                let (rw, rbits) = work(rk);
                let i = ops.first().cloned().unwrap_or(Op::I32(0));
                let i = self.conv(i, rw);
                if func == I::Maskl {
                    let sh = self.val(rw, Rv::Binary(BinOp::Sub, cst(rw, rbits), i));
                    self.shl_guarded(rw, cst(rw, -1), sh, rbits)
                } else {
                    // (1 << i) - 1, all ones for `i == bits`.
                    let p = self.shl_guarded(rw, cst(rw, 1), i, rbits);
                    self.val(rw, Rv::Binary(BinOp::Sub, p, cst(rw, 1)))
                }
            }
            I::MergeBits => {
                let (i, j, m) = (arg(self, 0), arg(self, 1), arg(self, 2));
                let a = self.val(w, Rv::Binary(BinOp::And, i, m.clone()));
                let nm = self.val(w, Rv::Unary(ir::UnOp::BitNot, m));
                let b = self.val(w, Rv::Binary(BinOp::And, j, nm));
                self.val(w, Rv::Binary(BinOp::Or, a, b))
            }
            I::Dshiftl | I::Dshiftr => {
                let (i, j, n) = (arg(self, 0), arg(self, 1), arg(self, 2));
                let j = self.zext_bits(j, k0, w);
                let rest = self.val(w, Rv::Binary(BinOp::Sub, cst(w, bits), n.clone()));
                let (nl, nr) = if func == I::Dshiftl { (n, rest) } else { (rest, n) };
                let l = self.shl_guarded(w, i, nl, bits);
                let r = self.lshr_guarded(w, j, nr, bits);
                self.val(w, Rv::Binary(BinOp::Or, l, r))
            }
            I::Bge | I::Bgt | I::Ble | I::Blt => {
                // Unsigned comparison of both zero-extended to the wider kind: signed after
                // flipping the sign bits.
                let k1 = kinds.get(1).copied().unwrap_or(4);
                let (cw, _) = work(k0.max(k1));
                let flip = match cw {
                    Ty::I64 => Op::I64(i64::MIN),
                    Ty::I128 => Op::I128(i128::MIN),
                    _ => Op::I32(i32::MIN),
                };
                let mut vals = Vec::new();
                for (i, k) in [(0, k0), (1, k1)] {
                    let v = ops.get(i).cloned().unwrap_or(Op::I32(0));
                    let v = self.zext_bits(v, k, cw);
                    vals.push(self.val(cw, Rv::Binary(BinOp::Xor, v, flip.clone())));
                }
                let op = match func {
                    I::Bge => BinOp::Ge,
                    I::Bgt => BinOp::Gt,
                    I::Ble => BinOp::Le,
                    _ => BinOp::Lt,
                };
                let (x, y) = (vals.remove(0), vals.remove(0));
                self.val(Ty::I32, Rv::Binary(op, x, y))
            }
            I::Poppar => {
                let a = arg(self, 0);
                let a = self.zext_bits(a, k0, w);
                let p = self.val(w, Rv::Math(MathFn::Popcnt, vec![a]));
                let p = self.val(w, Rv::Binary(BinOp::And, p, cst(w, 1)));
                self.conv(p, rt)
            }
            I::IsIostatEnd | I::IsIostatEor => {
                let a = arg(self, 0);
                let code = if func == I::IsIostatEnd { -1 } else { -2 };
                self.val(Ty::I32, Rv::Binary(BinOp::Eq, a, cst(w, code)))
            }
            _ => zero_of(rt),
        }
    }

    /// `mvbits(from, frompos, len, to, topos)`: `len` bits of `from` from `frompos` on put
    /// into `to` from `topos` on, elemental over `to`'s shape.
    pub(super) fn mvbits(&mut self, args: &[Option<Expr>]) {
        let arg = |i: usize| args.get(i).and_then(Option::as_ref);
        let (Some(from), Some(fp), Some(len), Some(to), Some(tp)) = (arg(0), arg(1), arg(2), arg(3), arg(4)) else { return };
        // Array constructors among the arguments: evaluated into temporaries first.
        let mark = self.mat_frees.len();
        for a in args.iter().flatten() {
            self.materialize_rec(a);
        }
        let k = int_kind(to);
        let (w, bits) = work(k);
        let one = |g: &mut Self, idx: &[Op]| -> Op {
            let mut at = |e: &Expr| {
                let v = g.expr_at(e, idx);
                g.conv(v, w)
            };
            let (f, p, n, cur, t) = (at(from), at(fp), at(len), at(to), at(tp));
            let f = g.zext_bits(f, k, w);
            // maskr(len): all ones for `len == bit_size`.
            let p1 = g.shl_guarded(w, cst(w, 1), n.clone(), bits);
            let m = g.val(w, Rv::Binary(BinOp::Sub, p1, cst(w, 1)));
            let full = g.val(Ty::I32, Rv::Binary(BinOp::Ge, n, cst(w, bits)));
            let mask = g.tmp(w);
            g.emit(Stmt::Assign(mask, Rv::Use(m)));
            g.emit(Stmt::If { cond: full, then_body: vec![Stmt::Assign(mask, Rv::Use(cst(w, -1)))], else_body: vec![] });
            let field = g.lshr_guarded(w, f, p, bits);
            let field = g.val(w, Rv::Binary(BinOp::And, field, Op::Var(mask)));
            let put = g.shl_guarded(w, field, t.clone(), bits);
            let hole = g.shl_guarded(w, Op::Var(mask), t, bits);
            let keep = g.val(w, Rv::Unary(ir::UnOp::BitNot, hole));
            let kept = g.val(w, Rv::Binary(BinOp::And, cur, keep));
            g.val(w, Rv::Binary(BinOp::Or, kept, put))
        };
        if to.ty.rank() > 0 {
            let shape = self.shape(to);
            self.scalarise(&shape, &mut |g, idx| {
                let v = one(g, idx);
                g.store_elem(to, idx, v);
            });
        } else {
            let v = one(self, &[]);
            self.store_to(to, v);
        }
        self.free_mats(mark);
    }

    /// `popcnt`, `leadz`, `trailz`, `btest`, `ibset`, `ibclr`, `ibits`, `ishft` and `ishftc` of an
    /// `integer(16)` argument, in `I128`.
    pub(super) fn int16_bits(&mut self, e: &Expr, func: Intrinsic, args: &[Expr], idx: &[Op]) -> Op {
        use Intrinsic as I;
        let rt = self.expr_ty(e);
        let w = Ty::I128;
        let mut ops: Vec<Op> = Vec::new();
        for a in args {
            let v = self.expr_at(a, idx);
            ops.push(self.conv(v, w));
        }
        let arg = |i: usize| ops.get(i).cloned().unwrap_or(Op::I128(0));
        match func {
            I::Popcnt | I::Leadz | I::Trailz => {
                let m = match func {
                    I::Popcnt => MathFn::Popcnt,
                    I::Leadz => MathFn::Leadz,
                    _ => MathFn::Trailz,
                };
                let r = self.val(w, Rv::Math(m, vec![arg(0)]));
                self.conv(r, rt)
            }
            I::Btest => {
                let b = self.lshr_guarded(w, arg(0), arg(1), 128);
                let b = self.val(w, Rv::Binary(BinOp::And, b, Op::I128(1)));
                self.val(Ty::I32, Rv::Binary(BinOp::Ne, b, Op::I128(0)))
            }
            I::Ibset => {
                let bit = self.shl_guarded(w, Op::I128(1), arg(1), 128);
                self.val(w, Rv::Binary(BinOp::Or, arg(0), bit))
            }
            I::Ibclr => {
                let bit = self.shl_guarded(w, Op::I128(1), arg(1), 128);
                let nb = self.val(w, Rv::Unary(ir::UnOp::BitNot, bit));
                self.val(w, Rv::Binary(BinOp::And, arg(0), nb))
            }
            I::Ibits => {
                let f = self.lshr_guarded(w, arg(0), arg(1), 128);
                let p = self.shl_guarded(w, Op::I128(1), arg(2), 128);
                let m = self.val(w, Rv::Binary(BinOp::Sub, p, Op::I128(1)));
                let full = self.val(Ty::I32, Rv::Binary(BinOp::Ge, arg(2), Op::I128(128)));
                let mask = self.tmp(w);
                self.emit(Stmt::Assign(mask, Rv::Use(m)));
                self.emit(Stmt::If { cond: full, then_body: vec![Stmt::Assign(mask, Rv::Use(Op::I128(-1)))], else_body: vec![] });
                self.val(w, Rv::Binary(BinOp::And, f, Op::Var(mask)))
            }
            I::Ishftc => {
                // Rotate the rightmost `size` bits by `modulo(shift, size)`.
                let a = arg(0);
                let size = if args.len() > 2 { arg(2) } else { Op::I128(128) };
                let out = self.tmp(w);
                self.emit(Stmt::Assign(out, Rv::Use(a.clone())));
                let ok = self.val(Ty::I32, Rv::Binary(BinOp::Gt, size.clone(), Op::I128(0)));
                self.push_block();
                let r = self.val(w, Rv::Binary(BinOp::Rem, arg(1), size.clone()));
                let r = self.val(w, Rv::Binary(BinOp::Add, r, size.clone()));
                let s = self.val(w, Rv::Binary(BinOp::Rem, r, size.clone()));
                let p = self.shl_guarded(w, Op::I128(1), size.clone(), 128);
                let m = self.val(w, Rv::Binary(BinOp::Sub, p, Op::I128(1)));
                let full = self.val(Ty::I32, Rv::Binary(BinOp::Ge, size.clone(), Op::I128(128)));
                let mask = self.tmp(w);
                self.emit(Stmt::Assign(mask, Rv::Use(m)));
                self.emit(Stmt::If { cond: full, then_body: vec![Stmt::Assign(mask, Rv::Use(Op::I128(-1)))], else_body: vec![] });
                let field = self.val(w, Rv::Binary(BinOp::And, a.clone(), Op::Var(mask)));
                let nmask = self.val(w, Rv::Unary(ir::UnOp::BitNot, Op::Var(mask)));
                let rest = self.val(w, Rv::Binary(BinOp::And, a, nmask));
                let l = self.shl_guarded(w, field.clone(), s.clone(), 128);
                let back = self.val(w, Rv::Binary(BinOp::Sub, size, s));
                let rr = self.lshr_guarded(w, field, back, 128);
                let rot = self.val(w, Rv::Binary(BinOp::Or, l, rr));
                let rot = self.val(w, Rv::Binary(BinOp::And, rot, Op::Var(mask)));
                self.emit(Stmt::Assign(out, Rv::Binary(BinOp::Or, rest, rot)));
                let body = self.pop_block();
                self.emit(Stmt::If { cond: ok, then_body: body, else_body: vec![] });
                Op::Var(out)
            }
            I::Ishft => {
                let s = arg(1);
                let l = self.shl_guarded(w, arg(0), s.clone(), 128);
                let ns = self.val(w, Rv::Unary(ir::UnOp::Neg, s.clone()));
                let r = self.lshr_guarded(w, arg(0), ns, 128);
                let neg = self.val(Ty::I32, Rv::Binary(BinOp::Lt, s, Op::I128(0)));
                let out = self.tmp(w);
                self.emit(Stmt::If {
                    cond: neg,
                    then_body: vec![Stmt::Assign(out, Rv::Use(r))],
                    else_body: vec![Stmt::Assign(out, Rv::Use(l))],
                });
                Op::Var(out)
            }
            _ => zero_of(rt),
        }
    }
}
