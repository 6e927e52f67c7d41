//! oacc-xform: specialise the kernels for one target (GCC's `oaccdevlow`).
//!
//! The only pass that calls the [`OffloadHooks`]: it neuters worker- and vector-single code
//! ([`crate::neuter`]), expands `GOACC_DIM_SIZE/POS` and the reduction stages, drops the
//! fork/join markers, sizes the kernel's shared memory and moves the prologue into the body.

use crate::ir::*;
use crate::neuter::Neuter;
use crate::targets::{hooks_for, tmp, OffloadHooks, MAX_WORKERS};

pub fn oacc_xform(m: &mut Module, target: Target) {
    let hooks = hooks_for(target);
    // The lowerings of `device_type` constructs for other devices: never launched here (the
    // host keeps every one: a construct whose `if` is false runs its lowering on the host).
    let t = Target::ALL.iter().position(|t| *t == target).unwrap_or(0);
    for k in m.kernels.iter_mut().filter(|k| target != Target::Host && k.devices.is_some_and(|d| !d[t])) {
        k.func.body = vec![Stmt::Return];
    }
    // `!$acc routine ... bind`: the kernels call this target's procedure in place of the
    // routine (a routine with partitioned loops is bound to one of the same levels, whose
    // sim copy the sim device calls).
    let mut par = m.par_routines.clone();
    let binds: Vec<(String, String)> =
        m.routine_binds.iter().filter_map(|(n, b)| b.get(t).cloned().flatten().map(|b| (n.clone(), b))).collect();
    if !binds.is_empty() {
        for k in &mut m.kernels {
            to_bound(&mut k.func.body, &binds);
        }
        // The GPUs' copies of the routines are device code only.
        if matches!(target, Target::Nvptx | Target::Amdgcn) {
            for p in m.procs.iter_mut().filter(|p| m.routines.contains(&p.name)) {
                to_bound(&mut p.body, &binds);
            }
        }
        for (n, b) in &binds {
            if let Some(&(_, l)) = m.par_routines.iter().find(|(p, _)| p == n) {
                if !par.iter().any(|(p, _)| p == b) {
                    par.push((b.clone(), l));
                }
            }
        }
    }
    // Routines with partitioned loops: partitioned and neutered as a kernel body is, every
    // thread of the routine's levels running the call (omp-expand's fork around it).
    let mut routine_shared = 0;
    for p in m.procs.iter_mut() {
        let Some(&(_, levels)) = par.iter().find(|(n, _)| *n == p.name) else { continue };
        let body = std::mem::take(&mut p.body);
        let mut body = choose(hooks.as_ref(), p, body);
        if target == Target::Host {
            runtime_on_device(&mut body);
        }
        if hooks.needs_neutering() {
            let mut n = Neuter::for_routine(hooks.as_ref(), p, &body);
            body = n.run(p, body, levels);
            routine_shared = routine_shared.max(n.slots as i64 * 8);
        }
        let mut worker_red = false;
        p.body = expand(hooks.as_ref(), p, body, &mut worker_red);
        if worker_red {
            routine_shared = routine_shared.max(MAX_WORKERS * 8);
        }
        if target == Target::Sim {
            // The sim device's copy, beside the host copy the host module defines.
            p.name = sim_copy_name(&p.name);
        }
    }
    if target == Target::Sim {
        for p in m.procs.iter_mut().filter(|p| p.name.starts_with("gpuf_sim.")) {
            to_bound(&mut p.body, &binds);
            to_sim_copies(&mut p.body, &par);
        }
        for k in &mut m.kernels {
            to_sim_copies(&mut k.func.body, &par);
        }
    }
    for k in &mut m.kernels {
        let body = std::mem::take(&mut k.func.body);
        let mut body = choose(hooks.as_ref(), &mut k.func, body);
        if hooks.unroll_and_jam() {
            k.func.body = body;
            crate::unroll_jam::unroll_and_jam(&mut k.func, &k.prologue);
            body = std::mem::take(&mut k.func.body);
        }
        let mut slots = 0;
        let body = if hooks.needs_neutering() {
            let mut n = Neuter::new(hooks.as_ref(), &body);
            let b = n.run(&mut k.func, body, k.levels);
            slots = n.slots;
            b
        } else {
            body
        };
        let mut worker_red = false;
        let mut body = expand(hooks.as_ref(), &mut k.func, body, &mut worker_red);
        if hooks.needs_neutering() {
            let red = if worker_red { MAX_WORKERS * 8 } else { 0 };
            k.shared_bytes = red.max(slots as i64 * 8);
            // The routines it calls share the gang's shared memory on the sim device (the
            // GPUs give them a block of their own, `ROUTINE_SHARED_BYTES`).
            if target == Target::Sim && calls_any(&body, &par) {
                k.shared_bytes = k.shared_bytes.max(routine_shared).max(ROUTINE_SHARED_BYTES);
            }
        }
        let mut pro = std::mem::take(&mut k.prologue);
        pro.append(&mut body);
        k.func.body = pro;
        if !hooks.simd_loop_hints() {
            k.func.simd_loops.clear();
        }
    }
    // `!$acc routine seq` procedures: sequential code, specialised like a kernel's body.
    for p in m.procs.iter_mut().filter(|p| m.routines.contains(&p.name) && !par.iter().any(|(n, _)| *n == p.name)) {
        let mut body = std::mem::take(&mut p.body);
        if target == Target::Host {
            // The host copy of a routine also serves the sim device's kernels (which run
            // in the host program) and host code: the run time answers `acc_on_device` and
            // OpenMP's queries where it runs.
            runtime_on_device(&mut body);
        }
        let mut worker_red = false;
        p.body = expand(hooks.as_ref(), p, body, &mut worker_red);
    }
    // Routines whose bodies call routines with `bind` (`ProcSig::routine_twin`): the host
    // device's kernels call a copy of their own, as the sim device's call a `routine seq`'s
    // sim copy (a leveled routine's sim copy was rewritten above).
    let twin_name = match target {
        Target::Host => Some(host_twin_name as fn(&str) -> String),
        Target::Sim => Some(sim_copy_name as fn(&str) -> String),
        _ => None,
    };
    if let Some(twin_name) = twin_name {
        let mut twins = Vec::new();
        for p in &m.procs {
            let bound = binds.iter().find(|(r, _)| *r == p.name).map(|(_, b)| b);
            if bound.is_some_and(|b| *b == twin_name(&p.name)) && !(target == Target::Sim && par.iter().any(|(n, _)| *n == p.name)) {
                let mut twin = p.clone();
                twin.name = twin_name(&p.name);
                to_bound(&mut twin.body, &binds);
                if target == Target::Sim {
                    to_sim_copies(&mut twin.body, &par);
                }
                twins.push(twin);
            }
        }
        m.procs.extend(twins);
    }
    m.target = Some(target);
}

