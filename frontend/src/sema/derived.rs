//! Derived types in semantic analysis: type definitions and their layout, the types
//! visible in each unit, component references and structure constructors.
//!
//! A derived type is identified by its name in the file: [`BaseTy::Derived`] indexes the
//! parser's list of type names ([`SourceFile::type_names`]), extended by the types of
//! modules read from module files, and [`Checked::types`] holds the definition of each
//! name. Two different types of the same name in one file are not supported yet.
//!
//! The layout is gfortran's (a C struct): every component at the next multiple of its
//! alignment (its scalar size), the size rounded up to the largest alignment.

use super::*;
use std::cell::RefCell;

/// A derived type's definition and layout.
#[derive(Clone, Debug, Default)]
pub struct TypeInfo {
    pub name: String,
    /// False for a name used but never defined (an error was reported).
    pub defined: bool,
    /// The module that defines it (for module files and link names).
    pub module: Option<String>,
    pub comps: Vec<CompInfo>,
    pub size: i64,
    pub align: i64,
    /// `extends(parent)`: the parent type; `comps[0]` is then the parent component (named
    /// after the parent type, at offset 0, gfortran's layout).
    pub parent: Option<u16>,
    /// `abstract`: no objects of the type itself.
    pub is_abstract: bool,
    /// Defined in this file (its vtab is emitted here).
    pub here: bool,
    /// The module defining it, or the program unit (gfortran's vtab and hash use it).
    pub scope: String,
    /// The type-bound procedures, inherited ones first (an override replaces its parent's
    /// binding in place).
    pub bindings: Vec<BindInfo>,
    /// `final` procedures: the key of each in the procedure table and the rank of its
    /// dummy (0 or 1; [`ELEMENTAL_FINAL`] for an elemental one).
    pub finals: Vec<(String, usize)>,
}

/// The rank recorded for an elemental final procedure (it finalizes any rank).
pub const ELEMENTAL_FINAL: usize = usize::MAX;

/// A type-bound procedure.
#[derive(Clone, Debug, Default)]
pub struct BindInfo {
    pub name: String,
    /// A specific binding: the key of its procedure in the procedure table (None for a
    /// `deferred` binding).
    pub key: Option<String>,
    pub nopass: bool,
    pub deferred: bool,
    /// The position of the passed-object dummy (0 unless `pass(name)`).
    pub pass_pos: usize,
    /// The binding's slot among the specific bindings in the vtab (after its 7 fixed
    /// words).
    pub slot: usize,
    /// A specific binding with a passed object: the key of its dispatching call (an
    /// indirect call through the vtab of the object's dynamic type).
    pub dispatch: Option<String>,
    /// A generic binding: the key of its generic (its specifics are the procedures of
    /// the specific bindings it names).
    pub generic: Option<String>,
    /// A `private` binding: the module of the type that declares it (only its code may
    /// reference the binding).
    pub private_to: Option<String>,
    pub non_overridable: bool,
}

impl TypeInfo {
    /// The pseudo-type of `class(*)`, which every type extends.
    pub fn is_star(&self) -> bool {
        self.name == "*"
    }

    /// The first component this type declares itself (after the parent component).
    pub fn own_start(&self) -> usize {
        usize::from(self.parent.is_some())
    }
}

/// One component of a derived type.
#[derive(Clone, Debug)]
pub struct CompInfo {
    pub name: String,
    pub base: BaseTy,
    /// Constant bounds `(lo, hi)` per dimension; empty for a scalar component.
    pub dims: Vec<(i64, i64)>,
    /// The length of a `character` component (0 otherwise).
    pub char_len: i64,
    /// Byte offset in the structure.
    pub offset: i64,
    /// The default initial value, if any (a checked constant expression).
    pub init: Option<Expr>,
    /// An allocatable component: an array is stored inline as gfortran's array
    /// descriptor (`dims` then holds `(1, 0)` per dimension; the bounds live in the
    /// descriptor), a scalar as a pointer to its data (null when unallocated).
    pub alloc: bool,
    /// A pointer component, gfortran's layout: a scalar one the target's address (8 bytes,
    /// null when disassociated), an array one a descriptor like an allocatable
    /// component's (with element distances, `span` the element size).
    pub pointer: bool,
    /// A procedure pointer component (`procedure(iface), pointer, nopass`): the key in
    /// the procedure table of its interface (link name `@pcomp`); the component holds the
    /// procedure's address.
    pub proc_key: Option<String>,
    /// A deferred-length allocatable character component (`character(:), allocatable`):
    /// the byte offset of its length, gfortran's hidden `_NAME_length` (an 8-byte integer
    /// after the type's own components); the component holds the data's address.
    pub len_at: Option<i64>,
    /// A polymorphic allocatable or pointer scalar (`class(T), allocatable|pointer`):
    /// gfortran's class container `{_data, _vptr}` inline (16 bytes), `_data` where a
    /// plain one's pointer is.
    pub class: bool,
}

impl CompInfo {
    pub fn ty(&self) -> Ty {
        with_rank(self.base, self.dims.len() as u8)
    }
    /// The bytes of gfortran's descriptor of an allocatable component of rank `rank`.
    pub fn desc_size(rank: usize) -> i64 {
        40 + 24 * rank as i64
    }
    /// The number of elements (1 for a scalar; 0 for an allocatable component, whose
    /// elements are not stored in the structure).
    pub fn elems(&self) -> i64 {
        if self.alloc {
            return 0;
        }
        self.dims.iter().map(|(lo, hi)| (hi - lo + 1).max(0)).product()
    }
}

