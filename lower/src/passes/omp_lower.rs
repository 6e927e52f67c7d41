//! omp-lower: outline every offload region (OpenACC compute construct or OpenMP target
//! region) into a kernel and build its mapping record.
//!
//! In the host function a construct becomes: `gpuf_acc_enter` for each map item, one
//! [`Stmt::Launch`] whose arguments are the construct's captures (the mapping record), and
//! `gpuf_acc_exit` for each map item in reverse order. Structured data constructs become the
//! same enter/exit calls around their body. The kernel's variables are fresh copies of the
//! host variables it uses; its prologue loads each parameter.
//!
//! A host OpenMP `parallel` construct ([`Stmt::HostParallel`]) is outlined the way GCC's
//! omp-low does it: into a procedure of the module taking one pointer, the record of the
//! values of the enclosing function's variables it uses (8 bytes each; shared data is
//! reached through pointers among them, as gimplify arranged), started on a team by
//! libgomp's `GOMP_parallel(fn, data, num_threads, flags)`; a host `task` the same way,
//! started with `GOMP_task` (the record holds every value at the task's creation: OpenMP's
//! firstprivate default, shared data through pointers).

use crate::ir::*;
use std::collections::{HashMap, HashSet};

pub fn omp_lower(m: &mut Module) {
    let mut kernels = Vec::new();
    let mut outlined = Vec::new();
    let mut main = std::mem::replace(&mut m.main, Function::new(""));
    lower_function(&mut main, &mut kernels, &mut outlined);
    m.main = main;
    for p in &mut m.procs {
        lower_function(p, &mut kernels, &mut outlined);
    }
    m.procs.extend(outlined);
    m.kernels = kernels;
}

/// Lowers one function's body; host parallel constructs become procedures in `outlined`.
fn lower_function(f: &mut Function, kernels: &mut Vec<Kernel>, outlined: &mut Vec<Function>) {
    let body = std::mem::take(&mut f.body);
    let mut l = Lower { kernels, outlined, refs: HashMap::new(), extra: Vec::new() };
    count_refs(&body, &mut l.refs);
    let mut body = l.stmts(body, f);
    let extra = std::mem::take(&mut l.extra);
    f.body = std::mem::take(&mut body);
    for v in extra {
        f.vars.push(v);
    }
}

/// The lowering state of one function.
struct Lower<'a> {
    kernels: &'a mut Vec<Kernel>,
    outlined: &'a mut Vec<Function>,
    /// How often each variable is named in the function (uses and definitions).
    refs: HashMap<VarId, usize>,
    /// Variables added to the function while it is borrowed (`host.vars.len()` on).
    extra: Vec<Var>,
}

