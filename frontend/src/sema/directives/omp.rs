//! OpenMP constructs: which clause may appear on which directive, map types, the nesting of
//! `target`, `teams`, `distribute` and `parallel`, and host OpenMP (`parallel`, worksharing
//! and synchronisation constructs outside `target`, run on libgomp's threads).

use super::clauses::Clauses;
use super::*;

/// Whether `clause` may appear on the OpenMP directive `kind` (OpenMP 5.2; a combined
/// construct takes the clauses of its leaf constructs).
pub(in crate::sema) fn omp_clause_allowed(kind: OmpKind, clause: &str) -> bool {
    let leaf = |l: OmpLeaves| -> &'static [&'static str] {
        match l {
            OmpLeaves::TARGET => &[
                "if",
                "device",
                "map",
                "private",
                "firstprivate",
                "nowait",
                "depend",
                "defaultmap",
                "is_device_ptr",
                "has_device_addr",
                // `map(present, ...)`
                "present",
                "allocate",
                "in_reduction",
                "uses_allocators",
                "thread_limit",
            ],
            OmpLeaves::TEAMS => {
                &["num_teams", "thread_limit", "default", "private", "firstprivate", "shared", "reduction", "allocate", "if"]
            }
            OmpLeaves::DISTRIBUTE => &["private", "firstprivate", "lastprivate", "collapse", "dist_schedule", "allocate", "order"],
            OmpLeaves::PARALLEL => {
                &["if", "num_threads", "default", "private", "firstprivate", "shared", "copyin", "reduction", "proc_bind", "allocate"]
            }
            OmpLeaves::DO => &[
                "private",
                "firstprivate",
                "lastprivate",
                "linear",
                "reduction",
                "schedule",
                "collapse",
                "ordered",
                "nowait",
                "allocate",
                "order",
            ],
            OmpLeaves::SIMD => &[
                "safelen",
                "simdlen",
                "linear",
                "aligned",
                "nontemporal",
                "private",
                "lastprivate",
                "reduction",
                "collapse",
                "order",
                "if",
            ],
            OmpLeaves::WORKDISTRIBUTE => &[],
            _ => &["bind", "collapse", "order", "private", "lastprivate", "reduction"],
        }
    };
    match kind {
        OmpKind::Leaves(l) => OmpLeaves::ALL.iter().any(|(x, _)| l.has(*x) && leaf(*x).contains(&clause)),
        OmpKind::TargetData => ["if", "device", "map", "present", "use_device_ptr", "use_device_addr"].contains(&clause),
        OmpKind::TargetEnterData | OmpKind::TargetExitData => ["if", "device", "map", "present", "depend", "nowait"].contains(&clause),
        OmpKind::TargetUpdate => ["if", "device", "to", "from", "depend", "nowait"].contains(&clause),
        OmpKind::Atomic => ["seq_cst", "relaxed", "acq_rel", "acquire", "release", "hint"].contains(&clause),
        OmpKind::Taskwait => ["depend", "nowait"].contains(&clause),
        OmpKind::Critical => ["name", "hint"].contains(&clause),
        OmpKind::Single => ["private", "firstprivate", "copyprivate", "nowait", "allocate"].contains(&clause),
        OmpKind::Masked => clause == "filter",
        OmpKind::Task => [
            "if",
            "final",
            "untied",
            "default",
            "mergeable",
            "private",
            "firstprivate",
            "shared",
            "depend",
            "priority",
            "in_reduction",
            "allocate",
            "detach",
            "affinity",
        ]
        .contains(&clause),
        OmpKind::Sections => ["private", "firstprivate", "lastprivate", "reduction", "nowait", "allocate"].contains(&clause),
        OmpKind::Ordered => ["threads", "simd"].contains(&clause),
        OmpKind::Taskgroup => ["task_reduction", "allocate"].contains(&clause),
        OmpKind::ParallelMaster => omp_clause_allowed(OmpKind::Leaves(OmpLeaves::PARALLEL), clause),
        OmpKind::ParallelMasked => clause == "filter" || omp_clause_allowed(OmpKind::Leaves(OmpLeaves::PARALLEL), clause),
        OmpKind::ParallelSections => {
            clause != "nowait"
                && (omp_clause_allowed(OmpKind::Sections, clause) || omp_clause_allowed(OmpKind::Leaves(OmpLeaves::PARALLEL), clause))
        }
        OmpKind::Taskloop(form) => {
            let taskloop = [
                "shared",
                "private",
                "firstprivate",
                "lastprivate",
                "reduction",
                "in_reduction",
                "default",
                "grainsize",
                "num_tasks",
                "collapse",
                "final",
                "priority",
                "untied",
                "mergeable",
                "nogroup",
                "allocate",
                "if",
            ]
            .contains(&clause);
            taskloop
                || (form.starts_with("parallel") && omp_clause_allowed(OmpKind::Leaves(OmpLeaves::PARALLEL), clause))
                || (form.contains("masked") && clause == "filter")
                || (form.ends_with("simd") && omp_clause_allowed(OmpKind::Leaves(OmpLeaves::SIMD), clause))
        }
        OmpKind::Barrier
        | OmpKind::Flush
        | OmpKind::Nothing
        | OmpKind::Depobj
        | OmpKind::Master
        | OmpKind::Section
        | OmpKind::NotYet(..) => false,
    }
}

