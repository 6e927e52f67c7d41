//! BOZ literal constants with Fortran 2008's rules as gfortran 12 applies them: a BOZ
//! constant is a string of bits that becomes a typed literal where it is allowed (an
//! argument of `int`, `real`, `dble`, `cmplx`: the bits as a value of the result's kind; an
//! argument of a bit intrinsic taking two integers: an integer of the other one's kind; a
//! `data` value for an integer variable), and an error anywhere else.

use super::*;

/// The integer of kind `k` whose bits are the low `8 k` bits of `v`.
pub(super) fn boz_int(v: u128, k: u8) -> i128 {
    let bits = 8 * u32::from(k).clamp(1, 16);
    if bits >= 128 {
        return v as i128;
    }
    let shift = 128 - bits;
    ((v << shift) as i128) >> shift
}

/// The integer literal of kind `k` for the BOZ value `v`.
pub(super) fn boz_int_literal(v: u128, k: u8) -> ExprKind {
    let i = boz_int(v, k);
    match i64::try_from(i) {
        Ok(i) => ExprKind::Int(i, k),
        Err(_) => ExprKind::Int128(i),
    }
}

/// The real literal of kind `k` (4, 8 or 16) whose bits are the low bits of `v`; `None` for
/// a `real(16)` infinity or NaN.
pub(super) fn boz_real_literal(v: u128, k: u8) -> Option<ExprKind> {
    Some(match k {
        4 => ExprKind::Real(f64::from(f32::from_bits(v as u32)), 4),
        8 => ExprKind::Real(f64::from_bits(v as u64), 8),
        _ => {
            let neg = v >> 127 != 0;
            let e = ((v >> 112) & 0x7fff) as i64;
            let m = v & ((1u128 << 112) - 1);
            if e == 0x7fff {
                return None;
            }
            let (m, p) = if e == 0 { (m, 1 - 16383 - 112) } else { (m | (1u128 << 112), e - 16383 - 112) };
            ExprKind::Quad(format!("{}0x{m:x}p{p}", if neg { "-" } else { "" }))
        }
    })
}

/// The index in `args` of each of `params` (positional or by keyword).
fn slots(args: &[Arg], params: &[&str]) -> Vec<Option<usize>> {
    let mut out = vec![None; params.len()];
    let mut next = 0;
    for (i, a) in args.iter().enumerate() {
        let p = match a {
            Arg::Index(_) => {
                next += 1;
                Some(next - 1)
            }
            Arg::Keyword(k, _) => params.iter().position(|p| *p == k.name),
            Arg::Range { .. } => None,
        };
        if let Some(slot) = p.and_then(|p| out.get_mut(p)) {
            *slot = Some(i);
        }
    }
    out
}

fn arg_expr(a: &Arg) -> Option<&Expr> {
    match a {
        Arg::Index(e) | Arg::Keyword(_, e) => Some(e),
        Arg::Range { .. } => None,
    }
}

fn arg_expr_mut(a: &mut Arg) -> Option<&mut Expr> {
    match a {
        Arg::Index(e) | Arg::Keyword(_, e) => Some(e),
        Arg::Range { .. } => None,
    }
}

fn boz_of(a: Option<&Arg>) -> Option<u128> {
    match a.and_then(arg_expr).map(|e| &e.kind) {
        Some(ExprKind::Boz(v)) => Some(*v),
        _ => None,
    }
}

impl Checker {
    /// A BOZ literal constant where none is allowed.
    pub(super) fn misplaced_boz(&mut self, span: Span) {
        self.err(
            Diagnostic::error(
                "E0234",
                "a BOZ literal constant is allowed only as a `data` value or an argument of `int`, `real`, `dble`, `cmplx` or a bit intrinsic",
                span,
            )
            .with_label("a typeless BOZ constant here"),
        );
    }

    /// The type `e` has once checked, without keeping the check's diagnostics.
    fn peek_type(&mut self, e: &Expr) -> Ty {
        let n = self.diags.len();
        let mut c = e.clone();
        self.expr(&mut c);
        self.diags.truncate(n);
        c.ty
    }

    /// The constant kind argument at `slot` of `args`, or `default`.
    fn peek_kind(&mut self, args: &[Arg], slot: Option<usize>, default: u8) -> Option<u8> {
        let Some(e) = slot.and_then(|i| args.get(i)).and_then(arg_expr) else { return Some(default) };
        let n = self.diags.len();
        let mut c = e.clone();
        self.expr(&mut c);
        self.diags.truncate(n);
        self.const_int(&c).and_then(|k| u8::try_from(k).ok())
    }

