//! Offload regions (OpenACC compute constructs): implicit data attributes made explicit as maps
//! and captures, privates, construct reductions, and `kernels` split into kernels.

use super::*;

impl G<'_> {
    /// OpenMP's team size of a target region, from the `num_threads`, `thread_limit` and
    /// `if(parallel: c)` clauses its combined construct keeps (see `offload_omp`): the
    /// smaller of the first two, 1 where `c` is false; and the `thread_limit`.
    fn omp_team_size(&mut self, dir: &ast::Directive) -> (Option<Op>, Option<Op>) {
        let nt = self.clause_op(&dir.clauses, |k| if let ClauseKind::NumThreads(e) = k { Some(e) } else { None });
        let tl = self.clause_op(&dir.clauses, |k| if let ClauseKind::ThreadLimit(e) = k { Some(e) } else { None });
        let cond = dir.clauses.iter().find_map(|c| match &c.kind {
            ClauseKind::IfFor(m, e) if m == "parallel" => Some(e),
            _ => None,
        });
        let cond = cond.map(|e| {
            let v = self.expr(e);
            self.conv(v, Ty::I32)
        });
        if nt.is_none() && tl.is_none() && cond.is_none() {
            return (None, None);
        }
        let tl = tl.map(|t| {
            let v = self.tmp(Ty::I32);
            self.emit(Stmt::Assign(v, Rv::Binary(BinOp::Max, t, Op::I32(1))));
            Op::Var(v)
        });
        let mut n = match (nt, &tl) {
            (Some(a), Some(b)) => self.bin(Ty::I32, BinOp::Min, a, b.clone()),
            (Some(a), None) => a,
            (None, Some(b)) => b.clone(),
            (None, None) => Op::I32(i32::MAX),
        };
        if let Some(c) = cond {
            // if(parallel: c): n where c holds, else 1 (n - (n - 1) * !c).
            let not = self.bin(Ty::I32, BinOp::Eq, c, Op::I32(0));
            let n1 = self.bin(Ty::I32, BinOp::Sub, n.clone(), Op::I32(1));
            let d = self.bin(Ty::I32, BinOp::Mul, n1, not);
            n = self.bin(Ty::I32, BinOp::Sub, n, d);
        }
        let v = self.f.new_var("omp.threads", Ty::I32);
        self.emit(Stmt::Assign(v, Rv::Binary(BinOp::Max, n, Op::I32(1))));
        (Some(Op::Var(v)), tl)
    }

    /// A compute construct (`loop_dir` is set for combined constructs); with `async` its
    /// run-time calls (data clauses, launch) go to the queue, after the waits of `wait`.
    pub(super) fn region(&mut self, dir: &ast::Directive, body: &[ast::Stmt], loop_dir: Option<&ast::Directive>, sp: Span) {
        let queue = if self.region.is_none() { self.async_clauses(&dir.clauses, true) } else { None };
        if let Some(q) = &queue {
            self.emit(Stmt::Call("gpuf_acc_async_begin".into(), vec![q.clone()]));
        }
        let after = self.loop_var_after_kernel(dir, body, loop_dir);
        self.compute_region(dir, body, loop_dir, sp);
        if queue.is_some() {
            self.emit(Stmt::Call("gpuf_acc_async_end".into(), vec![]));
        }
        // The loops' variables on the host: the values the sequential loops leave.
        for (home, v, ran) in after {
            self.push_block();
            match home {
                Home::Reg(o, _) => self.emit(Stmt::Assign(o, Rv::Use(v))),
                Home::Mem(p, b) => self.store_as(b, Op::Var(p), v),
                _ => {}
            }
            let set = self.pop_block();
            match ran {
                Some(c) => self.emit(Stmt::If { cond: c, then_body: set, else_body: vec![] }),
                None => {
                    for st in set {
                        self.emit(st);
                    }
                }
            }
        }
    }

    /// A `kernels` construct (or a part of a split one) that is one `do` loop without a
    /// loop directive of the user's (run sequentially, or partitioned because the
    /// dependence test proved it independent): its variable is a scalar of the construct,
    /// which `kernels` copies back, so after the construct it holds what the sequential
    /// loop leaves (`lo + max(0, (hi - lo + st) / st) * st`). So do the variables of the
    /// loops nested in it that every iteration runs whole (`do` statements at the top level
    /// of the loop's body, recursively, whose bounds do not depend on the loops around
    /// them), each when the loops around it ran at least once. Computed on the host before
    /// the launch when the host holds the bounds' values; returns each variable's home, its
    /// value after the construct and the condition under which it takes it.
    fn loop_var_after_kernel(
        &mut self,
        dir: &ast::Directive,
        body: &[ast::Stmt],
        loop_dir: Option<&ast::Directive>,
    ) -> Vec<(Home, Op, Option<Op>)> {
        let kernels = dir.kind == ast::AccKind::Kernels || (dir.kind == ast::AccKind::Serial && self.in_kernels);
        if !kernels || loop_dir.is_some() || self.region.is_some() {
            return Vec::new();
        }
        let [s] = body else { return Vec::new() };
        let mut written = BTreeSet::new();
        assigned(body, &mut written, self.syms, &mut Vec::new());
        let mut out = Vec::new();
        self.loop_nest_after(s, &written, &mut Vec::new(), None, &mut out);
        out
    }

    /// [`Self::loop_var_after_kernel`] for the `do` statement `s` (bare, or under the
    /// dependence test's own `loop`) inside the loops `outer` whose trips are all positive
    /// when `ran` holds: pushes its variable's value after the construct, then its inner
    /// loops'.
    fn loop_nest_after(
        &mut self,
        s: &ast::Stmt,
        written: &BTreeSet<String>,
        outer: &mut Vec<String>,
        ran: Option<Op>,
        out: &mut Vec<(Home, Op, Option<Op>)>,
    ) {
        let do_stmt = match &s.kind {
            StmtKind::Do { .. } => s,
            // the dependence test's own `loop` (no clauses, at the loop's own place)
            StmtKind::LoopConstruct { dir, do_stmt } if dir.clauses.is_empty() && dir.span == do_stmt.span => do_stmt,
            _ => return,
        };
        let StmtKind::Do { name, var, start, end, step, body: inner } = &do_stmt.kind else { return };
        // A loop left early (`exit`, `go to`, `return`) ends with another value.
        if jumps_out(inner, name.as_ref().map(|n| n.name.as_str()), 0) {
            return;
        }
        // Bounds the host holds: scalars the construct does not write and that are not
        // variables of the loops around (whose values the nest changes).
        let mut fixed = written.clone();
        fixed.extend(outer.iter().cloned());
        let named = self.enclosing_named.clone();
        let ok = |e: &Expr| host_condition(e, self.syms, &fixed, &named);
        if !(ok(start) && ok(end) && step.as_ref().is_none_or(ok)) || fixed.contains(&var.name) || named.contains(&var.name) {
            return;
        }
        let Some(home) = self.lookup(&var.name) else { return };
        let vty = match &home {
            Home::Reg(_, b) | Home::Mem(_, b) => ir_ty(*b),
            _ => return,
        };
        let lo = self.expr(start);
        let lo = self.conv(lo, vty);
        let hi = self.expr(end);
        let hi = self.conv(hi, vty);
        let st = match step {
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, vty)
            }
            None if vty == Ty::I64 => Op::I64(1),
            None => Op::I32(1),
        };
        let zero = if vty == Ty::I64 { Op::I64(0) } else { Op::I32(0) };
        let d = self.bin(vty, BinOp::Sub, hi, lo.clone());
        let d = self.bin(vty, BinOp::Add, d, st.clone());
        let trips = self.bin(vty, BinOp::Div, d, st.clone());
        let trips = self.val(vty, Rv::Binary(BinOp::Max, trips, zero.clone()));
        let off = self.bin(vty, BinOp::Mul, trips.clone(), st);
        let v = self.bin(vty, BinOp::Add, lo, off);
        out.push((home, v, ran.clone()));
        // The loops inside run (whole) when this one and those around it ran.
        let pos = self.val(Ty::I32, Rv::Binary(BinOp::Gt, trips, zero));
        let ran = Some(match ran {
            Some(r) => self.val(Ty::I32, Rv::Binary(BinOp::And, r, pos)),
            None => pos,
        });
        outer.push(var.name.clone());
        for t in inner {
            self.loop_nest_after(t, written, outer, ran.clone(), out);
        }
        outer.pop();
    }

    /// The `wait` and `async` clauses of a directive: emits the waits (`wait(q)`: the host
    /// waits for queue `q`; with `async(r)`, queue `r` does) and returns the queue of
    /// `async` (`acc_async_noval` without an argument) when `queued`, else `None` (the
    /// directive then runs synchronously, which every queue allows).
    pub(super) fn async_clauses(&mut self, cs: &[ast::Clause], queued: bool) -> Option<Op> {
        let queue = cs.iter().find_map(|c| match &c.kind {
            ClauseKind::Async(e) if queued => Some(e.as_ref()),
            _ => None,
        });
        let queue = queue.map(|e| match e {
            Some(e) => {
                let v = self.expr(e);
                let v = self.conv(v, Ty::I32);
                let t = self.tmp(Ty::I32);
                self.emit(Stmt::Assign(t, Rv::Use(v)));
                Op::Var(t)
            }
            None => Op::I32(-1),
        });
        for c in cs {
            let ClauseKind::Wait(list) = &c.kind else { continue };
            if list.is_empty() {
                match &queue {
                    Some(q) => self.emit(Stmt::Call("gpuf_acc_wait_all_async".into(), vec![q.clone()])),
                    None => self.emit(Stmt::Call("gpuf_acc_wait_all".into(), vec![])),
                }
            }
            for e in list {
                let v = self.expr(e);
                let v = self.conv(v, Ty::I32);
                match &queue {
                    Some(q) => self.emit(Stmt::Call("gpuf_acc_wait_async".into(), vec![v, q.clone()])),
                    None => self.emit(Stmt::Call("gpuf_acc_wait".into(), vec![v])),
                }
            }
        }
        queue
    }

    fn compute_region(&mut self, dir: &ast::Directive, body: &[ast::Stmt], loop_dir: Option<&ast::Directive>, sp: Span) {
        if self.region.is_some() {
            self.diags.push(Diagnostic::error("E0301", "compute constructs cannot be nested", dir.span));
            return;
        }
        // `do` loops without a directive that the dependence test proves independent get
        // one (nvfortran parallelises them too).
        let marked;
        let body = if dir.kind == ast::AccKind::Kernels && loop_dir.is_none() {
            marked = depend::mark_proved_loops(self.syms, self.unit, body);
            marked.as_slice()
        } else {
            body
        };
        if dir.kind == ast::AccKind::Kernels && loop_dir.is_none() && self.split_kernels(dir, body, sp) {
            return;
        }
        let kind = match dir.kind.acc() {
            Some(ast::AccKind::Parallel | ast::AccKind::ParallelLoop) => RegionKind::Parallel,
            Some(ast::AccKind::Kernels | ast::AccKind::KernelsLoop) => RegionKind::Kernels,
            _ => RegionKind::Serial,
        };
        self.kernels_top = loop_dir.map(|d| d.span).into_iter().collect();
        if kind == RegionKind::Kernels {
            self.kernels_top.extend(body.iter().filter_map(|s| match &s.kind {
                StmtKind::LoopConstruct { dir, .. } => Some(dir.span),
                _ => None,
            }));
        }
        let if_cond = self.offload_cond(dir);
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Default(_) => {}
                ClauseKind::Unsupported(n) => self.not_yet(format!("the `{n}` clause"), c.span),
                _ => {}
            }
        }
        let mut mentioned = BTreeSet::new();
        let mut maps = self.data_maps(dir, Some(&mut mentioned));
        // The arrays in the data clauses of enclosing constructs.
        let clause_named: BTreeSet<String> = mentioned.union(&self.enclosing_named).cloned().collect();
        let default = dir.clauses.iter().find_map(|c| if let ClauseKind::Default(none) = c.kind { Some(none) } else { None });
        // `deviceptr` arrays (of this construct or an enclosing data construct): not
        // mapped, their addresses passed as they are.
        let mut devptrs = self.devptrs.clone();
        devptrs.extend(deviceptr_names(&dir.clauses));
        // `firstprivate` of an array pointer: the construct gets the pointer (the host
        // address of its target), as OpenMP specifies, not a copy of the target's data.
        for c in &dir.clauses {
            let ClauseKind::Firstprivate(l) = &c.kind else { continue };
            for e in l {
                if let ExprKind::Name(id) = &e.kind {
                    if self.syms.get(&id.name).is_some_and(|s| s.pointer && s.rank > 0) {
                        devptrs.insert(id.name.clone());
                    }
                }
            }
        }
        mentioned.extend(devptrs.iter().cloned());
        let mut gang_dims = Vec::new();
        let (ng, nw, vl) = if kind == RegionKind::Serial {
            (Some(Op::I32(1)), Some(Op::I32(1)), Some(Op::I32(1)))
        } else {
            let mut ng = self.clause_op(&dir.clauses, |k| if let ClauseKind::NumGangs(e) = k { Some(e) } else { None });
            // `num_gangs(n1, n2[, n3])`: the sizes, and their product as the gang count.
            if let Some(es) = dir.clauses.iter().find_map(|c| if let ClauseKind::NumGangsDims(es) = &c.kind { Some(es) } else { None }) {
                let mut total = Op::I32(1);
                for e in es.iter().take(3) {
                    let v = self.expr(e);
                    let v = self.conv(v, Ty::I32);
                    let t = self.tmp(Ty::I32);
                    self.emit(Stmt::Assign(t, Rv::Binary(BinOp::Max, v, Op::I32(1))));
                    gang_dims.push(Op::Var(t));
                    let p = self.tmp(Ty::I32);
                    self.emit(Stmt::Assign(p, Rv::Binary(BinOp::Mul, total, Op::Var(t))));
                    total = Op::Var(p);
                }
                gang_dims.resize(3, Op::I32(1));
                ng = Some(total);
            }
            let nw = self.clause_op(&dir.clauses, |k| if let ClauseKind::NumWorkers(e) = k { Some(e) } else { None });
            let vl = self.clause_op(&dir.clauses, |k| if let ClauseKind::VectorLength(e) = k { Some(e) } else { None });
            // In `kernels` the arguments of `gang(num:)`, `worker(n)` and `vector(n)` on its
            // loops set the kernel's gang count, workers and vector length.
            let mut dirs: Vec<&ast::Directive> = loop_dir.into_iter().collect();
            if kind == RegionKind::Kernels {
                loop_directives(body, &mut dirs);
            }
            let arg = |pick: fn(&ClauseKind) -> Option<&Expr>| dirs.iter().flat_map(|d| &d.clauses).find_map(|c| pick(&c.kind));
            let gang_arg = arg(|k| if let ClauseKind::Gang(Some(e)) = k { Some(e) } else { None });
            let worker_arg = arg(|k| if let ClauseKind::Worker(Some(e)) = k { Some(e) } else { None });
            let vector_arg = arg(|k| if let ClauseKind::Vector(Some(e)) = k { Some(e) } else { None });
            let from_loop = |g: &mut Self, e: Option<&Expr>| {
                e.filter(|_| kind == RegionKind::Kernels).map(|e| {
                    let v = g.expr(e);
                    g.conv(v, Ty::I32)
                })
            };
            let ng = ng.or_else(|| from_loop(self, gang_arg));
            let nw = nw.or_else(|| from_loop(self, worker_arg));
            let vl = vl.or_else(|| from_loop(self, vector_arg));
            (ng, nw, vl)
        };
        // Construct-level reductions (not on combined constructs: those belong to the loop).
        let mut reductions = Vec::new();
        let mut scope = HashMap::new();
        // `no_create` arrays: the kernel gets the device copy's address when the data is
        // present, else the host address (which the kernel must not use on a device).
        for c in &dir.clauses {
            let ClauseKind::NoCreate(list) = &c.kind else { continue };
            for e in list {
                let ExprKind::Name(id) = &e.kind else { continue };
                if let Some(Home::Array(d)) = self.lookup(&id.name) {
                    let bytes = self.desc_bytes(&d);
                    let at = self.item_at(dir, c, &id.name);
                    let dv = self.f.new_var(format!("{}.dev", id.name), Ty::Ptr);
                    let call = Rv::Call("gpuf_acc_use_device".into(), vec![Op::Var(d.addr), bytes, Op::I32(1), Op::Str(at)], Ty::Ptr);
                    self.emit(Stmt::Assign(dv, call));
                    scope.insert(id.name.clone(), Home::Array(Desc { addr: dv, ..d }));
                }
            }
        }
        let reds_below = self.red_arrays.len();
        let mut notes = Vec::new();
        if let Some(v) = &self.dt_view {
            // The images that hold its code (the others' kernel is empty: never launched); the
            // host's holds every lowering, for constructs whose `if` sends them to the host.
            let mut on = self.dt_devices.unwrap_or([true; 4]);
            on[0] = true;
            let images: Vec<&str> = ["host", "sim", "nvptx", "amdgcn"].iter().zip(on).filter(|(_, on)| *on).map(|(n, _)| *n).collect();
            notes.push(format!(
                "lowered for {v} (device_type clauses), code in the {} image{} only",
                images.join(", "),
                if images.len() > 1 { "s" } else { "" }
            ));
        }
        if loop_dir.is_none() {
            for c in &dir.clauses {
                if let ClauseKind::Reduction(op, list) = &c.kind {
                    for e in list {
                        if let Some(n) = self.reduced_array(e) {
                            notes.push(format!("reduction({}:{}) by atomic updates", op.spelling(), self.directive_text(e.span)));
                            self.red_arrays.push(n);
                            continue;
                        }
                        let ExprKind::Name(id) = &e.kind else { continue };
                        if let Some(Home::Mem(_, BaseTy::Complex(_))) = self.lookup(&id.name) {
                            self.not_yet("reductions of complex scalars in device code", e.span);
                            continue;
                        }
                        if let Some(Home::Mem(p, b)) = self.lookup(&id.name) {
                            let local = self.f.new_reduction_local(format!("{}.red", id.name), ir_ty(b), red_op(*op));
                            reductions.push(Reduction { op: red_op(*op), ty: ir_ty(b), local, result: RedResult::Mem(p) });
                            scope.insert(id.name.clone(), Home::Reg(local, b));
                            if !mentioned.contains(&id.name) {
                                let at = self.item_at(dir, c, &id.name);
                                maps.push(MapItem {
                                    kind: MapKind::Copy,
                                    addr: Op::Var(p),
                                    bytes: Op::I64(self.elem_size(b)),
                                    what: id.name.clone(),
                                    at,
                                });
                                mentioned.insert(id.name.clone());
                            }
                        }
                    }
                }
            }
        }
        let mut privates = Vec::new();
        let mut firstprivates = BTreeSet::new();
        // The loads of those scalars, kept only for the ones the body uses (an unassociated
        // scalar pointer or an absent optional dummy must not be read for nothing).
        let mut preloads = BTreeSet::new();
        // Memory-type loads of narrow preloads and the variables they are cast into.
        let mut preload_parts: HashMap<VarId, VarId> = HashMap::new();
        // The variables holding explicit firstprivates loaded before the region.
        let mut loaded = BTreeSet::new();
        let mut pending_arrays = Vec::new();
        // Scalars without a data clause are firstprivate (as every such scalar is in
        // `parallel` and `serial`; read-only ones are the same as `copy` in `kernels`): load
        // them on the host, so that gangs do not share one copy and nothing is copied back
        // to an actual argument that may be a constant.
        {
            let mut written = BTreeSet::new();
            assigned(body, &mut written, self.syms, &mut Vec::new());
            let syms = self.syms;
            for sym in syms.list() {
                // Scalars kept in memory only for their storage (dummies, saved and module
                // variables), not because a data clause, reduction or atomic needs their
                // device address: firstprivate in `parallel` and `serial`; in `kernels`
                // only while the construct does not assign them.
                // (Complex scalars are always in memory, two reals: for their storage.)
                let storage_only = !self.mem_names.contains(&sym.name) || matches!(sym.base, BaseTy::Complex(_));
                let firstprivate = storage_only && (kind != RegionKind::Kernels || !written.contains(&sym.name));
                if sym.rank != 0 || sym.parameter || !firstprivate || mentioned.contains(&sym.name) || scope.contains_key(&sym.name) {
                    continue;
                }
                if matches!(sym.base, BaseTy::Derived(_)) || sym.declare_target {
                    // Derived-type scalars are aggregates: mapped like arrays; `declare
                    // target` variables are their device copy.
                    continue;
                }
                if let Some(Home::Mem(p, b @ BaseTy::Complex(_))) = self.lookup(&sym.name) {
                    if !self.stmts_mention(body, &sym.name) {
                        continue;
                    }
                    // A complex scalar lives in memory (two reals): each gang's copy
                    // starts as the mapped value, as a structure's does.
                    let at = format!("{} at {}: {}", dir.kind.name(), self.src_at(dir.span), sym.name);
                    let d = self.complex_firstprivate(&sym.name, p, b, at, &mut maps, &mut mentioned);
                    pending_arrays.push((d, true));
                    firstprivates.insert(sym.name.clone());
                    continue;
                }
                if let Some(Home::Mem(p, b)) = self.lookup(&sym.name) {
                    let (mt, vt) = (mem_ty(b), ir_ty(b));
                    let v = self.f.new_var(sym.name.clone(), vt);
                    if mt == vt {
                        self.emit(Stmt::Assign(v, Rv::Load(vt, Op::Var(p))));
                    } else {
                        // `integer(1|2)`, `logical(1|2|8)`: loaded in their memory type.
                        let w = self.f.new_var(format!("{}.mem", sym.name), mt);
                        self.emit(Stmt::Assign(w, Rv::Load(mt, Op::Var(p))));
                        self.emit(Stmt::Assign(v, Rv::Cast(vt, Op::Var(w))));
                        preload_parts.insert(w, v);
                    }
                    scope.insert(sym.name.clone(), Home::Reg(v, b));
                    firstprivates.insert(sym.name.clone());
                    preloads.insert(v);
                }
            }
        }
        for c in &dir.clauses {
            match &c.kind {
                // On a combined construct the loop takes the `private` clause.
                ClauseKind::Private(l) if loop_dir.is_none() => {
                    for e in l {
                        if let ExprKind::Name(id) = &e.kind {
                            if self.is_param(&id.name) {
                                continue;
                            }
                            match self.lookup(&id.name) {
                                Some(Home::Mem(_, BaseTy::Derived(k))) => pending_arrays.push((self.struct_desc(&id.name, k), false)),
                                Some(Home::Mem(p, b @ BaseTy::Complex(_))) => pending_arrays
                                    .push((Desc { name: id.name.clone(), base: b, addr: p, lb: Vec::new(), ext: Vec::new() }, false)),
                                Some(Home::Reg(_, b)) | Some(Home::Mem(_, b)) => {
                                    let v = self.f.new_var(id.name.clone(), ir_ty(b));
                                    scope.insert(id.name.clone(), Home::Reg(v, b));
                                    privates.push(v);
                                }
                                Some(Home::Array(d)) => {
                                    pending_arrays.push((d, false));
                                }
                                _ => {}
                            }
                        }
                    }
                }
                ClauseKind::Firstprivate(l) => {
                    for e in l {
                        if let ExprKind::Name(id) = &e.kind {
                            if self.is_param(&id.name) || devptrs.contains(&id.name) {
                                continue;
                            }
                            match self.lookup(&id.name) {
                                Some(Home::Mem(_, BaseTy::Derived(k))) if self.has_alloc_comps(k, 0) => {
                                    self.not_yet("firstprivate derived-type variables with allocatable components", e.span)
                                }
                                Some(Home::Mem(p, BaseTy::Derived(k))) => {
                                    // A rank-0 "array": each gang's copy starts as the
                                    // structure's device copy (mapped `copyin` unless a
                                    // clause maps it).
                                    if !mentioned.contains(&id.name) {
                                        let bytes = Op::I64(self.type_size(k));
                                        let at = self.item_at(dir, c, &id.name);
                                        maps.push(MapItem { kind: MapKind::Copyin, addr: Op::Var(p), bytes, what: id.name.clone(), at });
                                        mentioned.insert(id.name.clone());
                                    }
                                    let d =
                                        Desc { name: id.name.clone(), base: BaseTy::Derived(k), addr: p, lb: Vec::new(), ext: Vec::new() };
                                    pending_arrays.push((d, true));
                                }
                                Some(Home::Mem(p, b @ BaseTy::Complex(_))) => {
                                    let at = self.item_at(dir, c, &id.name);
                                    let d = self.complex_firstprivate(&id.name, p, b, at, &mut maps, &mut mentioned);
                                    pending_arrays.push((d, true));
                                    firstprivates.insert(id.name.clone());
                                }
                                Some(Home::Mem(p, b)) => {
                                    // Copy the value into a register before the region.
                                    let v = self.f.new_var(id.name.clone(), ir_ty(b));
                                    let x = self.load_as(b, Op::Var(p));
                                    self.emit(Stmt::Assign(v, Rv::Use(x)));
                                    scope.insert(id.name.clone(), Home::Reg(v, b));
                                    firstprivates.insert(id.name.clone());
                                    loaded.insert(v);
                                }
                                Some(Home::Reg(..)) => {
                                    firstprivates.insert(id.name.clone());
                                }
                                Some(Home::Array(d)) => {
                                    // Each gang's copy starts as the device copy of the
                                    // array (mapped `copyin` unless a clause maps it).
                                    if !mentioned.contains(&id.name) {
                                        let bytes = self.desc_bytes(&d);
                                        let at = self.item_at(dir, c, &id.name);
                                        maps.push(MapItem {
                                            kind: MapKind::Copyin,
                                            addr: Op::Var(d.addr),
                                            bytes,
                                            what: id.name.clone(),
                                            at,
                                        });
                                        mentioned.insert(id.name.clone());
                                    }
                                    pending_arrays.push((d, true));
                                }
                                _ => {}
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        let (threads, thread_limit) = self.omp_team_size(dir);
        self.overrides.push(scope);
        self.region = Some(RegionCtx {
            kind,
            levels: Levels::default(),
            scratch: Vec::new(),
            allocas: None,
            members: Vec::new(),
            do_depth: self.do_vars.len(),
            gang_dims,
            threads,
            thread_limit,
            combined: loop_dir.is_some(),
            after_loop: Vec::new(),
        });
        self.push_block();
        for (d, first) in pending_arrays {
            let h = self.gang_private_array(&d);
            if let (true, Home::Array(pd)) = (first, &h) {
                self.copy_array_data(d.addr, pd.addr, &d);
            }
            // A derived-type scalar is a rank-0 "array": its gang's copy is its home.
            let h = match h {
                Home::Array(pd) if pd.lb.is_empty() => Home::Mem(pd.addr, pd.base),
                h => h,
            };
            if let Some(top) = self.overrides.last_mut() {
                top.insert(d.name.clone(), h);
            }
        }
        match loop_dir {
            Some(ld) => {
                if let Some(d) = body.first() {
                    self.acc_loop(ld, d);
                }
            }
            None => self.stmts(body),
        }
        self.red_arrays.truncate(reds_below);
        let mut b = self.pop_block();
        let (scratch, members, after_loop) = self.region.take().map(|r| (r.scratch, r.members, r.after_loop)).unwrap_or_default();
        // A loop variable's value after a partitioned loop that no statement reads: dropped
        // (the variable need not be passed to the kernel).
        for (o, temps) in after_loop {
            let mut stripped = b.clone();
            strip_assign(&mut stripped, o, &temps);
            let mut read = BTreeSet::new();
            uses(&stripped, &mut read);
            if !read.contains(&o) {
                b = stripped;
            }
        }
        self.overrides.pop();
        // Every name the body uses that is not private becomes a capture.
        let mut captures: Vec<Capture> = privates.iter().map(|v| Capture::Private(*v)).collect();
        let mut used = BTreeSet::new();
        uses(&b, &mut used);
        if let Some(outer) = self.blocks.last_mut() {
            let dead = |v: &VarId| (preloads.contains(v) && !used.contains(v)) || preload_parts.get(v).is_some_and(|c| !used.contains(c));
            outer.retain(|s| !matches!(s, Stmt::Assign(v, Rv::Load(..) | Rv::Cast(..)) if dead(v)));
        }
        let mut mapped_vars = BTreeSet::new();
        let mut noalias = Vec::new();
        // The construct's reductions: results are mapped, locals are the kernel's own.
        for r in &reductions {
            let (RedResult::Mem(p) | RedResult::Var(p)) = r.result;
            used.insert(p);
            mapped_vars.insert(r.local);
        }
        for (sp, d) in scratch {
            let bytes = self.desc_bytes(&d);
            captures.push(Capture::Scratch(sp, bytes));
            mapped_vars.insert(sp);
        }
        for (name, home) in self.homes.clone() {
            match home {
                Home::Array(d) => {
                    // Only the data pointer makes the array mapped; bounds alone are values.
                    if !used.contains(&d.addr) {
                        continue;
                    }
                    if self.class_esize.contains_key(&d.addr) {
                        self.not_yet(format!("the polymorphic (`class`) array `{name}` in a compute construct"), dir.span);
                        continue;
                    }
                    let (low, bytes) = self.map_hull(&d);
                    if !mentioned.contains(&name) {
                        if let Some(m) = self.declare_target_map(&name, dir) {
                            maps.push(m);
                        } else {
                            // Implicitly `copy`; `present` under `default(present)`; an error
                            // under `default(none)`.
                            let kind = match default {
                                Some(true) if !clause_named.contains(&name) => {
                                    self.diags.push(
                                        Diagnostic::error(
                                            "E0331",
                                            format!("`{name}` is used in the compute construct but appears in no data clause"),
                                            dir.span,
                                        )
                                        .with_label("this construct has `default(none)`"),
                                    );
                                    MapKind::Copy
                                }
                                Some(false) => MapKind::Present,
                                // A named constant is only read (a module's lives in
                                // read-only memory: nothing is copied back into it).
                                _ if self.syms.get(&name).is_some_and(|s| s.parameter) => MapKind::Copyin,
                                _ => MapKind::Copy,
                            };
                            let at = match kind {
                                MapKind::Present => format!("default(present) on {} at {}: {name}", dir.kind.name(), self.src_at(dir.span)),
                                _ => format!("{} at {}: {name}", dir.kind.name(), self.src_at(dir.span)),
                            };
                            maps.push(MapItem { kind, addr: low, bytes: bytes.clone(), what: name.clone(), at });
                        }
                    }
                    if devptrs.contains(&name) {
                        captures.push(Capture::Value(d.addr));
                    } else {
                        // An array pointer's first element may lie inside the mapped hull.
                        let cbytes = if self.ptr_sm.contains_key(&d.addr) { Op::I64(0) } else { bytes };
                        captures.push(Capture::Mapped(d.addr, cbytes));
                        // Not with `deviceptr` items, which may hold the device address of
                        // a mapped array (`acc_deviceptr`).
                        if devptrs.is_empty() && !self.ptr_sm.contains_key(&d.addr) && self.unaliased_array(&name) {
                            noalias.push(d.addr);
                        }
                    }
                    mapped_vars.insert(d.addr);
                    let sm = self.ptr_sm.get(&d.addr).cloned().unwrap_or_default();
                    for v in d.lb.iter().chain(&d.ext).chain(&sm) {
                        captures.push(Capture::Value(*v));
                        mapped_vars.insert(*v);
                    }
                }
                Home::Mem(p, b) => {
                    if !used.contains(&p) {
                        continue;
                    }
                    let size = self.elem_size(b);
                    if !mentioned.contains(&name) {
                        if let Some(m) = self.declare_target_map(&name, dir) {
                            maps.push(m);
                        } else {
                            let at = format!("{} at {}: {name}", dir.kind.name(), self.src_at(dir.span));
                            maps.push(MapItem { kind: MapKind::Copy, addr: Op::Var(p), bytes: Op::I64(size), what: name.clone(), at });
                        }
                    }
                    if devptrs.contains(&name) {
                        // `has_device_addr`: the address is the device's already.
                        captures.push(Capture::Value(p));
                    } else {
                        captures.push(Capture::Mapped(p, Op::I64(size)));
                    }
                    mapped_vars.insert(p);
                }
                // Character variables and arrays are aggregates (as OpenMP has them): mapped
                // (implicitly `copy`), their lengths and bounds passed by value.
                Home::Chars { addr, len } => {
                    if !used.contains(&addr) {
                        continue;
                    }
                    if !mentioned.contains(&name) {
                        let at = format!("{} at {}: {name}", dir.kind.name(), self.src_at(dir.span));
                        maps.push(MapItem { kind: MapKind::Copy, addr: Op::Var(addr), bytes: Op::Var(len), what: name.clone(), at });
                    }
                    captures.push(Capture::Mapped(addr, Op::Var(len)));
                    captures.push(Capture::Value(len));
                    mapped_vars.insert(addr);
                    mapped_vars.insert(len);
                }
                Home::CharArray { d, len } => {
                    if !used.contains(&d.addr) {
                        continue;
                    }
                    let bytes = self.char_array_bytes(&d, len);
                    if !mentioned.contains(&name) {
                        let at = format!("{} at {}: {name}", dir.kind.name(), self.src_at(dir.span));
                        let kind = if self.syms.get(&name).is_some_and(|s| s.parameter) { MapKind::Copyin } else { MapKind::Copy };
                        maps.push(MapItem { kind, addr: Op::Var(d.addr), bytes: bytes.clone(), what: name.clone(), at });
                    }
                    captures.push(Capture::Mapped(d.addr, bytes));
                    mapped_vars.insert(d.addr);
                    for v in d.lb.iter().chain(&d.ext).chain(std::iter::once(&len)) {
                        captures.push(Capture::Value(*v));
                        mapped_vars.insert(*v);
                    }
                }
                Home::Reg(..) | Home::Str(_) => {}
            }
        }
        // Allocatable and pointer components the body references: present or copied, and
        // attached; attaches after every map (the structures' implicit maps too), so on
        // exit the detaches come first and no structure is copied back with a device
        // address in it.
        let mut seen = BTreeSet::new();
        // Members a clause maps (a section of them, `map(s%v(1:n))`): that map stands.
        let clause_members: BTreeSet<String> =
            dir.clauses.iter().filter_map(|c| map_clause(&c.kind)).flat_map(|(_, l)| l.iter().filter_map(member_key)).collect();
        for e in members {
            if member_key(&e).is_some_and(|k| clause_members.contains(&k)) {
                continue;
            }
            let Some((addr, bytes, what, field)) = self.member_block(&e) else { continue };
            if !seen.insert(what.clone()) || clause_named.contains(&what) {
                continue;
            }
            let kind = if default == Some(false) { MapKind::Present } else { MapKind::Copy };
            let at = match kind {
                MapKind::Present => format!("default(present) on {} at {}: {what}", dir.kind.name(), self.src_at(dir.span)),
                _ => format!("{} at {}: {what}", dir.kind.name(), self.src_at(dir.span)),
            };
            maps.push(MapItem { kind, addr, bytes, what: what.clone(), at: at.clone() });
            if let Some((f, whole)) = field {
                maps.push(MapItem { kind: MapKind::Attach, addr: f, bytes: whole, what, at });
            }
        }
        let (mut maps, attaches): (Vec<MapItem>, Vec<MapItem>) = maps.into_iter().partition(|m| m.kind != MapKind::Attach);
        maps.extend(attaches);
        // Remaining host variables read in the body: firstprivate.
        let defined = defs(&b);
        for v in used {
            if mapped_vars.contains(&v) || privates.contains(&v) {
                continue;
            }
            if v.0 as usize >= self.f.vars.len() {
                continue;
            }
            // Temporaries and variables created inside the region are the kernel's own (not
            // the firstprivate values loaded before it, which the body may write).
            let host_value = self.is_host_var(v) || preloads.contains(&v) || loaded.contains(&v);
            if defined.contains(&v) && !host_value {
                continue;
            }
            if host_value || !defined.contains(&v) {
                captures.push(Capture::Value(v));
            }
        }
        let what = match loop_dir {
            Some(_) => format!("{} loop", kind_name(kind)),
            None => kind_name(kind).to_string(),
        };
        let line = self.line(sp);
        self.emit(Stmt::Region(Box::new(OffloadRegion {
            kind,
            what,
            line,
            maps,
            captures,
            reductions,
            num_gangs: ng,
            num_workers: nw,
            vector_length: vl,
            if_cond,
            hosted: self.hosted.clone(),
            body: b,
            notes,
            noalias,
            devices: self.dt_devices,
        })));
    }

    /// A `kernels` construct is a sequence of kernels, as the specification describes it:
    /// each loop nest at its top level becomes its own kernel, and so does each run of the
    /// statements between them; the construct's data clauses become a data region around
    /// them. Loop nests with a partitioned loop stay `kernels`, the rest run as `serial`
    /// (one gang, so that nothing is executed once per gang). An `if` (or `select case`)
    /// at the top level whose arms hold partitioned loops, and whose conditions read only scalars the host
    /// holds the value of (see `host_condition`), runs on the host, each arm a `kernels`
    /// construct of its own: its loops are kernels one after the other, so a loop sees
    /// the writes of the loops before it (one kernel could not wait for all its gangs
    /// between them). So does a sequential `do` loop around partitioned loops, with such
    /// bounds and no jump out of its body: its body is a `kernels` construct launched per
    /// iteration. Returns false when the body is a single kernel.
    fn split_kernels(&mut self, dir: &ast::Directive, body: &[ast::Stmt], sp: Span) -> bool {
        let mut written = BTreeSet::new();
        assigned(body, &mut written, self.syms, &mut Vec::new());
        // The variables in the construct's data clauses and those of enclosing ones.
        let mut named: BTreeSet<String> = self.enclosing_named.clone();
        for c in &dir.clauses {
            if let Some((_, list)) = map_clause(&c.kind) {
                named.extend(list.iter().filter_map(base_name));
            }
        }
        let host_if = |s: &ast::Stmt| {
            let ok = |e: &Expr| host_condition(e, self.syms, &written, &named);
            has_partitioned_loop(s, (self.syms, self.unit))
                && match &s.kind {
                    StmtKind::If { arms, .. } => arms.iter().all(|(c, _)| ok(c)),
                    StmtKind::SelectCase { selector, .. } => ok(selector),
                    StmtKind::Do { name, var, start, end, step, body } => {
                        ok(&Expr { kind: ExprKind::Name(var.clone()), ..start.clone() })
                            && ok(start)
                            && ok(end)
                            && step.as_ref().is_none_or(ok)
                            && !jumps_out(body, name.as_ref().map(|n| n.name.as_str()), 0)
                    }
                    _ => false,
                }
        };
        let mut groups: Vec<Vec<ast::Stmt>> = Vec::new();
        let mut run: Vec<ast::Stmt> = Vec::new();
        for s in body {
            if matches!(s.kind, StmtKind::LoopConstruct { .. } | StmtKind::Do { .. } | StmtKind::DoWhile { .. }) || host_if(s) {
                if !run.is_empty() {
                    groups.push(std::mem::take(&mut run));
                }
                groups.push(vec![s.clone()]);
            } else {
                run.push(s.clone());
            }
        }
        if !run.is_empty() {
            groups.push(run);
        }
        if groups.len() <= 1 && !groups.iter().all(|g| g.len() == 1 && host_if(&g[0])) {
            return false;
        }
        let hosted: Vec<bool> = groups.iter().map(|g| g.len() == 1 && host_if(&g[0])).collect();
        // `if(cond)`: evaluated once, before the data clauses; with it false no data moves
        // and every part runs on the host (its parts leave the clause out and take this).
        let keep = dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None }).map(|e| {
            let c = self.expr(e);
            let c = self.conv(c, Ty::I32);
            let keep = self.tmp(Ty::I32);
            self.emit(Stmt::Assign(keep, Rv::Use(c)));
            Op::Var(keep)
        });
        let mut named = BTreeSet::new();
        let maps = self.data_maps(dir, Some(&mut named));
        named.extend(self.enclosing_named.iter().cloned());
        let saved = std::mem::replace(&mut self.enclosing_named, named);
        let saved_in = std::mem::replace(&mut self.in_kernels, true);
        let saved_if = std::mem::replace(&mut self.kernels_if, keep.clone());
        self.push_block();
        for (g, hosted) in groups.iter().zip(hosted) {
            if hosted {
                let kc = (self.syms, self.unit);
                let wrap = |b: &Vec<ast::Stmt>| -> Vec<ast::Stmt> {
                    let Some(first) = b.first() else { return Vec::new() };
                    let sub = kernels_part(dir, b.iter().any(|s| has_partitioned_loop(s, kc)));
                    vec![ast::Stmt { kind: StmtKind::Construct { dir: sub, body: b.clone(), end_span: dir.span }, span: first.span }]
                };
                let line = self.line(g[0].span);
                let (kind, note) = match &g[0].kind {
                    StmtKind::If { name, arms, else_body } => (
                        StmtKind::If {
                            name: name.clone(),
                            arms: arms.iter().map(|(c, b)| (c.clone(), wrap(b))).collect(),
                            else_body: else_body.as_ref().map(wrap),
                        },
                        format!("if at line {line}"),
                    ),
                    StmtKind::SelectCase { name, selector, cases } => (
                        StmtKind::SelectCase {
                            name: name.clone(),
                            selector: selector.clone(),
                            cases: cases.iter().map(|c| ast::CaseBlock { body: wrap(&c.body), ..c.clone() }).collect(),
                        },
                        format!("select case at line {line}"),
                    ),
                    StmtKind::Do { name, var, start, end, step, body } => (
                        StmtKind::Do {
                            name: name.clone(),
                            var: var.clone(),
                            start: start.clone(),
                            end: end.clone(),
                            step: step.clone(),
                            body: wrap(body),
                        },
                        format!("loop {} at line {line}", var.name),
                    ),
                    _ => continue,
                };
                self.hosted.push(note);
                self.stmt(&ast::Stmt { kind, span: g[0].span });
                self.hosted.pop();
                continue;
            }
            let sub = kernels_part(dir, g.iter().any(|s| has_partitioned_loop(s, (self.syms, self.unit))));
            let gsp = g.first().map_or(sp, |s| s.span);
            self.region(&sub, g, None, gsp);
        }
        let b = self.pop_block();
        self.enclosing_named = saved;
        self.in_kernels = saved_in;
        self.kernels_if = saved_if;
        if maps.is_empty() {
            // No data clauses (a part of a split construct): no data region to report.
            for s in b {
                self.emit(s);
            }
        } else {
            self.emit_data_region(maps, b, keep);
        }
        true
    }

    /// Whether the statements reference the variable `name`.
    fn stmts_mention(&self, ss: &[ast::Stmt], name: &str) -> bool {
        let mut refs = Vec::new();
        super::offload_omp::body_refs(ss, &mut refs, &mut Vec::new());
        refs.iter().any(|(n, _)| n == name)
    }

    /// A firstprivate complex scalar at `p`: mapped `copyin` unless a clause maps it, as the
    /// rank-0 "array" (two reals) whose per-gang copy starts as that device copy.
    fn complex_firstprivate(
        &mut self,
        name: &str,
        p: VarId,
        b: BaseTy,
        at: String,
        maps: &mut Vec<MapItem>,
        mentioned: &mut BTreeSet<String>,
    ) -> Desc {
        if !mentioned.contains(name) {
            let bytes = Op::I64(self.elem_size(b));
            maps.push(MapItem { kind: MapKind::Copyin, addr: Op::Var(p), bytes, what: name.to_string(), at });
            mentioned.insert(name.to_string());
        }
        Desc { name: name.to_string(), base: b, addr: p, lb: Vec::new(), ext: Vec::new() }
    }

    /// Whether the memory of the array `name` is reached through no other name of the unit
    /// (see [`OffloadRegion::noalias`]): not a pointer, target or associate name; an
    /// allocatable (never in `common` or `equivalence`), or a dummy or local array of the
    /// unit outside `common` and the unit's `equivalence` sets; a use-associated one not
    /// also known by a second local name.
    pub(super) fn unaliased_array(&self, name: &str) -> bool {
        let Some(s) = self.syms.get(name) else { return false };
        if s.rank == 0 || s.pointer || s.target || s.assoc || s.class || s.bind_c.is_some() || s.declare_target || s.threadprivate {
            return false;
        }
        if let Some(m) = &s.module {
            let remote = s.module_name.as_deref().unwrap_or(&s.name);
            let twice = self
                .syms
                .list()
                .iter()
                .any(|o| o.name != s.name && o.module.as_ref() == Some(m) && o.module_name.as_deref().unwrap_or(&o.name) == remote);
            return s.allocatable && !twice;
        }
        if s.allocatable {
            return true;
        }
        let own = s.dummy.is_some() || (!s.host && s.common.is_none() && s.common_at.is_none());
        own && !self.unit.equivalences.iter().any(|e| e.resolved.iter().any(|(n, _)| n == name))
    }

    /// A named constant: `default(private|firstprivate)` lists them, but they need no copy.
    pub(super) fn is_param(&self, name: &str) -> bool {
        self.syms.get(name).is_some_and(|s| s.parameter)
    }

    /// A variable that holds a Fortran name's value on the host (not a temporary).
    fn is_host_var(&self, v: VarId) -> bool {
        let is = |h: &Home| matches!(h, Home::Reg(x, _) if *x == v);
        self.homes.values().any(is) || self.overrides.iter().any(|s| s.values().any(is))
    }

    /// Copies the elements of an array with the descriptor's shape from `src` to `dst`.
    pub(super) fn copy_array_data(&mut self, src: VarId, dst: VarId, d: &Desc) {
        let t = match d.base {
            BaseTy::Derived(_) => Ty::I8,
            b => complex::part_ty(b).unwrap_or(mem_ty(b)),
        };
        let bytes = self.desc_bytes(d);
        let n = self.bin(Ty::I64, BinOp::Div, bytes, Op::I64(t.size()));
        let hi = self.bin(Ty::I64, BinOp::Sub, n, Op::I64(1));
        let i = self.f.new_var(format!("{}.copy", d.name), Ty::I64);
        let id = self.f.new_loop();
        self.push_block();
        let off = self.bin(Ty::I64, BinOp::Mul, Op::Var(i), Op::I64(t.size()));
        let s = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(src), off.clone()));
        let v = self.val(t, Rv::Load(t, s));
        let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(dst), off));
        self.emit(Stmt::Store(t, a, v));
        let body = self.pop_block();
        self.emit(Stmt::Loop { id, var: i, lo: Op::I64(0), hi, step: Op::I64(1), body, part: None });
    }

    /// A copy of the array private to each gang: its data lives in per-gang scratch memory
    /// that the launch provides; the bounds are the host array's.
    pub(super) fn gang_private_array(&mut self, d: &Desc) -> Home {
        let sp = self.f.new_var(format!("{}.scratch", d.name), Ty::Ptr);
        let pa = self.f.new_var(format!("{}.priv", d.name), Ty::Ptr);
        if let Some(r) = self.region.as_mut() {
            r.scratch.push((sp, d.clone()));
        }
        let g = self.val(Ty::I32, Rv::Builtin(Builtin::DimPos(Level::Gang), vec![]));
        let g = self.conv(g, Ty::I64);
        let bytes = self.desc_bytes(d);
        let off = self.bin(Ty::I64, BinOp::Mul, g, bytes);
        self.emit(Stmt::Assign(pa, Rv::PtrAdd(Op::Var(sp), off)));
        Home::Array(Desc { addr: pa, ..d.clone() })
    }
}

