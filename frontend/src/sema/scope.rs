//! Program units and the names visible in them: flattening, the file-wide procedure table,
//! host and `use` association, and name lookup.

use super::*;

/// Modules Fortran compilers provide; not supported yet.
pub(crate) const INTRINSIC_MODULES: &[&str] =
    &["iso_fortran_env", "iso_c_binding", "ieee_arithmetic", "ieee_exceptions", "ieee_features", "openacc", "omp_lib", "omp_lib_kinds"];

/// Finds the declaration of `name` among `decls`.
pub(super) fn find_decl<'a>(decls: &'a [Decl], name: &str) -> Option<(&'a Decl, &'a Entity)> {
    decls.iter().find_map(|d| d.entities.iter().find(|e| e.name.name == name).map(|e| (d, e)))
}

/// The dummy arguments and result of a procedure, from its declarations.
pub(super) fn signature(u: &Unit) -> (Vec<ArgSig>, Option<(BaseTy, u8)>) {
    let args = u
        .args
        .iter()
        .map(|a| match find_decl(&u.decls, &a.name) {
            Some((d, e)) => {
                let dims = e.dims.as_ref().or(d.dimension.as_ref());
                let rank = dims.map_or(0, |v| v.len().min(15)) as u8;
                let assumed_shape =
                    !d.allocatable && !d.pointer && dims.is_some_and(|v| !v.is_empty() && v.iter().all(DimSpec::is_assumed_shape));
                ArgSig {
                    name: a.name.clone(),
                    base: d.base,
                    rank,
                    assumed_shape,
                    intent: d.intent,
                    optional: d.optional,
                    any_type: false,
                    allocatable: d.allocatable,
                    pointer: d.pointer,
                    value: d.value && rank == 0,
                    class: d.class,
                }
            }
            None => match u.proc_decls.iter().find(|d| d.names.iter().any(|n| n.name == a.name)) {
                // A dummy procedure or procedure pointer declared with `procedure(iface)`.
                Some(d) => ArgSig {
                    name: a.name.clone(),
                    base: BaseTy::Integer(4),
                    rank: 0,
                    assumed_shape: false,
                    intent: d.intent,
                    optional: d.optional,
                    any_type: true,
                    allocatable: false,
                    pointer: d.pointer,
                    value: false,
                    class: false,
                },
                None => ArgSig {
                    name: a.name.clone(),
                    base: implicit_with(&u.implicit_rules, &a.name),
                    rank: 0,
                    assumed_shape: false,
                    intent: None,
                    optional: false,
                    any_type: false,
                    allocatable: false,
                    pointer: false,
                    value: false,
                    class: false,
                },
            },
        })
        .collect();
    let result = (u.kind == UnitKind::Function).then(|| {
        let r = u.result.as_ref().unwrap_or(&u.name);
        match find_decl(&u.decls, &r.name) {
            Some((d, e)) => (d.base, e.dims.as_ref().or(d.dimension.as_ref()).map_or(0, |v| v.len().min(15)) as u8),
            None => (u.result_base.unwrap_or_else(|| implicit_with(&u.implicit_rules, &r.name)), 0),
        }
    });
    (args, result)
}

/// Moves `u` and its internal procedures into `flat`, a host before its procedures.
pub(super) fn flatten(mut u: Unit, host: Option<usize>, flat: &mut Vec<(Unit, Option<usize>)>) {
    let contains = std::mem::take(&mut u.contains);
    let me = flat.len();
    flat.push((u, host));
    for c in contains {
        flatten(c, Some(me), flat);
    }
}

pub(super) fn is_proc(k: UnitKind) -> bool {
    matches!(k, UnitKind::Subroutine | UnitKind::Function)
}

