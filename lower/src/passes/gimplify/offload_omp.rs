//! OpenMP target offload on the one offload pipeline: before a unit is gimplified, its
//! OpenMP directives are rewritten into the neutral offload constructs gimplify lowers for
//! OpenACC (compute regions, partitioned loops, data regions, enter/exit data, update), so
//! that everything after this point (implicit data, reductions, omp-lower, omp-expand,
//! oacc-xform) is shared.
//!
//! The mapping:
//! - `target` is a compute region: with `teams` a region of gangs (`num_teams` is the
//!   number of gangs), with `parallel` (and no `teams`) one gang, otherwise one thread
//!   (`serial`). A `target` whose body is one `teams` or `parallel` construct is the
//!   combined construct. `thread_limit` / `num_threads` (where they apply to the region)
//!   give the vector length.
//! - Loops: `distribute` is a gang loop; `do` under `parallel` a worker + vector loop (all
//!   threads of the team) unless its nest has `simd` loops, then a worker loop (OpenMP
//!   threads are warps); `simd` a vector loop marked [`ClauseKind::OmpSimd`] (with its
//!   `safelen`), which omp-expand lowers to SIMT (seed 004: the loop on the lanes of a
//!   warp); a `target` with `simd` loops but no `teams` or `parallel` is one gang of one
//!   warp, and `ordered` in a `simd` loop is kept for gimplify's vote loop; `loop` under
//!   `teams` a gang + vector loop, under `parallel` worker + vector. A loop construct
//!   without a level runs sequentially.
//! - `map(to|from|tofrom|alloc)` are `copyin`, `copyout`, `copy`, `create` (the present
//!   table's reference counts give OpenMP's semantics); on `target exit data`, `from` is
//!   `copyout`, `release` `delete` and `delete` `delete` with `finalize`. `target update
//!   to/from` is `update device/self` (with `if_present`: OpenMP updates nothing that is
//!   not mapped). Data not in a clause: scalars firstprivate, arrays `tofrom`, as OpenACC.
//! - `lastprivate` on a loop is `private` plus a copy-out in the iteration that is last in
//!   sequential order (gimplify's `do_loop`); on a combined target construct the item is
//!   also mapped `tofrom`.
//! - `device(n)` naming the host (`omp_get_initial_device()`) runs the construct on the host
//!   (data directives then map nothing); any other device number is the one device.
//! - `nowait` is satisfied by synchronous execution; `schedule`,
//!   `simdlen`, `shared` and `default(shared|none)` do not change results;
//!   `dist_schedule(static, k)` becomes `gang(static: k)`.
//! - `barrier` inside `target` needs nothing: partitioned loops end with a join.
//! - Host `parallel`, worksharing, `simd` and `barrier` directives (outside `target`) stay
//!   as they are: `host_omp` lowers them onto libgomp's threads.
//! - Host `teams` (OpenMP 5.0, outside `target`) creates one team, which `num_teams` (an
//!   upper bound since 5.1) allows: the construct is a `parallel` of one thread with the same
//!   data-sharing clauses (`omp_get_num_teams()` is 1, `omp_get_team_num()` 0), so its
//!   `distribute` loops are worksharing loops of that thread (`distribute parallel do` a
//!   `parallel do`); `teams distribute` is `parallel do num_threads(1)` and `teams
//!   distribute parallel do` a `parallel do`. `num_teams`, `thread_limit` (an upper bound)
//!   and `dist_schedule` then change nothing.
//! - `target teams workdistribute` is a `target` region (one team, one thread); on the host
//!   `teams workdistribute` is host `teams` (one team).
//! - Host `taskloop` is the loop as one explicit task (the number of tasks is the
//!   implementation's choice without `grainsize`/`num_tasks`) inside a `taskgroup` (its
//!   implicit one); `master`/`masked taskloop` put that in `master`/`masked`, `parallel
//!   master/masked taskloop` in `parallel master/masked` (the team gets `num_threads`, `if`,
//!   `shared`, `firstprivate`, ...; the task `private`, `firstprivate`, `shared`); `simd`
//!   and `collapse` leave the task's loop as it is; its `reduction` is the task's (combined
//!   into the original when the task ends). Its `lastprivate` is not implemented yet.
//! - Inside `target`, `single`, `master`, `masked`, `parallel master/masked`, `task`,
//!   `taskgroup` and `taskwait` run inline, by the thread that meets them (code outside
//!   partitioned loops runs once per team, and the thread queries report a team of one
//!   thread there): an undeferred task in creation order satisfies every `depend`, and a
//!   `taskloop` (every combined form) is its loop in order (`seq`, keeping `private`,
//!   `lastprivate` and `collapse`). Their `private`/`firstprivate`/`reduction` clauses are
//!   not implemented yet.

use gpuf_frontend::ast::{self, AccKind, ClauseKind, DirKind, MapType, OmpKind, OmpLeaves, StmtKind};
use gpuf_frontend::Diagnostic;

/// Where a statement is, for the levels of OpenMP loops.
#[derive(Clone, Copy, Default)]
struct Ctx {
    /// Inside a `target` region.
    target: bool,
    /// Inside a region with teams (gangs).
    teams: bool,
    /// Inside a `parallel` construct (of a target region).
    parallel: bool,
    /// Inside a host `teams` construct (rewritten as a `parallel` of one thread).
    host_teams: bool,
    /// Inside the loop of a `simd` construct of a target region (its `ordered` constructs
    /// are kept for gimplify's SIMT vote loop).
    simd: bool,
}

/// The unit's statements with OpenMP directives rewritten, or `None` when there are none.
pub(super) fn omp_to_offload(body: &[ast::Stmt], diags: &mut Vec<Diagnostic>) -> Option<Vec<ast::Stmt>> {
    if !has_omp(body) {
        return None;
    }
    Some(stmts(body, Ctx::default(), diags))
}

fn has_omp(ss: &[ast::Stmt]) -> bool {
    ss.iter().any(|s| match &s.kind {
        StmtKind::Standalone(d)
        | StmtKind::Construct { dir: d, .. }
        | StmtKind::LoopConstruct { dir: d, .. }
        | StmtKind::Atomic { dir: d, .. }
            if d.kind.omp().is_some() =>
        {
            true
        }
        _ => children(s).iter().any(|b| has_omp(b)),
    })
}

