//! Partitioned loops (OpenACC `loop`): their levels, collapse, private variables and reduction
//! locals.

use super::*;

impl G<'_> {
    pub(super) fn acc_loop(&mut self, dir: &ast::Directive, do_stmt: &ast::Stmt) {
        let StmtKind::Do { name, var, start, end, step, body } = &do_stmt.kind else {
            self.not_yet("an OpenACC loop directive not followed by a `do` loop", dir.span);
            return;
        };
        let Some(rk) = self.region.as_ref().map(|r| r.kind) else {
            self.not_yet("orphaned `loop` directive", dir.span);
            return;
        };
        let outer = self.region.as_ref().map_or(Levels::default(), |r| r.levels);
        let mut levels = Levels::default();
        let mut seq = false;
        let mut independent = false;
        let mut auto = false;
        let mut collapse = 1u32;
        let mut chunk = None;
        let mut gang_dim = None;
        let mut tile = None;
        let mut notes = Vec::new();
        let mut omp_simd = None;
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::OmpSimd(safelen, cond, simdlen) => omp_simd = Some((safelen.as_ref(), cond.as_ref(), simdlen.as_ref())),
                ClauseKind::GangDim(e) => {
                    levels = levels.with(Level::Gang);
                    if let ExprKind::Int(d, _) = e.kind {
                        gang_dim = Some(d.clamp(1, 3) as u32);
                    }
                }
                // `static:*`: gpuf's own choice, one tile per gang as without the argument.
                ClauseKind::GangStatic(k) => {
                    levels = levels.with(Level::Gang);
                    chunk = k.as_ref();
                }
                ClauseKind::Gang(a) | ClauseKind::Worker(a) | ClauseKind::Vector(a) => {
                    let l = match c.kind {
                        ClauseKind::Gang(_) => Level::Gang,
                        ClauseKind::Worker(_) => Level::Worker,
                        _ => Level::Vector,
                    };
                    levels = levels.with(l);
                    if a.is_some() && dir.kind == ast::AccKind::Loop && rk != RegionKind::Kernels {
                        // OpenACC 3.3 (2.9.3-2.9.5): `num` / `length` only in `kernels`.
                        let (what, sizes) = match l {
                            Level::Gang => ("num", "num_gangs"),
                            Level::Worker => ("num", "num_workers"),
                            Level::Vector => ("length", "vector_length"),
                        };
                        self.diags.push(
                            Diagnostic::error(
                                "E0316",
                                format!(
                                    "the `{what}` argument of `{}` is not allowed inside a `{}` construct",
                                    l.name(),
                                    if rk == RegionKind::Serial { "serial" } else { "parallel" }
                                ),
                                c.span,
                            )
                            .with_label("allowed only in `kernels`")
                            .with_note(if rk == RegionKind::Serial {
                                "note: a `serial` construct runs one gang of one worker of one vector lane".to_string()
                            } else {
                                format!("help: `{sizes}` on the construct sets the size")
                            }),
                        );
                    }
                }
                ClauseKind::Seq => seq = true,
                // An explicit `auto` asks the compiler to prove the iterations independent:
                // in `kernels` the dependence test below decides, elsewhere it runs
                // sequentially.
                ClauseKind::Auto => auto = true,
                ClauseKind::Independent => independent = true,
                ClauseKind::Collapse(e) => {
                    if let ExprKind::Int(n, _) = e.kind {
                        collapse = n.max(1) as u32;
                    }
                }
                ClauseKind::Tile(sizes) => {
                    collapse = (sizes.len() as u32).max(1);
                    tile = Some((sizes, c.span));
                }
                ClauseKind::Unsupported(n) => self.not_yet(format!("the `{n}` clause"), c.span),
                _ => {}
            }
        }
        if auto && rk != RegionKind::Kernels {
            seq = true;
        }
        // A `kernels` loop without `independent`, `seq` or levels: partitioned only when
        // the dependence test proves its iterations independent.
        // (A loop of a `serial` part of a split `kernels` construct: the test failed.)
        let kernels = rk == RegionKind::Kernels || (rk == RegionKind::Serial && self.in_kernels);
        let mut auto_proof = if kernels { depend::kernels_auto_verdict(self.syms, self.unit, dir, do_stmt) } else { None };
        if auto_proof == Some(Ok(())) && !outer.has(Level::Gang) && !self.kernels_top.contains(&dir.span) {
            auto_proof = Some(Err(
                "its iterations are independent, but it is inside a sequential loop or `if` of the kernel (gpuf partitions such a loop only at the kernel's top level or inside a gang loop)"
                    .into(),
            ));
        }
        match auto_proof {
            Some(Ok(())) => independent = true,
            Some(Err(_)) => seq = true,
            None => {}
        }
        if seq || rk == RegionKind::Serial {
            levels = Levels::default();
        } else if levels.is_empty() && (rk == RegionKind::Parallel || independent) {
            // `auto`: take every level the enclosing loops left free, outermost first, and
            // leave inner levels to nested loop directives.
            let inner = nested_levels(body, self.procs);
            for l in Level::ALL {
                if !outer.has(l) && !inner.has(l) {
                    levels = levels.with(l);
                    if inner.0 != 0 {
                        break;
                    }
                }
            }
        }
        // An OpenMP `simd` loop whose lanes are partitioned: seed 004's SIMT lowering
        // (omp-expand), with `safelen` (at least 1) evaluated before the loop.
        let simt = match omp_simd {
            Some((safelen, cond, simdlen)) if levels.has(Level::Vector) => {
                // The clauses as written, for the loop-mapping report.
                let mut clauses = Vec::new();
                for (name, e) in [("safelen", safelen), ("if(simd:", cond), ("simdlen", simdlen)] {
                    if let Some(e) = e {
                        let text = self.directive_text(e.span);
                        clauses.push(if name.ends_with(':') { format!("{name} {text})") } else { format!("{name}({text})") });
                    }
                }
                let mut safelen = safelen.map(|e| {
                    let v = self.expr(e);
                    let v = self.conv(v, Ty::I32);
                    let t = self.tmp(Ty::I32);
                    self.emit(Stmt::Assign(t, Rv::Binary(BinOp::Max, v, Op::I32(1))));
                    Op::Var(t)
                });
                // `if(simd: c)`: one lane where `c` is false: `1 + c * (safelen - 1)`.
                if let Some(c) = cond {
                    let v = self.expr(c);
                    let v = self.conv(v, Ty::I32);
                    let c = self.val(Ty::I32, Rv::Binary(BinOp::Ne, v, Op::I32(0)));
                    let most = safelen.clone().unwrap_or(Op::I32(1 << 30));
                    let room = self.val(Ty::I32, Rv::Binary(BinOp::Sub, most, Op::I32(1)));
                    let on = self.val(Ty::I32, Rv::Binary(BinOp::Mul, c, room));
                    safelen = Some(self.val(Ty::I32, Rv::Binary(BinOp::Add, on, Op::I32(1))));
                }
                Some(Box::new(Simt { safelen, last_vars: Vec::new(), last_copy: Vec::new(), clauses: clauses.into() }))
            }
            _ => None,
        };
        // Reductions and privates of the loop.
        let mut scope = HashMap::new();
        let mut reductions = Vec::new();
        let mut red_names = Vec::new();
        let mut privates = Vec::new();
        let mut allocas = Vec::new();
        let mut lasts: Vec<(String, Home, Span)> = Vec::new();
        // The `lastprivate` and `linear` items by clause, for the loop-mapping report.
        let mut copied_out: Vec<(&'static str, String)> = Vec::new();
        let mut red_arrays = Vec::new();
        let mut stores = Vec::new();
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Reduction(op, list) => {
                    for e in list {
                        if let Some(n) = self.reduced_array(e) {
                            notes.push(format!("reduction({}:{}) by atomic updates", op.spelling(), self.directive_text(e.span)));
                            red_arrays.push(n);
                            continue;
                        }
                        let ExprKind::Name(id) = &e.kind else { continue };
                        let (result, b) = match self.lookup(&id.name) {
                            Some(Home::Mem(_, BaseTy::Complex(_))) => {
                                self.not_yet("reductions of complex scalars in device code", e.span);
                                continue;
                            }
                            Some(Home::Reg(v, b)) => (RedResult::Var(v), b),
                            // In a routine, a variable in memory (a dummy) reduced by its
                            // worker or vector loop: in a register for the loop, the result
                            // stored back after it (by the leader of the routine's threads).
                            Some(Home::Mem(p, b)) if self.routine_levels.is_some() && !seq && !levels.has(Level::Gang) => {
                                let t = self.f.new_var(format!("{}.val", id.name), ir_ty(b));
                                let x = self.load_as(b, Op::Var(p));
                                self.emit(Stmt::Assign(t, Rv::Use(x)));
                                stores.push((p, t, b));
                                (RedResult::Var(t), b)
                            }
                            Some(Home::Mem(p, b)) => (RedResult::Mem(p), b),
                            _ => {
                                self.not_yet("reductions of this kind of variable", e.span);
                                continue;
                            }
                        };
                        let local = self.f.new_reduction_local(format!("{}.red", id.name), ir_ty(b), red_op(*op));
                        reductions.push(Reduction { op: red_op(*op), ty: ir_ty(b), local, result });
                        red_names.push((id.name.clone(), local, b));
                        scope.insert(id.name.clone(), Home::Reg(local, b));
                    }
                }
                // `linear(x: s)`: a private `x` that starts iteration `k` (counted from 0) at
                // `x0 + k * s`, `x0` its value before the loop, and is copied out after the
                // last iteration as a `lastprivate` item is.
                ClauseKind::Linear(list, step) => {
                    // Each team would read the items' values before the loop while the team
                    // that ran the last iteration may already have stored the final ones.
                    if levels.has(Level::Gang) {
                        self.not_yet("`linear` on a loop partitioned over teams (`distribute ... simd`)", c.span);
                        continue;
                    }
                    for e in list {
                        let ExprKind::Name(id) = &e.kind else { continue };
                        let (orig, b) = match self.lookup(&id.name) {
                            Some(h @ (Home::Reg(_, b) | Home::Mem(_, b))) => (h, b),
                            _ => {
                                self.not_yet("`linear` of this kind of variable", e.span);
                                continue;
                            }
                        };
                        let ty = ir_ty(b);
                        let x0 = self.expr(e);
                        let x0 = self.conv(x0, ty);
                        let x0v = self.tmp(ty);
                        self.emit(Stmt::Assign(x0v, Rv::Use(x0)));
                        let s = match step {
                            Some(s) => {
                                let v = self.expr(s);
                                let v = self.conv(v, ty);
                                let t = self.tmp(ty);
                                self.emit(Stmt::Assign(t, Rv::Use(v)));
                                Op::Var(t)
                            }
                            None if ty == Ty::I64 => Op::I64(1),
                            None => Op::I32(1),
                        };
                        let v = self.f.new_var(id.name.clone(), ty);
                        scope.insert(id.name.clone(), Home::Reg(v, b));
                        privates.push(v);
                        lasts.push((id.name.clone(), orig, e.span));
                        copied_out.push(("linear", id.name.clone()));
                        self.linear.push((v, Op::Var(x0v), s));
                    }
                }
                ClauseKind::Private(list) | ClauseKind::Lastprivate(list) => {
                    for e in list {
                        let ExprKind::Name(id) = &e.kind else { continue };
                        if self.is_param(&id.name) {
                            continue;
                        }
                        // The variable of an enclosing loop of the construct is private to
                        // each thread already, and keeps the value the loop gives it
                        // (`private(j, k)` on the inner loop of `do k` / `do j`).
                        let depth = self.region.as_ref().map_or(usize::MAX, |r| r.do_depth);
                        if matches!(c.kind, ClauseKind::Private(_)) && self.do_vars.get(depth..).is_some_and(|v| v.contains(&id.name)) {
                            continue;
                        }
                        if matches!(c.kind, ClauseKind::Lastprivate(_)) {
                            if let Some(h) = self.lookup(&id.name) {
                                lasts.push((id.name.clone(), h, e.span));
                                copied_out.push(("lastprivate", id.name.clone()));
                            }
                        }
                        match self.lookup(&id.name) {
                            Some(Home::Mem(_, BaseTy::Derived(k))) => {
                                let outer = self.region.as_ref().map(|r| r.levels).unwrap_or_default();
                                if levels.has(Level::Worker)
                                    || levels.has(Level::Vector)
                                    || outer.has(Level::Worker)
                                    || outer.has(Level::Vector)
                                {
                                    self.not_yet("private derived-type variables on worker or vector loops", e.span);
                                } else if self.routine_gang_private(e.span) {
                                    continue;
                                } else {
                                    let d = self.struct_desc(&id.name, k);
                                    if let Home::Array(pd) = self.gang_private_array(&d) {
                                        scope.insert(id.name.clone(), Home::Mem(pd.addr, pd.base));
                                    }
                                }
                            }
                            Some(Home::Mem(p, b @ BaseTy::Complex(_))) => {
                                // Two reals in memory: per thread a stack block, per gang a
                                // block of the launch's scratch memory.
                                let outer = self.region.as_ref().map(|r| r.levels).unwrap_or_default();
                                if [levels, outer].iter().any(|l| l.has(Level::Worker) || l.has(Level::Vector)) {
                                    let pa = self.f.new_var(format!("{}.priv", id.name), Ty::Ptr);
                                    allocas.push((pa, self.elem_size(b) as u64, Vec::new()));
                                    scope.insert(id.name.clone(), Home::Mem(pa, b));
                                } else if self.routine_gang_private(e.span) {
                                    continue;
                                } else {
                                    let d = Desc { name: id.name.clone(), base: b, addr: p, lb: Vec::new(), ext: Vec::new() };
                                    if let Home::Array(pd) = self.gang_private_array(&d) {
                                        scope.insert(id.name.clone(), Home::Mem(pd.addr, pd.base));
                                    }
                                }
                            }
                            Some(Home::Reg(_, b)) | Some(Home::Mem(_, b)) => {
                                let v = self.f.new_var(id.name.clone(), ir_ty(b));
                                scope.insert(id.name.clone(), Home::Reg(v, b));
                                privates.push(v);
                            }
                            Some(Home::Array(d)) => {
                                let outer = self.region.as_ref().map(|r| r.levels).unwrap_or_default();
                                let thread = levels.has(Level::Worker)
                                    || levels.has(Level::Vector)
                                    || outer.has(Level::Worker)
                                    || outer.has(Level::Vector);
                                if thread {
                                    // One copy per thread, in its stack frame: the loop's
                                    // threads run its body in partitioned mode.
                                    if !levels.has(Level::Vector) && nested_levels(body, self.procs).has(Level::Vector) {
                                        self.not_yet("private arrays on worker loops shared by inner vector loops", e.span);
                                        continue;
                                    }
                                    let Some(bytes) = self.const_array_bytes(&id.name).filter(|n| *n <= MAX_ALLOCA) else {
                                        self.not_yet(
                                            "private arrays of non-constant size or more than 64 KiB on worker or vector loops",
                                            e.span,
                                        );
                                        continue;
                                    };
                                    let pa = self.f.new_var(format!("{}.priv", d.name), Ty::Ptr);
                                    // The copy's bounds as constants set with its alloca
                                    // (not the original's kernel parameters), so LLVM sees
                                    // equal addresses and keeps small copies in registers.
                                    let (mut lb, mut ext) = (d.lb.clone(), d.ext.clone());
                                    let mut consts = Vec::new();
                                    if let Some(dims) = self.const_shape(&id.name).filter(|v| v.len() == d.lb.len()) {
                                        for (k, (l, n)) in dims.into_iter().enumerate() {
                                            lb[k] = self.f.new_var(format!("{}.lb{k}", d.name), Ty::I64);
                                            ext[k] = self.f.new_var(format!("{}.ext{k}", d.name), Ty::I64);
                                            consts.push((lb[k], l));
                                            consts.push((ext[k], n));
                                        }
                                    }
                                    allocas.push((pa, bytes, consts));
                                    scope.insert(id.name.clone(), Home::Array(Desc { addr: pa, lb, ext, ..d }));
                                } else if self.routine_gang_private(e.span) {
                                    continue;
                                } else {
                                    let h = self.gang_private_array(&d);
                                    scope.insert(id.name.clone(), h);
                                }
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        if seq && !reductions.is_empty() {
            // A reduction on a sequential loop is the plain loop.
            reductions.clear();
            scope.retain(|_, h| !matches!(h, Home::Reg(v, _) if !privates.contains(v)));
        }
        // Reduction locals start from the result's value; seed 001's INIT stage replaces it.
        for r in &reductions {
            match r.result {
                RedResult::Var(v) => self.emit(Stmt::Assign(r.local, Rv::Use(Op::Var(v)))),
                RedResult::Mem(_) => self.emit(Stmt::Assign(r.local, Rv::Use(zero_of(r.ty)))),
            }
        }
        if !lasts.is_empty() {
            let copies = lasts.into_iter().filter_map(|(n, orig, sp)| scope.get(&n).map(|p| (n.clone(), p.clone(), orig, sp))).collect();
            self.last_private =
                Some(LastPrivate { remaining: collapse.saturating_sub(1), loops: Vec::new(), copies, simt: simt.is_some() });
        }
        self.overrides.push(scope);
        if let Some(r) = self.region.as_mut() {
            r.levels = Levels(r.levels.0 | levels.0);
        }
        if let Some(r) = self.region.as_mut().filter(|_| !allocas.is_empty()) {
            r.allocas = Some((collapse, allocas));
        }
        // The chunk size of `gang(static: k)`, at least 1, evaluated before the loop.
        let chunk = chunk.filter(|_| levels.has(Level::Gang)).map(|k| {
            let v = self.expr(k);
            let v = self.conv(v, Ty::I64);
            let t = self.tmp(Ty::I64);
            self.emit(Stmt::Assign(t, Rv::Binary(BinOp::Max, v, Op::I64(1))));
            Op::Var(t)
        });
        // Gangs in several dimensions (`num_gangs(n1, n2[, n3])`): a gang loop is
        // partitioned over one of them (`gang(dim: d)`, dimension 1 without it) and
        // the gangs of the other dimensions run it redundantly.
        let dims = self.region.as_ref().map_or(Vec::new(), |r| r.gang_dims.clone());
        let gang_dim = if levels.has(Level::Gang) && !dims.is_empty() {
            if chunk.is_some() {
                self.not_yet("`gang(static:)` in a construct with `num_gangs` of several dimensions", dir.span);
            }
            if !reductions.is_empty() {
                self.not_yet("reductions on gang loops in a construct with `num_gangs` of several dimensions", dir.span);
            }
            Some(Box::new((gang_dim.unwrap_or(1), dims)))
        } else {
            if gang_dim.is_some_and(|d| d > 1) {
                self.not_yet("`gang(dim:)` above 1 without `num_gangs` of as many dimensions on the construct", dir.span);
            }
            None
        };
        let threads = self.region.as_ref().and_then(|r| r.threads.clone()).filter(|_| levels.has(Level::Worker));
        // `cache` directives at the top of the body (of the innermost collapsed loop too).
        let mut inner = body.as_slice();
        for depth in 0..collapse {
            for s in inner {
                if let StmtKind::Standalone(d) = &s.kind {
                    if d.kind.acc() == Some(ast::AccKind::Cache) {
                        notes.push(format!("{} not used (a hint)", self.directive_text(d.span)));
                    }
                }
            }
            if depth + 1 < collapse {
                match inner.iter().find_map(|s| if let StmtKind::Do { body, .. } = &s.kind { Some(body) } else { None }) {
                    Some(b) => inner = b.as_slice(),
                    None => break,
                }
            }
        }
        let part = PartLoop {
            levels,
            collapse,
            reductions: reductions.clone(),
            privates,
            independent,
            chunk,
            gang_dim,
            threads,
            notes: notes.into(),
            copied_out: copied_out.into(),
            auto_proof: auto_proof.map(Box::new),
            simt,
        };
        let reds_below = self.red_arrays.len();
        self.red_arrays.extend(red_arrays);
        match tile {
            // (A `collapse` beside `tile` counts the same loops, see sema: the tiled nest
            // collapses its tile loops and its element loops.)
            Some((sizes, sp)) if !part.levels.is_empty() => {
                let text = self.directive_text(sp);
                self.tiled_nest(do_stmt, sizes, part, &red_names, &text);
            }
            // A sequential tiled nest: the nest itself (tiling does not change its result).
            _ => self.do_loop(name.as_ref().map(|n| n.name.clone()), var, start, end, step.as_ref(), body, Some(part)),
        }
        self.red_arrays.truncate(reds_below);
        if let Some(r) = self.region.as_mut() {
            r.levels = outer;
        }
        self.overrides.pop();
        // After the loop the result holds the reduced value (omp-expand wires it).
        let _ = reductions;
        for (p, t, b) in stores {
            self.store_as(b, Op::Var(p), Op::Var(t));
        }
    }
}

impl G<'_> {
    /// A private array, structure or complex scalar of a gang loop of a `routine gang`
    /// (whose copies would live in the launch's per-gang scratch memory, which a routine
    /// does not know): reported, true.
    fn routine_gang_private(&mut self, sp: Span) -> bool {
        if self.routine_levels.is_some() {
            self.not_yet("private arrays, structures and complex scalars on the gang loops of a `routine gang`", sp);
            return true;
        }
        false
    }
}

impl G<'_> {
    /// The source text of a clause or directive on one line, lower case, without the
    /// sentinel (`tile(8, 4)`, `cache(a(i-1:i+1))`), continuation lines joined.
    pub(super) fn directive_text(&self, sp: Span) -> String {
        let text = self.src.get(sp.lo as usize..sp.hi as usize).unwrap_or("");
        let mut out = String::new();
        for (k, line) in text.lines().enumerate() {
            let mut l = line.trim();
            if k > 0 {
                let lower = l.to_ascii_lowercase();
                if lower.starts_with("!$acc") || lower.starts_with("c$acc") || lower.starts_with("*$acc") {
                    l = l[5..].trim_start();
                }
                l = l.strip_prefix('&').unwrap_or(l);
            }
            let l = l.strip_suffix('&').unwrap_or(l);
            out.push_str(l);
            out.push(' ');
        }
        let s = out.split_whitespace().collect::<Vec<_>>().join(" ");
        let s = s.strip_prefix("!$acc ").or_else(|| s.strip_prefix("!$ACC ")).unwrap_or(&s).to_string();
        s.to_lowercase()
    }

    /// The array a `reduction` item reduces as an array (the whole array, an element or a
    /// section of it), or `None` for a scalar.
    pub(super) fn reduced_array(&self, e: &Expr) -> Option<String> {
        let (ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. }) = &e.kind else { return None };
        matches!(self.lookup(&id.name), Some(Home::Array(_))).then(|| id.name.clone())
    }

    /// Whether `name` is an array reduced by an enclosing OpenACC `reduction` here (and not
    /// made private again by an inner clause).
    pub(super) fn is_reduced_array(&self, name: &str) -> bool {
        self.red_arrays.iter().any(|n| n == name)
    }

    /// An assignment to an element of a reduced array: `a(i) = a(i) op e` as an atomic
    /// update of the shared array (see `G::red_arrays`).
    pub(super) fn reduced_array_assign(&mut self, lhs: &Expr, rhs: &Expr, sp: Span) {
        match &lhs.kind {
            ExprKind::ArrayRef { name, subs } if lhs.ty.rank() == 0 && subs.iter().all(|s| matches!(s, Arg::Index(_))) => {
                let updates = match &rhs.kind {
                    ExprKind::Binary(_, l, r) => super::offload_atomic::same_place(l, lhs) || super::offload_atomic::same_place(r, lhs),
                    ExprKind::Intrinsic { args, .. } => args.iter().any(|a| super::offload_atomic::same_place(a, lhs)),
                    _ => false,
                };
                if !updates {
                    let n = &name.name;
                    self.not_yet(format!("assignments to the reduction array `{n}` other than updates `{n}(i) = {n}(i) op expr`"), sp);
                    return;
                }
                let _ = self.atomic_update(lhs, rhs, sp);
            }
            _ => self.not_yet("array assignments to a reduction array (assign its elements one by one)", sp),
        }
    }

    /// In a loop of a `lastprivate` nest (the partitioned loop and the loops it collapses):
    /// whether this iteration is the loop's last one. Returns the copy-out to emit at the
    /// end of the body of the innermost loop of the nest.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn last_private_cond(
        &mut self,
        part: Option<&PartLoop>,
        name: &str,
        lv: VarId,
        vt: Ty,
        lo: &Op,
        hi: &Op,
        st: &Op,
    ) -> Option<LastPrivate> {
        if part.is_none() && self.last_private.as_ref().is_none_or(|lp| lp.loops.is_empty()) {
            return None;
        }
        let mut lp = self.last_private.take()?;
        // last = lo + ((hi - lo) / st) * st
        let d = self.bin(vt, BinOp::Sub, hi.clone(), lo.clone());
        let k = self.bin(vt, BinOp::Div, d, st.clone());
        let k = self.bin(vt, BinOp::Mul, k, st.clone());
        let last = self.bin(vt, BinOp::Add, lo.clone(), k);
        lp.loops.push((name.to_string(), lv, vt, last, st.clone()));
        if lp.remaining > 0 {
            lp.remaining -= 1;
            self.last_private = Some(lp);
            return None;
        }
        Some(lp)
    }

    /// The copy-out of `lastprivate` items of a SIMT loop: arrays in the sequentially last
    /// iteration ([`Self::last_private_copy`]), scalars after the loop (in
    /// `G::simt_last`), from the values of the lane that ran that iteration, which omp-expand
    /// broadcasts. An original in a register (a variable of the region, private to its
    /// thread) gets the value where the loop is partitioned over lanes only: the warp is
    /// that thread.
    pub(super) fn last_private_simt(&mut self, mut lp: LastPrivate, lanes_only: bool) {
        let copies = std::mem::take(&mut lp.copies);
        let (arrays, scalars): (Vec<_>, Vec<_>) = copies.into_iter().partition(|c| matches!(c.1, Home::Array(_)));
        let mut vars = Vec::new();
        self.push_block();
        for (name, private, orig, sp) in scalars {
            let value = match lp.loops.iter().find(|l| l.0 == name) {
                Some((_, lv, vt, _, st)) => {
                    vars.push(*lv);
                    self.bin(*vt, BinOp::Add, Op::Var(*lv), st.clone())
                }
                None => match private {
                    Home::Reg(pv, _) => {
                        vars.push(pv);
                        Op::Var(pv)
                    }
                    _ => {
                        self.not_yet("`lastprivate` of this kind of variable on a `simd` loop", sp);
                        continue;
                    }
                },
            };
            match orig {
                Home::Mem(p, b) => self.store_as(b, Op::Var(p), value),
                Home::Reg(ov, _) if lanes_only => self.emit(Stmt::Assign(ov, Rv::Use(value))),
                _ => self.not_yet("`lastprivate` of a variable that is not mapped (map it `tofrom`)", sp),
            }
        }
        let copy = self.pop_block();
        self.simt_last = Some((vars, copy));
        if !arrays.is_empty() {
            lp.copies = arrays;
            self.last_private_copy(lp);
        }
    }

    /// The copy-out of `lastprivate` items in the sequentially last iteration. A `cycle` in
    /// that iteration skips it (the private value is not copied).
    pub(super) fn last_private_copy(&mut self, lp: LastPrivate) {
        let mut cond = Op::I32(1);
        for (_, lv, _, last, _) in &lp.loops {
            let c = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(*lv), last.clone()));
            cond = self.val(Ty::I32, Rv::Binary(BinOp::And, cond, c));
        }
        self.push_block();
        for (name, private, orig, sp) in lp.copies {
            if let Some((_, lv, vt, _, st)) = lp.loops.iter().find(|l| l.0 == name) {
                // A loop variable of the nest.
                let after = self.bin(*vt, BinOp::Add, Op::Var(*lv), st.clone());
                match orig {
                    Home::Mem(p, b) => self.store_as(b, Op::Var(p), after),
                    _ => self.not_yet("`lastprivate` of a variable that is not mapped (map it `tofrom`)", sp),
                }
                continue;
            }
            match (private, orig) {
                (Home::Reg(pv, _), Home::Mem(p, b)) => self.store_as(b, Op::Var(p), Op::Var(pv)),
                (Home::Reg(pv, _), Home::Reg(ov, _)) if self.region.as_ref().is_some_and(|r| r.levels.is_empty()) => {
                    self.emit(Stmt::Assign(ov, Rv::Use(Op::Var(pv))))
                }
                (Home::Array(pd), Home::Array(od)) => self.copy_array_data(pd.addr, od.addr, &od),
                _ => self.not_yet("`lastprivate` of a variable that is not mapped (map it `tofrom`)", sp),
            }
        }
        let body = self.pop_block();
        self.emit(Stmt::If { cond, then_body: body, else_body: vec![] });
    }
}

