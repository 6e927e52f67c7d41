//! OpenACC clauses: which clause may appear on which directive, and the checks of each
//! clause's arguments.

use super::*;

/// The clause's name as the user knows it.
pub(crate) fn clause_name(k: &ClauseKind) -> &str {
    match k {
        ClauseKind::Gang(_) | ClauseKind::GangStatic(_) | ClauseKind::GangDim(_) => "gang",
        ClauseKind::Worker(_) => "worker",
        ClauseKind::Vector(_) => "vector",
        ClauseKind::Seq => "seq",
        ClauseKind::NoHost => "nohost",
        ClauseKind::RoutineBind(_) => "bind",
        ClauseKind::Auto => "auto",
        ClauseKind::Independent => "independent",
        ClauseKind::Collapse(_) => "collapse",
        ClauseKind::Tile(_) => "tile",
        ClauseKind::NumGangs(_) | ClauseKind::NumGangsDims(_) => "num_gangs",
        ClauseKind::NumWorkers(_) => "num_workers",
        ClauseKind::VectorLength(_) => "vector_length",
        ClauseKind::Reduction(..) => "reduction",
        ClauseKind::Copy(_) => "copy",
        ClauseKind::Copyin(_) => "copyin",
        ClauseKind::Copyout(_) => "copyout",
        ClauseKind::Create(_) => "create",
        ClauseKind::Delete(_) => "delete",
        ClauseKind::Present(_) | ClauseKind::MapPresent(..) => "present",
        ClauseKind::NoCreate(_) => "no_create",
        ClauseKind::Attach(_) => "attach",
        ClauseKind::Detach(_) => "detach",
        ClauseKind::Deviceptr(_) => "deviceptr",
        ClauseKind::IsDevicePtr(_) => "is_device_ptr",
        ClauseKind::UseDevice(_) => "use_device",
        ClauseKind::UseDevicePtr(_) => "use_device_ptr",
        ClauseKind::UseDeviceAddr(_) => "use_device_addr",
        ClauseKind::HasDeviceAddr(_) => "has_device_addr",
        ClauseKind::DeviceResident(_) => "device_resident",
        ClauseKind::Link(_) => "link",
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
        ClauseKind::Async(_) => "async",
        ClauseKind::Wait(_) => "wait",
        ClauseKind::DeviceType(_) => "device_type",
        ClauseKind::Map(..) | ClauseKind::MapAlways(..) | ClauseKind::MapMapper(..) => "map",
        ClauseKind::To(_) | ClauseKind::ToPresent(_) => "to",
        ClauseKind::From(_) | ClauseKind::FromPresent(_) => "from",
        ClauseKind::NumTeams(_) => "num_teams",
        ClauseKind::ThreadLimit(_) => "thread_limit",
        ClauseKind::NumThreads(_) => "num_threads",
        ClauseKind::DeviceExpr(_) => "device",
        ClauseKind::Schedule(..) => "schedule",
        ClauseKind::DistSchedule(_) => "dist_schedule",
        ClauseKind::Simdlen(_) => "simdlen",
        ClauseKind::Safelen(_) => "safelen",
        ClauseKind::OmpSimd(..) => "simd",
        ClauseKind::Linear(..) => "linear",
        ClauseKind::Aligned(..) => "aligned",
        ClauseKind::Nowait => "nowait",
        ClauseKind::Shared(_) => "shared",
        ClauseKind::Lastprivate(_) => "lastprivate",
        ClauseKind::Copyprivate(_) => "copyprivate",
        ClauseKind::OmpDefault(_) => "default",
        ClauseKind::Defaultmap(..) => "defaultmap",
        ClauseKind::Depend => "depend",
        ClauseKind::InReduction(..) => "in_reduction",
        ClauseKind::TaskReduction(..) => "task_reduction",
        ClauseKind::Ignored(n) => n,
        ClauseKind::CriticalName(_) => "name",
        ClauseKind::OmpOrdered => "ordered",
        ClauseKind::Filter(_) => "filter",
        ClauseKind::Allocate(..) => "allocate",
        ClauseKind::IfFor(..) => "if",
        ClauseKind::Bind(_) => "bind",
        ClauseKind::ProcBind(_) => "proc_bind",
        ClauseKind::Unsupported(s) => s.split('(').next().unwrap_or(s),
    }
}

pub(in crate::sema) const COMPUTE_DATA: &[&str] = &[
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

pub(in crate::sema) const LOOP_CLAUSES: &[&str] =
    &["collapse", "gang", "worker", "vector", "seq", "independent", "auto", "tile", "device_type", "dtype", "private", "reduction"];

/// Whether `clause` may appear on `kind` (OpenACC 3.3).
pub(crate) fn clause_allowed(kind: AccKind, clause: &str) -> bool {
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
        // `wait` stands for the directive's argument list.
        AccKind::Wait => ["async", "if", "wait"].contains(&clause),
        AccKind::Init | AccKind::Shutdown => ["device_type", "dtype", "device_num", "if"].contains(&clause),
        AccKind::Set => ["device_type", "dtype", "device_num", "if", "default_async"].contains(&clause),
        AccKind::Routine => ["gang", "worker", "vector", "seq", "bind", "device_type", "dtype", "nohost"].contains(&clause),
        AccKind::Declare => ["copy", "copyin", "copyout", "create", "present", "deviceptr", "device_resident", "link"].contains(&clause),
        AccKind::Cache => false,
    }
}

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

