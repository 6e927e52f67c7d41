//! Types in expressions: their names in messages, numeric promotion, the types of binary
//! operations and assignment compatibility.

use super::*;

/// The name of a base type as Fortran writes it.
pub fn base_name(b: BaseTy) -> String {
    match b {
        BaseTy::Integer(k) => format!("integer({k})"),
        BaseTy::Real(k) => format!("real({k})"),
        BaseTy::Logical(4) => "logical".into(),
        BaseTy::Logical(k) => format!("logical({k})"),
        BaseTy::Character => "character".into(),
        BaseTy::Complex(k) => format!("complex({k})"),
        BaseTy::Derived(k) => format!("type({})", derived::derived_name(k)),
    }
}

/// How a type is shown in messages: "`real(8)`" or "rank-2 `real(8)` array".
pub fn ty_name(t: Ty) -> String {
    match t {
        Ty::Unknown => "`unknown`".into(),
        Ty::Scalar(b) => format!("`{}`", base_name(b)),
        Ty::Array(b, r) => format!("rank-{r} `{}` array", base_name(b)),
    }
}

pub(super) fn is_numeric(b: BaseTy) -> bool {
    matches!(b, BaseTy::Integer(_) | BaseTy::Real(_))
}

/// The order of numeric promotion: integer(1) < ... < integer(16) < real(4) < real(8).
pub(super) fn numeric_rank(b: BaseTy) -> u8 {
    match b {
        BaseTy::Integer(1) => 0,
        BaseTy::Integer(2) => 1,
        BaseTy::Integer(4) => 2,
        BaseTy::Integer(8) => 3,
        BaseTy::Integer(_) => 4,
        BaseTy::Real(4) => 5,
        BaseTy::Real(_) => 6,
        BaseTy::Complex(4) => 7,
        BaseTy::Complex(_) => 8,
        _ => 2,
    }
}

pub(super) fn promote(a: BaseTy, b: BaseTy) -> BaseTy {
    // complex with real(8) is complex(8).
    match (a, b) {
        (BaseTy::Complex(k), BaseTy::Real(r)) | (BaseTy::Real(r), BaseTy::Complex(k)) => return BaseTy::Complex(k.max(r)),
        _ => {}
    }
    if numeric_rank(a) >= numeric_rank(b) {
        a
    } else {
        b
    }
}

pub(super) fn with_rank(b: BaseTy, rank: u8) -> Ty {
    if rank == 0 {
        Ty::Scalar(b)
    } else {
        Ty::Array(b, rank)
    }
}

pub(super) fn binop_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Pow => "**",
        BinOp::Eq => "==",
        BinOp::Ne => "/=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::And => ".and.",
        BinOp::Or => ".or.",
        BinOp::Eqv => ".eqv.",
        BinOp::Neqv => ".neqv.",
        BinOp::Concat => "//",
    }
}

impl Checker {
    /// Reports unless `e` is a scalar integer; `what` is the rule ("... must be ...").
    pub(super) fn want_int_scalar(&mut self, e: &Expr, what: &str) -> bool {
        match e.ty {
            Ty::Unknown => false,
            Ty::Scalar(BaseTy::Integer(_)) => true,
            t => {
                self.err(Diagnostic::error("E0206", format!("{what}, found {}", ty_name(t)), e.span).with_label("expected an integer"));
                false
            }
        }
    }

    /// Reports unless `e` is a scalar logical.
    pub(super) fn want_logical(&mut self, e: &Expr, what: &str) {
        match e.ty {
            Ty::Unknown | Ty::Scalar(BaseTy::Logical(_)) => {}
            t => self.err(
                Diagnostic::error("E0213", format!("{what} must be a scalar `logical`, found {}", ty_name(t)), e.span)
                    .with_label("expected `logical`"),
            ),
        }
    }