/// The statement lists directly inside a statement.
fn children(s: &ast::Stmt) -> Vec<&[ast::Stmt]> {
    match &s.kind {
        StmtKind::Do { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Block { body, .. }
        | StmtKind::LabelBlock { body, .. }
        | StmtKind::Construct { body, .. }
        | StmtKind::Atomic { body, .. } => vec![body.as_slice()],
        StmtKind::LoopConstruct { do_stmt, .. } => vec![std::slice::from_ref(do_stmt.as_ref())],
        StmtKind::If { arms, else_body, .. } => {
            arms.iter().map(|(_, b)| b.as_slice()).chain(else_body.iter().map(|b| b.as_slice())).collect()
        }
        StmtKind::SelectCase { cases, .. } => cases.iter().map(|c| c.body.as_slice()).collect(),
        StmtKind::SelectType { guards, .. } => guards.iter().map(|c| c.body.as_slice()).collect(),
        _ => Vec::new(),
    }
}

fn stmts(ss: &[ast::Stmt], ctx: Ctx, diags: &mut Vec<Diagnostic>) -> Vec<ast::Stmt> {
    let mut out = Vec::new();
    for s in ss {
        stmt(s, ctx, diags, &mut out);
    }
    out
}

fn acc(kind: AccKind, clauses: Vec<ClauseKind>, like: &ast::Directive) -> ast::Directive {
    let span = like.span;
    ast::Directive { kind: DirKind::Acc(kind), clauses: clauses.into_iter().map(|kind| ast::Clause { kind, span }).collect(), span }
}

/// Rewrites one statement into `out`.
fn stmt(s: &ast::Stmt, ctx: Ctx, diags: &mut Vec<Diagnostic>, out: &mut Vec<ast::Stmt>) {
    let span = s.span;
    let mk = |kind: StmtKind| ast::Stmt { kind, span };
    match &s.kind {
        StmtKind::Construct { dir, body, end_span } => {
            let Some(k) = dir.kind.omp() else {
                out.push(mk(StmtKind::Construct { dir: dir.clone(), body: stmts(body, ctx, diags), end_span: *end_span }));
                return;
            };
            match k {
                OmpKind::TargetData => {
                    // `use_device_ptr` / `use_device_addr`: a `host_data` construct inside
                    // the data region (its maps are made first); data that is not present
                    // keeps its host address (OpenMP 5.1).
                    let mut inner = stmts(body, ctx, diags);
                    let uses: Vec<ClauseKind> = dir
                        .clauses
                        .iter()
                        .filter(|c| matches!(c.kind, ClauseKind::UseDevicePtr(_) | ClauseKind::UseDeviceAddr(_)))
                        .map(|c| c.kind.clone())
                        .chain(std::iter::once(ClauseKind::IfPresent))
                        .collect();
                    if uses.len() > 1 {
                        let mut hd = acc(AccKind::HostData, uses, dir);
                        // `if(cond)`: host addresses when it is false.
                        hd.clauses.extend(
                            data_clauses(&dir.clauses)
                                .into_iter()
                                .filter(|k| matches!(k, ClauseKind::If(_)))
                                .map(|kind| ast::Clause { kind, span: dir.span }),
                        );
                        inner = vec![mk(StmtKind::Construct { dir: hd, body: inner, end_span: *end_span })];
                    }
                    // `always`: copies made whether or not the data was present.
                    let (to, from) = always_items(&dir.clauses);
                    inner.splice(0..0, always_update(dir, true, to, span));
                    inner.extend(always_update(dir, false, from, span));
                    let d = acc(AccKind::Data, data_clauses(&dir.clauses), dir);
                    out.push(mk(StmtKind::Construct { dir: d, body: inner, end_span: *end_span }));
                }
                OmpKind::Leaves(l) if l.has(OmpLeaves::TARGET) => {
                    let (dir, body) = merge_target(dir, body);
                    let region = target_region(&dir, &body, None, *end_span, span, diags);
                    out.push(with_always(&dir, region, span));
                }
                OmpKind::Leaves(l) if l.has(OmpLeaves::TEAMS) && !ctx.target => {
                    let d = host_teams_dir(dir, OmpLeaves::PARALLEL, true);
                    let inner = Ctx { host_teams: true, ..ctx };
                    out.push(mk(StmtKind::Construct { dir: d, body: stmts(body, inner, diags), end_span: *end_span }))
                }
                // Host `parallel`, worksharing and synchronisation constructs: kept for
                // `host_omp`.
                OmpKind::Leaves(_)
                | OmpKind::Critical
                | OmpKind::Single
                | OmpKind::Master
                | OmpKind::Masked
                | OmpKind::Sections
                | OmpKind::ParallelSections
                | OmpKind::ParallelMaster
                | OmpKind::ParallelMasked
                | OmpKind::Task
                | OmpKind::Ordered
                | OmpKind::Taskgroup
                    if !ctx.target =>
                {
                    out.push(mk(StmtKind::Construct { dir: dir.clone(), body: stmts(body, ctx, diags), end_span: *end_span }))
                }
                OmpKind::Leaves(l) => {
                    // `teams` and `parallel` inside `target` (their clauses were taken by the
                    // region when they were the whole target body).
                    let mut inner = ctx;
                    if ctx.target && l.has(OmpLeaves::PARALLEL) {
                        inner.parallel = true;
                        for c in &dir.clauses {
                            if matches!(c.kind, ClauseKind::Private(_) | ClauseKind::Firstprivate(_) | ClauseKind::Reduction(..)) {
                                diags.push(Diagnostic::not_yet(
                                    "data-sharing clauses on a `parallel` construct nested in a `target` region (put them on the loops)",
                                    c.span,
                                ));
                            }
                        }
                    }
                    out.extend(stmts(body, inner, diags));
                }
                OmpKind::Single
                | OmpKind::Master
                | OmpKind::Masked
                | OmpKind::ParallelMaster
                | OmpKind::ParallelMasked
                | OmpKind::Task
                | OmpKind::Taskgroup => {
                    // Inside `target`: run inline by the thread that meets them (see the
                    // module doc).
                    inline_clauses(dir, diags);
                    out.extend(stmts(body, ctx, diags))
                }
                // `ordered` in a `simd` loop of a target region: gimplify's SIMT vote loop
                // lets the lanes through one after another.
                OmpKind::Ordered if ctx.simd => {
                    out.push(mk(StmtKind::Construct { dir: dir.clone(), body: stmts(body, ctx, diags), end_span: *end_span }))
                }
                // Reported by semantic analysis.
                _ => out.extend(stmts(body, ctx, diags)),
            }
        }
        StmtKind::LoopConstruct { dir, do_stmt } => {
            let Some(k) = dir.kind.omp() else {
                out.push(mk(StmtKind::LoopConstruct { dir: dir.clone(), do_stmt: Box::new(one(do_stmt, ctx, diags)) }));
                return;
            };
            let l = k.leaves();
            if let (OmpKind::Taskloop(form), false) = (k, ctx.target) {
                let d = one(do_stmt, ctx, diags);
                out.push(host_taskloop(form, dir, d, diags));
                return;
            }
            if let OmpKind::Taskloop(_) = k {
                // Inside `target`: the loop in order, run by the thread that meets it.
                let mut clauses = vec![ClauseKind::Seq];
                for c in &dir.clauses {
                    match &c.kind {
                        ClauseKind::Private(_) | ClauseKind::Lastprivate(_) | ClauseKind::Collapse(_) => clauses.push(c.kind.clone()),
                        ClauseKind::Firstprivate(_) | ClauseKind::Reduction(..) => diags.push(Diagnostic::not_yet(
                            format!("the `{}` clause on `{}` inside a `target` region", clause_word(&c.kind), k.name()),
                            c.span,
                        )),
                        _ => {}
                    }
                }
                let d = acc(AccKind::Loop, clauses, dir);
                out.push(mk(StmtKind::LoopConstruct { dir: d, do_stmt: Box::new(one(do_stmt, ctx, diags)) }));
                return;
            }
            if l.has(OmpLeaves::TARGET) {
                let region = target_region(dir, std::slice::from_ref(do_stmt.as_ref()), Some(l), Default::default(), span, diags);
                out.push(with_always(dir, region, span));
            } else if !ctx.target && (l.has(OmpLeaves::TEAMS) || l.has(OmpLeaves::DISTRIBUTE)) {
                // Host `teams` (one team) and its `distribute` loops.
                let rest = l.without(OmpLeaves::TEAMS).without(OmpLeaves::DISTRIBUTE);
                let d = if rest.has(OmpLeaves::PARALLEL) {
                    host_teams_dir(dir, rest, false)
                } else if l.has(OmpLeaves::TEAMS) {
                    let leaves = if rest.has(OmpLeaves::LOOP) {
                        rest.with(OmpLeaves::PARALLEL)
                    } else {
                        rest.with(OmpLeaves::PARALLEL).with(OmpLeaves::DO)
                    };
                    host_teams_dir(dir, leaves, true)
                } else {
                    host_teams_dir(dir, rest.with(OmpLeaves::DO), false)
                };
                let inner = Ctx { host_teams: ctx.host_teams || l.has(OmpLeaves::TEAMS), ..ctx };
                out.push(mk(StmtKind::LoopConstruct { dir: d, do_stmt: Box::new(one(do_stmt, inner, diags)) }));
            } else if !ctx.target
                && l == OmpLeaves::LOOP
                && dir.clauses.iter().any(|c| matches!(&c.kind, ClauseKind::Bind(b) if b == "thread"))
            {
                // `loop bind(thread)`: every thread that meets it runs all iterations.
                if let Some(c) = dir
                    .clauses
                    .iter()
                    .find(|c| matches!(c.kind, ClauseKind::Private(_) | ClauseKind::Lastprivate(_) | ClauseKind::Reduction(..)))
                {
                    diags.push(Diagnostic::not_yet("data-sharing clauses on a host `loop bind(thread)`", c.span));
                }
                out.push(one(do_stmt, ctx, diags));
            } else if !ctx.target {
                // Host worksharing: kept for `host_omp`.
                out.push(mk(StmtKind::LoopConstruct { dir: dir.clone(), do_stmt: Box::new(one(do_stmt, ctx, diags)) }));
            } else {
                let mut clauses = level_clauses(l, ctx, &dir.clauses, has_simd(std::slice::from_ref(do_stmt.as_ref())));
                clauses.extend(loop_clauses(&dir.clauses, diags));
                let inner = Ctx { parallel: ctx.parallel || l.has(OmpLeaves::PARALLEL), simd: ctx.simd || l.has(OmpLeaves::SIMD), ..ctx };
                let d = acc(AccKind::Loop, clauses, dir);
                out.push(mk(StmtKind::LoopConstruct { dir: d, do_stmt: Box::new(one(do_stmt, inner, diags)) }));
            }
        }
        StmtKind::Standalone(dir) => match dir.kind.omp() {
            None => out.push(s.clone()),
            Some(OmpKind::TargetEnterData) => {
                out.push(mk(StmtKind::Standalone(acc(AccKind::EnterData, data_clauses(&dir.clauses), dir))));
                out.extend(always_update(dir, true, always_items(&dir.clauses).0, span));
            }
            Some(OmpKind::TargetExitData) => {
                // `map(present, t: list)`: an error when absent (an `enter data present`,
                // whose reference an `exit data delete` drops again), then the map type's
                // actions.
                let present: Vec<ast::Expr> = dir
                    .clauses
                    .iter()
                    .filter_map(|c| if let ClauseKind::MapPresent(_, l) = &c.kind { Some(l) } else { None })
                    .flatten()
                    .cloned()
                    .collect();
                if !present.is_empty() {
                    let mut enter = vec![ClauseKind::Present(present.clone())];
                    enter.extend(cond_clauses(&dir.clauses));
                    out.push(mk(StmtKind::Standalone(acc(AccKind::EnterData, enter, dir))));
                    let mut drop = vec![ClauseKind::Delete(present)];
                    drop.extend(cond_clauses(&dir.clauses));
                    out.push(mk(StmtKind::Standalone(acc(AccKind::ExitData, drop, dir))));
                }
                out.extend(always_update(dir, false, always_items(&dir.clauses).1, span));
                // `release` and `from` first, then `delete` with `finalize`.
                let (del, rest): (Vec<&ast::Clause>, Vec<&ast::Clause>) = dir.clauses.iter().partition(|c| {
                    matches!(
                        c.kind,
                        ClauseKind::Map(MapType::Delete, _)
                            | ClauseKind::MapAlways(MapType::Delete, _)
                            | ClauseKind::MapPresent(MapType::Delete, _)
                    )
                });
                let common: Vec<ClauseKind> = dir
                    .clauses
                    .iter()
                    .filter_map(|c| match &c.kind {
                        ClauseKind::If(e) | ClauseKind::IfFor(_, e) => Some(ClauseKind::If(e.clone())),
                        ClauseKind::DeviceExpr(_) => Some(c.kind.clone()),
                        _ => None,
                    })
                    .collect();
                let rest: Vec<ast::Clause> = rest.into_iter().cloned().collect();
                if rest.iter().any(|c| matches!(c.kind, ClauseKind::Map(..) | ClauseKind::MapAlways(..) | ClauseKind::MapPresent(..))) {
                    out.push(mk(StmtKind::Standalone(acc(AccKind::ExitData, data_clauses(&rest), dir))));
                }
                if !del.is_empty() {
                    let del: Vec<ast::Clause> = del.into_iter().cloned().collect();
                    let mut cs = data_clauses(&del);
                    cs.extend(common);
                    cs.push(ClauseKind::Finalize);
                    out.push(mk(StmtKind::Standalone(acc(AccKind::ExitData, cs, dir))));
                }
            }
            Some(OmpKind::TargetUpdate) => {
                let mut cs: Vec<ClauseKind> = dir
                    .clauses
                    .iter()
                    .filter_map(|c| match &c.kind {
                        ClauseKind::To(l) => Some(ClauseKind::Device(l.clone())),
                        ClauseKind::From(l) => Some(ClauseKind::SelfHost(l.clone())),
                        ClauseKind::If(e) | ClauseKind::IfFor(_, e) => Some(ClauseKind::If(e.clone())),
                        ClauseKind::DeviceExpr(_) => Some(c.kind.clone()),
                        _ => None,
                    })
                    .collect();
                cs.push(ClauseKind::IfPresent);
                // `to(present: ...)` / `from(present: ...)`: an update of its own, without
                // `if_present`, so data that is not present is an error.
                let mut strict: Vec<ClauseKind> = dir
                    .clauses
                    .iter()
                    .filter_map(|c| match &c.kind {
                        ClauseKind::ToPresent(l) => Some(ClauseKind::Device(l.clone())),
                        ClauseKind::FromPresent(l) => Some(ClauseKind::SelfHost(l.clone())),
                        _ => None,
                    })
                    .collect();
                if !strict.is_empty() {
                    strict.extend(cs.iter().filter(|k| matches!(k, ClauseKind::If(_) | ClauseKind::DeviceExpr(_))).cloned());
                    out.push(mk(StmtKind::Standalone(acc(AccKind::Update, strict, dir))));
                }
                if cs.iter().any(|k| matches!(k, ClauseKind::Device(_) | ClauseKind::SelfHost(_))) {
                    out.push(mk(StmtKind::Standalone(acc(AccKind::Update, cs, dir))));
                }
            }
            // Host `barrier`: kept for `host_omp`.
            Some(OmpKind::Barrier | OmpKind::Section | OmpKind::Taskwait | OmpKind::Flush) if !ctx.target => out.push(s.clone()),
            // `barrier` in a target region: nothing to do (see the module doc); the rest
            // was reported.
            Some(_) => {}
        },
        StmtKind::Atomic { dir, kind, body } => {
            let dir = if dir.kind.omp().is_some() { acc(AccKind::Atomic, Vec::new(), dir) } else { dir.clone() };
            out.push(mk(StmtKind::Atomic { dir, kind: *kind, body: body.clone() }));
        }
        _ => out.push(one_plain(s, ctx, diags)),
    }
}

/// Reports the data-sharing clauses of a construct that runs inline inside `target`
/// (`single`, `master`, `task`, ...): its body runs in the enclosing context, with no
/// private copies.
fn inline_clauses(dir: &ast::Directive, diags: &mut Vec<Diagnostic>) {
    for c in &dir.clauses {
        if matches!(
            c.kind,
            ClauseKind::Private(_)
                | ClauseKind::Firstprivate(_)
                | ClauseKind::Lastprivate(_)
                | ClauseKind::Reduction(..)
                | ClauseKind::InReduction(..)
                | ClauseKind::TaskReduction(..)
                | ClauseKind::Copyprivate(_)
        ) {
            diags.push(Diagnostic::not_yet(
                format!("the `{}` clause on `{}` inside a `target` region", clause_word(&c.kind), dir.kind.name()),
                c.span,
            ));
        }
    }
}

/// The name of a data-sharing clause, for messages.
fn clause_word(k: &ClauseKind) -> &'static str {
    match k {
        ClauseKind::Private(_) => "private",
        ClauseKind::Firstprivate(_) => "firstprivate",
        ClauseKind::Lastprivate(_) => "lastprivate",
        ClauseKind::Reduction(..) => "reduction",
        ClauseKind::InReduction(..) => "in_reduction",
        ClauseKind::TaskReduction(..) => "task_reduction",
        ClauseKind::Copyprivate(_) => "copyprivate",
        _ => "this",
    }
}