impl Lower<'_> {
    fn stmts(&mut self, ss: Vec<Stmt>, host: &Function) -> Vec<Stmt> {
        let mut out = Vec::new();
        for s in ss {
            match s {
                Stmt::HostParallel(h) => self.host_parallel(*h, host, &mut out),
                Stmt::If { cond, then_body, else_body } => {
                    out.push(Stmt::If { cond, then_body: self.stmts(then_body, host), else_body: self.stmts(else_body, host) })
                }
                Stmt::Loop { id, var, lo, hi, step, body, part } => {
                    out.push(Stmt::Loop { id, var, lo, hi, step, body: self.stmts(body, host), part })
                }
                Stmt::While { id, cond_body, cond, body } => {
                    out.push(Stmt::While { id, cond_body: self.stmts(cond_body, host), cond, body: self.stmts(body, host) })
                }
                Stmt::DataRegion { maps, body } => {
                    let body = self.stmts(body, host);
                    out.extend(lower_stmts(vec![Stmt::DataRegion { maps, body }], host, self.kernels));
                }
                s => out.extend(lower_stmts(vec![s], host, self.kernels)),
            }
        }
        out
    }

    fn new_var(&mut self, host: &Function, name: &str, ty: Ty) -> VarId {
        self.extra.push(Var { name: name.into(), ty, reassoc: None });
        VarId((host.vars.len() + self.extra.len() - 1) as u32)
    }

    /// Outlines a host parallel construct and starts it with `GOMP_parallel`.
    fn host_parallel(&mut self, h: HostParallel, host: &Function, out: &mut Vec<Stmt>) {
        // The variables named both in the construct and elsewhere in the function are
        // captured by value; the others are the outlined procedure's own.
        let mut inner = HashMap::new();
        count_refs(&h.body, &mut inner);
        let mut caps: Vec<VarId> = inner
            .iter()
            .filter(|(v, n)| self.refs.get(v).copied().unwrap_or(0) > **n || host.params.contains(v) || host.result == Some(**v))
            .map(|(v, _)| *v)
            .collect();
        caps.sort();
        let n = self.outlined.len();
        let name = format!("{}._omp_fn.{n}", if host.name.is_empty() { "main" } else { host.name.as_str() });
        let mut rm = Remap { host, k: Function::new(name.clone()), map: HashMap::new() };
        rm.k.next_loop = host.next_loop;
        rm.k.local = true;
        // The `simd` loops of the construct keep their vectorisation hints.
        rm.k.simd_loops = host.simd_loops.iter().copied().filter(|id| has_loop(&h.body, *id)).collect();
        let data = rm.k.new_var("omp.data", Ty::Ptr);
        rm.k.params = vec![data];
        let mut body = Vec::new();
        for (i, v) in caps.iter().enumerate() {
            let kv = rm.var(*v);
            let ty = host.var(*v).ty;
            let a = rm.k.new_var(format!("{}.slot", host.var(*v).name), Ty::Ptr);
            body.push(Stmt::Assign(a, Rv::PtrAdd(Op::Var(data), Op::I64(8 * i as i64))));
            body.push(Stmt::Assign(kv, Rv::Load(ty, Op::Var(a))));
        }
        body.extend(rm.stmts(h.body));
        body.push(Stmt::Return);
        let mut func = rm.k;
        func.body = body;
        // Nested constructs of the outlined procedure (libgomp serialises them).
        self.outlined.push(Function::new(String::new()));
        lower_function(&mut func, self.kernels, self.outlined);
        self.outlined[n] = func;
        // The host side: the record, then the team.
        let rec = if caps.is_empty() {
            Op::Null
        } else {
            let r = self.new_var(host, "omp.rec", Ty::Ptr);
            out.push(Stmt::Assign(r, Rv::Alloca(8 * caps.len() as u64)));
            for (i, v) in caps.iter().enumerate() {
                let a = self.new_var(host, "omp.slot", Ty::Ptr);
                out.push(Stmt::Assign(a, Rv::PtrAdd(Op::Var(r), Op::I64(8 * i as i64))));
                out.push(Stmt::Store(host.var(*v).ty, Op::Var(a), Op::Var(*v)));
            }
            Op::Var(r)
        };
        let fp = self.new_var(host, "omp.fn", Ty::Ptr);
        out.push(Stmt::Assign(fp, Rv::GlobalAddr(name)));
        if h.task {
            // GOMP_task(fn, data, cpyfn, arg_size, arg_align, if_clause, flags, depend,
            // priority, detach): libgomp copies the record when it defers the task.
            let size = Op::I64(8 * caps.len() as i64);
            let args = vec![Op::Var(fp), rec, Op::Null, size, Op::I64(8), h.num_threads, Op::I32(0), Op::Null, Op::I32(0), Op::Null];
            out.push(Stmt::Call("GOMP_task".into(), args));
        } else {
            out.push(Stmt::Call("GOMP_parallel".into(), vec![Op::Var(fp), rec, h.num_threads, Op::I32(h.flags)]));
        }
    }
}

/// Whether the statements contain the loop `id` (also inside nested constructs).
fn has_loop(ss: &[Stmt], id: LoopId) -> bool {
    ss.iter().any(|s| match s {
        Stmt::Loop { id: l, body, .. } => *l == id || has_loop(body, id),
        Stmt::While { cond_body, body, .. } => has_loop(cond_body, id) || has_loop(body, id),
        Stmt::If { then_body, else_body, .. } => has_loop(then_body, id) || has_loop(else_body, id),
        Stmt::HostParallel(h) => has_loop(&h.body, id),
        Stmt::DataRegion { body, .. } => has_loop(body, id),
        _ => false,
    })
}

