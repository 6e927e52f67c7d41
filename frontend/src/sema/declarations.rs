//! Declarations: attribute statements, implicit typing, and the checks of declared entities
//! (types, kinds, `character` lengths, bounds, attributes, initial values).

use super::*;

/// Folds `dimension`, `allocatable` and `parameter` statements into the declarations:
/// a declared name moves into a declaration of its own with the attribute; an
/// undeclared one gets a declaration of its implicit type.
pub(super) fn fold_attr_statements(unit: &mut Unit, diags: &mut Vec<Diagnostic>) {
    for st in std::mem::take(&mut unit.attr_stmts) {
        let ent = match &st {
            AttrStmt::Dimension(e)
            | AttrStmt::Allocatable(e)
            | AttrStmt::Parameter(e)
            | AttrStmt::Common(e)
            | AttrStmt::Pointer(e)
            | AttrStmt::Target(e) => e.clone(),
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
                    class: false,
                    parameter: false,
                    allocatable: false,
                    pointer: false,
                    target: false,
                    intent: None,
                    optional: false,
                    save: false,
                    external: false,
                    value: false,
                    bind_c: None,
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
            AttrStmt::Common(s) => {
                if s.dims.is_some() {
                    e.dims = s.dims;
                }
            }
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
            AttrStmt::Pointer(s) => {
                d.pointer = true;
                if s.dims.is_some() {
                    e.dims = s.dims;
                }
            }
            AttrStmt::Target(s) => {
                d.target = true;
                if s.dims.is_some() {
                    e.dims = s.dims;
                }
            }
        }
        d.entities = vec![e];
        // In statement order: later declarations may use a named constant it defines.
        let at = unit.decls.iter().position(|x| x.span.lo > ent.span.lo).unwrap_or(unit.decls.len());
        unit.decls.insert(at, d);
    }
}

/// The implicit type of `name` under `implicit` rules (later rules win), else Fortran's
/// default (`i`-`n` integer, other letters real).
pub(crate) fn implicit_with(rules: &[(char, char, BaseTy)], name: &str) -> BaseTy {
    let first = name.chars().next().unwrap_or('a');
    match rules.iter().rev().find(|(lo, hi, _)| (*lo..=*hi).contains(&first)) {
        Some((_, _, b)) => *b,
        None => implicit_base(name),
    }
}

pub(super) fn implicit_base(name: &str) -> BaseTy {
    let first = name.chars().next().unwrap_or('a');
    if ('i'..='n').contains(&first) {
        BaseTy::Integer(crate::dialect::int_kind())
    } else {
        BaseTy::Real(crate::dialect::real_kind())
    }
}

pub(super) fn intent_name(i: Intent) -> &'static str {
    match i {
        Intent::In => "in",
        Intent::Out => "out",
        Intent::InOut => "inout",
    }
}

