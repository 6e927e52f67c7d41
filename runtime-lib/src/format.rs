//! Fortran edit descriptors: the run-time format parser (compiled to a small
//! linear program with group loops) and the pure functions that edit one
//! value (`I`, `B`, `O`, `Z`, `F`, `E`, `EN`, `ES`, `D`, `G`, `L`, `A`, and
//! list-directed reals), all matching gfortran 12's output byte for byte.
//!
//! Decimal conversion uses Rust's exact float formatting (`{:.N}` and
//! `{:.Ne}` give the correctly rounded decimal expansion of the binary value,
//! ties to even), which is what glibc's `printf` gives libgfortran.

/// Sign editing mode (`S`/`SS` vs `SP`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignMode {
    /// No `+` for non-negative values (default, `S`, `SS`).
    Suppress,
    /// `+` for non-negative values (`SP`).
    Plus,
}

/// Rounding mode of real output (`RN`, `RU`, `RD`, `RZ`, `RC`; `RP` and the default are
/// gfortran's round-to-nearest-even of the exact binary value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Round {
    #[default]
    Nearest,
    Up,
    Down,
    Zero,
    Compatible,
}

thread_local! {
    /// The rounding mode of the edit in progress (see [`with_round`]).
    static ROUND: std::cell::Cell<Round> = const { std::cell::Cell::new(Round::Nearest) };
}

/// Runs `f` (an editing function) with the rounding mode `r`.
pub fn with_round<R>(r: Round, f: impl FnOnce() -> R) -> R {
    let old = ROUND.with(|c| c.replace(r));
    let v = f();
    ROUND.with(|c| c.set(old));
    v
}

/// Whether the digits `rest` after the kept ones (of a magnitude, `neg` its sign) round
/// the kept ones away from zero under `mode`; `last_odd`: the last kept digit is odd.
fn rounds_up(rest: &[u8], neg: bool, last_odd: bool, mode: Round) -> bool {
    let nonzero = rest.iter().any(|&c| c != b'0');
    match mode {
        Round::Up => nonzero && !neg,
        Round::Down => nonzero && neg,
        Round::Zero => false,
        Round::Compatible => rest.first().is_some_and(|&c| c >= b'5'),
        Round::Nearest => match rest.first() {
            None => false,
            Some(&c) if c != b'5' => c > b'5',
            Some(_) => rest[1..].iter().any(|&c| c != b'0') || last_odd,
        },
    }
}

/// The digit string `d` rounded to its first `keep` digits under `mode`; whether they
/// carried into a new leading digit.
fn round_to(d: &[u8], keep: usize, neg: bool, mode: Round) -> (Vec<u8>, bool) {
    let mut out: Vec<u8> = d.iter().take(keep).copied().collect();
    out.resize(keep, b'0');
    let rest = d.get(keep..).unwrap_or(&[]);
    if !rounds_up(rest, neg, out.last().is_some_and(|&c| (c - b'0') % 2 == 1), mode) {
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

/// The exact decimal digits of a finite non-zero `|x|`: `D` (no trailing zeros) and `exp`
/// with `|x| = 0.D × 10^exp`.
fn exact_f64(x: f64) -> (Vec<u8>, i64) {
    // 800 significant digits hold every double exactly
    let s = format!("{:.800e}", x.abs());
    let (mant, e) = s.split_once('e').unwrap_or((&s, "0"));
    let mut d: Vec<u8> = mant.bytes().filter(|c| c.is_ascii_digit()).collect();
    while d.last() == Some(&b'0') {
        d.pop();
    }
    (d, e.parse::<i64>().unwrap_or(0) + 1)
}

/// Kind of a real descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RealEdit {
    F,
    E,
    D,
    EN,
    ES,
    G,
}

/// One data edit descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Desc {
    /// `Iw[.m]`, `Bw[.m]`, `Ow[.m]`, `Zw[.m]`: radix 10, 2, 8, 16.
    Int { radix: u32, w: usize, m: Option<usize> },
    /// Real descriptors; `e` is the exponent width (`Ee`), `d` is None only
    /// for `G0`.
    Real { kind: RealEdit, w: usize, d: Option<usize>, e: Option<usize> },
    /// `Lw`.
    Logical { w: usize },
    /// `A[w]`.
    Char { w: Option<usize> },
}

/// One instruction of a compiled format.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Data {
        desc: Desc,
        rep: u32,
        pos: usize,
    },
    Lit(Vec<u8>),
    /// `nX`, `TRn`.
    Right(usize),
    /// `TLn`.
    Left(usize),
    /// `Tn`.
    Tab(usize),
    /// `/` (repeated `n/` gives n ops).
    Slash,
    Colon,
    Sign(SignMode),
    Scale(i32),
    /// `DC` (true) / `DP` (false): the decimal comma.
    Decimal(bool),
    /// `RU`, `RD`, `RZ`, `RN`, `RC`, `RP`.
    Round(Round),
    /// `BN` (false) / `BZ` (true): blank interpretation on input.
    Blank(bool),
    /// Group start; `rep == 0` means unlimited (`*( )`); `end` is the index
    /// of the matching GroupEnd.
    GroupStart {
        rep: u32,
        end: usize,
    },
    GroupEnd {
        start: usize,
    },
}

/// A compiled format.
#[derive(Clone, Debug)]
pub struct Format {
    pub ops: Vec<Op>,
    /// Where format reversion restarts: the rightmost top-level group, or 0.
    pub revert: usize,
    pub has_data: bool,
    /// The source text, for error messages.
    pub text: Vec<u8>,
}

/// A format error with the byte offset gfortran points its caret at.
#[derive(Clone, Debug, PartialEq)]
pub struct FormatError {
    pub msg: String,
    pub pos: usize,
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    ops: Vec<Op>,
}

