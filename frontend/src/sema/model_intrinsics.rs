//! The real model's elemental functions (`scale`, `fraction`, `exponent`, `nearest`,
//! `spacing`, `rrspacing`, `set_exponent`) and the Bessel functions (`bessel_j0`, ...,
//! `bessel_jn(n, x)` and the rank-1 `bessel_jn(n1, n2, x)`): arguments and result types.
//! Host code only: in device code they are located not-yet errors.

use super::*;

/// `frexp` of a finite nonzero `f64`: the fraction in [0.5, 1) and the exponent.
fn frexp(x: f64) -> (f64, i32) {
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32;
    if e == 0 {
        // Subnormal: scaled into the normal range first (exactly).
        let (m, e2) = frexp(x * f64::from_bits((1023u64 + 64) << 52));
        return (m, e2 - 64);
    }
    (f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52)), e - 1022)
}

/// `2^n` as an `f64`, for `n` in the normal range.
fn pow2(n: i32) -> Option<f64> {
    (-1022..=1023).contains(&n).then(|| f64::from_bits(((n + 1023) as u64) << 52))
}

/// The next representable number after `x` toward `+inf` (`up`) or `-inf`, in the real
/// kind `k` (4 or 8).
fn next_after(x: f64, up: bool, k: u8) -> f64 {
    if k == 4 {
        let f = x as f32;
        let b = f.to_bits();
        let n = if f == 0.0 {
            if up {
                1
            } else {
                0x8000_0001
            }
        } else if (f > 0.0) == up {
            b + 1
        } else {
            b - 1
        };
        f64::from(f32::from_bits(n))
    } else {
        let b = x.to_bits();
        let n = if x == 0.0 {
            if up {
                1
            } else {
                0x8000_0000_0000_0001
            }
        } else if (x > 0.0) == up {
            b + 1
        } else {
            b - 1
        };
        f64::from_bits(n)
    }
}

/// The value of a real model function (`f`) of the constant `x` of kind `k` (4 or 8) and
/// the constant second argument `second` (an integer, or `nearest`'s real `s`): `None`
/// for infinite or NaN arguments and where a scaled result (`scale`, `set_exponent`) is
/// not a normal number of the kind or zero, whose rounding is left to the run time.
pub fn fold_model(f: Intrinsic, x: f64, k: u8, second: Option<f64>) -> Option<f64> {
    use Intrinsic as I;
    if !x.is_finite() || !matches!(k, 4 | 8) {
        return None;
    }
    let x = if k == 4 { f64::from(x as f32) } else { x };
    let (digits, emin, tiny) = if k == 4 { (24, -126, f64::from(f32::MIN_POSITIVE)) } else { (53, -1022, f64::MIN_POSITIVE) };
    let normal = |v: f64| -> Option<f64> {
        let ok = v == 0.0 || (v.is_finite() && v.abs() >= tiny && (k == 8 || f64::from(v as f32) == v));
        ok.then_some(v)
    };
    let int2 = |s: Option<f64>| s.filter(|v| v.fract() == 0.0 && v.abs() < 1e6).map(|v| v as i32);
    let v = match f {
        I::Fraction if x == 0.0 => x,
        I::Fraction => frexp(x).0,
        I::Exponent if x == 0.0 => 0.0,
        I::Exponent => f64::from(frexp(x).1),
        I::Scale => {
            let n = int2(second)?;
            if x == 0.0 {
                x
            } else {
                let (m, e) = frexp(x);
                m * pow2(e.checked_add(n)? - 1)? * 2.0
            }
        }
        I::SetExponent => {
            let n = int2(second)?;
            if x == 0.0 {
                x
            } else {
                frexp(x).0 * pow2(n - 1)? * 2.0
            }
        }
        I::Nearest => {
            let s = second?;
            if s == 0.0 || s.is_nan() {
                return None;
            }
            next_after(x, s > 0.0, k)
        }
        I::Spacing if x == 0.0 => tiny,
        I::Spacing => pow2((frexp(x).1 - digits).max(emin))?,
        I::Rrspacing if x == 0.0 => 0.0,
        I::Rrspacing => frexp(x.abs()).0 * pow2(digits)?,
        _ => return None,
    };
    // The other functions are exact: only scaled results may need rounding.
    if matches!(f, I::Scale | I::SetExponent) {
        normal(v)
    } else {
        Some(v)
    }
}

