//! gfortran's module files (format version 15, after gzip decompression, which the driver
//! does): what a gpuf unit that `use`s a module compiled by gfortran needs.
//!
//! The format is a text of S-expressions after a header line `GFORTRAN module version '15'
//! created from FILE`: eight lists — intrinsic operator interfaces, user operators, generic
//! interfaces `('name' 'module' ID...)`, common blocks, equivalences, OpenMP reductions, the
//! symbol table (flat: `ID 'name' 'module' 'binding-label' NS (BODY)` per symbol) and the
//! symtree (`'local-name' AMBIGUOUS ID` per visible name). A symbol's BODY is its attributes
//! `(FLAVOR INTENT PROC IF-SOURCE SAVE EXT-ATTR EXTENSION BIT...)`, its components (derived
//! types, then their access), its type `(TYPE KIND|DERIVED-ID INTERFACE C-INTEROP ISO-C F90-TYPE
//! CHARLEN)`, its formal namespace, a common-block reference, its dummy arguments (symbol ids),
//! its value (parameters only), its array spec `(RANK CORANK KIND BOUND...)`, its result, and
//! further fields gpuf does not need.
//!
//! [`read`] translates the module into gpuf's own module file text (see [`crate::modfile`])
//! and reads that: named constants, variables of constant size, scalars and arrays (gfortran's objects `__mod_MOD_name`),
//! derived types of intrinsic-type components with gfortran's (C) layout, module procedures
//! and interface bodies, and generic interfaces. An entity outside this slice is not
//! imported; it is listed in [`crate::modfile::Imported::unsupported`] with what it is, so
//! that a reference to it is an error naming the module file, never a silent mis-import.

use crate::modfile::Imported;
use std::collections::HashMap;
use std::fmt::Write as _;

/// The start of the first line of a gfortran module file.
pub const HEADER: &str = "GFORTRAN module version '";

/// The format version gpuf reads.
pub const VERSION: &str = "15";

/// Is `text` (decompressed) a gfortran module file?
pub fn is_gfortran(text: &str) -> bool {
    text.starts_with(HEADER)
}

#[derive(Clone, Debug, PartialEq)]
enum Sx {
    List(Vec<Sx>),
    /// A bare word or a number.
    Atom(String),
    /// A quoted string.
    Str(String),
}

impl Sx {
    fn list(&self) -> Option<&[Sx]> {
        match self {
            Sx::List(v) => Some(v),
            _ => None,
        }
    }
    fn atom(&self) -> Option<&str> {
        match self {
            Sx::Atom(a) => Some(a),
            _ => None,
        }
    }
    fn str(&self) -> Option<&str> {
        match self {
            Sx::Str(s) => Some(s),
            _ => None,
        }
    }
    fn int(&self) -> Option<i64> {
        self.atom()?.parse().ok()
    }
    fn is_empty_list(&self) -> bool {
        matches!(self, Sx::List(v) if v.is_empty())
    }
}

/// Parses the S-expressions after the header line.
fn parse_all(text: &str) -> Result<Vec<Sx>, String> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut stack: Vec<Vec<Sx>> = vec![Vec::new()];
    while let Some(&c) = b.get(i) {
        match c {
            b'(' => {
                if stack.len() > 256 {
                    return Err("nesting too deep".into());
                }
                stack.push(Vec::new());
                i += 1;
            }
            b')' => {
                let done = stack.pop().ok_or("unbalanced `)`")?;
                stack.last_mut().ok_or("unbalanced `)`")?.push(Sx::List(done));
                i += 1;
            }
            b'\'' => {
                let mut s = Vec::new();
                i += 1;
                loop {
                    match (b.get(i), b.get(i + 1)) {
                        (Some(b'\''), Some(b'\'')) => {
                            s.push(b'\'');
                            i += 2;
                        }
                        (Some(b'\''), _) => {
                            i += 1;
                            break;
                        }
                        (Some(&c), _) => {
                            s.push(c);
                            i += 1;
                        }
                        (None, _) => return Err("unterminated string".into()),
                    }
                }
                stack.last_mut().ok_or("unbalanced `)`")?.push(Sx::Str(String::from_utf8_lossy(&s).to_string()));
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                while b.get(i).is_some_and(|c| !c.is_ascii_whitespace() && !matches!(c, b'(' | b')' | b'\'')) {
                    i += 1;
                }
                stack.last_mut().ok_or("unbalanced `)`")?.push(Sx::Atom(text.get(start..i).unwrap_or_default().to_string()));
            }
        }
    }
    match (stack.pop(), stack.is_empty()) {
        (Some(top), true) => Ok(top),
        _ => Err("unbalanced `(`".into()),
    }
}

