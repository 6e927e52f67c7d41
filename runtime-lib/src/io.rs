//! Fortran output statements (`print`, `write`), one statement at a time:
//! `begin` → items → `end`. A [`Stmt`] builds records (with a position, so
//! that `T`, `TL`, `TR` and `X` work like gfortran: trailing skips add no
//! blanks) and appends finished records to its output; the global state
//! hands them to the unit: 6 (and -1, `*`) is standard output, buffered and
//! flushed at finish/stop/exit/errors; 0 is standard error; a unit
//! connected by `open` writes to its file ([`crate::units`]), any other
//! unit to the file `fort.N`, as gfortran does for unconnected units.
//! An internal write ([`begin_internal`]) fills a character variable
//! (blank-padded; `End of record` if the record is longer, `End of file` on
//! a second record). The format interpreter ([`FmtState`]) is shared with
//! the read statements of [`crate::input`].
//!
//! List-directed output follows gfortran: every record starts with a blank;
//! items are separated by one blank except between two character items;
//! integer(4) in width 11, integer(8) in width 20, reals per
//! [`crate::format::list_real`], logicals as `T`/`F`, characters as is.

use crate::format::{self, Desc, Format, Op, RealEdit, SignMode};
use crate::units::{Action, Status, Unit};
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard};

/// One output list item.
#[derive(Clone, Copy, Debug)]
pub enum Item<'a> {
    /// An integer value and its size in bits (8, 16, 32, 64 or 128).
    Int(i128, u32),
    /// A real value and whether it is real(4).
    Real(format::Fl, bool),
    Logical(bool),
    Str(&'a [u8]),
    /// A complex value (real and imaginary parts) and whether it is complex(4); formatted
    /// output edits it as two reals.
    Complex(format::Fl, format::Fl, bool),
}

impl Item<'_> {
    fn type_name(&self) -> &'static str {
        match self {
            Item::Int(..) => "INTEGER",
            Item::Real(..) => "REAL",
            Item::Logical(_) => "LOGICAL",
            Item::Str(_) => "CHARACTER",
            Item::Complex(..) => "COMPLEX",
        }
    }
    /// The item's storage bytes (for `A` editing of non-character items).
    fn raw(&self) -> Vec<u8> {
        match *self {
            Item::Int(v, 32) => (v as i32).to_le_bytes().to_vec(),
            Item::Int(v, 16) => (v as i16).to_le_bytes().to_vec(),
            Item::Int(v, 8) => vec![v as u8],
            Item::Int(v, 64) => (v as i64).to_le_bytes().to_vec(),
            Item::Int(v, _) => v.to_le_bytes().to_vec(),
            Item::Real(v, f32k) => fl_bytes(v, f32k),
            Item::Logical(b) => (b as i32).to_le_bytes().to_vec(),
            Item::Complex(re, im, f32k) => [fl_bytes(re, f32k), fl_bytes(im, f32k)].concat(),
            Item::Str(s) => s.to_vec(),
        }
    }
}

/// The storage bytes of a real of the item's kind.
fn fl_bytes(v: format::Fl, f32k: bool) -> Vec<u8> {
    match v {
        format::Fl::D(v) if f32k => (v as f32).to_le_bytes().to_vec(),
        format::Fl::D(v) => v.to_le_bytes().to_vec(),
        format::Fl::Q(b) => b.to_le_bytes().to_vec(),
    }
}

/// A record under construction.
#[derive(Default, Debug)]
struct Record {
    buf: Vec<u8>,
    pos: usize,
}

impl Record {
    fn put(&mut self, b: &[u8]) {
        if self.pos > self.buf.len() {
            self.buf.resize(self.pos, b' ');
        }
        let end = self.pos + b.len();
        if end > self.buf.len() {
            self.buf.resize(end, b' ');
        }
        self.buf[self.pos..end].copy_from_slice(b);
        self.pos = end;
    }
}

/// State of a formatted statement's format interpreter (shared by output
/// and input statements).
pub(crate) struct FmtState {
    pub(crate) fmt: Arc<Format>,
    pc: usize,
    /// (GroupStart index, repetitions left (0 = unlimited), data count at
    /// the start of the current repetition)
    stack: Vec<(usize, u32, usize)>,
    /// A repeated data descriptor still has this many uses.
    pending: Option<(Desc, usize, u32)>,
    sign: SignMode,
    pub(crate) scale: i32,
    /// `BZ` in effect (input: blanks are zeros).
    pub(crate) blank_zero: bool,
    /// `DC` in effect: the decimal symbol is a comma.
    pub(crate) comma: bool,
    /// The rounding mode of real output and input (`RU`, `RD`, ... or the modes').
    pub(crate) round: format::Round,
    data_count: usize,
}

/// The changeable modes of a connection or statement, as `ast::IoModes::packed` codes
/// them: 4 bits each for blank, decimal, round, sign, delim, pad; 0 is "not given".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Modes(pub(crate) u32);

impl Modes {
    fn get(self, i: u32) -> u32 {
        (self.0 >> (4 * i)) & 15
    }
    /// `self` with the modes `stmt` gives replacing its own.
    pub(crate) fn with(self, stmt: Modes) -> Modes {
        let mut v = 0;
        for i in 0..6 {
            let c = if stmt.get(i) != 0 { stmt.get(i) } else { self.get(i) };
            v |= c << (4 * i);
        }
        Modes(v)
    }
    pub(crate) fn blank_zero(self) -> bool {
        self.get(0) == 2
    }
    pub(crate) fn comma(self) -> bool {
        self.get(1) == 2
    }
    pub(crate) fn round(self) -> format::Round {
        match self.get(2) {
            1 => format::Round::Up,
            2 => format::Round::Down,
            3 => format::Round::Zero,
            5 => format::Round::Compatible,
            _ => format::Round::Nearest,
        }
    }
    pub(crate) fn sign(self) -> SignMode {
        if self.get(3) == 1 {
            SignMode::Plus
        } else {
            SignMode::Suppress
        }
    }
    /// The delimiter of list-directed character output.
    pub(crate) fn delim(self) -> Option<u8> {
        match self.get(4) {
            1 => Some(b'\''),
            2 => Some(b'"'),
            _ => None,
        }
    }
    /// The `delim=` mode as coded: 0 not given, 1 apostrophe, 2 quote, 3 none.
    pub(crate) fn delim_code(self) -> u32 {
        self.get(4)
    }
    pub(crate) fn pad_no(self) -> bool {
        self.get(5) == 2
    }
    /// `inquire`'s answer for the mode `i` of a formatted connection.
    pub(crate) fn inquire(self, i: u32) -> &'static str {
        const VALUES: [&[&str]; 6] = [
            &["NULL", "ZERO"],
            &["POINT", "COMMA"],
            &["UP", "DOWN", "ZERO", "NEAREST", "COMPATIBLE", "PROCESSOR_DEFINED"],
            &["PLUS", "SUPPRESS", "PROCESSOR_DEFINED"],
            &["APOSTROPHE", "QUOTE", "NONE"],
            &["YES", "NO"],
        ];
        const DEFAULT: [usize; 6] = [1, 1, 6, 3, 3, 1];
        let Some(v) = VALUES.get(i as usize) else { return "UNDEFINED" };
        let c = match self.get(i) {
            0 => DEFAULT[i as usize],
            c => c as usize,
        };
        v.get(c - 1).copied().unwrap_or("UNDEFINED")
    }
}

