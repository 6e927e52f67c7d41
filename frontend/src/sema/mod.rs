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

mod array_intrinsics;
mod bit_intrinsics;
mod boz;
mod calls;
mod consts;
pub(crate) mod data_stmt;
mod declarations;
mod derived;
mod directives;
mod exprs;
mod generic;
mod intrinsics;
mod io;
mod model_intrinsics;
mod omp_lib_module;
mod openacc_module;
mod pointers;
pub(crate) mod scope;
mod stmts;
mod transform;
mod types;

use self::{calls::*, consts::*, declarations::*, directives::*, exprs::*, intrinsics::*, openacc_module::*, scope::*, types::*};

pub use bit_intrinsics::fold_bit_call;
pub use calls::{proc_actual, PROC_ACTUAL};
pub(crate) use consts::{fold_int, quad_text_f64};
pub use consts::{selected_int_kind, selected_real_kind};
pub(crate) use declarations::implicit_with;
pub use derived::{base_layout, BindInfo, CompInfo, TypeInfo, ELEMENTAL_FINAL};
pub use directives::acc_device_code;
pub use model_intrinsics::fold_model;
pub use omp_lib_module::{omp_lib_h, omp_lib_routine_of, omp_lib_routines};
pub use openacc_module::{openacc_lib_h, openacc_routines, OPENACC_CONSTANTS, OPENACC_LIB_H_MARK};
pub use types::{base_name, ty_name};

/// A declared (or implicitly typed) variable, named constant or typed external function.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub base: BaseTy,
    pub rank: u8,
    pub dims: Vec<DimSpec>,
    pub allocatable: bool,
    /// `class(T)`: polymorphic (a scalar dummy: gfortran's class container).
    pub class: bool,
    /// A data pointer: a scalar's home is the address it points to, an array's its
    /// descriptor; no reallocation on assignment, no automatic deallocation.
    pub pointer: bool,
    /// The `target` attribute.
    pub target: bool,
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
    /// A dummy argument with the `value` attribute: passed by value (a numeric, logical or
    /// `type(c_ptr)` scalar).
    pub value: bool,
    /// A `bind(c)` module variable: the C name of its global (gfortran's `__m_MOD_x`
    /// otherwise).
    pub bind_c: Option<String>,
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
    /// Listed in `!$omp declare target` (`to`/`enter`): it has a device copy for the whole
    /// program, present in every target region.
    pub declare_target: bool,
    /// A member of a common block: the block's name (empty for blank common).
    pub common: Option<String>,
    /// A module variable in a common block of its module: its byte offset in the block,
    /// the block's size and alignment (units that `use` the module place it there).
    pub common_at: Option<(i64, i64, i64)>,
    /// An associate name (`associate (x => ...)`): lowering gives it its home at the
    /// construct, not on entry to the unit.
    pub assoc: bool,
    /// Named in an OpenMP `threadprivate` directive: one copy per thread (thread-local
    /// storage, as gfortran makes it).
    pub threadprivate: bool,
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
            class: false,
            pointer: false,
            target: false,
            parameter: false,
            init: None,
            char_len: None,
            span,
            dummy: None,
            intent: None,
            optional: false,
            value: false,
            bind_c: None,
            save: false,
            external: false,
            module: None,
            module_name: None,
            host: false,
            declare_target: false,
            common: None,
            common_at: None,
            assoc: false,
            threadprivate: false,
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
    list: Vec<Symbol>,
    /// The position in `list` of the first symbol of each name.
    pos: HashMap<String, usize>,
}

