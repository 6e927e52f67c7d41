//! OpenACC's device-specific clauses (`device_type(list)`, `dtype(list)`, OpenACC 3.3
//! section 2.4): which clauses of a directive are in effect on each kind of device.
//!
//! The clauses before the first `device_type` clause are the defaults; those after a
//! `device_type(list)` up to the next one apply only on the device types it names, and a
//! group `device_type(*)` applies on every type no other group names. A device-specific
//! clause overrides the default clauses of its kind (see [`overrides`]).
//!
//! gpuf's devices match device types by name as follows ([`AccDevice::matches`]): the host
//! device `host` and `multicore`, the NVIDIA device `nvidia`, the AMD device `radeon`, and
//! the sim device `default`: the sim is no vendor's GPU, so it takes the clauses of
//! `device_type(default)`, else those of `device_type(*)`, else the defaults.

use crate::ast::*;

/// The kinds of device a directive's clauses are resolved for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AccDevice {
    Host,
    Sim,
    Nvidia,
    Radeon,
}

impl AccDevice {
    pub const ALL: [AccDevice; 4] = [AccDevice::Host, AccDevice::Sim, AccDevice::Nvidia, AccDevice::Radeon];

    /// Whether a device type named in a `device_type` clause is this device.
    pub fn matches(self, name: &str) -> bool {
        matches!(
            (self, name),
            (AccDevice::Host, "host" | "multicore")
                | (AccDevice::Sim, "default")
                | (AccDevice::Nvidia, "nvidia")
                | (AccDevice::Radeon, "radeon")
        )
    }

    /// The index of the device in [`AccDevice::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The device-type names this device answers to, for messages.
    pub fn names(self) -> &'static str {
        match self {
            AccDevice::Host => "host, multicore",
            AccDevice::Sim => "default (the sim device)",
            AccDevice::Nvidia => "nvidia",
            AccDevice::Radeon => "radeon",
        }
    }

    /// The code the run time's `gpuf_acc_device_kind` returns for the device in use.
    pub fn code(self) -> i32 {
        match self {
            AccDevice::Host => 2,
            AccDevice::Sim => 1,
            AccDevice::Nvidia => 4,
            AccDevice::Radeon => 5,
        }
    }
}

/// Device-type names gpuf knows (`*` included).
pub const KNOWN: &[&str] = &["*", "default", "host", "multicore", "nvidia", "radeon"];

/// Whether the directive's `device_type` clauses are groups of device-specific clauses
/// (on `init`, `shutdown` and `set` the clause names the device instead).
pub fn groups_clauses(kind: DirKind) -> bool {
    matches!(kind, DirKind::Acc(k) if !matches!(k, AccKind::Init | AccKind::Shutdown | AccKind::Set))
}

/// The clauses that may follow a `device_type` clause on an OpenACC directive (OpenACC
/// 3.3: 2.5.1-2.5.3, 2.6.5, 2.9, 2.11, 2.14.4, 2.15.1).
pub fn allowed_after(kind: AccKind) -> &'static [&'static str] {
    match kind {
        AccKind::Parallel | AccKind::Kernels => &["async", "wait", "num_gangs", "num_workers", "vector_length"],
        AccKind::Serial | AccKind::Data | AccKind::Update => &["async", "wait"],
        AccKind::Loop => &["collapse", "gang", "worker", "vector", "seq", "independent", "auto", "tile"],
        AccKind::ParallelLoop | AccKind::KernelsLoop => &[
            "async",
            "wait",
            "num_gangs",
            "num_workers",
            "vector_length",
            "collapse",
            "gang",
            "worker",
            "vector",
            "seq",
            "independent",
            "auto",
            "tile",
        ],
        AccKind::SerialLoop => &["async", "wait", "collapse", "gang", "worker", "vector", "seq", "independent", "auto", "tile"],
        AccKind::Routine => &["gang", "worker", "vector", "seq", "bind"],
        _ => &[],
    }
}