thread_local! {
    /// The type names of the file being checked, for messages ([`base_name`]).
    static TYPE_NAMES: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

/// The name of derived type `k` in the file being checked.
pub(crate) fn derived_name(k: u16) -> String {
    TYPE_NAMES.with(|t| t.borrow().get(k as usize).cloned().unwrap_or_else(|| format!("#{k}")))
}

pub(crate) fn set_type_names(names: &[String]) {
    TYPE_NAMES.with(|t| *t.borrow_mut() = names.to_vec());
}

/// The size and alignment of one element of a base type.
pub fn base_layout(b: BaseTy, char_len: i64, types: &[TypeInfo]) -> (i64, i64) {
    match b {
        BaseTy::Integer(k) | BaseTy::Real(k) | BaseTy::Logical(k) => (i64::from(k), i64::from(k)),
        BaseTy::Complex(k) => (2 * i64::from(k), i64::from(k)),
        BaseTy::Character => (char_len.max(0), 1),
        BaseTy::Derived(k) => types.get(k as usize).map_or((0, 1), |t| (t.size, t.align.max(1))),
    }
}

fn round_up(n: i64, a: i64) -> i64 {
    (n + a - 1) / a * a
}

impl Global {
    /// The index of a type name, adding it when new.
    pub(crate) fn type_id(&mut self, name: &str) -> u16 {
        match self.type_names.iter().position(|n| n == name) {
            Some(i) => u16::try_from(i).unwrap_or(u16::MAX),
            None => {
                self.type_names.push(name.to_string());
                self.types.push(TypeInfo { name: name.to_string(), ..TypeInfo::default() });
                set_type_names(&self.type_names);
                u16::try_from(self.type_names.len() - 1).unwrap_or(u16::MAX)
            }
        }
    }
}

impl Checker {
    /// The derived types visible in the unit: its host's and those of the modules it uses.
    /// Called before the declarations; registers the names of the unit's own types.
    pub(crate) fn type_scope_start(&mut self, unit: &Unit, host: Option<usize>) {
        if let Some(h) = host {
            if let Some(s) = self.g.type_scopes.get(&h) {
                self.type_scope.extend(s.iter().cloned());
            }
        }
        for u in &unit.uses {
            let names: Vec<String> = match self.g.modules.get(&u.module.name) {
                Some(m) => self.g.type_scopes.get(m).map(|s| s.iter().cloned().collect()).unwrap_or_default(),
                None => match self.g.imported.get(&u.module.name) {
                    Some((im, _)) => im.types.iter().map(|t| t.name.clone()).collect(),
                    None => Vec::new(),
                },
            };
            match &u.only {
                Some(list) => {
                    for (local, remote) in list {
                        if names.contains(&remote.name) {
                            if local.name != remote.name {
                                self.err(Diagnostic::not_yet("renaming a derived type in `use`", local.span));
                            }
                            self.type_scope.insert(remote.name.clone());
                        }
                    }
                }
                None => self.type_scope.extend(names),
            }
        }
        let mut seen = HashSet::new();
        for t in &unit.types {
            self.g.type_id(&t.name.name);
            if !seen.insert(t.name.name.clone()) {
                self.err(
                    Diagnostic::error("E0102", format!("type `{}` is defined more than once", t.name.name), t.name.span)
                        .with_label("defined again here"),
                );
                continue;
            }
            self.type_scope.insert(t.name.name.clone());
        }
        // Every `type(name)` of the declarations must name a visible type.
        let mut bad = Vec::new();
        for d in unit.decls.iter().chain(unit.types.iter().flat_map(|t| t.comps.iter())) {
            if let BaseTy::Derived(k) = d.base {
                let n = derived_name(k);
                if !self.type_scope.contains(&n) && n != "*" {
                    bad.push((n, d.base_span));
                }
            }
        }
        for (n, sp) in bad {
            if self.reported.insert(format!("type {n}")) {
                self.err(
                    Diagnostic::error("E0130", format!("unknown derived type `{n}`"), sp)
                        .with_label("no type of this name is defined here")
                        .with_note("note: a derived type must be defined (or use-associated) before it is used"),
                );
            }
        }
    }

    /// Builds the definitions and layouts of the unit's types (after the declarations,
    /// so that component bounds may use the unit's parameters).
    pub(crate) fn type_defs(&mut self, unit: &mut Unit, idx: usize) {
        let mut done = HashSet::new();
        for t in unit.types.iter_mut() {
            let k = self.g.type_id(&t.name.name);
            if !done.insert(t.name.name.clone()) {
                continue;
            }
            let mut comps: Vec<CompInfo> = Vec::new();
            let (mut off, mut align) = (0i64, 1i64);
            let mut parent = None;
            if let Some(p) = &t.extends {
                let pk = self.g.type_id(&p.name);
                match self.g.types.get(pk as usize).filter(|x| x.defined && pk != k && self.type_scope.contains(&p.name)) {
                    Some(pt) => {
                        parent = Some(pk);
                        comps.push(CompInfo {
                            name: p.name.clone(),
                            base: BaseTy::Derived(pk),
                            dims: Vec::new(),
                            char_len: 0,
                            offset: 0,
                            init: None,
                            alloc: false,
                            pointer: false,
                            proc_key: None,
                            len_at: None,
                            class: false,
                        });
                        off = pt.size;
                        align = pt.align.max(1);
                    }
                    None => {
                        self.err(
                            Diagnostic::error("E0130", format!("unknown parent type `{}`", p.name), p.span)
                                .with_label("no type of this name is defined before here")
                                .with_note("note: a parent type must be defined (or use-associated) before its extensions"),
                        );
                        continue;
                    }
                }
            }
            let proc_comps = t.proc_comps.clone();
            let mut next_proc = 0;
            for d in t.comps.iter_mut() {
                // Procedure pointer components declared before this one, in order.
                while let Some(pd) = proc_comps.get(next_proc).filter(|pd| pd.span.lo < d.span.lo) {
                    self.proc_comps(&t.name.name, pd, &mut comps, &mut off, &mut align);
                    next_proc += 1;
                }
                if d.parameter || d.intent.is_some() || d.optional || d.external || d.save {
                    self.err(Diagnostic::not_yet("this attribute on a component", d.span));
                    continue;
                }
                let deferred_chars = d.base == BaseTy::Character && matches!(d.char_len, Some(CharLen::Deferred(_)));
                if d.allocatable
                    && !deferred_chars
                    && !matches!(
                        d.base,
                        BaseTy::Integer(4 | 8) | BaseTy::Real(4 | 8) | BaseTy::Complex(_) | BaseTy::Logical(_) | BaseTy::Derived(_)
                    )
                {
                    let what = match d.base {
                        BaseTy::Character => "allocatable character components",
                        _ => "allocatable components of this type",
                    };
                    self.err(Diagnostic::not_yet(what, d.span));
                    continue;
                }
                if d.pointer {
                    self.pointer_comps(d, &mut comps, &mut off, &mut align);
                    continue;
                }
                if let BaseTy::Derived(c) = d.base {
                    if c == k || !self.g.types.get(c as usize).is_some_and(|x| x.defined) {
                        if d.allocatable && (derived_name(c) == t.name.name || self.type_scope.contains(&derived_name(c))) {
                            // Valid Fortran 2008 (an allocatable component may be of its
                            // own type or of one defined later), not supported yet.
                            self.err(Diagnostic::not_yet(
                                "allocatable components of the type being defined or of a type defined after it",
                                d.base_span,
                            ));
                        } else if derived_name(c) == t.name.name || self.type_scope.contains(&derived_name(c)) {
                            self.err(
                                Diagnostic::error(
                                    "E0130",
                                    format!("type `{}` is not defined before this component", derived_name(c)),
                                    d.base_span,
                                )
                                .with_label("a component's type must be defined earlier"),
                            );
                        }
                        continue;
                    }
                }
                let mut char_len = 0;
                if d.base == BaseTy::Character {
                    char_len = 1;
                    match &mut d.char_len {
                        None => {}
                        Some(CharLen::Expr(e)) => {
                            self.expr(e);
                            match self.const_int(e) {
                                Some(v) => char_len = v.max(0),
                                None => {
                                    self.err(
                                        Diagnostic::error("E0256", "the length of a `character` component must be a constant", e.span)
                                            .with_label("not a constant"),
                                    );
                                    continue;
                                }
                            }
                        }
                        Some(CharLen::Deferred(_)) if d.allocatable => {}
                        Some(CharLen::Assumed(sp) | CharLen::Deferred(sp)) => {
                            let sp = *sp;
                            self.err(Diagnostic::not_yet("assumed or deferred length character components", sp));
                            continue;
                        }
                    }
                }
                for ent in d.entities.iter_mut() {
                    let mut dims = Vec::new();
                    let specs = ent.dims.clone().or_else(|| d.dimension.clone()).unwrap_or_default();
                    let mut ok = true;
                    if d.allocatable {
                        if !specs.iter().all(|x| matches!(x, DimSpec::Deferred(_))) {
                            self.err(
                                Diagnostic::error("E0216", "an allocatable component must have a deferred shape (`:`)", ent.name.span)
                                    .with_label("give its bounds in `allocate`"),
                            );
                            continue;
                        }
                        if ent.init.is_some() {
                            self.err(
                                Diagnostic::error("E0133", "an allocatable component cannot have a default value", ent.name.span)
                                    .with_label("allocatable"),
                            );
                            continue;
                        }
                        if comps.iter().any(|c| c.name == ent.name.name) {
                            self.err(
                                Diagnostic::error(
                                    "E0102",
                                    format!("component `{}` is declared more than once", ent.name.name),
                                    ent.name.span,
                                )
                                .with_label("declared again here"),
                            );
                            continue;
                        }
                        if deferred_chars && !specs.is_empty() {
                            self.err(Diagnostic::not_yet("allocatable arrays of deferred-length character components", ent.name.span));
                            continue;
                        }
                        off = round_up(off, 8);
                        align = align.max(8);
                        comps.push(CompInfo {
                            name: ent.name.name.clone(),
                            base: d.base,
                            dims: vec![(1, 0); specs.len()],
                            char_len: 0,
                            offset: off,
                            init: None,
                            alloc: true,
                            pointer: false,
                            proc_key: None,
                            len_at: None,
                            class: d.class,
                        });
                        // A scalar is a pointer to its data (a polymorphic one gfortran's
                        // class container `{_data, _vptr}`), an array gfortran's descriptor
                        // (a polymorphic one followed by `_vptr`).
                        let star = self.is_star_base(d.base);
                        off += match (specs.is_empty(), d.class) {
                            // (`class(*)`: `{_data, _vptr, _len}`.)
                            (true, true) if star => 24,
                            (true, true) => 16,
                            (true, false) => 8,
                            // (`class(*)`: the descriptor, `_vptr`, `_len`.)
                            (false, true) if star => CompInfo::desc_size(specs.len()) + 16,
                            (false, true) => CompInfo::desc_size(specs.len()) + 8,
                            (false, false) => CompInfo::desc_size(specs.len()),
                        };
                        continue;
                    }
                    for mut spec in specs {
                        self.dim(&mut spec, false);
                        match &spec {
                            DimSpec::Explicit { lo, hi } => {
                                let lo = match lo {
                                    Some(e) => self.const_int(e),
                                    None => Some(1),
                                };
                                match (lo, self.const_int(hi)) {
                                    (Some(l), Some(h)) => dims.push((l, h)),
                                    _ => {
                                        self.err(Diagnostic::not_yet("component bounds that are not constant", ent.name.span));
                                        ok = false;
                                    }
                                }
                            }
                            _ => {
                                self.err(Diagnostic::not_yet("allocatable or pointer components", ent.name.span));
                                ok = false;
                            }
                        }
                    }
                    if !ok {
                        continue;
                    }
                    if comps.iter().any(|c| c.name == ent.name.name) {
                        self.err(
                            Diagnostic::error("E0102", format!("component `{}` is declared more than once", ent.name.name), ent.name.span)
                                .with_label("declared again here"),
                        );
                        continue;
                    }
                    if d.base == BaseTy::Character && !dims.is_empty() {
                        self.err(Diagnostic::not_yet("character array components", ent.name.span));
                        continue;
                    }
                    let mut init = ent.init.clone();
                    if let Some(e) = &mut init {
                        self.expr(e);
                        let cty = with_rank(d.base, dims.len() as u8);
                        if e.ty != Ty::Unknown {
                            if !self.is_const(e) && !matches!(d.base, BaseTy::Derived(_)) {
                                self.err(
                                    Diagnostic::error("E0133", "a default component value must be a constant", e.span)
                                        .with_label("not a constant"),
                                );
                            } else if e.ty.rank() > 0 {
                                let n: i64 = dims.iter().map(|(lo, hi)| (hi - lo + 1).max(0)).product();
                                let count = match &e.kind {
                                    ExprKind::ArrayCtor(items)
                                        if items.iter().all(|it| matches!(it, CtorItem::Expr(x) if x.ty.rank() == 0)) =>
                                    {
                                        Some(items.len() as i64)
                                    }
                                    _ => None,
                                };
                                if dims.len() != 1 || e.ty.rank() != 1 || count.is_none() || d.base == BaseTy::Character {
                                    self.err(Diagnostic::not_yet(
                                        "this array default value of a component (only a constructor of scalars for a rank-1 component)",
                                        e.span,
                                    ));
                                } else if count != Some(n) {
                                    self.err(
                                        Diagnostic::error(
                                            "E0231",
                                            format!(
                                                "the default value of `{}` has {} elements, but `{}` has {n}",
                                                ent.name.name,
                                                count.unwrap_or(0),
                                                ent.name.name
                                            ),
                                            e.span,
                                        )
                                        .with_label("shapes must conform"),
                                    );
                                } else {
                                    self.assign_compat(cty, e.ty, e.span);
                                }
                            } else if matches!(d.base, BaseTy::Derived(_)) {
                                self.err(Diagnostic::not_yet("default values of derived-type components", e.span));
                            } else {
                                self.assign_compat(cty, e.ty, e.span);
                            }
                        }
                    }
                    let n: i64 = dims.iter().map(|(lo, hi)| (hi - lo + 1).max(0)).product();
                    let (es, ea) = base_layout(d.base, char_len, &self.g.types);
                    off = round_up(off, ea);
                    align = align.max(ea);
                    comps.push(CompInfo {
                        name: ent.name.name.clone(),
                        base: d.base,
                        dims,
                        char_len,
                        offset: off,
                        init,
                        alloc: false,
                        pointer: false,
                        proc_key: None,
                        len_at: None,
                        class: false,
                    });
                    off += es * n;
                }
            }
            for pd in proc_comps.iter().skip(next_proc) {
                self.proc_comps(&t.name.name, pd, &mut comps, &mut off, &mut align);
            }
            // gfortran's hidden lengths of the deferred-length character components, in
            // order after the type's own components.
            for c in comps.iter_mut().filter(|c| c.alloc && c.base == BaseTy::Character && c.len_at.is_none()) {
                off = round_up(off, 8);
                align = align.max(8);
                c.len_at = Some(off);
                off += 8;
            }
            let size = round_up(off, align);
            let new = TypeInfo {
                name: t.name.name.clone(),
                defined: true,
                module: self.module.clone(),
                comps,
                size,
                align,
                parent,
                is_abstract: t.is_abstract,
                here: true,
                scope: self.module.clone().unwrap_or_else(|| unit.name.name.clone()),
                bindings: self.type_bindings(k, &t.name.name, parent, &t.bindings),
                finals: self.type_finals(k, &t.name.name, &t.finals),
            };
            let Some(ti) = self.g.types.get(k as usize) else { continue };
            if !ti.defined {
                if let Some(ti) = self.g.types.get_mut(k as usize) {
                    *ti = new;
                }
            } else if !self.same_type(ti, &new) {
                // Types are known by name in a file: identical definitions in two scopes
                // are one type, different ones are not supported.
                self.err(Diagnostic::not_yet(format!("two different derived types named `{}` in one file", t.name.name), t.name.span));
            }
        }
        self.g.type_scopes.insert(idx, self.type_scope.clone());
    }

    /// The `final` procedures of type `tname`: module procedures of one dummy argument,
    /// `type(tname)`, scalar, of rank 1 (other ranks: not implemented yet) or elemental,
    /// one of each.
    fn type_finals(&mut self, k: u16, tname: &str, finals: &[Ident]) -> Vec<(String, usize)> {
        let mut out: Vec<(String, usize)> = Vec::new();
        for f in finals {
            let Some(key) = self.scope.get(&f.name).cloned() else {
                self.err(
                    Diagnostic::error("E0137", format!("unknown final procedure `{}`", f.name), f.span)
                        .with_label("no module procedure of this name")
                        .with_note("help: a final procedure is a module procedure of the type's module"),
                );
                continue;
            };
            let Some(sig) = self.g.procs.map.get(&key).filter(|p| p.explicit) else { continue };
            let arg = sig
                .args
                .first()
                .filter(|a| sig.args.len() == 1 && a.base == BaseTy::Derived(k) && !a.class && !a.pointer && !a.allocatable);
            let Some(a) = arg else {
                self.err(
                    Diagnostic::error(
                        "E0137",
                        format!("the final procedure `{}` must have one dummy argument of type `{tname}`", f.name),
                        f.span,
                    )
                    .with_label("another interface")
                    .with_note(format!("help: declare it `subroutine {}(x)` with `type({tname}), intent(inout) :: x`", f.name)),
                );
                continue;
            };
            let rank = if sig.elemental { ELEMENTAL_FINAL } else { usize::from(a.rank) };
            if out.iter().any(|(_, r)| *r == rank) {
                self.err(
                    Diagnostic::error(
                        "E0137",
                        if sig.elemental {
                            format!("type `{tname}` has two elemental final procedures")
                        } else {
                            format!("type `{tname}` has two final procedures for rank {}", a.rank)
                        },
                        f.span,
                    )
                    .with_label("a second one"),
                );
                continue;
            }
            out.push((key, rank));
        }
        out
    }

    /// The type-bound procedures of type `tname`: its parent's, then its own (overriding
    /// ones in their parent's place). Bindings with a passed-object dummy need `class`
    /// dummies and `final` procedures finalization: not implemented yet.
    fn type_bindings(&mut self, k: u16, tname: &str, parent: Option<u16>, own: &[TypeBinding]) -> Vec<BindInfo> {
        let mut out: Vec<BindInfo> = parent.and_then(|p| self.g.types.get(p as usize)).map(|t| t.bindings.clone()).unwrap_or_default();
        for b in own.iter().filter(|b| !b.generic) {
            if b.deferred && b.iface.is_none() {
                self.err(
                    Diagnostic::error("E0135", format!("the deferred binding `{}` needs an interface", b.name.name), b.name.span)
                        .with_label("write `procedure(iface), deferred`"),
                );
                continue;
            }
            let Some(target) = b.targets.first() else { continue };
            // The interface: the procedure's or, for a deferred binding, the abstract
            // interface's.
            let sig = if b.deferred {
                self.g.abstract_ifaces.get(&target.name).cloned()
            } else {
                self.scope.get(&target.name).and_then(|k| self.g.procs.map.get(k)).filter(|p| p.explicit).cloned()
            };
            let mut pass_pos = 0;
            if let (false, Some(sig)) = (b.nopass, &sig) {
                pass_pos = match &b.pass {
                    Some(n) => sig.args.iter().position(|a| a.name == n.name).unwrap_or(usize::MAX),
                    None => 0,
                };
                let ok = sig.args.get(pass_pos).is_some_and(|a| a.class && a.rank == 0 && a.base == BaseTy::Derived(k));
                if !ok {
                    let d = sig.args.get(pass_pos).map_or("a first dummy argument".to_string(), |a| format!("its dummy `{}`", a.name));
                    self.err(
                        Diagnostic::error(
                            "E0135",
                            format!("the passed-object dummy of binding `{}` must be a scalar `class({tname})`", b.name.name),
                            target.span,
                        )
                        .with_label(format!("`{}` has {d} of another type", target.name))
                        .with_note("help: declare it `class(T)` of this type, or give the binding `nopass`"),
                    );
                    continue;
                }
            }
            let key = if b.deferred {
                if sig.is_none() {
                    self.err(
                        Diagnostic::error("E0286", format!("unknown interface `{}`", target.name), target.span)
                            .with_label("no abstract interface of this name"),
                    );
                    continue;
                }
                None
            } else {
                match self.scope.get(&target.name).filter(|k| self.g.procs.map.get(*k).is_some_and(|p| p.explicit)) {
                    Some(k) => Some(k.clone()),
                    None => {
                        self.err(
                            Diagnostic::error(
                                "E0135",
                                format!("no module procedure `{}` for binding `{}`", target.name, b.name.name),
                                target.span,
                            )
                            .with_label("not a procedure with an explicit interface here"),
                        );
                        continue;
                    }
                }
            };
            // A call through a polymorphic object dispatches through the vtab (`@tbp:`
            // link names, the slot fixed below).
            // A `nopass` one (`@tbpn:`) takes the object's container as a first argument
            // that only selects the procedure.
            let dispatch = Some(format!("{tname}%{}@tbp", b.name.name));
            if let (Some(dk), Some(mut sig)) = (&dispatch, sig) {
                sig.name = b.name.name.clone();
                if b.nopass {
                    let obj = ArgSig {
                        name: "@object".into(),
                        base: BaseTy::Derived(k),
                        rank: 0,
                        assumed_shape: false,
                        intent: Some(Intent::In),
                        optional: false,
                        any_type: false,
                        allocatable: false,
                        pointer: false,
                        value: false,
                        class: true,
                    };
                    sig.args.insert(0, obj);
                    sig.link_name = "@tbpn:0".into();
                } else {
                    sig.link_name = format!("@tbp:{pass_pos}");
                }
                self.g.procs.map.insert(dk.clone(), sig);
            }
            let info = BindInfo {
                name: b.name.name.clone(),
                key,
                nopass: b.nopass,
                deferred: b.deferred,
                pass_pos,
                slot: 0,
                dispatch,
                generic: None,
                private_to: if b.private { self.module.clone() } else { None },
                non_overridable: b.non_overridable,
            };
            match out.iter_mut().find(|x| x.name == info.name) {
                Some(old) if old.generic.is_some() => {
                    self.err(
                        Diagnostic::error("E0135", format!("`{}` is a generic binding of the parent type", info.name), b.name.span)
                            .with_label("a specific binding cannot override it"),
                    );
                }
                Some(old) if old.non_overridable => {
                    self.err(
                        Diagnostic::error(
                            "E0135",
                            format!("the binding `{}` of the parent type is `non_overridable`", info.name),
                            b.name.span,
                        )
                        .with_label("cannot be overridden"),
                    );
                }
                Some(old) => *old = info,
                None => out.push(info),
            }
        }
        for b in own.iter().filter(|b| b.generic) {
            let gkey = format!("{tname}%{}@tbg", b.name.name);
            let mut specs = self.g.procs.generics.get(&gkey).cloned().unwrap_or_default();
            if let Some(pg) = out.iter().find(|x| x.name == b.name.name).and_then(|x| x.generic.clone()) {
                for k in self.g.procs.generics.get(&pg).cloned().unwrap_or_default() {
                    if !specs.contains(&k) {
                        specs.push(k);
                    }
                }
            }
            let mut ok = true;
            for t in &b.targets {
                match out.iter().find(|x| x.name == t.name && x.generic.is_none()) {
                    Some(BindInfo { key: Some(k), .. }) => {
                        if !specs.contains(k) {
                            specs.push(k.clone());
                        }
                    }
                    Some(_) => {
                        self.err(Diagnostic::not_yet("deferred bindings in generic bindings", t.span));
                        ok = false;
                    }
                    None => {
                        self.err(
                            Diagnostic::error("E0135", format!("type `{tname}` has no specific binding `{}`", t.name), t.span)
                                .with_label("not a binding of this type"),
                        );
                        ok = false;
                    }
                }
            }
            if !ok {
                continue;
            }
            self.g.procs.generics.insert(gkey.clone(), specs);
            let private_to = if b.private { self.module.clone() } else { None };
            let info = BindInfo { name: b.name.name.clone(), nopass: true, generic: Some(gkey), private_to, ..BindInfo::default() };
            match out.iter_mut().find(|x| x.name == info.name) {
                Some(old) => *old = info,
                None => out.push(info),
            }
        }
        // Slots: the specific bindings in order, inherited ones keeping their parent's.
        for (i, b) in out.iter_mut().filter(|b| b.generic.is_none()).enumerate() {
            b.slot = i;
            if let Some(sig) = b.dispatch.as_ref().and_then(|d| self.g.procs.map.get_mut(d)) {
                sig.link_name = if b.nopass { format!("@tbpn:0:{i}") } else { format!("@tbp:{}:{}", b.pass_pos, i) };
            }
        }
        out
    }

    /// The binding `name` of type `k` (inherited ones included).
    pub(crate) fn binding(&self, k: u16, name: &str) -> Option<BindInfo> {
        self.g.types.get(k as usize)?.bindings.iter().find(|b| b.name == name).cloned()
    }

    /// `base%b(args)` of binding `b` of type `k` (`base` unchecked): the key to call and
    /// the arguments, the passed object inserted. Through a polymorphic object (a
    /// `class` dummy) a binding with a passed object dispatches through the vtab; else
    /// the declared type's procedure is called. None after an error.
    pub(crate) fn binding_call(
        &mut self,
        base: &Expr,
        k: u16,
        b: BindInfo,
        mut args: Vec<Arg>,
        func: bool,
        span: Span,
    ) -> Option<(String, Vec<Arg>)> {
        let tname = derived_name(k);
        let poly = self.is_poly(base);
        if let Some(m) = b.private_to.as_ref().filter(|m| self.in_module.as_ref() != Some(*m)) {
            self.err(
                Diagnostic::error("E0138", format!("the binding `{}` of type `{tname}` is private", b.name), span)
                    .with_label(format!("only accessible in module `{m}`"))
                    .with_note("help: make it `public`, or call it from the module's procedures"),
            );
            return None;
        }
        let mut b = b;
        if let Some(g) = b.generic.clone() {
            // Resolved on checked copies of the arguments, with the object for bindings
            // that pass it.
            let specs = self.g.procs.generics.get(&g).cloned().unwrap_or_default();
            let binds: Vec<BindInfo> = self
                .g
                .types
                .get(k as usize)
                .map(|t| t.bindings.iter().filter(|x| x.key.as_ref().is_some_and(|kk| specs.contains(kk))).cloned().collect())
                .unwrap_or_default();
            let pass = binds.iter().any(|x| !x.nopass);
            let (mark, reported) = (self.diags.len(), self.reported.clone());
            let mut copy = args.clone();
            if pass {
                copy.insert(0, Arg::Index(base.clone()));
            }
            for a in copy.iter_mut() {
                if let Arg::Index(e) | Arg::Keyword(_, e) = a {
                    self.expr(e);
                }
            }
            let bad = copy.iter().any(|a| matches!(a, Arg::Index(e) | Arg::Keyword(_, e) if e.ty == Ty::Unknown));
            self.diags.truncate(mark);
            self.reported = reported;
            if bad {
                // Reported when the arguments are checked again.
                return Some((g, args));
            }
            let key = self.resolve_generic(&g, &b.name, &copy, func, span)?;
            b = binds.into_iter().find(|x| x.key.as_deref() == Some(key.as_str()))?;
        }
        if b.nopass {
            if poly && self.on_device() {
                self.err(Diagnostic::not_yet(
                    format!("calls of type-bound procedures through polymorphic objects {}", self.device_where()),
                    span,
                ));
                return None;
            }
            if poly {
                // Through the vtab: the object selects the procedure.
                args.insert(0, Arg::Index(base.clone()));
                return b.dispatch.clone().map(|d| (d, args));
            }
        } else {
            let lead = args.iter().take_while(|a| matches!(a, Arg::Index(_))).count();
            if b.pass_pos > lead {
                self.err(Diagnostic::not_yet("a passed object after keyword arguments (`pass(name)`)", span));
                return None;
            }
            args.insert(b.pass_pos, Arg::Index(base.clone()));
            if poly && self.on_device() {
                self.err(Diagnostic::not_yet(
                    format!("calls of type-bound procedures through polymorphic objects {}", self.device_where()),
                    span,
                ));
                return None;
            }
            if poly {
                return b.dispatch.clone().map(|d| (d, args));
            }
        }
        if b.deferred {
            self.err(
                Diagnostic::error("E0135", format!("the binding `{}` of type `{tname}` is deferred", b.name), span)
                    .with_label("no procedure to call")
                    .with_note("help: call it through an object of a type that overrides it"),
            );
            return None;
        }
        b.key.clone().map(|key| (key, args))
    }

    /// Is `b` the pseudo-type of `class(*)`?
    pub(crate) fn is_star_base(&self, b: BaseTy) -> bool {
        matches!(b, BaseTy::Derived(k) if self.g.types.get(k as usize).is_some_and(TypeInfo::is_star))
    }

    /// Declarations of `type(T)` objects and components of an abstract type `T` (E0134).
    pub(crate) fn abstract_decls(&mut self, unit: &Unit) {
        let mut bad = Vec::new();
        for d in unit.types.iter().flat_map(|t| t.comps.iter()).filter(|d| d.class) {
            let scalar = d.dimension.as_ref().is_none_or(|v| v.is_empty())
                && d.entities.iter().all(|e| e.dims.as_ref().is_none_or(|v| v.is_empty()));
            let what = if d.pointer && !scalar && self.is_star_base(d.base) {
                "`class(*)` pointer array components"
            } else if d.pointer && !scalar {
                "polymorphic (`class`) pointer array components"
            } else {
                continue;
            };
            self.err(Diagnostic::not_yet(what, d.base_span));
        }
        for d in unit.decls.iter().filter(|d| d.class) {
            for e in &d.entities {
                let array = e.dims.as_ref().or(d.dimension.as_ref()).is_some_and(|v| !v.is_empty());
                let dummy = unit.args.iter().any(|a| a.name == e.name.name);
                let what = if d.allocatable || d.pointer {
                    continue;
                } else if !dummy {
                    self.err(
                        Diagnostic::error(
                            "E0136",
                            format!("polymorphic variable `{}` must be a dummy argument, allocatable or a pointer", e.name.name),
                            e.name.span,
                        )
                        .with_label("declared `class(...)` here")
                        .with_note("help: add `allocatable` or `pointer`, or declare it `type(...)`"),
                    );
                    continue;
                } else if array && !d.optional {
                    continue;
                } else if array {
                    "optional polymorphic (`class`) array dummy arguments"
                } else if d.optional {
                    "optional polymorphic (`class`) dummy arguments"
                } else {
                    continue;
                };
                self.err(Diagnostic::not_yet(what, e.name.span));
            }
        }
        for d in unit.decls.iter().chain(unit.types.iter().flat_map(|t| t.comps.iter())).filter(|d| !d.class) {
            if let BaseTy::Derived(k) = d.base {
                if self.g.types.get(k as usize).is_some_and(|t| t.is_abstract) {
                    bad.push((derived_name(k), d.base_span));
                }
            }
        }
        for (n, sp) in bad {
            self.err(
                Diagnostic::error("E0134", format!("type `{n}` is abstract: no object can have it as its type"), sp)
                    .with_label("abstract type")
                    .with_note(format!("help: declare a `class({n})` dummy, pointer or allocatable, or use a type that extends `{n}`")),
            );
        }
    }

    /// `procedure(iface), pointer, nopass :: f`: an address each, its interface registered
    /// under the key `TYPE%f@pcomp`.
    fn proc_comps(&mut self, tname: &str, pd: &ProcDecl, comps: &mut Vec<CompInfo>, off: &mut i64, align: &mut i64) {
        let Some(sig) = self
            .g
            .abstract_ifaces
            .get(&pd.iface.name)
            .cloned()
            .or_else(|| self.scope.get(&pd.iface.name).and_then(|k| self.g.procs.map.get(k)).filter(|p| p.explicit).cloned())
        else {
            self.err(
                Diagnostic::error("E0286", format!("unknown interface `{}`", pd.iface.name), pd.iface.span)
                    .with_label("no abstract interface or procedure with an explicit interface of this name")
                    .with_note("help: declare it in an `abstract interface` block of this file"),
            );
            return;
        };
        for n in &pd.names {
            if comps.iter().any(|c| c.name == n.name) {
                self.err(
                    Diagnostic::error("E0102", format!("component `{}` is declared more than once", n.name), n.span)
                        .with_label("declared again here"),
                );
                continue;
            }
            let key = format!("{tname}%{}@pcomp", n.name);
            let mut sig = sig.clone();
            sig.name = n.name.clone();
            sig.link_name = "@pcomp".into();
            self.g.procs.map.insert(key.clone(), sig);
            *off = round_up(*off, 8);
            *align = (*align).max(8);
            comps.push(CompInfo {
                name: n.name.clone(),
                base: BaseTy::Integer(8),
                dims: Vec::new(),
                char_len: 0,
                offset: *off,
                init: None,
                alloc: false,
                pointer: true,
                proc_key: Some(key),
                len_at: None,
                class: false,
            });
            *off += 8;
        }
    }

    /// The pointer components of one declaration: scalar pointers are an address each (the
    /// type may be the one being defined, or defined later).
    fn pointer_comps(&mut self, d: &Decl, comps: &mut Vec<CompInfo>, off: &mut i64, align: &mut i64) {
        if d.allocatable || d.base == BaseTy::Character {
            self.err(Diagnostic::not_yet("allocatable or character pointer components", d.span));
            return;
        }
        for ent in &d.entities {
            let specs = ent.dims.as_ref().or(d.dimension.as_ref()).cloned().unwrap_or_default();
            if !specs.iter().all(|x| matches!(x, DimSpec::Deferred(_))) {
                self.err(
                    Diagnostic::error("E0216", "an array pointer component must have a deferred shape (`:`)", ent.name.span)
                        .with_label("its bounds come from pointer assignment or `allocate`"),
                );
                continue;
            }
            if comps.iter().any(|c| c.name == ent.name.name) {
                self.err(
                    Diagnostic::error("E0102", format!("component `{}` is declared more than once", ent.name.name), ent.name.span)
                        .with_label("declared again here"),
                );
                continue;
            }
            // A scalar pointer is the target's address; an array pointer gfortran's
            // descriptor (`dims` holds `(1, 0)` per dimension, the bounds live there).
            *off = round_up(*off, 8);
            *align = (*align).max(8);
            comps.push(CompInfo {
                name: ent.name.name.clone(),
                base: d.base,
                dims: vec![(1, 0); specs.len()],
                char_len: 0,
                offset: *off,
                init: None,
                alloc: false,
                pointer: true,
                proc_key: None,
                len_at: None,
                class: d.class && specs.is_empty(),
            });
            // (A polymorphic scalar one is gfortran's class container.)
            *off += match (specs.is_empty(), d.class) {
                (true, true) if self.is_star_base(d.base) => 24,
                (true, true) => 16,
                (true, false) => 8,
                _ => CompInfo::desc_size(specs.len()),
            };
        }
    }

    /// Do two definitions describe the same type (components, layout and default values)?
    fn same_type(&self, a: &TypeInfo, b: &TypeInfo) -> bool {
        let key = |e: &Option<Expr>| -> Option<String> {
            let Some(e) = e else { return Some(String::new()) };
            let items: Vec<&Expr> = match &e.kind {
                ExprKind::ArrayCtor(items) => {
                    items.iter().map(|it| if let CtorItem::Expr(x) = it { Some(x) } else { None }).collect::<Option<_>>()?
                }
                _ => vec![e],
            };
            let mut out = String::new();
            for x in items {
                if let Some(v) = self.const_value(x, 0) {
                    out.push_str(&format!("{v:?};"));
                } else if let Some(v) = self.const_logical(x, 0) {
                    out.push_str(&format!("{v};"));
                } else {
                    out.push_str(&format!("{:?};", self.const_str(x, 0)?));
                }
            }
            Some(out)
        };
        a.size == b.size
            && a.parent == b.parent
            && a.is_abstract == b.is_abstract
            && a.comps.len() == b.comps.len()
            && a.comps.iter().zip(&b.comps).all(|(x, y)| {
                x.name == y.name
                    && x.base == y.base
                    && x.dims == y.dims
                    && x.alloc == y.alloc
                    && x.pointer == y.pointer
                    && x.char_len == y.char_len
                    && x.offset == y.offset
                    && key(&x.init).is_some_and(|kx| key(&y.init) == Some(kx))
            })
    }

    /// The generic key of the type-bound operator or assignment `gname` (`operator(+)`,
    /// `assignment(=)`) of type `k`.
    pub(crate) fn bound_generic(&self, k: u16, gname: &str) -> Option<String> {
        self.binding(k, gname).and_then(|b| b.generic)
    }

    /// Is the expression a polymorphic object (a `class` dummy)?
    pub(crate) fn is_poly(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(id) => self.syms.get(&id.name).is_some_and(|s| s.class),
            ExprKind::Component(cr) => self.class_comp(cr).is_some() || self.class_comp_elem(cr),
            // An element of a polymorphic array.
            ExprKind::Apply { name, args } | ExprKind::ArrayRef { name, subs: args } => {
                self.syms.get(&name.name).is_some_and(|s| s.class && s.rank > 0 && usize::from(s.rank) == args.len())
                    && args.iter().all(|a| matches!(a, Arg::Index(_)))
            }
            _ => false,
        }
    }

    /// The polymorphic allocatable component that a component reference names (scalar,
    /// of a scalar structure): its declared type.
    pub(crate) fn class_comp(&self, cr: &CompRef) -> Option<u16> {
        if !cr.subs.is_empty() {
            return None;
        }
        let k = self.scalar_struct_type(&cr.base)?;
        let c = self.g.types.get(k as usize)?.comps.iter().find(|c| c.name == cr.name.name)?;
        match (c.class && c.dims.is_empty(), c.base) {
            (true, BaseTy::Derived(t)) => Some(t),
            _ => None,
        }
    }

    /// Is `cr` a whole polymorphic array component `x%c`?
    pub(crate) fn class_comp_array(&self, cr: &CompRef) -> bool {
        let Some(k) = self.scalar_struct_type(&cr.base) else { return false };
        cr.subs.is_empty()
            && self
                .g
                .types
                .get(k as usize)
                .and_then(|t| t.comps.iter().find(|c| c.name == cr.name.name))
                .is_some_and(|c| c.class && !c.dims.is_empty())
    }

    /// Is `cr` an element `x%c(i, ...)` of a polymorphic array component?
    pub(crate) fn class_comp_elem(&self, cr: &CompRef) -> bool {
        let Some(k) = self.scalar_struct_type(&cr.base) else { return false };
        self.g.types.get(k as usize).and_then(|t| t.comps.iter().find(|c| c.name == cr.name.name)).is_some_and(|c| {
            c.class && !c.dims.is_empty() && cr.subs.len() == c.dims.len() && cr.subs.iter().all(|a| matches!(a, Arg::Index(_)))
        })
    }

    /// Is the component that `cr` names a pointer?
    pub(crate) fn comp_is_pointer(&self, cr: &CompRef) -> bool {
        self.scalar_struct_type(&cr.base)
            .and_then(|k| self.g.types.get(k as usize))
            .and_then(|t| t.comps.iter().find(|c| c.name == cr.name.name))
            .is_some_and(|c| c.pointer)
    }

    /// The derived type of a scalar structure designator (`x`, `x%c`), also before it is
    /// checked.
    fn scalar_struct_type(&self, e: &Expr) -> Option<u16> {
        if let Ty::Scalar(BaseTy::Derived(k)) = e.ty {
            return Some(k);
        }
        match &e.kind {
            ExprKind::Name(id) => match self.syms.get(&id.name) {
                Some(s) if s.rank == 0 => match s.base {
                    BaseTy::Derived(k) => Some(k),
                    _ => None,
                },
                _ => None,
            },
            // An element of an array of structures (`t(i)`, not yet resolved).
            ExprKind::Apply { name, args } => match self.syms.get(&name.name) {
                Some(s) if s.rank > 0 && args.len() == usize::from(s.rank) && args.iter().all(|a| matches!(a, Arg::Index(_))) => {
                    match s.base {
                        BaseTy::Derived(k) => Some(k),
                        _ => None,
                    }
                }
                _ => None,
            },
            ExprKind::Component(cr) if cr.subs.is_empty() => {
                let k = self.scalar_struct_type(&cr.base)?;
                let c = self.g.types.get(k as usize)?.comps.iter().find(|c| c.name == cr.name.name)?;
                match (c.dims.is_empty(), c.base) {
                    (true, BaseTy::Derived(t)) => Some(t),
                    _ => None,
                }
            }
            // An element of an array component (`x%c(i)`).
            ExprKind::Component(cr) => {
                let k = self.scalar_struct_type(&cr.base)?;
                let c = self.g.types.get(k as usize)?.comps.iter().find(|c| c.name == cr.name.name)?;
                match c.base {
                    BaseTy::Derived(t) if c.dims.len() == cr.subs.len() && cr.subs.iter().all(|a| matches!(a, Arg::Index(_))) => Some(t),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Is type `a` type `t` or an extension of it?
    pub(crate) fn extends(&self, a: u16, t: u16) -> bool {
        if self.g.types.get(t as usize).is_some_and(TypeInfo::is_star) {
            return true;
        }
        let mut k = Some(a);
        for _ in 0..64 {
            let Some(x) = k else { return false };
            if x == t {
                return true;
            }
            k = self.g.types.get(x as usize).and_then(|ti| ti.parent);
        }
        false
    }

    /// Does type `k` or one of its ancestors have a component `name`?
    pub(crate) fn inherits(&self, k: u16, name: &str) -> bool {
        let mut k = Some(k);
        for _ in 0..64 {
            let Some(t) = k.and_then(|k| self.g.types.get(k as usize)) else { return false };
            if t.comps.iter().any(|c| c.name == name) {
                return true;
            }
            k = t.parent;
        }
        false
    }

    /// Does a component of this type have a default value (some subcomponent has one)?
    fn has_default(&self, b: BaseTy, depth: u32) -> bool {
        let BaseTy::Derived(k) = b else { return false };
        depth < 64
            && self.g.types.get(k as usize).is_some_and(|t| t.comps.iter().any(|c| c.init.is_some() || self.has_default(c.base, depth + 1)))
    }

    /// Component references and (already checked) structure constructors.
    #[inline(never)]
    pub(crate) fn derived_expr(&mut self, k: ExprKind, span: Span) -> (ExprKind, Ty) {
        match k {
            ExprKind::Component(c) => {
                let c = *c;
                self.component(c.base, c.name, c.subs, span)
            }
            ExprKind::StructCtor { ty, args } => (ExprKind::StructCtor { ty, args }, Ty::Scalar(BaseTy::Derived(ty))),
            k => (k, Ty::Unknown),
        }
    }

    /// Initial values of the unit's derived-type variables and parameters whose type is
    /// defined in the unit itself: checked once the type is laid out.
    pub(crate) fn deferred_inits(&mut self) {
        for i in 0..self.syms.list().len() {
            let Some(s) = self.syms.list().get(i) else { continue };
            let (BaseTy::Derived(k), Some(init)) = (s.base, &s.init) else { continue };
            if !matches!(init.kind, ExprKind::Apply { .. }) || s.module.as_deref() != self.module.as_deref() || s.host {
                continue;
            }
            let (mut e, name, parameter) = (init.clone(), s.name.clone(), s.parameter);
            self.expr(&mut e);
            if e.ty != Ty::Unknown {
                if !self.is_const(&e) {
                    let what =
                        if parameter { format!("the value of parameter `{name}`") } else { format!("the initial value of `{name}`") };
                    self.err(
                        Diagnostic::error("E0205", format!("{what} must be a constant expression"), e.span).with_label("not constant"),
                    );
                } else {
                    self.assign_compat(Ty::Scalar(BaseTy::Derived(k)), e.ty, e.span);
                }
            }
            if let Some(s) = self.syms.get_mut(i) {
                s.init = Some(e);
            }
        }
    }

    /// `base%name[(subs)]`.
    #[inline(never)]
    pub(crate) fn component(&mut self, mut base: Expr, name: Ident, subs: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        let orig_base = base.clone();
        self.expr(&mut base);
        let bad = |base: Expr, name: Ident, subs: Vec<Arg>| (ExprKind::Component(Box::new(CompRef { base, name, subs })), Ty::Unknown);
        if !matches!(base.kind, ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::Component(_)) && base.ty != Ty::Unknown {
            self.err(
                Diagnostic::error("E0132", format!("`%{}` must follow a variable", name.name), base.span)
                    .with_label("not a variable")
                    .with_note("help: assign the value to a variable first"),
            );
            return bad(base, name, subs);
        }
        let (k, brank) = match base.ty {
            Ty::Unknown => return bad(base, name, subs),
            Ty::Scalar(BaseTy::Derived(k)) => (k, 0),
            Ty::Array(BaseTy::Derived(k), r) => (k, r),
            Ty::Scalar(BaseTy::Complex(ck)) | Ty::Array(BaseTy::Complex(ck), _) if matches!(name.name.as_str(), "re" | "im") => {
                // A complex part designator: the real or imaginary part, a variable of
                // type `real(ck)` (an array of them for a complex array).
                if !subs.is_empty() {
                    self.err(
                        Diagnostic::error("E0106", format!("the complex part `%{}` is not an array", name.name), name.span)
                            .with_label("cannot be subscripted"),
                    );
                    return bad(base, name, subs);
                }
                let ty = with_rank(BaseTy::Real(ck), base.ty.rank());
                return (ExprKind::Component(Box::new(CompRef { base, name, subs })), ty);
            }
            t => {
                self.err(
                    Diagnostic::error("E0132", format!("`%{}` needs a derived-type value, found {}", name.name, ty_name(t)), base.span)
                        .with_label("not of a derived type"),
                );
                return bad(base, name, subs);
            }
        };
        // An inherited component: through the parent components, `x%parent%c`.
        let (mut base, mut k) = (base, k);
        for _ in 0..64 {
            let Some(t) = self.g.types.get(k as usize) else { break };
            let Some(p) = t.parent else { break };
            if t.comps.iter().any(|c| c.name == name.name) || !self.inherits(p, &name.name) {
                break;
            }
            let pname = t.comps.first().map(|c| c.name.clone()).unwrap_or_default();
            let pty = with_rank(BaseTy::Derived(p), brank);
            let sp = base.span;
            base = Expr {
                kind: ExprKind::Component(Box::new(CompRef { base, name: Ident { name: pname, span: name.span }, subs: Vec::new() })),
                span: sp,
                ty: pty,
            };
            k = p;
        }
        if let Some(b) = self.binding(k, &name.name).filter(|_| !self.inherits(k, &name.name)) {
            // `x%f(args)`: a function reference through a type-bound procedure (nopass:
            // `x` only selects the type).
            if brank > 0 {
                self.err(Diagnostic::not_yet("type-bound procedures of arrays of structures", span));
                return bad(base, name, subs);
            }
            let bname = b.name.clone();
            let Some((key, args)) = self.binding_call(&orig_base, k, b, subs, true, span) else { return bad(base, name, Vec::new()) };
            let callee = Ident { name: bname, span: name.span };
            let (callee, args, ty) = self.call_user(key, callee, args, true, span, Declared::None);
            return (ExprKind::Call { name: callee, args }, ty);
        }
        let Some(c) = self.g.types.get(k as usize).and_then(|t| t.comps.iter().find(|c| c.name == name.name)).cloned() else {
            let tn = derived_name(k);
            if self.g.types.get(k as usize).is_some_and(|t| t.defined) {
                let names: Vec<&str> =
                    self.g.types.get(k as usize).map(|t| t.comps.iter().map(|c| c.name.as_str()).collect()).unwrap_or_default();
                let mut d = Diagnostic::error("E0131", format!("type `{tn}` has no component `{}`", name.name), name.span)
                    .with_label("unknown component");
                if let Some(s) = crate::parser::suggest(&name.name, &names) {
                    d = d.with_note(format!("help: did you mean `{s}`?"));
                }
                self.err(d);
            }
            return bad(base, name, subs);
        };
        if brank > 0 && (!c.dims.is_empty() && subs.is_empty() || subs.iter().any(|s| matches!(s, Arg::Range { .. }))) {
            self.err(
                Diagnostic::error("E0230", "only one part of a component reference may be an array", span)
                    .with_label(format!("`{}` is an array and so is `{}`", designator_name(&base).unwrap_or("the base"), name.name))
                    .with_note("help: subscript one of them"),
            );
            return bad(base, name, subs);
        }
        if brank > 0 && c.base == BaseTy::Character {
            self.err(Diagnostic::not_yet("character components of arrays of structures", span));
            return bad(base, name, subs);
        }
        if let Some(key) = c.proc_key.clone().filter(|_| brank == 0 && !subs.is_empty()) {
            // `x%f(args)`: a function reference through a procedure pointer component, a
            // call of its interface's key with the component first.
            let sig_ok = self.g.procs.map.get(&key).is_some_and(|p| {
                p.kind == UnitKind::Function && matches!(p.result, Some((BaseTy::Integer(_) | BaseTy::Real(_) | BaseTy::Logical(_), 0)))
            });
            if !sig_ok {
                self.err(Diagnostic::not_yet("this reference through a procedure pointer component", span));
                return bad(base, name, subs);
            }
            let target = Expr {
                kind: ExprKind::Component(Box::new(CompRef { base, name: name.clone(), subs: Vec::new() })),
                span: name.span,
                ty: Ty::Scalar(BaseTy::Integer(8)),
            };
            let callee = Ident { name: key.clone(), span: name.span };
            let (callee, mut args, ty) = self.call_user(key, callee, subs, true, span, Declared::None);
            args.insert(0, Arg::Index(target));
            return (ExprKind::Call { name: callee, args }, ty);
        }
        if c.proc_key.is_some() && brank > 0 {
            self.err(Diagnostic::not_yet("procedure pointer components of arrays of structures", span));
            return bad(base, name, subs);
        }
        if subs.is_empty() {
            let ty = if brank > 0 { with_rank(c.base, brank) } else { c.ty() };
            return (ExprKind::Component(Box::new(CompRef { base, name, subs })), ty);
        }
        if c.dims.is_empty() {
            if c.base == BaseTy::Character {
                if let [Arg::Range { stride: None, .. }] = subs.as_slice() {
                    let mut subs = subs;
                    let mut ok = true;
                    if let Some(Arg::Range { lo, hi, .. }) = subs.first_mut() {
                        for e in [lo, hi].into_iter().flatten() {
                            self.expr(e);
                            ok &= self.want_int_scalar(e, "substring bounds must be scalar integers");
                        }
                    }
                    let ty = if ok { Ty::Scalar(BaseTy::Character) } else { Ty::Unknown };
                    return (ExprKind::Component(Box::new(CompRef { base, name, subs })), ty);
                }
                self.err(Diagnostic::not_yet("this substring of a component", span));
            } else {
                self.err(
                    Diagnostic::error("E0106", format!("component `{}` is not an array", name.name), name.span)
                        .with_label("cannot be subscripted"),
                );
            }
            return bad(base, name, subs);
        }
        let (kind, ty) = self.array_ref(name, subs, c.dims.len() as u8, c.base, span);
        match kind {
            ExprKind::ArrayRef { name, subs } => {
                let ty = if brank > 0 && ty != Ty::Unknown { with_rank(c.base, brank) } else { ty };
                (ExprKind::Component(Box::new(CompRef { base, name, subs })), ty)
            }
            _ => (ExprKind::Logical(false), Ty::Unknown),
        }
    }

    /// `t(a, b)` or `t(x=a, y=b)` for a derived type `t` visible here. Positional values
    /// follow the component order with inherited components first; a keyword names a
    /// component, inherited or not, or a parent component (a value of the parent type).
    #[inline(never)]
    pub(crate) fn struct_ctor(&mut self, name: Ident, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        let k = self.g.type_id(&name.name);
        let bad = (ExprKind::Apply { name: name.clone(), args: Vec::new() }, Ty::Unknown);
        let Some(ti) = self.g.types.get(k as usize).filter(|t| t.defined).cloned() else {
            if self.type_scope.contains(&name.name) {
                // A type of this unit, laid out after the declarations: an initial value
                // checked again by `deferred_inits`.
                return (ExprKind::Apply { name, args }, Ty::Unknown);
            }
            self.err(Diagnostic::not_yet(format!("a constructor of `{}` before its definition is complete", name.name), span));
            return bad;
        };
        let mut ok = true;
        if ti.is_abstract {
            self.err(
                Diagnostic::error("E0133", format!("type `{}` is abstract: it has no constructor", ti.name), name.span)
                    .with_label("abstract type"),
            );
            ok = false;
        }
        // The leaf components in component order and the parent components, each with
        // its path of component indices from `k`.
        let mut leaves: Vec<(Vec<usize>, CompInfo)> = Vec::new();
        let mut parents: Vec<(Vec<usize>, CompInfo)> = Vec::new();
        self.ctor_comps(k, &mut Vec::new(), &mut leaves, &mut parents, 0);
        let mut given: Vec<(Vec<usize>, Expr)> = Vec::new();
        let mut seen_kw = false;
        for (i, a) in args.into_iter().enumerate() {
            let (slot, mut e) = match a {
                Arg::Index(e) if !seen_kw => (leaves.get(i).cloned(), e),
                Arg::Index(e) => {
                    self.err(
                        Diagnostic::error("E0133", "a positional component value cannot follow a keyword one", e.span)
                            .with_label("give the component's name"),
                    );
                    ok = false;
                    continue;
                }
                Arg::Keyword(kw, e) => {
                    seen_kw = true;
                    match leaves.iter().chain(parents.iter()).find(|(_, c)| c.name == kw.name) {
                        Some(x) => (Some(x.clone()), e),
                        None => {
                            self.err(
                                Diagnostic::error("E0131", format!("type `{}` has no component `{}`", ti.name, kw.name), kw.span)
                                    .with_label("unknown component"),
                            );
                            ok = false;
                            continue;
                        }
                    }
                }
                Arg::Range { span, .. } => {
                    self.err(range_argument(&name.name, span));
                    ok = false;
                    continue;
                }
            };
            if let Some((path, _)) = slot.as_ref().filter(|(_, c)| (c.alloc || c.pointer) && super::pointers::is_null(&e)) {
                // `null()` for an allocatable or pointer component: not allocated,
                // disassociated (gimplify's `struct_ctor` stores the null pointer).
                given.push((path.clone(), e));
                continue;
            }
            self.expr(&mut e);
            let Some((path, c)) = slot else {
                self.err(
                    Diagnostic::error(
                        "E0133",
                        format!("too many values in the constructor of `{}`: it has {} components", ti.name, leaves.len()),
                        e.span,
                    )
                    .with_label("no component for this value"),
                );
                ok = false;
                continue;
            };
            if given.iter().any(|(p, _)| p.starts_with(&path) || path.starts_with(p)) {
                self.err(
                    Diagnostic::error("E0133", format!("component `{}` is given twice", c.name), e.span).with_label("given again here"),
                );
                ok = false;
                continue;
            }
            if e.ty != Ty::Unknown {
                if !self.assign_compat(c.ty(), e.ty, e.span) {
                    ok = false;
                } else if e.ty.rank() > 0 && e.ty.rank() as usize != c.dims.len() {
                    self.err(
                        Diagnostic::error(
                            "E0230",
                            format!("component `{}` has rank {}, the value rank {}", c.name, c.dims.len(), e.ty.rank()),
                            e.span,
                        )
                        .with_label(format!("this is a {}", ty_name(e.ty))),
                    );
                    ok = false;
                }
            } else {
                ok = false;
            }
            given.push((path, e));
        }
        for (path, c) in &leaves {
            let covered = given.iter().any(|(p, _)| path.starts_with(p));
            if !covered && !c.alloc && c.init.is_none() && !self.has_default(c.base, 0) {
                self.err(
                    Diagnostic::error("E0133", format!("the constructor of `{}` gives no value for component `{}`", ti.name, c.name), span)
                        .with_label(format!("`{}` has no default value", c.name)),
                );
                ok = false;
            }
        }
        let ty = if ok { Ty::Scalar(BaseTy::Derived(k)) } else { Ty::Unknown };
        (self.ctor_build(k, &[], &mut given, span, 0), ty)
    }

    /// The components of type `k` for a constructor: leaves in component order (the
    /// parent's first) and parent components, with their paths.
    fn ctor_comps(
        &self,
        k: u16,
        prefix: &mut Vec<usize>,
        leaves: &mut Vec<(Vec<usize>, CompInfo)>,
        parents: &mut Vec<(Vec<usize>, CompInfo)>,
        depth: u32,
    ) {
        let Some(t) = self.g.types.get(k as usize) else { return };
        for (i, c) in t.comps.iter().enumerate() {
            prefix.push(i);
            match (i, t.parent) {
                (0, Some(p)) if depth < 64 => {
                    parents.push((prefix.clone(), c.clone()));
                    self.ctor_comps(p, prefix, leaves, parents, depth + 1);
                }
                _ => leaves.push((prefix.clone(), c.clone())),
            }
            prefix.pop();
        }
    }

    /// The constructor of type `k` at `prefix` from the given values: a parent component
    /// with values for some of its components is a constructor of the parent type.
    fn ctor_build(&self, k: u16, prefix: &[usize], given: &mut Vec<(Vec<usize>, Expr)>, span: Span, depth: u32) -> ExprKind {
        let Some(t) = self.g.types.get(k as usize) else { return ExprKind::StructCtor { ty: k, args: Vec::new() } };
        let mut args = Vec::new();
        for i in 0..t.comps.len() {
            let mut path = prefix.to_vec();
            path.push(i);
            if let Some(j) = given.iter().position(|(p, _)| *p == path) {
                args.push(Some(given.swap_remove(j).1));
                continue;
            }
            match (i, t.parent) {
                (0, Some(p)) if depth < 64 && given.iter().any(|(g, _)| g.starts_with(&path)) => {
                    let kind = self.ctor_build(p, &path, given, span, depth + 1);
                    args.push(Some(Expr { kind, span, ty: Ty::Scalar(BaseTy::Derived(p)) }));
                }
                _ => args.push(None),
            }
        }
        ExprKind::StructCtor { ty: k, args }
    }
}

/// The bindings and final procedures of the types of modules read from module files name
/// procedures by their local names in the module file: they become keys of the procedure
/// table, and each generic binding's generic is made.
pub(crate) fn bind_imported(g: &mut Global) {
    for (im, scope) in g.imported.values() {
        for it in &im.types {
            let Some(t) = g.types.iter_mut().find(|t| t.name == it.name && !t.here) else { continue };
            for b in &mut t.bindings {
                b.key = b.key.as_ref().and_then(|l| if l.starts_with("@bind%") { scope.get(l).cloned() } else { Some(l.clone()) });
            }
            for (k, _) in t.finals.iter_mut().filter(|(k, _)| k.starts_with("@bind%")) {
                if let Some(key) = scope.get(k.as_str()) {
                    *k = key.clone();
                }
            }
        }
        for (gkey, specs) in &im.bound_generics {
            let keys: Vec<String> = specs.iter().filter_map(|l| scope.get(l).cloned()).collect();
            g.procs.generics.entry(gkey.clone()).or_insert(keys);
        }
    }
}

/// Adds the derived types of a module read from its module file to the file's types and
/// rewrites the imported entities' types to the file's indices.
pub(crate) fn import_types(im: &mut crate::modfile::Imported, names: &mut Vec<String>, types: &mut Vec<TypeInfo>) {
    let mut map: Vec<u16> = Vec::new();
    for t in &im.types {
        let k = match names.iter().position(|n| *n == t.name) {
            Some(k) => k,
            None => {
                names.push(t.name.clone());
                types.push(TypeInfo { name: t.name.clone(), ..TypeInfo::default() });
                names.len() - 1
            }
        };
        map.push(u16::try_from(k).unwrap_or(u16::MAX));
    }
    let remap = |b: &mut BaseTy| {
        if let BaseTy::Derived(j) = b {
            *j = map.get(*j as usize).copied().unwrap_or(u16::MAX);
        }
    };
    for (j, t) in im.types.iter_mut().enumerate() {
        for c in &mut t.comps {
            remap(&mut c.base);
        }
        if let Some(p) = &mut t.parent {
            *p = map.get(*p as usize).copied().unwrap_or(u16::MAX);
        }
        let k = map.get(j).copied().unwrap_or(u16::MAX) as usize;
        if let Some(slot) = types.get_mut(k) {
            if !slot.defined {
                *slot = t.clone();
            }
        }
    }
    fn remap_expr(e: &mut Expr, map: &[u16]) {
        let f = |j: u16| map.get(j as usize).copied().unwrap_or(u16::MAX);
        if let Ty::Scalar(BaseTy::Derived(j)) = e.ty {
            e.ty = Ty::Scalar(BaseTy::Derived(f(j)));
        }
        if let ExprKind::StructCtor { ty, args } = &mut e.kind {
            *ty = f(*ty);
            for a in args.iter_mut().flatten() {
                remap_expr(a, map);
            }
        }
    }
    for s in &mut im.symbols {
        remap(&mut s.base);
        if let Some(e) = &mut s.init {
            remap_expr(e, &map);
        }
    }
    for (_, p) in &mut im.procs {
        for a in &mut p.args {
            remap(&mut a.base);
        }
        if let Some((b, _)) = &mut p.result {
            remap(b);
        }
    }
}