/// Makes the calls of routines with `bind` clauses call the procedures they bind.
fn to_bound(ss: &mut [Stmt], binds: &[(String, String)]) {
    for s in ss {
        match s {
            Stmt::Call(n, _) | Stmt::Assign(_, Rv::Call(n, _, _)) => {
                if let Some((_, b)) = binds.iter().find(|(r, _)| r == n) {
                    *n = b.clone();
                }
            }
            Stmt::If { then_body, else_body, .. } => {
                to_bound(then_body, binds);
                to_bound(else_body, binds);
            }
            Stmt::Loop { body, .. } => to_bound(body, binds),
            Stmt::While { cond_body, body, .. } => {
                to_bound(cond_body, binds);
                to_bound(body, binds);
            }
            _ => {}
        }
    }
}

/// Makes the calls of routines with partitioned loops call their sim copies.
fn to_sim_copies(ss: &mut [Stmt], par: &[(String, Levels)]) {
    for s in ss {
        match s {
            Stmt::Call(n, _) | Stmt::Assign(_, Rv::Call(n, _, _)) if par.iter().any(|(p, _)| p == n) => *n = sim_copy_name(n),
            Stmt::If { then_body, else_body, .. } => {
                to_sim_copies(then_body, par);
                to_sim_copies(else_body, par);
            }
            Stmt::Loop { body, .. } => to_sim_copies(body, par),
            Stmt::While { cond_body, body, .. } => {
                to_sim_copies(cond_body, par);
                to_sim_copies(body, par);
            }
            _ => {}
        }
    }
}

