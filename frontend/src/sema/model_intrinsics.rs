//! The real model's elemental functions (`scale`, `fraction`, `exponent`, `nearest`,
//! `spacing`, `rrspacing`, `set_exponent`) and the Bessel functions (`bessel_j0`, ...,
//! `bessel_jn(n, x)` and the rank-1 `bessel_jn(n1, n2, x)`): arguments and result types.
//! Host code only: in device code they are located not-yet errors.

use super::*;

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
}
