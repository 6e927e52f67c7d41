//! Module files (`NAME.gmod`): what a separately compiled file needs to `use` a module.
//!
//! A text format, one entity per line, fields separated by single spaces (no field holds a
//! space: character values are written in hex). The first line is the version:
//!
//! ```text
//! gpuf-module 2
//! module NAME
//! uses MOD...                        (the modules NAME uses; their entities are recorded flat)
//! openacc 0|1                        (the routines of `openacc` are visible through NAME)
//! param LOCAL OWNER REMOTE TYPE RANK DIM... = VALUE...
//! var LOCAL OWNER REMOTE TYPE RANK alloc|ptr|tp|- DIM...   (tp: threadprivate; the initial
//!                                    value is in OWNER's object; older files may add `= VALUE...`)
//! declare-target LOCAL               (the last `var` is in `!$omp declare target`)
//! bind-c LOCAL CNAME                 (the last `var` is `bind(c)`, its global CNAME)
//! common LOCAL /BLOCK/ OFFSET SIZE ALIGN (the last `var` is in common block BLOCK, `//` blank
//!                                    common, at byte OFFSET of the block's SIZE bytes)
//! proc LOCAL KIND LINK OWNER ELEMENTAL RESULT-TYPE RESULT-RANK
//! arg NAME TYPE RANK INTENT OPTIONAL ASSUMED-SHAPE|a|2|v (the dummies of the last `proc`; `a`: allocatable, `2`: pointer, `v`: value;
//!                                    TYPE `any`: any actual, by address, see `ArgSig::any_type`)
//! rbind DEV LINK                    (the last `proc`'s `!$acc routine bind` on device kind DEV, 0-3 in the
//!                                    order of `AccDevice::ALL`: the symbol compute constructs call)
//! rdim LO HI                         (a result dimension of the last `proc`, an array function)
//! type NAME SIZE ALIGN                (a derived type visible through NAME, before its users)
//! comp NAME TYPE OFFSET RANK DIM... [alloc] [= VALUE]  (the components of the last `type`;
//!                                    DIM `:` or `alloc`: allocatable; RANK `ptr`: a scalar
//!                                    pointer component, `ptrN` an array pointer one;
//!                                    TYPE `character*@AT`: deferred length, stored at AT)
//! end
//! ```
//!
//! `OWNER` is the module whose object holds the entity (`-` for none: a constant of an
//! intrinsic module, an external procedure), `REMOTE` its name there. `TYPE` is
//! `integer(K)`, `real(K)`, `logical` (`logical(K)` for kinds other than 4), `character*LEN` (`character*-`: length 1) or
//! `type(NAME)` (a type listed before). A `DIM`
//! is `LO:HI` or `:`. A `VALUE` is an integer, a real (as Rust prints an `f64`), `T`/`F`,
//! or `x` followed by the hex bytes of a character value. `KIND` is `subroutine` or
//! `function`; `INTENT` is `in`, `out`, `inout` or `-`; flags are `0`/`1`; a subroutine's
//! result is `- 0`. A result bound `LO`/`HI` is an integer, `aI` (the value of the scalar
//! dummy at zero-based position I) or `sI.K` (`size` of the array dummy I along dimension
//! K, 0 for all of it).
//!
//! The front end does no I/O: [`write`] makes the text, [`read`] parses it.

use crate::ast::*;
use crate::sema::{ArgSig, Checked, ProcSig, ResultBound, Symbol, Symbols};
use std::fmt::Write as _;

/// The first line of a module file.
pub const VERSION_LINE: &str = "gpuf-module 2";

/// A module read from its module file.
#[derive(Clone, Debug, Default)]
pub struct Imported {
    pub name: String,
    pub uses: Vec<String>,
    pub openacc: bool,
    /// Parameters and variables, as the module's own symbol table lists them.
    pub symbols: Vec<Symbol>,
    /// Procedures visible through the module: local name and signature.
    pub procs: Vec<(String, ProcSig)>,
    /// The result bounds of its array-valued functions, by link name.
    pub result_bounds: Vec<(String, Vec<(ResultBound, ResultBound)>)>,
    /// The derived types visible through the module.
    pub types: Vec<crate::sema::TypeInfo>,
    /// Generic interfaces visible through the module: the generic name and the local names
    /// (`generic%j%specific`, in `procs`) of its specifics.
    pub generics: Vec<(String, Vec<String>)>,
    /// The generic bindings of its types: the generic's key (`TYPE%g@tbg`) and the local
    /// names of its specifics.
    pub bound_generics: Vec<(String, Vec<String>)>,
    /// Names the module makes visible that gpuf cannot import yet (from a gfortran module
    /// file), with what they are: a reference to one is an error.
    pub unsupported: Vec<(String, String)>,
}

#[derive(Clone, Debug, PartialEq)]
enum Val {
    Int(i64),
    /// An `integer(16)` value beyond `integer(8)`.
    Int128(i128),
    Real(f64),
    /// A `real(16)` literal's text.
    Quad(String),
    Log(bool),
    Str(String),
}