/// The modes `gpuf_io_modes` gave the next statement (taken by its `begin`).
static STMT_MODES: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

/// The next data-transfer statement's own modes (`read(..., decimal='comma')`).
pub fn stmt_modes(packed: u32) {
    STMT_MODES.store(packed, std::sync::atomic::Ordering::Relaxed)
}

/// The code of the value `v` of the changeable mode `which` (blank, decimal, round, sign,
/// delim, pad), as `ast::IoModes::VALUES` numbers them; an error naming the specifier in
/// gfortran's words for another value.
pub(crate) fn mode_code(which: u32, v: &[u8], stmt: &str) -> Result<u32, IoError> {
    const VALUES: [&[&str]; 6] = [
        &["null", "zero"],
        &["point", "comma"],
        &["up", "down", "zero", "nearest", "compatible", "processor_defined"],
        &["plus", "suppress", "processor_defined"],
        &["apostrophe", "quote", "none"],
        &["yes", "no"],
    ];
    const NAMES: [&str; 6] = ["BLANK", "DECIMAL", "ROUND", "SIGN", "DELIM", "PAD"];
    let v = String::from_utf8_lossy(v).trim_end().to_ascii_lowercase();
    let values = VALUES.get(which as usize).copied().unwrap_or(&[]);
    match values.iter().position(|&x| x == v) {
        Some(i) => Ok(i as u32 + 1),
        None => Err(IoError(format!("Bad {} parameter in {stmt} statement", NAMES.get(which as usize).copied().unwrap_or("?")))),
    }
}

/// `gpuf_io_mode_str`: the next data transfer's mode `which` given as text.
pub fn stmt_mode_str(which: u32, v: &[u8]) {
    match mode_code(which, v, "data transfer") {
        Ok(c) => {
            let cur = STMT_MODES.load(std::sync::atomic::Ordering::Relaxed);
            let cur = (cur & !(15 << (4 * which))) | (c << (4 * which));
            STMT_MODES.store(cur, std::sync::atomic::Ordering::Relaxed);
        }
        Err(e) => fail(e),
    }
}

/// `gpuf_open_mode_str`: the mode `which` of the unit just opened, given as text.
pub fn open_mode_str(unit: i32, which: u32, v: &[u8]) {
    match mode_code(which, v, "OPEN") {
        Ok(c) => with_state(|st| {
            let m = st.modes.entry(unit).or_default();
            m.0 = (m.0 & !(15 << (4 * which))) | (c << (4 * which));
        }),
        Err(e) => fail(e),
    }
}

/// The modes of a statement starting on `unit` now: the connection's with the statement's
/// own over them (those are cleared).
pub(crate) fn take_modes(st: &IoState, unit: i32) -> Modes {
    let own = Modes(STMT_MODES.swap(0, std::sync::atomic::Ordering::Relaxed));
    st.modes.get(&unit).copied().unwrap_or_default().with(own)
}

/// What the format interpreter hands to the statement next.
pub(crate) enum Ev {
    /// A data edit descriptor and its offset in the format text.
    Data(Desc, usize),
    /// A positioning or literal op (`Lit`, `Right`, `Left`, `Tab`, `Slash`).
    Ctl(Op),
    /// Format reversion: the record ends.
    NewRecord,
}

impl FmtState {
    pub(crate) fn new(fmt: Arc<Format>, modes: Modes) -> FmtState {
        FmtState {
            fmt,
            pc: 0,
            stack: Vec::new(),
            pending: None,
            sign: modes.sign(),
            scale: 0,
            blank_zero: modes.blank_zero(),
            comma: modes.comma(),
            round: modes.round(),
            data_count: 0,
        }
    }

    /// The next op of the format with groups, sign, scale and blank modes
    /// handled here; None at the end of the format.
    fn next_op(&mut self) -> Option<Op> {
        loop {
            let fmt = self.fmt.clone();
            let op = fmt.ops.get(self.pc)?;
            self.pc += 1;
            match op {
                Op::GroupStart { rep, .. } => {
                    let dc = self.data_count;
                    self.stack.push((self.pc - 1, *rep, dc));
                }
                Op::GroupEnd { start } => self.group_end(*start),
                Op::Sign(m) => self.sign = *m,
                Op::Scale(k) => self.scale = *k,
                Op::Blank(z) => self.blank_zero = *z,
                Op::Decimal(c) => self.comma = *c,
                Op::Round(r) => self.round = *r,
                other => return Some(other.clone()),
            }
        }
    }

    /// Runs the format up to the next data edit descriptor for an item;
    /// `reverted` tracks reversion without data in between (an error).
    pub(crate) fn next_event(&mut self, reverted: &mut bool) -> Result<Ev, IoError> {
        if let Some((d, pos, left)) = self.pending {
            self.pending = if left > 1 { Some((d, pos, left - 1)) } else { None };
            self.data_count += 1;
            return Ok(Ev::Data(d, pos));
        }
        loop {
            match self.next_op() {
                None => {
                    if !self.fmt.has_data || *reverted {
                        return Err(IoError("Insufficient data descriptors in format after reversion".into()));
                    }
                    self.stack.clear();
                    self.pc = self.fmt.revert;
                    *reverted = true;
                    return Ok(Ev::NewRecord);
                }
                Some(Op::Data { desc, rep, pos }) => {
                    if rep > 1 {
                        self.pending = Some((desc, pos, rep - 1));
                    }
                    self.data_count += 1;
                    return Ok(Ev::Data(desc, pos));
                }
                Some(Op::Colon) => {}
                Some(op) => return Ok(Ev::Ctl(op)),
            }
        }
    }