/// Whether the statements call a routine with partitioned loops.
fn calls_any(ss: &[Stmt], par: &[(String, Levels)]) -> bool {
    ss.iter().any(|s| match s {
        Stmt::Call(n, _) | Stmt::Assign(_, Rv::Call(n, _, _)) => par.iter().any(|(p, _)| p == n || sim_copy_name(p) == *n),
        Stmt::If { then_body, else_body, .. } => calls_any(then_body, par) || calls_any(else_body, par),
        Stmt::Loop { body, .. } => calls_any(body, par),
        Stmt::While { cond_body, body, .. } => calls_any(cond_body, par) || calls_any(body, par),
        _ => false,
    })
}

/// Answers [`Builtin::OneThreadPerGang`] and keeps only the branch the target takes of the
/// `if` that tests it (before neutering, which would otherwise see both): the nested form
/// where each gang runs on one thread, and where the threads take contiguous blocks
/// ([`OffloadHooks::block_per_thread`]), the nested form over the thread's block.
fn choose(h: &dyn OffloadHooks, f: &mut Function, ss: Vec<Stmt>) -> Vec<Stmt> {
    let one = !h.needs_neutering();
    // The answer for each variable, and the run operands where the threads take blocks.
    let mut known: std::collections::HashMap<VarId, (bool, Option<Vec<Op>>)> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for s in ss {
        match s {
            Stmt::Assign(v, Rv::Builtin(Builtin::OneThreadPerGang, run)) => {
                let block = (!one && h.block_per_thread() && run.len() == 6).then_some(run);
                let yes = one || block.is_some();
                known.insert(v, (yes, block));
                out.push(Stmt::Assign(v, Rv::Use(Op::I32(i32::from(yes)))));
            }
            Stmt::If { cond: Op::Var(c), then_body, else_body } if known.contains_key(&c) => match known.remove(&c) {
                Some((true, Some(run))) => match thread_block(f, &run, then_body) {
                    Some((mut block, body)) => {
                        out.append(&mut block);
                        out.extend(choose(h, f, body));
                    }
                    // Not of the expected shape: the strided form.
                    None => out.extend(choose(h, f, else_body)),
                },
                Some((true, None)) => out.extend(choose(h, f, then_body)),
                _ => out.extend(choose(h, f, else_body)),
            },
            Stmt::If { cond, then_body, else_body } => {
                out.push(Stmt::If { cond, then_body: choose(h, f, then_body), else_body: choose(h, f, else_body) })
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                out.push(Stmt::Loop { id, var, lo, hi, step, body: choose(h, f, body), part })
            }
            Stmt::While { id, cond_body, cond, body } => {
                out.push(Stmt::While { id, cond_body: choose(h, f, cond_body), cond, body: choose(h, f, body) })
            }
            s => out.push(s),
        }
    }
    out
}