/// `init`, `shutdown` and `set`: executable directives of the host that configure the device.
fn is_runtime(k: DirKind) -> bool {
    matches!(k, DirKind::Acc(AccKind::Init | AccKind::Shutdown | AccKind::Set))
}

/// Whether `clause` may appear on the directive `kind` (OpenACC's or OpenMP's table).
fn allowed(kind: DirKind, clause: &str) -> bool {
    match kind {
        DirKind::Acc(k) => clause_allowed(k, clause),
        DirKind::Omp(k) => super::omp::omp_clause_allowed(k, clause),
    }
}

/// Clauses that may appear once on a directive.
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
    "num_teams",
    "thread_limit",
    "num_threads",
    "simdlen",
    "safelen",
    "nowait",
    "schedule",
    "dist_schedule",
    "device",
];

/// What a directive's clauses say, gathered while they are checked.
pub(in crate::sema) struct Clauses {
    /// The clauses of [`ONCE`] seen so far (in the current group of device-specific ones).
    seen: Vec<(&'static str, Span)>,
    /// The `gang`, `worker` and `vector` clauses, in order.
    pub(in crate::sema) levels: Vec<(Par, Span)>,
    /// The index on the directive of the clause of each entry of `levels`.
    level_at: Vec<usize>,
    /// The indices of the `seq` clauses.
    seq_at: Vec<usize>,
    /// The clause being checked.
    cur: usize,
    /// With `device_type` groups: the indices of the clauses in effect on each device
    /// ([`AccDevice::ALL`] order).
    views: Option<Vec<Vec<usize>>>,
    /// How many loops a loop directive applies to (`collapse`, 1 without it or after an error).
    pub(in crate::sema) collapse: usize,
    /// The loop counts `collapse(n)` and `tile` (its number of sizes) ask for, with the
    /// clauses' spans: with both on one loop they must agree.
    nest_asked: [Option<(usize, Span)>; 2],
}

impl Clauses {
    fn new() -> Clauses {
        Clauses {
            seen: Vec::new(),
            levels: Vec::new(),
            level_at: Vec::new(),
            seq_at: Vec::new(),
            cur: 0,
            views: None,
            collapse: 1,
            nest_asked: [None, None],
        }
    }

    /// Whether the loop is sequential (`seq`, on every device where groups differ).
    pub(in crate::sema) fn seq(&self) -> bool {
        match &self.views {
            None => !self.seq_at.is_empty(),
            Some(vs) => vs.iter().all(|v| self.seq_at.iter().any(|i| v.contains(i))),
        }
    }

    /// Whether the directive has groups of device-specific clauses.
    pub(in crate::sema) fn has_groups(&self) -> bool {
        self.views.is_some()
    }