    /// Whether a value of type `from` may be assigned to `to`; reports if not.
    pub(super) fn assign_compat(&mut self, to: Ty, from: Ty, span: Span) -> bool {
        let (Some(t), Some(f)) = (to.base(), from.base()) else {
            return true;
        };
        let num = |b: BaseTy| is_numeric(b) || matches!(b, BaseTy::Complex(_));
        let ok = (num(t) && num(f)) || t == f || matches!((t, f), (BaseTy::Logical(_), BaseTy::Logical(_)));
        if !ok {
            self.err(
                Diagnostic::error("E0221", format!("mismatched types: cannot assign `{}` to `{}`", base_name(f), base_name(t)), span)
                    .with_label(format!("expected `{}`, found `{}`", base_name(t), base_name(f))),
            );
        }
        ok
    }

    pub(super) fn binary_ty(&mut self, op: BinOp, l: &Expr, r: &Expr, span: Span) -> Ty {
        let (lt, rt) = (l.ty, r.ty);
        let (Some(lb), Some(rb)) = (lt.base(), rt.base()) else {
            return Ty::Unknown;
        };
        let rank = match (lt.rank(), rt.rank()) {
            (0, r) | (r, 0) => r,
            (a, b) if a == b => a,
            (a, b) => {
                self.err(
                    Diagnostic::error("E0230", format!("operands of `{}` have different ranks ({a} and {b})", binop_name(op)), span)
                        .with_label("arrays must conform"),
                );
                return Ty::Unknown;
            }
        };
        let sym = binop_name(op);
        let mismatch = |this: &mut Checker, need: &str| {
            this.err(
                Diagnostic::error("E0220", format!("`{sym}` cannot be applied to `{}` and `{}`", base_name(lb), base_name(rb)), span)
                    .with_label(format!("`{sym}` needs {need}")),
            );
            Ty::Unknown
        };
        let is_cplx = |b: BaseTy| matches!(b, BaseTy::Complex(_));
        if is_cplx(lb) || is_cplx(rb) {
            let num = |b: BaseTy| is_numeric(b) || is_cplx(b);
            return match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow if num(lb) && num(rb) => with_rank(promote(lb, rb), rank),
                BinOp::Eq | BinOp::Ne if num(lb) && num(rb) => with_rank(BaseTy::Logical(crate::dialect::logical_kind()), rank),
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge if num(lb) && num(rb) => {
                    mismatch(self, "ordered operands (complex numbers are not ordered)")
                }
                _ => mismatch(self, "numeric operands"),
            };
        }
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow => {
                if is_numeric(lb) && is_numeric(rb) {
                    with_rank(promote(lb, rb), rank)
                } else {
                    mismatch(self, "numeric operands")
                }
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                if (is_numeric(lb) && is_numeric(rb)) || (lb == BaseTy::Character && rb == BaseTy::Character) {
                    with_rank(BaseTy::Logical(crate::dialect::logical_kind()), rank)
                } else if matches!((lb, rb), (BaseTy::Logical(_), BaseTy::Logical(_))) && matches!(op, BinOp::Eq | BinOp::Ne) {
                    let alt = if op == BinOp::Eq { ".eqv." } else { ".neqv." };
                    self.err(
                        Diagnostic::error("E0220", format!("`{sym}` cannot compare `logical` values"), span)
                            .with_label("both operands are `logical`")
                            .with_note(format!("help: use `{alt}` to compare logical values")),
                    );
                    Ty::Unknown
                } else {
                    mismatch(self, "two numeric or two character operands")
                }
            }
            BinOp::And | BinOp::Or | BinOp::Eqv | BinOp::Neqv => {
                if let (BaseTy::Logical(a), BaseTy::Logical(b)) = (lb, rb) {
                    // Mixed kinds: the larger one, as gfortran does.
                    with_rank(BaseTy::Logical(a.max(b)), rank)
                } else {
                    mismatch(self, "`logical` operands")
                }
            }
            BinOp::Concat => {
                if lb == BaseTy::Character && rb == BaseTy::Character && rank == 0 {
                    Ty::Scalar(BaseTy::Character)
                } else {
                    mismatch(self, "`character` operands")
                }
            }
        }
    }
}