/// A host `taskloop` (alone or combined, see the module doc): the loop as one task in a
/// `taskgroup`, inside `master`/`masked` and `parallel master`/`parallel masked` for the
/// combined forms; `simd` runs the task's loop as it is.
fn host_taskloop(form: &str, dir: &ast::Directive, do_stmt: ast::Stmt, diags: &mut Vec<Diagnostic>) -> ast::Stmt {
    let span = dir.span;
    let block = |kind: OmpKind, clauses: Vec<ast::Clause>, body: Vec<ast::Stmt>| ast::Stmt {
        kind: StmtKind::Construct { dir: ast::Directive { kind: DirKind::Omp(kind), clauses, span }, body, end_span: span },
        span,
    };
    let parallel = form.starts_with("parallel");
    let mut task = Vec::new();
    let mut team = Vec::new();
    let mut filter = Vec::new();
    for c in &dir.clauses {
        match &c.kind {
            ClauseKind::Private(_) => task.push(c.clone()),
            ClauseKind::Firstprivate(_) => {
                task.push(c.clone());
                if parallel {
                    team.push(c.clone());
                }
            }
            ClauseKind::Shared(_) => {
                task.push(c.clone());
                if parallel {
                    team.push(c.clone());
                }
            }
            ClauseKind::If(_) | ClauseKind::IfFor(..) if !parallel => task.push(c.clone()),
            ClauseKind::Filter(_) => filter.push(c.clone()),
            ClauseKind::Lastprivate(_) => diags.push(Diagnostic::not_yet("the `lastprivate` clause on `taskloop`", c.span)),
            // One task runs every iteration: its reduction is the taskloop's.
            ClauseKind::Reduction(..) => task.push(c.clone()),
            ClauseKind::InReduction(op, l) => task.push(ast::Clause { kind: ClauseKind::Reduction(*op, l.clone()), span: c.span }),
            // `collapse` and the `simd` clauses: the task runs the whole nest in order.
            ClauseKind::Collapse(_) | ClauseKind::Safelen(_) | ClauseKind::Simdlen(_) => {}
            _ if parallel => team.push(c.clone()),
            _ => {}
        }
    }
    let tasked = block(OmpKind::Task, task, vec![do_stmt]);
    let grouped = block(OmpKind::Taskgroup, Vec::new(), vec![tasked]);
    match (parallel, form.contains("master"), form.contains("masked")) {
        (true, true, _) => block(OmpKind::ParallelMaster, team, vec![grouped]),
        (true, _, true) => {
            team.extend(filter);
            block(OmpKind::ParallelMasked, team, vec![grouped])
        }
        (false, true, _) => block(OmpKind::Master, Vec::new(), vec![grouped]),
        (false, _, true) => block(OmpKind::Masked, filter, vec![grouped]),
        _ => grouped,
    }
}

