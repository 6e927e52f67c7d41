//! oacc-xform: specialise the kernels for one target (GCC's `oaccdevlow`).
//!
//! The only pass that calls the [`OffloadHooks`]: it neuters worker- and vector-single code
//! ([`crate::neuter`]), expands `GOACC_DIM_SIZE/POS` and the reduction stages, drops the
//! fork/join markers, sizes the kernel's shared memory and moves the prologue into the body.

use crate::ir::*;
use crate::neuter::Neuter;
use crate::targets::{hooks_for, OffloadHooks, MAX_WORKERS};

pub fn oacc_xform(m: &mut Module, target: Target) {
    let hooks = hooks_for(target);
    for k in &mut m.kernels {
        let body = choose(hooks.as_ref(), std::mem::take(&mut k.func.body));
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
        }
        let mut pro = std::mem::take(&mut k.prologue);
        pro.append(&mut body);
        k.func.body = pro;
    }
    // `!$acc routine seq` procedures: sequential code, specialised like a kernel's body.
    for p in m.procs.iter_mut().filter(|p| m.routines.contains(&p.name)) {
        let mut body = std::mem::take(&mut p.body);
        if target == Target::Host {
            // The host copy of a routine also serves the sim device's kernels (which run
            // in the host program): the run time answers `acc_on_device` where it runs.
            runtime_on_device(&mut body);
        }
        let mut worker_red = false;
        p.body = expand(hooks.as_ref(), p, body, &mut worker_red);
    }
    m.target = Some(target);
}

/// Answers [`Builtin::OneThreadPerGang`] and keeps only the branch the target takes of the
/// `if` that tests it (before neutering, which would otherwise see both).
fn choose(h: &dyn OffloadHooks, ss: Vec<Stmt>) -> Vec<Stmt> {
    let one = !h.needs_neutering();
    let mut known = std::collections::HashMap::new();
    let mut out = Vec::new();
    for s in ss {
        match s {
            Stmt::Assign(v, Rv::Builtin(Builtin::OneThreadPerGang, _)) => {
                known.insert(v, one);
                out.push(Stmt::Assign(v, Rv::Use(Op::I32(i32::from(one)))));
            }
            Stmt::If { cond: Op::Var(c), then_body, else_body } if known.contains_key(&c) => {
                out.extend(choose(h, if known[&c] { then_body } else { else_body }));
            }
            Stmt::If { cond, then_body, else_body } => {
                out.push(Stmt::If { cond, then_body: choose(h, then_body), else_body: choose(h, else_body) })
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => out.push(Stmt::Loop { id, var, lo, hi, step, body: choose(h, body), part }),
            Stmt::While { id, cond_body, cond, body } => {
                out.push(Stmt::While { id, cond_body: choose(h, cond_body), cond, body: choose(h, body) })
            }
            s => out.push(s),
        }
    }
    out
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
                Builtin::SimtLane => out.push(Stmt::Assign(v, h.dim_pos(Level::Vector))),
                Builtin::SimtVf => out.push(Stmt::Assign(v, h.dim_size(Level::Vector))),
                Builtin::IsInitialDevice => out.push(Stmt::Assign(v, Rv::Use(Op::I32(i32::from(h.is_initial_device()))))),
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

/// The run time's error routines a kernel may call (`-fcheck=bounds`): they print gfortran's
/// message and end the program; on the GPUs the kernel traps instead.
const RUNTIME_ERRORS: &[&str] = &["gpuf_bounds_error", "gpuf_section_error"];

/// Replaces `GOACC_ON_DEVICE` by a call of the run time's `gpuf_acc_on_device`.
fn runtime_on_device(ss: &mut [Stmt]) {
    for s in ss {
        match s {
            Stmt::Assign(_, rv @ Rv::Builtin(Builtin::AccOnDevice, _)) => {
                let Rv::Builtin(_, ops) = std::mem::replace(rv, Rv::Use(Op::I32(0))) else { continue };
                *rv = Rv::Call("gpuf_acc_on_device".into(), ops, Ty::I32);
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