/// One entry of the symbol table.
#[derive(Clone, Copy)]
struct Sym<'a> {
    name: &'a str,
    module: &'a str,
    binding: &'a str,
    body: &'a [Sx],
}

impl<'a> Sym<'a> {
    fn attrs(&self) -> &'a [Sx] {
        self.body.first().and_then(Sx::list).unwrap_or_default()
    }
    fn flavor(&self) -> &'a str {
        self.attrs().first().and_then(Sx::atom).unwrap_or("")
    }
    fn field(&self, k: usize) -> Option<&'a str> {
        self.attrs().get(k).and_then(Sx::atom)
    }
    fn has(&self, bit: &str) -> bool {
        self.attrs().iter().skip(7).any(|a| a.atom() == Some(bit))
    }
    fn bits(&self) -> impl Iterator<Item = &'a str> {
        self.attrs().iter().skip(7).filter_map(Sx::atom)
    }
    fn comps(&self) -> &'a [Sx] {
        self.body.get(1).and_then(Sx::list).unwrap_or_default()
    }
    /// The index of the type spec in the body.
    fn ts_at(&self) -> usize {
        if self.comps().is_empty() {
            2
        } else {
            3
        }
    }
    fn ts(&self) -> Option<&'a [Sx]> {
        self.body.get(self.ts_at()).and_then(Sx::list)
    }
    fn formal(&self) -> Vec<i64> {
        self.body.get(self.ts_at() + 3).and_then(Sx::list).unwrap_or_default().iter().filter_map(Sx::int).collect()
    }
    fn value(&self) -> Option<&'a Sx> {
        (self.flavor() == "PARAMETER").then(|| self.body.get(self.ts_at() + 4)).flatten()
    }
    fn array_spec(&self) -> Option<&'a [Sx]> {
        let k = self.ts_at() + 4 + usize::from(self.flavor() == "PARAMETER");
        self.body.get(k).and_then(Sx::list)
    }
    fn result(&self) -> Option<i64> {
        let k = self.ts_at() + 5 + usize::from(self.flavor() == "PARAMETER");
        self.body.get(k).and_then(Sx::int)
    }
}

/// Attribute bits that change nothing gpuf imports.
const HARMLESS: &[&str] = &[
    "DIMENSION",
    "DUMMY",
    "OPTIONAL",
    "SUBROUTINE",
    "FUNCTION",
    "ELEMENTAL",
    "PURE",
    "IMPLICIT_PURE",
    "ALWAYS_EXPLICIT",
    "ARRAY_OUTER_DEPENDENCY",
    "TARGET",
    "EXTERNAL",
    "RECURSIVE",
    "IS_BIND_C",
    "SEQUENCE",
    "CONTIGUOUS",
    "VOLATILE",
    "PROTECTED",
    "ASYNCHRONOUS",
    "GENERIC",
    "IMPLICIT_SAVE",
];

/// What gpuf cannot import yet: the description of an entity.
type Why = String;

struct Tr<'a> {
    syms: HashMap<i64, Sym<'a>>,
    /// Derived types: symbol id -> (gpuf name, size, align), or why not.
    types: HashMap<i64, Result<(String, i64, i64), Why>>,
    out: String,
}