impl Checker {
    /// The symbols of the unit's declarations, dummy arguments and result variable.
    /// `procedure(iface) [, pointer] :: f`: dummy procedures and procedure pointers with
    /// the interface `iface` (an abstract interface or a procedure), called through the
    /// address they hold (see `dummy_proc_key`).
    fn procedure_decls(&mut self, unit: &Unit) {
        for d in &unit.proc_decls {
            let sig = self
                .g
                .abstract_ifaces
                .get(&d.iface.name)
                .cloned()
                .or_else(|| self.scope.get(&d.iface.name).and_then(|k| self.g.procs.map.get(k)).filter(|p| p.explicit).cloned());
            let Some(sig) = sig else {
                self.err(
                    Diagnostic::error("E0286", format!("unknown interface `{}`", d.iface.name), d.iface.span)
                        .with_label("no abstract interface or procedure with an explicit interface of this name")
                        .with_note("help: declare it in an `abstract interface` block of this file"),
                );
                continue;
            };
            for n in &d.names {
                let dummy = unit.args.iter().any(|a| a.name == n.name);
                if !d.pointer && !dummy {
                    // An external procedure with the interface `iface` (as an interface body
                    // would declare it): gfortran's link name `name_`.
                    let key = self.ext_key(&n.name);
                    if !self.g.procs.map.contains_key(&key) {
                        let mut sig = sig.clone();
                        sig.name = n.name.clone();
                        sig.link_name = format!("{}_", n.name);
                        sig.defined = false;
                        self.g.procs.map.insert(key.clone(), sig);
                    }
                    self.scope.insert(n.name.clone(), key);
                    continue;
                }
                if self.declared.contains(&n.name) {
                    self.err(
                        Diagnostic::error("E0102", format!("`{}` is declared more than once", n.name), n.span)
                            .with_label("declared again here"),
                    );
                    continue;
                }
                if let Some(i) = self.syms.index(&n.name) {
                    self.syms.remove(i);
                }
                let base = sig.result.map_or(BaseTy::Integer(4), |(b, _)| b);
                let mut s = Symbol::new(n.name.clone(), base, n.span);
                s.external = true;
                s.pointer = d.pointer;
                s.intent = d.intent;
                s.optional = d.optional;
                s.save = d.save && !dummy;
                // A module's procedure pointer: a global like a scalar data pointer's
                // (`__m_MOD_p`), its interface under a key its users find.
                let key = match &self.module {
                    Some(m) if unit.kind == UnitKind::Module => {
                        s.module = Some(m.clone());
                        s.module_name = Some(n.name.clone());
                        format!("{}@pptr@{m}", n.name)
                    }
                    _ => format!("{}@dummy@{}", n.name, self.key.as_deref().unwrap_or("main")),
                };
                self.declared.insert(n.name.clone());
                self.syms.push(s);
                let mut sig = sig.clone();
                sig.name = n.name.clone();
                sig.link_name = if d.pointer { format!("@pptr:{}", n.name) } else { format!("@dummy:{}", n.name) };
                self.g.procs.map.insert(key, sig);
            }
        }
    }

