//! Semantic analysis: the symbol table, name resolution, types and the OpenACC rules.
//!
//! [`check`] walks the program once. It builds the [`Symbols`] from the declarations (adding
//! implicitly typed names when there is no `implicit none`), rewrites every
//! [`ExprKind::Apply`] into an [`ExprKind::ArrayRef`] or an [`ExprKind::Intrinsic`], fills in
//! every [`Expr::ty`], and reports what gfortran would reject plus the OpenACC rules
//! (clauses allowed per directive, `collapse` depth, reduction operator types, nesting of
//! compute constructs and of gang/worker/vector loops, `atomic` statement forms).
//!
//! After an error an expression's type is [`Ty::Unknown`], and nothing is reported about
//! expressions of unknown type, so one mistake gives one message.

use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use std::collections::HashSet;

/// A declared (or implicitly typed) variable or named constant.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub base: BaseTy,
    pub rank: u8,
    pub dims: Vec<DimSpec>,
    pub allocatable: bool,
    pub parameter: bool,
    pub init: Option<Expr>,
    pub span: Span,
}

impl Symbol {
    /// The type of a whole reference to the symbol.
    pub fn ty(&self) -> Ty {
        if self.rank > 0 {
            Ty::Array(self.base, self.rank)
        } else {
            Ty::Scalar(self.base)
        }
    }
}

/// The symbols of a program, in declaration order (implicitly typed names at first use).
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    pub list: Vec<Symbol>,
}

impl Symbols {
    pub fn get(&self, name: &str) -> Option<&Symbol> {
        self.list.iter().find(|s| s.name == name)
    }
    fn index(&self, name: &str) -> Option<usize> {
        self.list.iter().position(|s| s.name == name)
    }
}

/// The name of a base type as Fortran writes it.
pub fn base_name(b: BaseTy) -> String {
    match b {
        BaseTy::Integer(k) => format!("integer({k})"),
        BaseTy::Real(k) => format!("real({k})"),
        BaseTy::Logical => "logical".into(),
        BaseTy::Character => "character".into(),
    }
}

/// How a type is shown in messages: "`real(8)`" or "rank-2 `real(8)` array".
pub fn ty_name(t: Ty) -> String {
    match t {
        Ty::Unknown => "`unknown`".into(),
        Ty::Scalar(b) => format!("`{}`", base_name(b)),
        Ty::Array(b, r) => format!("rank-{r} `{}` array", base_name(b)),
    }
}

fn is_numeric(b: BaseTy) -> bool {
    matches!(b, BaseTy::Integer(_) | BaseTy::Real(_))
}

/// The order of numeric promotion: integer(4) < integer(8) < real(4) < real(8).
fn numeric_rank(b: BaseTy) -> u8 {
    match b {
        BaseTy::Integer(4) => 0,
        BaseTy::Integer(_) => 1,
        BaseTy::Real(4) => 2,
        BaseTy::Real(_) => 3,
        _ => 0,
    }
}

fn promote(a: BaseTy, b: BaseTy) -> BaseTy {
    if numeric_rank(a) >= numeric_rank(b) {
        a
    } else {
        b
    }
}

fn with_rank(b: BaseTy, rank: u8) -> Ty {
    if rank == 0 {
        Ty::Scalar(b)
    } else {
        Ty::Array(b, rank)
    }
}

fn binop_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Pow => "**",
        BinOp::Eq => "==",
        BinOp::Ne => "/=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::And => ".and.",
        BinOp::Or => ".or.",
        BinOp::Eqv => ".eqv.",
        BinOp::Neqv => ".neqv.",
        BinOp::Concat => "//",
    }
}

fn intrinsic_name(f: Intrinsic) -> &'static str {
    match f {
        Intrinsic::Abs => "abs",
        Intrinsic::Sqrt => "sqrt",
        Intrinsic::Exp => "exp",
        Intrinsic::Log => "log",
        Intrinsic::Sin => "sin",
        Intrinsic::Cos => "cos",
        Intrinsic::Max => "max",
        Intrinsic::Min => "min",
        Intrinsic::Mod => "mod",
        Intrinsic::Real => "real",
        Intrinsic::Dble => "dble",
        Intrinsic::Int => "int",
        Intrinsic::Nint => "nint",
        Intrinsic::Huge => "huge",
        Intrinsic::Iand => "iand",
        Intrinsic::Ior => "ior",
        Intrinsic::Ieor => "ieor",
        Intrinsic::Sum => "sum",
    }
}

/// Standard intrinsics that exist in Fortran but are not supported yet.
const OTHER_INTRINSICS: &[&str] = &[
    "sign",
    "tan",
    "atan",
    "atan2",
    "asin",
    "acos",
    "sinh",
    "cosh",
    "tanh",
    "log10",
    "floor",
    "ceiling",
    "aint",
    "anint",
    "modulo",
    "size",
    "shape",
    "lbound",
    "ubound",
    "maxval",
    "minval",
    "product",
    "dot_product",
    "matmul",
    "transpose",
    "maxloc",
    "minloc",
    "any",
    "all",
    "count",
    "merge",
    "epsilon",
    "tiny",
    "kind",
    "float",
    "sngl",
    "dim",
    "ishft",
    "not",
    "btest",
    "len",
    "len_trim",
    "trim",
    "adjustl",
    "adjustr",
    "achar",
    "char",
    "ichar",
    "present",
    "allocated",
    "reshape",
    "spread",
    "pack",
    "unpack",
    "cshift",
    "eoshift",
    "sqrt8",
    "cmplx",
    "aimag",
    "conjg",
    "precision",
    "range",
    "selected_real_kind",
    "selected_int_kind",
    "random_number",
    "cpu_time",
    "system_clock",
    "dsqrt",
    "dexp",
    "dlog",
    "dsin",
    "dcos",
    "dabs",
    "iabs",
    "amax1",
    "amin1",
    "max0",
    "min0",
    "dmax1",
    "dmin1",
    "popcnt",
    "leadz",
    "trailz",
    "norm2",
    "bit_size",
    "digits",
    "radix",
];

/// Compile-time values of named constants.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Const {
    Int(i64),
    Real(f64),
}

/// What the enclosing `do` loop is, for `exit`/`cycle` and the do-variable rule.
struct LoopCtx {
    name: Option<String>,
    var: Option<String>,
    /// Associated with an OpenACC loop directive without `seq`.
    acc_parallel: bool,
    /// Compute-construct nesting when the loop started.
    compute_depth: usize,
}

/// The parallelism levels of an OpenACC loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Par {
    Vector = 0,
    Worker = 1,
    Gang = 2,
}

impl Par {
    fn name(self) -> &'static str {
        match self {
            Par::Gang => "gang",
            Par::Worker => "worker",
            Par::Vector => "vector",
        }
    }
}

struct Checker {
    syms: Symbols,
    diags: Vec<Diagnostic>,
    implicit_none: bool,
    reported: HashSet<String>,
    loops: Vec<LoopCtx>,
    /// Enclosing compute constructs (more than one only after an error).
    compute: Vec<AccKind>,
    /// The innermost parallelism level of enclosing OpenACC loops.
    par: Vec<Par>,
}

/// Checks the program, resolving names and filling in types in place.
pub fn check(p: &mut Program) -> (Symbols, Vec<Diagnostic>) {
    let mut c = Checker {
        syms: Symbols::default(),
        diags: Vec::new(),
        implicit_none: p.implicit_none,
        reported: HashSet::new(),
        loops: Vec::new(),
        compute: Vec::new(),
        par: Vec::new(),
    };
    for d in &mut p.decls {
        c.decl(d);
    }
    c.stmts(&mut p.body);
    (c.syms, c.diags)
}

/// The clause's name as the user knows it.
fn clause_name(k: &ClauseKind) -> &str {
    match k {
        ClauseKind::Gang(_) => "gang",
        ClauseKind::Worker(_) => "worker",
        ClauseKind::Vector(_) => "vector",
        ClauseKind::Seq => "seq",
        ClauseKind::Auto => "auto",
        ClauseKind::Independent => "independent",
        ClauseKind::Collapse(_) => "collapse",
        ClauseKind::NumGangs(_) => "num_gangs",
        ClauseKind::NumWorkers(_) => "num_workers",
        ClauseKind::VectorLength(_) => "vector_length",
        ClauseKind::Reduction(..) => "reduction",
        ClauseKind::Copy(_) => "copy",
        ClauseKind::Copyin(_) => "copyin",
        ClauseKind::Copyout(_) => "copyout",
        ClauseKind::Create(_) => "create",
        ClauseKind::Delete(_) => "delete",
        ClauseKind::Present(_) => "present",
        ClauseKind::NoCreate(_) => "no_create",
        ClauseKind::Private(_) => "private",
        ClauseKind::Firstprivate(_) => "firstprivate",
        ClauseKind::SelfHost(_) => "self",
        ClauseKind::Device(_) => "device",
        ClauseKind::If(_) => "if",
        ClauseKind::IfPresent => "if_present",
        ClauseKind::Finalize => "finalize",
        ClauseKind::Default(_) => "default",
        ClauseKind::Unsupported(s) => s.split('(').next().unwrap_or(s),
    }
}