/// A host `teams` construct or `distribute` loop as the host construct of `leaves` (see the
/// module doc): without the clauses one team makes moot, and with `num_threads(1)` where
/// it stands for the team itself.
fn host_teams_dir(dir: &ast::Directive, leaves: OmpLeaves, one_thread: bool) -> ast::Directive {
    let mut clauses: Vec<ast::Clause> = dir
        .clauses
        .iter()
        .filter(|c| {
            let moot = matches!(c.kind, ClauseKind::NumTeams(_) | ClauseKind::ThreadLimit(_) | ClauseKind::DistSchedule(_));
            let sized = matches!(c.kind, ClauseKind::NumThreads(_) | ClauseKind::If(_) | ClauseKind::IfFor(..));
            !(moot || one_thread && sized)
        })
        .cloned()
        .collect();
    if one_thread {
        let one = ast::Expr { kind: ast::ExprKind::Int(1, 4), span: dir.span, ty: gpuf_frontend::ast::Ty::Scalar(ast::BaseTy::Integer(4)) };
        clauses.push(ast::Clause { kind: ClauseKind::NumThreads(one), span: dir.span });
    }
    ast::Directive { kind: DirKind::Omp(OmpKind::Leaves(leaves)), clauses, span: dir.span }
}

/// A statement that rewrites to exactly one (a loop's `do`, or a statement with bodies).
fn one(s: &ast::Stmt, ctx: Ctx, diags: &mut Vec<Diagnostic>) -> ast::Stmt {
    let mut v = Vec::new();
    stmt(s, ctx, diags, &mut v);
    match v.len() {
        1 => v.pop().unwrap_or_else(|| s.clone()),
        _ => ast::Stmt { kind: StmtKind::Block { name: None, decls: Vec::new(), body: v }, span: s.span },
    }
}