/// Removes the assignments of the temporaries and the statement `o = last temporary` (at
/// any depth).
fn strip_assign(ss: &mut Vec<Stmt>, o: VarId, temps: &[VarId]) {
    let Some(&last) = temps.last() else { return };
    ss.retain(|s| match s {
        Stmt::Assign(v, Rv::Use(Op::Var(x))) if *v == o && *x == last => false,
        Stmt::Assign(v, _) => !temps.contains(v),
        _ => true,
    });
    for s in ss {
        match s {
            Stmt::If { then_body, else_body, .. } => {
                strip_assign(then_body, o, temps);
                strip_assign(else_body, o, temps);
            }
            Stmt::Loop { body, .. } => strip_assign(body, o, temps),
            Stmt::While { cond_body, body, .. } => {
                strip_assign(cond_body, o, temps);
                strip_assign(body, o, temps);
            }
            _ => {}
        }
    }
}

/// `s%c` for a member `s%c` or a section of it, `s` a variable.
fn member_key(e: &Expr) -> Option<String> {
    let ExprKind::Component(cr) = &e.kind else { return None };
    let ExprKind::Name(b) = &cr.base.kind else { return None };
    Some(format!("{}%{}", b.name, cr.name.name))
}

fn kind_name(k: RegionKind) -> &'static str {
    match k {
        RegionKind::Parallel => "parallel",
        RegionKind::Kernels => "kernels",
        RegionKind::Serial => "serial",
    }
}