impl Parser<'_> {
    fn skip_blanks(&mut self) {
        while self.i < self.s.len() && (self.s[self.i] == b' ' || self.s[self.i] == b'\t') {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.skip_blanks();
        self.s.get(self.i).map(|c| c.to_ascii_uppercase())
    }
    fn err<T>(&self, msg: &str, pos: usize) -> Result<T, FormatError> {
        Err(FormatError { msg: msg.to_string(), pos })
    }
    fn eof<T>(&self) -> Result<T, FormatError> {
        self.err("Unexpected end of format string", self.s.len())
    }
    fn number(&mut self) -> Option<usize> {
        self.skip_blanks();
        let start = self.i;
        let mut v: usize = 0;
        while self.i < self.s.len() {
            let c = self.s[self.i];
            if c.is_ascii_digit() {
                v = v.saturating_mul(10).saturating_add((c - b'0') as usize);
                self.i += 1;
            } else if c == b' ' {
                self.i += 1;
            } else {
                break;
            }
        }
        if self.i == start {
            None
        } else {
            Some(v)
        }
    }
    fn literal(&mut self, q: u8) -> Result<Vec<u8>, FormatError> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.s.get(self.i) {
                None => return self.eof(),
                Some(&c) if c == q => {
                    if self.s.get(self.i + 1) == Some(&q) {
                        out.push(q);
                        self.i += 2;
                    } else {
                        self.i += 1;
                        return Ok(out);
                    }
                }
                Some(&c) => {
                    out.push(c);
                    self.i += 1;
                }
            }
        }
    }

    /// Parses a list up to and including the closing parenthesis.
    fn list(&mut self, top: bool) -> Result<Option<usize>, FormatError> {
        let mut last_group = None;
        let mut need_item = true; // after '(' or ','
        loop {
            let c = match self.peek() {
                None => return self.eof(),
                Some(c) => c,
            };
            let at = self.i;
            match c {
                b')' => {
                    if self.prev_nonblank(at) == b',' {
                        return self.err("Unexpected element ')' in format", at);
                    }
                    self.i += 1;
                    return Ok(last_group);
                }
                b',' => {
                    if need_item {
                        return self.err("Unexpected element ',' in format", at);
                    }
                    self.i += 1;
                    need_item = true;
                    continue;
                }
                b'/' => {
                    self.i += 1;
                    self.ops.push(Op::Slash);
                    need_item = false; // a comma is optional after '/'
                    continue;
                }
                b':' => {
                    self.i += 1;
                    self.ops.push(Op::Colon);
                    need_item = false;
                    continue;
                }
                _ => {}
            }
            let g = self.item()?;
            if top && g.is_some() {
                last_group = g;
            }
            need_item = false;
        }
    }

    fn prev_nonblank(&self, at: usize) -> u8 {
        let mut j = at;
        while j > 0 {
            j -= 1;
            if self.s[j] != b' ' {
                return self.s[j];
            }
        }
        0
    }

    /// Parses one item (not ',', '/', ':', ')'); returns the index of its
    /// GroupStart if it is a group.
    fn item(&mut self) -> Result<Option<usize>, FormatError> {
        let c = self.peek().unwrap_or(0);
        let at = self.i;
        if c == b'\'' || c == b'"' {
            let lit = self.literal(self.s[at])?;
            self.ops.push(Op::Lit(lit));
            return Ok(None);
        }
        // optional sign / repeat count
        if c == b'-' || c == b'+' {
            let neg = c == b'-';
            self.i += 1;
            let n = match self.number() {
                Some(n) => n,
                None => return self.err("Expected P edit descriptor in format", self.i),
            };
            return self.p_desc(if neg { -(n as i32) } else { n as i32 });
        }
        let rep = self.number();
        let c = match self.peek() {
            None => return self.eof(),
            Some(c) => c,
        };
        let at = self.i;
        if rep == Some(0) && c != b'P' && c != b'X' {
            return self.err("Zero repeat count in format", at);
        }
        let r = rep.unwrap_or(1) as u32;
        match c {
            b'(' => {
                self.i += 1;
                let start = self.ops.len();
                self.ops.push(Op::GroupStart { rep: r, end: 0 });
                self.list(false)?;
                let end = self.ops.len();
                self.ops.push(Op::GroupEnd { start });
                self.ops[start] = Op::GroupStart { rep: r, end };
                Ok(Some(start))
            }
            b'*' => {
                if rep.is_some() {
                    return self.err("Unexpected element '*' in format", at);
                }
                self.i += 1;
                if self.peek() != Some(b'(') {
                    return self.err("Left parenthesis required after '*'", self.i);
                }
                self.i += 1;
                let start = self.ops.len();
                self.ops.push(Op::GroupStart { rep: 0, end: 0 });
                self.list(false)?;
                let end = self.ops.len();
                self.ops.push(Op::GroupEnd { start });
                self.ops[start] = Op::GroupStart { rep: 0, end };
                Ok(Some(start))
            }
            b'\'' | b'"' => {
                let lit = self.literal(self.s[at])?;
                for _ in 0..r {
                    self.ops.push(Op::Lit(lit.clone()));
                }
                Ok(None)
            }
            b'/' => {
                self.i += 1;
                for _ in 0..r {
                    self.ops.push(Op::Slash);
                }
                Ok(None)
            }
            b'P' => self.p_desc(rep.unwrap_or(0) as i32),
            b'X' => {
                self.i += 1;
                self.ops.push(Op::Right(rep.unwrap_or(1)));
                Ok(None)
            }
            b'H' => {
                let n = match rep {
                    Some(n) if n > 0 => n,
                    _ => return self.err("Positive width required with H descriptor", at),
                };
                self.i += 1;
                if self.i + n > self.s.len() {
                    return self.eof();
                }
                self.ops.push(Op::Lit(self.s[self.i..self.i + n].to_vec()));
                self.i += n;
                Ok(None)
            }
            _ => {
                self.i += 1;
                let c2 = self.s.get(self.i).map(|c| c.to_ascii_uppercase());
                match (c, c2) {
                    (b'T', Some(b'L')) | (b'T', Some(b'R')) => {
                        self.i += 1;
                        let n = match self.number() {
                            Some(n) if n > 0 => n,
                            _ => return self.err("Positive width required in format", self.i),
                        };
                        self.ops.push(if c2 == Some(b'L') { Op::Left(n) } else { Op::Right(n) });
                        Ok(None)
                    }
                    (b'T', _) => {
                        let n = match self.number() {
                            Some(n) if n > 0 => n,
                            _ => return self.err("Positive width required in format", self.i),
                        };
                        self.ops.push(Op::Tab(n));
                        Ok(None)
                    }
                    (b'S', Some(b'P')) => {
                        self.i += 1;
                        self.ops.push(Op::Sign(SignMode::Plus));
                        Ok(None)
                    }
                    (b'S', Some(b'S')) => {
                        self.i += 1;
                        self.ops.push(Op::Sign(SignMode::Suppress));
                        Ok(None)
                    }
                    (b'S', _) => {
                        self.ops.push(Op::Sign(SignMode::Suppress));
                        Ok(None)
                    }
                    (b'D', Some(b'C')) | (b'D', Some(b'P')) => {
                        self.i += 1;
                        self.ops.push(Op::Decimal(c2 == Some(b'C')));
                        Ok(None)
                    }
                    (b'R', Some(m @ (b'U' | b'D' | b'Z' | b'N' | b'C' | b'P'))) => {
                        self.i += 1;
                        self.ops.push(Op::Round(match m {
                            b'U' => Round::Up,
                            b'D' => Round::Down,
                            b'Z' => Round::Zero,
                            b'C' => Round::Compatible,
                            _ => Round::Nearest,
                        }));
                        Ok(None)
                    }
                    (b'B', Some(b'N')) | (b'B', Some(b'Z')) => {
                        self.i += 1; // blank control: input only
                        self.ops.push(Op::Blank(c2 == Some(b'Z')));
                        Ok(None)
                    }
                    (b'E', Some(b'N')) | (b'E', Some(b'S')) => {
                        self.i += 1;
                        let k = if c2 == Some(b'N') { RealEdit::EN } else { RealEdit::ES };
                        self.real(k, r, at)
                    }
                    (b'E', _) => self.real(RealEdit::E, r, at),
                    (b'D', _) => self.real(RealEdit::D, r, at),
                    (b'F', _) => self.real(RealEdit::F, r, at),
                    (b'G', _) => self.real(RealEdit::G, r, at),
                    (b'I', _) | (b'B', _) | (b'O', _) | (b'Z', _) => {
                        let radix = match c {
                            b'I' => 10,
                            b'B' => 2,
                            b'O' => 8,
                            _ => 16,
                        };
                        let w = match self.number() {
                            Some(w) => w,
                            None => return self.err("Nonnegative width required in format", self.i),
                        };
                        let m = self.dot_number("Nonnegative width required in format")?;
                        self.push_data(Desc::Int { radix, w, m }, r, at);
                        Ok(None)
                    }
                    (b'L', _) => {
                        let w = match self.number() {
                            Some(w) => w,
                            None => return self.err("Nonnegative width required in format", self.i),
                        };
                        self.push_data(Desc::Logical { w }, r, at);
                        Ok(None)
                    }
                    (b'A', _) => {
                        let save = self.i;
                        let w = self.number();
                        if w == Some(0) {
                            return self.err("Zero width in format descriptor", save);
                        }
                        self.push_data(Desc::Char { w }, r, at);
                        Ok(None)
                    }
                    _ => {
                        let shown = self.s[at] as char;
                        self.err(&format!("Unexpected element '{shown}' in format"), at)
                    }
                }
            }
        }
    }

    fn p_desc(&mut self, k: i32) -> Result<Option<usize>, FormatError> {
        if self.peek() != Some(b'P') {
            return self.err("Expected P edit descriptor in format", self.i);
        }
        self.i += 1;
        self.ops.push(Op::Scale(k));
        Ok(None)
    }

    fn dot_number(&mut self, msg: &str) -> Result<Option<usize>, FormatError> {
        if self.peek() == Some(b'.') {
            self.i += 1;
            match self.number() {
                Some(m) => Ok(Some(m)),
                None => self.err(msg, self.i),
            }
        } else {
            Ok(None)
        }
    }

    fn push_data(&mut self, desc: Desc, rep: u32, pos: usize) {
        self.ops.push(Op::Data { desc, rep, pos });
    }

    fn real(&mut self, kind: RealEdit, rep: u32, at: usize) -> Result<Option<usize>, FormatError> {
        let w = match self.number() {
            Some(w) => w,
            None => {
                if self.i >= self.s.len() || self.peek() == Some(b')') {
                    return self.eof();
                }
                return self.err("Nonnegative width required in format", self.i);
            }
        };
        let d = if self.peek() == Some(b'.') {
            self.i += 1;
            match self.number() {
                Some(d) => Some(d),
                None => return self.err("Nonnegative width required in format", self.i),
            }
        } else if kind == RealEdit::G && w == 0 {
            None
        } else {
            return self.err("Period required in format", self.i);
        };
        let mut e = None;
        if kind != RealEdit::F && kind != RealEdit::D && self.peek() == Some(b'E') {
            self.i += 1;
            match self.number() {
                Some(n) if n > 0 => e = Some(n),
                _ => return self.err("Positive exponent width required in format", self.i),
            }
        }
        self.push_data(Desc::Real { kind, w, d, e }, rep, at);
        Ok(None)
    }
}