/// A statement that is not a directive, with its bodies rewritten.
fn one_plain(s: &ast::Stmt, ctx: Ctx, diags: &mut Vec<Diagnostic>) -> ast::Stmt {
    let mut s = s.clone();
    match &mut s.kind {
        StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => {
            *body = stmts(body, ctx, diags);
        }
        StmtKind::If { arms, else_body, .. } => {
            for (_, b) in arms.iter_mut() {
                *b = stmts(b, ctx, diags);
            }
            if let Some(b) = else_body {
                *b = stmts(b, ctx, diags);
            }
        }
        StmtKind::SelectCase { cases, .. } => {
            for c in cases.iter_mut() {
                c.body = stmts(&c.body, ctx, diags);
            }
        }
        StmtKind::SelectType { guards, .. } => {
            for c in guards.iter_mut() {
                c.body = stmts(&c.body, ctx, diags);
            }
        }
        _ => {}
    }
    s
}

/// `target` whose body is exactly one `teams` or `parallel` construct (block or loop) is
/// that combined construct: one directive with both leaves and both clause lists.
fn merge_target(dir: &ast::Directive, body: &[ast::Stmt]) -> (ast::Directive, Vec<ast::Stmt>) {
    if dir.kind == DirKind::Omp(OmpKind::Leaves(OmpLeaves::TARGET)) {
        if let [inner] = body {
            match &inner.kind {
                StmtKind::Construct { dir: d, body: b, .. } => {
                    if let Some(OmpKind::Leaves(l)) = d.kind.omp() {
                        if l.has(OmpLeaves::TEAMS) || l.has(OmpLeaves::PARALLEL) {
                            let mut m = dir.clone();
                            m.kind = DirKind::Omp(OmpKind::Leaves(l.with(OmpLeaves::TARGET)));
                            m.clauses.extend(d.clauses.iter().cloned());
                            return (m, b.clone());
                        }
                    }
                }
                StmtKind::LoopConstruct { dir: d, .. } => {
                    if let Some(OmpKind::Leaves(l)) = d.kind.omp() {
                        if l.has(OmpLeaves::TEAMS) || l.has(OmpLeaves::PARALLEL) {
                            // The region takes the teams' size; the loop keeps its clauses.
                            let mut m = dir.clone();
                            let hoisted = [OmpLeaves::TEAMS, OmpLeaves::PARALLEL]
                                .into_iter()
                                .filter(|x| l.has(*x))
                                .fold(OmpLeaves(0), |a, x| a.with(x));
                            m.kind = DirKind::Omp(OmpKind::Leaves(hoisted.with(OmpLeaves::TARGET)));
                            m.clauses.extend(
                                d.clauses
                                    .iter()
                                    .filter(|c| {
                                        matches!(c.kind, ClauseKind::NumTeams(_) | ClauseKind::ThreadLimit(_) | ClauseKind::NumThreads(_))
                                    })
                                    .cloned(),
                            );
                            return (m, body.to_vec());
                        }
                    }
                }
                _ => {}
            }
        }
    }
    (dir.clone(), body.to_vec())
}

/// Whether the statements contain an OpenMP loop construct with `simd`: inside a target
/// region, the OpenMP threads of the enclosing loops are then warps (seed 004).
fn has_simd(ss: &[ast::Stmt]) -> bool {
    ss.iter().any(|s| match &s.kind {
        StmtKind::LoopConstruct { dir, .. } if dir.kind.omp().is_some_and(|k| k.leaves().has(OmpLeaves::SIMD)) => true,
        _ => children(s).iter().any(|b| has_simd(b)),
    })
}

/// Whether the statements contain an OpenMP `parallel` (construct or loop).
fn has_parallel(ss: &[ast::Stmt]) -> bool {
    ss.iter().any(|s| match &s.kind {
        StmtKind::Construct { dir, .. } | StmtKind::LoopConstruct { dir, .. }
            if dir.kind.omp().is_some_and(|k| k.leaves().has(OmpLeaves::PARALLEL) || k.leaves().has(OmpLeaves::LOOP)) =>
        {
            true
        }
        _ => children(s).iter().any(|b| has_parallel(b)),
    })
}

