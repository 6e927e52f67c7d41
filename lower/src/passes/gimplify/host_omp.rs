//! Host OpenMP (outside `target`) on libgomp's threads, with the entry points gfortran
//! emits, so that gpuf and gfortran objects share one thread pool.
//!
//! - `parallel` becomes a [`Stmt::HostParallel`] that omp-lower outlines and starts with
//!   `GOMP_parallel`. Every scalar of a unit with a host `parallel` construct lives in
//!   memory (`memory_scalars`), so the outlined body reaches shared scalars through their
//!   addresses, which it receives by value with everything else it reads; arrays are
//!   reached through their data pointers. `private` and `firstprivate` scalars are fresh
//!   registers (firstprivate ones loaded from the original at the start of each thread),
//!   private arrays of constant size per-thread stack blocks; loop variables of the
//!   loops in the construct are private, as OpenMP says for Fortran.
//! - Worksharing `do`: `schedule(static)` without a chunk gives each thread one block of
//!   the (collapsed) iteration space computed from `omp_get_thread_num` and
//!   `omp_get_num_threads`; with a chunk, chunks round-robin; `dynamic`, `guided` and
//!   `runtime` take chunks from `GOMP_loop_*_start/next`, ended by
//!   `GOMP_loop_end_nowait`. Reductions combine each thread's partial result into the
//!   original under `GOMP_atomic_start/end`; `lastprivate` copies the value of the thread
//!   that ran the last iteration; a `GOMP_barrier` ends the loop unless `nowait`.
//! - `barrier` is `GOMP_barrier`. `simd` alone is the plain loop.

use super::*;

/// A reduction of a host construct: the operator, the original's home, the private local.
struct HostRed {
    op: RedOp,
    base: BaseTy,
    orig: Home,
    local: VarId,
}

/// A reduction over the elements of an array or of a complex scalar (`+`/`-`: part by
/// part): the operator, the element type, the original's data, the private copy's data
/// (from `gpuf_alloc`) and the number of elements.
struct HostRedBlock {
    op: RedOp,
    elem: BaseTy,
    orig: VarId,
    private: VarId,
    count: Op,
}

/// The data-sharing state a host construct sets up before its body.
#[derive(Default)]
struct Sharing {
    scope: HashMap<String, Home>,
    reds: Vec<HostRed>,
    blocks: Vec<HostRedBlock>,
    /// `lastprivate` items: the original's home and the private copy.
    lasts: Vec<(Home, Home)>,
}