/// Counts the variables named in the statements (operands, definitions, loop variables,
/// reductions and privates of partitioned loops, and inside nested constructs).
fn count_refs(ss: &[Stmt], out: &mut HashMap<VarId, usize>) {
    fn op(o: &Op, out: &mut HashMap<VarId, usize>) {
        if let Op::Var(v) = o {
            *out.entry(*v).or_insert(0) += 1;
        }
    }
    fn var(v: VarId, out: &mut HashMap<VarId, usize>) {
        *out.entry(v).or_insert(0) += 1;
    }
    fn rv(r: &Rv, out: &mut HashMap<VarId, usize>) {
        match r {
            Rv::Use(o) | Rv::Unary(_, o) | Rv::Cast(_, o) | Rv::Load(_, o) | Rv::AtomicLoad(_, o) => op(o, out),
            Rv::Binary(_, a, b) | Rv::PtrAdd(a, b) | Rv::AtomicRmw(_, _, a, b) => {
                op(a, out);
                op(b, out);
            }
            Rv::AtomicCas(_, a, b, c) => {
                op(a, out);
                op(b, out);
                op(c, out);
            }
            Rv::Math(_, os) | Rv::Call(_, os, _) | Rv::Builtin(_, os) | Rv::Prim(_, os) => os.iter().for_each(|o| op(o, out)),
            Rv::AddrOf(v) => var(*v, out),
            Rv::GlobalAddr(_) | Rv::Alloca(_) => {}
        }
    }
    fn red(r: &Reduction, out: &mut HashMap<VarId, usize>) {
        var(r.local, out);
        let (RedResult::Var(v) | RedResult::Mem(v)) = r.result;
        var(v, out);
    }
    for s in ss {
        match s {
            Stmt::Assign(v, r) => {
                var(*v, out);
                rv(r, out);
            }
            Stmt::Store(_, a, b) | Stmt::AtomicStore(_, a, b) => {
                op(a, out);
                op(b, out);
            }
            Stmt::Call(_, os) | Stmt::Builtin(_, os) | Stmt::Prim(_, os) => os.iter().for_each(|o| op(o, out)),
            Stmt::If { cond, then_body, else_body } => {
                op(cond, out);
                count_refs(then_body, out);
                count_refs(else_body, out);
            }
            Stmt::Loop { var: v, lo, hi, step, body, part, .. } => {
                var(*v, out);
                op(lo, out);
                op(hi, out);
                op(step, out);
                if let Some(a) = part {
                    a.reductions.iter().for_each(|r| red(r, out));
                    a.privates.iter().for_each(|v| var(*v, out));
                    a.chunk.iter().for_each(|c| op(c, out));
                    a.gang_dim.iter().flat_map(|g| &g.1).for_each(|c| op(c, out));
                    a.threads.iter().for_each(|c| op(c, out));
                    if let Some(t) = &a.simt {
                        t.safelen.iter().for_each(|c| op(c, out));
                        t.last_vars.iter().for_each(|v| var(*v, out));
                        count_refs(&t.last_copy, out);
                    }
                }
                count_refs(body, out);
            }
            Stmt::While { cond_body, cond, body, .. } => {
                count_refs(cond_body, out);
                op(cond, out);
                count_refs(body, out);
            }
            Stmt::Region(r) => {
                for c in &r.captures {
                    match c {
                        Capture::Mapped(v, b) | Capture::Scratch(v, b) => {
                            var(*v, out);
                            op(b, out);
                        }
                        Capture::Value(v) | Capture::Private(v) => var(*v, out),
                    }
                }
                for m in &r.maps {
                    op(&m.addr, out);
                    op(&m.bytes, out);
                }
                r.reductions.iter().for_each(|x| red(x, out));
                for o in [&r.num_gangs, &r.num_workers, &r.vector_length, &r.if_cond].into_iter().flatten() {
                    op(o, out);
                }
                count_refs(&r.body, out);
            }
            Stmt::DataRegion { maps, body } => {
                for m in maps {
                    op(&m.addr, out);
                    op(&m.bytes, out);
                }
                count_refs(body, out);
            }
            Stmt::HostParallel(h) => {
                op(&h.num_threads, out);
                count_refs(&h.body, out);
            }
            Stmt::Launch(l) => {
                for a in &l.args {
                    op(&a.host, out);
                    op(&a.bytes, out);
                }
                for o in [&l.gangs, &l.workers, &l.vector] {
                    op(o, out);
                }
            }
            Stmt::Exit(_) | Stmt::Cycle(_) | Stmt::Return => {}
        }
    }
}