/// A target region: `leaves` is set for a combined loop construct (the loop is `body`).
fn target_region(
    dir: &ast::Directive,
    body: &[ast::Stmt],
    loop_leaves: Option<OmpLeaves>,
    end_span: gpuf_frontend::Span,
    span: gpuf_frontend::Span,
    diags: &mut Vec<Diagnostic>,
) -> ast::Stmt {
    let l = dir.kind.omp().map(|k| k.leaves()).unwrap_or(OmpLeaves(0));
    // `teams workdistribute`: one team (the implementation's choice of their number) runs
    // the array statements, on one thread.
    let teams = l.has(OmpLeaves::TEAMS) && !l.has(OmpLeaves::WORKDISTRIBUTE);
    let parallel = l.has(OmpLeaves::PARALLEL) || (!teams && loop_leaves.is_none() && has_parallel(body));
    // `target simd`, or a `target` whose body has `simd` loops but no `teams` or
    // `parallel`: one thread, which is a warp whose lanes run the `simd` loops.
    let simd_only =
        (loop_leaves.is_some_and(|x| x.has(OmpLeaves::SIMD)) || (loop_leaves.is_none() && has_simd(body))) && !teams && !parallel;
    let mut region: Vec<ClauseKind> = Vec::new();
    let mut loop_cl: Vec<ClauseKind> = Vec::new();
    for c in &dir.clauses {
        match &c.kind {
            ClauseKind::Map(..) | ClauseKind::MapAlways(..) | ClauseKind::Present(_) => {
                region.extend(data_clauses(std::slice::from_ref(c)))
            }
            ClauseKind::If(_) => region.push(c.kind.clone()),
            ClauseKind::IfFor(m, e) if m == "target" => region.push(ClauseKind::If(e.clone())),
            ClauseKind::DeviceExpr(_) => region.push(c.kind.clone()),
            // `if(parallel:)`: a team of one thread when false (gimplify's `omp_team_size`);
            // `if(teams:)`, `if(simd:)`: one team or no vectorisation, which cannot change a
            // result, so the region keeps its shape.
            ClauseKind::IfFor(m, _) if m == "parallel" && parallel => region.push(c.kind.clone()),
            ClauseKind::IfFor(..) => {}
            ClauseKind::Firstprivate(_) => region.push(c.kind.clone()),
            // Addresses that are device addresses already: not mapped.
            ClauseKind::HasDeviceAddr(l) | ClauseKind::IsDevicePtr(l) => region.push(ClauseKind::Deviceptr(l.clone())),
            // The target task's part in a task reduction: it runs when met, so its result
            // reaches the original through a `tofrom` map (the operators are associative).
            ClauseKind::InReduction(_, l) => region.push(ClauseKind::Copy(l.clone())),
            ClauseKind::NumTeams(e) if teams => region.push(ClauseKind::NumGangs(e.clone())),
            ClauseKind::ThreadLimit(e) | ClauseKind::NumThreads(e) if teams || parallel => {
                // The launch's vector length, and the team size the region's worksharing
                // loops and thread queries keep to (gimplify's `omp_team_size`).
                region.push(ClauseKind::VectorLength(e.clone()));
                region.push(c.kind.clone());
            }
            ClauseKind::Unsupported(_) => region.push(c.kind.clone()),
            ClauseKind::Defaultmap(..) => {}
            // On a combined loop construct the loop takes `private` and `reduction`; on a
            // region they are the region's.
            ClauseKind::Private(_) | ClauseKind::Reduction(..) if loop_leaves.is_none() => region.push(c.kind.clone()),
            _ => loop_cl.push(c.kind.clone()),
        }
    }
    if loop_leaves.is_none() {
        // Scalars reduced by loops inside the region but not mapped are firstprivate in
        // OpenMP: the region's result is not seen by the host.
        let mapped: Vec<String> = dir.clauses.iter().flat_map(|c| clause_names(&c.kind)).collect();
        let mut fp = Vec::new();
        nested_reductions(body, &mut fp);
        fp.retain(|e| names_of(e).is_some_and(|n| !mapped.contains(&n)));
        if !fp.is_empty() {
            region.push(ClauseKind::Firstprivate(fp));
        }
    }
    region.extend(defaultmap(dir, body));
    if loop_leaves.is_some() {
        // A `lastprivate` or `linear` item of a combined target construct is also mapped
        // `tofrom` (unless a map clause says otherwise).
        let mapped: Vec<String> = dir
            .clauses
            .iter()
            .filter(|c| matches!(c.kind, ClauseKind::Map(..) | ClauseKind::MapAlways(..) | ClauseKind::Present(_)))
            .flat_map(|c| clause_names(&c.kind))
            .collect();
        let lp: Vec<ast::Expr> = dir
            .clauses
            .iter()
            .filter_map(|c| match &c.kind {
                ClauseKind::Lastprivate(l) | ClauseKind::Linear(l, _) => Some(l),
                _ => None,
            })
            .flatten()
            .filter(|e| names_of(e).is_some_and(|n| !mapped.contains(&n)))
            .cloned()
            .collect();
        if !lp.is_empty() {
            region.push(ClauseKind::Copy(lp));
        }
    }
    if let Some(k) = default_private(dir, body) {
        // Firstprivate copies belong to the region (one per team); private ones to the
        // loop of a combined loop construct.
        match k {
            ClauseKind::Private(_) if loop_leaves.is_some() => loop_cl.push(k),
            k => region.push(k),
        }
    }
    let kind = if teams || parallel || simd_only {
        if !teams {
            region.push(ClauseKind::NumGangs(int_lit(1, dir.span)));
        }
        if loop_leaves.is_some() {
            AccKind::ParallelLoop
        } else {
            AccKind::Parallel
        }
    } else if loop_leaves.is_some() {
        AccKind::SerialLoop
    } else {
        AccKind::Serial
    };
    let ctx = Ctx { target: true, teams, parallel: l.has(OmpLeaves::PARALLEL), host_teams: false, simd: false };
    region_stmt(dir, body, loop_leaves, loop_cl, region, kind, ctx, end_span, span, diags)
}

/// A rewritten target region with `map(always, ...)` items: inside a data region that maps
/// them, after an `update device` and before an `update self` of them (the region finds
/// them present).
fn with_always(dir: &ast::Directive, region: ast::Stmt, span: gpuf_frontend::Span) -> ast::Stmt {
    let (to, from) = always_items(&dir.clauses);
    if to.is_empty() && from.is_empty() {
        return region;
    }
    let maps: Vec<ast::Clause> = dir.clauses.iter().filter(|c| matches!(c.kind, ClauseKind::MapAlways(..))).cloned().collect();
    let mut cs = data_clauses(&maps);
    cs.extend(cond_clauses(&dir.clauses));
    let mut body: Vec<ast::Stmt> = always_update(dir, true, to, span).into_iter().collect();
    body.push(region);
    body.extend(always_update(dir, false, from, span));
    ast::Stmt { kind: StmtKind::Construct { dir: acc(AccKind::Data, cs, dir), body, end_span: span }, span }
}

/// The rewritten target region: its directive with the region's clauses `region` (and the
/// loop's `loop_cl` on a combined loop construct) and the body.
#[allow(clippy::too_many_arguments)]
fn region_stmt(
    dir: &ast::Directive,
    body: &[ast::Stmt],
    loop_leaves: Option<OmpLeaves>,
    loop_cl: Vec<ClauseKind>,
    mut region: Vec<ClauseKind>,
    kind: AccKind,
    ctx: Ctx,
    end_span: gpuf_frontend::Span,
    span: gpuf_frontend::Span,
    diags: &mut Vec<Diagnostic>,
) -> ast::Stmt {
    match loop_leaves {
        Some(ll) => {
            let loop_dir = ast::Directive {
                kind: dir.kind,
                clauses: loop_cl.into_iter().map(|kind| ast::Clause { kind, span: dir.span }).collect(),
                span: dir.span,
            };
            let mut cs = level_clauses(ll, ctx, &loop_dir.clauses, has_simd(body));
            cs.extend(loop_clauses(&loop_dir.clauses, diags));
            region.extend(cs);
            let inner = Ctx { parallel: ctx.parallel || ll.has(OmpLeaves::PARALLEL), simd: ctx.simd || ll.has(OmpLeaves::SIMD), ..ctx };
            let do_stmt = body.first().map(|s| one(s, inner, diags));
            let d = acc(kind, region, dir);
            match do_stmt {
                Some(d_s) => ast::Stmt { kind: StmtKind::LoopConstruct { dir: d, do_stmt: Box::new(d_s) }, span },
                None => ast::Stmt { kind: StmtKind::Continue, span },
            }
        }
        None => {
            let d = acc(kind, region, dir);
            ast::Stmt { kind: StmtKind::Construct { dir: d, body: stmts(body, ctx, diags), end_span }, span }
        }
    }
}

/// `default(firstprivate)` / `default(private)` (of the `teams` or `parallel` of a combined
/// target construct) as an explicit `firstprivate` / `private` clause listing the variables
/// the region references without a clause (DO variables are private already).
fn default_private(dir: &ast::Directive, body: &[ast::Stmt]) -> Option<ClauseKind> {
    let d = dir.clauses.iter().find_map(|c| match &c.kind {
        ClauseKind::OmpDefault(d) if d == "firstprivate" || d == "private" => Some(d.as_str()),
        _ => None,
    })?;
    let mut skip: Vec<String> = dir.clauses.iter().flat_map(|c| clause_names(&c.kind)).collect();
    let mut refs: Vec<(String, ast::Expr)> = Vec::new();
    body_refs(body, &mut refs, &mut skip);
    let list: Vec<ast::Expr> = refs.into_iter().filter(|(n, _)| !skip.contains(n)).map(|(_, e)| e).collect();
    if list.is_empty() {
        return None;
    }
    Some(if d == "firstprivate" { ClauseKind::Firstprivate(list) } else { ClauseKind::Private(list) })
}

