//! Semantic analysis: the symbol tables, name resolution, procedure interfaces, types and the
//! OpenACC rules.
//!
//! [`check`] works on a whole [`SourceFile`]. First it flattens the program units (the
//! procedures after `contains` become units of their own, with a link to their host) and
//! collects the signature of every procedure ([`Procs`]), so that calls can be checked in
//! any order. Then it checks each unit in source order: it builds the unit's [`Symbols`]
//! from host association, `use` association and the declarations (adding implicitly typed
//! names when there is no `implicit none`), rewrites every [`ExprKind::Apply`] into an
//! [`ExprKind::ArrayRef`], an [`ExprKind::Intrinsic`] or an [`ExprKind::Call`], resolves
//! `call` statements (intrinsic subroutines become [`StmtKind::IntrinsicCall`]), fills in
//! every [`Expr::ty`], and reports what gfortran would reject plus the OpenACC rules
//! (clauses allowed per directive, `collapse` depth, reduction operator types, nesting of
//! compute constructs and of gang/worker/vector loops, `atomic` statement forms).
//!
//! After an error an expression's type is [`Ty::Unknown`], and nothing is reported about
//! expressions of unknown type, so one mistake gives one message.

use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use std::collections::{BTreeMap, HashMap, HashSet};

mod derived;
mod generic;
mod transform;
pub use derived::{base_layout, CompInfo, TypeInfo};

/// A declared (or implicitly typed) variable, named constant or typed external function.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub base: BaseTy,
    pub rank: u8,
    pub dims: Vec<DimSpec>,
    pub allocatable: bool,
    pub parameter: bool,
    pub init: Option<Expr>,
    /// A `character` symbol's length as declared (`None`: length 1); after checking, an
    /// expression length is an integer literal.
    pub char_len: Option<CharLen>,
    pub span: Span,
    /// Position in the unit's dummy argument list.
    pub dummy: Option<usize>,
    pub intent: Option<Intent>,
    pub optional: bool,
    /// Explicit `save` (attribute or statement), or an initial value in a procedure or
    /// module (Fortran's implied save).
    pub save: bool,
    /// A procedure name: an external function declared with a type or `external`.
    pub external: bool,
    /// Declared in this module: the module's own variables and use-associated ones.
    pub module: Option<String>,
    /// With `module`: the entity's name in that module (differs from `name` after
    /// `use m, local => remote`).
    pub module_name: Option<String>,
    /// A variable of the host, visible in an internal procedure by host association.
    pub host: bool,
}

impl Symbol {
    /// A plain local scalar of type `base`.
    pub fn new(name: impl Into<String>, base: BaseTy, span: Span) -> Symbol {
        Symbol {
            name: name.into(),
            base,
            rank: 0,
            dims: Vec::new(),
            allocatable: false,
            parameter: false,
            init: None,
            char_len: None,
            span,
            dummy: None,
            intent: None,
            optional: false,
            save: false,
            external: false,
            module: None,
            module_name: None,
            host: false,
        }
    }

    /// The type of a whole reference to the symbol.
    pub fn ty(&self) -> Ty {
        if self.rank > 0 {
            Ty::Array(self.base, self.rank)
        } else {
            Ty::Scalar(self.base)
        }
    }
}

/// The symbols visible in a unit, in declaration order (implicitly typed names at first use).
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

/// The result of semantic analysis of a file.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    /// Every program unit, internal and module procedures included, in source order (a
    /// host before its procedures).
    pub units: Vec<CheckedUnit>,
    pub procs: Procs,
    /// Each module of the file: the procedures visible through it (local name and key in
    /// [`Procs`]), and whether the routines of `openacc` are (for its module file).
    pub module_scopes: BTreeMap<String, (BTreeMap<String, String>, bool)>,
    /// The derived types, indexed by [`BaseTy::Derived`].
    pub types: Vec<TypeInfo>,
    /// The names of the derived types visible in each module of the file.
    pub module_types: BTreeMap<String, Vec<String>>,
}

/// One checked program unit.
#[derive(Clone, Debug)]
pub struct CheckedUnit {
    /// The unit; its `contains` were moved out into their own [`CheckedUnit`]s.
    pub unit: Unit,
    pub symbols: Symbols,
    /// Index in [`Checked::units`] of the host unit of an internal or module procedure.
    pub host: Option<usize>,
    /// A procedure's key in [`Procs::map`] (usually its name; see [`Procs`]).
    pub key: Option<String>,
}

/// The procedures of a file: those defined in it, those declared in interface blocks, and
/// external procedures referenced without an interface.
///
/// A key is the procedure's name in lower case. When two procedures share a name (internal
/// procedures of different hosts, module procedures of different modules), the later one
/// is keyed by its link name instead. Semantic analysis rewrites the name of every
/// [`ExprKind::Call`] and [`StmtKind::Call`] to the key of the procedure it calls.
#[derive(Clone, Debug, Default)]
pub struct Procs {
    pub map: BTreeMap<String, ProcSig>,
    /// The result bounds of array-valued functions read from module files, by link name
    /// (for functions defined in the file, lowering reads their declarations).
    pub result_bounds: BTreeMap<String, Vec<(ResultBound, ResultBound)>>,
    /// Generic interfaces: each generic key (`generic NAME#unit`, in the scopes like a
    /// procedure key) and the keys of its specific procedures.
    pub generics: BTreeMap<String, Vec<String>>,
}

/// A bound of the explicit-shape result of an array-valued function, in terms of the
/// actual arguments of a call (what a module file can record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultBound {
    Const(i64),
    /// The value of the scalar dummy argument at this position.
    Arg(usize),
    /// `size(dummy)` (dimension 0) or `size(dummy, k)` of the array dummy at this position.
    Size(usize, u8),
}

/// What is known about a procedure's interface.
#[derive(Clone, Debug)]
pub struct ProcSig {
    pub name: String,
    pub kind: UnitKind,
    /// The symbol name: `name_` for external procedures, `__mod_MOD_name` for module
    /// procedures, `host.name` for internal procedures.
    pub link_name: String,
    pub args: Vec<ArgSig>,
    /// A function's result type and rank.
    pub result: Option<(BaseTy, u8)>,
    /// The body is in this file.
    pub defined: bool,
    /// The interface is known (defined here, a module procedure, an interface block);
    /// otherwise `args` were recorded from the first call.
    pub explicit: bool,
    /// The module of a module procedure.
    pub module: Option<String>,
    /// An `elemental` procedure.
    pub elemental: bool,
    /// A routine of the intrinsic module `openacc` (the OpenACC runtime library API).
    /// Its [`ArgSig`]s follow a lowering convention: the dummy named `data_arg` accepts
    /// any actual argument (any type and rank; lowered to its address and its size in
    /// bytes, unless the next dummy is `len` and is given); every other argument is
    /// passed by value. Semantic analysis rewrites the arguments of a call of such a
    /// routine into keyword arguments in dummy order (see [`ExprKind::Call`]).
    pub api: bool,
}

/// One dummy argument of a [`ProcSig`].
#[derive(Clone, Debug)]
pub struct ArgSig {
    pub name: String,
    pub base: BaseTy,
    pub rank: u8,
    /// `a(:)`, `a(:,:)`; false for explicit-shape and assumed-size (`a(*)`) arrays.
    pub assumed_shape: bool,
    pub intent: Option<Intent>,
    pub optional: bool,
}

/// Modules Fortran compilers provide; not supported yet.
const INTRINSIC_MODULES: &[&str] =
    &["iso_fortran_env", "iso_c_binding", "ieee_arithmetic", "ieee_exceptions", "ieee_features", "openacc", "omp_lib"];

// ----- the intrinsic module `openacc` -----

/// The named constants of the intrinsic module `openacc` (all `integer(4)`).
pub const OPENACC_CONSTANTS: &[(&str, i64)] = &[
    ("acc_device_kind", 4),
    ("acc_handle_kind", 4),
    ("openacc_version", 201711),
    ("acc_device_none", 0),
    ("acc_device_default", 1),
    ("acc_device_host", 2),
    ("acc_device_not_host", 3),
    ("acc_device_nvidia", 4),
    ("acc_device_radeon", 5),
    ("acc_async_noval", -1),
    ("acc_async_sync", -2),
];

/// The result of an `openacc` routine.
#[derive(Clone, Copy)]
enum AccResult {
    Sub,
    Int,
    Logical,
}

/// The routines of `openacc` other than the data routines: Fortran name, link name,
/// dummies (`?` marks an optional one), result.
const OPENACC_ROUTINES: &[(&str, &str, &[&str], AccResult)] = &[
    ("acc_get_num_devices", "gpuf_acc_get_num_devices", &["dev_type"], AccResult::Int),
    ("acc_set_device_type", "gpuf_acc_set_device_type", &["dev_type"], AccResult::Sub),
    ("acc_get_device_type", "gpuf_acc_get_device_type", &[], AccResult::Int),
    ("acc_set_device_num", "gpuf_acc_set_device_num", &["dev_num", "dev_type"], AccResult::Sub),
    ("acc_get_device_num", "gpuf_acc_get_device_num", &["dev_type"], AccResult::Int),
    ("acc_init", "gpuf_acc_init", &["dev_type"], AccResult::Sub),
    ("acc_shutdown", "gpuf_acc_shutdown", &["dev_type"], AccResult::Sub),
    ("acc_on_device", "gpuf_acc_on_device", &["dev_type"], AccResult::Logical),
    ("acc_async_test", "gpuf_acc_async_test", &["wait_arg"], AccResult::Logical),
    ("acc_async_test_all", "gpuf_acc_async_test_all", &[], AccResult::Logical),
    ("acc_wait", "gpuf_acc_wait", &["wait_arg"], AccResult::Sub),
    ("acc_async_wait", "gpuf_acc_wait", &["wait_arg"], AccResult::Sub),
    ("acc_wait_all", "gpuf_acc_wait_all", &[], AccResult::Sub),
    ("acc_async_wait_all", "gpuf_acc_wait_all", &[], AccResult::Sub),
    ("acc_wait_async", "gpuf_acc_wait_async", &["wait_arg", "async_arg"], AccResult::Sub),
    ("acc_wait_all_async", "gpuf_acc_wait_all_async", &["async_arg"], AccResult::Sub),
    ("acc_set_default_async", "gpuf_acc_set_default_async", &["async_arg"], AccResult::Sub),
    ("acc_get_default_async", "gpuf_acc_get_default_async", &[], AccResult::Int),
    ("acc_is_present", "gpuf_acc_is_present", &["data_arg", "len?"], AccResult::Logical),
];

/// The data routines of `openacc` (`(data_arg [, len])`, and `_async` forms with a
/// trailing `async_arg` for those with a link name of their own): Fortran name, link name.
const OPENACC_DATA_ROUTINES: &[(&str, &str)] = &[
    ("acc_copyin", "gpuf_acc_copyin"),
    ("acc_create", "gpuf_acc_create"),
    ("acc_copyout", "gpuf_acc_copyout"),
    ("acc_delete", "gpuf_acc_delete"),
    ("acc_copyout_finalize", "gpuf_acc_copyout_finalize"),
    ("acc_delete_finalize", "gpuf_acc_delete_finalize"),
    ("acc_update_device", "gpuf_acc_update_device"),
    ("acc_update_self", "gpuf_acc_update_self"),
    ("acc_present_or_copyin", "gpuf_acc_present_or_copyin"),
    ("acc_present_or_create", "gpuf_acc_present_or_create"),
    ("acc_pcopyin", "gpuf_acc_present_or_copyin"),
    ("acc_pcreate", "gpuf_acc_present_or_create"),
];

/// Every routine of `openacc`: its Fortran name and its signature. A routine's key in
/// [`Procs`] is its link name (aliases such as `acc_pcopyin` share the key of the
/// routine they stand for).
pub fn openacc_routines() -> Vec<(String, ProcSig)> {
    let arg = |d: &str| {
        let (name, optional) = match d.strip_suffix('?') {
            Some(n) => (n, true),
            None => (d, false),
        };
        ArgSig {
            name: name.to_string(),
            base: BaseTy::Integer(4),
            rank: 0,
            assumed_shape: false,
            intent: if name == "data_arg" { None } else { Some(Intent::In) },
            optional,
        }
    };
    let sig = |name: &str, link: &str, dummies: &[&str], res: AccResult| ProcSig {
        name: name.to_string(),
        kind: if matches!(res, AccResult::Sub) { UnitKind::Subroutine } else { UnitKind::Function },
        link_name: link.to_string(),
        args: dummies.iter().map(|d| arg(d)).collect(),
        result: match res {
            AccResult::Sub => None,
            AccResult::Int => Some((BaseTy::Integer(4), 0)),
            AccResult::Logical => Some((BaseTy::Logical, 0)),
        },
        defined: false,
        explicit: true,
        module: None,
        elemental: false,
        api: true,
    };
    let mut out: Vec<(String, ProcSig)> = OPENACC_ROUTINES.iter().map(|(n, l, d, r)| (n.to_string(), sig(n, l, d, *r))).collect();
    for (n, l) in OPENACC_DATA_ROUTINES {
        out.push((n.to_string(), sig(n, l, &["data_arg", "len?"], AccResult::Sub)));
    }
    for (n, l) in OPENACC_DATA_ROUTINES {
        if l.strip_prefix("gpuf_") == Some(n) {
            let (n, l) = (format!("{n}_async"), format!("{l}_async"));
            out.push((n.clone(), sig(&n, &l, &["data_arg", "len?", "async_arg"], AccResult::Sub)));
        }
    }
    out
}

/// The key in [`Procs`] of the `openacc` routine `name`.
fn openacc_key(name: &str) -> Option<String> {
    if let Some((_, l, _, _)) = OPENACC_ROUTINES.iter().find(|r| r.0 == name) {
        return Some(l.to_string());
    }
    let (base, suffix) = match name.strip_suffix("_async") {
        Some(b) => (b, "_async"),
        None => (name, ""),
    };
    let (n, l) = OPENACC_DATA_ROUTINES.iter().find(|r| r.0 == base)?;
    if !suffix.is_empty() && l.strip_prefix("gpuf_") != Some(n) {
        return None;
    }
    Some(format!("{l}{suffix}"))
}

/// The positions of the dummies that positional arguments fill, in order. For an `openacc`
/// routine called with one argument less than it has dummies, an optional `len` before
/// a required argument is skipped (`acc_copyin_async(a, async)`), as the two specific
/// interfaces of the generic do.
fn positional_order(sig: &ProcSig, args: &[Arg]) -> Vec<usize> {
    let n = sig.args.len();
    let positional = args.iter().filter(|a| matches!(a, Arg::Index(_))).count();
    let skip = if sig.api && positional + 1 == n && args.iter().all(|a| matches!(a, Arg::Index(_))) {
        sig.args.iter().position(|d| d.name == "len" && d.optional).filter(|&k| sig.args.iter().skip(k + 1).any(|d| !d.optional))
    } else {
        None
    };
    (0..n).filter(|&j| Some(j) != skip).collect()
}

/// The arguments of a call of an `openacc` routine (already matched with its dummies) as
/// keyword arguments in dummy order, so that lowering needs no positional rules.
fn api_keyword_args(sig: &ProcSig, args: Vec<Arg>) -> Vec<Arg> {
    let order = positional_order(sig, &args);
    let mut slots: Vec<Option<Expr>> = vec![None; sig.args.len()];
    let mut pos = 0usize;
    for a in args {
        let (j, e) = match a {
            Arg::Index(e) => {
                pos += 1;
                (order.get(pos - 1).copied(), e)
            }
            Arg::Keyword(k, e) => (sig.args.iter().position(|d| d.name == k.name), e),
            Arg::Range { .. } => continue,
        };
        if let Some(sl) = j.and_then(|j| slots.get_mut(j)) {
            *sl = Some(e);
        }
    }
    slots
        .into_iter()
        .zip(&sig.args)
        .filter_map(|(e, d)| {
            let e = e?;
            Some(Arg::Keyword(Ident { name: d.name.clone(), span: e.span }, e))
        })
        .collect()
}

/// The implicit type of a name: `i`-`n` integer, others real.
/// Folds `dimension`, `allocatable` and `parameter` statements into the declarations:
/// a declared name moves into a declaration of its own with the attribute; an
/// undeclared one gets a declaration of its implicit type.
fn fold_attr_statements(unit: &mut Unit, diags: &mut Vec<Diagnostic>) {
    for st in std::mem::take(&mut unit.attr_stmts) {
        let ent = match &st {
            AttrStmt::Dimension(e) | AttrStmt::Allocatable(e) | AttrStmt::Parameter(e) => e.clone(),
        };
        let name = ent.name.name.clone();
        // Take the entity out of its declaration (keeping the declaration's attributes).
        let mut found: Option<(Decl, Entity)> = None;
        for d in unit.decls.iter_mut() {
            if let Some(i) = d.entities.iter().position(|e| e.name.name == name) {
                let e = d.entities.remove(i);
                let mut nd = d.clone();
                nd.entities = Vec::new();
                found = Some((nd, e));
                break;
            }
        }
        unit.decls.retain(|d| !d.entities.is_empty());
        let (mut d, mut e) = match found {
            Some(x) => x,
            None => {
                if unit.implicit_none {
                    diags.push(
                        Diagnostic::error("E0101", format!("undeclared variable `{name}`"), ent.name.span)
                            .with_label("not declared")
                            .with_note("note: `implicit none` requires every variable to be declared"),
                    );
                    continue;
                }
                let d = Decl {
                    base: implicit_with(&unit.implicit_rules, &name),
                    base_span: ent.span,
                    parameter: false,
                    allocatable: false,
                    intent: None,
                    optional: false,
                    save: false,
                    external: false,
                    dimension: None,
                    char_len: None,
                    entities: Vec::new(),
                    span: ent.span,
                };
                (d, Entity { name: ent.name.clone(), dims: None, init: None, span: ent.span })
            }
        };
        match st {
            AttrStmt::Dimension(s) => e.dims = s.dims,
            AttrStmt::Allocatable(s) => {
                d.allocatable = true;
                if s.dims.is_some() {
                    e.dims = s.dims;
                }
            }
            AttrStmt::Parameter(s) => {
                d.parameter = true;
                e.init = s.init;
            }
        }
        d.entities = vec![e];
        unit.decls.push(d);
    }
}

/// The name prefix sema gives a procedure named as an actual argument: `@proc:KEY`.
pub const PROC_ACTUAL: &str = "@proc:";

/// The procedure key of an actual argument that names a procedure.
pub fn proc_actual(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(id) => id.name.strip_prefix(PROC_ACTUAL),
        _ => None,
    }
}

/// The span of a subscript.
fn a_span(a: &Arg) -> Span {
    match a {
        Arg::Index(e) | Arg::Keyword(_, e) => e.span,
        Arg::Range { span, .. } => *span,
    }
}

/// `e` with the implied-do variables in `binds` replaced by their values.
fn substitute(e: &Expr, binds: &[(String, i64)]) -> Expr {
    let mut e = e.clone();
    fn walk(e: &mut Expr, binds: &[(String, i64)]) {
        match &mut e.kind {
            ExprKind::Name(id) => {
                if let Some((_, v)) = binds.iter().rev().find(|(n, _)| *n == id.name) {
                    e.kind = ExprKind::Int(*v, 4);
                    e.ty = Ty::Scalar(BaseTy::Integer(4));
                }
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => walk(x, binds),
            ExprKind::Binary(_, x, y) => {
                walk(x, binds);
                walk(y, binds);
            }
            _ => {}
        }
    }
    walk(&mut e, binds);
    e
}

/// The implicit type of `name` under `implicit` rules (later rules win), else Fortran's
/// default (`i`-`n` integer, other letters real).
fn implicit_with(rules: &[(char, char, BaseTy)], name: &str) -> BaseTy {
    let first = name.chars().next().unwrap_or('a');
    match rules.iter().rev().find(|(lo, hi, _)| (*lo..=*hi).contains(&first)) {
        Some((_, _, b)) => *b,
        None => implicit_base(name),
    }
}

fn implicit_base(name: &str) -> BaseTy {
    let first = name.chars().next().unwrap_or('a');
    if ('i'..='n').contains(&first) {
        BaseTy::Integer(4)
    } else {
        BaseTy::Real(4)
    }
}

fn unit_word(k: UnitKind) -> &'static str {
    crate::parser::unit_keyword(k)
}

fn intent_name(i: Intent) -> &'static str {
    match i {
        Intent::In => "in",
        Intent::Out => "out",
        Intent::InOut => "inout",
    }
}

/// Finds the declaration of `name` among `decls`.
fn find_decl<'a>(decls: &'a [Decl], name: &str) -> Option<(&'a Decl, &'a Entity)> {
    decls.iter().find_map(|d| d.entities.iter().find(|e| e.name.name == name).map(|e| (d, e)))
}

/// The dummy arguments and result of a procedure, from its declarations.
fn signature(u: &Unit) -> (Vec<ArgSig>, Option<(BaseTy, u8)>) {
    let args = u
        .args
        .iter()
        .map(|a| match find_decl(&u.decls, &a.name) {
            Some((d, e)) => {
                let dims = e.dims.as_ref().or(d.dimension.as_ref());
                let rank = dims.map_or(0, |v| v.len().min(7)) as u8;
                let assumed_shape = !d.allocatable && dims.is_some_and(|v| !v.is_empty() && v.iter().all(DimSpec::is_assumed_shape));
                ArgSig { name: a.name.clone(), base: d.base, rank, assumed_shape, intent: d.intent, optional: d.optional }
            }
            None => ArgSig {
                name: a.name.clone(),
                base: implicit_with(&u.implicit_rules, &a.name),
                rank: 0,
                assumed_shape: false,
                intent: None,
                optional: false,
            },
        })
        .collect();
    let result = (u.kind == UnitKind::Function).then(|| {
        let r = u.result.as_ref().unwrap_or(&u.name);
        match find_decl(&u.decls, &r.name) {
            Some((d, e)) => (d.base, e.dims.as_ref().or(d.dimension.as_ref()).map_or(0, |v| v.len().min(7)) as u8),
            None => (u.result_base.unwrap_or_else(|| implicit_with(&u.implicit_rules, &r.name)), 0),
        }
    });
    (args, result)
}

/// What the whole file knows while its units are checked.
#[derive(Default)]
struct Global {
    procs: Procs,
    /// Each flat unit's key in `procs` (procedures only).
    keys: Vec<Option<String>>,
    /// The procedures visible in each unit by local name, with their keys.
    scopes: Vec<HashMap<String, String>>,
    /// `implicit none` in force in each unit (its own or its host's).
    implicit_none: Vec<bool>,
    /// External procedures by name (defined in the file, declared in interface blocks, or
    /// referenced), with their keys.
    externals: HashMap<String, String>,
    /// Every module of the file and its flat index.
    module_pos: HashMap<String, usize>,
    /// Modules checked so far.
    modules: HashMap<String, usize>,
    /// Modules read from module files (separately compiled), with the procedures visible
    /// through them by local name and key.
    imported: HashMap<String, (crate::modfile::Imported, HashMap<String, String>)>,
    /// Modules whose module file could not be read (reported once, at the first `use`).
    broken: HashSet<String>,
    /// The routines of the intrinsic module `openacc` are visible in each unit (by `use
    /// openacc`, through a module that uses it, or from the host).
    openacc: Vec<bool>,
    /// Derived-type names (see [`BaseTy::Derived`]) and their definitions.
    type_names: Vec<String>,
    types: Vec<TypeInfo>,
    /// The derived types visible in each unit checked so far (by flat index).
    type_scopes: HashMap<usize, HashSet<String>>,
}