    /// At the end of a statement: the control ops up to the next data
    /// descriptor, a colon or the end of the format, one at a time.
    pub(crate) fn finish_event(&mut self) -> Option<Op> {
        if self.pending.is_some() {
            return None;
        }
        match self.next_op()? {
            Op::Data { .. } | Op::Colon => {
                self.pc = self.fmt.ops.len();
                None
            }
            op => Some(op),
        }
    }

    /// End of a group: repeat it (an unlimited group only if it transferred
    /// data in its last repetition) or leave it.
    fn group_end(&mut self, start: usize) {
        let dc = self.data_count;
        let top = self.stack.last_mut().expect("group stack");
        debug_assert_eq!(top.0, start);
        let again = if top.1 == 0 { dc > top.2 } else { top.1 > 1 };
        if again {
            if top.1 > 0 {
                top.1 -= 1;
            }
            top.2 = dc;
            self.pc = start + 1;
        } else {
            self.stack.pop();
        }
    }
}

enum Mode {
    List { first: bool, prev_char: bool, modes: Modes },
    Formatted(Box<FmtState>),
}

/// One output statement.
pub struct Stmt {
    mode: Mode,
    rec: Record,
    /// Finished records, each followed by a newline.
    pub out: Vec<u8>,
    items: usize,
}

/// A Fortran runtime error (the full message, `Fortran runtime error: `
/// prefix not included).
#[derive(Debug, Clone, PartialEq)]
pub struct IoError(pub String);

pub(crate) fn caret_msg(msg: &str, fmt: &Format, pos: usize) -> IoError {
    IoError(format!("{msg}\n{}\n{}^", String::from_utf8_lossy(&fmt.text), " ".repeat(pos)))
}

impl Stmt {
    /// A list-directed statement.
    pub fn list() -> Stmt {
        Stmt::list_modes(Modes::default())
    }

    /// A list-directed statement in the changeable modes `modes`.
    pub(crate) fn list_modes(modes: Modes) -> Stmt {
        Stmt { mode: Mode::List { first: true, prev_char: false, modes }, rec: Record::default(), out: Vec::new(), items: 0 }
    }

    /// A formatted statement.
    pub fn formatted(fmt: Arc<Format>) -> Stmt {
        Stmt::formatted_modes(fmt, Modes::default())
    }

    /// A formatted statement in the changeable modes `modes`.
    pub(crate) fn formatted_modes(fmt: Arc<Format>, modes: Modes) -> Stmt {
        Stmt { mode: Mode::Formatted(Box::new(FmtState::new(fmt, modes))), rec: Record::default(), out: Vec::new(), items: 0 }
    }

    fn end_record(&mut self) {
        self.out.extend_from_slice(&self.rec.buf);
        self.out.push(b'\n');
        self.rec = Record::default();
    }

    /// Transfers one item.
    pub fn item(&mut self, it: Item) -> Result<(), IoError> {
        if let (Item::Complex(re, im, f32k), Mode::Formatted(_)) = (it, &self.mode) {
            self.item(Item::Real(re, f32k))?;
            return self.item(Item::Real(im, f32k));
        }
        self.items += 1;
        match &mut self.mode {
            Mode::List { first, prev_char, modes } => {
                let modes = *modes;
                let is_char = matches!(it, Item::Str(_));
                if *first {
                    *first = false;
                    self.rec.put(b" ");
                } else if !(is_char && *prev_char && modes.delim().is_none()) {
                    self.rec.put(b" ");
                }
                *prev_char = is_char;
                let sign = modes.sign();
                match it {
                    Item::Int(v, bits) => {
                        let w = match bits {
                            8 => 4,
                            16 => 6,
                            32 => 11,
                            64 => 20,
                            _ => 40,
                        };
                        let v = if sign == SignMode::Plus && v >= 0 { format!("+{v}") } else { v.to_string() };
                        self.rec.put(format!("{v:>w$}").as_bytes());
                    }
                    Item::Real(v, is_f32) => {
                        let s = format::with_round(modes.round(), || format::list_real_signed(v, is_f32, sign));
                        let s = if modes.comma() { s.replace('.', ",") } else { s };
                        self.rec.put(s.as_bytes())
                    }
                    Item::Logical(b) => self.rec.put(if b { b"T" } else { b"F" }),
                    Item::Str(s) => match modes.delim() {
                        Some(q) => {
                            let mut v = vec![q];
                            for &c in s {
                                v.push(c);
                                if c == q {
                                    v.push(q);
                                }
                            }
                            v.push(q);
                            self.rec.put(&v)
                        }
                        None => self.rec.put(s),
                    },
                    Item::Complex(re, im, f32k) => {
                        let s = format::with_round(modes.round(), || format::list_complex_signed(re, im, f32k, sign));
                        let s = if modes.comma() { s.replace(',', ";").replace('.', ",") } else { s };
                        self.rec.put(s.as_bytes())
                    }
                }
                Ok(())
            }
            Mode::Formatted(_) => {
                let (desc, pos) = self.next_data()?;
                self.edit(desc, pos, it)
            }
        }
    }

    fn st(&mut self) -> &mut FmtState {
        match &mut self.mode {
            Mode::Formatted(st) => st,
            Mode::List { .. } => unreachable!("list-directed statement has no format"),
        }
    }

    /// Runs the format up to the next data edit descriptor (processing
    /// literals, positioning, `/`, reversion on the way).
    fn next_data(&mut self) -> Result<(Desc, usize), IoError> {
        let mut reverted = false;
        loop {
            match self.st().next_event(&mut reverted)? {
                Ev::Data(d, pos) => return Ok((d, pos)),
                Ev::NewRecord => self.end_record(),
                Ev::Ctl(op) => self.control(&op),
            }
        }
    }