/// `defaultmap(behavior[:category])` as explicit data clauses for the variables the region
/// references without a clause: scalars (rank 0, not derived) and aggregates (arrays and
/// derived-type scalars; `allocatable` arrays count as aggregates too; `firstprivate` ones
/// become per-team copies). `none` and `default` keep the implicit rules (a program valid
/// under `none` lists everything); `pointer` maps nothing.
fn defaultmap(dir: &ast::Directive, body: &[ast::Stmt]) -> Vec<ClauseKind> {
    let mut rules: Vec<(&str, &str)> = Vec::new();
    for c in &dir.clauses {
        if let ClauseKind::Defaultmap(b, cat) = &c.kind {
            match cat.as_deref() {
                Some(k) => rules.push((b.as_str(), k)),
                None => rules.extend(["scalar", "aggregate", "allocatable"].map(|k| (b.as_str(), k))),
            }
        }
    }
    // (`firstprivate` scalars are the default already; aggregates get per-team copies.)
    rules.retain(|(b, k)| !(["none", "default"].contains(b) || (*b == "firstprivate" && *k == "scalar")));
    if rules.is_empty() {
        return Vec::new();
    }
    // Names with a clause of the directive or of a construct inside, and DO variables.
    let mut skip: Vec<String> = dir.clauses.iter().flat_map(|c| clause_names(&c.kind)).collect();
    let mut refs: Vec<(String, ast::Expr)> = Vec::new();
    body_refs(body, &mut refs, &mut skip);
    let mut out = Vec::new();
    for (b, cat) in rules {
        let list: Vec<ast::Expr> = refs
            .iter()
            .filter(|(n, e)| {
                let scalar = e.ty.rank() == 0 && !matches!(e.ty.base(), Some(ast::BaseTy::Derived(_)));
                !skip.contains(n) && if cat == "scalar" { scalar } else { cat != "pointer" && !scalar }
            })
            .map(|(_, e)| e.clone())
            .collect();
        if list.is_empty() {
            continue;
        }
        out.push(match b {
            "to" => ClauseKind::Copyin(list),
            "from" => ClauseKind::Copyout(list),
            "alloc" => ClauseKind::Create(list),
            "present" => ClauseKind::Present(list),
            "firstprivate" => ClauseKind::Firstprivate(list),
            _ => ClauseKind::Copy(list),
        });
    }
    out
}

/// The variables the statements reference (each once, as a whole-variable name expression
/// with its type); names in clauses of nested constructs and DO variables go into `skip`.
pub(super) fn body_refs(ss: &[ast::Stmt], out: &mut Vec<(String, ast::Expr)>, skip: &mut Vec<String>) {
    use ast::ExprKind as E;
    fn expr(e: &ast::Expr, out: &mut Vec<(String, ast::Expr)>) {
        let mut add = |id: &ast::Ident, ty: ast::Ty| {
            if !out.iter().any(|(n, _)| *n == id.name) {
                let whole = ast::Expr { kind: E::Name(id.clone()), span: id.span, ty };
                out.push((id.name.clone(), whole));
            }
        };
        match &e.kind {
            E::Name(id) => add(id, e.ty),
            E::ArrayRef { name, subs } => {
                let base = e.ty.base().unwrap_or(ast::BaseTy::Integer(4));
                add(name, ast::Ty::Array(base, subs.len().max(1) as u8));
                args(subs, out);
            }
            E::Call { args: a, .. } | E::Apply { args: a, .. } => args(a, out),
            E::Intrinsic { args: a, .. } => a.iter().for_each(|x| expr(x, out)),
            E::Unary(_, x) | E::Paren(x) => expr(x, out),
            E::Binary(_, x, y) | E::Complex(x, y) => {
                expr(x, out);
                expr(y, out);
            }
            E::Component(c) => {
                expr(&c.base, out);
                args(&c.subs, out);
            }
            E::StructCtor { args: a, .. } => a.iter().flatten().for_each(|x| expr(x, out)),
            _ => {}
        }
    }
    fn args(a: &[ast::Arg], out: &mut Vec<(String, ast::Expr)>) {
        for x in a {
            match x {
                ast::Arg::Index(x) | ast::Arg::Keyword(_, x) => expr(x, out),
                ast::Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].into_iter().flatten().for_each(|x| expr(x, out)),
            }
        }
    }
    for s in ss {
        match &s.kind {
            StmtKind::Assign { lhs, rhs } => {
                expr(lhs, out);
                expr(rhs, out);
            }
            StmtKind::If { arms, .. } => arms.iter().for_each(|(c, _)| expr(c, out)),
            StmtKind::SelectCase { selector, .. } | StmtKind::SelectType { selector, .. } => expr(selector, out),
            StmtKind::Do { var, start, end, step, .. } => {
                skip.push(var.name.clone());
                [Some(start), Some(end), step.as_ref()].into_iter().flatten().for_each(|x| expr(x, out));
            }
            StmtKind::DoWhile { cond, .. } => expr(cond, out),
            StmtKind::Call { args: a, .. } => args(a, out),
            StmtKind::Print { items, .. } | StmtKind::Write { items, .. } => items.iter().for_each(|x| expr(x, out)),
            StmtKind::Construct { dir, .. } | StmtKind::LoopConstruct { dir, .. } => {
                skip.extend(dir.clauses.iter().flat_map(|c| clause_names(&c.kind)));
            }
            _ => {}
        }
        for b in children(s) {
            body_refs(b, out, skip);
        }
    }
}

/// The names in a clause's variable list.
fn clause_names(k: &ClauseKind) -> Vec<String> {
    match k {
        ClauseKind::Map(_, l)
        | ClauseKind::MapAlways(_, l)
        | ClauseKind::Present(l)
        | ClauseKind::Private(l)
        | ClauseKind::Firstprivate(l)
        | ClauseKind::Lastprivate(l)
        | ClauseKind::Shared(l)
        | ClauseKind::Reduction(_, l) => l.iter().filter_map(names_of).collect(),
        _ => Vec::new(),
    }
}

fn names_of(e: &ast::Expr) -> Option<String> {
    match &e.kind {
        ast::ExprKind::Name(i) => Some(i.name.clone()),
        ast::ExprKind::ArrayRef { name, .. } | ast::ExprKind::Apply { name, .. } => Some(name.name.clone()),
        _ => None,
    }
}

/// The scalar items of the `reduction` clauses of OpenMP loops in the statements (once each).
fn nested_reductions(ss: &[ast::Stmt], out: &mut Vec<ast::Expr>) {
    for s in ss {
        if let StmtKind::LoopConstruct { dir, .. } | StmtKind::Construct { dir, .. } = &s.kind {
            for c in &dir.clauses {
                if let ClauseKind::Reduction(_, l) = &c.kind {
                    for e in l {
                        if matches!(e.kind, ast::ExprKind::Name(_)) && e.ty.rank() == 0 && !out.iter().any(|o| names_of(o) == names_of(e)) {
                            out.push(e.clone());
                        }
                    }
                }
            }
        }
        for b in children(s) {
            nested_reductions(b, out);
        }
    }
}

fn int_lit(v: i64, span: gpuf_frontend::Span) -> ast::Expr {
    ast::Expr { kind: ast::ExprKind::Int(v, 4), span, ty: ast::Ty::Scalar(ast::BaseTy::Integer(4)) }
}