const COMPUTE_DATA: &[&str] = &[
    "async",
    "wait",
    "device_type",
    "dtype",
    "if",
    "self",
    "copy",
    "copyin",
    "copyout",
    "create",
    "no_create",
    "present",
    "deviceptr",
    "attach",
    "default",
];
const LOOP_CLAUSES: &[&str] =
    &["collapse", "gang", "worker", "vector", "seq", "independent", "auto", "tile", "device_type", "dtype", "private", "reduction"];

/// Whether `clause` may appear on `kind` (OpenACC 3.3).
fn clause_allowed(kind: AccKind, clause: &str) -> bool {
    let compute_extra: &[&str] = match kind {
        AccKind::Parallel | AccKind::ParallelLoop => &["num_gangs", "num_workers", "vector_length", "reduction", "private", "firstprivate"],
        AccKind::Serial | AccKind::SerialLoop => &["reduction", "private", "firstprivate"],
        AccKind::Kernels | AccKind::KernelsLoop => &["num_gangs", "num_workers", "vector_length"],
        _ => &[],
    };
    match kind {
        AccKind::Parallel | AccKind::Serial | AccKind::Kernels => COMPUTE_DATA.contains(&clause) || compute_extra.contains(&clause),
        AccKind::ParallelLoop | AccKind::SerialLoop | AccKind::KernelsLoop => {
            COMPUTE_DATA.contains(&clause) || compute_extra.contains(&clause) || LOOP_CLAUSES.contains(&clause)
        }
        AccKind::Loop => LOOP_CLAUSES.contains(&clause),
        AccKind::Data => COMPUTE_DATA.contains(&clause) && clause != "self",
        AccKind::EnterData => ["if", "async", "wait", "copyin", "create", "attach"].contains(&clause),
        AccKind::ExitData => ["if", "async", "wait", "copyout", "delete", "detach", "finalize"].contains(&clause),
        AccKind::Update => ["async", "wait", "device_type", "dtype", "if", "if_present", "self", "host", "device"].contains(&clause),
        AccKind::Atomic => clause == "if",
        AccKind::HostData => ["use_device", "if", "if_present"].contains(&clause),
        AccKind::Wait => ["async", "if"].contains(&clause),
        AccKind::Init | AccKind::Shutdown | AccKind::Set => ["device_type", "dtype", "device_num", "if", "default_async"].contains(&clause),
        AccKind::Routine => ["gang", "worker", "vector", "seq", "bind", "device_type", "dtype", "nohost"].contains(&clause),
        AccKind::Declare => ["copy", "copyin", "copyout", "create", "present", "deviceptr", "device_resident", "link"].contains(&clause),
        AccKind::Cache => false,
    }
}

fn is_compute(k: AccKind) -> bool {
    matches!(k, AccKind::Parallel | AccKind::Kernels | AccKind::Serial | AccKind::ParallelLoop | AccKind::KernelsLoop | AccKind::SerialLoop)
}

/// The base compute construct of a combined one.
fn compute_of(k: AccKind) -> AccKind {
    match k {
        AccKind::ParallelLoop => AccKind::Parallel,
        AccKind::KernelsLoop => AccKind::Kernels,
        AccKind::SerialLoop => AccKind::Serial,
        k => k,
    }
}

/// Does `e` mention the variable `name` anywhere?
fn mentions(e: &Expr, name: &str) -> bool {
    match &e.kind {
        ExprKind::Name(id) => id.name == name,
        ExprKind::ArrayRef { name: n, subs } | ExprKind::Apply { name: n, args: subs } => {
            n.name == name || subs.iter().any(|a| arg_mentions(a, name))
        }
        ExprKind::Intrinsic { args, .. } => args.iter().any(|a| mentions(a, name)),
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => mentions(x, name),
        ExprKind::Binary(_, l, r) => mentions(l, name) || mentions(r, name),
        _ => false,
    }
}

fn arg_mentions(a: &Arg, name: &str) -> bool {
    match a {
        Arg::Index(e) | Arg::Keyword(_, e) => mentions(e, name),
        Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].iter().any(|x| x.as_ref().is_some_and(|e| mentions(e, name))),
    }
}

/// Structural equality of two designators/expressions (ignoring spans and types).
fn same_expr(a: &Expr, b: &Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Name(x), ExprKind::Name(y)) => x.name == y.name,
        (ExprKind::Int(x, k), ExprKind::Int(y, l)) => x == y && k == l,
        (ExprKind::ArrayRef { name: n, subs: s }, ExprKind::ArrayRef { name: m, subs: t }) => {
            n.name == m.name
                && s.len() == t.len()
                && s.iter().zip(t).all(|(x, y)| match (x, y) {
                    (Arg::Index(x), Arg::Index(y)) => same_expr(x, y),
                    _ => false,
                })
        }
        (ExprKind::Binary(o, l, r), ExprKind::Binary(p, m, s)) => o == p && same_expr(l, m) && same_expr(r, s),
        (ExprKind::Unary(o, x), ExprKind::Unary(p, y)) => o == p && same_expr(x, y),
        (ExprKind::Paren(x), ExprKind::Paren(y)) => same_expr(x, y),
        (ExprKind::Intrinsic { func: f, args: a }, ExprKind::Intrinsic { func: g, args: b }) => {
            f == g && a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_expr(x, y))
        }
        (ExprKind::Real(x, k), ExprKind::Real(y, l)) => x.to_bits() == y.to_bits() && k == l,
        (ExprKind::Logical(x), ExprKind::Logical(y)) => x == y,
        _ => false,
    }
}

/// The variable a designator names, if it is one.
fn designator_name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. } => Some(&id.name),
        _ => None,
    }
}

impl Checker {
    fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    // ----- names -----

    /// Looks a name up; without `implicit none`, unknown names get their implicit type.
    /// Reports an undeclared name once.
    fn lookup(&mut self, id: &Ident) -> Option<usize> {
        if let Some(i) = self.syms.index(&id.name) {
            return Some(i);
        }
        if self.implicit_none {
            if self.reported.insert(id.name.clone()) {
                self.err(
                    Diagnostic::error("E0101", format!("undeclared variable `{}`", id.name), id.span)
                        .with_label("not declared")
                        .with_note("note: `implicit none` requires every variable to be declared"),
                );
            }
            return None;
        }
        let first = id.name.chars().next().unwrap_or('a');
        let base = if ('i'..='n').contains(&first) { BaseTy::Integer(4) } else { BaseTy::Real(4) };
        self.syms.list.push(Symbol {
            name: id.name.clone(),
            base,
            rank: 0,
            dims: Vec::new(),
            allocatable: false,
            parameter: false,
            init: None,
            span: id.span,
        });
        Some(self.syms.list.len() - 1)
    }

    fn sym(&self, i: usize) -> Option<&Symbol> {
        self.syms.list.get(i)
    }

    // ----- constants -----