/// Parses a format string such as `(I5, 2F8.3)`.
pub fn parse(text: &[u8]) -> Result<Format, FormatError> {
    let mut p = Parser { s: text, i: 0, ops: Vec::new() };
    if p.peek() != Some(b'(') {
        return Err(FormatError { msg: "Missing initial left parenthesis in format".into(), pos: p.i });
    }
    p.i += 1;
    let last_group = p.list(true)?;
    let has_data = p.ops.iter().any(|o| matches!(o, Op::Data { .. }));
    Ok(Format { ops: p.ops, revert: last_group.unwrap_or(0), has_data, text: text.to_vec() })
}

// ---------------------------------------------------------------------------
// Value editing

fn stars(w: usize) -> String {
    "*".repeat(w)
}

fn justify(s: String, w: usize) -> String {
    if w == 0 {
        s
    } else if s.len() > w {
        stars(w)
    } else {
        format!("{}{}", " ".repeat(w - s.len()), s)
    }
}

/// `Iw.m` (and `Bw.m`, `Ow.m`, `Zw.m` on the two's-complement bits of a
/// `bits`-bit integer). `w == 0` means minimal width.
pub fn edit_int(v: i128, bits: u32, radix: u32, w: usize, m: Option<usize>, sign: SignMode) -> String {
    let neg = radix == 10 && v < 0;
    let mut digits = if radix == 10 {
        v.unsigned_abs().to_string()
    } else {
        let u = if bits >= 128 { v as u128 } else { (v as u128) & ((1u128 << bits) - 1) };
        match radix {
            2 => format!("{u:b}"),
            8 => format!("{u:o}"),
            _ => format!("{u:X}"),
        }
    };
    if let Some(m) = m {
        if m == 0 && v == 0 {
            digits.clear();
        } else if digits.len() < m {
            digits = format!("{}{}", "0".repeat(m - digits.len()), digits);
        }
    }
    let s = if neg {
        format!("-{digits}")
    } else if sign == SignMode::Plus && radix == 10 {
        format!("+{digits}")
    } else {
        digits
    };
    if w == 0 && s.is_empty() {
        return " ".into();
    }
    justify(s, w)
}

/// `Lw`.
pub fn edit_logical(v: bool, w: usize) -> String {
    let w = w.max(1);
    format!("{}{}", " ".repeat(w - 1), if v { 'T' } else { 'F' })
}

/// `A[w]` output of a character value.
pub fn edit_char(s: &[u8], w: Option<usize>) -> Vec<u8> {
    match w {
        None => s.to_vec(),
        Some(w) if w <= s.len() => s[..w].to_vec(),
        Some(w) => {
            let mut v = vec![b' '; w - s.len()];
            v.extend_from_slice(s);
            v
        }
    }
}

/// A real value to edit: `real(4)` and `real(8)` values as an `f64`, `real(16)` ones as
/// their binary128 bits (see [`crate::quad`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fl {
    D(f64),
    Q(u128),
}

impl From<f64> for Fl {
    fn from(x: f64) -> Fl {
        Fl::D(x)
    }
}

impl Fl {
    fn is_finite(self) -> bool {
        match self {
            Fl::D(x) => x.is_finite(),
            Fl::Q(b) => crate::quad::is_finite(b),
        }
    }
    fn is_nan(self) -> bool {
        match self {
            Fl::D(x) => x.is_nan(),
            Fl::Q(b) => crate::quad::is_nan(b),
        }
    }
    fn is_sign_negative(self) -> bool {
        match self {
            Fl::D(x) => x.is_sign_negative(),
            Fl::Q(b) => crate::quad::is_neg(b),
        }
    }
    fn is_zero(self) -> bool {
        match self {
            Fl::D(x) => x == 0.0,
            Fl::Q(b) => crate::quad::is_zero(b),
        }
    }
    /// The exact digits of a finite non-zero magnitude (see [`exact_f64`]).
    fn exact(self) -> (Vec<u8>, i64) {
        match self {
            Fl::D(x) => exact_f64(x),
            Fl::Q(b) => crate::quad::exact(b),
        }
    }
    /// [`sig_digits`] of the magnitude, rounded in the current mode ([`with_round`]).
    fn sig(self, n: usize) -> (Vec<u8>, i32) {
        let mode = ROUND.with(|c| c.get());
        if mode == Round::Nearest {
            return match self {
                Fl::D(x) => sig_digits(x, n),
                Fl::Q(b) => crate::quad::sig_digits(b, n),
            };
        }
        let (d, exp) = self.exact();
        let (mut r, carried) = round_to(&d, n, self.is_sign_negative(), mode);
        if carried {
            r.truncate(n);
            return (r, exp as i32);
        }
        (r, (exp - 1) as i32)
    }
    /// The magnitude with `prec` decimals, rounded in the current mode.
    fn fixed(self, prec: usize) -> String {
        let mode = ROUND.with(|c| c.get());
        if mode == Round::Nearest || self.is_zero() {
            return match self {
                Fl::D(x) => format!("{:.*}", prec, x.abs()),
                Fl::Q(b) => crate::quad::fixed(b, prec),
            };
        }
        let (mut d, exp) = self.exact();
        // the digits before the rounding position (leading zeros where it lies before them)
        let mut keep = exp + prec as i64;
        if keep < 0 {
            let mut z = vec![b'0'; (-keep) as usize];
            z.extend_from_slice(&d);
            d = z;
            keep = 0;
        }
        // `s`: the value × 10^prec as an integer
        let (mut s, _) = round_to(&d, keep as usize, self.is_sign_negative(), mode);
        while s.len() > 1 && s[0] == b'0' {
            s.remove(0);
        }
        if s.len() <= prec {
            let mut p = vec![b'0'; prec + 1 - s.len()];
            p.extend_from_slice(&s);
            s = p;
        }
        let (i, f) = s.split_at(s.len() - prec);
        let i = String::from_utf8_lossy(i);
        if prec == 0 {
            return i.into_owned();
        }
        format!("{i}.{}", String::from_utf8_lossy(f))
    }
    /// List-directed width, significant digits and exponent digits of the kind.
    fn list_shape(self, is_f32: bool) -> (usize, usize, usize) {
        match self {
            Fl::Q(_) => (45, 36, 4),
            Fl::D(_) if is_f32 => (16, 9, 2),
            Fl::D(_) => (25, 17, 3),
        }
    }
}