impl Symbols {
    pub fn from_list(list: Vec<Symbol>) -> Symbols {
        let mut s = Symbols { list, pos: HashMap::new() };
        s.reindex();
        s
    }
    /// The symbols in declaration order.
    pub fn list(&self) -> &[Symbol] {
        &self.list
    }
    pub fn get(&self, name: &str) -> Option<&Symbol> {
        self.index(name).and_then(|i| self.list.get(i))
    }
    fn index(&self, name: &str) -> Option<usize> {
        self.pos.get(name).copied()
    }
    /// Mutable access to a symbol (its name must not change).
    fn get_mut(&mut self, i: usize) -> Option<&mut Symbol> {
        self.list.get_mut(i)
    }
    /// Every symbol, mutably (their names must not change).
    fn iter_mut(&mut self) -> std::slice::IterMut<'_, Symbol> {
        self.list.iter_mut()
    }
    fn push(&mut self, s: Symbol) {
        self.pos.entry(s.name.clone()).or_insert(self.list.len());
        self.list.push(s);
    }
    fn remove(&mut self, i: usize) -> Symbol {
        let s = self.list.remove(i);
        self.reindex();
        s
    }
    fn reindex(&mut self) {
        self.pos.clear();
        for (i, s) in self.list.iter().enumerate() {
            self.pos.entry(s.name.clone()).or_insert(i);
        }
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

/// `!$acc routine seq` (no partitioned loops inside).
pub const ROUTINE_SEQ: u8 = 0;
/// `!$acc routine vector`: vector loops inside; called from worker-partitioned code or above.
pub const ROUTINE_VECTOR: u8 = 1;
/// `!$acc routine worker`: worker and vector loops inside; called from gang-partitioned code.
pub const ROUTINE_WORKER: u8 = 2;
/// `!$acc routine gang`: gang, worker and vector loops inside; called from gang-redundant code.
pub const ROUTINE_GANG: u8 = 3;

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
    /// The constant length of a character function's result, when the procedure comes from
    /// a module file (a callee in the same file has its declaration instead).
    pub result_len: Option<i64>,
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
    /// Its [`ArgSig`]s follow a lowering convention: a dummy named `data_arg...` accepts
    /// any actual argument (any type and rank; lowered to its address and its size in
    /// bytes, unless the next dummy is `len` and is given); `string` is a character
    /// variable (its address and length); every other argument is passed by value. Semantic analysis rewrites the arguments of a call of such a
    /// routine into keyword arguments in dummy order (see [`ExprKind::Call`]).
    pub api: bool,
    /// Has an `!$acc routine seq` directive: callable inside compute constructs and other
    /// routines (it gets a device version).
    pub routine: bool,
    /// The level of an `!$acc routine` ([`ROUTINE_SEQ`] ... [`ROUTINE_GANG`]): the
    /// parallelism its body may use and its callers must leave free.
    pub routine_level: u8,
    /// `!$acc routine ... nohost`: called only in compute constructs and other routines
    /// (the host device still runs a copy of it inside its kernels).
    pub routine_nohost: bool,
    /// `!$acc routine ... bind(name)` / `bind("string")`: per kind of device (in the order
    /// of [`crate::device_type::AccDevice::ALL`]: a `device_type` group may bind it on some
    /// devices only), the link name compute constructs call in place of this procedure's
    /// (host code still calls this one).
    pub routine_bind: [Option<String>; 4],
    /// A routine whose body calls a routine with `bind` (or one with such a body): the host
    /// and sim devices' kernels call device copies of it (its own body is also host code),
    /// in which those calls go to the bound procedures.
    pub routine_twin: bool,
    /// A function whose result is a scalar pointer: gfortran returns the target's address.
    pub result_pointer: bool,
    /// A function whose result is a polymorphic allocatable scalar: gfortran returns its
    /// class container `{_data, _vptr}` by value.
    pub result_class: bool,
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
    /// Any actual argument, passed by address (`type(*), dimension(*)` with gfortran's
    /// `!GCC$ attributes no_arg_check`, as MPI's buffers): no type, kind or rank check.
    pub any_type: bool,
    /// An allocatable array: passed as the address of gfortran's descriptor.
    pub allocatable: bool,
    /// A pointer dummy: gfortran passes the address of the actual pointer.
    pub pointer: bool,
    /// A `value` dummy: the actual's value is passed, converted to the dummy's type.
    pub value: bool,
    /// `class(T)`: the actual is passed as gfortran's class container.
    pub class: bool,
}