/// Moves `u` and its internal procedures into `flat`, a host before its procedures.
fn flatten(mut u: Unit, host: Option<usize>, flat: &mut Vec<(Unit, Option<usize>)>) {
    let contains = std::mem::take(&mut u.contains);
    let me = flat.len();
    flat.push((u, host));
    for c in contains {
        flatten(c, Some(me), flat);
    }
}

fn is_proc(k: UnitKind) -> bool {
    matches!(k, UnitKind::Subroutine | UnitKind::Function)
}

impl Global {
    /// Keys, signatures and scopes of every procedure.
    fn collect(flat: &[(Unit, Option<usize>)], imports: Vec<crate::modfile::Imported>, diags: &mut Vec<Diagnostic>) -> Global {
        let mut g = Global::default();
        let n = flat.len();
        g.keys = vec![None; n];
        for (i, (u, host)) in flat.iter().enumerate() {
            let inherited = host.and_then(|h| g.implicit_none.get(h).copied()).unwrap_or(false);
            g.implicit_none.push(u.implicit_none || inherited);
            if u.kind == UnitKind::Module {
                if let Some(&first) = g.module_pos.get(&u.name.name) {
                    let _ = first;
                    diags.push(
                        Diagnostic::error("E0122", format!("module `{}` is defined more than once", u.name.name), u.name.span)
                            .with_label("defined again here"),
                    );
                } else {
                    g.module_pos.insert(u.name.name.clone(), i);
                }
            }
        }
        let sig_of = |u: &Unit, link_name: String, module: Option<String>| {
            let (args, result) = signature(u);
            ProcSig {
                name: u.name.name.clone(),
                kind: u.kind,
                link_name,
                args,
                result,
                defined: true,
                explicit: true,
                module,
                elemental: u.elemental,
                api: false,
            }
        };
        // External procedures first: they own their plain names.
        for (i, (u, host)) in flat.iter().enumerate() {
            if host.is_some() || !is_proc(u.kind) {
                continue;
            }
            let name = &u.name.name;
            if g.procs.map.contains_key(name) {
                diags.push(
                    Diagnostic::error("E0122", format!("procedure `{name}` is defined more than once"), u.name.span)
                        .with_label("defined again here"),
                );
                continue;
            }
            g.procs.map.insert(name.clone(), sig_of(u, format!("{name}_"), None));
            g.externals.insert(name.clone(), name.clone());
            if let Some(k) = g.keys.get_mut(i) {
                *k = Some(name.clone());
            }
        }
        // Module and internal procedures.
        for (i, (u, host)) in flat.iter().enumerate() {
            let Some(h) = *host else { continue };
            if !is_proc(u.kind) {
                continue;
            }
            let Some((hu, _)) = flat.get(h) else { continue };
            let name = &u.name.name;
            let sibling = flat
                .iter()
                .take(i)
                .enumerate()
                .any(|(j, (v, vh))| *vh == Some(h) && v.name.name == *name && g.keys.get(j).is_some_and(Option::is_some));
            if sibling {
                diags.push(
                    Diagnostic::error("E0122", format!("procedure `{name}` is defined more than once"), u.name.span)
                        .with_label("defined again here"),
                );
                continue;
            }
            let module = (hu.kind == UnitKind::Module).then(|| hu.name.name.clone());
            let link = match &module {
                Some(m) => format!("__{m}_MOD_{name}"),
                None => format!("{}.{name}", g.keys.get(h).cloned().flatten().unwrap_or_else(|| hu.name.name.clone())),
            };
            let mut key = if g.procs.map.contains_key(name) { link.clone() } else { name.clone() };
            while g.procs.map.contains_key(&key) {
                key.push('\'');
            }
            g.procs.map.insert(key.clone(), sig_of(u, link, module));
            if let Some(k) = g.keys.get_mut(i) {
                *k = Some(key);
            }
        }
        // Interface bodies declare external procedures.
        let mut iface: Vec<Vec<(String, String)>> = vec![Vec::new(); n];
        for (i, (u, _)) in flat.iter().enumerate() {
            for p in &u.interfaces {
                let name = p.name.name.clone();
                let key = match g.externals.get(&name) {
                    Some(k) => k.clone(),
                    None => {
                        let mut key = name.clone();
                        if g.procs.map.contains_key(&key) {
                            key = format!("{name}_");
                        }
                        while g.procs.map.contains_key(&key) {
                            key.push('\'');
                        }
                        let mut sig = sig_of(p, format!("{name}_"), None);
                        sig.defined = false;
                        g.procs.map.insert(key.clone(), sig);
                        g.externals.insert(name.clone(), key.clone());
                        key
                    }
                };
                if let Some(v) = iface.get_mut(i) {
                    v.push((name, key));
                }
            }
        }
        // Procedures of modules read from module files.
        for im in imports {
            let mut scope = HashMap::new();
            for (local, sig) in &im.procs {
                let existing = g.procs.map.iter().find(|(_, p)| p.link_name == sig.link_name).map(|(k, _)| k.clone());
                let key = match existing {
                    Some(k) => k,
                    None => {
                        let mut key = if g.procs.map.contains_key(&sig.name) { sig.link_name.clone() } else { sig.name.clone() };
                        while g.procs.map.contains_key(&key) {
                            key.push('\'');
                        }
                        g.procs.map.insert(key.clone(), sig.clone());
                        key
                    }
                };
                scope.insert(local.clone(), key);
            }
            for (gname, locals) in &im.generics {
                let keys: Vec<String> = locals.iter().filter_map(|l| scope.remove(l)).collect();
                let gkey = format!("generic {gname}@{}", im.name);
                g.procs.generics.insert(gkey.clone(), keys);
                scope.insert(gname.clone(), gkey);
            }
            for (link, b) in &im.result_bounds {
                g.procs.result_bounds.insert(link.clone(), b.clone());
            }
            g.imported.insert(im.name.clone(), (im, scope));
        }
        // Scopes, in order (a host's before its procedures', a module's before its users').
        let acc_routines = openacc_routines();
        for (i, (u, host)) in flat.iter().enumerate() {
            let mut scope = host.and_then(|h| g.scopes.get(h).cloned()).unwrap_or_default();
            let mut openacc = host.and_then(|h| g.openacc.get(h).copied()).unwrap_or(false);
            if let (None, Some(Some(k))) = (host, g.keys.get(i)) {
                // An external procedure sees itself (recursion).
                scope.insert(u.name.name.clone(), k.clone());
            }
            for us in &u.uses {
                let ms = match g.module_pos.get(&us.module.name) {
                    Some(&m) if m < i => {
                        openacc |= g.openacc.get(m).copied().unwrap_or(false);
                        let mut ms = g.scopes.get(m).cloned();
                        // Private procedures stay inside the module.
                        if let (Some(ms), Some((mu, _))) = (ms.as_mut(), flat.get(m)) {
                            ms.retain(|n, _| mu.is_public(n));
                        }
                        ms
                    }
                    Some(_) => None,
                    None if g.imported.contains_key(&us.module.name) => {
                        let (acc, ms) = match g.imported.get(&us.module.name) {
                            Some((im, ms)) => (im.openacc, ms.clone()),
                            None => (false, HashMap::new()),
                        };
                        openacc |= acc;
                        let mut ms = ms;
                        if acc {
                            for (n, sig) in &acc_routines {
                                ms.entry(n.clone()).or_insert_with(|| sig.link_name.clone());
                                if !g.procs.map.contains_key(&sig.link_name) {
                                    g.procs.map.insert(sig.link_name.clone(), sig.clone());
                                }
                            }
                        }
                        Some(ms)
                    }
                    None if us.module.name == "openacc" => {
                        openacc = true;
                        for (_, sig) in &acc_routines {
                            if !g.procs.map.contains_key(&sig.link_name) {
                                g.procs.map.insert(sig.link_name.clone(), sig.clone());
                            }
                        }
                        Some(acc_routines.iter().map(|(n, sig)| (n.clone(), sig.link_name.clone())).collect())
                    }
                    None => None,
                };
                let Some(ms) = ms else { continue };
                match &us.only {
                    Some(list) => {
                        for (local, remote) in list {
                            if let Some(k) = ms.get(&remote.name) {
                                scope.insert(local.name.clone(), k.clone());
                            }
                        }
                    }
                    None => {
                        let mut ms = ms;
                        for (local, remote) in &us.renames {
                            if let Some(k) = ms.remove(&remote.name) {
                                scope.insert(local.name.clone(), k);
                            }
                        }
                        scope.extend(ms);
                    }
                }
            }
            for (name, key) in iface.get(i).into_iter().flatten() {
                scope.insert(name.clone(), key.clone());
            }
            for (j, (v, vh)) in flat.iter().enumerate() {
                if *vh == Some(i) {
                    if let Some(Some(k)) = g.keys.get(j) {
                        scope.insert(v.name.name.clone(), k.clone());
                    }
                }
            }
            for (gname, specs) in &u.generics {
                let gkey = generic::generic_key(&gname.name, i);
                let mut keys: Vec<String> = Vec::new();
                // Extending a generic of the same name seen from a module or the host.
                if let Some(prev) = scope.get(&gname.name).and_then(|k| g.procs.generics.get(k)) {
                    keys.extend(prev.iter().cloned());
                }
                for s in specs {
                    match scope.get(&s.name) {
                        Some(k) => match g.procs.generics.get(k) {
                            Some(prev) => keys.extend(prev.iter().cloned()),
                            None => keys.push(k.clone()),
                        },
                        None => diags.push(
                            Diagnostic::error("E0127", format!("`{}` is not a procedure of this scope", s.name), s.span)
                                .with_label(format!("listed in the generic interface `{}`", gname.name)),
                        ),
                    }
                }
                keys.dedup();
                g.procs.generics.insert(gkey.clone(), keys);
                scope.insert(gname.name.clone(), gkey);
            }
            g.scopes.push(scope);
            g.openacc.push(openacc);
        }
        g
    }
}

/// Checks a whole file: resolves names, fills in types and records every procedure's
/// interface. The units move out of `file` into the result.
pub fn check(file: &mut SourceFile) -> (Checked, Vec<Diagnostic>) {
    check_with(file, &mut |_| None)
}

/// [`check`], with modules not defined in the file read from module files: `load(name)`
/// returns the text of module `name`'s module file, if there is one.
pub fn check_with(file: &mut SourceFile, load: &mut dyn FnMut(&str) -> Option<String>) -> (Checked, Vec<Diagnostic>) {
    let mut flat: Vec<(Unit, Option<usize>)> = Vec::new();
    for u in std::mem::take(&mut file.units) {
        flatten(u, None, &mut flat);
    }
    // An internal or module procedure inherits its host's `implicit` rules.
    for i in 0..flat.len() {
        let host_rules = flat.get(i).and_then(|(_, h)| *h).and_then(|h| flat.get(h)).map(|(hu, _)| hu.implicit_rules.clone());
        if let (Some(mut rules), Some((u, _))) = (host_rules, flat.get_mut(i)) {
            rules.append(&mut u.implicit_rules);
            u.implicit_rules = rules;
        }
    }
    let mut diags = Vec::new();
    for (u, _) in flat.iter_mut() {
        fold_attr_statements(u, &mut diags);
        for iu in u.interfaces.iter_mut() {
            fold_attr_statements(iu, &mut diags);
        }
    }
    let defined: HashSet<String> = flat.iter().filter(|(u, _)| u.kind == UnitKind::Module).map(|(u, _)| u.name.name.clone()).collect();
    let mut imports: Vec<crate::modfile::Imported> = Vec::new();
    let mut tried: HashSet<String> = HashSet::new();
    let mut broken: HashSet<String> = HashSet::new();
    for (u, _) in &flat {
        for us in &u.uses {
            let n = &us.module.name;
            if defined.contains(n) || INTRINSIC_MODULES.contains(&n.as_str()) || !tried.insert(n.clone()) {
                continue;
            }
            let Some(text) = load(n) else { continue };
            match crate::modfile::read(n, &text) {
                Ok(im) => imports.push(im),
                Err(why) => diags.push({
                    broken.insert(n.clone());
                    Diagnostic::error("E0123", format!("malformed module file `{n}.gmod`"), us.module.span)
                        .with_label("the module file of this module cannot be read")
                        .with_note(format!("note: {why}"))
                        .with_note(format!("help: recompile the file that defines module `{n}`"))
                }),
            }
        }
    }
    let mut type_names = std::mem::take(&mut file.type_names);
    let mut types: Vec<TypeInfo> = type_names.iter().map(|n| TypeInfo { name: n.clone(), ..TypeInfo::default() }).collect();
    for im in imports.iter_mut() {
        derived::import_types(im, &mut type_names, &mut types);
    }
    let mut g = Global::collect(&flat, imports, &mut diags);
    g.broken = broken;
    g.type_names = type_names;
    g.types = types;
    derived::set_type_names(&g.type_names);
    let mut units: Vec<CheckedUnit> = Vec::new();
    for (i, (mut unit, host)) in flat.into_iter().enumerate() {
        let mut c = Checker::new(std::mem::take(&mut g), &unit, i);
        c.unit(&mut unit, host, &units);
        let Checker { syms, diags: more, g: back, .. } = c;
        g = back;
        diags.extend(more);
        if unit.kind == UnitKind::Module {
            g.modules.insert(unit.name.name.clone(), i);
        }
        let key = g.keys.get(i).cloned().flatten();
        units.push(CheckedUnit { unit, symbols: syms, host, key });
    }
    let mut module_scopes = BTreeMap::new();
    for (n, &i) in &g.modules {
        let public = |a: &String| units.get(i).is_none_or(|u| u.unit.is_public(a));
        let scope =
            g.scopes.get(i).map(|s| s.iter().filter(|(a, _)| public(a)).map(|(a, b)| (a.clone(), b.clone())).collect()).unwrap_or_default();
        module_scopes.insert(n.clone(), (scope, g.openacc.get(i).copied().unwrap_or(false)));
    }
    let mut module_types = BTreeMap::new();
    for (n, &i) in &g.modules {
        let mut v: Vec<String> = g.type_scopes.get(&i).map(|s| s.iter().cloned().collect()).unwrap_or_default();
        v.sort();
        module_types.insert(n.clone(), v);
    }
    (Checked { units, procs: g.procs, module_scopes, types: g.types, module_types }, diags)
}

/// The name of a base type as Fortran writes it.
pub fn base_name(b: BaseTy) -> String {
    match b {
        BaseTy::Integer(k) => format!("integer({k})"),
        BaseTy::Real(k) => format!("real({k})"),
        BaseTy::Logical => "logical".into(),
        BaseTy::Character => "character".into(),
        BaseTy::Complex(k) => format!("complex({k})"),
        BaseTy::Derived(k) => format!("type({})", derived::derived_name(k)),
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
        BaseTy::Integer(1) => 0,
        BaseTy::Integer(2) => 1,
        BaseTy::Integer(4) => 2,
        BaseTy::Integer(_) => 3,
        BaseTy::Real(4) => 4,
        BaseTy::Real(_) => 5,
        BaseTy::Complex(4) => 6,
        BaseTy::Complex(_) => 7,
        _ => 2,
    }
}

fn promote(a: BaseTy, b: BaseTy) -> BaseTy {
    // complex with real(8) is complex(8).
    match (a, b) {
        (BaseTy::Complex(k), BaseTy::Real(r)) | (BaseTy::Real(r), BaseTy::Complex(k)) => return BaseTy::Complex(k.max(r)),
        _ => {}
    }
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

/// Folds an integer operation of a constant expression (`None` on overflow or an
/// operation that is not constant-foldable on integers).
pub(crate) fn fold_int(op: BinOp, a: i64, b: i64) -> Option<i64> {
    match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        BinOp::Div if b != 0 => a.checked_div(b),
        BinOp::Pow if (0..64).contains(&b) => a.checked_pow(b as u32),
        _ => None,
    }
}

/// gfortran's `selected_int_kind(r)`: the smallest integer kind with range `r`.
pub fn selected_int_kind(r: i64) -> i64 {
    match r {
        i64::MIN..=2 => 1,
        3..=4 => 2,
        5..=9 => 4,
        10..=18 => 8,
        19..=38 => 16,
        _ => -1,
    }
}

/// gfortran's `selected_real_kind(p, r)` on x86_64 (kinds 4, 8, 10, 16; -1 precision,
/// -2 range, -3 both unavailable).
pub fn selected_real_kind(p: i64, r: i64) -> i64 {
    let kinds = [(4, 6, 37), (8, 15, 307), (10, 18, 4931), (16, 33, 4931)];
    if let Some(k) = kinds.iter().find(|(_, kp, kr)| p <= *kp && r <= *kr) {
        return k.0;
    }
    let p_ok = kinds.iter().any(|(_, kp, _)| p <= *kp);
    let r_ok = kinds.iter().any(|(_, _, kr)| r <= *kr);
    match (p_ok, r_ok) {
        (false, true) => -1,
        (true, false) => -2,
        _ => -3,
    }
}

/// `E0211`: a keyword argument the procedure does not have.
fn unknown_keyword(fname: &str, k: &Ident, label: &str) -> Diagnostic {
    Diagnostic::error("E0211", format!("`{fname}` has no argument named `{}`", k.name), k.span).with_label(label)
}

/// `E0219`: a `mask` argument that is not logical.
fn mask_not_logical(fname: &str, m: &Expr) -> Diagnostic {
    Diagnostic::error("E0219", format!("the `mask` argument of `{fname}` must be `logical`, found {}", ty_name(m.ty)), m.span)
        .with_label("expected `logical`")
}

/// `E0208`: a `lo:hi` range given as an argument.
fn range_argument(fname: &str, span: Span) -> Diagnostic {
    Diagnostic::error("E0208", format!("a range is not an argument of `{fname}`"), span)
        .with_label("ranges are only allowed in array subscripts")
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
        Intrinsic::Floor => "floor",
        Intrinsic::Ceiling => "ceiling",
        Intrinsic::Ishft => "ishft",
        Intrinsic::Not => "not",
        Intrinsic::Sign => "sign",
        Intrinsic::Modulo => "modulo",
        Intrinsic::Aint => "aint",
        Intrinsic::Anint => "anint",
        Intrinsic::Float => "float",
        Intrinsic::Sngl => "sngl",
        Intrinsic::Epsilon => "epsilon",
        Intrinsic::Tiny => "tiny",
        Intrinsic::Present => "present",
        Intrinsic::Allocated => "allocated",
        Intrinsic::Dim => "dim",
        Intrinsic::Size => "size",
        Intrinsic::Shape => "shape",
        Intrinsic::Lbound => "lbound",
        Intrinsic::Ubound => "ubound",
        Intrinsic::Maxval => "maxval",
        Intrinsic::Minval => "minval",
        Intrinsic::Product => "product",
        Intrinsic::Count => "count",
        Intrinsic::Any => "any",
        Intrinsic::All => "all",
        Intrinsic::DotProduct => "dot_product",
        Intrinsic::Maxloc => "maxloc",
        Intrinsic::Minloc => "minloc",
        Intrinsic::Merge => "merge",
        Intrinsic::Len => "len",
        Intrinsic::LenTrim => "len_trim",
        Intrinsic::Trim => "trim",
        Intrinsic::Adjustl => "adjustl",
        Intrinsic::Adjustr => "adjustr",
        Intrinsic::Index => "index",
        Intrinsic::Scan => "scan",
        Intrinsic::Verify => "verify",
        Intrinsic::Lge => "lge",
        Intrinsic::Lgt => "lgt",
        Intrinsic::Lle => "lle",
        Intrinsic::Llt => "llt",
        Intrinsic::Repeat => "repeat",
        Intrinsic::Achar => "achar",
        Intrinsic::Iachar => "iachar",
        Intrinsic::Char => "char",
        Intrinsic::Ichar => "ichar",
        Intrinsic::Matmul => "matmul",
        Intrinsic::Transpose => "transpose",
        Intrinsic::Reshape => "reshape",
        Intrinsic::Spread => "spread",
        Intrinsic::Pack => "pack",
        Intrinsic::Unpack => "unpack",
        Intrinsic::Cshift => "cshift",
        Intrinsic::Eoshift => "eoshift",
        Intrinsic::Tan => "tan",
        Intrinsic::Asin => "asin",
        Intrinsic::Acos => "acos",
        Intrinsic::Atan => "atan",
        Intrinsic::Atan2 => "atan2",
        Intrinsic::Sinh => "sinh",
        Intrinsic::Cosh => "cosh",
        Intrinsic::Tanh => "tanh",
        Intrinsic::Log10 => "log10",
        Intrinsic::Btest => "btest",
        Intrinsic::Ibset => "ibset",
        Intrinsic::Ibclr => "ibclr",
        Intrinsic::Ibits => "ibits",
        Intrinsic::Ishftc => "ishftc",
        Intrinsic::Popcnt => "popcnt",
        Intrinsic::Leadz => "leadz",
        Intrinsic::Trailz => "trailz",
        Intrinsic::BitSize => "bit_size",
        Intrinsic::Kind => "kind",
        Intrinsic::SelectedRealKind => "selected_real_kind",
        Intrinsic::SelectedIntKind => "selected_int_kind",
        Intrinsic::CommandArgumentCount => "command_argument_count",
        Intrinsic::Cmplx => "cmplx",
        Intrinsic::Aimag => "aimag",
        Intrinsic::Conjg => "conjg",
    }
}

/// Standard intrinsics that exist in Fortran but are not supported yet.
const OTHER_INTRINSICS: &[&str] = &[
    "matmul",
    "transpose",
    "len",
    "len_trim",
    "trim",
    "adjustl",
    "adjustr",
    "achar",
    "char",
    "ichar",
    "allocated",
    "reshape",
    "spread",
    "pack",
    "unpack",
    "cshift",
    "eoshift",
    "sqrt8",
    "precision",
    "range",
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
    "norm2",
    "digits",
    "radix",
];

/// Compile-time values of named constants.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Const {
    Int(i64),
    Real(f64),
}

/// The value of a `case` item (logical selectors use 0 and 1).
#[derive(Clone, Debug, PartialEq)]
enum CaseKey {
    Int(i64),
    Str(String),
}

impl CaseKey {
    /// Compares as Fortran does: character values as if padded with blanks.
    fn cmp_padded(&self, o: &CaseKey) -> std::cmp::Ordering {
        match (self, o) {
            (CaseKey::Int(a), CaseKey::Int(b)) => a.cmp(b),
            (CaseKey::Str(a), CaseKey::Str(b)) => {
                let (a, b) = (a.as_bytes(), b.as_bytes());
                let n = a.len().max(b.len());
                let at = |s: &[u8], i: usize| s.get(i).copied().unwrap_or(b' ');
                (0..n).map(|i| at(a, i).cmp(&at(b, i))).find(|o| o.is_ne()).unwrap_or(std::cmp::Ordering::Equal)
            }
            (CaseKey::Int(_), CaseKey::Str(_)) => std::cmp::Ordering::Less,
            (CaseKey::Str(_), CaseKey::Int(_)) => std::cmp::Ordering::Greater,
        }
    }
    fn show(&self) -> String {
        match self {
            CaseKey::Int(v) => v.to_string(),
            CaseKey::Str(s) => format!("'{s}'"),
        }
    }
}

