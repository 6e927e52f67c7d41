//! Device implementations of the math functions that nvptx / amdgcn cannot select without
//! vendor libraries (exp, log, sin, cos, pow).
//!
//! Each is an internal function `gpuf.{name}.f64` built from selects only (no branches),
//! after fdlibm's algorithms: exp and log within 1 ulp, sin / cos within 1–2 ulp for
//! |x| < ~1e6 (Cody–Waite reduction with a 3-part pi/2; no Payne–Hanek, so accuracy decays
//! for huge arguments), pow = exp(y·log|x|) with log|x| and the product carried in two
//! doubles, and C99's special cases: a few ulps when |y·ln x| < ~50, growing to ~100 ulps
//! near the overflow / underflow limits (log's inner term is not carried in extra
//! precision). The f32 versions widen to f64, call the f64 version
//! and round once, so they are correctly rounded or nearly so.

// fdlibm's constants are kept digit for digit.
#![allow(clippy::excessive_precision)]

use crate::gen::Cg;
use crate::{err, R};
use inkwell::builder::Builder;
use inkwell::types::{FloatType, IntType};
use inkwell::values::{BasicValueEnum, FloatValue, FunctionValue, IntValue};
use inkwell::{FloatPredicate as FP, IntPredicate as IP};

/// The internal device function implementing `name` (`exp`, `log`, `sin`, `cos`, `pow`) for
/// the float type.
pub(crate) fn function<'ctx>(cg: &Cg<'ctx>, name: &str, ft: FloatType<'ctx>) -> R<FunctionValue<'ctx>> {
    let nargs = match name {
        "exp" | "log" | "sin" | "cos" => 1,
        "pow" => 2,
        _ => return err(format!("no device implementation of `{name}`")),
    };
    let f64t = cg.ctx.f64_type();
    if ft != f64t {
        // f32: widen, compute in f64, round once.
        let inner = function(cg, name, f64t)?;
        let fname = format!("gpuf.{name}.f32");
        let params = vec![ft.into(); nargs];
        let (f, new) = cg.helper(&fname, ft.fn_type(&params, false));
        if !new {
            return Ok(f);
        }
        let b = cg.ctx.create_builder();
        b.position_at_end(cg.ctx.append_basic_block(f, "entry"));
        let mut args: Vec<inkwell::values::BasicMetadataValueEnum> = Vec::new();
        for i in 0..nargs {
            let x = f.get_nth_param(i as u32).unwrap().into_float_value();
            args.push(b.build_float_ext(x, f64t, "")?.into());
        }
        let r = b.build_call(inner, &args, "")?.try_as_basic_value().basic().unwrap().into_float_value();
        let r = b.build_float_trunc(r, ft, "")?;
        b.build_return(Some(&r))?;
        return Ok(f);
    }
    let fname = format!("gpuf.{name}.f64");
    let params = vec![ft.into(); nargs];
    let (f, new) = cg.helper(&fname, ft.fn_type(&params, false));
    if !new {
        return Ok(f);
    }
    // Build callees first (pow uses exp and log) so that the builders do not interleave.
    let callees = if name == "pow" { Some(function(cg, "exp", f64t)?) } else { None };
    let b = cg.ctx.create_builder();
    b.position_at_end(cg.ctx.append_basic_block(f, "entry"));
    let m = M { cg, b, t: f64t, i: cg.ctx.i64_type() };
    let x = f.get_nth_param(0).unwrap().into_float_value();
    let r = match name {
        "exp" => m.exp(x)?,
        "log" => m.log(x)?,
        "sin" => m.sincos(x, false)?,
        "cos" => m.sincos(x, true)?,
        _ => {
            let y = f.get_nth_param(1).unwrap().into_float_value();
            m.pow(x, y, callees.unwrap())?
        }
    };
    m.b.build_return(Some(&r))?;
    Ok(f)
}

struct M<'a, 'ctx> {
    cg: &'a Cg<'ctx>,
    b: Builder<'ctx>,
    t: FloatType<'ctx>,
    i: IntType<'ctx>,
}

type F<'ctx> = FloatValue<'ctx>;