    /// The levels in effect on each device ([`AccDevice::ALL`] order; the same list four
    /// times without `device_type` groups).
    pub(in crate::sema) fn levels_per_device(&self) -> Vec<Vec<(Par, Span)>> {
        match &self.views {
            None => vec![self.levels.clone(); 4],
            Some(vs) => vs
                .iter()
                .map(|v| self.levels.iter().zip(&self.level_at).filter(|(_, i)| v.contains(i)).map(|(l, _)| *l).collect())
                .collect(),
        }
    }
}

impl Checker {
    /// Checks a directive's clauses: each must be allowed on the directive (see
    /// [`clause_allowed`]) and some may appear only once; each clause is then checked by
    /// [`Checker::clause`], whichever directive carries it. `assoc` is the loop a loop
    /// directive applies to. Clauses after a `device_type` clause must be of the kinds
    /// OpenACC allows there (E0346); each group of them is checked for repeats and
    /// conflicts on its own.
    pub(in crate::sema) fn directive(&mut self, dir: &mut Directive, assoc: Option<&Stmt>) -> Clauses {
        let kind = dir.kind;
        let mut cl = Clauses::new();
        if matches!(kind, DirKind::Acc(AccKind::Routine)) {
            self.err(Diagnostic::not_yet(format!("the `{}` directive", kind.name()), dir.span));
            return cl;
        }
        // `cache(list)`: a hint, accepted where OpenACC allows it (gimplify keeps it for
        // the loop-mapping report only).
        if matches!(kind, DirKind::Acc(AccKind::Cache)) {
            if !self.in_compute() && !self.in_routine() {
                self.err(
                    Diagnostic::error("E0316", "`cache` is allowed only inside a loop of a compute construct", dir.span)
                        .with_label("outside every compute construct"),
                );
            }
            return cl;
        }
        if is_runtime(kind) && self.in_compute() {
            self.err(
                Diagnostic::error("E0316", format!("`{}` is not allowed inside a compute construct", kind.name()), dir.span)
                    .with_label("an executable directive of the host"),
            );
        }
        let grouped = crate::device_type::groups_clauses(kind);
        let mut group: Option<Span> = None;
        let mut group_levels = 0;
        for (i, c) in dir.clauses.iter_mut().enumerate() {
            let cname = clause_name(&c.kind).to_string();
            if !allowed(kind, &cname) {
                self.err(
                    Diagnostic::error("E0316", format!("clause `{cname}` is not allowed on `{}`", kind.name()), c.span)
                        .with_label("not allowed here"),
                );
                continue;
            }
            if grouped {
                if let ClauseKind::DeviceType(names) = &c.kind {
                    self.device_type_names(names, c.span);
                    // The previous group's repeats and conflicts, then a new group.
                    self.exclusive_clauses(&cl, group_levels);
                    cl.seen.clear();
                    group_levels = cl.levels.len();
                    group = Some(c.span);
                    continue;
                }
                if let (Some(_), DirKind::Acc(k)) = (group, kind) {
                    let ok = crate::device_type::allowed_after(k);
                    if !ok.contains(&cname.as_str()) {
                        self.err(
                            Diagnostic::error(
                                "E0346",
                                format!("clause `{cname}` cannot follow `device_type` on `{}`", kind.name()),
                                c.span,
                            )
                            .with_label("after a `device_type` clause")
                            .with_note(format!(
                                "note: only {} may follow `device_type` on `{}`; put the clause before the first `device_type`",
                                ok.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", "),
                                kind.name()
                            )),
                        );
                        continue;
                    }
                }
            }
            cl.cur = i;
            self.clause(kind, c, &cname, assoc, &mut cl);
        }
        self.exclusive_clauses(&cl, group_levels);
        if group.is_some() {
            cl.views = Some(crate::device_type::AccDevice::ALL.iter().map(|d| crate::device_type::kept(&dir.clauses, *d)).collect());
        }
        cl
    }

    /// The device types of a `device_type` clause that starts a group of device-specific
    /// clauses: names gpuf knows.
    fn device_type_names(&mut self, names: &[String], span: Span) {
        for n in names {
            if !crate::device_type::KNOWN.contains(&n.as_str()) {
                self.err(
                    Diagnostic::error("E0317", format!("unknown device type `{n}`"), span)
                        .with_label("expected `host`, `nvidia`, `radeon`, `multicore`, `default` or `*`"),
                );
            }
        }
    }

