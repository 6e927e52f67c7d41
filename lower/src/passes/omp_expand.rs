//! omp-expand: partition every partitioned loop ([`PartLoop`]) over its gang / worker / vector levels.
//!
//! As in seed 000: the (collapsed) iteration space of `N = n1 * ... * nk` iterations is
//! tiled over the gangs with `div_round_up(N, gangs)` (with `gang(static: k)`: chunks of `k`
//! dealt to the gangs in turn), and each gang's tile (chunk) is shared
//! cyclically by its `workers * vector_length` threads (in contiguous blocks instead
//! where oacc-xform gives the nested form each thread's block, see [`Builtin::OneThreadPerGang`]); collapsed indices are recovered from
//! the linear iteration by division by the loop lengths (`outermost_index_w_len`). Thread
//! counts and positions are the abstract builtins `GOACC_DIM_SIZE/POS`. The partitioned
//! region is bracketed by `GOACC_FORK`/`GOACC_JOIN`, and each reduction gets seed 001's
//! `SETUP/INIT/FINI/TEARDOWN` builtins at every level it spans; a reduction whose result
//! lives in memory (a copy object) also gets the enclosing gang-level stage.

use crate::ir::*;

pub fn omp_expand(m: &mut Module) {
    let par = m.par_routines.clone();
    for k in &mut m.kernels {
        let body = std::mem::take(&mut k.func.body);
        let consts = constants(&k.prologue, &body);
        let body = expand_stmts(&mut k.func, body, &consts);
        let mut called = Levels::default();
        k.func.body = fork_calls(&k.func, body, &par, &mut called);
        // The kernel runs with the threads its routines partition over too.
        k.levels = Levels(k.levels.0 | called.0);
    }
    // Host code keeps no OpenACC loops; clear any marks (they only exist inside kernels
    // and routines with partitioned loops, whose bodies are expanded as a kernel's).
    strip(&mut m.main.body);
    for p in &mut m.procs {
        if par.iter().any(|(n, _)| *n == p.name) {
            let body = std::mem::take(&mut p.body);
            let consts = constants(&[], &body);
            let body = expand_stmts(p, body, &consts);
            p.body = fork_calls(p, body, &par, &mut Levels::default());
        } else {
            strip(&mut p.body);
        }
    }
}

/// Brackets each call of a routine with partitioned loops (`par`, see
/// [`Module::par_routines`]) by a fork and a join of the routine's levels, so that every
/// thread of those levels runs the call (neutering keeps the code around it single);
/// `called` receives the levels. A variable whose address the call receives is reloaded
/// after the join: the routine's single code wrote the leader's copy, and the reload (single
/// code too) makes neutering broadcast the leader's value to partitioned code after it.
fn fork_calls(f: &Function, ss: Vec<Stmt>, par: &[(String, Levels)], called: &mut Levels) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in ss {
        let name = match &s {
            Stmt::Call(n, _) | Stmt::Assign(_, Rv::Call(n, _, _)) => Some(n.as_str()),
            _ => None,
        };
        if let Some(&(_, l)) = name.and_then(|n| par.iter().find(|(p, _)| p == n)) {
            *called = Levels(called.0 | l.0);
            // The side-effect-free statements just before the call (its arguments'
            // temporaries and their addresses) run on every thread too, so each passes
            // the addresses of its own copies.
            let mut args = Vec::new();
            while let Some(Stmt::Assign(_, rv)) = out.last() {
                let pure = matches!(
                    rv,
                    Rv::Use(_)
                        | Rv::Unary(..)
                        | Rv::Binary(..)
                        | Rv::Cast(..)
                        | Rv::Load(..)
                        | Rv::PtrAdd(..)
                        | Rv::AddrOf(_)
                        | Rv::GlobalAddr(_)
                );
                match out.pop() {
                    Some(a) if pure => args.push(a),
                    Some(a) => {
                        out.push(a);
                        break;
                    }
                    None => break,
                }
            }
            args.reverse();
            let reloads: Vec<Stmt> = args
                .iter()
                .filter_map(|a| match a {
                    Stmt::Assign(t, Rv::AddrOf(x)) => Some(Stmt::Assign(*x, Rv::Load(f.var(*x).ty, Op::Var(*t)))),
                    _ => None,
                })
                .collect();
            out.push(Stmt::Builtin(Builtin::Fork(l), vec![]));
            out.extend(args);
            out.push(s);
            out.push(Stmt::Builtin(Builtin::Join(l), vec![]));
            out.extend(reloads);
            continue;
        }
        out.push(match s {
            Stmt::If { cond, then_body, else_body } => {
                Stmt::If { cond, then_body: fork_calls(f, then_body, par, called), else_body: fork_calls(f, else_body, par, called) }
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                Stmt::Loop { id, var, lo, hi, step, body: fork_calls(f, body, par, called), part }
            }
            Stmt::While { id, cond_body, cond, body } => {
                Stmt::While { id, cond_body: fork_calls(f, cond_body, par, called), cond, body: fork_calls(f, body, par, called) }
            }
            s => s,
        });
    }
    out
}

fn strip(ss: &mut [Stmt]) {
    for s in ss {
        match s {
            Stmt::Loop { part, body, .. } => {
                *part = None;
                strip(body);
            }
            Stmt::If { then_body, else_body, .. } => {
                strip(then_body);
                strip(else_body);
            }
            Stmt::While { body, cond_body, .. } => {
                strip(body);
                strip(cond_body);
            }
            _ => {}
        }
    }
}

fn expand_stmts(f: &mut Function, ss: Vec<Stmt>, c: &Consts) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in ss {
        match s {
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                let body = expand_stmts(f, body, c);
                match part {
                    None => out.push(Stmt::Loop { id, var, lo, hi, step, body, part: None }),
                    Some(a) => expand_loop(f, &mut out, id, var, lo, hi, step, body, a, c),
                }
            }
            Stmt::If { cond, then_body, else_body } => {
                out.push(Stmt::If { cond, then_body: expand_stmts(f, then_body, c), else_body: expand_stmts(f, else_body, c) })
            }
            Stmt::While { id, cond_body, cond, body } => {
                out.push(Stmt::While { id, cond_body: expand_stmts(f, cond_body, c), cond, body: expand_stmts(f, body, c) })
            }
            s => out.push(s),
        }
    }
    out
}

/// Integer variables of the kernel body with one assignment, of a value computed from
/// constants, and none in the prologue (a firstprivate scalar the body assigns after
/// reading it keeps its value from the host until then): the loop bounds that named
/// constants fold to.
type Consts = std::collections::HashMap<VarId, i64>;