impl Global {
    /// Keys, signatures and scopes of every procedure.
    pub(super) fn collect(flat: &[(Unit, Option<usize>)], imports: Vec<crate::modfile::Imported>, diags: &mut Vec<Diagnostic>) -> Global {
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
            let rdecl = find_decl(&u.decls, &u.result.as_ref().unwrap_or(&u.name).name).filter(|_| u.kind == UnitKind::Function);
            let result_pointer = rdecl.is_some_and(|(d, _)| d.pointer);
            // (A polymorphic pointer scalar result is returned in the same container.)
            let result_class = rdecl.is_some_and(|(d, e)| {
                let scalar = e.dims.as_ref().or(d.dimension.as_ref()).is_none_or(|v| v.is_empty());
                d.class && (d.allocatable || (d.pointer && scalar))
            });
            ProcSig {
                name: u.name.name.clone(),
                kind: u.kind,
                link_name,
                args,
                result,
                result_len: None,
                defined: true,
                explicit: true,
                module,
                elemental: u.elemental,
                api: false,
                routine: false,
                routine_level: 0,
                routine_nohost: false,
                routine_bind: Default::default(),
                routine_twin: false,
                result_pointer,
                result_class,
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
            let link = u.bind_c.clone().unwrap_or_else(|| crate::dialect::external_name(name));
            g.procs.map.insert(name.clone(), sig_of(u, link, None));
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
                Some(_) if u.bind_c.is_some() => u.bind_c.clone().unwrap_or_default(),
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
                        let link = p.bind_c.clone().unwrap_or_else(|| crate::dialect::external_name(&name));
                        let mut sig = sig_of(p, link, None);
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
        // Abstract interfaces: signatures that procedure pointers and dummy procedures name.
        for (u, _) in flat.iter() {
            for p in &u.abstract_ifaces {
                let mut sig = sig_of(p, String::new(), None);
                sig.defined = false;
                g.abstract_ifaces.insert(p.name.name.clone(), sig);
            }
        }
        // `!$acc routine`: marks the unit itself, a procedure it contains or one of its
        // interface bodies.
        let mut binds: Vec<(String, DeviceBinds, usize)> = Vec::new();
        for (i, (u, _)) in flat.iter().enumerate() {
            let mut marks: Vec<(String, u8, bool)> = Vec::new();
            let mut bound: Vec<(String, DeviceBinds)> = Vec::new();
            // `!$omp declare target` of a procedure is `!$acc routine seq`: the unit itself
            // (no list) or a listed procedure it contains or declares in an interface body;
            // the other listed names are variables (see `declare_target_vars`).
            let mut omp_routines = Vec::new();
            for d in &u.declare_targets {
                let dir = Directive { kind: DirKind::Acc(AccKind::Routine), clauses: Vec::new(), span: d.span };
                if d.items.is_empty() {
                    if is_proc(u.kind) {
                        omp_routines.push(AccRoutine { name: None, dir: dir.clone() });
                    } else {
                        diags.push(
                            Diagnostic::error("E0325", "`!$omp declare target` without a list must be in a subroutine or function", d.span)
                                .with_label(format!(
                                    "in the {} `{}`",
                                    if u.kind == UnitKind::Program { "program" } else { "module" },
                                    u.name.name
                                ))
                                .with_note("help: list the variables and procedures: `!$omp declare target to(name)`"),
                        );
                    }
                }
                for (n, _) in &d.items {
                    let contained = flat.iter().any(|(v, vh)| *vh == Some(i) && v.name.name == n.name);
                    let declared = iface.get(i).is_some_and(|v| v.iter().any(|(nm, _)| *nm == n.name));
                    if n.name == u.name.name || contained || declared {
                        omp_routines.push(AccRoutine { name: Some(n.clone()), dir: dir.clone() });
                    }
                }
            }
            let n_acc = u.routines.len();
            for (ri, r) in u.routines.iter().chain(&omp_routines).enumerate() {
                let Some(level) = routine_level(r, diags) else {
                    continue;
                };
                let key = match &r.name {
                    Some(n) if n.name != u.name.name => {
                        let contained = flat
                            .iter()
                            .enumerate()
                            .find(|(_, (v, vh))| *vh == Some(i) && v.name.name == n.name)
                            .and_then(|(j, _)| g.keys.get(j).cloned().flatten());
                        let declared = iface.get(i).and_then(|v| v.iter().find(|(nm, _)| *nm == n.name)).map(|(_, k)| k.clone());
                        match contained.or(declared) {
                            Some(k) => k,
                            None => {
                                diags.push(
                                    Diagnostic::error("E0325", format!("`{}` is not a procedure of this unit", n.name), n.span)
                                        .with_label("no subroutine, function or interface body of this name here")
                                        .with_note("help: `!$acc routine(name)` names a procedure the unit contains or declares in an interface block"),
                                );
                                continue;
                            }
                        }
                    }
                    _ if is_proc(u.kind) => match g.keys.get(i).cloned().flatten() {
                        Some(k) => k,
                        None => continue,
                    },
                    _ => {
                        diags.push(
                            Diagnostic::error("E0325", "`!$acc routine` without a name must be in a subroutine or function", r.dir.span)
                                .with_label(format!(
                                    "in the {} `{}`",
                                    if u.kind == UnitKind::Program { "program" } else { "module" },
                                    u.name.name
                                ))
                                .with_note("help: name the procedure: `!$acc routine(name) seq`"),
                        );
                        continue;
                    }
                };
                if ri >= n_acc {
                    g.omp_device.insert(key.clone());
                }
                bound.push((key.clone(), bind_clauses(r)));
                marks.push((key, level, nohost(r)));
            }
            for p in &u.interfaces {
                for r in &p.routines {
                    let Some(level) = routine_level(r, diags) else {
                        continue;
                    };
                    if let Some(n) = r.name.as_ref().filter(|n| n.name != p.name.name) {
                        diags.push(
                            Diagnostic::error("E0325", format!("`{}` is not the procedure of this interface body", n.name), n.span)
                                .with_label(format!("the interface body declares `{}`", p.name.name)),
                        );
                        continue;
                    }
                    if let Some((_, k)) = iface.get(i).and_then(|v| v.iter().find(|(nm, _)| *nm == p.name.name)) {
                        bound.push((k.clone(), bind_clauses(r)));
                        marks.push((k.clone(), level, nohost(r)));
                    }
                }
            }
            for (k, level, nohost) in marks {
                // An internal procedure compiled for the device takes no host frame (of host
                // addresses): checking its body reports any host variable it uses.
                if let Some(sig) = g.procs.map.get_mut(&k) {
                    sig.routine = true;
                    sig.routine_level = sig.routine_level.max(level);
                    sig.routine_nohost |= nohost;
                }
            }
            binds.extend(bound.into_iter().map(|(k, b)| (k, b, i)));
        }
        // Implicit OpenMP device procedures a previous check found.
        for k in IMPLICIT_DEVICE.with(|s| s.borrow().clone()) {
            if let Some(sig) = g.procs.map.get_mut(&k) {
                sig.routine = true;
                g.omp_device.insert(k);
            }
        }
        // Procedures of modules read from module files.
        for im in imports {
            let mut scope = HashMap::new();
            for (local, sig) in &im.procs {
                // A binding's call through the vtab: under its own key (`TYPE%b@tbp`).
                if local.ends_with("@tbp") {
                    g.procs.map.entry(local.clone()).or_insert_with(|| sig.clone());
                    continue;
                }
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
        let omp_routines = omp_lib_routines();
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
                    None if us.module.name == "omp_lib" => {
                        for (_, sig) in &omp_routines {
                            if !g.procs.map.contains_key(&sig.link_name) {
                                g.procs.map.insert(sig.link_name.clone(), sig.clone());
                            }
                        }
                        Some(omp_routines.iter().map(|(n, sig)| (n.clone(), sig.link_name.clone())).collect())
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
        // `bind` clauses, once every procedure and scope is known.
        for (key, per_device, i) in binds {
            // Each clause once (a clause outside the groups is in effect on several devices).
            let mut seen: Vec<(Span, Option<String>)> = Vec::new();
            for (d, b) in per_device.iter().enumerate() {
                let Some((b, sp)) = b else { continue };
                let link = match seen.iter().find(|(s, _)| s == sp) {
                    Some((_, l)) => l.clone(),
                    None => {
                        let l = g.routine_bind_target(&key, b, *sp, i, diags);
                        seen.push((*sp, l.clone()));
                        l
                    }
                };
                if let Some(sig) = g.procs.map.get_mut(&key) {
                    if let Some(slot) = sig.routine_bind.get_mut(d) {
                        *slot = link.filter(|l| *l != sig.link_name);
                    }
                }
            }
        }
        g
    }

    /// The link name an `!$acc routine` directive's `bind` clause names for the procedure
    /// `key`, declared in unit `i`: a procedure of the same interface and level that is a
    /// routine itself (E0348, E0349 otherwise), or a device symbol named by a string.
    fn routine_bind_target(&self, key: &str, b: &RoutineBind, sp: Span, i: usize, diags: &mut Vec<Diagnostic>) -> Option<String> {
        let n = match b {
            RoutineBind::Symbol(text) => {
                let valid = text.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.');
                if !valid {
                    diags.push(
                        Diagnostic::error("E0348", format!("`bind(\"{text}\")` does not name a symbol"), sp)
                            .with_label("not a symbol name")
                            .with_note("note: the string of `bind` is the name of the device procedure as the linker sees it (letters, digits, `_`, `$`, `.`)"),
                    );
                    return None;
                }
                return Some(text.clone());
            }
            RoutineBind::Name(n) => n,
        };
        let found = self.scopes.get(i).and_then(|s| s.get(&n.name)).or_else(|| self.externals.get(&n.name));
        if found.is_some_and(|k| self.procs.generics.contains_key(k)) {
            diags.push(
                Diagnostic::error("E0348", format!("`bind({})` names a generic interface", n.name), n.span)
                    .with_label("generic")
                    .with_note("help: name one of its specific procedures"),
            );
            return None;
        }
        let Some((tkey, target)) = found.and_then(|k| self.procs.map.get(k).map(|t| (k, t))) else {
            diags.push(
                Diagnostic::error("E0348", format!("`bind({})` does not name a procedure", n.name), n.span)
                    .with_label("no subroutine or function of this name is visible here")
                    .with_note("help: `bind(name)` names a procedure the device calls in place of this one; `bind(\"name\")` names a device symbol"),
            );
            return None;
        };
        let orig = self.procs.map.get(key)?;
        if tkey == key {
            return Some(orig.link_name.clone());
        }
        if !target.routine {
            diags.push(
                Diagnostic::error("E0348", format!("`bind({})` names a procedure without `!$acc routine`", n.name), n.span)
                    .with_label("not compiled for the device")
                    .with_note(format!(
                        "help: add `!$acc routine {}` to `{}`",
                        crate::sema::directives::routine_name(orig.routine_level),
                        n.name
                    )),
            );
            return None;
        }
        let what = |p: &ProcSig| if p.kind == UnitKind::Function { "function" } else { "subroutine" };
        let arg = |a: &ArgSig| (a.base, a.rank, a.value, a.allocatable, a.pointer, a.assumed_shape, a.class, a.optional);
        let mismatch = if orig.kind != target.kind {
            Some(format!("`{}` is a {} and `{}` a {}", orig.name, what(orig), target.name, what(target)))
        } else if orig.result != target.result {
            Some(format!("the results of `{}` and `{}` differ in type or rank", orig.name, target.name))
        } else if orig.args.len() != target.args.len() {
            let dummies = |n: usize| if n == 1 { "1 dummy argument".to_string() } else { format!("{n} dummy arguments") };
            Some(format!("`{}` has {} and `{}` {}", orig.name, dummies(orig.args.len()), target.name, target.args.len()))
        } else if let Some((a, t)) = orig.args.iter().zip(&target.args).find(|(a, t)| arg(a) != arg(t)) {
            Some(format!(
                "dummy `{}` of `{}` and dummy `{}` of `{}` differ in type, rank or attributes",
                a.name, orig.name, t.name, target.name
            ))
        } else if orig.routine_level != target.routine_level {
            let name = crate::sema::directives::routine_name;
            Some(format!(
                "`{}` is a `routine {}` and `{}` a `routine {}`",
                orig.name,
                name(orig.routine_level),
                target.name,
                name(target.routine_level)
            ))
        } else {
            None
        };
        if let Some(m) = mismatch {
            diags.push(
                Diagnostic::error("E0349", format!("`bind({})` names a procedure of another interface", n.name), n.span)
                    .with_label("called on the device in place of this routine")
                    .with_note(format!("note: {m}")),
            );
            return None;
        }
        Some(target.link_name.clone())
    }
}

impl Checker {
    pub(super) fn in_procedure(&self) -> bool {
        is_proc(self.kind)
    }

    /// The implicit type of `name` in this unit (its own `implicit` rules, then its host's).
    pub(super) fn implicit(&self, name: &str) -> BaseTy {
        implicit_with(&self.implicit_rules, name)
    }

    /// Checks one unit (its procedures are separate units).
    pub(super) fn unit(&mut self, unit: &mut Unit, host: Option<usize>, done: &[CheckedUnit]) {
        if let Some(u) = host.and_then(|h| self.g.unsupported.get(&h)) {
            self.unsupported = u.clone();
        }
        if let Some(hu) = host.and_then(|h| done.get(h)) {
            if hu.unit.kind == UnitKind::Module {
                self.in_module = Some(hu.unit.name.name.clone());
            } else if let Some(m) = host.and_then(|h| self.g.in_module.get(&h)).cloned() {
                self.in_module = Some(m);
            }
            for s in hu.symbols.list() {
                let mut s = s.clone();
                s.dummy = None;
                if s.module.is_none() {
                    s.host = true;
                }
                self.syms.push(s);
            }
        }
        self.type_scope_start(unit, host);
        self.mappers = host.and_then(|h| self.g.mappers.get(&h).cloned()).unwrap_or_default();
        self.mappers.extend(unit.mappers.iter().cloned());
        self.g.mappers.insert(self.idx, self.mappers.clone());
        for u in &unit.uses {
            self.use_module(u, done);
        }
        self.declarations(unit);
        self.declare_target_vars(unit);
        self.type_defs(unit, self.idx);
        self.abstract_decls(unit);
        self.deferred_inits();
        // `!$acc declare` lines of the specification part.
        let mut declares = std::mem::take(&mut unit.declares);
        for d in declares.iter_mut() {
            self.directive(d, None);
        }
        unit.declares = declares;
        if unit.kind != UnitKind::Module {
            self.stmts(&mut unit.body);
        }
        for p in &unit.interfaces {
            self.interface_body(p);
        }
        self.unsupported_references();
    }

    /// Marks the variables `!$omp declare target` lists (with `to`/`enter`): they have a
    /// device copy for the whole program. They must be static (module variables, saved
    /// variables, variables of the main program). `link` variables are mapped like any other.
    fn declare_target_vars(&mut self, unit: &Unit) {
        let procs: HashSet<&str> = unit
            .contains
            .iter()
            .map(|c| c.name.name.as_str())
            .chain(unit.interfaces.iter().map(|p| p.name.name.as_str()))
            .chain(std::iter::once(unit.name.name.as_str()))
            .collect();
        for d in &unit.declare_targets {
            for (n, kind) in &d.items {
                if procs.contains(n.name.as_str()) || self.g.procs.map.values().any(|p| p.name == n.name) {
                    continue;
                }
                let is_static = unit.kind == UnitKind::Program || unit.kind == UnitKind::Module;
                let Some(i) = self.syms.index(&n.name) else {
                    self.err(
                        Diagnostic::error("E0101", format!("undeclared variable `{}`", n.name), n.span)
                            .with_label("neither a variable nor a procedure of this unit"),
                    );
                    continue;
                };
                let Some(s) = self.syms.list.get_mut(i) else { continue };
                if s.external || s.parameter {
                    continue;
                }
                if !(is_static || s.save || s.module.is_some()) || s.dummy.is_some() {
                    self.err(
                        Diagnostic::error("E0326", format!("`{}` in `declare target` is not a saved variable", n.name), n.span)
                            .with_label("a local variable of a procedure")
                            .with_note("help: give it the `save` attribute, or make it a module variable"),
                    );
                    continue;
                }
                if *kind == DeclareTargetKind::Enter {
                    s.declare_target = true;
                }
            }
        }
    }

    /// Reports the names referenced in the unit that `use` of a gfortran module made visible
    /// but gpuf could not import: an implicitly typed variable or an external procedure of
    /// that name would silently be another entity.
    fn unsupported_references(&mut self) {
        if self.unsupported.is_empty() {
            return;
        }
        let mut hits: Vec<&String> = self
            .syms
            .list
            .iter()
            .filter(|s| s.module.is_none() && !s.host)
            .map(|s| &s.name)
            .chain(self.g.externals.keys())
            .filter(|n| self.unsupported.contains_key(*n))
            .collect();
        hits.sort();
        hits.dedup();
        let mut diags = Vec::new();
        for n in hits {
            if let Some((why, span)) = self.unsupported.get(n) {
                diags.push(Diagnostic::not_yet(why, *span).with_label(format!("`{n}`, used in this unit, comes from this module")));
            }
        }
        self.diags.extend(diags);
        self.g.unsupported.insert(self.idx, std::mem::take(&mut self.unsupported));
    }

    /// Imports the entities of a module.
    pub(super) fn use_module(&mut self, u: &Use, done: &[CheckedUnit]) {
        let mname = &u.module.name;
        let imported = self.g.imported.get(mname).map(|(im, scope)| (im.symbols.clone(), scope.clone(), im.unsupported.clone()));
        if let Some((symbols, mscope, unsupported)) = imported {
            self.import_unsupported(u, &unsupported);
            self.import_symbols(u, &symbols, &mscope, &HashSet::new());
            return;
        }
        if self.g.broken.contains(mname) {
            return;
        }
        let Some(&m) = self.g.modules.get(mname) else {
            if mname == "openacc" && !self.g.module_pos.contains_key(mname) {
                self.use_openacc(u);
            } else if (mname == "omp_lib" || mname == "omp_lib_kinds") && !self.g.module_pos.contains_key(mname) {
                self.use_omp_lib(u);
            } else if let Some(table) = crate::intrinsic_modules::constants(mname).filter(|_| !self.g.module_pos.contains_key(mname)) {
                let m = mname.clone();
                self.use_constants(u, table, move |this, remote| {
                    if m == "iso_c_binding"
                        && (crate::intrinsic_modules::C_BINDING_NAMES.contains(&remote.name.as_str())
                            || crate::intrinsic_modules::C_CHARS.iter().any(|(n, _)| *n == remote.name))
                    {
                        return;
                    }
                    this.err(Diagnostic::not_yet(format!("`{}` of the intrinsic module `{m}`", remote.name), remote.span));
                });
                if mname == "iso_c_binding" {
                    self.use_c_chars(u);
                }
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
                self.err(super::missing_module(mname, u.module.span));
            }
            return;
        };
        let Some(mu) = done.get(m) else { return };
        let mut mscope = self.g.scopes.get(m).cloned().unwrap_or_default();
        mscope.retain(|n, _| mu.unit.is_public(n));
        let mut public: Vec<Symbol> = mu.symbols.list().iter().filter(|s| mu.unit.is_public(&s.name)).cloned().collect();
        public.iter_mut().for_each(|s| crate::modfile::fold_symbol(s, &mu.symbols));
        let mut private: HashSet<String> = mu.symbols.list().iter().map(|s| s.name.clone()).filter(|n| !mu.unit.is_public(n)).collect();
        private.extend(self.g.scopes.get(m).into_iter().flatten().map(|(n, _)| n.clone()).filter(|n| !mu.unit.is_public(n)));
        self.import_symbols(u, &public, &mscope, &private);
    }

    /// Imports the entities `list` of a module (its procedures are in `mscope`).
    pub(super) fn import_symbols(&mut self, u: &Use, list: &[Symbol], mscope: &HashMap<String, String>, private: &HashSet<String>) {
        let mname = &u.module.name;
        let msyms = Symbols::from_list(list.to_vec());
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
                        self.syms.remove(i);
                    }
                    self.use_assoc.insert(local.name.clone(), mname.clone());
                    self.syms.push(s);
                }
                None if mscope.contains_key(&remote.name) || self.type_scope.contains(&remote.name) => {}
                // Reported by `import_unsupported`.
                None if self.g.imported.get(mname).is_some_and(|(im, _)| im.unsupported.iter().any(|(n, _)| *n == remote.name)) => {}
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

    /// The names `u` makes visible that gpuf cannot import: named in `only:` or a rename, an
    /// error; otherwise an error if the unit references them (see `unsupported_references`).
    fn import_unsupported(&mut self, u: &Use, list: &[(String, String)]) {
        let named: Vec<(Ident, Ident)> = u.only.clone().unwrap_or_default().into_iter().chain(u.renames.iter().cloned()).collect();
        for (local, remote) in &named {
            if let Some((_, why)) = list.iter().find(|(n, _)| *n == remote.name) {
                self.err(Diagnostic::not_yet(why, remote.span).with_label(format!("`{}` cannot be imported yet", local.name)));
            }
        }
        if u.only.is_some() {
            return;
        }
        for (n, why) in list {
            if !u.renames.iter().any(|(_, r)| r.name == *n) {
                self.unsupported.insert(n.clone(), (why.clone(), u.module.span));
            }
        }
    }

    /// Imports the named constants (`integer(4)`, see [`crate::intrinsic_modules::constant_kind`]) of an intrinsic module: `openacc`,
    /// `iso_fortran_env`, `iso_c_binding`; `missing` reports a name the table lacks.
    pub(super) fn use_constants(&mut self, u: &Use, table: &[(&str, i64)], missing: impl Fn(&mut Self, &Ident)) {
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
                self.syms.remove(i);
            }
            // Default integers (`-fdefault-integer-8` widens them), except in `openacc`,
            // whose module gfortran compiled with integer(4) constants, and `omp_lib`'s
            // handles of kind 8.
            let k = match crate::intrinsic_modules::constant_kind(&remote.name) {
                8 => 8,
                _ if mname == "openacc" => 4,
                _ => crate::dialect::int_kind(),
            };
            let mut s = Symbol::new(local.name.clone(), BaseTy::Integer(k), remote.span);
            s.parameter = true;
            s.init = Some(Expr { kind: ExprKind::Int(v, k), span: remote.span, ty: Ty::Scalar(BaseTy::Integer(k)) });
            self.use_assoc.insert(local.name.clone(), mname.clone());
            self.syms.push(s);
        }
    }

    /// Imports `iso_c_binding`'s character constants (`c_null_char`, ...) named by `u` (all
    /// of them without `only:`).
    fn use_c_chars(&mut self, u: &Use) {
        let wanted: Vec<(Ident, Ident)> = match &u.only {
            Some(list) => list.clone(),
            None => {
                let renamed: HashSet<&str> = u.renames.iter().map(|(_, r)| r.name.as_str()).collect();
                let mut all: Vec<(Ident, Ident)> = crate::intrinsic_modules::C_CHARS
                    .iter()
                    .filter(|(n, _)| !renamed.contains(n))
                    .map(|(n, _)| {
                        let id = Ident { name: n.to_string(), span: u.module.span };
                        (id.clone(), id)
                    })
                    .collect();
                all.extend(u.renames.iter().cloned());
                all
            }
        };
        for (local, remote) in wanted {
            let Some(&(_, code)) = crate::intrinsic_modules::C_CHARS.iter().find(|(n, _)| *n == remote.name) else { continue };
            if let Some(i) = self.syms.index(&local.name) {
                if self.use_assoc.contains_key(&local.name) {
                    continue;
                }
                self.syms.remove(i);
            }
            let sp = remote.span;
            let mut s = Symbol::new(local.name.clone(), BaseTy::Character, sp);
            s.parameter = true;
            s.char_len = Some(CharLen::Expr(Expr { kind: ExprKind::Int(1, 4), span: sp, ty: Ty::Scalar(BaseTy::Integer(4)) }));
            s.init = Some(Expr { kind: ExprKind::Str(char::from(code).to_string()), span: sp, ty: Ty::Scalar(BaseTy::Character) });
            self.use_assoc.insert(local.name.clone(), u.module.name.clone());
            self.syms.push(s);
        }
    }

    /// Looks a name up; without `implicit none`, unknown names get their implicit type.
    /// Reports an undeclared name once.
    pub(super) fn lookup(&mut self, id: &Ident) -> Option<usize> {
        if let Some(i) = self.syms.index(&id.name) {
            if let Some(refs) = self.target_refs.last_mut() {
                refs.insert(id.name.clone());
            }
            if let Some((allowed, missing)) = self.dc_none.last_mut() {
                let constant = self.syms.list().get(i).is_some_and(|s| s.parameter);
                if !constant && !allowed.contains(&id.name) && !missing.iter().any(|m| m.name == id.name) {
                    missing.push(id.clone());
                }
            }
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
        self.syms.push(s);
        Some(self.syms.list().len() - 1)
    }

    pub(super) fn sym(&self, i: usize) -> Option<&Symbol> {
        self.syms.list().get(i)
    }
}

/// Checks the clauses of an `!$acc routine` directive and returns its level
/// ([`ROUTINE_SEQ`] without a level clause); `None` when the directive cannot be honoured.
/// `nohost` on the routine directive: the procedure is called only in device code.
fn nohost(r: &AccRoutine) -> bool {
    r.dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::NoHost))
}