impl Checker {
    #[inline(never)]
    pub(super) fn model_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        let fname = intrinsics::intrinsic_name(f);
        // `bessel_jn(n1, n2, x)`: three arguments, or `n1`/`n2` by keyword.
        let three = matches!(f, I::BesselJn | I::BesselYn)
            && (args.len() == 3 || args.iter().any(|a| matches!(a, Arg::Keyword(k, _) if k.name == "n1" || k.name == "n2")));
        let params: &[&str] = match f {
            I::Scale | I::SetExponent => &["x", "i"],
            I::Nearest => &["x", "s"],
            I::BesselJn | I::BesselYn if three => &["n1", "n2", "x"],
            I::BesselJn | I::BesselYn => &["n", "x"],
            _ => &["x"],
        };
        let bad = |args: Vec<Expr>| (ExprKind::Intrinsic { func: f, args }, Ty::Unknown);
        let Some(slots) = self.intrinsic_slots(fname, params, args) else { return bad(Vec::new()) };
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
        let mut x_kind = 4u8;
        for (i, e) in args.iter().enumerate() {
            let p = params.get(i).copied().unwrap_or("x");
            let want_int = matches!(p, "i" | "n" | "n1" | "n2");
            let ok = match e.ty.base() {
                Some(BaseTy::Integer(_)) => want_int,
                Some(BaseTy::Real(k)) if !want_int => {
                    if p == "x" {
                        x_kind = k;
                    }
                    true
                }
                _ => false,
            };
            let need = if want_int { "`integer`" } else { "`real`" };
            if !ok {
                self.err(
                    Diagnostic::error("E0210", format!("the `{p}` argument of `{fname}` must be {need}, found {}", ty_name(e.ty)), e.span)
                        .with_label(format!("expected {need}")),
                );
                return bad(args);
            }
            let r = e.ty.rank();
            if three && r > 0 {
                self.err(
                    Diagnostic::error("E0210", format!("the `{p}` argument of `{fname}` with three arguments must be a scalar"), e.span)
                        .with_label("expected a scalar"),
                );
                return bad(args);
            }
            if r > 0 && rank > 0 && r != rank {
                self.err(
                    Diagnostic::error("E0230", format!("array arguments of `{fname}` have different ranks ({rank} and {r})"), e.span)
                        .with_label("arrays must conform"),
                );
                return bad(args);
            }
            rank = rank.max(r);
        }
        if self.on_device() {
            self.err(Diagnostic::not_yet(format!("the intrinsic function `{fname}` {}", self.device_where()), span));
            return bad(args);
        }
        let ty = match f {
            I::Exponent => with_rank(BaseTy::Integer(crate::dialect::int_kind()), rank),
            _ if three => Ty::Array(BaseTy::Real(x_kind), 1),
            _ => with_rank(BaseTy::Real(x_kind), rank),
        };
        (ExprKind::Intrinsic { func: f, args }, ty)
    }

    /// `is_contiguous(array)`, `dprod(x, y)` (default reals, a `real(8)` result), `rank(a)` and
    /// `selected_char_kind(name)` (folded: 1 for ASCII and the default kind, 4 for ISO 10646,
    /// as gfortran answers, -1 for other names).
    #[inline(never)]
    pub(super) fn small_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        let fname = intrinsics::intrinsic_name(f);
        let params: &[&str] = match f {
            I::Dprod => &["x", "y"],
            I::Rank => &["a"],
            I::IsContiguous => &["array"],
            _ => &["name"],
        };
        let bad = |args: Vec<Expr>| (ExprKind::Intrinsic { func: f, args }, Ty::Unknown);
        let Some(slots) = self.intrinsic_slots(fname, params, args) else { return bad(Vec::new()) };
        if slots.iter().any(Option::is_none) {
            let n = slots.len();
            self.err(
                Diagnostic::error("E0209", format!("`{fname}` takes {n} argument{}", if n == 1 { "" } else { "s" }), span)
                    .with_label("missing argument"),
            );
            return bad(slots.into_iter().flatten().collect());
        }
        let args: Vec<Expr> = slots.into_iter().flatten().collect();
        let int = crate::dialect::int_kind();
        let folded = |v: i64| (ExprKind::Int(v, int), Ty::Scalar(BaseTy::Integer(int)));
        match f {
            I::Rank => folded(args.first().map_or(0, |a| i64::from(a.ty.rank()))),
            I::IsContiguous => {
                let Some(a) = args.first() else { return bad(args) };
                if a.ty.rank() == 0 {
                    self.err(
                        Diagnostic::error(
                            "E0210",
                            format!("the `array` argument of `{fname}` must be an array, found {}", ty_name(a.ty)),
                            a.span,
                        )
                        .with_label("expected an array"),
                    );
                    return bad(args);
                }
                if self.on_device() {
                    self.err(Diagnostic::not_yet(format!("the intrinsic function `{fname}` {}", self.device_where()), span));
                    return bad(args);
                }
                (ExprKind::Intrinsic { func: f, args }, Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind())))
            }
            I::SelectedCharKind => {
                let Some(name) = args.first() else { return bad(args) };
                if name.ty != Ty::Scalar(BaseTy::Character) {
                    self.err(
                        Diagnostic::error(
                            "E0210",
                            format!("the `name` argument of `{fname}` must be a scalar `character`, found {}", ty_name(name.ty)),
                            name.span,
                        )
                        .with_label("expected `character`"),
                    );
                    return bad(args);
                }
                match self.const_str(name, 0) {
                    Some(s) => folded(match s.trim_end().to_ascii_lowercase().as_str() {
                        "ascii" | "default" => 1,
                        "iso_10646" => 4,
                        _ => -1,
                    }),
                    None => {
                        self.err(Diagnostic::not_yet(format!("`{fname}` of a non-constant name"), name.span));
                        bad(args)
                    }
                }
            }
            _ => {
                let dflt = BaseTy::Real(crate::dialect::real_kind());
                if let Some(e) = args.iter().find(|e| e.ty.base() != Some(dflt)) {
                    self.err(
                        Diagnostic::error(
                            "E0210",
                            format!("the arguments of `{fname}` must be default `real`, found {}", ty_name(e.ty)),
                            e.span,
                        )
                        .with_label(format!("expected `{}`", base_name(dflt))),
                    );
                    return bad(args);
                }
                let rank = args.iter().map(|e| e.ty.rank()).max().unwrap_or(0);
                if let Some(e) = args.iter().find(|e| e.ty.rank() > 0 && e.ty.rank() != rank) {
                    self.err(
                        Diagnostic::error("E0230", format!("array arguments of `{fname}` have different ranks"), e.span)
                            .with_label("arrays must conform"),
                    );
                    return bad(args);
                }
                let rt = BaseTy::Real(crate::dialect::double_kind());
                (ExprKind::Intrinsic { func: f, args }, with_rank(rt, rank))
            }
        }
    }
}