    /// The arguments of the intrinsic `f` with each BOZ literal constant where `f` allows
    /// one turned into a typed literal (others are left to be reported by `expr`).
    pub(super) fn boz_args(&mut self, f: Intrinsic, mut args: Vec<Arg>) -> Vec<Arg> {
        use Intrinsic as I;
        if !args.iter().filter_map(arg_expr).any(|e| matches!(e.kind, ExprKind::Boz(_))) {
            return args;
        }
        let fname = intrinsics::intrinsic_name(f);
        match f {
            I::Int | I::Real | I::Dble => {
                let s = slots(&args, &["a", "kind"]);
                let default = match f {
                    I::Int => crate::dialect::int_kind(),
                    I::Real => crate::dialect::real_kind(),
                    _ => crate::dialect::double_kind(),
                };
                let kind_slot = if f == I::Dble { None } else { s.get(1).copied().flatten() };
                let (Some(a), Some(v)) = (s.first().copied().flatten(), boz_of(s.first().copied().flatten().and_then(|i| args.get(i))))
                else {
                    return args;
                };
                let Some(k) = self.peek_kind(&args, kind_slot, default) else { return args };
                let lit = if f == I::Int {
                    if !matches!(k, 1 | 2 | 4 | 8 | 16) {
                        return args;
                    }
                    Some(boz_int_literal(v, k))
                } else {
                    if !matches!(k, 4 | 8 | 16) {
                        return args;
                    }
                    boz_real_literal(v, k)
                };
                self.put_boz(&mut args, a, lit);
            }
            I::Cmplx => {
                let s = slots(&args, &["x", "y", "kind"]);
                let Some(k) = self.peek_kind(&args, s.get(2).copied().flatten(), crate::dialect::real_kind()) else { return args };
                if !matches!(k, 4 | 8 | 16) {
                    return args;
                }
                for i in s.iter().take(2).copied().flatten() {
                    if let Some(v) = boz_of(args.get(i)) {
                        self.put_boz(&mut args, i, boz_real_literal(v, k));
                    }
                }
            }
            I::Iand | I::Ior | I::Ieor | I::Bge | I::Bgt | I::Ble | I::Blt | I::Dshiftl | I::Dshiftr | I::MergeBits => {
                let params: &[&str] = match f {
                    I::MergeBits => &["i", "j", "mask"],
                    I::Dshiftl | I::Dshiftr => &["i", "j", "shift"],
                    _ => &["i", "j"],
                };
                let s = slots(&args, params);
                let (i, j) = (s.first().copied().flatten(), s.get(1).copied().flatten());
                let (bi, bj) = (boz_of(i.and_then(|x| args.get(x))), boz_of(j.and_then(|x| args.get(x))));
                if bi.is_some() && bj.is_some() {
                    let sp = j.and_then(|x| args.get(x)).and_then(arg_expr).map_or(Span::default(), |e| e.span);
                    self.err(
                        Diagnostic::error(
                            "E0234",
                            format!("the arguments `i` and `j` of `{fname}` cannot both be BOZ literal constants"),
                            sp,
                        )
                        .with_label("one of them must be an integer"),
                    );
                    for x in [i, j].into_iter().flatten() {
                        self.put_boz(&mut args, x, Some(ExprKind::Int(0, 4)));
                    }
                    return args;
                }
                // the kind of the integer among `i` and `j`
                let other = if bi.is_some() { j } else { i };
                let Some(e) = other.and_then(|x| args.get(x)).and_then(arg_expr).cloned() else { return args };
                let Some(BaseTy::Integer(k)) = self.peek_type(&e).base() else { return args };
                for x in s.iter().take(if f == I::MergeBits { 3 } else { 2 }).copied().flatten() {
                    if let Some(v) = boz_of(args.get(x)) {
                        self.put_boz(&mut args, x, Some(boz_int_literal(v, k)));
                    }
                }
            }
            _ => {}
        }
        args
    }

    /// Replaces the BOZ argument `args[i]` by the literal `lit` (`None`: a value gpuf cannot
    /// write as a literal yet).
    fn put_boz(&mut self, args: &mut [Arg], i: usize, lit: Option<ExprKind>) {
        let Some(e) = args.get_mut(i).and_then(arg_expr_mut) else { return };
        match lit {
            Some(k) => e.kind = k,
            None => {
                self.err(Diagnostic::not_yet("a `real(16)` infinity or NaN from a BOZ literal constant", e.span));
                e.kind = ExprKind::Int(0, 4);
            }
        }
    }
}
