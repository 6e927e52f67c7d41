//! Namelist input and output (`write(u, nml=g)`, `read(u, g)`), one statement at a time:
//! `begin` → the group's objects (name, type, bounds, element addresses) → `end`, which
//! does the whole transfer.
//!
//! Output follows gfortran's layout: `&G`, each object on a new line as ` NAME=` with its
//! values each followed by a comma (integers left-justified in their list-directed width,
//! reals as list-directed, characters in double quotes, runs of equal values as ` r*v`),
//! a new line after every five values of the first line and six of the next ones, then
//! ` /`. Input finds `&g` (records before it are skipped), then reads `name=values`
//! assignments in any order and any subset until `/`: array elements and sections
//! (`a(2)=`, `a(2:3)=`, `m(1,2)=`), components of derived-type scalars (`t%k=`), null
//! values, `r*v` repeats, `!` comments, values over several records.

use crate::format::SignMode;
use crate::input::{parse_int, parse_logical, parse_real, Source};
use crate::io::{fail, with_state, IoError, Modes};
use std::sync::Mutex;

/// The type of a namelist object's elements, as codegen encodes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Int,
    Real,
    Logical,
    Char,
    Complex,
}

struct Obj {
    /// Upper case, as written (`TT%K`).
    name: String,
    kind: Kind,
    /// Bytes per element (the length of a character element).
    size: usize,
    /// Lower bound and extent per dimension.
    dims: Vec<(i64, i64)>,
    /// Element addresses in array element order.
    elems: Vec<usize>,
}

struct NmlStmt {
    unit: i32,
    write: bool,
    group: String,
    objs: Vec<Obj>,
    /// The changeable modes of an output statement (the connection's, with the
    /// statement's own over them); an input statement's are taken when it starts reading.
    modes: Modes,
}

static STMT: Mutex<Option<NmlStmt>> = Mutex::new(None);

fn lock() -> std::sync::MutexGuard<'static, Option<NmlStmt>> {
    STMT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Starts a namelist statement on `unit` for the group `group`.
pub fn begin(unit: i32, write: bool, group: &str) {
    let modes = if write { with_state(|st| crate::io::take_modes(st, unit)) } else { Modes::default() };
    *lock() = Some(NmlStmt { unit, write, group: group.to_string(), objs: Vec::new(), modes });
}

/// Adds an object: `kind` 1 integer, 2 real, 3 logical, 4 character, 5 complex.
pub fn object(name: &str, kind: i32, size: usize) {
    let kind = match kind {
        1 => Kind::Int,
        2 => Kind::Real,
        3 => Kind::Logical,
        4 => Kind::Char,
        _ => Kind::Complex,
    };
    if let Some(s) = lock().as_mut() {
        s.objs.push(Obj { name: name.to_ascii_uppercase(), kind, size, dims: Vec::new(), elems: Vec::new() });
    }
}

/// A dimension of the last object.
pub fn dim(lb: i64, ext: i64) {
    if let Some(o) = lock().as_mut().and_then(|s| s.objs.last_mut()) {
        o.dims.push((lb, ext.max(0)));
    }
}

/// The next element's address of the last object.
pub fn elem(addr: usize) {
    if let Some(o) = lock().as_mut().and_then(|s| s.objs.last_mut()) {
        o.elems.push(addr);
    }
}

/// Ends the statement: writes the group, or reads it.
pub fn end() {
    let Some(s) = lock().take() else { return };
    if s.write {
        let text = output(&s);
        if let Err(e) = with_state(|st| st.emit(s.unit, text.as_bytes())) {
            fail(e)
        }
    } else {
        crate::input::begin(s.unit, None);
        crate::input::with_read(|stmt, src| input(&s, src, stmt.comma), true);
    }
}

// ---------------------------------------------------------------- output

/// The bytes of an element.
fn bytes(o: &Obj, a: usize) -> &[u8] {
    // SAFETY: codegen registers addresses valid for `size` bytes until `end`.
    unsafe { std::slice::from_raw_parts(a as *const u8, o.size) }
}

fn int_of(b: &[u8]) -> i64 {
    match b.len() {
        1 => b[0] as i8 as i64,
        2 => i16::from_le_bytes([b[0], b[1]]) as i64,
        4 => i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64,
        _ => i64::from_le_bytes(b[..8].try_into().unwrap_or([0; 8])),
    }
}