fn constants(prologue: &[Stmt], body: &[Stmt]) -> Consts {
    fn walk<'a>(ss: &'a [Stmt], defs: &mut std::collections::HashMap<VarId, (usize, Option<&'a Rv>)>) {
        for s in ss {
            match s {
                Stmt::Assign(v, rv) => {
                    let e = defs.entry(*v).or_insert((0, Some(rv)));
                    e.0 += 1;
                }
                Stmt::Loop { var, body, .. } => {
                    defs.entry(*var).or_insert((0, None)).0 += 2;
                    walk(body, defs);
                }
                Stmt::If { then_body, else_body, .. } => {
                    walk(then_body, defs);
                    walk(else_body, defs);
                }
                Stmt::While { cond_body, body, .. } => {
                    walk(cond_body, defs);
                    walk(body, defs);
                }
                _ => {}
            }
        }
    }
    let mut defs = std::collections::HashMap::new();
    walk(prologue, &mut defs);
    walk(body, &mut defs);
    let single: Vec<(VarId, &Rv)> = defs.into_iter().filter_map(|(v, (n, rv))| if n == 1 { rv.map(|r| (v, r)) } else { None }).collect();
    let mut c = Consts::new();
    loop {
        let before = c.len();
        for (v, rv) in &single {
            if c.contains_key(v) {
                continue;
            }
            let val = match rv {
                Rv::Use(o) => const_of(o, &c),
                Rv::Cast(Ty::I64, o) => const_of(o, &c),
                Rv::Cast(Ty::I32, o) => const_of(o, &c).map(|x| i64::from(x as i32)),
                Rv::Binary(op, a, b) => match (const_of(a, &c), const_of(b, &c)) {
                    (Some(x), Some(y)) => match op {
                        BinOp::Add => x.checked_add(y),
                        BinOp::Sub => x.checked_sub(y),
                        BinOp::Mul => x.checked_mul(y),
                        BinOp::Div if y != 0 => x.checked_div(y),
                        BinOp::Max => Some(x.max(y)),
                        BinOp::Min => Some(x.min(y)),
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            };
            if let Some(x) = val {
                c.insert(*v, x);
            }
        }
        if c.len() == before {
            return c;
        }
    }
}

/// The gang position and gang count a gang loop partitions over (`I32`, or `I64` unless
/// `small`): the launch's; for gangs in several dimensions (`PartLoop::gang_dim`), the
/// gang's coordinate in the loop's dimension and that dimension's size. The sizes are
/// those of `num_gangs` as far as the launch's gangs fill them (a device may run fewer
/// gangs: dimension 1 first, then 2, then 3); gangs past the filled grid get the size as
/// their position, so no iterations.
fn gang_pos_size(f: &mut Function, out: &mut Vec<Stmt>, a: &PartLoop, small: bool) -> (Op, Op) {
    let g = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::DimPos(Level::Gang), vec![]));
    let ng = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::DimSize(Level::Gang), vec![]));
    let (pos, size) = match a.gang_dim.as_deref() {
        None => (g, ng),
        Some((d, sizes)) => {
            let bin = |f: &mut Function, out: &mut Vec<Stmt>, op: BinOp, x: Op, y: Op| tmp(f, out, Ty::I32, Rv::Binary(op, x, y));
            // m1 = min(n1, G), m2 = min(n2, max(G / m1, 1)), m3 = min(n3, max(G / (m1 m2), 1))
            let mut m = Vec::new();
            let mut used = Op::I32(1);
            for n in sizes.iter().take(3) {
                let room = bin(f, out, BinOp::Div, ng.clone(), used.clone());
                let room = bin(f, out, BinOp::Max, room, Op::I32(1));
                let mk = bin(f, out, BinOp::Min, n.clone(), room);
                used = bin(f, out, BinOp::Mul, used, mk.clone());
                m.push(mk);
            }
            // the coordinate in dimension d: (g / (m1 .. m(d-1))) mod md
            let k = (*d as usize).clamp(1, m.len().max(1)) - 1;
            let mut stride = Op::I32(1);
            for mk in m.iter().take(k) {
                stride = bin(f, out, BinOp::Mul, stride, mk.clone());
            }
            let size = m.get(k).cloned().unwrap_or(Op::I32(1));
            let q = bin(f, out, BinOp::Div, g.clone(), stride);
            let qd = bin(f, out, BinOp::Div, q.clone(), size.clone());
            let qm = bin(f, out, BinOp::Mul, qd, size.clone());
            let c = bin(f, out, BinOp::Sub, q, qm);
            // outside the grid (g >= m1 m2 m3): position `size`, no iterations
            let inside = bin(f, out, BinOp::Lt, g, used);
            let outside = bin(f, out, BinOp::Sub, Op::I32(1), inside);
            let gap = bin(f, out, BinOp::Sub, size.clone(), c.clone());
            let shift = bin(f, out, BinOp::Mul, outside, gap);
            let pos = bin(f, out, BinOp::Add, c, shift);
            (pos, size)
        }
    };
    if small {
        (pos, size)
    } else {
        (tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, pos)), tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, size)))
    }
}

fn const_of(o: &Op, c: &Consts) -> Option<i64> {
    match o {
        Op::I32(x) => Some(i64::from(*x)),
        Op::I64(x) => Some(*x),
        Op::Var(v) => c.get(v).copied(),
        _ => None,
    }
}

fn tmp(f: &mut Function, out: &mut Vec<Stmt>, ty: Ty, rv: Rv) -> Op {
    let n = f.vars.len();
    let v = f.new_var(format!("x.{n}"), ty);
    out.push(Stmt::Assign(v, rv));
    Op::Var(v)
}

fn to_i64(f: &mut Function, out: &mut Vec<Stmt>, o: Op) -> Op {
    match (f.op_ty(&o), &o) {
        (Ty::I64, _) => o,
        (_, Op::I32(c)) => Op::I64(*c as i64),
        _ => tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, o)),
    }
}

/// The levels a reduction's stages run at.
fn red_levels(levels: Levels, r: &Reduction) -> Vec<Level> {
    // A construct's reduction (the one-trip loop omp-lower wraps the body in) combines the
    // partial results of every thread: all three levels.
    if levels.is_empty() {
        return Level::ALL.to_vec();
    }
    let mut l = levels;
    if matches!(r.result, RedResult::Mem(_)) {
        l = l.with(Level::Gang);
    }
    l.iter().collect()
}