/// A routine's `bind` clause (and where it is) per kind of device.
type DeviceBinds = Vec<Option<(RoutineBind, Span)>>;

/// The `bind` clause of an `!$acc routine` directive in effect on each kind of device (in
/// the order of `AccDevice::ALL`).
fn bind_clauses(r: &AccRoutine) -> DeviceBinds {
    crate::device_type::AccDevice::ALL
        .iter()
        .map(|d| {
            let dir = crate::device_type::resolve(&r.dir, *d);
            dir.clauses.iter().find_map(|c| if let ClauseKind::RoutineBind(b) = &c.kind { Some((b.clone(), c.span)) } else { None })
        })
        .collect()
}

fn routine_level(r: &AccRoutine, diags: &mut Vec<Diagnostic>) -> Option<u8> {
    use crate::device_type::{self as dt, AccDevice};
    let mut ok = true;
    // One `bind` per kind of device.
    let mut twice: Vec<Span> = Vec::new();
    for d in AccDevice::ALL {
        let binds: Vec<Span> =
            dt::resolve(&r.dir, d).clauses.iter().filter(|c| matches!(c.kind, ClauseKind::RoutineBind(_))).map(|c| c.span).collect();
        if let Some(&second) = binds.get(1) {
            if !twice.contains(&second) {
                twice.push(second);
                diags.push(
                    Diagnostic::error("E0316", "`!$acc routine` has two `bind` clauses", second)
                        .with_label("a second `bind`")
                        .with_note("help: give each device type its own `bind` after `device_type(...)`"),
                );
            }
            ok = false;
        }
    }
    let dir = if dt::has_groups(&r.dir) {
        let mut group = false;
        for c in &r.dir.clauses {
            match &c.kind {
                ClauseKind::DeviceType(names) => {
                    group = true;
                    for n in names.iter().filter(|n| !dt::KNOWN.contains(&n.as_str())) {
                        diags.push(
                            Diagnostic::error("E0317", format!("unknown device type `{n}`"), c.span)
                                .with_label("expected `host`, `nvidia`, `radeon`, `multicore`, `default` or `*`"),
                        );
                        ok = false;
                    }
                }
                k if group && !dt::allowed_after(AccKind::Routine).contains(&crate::sema::directives::clause_name(k)) => {
                    diags.push(
                        Diagnostic::error("E0346", format!("clause `{}` cannot follow `device_type` on `routine`", crate::sema::directives::clause_name(k)), c.span)
                            .with_label("after a `device_type` clause")
                            .with_note("note: only `gang`, `worker`, `vector`, `seq`, `bind` may follow `device_type` on `routine`; put the clause before the first `device_type`"),
                    );
                    ok = false;
                }
                _ => {}
            }
        }
        // (`bind` may differ: each device's kernels call their own procedure.)
        let level = |d: &Directive| -> Vec<String> {
            d.clauses
                .iter()
                .map(|c| crate::sema::directives::clause_name(&c.kind).to_string())
                .filter(|n| n != "nohost" && n != "bind")
                .collect()
        };
        let host = dt::resolve(&r.dir, AccDevice::Host);
        if AccDevice::ALL.iter().any(|d| level(&dt::resolve(&r.dir, *d)) != level(&host)) {
            diags.push(
                Diagnostic::not_yet("an `!$acc routine` whose level differs between device types", r.dir.span)
                    .with_label("device-specific clauses that change the routine"),
            );
            return None;
        }
        host
    } else {
        r.dir.clone()
    };
    let mut found: Option<(u8, &'static str, Span)> = None;
    for c in &dir.clauses {
        let (level, name) = match c.kind {
            ClauseKind::Seq => (ROUTINE_SEQ, "seq"),
            ClauseKind::NoHost | ClauseKind::RoutineBind(_) => continue,
            ClauseKind::Gang(_) | ClauseKind::GangStatic(_) | ClauseKind::GangDim(_) => (ROUTINE_GANG, "gang"),
            ClauseKind::Worker(_) => (ROUTINE_WORKER, "worker"),
            ClauseKind::Vector(_) => (ROUTINE_VECTOR, "vector"),
            ClauseKind::Unsupported(ref n) => {
                diags.push(Diagnostic::not_yet(format!("the `{n}` clause of `!$acc routine`"), c.span));
                ok = false;
                continue;
            }
            _ => {
                diags.push(
                    Diagnostic::error("E0316", "this clause is not allowed on `routine`", c.span)
                        .with_label("not allowed here")
                        .with_note("help: `!$acc routine` takes a level (`seq`, `vector`, `worker`, `gang`), `bind` and `nohost`"),
                );
                ok = false;
                continue;
            }
        };
        if matches!(
            c.kind,
            ClauseKind::Gang(Some(_)) | ClauseKind::GangStatic(_) | ClauseKind::Worker(Some(_)) | ClauseKind::Vector(Some(_))
        ) {
            diags.push(
                Diagnostic::error("E0316", format!("the `{name}` clause of `!$acc routine` takes no argument"), c.span)
                    .with_label("an argument here")
                    .with_note("note: a routine's loops run on the gangs, workers and lanes of the construct that calls it"),
            );
            ok = false;
            continue;
        }
        if matches!(c.kind, ClauseKind::GangDim(_)) {
            diags.push(Diagnostic::not_yet("`gang(dim:)` on `!$acc routine`", c.span));
            ok = false;
            continue;
        }
        match found {
            Some((_, first, _)) => {
                diags.push(
                    Diagnostic::error("E0316", format!("`!$acc routine` has two levels: `{first}` and `{name}`"), c.span)
                        .with_label("a second level")
                        .with_note("note: a routine has exactly one of `seq`, `vector`, `worker`, `gang`"),
                );
                ok = false;
            }
            None => found = Some((level, name, c.span)),
        }
    }
    ok.then(|| found.map_or(ROUTINE_SEQ, |(l, _, _)| l))
}