/// Infinity and NaN in a field of width `w` (0: minimal), as libgfortran.
pub fn edit_infnan(x: impl Into<Fl>, w: usize, sign: SignMode) -> String {
    let x: Fl = x.into();
    let neg = x.is_sign_negative();
    let signed = !x.is_nan() && (neg || sign == SignMode::Plus);
    let nb = if w == 0 {
        if x.is_nan() || !signed {
            3
        } else {
            4
        }
    } else {
        w
    };
    if nb < 3 {
        return stars(nb);
    }
    if x.is_nan() {
        return format!("{}NaN", " ".repeat(nb - 3));
    }
    if neg && nb == 3 {
        return stars(nb);
    }
    let mark = if signed { 8 } else { 7 };
    let body = if nb > mark { "Infinity" } else { "Inf" };
    let s = if signed { format!("{}{}", if neg { '-' } else { '+' }, body) } else { body.to_string() };
    justify(s, nb)
}

/// Correctly rounded significant digits: returns (`n` digits, exponent e10)
/// with |x| ≈ 0.d1d2…dn × 10^(e10+1) = d1.d2… × 10^e10. `x` must be finite
/// and non-zero, `n >= 1`.
pub fn sig_digits(x: f64, n: usize) -> (Vec<u8>, i32) {
    let s = format!("{:.*e}", n - 1, x.abs());
    let (mant, exp) = s.split_once('e').expect("exp format");
    let digits: Vec<u8> = mant.bytes().filter(|c| c.is_ascii_digit()).collect();
    (digits, exp.parse().expect("exponent"))
}

fn sign_str(neg: bool, sign: SignMode) -> &'static str {
    if neg {
        "-"
    } else if sign == SignMode::Plus {
        "+"
    } else {
        ""
    }
}

/// `Fw.d` with scale factor `k` (`kP`). `w == 0` is minimal width.
/// `keep_zero` forces the optional leading zero (used by `G0`).
pub fn edit_f(x: impl Into<Fl>, w: usize, d: usize, k: i32, sign: SignMode, keep_zero: bool) -> String {
    let x: Fl = x.into();
    if !x.is_finite() {
        return edit_infnan(x, w, sign);
    }
    let neg = x.is_sign_negative();
    // x * 10^k rounded to d decimals = x rounded to d+k decimals, shifted.
    let (int_part, frac) = {
        let prec = (d as i64 + k as i64).max(0) as usize;
        let s = x.fixed(prec);
        let (ip, fp) = match s.split_once('.') {
            Some((i, f)) => (i.to_string(), f.to_string()),
            None => (s, String::new()),
        };
        // Shift the decimal point right by k (left if negative).
        let mut all = ip.clone() + &fp;
        let point = ip.len() as i64 + k as i64;
        let (ip, fp) = if point <= 0 {
            all = "0".repeat((-point) as usize) + &all;
            ("0".to_string(), all)
        } else if point as usize >= all.len() {
            let p = point as usize;
            all.push_str(&"0".repeat(p - all.len()));
            (all, String::new())
        } else {
            let (a1, a2) = all.split_at(point as usize);
            (a1.to_string(), a2.to_string())
        };
        let ip = ip.trim_start_matches('0').to_string();
        let mut fp = fp;
        fp.truncate(d);
        while fp.len() < d {
            fp.push('0');
        }
        (ip, fp)
    };
    let s = sign_str(neg, sign);
    let zero_int = int_part.is_empty();
    let with_zero = format!("{s}{}.{frac}", if zero_int { "0" } else { &int_part });
    if !zero_int {
        return justify(with_zero, w);
    }
    let without = format!("{s}.{frac}");
    if w == 0 {
        if keep_zero || d == 0 {
            return with_zero;
        }
        return without;
    }
    if with_zero.len() <= w {
        justify(with_zero, w)
    } else if d > 0 && without.len() <= w {
        justify(without, w)
    } else {
        stars(w)
    }
}

/// Exponent part (`E+dd`, `+ddd`, `Ee` forms); None if it does not fit.
fn exponent(letter: char, exp: i32, e: Option<usize>, minimal: bool) -> Option<String> {
    let sgn = if exp < 0 { '-' } else { '+' };
    let mag = exp.unsigned_abs().to_string();
    match e {
        Some(e) => {
            if mag.len() > e {
                None
            } else {
                Some(format!("{letter}{sgn}{}{mag}", "0".repeat(e - mag.len())))
            }
        }
        // gfortran's E0.d/ES0.d print no exponent at all when it is zero
        None if minimal && exp == 0 => Some(String::new()),
        None if minimal => Some(format!("{letter}{sgn}{mag}")),
        None => {
            if mag.len() <= 2 {
                Some(format!("{letter}{sgn}{:0>2}", mag))
            } else if mag.len() == 3 {
                Some(format!("{sgn}{mag}"))
            } else {
                None
            }
        }
    }
}

/// Result of an editing function that can fail at run time.
pub type EditResult = Result<String, &'static str>;

const SCALE_ERR: &str = "Scale factor out of range in format specifier 'E' or 'D'";