fn red_stage(stage: RedStage, level: Level, r: &Reduction, loop_id: LoopId, rid: u32) -> Stmt {
    let res = match r.result {
        RedResult::Mem(p) => Op::Var(p),
        RedResult::Var(_) => Op::Null,
    };
    Stmt::Assign(
        r.local,
        Rv::Builtin(Builtin::Reduction { stage, level, op: r.op, ty: r.ty, loop_id, red_id: rid }, vec![res, Op::Var(r.local)]),
    )
}

#[allow(clippy::too_many_arguments)]
fn expand_loop(
    f: &mut Function,
    out: &mut Vec<Stmt>,
    id: LoopId,
    var: VarId,
    lo: Op,
    hi: Op,
    step: Op,
    body: Vec<Stmt>,
    a: PartLoop,
    c: &Consts,
) {
    let reds = a.reductions.clone();
    // A SIMT loop's vector level is reduced by its own butterfly (below), not by a stage.
    let simt = a.simt.clone();
    let stage = |out: &mut Vec<Stmt>, st: RedStage, rev: bool| {
        for (rid, r) in reds.iter().enumerate() {
            let mut ls = red_levels(a.levels, r);
            if rev {
                ls.reverse();
            }
            for l in ls {
                if l == Level::Vector && simt.is_some() {
                    continue;
                }
                out.push(red_stage(st, l, r, id, rid as u32));
            }
        }
    };
    stage(out, RedStage::Setup, false);
    if !a.levels.is_empty() {
        out.push(Stmt::Builtin(Builtin::Fork(a.levels), vec![]));
    }
    stage(out, RedStage::Init, false);
    if simt.is_some() {
        for r in &reds {
            simt_red_init(f, out, r);
        }
    }
    let last = if a.levels.is_empty() {
        out.push(Stmt::Loop { id, var, lo, hi, step, body, part: None });
        None
    } else {
        partition(f, out, id, var, lo, hi, step, body, &a, c)
    };
    if let Some(t) = &simt {
        if let Some((lastit, lastidx)) = last {
            simt_lastprivate(f, out, t, lastit, lastidx);
        }
        for r in &reds {
            simt_butterfly(f, out, r);
        }
    }
    stage(out, RedStage::Fini, true);
    if !a.levels.is_empty() {
        out.push(Stmt::Builtin(Builtin::Join(a.levels), vec![]));
    }
    stage(out, RedStage::Teardown, true);
    for r in &reds {
        if let RedResult::Var(v) = r.result {
            out.push(Stmt::Assign(v, Rv::Use(Op::Var(r.local))));
        }
    }
}

/// A SIMT loop's reduction at the lane level: every lane but 0 starts from the operator's
/// identity (lane 0 keeps the value the loop starts from).
fn simt_red_init(f: &mut Function, out: &mut Vec<Stmt>, r: &Reduction) {
    let lane = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::SimtLane, vec![]));
    let other = tmp(f, out, Ty::I32, Rv::Binary(BinOp::Ne, lane, Op::I32(0)));
    let id = Stmt::Assign(r.local, Rv::Use(crate::passes::gimplify::identity(r.op, r.ty)));
    out.push(Stmt::If { cond: other, then_body: vec![id], else_body: vec![] });
}

/// A SIMT loop's reduction over the lanes (seed 004): a butterfly of `GOMP_SIMT_XCHG_BFLY`
/// exchanges, `log2(VF)` steps after which every lane holds the combination of all lanes'
/// values (the operators are commutative); then a float's NaN payload is made lane 0's
/// everywhere (a NaN result is a NaN in every lane, whose payloads may differ). The
/// exchange from lane 0 is made by every lane, so the warp stays together.
fn simt_butterfly(f: &mut Function, out: &mut Vec<Stmt>, r: &Reduction) {
    let vf = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::SimtVf, vec![]));
    let t = f.new_var(format!("bfly.{}", f.vars.len()), Ty::I32);
    out.push(Stmt::Assign(t, Rv::Use(Op::I32(1))));
    let mut cond_body = Vec::new();
    let more = tmp(f, &mut cond_body, Ty::I32, Rv::Binary(BinOp::Lt, Op::Var(t), vf));
    let mut body = Vec::new();
    let other = tmp(f, &mut body, r.ty, Rv::Builtin(Builtin::SimtXchgBfly, vec![Op::Var(r.local), Op::Var(t)]));
    body.push(Stmt::Assign(r.local, crate::passes::gimplify::combine_rv(r.op, Op::Var(r.local), other)));
    body.push(Stmt::Assign(t, Rv::Binary(BinOp::Shl, Op::Var(t), Op::I32(1))));
    let id = f.new_loop();
    out.push(Stmt::While { id, cond_body, cond: more, body });
    if r.ty.is_float() {
        let first = tmp(f, out, r.ty, Rv::Builtin(Builtin::SimtXchgIdx, vec![Op::Var(r.local), Op::I32(0)]));
        let nan = tmp(f, out, Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(r.local), Op::Var(r.local)));
        out.push(Stmt::If { cond: nan, then_body: vec![Stmt::Assign(r.local, Rv::Use(first))], else_body: vec![] });
    }
}

/// A SIMT loop's `lastprivate` items (seed 004): the lane that ran the sequentially last
/// iteration (`lastit`, the last linear iteration it ran, equals `lastidx`) is found by
/// `GOMP_SIMT_VOTE_ANY` + `GOMP_SIMT_LAST_LANE` and broadcasts its private copies by
/// `GOMP_SIMT_XCHG_IDX`; that warp then copies them out.
fn simt_lastprivate(f: &mut Function, out: &mut Vec<Stmt>, t: &Simt, lastit: Op, lastidx: Op) {
    if t.last_vars.is_empty() && t.last_copy.is_empty() {
        return;
    }
    let cond = tmp(f, out, Ty::I32, Rv::Binary(BinOp::Eq, lastit, lastidx));
    let any = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::SimtVoteAny, vec![cond.clone()]));
    let mut then_body = Vec::new();
    let lane = tmp(f, &mut then_body, Ty::I32, Rv::Builtin(Builtin::SimtLastLane, vec![cond]));
    for v in &t.last_vars {
        then_body.push(Stmt::Assign(*v, Rv::Builtin(Builtin::SimtXchgIdx, vec![Op::Var(*v), lane.clone()])));
    }
    then_body.extend(t.last_copy.iter().cloned());
    out.push(Stmt::If { cond: any, then_body, else_body: vec![] });
}