impl G<'_> {
    /// A host `parallel` construct; `do_stmt` is the loop of a combined `parallel do`.
    pub(super) fn host_parallel(&mut self, dir: &ast::Directive, body: &[ast::Stmt], do_stmt: Option<&ast::Stmt>) {
        let mut nt = match dir.clauses.iter().find_map(|c| if let ClauseKind::NumThreads(e) = &c.kind { Some(e) } else { None }) {
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, Ty::I32)
            }
            None => Op::I32(0),
        };
        if let Some(e) = dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None }) {
            // `if(false)`: a team of one thread (what gfortran passes to GOMP_parallel).
            let c = self.expr(e);
            let t = self.tmp(Ty::I32);
            self.emit(Stmt::Assign(t, Rv::Use(nt)));
            self.emit(Stmt::If { cond: c, then_body: vec![], else_body: vec![Stmt::Assign(t, Rv::Use(Op::I32(1)))] });
            nt = Op::Var(t);
        }
        self.host_unsupported(dir);
        let inner_body: &[ast::Stmt] = match do_stmt {
            Some(d) => std::slice::from_ref(d),
            None => body,
        };
        if let Some(sp) = allocates(inner_body) {
            // The descriptor would change in the outlined body only.
            self.not_yet("`allocate`/`deallocate` inside a host `parallel` construct", sp);
        }
        self.push_block();
        // Clauses of the loop of a combined construct stay with the loop.
        let combined = do_stmt.is_some() || dir.kind.omp() == Some(ast::OmpKind::ParallelSections);
        let mine = |k: &ClauseKind| match k {
            ClauseKind::Reduction(..) | ClauseKind::Lastprivate(_) => !combined,
            _ => true,
        };
        // An item both `firstprivate` and `lastprivate` on a combined construct is the loop's
        // (its last value goes back to the original, not to a copy of the team's).
        let lasts: Vec<String> = dir
            .clauses
            .iter()
            .filter_map(|c| if let ClauseKind::Lastprivate(l) = &c.kind { Some(l) } else { None })
            .flatten()
            .filter_map(|e| if let ExprKind::Name(id) = &e.kind { Some(id.name.clone()) } else { None })
            .collect();
        let split = |c: &ast::Clause, for_loop: bool| -> Option<ast::Clause> {
            let ClauseKind::Firstprivate(l) = &c.kind else { return None };
            let l: Vec<Expr> =
                l.iter().filter(|e| matches!(&e.kind, ExprKind::Name(id) if lasts.contains(&id.name)) == for_loop).cloned().collect();
            Some(ast::Clause { kind: ClauseKind::Firstprivate(l), span: c.span })
        };
        let clauses: Vec<ast::Clause> = dir
            .clauses
            .iter()
            .filter(|c| mine(&c.kind))
            .map(|c| if combined { split(c, false).unwrap_or_else(|| c.clone()) } else { c.clone() })
            .collect();
        let copyin: Vec<String> = dir
            .clauses
            .iter()
            .filter_map(|c| if let ClauseKind::Copyin(l) = &c.kind { Some(l) } else { None })
            .flatten()
            .filter_map(|e| if let ExprKind::Name(id) = &e.kind { Some(id.name.clone()) } else { None })
            .collect();
        let tls = self.thread_copies(&copyin);
        let mut sh = self.host_sharing(&clauses);
        sh.scope.extend(tls);
        let inner: &[ast::Stmt] = match do_stmt {
            Some(d) => std::slice::from_ref(d),
            None => body,
        };
        let mut names = Vec::new();
        loop_vars(inner, &mut names);
        // A `lastprivate` loop variable of a combined construct is the loop's: shared by the
        // team, so that its last value reaches the original.
        names.retain(|n| !combined || !lasts.contains(n));
        self.private_loop_vars(&names, &mut sh.scope);
        self.overrides.push(std::mem::take(&mut sh.scope));
        match do_stmt {
            None if matches!(dir.kind.omp(), Some(ast::OmpKind::ParallelMaster | ast::OmpKind::ParallelMasked)) => {
                // The body on one thread (`filter` stays with `masked`).
                let fc: Vec<ast::Clause> = dir.clauses.iter().filter(|c| matches!(c.kind, ClauseKind::Filter(_))).cloned().collect();
                let md = ast::Directive { kind: ast::DirKind::Omp(ast::OmpKind::Masked), clauses: fc, span: dir.span };
                self.host_construct(&md, body);
            }
            None if dir.kind.omp() == Some(ast::OmpKind::ParallelSections) => {
                let mut sc: Vec<ast::Clause> = dir.clauses.iter().filter(|c| !mine(&c.kind)).cloned().collect();
                sc.extend(dir.clauses.iter().filter_map(|c| split(c, true)));
                let sd = ast::Directive { kind: ast::DirKind::Omp(ast::OmpKind::Sections), clauses: sc, span: dir.span };
                self.host_sections(&sd, body);
            }
            Some(d) => {
                let mut loop_clauses: Vec<ast::Clause> =
                    dir.clauses.iter().filter(|c| !mine(&c.kind) || is_loop_clause(&c.kind)).cloned().collect();
                loop_clauses.extend(dir.clauses.iter().filter_map(|c| split(c, true)));
                let ld = ast::Directive { kind: dir.kind, clauses: loop_clauses, span: dir.span };
                self.host_do(&ld, d, true);
            }
            None => self.stmts(body),
        }
        self.overrides.pop();
        self.host_finish(&sh);
        let b = self.pop_block();
        let line = self.line(dir.span);
        let flags =
            dir.clauses.iter().find_map(|c| if let ClauseKind::ProcBind(k) = c.kind { Some(i32::from(k)) } else { None }).unwrap_or(0);
        self.emit(Stmt::HostParallel(Box::new(HostParallel { what: dir.kind.name(), line, num_threads: nt, task: false, flags, body: b })));
    }

    /// At the start of an outlined body: the addresses of this thread's copies of the
    /// unit's `threadprivate` variables (the unit computed the creating thread's), and for
    /// those in `copyin` the creating thread's values, copied before a barrier (the master's
    /// own copy is left alone).
    fn thread_copies(&mut self, copyin: &[String]) -> HashMap<String, Home> {
        let mut scope = HashMap::new();
        for (name, g, b) in self.tls.clone() {
            let Some(Home::Mem(master, _)) = self.lookup(&name) else { continue };
            let p = self.f.new_var(format!("{name}.tp"), Ty::Ptr);
            self.emit(Stmt::Assign(p, Rv::GlobalAddr(g)));
            if copyin.contains(&name) {
                let same = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(p), Op::Var(master)));
                self.push_block();
                let v = self.load_as(b, Op::Var(master));
                self.store_as(b, Op::Var(p), v);
                let else_body = self.pop_block();
                self.emit(Stmt::If { cond: same, then_body: vec![], else_body });
            }
            scope.insert(name, Home::Mem(p, b));
        }
        if !copyin.is_empty() {
            self.host_barrier();
        }
        scope
    }

    /// Clauses host constructs do not support yet.
    fn host_unsupported(&mut self, dir: &ast::Directive) {
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Unsupported(n) => self.not_yet(format!("the `{n}` clause on host OpenMP constructs"), c.span),
                ClauseKind::OmpDefault(d) if d == "private" || d == "firstprivate" => {
                    self.not_yet(format!("`default({d})` on host OpenMP constructs"), c.span)
                }
                _ => {}
            }
        }
    }

    /// [`Self::host_sharing`], with the variables of the loops in `body` private too.
    fn host_sharing_with_loops(&mut self, clauses: &[ast::Clause], body: &[ast::Stmt]) -> Sharing {
        let mut sh = self.host_sharing(clauses);
        let mut names = Vec::new();
        loop_vars(body, &mut names);
        self.private_loop_vars(&names, &mut sh.scope);
        sh
    }

    /// The body of a host construct with its data-sharing clauses (and private loop
    /// variables) in scope.
    fn host_scoped_body(&mut self, clauses: &[ast::Clause], body: &[ast::Stmt]) {
        let mut sh = self.host_sharing_with_loops(clauses, body);
        self.overrides.push(std::mem::take(&mut sh.scope));
        self.stmts(body);
        self.overrides.pop();
    }

    /// `private`, `firstprivate`, `reduction` and `lastprivate` of a host construct: the
    /// private homes (firstprivate ones initialised, reduction locals set to the
    /// operator's identity) in the current block.
    fn host_sharing(&mut self, clauses: &[ast::Clause]) -> Sharing {
        let mut sh = Sharing::default();
        // `lastprivate` after the others: an item also `firstprivate` keeps one private copy.
        let ordered = clauses.iter().filter(|c| !matches!(c.kind, ClauseKind::Lastprivate(_)));
        for c in ordered.chain(clauses.iter().filter(|c| matches!(c.kind, ClauseKind::Lastprivate(_)))) {
            let (list, first) = match &c.kind {
                ClauseKind::Private(l) => (l, false),
                ClauseKind::Firstprivate(l) => (l, true),
                ClauseKind::Lastprivate(l) => (l, false),
                _ => continue,
            };
            for e in list {
                let ExprKind::Name(id) = &e.kind else { continue };
                let Some(orig) = self.lookup(&id.name) else { continue };
                if let (ClauseKind::Lastprivate(_), Some(h)) = (&c.kind, sh.scope.get(&id.name)) {
                    sh.lasts.push((orig.clone(), h.clone()));
                    continue;
                }
                let h = match &orig {
                    Home::Reg(_, b) | Home::Mem(_, b) if !matches!(b, BaseTy::Derived(_)) && complex::part_ty(*b).is_none() => {
                        let v = self.f.new_var(id.name.clone(), ir_ty(*b));
                        if first {
                            let o = match orig {
                                Home::Reg(r, _) => Op::Var(r),
                                Home::Mem(p, b) => self.load_as(b, Op::Var(p)),
                                _ => Op::Null,
                            };
                            self.emit(Stmt::Assign(v, Rv::Use(o)));
                        }
                        Home::Reg(v, *b)
                    }
                    Home::Array(d) => {
                        let Some(bytes) = self.const_array_bytes(&id.name).filter(|n| *n <= 64 * 1024) else {
                            self.not_yet("private arrays of non-constant size or more than 64 KiB on host OpenMP constructs", e.span);
                            continue;
                        };
                        let pa = self.f.new_var(format!("{}.priv", d.name), Ty::Ptr);
                        self.emit(Stmt::Assign(pa, Rv::Alloca(bytes)));
                        if first {
                            self.copy_array_data(d.addr, pa, d);
                        }
                        // The copy's bounds as constants of the outlined body (not the
                        // original's, read from the shared block), so LLVM sees equal
                        // addresses and keeps small private arrays in registers.
                        let (mut lb, mut ext) = (d.lb.clone(), d.ext.clone());
                        if let Some(dims) = self.const_shape(&id.name).filter(|v| v.len() == d.lb.len()) {
                            for (k, (l, n)) in dims.into_iter().enumerate() {
                                lb[k] = self.f.new_var(format!("{}.lb{k}", d.name), Ty::I64);
                                ext[k] = self.f.new_var(format!("{}.ext{k}", d.name), Ty::I64);
                                self.emit(Stmt::Assign(lb[k], Rv::Use(Op::I64(l))));
                                self.emit(Stmt::Assign(ext[k], Rv::Use(Op::I64(n))));
                            }
                        }
                        Home::Array(Desc { addr: pa, lb, ext, ..d.clone() })
                    }
                    Home::Mem(p, b) if complex::part_ty(*b).is_some() => {
                        let (p, b) = (*p, *b);
                        let pt = complex::part_ty(b).unwrap_or(Ty::F64);
                        let pa = self.f.new_var(format!("{}.priv", id.name), Ty::Ptr);
                        self.emit(Stmt::Assign(pa, Rv::Alloca(2 * pt.size() as u64)));
                        if first {
                            self.copy_complex(p, pa, pt);
                        }
                        Home::Mem(pa, b)
                    }
                    _ => {
                        self.not_yet("private derived-type or character variables on host OpenMP constructs", e.span);
                        continue;
                    }
                };
                if matches!(c.kind, ClauseKind::Lastprivate(_)) {
                    sh.lasts.push((orig.clone(), h.clone()));
                }
                sh.scope.insert(id.name.clone(), h);
            }
        }
        for c in clauses {
            let ClauseKind::Reduction(op, list) = &c.kind else { continue };
            for e in list {
                let ExprKind::Name(id) = &e.kind else { continue };
                let orig = self.lookup(&id.name);
                let op = red_op(*op);
                let b = match &orig {
                    Some(Home::Reg(_, b)) | Some(Home::Mem(_, b)) if !matches!(b, BaseTy::Derived(_)) && complex::part_ty(*b).is_none() => {
                        *b
                    }
                    Some(Home::Array(d)) if !matches!(d.base, BaseTy::Derived(_)) && complex::part_ty(d.base).is_none() => {
                        let d = d.clone();
                        let bytes = self.desc_bytes(&d);
                        let count = self.bin(Ty::I64, BinOp::Div, bytes.clone(), Op::I64(mem_ty(d.base).size()));
                        let h = self.red_block(op, d.base, d.addr, bytes, count);
                        sh.scope.insert(id.name.clone(), Home::Array(Desc { addr: h.private, ..d }));
                        sh.blocks.push(h);
                        continue;
                    }
                    Some(Home::Mem(p, b)) if complex::part_ty(*b).is_some() && matches!(op, RedOp::Add) => {
                        let (p, b) = (*p, *b);
                        let Some(pt) = complex::part_ty(b) else { continue };
                        let part = if pt == Ty::F64 { BaseTy::Real(8) } else { BaseTy::Real(4) };
                        let h = self.red_block(op, part, p, Op::I64(2 * pt.size()), Op::I64(2));
                        sh.scope.insert(id.name.clone(), Home::Mem(h.private, b));
                        sh.blocks.push(h);
                        continue;
                    }
                    Some(Home::Mem(_, b)) if complex::part_ty(*b).is_some() => {
                        self.not_yet("`*` reductions of complex variables on host OpenMP constructs", e.span);
                        continue;
                    }
                    _ => {
                        self.not_yet("reductions of this kind of variable on host OpenMP constructs", e.span);
                        continue;
                    }
                };
                let local = self.f.new_reduction_local(format!("{}.red", id.name), ir_ty(b), op);
                self.emit(Stmt::Assign(local, Rv::Use(identity(op, ir_ty(b)))));
                sh.scope.insert(id.name.clone(), Home::Reg(local, b));
                sh.reds.push(HostRed { op, base: b, orig: orig.unwrap_or(Home::Reg(local, b)), local });
            }
        }
        sh
    }

    /// The private copy of an array or complex reduction item: `bytes` from `gpuf_alloc`,
    /// every element set to the operator's identity.
    fn red_block(&mut self, op: RedOp, elem: BaseTy, orig: VarId, bytes: Op, count: Op) -> HostRedBlock {
        let private = self.f.new_var("omp.redblock", Ty::Ptr);
        self.emit(Stmt::Assign(private, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr)));
        let k = self.f.new_var("omp.redk", Ty::I64);
        let id = self.f.new_loop();
        self.push_block();
        let off = self.bin(Ty::I64, BinOp::Mul, Op::Var(k), Op::I64(mem_ty(elem).size()));
        let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(private), off));
        self.store_as(elem, a, identity(op, ir_ty(elem)));
        let body = self.pop_block();
        let hi = self.bin(Ty::I64, BinOp::Sub, count.clone(), Op::I64(1));
        self.emit(Stmt::Loop { id, var: k, lo: Op::I64(0), hi, step: Op::I64(1), body, part: None });
        HostRedBlock { op, elem, orig, private, count }
    }

    /// Loop variables of the construct: private registers (unless a clause decided).
    fn private_loop_vars(&mut self, names: &[String], scope: &mut HashMap<String, Home>) {
        for n in names {
            if scope.contains_key(n) {
                continue;
            }
            if let Some(Home::Reg(_, b) | Home::Mem(_, b)) = self.lookup(n) {
                let v = self.f.new_var(n.clone(), ir_ty(b));
                scope.insert(n.clone(), Home::Reg(v, b));
            }
        }
    }

    /// Combines the reductions into their originals under libgomp's atomic lock.
    fn host_finish(&mut self, sh: &Sharing) {
        if sh.reds.is_empty() && sh.blocks.is_empty() {
            return;
        }
        self.emit(Stmt::Call("GOMP_atomic_start".into(), vec![]));
        for r in &sh.blocks {
            let k = self.f.new_var("omp.redk", Ty::I64);
            let id = self.f.new_loop();
            self.push_block();
            let off = self.bin(Ty::I64, BinOp::Mul, Op::Var(k), Op::I64(mem_ty(r.elem).size()));
            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(r.orig), off.clone()));
            let p = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(r.private), off));
            let o = self.load_as(r.elem, a.clone());
            let v = self.load_as(r.elem, p);
            let n = self.val(ir_ty(r.elem), combine_rv(r.op, o, v));
            self.store_as(r.elem, a, n);
            let body = self.pop_block();
            let hi = self.bin(Ty::I64, BinOp::Sub, r.count.clone(), Op::I64(1));
            self.emit(Stmt::Loop { id, var: k, lo: Op::I64(0), hi, step: Op::I64(1), body, part: None });
        }
        for r in &sh.reds {
            let ty = ir_ty(r.base);
            match r.orig {
                Home::Mem(p, b) => {
                    let o = self.load_as(b, Op::Var(p));
                    let n = self.val(ty, combine_rv(r.op, o, Op::Var(r.local)));
                    self.store_as(b, Op::Var(p), n);
                }
                Home::Reg(v, _) if v != r.local => self.emit(Stmt::Assign(v, combine_rv(r.op, Op::Var(v), Op::Var(r.local)))),
                _ => {}
            }
        }
        self.emit(Stmt::Call("GOMP_atomic_end".into(), vec![]));
        for r in &sh.blocks {
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(r.private)]));
        }
    }

    /// A worksharing `do` (also `do simd`, `loop`); `combined` for the loop of `parallel do`
    /// (whose loop variables the construct already made private).
    pub(super) fn host_do(&mut self, dir: &ast::Directive, do_stmt: &ast::Stmt, combined: bool) {
        let StmtKind::Do { .. } = &do_stmt.kind else {
            self.not_yet("an OpenMP loop construct not followed by a counted `do` loop", dir.span);
            return;
        };
        if !combined {
            self.host_unsupported(dir);
        }
        let mut collapse = 1u32;
        let mut sched: Option<(String, Option<&Expr>)> = None;
        let mut nowait = false;
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Collapse(e) => {
                    if let ExprKind::Int(n, _) = e.kind {
                        collapse = n.max(1) as u32;
                    }
                }
                ClauseKind::Schedule(k, ch) => sched = Some((k.clone(), ch.as_ref())),
                ClauseKind::Nowait => nowait = true,
                _ => {}
            }
        }
        let ordered = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::OmpOrdered));
        self.push_block();
        let mut sh = self.host_sharing_with_loops(&dir.clauses, std::slice::from_ref(do_stmt));
        let chunk = match sched.as_ref().and_then(|(_, c)| *c) {
            Some(e) => {
                let v = self.expr(e);
                Some(self.conv(v, Ty::I64))
            }
            None => None,
        };
        let kind = sched.map(|(k, _)| k).unwrap_or_else(|| "static".into());
        // The flag of the thread that runs the last iteration (for `lastprivate`).
        let last_flag = if sh.lasts.is_empty() {
            None
        } else {
            let v = self.f.new_var("omp.last", Ty::I32);
            self.emit(Stmt::Assign(v, Rv::Use(Op::I32(0))));
            Some(v)
        };
        self.overrides.push(std::mem::take(&mut sh.scope));
        let StmtKind::Do { name, var, start, end, step, body } = &do_stmt.kind else { return };
        self.push_block();
        self.do_loop(name.as_ref().map(|n| n.name.clone()), var, start, end, step.as_ref(), body, None);
        let mut lb = self.pop_block();
        self.overrides.pop();
        if let Some(Stmt::Loop { .. }) = lb.last() {
            let Some(Stmt::Loop { id, var, lo, hi, step, body, .. }) = lb.pop() else { return };
            for s in lb {
                self.emit(s);
            }
            // `do simd`: the loop of each thread's iterations gets LLVM's vectorisation hint,
            // as a lone `simd` loop does (not with `safelen` or `ordered`).
            let simd = dir.kind.omp().is_some_and(|k| k.leaves().has(ast::OmpLeaves::SIMD));
            let bounded = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Safelen(_)));
            if simd && !bounded && !ordered && !super::stmts::body_calls(&body, "GOMP_ordered_start") {
                self.f.simd_loops.push(id);
            }
            // An `ordered` loop takes its chunks from libgomp, which orders them.
            let kind = if ordered { format!("ordered_{kind}") } else { kind };
            self.workshare(id, var, lo, hi, step, body, collapse, &kind, chunk, last_flag);
        } else {
            for s in lb {
                self.emit(s);
            }
        }
        self.host_lastprivate(&sh, last_flag);
        self.host_finish(&sh);
        if !nowait {
            self.emit(Stmt::Call("GOMP_barrier".into(), vec![]));
        }
        let b = self.pop_block();
        for s in b {
            self.emit(s);
        }
    }

    /// Emits the loop `var = lo, hi, step` (with `collapse - 1` further loops at the start
    /// of `body`) shared among the team's threads by the schedule `kind`.
    #[allow(clippy::too_many_arguments)]
    fn workshare(
        &mut self,
        id: LoopId,
        var: VarId,
        lo: Op,
        hi: Op,
        step: Op,
        body: Vec<Stmt>,
        collapse: u32,
        kind: &str,
        chunk: Option<Op>,
        last_flag: Option<VarId>,
    ) {
        // The collapsed nest, outermost first; statements before an inner loop compute its
        // bounds (invariant in a rectangular nest): hoisted.
        let mut nest = vec![(var, lo, hi, step)];
        let mut ids = vec![id];
        let mut inner = body;
        for _ in 1..collapse {
            let Some(pos) = inner.iter().position(|s| matches!(s, Stmt::Loop { .. })) else { break };
            let mut rest = inner.split_off(pos);
            for s in std::mem::take(&mut inner) {
                self.emit(s);
            }
            let Stmt::Loop { id: iid, var, lo, hi, step, body, .. } = rest.remove(0) else { break };
            nest.push((var, lo, hi, step));
            ids.push(iid);
            inner = body;
            inner.append(&mut rest);
        }
        let mut lens = Vec::new();
        let mut bounds = Vec::new();
        let mut total = Op::I64(1);
        for (_, lo, hi, st) in &nest {
            let lo = self.conv(lo.clone(), Ty::I64);
            let hi = self.conv(hi.clone(), Ty::I64);
            let st = self.conv(st.clone(), Ty::I64);
            let d = self.bin(Ty::I64, BinOp::Sub, hi, lo.clone());
            let d = self.bin(Ty::I64, BinOp::Add, d, st.clone());
            let d = self.bin(Ty::I64, BinOp::Div, d, st.clone());
            let n = self.bin(Ty::I64, BinOp::Max, d, Op::I64(0));
            total = self.bin(Ty::I64, BinOp::Mul, total, n.clone());
            lens.push(n);
            bounds.push((lo, st));
        }
        // The body of one iteration of the innermost loop (its variable set by the chunk
        // runner, the outer ones too).
        let iter = crate::ir::retarget(inner, &ids[1..], id);
        let ch = Chunked { id, nest, lens, bounds, total: total.clone(), last_flag };
        let call = |g: &mut Self, name: &str, ty: Ty, args: Vec<Op>| -> Op {
            let v = g.val(ty, Rv::Call(name.into(), args, ty));
            if ty == Ty::I32 {
                g.conv(v, Ty::I64)
            } else {
                v
            }
        };
        match (kind, &chunk) {
            ("static" | "auto", None) => {
                let nthr = call(self, "omp_get_num_threads", Ty::I32, vec![]);
                let tid = call(self, "omp_get_thread_num", Ty::I32, vec![]);
                let q = self.bin(Ty::I64, BinOp::Div, total.clone(), nthr.clone());
                let qn = self.bin(Ty::I64, BinOp::Mul, q.clone(), nthr);
                let r = self.bin(Ty::I64, BinOp::Sub, total.clone(), qn);
                let extra = self.bin(Ty::I64, BinOp::Min, tid.clone(), r.clone());
                let s = self.bin(Ty::I64, BinOp::Mul, tid.clone(), q.clone());
                let s = self.bin(Ty::I64, BinOp::Add, s, extra);
                let more = self.bin(Ty::I64, BinOp::Lt, tid, r);
                let more = self.conv(more, Ty::I64);
                let cnt = self.bin(Ty::I64, BinOp::Add, q, more);
                let e = self.bin(Ty::I64, BinOp::Add, s.clone(), cnt);
                let e = self.bin(Ty::I64, BinOp::Sub, e, Op::I64(1));
                self.run_chunk(&ch, s, e, iter);
            }
            ("static" | "auto", Some(c)) => {
                let c = self.bin(Ty::I64, BinOp::Max, c.clone(), Op::I64(1));
                let nthr = call(self, "omp_get_num_threads", Ty::I32, vec![]);
                let tid = call(self, "omp_get_thread_num", Ty::I32, vec![]);
                let first = self.bin(Ty::I64, BinOp::Mul, tid, c.clone());
                let stride = self.bin(Ty::I64, BinOp::Mul, nthr, c.clone());
                let last = self.bin(Ty::I64, BinOp::Sub, total.clone(), Op::I64(1));
                let s = self.f.new_var(format!("omp.s{}", id.0), Ty::I64);
                let oid = self.f.new_loop();
                self.push_block();
                let e = self.bin(Ty::I64, BinOp::Add, Op::Var(s), c);
                let e = self.bin(Ty::I64, BinOp::Min, e, total);
                let e = self.bin(Ty::I64, BinOp::Sub, e, Op::I64(1));
                self.run_chunk(&ch, Op::Var(s), e, iter);
                let ob = self.pop_block();
                self.emit(Stmt::Loop { id: oid, var: s, lo: first, hi: last, step: stride, body: ob, part: None });
            }
            _ => {
                // Chunks from libgomp: [istart, iend) of the 0-based space.
                let buf = self.f.new_var("omp.range", Ty::Ptr);
                self.emit(Stmt::Assign(buf, Rv::Alloca(16)));
                let ep = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(buf), Op::I64(8)));
                let (start, next) = match kind {
                    "dynamic" => ("GOMP_loop_dynamic_start", "GOMP_loop_dynamic_next"),
                    "guided" => ("GOMP_loop_guided_start", "GOMP_loop_guided_next"),
                    "ordered_static" => ("GOMP_loop_ordered_static_start", "GOMP_loop_ordered_static_next"),
                    "ordered_dynamic" => ("GOMP_loop_ordered_dynamic_start", "GOMP_loop_ordered_dynamic_next"),
                    "ordered_guided" => ("GOMP_loop_ordered_guided_start", "GOMP_loop_ordered_guided_next"),
                    k if k.starts_with("ordered_") => ("GOMP_loop_ordered_runtime_start", "GOMP_loop_ordered_runtime_next"),
                    _ => ("GOMP_loop_runtime_start", "GOMP_loop_runtime_next"),
                };
                let mut args = vec![Op::I64(0), total, Op::I64(1)];
                if !start.contains("runtime") {
                    // A static schedule without a chunk: 0 (libgomp's even split).
                    let default = if kind == "ordered_static" { 0 } else { 1 };
                    args.push(chunk.unwrap_or(Op::I64(default)));
                }
                args.extend([Op::Var(buf), ep.clone()]);
                let more = self.f.new_var("omp.more", Ty::I32);
                let got = self.val(Ty::I8, Rv::Call(start.into(), args, Ty::I8));
                self.emit(Stmt::Assign(more, Rv::Cast(Ty::I32, got)));
                let wid = self.f.new_loop();
                self.push_block();
                let s = self.val(Ty::I64, Rv::Load(Ty::I64, Op::Var(buf)));
                let e = self.val(Ty::I64, Rv::Load(Ty::I64, ep.clone()));
                let e = self.bin(Ty::I64, BinOp::Sub, e, Op::I64(1));
                self.run_chunk(&ch, s, e, iter);
                let got = self.val(Ty::I8, Rv::Call(next.into(), vec![Op::Var(buf), ep], Ty::I8));
                self.emit(Stmt::Assign(more, Rv::Cast(Ty::I32, got)));
                let wb = self.pop_block();
                self.emit(Stmt::While { id: wid, cond_body: vec![], cond: Op::Var(more), body: wb });
                self.emit(Stmt::Call("GOMP_loop_end_nowait".into(), vec![]));
            }
        }
        if let Some(flag) = last_flag {
            // The thread that ran the last iteration leaves the loop variables as the loop
            // in sequential order does (one step past the end), for `lastprivate`.
            let Chunked { nest, lens, bounds, .. } = ch;
            self.push_block();
            for (j, (v, ..)) in nest.iter().enumerate() {
                let (lo, st) = bounds[j].clone();
                let off = self.bin(Ty::I64, BinOp::Mul, lens[j].clone(), st);
                let x = self.bin(Ty::I64, BinOp::Add, lo, off);
                let vt = self.f.var(*v).ty;
                let x = self.conv(x, vt);
                self.emit(Stmt::Assign(*v, Rv::Use(x)));
            }
            let then_body = self.pop_block();
            self.emit(Stmt::If { cond: Op::Var(flag), then_body, else_body: vec![] });
        }
    }

    /// Runs iterations `s..=e` (`I64`, 0-based in the collapsed space) of a worksharing
    /// nest as nested loops: the position of `s` is decomposed once, then the innermost
    /// loop runs over its own variable up to the end of its row or of the chunk, and the
    /// outer positions advance with a carry. No division per iteration, and the innermost
    /// loop is a plain counted loop LLVM can vectorise (as gfortran's `-O2` does).
    fn run_chunk(&mut self, ch: &Chunked, s: Op, e: Op, body: Vec<Stmt>) {
        let n = ch.nest.len();
        let ln = n - 1;
        // Position of `s`: r[j] (0-based) per loop, innermost last.
        let r: Vec<VarId> = (0..n).map(|j| self.f.new_var(format!("omp.r{}.{j}", ch.id.0), Ty::I64)).collect();
        let mut rem = s.clone();
        for j in (0..n).rev() {
            if j == 0 {
                self.emit(Stmt::Assign(r[j], Rv::Use(rem.clone())));
            } else {
                let q = self.bin(Ty::I64, BinOp::Div, rem.clone(), ch.lens[j].clone());
                let qm = self.bin(Ty::I64, BinOp::Mul, q.clone(), ch.lens[j].clone());
                self.emit(Stmt::Assign(r[j], Rv::Binary(BinOp::Sub, rem.clone(), qm)));
                rem = q;
            }
        }
        let left = self.f.new_var(format!("omp.left{}", ch.id.0), Ty::I64);
        let cnt0 = self.bin(Ty::I64, BinOp::Sub, e.clone(), s.clone());
        self.emit(Stmt::Assign(left, Rv::Binary(BinOp::Add, cnt0, Op::I64(1))));
        let wid = self.f.new_loop();
        self.push_block();
        // The outer variables at this row.
        for (j, &rj) in r.iter().enumerate().take(ln) {
            let (lo, st) = ch.bounds[j].clone();
            let off = self.bin(Ty::I64, BinOp::Mul, Op::Var(rj), st);
            let x = self.bin(Ty::I64, BinOp::Add, lo, off);
            let v = ch.nest[j].0;
            let vt = self.f.var(v).ty;
            let x = self.conv(x, vt);
            self.emit(Stmt::Assign(v, Rv::Use(x)));
        }
        // The innermost loop over the rest of the row or of the chunk.
        let room = self.bin(Ty::I64, BinOp::Sub, ch.lens[ln].clone(), Op::Var(r[ln]));
        let cnt = self.bin(Ty::I64, BinOp::Min, room, Op::Var(left));
        let (lo, st) = ch.bounds[ln].clone();
        let off = self.bin(Ty::I64, BinOp::Mul, Op::Var(r[ln]), st.clone());
        let first = self.bin(Ty::I64, BinOp::Add, lo, off);
        let span = self.bin(Ty::I64, BinOp::Sub, cnt.clone(), Op::I64(1));
        let span = self.bin(Ty::I64, BinOp::Mul, span, st.clone());
        let last = self.bin(Ty::I64, BinOp::Add, first.clone(), span);
        let v = ch.nest[ln].0;
        let vt = self.f.var(v).ty;
        let (first, last, st) = (self.conv(first, vt), self.conv(last, vt), self.conv(st, vt));
        self.emit(Stmt::Loop { id: ch.id, var: v, lo: first, hi: last, step: st, body, part: None });
        self.emit(Stmt::Assign(left, Rv::Binary(BinOp::Sub, Op::Var(left), cnt)));
        // Next row: the innermost position restarts, the outer ones advance with a carry.
        self.emit(Stmt::Assign(r[ln], Rv::Use(Op::I64(0))));
        // Built outermost first: the block of loop j increments r[j] and, when it wraps,
        // resets it and runs the block of loop j - 1.
        let mut carry: Vec<Stmt> = Vec::new();
        for (j, &rj) in r.iter().enumerate().take(ln) {
            self.push_block();
            self.emit(Stmt::Assign(rj, Rv::Binary(BinOp::Add, Op::Var(rj), Op::I64(1))));
            if j > 0 {
                let wrap = self.bin(Ty::I64, BinOp::Ge, Op::Var(rj), ch.lens[j].clone());
                let mut then_body = vec![Stmt::Assign(rj, Rv::Use(Op::I64(0)))];
                then_body.append(&mut carry);
                self.emit(Stmt::If { cond: wrap, then_body, else_body: vec![] });
            }
            carry = self.pop_block();
        }
        for st in carry {
            self.emit(st);
        }
        let body = self.pop_block();
        let go = self.f.new_var(format!("omp.go{}", ch.id.0), Ty::I32);
        let cond_body = vec![Stmt::Assign(go, Rv::Binary(BinOp::Gt, Op::Var(left), Op::I64(0)))];
        self.emit(Stmt::While { id: wid, cond_body, cond: Op::Var(go), body });
        if let Some(flag) = ch.last_flag {
            let tl = self.bin(Ty::I64, BinOp::Sub, ch.total.clone(), Op::I64(1));
            let is_last = self.bin(Ty::I64, BinOp::Eq, e.clone(), tl);
            let nonempty = self.bin(Ty::I64, BinOp::Le, s, e);
            let both = self.bin(Ty::I32, BinOp::And, is_last, nonempty);
            self.emit(Stmt::Assign(flag, Rv::Binary(BinOp::Or, Op::Var(flag), both)));
        }
    }

    /// `critical`, `single`, `master`, `masked` and `sections` on the host.
    pub(super) fn host_construct(&mut self, dir: &ast::Directive, body: &[ast::Stmt]) {
        use ast::OmpKind as K;
        let Some(kind) = dir.kind.omp() else { return };
        self.host_unsupported(dir);
        match kind {
            K::Critical => {
                let name = dir.clauses.iter().find_map(|c| if let ClauseKind::CriticalName(n) = &c.kind { Some(n.clone()) } else { None });
                let lock = name.map(|n| {
                    // gfortran's lock variable of a named critical section.
                    let g = format!(".gomp_critical_user_{n}");
                    self.add_global(&g, Ty::Ptr, Op::Null, false);
                    self.val(Ty::Ptr, Rv::GlobalAddr(g))
                });
                match &lock {
                    Some(p) => self.emit(Stmt::Call("GOMP_critical_name_start".into(), vec![p.clone()])),
                    None => self.emit(Stmt::Call("GOMP_critical_start".into(), vec![])),
                }
                self.stmts(body);
                match lock {
                    Some(p) => self.emit(Stmt::Call("GOMP_critical_name_end".into(), vec![p])),
                    None => self.emit(Stmt::Call("GOMP_critical_end".into(), vec![])),
                }
            }
            K::Single if dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Copyprivate(_))) => self.host_single_copy(dir, body),
            K::Single => {
                let nowait = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Nowait));
                let got = self.val(Ty::I8, Rv::Call("GOMP_single_start".into(), vec![], Ty::I8));
                let me = self.val(Ty::I32, Rv::Cast(Ty::I32, got));
                self.push_block();
                self.host_scoped_body(&dir.clauses, body);
                let then_body = self.pop_block();
                self.emit(Stmt::If { cond: me, then_body, else_body: vec![] });
                if !nowait {
                    self.host_barrier();
                }
            }
            K::Master | K::Masked => {
                let filter = match dir.clauses.iter().find_map(|c| if let ClauseKind::Filter(e) = &c.kind { Some(e) } else { None }) {
                    Some(e) => {
                        let v = self.expr(e);
                        self.conv(v, Ty::I32)
                    }
                    None => Op::I32(0),
                };
                let tid = self.val(Ty::I32, Rv::Call("omp_get_thread_num".into(), vec![], Ty::I32));
                let me = self.bin(Ty::I32, BinOp::Eq, tid, filter);
                self.push_block();
                self.stmts(body);
                let then_body = self.pop_block();
                self.emit(Stmt::If { cond: me, then_body, else_body: vec![] });
            }
            K::Sections => self.host_sections(dir, body),
            K::Task => self.host_task(dir, body),
            K::Ordered | K::Taskgroup => {
                let (start, end) = if kind == K::Ordered {
                    ("GOMP_ordered_start", "GOMP_ordered_end")
                } else {
                    ("GOMP_taskgroup_start", "GOMP_taskgroup_end")
                };
                self.emit(Stmt::Call(start.into(), vec![]));
                self.stmts(body);
                self.emit(Stmt::Call(end.into(), vec![]));
            }
            _ => self.not_yet(format!("the OpenMP `{}` construct on the host", kind.name()), dir.span),
        }
    }

    /// `single` with `copyprivate`: the thread that runs the body publishes the addresses
    /// of the items (`GOMP_single_copy_end`), the others copy from them
    /// (`GOMP_single_copy_start` returns the record), then a barrier.
    fn host_single_copy(&mut self, dir: &ast::Directive, body: &[ast::Stmt]) {
        let items: Vec<(String, Span)> = dir
            .clauses
            .iter()
            .filter_map(|c| if let ClauseKind::Copyprivate(l) = &c.kind { Some(l) } else { None })
            .flatten()
            .filter_map(|e| if let ExprKind::Name(id) = &e.kind { Some((id.name.clone(), e.span)) } else { None })
            .collect();
        // The record and, for items in registers, a slot each (in this thread's frame,
        // alive until the barrier).
        let rec = self.f.new_var("omp.copyrec", Ty::Ptr);
        self.emit(Stmt::Assign(rec, Rv::Alloca(8 * items.len().max(1) as u64)));
        let mut homes = Vec::new();
        for (n, sp) in &items {
            let h = self.lookup(n);
            let slot = match &h {
                Some(Home::Reg(..)) => {
                    let s = self.f.new_var(format!("{n}.copy"), Ty::Ptr);
                    self.emit(Stmt::Assign(s, Rv::Alloca(8)));
                    Some(s)
                }
                Some(Home::Mem(_, b)) if !matches!(b, BaseTy::Derived(_)) => None,
                Some(Home::Array(_)) => None,
                _ => {
                    self.not_yet("`copyprivate` of character or derived-type variables", *sp);
                    continue;
                }
            };
            if let Some(h) = h {
                homes.push((h, slot));
            }
        }
        let data = self.val(Ty::Ptr, Rv::Call("GOMP_single_copy_start".into(), vec![], Ty::Ptr));
        let me = self.val(Ty::I32, Rv::Binary(BinOp::Eq, data.clone(), Op::Null));
        self.push_block();
        self.push_block();
        self.host_scoped_body(&dir.clauses, body);
        let inner = self.pop_block();
        for s in inner {
            self.emit(s);
        }
        for (i, (h, slot)) in homes.iter().enumerate() {
            let addr = match (h, slot) {
                (Home::Reg(v, b), Some(s)) => {
                    self.emit(Stmt::Store(ir_ty(*b), Op::Var(*s), Op::Var(*v)));
                    Op::Var(*s)
                }
                (Home::Mem(p, _), _) => Op::Var(*p),
                (Home::Array(d), _) => Op::Var(d.addr),
                _ => continue,
            };
            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(rec), Op::I64(8 * i as i64)));
            self.emit(Stmt::Store(Ty::Ptr, a, addr));
        }
        self.emit(Stmt::Call("GOMP_single_copy_end".into(), vec![Op::Var(rec)]));
        let then_body = self.pop_block();
        self.push_block();
        for (i, (h, _)) in homes.iter().enumerate() {
            let a = self.val(Ty::Ptr, Rv::PtrAdd(data.clone(), Op::I64(8 * i as i64)));
            let src = self.f.new_var("omp.copysrc", Ty::Ptr);
            self.emit(Stmt::Assign(src, Rv::Load(Ty::Ptr, a)));
            match h {
                Home::Reg(v, b) => self.emit(Stmt::Assign(*v, Rv::Load(ir_ty(*b), Op::Var(src)))),
                Home::Mem(p, b) => match complex::part_ty(*b) {
                    Some(pt) => self.copy_complex(src, *p, pt),
                    None => {
                        let v = self.load_as(*b, Op::Var(src));
                        self.store_as(*b, Op::Var(*p), v);
                    }
                },
                Home::Array(d) => self.copy_array_data(src, d.addr, d),
                _ => {}
            }
        }
        let else_body = self.pop_block();
        self.emit(Stmt::If { cond: me, then_body, else_body });
        self.host_barrier();
    }

    /// An explicit `task`: outlined like `parallel`; `firstprivate` values are taken when
    /// the task is created.
    fn host_task(&mut self, dir: &ast::Directive, body: &[ast::Stmt]) {
        // A task with `depend` is undeferred: it runs at once on the creating thread, after
        // every sibling task with a dependence (all of which ran the same way), so every
        // dependence is met in creation order.
        let depend = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Depend));
        let cond = match dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None }) {
            _ if depend => Op::I32(0),
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, Ty::I32)
            }
            None => Op::I32(1),
        };
        if let Some(sp) = allocates(body) {
            self.not_yet("`allocate`/`deallocate` inside a host `task` construct", sp);
        }
        // Firstprivate scalars in memory: loaded now, by the creating thread.
        let mut scope = HashMap::new();
        let mut rest = Vec::new();
        for c in &dir.clauses {
            let ClauseKind::Firstprivate(l) = &c.kind else { continue };
            for e in l {
                if let ExprKind::Name(id) = &e.kind {
                    if let Some(Home::Mem(p, b)) = self.lookup(&id.name) {
                        if !matches!(b, BaseTy::Derived(_)) && complex::part_ty(b).is_none() {
                            let o = self.load_as(b, Op::Var(p));
                            let v = self.f.new_var(id.name.clone(), ir_ty(b));
                            self.emit(Stmt::Assign(v, Rv::Use(o)));
                            scope.insert(id.name.clone(), Home::Reg(v, b));
                            continue;
                        }
                    }
                }
                rest.push(e.clone());
            }
        }
        // `reduction` (of the task a host `taskloop` becomes): the task's private copy is
        // combined into the original, which must be in memory (shared where the task is
        // created), when the task ends.
        for c in &dir.clauses {
            let (ClauseKind::Reduction(_, l) | ClauseKind::InReduction(_, l)) = &c.kind else { continue };
            for e in l {
                let ExprKind::Name(id) = &e.kind else { continue };
                if !matches!(self.lookup(&id.name), Some(Home::Mem(..) | Home::Array(_))) {
                    self.not_yet("a task reduction of a variable private where the task is created", e.span);
                }
            }
        }
        self.push_block();
        // (`in_reduction`: the task's part in a task reduction, whose originals are shared.)
        let mut clauses: Vec<ast::Clause> = dir
            .clauses
            .iter()
            .filter_map(|c| match &c.kind {
                ClauseKind::Private(_) | ClauseKind::Reduction(..) => Some(c.clone()),
                ClauseKind::InReduction(op, l) => Some(ast::Clause { kind: ClauseKind::Reduction(*op, l.clone()), span: c.span }),
                _ => None,
            })
            .collect();
        if !rest.is_empty() {
            clauses.push(ast::Clause { kind: ClauseKind::Firstprivate(rest), span: dir.span });
        }
        let mut sh = self.host_sharing(&clauses);
        sh.scope.extend(scope);
        let tls = self.thread_copies(&[]);
        sh.scope.extend(tls);
        let mut names = Vec::new();
        loop_vars(body, &mut names);
        self.private_loop_vars(&names, &mut sh.scope);
        self.overrides.push(std::mem::take(&mut sh.scope));
        self.stmts(body);
        self.overrides.pop();
        self.host_finish(&sh);
        let b = self.pop_block();
        let line = self.line(dir.span);
        self.emit(Stmt::HostParallel(Box::new(HostParallel {
            what: "task".into(),
            line,
            num_threads: cond,
            task: true,
            flags: 0,
            body: b,
        })));
    }

    /// `sections`: libgomp hands out the section numbers (`GOMP_sections_start/next`).
    fn host_sections(&mut self, dir: &ast::Directive, body: &[ast::Stmt]) {
        let nowait = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Nowait));
        // The sections: the statements between `section` directives (the first may be
        // written without one).
        let mut blocks: Vec<Vec<ast::Stmt>> = vec![Vec::new()];
        for (i, s) in body.iter().enumerate() {
            if matches!(&s.kind, StmtKind::Standalone(d) if d.kind.omp() == Some(ast::OmpKind::Section)) {
                if i > 0 {
                    blocks.push(Vec::new());
                }
            } else if let Some(b) = blocks.last_mut() {
                b.push(s.clone());
            }
        }
        self.push_block();
        let mut sh = self.host_sharing_with_loops(&dir.clauses, body);
        let last_flag = if sh.lasts.is_empty() {
            None
        } else {
            let v = self.f.new_var("omp.last", Ty::I32);
            self.emit(Stmt::Assign(v, Rv::Use(Op::I32(0))));
            Some(v)
        };
        self.overrides.push(std::mem::take(&mut sh.scope));
        let n = blocks.len() as i32;
        let s = self.f.new_var("omp.section", Ty::I32);
        self.emit(Stmt::Assign(s, Rv::Call("GOMP_sections_start".into(), vec![Op::I32(n)], Ty::I32)));
        let wid = self.f.new_loop();
        self.push_block();
        // if s == 1 { ... } else if s == 2 { ... } ...
        let mut chain: Vec<Stmt> = Vec::new();
        for (k, b) in blocks.iter().enumerate().rev() {
            self.push_block();
            self.stmts(b);
            if let (Some(flag), true) = (last_flag, k + 1 == blocks.len()) {
                self.emit(Stmt::Assign(flag, Rv::Use(Op::I32(1))));
            }
            let then_body = self.pop_block();
            let c = self.f.new_var(format!("omp.is{}", k + 1), Ty::I32);
            let mut arm = vec![Stmt::Assign(c, Rv::Binary(BinOp::Eq, Op::Var(s), Op::I32(k as i32 + 1)))];
            arm.push(Stmt::If { cond: Op::Var(c), then_body, else_body: chain });
            chain = arm;
        }
        for st in chain {
            self.emit(st);
        }
        self.emit(Stmt::Assign(s, Rv::Call("GOMP_sections_next".into(), vec![], Ty::I32)));
        let wb = self.pop_block();
        let c = self.f.new_var("omp.more", Ty::I32);
        let cond_body = vec![Stmt::Assign(c, Rv::Binary(BinOp::Ne, Op::Var(s), Op::I32(0)))];
        self.emit(Stmt::While { id: wid, cond_body, cond: Op::Var(c), body: wb });
        self.emit(Stmt::Call("GOMP_sections_end_nowait".into(), vec![]));
        self.overrides.pop();
        self.host_lastprivate(&sh, last_flag);
        self.host_finish(&sh);
        if !nowait {
            self.host_barrier();
        }
        let b = self.pop_block();
        for st in b {
            self.emit(st);
        }
    }

    /// Copies the two parts (of type `pt`) of the complex value at `src` to `dst`.
    fn copy_complex(&mut self, src: VarId, dst: VarId, pt: Ty) {
        for k in 0..2 {
            let s = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(src), Op::I64(k * pt.size())));
            let v = self.val(pt, Rv::Load(pt, s));
            let d = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(dst), Op::I64(k * pt.size())));
            self.emit(Stmt::Store(pt, d, v));
        }
    }

    /// Copies the `lastprivate` items back when this thread ran the last iteration.
    fn host_lastprivate(&mut self, sh: &Sharing, last_flag: Option<VarId>) {
        let Some(flag) = last_flag else { return };
        self.push_block();
        for (orig, p) in &sh.lasts {
            match (orig, p) {
                (Home::Reg(o, _), Home::Reg(v, _)) => self.emit(Stmt::Assign(*o, Rv::Use(Op::Var(*v)))),
                (Home::Mem(o, b), Home::Reg(v, _)) => self.store_as(*b, Op::Var(*o), Op::Var(*v)),
                (Home::Mem(o, b), Home::Mem(pa, _)) => {
                    if let Some(pt) = complex::part_ty(*b) {
                        self.copy_complex(*pa, *o, pt);
                    }
                }
                (Home::Array(o), Home::Array(pd)) => self.copy_array_data(pd.addr, o.addr, o),
                _ => {}
            }
        }
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: Op::Var(flag), then_body, else_body: vec![] });
    }

    /// `!$omp barrier` on the host.
    pub(super) fn host_barrier(&mut self) {
        self.emit(Stmt::Call("GOMP_barrier".into(), vec![]));
    }
}

