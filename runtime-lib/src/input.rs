//! Fortran input statements (`read`), one statement at a time:
//! `begin` → items → `end`, list-directed or formatted, sequential, from
//! standard input or a connected unit. Every statement starts a new record;
//! whatever is left of its last record is skipped.
//!
//! List-directed input follows the standard and gfortran: values separated
//! by commas, semicolons, blanks or record ends; two commas (or a comma
//! first) give a null value (the item keeps its value); `r*value` and `r*`
//! repeat; `/` ends the statement (the rest of the items keep their
//! values); character values quoted (`'it''s'`, possibly across records) or
//! not (up to a separator).
//!
//! Formatted input reads fields of the edit descriptors' widths from the
//! record, padded with blanks when the record is short; blanks are ignored
//! (`BN`, the default) or zeros (`BZ`); reals without a decimal point get
//! `d` implied decimals, the scale factor applies to reals without an
//! exponent; `/` and format reversion go to the next record. Errors are
//! gfortran's texts (`End of file`, `Bad integer for item 2 in list input`,
//! `Bad value during integer read`, ...).

use crate::format::{Desc, Op, RealEdit, Round};
use crate::io::{caret_msg, Ev, FmtState, IoError, Modes};
use std::sync::Arc;

/// One input list item: where its value goes.
pub enum Target<'a> {
    I32(&'a mut i32),
    I64(&'a mut i64),
    I128(&'a mut i128),
    F32(&'a mut f32),
    F64(&'a mut f64),
    /// A `real(16)` value: its binary128 bits.
    F128(&'a mut u128),
    /// A default logical (4 bytes, 1 or 0).
    Logical(&'a mut i32),
    Str(&'a mut [u8]),
    /// A complex(4) / complex(8) value: its two parts.
    C32(&'a mut [f32; 2]),
    C64(&'a mut [f64; 2]),
    /// A complex(16) value: the binary128 bits of its two parts.
    C128(&'a mut [u128; 2]),
}

impl Target<'_> {
    fn type_name(&self) -> &'static str {
        match self {
            Target::I32(_) | Target::I64(_) | Target::I128(_) => "INTEGER",
            Target::F32(_) | Target::F64(_) | Target::F128(_) => "REAL",
            Target::Logical(_) => "LOGICAL",
            Target::Str(_) => "CHARACTER",
            Target::C32(_) | Target::C64(_) | Target::C128(_) => "COMPLEX",
        }
    }
}

/// Where records come from: the next record, None at end of file.
pub type Source<'s> = dyn FnMut() -> Result<Option<Vec<u8>>, IoError> + 's;

fn eof() -> IoError {
    IoError("End of file".into())
}

/// A list-directed value token.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Null,
    Quoted(Vec<u8>),
    Plain(Vec<u8>),
}

struct ListState {
    /// A value separator (comma) was read since the last value: a further
    /// comma means a null value.
    sep_done: bool,
    /// `/` was read.
    slash: bool,
    /// Repetitions of `rep_val` still to hand out.
    repeat: u64,
    rep_val: Tok,
}

enum Mode {
    List(ListState),
    Formatted(Box<FmtState>),
}

/// One read statement.
pub struct ReadStmt {
    rec: Vec<u8>,
    pos: usize,
    have: bool,
    items: usize,
    mode: Mode,
    /// `advance='no'`: the record stays open after the statement (see [`PENDING`]).
    keep: bool,
    /// A non-advancing read needed more characters than the record has left (blanks were
    /// read instead): the end-of-record condition at the statement's end.
    eor: bool,
    /// Characters the data edit descriptors took from records (`size=`).
    chars: usize,
    /// `decimal='comma'` of a list-directed read: `;` separates values, `,` is the
    /// decimal symbol.
    pub(crate) comma: bool,
    /// `pad='no'`: a field past the end of the record is the end-of-record condition.
    pad_no: bool,
}

fn is_blank(c: u8) -> bool {
    c == b' ' || c == b'\t'
}

fn ends_value(c: u8, comma: bool) -> bool {
    is_blank(c) || (c == b',' && !comma) || c == b';' || c == b'/'
}

impl ReadStmt {
    pub fn list() -> ReadStmt {
        ReadStmt::list_modes(Modes::default())
    }

    pub(crate) fn list_modes(modes: Modes) -> ReadStmt {
        let ls = ListState { sep_done: true, slash: false, repeat: 0, rep_val: Tok::Null };
        ReadStmt {
            rec: Vec::new(),
            pos: 0,
            have: false,
            items: 0,
            mode: Mode::List(ls),
            keep: false,
            eor: false,
            chars: 0,
            comma: modes.comma(),
            pad_no: false,
        }
    }

    pub fn formatted(fmt: Arc<crate::format::Format>) -> ReadStmt {
        ReadStmt::formatted_modes(fmt, Modes::default())
    }

    pub(crate) fn formatted_modes(fmt: Arc<crate::format::Format>, modes: Modes) -> ReadStmt {
        ReadStmt {
            rec: Vec::new(),
            pos: 0,
            have: false,
            items: 0,
            mode: Mode::Formatted(Box::new(FmtState::new(fmt, modes))),
            keep: false,
            eor: false,
            chars: 0,
            comma: false,
            pad_no: modes.pad_no(),
        }
    }

    fn fetch(&mut self, src: &mut Source) -> Result<(), IoError> {
        self.rec = src()?.ok_or_else(eof)?;
        self.pos = 0;
        self.have = true;
        Ok(())
    }

    /// Reads one item.
    pub fn item(&mut self, t: Target, src: &mut Source) -> Result<(), IoError> {
        // Formatted input edits a complex value as two reals.
        if let Mode::Formatted(_) = self.mode {
            match t {
                Target::C32([re, im]) => {
                    self.item(Target::F32(re), src)?;
                    return self.item(Target::F32(im), src);
                }
                Target::C64([re, im]) => {
                    self.item(Target::F64(re), src)?;
                    return self.item(Target::F64(im), src);
                }
                Target::C128([re, im]) => {
                    self.item(Target::F128(re), src)?;
                    return self.item(Target::F128(im), src);
                }
                _ => {}
            }
        }
        self.items += 1;
        if !self.have {
            self.fetch(src)?;
        }
        match self.mode {
            Mode::List(_) => {
                let tok = self.list_token(src)?;
                list_assign(t, tok, self.items)
            }
            Mode::Formatted(_) => self.formatted_item(t, src),
        }
    }

    /// Ends the statement (a statement without items still reads a record;
    /// a format's trailing `/` skips records).
    pub fn finish(&mut self, src: &mut Source) -> Result<(), IoError> {
        if !self.have {
            self.fetch(src)?;
        }
        if let Mode::Formatted(_) = self.mode {
            while let Some(op) = self.st().finish_event() {
                if op == Op::Slash {
                    self.fetch(src)?;
                }
            }
        }
        if self.eor {
            return Err(IoError("End of record".into()));
        }
        Ok(())
    }

    // ------------------------------------------------------ list-directed

    fn ls(&mut self) -> &mut ListState {
        match &mut self.mode {
            Mode::List(ls) => ls,
            Mode::Formatted(_) => unreachable!("formatted statement"),
        }
    }

    fn list_token(&mut self, src: &mut Source) -> Result<Tok, IoError> {
        let ls = self.ls();
        if ls.repeat > 0 {
            ls.repeat -= 1;
            return Ok(ls.rep_val.clone());
        }
        if ls.slash {
            return Ok(Tok::Null);
        }
        loop {
            while self.pos < self.rec.len() && is_blank(self.rec[self.pos]) {
                self.pos += 1;
            }
            if self.pos >= self.rec.len() {
                self.fetch(src)?;
                continue;
            }
            match self.rec[self.pos] {
                b',' | b';' if self.rec[self.pos] == b';' || !self.comma => {
                    self.pos += 1;
                    let ls = self.ls();
                    if ls.sep_done {
                        return Ok(Tok::Null);
                    }
                    ls.sep_done = true;
                }
                b'/' => {
                    self.pos += 1;
                    self.ls().slash = true;
                    return Ok(Tok::Null);
                }
                _ => break,
            }
        }
        // r*value, r*
        let start = self.pos;
        let mut p = start;
        while p < self.rec.len() && self.rec[p].is_ascii_digit() {
            p += 1;
        }
        let mut count = 1u64;
        let mut tok = None;
        if p > start && p < self.rec.len() && self.rec[p] == b'*' {
            count = std::str::from_utf8(&self.rec[start..p]).ok().and_then(|s| s.parse().ok()).unwrap_or(u64::MAX);
            if count == 0 {
                return Err(IoError(format!("Zero repeat count in item {} of list input", self.items)));
            }
            self.pos = p + 1;
            if self.pos >= self.rec.len() || ends_value(self.rec[self.pos], self.comma) {
                tok = Some(Tok::Null);
            }
        }
        let tok = match tok {
            Some(t) => t,
            None => self.value_token(src)?,
        };
        // a decimal comma: the value as it reads with a decimal point
        let tok = match tok {
            Tok::Plain(v) if self.comma => Tok::Plain(
                v.into_iter()
                    .map(|c| match c {
                        b',' => b'.',
                        b';' => b',',
                        c => c,
                    })
                    .collect(),
            ),
            t => t,
        };
        self.eat_separator();
        if count > 1 {
            let ls = self.ls();
            ls.repeat = count - 1;
            ls.rep_val = tok.clone();
        }
        Ok(tok)
    }

    fn value_token(&mut self, src: &mut Source) -> Result<Tok, IoError> {
        let q = self.rec[self.pos];
        if q == b'\'' || q == b'"' {
            self.pos += 1;
            let mut v = Vec::new();
            loop {
                if self.pos >= self.rec.len() {
                    // the string goes on in the next record
                    self.fetch(src)?;
                    continue;
                }
                let c = self.rec[self.pos];
                self.pos += 1;
                if c == q {
                    if self.rec.get(self.pos) == Some(&q) {
                        self.pos += 1;
                    } else {
                        return Ok(Tok::Quoted(v));
                    }
                }
                v.push(c);
            }
        }
        if q == b'(' {
            // A complex value `(re, im)`, possibly spread over records.
            let mut v = Vec::new();
            loop {
                if self.pos >= self.rec.len() {
                    self.fetch(src)?;
                    continue;
                }
                let c = self.rec[self.pos];
                self.pos += 1;
                v.push(c);
                if c == b')' {
                    return Ok(Tok::Plain(v));
                }
            }
        }
        let start = self.pos;
        while self.pos < self.rec.len() && !ends_value(self.rec[self.pos], self.comma) {
            self.pos += 1;
        }
        Ok(Tok::Plain(self.rec[start..self.pos].to_vec()))
    }

    /// After a value: blanks, then at most one comma (or a slash) in the
    /// current record.
    fn eat_separator(&mut self) {
        while self.pos < self.rec.len() && is_blank(self.rec[self.pos]) {
            self.pos += 1;
        }
        let c = self.rec.get(self.pos).copied();
        let comma = self.comma;
        let ls = self.ls();
        ls.sep_done = false;
        match c {
            Some(b',') | Some(b';') if c == Some(b';') || !comma => {
                ls.sep_done = true;
                self.pos += 1;
            }
            Some(b'/') => {
                ls.slash = true;
                self.pos += 1;
            }
            _ => {}
        }
    }

    // ---------------------------------------------------------- formatted

    fn st(&mut self) -> &mut FmtState {
        match &mut self.mode {
            Mode::Formatted(st) => st,
            Mode::List(_) => unreachable!("list-directed statement"),
        }
    }

    /// The next `w` bytes of the record, blank-padded (with `pad='no'` a field past the
    /// record's end is the end-of-record condition).
    fn field(&mut self, w: usize) -> Result<Vec<u8>, IoError> {
        if self.pad_no && self.pos + w > self.rec.len() {
            return Err(IoError("End of record".into()));
        }
        if self.keep && self.pos + w > self.rec.len() {
            self.eor = true;
        }
        self.chars += w.min(self.rec.len().saturating_sub(self.pos));
        let mut v: Vec<u8> = self.rec.get(self.pos..).unwrap_or(&[]).iter().take(w).copied().collect();
        v.resize(w, b' ');
        self.pos += w;
        Ok(v)
    }

    /// [`Self::field`] of a numeric descriptor: the record's characters only, as the padding
    /// blanks are not subject to `BZ`.
    fn num_field(&mut self, w: usize) -> Result<Vec<u8>, IoError> {
        let avail = w.min(self.rec.len().saturating_sub(self.pos));
        let mut v = self.field(w)?;
        v.truncate(avail);
        Ok(v)
    }

    fn formatted_item(&mut self, t: Target, src: &mut Source) -> Result<(), IoError> {
        let mut reverted = false;
        let (desc, at) = loop {
            match self.st().next_event(&mut reverted)? {
                Ev::Data(d, at) => break (d, at),
                Ev::NewRecord => self.fetch(src)?,
                Ev::Ctl(op) => match op {
                    Op::Lit(s) => self.pos += s.len(),
                    Op::Right(n) => self.pos += n,
                    Op::Left(n) => self.pos = self.pos.saturating_sub(n),
                    Op::Tab(n) => self.pos = n - 1,
                    Op::Slash => self.fetch(src)?,
                    _ => {}
                },
            }
        };
        let (scale, bz, fmt, comma, round) = {
            let st = self.st();
            (st.scale, st.blank_zero, st.fmt.clone(), st.comma, st.round)
        };
        let n = self.items;
        let mismatch = |want: &str, t: &Target| {
            caret_msg(&format!("Expected {want} for item {n} in formatted transfer, got {}", t.type_name()), &fmt, at)
        };
        match desc {
            Desc::Int { radix, w, .. } => {
                let f = self.num_field(w)?;
                match t {
                    Target::I32(p) => *p = field_int(&f, radix, bz, 32)? as i32,
                    Target::I64(p) => *p = field_int(&f, radix, bz, 64)? as i64,
                    Target::I128(p) => *p = field_int(&f, radix, bz, 128)?,
                    t => return Err(mismatch("INTEGER", &t)),
                }
            }
            Desc::Real { kind, w, d, .. } => {
                let mut f = if matches!(t, Target::Logical(_) | Target::Str(_)) { self.field(w)? } else { self.num_field(w)? };
                if comma && !matches!(t, Target::Str(_)) {
                    for c in f.iter_mut() {
                        if *c == b',' {
                            *c = b'.';
                        }
                    }
                }
                let d = d.unwrap_or(0);
                // The conversion in the descriptors' rounding mode (`RD`, `RZ`, ...).
                let _round = ReadRound::set(round);
                match t {
                    Target::F32(p) => *p = field_real(&f, d, scale, bz, true)? as f32,
                    Target::F64(p) => *p = field_real(&f, d, scale, bz, false)?,
                    Target::F128(p) => {
                        let s = squeeze(&f, bz);
                        *p = if s.is_empty() {
                            0
                        } else {
                            parse_real_q(&s, Some(d), scale).ok_or_else(|| IoError("Bad value during floating point read".into()))?
                        }
                    }
                    Target::I32(p) if kind == RealEdit::G => *p = field_int(&f, 10, bz, 32)? as i32,
                    Target::I64(p) if kind == RealEdit::G => *p = field_int(&f, 10, bz, 64)? as i64,
                    Target::I128(p) if kind == RealEdit::G => *p = field_int(&f, 10, bz, 128)?,
                    Target::Logical(p) if kind == RealEdit::G => *p = field_logical(&f)? as i32,
                    Target::Str(s) if kind == RealEdit::G => char_field(s, &f),
                    t => return Err(mismatch("REAL", &t)),
                }
            }
            Desc::Logical { w } => {
                let f = self.field(w)?;
                match t {
                    Target::Logical(p) => *p = field_logical(&f)? as i32,
                    t => return Err(mismatch("LOGICAL", &t)),
                }
            }
            Desc::Char { w } => match t {
                Target::Str(s) => {
                    let f = self.field(w.unwrap_or(s.len()))?;
                    char_field(s, &f)
                }
                t => return Err(mismatch("CHARACTER", &t)),
            },
        }
        Ok(())
    }
}

/// `A` input: a field at least as long as the variable gives its rightmost
/// characters, a shorter one is blank-padded.
fn char_field(s: &mut [u8], f: &[u8]) {
    if f.len() >= s.len() {
        s.copy_from_slice(&f[f.len() - s.len()..]);
    } else {
        s[..f.len()].copy_from_slice(f);
        s[f.len()..].fill(b' ');
    }
}

fn assign_str(s: &mut [u8], v: &[u8]) {
    let n = v.len().min(s.len());
    s[..n].copy_from_slice(&v[..n]);
    s[n..].fill(b' ');
}

fn list_assign(t: Target, tok: Tok, n: usize) -> Result<(), IoError> {
    let (bytes, quoted) = match tok {
        Tok::Null => return Ok(()),
        Tok::Quoted(b) => (b, true),
        Tok::Plain(b) => (b, false),
    };
    let bad_int = || IoError(format!("Bad integer for item {n} in list input"));
    let bad_real = || IoError(format!("Bad real number in item {n} of list input"));
    let int = |bits: u32| -> Result<i128, IoError> {
        if quoted {
            return Err(bad_int());
        }
        match parse_int(&bytes, 10, bits) {
            Ok(v) => Ok(v),
            Err(IntErr::Bad) => Err(bad_int()),
            Err(IntErr::Overflow) => Err(IoError(format!("Integer overflow while reading item {n}"))),
        }
    };
    match t {
        Target::I32(p) => *p = int(32)? as i32,
        Target::I64(p) => *p = int(64)? as i64,
        Target::I128(p) => *p = int(128)?,
        Target::F32(p) => *p = parse_real(&bytes, None, 0, true).filter(|_| !quoted).ok_or_else(bad_real)? as f32,
        Target::F64(p) => *p = parse_real(&bytes, None, 0, false).filter(|_| !quoted).ok_or_else(bad_real)?,
        Target::F128(p) => *p = parse_real_q(&bytes, None, 0).filter(|_| !quoted).ok_or_else(bad_real)?,
        Target::Logical(p) => {
            let v = if quoted { None } else { parse_logical(&bytes) };
            *p = v.ok_or_else(|| IoError(format!("Bad logical value while reading item {n}")))? as i32
        }
        Target::Str(s) => assign_str(s, &bytes),
        Target::C32(p) => {
            let (re, im) = complex_parts(&bytes, true).filter(|_| !quoted).ok_or_else(|| bad_complex(n))?;
            *p = [re as f32, im as f32];
        }
        Target::C64(p) => {
            let (re, im) = complex_parts(&bytes, false).filter(|_| !quoted).ok_or_else(|| bad_complex(n))?;
            *p = [re, im];
        }
        Target::C128(p) => {
            let (re, im) = complex_parts_q(&bytes).filter(|_| !quoted).ok_or_else(|| bad_complex(n))?;
            *p = [re, im];
        }
    }
    Ok(())
}

fn bad_complex(n: usize) -> IoError {
    IoError(format!("Bad complex value in item {n} of list input"))
}

/// The parts of a list-directed complex value `(re, im)` (blanks and record ends allowed
/// around the parts, `;` as the separator too).
fn complex_parts(b: &[u8], is_f32: bool) -> Option<(f64, f64)> {
    let inner = b.strip_prefix(b"(")?.strip_suffix(b")")?;
    let k = inner.iter().position(|&c| c == b',' || c == b';')?;
    let part = |s: &[u8]| {
        let s: Vec<u8> = s.iter().copied().filter(|c| !is_blank(*c) && *c != b'\n' && *c != b'\r').collect();
        parse_real(&s, None, 0, is_f32)
    };
    Some((part(&inner[..k])?, part(&inner[k + 1..])?))
}

/// [`complex_parts`] of a complex(16) value (binary128 bits).
fn complex_parts_q(b: &[u8]) -> Option<(u128, u128)> {
    let inner = b.strip_prefix(b"(")?.strip_suffix(b")")?;
    let k = inner.iter().position(|&c| c == b',' || c == b';')?;
    let part = |s: &[u8]| {
        let s: Vec<u8> = s.iter().copied().filter(|c| !is_blank(*c) && *c != b'\n' && *c != b'\r').collect();
        parse_real_q(&s, None, 0)
    };
    Some((part(&inner[..k])?, part(&inner[k + 1..])?))
}

#[derive(Debug, PartialEq)]
pub(crate) enum IntErr {
    Bad,
    Overflow,
}

/// `[sign]digits` in `radix` for an integer of `bits` bits (`B`/`O`/`Z`
/// values may use all bits: `Z'FFFFFFFF'` is -1).
pub(crate) fn parse_int(s: &[u8], radix: u32, bits: u32) -> Result<i128, IntErr> {
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() {
        return Err(IntErr::Bad);
    }
    let mut v: u128 = 0;
    for &c in digits {
        let d = (c as char).to_digit(radix).ok_or(IntErr::Bad)?;
        v = v.checked_mul(radix as u128).and_then(|v| v.checked_add(d as u128)).ok_or(IntErr::Overflow)?;
    }
    let max = match (radix, bits) {
        (10, _) => (1u128 << (bits - 1)) - 1 + neg as u128,
        (_, 128) => u128::MAX,
        _ => (1u128 << bits) - 1,
    };
    if v > max {
        return Err(IntErr::Overflow);
    }
    let v = if neg { (v as i128).wrapping_neg() } else { v as i128 };
    Ok(match bits {
        32 => i128::from(v as u32 as i32),
        64 => i128::from(v as u64 as i64),
        _ => v,
    })
}

/// A Fortran real: `[sign](digits[.digits]|.digits)[exponent]`, where the
/// exponent is `E|D|Q[sign]digits` or `sign digits`, or Inf/Infinity/NaN.
/// `implied` is the number of implied decimals when there is no point
/// (formatted input), `scale` the scale factor (applied without exponent).
/// Correctly rounded to the target precision.
pub(crate) fn parse_real(s: &[u8], implied: Option<usize>, scale: i32, is_f32: bool) -> Option<f64> {
    let round = READ_ROUND.with(|r| r.get());
    match real_text(s, implied, scale)? {
        Ok(v) => Some(v),
        Err(text) if round != Round::Nearest && is_f32 => {
            crate::quad::parse_ieee(&text, 23, 8, round).map(|b| f32::from_bits(b as u32) as f64)
        }
        Err(text) if round != Round::Nearest => crate::quad::parse_ieee(&text, 52, 11, round).map(|b| f64::from_bits(b as u64)),
        Err(text) if is_f32 => text.parse::<f32>().ok().map(|v| v as f64),
        Err(text) => text.parse::<f64>().ok(),
    }
}

/// [`parse_real`] for `real(16)`: the binary128 bits.
pub(crate) fn parse_real_q(s: &[u8], implied: Option<usize>, scale: i32) -> Option<u128> {
    match real_text(s, implied, scale)? {
        Ok(v) if v.is_nan() => Some(crate::quad::NAN),
        Ok(v) => Some(crate::quad::INFINITY | if v < 0.0 { crate::quad::SIGN } else { 0 }),
        Err(text) => crate::quad::parse_ieee(&text, 112, 15, READ_ROUND.with(|r| r.get())),
    }
}

/// The rounding mode of input conversions while it lives (the previous one back after).
struct ReadRound(Round);

impl ReadRound {
    fn set(r: Round) -> ReadRound {
        // (`compatible` rounds input to nearest, ties to even, as gfortran 12 does.)
        let r = if r == Round::Compatible { Round::Nearest } else { r };
        ReadRound(READ_ROUND.with(|c| c.replace(r)))
    }
}

impl Drop for ReadRound {
    fn drop(&mut self) {
        READ_ROUND.with(|c| c.set(self.0));
    }
}

thread_local! {
    /// The `round=` mode of the read statement in progress (the connection's, or the
    /// statement's own): gfortran rounds input conversions in it too.
    static READ_ROUND: std::cell::Cell<Round> = const { std::cell::Cell::new(Round::Nearest) };
}

/// The value of a Fortran real as [`parse_real`] reads it: `Ok` for infinity and NaN,
/// else `Err` of its text normalised for a decimal parser (`[-]DIGITSeEXP`).
fn real_text(s: &[u8], implied: Option<usize>, scale: i32) -> Option<Result<f64, String>> {
    let (neg, body) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let lower: Vec<u8> = body.to_ascii_lowercase();
    let special = match lower.as_slice() {
        b"inf" | b"infinity" => Some(f64::INFINITY),
        l if l.starts_with(b"nan") && (l.len() == 3 || (l[3] == b'(' && l.ends_with(b")"))) => Some(f64::NAN),
        _ => None,
    };
    if let Some(v) = special {
        return Some(Ok(if neg { -v } else { v }));
    }
    let mut i = 0;
    let mut mant = String::new();
    let mut frac: i64 = 0;
    let mut point = false;
    while i < body.len() {
        match body[i] {
            c @ b'0'..=b'9' => {
                mant.push(c as char);
                if point {
                    frac += 1;
                }
            }
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    if mant.is_empty() {
        return None;
    }
    let mut exp: Option<i64> = None;
    if i < body.len() {
        let mut j = i;
        if matches!(body[j], b'e' | b'E' | b'd' | b'D' | b'q' | b'Q') {
            j += 1;
        } else if !matches!(body[j], b'+' | b'-') {
            return None;
        }
        let eneg = body.get(j) == Some(&b'-');
        if matches!(body.get(j), Some(b'+') | Some(b'-')) {
            j += 1;
        }
        if j >= body.len() || !body[j..].iter().all(u8::is_ascii_digit) {
            return None;
        }
        let e: i64 = std::str::from_utf8(&body[j..]).ok()?.chars().take(9).collect::<String>().parse().ok()?;
        exp = Some(if eneg { -e } else { e });
    }
    if !point {
        frac = implied.unwrap_or(0) as i64;
    }
    let e10 = match exp {
        Some(e) => e - frac,
        None => -frac - scale as i64,
    };
    Some(Err(format!("{}{mant}e{e10}", if neg { "-" } else { "" })))
}

/// `[.]T...` or `[.]F...` (the rest is ignored).
pub(crate) fn parse_logical(s: &[u8]) -> Option<bool> {
    let s = s.strip_prefix(b".").unwrap_or(s);
    match s.first().map(u8::to_ascii_uppercase) {
        Some(b'T') => Some(true),
        Some(b'F') => Some(false),
        _ => None,
    }
}

/// Removes blanks (`BN`) or turns them into zeros (`BZ`, leading blanks
/// dropped either way).
fn squeeze(f: &[u8], bz: bool) -> Vec<u8> {
    let lead = f.iter().take_while(|&&c| is_blank(c)).count();
    f[lead..].iter().filter_map(|&c| if is_blank(c) { bz.then_some(b'0') } else { Some(c) }).collect()
}

fn field_int(f: &[u8], radix: u32, bz: bool, bits: u32) -> Result<i128, IoError> {
    let s = squeeze(f, bz);
    if s.is_empty() {
        return Ok(0);
    }
    parse_int(&s, radix, bits).map_err(|e| match e {
        IntErr::Bad => IoError("Bad value during integer read".into()),
        IntErr::Overflow => IoError("Value overflowed during integer read".into()),
    })
}

fn field_real(f: &[u8], d: usize, scale: i32, bz: bool, is_f32: bool) -> Result<f64, IoError> {
    let s = squeeze(f, bz);
    if s.is_empty() {
        return Ok(0.0);
    }
    parse_real(&s, Some(d), scale, is_f32).ok_or_else(|| IoError("Bad value during floating point read".into()))
}

fn field_logical(f: &[u8]) -> Result<bool, IoError> {
    let lead = f.iter().take_while(|&&c| is_blank(c)).count();
    parse_logical(&f[lead..]).ok_or_else(|| IoError("Bad value on logical read".into()))
}

// ---------------------------------------------------------------------------
// Global statement: records from standard input or a unit.

use crate::io::{fail, with_state};

/// Starts a read statement on `unit` (5 and -1 are standard input);
/// `fmt` None means list-directed.
pub fn begin(unit: i32, fmt: Option<&[u8]>) {
    let keep = crate::io::take_nonadvancing();
    if at_eof(unit) {
        fail(IoError("Sequential READ or WRITE not allowed after EOF marker, possibly use REWIND or BACKSPACE".into()));
        return;
    }
    let r = with_state(|st| {
        let modes = crate::io::take_modes(st, unit);
        // (`compatible` rounds input to nearest, ties to even, as gfortran 12 does.)
        let round = match modes.round() {
            Round::Compatible => Round::Nearest,
            r => r,
        };
        READ_ROUND.with(|r| r.set(round));
        if crate::iostat::failed() {
            st.read = None;
            return Ok(());
        }
        let mut stmt = match fmt {
            None => ReadStmt::list_modes(modes),
            Some(text) => ReadStmt::formatted_modes(st.format(text)?, modes),
        };
        stmt.keep = keep;
        // The rest of the record a non-advancing read left open on this unit.
        if let Some((rec, pos)) = take_pending(unit) {
            stmt.rec = rec;
            stmt.pos = pos;
            stmt.have = true;
        }
        st.read = Some((unit, stmt));
        Ok(())
    });
    if let Err(e) = r {
        fail(e)
    }
}

pub(crate) fn with_read(f: impl FnOnce(&mut ReadStmt, &mut Source) -> Result<(), IoError>, take: bool) {
    let r = with_state(|st| {
        let Some((unit, mut stmt)) = st.read.take() else { return Ok(()) };
        let r = {
            let mut src = || -> Result<Option<Vec<u8>>, IoError> {
                if unit == crate::io::INTERNAL {
                    return Ok(internal_record());
                }
                let r = if !st.units.contains_key(&unit) && (unit == 5 || unit == -1) {
                    st.flush_stdout();
                    crate::units::read_line(&mut std::io::stdin().lock()).map_err(|e| IoError(crate::units::os_error_text(&e)))
                } else {
                    st.unit(unit)?.read_record().map_err(IoError)
                };
                if matches!(r, Ok(None)) {
                    set_eof(unit, true);
                }
                r
            };
            f(&mut stmt, &mut src)
        };
        if !take && r.is_ok() {
            st.read = Some((unit, stmt));
        }
        r
    });
    if let Err(e) = r {
        fail(e)
    }
}

/// External units whose last read hit the end of the file (reading again is an error
/// until `rewind`, `backspace` or a new connection).
static AT_EOF: std::sync::Mutex<Vec<i32>> = std::sync::Mutex::new(Vec::new());

pub fn at_eof(unit: i32) -> bool {
    let u = if unit == -1 { 5 } else { unit };
    AT_EOF.lock().unwrap_or_else(|e| e.into_inner()).contains(&u)
}

/// Marks `unit` as positioned after its end of file (or not).
pub fn set_eof(unit: i32, eof: bool) {
    drop_pending(unit);
    let u = if unit == -1 { 5 } else { unit };
    let mut v = AT_EOF.lock().unwrap_or_else(|e| e.into_inner());
    v.retain(|&x| x != u);
    if eof {
        v.push(u);
    }
}

/// The records of the current internal read (a character variable is one record).
static INTERNAL_RECS: std::sync::Mutex<Vec<Vec<u8>>> = std::sync::Mutex::new(Vec::new());

fn internal_record() -> Option<Vec<u8>> {
    let mut r = INTERNAL_RECS.lock().unwrap_or_else(|e| e.into_inner());
    if r.is_empty() {
        None
    } else {
        Some(r.remove(0))
    }
}

/// The records of the next internal read: one character variable.
pub fn set_internal(rec: &[u8]) {
    *INTERNAL_RECS.lock().unwrap_or_else(|e| e.into_inner()) = vec![rec.to_vec()];
}

/// Starts an internal read from a character array: each element a record.
pub fn begin_internal_array(recs: Vec<Vec<u8>>, fmt: Option<&[u8]>) {
    *INTERNAL_RECS.lock().unwrap_or_else(|e| e.into_inner()) = recs;
    begin(crate::io::INTERNAL, fmt)
}

/// Starts an internal read from the character variable holding `rec`.
pub fn begin_internal(rec: &[u8], fmt: Option<&[u8]>) {
    *INTERNAL_RECS.lock().unwrap_or_else(|e| e.into_inner()) = vec![rec.to_vec()];
    begin(crate::io::INTERNAL, fmt)
}

/// Reads one item of the current read statement.
pub fn item(t: Target) {
    with_read(|s, src| s.item(t, src), false)
}

/// Ends the current read statement. A non-advancing one that ended inside its record
/// leaves the rest of the record to the unit's next read.
pub fn end() {
    let unit = with_state(|st| st.read.as_ref().map(|(u, _)| *u));
    with_read(
        |s, src| {
            LAST_SIZE.store(s.chars as i64, std::sync::atomic::Ordering::Relaxed);
            s.finish(src)?;
            if s.keep && s.have {
                if let Some(u) = unit {
                    set_pending(u, std::mem::take(&mut s.rec), s.pos);
                }
            }
            Ok(())
        },
        true,
    )
}

/// `size=`: the characters the last read statement's data edit descriptors took.
static LAST_SIZE: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

/// The `size=` value of the read statement that just ended.
pub fn last_size() -> i64 {
    LAST_SIZE.load(std::sync::atomic::Ordering::Relaxed)
}

/// Records left open by non-advancing reads: (unit, record, position in it).
static PENDING: std::sync::Mutex<Vec<(i32, Vec<u8>, usize)>> = std::sync::Mutex::new(Vec::new());

fn norm_unit(unit: i32) -> i32 {
    if unit == -1 {
        5
    } else {
        unit
    }
}

fn take_pending(unit: i32) -> Option<(Vec<u8>, usize)> {
    let u = norm_unit(unit);
    let mut v = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    let i = v.iter().position(|p| p.0 == u)?;
    let (_, rec, pos) = v.remove(i);
    Some((rec, pos))
}

fn set_pending(unit: i32, rec: Vec<u8>, pos: usize) {
    let u = norm_unit(unit);
    let mut v = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    v.retain(|p| p.0 != u);
    v.push((u, rec, pos));
}

/// Forgets the record a non-advancing read left open on `unit` (rewind, backspace, close).
pub fn drop_pending(unit: i32) {
    let _ = take_pending(unit);
}

#[cfg(test)]
#[allow(clippy::approx_constant)]
mod tests {
    use super::*;

    /// A value read by a test.
    #[derive(Clone, Debug, PartialEq)]
    enum V {
        I(i32),
        K(i64),
        R(f32),
        D(f64),
        L(bool),
        S(String),
    }

    /// Runs one read statement per entry of `stmts` over `input` (items
    /// start as given and come back as read) like gfortran would.
    fn run(fmt: Option<&str>, input: &str, stmts: &mut [Vec<V>]) -> Result<(), IoError> {
        let mut lines: Vec<Vec<u8>> = input.split_inclusive('\n').map(|l| l.trim_end_matches('\n').as_bytes().to_vec()).collect();
        lines.reverse();
        let mut src = move || -> Result<Option<Vec<u8>>, IoError> { Ok(lines.pop()) };
        for items in stmts.iter_mut() {
            let mut s = match fmt {
                None => ReadStmt::list(),
                Some(f) => ReadStmt::formatted(Arc::new(crate::format::parse(f.as_bytes()).unwrap())),
            };
            for v in items.iter_mut() {
                let mut b: i32 = 0;
                let mut buf: Vec<u8> = Vec::new();
                let t = match v {
                    V::I(x) => Target::I32(x),
                    V::K(x) => Target::I64(x),
                    V::R(x) => Target::F32(x),
                    V::D(x) => Target::F64(x),
                    V::L(x) => {
                        b = *x as i32;
                        Target::Logical(&mut b)
                    }
                    V::S(x) => {
                        buf = x.as_bytes().to_vec();
                        Target::Str(&mut buf)
                    }
                };
                s.item(t, &mut src)?;
                match v {
                    V::L(x) => *x = b != 0,
                    V::S(x) => *x = String::from_utf8(buf).unwrap(),
                    _ => {}
                }
            }
            s.finish(&mut src)?;
        }
        Ok(())
    }

    use V::*;
    fn s(x: &str) -> V {
        S(x.to_string())
    }

    fn list1(input: &str, items: Vec<V>) -> Result<Vec<V>, String> {
        let mut st = [items];
        run(None, input, &mut st).map_err(|e| e.0)?;
        Ok(st[0].clone())
    }

    #[test]
    fn list_directed() {
        // integer a, b, c; real x; double precision d; logical l; character(6) s
        // read(*,*) a, b, c / read(*,*) x, d, l, s  with the inputs below
        let mut st = [vec![I(0), I(0), I(0)], vec![R(0.0), D(0.0), L(false), s("------")]];
        run(None, "1 2 3\n1.5 2.5d0 T hello\n", &mut st).unwrap();
        assert_eq!(st[0], vec![I(1), I(2), I(3)]);
        assert_eq!(st[1], vec![R(1.5), D(2.5), L(true), s("hello ")]);
        // '1,2,3 4 5' / '1.5e3,,.false. "a b"': rest of record skipped, null keeps d
        let mut st = [vec![I(0), I(0), I(0)], vec![R(0.0), D(7.0), L(true), s("------")]];
        run(None, "1,2,3 4 5\n1.5e3,,.false. \"a b\"\n", &mut st).unwrap();
        assert_eq!(st[0], vec![I(1), I(2), I(3)]);
        assert_eq!(st[1], vec![R(1500.0), D(7.0), L(false), s("a b   ")]);
        // values on separate records
        let mut st = [vec![I(0), I(0), I(0)], vec![R(0.0), D(0.0), L(false), s("------")]];
        run(None, "1\n2\n3\n.1 \n 2 \n .t.\n abc,def\n", &mut st).unwrap();
        assert_eq!(st[1], vec![R(0.1), D(2.0), L(true), s("abc   ")]);
        // '2*7 8' then '3*' (three nulls, then end of file)
        let mut st = [vec![I(0), I(0), I(0)], vec![R(9.0), D(9.0), L(false), s("------")]];
        assert_eq!(run(None, "2*7 8\n3*\n", &mut st).unwrap_err().0, "End of file");
        assert_eq!(st[0], vec![I(7), I(7), I(8)]);
        // '1 2 /': slash ends the statement
        assert_eq!(list1("1 2 /\n", vec![I(0), I(0), I(5)]).unwrap(), vec![I(1), I(2), I(5)]);
        assert_eq!(list1("1 2", vec![I(0), I(0), I(0)]).unwrap_err(), "End of file");
        assert_eq!(list1("", vec![I(0)]).unwrap_err(), "End of file");
        assert_eq!(list1("1 x 3\n", vec![I(0), I(0), I(0)]).unwrap_err(), "Bad integer for item 2 in list input");
        assert_eq!(list1("1.5q 2\n", vec![R(0.0), D(0.0)]).unwrap_err(), "Bad real number in item 1 of list input");
        assert_eq!(list1("1 2 maybe\n", vec![R(0.0), D(0.0), L(false)]).unwrap_err(), "Bad logical value while reading item 3");
        assert_eq!(list1("1, , 3\n", vec![I(0), I(-5), I(0)]).unwrap(), vec![I(1), I(-5), I(3)]);
    }

    #[test]
    fn list_directed_values() {
        // integer a; integer(8) k; real x; double precision d; logical l; character(4) s, s2
        // read(*,*) a, k, x, d, l, s, s2
        let items = || vec![I(-1), K(-1), R(-1.0), D(-1.0), L(false), s("----"), s("----")];
        let r = list1("+5 -9000000000 1.5D2 -inf .true.xyz 'it''s' \"q\"\"x\"\n", items()).unwrap();
        assert_eq!(r, vec![I(5), K(-9000000000), R(150.0), D(f64::NEG_INFINITY), L(true), s("it's"), s("q\"x ")]);
        let r = list1("5 9 nan infinity tfoo abcdefg h\n", items()).unwrap();
        assert!(matches!(r[2], R(x) if x.is_nan()));
        assert_eq!(r[3..], [D(f64::INFINITY), L(true), s("abcd"), s("h   ")]);
        let r = list1("5 9 1e5 1.5d-3 F ab,cd\n", items()).unwrap();
        assert_eq!(r[2..], [R(1e5), D(1.5e-3), L(false), s("ab  "), s("cd  ")]);
        let r = list1("5 9 1 2 F ab/cd\n", items()).unwrap();
        assert_eq!(r[5..], [s("ab  "), s("----")]);
        assert_eq!(list1("5 9 1 2 F 'ab\n", items()).unwrap_err(), "End of file");
        assert_eq!(list1("3000000000 1 1 1 t a b\n", items()).unwrap_err(), "Integer overflow while reading item 1");
        assert_eq!(list1("5. 1 1 1 t a b\n", items()).unwrap_err(), "Bad integer for item 1 in list input");
        assert_eq!(list1("1e2 1 1 1 t a b\n", items()).unwrap_err(), "Bad integer for item 1 in list input");
        assert_eq!(list1("5 9223372036854775808 1 1 t a b\n", items()).unwrap_err(), "Integer overflow while reading item 2");
        assert_eq!(list1("5 9 1+3 1 t a b\n", items()).unwrap()[2], R(1000.0));
        let r = list1("5 9 .5 -.5e-1 t a b\n", items()).unwrap();
        assert_eq!(r[2..4], [R(0.5), D(-0.05)]);
        assert_eq!(list1("5 9 1.0e 1 t a b\n", items()).unwrap_err(), "Bad real number in item 3 of list input");
        assert_eq!(list1("5;9 1 1 t a b\n", items()).unwrap()[..2], [I(5), K(9)]);
        assert_eq!(list1("5 9 1 1 t 2*ab\n", items()).unwrap()[5..], [s("ab  "), s("ab  ")]);
        assert_eq!(list1("5 9 1 1 t 2*'ab' \n", items()).unwrap()[5..], [s("ab  "), s("ab  ")]);
        assert_eq!(list1("5 9 1 1 .f, ,\n", items()).unwrap_err(), "End of file");
        assert_eq!(list1(" , , , , , , ,\n", items()).unwrap(), items());
        assert_eq!(list1("5 9 1 1 t a\n b\n", items()).unwrap()[5..], [s("a   "), s("b   ")]);
        assert_eq!(list1("5 9 1 1 t 'a\nb'\n", items()).unwrap_err(), "End of file");
        assert_eq!(list1("\t5\t9 1 1 t a b\n", items()).unwrap()[..2], [I(5), K(9)]);
        assert_eq!(list1("-2147483648\n", vec![I(0)]).unwrap(), vec![I(i32::MIN)]);
    }

    fn fmt1(f: &str, input: &str, items: Vec<V>) -> Result<Vec<V>, String> {
        let mut st = [items];
        run(Some(f), input, &mut st).map_err(|e| e.0)?;
        Ok(st[0].clone())
    }

    #[test]
    fn formatted() {
        // read(*, f) items, for the formats and inputs below
        let ai = || vec![I(-1), R(-1.0)];
        assert_eq!(fmt1("(I5, F8.3)", "   42  12.345\n", ai()).unwrap(), vec![I(42), R(12.345)]);
        assert_eq!(fmt1("(I5, F8.3)", "   42   12345\n", ai()).unwrap(), vec![I(42), R(12.345)]);
        assert_eq!(fmt1("(I5, F8.3)", "4 2  1 2 3 4 5\n", ai()).unwrap(), vec![I(42), R(1.234)]);
        assert_eq!(fmt1("(I5, F8.3)", "42\n", ai()).unwrap(), vec![I(42), R(0.0)]);
        assert_eq!(fmt1("(I5, F8.3)", "\n", ai()).unwrap(), vec![I(0), R(0.0)]);
        assert_eq!(fmt1("(I5, F8.3)", "", ai()).unwrap_err(), "End of file");
        assert_eq!(fmt1("(I5, F8.3)", "  -42 1.5e2   \n", ai()).unwrap(), vec![I(-42), R(150.0)]);
        let ab = || vec![I(-1), I(-1)];
        assert_eq!(fmt1("(2I3)", "  1  2  3\n", ab()).unwrap(), vec![I(1), I(2)]);
        assert_eq!(fmt1("(I3)", "  1\n  2\n", ab()).unwrap(), vec![I(1), I(2)]);
        assert_eq!(fmt1("(I3/I3)", "  1 9\n  2\n", ab()).unwrap(), vec![I(1), I(2)]);
        assert_eq!(fmt1("(I3,2X,I3)", "  1xx  2\n", ab()).unwrap(), vec![I(1), I(2)]);
        assert_eq!(fmt1("(T5,I2,T1,I2)", "12345678\n", ab()).unwrap(), vec![I(56), I(12)]);
        assert_eq!(fmt1("(2(I2,1X))", "12 34\n", ab()).unwrap(), vec![I(12), I(34)]);
        assert_eq!(fmt1("(I2)", "12 34\n", ab()).unwrap_err(), "End of file");
        assert_eq!(fmt1("(A)", "hello world\n", vec![s("----")]).unwrap(), vec![s("hell")]);
        assert_eq!(fmt1("(A2)", "hello world\n", vec![s("----")]).unwrap(), vec![s("he  ")]);
        assert_eq!(fmt1("(A6)", "hello world\n", vec![s("----")]).unwrap(), vec![s("llo ")]);
        assert_eq!(fmt1("(A)", "hi\n", vec![s("----")]).unwrap(), vec![s("hi  ")]);
        assert_eq!(fmt1("(L3)", " .t\n", vec![L(false)]).unwrap(), vec![L(true)]);
        assert_eq!(fmt1("(L3)", " x\n", vec![L(false)]).unwrap_err(), "Bad value on logical read");
        assert_eq!(fmt1("(I3)", " 1x\n", vec![I(0)]).unwrap_err(), "Bad value during integer read");
        assert_eq!(fmt1("(F5.2)", " 1x\n", vec![R(0.0)]).unwrap_err(), "Bad value during floating point read");
        assert_eq!(fmt1("(E10.3, D10.3)", "  1.234E+2  5678D-1\n", vec![R(0.0), D(0.0)]).unwrap(), vec![R(123.4), D(0.5678)]);
        assert_eq!(fmt1("(I3)", "+ 5\n", vec![I(0)]).unwrap(), vec![I(5)]);
        assert_eq!(fmt1("(I10)", "9999999999\n", vec![I(0)]).unwrap_err(), "Value overflowed during integer read");
        assert_eq!(fmt1("(F8.0)", "  inf\n", vec![R(0.0)]).unwrap(), vec![R(f32::INFINITY)]);
        assert_eq!(fmt1("(BZ,I4)", " 1 2\n", vec![I(0)]).unwrap(), vec![I(102)]);
        assert_eq!(fmt1("(F6.2)", "  1234\n", vec![R(0.0)]).unwrap(), vec![R(12.34)]);
        assert_eq!(fmt1("(3PF6.2)", "  1234\n", vec![R(0.0)]).unwrap(), vec![R(0.01234)]);
        assert_eq!(fmt1("(F6.2)", "  1.5e1\n", vec![R(0.0)]).unwrap_err(), "Bad value during floating point read");
        assert_eq!(fmt1("(Z8)", "FFFFFFFF\n", vec![I(0)]).unwrap(), vec![I(-1)]);
        let e = fmt1("(I3)", "  1\n", vec![R(0.0)]).unwrap_err();
        assert_eq!(e, "Expected INTEGER for item 1 in formatted transfer, got REAL\n(I3)\n ^");
        // a statement without items reads (skips) one record; trailing / skips another
        let mut st = [vec![], vec![I(0)]];
        run(Some("(I3)"), "  1\n  2\n", &mut st).unwrap();
        assert_eq!(st[1], vec![I(2)]);
        let mut st = [vec![I(0)], vec![I(0)]];
        // read(*, '(I3/)') a; read(*, '(I3/)') b: the second slash needs a 4th record
        assert_eq!(run(Some("(I3/)"), "  1\n  2\n  3\n", &mut st).unwrap_err().0, "End of file");
        run(Some("(I3/)"), "  1\n  2\n  3\n  4\n", &mut st).unwrap();
        assert_eq!(st[1], vec![I(3)]);
    }
}