/// Whether the statements hold the vote loop of an `ordered` construct (gimplify's
/// `simt_ordered`: `t = GOMP_SIMT_LANE` followed by the loop).
fn has_ordered(ss: &[Stmt]) -> bool {
    ss.windows(2).any(|w| matches!(w, [Stmt::Assign(_, Rv::Builtin(Builtin::SimtLane, _)), Stmt::While { .. }]))
}

/// The body of a SIMT loop with `ordered` constructs run in rounds every lane takes part
/// in: the statements outside the vote loops only where the lane has an iteration
/// (`active`), the vote loops by every lane, a lane without an iteration having no turn.
fn guard_ordered(f: &mut Function, ss: Vec<Stmt>, active: &Op) -> Vec<Stmt> {
    let mut out = Vec::new();
    let mut run = Vec::new();
    let mut it = ss.into_iter().peekable();
    let flush = |out: &mut Vec<Stmt>, run: &mut Vec<Stmt>| {
        if !run.is_empty() {
            out.push(Stmt::If { cond: active.clone(), then_body: std::mem::take(run), else_body: vec![] });
        }
    };
    while let Some(s) = it.next() {
        if let Stmt::Assign(t, Rv::Builtin(Builtin::SimtLane, _)) = &s {
            if matches!(it.peek(), Some(Stmt::While { .. })) {
                let t = *t;
                flush(&mut out, &mut run);
                out.push(s);
                let idle = tmp(f, &mut out, Ty::I32, Rv::Binary(BinOp::Eq, active.clone(), Op::I32(0)));
                out.push(Stmt::If { cond: idle, then_body: vec![Stmt::Assign(t, Rv::Use(Op::I32(-1)))], else_body: vec![] });
                out.extend(it.next());
                continue;
            }
        }
        run.push(s);
    }
    flush(&mut out, &mut run);
    out
}