/// The nested form `then_body` of [`Builtin::OneThreadPerGang`] over this thread's block of
/// the run `start..end` that `nthreads` threads share (the operands `run`, `start` to
/// `nthreads` in one integer width; `first` and `last` the `I64` variables the nested form
/// runs over): `ceil(n / nthreads)` consecutive iterations each, the first thread first, so
/// the blocks in thread order are the iterations in order; threads past the last block (and
/// every thread of an empty or reversed run) get none (`last` before `first`). No value
/// exceeds `end + nthreads`, so 32-bit arithmetic serves where the strided partition's
/// does. Returns the statements computing the block and the nested form reading them
/// instead of `first` and `last` (new variables, so each keeps one assignment and
/// neutering sees them uniform where the operands are); `None` where the operands (or the
/// form's uses of them) are not of that shape, and the strided form must be kept.
fn thread_block(f: &mut Function, run: &[Op], then_body: Vec<Stmt>) -> Option<(Vec<Stmt>, Vec<Stmt>)> {
    let [start, end, tid, nthreads, Op::Var(fv), Op::Var(lv)] = run else { return None };
    let w = f.op_ty(start);
    if !matches!(w, Ty::I32 | Ty::I64) || [end, tid, nthreads].iter().any(|o| f.op_ty(o) != w) {
        return None;
    }
    if *nthreads == Op::I32(1) || *nthreads == Op::I64(1) {
        // One thread (a gang loop): its block is the run the form already has.
        return Some((Vec::new(), then_body));
    }
    let mut out = Vec::new();
    let (zero, one) = if w == Ty::I32 { (Op::I32(0), Op::I32(1)) } else { (Op::I64(0), Op::I64(1)) };
    let bin = |f: &mut Function, out: &mut Vec<Stmt>, op: BinOp, a: Op, b: Op| tmp(f, out, w, Rv::Binary(op, a, b));
    let n = bin(f, &mut out, BinOp::Sub, end.clone(), start.clone());
    let n = bin(f, &mut out, BinOp::Max, n, zero);
    let b = bin(f, &mut out, BinOp::Add, n, nthreads.clone());
    let b = bin(f, &mut out, BinOp::Sub, b, one.clone());
    let blk = bin(f, &mut out, BinOp::Div, b, nthreads.clone());
    // Threads past the team size (OpenMP's `threads`) start at the end, as the last does.
    let p = bin(f, &mut out, BinOp::Min, tid.clone(), nthreads.clone());
    let off = bin(f, &mut out, BinOp::Mul, p, blk.clone());
    let first = bin(f, &mut out, BinOp::Add, start.clone(), off);
    // last + 1 = first + min(blk, end - first): never past `end`, and no overflow.
    let room = bin(f, &mut out, BinOp::Sub, end.clone(), first.clone());
    let len = bin(f, &mut out, BinOp::Min, blk, room);
    let stop = bin(f, &mut out, BinOp::Add, first.clone(), len);
    let last = bin(f, &mut out, BinOp::Sub, stop, one);
    let (first, last) = if w == Ty::I64 {
        (first, last)
    } else {
        (tmp(f, &mut out, Ty::I64, Rv::Cast(Ty::I64, first)), tmp(f, &mut out, Ty::I64, Rv::Cast(Ty::I64, last)))
    };
    let map = [(*fv, first), (*lv, last)];
    let mut body = then_body;
    substitute(&mut body, &map);
    let mut left = std::collections::BTreeSet::new();
    crate::passes::gimplify::uses(&body, &mut left);
    if left.contains(fv) || left.contains(lv) {
        return None;
    }
    Some((out, body))
}

/// Replaces the variables of `map` where the nested form reads them: operands of
/// assignments of operations, copies and conversions, and `if` conditions, at any depth
/// ([`thread_block`] checks that no other use is left).
fn substitute(ss: &mut [Stmt], map: &[(VarId, Op)]) {
    let op = |o: &mut Op| {
        if let Op::Var(v) = o {
            if let Some((_, to)) = map.iter().find(|(from, _)| from == v) {
                *o = to.clone();
            }
        }
    };
    for s in ss {
        match s {
            Stmt::Assign(_, Rv::Binary(_, a, b)) => {
                op(a);
                op(b);
            }
            Stmt::Assign(_, Rv::Use(a) | Rv::Cast(_, a)) => op(a),
            Stmt::If { cond, then_body, else_body } => {
                op(cond);
                substitute(then_body, map);
                substitute(else_body, map);
            }
            Stmt::Loop { lo, hi, step, body, .. } => {
                op(lo);
                op(hi);
                op(step);
                substitute(body, map);
            }
            Stmt::While { cond_body, cond, body, .. } => {
                substitute(cond_body, map);
                op(cond);
                substitute(body, map);
            }
            _ => {}
        }
    }
}