/// The directive of one part of a split `kernels` construct: its clauses but the data
/// clauses (a data region around the parts takes those) and `if` (evaluated once for all
/// parts, `G::kernels_if`); `serial` without a partitioned
/// loop, without the launch dimensions.
fn kernels_part(dir: &ast::Directive, partitioned: bool) -> ast::Directive {
    let clauses: Vec<ast::Clause> = dir
        .clauses
        .iter()
        .filter(|c| map_clause(&c.kind).is_none() && !matches!(c.kind, ClauseKind::If(_)))
        .filter(|c| partitioned || !matches!(c.kind, ClauseKind::NumGangs(_) | ClauseKind::NumWorkers(_) | ClauseKind::VectorLength(_)))
        .cloned()
        .collect();
    let kind = if partitioned { ast::AccKind::Kernels } else { ast::AccKind::Serial };
    ast::Directive { kind: ast::DirKind::Acc(kind), clauses, span: dir.span }
}

/// The variable a data clause item names (`a`, `a(2:n)`, `s%f`: `a`, `a`, `s`).
fn base_name(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Name(i) | ExprKind::ArrayRef { name: i, .. } | ExprKind::Apply { name: i, .. } => Some(i.name.clone()),
        ExprKind::Component(cr) => base_name(&cr.base),
        _ => None,
    }
}