/// Partitions the loop; for a SIMT loop with `lastprivate` items, returns the variable
/// holding the last linear iteration the thread ran and the last of the iteration space.
#[allow(clippy::too_many_arguments)]
fn partition(
    f: &mut Function,
    out: &mut Vec<Stmt>,
    id: LoopId,
    var: VarId,
    lo: Op,
    hi: Op,
    step: Op,
    body: Vec<Stmt>,
    a: &PartLoop,
    c: &Consts,
) -> Option<(Op, Op)> {
    let simt = a.simt.as_deref();
    // Gather the collapsed nest: (var, lo, hi, step) outermost first, and the innermost body.
    let mut nest = vec![(var, lo, hi, step)];
    let mut ids = vec![id];
    let mut inner = body;
    for _ in 1..a.collapse {
        let pos = inner.iter().position(|s| matches!(s, Stmt::Loop { .. }));
        let Some(pos) = pos else { break };
        let mut rest = inner.split_off(pos);
        // Statements before the inner loop compute its bounds: hoist them.
        out.append(&mut inner);
        let Stmt::Loop { id: iid, var, lo, hi, step, body, .. } = rest.remove(0) else { break };
        nest.push((var, lo, hi, step));
        ids.push(iid);
        inner = body;
        inner.append(&mut rest);
    }
    // Trip counts and the total (constants where the bounds are).
    let mut lens = Vec::new();
    let mut lens_c: Vec<Option<i64>> = Vec::new();
    let mut total = Op::I64(1);
    let mut bounds = Vec::new();
    for (_, lo, hi, st) in &nest {
        let known = match (const_of(lo, c), const_of(hi, c), const_of(st, c)) {
            (Some(l), Some(h), Some(s)) if s != 0 => {
                h.checked_sub(l).and_then(|d| d.checked_add(s)).and_then(|d| d.checked_div(s)).map(|n| n.max(0))
            }
            _ => None,
        };
        let lo = to_i64(f, out, lo.clone());
        let hi = to_i64(f, out, hi.clone());
        let st = to_i64(f, out, st.clone());
        let n = match known {
            Some(k) => Op::I64(k),
            None => {
                let d = tmp(f, out, Ty::I64, Rv::Binary(BinOp::Sub, hi, lo.clone()));
                let d = tmp(f, out, Ty::I64, Rv::Binary(BinOp::Add, d, st.clone()));
                let d = tmp(f, out, Ty::I64, Rv::Binary(BinOp::Div, d, st.clone()));
                tmp(f, out, Ty::I64, Rv::Binary(BinOp::Max, d, Op::I64(0)))
            }
        };
        total = if total == Op::I64(1) { n.clone() } else { tmp(f, out, Ty::I64, Rv::Binary(BinOp::Mul, total, n.clone())) };
        lens.push(n);
        lens_c.push(known);
        bounds.push((lo, st));
    }
    // A space of known size well inside `i32` (with room for the threads' strides past its
    // end) is partitioned in 32-bit arithmetic.
    let total_c = lens_c.iter().try_fold(1i64, |a, l| l.and_then(|l| a.checked_mul(l)));
    let small = total_c.is_some_and(|t| t < 1 << 30);
    let w = if small { Ty::I32 } else { Ty::I64 };
    let wc = move |x: i64| if small { Op::I32(x as i32) } else { Op::I64(x) };
    let total_w = match total_c {
        Some(t) => wc(t),
        None => total.clone(),
    };
    let dim = |f: &mut Function, out: &mut Vec<Stmt>, b: Builtin| -> Op {
        let v = tmp(f, out, Ty::I32, Rv::Builtin(b, vec![]));
        if small {
            v
        } else {
            tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, v))
        }
    };
    // `gang(static: k)`: a loop over the gang's chunks `g*k, (g+gangs)*k, ...` around the
    // code below, which then runs one chunk `[c, min(c+k, total))` (not for a nest left by
    // `exit`, whose chunks could not all end it).
    let chunk = a.chunk.clone().filter(|_| a.levels.has(Level::Gang) && !exits(&inner, &ids));
    let mut chunk_loop = None;
    let mut chunk_body = Vec::new();
    let mut chunk_k = None;
    let parent = out;
    if let Some(k) = &chunk {
        // The chunk size in the partitioning width (in a small space, at most the total).
        let k64 = to_i64(f, parent, k.clone());
        let kw = match (small, &k64) {
            (false, _) => k64,
            (true, Op::I64(x)) => Op::I32((*x).clamp(1, total_c.unwrap_or(1).max(1)) as i32),
            (true, _) => {
                let m = tmp(f, parent, Ty::I64, Rv::Binary(BinOp::Min, k64, total.clone()));
                tmp(f, parent, Ty::I32, Rv::Cast(Ty::I32, m))
            }
        };
        let (g, ng) = gang_pos_size(f, parent, a, small);
        let lo = tmp(f, parent, w, Rv::Binary(BinOp::Mul, g, kw.clone()));
        let step = tmp(f, parent, w, Rv::Binary(BinOp::Mul, ng, kw.clone()));
        let hi = tmp(f, parent, w, Rv::Binary(BinOp::Sub, total_w.clone(), wc(1)));
        let c = f.new_var(format!("chunk.{}", id.0), w);
        chunk_loop = Some((c, lo, hi, step));
        chunk_k = Some(kw);
    }
    let out: &mut Vec<Stmt> = if chunk_k.is_some() { &mut chunk_body } else { &mut *parent };
    let (start, end) = if let (Some(k), Some((c, ..))) = (&chunk_k, &chunk_loop) {
        let e = tmp(f, out, w, Rv::Binary(BinOp::Add, Op::Var(*c), k.clone()));
        let e = tmp(f, out, w, Rv::Binary(BinOp::Min, e, total_w.clone()));
        (Op::Var(*c), e)
    } else if a.levels.has(Level::Gang) {
        let (g, ng) = gang_pos_size(f, out, a, small);
        // tile = div_round_up(total, gangs)
        let t = tmp(f, out, w, Rv::Binary(BinOp::Add, total_w.clone(), ng.clone()));
        let t = tmp(f, out, w, Rv::Binary(BinOp::Sub, t, wc(1)));
        let tile = tmp(f, out, w, Rv::Binary(BinOp::Div, t, ng));
        let s = tmp(f, out, w, Rv::Binary(BinOp::Mul, g, tile.clone()));
        let e = tmp(f, out, w, Rv::Binary(BinOp::Add, s.clone(), tile));
        let e = tmp(f, out, w, Rv::Binary(BinOp::Min, e, total_w.clone()));
        (s, e)
    } else {
        (wc(0), total_w.clone())
    };
    let mut tid = wc(0);
    let mut nthreads = wc(1);
    let mut idle = None;
    let widen = |f: &mut Function, out: &mut Vec<Stmt>, v: Op| if small { v } else { tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, v)) };
    for l in [Level::Worker, Level::Vector] {
        if a.levels.has(l) {
            let (p, n) = match (l, simt) {
                // A SIMT loop: the lanes of the warp, `GOMP_SIMT_LANE` / `GOMP_SIMT_VF`, of
                // which `safelen(n)` lets the first `n` take iterations.
                (Level::Vector, Some(s)) => {
                    let lane = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::SimtLane, vec![]));
                    let mut vf = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::SimtVf, vec![]));
                    if let Some(n) = &s.safelen {
                        vf = tmp(f, out, Ty::I32, Rv::Binary(BinOp::Min, vf, n.clone()));
                        idle = Some(tmp(f, out, Ty::I32, Rv::Binary(BinOp::Ge, lane.clone(), vf.clone())));
                    }
                    (widen(f, out, lane), widen(f, out, vf))
                }
                // Its threads are warps: OpenMP's team size limits the workers.
                (Level::Worker, Some(_)) if a.threads.is_some() => {
                    let p = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::DimPos(l), vec![]));
                    let n = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::DimSize(l), vec![]));
                    let t = a.threads.clone().unwrap_or(Op::I32(1));
                    let n = tmp(f, out, Ty::I32, Rv::Binary(BinOp::Min, n, t.clone()));
                    let i = tmp(f, out, Ty::I32, Rv::Binary(BinOp::Ge, p.clone(), t));
                    idle = Some(match idle {
                        None => i,
                        Some(o) => tmp(f, out, Ty::I32, Rv::Binary(BinOp::Or, o, i)),
                    });
                    (widen(f, out, p), widen(f, out, n))
                }
                _ => (dim(f, out, Builtin::DimPos(l)), dim(f, out, Builtin::DimSize(l))),
            };
            let t = tmp(f, out, w, Rv::Binary(BinOp::Mul, tid, n.clone()));
            tid = tmp(f, out, w, Rv::Binary(BinOp::Add, t, p));
            nthreads = tmp(f, out, w, Rv::Binary(BinOp::Mul, nthreads, n));
        }
    }
    // OpenMP's team size: only threads `0..threads` take iterations, `threads` apart.
    if let (Some(t), true, None) = (&a.threads, a.levels.has(Level::Worker) || a.levels.has(Level::Vector), simt) {
        let t = if w == Ty::I64 { tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, t.clone())) } else { t.clone() };
        nthreads = tmp(f, out, w, Rv::Binary(BinOp::Min, nthreads, t.clone()));
        idle = Some(tmp(f, out, Ty::I32, Rv::Binary(BinOp::Ge, tid.clone(), t)));
    }
    let first = tmp(f, out, w, Rv::Binary(BinOp::Add, start.clone(), tid.clone()));
    let mut last = tmp(f, out, w, Rv::Binary(BinOp::Sub, end.clone(), wc(1)));
    if let Some(idle) = idle {
        // An idle thread's last iteration is before its first: `last - idle * (last - first + 1)`.
        let idle = if w == Ty::I64 { tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, idle)) } else { idle };
        let span = tmp(f, out, w, Rv::Binary(BinOp::Sub, last.clone(), first.clone()));
        let span = tmp(f, out, w, Rv::Binary(BinOp::Add, span, wc(1)));
        let cut = tmp(f, out, w, Rv::Binary(BinOp::Mul, idle, span));
        last = tmp(f, out, w, Rv::Binary(BinOp::Sub, last, cut));
    }
    let mut flat = Vec::new();
    let it = f.new_var(format!("it.{}", id.0), w);
    let mut pre = Vec::new();
    let mut parts: Vec<Op> = Vec::new();
    if nest.len() > 1 && lens_c[1..].iter().all(|l| l.is_some()) {
        // Inner lengths known: the indices by division by constants (a multiply and a
        // shift) in each iteration.
        let counters: Vec<VarId> = (0..nest.len()).map(|k| f.new_var(format!("c{k}.{}", id.0), w)).collect();
        let mut rem = Op::Var(it);
        for k in (1..nest.len()).rev() {
            let n = wc(lens_c[k].unwrap_or(1).max(1));
            let q = tmp(f, &mut pre, w, Rv::Binary(BinOp::Div, rem.clone(), n.clone()));
            // The remainder as `rem % n`, not `rem - q * n`: from the latter, LLVM's index
            // widening (with the bounded loop) made a second, 64-bit division.
            pre.push(Stmt::Assign(counters[k], Rv::Binary(BinOp::Rem, rem, n)));
            rem = q;
        }
        pre.push(Stmt::Assign(counters[0], Rv::Use(rem)));
        parts = counters.iter().map(|c| Op::Var(*c)).collect();
    } else if nest.len() > 1 {
        // Recover the indices, innermost fastest: by division from `it`, or, when a thread's
        // consecutive iterations are less than one inner row apart (one thread on the host,
        // narrow partitions), by carrying counters kept from the previous iteration: one
        // division per thread instead of one per iteration. (Unknown lengths: `w` is I64.)
        let counters: Vec<VarId> = (0..nest.len()).map(|k| f.new_var(format!("c{k}.{}", id.0), Ty::I64)).collect();
        let inner_len = lens.last().cloned().unwrap_or(Op::I64(1));
        let narrow = tmp(f, &mut flat, Ty::I32, Rv::Binary(BinOp::Lt, nthreads.clone(), inner_len));
        // Counters of the first iteration, one step back.
        let mut rem = first.clone();
        for k in (1..nest.len()).rev() {
            let n = tmp(f, &mut flat, Ty::I64, Rv::Binary(BinOp::Max, lens[k].clone(), Op::I64(1)));
            let q = tmp(f, &mut flat, Ty::I64, Rv::Binary(BinOp::Div, rem.clone(), n.clone()));
            let qm = tmp(f, &mut flat, Ty::I64, Rv::Binary(BinOp::Mul, q.clone(), n));
            flat.push(Stmt::Assign(counters[k], Rv::Binary(BinOp::Sub, rem, qm)));
            rem = q;
        }
        flat.push(Stmt::Assign(counters[0], Rv::Use(rem)));
        let last_k = nest.len() - 1;
        flat.push(Stmt::Assign(counters[last_k], Rv::Binary(BinOp::Sub, Op::Var(counters[last_k]), nthreads.clone())));
        // Incremental: advance the innermost counter, carry outward.
        let mut inc = vec![Stmt::Assign(counters[last_k], Rv::Binary(BinOp::Add, Op::Var(counters[last_k]), nthreads.clone()))];
        for k in (1..nest.len()).rev() {
            let wid = f.new_loop();
            let c = f.new_var(format!("x.{}", f.vars.len()), Ty::I32);
            let cond_body = vec![Stmt::Assign(c, Rv::Binary(BinOp::Ge, Op::Var(counters[k]), lens[k].clone()))];
            let body = vec![
                Stmt::Assign(counters[k], Rv::Binary(BinOp::Sub, Op::Var(counters[k]), lens[k].clone())),
                Stmt::Assign(counters[k - 1], Rv::Binary(BinOp::Add, Op::Var(counters[k - 1]), Op::I64(1))),
            ];
            inc.push(Stmt::While { id: wid, cond_body, cond: Op::Var(c), body });
        }
        // Division: from `it` (wide partitions: many rows between a thread's iterations).
        let mut div = Vec::new();
        let mut rem = Op::Var(it);
        for k in (1..nest.len()).rev() {
            let q = tmp(f, &mut div, Ty::I64, Rv::Binary(BinOp::Div, rem.clone(), lens[k].clone()));
            let qm = tmp(f, &mut div, Ty::I64, Rv::Binary(BinOp::Mul, q.clone(), lens[k].clone()));
            div.push(Stmt::Assign(counters[k], Rv::Binary(BinOp::Sub, rem, qm)));
            rem = q;
        }
        div.push(Stmt::Assign(counters[0], Rv::Use(rem)));
        pre.push(Stmt::If { cond: narrow, then_body: inc, else_body: div });
        parts = counters.iter().map(|c| Op::Var(*c)).collect();
    }
    for k in (0..nest.len()).rev() {
        let (v, _, _, _) = &nest[k];
        let (lo, st) = bounds[k].clone();
        let r = if nest.len() == 1 { Op::Var(it) } else { parts[k].clone() };
        let vt = f.var(*v).ty;
        if w == Ty::I32 && vt == Ty::I32 {
            // The variable's own width: each value it takes is an `I32`.
            let narrow = |f: &mut Function, out: &mut Vec<Stmt>, o: Op| match o {
                Op::I64(x) => Op::I32(x as i32),
                o => tmp(f, out, Ty::I32, Rv::Cast(Ty::I32, o)),
            };
            let lo = narrow(f, out, lo);
            let st = narrow(f, out, st);
            let off = if st == Op::I32(1) { r } else { tmp(f, &mut pre, Ty::I32, Rv::Binary(BinOp::Mul, r, st)) };
            pre.push(Stmt::Assign(*v, Rv::Binary(BinOp::Add, lo, off)));
            continue;
        }
        let r = if w == Ty::I64 { r } else { tmp(f, &mut pre, Ty::I64, Rv::Cast(Ty::I64, r)) };
        let off = tmp(f, &mut pre, Ty::I64, Rv::Binary(BinOp::Mul, r, st));
        let x = tmp(f, &mut pre, Ty::I64, Rv::Binary(BinOp::Add, lo, off));
        if vt == Ty::I64 {
            pre.push(Stmt::Assign(*v, Rv::Use(x)));
        } else {
            pre.push(Stmt::Assign(*v, Rv::Cast(vt, x)));
        }
    }
    // On a target whose gangs run on one thread (the host device), a thread's iterations are
    // one contiguous run: the nest (or the single loop) runs as nested loops over it in the
    // variables' own types (see [`nested`]). A nest left by `exit` keeps the strided form
    // everywhere (which iterations run before the `exit` depends on the partition).
    // A SIMT loop keeps the strided form where its lanes run iterations `VF` apart (the
    // GPUs and the sim device: its `run` operands are left out, so no target gives it
    // blocks); where each gang runs on one thread (the host, `VF` 1) its one lane runs the
    // thread's contiguous run, so it too gets the nested form, its innermost loop with the
    // vectorisation hints, unless `lastprivate` (which reads the linear iteration) or
    // `ordered` (which runs in rounds) needs the strided one.
    let simt_plain = simt.is_some_and(|s| s.last_vars.is_empty() && s.last_copy.is_empty()) && !has_ordered(&inner);
    let nested = if (simt.is_none() || simt_plain) && !exits(&inner, &ids) {
        let (first, last) = if w == Ty::I64 {
            (first.clone(), last.clone())
        } else {
            (tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, first.clone())), tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, last.clone())))
        };
        let hint = simt.is_some_and(|s| s.safelen.is_none());
        let one = nested(f, &nest, &ids, &lens, &bounds, &first, &last, &inner, hint);
        // On a target whose threads take contiguous blocks (the sim device), oacc-xform
        // sets `first` and `last` to the thread's block of `start..end` and keeps this form.
        let run = if simt.is_some() { Vec::new() } else { vec![start.clone(), end.clone(), tid.clone(), nthreads.clone(), first, last] };
        Some((one, run))
    } else {
        None
    };
    // A SIMT loop with `lastprivate` items: the last linear iteration each lane ran (the
    // iteration count, which none reaches, where it ran none).
    // (Set before the loop over a gang's chunks, where there is one.)
    let mut last_run = None;
    let mut last_init = Vec::new();
    if simt.is_some_and(|s| !s.last_vars.is_empty() || !s.last_copy.is_empty()) {
        let lr = f.new_var(format!("lastit.{}", id.0), w);
        last_init.push(Stmt::Assign(lr, Rv::Use(total_w.clone())));
        inner.insert(0, Stmt::Assign(lr, Rv::Use(Op::Var(it))));
        let lastidx = tmp(f, &mut last_init, w, Rv::Binary(BinOp::Sub, total_w.clone(), wc(1)));
        last_run = Some((Op::Var(lr), lastidx));
    }
    if chunk_k.is_none() {
        flat.splice(0..0, last_init.drain(..));
    }
    if small {
        // `it` stays below `total + nthreads` (< 2^31): no trip count needed.
        f.bounded.push(id);
    }
    // Vectorisation hints (where the loop runs on one lane) for loops whose iterations may
    // all run at once: not under `safelen` or with `ordered` constructs.
    if simt.is_some_and(|s| s.safelen.is_none()) && !has_ordered(&inner) {
        f.simd_loops.push(id);
    }
    if simt.is_some() && has_ordered(&inner) {
        // `ordered`: rounds every lane takes part in (`base` is the same in every lane),
        // each lane's iteration `base + tid`, if it has one.
        let base = f.new_var(format!("base.{}", id.0), w);
        let mut body = vec![Stmt::Assign(it, Rv::Binary(BinOp::Add, Op::Var(base), tid.clone()))];
        let active = tmp(f, &mut body, Ty::I32, Rv::Binary(BinOp::Le, Op::Var(it), last.clone()));
        body.append(&mut pre);
        let inner = crate::ir::retarget(inner, &ids[1..], id);
        body.extend(guard_ordered(f, inner, &active));
        let hi = tmp(f, &mut flat, w, Rv::Binary(BinOp::Sub, end.clone(), wc(1)));
        flat.push(Stmt::Loop { id, var: base, lo: start.clone(), hi, step: nthreads.clone(), body, part: None });
    } else {
        pre.extend(crate::ir::retarget(inner, &ids[1..], id));
        flat.push(Stmt::Loop { id, var: it, lo: first, hi: last, step: nthreads, body: pre, part: None });
    }
    match nested {
        Some((n, run)) => {
            let one = tmp(f, out, Ty::I32, Rv::Builtin(Builtin::OneThreadPerGang, run));
            out.push(Stmt::If { cond: one, then_body: n, else_body: flat });
        }
        None => out.append(&mut flat),
    }
    if let Some((c, lo, hi, step)) = chunk_loop {
        let lid = f.new_loop();
        parent.append(&mut last_init);
        parent.push(Stmt::Loop { id: lid, var: c, lo, hi, step, body: chunk_body, part: None });
    }
    last_run
}