/// The map types a directive allows.
fn map_types(kind: OmpKind) -> &'static [MapType] {
    match kind {
        OmpKind::TargetEnterData => &[MapType::To, MapType::Alloc],
        OmpKind::TargetExitData => &[MapType::From, MapType::Release, MapType::Delete],
        _ => &[MapType::To, MapType::From, MapType::Tofrom, MapType::Alloc],
    }
}

impl Checker {
    /// Whether the statement is inside an OpenMP `target` region.
    pub(super) fn in_target(&self) -> bool {
        self.omp.iter().any(|k| k.leaves().has(OmpLeaves::TARGET))
    }

    /// The checks every OpenMP directive gets: its clauses, map types, and (outside
    /// `target`) the host rules.
    fn omp_directive(&mut self, dir: &mut Directive, assoc: Option<&Stmt>) -> Clauses {
        if let DirKind::Omp(kind) = dir.kind {
            let default = match kind {
                OmpKind::TargetEnterData => MapType::To,
                OmpKind::TargetExitData => MapType::From,
                _ => MapType::Tofrom,
            };
            for c in &mut dir.clauses {
                if let ClauseKind::Map(t @ MapType::Default, _) | ClauseKind::MapAlways(t @ MapType::Default, _) = &mut c.kind {
                    *t = default;
                }
                // `map(present, t: list)`: only `target exit data` needs the map type (it
                // copies back and releases); elsewhere the data stays where it is.
                if let ClauseKind::MapPresent(_, l) = &mut c.kind {
                    if kind != OmpKind::TargetExitData {
                        c.kind = ClauseKind::Present(std::mem::take(l));
                    }
                }
            }
        }
        let cl = self.directive(dir, assoc);
        let DirKind::Omp(kind) = dir.kind else { return cl };
        let allowed = map_types(kind);
        let nowait = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Nowait));
        for c in &dir.clauses {
            if let ClauseKind::Map(t, _) | ClauseKind::MapAlways(t, _) | ClauseKind::MapPresent(t, _) = &c.kind {
                if !allowed.contains(t) {
                    let list = allowed.iter().map(|t| format!("`{}`", t.name())).collect::<Vec<_>>().join(", ");
                    self.err(
                        Diagnostic::error("E0323", format!("map type `{}` is not allowed on `{}`", t.name(), kind.name()), c.span)
                            .with_label(format!("expected {list}")),
                    );
                }
            }
            let what = match &c.kind {
                // (gimplify's offload_omp copies them around the region, synchronously.)
                ClauseKind::MapAlways(..) if nowait && kind.leaves().has(OmpLeaves::TARGET) => {
                    Some("`map(always, ...)` on a `target` construct with `nowait`".to_string())
                }
                // In target regions they become explicit clauses (gimplify's offload_omp).
                ClauseKind::OmpDefault(d)
                    if (d == "private" || d == "firstprivate") && !kind.leaves().has(OmpLeaves::TARGET) && !self.in_target() =>
                {
                    Some(format!("`default({d})` on host OpenMP constructs"))
                }
                ClauseKind::Copyin(_) if kind.leaves().has(OmpLeaves::TARGET) || self.in_target() => {
                    Some("the `copyin` clause in a `target` region".to_string())
                }
                ClauseKind::Copyin(items) => {
                    // OpenMP's `copyin`: the master thread's values of threadprivate variables.
                    for it in items {
                        let tp = match &it.kind {
                            ExprKind::Name(id) => self.syms.get(&id.name).is_some_and(|s| s.threadprivate),
                            _ => false,
                        };
                        if !tp {
                            self.err(
                                Diagnostic::error("E0329", "`copyin` needs a `threadprivate` variable", it.span)
                                    .with_label("not named in a `threadprivate` directive"),
                            );
                        }
                    }
                    None
                }
                _ => None,
            };
            if let Some(w) = what {
                self.err(Diagnostic::not_yet(w, c.span));
            }
        }
        let needs: &[&str] = match kind {
            OmpKind::TargetData => &["map", "use_device_ptr", "use_device_addr"],
            OmpKind::TargetEnterData | OmpKind::TargetExitData => &["map"],
            OmpKind::TargetUpdate => &["to", "from"],
            _ => &[],
        };
        // (`map(present, ...)` is a `present` clause.)
        let has = |c: &Clause| {
            needs.contains(&clause_name(&c.kind))
                || (needs.contains(&"map") && matches!(c.kind, ClauseKind::Present(_) | ClauseKind::MapPresent(..)))
        };
        if !needs.is_empty() && !dir.clauses.iter().any(has) {
            self.err(
                Diagnostic::error("E0320", format!("`{}` needs at least one {} clause", kind.name(), needs.join(" or ")), dir.span)
                    .with_label(format!("expected {}", needs.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(" or "))),
            );
        }
        let l = kind.leaves();
        if !l.has(OmpLeaves::TARGET) && !self.in_target() {
            // Host `teams` (OpenMP 5.0): only outside every OpenMP region of the unit; a
            // host `distribute` closely nested in one.
            let outer = self.omp.last().copied();
            if l.has(OmpLeaves::TEAMS) && outer.is_some() {
                self.err(
                    Diagnostic::error(
                        "E0321",
                        format!("a host `{}` construct may not be nested inside an OpenMP region", kind.name()),
                        dir.span,
                    )
                    .with_label("host `teams` must be outside every `parallel`, worksharing and task region"),
                );
            } else if l.has(OmpLeaves::DISTRIBUTE) && !l.has(OmpLeaves::TEAMS) && !outer.is_some_and(|o| o.leaves().has(OmpLeaves::TEAMS)) {
                self.err(
                    Diagnostic::error("E0321", format!("`{}` must be closely nested inside a `teams` construct", kind.name()), dir.span)
                        .with_label("not directly inside `teams`"),
                );
            }
        }
        cl
    }

    /// The host rules of nesting (OpenMP 5.2, 17.1): a worksharing construct, `barrier` or
    /// `master`/`masked` closely nested in a worksharing, `critical` or `master`/`masked`
    /// region (the region would deadlock or be ill-formed); `section` outside `sections`.
    fn host_nesting(&mut self, kind: OmpKind, dir: &Directive) {
        let l = kind.leaves();
        let worksharing = |k: OmpKind| {
            matches!(k, OmpKind::Single | OmpKind::Sections)
                || (k.leaves().has(OmpLeaves::DO) || k.leaves().has(OmpLeaves::LOOP)) && !k.leaves().has(OmpLeaves::PARALLEL)
        };
        if kind == OmpKind::Section {
            if !matches!(self.omp.last(), Some(OmpKind::Sections | OmpKind::ParallelSections)) {
                self.err(
                    Diagnostic::error("E0321", "`section` must be closely nested inside a `sections` construct", dir.span)
                        .with_label("not directly inside `sections`"),
                );
            }
            return;
        }
        let restricted = worksharing(kind) || matches!(kind, OmpKind::Barrier | OmpKind::Master | OmpKind::Masked);
        if !restricted || l.has(OmpLeaves::PARALLEL) {
            return;
        }
        // The enclosing regions up to the innermost `parallel`.
        // (`parallel master`/`parallel masked` are a `master`/`masked` region of their own.)
        let mut outer = None;
        for k in self.omp.iter().rev().copied() {
            if matches!(k, OmpKind::ParallelMaster | OmpKind::ParallelMasked) {
                outer = Some(k);
                break;
            }
            if k.leaves().has(OmpLeaves::PARALLEL) {
                break;
            }
            if worksharing(k) || matches!(k, OmpKind::Critical | OmpKind::Master | OmpKind::Masked | OmpKind::Task) {
                outer = Some(k);
                break;
            }
        }
        if let Some(o) = outer {
            if matches!(kind, OmpKind::Master | OmpKind::Masked) && !worksharing(o) {
                return;
            }
            self.err(
                Diagnostic::error("E0321", format!("`{}` may not be closely nested inside a `{}` region", kind.name(), o.name()), dir.span)
                    .with_label(format!("inside `{}` without an intervening `parallel`", o.name())),
            );
        }
    }

    /// Reports `teams` not closely nested in `target`, `distribute` not closely nested in
    /// `teams`, and a second `target` inside one.
    fn omp_nesting(&mut self, dir: &Directive) {
        let DirKind::Omp(kind) = dir.kind else { return };
        let l = kind.leaves();
        let outer = self.omp.last().copied();
        if l.has(OmpLeaves::WORKDISTRIBUTE) && !l.has(OmpLeaves::TEAMS) {
            self.err(Diagnostic::not_yet("`workdistribute` other than in `teams workdistribute`", dir.span));
            return;
        }
        if l.has(OmpLeaves::TARGET)
            || matches!(kind, OmpKind::TargetData | OmpKind::TargetEnterData | OmpKind::TargetExitData | OmpKind::TargetUpdate)
        {
            if let Some(c) = self.compute.last().copied() {
                let what = if l.has(OmpLeaves::TARGET) { "construct" } else { "directive" };
                self.err(
                    Diagnostic::error("E0301", format!("`{}` {what} nested inside a `{}` construct", kind.name(), c.name()), dir.span)
                        .with_label("target regions and data directives cannot be nested in a target region"),
                );
            }
            return;
        }
        if !self.in_target() {
            self.host_nesting(kind, dir);
            return;
        }
        // `ordered` closely nested in a `simd` loop is lowering's (a vote loop over the lanes).
        let simd_ordered = kind == OmpKind::Ordered && outer.is_some_and(|k| k.leaves().has(OmpLeaves::SIMD));
        if !simd_ordered
            && matches!(
                kind,
                OmpKind::Critical
                    | OmpKind::Sections
                    | OmpKind::ParallelSections
                    | OmpKind::Section
                    | OmpKind::Ordered
                    | OmpKind::Flush
                    | OmpKind::Depobj
            )
        {
            self.err(Diagnostic::not_yet(format!("`{}` inside a `target` region", kind.name()), dir.span));
            return;
        }
        if matches!(
            kind,
            OmpKind::Single
                | OmpKind::Master
                | OmpKind::Masked
                | OmpKind::ParallelMaster
                | OmpKind::ParallelMasked
                | OmpKind::Taskwait
                | OmpKind::Task
                | OmpKind::Taskgroup
                | OmpKind::Taskloop(_)
        ) {
            // Run inline by the thread that meets them (see gimplify's `offload_omp`);
            // nesting as on the host.
            self.host_nesting(kind, dir);
            return;
        }
        if l.has(OmpLeaves::TEAMS) && outer != Some(OmpKind::Leaves(OmpLeaves::TARGET)) {
            self.err(
                Diagnostic::error("E0321", format!("`{}` must be closely nested inside a `target` construct", kind.name()), dir.span)
                    .with_label("not directly inside `target`"),
            );
        }
        if l.has(OmpLeaves::DISTRIBUTE) && !l.has(OmpLeaves::TEAMS) && !outer.is_some_and(|o| o.leaves().has(OmpLeaves::TEAMS)) {
            self.err(
                Diagnostic::error("E0321", format!("`{}` must be closely nested inside a `teams` construct", kind.name()), dir.span)
                    .with_label("not directly inside `teams`"),
            );
        }
        if l.has(OmpLeaves::DO) && !l.has(OmpLeaves::PARALLEL) && outer.is_some_and(|o| !o.leaves().has(OmpLeaves::PARALLEL)) {
            self.err(
                Diagnostic::error("E0321", "`do` inside a `target` region must be closely nested inside a `parallel` construct", dir.span)
                    .with_label("not directly inside `parallel`"),
            );
        }
    }

    /// A `target` whose body has a `teams` construct may contain nothing else.
    fn teams_alone(&mut self, body: &[Stmt]) {
        let is_teams = |s: &Stmt| match &s.kind {
            StmtKind::Construct { dir, .. } | StmtKind::LoopConstruct { dir, .. } => {
                dir.kind.omp().is_some_and(|k| k.leaves().has(OmpLeaves::TEAMS))
            }
            _ => false,
        };
        if body.iter().any(is_teams) && body.len() > 1 {
            if let Some(s) = body.iter().find(|s| !is_teams(s)).or(body.get(1)) {
                self.err(
                    Diagnostic::error("E0322", "a `target` region with a `teams` construct cannot contain anything else", s.span)
                        .with_label("outside the `teams` construct"),
                );
            }
        }
    }

    /// The default mapper (`declare mapper`) in force for the derived type of the variable
    /// `name`, if any.
    fn mapper_of(&self, name: &str, id: Option<&str>) -> Option<OmpMapper> {
        if self.mappers.is_empty() {
            return None;
        }
        let s = self.syms.get(name)?;
        let BaseTy::Derived(k) = s.base else { return None };
        let t = super::derived::derived_name(k);
        self.mappers.iter().rev().find(|m| m.type_name.name == t && m.id.as_ref().map(|i| i.name.as_str()) == id).cloned()
    }

    /// The map clauses a default mapper makes of a map of the whole variable `name` with map
    /// type `ty` (`None`: a motion clause of `target update`, whose items are `to`/`from`
    /// items): the mapper's items written for `name`, the variable itself left out (the
    /// clause maps it already). A mapper's `tofrom` (or default) map type takes the
    /// clause's; another keeps its own.
    fn mapper_items(m: &OmpMapper, name: &str, ty: Option<MapType>) -> Vec<(Option<MapType>, Vec<Expr>)> {
        let mut out = Vec::new();
        for c in &m.maps {
            let (ClauseKind::Map(mt, items) | ClauseKind::MapAlways(mt, items)) = &c.kind else { continue };
            let mut list = Vec::new();
            for it in items {
                if matches!(&it.kind, ExprKind::Name(id) if id.name == m.var.name) {
                    continue;
                }
                let mut e = it.clone();
                rename_var(&mut e, &m.var.name, name);
                list.push(e);
            }
            if !list.is_empty() {
                let t = match (ty, *mt) {
                    (None, _) => None,
                    (Some(t), MapType::Default | MapType::Tofrom) => Some(t),
                    (Some(_), mt) => Some(mt),
                };
                out.push((t, list));
            }
        }
        out
    }

    /// Applies the default mappers to the map and motion clauses of an OpenMP directive
    /// (before its clauses are checked): a whole variable of a type with a mapper brings
    /// the mapper's maps with it.
    fn apply_mappers(&mut self, dir: &mut Directive) {
        let mut extra = Vec::new();
        // `map(mapper(id), ...)`: the named mapper's maps, for items of its type.
        for c in &mut dir.clauses {
            let ClauseKind::MapMapper(id, ty, list) = &mut c.kind else { continue };
            let (id, ty, list) = (id.clone(), *ty, std::mem::take(list));
            if !self.mappers.iter().any(|m| m.id.as_ref().is_some_and(|i| i.name == id.name)) {
                self.err(
                    Diagnostic::error("E0338", format!("unknown mapper `{}`", id.name), id.span)
                        .with_label("no `declare mapper` with this identifier is in scope"),
                );
            }
            for it in &list {
                let ExprKind::Name(n) = &it.kind else { continue };
                let Some(m) = self.mapper_of(&n.name, Some(&id.name)) else { continue };
                for (t, l) in Self::mapper_items(&m, &n.name, Some(ty)) {
                    extra.push(Clause { kind: ClauseKind::Map(t.unwrap_or(ty), l), span: c.span });
                }
            }
            c.kind = ClauseKind::Map(ty, list);
        }
        if self.mappers.is_empty() {
            return;
        }
        for c in &dir.clauses {
            if extra.iter().any(|e: &Clause| e.span == c.span) {
                // Expanded by its named mapper already.
                continue;
            }
            let (ty, items) = match &c.kind {
                ClauseKind::Map(t, l) | ClauseKind::MapAlways(t, l) | ClauseKind::MapPresent(t, l) => (Some(*t), l),
                ClauseKind::Present(l) => (Some(MapType::Default), l),
                ClauseKind::To(l) | ClauseKind::From(l) | ClauseKind::ToPresent(l) | ClauseKind::FromPresent(l) => (None, l),
                _ => continue,
            };
            for it in items {
                let ExprKind::Name(id) = &it.kind else { continue };
                let Some(m) = self.mapper_of(&id.name, None) else { continue };
                for (t, list) in Self::mapper_items(&m, &id.name, ty) {
                    let kind = match (&c.kind, t) {
                        (ClauseKind::To(_), _) => ClauseKind::To(list),
                        (ClauseKind::From(_), _) => ClauseKind::From(list),
                        (ClauseKind::ToPresent(_), _) => ClauseKind::ToPresent(list),
                        (ClauseKind::FromPresent(_), _) => ClauseKind::FromPresent(list),
                        (ClauseKind::MapAlways(..), Some(t)) => ClauseKind::MapAlways(t, list),
                        (ClauseKind::MapPresent(..), Some(t)) => ClauseKind::MapPresent(t, list),
                        (ClauseKind::Present(_), _) => ClauseKind::Present(list),
                        (_, t) => ClauseKind::Map(t.unwrap_or(MapType::Default), list),
                    };
                    extra.push(Clause { kind, span: c.span });
                }
            }
        }
        dir.clauses.extend(extra);
    }

    /// After the body of a `target` construct is checked: the variables it references
    /// that no clause names and whose type has a default mapper are mapped by it (as an
    /// implicit `tofrom` map of the variable would be).
    fn implicit_mappers(&mut self, dir: &mut Directive, refs: HashSet<String>) {
        let named: HashSet<String> = dir.clauses.iter().flat_map(|c| clause_bases(&c.kind)).collect();
        let mut refs: Vec<String> = refs.into_iter().filter(|n| !named.contains(n)).collect();
        refs.sort();
        for name in refs {
            let Some(m) = self.mapper_of(&name, None) else { continue };
            let span = dir.span;
            let whole = Expr { kind: ExprKind::Name(Ident { name: name.clone(), span }), span, ty: Ty::Unknown };
            let mut groups = vec![(Some(MapType::Tofrom), vec![whole])];
            groups.extend(Self::mapper_items(&m, &name, Some(MapType::Tofrom)));
            for (t, mut list) in groups {
                self.check_data_clause(&mut list, "map", true);
                dir.clauses.push(Clause { kind: ClauseKind::Map(t.unwrap_or(MapType::Tofrom), list), span });
            }
        }
    }

    #[inline(never)]
    pub(in crate::sema) fn omp_standalone(&mut self, dir: &mut Directive) {
        let Some(kind) = dir.kind.omp() else { return };
        if let OmpKind::NotYet(name, _) = kind {
            self.err(Diagnostic::not_yet(format!("the OpenMP `{name}` directive"), dir.span));
            return;
        }
        self.apply_mappers(dir);
        self.omp_nesting(dir);
        self.omp_directive(dir, None);
    }

    #[inline(never)]
    pub(in crate::sema) fn omp_block(&mut self, dir: &mut Directive, body: &mut [Stmt]) {
        let Some(kind) = dir.kind.omp() else { return };
        if let OmpKind::NotYet(name, _) = kind {
            self.err(Diagnostic::not_yet(format!("the OpenMP `{name}` construct"), dir.span));
            self.stmts(body);
            return;
        }
        self.apply_mappers(dir);
        self.omp_nesting(dir);
        self.omp_directive(dir, None);
        let target = kind.leaves().has(OmpLeaves::TARGET);
        if kind == OmpKind::Leaves(OmpLeaves::TARGET) {
            self.teams_alone(body);
        }
        if target {
            self.compute.push(dir.kind);
            self.target_refs.push(HashSet::new());
        }
        self.omp.push(kind);
        let saved = std::mem::take(&mut self.par);
        self.stmts(body);
        self.par = saved;
        self.omp.pop();
        if target {
            self.compute.pop();
            let refs = self.target_refs.pop().unwrap_or_default();
            self.implicit_mappers(dir, refs);
        }
    }

    #[inline(never)]
    pub(in crate::sema) fn omp_loop(&mut self, dir: &mut Directive, do_stmt: &mut Stmt) {
        let Some(kind) = dir.kind.omp() else { return };
        self.apply_mappers(dir);
        self.omp_nesting(dir);
        let cl = self.omp_directive(dir, Some(do_stmt));
        if let StmtKind::DoWhile { .. } = do_stmt.kind {
            self.err(
                Diagnostic::error("E0313", format!("`!$omp {}` cannot apply to a `do while` loop", kind.name()), dir.span)
                    .with_label("needs a counted `do` loop"),
            );
        }
        let target = kind.leaves().has(OmpLeaves::TARGET);
        if target {
            self.compute.push(dir.kind);
        }
        let parallel = target || self.in_target();
        if kind.leaves().has(OmpLeaves::DO) && !parallel {
            // The iterations are shared among threads: none may end the loop early.
            if let StmtKind::Do { name, body, .. } = &do_stmt.kind {
                let name = name.as_ref().map(|n| n.name.clone());
                if let Some(sp) = exits_loop(body, name.as_deref(), false) {
                    self.err(
                        Diagnostic::error("E0321", format!("`exit` may not leave the loop of a `{}` construct", kind.name()), sp)
                            .with_label("the iterations are shared among threads"),
                    );
                }
            }
        }
        if kind.leaves().has(OmpLeaves::DO) && !dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::OmpOrdered)) {
            // libgomp would wait for an order that never comes.
            if let Some(sp) = unordered_ordered(std::slice::from_ref(do_stmt)) {
                self.err(
                    Diagnostic::error("E0321", "an `ordered` region must be closely nested inside a loop with the `ordered` clause", sp)
                        .with_label(format!("the enclosing `{}` has no `ordered` clause", kind.name())),
                );
            }
        }
        self.omp.push(kind);
        self.collapsed(do_stmt, cl.collapse, !parallel);
        self.omp.pop();
        if target {
            self.compute.pop();
        }
    }
}