/// What the enclosing `do` loop is, for `exit`/`cycle` and the do-variable rule.
struct LoopCtx {
    name: Option<String>,
    var: Option<String>,
    /// Associated with an OpenACC loop directive without `seq`.
    acc_parallel: bool,
    /// Compute-construct nesting when the loop started.
    compute_depth: usize,
    /// A named `if`, `select case` or `block` construct (only `exit name` may leave it).
    construct: bool,
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
    /// `implicit` rules in force: the host's, then the unit's own (see [`check_with`]).
    implicit_rules: Vec<(char, char, BaseTy)>,
    diags: Vec<Diagnostic>,
    implicit_none: bool,
    reported: HashSet<String>,
    loops: Vec<LoopCtx>,
    /// Enclosing compute constructs (more than one only after an error).
    compute: Vec<AccKind>,
    /// The innermost parallelism level of enclosing OpenACC loops.
    par: Vec<Par>,
    /// What the whole file knows (moved in for the unit being checked).
    g: Global,
    kind: UnitKind,
    /// The unit's key in `g.procs` (procedures).
    key: Option<String>,
    recursive: bool,
    /// The name of a function's result variable.
    result_name: Option<String>,
    /// The module being checked.
    module: Option<String>,
    /// Procedures visible by name, with their keys.
    scope: HashMap<String, String>,
    /// Names given a type by a declaration in this unit.
    declared: HashSet<String>,
    /// Use-associated names and their modules.
    use_assoc: HashMap<String, String>,
    /// Names in `external` statements (not typed).
    ext_names: HashSet<String>,
    /// Names in `intrinsic` statements.
    intrinsics: HashSet<String>,
    /// A bare `save` statement is in force.
    save_all: bool,
    /// The routines of `openacc` are visible: calls of unknown `acc_*` names are reported.
    openacc: bool,
    /// The derived types visible by name.
    type_scope: HashSet<String>,
    /// The unit's flat index.
    idx: usize,
}

/// How the caller sees the type of a function it calls.
#[derive(Clone, Copy)]
enum Declared {
    /// Declared with a type in the calling unit.
    Typed(BaseTy),
    /// Implicitly typed by its first letter.
    Implicit(BaseTy),
    /// Not typed in the calling unit (module, internal procedure, interface).
    None,
}

impl Checker {
    fn new(g: Global, unit: &Unit, i: usize) -> Checker {
        let implicit_none = g.implicit_none.get(i).copied().unwrap_or(unit.implicit_none);
        let scope = g.scopes.get(i).cloned().unwrap_or_default();
        let key = g.keys.get(i).cloned().flatten();
        let openacc = g.openacc.get(i).copied().unwrap_or(false);
        Checker {
            syms: Symbols::default(),
            implicit_rules: unit.implicit_rules.clone(),
            diags: Vec::new(),
            implicit_none,
            reported: HashSet::new(),
            loops: Vec::new(),
            compute: Vec::new(),
            par: Vec::new(),
            g,
            kind: unit.kind,
            key,
            recursive: unit.recursive,
            result_name: (unit.kind == UnitKind::Function).then(|| unit.result.as_ref().unwrap_or(&unit.name).name.clone()),
            module: (unit.kind == UnitKind::Module).then(|| unit.name.name.clone()),
            scope,
            declared: HashSet::new(),
            use_assoc: HashMap::new(),
            ext_names: HashSet::new(),
            intrinsics: HashSet::new(),
            save_all: false,
            openacc,
            type_scope: HashSet::new(),
            idx: i,
        }
    }

    fn in_procedure(&self) -> bool {
        is_proc(self.kind)
    }

    /// The implicit type of `name` in this unit (its own `implicit` rules, then its host's).
    fn implicit(&self, name: &str) -> BaseTy {
        implicit_with(&self.implicit_rules, name)
    }

    /// Checks one unit (its procedures are separate units).
    fn unit(&mut self, unit: &mut Unit, host: Option<usize>, done: &[CheckedUnit]) {
        if let Some(hu) = host.and_then(|h| done.get(h)) {
            for s in &hu.symbols.list {
                let mut s = s.clone();
                s.dummy = None;
                if s.module.is_none() {
                    s.host = true;
                }
                self.syms.list.push(s);
            }
        }
        self.type_scope_start(unit, host);
        for u in &unit.uses {
            self.use_module(u, done);
        }
        self.declarations(unit);
        self.type_defs(unit, self.idx);
        self.deferred_inits();
        if unit.kind != UnitKind::Module {
            self.stmts(&mut unit.body);
        }
        for p in &unit.interfaces {
            self.interface_body(p);
        }
    }

    /// Imports the entities of a module.
    fn use_module(&mut self, u: &Use, done: &[CheckedUnit]) {
        let mname = &u.module.name;
        let imported = self.g.imported.get(mname).map(|(im, scope)| (im.symbols.clone(), scope.clone()));
        if let Some((symbols, mscope)) = imported {
            self.import_symbols(u, &symbols, &mscope, &HashSet::new());
            return;
        }
        if self.g.broken.contains(mname) {
            return;
        }
        let Some(&m) = self.g.modules.get(mname) else {
            if mname == "openacc" && !self.g.module_pos.contains_key(mname) {
                self.use_openacc(u);
            } else if let Some(table) = crate::intrinsic_modules::constants(mname).filter(|_| !self.g.module_pos.contains_key(mname)) {
                let m = mname.clone();
                self.use_constants(u, table, move |this, remote| {
                    this.err(Diagnostic::not_yet(format!("`{}` of the intrinsic module `{m}`", remote.name), remote.span));
                });
            } else if INTRINSIC_MODULES.contains(&mname.as_str()) {
                self.err(Diagnostic::not_yet(format!("the intrinsic module `{mname}`"), u.module.span));
            } else if self.g.module_pos.contains_key(mname) {
                self.err(
                    Diagnostic::error("E0120", format!("unknown module `{mname}`"), u.module.span)
                        .with_label("not defined before this point")
                        .with_note(format!(
                            "note: module `{mname}` is defined later in this file; a module must come before the units that use it"
                        )),
                );
            } else {
                self.err(
                    Diagnostic::error("E0120", format!("unknown module `{mname}`"), u.module.span)
                        .with_label("not defined in this file")
                        .with_note(format!(
                            "note: no module file `{mname}.gmod` was found; compile the file that defines it first, and pass its directory with `-I`"
                        )),
                );
            }
            return;
        };
        let Some(mu) = done.get(m) else { return };
        let mut mscope = self.g.scopes.get(m).cloned().unwrap_or_default();
        mscope.retain(|n, _| mu.unit.is_public(n));
        let mut public: Vec<Symbol> = mu.symbols.list.iter().filter(|s| mu.unit.is_public(&s.name)).cloned().collect();
        public.iter_mut().for_each(|s| crate::modfile::fold_symbol(s, &mu.symbols));
        let mut private: HashSet<String> = mu.symbols.list.iter().map(|s| s.name.clone()).filter(|n| !mu.unit.is_public(n)).collect();
        private.extend(self.g.scopes.get(m).into_iter().flatten().map(|(n, _)| n.clone()).filter(|n| !mu.unit.is_public(n)));
        self.import_symbols(u, &public, &mscope, &private);
    }

    /// Imports the entities `list` of a module (its procedures are in `mscope`).
    fn import_symbols(&mut self, u: &Use, list: &[Symbol], mscope: &HashMap<String, String>, private: &HashSet<String>) {
        let mname = &u.module.name;
        let msyms = Symbols { list: list.to_vec() };
        let wanted: Vec<(Ident, Ident)> = match &u.only {
            Some(list) => list.clone(),
            None => {
                let renamed: HashSet<&str> = u.renames.iter().map(|(_, r)| r.name.as_str()).collect();
                let mut all: Vec<(Ident, Ident)> = list
                    .iter()
                    .filter(|s| !renamed.contains(s.name.as_str()))
                    .map(|s| {
                        let id = Ident { name: s.name.clone(), span: u.module.span };
                        (id.clone(), id)
                    })
                    .collect();
                all.extend(u.renames.iter().cloned());
                all
            }
        };
        for (local, remote) in wanted {
            match msyms.get(&remote.name) {
                Some(s) => {
                    let mut s = s.clone();
                    // A constant of an intrinsic module (`module: None` in the module that
                    // uses it) stays a plain constant.
                    if !(s.parameter && s.module.is_none()) {
                        s.module_name = Some(s.module_name.clone().unwrap_or_else(|| s.name.clone()));
                        s.module = Some(s.module.clone().unwrap_or_else(|| mname.clone()));
                    }
                    s.name = local.name.clone();
                    s.host = false;
                    s.dummy = None;
                    if let Some(i) = self.syms.index(&local.name) {
                        if self.use_assoc.contains_key(&local.name) {
                            // Already imported (the same entity through two `use`s, or an
                            // ambiguous name that is an error only when referenced).
                            continue;
                        }
                        self.syms.list.remove(i);
                    }
                    self.use_assoc.insert(local.name.clone(), mname.clone());
                    self.syms.list.push(s);
                }
                None if mscope.contains_key(&remote.name) || self.type_scope.contains(&remote.name) => {}
                None if private.contains(&remote.name) => self.err(
                    Diagnostic::error("E0121", format!("`{}` is private in module `{mname}`", remote.name), remote.span)
                        .with_label("not accessible outside the module"),
                ),
                None => self.err(
                    Diagnostic::error("E0121", format!("`{}` is not in module `{mname}`", remote.name), remote.span)
                        .with_label("not found in the module"),
                ),
            }
        }
    }

    /// Imports the named constants of the intrinsic module `openacc` (its routines are in
    /// the unit's scope already, see [`Global::collect`]).
    fn use_openacc(&mut self, u: &Use) {
        self.use_constants(u, OPENACC_CONSTANTS, |this, remote| {
            if openacc_key(&remote.name).is_some() {
                return;
            }
            if remote.name.starts_with("acc_") {
                this.err(Diagnostic::not_yet(format!("the OpenACC routine `{}`", remote.name), remote.span));
            } else {
                this.err(
                    Diagnostic::error("E0121", format!("`{}` is not in module `openacc`", remote.name), remote.span)
                        .with_label("not found in the module"),
                );
            }
        });
    }

    /// Imports the named constants (`integer(4)`) of an intrinsic module: `openacc`,
    /// `iso_fortran_env`, `iso_c_binding`; `missing` reports a name the table lacks.
    fn use_constants(&mut self, u: &Use, table: &[(&str, i64)], missing: impl Fn(&mut Self, &Ident)) {
        let (mname, span) = (&u.module.name, u.module.span);
        let wanted: Vec<(Ident, Ident)> = match &u.only {
            Some(list) => list.clone(),
            None => {
                let renamed: HashSet<&str> = u.renames.iter().map(|(_, r)| r.name.as_str()).collect();
                let mut all: Vec<(Ident, Ident)> = table
                    .iter()
                    .filter(|(n, _)| !renamed.contains(n))
                    .map(|(n, _)| {
                        let id = Ident { name: n.to_string(), span };
                        (id.clone(), id)
                    })
                    .collect();
                all.extend(u.renames.iter().cloned());
                all
            }
        };
        for (local, remote) in wanted {
            let Some(&(_, v)) = table.iter().find(|(n, _)| *n == remote.name) else {
                missing(self, &remote);
                continue;
            };
            if let Some(i) = self.syms.index(&local.name) {
                if self.use_assoc.contains_key(&local.name) {
                    continue;
                }
                self.syms.list.remove(i);
            }
            let mut s = Symbol::new(local.name.clone(), BaseTy::Integer(4), remote.span);
            s.parameter = true;
            s.init = Some(Expr { kind: ExprKind::Int(v, 4), span: remote.span, ty: Ty::Scalar(BaseTy::Integer(4)) });
            self.use_assoc.insert(local.name.clone(), mname.clone());
            self.syms.list.push(s);
        }
    }

    /// Checks a `character` entity's length: a constant for variables, `*` for dummy
    /// arguments and parameters, `:` with `allocatable`; folds a constant length.
    fn char_entity(&mut self, si: usize, parameter: bool, allocatable: bool, rank: usize, ent: &Entity) {
        let Some(sym) = self.syms.list.get(si) else { return };
        let (dummy, mut len) = (sym.dummy.is_some(), sym.char_len.clone());
        // A procedure's local may take its length from a specification expression
        // evaluated on entry (an automatic length), as may a function result.
        let automatic_ok = self.in_procedure() && !parameter && !sym.save && sym.init.is_none() && sym.module.is_none();
        let sp = ent.name.span;
        match &mut len {
            None => {}
            Some(CharLen::Expr(e)) => {
                self.expr(e);
                match self.const_int(e) {
                    Some(v) => *e = Expr { kind: ExprKind::Int(v.max(0), 4), span: e.span, ty: Ty::Scalar(BaseTy::Integer(4)) },
                    None if e.ty == Ty::Unknown => {}
                    None if automatic_ok && matches!(e.ty, Ty::Scalar(BaseTy::Integer(_))) => {}
                    None => self.err(
                        Diagnostic::error("E0256", "the length of a `character` variable must be a constant", e.span)
                            .with_label("not a constant")
                            .with_note("note: only local variables of procedures may have a length computed on entry"),
                    ),
                }
            }
            Some(CharLen::Assumed(l)) if !dummy && !parameter => {
                self.err(
                    Diagnostic::error("E0257", "`character(len=*)` is only allowed for dummy arguments and parameters", *l)
                        .with_label("assumed length"),
                );
            }
            Some(CharLen::Assumed(_)) => {}
            Some(CharLen::Deferred(l)) => {
                if !allocatable {
                    self.err(
                        Diagnostic::error("E0258", "`character(len=:)` requires the `allocatable` attribute", *l)
                            .with_label("deferred length"),
                    );
                } else if rank > 0 {
                    self.err(Diagnostic::not_yet("arrays of deferred-length strings", sp));
                }
            }
        }
        let _ = (rank, allocatable);
        if let Some(s) = self.syms.list.get_mut(si) {
            s.char_len = len;
        }
    }

    /// The symbols of the unit's declarations, dummy arguments and result variable.
    fn declarations(&mut self, unit: &mut Unit) {
        let in_proc = self.in_procedure();
        // 1. Register every declared name, so that bounds may use names declared later.
        let mut registered: HashSet<(usize, usize)> = HashSet::new();
        for (di, d) in unit.decls.iter().enumerate() {
            for (ei, ent) in d.entities.iter().enumerate() {
                let name = ent.name.name.clone();
                if let Some(i) = self.syms.index(&name) {
                    if let Some(m) = self.use_assoc.get(&name) {
                        let m = m.clone();
                        self.err(
                            Diagnostic::error("E0105", format!("`{name}` is already use-associated from module `{m}`"), ent.name.span)
                                .with_label("declared again here"),
                        );
                        continue;
                    }
                    let from_host = self.syms.list.get(i).is_some_and(|s| s.host || (s.module.is_some() && self.module.is_none()));
                    if from_host {
                        self.syms.list.remove(i);
                    } else {
                        self.err(
                            Diagnostic::error("E0102", format!("`{name}` is declared more than once"), ent.name.span)
                                .with_label("declared again here"),
                        );
                        continue;
                    }
                }
                let dims: Vec<DimSpec> = ent.dims.clone().or_else(|| d.dimension.clone()).unwrap_or_default();
                let mut s = Symbol::new(name.clone(), d.base, ent.name.span);
                s.rank = dims.len().min(7) as u8;
                s.dims = dims;
                s.allocatable = d.allocatable;
                s.parameter = d.parameter;
                s.char_len = d.char_len.clone();
                s.intent = d.intent;
                s.optional = d.optional;
                s.save = d.save || self.save_all;
                s.external = d.external;
                s.module = self.module.clone();
                s.module_name = self.module.as_ref().map(|_| name.clone());
                self.declared.insert(name);
                self.syms.list.push(s);
                registered.insert((di, ei));
            }
        }
        // 2. Dummy arguments.
        for (pos, a) in unit.args.iter().enumerate() {
            if self.declared.contains(&a.name) {
                if let Some(i) = self.syms.index(&a.name) {
                    if let Some(s) = self.syms.list.get_mut(i) {
                        s.dummy = Some(pos);
                    }
                }
                continue;
            }
            if let Some(i) = self.syms.index(&a.name) {
                self.syms.list.remove(i);
            }
            // A dummy procedure given by an interface body: its type is the interface's.
            if let Some(iu) = unit.interfaces.iter().find(|i| i.name.name == a.name) {
                let base = match iu.kind {
                    UnitKind::Function => signature(iu).1.map_or(BaseTy::Real(4), |(b, _)| b),
                    _ => BaseTy::Integer(4),
                };
                let mut s = Symbol::new(a.name.clone(), base, a.span);
                s.dummy = Some(pos);
                s.external = true;
                self.syms.list.push(s);
                continue;
            }
            // `external g`: a dummy subroutine needs no type.
            let external = unit.externals.iter().any(|x| x.name == a.name);
            if self.implicit_none && !external && self.reported.insert(a.name.clone()) {
                self.err(
                    Diagnostic::error("E0101", format!("undeclared dummy argument `{}`", a.name), a.span)
                        .with_label("not declared")
                        .with_note("note: `implicit none` requires every dummy argument to be declared"),
                );
            }
            let mut s = Symbol::new(a.name.clone(), self.implicit(&a.name), a.span);
            s.dummy = Some(pos);
            self.syms.list.push(s);
        }
        // 3. A function's result variable.
        if let Some(r) = self.result_name.clone() {
            let rspan = unit.result.as_ref().map_or(unit.name.span, |r| r.span);
            if self.declared.contains(&r) {
                if unit.result_base.is_some() {
                    let sp = self.syms.get(&r).map_or(rspan, |s| s.span);
                    self.err(
                        Diagnostic::error("E0102", format!("the type of `{r}` is declared more than once"), sp)
                            .with_label("the function statement already gives its type"),
                    );
                }
                if let Some(s) = self.syms.get(&r) {
                    if s.dummy.is_some() || s.parameter {
                        let sp = s.span;
                        self.err(
                            Diagnostic::error(
                                "E0104",
                                format!("`{r}` is the function result; it cannot be a dummy argument or parameter"),
                                sp,
                            )
                            .with_label("the result variable"),
                        );
                    }
                }
            } else {
                if let Some(i) = self.syms.index(&r) {
                    self.syms.list.remove(i);
                }
                let base = match unit.result_base {
                    Some(b) => b,
                    None => {
                        if self.implicit_none {
                            self.err(
                                Diagnostic::error("E0101", format!("the result of function `{}` has no type", unit.name.name), rspan)
                                    .with_label("no type declared")
                                    .with_note(format!(
                                        "help: give the type in the function statement (`real function {}(...)`) or declare `{r}`",
                                        unit.name.name
                                    )),
                            );
                        }
                        self.implicit(&r)
                    }
                };
                let mut s = Symbol::new(r, base, rspan);
                if base == BaseTy::Character {
                    // `character(len=n) function f(...)`: checked like a declared length.
                    s.char_len = unit.result_char_len.clone();
                }
                self.syms.list.push(s);
                if base == BaseTy::Character && unit.result_char_len.is_some() {
                    let si = self.syms.list.len() - 1;
                    let ent = Entity { name: Ident { name: String::new(), span: rspan }, dims: None, init: None, span: rspan };
                    self.char_entity(si, false, false, 0, &ent);
                }
            }
        }
        // 4. Check bounds and initial values.
        for (di, d) in unit.decls.iter_mut().enumerate() {
            if let Some(dims) = &mut d.dimension {
                for dim in dims.iter_mut() {
                    self.dim_exprs(dim);
                }
            }
            for (ei, ent) in d.entities.iter_mut().enumerate() {
                if !registered.contains(&(di, ei)) {
                    continue;
                }
                if let Some(dims) = &mut ent.dims {
                    for dim in dims.iter_mut() {
                        self.dim_exprs(dim);
                    }
                }
                self.entity(d.base, d.parameter, d.allocatable, d.dimension.as_deref(), ent, in_proc);
            }
        }
        // 5. `save`, `external` and `intrinsic` statements.
        if unit.save_all {
            self.save_all = true;
            for s in self.syms.list.iter_mut() {
                if !s.host && s.dummy.is_none() && !s.parameter && s.module == self.module && !s.external {
                    s.save = true;
                }
            }
        }
        for n in &unit.saved {
            match self.syms.index(&n.name) {
                Some(i) if self.declared.contains(&n.name) || self.syms.list.get(i).is_some_and(|s| s.dummy.is_some()) => {
                    let Some(s) = self.syms.list.get_mut(i) else { continue };
                    if s.dummy.is_some() || s.parameter {
                        let what = if s.parameter { "a parameter" } else { "a dummy argument" };
                        self.err(
                            Diagnostic::error("E0104", format!("`{}` is {what} and cannot be saved", n.name), n.span)
                                .with_label("not a local variable"),
                        );
                    } else {
                        s.save = true;
                    }
                }
                _ => {
                    if let Some(i) = self.lookup(n) {
                        if let Some(s) = self.syms.list.get_mut(i) {
                            s.save = true;
                        }
                    }
                }
            }
        }
        for n in &unit.externals {
            match self.syms.index(&n.name) {
                Some(i) if self.declared.contains(&n.name) || self.syms.list.get(i).is_some_and(|s| s.dummy.is_some()) => {
                    if let Some(s) = self.syms.list.get_mut(i) {
                        s.external = true;
                    }
                }
                _ => {
                    self.ext_names.insert(n.name.clone());
                }
            }
        }
        for n in &unit.intrinsics {
            self.intrinsics.insert(n.name.clone());
        }
        // 6. `data` statements become initial values (and imply `save`).
        let sets = std::mem::take(&mut unit.data);
        for set in &sets {
            self.data_set(set);
        }
        unit.data = sets;
    }

    /// The constant bounds (lower bound, extent) of a symbol's dimensions.
    fn const_shape(&self, s: &Symbol) -> Option<Vec<(i64, i64)>> {
        s.dims
            .iter()
            .map(|d| match d {
                DimSpec::Explicit { lo, hi } => {
                    let l = lo.as_ref().map_or(Some(1), |e| self.const_int(e))?;
                    Some((l, (self.const_int(hi)? - l + 1).max(0)))
                }
                _ => None,
            })
            .collect()
    }