/// Clauses of a combined `parallel do` that belong to its loop.
/// A worksharing nest being split into chunks: the loops (variable, lo, hi, step, outermost
/// first), their trip counts and `I64` (lo, step), the total count, the `lastprivate` flag.
struct Chunked {
    id: LoopId,
    nest: Vec<(VarId, Op, Op, Op)>,
    lens: Vec<Op>,
    bounds: Vec<(Op, Op)>,
    total: Op,
    last_flag: Option<VarId>,
}

fn is_loop_clause(k: &ClauseKind) -> bool {
    matches!(
        k,
        ClauseKind::Schedule(..)
            | ClauseKind::Collapse(_)
            | ClauseKind::Nowait
            | ClauseKind::Reduction(..)
            | ClauseKind::Lastprivate(_)
            | ClauseKind::OmpOrdered
            | ClauseKind::Safelen(_)
    )
}

/// The variables of the counted `do` loops in the statements (not inside nested host
/// `parallel` constructs, which make their own private).
fn loop_vars(ss: &[ast::Stmt], out: &mut Vec<String>) {
    for s in ss {
        match &s.kind {
            StmtKind::Do { var, body, .. } => {
                if !out.contains(&var.name) {
                    out.push(var.name.clone());
                }
                loop_vars(body, out);
            }
            StmtKind::DoWhile { body, .. } | StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => loop_vars(body, out),
            StmtKind::Construct { dir, body, .. } if !dir.kind.omp().is_some_and(|k| k.leaves().has(ast::OmpLeaves::PARALLEL)) => {
                loop_vars(body, out)
            }
            StmtKind::LoopConstruct { dir, do_stmt } if !dir.kind.omp().is_some_and(|k| k.leaves().has(ast::OmpLeaves::PARALLEL)) => {
                // A `lastprivate` variable of a worksharing loop is shared in the enclosing
                // region (its last value goes there).
                let lasts: Vec<&str> = dir
                    .clauses
                    .iter()
                    .filter_map(|c| if let ClauseKind::Lastprivate(l) = &c.kind { Some(l) } else { None })
                    .flatten()
                    .filter_map(|e| if let ExprKind::Name(id) = &e.kind { Some(id.name.as_str()) } else { None })
                    .collect();
                let mut inner = Vec::new();
                loop_vars(std::slice::from_ref(do_stmt), &mut inner);
                for v in inner {
                    if !lasts.contains(&v.as_str()) && !out.contains(&v) {
                        out.push(v);
                    }
                }
            }
            StmtKind::If { arms, else_body, .. } => {
                for (_, b) in arms {
                    loop_vars(b, out);
                }
                if let Some(b) = else_body {
                    loop_vars(b, out);
                }
            }
            StmtKind::SelectCase { cases, .. } => {
                for c in cases {
                    loop_vars(&c.body, out);
                }
            }
            _ => {}
        }
    }
}