thread_local! {
    /// `-fallow-argument-mismatch` for the file being checked (set by
    /// [`check_with_options`]; the front end checks one file per thread at a time).
    static ALLOW_MISMATCH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The procedures of the file that are OpenMP device procedures implicitly (called in
    /// a target region or a `declare target` procedure), as a previous check of the file
    /// found them (see [`check_with_options`]).
    static IMPLICIT_DEVICE: std::cell::RefCell<HashSet<String>> = std::cell::RefCell::new(HashSet::new());
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
    /// OpenMP device procedures (`declare target`, explicit or implicit): a procedure of
    /// the file they call is a device procedure too (OpenMP 5.0's implicit `declare
    /// target`), rather than an error.
    omp_device: HashSet<String>,
    /// Procedures found to be implicit device procedures in this check.
    implicit_device: HashSet<String>,
    /// Calls of routines in routine bodies: caller, callee (keys) and where.
    routine_calls: Vec<(String, String, Span)>,
    /// Per unit (flat index): the names it sees through `use` of a gfortran module that gpuf
    /// cannot import, with what they are and the `use` statement.
    unsupported: HashMap<usize, HashMap<String, (String, Span)>>,
    /// Per unit index: the module whose scope it is in (see `Checker::in_module`).
    in_module: HashMap<usize, String>,
    /// The routines of the intrinsic module `openacc` are visible in each unit (by `use
    /// openacc`, through a module that uses it, or from the host).
    openacc: Vec<bool>,
    /// Derived-type names (see [`BaseTy::Derived`]) and their definitions.
    type_names: Vec<String>,
    types: Vec<TypeInfo>,
    /// The derived types visible in each unit checked so far (by flat index).
    type_scopes: HashMap<usize, HashSet<String>>,
    /// The OpenMP default mappers (`declare mapper`) in force in each unit checked so far
    /// (its own and its host's), by flat index.
    mappers: HashMap<usize, Vec<OmpMapper>>,
    /// The interfaces of `abstract interface` blocks of the file, by name.
    abstract_ifaces: HashMap<String, ProcSig>,
}

/// The error for module `n` whose module file cannot be read (`why`), at `span`.
pub(crate) fn malformed_module(n: &str, why: &str, span: Span) -> Diagnostic {
    Diagnostic::error("E0123", format!("malformed module file `{n}.gmod`"), span)
        .with_label("the module file of this module cannot be read")
        .with_note(format!("note: {why}"))
        .with_note(format!("help: recompile the file that defines module `{n}`"))
}

/// The error for module `n` used at `span`, defined neither in the file nor by a module file.
pub(crate) fn missing_module(n: &str, span: Span) -> Diagnostic {
    Diagnostic::error("E0120", format!("unknown module `{n}`"), span).with_label("not defined in this file").with_note(format!(
        "note: no module file `{n}.gmod` was found; compile the file that defines it first, and pass its directory with `-I`"
    ))
}

/// Checks a whole file: resolves names, fills in types and records every procedure's
/// interface. The units move out of `file` into the result.
pub fn check(file: &mut SourceFile) -> (Checked, Vec<Diagnostic>) {
    check_with(file, &mut |_| None)
}

/// [`check`], with modules not defined in the file read from module files: `load(name)`
/// returns the text of module `name`'s module file, if there is one.
pub fn check_with(file: &mut SourceFile, load: &mut dyn FnMut(&str) -> Option<String>) -> (Checked, Vec<Diagnostic>) {
    check_with_options(file, load, false)
}

/// [`check_with`]; `allow_mismatch` is `-fallow-argument-mismatch` (see
/// `crate::Options::allow_argument_mismatch`).
pub fn check_with_options(
    file: &mut SourceFile,
    load: &mut dyn FnMut(&str) -> Option<String>,
    allow_mismatch: bool,
) -> (Checked, Vec<Diagnostic>) {
    // A procedure found to be an implicit OpenMP device procedure only while another unit
    // is checked may have been checked as a host procedure already: the file is checked
    // again with those procedures device procedures from the start, until no more appear.
    IMPLICIT_DEVICE.with(|s| s.borrow_mut().clear());
    let original = file.clone();
    for _ in 0..16 {
        let (checked, diags, found) = check_once(file, load, allow_mismatch);
        let known = IMPLICIT_DEVICE.with(|s| s.borrow().clone());
        if found.is_subset(&known) {
            return (checked, diags);
        }
        IMPLICIT_DEVICE.with(|s| s.borrow_mut().extend(found));
        *file = original.clone();
    }
    let (checked, diags, _) = check_once(file, load, allow_mismatch);
    (checked, diags)
}

/// One check of the file (see [`check_with_options`]); also the implicit device
/// procedures it found.
fn check_once(
    file: &mut SourceFile,
    load: &mut dyn FnMut(&str) -> Option<String>,
    allow_mismatch: bool,
) -> (Checked, Vec<Diagnostic>, HashSet<String>) {
    ALLOW_MISMATCH.with(|a| a.set(allow_mismatch));
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
        for iu in u.interfaces.iter_mut().chain(u.abstract_ifaces.iter_mut()) {
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
                Err(why) => {
                    broken.insert(n.clone());
                    diags.push(malformed_module(n, &why, us.module.span));
                }
            }
        }
    }
    let mut type_names = std::mem::take(&mut file.type_names);
    let mut types: Vec<TypeInfo> = type_names.iter().map(|n| TypeInfo { name: n.clone(), ..TypeInfo::default() }).collect();
    for t in types.iter_mut().filter(|t| t.is_star()) {
        // `class(*)`: no components, every type extends it.
        t.defined = true;
        t.align = 8;
    }
    for im in imports.iter_mut() {
        derived::import_types(im, &mut type_names, &mut types);
    }
    let mut g = Global::collect(&flat, imports, &mut diags);
    g.broken = broken;
    g.type_names = type_names;
    g.types = types;
    derived::bind_imported(&mut g);
    derived::set_type_names(&g.type_names);
    let mut units: Vec<CheckedUnit> = Vec::new();
    for (i, (mut unit, host)) in flat.into_iter().enumerate() {
        let mut c = Checker::new(std::mem::take(&mut g), &unit, i);
        c.unit(&mut unit, host, &units);
        let Checker { syms, diags: more, g: back, in_module, .. } = c;
        g = back;
        if let Some(m) = in_module {
            g.in_module.insert(i, m);
        }
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
    routine_twins(&mut g, &mut diags);
    let found = std::mem::take(&mut g.implicit_device);
    (Checked { units, procs: g.procs, module_scopes, types: g.types, module_types }, diags, found)
}