fn lower_stmts(ss: Vec<Stmt>, host: &Function, kernels: &mut Vec<Kernel>) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in ss {
        match s {
            Stmt::Region(r) => outline(*r, host, kernels, &mut out),
            Stmt::DataRegion { maps, body } => {
                for mi in &maps {
                    out.push(enter(mi, 0));
                }
                out.extend(lower_stmts(body, host, kernels));
                for mi in maps.iter().rev() {
                    out.push(exit(mi, 0));
                }
            }
            Stmt::If { cond, then_body, else_body } => out.push(Stmt::If {
                cond,
                then_body: lower_stmts(then_body, host, kernels),
                else_body: lower_stmts(else_body, host, kernels),
            }),
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                out.push(Stmt::Loop { id, var, lo, hi, step, body: lower_stmts(body, host, kernels), part })
            }
            Stmt::While { id, cond_body, cond, body } => {
                out.push(Stmt::While { id, cond_body: lower_stmts(cond_body, host, kernels), cond, body: lower_stmts(body, host, kernels) })
            }
            s => out.push(s),
        }
    }
    out
}

fn enter(mi: &MapItem, dynamic: i32) -> Stmt {
    Stmt::Call(
        "gpuf_acc_enter".into(),
        vec![mi.addr.clone(), mi.bytes.clone(), Op::I32(mi.kind.code()), Op::I32(dynamic), Op::Str(mi.at.clone())],
    )
}

fn exit(mi: &MapItem, dynamic: i32) -> Stmt {
    Stmt::Call(
        "gpuf_acc_exit".into(),
        vec![mi.addr.clone(), mi.bytes.clone(), Op::I32(mi.kind.code()), Op::I32(dynamic), Op::I32(0), Op::Str(mi.at.clone())],
    )
}

/// Copies host variables into the kernel on first use.
struct Remap<'a> {
    host: &'a Function,
    k: Function,
    map: HashMap<VarId, VarId>,
}

