//! OpenACC constructs: compute-construct nesting, standalone and block directives, and loop
//! directives (`collapse` depth, gang > worker > vector nesting).

use super::*;

mod atomic;
mod clauses;
mod omp;

pub use clauses::acc_device_code;
pub(crate) use clauses::clause_name;

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

/// The parallelism levels of an OpenACC loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(in crate::sema) enum Par {
    Vector = 0,
    Worker = 1,
    Gang = 2,
}

impl Par {
    pub(in crate::sema) fn name(self) -> &'static str {
        match self {
            Par::Gang => "gang",
            Par::Worker => "worker",
            Par::Vector => "vector",
        }
    }
}

/// The name of the `!$acc routine` level `l` ([`crate::sema::ROUTINE_SEQ`] ... `ROUTINE_GANG`).
pub(in crate::sema) fn routine_name(l: u8) -> &'static str {
    match l {
        ROUTINE_VECTOR => "vector",
        ROUTINE_WORKER => "worker",
        ROUTINE_GANG => "gang",
        _ => "seq",
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

/// How many loops of an imperfect nest (OpenMP 5.0's intervening code: each loop's body
/// holds one `do` loop among other statements) start at `s`, up to `want`.
fn imperfect_depth(s: &Stmt, want: usize) -> usize {
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
        let mut loops = body.iter().filter(|b| matches!(b.kind, StmtKind::Do { .. }));
        match (loops.next(), loops.next()) {
            (Some(inner), None) => cur = inner,
            _ => return depth,
        }
    }
}

impl Checker {
    pub(in crate::sema) fn in_compute(&self) -> bool {
        !self.compute.is_empty()
    }

    /// The unit is a procedure with an `!$acc routine` directive.
    pub(in crate::sema) fn in_routine(&self) -> bool {
        self.key.as_ref().and_then(|k| self.g.procs.map.get(k)).is_some_and(|p| p.routine)
    }

    /// The level of the `!$acc routine` the unit is (`None` outside one).
    pub(in crate::sema) fn routine_level(&self) -> Option<u8> {
        self.key.as_ref().and_then(|k| self.g.procs.map.get(k)).filter(|p| p.routine).map(|p| p.routine_level)
    }

    /// The innermost level the enclosing loops of the unit partition, as a routine level
    /// (1 vector, 2 worker, 3 gang; 0: none), on any kind of device.
    pub(in crate::sema) fn enclosing_level(&self) -> (u8, &'static str) {
        let mut best: Option<Par> = None;
        for e in &self.par {
            for p in e.iter().flatten() {
                if best.is_none_or(|b| *p < b) {
                    best = Some(*p);
                }
            }
        }
        best.map_or((0, ""), |p| (p as u8 + 1, p.name()))
    }

    /// Code that runs on the device: inside a compute construct or an `!$acc routine`.
    pub(in crate::sema) fn on_device(&self) -> bool {
        self.in_compute() || self.in_routine()
    }