impl<'a> Tr<'a> {
    fn sym(&self, id: i64) -> Result<Sym<'a>, Why> {
        self.syms.get(&id).copied().ok_or_else(|| format!("a reference to the missing symbol {id}"))
    }

    /// A type spec as gpuf writes it, with its size and alignment. `dummy`: a character
    /// length is not recorded.
    fn ty(&mut self, ts: &[Sx], dummy: bool) -> Result<(String, i64, i64), Why> {
        let t = ts.first().and_then(Sx::atom).unwrap_or("?");
        let k = ts.get(1).and_then(Sx::int).unwrap_or(0);
        Ok(match (t, k) {
            ("INTEGER", 1 | 2 | 4 | 8 | 16) => (format!("integer({k})"), k, k),
            ("REAL", 4 | 8 | 16) => (format!("real({k})"), k, k),
            ("COMPLEX", 4 | 8 | 16) => (format!("complex({k})"), 2 * k, k),
            ("LOGICAL", 4) => ("logical".into(), 4, 4),
            ("LOGICAL", 1 | 2 | 8) => (format!("logical({k})"), k, k),
            ("CHARACTER", 1) => {
                if dummy {
                    return Ok(("character".into(), 0, 1));
                }
                // `((LEN-EXPR))`: a constant length.
                let len = ts.get(6).and_then(Sx::list).and_then(|l| l.first()).and_then(const_int);
                match len {
                    Some(n) if n >= 0 => (format!("character*{n}"), n, 1),
                    _ => return Err("a character entity whose length is not a constant".into()),
                }
            }
            ("DERIVED", id) => {
                self.derived(id);
                match self.types.get(&id) {
                    Some(Ok((n, s, a))) => (format!("type({n})"), *s, *a),
                    Some(Err(w)) => return Err(w.clone()),
                    None => return Err("a derived type".into()),
                }
            }
            ("CLASS", _) => return Err("a polymorphic (`class`) entity".into()),
            ("ASSUMED", _) => return Err("an assumed-type (`type(*)`) entity".into()),
            ("CHARACTER", k) => return Err(format!("`character(kind={k})`")),
            (t, k) => return Err(format!("the type `{}({k})`", t.to_ascii_lowercase())),
        })
    }

    /// Translates derived type `id` (once), writing its `type`/`comp` lines.
    fn derived(&mut self, id: i64) {
        if self.types.contains_key(&id) {
            return;
        }
        // A recursive type is refused while it is being translated.
        self.types.insert(id, Err("a recursive derived type".into()));
        let r = self.derived_lines(id);
        let r = match r {
            Ok((name, size, align, lines)) => {
                self.out.push_str(&lines);
                Ok((name, size, align))
            }
            Err(w) => Err(w),
        };
        self.types.insert(id, r);
    }

    fn derived_lines(&mut self, id: i64) -> Result<(String, i64, i64, String), Why> {
        let s = self.sym(id)?;
        let name = s.name.to_ascii_lowercase();
        let (comps, bits): (Vec<Sx>, Vec<&str>) = (s.comps().to_vec(), s.bits().collect());
        let body = s.body;
        let ts_at = s.ts_at();
        let ctx = |w: String| format!("{w} (in derived type `{name}`)");
        if let Some(b) = bits.iter().find(|b| !HARMLESS.contains(b) && **b != "ALLOC_COMP") {
            return Err(ctx(format!("the derived-type attribute `{b}`")));
        }
        // An extended type: its first component is the parent component, of the parent
        // type and named after it.
        let extended = s.field(6).is_some_and(|e| e != "0");
        // Type-bound procedures and final procedures: the list after the result.
        let f2k = body.get(ts_at + 6);
        if f2k.and_then(Sx::list).is_some_and(|l| l.iter().any(|x| !x.is_empty_list())) {
            return Err(format!("type-bound or final procedures of derived type `{name}`"));
        }
        let mut lines = String::new();
        let (mut off, mut align) = (0i64, 1i64);
        let mut comp_lines = String::new();
        for c in &comps {
            let c = c.list().ok_or_else(|| ctx("a malformed component".into()))?;
            let cname = c.get(1).and_then(Sx::str).ok_or_else(|| ctx("a malformed component".into()))?;
            let cattrs = c.get(6).and_then(Sx::list).unwrap_or_default();
            let alloc = cattrs.iter().skip(7).filter_map(Sx::atom).any(|b| b == "ALLOCATABLE");
            // gfortran's hidden length of a deferred-length character component (an
            // artificial 8-byte integer after the components): where gpuf's component
            // records its length, not a component of its own.
            let placeholder = cname.strip_suffix("_length").and_then(|n| n.strip_prefix('_')).map(|n| format!("character*@?{n} "));
            if let Some(ph) = placeholder.filter(|ph| comp_lines.contains(ph.as_str())) {
                off = (off + 7) / 8 * 8;
                comp_lines = comp_lines.replace(&ph, &format!("character*@{off} "));
                off += 8;
                align = align.max(8);
                continue;
            }
            let cts = c.get(2).and_then(Sx::list).ok_or_else(|| ctx("a malformed component".into()))?;
            let deferred_chars = cts.first().and_then(Sx::atom) == Some("CHARACTER") && cts.iter().any(|x| x.atom() == Some("DEFERRED_CL"));
            if alloc && deferred_chars && c.get(3).and_then(Sx::list).is_none_or(|a| a.is_empty()) {
                off = (off + 7) / 8 * 8;
                let _ = writeln!(comp_lines, "comp {cname} character*@?{cname} {off} 0 alloc");
                off += 8;
                align = align.max(8);
                continue;
            }
            if let Some(b) = cattrs.iter().skip(7).filter_map(Sx::atom).find(|b| !HARMLESS.contains(b) && *b != "ALLOCATABLE") {
                return Err(ctx(format!("the component `{cname}` with attribute `{b}`")));
            }
            let cts = c.get(2).and_then(Sx::list).ok_or_else(|| ctx("a malformed component".into()))?;
            let (ty, size, al) = self.ty(cts, false).map_err(|w| ctx(format!("{w}: component `{cname}`")))?;
            if alloc {
                // gfortran's layout: an array's descriptor, a scalar's data pointer.
                if ty.starts_with("character") {
                    return Err(ctx(format!("the allocatable character component `{cname}`")));
                }
                let rank = match c.get(3).and_then(Sx::list) {
                    Some(a) if !a.is_empty() => match (a.first().and_then(Sx::int), a.get(2).and_then(Sx::atom)) {
                        (Some(r @ 1..=7), Some("DEFERRED")) => r as usize,
                        _ => return Err(ctx(format!("the allocatable component `{cname}` with this array spec"))),
                    },
                    _ => 0,
                };
                off = (off + 7) / 8 * 8;
                let dims = if rank == 0 { " alloc".to_string() } else { " :".repeat(rank) };
                let _ = writeln!(comp_lines, "comp {cname} {ty} {off} {rank}{dims}");
                off += if rank == 0 { 8 } else { crate::sema::CompInfo::desc_size(rank) };
                align = align.max(8);
                continue;
            }
            let (rank, dims, n) = match c.get(3).and_then(Sx::list) {
                Some(a) if !a.is_empty() => {
                    explicit_dims(a).ok_or_else(|| ctx(format!("the component `{cname}` with non-constant bounds")))?
                }
                _ => (0, String::new(), 1),
            };
            off = (off + al - 1) / al * al;
            let mut l = format!("comp {cname} {ty} {off} {rank}{dims}");
            match c.get(8) {
                None => {}
                Some(x) if x.is_empty_list() => {}
                // The parent component's default: its type's defaults, which gpuf gives
                // it anyway.
                Some(_) if extended && comp_lines.is_empty() => {}
                // The implicit default of a component whose type has allocatable
                // components (all unallocated), which gpuf gives every such structure.
                Some(x) if all_null_structure(x) => {}
                Some(x) => {
                    let vals = values(x).ok_or_else(|| ctx(format!("the default value of component `{cname}`")))?;
                    l.push_str(" =");
                    for v in vals {
                        l.push(' ');
                        l.push_str(&v);
                    }
                }
            }
            comp_lines.push_str(&l);
            comp_lines.push('\n');
            off += size * n;
            align = align.max(al);
        }
        if comp_lines.contains("character*@?") {
            return Err(ctx("a deferred-length character component without gfortran's hidden length".into()));
        }
        let size = (off + align - 1) / align * align;
        let _ = writeln!(lines, "type {name} {size} {align}");
        if extended {
            let parent = comps.first().and_then(Sx::list).and_then(|c| c.get(1)).and_then(Sx::str).unwrap_or_default();
            let _ = writeln!(lines, "extends {}", parent.to_ascii_lowercase());
        }
        lines.push_str(&comp_lines);
        Ok((name, size, align, lines))
    }

    /// A `param` or `var` line for symbol `s` visible as `local`.
    fn entity(&mut self, local: &str, s: &Sym<'a>) -> Result<String, Why> {
        let param = s.flavor() == "PARAMETER";
        let allocatable = !param && s.has("ALLOCATABLE");
        // OpenMP `threadprivate`: the same TLS symbol on both sides (scalars, not complex).
        let tp = s.has("THREADPRIVATE");
        if let Some(b) =
            s.bits().find(|b| !HARMLESS.contains(b) && (!allocatable || *b != "ALLOCATABLE") && (*b != "THREADPRIVATE" || param))
        {
            return Err(format!("the {} `{local}` with attribute `{b}`", if param { "named constant" } else { "module variable" }));
        }
        let ts = s.ts().ok_or("a malformed symbol")?;
        let (ty, _, _) = self.ty(ts, false).map_err(|w| format!("{w}: `{local}`"))?;
        let (rank, dims, _) = match s.array_spec() {
            Some(a) if !a.is_empty() => explicit_dims(a).ok_or_else(|| format!("the array `{local}` with non-constant bounds"))?,
            _ => (0, String::new(), 1),
        };
        if param {
            let vals = s.value().and_then(values).ok_or_else(|| format!("the value of the named constant `{local}`"))?;
            if ty.starts_with("type(") {
                return Err(format!("the derived-type named constant `{local}`"));
            }
            return Ok(format!("param {local} - {} {ty} {rank}{dims} = {}", s.name, vals.join(" ")));
        }
        if allocatable {
            // An allocatable scalar: gfortran's global is its data pointer, as gpuf's.
            if s.array_spec().is_some_and(|a| !a.is_empty()) {
                return Err(format!("the module allocatable array `{local}`"));
            }
            if ty.starts_with("character") || ty.starts_with("complex") {
                return Err(format!("the module allocatable scalar `{local}` of type `{ty}`"));
            }
            if !s.binding.is_empty() {
                return Err(format!("the `bind(c)` module variable `{local}`"));
            }
            return Ok(format!("var {local} {} {} {ty} 0 alloc", s.module, s.name));
        }
        // Module variables of constant size are gfortran's objects on both sides: numeric,
        // logical, character and derived-type scalars and arrays.
        if !s.binding.is_empty() {
            return Err(format!("the `bind(c)` module variable `{local}`"));
        }
        if tp && (rank > 0 || !(ty.starts_with("integer") || ty.starts_with("real") || ty.starts_with("logical"))) {
            return Err(format!("the threadprivate module variable `{local}` of type `{ty}`"));
        }
        Ok(format!("var {local} {} {} {ty} {rank} {}{dims}", s.module, s.name, if tp { "tp" } else { "-" }))
    }

    /// The `proc` and `arg` lines of procedure `s` visible as `local`.
    fn procedure(&mut self, local: &str, s: &Sym<'a>) -> Result<String, Why> {
        if let Some(b) = s.bits().find(|b| !HARMLESS.contains(b)) {
            return Err(format!("the procedure `{local}` with attribute `{b}`"));
        }
        let link = match (s.field(2), s.field(3)) {
            _ if !s.binding.is_empty() => s.binding.to_string(),
            (Some("MODULE-PROC"), Some("DECL")) => format!("__{}_MOD_{}", s.module, s.name),
            (_, Some("BODY")) => format!("{}_", s.name),
            _ => return Err(format!("the procedure `{local}` (neither a module procedure nor an interface body)")),
        };
        let owner = if link.starts_with("__") { s.module } else { "-" };
        let function = s.has("FUNCTION");
        let elemental = u8::from(s.has("ELEMENTAL"));
        let result = if function {
            let r = match s.result() {
                Some(r) if r != 0 => self.sym(r)?,
                _ => *s,
            };
            if r.array_spec().is_some_and(|a| !a.is_empty()) {
                return Err(format!("the array-valued function `{local}`"));
            }
            if r.bits().any(|b| b == "POINTER" || b == "ALLOCATABLE") {
                return Err(format!("the function `{local}` with a pointer or allocatable result"));
            }
            let ts = r.ts().ok_or("a malformed symbol")?;
            let (ty, _, _) = self.ty(ts, false).map_err(|w| format!("{w}: the result of `{local}`"))?;
            if ty == "character" {
                return Err(format!("the character function `{local}` (its result length is not a constant)"));
            }
            format!("{ty} 0")
        } else {
            "- 0".into()
        };
        let kind = if function { "function" } else { "subroutine" };
        let mut out = format!("proc {local} {kind} {link} {owner} {elemental} {result}\n");
        for id in s.formal() {
            let a = self.sym(id)?;
            let an = a.name;
            if a.flavor() != "VARIABLE" {
                return Err(format!("the dummy procedure `{an}` of `{local}`"));
            }
            let allocatable = a.has("ALLOCATABLE");
            if let Some(b) = a.bits().find(|b| !HARMLESS.contains(b) && *b != "ALLOCATABLE") {
                return Err(format!("the dummy argument `{an}` of `{local}` with attribute `{b}`"));
            }
            let ts = a.ts().ok_or("a malformed symbol")?;
            // `type(*), dimension(*)` with `!GCC$ attributes no_arg_check` (bit 32 of the
            // extension attributes): any actual, by address.
            let any = ts.first().and_then(Sx::atom) == Some("ASSUMED")
                && a.field(5) == Some("32")
                && a.array_spec().is_some_and(|sp| sp.get(2).and_then(Sx::atom) == Some("ASSUMED_SIZE"));
            if !any && a.field(5).is_some_and(|e| e != "0") {
                return Err(format!("the dummy argument `{an}` of `{local}` with a `!GCC$ attributes` directive"));
            }
            let (ty, _, _) = if any {
                ("any".to_string(), 0, 1)
            } else {
                self.ty(ts, true).map_err(|w| format!("{w}: the dummy argument `{an}` of `{local}`"))?
            };
            let (rank, assumed) = match a.array_spec() {
                Some(sp) if !sp.is_empty() => {
                    let rank = sp.first().and_then(Sx::int).unwrap_or(0);
                    match sp.get(2).and_then(Sx::atom) {
                        Some("EXPLICIT" | "ASSUMED_SIZE") => (rank, 0),
                        Some("ASSUMED_SHAPE") => (rank, 1),
                        Some("DEFERRED") if allocatable && ty != "character" => (rank, 2),
                        Some(k) => return Err(format!("the dummy argument `{an}` of `{local}` (a `{k}` array)")),
                        None => return Err("a malformed array spec".into()),
                    }
                }
                _ => (0, 0),
            };
            if allocatable && assumed != 2 {
                return Err(format!("the allocatable scalar or character dummy argument `{an}` of `{local}`"));
            }
            if ty == "character" && rank > 0 {
                return Err(format!("the character array dummy argument `{an}` of `{local}`"));
            }
            let intent = match a.field(1) {
                Some("IN") => "in",
                Some("OUT") => "out",
                Some("INOUT") => "inout",
                _ => "-",
            };
            // The last field: 1 assumed shape, `a` an allocatable array.
            let assumed = if assumed == 2 { "a".to_string() } else { assumed.to_string() };
            let _ = writeln!(out, "arg {an} {ty} {rank} {intent} {} {assumed}", u8::from(a.has("OPTIONAL")));
        }
        Ok(out)
    }
}