impl<'ctx> M<'_, 'ctx> {
    fn c(&self, v: f64) -> F<'ctx> {
        self.t.const_float(v)
    }
    fn ci(&self, v: i64) -> IntValue<'ctx> {
        self.i.const_int(v as u64, true)
    }
    fn add(&self, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        Ok(self.b.build_float_add(a, b, "")?)
    }
    fn sub(&self, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        Ok(self.b.build_float_sub(a, b, "")?)
    }
    fn mul(&self, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        Ok(self.b.build_float_mul(a, b, "")?)
    }
    fn div(&self, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        Ok(self.b.build_float_div(a, b, "")?)
    }
    fn intr1(&self, name: &str, x: F<'ctx>) -> R<F<'ctx>> {
        let f = self.cg.intrinsic(name, &[self.t.into()])?;
        Ok(self.b.build_call(f, &[x.into()], "")?.try_as_basic_value().basic().unwrap().into_float_value())
    }
    fn fma(&self, a: F<'ctx>, b: F<'ctx>, c: F<'ctx>) -> R<F<'ctx>> {
        let f = self.cg.intrinsic("llvm.fma", &[self.t.into()])?;
        Ok(self.b.build_call(f, &[a.into(), b.into(), c.into()], "")?.try_as_basic_value().basic().unwrap().into_float_value())
    }
    fn fcmp(&self, p: FP, a: F<'ctx>, b: F<'ctx>) -> R<IntValue<'ctx>> {
        Ok(self.b.build_float_compare(p, a, b, "")?)
    }
    fn sel<V: Into<BasicValueEnum<'ctx>>>(&self, c: IntValue<'ctx>, a: V, b: V) -> R<BasicValueEnum<'ctx>> {
        Ok(self.b.build_select(c, a.into(), b.into(), "")?)
    }
    fn self_f(&self, c: IntValue<'ctx>, a: F<'ctx>, b: F<'ctx>) -> R<F<'ctx>> {
        Ok(self.sel(c, a, b)?.into_float_value())
    }
    fn sel_i(&self, c: IntValue<'ctx>, a: IntValue<'ctx>, b: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        Ok(self.sel(c, a, b)?.into_int_value())
    }
    /// Horner: c[0] + x*(c[1] + x*(...)).
    fn poly(&self, x: F<'ctx>, c: &[f64]) -> R<F<'ctx>> {
        let mut acc = self.c(*c.last().unwrap());
        for k in c[..c.len() - 1].iter().rev() {
            acc = self.fma(acc, x, self.c(*k))?;
        }
        Ok(acc)
    }
    fn bits(&self, x: F<'ctx>) -> R<IntValue<'ctx>> {
        Ok(self.b.build_bit_cast(x, self.i, "")?.into_int_value())
    }
    fn to_float(&self, i: IntValue<'ctx>) -> R<F<'ctx>> {
        Ok(self.b.build_bit_cast(i, self.t, "")?.into_float_value())
    }
    /// 2^n for n in [-1022, 1023].
    fn pow2(&self, n: IntValue<'ctx>) -> R<F<'ctx>> {
        let e = self.b.build_int_add(n, self.ci(1023), "")?;
        let e = self.b.build_left_shift(e, self.ci(52), "")?;
        self.to_float(e)
    }
    fn isnan(&self, x: F<'ctx>) -> R<IntValue<'ctx>> {
        self.fcmp(FP::UNO, x, x)
    }

    fn exp(&self, x: F<'ctx>) -> R<F<'ctx>> {
        const HI: f64 = 7.09782712893383973096e+02;
        const LO: f64 = -7.45133219101941108420e+02;
        const INVLN2: f64 = std::f64::consts::LOG2_E;
        const LN2HI: f64 = 6.93147180369123816490e-01;
        const LN2LO: f64 = 1.90821492927058770002e-10;
        const P: [f64; 5] = [
            1.66666666666666019037e-01,
            -2.77777777770155933842e-03,
            6.61375632143793436117e-05,
            -1.65339022054652515390e-06,
            4.13813679705723846039e-08,
        ];
        // Clamp so that every intermediate is finite and k fits (NaN clamps to LO).
        let over = self.fcmp(FP::OGT, x, self.c(HI))?;
        let under = self.fcmp(FP::OLT, x, self.c(LO))?;
        let nan = self.isnan(x)?;
        let xc = self.self_f(over, self.c(HI), x)?;
        let bad = self.b.build_or(under, nan, "")?;
        let xc = self.self_f(bad, self.c(LO), xc)?;
        let kf = self.intr1("llvm.rint", self.mul(xc, self.c(INVLN2))?)?;
        let k = self.b.build_float_to_signed_int(kf, self.i, "")?;
        let hi = self.fma(kf, self.c(-LN2HI), xc)?; // exact: LN2HI has trailing zeros
        let lo = self.mul(kf, self.c(LN2LO))?;
        let r = self.sub(hi, lo)?;
        let z = self.mul(r, r)?;
        let p = self.poly(z, &P)?;
        let c = self.sub(r, self.mul(z, p)?)?;
        // y = 1 - ((lo - (r*c)/(2-c)) - hi)
        let rc = self.div(self.mul(r, c)?, self.sub(self.c(2.0), c)?)?;
        let y = self.sub(self.c(1.0), self.sub(self.sub(lo, rc)?, hi)?)?;
        // y * 2^k in two steps (k in [-1075, 1024]).
        let k1 = self.b.build_right_shift(k, self.ci(1), true, "")?;
        let k2 = self.b.build_int_sub(k, k1, "")?;
        let y = self.mul(self.mul(y, self.pow2(k1)?)?, self.pow2(k2)?)?;
        let y = self.self_f(over, self.c(f64::INFINITY), y)?;
        let y = self.self_f(under, self.c(0.0), y)?;
        self.self_f(nan, x, y)
    }

    fn log(&self, x: F<'ctx>) -> R<F<'ctx>> {
        Ok(self.log2parts(x)?.0)
    }

    /// log(x) as hi + lo (lo = 0 for the special cases).
    fn log2parts(&self, x: F<'ctx>) -> R<(F<'ctx>, F<'ctx>)> {
        const LN2HI: f64 = 6.93147180369123816490e-01;
        const LN2LO: f64 = 1.90821492927058770002e-10;
        const LG: [f64; 7] = [
            6.666666666666735130e-01,
            3.999999999940941908e-01,
            2.857142874366239149e-01,
            2.222219843214978396e-01,
            1.818357216161805012e-01,
            1.531383769920937332e-01,
            1.479819860511658591e-01,
        ];
        // Subnormals: scale by 2^54.
        let sub = self.fcmp(FP::OLT, x, self.c(f64::MIN_POSITIVE))?;
        let xs = self.self_f(sub, self.mul(x, self.c(18014398509481984.0))?, x)?;
        let bits = self.bits(xs)?;
        let e = self.b.build_right_shift(bits, self.ci(52), false, "")?;
        let e = self.b.build_and(e, self.ci(0x7ff), "")?;
        let e = self.b.build_int_sub(e, self.ci(1023), "")?;
        let eadj = self.sel_i(sub, self.ci(-54), self.ci(0))?;
        let e = self.b.build_int_add(e, eadj, "")?;
        let mb = self.b.build_and(bits, self.ci(0x000f_ffff_ffff_ffff), "")?;
        let mb = self.b.build_or(mb, self.ci(0x3ff0_0000_0000_0000), "")?;
        let m = self.to_float(mb)?;
        let big = self.fcmp(FP::OGT, m, self.c(std::f64::consts::SQRT_2))?;
        let m = self.self_f(big, self.mul(m, self.c(0.5))?, m)?;
        let e1 = self.b.build_int_add(e, self.ci(1), "")?;
        let e = self.sel_i(big, e1, e)?;
        let dk = self.b.build_signed_int_to_float(e, self.t, "")?;
        let f = self.sub(m, self.c(1.0))?;
        let s = self.div(f, self.add(self.c(2.0), f)?)?;
        let z = self.mul(s, s)?;
        let r = self.mul(z, self.poly(z, &LG)?)?;
        let hfsq = self.mul(self.mul(self.c(0.5), f)?, f)?;
        // dk*ln2_hi - ((hfsq - (s*(hfsq+R) + dk*ln2_lo)) - f)
        let t = self.fma(s, self.add(hfsq, r)?, self.mul(dk, self.c(LN2LO))?)?;
        let t = self.sub(self.sub(hfsq, t)?, f)?;
        let a = self.mul(dk, self.c(LN2HI))?; // exact
        let y = self.sub(a, t)?;
        let lo = self.sub(self.sub(a, y)?, t)?; // Fast2Sum: |a| >= |t| or a = 0
                                                // Specials: log(±0) = -inf, log(x<0) = NaN, log(+inf) = +inf, log(NaN) = NaN.
        let zero = self.fcmp(FP::OEQ, x, self.c(0.0))?;
        let neg = self.fcmp(FP::ULT, x, self.c(0.0))?; // also NaN
        let inf = self.fcmp(FP::OEQ, x, self.c(f64::INFINITY))?;
        let y = self.self_f(inf, x, y)?;
        let y = self.self_f(neg, self.c(f64::NAN), y)?;
        let y = self.self_f(zero, self.c(f64::NEG_INFINITY), y)?;
        let special = self.b.build_or(self.b.build_or(zero, neg, "")?, inf, "")?;
        let lo = self.self_f(special, self.c(0.0), lo)?;
        Ok((y, lo))
    }

    fn sincos(&self, x: F<'ctx>, cos: bool) -> R<F<'ctx>> {
        const TWO_OVER_PI: f64 = std::f64::consts::FRAC_2_PI;
        const PIO2_1: f64 = 1.57079632673412561417e+00;
        const PIO2_2: f64 = 6.07710050630396597660e-11;
        const PIO2_3: f64 = 2.02226624871116645580e-21;
        const PIO2_3T: f64 = 8.47842766036889956997e-32;
        const S: [f64; 6] = [
            -1.66666666666666324348e-01,
            8.33333333332248946124e-03,
            -1.98412698298579493134e-04,
            2.75573137070700676789e-06,
            -2.50507602534068634195e-08,
            1.58969099521155010221e-10,
        ];
        const C: [f64; 6] = [
            4.16666666666666019037e-02,
            -1.38888888888741095749e-03,
            2.48015872894767294178e-05,
            -2.75573143513906633035e-07,
            2.08757232129817482790e-09,
            -1.13596475577881948265e-11,
        ];
        // Non-finite: NaN. Clamp the argument so that k fits an i64.
        let ax = self.intr1("llvm.fabs", x)?;
        let finite = self.fcmp(FP::OLT, ax, self.c(1e18))?;
        let xc = self.self_f(finite, x, self.c(0.0))?;
        let kf = self.intr1("llvm.rint", self.mul(xc, self.c(TWO_OVER_PI))?)?;
        let k = self.b.build_float_to_signed_int(kf, self.i, "")?;
        let r = self.fma(kf, self.c(-PIO2_1), xc)?;
        let r = self.fma(kf, self.c(-PIO2_2), r)?;
        let r = self.fma(kf, self.c(-PIO2_3), r)?;
        let r = self.fma(kf, self.c(-PIO2_3T), r)?;
        let z = self.mul(r, r)?;
        // sin(r) = r + r^3 S(z); cos(r) = 1 - z/2 + z^2 C(z)
        let sr = self.fma(self.mul(r, z)?, self.poly(z, &S)?, r)?;
        let hz = self.mul(self.c(0.5), z)?;
        let w = self.sub(self.c(1.0), hz)?;
        let corr = self.sub(self.sub(self.c(1.0), w)?, hz)?;
        let cr = self.add(w, self.fma(self.mul(z, z)?, self.poly(z, &C)?, corr)?)?;
        let q = if cos { self.b.build_int_add(k, self.ci(1), "")? } else { k };
        let q = self.b.build_and(q, self.ci(3), "")?;
        let odd = self.b.build_and(q, self.ci(1), "")?;
        let odd = self.b.build_int_compare(IP::NE, odd, self.ci(0), "")?;
        let negate = self.b.build_and(q, self.ci(2), "")?;
        let negate = self.b.build_int_compare(IP::NE, negate, self.ci(0), "")?;
        let v = self.self_f(odd, cr, sr)?;
        let nv = self.b.build_float_neg(v, "")?;
        let v = self.self_f(negate, nv, v)?;
        // sin(±0) = ±0 exactly; inf / NaN → NaN.
        let v = self.self_f(finite, v, self.sub(x, x)?)?;
        if cos {
            Ok(v)
        } else {
            let zero = self.fcmp(FP::OEQ, x, self.c(0.0))?;
            self.self_f(zero, x, v)
        }
    }

    fn pow(&self, x: F<'ctx>, y: F<'ctx>, exp: FunctionValue<'ctx>) -> R<F<'ctx>> {
        let call = |f: FunctionValue<'ctx>, a: F<'ctx>| -> R<F<'ctx>> {
            Ok(self.b.build_call(f, &[a.into()], "")?.try_as_basic_value().basic().unwrap().into_float_value())
        };
        let ax = self.intr1("llvm.fabs", x)?;
        let ay = self.intr1("llvm.fabs", y)?;
        // exp(y * (lh + ll)) ≈ exp(ph) * (1 + pl) with ph + pl = y * (lh + ll).
        let (lh, ll) = self.log2parts(ax)?;
        let ph = self.mul(y, lh)?;
        let pl = self.fma(y, lh, self.b.build_float_neg(ph, "")?)?;
        let pl = self.fma(y, ll, pl)?;
        let plnan = self.isnan(pl)?;
        let pl = self.self_f(plnan, self.c(0.0), pl)?;
        let e = call(exp, ph)?;
        let r = self.fma(e, pl, e)?;
        let einf = self.fcmp(FP::OEQ, e, self.c(f64::INFINITY))?;
        let r = self.self_f(einf, e, r)?;
        // Is y an integer, and an odd one?
        let yt = self.intr1("llvm.trunc", y)?;
        let yint = self.fcmp(FP::OEQ, yt, y)?;
        let small = self.fcmp(FP::OLT, ay, self.c(9007199254740992.0))?;
        let yc = self.self_f(small, y, self.c(0.0))?;
        let yi = self.b.build_float_to_signed_int(yc, self.i, "")?;
        let odd = self.b.build_and(yi, self.ci(1), "")?;
        let odd = self.b.build_int_compare(IP::NE, odd, self.ci(0), "")?;
        let odd = self.b.build_and(odd, yint, "")?;
        // x < 0 (including -inf): integer y → ±|x|^y, else NaN.
        let xneg = self.fcmp(FP::OLT, x, self.c(0.0))?;
        let nr = self.b.build_float_neg(r, "")?;
        let signed = self.self_f(odd, nr, r)?;
        let xninf = self.fcmp(FP::OEQ, x, self.c(f64::NEG_INFINITY))?;
        let nonint = self.self_f(xninf, r, self.c(f64::NAN))?;
        let negres = self.self_f(yint, signed, nonint)?;
        let v = self.self_f(xneg, negres, r)?;
        // x = ±0: y > 0 → +0 (or x for odd y); y < 0 → +inf (or ±inf for odd y).
        let xzero = self.fcmp(FP::OEQ, x, self.c(0.0))?;
        let ypos = self.fcmp(FP::OGT, y, self.c(0.0))?;
        let zpos = self.self_f(odd, x, self.c(0.0))?;
        let inf = self.c(f64::INFINITY);
        let sinf = self.div(self.c(1.0), x)?; // ±inf with x's sign
        let zneg = self.self_f(odd, sinf, inf)?;
        let zres = self.self_f(ypos, zpos, zneg)?;
        let ynan = self.isnan(y)?;
        let zres = self.self_f(ynan, y, zres)?;
        let v = self.self_f(xzero, zres, v)?;
        // |x| = 1 and y = ±inf → 1; x = 1 → 1; y = 0 → 1.
        let one = self.c(1.0);
        let ax1 = self.fcmp(FP::OEQ, ax, one)?;
        let yinf = self.fcmp(FP::OEQ, ay, inf)?;
        let c1 = self.b.build_and(ax1, yinf, "")?;
        let x1 = self.fcmp(FP::OEQ, x, one)?;
        let y0 = self.fcmp(FP::OEQ, y, self.c(0.0))?;
        let c = self.b.build_or(c1, x1, "")?;
        let c = self.b.build_or(c, y0, "")?;
        self.self_f(c, one, v)
    }
}