/// The first `ordered` construct in the statements that binds to the loop they are the body
/// of (not inside a nested `parallel`, `task` or loop construct).
fn unordered_ordered(ss: &[Stmt]) -> Option<Span> {
    ss.iter().find_map(|s| match &s.kind {
        StmtKind::Construct { dir, .. } if dir.kind.omp() == Some(OmpKind::Ordered) => Some(dir.span),
        StmtKind::Construct { dir, body, .. } => {
            let k = dir.kind.omp()?;
            if k.leaves().has(OmpLeaves::PARALLEL) || k == OmpKind::Task {
                None
            } else {
                unordered_ordered(body)
            }
        }
        StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => {
            unordered_ordered(body)
        }
        StmtKind::If { arms, else_body, .. } => {
            arms.iter().find_map(|(_, b)| unordered_ordered(b)).or_else(|| else_body.as_ref().and_then(|b| unordered_ordered(b)))
        }
        StmtKind::SelectCase { cases, .. } => cases.iter().find_map(|c| unordered_ordered(&c.body)),
        _ => None,
    })
}

/// The first `exit` in the body of the loop named `name` (`None`: unnamed) that leaves it;
/// `nested`: inside an inner loop, where an unnamed `exit` leaves that one.
fn exits_loop(ss: &[Stmt], name: Option<&str>, nested: bool) -> Option<Span> {
    ss.iter().find_map(|s| match &s.kind {
        StmtKind::Exit(None) if !nested => Some(s.span),
        StmtKind::Exit(Some(n)) if Some(n.name.as_str()) == name => Some(s.span),
        StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } => exits_loop(body, name, true),
        StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } | StmtKind::Construct { body, .. } => {
            exits_loop(body, name, nested)
        }
        StmtKind::If { arms, else_body, .. } => arms
            .iter()
            .find_map(|(_, b)| exits_loop(b, name, nested))
            .or_else(|| else_body.as_ref().and_then(|b| exits_loop(b, name, nested))),
        StmtKind::SelectCase { cases, .. } => cases.iter().find_map(|c| exits_loop(&c.body, name, nested)),
        _ => None,
    })
}