fn expand(h: &dyn OffloadHooks, f: &mut Function, ss: Vec<Stmt>, worker_red: &mut bool) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in ss {
        match s {
            Stmt::Assign(v, Rv::Builtin(b, ops)) => match b {
                Builtin::DimPos(l) => out.push(Stmt::Assign(v, h.dim_pos(l))),
                Builtin::DimSize(l) => out.push(Stmt::Assign(v, h.dim_size(l))),
                Builtin::Reduction { stage, level, op, ty, .. } => {
                    if stage == RedStage::Fini && level == Level::Worker {
                        *worker_red = true;
                    }
                    let res = ops.first().cloned().unwrap_or(Op::Null);
                    let local = match ops.get(1) {
                        Some(Op::Var(l)) => *l,
                        _ => v,
                    };
                    let mut st = h.reduction(f, stage, level, op, ty, &res, local);
                    if local != v {
                        st.push(Stmt::Assign(v, Rv::Use(Op::Var(local))));
                    }
                    out.extend(st);
                }
                Builtin::SimtLane => out.push(Stmt::Assign(v, h.simt_lane())),
                Builtin::SimtVf => out.push(Stmt::Assign(v, h.simt_vf())),
                Builtin::SimtVoteAny => out.push(Stmt::Assign(v, h.simt_vote_any(operand(&ops, 0)))),
                Builtin::SimtLastLane => {
                    let rv = h.simt_last_lane(f, &mut out, operand(&ops, 0));
                    out.push(Stmt::Assign(v, rv));
                }
                Builtin::SimtXchgIdx => {
                    let ty = f.var(v).ty;
                    out.push(Stmt::Assign(v, h.simt_xchg_idx(ty, operand(&ops, 0), operand(&ops, 1))))
                }
                Builtin::SimtXchgBfly => {
                    let ty = f.var(v).ty;
                    out.push(Stmt::Assign(v, h.simt_xchg_bfly(ty, operand(&ops, 0), operand(&ops, 1))))
                }
                Builtin::SimtOrderedPred => out.push(Stmt::Assign(v, h.simt_ordered_pred(operand(&ops, 0)))),
                Builtin::IsInitialDevice => out.push(Stmt::Assign(v, Rv::Use(Op::I32(i32::from(h.is_initial_device()))))),
                // A device procedure's query, answered as the team's sequential code (a
                // device procedure does not know whether its caller is in a `parallel`
                // region: on the host, the run time answers instead, see `runtime_on_device`).
                Builtin::OmpQuery(q) => {
                    let rv = match q {
                        OmpQuery::IsInitialDevice => Rv::Use(Op::I32(i32::from(h.is_initial_device()))),
                        OmpQuery::TeamNum => h.dim_pos(Level::Gang),
                        OmpQuery::NumTeams => h.dim_size(Level::Gang),
                        OmpQuery::NumThreads => Rv::Use(Op::I32(1)),
                        OmpQuery::MaxThreads | OmpQuery::ThreadLimit => {
                            let w = f.new_var(format!("t.{}", f.vars.len()), Ty::I32);
                            out.push(Stmt::Assign(w, h.dim_size(Level::Worker)));
                            let l = f.new_var(format!("t.{}", f.vars.len()), Ty::I32);
                            out.push(Stmt::Assign(l, h.dim_size(Level::Vector)));
                            Rv::Binary(BinOp::Mul, Op::Var(w), Op::Var(l))
                        }
                        OmpQuery::ThreadNum | OmpQuery::Level | OmpQuery::ActiveLevel | OmpQuery::InParallel | OmpQuery::DeviceNum => {
                            Rv::Use(Op::I32(0))
                        }
                    };
                    out.push(Stmt::Assign(v, rv));
                }
                Builtin::AccOnDevice => {
                    // `dev_type` equals one of the target's device type codes.
                    let t = ops.first().cloned().unwrap_or(Op::I32(0));
                    let mut acc = Op::I32(0);
                    for &code in h.acc_device_types() {
                        let eq = f.new_var(format!("t.{}", f.vars.len()), Ty::I32);
                        out.push(Stmt::Assign(eq, Rv::Binary(BinOp::Eq, t.clone(), Op::I32(code))));
                        let or = f.new_var(format!("t.{}", f.vars.len()), Ty::I32);
                        out.push(Stmt::Assign(or, Rv::Binary(BinOp::Or, acc, Op::Var(eq))));
                        acc = Op::Var(or);
                    }
                    out.push(Stmt::Assign(v, Rv::Use(acc)));
                }
                _ => {}
            },
            Stmt::Builtin(..) => {}
            Stmt::If { cond, then_body, else_body } => {
                out.push(Stmt::If { cond, then_body: expand(h, f, then_body, worker_red), else_body: expand(h, f, else_body, worker_red) })
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                out.push(Stmt::Loop { id, var, lo, hi, step, body: expand(h, f, body, worker_red), part })
            }
            Stmt::While { id, cond_body, cond, body } => {
                if let Some(s) = whole_butterfly(h, f, &body) {
                    out.push(s);
                    continue;
                }
                out.push(Stmt::While { id, cond_body: expand(h, f, cond_body, worker_red), cond, body: expand(h, f, body, worker_red) })
            }
            // A run-time error (`-fcheck=bounds`) where the run time cannot be called.
            Stmt::Call(name, _) if RUNTIME_ERRORS.contains(&name.as_str()) && h.traps_runtime_errors() => {
                out.push(Stmt::Prim(Prim::Trap, Vec::new()))
            }
            s @ (Stmt::Assign(_, Rv::AtomicRmw(..) | Rv::AtomicCas(..)) | Stmt::AtomicStore(..)) => {
                out.push(s);
                out.extend(h.after_atomic());
            }
            s => out.push(s),
        }
    }
    out
}

