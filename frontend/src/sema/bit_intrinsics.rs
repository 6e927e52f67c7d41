//! The elemental bit intrinsics of Fortran 2008 (`shiftl`, `shiftr`, `shifta`, `maskl`,
//! `maskr`, `merge_bits`, `dshiftl`, `dshiftr`, `bge`, `bgt`, `ble`, `blt`, `poppar`) and
//! `is_iostat_end`/`is_iostat_eor`: their arguments by keyword or position, result types,
//! and their values in constant expressions.

use super::*;

/// `v` wrapped to the range of `integer(kind)` (two's complement).
fn wrap_kind(v: i128, kind: u8) -> i128 {
    match kind {
        1 => i128::from(v as i8),
        2 => i128::from(v as i16),
        4 => i128::from(v as i32),
        8 => i128::from(v as i64),
        _ => v,
    }
}

/// The bits of `v` as an unsigned number of `8 * kind` bits.
fn unsigned_bits(v: i128, kind: u8) -> u128 {
    let bits = 8 * u32::from(kind);
    if bits >= 128 {
        v as u128
    } else {
        (v as u128) & ((1u128 << bits) - 1)
    }
}

/// The value of a bit intrinsic of constant integer arguments `vals` whose kinds are
/// `kinds` (the result's kind is `rkind`); `None` when an argument is out of range.
pub(super) fn fold_bits(f: Intrinsic, vals: &[i128], kinds: &[u8], rkind: u8) -> Option<i128> {
    use Intrinsic as I;
    let k0 = *kinds.first()?;
    let bits = 8 * i128::from(k0);
    let a = *vals.first()?;
    let arg = |i: usize| vals.get(i).copied();
    let shl = |v: i128, n: i128| if n >= bits { 0 } else { wrap_kind(((v as u128) << n) as i128, k0) };
    let lshr = |v: i128, n: i128| if n >= bits { 0 } else { (unsigned_bits(v, k0) >> n) as i128 };
    let v = match f {
        I::Shiftl | I::Shiftr | I::Shifta => {
            let n = arg(1)?;
            if !(0..=bits).contains(&n) {
                return None;
            }
            match f {
                I::Shiftl => shl(a, n),
                I::Shiftr => lshr(a, n),
                _ if n >= bits => {
                    if a < 0 {
                        -1
                    } else {
                        0
                    }
                }
                _ => a >> n,
            }
        }
        I::Maskl | I::Maskr => {
            let rbits = 8 * i128::from(rkind);
            if !(0..=rbits).contains(&a) {
                return None;
            }
            let ones = if a >= 128 { u128::MAX } else { (1u128 << a) - 1 };
            let v = if f == I::Maskr {
                ones
            } else if a == 0 {
                0
            } else {
                ones << (rbits - a)
            };
            wrap_kind(v as i128, rkind)
        }
        I::MergeBits => {
            let (j, m) = (arg(1)?, arg(2)?);
            (a & m) | (j & !m)
        }
        I::Dshiftl | I::Dshiftr => {
            let (j, n) = (arg(1)?, arg(2)?);
            if !(0..=bits).contains(&n) {
                return None;
            }
            if f == I::Dshiftl {
                shl(a, n) | lshr(j, bits - n)
            } else {
                shl(a, bits - n) | lshr(j, n)
            }
        }
        I::Bge | I::Bgt | I::Ble | I::Blt => {
            let (x, y) = (unsigned_bits(a, k0), unsigned_bits(arg(1)?, *kinds.get(1)?));
            i128::from(match f {
                I::Bge => x >= y,
                I::Bgt => x > y,
                I::Ble => x <= y,
                _ => x < y,
            })
        }
        I::Poppar => i128::from(unsigned_bits(a, k0).count_ones() & 1),
        I::IsIostatEnd => i128::from(a == -1),
        I::IsIostatEor => i128::from(a == -2),
        _ => return None,
    };
    Some(wrap_kind(v, rkind))
}

/// The value of the bit intrinsic call `e` (`f` of `args`, whose values are `vals`) in a
/// constant expression: an integer, or a logical as 0 or 1 (`None` when it has no
/// integer or logical scalar type or an argument is out of range).
pub fn fold_bit_call(e: &Expr, f: Intrinsic, args: &[Expr], vals: &[i64]) -> Option<i64> {
    let kinds: Option<Vec<u8>> = args
        .iter()
        .map(|a| match a.ty {
            Ty::Scalar(BaseTy::Integer(k)) => Some(k),
            _ => None,
        })
        .collect();
    let rkind = match e.ty {
        Ty::Scalar(BaseTy::Integer(k) | BaseTy::Logical(k)) => k,
        _ => return None,
    };
    let wide: Vec<i128> = vals.iter().map(|v| i128::from(*v)).collect();
    let v = fold_bits(f, &wide, &kinds?, rkind)?;
    i64::try_from(v).ok()
}