impl Remap<'_> {
    fn var(&mut self, v: VarId) -> VarId {
        if let Some(x) = self.map.get(&v) {
            return *x;
        }
        let hv = self.host.var(v).clone();
        let nv = self.k.new_var(hv.name, hv.ty);
        self.k.vars[nv.0 as usize].reassoc = hv.reassoc;
        self.map.insert(v, nv);
        nv
    }
    fn op(&mut self, o: Op) -> Op {
        match o {
            Op::Var(v) => Op::Var(self.var(v)),
            o => o,
        }
    }
    fn ops(&mut self, os: Vec<Op>) -> Vec<Op> {
        os.into_iter().map(|o| self.op(o)).collect()
    }
    fn rv(&mut self, r: Rv) -> Rv {
        match r {
            Rv::Use(o) => Rv::Use(self.op(o)),
            Rv::Unary(u, o) => Rv::Unary(u, self.op(o)),
            Rv::Binary(b, x, y) => Rv::Binary(b, self.op(x), self.op(y)),
            Rv::Cast(t, o) => Rv::Cast(t, self.op(o)),
            Rv::Math(m, os) => Rv::Math(m, self.ops(os)),
            Rv::Load(t, o) => Rv::Load(t, self.op(o)),
            Rv::PtrAdd(p, o) => Rv::PtrAdd(self.op(p), self.op(o)),
            Rv::Call(n, os, t) => Rv::Call(n, self.ops(os), t),
            Rv::Builtin(b, os) => Rv::Builtin(b, self.ops(os)),
            Rv::Prim(p, os) => Rv::Prim(p, self.ops(os)),
            Rv::AtomicRmw(a, t, p, v) => Rv::AtomicRmw(a, t, self.op(p), self.op(v)),
            Rv::AtomicCas(t, p, e, n) => Rv::AtomicCas(t, self.op(p), self.op(e), self.op(n)),
            Rv::AtomicLoad(t, p) => Rv::AtomicLoad(t, self.op(p)),
            Rv::AddrOf(v) => Rv::AddrOf(self.var(v)),
            Rv::GlobalAddr(g) => Rv::GlobalAddr(g),
            Rv::Alloca(n) => Rv::Alloca(n),
        }
    }
    fn red(&mut self, r: Reduction) -> Reduction {
        Reduction {
            op: r.op,
            ty: r.ty,
            local: self.var(r.local),
            result: match r.result {
                RedResult::Var(v) => RedResult::Var(self.var(v)),
                RedResult::Mem(v) => RedResult::Mem(self.var(v)),
            },
        }
    }
    fn stmts(&mut self, ss: Vec<Stmt>) -> Vec<Stmt> {
        ss.into_iter().map(|s| self.stmt(s)).collect()
    }
    fn maps(&mut self, ms: Vec<MapItem>) -> Vec<MapItem> {
        ms.into_iter().map(|m| MapItem { kind: m.kind, addr: self.op(m.addr), bytes: self.op(m.bytes), what: m.what, at: m.at }).collect()
    }
    fn stmt(&mut self, s: Stmt) -> Stmt {
        match s {
            Stmt::Assign(v, r) => {
                let r = self.rv(r);
                Stmt::Assign(self.var(v), r)
            }
            Stmt::Store(t, p, v) => Stmt::Store(t, self.op(p), self.op(v)),
            Stmt::AtomicStore(t, p, v) => Stmt::AtomicStore(t, self.op(p), self.op(v)),
            Stmt::Call(n, os) => Stmt::Call(n, self.ops(os)),
            Stmt::If { cond, then_body, else_body } => {
                Stmt::If { cond: self.op(cond), then_body: self.stmts(then_body), else_body: self.stmts(else_body) }
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                let part = part.map(|a| PartLoop {
                    levels: a.levels,
                    collapse: a.collapse,
                    reductions: a.reductions.into_iter().map(|r| self.red(r)).collect(),
                    privates: a.privates.into_iter().map(|v| self.var(v)).collect(),
                    independent: a.independent,
                    chunk: a.chunk.map(|c| self.op(c)),
                    gang_dim: a.gang_dim.map(|g| {
                        let (d, s) = *g;
                        Box::new((d, self.ops(s)))
                    }),
                    threads: a.threads.map(|c| self.op(c)),
                    notes: a.notes,
                    copied_out: a.copied_out,
                    auto_proof: a.auto_proof,
                    simt: a.simt.map(|t| {
                        let Simt { safelen, last_vars, last_copy, clauses } = *t;
                        Box::new(Simt {
                            safelen: safelen.map(|o| self.op(o)),
                            last_vars: last_vars.into_iter().map(|v| self.var(v)).collect(),
                            last_copy: self.stmts(last_copy),
                            clauses,
                        })
                    }),
                });
                Stmt::Loop { id, var: self.var(var), lo: self.op(lo), hi: self.op(hi), step: self.op(step), body: self.stmts(body), part }
            }
            Stmt::While { id, cond_body, cond, body } => {
                Stmt::While { id, cond_body: self.stmts(cond_body), cond: self.op(cond), body: self.stmts(body) }
            }
            Stmt::Builtin(b, os) => Stmt::Builtin(b, self.ops(os)),
            Stmt::Prim(p, os) => Stmt::Prim(p, self.ops(os)),
            Stmt::HostParallel(h) => {
                let HostParallel { what, line, num_threads, task, flags, body } = *h;
                let num_threads = self.op(num_threads);
                Stmt::HostParallel(Box::new(HostParallel { what, line, num_threads, task, flags, body: self.stmts(body) }))
            }
            // Offload constructs inside a host `parallel`: the outlined procedure's own
            // variables in their maps, captures and clauses too.
            Stmt::Region(r) => {
                let r = *r;
                let captures = r
                    .captures
                    .into_iter()
                    .map(|c| match c {
                        Capture::Mapped(v, b) => {
                            let b = self.op(b);
                            Capture::Mapped(self.var(v), b)
                        }
                        Capture::Value(v) => Capture::Value(self.var(v)),
                        Capture::Private(v) => Capture::Private(self.var(v)),
                        Capture::Scratch(v, b) => {
                            let b = self.op(b);
                            Capture::Scratch(self.var(v), b)
                        }
                    })
                    .collect();
                Stmt::Region(Box::new(OffloadRegion {
                    kind: r.kind,
                    what: r.what,
                    line: r.line,
                    hosted: r.hosted,
                    maps: self.maps(r.maps),
                    captures,
                    reductions: r.reductions.into_iter().map(|x| self.red(x)).collect(),
                    num_gangs: r.num_gangs.map(|o| self.op(o)),
                    num_workers: r.num_workers.map(|o| self.op(o)),
                    vector_length: r.vector_length.map(|o| self.op(o)),
                    if_cond: r.if_cond.map(|o| self.op(o)),
                    body: self.stmts(r.body),
                    notes: r.notes,
                    noalias: r.noalias.into_iter().map(|v| self.var(v)).collect(),
                    devices: r.devices,
                }))
            }
            Stmt::DataRegion { maps, body } => Stmt::DataRegion { maps: self.maps(maps), body: self.stmts(body) },
            s => s,
        }
    }
}