    /// One `objects / values /` pair: each object gets its value in order; the values of
    /// a variable (with zeros for array elements not named) become its initial value.
    fn data_set(&mut self, set: &DataSet) {
        // The objects, expanded: (symbol name, element position or whole variable, span).
        let mut targets: Vec<(String, Option<i64>, Span)> = Vec::new();
        let mut binds: Vec<(String, i64)> = Vec::new();
        if !self.data_targets(&set.objects, &mut binds, &mut targets) {
            return;
        }
        // The values, with repeat counts expanded.
        let mut values: Vec<Expr> = Vec::new();
        for (rep, v) in &set.values {
            let mut v = v.clone();
            self.expr(&mut v);
            if v.ty == Ty::Unknown {
                return;
            }
            if !self.is_const(&v) {
                self.err(Diagnostic::error("E0205", "a `data` value must be a constant", v.span).with_label("not constant"));
                return;
            }
            let n = match rep {
                None => 1,
                Some(r) => match self.const_int(r) {
                    Some(n) if n >= 0 => n,
                    _ => {
                        self.err(
                            Diagnostic::error("E0205", "a `data` repeat count must be a non-negative integer constant", r.span)
                                .with_label("not a repeat count"),
                        );
                        return;
                    }
                },
            };
            for _ in 0..n.min(1 << 24) {
                values.push(v.clone());
            }
        }
        // Whole arrays take as many values as they have elements.
        let mut slots: Vec<(String, Option<i64>, Span)> = Vec::new();
        for (name, pos, sp) in targets {
            let Some(s) = self.syms.get(&name) else { continue };
            if pos.is_none() && s.rank > 0 {
                let Some(shape) = self.const_shape(s) else {
                    self.err(Diagnostic::not_yet("`data` for arrays without constant bounds", sp));
                    return;
                };
                let n: i64 = shape.iter().map(|(_, e)| e).product();
                for k in 0..n {
                    slots.push((name.clone(), Some(k), sp));
                }
            } else {
                slots.push((name, pos, sp));
            }
        }
        if slots.len() != values.len() {
            self.err(
                Diagnostic::error(
                    "E0232",
                    format!("this `data` statement has {} object(s) but {} value(s)", slots.len(), values.len()),
                    set.span,
                )
                .with_label("the numbers of objects and values must agree"),
            );
            return;
        }
        for ((name, pos, sp), v) in slots.into_iter().zip(values) {
            let Some(i) = self.syms.index(&name) else { continue };
            let Some(s) = self.syms.list.get(i) else { continue };
            let (base, rank, shape) = (s.base, s.rank, self.const_shape(s));
            if !self.assign_compat(Ty::Scalar(base), v.ty, v.span) {
                continue;
            }
            let in_program = self.kind == UnitKind::Program;
            let Some(s) = self.syms.list.get_mut(i) else { continue };
            if rank == 0 {
                s.init = Some(v);
            } else {
                let Some(shape) = shape else { continue };
                let n: i64 = shape.iter().map(|(_, e)| e).product();
                let zero = |sp: Span| match base {
                    BaseTy::Integer(k) => Expr { kind: ExprKind::Int(0, k), span: sp, ty: Ty::Scalar(base) },
                    BaseTy::Real(k) => Expr { kind: ExprKind::Real(0.0, k), span: sp, ty: Ty::Scalar(base) },
                    BaseTy::Logical => Expr { kind: ExprKind::Logical(false), span: sp, ty: Ty::Scalar(base) },
                    BaseTy::Complex(k) => {
                        let z = Expr { kind: ExprKind::Real(0.0, k), span: sp, ty: Ty::Scalar(BaseTy::Real(k)) };
                        Expr { kind: ExprKind::Complex(Box::new(z.clone()), Box::new(z)), span: sp, ty: Ty::Scalar(base) }
                    }
                    _ => Expr { kind: ExprKind::Str(String::new()), span: sp, ty: Ty::Scalar(base) },
                };
                let mut items: Vec<CtorItem> = match s.init.take() {
                    Some(Expr { kind: ExprKind::ArrayCtor(items), .. }) if items.len() as i64 == n => items,
                    _ => (0..n).map(|_| CtorItem::Expr(zero(sp))).collect(),
                };
                if let Some(slot) = pos.and_then(|p| items.get_mut(p as usize)) {
                    *slot = CtorItem::Expr(v);
                }
                s.init = Some(Expr { kind: ExprKind::ArrayCtor(items), span: sp, ty: Ty::Array(base, 1) });
            }
            if !in_program {
                s.save = true;
            }
        }
    }

    /// Expands `data` objects into (variable, element position) pairs; implied-do
    /// variables take the constant values in `binds`.
    fn data_targets(&mut self, objects: &[CtorItem], binds: &mut Vec<(String, i64)>, out: &mut Vec<(String, Option<i64>, Span)>) -> bool {
        for it in objects {
            match it {
                CtorItem::Expr(e) => {
                    let (name, subs) = match &e.kind {
                        ExprKind::Name(id) => (id, None),
                        ExprKind::Apply { name, args } => (name, Some(args)),
                        _ => {
                            self.err(Diagnostic::error("E0233", "a `data` object must be a variable or an array element", e.span));
                            return false;
                        }
                    };
                    if self.syms.get(&name.name).is_some_and(|s| matches!(s.base, BaseTy::Derived(_) | BaseTy::Complex(_))) {
                        self.err(Diagnostic::not_yet("`data` for derived-type and complex variables", e.span));
                        return false;
                    }
                    let Some(s) = self.syms.get(&name.name).cloned() else {
                        if self.implicit_none {
                            self.err(
                                Diagnostic::error("E0101", format!("undeclared variable `{}`", name.name), name.span)
                                    .with_label("not declared"),
                            );
                            return false;
                        }
                        let s = Symbol::new(name.name.clone(), self.implicit(&name.name), name.span);
                        self.syms.list.push(s);
                        out.push((name.name.clone(), None, e.span));
                        continue;
                    };
                    if s.dummy.is_some()
                        || s.parameter
                        || s.allocatable
                        || s.module.as_deref().is_some_and(|m| Some(m) != self.module.as_deref())
                    {
                        self.err(
                            Diagnostic::error("E0233", format!("`{}` cannot be initialised by `data`", name.name), name.span)
                                .with_label("a dummy argument, parameter, allocatable or use-associated variable"),
                        );
                        return false;
                    }
                    let Some(subs) = subs else {
                        out.push((name.name.clone(), None, e.span));
                        continue;
                    };
                    let Some(shape) = self.const_shape(&s) else {
                        self.err(Diagnostic::not_yet("`data` for elements of arrays without constant bounds", e.span));
                        return false;
                    };
                    if subs.len() != shape.len() {
                        self.err(Diagnostic::not_yet("sections and substrings in `data`", e.span));
                        return false;
                    }
                    // The subscripts each dimension takes (a section walks its range).
                    let mut per_dim: Vec<Vec<i64>> = Vec::new();
                    for (a, (lb, ext)) in subs.iter().zip(&shape) {
                        let c = |g: &mut Self, x: Option<&Expr>, dflt: i64| -> Option<i64> {
                            let Some(x) = x else { return Some(dflt) };
                            let x = substitute(x, binds);
                            let v = g.const_int(&x);
                            if v.is_none() {
                                g.err(
                                    Diagnostic::error("E0205", "a `data` subscript must be a constant", x.span).with_label("not constant"),
                                );
                            }
                            v
                        };
                        let vals: Vec<i64> = match a {
                            Arg::Index(x) => vec![match c(self, Some(x), 0) {
                                Some(v) => v,
                                None => return false,
                            }],
                            Arg::Range { lo, hi, stride, .. } => {
                                let (Some(l), Some(h), Some(st)) =
                                    (c(self, lo.as_ref(), *lb), c(self, hi.as_ref(), lb + ext - 1), c(self, stride.as_ref(), 1))
                                else {
                                    return false;
                                };
                                if st == 0 {
                                    return false;
                                }
                                let mut v = Vec::new();
                                let mut k = l;
                                while (st > 0 && k <= h) || (st < 0 && k >= h) {
                                    v.push(k);
                                    k += st;
                                }
                                v
                            }
                            Arg::Keyword(..) => return false,
                        };
                        if let Some(v) = vals.iter().find(|v| **v < *lb || **v >= lb + ext) {
                            self.err(
                                Diagnostic::error("E0233", format!("subscript {v} is out of the bounds of `{}`", name.name), a_span(a))
                                    .with_label("out of bounds"),
                            );
                            return false;
                        }
                        per_dim.push(vals);
                    }
                    // Every combination, the first dimension fastest.
                    let mut at = vec![0usize; per_dim.len()];
                    if per_dim.iter().any(Vec::is_empty) {
                        continue;
                    }
                    loop {
                        let mut pos = 0i64;
                        let mut stride = 1i64;
                        for ((vals, &a), (lb, ext)) in per_dim.iter().zip(&at).zip(&shape) {
                            pos += (vals.get(a).copied().unwrap_or(*lb) - lb) * stride;
                            stride *= ext;
                        }
                        out.push((name.name.clone(), Some(pos), e.span));
                        // Next combination: an odometer over the dimensions.
                        let mut carried = true;
                        for (a, vals) in at.iter_mut().zip(&per_dim) {
                            *a += 1;
                            if *a < vals.len() {
                                carried = false;
                                break;
                            }
                            *a = 0;
                        }
                        if carried {
                            break;
                        }
                    }
                }
                CtorItem::ImpliedDo(d) => {
                    let lo = self.const_int(&substitute(&d.lo, binds));
                    let hi = self.const_int(&substitute(&d.hi, binds));
                    let st = d.step.as_ref().map_or(Some(1), |s| self.const_int(&substitute(s, binds)));
                    let (Some(lo), Some(hi), Some(st)) = (lo, hi, st) else {
                        self.err(Diagnostic::error(
                            "E0205",
                            "the bounds of a `data` implied-do must be constants",
                            d.lo.span.to(d.hi.span),
                        ));
                        return false;
                    };
                    if st == 0 {
                        self.err(Diagnostic::error("E0205", "the step of a `data` implied-do cannot be zero", d.var.span));
                        return false;
                    }
                    let mut i = lo;
                    let mut guard = 0;
                    while (st > 0 && i <= hi) || (st < 0 && i >= hi) {
                        binds.push((d.var.name.clone(), i));
                        let ok = self.data_targets(&d.items, binds, out);
                        binds.pop();
                        if !ok {
                            return false;
                        }
                        i += st;
                        guard += 1;
                        if guard > 1 << 24 {
                            break;
                        }
                    }
                }
            }
        }
        true
    }

    /// The checks of one declared entity (its bounds' expressions are already checked).
    fn entity(&mut self, base: BaseTy, parameter: bool, allocatable: bool, dimension: Option<&[DimSpec]>, ent: &mut Entity, in_proc: bool) {
        let name = ent.name.name.clone();
        let dims: Vec<DimSpec> = ent.dims.clone().or_else(|| dimension.map(<[DimSpec]>::to_vec)).unwrap_or_default();
        let Some(si) = self.syms.index(&name) else { return };
        let Some(sym) = self.syms.list.get(si) else { return };
        let (dummy, intent, optional, save, external) = (sym.dummy, sym.intent, sym.optional, sym.save, sym.external);
        let is_result = self.result_name.as_deref() == Some(name.as_str());
        let deferred = dims.iter().any(DimSpec::is_assumed_shape);
        let all_deferred = dims.iter().all(|x| matches!(x, DimSpec::Deferred(_)));
        let lower_only = dims.iter().find_map(|x| match x {
            DimSpec::AssumedLo { span, .. } => Some(*span),
            _ => None,
        });
        let assumed_size = dims.iter().find_map(|x| match x {
            DimSpec::AssumedSize(sp) => Some(*sp),
            _ => None,
        });
        if let (Some(sp), None) = (lower_only, dummy) {
            self.err(
                Diagnostic::error("E0034", "an upper bound is required here", sp)
                    .with_label("assumed-shape bounds are only allowed for dummy arguments"),
            );
        } else if allocatable {
            if dummy.is_some() {
                self.err(Diagnostic::not_yet("allocatable dummy arguments", ent.name.span));
            } else if is_result {
                self.err(Diagnostic::not_yet("allocatable function results", ent.name.span));
            } else if dims.is_empty() && base != BaseTy::Character {
                self.err(Diagnostic::not_yet("allocatable scalars", ent.name.span));
            } else if !all_deferred {
                let colons = vec![":"; dims.len()].join(",");
                self.err(
                    Diagnostic::error("E0103", format!("allocatable array `{name}` must have a deferred shape"), ent.span)
                        .with_label("explicit bounds given")
                        .with_note(format!("help: declare it as `{name}({colons})` and give the bounds in `allocate`")),
                );
            }
        } else if deferred && dummy.is_some() {
            if !dims.iter().all(DimSpec::is_assumed_shape) {
                self.err(
                    Diagnostic::error("E0103", format!("assumed-shape array `{name}` must have `:` for every bound"), ent.span)
                        .with_label("`:` mixed with other bounds"),
                );
            }
        } else if deferred {
            self.err(
                Diagnostic::error("E0103", format!("array `{name}` has a deferred shape but is not allocatable"), ent.span)
                    .with_label("`:` bounds need `allocatable`")
                    .with_note("help: add the `allocatable` attribute, or give explicit bounds"),
            );
        }
        if let Some(sp) = assumed_size {
            if dummy.is_none() {
                self.err(
                    Diagnostic::error("E0034", "assumed-size arrays are only allowed for dummy arguments", sp)
                        .with_label("`*` is not allowed here"),
                );
            } else if !matches!(dims.last(), Some(DimSpec::AssumedSize(_)))
                || dims.iter().rev().skip(1).any(|d| !matches!(d, DimSpec::Explicit { .. }))
            {
                self.err(
                    Diagnostic::error("E0034", "only the last bound of an assumed-size array can be `*`", sp)
                        .with_label("the other bounds must be explicit"),
                );
            }
        }
        // Bounds: constant, except for dummy arguments (specification expressions).
        if dummy.is_none() && !allocatable {
            for d in &dims {
                if let DimSpec::Explicit { lo, hi } = d {
                    for e in lo.iter().chain(std::iter::once(hi)) {
                        if e.ty != Ty::Unknown && self.const_int(e).is_none() {
                            if in_proc {
                                // An automatic array: its bounds are evaluated on entry.
                            } else {
                                self.err(
                                    Diagnostic::error("E0204", "array bounds in a declaration must be constant", e.span)
                                        .with_label("not a constant")
                                        .with_note("help: use an integer parameter, or declare the array `allocatable`"),
                                );
                            }
                        }
                    }
                }
            }
        }
        if base == BaseTy::Character {
            self.char_entity(si, parameter, allocatable, dims.len(), ent);
        }
        if parameter && !dims.is_empty() && dims.len() > 1 {
            self.err(Diagnostic::not_yet("array parameters of rank greater than 1", ent.name.span));
        }
        if parameter && allocatable {
            self.err(
                Diagnostic::error("E0104", "a parameter cannot be allocatable", ent.name.span)
                    .with_label("both `parameter` and `allocatable`"),
            );
        }
        if let Some(i) = intent {
            if dummy.is_none() {
                self.err(
                    Diagnostic::error("E0033", "the `intent` attribute is only allowed on dummy arguments", ent.name.span)
                        .with_label(format!("`{name}` is not a dummy argument"))
                        .with_note(format!("note: `intent({})` was given in the declaration", intent_name(i))),
                );
            }
        }
        if optional && dummy.is_none() {
            self.err(
                Diagnostic::error("E0033", "the `optional` attribute is only allowed on dummy arguments", ent.name.span)
                    .with_label(format!("`{name}` is not a dummy argument")),
            );
        }
        if dummy.is_some() && (parameter || save || ent.init.is_some()) {
            let what = if parameter {
                "be a parameter"
            } else if ent.init.is_some() {
                "have an initial value"
            } else {
                "be saved"
            };
            self.err(
                Diagnostic::error("E0104", format!("dummy argument `{name}` cannot {what}"), ent.name.span).with_label("a dummy argument"),
            );
        }
        if external && (!dims.is_empty() || parameter || allocatable) {
            self.err(
                Diagnostic::error(
                    "E0104",
                    format!("the external function `{name}` cannot be an array, parameter or allocatable"),
                    ent.name.span,
                )
                .with_label("a procedure"),
            );
        }
        if let Some(init) = &mut ent.init {
            self.expr(init);
            let what = if parameter { format!("the value of parameter `{name}`") } else { format!("the initial value of `{name}`") };
            if init.ty != Ty::Unknown && !self.is_const(init) {
                self.err(Diagnostic::error("E0205", format!("{what} must be a constant expression"), init.span).with_label("not constant"));
            } else if allocatable {
                self.err(
                    Diagnostic::error("E0104", format!("allocatable array `{name}` cannot have an initial value"), init.span)
                        .with_label("not allowed"),
                );
            } else {
                let target = with_rank(base, 0);
                self.assign_compat(target, init.ty, init.span);
                if init.ty.rank() > 0 && !(init.ty.rank() == 1 && dims.len() == 1) {
                    self.err(
                        Diagnostic::error("E0231", format!("cannot initialise `{name}` with an array"), init.span)
                            .with_label(format!("this is a {}", ty_name(init.ty))),
                    );
                } else if let (ExprKind::ArrayCtor(items), [DimSpec::Explicit { lo, hi }]) = (&init.kind, dims.as_slice()) {
                    // A constructor of scalars must have as many elements as the array.
                    let lo = lo.as_ref().map_or(Some(1), |e| self.const_int(e));
                    let scalars = items.iter().all(|it| matches!(it, CtorItem::Expr(e) if e.ty.rank() == 0));
                    if let (Some(lo), Some(hi), true) = (lo, self.const_int(hi), scalars) {
                        let n = (hi - lo + 1).max(0);
                        if n != items.len() as i64 {
                            self.err(
                                Diagnostic::error(
                                    "E0231",
                                    format!("the initial value of `{name}` has {} elements, but `{name}` has {n}", items.len()),
                                    init.span,
                                )
                                .with_label("shapes must conform"),
                            );
                        }
                    }
                }
            }
        } else if parameter {
            self.err(
                Diagnostic::error("E0104", format!("parameter `{name}` has no value"), ent.name.span)
                    .with_label(format!("expected `{name} = <constant>`")),
            );
        }
        let implied_save = ent.init.is_some() && !parameter && self.kind != UnitKind::Program;
        let init = ent.init.clone();
        if let Some(s) = self.syms.list.get_mut(si) {
            s.dims = dims;
            s.init = init;
            s.save |= implied_save;
        }
    }

    /// Checks the expressions of one dimension: scalar integers.
    fn dim_exprs(&mut self, dim: &mut DimSpec) {
        if let DimSpec::AssumedLo { lo, .. } = dim {
            self.expr(lo);
            self.want_int_scalar(lo, "array bounds must be scalar integers");
        }
        if let DimSpec::Explicit { lo, hi } = dim {
            for e in lo.iter_mut().chain(std::iter::once(hi)) {
                self.expr(e);
                self.want_int_scalar(e, "array bounds must be scalar integers");
            }
        }
    }

    /// Light checks of an interface body: its dummy arguments have types.
    fn interface_body(&mut self, p: &Unit) {
        if !p.implicit_none {
            return;
        }
        for a in &p.args {
            if find_decl(&p.decls, &a.name).is_none() && !p.externals.iter().any(|x| x.name == a.name) {
                self.err(
                    Diagnostic::error("E0101", format!("undeclared dummy argument `{}`", a.name), a.span)
                        .with_label("not declared")
                        .with_note("note: `implicit none` requires every dummy argument to be declared"),
                );
            }
        }
        for d in &p.decls {
            if d.base == BaseTy::Character && !d.parameter && !matches!(d.char_len, Some(CharLen::Assumed(_))) {
                if let Some(e) = d.entities.first() {
                    self.err(Diagnostic::not_yet("character dummy arguments other than `character(len=*)`", e.name.span));
                }
            }
        }
    }

    // ----- procedures -----

    /// The key of an external procedure `name`, made up at its first reference.
    fn ext_key(&mut self, name: &str) -> String {
        if let Some(k) = self.g.externals.get(name) {
            return k.clone();
        }
        let mut key = name.to_string();
        if self.g.procs.map.contains_key(&key) {
            key = format!("{name}_");
        }
        while self.g.procs.map.contains_key(&key) {
            key.push('\'');
        }
        self.g.externals.insert(name.to_string(), key.clone());
        key
    }

    /// The key of the procedure an actual argument names, if it is a bare procedure name.
    fn procedure_actual(&mut self, e: &Expr) -> Option<String> {
        let ExprKind::Name(id) = &e.kind else { return None };
        let n = &id.name;
        match self.syms.get(n) {
            Some(s) if s.external && s.dummy.is_some() => Some(self.dummy_proc_key(n)),
            Some(s) if s.external => Some(match self.function_key(n) {
                Some(k) => k,
                None => self.ext_key(n),
            }),
            Some(_) => None,
            None => match self.scope.get(n) {
                Some(k) => Some(k.clone()),
                None if self.ext_names.contains(n) => Some(self.ext_key(n)),
                None => None,
            },
        }
    }

    /// The key of a dummy procedure of this unit: its calls go through the address the
    /// caller passed (link name `@dummy:NAME`, see gimplify).
    fn dummy_proc_key(&mut self, n: &str) -> String {
        let key = format!("{n}@dummy@{}", self.key.as_deref().unwrap_or("main"));
        // With an interface body in this unit, calls are checked against it.
        if !self.g.procs.map.contains_key(&key) {
            if let Some(sig) = self.scope.get(n).and_then(|k| self.g.procs.map.get(k)).filter(|p| p.explicit && !p.defined).cloned() {
                self.g.procs.map.insert(key.clone(), sig);
            }
        }
        if let Some(p) = self.g.procs.map.get_mut(&key) {
            p.link_name = format!("@dummy:{n}");
        }
        key
    }