    /// The one place each kind of clause is checked: `cname` is its name, `kind` the
    /// directive it is on (where it is allowed).
    fn clause(&mut self, kind: DirKind, c: &mut Clause, cname: &str, assoc: Option<&Stmt>, cl: &mut Clauses) {
        let span = c.span;
        if let ClauseKind::Unsupported(text) = &c.kind {
            self.check_unsupported(kind, text, cname, span);
            return;
        }
        if !is_runtime(kind) {
            self.check_once(cname, span, &mut cl.seen);
        }
        match &mut c.kind {
            ClauseKind::Gang(e) => self.check_level(Par::Gang, e.as_mut(), span, cl),
            ClauseKind::GangStatic(e) => {
                cl.levels.push((Par::Gang, span));
                cl.level_at.push(cl.cur);
                if let Some(e) = e {
                    self.check_int_arg(e, "the argument of `gang(static:)` must be a scalar integer or `*`");
                }
            }
            ClauseKind::GangDim(e) => {
                cl.levels.push((Par::Gang, span));
                cl.level_at.push(cl.cur);
                self.expr(e);
                if !matches!(self.const_int(e), Some(1..=3)) {
                    self.err(
                        Diagnostic::error("E0206", "the argument of `gang(dim:)` must be the constant 1, 2 or 3", e.span)
                            .with_label("not 1, 2 or 3"),
                    );
                }
            }
            ClauseKind::NumGangsDims(es) => {
                if es.len() > 3 {
                    self.err(
                        Diagnostic::error(
                            "E0206",
                            format!("`num_gangs` takes at most 3 arguments (gang dimensions), not {}", es.len()),
                            span,
                        )
                        .with_label("more than 3 dimensions"),
                    );
                }
                for e in es {
                    self.check_int_arg(e, "the arguments of `num_gangs` must be scalar integers");
                }
            }
            ClauseKind::Worker(e) => self.check_level(Par::Worker, e.as_mut(), span, cl),
            ClauseKind::Vector(e) => self.check_level(Par::Vector, e.as_mut(), span, cl),
            ClauseKind::NumGangs(e) | ClauseKind::NumWorkers(e) | ClauseKind::VectorLength(e) => {
                self.check_int_arg(e, &format!("the argument of `{cname}` must be a scalar integer"))
            }
            ClauseKind::DeviceNum(e) | ClauseKind::DefaultAsync(e) => self.check_int_arg(e, "the argument must be a scalar integer"),
            ClauseKind::Async(Some(e)) => self.check_int_arg(e, "the argument of `async` must be a scalar integer"),
            ClauseKind::Wait(list) => {
                for e in list {
                    self.check_int_arg(e, "the arguments of `wait` must be scalar integers")
                }
            }
            ClauseKind::Async(None) => {}
            ClauseKind::Collapse(e) => self.check_collapse(kind, e, span, assoc, cl),
            ClauseKind::Tile(sizes) => self.check_tile(sizes, span, assoc, cl),
            ClauseKind::If(e) => self.check_if(kind, e),
            ClauseKind::IfFor(m, e) => {
                self.check_if(kind, e);
                self.check_if_modifier(kind, m, span);
            }
            ClauseKind::InReduction(op, items) | ClauseKind::TaskReduction(op, items) => {
                self.check_reduction(*op, items, span, true, false)
            }
            ClauseKind::Reduction(op, items) => {
                // Host OpenMP (outside `target`) also reduces arrays and complex variables.
                let host = matches!(kind, DirKind::Omp(k) if !k.leaves().has(OmpLeaves::TARGET)) && !self.in_target();
                let acc = matches!(kind, DirKind::Acc(_));
                self.check_reduction(*op, items, span, host, acc)
            }
            ClauseKind::Private(items) | ClauseKind::Firstprivate(items) if matches!(kind, DirKind::Acc(_)) => {
                self.private_sections(items);
                self.check_data_clause(items, cname, false)
            }
            ClauseKind::Private(items) | ClauseKind::Firstprivate(items) => self.check_data_clause(items, cname, false),
            ClauseKind::Copy(items)
            | ClauseKind::Copyin(items)
            | ClauseKind::Copyout(items)
            | ClauseKind::Create(items)
            | ClauseKind::Delete(items)
            | ClauseKind::Present(items)
            | ClauseKind::NoCreate(items)
            | ClauseKind::DeviceResident(items)
            | ClauseKind::Link(items)
            | ClauseKind::SelfHost(items)
            | ClauseKind::Device(items) => self.check_data_clause(items, cname, true),
            ClauseKind::Deviceptr(items)
            | ClauseKind::IsDevicePtr(items)
            | ClauseKind::UseDevice(items)
            | ClauseKind::UseDevicePtr(items)
            | ClauseKind::UseDeviceAddr(items)
            | ClauseKind::HasDeviceAddr(items) => {
                self.check_device_address_clause(items, cname);
                // `is_device_ptr` of `type(c_ptr)` scalars: their values are device
                // addresses, which the region receives as firstprivate copies.
                if cname == "is_device_ptr" && items.iter().all(|e| e.ty == Ty::Scalar(BaseTy::Integer(8))) {
                    c.kind = ClauseKind::Firstprivate(std::mem::take(items));
                }
            }
            ClauseKind::Attach(items) | ClauseKind::Detach(items) => self.check_attach_clause(items, cname),
            ClauseKind::Map(_, items)
            | ClauseKind::MapMapper(_, _, items)
            | ClauseKind::MapAlways(_, items)
            | ClauseKind::MapPresent(_, items)
            | ClauseKind::To(items)
            | ClauseKind::From(items)
            | ClauseKind::ToPresent(items)
            | ClauseKind::FromPresent(items) => self.check_data_clause(items, cname, true),
            ClauseKind::Shared(items) | ClauseKind::Lastprivate(items) | ClauseKind::Copyprivate(items) => {
                self.check_data_clause(items, cname, false)
            }
            ClauseKind::Linear(items, step) => {
                for it in items.iter_mut() {
                    self.var_item(it, cname, false);
                    if matches!(it.kind, ExprKind::Name(_)) {
                        self.want_int_scalar(it, "a `linear` item must be a scalar integer variable");
                    }
                }
                if let Some(e) = step {
                    self.check_int_arg(e, "the step of `linear` must be a scalar integer");
                }
                // Lowered for `simd` loops of target regions (their SIMT lowering).
                let simd = kind.omp().is_some_and(|k| k.leaves().has(OmpLeaves::SIMD));
                let target = kind.omp().is_some_and(|k| k.leaves().has(OmpLeaves::TARGET)) || self.in_target();
                if !simd || !target {
                    self.err(Diagnostic::not_yet("the `linear` clause other than on a `simd` loop inside a target region", span));
                }
            }
            ClauseKind::Aligned(items, align) => self.check_aligned(items, align.as_mut()),
            ClauseKind::Allocate(a, items) => {
                if let Some(a) = a {
                    self.check_int_arg(a, "the allocator of `allocate` must be a scalar integer (of kind `omp_allocator_handle_kind`)");
                }
                self.check_data_clause(items, cname, false)
            }
            ClauseKind::NumTeams(e)
            | ClauseKind::ThreadLimit(e)
            | ClauseKind::NumThreads(e)
            | ClauseKind::Simdlen(e)
            | ClauseKind::Safelen(e)
            | ClauseKind::DeviceExpr(e)
            | ClauseKind::Schedule(_, Some(e))
            | ClauseKind::Filter(e)
            | ClauseKind::DistSchedule(Some(e)) => self.check_int_arg(e, &format!("the argument of `{cname}` must be a scalar integer")),
            ClauseKind::Schedule(_, None)
            | ClauseKind::DistSchedule(None)
            | ClauseKind::Nowait
            | ClauseKind::OmpDefault(_)
            | ClauseKind::Defaultmap(..)
            | ClauseKind::Depend
            | ClauseKind::Bind(_)
            | ClauseKind::ProcBind(_)
            | ClauseKind::Ignored(_)
            | ClauseKind::CriticalName(_)
            | ClauseKind::OmpSimd(..)
            | ClauseKind::OmpOrdered
            | ClauseKind::RoutineBind(_)
            | ClauseKind::NoHost => {}
            ClauseKind::Seq => cl.seq_at.push(cl.cur),
            // On `init`, `shutdown` and `set`: the device to act on (one type).
            ClauseKind::DeviceType(names) => {
                for n in names.iter() {
                    if acc_device_code(n).is_none() {
                        self.err(
                            Diagnostic::error("E0317", format!("unknown device type `{n}`"), span)
                                .with_label("expected `host`, `nvidia`, `radeon`, `multicore`, `default` or `*`"),
                        );
                    }
                }
                if names.len() > 1 {
                    self.err(Diagnostic::not_yet(format!("more than one device type on `{}`", kind.name()), span));
                }
            }
            ClauseKind::Auto
            | ClauseKind::Independent
            | ClauseKind::IfPresent
            | ClauseKind::Finalize
            | ClauseKind::Default(_)
            | ClauseKind::Unsupported(_) => {}
        }
    }