/// Marks the routines of this file whose bodies call routines with `bind` (directly or
/// through other such routines): [`ProcSig::routine_twin`]. An external procedure cannot be
/// one yet (a file that calls it through an interface body would not know): E0900.
fn routine_twins(g: &mut Global, diags: &mut Vec<Diagnostic>) {
    let bound = |p: &ProcSig| p.routine_bind.iter().any(Option::is_some) || p.routine_twin;
    let mut changed = true;
    while changed {
        changed = false;
        for (caller, callee, _) in &g.routine_calls {
            if !g.procs.map.get(callee).is_some_and(bound) {
                continue;
            }
            if let Some(c) = g.procs.map.get_mut(caller).filter(|c| c.routine && c.defined && !c.routine_twin) {
                c.routine_twin = true;
                changed = true;
            }
        }
    }
    let mut reported = HashSet::new();
    for (caller, callee, span) in &g.routine_calls {
        let external = g.externals.values().any(|k| k == caller);
        if external && g.procs.map.get(callee).is_some_and(bound) && reported.insert(caller.clone()) {
            let name = g.procs.map.get(callee).map_or(callee.as_str(), |p| p.name.as_str());
            diags.push(Diagnostic::not_yet(
                format!("calls of the routine `{name}`, which has `bind` (or calls one), inside an external procedure"),
                *span,
            ));
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

struct Checker {
    syms: Symbols,
    /// `implicit` rules in force: the host's, then the unit's own (see [`check_with`]).
    implicit_rules: Vec<(char, char, BaseTy)>,
    diags: Vec<Diagnostic>,
    implicit_none: bool,
    /// A type mismatch of an actual argument is a warning (`-fallow-argument-mismatch`, for
    /// the call being checked).
    mismatch_warns: bool,
    reported: HashSet<String>,
    loops: Vec<LoopCtx>,
    /// Enclosing compute constructs (more than one only after an error).
    compute: Vec<DirKind>,
    /// Enclosing OpenMP constructs, innermost last.
    omp: Vec<OmpKind>,
    /// The innermost parallelism level of enclosing OpenACC loops, on each kind of device
    /// (`device_type` groups; [`crate::device_type::AccDevice::ALL`] order).
    par: Vec<[Option<Par>; 4]>,
    /// The gang dimension of the innermost enclosing gang loop (`gang(dim: d)`, 1 for
    /// `gang`): a gang loop of a lower dimension may be nested inside it.
    gang_dim: Option<u32>,
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
    /// The module whose scope the unit is in (the module itself, or the module a
    /// procedure is contained in, at any depth): its private bindings are accessible.
    in_module: Option<String>,
    /// Procedures visible by name, with their keys.
    scope: HashMap<String, String>,
    /// Names given a type by a declaration in this unit.
    declared: HashSet<String>,
    /// Use-associated names and their modules.
    use_assoc: HashMap<String, String>,
    /// Names visible through `use` that gpuf cannot import (see [`Global::unsupported`]).
    unsupported: HashMap<String, (String, Span)>,
    /// Names in `external` statements (not typed).
    ext_names: HashSet<String>,
    /// Names in `intrinsic` statements.
    intrinsics: HashSet<String>,
    /// A bare `save` statement is in force.
    save_all: bool,
    /// The unit's namelist groups and their objects.
    namelists: HashMap<String, Vec<Ident>>,
    /// Enclosing `do concurrent` constructs with `default(none)`: the names they allow
    /// and the variables referenced that are not among them.
    dc_none: Vec<(HashSet<String>, Vec<Ident>)>,
    /// The routines of `openacc` are visible: calls of unknown `acc_*` names are reported.
    openacc: bool,
    /// The derived types visible by name.
    type_scope: HashSet<String>,
    /// The OpenMP default mappers in force (the unit's and its host's).
    mappers: Vec<OmpMapper>,
    /// The names referenced in the bodies of the enclosing OpenMP `target` constructs.
    target_refs: Vec<HashSet<String>>,
    /// The unit's flat index.
    idx: usize,
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
            mismatch_warns: false,
            reported: HashSet::new(),
            loops: Vec::new(),
            compute: Vec::new(),
            omp: Vec::new(),
            par: Vec::new(),
            gang_dim: None,
            g,
            kind: unit.kind,
            key,
            recursive: unit.recursive,
            result_name: (unit.kind == UnitKind::Function).then(|| unit.result.as_ref().unwrap_or(&unit.name).name.clone()),
            module: (unit.kind == UnitKind::Module).then(|| unit.name.name.clone()),
            in_module: (unit.kind == UnitKind::Module).then(|| unit.name.name.clone()),
            scope,
            declared: HashSet::new(),
            use_assoc: HashMap::new(),
            unsupported: HashMap::new(),
            ext_names: HashSet::new(),
            intrinsics: HashSet::new(),
            save_all: false,
            namelists: unit.namelists.iter().map(|(g, v)| (g.name.clone(), v.clone())).collect(),
            dc_none: Vec::new(),
            openacc,
            type_scope: HashSet::new(),
            mappers: Vec::new(),
            target_refs: Vec::new(),
            idx: i,
        }
    }

    fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }
}