impl G<'_> {
    /// `ordered` in a `simd` loop lowered to SIMT (seed 004): the lanes take turns in a vote
    /// loop. Each lane counts down from its lane number; in each round every lane of the
    /// warp votes whether any count is still running and the lane whose count is 0 runs the
    /// statements, so lanes run them in lane order, which is the order of the iterations
    /// the lanes run together:
    /// `t = SIMT_LANE; while VOTE_ANY(t >= 0) { if ORDERED_PRED(t) { body }; t = t - 1 }`.
    /// Every lane must reach each vote: the construct must be directly in the loop's body
    /// (omp-expand runs the other statements of the body only on lanes with an iteration).
    pub(super) fn simt_ordered(&mut self, body: &[ast::Stmt], sp: Span) {
        let sb = match self.simt_body.clone() {
            Some(b) if !b.lanes_only => {
                return self.not_yet("`ordered` in a composite `simd` loop (`do simd`, `distribute simd`) inside a target region", sp);
            }
            Some(b) if b.loops == self.loops.len() && b.blocks == self.blocks.len() => b,
            Some(_) => {
                return self
                    .not_yet("`ordered` inside a statement of a `simd` loop's body in a target region (put it directly in the loop)", sp);
            }
            None => return self.not_yet("`ordered` inside a target region outside a `simd` loop", sp),
        };
        let t = self.f.new_var("simt.t", Ty::I32);
        self.emit(Stmt::Assign(t, Rv::Builtin(Builtin::SimtLane, vec![])));
        let mut cond_body = Vec::new();
        let c = self.f.new_var(format!("t.{}", self.f.vars.len()), Ty::I32);
        cond_body.push(Stmt::Assign(c, Rv::Binary(BinOp::Ge, Op::Var(t), Op::I32(0))));
        let any = self.f.new_var(format!("t.{}", self.f.vars.len()), Ty::I32);
        cond_body.push(Stmt::Assign(any, Rv::Builtin(Builtin::SimtVoteAny, vec![Op::Var(c)])));
        let id = self.f.new_loop();
        // The body's `exit` and `cycle` still refer to the loops around.
        self.push_block();
        let pred = self.val(Ty::I32, Rv::Builtin(Builtin::SimtOrderedPred, vec![Op::Var(t)]));
        self.push_block();
        self.stmts(body);
        let then_body = self.pop_block();
        // A scalar of the region in a register is one per lane here, not the thread's one
        // variable the lanes take turns to update.
        let shared = defs(&then_body).into_iter().find(|v| v.0 < sb.first_var && !sb.own.contains(v));
        if let Some(v) = shared {
            let name = self.f.var(v).name.clone();
            self.not_yet(
                format!("assigning `{name}` of the target region in an `ordered` construct of a `simd` loop (map it `tofrom`)"),
                sp,
            );
        }
        self.emit(Stmt::If { cond: pred, then_body, else_body: vec![] });
        self.emit(Stmt::Assign(t, Rv::Binary(BinOp::Sub, Op::Var(t), Op::I32(1))));
        let wbody = self.pop_block();
        self.emit(Stmt::While { id, cond_body, cond: Op::Var(any), body: wbody });
    }
}