    /// Executes a control (non-data, non-group) op.
    fn control(&mut self, op: &Op) {
        match op {
            Op::Lit(s) => self.rec.put(s),
            Op::Right(n) => self.rec.pos += n,
            Op::Left(n) => self.rec.pos = self.rec.pos.saturating_sub(*n),
            Op::Tab(n) => self.rec.pos = n - 1,
            Op::Slash => self.end_record(),
            _ => {}
        }
    }

    fn edit(&mut self, desc: Desc, pos: usize, it: Item) -> Result<(), IoError> {
        let (sign, scale, fmt, comma, round) = {
            let st = self.st();
            (st.sign, st.scale, st.fmt.clone(), st.comma, st.round)
        };
        let n = self.items;
        let mismatch =
            |want: &str| caret_msg(&format!("Expected {want} for item {n} in formatted transfer, got {}", it.type_name()), &fmt, pos);
        let text: Vec<u8> = match desc {
            Desc::Int { radix, w, m } => match it {
                Item::Int(v, bits) => format::edit_int(v, bits, radix, w, m, sign).into_bytes(),
                Item::Real(v, f32k) if radix != 10 => {
                    let (bits, b) = match v {
                        format::Fl::D(v) if f32k => (32, i128::from((v as f32).to_bits())),
                        format::Fl::D(v) => (64, i128::from(v.to_bits())),
                        format::Fl::Q(b) => (128, b as i128),
                    };
                    format::edit_int(b, bits, radix, w, m, sign).into_bytes()
                }
                _ => return Err(mismatch("INTEGER")),
            },
            Desc::Real { kind, w, d, e } => {
                let (x, f32k) = match it {
                    Item::Real(x, f32k) => (x, f32k),
                    Item::Int(v, bits) if kind == RealEdit::G => {
                        let w = if w == 0 { 0 } else { w };
                        self.rec.put(format::edit_int(v, bits, 10, w, None, sign).as_bytes());
                        return Ok(());
                    }
                    Item::Logical(b) if kind == RealEdit::G => {
                        self.rec.put(format::edit_logical(b, w).as_bytes());
                        return Ok(());
                    }
                    Item::Str(s) if kind == RealEdit::G => {
                        self.rec.put(&format::edit_char(s, if w == 0 { None } else { Some(w) }));
                        return Ok(());
                    }
                    _ => return Err(mismatch("REAL")),
                };
                let d0 = d.unwrap_or(0);
                let r = format::with_round(round, || match kind {
                    RealEdit::F => Ok(format::edit_f(x, w, d0, scale, sign, false)),
                    RealEdit::G => format::edit_g(x, f32k, w, d, e, scale, sign),
                    _ => format::edit_e(x, kind, w, d0, e, scale, sign),
                });
                match r {
                    Ok(s) if comma => s.replace('.', ",").into_bytes(),
                    Ok(s) => s.into_bytes(),
                    Err(msg) => return Err(caret_msg(msg, &fmt, pos)),
                }
            }
            Desc::Logical { w } => {
                let v = match it {
                    Item::Logical(b) => b,
                    other => other.raw().iter().any(|&b| b != 0),
                };
                format::edit_logical(v, w).into_bytes()
            }
            Desc::Char { w } => match it {
                Item::Str(s) => format::edit_char(s, w),
                other => format::edit_char(&other.raw(), w),
            },
        };
        self.rec.put(&text);
        Ok(())
    }

    /// Ends the statement: runs the rest of the format up to the next data
    /// descriptor, a colon or its end, then terminates the record.
    pub fn finish(&mut self) -> Result<(), IoError> {
        if let Mode::Formatted(_) = self.mode {
            while let Some(op) = self.st().finish_event() {
                self.control(&op);
            }
        }
        self.end_record();
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Global state: the current statement, unit sinks, the format cache.

/// The unit number of an internal write (into a character variable).
pub(crate) const INTERNAL: i32 = i32::MIN;

pub(crate) struct IoState {
    stdout: Vec<u8>,
    stmt: Option<(i32, Stmt)>,
    /// Target of the current internal write: (address, length, records): a character
    /// variable, or an array of `records` elements of `length` bytes each.
    internal: Option<(usize, usize, usize)>,
    cache: HashMap<Vec<u8>, Arc<Format>>,
    /// Units connected by `open` (or implicitly to `fort.N`).
    pub(crate) units: HashMap<i32, Unit>,
    /// The current read statement and its unit.
    pub(crate) read: Option<(i32, crate::input::ReadStmt)>,
    /// The changeable modes `open` gave each connected unit.
    pub(crate) modes: HashMap<i32, Modes>,
}

static IO: Mutex<Option<IoState>> = Mutex::new(None);

const FLUSH_AT: usize = 1 << 16;

fn lock() -> MutexGuard<'static, Option<IoState>> {
    IO.lock().unwrap_or_else(|e| e.into_inner())
}

pub(crate) fn with_state<R>(f: impl FnOnce(&mut IoState) -> R) -> R {
    let mut g = lock();
    let st = g.get_or_insert_with(|| IoState {
        stdout: Vec::new(),
        stmt: None,
        internal: None,
        cache: HashMap::new(),
        units: HashMap::new(),
        read: None,
        modes: HashMap::new(),
    });
    f(st)
}

fn write_stdout(b: &[u8]) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(b);
    let _ = o.flush();
}

impl IoState {
    /// The unit `n`, connecting an unopened unit to `fort.N` as gfortran
    /// does.
    pub(crate) fn unit(&mut self, n: i32) -> Result<&mut Unit, IoError> {
        match self.units.entry(n) {
            std::collections::hash_map::Entry::Occupied(e) => Ok(e.into_mut()),
            std::collections::hash_map::Entry::Vacant(e) => {
                Ok(e.insert(Unit::open(&format!("fort.{n}"), Status::Unknown, Action::ReadWrite, false).map_err(IoError)?))
            }
        }
    }

    pub(crate) fn emit(&mut self, unit: i32, bytes: &[u8]) -> Result<(), IoError> {
        match unit {
            INTERNAL => Ok(()),
            n if self.units.contains_key(&n) => self.unit(n)?.write(bytes).map_err(IoError),
            6 | -1 => {
                self.stdout.extend_from_slice(bytes);
                if self.stdout.len() >= FLUSH_AT {
                    write_stdout(&self.stdout);
                    self.stdout.clear();
                }
                Ok(())
            }
            0 => {
                self.flush_stdout();
                let _ = std::io::stderr().write_all(bytes);
                Ok(())
            }
            n => self.unit(n)?.write(bytes).map_err(IoError),
        }
    }