/// `(STRUCTURE TYPESPEC 0 ((VALUE ()) ...))` whose values are all `(NULL ...)` or such
/// structures.
fn all_null_structure(e: &Sx) -> bool {
    let Some(l) = e.list() else { return false };
    match l.first().and_then(Sx::atom) {
        Some("NULL") => true,
        Some("STRUCTURE") => l
            .get(3)
            .and_then(Sx::list)
            .is_some_and(|vals| vals.iter().all(|v| v.list().and_then(|p| p.first()).is_some_and(all_null_structure))),
        _ => false,
    }
}

/// A constant integer expression `(CONSTANT (INTEGER ...) 0 'V' ())`.
fn const_int(e: &Sx) -> Option<i64> {
    let l = e.list()?;
    if l.first()?.atom()? != "CONSTANT" || l.get(1)?.list()?.first()?.atom()? != "INTEGER" {
        return None;
    }
    l.get(3)?.str()?.parse().ok()
}

/// `(RANK CORANK EXPLICIT LO HI ...)` with constant bounds: the rank, ` LO:HI...` and the
/// number of elements.
fn explicit_dims(a: &[Sx]) -> Option<(i64, String, i64)> {
    let rank = a.first()?.int()?;
    if a.get(1)?.int()? != 0 || a.get(2)?.atom()? != "EXPLICIT" || !(1..=15).contains(&rank) {
        return None;
    }
    let mut dims = String::new();
    let mut n = 1i64;
    for k in 0..rank as usize {
        let lo = const_int(a.get(3 + 2 * k)?)?;
        let hi = const_int(a.get(4 + 2 * k)?)?;
        let _ = write!(dims, " {lo}:{hi}");
        n = n.checked_mul((hi - lo + 1).max(0))?;
    }
    Some((rank, dims, n))
}

