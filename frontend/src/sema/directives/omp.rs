//! OpenMP constructs: which clause may appear on which directive, map types, the nesting of
//! `target`, `teams`, `distribute` and `parallel`, and host OpenMP (a team of one thread).
//!
//! Host `parallel`, worksharing and `simd` directives (outside `target`) are accepted with a
//! warning and compiled as if they were absent: a team of one thread is a conforming OpenMP
//! implementation, and programs without thread-number dependences give the same results.
//! Their `private` and `firstprivate` clauses are reported as not yet implemented, since
//! ignoring them would let the construct change the original variable.

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
            _ => &["bind", "collapse", "order", "private", "lastprivate", "reduction"],
        }
    };
    match kind {
        OmpKind::Leaves(l) => OmpLeaves::ALL.iter().any(|(x, _)| l.has(*x) && leaf(*x).contains(&clause)),
        OmpKind::TargetData => ["if", "device", "map", "use_device_ptr", "use_device_addr"].contains(&clause),
        OmpKind::TargetEnterData | OmpKind::TargetExitData => ["if", "device", "map", "depend", "nowait"].contains(&clause),
        OmpKind::TargetUpdate => ["if", "device", "to", "from", "depend", "nowait"].contains(&clause),
        OmpKind::Atomic => ["seq_cst", "relaxed", "acq_rel", "acquire", "release", "hint"].contains(&clause),
        OmpKind::Taskwait => ["depend", "nowait"].contains(&clause),
        OmpKind::Barrier | OmpKind::NotYet(..) => false,
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
    fn in_target(&self) -> bool {
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
                if let ClauseKind::Map(t @ MapType::Default, _) = &mut c.kind {
                    *t = default;
                }
            }
        }
        let cl = self.directive(dir, assoc);
        let DirKind::Omp(kind) = dir.kind else { return cl };
        let allowed = map_types(kind);
        for c in &dir.clauses {
            if let ClauseKind::Map(t, _) = &c.kind {
                if !allowed.contains(t) {
                    let list = allowed.iter().map(|t| format!("`{}`", t.name())).collect::<Vec<_>>().join(", ");
                    self.err(
                        Diagnostic::error("E0323", format!("map type `{}` is not allowed on `{}`", t.name(), kind.name()), c.span)
                            .with_label(format!("expected {list}")),
                    );
                }
            }
            let what = match &c.kind {
                ClauseKind::Lastprivate(_) if !kind.leaves().has(OmpLeaves::TARGET) && !self.in_target() => {
                    Some("the `lastprivate` clause on host OpenMP constructs".to_string())
                }
                // In target regions they become explicit clauses (gimplify's offload_omp).
                ClauseKind::OmpDefault(d)
                    if (d == "private" || d == "firstprivate") && !kind.leaves().has(OmpLeaves::TARGET) && !self.in_target() =>
                {
                    Some(format!("`default({d})` on host OpenMP constructs"))
                }
                _ => None,
            };
            if let Some(w) = what {
                self.err(Diagnostic::not_yet(w, c.span));
            }
        }
        let needs: &[&str] = match kind {
            OmpKind::TargetData | OmpKind::TargetEnterData | OmpKind::TargetExitData => &["map"],
            OmpKind::TargetUpdate => &["to", "from"],
            _ => &[],
        };
        if !needs.is_empty() && !dir.clauses.iter().any(|c| needs.contains(&clause_name(&c.kind))) {
            self.err(
                Diagnostic::error("E0320", format!("`{}` needs at least one {} clause", kind.name(), needs.join(" or ")), dir.span)
                    .with_label(format!("expected {}", needs.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(" or "))),
            );
        }
        let l = kind.leaves();
        if !l.has(OmpLeaves::TARGET) && !self.in_target() {
            if l.has(OmpLeaves::TEAMS) || l.has(OmpLeaves::DISTRIBUTE) {
                self.err(Diagnostic::not_yet(format!("host `{}` (outside a `target` construct)", kind.name()), dir.span));
            } else if l.0 != 0 || kind == OmpKind::Barrier {
                self.err(
                    Diagnostic::warning(
                        "W0901",
                        format!("host OpenMP `{}` runs on one thread: the directive is ignored", kind.name()),
                        dir.span,
                    )
                    .with_label("outside any `target` construct")
                    .with_note(
                        "note: host OpenMP parallelism is not implemented yet; a team of one thread is a conforming OpenMP implementation",
                    ),
                );
                for c in &dir.clauses {
                    if let ClauseKind::Private(_) | ClauseKind::Firstprivate(_) = c.kind {
                        self.err(Diagnostic::not_yet(
                            format!("`{}` on host OpenMP constructs (they run on one thread)", clause_name(&c.kind)),
                            c.span,
                        ));
                    }
                }
            }
        }
        cl
    }

    /// Reports `teams` not closely nested in `target`, `distribute` not closely nested in
    /// `teams`, and a second `target` inside one.
    fn omp_nesting(&mut self, dir: &Directive) {
        let DirKind::Omp(kind) = dir.kind else { return };
        let l = kind.leaves();
        let outer = self.omp.last().copied();
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

    #[inline(never)]
    pub(in crate::sema) fn omp_standalone(&mut self, dir: &mut Directive) {
        let Some(kind) = dir.kind.omp() else { return };
        if let OmpKind::NotYet(name, _) = kind {
            self.err(Diagnostic::not_yet(format!("the OpenMP `{name}` directive"), dir.span));
            return;
        }
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
        self.omp_nesting(dir);
        self.omp_directive(dir, None);
        let target = kind.leaves().has(OmpLeaves::TARGET);
        if kind == OmpKind::Leaves(OmpLeaves::TARGET) {
            self.teams_alone(body);
        }
        if target {
            self.compute.push(dir.kind);
        }
        self.omp.push(kind);
        let saved = std::mem::take(&mut self.par);
        self.stmts(body);
        self.par = saved;
        self.omp.pop();
        if target {
            self.compute.pop();
        }
    }

    #[inline(never)]
    pub(in crate::sema) fn omp_loop(&mut self, dir: &mut Directive, do_stmt: &mut Stmt) {
        let Some(kind) = dir.kind.omp() else { return };
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
        self.omp.push(kind);
        self.collapsed(do_stmt, cl.collapse, !parallel);
        self.omp.pop();
        if target {
            self.compute.pop();
        }
    }
}