/// The first `allocate` or `deallocate` statement in the statements.
fn allocates(ss: &[ast::Stmt]) -> Option<Span> {
    ss.iter().find_map(|s| match &s.kind {
        StmtKind::Allocate(..)
        | StmtKind::Deallocate(..)
        | StmtKind::AllocateComp(..)
        | StmtKind::DeallocateComp(..)
        | StmtKind::AllocStatus { .. } => Some(s.span),
        StmtKind::Do { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Block { body, .. }
        | StmtKind::LabelBlock { body, .. }
        | StmtKind::Construct { body, .. } => allocates(body),
        StmtKind::LoopConstruct { do_stmt, .. } => allocates(std::slice::from_ref(do_stmt)),
        StmtKind::If { arms, else_body, .. } => {
            arms.iter().find_map(|(_, b)| allocates(b)).or_else(|| else_body.as_ref().and_then(|b| allocates(b)))
        }
        StmtKind::SelectCase { cases, .. } => cases.iter().find_map(|c| allocates(&c.body)),
        _ => None,
    })
}

/// Whether the statements contain a host OpenMP `parallel` or `task` construct (after the
/// target constructs were rewritten: every OpenMP directive left is a host one).
pub(super) fn has_host_parallel(ss: &[ast::Stmt]) -> bool {
    ss.iter().any(|s| match &s.kind {
        StmtKind::Construct { dir, .. } | StmtKind::LoopConstruct { dir, .. }
            if dir.kind.omp().is_some_and(|k| k.leaves().has(ast::OmpLeaves::PARALLEL) || k == ast::OmpKind::Task) =>
        {
            true
        }
        StmtKind::Do { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Block { body, .. }
        | StmtKind::LabelBlock { body, .. }
        | StmtKind::Construct { body, .. } => has_host_parallel(body),
        StmtKind::LoopConstruct { do_stmt, .. } => has_host_parallel(std::slice::from_ref(do_stmt)),
        StmtKind::If { arms, else_body, .. } => {
            arms.iter().any(|(_, b)| has_host_parallel(b)) || else_body.as_ref().is_some_and(|b| has_host_parallel(b))
        }
        StmtKind::SelectCase { cases, .. } => cases.iter().any(|c| has_host_parallel(&c.body)),
        _ => false,
    })
}