fn outline(r: OffloadRegion, host: &Function, kernels: &mut Vec<Kernel>, out: &mut Vec<Stmt>) {
    let idx = kernels.len();
    let name = format!("{}_{}_l{}", host.name, r.what.replace(' ', "_"), r.line);
    let name = if kernels.iter().any(|k| k.name == name) { format!("{name}_{idx}") } else { name };
    let mut rm = Remap { host, k: Function::new(name.clone()), map: HashMap::new() };
    rm.k.next_loop = host.next_loop;
    let mut params = Vec::new();
    let mut prologue = Vec::new();
    let mut args = Vec::new();
    for c in &r.captures {
        match c {
            Capture::Mapped(v, bytes) => {
                let kv = rm.var(*v);
                let p = rm.k.new_var(format!("{}.param", host.var(*v).name), Ty::Ptr);
                params.push(p);
                if r.noalias.contains(v) {
                    rm.k.noalias.push(p);
                }
                prologue.push(Stmt::Assign(kv, Rv::Use(Op::Var(p))));
                args.push(LaunchArg { kind: ArgKind::Mapped, host: Op::Var(*v), bytes: bytes.clone() });
            }
            Capture::Value(v) if host.var(*v).ty.size() <= 8 => {
                // In the kernel parameter itself: no device copy, no load.
                let kv = rm.var(*v);
                let ty = host.var(*v).ty;
                let p = rm.k.new_var(format!("{}.param", host.var(*v).name), ty);
                params.push(p);
                prologue.push(Stmt::Assign(kv, Rv::Use(Op::Var(p))));
                args.push(LaunchArg { kind: ArgKind::Scalar, host: Op::Var(*v), bytes: Op::I64(ty.size()) });
            }
            Capture::Value(v) => {
                let kv = rm.var(*v);
                let ty = host.var(*v).ty;
                let p = rm.k.new_var(format!("{}.param", host.var(*v).name), Ty::Ptr);
                params.push(p);
                prologue.push(Stmt::Assign(kv, Rv::Load(ty, Op::Var(p))));
                args.push(LaunchArg { kind: ArgKind::Value, host: Op::Var(*v), bytes: Op::I64(ty.size()) });
            }
            Capture::Private(v) => {
                rm.var(*v);
            }
            Capture::Scratch(v, bytes) => {
                let kv = rm.var(*v);
                let p = rm.k.new_var(format!("{}.param", host.var(*v).name), Ty::Ptr);
                params.push(p);
                prologue.push(Stmt::Assign(kv, Rv::Use(Op::Var(p))));
                args.push(LaunchArg { kind: ArgKind::Scratch, host: Op::Null, bytes: bytes.clone() });
            }
        }
    }
    let mut body = rm.stmts(r.body);
    // Construct-level reductions: a one-trip loop at the outermost level (seed 001,
    // "Reductions on Parallel").
    if !r.reductions.is_empty() {
        let reds: Vec<Reduction> = r.reductions.into_iter().map(|x| rm.red(x)).collect();
        let id = rm.k.new_loop();
        let var = rm.k.new_var("red.once", Ty::I32);
        let mut init = Vec::new();
        for red in &reds {
            init.push(Stmt::Assign(red.local, Rv::Use(crate::passes::gimplify::zero_of(red.ty))));
        }
        init.push(Stmt::Loop {
            id,
            var,
            lo: Op::I32(1),
            hi: Op::I32(1),
            step: Op::I32(1),
            body,
            part: Some(PartLoop {
                levels: Levels::default(),
                collapse: 1,
                reductions: reds,
                privates: Vec::new(),
                independent: true,
                chunk: None,
                gang_dim: None,
                threads: None,
                notes: Box::default(),
                copied_out: Box::default(),
                auto_proof: None,
                simt: None,
            }),
        });
        body = init;
    }
    body.push(Stmt::Return);
    let mut func = rm.k;
    func.body = body;
    // `noalias` only on arrays the kernel never writes: a write seen by another thread after
    // a barrier (single code storing, then partitioned code loading) must not be moved
    // across it, as LLVM could for a `noalias` parameter the barrier does not receive.
    let ro: Vec<VarId> = func.noalias.iter().copied().filter(|p| read_only(&prologue, &func.body, *p)).collect();
    func.noalias = ro;
    let levels = loop_levels(&func.body);
    kernels.push(Kernel { name, kind: r.kind, func, params, levels, shared_bytes: 0, prologue, devices: r.devices });
    let mut dev = Vec::new();
    for mi in &r.maps {
        dev.push(enter(mi, 0));
    }
    let launch = Launch {
        kernel: idx,
        args,
        on_host: false,
        gangs: r.num_gangs.unwrap_or(Op::I32(0)),
        workers: r.num_workers.unwrap_or(Op::I32(0)),
        vector: r.vector_length.unwrap_or(Op::I32(0)),
    };
    let host_launch = Launch { on_host: true, ..launch.clone() };
    dev.push(Stmt::Launch(Box::new(launch)));
    for mi in r.maps.iter().rev() {
        dev.push(exit(mi, 0));
    }
    match r.if_cond {
        Some(cond) => out.push(Stmt::If { cond, then_body: dev, else_body: vec![Stmt::Launch(Box::new(host_launch))] }),
        None => out.extend(dev),
    }
}