/// `Ew.d[Ee]`, `Dw.d`, `ESw.d[Ee]`, `ENw.d[Ee]` with scale factor `k`
/// (ignored by ES and EN). `w == 0` is minimal width.
pub fn edit_e(x: impl Into<Fl>, kind: RealEdit, w: usize, d: usize, e: Option<usize>, k: i32, sign: SignMode) -> EditResult {
    let x: Fl = x.into();
    if !x.is_finite() {
        return Ok(edit_infnan(x, w, sign));
    }
    let neg = x.is_sign_negative();
    let letter = if kind == RealEdit::D { 'D' } else { 'E' };
    let zero = x.is_zero();
    // mantissa text (without sign) and the printed exponent
    let (mant, exp, optional_zero) = match kind {
        RealEdit::ES => {
            let n = d + 1;
            let (dg, e10) = if zero { (vec![b'0'; n], 0) } else { x.sig(n) };
            let m = format!("{}.{}", dg[0] as char, String::from_utf8_lossy(&dg[1..]));
            (m, e10, false)
        }
        RealEdit::EN => {
            if zero {
                (format!("0.{}", "0".repeat(d)), 0, false)
            } else {
                // exact decimal exponent (40 digits cannot all round up)
                let e10 = x.sig(40).1;
                let g = e10.div_euclid(3) * 3;
                let before = (e10 - g + 1) as usize;
                let (dg, ee) = x.sig(before + d);
                if ee == e10 {
                    let m = format!("{}.{}", String::from_utf8_lossy(&dg[..before]), String::from_utf8_lossy(&dg[before..]));
                    (m, g, false)
                } else {
                    // rounded up to a power of ten
                    let g2 = ee.div_euclid(3) * 3;
                    let b2 = (ee - g2 + 1) as usize;
                    (format!("1{}.{}", "0".repeat(b2 - 1), "0".repeat(d)), g2, false)
                }
            }
        }
        _ => {
            let di = d as i32;
            if !(k > -di && k < di + 2) {
                return Err(SCALE_ERR);
            }
            let n = if k <= 0 { (di + k) as usize } else { d + 1 };
            let (dg, e10) = if zero { (vec![b'0'; n], -1) } else { x.sig(n) };
            let ds = String::from_utf8_lossy(&dg).into_owned();
            let exp = if zero { 0 } else { e10 + 1 - k };
            if k <= 0 {
                (format!("0.{}{}", "0".repeat((-k) as usize), ds), exp, true)
            } else {
                let (a, b) = ds.split_at(k as usize);
                (format!("{a}.{b}"), exp, false)
            }
        }
    };
    let ex = match exponent(letter, exp, e, w == 0) {
        Some(s) => s,
        None => return Ok(stars(w)),
    };
    let s = sign_str(neg, sign);
    let full = format!("{s}{mant}{ex}");
    if w == 0 || full.len() <= w {
        return Ok(justify(full, w));
    }
    if optional_zero && full.len() - 1 <= w {
        return Ok(justify(format!("{s}{}{ex}", &mant[1..]), w));
    }
    Ok(stars(w))
}

/// Lower bound of the F range of `G` editing for the magnitude of `m`, computed in the
/// precision of the item's kind as libgfortran does (`0.1 - 0.1*0.5/10**d`).
fn g_lower_ok(m: Fl, d: usize, is_f32: bool) -> bool {
    let m = match m {
        // libgfortran compares a binary128 value with the `double` constant 0.1 (minus a
        // term too small to matter next to the spacing of binary128 values there).
        Fl::Q(b) => return crate::quad::at_least_tenth_f64(b),
        Fl::D(m) => m.abs(),
    };
    if is_f32 {
        let exp_d = 10f32.powi(d as i32);
        (m as f32) >= 0.1f32 - 0.1f32 * 0.5f32 / exp_d
    } else {
        let exp_d = 10f64.powi(d as i32);
        m >= 0.1 - 0.1 * 0.5 / exp_d
    }
}

/// `Gw.d[Ee]` for a real value, and `G0`/`G0.d` (`w == 0`).
pub fn edit_g(x: impl Into<Fl>, is_f32: bool, w: usize, d: Option<usize>, e: Option<usize>, k: i32, sign: SignMode) -> EditResult {
    let x: Fl = x.into();
    if !x.is_finite() {
        return Ok(edit_infnan(x, w, sign));
    }
    let g0 = w == 0;
    let d = d.unwrap_or(x.list_shape(is_f32).1);
    let n_blanks = if g0 { 0 } else { e.map_or(4, |e| e + 2) };
    let f_part = |decimals: usize| -> String {
        let f = edit_f(x, if g0 { 0 } else { w.saturating_sub(n_blanks) }, decimals, 0, sign, g0);
        if f.starts_with('*') {
            return stars(w);
        }
        format!("{f}{}", " ".repeat(n_blanks))
    };
    if x.is_zero() {
        return Ok(f_part(d.saturating_sub(1)));
    }
    if d == 0 {
        return edit_e(x, RealEdit::E, w, d, e, k, sign);
    }
    let (_, e10) = x.sig(d);
    if !g_lower_ok(x, d, is_f32) || e10 >= d as i32 {
        return edit_e(x, RealEdit::E, w, d, e, k, sign);
    }
    let decimals = if e10 < -1 { d } else { (d as i32 - 1 - e10) as usize };
    Ok(f_part(decimals))
}

/// List-directed output of a real: gfortran's fixed-width form, `d`
/// significant digits (9 for real(4), 17 for real(8)) in a field of 16 or
/// 25 characters; F form with 4 or 5 trailing blanks for magnitudes in
/// [0.1, 10**d), else `d.ddd…E+xx`.
/// List-directed output of a complex value as gfortran writes it: `(re,im)` with each part
/// as a list-directed real without blanks (one more digit in exponent form), right-justified
/// in 35 (complex(4)) or 53 (complex(8)) columns.
pub fn list_complex(re: impl Into<Fl>, im: impl Into<Fl>, is_f32: bool) -> String {
    list_complex_signed(re, im, is_f32, SignMode::Suppress)
}

/// [`list_complex`] in a sign mode (`sign='plus'`).
pub fn list_complex_signed(re: impl Into<Fl>, im: impl Into<Fl>, is_f32: bool, sign: SignMode) -> String {
    let (re, im): (Fl, Fl) = (re.into(), im.into());
    let part = |x: Fl| {
        let (w, d, e) = x.list_shape(is_f32);
        let s = list_real_signed(x, is_f32, sign);
        let e_form = x.is_finite() && !x.is_zero() && {
            let (_, e10) = x.sig(d);
            !(g_lower_ok(x, d, is_f32) && e10 < d as i32)
        };
        if e_form {
            edit_e(x, RealEdit::ES, w + 1, d, Some(e), 0, sign).unwrap_or(s).trim().to_string()
        } else {
            s.trim().to_string()
        }
    };
    let body = format!("({},{})", part(re), part(im));
    let w = 2 * re.list_shape(is_f32).0 + 3;
    format!("{body:>w$}")
}

pub fn list_real(x: impl Into<Fl>, is_f32: bool) -> String {
    list_real_signed(x, is_f32, SignMode::Suppress)
}

/// [`list_real`] in a sign mode (`sign='plus'`).
pub fn list_real_signed(x: impl Into<Fl>, is_f32: bool, sign: SignMode) -> String {
    let x: Fl = x.into();
    let (w, d, e) = x.list_shape(is_f32);
    if !x.is_finite() {
        return edit_infnan(x, w, sign);
    }
    let nb = e + 2;
    if x.is_zero() {
        return format!("{}{}", edit_f(x, w - nb, d - 1, 0, sign, true), " ".repeat(nb));
    }
    let (_, e10) = x.sig(d);
    if g_lower_ok(x, d, is_f32) && e10 < d as i32 {
        let decimals = if e10 < -1 { d } else { (d as i32 - 1 - e10) as usize };
        format!("{}{}", edit_f(x, w - nb, decimals, 0, sign, true), " ".repeat(nb))
    } else {
        edit_e(x, RealEdit::ES, w, d - 1, Some(e), 0, sign).unwrap_or_else(|_| stars(w))
    }
}

