//! omp-lower: outline every offload region (OpenACC compute construct or OpenMP target
//! region) into a kernel and build its mapping record.
//!
//! In the host function a construct becomes: `gpuf_acc_enter` for each map item, one
//! [`Stmt::Launch`] whose arguments are the construct's captures (the mapping record), and
//! `gpuf_acc_exit` for each map item in reverse order. Structured data constructs become the
//! same enter/exit calls around their body. The kernel's variables are fresh copies of the
//! host variables it uses; its prologue loads each parameter.

use crate::ir::*;
use std::collections::HashMap;

pub fn omp_lower(m: &mut Module) {
    let mut kernels = Vec::new();
    let body = std::mem::take(&mut m.main.body);
    let body = lower_stmts(body, &m.main, &mut kernels);
    m.main.body = body;
    for p in &mut m.procs {
        let body = std::mem::take(&mut p.body);
        let body = lower_stmts(body, p, &mut kernels);
        p.body = body;
    }
    m.kernels = kernels;
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
                });
                Stmt::Loop { id, var: self.var(var), lo: self.op(lo), hi: self.op(hi), step: self.op(step), body: self.stmts(body), part }
            }
            Stmt::While { id, cond_body, cond, body } => {
                Stmt::While { id, cond_body: self.stmts(cond_body), cond: self.op(cond), body: self.stmts(body) }
            }
            Stmt::Builtin(b, os) => Stmt::Builtin(b, self.ops(os)),
            Stmt::Prim(p, os) => Stmt::Prim(p, self.ops(os)),
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
                prologue.push(Stmt::Assign(kv, Rv::Use(Op::Var(p))));
                args.push(LaunchArg { kind: ArgKind::Mapped, host: Op::Var(*v), bytes: bytes.clone() });
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
            part: Some(PartLoop { levels: Levels::default(), collapse: 1, reductions: reds, privates: Vec::new(), independent: true }),
        });
        body = init;
    }
    body.push(Stmt::Return);
    let mut func = rm.k;
    func.body = body;
    let levels = loop_levels(&func.body);
    kernels.push(Kernel { name, kind: r.kind, func, params, levels, shared_bytes: 0, prologue });
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
