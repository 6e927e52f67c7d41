//! Constant expressions: folding of integer, real, logical and character constants, and
//! the kind-selection functions.

use super::*;

/// Compile-time values of named constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Const {
    Int(i64),
    Real(f64),
}

/// Folds an integer operation of a constant expression (`None` on overflow or an
/// operation that is not constant-foldable on integers).
pub(crate) fn fold_int(op: BinOp, a: i64, b: i64) -> Option<i64> {
    match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        BinOp::Div if b != 0 => a.checked_div(b),
        BinOp::Pow if (0..64).contains(&b) => a.checked_pow(b as u32),
        _ => None,
    }
}

/// gfortran's `selected_int_kind(r)`: the smallest integer kind with range `r`.
pub fn selected_int_kind(r: i64) -> i64 {
    match r {
        i64::MIN..=2 => 1,
        3..=4 => 2,
        5..=9 => 4,
        10..=18 => 8,
        19..=38 => 16,
        _ => -1,
    }
}

/// gfortran's `selected_real_kind(p, r)` on x86_64 (kinds 4, 8, 10, 16; -1 precision,
/// -2 range, -3 both unavailable).
pub fn selected_real_kind(p: i64, r: i64) -> i64 {
    let kinds = [(4, 6, 37), (8, 15, 307), (10, 18, 4931), (16, 33, 4931)];
    if let Some(k) = kinds.iter().find(|(_, kp, kr)| p <= *kp && r <= *kr) {
        return k.0;
    }
    let p_ok = kinds.iter().any(|(_, kp, _)| p <= *kp);
    let r_ok = kinds.iter().any(|(_, _, kr)| r <= *kr);
    match (p_ok, r_ok) {
        (false, true) => -1,
        (true, false) => -2,
        _ => -3,
    }
}

/// A decimal number's sign, significant digits (no leading or trailing zeros) and the
/// exponent of its last digit, from [`crate::lexer::quad_text`]'s form.
fn decimal_parts(t: &str) -> Option<(bool, String, i64)> {
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let (m, e) = t.split_once('e')?;
    let (i, f) = m.split_once('.').unwrap_or((m, ""));
    let mut exp: i64 = e.parse().ok()?;
    exp -= f.len() as i64;
    let digits = format!("{i}{f}");
    let digits = digits.trim_start_matches('0');
    let trimmed = digits.trim_end_matches('0');
    exp += (digits.len() - trimmed.len()) as i64;
    Some((neg, trimmed.to_string(), exp))
}

/// The `real(16)` literal text `t` ([`crate::lexer::quad_text`]'s form) as a double when
/// that keeps its binary exponent (see [`Checker::quad_as_f64`]).
pub(crate) fn quad_text_f64(t: &str) -> Option<f64> {
    if t.starts_with("0x") || t.starts_with("-0x") {
        return None;
    }
    let v: f64 = t.parse().ok()?;
    if v != 0.0 && !(v.is_finite() && v.abs() >= f64::MIN_POSITIVE) {
        return None;
    }
    let power_of_two = v != 0.0 && v.to_bits() & ((1u64 << 52) - 1) == 0;
    if power_of_two && decimal_parts(t) != decimal_parts(&crate::lexer::f64_quad_text(v)) {
        return None;
    }
    Some(v)
}