// The test values are the Fortran literals of the gfortran runs (3.14159).
#[cfg(test)]
#[allow(clippy::approx_constant, clippy::excessive_precision)]
mod tests {
    use super::*;
    const S: SignMode = SignMode::Suppress;

    fn f(x: f64, w: usize, d: usize) -> String {
        edit_f(x, w, d, 0, S, false)
    }
    fn e(x: f64, w: usize, d: usize, ee: Option<usize>) -> String {
        edit_e(x, RealEdit::E, w, d, ee, 0, S).unwrap()
    }
    fn es(x: f64, w: usize, d: usize, ee: Option<usize>) -> String {
        edit_e(x, RealEdit::ES, w, d, ee, 0, S).unwrap()
    }

    #[test]
    fn list_directed_reals() {
        // print *, 1.0 / 1.0d0 / -1.0 / 0.0 / 0.0d0 (first blank is the record's)
        assert_eq!(list_real(1.0, true), "  1.00000000    ");
        assert_eq!(list_real(1.0, false), "  1.0000000000000000     ");
        assert_eq!(list_real(-1.0, true), " -1.00000000    ");
        assert_eq!(list_real(-1.0, false), " -1.0000000000000000     ");
        assert_eq!(list_real(0.0, true), "  0.00000000    ");
        assert_eq!(list_real(0.0, false), "  0.0000000000000000     ");
        assert_eq!(list_real(-0.0, true), " -0.00000000    ");
        // print *, 1.0e10 / 1.0d10 / 1.0e9 / 1.0e8 / 1.0e7 / 1.0e6
        assert_eq!(list_real(1.0e10f32 as f64, true), "  1.00000000E+10");
        assert_eq!(list_real(1.0e10, false), "  10000000000.000000     ");
        assert_eq!(list_real(1.0e9f32 as f64, true), "  1.00000000E+09");
        assert_eq!(list_real(1.0e8f32 as f64, true), "  100000000.    ");
        assert_eq!(list_real(1.0e7f32 as f64, true), "  10000000.0    ");
        assert_eq!(list_real(1.0e6f32 as f64, true), "  1000000.00    ");
        // print *, 1.0d9, 1.0d8, 1.0d15, 1.0d16
        assert_eq!(list_real(1.0e15, false), "  1000000000000000.0     ");
        assert_eq!(list_real(1.0e16, false), "  10000000000000000.     ");
        // print *, 0.1, 0.1d0 / 0.01, 0.01d0 / 0.001, 0.001d0 / 0.0999, 0.0999d0
        assert_eq!(list_real(0.1f32 as f64, true), " 0.100000001    ");
        assert_eq!(list_real(0.1, false), " 0.10000000000000001     ");
        assert_eq!(list_real(0.01f32 as f64, true), "  9.99999978E-03");
        assert_eq!(list_real(0.01, false), "  1.0000000000000000E-002");
        assert_eq!(list_real(0.001f32 as f64, true), "  1.00000005E-03");
        assert_eq!(list_real(0.0999f32 as f64, true), "  9.98999998E-02");
        assert_eq!(list_real(0.0999, false), "  9.9900000000000003E-002");
        // print *, huge(r), huge(d) / tiny(r), tiny(d) / -huge(r)
        assert_eq!(list_real(f32::MAX as f64, true), "  3.40282347E+38");
        assert_eq!(list_real(f64::MAX, false), "  1.7976931348623157E+308");
        assert_eq!(list_real(f32::MIN_POSITIVE as f64, true), "  1.17549435E-38");
        assert_eq!(list_real(f64::MIN_POSITIVE, false), "  2.2250738585072014E-308");
        assert_eq!(list_real(-f32::MAX as f64, true), " -3.40282347E+38");
        // print *, r (r = +Inf, -Inf, NaN), real(4) and real(8)
        assert_eq!(list_real(f64::INFINITY, true), "        Infinity");
        assert_eq!(list_real(f64::NEG_INFINITY, false), "                -Infinity");
        assert_eq!(list_real(f64::NAN, true), "             NaN");
        // print *, 3.14159265 / 3.14159265358979d0
        assert_eq!(list_real(3.14159265f32 as f64, true), "  3.14159274    ");
        assert_eq!(list_real(3.14159265358979, false), "  3.1415926535897900     ");
        // print *, 123456.7, 1234567.0, 9999999.0, 99999999.0
        assert_eq!(list_real(123456.7f32 as f64, true), "  123456.703    ");
        assert_eq!(list_real(1234567.0, true), "  1234567.00    ");
        assert_eq!(list_real(99999999.0f32 as f64, true), "  100000000.    ");
        // print *, 0.5, 0.25, 0.125
        assert_eq!(list_real(0.125, true), " 0.125000000    ");
        // print *, 1.0d100, 1.0d-100, 1.0d300 / 1.0e-38
        assert_eq!(list_real(1.0e100, false), "  1.0000000000000000E+100");
        assert_eq!(list_real(1.0e-100, false), "  1.0000000000000000E-100");
        assert_eq!(list_real(1.0e300, false), "  1.0000000000000001E+300");
        assert_eq!(list_real(1.0e-38f32 as f64, true), "  9.99999935E-39");
        assert_eq!(list_real(10.0, true), "  10.0000000    ");
    }

    #[test]
    fn integer_editing() {
        // print '(I5)', 42 / -42 / '(I2)', 123 / '(I5.3)', 7 / -7
        assert_eq!(edit_int(42, 32, 10, 5, None, S), "   42");
        assert_eq!(edit_int(-42, 32, 10, 5, None, S), "  -42");
        assert_eq!(edit_int(123, 32, 10, 2, None, S), "**");
        assert_eq!(edit_int(7, 32, 10, 5, Some(3), S), "  007");
        assert_eq!(edit_int(-7, 32, 10, 5, Some(3), S), " -007");
        // '(I0)', 12345 / -12345 / '(I0.6)', 12 / '(I5.0)', 0 / '(I0)', 0
        assert_eq!(edit_int(12345, 32, 10, 0, None, S), "12345");
        assert_eq!(edit_int(-12345, 32, 10, 0, None, S), "-12345");
        assert_eq!(edit_int(12, 32, 10, 0, Some(6), S), "000012");
        assert_eq!(edit_int(0, 32, 10, 5, Some(0), S), "     ");
        assert_eq!(edit_int(0, 32, 10, 0, None, S), "0");
        // '(I0)', 9223372036854775807_8
        assert_eq!(edit_int(i64::MAX.into(), 64, 10, 0, None, S), "9223372036854775807");
        // '(I0, 1X, Z0)', -huge(0_16) - 1, -1_16
        assert_eq!(edit_int(i128::MIN, 128, 10, 0, None, S), "-170141183460469231731687303715884105728");
        assert_eq!(edit_int(-1, 128, 16, 0, None, S), "F".repeat(32));
        assert_eq!(edit_int(-1, 64, 16, 0, None, S), "F".repeat(16));
        // '(B8, O5, Z5, Z8.4)', 5, 64, 255, 255
        assert_eq!(edit_int(5, 32, 2, 8, None, S), "     101");
        assert_eq!(edit_int(64, 32, 8, 5, None, S), "  100");
        assert_eq!(edit_int(255, 32, 16, 5, None, S), "   FF");
        assert_eq!(edit_int(255, 32, 16, 8, Some(4), S), "    00FF");
        // '(SP, I3)', 5
        assert_eq!(edit_int(5, 32, 10, 3, None, SignMode::Plus), " +5");
    }