    pub(crate) fn flush_stdout(&mut self) {
        if !self.stdout.is_empty() {
            write_stdout(&self.stdout);
            self.stdout.clear();
        }
    }

    fn flush(&mut self) {
        self.flush_stdout();
        for u in self.units.values_mut() {
            u.flush();
        }
    }

    /// The compiled format for `text` (cached).
    pub(crate) fn format(&mut self, text: &[u8]) -> Result<Arc<Format>, IoError> {
        if let Some(f) = self.cache.get(text) {
            return Ok(f.clone());
        }
        match format::parse(text) {
            Ok(f) => {
                let f = Arc::new(f);
                self.cache.insert(text.to_vec(), f.clone());
                Ok(f)
            }
            Err(e) => {
                let fake = Format { ops: vec![], revert: 0, has_data: false, text: text.to_vec() };
                Err(caret_msg(&e.msg, &fake, e.pos))
            }
        }
    }
}

/// An I/O error: recorded if the statement has a status specifier that
/// catches it (see [`crate::iostat`]), else fatal.
pub(crate) fn fail(e: IoError) {
    if !crate::iostat::caught(&e) {
        crate::fatal::fortran_error(&e.0)
    }
}

/// Starts a statement on `unit`; `fmt` None means list-directed.
pub fn begin(unit: i32, fmt: Option<&[u8]>) {
    let r = with_state(|st| {
        let modes = take_modes(st, unit);
        if crate::iostat::failed() {
            // a bad mode of this statement was caught: it transfers nothing
            st.stmt = None;
            return Ok(());
        }
        let stmt = match fmt {
            None => Stmt::list_modes(modes),
            Some(text) => Stmt::formatted_modes(st.format(text)?, modes),
        };
        st.stmt = Some((unit, stmt));
        Ok(())
    });
    if let Err(e) = r {
        fail(e)
    }
}

/// The next output statement leaves its last record open (`advance='no'`).
static NONADVANCING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// `advance='no'`: the next statement's last record is not ended.
pub fn nonadvancing() {
    NONADVANCING.store(true, std::sync::atomic::Ordering::Relaxed)
}

/// Whether the statement starting now is non-advancing (the flag is cleared).
pub(crate) fn take_nonadvancing() -> bool {
    NONADVANCING.swap(false, std::sync::atomic::Ordering::Relaxed)
}

/// Starts an internal write into the `len` bytes at `buf`.
pub fn begin_internal(buf: *mut u8, len: usize, fmt: Option<&[u8]>) {
    begin(INTERNAL, fmt);
    with_state(|st| st.internal = Some((buf as usize, len, 1)));
}

/// Starts an internal write into a character array: `n` records of `len` bytes from `buf`.
pub fn begin_internal_array(buf: *mut u8, len: usize, n: usize, fmt: Option<&[u8]>) {
    begin(INTERNAL, fmt);
    with_state(|st| st.internal = Some((buf as usize, len, n)));
}

/// The records of an internal write put into a character variable of
/// length `len`: the first one blank-padded; gfortran's errors for a record
/// longer than the variable and for a second record.
pub fn internal_fill(out: &[u8], len: usize) -> Result<Vec<u8>, IoError> {
    let mut recs = out.split(|&b| b == b'\n');
    let first = recs.next().unwrap_or(&[]);
    if first.len() > len {
        return Err(IoError("End of record".into()));
    }
    // `out` ends with a newline, so one record leaves one empty tail
    if out.iter().filter(|&&b| b == b'\n').count() > 1 {
        return Err(IoError("End of file".into()));
    }
    let mut v = first.to_vec();
    v.resize(len, b' ');
    Ok(v)
}

/// Transfers one item of the current statement.
pub fn item(it: Item) {
    let r = with_state(|st| match &mut st.stmt {
        Some((_, s)) => s.item(it),
        None => Ok(()),
    });
    if let Err(e) = r {
        // emit the records finished before the error, as gfortran does
        let e2 = with_state(|st| match st.stmt.take() {
            Some((unit, s)) => st.emit(unit, &s.out),
            None => Ok(()),
        });
        fail(e2.err().unwrap_or(e))
    }
}

/// Ends the current statement.
pub fn end() {
    let r = with_state(|st| {
        let Some((unit, mut s)) = st.stmt.take() else { return Ok(()) };
        let r = s.finish();
        if unit == INTERNAL {
            let (addr, len, n) = st.internal.take().unwrap_or((0, 0, 1));
            r?;
            if n != 1 {
                // one element per record; the elements after the last record keep their value
                let mut recs: Vec<&[u8]> = s.out.split(|&b| b == b'\n').collect();
                recs.pop();
                for (i, rec) in recs.iter().enumerate() {
                    if i >= n {
                        return Err(IoError("End of file".into()));
                    }
                    if rec.len() > len {
                        return Err(IoError("End of record".into()));
                    }
                    let mut v = rec.to_vec();
                    v.resize(len, b' ');
                    if addr != 0 {
                        // SAFETY: `begin_internal_array`'s caller passed `n` elements of `len` bytes.
                        unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), (addr + i * len) as *mut u8, len) };
                    }
                }
                return Ok(());
            }
            let v = internal_fill(&s.out, len)?;
            if addr != 0 {
                // SAFETY: `begin_internal`'s caller passed a buffer valid for `len` bytes.
                unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), addr as *mut u8, len) };
            }
            return Ok(());
        }
        if NONADVANCING.swap(false, std::sync::atomic::Ordering::Relaxed) && s.out.last() == Some(&b'\n') {
            s.out.pop();
        }
        st.emit(unit, &s.out)?;
        r
    });
    if let Err(e) = r {
        fail(e)
    }
}

/// Connects `unit` to the file `name` (`open`).
pub fn open(unit: i32, name: &str, status: Status, action: Action, append: bool) {
    crate::input::set_eof(unit, false);
    let r = with_state(|st| {
        if let Some(old) = st.units.remove(&unit) {
            old.close(false);
        }
        let u = Unit::open(name, status, action, append).map_err(IoError)?;
        st.units.insert(unit, u);
        st.modes.remove(&unit);
        Ok(())
    });
    if let Err(e) = r {
        fail(e)
    }
}