fn real_of(b: &[u8]) -> crate::format::Fl {
    use crate::format::Fl;
    match b.len() {
        4 => Fl::D(f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64),
        16 => Fl::Q(u128::from_le_bytes(b[..16].try_into().unwrap_or([0; 16]))),
        _ => Fl::D(f64::from_le_bytes(b[..8].try_into().unwrap_or([0; 8]))),
    }
}

/// The text of one value in the statement's modes: `sign='plus'`, `round=`,
/// `decimal='comma'` (`,` for the point and `;` between a complex value's parts), and
/// `delim=` for characters (quotes unless the modes say apostrophes or none).
fn value_text(o: &Obj, b: &[u8], m: Modes) -> String {
    let comma = m.comma();
    match o.kind {
        Kind::Int => {
            let w = match o.size {
                1 => 4,
                2 => 6,
                4 => 11,
                _ => 20,
            };
            let v = int_of(b);
            let t = if m.sign() == SignMode::Plus && v >= 0 { format!("+{v}") } else { v.to_string() };
            format!("{t:<w$}")
        }
        Kind::Real => {
            let t = crate::format::with_round(m.round(), || crate::format::list_real_signed(real_of(b), o.size == 4, m.sign()));
            if comma {
                t.replace('.', ",")
            } else {
                t
            }
        }
        Kind::Logical => if b.iter().any(|&x| x != 0) { "T" } else { "F" }.to_string(),
        Kind::Char => {
            let s = String::from_utf8_lossy(b);
            match m.delim_code() {
                1 => format!("'{}'", s.replace('\'', "''")),
                3 => s.into_owned(),
                _ => format!("\"{}\"", s.replace('"', "\"\"")),
            }
        }
        Kind::Complex => {
            let h = o.size / 2;
            let t = crate::format::with_round(m.round(), || {
                crate::format::list_complex_signed(real_of(&b[..h]), real_of(&b[h..]), h == 4, m.sign())
            });
            let t = t.trim().to_string();
            if comma {
                t.replace(',', ";").replace('.', ",")
            } else {
                t
            }
        }
    }
}

fn output(s: &NmlStmt) -> String {
    // Values are followed by a separator, except characters written without delimiters.
    let sep = if s.modes.comma() { ';' } else { ',' };
    let mut out = format!("&{}", s.group.to_ascii_uppercase());
    for o in &s.objs {
        out.push_str("\n ");
        out.push_str(&o.name);
        out.push('=');
        let mut num = 1;
        let mut i = 0;
        while i < o.elems.len() {
            let b = bytes(o, o.elems[i]);
            let mut r = 1;
            while i + r < o.elems.len() && bytes(o, o.elems[i + r]) == b {
                r += 1;
            }
            let mut t = value_text(o, b, s.modes);
            if r > 1 {
                out.push_str(&format!(" {r}*"));
                // the leading blanks go after the value
                let lead = t.len() - t.trim_start().len();
                t = format!("{}{}", t.trim_start(), " ".repeat(lead));
            }
            num += 1;
            out.push_str(&t);
            if o.kind != Kind::Char || s.modes.delim_code() != 3 {
                out.push(sep);
            }
            if num > 5 {
                num = 0;
                out.push_str("\n ");
            }
            i += r;
        }
    }
    out.push_str("\n /\n");
    out
}

// ----------------------------------------------------------------- input

/// A cursor over the records of the statement: a record end reads as `\n`.
struct Cur<'a, 's> {
    src: &'a mut Source<'s>,
    rec: Vec<u8>,
    pos: usize,
    eof: bool,
}

impl Cur<'_, '_> {
    fn peek(&self) -> Option<u8> {
        if self.eof {
            None
        } else {
            Some(self.rec.get(self.pos).copied().unwrap_or(b'\n'))
        }
    }

    fn bump(&mut self) -> Result<(), IoError> {
        if self.pos < self.rec.len() {
            self.pos += 1;
            return Ok(());
        }
        match (self.src)()? {
            Some(r) => {
                self.rec = r;
                self.pos = 0;
            }
            None => self.eof = true,
        }
        Ok(())
    }

    fn next_record(&mut self) -> Result<(), IoError> {
        self.pos = self.rec.len();
        self.bump()
    }