    #[test]
    fn f_editing() {
        // print '(F8.3)', 3.14159 / -3.14159
        assert_eq!(f(3.14159f32 as f64, 8, 3), "   3.142");
        assert_eq!(f(-3.14159f32 as f64, 8, 3), "  -3.142");
        // '(F4.3)', 0.5 / '(F5.3)', 0.5 / '(F5.3)', -0.5 / '(F6.3)', -0.5
        assert_eq!(f(0.5, 4, 3), ".500");
        assert_eq!(f(0.5, 5, 3), "0.500");
        assert_eq!(f(-0.5, 5, 3), "-.500");
        assert_eq!(f(-0.5, 6, 3), "-0.500");
        // '(F4.1)', 0.25 / 0.35 / 0.75 (round half even on the binary value)
        assert_eq!(f(0.25, 4, 1), " 0.2");
        assert_eq!(f(0.35f32 as f64, 4, 1), " 0.3");
        assert_eq!(f(0.75, 4, 1), " 0.8");
        // '(F5.1)', -0.01 / -0.0 / 0.0 / '(F3.1)', 12.5
        assert_eq!(f(-0.01f32 as f64, 5, 1), " -0.0");
        assert_eq!(f(-0.0, 5, 1), " -0.0");
        assert_eq!(f(0.0, 5, 1), "  0.0");
        assert_eq!(f(12.5, 3, 1), "***");
        // '(F0.3)', 0.5 / -0.5 / 123.4567 / '(F0.0)', 2.5 / 3.5
        assert_eq!(f(0.5, 0, 3), ".500");
        assert_eq!(f(-0.5, 0, 3), "-.500");
        assert_eq!(f(123.4567f32 as f64, 0, 3), "123.457");
        assert_eq!(f(2.5, 0, 0), "2.");
        assert_eq!(f(3.5, 0, 0), "4.");
        // '(F5.0)', 2.5 / -2.5 / 0.4 / '(F10.0)', 1.0e10 / '(F20.2)', 1.0d17
        assert_eq!(f(2.5, 5, 0), "   2.");
        assert_eq!(f(-2.5, 5, 0), "  -2.");
        assert_eq!(f(0.4f32 as f64, 5, 0), "   0.");
        assert_eq!(f(1.0e10, 10, 0), "**********");
        assert_eq!(f(1.0e17, 20, 2), "********************");
        // '(F3.1)', 0.05 / 0.04 / '(F2.1)', 0.04 / '(F1.0)', 0.4 / '(F2.0)', 0.4
        assert_eq!(f(0.05f32 as f64, 3, 1), "0.1");
        assert_eq!(f(0.04f32 as f64, 3, 1), "0.0");
        assert_eq!(f(0.04f32 as f64, 2, 1), ".0");
        assert_eq!(f(0.4f32 as f64, 1, 0), "*");
        assert_eq!(f(0.4f32 as f64, 2, 0), "0.");
        // '(F0.1)', 0.04 / -0.04 / '(F0.0)', 0.4 / -0.4
        assert_eq!(f(0.04f32 as f64, 0, 1), ".0");
        assert_eq!(f(-0.04f32 as f64, 0, 1), "-.0");
        assert_eq!(f(0.4f32 as f64, 0, 0), "0.");
        assert_eq!(f(-0.4f32 as f64, 0, 0), "-0.");
        // Inf/NaN: '(F12.3)', r / '(F3.1)', r / '(F4.1)', -r / '(F8.1)', -r / '(F8.1)', NaN
        assert_eq!(f(f64::INFINITY, 12, 3), "    Infinity");
        assert_eq!(f(f64::NEG_INFINITY, 12, 3), "   -Infinity");
        assert_eq!(f(f64::INFINITY, 3, 1), "Inf");
        assert_eq!(f(f64::NEG_INFINITY, 4, 1), "-Inf");
        assert_eq!(f(f64::NEG_INFINITY, 8, 1), "    -Inf");
        assert_eq!(f(f64::NAN, 8, 1), "     NaN");
        assert_eq!(f(f64::INFINITY, 2, 1), "**");
        assert_eq!(f(f64::INFINITY, 1, 1), "*");
        // '(1PF8.3)', 3.14159 / '(SP, F6.2)', 1.0
        assert_eq!(edit_f(3.14159f32 as f64, 8, 3, 1, S, false), "  31.416");
        assert_eq!(edit_f(1.0, 6, 2, 0, SignMode::Plus, false), " +1.00");
    }