/// Renames the variable `from` to `to` in an expression as parsed (a mapper's map item).
fn rename_var(e: &mut Expr, from: &str, to: &str) {
    fn arg(a: &mut Arg, from: &str, to: &str) {
        match a {
            Arg::Index(e) | Arg::Keyword(_, e) => rename_var(e, from, to),
            Arg::Range { lo, hi, stride, .. } => {
                for e in [lo, hi, stride].into_iter().flatten() {
                    rename_var(e, from, to);
                }
            }
        }
    }
    match &mut e.kind {
        ExprKind::Name(id) if id.name == from => id.name = to.to_string(),
        ExprKind::Apply { name, args } | ExprKind::ArrayRef { name, subs: args } | ExprKind::Call { name, args } => {
            if name.name == from {
                name.name = to.to_string();
            }
            for a in args {
                arg(a, from, to);
            }
        }
        ExprKind::Component(c) => {
            rename_var(&mut c.base, from, to);
            for a in &mut c.subs {
                arg(a, from, to);
            }
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => rename_var(x, from, to),
        ExprKind::Binary(_, x, y) | ExprKind::Complex(x, y) => {
            rename_var(x, from, to);
            rename_var(y, from, to);
        }
        ExprKind::Intrinsic { args, .. } => {
            for x in args {
                rename_var(x, from, to);
            }
        }
        _ => {}
    }
}

/// The variables a data-sharing or data clause names (the base names of its items).
fn clause_bases(k: &ClauseKind) -> Vec<String> {
    let items: &[Expr] = match k {
        ClauseKind::Map(_, l)
        | ClauseKind::MapAlways(_, l)
        | ClauseKind::MapPresent(_, l)
        | ClauseKind::Present(l)
        | ClauseKind::Private(l)
        | ClauseKind::Firstprivate(l)
        | ClauseKind::Shared(l)
        | ClauseKind::IsDevicePtr(l)
        | ClauseKind::HasDeviceAddr(l) => l,
        _ => return Vec::new(),
    };
    items
        .iter()
        .filter_map(|e| {
            let mut e = e;
            loop {
                match &e.kind {
                    ExprKind::Name(id) | ExprKind::Apply { name: id, .. } | ExprKind::ArrayRef { name: id, .. } => {
                        return Some(id.name.clone())
                    }
                    ExprKind::Component(c) => e = &c.base,
                    _ => return None,
                }
            }
        })
        .collect()
}