/// Can the host evaluate a condition inside a `kernels` construct and find what the device
/// would? It reads constants and scalar variables of intrinsic type only (no elements,
/// components or function calls), none of them assigned in the construct (`written`) or
/// named in a data clause of it or of an enclosing data construct (`named`: their device
/// copy may differ from the host's).
fn host_condition(e: &Expr, syms: &Symbols, written: &BTreeSet<String>, named: &BTreeSet<String>) -> bool {
    let ok = |e: &Expr| host_condition(e, syms, written, named);
    match &e.kind {
        ExprKind::Int(..) | ExprKind::Real(..) | ExprKind::Logical(_) | ExprKind::Str(_) => true,
        ExprKind::Name(id) => {
            !written.contains(&id.name)
                && !named.contains(&id.name)
                && syms.get(&id.name).is_some_and(|s| {
                    s.rank == 0 && !s.declare_target && !s.pointer && !s.allocatable && !matches!(s.base, BaseTy::Derived(_))
                })
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => ok(x),
        ExprKind::Binary(_, x, y) => ok(x) && ok(y),
        ExprKind::Intrinsic { args, .. } => args.iter().all(ok),
        _ => false,
    }
}

/// Can control leave the statements other than by their end (`exit`/`cycle` of the loop
/// named `name`, or unnamed at `depth` 0, that is outside every inner loop; `go to`,
/// `return`)?
fn jumps_out(ss: &[ast::Stmt], name: Option<&str>, depth: usize) -> bool {
    ss.iter().any(|s| match &s.kind {
        StmtKind::Exit(n) | StmtKind::Cycle(n) => match n {
            Some(n) => Some(n.name.as_str()) == name,
            None => depth == 0,
        },
        StmtKind::GoTo(_) | StmtKind::Return => true,
        StmtKind::If { arms, else_body, .. } => {
            arms.iter().any(|(_, b)| jumps_out(b, name, depth)) || else_body.as_ref().is_some_and(|b| jumps_out(b, name, depth))
        }
        StmtKind::SelectCase { cases, .. } => cases.iter().any(|c| jumps_out(&c.body, name, depth)),
        StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } | StmtKind::Construct { body, .. } => jumps_out(body, name, depth),
        StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } => jumps_out(body, name, depth + 1),
        StmtKind::LoopConstruct { do_stmt, .. } => jumps_out(std::slice::from_ref(do_stmt), name, depth),
        _ => false,
    })
}