    /// Skips blanks, record ends and `!` comments.
    fn skip_blanks(&mut self) -> Result<(), IoError> {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\n' | b'\r' => self.bump()?,
                b'!' => self.next_record()?,
                _ => break,
            }
        }
        Ok(())
    }

    fn need(&self) -> Result<u8, IoError> {
        self.peek().ok_or_else(|| IoError("End of file".into()))
    }
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Whether the record holds `name[(...)][%name...] =` at `pos`: the start of the next
/// assignment rather than a value.
fn name_follows(rec: &[u8], mut pos: usize) -> bool {
    let mut depth = 0;
    let mut seen = false;
    while pos < rec.len() {
        let c = rec[pos];
        match c {
            b'(' => depth += 1,
            b')' if depth > 0 => depth -= 1,
            b'=' if depth == 0 => return seen,
            _ if depth > 0 => {}
            b'%' | b' ' | b'\t' => {}
            c if is_name_char(c) => seen = true,
            _ => return false,
        }
        pos += 1;
    }
    false
}

fn bad(what: &str) -> IoError {
    IoError(what.to_string())
}

/// The linear element indices a subscript list selects, in array element order.
fn section(o: &Obj, subs: &str) -> Result<Vec<usize>, IoError> {
    let parts: Vec<&str> = subs.split(',').collect();
    if parts.len() != o.dims.len() {
        return Err(bad(&format!("Multiple sub-objects with non-zero rank in namelist object {}", o.name.to_ascii_lowercase())));
    }
    let num = |s: &str, d: i64| -> Result<i64, IoError> {
        if s.is_empty() {
            Ok(d)
        } else {
            s.parse::<i64>().map_err(|_| bad(&format!("Bad subscript in namelist object {}", o.name.to_ascii_lowercase())))
        }
    };
    let mut ranges = Vec::new();
    for (p, &(lb, ext)) in parts.iter().zip(&o.dims) {
        let f: Vec<&str> = p.split(':').collect();
        let (lo, hi, st) = match f.len() {
            1 => {
                let i = num(f[0], lb)?;
                (i, i, 1)
            }
            2 => (num(f[0], lb)?, num(f[1], lb + ext - 1)?, 1),
            _ => (num(f[0], lb)?, num(f[1], lb + ext - 1)?, num(f[2], 1)?),
        };
        let v: Vec<i64> = if st > 0 {
            (lo..=hi).step_by(st as usize).collect()
        } else if st < 0 {
            (hi..=lo).rev().step_by((-st) as usize).collect()
        } else {
            return Err(bad("Zero stride in namelist subscript"));
        };
        if v.iter().any(|&i| i < lb || i >= lb + ext) {
            return Err(bad(&format!("Index out of range in namelist object {}", o.name.to_ascii_lowercase())));
        }
        ranges.push((v, lb, ext));
    }
    // column-major: the first subscript varies fastest
    let mut out = vec![0usize];
    let mut mult = 1usize;
    for (v, lb, ext) in ranges {
        // the earlier dimensions stay fastest
        let mut next = Vec::with_capacity(out.len() * v.len());
        for i in &v {
            for &o in &out {
                next.push(o + (i - lb) as usize * mult);
            }
        }
        out = next;
        mult *= ext as usize;
    }
    Ok(out)
}