/// Whether the statements leave one of the loops `ids` by `exit`.
fn exits(ss: &[Stmt], ids: &[LoopId]) -> bool {
    ss.iter().any(|s| match s {
        Stmt::Exit(i) => ids.contains(i),
        Stmt::If { then_body, else_body, .. } => exits(then_body, ids) || exits(else_body, ids),
        Stmt::Loop { body, .. } => exits(body, ids),
        Stmt::While { cond_body, body, .. } => exits(cond_body, ids) || exits(body, ids),
        _ => false,
    })
}

/// The collapsed nest as nested loops over the contiguous iterations `first..=last` of the
/// flattened space (one thread per gang: the gang's tile). The counters of `first` and
/// `last` come by division once; then each loop runs its own variable, in its own type,
/// from its value at `first` (where every outer loop is at its first iteration of the run,
/// else from the row's start) to its value at `last` (where every outer loop is at its
/// last, else to the row's end), so the innermost loop is a plain counted loop LLVM can
/// vectorise. `cycle` of any loop of the nest continues the innermost one, as in the
/// flattened loop; a nest left by `exit` is not given this form. `simd`: the innermost loop
/// gets the vectorisation hints ([`Function::simd_loops`], a SIMT loop's nested form).
#[allow(clippy::too_many_arguments)]
fn nested(
    f: &mut Function,
    nest: &[(VarId, Op, Op, Op)],
    ids: &[LoopId],
    lens: &[Op],
    bounds: &[(Op, Op)],
    first: &Op,
    last: &Op,
    inner: &[Stmt],
    simd: bool,
) -> Vec<Stmt> {
    let n = nest.len();
    let mut out = Vec::new();
    let split = |f: &mut Function, out: &mut Vec<Stmt>, lin: &Op| -> Vec<Op> {
        let mut cs = vec![Op::I64(0); n];
        let mut rem = lin.clone();
        for k in (1..n).rev() {
            let len = tmp(f, out, Ty::I64, Rv::Binary(BinOp::Max, lens[k].clone(), Op::I64(1)));
            let q = tmp(f, out, Ty::I64, Rv::Binary(BinOp::Div, rem.clone(), len.clone()));
            let qm = tmp(f, out, Ty::I64, Rv::Binary(BinOp::Mul, q.clone(), len));
            cs[k] = tmp(f, out, Ty::I64, Rv::Binary(BinOp::Sub, rem, qm));
            rem = q;
        }
        cs[0] = rem;
        cs
    };
    let mut run = Vec::new();
    let s = split(f, &mut run, first);
    let e = split(f, &mut run, last);
    let new_ids: Vec<LoopId> = ids.iter().map(|_| f.new_loop()).collect();
    let mut map: std::collections::HashMap<LoopId, LoopId> = ids.iter().map(|i| (*i, new_ids[n - 1])).collect();
    let body = renumber(f, inner.to_vec(), &mut map);
    f.independent.push(new_ids[n - 1]);
    if simd {
        f.simd_loops.push(new_ids[n - 1]);
    }
    let nest_stmts = nest_level(f, nest, bounds, lens, &s, &e, &new_ids, 0, None, Some(body));
    run.extend(nest_stmts);
    let any = tmp(f, &mut out, Ty::I32, Rv::Binary(BinOp::Le, first.clone(), last.clone()));
    out.push(Stmt::If { cond: any, then_body: run, else_body: Vec::new() });
    out
}