/// Does the statement contain a loop directive that partitions (not `seq`; in `kernels`
/// explicit levels, `independent`, or a loop the dependence test proves independent)?
fn has_partitioned_loop(s: &ast::Stmt, kc: (&Symbols, &ast::Unit)) -> bool {
    has_partitioned_loop_in(s, kc, true)
}

/// `has_partitioned_loop`; `top`: the statement is at the top level of the kernel (only
/// there does a loop the dependence test proves independent partition by itself).
fn has_partitioned_loop_in(s: &ast::Stmt, kc: (&Symbols, &ast::Unit), top: bool) -> bool {
    match &s.kind {
        StmtKind::LoopConstruct { dir, do_stmt } => {
            let seq = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Seq));
            let part = dir.clauses.iter().any(|c| {
                matches!(
                    c.kind,
                    ClauseKind::Gang(_)
                        | ClauseKind::GangStatic(_)
                        | ClauseKind::GangDim(_)
                        | ClauseKind::Worker(_)
                        | ClauseKind::Vector(_)
                        | ClauseKind::Independent
                )
            });
            (!seq && part)
                || (top && depend::kernels_auto_verdict(kc.0, kc.1, dir, do_stmt).is_some_and(|v| v.is_ok()))
                || has_partitioned_loop_in(do_stmt, kc, false)
        }
        StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } => body.iter().any(|s| has_partitioned_loop_in(s, kc, false)),
        StmtKind::If { arms, else_body, .. } => {
            arms.iter().any(|(_, b)| b.iter().any(|s| has_partitioned_loop_in(s, kc, false)))
                || else_body.as_ref().is_some_and(|b| b.iter().any(|s| has_partitioned_loop_in(s, kc, false)))
        }
        StmtKind::SelectCase { cases, .. } => cases.iter().any(|c| c.body.iter().any(|s| has_partitioned_loop_in(s, kc, false))),
        StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => body.iter().any(|s| has_partitioned_loop_in(s, kc, false)),
        _ => false,
    }
}

/// The loop directives in statements (at any depth).
fn loop_directives<'a>(ss: &'a [ast::Stmt], out: &mut Vec<&'a ast::Directive>) {
    for s in ss {
        match &s.kind {
            StmtKind::LoopConstruct { dir, do_stmt } => {
                out.push(dir);
                loop_directives(std::slice::from_ref(do_stmt), out);
            }
            StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } => loop_directives(body, out),
            _ => {}
        }
    }
}