/// Whether no statement writes memory through an address computed from the pointer `p`
/// (nor passes one to a call, stores one, or exchanges one atomically).
fn read_only(prologue: &[Stmt], body: &[Stmt], p: VarId) -> bool {
    fn derive(ss: &[Stmt], from: &mut HashSet<VarId>) -> bool {
        let mut grew = false;
        for s in ss {
            match s {
                Stmt::Assign(v, Rv::Use(a) | Rv::Cast(_, a) | Rv::PtrAdd(a, _) | Rv::Binary(_, a, _) | Rv::Unary(_, a)) => {
                    let b = if let Stmt::Assign(_, Rv::Binary(_, _, b) | Rv::PtrAdd(_, b)) = s { Some(b) } else { None };
                    let t = |o: &Op| matches!(o, Op::Var(x) if from.contains(x));
                    if (t(a) || b.is_some_and(t)) && from.insert(*v) {
                        grew = true;
                    }
                }
                Stmt::If { then_body, else_body, .. } => grew |= derive(then_body, from) | derive(else_body, from),
                Stmt::Loop { body, .. } => grew |= derive(body, from),
                Stmt::While { cond_body, body, .. } => grew |= derive(cond_body, from) | derive(body, from),
                _ => {}
            }
        }
        grew
    }
    fn writes(ss: &[Stmt], from: &HashSet<VarId>) -> bool {
        let t = |o: &Op| matches!(o, Op::Var(x) if from.contains(x));
        ss.iter().any(|s| match s {
            Stmt::Store(_, a, v) | Stmt::AtomicStore(_, a, v) => t(a) || t(v),
            Stmt::Call(_, os) | Stmt::Builtin(_, os) | Stmt::Prim(_, os) => os.iter().any(t),
            Stmt::Assign(_, Rv::Call(_, os, _) | Rv::Builtin(_, os) | Rv::Prim(_, os)) => os.iter().any(t),
            Stmt::Assign(_, Rv::AtomicRmw(_, _, a, v)) => t(a) || t(v),
            Stmt::Assign(_, Rv::AtomicCas(_, a, e, n)) => t(a) || t(e) || t(n),
            Stmt::Assign(_, Rv::AddrOf(x)) => from.contains(x),
            Stmt::If { then_body, else_body, .. } => writes(then_body, from) || writes(else_body, from),
            Stmt::Loop { body, .. } => writes(body, from),
            Stmt::While { cond_body, body, .. } => writes(cond_body, from) || writes(body, from),
            Stmt::Region(_) | Stmt::DataRegion { .. } | Stmt::HostParallel(_) | Stmt::Launch(_) => true,
            _ => false,
        })
    }
    let mut from = HashSet::from([p]);
    while derive(prologue, &mut from) | derive(body, &mut from) {}
    !writes(prologue, &from) && !writes(body, &from)
}

