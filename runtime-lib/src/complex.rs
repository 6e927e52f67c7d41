//! Complex arithmetic that the generated code calls (`sqrt`, `exp`, integer powers) as
//! gfortran computes it: the C library's `csqrt`/`cexp` and libgfortran's `pow_c*_i*`
//! repeated squaring.

#[repr(C)]
#[derive(Clone, Copy)]
struct C64 {
    re: f64,
    im: f64,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct C32 {
    re: f32,
    im: f32,
}

extern "C" {
    fn csqrt(z: C64) -> C64;
    fn cexp(z: C64) -> C64;
    fn clog(z: C64) -> C64;
    fn csin(z: C64) -> C64;
    fn ccos(z: C64) -> C64;
    fn cpow(z: C64, w: C64) -> C64;
    fn csqrtf(z: C32) -> C32;
    fn cexpf(z: C32) -> C32;
    fn clogf(z: C32) -> C32;
    fn csinf(z: C32) -> C32;
    fn ccosf(z: C32) -> C32;
    fn cpowf(z: C32, w: C32) -> C32;
    fn ctan(z: C64) -> C64;
    fn casin(z: C64) -> C64;
    fn cacos(z: C64) -> C64;
    fn catan(z: C64) -> C64;
    fn csinh(z: C64) -> C64;
    fn ccosh(z: C64) -> C64;
    fn ctanh(z: C64) -> C64;
    fn casinh(z: C64) -> C64;
    fn cacosh(z: C64) -> C64;
    fn catanh(z: C64) -> C64;
    fn ctanf(z: C32) -> C32;
    fn casinf(z: C32) -> C32;
    fn cacosf(z: C32) -> C32;
    fn catanf(z: C32) -> C32;
    fn csinhf(z: C32) -> C32;
    fn ccoshf(z: C32) -> C32;
    fn ctanhf(z: C32) -> C32;
    fn casinhf(z: C32) -> C32;
    fn cacoshf(z: C32) -> C32;
    fn catanhf(z: C32) -> C32;
}

/// The C library's complex functions by number: 0 `sqrt`, 1 `exp`, 3 `log`, 4 `sin`,
/// 5 `cos`, 6 `pow` (with `w`), 7 `tan`, 8 `asin`, 9 `acos`, 10 `atan`, 11 `sinh`,
/// 12 `cosh`, 13 `tanh`, 14 `asinh`, 15 `acosh`, 16 `atanh`.
pub fn math64(op: i32, re: f64, im: f64, w: (f64, f64)) -> (f64, f64) {
    let z = C64 { re, im };
    // SAFETY: plain C library functions on values.
    let r = unsafe {
        match op {
            1 => cexp(z),
            3 => clog(z),
            4 => csin(z),
            5 => ccos(z),
            6 => cpow(z, C64 { re: w.0, im: w.1 }),
            7 => ctan(z),
            8 => casin(z),
            9 => cacos(z),
            10 => catan(z),
            11 => csinh(z),
            12 => ccosh(z),
            13 => ctanh(z),
            14 => casinh(z),
            15 => cacosh(z),
            16 => catanh(z),
            _ => csqrt(z),
        }
    };
    (r.re, r.im)
}

/// [`math64`] for complex(4).
pub fn math32(op: i32, re: f32, im: f32, w: (f32, f32)) -> (f32, f32) {
    let z = C32 { re, im };
    // SAFETY: plain C library functions on values.
    let r = unsafe {
        match op {
            1 => cexpf(z),
            3 => clogf(z),
            4 => csinf(z),
            5 => ccosf(z),
            6 => cpowf(z, C32 { re: w.0, im: w.1 }),
            7 => ctanf(z),
            8 => casinf(z),
            9 => cacosf(z),
            10 => catanf(z),
            11 => csinhf(z),
            12 => ccoshf(z),
            13 => ctanhf(z),
            14 => casinhf(z),
            15 => cacoshf(z),
            16 => catanhf(z),
            _ => csqrtf(z),
        }
    };
    (r.re, r.im)
}

macro_rules! powi {
    ($name:ident, $t:ty) => {
        /// `z ** n` by repeated squaring (libgfortran's `pow_c*_i*`).
        pub fn $name(re: $t, im: $t, n: i64) -> ($t, $t) {
            let mul = |(a, b): ($t, $t), (c, d): ($t, $t)| (a * c - b * d, a * d + b * c);
            let mut pow: ($t, $t) = (1.0, 0.0);
            let mut x = (re, im);
            if n != 0 {
                let mut u = n.unsigned_abs();
                if n < 0 {
                    // 1 / x (Smith's method).
                    let (c, d) = x;
                    x = if c.abs() < d.abs() {
                        let r = c / d;
                        let den = c * r + d;
                        (r / den, -1.0 / den)
                    } else {
                        let r = d / c;
                        let den = d * r + c;
                        (1.0 / den, -r / den)
                    };
                }
                loop {
                    if u & 1 != 0 {
                        pow = mul(pow, x);
                    }
                    u >>= 1;
                    if u != 0 {
                        x = mul(x, x);
                    } else {
                        break;
                    }
                }
            }
            pow
        }
    };
}
powi!(powi64, f64);
powi!(powi32, f32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_and_roots() {
        assert_eq!(powi64(1.0, 2.0, 2), (-3.0, 4.0));
        assert_eq!(powi64(1.0, 1.0, 4), (-4.0, 0.0));
        assert_eq!(powi32(0.0, 1.0, 3), (0.0, -1.0));
        assert_eq!(powi64(2.0, 0.0, -2), (0.25, 0.0));
        assert_eq!(powi64(5.0, 7.0, 0), (1.0, 0.0));
        assert_eq!(math64(0, -4.0, 0.0, (0.0, 0.0)), (0.0, 2.0));
        assert_eq!(math32(1, 0.0, 0.0, (0.0, 0.0)), (1.0, 0.0));
        assert_eq!(math64(3, 1.0, 0.0, (0.0, 0.0)), (0.0, 0.0));
    }
}