    /// Where device code is, for messages.
    pub(in crate::sema) fn device_where(&self) -> &'static str {
        if self.in_compute() {
            "inside a compute construct"
        } else {
            "inside an `!$acc routine`"
        }
    }

    #[inline(never)]
    pub(in crate::sema) fn acc_standalone(&mut self, dir: &mut Directive) {
        let DirKind::Acc(kind) = dir.kind else { return self.omp_standalone(dir) };
        self.directive(dir, None);
        if self.in_compute()
            && matches!(
                kind,
                AccKind::EnterData | AccKind::ExitData | AccKind::Update | AccKind::Wait | AccKind::Init | AccKind::Shutdown | AccKind::Set
            )
        {
            self.err(
                Diagnostic::error("E0302", format!("`{}` is not allowed inside a compute construct", dir.kind.name()), dir.span)
                    .with_label("inside a compute construct"),
            );
        }
        let needs: &[&str] = match kind {
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
    pub(in crate::sema) fn acc_block(&mut self, dir: &mut Directive, body: &mut [Stmt]) {
        let DirKind::Acc(k) = dir.kind else { return self.omp_block(dir, body) };
        self.directive(dir, None);
        if is_compute(k) {
            self.not_nested_compute(dir.kind, dir.span);
            self.compute.push(dir.kind);
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

    /// A loop directive (`loop` or a combined construct) and the loops it applies to.
    #[inline(never)]
    pub(in crate::sema) fn acc_loop(&mut self, dir: &mut Directive, do_stmt: &mut Stmt) {
        let DirKind::Acc(k) = dir.kind else { return self.omp_loop(dir, do_stmt) };
        let cl = self.directive(dir, Some(do_stmt));
        if k == AccKind::Loop && !self.in_compute() {
            match self.routine_level() {
                // An orphaned loop of a routine: its levels are the routine's and below.
                Some(rl) => {
                    // OpenACC 3.3, 2.9.11: no `reduction` on an orphaned loop that is (or
                    // would be made) gang-partitioned.
                    let levels = cl.levels_per_device();
                    let gang = levels.iter().any(|l| l.iter().any(|(p, _)| *p == Par::Gang));
                    let auto_gang = rl == ROUTINE_GANG && levels.iter().all(|l| l.is_empty()) && !cl.seq() && self.enclosing_level().0 == 0;
                    if gang || auto_gang {
                        if let Some(c) = dir.clauses.iter().find(|c| matches!(c.kind, ClauseKind::Reduction(..))) {
                            self.err(
                                Diagnostic::error("E0316", "`reduction` is not allowed on a gang loop of a routine", c.span)
                                    .with_label(if gang { "on an orphaned `gang` loop" } else { "on an orphaned loop the gangs would partition" })
                                    .with_note("note: the gangs of the calling construct cannot combine a routine's partial results (OpenACC 3.3, 2.9.11)"),
                            );
                        }
                    }
                    for mine in levels {
                        let Some((top, sp)) = mine.iter().max_by_key(|(p, _)| *p).copied() else { continue };
                        if top as u8 + 1 > rl {
                            self.err(
                                Diagnostic::error(
                                    "E0307",
                                    format!("a `{}` loop cannot be inside a `routine {}`", top.name(), routine_name(rl)),
                                    sp,
                                )
                                .with_label(format!("a `{}` loop", top.name()))
                                .with_note(format!(
                                    "note: a `routine {}` contains {}",
                                    routine_name(rl),
                                    match rl {
                                        ROUTINE_VECTOR => "`vector` loops and sequential ones",
                                        ROUTINE_WORKER => "`worker` and `vector` loops and sequential ones",
                                        ROUTINE_GANG => "`gang`, `worker` and `vector` loops and sequential ones",
                                        _ => "only sequential loops (`loop seq`)",
                                    }
                                )),
                            );
                            break;
                        }
                    }
                }
                None => self
                    .err(Diagnostic::not_yet("orphaned `loop` directive (a `loop` outside `parallel`, `kernels` or `serial`)", dir.span)),
            }
        }
        if is_compute(k) {
            self.not_nested_compute(dir.kind, dir.span);
        }
        if let StmtKind::DoWhile { .. } = do_stmt.kind {
            self.err(
                Diagnostic::error("E0313", format!("`!$acc {}` cannot apply to a `do while` loop", k.name()), dir.span)
                    .with_label("needs a counted `do` loop"),
            );
        }
        // Parallelism levels must decrease inwards: gang > worker > vector; a gang loop of
        // a lower dimension (`gang(dim: d)`) may be inside a gang loop. With `device_type`
        // groups, on every kind of device.
        let per_device = cl.levels_per_device();
        let my_dim = dir.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::GangDim(e) => self.const_int(e).map(|d| d as u32),
            ClauseKind::Gang(_) | ClauseKind::GangStatic(_) => Some(1),
            _ => None,
        });
        let outer_dim = self.gang_dim;
        let lower_dim = matches!((outer_dim, my_dim), (Some(o), Some(m)) if m < o);
        for (d, mine) in per_device.iter().enumerate() {
            let outer = self.par.iter().rev().find_map(|e| e.get(d).copied().flatten());
            let Some((inner, sp)) = mine.iter().max_by_key(|(p, _)| *p).copied() else { continue };
            if let Some(outer) = outer {
                if inner >= outer && !(lower_dim && inner == Par::Gang && outer == Par::Gang) {
                    let mut e = Diagnostic::error(
                        "E0307",
                        format!("a `{}` loop cannot be nested inside a `{}` loop", inner.name(), outer.name()),
                        sp,
                    )
                    .with_label("parallelism must go gang > worker > vector from outer to inner loops");
                    if cl.has_groups() {
                        if let Some(dev) = crate::device_type::AccDevice::ALL.get(d) {
                            e = e.with_note(format!("note: with the clauses in effect on device type {}", dev.names()));
                        }
                    }
                    self.err(e);
                    break;
                }
            }
        }
        let entry: [Option<Par>; 4] = std::array::from_fn(|d| per_device.get(d).and_then(|l| l.iter().map(|(p, _)| *p).min()));
        let leveled = entry.iter().any(Option::is_some);
        let pushed = if leveled {
            self.par.push(entry);
            true
        } else {
            false
        };
        if is_compute(k) {
            self.compute.push(DirKind::Acc(compute_of(k)));
        }
        let saved = if is_compute(k) { Some(std::mem::take(&mut self.par)) } else { None };
        if saved.is_some() && leveled {
            self.par.push(entry);
        }
        if my_dim.is_some() {
            self.gang_dim = my_dim;
        } else if is_compute(k) {
            self.gang_dim = None;
        }
        // The collapsed loops all belong to the directive.
        self.collapsed(do_stmt, cl.collapse, cl.seq());
        self.gang_dim = outer_dim;
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

    /// Reports compute construct `k` (at `span`) inside another one, or inside a device
    /// procedure (`!$acc routine`, `!$omp declare target`: its body is device code).
    fn not_nested_compute(&mut self, k: DirKind, span: Span) {
        if let Some(outer) = self.compute.last().copied() {
            self.err(
                Diagnostic::error("E0301", format!("`{}` construct nested inside a `{}` construct", k.name(), outer.name()), span)
                    .with_label("compute constructs cannot be nested"),
            );
        } else if let Some(l) = self.routine_level() {
            self.err(
                Diagnostic::error("E0301", format!("`{}` construct inside a `routine {}`", k.name(), routine_name(l)), span)
                    .with_label("a device procedure's body is device code")
                    .with_note("help: launch the construct from the caller, or use orphaned `loop` directives in a `routine gang`"),
            );
        }
    }

    /// Checks the `depth` loops associated with a loop directive.
    pub(in crate::sema) fn collapsed(&mut self, s: &mut Stmt, depth: usize, seq: bool) {
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
}
