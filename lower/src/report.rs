//! The loop-mapping report (`-Minfo=accel`, as nvfortran's): for each compute construct of
//! a gimplified module, its kernel, its data clauses (explicit and implicit), what it
//! captures by value or privatises, its reductions, and for each loop inside it the levels
//! it is partitioned over. Read from the IR after gimplify, where every clause and every
//! implicit decision is explicit; the text goes to the driver, which prints it.

use crate::ir::{
    Capture, Function, Level, Levels, MapItem, MapKind, Module, OffloadRegion, RedOp, RedResult, Reduction, RegionKind, Rv, Stmt, VarId,
};

/// The report for `m` (empty when it has no compute construct or data construct).
pub fn accel(m: &Module) -> String {
    let mut out = String::new();
    // The kernels' names as omp-lower gives them (a repeated name gets the kernel's index).
    let mut names = Vec::new();
    let par = &Par { levels: &m.par_routines, binds: &m.routine_binds };
    for f in std::iter::once(&m.main).chain(&m.procs) {
        let mut lines = Vec::new();
        // A routine with partitioned loops: its level and its loops.
        if let Some((_, l)) = par.levels.iter().find(|(n, _)| *n == f.name) {
            lines.push(format!("  routine {}: its loops run on the threads of the construct that calls it", routine_level(*l)));
            loops(f, &f.body, &mut lines, 2, false, par);
        }
        stmts(f, &f.body, &mut lines, 1, &mut names, par);
        if lines.is_empty() {
            continue;
        }
        let name = if f.name.is_empty() || f.name == "main" { "main program".to_string() } else { format!("`{}`", f.name) };
        out.push_str(&format!("{name}:\n"));
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out
}

/// The Fortran name of an IR variable (`a.addr` → `a`), or `None` for a temporary or a
/// bound (`t.12`, `a.lb1`).
fn user_name(f: &Function, v: VarId) -> Option<String> {
    let n = &f.var(v).name;
    if n.starts_with("t.") || n.contains(".lb") || n.contains(".ext") || n.contains(".sm") {
        return None;
    }
    Some(n.split('.').next().unwrap_or(n).to_string())
}

/// A procedure's Fortran name from its link name (`__mod_MOD_name`, `name_`, `host.name`).
fn fortran_name(link: &str) -> &str {
    let n = link.rsplit_once("_MOD_").map_or(link, |(_, n)| n);
    let n = n.rsplit_once('.').map_or(n, |(_, n)| n);
    if link.contains("_MOD_") || link.contains('.') {
        n
    } else {
        n.strip_suffix('_').unwrap_or(n)
    }
}

/// The level of a routine that partitions its loops over `l`.
fn routine_level(l: Levels) -> &'static str {
    if l.has(Level::Gang) {
        "gang"
    } else if l.has(Level::Worker) {
        "worker"
    } else {
        "vector"
    }
}

fn op_name(op: RedOp) -> &'static str {
    match op {
        RedOp::Add => "+",
        RedOp::Mul => "*",
        RedOp::Max => "max",
        RedOp::Min => "min",
        RedOp::And => "iand",
        RedOp::Or => "ior",
        RedOp::Xor => "ieor",
        RedOp::Eqv => ".eqv.",
    }
}

fn reductions(f: &Function, rs: &[Reduction]) -> Option<String> {
    let items: Vec<String> = rs
        .iter()
        .filter_map(|r| {
            let (RedResult::Var(v) | RedResult::Mem(v)) = r.result;
            Some(format!("{}:{}", op_name(r.op), user_name(f, v)?))
        })
        .collect();
    (!items.is_empty()).then(|| format!("reduction({})", items.join(", ")))
}

fn levels(l: Levels, collapse: u32) -> String {
    let mut s = if l.is_empty() { "sequential".to_string() } else { l.iter().map(|x| x.name()).collect::<Vec<_>>().join(", ") };
    if collapse > 1 {
        s.push_str(&format!(", collapse({collapse})"));
    }
    s
}

/// `copyin(a)` for an explicit clause, `implicit copy(x) [if not already present]` for a
/// decision of gpuf's (nvfortran's wording).
fn map_text(m: &MapItem) -> String {
    let implicit = !m.at.contains(" on ") || m.at.starts_with("default(");
    match (implicit, m.kind) {
        (false, k) => format!("{}({})", k.name(), m.what),
        (true, MapKind::Present) => format!("implicit present({})", m.what),
        (true, k) => format!("implicit {}({}) [if not already present]", k.name(), m.what),
    }
}

