//! Worker and vector neutering (seed 000's execution modes; design notes, "Execution modes
//! and neutering"). Target-neutral: only positions, barriers, shuffles and shared memory
//! come from the hooks.
//!
//! Every thread of a gang runs the kernel. Statements are classified by one sweep:
//! a statement that contains a partitioned region (`GOACC_FORK ... GOACC_JOIN`) or a
//! `exit`/`cycle` leaving it is *redundant*: every executing thread runs it; any other
//! statement is *single*: runs of single statements execute on the leader of each level that
//! is executing but not partitioned (worker 0 and/or lane 0). Before redundant code, the
//! values that single code produced and the redundant code reads are broadcast from the
//! leader: through shared memory and a barrier at worker level, by a shuffle from lane 0 at
//! vector level. A partitioned region that does not need some executing level (a worker loop
//! with no vector loop inside) is run by that level's leader only. Reduction `FINI` stages
//! run on every executing thread, since their expansion is collective.
//!
//! A *uniform* assignment (a side-effect-free operation on constants, on variables the body
//! never assigns, such as the parameters, on the gang's position and the launch dimensions,
//! and on variables whose only assignment is itself uniform) is run by every thread instead:
//! each computes the same value, so it needs no broadcast (GCC's neutering likewise
//! recomputes rather than broadcasting such values). Uniform over the gang, or, where only
//! vector-single code is neutered, over a worker's warp (the worker's position too). A loop
//! every thread runs with uniform bounds has a uniform variable (a gang loop's counter);
//! reduction `FINI` stages leave the same value in every lane (vector) or thread (worker);
//! `SETUP` and `TEARDOWN`, which the default expansion leaves empty, run everywhere.

use crate::ir::*;
use crate::passes::gimplify::{defs, rv_ops, uses};
use crate::targets::{tmp, OffloadHooks};
use std::collections::{BTreeSet, HashMap};

pub struct Neuter<'h> {
    hooks: &'h dyn OffloadHooks,
    /// How many times each variable is assigned in the kernel body.
    def_count: HashMap<VarId, usize>,
    /// Largest number of 8-byte broadcast slots used.
    pub slots: usize,
    /// Nesting of statement lists being neutered (1: the kernel body).
    depth: usize,
    /// How many assignments of each variable so far ran on every thread as gang-uniform
    /// ones, and as warp-uniform ones (counting the gang-uniform ones too).
    uniform_defs: HashMap<VarId, usize>,
    warp_defs: HashMap<VarId, usize>,
    /// Assignments, other than uniform ones, in the kernel body's top-level statements
    /// already neutered: what may reach a top-level statement (no loop encloses it).
    before: HashMap<VarId, usize>,
    /// Single code placed since the last barrier (or warp synchronisation) may have
    /// written memory: the threads of the next redundant code must wait for it.
    dirty: bool,
    /// A routine's parameters used only as the address of loads (read-only scalar
    /// dummies): every thread running the routine passed the same value (the caller's
    /// arguments are computed from broadcast values, see omp-expand's fork around the
    /// call), so their loads are uniform.
    read_only_params: BTreeSet<VarId>,
    /// The most broadcast slots one round may use (a routine's bounded shared block).
    max_slots: Option<usize>,
    /// Variables whose address the body takes: never known dead before a broadcast.
    addressed: BTreeSet<VarId>,
}

const WV: Levels = Levels(0b110);