    #[test]
    fn e_editing() {
        let pi = 3.14159f32 as f64;
        // '(E10.3)', 3.14159 / -3.14159 / '(E9.3)', -3.14159 / 3.14159 / '(E8.3)'
        assert_eq!(e(pi, 10, 3, None), " 0.314E+01");
        assert_eq!(e(-pi, 10, 3, None), "-0.314E+01");
        assert_eq!(e(-pi, 9, 3, None), "-.314E+01");
        assert_eq!(e(pi, 9, 3, None), "0.314E+01");
        assert_eq!(e(pi, 8, 3, None), ".314E+01");
        // '(E10.3)', 0.0 / -0.0
        assert_eq!(e(0.0, 10, 3, None), " 0.000E+00");
        assert_eq!(e(-0.0, 10, 3, None), "-0.000E+00");
        // '(E12.4)', 1.0d100 / 1.0d-100 / 1.0d300 / '(E12.4E3)', 1.0d300 / 1.0d0
        assert_eq!(e(1e100, 12, 4, None), "  0.1000+101");
        assert_eq!(e(1e-100, 12, 4, None), "  0.1000E-99");
        assert_eq!(e(1e300, 12, 4, None), "  0.1000+301");
        assert_eq!(e(1e300, 12, 4, Some(3)), " 0.1000E+301");
        assert_eq!(e(1.0, 12, 4, Some(3)), " 0.1000E+001");
        // '(E12.4E1)', 1.0d0 / 1.0d10 / '(E15.4E4)', 1.0d10
        assert_eq!(e(1.0, 12, 4, Some(1)), "   0.1000E+1");
        assert_eq!(e(1e10, 12, 4, Some(1)), "************");
        assert_eq!(e(1e10, 15, 4, Some(4)), "   0.1000E+0011");
        // '(ES12.4)', 3.14159 / -314.159 / 0.0 / 1.0d-100 / '(ES12.4E3)' / '(ES10.4)' / '(ES9.4)', 1.0
        assert_eq!(es(pi, 12, 4, None), "  3.1416E+00");
        assert_eq!(es(-314.159f32 as f64, 12, 4, None), " -3.1416E+02");
        assert_eq!(es(0.0, 12, 4, None), "  0.0000E+00");
        assert_eq!(es(1e-100, 12, 4, None), "  1.0000-100");
        assert_eq!(es(1e-100, 12, 4, Some(3)), " 1.0000E-100");
        assert_eq!(es(1e-100, 10, 4, None), "1.0000-100");
        assert_eq!(es(1.0, 9, 4, None), "*********");
        // '(E10.3)', 9.9996 / 0.99996 / '(ES10.3)', 9.9996 / '(E10.3)', 1.0e-5
        assert_eq!(e(9.9996f32 as f64, 10, 3, None), " 0.100E+02");
        assert_eq!(e(0.99996f32 as f64, 10, 3, None), " 0.100E+01");
        assert_eq!(es(9.9996f32 as f64, 10, 3, None), " 1.000E+01");
        assert_eq!(e(1e-5f32 as f64, 10, 3, None), " 0.100E-04");
        // '(E0.3)', 1.0e-5 / '(ES0.3)', 1.0e-5 / '(ES10.0)', 1.5e-5
        assert_eq!(e(1e-5f32 as f64, 0, 3, None), "0.100E-4");
        assert_eq!(es(1e-5f32 as f64, 0, 3, None), "1.000E-5");
        // '(ES0.5)', 9.982d0 / '(E0.3)', 0.0 (no exponent when it is zero)
        assert_eq!(es(9.982, 0, 5, None), "9.98200");
        assert_eq!(e(0.0, 0, 3, None), "0.000");
        assert_eq!(es(1.5e-5f32 as f64, 10, 0, None), "    1.E-05");
        // '(ES10.0)', 2.5e-5 / 2.5 / 1.5
        assert_eq!(es(2.5e-5f32 as f64, 10, 0, None), "    2.E-05");
        assert_eq!(es(2.5, 10, 0, None), "    2.E+00");
        assert_eq!(es(1.5, 10, 0, None), "    2.E+00");
        // '(E10.3)', 0.125 / '(E10.2)', 0.125 / 0.375
        assert_eq!(e(0.125, 10, 3, None), " 0.125E+00");
        assert_eq!(e(0.125, 10, 2, None), "  0.12E+00");
        assert_eq!(e(0.375, 10, 2, None), "  0.38E+00");
        // '(E12.3)', huge(r) / Inf / -Inf / '(E3.1)', Inf
        assert_eq!(e(f32::MAX as f64, 12, 3, None), "   0.340E+39");
        assert_eq!(e(f64::INFINITY, 12, 3, None), "    Infinity");
        assert_eq!(e(f64::NEG_INFINITY, 12, 3, None), "   -Infinity");
        assert_eq!(e(f64::INFINITY, 3, 1, None), "Inf");
        // '(E10.0)' is a run-time error
        assert!(edit_e(1.0, RealEdit::E, 10, 0, None, 0, S).is_err());
        // '(1PE12.4)', '(2PE12.4)', '(-1PE12.4)', 3.14159
        assert_eq!(edit_e(pi, RealEdit::E, 12, 4, None, 1, S).unwrap(), "  3.1416E+00");
        assert_eq!(edit_e(pi, RealEdit::E, 12, 4, None, 2, S).unwrap(), "  31.416E-01");
        assert_eq!(edit_e(pi, RealEdit::E, 12, 4, None, -1, S).unwrap(), "  0.0314E+02");
        // '(D12.4)', 3.14159d0 / '(EN12.3)', 31415.9
        assert_eq!(edit_e(3.14159, RealEdit::D, 12, 4, None, 0, S).unwrap(), "  0.3142D+01");
        assert_eq!(edit_e(31415.9f32 as f64, RealEdit::EN, 12, 3, None, 0, S).unwrap(), "  31.416E+03");
    }

    #[test]
    fn g_editing() {
        let g = |x: f64, f32k: bool, w, d: Option<usize>| edit_g(x, f32k, w, d, None, 0, S).unwrap();
        // '(G12.4)', 1.0e10 / 3.14159 / 0.01 / 0.0
        assert_eq!(g(1e10, true, 12, Some(4)), "  0.1000E+11");
        assert_eq!(g(3.14159f32 as f64, true, 12, Some(4)), "   3.142    ");
        assert_eq!(g(0.01f32 as f64, true, 12, Some(4)), "  0.1000E-01");
        assert_eq!(g(0.0, true, 12, Some(4)), "   0.000    ");
        // '(G0)', 3.14159 / 3.14159d0 / '(G0.3)', 3.14159d0 / '(G0)', 1.0e10 / 0.01 / 1d-100 / 0.0
        assert_eq!(g(3.14159f32 as f64, true, 0, None), "3.14159012");
        assert_eq!(g(3.14159, false, 0, None), "3.1415899999999999");
        assert_eq!(g(3.14159, false, 0, Some(3)), "3.14");
        assert_eq!(g(1e10, true, 0, None), "0.100000000E+11");
        assert_eq!(g(0.01f32 as f64, true, 0, None), "0.999999978E-2");
        assert_eq!(g(1e-100, false, 0, None), "0.10000000000000000E-99");
        assert_eq!(g(0.0, true, 0, None), "0.00000000");
        // '(G10.3)', 1234.5 / 999.5 / 0.09995 / 0.1 / '(G10.3E3)', 5.0 / '(G10.3)', 1.5
        assert_eq!(g(1234.5, true, 10, Some(3)), " 0.123E+04");
        assert_eq!(g(999.5, true, 10, Some(3)), " 0.100E+04");
        assert_eq!(g(0.09995f32 as f64, true, 10, Some(3)), " 0.100    ");
        assert_eq!(g(0.1f32 as f64, true, 10, Some(3)), " 0.100    ");
        assert_eq!(edit_g(5.0, true, 10, Some(3), Some(3), 0, S).unwrap(), " 5.00     ");
        assert_eq!(g(1.5, true, 10, Some(3)), "  1.50    ");
    }

    #[test]
    fn parse_formats() {
        let f = parse(b"(I5, 2F8.3, A, L2, 3X, ES12.4, E10.3)").unwrap();
        assert!(f.has_data);
        assert_eq!(f.ops.len(), 7);
        assert_eq!(f.revert, 0);
        let f = parse(b"(A, 2(I3, 1X), F5.1)").unwrap();
        assert_eq!(f.revert, 1);
        let f = parse(b"((I2), (I3))").unwrap();
        assert_eq!(f.revert, 3);
        assert!(parse(b"(1PE12.4, F8.3)").is_ok());
        assert!(parse(b"(1P, 2E12.4)").is_ok());
        assert!(parse(b"(I3 // I3)").is_ok());
        assert!(parse(b"('it''s', I2)").is_ok());
        assert!(parse(b"()").is_ok());
        assert!(parse(b"(*(I3))").is_ok());
        let err = |s: &[u8]| parse(s).unwrap_err();
        // gfortran: f = '(I3'; print f, 5 -> "Unexpected end of format string"
        assert_eq!(err(b"(I3").msg, "Unexpected end of format string");
        assert_eq!(err(b"I3)").msg, "Missing initial left parenthesis in format");
        assert_eq!(err(b"(F5.)").msg, "Nonnegative width required in format");
        assert_eq!(err(b"(F5)").msg, "Period required in format");
        assert_eq!(err(b"(E10)").msg, "Period required in format");
        assert_eq!(err(b"(Q5)").msg, "Unexpected element 'Q' in format");
        assert_eq!(err(b"(Q5)").pos, 1);
        assert_eq!(err(b"(I)").msg, "Nonnegative width required in format");
        assert_eq!(err(b"(A0)").msg, "Zero width in format descriptor");
        assert_eq!(err(b"(I3,,I3)").msg, "Unexpected element ',' in format");
        assert_eq!(err(b"(2I3, 3)").msg, "Unexpected element ')' in format");
    }
}