/// The value of loop `k`'s variable at counter `c`, in the variable's type. A narrower
/// variable's value (always one of the loop's iterations, so in range) is the sum of the
/// narrowed lower bound and offset: narrowing the sum instead would lose the sum's `nsw`,
/// and with it LLVM's widening of the loop variable in index arithmetic.
fn nest_value(f: &mut Function, out: &mut Vec<Stmt>, nest: &[(VarId, Op, Op, Op)], bounds: &[(Op, Op)], k: usize, c: Op) -> Op {
    let (lo, st) = bounds[k].clone();
    let off = tmp(f, out, Ty::I64, Rv::Binary(BinOp::Mul, c, st));
    let vt = f.var(nest[k].0).ty;
    if vt == Ty::I64 {
        tmp(f, out, Ty::I64, Rv::Binary(BinOp::Add, lo, off))
    } else {
        let lo = tmp(f, out, vt, Rv::Cast(vt, lo));
        let off = tmp(f, out, vt, Rv::Cast(vt, off));
        tmp(f, out, vt, Rv::Binary(BinOp::Add, lo, off))
    }
}

/// Loop `k` of [`nested`] and the loops inside it; `at_end`: whether every outer loop is at
/// its first / last iteration of the run (`I32` 0/1 operands; `None` outside all loops).
#[allow(clippy::too_many_arguments)]
fn nest_level(
    f: &mut Function,
    nest: &[(VarId, Op, Op, Op)],
    bounds: &[(Op, Op)],
    lens: &[Op],
    s: &[Op],
    e: &[Op],
    ids: &[LoopId],
    k: usize,
    at_end: Option<(Op, Op)>,
    mut body: Option<Vec<Stmt>>,
) -> Vec<Stmt> {
    let mut out = Vec::new();
    let v = nest[k].0;
    let vt = f.var(v).ty;
    let (lo_c, hi_c) = match &at_end {
        None => (s[k].clone(), e[k].clone()),
        Some((at, end)) => {
            let a64 = tmp(f, &mut out, Ty::I64, Rv::Cast(Ty::I64, at.clone()));
            let lo = tmp(f, &mut out, Ty::I64, Rv::Binary(BinOp::Mul, a64, s[k].clone()));
            let full = tmp(f, &mut out, Ty::I64, Rv::Binary(BinOp::Sub, lens[k].clone(), Op::I64(1)));
            let e64 = tmp(f, &mut out, Ty::I64, Rv::Cast(Ty::I64, end.clone()));
            let d = tmp(f, &mut out, Ty::I64, Rv::Binary(BinOp::Sub, e[k].clone(), full.clone()));
            let d = tmp(f, &mut out, Ty::I64, Rv::Binary(BinOp::Mul, e64, d));
            let hi = tmp(f, &mut out, Ty::I64, Rv::Binary(BinOp::Add, full, d));
            (lo, hi)
        }
    };
    let lo_v = nest_value(f, &mut out, nest, bounds, k, lo_c);
    let hi_v = nest_value(f, &mut out, nest, bounds, k, hi_c);
    let st = bounds[k].1.clone();
    let st_v = if vt == Ty::I64 { st } else { tmp(f, &mut out, vt, Rv::Cast(vt, st)) };
    let lbody = if k + 1 < nest.len() {
        let sv = nest_value(f, &mut out, nest, bounds, k, s[k].clone());
        let ev = nest_value(f, &mut out, nest, bounds, k, e[k].clone());
        let mut top = Vec::new();
        let is_s = tmp(f, &mut top, Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(v), sv));
        let is_e = tmp(f, &mut top, Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(v), ev));
        let (at, end) = match at_end {
            None => (is_s, is_e),
            Some((a, b)) => {
                let at = tmp(f, &mut top, Ty::I32, Rv::Binary(BinOp::And, a, is_s));
                let end = tmp(f, &mut top, Ty::I32, Rv::Binary(BinOp::And, b, is_e));
                (at, end)
            }
        };
        top.extend(nest_level(f, nest, bounds, lens, s, e, ids, k + 1, Some((at, end)), body.take()));
        top
    } else {
        body.take().unwrap_or_default()
    };
    out.push(Stmt::Loop { id: ids[k], var: v, lo: lo_v, hi: hi_v, step: st_v, body: lbody, part: None });
    out
}