/// Stores the value `tok` into element `a` of `o`.
fn store(o: &Obj, a: usize, tok: &[u8], quoted: bool, comma: bool) -> Result<(), IoError> {
    // SAFETY: codegen registers addresses valid for `size` bytes until `end`.
    let dst = unsafe { std::slice::from_raw_parts_mut(a as *mut u8, o.size) };
    let name = o.name.to_ascii_lowercase();
    // `decimal='comma'`: the parts of a complex value are separated by `;`, and the
    // numbers read with `.` for the decimal comma.
    let point: Vec<u8>;
    let tok = if comma && matches!(o.kind, Kind::Real | Kind::Complex) {
        point = tok.iter().map(|&c| if c == b',' { b'.' } else { c }).collect();
        point.as_slice()
    } else {
        tok
    };
    match o.kind {
        Kind::Int => {
            let v =
                parse_int(tok, 10, (o.size * 8) as u32).map_err(|_| bad(&format!("Bad integer for item 1 in namelist read of {name}")))?;
            dst.copy_from_slice(&v.to_le_bytes()[..o.size]);
        }
        Kind::Real if o.size == 16 => {
            let v = crate::input::parse_real_q(tok, None, 0).ok_or_else(|| bad(&format!("Bad real number in namelist read of {name}")))?;
            dst.copy_from_slice(&v.to_le_bytes());
        }
        Kind::Real => {
            let v = parse_real(tok, None, 0, o.size == 4).ok_or_else(|| bad(&format!("Bad real number in namelist read of {name}")))?;
            if o.size == 4 {
                dst.copy_from_slice(&(v as f32).to_le_bytes());
            } else {
                dst.copy_from_slice(&v.to_le_bytes());
            }
        }
        Kind::Logical => {
            let v = parse_logical(tok).ok_or_else(|| bad(&format!("Bad logical value in namelist read of {name}")))?;
            dst.fill(0);
            dst[0] = v as u8;
        }
        Kind::Char => {
            let _ = quoted;
            let n = tok.len().min(dst.len());
            dst[..n].copy_from_slice(&tok[..n]);
            dst[n..].fill(b' ');
        }
        Kind::Complex => {
            let t = tok.strip_prefix(b"(").and_then(|t| t.strip_suffix(b")"));
            let parts = t.and_then(|t| {
                let k = t.iter().position(|&c| c == b',' || c == b';')?;
                let f = |s: &[u8]| -> Vec<u8> { s.iter().copied().filter(|c| !c.is_ascii_whitespace()).collect() };
                Some((f(&t[..k]), f(&t[k + 1..])))
            });
            let h = o.size / 2;
            if h == 16 {
                let (re, im) = parts
                    .and_then(|(r, i)| Some((crate::input::parse_real_q(&r, None, 0)?, crate::input::parse_real_q(&i, None, 0)?)))
                    .ok_or_else(|| bad(&format!("Bad complex value in namelist read of {name}")))?;
                dst[..16].copy_from_slice(&re.to_le_bytes());
                dst[16..].copy_from_slice(&im.to_le_bytes());
                return Ok(());
            }
            let (re, im) = parts
                .and_then(|(r, i)| Some((parse_real(&r, None, 0, h == 4)?, parse_real(&i, None, 0, h == 4)?)))
                .ok_or_else(|| bad(&format!("Bad complex value in namelist read of {name}")))?;
            if h == 4 {
                dst[..4].copy_from_slice(&(re as f32).to_le_bytes());
                dst[4..].copy_from_slice(&(im as f32).to_le_bytes());
            } else {
                dst[..8].copy_from_slice(&re.to_le_bytes());
                dst[8..].copy_from_slice(&im.to_le_bytes());
            }
        }
    }
    Ok(())
}

/// Reads one value token: a quoted string (quotes doubled inside, possibly over records),
/// a parenthesised complex value, or the characters up to a separator.
fn value_token(c: &mut Cur, comma: bool) -> Result<(Vec<u8>, bool), IoError> {
    let mut t = Vec::new();
    let first = c.need()?;
    if first == b'\'' || first == b'"' {
        c.bump()?;
        loop {
            let ch = c.need()?;
            if ch == b'\n' {
                c.bump()?;
                continue;
            }
            c.bump()?;
            if ch == first {
                if c.peek() == Some(first) {
                    t.push(first);
                    c.bump()?;
                    continue;
                }
                return Ok((t, true));
            }
            t.push(ch);
        }
    }
    if first == b'(' {
        loop {
            let ch = c.need()?;
            c.bump()?;
            if ch != b'\n' {
                t.push(ch);
            }
            if ch == b')' {
                return Ok((t, false));
            }
        }
    }
    while let Some(ch) = c.peek() {
        if matches!(ch, b' ' | b'\t' | b'\n' | b'\r' | b'/' | b';' | b'!') || (ch == b',' && !comma) {
            break;
        }
        t.push(ch);
        c.bump()?;
    }
    Ok((t, false))
}