/// omp-expand's SIMT butterfly loop (`o = XCHG_BFLY(v, t); v = v op o; t = t << 1` while
/// `t < VF`) as the target's one operation ([`OffloadHooks::simt_butterfly`]), if it has one.
fn whole_butterfly(h: &dyn OffloadHooks, f: &Function, body: &[Stmt]) -> Option<Stmt> {
    let [Stmt::Assign(o, Rv::Builtin(Builtin::SimtXchgBfly, xs)), Stmt::Assign(v, Rv::Binary(op, Op::Var(a), Op::Var(b))), Stmt::Assign(_, Rv::Binary(BinOp::Shl, ..))] =
        body
    else {
        return None;
    };
    let (Some(Op::Var(src)), true) = (xs.first(), a == v && b == o) else { return None };
    if src != v {
        return None;
    }
    Some(Stmt::Assign(*v, h.simt_butterfly(f.var(*v).ty, *op, Op::Var(*v))?))
}

/// Operand `i` of a builtin (the verifier checked their number; `0` if absent).
fn operand(ops: &[Op], i: usize) -> Op {
    ops.get(i).cloned().unwrap_or(Op::I32(0))
}

/// The run time's error routines a kernel may call (`-fcheck=bounds`): they print gfortran's
/// message and end the program; on the GPUs the kernel traps instead.
const RUNTIME_ERRORS: &[&str] = &["gpuf_bounds_error", "gpuf_section_error"];

/// Replaces `GOACC_ON_DEVICE` by a call of the run time's `gpuf_acc_on_device`, and an
/// OpenMP query by `gpuf_omp_device_query` (the run time knows whether a sim kernel, a host
/// kernel or host code runs the procedure).
fn runtime_on_device(ss: &mut [Stmt]) {
    for s in ss {
        match s {
            Stmt::Assign(_, rv @ Rv::Builtin(Builtin::AccOnDevice, _)) => {
                let Rv::Builtin(_, ops) = std::mem::replace(rv, Rv::Use(Op::I32(0))) else { continue };
                *rv = Rv::Call("gpuf_acc_on_device".into(), ops, Ty::I32);
            }
            Stmt::Assign(_, rv @ Rv::Builtin(Builtin::OmpQuery(_), _)) => {
                let Rv::Builtin(Builtin::OmpQuery(q), _) = std::mem::replace(rv, Rv::Use(Op::I32(0))) else { continue };
                *rv = Rv::Call("gpuf_omp_device_query".into(), vec![Op::I32(q as i32)], Ty::I32);
            }
            Stmt::If { then_body, else_body, .. } => {
                runtime_on_device(then_body);
                runtime_on_device(else_body);
            }
            Stmt::Loop { body, .. } => runtime_on_device(body),
            Stmt::While { cond_body, body, .. } => {
                runtime_on_device(cond_body);
                runtime_on_device(body);
            }
            _ => {}
        }
    }
}