/// A real constant as gfortran writes it: hexadecimal digits `[-]0.HHHH@E` (a fraction
/// times 16^E).
fn hex_real(t: &str) -> Option<f64> {
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let (m, e) = t.split_once('@')?;
    let digits = m.strip_prefix("0.")?;
    let e: i32 = e.parse().ok()?;
    if digits.len() > 30 {
        return None;
    }
    let mant = u128::from_str_radix(digits, 16).ok()?;
    // Scaled in steps: 2^shift alone may be out of range where the value is not.
    let mut shift = 4 * (e - digits.len() as i32);
    let mut v = mant as f64;
    while shift != 0 {
        let step = shift.clamp(-900, 900);
        v *= 2f64.powi(step);
        shift -= step;
    }
    Some(if neg { -v } else { v })
}

/// A `real(16)` constant as gfortran writes it (see [`hex_real`]), exactly: a hexadecimal
/// floating-point literal `[-]0xHHHHp[-]N` (the text of a `real(16)` constant, which LLVM
/// converts).
fn hex_quad(t: &str) -> Option<String> {
    let (sign, t) = match t.strip_prefix('-') {
        Some(r) => ("-", r),
        None => ("", t),
    };
    let (m, e) = t.split_once('@')?;
    let digits = m.strip_prefix("0.")?;
    let e: i64 = e.parse().ok()?;
    if digits.is_empty() || digits.len() > 40 || !digits.bytes().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    Some(format!("{sign}0x{}p{}", digits.to_ascii_lowercase(), 4 * (e - digits.len() as i64)))
}