/// The override classes of a clause: a device-specific clause removes every default clause
/// that shares a class with it. The levels (`gang`, `worker`, `vector`, `seq`) are one
/// class, the loop's kind (`seq`, `auto`, `independent`) another; every other clause is a
/// class of its own.
fn classes(k: &ClauseKind) -> &'static [&'static str] {
    match k {
        ClauseKind::Gang(_) | ClauseKind::GangStatic(_) | ClauseKind::GangDim(_) | ClauseKind::Worker(_) | ClauseKind::Vector(_) => {
            &["level"]
        }
        ClauseKind::Seq => &["level", "kind"],
        ClauseKind::Auto | ClauseKind::Independent => &["kind"],
        ClauseKind::Collapse(_) => &["collapse"],
        ClauseKind::Tile(..) => &["tile"],
        ClauseKind::NumGangs(_) | ClauseKind::NumGangsDims(_) => &["num_gangs"],
        ClauseKind::NumWorkers(_) => &["num_workers"],
        ClauseKind::VectorLength(_) => &["vector_length"],
        ClauseKind::Async(_) => &["async"],
        ClauseKind::Wait(_) => &["wait"],
        ClauseKind::RoutineBind(_) => &["bind"],
        _ => &[],
    }
}

/// Whether the device-specific clause `dev` overrides the default clause `def`.
pub fn overrides(dev: &ClauseKind, def: &ClauseKind) -> bool {
    let d = classes(dev);
    classes(def).iter().any(|c| d.contains(c))
}

/// Whether the directive has device-specific clauses.
pub fn has_groups(dir: &Directive) -> bool {
    groups_clauses(dir.kind) && dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::DeviceType(_)))
}

/// The indices of the clauses in effect on `dev` (the `device_type` clauses themselves
/// dropped), in their order on the directive.
pub fn kept(clauses: &[Clause], dev: AccDevice) -> Vec<usize> {
    // The group of each clause: None for the defaults, else the index of its device_type.
    let mut group = None;
    let mut groups: Vec<(usize, &Vec<String>)> = Vec::new();
    let mut of: Vec<(usize, Option<usize>, &Clause)> = Vec::with_capacity(clauses.len());
    for (i, c) in clauses.iter().enumerate() {
        if let ClauseKind::DeviceType(names) = &c.kind {
            group = Some(i);
            groups.push((i, names));
            continue;
        }
        of.push((i, group, c));
    }
    if groups.is_empty() {
        return (0..clauses.len()).collect();
    }
    let named = groups.iter().find(|(_, ns)| ns.iter().any(|n| dev.matches(n)));
    let chosen = named.or_else(|| groups.iter().find(|(_, ns)| ns.iter().any(|n| n == "*"))).map(|(i, _)| *i);
    let specific: Vec<&Clause> = of.iter().filter(|(_, g, _)| chosen.is_some() && *g == chosen).map(|(_, _, c)| *c).collect();
    of.iter()
        .filter(|(_, g, c)| match g {
            None => !specific.iter().any(|s| overrides(&s.kind, &c.kind)),
            Some(_) => *g == chosen,
        })
        .map(|(i, _, _)| *i)
        .collect()
}

/// The directive as it is on `dev`: the clauses in effect, without `device_type`.
pub fn resolve(dir: &Directive, dev: AccDevice) -> Directive {
    if !has_groups(dir) {
        return dir.clone();
    }
    let clauses = kept(&dir.clauses, dev).into_iter().filter_map(|i| dir.clauses.get(i).cloned()).collect();
    Directive { kind: dir.kind, clauses, span: dir.span }
}

/// Calls `f` on every directive of the statement and the statements inside it.
pub fn for_each_directive(s: &Stmt, f: &mut dyn FnMut(&Directive)) {
    match &s.kind {
        StmtKind::Standalone(d) => f(d),
        StmtKind::Construct { dir, body, .. } => {
            f(dir);
            body.iter().for_each(|s| for_each_directive(s, f));
        }
        StmtKind::LoopConstruct { dir, do_stmt } => {
            f(dir);
            for_each_directive(do_stmt, f);
        }
        StmtKind::Atomic { dir, body, .. } => {
            f(dir);
            body.iter().for_each(|s| for_each_directive(s, f));
        }
        _ => {
            let mut subs: Vec<&Stmt> = Vec::new();
            children(s, &mut subs);
            subs.into_iter().for_each(|s| for_each_directive(s, f));
        }
    }
}