    /// Resolves `call name(args)`.
    #[inline(never)]
    fn call_stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        let StmtKind::Call { name, args } = &mut s.kind else { return };
        let name = std::mem::replace(name, Ident { name: String::new(), span: Span::default() });
        let args = std::mem::take(args);
        let cspan = Span { lo: name.span.lo, hi: span.hi };
        let n = name.name.clone();
        let key = if let Some(k) = self.scope.get(&n) {
            Some(k.clone())
        } else if self.ext_names.contains(&n) {
            Some(self.ext_key(&n))
        } else if let Some(sym) = self.syms.get(&n) {
            if sym.external && sym.dummy.is_some() {
                let k = self.dummy_proc_key(&n);
                let (name, args, _) = self.call_user(k.clone(), name, args, false, cspan, Declared::None);
                self.dummy_proc_key(&n);
                s.kind = StmtKind::Call { name, args };
                return;
            }
            if sym.external {
                let b = sym.base;
                self.err(
                    Diagnostic::error("E0124", format!("function `{n}` cannot be called with `call`"), name.span)
                        .with_label(format!("`{n}` is declared as a `{}` function", base_name(b)))
                        .with_note("help: use its result in an expression"),
                );
                s.kind = StmtKind::Call { name, args };
                return;
            }
            if IntrinsicSub::from_name(&n).is_none() {
                self.err(
                    Diagnostic::error("E0124", format!("`{n}` is a variable, not a subroutine"), name.span).with_label("not a subroutine"),
                );
                s.kind = StmtKind::Call { name, args };
                return;
            }
            None
        } else if IntrinsicSub::from_name(&n).is_some() {
            None
        } else if let Some(k) = self.g.externals.get(&n) {
            Some(k.clone())
        } else if Intrinsic::from_name(&n).is_some() || OTHER_INTRINSICS.contains(&n.as_str()) {
            self.err(
                Diagnostic::error("E0124", format!("`{n}` is an intrinsic function, not a subroutine"), name.span)
                    .with_label("not a subroutine")
                    .with_note("help: use its result in an expression"),
            );
            s.kind = StmtKind::Call { name, args };
            return;
        } else if self.openacc && n.starts_with("acc_") {
            self.err(Diagnostic::not_yet(format!("the OpenACC routine `{n}`"), name.span));
            s.kind = StmtKind::Call { name, args };
            return;
        } else {
            Some(self.ext_key(&n))
        };
        match key {
            Some(k) => {
                let (name, args, _) = self.call_user(k, name, args, false, cspan, Declared::None);
                s.kind = StmtKind::Call { name, args };
            }
            None => {
                let Some(sub) = IntrinsicSub::from_name(&n) else { return };
                let args = self.intrinsic_sub(sub, &name, args, cspan);
                s.kind = StmtKind::IntrinsicCall { sub, args };
            }
        }
    }

    /// A call of a user procedure (`func`: as a function). Checks the arguments against the
    /// interface (or records them for an external procedure without one). Returns the
    /// callee's key as the name, the arguments and the result type.
    #[inline(never)]
    fn call_user(
        &mut self,
        key: String,
        name: Ident,
        mut args: Vec<Arg>,
        func: bool,
        span: Span,
        declared: Declared,
    ) -> (Ident, Vec<Arg>, Ty) {
        // A `block`-local name renamed by the parser (`name@bN`) names the procedure `name`.
        let fname = name.name.split_once('@').map_or(name.name.as_str(), |(n, _)| n).to_string();
        let mut bad = false;
        for a in args.iter_mut() {
            match a {
                Arg::Index(e) | Arg::Keyword(_, e) => {
                    // A procedure name as an actual argument (for a dummy procedure).
                    if let Some(k) = self.procedure_actual(e) {
                        let Some(k) = self.generic_actual(k, e.span) else {
                            bad = true;
                            continue;
                        };
                        e.kind = ExprKind::Name(Ident { name: format!("{PROC_ACTUAL}{k}"), span: e.span });
                        e.ty = Ty::Scalar(BaseTy::Integer(8));
                        continue;
                    }
                    self.expr(e);
                    bad |= e.ty == Ty::Unknown;
                }
                Arg::Range { span, .. } => {
                    self.err(
                        Diagnostic::error("E0208", format!("a range is not an argument of `{fname}`"), *span)
                            .with_label("ranges are only allowed in array subscripts"),
                    );
                    bad = true;
                }
            }
        }
        let via_generic = self.g.procs.generics.contains_key(&key);
        let key = if via_generic {
            if bad {
                return (Ident { name: key, span: name.span }, args, Ty::Unknown);
            }
            match self.resolve_generic(&key, &fname, &args, func, span) {
                Some(k) => k,
                None => return (Ident { name: key, span: name.span }, args, Ty::Unknown),
            }
        } else {
            key
        };
        let call_name = Ident { name: key.clone(), span: name.span };
        if self.in_compute() {
            if self.g.procs.map.get(&key).is_some_and(|p| p.api) {
                self.err(Diagnostic::not_yet(format!("calls of the OpenACC routine `{fname}` inside a compute construct"), span));
            } else {
                self.err(Diagnostic::not_yet("calls of user procedures inside a compute construct (`!$acc routine`)", span));
            }
            return (call_name, args, Ty::Unknown);
        }
        let Some(sig) = self.g.procs.map.get(&key).cloned() else {
            // The first reference of an external procedure without an interface.
            if let Some(k) = args.iter().find_map(|a| match a {
                Arg::Keyword(k, _) => Some(k.span),
                _ => None,
            }) {
                self.err(
                    Diagnostic::error("E0125", "keyword arguments need an explicit interface", k)
                        .with_label(format!("`{fname}` has no explicit interface")),
                );
                return (call_name, args, Ty::Unknown);
            }
            let result = match declared {
                Declared::Typed(b) | Declared::Implicit(b) => Some((b, 0)),
                Declared::None => None,
            };
            if !bad {
                let argsigs = args
                    .iter()
                    .enumerate()
                    .filter_map(|(i, a)| match a {
                        Arg::Index(e) => Some(ArgSig {
                            name: format!("arg{}", i + 1),
                            base: e.ty.base()?,
                            rank: e.ty.rank(),
                            assumed_shape: false,
                            intent: None,
                            optional: false,
                        }),
                        _ => None,
                    })
                    .collect();
                let kind = if func { UnitKind::Function } else { UnitKind::Subroutine };
                self.g.procs.map.insert(
                    key,
                    ProcSig {
                        name: fname.clone(),
                        kind,
                        link_name: format!("{fname}_"),
                        args: argsigs,
                        result: if func { result } else { None },
                        defined: false,
                        explicit: false,
                        module: None,
                        elemental: false,
                        api: false,
                    },
                );
            }
            let ty = match (func, result) {
                (true, Some((b, _))) => Ty::Scalar(b),
                _ => Ty::Unknown,
            };
            return (call_name, args, ty);
        };
        if let Some(d) =
            sig.args.iter().find(|d| d.assumed_shape).filter(|_| {
                !sig.api && !via_generic && self.key.as_deref() != Some(key.as_str()) && !self.scope.values().any(|k| *k == key)
            })
        {
            // An external procedure defined in this file but without an interface here.
            self.err(
                Diagnostic::error("E0125", format!("`{fname}` needs an explicit interface here"), name.span)
                    .with_label(format!("its dummy `{}` is an assumed-shape array", d.name))
                    .with_note(format!("help: put `{fname}` in a module, or declare it in an `interface` block")),
            );
            return (call_name, args, Ty::Unknown);
        }
        if func && sig.kind == UnitKind::Subroutine {
            self.err(
                Diagnostic::error("E0124", format!("subroutine `{fname}` cannot be used as a function"), name.span)
                    .with_label(format!("`{fname}` is a subroutine"))
                    .with_note(format!("help: call it with `call {fname}(...)`")),
            );
            return (call_name, args, Ty::Unknown);
        }
        if !func && sig.kind == UnitKind::Function {
            self.err(
                Diagnostic::error("E0124", format!("function `{fname}` cannot be called with `call`"), name.span)
                    .with_label(format!("`{fname}` is a function"))
                    .with_note("help: use its result in an expression"),
            );
            return (call_name, args, Ty::Unknown);
        }
        if self.key.as_deref() == Some(key.as_str()) && !self.recursive {
            let w = unit_word(sig.kind);
            self.err(
                Diagnostic::error("E0126", format!("`{fname}` calls itself, but it is not `recursive`"), name.span)
                    .with_label("recursive call")
                    .with_note(format!("help: declare it `recursive {w} {fname}(...)`")),
            );
        }
        let mut ty = sig.result.map_or(Ty::Unknown, |(b, r)| with_rank(b, r));
        if let (Some((rb, _)), Declared::Typed(db) | Declared::Implicit(db)) = (sig.result, declared) {
            if rb != db {
                let how = match declared {
                    Declared::Typed(_) => format!("it is declared `{}` here", base_name(db)),
                    _ => format!("its implicit type here is `{}`", base_name(db)),
                };
                self.err(
                    Diagnostic::error("E0230", format!("`{fname}` returns `{}`, but {how}", base_name(rb)), name.span)
                        .with_label("mismatched result type")
                        .with_note(format!("help: declare `{} :: {fname}` in this unit", base_name(rb))),
                );
                return (call_name, args, Ty::Unknown);
            }
        }
        if bad {
            return (call_name, args, ty);
        }
        let ok = if sig.explicit { self.explicit_args(&sig, &fname, &args, span) } else { self.implicit_args(&sig, &fname, &args, span) };
        if !ok {
            return (call_name, args, Ty::Unknown);
        }
        if sig.api {
            args = api_keyword_args(&sig, args);
        }
        if sig.elemental && ty.rank() == 0 {
            if let Some(b) = ty.base() {
                let rank = args
                    .iter()
                    .filter_map(|a| match a {
                        Arg::Index(e) | Arg::Keyword(_, e) => Some(e.ty.rank()),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                ty = with_rank(b, rank);
            }
        }
        (call_name, args, ty)
    }

    /// Matches the actual arguments with an explicit interface. False after an error.
    #[inline(never)]
    fn explicit_args(&mut self, sig: &ProcSig, fname: &str, args: &[Arg], span: Span) -> bool {
        let n = sig.args.len();
        let mut slots: Vec<Option<&Expr>> = vec![None; n];
        let order = positional_order(sig, args);
        let mut pos = 0usize;
        let mut seen_kw = false;
        for a in args {
            match a {
                Arg::Index(e) => {
                    if seen_kw {
                        self.err(
                            Diagnostic::error("E0125", "a positional argument cannot follow a keyword argument", e.span)
                                .with_label("positional argument after `name=`"),
                        );
                        return false;
                    }
                    match order.get(pos).and_then(|&j| slots.get_mut(j)) {
                        Some(sl) => *sl = Some(e),
                        None => {
                            let m = args.len();
                            self.err(
                                Diagnostic::error(
                                    "E0125",
                                    format!(
                                        "`{fname}` takes {n} argument{}, but {m} {} given",
                                        if n == 1 { "" } else { "s" },
                                        if m == 1 { "was" } else { "were" }
                                    ),
                                    e.span,
                                )
                                .with_label("unexpected argument"),
                            );
                            return false;
                        }
                    }
                    pos += 1;
                }
                Arg::Keyword(k, e) => {
                    seen_kw = true;
                    let Some(j) = sig.args.iter().position(|d| d.name == k.name) else {
                        self.err(
                            Diagnostic::error("E0211", format!("`{fname}` has no argument named `{}`", k.name), k.span)
                                .with_label("unknown keyword"),
                        );
                        return false;
                    };
                    match slots.get_mut(j) {
                        Some(Some(_)) => {
                            self.err(
                                Diagnostic::error("E0125", format!("argument `{}` of `{fname}` is given twice", k.name), k.span)
                                    .with_label("already given"),
                            );
                            return false;
                        }
                        Some(sl) => *sl = Some(e),
                        None => {}
                    }
                }
                Arg::Range { .. } => {}
            }
        }
        let missing: Vec<String> =
            sig.args.iter().zip(&slots).filter(|(d, s)| s.is_none() && !d.optional).map(|(d, _)| format!("`{}`", d.name)).collect();
        if !missing.is_empty() {
            let list = match missing.as_slice() {
                [one] => one.clone(),
                [init @ .., last] => format!("{} and {last}", init.join(", ")),
                [] => String::new(),
            };
            let s = if missing.len() == 1 { "" } else { "s" };
            self.err(
                Diagnostic::error("E0125", format!("missing argument{s} {list} in the call of `{fname}`"), span)
                    .with_label(format!("argument{s} {list} not given")),
            );
            return false;
        }
        let mut ok = true;
        for (j, slot) in slots.iter().enumerate() {
            let (Some(e), Some(d)) = (slot, sig.args.get(j)) else { continue };
            let i =
                args.iter().position(|a| matches!(a, Arg::Index(x) | Arg::Keyword(_, x) if std::ptr::eq(x, *e))).map_or(j + 1, |p| p + 1);
            if sig.api && d.name == "data_arg" {
                // Any variable, element, section or value: lowered to its address and size.
                continue;
            }
            ok &= self.check_arg(fname, i, e, d, sig.elemental);
        }
        ok
    }

    /// One actual argument against its dummy.
    fn check_arg(&mut self, fname: &str, i: usize, e: &Expr, d: &ArgSig, elemental: bool) -> bool {
        if proc_actual(e).is_some() {
            return true;
        }
        let Some(ab) = e.ty.base() else { return true };
        if ab != d.base {
            self.err(
                Diagnostic::error(
                    "E0230",
                    format!(
                        "argument {i} of `{fname}` has type `{}`, but the dummy `{}` is `{}`",
                        base_name(ab),
                        d.name,
                        base_name(d.base)
                    ),
                    e.span,
                )
                .with_label(format!("expected `{}`", base_name(d.base))),
            );
            return false;
        }
        let ar = e.ty.rank();
        let rank_err = if elemental && d.rank == 0 {
            None
        } else if d.rank == 0 && ar > 0 {
            Some((
                format!("argument {i} of `{fname}` is a rank-{ar} array, but the dummy `{}` is a scalar", d.name),
                "expected a scalar".to_string(),
            ))
        } else if d.rank > 0 && ar == 0 && (d.assumed_shape || !is_element(e)) {
            Some((
                format!("argument {i} of `{fname}` is a scalar, but the dummy `{}` is a rank-{} array", d.name, d.rank),
                "expected an array".to_string(),
            ))
        } else if d.assumed_shape && ar > 0 && ar != d.rank {
            Some((
                format!("argument {i} of `{fname}` has rank {ar}, but the dummy `{}` has rank {}", d.name, d.rank),
                format!("expected a rank-{} array", d.rank),
            ))
        } else {
            None
        };
        if let Some((msg, label)) = rank_err {
            self.err(Diagnostic::error("E0230", msg, e.span).with_label(label));
            return false;
        }
        if let Some(it @ (Intent::Out | Intent::InOut)) = d.intent {
            if let Some(why) = self.not_definable(e) {
                self.err(
                    Diagnostic::error(
                        "E0233",
                        format!(
                            "argument {i} of `{fname}` must be a variable, because the dummy `{}` is `intent({})`",
                            d.name,
                            intent_name(it)
                        ),
                        e.span,
                    )
                    .with_label(why),
                );
                return false;
            }
        }
        true
    }

    /// Why `e` cannot be changed by a procedure (None: it is a variable that can).
    fn not_definable(&self, e: &Expr) -> Option<String> {
        let Some(n) = designator_name(e) else {
            return Some("not a variable".into());
        };
        let s = self.syms.get(n)?;
        if s.parameter {
            Some(format!("`{n}` is a parameter"))
        } else if s.intent == Some(Intent::In) && s.dummy.is_some() {
            Some(format!("`{n}` is `intent(in)`"))
        } else {
            None
        }
    }

    /// Checks a call of a procedure without an explicit interface against the first call.
    #[inline(never)]
    fn implicit_args(&mut self, sig: &ProcSig, fname: &str, args: &[Arg], span: Span) -> bool {
        if let Some(k) = args.iter().find_map(|a| match a {
            Arg::Keyword(k, _) => Some(k.span),
            _ => None,
        }) {
            self.err(
                Diagnostic::error("E0125", "keyword arguments need an explicit interface", k)
                    .with_label(format!("`{fname}` has no explicit interface")),
            );
            return false;
        }
        if args.len() != sig.args.len() {
            let (m, n) = (args.len(), sig.args.len());
            self.err(
                Diagnostic::error(
                    "E0125",
                    format!("`{fname}` is called with {m} argument{} here, but with {n} in an earlier call", if m == 1 { "" } else { "s" }),
                    span,
                )
                .with_label("different number of arguments"),
            );
            return false;
        }
        let mut ok = true;
        for (i, (a, d)) in args.iter().zip(&sig.args).enumerate() {
            let Arg::Index(e) = a else { continue };
            let Some(ab) = e.ty.base() else { continue };
            if ab != d.base {
                self.err(
                    Diagnostic::error(
                        "E0230",
                        format!(
                            "argument {} of `{fname}` has type `{}`, but an earlier call passed `{}`",
                            i + 1,
                            base_name(ab),
                            base_name(d.base)
                        ),
                        e.span,
                    )
                    .with_label(format!("expected `{}`", base_name(d.base)))
                    .with_note("note: without an explicit interface, every call must pass the same types"),
                );
                ok = false;
            }
        }
        ok
    }

    /// Resolves `name(args)` to a user function: the key, or None if it is not one.
    fn function_key(&mut self, name: &str) -> Option<String> {
        if let Some(k) = self.scope.get(name) {
            return Some(k.clone());
        }
        if self.ext_names.contains(name) {
            return Some(self.ext_key(name));
        }
        None
    }

    /// An intrinsic subroutine's arguments in the order of its parameters, checked.
    #[inline(never)]
    fn intrinsic_sub(&mut self, sub: IntrinsicSub, name: &Ident, args: Vec<Arg>, span: Span) -> Vec<Option<Expr>> {
        let sname = name.name.clone();
        let params = sub.params();
        let mut out: Vec<Option<Expr>> = vec![None; params.len()];
        if self.in_compute() {
            self.err(Diagnostic::not_yet(format!("`{sname}` inside a compute construct"), span));
        }
        let mut pos = 0usize;
        let mut ok = true;
        for a in args {
            match a {
                Arg::Index(mut e) => {
                    self.expr(&mut e);
                    match out.get_mut(pos) {
                        Some(sl) => *sl = Some(e),
                        None => {
                            let n = params.len();
                            self.err(
                                Diagnostic::error(
                                    "E0209",
                                    format!("`{sname}` takes at most {n} argument{}", if n == 1 { "" } else { "s" }),
                                    e.span,
                                )
                                .with_label("unexpected argument"),
                            );
                            ok = false;
                        }
                    }
                    pos += 1;
                }
                Arg::Keyword(k, mut e) => {
                    self.expr(&mut e);
                    match params.iter().position(|p| *p == k.name) {
                        None => {
                            self.err(
                                Diagnostic::error("E0211", format!("`{sname}` has no argument named `{}`", k.name), k.span)
                                    .with_label("unknown keyword"),
                            );
                            ok = false;
                        }
                        Some(j) => match out.get_mut(j) {
                            Some(Some(_)) => {
                                self.err(
                                    Diagnostic::error("E0125", format!("argument `{}` of `{sname}` is given twice", k.name), k.span)
                                        .with_label("already given"),
                                );
                                ok = false;
                            }
                            Some(sl) => *sl = Some(e),
                            None => {}
                        },
                    }
                }
                Arg::Range { span: rs, .. } => {
                    self.err(
                        Diagnostic::error("E0208", format!("a range is not an argument of `{sname}`"), rs)
                            .with_label("ranges are only allowed in array subscripts"),
                    );
                    ok = false;
                }
            }
        }
        if !ok {
            return out;
        }
        // Required arguments.
        let required: &[usize] = match sub {
            IntrinsicSub::RandomNumber | IntrinsicSub::CpuTime | IntrinsicSub::GetCommandArgument => &[0],
            _ => &[],
        };
        for &j in required {
            if out.get(j).is_some_and(Option::is_none) {
                let p = params.get(j).copied().unwrap_or("");
                self.err(
                    Diagnostic::error("E0209", format!("`{sname}` needs the argument `{p}`"), span).with_label(format!("missing `{p}`")),
                );
                return out;
            }
        }
        if sub == IntrinsicSub::RandomSeed && out.iter().filter(|x| x.is_some()).count() > 1 {
            self.err(Diagnostic::error("E0209", "`random_seed` takes at most one argument", span).with_label("more than one argument"));
            return out;
        }
        // Types, and whether the argument must be a variable.
        for (j, e) in out.iter().enumerate() {
            let Some(e) = e else { continue };
            if e.ty == Ty::Unknown {
                continue;
            }
            let p = params.get(j).copied().unwrap_or("");
            let int_scalar = matches!(e.ty, Ty::Scalar(BaseTy::Integer(_)));
            let (good, need, out_arg) = match (sub, p) {
                (IntrinsicSub::RandomNumber, _) => (matches!(e.ty.base(), Some(BaseTy::Real(_))), "a `real` scalar or array", true),
                (IntrinsicSub::RandomSeed, "size") => (int_scalar, "a scalar `integer`", true),
                (IntrinsicSub::RandomSeed, "put") => (matches!(e.ty, Ty::Array(BaseTy::Integer(_), 1)), "a rank-1 `integer` array", false),
                (IntrinsicSub::RandomSeed, _) => (matches!(e.ty, Ty::Array(BaseTy::Integer(_), 1)), "a rank-1 `integer` array", true),
                (IntrinsicSub::CpuTime, _) => (matches!(e.ty, Ty::Scalar(BaseTy::Real(_))), "a scalar `real`", true),
                (IntrinsicSub::SystemClock, "count_rate") => {
                    (matches!(e.ty, Ty::Scalar(BaseTy::Integer(_) | BaseTy::Real(_))), "a scalar `integer` or `real`", true)
                }
                (IntrinsicSub::SystemClock, _) => (int_scalar, "a scalar `integer`", true),
                (IntrinsicSub::Exit, _) => (int_scalar, "a scalar `integer`", false),
                (IntrinsicSub::GetCommandArgument, "number") => (int_scalar, "a scalar `integer`", false),
                (IntrinsicSub::GetCommandArgument, "value") => (e.ty == Ty::Scalar(BaseTy::Character), "a scalar `character`", true),
                (IntrinsicSub::GetCommandArgument, _) => (int_scalar, "a scalar `integer`", true),
            };
            if !good {
                self.err(
                    Diagnostic::error("E0210", format!("the `{p}` argument of `{sname}` must be {need}, found {}", ty_name(e.ty)), e.span)
                        .with_label(format!("expected {need}")),
                );
            } else if out_arg {
                if let Some(why) = self.not_definable(e) {
                    self.err(
                        Diagnostic::error("E0233", format!("the `{p}` argument of `{sname}` must be a variable"), e.span).with_label(why),
                    );
                }
            }
        }
        out
    }
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
        ClauseKind::Tile(_) => "tile",
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
        ClauseKind::DeviceNum(_) => "device_num",
        ClauseKind::DefaultAsync(_) => "default_async",
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

/// `async` and `wait` clauses: satisfied by synchronous execution.
/// The `acc_device_*` code of a device type named in a `device_type` clause (`multicore`:
/// the host, which is gpuf's multicore device).
pub fn acc_device_code(name: &str) -> Option<i32> {
    Some(match name {
        "*" | "default" => 1,
        "host" | "multicore" => 2,
        "nvidia" => 4,
        "radeon" => 5,
        _ => return None,
    })
}

pub fn is_sync_clause(name: &str) -> bool {
    matches!(name, "async" | "wait")
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
        ExprKind::ArrayRef { name: n, subs } | ExprKind::Apply { name: n, args: subs } | ExprKind::Call { name: n, args: subs } => {
            n.name == name || subs.iter().any(|a| arg_mentions(a, name))
        }
        ExprKind::Intrinsic { args, .. } => args.iter().any(|a| mentions(a, name)),
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => mentions(x, name),
        ExprKind::Binary(_, l, r) => mentions(l, name) || mentions(r, name),
        ExprKind::Component(c) => mentions(&c.base, name) || c.subs.iter().any(|a| arg_mentions(a, name)),
        ExprKind::StructCtor { args, .. } => args.iter().flatten().any(|a| mentions(a, name)),
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
        (ExprKind::Component(x), ExprKind::Component(y)) => {
            x.name.name == y.name.name
                && same_expr(&x.base, &y.base)
                && x.subs.len() == y.subs.len()
                && x.subs.iter().zip(&y.subs).all(|(p, q)| match (p, q) {
                    (Arg::Index(p), Arg::Index(q)) => same_expr(p, q),
                    _ => false,
                })
        }
        _ => false,
    }
}

/// Is `e` an array element (all subscripts scalar)?
fn is_element(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::ArrayRef { subs, .. } if subs.iter().all(|a| matches!(a, Arg::Index(_))))
}