    pub(super) fn declarations(&mut self, unit: &mut Unit) {
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
                    let from_host = self.syms.list().get(i).is_some_and(|s| s.host || (s.module.is_some() && self.module.is_none()));
                    if from_host {
                        self.syms.remove(i);
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
                s.rank = dims.len().min(15) as u8;
                s.dims = dims;
                s.allocatable = d.allocatable;
                s.class = d.class;
                s.pointer = d.pointer;
                s.target = d.target;
                s.parameter = d.parameter;
                s.char_len = d.char_len.clone();
                s.intent = d.intent;
                s.optional = d.optional;
                s.value = d.value;
                if let Some(b) = &d.bind_c {
                    let numeric = matches!(d.base, BaseTy::Integer(_) | BaseTy::Real(_) | BaseTy::Logical(_));
                    if unit.kind == UnitKind::Module && (!numeric || d.allocatable || d.pointer) {
                        self.err(Diagnostic::not_yet(
                            format!("`bind(c)` module variables other than integer, real or logical scalars and arrays (`{name}`)"),
                            ent.name.span,
                        ));
                    } else if unit.kind == UnitKind::Module && s.rank > 0 && ent.init.is_some() {
                        self.err(Diagnostic::not_yet(format!("initial values of `bind(c)` module arrays (`{name}`)"), ent.name.span));
                    } else if unit.kind == UnitKind::Module {
                        s.bind_c = Some(b.clone().unwrap_or_else(|| name.clone()));
                    } else {
                        self.err(
                            Diagnostic::error("E0033", format!("`bind(c)` variable `{name}` must be a module variable"), ent.name.span)
                                .with_label("not declared in a module"),
                        );
                    }
                }
                s.save = d.save || self.save_all;
                s.external = d.external;
                s.module = self.module.clone();
                s.module_name = self.module.as_ref().map(|_| name.clone());
                self.declared.insert(name);
                self.syms.push(s);
                registered.insert((di, ei));
            }
        }
        self.procedure_decls(unit);
        // 2. Dummy arguments.
        for (pos, a) in unit.args.iter().enumerate() {
            if self.declared.contains(&a.name) {
                if let Some(i) = self.syms.index(&a.name) {
                    if let Some(s) = self.syms.get_mut(i) {
                        s.dummy = Some(pos);
                    }
                }
                continue;
            }
            if let Some(i) = self.syms.index(&a.name) {
                self.syms.remove(i);
            }
            // A dummy procedure given by an interface body: its type is the interface's.
            if let Some(iu) = unit.interfaces.iter().find(|i| i.name.name == a.name) {
                let base = match iu.kind {
                    UnitKind::Function => signature(iu).1.map_or(BaseTy::Real(crate::dialect::real_kind()), |(b, _)| b),
                    _ => BaseTy::Integer(4),
                };
                let mut s = Symbol::new(a.name.clone(), base, a.span);
                s.dummy = Some(pos);
                s.external = true;
                self.syms.push(s);
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
            self.syms.push(s);
        }
        self.check_value_dummies();
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
                    self.syms.remove(i);
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
                self.syms.push(s);
                if base == BaseTy::Character && unit.result_char_len.is_some() {
                    let si = self.syms.list().len() - 1;
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
            for s in self.syms.iter_mut() {
                if !s.host && s.dummy.is_none() && !s.parameter && s.module == self.module && !s.external {
                    s.save = true;
                }
            }
        }
        for n in &unit.saved {
            match self.syms.index(&n.name) {
                Some(i) if self.declared.contains(&n.name) || self.syms.list().get(i).is_some_and(|s| s.dummy.is_some()) => {
                    let Some(s) = self.syms.get_mut(i) else { continue };
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
                        if let Some(s) = self.syms.get_mut(i) {
                            s.save = true;
                        }
                    }
                }
            }
        }
        self.common_members(unit);
        self.equivalences(unit);
        // OpenMP `threadprivate`: saved scalars of this unit (a main program's variables
        // are saved) or variables of this module.
        for n in &unit.threadprivate {
            let unit_kind = unit.kind;
            let Some(i) = self.syms.index(&n.name).filter(|_| self.declared.contains(&n.name)) else {
                self.err(
                    Diagnostic::error("E0329", format!("`{}` in `threadprivate` is not a variable declared in this unit", n.name), n.span)
                        .with_label("declare it before the directive"),
                );
                continue;
            };
            let Some(s) = self.syms.get_mut(i) else { continue };
            let saved = s.save || s.module.is_some() || unit_kind == UnitKind::Program;
            if s.dummy.is_some() || s.parameter || s.external {
                let what = if s.dummy.is_some() {
                    "a dummy argument"
                } else if s.parameter {
                    "a named constant"
                } else {
                    "a procedure"
                };
                self.err(
                    Diagnostic::error("E0329", format!("`{}` in `threadprivate` is {what}", n.name), n.span)
                        .with_label("only variables with static storage can be threadprivate"),
                );
            } else if !saved {
                self.err(
                    Diagnostic::error(
                        "E0329",
                        format!("`{}` in `threadprivate` must be a saved variable or a module variable", n.name),
                        n.span,
                    )
                    .with_label("add the `save` attribute"),
                );
            } else if s.rank > 0 || matches!(s.base, BaseTy::Character | BaseTy::Complex(_) | BaseTy::Derived(_)) || s.allocatable {
                self.err(Diagnostic::not_yet("`threadprivate` arrays, character, complex, derived-type and allocatable variables", n.span));
            } else {
                s.threadprivate = true;
            }
        }
        for n in &unit.externals {
            match self.syms.index(&n.name) {
                Some(i) if self.declared.contains(&n.name) || self.syms.list().get(i).is_some_and(|s| s.dummy.is_some()) => {
                    if let Some(s) = self.syms.get_mut(i) {
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

    /// Marks the members of the unit's common blocks and checks that each is a local
    /// variable that may be in one: not a dummy argument, parameter, allocatable, a
    /// variable of a module, nor a member of two blocks.
    fn common_members(&mut self, unit: &Unit) {
        for b in &unit.commons {
            let block = b.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
            for m in &b.members {
                let Some(i) = self.syms.index(&m.name).filter(|_| self.declared.contains(&m.name)) else { continue };
                let Some(s) = self.syms.get_mut(i) else { continue };
                let why = if s.dummy.is_some() {
                    Some("a dummy argument")
                } else if s.parameter {
                    Some("a named constant")
                } else if s.allocatable {
                    Some("allocatable")
                } else if s.external {
                    Some("a procedure")
                } else if s.common.is_some() {
                    Some("already in a common block")
                } else {
                    None
                };
                if let Some(why) = why {
                    self.err(
                        Diagnostic::error("E0140", format!("`{}` cannot be in a common block: it is {why}", m.name), m.span)
                            .with_label("not allowed in `common`"),
                    );
                    continue;
                }
                if let BaseTy::Derived(_) = s.base {
                    self.err(Diagnostic::not_yet("derived-type variables in common blocks", m.span));
                    continue;
                }
                s.common = Some(block.clone());
            }
        }
        if self.kind == UnitKind::Module {
            self.module_common_layout(unit);
        }
        for n in &unit.saved_commons {
            if !unit.commons.iter().any(|b| b.name.as_ref().is_some_and(|b| b.name == n.name)) {
                self.err(
                    Diagnostic::error("E0140", format!("`save /{}/` names no common block of this unit", n.name), n.span)
                        .with_label("no such common block here"),
                );
            }
        }
    }

    /// Lays out the common blocks of a module as gfortran does (members in order, each
    /// padded to its natural alignment) and records each member's offset and its block's
    /// size on the symbol, for the units that `use` the module.
    fn module_common_layout(&mut self, unit: &Unit) {
        // Per block: its name, end, alignment and members (symbol index, offset).
        type Members = Vec<(usize, i64)>;
        let mut blocks: Vec<(String, i64, i64, Members)> = Vec::new();
        for b in &unit.commons {
            let block = b.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
            let bi = match blocks.iter().position(|x| x.0 == block) {
                Some(i) => i,
                None => {
                    blocks.push((block.clone(), 0, 1, Vec::new()));
                    blocks.len() - 1
                }
            };
            for m in &b.members {
                let Some(i) = self.syms.index(&m.name) else { continue };
                let Some(s) = self.syms.list().get(i).filter(|s| s.common.is_some()) else { continue };
                let len = match &s.char_len {
                    Some(CharLen::Expr(e)) => self.const_int(e),
                    None => Some(1),
                    _ => None,
                };
                let mut elems = Some(1i64);
                for d in &s.dims {
                    let n = match d {
                        DimSpec::Explicit { lo, hi } => {
                            let lo = match lo {
                                Some(l) => self.const_int(l),
                                None => Some(1),
                            };
                            lo.zip(self.const_int(hi)).map(|(l, h)| (h - l + 1).max(0))
                        }
                        _ => None,
                    };
                    elems = elems.zip(n).map(|(a, b)| a.saturating_mul(b));
                }
                let (Some(len), Some(elems)) = (len, elems) else {
                    self.err(Diagnostic::not_yet(format!("module common block member `{}` without constant size", m.name), m.span));
                    continue;
                };
                let (esize, align) = super::derived::base_layout(s.base, len, &self.g.types);
                let Some(x) = blocks.get_mut(bi) else { continue };
                let off = x.1.saturating_add(align - 1) / align * align;
                x.1 = off.saturating_add(esize.saturating_mul(elems));
                x.2 = x.2.max(align);
                x.3.push((i, off));
            }
        }
        for (_, end, align, members) in blocks {
            let size = end.saturating_add(align - 1) / align * align;
            for (i, off) in members {
                if let Some(s) = self.syms.get_mut(i) {
                    s.common_at = Some((off, size, align));
                }
            }
        }
    }

    /// Resolves each `equivalence` item to a variable and an element position: local
    /// variables (or common members) of intrinsic type with constant subscripts.
    fn equivalences(&mut self, unit: &mut Unit) {
        if !unit.equivalences.is_empty() && self.kind == UnitKind::Module {
            if let Some(e) = unit.equivalences.first() {
                self.err(Diagnostic::not_yet("`equivalence` in modules", e.span));
            }
            return;
        }
        for set in unit.equivalences.iter_mut() {
            let mut resolved = Vec::new();
            for e in &set.items {
                let (id, subs) = match &e.kind {
                    ExprKind::Name(id) => (id, None),
                    ExprKind::Apply { name, args } => (name, Some(args)),
                    _ => {
                        self.err(Diagnostic::not_yet("this `equivalence` object (substrings, components)", e.span));
                        continue;
                    }
                };
                let Some(i) = self.lookup(id) else { continue };
                let Some(s) = self.syms.list().get(i).cloned() else { continue };
                let why = if s.dummy.is_some() {
                    Some("a dummy argument")
                } else if s.parameter {
                    Some("a named constant")
                } else if s.allocatable {
                    Some("allocatable")
                } else if s.external {
                    Some("a procedure")
                } else if s.module.is_some() || s.host {
                    Some("not a local variable of this unit")
                } else {
                    None
                };
                if let Some(why) = why {
                    self.err(
                        Diagnostic::error("E0141", format!("`{}` cannot be in an equivalence set: it is {why}", id.name), id.span)
                            .with_label("not allowed in `equivalence`"),
                    );
                    continue;
                }
                if matches!(s.base, BaseTy::Derived(_)) {
                    self.err(Diagnostic::not_yet("derived-type variables in `equivalence`", id.span));
                    continue;
                }
                let mut pos = 0;
                if let Some(args) = subs {
                    let Some(shape) = self.const_shape(&s).filter(|sh| sh.len() == args.len() && !sh.is_empty()) else {
                        self.err(
                            Diagnostic::error(
                                "E0141",
                                format!("`{}` is not an array with constant bounds of rank {}", id.name, args.len()),
                                e.span,
                            )
                            .with_label("subscripts need an array of that rank with constant bounds"),
                        );
                        continue;
                    };
                    let mut stride = 1;
                    for (a, (lo, ext)) in args.iter().zip(shape) {
                        let v = match a {
                            Arg::Index(x) => {
                                let mut x = x.clone();
                                self.expr(&mut x);
                                self.const_int(&x)
                            }
                            _ => None,
                        };
                        let Some(v) = v else {
                            let d = match a {
                                Arg::Index(_) => Diagnostic::error("E0141", "a subscript in `equivalence` must be a constant", e.span)
                                    .with_label("not a constant subscript"),
                                _ => Diagnostic::not_yet("substrings in `equivalence`", e.span),
                            };
                            self.err(d);
                            pos = -1;
                            break;
                        };
                        pos = v.saturating_sub(lo).saturating_mul(stride).saturating_add(pos);
                        stride = stride.saturating_mul(ext);
                    }
                    if pos < 0 {
                        continue;
                    }
                }
                resolved.push((s.name.clone(), pos));
            }
            set.resolved = resolved;
        }
    }

    /// Checks a `character` entity's length: a constant for variables, `*` for dummy
    /// arguments, parameters and function results, `:` with `allocatable`; folds a constant
    /// length.
    pub(super) fn char_entity(&mut self, si: usize, parameter: bool, allocatable: bool, rank: usize, ent: &Entity) {
        let Some(sym) = self.syms.list().get(si) else { return };
        let (dummy, mut len) = (sym.dummy.is_some(), sym.char_len.clone());
        // An external function's result may have an assumed length: its callers' declarations
        // give it (gfortran passes it as the hidden length of the result).
        let assumed_result = rank == 0 && self.kind == UnitKind::Function && self.result_name.as_deref() == Some(sym.name.as_str());
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
            Some(CharLen::Assumed(l)) if !dummy && !parameter && !assumed_result => {
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
        if let Some(s) = self.syms.get_mut(si) {
            s.char_len = len;
        }
    }

    /// The checks of one declared entity (its bounds' expressions are already checked).
    pub(super) fn entity(
        &mut self,
        base: BaseTy,
        parameter: bool,
        allocatable: bool,
        dimension: Option<&[DimSpec]>,
        ent: &mut Entity,
        in_proc: bool,
    ) {
        let name = ent.name.name.clone();
        let dims: Vec<DimSpec> = ent.dims.clone().or_else(|| dimension.map(<[DimSpec]>::to_vec)).unwrap_or_default();
        let Some(si) = self.syms.index(&name) else { return };
        let Some(sym) = self.syms.list().get(si) else { return };
        let (dummy, intent, optional, save, external) = (sym.dummy, sym.intent, sym.optional, sym.save, sym.external);
        let (pointer, class) = (sym.pointer, sym.class);
        let deferred_len = matches!(sym.char_len, Some(CharLen::Deferred(_)));
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
        } else if pointer {
            if allocatable || parameter || external {
                self.err(
                    Diagnostic::error(
                        "E0104",
                        format!("the pointer `{name}` cannot also be allocatable, a parameter or external"),
                        ent.name.span,
                    )
                    .with_label("a pointer"),
                );
            } else if base == BaseTy::Character {
                self.err(Diagnostic::not_yet("character pointers", ent.name.span));
            } else if !all_deferred {
                let colons = vec![":"; dims.len()].join(",");
                self.err(
                    Diagnostic::error("E0103", format!("pointer array `{name}` must have a deferred shape"), ent.span)
                        .with_label("explicit bounds given")
                        .with_note(format!("help: declare it as `{name}({colons})`")),
                );
            }
        } else if allocatable {
            // (A deferred-length `character` scalar: its data pointer and length by reference.)
            let chars = base == BaseTy::Character;
            if dummy.is_some() && chars && !dims.is_empty() && deferred_len {
                // (Reported as an array of deferred-length strings.)
            } else if dummy.is_some() && chars && !dims.is_empty() {
                self.err(Diagnostic::not_yet("allocatable `character` array dummy arguments", ent.name.span));
            } else if dummy.is_some() && dims.is_empty() && chars && !deferred_len {
                self.err(Diagnostic::not_yet("allocatable `character` scalar dummy arguments of a declared length", ent.name.span));
            } else if is_result && !((dims.is_empty() && base == BaseTy::Character) || class) {
                self.err(Diagnostic::not_yet(
                    "allocatable function results other than deferred-length `character` scalars and polymorphic (`class`) ones",
                    ent.name.span,
                ));
            } else if dims.is_empty()
                && !matches!(base, BaseTy::Character | BaseTy::Integer(_) | BaseTy::Real(_) | BaseTy::Logical(_) | BaseTy::Derived(_))
            {
                self.err(Diagnostic::not_yet("allocatable scalars of this type", ent.name.span));
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
                if init.ty.rank() > 0 && init.ty.rank() as usize != dims.len() {
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
        if let Some(s) = self.syms.get_mut(si) {
            s.dims = dims;
            s.init = init;
            s.save |= implied_save;
        }
    }

    /// Checks one dimension of a declaration: bounds are constant integers.
    pub(super) fn dim(&mut self, dim: &mut DimSpec, need_const: bool) {
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

    /// Checks the expressions of one dimension: scalar integers.
    pub(super) fn dim_exprs(&mut self, dim: &mut DimSpec) {
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
    pub(super) fn interface_body(&mut self, p: &Unit) {
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

    /// The `value` attribute: only on dummy arguments; scalars of numeric or logical type
    /// (or `type(c_ptr)`), not pointers, allocatables or optional ones.
    fn check_value_dummies(&mut self) {
        let bad: Vec<(Span, String, bool)> = self
            .syms
            .list()
            .iter()
            .filter(|s| s.value)
            .filter_map(|s| {
                if s.dummy.is_none() {
                    Some((
                        s.span,
                        format!("`{}` is not a dummy argument: only dummy arguments may have the `value` attribute", s.name),
                        false,
                    ))
                } else if s.rank > 0 || s.pointer || s.allocatable {
                    Some((s.span, format!("the `value` dummy `{}` must be a scalar, not a pointer or allocatable", s.name), false))
                } else if s.base == BaseTy::Character
                    && !matches!(&s.char_len, None | Some(CharLen::Expr(Expr { kind: ExprKind::Int(1, _), .. })))
                {
                    Some((s.span, format!("`value` character dummy arguments of a length other than 1 (`{}`)", s.name), true))
                } else if matches!(s.base, BaseTy::Derived(_) | BaseTy::Complex(_)) {
                    Some((s.span, format!("`value` dummy arguments of complex or derived type (`{}`)", s.name), true))
                } else if s.optional {
                    Some((s.span, format!("optional `value` dummy arguments (`{}`)", s.name), true))
                } else {
                    None
                }
            })
            .collect();
        for (sp, msg, not_yet) in bad {
            if not_yet {
                self.err(Diagnostic::not_yet(msg, sp));
            } else {
                self.err(Diagnostic::error("E0033", msg, sp).with_label("the `value` attribute is not allowed here"));
            }
        }
    }
}