/// `f.f90:12` of a clause item's location text (`... at f.f90:12: a`).
fn line_of(at: &str) -> Option<&str> {
    let (_, rest) = at.rsplit_once(" at ")?;
    Some(rest.rsplit_once(": ").map_or(rest, |(l, _)| l))
}

/// The routines the report names: those with partitioned loops (and their levels) and
/// those with `bind` clauses (per target).
struct Par<'a> {
    levels: &'a [(String, Levels)],
    binds: &'a [(String, [Option<String>; 4])],
}

fn stmts(f: &Function, ss: &[Stmt], out: &mut Vec<String>, depth: usize, names: &mut Vec<String>, par: &Par<'_>) {
    for s in ss {
        match s {
            Stmt::Region(r) => region(f, r, out, depth, names, par),
            Stmt::DataRegion { maps, body } => {
                let at = maps.first().and_then(|m| line_of(&m.at)).unwrap_or("?");
                let items: Vec<String> = maps.iter().map(map_text).collect();
                out.push(format!("{}{at}: data region: {}", "  ".repeat(depth), items.join(", ")));
                stmts(f, body, out, depth + 1, names, par);
            }
            Stmt::If { then_body, else_body, .. } => {
                stmts(f, then_body, out, depth, names, par);
                stmts(f, else_body, out, depth, names, par);
            }
            Stmt::Loop { body, .. } | Stmt::While { body, .. } => stmts(f, body, out, depth, names, par),
            Stmt::HostParallel(h) => stmts(f, &h.body, out, depth, names, par),
            _ => {}
        }
    }
}

fn region(f: &Function, r: &OffloadRegion, out: &mut Vec<String>, depth: usize, names: &mut Vec<String>, par: &Par<'_>) {
    let pad = "  ".repeat(depth);
    let host = if f.name.is_empty() { "main" } else { f.name.as_str() };
    let kernel = format!("{host}_{}_l{}", r.what.replace(' ', "_"), r.line);
    let kernel = if names.contains(&kernel) { format!("{kernel}_{}", names.len()) } else { kernel };
    names.push(kernel.clone());
    let file = r.maps.iter().find_map(|m| line_of(&m.at)).and_then(|l| l.rsplit_once(':')).map_or("", |(file, _)| file);
    let loc = if file.is_empty() { format!("line {}", r.line) } else { format!("{file}:{}", r.line) };
    out.push(format!("{pad}{loc}: {} construct, kernel {kernel}", r.what));
    if !r.hosted.is_empty() {
        out.push(format!("{pad}  launched by host code of the kernels construct: {}", r.hosted.join(", ")));
    }
    if !r.maps.is_empty() {
        let items: Vec<String> = r.maps.iter().map(map_text).collect();
        out.push(format!("{pad}  data: {}", items.join(", ")));
    }
    let (mut byval, mut private) = (Vec::new(), Vec::new());
    for c in &r.captures {
        match c {
            Capture::Value(v) => byval.extend(user_name(f, *v)),
            Capture::Private(v) => private.extend(user_name(f, *v)),
            Capture::Mapped(..) | Capture::Scratch(..) => {}
        }
    }
    byval.sort();
    byval.dedup();
    if !byval.is_empty() {
        out.push(format!("{pad}  scalars passed by value (firstprivate): {}", byval.join(", ")));
    }
    private.sort();
    private.dedup();
    if !private.is_empty() {
        out.push(format!("{pad}  private: {}", private.join(", ")));
    }
    if let Some(red) = reductions(f, &r.reductions) {
        out.push(format!("{pad}  {red}"));
    }
    for n in &r.notes {
        out.push(format!("{pad}  {n}"));
    }
    loops(f, &r.body, out, depth + 1, r.kind == RegionKind::Kernels, par);
}