/// The variable a designator names, if it is one.
fn designator_name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. } => Some(&id.name),
        ExprKind::Component(c) => designator_name(&c.base),
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
        if self.scope.contains_key(&id.name) || self.ext_names.contains(&id.name) {
            if self.reported.insert(id.name.clone()) {
                self.err(Diagnostic::not_yet(format!("procedure names as values (`{}` is a procedure)", id.name), id.span));
            }
            return None;
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
        let mut s = Symbol::new(id.name.clone(), self.implicit(&id.name), id.span);
        s.module = self.module.clone();
        s.module_name = self.module.as_ref().map(|_| id.name.clone());
        s.save = self.save_all;
        self.syms.list.push(s);
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
            ExprKind::Complex(re, im) => self.is_const(re) && self.is_const(im),
            ExprKind::ArrayCtor(items) => items.iter().all(|it| match it {
                CtorItem::Expr(e) => self.is_const(e),
                CtorItem::ImpliedDo(d) => [Some(&d.lo), Some(&d.hi), d.step.as_ref()].into_iter().flatten().all(|e| self.is_const(e)),
            }),
            ExprKind::StructCtor { args, .. } => args.iter().flatten().all(|a| self.is_const(a)),
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
                    (Const::Int(a), Const::Int(b)) => fold_int(*op, a, b).map(Const::Int),
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
        let num = |b: BaseTy| is_numeric(b) || matches!(b, BaseTy::Complex(_));
        let ok = (num(t) && num(f)) || t == f;
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
        if self.in_compute()
            && matches!(ty.base(), Some(BaseTy::Complex(_)))
            && !matches!(e.kind, ExprKind::Intrinsic { .. } | ExprKind::Binary(..))
        {
            self.err(Diagnostic::not_yet("complex numbers inside a compute construct", e.span));
        }
        if self.in_compute()
            && matches!(ty.base(), Some(BaseTy::Integer(1 | 2)))
            && matches!(e.kind, ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::Int(..))
        {
            self.err(Diagnostic::not_yet("`integer(1)` and `integer(2)` inside a compute construct", e.span));
        }
    }

    fn expr_kind(&mut self, kind: ExprKind, span: Span) -> (ExprKind, Ty) {
        match kind {
            ExprKind::Int(v, k) => (ExprKind::Int(v, k), Ty::Scalar(BaseTy::Integer(k))),
            ExprKind::Real(v, k) => (ExprKind::Real(v, k), Ty::Scalar(BaseTy::Real(k))),
            ExprKind::Logical(b) => (ExprKind::Logical(b), Ty::Scalar(BaseTy::Logical)),
            ExprKind::Str(s) => (ExprKind::Str(s), Ty::Scalar(BaseTy::Character)),
            ExprKind::Name(id) => {
                let ty = match self.lookup(&id) {
                    Some(i) => match self.sym(i) {
                        Some(s) if s.external => {
                            if self.reported.insert(id.name.clone()) {
                                self.err(Diagnostic::not_yet(format!("procedure names as values (`{}` is a procedure)", id.name), id.span));
                            }
                            Ty::Unknown
                        }
                        Some(s) => s.ty(),
                        None => Ty::Unknown,
                    },
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
                    (UnOp::Neg | UnOp::Plus, t) if t.base().is_some_and(|b| is_numeric(b) || matches!(b, BaseTy::Complex(_))) => t,
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
            ExprKind::ArrayCtor(items) => self.array_ctor(items, span),
            ExprKind::Complex(mut re, mut im) => {
                self.expr(&mut re);
                self.expr(&mut im);
                let mut kind = 4;
                let mut ok = true;
                for p in [&re, &im] {
                    match p.ty {
                        Ty::Scalar(BaseTy::Real(k)) => kind = kind.max(k),
                        Ty::Scalar(BaseTy::Integer(_)) => {}
                        Ty::Unknown => ok = false,
                        t => {
                            self.err(
                                Diagnostic::error(
                                    "E0210",
                                    format!("the parts of a complex constant must be scalar `integer` or `real`, found {}", ty_name(t)),
                                    p.span,
                                )
                                .with_label("expected `real`"),
                            );
                            ok = false;
                        }
                    }
                }
                (ExprKind::Complex(re, im), if ok { Ty::Scalar(BaseTy::Complex(kind)) } else { Ty::Unknown })
            }
            k @ (ExprKind::ArrayRef { .. } | ExprKind::Intrinsic { .. } | ExprKind::Call { .. }) => (k, Ty::Unknown),
            k @ (ExprKind::Component(_) | ExprKind::StructCtor { .. }) => self.derived_expr(k, span),
        }
    }

    #[inline(never)]
    fn array_ctor(&mut self, mut items: Vec<CtorItem>, span: Span) -> (ExprKind, Ty) {
        if self.in_compute() {
            self.err(Diagnostic::not_yet("array constructors inside a compute construct", span));
        }
        let mut base = None;
        let ok = self.ctor_items(&mut items, &mut base);
        let ty = match base {
            Some(b) if ok => Ty::Array(b, 1),
            None if ok => {
                self.err(Diagnostic::not_yet("empty array constructors", span));
                Ty::Unknown
            }
            _ => Ty::Unknown,
        };
        (ExprKind::ArrayCtor(items), ty)
    }

    /// An item of an I/O list: implied-do lists may mix types (`(a(i), x(i), i = 1, n)`).
    fn io_list_item(&mut self, e: &mut Expr) {
        let ExprKind::ArrayCtor(items) = &mut e.kind else {
            self.expr(e);
            return;
        };
        if !items.iter().any(|it| matches!(it, CtorItem::ImpliedDo(_))) {
            self.expr(e);
            return;
        }
        let ok = self.io_items(items);
        e.ty = if ok { Ty::Array(BaseTy::Integer(4), 1) } else { Ty::Unknown };
    }
    fn io_items(&mut self, items: &mut [CtorItem]) -> bool {
        let mut ok = true;
        for it in items {
            match it {
                CtorItem::Expr(x) => {
                    self.io_list_item(x);
                    ok &= x.ty != Ty::Unknown;
                }
                CtorItem::ImpliedDo(d) => {
                    let mut v = Expr { kind: ExprKind::Name(d.var.clone()), span: d.var.span, ty: Ty::Unknown };
                    self.expr(&mut v);
                    ok &= self.want_int_scalar(&v, "the implied-do variable must be a scalar integer");
                    for b in [Some(&mut d.lo), Some(&mut d.hi), d.step.as_mut()].into_iter().flatten() {
                        self.expr(b);
                        ok &= self.want_int_scalar(b, "implied-do bounds must be scalar integers");
                    }
                    ok &= self.io_items(&mut d.items);
                }
            }
        }
        ok
    }

    /// `read`, `open` and `close`.
    #[inline(never)]
    fn io_stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        let what = match s.kind {
            StmtKind::Read { .. } => "read",
            StmtKind::Open(_) => "open",
            _ => "close",
        };
        if self.in_compute() {
            self.err(Diagnostic::not_yet(format!("`{what}` inside a compute construct"), span));
        }
        match &mut s.kind {
            StmtKind::Read { unit, items, .. } => {
                if let IoUnit::Number(e) = unit {
                    self.expr(e);
                    if e.ty == Ty::Array(BaseTy::Character, 1) {
                        self.err(Diagnostic::not_yet("internal `read` from a character array", e.span));
                    } else if e.ty != Ty::Scalar(BaseTy::Character) {
                        self.want_int_scalar(e, "the unit of `read` must be a scalar integer");
                    }
                }
                for e in items.iter_mut() {
                    self.io_list_item(e);
                    self.read_target(e);
                }
            }
            StmtKind::Open(o) => {
                self.expr(&mut o.unit);
                self.want_int_scalar(&o.unit, "the unit of `open` must be a scalar integer");
                if o.newunit {
                    self.status_var(&o.unit, "newunit=", "open");
                }
                if let Some(f) = &mut o.file {
                    self.expr(f);
                    if !matches!(f.ty, Ty::Unknown | Ty::Scalar(BaseTy::Character)) {
                        self.err(
                            Diagnostic::error(
                                "E0271",
                                format!("the `file=` of `open` must be a scalar `character`, found {}", ty_name(f.ty)),
                                f.span,
                            )
                            .with_label("expected a file name"),
                        );
                    }
                }
            }
            StmtKind::Close { unit, .. } => {
                self.expr(unit);
                self.want_int_scalar(unit, "the unit of `close` must be a scalar integer");
            }
            _ => {}
        }
    }

    /// Reports an item of a `read` that is not a variable (implied-do lists item by item).
    fn read_target(&mut self, e: &Expr) {
        if e.ty == Ty::Unknown {
            return;
        }
        if let ExprKind::ArrayCtor(items) = &e.kind {
            if items.iter().any(|it| matches!(it, CtorItem::ImpliedDo(_))) {
                for it in items {
                    match it {
                        CtorItem::Expr(x) => self.read_target(x),
                        CtorItem::ImpliedDo(d) => {
                            for x in &d.items {
                                if let CtorItem::Expr(x) = x {
                                    self.read_target(x);
                                } else {
                                    let ie = Expr { kind: ExprKind::ArrayCtor(vec![x.clone()]), span: e.span, ty: e.ty };
                                    self.read_target(&ie);
                                }
                            }
                        }
                    }
                }
                return;
            }
        }
        if let Some(why) = self.not_definable(e) {
            self.err(Diagnostic::error("E0272", "the items of `read` must be variables", e.span).with_label(why));
        }
    }

    /// Checks the items of an array constructor; all must have the same base type.
    fn ctor_items(&mut self, items: &mut [CtorItem], base: &mut Option<BaseTy>) -> bool {
        let mut ok = true;
        for it in items {
            match it {
                CtorItem::Expr(e) => {
                    self.expr(e);
                    match (e.ty.base(), *base) {
                        (None, _) => ok = false,
                        (Some(b), None) => *base = Some(b),
                        (Some(b), Some(want)) if b != want => {
                            self.err(
                                Diagnostic::error("E0210", "the elements of an array constructor must have the same type", e.span)
                                    .with_label(format!("expected `{}`, found `{}`", base_name(want), base_name(b))),
                            );
                            ok = false;
                        }
                        _ => {}
                    }
                }
                CtorItem::ImpliedDo(d) => {
                    let mut v = Expr { kind: ExprKind::Name(d.var.clone()), span: d.var.span, ty: Ty::Unknown };
                    self.expr(&mut v);
                    ok &= self.want_int_scalar(&v, "the implied-do variable must be a scalar integer");
                    for e in [Some(&mut d.lo), Some(&mut d.hi), d.step.as_mut()].into_iter().flatten() {
                        self.expr(e);
                        ok &= self.want_int_scalar(e, "implied-do bounds must be scalar integers");
                    }
                    ok &= self.ctor_items(&mut d.items, base);
                }
            }
        }
        ok
    }

    /// The array intrinsics: arguments by keyword or position, in the canonical form
    /// `[array, dim, mask]` (reductions, `maxloc`, `minloc`), `[mask, dim]` (`count`, `any`,
    /// `all`), `[array, dim]` (`size`, `lbound`, `ubound`), `[source]` (`shape`),
    /// `[a, b]` (`dot_product`), `[tsource, fsource, mask]` (`merge`). An absent `dim` is
    /// the integer literal 0, an absent mask the literal `.true.`.
    #[inline(never)]
    fn array_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        if f.is_transformational() {
            return self.transformational(f, args, span);
        }
        let fname = intrinsic_name(f);
        let params: &[&str] = match f {
            I::Sum | I::Product | I::Maxval | I::Minval | I::Maxloc | I::Minloc => &["array", "dim", "mask"],
            I::Count | I::Any | I::All => &["mask", "dim"],
            I::Size | I::Lbound | I::Ubound => &["array", "dim"],
            I::Shape => &["source"],
            I::DotProduct => &["vector_a", "vector_b"],
            _ => &["tsource", "fsource", "mask"],
        };
        let mut slots: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        let mut npos = 0;
        for a in args {
            match a {
                Arg::Index(mut e) => {
                    self.expr(&mut e);
                    let mut k = npos;
                    // `sum(a, mask)`: a logical second argument is the mask.
                    if k == 1 && params.get(2) == Some(&"mask") && f != I::Merge && e.ty.base() == Some(BaseTy::Logical) {
                        k = 2;
                    }
                    npos += 1;
                    match slots.get_mut(k) {
                        Some(slot @ None) => *slot = Some(e),
                        _ => {
                            self.err(
                                Diagnostic::error("E0209", format!("too many arguments for `{fname}`"), e.span)
                                    .with_label("unexpected argument"),
                            );
                            ok = false;
                        }
                    }
                }
                Arg::Keyword(k, mut e) => {
                    self.expr(&mut e);
                    match params.iter().position(|p| *p == k.name).and_then(|i| slots.get_mut(i)) {
                        Some(slot @ None) => *slot = Some(e),
                        _ => {
                            self.err(unknown_keyword(fname, &k, "unknown or repeated keyword"));
                            ok = false;
                        }
                    }
                }
                Arg::Range { span: rs, .. } => {
                    self.err(range_argument(fname, rs));
                    ok = false;
                }
            }
        }
        let lit = |kind: ExprKind, ty: Ty| Expr { kind, span, ty };
        let unknown = |slots: Vec<Option<Expr>>| {
            let args = slots.into_iter().flatten().collect();
            (ExprKind::Intrinsic { func: f, args }, Ty::Unknown)
        };
        if !ok || slots.iter().flatten().any(|e| e.ty == Ty::Unknown) {
            return unknown(slots);
        }
        let nreq = match f {
            I::Sum | I::Product | I::Maxval | I::Minval | I::Maxloc | I::Minloc | I::Count | I::Any | I::All => 1,
            I::Size | I::Lbound | I::Ubound | I::Shape => 1,
            I::DotProduct => 2,
            _ => 3,
        };
        if slots.iter().take(nreq).any(Option::is_none) {
            self.err(
                Diagnostic::error(
                    "E0209",
                    format!(
                        "`{fname}` needs the `{}` argument",
                        slots.iter().position(Option::is_none).and_then(|i| params.get(i)).unwrap_or(&"array")
                    ),
                    span,
                )
                .with_label("missing argument"),
            );
            return unknown(slots);
        }
        let arg_err = |this: &mut Checker, e: &Expr, what: &str, need: &str| {
            this.err(
                Diagnostic::error("E0210", format!("the `{what}` argument of `{fname}` must be {need}, found {}", ty_name(e.ty)), e.span)
                    .with_label(format!("expected {need}")),
            );
        };
        let slot = |slots: &[Option<Expr>], i: usize| slots.get(i).cloned().flatten();
        let first = slot(&slots, 0).unwrap_or_else(|| lit(ExprKind::Int(0, 4), Ty::Unknown));
        let rank = first.ty.rank();
        let b0 = first.ty.base().unwrap_or(BaseTy::Integer(4));
        if f == I::Merge {
            let (Some(t), Some(fs), Some(m)) = (slot(&slots, 0), slot(&slots, 1), slot(&slots, 2)) else { return unknown(slots) };
            let (t, fs, m) = (&t, &fs, &m);
            let r = [t, fs, m].iter().map(|e| e.ty.rank()).max().unwrap_or(0);
            if let Some(bad) = [t, fs, m].into_iter().find(|e| e.ty.rank() != 0 && e.ty.rank() != r) {
                self.err(
                    Diagnostic::error(
                        "E0230",
                        format!("array arguments of `merge` have different ranks ({r} and {})", bad.ty.rank()),
                        bad.span,
                    )
                    .with_label("arrays must conform"),
                );
                return unknown(slots);
            }
            if m.ty.base() != Some(BaseTy::Logical) {
                self.err(mask_not_logical("merge", m));
                return unknown(slots);
            }
            if fs.ty.base() != t.ty.base() {
                arg_err(self, fs, "fsource", &format!("of the same type as `tsource` (`{}`)", base_name(b0)));
                return unknown(slots);
            }
            if b0 == BaseTy::Character && r > 0 {
                self.err(Diagnostic::not_yet("`merge` of character arrays", span));
                return unknown(slots);
            }
            let args = slots.into_iter().flatten().collect();
            return (ExprKind::Intrinsic { func: f, args }, with_rank(b0, r));
        }
        if f == I::DotProduct {
            let (Some(a), Some(b)) = (slot(&slots, 0), slot(&slots, 1)) else { return unknown(slots) };
            let (a, b) = (&a, &b);
            for (e, w) in [(a, "vector_a"), (b, "vector_b")] {
                if e.ty.rank() != 1 || !e.ty.base().is_some_and(|b| is_numeric(b) || matches!(b, BaseTy::Complex(_))) {
                    arg_err(self, e, w, "a numeric rank-1 array");
                    return unknown(slots);
                }
            }
            let rb = promote(b0, b.ty.base().unwrap_or(b0));
            let args = slots.into_iter().flatten().collect();
            return (ExprKind::Intrinsic { func: f, args }, Ty::Scalar(rb));
        }
        let what = params.first().copied().unwrap_or("array");
        if rank == 0 {
            arg_err(self, &first, what, "an array");
            return unknown(slots);
        }
        let need = match f {
            I::Sum | I::Product if !is_numeric(b0) && !matches!(b0, BaseTy::Complex(_)) => Some("a numeric array"),
            I::Maxval | I::Minval | I::Maxloc | I::Minloc if !matches!(b0, BaseTy::Integer(_) | BaseTy::Real(_)) => {
                Some("an `integer` or `real` array")
            }
            I::Count | I::Any | I::All if b0 != BaseTy::Logical => Some("a `logical` array"),
            _ => None,
        };
        if let Some(need) = need {
            arg_err(self, &first, what, need);
            return unknown(slots);
        }
        // `dim`: a constant in 1..=rank.
        let dim = match slots.get(1).and_then(Option::as_ref) {
            None => 0,
            Some(d) if f != I::Shape => {
                if !self.want_int_scalar(d, "the `dim` argument must be a scalar integer") {
                    return unknown(slots);
                }
                match self.const_int(d) {
                    Some(v) if v >= 1 && v <= i64::from(rank) => v as u8,
                    Some(v) => {
                        self.err(
                            Diagnostic::error("E0218", format!("the `dim` argument of `{fname}` is {v}, outside 1 to {rank}"), d.span)
                                .with_label(format!("the array has rank {rank}")),
                        );
                        return unknown(slots);
                    }
                    // `size`, `lbound`, `ubound`: a run-time `dim` (kept as the expression).
                    None if matches!(f, I::Size | I::Lbound | I::Ubound) => {
                        let args = vec![first, d.clone()];
                        return (ExprKind::Intrinsic { func: f, args }, Ty::Scalar(BaseTy::Integer(4)));
                    }
                    None => {
                        self.err(Diagnostic::not_yet(format!("a non-constant `dim` argument of `{fname}`"), d.span));
                        return unknown(slots);
                    }
                }
            }
            Some(_) => 0,
        };
        let has_mask = params.get(2) == Some(&"mask");
        if has_mask {
            if let Some(m) = slots.get(2).and_then(Option::as_ref) {
                if m.ty.base() != Some(BaseTy::Logical) {
                    self.err(mask_not_logical(fname, m));
                    return unknown(slots);
                }
                if m.ty.rank() != 0 && m.ty.rank() != rank {
                    self.err(
                        Diagnostic::error(
                            "E0230",
                            format!("the `mask` of `{fname}` has rank {} but the array has rank {rank}", m.ty.rank()),
                            m.span,
                        )
                        .with_label("arrays must conform"),
                    );
                    return unknown(slots);
                }
            }
        }
        let sub = if dim > 0 { rank - 1 } else { 0 };
        let ty = match f {
            I::Sum | I::Product | I::Maxval | I::Minval => with_rank(b0, sub),
            I::Count => with_rank(BaseTy::Integer(4), sub),
            I::Any | I::All => with_rank(BaseTy::Logical, sub),
            I::Maxloc | I::Minloc => with_rank(BaseTy::Integer(4), if dim > 0 { sub } else { 1 }),
            I::Size => Ty::Scalar(BaseTy::Integer(4)),
            I::Lbound | I::Ubound => with_rank(BaseTy::Integer(4), if dim > 0 { 0 } else { 1 }),
            _ => Ty::Array(BaseTy::Integer(4), 1),
        };
        let mut args = vec![first, lit(ExprKind::Int(i64::from(dim), 4), Ty::Scalar(BaseTy::Integer(4)))];
        if has_mask {
            let m = slots.get_mut(2).and_then(Option::take);
            args.push(m.unwrap_or_else(|| lit(ExprKind::Logical(true), Ty::Scalar(BaseTy::Logical))));
        }
        if f == I::Shape {
            args.truncate(1);
        }
        (ExprKind::Intrinsic { func: f, args }, ty)
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
        let is_cplx = |b: BaseTy| matches!(b, BaseTy::Complex(_));
        if is_cplx(lb) || is_cplx(rb) {
            let num = |b: BaseTy| is_numeric(b) || is_cplx(b);
            return match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow if num(lb) && num(rb) => with_rank(promote(lb, rb), rank),
                BinOp::Eq | BinOp::Ne if num(lb) && num(rb) => with_rank(BaseTy::Logical, rank),
                BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge if num(lb) && num(rb) => {
                    mismatch(self, "ordered operands (complex numbers are not ordered)")
                }
                _ => mismatch(self, "numeric operands"),
            };
        }
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

    /// The character intrinsics (scalar arguments only): `len`, `len_trim`, `trim`,
    /// `adjustl`, `adjustr`, `index(s, sub[, back])`, `repeat`, `achar`, `char`, `iachar`,
    /// `ichar`.
    #[inline(never)]
    fn char_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        let fname = intrinsic_name(f);
        let params: &[&str] = match f {
            I::Index => &["string", "substring", "back"],
            I::Scan | I::Verify => &["string", "set", "back"],
            I::Lge | I::Lgt | I::Lle | I::Llt => &["string_a", "string_b"],
            I::Repeat => &["string", "ncopies"],
            I::Achar | I::Char | I::Iachar | I::Ichar => &["i"],
            _ => &["string"],
        };
        let mut slots: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        for (k, a) in args.into_iter().enumerate() {
            let (slot, mut e) = match a {
                Arg::Index(e) => (Some(k), e),
                Arg::Keyword(kw, e) => match params.iter().position(|p| *p == kw.name) {
                    Some(i) => (Some(i), e),
                    None => {
                        self.err(
                            Diagnostic::error("E0211", format!("`{fname}` has no argument named `{}`", kw.name), kw.span)
                                .with_label("unknown keyword"),
                        );
                        ok = false;
                        continue;
                    }
                },
                Arg::Range { span: rs, .. } => {
                    self.err(range_argument(fname, rs));
                    ok = false;
                    continue;
                }
            };
            self.expr(&mut e);
            match slot.and_then(|i| slots.get_mut(i)) {
                Some(s) if s.is_none() => *s = Some(e),
                _ => {
                    self.err(
                        Diagnostic::error("E0209", format!("`{fname}` takes {} argument(s)", params.len()), e.span)
                            .with_label("extra argument"),
                    );
                    ok = false;
                }
            }
        }
        let required = if matches!(f, I::Index | I::Scan | I::Verify) { 2 } else { params.len() };
        if slots.iter().take(required).any(Option::is_none) {
            self.err(Diagnostic::error("E0209", format!("`{fname}` takes {required} argument(s)"), span).with_label("missing argument"));
            ok = false;
        }
        for (i, e) in slots.iter().enumerate() {
            let Some(e) = e else { continue };
            if e.ty == Ty::Unknown {
                ok = false;
                continue;
            }
            let want = match (f, i) {
                (I::Achar | I::Char | I::Repeat, _) if i == params.len() - 1 => BaseTy::Integer(4),
                (I::Index | I::Scan | I::Verify, 2) => BaseTy::Logical,
                _ => BaseTy::Character,
            };
            let good = e.ty.rank() == 0 && matches!((want, e.ty.base()), (BaseTy::Integer(_), Some(BaseTy::Integer(_))))
                || e.ty == Ty::Scalar(want)
                // `len` of a whole character array: the length of its elements.
                || (f == I::Len && e.ty.base() == Some(BaseTy::Character) && matches!(e.kind, ExprKind::Name(_)));
            if !good {
                let need = ty_name(Ty::Scalar(want));
                self.err(
                    Diagnostic::error(
                        "E0210",
                        format!("the argument of `{fname}` must be a scalar {need}, found {}", ty_name(e.ty)),
                        e.span,
                    )
                    .with_label(format!("expected {need}")),
                );
                ok = false;
            }
        }
        let ty = match f {
            I::Len | I::LenTrim | I::Index | I::Iachar | I::Ichar | I::Scan | I::Verify => Ty::Scalar(BaseTy::Integer(4)),
            I::Lge | I::Lgt | I::Lle | I::Llt => Ty::Scalar(BaseTy::Logical),
            _ => Ty::Scalar(BaseTy::Character),
        };
        let mut out = Vec::new();
        for (i, e) in slots.into_iter().enumerate() {
            match e {
                Some(e) => out.push(e),
                // Absent `back=`: false.
                None if i >= required => out.push(Expr { kind: ExprKind::Logical(false), span, ty: Ty::Scalar(BaseTy::Logical) }),
                None => {}
            }
        }
        (ExprKind::Intrinsic { func: f, args: out }, if ok { ty } else { Ty::Unknown })
    }

    /// `s(i:j)` of a scalar character variable: an [`ExprKind::ArrayRef`] with one range.
    fn substring(&mut self, name: Ident, mut args: Vec<Arg>) -> (ExprKind, Ty) {
        let mut ok = true;
        if let Some(Arg::Range { lo, hi, .. }) = args.first_mut() {
            for e in [lo, hi].into_iter().flatten() {
                self.expr(e);
                ok &= self.want_int_scalar(e, "a substring bound must be a scalar integer");
            }
        }
        (ExprKind::ArrayRef { name, subs: args }, if ok { Ty::Scalar(BaseTy::Character) } else { Ty::Unknown })
    }

    /// Resolves `name(args)`: an array reference or an intrinsic call.
    #[inline(never)]
    fn apply(&mut self, name: Ident, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        let bad = |args: Vec<Arg>, name: Ident| (ExprKind::Apply { name, args }, Ty::Unknown);
        let n = name.name.clone();
        if self.type_scope.contains(&n) && self.syms.index(&n).is_none() {
            return self.struct_ctor(name, args, span);
        }
        let call = |this: &mut Checker, key: String, name: Ident, args: Vec<Arg>, declared: Declared| {
            let (name, args, ty) = this.call_user(key, name, args, true, span, declared);
            (ExprKind::Call { name, args }, ty)
        };
        if let Some(i) = self.syms.index(&n) {
            let Some(sym) = self.sym(i) else {
                return bad(args, name);
            };
            let (rank, base) = (sym.rank, sym.base);
            if sym.external && sym.dummy.is_some() {
                let k = self.dummy_proc_key(&n);
                let r = call(self, k, name, args, Declared::Typed(base));
                self.dummy_proc_key(&n);
                return r;
            }
            if sym.external {
                let key = match self.function_key(&n) {
                    Some(k) => k,
                    None => self.ext_key(&n),
                };
                return call(self, key, name, args, Declared::Typed(base));
            }
            if rank > 0 {
                return self.array_ref(name, args, rank, base, span);
            }
            if base == BaseTy::Character && matches!(args.as_slice(), [Arg::Range { stride: None, .. }]) {
                return self.substring(name, args);
            }
            let is_result = self.result_name.as_deref() == Some(n.as_str()) && !sym.host;
            let local_typed = !sym.parameter
                && sym.dummy.is_none()
                && !sym.host
                && sym.module.is_none()
                && !is_result
                && sym.init.is_none()
                && self.declared.contains(&n);
            if local_typed {
                // A typed name used with arguments: an intrinsic, or an external function.
                if let Some(f) = Intrinsic::from_name(&n) {
                    return self.intrinsic(f, name, args, span);
                }
                if let Some(s) = self.syms.list.get_mut(i) {
                    s.external = true;
                }
                let key = match self.function_key(&n) {
                    Some(k) => k,
                    None => self.ext_key(&n),
                };
                return call(self, key, name, args, Declared::Typed(base));
            }
            if sym.dummy.is_some() && !sym.parameter {
                self.err(Diagnostic::not_yet(format!("dummy procedures (`{n}` is a scalar dummy argument)"), name.span));
                return bad(args, name);
            }
            let hint = if is_result {
                format!(
                    "note: `{n}` is the result variable of the function; to call the function recursively, declare it `recursive function {n}(...) result(r)`"
                )
            } else if Intrinsic::from_name(&n).is_some() {
                format!("note: the variable `{n}` hides the intrinsic function of the same name")
            } else {
                format!("note: `{n}` is a scalar variable")
            };
            self.err(
                Diagnostic::error("E0106", format!("`{n}` is not an array or a known intrinsic function"), name.span)
                    .with_label("cannot be subscripted or called")
                    .with_note(hint),
            );
            return bad(args, name);
        }
        if let Some(f) = Intrinsic::from_name(&n) {
            // A generic extending an intrinsic: the intrinsic when no specific matches.
            if self.scope.get(&n).is_some_and(|k| self.g.procs.generics.contains_key(k)) && !self.generic_trial(&n, &args) {
                return self.intrinsic(f, name, args, span);
            }
        }
        if let Some(key) = self.function_key(&n) {
            let declared = if self.ext_names.contains(&n) && !self.scope.contains_key(&n) {
                if self.implicit_none {
                    self.err(
                        Diagnostic::error("E0107", format!("function `{n}` has no type in this scope"), name.span)
                            .with_label("not declared")
                            .with_note(format!("help: declare its type, e.g. `real, external :: {n}`")),
                    );
                    return bad(args, name);
                }
                Declared::Implicit(self.implicit(&n))
            } else {
                Declared::None
            };
            return call(self, key, name, args, declared);
        }
        if let Some(f) = Intrinsic::from_name(&n) {
            return self.intrinsic(f, name, args, span);
        }
        if IntrinsicSub::from_name(&n).is_some() && !self.intrinsics.contains(&n) {
            self.err(
                Diagnostic::error("E0124", format!("`{n}` is an intrinsic subroutine, not a function"), name.span)
                    .with_label("not a function")
                    .with_note(format!("help: call it with `call {n}(...)`")),
            );
            return bad(args, name);
        }
        if OTHER_INTRINSICS.contains(&n.as_str()) {
            self.err(Diagnostic::not_yet(format!("the intrinsic function `{n}`"), name.span));
            return bad(args, name);
        }
        let defined_external = self.g.externals.get(&n).cloned();
        if self.openacc && n.starts_with("acc_") && defined_external.is_none() {
            self.err(Diagnostic::not_yet(format!("the OpenACC routine `{n}`"), name.span));
            return bad(args, name);
        }
        if self.implicit_none {
            let mut d = Diagnostic::error("E0106", format!("`{n}` is not an array or a known intrinsic function"), name.span)
                .with_label("not declared");
            if let Some(k) = &defined_external {
                if let Some(sig) = self.g.procs.map.get(k) {
                    if let Some((b, _)) = sig.result {
                        d = d.with_note(format!("help: `{n}` is an external function; declare its type here: `{} :: {n}`", base_name(b)));
                    }
                }
            }
            self.err(d);
            return bad(args, name);
        }
        // An implicitly typed external function.
        let key = defined_external.unwrap_or_else(|| self.ext_key(&n));
        call(self, key, name, args, Declared::Implicit(self.implicit(&n)))
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
        // `a(i)(j:k)`: a substring of an element of a character array.
        let element_substring = base == BaseTy::Character
            && subs.len() == usize::from(rank) + 1
            && subs.last().is_some_and(|s| matches!(s, Arg::Range { .. }))
            && subs.iter().take(usize::from(rank)).all(|s| matches!(s, Arg::Index(_)));
        if element_substring {
            let ty = if ok { Ty::Scalar(base) } else { Ty::Unknown };
            return (ExprKind::ArrayRef { name, subs }, ty);
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
        use Intrinsic as I;
        if f.is_array_intrinsic() {
            return self.array_intrinsic(f, args, span);
        }
        if matches!(
            f,
            I::Len
                | I::LenTrim
                | I::Trim
                | I::Adjustl
                | I::Adjustr
                | I::Index
                | I::Repeat
                | I::Achar
                | I::Iachar
                | I::Char
                | I::Ichar
                | I::Scan
                | I::Verify
                | I::Lge
                | I::Lgt
                | I::Lle
                | I::Llt
        ) {
            return self.char_intrinsic(f, args, span);
        }
        if matches!(f, I::Kind | I::SelectedRealKind | I::SelectedIntKind | I::CommandArgumentCount | I::BitSize) {
            return self.inquiry_intrinsic(f, args, span);
        }
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
                        (Intrinsic::Real | Intrinsic::Int | Intrinsic::Nint | Intrinsic::Cmplx, "kind") => kind_arg = Some(e),
                        (Intrinsic::Cmplx, "x" | "y") if pos.len() == usize::from(k.name == "y") => pos.push(e),
                        _ => {
                            self.err(unknown_keyword(fname, &k, "unknown keyword"));
                            ok = false;
                        }
                    }
                }
                Arg::Range { span: rs, .. } => {
                    self.err(range_argument(fname, rs));
                    ok = false;
                }
            }
        }
        // The optional kind argument of `real`, `int`, `nint` may be positional.
        if matches!(f, Intrinsic::Real | Intrinsic::Int | Intrinsic::Nint) && pos.len() == 2 && kind_arg.is_none() {
            kind_arg = pos.pop();
        }
        if f == Intrinsic::Cmplx && pos.len() == 3 && kind_arg.is_none() {
            kind_arg = pos.pop();
        }
        let mk = |pos: Vec<Expr>, kind_arg: Option<Expr>| {
            let mut args = pos;
            // `cmplx`'s kind is in its type; its arguments stay `x [, y]`.
            if f != Intrinsic::Cmplx {
                args.extend(kind_arg);
            }
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
        let cplx = matches!(first, Some(BaseTy::Complex(_)));
        let ty = match f {
            Intrinsic::Abs | Intrinsic::Aimag if cplx && pos.len() == 1 => match first {
                Some(BaseTy::Complex(k)) => with_rank(BaseTy::Real(k), rank),
                _ => Ty::Unknown,
            },
            Intrinsic::Sqrt | Intrinsic::Exp | Intrinsic::Log | Intrinsic::Sin | Intrinsic::Cos | Intrinsic::Conjg
                if cplx && pos.len() == 1 =>
            {
                first.map_or(Ty::Unknown, |b| with_rank(b, rank))
            }
            Intrinsic::Real | Intrinsic::Dble | Intrinsic::Int if cplx && pos.len() == 1 => {
                let k = match (f, first, &kind_arg) {
                    (Intrinsic::Dble, _, _) => Some(8),
                    (Intrinsic::Int, _, None) => Some(4),
                    (_, Some(BaseTy::Complex(k)), None) => Some(k),
                    (_, _, Some(ka)) => match self.const_int(ka) {
                        Some(v @ (4 | 8)) => Some(v as u8),
                        Some(v @ (1 | 2)) if f == Intrinsic::Int => Some(v as u8),
                        _ => {
                            self.err(
                                Diagnostic::error("E0210", format!("the kind argument of `{fname}` must be the constant 4 or 8"), ka.span)
                                    .with_label("unsupported kind"),
                            );
                            None
                        }
                    },
                    _ => None,
                };
                let b = |k| if f == Intrinsic::Int { BaseTy::Integer(k) } else { BaseTy::Real(k) };
                k.map_or(Ty::Unknown, |k| with_rank(b(k), rank))
            }
            Intrinsic::Aimag | Intrinsic::Conjg => match pos.as_slice() {
                [e] => arg_err(self, e, "`complex`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Cmplx => {
                let kind = match &kind_arg {
                    None => Some(4),
                    Some(k) => match self.const_int(k) {
                        Some(v @ (4 | 8)) => Some(v as u8),
                        _ => {
                            self.err(
                                Diagnostic::error("E0210", "the kind argument of `cmplx` must be the constant 4 or 8", k.span)
                                    .with_label("unsupported kind"),
                            );
                            None
                        }
                    },
                };
                match (pos.as_slice(), kind) {
                    (_, None) => Ty::Unknown,
                    ([e], Some(k)) if e.ty.base().is_some_and(|b| is_numeric(b) || matches!(b, BaseTy::Complex(_))) => {
                        with_rank(BaseTy::Complex(k), rank)
                    }
                    ([a, b], Some(k)) if a.ty.base().is_some_and(is_numeric) && b.ty.base().is_some_and(is_numeric) => {
                        with_rank(BaseTy::Complex(k), rank)
                    }
                    ([e], _) | ([e, _], _) if !e.ty.base().is_some_and(is_numeric) => arg_err(self, e, "`integer` or `real`"),
                    ([_, e], _) => arg_err(self, e, "`integer` or `real`"),
                    _ => nargs(self, "one or two arguments and an optional kind"),
                }
            }
            Intrinsic::Abs => match (pos.as_slice(), first) {
                ([e], Some(b)) if is_numeric(b) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "numeric"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Sqrt
            | Intrinsic::Exp
            | Intrinsic::Log
            | Intrinsic::Sin
            | Intrinsic::Cos
            | Intrinsic::Tan
            | Intrinsic::Asin
            | Intrinsic::Acos
            | Intrinsic::Atan
            | Intrinsic::Sinh
            | Intrinsic::Cosh
            | Intrinsic::Tanh
            | Intrinsic::Log10 => match (pos.as_slice(), first) {
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
                        Some(v @ (1 | 2)) if matches!(f, Intrinsic::Int | Intrinsic::Nint) => Some(v as u8),
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
            Intrinsic::Floor | Intrinsic::Ceiling => match (pos.as_slice(), first) {
                ([e], Some(BaseTy::Real(_))) => with_rank(BaseTy::Integer(4), e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Aint | Intrinsic::Anint => match (pos.as_slice(), first) {
                ([e], Some(b @ BaseTy::Real(_))) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Float => match (pos.as_slice(), first) {
                ([e], Some(BaseTy::Integer(_))) => with_rank(BaseTy::Real(4), e.ty.rank()),
                ([e], _) => arg_err(self, e, "`integer`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Sngl => match (pos.as_slice(), first) {
                ([e], Some(BaseTy::Real(8))) => with_rank(BaseTy::Real(4), e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real(8)`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Not => match (pos.as_slice(), first) {
                ([e], Some(b @ BaseTy::Integer(_))) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "`integer`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Ishft => match (pos.as_slice(), first) {
                ([e, s], Some(b @ BaseTy::Integer(_))) if matches!(s.ty.base(), Some(BaseTy::Integer(_))) => {
                    with_rank(b, e.ty.rank().max(s.ty.rank()))
                }
                ([e, _], _) => arg_err(self, e, "`integer` with an `integer` shift"),
                _ => nargs(self, "two arguments"),
            },
            Intrinsic::Sign | Intrinsic::Modulo | Intrinsic::Dim => match (pos.as_slice(), first) {
                ([a, b], Some(t)) if is_numeric(t) && b.ty.base() == Some(t) => with_rank(t, rank),
                ([a, _], Some(t)) if !is_numeric(t) => arg_err(self, a, "`integer` or `real`"),
                ([_, b], _) => arg_err(self, b, "of the same type as the first argument"),
                _ => nargs(self, "two arguments"),
            },
            // Inquiries about a variable's status: its name is the argument.
            Intrinsic::Present | Intrinsic::Allocated => match pos.as_slice() {
                [e] => {
                    let present = f == Intrinsic::Present;
                    let ok = match &e.kind {
                        ExprKind::Name(id) => {
                            self.syms.get(&id.name).is_some_and(|s| if present { s.dummy.is_some() && s.optional } else { s.allocatable })
                        }
                        _ => false,
                    };
                    if ok {
                        Ty::Scalar(BaseTy::Logical)
                    } else {
                        let (code, msg, label) = if present {
                            ("E0259", "the argument of `present` must be an optional dummy argument", "not an `optional` dummy argument")
                        } else {
                            ("E0269", "the argument of `allocated` must be an allocatable variable", "not `allocatable`")
                        };
                        self.err(Diagnostic::error(code, msg, e.span).with_label(label));
                        Ty::Unknown
                    }
                }
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Epsilon | Intrinsic::Tiny => match (pos.as_slice(), first) {
                ([_], Some(b @ BaseTy::Real(_))) => Ty::Scalar(b),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Atan2 => match (pos.as_slice(), first) {
                ([_, b], Some(t @ BaseTy::Real(_))) if b.ty.base() == Some(t) => with_rank(t, rank),
                ([a, _], Some(t)) if !matches!(t, BaseTy::Real(_)) => arg_err(self, a, "`real`"),
                ([_, b], _) => arg_err(self, b, "of the same type as the first argument"),
                _ => nargs(self, "two arguments"),
            },
            Intrinsic::Btest | Intrinsic::Ibset | Intrinsic::Ibclr | Intrinsic::Ibits | Intrinsic::Ishftc => {
                let (lo, hi) = match f {
                    Intrinsic::Ibits => (3, 3),
                    Intrinsic::Ishftc => (2, 3),
                    _ => (2, 2),
                };
                if pos.len() < lo || pos.len() > hi {
                    nargs(
                        self,
                        if f == Intrinsic::Ibits {
                            "three arguments"
                        } else if lo == hi {
                            "two arguments"
                        } else {
                            "two or three arguments"
                        },
                    )
                } else if let Some(bad_e) = pos.iter().find(|e| !matches!(e.ty.base(), Some(BaseTy::Integer(_)))) {
                    arg_err(self, bad_e, "`integer`")
                } else {
                    let b = first.unwrap_or(BaseTy::Integer(4));
                    with_rank(if f == Intrinsic::Btest { BaseTy::Logical } else { b }, rank)
                }
            }
            Intrinsic::Popcnt | Intrinsic::Leadz | Intrinsic::Trailz => match (pos.as_slice(), first) {
                ([e], Some(BaseTy::Integer(_))) => with_rank(BaseTy::Integer(4), e.ty.rank()),
                ([e], _) => arg_err(self, e, "`integer`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Huge => match (pos.as_slice(), first) {
                ([_], Some(b)) if is_numeric(b) => Ty::Scalar(b),
                ([e], _) => arg_err(self, e, "`integer` or `real`"),
                _ => nargs(self, "one argument"),
            },
            _ => Ty::Unknown,
        };
        let _ = name;
        (mk(pos, kind_arg), ty)
    }

    /// `kind`, `bit_size`, `selected_real_kind`, `selected_int_kind` (folded to integer
    /// constants) and `command_argument_count()`.
    fn inquiry_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        let fname = intrinsic_name(f);
        let int4 = Ty::Scalar(BaseTy::Integer(4));
        let params: &[&str] = match f {
            Intrinsic::SelectedRealKind => &["p", "r"],
            Intrinsic::SelectedIntKind => &["r"],
            Intrinsic::CommandArgumentCount => &[],
            _ => &["x"],
        };
        let mut slots: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        let mut next = 0;
        for a in args {
            let (slot, mut e) = match a {
                Arg::Index(e) => {
                    let i = next;
                    next += 1;
                    (i, e)
                }
                Arg::Keyword(k, e) => match params.iter().position(|p| *p == k.name) {
                    Some(i) => (i, e),
                    None => {
                        self.err(unknown_keyword(fname, &k, "unknown keyword"));
                        ok = false;
                        continue;
                    }
                },
                Arg::Range { span: rs, .. } => {
                    self.err(range_argument(fname, rs));
                    ok = false;
                    continue;
                }
            };
            self.expr(&mut e);
            if let Some(place) = slots.get_mut(slot) {
                *place = Some(e);
            } else {
                let want = match params.len() {
                    0 => "no arguments",
                    1 => "one argument",
                    _ => "at most two arguments",
                };
                self.err(Diagnostic::error("E0209", format!("`{fname}` takes {want}"), e.span).with_label("too many arguments"));
                ok = false;
            }
        }
        if !ok || slots.iter().flatten().any(|e| e.ty == Ty::Unknown) {
            return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
        }
        let folded = |v: i64| (ExprKind::Int(v, 4), Ty::Scalar(BaseTy::Integer(4)));
        match f {
            Intrinsic::CommandArgumentCount => (ExprKind::Intrinsic { func: f, args: Vec::new() }, int4),
            Intrinsic::Kind | Intrinsic::BitSize => {
                let Some(Some(x)) = slots.first() else {
                    self.err(
                        Diagnostic::error("E0209", format!("`{fname}` takes one argument"), span).with_label("wrong number of arguments"),
                    );
                    return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                };
                let b = x.ty.base().unwrap_or(BaseTy::Integer(4));
                match (f, b) {
                    (Intrinsic::Kind, BaseTy::Integer(k) | BaseTy::Real(k) | BaseTy::Complex(k)) => folded(i64::from(k)),
                    (Intrinsic::Kind, BaseTy::Logical) => folded(4),
                    (Intrinsic::Kind, BaseTy::Character) => folded(1),
                    (_, BaseTy::Integer(k)) => (ExprKind::Int(8 * i64::from(k), k), Ty::Scalar(BaseTy::Integer(k))),
                    _ => {
                        self.err(
                            Diagnostic::error(
                                "E0210",
                                format!("the argument of `{fname}` must be `integer`, found {}", ty_name(x.ty)),
                                x.span,
                            )
                            .with_label("expected `integer`"),
                        );
                        (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown)
                    }
                }
            }
            _ => {
                let mut vals = Vec::new();
                for e in slots.iter().flatten() {
                    if !matches!(e.ty, Ty::Scalar(BaseTy::Integer(_))) {
                        self.err(
                            Diagnostic::error(
                                "E0210",
                                format!("the arguments of `{fname}` must be scalar `integer`s, found {}", ty_name(e.ty)),
                                e.span,
                            )
                            .with_label("expected `integer`"),
                        );
                        return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                    }
                    match self.const_int(e) {
                        Some(v) => vals.push(v),
                        None => {
                            self.err(Diagnostic::not_yet(format!("`{fname}` of a non-constant argument"), e.span));
                            return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                        }
                    }
                }
                if f == Intrinsic::SelectedIntKind {
                    let Some(r) = slots.first().and_then(Option::as_ref).and_then(|_| vals.first().copied()) else {
                        self.err(
                            Diagnostic::error("E0209", format!("`{fname}` takes one argument"), span)
                                .with_label("wrong number of arguments"),
                        );
                        return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                    };
                    folded(selected_int_kind(r))
                } else {
                    if slots.iter().all(Option::is_none) {
                        self.err(
                            Diagnostic::error("E0209", format!("`{fname}` takes at least one of `p` and `r`"), span)
                                .with_label("no arguments"),
                        );
                        return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                    }
                    let at = |i: usize| slots.get(i).and_then(Option::as_ref).and_then(|e| self.const_int(e)).unwrap_or(0);
                    let (p, r) = (at(0), at(1));
                    folded(selected_real_kind(p, r))
                }
            }
        }
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
            StmtKind::If { .. } => self.if_construct(s),
            StmtKind::Do { .. } => self.do_loop(s, None),
            StmtKind::DoWhile { name, cond, body } => {
                self.expr(cond);
                self.want_logical(cond, "the `do while` condition");
                self.loops.push(LoopCtx {
                    name: name.as_ref().map(|n| n.name.clone()),
                    var: None,
                    acc_parallel: false,
                    compute_depth: self.compute.len(),
                    construct: false,
                });
                self.stmts(body);
                self.loops.pop();
            }
            StmtKind::SelectCase { .. } => self.select_case(s),
            StmtKind::Block { .. } => self.if_construct(s),
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
            StmtKind::Where { .. } | StmtKind::Forall { .. } | StmtKind::DoConcurrent { .. } => self.array_stmt(s),
            _ => self.simple_stmt(s),
        }
    }

    /// `where`, `forall` and `do concurrent`.
    #[inline(never)]
    fn array_stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        let what = match &s.kind {
            StmtKind::Where { .. } => "where",
            StmtKind::Forall { .. } => "forall",
            _ => "do concurrent",
        };
        if self.in_compute() {
            self.err(Diagnostic::not_yet(format!("`{what}` inside a compute construct"), span));
        }
        match &mut s.kind {
            StmtKind::Where { arms } => {
                let mut rank: Option<u8> = None;
                for (mask, body) in arms.iter_mut() {
                    if let Some(m) = mask {
                        self.expr(m);
                        match m.ty {
                            Ty::Unknown => {}
                            Ty::Array(BaseTy::Logical, r) => match rank {
                                Some(r0) if r0 != r => self.err(
                                    Diagnostic::error(
                                        "E0230",
                                        format!("the masks of this `where` have different ranks ({r0} and {r})"),
                                        m.span,
                                    )
                                    .with_label("masks must conform"),
                                ),
                                _ => rank = Some(r),
                            },
                            t => self.err(
                                Diagnostic::error(
                                    "E0219",
                                    format!("the `where` mask must be a `logical` array, found {}", ty_name(t)),
                                    m.span,
                                )
                                .with_label("expected a `logical` array"),
                            ),
                        }
                    }
                    for st in body.iter_mut() {
                        let StmtKind::Assign { lhs, rhs } = &mut st.kind else {
                            self.err(Diagnostic::not_yet("statements other than assignments in `where`", st.span));
                            continue;
                        };
                        self.assign(lhs, rhs);
                        if let (Some(r), Ty::Scalar(_) | Ty::Array(..)) = (rank, lhs.ty) {
                            if lhs.ty.rank() != r {
                                self.err(
                                    Diagnostic::error(
                                        "E0230",
                                        format!("the `where` mask has rank {r}, but the assigned variable has rank {}", lhs.ty.rank()),
                                        lhs.span,
                                    )
                                    .with_label("does not conform to the mask"),
                                );
                            }
                        }
                    }
                }
            }
            StmtKind::Forall { specs, mask, body } | StmtKind::DoConcurrent { specs, mask, body } => {
                for sp in specs.iter_mut() {
                    let mut v = Expr { kind: ExprKind::Name(sp.var.clone()), span: sp.var.span, ty: Ty::Unknown };
                    self.expr(&mut v);
                    self.want_int_scalar(&v, &format!("the `{what}` index must be a scalar integer"));
                    for e in [Some(&mut sp.lo), Some(&mut sp.hi), sp.step.as_mut()].into_iter().flatten() {
                        self.expr(e);
                        self.want_int_scalar(e, &format!("the `{what}` bounds must be scalar integers"));
                    }
                }
                if let Some(m) = mask {
                    self.expr(m);
                    self.want_logical(m, &format!("the `{what}` mask"));
                }
                if what == "forall" {
                    for st in body.iter_mut() {
                        let StmtKind::Assign { lhs, rhs } = &mut st.kind else {
                            self.err(Diagnostic::not_yet("statements other than assignments in `forall`", st.span));
                            continue;
                        };
                        self.assign(lhs, rhs);
                        if lhs.ty.rank() > 0 {
                            self.err(Diagnostic::not_yet("array sections assigned in `forall`", lhs.span));
                        }
                    }
                } else {
                    let n = specs.len();
                    for sp in specs.iter() {
                        self.loops.push(LoopCtx {
                            name: None,
                            var: Some(sp.var.name.clone()),
                            acc_parallel: false,
                            compute_depth: self.compute.len(),
                            construct: false,
                        });
                    }
                    self.stmts(body);
                    for _ in 0..n {
                        self.loops.pop();
                    }
                }
            }
            _ => {}
        }
    }

    /// Statements without a body (kept apart so that the recursive `stmt` stays small).
    #[inline(never)]
    fn simple_stmt(&mut self, s: &mut Stmt) {
        if self.io_status_stmt(s) {
            return;
        }
        let span = s.span;
        match &mut s.kind {
            StmtKind::Print { items, .. } => {
                if self.in_compute() {
                    self.err(Diagnostic::not_yet("`print` inside a compute construct", span));
                }
                for e in items {
                    self.io_list_item(e);
                }
            }
            StmtKind::Stop(_) | StmtKind::ErrorStop(_) => {
                let kw = if matches!(s.kind, StmtKind::Stop(_)) { "stop" } else { "error stop" };
                if self.in_compute() {
                    self.err(Diagnostic::not_yet(format!("`{kw}` inside a compute construct"), span));
                }
                let (StmtKind::Stop(code) | StmtKind::ErrorStop(code)) = &mut s.kind else { return };
                if let Some(c) = code {
                    self.expr(c);
                    match c.ty {
                        Ty::Unknown | Ty::Scalar(BaseTy::Integer(_) | BaseTy::Character) => {}
                        t => self.err(
                            Diagnostic::error(
                                "E0217",
                                format!("the `{kw}` code must be a scalar integer or character, found {}", ty_name(t)),
                                c.span,
                            )
                            .with_label("invalid stop code"),
                        ),
                    }
                }
            }
            StmtKind::Write { unit, items, .. } => {
                if self.in_compute() {
                    self.err(Diagnostic::not_yet("`write` inside a compute construct", span));
                }
                if let IoUnit::Number(e) = unit {
                    self.expr(e);
                    // A character variable is an internal file.
                    if e.ty == Ty::Scalar(BaseTy::Character) {
                        if let Some(why) = self.not_definable(e) {
                            self.err(
                                Diagnostic::error("E0270", "the internal file of `write` must be a character variable", e.span)
                                    .with_label(why),
                            );
                        }
                    } else {
                        self.want_int_scalar(e, "the unit of `write` must be a scalar integer");
                    }
                }
                for e in items {
                    self.io_list_item(e);
                }
            }
            StmtKind::Read { .. } | StmtKind::Open(_) | StmtKind::Close { .. } => self.io_stmt(s),
            StmtKind::Return => {
                if !self.in_procedure() {
                    // gfortran accepts it (a GNU extension) and ends the program.
                    self.err(
                        Diagnostic::warning("W0123", "`return` in the main program ends the program", span)
                            .with_label("not inside a subroutine or function")
                            .with_note("help: `stop` is the standard way to end the main program"),
                    );
                } else if self.in_compute() {
                    self.err(
                        Diagnostic::error("E0314", "`return` cannot leave a compute construct", span)
                            .with_label("inside a compute construct"),
                    );
                }
            }
            StmtKind::Call { .. } => self.call_stmt(s),
            StmtKind::IntrinsicCall { .. } => {}
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
                            DimSpec::AssumedSize(sp) => self
                                .err(Diagnostic::error("E0216", "`allocate` needs explicit bounds", *sp).with_label("`*` is not a bound")),
                            DimSpec::AssumedLo { span, .. } => {
                                self.err(Diagnostic::error("E0216", "`allocate` needs explicit bounds", *span).with_label("no upper bound"))
                            }
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
            if sym.intent == Some(Intent::In) && sym.dummy.is_some() {
                self.err(
                    Diagnostic::error("E0244", format!("cannot assign to `{target}`: it is an `intent(in)` argument"), lhs.span)
                        .with_label("`intent(in)` arguments cannot be changed"),
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
            construct: false,
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

    /// An `if` or `block` construct (kept out of `stmt` so that its frame stays small).
    #[inline(never)]
    fn if_construct(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::If { name, arms, else_body } => {
                self.push_construct(name);
                for (c, body) in arms.iter_mut() {
                    self.expr(c);
                    self.want_logical(c, "the `if` condition");
                    self.stmts(body);
                }
                if let Some(b) = else_body {
                    self.stmts(b);
                }
                self.pop_construct(name);
            }
            StmtKind::Block { name, body, .. } => {
                self.push_construct(name);
                self.stmts(body);
                self.pop_construct(name);
            }
            _ => {}
        }
    }

    /// A `select case` construct: the selector, its case values (constants of the
    /// selector's type, `case default` at most once) and overlapping values.
    #[inline(never)]
    fn select_case(&mut self, s: &mut Stmt) {
        let StmtKind::SelectCase { name, selector, cases } = &mut s.kind else { return };
        self.expr(selector);
        let sel = match selector.ty {
            Ty::Scalar(b @ (BaseTy::Integer(_) | BaseTy::Logical | BaseTy::Character)) => Some(b),
            Ty::Unknown => None,
            t => {
                self.err(
                    Diagnostic::error(
                        "E0250",
                        format!("the `select case` selector must be a scalar integer, logical or character, found {}", ty_name(t)),
                        selector.span,
                    )
                    .with_label("not a valid selector"),
                );
                None
            }
        };
        let mut seen: Vec<(Option<CaseKey>, Option<CaseKey>)> = Vec::new();
        let mut default: Option<Span> = None;
        self.push_construct(name);
        for c in cases.iter_mut() {
            match &mut c.values {
                None => {
                    if default.is_some() {
                        self.err(
                            Diagnostic::error("E0252", "more than one `case default` in this `select case` construct", c.span)
                                .with_label("second `case default`"),
                        );
                    }
                    default = Some(c.span);
                }
                Some(vals) => {
                    for v in vals.iter_mut() {
                        let (lo, hi, sp) = match v {
                            CaseValue::Value(e) => {
                                let k = self.case_key(e, sel);
                                (k.clone(), k, e.span)
                            }
                            CaseValue::Range { lo, hi, span } => {
                                if sel == Some(BaseTy::Logical) {
                                    self.err(
                                        Diagnostic::error("E0251", "a `logical` selector cannot have a `case` range", *span)
                                            .with_label("ranges need an integer or character selector"),
                                    );
                                    continue;
                                }
                                let l = lo.as_mut().and_then(|e| self.case_key(e, sel));
                                let h = hi.as_mut().and_then(|e| self.case_key(e, sel));
                                if (lo.is_some() && l.is_none()) || (hi.is_some() && h.is_none()) {
                                    continue;
                                }
                                (l, h, *span)
                            }
                        };
                        if matches!(v, CaseValue::Value(_)) && lo.is_none() {
                            continue;
                        }
                        if let (Some(l), Some(h)) = (&lo, &hi) {
                            if l.cmp_padded(h) == std::cmp::Ordering::Greater {
                                // An empty range matches nothing.
                                continue;
                            }
                        }
                        let below = |a: &Option<CaseKey>, b: &Option<CaseKey>| match (a, b) {
                            (Some(a), Some(b)) => a.cmp_padded(b) != std::cmp::Ordering::Greater,
                            _ => true,
                        };
                        if let Some((plo, phi)) = seen.iter().find(|(plo, phi)| below(&lo, phi) && below(plo, &hi)) {
                            let witness = match (&lo, plo) {
                                (Some(a), Some(b)) => Some(if a.cmp_padded(b) == std::cmp::Ordering::Greater { a } else { b }),
                                (Some(a), None) | (None, Some(a)) => Some(a),
                                (None, None) => hi.as_ref().or(phi.as_ref()),
                            };
                            let mut d = Diagnostic::error("E0253", "this `case` value overlaps with an earlier `case`", sp)
                                .with_label("overlapping `case` value");
                            if let Some(w) = witness {
                                d = d.with_note(format!("note: the value {} is matched by an earlier `case`", w.show()));
                            }
                            self.err(d);
                            continue;
                        }
                        seen.push((lo, hi));
                    }
                }
            }
            self.stmts(&mut c.body);
        }
        self.pop_construct(name);
    }

    /// The value of a `case` value `e`, which must be a constant of the selector's type.
    fn case_key(&mut self, e: &mut Expr, sel: Option<BaseTy>) -> Option<CaseKey> {
        self.expr(e);
        let sel = sel?;
        let b = e.ty.base()?;
        let same = matches!((sel, b), (BaseTy::Integer(_), BaseTy::Integer(_))) || sel == b;
        if !same || e.ty.rank() > 0 {
            self.err(
                Diagnostic::error("E0254", format!("a `case` value must be {}, found {}", ty_name(Ty::Scalar(sel)), ty_name(e.ty)), e.span)
                    .with_label(format!("expected {}", ty_name(Ty::Scalar(sel)))),
            );
            return None;
        }
        let k = match sel {
            BaseTy::Integer(_) => self.const_int(e).map(CaseKey::Int),
            BaseTy::Logical => self.const_logical(e, 0).map(|b| CaseKey::Int(b as i64)),
            _ => self.const_str(e, 0).map(CaseKey::Str),
        };
        if k.is_none() {
            self.err(Diagnostic::error("E0255", "a `case` value must be a constant", e.span).with_label("not a constant"));
        }
        k
    }

    /// The value of a logical constant expression.
    fn const_logical(&self, e: &Expr, depth: u32) -> Option<bool> {
        if depth > 64 {
            return None;
        }
        match &e.kind {
            ExprKind::Logical(b) => Some(*b),
            ExprKind::Paren(x) => self.const_logical(x, depth + 1),
            ExprKind::Unary(UnOp::Not, x) => self.const_logical(x, depth + 1).map(|b| !b),
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name)?;
                if !s.parameter {
                    return None;
                }
                self.const_logical(s.init.as_ref()?, depth + 1)
            }
            _ => None,
        }
    }

    /// The value of a character constant expression (literals, parameters, `//`).
    fn const_str(&self, e: &Expr, depth: u32) -> Option<String> {
        if depth > 64 {
            return None;
        }
        match &e.kind {
            ExprKind::Str(v) => Some(v.clone()),
            ExprKind::Paren(x) => self.const_str(x, depth + 1),
            ExprKind::Binary(BinOp::Concat, l, r) => Some(self.const_str(l, depth + 1)? + &self.const_str(r, depth + 1)?),
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name)?;
                if !s.parameter {
                    return None;
                }
                self.const_str(s.init.as_ref()?, depth + 1)
            }
            _ => None,
        }
    }

    /// Enters a named `if`, `select case` or `block` construct (a target of `exit name`).
    #[inline(never)]
    fn push_construct(&mut self, name: &Option<Ident>) {
        if let Some(n) = name {
            self.loops.push(LoopCtx {
                name: Some(n.name.clone()),
                var: None,
                acc_parallel: false,
                compute_depth: self.compute.len(),
                construct: true,
            });
        }
    }

    #[inline(never)]
    fn pop_construct(&mut self, name: &Option<Ident>) {
        if name.is_some() {
            self.loops.pop();
        }
    }

    fn exit_cycle(&mut self, is_exit: bool, name: Option<Ident>, span: Span) {
        let kw = if is_exit { "exit" } else { "cycle" };
        let target = match &name {
            None => self.loops.iter().rposition(|l| !l.construct),
            Some(n) => self.loops.iter().rposition(|l| l.name.as_deref() == Some(n.name.as_str())),
        };
        let Some(t) = target else {
            match name {
                None => {
                    self.err(Diagnostic::error("E0110", format!("`{kw}` outside of a loop"), span).with_label("not inside a `do` loop"))
                }
                Some(n) => self.err(
                    Diagnostic::error("E0111", format!("no enclosing construct is named `{}`", n.name), n.span)
                        .with_label("no construct of this name encloses this statement"),
                ),
            }
            return;
        };
        let Some(ctx) = self.loops.get(t) else { return };
        if ctx.construct && !is_exit {
            let n = name.as_ref().map_or(span, |n| n.span);
            self.err(
                Diagnostic::error("E0113", "`cycle` must name a `do` loop", n)
                    .with_label("this names an `if`, `select case` or `block` construct"),
            );
            return;
        }
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

    /// `init`, `shutdown`, `set`: device types by name, integer `device_num` and
    /// `default_async`, a logical `if`.
    fn runtime_directive(&mut self, dir: &mut AccDirective) {
        let kind = dir.kind;
        if self.in_compute() {
            self.err(
                Diagnostic::error("E0316", format!("`{}` is not allowed inside a compute construct", kind.name()), dir.span)
                    .with_label("an executable directive of the host"),
            );
        }
        for c in dir.clauses.iter_mut() {
            let cname = clause_name(&c.kind).to_string();
            if !clause_allowed(kind, &cname) || (cname == "default_async" && kind != AccKind::Set) {
                self.err(
                    Diagnostic::error("E0316", format!("clause `{cname}` is not allowed on `{}`", kind.name()), c.span)
                        .with_label("not allowed here"),
                );
                continue;
            }
            match &mut c.kind {
                ClauseKind::DeviceNum(e) | ClauseKind::DefaultAsync(e) => {
                    self.expr(e);
                    self.want_int_scalar(e, "the argument must be a scalar integer");
                }
                ClauseKind::If(e) => {
                    self.expr(e);
                    if e.ty != Ty::Unknown && e.ty != Ty::Scalar(BaseTy::Logical) {
                        self.err(Diagnostic::error("E0220", "the `if` clause needs a scalar logical", e.span).with_label("not logical"));
                    }
                }
                ClauseKind::Unsupported(s) => {
                    let names = s.split_once('(').map(|(_, r)| r.trim_end_matches(')')).unwrap_or("");
                    for n in names.split(',').filter(|n| !n.is_empty()) {
                        if acc_device_code(n).is_none() {
                            self.err(
                                Diagnostic::error("E0317", format!("unknown device type `{n}`"), c.span)
                                    .with_label("expected `host`, `nvidia`, `radeon`, `multicore`, `default` or `*`"),
                            );
                        }
                    }
                    if names.contains(',') {
                        self.err(Diagnostic::not_yet(format!("more than one device type on `{}`", kind.name()), c.span));
                    }
                }
                _ => {}
            }
        }
    }

    /// Checks a directive's clauses (names allowed, expressions, lists).
    fn directive(&mut self, dir: &mut AccDirective) {
        let kind = dir.kind;
        if matches!(kind, AccKind::HostData | AccKind::Routine | AccKind::Declare | AccKind::Cache) {
            self.err(Diagnostic::not_yet(format!("the `{}` directive", kind.name()), dir.span));
            return;
        }
        if matches!(kind, AccKind::Init | AccKind::Shutdown | AccKind::Set) {
            self.runtime_directive(dir);
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
                // Every construct runs to completion before the program goes on, which is
                // a conforming implementation of `async` queues; `wait` has nothing to do.
                if !is_sync_clause(&cname) {
                    self.err(Diagnostic::not_yet(format!("the `{n}` clause"), c.span));
                }
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
        if let ExprKind::Component(_) = it.kind {
            self.err(Diagnostic::not_yet(format!("derived-type components in `{clause}` (name the whole variable)"), it.span));
            return;
        }
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
        if let ExprKind::Component(_) = it.kind {
            self.err(Diagnostic::not_yet("derived-type components in `reduction`", it.span));
            return;
        }
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
                construct: false,
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

/// Status specifiers, labels, `rewind`, `inquire` and formats given by expressions.
impl Checker {
    /// `iostat=`, `newunit=`, `number=` (integer), `exist=`/`opened=` (logical) and `iomsg=`
    /// (character) must be definable scalar variables of their type.
    fn status_var(&mut self, e: &Expr, spec: &str, stmt: &str) {
        let want = match spec {
            "iomsg=" | "errmsg=" => "a `character`",
            "exist=" | "opened=" => "a `logical`",
            _ => "an `integer`",
        };
        let ok = match e.ty {
            Ty::Unknown => return,
            Ty::Scalar(BaseTy::Character) => spec == "iomsg=" || spec == "errmsg=",
            Ty::Scalar(BaseTy::Logical) => spec == "exist=" || spec == "opened=",
            Ty::Scalar(BaseTy::Integer(_)) => !matches!(spec, "iomsg=" | "errmsg=" | "exist=" | "opened="),
            _ => false,
        };
        if !ok {
            self.err(
                Diagnostic::error(
                    "E0273",
                    format!("the `{spec}` of `{stmt}` must be {want} scalar variable, found {}", ty_name(e.ty)),
                    e.span,
                )
                .with_label(format!("expected {want} variable")),
            );
        } else if let Some(why) = self.not_definable(e) {
            self.err(Diagnostic::error("E0273", format!("the `{spec}` of `{stmt}` must be a variable"), e.span).with_label(why));
        }
    }

    /// Checks the statements of this impl block; false for other statements.
    #[inline(never)]
    fn io_status_stmt(&mut self, s: &mut Stmt) -> bool {
        let span = s.span;
        self.io_format(s);
        match &mut s.kind {
            StmtKind::LabelBlock { body, .. } => self.stmts(body),
            StmtKind::IoStatus { stmt, ctl } => {
                let what = match &stmt.kind {
                    StmtKind::Read { .. } => "read",
                    StmtKind::Write { .. } => "write",
                    StmtKind::Open(_) => "open",
                    StmtKind::Close { .. } => "close",
                    StmtKind::Inquire(_) => "inquire",
                    StmtKind::UnitOp { op, .. } => op.keyword(),
                    _ => "allocate",
                };
                self.stmt(stmt);
                if ctl.advance_no {
                    let list_directed = matches!(stmt.kind, StmtKind::Write { format: Format::ListDirected, .. });
                    let internal =
                        matches!(&stmt.kind, StmtKind::Write { unit: IoUnit::Number(u), .. } if u.ty == Ty::Scalar(BaseTy::Character));
                    if list_directed {
                        self.err(Diagnostic::error("E0275", "`advance=` needs a format", span).with_label("list-directed `write`"));
                    } else if internal {
                        self.err(Diagnostic::not_yet("`advance='no'` on an internal file", span));
                    }
                }
                if let Some(e) = &mut ctl.iostat {
                    self.expr(e);
                    self.status_var(e, "iostat=", what);
                }
                if let Some(e) = &mut ctl.iomsg {
                    self.expr(e);
                    self.status_var(e, "iomsg=", what);
                }
            }
            StmtKind::GoTo(_) if self.in_compute() => {
                self.err(Diagnostic::not_yet("`go to` inside a compute construct", span));
            }
            StmtKind::UnitOp { op, unit } => {
                let what = op.keyword();
                if self.in_compute() {
                    self.err(Diagnostic::not_yet(format!("`{what}` inside a compute construct"), span));
                }
                self.expr(unit);
                self.want_int_scalar(unit, &format!("the unit of `{what}` must be a scalar integer"));
            }
            StmtKind::Inquire(q) => {
                if self.in_compute() {
                    self.err(Diagnostic::not_yet("`inquire` inside a compute construct", span));
                }
                if let Some(u) = &mut q.unit {
                    self.expr(u);
                    self.want_int_scalar(u, "the unit of `inquire` must be a scalar integer");
                }
                if let Some(f) = &mut q.file {
                    self.expr(f);
                    if !matches!(f.ty, Ty::Unknown | Ty::Scalar(BaseTy::Character)) {
                        self.err(
                            Diagnostic::error(
                                "E0271",
                                format!("the `file=` of `inquire` must be a scalar `character`, found {}", ty_name(f.ty)),
                                f.span,
                            )
                            .with_label("expected a file name"),
                        );
                    }
                }
                for (e, spec) in [(&mut q.exist, "exist="), (&mut q.opened, "opened="), (&mut q.number, "number=")] {
                    if let Some(e) = e {
                        self.expr(e);
                        self.status_var(e, spec, "inquire");
                    }
                }
            }
            StmtKind::AllocStatus { stmt, stat, errmsg } => {
                let what = if matches!(stmt.kind, StmtKind::Allocate(_)) { "allocate" } else { "deallocate" };
                self.stmt(stmt);
                if let Some(e) = stat {
                    self.expr(e);
                    self.status_var(e, "stat=", what);
                }
                if let Some(e) = errmsg {
                    self.expr(e);
                    self.status_var(e, "errmsg=", what);
                    if stat.is_none() {
                        self.err(
                            Diagnostic::warning("W0276", "`errmsg=` has no effect without `stat=`", e.span)
                                .with_label("an error still stops the program"),
                        );
                    }
                }
            }
            StmtKind::GoTo(_) | StmtKind::Label(_) | StmtKind::FormatStmt(_) => {}
            _ => return false,
        }
        true
    }

    /// A format given by a character expression (`write(*, fmt) x`).
    #[inline(never)]
    fn io_format(&mut self, s: &mut Stmt) {
        let (StmtKind::Print { format: Format::Expr(e), .. }
        | StmtKind::Write { format: Format::Expr(e), .. }
        | StmtKind::Read { format: Format::Expr(e), .. }) = &mut s.kind
        else {
            return;
        };
        self.expr(e);
        match e.ty {
            Ty::Unknown | Ty::Scalar(BaseTy::Character) => {}
            Ty::Array(BaseTy::Character, _) => self.err(Diagnostic::not_yet("formats held in character arrays", e.span)),
            t => self.err(
                Diagnostic::error("E0274", format!("a format must be a character expression or a label, found {}", ty_name(t)), e.span)
                    .with_label("not a format"),
            ),
        }
    }
}