/// The statements directly inside a statement that is not a directive.
fn children<'a>(s: &'a Stmt, out: &mut Vec<&'a Stmt>) {
    match &s.kind {
        StmtKind::If { arms, else_body, .. } => {
            arms.iter().for_each(|(_, b)| out.extend(b));
            if let Some(b) = else_body {
                out.extend(b);
            }
        }
        StmtKind::SelectCase { cases, .. } => cases.iter().for_each(|c| out.extend(&c.body)),
        StmtKind::SelectType { guards, .. } => guards.iter().for_each(|g| out.extend(&g.body)),
        StmtKind::Block { body, .. }
        | StmtKind::Do { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Forall { body, .. }
        | StmtKind::DoConcurrent { body, .. }
        | StmtKind::LabelBlock { body, .. } => out.extend(body),
        StmtKind::Where { arms } => arms.iter().for_each(|(_, b)| out.extend(b)),
        StmtKind::IoStatus { stmt, .. } | StmtKind::AllocStatus { stmt, .. } | StmtKind::AllocOpts { stmt, .. } => out.push(stmt),
        _ => {}
    }
}

/// Whether the statement or a statement inside it has device-specific clauses.
pub fn mentions(s: &Stmt) -> bool {
    let mut any = false;
    for_each_directive(s, &mut |d| any |= has_groups(d));
    any
}

/// The devices grouped by the clauses in effect on them in every directive of `s`: one
/// group per distinct set, in the order of [`AccDevice::ALL`].
pub fn views(s: &Stmt) -> Vec<Vec<AccDevice>> {
    let sig = |dev: AccDevice| {
        let mut v: Vec<Vec<usize>> = Vec::new();
        for_each_directive(s, &mut |d| {
            if has_groups(d) {
                v.push(kept(&d.clauses, dev));
            }
        });
        v
    };
    let mut out: Vec<(Vec<Vec<usize>>, Vec<AccDevice>)> = Vec::new();
    for dev in AccDevice::ALL {
        let k = sig(dev);
        match out.iter_mut().find(|(s, _)| *s == k) {
            Some((_, devs)) => devs.push(dev),
            None => out.push((k, vec![dev])),
        }
    }
    out.into_iter().map(|(_, d)| d).collect()
}

/// A copy of the statement as it is on `dev`: every directive in it resolved.
pub fn resolve_stmt(s: &Stmt, dev: AccDevice) -> Stmt {
    let mut s = s.clone();
    resolve_in_place(&mut s, dev);
    s
}

fn resolve_in_place(s: &mut Stmt, dev: AccDevice) {
    let fix = |d: &mut Directive| {
        if has_groups(d) {
            *d = resolve(d, dev);
        }
    };
    match &mut s.kind {
        StmtKind::Standalone(d) => fix(d),
        StmtKind::Construct { dir, body, .. } | StmtKind::Atomic { dir, body, .. } => {
            fix(dir);
            body.iter_mut().for_each(|s| resolve_in_place(s, dev));
        }
        StmtKind::LoopConstruct { dir, do_stmt } => {
            fix(dir);
            resolve_in_place(do_stmt, dev);
        }
        StmtKind::If { arms, else_body, .. } => {
            arms.iter_mut().for_each(|(_, b)| b.iter_mut().for_each(|s| resolve_in_place(s, dev)));
            if let Some(b) = else_body {
                b.iter_mut().for_each(|s| resolve_in_place(s, dev));
            }
        }
        StmtKind::SelectCase { cases, .. } => cases.iter_mut().for_each(|c| c.body.iter_mut().for_each(|s| resolve_in_place(s, dev))),
        StmtKind::SelectType { guards, .. } => guards.iter_mut().for_each(|g| g.body.iter_mut().for_each(|s| resolve_in_place(s, dev))),
        StmtKind::Block { body, .. }
        | StmtKind::Do { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Forall { body, .. }
        | StmtKind::DoConcurrent { body, .. }
        | StmtKind::LabelBlock { body, .. } => body.iter_mut().for_each(|s| resolve_in_place(s, dev)),
        StmtKind::Where { arms } => arms.iter_mut().for_each(|(_, b)| b.iter_mut().for_each(|s| resolve_in_place(s, dev))),
        StmtKind::IoStatus { stmt, .. } | StmtKind::AllocStatus { stmt, .. } | StmtKind::AllocOpts { stmt, .. } => {
            resolve_in_place(stmt, dev)
        }
        _ => {}
    }
}