/// The first `cycle` in a `simd` loop's body that also has an `ordered` construct: a lane
/// that cycles would miss the vote loop's rounds the others take part in.
pub(super) fn cycle_with_ordered(body: &[ast::Stmt]) -> Option<Span> {
    fn walk<'a>(ss: &'a [ast::Stmt], f: &mut dyn FnMut(&'a ast::Stmt)) {
        for s in ss {
            f(s);
            match &s.kind {
                StmtKind::Do { body, .. }
                | StmtKind::DoWhile { body, .. }
                | StmtKind::Block { body, .. }
                | StmtKind::LabelBlock { body, .. }
                | StmtKind::Construct { body, .. } => walk(body, f),
                StmtKind::LoopConstruct { do_stmt, .. } => walk(std::slice::from_ref(do_stmt.as_ref()), f),
                StmtKind::If { arms, else_body, .. } => {
                    for (_, b) in arms {
                        walk(b, f);
                    }
                    if let Some(b) = else_body {
                        walk(b, f);
                    }
                }
                StmtKind::SelectCase { cases, .. } => cases.iter().for_each(|c| walk(&c.body, f)),
                _ => {}
            }
        }
    }
    let (mut ordered, mut cycle) = (false, None);
    walk(body, &mut |s| match &s.kind {
        StmtKind::Construct { dir, .. } if dir.kind.omp() == Some(ast::OmpKind::Ordered) => ordered = true,
        StmtKind::Cycle(_) if cycle.is_none() => cycle = Some(s.span),
        _ => {}
    });
    cycle.filter(|_| ordered)
}