/// Reads the group; `comma`: `decimal='comma'`, where `;` alone separates values and `,`
/// is the decimal symbol.
fn input(s: &NmlStmt, src: &mut Source, comma: bool) -> Result<(), IoError> {
    let is_sep = |ch: u8| ch == b';' || (ch == b',' && !comma);
    let mut c = Cur { src, rec: Vec::new(), pos: 0, eof: false };
    c.bump()?;
    let group = s.group.to_ascii_lowercase();
    // find `&group`
    loop {
        c.skip_blanks()?;
        let ch = c.need()?;
        if ch == b'&' || ch == b'$' {
            c.bump()?;
            let mut name = Vec::new();
            while let Some(x) = c.peek().filter(|&x| is_name_char(x)) {
                name.push(x.to_ascii_lowercase());
                c.bump()?;
            }
            if name == group.as_bytes() {
                break;
            }
        }
        c.next_record()?;
    }
    loop {
        c.skip_blanks()?;
        while c.peek().is_some_and(is_sep) {
            c.bump()?;
            c.skip_blanks()?;
        }
        let ch = c.need()?;
        if ch == b'/' {
            // the rest of the record is skipped
            return Ok(());
        }
        if ch == b'&' || ch == b'$' {
            // `&end`
            return Ok(());
        }
        // the object's designator, up to `=`
        let mut d = Vec::new();
        loop {
            let x = c.need()?;
            if x == b'=' {
                c.bump()?;
                break;
            }
            if !x.is_ascii_whitespace() {
                d.push(x.to_ascii_lowercase());
            }
            c.bump()?;
        }
        let d = String::from_utf8_lossy(&d).into_owned();
        let (base, subs) = match d.strip_suffix(')').and_then(|x| x.rfind('(').map(|i| (&x[..i], &x[i + 1..]))) {
            Some((b, s)) => (b.to_string(), Some(s.to_string())),
            None => (d.clone(), None),
        };
        let Some(o) = s.objs.iter().find(|o| o.name.eq_ignore_ascii_case(&base)) else {
            return Err(bad(&format!("Cannot match namelist object name {d}")));
        };
        let targets: Vec<usize> = match &subs {
            Some(sb) if !o.dims.is_empty() => section(o, sb)?,
            Some(_) => return Err(bad(&format!("Cannot match namelist object name {d}"))),
            None => (0..o.elems.len()).collect(),
        };
        // the values
        let mut k = 0usize;
        let mut after_value = false;
        loop {
            c.skip_blanks()?;
            let Some(ch) = c.peek() else { break };
            if ch == b'/' || ch == b'&' || ch == b'$' {
                break;
            }
            if is_sep(ch) {
                c.bump()?;
                if !after_value {
                    k += 1; // a null value
                }
                after_value = false;
                continue;
            }
            if (ch.is_ascii_alphabetic() || ch == b'_') && name_follows(&c.rec, c.pos) {
                break;
            }
            // `r*value` or `r*`
            let mut reps = 1usize;
            if ch.is_ascii_digit() {
                let rest = &c.rec[c.pos..];
                let nd = rest.iter().take_while(|x| x.is_ascii_digit()).count();
                if rest.get(nd) == Some(&b'*') {
                    reps = std::str::from_utf8(&rest[..nd]).ok().and_then(|x| x.parse().ok()).unwrap_or(1);
                    for _ in 0..=nd {
                        c.bump()?;
                    }
                    if c.peek().is_none_or(|x| matches!(x, b' ' | b'\t' | b'\n' | b'/') || is_sep(x)) {
                        k += reps; // null values
                        after_value = true;
                        continue;
                    }
                }
            }
            let (tok, quoted) = value_token(&mut c, comma)?;
            for _ in 0..reps {
                let Some(&i) = targets.get(k) else {
                    return Err(bad(&format!("Repeat count too large for namelist object {}", o.name.to_ascii_lowercase())));
                };
                store(o, o.elems[i], &tok, quoted, comma)?;
                k += 1;
            }
            after_value = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(dims: Vec<(i64, i64)>) -> Obj {
        let n = dims.iter().map(|d| d.1 as usize).product();
        Obj { name: "A".into(), kind: Kind::Int, size: 4, dims, elems: vec![0; n] }
    }

    #[test]
    fn sections_in_array_element_order() {
        let o = obj(vec![(1, 3), (1, 2)]);
        assert_eq!(section(&o, "2,2").unwrap(), vec![4]);
        assert_eq!(section(&o, ":,2").unwrap(), vec![3, 4, 5]);
        assert_eq!(section(&o, "1:3:2,:").unwrap(), vec![0, 2, 3, 5]);
        assert!(section(&o, "4,1").is_err());
    }

    #[test]
    fn names_and_values() {
        assert!(name_follows(b" x = 1", 1));
        assert!(name_follows(b"t%k(2) = 1", 0));
        assert!(!name_follows(b"T, F", 0));
        assert!(!name_follows(b"F /", 0));
    }
}