/// Disconnects `unit` (`close`); closing an unconnected unit does nothing.
pub fn close(unit: i32, delete: bool) {
    crate::input::set_eof(unit, false);
    with_state(|st| {
        st.modes.remove(&unit);
        if let Some(u) = st.units.remove(&unit) {
            u.close(delete);
        }
    })
}

/// A unit number for `open(newunit=)`: negative, from -10 down, like gfortran.
pub fn newunit() -> i32 {
    with_state(|st| {
        let mut n = -10;
        while st.units.contains_key(&n) {
            n -= 1;
        }
        // reserve it until `open` connects it
        n
    })
}

/// `rewind` (`op` 0), `backspace` (1), `endfile` (2) or `flush` (3) of `unit`; an
/// unconnected unit is left alone.
pub fn reposition(unit: i32, op: i32) {
    if op == 1 && crate::input::at_eof(unit) {
        // after the end of file: back over the end-of-file condition only
        crate::input::set_eof(unit, false);
        return;
    }
    if op < 2 {
        crate::input::set_eof(unit, false);
    }
    let r = with_state(|st| {
        st.flush_stdout();
        match st.units.get_mut(&unit) {
            Some(u) => match op {
                0 => u.rewind(),
                1 => u.backspace(),
                2 => u.endfile(),
                _ => {
                    u.flush();
                    Ok(())
                }
            },
            None => Ok(()),
        }
        .map_err(IoError)
    });
    if let Err(e) = r {
        fail(e)
    }
}

/// `inquire`: 0 exist, 1 opened, 2 number (-1 if none) of the file `name`.
pub fn inquire_file(name: &str, what: i32) -> i32 {
    let unit = with_state(|st| {
        let want = std::fs::canonicalize(name).ok();
        st.units.iter().find(|(_, u)| u.name == name || (want.is_some() && std::fs::canonicalize(&u.name).ok() == want)).map(|(n, _)| *n)
    });
    match what {
        0 => i32::from(std::path::Path::new(name).exists()),
        1 => i32::from(unit.is_some()),
        _ => unit.unwrap_or(-1),
    }
}

/// `inquire`: 0 exist, 1 opened, 2 number of `unit`.
pub fn inquire_unit(unit: i32, what: i32) -> i32 {
    let opened = with_state(|st| st.units.contains_key(&unit)) || matches!(unit, 0 | 5 | 6);
    match what {
        0 => i32::from(unit >= 0 || opened),
        1 => i32::from(opened),
        _ => {
            if opened {
                unit
            } else {
                -1
            }
        }
    }
}

/// Flushes all buffered output.
pub fn flush_all() {
    with_state(|st| st.flush());
}

/// Flushes buffered output unless another thread (or this one) holds the
/// I/O lock; used on error paths.
pub fn flush_all_nonblocking() {
    let g = match IO.try_lock() {
        Ok(g) => Some(g),
        Err(std::sync::TryLockError::Poisoned(p)) => Some(p.into_inner()),
        Err(std::sync::TryLockError::WouldBlock) => None,
    };
    if let Some(mut g) = g {
        if let Some(st) = g.as_mut() {
            st.flush();
        }
    }
}

// The test values are the Fortran literals of the gfortran runs (3.14159).
#[cfg(test)]
#[allow(clippy::approx_constant, clippy::excessive_precision)]
mod tests {
    use super::*;

    fn list(items: &[Item]) -> String {
        let mut s = Stmt::list();
        for &it in items {
            s.item(it).unwrap();
        }
        s.finish().unwrap();
        String::from_utf8(s.out).unwrap()
    }

    fn fmt(f: &str, items: &[Item]) -> Result<String, IoError> {
        let f = Arc::new(format::parse(f.as_bytes()).map_err(|e| IoError(e.msg))?);
        let mut s = Stmt::formatted(f);
        for &it in items {
            s.item(it)?;
        }
        s.finish()?;
        Ok(String::from_utf8(s.out).unwrap())
    }