/// The largest private array of a worker or vector loop, in bytes (each thread's copy is on
/// its stack; the sim device's lanes have 1 MiB).
pub(super) const MAX_ALLOCA: u64 = 64 * 1024;

impl G<'_> {
    /// The size in bytes of an array whose bounds are constant.
    pub(super) fn const_array_bytes(&self, name: &str) -> Option<u64> {
        let s = self.syms.get(name)?;
        if s.allocatable || s.dims.is_empty() {
            return None;
        }
        let mut n = self.elem_size(s.base);
        for d in &s.dims {
            let DimSpec::Explicit { lo, hi } = d else { return None };
            let lo = match lo {
                Some(e) => self.const_int(e)?,
                None => 1,
            };
            let ext = (self.const_int(hi)? - lo + 1).max(0);
            n = n.checked_mul(ext)?;
        }
        u64::try_from(n).ok()
    }

    /// The (lower bound, extent) of each dimension of an array of constant shape.
    pub(super) fn const_shape(&self, name: &str) -> Option<Vec<(i64, i64)>> {
        let s = self.syms.get(name)?;
        if s.allocatable || s.pointer || s.dims.is_empty() {
            return None;
        }
        let mut v = Vec::new();
        for d in &s.dims {
            let DimSpec::Explicit { lo, hi } = d else { return None };
            let lo = match lo {
                Some(e) => self.const_int(e)?,
                None => 1,
            };
            v.push((lo, (self.const_int(hi)? - lo + 1).max(0)));
        }
        Some(v)
    }

    /// An integer constant expression's value (literals, named constants, + - *).
    pub(super) fn const_int(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Int(n, _) => Some(*n),
            ExprKind::Name(id) => {
                let s = self.syms.get(&id.name).filter(|s| s.parameter && s.rank == 0)?;
                self.const_int(s.init.as_ref()?)
            }
            ExprKind::Unary(ast::UnOp::Neg, x) => self.const_int(x)?.checked_neg(),
            ExprKind::Paren(x) => self.const_int(x),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.const_int(a)?, self.const_int(b)?);
                match op {
                    ast::BinOp::Add => a.checked_add(b),
                    ast::BinOp::Sub => a.checked_sub(b),
                    ast::BinOp::Mul => a.checked_mul(b),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

pub(super) fn red_op(op: ast::RedOp) -> RedOp {
    match op {
        ast::RedOp::Add => RedOp::Add,
        ast::RedOp::Mul => RedOp::Mul,
        ast::RedOp::Max => RedOp::Max,
        ast::RedOp::Min => RedOp::Min,
        ast::RedOp::Iand | ast::RedOp::And => RedOp::And,
        ast::RedOp::Ior | ast::RedOp::Or => RedOp::Or,
        ast::RedOp::Ieor | ast::RedOp::Neqv => RedOp::Xor,
        ast::RedOp::Eqv => RedOp::Eqv,
    }
}

/// Levels named by loop directives nested in the statements.
fn nested_levels(ss: &[ast::Stmt], procs: &gpuf_frontend::sema::Procs) -> Levels {
    let mut l = Levels::default();
    for s in ss {
        match &s.kind {
            StmtKind::LoopConstruct { dir, do_stmt } => {
                for c in &dir.clauses {
                    match c.kind {
                        ClauseKind::Gang(_) | ClauseKind::GangStatic(_) | ClauseKind::GangDim(_) => l = l.with(Level::Gang),
                        ClauseKind::Worker(_) => l = l.with(Level::Worker),
                        ClauseKind::Vector(_) => l = l.with(Level::Vector),
                        _ => {}
                    }
                }
                let seq = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Seq));
                let explicit = dir.clauses.iter().any(|c| {
                    matches!(
                        c.kind,
                        ClauseKind::Gang(_)
                            | ClauseKind::GangStatic(_)
                            | ClauseKind::GangDim(_)
                            | ClauseKind::Worker(_)
                            | ClauseKind::Vector(_)
                    )
                });
                if !seq && !explicit {
                    // A nested `auto` loop will take the innermost free level.
                    l = l.with(Level::Vector);
                }
                l = Levels(l.0 | nested_levels(std::slice::from_ref(do_stmt), procs).0);
            }
            StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } => l = Levels(l.0 | nested_levels(body, procs).0),
            StmtKind::If { arms, else_body, .. } => {
                for (_, b) in arms {
                    l = Levels(l.0 | nested_levels(b, procs).0);
                }
                if let Some(b) = else_body {
                    l = Levels(l.0 | nested_levels(b, procs).0);
                }
            }
            StmtKind::SelectCase { cases, .. } => {
                for c in cases {
                    l = Levels(l.0 | nested_levels(&c.body, procs).0);
                }
            }
            StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => l = Levels(l.0 | nested_levels(body, procs).0),
            // A routine with partitioned loops takes its levels.
            StmtKind::Call { name, .. } => {
                if let Some(p) = procs.map.get(&name.name).filter(|p| p.routine && p.routine_level > 0) {
                    l = Levels(l.0 | super::routine_levels(p.routine_level).0);
                }
            }
            _ => {}
        }
    }
    l
}