/// The gpuf module file values of a constant expression: a scalar, or an array constructor of
/// constants (in array element order).
fn values(e: &Sx) -> Option<Vec<String>> {
    let l = e.list()?;
    match l.first()?.atom()? {
        "CONSTANT" => {
            let ts = l.get(1)?.list()?;
            let k = ts.get(1)?.int()?;
            Some(vec![match ts.first()?.atom()? {
                "INTEGER" => l.get(3)?.str()?.parse::<i64>().ok()?.to_string(),
                "REAL" if k == 16 => format!("q{}", hex_quad(l.get(3)?.str()?)?),
                "REAL" => {
                    let v = hex_real(l.get(3)?.str()?)?;
                    format!("{:?}", if k == 4 { v as f32 as f64 } else { v })
                }
                "LOGICAL" => if l.get(3)?.int()? != 0 { "T" } else { "F" }.to_string(),
                "CHARACTER" => {
                    let s = l.get(4)?.str()?;
                    format!("x{}", s.bytes().map(|b| format!("{b:02x}")).collect::<String>())
                }
                "COMPLEX" if k == 16 => format!("q{}:q{}", hex_quad(l.get(3)?.str()?)?, hex_quad(l.get(4)?.str()?)?),
                "COMPLEX" => {
                    let (re, im) = (hex_real(l.get(3)?.str()?)?, hex_real(l.get(4)?.str()?)?);
                    let f = |v: f64| if k == 4 { v as f32 as f64 } else { v };
                    format!("{:?}:{:?}", f(re), f(im))
                }
                _ => return None,
            }])
        }
        "ARRAY" => {
            let mut out = Vec::new();
            for item in l.get(3)?.list()? {
                let item = item.list()?;
                if !item.get(1)?.is_empty_list() {
                    return None;
                }
                out.extend(values(item.first()?)?);
            }
            Some(out)
        }
        _ => None,
    }
}