/// The union of the levels of every partitioned loop in the statements.
pub fn loop_levels(ss: &[Stmt]) -> Levels {
    let mut l = Levels::default();
    for s in ss {
        match s {
            Stmt::Loop { body, part, .. } => {
                if let Some(a) = part {
                    l = Levels(l.0 | a.levels.0);
                }
                l = Levels(l.0 | loop_levels(body).0);
            }
            Stmt::If { then_body, else_body, .. } => l = Levels(l.0 | loop_levels(then_body).0 | loop_levels(else_body).0),
            Stmt::While { body, cond_body, .. } => l = Levels(l.0 | loop_levels(body).0 | loop_levels(cond_body).0),
            _ => {}
        }
    }
    l
}

#[cfg(test)]
mod tests {
    use crate::ir::Target;

    /// The names of the `noalias` parameters of each kernel.
    fn noalias(src: &str) -> Vec<Vec<String>> {
        let (c, _) = gpuf_frontend::parse_and_check(src).expect("the test program checks");
        let out = crate::passes::run_pipeline(&c, src, "t.f90", &[Target::Nvptx], None).unwrap_or_else(|_| panic!("the pipeline runs"));
        out.modules[0].kernels.iter().map(|k| k.func.noalias.iter().map(|v| k.func.var(*v).name.clone()).collect()).collect()
    }

    #[test]
    fn noalias_only_on_unaliased_arrays_the_kernel_only_reads() {
        let src = "program p
  real(8), allocatable :: a(:), b(:)
  real(8), target :: t(4)
  real(8) :: e(4), f(4), g(8), h(4)
  equivalence (e, g)
  integer :: i
  allocate(a(4), b(4))
  a = 1; t = 2; e = 3; f = 4; h = 5
  !$acc parallel loop copyin(a, t, e, f, g) copyout(b, h)
  do i = 1, 4
    b(i) = a(i) + t(i) + e(i) + f(i) + g(i)
    h(i) = f(i)
  end do
  print *, b, h
end program p
";
        // `b` and `h` are written, `t` is a target, `e` and `g` are equivalenced.
        assert_eq!(noalias(src), vec![vec!["a.addr.param".to_string(), "f.addr.param".to_string()]]);
        // A `deviceptr` array may be the device copy of `a`.
        let src = "subroutine s(x, a, b, n)
  integer :: n, i
  real(8) :: x(n), a(n), b(n)
  !$acc parallel loop deviceptr(x) copyin(a) copyout(b)
  do i = 1, n
    b(i) = a(i) + x(i)
  end do
end subroutine s
";
        assert_eq!(noalias(src), vec![Vec::<String>::new()]);
    }
}