/// The loops of a construct's body, nested as written.
fn loops(f: &Function, ss: &[Stmt], out: &mut Vec<String>, depth: usize, kernels: bool, par: &Par<'_>) {
    for s in ss {
        match s {
            Stmt::Loop { var, body, part, .. } => {
                let Some(p) = part else {
                    // A loop without a loop directive (or of gpuf's own, such as an array
                    // assignment's): run by each thread that reaches it.
                    match user_name(f, *var) {
                        Some(name) => {
                            let why = if kernels {
                                " (no loop directive, and the dependence test did not prove its iterations independent)"
                            } else {
                                ""
                            };
                            out.push(format!("{}loop {name}: sequential{why}", "  ".repeat(depth)));
                            loops(f, body, out, depth + 1, false, par);
                        }
                        None => loops(f, body, out, depth, kernels, par),
                    }
                    continue;
                };
                let name = user_name(f, *var).unwrap_or_else(|| "(inner)".into());
                let mut line = format!("{}loop {name}: {}", "  ".repeat(depth), levels(p.levels, p.collapse));
                if let Some(t) = &p.simt {
                    // An OpenMP `simd` loop: its vector level is a warp's lanes (SIMT).
                    line.push_str(" (simd on the lanes of a warp");
                    let limits: Vec<&str> = t.clauses.iter().filter(|c| !c.starts_with("simdlen")).map(String::as_str).collect();
                    if !limits.is_empty() {
                        line.push_str(&format!(", as many as {} allow", limits.join(" and ")));
                    }
                    if let Some(len) = t.clauses.iter().find(|c| c.starts_with("simdlen")) {
                        line.push_str(&format!(", {len} not used (a hint: the loop takes all the warp's lanes)"));
                    }
                    line.push(')');
                }
                match p.auto_proof.as_deref() {
                    Some(Ok(())) => line.push_str(" (parallelised: iterations proved independent)"),
                    Some(Err(why)) => line.push_str(&format!(": {why}")),
                    None if p.independent && !p.levels.is_empty() => line.push_str(", independent"),
                    None => {}
                }
                if let Some(red) = reductions(f, &p.reductions) {
                    line.push_str(&format!(", {red}"));
                }
                let copied = |n: &String| p.copied_out.iter().any(|(_, m)| m == n);
                let mut privs: Vec<String> = p.privates.iter().filter_map(|v| user_name(f, *v)).filter(|n| !copied(n)).collect();
                privs.sort();
                privs.dedup();
                if !privs.is_empty() {
                    line.push_str(&format!(", private({})", privs.join(", ")));
                }
                for clause in ["lastprivate", "linear"] {
                    let items: Vec<&str> = p.copied_out.iter().filter(|(c, _)| *c == clause).map(|(_, n)| n.as_str()).collect();
                    if !items.is_empty() {
                        line.push_str(&format!(", {clause}({})", items.join(", ")));
                    }
                }
                for n in &p.notes {
                    line.push_str(&format!(", {n}"));
                }
                out.push(line);
                // the inner loops of a collapsed nest belong to this one
                let mut inner = body.as_slice();
                for _ in 1..p.collapse {
                    match inner.iter().find_map(|s| if let Stmt::Loop { body, .. } = s { Some(body) } else { None }) {
                        Some(b) => inner = b.as_slice(),
                        None => break,
                    }
                }
                loops(f, inner, out, depth + 1, false, par);
            }
            Stmt::If { then_body, else_body, .. } => {
                loops(f, then_body, out, depth, kernels, par);
                loops(f, else_body, out, depth, kernels, par);
            }
            Stmt::While { body, .. } => loops(f, body, out, depth, kernels, par),
            Stmt::Call(n, _) | Stmt::Assign(_, Rv::Call(n, _, _)) => {
                if let Some((_, l)) = par.levels.iter().find(|(p, _)| p == n) {
                    let by = match routine_level(*l) {
                        "gang" => "every thread of every gang",
                        "worker" => "every worker and lane of the gang",
                        _ => "every lane of the worker",
                    };
                    out.push(format!("{}call of `{}` (routine {}): run by {by}", "  ".repeat(depth), fortran_name(n), routine_level(*l)));
                }
                // `bind`: which procedure each kind of device calls instead.
                if let Some((_, b)) = par.binds.iter().find(|(p, _)| p == n) {
                    const DEVICES: [&str; 4] = ["the host device", "the sim device", "nvidia", "radeon"];
                    // (A routine that calls routines with `bind`: its own copy for the device.)
                    let copy = |b: &str| b == crate::ir::host_twin_name(n) || b == crate::ir::sim_copy_name(n);
                    let pad = "  ".repeat(depth);
                    let name = fortran_name(n);
                    let bound: Vec<String> = b
                        .iter()
                        .zip(DEVICES)
                        .filter_map(|(b, d)| b.as_ref().filter(|b| !copy(b)).map(|b| format!("`{}` on {d}", fortran_name(b))))
                        .collect();
                    let copies: Vec<&str> = b.iter().zip(DEVICES).filter_map(|(b, d)| b.as_ref().filter(|b| copy(b)).map(|_| d)).collect();
                    if !bound.is_empty() {
                        out.push(format!("{pad}call of `{name}`: bound to {}", bound.join(", ")));
                    }
                    if !copies.is_empty() {
                        out.push(format!(
                            "{pad}call of `{name}`: its body calls routines with `bind`: a copy of its own on {}",
                            copies.join(", ")
                        ));
                    }
                }
            }
            _ => {}
        }
    }
}