/// Reads gfortran module file `text` (decompressed) of module `name`.
pub fn read(name: &str, text: &str) -> Result<Imported, String> {
    let file = format!("{name}.mod");
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let version = first.strip_prefix(HEADER).and_then(|r| r.split_once('\'')).map(|(v, _)| v);
    match version {
        Some(VERSION) => {}
        Some(v) => {
            return Err(format!(
                "`{file}` is a gfortran module file of format version `{v}`; gpuf reads version `{VERSION}` (written by gfortran 12, among others)"
            ))
        }
        None => return Err(format!("`{file}` has no gfortran module header line")),
    }
    let bad = |w: &str| format!("the gfortran module file `{file}` is malformed: {w}");
    let top = parse_all(rest).map_err(|w| bad(&w))?;
    let [_ops, _uops, generics, _common, _equiv, _udr, symbols, symtree] = top.as_slice() else {
        return Err(bad(&format!("{} top-level lists instead of 8", top.len())));
    };
    let mut syms: HashMap<i64, Sym> = HashMap::new();
    for g in symbols.list().ok_or_else(|| bad("no symbol table"))?.chunks(6) {
        let [id, n, m, b, _ns, body] = g else { return Err(bad("a truncated symbol")) };
        let (Some(id), Some(n), Some(m), Some(b), Some(body)) = (id.int(), n.str(), m.str(), b.str(), body.list()) else {
            return Err(bad("a malformed symbol"));
        };
        syms.insert(id, Sym { name: n, module: m, binding: b, body });
    }
    let mut tr = Tr { syms, types: HashMap::new(), out: String::new() };
    let mut lines = String::new();
    let mut unsupported: Vec<(String, String)> = Vec::new();
    let mut visible: Vec<(&str, i64)> = Vec::new();
    for g in symtree.list().ok_or_else(|| bad("no symtree"))?.chunks(3) {
        let [n, amb, id] = g else { return Err(bad("a truncated symtree")) };
        let (Some(n), Some(amb), Some(id)) = (n.str(), amb.int(), id.int()) else { return Err(bad("a malformed symtree")) };
        if amb != 0 {
            unsupported.push((n.to_string(), format!("the ambiguous name `{n}`")));
            continue;
        }
        visible.push((n, id));
    }
    // Derived types first (gpuf's module file lists a type before its users).
    let mut ids: Vec<(&str, i64)> = visible.clone();
    ids.sort_by_key(|(_, id)| *id);
    for (n, id) in &ids {
        let Ok(s) = tr.sym(*id) else { continue };
        if s.flavor() == "DERIVED" && !n.starts_with("__") && !s.has("VTYPE") {
            tr.derived(*id);
            if let Some(Err(w)) = tr.types.get(id) {
                unsupported.push((n.to_ascii_lowercase(), w.clone()));
            }
        }
    }
    for (local, id) in &visible {
        let s = tr.sym(*id).map_err(|w| bad(&w))?;
        if local.starts_with("__") || s.module == "(intrinsic)" || s.has("ARTIFICIAL") {
            continue;
        }
        let (flavor, generic) = (s.flavor(), s.has("GENERIC"));
        let sym = Sym { name: s.name, module: s.module, binding: s.binding, body: s.body };
        let r = match flavor {
            "PARAMETER" | "VARIABLE" => tr.entity(local, &sym).map(|l| l + "\n"),
            // Generic names (and structure constructors) come from the generic list.
            "PROCEDURE" if generic => continue,
            "PROCEDURE" => tr.procedure(local, &sym),
            "DERIVED" | "MODULE" => continue,
            "NAMELIST" => Err(format!("the namelist group `{local}`")),
            f => Err(format!("`{local}` (a symbol of flavor `{}`)", f.to_ascii_lowercase())),
        };
        match r {
            Ok(l) => lines.push_str(&l),
            Err(w) => unsupported.push((local.to_string(), w)),
        }
    }
    // Generic interfaces: `('name' 'module' SPECIFIC-ID...)`.
    let mut generic_lines = String::new();
    for g in generics.list().ok_or_else(|| bad("no generic list"))? {
        let g = g.list().ok_or_else(|| bad("a malformed generic"))?;
        let gname = g.first().and_then(Sx::str).ok_or_else(|| bad("a malformed generic"))?;
        let specs: Vec<i64> = g.iter().skip(2).filter_map(Sx::int).collect();
        // A structure constructor: the generic named after a derived type.
        if specs.iter().any(|id| tr.syms.get(id).is_some_and(|s| s.flavor() == "DERIVED")) {
            continue;
        }
        let mut names = Vec::new();
        let mut procs = String::new();
        let mut why = None;
        for (j, id) in specs.iter().enumerate() {
            let s = match tr.sym(*id) {
                Ok(s) => Sym { name: s.name, module: s.module, binding: s.binding, body: s.body },
                Err(w) => return Err(bad(&w)),
            };
            let local = format!("{gname}%{j}%{}", s.name);
            match tr.procedure(&local, &s) {
                Ok(p) => {
                    procs.push_str(&p);
                    names.push(local);
                }
                Err(w) => why = Some(w.replace(&format!("`{local}`"), &format!("`{}`", s.name))),
            }
        }
        match why {
            // One specific not importable: the whole generic is not (a call could resolve to it).
            Some(w) => unsupported.push((gname.to_string(), format!("{w} (a specific of the generic interface `{gname}`)"))),
            None if names.is_empty() => {}
            None => {
                lines.push_str(&procs);
                let _ = writeln!(generic_lines, "generic {gname} {}", names.join(" "));
            }
        }
    }
    let text = format!(
        "{}\nmodule {name}\nuses\nopenacc 0\n{}{lines}{generic_lines}end\n",
        crate::modfile::VERSION_LINE,
        std::mem::take(&mut tr.out)
    );
    let mut im = crate::modfile::read(name, &text).map_err(|w| format!("internal: the translation of `{file}` does not read back: {w}"))?;
    im.unsupported = unsupported.into_iter().map(|(n, w)| (n, format!("{w} in gfortran module file `{file}`"))).collect();
    Ok(im)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn reals_in_hex() {
        assert_eq!(hex_real("0.8000000@0"), Some(0.5));
        assert_eq!(hex_real("-0.20000000000000@1"), Some(-2.0));
        assert_eq!(hex_real("0.3243f6a8885a30@1"), Some(std::f64::consts::PI));
        assert_eq!(hex_real("0.1999999999999a@0"), Some(0.1));
        assert_eq!(hex_real("0.ab70fe17c79ac8@-249"), Some(1e-300));
        assert_eq!(hex_real("bad"), None);
    }

    #[test]
    fn strings_and_lists() {
        let top = parse_all("(1 'it''s' (A)) ()").unwrap();
        assert_eq!(top.len(), 2);
        assert_eq!(top[0].list().unwrap()[1].str(), Some("it's"));
        assert!(parse_all("((").is_err());
        assert!(parse_all("'x").is_err());
    }

    #[test]
    fn other_versions_are_refused() {
        let e = read("m", "GFORTRAN module version '14' created from m.f90\n").unwrap_err();
        assert!(e.contains("version `14`") && e.contains("`m.mod`"), "{e}");
    }
}