    /// Reports a clause of [`ONCE`] that appears again.
    fn check_once(&mut self, cname: &str, span: Span, seen: &mut Vec<(&'static str, Span)>) {
        if let Some(once) = ONCE.iter().find(|n| **n == cname) {
            if seen.iter().any(|(n, _)| n == once) {
                self.err(
                    Diagnostic::error("E0319", format!("clause `{cname}` appears more than once"), span).with_label("repeated clause"),
                );
            }
            seen.push((once, span));
        }
    }

    /// `seq` excludes `gang`/`worker`/`vector`, and `seq`, `auto`, `independent` exclude each
    /// other, within the group of clauses seen last (levels from `levels_from` on).
    fn exclusive_clauses(&mut self, cl: &Clauses, levels_from: usize) {
        let find = |n: &str| cl.seen.iter().find(|(s, _)| *s == n).map(|(_, sp)| *sp);
        if find("seq").is_some() {
            if let Some((p, sp)) = cl.levels.get(levels_from) {
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

    /// A clause the front end keeps as text: a clause not supported yet.
    fn check_unsupported(&mut self, _kind: DirKind, text: &str, _cname: &str, span: Span) {
        self.err(Diagnostic::not_yet(format!("the `{text}` clause"), span));
    }

    /// `gang`, `worker`, `vector`: the level, and its optional scalar integer argument.
    fn check_level(&mut self, p: Par, e: Option<&mut Expr>, span: Span, cl: &mut Clauses) {
        cl.levels.push((p, span));
        cl.level_at.push(cl.cur);
        if let Some(e) = e {
            self.check_int_arg(e, &format!("the argument of `{}` must be a scalar integer", p.name()));
        }
    }

    /// An argument that must be a scalar integer (`num_gangs`, `num_workers`,
    /// `vector_length`, `device_num`, `default_async`, the argument of a level); `what` is
    /// the rule.
    fn check_int_arg(&mut self, e: &mut Expr, what: &str) {
        self.expr(e);
        self.want_int_scalar(e, what);
    }

    /// `collapse(n)`: on a loop directive, `n` is a positive integer constant and the loop
    /// `assoc` has `n` tightly nested loops; sets [`Clauses::collapse`].
    fn check_collapse(&mut self, kind: DirKind, e: &mut Expr, span: Span, assoc: Option<&Stmt>, cl: &mut Clauses) {
        self.expr(e);
        let Some(do_stmt) = assoc else { return };
        match self.const_int(e) {
            Some(n) if n >= 1 => {
                self.nest_agrees(cl, 0, usize::try_from(n).unwrap_or(1), span);
                cl.collapse = usize::try_from(n).unwrap_or(1);
                let depth = nest_depth(do_stmt, cl.collapse);
                if depth < cl.collapse && kind.omp().is_some() && imperfect_depth(do_stmt, cl.collapse) == cl.collapse {
                    // OpenMP's imperfectly nested loops: the intervening code runs once per
                    // iteration of its loop when only the perfectly nested loops are
                    // collapsed (the inner ones run in order inside each iteration).
                    e.kind = ExprKind::Int(depth as i64, 4);
                    cl.collapse = depth;
                } else if depth < cl.collapse {
                    self.err(
                        Diagnostic::error(
                            "E0304",
                            format!(
                                "`collapse({n})` needs {n} nested loops, but only {depth} {} nested here",
                                if depth == 1 { "is" } else { "are" }
                            ),
                            span,
                        )
                        .with_label(format!("asks for {n} tightly nested loops"))
                        .with_note("note: each collapsed loop must contain only the next loop"),
                    );
                    cl.collapse = depth;
                }
            }
            _ if e.ty == Ty::Unknown && !matches!(e.kind, ExprKind::Int(..)) => {}
            _ => self.err(
                Diagnostic::error("E0303", "the argument of `collapse` must be a positive integer constant", e.span)
                    .with_label("expected a positive integer constant"),
            ),
        }
    }

    /// `collapse(n)` (`which` 0) and `tile` with `n` sizes (1) on one loop: both tile the
    /// same nest (the tile loops and the element loops are each collapsed), so the counts
    /// must be the same (E0304).
    fn nest_agrees(&mut self, cl: &mut Clauses, which: usize, n: usize, span: Span) {
        if let Some(slot) = cl.nest_asked.get_mut(which) {
            *slot = Some((n, span));
        }
        let [Some((c, _)), Some((t, _))] = cl.nest_asked else { return };
        if c != t {
            self.err(
                Diagnostic::error("E0304", format!("`collapse({c})` and `tile` with {t} sizes ask for different loop nests"), span)
                    .with_label(if which == 0 { format!("{c} loops here") } else { format!("{t} loops here") })
                    .with_note(format!(
                        "note: `tile` tiles and collapses the {t} loops it has sizes for; a `collapse` beside it must count the same loops"
                    )),
            );
        }
    }

    /// `tile(s1, ..., sn)`: each size a positive integer constant or `*`, over `n` tightly
    /// nested loops (which then belong to the directive, as collapsed ones do).
    fn check_tile(&mut self, sizes: &mut [Option<Expr>], span: Span, assoc: Option<&Stmt>, cl: &mut Clauses) {
        for e in sizes.iter_mut().flatten() {
            self.expr(e);
            if e.ty == Ty::Unknown && !matches!(e.kind, ExprKind::Int(..)) {
                continue;
            }
            if !matches!(self.const_int(e), Some(n) if n >= 1) {
                self.err(
                    Diagnostic::error("E0303", "the sizes of `tile` must be positive integer constants or `*`", e.span)
                        .with_label("expected a positive integer constant or `*`"),
                );
            }
        }
        let n = sizes.len();
        self.nest_agrees(cl, 1, n, span);
        let Some(do_stmt) = assoc else { return };
        let depth = nest_depth(do_stmt, n);
        if depth < n {
            self.err(
                Diagnostic::error(
                    "E0304",
                    format!(
                        "`tile` with {n} sizes needs {n} nested loops, but only {depth} {} nested here",
                        if depth == 1 { "is" } else { "are" }
                    ),
                    span,
                )
                .with_label(format!("asks for {n} tightly nested loops"))
                .with_note("note: each tiled loop must contain only the next loop"),
            );
        }
        cl.collapse = cl.collapse.max(depth.min(n)).max(1);
    }

    /// `aligned(list[: n])`: each item has the `pointer` or `allocatable` attribute or is a
    /// `type(c_ptr)` scalar (what an alignment can be promised of), and `n` is a positive
    /// integer constant.
    fn check_aligned(&mut self, items: &mut [Expr], align: Option<&mut Expr>) {
        for it in items.iter_mut() {
            self.var_item(it, "aligned", false);
            let ExprKind::Name(id) = &it.kind else { continue };
            let Some(s) = self.syms.get(&id.name) else { continue };
            // gpuf's `type(c_ptr)` is an `integer(8)` scalar.
            let c_ptr = s.rank == 0 && s.base == BaseTy::Integer(8);
            if !(s.pointer || s.allocatable || c_ptr) {
                let what = if s.rank > 0 { "an array that is neither a pointer nor allocatable" } else { "not a pointer" };
                self.err(
                    Diagnostic::error(
                        "E0330",
                        format!("`{}` in `aligned` must be a pointer, an allocatable or a `type(c_ptr)`", id.name),
                        it.span,
                    )
                    .with_label(what)
                    .with_note("note: `aligned` promises the alignment of the data a pointer or allocatable refers to"),
                );
            }
        }
        let Some(e) = align else { return };
        self.expr(e);
        match self.const_int(e) {
            Some(n) if n >= 1 => {}
            _ if e.ty == Ty::Unknown && !matches!(e.kind, ExprKind::Int(..)) => {}
            _ => self.err(
                Diagnostic::error("E0303", "the alignment of `aligned` must be a positive integer constant", e.span)
                    .with_label("expected a positive integer constant (bytes)"),
            ),
        }
    }

    /// `if(condition)`: a scalar logical. (`init`, `shutdown` and `set` report it with
    /// their own message, as they always have.)
    fn check_if(&mut self, kind: DirKind, e: &mut Expr) {
        self.expr(e);
        if !is_runtime(kind) {
            self.want_logical(e, "the `if` clause's condition");
        } else if e.ty != Ty::Unknown && !matches!(e.ty, Ty::Scalar(BaseTy::Logical(_))) {
            self.err(Diagnostic::error("E0220", "the `if` clause needs a scalar logical", e.span).with_label("not logical"));
        }
    }

    /// The directive-name modifier of OpenMP's `if` must name the directive or one of its
    /// leaf constructs.
    fn check_if_modifier(&mut self, kind: DirKind, m: &str, span: Span) {
        let Some(k) = kind.omp() else { return };
        let l = k.leaves();
        let ok = match m {
            "target" => l.has(OmpLeaves::TARGET),
            "teams" => l.has(OmpLeaves::TEAMS),
            "parallel" => l.has(OmpLeaves::PARALLEL),
            "simd" => l.has(OmpLeaves::SIMD),
            _ => m == k.name(),
        };
        if !ok {
            self.err(
                Diagnostic::error("E0327", format!("`if({m}:)` does not apply to `{}`", k.name()), span)
                    .with_label(format!("`{m}` is not a construct of this directive")),
            );
        }
    }

    /// `reduction(op: list)`.
    fn check_reduction(&mut self, op: RedOp, items: &mut [Expr], span: Span, host: bool, acc: bool) {
        for it in items.iter_mut() {
            self.reduction_item(op, it, span, host, acc);
        }
    }

    /// A data clause, `private` or `firstprivate` (array sections only in data clauses).
    pub(super) fn check_data_clause(&mut self, items: &mut [Expr], cname: &str, sections_ok: bool) {
        for it in items.iter_mut() {
            self.var_item(it, cname, sections_ok);
        }
    }

    /// Subarrays in OpenACC's `private` and `firstprivate` (`private(c(1:n))`): the whole
    /// array is made private (its other elements are not to be referenced in the construct),
    /// so the item becomes the array's name. Elements stay unsupported.
    fn private_sections(&mut self, items: &mut [Expr]) {
        for it in items.iter_mut() {
            let (ExprKind::Apply { name, args: subs } | ExprKind::ArrayRef { name, subs }) = &it.kind else { continue };
            if !subs.iter().all(|s| matches!(s, Arg::Range { .. })) {
                continue;
            }
            if self.syms.get(&name.name).is_none_or(|s| usize::from(s.rank) != subs.len()) {
                continue;
            }
            it.kind = ExprKind::Name(name.clone());
        }
    }

    /// `deviceptr` and `use_device`: whole arrays (for `deviceptr`, dummy arguments, as
    /// OpenACC requires in Fortran; neither allocatable nor pointer).
    fn check_device_address_clause(&mut self, items: &mut [Expr], cname: &str) {
        for it in items.iter_mut() {
            self.var_item(it, cname, false);
            let ExprKind::Name(id) = &it.kind else { continue };
            let Some(s) = self.syms.get(&id.name) else { continue };
            let c_ptr = s.base == BaseTy::Integer(8) && !s.pointer && !s.allocatable;
            if s.rank == 0 && cname == "is_device_ptr" && c_ptr {
                // A `type(c_ptr)` holding a device address: the region gets its value
                // (`firstprivate`, see `clause`).
            } else if s.rank == 0 && cname == "use_device_ptr" && c_ptr {
                // A `type(c_ptr)` whose value becomes the device address it maps to.
            } else if s.rank == 0
                && matches!(cname, "use_device_addr" | "use_device_ptr" | "has_device_addr" | "is_device_ptr")
                && !s.allocatable
                && (!s.pointer || cname == "has_device_addr")
                && !matches!(s.base, BaseTy::Derived(_) | BaseTy::Character)
            {
                // A scalar whose references use its device copy (`use_device_*`), or whose
                // address is a device address (`has_device_addr`, and `is_device_ptr` of a
                // scalar other than a `type(c_ptr)`, as OpenMP 5.1 reads it).
            } else if s.rank == 0 && matches!(cname, "use_device_addr" | "use_device_ptr" | "has_device_addr" | "is_device_ptr") {
                let what = match s.base {
                    BaseTy::Derived(_) => "derived-type",
                    BaseTy::Character => "character",
                    _ if s.allocatable => "allocatable",
                    _ => "pointer",
                };
                self.err(Diagnostic::not_yet(format!("{what} scalars in `{cname}`"), it.span));
            } else if s.rank == 0 {
                self.err(Diagnostic::not_yet(format!("scalars in `{cname}` (only arrays)"), it.span));
            } else if cname == "is_device_ptr" && (s.dummy.is_none() || s.allocatable || s.pointer) {
                self.err(Diagnostic::not_yet(
                    "`is_device_ptr` of a variable other than a dummy array that is neither allocatable nor a pointer",
                    it.span,
                ));
            } else if cname == "deviceptr" && (s.dummy.is_none() || s.allocatable) {
                self.err(
                    Diagnostic::error("E0330", format!("`{}` in `deviceptr` must be a dummy argument", id.name), it.span)
                        .with_label("OpenACC allows only dummy arguments that are neither allocatable nor pointers here"),
                );
            }
        }
    }

    /// `attach(list)` / `detach(list)`: each item a pointer or allocatable variable or
    /// structure member.
    fn check_attach_clause(&mut self, items: &mut [Expr], cname: &str) {
        for it in items.iter_mut() {
            self.var_item(it, cname, false);
            if it.ty == Ty::Unknown {
                continue;
            }
            let ok = match &it.kind {
                ExprKind::Name(id) => self.syms.get(&id.name).is_some_and(|s| s.allocatable || s.pointer),
                ExprKind::Component(cr) => match cr.base.ty {
                    Ty::Scalar(BaseTy::Derived(k)) if cr.subs.is_empty() => self
                        .g
                        .types
                        .get(k as usize)
                        .and_then(|t| t.comps.iter().find(|c| c.name == cr.name.name))
                        .is_some_and(|c| c.alloc || c.pointer),
                    _ => false,
                },
                _ => false,
            };
            if !ok {
                self.err(
                    Diagnostic::error("E0337", format!("`{cname}` needs a pointer or allocatable variable or member"), it.span)
                        .with_label("neither a pointer nor allocatable"),
                );
            }
        }
    }

    /// A structure member in a data clause (`a%b`, `a%b(1:n)`, `a%c%d`, `t(2)%v`): the
    /// structure it belongs to must be one scalar (not an array section of structures).
    fn member_item(&mut self, it: &mut Expr, clause: &str) {
        self.expr(it);
        let ExprKind::Component(cr) = &it.kind else { return };
        if it.ty == Ty::Unknown {
            // Already reported.
            return;
        }
        if cr.base.ty.rank() > 0 {
            let sp = cr.base.span;
            let hint = format!("{}(i)%{}", designator_name(&cr.base).unwrap_or("t"), cr.name.name);
            self.err(Diagnostic::not_yet(format!("members of an array of structures in `{clause}` (name one element's: `{hint}`)"), sp));
        }
        if let Some(n) = designator_name(it) {
            if self.syms.get(n).is_some_and(|s| s.parameter) {
                self.err(
                    Diagnostic::error("E0318", format!("parameter `{n}` cannot appear in a `{clause}` clause"), it.span)
                        .with_label("a parameter is not a variable"),
                );
            }
        }
    }

    /// A variable in a data, `private` or `firstprivate` clause.
    fn var_item(&mut self, it: &mut Expr, clause: &str, sections_ok: bool) {
        if let ExprKind::Component(_) = it.kind {
            if sections_ok || clause == "attach" || clause == "detach" {
                self.member_item(it, clause);
                return;
            }
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

    /// A reduction variable; OpenACC (3.x) also reduces whole arrays, array elements and
    /// sections, each element as a scalar would be.
    fn reduction_item(&mut self, op: RedOp, it: &mut Expr, clause_span: Span, host: bool, acc: bool) {
        if let ExprKind::Component(_) = it.kind {
            self.err(Diagnostic::not_yet("derived-type components in `reduction`", it.span));
            return;
        }
        if let ExprKind::Apply { .. } = it.kind {
            if !acc {
                self.err(Diagnostic::not_yet("array elements and sections in `reduction`", it.span));
                return;
            }
            self.expr(it);
            if it.ty == Ty::Unknown {
                return;
            }
            if !matches!(it.kind, ExprKind::ArrayRef { .. }) {
                self.err(
                    Diagnostic::error("E0305", "a reduction item must be a variable, an array element or an array section", it.span)
                        .with_label("not a variable"),
                );
                return;
            }
        } else {
            self.expr(it);
        }
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
        if ty.rank() > 0 && !host && !acc {
            self.err(Diagnostic::not_yet("array reductions", it.span));
            return;
        }
        let Some(b) = ty.base() else { return };
        let (ok, need) = match op {
            RedOp::Add | RedOp::Mul if host => (is_numeric(b) || matches!(b, BaseTy::Complex(_)), "an `integer`, `real` or `complex`"),
            RedOp::Add | RedOp::Mul | RedOp::Max | RedOp::Min => (is_numeric(b), "an `integer` or `real`"),
            RedOp::Iand | RedOp::Ior | RedOp::Ieor => (matches!(b, BaseTy::Integer(_)), "an `integer`"),
            RedOp::And | RedOp::Or | RedOp::Eqv | RedOp::Neqv => (matches!(b, BaseTy::Logical(_)), "a `logical`"),
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
}
