//! `real(16)`: IEEE binary128 values (gfortran's `__float128`) handled as their bits, with
//! exact conversions to and from decimal on big integers: correctly rounded digits for
//! output (as libquadmath's `quadmath_snprintf` gives them to libgfortran) and correctly
//! rounded values for input (as `strtoflt128`).

use crate::format::Round;

/// Bits of the mantissa field.
const FRAC_BITS: u32 = 112;
const EXP_BIAS: i64 = 16383;
const EXP_MASK: u128 = 0x7fff;

pub const INFINITY: u128 = EXP_MASK << FRAC_BITS;
pub const NAN: u128 = (EXP_MASK << FRAC_BITS) | (1u128 << (FRAC_BITS - 1));
pub const SIGN: u128 = 1u128 << 127;

pub fn is_neg(b: u128) -> bool {
    b & SIGN != 0
}

pub fn is_finite(b: u128) -> bool {
    (b >> FRAC_BITS) & EXP_MASK != EXP_MASK
}

pub fn is_nan(b: u128) -> bool {
    !is_finite(b) && b & ((1u128 << FRAC_BITS) - 1) != 0
}

pub fn is_zero(b: u128) -> bool {
    b & !SIGN == 0
}

/// An unsigned big integer, 32-bit limbs, least significant first, no leading zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u128(mut v: u128) -> Big {
        let mut l = Vec::new();
        while v != 0 {
            l.push(v as u32);
            v >>= 32;
        }
        Big(l)
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for l in self.0.iter_mut() {
            let v = u64::from(*l) * u64::from(m) + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    fn add_small(&mut self, a: u32) {
        let mut carry = u64::from(a);
        for l in self.0.iter_mut() {
            if carry == 0 {
                break;
            }
            let v = u64::from(*l) + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    /// `self * 10^n` (`5^n` when `five`).
    fn mul_pow(&mut self, mut n: u32, five: bool) {
        let (big, step, small) = if five { (1_220_703_125u32, 13, 5u32) } else { (1_000_000_000u32, 9, 10u32) };
        while n >= step {
            self.mul_small(big);
            n -= step;
        }
        for _ in 0..n {
            self.mul_small(small);
        }
    }

    fn bits(&self) -> u64 {
        match self.0.last() {
            None => 0,
            Some(&top) => (self.0.len() as u64 - 1) * 32 + u64::from(32 - top.leading_zeros()),
        }
    }

    fn shl(&self, n: u64) -> Big {
        let (limbs, bits) = ((n / 32) as usize, (n % 32) as u32);
        let mut out = vec![0u32; limbs];
        let mut carry = 0u32;
        for &l in &self.0 {
            if bits == 0 {
                out.push(l);
            } else {
                out.push((l << bits) | carry);
                carry = l >> (32 - bits);
            }
        }
        if carry != 0 {
            out.push(carry);
        }
        let mut b = Big(out);
        b.trim();
        b
    }

    fn cmp(&self, o: &Big) -> std::cmp::Ordering {
        self.0.len().cmp(&o.0.len()).then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
    }

    /// `self -= o`, `o <= self`.
    fn sub(&mut self, o: &Big) {
        let mut borrow = 0i64;
        for i in 0..self.0.len() {
            let v = i64::from(self.0[i]) - i64::from(o.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            self.0[i] = v.rem_euclid(1 << 32) as u32;
        }
        self.trim();
    }

    /// The decimal digits (ASCII), most significant first; empty for zero.
    fn decimal(&self) -> Vec<u8> {
        let mut limbs = self.0.clone();
        let mut chunks = Vec::new();
        while !limbs.is_empty() {
            let mut rem = 0u64;
            for l in limbs.iter_mut().rev() {
                let v = (rem << 32) | u64::from(*l);
                *l = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
            chunks.push(rem as u32);
        }
        let mut s = String::new();
        for (i, c) in chunks.iter().rev().enumerate() {
            if i == 0 {
                s.push_str(&c.to_string());
            } else {
                s.push_str(&format!("{c:09}"));
            }
        }
        s.into_bytes()
    }
}

/// The exact decimal value of a finite non-zero `|b|`: digits `D` (no trailing zeros) and
/// `exp` with `|b| = 0.D × 10^exp`.
pub(crate) fn exact(b: u128) -> (Vec<u8>, i64) {
    let e = ((b >> FRAC_BITS) & EXP_MASK) as i64;
    let frac = b & ((1u128 << FRAC_BITS) - 1);
    let (m, e2) = if e == 0 {
        (frac, 1 - EXP_BIAS - i64::from(FRAC_BITS))
    } else {
        (frac | (1u128 << FRAC_BITS), e - EXP_BIAS - i64::from(FRAC_BITS))
    };
    let mut n = Big::from_u128(m);
    let (mut d, exp) = if e2 >= 0 {
        n = n.shl(e2 as u64);
        let d = n.decimal();
        let len = d.len() as i64;
        (d, len)
    } else {
        n.mul_pow((-e2) as u32, true);
        let d = n.decimal();
        let len = d.len() as i64;
        (d, len + e2)
    };
    while d.last() == Some(&b'0') {
        d.pop();
    }
    (d, exp)
}

/// Rounds the digit string `d` to its first `keep` digits (ties to even); returns the
/// digits and whether they carried into a new leading digit.
fn round_digits(d: &[u8], keep: usize) -> (Vec<u8>, bool) {
    let mut out: Vec<u8> = d.iter().take(keep).copied().collect();
    out.resize(keep, b'0');
    let up = match d.get(keep) {
        None => false,
        Some(&c) if c > b'5' => true,
        Some(&c) if c < b'5' => false,
        Some(_) => d.len() > keep + 1 || out.last().is_some_and(|&c| (c - b'0') % 2 == 1),
    };
    if !up {
        return (out, false);
    }
    for c in out.iter_mut().rev() {
        if *c == b'9' {
            *c = b'0';
        } else {
            *c += 1;
            return (out, false);
        }
    }
    out.insert(0, b'1');
    (out, true)
}

/// `n` correctly rounded significant digits of a finite non-zero `|b|` and the exponent
/// `e10` with `|b| ≈ d1.d2… × 10^e10` (as `format::sig_digits`).
pub fn sig_digits(b: u128, n: usize) -> (Vec<u8>, i32) {
    let (d, exp) = exact(b);
    let (mut r, carried) = round_digits(&d, n);
    if carried {
        r.truncate(n);
        return (r, exp as i32);
    }
    (r, (exp - 1) as i32)
}

/// `|b|` with `prec` decimals, correctly rounded (as Rust's `{:.prec}` of an `f64`).
pub fn fixed(b: u128, prec: usize) -> String {
    let (d, exp) = if is_zero(b) { (Vec::new(), 0) } else { exact(b) };
    // The digits before the rounding position.
    let keep = exp + prec as i64;
    let digits: Vec<u8> = if keep < 0 || d.is_empty() {
        Vec::new()
    } else {
        let (r, _) = round_digits(&d, keep as usize);
        r
    };
    // `digits` is the value × 10^prec as an integer (possibly with a new leading digit).
    let mut s: Vec<u8> = digits;
    while s.len() > 1 && s[0] == b'0' {
        s.remove(0);
    }
    if s.len() <= prec {
        let mut p = vec![b'0'; prec + 1 - s.len()];
        p.extend_from_slice(&s);
        s = p;
    }
    let point = s.len() - prec;
    let (i, f) = s.split_at(point);
    let i = String::from_utf8_lossy(i);
    if prec == 0 {
        return i.into_owned();
    }
    format!("{i}.{}", String::from_utf8_lossy(f))
}

/// The binary128 value of `[-]digits e exp` (`text` as `input::parse_real` normalises it:
/// digits, then `e` and a decimal exponent), correctly rounded (ties to even).
pub fn parse(text: &str) -> Option<u128> {
    parse_ieee(text, FRAC_BITS, 15, Round::Nearest)
}

/// The bits of the IEEE binary format with `frac` bits of mantissa field and `ebits` of
/// exponent (binary128: 112 and 15, binary64: 52 and 11, binary32: 23 and 8) nearest to
/// `[-]digits e exp` in the rounding mode `round` (`round=` of an input statement: up,
/// down, toward zero, to nearest with ties to even or, compatible, away from zero). A
/// value beyond the largest finite one is infinite, or the largest finite one where the
/// mode rounds toward zero; a nonzero one below the smallest subnormal is zero, or the
/// smallest subnormal where the mode rounds away from zero.
pub fn parse_ieee(text: &str, frac: u32, ebits: u32, round: Round) -> Option<u128> {
    let (neg, t) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let (mant, e) = t.split_once('e').unwrap_or((t, "0"));
    let mut p: i64 = e.parse().ok()?;
    let sign = if neg { 1u128 << (frac + ebits) } else { 0 };
    let exp_mask: u128 = (1u128 << ebits) - 1;
    let bias: i64 = (1i64 << (ebits - 1)) - 1;
    let prec = i64::from(frac) + 1;
    let infinity = sign | (exp_mask << frac);
    let max_finite = sign | (((exp_mask - 1) << frac) | ((1u128 << frac) - 1));
    // Whether the mode rounds a value of this sign away from zero, or toward it.
    let (away, toward) = match round {
        Round::Up => (!neg, neg),
        Round::Down => (neg, !neg),
        Round::Zero => (false, true),
        Round::Nearest | Round::Compatible => (false, false),
    };
    let overflow = if toward { max_finite } else { infinity };
    let underflow = if away { sign | 1 } else { sign };
    let mant = mant.trim_start_matches('0');
    let mut digits = mant.as_bytes().to_vec();
    while digits.last() == Some(&b'0') {
        digits.pop();
        p += 1;
    }
    if digits.is_empty() {
        return Some(sign);
    }
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // Decimal magnitudes certainly beyond the format's range (log10 2 < 0.30103).
    let mag = p + digits.len() as i64;
    if mag > (bias + 2) * 30103 / 100000 + 2 {
        return Some(overflow);
    }
    if mag < -(bias + prec + 2) * 30103 / 100000 - 2 {
        return Some(underflow);
    }
    let mut num = Big(Vec::new());
    for &c in &digits {
        num.mul_small(10);
        num.add_small(u32::from(c - b'0'));
    }
    let mut den = Big::from_u128(1);
    if p >= 0 {
        num.mul_pow(p as u32, false);
    } else {
        den.mul_pow((-p) as u32, false);
    }
    // q = floor(num × 2^s / den) with prec + 3 to prec + 5 bits.
    let s = prec + 4 - (num.bits() as i64 - den.bits() as i64);
    let (a, bden) = if s >= 0 { (num.shl(s as u64), den) } else { (num, den.shl((-s) as u64)) };
    let mut rem = a;
    let mut q: u128 = 0;
    let qbits = rem.bits().saturating_sub(bden.bits()) + 1;
    for i in (0..qbits.min(127)).rev() {
        let t = bden.shl(i);
        if rem.cmp(&t) != std::cmp::Ordering::Less {
            rem.sub(&t);
            q |= 1u128 << i;
        }
    }
    let sticky = !rem.is_zero();
    let l = 128 - i64::from(q.leading_zeros());
    // The value is q × 2^-s; its leading bit has weight 2^(l - 1 - s).
    let lead = l - 1 - s;
    let shift = if lead < 1 - bias { l - prec + (1 - bias - lead) } else { l - prec };
    if shift >= 128 {
        return Some(underflow);
    }
    let (mut m, half, low) = if shift > 0 {
        let sh = shift as u32;
        let m = q >> sh;
        let half = (q >> (sh - 1)) & 1 == 1;
        let low = q & ((1u128 << (sh - 1)) - 1) != 0 || sticky;
        (m, half, low)
    } else {
        (q << (-shift) as u32, false, sticky)
    };
    let up = match round {
        Round::Nearest => half && (low || m & 1 == 1),
        Round::Compatible => half,
        _ => away && (half || low),
    };
    if up {
        m += 1;
    }
    // The exponent of m's unit: 2^(shift - s).
    let mut unit = shift - s;
    if m >> prec != 0 {
        m >>= 1;
        unit += 1;
    }
    if m >> frac == 0 {
        // Subnormal (or rounded up into the smallest normal).
        return Some(sign | m);
    }
    let biased = unit + i64::from(frac) + bias;
    if biased >= exp_mask as i64 {
        return Some(overflow);
    }
    Some(sign | ((biased as u128) << frac) | (m & ((1u128 << frac) - 1)))
}

/// Whether `|b|` is at least the `f64` nearest to 0.1 (exactly
/// 0.1000000000000000055511151231257827021181583404541015625).
pub fn at_least_tenth_f64(b: u128) -> bool {
    if is_zero(b & !SIGN) {
        return false;
    }
    let (d, exp) = exact(b & !SIGN);
    match exp {
        e if e > 0 => true,
        e if e < 0 => false,
        _ => d.as_slice() >= b"1000000000000000055511151231257827021181583404541015625".as_slice(),
    }
}

/// The nearest `f64` (for the few decisions that need only a magnitude).
pub fn to_f64(b: u128) -> f64 {
    if !is_finite(b) {
        let v = if is_nan(b) { f64::NAN } else { f64::INFINITY };
        return if is_neg(b) { -v } else { v };
    }
    if is_zero(b) {
        return if is_neg(b) { -0.0 } else { 0.0 };
    }
    let (d, e) = sig_digits(b, 20);
    let v: f64 =
        format!("{}{}e{}", if is_neg(b) { "-" } else { "" }, String::from_utf8_lossy(&d), i64::from(e) - 19).parse().unwrap_or(0.0);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let one = parse("1e0").unwrap();
        assert_eq!(one, 0x3fff_0000_0000_0000_0000_0000_0000_0000);
        assert_eq!(sig_digits(one, 3), (b"100".to_vec(), 0));
        let third = parse("333333333333333333333333333333333333333e-39").unwrap();
        assert_eq!(sig_digits(third, 36).0, b"333333333333333333333333333333333317".to_vec());
        assert_eq!(fixed(parse("125e-2").unwrap(), 1), "1.2");
        assert_eq!(fixed(parse("135e-2").unwrap(), 1), "1.4");
        assert_eq!(fixed(parse("5e-1").unwrap(), 0), "0");
        assert_eq!(fixed(parse("6e-3").unwrap(), 2), "0.01");
        assert_eq!(fixed(0, 3), "0.000");
        assert_eq!(sig_digits(parse("1e-1").unwrap(), 36).0, b"100000000000000000000000000000000005".to_vec());
        let huge = parse("118973149535723176508575932662800702e4897").unwrap();
        assert_eq!(huge, 0x7ffe_ffff_ffff_ffff_ffff_ffff_ffff_ffff);
        let tiny = parse("336210314311209350626267781732175260e-4967").unwrap();
        assert_eq!(tiny, 0x0001_0000_0000_0000_0000_0000_0000_0000);
        assert_eq!(parse("-25e-1").map(to_f64), Some(-2.5));
    }

    /// binary64 and binary32 by `parse_ieee`: to nearest as Rust's correctly rounded
    /// parser; up and down bracket the value, one unit apart unless it is exact.
    #[test]
    fn directed_rounding_of_doubles_and_floats() {
        let texts = [
            "1e-1",
            "3e-1",
            "-1e-1",
            "2e0",
            "16777217e0",
            "-16777217e0",
            "9007199254740993e0",
            "17976931348623157e292",
            "18e307",
            "-18e307",
            "5e-324",
            "24703282292062327e-340",
            "1e-400",
            "-1e-400",
            "123456789e-20",
            "7e0",
        ];
        for t in texts {
            let near = t.parse::<f64>().unwrap_or(0.0);
            let bits = |r: Round| f64::from_bits(parse_ieee(t, 52, 11, r).unwrap_or(0) as u64);
            assert_eq!(bits(Round::Nearest).to_bits(), near.to_bits(), "{t} nearest");
            let (up, down, zero) = (bits(Round::Up), bits(Round::Down), bits(Round::Zero));
            assert!(down <= near && near <= up, "{t}: {down} {near} {up}");
            assert!(up == down || up == down.next_up(), "{t}: {down} {up}");
            assert_eq!(zero, if t.starts_with('-') { up } else { down }, "{t} zero");
            let near32 = t.parse::<f32>().unwrap_or(0.0);
            let f = |r: Round| f32::from_bits(parse_ieee(t, 23, 8, r).unwrap_or(0) as u32);
            assert_eq!(f(Round::Nearest).to_bits(), near32.to_bits(), "{t} f32 nearest");
            assert!(f(Round::Down) <= near32 && near32 <= f(Round::Up), "{t} f32");
        }
        // Beyond the range: the largest finite value toward zero, infinity away from it.
        assert_eq!(f64::from_bits(parse_ieee("2e308", 52, 11, Round::Down).unwrap_or(0) as u64), f64::MAX);
        assert_eq!(f64::from_bits(parse_ieee("2e308", 52, 11, Round::Up).unwrap_or(0) as u64), f64::INFINITY);
        assert_eq!(f64::from_bits(parse_ieee("1e-400", 52, 11, Round::Up).unwrap_or(0) as u64), 5e-324);
        assert_eq!(f64::from_bits(parse_ieee("-1e-400", 52, 11, Round::Up).unwrap_or(0) as u64).to_bits(), (-0.0f64).to_bits());
    }
}