fn eval(e: &Expr, syms: &Symbols, depth: u32) -> Option<Val> {
    if depth > 64 {
        return None;
    }
    let d = depth + 1;
    match &e.kind {
        ExprKind::Int(v, _) => Some(Val::Int(*v)),
        ExprKind::Int128(v) => Some(Val::Int128(*v)),
        ExprKind::Real(v, k) => Some(Val::Real(if *k == 4 { *v as f32 as f64 } else { *v })),
        ExprKind::Quad(t) => Some(Val::Quad(t.clone())),
        ExprKind::Logical(b) => Some(Val::Log(*b)),
        ExprKind::Str(s) => Some(Val::Str(s.clone())),
        ExprKind::Name(id) => {
            let s = syms.get(&id.name)?;
            if !s.parameter || s.rank > 0 {
                return None;
            }
            convert(eval(s.init.as_ref()?, syms, d)?, s.base)
        }
        ExprKind::Paren(x) | ExprKind::Unary(UnOp::Plus, x) => eval(x, syms, d),
        ExprKind::Unary(UnOp::Neg, x) => match eval(x, syms, d)? {
            Val::Int(i) => i.checked_neg().map(Val::Int),
            Val::Int128(i) => i.checked_neg().map(|n| i64::try_from(n).map_or(Val::Int128(n), Val::Int)),
            Val::Real(r) => Some(Val::Real(-r)),
            Val::Quad(t) => Some(Val::Quad(match t.strip_prefix('-') {
                Some(p) => p.to_string(),
                None => format!("-{t}"),
            })),
            _ => None,
        },
        ExprKind::Unary(UnOp::Not, x) => match eval(x, syms, d)? {
            Val::Log(b) => Some(Val::Log(!b)),
            _ => None,
        },
        ExprKind::Binary(op, l, r) => {
            let (l, r) = (eval(l, syms, d)?, eval(r, syms, d)?);
            let wide = |v: &Val| match v {
                Val::Int(i) => Some(i128::from(*i)),
                Val::Int128(i) => Some(*i),
                _ => None,
            };
            if let (Some(a), Some(b), Some(BaseTy::Integer(16))) = (wide(&l), wide(&r), e.ty.base()) {
                // `integer(16)` arithmetic in 128 bits
                let v = match op {
                    BinOp::Add => a.checked_add(b),
                    BinOp::Sub => a.checked_sub(b),
                    BinOp::Mul => a.checked_mul(b),
                    BinOp::Div if b != 0 => a.checked_div(b),
                    BinOp::Pow if (0..128).contains(&b) => a.checked_pow(b as u32),
                    _ => None,
                }?;
                return Some(i64::try_from(v).map_or(Val::Int128(v), Val::Int));
            }
            match (l, r) {
                (Val::Int(a), Val::Int(b)) => crate::sema::fold_int(*op, a, b).map(Val::Int),
                (Val::Str(a), Val::Str(b)) if *op == BinOp::Concat => Some(Val::Str(a + &b)),
                (Val::Log(a), Val::Log(b)) => match op {
                    BinOp::And => Some(Val::Log(a && b)),
                    BinOp::Or => Some(Val::Log(a || b)),
                    BinOp::Eqv => Some(Val::Log(a == b)),
                    BinOp::Neqv => Some(Val::Log(a != b)),
                    _ => None,
                },
                (a, b) => {
                    let f = |v| match v {
                        Val::Int(i) => Some(i as f64),
                        Val::Real(r) => Some(r),
                        _ => None,
                    };
                    let (a, b) = (f(a)?, f(b)?);
                    Some(Val::Real(match op {
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
        ExprKind::Intrinsic { func: Intrinsic::Real | Intrinsic::Dble | Intrinsic::Float, args } => match eval(args.first()?, syms, d)? {
            Val::Int(i) => Some(Val::Real(i as f64)),
            v @ Val::Real(_) => Some(v),
            _ => None,
        },
        ExprKind::Intrinsic { func, args } if func.is_model_intrinsic() => {
            let x = args.iter().find(|a| matches!(a.ty.base(), Some(BaseTy::Real(_))))?;
            let Some(BaseTy::Real(k)) = x.ty.base() else { return None };
            let vals: Option<Vec<f64>> = args
                .iter()
                .map(|a| match eval(a, syms, d)? {
                    Val::Int(i) => Some(i as f64),
                    Val::Real(r) => Some(r),
                    _ => None,
                })
                .collect();
            let vals = vals?;
            let v = crate::sema::fold_model(*func, *vals.first()?, k, vals.get(1).copied())?;
            Some(if *func == Intrinsic::Exponent { Val::Int(v as i64) } else { Val::Real(v) })
        }
        ExprKind::Intrinsic { func, args } if func.is_bit_intrinsic() => {
            let vals: Option<Vec<i64>> = args
                .iter()
                .map(|a| match eval(a, syms, d)? {
                    Val::Int(i) => Some(i),
                    _ => None,
                })
                .collect();
            let v = crate::sema::fold_bit_call(e, *func, args, &vals?)?;
            Some(if matches!(e.ty.base(), Some(BaseTy::Logical(_))) { Val::Log(v != 0) } else { Val::Int(v) })
        }
        ExprKind::Intrinsic { func: Intrinsic::Int, args } => match eval(args.first()?, syms, d)? {
            Val::Real(r) => Some(Val::Int(r.trunc() as i64)),
            v @ Val::Int(_) => Some(v),
            _ => None,
        },
        _ => None,
    }
}

/// Replaces the constant bounds, character length and scalar constant value of a module
/// entity by literals, evaluated in the module's symbols `syms`: a unit that imports the
/// entity may not see the named constants they are written with (`use m, only: a` where
/// `a(n)` and `n` comes from yet another module).
pub(crate) fn fold_symbol(s: &mut Symbol, syms: &Symbols) {
    let lit = |e: &Expr, b: BaseTy| -> Option<Expr> {
        let kind = match convert(eval(e, syms, 0)?, b)? {
            Val::Int(v) => {
                let k = match b {
                    BaseTy::Integer(k) => k,
                    _ => return None,
                };
                ExprKind::Int(v, k)
            }
            Val::Int128(v) => ExprKind::Int128(v),
            Val::Real(v) => match b {
                BaseTy::Real(k) => ExprKind::Real(v, k),
                _ => return None,
            },
            Val::Quad(t) => match b {
                BaseTy::Real(16) => ExprKind::Quad(t),
                _ => return None,
            },
            Val::Log(v) => ExprKind::Logical(v),
            Val::Str(v) => ExprKind::Str(v),
        };
        Some(Expr { kind, span: e.span, ty: Ty::Scalar(b) })
    };
    let int = |e: &mut Expr| {
        if !matches!(e.kind, ExprKind::Int(..)) {
            let k = if matches!(e.ty, Ty::Scalar(BaseTy::Integer(8))) { 8 } else { 4 };
            if let Some(l) = lit(e, BaseTy::Integer(k)) {
                *e = l;
            }
        }
    };
    for d in &mut s.dims {
        if let DimSpec::Explicit { lo, hi } = d {
            if let Some(lo) = lo {
                int(lo);
            }
            int(hi);
        }
    }
    if let Some(CharLen::Expr(e)) = &mut s.char_len {
        int(e);
    }
    if s.parameter && s.rank == 0 && !matches!(s.base, BaseTy::Complex(_) | BaseTy::Derived(_)) {
        if let Some(l) = s.init.as_ref().and_then(|e| lit(e, s.base)) {
            s.init = Some(l);
        }
    }
}

/// A value converted to a symbol's type.
fn convert(v: Val, b: BaseTy) -> Option<Val> {
    Some(match (b, v) {
        (BaseTy::Real(16), v @ Val::Quad(_)) => v,
        (BaseTy::Real(16), Val::Int(i)) => Val::Quad(format!("{i}.0e0")),
        (BaseTy::Real(16), Val::Real(r)) => Val::Quad(crate::lexer::f64_quad_text(r)),
        (BaseTy::Real(_), Val::Quad(t)) => Val::Real(t.parse().ok()?),
        (BaseTy::Integer(_), Val::Real(r)) => Val::Int(r.trunc() as i64),
        (BaseTy::Real(4), Val::Int(i)) => Val::Real(i as f32 as f64),
        (BaseTy::Real(_), Val::Int(i)) => Val::Real(i as f64),
        (BaseTy::Real(4), Val::Real(r)) => Val::Real(r as f32 as f64),
        (BaseTy::Integer(_), v @ Val::Int(_)) | (BaseTy::Real(_), v @ Val::Real(_)) => v,
        (BaseTy::Logical(_), v @ Val::Log(_)) | (BaseTy::Character, v @ Val::Str(_)) => v,
        (BaseTy::Integer(16), v @ Val::Int128(_)) => v,
        _ => return None,
    })
}

fn show_val(v: &Val) -> String {
    match v {
        Val::Int(i) => i.to_string(),
        Val::Int128(i) => i.to_string(),
        Val::Real(r) => format!("{r:?}"),
        Val::Quad(t) => format!("q{t}"),
        Val::Log(b) => if *b { "T" } else { "F" }.to_string(),
        Val::Str(s) => format!("x{}", s.bytes().map(|b| format!("{b:02x}")).collect::<String>()),
    }
}

/// A complex constant of kind `k` as `re:im`, each part as a real of the kind.
fn show_complex(x: &Expr, k: u8, syms: &Symbols) -> Option<String> {
    let part = |p: &Expr| eval(p, syms, 0).and_then(|v| convert(v, BaseTy::Real(k)));
    let (re, im) = match &x.kind {
        ExprKind::Complex(re, im) => part(re).zip(part(im))?,
        _ => (part(x)?, convert(Val::Int(0), BaseTy::Real(k))?),
    };
    Some(format!("{}:{}", show_val(&re), show_val(&im)))
}

fn show_ty(s: &Symbol, syms: &Symbols, types: &[crate::sema::TypeInfo]) -> Result<String, String> {
    Ok(match s.base {
        BaseTy::Character => match &s.char_len {
            None => "character*-".into(),
            Some(CharLen::Expr(e)) => match eval(e, syms, 0) {
                Some(Val::Int(n)) => format!("character*{n}"),
                _ => return Err(format!("the length of `{}`", s.name)),
            },
            Some(CharLen::Assumed(_)) if s.parameter => match s.init.as_ref().and_then(|e| eval(e, syms, 0)) {
                Some(Val::Str(v)) => format!("character*{}", v.len()),
                _ => return Err(format!("the length of `{}`", s.name)),
            },
            Some(_) => return Err(format!("the length of `{}`", s.name)),
        },
        b => show_base(b, types),
    })
}

fn show_base(b: BaseTy, types: &[crate::sema::TypeInfo]) -> String {
    match b {
        BaseTy::Derived(k) => format!("type({})", types.get(k as usize).map_or("?", |t| t.name.as_str())),
        b => crate::sema::base_name(b),
    }
}

fn show_dims(s: &Symbol, syms: &Symbols, out: &mut String) -> Result<(), String> {
    for d in &s.dims {
        match d {
            DimSpec::Explicit { lo, hi } => {
                let lo = match lo {
                    Some(e) => eval(e, syms, 0),
                    None => Some(Val::Int(1)),
                };
                match (lo, eval(hi, syms, 0)) {
                    (Some(Val::Int(l)), Some(Val::Int(h))) => {
                        let _ = write!(out, " {l}:{h}");
                    }
                    _ => return Err(format!("the bounds of `{}`", s.name)),
                }
            }
            DimSpec::Deferred(_) => out.push_str(" :"),
            DimSpec::AssumedSize(_) | DimSpec::AssumedLo { .. } => return Err(format!("the bounds of `{}`", s.name)),
        }
    }
    Ok(())
}

/// The values of an initial value: a scalar or an array constructor of scalars.
fn show_init(s: &Symbol, e: &Expr, syms: &Symbols) -> Result<String, String> {
    // An array of rank 2 or more: `reshape` of a constructor, its values in array element
    // order (read back as a constructor of them).
    let e = match &e.kind {
        ExprKind::Intrinsic { func: crate::ast::Intrinsic::Reshape, args } if args.len() == 2 && s.rank > 1 => args.first().unwrap_or(e),
        _ => e,
    };
    let items: Vec<Expr> = match &e.kind {
        ExprKind::ArrayCtor(items) => {
            let mut v = Vec::new();
            ctor_values(items, &[], syms, &mut v, 0).ok_or_else(|| format!("the value of `{}` (an implied-do)", s.name))?;
            v
        }
        _ => vec![e.clone()],
    };
    let mut out = String::from(" =");
    for x in &items {
        if let BaseTy::Complex(k) = s.base {
            let v = show_complex(x, k, syms).ok_or_else(|| format!("the value of `{}`", s.name))?;
            let _ = write!(out, " {v}");
            continue;
        }
        let v = eval(x, syms, 0).and_then(|v| convert(v, s.base)).ok_or_else(|| format!("the value of `{}`", s.name))?;
        out.push(' ');
        out.push_str(&show_val(&v));
    }
    Ok(out)
}

/// The scalar values of constructor items in order, implied-do loops (of constant bounds)
/// expanded.
fn ctor_values(items: &[CtorItem], binds: &[(String, i64)], syms: &Symbols, out: &mut Vec<Expr>, depth: u32) -> Option<()> {
    if depth > 32 {
        return None;
    }
    for it in items {
        match it {
            CtorItem::Expr(x) if x.ty.rank() == 0 => out.push(crate::sema::data_stmt::substitute(x, binds)),
            CtorItem::Expr(_) => return None,
            CtorItem::ImpliedDo(d) => {
                let int = |x: &Expr| match eval(&crate::sema::data_stmt::substitute(x, binds), syms, 0)? {
                    Val::Int(v) => Some(v),
                    _ => None,
                };
                let (lo, hi) = (int(&d.lo)?, int(&d.hi)?);
                let step = d.step.as_ref().map_or(Some(1), int)?;
                if step == 0 {
                    return None;
                }
                let mut i = lo;
                while (step > 0 && i <= hi) || (step < 0 && i >= hi) {
                    let mut b = binds.to_vec();
                    b.push((d.var.name.clone(), i));
                    ctor_values(&d.items, &b, syms, out, depth + 1)?;
                    if out.len() > 1 << 20 {
                        return None;
                    }
                    i = i.checked_add(step)?;
                }
            }
        }
    }
    Some(())
}

/// The module file of module `name`, defined in `c`. Err: what cannot be recorded yet.
pub fn write(c: &Checked, name: &str) -> Result<String, String> {
    let Some(mu) = c.units.iter().find(|u| u.unit.kind == UnitKind::Module && u.unit.name.name == name) else {
        return Err(format!("module `{name}` is not defined in this file"));
    };
    let syms = &mu.symbols;
    let mut out = format!("{VERSION_LINE}\nmodule {name}\n");
    let uses: Vec<&str> = mu.unit.uses.iter().map(|u| u.module.name.as_str()).collect();
    let _ = writeln!(out, "uses{}", uses.iter().map(|u| format!(" {u}")).collect::<String>());
    let scope = c.module_scopes.get(name).cloned().unwrap_or_default();
    let _ = writeln!(out, "openacc {}", u8::from(scope.1));
    // Procedures the types' bindings and final procedures name, written with the others.
    let mut bound: Vec<(String, String)> = Vec::new();
    write_types(c, name, syms, &mut out, &mut bound)?;
    for s in syms.list() {
        if s.external && s.pointer && s.dummy.is_none() && mu.unit.is_public(&s.name) {
            return Err(format!("the procedure pointer `{}`", s.name));
        }
        if s.external || s.dummy.is_some() || !mu.unit.is_public(&s.name) {
            continue;
        }
        let owner = s.module.clone().unwrap_or_else(|| "-".into());
        let remote = s.module_name.clone().unwrap_or_else(|| s.name.clone());
        let ty = show_ty(s, syms, &c.types).map_err(|w| format!("{w} in module `{name}`"))?;
        let mut line = format!("{} {} {owner} {remote} {ty} {}", if s.parameter { "param" } else { "var" }, s.name, s.rank);
        if !s.parameter {
            line.push_str(if s.allocatable {
                " alloc"
            } else if s.pointer {
                " ptr"
            } else if s.threadprivate {
                " tp"
            } else {
                " -"
            });
        }
        show_dims(s, syms, &mut line).map_err(|w| format!("{w} in module `{name}`"))?;
        // A variable's initial value is in the module's object (the importing files
        // reference it); a named constant's value is what importing files use.
        if let (BaseTy::Derived(k), Some(e), true) = (s.base, &s.init, s.parameter) {
            if s.rank > 0 {
                return Err(format!("the value of the derived-type named constant array `{}` in module `{name}`", s.name));
            }
            let mut vals = String::new();
            struct_vals(c, k, e, syms, &mut vals).map_err(|w| format!("{w} of `{}` in module `{name}`", s.name))?;
            line.push_str(" =");
            line.push_str(&vals);
        } else if s.parameter {
            let Some(e) = &s.init else { continue };
            line.push_str(&show_init(s, e, syms).map_err(|w| format!("{w} in module `{name}`"))?);
        }
        out.push_str(&line);
        out.push('\n');
        if let Some(b) = &s.bind_c {
            let _ = writeln!(out, "bind-c {} {b}", s.name);
        }
        if let (Some(b), Some((off, size, align))) = (&s.common, s.common_at) {
            let _ = writeln!(out, "common {} /{b}/ {off} {size} {align}", s.name);
        }
        if s.declare_target {
            let _ = writeln!(out, "declare-target {}", s.name);
        }
        if s.class {
            let _ = writeln!(out, "class {}", s.name);
        }
    }
    // A generic name: its specifics as procedures `name%j`, then the `generic` line.
    let mut entries: Vec<(String, String)> = Vec::new();
    let mut generic_lines = String::new();
    for (local, key) in &scope.0 {
        match c.procs.generics.get(key) {
            Some(specs) => {
                let _ = write!(generic_lines, "generic {local}");
                for (j, k) in specs.iter().enumerate() {
                    let real = c.procs.map.get(k).map_or(local.as_str(), |p| p.name.as_str());
                    entries.push((format!("{local}%{j}%{real}"), k.clone()));
                    let _ = write!(generic_lines, " {local}%{j}%{real}");
                }
                generic_lines.push('\n');
            }
            None => entries.push((local.clone(), key.clone())),
        }
    }
    for (local, key) in bound {
        if !entries.iter().any(|(l, _)| *l == local) {
            entries.push((local, key));
        }
    }
    for (local, key) in &entries {
        let Some(p) = c.procs.map.get(key) else { continue };
        if p.api {
            continue;
        }
        let kind = if p.kind == UnitKind::Function { "function" } else { "subroutine" };
        let owner = p.module.clone().unwrap_or_else(|| "-".into());
        let res = match (p.result, result_char_len(c, key).or(p.result_len)) {
            (Some((BaseTy::Character, r)), Some(n)) => format!("character*{n} {r}"),
            (Some((b, r)), _) => format!("{} {r}", show_base(b, &c.types)),
            (None, _) => "- 0".into(),
        };
        let _ = writeln!(
            out,
            "proc {local} {kind} {} {owner} {} {res}",
            p.link_name,
            u8::from(p.elemental)
                | (u8::from(p.routine) << 1)
                | (u8::from(p.result_pointer) << 2)
                | (u8::from(p.result_class) << 3)
                | ((p.routine_level & 3) << 4)
                | (u8::from(p.routine_nohost) << 6)
                | (u8::from(p.routine_twin) << 7)
        );
        // `!$acc routine bind(...)`: the link name device code calls instead.
        for (d, b) in p.routine_bind.iter().enumerate() {
            if let Some(b) = b {
                let _ = writeln!(out, "rbind {d} {b}");
            }
        }
        for a in &p.args {
            let intent = match a.intent {
                Some(Intent::In) => "in",
                Some(Intent::Out) => "out",
                Some(Intent::InOut) => "inout",
                None => "-",
            };
            let _ = writeln!(
                out,
                "arg {} {} {} {intent} {} {}{}",
                a.name,
                if a.any_type { "any".to_string() } else { show_base(a.base, &c.types) },
                a.rank,
                u8::from(a.optional),
                // a: an allocatable dummy, 2: a pointer dummy, v: a `value` dummy
                if a.allocatable {
                    "a".to_string()
                } else if a.value {
                    "v".to_string()
                } else if a.pointer {
                    "2".to_string()
                } else {
                    u8::from(a.assumed_shape).to_string()
                },
                // A polymorphic dummy: passed as gfortran's class container.
                if a.class { " class" } else { "" }
            );
        }
        let bounds = result_bounds(c, key).or_else(|| c.procs.result_bounds.get(&p.link_name).cloned());
        for (lo, hi) in bounds.unwrap_or_default() {
            let _ = writeln!(out, "rdim {} {}", show_bound(lo), show_bound(hi));
        }
    }
    out.push_str(&generic_lines);
    out.push_str("end\n");
    Ok(out)
}

/// The derived types visible in module `name`, each after the types of its components.
fn write_types(c: &Checked, name: &str, syms: &Symbols, out: &mut String, bound: &mut Vec<(String, String)>) -> Result<(), String> {
    let Some(visible) = c.module_types.get(name) else { return Ok(()) };
    let mut done: Vec<&str> = Vec::new();
    let mut todo: Vec<&crate::sema::TypeInfo> = c.types.iter().filter(|t| t.defined && visible.contains(&t.name)).collect();
    // Component types first (they are visible in the module too, or added here).
    let mut i = 0;
    while i < todo.len() {
        let deps: Vec<&crate::sema::TypeInfo> = todo
            .get(i)
            .map(|t| {
                t.comps.iter().filter_map(|cp| if let BaseTy::Derived(k) = cp.base { c.types.get(k as usize) } else { None }).collect()
            })
            .unwrap_or_default();
        for d in deps {
            if !todo.iter().any(|t| t.name == d.name) {
                todo.push(d);
            }
        }
        i += 1;
    }
    while done.len() < todo.len() {
        let before = done.len();
        for t in &todo {
            if done.contains(&t.name.as_str()) {
                continue;
            }
            let ready = t.comps.iter().all(|cp| match cp.base {
                // A pointer component may point to the type itself (linked structures).
                BaseTy::Derived(k) => {
                    c.types.get(k as usize).is_some_and(|d| done.contains(&d.name.as_str()) || (cp.pointer && d.name == t.name))
                }
                _ => true,
            });
            if !ready {
                continue;
            }
            let _ = writeln!(out, "type {} {} {}", t.name, t.size, t.align);
            if let Some(p) = t.parent.and_then(|p| c.types.get(p as usize)) {
                let _ = writeln!(out, "extends {}", p.name);
            }
            if t.is_abstract {
                out.push_str("abstract\n");
            }
            for cp in &t.comps {
                if cp.proc_key.is_some() {
                    return Err(format!("the procedure pointer component `{}` of type `{}`", cp.name, t.name));
                }
                let ty = match (cp.base, cp.len_at) {
                    // A deferred-length allocatable one: where its length is.
                    (BaseTy::Character, Some(at)) => format!("character*@{at}"),
                    (BaseTy::Character, None) => format!("character*{}", cp.char_len),
                    (b, _) => show_base(b, &c.types),
                };
                let rank = match (cp.pointer, cp.dims.len()) {
                    (true, 0) => "ptr".to_string(),
                    (true, r) => format!("ptr{r}"),
                    (false, r) => r.to_string(),
                };
                let mut line = format!("comp {} {ty} {} {rank}", cp.name, cp.offset);
                for (lo, hi) in &cp.dims {
                    if cp.alloc || cp.pointer {
                        line.push_str(" :");
                    } else {
                        let _ = write!(line, " {lo}:{hi}");
                    }
                }
                if cp.alloc && cp.dims.is_empty() {
                    line.push_str(" alloc");
                }
                // A polymorphic allocatable or pointer scalar: gfortran's class container.
                if cp.class {
                    line.push_str(" class");
                }
                if let Some(e) = &cp.init {
                    let items: Vec<&Expr> = match &e.kind {
                        ExprKind::ArrayCtor(items) => {
                            items.iter().filter_map(|it| if let CtorItem::Expr(x) = it { Some(x) } else { None }).collect()
                        }
                        _ => vec![e],
                    };
                    line.push_str(" =");
                    for x in items {
                        let bad = || format!("the default value of component `{}` of type `{}`", cp.name, t.name);
                        let v = match cp.base {
                            BaseTy::Complex(k) => show_complex(x, k, syms).ok_or_else(bad)?,
                            b => show_val(&eval(x, syms, 0).and_then(|v| convert(v, b)).ok_or_else(bad)?),
                        };
                        let _ = write!(line, " {v}");
                    }
                }
                out.push_str(&line);
                out.push('\n');
            }
            write_bindings(c, t, out, bound)?;
            done.push(&t.name);
        }
        if done.len() == before {
            return Err(format!("the derived types of module `{name}`"));
        }
    }
    Ok(())
}

/// The local name in a module file of the procedure with key `key` that a binding or a
/// final procedure names (`@bind%LINK`: no Fortran name, so no user sees it).
fn bound_local(c: &Checked, key: &str, bound: &mut Vec<(String, String)>) -> Result<String, String> {
    let p = c.procs.map.get(key).ok_or_else(|| format!("the procedure `{key}`"))?;
    let local = format!("@bind%{}", p.link_name);
    if !bound.iter().any(|(l, _)| *l == local) {
        bound.push((local.clone(), key.to_string()));
    }
    Ok(local)
}

/// The type-bound procedures and final procedures of type `t`: `bind NAME TARGET FLAGS
/// PASS SLOT PRIVATE DISPATCH` per specific binding (TARGET `-` when deferred; DISPATCH
/// the key of its call through the vtab, written as a procedure of that local name),
/// `bindgen NAME PRIVATE TARGET...` per generic one, `final TARGET RANK`.
fn write_bindings(c: &Checked, t: &crate::sema::TypeInfo, out: &mut String, bound: &mut Vec<(String, String)>) -> Result<(), String> {
    for b in &t.bindings {
        let private = b.private_to.clone().unwrap_or_else(|| "-".into());
        if let Some(g) = &b.generic {
            let specs = c.procs.generics.get(g).cloned().unwrap_or_default();
            let mut line = format!("bindgen {} {private}", b.name);
            for k in specs {
                let _ = write!(line, " {}", bound_local(c, &k, bound)?);
            }
            let _ = writeln!(out, "{line}");
            continue;
        }
        let target = match &b.key {
            Some(k) => bound_local(c, k, bound)?,
            None => "-".into(),
        };
        let dispatch = match &b.dispatch {
            Some(d) if c.procs.map.contains_key(d) => {
                if !bound.iter().any(|(l, _)| l == d) {
                    bound.push((d.clone(), d.clone()));
                }
                d.clone()
            }
            _ => "-".into(),
        };
        // Flags: 1 nopass, 2 deferred, 4 non_overridable.
        let flags = u8::from(b.nopass) | (u8::from(b.deferred) << 1) | (u8::from(b.non_overridable) << 2);
        let _ = writeln!(out, "bind {} {target} {flags} {} {} {private} {dispatch}", b.name, b.pass_pos, b.slot);
    }
    for (k, rank) in &t.finals {
        let local = bound_local(c, k, bound)?;
        let r = if *rank == crate::sema::ELEMENTAL_FINAL { "e".to_string() } else { rank.to_string() };
        let _ = writeln!(out, "final {local} {r}");
    }
    Ok(())
}

/// The leaf values of a structure value (a constructor, or a parameter's), components in
/// order, array components element by element, defaults where the constructor gives none.
fn struct_vals(c: &Checked, k: u16, e: &Expr, syms: &Symbols, out: &mut String) -> Result<(), String> {
    let e = match &e.kind {
        ExprKind::Name(id) => match syms.get(&id.name) {
            Some(s) if s.parameter => s.init.as_ref().ok_or("a parameter without a value")?,
            _ => return Err("a value that is not constant".into()),
        },
        _ => e,
    };
    let ExprKind::StructCtor { args, .. } = &e.kind else { return Err("a value that is not a constructor".into()) };
    let t = c.types.get(k as usize).ok_or("an unknown type")?;
    for (cp, v) in t.comps.iter().zip(args) {
        let Some(v) = v.as_ref().or(cp.init.as_ref()) else {
            if let BaseTy::Derived(j) = cp.base {
                // A component without a value: its type's defaults (zero where none).
                let empty = Expr {
                    kind: ExprKind::StructCtor { ty: j, args: vec![None; c.types.get(j as usize).map_or(0, |t| t.comps.len())] },
                    span: e.span,
                    ty: e.ty,
                };
                for _ in 0..cp.elems() {
                    struct_vals(c, j, &empty, syms, out)?;
                }
                continue;
            }
            let zero = match cp.base {
                BaseTy::Real(_) => Val::Real(0.0),
                BaseTy::Logical(_) => Val::Log(false),
                BaseTy::Character => Val::Str(" ".repeat(cp.char_len as usize)),
                _ => Val::Int(0),
            };
            for _ in 0..cp.elems() {
                let _ = write!(out, " {}", show_val(&zero));
            }
            continue;
        };
        if let BaseTy::Derived(j) = cp.base {
            if !cp.dims.is_empty() {
                return Err("an array of structures in a value".into());
            }
            struct_vals(c, j, v, syms, out)?;
            continue;
        }
        let items: Vec<&Expr> = match &v.kind {
            ExprKind::ArrayCtor(items) => items
                .iter()
                .map(|it| if let CtorItem::Expr(x) = it { Some(x) } else { None })
                .collect::<Option<_>>()
                .ok_or("an implied-do in a value")?,
            _ => vec![v; cp.elems() as usize],
        };
        for x in items {
            let mut val = eval(x, syms, 0).and_then(|v| convert(v, cp.base)).ok_or("a value that is not constant")?;
            if let Val::Str(s) = &mut val {
                // Blank-padded or truncated to the component's length.
                let mut b: Vec<u8> = s.bytes().take(cp.char_len as usize).collect();
                b.resize(cp.char_len as usize, b' ');
                *s = String::from_utf8_lossy(&b).into_owned();
            }
            let _ = write!(out, " {}", show_val(&val));
        }
    }
    Ok(())
}

/// Rebuilds a structure value of type `k` (an index into `types`) from its leaf values.
fn struct_from(types: &[crate::sema::TypeInfo], k: u16, vals: &mut std::slice::Iter<'_, &str>, depth: u32) -> Option<Expr> {
    let t = types.get(k as usize)?;
    if depth > 64 {
        return None;
    }
    let mut args = Vec::new();
    for cp in &t.comps {
        let v = if let BaseTy::Derived(j) = cp.base {
            if !cp.dims.is_empty() {
                return None;
            }
            struct_from(types, j, vals, depth + 1)?
        } else if cp.dims.is_empty() {
            parse_val(vals.next()?, cp.base)?
        } else {
            let items: Option<Vec<CtorItem>> = (0..cp.elems()).map(|_| Some(CtorItem::Expr(parse_val(vals.next()?, cp.base)?))).collect();
            lit(ExprKind::ArrayCtor(items?), Ty::Array(cp.base, 1))
        };
        args.push(Some(v));
    }
    Some(lit(ExprKind::StructCtor { ty: k, args }, Ty::Scalar(BaseTy::Derived(k))))
}

/// A base type, `type(NAME)` naming one of the types read so far.
fn parse_base_in(t: &str, types: &[crate::sema::TypeInfo]) -> Option<(BaseTy, Option<Option<i64>>)> {
    if let Some(n) = t.strip_prefix("type(").and_then(|r| r.strip_suffix(')')) {
        let k = types.iter().position(|x| x.name == n)?;
        return Some((BaseTy::Derived(u16::try_from(k).ok()?), None));
    }
    parse_base(t)
}

fn parse_base(t: &str) -> Option<(BaseTy, Option<Option<i64>>)> {
    if let Some(k) = t.strip_prefix("integer(").and_then(|r| r.strip_suffix(')')) {
        return Some((BaseTy::Integer(k.parse().ok()?), None));
    }
    if let Some(k) = t.strip_prefix("real(").and_then(|r| r.strip_suffix(')')) {
        return Some((BaseTy::Real(k.parse().ok()?), None));
    }
    if t == "logical" {
        return Some((BaseTy::Logical(4), None));
    }
    if let Some(k) = t.strip_prefix("logical(").and_then(|r| r.strip_suffix(')')) {
        return Some((BaseTy::Logical(k.parse().ok()?), None));
    }
    // A dummy argument's or a function result's type: the length is not recorded.
    if t == "character" {
        return Some((BaseTy::Character, None));
    }
    if let Some(k) = t.strip_prefix("complex(").and_then(|r| r.strip_suffix(')')) {
        return Some((BaseTy::Complex(k.parse().ok()?), None));
    }
    let l = t.strip_prefix("character*")?;
    Some((BaseTy::Character, Some(if l == "-" { None } else { Some(l.parse().ok()?) })))
}

/// The constant result length of the character function `key` defined in this file.
fn result_char_len(c: &Checked, key: &str) -> Option<i64> {
    let u = c.units.iter().find(|u| u.key.as_deref() == Some(key) && u.unit.kind == UnitKind::Function)?;
    let r = u.unit.result.as_ref().unwrap_or(&u.unit.name);
    match &u.symbols.get(&r.name)?.char_len {
        None => Some(1),
        Some(CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. })) => Some(*v),
        _ => None,
    }
}

fn lit(kind: ExprKind, ty: Ty) -> Expr {
    Expr { kind, span: Span::default(), ty }
}

fn int_lit(v: i64) -> Expr {
    let k = if i32::try_from(v).is_ok() { 4 } else { 8 };
    lit(ExprKind::Int(v, k), Ty::Scalar(BaseTy::Integer(k)))
}

fn parse_val(t: &str, b: BaseTy) -> Option<Expr> {
    let ty = Ty::Scalar(b);
    Some(match b {
        BaseTy::Integer(k) => match t.parse::<i64>() {
            Ok(v) => lit(ExprKind::Int(v, k), ty),
            Err(_) if k == 16 => lit(ExprKind::Int128(t.parse().ok()?), ty),
            Err(_) => return None,
        },
        BaseTy::Real(16) => lit(ExprKind::Quad(t.strip_prefix('q').map(str::to_string)?), ty),
        BaseTy::Real(k) => lit(ExprKind::Real(t.parse().ok()?, k), ty),
        BaseTy::Complex(k) => {
            let (re, im) = t.split_once(':')?;
            let part = |v: &str| Some(Box::new(parse_val(v, BaseTy::Real(k))?));
            lit(ExprKind::Complex(part(re)?, part(im)?), ty)
        }
        BaseTy::Logical(_) => lit(
            ExprKind::Logical(match t {
                "T" => true,
                "F" => false,
                _ => return None,
            }),
            ty,
        ),
        BaseTy::Character => {
            let h = t.strip_prefix('x')?;
            if h.len() % 2 != 0 {
                return None;
            }
            let bytes: Option<Vec<u8>> =
                (0..h.len() / 2).map(|i| h.get(2 * i..2 * i + 2).and_then(|x| u8::from_str_radix(x, 16).ok())).collect();
            lit(ExprKind::Str(String::from_utf8(bytes?).ok()?), ty)
        }
        BaseTy::Derived(_) => return None,
    })
}

use crate::diag::Span;

/// Parses the module file of module `name`. Err: what is wrong, with its line number.
pub fn read(name: &str, text: &str) -> Result<Imported, String> {
    if crate::gfortran_mod::is_gfortran(text) {
        return crate::gfortran_mod::read(name, text);
    }
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, l)) if l.trim_end() == VERSION_LINE => {}
        // Version 1's modules kept their arrays and character and derived-type variables
        // behind pointers of gpuf's own: their objects do not link with today's users.
        Some((_, l)) if l.trim_end() == "gpuf-module 1" => {
            return Err("written by an older gpuf (`gpuf-module 1`), whose module objects lay out variables differently".into())
        }
        Some((_, l)) if l.starts_with("gpuf-module ") => {
            return Err(format!("unsupported module file version `{}` (expected `{VERSION_LINE}`)", l.trim_end()))
        }
        _ => return Err(format!("not a gpuf module file (the first line is not `{VERSION_LINE}`)")),
    }
    let mut m = Imported::default();
    let mut ended = false;
    for (i, line) in lines {
        let bad = || format!("line {}: malformed entry `{}`", i + 1, line.trim_end());
        if ended {
            if line.trim().is_empty() {
                continue;
            }
            return Err(bad());
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        let (Some(&word), rest) = (f.first(), f.get(1..).unwrap_or_default()) else { continue };
        match word {
            "module" => {
                let [n] = rest else { return Err(bad()) };
                if *n != name {
                    return Err(format!("it describes module `{n}`, not `{name}`"));
                }
                m.name = n.to_string();
            }
            "uses" => m.uses = rest.iter().map(|s| s.to_string()).collect(),
            "openacc" => {
                m.openacc = match rest {
                    ["0"] => false,
                    ["1"] => true,
                    _ => return Err(bad()),
                }
            }
            "param" | "var" => {
                if rest.get(3) == Some(&"type(*)") {
                    star_type(&mut m);
                }
                let s = entity(word == "param", rest, &m.types).ok_or_else(bad)?;
                m.symbols.push(s);
            }
            "bind-c" => {
                let [local, cname] = rest else { return Err(bad()) };
                let Some(s) = m.symbols.iter_mut().rev().find(|s| s.name == *local) else { return Err(bad()) };
                s.bind_c = Some(cname.to_string());
            }
            "common" => {
                let [local, block, off, size, align] = rest else { return Err(bad()) };
                let block = block.strip_prefix('/').and_then(|b| b.strip_suffix('/')).ok_or_else(bad)?;
                let at = (off.parse().map_err(|_| bad())?, size.parse().map_err(|_| bad())?, align.parse().map_err(|_| bad())?);
                let Some(s) = m.symbols.iter_mut().rev().find(|s| s.name == *local) else { return Err(bad()) };
                s.common = Some(block.to_string());
                s.common_at = Some(at);
            }
            // A polymorphic (`class`) variable.
            "class" => {
                let [local] = rest else { return Err(bad()) };
                let Some(s) = m.symbols.iter_mut().rev().find(|s| s.name == *local) else { return Err(bad()) };
                s.class = true;
            }
            "declare-target" => {
                let [local] = rest else { return Err(bad()) };
                let Some(s) = m.symbols.iter_mut().rev().find(|s| s.name == *local) else { return Err(bad()) };
                s.declare_target = true;
            }
            "proc" => {
                let [local, kind, link, owner, flags, rty, rrank] = rest else { return Err(bad()) };
                let kind = match *kind {
                    "subroutine" => UnitKind::Subroutine,
                    "function" => UnitKind::Function,
                    _ => return Err(bad()),
                };
                let mut result_len = None;
                if *rty == "type(*)" {
                    // A `class(*)` result.
                    star_type(&mut m);
                }
                let result = match (*rty, kind) {
                    ("-", UnitKind::Subroutine) => None,
                    (t, UnitKind::Function) => match parse_base_in(t, &m.types) {
                        Some((b, None)) => Some((b, rrank.parse().map_err(|_| bad())?)),
                        // `character*N`: a character function with a constant result length.
                        Some((b @ BaseTy::Character, Some(len))) => {
                            result_len = Some(len.unwrap_or(1));
                            Some((b, rrank.parse().map_err(|_| bad())?))
                        }
                        _ => return Err(bad()),
                    },
                    _ => return Err(bad()),
                };
                let flags: u8 = flags.parse().map_err(|_| bad())?;
                let sig = ProcSig {
                    // A generic's specific `generic%j%name` has its own name last.
                    name: local.rsplit('%').next().unwrap_or(local).to_string(),
                    kind,
                    link_name: link.to_string(),
                    args: Vec::new(),
                    result,
                    result_len,
                    defined: false,
                    explicit: true,
                    module: (*owner != "-").then(|| owner.to_string()),
                    // Flags: 1 elemental, 2 `!$acc routine`, 16 * its level (1 vector, 2 worker, 3 gang), 64 `nohost`, 128
                    // device copies (`routine_twin`), 4 a pointer result, 8 a
                    // polymorphic allocatable result.
                    elemental: flags & 1 != 0,
                    api: false,
                    routine: flags & 2 != 0,
                    routine_level: (flags >> 4) & 3,
                    routine_nohost: flags & 64 != 0,
                    routine_bind: Default::default(),
                    routine_twin: flags & 128 != 0,
                    result_pointer: flags & 4 != 0,
                    result_class: flags & 8 != 0,
                };
                m.procs.push((local.to_string(), sig));
            }
            "rbind" => {
                let [d, b] = rest else { return Err(bad()) };
                let Some((_, p)) = m.procs.last_mut() else { return Err(bad()) };
                let d: usize = d.parse().map_err(|_| bad())?;
                *p.routine_bind.get_mut(d).ok_or_else(bad)? = Some(b.to_string());
            }
            "arg" => {
                let (rest, class) = match rest {
                    [more @ .., "class"] => (more, true),
                    _ => (rest, false),
                };
                let [n, t, rank, intent, optional, assumed] = rest else { return Err(bad()) };
                let any_type = *t == "any";
                if *t == "type(*)" {
                    star_type(&mut m);
                }
                let base = match parse_base_in(t, &m.types) {
                    Some((base, None)) => base,
                    None if any_type => BaseTy::Integer(4),
                    _ => return Err(bad()),
                };
                let intent = match *intent {
                    "in" => Some(Intent::In),
                    "out" => Some(Intent::Out),
                    "inout" => Some(Intent::InOut),
                    "-" => None,
                    _ => return Err(bad()),
                };
                let a = ArgSig {
                    name: n.to_string(),
                    base,
                    rank: rank.parse().map_err(|_| bad())?,
                    assumed_shape: *assumed == "1",
                    intent,
                    optional: *optional == "1",
                    any_type,
                    allocatable: *assumed == "a",
                    pointer: *assumed == "2",
                    value: *assumed == "v",
                    class,
                };
                let Some((_, p)) = m.procs.last_mut() else { return Err(bad()) };
                p.args.push(a);
            }
            "generic" => {
                let [g, specs @ ..] = rest else { return Err(bad()) };
                m.generics.push((g.to_string(), specs.iter().map(|s| s.to_string()).collect()));
            }
            "rdim" => {
                let [lo, hi] = rest else { return Err(bad()) };
                let (Some(lo), Some(hi)) = (parse_bound(lo), parse_bound(hi)) else { return Err(bad()) };
                let Some((_, p)) = m.procs.last() else { return Err(bad()) };
                let link = p.link_name.clone();
                match m.result_bounds.iter_mut().find(|(l, _)| *l == link) {
                    Some((_, v)) => v.push((lo, hi)),
                    None => m.result_bounds.push((link, vec![(lo, hi)])),
                }
            }
            "type" => {
                let [n, size, align] = rest else { return Err(bad()) };
                m.types.push(crate::sema::TypeInfo {
                    name: n.to_string(),
                    defined: true,
                    module: None,
                    comps: Vec::new(),
                    size: size.parse().map_err(|_| bad())?,
                    align: align.parse().map_err(|_| bad())?,
                    parent: None,
                    is_abstract: false,
                    bindings: Vec::new(),
                    finals: Vec::new(),
                    here: false,
                    scope: m.name.clone(),
                });
            }
            // `extends P`: the type's parent (its first component); `abstract`.
            "extends" => {
                let [p] = rest else { return Err(bad()) };
                let k = m.types.iter().position(|x| x.name == *p).ok_or_else(bad)?;
                let Some(ty) = m.types.last_mut() else { return Err(bad()) };
                ty.parent = Some(u16::try_from(k).map_err(|_| bad())?);
            }
            "abstract" => {
                let Some(ty) = m.types.last_mut() else { return Err(bad()) };
                ty.is_abstract = true;
            }
            "comp" => {
                let [n, t, offset, rank, rest @ ..] = rest else { return Err(bad()) };
                let len_at = match t.strip_prefix("character*@") {
                    Some(at) => Some(at.parse::<i64>().map_err(|_| bad())?),
                    None => None,
                };
                let (base, len) = match len_at {
                    Some(_) => (BaseTy::Character, Some(Some(0))),
                    None => parse_base_in(t, &m.types).ok_or_else(bad)?,
                };
                // `ptr`: a scalar pointer component, `ptrN` an array pointer of rank N.
                let pointer = rank.starts_with("ptr");
                let rank: usize = match rank.strip_prefix("ptr") {
                    Some("") => 0,
                    Some(r) => r.parse().map_err(|_| bad())?,
                    None => rank.parse().map_err(|_| bad())?,
                };
                let (dims, rest) = rest.split_at_checked(rank).ok_or_else(bad)?;
                let mut bounds = Vec::new();
                // `:` per dimension: an allocatable component (or an array pointer); `alloc`
                // an allocatable scalar.
                let (scalar_alloc, rest) = match rest {
                    ["alloc", more @ ..] if rank == 0 && !pointer => (true, more),
                    _ => (false, rest),
                };
                let deferred = !dims.is_empty() && dims.iter().all(|d| *d == ":");
                let alloc = scalar_alloc || (deferred && !pointer);
                for d in dims {
                    if deferred {
                        bounds.push((1, 0));
                        continue;
                    }
                    let (l, h) = d.split_once(':').ok_or_else(bad)?;
                    bounds.push((l.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?));
                }
                let (class, rest) = match rest {
                    ["class", more @ ..] => (true, more),
                    _ => (false, rest),
                };
                let init = match rest {
                    [] => None,
                    ["=", v] => Some(parse_val(v, base).ok_or_else(bad)?),
                    ["=", vals @ ..] if !vals.is_empty() => {
                        let vals: Option<Vec<Expr>> = vals.iter().map(|v| parse_val(v, base)).collect();
                        let items = vals.ok_or_else(bad)?.into_iter().map(CtorItem::Expr).collect();
                        Some(lit(ExprKind::ArrayCtor(items), Ty::Array(base, 1)))
                    }
                    _ => return Err(bad()),
                };
                let cp = crate::sema::CompInfo {
                    name: n.to_string(),
                    base,
                    dims: bounds,
                    char_len: len.flatten().unwrap_or(0),
                    offset: offset.parse().map_err(|_| bad())?,
                    init,
                    alloc,
                    pointer,
                    proc_key: None,
                    len_at,
                    class,
                };
                let Some(ty) = m.types.last_mut() else { return Err(bad()) };
                ty.comps.push(cp);
            }
            // Bindings name procedures by their local names in this file (`@bind%LINK`),
            // replaced by their keys when the module is imported (`sema::scope`).
            "bind" => {
                let [n, target, flags, pass, slot, private, dispatch] = rest else { return Err(bad()) };
                let flags: u8 = flags.parse().map_err(|_| bad())?;
                let b = crate::sema::BindInfo {
                    name: n.to_string(),
                    key: (*target != "-").then(|| target.to_string()),
                    nopass: flags & 1 != 0,
                    deferred: flags & 2 != 0,
                    non_overridable: flags & 4 != 0,
                    pass_pos: pass.parse().map_err(|_| bad())?,
                    slot: slot.parse().map_err(|_| bad())?,
                    dispatch: (*dispatch != "-").then(|| dispatch.to_string()),
                    generic: None,
                    private_to: (*private != "-").then(|| private.to_string()),
                };
                let Some(ty) = m.types.last_mut() else { return Err(bad()) };
                ty.bindings.push(b);
            }
            "bindgen" => {
                let [n, private, specs @ ..] = rest else { return Err(bad()) };
                let Some(ty) = m.types.last_mut() else { return Err(bad()) };
                // (The generic's specifics, until the import makes them keys.)
                m.bound_generics.push((format!("{}%{n}@tbg", ty.name), specs.iter().map(|s| s.to_string()).collect()));
                ty.bindings.push(crate::sema::BindInfo {
                    name: n.to_string(),
                    nopass: true,
                    generic: Some(format!("{}%{n}@tbg", ty.name)),
                    private_to: (*private != "-").then(|| private.to_string()),
                    ..crate::sema::BindInfo::default()
                });
            }
            "final" => {
                let [target, rank] = rest else { return Err(bad()) };
                let r = if *rank == "e" { crate::sema::ELEMENTAL_FINAL } else { rank.parse().map_err(|_| bad())? };
                let Some(ty) = m.types.last_mut() else { return Err(bad()) };
                ty.finals.push((target.to_string(), r));
            }
            "end" => ended = true,
            _ => return Err(bad()),
        }
    }
    if !ended || m.name.is_empty() {
        return Err("the module file is truncated (no `module` line or no `end` line)".into());
    }
    Ok(m)
}

/// Adds `class(*)`'s pseudo-type (every type extends it) to the types of module `m`.
fn star_type(m: &mut Imported) {
    if !m.types.iter().any(crate::sema::TypeInfo::is_star) {
        m.types.push(crate::sema::TypeInfo {
            name: "*".into(),
            defined: true,
            align: 8,
            scope: m.name.clone(),
            ..crate::sema::TypeInfo::default()
        });
    }
}

/// A `param` or `var` entry: `LOCAL OWNER REMOTE TYPE RANK [alloc|tp|-] DIM... [= VALUE...]`.
fn entity(parameter: bool, f: &[&str], types: &[crate::sema::TypeInfo]) -> Option<Symbol> {
    let [local, owner, remote, ty, rank, rest @ ..] = f else { return None };
    let (base, len) = parse_base_in(ty, types)?;
    let rank: u8 = rank.parse().ok()?;
    if rank > 15 {
        return None;
    }
    let (flag, rest) = if parameter { ("-", rest) } else { rest.split_first().map(|(f, r)| (*f, r))? };
    let allocatable = flag == "alloc";
    let pointer = flag == "ptr";
    let (dims, rest) = rest.split_at_checked(rank as usize)?;
    let mut s = Symbol::new(*local, base, Span::default());
    s.rank = rank;
    s.parameter = parameter;
    s.allocatable = allocatable;
    s.pointer = pointer;
    s.threadprivate = flag == "tp";
    s.module = (*owner != "-").then(|| owner.to_string());
    s.module_name = s.module.as_ref().map(|_| remote.to_string());
    s.char_len = len.flatten().map(|n| CharLen::Expr(int_lit(n)));
    for d in dims {
        s.dims.push(if *d == ":" {
            DimSpec::Deferred(Span::default())
        } else {
            let (l, h) = d.split_once(':')?;
            DimSpec::Explicit { lo: Some(int_lit(l.parse().ok()?)), hi: int_lit(h.parse().ok()?) }
        });
    }
    match rest {
        [] if !parameter => {}
        ["=", vals @ ..] if !vals.is_empty() && matches!(base, BaseTy::Derived(_)) => {
            let BaseTy::Derived(k) = base else { return None };
            let mut it = vals.iter();
            s.init = Some(struct_from(types, k, &mut it, 0)?);
            if it.next().is_some() || rank > 0 {
                return None;
            }
        }
        ["=", vals @ ..] if !vals.is_empty() => {
            let vals: Option<Vec<Expr>> = vals.iter().map(|v| parse_val(v, base)).collect();
            let mut vals = vals?;
            s.init = if rank == 0 && vals.len() == 1 {
                vals.pop()
            } else {
                Some(lit(ExprKind::ArrayCtor(vals.into_iter().map(CtorItem::Expr).collect()), Ty::Array(base, 1)))
            };
        }
        _ => return None,
    }
    s.save = !parameter;
    Some(s)
}

/// The result bounds of the array-valued function `key` defined in this file, when each is
/// a constant, a scalar dummy or `size` of an array dummy.
fn result_bounds(c: &Checked, key: &str) -> Option<Vec<(ResultBound, ResultBound)>> {
    let cu = c.units.iter().find(|u| u.key.as_deref() == Some(key) && u.unit.kind == UnitKind::Function)?;
    let rname = &cu.unit.result.as_ref().unwrap_or(&cu.unit.name).name;
    let rs = cu.symbols.get(rname)?;
    if rs.rank == 0 {
        return None;
    }
    let syms = &cu.symbols;
    let bound = |e: &Expr| -> Option<ResultBound> {
        if let Some(Val::Int(v)) = eval(e, syms, 0) {
            return Some(ResultBound::Const(v));
        }
        match &e.kind {
            ExprKind::Name(id) => {
                let s = syms.get(&id.name)?;
                (s.rank == 0).then_some(ResultBound::Arg(s.dummy?))
            }
            ExprKind::Intrinsic { func: Intrinsic::Size, args } => {
                let Some(Expr { kind: ExprKind::Name(id), .. }) = args.first() else { return None };
                let s = syms.get(&id.name)?;
                let k = match args.get(1).map(|d| &d.kind) {
                    None => 0,
                    Some(ExprKind::Int(v, _)) => u8::try_from(*v).ok()?,
                    Some(_) => return None,
                };
                (s.rank > 0).then_some(ResultBound::Size(s.dummy?, k))
            }
            _ => None,
        }
    };
    rs.dims
        .iter()
        .map(|d| match d {
            DimSpec::Explicit { lo, hi } => {
                let lo = match lo {
                    Some(e) => bound(e)?,
                    None => ResultBound::Const(1),
                };
                Some((lo, bound(hi)?))
            }
            _ => None,
        })
        .collect()
}

fn show_bound(b: ResultBound) -> String {
    match b {
        ResultBound::Const(v) => v.to_string(),
        ResultBound::Arg(i) => format!("a{i}"),
        ResultBound::Size(i, k) => format!("s{i}.{k}"),
    }
}

fn parse_bound(t: &str) -> Option<ResultBound> {
    if let Some(i) = t.strip_prefix('a') {
        return Some(ResultBound::Arg(i.parse().ok()?));
    }
    if let Some((i, k)) = t.strip_prefix('s').and_then(|r| r.split_once('.')) {
        return Some(ResultBound::Size(i.parse().ok()?, k.parse().ok()?));
    }
    Some(ResultBound::Const(t.parse().ok()?))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]
mod tests {
    use super::*;
    use crate::{parse_and_check, parse_and_check_with};

    const MODULE: &str = "module m\n  implicit none\n  integer, parameter :: n = 3, k = n * 2\n  real(8), parameter :: h = 0.5d0\n  character(len=*), parameter :: tag = 'a b'\n  integer, parameter :: w(3) = [1, 2, 3]\n  real :: x(k) = 1.0\n  integer :: count = 0\ncontains\n  subroutine bump(a, na, f)\n    integer, intent(in) :: na\n    real, intent(inout) :: a(na)\n    real, intent(in), optional :: f\n    count = count + 1\n  end subroutine bump\n  integer function twice(i)\n    integer, intent(in) :: i\n    twice = 2 * i\n  end function twice\nend module m\n";

    fn module_text() -> String {
        let (c, _) = parse_and_check(MODULE).unwrap();
        write(&c, "m").unwrap()
    }

    #[test]
    fn write_then_read() {
        let text = module_text();
        assert!(text.starts_with("gpuf-module 2\nmodule m\n"), "{text}");
        assert!(text.contains("param k m k integer(4) 0 = 6\n"), "{text}");
        assert!(text.contains("param tag m tag character*3 0 = x612062\n"), "{text}");
        // A variable's initial value is in the module's object, not in the module file.
        assert!(text.contains("var x m x real(4) 1 - 1:6\n"), "{text}");
        assert!(text.contains("proc twice function __m_MOD_twice m 0 integer(4) 0\n"), "{text}");
        assert!(text.contains("arg f real(4) 0 in 1 0\n"), "{text}");
        let im = read("m", &text).unwrap();
        assert_eq!(im.symbols.len(), 7);
        let bump = &im.procs.iter().find(|(n, _)| n == "bump").unwrap().1;
        assert_eq!(bump.link_name, "__m_MOD_bump");
        assert_eq!(bump.args.len(), 3);
        assert!(bump.args[2].optional && !bump.defined);
    }

    #[test]
    fn a_user_compiles_against_the_module_file() {
        let text = module_text();
        let user = "program p\n  use m, only: n, w, bump, t => twice, x, count, tag\n  implicit none\n  real :: a(n * 2)\n  a = 0\n  call bump(a, n, f=1.0)\n  print *, t(w(2)), x(1), count, tag\nend program p\n";
        let mut load = |name: &str| (name == "m").then(|| text.clone());
        let (c, _) = parse_and_check_with(user, &mut load).unwrap_or_else(|d| panic!("{d:?}"));
        let main = &c.units[0];
        let x = main.symbols.get("x").unwrap();
        assert_eq!(x.module.as_deref(), Some("m"));
        assert!(c.procs.map.values().any(|p| p.link_name == "__m_MOD_twice"));
    }

    #[test]
    fn routine_binds_in_module_files() {
        let m = "module rb\ncontains\n  integer function f(x)\n    !$acc routine seq device_type(default) bind(g) device_type(nvidia) bind(\"h_dev\")\n    integer, value :: x\n    f = x\n  end function\n  integer function g(x)\n    !$acc routine seq\n    integer, value :: x\n    g = -x\n  end function\nend module\n";
        let (c, _) = parse_and_check(m).unwrap_or_else(|d| panic!("{d:?}"));
        let text = write(&c, "rb").unwrap();
        assert!(text.contains("rbind 1 __rb_MOD_g\nrbind 2 h_dev\n"), "{text}");
        let im = read("rb", &text).unwrap();
        let f = &im.procs.iter().find(|(n, _)| n == "f").unwrap().1;
        assert_eq!(f.routine_bind, [None, Some("__rb_MOD_g".to_string()), Some("h_dev".to_string()), None]);
    }

    #[test]
    fn kinds_from_a_module_file() {
        let prec = "module prec\n  integer, parameter :: dp = selected_real_kind(15), ik = selected_int_kind(12)\n  integer, parameter, private :: h = 4\nend module prec\n";
        let (c, _) = parse_and_check(prec).unwrap();
        let text = write(&c, "prec").unwrap();
        let user = "program p\n  use prec, only: wp => dp\n  use prec, only: ik\n  implicit none\n  real(wp) :: x(2)\n  integer(kind=ik) :: i\n  x = 1.0_wp\n  i = 2_ik\nend program p\n";
        let mut load = |name: &str| (name == "prec").then(|| text.clone());
        let (c, _) = parse_and_check_with(user, &mut load).unwrap_or_else(|d| panic!("{d:?}"));
        let syms = &c.units[0].symbols;
        assert_eq!(syms.get("x").unwrap().base, BaseTy::Real(8));
        assert_eq!(syms.get("i").unwrap().base, BaseTy::Integer(8));
        // A renamed constant is known under its local name only; private ones not at all.
        for bad in ["real(dp) :: y", "real(h) :: y"] {
            let user = format!("program p\n  use prec, only: wp => dp\n  implicit none\n  {bad}\nend program p\n");
            let d = parse_and_check_with(&user, &mut load).err().unwrap();
            assert_eq!(d[0].code, "E0032", "{bad}: {d:?}");
        }
    }

    #[test]
    fn malformed_and_missing_module_files() {
        let user = "program p\n  use m\n  implicit none\nend program p\n";
        for bad in [
            "gpuf-module 3\nmodule m\nend\n",
            "gpuf-module 1\nmodule m\nend\n",
            "module m\n",
            "gpuf-module 2\nmodule m\nparam n m n integer(4) 0\nend\n",
            "gpuf-module 2\nmodule m\n",
        ] {
            let mut load = |_: &str| Some(bad.to_string());
            let d = parse_and_check_with(user, &mut load).err().unwrap();
            assert_eq!(d.len(), 1, "{d:?}");
            assert_eq!(d[0].code, "E0123");
        }
        let mut load = |_: &str| Some(module_text().replace("module m\n", "module q\n"));
        assert_eq!(parse_and_check_with(user, &mut load).err().unwrap()[0].code, "E0123");
        let d = parse_and_check_with(user, &mut |_| None).err().unwrap();
        assert_eq!(d[0].code, "E0120");
    }
}