/// The parallelism levels of an OpenMP loop construct (see the module doc); `simd_inside`:
/// its body has `simd` loops, whose lanes are the vector level.
fn level_clauses(l: OmpLeaves, ctx: Ctx, clauses: &[ast::Clause], simd_inside: bool) -> Vec<ClauseKind> {
    let in_parallel = ctx.parallel || l.has(OmpLeaves::PARALLEL);
    let in_teams = ctx.teams || l.has(OmpLeaves::TEAMS);
    let lp = l.has(OmpLeaves::LOOP);
    // `loop bind(thread)`: each thread runs the whole loop; `bind(parallel)`: the threads
    // of the team share it; `bind(teams)` (and no binding) as the nesting says.
    let bind = clauses.iter().find_map(|c| if let ClauseKind::Bind(b) = &c.kind { Some(b.as_str()) } else { None });
    if lp && bind == Some("thread") {
        return vec![ClauseKind::Seq];
    }
    let gang = l.has(OmpLeaves::DISTRIBUTE) || (lp && in_teams && !in_parallel && bind != Some("parallel"));
    let worker = (in_parallel || (lp && bind == Some("parallel"))) && (l.has(OmpLeaves::DO) || lp);
    // A `simd` loop runs on the lanes of a warp (seed 004's SIMT lowering, with its
    // `safelen`); a worksharing loop over the threads of the team takes every lane too
    // unless the nest has `simd` loops (then its threads are warps).
    let simd = l.has(OmpLeaves::SIMD);
    let vector = simd || (worker && !simd_inside) || (lp && in_teams && !simd_inside);
    let mut out = Vec::new();
    // `dist_schedule(static, k)`: chunks of `k` iterations dealt to the teams in turn, as
    // OpenACC's `gang(static: k)` deals them to the gangs.
    let chunk = clauses.iter().find_map(|c| match &c.kind {
        ClauseKind::DistSchedule(Some(k)) if l.has(OmpLeaves::DISTRIBUTE) => Some(k.clone()),
        _ => None,
    });
    match chunk {
        Some(k) if gang => out.push(ClauseKind::GangStatic(Some(k))),
        _ if gang => out.push(ClauseKind::Gang(None)),
        _ => {}
    }
    if worker {
        out.push(ClauseKind::Worker(None));
    }
    if vector {
        out.push(ClauseKind::Vector(None));
    }
    if simd {
        let safelen = clauses.iter().find_map(|c| if let ClauseKind::Safelen(e) = &c.kind { Some(e.clone()) } else { None });
        // `if(simd: c)`, or `if(c)` on a construct whose only leaf that takes it is `simd`.
        let lone = !l.has(OmpLeaves::TARGET) && !l.has(OmpLeaves::PARALLEL);
        let cond = clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::IfFor(m, e) if m == "simd" => Some(e.clone()),
            ClauseKind::If(e) if lone => Some(e.clone()),
            _ => None,
        });
        let simdlen = clauses.iter().find_map(|c| if let ClauseKind::Simdlen(e) = &c.kind { Some(e.clone()) } else { None });
        out.push(ClauseKind::OmpSimd(safelen, cond, simdlen));
    }
    if out.is_empty() {
        out.push(ClauseKind::Seq);
    }
    out
}

/// The clauses an OpenMP loop construct keeps: `private`, `reduction`, `collapse` (and
/// clauses not supported yet, which gimplify reports).
fn loop_clauses(cs: &[ast::Clause], diags: &mut Vec<Diagnostic>) -> Vec<ClauseKind> {
    let mut out = Vec::new();
    for c in cs {
        match &c.kind {
            ClauseKind::Private(_)
            | ClauseKind::Lastprivate(_)
            | ClauseKind::Reduction(..)
            | ClauseKind::Collapse(_)
            | ClauseKind::Linear(..)
            | ClauseKind::Unsupported(_) => out.push(c.kind.clone()),
            ClauseKind::Firstprivate(_) => {
                diags.push(Diagnostic::not_yet("`firstprivate` on an OpenMP loop construct inside `target`", c.span))
            }
            _ => {}
        }
    }
    out
}

/// The items of `map(always, ...)` clauses copied to the device on entry (`to`, `tofrom`)
/// and back on exit (`from`, `tofrom`).
fn always_items(cs: &[ast::Clause]) -> (Vec<ast::Expr>, Vec<ast::Expr>) {
    let (mut to, mut from) = (Vec::new(), Vec::new());
    for c in cs {
        if let ClauseKind::MapAlways(t, l) = &c.kind {
            if matches!(t, MapType::To | MapType::Tofrom | MapType::Default) {
                to.extend(l.iter().cloned());
            }
            if matches!(t, MapType::From | MapType::Tofrom | MapType::Default) {
                from.extend(l.iter().cloned());
            }
        }
    }
    (to, from)
}

/// The `if` and `device` clauses of a data directive, for the directives it becomes.
fn cond_clauses(cs: &[ast::Clause]) -> Vec<ClauseKind> {
    data_clauses(cs).into_iter().filter(|k| matches!(k, ClauseKind::If(_) | ClauseKind::DeviceExpr(_))).collect()
}

/// `always`: an `update device(list)` (`to_device`) or `update self(list)` of the data the
/// construct has mapped (so present: none when `list` is empty), under the directive's `if`
/// and `device` clauses.
fn always_update(dir: &ast::Directive, to_device: bool, list: Vec<ast::Expr>, span: gpuf_frontend::Span) -> Option<ast::Stmt> {
    if list.is_empty() {
        return None;
    }
    let mut cs = vec![if to_device { ClauseKind::Device(list) } else { ClauseKind::SelfHost(list) }];
    cs.extend(cond_clauses(&dir.clauses));
    Some(ast::Stmt { kind: StmtKind::Standalone(acc(AccKind::Update, cs, dir)), span })
}

/// The data clauses of `map` clauses (and `if`) on `target data` and `target enter/exit
/// data`.
fn data_clauses(cs: &[ast::Clause]) -> Vec<ClauseKind> {
    cs.iter()
        .filter_map(|c| match &c.kind {
            ClauseKind::Map(t, l) | ClauseKind::MapAlways(t, l) | ClauseKind::MapPresent(t, l) => Some(match t {
                MapType::To => ClauseKind::Copyin(l.clone()),
                MapType::From => ClauseKind::Copyout(l.clone()),
                MapType::Tofrom | MapType::Default => ClauseKind::Copy(l.clone()),
                MapType::Alloc => ClauseKind::Create(l.clone()),
                MapType::Release | MapType::Delete => ClauseKind::Delete(l.clone()),
            }),
            // `map(present, ...)`
            ClauseKind::Present(_) => Some(c.kind.clone()),
            ClauseKind::If(e) => Some(ClauseKind::If(e.clone())),
            ClauseKind::IfFor(m, e) if m.starts_with("target") => Some(ClauseKind::If(e.clone())),
            ClauseKind::DeviceExpr(_) => Some(c.kind.clone()),
            _ => None,
        })
        .collect()
}