/// Gives every loop of the statements a new id (recorded in `map`) and points `exit` and
/// `cycle` at the new ids (`map` may already send some ids elsewhere).
fn renumber(f: &mut Function, ss: Vec<Stmt>, map: &mut std::collections::HashMap<LoopId, LoopId>) -> Vec<Stmt> {
    ss.into_iter()
        .map(|s| match s {
            Stmt::Cycle(i) => Stmt::Cycle(map.get(&i).copied().unwrap_or(i)),
            Stmt::Exit(i) => Stmt::Exit(map.get(&i).copied().unwrap_or(i)),
            Stmt::If { cond, then_body, else_body } => {
                Stmt::If { cond, then_body: renumber(f, then_body, map), else_body: renumber(f, else_body, map) }
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                let nid = f.new_loop();
                map.insert(id, nid);
                if f.bounded.contains(&id) {
                    f.bounded.push(nid);
                }
                if f.independent.contains(&id) {
                    f.independent.push(nid);
                }
                if f.simd_loops.contains(&id) {
                    f.simd_loops.push(nid);
                }
                Stmt::Loop { id: nid, var, lo, hi, step, body: renumber(f, body, map), part }
            }
            Stmt::While { id, cond_body, cond, body } => {
                let nid = f.new_loop();
                map.insert(id, nid);
                Stmt::While { id: nid, cond_body: renumber(f, cond_body, map), cond, body: renumber(f, body, map) }
            }
            s => s,
        })
        .collect()
}
