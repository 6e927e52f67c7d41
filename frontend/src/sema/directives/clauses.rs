//! OpenACC clauses: which clause may appear on which directive, and the checks of each
//! clause's arguments.

use super::*;

/// The clause's name as the user knows it.
pub(crate) fn clause_name(k: &ClauseKind) -> &str {
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
        AccKind::Wait => ["async", "if"].contains(&clause),
        AccKind::Init | AccKind::Shutdown | AccKind::Set => ["device_type", "dtype", "device_num", "if", "default_async"].contains(&clause),
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

/// `async` and `wait` clauses: satisfied by synchronous execution.
pub fn is_sync_clause(name: &str) -> bool {
    matches!(name, "async" | "wait")
}

impl Checker {
    /// `init`, `shutdown`, `set`: device types by name, integer `device_num` and
    /// `default_async`, a logical `if`.
    pub(in crate::sema) fn runtime_directive(&mut self, dir: &mut AccDirective) {
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
    pub(in crate::sema) fn directive(&mut self, dir: &mut AccDirective) {
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
    pub(in crate::sema) fn var_item(&mut self, it: &mut Expr, clause: &str, sections_ok: bool) {
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

    pub(in crate::sema) fn reduction_item(&mut self, op: RedOp, it: &mut Expr, clause_span: Span) {
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
}