impl Checker {
    /// The value of a `real(16)` constant (a literal, a named constant, negated) as a
    /// double when that conversion keeps its binary exponent: the double is not a power of
    /// two, or is the constant exactly (a value just below a power of two would round up
    /// to it); `None` beyond the doubles' normal range.
    fn quad_as_f64(&self, e: &Expr, depth: u32) -> Option<f64> {
        if depth > 64 {
            return None;
        }
        let t = match &e.kind {
            ExprKind::Quad(t) => t,
            ExprKind::Paren(x) | ExprKind::Unary(UnOp::Plus, x) => return self.quad_as_f64(x, depth + 1),
            ExprKind::Unary(UnOp::Neg, x) => return self.quad_as_f64(x, depth + 1).map(|v| -v),
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name).filter(|s| s.parameter && s.base == BaseTy::Real(16))?;
                return self.quad_as_f64(s.init.as_ref()?, depth + 1);
            }
            _ => return None,
        };
        quad_text_f64(t)
    }

    /// Is `e` (already checked) a constant expression?
    pub(super) fn is_const(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(..) | ExprKind::Int128(_) | ExprKind::Real(..) | ExprKind::Quad(_) | ExprKind::Logical(_) | ExprKind::Str(_) => {
                true
            }
            ExprKind::Name(id) => self.syms.get(&id.name).is_some_and(|s| s.parameter),
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => self.is_const(x),
            ExprKind::Binary(_, l, r) => self.is_const(l) && self.is_const(r),
            ExprKind::Intrinsic { args, .. } => args.iter().all(|a| self.is_const(a)),
            ExprKind::Complex(re, im) => self.is_const(re) && self.is_const(im),
            ExprKind::ArrayCtor(items) => items.iter().all(|it| match it {
                CtorItem::Expr(e) => self.is_const(e),
                CtorItem::ImpliedDo(d) => [Some(&d.lo), Some(&d.hi), d.step.as_ref()].into_iter().flatten().all(|e| self.is_const(e)),
            }),
            ExprKind::StructCtor { args, .. } => args.iter().flatten().all(|a| self.is_const(a)),
            _ => false,
        }
    }

    /// The value of a numeric constant expression.
    pub(super) fn const_value(&self, e: &Expr, depth: u32) -> Option<Const> {
        if depth > 64 {
            return None;
        }
        let d = depth + 1;
        match &e.kind {
            ExprKind::Int(v, _) => Some(Const::Int(*v)),
            ExprKind::Real(v, _) => Some(Const::Real(*v)),
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name)?;
                if !s.parameter {
                    return None;
                }
                let v = self.const_value(s.init.as_ref()?, d)?;
                Some(match (s.base, v) {
                    (BaseTy::Integer(_), Const::Real(r)) => Const::Int(r.trunc() as i64),
                    (BaseTy::Real(_), Const::Int(i)) => Const::Real(i as f64),
                    (_, v) => v,
                })
            }
            ExprKind::Paren(x) | ExprKind::Unary(UnOp::Plus, x) => self.const_value(x, d),
            ExprKind::Unary(UnOp::Neg, x) => match self.const_value(x, d)? {
                Const::Int(i) => i.checked_neg().map(Const::Int),
                Const::Real(r) => Some(Const::Real(-r)),
            },
            ExprKind::Binary(op, l, r) => {
                let (l, r) = (self.const_value(l, d)?, self.const_value(r, d)?);
                match (l, r) {
                    (Const::Int(a), Const::Int(b)) => fold_int(*op, a, b).map(Const::Int),
                    (a, b) => {
                        let f = |c| match c {
                            Const::Int(i) => i as f64,
                            Const::Real(r) => r,
                        };
                        let (a, b) = (f(a), f(b));
                        Some(Const::Real(match op {
                            BinOp::Add => a + b,
                            BinOp::Sub => a - b,
                            BinOp::Mul => a * b,
                            BinOp::Div => a / b,
                            BinOp::Pow => a.powf(b),
                            _ => return None,
                        }))
                    }
                }
            }
            ExprKind::Intrinsic { func, args } => {
                let vals: Option<Vec<Const>> = args.iter().map(|a| self.const_value(a, d)).collect();
                let vals = vals?;
                let ints: Option<Vec<i64>> = vals
                    .iter()
                    .map(|v| match v {
                        Const::Int(i) => Some(*i),
                        Const::Real(_) => None,
                    })
                    .collect();
                if *func == Intrinsic::Exponent {
                    // `exponent` of a `real(16)` constant whose value a double holds
                    if let Some(v) = args.first().and_then(|x| self.quad_as_f64(x, d)) {
                        return Some(Const::Int(model_intrinsics::fold_model(*func, v, 16, None)? as i64));
                    }
                }
                if func.is_model_intrinsic() {
                    let x = args.iter().find(|a| matches!(a.ty.base(), Some(BaseTy::Real(_))))?;
                    let Some(BaseTy::Real(k)) = x.ty.base() else { return None };
                    let f = |c: &Const| match c {
                        Const::Int(i) => *i as f64,
                        Const::Real(r) => *r,
                    };
                    let v = model_intrinsics::fold_model(*func, f(vals.first()?), k, vals.get(1).map(f))?;
                    return Some(if *func == Intrinsic::Exponent { Const::Int(v as i64) } else { Const::Real(v) });
                }
                if func.is_bit_intrinsic() {
                    if !matches!(e.ty.base(), Some(BaseTy::Integer(_))) {
                        return None;
                    }
                    return bit_intrinsics::fold_bit_call(e, *func, args, &ints?).map(Const::Int);
                }
                match (func, ints) {
                    (Intrinsic::Max, Some(v)) => v.into_iter().max().map(Const::Int),
                    (Intrinsic::Min, Some(v)) => v.into_iter().min().map(Const::Int),
                    (Intrinsic::Abs, Some(v)) => v.first().and_then(|x| x.checked_abs()).map(Const::Int),
                    (Intrinsic::Mod, Some(v)) => match v.as_slice() {
                        [a, b] if *b != 0 => a.checked_rem(*b).map(Const::Int),
                        _ => None,
                    },
                    (Intrinsic::Int, _) => match vals.first()? {
                        Const::Int(i) => Some(Const::Int(*i)),
                        Const::Real(r) => Some(Const::Int(r.trunc() as i64)),
                    },
                    _ => None,
                }
            }
            _ => None,
        }
    }

    pub(super) fn const_int(&self, e: &Expr) -> Option<i64> {
        match self.const_value(e, 0)? {
            Const::Int(i) => Some(i),
            Const::Real(_) => None,
        }
    }

    /// The value of a logical constant expression.
    pub(super) fn const_logical(&self, e: &Expr, depth: u32) -> Option<bool> {
        if depth > 64 {
            return None;
        }
        match &e.kind {
            ExprKind::Logical(b) => Some(*b),
            ExprKind::Paren(x) => self.const_logical(x, depth + 1),
            ExprKind::Unary(UnOp::Not, x) => self.const_logical(x, depth + 1).map(|b| !b),
            ExprKind::Intrinsic { func, args } if func.is_bit_intrinsic() => {
                let vals: Option<Vec<i64>> = args
                    .iter()
                    .map(|a| match self.const_value(a, depth + 1)? {
                        Const::Int(i) => Some(i),
                        Const::Real(_) => None,
                    })
                    .collect();
                bit_intrinsics::fold_bit_call(e, *func, args, &vals?).map(|v| v != 0)
            }
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name)?;
                if !s.parameter {
                    return None;
                }
                self.const_logical(s.init.as_ref()?, depth + 1)
            }
            _ => None,
        }
    }

    /// The value of a character constant expression (literals, parameters, `//`).
    pub(super) fn const_str(&self, e: &Expr, depth: u32) -> Option<String> {
        if depth > 64 {
            return None;
        }
        match &e.kind {
            ExprKind::Str(v) => Some(v.clone()),
            ExprKind::Paren(x) => self.const_str(x, depth + 1),
            ExprKind::Binary(BinOp::Concat, l, r) => Some(self.const_str(l, depth + 1)? + &self.const_str(r, depth + 1)?),
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name)?;
                if !s.parameter {
                    return None;
                }
                self.const_str(s.init.as_ref()?, depth + 1)
            }
            _ => None,
        }
    }
}