impl Checker {
    /// Arguments by keyword or position into the slots of `params`; `None` after an error
    /// (reported). Every argument is checked.
    pub(super) fn intrinsic_slots(&mut self, fname: &str, params: &[&str], args: Vec<Arg>) -> Option<Vec<Option<Expr>>> {
        let mut slots: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        let mut next = 0;
        for a in args {
            let (slot, mut e) = match a {
                Arg::Index(e) => {
                    next += 1;
                    (next - 1, e)
                }
                Arg::Keyword(k, mut e) => match params.iter().position(|p| *p == k.name) {
                    Some(i) => (i, e),
                    None => {
                        self.expr(&mut e);
                        self.err(intrinsics::unknown_keyword(fname, &k, "unknown keyword"));
                        ok = false;
                        continue;
                    }
                },
                Arg::Range { span: rs, .. } => {
                    self.err(intrinsics::range_argument(fname, rs));
                    ok = false;
                    continue;
                }
            };
            self.expr(&mut e);
            match slots.get_mut(slot) {
                Some(s @ None) => *s = Some(e),
                _ => {
                    self.err(
                        Diagnostic::error(
                            "E0209",
                            format!("`{fname}` takes at most {} argument{}", params.len(), if params.len() == 1 { "" } else { "s" }),
                            e.span,
                        )
                        .with_label("extra or repeated argument"),
                    );
                    ok = false;
                }
            }
        }
        if !ok || slots.iter().flatten().any(|e| e.ty == Ty::Unknown) {
            return None;
        }
        Some(slots)
    }

    /// A `kind=` argument: absent is `default`, else a constant among `allowed`.
    pub(super) fn kind_slot(&mut self, fname: &str, k: Option<&Expr>, default: u8, allowed: &[u8]) -> Option<u8> {
        let Some(k) = k else { return Some(default) };
        match self.const_int(k) {
            Some(v) if allowed.iter().any(|a| i64::from(*a) == v) => Some(v as u8),
            _ => {
                let list: Vec<String> = allowed.iter().map(u8::to_string).collect();
                self.err(
                    Diagnostic::error(
                        "E0210",
                        format!("the kind argument of `{fname}` must be one of the constants {}", list.join(", ")),
                        k.span,
                    )
                    .with_label("unsupported kind"),
                );
                None
            }
        }
    }

    /// The bit intrinsics: canonical arguments in the standard's order (`maskl`/`maskr`:
    /// `[i]`, the kind in the result type).
    #[inline(never)]
    pub(super) fn bit_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        let fname = intrinsics::intrinsic_name(f);
        let params: &[&str] = match f {
            I::Shiftl | I::Shiftr | I::Shifta => &["i", "shift"],
            I::Maskl | I::Maskr => &["i", "kind"],
            I::MergeBits => &["i", "j", "mask"],
            I::Dshiftl | I::Dshiftr => &["i", "j", "shift"],
            I::Bge | I::Bgt | I::Ble | I::Blt => &["i", "j"],
            _ => &["i"],
        };
        let bad = |args: Vec<Expr>| (ExprKind::Intrinsic { func: f, args }, Ty::Unknown);
        let Some(slots) = self.intrinsic_slots(fname, params, args) else { return bad(Vec::new()) };
        let (kind_arg, slots) = if matches!(f, I::Maskl | I::Maskr) {
            let mut s = slots;
            let k = s.pop().flatten();
            (k, s)
        } else {
            (None, slots)
        };
        if slots.iter().any(Option::is_none) {
            let n = slots.len();
            self.err(
                Diagnostic::error("E0209", format!("`{fname}` takes {n} argument{}", if n == 1 { "" } else { "s" }), span)
                    .with_label("missing argument"),
            );
            return bad(slots.into_iter().flatten().collect());
        }
        let args: Vec<Expr> = slots.into_iter().flatten().collect();
        let mut rank = 0u8;
        for (i, e) in args.iter().enumerate() {
            if !matches!(e.ty.base(), Some(BaseTy::Integer(_))) {
                self.err(
                    Diagnostic::error(
                        "E0210",
                        format!(
                            "the `{}` argument of `{fname}` must be `integer`, found {}",
                            params.get(i).copied().unwrap_or("i"),
                            ty_name(e.ty)
                        ),
                        e.span,
                    )
                    .with_label("expected `integer`"),
                );
                return bad(args);
            }
            let r = e.ty.rank();
            if r > 0 && rank > 0 && r != rank {
                self.err(
                    Diagnostic::error("E0230", format!("array arguments of `{fname}` have different ranks ({rank} and {r})"), e.span)
                        .with_label("arrays must conform"),
                );
                return bad(args);
            }
            rank = rank.max(r);
        }
        let first = args.first().and_then(|e| e.ty.base()).unwrap_or(BaseTy::Integer(4));
        // `merge_bits` and the double shifts take `i` and `j` of one kind.
        if matches!(f, I::MergeBits | I::Dshiftl | I::Dshiftr) {
            let other = args.get(1..if f == I::MergeBits { 3 } else { 2 }).unwrap_or_default();
            if let Some(o) = other.iter().find(|e| e.ty.base() != Some(first)) {
                self.err(
                    Diagnostic::error("E0210", format!("the arguments of `{fname}` must have the same kind"), o.span).with_label(format!(
                        "expected `{}`, found {}",
                        base_name(first),
                        ty_name(o.ty)
                    )),
                );
                return bad(args);
            }
        }
        let int = crate::dialect::int_kind();
        let logical = BaseTy::Logical(crate::dialect::logical_kind());
        let rb = match f {
            I::Maskl | I::Maskr => match self.kind_slot(fname, kind_arg.as_ref(), int, &[1, 2, 4, 8, 16]) {
                Some(k) => BaseTy::Integer(k),
                None => return bad(args),
            },
            I::Bge | I::Bgt | I::Ble | I::Blt | I::IsIostatEnd | I::IsIostatEor => logical,
            I::Poppar => BaseTy::Integer(int),
            _ => first,
        };
        (ExprKind::Intrinsic { func: f, args }, with_rank(rb, rank))
    }
}