impl<'h> Neuter<'h> {
    pub fn new(hooks: &'h dyn OffloadHooks, body: &[Stmt]) -> Neuter<'h> {
        let mut def_count = HashMap::new();
        count_defs(body, &mut def_count);
        let mut addressed = BTreeSet::new();
        address_taken(body, &mut addressed);
        Neuter {
            hooks,
            def_count,
            slots: 0,
            depth: 0,
            uniform_defs: HashMap::new(),
            warp_defs: HashMap::new(),
            before: HashMap::new(),
            dirty: false,
            read_only_params: BTreeSet::new(),
            max_slots: None,
            addressed,
        }
    }

    /// A routine's body: its read-only scalar dummies' loads are uniform.
    pub fn for_routine(hooks: &'h dyn OffloadHooks, f: &Function, body: &[Stmt]) -> Neuter<'h> {
        let mut n = Neuter::new(hooks, body);
        let mut other = BTreeSet::new();
        other_uses(body, &mut other);
        n.read_only_params = f.params.iter().copied().filter(|p| !other.contains(p) && !n.def_count.contains_key(p)).collect();
        n.max_slots = Some((ROUTINE_SHARED_BYTES / 8) as usize);
        n
    }

    /// Neuters a kernel body; all threads of every gang start executing it. `levels`: those
    /// the kernel partitions loops over; a kernel without worker (vector) loops runs with one
    /// worker (lane) on every device, so that level needs no neutering.
    pub fn run(&mut self, f: &mut Function, body: Vec<Stmt>, levels: Levels) -> Vec<Stmt> {
        self.stmts(f, body, Levels(WV.0 & levels.0), Levels::default())
    }

    fn guard(&self, f: &mut Function, out: &mut Vec<Stmt>, levels: Levels) -> Op {
        let mut acc: Option<Op> = None;
        for l in levels.iter() {
            if l == Level::Gang {
                continue;
            }
            let p = tmp(f, out, Ty::I32, self.hooks.dim_pos(l));
            acc = Some(match acc {
                None => p,
                Some(a) => tmp(f, out, Ty::I32, Rv::Binary(BinOp::Or, a, p)),
            });
        }
        match acc {
            Some(a) => tmp(f, out, Ty::I32, Rv::Binary(BinOp::Eq, a, Op::I32(0))),
            None => Op::I32(1),
        }
    }

    fn flush(&mut self, f: &mut Function, out: &mut Vec<Stmt>, run: &mut Vec<Stmt>, single: Levels) {
        if run.is_empty() {
            return;
        }
        let body = std::mem::take(run);
        if single.is_empty() {
            out.extend(body);
            return;
        }
        self.dirty |= writes_memory(&body);
        let c = self.guard(f, out, single);
        out.push(Stmt::If { cond: c, then_body: body, else_body: vec![] });
    }

    fn stmts(&mut self, f: &mut Function, ss: Vec<Stmt>, exec: Levels, part: Levels) -> Vec<Stmt> {
        self.depth += 1;
        let out = self.stmts_at(f, ss, exec, part);
        self.depth -= 1;
        out
    }

    fn stmts_at(&mut self, f: &mut Function, ss: Vec<Stmt>, exec: Levels, part: Levels) -> Vec<Stmt> {
        let single = Levels(exec.0 & !part.0 & WV.0);
        let mut out = Vec::new();
        let mut run = Vec::new();
        let mut it = ss.into_iter().peekable();
        let mut inside_loops = BTreeSet::new();
        let top = self.depth == 1;
        // The assignments of the previous top-level statement, counted once it is placed.
        let mut pending: HashMap<VarId, usize> = HashMap::new();
        while let Some(s) = it.next() {
            for (v, n) in pending.drain() {
                *self.before.entry(v).or_default() += n;
            }
            if top {
                count_defs(std::slice::from_ref(&s), &mut pending);
            }
            if let Stmt::Builtin(Builtin::Fork(ls), _) = &s {
                let ls = *ls;
                // Collect the region up to the matching join.
                let mut region = Vec::new();
                let mut depth = 0;
                for r in it.by_ref() {
                    match &r {
                        Stmt::Builtin(Builtin::Fork(_), _) => depth += 1,
                        Stmt::Builtin(Builtin::Join(_), _) if depth == 0 => break,
                        Stmt::Builtin(Builtin::Join(_), _) => depth -= 1,
                        _ => {}
                    }
                    region.push(r);
                }
                // Trailing FINI stages are collective: split them off.
                let mut finis = Vec::new();
                while matches!(region.last(), Some(Stmt::Assign(_, Rv::Builtin(Builtin::Reduction { stage: RedStage::Fini, .. }, _)))) {
                    if let Some(x) = region.pop() {
                        finis.push(x);
                    }
                }
                finis.reverse();
                self.flush(f, &mut out, &mut run, single);
                self.note_finis(&finis);
                self.broadcast(f, &mut out, &region, single, top);
                if top {
                    count_defs(&region, &mut pending);
                    count_defs(&finis, &mut pending);
                }
                let inner = fork_levels(&region);
                let off = Levels(single.0 & !ls.0 & !inner.0);
                let exec2 = Levels(exec.0 & !off.0);
                let part2 = Levels(part.0 | ls.0);
                let core = self.stmts(f, region, exec2, part2);
                if off.is_empty() {
                    out.extend(core);
                } else {
                    let c = self.guard(f, &mut out, off);
                    out.push(Stmt::If { cond: c, then_body: core, else_body: vec![] });
                }
                // A warp's join is left out where a vector reduction's FINI stage ends the
                // region: every lane of the warp runs it, and its expansion (a butterfly of
                // shuffles, or one warp round on the sim) is itself a synchronisation of
                // the warp, which a shuffle right after it would only repeat.
                let synced = matches!(
                    finis.last(),
                    Some(Stmt::Assign(_, Rv::Builtin(Builtin::Reduction { stage: RedStage::Fini, level: Level::Vector, .. }, _)))
                );
                out.extend(finis);
                // The join: the threads that shared the loop wait for each other before
                // what follows reads what they wrote (the leader's single code, the next
                // loop). Gang-wide where every worker runs this code the same number of
                // times (as the worker-level broadcasts do); a warp's lanes inside a
                // worker-partitioned loop.
                let last = self.depth == 1
                    && it.clone().all(|s| {
                        matches!(s, Stmt::Return | Stmt::Assign(_, Rv::Builtin(Builtin::Reduction { stage: RedStage::Teardown, .. }, _)))
                    });
                if !last && ls.0 & WV.0 != 0 {
                    if exec.has(Level::Worker) && part.0 & WV.0 == 0 {
                        out.push(self.hooks.barrier());
                        self.dirty = false;
                    } else if exec.has(Level::Vector) && ls.has(Level::Vector) && !part.has(Level::Vector) && !synced {
                        tmp(f, &mut out, Ty::I32, self.hooks.shuffle(Ty::I32, ShuffleMode::Idx, Op::I32(0), Op::I32(0)));
                    }
                }
                continue;
            }
            if !single.is_empty() {
                let gang = self.uniform_target(&s, false);
                let warp = if single.has(Level::Worker) { None } else { self.uniform_target(&s, true) };
                if let Some(v) = gang.or(warp) {
                    // Every thread computes it. Ahead of the pending single statements when
                    // they neither read nor assign it (they cannot assign its operands: those
                    // are never assigned, or only by uniform statements already placed).
                    let mut touched = BTreeSet::new();
                    uses(&run, &mut touched);
                    if touched.contains(&v) || defs(&run).contains(&v) {
                        self.flush(f, &mut out, &mut run, single);
                    }
                    self.note_uniform(v, gang.is_some());
                    if gang.is_some() {
                        pending.clear();
                    }
                    out.push(s);
                    continue;
                }
            }
            // Reduction INIT and FINI stages outside a partitioned region (a construct's
            // reductions) are collective: every executing thread runs them, and no
            // broadcast may overwrite the partial results they combine.
            if matches!(&s, Stmt::Assign(_, Rv::Builtin(Builtin::Reduction { stage: RedStage::Init | RedStage::Fini, .. }, _))) {
                self.flush(f, &mut out, &mut run, single);
                self.note_finis(std::slice::from_ref(&s));
                out.push(s);
                continue;
            }
            // An early return (of a routine: not the body's last statement): every executing
            // thread leaves, after the single code before it.
            if matches!(s, Stmt::Return) && self.depth > 1 {
                self.flush(f, &mut out, &mut run, single);
                out.push(s);
                continue;
            }
            if is_redundant(&s, &mut inside_loops) {
                self.flush(f, &mut out, &mut run, single);
                self.broadcast(f, &mut out, std::slice::from_ref(&s), single, top);
                let s = match s {
                    Stmt::If { cond, then_body, else_body } => {
                        Stmt::If { cond, then_body: self.stmts(f, then_body, exec, part), else_body: self.stmts(f, else_body, exec, part) }
                    }
                    Stmt::Loop { id, var, lo, hi, step, body, part: pl } => {
                        // Every thread runs the loop: with uniform bounds its variable is
                        // uniform too (a gang loop's counter).
                        if !single.is_empty() && self.def_count.get(&var) == Some(&1) {
                            let bounds = [&lo, &hi, &step];
                            if bounds.iter().all(|o| self.uniform_op(o, false)) {
                                self.note_uniform(var, true);
                            } else if !single.has(Level::Worker) && bounds.iter().all(|o| self.uniform_op(o, true)) {
                                self.note_uniform(var, false);
                            }
                        }
                        Stmt::Loop { id, var, lo, hi, step, body: self.stmts(f, body, exec, part), part: pl }
                    }
                    Stmt::While { id, cond_body, cond, body } => {
                        // Every thread evaluates the condition, before each iteration: what
                        // single code of the previous iteration assigned (the loop's
                        // variables) is broadcast again at the start of each evaluation, so
                        // that all threads take the same branch.
                        let mut probe = cond_body.clone();
                        probe.push(Stmt::If { cond: cond.clone(), then_body: vec![], else_body: vec![] });
                        let mut cb = Vec::new();
                        self.broadcast(f, &mut cb, &probe, single, false);
                        cb.extend(self.stmts(f, cond_body, exec, Levels(part.0 | single.0)));
                        Stmt::While { id, cond_body: cb, cond, body: self.stmts(f, body, exec, part) }
                    }
                    s => s,
                };
                out.push(s);
            } else {
                run.push(s);
            }
        }
        for (v, n) in pending {
            *self.before.entry(v).or_default() += n;
        }
        self.flush(f, &mut out, &mut run, single);
        out
    }

    /// Broadcasts from the leaders the variables that `region` reads and that single code
    /// assigns outside it; `top`: the region is a top-level statement of the kernel body,
    /// which only the assignments before it reach.
    fn broadcast(&mut self, f: &mut Function, out: &mut Vec<Stmt>, region: &[Stmt], single: Levels, top: bool) {
        if single.is_empty() {
            return;
        }
        // What the leader's single code stored is read by the other threads of the region
        // only after they have waited for it (a gang-wide barrier, or a warp's
        // synchronisation where only vector-single code is neutered); a broadcast below
        // waits too.
        let dirty = std::mem::take(&mut self.dirty);
        let mut read = BTreeSet::new();
        uses(region, &mut read);
        let inside = defs(region);
        let mut inside_count: HashMap<VarId, usize> = HashMap::new();
        count_defs(region, &mut inside_count);
        let vars: Vec<VarId> = read
            .into_iter()
            .filter(|v| {
                if top {
                    return self.before.get(v).copied().unwrap_or(0) > 0;
                }
                // Assigned outside the region by single code (not by uniform assignments).
                let total = self.def_count.get(v).copied().unwrap_or(0);
                let here = inside_count.get(v).copied().unwrap_or(0);
                let defs = if single.has(Level::Worker) { &self.uniform_defs } else { &self.warp_defs };
                let uniform = defs.get(v).copied().unwrap_or(0);
                total > here + uniform || (total > uniform && !inside.contains(v) && here == 0)
            })
            .filter(|v| !self.dead_in_receivers(*v, region, single))
            .collect();
        if vars.is_empty() {
            if dirty && single.has(Level::Worker) {
                out.push(self.hooks.barrier());
            } else if dirty {
                tmp(f, out, Ty::I32, self.hooks.shuffle(Ty::I32, ShuffleMode::Idx, Op::I32(0), Op::I32(0)));
            }
            return;
        }
        if single.has(Level::Worker) {
            // In rounds of at most `max_slots` values where the shared block is bounded (a
            // routine's, `ROUTINE_SHARED_BYTES`).
            let round = self.max_slots.unwrap_or(usize::MAX).max(1);
            self.slots = self.slots.max(vars.len().min(round));
            let mut pre = Vec::new();
            let lead = crate::targets::is_gang_leader(self.hooks, f, &mut pre);
            out.extend(pre);
            let base = tmp(f, out, Ty::Ptr, self.hooks.shared_base());
            for chunk in vars.chunks(round) {
                let mut stores = Vec::new();
                let mut loads = Vec::new();
                for (k, v) in chunk.iter().enumerate() {
                    let ty = f.var(*v).ty;
                    let p = tmp(f, out, Ty::Ptr, Rv::PtrAdd(base.clone(), Op::I64(8 * k as i64)));
                    stores.push(Stmt::Store(ty, p.clone(), Op::Var(*v)));
                    loads.push(Stmt::Assign(*v, Rv::Load(ty, p)));
                }
                out.push(Stmt::If { cond: lead.clone(), then_body: stores, else_body: vec![] });
                out.push(self.hooks.barrier());
                out.extend(loads);
                out.push(self.hooks.barrier());
            }
        } else {
            for v in vars {
                let ty = f.var(v).ty;
                if ty == Ty::Ptr {
                    let i = tmp(f, out, Ty::I64, Rv::Cast(Ty::I64, Op::Var(v)));
                    let s = tmp(f, out, Ty::I64, self.hooks.shuffle(Ty::I64, ShuffleMode::Idx, i, Op::I32(0)));
                    out.push(Stmt::Assign(v, Rv::Cast(Ty::Ptr, s)));
                } else {
                    out.push(Stmt::Assign(v, self.hooks.shuffle(ty, ShuffleMode::Idx, Op::Var(v), Op::I32(0))));
                }
            }
        }
    }
}

impl Neuter<'_> {
    /// Whether every thread that a broadcast of `v` ahead of `region` would give the
    /// leader's value overwrites that value before reading it, so that the broadcast can be
    /// left out. The receiving threads are all but the gang's leader (worker-level
    /// broadcast) or all but lane 0 of each warp (vector level). A reduction `INIT` stage
    /// at worker or vector level keeps its variable on the level's leader and sets it to
    /// the operator's identity everywhere else (`keep_on_leader`, every target's expansion):
    /// it overwrites the variable in the threads whose position at that level is not 0.
    /// Any other assignment of `v` that does not read it overwrites it everywhere; any
    /// other mention of `v` (a read, or an assignment under a condition or in a loop) ends
    /// the search with the value possibly live, as does the end of the region (the `FINI`
    /// stages after it read the variable on every thread).
    fn dead_in_receivers(&self, v: VarId, region: &[Stmt], single: Levels) -> bool {
        if self.addressed.contains(&v) {
            return false;
        }
        // Classes of threads, one bit each: bit 1 worker position not 0, bit 2 lane not 0.
        const W: u8 = 0b1010;
        const V: u8 = 0b1100;
        let mut live: u8 = if single.has(Level::Worker) { 0b1110 } else { V };
        for s in region {
            if live == 0 {
                return true;
            }
            let mut seen = BTreeSet::new();
            match s {
                Stmt::Assign(d, Rv::Builtin(Builtin::Reduction { stage: RedStage::Init, level, .. }, ops)) if *d == v => {
                    let local = match ops.get(1) {
                        Some(Op::Var(l)) => *l,
                        _ => v,
                    };
                    let other = ops.iter().enumerate().any(|(k, o)| k != 1 && *o == Op::Var(v));
                    match level {
                        Level::Vector if local == v && !other => live &= !V,
                        Level::Worker if local == v && !other => live &= !W,
                        _ => return false,
                    }
                }
                Stmt::Assign(d, rv) if *d == v => {
                    if rv_ops(rv).iter().any(|o| **o == Op::Var(v)) {
                        return false;
                    }
                    live = 0;
                }
                Stmt::Exit(_) | Stmt::Cycle(_) | Stmt::Return => return false,
                s => {
                    uses(std::slice::from_ref(s), &mut seen);
                    if seen.contains(&v) {
                        return false;
                    }
                }
            }
        }
        live == 0
    }

    fn note_uniform(&mut self, v: VarId, gang: bool) {
        if gang {
            *self.uniform_defs.entry(v).or_default() += 1;
        }
        *self.warp_defs.entry(v).or_default() += 1;
    }

    /// Counts the reduction `FINI` stages among `ss` as the uniform assignments they are.
    fn note_finis(&mut self, ss: &[Stmt]) {
        for s in ss {
            if let Stmt::Assign(v, Rv::Builtin(Builtin::Reduction { stage: RedStage::Fini, level, .. }, _)) = s {
                match level {
                    Level::Worker => self.note_uniform(*v, true),
                    Level::Vector => self.note_uniform(*v, false),
                    Level::Gang => {}
                }
            }
        }
    }

    /// The variable a uniform assignment (see the module notes) assigns, if `s` is one;
    /// `warp`: uniform over a warp rather than over the gang.
    fn uniform_target(&self, s: &Stmt, warp: bool) -> Option<VarId> {
        let Stmt::Assign(v, rv) = s else { return None };
        let ops: Vec<&Op> = match rv {
            Rv::Use(a) | Rv::Unary(_, a) | Rv::Cast(_, a) => vec![a],
            Rv::Binary(_, a, b) => vec![a, b],
            // The default SETUP and TEARDOWN expansions are empty: the variable keeps its value.
            Rv::Builtin(Builtin::Reduction { stage: RedStage::Setup | RedStage::Teardown, .. }, _) => return Some(*v),
            // The same in every thread of a gang.
            Rv::Builtin(Builtin::DimPos(Level::Gang) | Builtin::DimSize(_), _) => return Some(*v),
            // A read-only scalar dummy of a routine.
            Rv::Load(_, Op::Var(p)) if self.read_only_params.contains(p) => return Some(*v),
            // The same in every lane of a warp.
            Rv::Builtin(Builtin::DimPos(Level::Worker), _) if warp => return Some(*v),
            _ => return None,
        };
        ops.into_iter().all(|o| self.uniform_op(o, warp)).then_some(*v)
    }

    /// Whether an operand has the same value in every thread of a gang: a constant, a
    /// variable the body never assigns, or one whose only assignment is uniform.
    fn uniform_op(&self, o: &Op, warp: bool) -> bool {
        match o {
            Op::Var(u) => {
                let total = self.def_count.get(u).copied().unwrap_or(0);
                let defs = if warp { &self.warp_defs } else { &self.uniform_defs };
                total == 0 || (total == 1 && defs.get(u).copied().unwrap_or(0) == 1)
            }
            Op::Str(_) => false,
            _ => true,
        }
    }
}

/// The variables the statements use other than as the address operand of a `Load`.
fn other_uses(ss: &[Stmt], out: &mut BTreeSet<VarId>) {
    for s in ss {
        match s {
            Stmt::Assign(_, Rv::Load(_, Op::Var(_))) => {}
            Stmt::If { cond, then_body, else_body } => {
                uses(std::slice::from_ref(&Stmt::If { cond: cond.clone(), then_body: vec![], else_body: vec![] }), out);
                other_uses(then_body, out);
                other_uses(else_body, out);
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                uses(
                    std::slice::from_ref(&Stmt::Loop {
                        id: *id,
                        var: *var,
                        lo: lo.clone(),
                        hi: hi.clone(),
                        step: step.clone(),
                        body: vec![],
                        part: part.clone(),
                    }),
                    out,
                );
                other_uses(body, out);
            }
            Stmt::While { cond_body, cond, body, .. } => {
                if let Op::Var(c) = cond {
                    out.insert(*c);
                }
                other_uses(cond_body, out);
                other_uses(body, out);
            }
            s => uses(std::slice::from_ref(s), out),
        }
    }
}

/// Whether `ss` may write memory (stores, atomics, calls).
fn writes_memory(ss: &[Stmt]) -> bool {
    ss.iter().any(|s| match s {
        Stmt::Store(..) | Stmt::Call(..) | Stmt::AtomicStore(..) => true,
        Stmt::Assign(_, Rv::Call(..) | Rv::AtomicRmw(..) | Rv::AtomicCas(..)) => true,
        Stmt::If { then_body, else_body, .. } => writes_memory(then_body) || writes_memory(else_body),
        Stmt::Loop { body, .. } => writes_memory(body),
        Stmt::While { cond_body, body, .. } => writes_memory(cond_body) || writes_memory(body),
        _ => false,
    })
}

/// The variables whose address the statements take.
fn address_taken(ss: &[Stmt], out: &mut BTreeSet<VarId>) {
    for s in ss {
        match s {
            Stmt::Assign(_, Rv::AddrOf(x)) => {
                out.insert(*x);
            }
            Stmt::If { then_body, else_body, .. } => {
                address_taken(then_body, out);
                address_taken(else_body, out);
            }
            Stmt::Loop { body, part, .. } => {
                address_taken(body, out);
                if let Some(t) = part.as_ref().and_then(|p| p.simt.as_ref()) {
                    address_taken(&t.last_copy, out);
                }
            }
            Stmt::While { cond_body, body, .. } => {
                address_taken(cond_body, out);
                address_taken(body, out);
            }
            _ => {}
        }
    }
}

fn count_defs(ss: &[Stmt], m: &mut HashMap<VarId, usize>) {
    for s in ss {
        match s {
            Stmt::Assign(v, _) => *m.entry(*v).or_default() += 1,
            Stmt::If { then_body, else_body, .. } => {
                count_defs(then_body, m);
                count_defs(else_body, m);
            }
            Stmt::Loop { var, body, .. } => {
                *m.entry(*var).or_default() += 1;
                count_defs(body, m);
            }
            Stmt::While { cond_body, body, .. } => {
                count_defs(cond_body, m);
                count_defs(body, m);
            }
            _ => {}
        }
    }
}

/// Levels of the forks inside the statements.
fn fork_levels(ss: &[Stmt]) -> Levels {
    let mut l = Levels::default();
    for s in ss {
        match s {
            Stmt::Builtin(Builtin::Fork(x), _) => l = Levels(l.0 | x.0),
            Stmt::If { then_body, else_body, .. } => l = Levels(l.0 | fork_levels(then_body).0 | fork_levels(else_body).0),
            Stmt::Loop { body, .. } => l = Levels(l.0 | fork_levels(body).0),
            Stmt::While { body, cond_body, .. } => l = Levels(l.0 | fork_levels(body).0 | fork_levels(cond_body).0),
            _ => {}
        }
    }
    l
}

/// Does the statement contain a fork, or an `exit`/`cycle`/`return` that leaves it? (A
/// `return` inside an `if` or a loop is a routine's early return, which every thread of the
/// routine takes; a bare one, the end of a body, is single code.)
fn is_redundant(s: &Stmt, _: &mut BTreeSet<LoopId>) -> bool {
    if matches!(s, Stmt::Return) {
        return false;
    }
    fn walk(ss: &[Stmt], inner: &mut Vec<LoopId>) -> bool {
        ss.iter().any(|s| one(s, inner))
    }
    fn one(s: &Stmt, inner: &mut Vec<LoopId>) -> bool {
        match s {
            Stmt::Builtin(Builtin::Fork(_), _) => true,
            Stmt::Exit(id) | Stmt::Cycle(id) => !inner.contains(id),
            Stmt::Return => true,
            Stmt::If { then_body, else_body, .. } => walk(then_body, inner) || walk(else_body, inner),
            Stmt::Loop { id, body, .. } | Stmt::While { id, body, .. } => {
                inner.push(*id);
                let r = walk(body, inner);
                inner.pop();
                r
            }
            _ => false,
        }
    }
    one(s, &mut Vec::new())
}