    use Item::*;
    const T: Item = Logical(true);
    const F: Item = Logical(false);
    fn i(v: i64) -> Item<'static> {
        Int(v.into(), 32)
    }
    fn r(v: f32) -> Item<'static> {
        Real(format::Fl::D(v as f64), true)
    }
    fn d(v: f64) -> Item<'static> {
        Real(format::Fl::D(v), false)
    }
    fn s(v: &'static str) -> Item<'static> {
        Str(v.as_bytes())
    }

    #[test]
    fn list_directed_records() {
        // print *, 42 / -42 / 0 / huge(1) / -huge(1)-1
        assert_eq!(list(&[i(42)]), "          42\n");
        assert_eq!(list(&[i(-42)]), "         -42\n");
        assert_eq!(list(&[i(0)]), "           0\n");
        assert_eq!(list(&[i(2147483647)]), "  2147483647\n");
        assert_eq!(list(&[i(-2147483648)]), " -2147483648\n");
        // integer(8) :: k = 42; print *, k / -huge(k)-1
        assert_eq!(list(&[Int(42, 64)]), "                   42\n");
        assert_eq!(list(&[Int(i64::MIN.into(), 64)]), " -9223372036854775808\n");
        // print *, 1.0 / 1.0d0
        assert_eq!(list(&[r(1.0)]), "   1.00000000    \n");
        assert_eq!(list(&[d(1.0)]), "   1.0000000000000000     \n");
        // print *, 1.0d9, 1.0d8, 1.0d15, 1.0d16
        assert_eq!(
            list(&[d(1e9), d(1e8), d(1e15), d(1e16)]),
            "   1000000000.0000000        100000000.00000000        1000000000000000.0        10000000000000000.     \n"
        );
        // print *, 0.01, 0.01d0
        assert_eq!(list(&[r(0.01), d(0.01)]), "   9.99999978E-03   1.0000000000000000E-002\n");
        // print *, r, d with r, d = +Inf / NaN
        assert_eq!(list(&[r(f32::INFINITY), d(f64::INFINITY)]), "         Infinity                  Infinity\n");
        assert_eq!(list(&[r(f32::NAN), d(f64::NAN)]), "              NaN                       NaN\n");
        // print *, .true., .false.
        assert_eq!(list(&[T, F]), " T F\n");
        // print *, 'a', 'b' / 'x =', 5 / 5, 'x'
        assert_eq!(list(&[s("a"), s("b")]), " ab\n");
        assert_eq!(list(&[s("x ="), i(5)]), " x =           5\n");
        assert_eq!(list(&[i(5), s("x")]), "           5 x\n");
        // print *, 5, 6, 'x', 'y', 7.0, .true., 'z'
        assert_eq!(list(&[i(5), i(6), s("x"), s("y"), r(7.0), T, s("z")]), "           5           6 xy   7.00000000     T z\n");
        // print *, 'x', .true. / .true., 'x' / 1.0, 'a' / 'a', 1.0
        assert_eq!(list(&[s("x"), T]), " x T\n");
        assert_eq!(list(&[T, s("x")]), " T x\n");
        assert_eq!(list(&[r(1.0), s("a")]), "   1.00000000     a\n");
        assert_eq!(list(&[s("a"), r(1.0)]), " a   1.00000000    \n");
        // print *, 0.5, 0.25, 0.125
        assert_eq!(list(&[r(0.5), r(0.25), r(0.125)]), "  0.500000000      0.250000000      0.125000000    \n");
        // print *  /  print *, ''  /  print *, 'abc', ''
        assert_eq!(list(&[]), "\n");
        assert_eq!(list(&[s("")]), " \n");
        assert_eq!(list(&[s("abc"), s("")]), " abc\n");
        // print *, (i, i=1,12): no line wrapping
        let many: Vec<Item> = (1..=12).map(i).collect();
        assert_eq!(
            list(&many),
            "           1           2           3           4           5           6           7           8           9          10          11          12\n"
        );
    }

    #[test]
    fn formatted_records() {
        let ok = |f: &str, items: &[Item]| fmt(f, items).unwrap();
        // print '(A)', 'hello' / '(A3)' / '(A8)' / '(A, A)', 'ab', 'cd' / '(A2,A2)', 'a', 'b'
        assert_eq!(ok("(A)", &[s("hello")]), "hello\n");
        assert_eq!(ok("(A3)", &[s("hello")]), "hel\n");
        assert_eq!(ok("(A8)", &[s("hello")]), "   hello\n");
        assert_eq!(ok("(A, A)", &[s("ab"), s("cd")]), "abcd\n");
        assert_eq!(ok("(A2,A2)", &[s("a"), s("b")]), " a b\n");
        // '(L1, L3, L0)'... gfortran accepts L0? we use L1/L3
        assert_eq!(ok("(L1, L3)", &[T, F]), "T  F\n");
        // '(I3, 3X, I3)', 1, 2 / '(I3, 3X)', 1
        assert_eq!(ok("(I3, 3X, I3)", &[i(1), i(2)]), "  1     2\n");
        assert_eq!(ok("(I3, 3X)", &[i(1)]), "  1\n");
        // '(3I4)', 1, 2, 3 / 1, 2 / 1..5
        assert_eq!(ok("(3I4)", &[i(1), i(2), i(3)]), "   1   2   3\n");
        assert_eq!(ok("(3I4)", &[i(1), i(2)]), "   1   2\n");
        assert_eq!(ok("(3I4)", &[i(1), i(2), i(3), i(4), i(5)]), "   1   2   3\n   4   5\n");
        // '(2(I3, 1X))', 1..5
        assert_eq!(ok("(2(I3, 1X))", &[i(1), i(2), i(3), i(4), i(5)]), "  1   2\n  3   4\n  5\n");
        // '(A, 2(I3, 1X), F5.1)', 'x', 1, 2, 3.0, 4, 5, 6.0
        assert_eq!(ok("(A, 2(I3, 1X), F5.1)", &[s("x"), i(1), i(2), r(3.0), i(4), i(5), r(6.0)]), "x  1   2   3.0\n  4   5   6.0\n");
        // '(I2, 2(I3, "|"))', 1..6
        assert_eq!(ok("(I2, 2(I3, \"|\"))", &[i(1), i(2), i(3), i(4), i(5), i(6)]), " 1  2|  3|\n  4|  5|\n  6|\n");
        // '(I3 / I3)', 1, 2 / '(I3 // I3)' / '(I3, /)', 1 / '(/, I3)', 1
        assert_eq!(ok("(I3 / I3)", &[i(1), i(2)]), "  1\n  2\n");
        assert_eq!(ok("(I3 // I3)", &[i(1), i(2)]), "  1\n\n  2\n");
        assert_eq!(ok("(I3, /)", &[i(1)]), "  1\n\n");
        assert_eq!(ok("(/, I3)", &[i(1)]), "\n  1\n");
        // '(A, "x=", I3)', 'v', 5 / "('it''s', I2)", 5 / '("it""s", I2)', 5
        assert_eq!(ok("(A, \"x=\", I3)", &[s("v"), i(5)]), "vx=  5\n");
        assert_eq!(ok("('it''s', I2)", &[i(5)]), "it's 5\n");
        assert_eq!(ok("(\"it\"\"s\", I2)", &[i(5)]), "it\"s 5\n");
        // '(I3, " end")', 5 / '("a", I3, "b", I3, "c")', 5 / '("no items")'
        assert_eq!(ok("(I3, \" end\")", &[i(5)]), "  5 end\n");
        assert_eq!(ok("(\"a\", I3, \"b\", I3, \"c\")", &[i(5)]), "a  5b\n");
        assert_eq!(ok("(\"no items\")", &[]), "no items\n");
        // '(i5, 2f8.3, a, l2, 3x, es12.4, e10.3)', 1, 1.5, 2.5, 'str', .true., 3.0, 4.0
        assert_eq!(
            ok("(i5, 2f8.3, a, l2, 3x, es12.4, e10.3)", &[i(1), r(1.5), r(2.5), s("str"), T, r(3.0), r(4.0)]),
            "    1   1.500   2.500str T     3.0000E+00 0.400E+01\n"
        );
        // '(1X, I3)', 7 / '(I3, 2X, 2X)', 7
        assert_eq!(ok("(1X, I3)", &[i(7)]), "   7\n");
        assert_eq!(ok("(I3, 2X, 2X)", &[i(7)]), "  7\n");
        // '(2(I3), I4)', 1..6 / '(I3, (I4, I5))', 1..7 / '((I2), (I3))', 1..5
        assert_eq!(ok("(2(I3), I4)", &[i(1), i(2), i(3), i(4), i(5), i(6)]), "  1  2   3\n  4  5   6\n");
        assert_eq!(ok("(I3, (I4, I5))", &[i(1), i(2), i(3), i(4), i(5), i(6), i(7)]), "  1   2    3\n   4    5\n   6    7\n");
        assert_eq!(ok("((I2), (I3))", &[i(1), i(2), i(3), i(4), i(5)]), " 1  2\n  3\n  4\n  5\n");
        // '(I3, :, " tail")', 5 / 5, 6
        assert_eq!(ok("(I3, :, \" tail\")", &[i(5)]), "  5\n");
        assert_eq!(ok("(I3, :, \" tail\")", &[i(5), i(6)]), "  5 tail\n  6\n");
        // '(5X)' / '(T5, I3)', 5 / '(I3, TR2, I3)', 5, 6 / '(A, T2, A)', 'abcdef', 'X' / '(I3, TL2, I3)', 5, 6
        assert_eq!(ok("(5X)", &[]), "\n");
        assert_eq!(ok("(T5, I3)", &[i(5)]), "      5\n");
        assert_eq!(ok("(I3, TR2, I3)", &[i(5), i(6)]), "  5    6\n");
        assert_eq!(ok("(A, T2, A)", &[s("abcdef"), s("X")]), "aXcdef\n");
        assert_eq!(ok("(I3, TL2, I3)", &[i(5), i(6)]), "   6\n");
        // '(SP, I3, F6.2, SS, I3)', 5, 1.0, 6
        assert_eq!(ok("(SP, I3, F6.2, SS, I3)", &[i(5), r(1.0), i(6)]), " +5 +1.00  6\n");
        // '(1PE12.4, F8.3)', 3.14159, 3.14159 / '(1P, 2E12.4)', 3.14159, 2.0
        assert_eq!(ok("(1PE12.4, F8.3)", &[r(3.14159), r(3.14159)]), "  3.1416E+00  31.416\n");
        assert_eq!(ok("(1P, 2E12.4)", &[r(3.14159), r(2.0)]), "  3.1416E+00  2.0000E+00\n");
        // '(*(I3))', 1..5 / '(3(I3,:,","))', 1..5
        assert_eq!(ok("(*(I3))", &[i(1), i(2), i(3), i(4), i(5)]), "  1  2  3  4  5\n");
        assert_eq!(ok("(3(I3,:,\",\"))", &[i(1), i(2), i(3), i(4), i(5)]), "  1,  2,  3,\n  4,  5\n");
        // '(I3)' with no items / '(I3, A)', 5 / '(2I3)', 1, 2, 3
        assert_eq!(ok("(I3)", &[]), "\n");
        assert_eq!(ok("(I3, A)", &[i(5)]), "  5\n");
        assert_eq!(ok("(2I3)", &[i(1), i(2), i(3)]), "  1  2\n  3\n");
        // '(G12.4)', 42 / .true. / 'abc' ; '(G0)', 42 / 'abc' / .true.
        assert_eq!(ok("(G12.4)", &[i(42)]), "          42\n");
        assert_eq!(ok("(G12.4)", &[T]), "           T\n");
        assert_eq!(ok("(G12.4)", &[s("abc")]), "         abc\n");
        assert_eq!(ok("(G0)", &[i(42)]), "42\n");
        assert_eq!(ok("(G0)", &[s("abc")]), "abc\n");
        // '(L2)', 5 (L accepts any type: non-zero is T) / '(B8)', 1.5 (bits of the real)
        assert_eq!(ok("(L2)", &[i(5)]), " T\n");
        assert_eq!(ok("(B8)", &[r(1.5)]), "********\n");
        // '(I8)', 5, 6
        assert_eq!(ok("(I8)", &[i(5), i(6)]), "       5\n       6\n");
    }

    #[test]
    fn internal_records() {
        // character(12) :: s; write(s, '(I5)') 42 / write(s, *) / write(s, *) 'abcdefghijk'
        assert_eq!(internal_fill(&fmt("(I5)", &[i(42)]).unwrap().into_bytes(), 12).unwrap(), b"   42       ");
        assert_eq!(internal_fill(list(&[]).as_bytes(), 12).unwrap(), b"            ");
        assert_eq!(internal_fill(list(&[s("abcdefghijk")]).as_bytes(), 12).unwrap(), b" abcdefghijk");
        // write(s, *) 1.5 (17 characters) / write(s, '(I3/I3)') 1, 2
        assert_eq!(internal_fill(list(&[r(1.5)]).as_bytes(), 12).unwrap_err().0, "End of record");
        assert_eq!(internal_fill(fmt("(I3/I3)", &[i(1), i(2)]).unwrap().as_bytes(), 12).unwrap_err().0, "End of file");
    }

    #[test]
    fn formatted_errors() {
        // f = '(I3, A)'; print f, 1.5, 1.5
        let e = fmt("(I3, A)", &[r(1.5)]).unwrap_err();
        assert_eq!(e.0, "Expected INTEGER for item 1 in formatted transfer, got REAL\n(I3, A)\n ^");
        // f = '(F5.1)'; print f, 5
        let e = fmt("(F5.1)", &[i(5)]).unwrap_err();
        assert_eq!(e.0, "Expected REAL for item 1 in formatted transfer, got INTEGER\n(F5.1)\n ^");
        // print '(A, 2(I3, 1X), F5.1)', 'x', 1, 2, 3.0, 'y' -> item 5
        let e = fmt("(A, 2(I3, 1X), F5.1)", &[s("x"), i(1), i(2), r(3.0), s("y")]).unwrap_err();
        assert_eq!(e.0, "Expected INTEGER for item 5 in formatted transfer, got CHARACTER\n(A, 2(I3, 1X), F5.1)\n      ^");
        // f = '("x")'; print f, 5   /  f = '()'
        let e = fmt("(\"x\")", &[i(5)]).unwrap_err();
        assert_eq!(e.0, "Insufficient data descriptors in format after reversion");
        assert!(fmt("()", &[i(5)]).is_err());
        // print '(E10.0)', 1.0e-5
        let e = fmt("(E10.0)", &[r(1e-5)]).unwrap_err();
        assert!(e.0.starts_with("Scale factor out of range in format specifier 'E' or 'D'"));
    }
}