    /// Is `e` (already checked) a constant expression?
    fn is_const(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(..) | ExprKind::Real(..) | ExprKind::Logical(_) | ExprKind::Str(_) => true,
            ExprKind::Name(id) => self.syms.get(&id.name).is_some_and(|s| s.parameter),
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => self.is_const(x),
            ExprKind::Binary(_, l, r) => self.is_const(l) && self.is_const(r),
            ExprKind::Intrinsic { args, .. } => args.iter().all(|a| self.is_const(a)),
            _ => false,
        }
    }

    /// The value of a numeric constant expression.
    fn const_value(&self, e: &Expr, depth: u32) -> Option<Const> {
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
                    (Const::Int(a), Const::Int(b)) => match op {
                        BinOp::Add => a.checked_add(b),
                        BinOp::Sub => a.checked_sub(b),
                        BinOp::Mul => a.checked_mul(b),
                        BinOp::Div if b != 0 => a.checked_div(b),
                        BinOp::Pow if (0..64).contains(&b) => a.checked_pow(b as u32),
                        _ => None,
                    }
                    .map(Const::Int),
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

    fn const_int(&self, e: &Expr) -> Option<i64> {
        match self.const_value(e, 0)? {
            Const::Int(i) => Some(i),
            Const::Real(_) => None,
        }
    }

    // ----- declarations -----

    fn decl(&mut self, d: &mut Decl) {
        if let Some(dims) = &mut d.dimension {
            for dim in dims.iter_mut() {
                self.dim(dim, !d.allocatable);
            }
        }
        for ent in &mut d.entities {
            if let Some(dims) = &mut ent.dims {
                for dim in dims.iter_mut() {
                    self.dim(dim, !d.allocatable);
                }
            }
            let dims: Vec<DimSpec> = ent.dims.clone().or_else(|| d.dimension.clone()).unwrap_or_default();
            let name = ent.name.name.clone();
            if let Some(prev) = self.syms.get(&name) {
                let _ = prev;
                self.err(
                    Diagnostic::error("E0102", format!("`{name}` is declared more than once"), ent.name.span)
                        .with_label("declared again here"),
                );
                continue;
            }
            let deferred = dims.iter().any(|x| matches!(x, DimSpec::Deferred(_)));
            let all_deferred = dims.iter().all(|x| matches!(x, DimSpec::Deferred(_)));
            if d.allocatable {
                if dims.is_empty() {
                    self.err(Diagnostic::not_yet("allocatable scalars", ent.name.span));
                } else if !all_deferred {
                    let colons = vec![":"; dims.len()].join(",");
                    self.err(
                        Diagnostic::error("E0103", format!("allocatable array `{name}` must have a deferred shape"), ent.span)
                            .with_label("explicit bounds given")
                            .with_note(format!("help: declare it as `{name}({colons})` and give the bounds in `allocate`")),
                    );
                }
            } else if deferred {
                self.err(
                    Diagnostic::error("E0103", format!("array `{name}` has a deferred shape but is not allocatable"), ent.span)
                        .with_label("`:` bounds need `allocatable`")
                        .with_note("help: add the `allocatable` attribute, or give explicit bounds"),
                );
            }
            if d.base == BaseTy::Character && !d.parameter {
                self.err(Diagnostic::not_yet("character variables (only character parameters are supported)", ent.name.span));
            }
            if d.parameter && !dims.is_empty() {
                self.err(Diagnostic::not_yet("array parameters", ent.name.span));
            }
            if d.parameter && d.allocatable {
                self.err(
                    Diagnostic::error("E0104", "a parameter cannot be allocatable", ent.name.span)
                        .with_label("both `parameter` and `allocatable`"),
                );
            }
            if let Some(init) = &mut ent.init {
                self.expr(init);
                let what = if d.parameter { format!("the value of parameter `{name}`") } else { format!("the initial value of `{name}`") };
                if init.ty != Ty::Unknown && !self.is_const(init) {
                    self.err(
                        Diagnostic::error("E0205", format!("{what} must be a constant expression"), init.span).with_label("not constant"),
                    );
                } else if d.allocatable {
                    self.err(
                        Diagnostic::error("E0104", format!("allocatable array `{name}` cannot have an initial value"), init.span)
                            .with_label("not allowed"),
                    );
                } else {
                    let target = with_rank(d.base, 0);
                    self.assign_compat(target, init.ty, init.span);
                    if init.ty.rank() > 0 {
                        self.err(
                            Diagnostic::error("E0231", format!("cannot initialise `{name}` with an array"), init.span)
                                .with_label(format!("this is a {}", ty_name(init.ty))),
                        );
                    }
                }
            } else if d.parameter {
                self.err(
                    Diagnostic::error("E0104", format!("parameter `{name}` has no value"), ent.name.span)
                        .with_label(format!("expected `{name} = <constant>`")),
                );
            }
            self.syms.list.push(Symbol {
                name,
                base: d.base,
                rank: dims.len().min(7) as u8,
                dims,
                allocatable: d.allocatable,
                parameter: d.parameter,
                init: ent.init.clone(),
                span: ent.name.span,
            });
        }
    }

    /// Checks one dimension of a declaration: bounds are constant integers.
    fn dim(&mut self, dim: &mut DimSpec, need_const: bool) {
        if let DimSpec::Explicit { lo, hi } = dim {
            for e in lo.iter_mut().chain(std::iter::once(hi)) {
                self.expr(e);
                self.want_int_scalar(e, "array bounds must be scalar integers");
                if need_const && e.ty != Ty::Unknown && self.const_int(e).is_none() {
                    self.err(
                        Diagnostic::error("E0204", "array bounds in a declaration must be constant", e.span)
                            .with_label("not a constant")
                            .with_note("help: use an integer parameter, or declare the array `allocatable`"),
                    );
                }
            }
        }
    }

    /// Reports unless `e` is a scalar integer; `what` is the rule ("... must be ...").
    fn want_int_scalar(&mut self, e: &Expr, what: &str) -> bool {
        match e.ty {
            Ty::Unknown => false,
            Ty::Scalar(BaseTy::Integer(_)) => true,
            t => {
                self.err(Diagnostic::error("E0206", format!("{what}, found {}", ty_name(t)), e.span).with_label("expected an integer"));
                false
            }
        }
    }

    /// Reports unless `e` is a scalar logical.
    fn want_logical(&mut self, e: &Expr, what: &str) {
        match e.ty {
            Ty::Unknown | Ty::Scalar(BaseTy::Logical) => {}
            t => self.err(
                Diagnostic::error("E0213", format!("{what} must be a scalar `logical`, found {}", ty_name(t)), e.span)
                    .with_label("expected `logical`"),
            ),
        }
    }

    /// Whether a value of type `from` may be assigned to `to`; reports if not.
    fn assign_compat(&mut self, to: Ty, from: Ty, span: Span) -> bool {
        let (Some(t), Some(f)) = (to.base(), from.base()) else {
            return true;
        };
        let ok = (is_numeric(t) && is_numeric(f)) || t == f;
        if !ok {
            self.err(
                Diagnostic::error("E0221", format!("mismatched types: cannot assign `{}` to `{}`", base_name(f), base_name(t)), span)
                    .with_label(format!("expected `{}`, found `{}`", base_name(t), base_name(f))),
            );
        }
        ok
    }

    // ----- expressions -----

    fn expr(&mut self, e: &mut Expr) {
        let kind = std::mem::replace(&mut e.kind, ExprKind::Logical(false));
        let (kind, ty) = self.expr_kind(kind, e.span);
        e.kind = kind;
        e.ty = ty;
    }

    fn expr_kind(&mut self, kind: ExprKind, span: Span) -> (ExprKind, Ty) {
        match kind {
            ExprKind::Int(v, k) => (ExprKind::Int(v, k), Ty::Scalar(BaseTy::Integer(k))),
            ExprKind::Real(v, k) => (ExprKind::Real(v, k), Ty::Scalar(BaseTy::Real(k))),
            ExprKind::Logical(b) => (ExprKind::Logical(b), Ty::Scalar(BaseTy::Logical)),
            ExprKind::Str(s) => (ExprKind::Str(s), Ty::Scalar(BaseTy::Character)),
            ExprKind::Name(id) => {
                let ty = match self.lookup(&id) {
                    Some(i) => self.sym(i).map_or(Ty::Unknown, Symbol::ty),
                    None => Ty::Unknown,
                };
                (ExprKind::Name(id), ty)
            }
            ExprKind::Paren(mut x) => {
                self.expr(&mut x);
                let t = x.ty;
                (ExprKind::Paren(x), t)
            }
            ExprKind::Unary(op, mut x) => {
                self.expr(&mut x);
                let t = match (op, x.ty) {
                    (_, Ty::Unknown) => Ty::Unknown,
                    (UnOp::Not, t) if t.base() == Some(BaseTy::Logical) => t,
                    (UnOp::Neg | UnOp::Plus, t) if t.base().is_some_and(is_numeric) => t,
                    (op, t) => {
                        let (sym, want) = match op {
                            UnOp::Not => (".not.", "a `logical` operand"),
                            UnOp::Neg => ("-", "a numeric operand"),
                            UnOp::Plus => ("+", "a numeric operand"),
                        };
                        self.err(
                            Diagnostic::error("E0222", format!("`{sym}` needs {want}, found {}", ty_name(t)), x.span)
                                .with_label(format!("this is {}", ty_name(t))),
                        );
                        Ty::Unknown
                    }
                };
                (ExprKind::Unary(op, x), t)
            }
            ExprKind::Binary(op, mut l, mut r) => {
                self.expr(&mut l);
                self.expr(&mut r);
                let t = self.binary_ty(op, &l, &r, span);
                (ExprKind::Binary(op, l, r), t)
            }
            ExprKind::Apply { name, args } => self.apply(name, args, span),
            k @ (ExprKind::ArrayRef { .. } | ExprKind::Intrinsic { .. }) => (k, Ty::Unknown),
        }
    }

    fn binary_ty(&mut self, op: BinOp, l: &Expr, r: &Expr, span: Span) -> Ty {
        let (lt, rt) = (l.ty, r.ty);
        let (Some(lb), Some(rb)) = (lt.base(), rt.base()) else {
            return Ty::Unknown;
        };
        let rank = match (lt.rank(), rt.rank()) {
            (0, r) | (r, 0) => r,
            (a, b) if a == b => a,
            (a, b) => {
                self.err(
                    Diagnostic::error("E0230", format!("operands of `{}` have different ranks ({a} and {b})", binop_name(op)), span)
                        .with_label("arrays must conform"),
                );
                return Ty::Unknown;
            }
        };
        let sym = binop_name(op);
        let mismatch = |this: &mut Checker, need: &str| {
            this.err(
                Diagnostic::error("E0220", format!("`{sym}` cannot be applied to `{}` and `{}`", base_name(lb), base_name(rb)), span)
                    .with_label(format!("`{sym}` needs {need}")),
            );
            Ty::Unknown
        };
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow => {
                if is_numeric(lb) && is_numeric(rb) {
                    with_rank(promote(lb, rb), rank)
                } else {
                    mismatch(self, "numeric operands")
                }
            }
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                if (is_numeric(lb) && is_numeric(rb)) || (lb == BaseTy::Character && rb == BaseTy::Character) {
                    with_rank(BaseTy::Logical, rank)
                } else if lb == BaseTy::Logical && rb == BaseTy::Logical && matches!(op, BinOp::Eq | BinOp::Ne) {
                    let alt = if op == BinOp::Eq { ".eqv." } else { ".neqv." };
                    self.err(
                        Diagnostic::error("E0220", format!("`{sym}` cannot compare `logical` values"), span)
                            .with_label("both operands are `logical`")
                            .with_note(format!("help: use `{alt}` to compare logical values")),
                    );
                    Ty::Unknown
                } else {
                    mismatch(self, "two numeric or two character operands")
                }
            }
            BinOp::And | BinOp::Or | BinOp::Eqv | BinOp::Neqv => {
                if lb == BaseTy::Logical && rb == BaseTy::Logical {
                    with_rank(BaseTy::Logical, rank)
                } else {
                    mismatch(self, "`logical` operands")
                }
            }
            BinOp::Concat => {
                if lb == BaseTy::Character && rb == BaseTy::Character && rank == 0 {
                    Ty::Scalar(BaseTy::Character)
                } else {
                    mismatch(self, "`character` operands")
                }
            }
        }
    }

    /// Resolves `name(args)`: an array reference or an intrinsic call.
    fn apply(&mut self, name: Ident, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        let bad = |args: Vec<Arg>, name: Ident| (ExprKind::Apply { name, args }, Ty::Unknown);
        if let Some(i) = self.syms.index(&name.name) {
            let Some(sym) = self.sym(i) else {
                return bad(args, name);
            };
            let (rank, base) = (sym.rank, sym.base);
            if rank == 0 {
                let hint = if Intrinsic::from_name(&name.name).is_some() {
                    format!("note: the variable `{}` hides the intrinsic function of the same name", name.name)
                } else {
                    format!("note: `{}` is a scalar variable", name.name)
                };
                self.err(
                    Diagnostic::error("E0106", format!("`{}` is not an array or a known intrinsic function", name.name), name.span)
                        .with_label("cannot be subscripted or called")
                        .with_note(hint),
                );
                return bad(args, name);
            }
            return self.array_ref(name, args, rank, base, span);
        }
        if let Some(f) = Intrinsic::from_name(&name.name) {
            return self.intrinsic(f, name, args, span);
        }
        if OTHER_INTRINSICS.contains(&name.name.as_str()) {
            self.err(Diagnostic::not_yet(format!("the intrinsic function `{}`", name.name), name.span));
            return bad(args, name);
        }
        self.err(
            Diagnostic::error("E0106", format!("`{}` is not an array or a known intrinsic function", name.name), name.span)
                .with_label(if self.implicit_none { "not declared" } else { "not declared as an array" }),
        );
        bad(args, name)
    }

    fn array_ref(&mut self, name: Ident, mut subs: Vec<Arg>, rank: u8, base: BaseTy, span: Span) -> (ExprKind, Ty) {
        let mut ok = true;
        let mut ranges = 0u8;
        for a in subs.iter_mut() {
            match a {
                Arg::Index(e) => {
                    self.expr(e);
                    if let Ty::Array(BaseTy::Integer(_), _) = e.ty {
                        self.err(Diagnostic::not_yet("vector subscripts", e.span));
                        ok = false;
                    } else if !self.want_int_scalar(e, "array subscripts must be scalar integers") {
                        ok = false;
                    }
                }
                Arg::Range { lo, hi, stride, .. } => {
                    ranges += 1;
                    for e in [lo, hi, stride].into_iter().flatten() {
                        self.expr(e);
                        if !self.want_int_scalar(e, "section bounds must be scalar integers") {
                            ok = false;
                        }
                    }
                }
                Arg::Keyword(k, e) => {
                    self.expr(e);
                    self.err(
                        Diagnostic::error(
                            "E0207",
                            format!("`{}` is an array: keyword arguments are not allowed in subscripts", name.name),
                            k.span,
                        )
                        .with_label("keyword argument"),
                    );
                    ok = false;
                }
            }
        }
        if subs.len() != usize::from(rank) {
            let n = subs.len();
            self.err(
                Diagnostic::error(
                    "E0203",
                    format!(
                        "wrong number of subscripts for `{}`: it has rank {rank}, but {n} subscript{} given",
                        name.name,
                        if n == 1 { " is" } else { "s are" }
                    ),
                    span,
                )
                .with_label(format!("expected {rank} subscript{}", if rank == 1 { "" } else { "s" })),
            );
            ok = false;
        }
        let ty = if ok { with_rank(base, ranges) } else { Ty::Unknown };
        (ExprKind::ArrayRef { name, subs }, ty)
    }

    fn intrinsic(&mut self, f: Intrinsic, name: Ident, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        let fname = intrinsic_name(f);
        let mut pos: Vec<Expr> = Vec::new();
        let mut kind_arg: Option<Expr> = None;
        let mut ok = true;
        for a in args {
            match a {
                Arg::Index(mut e) => {
                    self.expr(&mut e);
                    pos.push(e);
                }
                Arg::Keyword(k, mut e) => {
                    self.expr(&mut e);
                    match (f, k.name.as_str()) {
                        (Intrinsic::Real | Intrinsic::Int | Intrinsic::Nint, "kind") => kind_arg = Some(e),
                        (Intrinsic::Sum, "dim" | "mask") => {
                            self.err(Diagnostic::not_yet(format!("the `{}=` argument of `sum`", k.name), k.span));
                            ok = false;
                        }
                        _ => {
                            self.err(
                                Diagnostic::error("E0211", format!("`{fname}` has no argument named `{}`", k.name), k.span)
                                    .with_label("unknown keyword"),
                            );
                            ok = false;
                        }
                    }
                }
                Arg::Range { span: rs, .. } => {
                    self.err(
                        Diagnostic::error("E0208", format!("a range is not an argument of `{fname}`"), rs)
                            .with_label("ranges are only allowed in array subscripts"),
                    );
                    ok = false;
                }
            }
        }
        // The optional kind argument of `real`, `int`, `nint` may be positional.
        if matches!(f, Intrinsic::Real | Intrinsic::Int | Intrinsic::Nint) && pos.len() == 2 && kind_arg.is_none() {
            kind_arg = pos.pop();
        }
        let mk = |pos: Vec<Expr>, kind_arg: Option<Expr>| {
            let mut args = pos;
            args.extend(kind_arg);
            ExprKind::Intrinsic { func: f, args }
        };
        if !ok || pos.iter().chain(kind_arg.iter()).any(|e| e.ty == Ty::Unknown) {
            return (mk(pos, kind_arg), Ty::Unknown);
        }
        let nargs = |this: &mut Checker, want: &str| {
            this.err(Diagnostic::error("E0209", format!("`{fname}` takes {want}"), span).with_label("wrong number of arguments"));
            Ty::Unknown
        };
        // Elemental result rank (all array arguments must conform).
        let mut rank = 0u8;
        for e in &pos {
            let r = e.ty.rank();
            if r > 0 && rank > 0 && r != rank {
                self.err(
                    Diagnostic::error("E0230", format!("array arguments of `{fname}` have different ranks ({rank} and {r})"), e.span)
                        .with_label("arrays must conform"),
                );
                return (mk(pos, kind_arg), Ty::Unknown);
            }
            rank = rank.max(r);
        }
        let bases: Vec<BaseTy> = pos.iter().filter_map(|e| e.ty.base()).collect();
        let first = bases.first().copied();
        let arg_err = |this: &mut Checker, e: &Expr, need: &str| {
            this.err(
                Diagnostic::error("E0210", format!("the argument of `{fname}` must be {need}, found {}", ty_name(e.ty)), e.span)
                    .with_label(format!("expected {need}")),
            );
            Ty::Unknown
        };
        let ty = match f {
            Intrinsic::Abs => match (pos.as_slice(), first) {
                ([e], Some(b)) if is_numeric(b) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "numeric"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Sqrt | Intrinsic::Exp | Intrinsic::Log | Intrinsic::Sin | Intrinsic::Cos => match (pos.as_slice(), first) {
                ([e], Some(b @ BaseTy::Real(_))) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Max | Intrinsic::Min | Intrinsic::Mod | Intrinsic::Iand | Intrinsic::Ior | Intrinsic::Ieor => {
                let two = !matches!(f, Intrinsic::Max | Intrinsic::Min);
                if (two && pos.len() != 2) || pos.len() < 2 {
                    nargs(self, if two { "two arguments" } else { "at least two arguments" })
                } else {
                    let Some(b) = first else {
                        return (mk(pos, kind_arg), Ty::Unknown);
                    };
                    let int_only = matches!(f, Intrinsic::Iand | Intrinsic::Ior | Intrinsic::Ieor);
                    let need = if int_only { "`integer`" } else { "`integer` or `real`" };
                    if let Some(bad_e) = pos.iter().find(|e| {
                        let eb = e.ty.base();
                        if int_only {
                            !matches!(eb, Some(BaseTy::Integer(_)))
                        } else {
                            !eb.is_some_and(is_numeric)
                        }
                    }) {
                        arg_err(self, bad_e, need)
                    } else if let Some(other) = pos.iter().find(|e| e.ty.base() != Some(b)) {
                        self.err(
                            Diagnostic::error("E0210", format!("arguments of `{fname}` must have the same type"), other.span)
                                .with_label(format!(
                                    "expected `{}`, found `{}`",
                                    base_name(b),
                                    other.ty.base().map_or_else(String::new, base_name)
                                ))
                                .with_note("help: convert with `real(x, kind)`, `dble(x)` or `int(x, kind)`"),
                        );
                        Ty::Unknown
                    } else {
                        with_rank(b, rank)
                    }
                }
            }
            Intrinsic::Real | Intrinsic::Int | Intrinsic::Nint | Intrinsic::Dble => {
                let default_kind = if f == Intrinsic::Dble { 8 } else { 4 };
                let kind = match &kind_arg {
                    None => Some(default_kind),
                    Some(k) => match self.const_int(k) {
                        Some(v @ (4 | 8)) => Some(v as u8),
                        _ => {
                            self.err(
                                Diagnostic::error("E0210", format!("the kind argument of `{fname}` must be the constant 4 or 8"), k.span)
                                    .with_label("unsupported kind"),
                            );
                            None
                        }
                    },
                };
                match (pos.as_slice(), first, kind) {
                    (_, _, None) => Ty::Unknown,
                    ([e], Some(b), Some(k)) => {
                        if f == Intrinsic::Nint && !matches!(b, BaseTy::Real(_)) {
                            arg_err(self, e, "`real`")
                        } else if !is_numeric(b) {
                            arg_err(self, e, "numeric")
                        } else {
                            let rb = if matches!(f, Intrinsic::Int | Intrinsic::Nint) { BaseTy::Integer(k) } else { BaseTy::Real(k) };
                            with_rank(rb, e.ty.rank())
                        }
                    }
                    _ => nargs(self, if f == Intrinsic::Dble { "one argument" } else { "one argument and an optional kind" }),
                }
            }
            Intrinsic::Huge => match (pos.as_slice(), first) {
                ([_], Some(b)) if is_numeric(b) => Ty::Scalar(b),
                ([e], _) => arg_err(self, e, "`integer` or `real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Sum => match (pos.as_slice(), first) {
                ([e], Some(b)) if is_numeric(b) && e.ty.rank() > 0 => Ty::Scalar(b),
                ([e], _) => arg_err(self, e, "a numeric array"),
                ([_, d], _) => {
                    self.err(Diagnostic::not_yet("the `dim` argument of `sum`", d.span));
                    Ty::Unknown
                }
                _ => nargs(self, "one array argument"),
            },
        };
        let _ = name;
        (mk(pos, kind_arg), ty)
    }

    // ----- statements -----

    fn stmts(&mut self, body: &mut [Stmt]) {
        for s in body {
            self.stmt(s);
        }
    }

    fn in_compute(&self) -> bool {
        !self.compute.is_empty()
    }

    fn stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        match &mut s.kind {
            StmtKind::Assign { lhs, rhs } => self.assign(lhs, rhs),
            StmtKind::If { arms, else_body } => {
                for (c, body) in arms.iter_mut() {
                    self.expr(c);
                    self.want_logical(c, "the `if` condition");
                    self.stmts(body);
                }
                if let Some(b) = else_body {
                    self.stmts(b);
                }
            }
            StmtKind::Do { .. } => self.do_loop(s, None),
            StmtKind::DoWhile { name, cond, body } => {
                self.expr(cond);
                self.want_logical(cond, "the `do while` condition");
                self.loops.push(LoopCtx {
                    name: name.as_ref().map(|n| n.name.clone()),
                    var: None,
                    acc_parallel: false,
                    compute_depth: self.compute.len(),
                });
                self.stmts(body);
                self.loops.pop();
            }
            StmtKind::Exit(_) | StmtKind::Cycle(_) => {
                let is_exit = matches!(s.kind, StmtKind::Exit(_));
                let name = match &s.kind {
                    StmtKind::Exit(n) | StmtKind::Cycle(n) => n.clone(),
                    _ => None,
                };
                self.exit_cycle(is_exit, name, span);
            }
            StmtKind::Continue => {}
            StmtKind::AccBlock { dir, body, .. } => self.acc_block(dir, body),
            StmtKind::AccLoop { dir, do_stmt } => {
                self.directive(dir);
                self.acc_loop(dir, do_stmt);
            }
            _ => self.simple_stmt(s),
        }
    }

    /// Statements without a body (kept apart so that the recursive `stmt` stays small).
    #[inline(never)]
    fn simple_stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        match &mut s.kind {
            StmtKind::Print { items, .. } => {
                if self.in_compute() {
                    self.err(Diagnostic::not_yet("`print` inside a compute construct", span));
                }
                for e in items {
                    self.expr(e);
                }
            }
            StmtKind::Stop(code) => {
                if self.in_compute() {
                    self.err(Diagnostic::not_yet("`stop` inside a compute construct", span));
                }
                if let Some(c) = code {
                    self.expr(c);
                    match c.ty {
                        Ty::Unknown | Ty::Scalar(BaseTy::Integer(_) | BaseTy::Character) => {}
                        t => self.err(
                            Diagnostic::error(
                                "E0217",
                                format!("the `stop` code must be a scalar integer or character, found {}", ty_name(t)),
                                c.span,
                            )
                            .with_label("invalid stop code"),
                        ),
                    }
                }
            }
            StmtKind::Allocate(items) => {
                if self.in_compute() {
                    self.err(
                        Diagnostic::error("E0315", "`allocate` is not allowed inside a compute construct", span)
                            .with_label("allocate before the construct"),
                    );
                }
                for (id, dims) in items.iter_mut() {
                    for d in dims.iter_mut() {
                        match d {
                            DimSpec::Deferred(sp) => self
                                .err(Diagnostic::error("E0216", "`allocate` needs explicit bounds", *sp).with_label("`:` is not a bound")),
                            DimSpec::Explicit { .. } => self.dim(d, false),
                        }
                    }
                    self.alloc_target(id, Some(dims.len()), "allocate");
                }
            }
            StmtKind::Deallocate(names) => {
                if self.in_compute() {
                    self.err(
                        Diagnostic::error("E0315", "`deallocate` is not allowed inside a compute construct", span)
                            .with_label("deallocate after the construct"),
                    );
                }
                for id in names.iter() {
                    self.alloc_target(id, None, "deallocate");
                }
            }
            StmtKind::AccStandalone(dir) => self.acc_standalone(dir),
            StmtKind::AccAtomic { dir, kind, body } => {
                self.directive(dir);
                let kind = *kind;
                self.stmts(body);
                self.atomic(kind, body, dir.span);
            }
            _ => {}
        }
    }

    #[inline(never)]
    fn acc_standalone(&mut self, dir: &mut AccDirective) {
        self.directive(dir);
        if self.in_compute()
            && matches!(
                dir.kind,
                AccKind::EnterData | AccKind::ExitData | AccKind::Update | AccKind::Wait | AccKind::Init | AccKind::Shutdown | AccKind::Set
            )
        {
            self.err(
                Diagnostic::error("E0302", format!("`{}` is not allowed inside a compute construct", dir.kind.name()), dir.span)
                    .with_label("inside a compute construct"),
            );
        }
        let needs: &[&str] = match dir.kind {
            AccKind::EnterData => &["copyin", "create", "attach"],
            AccKind::ExitData => &["copyout", "delete", "detach"],
            AccKind::Update => &["self", "host", "device"],
            _ => &[],
        };
        if !needs.is_empty() && !dir.clauses.iter().any(|c| needs.contains(&clause_name(&c.kind))) {
            self.err(
                Diagnostic::error("E0320", format!("`{}` needs at least one data clause", dir.kind.name()), dir.span)
                    .with_label(format!("expected one of {}", needs.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "))),
            );
        }
    }

    #[inline(never)]
    fn acc_block(&mut self, dir: &mut AccDirective, body: &mut [Stmt]) {
        self.directive(dir);
        let k = dir.kind;
        if is_compute(k) {
            if let Some(outer) = self.compute.last().copied() {
                self.err(
                    Diagnostic::error("E0301", format!("`{}` construct nested inside a `{}` construct", k.name(), outer.name()), dir.span)
                        .with_label("compute constructs cannot be nested"),
                );
            }
            self.compute.push(k);
            let saved = std::mem::take(&mut self.par);
            self.stmts(body);
            self.par = saved;
            self.compute.pop();
        } else {
            if self.in_compute() && matches!(k, AccKind::Data | AccKind::HostData) {
                self.err(
                    Diagnostic::error("E0302", format!("a `{}` construct is not allowed inside a compute construct", k.name()), dir.span)
                        .with_label("inside a compute construct"),
                );
            }
            self.stmts(body);
        }
    }

    fn alloc_target(&mut self, id: &Ident, dims: Option<usize>, what: &str) {
        let Some(i) = self.lookup(id) else { return };
        let Some(sym) = self.sym(i) else { return };
        let (alloc, rank) = (sym.allocatable, sym.rank);
        if !alloc {
            self.err(
                Diagnostic::error("E0242", format!("cannot {what} `{}`: it is not allocatable", id.name), id.span)
                    .with_label("not declared `allocatable`"),
            );
        } else if let Some(n) = dims {
            if n != usize::from(rank) {
                self.err(
                    Diagnostic::error(
                        "E0203",
                        format!(
                            "wrong number of bounds for `{}`: it has rank {rank}, but {n} {} given",
                            id.name,
                            if n == 1 { "is" } else { "are" }
                        ),
                        id.span,
                    )
                    .with_label(format!("expected {rank}")),
                );
            }
        }
    }

    fn assign(&mut self, lhs: &mut Expr, rhs: &mut Expr) {
        self.expr(lhs);
        self.expr(rhs);
        let Some(target) = designator_name(lhs).map(str::to_string) else {
            if lhs.ty != Ty::Unknown || matches!(lhs.kind, ExprKind::Intrinsic { .. }) {
                self.err(Diagnostic::error("E0243", "cannot assign to this expression", lhs.span).with_label("not a variable"));
            }
            return;
        };
        if let Some(sym) = self.syms.get(&target) {
            if sym.parameter {
                self.err(
                    Diagnostic::error("E0240", format!("cannot assign to parameter `{target}`"), lhs.span)
                        .with_label("a parameter is a constant"),
                );
                return;
            }
        }
        if self.loops.iter().any(|l| l.var.as_deref() == Some(target.as_str())) {
            self.err(
                Diagnostic::error("E0241", format!("cannot assign to `{target}` inside the `do` loop it controls"), lhs.span)
                    .with_label("the loop variable must not change in the loop"),
            );
        }
        if lhs.ty == Ty::Unknown || rhs.ty == Ty::Unknown {
            return;
        }
        if !self.assign_compat(lhs.ty, rhs.ty, rhs.span) {
            return;
        }
        match (lhs.ty.rank(), rhs.ty.rank()) {
            (0, r) if r > 0 => self.err(
                Diagnostic::error("E0231", format!("cannot assign a rank-{r} array to the scalar `{target}`"), rhs.span)
                    .with_label(format!("this is a {}", ty_name(rhs.ty))),
            ),
            (l, r) if r > 0 && l != r => self.err(
                Diagnostic::error("E0230", format!("rank mismatch in assignment: rank {l} and rank {r}"), rhs.span)
                    .with_label(format!("this is a {}", ty_name(rhs.ty))),
            ),
            _ => {}
        }
    }

    /// A counted `do` loop; `acc` is `Some(seq)` when an OpenACC loop directive applies.
    #[inline(never)]
    fn do_loop(&mut self, s: &mut Stmt, acc: Option<bool>) {
        let StmtKind::Do { name, var, start, end, step, body } = &mut s.kind else {
            if let StmtKind::DoWhile { .. } = s.kind {
                self.stmt(s);
            }
            return;
        };
        self.do_header(var, start, end, step);
        self.loops.push(LoopCtx {
            name: name.as_ref().map(|n| n.name.clone()),
            var: Some(var.name.clone()),
            acc_parallel: acc == Some(false),
            compute_depth: self.compute.len(),
        });
        self.stmts(body);
        self.loops.pop();
    }

    /// The checks of a `do` statement's loop control.
    #[inline(never)]
    fn do_header(&mut self, var: &Ident, start: &mut Expr, end: &mut Expr, step: &mut Option<Expr>) {
        if let Some(i) = self.lookup(var) {
            if let Some(sym) = self.sym(i) {
                let (ty, param) = (sym.ty(), sym.parameter);
                if param || !matches!(ty, Ty::Scalar(BaseTy::Integer(_))) {
                    let why = if param { "a parameter".to_string() } else { ty_name(ty) };
                    self.err(
                        Diagnostic::error(
                            "E0212",
                            format!("the `do` variable `{}` must be a scalar integer variable, found {why}", var.name),
                            var.span,
                        )
                        .with_label("expected a scalar `integer` variable"),
                    );
                }
            }
        }
        if self.loops.iter().any(|l| l.var.as_deref() == Some(var.name.as_str())) {
            self.err(
                Diagnostic::error("E0241", format!("`{}` is already the variable of an enclosing `do` loop", var.name), var.span)
                    .with_label("reused loop variable"),
            );
        }
        for e in [Some(&mut *start), Some(&mut *end), step.as_mut()].into_iter().flatten() {
            self.expr(e);
            match e.ty {
                Ty::Unknown => {}
                Ty::Scalar(b) if is_numeric(b) => {}
                t => self.err(
                    Diagnostic::error("E0214", format!("`do` loop bounds must be scalar numbers, found {}", ty_name(t)), e.span)
                        .with_label("expected a scalar integer"),
                ),
            }
        }
        if let Some(st) = step {
            if st.ty != Ty::Unknown && self.const_value(st, 0).is_some_and(|v| v == Const::Int(0) || v == Const::Real(0.0)) {
                self.err(Diagnostic::error("E0215", "the step of a `do` loop must not be zero", st.span).with_label("zero step"));
            }
        }
    }

    fn exit_cycle(&mut self, is_exit: bool, name: Option<Ident>, span: Span) {
        let kw = if is_exit { "exit" } else { "cycle" };
        let target = match &name {
            None => self.loops.len().checked_sub(1),
            Some(n) => self.loops.iter().rposition(|l| l.name.as_deref() == Some(n.name.as_str())),
        };
        let Some(t) = target else {
            match name {
                None => {
                    self.err(Diagnostic::error("E0110", format!("`{kw}` outside of a loop"), span).with_label("not inside a `do` loop"))
                }
                Some(n) => self.err(
                    Diagnostic::error("E0111", format!("no enclosing loop is named `{}`", n.name), n.span).with_label("unknown loop name"),
                ),
            }
            return;
        };
        let Some(ctx) = self.loops.get(t) else { return };
        if ctx.compute_depth < self.compute.len() {
            self.err(
                Diagnostic::error("E0314", format!("`{kw}` cannot leave a compute construct"), span)
                    .with_label("the loop is outside the compute construct"),
            );
            return;
        }
        if is_exit && self.loops.get(t..).is_some_and(|ls| ls.iter().any(|l| l.acc_parallel)) {
            self.err(
                Diagnostic::error("E0312", "`exit` out of a loop parallelised by an OpenACC `loop` directive", span)
                    .with_label("not allowed here")
                    .with_note(
                        "note: the iteration count of a parallel loop must be known when it starts; add `seq` to run the loop sequentially",
                    ),
            );
        }
    }

    // ----- OpenACC -----

    /// Checks a directive's clauses (names allowed, expressions, lists).
    fn directive(&mut self, dir: &mut AccDirective) {
        let kind = dir.kind;
        if matches!(
            kind,
            AccKind::HostData
                | AccKind::Wait
                | AccKind::Routine
                | AccKind::Declare
                | AccKind::Cache
                | AccKind::Init
                | AccKind::Shutdown
                | AccKind::Set
        ) {
            self.err(Diagnostic::not_yet(format!("the `{}` directive", kind.name()), dir.span));
            return;
        }
        let mut seen: Vec<(&'static str, Span)> = Vec::new();
        let mut levels: Vec<(Par, Span)> = Vec::new();
        for c in dir.clauses.iter_mut() {
            let cname = clause_name(&c.kind).to_string();
            if !clause_allowed(kind, &cname) {
                self.err(
                    Diagnostic::error("E0316", format!("clause `{cname}` is not allowed on `{}`", kind.name()), c.span)
                        .with_label("not allowed here"),
                );
                continue;
            }
            if let ClauseKind::Unsupported(n) = &c.kind {
                self.err(Diagnostic::not_yet(format!("the `{n}` clause"), c.span));
                continue;
            }
            // Clauses that may appear once.
            const ONCE: &[&str] = &[
                "gang",
                "worker",
                "vector",
                "seq",
                "auto",
                "independent",
                "collapse",
                "num_gangs",
                "num_workers",
                "vector_length",
                "if",
                "default",
                "if_present",
                "finalize",
            ];
            if let Some(once) = ONCE.iter().find(|n| **n == cname) {
                if seen.iter().any(|(n, _)| n == once) {
                    self.err(
                        Diagnostic::error("E0319", format!("clause `{cname}` appears more than once"), c.span)
                            .with_label("repeated clause"),
                    );
                }
                seen.push((once, c.span));
            }
            match &mut c.kind {
                ClauseKind::Gang(e) | ClauseKind::Worker(e) | ClauseKind::Vector(e) => {
                    let p = match cname.as_str() {
                        "gang" => Par::Gang,
                        "worker" => Par::Worker,
                        _ => Par::Vector,
                    };
                    levels.push((p, c.span));
                    if let Some(e) = e {
                        self.expr(e);
                        self.want_int_scalar(e, &format!("the argument of `{cname}` must be a scalar integer"));
                    }
                }
                ClauseKind::NumGangs(e) | ClauseKind::NumWorkers(e) | ClauseKind::VectorLength(e) => {
                    self.expr(e);
                    self.want_int_scalar(e, &format!("the argument of `{cname}` must be a scalar integer"));
                }
                ClauseKind::Collapse(e) => self.expr(e),
                ClauseKind::If(e) => {
                    self.expr(e);
                    self.want_logical(e, "the `if` clause's condition");
                }
                ClauseKind::Reduction(op, items) => {
                    let op = *op;
                    for it in items.iter_mut() {
                        self.reduction_item(op, it, c.span);
                    }
                }
                ClauseKind::Private(items) | ClauseKind::Firstprivate(items) => {
                    for it in items.iter_mut() {
                        self.var_item(it, &cname, false);
                    }
                }
                ClauseKind::Copy(items)
                | ClauseKind::Copyin(items)
                | ClauseKind::Copyout(items)
                | ClauseKind::Create(items)
                | ClauseKind::Delete(items)
                | ClauseKind::Present(items)
                | ClauseKind::NoCreate(items)
                | ClauseKind::SelfHost(items)
                | ClauseKind::Device(items) => {
                    for it in items.iter_mut() {
                        self.var_item(it, &cname, true);
                    }
                }
                _ => {}
            }
        }
        // `seq` excludes `gang`/`worker`/`vector`, and `seq`, `auto`, `independent` exclude each other.
        let find = |n: &str| seen.iter().find(|(s, _)| *s == n).map(|(_, sp)| *sp);
        if find("seq").is_some() {
            if let Some((p, sp)) = levels.first() {
                self.err(
                    Diagnostic::error("E0306", format!("`{}` cannot be combined with `seq`", p.name()), *sp)
                        .with_label("conflicts with `seq`"),
                );
            }
        }
        let excl: Vec<(&str, Span)> = ["seq", "auto", "independent"].iter().filter_map(|n| find(n).map(|s| (*n, s))).collect();
        if let [(a, _), (b, sp), ..] = excl.as_slice() {
            self.err(
                Diagnostic::error("E0306", format!("`{b}` cannot be combined with `{a}`"), *sp).with_label(format!("conflicts with `{a}`")),
            );
        }
    }

    /// A variable in a data, `private` or `firstprivate` clause.
    fn var_item(&mut self, it: &mut Expr, clause: &str, sections_ok: bool) {
        if let ExprKind::Apply { .. } = it.kind {
            if !sections_ok {
                self.err(Diagnostic::not_yet(format!("array elements and sections in `{clause}`"), it.span));
                return;
            }
        }
        self.expr(it);
        if let Some(n) = designator_name(it) {
            if self.syms.get(n).is_some_and(|s| s.parameter) {
                self.err(
                    Diagnostic::error("E0318", format!("parameter `{n}` cannot appear in a `{clause}` clause"), it.span)
                        .with_label("a parameter is not a variable"),
                );
            }
        }
    }

    fn reduction_item(&mut self, op: RedOp, it: &mut Expr, clause_span: Span) {
        if let ExprKind::Apply { .. } = it.kind {
            self.err(Diagnostic::not_yet("array elements and sections in `reduction`", it.span));
            return;
        }
        self.expr(it);
        let Some(name) = designator_name(it).map(str::to_string) else {
            return;
        };
        let ty = it.ty;
        if self.syms.get(&name).is_some_and(|s| s.parameter) {
            self.err(
                Diagnostic::error("E0318", format!("parameter `{name}` cannot be a reduction variable"), it.span)
                    .with_label("a parameter is not a variable"),
            );
            return;
        }
        if ty.rank() > 0 {
            self.err(Diagnostic::not_yet("array reductions", it.span));
            return;
        }
        let Some(b) = ty.base() else { return };
        let (ok, need) = match op {
            RedOp::Add | RedOp::Mul | RedOp::Max | RedOp::Min => (is_numeric(b), "an `integer` or `real`"),
            RedOp::Iand | RedOp::Ior | RedOp::Ieor => (matches!(b, BaseTy::Integer(_)), "an `integer`"),
            RedOp::And | RedOp::Or | RedOp::Eqv | RedOp::Neqv => (b == BaseTy::Logical, "a `logical`"),
        };
        if !ok {
            self.err(
                Diagnostic::error(
                    "E0305",
                    format!("reduction operator `{}` needs {need} variable, but `{name}` is `{}`", op.spelling(), base_name(b)),
                    clause_span,
                )
                .with_label(format!("`{}` cannot reduce `{}`", op.spelling(), base_name(b))),
            );
        }
    }

    #[inline(never)]
    fn acc_loop(&mut self, dir: &AccDirective, do_stmt: &mut Stmt) {
        let k = dir.kind;
        if k == AccKind::Loop && !self.in_compute() {
            self.err(Diagnostic::not_yet("orphaned `loop` directive (a `loop` outside `parallel`, `kernels` or `serial`)", dir.span));
        }
        if is_compute(k) {
            if let Some(outer) = self.compute.last().copied() {
                self.err(
                    Diagnostic::error("E0301", format!("`{}` construct nested inside a `{}` construct", k.name(), outer.name()), dir.span)
                        .with_label("compute constructs cannot be nested"),
                );
            }
        }
        if let StmtKind::DoWhile { .. } = do_stmt.kind {
            self.err(
                Diagnostic::error("E0313", format!("`!$acc {}` cannot apply to a `do while` loop", k.name()), dir.span)
                    .with_label("needs a counted `do` loop"),
            );
        }
        // collapse(n)
        let mut collapse = 1usize;
        for c in &dir.clauses {
            if let ClauseKind::Collapse(e) = &c.kind {
                match self.const_int(e) {
                    Some(n) if n >= 1 => {
                        collapse = usize::try_from(n).unwrap_or(1);
                        let depth = nest_depth(do_stmt, collapse);
                        if depth < collapse {
                            self.err(
                                Diagnostic::error(
                                    "E0304",
                                    format!(
                                        "`collapse({n})` needs {n} nested loops, but only {depth} {} nested here",
                                        if depth == 1 { "is" } else { "are" }
                                    ),
                                    c.span,
                                )
                                .with_label(format!("asks for {n} tightly nested loops"))
                                .with_note("note: each collapsed loop must contain only the next loop"),
                            );
                            collapse = depth;
                        }
                    }
                    _ if e.ty == Ty::Unknown && !matches!(e.kind, ExprKind::Int(..)) => {}
                    _ => self.err(
                        Diagnostic::error("E0303", "the argument of `collapse` must be a positive integer constant", e.span)
                            .with_label("expected a positive integer constant"),
                    ),
                }
            }
        }
        // Parallelism levels must decrease inwards: gang > worker > vector.
        let mut mine: Vec<Par> = Vec::new();
        let mut seq = false;
        for c in &dir.clauses {
            match c.kind {
                ClauseKind::Gang(_) => mine.push(Par::Gang),
                ClauseKind::Worker(_) => mine.push(Par::Worker),
                ClauseKind::Vector(_) => mine.push(Par::Vector),
                ClauseKind::Seq => seq = true,
                _ => {}
            }
        }
        if let (Some(outer), Some(inner)) = (self.par.last().copied(), mine.iter().max().copied()) {
            if inner >= outer {
                let sp = dir.clauses.iter().find(|c| clause_name(&c.kind) == inner.name()).map_or(dir.span, |c| c.span);
                self.err(
                    Diagnostic::error("E0307", format!("a `{}` loop cannot be nested inside a `{}` loop", inner.name(), outer.name()), sp)
                        .with_label("parallelism must go gang > worker > vector from outer to inner loops"),
                );
            }
        }
        let pushed = if let Some(m) = mine.iter().min().copied() {
            self.par.push(m);
            true
        } else {
            false
        };
        if is_compute(k) {
            self.compute.push(compute_of(k));
        }
        let saved = if is_compute(k) { Some(std::mem::take(&mut self.par)) } else { None };
        if saved.is_some() {
            if let Some(m) = mine.iter().min().copied() {
                self.par.push(m);
            }
        }
        // The collapsed loops all belong to the directive.
        self.collapsed(do_stmt, collapse, seq);
        if let Some(s) = saved {
            self.par = s;
        }
        if is_compute(k) {
            self.compute.pop();
        }
        if pushed {
            self.par.pop();
        }
    }

    /// Checks the `depth` loops associated with a loop directive.
    fn collapsed(&mut self, s: &mut Stmt, depth: usize, seq: bool) {
        if depth <= 1 {
            self.do_loop(s, Some(seq));
            return;
        }
        // Check the header with the directive, then the next loop inside.
        let StmtKind::Do { body, .. } = &mut s.kind else {
            self.stmt(s);
            return;
        };
        let mut inner_body = std::mem::take(body);
        // Check this loop's header (with an empty body), then the inner loop under it.
        self.do_loop_header_then(s, seq, |this| {
            if let Some(inner) = inner_body.first_mut() {
                this.collapsed(inner, depth - 1, seq);
            }
        });
        if let StmtKind::Do { body, .. } = &mut s.kind {
            *body = std::mem::take(&mut inner_body);
        }
    }

    /// Like [`Checker::do_loop`] on a loop whose body was taken out; `f` checks the body.
    fn do_loop_header_then(&mut self, s: &mut Stmt, seq: bool, f: impl FnOnce(&mut Checker)) {
        self.do_loop(s, Some(seq));
        // `do_loop` popped its context; push it again around the body.
        if let StmtKind::Do { name, var, .. } = &s.kind {
            self.loops.push(LoopCtx {
                name: name.as_ref().map(|n| n.name.clone()),
                var: Some(var.name.clone()),
                acc_parallel: !seq,
                compute_depth: self.compute.len(),
            });
            f(self);
            self.loops.pop();
        }
    }

    fn atomic(&mut self, kind: AtomicKind, body: &[Stmt], span: Span) {
        let assigns: Vec<(&Expr, &Expr, Span)> = body
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Assign { lhs, rhs } => Some((lhs, rhs, s.span)),
                _ => None,
            })
            .collect();
        if assigns.len() != body.len() || body.is_empty() {
            let sp = body.iter().find(|s| !matches!(s.kind, StmtKind::Assign { .. })).map_or(span, |s| s.span);
            self.err(
                Diagnostic::error("E0310", "an `atomic` directive must be followed by an assignment", sp).with_label("not an assignment"),
            );
            return;
        }
        if assigns.iter().any(|(l, r, _)| l.ty == Ty::Unknown || r.ty == Ty::Unknown) {
            return;
        }
        for (l, _, sp) in &assigns {
            if l.ty.rank() > 0 || l.ty.base() == Some(BaseTy::Character) {
                self.err(
                    Diagnostic::error("E0310", "the variable of an `atomic` statement must be a numeric or logical scalar", *sp)
                        .with_label(format!("this assigns a {}", ty_name(l.ty))),
                );
                return;
            }
        }
        let update_form = "`x = x op expr`, `x = expr op x` or `x = intrinsic(x, expr)`";
        match (kind, assigns.as_slice()) {
            (AtomicKind::Update, [(l, r, sp)]) => {
                if !is_update(l, r) {
                    self.err(
                        Diagnostic::error("E0310", "this statement is not an atomic update", *sp)
                            .with_label(format!("expected {update_form}")),
                    );
                }
            }
            (AtomicKind::Read, [(l, r, sp)]) => {
                if designator_name(r).is_none() || mentions(r, designator_name(l).unwrap_or("")) {
                    self.err(
                        Diagnostic::error("E0310", "this statement is not an atomic read", *sp)
                            .with_label("expected `v = x` with two different scalar variables"),
                    );
                }
            }
            (AtomicKind::Write, [(l, r, sp)]) => {
                if mentions(r, designator_name(l).unwrap_or("")) {
                    self.err(
                        Diagnostic::error("E0310", "this statement is not an atomic write", *sp)
                            .with_label("expected `x = expr` where `expr` does not use `x`"),
                    );
                }
            }
            (AtomicKind::Capture, [(_, _, sp)]) => self.err(
                Diagnostic::error("E0311", "`atomic capture` needs two statements in Fortran", *sp)
                    .with_label("only one statement here")
                    .with_note("help: write `v = x` and an update of `x` (in either order), then `!$acc end atomic`"),
            ),
            (AtomicKind::Capture, [(l1, r1, _), (l2, r2, sp2)]) => {
                // `v = x` then update of x, or update of x then `v = x`.
                let read_then_update = same_expr(r1, l2) && is_update(l2, r2) && designator_name(r1).is_some();
                let update_then_read = is_update(l1, r1) && same_expr(l1, r2);
                let read_then_write =
                    same_expr(r1, l2) && designator_name(r1).is_some() && !mentions(r2, designator_name(l2).unwrap_or(""));
                if !(read_then_update || update_then_read || read_then_write) {
                    self.err(
                        Diagnostic::error("E0310", "these statements are not an atomic capture", *sp2)
                            .with_label("expected `v = x` and an update of the same `x`")
                            .with_note(format!("note: the update must have the form {update_form}")),
                    );
                }
            }
            _ => {
                self.err(Diagnostic::error("E0310", "wrong number of statements after `atomic`", span).with_label("expected one statement"))
            }
        }
    }
}

/// How many tightly nested counted `do` loops start at `s` (counting at most `want`).
fn nest_depth(s: &Stmt, want: usize) -> usize {
    let mut depth = 0;
    let mut cur = s;
    loop {
        let StmtKind::Do { body, .. } = &cur.kind else {
            return depth;
        };
        depth += 1;
        if depth >= want {
            return depth;
        }
        match body.as_slice() {
            [inner] => cur = inner,
            _ => return depth,
        }
    }
}

/// `x = x op expr`, `x = expr op x` or `x = f(x, expr)` / `x = f(expr, x)` with `expr` free of `x`.
fn is_update(l: &Expr, r: &Expr) -> bool {
    let Some(x) = designator_name(l) else {
        return false;
    };
    match &r.kind {
        ExprKind::Binary(BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::And | BinOp::Or | BinOp::Eqv | BinOp::Neqv, a, b) => {
            (same_expr(a, l) && !mentions(b, x)) || (same_expr(b, l) && !mentions(a, x))
        }
        ExprKind::Intrinsic { func: Intrinsic::Max | Intrinsic::Min | Intrinsic::Iand | Intrinsic::Ior | Intrinsic::Ieor, args } => {
            let hits = args.iter().filter(|a| same_expr(a, l)).count();
            hits == 1 && args.iter().filter(|a| !same_expr(a, l)).all(|a| !mentions(a, x))
        }
        _ => false,
    }
}
